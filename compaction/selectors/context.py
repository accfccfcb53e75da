"""The payload to send to the model now."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compaction.conf import app_settings
from compaction.content import ANTHROPIC, Tail
from compaction.engine.context import CheckpointContext, ContextPayload, build_context
from compaction.engine.memory import MEMORY_FLUSH_PROMPT, flush_due
from compaction.exceptions import InvalidConversation
from compaction.models import ChatSession, Message
from compaction.selectors.checkpoints import checkpoint_latest_context
from compaction.selectors.rows import checkpoint_read_with, session_rows
from compaction.selectors.sessions import session_compaction_running, session_should_compact


def memory_flush_prompt() -> str:
    """The flush turn's prompt: ``MEMORY_FLUSH_PROMPT`` or the shipped one."""
    return app_settings.MEMORY_FLUSH_PROMPT or MEMORY_FLUSH_PROMPT


def session_memory_flush_due(*, session: ChatSession) -> bool:
    """Whether the session is due its memory flush (``compaction.engine.memory``): within
    ``MEMORY_FLUSH_MARGIN`` of the point where a compaction starts, none recorded this
    cycle. No query."""
    settings = app_settings.for_session(session)
    return flush_due(
        calibrated_tokens=session.estimated_tokens * session.calibration_ratio,
        threshold=settings.trigger,
        margin=settings.MEMORY_FLUSH_MARGIN,
        cycle=session.checkpoint_version,
        flushed_cycle=session.memory_flush_version,
        awaiting_tools=bool(Tail.from_json(session.tail).awaiting),
    )


_MESSAGE_FIELDS = ("seq", "role", "content", "format", "answers_tools", "tokens_through")


def _message_rows(
    session: ChatSession, column: str, above: int, *, order: str
) -> list[dict[str, Any]]:
    """The session's messages whose ``column`` is above ``above``, as the engine reads them
    (plain SQL: this runs on every model call)."""
    rows = session_rows(Message, session.pk, _MESSAGE_FIELDS, above=(column, above), order=order)
    return [dict(zip(_MESSAGE_FIELDS, row, strict=True)) for row in rows]


def session_context_build(
    *, session: ChatSession, format: str = ANTHROPIC, memory_flush: bool = False
) -> ContextPayload:
    """The payload to send to the model now, in two queries whatever the history length; in
    one from the session an append returned, which carries the latest checkpoint it was
    read with (when messages came after that moment, the build reads the checkpoint again).

    ``format`` is ``"anthropic"`` (``messages.create``) or ``"openai"``
    (``chat.completions.create``). Active messages are read as ``seq > checkpoint.last_seq``
    of the checkpoint just read, not from the session's ``archived_seq``: a compaction
    committing between the two reads then cannot make the payload lose messages (the older
    checkpoint still covers them).

    The read is bounded too: when the active history is larger than the window (compaction
    off, or failing), only its newest messages that fit are read (an index range on the
    running token total) and the payload says so (``truncated``), after a marker. A payload
    still over the window (a huge recent message, a calibration that grew) is fitted to it
    (``fitted``: tool output cleared, then oversized texts cut with a marker).

    ``memory_flush.due`` says when the memory flush turn is due; ``memory_flush=True``
    returns that turn's payload: this one with the flush prompt as its last user message.
    It is never stored; report how it went with ``services.memory_flush_record``.
    """
    due = session_memory_flush_due(session=session)
    if memory_flush and Tail.from_json(session.tail).awaiting:
        raise InvalidConversation(
            "The last assistant turn waits for tool results: run the flush turn after them.",
            details={"memory_flush": "the conversation waits for tool results"},
        )
    settings = app_settings.for_session(session)
    last_seq, checkpoint, rows, floor = _checkpoint_and_window(session, settings, reuse=True)
    if rows and rows[-1]["seq"] > session.message_count and checkpoint_read_with(session)[0]:
        # Messages came after the checkpoint read with the session, and so may a compaction:
        # the payload is of now, from the latest checkpoint.
        last_seq, checkpoint, rows, floor = _checkpoint_and_window(session, settings, reuse=False)
    omitted = None
    if rows and rows[0]["seq"] > last_seq + 1:
        # Left out: everything before the first message that fits whole and may open the
        # kept part (not a tool result, whose tool call is left out).
        start = next(
            (
                i
                for i, row in enumerate(rows)
                if not row["answers_tools"] and i and rows[i - 1]["tokens_through"] >= floor
            ),
            None,
        )
        if start is not None:
            rows = rows[start:]
        else:
            # The newest turn alone is larger than the window: keep it from the message
            # that may open it (a third query, only here); the payload's fitting cuts it.
            opening = (
                Message.objects.filter(session=session, seq__gt=last_seq, answers_tools=False)
                .order_by("-seq")
                .values_list("seq", flat=True)
                .first()
            )
            rows = _message_rows(session, "seq", (opening or last_seq + 1) - 1, order="seq")
        first = rows[0]["seq"] if rows else session.message_count + 1
        omitted = (first - last_seq - 1, first - 1)
    payload = build_context(
        system_prompt=session.system_prompt,
        checkpoint=checkpoint,
        messages=rows,
        settings=settings,
        calibration_ratio=session.calibration_ratio,
        should_compact=session_should_compact(session=session),
        fmt=format,
        omitted=omitted,
        budget=settings.CONTEXT_WINDOW - settings.RESERVE_TOKENS,
        memory_flush_due=due,
        memory_flush_prompt=memory_flush_prompt() if due or memory_flush else None,
        flush_turn=memory_flush,
    )
    if session_compaction_running(session=session):
        payload = replace(payload, compacting_since=session.lease_acquired_at)
    return payload


def _checkpoint_and_window(
    session: ChatSession, settings: Any, *, reuse: bool
) -> tuple[int, CheckpointContext | None, list[dict[str, Any]], int]:
    """The latest checkpoint's ``last_seq`` and payload part, the active messages the window
    takes (all, or the newest that fit) and the running total they start above."""
    last_seq, checkpoint = checkpoint_latest_context(session=session, reuse=reuse)
    # What the window leaves for active messages, in uncalibrated estimate units: the
    # session's estimate minus its active part is the system prompt and the summary.
    active = session.appended_tokens - session.archived_tokens
    fixed = max(0, session.estimated_tokens - active)
    room = int((settings.CONTEXT_WINDOW - settings.RESERVE_TOKENS) / session.calibration_ratio)
    floor = session.appended_tokens - max(0, room - fixed)
    if floor <= session.archived_tokens:
        # It fits: the active messages, an index range by seq.
        return last_seq, checkpoint, _message_rows(session, "seq", last_seq, order="seq"), floor
    # Too large: the newest that fit, an index range on the running total alone (a seq
    # condition beside it could lead a planner to walk the whole history by seq).
    rows = [
        row
        for row in _message_rows(session, "tokens_through", floor, order="tokens_through,seq")
        if row["seq"] > last_seq
    ]
    return last_seq, checkpoint, rows, floor
