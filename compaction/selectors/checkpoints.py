"""A session's checkpoints, and what a payload needs of the latest one."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import QuerySet

from compaction.engine.context import CheckpointContext
from compaction.models import ChatSession, Checkpoint, Message
from compaction.selectors.rows import (
    CHECKPOINT_PAYLOAD_FIELDS,
    checkpoint_read_with,
    session_rows,
)


def checkpoint_list(*, session: ChatSession) -> QuerySet[Checkpoint]:
    """A session's checkpoints, oldest first."""
    return Checkpoint.objects.filter(session=session).select_related("previous").order_by("version")


def checkpoint_get(*, session: ChatSession, version: int) -> Checkpoint | None:
    return checkpoint_list(session=session).filter(version=version).first()


def checkpoint_versions(*, session: ChatSession) -> list[dict[str, Any]]:
    """A session's versions, oldest first, without their texts: what a choice of versions
    shows (``pk``, ``version``, ``kind``, ``fallback``, ``created_at``)."""
    return list(
        Checkpoint.objects.filter(session=session)
        .order_by("version")
        .values("pk", "version", "kind", "fallback", "created_at")
    )


def checkpoint_archived(
    *, session: ChatSession, version: int
) -> tuple[Checkpoint, QuerySet] | None:
    """Checkpoint ``version`` (without its texts) and the messages it archived, oldest first:
    those after the previous version's bound (a regeneration re-summarizes an archive and
    archives nothing new). None when there is no such version."""
    checkpoint = (
        Checkpoint.objects.only(
            "pk", "version", "kind", "last_seq", "messages_compacted", "session_id", "created_at"
        )
        .filter(session=session, version=version)
        .first()
    )
    if checkpoint is None:
        return None
    first_seq = checkpoint.last_seq - checkpoint.messages_compacted + 1
    messages = Message.objects.filter(
        session=session, seq__gte=first_seq, seq__lte=checkpoint.last_seq
    ).order_by("seq")
    return checkpoint, messages


def checkpoint_latest(*, session: ChatSession) -> Checkpoint | None:
    return Checkpoint.objects.filter(session=session).order_by("-version").first()


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
        preserved=checkpoint.preserved,
        artifacts=checkpoint.artifacts_text,
    )


def checkpoint_latest_context(
    *, session: ChatSession, reuse: bool = True
) -> tuple[int, CheckpointContext | None]:
    """The latest checkpoint's ``last_seq`` (0 before the first) and what a payload needs of
    it: one indexed row, only those columns, read on every model call, unless the append
    that returned ``session`` read it with the session (``reuse``)."""
    known, checkpoint = checkpoint_read_with(session) if reuse else (False, None)
    if not known:
        fields = CHECKPOINT_PAYLOAD_FIELDS
        rows = session_rows(Checkpoint, session.pk, fields, order="-version", limit=1)
        checkpoint = Checkpoint.from_db(connection.alias, fields, rows[0]) if rows else None
    if checkpoint is None:
        return 0, None
    return checkpoint.last_seq, checkpoint_context(checkpoint)
