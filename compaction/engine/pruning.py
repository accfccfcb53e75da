"""Tool-output pruning on the read path: stored history is never modified.

Old tool output (file listings, test logs, fetched pages, code runs) dominates an
agent's context long after the agent has acted on it. Before each model call, output
older than ``TOOL_HARD_CLEAR_AFTER`` tool-output messages is replaced by a short note
and long recent output is cut to head + tail. The newest ``KEEP_LAST_TOOL_RESULTS``
tool-output messages, images, user text, thinking and every opaque field are never
touched; how each block type is cut is ``compaction.content``'s business.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.content import OPENAI, PRUNABLE, RESPONSES, Pruning, block_type
from compaction.content import responses as responses_format
from compaction.content.trim import result_content


@dataclass(frozen=True)
class PruneResult:
    messages: list[dict[str, Any]]
    soft_trimmed: int
    hard_cleared: int


def holds_tool_output(message: dict[str, Any]) -> bool:
    """A message with output pruning may cut: a tool result, a server tool's result."""
    content = message["content"]
    if message.get("format") == OPENAI:
        return isinstance(content, dict) and content.get("role") == "tool"
    if message.get("format") == RESPONSES:
        return isinstance(content, dict) and content.get("type") in responses_format.OUTPUTS
    return isinstance(content, list) and any(
        isinstance(block, dict) and block.get("type") in PRUNABLE for block in content
    )


def _prune_message(message: dict[str, Any], action: Pruning) -> tuple[dict[str, Any], int]:
    """The message with its output pruned, and how many blocks changed."""
    if message.get("format") == OPENAI:
        new = result_content(message["content"], action)
        return ({**message, "content": new}, 1) if new is not None else (message, 0)
    if message.get("format") == RESPONSES:
        # A call's output keeps its output in ``output``: the readable bulk, pruned alone.
        item = message["content"]
        holder = result_content({"content": item.get("output")}, action)
        if holder is None:
            return message, 0
        return {**message, "content": {**item, "output": holder["content"]}}, 1
    changed = 0
    blocks = []
    for block in message["content"]:
        pruner = block_type(block.get("type")).pruner if isinstance(block, dict) else None
        if pruner is not None and (new := pruner(block, action)) is not None:
            block, changed = new, changed + 1
        blocks.append(block)
    return ({**message, "content": blocks} if changed else message), changed


def prune_for_settings(messages: Sequence[dict[str, Any]], settings: Any) -> PruneResult:
    """``prune_tool_results`` with the thresholds of ``settings`` (a ``ResolvedSettings``)."""
    return prune_tool_results(
        messages,
        soft_trim_chars=settings.TOOL_SOFT_TRIM_CHARS,
        head=settings.TOOL_SOFT_TRIM_HEAD,
        tail=settings.TOOL_SOFT_TRIM_TAIL,
        hard_clear_after=settings.TOOL_HARD_CLEAR_AFTER,
        keep_last=settings.KEEP_LAST_TOOL_RESULTS,
    )


def prune_tool_results(
    messages: Sequence[dict[str, Any]],
    *,
    soft_trim_chars: int,
    head: int,
    tail: int,
    hard_clear_after: int,
    keep_last: int,
) -> PruneResult:
    """Pruned copies of ``messages`` (``{"role", "content", "format"?}``, as stored).

    Untouched messages are returned as they are.
    """
    positions = [i for i, message in enumerate(messages) if holds_tool_output(message)]
    # age 0 = the newest message with tool output
    age_of = {index: age for age, index in enumerate(reversed(positions))}
    out: list[dict[str, Any]] = []
    soft = hard = 0
    for index, message in enumerate(messages):
        age = age_of.get(index)
        if age is None or age < keep_last:
            out.append(message)
            continue
        clear = age >= hard_clear_after
        action = Pruning(clear=clear, limit=soft_trim_chars, head=head, tail=tail)
        pruned, changed = _prune_message(message, action)
        if clear:
            hard += changed
        else:
            soft += changed
        out.append(pruned)
    return PruneResult(messages=out, soft_trimmed=soft, hard_cleared=hard)
