"""OpenAI Chat Completions messages: accepted as ``chat.completions.create`` takes them.

An OpenAI-format message is stored as it was sent (its sendable form) so that it comes
back identical in an OpenAI payload; everything else in the app (tokens, pruning, the
cut point, summaries, the admin, the Anthropic payload) reads its *canonical* form, the
Anthropic blocks it maps to:

================================  ============================================
OpenAI                            canonical (Anthropic)
================================  ============================================
``system`` / ``developer``        a ``system`` message of text blocks
``user`` text / ``image_url``     ``text`` / ``image`` (a ``data:`` URL becomes base64)
``assistant`` content, refusal    ``text`` blocks
``assistant`` ``tool_calls``      ``tool_use`` (``arguments`` parsed from JSON)
``tool`` (``tool_call_id``)       a user message with one ``tool_result``
================================  ============================================

What the Anthropic side cannot carry is refused with a clear message rather than
stored and silently lost: audio (``input_audio`` parts, assistant ``audio``), ``file``
parts, and the deprecated ``function_call`` / ``function`` role. ``annotations`` (the
response's URL citations) are dropped: ``create`` does not accept them back.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any

from compaction.content.blocks import ASSISTANT, SYSTEM, USER, view
from compaction.content.schema import (
    Either,
    Errors,
    ListOf,
    Obj,
    Refused,
    Spec,
    Tagged,
    Text,
    Verbatim,
    add_error,
    is_web_url,
    join_path,
    optional,
    required,
)
from compaction.content.shapes import TOOL_ID, TOOL_NAME
from compaction.content.views import BlockView, result_text

OPENAI_ROLES = ("system", "developer", "user", "assistant", "tool")
_IMAGE_MEDIA = ("image/jpeg", "image/png", "image/gif", "image/webp")
_DATA_URL = re.compile(r"data:(?P<media>[\w.+-]+/[\w.+-]+);base64,(?P<data>.*)", re.DOTALL)
_UNSUPPORTED = (
    "is not supported: django-compaction stores what both the OpenAI and the Anthropic "
    "payloads can carry"
)

_BREAKPOINT = optional(Verbatim(object_only=True))
_TEXT_PART = Obj(
    "text part",
    {
        "type": required(Text(choices=("text",))),
        "text": required(Text(nonblank=True)),
        "prompt_cache_breakpoint": _BREAKPOINT,
    },
)
_IMAGE_PART = Obj(
    "image_url part",
    {
        "type": required(Text(choices=("image_url",))),
        "image_url": required(
            Obj(
                "image_url",
                {
                    "url": required(Text(nonblank=True)),
                    "detail": optional(Text(choices=("auto", "low", "high", "original"))),
                },
            )
        ),
        "prompt_cache_breakpoint": _BREAKPOINT,
    },
)
_REFUSAL_PART = Obj(
    "refusal part",
    {"type": required(Text(choices=("refusal",))), "refusal": required(Text(nonblank=True))},
)


_REFUSED_PARTS = {
    "input_audio": Refused(f"an input_audio part {_UNSUPPORTED}"),
    "file": Refused(f"a file part {_UNSUPPORTED}"),
}


def _parts(variants: dict[str, Spec], what: str, *, nonblank: bool = True) -> Either:
    """A string, or a list of parts of the given types (audio and files are refused)."""
    return Either(
        (
            (lambda v: isinstance(v, str), Text(nonblank=nonblank)),
            (
                lambda v: isinstance(v, list),
                ListOf(Tagged(what, {**variants, **_REFUSED_PARTS}), nonempty=nonblank),
            ),
        ),
        hint=f"must be a string or a list of {what}s",
    )


_TOOL_CALL = Tagged(
    "tool call",
    {
        "function": Obj(
            "tool call",
            {
                "id": required(TOOL_ID),
                "type": required(Text(choices=("function",))),
                "function": required(
                    Obj(
                        "function",
                        {"name": required(TOOL_NAME), "arguments": required(Text())},
                    )
                ),
            },
        ),
        "custom": Obj(
            "tool call",
            {
                "id": required(TOOL_ID),
                "type": required(Text(choices=("custom",))),
                "custom": required(
                    Obj(
                        "custom tool call", {"name": required(TOOL_NAME), "input": required(Text())}
                    )
                ),
            },
        ),
    },
)
_NAME = optional(Text(nonblank=True))
SHAPES: dict[str, Obj] = {
    "system": Obj(
        "system message",
        {
            "role": required(Text()),
            "content": required(_parts({"text": _TEXT_PART}, "text part")),
            "name": _NAME,
        },
    ),
    "user": Obj(
        "user message",
        {
            "role": required(Text()),
            "content": required(
                _parts({"text": _TEXT_PART, "image_url": _IMAGE_PART}, "content part")
            ),
            "name": _NAME,
        },
    ),
    "assistant": Obj(
        "assistant message",
        {
            "role": required(Text()),
            "content": optional(
                _parts(
                    {"text": _TEXT_PART, "refusal": _REFUSAL_PART}, "content part", nonblank=False
                )
            ),
            "refusal": optional(Text()),
            "tool_calls": optional(ListOf(_TOOL_CALL)),
            "name": _NAME,
        },
    ),
    "tool": Obj(
        "tool message",
        {
            "role": required(Text()),
            "tool_call_id": required(TOOL_ID),
            "content": required(_parts({"text": _TEXT_PART}, "text part", nonblank=False)),
        },
    ),
}
SHAPES["developer"] = Obj("developer message", SHAPES["system"].fields)
#: Response-only fields that ``create`` does not take back.
_RESPONSE_ONLY = ("annotations",)


def canonical_role(role: str) -> str:
    return {"system": SYSTEM, "developer": SYSTEM, "tool": USER}.get(role, role)


def clean_message(raw: dict[str, Any], path: str, errors: Errors) -> dict[str, Any] | None:
    """One OpenAI message in its sendable form, or None when it cannot be stored."""
    role = raw.get("role")
    if role not in OPENAI_ROLES:
        hint = " (function_call and the function role are deprecated; use tool_calls)"
        add_error(
            errors,
            join_path(path, "role"),
            f"must be one of: {', '.join(OPENAI_ROLES)}" + (hint if role == "function" else ""),
        )
        return None
    message = {k: v for k, v in raw.items() if k not in _RESPONSE_ONLY}
    if role == "assistant":
        if message.get("audio") is not None:
            add_error(errors, join_path(path, "audio"), f"audio {_UNSUPPORTED}")
        if message.get("function_call") is not None:
            add_error(
                errors,
                join_path(path, "function_call"),
                "function_call is deprecated and not supported: use tool_calls",
            )
        message = {k: v for k, v in message.items() if k not in ("audio", "function_call")}
    cleaned = SHAPES[role].clean(message, path, errors)
    if role == "assistant" and isinstance(cleaned, dict) and not _assistant_has_content(cleaned):
        add_error(
            errors, join_path(path, "content"), "an assistant message needs content or tool_calls"
        )
    return cleaned if isinstance(cleaned, dict) else None


def _assistant_has_content(message: dict[str, Any]) -> bool:
    content = message.get("content")
    has_text = (isinstance(content, str) and content.strip()) or (
        isinstance(content, list) and content
    )
    return bool(has_text or message.get("tool_calls") or message.get("refusal"))


# ----------------------------------------------------------------------------- to canonical


def _image_block(url: str) -> dict[str, Any]:
    match = _DATA_URL.fullmatch(url)
    if match and match.group("media") in _IMAGE_MEDIA:
        source = {"type": "base64", "media_type": match.group("media"), "data": match["data"]}
    else:
        source = {"type": "url", "url": url}
    return {"type": "image", "source": source}


def check_image_urls(message: dict[str, Any], path: str, errors: Errors) -> None:
    """An image URL is http(s), or a ``data:`` URL of a base64 image both APIs take."""
    content = message.get("content")
    for i, part in enumerate(content if isinstance(content, list) else ()):
        url = ((part or {}).get("image_url") or {}).get("url") if isinstance(part, dict) else None
        if not isinstance(url, str):
            continue
        where = join_path(join_path(join_path(path, "content"), i), "image_url.url")
        if not url.startswith("data:"):
            if not is_web_url(url):
                add_error(errors, where, "must be an http(s) URL or a data: URL")
            continue
        match = _DATA_URL.fullmatch(url)
        if not match or match.group("media") not in _IMAGE_MEDIA:
            add_error(errors, where, f"a data: URL must be base64 {', '.join(_IMAGE_MEDIA)}")
            continue
        try:
            base64.b64decode(match.group("data"), validate=True)
        except (binascii.Error, ValueError):
            add_error(errors, where, "the data: URL's base64 payload does not decode")


def _arguments(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        value = None
    # Models occasionally emit arguments that are not a JSON object; OpenAI takes them back
    # as they are, so they are kept, readable, rather than refused.
    return value if isinstance(value, dict) else {"arguments": raw}


def _text_blocks(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content.strip() else []
    blocks = []
    for part in content or ():
        text = part.get("text") if part.get("type") == "text" else part.get("refusal")
        if isinstance(text, str) and text.strip():
            blocks.append({"type": "text", "text": text})
    return blocks


def to_blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The canonical (Anthropic) blocks of a stored OpenAI message."""
    role = message.get("role")
    content = message.get("content")
    if role == "tool":
        result: dict[str, Any] = {"type": "tool_result", "tool_use_id": message["tool_call_id"]}
        if isinstance(content, str):
            result["content"] = content
        else:
            result["content"] = _text_blocks(content)
        return [result]
    if role == "user":
        if isinstance(content, str):
            return _text_blocks(content)
        blocks = []
        for part in content or ():
            if part.get("type") == "image_url":
                blocks.append(_image_block(part["image_url"]["url"]))
            else:
                blocks.extend(_text_blocks([part]))
        return blocks
    blocks = _text_blocks(content)
    if role == "assistant":
        if message.get("refusal"):
            blocks.append({"type": "text", "text": message["refusal"]})
        for call in message.get("tool_calls") or ():
            if call["type"] == "function":
                name, arguments = (
                    call["function"]["name"],
                    _arguments(call["function"]["arguments"]),
                )
            else:
                name, arguments = call["custom"]["name"], {"input": call["custom"]["input"]}
            blocks.append({"type": "tool_use", "id": call["id"], "name": name, "input": arguments})
    return blocks


# ----------------------------------------------------------------------------- from canonical


def _image_part(block: dict[str, Any]) -> dict[str, Any] | None:
    source = block.get("source") or {}
    if source.get("type") == "base64":
        url = f"data:{source['media_type']};base64,{source['data']}"
    elif source.get("type") == "url":
        url = source["url"]
    else:
        return None
    return {"type": "image_url", "image_url": {"url": url}}


def _as_text(block_view: BlockView) -> str:
    label = f"[{block_view.label}]" if block_view.label else ""
    return "\n".join(part for part in (label, block_view.body) if part)


def from_blocks(role: str, content: Any) -> list[dict[str, Any]]:
    """OpenAI messages carrying a canonical (Anthropic) message, as faithfully as it allows.

    Tool results become ``tool`` messages (before the rest of their user turn), tool uses
    become ``tool_calls``; server tool calls and their results, documents and search
    results become readable text; thinking, compaction blocks and fallback markers are
    left out (OpenAI has nowhere to put them, and the summary is placed on its own).
    """
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    if role == SYSTEM:
        text = "\n\n".join(str(b.get("text")) for b in blocks if b.get("type") == "text")
        return [{"role": "system", "content": text}] if text.strip() else []
    out: list[dict[str, Any]] = []
    parts: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for block in blocks:
        kind = block.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": block["text"]})
        elif kind == "tool_result":
            text = result_text(block.get("content"))
            if block.get("is_error"):
                text = f"[error] {text}"
            out.append({"role": "tool", "tool_call_id": block["tool_use_id"], "content": text})
        elif kind == "tool_use":
            calls.append(
                {
                    "id": block["id"],
                    "type": "function",
                    "function": {
                        "name": block["name"],
                        "arguments": json.dumps(block.get("input") or {}, ensure_ascii=False),
                    },
                }
            )
        elif kind == "image" and role == USER and (part := _image_part(block)) is not None:
            parts.append(part)
        elif kind in ("thinking", "redacted_thinking", "compaction", "fallback"):
            continue
        else:
            block_view = view(block)
            if block_view.kind != "note" and (text := _as_text(block_view)):
                parts.append({"type": "text", "text": text})
    if role == ASSISTANT:
        if parts or calls:
            message: dict[str, Any] = {"role": "assistant"}
            text = "\n\n".join(p["text"] for p in parts)
            message["content"] = text or None
            if calls:
                message["tool_calls"] = calls
            out.append(message)
        return out
    if parts:
        only_text = all(p["type"] == "text" for p in parts)
        content_out: Any = "\n\n".join(p["text"] for p in parts) if only_text else parts
        out.append({"role": "user", "content": content_out})
    return out
