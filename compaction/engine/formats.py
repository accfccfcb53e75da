"""Stored messages as each API takes them: Anthropic ``messages``, Chat Completions
``messages``, Responses ``input`` items.

A message goes back in its own format as it was stored; in another format it is converted
through its canonical (Anthropic) blocks (``compaction.content``). Responses items another API
cannot carry (encrypted reasoning, OpenAI's compaction) are refused rather than dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from compaction.content import ANTHROPIC, OPENAI, RESPONSES, canonical_blocks, view
from compaction.content import openai as openai_format
from compaction.content import responses as responses_format
from compaction.content.views import BlockView
from compaction.exceptions import FormatNotMappable

__all__ = [
    "anthropic_messages",
    "as_blocks",
    "merge_user",
    "openai_messages",
    "refuse_opaque",
    "responses_items",
]


def as_blocks(content: Any) -> list[dict[str, Any]]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


def merge_user(lead: dict[str, Any], first: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "content": as_blocks(lead["content"]) + as_blocks(first["content"])}


def _only_results(message: dict[str, Any]) -> bool:
    content = message["content"]
    return isinstance(content, list) and all(b.get("type") == "tool_result" for b in content)


def anthropic_messages(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored messages as Anthropic messages (OpenAI ones converted), ready to send.

    No-op server compaction blocks (``content: null``) are left out: the API ignores them
    but would not take one anywhere but first. The tool results of one turn, stored as
    several messages (OpenAI sends one ``tool`` message per call), are sent as one.
    """
    out: list[dict[str, Any]] = []
    for row in rows:
        fmt = row.get("format", ANTHROPIC)
        content = row["content"]
        if fmt == OPENAI:
            content = canonical_blocks(row["role"], content, fmt)
        elif fmt == RESPONSES:
            content = [_readable(b) for b in canonical_blocks(row["role"], content, fmt)]
            previous = out[-1] if out else None
            if previous is not None and previous["role"] == row["role"] == "assistant":
                # One response's items are one assistant turn.
                out[-1] = {
                    "role": "assistant",
                    "content": as_blocks(previous["content"]) + content,
                }
                continue
        if isinstance(content, list):
            kept = [
                b for b in content if not (b.get("type") == "compaction" and not b.get("content"))
            ]
            if not kept:
                continue
            content = kept if len(kept) != len(content) else content
        message = {"role": row["role"], "content": content}
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous["role"] == message["role"] == "user"
            and _only_results(previous)
            and isinstance(content, list)
            and content[0].get("type") == "tool_result"
        ):
            out[-1] = merge_user(previous, message)
            continue
        out.append(message)
    return out


def _readable(block: dict[str, Any]) -> dict[str, Any]:
    """A Responses item with no Anthropic counterpart, as the text a reader sees of it (the
    opaque ones are refused before: ``refuse_opaque``)."""
    if block.get("type") != "openai_item":
        return block
    seen: BlockView = view(block)
    return {"type": "text", "text": "\n".join(x for x in (f"[{seen.label}]", seen.body) if x)}


def refuse_opaque(rows: Sequence[dict[str, Any]], fmt: str) -> None:
    """Responses items another API cannot carry (encrypted reasoning, OpenAI's compaction)
    make a payload in ``fmt`` lossy: refuse it, naming them."""
    items = [r["content"] for r in rows if r.get("format") == RESPONSES]
    kinds = responses_format.opaque_types([i for i in items if isinstance(i, dict)])
    if kinds:
        raise FormatNotMappable(
            f"This session holds OpenAI Responses items that a {fmt} payload cannot carry: "
            f"{', '.join(kinds)}. Ask for the responses message format.",
            details={"format": fmt, "items": kinds},
        )


def openai_messages(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        fmt = row.get("format", ANTHROPIC)
        if fmt == OPENAI:
            out.append(row["content"])
            continue
        content = row["content"]
        if fmt == RESPONSES:
            content = [_readable(b) for b in canonical_blocks(row["role"], content, fmt)]
        converted = openai_format.from_blocks(row["role"], content)
        previous = out[-1] if out else None
        if (
            fmt == RESPONSES
            and converted
            and previous is not None
            and previous["role"] == converted[0]["role"] == "assistant"
        ):
            # One response's items are one assistant turn: its calls before their results.
            out[-1] = _merge_assistant(previous, converted[0])
            converted = converted[1:]
        out.extend(converted)
    return out


def _without_nulls(value: Any) -> Any:
    """``value`` without the null fields of its objects, at any depth (a string, an opaque
    value included, is never touched)."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _merge_assistant(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    merged = {"role": "assistant"}
    texts = [m.get("content") for m in (first, second) if isinstance(m.get("content"), str)]
    merged["content"] = "\n\n".join(t for t in texts if t) or None
    calls = [*(first.get("tool_calls") or ()), *(second.get("tool_calls") or ())]
    if calls:
        merged["tool_calls"] = calls
    return merged


def responses_items(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        fmt = row.get("format", ANTHROPIC)
        if fmt == RESPONSES:
            # Stored as it came (``model_dump()`` keeps output-only nulls); sent without the
            # null fields, which ``create`` does not take back. Nothing else changes.
            out.append(_without_nulls(row["content"]))
        else:
            content = canonical_blocks(row["role"], row["content"], fmt)
            out.extend(responses_format.from_blocks(row["role"], content))
    return out
