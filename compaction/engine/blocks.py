"""Validation of messages and content blocks against the Anthropic Messages API's rules.

Stored history must always be sendable: a message the API would reject, or a
``tool_use`` / ``tool_result`` pair split apart, turns into a permanent HTTP 400
for that conversation. So input is checked before anything is written, and the
same rules check every context payload we build.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.exceptions import InvalidConversation, InvalidInput

ROLES = ("user", "assistant")
USER_BLOCKS = frozenset({"text", "image", "document", "tool_result"})
ASSISTANT_BLOCKS = frozenset({"text", "tool_use", "thinking", "redacted_thinking"})
_ALLOWED_KEYS = {
    "text": {"type", "text", "cache_control", "citations"},
    "image": {"type", "source", "cache_control", "transformations"},
    "document": {"type", "source", "title", "context", "citations", "cache_control"},
    "tool_use": {"type", "id", "name", "input", "cache_control", "caller", "toolset_name"},
    "tool_result": {"type", "tool_use_id", "content", "is_error", "cache_control", "toolset_name"},
    "thinking": {"type", "thinking", "signature"},
    "redacted_thinking": {"type", "data"},
}
_IMAGE_TYPES = {"image/jpeg", "image/png", "image/gif", "image/webp"}
_TOOL_ID = re.compile(r"^[A-Za-z0-9_-]{1,200}$")
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")


@dataclass(frozen=True)
class CleanMessage:
    role: str
    content: str | list[dict[str, Any]]
    pinned: bool = False
    metadata: dict[str, Any] | None = None


class _Errors:
    def __init__(self) -> None:
        self.details: dict[str, str] = {}

    def add(self, path: str, message: str) -> None:
        self.details.setdefault(path, message)


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def _drop_none(block: Any) -> Any:
    """A block without its None-valued fields, as ``model_dump()`` of SDK responses has them.

    Hosts store ``[b.model_dump() for b in response.content]``; those dicts carry
    ``"citations": None``, ``"caller": None``..., which mean "absent" and would be noise.
    """
    if not isinstance(block, dict):
        return block
    cleaned = {k: v for k, v in block.items() if v is not None}
    if isinstance(cleaned.get("content"), list):
        cleaned["content"] = [_drop_none(item) for item in cleaned["content"]]
    return cleaned


def _nonblank(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _check_source(source: Any, path: str, errors: _Errors, *, document: bool) -> None:
    if not isinstance(source, dict):
        errors.add(path, "must be an object")
        return
    kind = source.get("type")
    if kind == "base64":
        media = source.get("media_type")
        allowed = {"application/pdf"} if document else _IMAGE_TYPES
        if media not in allowed:
            errors.add(f"{path}.media_type", f"must be one of {', '.join(sorted(allowed))}")
        if not _nonblank(source.get("data")):
            errors.add(f"{path}.data", "must be a non-empty base64 string")
    elif kind == "url":
        if not _nonblank(source.get("url")):
            errors.add(f"{path}.url", "must be a non-empty string")
    elif kind == "text" and document:
        if not isinstance(source.get("data"), str):
            errors.add(f"{path}.data", "must be a string")
    else:
        errors.add(f"{path}.type", f"unsupported source type {kind!r}")


def _check_block(block: Any, role: str, path: str, errors: _Errors) -> None:
    if not isinstance(block, dict):
        errors.add(path, "must be a content block object")
        return
    kind = block.get("type")
    if kind not in _ALLOWED_KEYS:
        errors.add(f"{path}.type", f"unknown content block type {kind!r}")
        return
    allowed = USER_BLOCKS if role == "user" else ASSISTANT_BLOCKS
    if kind not in allowed:
        errors.add(f"{path}.type", f"a {role} message cannot contain {kind} blocks")
        return
    extra = set(block) - _ALLOWED_KEYS[kind]
    if extra:
        errors.add(path, f"unexpected field(s) for a {kind} block: {', '.join(sorted(extra))}")
    if kind == "text":
        if not _nonblank(block.get("text")):
            errors.add(f"{path}.text", "must be a non-empty string")
    elif kind in ("image", "document"):
        _check_source(block.get("source"), f"{path}.source", errors, document=kind == "document")
    elif kind == "tool_use":
        if not (isinstance(block.get("id"), str) and _TOOL_ID.match(block["id"])):
            errors.add(f"{path}.id", "must match [A-Za-z0-9_-]{1,200}")
        if not (isinstance(block.get("name"), str) and _TOOL_NAME.match(block["name"])):
            errors.add(f"{path}.name", "must be a tool name of 1-128 letters, digits, _ - . :")
        if not isinstance(block.get("input"), dict):
            errors.add(f"{path}.input", "must be an object")
    elif kind == "tool_result":
        if not (isinstance(block.get("tool_use_id"), str) and _TOOL_ID.match(block["tool_use_id"])):
            errors.add(f"{path}.tool_use_id", "must match [A-Za-z0-9_-]{1,200}")
        if "is_error" in block and not isinstance(block["is_error"], bool):
            errors.add(f"{path}.is_error", "must be true or false")
        inner = block.get("content")
        if isinstance(inner, list):
            for i, item in enumerate(inner):
                item_path = f"{path}.content[{i}]"
                if not isinstance(item, dict) or item.get("type") not in ("text", "image"):
                    errors.add(item_path, "a tool_result may contain only text and image blocks")
                else:
                    _check_block(item, "user", item_path, errors)
        elif inner is not None and not isinstance(inner, str):
            errors.add(f"{path}.content", "must be a string or a list of text/image blocks")
    elif kind == "thinking":
        if not isinstance(block.get("thinking"), str):
            errors.add(f"{path}.thinking", "must be a string")
        if not isinstance(block.get("signature"), str):
            errors.add(f"{path}.signature", "must be a string")
    elif kind == "redacted_thinking" and not _nonblank(block.get("data")):
        errors.add(f"{path}.data", "must be a non-empty string")


def _clean_one(raw: Any, path: str, errors: _Errors, *, max_chars: int) -> CleanMessage | None:
    prefix = f"{path}." if path else ""
    if not isinstance(raw, dict):
        errors.add(path or "message", "must be an object with role and content")
        return None
    unknown = set(raw) - {"role", "content", "pinned", "metadata"}
    if unknown:
        errors.add(f"{prefix}{sorted(unknown)[0]}", "unknown field")
    role = raw.get("role")
    if role not in ROLES:
        errors.add(f"{prefix}role", f"must be one of: {', '.join(ROLES)}")
        return None
    if "content" not in raw:
        errors.add(f"{prefix}content", "this field is required")
        return None
    content = raw["content"]
    if _has_nul(content) or _has_nul(raw.get("metadata")):
        errors.add(f"{prefix}content", "must not contain NUL (\\u0000) characters")
        return None
    if isinstance(content, str):
        if not content.strip():
            errors.add(f"{prefix}content", "must not be empty")
    elif isinstance(content, list):
        content = [_drop_none(block) for block in content]
        if not content:
            errors.add(f"{prefix}content", "must contain at least one block")
        for i, block in enumerate(content):
            _check_block(block, role, f"{prefix}content[{i}]", errors)
    else:
        errors.add(f"{prefix}content", "must be a string or a list of content blocks")
        return None
    size = len(content) if isinstance(content, str) else len(json.dumps(content))
    if size > max_chars:
        errors.add(f"{prefix}content", f"is {size} characters, over the limit of {max_chars}")
    pinned = raw.get("pinned", False)
    if not isinstance(pinned, bool):
        errors.add(f"{prefix}pinned", "must be true or false")
    metadata = raw.get("metadata", {})
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, dict):
        errors.add(f"{prefix}metadata", "must be an object")
    return CleanMessage(role=role, content=content, pinned=pinned is True, metadata=metadata)


def tool_use_ids(content: Any) -> list[str]:
    if not isinstance(content, list):
        return []
    return [b["id"] for b in content if isinstance(b, dict) and b.get("type") == "tool_use"]


def tool_result_ids(content: Any) -> list[str]:
    if not isinstance(content, list):
        return []
    return [
        b["tool_use_id"] for b in content if isinstance(b, dict) and b.get("type") == "tool_result"
    ]


def is_turn_start(role: str, content: Any) -> bool:
    """A user message that opens a turn: it answers no tool call."""
    return role == "user" and not tool_result_ids(content)


def pairing_problems(
    messages: Sequence[tuple[str, Any]],
    *,
    previous: tuple[str, Any] | None = None,
    labels: Sequence[str] | None = None,
    require_user_first: bool = False,
    allow_pending_tail: bool = True,
) -> dict[str, str]:
    """Tool pairing and ordering problems of ``(role, content)`` pairs, keyed by location.

    ``previous`` is the message already stored before them, if any.
    """
    problems: dict[str, str] = {}
    labels = labels or [f"messages[{i}]" for i in range(len(messages))]

    def at(label: str, field: str) -> str:
        return f"{label}.{field}" if label else field

    if require_user_first and previous is None and messages and messages[0][0] != "user":
        problems[at(labels[0], "role")] = (
            "the first message of a conversation must be a user message"
        )
    prev_role, prev_content = previous if previous else (None, None)
    prev_label = "the last stored message"
    prev_name = prev_label
    for index, (role, content) in enumerate(messages):
        label = labels[index]
        name = label or "this message"
        pending = tool_use_ids(prev_content) if prev_role == "assistant" else []
        if role == "assistant":
            if pending:
                problems[at(label, "role")] = (
                    f"{prev_name} calls tool(s) {', '.join(pending)}; the next message must be "
                    "a user message with their tool_result blocks"
                )
            ids = tool_use_ids(content)
            if len(set(ids)) != len(ids):
                problems[at(label, "content")] = "tool_use ids must be unique within a message"
        else:
            results = tool_result_ids(content)
            answered = set(results)
            missing = [tid for tid in pending if tid not in answered]
            if missing:
                problems[at(label, "content")] = (
                    f"tool_use {', '.join(missing)} of {prev_name} must be answered by "
                    "tool_result blocks in this message"
                )
            orphans = [tid for tid in results if tid not in pending]
            if orphans:
                problems[at(label, "content")] = (
                    f"tool_result for {', '.join(orphans)} answers no tool_use of the assistant "
                    "message just before it"
                )
            if len(answered) != len(results):
                problems[at(label, "content")] = "each tool_use must be answered exactly once"
            if isinstance(content, list) and results:
                kinds = [b.get("type") for b in content]
                first_other = next((i for i, k in enumerate(kinds) if k != "tool_result"), None)
                if first_other is not None and "tool_result" in kinds[first_other:]:
                    problems[at(label, "content")] = (
                        "tool_result blocks must come before any other block in a message"
                    )
        prev_role, prev_content, prev_label, prev_name = role, content, label, name
    if not allow_pending_tail and prev_role == "assistant" and tool_use_ids(prev_content):
        problems[at(prev_label, "content")] = "the conversation ends with an unanswered tool_use"
    return problems


def clean_messages(
    raw_messages: Sequence[Any],
    *,
    previous: tuple[str, Any] | None,
    max_chars: int,
    batch: bool,
) -> list[CleanMessage]:
    """Validate messages to append after ``previous``; raise with every problem found.

    Paths in the error details name the offending field (``messages[2].content[0].type``
    for a batch, ``content[0].type`` for a single message).
    """
    errors = _Errors()
    labels = [f"messages[{i}]" if batch else "" for i in range(len(raw_messages))]
    cleaned: list[CleanMessage | None] = [
        _clean_one(raw, labels[i], errors, max_chars=max_chars)
        for i, raw in enumerate(raw_messages)
    ]
    if errors.details:
        raise InvalidInput("Invalid message.", details=errors.details)
    good = [m for m in cleaned if m is not None]
    problems = pairing_problems(
        [(m.role, m.content) for m in good],
        previous=previous,
        labels=labels,
        require_user_first=True,
    )
    if problems:
        raise InvalidConversation(
            "The messages would break tool_use/tool_result pairing.", details=problems
        )
    return good


def payload_problems(messages: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Why the Messages API would reject these messages (empty when it would accept them)."""
    problems = pairing_problems(
        [(m.get("role"), m.get("content")) for m in messages],
        require_user_first=True,
        allow_pending_tail=True,
    )
    if not messages:
        problems["messages"] = "must not be empty"
    for i, m in enumerate(messages):
        if m.get("role") not in ROLES:
            problems[f"messages[{i}].role"] = "must be user or assistant"
    return problems
