"""Making a payload fit the window when compaction alone did not (or could not run).

Two measures, each only when the payload is still over its budget, in this order:

1. ``cleared_tool_results``: every tool output but the newest is cleared (the pruning
   ``compaction.engine.pruning`` applies anyway, at its hardest setting);
2. ``cut_oversized``: the longest readable texts (user text, assistant text, tool output)
   are cut to one common length, head and tail kept around a marker, until the payload fits.

Stored history is never touched: these shape one payload. Opaque blocks (thinking
signatures, encrypted results, a server compaction block) and images are never cut, so the
API still accepts what it is sent. Pure: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compaction.content import OPENAI, RESPONSES
from compaction.content import responses as responses_format

CLEARED_TOOL_RESULTS = "cleared_tool_results"
CUT_OVERSIZED = "cut_oversized"
OVERSIZED_MARKER = (
    "[… {cut} characters of this message were cut to fit the context window; the full "
    "text is stored …]"
)
#: Nothing is cut below this many characters: a marker in place of a short text saves nothing.
MIN_KEPT_CHARS = 400
#: A text only this much longer than the cap is left whole (the marker would outweigh the cut).
_SLACK = len(OVERSIZED_MARKER) + 20


class Tightened:
    """``settings`` with some values replaced (any object with the settings' attributes)."""

    def __init__(self, base: Any, **values: Any) -> None:
        self._base = base
        self._values = values

    def __getattr__(self, name: str) -> Any:
        if name in self._values:
            return self._values[name]
        return getattr(self._base, name)


def hardest_pruning(settings: Any) -> Tightened:
    """Settings whose pruning clears every tool output but the newest."""
    return Tightened(
        settings,
        KEEP_LAST_TOOL_RESULTS=min(1, int(settings.KEEP_LAST_TOOL_RESULTS)),
        TOOL_HARD_CLEAR_AFTER=1,
        # A payload over the window needs the room now, not at the next step.
        TOOL_CLEAR_AT_LEAST=0,
    )


def _cut(text: str, cap: int) -> str:
    if len(text) <= cap + _SLACK:
        return text
    marker = OVERSIZED_MARKER.format(cut=len(text) - cap)
    head = cap * 2 // 3
    return f"{text[:head]}\n\n{marker}\n\n{text[len(text) - (cap - head) :]}"


def _texts(row: dict[str, Any]) -> list[str]:
    """The readable strings of a stored message that may be cut."""
    out: list[str] = []
    content = row["content"]
    if row.get("format") == OPENAI:
        content = content.get("content") if isinstance(content, dict) else None
    if row.get("format") == RESPONSES:
        content = _responses_text(content)
    if isinstance(content, str):
        return [content]
    if not isinstance(content, list):
        return out
    for block in content:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind in ("text", *responses_format.TEXT_PARTS) and isinstance(block.get("text"), str):
            out.append(block["text"])
        elif kind == "tool_result":
            inner = block.get("content")
            if isinstance(inner, str):
                out.append(inner)
            elif isinstance(inner, list):
                out.extend(
                    item["text"]
                    for item in inner
                    if isinstance(item, dict)
                    and item.get("type") == "text"
                    and isinstance(item.get("text"), str)
                )
    return out


def _cut_blocks(blocks: list[Any], cap: int) -> list[Any]:
    out = []
    for block in blocks:
        if isinstance(block, dict) and block.get("type") == "text":
            block = {**block, "text": _cut(str(block.get("text") or ""), cap)}
        elif isinstance(block, dict) and block.get("type") == "tool_result":
            inner = block.get("content")
            if isinstance(inner, str):
                block = {**block, "content": _cut(inner, cap)}
            elif isinstance(inner, list):
                block = {**block, "content": _cut_blocks(inner, cap)}
        out.append(block)
    return out


def _responses_text(item: Any) -> Any:
    """The readable field of a Responses item that fitting may cut: a message's content, a
    call output's output; opaque items (reasoning, compaction) have none."""
    if not isinstance(item, dict):
        return None
    if item.get("type") in responses_format.OUTPUTS:
        return item.get("output")
    if responses_format.item_type(item) == "message":
        return item.get("content")
    return None


def _cut_row(row: dict[str, Any], cap: int) -> dict[str, Any]:
    content = row["content"]
    if row.get("format") == RESPONSES and isinstance(content, dict):
        field = "output" if content.get("type") in responses_format.OUTPUTS else "content"
        inner = _responses_text(content)
        if isinstance(inner, str):
            return {**row, "content": {**content, field: _cut(inner, cap)}}
        if isinstance(inner, list) and field == "content":
            parts = [
                {**part, "text": _cut(str(part.get("text") or ""), cap)}
                if isinstance(part, dict) and part.get("type") in responses_format.TEXT_PARTS
                else part
                for part in inner
            ]
            return {**row, "content": {**content, "content": parts}}
        return row
    if row.get("format") == OPENAI and isinstance(content, dict):
        inner = content.get("content")
        if isinstance(inner, str):
            return {**row, "content": {**content, "content": _cut(inner, cap)}}
        if isinstance(inner, list):
            return {**row, "content": {**content, "content": _cut_blocks(inner, cap)}}
        return row
    if isinstance(content, str):
        return {**row, "content": _cut(content, cap)}
    if isinstance(content, list):
        return {**row, "content": _cut_blocks(content, cap)}
    return row


def cap_for(lengths: Sequence[int], *, remove: int) -> int | None:
    """The largest length to cut every text to so that at least ``remove`` characters go
    (markers included), or None when even ``MIN_KEPT_CHARS`` each is not enough."""

    def removed(cap: int) -> int:
        return sum(length - cap - _SLACK for length in lengths if length > cap + _SLACK)

    if removed(MIN_KEPT_CHARS) < remove:
        return None
    low, high = MIN_KEPT_CHARS, max(lengths, default=MIN_KEPT_CHARS)
    while low < high:
        middle = (low + high + 1) // 2
        if removed(middle) >= remove:
            low = middle
        else:
            high = middle - 1
    return low


def cut_oversized(
    rows: Sequence[dict[str, Any]], *, remove_chars: int
) -> tuple[list[dict[str, Any]], int]:
    """``rows`` (stored messages) with their longest texts cut to one common length so that
    about ``remove_chars`` characters go; and how many messages were cut. When that much
    cannot go, everything is cut down to ``MIN_KEPT_CHARS``."""
    lengths = [len(text) for row in rows for text in _texts(row)]
    cap = cap_for(lengths, remove=remove_chars)
    if cap is None:
        cap = MIN_KEPT_CHARS
    out = []
    cut = 0
    for row in rows:
        if any(len(text) > cap + _SLACK for text in _texts(row)):
            row = _cut_row(row, cap)
            cut += 1
        out.append(row)
    return out, cut
