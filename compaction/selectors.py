"""Reads: querysets and the context payload. Nothing here writes."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from compaction.conf import app_settings
from compaction.engine.context import ContextPayload, build_context
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


def session_context_build(*, session: ChatSession) -> ContextPayload:
    """The payload to send to the model now, in three queries whatever the history length.

    Active messages are read as ``seq > checkpoint.last_seq`` of the checkpoint just read,
    not through ``compacted_by``: a compaction committing between the two reads then
    cannot make the payload lose messages (the older checkpoint still covers them).
    """
    checkpoint = checkpoint_latest(session=session)
    last_seq = checkpoint.last_seq if checkpoint else 0
    rows = list(
        Message.objects.filter(session=session, seq__gt=last_seq)
        .order_by("seq")
        .values("role", "content")
    )
    return build_context(
        system_prompt=session.system_prompt,
        summary=checkpoint.summary if checkpoint else None,
        version=checkpoint.version if checkpoint else 0,
        carried=checkpoint.carried if checkpoint else [],
        messages=rows,
        settings=app_settings.for_session(session),
        calibration_ratio=session.calibration_ratio,
        should_compact=session_should_compact(session=session),
    )
