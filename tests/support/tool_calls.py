"""Tool calls as hosts store them, built with the SDKs' own models.

An assistant turn is a ``Message`` (or ``BetaMessage`` for MCP blocks) parsed from JSON
shaped like the API's, stored as ``[b.model_dump() for b in message.content]``; an OpenAI
turn is a ``ChatCompletion``'s ``choices[0].message.model_dump(exclude_none=True)``. The
answers are the ``tool_result`` blocks (or ``tool`` messages) a host sends back.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from openai.types.chat import ChatCompletion

from tests.support.responses import _message

_ids = itertools.count(1)


def calls(*tools: tuple[str, dict[str, Any]], text: str = "") -> tuple[dict[str, Any], list[str]]:
    """An assistant turn calling ``tools`` ((name, input) pairs), and the calls' ids."""
    ids = [f"toolu_01Ledger{next(_ids):012d}" for _ in tools]
    content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    content += [
        {"type": "tool_use", "id": call_id, "name": name, "input": arguments}
        for call_id, (name, arguments) in zip(ids, tools, strict=True)
    ]
    message = _message(content, "tool_use")
    return {"role": "assistant", "content": [b.model_dump() for b in message.content]}, ids


def tool_call(name: str, arguments: dict[str, Any], text: str = "") -> tuple[dict[str, Any], str]:
    message, ids = calls((name, arguments), text=text)
    return message, ids[0]


def answers(*results: tuple[str, str] | tuple[str, str, bool]) -> dict[str, Any]:
    """The user turn answering calls: (id, output) or (id, output, is_error)."""
    blocks = []
    for result in results:
        call_id, output = result[0], result[1]
        block: dict[str, Any] = {
            "type": "tool_result",
            "tool_use_id": call_id,
            "content": [{"type": "text", "text": output}],
        }
        if len(result) > 2 and result[2]:
            block["is_error"] = True
        blocks.append(block)
    return {"role": "user", "content": blocks}


def tool_answer(call_id: str, output: str, *, error: bool = False) -> dict[str, Any]:
    return answers((call_id, output, error))


def turn(
    name: str, arguments: dict[str, Any], output: str, *, error: bool = False
) -> list[dict[str, Any]]:
    """One call and its answer."""
    message, call_id = tool_call(name, arguments)
    return [message, tool_answer(call_id, output, error=error)]


def server_turn(content: list[dict[str, Any]], *, beta: bool = False) -> dict[str, Any]:
    """An assistant turn holding server tool calls and their results (or MCP blocks)."""
    message = _message(content, "end_turn", beta=beta)
    return {"role": "assistant", "content": [b.model_dump() for b in message.content]}


def openai_calls(*tools: tuple[str, dict[str, Any] | str]) -> tuple[dict[str, Any], list[str]]:
    """An OpenAI assistant message calling functions: (name, arguments or raw argument text)."""
    ids = [f"call_Ledger{next(_ids):012d}" for _ in tools]
    completion = ChatCompletion.model_validate(
        {
            "id": f"chatcmpl-Ledger{next(_ids)}",
            "object": "chat.completion",
            "created": 1_790_000_000,
            "model": "gpt-5-codex",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": call_id,
                                "type": "function",
                                "function": {
                                    "name": name,
                                    "arguments": arguments
                                    if isinstance(arguments, str)
                                    else json.dumps(arguments),
                                },
                            }
                            for call_id, (name, arguments) in zip(ids, tools, strict=True)
                        ],
                    },
                }
            ],
            "usage": {"prompt_tokens": 2048, "completion_tokens": 64, "total_tokens": 2112},
        }
    )
    return completion.choices[0].message.model_dump(exclude_none=True), ids


def openai_answer(call_id: str, output: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": output}


def rows(messages: list[dict[str, Any]], fmt: str = "anthropic") -> list[dict[str, Any]]:
    """Messages as stored rows (seq from 1), for the pure ledger."""
    out = []
    for seq, message in enumerate(messages, start=1):
        if fmt == "openai":
            role = {"tool": "user", "developer": "system"}.get(message["role"], message["role"])
            out.append({"seq": seq, "role": role, "format": fmt, "content": message})
        else:
            out.append(
                {"seq": seq, "role": message["role"], "format": fmt, "content": message["content"]}
            )
    return out
