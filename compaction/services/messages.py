"""Appending messages: the only writer of ``Message`` rows besides compaction's bulk UPDATE."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from compaction.conf import app_settings
from compaction.engine.blocks import clean_messages
from compaction.engine.tokens import message_tokens
from compaction.exceptions import CompactionInProgress, InvalidInput
from compaction.models import ChatSession, CompactionRun, Message
from compaction.services.locking import lock_session

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AppendResult:
    messages: list[Message]
    session: ChatSession
    #: The compaction this append triggered (AUTO_COMPACT="sync"), or the run already in flight.
    compaction: CompactionRun | None = None


def message_append(
    *,
    session_id: UUID | str,
    messages: list[dict[str, Any]],
    batch: bool = True,
    auto_compact: bool = True,
) -> AppendResult:
    """Validate and append ``messages`` (oldest first) to the session, all or nothing.

    ``seq`` is assigned under the session's row lock, so concurrent appends get
    contiguous, gap-free numbers. Queries are constant in the history length: lock the
    session, read its last message, insert, update the counters. ``batch=False`` names
    fields as ``content[0]...`` in errors rather than ``messages[0].content[0]...``.
    """
    if not isinstance(messages, list) or not messages:
        raise InvalidInput("Send at least one message.", details={"messages": "must not be empty"})
    if len(messages) > app_settings.MAX_BATCH:
        raise InvalidInput(
            f"At most {app_settings.MAX_BATCH} messages per request.",
            details={
                "messages": f"{len(messages)} messages; the limit is {app_settings.MAX_BATCH}"
            },
        )
    image_tokens = app_settings.IMAGE_TOKENS
    with transaction.atomic():
        session = lock_session(session_id)
        last = (
            Message.objects.filter(session=session, seq=session.message_count)
            .values_list("role", "content")
            .first()
            if session.message_count
            else None
        )
        cleaned = clean_messages(
            messages, previous=last, max_chars=app_settings.MAX_MESSAGE_CHARS, batch=batch
        )
        now = timezone.now()
        rows = [
            Message(
                session=session,
                seq=session.message_count + offset,
                role=item.role,
                content=item.content,
                token_estimate=message_tokens(item.content, image_tokens=image_tokens),
                pinned=item.pinned,
                metadata=item.metadata or {},
                created_at=now,
            )
            for offset, item in enumerate(cleaned, start=1)
        ]
        Message.objects.bulk_create(rows)
        added_tokens = sum(row.token_estimate for row in rows)
        ChatSession.objects.filter(pk=session.pk).update(
            message_count=F("message_count") + len(rows),
            active_message_count=F("active_message_count") + len(rows),
            estimated_tokens=F("estimated_tokens") + added_tokens,
            updated_at=now,
        )
        session.message_count += len(rows)
        session.active_message_count += len(rows)
        session.estimated_tokens += added_tokens
        session.updated_at = now

    run = _after_append(session, auto_compact=auto_compact)
    return AppendResult(messages=rows, session=session, compaction=run)


def _after_append(session: ChatSession, *, auto_compact: bool) -> CompactionRun | None:
    """Memory flush near the threshold, then compaction over it (AUTO_COMPACT="sync").

    ``auto_compact=False`` (bulk imports) skips both.
    """
    from compaction.services.compaction import compaction_run_execute, memory_flush_once

    if not auto_compact:
        return None
    settings = app_settings.for_session(session)
    tokens = session.calibrated_tokens
    if settings.MEMORY_FLUSH and tokens > settings.threshold - settings.MEMORY_FLUSH_MARGIN:
        memory_flush_once(session=session, run=None)
    if not (settings.AUTO_COMPACT == "sync" and tokens > settings.threshold):
        return None
    if (
        session.lease_token
        and session.lease_expires_at
        and session.lease_expires_at > timezone.now()
    ):
        return None
    if connection.in_atomic_block:
        # The caller's transaction is still open: compacting now would hold it across the
        # LLM call. Compact once it commits instead (nothing runs if it rolls back).
        transaction.on_commit(lambda: _compact_quietly(session.pk, compaction_run_execute))
        return None
    try:
        return compaction_run_execute(session_id=session.pk, trigger=CompactionRun.Trigger.AUTO)
    except CompactionInProgress as exc:
        return exc.run


def _compact_quietly(session_id: UUID, execute: Any) -> None:
    try:
        execute(session_id=session_id, trigger=CompactionRun.Trigger.AUTO)
    except CompactionInProgress:
        pass
    except Exception:
        logger.exception("Automatic compaction of session %s failed", session_id)
