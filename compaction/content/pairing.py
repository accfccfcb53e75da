"""Tool pairing: the one place that knows which blocks answer which, across messages.

The Messages API rejects a conversation whose tool calls and results do not line up,
and does so on every later request: one badly stored message breaks a conversation
for good. The rules, as the API applies them:

* a client ``tool_use`` is answered by ``tool_result`` blocks in the user turn right
  after its assistant message, each exactly once, before any other content of that turn
  (consecutive user messages form one turn, which is how OpenAI ``tool`` messages, one
  per call, arrive);
* a server tool use (``server_tool_use``, ``mcp_tool_use``) is answered by its result
  block inside the same assistant turn: usually the same message; the next assistant
  message when the API paused the turn (``stop_reason: "pause_turn"``); or, when code
  execution called client tools (``caller.tool_id``), the assistant message after their
  results;
* a conversation starts with a user message, or with an assistant message whose first
  block is a server ``compaction`` block.

``Tail`` is where a conversation stands after its last message, small enough to live on
the session row: an append checks its messages against it without reading any message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from compaction.content.blocks import ASSISTANT, SERVER_RESULTS, SYSTEM, USER, block_type


@dataclass(frozen=True)
class Tail:
    started: bool = False
    #: Role of the last user or assistant message (system messages leave it as it was).
    role: str = ""
    #: Client tool_use ids of the last assistant turn that no tool_result answered yet.
    awaiting: tuple[str, ...] = ()
    #: Every client tool_use id of the last assistant turn (what results may answer).
    asked: tuple[str, ...] = ()
    #: The current user turn already has content after its tool results.
    closed: bool = False
    #: Server and MCP tool calls of the current assistant turn still without a result.
    open_calls: tuple[tuple[str, str], ...] = ()
    #: Open server calls waiting on client tools they called (programmatic tool calling).
    suspended: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {k: list(map(list, v)) if k == "open_calls" else v for k, v in data.items()}

    @classmethod
    def from_json(cls, data: Any) -> Tail:
        if not isinstance(data, dict) or not data:
            return cls()
        return cls(
            started=bool(data.get("started")),
            role=str(data.get("role") or ""),
            awaiting=tuple(data.get("awaiting") or ()),
            asked=tuple(data.get("asked") or ()),
            closed=bool(data.get("closed")),
            open_calls=tuple((str(i), str(k)) for i, k in data.get("open_calls") or ()),
            suspended=tuple(data.get("suspended") or ()),
        )


@dataclass(frozen=True)
class Step:
    tail: Tail
    problems: dict[str, str] = field(default_factory=dict)
    #: The message answers calls of an earlier message: a kept window may not start here.
    continues: bool = False


def call_key(block: dict[str, Any]) -> str:
    """What a server-side call is, for matching its result: the tool name, or MCP."""
    return "mcp_tool_use" if block.get("type") == "mcp_tool_use" else str(block.get("name"))


def starts_with_compaction(blocks: Sequence[dict[str, Any]]) -> bool:
    """A server compaction opens the message: Anthropic's block with its summary, or
    OpenAI's ``compaction`` item (in its canonical ``openai_item`` wrapper)."""
    first = blocks[0] if blocks else None
    if first and first.get("type") == "openai_item":
        item = first.get("item")
        return isinstance(item, dict) and item.get("type") == "compaction"
    return bool(first and first.get("type") == "compaction" and first.get("content"))


def _ids(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def step(
    tail: Tail,
    role: str,
    blocks: Sequence[dict[str, Any]],
    *,
    label: str = "",
    joins: bool = False,
) -> Step:
    """Check one message (its role and canonical blocks) against ``tail``; the next tail.

    ``joins``: an assistant message that continues the assistant turn before it (an OpenAI
    Responses item: one response's reasoning, calls and message are an item each); its
    calls are awaited with the turn's, and a kept window may not start at it."""

    def at(name: str) -> str:
        return f"{label}.{name}" if label else name

    problems: dict[str, str] = {}
    dangling = [call for call, _ in tail.open_calls if call not in tail.suspended]
    if role == SYSTEM:
        if tail.awaiting:
            problems[at("role")] = (
                f"tool_use {_ids(tail.awaiting)} must be answered by tool_result blocks before "
                "a system message"
            )
        elif dangling:
            problems[at("role")] = (
                f"server tool use {_ids(dangling)} has no result yet; a system message cannot "
                "interrupt the assistant turn"
            )
        return Step(tail, problems)
    if not tail.started and role == ASSISTANT and not starts_with_compaction(blocks):
        problems[at("role")] = (
            "the first message of a conversation must be a user message (or an assistant "
            "message that starts with a server compaction block)"
        )
    if role == USER:
        return _user_step(tail, blocks, problems, at, dangling)
    if joins and tail.role == ASSISTANT:
        return _joined_step(tail, blocks, problems, at)
    return _assistant_step(tail, blocks, problems, at)


def _joined_step(
    tail: Tail,
    blocks: Sequence[dict[str, Any]],
    problems: dict[str, str],
    at: Callable[[str], str],
) -> Step:
    """The next item of the same assistant turn: its calls join the turn's."""
    calls = [str(b.get("id")) for b in blocks if block_type(b.get("type")).opens == "client"]
    repeated = [c for c in calls if c in tail.asked]
    if repeated or len(set(calls)) != len(calls):
        problems.setdefault(at("content"), "tool call ids must be unique within an assistant turn")
    new = replace(
        tail, awaiting=(*tail.awaiting, *calls), asked=(*tail.asked, *calls), closed=False
    )
    return Step(new, problems, continues=True)


def _user_step(
    tail: Tail,
    blocks: Sequence[dict[str, Any]],
    problems: dict[str, str],
    at: Callable[[str], str],
    dangling: list[str],
) -> Step:
    kinds = [block.get("type") for block in blocks]
    results = [str(b.get("tool_use_id")) for b in blocks if b.get("type") == "tool_result"]
    if tail.role == ASSISTANT and dangling:
        problems[at("role")] = (
            f"server tool use {_ids(dangling)} of the last assistant message has no result yet "
            "(stop_reason pause_turn): send that message back to the API and store its "
            "continuation before the next user message"
        )
    answering = tail.role in (ASSISTANT, USER)
    asked = tail.asked if answering else ()
    expected = tail.awaiting if answering else ()
    closed = tail.closed if tail.role == USER else False
    if results:
        first_other = next((i for i, k in enumerate(kinds) if k != "tool_result"), len(kinds))
        if closed or "tool_result" in kinds[first_other:]:
            problems[at("content")] = (
                "tool_result blocks must come before any other block in a message"
            )
    orphans = [r for r in results if r not in asked]
    if orphans:
        problems[at("content")] = (
            f"tool_result for {_ids(orphans)} answers no tool_use of the assistant message "
            "just before it"
        )
    elif len(set(results)) != len(results) or any(r not in expected for r in results):
        problems[at("content")] = "each tool_use must be answered exactly once"
    has_other = any(kind != "tool_result" for kind in kinds)
    remaining = tuple(r for r in expected if r not in results)
    if remaining and (has_other or not results):
        problems.setdefault(
            at("content"),
            f"tool_use {_ids(remaining)} of the assistant message before must be answered by "
            "tool_result blocks in this message",
        )
    suspended = [c for c in tail.open_calls if c[0] in tail.suspended]
    new = replace(
        tail,
        started=True,
        role=USER,
        awaiting=() if has_other else remaining,
        asked=asked,
        closed=closed or has_other,
        open_calls=tuple(suspended),
    )
    return Step(new, problems, continues=bool(results))


def _assistant_step(
    tail: Tail,
    blocks: Sequence[dict[str, Any]],
    problems: dict[str, str],
    at: Callable[[str], str],
) -> Step:
    if tail.awaiting:
        if tail.role == ASSISTANT:
            problems[at("role")] = (
                f"the message before calls tool(s) {_ids(tail.awaiting)}; the next message must "
                "be a user message with their tool_result blocks"
            )
        else:
            problems[at("role")] = (
                f"tool_use {_ids(tail.awaiting)} must be answered by tool_result blocks before "
                "the next assistant message"
            )
    carried = dict(tail.open_calls)
    open_calls = dict(carried)
    answered_carried = False
    client: list[str] = []
    callers: set[str] = set()
    for index, block in enumerate(blocks):
        kind = block.get("type")
        spec = block_type(kind)
        if spec.opens == "client":
            client.append(str(block.get("id")))
            caller = block.get("caller") or {}
            if caller.get("tool_id"):
                callers.add(str(caller["tool_id"]))
        elif spec.opens == "server":
            open_calls[str(block.get("id"))] = call_key(block)
        elif kind in SERVER_RESULTS:
            call = str(block.get("tool_use_id"))
            where = at(f"content[{index}].tool_use_id")
            if call not in open_calls:
                problems[where] = f"{kind} {call} answers no server tool use of its assistant turn"
            elif open_calls[call] not in SERVER_RESULTS[kind]:
                problems[where] = f"{kind} cannot answer a {open_calls[call]} call ({call})"
            else:
                answered_carried = answered_carried or call in carried
                del open_calls[call]
        elif kind == "compaction" and index > 0:
            problems[at(f"content[{index}]")] = (
                "a compaction block must be the first block of its message"
            )
    if len(set(client)) != len(client):
        problems.setdefault(at("content"), "tool_use ids must be unique within a message")
    with_content = [b for b in blocks if b.get("type") == "compaction" and b.get("content")]
    if len(with_content) > 1:
        problems.setdefault(
            at("content"), "only one compaction block with content may be sent (the latest)"
        )
    new = Tail(
        started=True,
        role=ASSISTANT,
        awaiting=tuple(client),
        asked=tuple(client),
        open_calls=tuple(open_calls.items()),
        suspended=tuple(c for c in callers if c in open_calls),
    )
    return Step(new, problems, continues=answered_carried or bool(carried))


def fold(
    messages: Iterable[tuple[str, Sequence[dict[str, Any]]] | tuple[str, Sequence[dict], bool]],
    *,
    tail: Tail | None = None,
    labels: Sequence[str] | None = None,
) -> tuple[Tail, dict[str, str], list[bool]]:
    """Check ``(role, blocks[, joins])`` messages in order: the final tail, problems, and for
    each message whether it continues the one before (see ``Step.continues``)."""
    current = tail or Tail()
    problems: dict[str, str] = {}
    continues: list[bool] = []
    for index, message in enumerate(messages):
        role, blocks = message[0], message[1]
        joins = bool(message[2]) if len(message) > 2 else False
        label = labels[index] if labels is not None else f"messages[{index}]"
        result = step(current, role, blocks, label=label, joins=joins)
        for key, message in result.problems.items():
            problems.setdefault(key, message)
        continues.append(result.continues)
        current = result.tail
    return current, problems, continues
