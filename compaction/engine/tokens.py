"""Token estimation: characters / 4 over content blocks, calibrated by real usage.

Counting tokens exactly needs the model's tokenizer or an API round trip; an
estimate that is cheap, deterministic and corrected by the ``input_tokens`` the
host reports back is what a per-request trigger needs.
"""

from __future__ import annotations

import json
import math
from typing import Any

CHARS_PER_TOKEN = 4
PER_MESSAGE_TOKENS = 4
# A calibration sample further off than this is a host bug (wrong session, a cached
# prompt), not a tokenizer difference; it is clamped so one bad report cannot wreck the ratio.
MIN_RATIO, MAX_RATIO = 0.25, 4.0


def text_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def _block_chars_and_fixed(block: dict[str, Any], image_tokens: int) -> tuple[int, int]:
    kind = block.get("type")
    if kind == "text":
        return len(block.get("text", "")), 0
    if kind == "tool_use":
        return len(block.get("name", "")) + len(
            json.dumps(block.get("input", {}), ensure_ascii=False, separators=(",", ":"))
        ), 0
    if kind == "tool_result":
        content = block.get("content")
        if isinstance(content, str):
            return len(content), 0
        chars = fixed = 0
        for inner in content or ():
            inner_chars, inner_fixed = _block_chars_and_fixed(inner, image_tokens)
            chars += inner_chars
            fixed += inner_fixed
        return chars, fixed
    if kind == "thinking":
        return len(block.get("thinking", "")), 0
    if kind == "redacted_thinking":
        return len(block.get("data", "")), 0
    if kind == "document":
        source = block.get("source") or {}
        if source.get("type") == "text":
            return len(source.get("data", "")), 0
        return 0, image_tokens
    if kind == "image":
        return 0, image_tokens
    return len(json.dumps(block, ensure_ascii=False)), 0


def content_tokens(content: str | list[dict[str, Any]], *, image_tokens: int = 1600) -> int:
    """Estimated tokens of one message's content, without the per-message overhead."""
    if isinstance(content, str):
        return text_tokens(content)
    chars = fixed = 0
    for block in content:
        block_chars, block_fixed = _block_chars_and_fixed(block, image_tokens)
        chars += block_chars
        fixed += block_fixed
    return math.ceil(chars / CHARS_PER_TOKEN) + fixed


def message_tokens(content: str | list[dict[str, Any]], *, image_tokens: int = 1600) -> int:
    """Estimated tokens of one message as sent: its content plus the per-message overhead."""
    return content_tokens(content, image_tokens=image_tokens) + PER_MESSAGE_TOKENS


def messages_tokens(messages: list[dict[str, Any]], *, image_tokens: int = 1600) -> int:
    return sum(message_tokens(m["content"], image_tokens=image_tokens) for m in messages)


def calibrate(ratio: float, *, estimated: int, actual: int, alpha: float = 0.1) -> float:
    """One exponential-moving-average step of real tokens per estimated token."""
    if estimated <= 0 or actual <= 0:
        return ratio
    sample = min(MAX_RATIO, max(MIN_RATIO, actual / estimated))
    return (1 - alpha) * ratio + alpha * sample
