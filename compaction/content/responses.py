"""OpenAI Responses items: accepted as ``responses.create(input=[...])`` takes them and as
``response.output`` gives them (``model_dump()``), one stored message per item.

An item is stored exactly as it was sent, so that it goes back byte for byte in a Responses
payload (``encrypted_content``, ids and signatures included). Everything else in the app reads
its *canonical* form, the Anthropic blocks it maps to:

==========================================  ===========================================
Responses item                              canonical (Anthropic)
==========================================  ===========================================
``message`` (user / system / developer)     a user or system message of text (images)
``message`` (assistant, output_text)        assistant ``text``; a refusal as text
``function_call`` / ``custom_tool_call``,   ``tool_use`` (``id`` = ``call_id``; the
``computer_call``, ``shell_call``,          arguments parsed from JSON)
``local_shell_call``, ``apply_patch_call``
``*_call_output`` (``call_id``)             a user message with one ``tool_result``
anything else (``reasoning``,               one ``openai_item`` block holding the item:
``web_search_call``, ``file_search_call``,  read for the transcript and the admin, never
``mcp_call``, ``code_interpreter_call``,    sent to another API
``image_generation_call``, ``compaction``,
a type this version does not know, ...)
==========================================  ===========================================

A call and its output pair by ``call_id`` as ``tool_use`` and ``tool_result`` do; the items of
one response (reasoning, calls, message) follow each other as assistant messages of one turn.
"""

from __future__ import annotations

import json
import re
from typing import Any

from compaction.content.blocks import ASSISTANT, SYSTEM, USER, view
from compaction.content.schema import Errors, add_error, join_path
from compaction.content.views import result_text

#: Client tool calls (the host answers them) and the type of item that answers each.
CALLS = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "computer_call": "computer_call_output",
    "shell_call": "shell_call_output",
    "local_shell_call": "local_shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
}
OUTPUTS = {output: call for call, output in CALLS.items()}
#: Items the user side sends besides messages and call outputs.
USER_ITEMS = frozenset({"mcp_approval_response", "item_reference", "compaction_trigger"})
#: Opaque items another API cannot carry: a payload in another format that would need them
#: is refused, naming them, rather than sent without them.
OPAQUE = frozenset({"reasoning", "compaction"})
MESSAGE_ROLES = ("user", "system", "developer", "assistant")
#: The summary of a checkpoint made by OpenAI's server-side compaction: its ``compaction``
#: item is encrypted, so there is nothing this app (or its audit) can read.
UNREADABLE_SUMMARY = "[OpenAI compaction: content not readable]"
TEXT_PARTS = ("input_text", "output_text")
TYPE_NAME = re.compile(r"[a-z][a-z0-9_.]{0,63}")
_DATA_URL = re.compile(r"data:(?P<media>[\w.+-]+/[\w.+-]+);base64,(?P<data>.*)", re.DOTALL)


def item_type(item: dict[str, Any]) -> str:
    """An item's type; a bare ``{"role", "content"}`` is a message (EasyInputMessage)."""
    kind = item.get("type")
    if kind is None and "role" in item:
        return "message"
    return kind if isinstance(kind, str) else ""


def canonical_role(item: dict[str, Any]) -> str:
    kind = item_type(item)
    if kind == "message":
        role = item.get("role")
        return {"system": SYSTEM, "developer": SYSTEM}.get(str(role), str(role))
    if kind in OUTPUTS or kind in USER_ITEMS:
        return USER
    return ASSISTANT


def _text(value: Any, path: str, errors: Errors, *, nonblank: bool = False) -> None:
    if not isinstance(value, str) or (nonblank and not value.strip()):
        add_error(errors, path, "must be a non-empty string" if nonblank else "must be a string")


def clean_item(
    raw: dict[str, Any], path: str, errors: Errors, *, unknown: str = "store"
) -> dict[str, Any] | None:
    """One item in its sendable form (as given), or None when it cannot be stored."""
    kind = item_type(raw)
    at = lambda name: join_path(path, name)  # noqa: E731
    if not kind or not TYPE_NAME.fullmatch(kind):
        add_error(errors, at("type"), "must name the item type (message, function_call, ...)")
        return None
    if kind == "message":
        if raw.get("role") not in MESSAGE_ROLES:
            add_error(errors, at("role"), f"must be one of: {', '.join(MESSAGE_ROLES)}")
            return None
        content = raw.get("content")
        if isinstance(content, str):
            _text(content, at("content"), errors, nonblank=True)
        elif isinstance(content, list) and content:
            for i, part in enumerate(content):
                where = join_path(at("content"), i)
                if not isinstance(part, dict) or not isinstance(part.get("type"), str):
                    add_error(errors, join_path(where, "type"), "must name the part type")
                elif part["type"] in TEXT_PARTS:
                    _text(part.get("text"), join_path(where, "text"), errors)
                elif part["type"] == "refusal":
                    _text(part.get("refusal"), join_path(where, "refusal"), errors)
        else:
            add_error(errors, at("content"), "must be a string or a non-empty list of parts")
        return raw
    if kind in CALLS or kind in OUTPUTS:
        _text(raw.get("call_id"), at("call_id"), errors, nonblank=True)
    if kind in ("function_call", "custom_tool_call"):
        _text(raw.get("name"), at("name"), errors, nonblank=True)
        _text(
            raw.get("arguments" if kind == "function_call" else "input"),
            at("arguments" if kind == "function_call" else "input"),
            errors,
        )
    elif kind in OUTPUTS and "output" not in raw:
        add_error(errors, at("output"), "this field is required")
    elif kind not in KNOWN and unknown != "store":
        add_error(errors, at("type"), f"unknown item type {kind!r}")
    return raw


#: Every item type of the Responses API as of openai 3.50 (``ResponseInputItemParam``).
KNOWN = frozenset(
    {
        "message",
        *CALLS,
        *OUTPUTS,
        *USER_ITEMS,
        "reasoning",
        "compaction",
        "web_search_call",
        "file_search_call",
        "image_generation_call",
        "code_interpreter_call",
        "mcp_call",
        "mcp_list_tools",
        "mcp_approval_request",
        "tool_search_call",
        "tool_search_output",
        "additional_tools",
        "configuration_update",
        "program",
        "program_output",
    }
)


def _image_block(part: dict[str, Any]) -> dict[str, Any] | None:
    url = part.get("image_url")
    if not isinstance(url, str):
        return None
    if match := _DATA_URL.fullmatch(url):
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": match["media"], "data": match["data"]},
        }
    if url.startswith(("https://", "http://")):
        return {"type": "image", "source": {"type": "url", "url": url}}
    return None


def _arguments(raw: Any) -> dict[str, Any]:
    try:
        value = json.loads(raw) if isinstance(raw, str) and raw.strip() else {}
    except ValueError:
        return {"arguments": raw}
    return value if isinstance(value, dict) else {"input": value}


def _output_text(output: Any) -> Any:
    if isinstance(output, str):
        return output
    if isinstance(output, list):
        texts = [
            str(part.get("text") or "")
            for part in output
            if isinstance(part, dict) and part.get("type") in TEXT_PARTS
        ]
        return "\n".join(texts) if texts else json.dumps(output, ensure_ascii=False)
    return json.dumps(output, ensure_ascii=False)


def to_blocks(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The canonical (Anthropic) blocks of a stored item."""
    kind = item_type(item)
    if kind == "message":
        content = item.get("content")
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        blocks: list[dict[str, Any]] = []
        for part in content or ():
            part_type = part.get("type") if isinstance(part, dict) else None
            if part_type in TEXT_PARTS:
                blocks.append({"type": "text", "text": str(part.get("text") or "")})
            elif part_type == "refusal":
                blocks.append({"type": "text", "text": str(part.get("refusal") or "")})
            elif part_type == "input_image" and (image := _image_block(part)) is not None:
                blocks.append(image)
            else:
                blocks.append({"type": "openai_item", "item": {"type": "part", "part": part}})
        return blocks
    if kind in CALLS:
        name = item.get("name") or kind.removesuffix("_call")
        if kind == "function_call":
            arguments = _arguments(item.get("arguments"))
        elif kind == "custom_tool_call":
            arguments = {"input": item.get("input")}
        else:
            arguments = {k: v for k, v in item.items() if k in ("action", "operation", "commands")}
        return [{"type": "tool_use", "id": str(item["call_id"]), "name": name, "input": arguments}]
    if kind in OUTPUTS:
        block = {
            "type": "tool_result",
            "tool_use_id": str(item["call_id"]),
            "content": _output_text(item.get("output")),
        }
        if item.get("status") == "incomplete" or item.get("is_error"):
            block["is_error"] = True
        return [block]
    return [{"type": "openai_item", "item": item}]


def is_compaction(item: Any) -> bool:
    """OpenAI's server-side ``compaction`` item (it stands for everything before it)."""
    return isinstance(item, dict) and item_type(item) == "compaction"


def opaque_types(items: list[dict[str, Any]]) -> list[str]:
    """The types of ``items`` that another API cannot carry (``OPAQUE``), in order, once."""
    seen: list[str] = []
    for item in items:
        kind = item_type(item)
        if kind in OPAQUE and kind not in seen:
            seen.append(kind)
    return seen


def from_blocks(role: str, content: Any) -> list[dict[str, Any]]:
    """Responses items carrying a canonical (Anthropic) message, as faithfully as they allow.

    Text becomes a message, images ``input_image`` parts, tool uses ``function_call`` items
    and tool results ``function_call_output`` items; server tool calls, documents and search
    results become readable text; thinking, compaction blocks and fallback markers are left
    out (the summary is placed on its own), as in the Chat Completions mapping.
    """
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    if role == SYSTEM:
        text = "\n\n".join(str(b.get("text")) for b in blocks if b.get("type") == "text")
        return [{"role": "system", "content": text}] if text.strip() else []
    items: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []

    def flush() -> None:
        if not parts:
            return
        if role == ASSISTANT:
            text = "\n\n".join(p["text"] for p in parts if "text" in p)
            items.append({"role": "assistant", "content": text})
        elif all(p["type"] == "input_text" for p in parts):
            items.append({"role": "user", "content": "\n\n".join(p["text"] for p in parts)})
        else:
            items.append({"role": "user", "content": list(parts)})
        parts.clear()

    for block in blocks:
        kind = block.get("type")
        if kind == "text":
            parts.append({"type": "input_text", "text": str(block.get("text") or "")})
        elif kind == "tool_use":
            flush()
            items.append(
                {
                    "type": "function_call",
                    "call_id": str(block["id"]),
                    "name": str(block["name"]),
                    "arguments": json.dumps(block.get("input") or {}, ensure_ascii=False),
                }
            )
        elif kind == "tool_result":
            text = result_text(block.get("content"))
            if block.get("is_error"):
                text = f"[error] {text}"
            items.append(
                {
                    "type": "function_call_output",
                    "call_id": str(block["tool_use_id"]),
                    "output": text,
                }
            )
        elif kind == "openai_item":
            flush()
            items.append(block["item"])
        elif kind == "image" and role == USER and (part := _image_part(block)) is not None:
            parts.append(part)
        elif kind in ("thinking", "redacted_thinking", "compaction", "fallback"):
            continue
        else:
            seen = view(block)
            text = "\n".join(x for x in (seen.label, seen.body) if x)
            if seen.kind != "note" and text:
                parts.append({"type": "input_text", "text": text})
    flush()
    return items


def _image_part(block: dict[str, Any]) -> dict[str, Any] | None:
    source = block.get("source") or {}
    if source.get("type") == "base64":
        url = f"data:{source.get('media_type')};base64,{source.get('data')}"
    elif source.get("type") == "url":
        url = str(source.get("url"))
    else:
        return None
    return {"type": "input_image", "image_url": url, "detail": "auto"}
