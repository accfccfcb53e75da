"""Reads: querysets and the context payload. Nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from compaction.conf import app_settings
from compaction.content import ANTHROPIC, message_text
from compaction.engine.context import CheckpointContext, ContextPayload, build_context
from compaction.engine.drift import (
    Coverage,
    DriftReport,
    FactLedger,
    compare_summaries,
    coverage,
    fact_ledger,
)
from compaction.exceptions import SessionNotFound
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message


def session_list(*, user: Any = None) -> QuerySet[ChatSession]:
    """Sessions ``user`` may see: their own; all of them for staff with the view permission."""
    qs = ChatSession.objects.select_related("owner")
    if user is None:
        return qs
    if user.is_staff and user.has_perm("compaction.view_chatsession"):
        return qs
    return qs.filter(owner=user)


def session_get(*, session_id: UUID | str, user: Any = None) -> ChatSession:
    try:
        return session_list(user=user).get(pk=session_id)
    except (ChatSession.DoesNotExist, ValueError, ValidationError):
        raise SessionNotFound("Session not found.", details={"session": str(session_id)}) from None


def checkpoint_list(*, session: ChatSession) -> QuerySet[Checkpoint]:
    """A session's checkpoints, oldest first."""
    return Checkpoint.objects.filter(session=session).select_related("previous").order_by(
        "version"
    )


def checkpoint_get(*, session: ChatSession, version: int) -> Checkpoint | None:
    return checkpoint_list(session=session).filter(version=version).first()


def checkpoint_diff(*, session: ChatSession, version: int, against: int) -> DriftReport | None:
    """How checkpoint ``version`` differs from ``against`` (the baseline); None if one is missing.

    ``lost`` facts are those of ``against`` that ``version`` no longer has.
    """
    summaries = dict(
        Checkpoint.objects.filter(session=session, version__in=[version, against]).values_list(
            "version", "summary"
        )
    )
    if version not in summaries or against not in summaries:
        return None
    return compare_summaries(summaries[against], summaries[version])


# Coverage reads archived originals; an audit of a 100k-message archive must stay bounded.
DRIFT_ORIGINALS_LIMIT = 5000


@dataclass(frozen=True)
class SessionDrift:
    ledger: FactLedger
    coverage: Coverage
    #: version -> (tokens_before, tokens_after) of that checkpoint
    tokens: dict[int, tuple[int, int]]
    originals_scanned: int
    originals_total: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "timeline": [
                {
                    **point.as_dict(),
                    "tokens_before": self.tokens[point.version][0],
                    "tokens_after": self.tokens[point.version][1],
                }
                for point in self.ledger.timeline
            ],
            "ledger": self.ledger.as_dict(),
            "coverage": self.coverage.as_dict(),
            "originals_scanned": self.originals_scanned,
            "originals_total": self.originals_total,
        }


def session_drift(
    *, session: ChatSession, originals_limit: int = DRIFT_ORIGINALS_LIMIT
) -> SessionDrift:
    """The fact ledger over the checkpoint chain, and what the archive had that no summary kept.

    Coverage reads the newest ``originals_limit`` archived messages (the scan is bounded).
    """
    rows = list(
        Checkpoint.objects.filter(session=session).order_by("version").values_list(
            "version", "summary", "tokens_before", "tokens_after"
        )
    )
    versions = [(version, summary) for version, summary, _, _ in rows]
    archived = Message.objects.filter(session=session, compacted_by__isnull=False)
    total = archived.count()
    originals = archived.order_by("-seq").values_list("content", "format", "role")
    texts = [message_text(content, fmt, role) for content, fmt, role in originals[:originals_limit]]
    return SessionDrift(
        ledger=fact_ledger(versions),
        coverage=coverage([summary for _, summary in versions], texts),
        tokens={version: (before, after) for version, _, before, after in rows},
        originals_scanned=len(texts),
        originals_total=total,
    )


def run_list(*, user: Any = None) -> QuerySet[CompactionRun]:
    """Runs of the sessions ``user`` may see, newest first."""
    sessions = session_list(user=user).values("pk")
    return (
        CompactionRun.objects.filter(session__in=sessions)
        .select_related("checkpoint")
        .order_by("-created_at", "-id")
    )


def checkpoint_latest(*, session: ChatSession) -> Checkpoint | None:
    return Checkpoint.objects.filter(session=session).order_by("-version").first()


def message_list(
    *, session: ChatSession, include_compacted: bool = False, after_seq: int | None = None
) -> QuerySet[Message]:
    """A session's messages by seq: the active ones, or the whole archive."""
    qs = Message.objects.filter(session=session).select_related("compacted_by")
    if not include_compacted:
        qs = qs.filter(compacted_by__isnull=True)
    if after_seq is not None:
        qs = qs.filter(seq__gt=after_seq)
    return qs.order_by("seq")


def run_live(*, session: ChatSession) -> CompactionRun | None:
    return (
        CompactionRun.objects.filter(session=session, status__in=CompactionRun.LIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )


def session_should_compact(*, session: ChatSession) -> bool:
    return session.calibrated_tokens > app_settings.for_session(session).threshold


def checkpoint_context(checkpoint: Checkpoint | None) -> CheckpointContext | None:
    """What a payload needs of a checkpoint (``None`` before the first compaction)."""
    if checkpoint is None:
        return None
    return CheckpointContext(
        summary=checkpoint.summary,
        version=checkpoint.version,
        carried=checkpoint.carried,
        block=checkpoint.native_block,
        block_in_history=checkpoint.kind == Checkpoint.Kind.NATIVE,
    )


def session_context_build(*, session: ChatSession, format: str = ANTHROPIC) -> ContextPayload:
    """The payload to send to the model now, in two queries whatever the history length.

    ``format`` is ``"anthropic"`` (``messages.create``) or ``"openai"``
    (``chat.completions.create``). Active messages are read as ``seq > checkpoint.last_seq``
    of the checkpoint just read, not through ``compacted_by``: a compaction committing
    between the two reads then cannot make the payload lose messages (the older
    checkpoint still covers them).
    """
    checkpoint = checkpoint_latest(session=session)
    last_seq = checkpoint.last_seq if checkpoint else 0
    rows = list(
        Message.objects.filter(session=session, seq__gt=last_seq)
        .order_by("seq")
        .values("role", "content", "format")
    )
    return build_context(
        system_prompt=session.system_prompt,
        checkpoint=checkpoint_context(checkpoint),
        messages=rows,
        settings=app_settings.for_session(session),
        calibration_ratio=session.calibration_ratio,
        should_compact=session_should_compact(session=session),
        fmt=format,
    )
