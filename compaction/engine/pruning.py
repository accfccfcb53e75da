"""Tool-output pruning on the read path: stored history is never modified.

Old tool output (file listings, test logs, fetched pages, code runs) dominates an
agent's context long after the agent has acted on it. Before each model call, output
older than ``TOOL_HARD_CLEAR_AFTER`` tool-output messages is replaced by a short note
and long output older than ``KEEP_LAST_TOOL_RESULTS`` is cut to head + tail. Images,
user text, thinking and every opaque field are never touched; how each block type is cut
is ``compaction.content``'s business.

Pruning moves in steps (``TOOL_CLEAR_AT_LEAST``). A sliding window would change an older
message with every new tool output, and with prompt caching everything after a changed
byte is written to the cache again. Instead the pruned form is the sliding window's as it
stood at the latest *step*, newer output untouched; a step comes when the sliding window
would free at least ``TOOL_CLEAR_AT_LEAST`` tokens more than that. Between two steps no
earlier message changes at all, so the whole earlier conversation stays a cached prefix.
The steps depend on the tool outputs alone, oldest first (a step at the n-th output is
decided by the outputs before it), so the payload stays a pure function of the stored
messages: appending never moves an earlier step. ``0`` is the sliding window itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, OPENAI, PRUNABLE, RESPONSES, Pruning, block_type
from compaction.content import responses as responses_format
from compaction.content.trim import result_content
from compaction.engine.tokens import content_tokens


@dataclass(frozen=True)
class PruneResult:
    messages: list[dict[str, Any]]
    soft_trimmed: int
    hard_cleared: int
    #: Index in ``messages`` of the oldest tool output not yet cleared at the previous model
    #: call (the history before its last assistant message). Every message before it was
    #: already in its final pruned form then, so the stretch before it is the same in that
    #: call, this one and every later one (until a compaction): at a step, the place where
    #: the change begins; the prefix worth a cache marker. None: no tool output after it.
    stable_until: int | None = None
    #: Index in ``messages`` of the previous model call's answer (the last assistant
    #: message) when no step came since: every message before it is pruned as that call
    #: sent it, so the stretch before it is that call's whole conversation, cached then.
    #: None: a step came since, or no call before.
    unchanged_until: int | None = None


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
        clear_at_least=settings.TOOL_CLEAR_AT_LEAST,
        image_tokens=settings.IMAGE_TOKENS,
    )


def _tokens(message: dict[str, Any], image_tokens: int) -> int:
    fmt = message.get("format", ANTHROPIC)
    return content_tokens(message["content"], image_tokens=image_tokens, fmt=fmt, role="user")


class _Steps:
    """Where pruning stands after each number of tool outputs: the latest step.

    A step is the number of outputs at which the sliding window was last applied. The
    window at ``m`` outputs frees ``freed(m)`` tokens (clearing the outputs at least
    ``clear_age`` old, trimming those at least ``keep_last`` old); the next step after
    ``s`` is the first ``m`` whose window frees ``clear_at_least`` more than the one at
    ``s``. ``freed(m)`` reads only the outputs before ``m``: an appended output never
    moves an earlier step.
    """

    def __init__(
        self,
        outputs: Sequence[dict[str, Any]],
        *,
        trim: Pruning,
        clear: Pruning,
        keep_last: int,
        clear_age: int,
        clear_at_least: int,
        image_tokens: int,
    ) -> None:
        self.latest = list(range(len(outputs) + 1))  # latest step at or before m outputs
        if clear_at_least <= 0:
            return  # every output is a step: the sliding window
        # Tokens freed by clearing / trimming output k, as prefix sums.
        cleared, trimmed = [0], [0]
        for message in outputs:
            before = _tokens(message, image_tokens)
            gains = []
            for action in (clear, trim):
                pruned, changed = _prune_message(message, action)
                gains.append(max(0, before - _tokens(pruned, image_tokens)) if changed else 0)
            cleared.append(cleared[-1] + gains[0])
            trimmed.append(trimmed[-1] + gains[1])

        def freed(m: int) -> int:
            old, older = max(0, m - keep_last), max(0, m - clear_age)
            return cleared[older] + trimmed[old] - trimmed[older]

        step = base = 0
        for m in range(1, len(outputs) + 1):
            if (now := freed(m)) - base >= clear_at_least:
                step, base = m, now
            self.latest[m] = step


def prune_tool_results(
    messages: Sequence[dict[str, Any]],
    *,
    soft_trim_chars: int,
    head: int,
    tail: int,
    hard_clear_after: int,
    keep_last: int,
    clear_at_least: int = 0,
    image_tokens: int = 1600,
) -> PruneResult:
    """Pruned copies of ``messages`` (``{"role", "content", "format"?}``, as stored).

    Tool output at least ``keep_last`` outputs old is trimmed, at least
    ``hard_clear_after`` (and ``keep_last``) old cleared, as of the latest step
    (``clear_at_least`` estimated tokens freed; 0: every output is a step, the sliding
    window). Untouched messages are returned as they are.
    """
    positions = [i for i, message in enumerate(messages) if holds_tool_output(message)]
    trim = Pruning(clear=False, limit=soft_trim_chars, head=head, tail=tail)
    clear = Pruning(clear=True, limit=soft_trim_chars, head=head, tail=tail)
    clear_age = max(hard_clear_after, keep_last)
    steps = _Steps(
        [messages[i] for i in positions],
        trim=trim,
        clear=clear,
        keep_last=keep_last,
        clear_age=clear_age,
        clear_at_least=clear_at_least,
        image_tokens=image_tokens,
    )
    step = steps.latest[len(positions)]
    out = list(messages)
    soft = hard = 0
    # Outputs after the step are untouched; before it, aged as of the step.
    for k, index in enumerate(positions[:step]):
        age = step - 1 - k
        if age < keep_last:
            continue
        cleared = age >= clear_age
        out[index], changed = _prune_message(messages[index], clear if cleared else trim)
        if cleared:
            hard += changed
        else:
            soft += changed
    # The previous call saw the outputs before the last assistant message.
    last_answer = next(
        (i for i in range(len(messages) - 1, -1, -1) if messages[i]["role"] == "assistant"), -1
    )
    seen = sum(1 for index in positions if index < last_answer)
    frontier = max(0, steps.latest[seen] - clear_age)
    return PruneResult(
        messages=out,
        soft_trimmed=soft,
        hard_cleared=hard,
        stable_until=positions[frontier] if frontier < len(positions) else None,
        unchanged_until=last_answer if last_answer > 0 and steps.latest[seen] == step else None,
    )
