"""Pruning tool results: old ones cleared, recent long ones trimmed, the input never mutated."""

from __future__ import annotations

from compaction.content import CLEARED_TEXT
from compaction.engine.pruning import prune_tool_results
from tests.support.conversations import is_turn_start
from tests.support.helpers import agent_loop, tool_call, user


def _prune(messages, **overrides):
    options = {
        "soft_trim_chars": 4000,
        "head": 1500,
        "tail": 1500,
        "hard_clear_after": 6,
        "keep_last": 2,
    }
    options.update(overrides)
    return prune_tool_results(messages, **options)


def test_old_results_are_cleared_recent_long_ones_trimmed_last_two_untouched():
    messages = agent_loop(10, output_chars=24_000)
    result = _prune(messages)
    results = [
        m
        for m in result.messages
        if is_turn_start(m["role"], m["content"]) is False and m["role"] == "user"
    ]
    texts = [m["content"][0]["content"] for m in results]
    assert len(texts) == 10
    # ages 9..6 cleared, 5..2 trimmed, 1..0 untouched
    assert texts[:4] == [CLEARED_TEXT] * 4
    originals = [m["content"][0]["content"] for m in messages[2::2]]
    for text, original in zip(texts[4:8], originals[4:8], strict=True):
        marker = f"--- trimmed (kept 1500 head + 1500 tail of {len(original)} chars) ---"
        assert marker in text
        assert len(text) < 3200
    assert texts[8:] == originals[8:]
    assert (result.hard_cleared, result.soft_trimmed) == (4, 4)


def test_pruning_never_touches_stored_input_user_text_or_assistant_blocks():
    messages = agent_loop(10, output_chars=24_000)
    snapshot = repr(messages)
    result = _prune(messages)
    assert repr(messages) == snapshot
    for before, after in zip(messages, result.messages, strict=True):
        if before["role"] == "assistant" or isinstance(before["content"], str):
            assert after is before


def test_images_inside_cleared_results_are_kept():
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A"}}
    messages = [user("go")]
    for i in range(8):
        messages.append(tool_call(f"t{i}", "screenshot"))
        messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": f"t{i}",
                        "content": [{"type": "text", "text": "y" * 500}, image],
                    }
                ],
            }
        )
    pruned = _prune(messages)
    first = pruned.messages[2]["content"][0]["content"]
    assert first == [{"type": "text", "text": CLEARED_TEXT}, image]
