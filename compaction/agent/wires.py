"""What a turn needs to know of each API: the request, the answer, the tool calls, the usage.

The plan of steps (``compaction.agent.steps``) is written once; a ``Wire`` says how one API
spells it: the Anthropic Messages API (``MessagesWire``), OpenAI Responses
(``ResponsesWire``) or OpenAI Chat Completions (``ChatWire``, also for compatible servers).
A wire talks to the client it is given and imports no SDK; the error kinds come from
``compaction.providers``.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from compaction.content import ANTHROPIC, OPENAI, RESPONSES
from compaction.providers.base import (
    MAX_COMPLETION_TOKENS,
    MAX_TOKENS,
    other_limit_parameter,
    output_limit_parameter,
)


@dataclass(frozen=True)
class ToolCall:
    """One tool call of an answer: its id, the tool's name, its parsed input."""

    id: str
    name: str
    input: Mapping[str, Any]
    #: The input did not parse (OpenAI sends it as a JSON string).
    error: str = ""
    #: The kind of call, where the answer's shape depends on it (Responses: "function_call",
    #: "custom_tool_call").
    kind: str = ""


@dataclass(frozen=True)
class ToolOutcome:
    """A handler's answer to one call: what the model reads back."""

    call: ToolCall
    content: Any
    is_error: bool = False


def outcome_of(
    call: ToolCall, value: Any = None, error: BaseException | None = None
) -> ToolOutcome:
    if error is not None:
        return ToolOutcome(call, f"{type(error).__name__}: {error}", is_error=True)
    if value is None:
        value = ""
    return ToolOutcome(call, value if isinstance(value, str | list) else str(value))


def function_call(call_id: str, name: str, raw: Any, kind: str = "") -> ToolCall:
    """A function call of an OpenAI answer: its arguments, a JSON string, parsed (a value
    that is not an object becomes ``{"input": value}``), or the reason they could not be."""
    try:
        arguments = json.loads(raw or "{}")
    except ValueError as exc:
        error = f"The arguments of {name!r} are not JSON: {exc}"
        return ToolCall(call_id, name, {}, error=error, kind=kind)
    if not isinstance(arguments, dict):
        arguments = {"input": arguments}
    return ToolCall(call_id, name, arguments, kind=kind)


def output_text(outcome: ToolOutcome) -> str:
    """An outcome as the text OpenAI's APIs take back; a failure says so, since neither API
    has an error flag on a tool's output."""
    content = outcome.content
    if not isinstance(content, str):
        content = json.dumps(content, ensure_ascii=False)
    if outcome.is_error and not content.startswith("Error"):
        content = f"Error: {content}"
    return content


def missing(call: ToolCall) -> ToolOutcome:
    if call.error:
        return ToolOutcome(call, call.error, is_error=True)
    return ToolOutcome(call, f"No handler for the tool {call.name!r} in this turn.", is_error=True)


class Wire(abc.ABC):
    """One API's spelling of a turn."""

    #: The message format the turn appends and builds its payload in.
    format: ClassVar[str]
    #: Parameters the turn sets itself: a host passing them would be overridden silently.
    reserved: ClassVar[frozenset[str]]
    #: The stop reasons that mean "answer my tool calls" and "send me back as I stand".
    tool_stop: ClassVar[str]
    pause_stop: ClassVar[str | None] = None

    @abc.abstractmethod
    def request(
        self,
        payload: Any,
        *,
        model: str,
        max_tokens: int,
        create_kwargs: Mapping[str, Any],
        client: Any,
        messages: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """The API call's keyword arguments: the payload (or ``messages``, during a flush
        turn's tool rounds), the model, the output limit, then the host's own arguments."""

    def cached(self, create_kwargs: Mapping[str, Any], settings: Any) -> Mapping[str, Any]:
        """The host's create arguments with what prompt caching needs of the call itself
        (``settings``: the session's); the payload carries the rest."""
        return create_kwargs

    @abc.abstractmethod
    def create(self, client: Any, request: dict[str, Any]) -> Any:
        """One call, as the client's SDK makes it (awaitable for an async client)."""

    async def acreate(self, client: Any, request: dict[str, Any]) -> Any:
        return await self.create(client, request)

    @abc.abstractmethod
    def stream(self, client: Any, request: dict[str, Any]) -> Any:
        """The SDK's stream manager (``with ... as stream``; iterate it, then ``final``)."""

    @abc.abstractmethod
    def final(self, stream: Any) -> Any:
        """The whole answer, once ``stream`` has been read to its end."""

    @abc.abstractmethod
    def stored(self, answer: Any) -> list[dict[str, Any]]:
        """The answer as the messages to append (none when it says nothing)."""

    @abc.abstractmethod
    def calls(self, answer: Any) -> list[ToolCall]:
        """The answer's tool calls that a host's handler may answer."""

    @abc.abstractmethod
    def results(self, outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
        """The messages that carry the outcomes back, in this wire's format."""

    @abc.abstractmethod
    def stop_reason(self, answer: Any) -> str | None:
        """Why the answer ended, in this API's words."""

    @abc.abstractmethod
    def usage(self, answer: Any) -> Any:
        """The answer's usage as ``services.message_append`` reads it."""

    @abc.abstractmethod
    def text(self, answer: Any) -> str:
        """The answer's text."""


class MessagesWire(Wire):
    """Anthropic's Messages API (``anthropic.Anthropic`` / ``AsyncAnthropic``)."""

    format = ANTHROPIC
    reserved = frozenset({"system", "messages", "stream", "model", "max_tokens"})
    tool_stop = "tool_use"
    pause_stop = "pause_turn"

    def request(
        self,
        payload: Any,
        *,
        model: str,
        max_tokens: int,
        create_kwargs: Mapping[str, Any],
        client: Any,
        messages: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        request = {"model": model, "max_tokens": max_tokens, "messages": payload.messages}
        if messages is not None:
            request["messages"] = messages
        if payload.system:
            request["system"] = payload.system
        return {**request, **create_kwargs}

    def cached(self, create_kwargs: Mapping[str, Any], settings: Any) -> Mapping[str, Any]:
        """A top-level ``cache_control`` unless the host passed one (``None`` included):
        it caches the conversation up to the call's end, which the next call reads (the
        payload marks that end once the answer is stored). Five minutes whatever
        PROMPT_CACHE_TTL: the end moves with every call, and a 1h write costs twice the
        input price; a 5m marker may follow the payload's 1h ones."""
        if not settings.PROMPT_CACHE or "cache_control" in create_kwargs:
            return create_kwargs
        return {**create_kwargs, "cache_control": {"type": "ephemeral"}}

    def create(self, client: Any, request: dict[str, Any]) -> Any:
        return client.messages.create(**request)

    def stream(self, client: Any, request: dict[str, Any]) -> Any:
        return client.messages.stream(**request)

    def final(self, stream: Any) -> Any:
        return stream.get_final_message()

    def stored(self, answer: Any) -> dict[str, Any] | None:
        # Blank text blocks are left out: the API would refuse them back.
        blocks = [block.model_dump(mode="json", exclude_none=True) for block in answer.content]
        content = [
            b for b in blocks if not (b.get("type") == "text" and not str(b.get("text")).strip())
        ]
        return [{"role": "assistant", "content": content}] if content else []

    def calls(self, answer: Any) -> list[ToolCall]:
        return [
            ToolCall(block.id, block.name, dict(block.input))
            for block in answer.content
            if getattr(block, "type", "") == "tool_use"
        ]

    def results(self, outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
        blocks = []
        for outcome in outcomes:
            block = {
                "type": "tool_result",
                "tool_use_id": outcome.call.id,
                "content": outcome.content,
            }
            if outcome.is_error:
                block["is_error"] = True
            blocks.append(block)
        return [{"role": "user", "content": blocks}]

    def stop_reason(self, answer: Any) -> str | None:
        return getattr(answer, "stop_reason", None)

    def usage(self, answer: Any) -> Any:
        return answer.usage

    def text(self, answer: Any) -> str:
        return "".join(
            block.text for block in answer.content if getattr(block, "type", "") == "text"
        )


class ChatWire(Wire):
    """OpenAI Chat Completions (``openai.OpenAI`` / ``AsyncOpenAI``, any ``base_url``)."""

    format = OPENAI
    reserved = frozenset(
        {"messages", "stream", "model", "max_tokens", "max_completion_tokens", "n"}
    )
    tool_stop = "tool_calls"

    def request(
        self,
        payload: Any,
        *,
        model: str,
        max_tokens: int,
        create_kwargs: Mapping[str, Any],
        client: Any,
        messages: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        limit = output_limit_parameter(getattr(client, "base_url", ""), model)
        request = {
            "model": model,
            "messages": payload.messages if messages is None else messages,
            limit: max_tokens,
        }
        return {**request, **create_kwargs}

    def _other_limit(self, client: Any, request: dict[str, Any], error: Exception) -> dict | None:
        """The request with the other output-limit name, when ``error`` refused the one it
        has as a parameter the endpoint does not take (a reasoning model behind a proxy, an
        older Azure API version, an older local server)."""
        if getattr(error, "status_code", None) != 400:
            return None
        sent = MAX_TOKENS if MAX_TOKENS in request else MAX_COMPLETION_TOKENS
        if sent not in request:
            return None
        body = getattr(error, "body", None)
        message = str(body.get("message") if isinstance(body, dict) else "") or str(error)
        other = other_limit_parameter(
            getattr(client, "base_url", ""),
            str(request.get("model")),
            sent,
            message=message,
            param=getattr(error, "param", None),
        )
        if other is None:
            return None
        retry = {k: v for k, v in request.items() if k != sent}
        return {**retry, other: request[sent]}

    def create(self, client: Any, request: dict[str, Any]) -> Any:
        try:
            return client.chat.completions.create(**request)
        except Exception as exc:
            retry = self._other_limit(client, request, exc)
            if retry is None:
                raise
            return client.chat.completions.create(**retry)

    async def acreate(self, client: Any, request: dict[str, Any]) -> Any:
        try:
            return await client.chat.completions.create(**request)
        except Exception as exc:
            retry = self._other_limit(client, request, exc)
            if retry is None:
                raise
            return await client.chat.completions.create(**retry)

    def stream(self, client: Any, request: dict[str, Any]) -> Any:
        # Usage comes in the last chunk only when asked for.
        options = {"include_usage": True, **(request.get("stream_options") or {})}
        return _ChatStream(self, client, {**request, "stream_options": options})

    def final(self, stream: Any) -> Any:
        return stream.get_final_completion()

    def _message(self, answer: Any) -> Any:
        return answer.choices[0].message if answer.choices else None

    def stored(self, answer: Any) -> list[dict[str, Any]]:
        message = self._message(answer)
        if message is None:
            return []
        stored: dict[str, Any] = {"role": "assistant"}
        if message.content and message.content.strip():
            stored["content"] = message.content
        elif message.refusal:
            # A refusal goes back as the answer's text: every server takes content, not all
            # an assistant message without it.
            stored["content"] = message.refusal
        if message.tool_calls:
            # Only what ``create`` takes back: SDK objects carry more (a streamed call's
            # ``index``, ``parsed_arguments``), and Ollama sends ``index`` even unstreamed.
            stored["tool_calls"] = [_sendable_call(call) for call in message.tool_calls]
        return [stored] if len(stored) > 1 else []

    def calls(self, answer: Any) -> list[ToolCall]:
        message = self._message(answer)
        calls = []
        for call in (message.tool_calls if message is not None else None) or ():
            function = getattr(call, "function", None)
            if function is None:  # a custom tool call: its input is free text
                custom = call.custom
                calls.append(ToolCall(call.id, custom.name, {"input": custom.input}))
                continue
            calls.append(function_call(call.id, function.name, function.arguments))
        return calls

    def results(self, outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
        return [
            {
                "role": "tool",
                "tool_call_id": outcome.call.id,
                "content": output_text(outcome) or "(empty)",
            }
            for outcome in outcomes
        ]

    def stop_reason(self, answer: Any) -> str | None:
        return answer.choices[0].finish_reason if answer.choices else None

    def usage(self, answer: Any) -> Any:
        return answer.usage

    def text(self, answer: Any) -> str:
        message = self._message(answer)
        return (message.content or message.refusal or "") if message is not None else ""


def _sendable_call(call: Any) -> dict[str, Any]:
    """A tool call as ``chat.completions.create`` takes it back. Arguments that are not a
    JSON object (a cut-off answer) are kept as ``{"_unparsed": <raw>}``: servers that parse
    them (vLLM, Ollama) would refuse the whole conversation otherwise."""
    custom = getattr(call, "custom", None)
    if getattr(call, "type", "function") == "custom" and custom is not None:
        return {
            "id": call.id,
            "type": "custom",
            "custom": {"name": custom.name, "input": custom.input},
        }
    function = call.function
    arguments = function.arguments or "{}"
    try:
        is_object = isinstance(json.loads(arguments), dict)
    except ValueError:
        is_object = False
    if not is_object:
        arguments = json.dumps({"_unparsed": function.arguments or ""}, ensure_ascii=False)
    return {
        "id": call.id,
        "type": "function",
        "function": {"name": function.name, "arguments": arguments},
    }


class _ChatStream:
    """``chat.completions.stream``'s manager (sync or async), sent again with the other
    output-limit parameter when the endpoint refuses the first by name."""

    def __init__(self, wire: ChatWire, client: Any, request: dict[str, Any]) -> None:
        self.wire, self.client, self.request = wire, client, request
        self.manager: Any = None

    def _open(self, request: dict[str, Any]) -> Any:
        self.manager = self.client.chat.completions.stream(**request)
        return self.manager

    def __enter__(self) -> Any:
        try:
            return self._open(self.request).__enter__()
        except Exception as exc:
            retry = self.wire._other_limit(self.client, self.request, exc)
            if retry is None:
                raise
            return self._open(retry).__enter__()

    def __exit__(self, *exc_info: Any) -> Any:
        return self.manager.__exit__(*exc_info)

    async def __aenter__(self) -> Any:
        try:
            return await self._open(self.request).__aenter__()
        except Exception as exc:
            retry = self.wire._other_limit(self.client, self.request, exc)
            if retry is None:
                raise
            return await self._open(retry).__aenter__()

    async def __aexit__(self, *exc_info: Any) -> Any:
        return await self.manager.__aexit__(*exc_info)


class ResponsesWire(Wire):
    """OpenAI Responses (``openai.OpenAI`` / ``AsyncOpenAI``): every output item is stored as
    a message of its own and sent back as it came (reasoning included)."""

    format = RESPONSES
    reserved = frozenset({"input", "instructions", "stream", "model", "max_output_tokens"})
    tool_stop = "tool_calls"
    #: The calls a handler answers, and the item that carries each answer back.
    answered = {
        "function_call": "function_call_output",
        "custom_tool_call": "custom_tool_call_output",
    }

    def request(
        self,
        payload: Any,
        *,
        model: str,
        max_tokens: int,
        create_kwargs: Mapping[str, Any],
        client: Any,
        messages: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": model,
            "input": payload.messages if messages is None else messages,
            "max_output_tokens": max_tokens,
        }
        if payload.system:
            request["instructions"] = payload.system
        return {**request, **create_kwargs}

    def create(self, client: Any, request: dict[str, Any]) -> Any:
        return client.responses.create(**request)

    def stream(self, client: Any, request: dict[str, Any]) -> Any:
        return client.responses.stream(**request)

    def final(self, stream: Any) -> Any:
        return stream.get_final_response()

    def stored(self, answer: Any) -> list[dict[str, Any]]:
        items = [item.model_dump(mode="json", exclude_none=True) for item in answer.output or ()]
        # A message item with nothing to say is left out, as a blank text block is.
        return [
            item
            for item in items
            if not (
                item.get("type") == "message"
                and not any(
                    str(part.get("text") or part.get("refusal") or "").strip()
                    for part in item.get("content") or ()
                )
            )
        ]

    def calls(self, answer: Any) -> list[ToolCall]:
        calls = []
        for item in answer.output or ():
            kind = getattr(item, "type", "")
            if kind == "custom_tool_call":
                calls.append(ToolCall(item.call_id, item.name, {"input": item.input}, kind=kind))
            elif kind == "function_call":
                calls.append(function_call(item.call_id, item.name, item.arguments, kind))
        return calls

    def results(self, outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
        return [
            {
                "type": self.answered.get(outcome.call.kind, "function_call_output"),
                "call_id": outcome.call.id,
                "output": output_text(outcome),
            }
            for outcome in outcomes
        ]

    def stop_reason(self, answer: Any) -> str | None:
        if self.calls(answer):
            return self.tool_stop
        incomplete = getattr(getattr(answer, "incomplete_details", None), "reason", None)
        return incomplete or getattr(answer, "status", None)

    def usage(self, answer: Any) -> Any:
        return answer.usage

    def text(self, answer: Any) -> str:
        return answer.output_text


MESSAGES = MessagesWire()
CHAT = ChatWire()
RESPONSES_WIRE = ResponsesWire()


def wire_for(client: Any, api: str | None) -> Wire:
    """The wire of ``api`` ("messages", "responses", "chat"), or the client's own when None:
    Messages for an Anthropic client, Responses for an OpenAI one."""
    if api is None:
        api = "responses" if type(client).__module__.split(".")[0] == "openai" else "messages"
    wires = {"messages": MESSAGES, "responses": RESPONSES_WIRE, "chat": CHAT}
    if api not in wires:
        raise ValueError(f"api must be one of {', '.join(sorted(wires))}, not {api!r}")
    return wires[api]
