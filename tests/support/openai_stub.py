"""A local stand-in for OpenAI's Chat Completions and Responses APIs, answers built from the
SDK's own types; with ``compatible=True``, an OpenAI-compatible local server instead.

It runs like ``AnthropicStub`` (same lifecycle and scripting) and checks each request the
way ``chat.completions.create`` is checked server side, from the API's documented rules:
roles, content parts, no fields a role does not take, and tool calls answered by ``tool``
messages right after them. A payload the app builds in OpenAI format must pass here::

    with OpenAIStub() as stub:
        client = openai.OpenAI(api_key="x", base_url=stub.url + "/v1")
        client.chat.completions.create(model="gpt-5", messages=payload["messages"])

Usage comes from OpenAI's automatic prompt cache as ``tests.support.prompt_cache`` models it
(and counts tokens): a prompt of at least 1,024 tokens reads the longest prefix an earlier one
left within 5 minutes of its last use, in 128-token steps, reported as
``prompt_tokens_details.cached_tokens`` (Chat Completions) or
``input_tokens_details.cached_tokens`` (Responses). The clock, ``stub.cache`` and ``clear()``
are as ``AnthropicStub``'s. ``OpenAIStub(cached_tokens=N)`` (or setting ``stub.cached_tokens``)
scripts the reported figure instead (capped at the prompt), for tests about how the app books
it; ``compatible=True`` reports no cached-token details, as local servers do.
"""

from __future__ import annotations

import json
from typing import Any

from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.chat.completion_create_params import CompletionCreateParamsBase
from openai.types.responses import ResponseInputParam, ResponseStreamEvent
from openai.types.responses.input_token_count_params import InputTokenCountParams
from openai.types.responses.response_create_params import ResponseCreateParamsBase
from pydantic import TypeAdapter, ValidationError

from tests.support.anthropic_stub import AnthropicStub, StubResponse, _Handler
from tests.support.messages_api import InvalidRequest
from tests.support.prompt_cache import (
    OpenAIPromptCache,
    OpenAIUsage,
    chat_blocks,
    prompt_tokens,
    responses_blocks,
)
from tests.support.responses import chat_completion_json, responses_json

# What each role may carry (the SDK's ChatCompletion*MessageParam TypedDicts).
FIELDS = {
    "system": {"role", "content", "name"},
    "developer": {"role", "content", "name"},
    "user": {"role", "content", "name"},
    "assistant": {"role", "content", "name", "refusal", "tool_calls", "audio", "function_call"},
    "tool": {"role", "content", "tool_call_id"},
}
PARTS = {
    "system": {"text"},
    "developer": {"text"},
    "user": {"text", "image_url", "input_audio", "file"},
    "assistant": {"text", "refusal"},
    "tool": {"text"},
}


def validate_chat_request(body: Any) -> None:
    """Raise ``InvalidRequest`` when Chat Completions would answer 400 to ``body``."""
    if not isinstance(body, dict) or not isinstance(body.get("model"), str):
        raise InvalidRequest("model: you must provide a model parameter")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise InvalidRequest("messages: must be a non-empty array")
    open_calls: list[str] = []
    for i, message in enumerate(messages):
        where = f"messages[{i}]"
        role = message.get("role") if isinstance(message, dict) else None
        if role not in FIELDS:
            raise InvalidRequest(f"{where}.role: invalid value {role!r}")
        extra = set(message) - FIELDS[role]
        if extra:
            raise InvalidRequest(f"{where}: unrecognized field(s) {sorted(extra)}")
        _check_content(message, role, where)
        if role == "tool":
            if message.get("tool_call_id") not in open_calls:
                raise InvalidRequest(
                    f"{where}: messages with role 'tool' must be a response to a preceding "
                    "message with 'tool_calls'"
                )
            open_calls.remove(message["tool_call_id"])
            continue
        if open_calls:
            raise InvalidRequest(
                f"{where}: an assistant message with 'tool_calls' must be followed by tool "
                f"messages responding to each 'tool_call_id'. Missing: {', '.join(open_calls)}"
            )
        if role == "assistant":
            for j, call in enumerate(message.get("tool_calls") or ()):
                _check_call(call, f"{where}.tool_calls[{j}]")
                open_calls.append(call["id"])


def _check_content(message: dict[str, Any], role: str, where: str) -> None:
    content = message.get("content")
    if content is None:
        if role == "assistant" and (message.get("tool_calls") or message.get("refusal")):
            return
        raise InvalidRequest(f"{where}.content: required")
    if isinstance(content, str):
        return
    if not isinstance(content, list) or not content:
        raise InvalidRequest(f"{where}.content: must be a string or a non-empty array of parts")
    for j, part in enumerate(content):
        kind = part.get("type") if isinstance(part, dict) else None
        if kind not in PARTS[role]:
            raise InvalidRequest(f"{where}.content[{j}].type: invalid for role {role!r}")
        if kind == "image_url" and not str((part.get("image_url") or {}).get("url") or ""):
            raise InvalidRequest(f"{where}.content[{j}].image_url.url: required")
        if kind == "text" and not isinstance(part.get("text"), str):
            raise InvalidRequest(f"{where}.content[{j}].text: required")


def _check_call(call: Any, where: str) -> None:
    if not isinstance(call, dict) or not isinstance(call.get("id"), str):
        raise InvalidRequest(f"{where}.id: required")
    extra = set(call) - {"id", "type", "function", "custom"}
    if extra:
        raise InvalidRequest(f"{where}: unrecognized field(s) {sorted(extra)}")
    if call.get("type") == "function":
        function = call.get("function") or {}
        if set(function) - {"name", "arguments"}:
            raise InvalidRequest(f"{where}.function: unrecognized field(s)")
        if not isinstance(function.get("name"), str) or not isinstance(
            function.get("arguments"), str
        ):
            raise InvalidRequest(f"{where}.function: name and arguments (a string) are required")
    elif call.get("type") == "custom":
        custom = call.get("custom") or {}
        if not isinstance(custom.get("name"), str) or not isinstance(custom.get("input"), str):
            raise InvalidRequest(f"{where}.custom: name and input (a string) are required")
    else:
        raise InvalidRequest(f"{where}.type: must be 'function' or 'custom'")


INPUT_ITEMS = TypeAdapter(ResponseInputParam)
STREAM_EVENT = TypeAdapter(ResponseStreamEvent)

#: Top-level parameters each endpoint takes (the SDK's own TypedDicts).
CHAT_PARAMS = frozenset(CompletionCreateParamsBase.__annotations__) | {"stream"}
RESPONSES_PARAMS = frozenset(ResponseCreateParamsBase.__annotations__) | {"stream"}
COUNT_PARAMS = frozenset(InputTokenCountParams.__annotations__)

#: What the API says for each status, as ``(type, code, message)``.
OPENAI_ERRORS = {
    400: ("invalid_request_error", None, "Invalid request."),
    401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided."),
    403: ("invalid_request_error", None, "You are not allowed to sample from this model."),
    404: ("invalid_request_error", "model_not_found", "The model does not exist."),
    429: ("requests", "rate_limit_exceeded", "Rate limit reached for requests."),
    500: ("server_error", None, "The server had an error while processing your request."),
    503: ("server_error", None, "The engine is currently overloaded, please try again later."),
}


def openai_error(
    status: int, message: str | None = None, *, code: str | None = None, type_: str | None = None
) -> dict[str, Any]:
    kind, default_code, default_message = OPENAI_ERRORS.get(status, ("api_error", None, "Error"))
    return {
        "error": {
            "message": message or default_message,
            "type": type_ or kind,
            "param": None,
            "code": code if code is not None else default_code,
        }
    }


def validate_responses_request(body: Any, *, count: bool = False) -> None:
    """Raise ``InvalidRequest`` when Responses would answer 400 to ``body``."""
    if not isinstance(body, dict):
        raise InvalidRequest("body: must be a JSON object")
    extra = set(body) - (COUNT_PARAMS if count else RESPONSES_PARAMS)
    if extra:
        raise InvalidRequest(f"Unknown parameter: '{sorted(extra)[0]}'.")
    if not isinstance(body.get("model"), str):
        raise InvalidRequest("model: you must provide a model parameter")
    if not isinstance(body.get("input"), str | list):
        raise InvalidRequest("input: must be a string or an array of items")
    limit = body.get("max_output_tokens")
    if limit is not None and not (isinstance(limit, int) and limit >= 16):
        raise InvalidRequest("max_output_tokens: must be an integer of at least 16")
    if isinstance(body.get("input"), list):
        _check_items(body["input"])


def _check_items(items: list[Any]) -> None:
    """The input items as the API checks them: each a known item shape (no nulls where a
    value is required), every call answered by its output after it, no output without a call."""
    try:
        INPUT_ITEMS.validate_python(items)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][:2])
        raise InvalidRequest(f"Invalid 'input[{where}]': {first['msg']}") from None
    called: set[str] = set()
    answered: set[str] = set()
    for item in items:
        kind = item.get("type")
        if kind in ("function_call", "custom_tool_call"):
            called.add(item["call_id"])
        elif kind in ("function_call_output", "custom_tool_call_output"):
            if item["call_id"] not in called:
                raise InvalidRequest(
                    f"No tool call found for function call output with call_id {item['call_id']}."
                )
            answered.add(item["call_id"])
    missing = sorted(called - answered)
    if missing:
        raise InvalidRequest(f"No tool output found for function call {missing[0]}.")


def estimate_tokens(body: dict[str, Any]) -> int:
    """A Chat Completions or Responses prompt's tokens, as the stand-in counts and reports
    them (``tests.support.prompt_cache``'s per-block rule)."""
    return prompt_tokens(chat_blocks(body) if "messages" in body else responses_blocks(body))


class _OpenAIHandler(_Handler):
    @property
    def paths(self) -> tuple[str, ...]:
        if self.stub.compatible:
            return ("/v1/chat/completions",)
        return ("/v1/chat/completions", "/v1/responses", "/v1/responses/input_tokens")

    def do_POST(self) -> None:
        request = self._receive()
        path, headers, body = request.path, request.headers, request.body
        if path not in self.paths:
            self._send_json(404, openai_error(404, f"Not found: {path}", code="not_found"))
            return
        try:
            if not self.stub.compatible:
                self._check_auth(headers)
            if path == "/v1/chat/completions":
                self._check_chat(body)
            else:
                validate_responses_request(body, count=path.endswith("/input_tokens"))
        except InvalidRequest as exc:
            error = openai_error(exc.status, exc.message)
            error["error"]["param"] = getattr(exc, "param", None)
            self._send_json(exc.status, error)
            return
        if path.endswith("/input_tokens"):
            self._send_json(200, {"object": "response.input_tokens", **self._tokens(body)})
            return
        window = self.stub.context_window
        if window is not None and self._tokens(body)["input_tokens"] > window:
            message = (
                f"This model's maximum context length is {window} tokens. However, your "
                f"messages resulted in {self._tokens(body)['input_tokens']} tokens."
            )
            self._send_json(400, openai_error(400, message, code="context_length_exceeded"))
            return
        response = self.stub._next_response()
        if response.delay > 0 and self.stub._closing.wait(response.delay):
            self.close_connection = True
            return
        if response.body is not None:
            self._send_json(response.status, response.body, response.headers)
            return
        if path == "/v1/chat/completions" and body.get("stream"):
            self._send_chunks(self._completion(body, response), body, response.headers)
        elif path == "/v1/chat/completions":
            self._send_json(200, self._completion(body, response), response.headers)
        elif body.get("stream"):
            self._send_response_events(self._response(body, response), response.headers)
        else:
            self._send_json(200, self._response(body, response), response.headers)

    def _check_chat(self, body: Any) -> None:
        validate_chat_request(body)
        extra = set(body) - CHAT_PARAMS
        if extra:
            raise InvalidRequest(f"Unrecognized request argument supplied: {sorted(extra)[0]}")
        if (
            not self.stub.compatible
            and "max_tokens" in body
            and str(body["model"]).startswith(("gpt-5", "o3", "o4"))
        ):
            refused = InvalidRequest(
                "Unsupported parameter: 'max_tokens' is not supported with this model. Use "
                "'max_completion_tokens' instead."
            )
            refused.param = "max_tokens"  # type: ignore[attr-defined]
            raise refused
        if self.stub.compatible:
            # As vLLM and Ollama: the arguments of past tool calls are parsed as JSON.
            for i, message in enumerate(body["messages"]):
                for call in message.get("tool_calls") or ():
                    try:
                        json.loads(call["function"]["arguments"])
                    except (KeyError, ValueError):
                        raise InvalidRequest(
                            f"messages[{i}]: invalid tool call arguments"
                        ) from None
            # As many local servers: no structured output, and only the older token limit.
            if "response_format" in body:
                raise InvalidRequest("response_format: not supported by this server")
            if "max_completion_tokens" in body:
                raise InvalidRequest("max_completion_tokens: unknown field")

    def _tokens(self, body: dict[str, Any]) -> dict[str, int]:
        return {"input_tokens": estimate_tokens(body)}

    def _usage(self, body: dict[str, Any], api: str) -> OpenAIUsage:
        """The prompt side of the usage (the cache updated), or the scripted cached figure."""
        with self.stub._lock:
            usage: OpenAIUsage = self.stub.cache.usage(body, api=api)
        scripted = self.stub.cached_tokens
        if scripted is not None:
            usage = OpenAIUsage(usage.prompt_tokens, min(usage.prompt_tokens, scripted))
        return usage

    def _text(self, response: StubResponse) -> str | None:
        return response.text if response.text is not None else self.stub.default_text

    def _completion(self, body: dict[str, Any], response: StubResponse) -> dict[str, Any]:
        text = self._text(response)
        completion = chat_completion_json(text, model=response.model or body["model"])
        completion["id"] = self.stub._next_message_id()
        choice = completion["choices"][0]
        if response.blocks is not None:
            # Tool calls: ``blocks`` holds them as the API answers them.
            choice["message"].update(content=response.text, tool_calls=response.blocks)
            choice["finish_reason"] = "tool_calls"
        elif response.stop_reason == "refusal":
            choice["message"].update(content=None, refusal="I can't help with that.")
        elif response.stop_reason != "end_turn":
            choice["finish_reason"] = response.stop_reason
        modelled = self._usage(body, "chat").chat()
        if self.stub.compatible:
            del modelled["prompt_tokens_details"]
        usage = completion["usage"]
        usage.update(modelled)
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return ChatCompletion.model_validate(completion).model_dump(mode="json", exclude_unset=True)

    def _send_chunks(
        self, completion: dict[str, Any], body: dict[str, Any], headers: dict[str, str]
    ) -> None:
        """``completion`` as the stream of ``chat.completion.chunk`` events the API sends."""
        choice = completion["choices"][0]
        message = choice["message"]
        base = {k: completion[k] for k in ("id", "created", "model")}
        base["object"] = "chat.completion.chunk"

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        chunks = [chunk({"role": "assistant", "content": ""})]
        text = message.get("content") or ""
        chunks += [chunk({"content": text[i : i + 40]}) for i in range(0, len(text), 40)]
        if message.get("refusal"):
            chunks.append(chunk({"refusal": message["refusal"]}))
        for index, call in enumerate(message.get("tool_calls") or ()):
            function = call["function"]
            head = {"name": function["name"], "arguments": ""}
            chunks.append(
                chunk(
                    {
                        "tool_calls": [
                            {"index": index, "id": call["id"], "type": "function", "function": head}
                        ]
                    }
                )
            )
            chunks.append(
                chunk(
                    {
                        "tool_calls": [
                            {"index": index, "function": {"arguments": function["arguments"]}}
                        ]
                    }
                )
            )
        chunks.append(chunk({}, choice["finish_reason"]))
        if (body.get("stream_options") or {}).get("include_usage"):
            chunks.append({**base, "choices": [], "usage": completion["usage"]})
        for event in chunks:
            ChatCompletionChunk.model_validate(event)  # the SDK's own type checks the shape
        data = "".join(f"data: {json.dumps(event)}\n\n" for event in chunks)
        self._send_stream(data + "data: [DONE]\n\n", headers)

    def _response(self, body: dict[str, Any], response: StubResponse) -> dict[str, Any]:
        usage = self._usage(body, "responses")
        answer = responses_json(
            self._text(response),
            model=response.model or body["model"],
            input_tokens=usage.prompt_tokens,
            cached_tokens=usage.cached_tokens,
            refusal="I can't help with that." if response.stop_reason == "refusal" else None,
            incomplete=response.stop_reason
            if response.stop_reason in ("max_output_tokens", "content_filter")
            else None,
            # Scripted output items (reasoning, function calls, ...), as the API answers them.
            items=response.blocks,
        )
        answer["id"] = f"resp_{self.stub._next_message_id()}"
        return answer

    def _send_response_events(self, response: dict[str, Any], headers: dict[str, str]) -> None:
        """``response`` as the stream of events the Responses API sends for it."""
        numbers = iter(range(10_000))
        events: list[dict[str, Any]] = []

        def event(kind: str, **fields: Any) -> None:
            events.append({"type": kind, "sequence_number": next(numbers), **fields})

        event("response.created", response={**response, "status": "in_progress", "output": []})
        for index, item in enumerate(response["output"]):
            if item["type"] == "message":
                event(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "status": "in_progress", "content": []},
                )
                for part_index, part in enumerate(item["content"]):
                    ids = {
                        "item_id": item["id"],
                        "output_index": index,
                        "content_index": part_index,
                    }
                    if part["type"] != "output_text":
                        event("response.content_part.added", **ids, part=part)
                        event("response.content_part.done", **ids, part=part)
                        continue
                    event("response.content_part.added", **ids, part={**part, "text": ""})
                    text = part["text"]
                    for start in range(0, len(text), 40):
                        event(
                            "response.output_text.delta",
                            **ids,
                            delta=text[start : start + 40],
                            logprobs=[],
                        )
                    event("response.output_text.done", **ids, text=text, logprobs=[])
                    event("response.content_part.done", **ids, part=part)
            elif item["type"] == "function_call":
                event(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "arguments": "", "status": "in_progress"},
                )
                ids = {"item_id": item["id"], "output_index": index}
                event("response.function_call_arguments.delta", **ids, delta=item["arguments"])
                event(
                    "response.function_call_arguments.done",
                    **ids,
                    arguments=item["arguments"],
                    name=item["name"],
                )
            else:
                event("response.output_item.added", output_index=index, item=item)
            event("response.output_item.done", output_index=index, item=item)
        event("response.completed", response=response)
        for one in events:
            STREAM_EVENT.validate_python(one)  # the SDK's own types check each event
        data = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)
        self._send_stream(data, headers)

    def _send_stream(self, data: str, headers: dict[str, str]) -> None:
        """Server-sent events, as one response."""
        encoded = data.encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(encoded)))
            self.send_header("x-request-id", f"req_openai_{self.stub._peek_request_id()}")
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(encoded)
            self.wfile.flush()
        except OSError:
            self.close_connection = True

    def _send_json(
        self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        # OpenAI's request id header, beside the one the base handler sends.
        request_id = f"req_openai_{self.stub._peek_request_id()}"
        super()._send_json(status, body, {"x-request-id": request_id, **(headers or {})})


class OpenAIStub(AnthropicStub):
    """OpenAI's Chat Completions and Responses endpoints at ``stub.url + "/v1"``.

    ``compatible=True`` plays an OpenAI-compatible local server (vLLM, Ollama, llama.cpp):
    Chat Completions only, no key checked, no ``response_format``, ``max_tokens`` only, and
    no cached-token details in its usage. ``cached_tokens``: when set, what a success reports
    as read from the prompt cache instead of the modelled figure.
    """

    handler_class = _OpenAIHandler
    cache_class = OpenAIPromptCache

    def __init__(
        self, *, compatible: bool = False, cached_tokens: int | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.compatible = compatible
        self.cached_tokens = cached_tokens

    def _peek_request_id(self) -> int:
        with self._lock:
            return len(self.requests)

    def enqueue_openai_error(
        self,
        status: int,
        message: str | None = None,
        *,
        code: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        """An error answer in OpenAI's shape ``{"error": {message, type, param, code}}``."""
        headers = {"retry-after": f"{retry_after:g}"} if retry_after is not None else {}
        self.enqueue(
            StubResponse(
                status=status, body=openai_error(status, message, code=code), headers=headers
            )
        )
