"""Messages as hosts send them (Anthropic or OpenAI format), checked before anything is stored.

Stored history must always be sendable: a message the API would reject, or a tool call
split from its result, turns into a permanent HTTP 400 for that conversation. So every
append is checked as a whole (shapes, sizes, what PostgreSQL can store, pairing) and
written all or nothing. Error details name the field: ``messages[2].content[0].type``
for a batch, ``content[0].type`` for a single message.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from compaction.content import openai, responses
from compaction.content.blocks import ASSISTANT, SYSTEM, USER, clean_block, facts_text
from compaction.content.jsonsafe import join_path, json_problem
from compaction.content.pairing import Tail, fold, starts_with_compaction
from compaction.content.schema import Errors, add_error
from compaction.exceptions import InvalidConversation, InvalidInput

ANTHROPIC, OPENAI, RESPONSES = "anthropic", "openai", "responses"
FORMATS = (ANTHROPIC, OPENAI, RESPONSES)
ROLES = (USER, ASSISTANT, SYSTEM)
#: Fields of ours that travel next to a message in either format.
ENVELOPE = ("pinned", "metadata")


@dataclass(frozen=True)
class CleanMessage:
    role: str  # canonical: user, assistant or system
    content: Any  # as stored: Anthropic content, or the whole OpenAI message or Responses item
    format: str = ANTHROPIC
    blocks: tuple[dict[str, Any], ...] = ()  # canonical (Anthropic) blocks
    pinned: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)
    #: Answers tool calls of an earlier message, so a kept window cannot start here.
    continues: bool = False


def canonical_blocks(role: str, content: Any, fmt: str = ANTHROPIC) -> list[dict[str, Any]]:
    """The Anthropic blocks of a stored message, whatever its format."""
    if fmt == OPENAI:
        return openai.to_blocks(content)
    if fmt == RESPONSES:
        return responses.to_blocks(content) if isinstance(content, dict) else []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [block for block in content or () if isinstance(block, dict)]


def opens_with_compaction(role: str, content: Any, fmt: str = ANTHROPIC) -> dict[str, Any] | None:
    """The server compaction block an assistant message starts with, when it has a summary,
    or OpenAI's ``compaction`` item: the API summarized everything before that message."""
    if role != ASSISTANT:
        return None
    if fmt == RESPONSES:
        return content if responses.is_compaction(content) else None
    blocks = canonical_blocks(role, content, fmt)
    return blocks[0] if starts_with_compaction(blocks) else None


def tail_after(
    messages: Sequence[tuple[str, Any]] | Sequence[tuple[str, Any, str]],
    *,
    tail: Tail | None = None,
) -> Tail:
    """Where a conversation stands after stored ``(role, content[, format])`` messages."""
    steps = []
    for m in messages:
        fmt = m[2] if len(m) > 2 else ANTHROPIC
        steps.append((m[0], canonical_blocks(m[0], m[1], fmt), joins(m[0], fmt)))
    return fold(steps, tail=tail)[0]


def joins(role: str, fmt: str) -> bool:
    """An assistant Responses item continues the assistant turn before it."""
    return fmt == RESPONSES and role == ASSISTANT


def message_text(content: Any, fmt: str = ANTHROPIC, role: str = USER) -> str:
    """The plain text of a stored message that facts may come from (``blocks.facts_text``).

    Also takes a single block or a whole ``{"role", "content"}`` message.
    """
    if content is None:
        return ""
    if fmt == ANTHROPIC and isinstance(content, dict):
        if "type" not in content:
            return message_text(content.get("content"), fmt, str(content.get("role") or role))
        content = [content]
    parts = (facts_text(block) for block in canonical_blocks(role, content, fmt))
    return "\n".join(part for part in parts if part)


def _envelope(raw: dict[str, Any], prefix: str, errors: Errors) -> tuple[bool, dict[str, Any]]:
    pinned = raw.get("pinned", False)
    if not isinstance(pinned, bool):
        add_error(errors, f"{prefix}pinned", "must be true or false")
    metadata = raw.get("metadata")
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, dict):
        add_error(errors, f"{prefix}metadata", "must be an object")
        metadata = {}
    return pinned is True, metadata


def _clean_anthropic(
    raw: dict[str, Any], prefix: str, errors: Errors, unknown: str
) -> tuple[str, Any, list[dict[str, Any]]] | None:
    extra = sorted(set(raw) - {"role", "content", *ENVELOPE})
    if extra:
        add_error(errors, f"{prefix}{extra[0]}", "unknown field")
    role = raw.get("role")
    if role not in ROLES:
        add_error(errors, f"{prefix}role", f"must be one of: {', '.join(ROLES)}")
        return None
    if "content" not in raw:
        add_error(errors, f"{prefix}content", "this field is required")
        return None
    content = raw["content"]
    path = f"{prefix}content"
    if isinstance(content, str):
        if not content.strip():
            add_error(errors, path, "must not be empty")
        return role, content, [{"type": "text", "text": content}]
    if not isinstance(content, list):
        add_error(errors, path, "must be a string or a list of content blocks")
        return None
    if not content:
        add_error(errors, path, "must contain at least one block")
    cleaned = [
        clean_block(block, role, join_path(path, i), errors, unknown=unknown)
        for i, block in enumerate(content)
    ]
    return role, cleaned, [b for b in cleaned if isinstance(b, dict)]


def _clean_openai(
    raw: dict[str, Any], prefix: str, errors: Errors
) -> tuple[str, Any, list[dict[str, Any]]] | None:
    message = {k: v for k, v in raw.items() if k not in ENVELOPE}
    path = prefix[:-1] if prefix else ""
    cleaned = openai.clean_message(message, path, errors)
    if cleaned is None:
        return None
    openai.check_image_urls(cleaned, path, errors)
    role = openai.canonical_role(cleaned["role"])
    return role, cleaned, openai.to_blocks(cleaned) if not errors else []


def _clean_responses(
    raw: dict[str, Any], prefix: str, errors: Errors, unknown: str
) -> tuple[str, Any, list[dict[str, Any]]] | None:
    item = {k: v for k, v in raw.items() if k not in ENVELOPE}
    path = prefix[:-1] if prefix else ""
    before = len(errors)
    cleaned = responses.clean_item(item, path, errors, unknown=unknown)
    if cleaned is None:
        return None
    blocks = responses.to_blocks(cleaned) if len(errors) == before else []
    return responses.canonical_role(cleaned), cleaned, blocks


def _clean_one(
    raw: Any, label: str, errors: Errors, *, max_chars: int, fmt: str, unknown: str
) -> CleanMessage | None:
    prefix = f"{label}." if label else ""
    if not isinstance(raw, dict):
        add_error(errors, label or "message", "must be an object with role and content")
        return None
    problem = json_problem(raw, label)
    if problem is not None:
        add_error(errors, problem.path or label or "message", problem.message)
        return None
    pinned, metadata = _envelope(raw, prefix, errors)
    if fmt == OPENAI:
        found = _clean_openai(raw, prefix, errors)
    elif fmt == RESPONSES:
        found = _clean_responses(raw, prefix, errors, unknown)
    else:
        found = _clean_anthropic(raw, prefix, errors, unknown)
    if found is None:
        return None
    role, content, blocks = found
    size = len(content) if isinstance(content, str) else len(json.dumps(content))
    if size > max_chars:
        add_error(
            errors, f"{prefix}content", f"is {size} characters, over the limit of {max_chars}"
        )
    return CleanMessage(
        role=role,
        content=content,
        format=fmt,
        blocks=tuple(blocks),
        pinned=pinned,
        metadata=metadata,
    )


def clean_messages(
    raw_messages: Sequence[Any],
    *,
    tail: Tail,
    max_chars: int,
    batch: bool,
    fmt: str = ANTHROPIC,
    unknown: str = "store",
) -> tuple[list[CleanMessage], Tail]:
    """Validate messages to append after ``tail``; raise with every problem found.

    Returns the messages in their sendable form (``None`` fields of SDK dumps dropped) and
    the tail after them.
    """
    if fmt not in FORMATS:
        raise InvalidInput(
            "Unknown message format.", details={"format": f"must be one of: {', '.join(FORMATS)}"}
        )
    errors: Errors = {}
    labels = [f"messages[{i}]" if batch else "" for i in range(len(raw_messages))]
    cleaned = [
        _clean_one(raw, labels[i], errors, max_chars=max_chars, fmt=fmt, unknown=unknown)
        for i, raw in enumerate(raw_messages)
    ]
    if errors:
        raise InvalidInput("Invalid message.", details=errors)
    good = [m for m in cleaned if m is not None]
    new_tail, problems, continues = fold(
        [(m.role, m.blocks, joins(m.role, m.format)) for m in good], tail=tail, labels=labels
    )
    if problems:
        raise InvalidConversation(
            "The messages would break tool_use/tool_result pairing.", details=problems
        )
    return [replace(m, continues=flag) for m, flag in zip(good, continues, strict=True)], new_tail
