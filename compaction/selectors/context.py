"""The payload to send to the model now."""

from __future__ import annotations

from compaction.conf import app_settings
from compaction.content import ANTHROPIC
from compaction.engine.context import ContextPayload, build_context
from compaction.models import ChatSession, Message
from compaction.selectors.checkpoints import checkpoint_context, checkpoint_latest
from compaction.selectors.sessions import session_should_compact


def session_context_build(*, session: ChatSession, format: str = ANTHROPIC) -> ContextPayload:
    """The payload to send to the model now, in two queries whatever the history length.

    ``format`` is ``"anthropic"`` (``messages.create``) or ``"openai"``
    (``chat.completions.create``). Active messages are read as ``seq > checkpoint.last_seq``
    of the checkpoint just read, not through ``compacted_by``: a compaction committing
    between the two reads then cannot make the payload lose messages (the older
    checkpoint still covers them).

    The read is bounded too: when the active history is larger than the window (compaction
    off, or failing), only its newest messages that fit are read (an index range on the
    running token total) and the payload says so (``truncated``), after a marker.
    """
    settings = app_settings.for_session(session)
    checkpoint = checkpoint_latest(session=session)
    last_seq = checkpoint.last_seq if checkpoint else 0
    # What the window leaves for active messages, in uncalibrated estimate units: the
    # session's estimate minus its active part is the system prompt and the summary.
    active = session.appended_tokens - session.archived_tokens
    fixed = max(0, session.estimated_tokens - active)
    room = int((settings.CONTEXT_WINDOW - settings.RESERVE_TOKENS) / session.calibration_ratio)
    floor = session.appended_tokens - max(0, room - fixed)
    columns = ("seq", "role", "content", "format", "answers_tools", "tokens_through")
    if floor <= session.archived_tokens:
        # It fits: the active messages, an index range by seq.
        rows = list(
            Message.objects.filter(session=session, seq__gt=last_seq)
            .order_by("seq")
            .values(*columns)
        )
    else:
        # Too large: the newest that fit, an index range on the running total alone (a seq
        # condition beside it could lead a planner to walk the whole history by seq).
        rows = [
            row
            for row in Message.objects.filter(session=session, tokens_through__gt=floor)
            .order_by("tokens_through", "seq")
            .values(*columns)
            if row["seq"] > last_seq
        ]
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
            len(rows),
        )
        rows = rows[start:]
        first = rows[0]["seq"] if rows else session.message_count + 1
        omitted = (first - last_seq - 1, first - 1)
    return build_context(
        system_prompt=session.system_prompt,
        checkpoint=checkpoint_context(checkpoint),
        messages=rows,
        settings=settings,
        calibration_ratio=session.calibration_ratio,
        should_compact=session_should_compact(session=session),
        fmt=format,
        omitted=omitted,
    )
