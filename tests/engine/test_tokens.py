"""Token estimation: characters per token, block costs, and calibration of the estimate."""

from __future__ import annotations

import pytest

from compaction.engine.tokens import calibrate, message_tokens


def test_text_is_chars_over_four_plus_message_overhead():
    assert message_tokens("x" * 400) == 100 + 4
    assert message_tokens("x" * 401) == 101 + 4


def test_blocks_count_tool_use_json_tool_result_text_and_fixed_image_cost():
    content = [
        {"type": "text", "text": "a" * 40},
        {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "ls"}},
    ]
    # name (4) + compact JSON {"command":"ls"} (16) + 40 = 60 chars
    assert message_tokens(content) == 15 + 4
    result = [
        {
            "type": "tool_result",
            "tool_use_id": "t1",
            "content": [{"type": "text", "text": "b" * 80}],
        },
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AA"}},
    ]
    assert message_tokens(result, image_tokens=1600) == 20 + 1600 + 4


def test_calibration_is_an_ema_with_alpha_and_ignores_empty_samples():
    assert calibrate(1.0, estimated=1000, actual=1500, alpha=0.1) == pytest.approx(1.05)
    assert calibrate(1.2, estimated=0, actual=100) == 1.2
    # A wildly wrong report is clamped, so one bad sample cannot wreck the ratio.
    assert calibrate(1.0, estimated=10, actual=10_000, alpha=0.1) == pytest.approx(1.3)
