"""One-call agent turns over a compacted session, with the Anthropic or the OpenAI SDK.

``run_turn`` / ``stream_turn`` (``anthropic.Anthropic``, ``openai.OpenAI``) and
``arun_turn`` / ``astream_turn`` (``AsyncAnthropic``, ``AsyncOpenAI``) each do a whole turn:
append the user message, the memory flush turn when due, compaction when due, the model call
with the cached payload, the answer with its usage, overflow recovery; see
``compaction.agent.steps``, and ``compaction.agent.wires`` for what differs per API.
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
