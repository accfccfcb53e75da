"""Tool-result pruning on the read path: stored history is never modified.

Old tool output (file listings, test logs) dominates an agent's context long
after the agent has acted on it. Before each model call, results older than
``TOOL_HARD_CLEAR_AFTER`` tool-result messages are replaced by a short note and
long recent ones are cut to head + tail. The newest ``KEEP_LAST_TOOL_RESULTS``
tool-result messages, images, user text and assistant blocks are never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CLEARED_TEXT = "[Tool output cleared — content was processed in earlier turns]"
TRIM_MARKER = "--- trimmed (kept {head} head + {tail} tail of {total} chars) ---"


@dataclass(frozen=True)
class PruneResult:
    messages: list[dict[str, Any]]
    soft_trimmed: int
    hard_cleared: int


def soft_trim(text: str, *, limit: int, head: int, tail: int) -> str | None:
    """``text`` cut to head + marker + tail when longer than ``limit``, else None."""
    if len(text) <= limit or len(text) <= head + tail:
        return None
    marker = TRIM_MARKER.format(head=head, tail=tail, total=len(text))
    return f"{text[:head]}\n\n{marker}\n\n{text[len(text) - tail :] if tail else ''}"


def _trim_result(block: dict[str, Any], *, limit: int, head: int, tail: int) -> dict | None:
    content = block.get("content")
    if isinstance(content, str):
        trimmed = soft_trim(content, limit=limit, head=head, tail=tail)
        return None if trimmed is None else {**block, "content": trimmed}
    if isinstance(content, list):
        changed = False
        inner = []
        for item in content:
            if item.get("type") == "text":
                trimmed = soft_trim(item.get("text", ""), limit=limit, head=head, tail=tail)
                if trimmed is not None:
                    item = {**item, "text": trimmed}
                    changed = True
            inner.append(item)
        return {**block, "content": inner} if changed else None
    return None


def _clear_result(block: dict[str, Any]) -> dict | None:
    content = block.get("content")
    if isinstance(content, str):
        return {**block, "content": CLEARED_TEXT} if len(content) > len(CLEARED_TEXT) else None
    if isinstance(content, list):
        text_chars = sum(len(i.get("text", "")) for i in content if i.get("type") == "text")
        if text_chars <= len(CLEARED_TEXT):
            return None
        # Images are kept: they are cheap to keep relative to their value and never re-fetched.
        images = [i for i in content if i.get("type") != "text"]
        return {**block, "content": [{"type": "text", "text": CLEARED_TEXT}, *images]}
    return None


def prune_tool_results(
    messages: Sequence[dict[str, Any]],
    *,
    soft_trim_chars: int,
    head: int,
    tail: int,
    hard_clear_after: int,
    keep_last: int,
) -> PruneResult:
    """Return pruned copies of ``messages`` (untouched messages are returned as they are)."""
    tool_positions = [
        index
        for index, message in enumerate(messages)
        if message["role"] == "user"
        and isinstance(message["content"], list)
        and any(b.get("type") == "tool_result" for b in message["content"])
    ]
    # age 0 = the newest tool-result message
    age_of = {index: age for age, index in enumerate(reversed(tool_positions))}
    out: list[dict[str, Any]] = []
    soft = hard = 0
    for index, message in enumerate(messages):
        age = age_of.get(index)
        if age is None or age < keep_last:
            out.append(message)
            continue
        clear = age >= hard_clear_after
        blocks = []
        changed = False
        for block in message["content"]:
            if block.get("type") == "tool_result":
                new = (
                    _clear_result(block)
                    if clear
                    else _trim_result(block, limit=soft_trim_chars, head=head, tail=tail)
                )
                if new is not None:
                    block = new
                    changed = True
                    if clear:
                        hard += 1
                    else:
                        soft += 1
            blocks.append(block)
        out.append({**message, "content": blocks} if changed else message)
    return PruneResult(messages=out, soft_trimmed=soft, hard_cleared=hard)
