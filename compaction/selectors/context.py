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
