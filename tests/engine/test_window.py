"""The window guard's budget: what one summarizer call may carry, and that it fits."""

from __future__ import annotations

from compaction.engine.prompts import SUMMARIZER_SYSTEM, build_merge_prompt, build_prompt
from compaction.engine.tokens import text_tokens
from compaction.engine.window import (
    PART_OVERHEAD_CHARS,
    PROMPT_OVERHEAD_CHARS,
    summary_input_budget,
)
from compaction.services.compaction.summarizing import merge_groups
from tests.support.helpers import settings_with

# The longest protocol retry block: more lines than are sent, each longer than kept.
FEEDBACK = tuple(f"missing: [c{index}] " + "f" * 400 for index in range(80))


def test_the_budget_is_the_input_limit_unless_the_summarizer_window_holds_less():
    assert summary_input_budget(settings_with().as_dict()) == 100_000  # SUMMARY_INPUT_MAX_CHARS
    small = settings_with(SUMMARY_CONTEXT_WINDOW=24_000)
    # 24k less the 8k reserve and 4,096 of answer, at four characters a token.
    assert (
        summary_input_budget(small.as_dict())
        == (24_000 - 8_000 - 4_096) * 4 - PROMPT_OVERHEAD_CHARS
    )
    assert (
        summary_input_budget(small.as_dict(), previous_chars=5_000)
        == summary_input_budget(small.as_dict()) - 5_000
    )
    assert summary_input_budget(settings_with(SUMMARY_INPUT_MAX_CHARS=3_000).as_dict()) == 3_000
    # Settings that leave less (system check E007) still chunk by two summaries' worth,
    # not character by character.
    assert summary_input_budget(settings_with(SUMMARY_CONTEXT_WINDOW=10_000).as_dict()) == 12_000


def test_the_largest_calls_the_budget_allows_fit_the_window():
    settings = settings_with(SUMMARY_CONTEXT_WINDOW=24_000)
    room = 24_000 - 8_000 - 4_096
    max_chars = settings.SUMMARY_MAX_CHARS
    previous = "p" * max_chars
    budget = summary_input_budget(settings.as_dict(), previous_chars=len(previous))
    # An update: a full chunk beside a full previous summary, as the protocol retries it.
    update = build_prompt(
        transcript="t" * budget,
        previous_summary=previous,
        max_chars=max_chars,
        next_item_id=123_456,
        feedback=FEEDBACK,
    )
    assert text_tokens(SUMMARIZER_SYSTEM + update) <= room
    # Merges of many short partials: each one's delimiters count too.
    partials = ["s" * 250] * 400
    groups = merge_groups(partials, budget=budget, overhead=PART_OVERHEAD_CHARS)
    assert len(groups) > 2
    for group in groups:
        merge = build_merge_prompt(
            partials=tuple(group),
            previous_summary=previous,
            max_chars=max_chars,
            next_item_id=123_456,
            feedback=FEEDBACK,
        )
        assert text_tokens(SUMMARIZER_SYSTEM + merge) <= room
