"""Token estimation: characters / 4 over content blocks, calibrated by real usage.

Counting tokens exactly needs the model's tokenizer or an API round trip; an
estimate that is cheap, deterministic and corrected by the ``input_tokens`` the
host reports back is what a per-request trigger needs.
"""

from __future__ import annotations

import math
from typing import Any

from compaction.content import block_cost, canonical_blocks

CHARS_PER_TOKEN = 4
PER_MESSAGE_TOKENS = 4
# A calibration sample further off than this is a host bug (wrong session, a cached
# prompt), not a tokenizer difference; it is clamped so one bad report cannot wreck the ratio.
MIN_RATIO, MAX_RATIO = 0.25, 4.0


def text_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def content_tokens(
    content: Any, *, image_tokens: int = 1600, fmt: str = "anthropic", role: str = "user"
) -> int:
    """Estimated tokens of one message's content, without the per-message overhead.

    ``content`` is as stored: Anthropic content, or a whole OpenAI message (``fmt``).
    """
    if isinstance(content, str) and fmt == "anthropic":
        return text_tokens(content)
    chars, fixed = block_cost(canonical_blocks(role, content, fmt), image_tokens=image_tokens)
    return math.ceil(chars / CHARS_PER_TOKEN) + fixed


def message_tokens(
    content: Any, *, image_tokens: int = 1600, fmt: str = "anthropic", role: str = "user"
) -> int:
    """Estimated tokens of one message as sent: its content plus the per-message overhead."""
    return content_tokens(content, image_tokens=image_tokens, fmt=fmt, role=role) + (
        PER_MESSAGE_TOKENS
    )


def calibrate(ratio: float, *, estimated: int, actual: int, alpha: float = 0.1) -> float:
    """One exponential-moving-average step of real tokens per estimated token."""
    if estimated <= 0 or actual <= 0:
        return ratio
    sample = min(MAX_RATIO, max(MIN_RATIO, actual / estimated))
    return (1 - alpha) * ratio + alpha * sample


def reduction_percentage(before: int | None, after: int | None) -> float | None:
    """How much smaller ``after`` is than ``before``, in percent (None when unknown)."""
    if not before or after is None:
        return None
    return (before - after) / before * 100
