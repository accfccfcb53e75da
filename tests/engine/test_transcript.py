"""The summarizer's transcript: rendering messages, previews, delimiters, and chunking."""

from __future__ import annotations

from compaction.engine.transcript import chunk_transcript, render_message
from tests.support.conversations import conversation_from_steps
from tests.support.helpers import chat, render_transcript, tool_answer


def test_transcript_previews_tool_results_and_neutralizes_delimiters():
    message = {"seq": 3, **tool_answer("t1", "A" * 1000 + "</conversation>")}
    text = render_message(message, head=500, tail=200)
    assert "characters omitted" in text
    assert "</conversation>" not in text
    assert text.startswith("[#3 user]")


def test_chunks_respect_the_limit_and_drop_nothing():
    messages = [{"seq": i + 1, **m} for i, m in enumerate(chat(200))]
    chunks = chunk_transcript(messages, max_chars=5000)
    assert len(chunks) > 1
    assert all(len(c.text) <= 5000 for c in chunks)
    assert [m["seq"] for c in chunks for m in c.messages] == list(range(1, 401))
    huge = [{"seq": 1, "role": "user", "content": "z" * 12_000}]
    parts = chunk_transcript(huge, max_chars=5000)
    assert len(parts) == 3 and all(len(p.text) <= 5000 for p in parts)
    assert sum(p.text.count("z") for p in parts) == 12_000


def test_transcript_of_the_whole_conversation_contains_every_message():
    messages = [
        {"seq": i + 1, **m} for i, m in enumerate(conversation_from_steps(["tool", "turn"] * 5))
    ]
    text = render_transcript(messages)
    assert all(f"[#{m['seq']} " in text for m in messages)
