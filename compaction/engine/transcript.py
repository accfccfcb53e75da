"""Render stored messages as a readable transcript for the summarizer, in bounded chunks.

Tool results are shown as previews (head + tail): the summarizer needs what a
tool said, not every byte of a 50 KB log. Input larger than
``SUMMARY_INPUT_MAX_CHARS`` is split into chunks on message boundaries, to be
summarized one after another; nothing is silently cut.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

_DELIMITER = re.compile(r"</?\s*(conversation|previous-summary)\s*>", re.IGNORECASE)


def neutralize(text: str) -> str:
    """Stop message text from closing or opening the prompt's data delimiters."""
    return _DELIMITER.sub(lambda m: m.group(0).replace("<", "&lt;").replace(">", "&gt;"), text)


def preview(text: str, head: int, tail: int) -> str:
    if len(text) <= head + tail:
        return text
    omitted = len(text) - head - tail
    return f"{text[:head]}\n[… {omitted} characters omitted …]\n{text[-tail:] if tail else ''}"


def tool_result_text(block: dict[str, Any]) -> str:
    """The text inside a tool_result block (string content or nested text blocks)."""
    content = block.get("content")
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts = []
    for inner in content:
        if inner.get("type") == "text":
            parts.append(inner.get("text", ""))
        else:
            parts.append(f"[{inner.get('type', 'block')}]")
    return "\n".join(parts)


def render_block(block: dict[str, Any], *, head: int, tail: int) -> str:
    kind = block.get("type")
    if kind == "text":
        return block.get("text", "")
    if kind == "tool_use":
        args = json.dumps(block.get("input", {}), ensure_ascii=False, sort_keys=True)
        name, call_id = block.get("name", "?"), block.get("id", "?")
        return f"[tool call {name} id={call_id}] {preview(args, head, tail)}"
    if kind == "tool_result":
        flag = " (error)" if block.get("is_error") else ""
        body = preview(tool_result_text(block), head, tail)
        return f"[tool result for {block.get('tool_use_id', '?')}{flag}]\n{body}"
    if kind == "thinking":
        return f"[thinking] {preview(block.get('thinking', ''), head, tail)}"
    if kind == "redacted_thinking":
        return "[redacted thinking]"
    if kind in ("image", "document"):
        source = block.get("source") or {}
        label = block.get("title") or source.get("media_type") or source.get("type") or ""
        return f"[{kind}{': ' + label if label else ''}]"
    return f"[{kind}]"


def render_message(message: dict[str, Any], *, head: int = 500, tail: int = 200) -> str:
    content = message["content"]
    if isinstance(content, str):
        body = content
    else:
        body = "\n".join(render_block(block, head=head, tail=tail) for block in content)
    seq = message.get("seq")
    label = f"#{seq} {message['role']}" if seq is not None else message["role"]
    return f"[{label}]\n{neutralize(body)}"


@dataclass(frozen=True)
class TranscriptChunk:
    messages: tuple[dict[str, Any], ...]
    text: str


def render_transcript(
    messages: Iterable[dict[str, Any]], *, head: int = 500, tail: int = 200
) -> str:
    return "\n\n".join(render_message(m, head=head, tail=tail) for m in messages)


def chunk_transcript(
    messages: Sequence[dict[str, Any]], *, max_chars: int, head: int = 500, tail: int = 200
) -> list[TranscriptChunk]:
    """Split the rendered transcript into chunks of at most ``max_chars`` characters.

    Chunks break between messages; a single message longer than ``max_chars`` is
    split into consecutive parts, each labelled as a part, so no text is dropped.
    """
    chunks: list[TranscriptChunk] = []
    batch: list[dict[str, Any]] = []
    texts: list[str] = []
    size = 0

    def flush() -> None:
        nonlocal batch, texts, size
        if texts:
            chunks.append(TranscriptChunk(tuple(batch), "\n\n".join(texts)))
        batch, texts, size = [], [], 0

    for message in messages:
        rendered = render_message(message, head=head, tail=tail)
        if len(rendered) > max_chars:
            flush()
            # Leave room for the part label so every chunk stays within max_chars.
            step = max(1, max_chars - 80)
            parts = [rendered[i : i + step] for i in range(0, len(rendered), step)]
            for number, part in enumerate(parts, 1):
                label = f"[part {number}/{len(parts)} of message #{message.get('seq')}]\n"
                chunks.append(TranscriptChunk((message,), label + part))
            continue
        added = len(rendered) + (2 if texts else 0)
        if size + added > max_chars:
            flush()
            added = len(rendered)
        batch.append(message)
        texts.append(rendered)
        size += added
    flush()
    return chunks
