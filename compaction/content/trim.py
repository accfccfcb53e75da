"""How old tool output is cut down before a model call, block type by block type.

Only readable output is ever touched (a tool's text, a fetched page, a code run's stdout
and stderr, a file view); opaque fields (``encrypted_content``, ``encrypted_stdout``,
signatures) are never edited, so the API still accepts every pruned block. Which
messages are pruned, and how hard, is ``compaction.engine.pruning``'s decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CLEARED_TEXT = "[Tool output cleared — content was processed in earlier turns]"
TRIM_MARKER = "--- trimmed (kept {head} head + {tail} tail of {total} chars) ---"

Block = dict[str, Any]


@dataclass(frozen=True)
class Pruning:
    """One pruning action: cut readable output to head + tail, or clear it."""

    clear: bool
    limit: int
    head: int
    tail: int


def soft_trim(text: str, *, limit: int, head: int, tail: int) -> str | None:
    """``text`` cut to head + marker + tail when longer than ``limit``, else None."""
    if len(text) <= limit or len(text) <= head + tail:
        return None
    marker = TRIM_MARKER.format(head=head, tail=tail, total=len(text))
    return f"{text[:head]}\n\n{marker}\n\n{text[len(text) - tail :] if tail else ''}"


def prune_text(text: Any, action: Pruning) -> str | None:
    """The pruned form of one readable string, or None to leave it as it is."""
    if not isinstance(text, str):
        return None
    if action.clear:
        return CLEARED_TEXT if len(text) > len(CLEARED_TEXT) else None
    return soft_trim(text, limit=action.limit, head=action.head, tail=action.tail)


def result_content(holder: Block, action: Pruning) -> Block | None:
    """Prune the ``content`` of a tool result: a string or a list of blocks.

    Shared by ``tool_result``, ``mcp_tool_result`` and OpenAI ``tool`` messages, which
    keep their output in the same shape. Cleared output keeps its images and other
    non-text blocks: they are cheap relative to their value and can never be fetched again.
    """
    content = holder.get("content")
    if isinstance(content, str):
        new = prune_text(content, action)
        return None if new is None else {**holder, "content": new}
    if not isinstance(content, list):
        return None

    def is_text(item: Any) -> bool:
        return isinstance(item, dict) and item.get("type") == "text"

    if action.clear:
        if sum(len(str(item.get("text") or "")) for item in content if is_text(item)) <= len(
            CLEARED_TEXT
        ):
            return None
        others = [item for item in content if not is_text(item)]
        return {**holder, "content": [{"type": "text", "text": CLEARED_TEXT}, *others]}
    changed = False
    items = []
    for item in content:
        if is_text(item) and (new := prune_text(item.get("text"), action)) is not None:
            item, changed = {**item, "text": new}, True
        items.append(item)
    return {**holder, "content": items} if changed else None


def _fields(block: Block, where: tuple[str, ...], names: tuple[str, ...], action: Pruning):
    """Prune the string fields ``names`` of the object at path ``where`` inside ``block``."""
    chain: list[Block] = [block]
    for key in where:
        inner = chain[-1].get(key)
        if not isinstance(inner, dict):
            return None
        chain.append(inner)
    updates = {n: new for n in names if (new := prune_text(chain[-1].get(n), action)) is not None}
    if not updates:
        return None
    rebuilt: Block = {**chain[-1], **updates}
    for parent, key in zip(reversed(chain[:-1]), reversed(where), strict=True):
        rebuilt = {**parent, key: rebuilt}
    return rebuilt


def web_fetch(block: Block, action: Pruning) -> Block | None:
    """A fetched page's text; a cited page stays as cited (its citations quote it)."""
    document = (block.get("content") or {}).get("content") or {}
    if (document.get("citations") or {}).get("enabled"):
        return None
    if (document.get("source") or {}).get("type") != "text":
        return None
    return _fields(block, ("content", "content", "source"), ("data",), action)


def execution(block: Block, action: Pruning) -> Block | None:
    """A code run's stdout and stderr (``encrypted_stdout`` is the API's, never touched)."""
    return _fields(block, ("content",), ("stdout", "stderr"), action)


def file_view(block: Block, action: Pruning) -> Block | None:
    if (block.get("content") or {}).get("type") != "text_editor_code_execution_view_result":
        return None
    return _fields(block, ("content",), ("content",), action)
