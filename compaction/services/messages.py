"""Appending messages: the only writer of ``Message`` rows (compaction writes none)."""

from __future__ import annotations

import copy
import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.content import (
    ANTHROPIC,
    Tail,
    clean_messages,
    json_problem,
    opens_with_compaction,
)
from compaction.engine import timing as when
from compaction.engine.tokens import message_tokens
from compaction.exceptions import IdempotencyKeyReused, InvalidInput
from compaction.models import ChatSession, CompactionRun, IdempotencyKey, Message
from compaction.selectors import session_compaction_timing, session_memory_flush_due
from compaction.selectors.rows import (
    checkpoint_carry,
    checkpoint_forget,
    live_run_read_with,
    live_run_remember,
    session_read,
)
from compaction.selectors.runs import run_live
from compaction.services.appending import SessionState, append_if_unchanged
from compaction.services.compaction.background import memory_flush_in_background
from compaction.services.compaction.dispatch import queue_locked
from compaction.services.compaction.due import compaction_when_due
from compaction.services.compaction.native import checkpoint_native_create
from compaction.services.locking import lock_session
from compaction.services.memory import memory_flush_once
from compaction.services.usage import USAGE_FIELDS, Usage

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class AppendResult:
    messages: list[Message]
    #: The session after the append; after the compaction too, when the append ran one in
    #: line or waited for one to finish (read again then, before returning).
    session: ChatSession
    #: The compaction this append triggered (queued with AUTO_COMPACT "background" or
    #: "async", finished with "sync" or when the payload would not fit), or the run already
    #: in flight.
    compaction: CompactionRun | None = None
    #: True when an Idempotency-Key matched an earlier append: nothing was written.
    replayed: bool = False
    #: The latest moment the session's last model call can have been: its last write
    #: before this append (every model call's answer is written), or this append when it
    #: reports a model call's ``usage``. The prompt cache has been idle at least since then
    #: (``selectors.session_compaction_timing``). None on a replay.
    idle_since: datetime | None = None
    #: The session's live (pending or running) compaction run as the append saw it, or
    #: None. Read with the write, so an answer built from this result runs no query after
    #: the commit (a connection lost then cannot make a stored append look failed). An
    #: append from a kept ``session=`` reports what that session was read with.
    live_run: CompactionRun | None = None


def _fingerprint(messages: Any, *, batch: bool, format: str = ANTHROPIC) -> str:
    """A stable hash of an append's input, to tell a retry from a different request."""
    # ASCII escapes: a hash must never fail on text that cannot be encoded (a lone
    # surrogate); such input is refused later, with the field named.
    canonical = json.dumps(
        {"batch": batch, "format": format, "messages": messages},
        sort_keys=True,
        ensure_ascii=True,
        separators=(",", ":"),
        default=repr,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _same_session(session: ChatSession, session_id: UUID | str) -> bool:
    try:
        return session.pk == ChatSession._meta.pk.to_python(session_id)
    except ValidationError:
        return False


def _replay(session: ChatSession, record: IdempotencyKey, fingerprint: str) -> AppendResult:
    if record.fingerprint != fingerprint:
        raise IdempotencyKeyReused(
            "This Idempotency-Key was already used with a different request.",
            details={"idempotency_key": record.key},
        )
    rows = list(
        Message.objects.filter(
            session=session, seq__gte=record.first_seq, seq__lte=record.last_seq
        ).order_by("seq")
    )
    return AppendResult(
        messages=rows,
        session=session,
        compaction=record.run,
        replayed=True,
        live_run=_live_locked(session),
    )


def _live_locked(session: ChatSession, queued: CompactionRun | None = None) -> CompactionRun | None:
    """The live run of a session locked in this transaction: ``queued`` when this append
    queued one, else read (before the commit: what the answer says is what was true)."""
    live = queued or run_live(session=session)
    live_run_remember(session, live)
    return live


def message_append(
    *,
    session_id: UUID | str,
    messages: list[dict[str, Any]],
    batch: bool = True,
    auto_compact: bool = True,
    idempotency_key: str | None = None,
    format: str = ANTHROPIC,
    usage: Any = None,
    estimated_tokens: int | None = None,
    session: ChatSession | None = None,
    model: str | None = None,
) -> AppendResult:
    """Validate and append ``messages`` (oldest first) to the session, all or nothing.

    ``format`` is ``"anthropic"`` (Messages API params and response blocks, as
    ``model_dump()`` gives them) or ``"openai"`` (Chat Completions messages); see
    ``compaction.content``. Queries are constant in the history length; tool pairing is
    checked against the session's ``tail``, not by reading messages. On PostgreSQL an
    append reads the session, validates, then writes counters and rows in one statement
    that lands only if the session did not move meanwhile (``services.appending``); a
    writer in between sends it back to read and validate again, and after
    ``UNLOCKED_ATTEMPTS`` it takes the session's row lock (lock, insert, counters), as
    appends with an ``idempotency_key``, a server ``compaction`` block or a background
    compaction to queue always do. Either way concurrent appends get contiguous, gap-free
    ``seq`` numbers. ``batch=False`` names fields as ``content[0]...`` in errors rather
    than ``messages[0].content[0]...``.

    An assistant message that opens with a server ``compaction`` block archives the
    messages before it under a ``native`` checkpoint (``services.native``).

    ``usage`` is the usage of the model call that produced these messages (the SDK's
    ``response.usage``, Anthropic or OpenAI, or its ``model_dump()``), with the
    ``estimated_tokens`` of the payload that was sent: recorded as ``session_usage_record``
    would, in the same statement as the counters. ``model`` names the model that call used
    (``response.model``), so that its cost can be priced (``selectors.session_bill``).

    ``session`` is the session as an earlier append of this turn returned it
    (``AppendResult.session``): its values stand in for the append's read of the session.
    The guarded write checks what they fix (count, running total, tail, checkpoint,
    calibration), and a refusal is only ever made by the session as it is now, so a stale
    one costs that read after all, never a wrong write or a wrong refusal. A turn is then
    four statements: two to append the user's message (the read takes the latest checkpoint
    along, for the context build that follows), one to build the context, one to append the
    answer with ``session=`` (README, "Using it from your chat backend"). The
    locked path (SQLite, an ``idempotency_key``) reads under the lock and takes from it only
    the checkpoint it was read with, while that is still the latest, for the context build.

    With ``idempotency_key``, a second call with the same key and the same messages
    returns the first call's messages (``replayed=True``) and writes nothing; the same key
    with other messages raises ``IdempotencyKeyReused``. The key is checked under the
    session lock, so two concurrent requests with one key append once.
    """
    if idempotency_key is not None and not (
        isinstance(idempotency_key, str)
        and 0 < len(idempotency_key) <= 255
        and json_problem(idempotency_key) is None
    ):
        raise InvalidInput(
            "Idempotency-Key must be 1 to 255 characters.",
            details={"idempotency_key": "must be 1 to 255 characters"},
        )
    if not isinstance(messages, list) or not messages:
        raise InvalidInput("Send at least one message.", details={"messages": "must not be empty"})
    if len(messages) > app_settings.MAX_BATCH:
        raise InvalidInput(
            f"At most {app_settings.MAX_BATCH} messages per request.",
            details={
                "messages": f"{len(messages)} messages; the limit is {app_settings.MAX_BATCH}"
            },
        )
    if session is not None and not _same_session(session, session_id):
        raise ValueError("session= must be the session named by session_id")
    reported = (
        Usage.read(usage, estimated_tokens=estimated_tokens, model=model)
        if usage is not None
        else None
    )
    if idempotency_key is None and connection.vendor == "postgresql":
        appended = _append_unlocked(
            session_id,
            messages,
            batch=batch,
            format=format,
            reported=reported,
            auto_compact=auto_compact,
            known=session,
        )
        if appended is not None:
            return appended
    fingerprint = _fingerprint(messages, batch=batch, format=format) if idempotency_key else ""
    queued = None
    with transaction.atomic():
        locked = lock_session(session_id)
        if session is not None:
            # A context build after this append can start from the checkpoint the caller's
            # session was read with, while it is still the latest (its version says so).
            checkpoint_carry(session, locked)
        session = locked
        if idempotency_key:
            # With its run's checkpoint: a replay is answered without a query of its own.
            record = (
                IdempotencyKey.objects.filter(session=session, key=idempotency_key)
                .select_related("run__checkpoint")
                .first()
            )
            if record is not None:
                return _replay(session, record, fingerprint)
        last_write = session.updated_at
        rows = _new_rows(session, messages, batch=batch, format=format)
        idle_since = _idle_since(session, last_write, reported)
        Message.objects.bulk_create(rows)
        for row in rows:
            block = opens_with_compaction(row.role, row.content, row.format)
            if block is not None:
                checkpoint_native_create(session=session, message=row, block=block)
        usage_fields = {}
        if reported is not None:
            reported.apply(session)
            usage_fields = {name: getattr(session, name) for name in USAGE_FIELDS}
        # Absolute values are safe: the row lock makes this transaction the only writer.
        ChatSession.objects.filter(pk=session.pk).update(
            **usage_fields,
            message_count=session.message_count,
            active_message_count=session.active_message_count,
            appended_tokens=session.appended_tokens,
            archived_seq=session.archived_seq,
            archived_tokens=session.archived_tokens,
            estimated_tokens=session.estimated_tokens,
            checkpoint_version=session.checkpoint_version,
            compaction_count=session.compaction_count,
            tail=session.tail,
            updated_at=session.updated_at,
        )
        queue = _queue_now(session, idle_since) if auto_compact else None
        if queue is not None:
            # Inside this transaction: a rollback queues nothing, a commit publishes one run
            # (to Celery, or to this process's pool).
            queued = queue_locked(
                session=session,
                trigger=CompactionRun.Trigger.AUTO,
                in_process=queue == when.BACKGROUND,
            )
        if idempotency_key:
            record = IdempotencyKey.objects.create(
                session=session,
                key=idempotency_key,
                fingerprint=fingerprint,
                first_seq=rows[0].seq,
                last_seq=rows[-1].seq,
                run=queued,
            )
        _live_locked(session, queued)

    if queued is not None:
        return _appended(rows, session, queued, idle_since)
    run, session = _after_append(session, auto_compact=auto_compact, idle_since=idle_since)
    if idempotency_key and run is not None:
        # After the commit: a failure here must not make the stored append look failed.
        try:
            IdempotencyKey.objects.filter(pk=record.pk).update(run=run)
        except Exception:
            logger.exception("Could not record run %s with its Idempotency-Key", run.pk)
    return _appended(rows, session, run, idle_since)


def _appended(
    rows: list[Message],
    session: ChatSession,
    run: CompactionRun | None,
    idle_since: datetime | None,
) -> AppendResult:
    return AppendResult(
        messages=rows,
        session=session,
        compaction=run,
        idle_since=idle_since,
        live_run=live_run_read_with(session)[1],
    )


#: Unlocked attempts before an append takes the row lock: a second writer in between makes
#: the first fail; the lock then orders what keeps colliding.
UNLOCKED_ATTEMPTS = 2


def _queue_now(session: ChatSession, idle_since: datetime | None) -> str | None:
    """``when.QUEUE`` or ``when.BACKGROUND`` when this append queues a compaction (in the
    append's transaction, with the row lock), else None."""
    action = session_compaction_timing(session=session, idle_since=idle_since).action
    return action if action in (when.QUEUE, when.BACKGROUND) else None


def _idle_since(
    session: ChatSession, last_write: datetime | None, reported: Usage | None
) -> datetime | None:
    """``AppendResult.idle_since``: ``session`` holds the append's own time already."""
    return session.updated_at if reported is not None else last_write


def _new_rows(
    session: ChatSession,
    messages: list[dict[str, Any]],
    *,
    batch: bool,
    format: str,
) -> list[Message]:
    """Validate ``messages`` against ``session``'s tail and build their rows; ``session``
    then holds the counters and tail after the append (nothing is saved)."""
    cleaned, tail = clean_messages(
        messages,
        tail=Tail.from_json(session.tail),
        max_chars=app_settings.MAX_MESSAGE_CHARS,
        batch=batch,
        fmt=format,
        unknown=app_settings.UNKNOWN_BLOCKS,
    )
    image_tokens = app_settings.IMAGE_TOKENS
    now = timezone.now()
    rows = []
    for offset, item in enumerate(cleaned, start=1):
        tokens = message_tokens(
            item.content, image_tokens=image_tokens, fmt=item.format, role=item.role
        )
        session.appended_tokens += tokens
        rows.append(
            Message(
                session=session,
                seq=session.message_count + offset,
                role=item.role,
                format=item.format,
                content=item.content,
                token_estimate=tokens,
                tokens_through=session.appended_tokens,
                pinned=item.pinned,
                answers_tools=item.continues,
                metadata=item.metadata,
                created_at=now,
            )
        )
    session.message_count += len(rows)
    session.active_message_count += len(rows)
    session.estimated_tokens += sum(row.token_estimate for row in rows)
    session.tail = tail.as_json()
    session.updated_at = now
    return rows


def _append_unlocked(
    session_id: UUID | str,
    messages: list[dict[str, Any]],
    *,
    batch: bool,
    format: str,
    reported: Usage | None,
    auto_compact: bool,
    known: ChatSession | None,
) -> AppendResult | None:
    """The append as a read and one guarded write (``services.appending``), no row lock.

    None hands the append to the locked path: when it would archive under a native
    checkpoint or queue a compaction (both belong in the locked transaction), or when
    other writers kept moving the session. ``known`` stands in for the first read.
    """
    for attempt in range(UNLOCKED_ATTEMPTS):
        hinted = attempt == 0 and known is not None
        # A copy: a write that does not land must leave the caller's session as it was.
        session = copy.copy(known) if hinted else session_read(session_id)
        before = SessionState.of(session)
        last_write = session.updated_at
        try:
            rows = _new_rows(session, messages, batch=batch, format=format)
        except InvalidInput:
            if hinted:
                # Refused by a session that may have moved on (a tool call appended since
                # awaits these results): only the session as it is now can refuse.
                continue
            raise
        if reported is not None:
            reported.apply(session)
        idle_since = _idle_since(session, last_write, reported)
        if (auto_compact and _queue_now(session, idle_since) is not None) or any(
            opens_with_compaction(row.role, row.content, row.format) for row in rows
        ):
            return None
        ids = append_if_unchanged(session=session, before=before, rows=rows)
        if ids is None:
            continue
        for row, pk in zip(rows, ids, strict=True):
            row.pk = pk
            row._state.adding = False
            row._state.db = connection.alias
        run, session = _after_append(session, auto_compact=auto_compact, idle_since=idle_since)
        return _appended(rows, session, run, idle_since)
    return None


def _after_append(
    session: ChatSession, *, auto_compact: bool, idle_since: datetime | None
) -> tuple[CompactionRun | None, ChatSession]:
    """The ``MEMORY_FLUSH`` callable when due, then compaction as ``engine.timing`` says;
    the run, and the session as it is afterwards.

    A compaction to start beside the conversation was queued in the append's own
    transaction; what is left here may block: a compaction in line, or a wait for the
    running one, when the payload would not fit (or with "sync"). Neither runs inside the
    caller's transaction: with one open, both run once it commits. The callable runs on the
    pool with "background", in the worker's run with "async", here with "sync".
    ``auto_compact=False`` (bulk imports, a host driving each step) skips both.
    """
    if not auto_compact:
        return None, session
    settings = app_settings.for_session(session)
    timing = session_compaction_timing(session=session, idle_since=idle_since)
    if timing.action in (when.QUEUE, when.BACKGROUND):
        timing = when.Timing(when.NONE)  # queued with the append, or a run is live already
    flush = (
        bool(settings.MEMORY_FLUSH)
        and settings.AUTO_COMPACT != "async"
        and session_memory_flush_due(session=session)
    )
    if flush and settings.AUTO_COMPACT == "background" and not timing.blocks:
        memory_flush_in_background(session_id=session.pk)
        flush = False
    if timing.action == when.NONE and not flush:
        return None, session
    # A compaction, now or at commit, makes the checkpoint read with the session stale: the
    # caller's next context build must read the one it leaves.
    checkpoint_forget(session)
    if connection.in_atomic_block:
        # The caller's transaction is still open: running now would hold it across the
        # LLM call. Run once it commits instead (nothing runs if it rolls back).
        def later() -> None:
            if flush:
                memory_flush_once(session=session, run=None)
            if timing.action != when.NONE:
                _compact_quietly(session, timing)

        transaction.on_commit(later)
        return None, session
    if flush:
        memory_flush_once(session=session, run=None)
    if timing.action == when.NONE:
        return None, session
    return _compact_quietly(session, timing)


def _compact_quietly(
    session: ChatSession, timing: when.Timing
) -> tuple[CompactionRun | None, ChatSession]:
    """Compaction after the append committed; a failure of it, or of reading what it left,
    must not make the append look failed (a retry without an idempotency key would store
    it twice): the append's own session is answered then."""
    try:
        run = compaction_when_due(session=session, timing=timing).run
    except Exception:
        logger.exception("Automatic compaction of session %s failed", session.pk)
        return None, session
    if run is None or run.is_live:
        if run is not None:
            live_run_remember(session, run)
        return run, session
    # It finished here (in line, or waited for): the session moved on; read it again, with
    # the run's checkpoint, so that the answer needs no query of its own.
    try:
        run = CompactionRun.objects.select_related("checkpoint").get(pk=run.pk)
        return run, session_read(session.pk)
    except Exception:
        logger.exception("Reading session %s after its compaction failed", session.pk)
        return run, session
