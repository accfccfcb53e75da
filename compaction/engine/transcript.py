"""Render stored messages as a readable transcript for the summarizer, in bounded chunks.

Tool results are shown as previews (head + tail): the summarizer needs what a
tool said, not every byte of a 50 KB log. Input larger than
``SUMMARY_INPUT_MAX_CHARS`` is split into chunks on message boundaries, to be
summarized one after another; nothing is silently cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compaction.content import ANTHROPIC, canonical_blocks, transcript_text

_DELIMITER = re.compile(r"</?\s*(conversation|previous-summary)\s*>", re.IGNORECASE)


def neutralize(text: str) -> str:
    """Stop message text from closing or opening the prompt's data delimiters."""
    return _DELIMITER.sub(lambda m: m.group(0).replace("<", "&lt;").replace(">", "&gt;"), text)


def render_message(message: dict[str, Any], *, head: int = 500, tail: int = 200) -> str:
    """One stored message (``{"seq", "role", "content", "format"?}``) as transcript text."""
    blocks = canonical_blocks(message["role"], message["content"], message.get("format", ANTHROPIC))
    body = "\n".join(transcript_text(block, head=head, tail=tail) for block in blocks)
    seq = message.get("seq")
    label = f"#{seq} {message['role']}" if seq is not None else message["role"]
    return f"[{label}]\n{neutralize(body)}"


@dataclass(frozen=True)
class TranscriptChunk:
    messages: tuple[dict[str, Any], ...]
    text: str


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
