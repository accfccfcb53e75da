"""One-call agent turns over a compacted session, with the Anthropic SDK.

``run_turn`` / ``stream_turn`` (``anthropic.Anthropic``) and ``arun_turn`` /
``astream_turn`` (``anthropic.AsyncAnthropic``) each do a whole turn: append the user
message, the memory flush turn when due, compaction when due, the model call with the
cached payload, the answer with its usage, overflow recovery; see ``compaction.agent.steps``.
Needs the ``anthropic`` extra.
"""

from compaction.agent.aio import arun_turn, astream_turn
from compaction.agent.steps import (
    CompactionStatus,
    MemoryFlushStatus,
    TurnComplete,
    TurnResult,
    is_context_overflow,
)
from compaction.agent.sync import run_turn, stream_turn

__all__ = [
    "CompactionStatus",
    "MemoryFlushStatus",
    "TurnComplete",
    "TurnResult",
    "arun_turn",
    "astream_turn",
    "is_context_overflow",
    "run_turn",
    "stream_turn",
]
