"""A local stub of OpenAI's Chat Completions API, for the OpenAI message format's tests.

It runs like ``AnthropicStub`` (same lifecycle and scripting) and checks each request the
way ``chat.completions.create`` is checked server side, from the API's documented rules:
roles, content parts, no fields a role does not take, and tool calls answered by ``tool``
messages right after them. A payload the app builds in OpenAI format must pass here::

    with OpenAIStub() as stub:
        client = openai.OpenAI(api_key="x", base_url=stub.url + "/v1")
        client.chat.completions.create(model="gpt-5", messages=payload["messages"])
"""

from __future__ import annotations

import json
from typing import Any

from tests.support.anthropic_stub import AnthropicStub, _Handler
from tests.support.messages_api import InvalidRequest
from tests.support.responses import chat_completion_json

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
    if call.get("type") == "function":
        function = call.get("function") or {}
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


class _OpenAIHandler(_Handler):
    def do_POST(self) -> None:
        request = self._receive()
        path, headers, body = request.path, request.headers, request.body
        if path != "/v1/chat/completions":
            self._send_json(404, {"error": {"message": f"Not found: {path}", "type": "invalid"}})
            return
        try:
            self._check_auth(headers)
            validate_chat_request(body)
        except InvalidRequest as exc:
            error = {"message": exc.message, "type": "invalid_request_error", "code": None}
            self._send_json(exc.status, {"error": error})
            return
        response = self.stub._next_response()
        text = response.text if response.text is not None else self.stub.default_text
        completion = chat_completion_json(text, model=body["model"])
        completion["id"] = self.stub._next_message_id()
        completion["usage"]["prompt_tokens"] = max(1, len(json.dumps(body["messages"])) // 4)
        completion["usage"]["total_tokens"] = sum(
            completion["usage"][k] for k in ("prompt_tokens", "completion_tokens")
        )
        self._send_json(200, completion)


class OpenAIStub(AnthropicStub):
    """A Chat Completions endpoint at ``stub.url + "/v1"``."""

    handler_class = _OpenAIHandler
