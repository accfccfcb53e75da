"""Fitting a payload to its budget: old tool output cleared first, then the longest texts cut."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.engine.context import build_context
from compaction.engine.fitting import (
    CLEARED_TOOL_RESULTS,
    CUT_OVERSIZED,
    MIN_KEPT_CHARS,
    OVERSIZED_MARKER,
    cap_for,
)
from tests.support.helpers import agent_loop, payload_problem, settings_with, user

LOOSE = settings_with(TOOL_HARD_CLEAR_AFTER=1_000, KEEP_LAST_TOOL_RESULTS=1_000)


def build(messages, budget):
    return build_context(
        system_prompt="You are a careful agent.",
        checkpoint=None,
        messages=messages,
        settings=LOOSE,
        calibration_ratio=1.0,
        should_compact=False,
        budget=budget,
    )


def test_within_budget_nothing_is_done():
    messages = agent_loop(10, output_chars=6_000)
    whole = build(messages, None)
    assert build(messages, whole.estimated_tokens).fitted == ()


def test_clearing_old_tool_output_comes_first_and_may_be_enough():
    messages = agent_loop(10, output_chars=6_000)
    stored = copy.deepcopy(messages)
    whole = build(messages, None)
    fitted = build(messages, whole.estimated_tokens - 5_000)
    assert fitted.fitted == (CLEARED_TOOL_RESULTS,)
    assert fitted.hard_cleared == 9  # all but the newest
    assert fitted.estimated_tokens <= whole.estimated_tokens - 5_000
    assert payload_problem(fitted.messages, system=fitted.system) is None
    assert messages == stored


def test_then_the_longest_texts_are_cut_with_a_marker():
    messages = [*agent_loop(3, output_chars=2_000), user("Summarize this: " + "word " * 40_000)]
    fitted = build(messages, 8_000)
    assert fitted.fitted == (CLEARED_TOOL_RESULTS, CUT_OVERSIZED)
    assert fitted.truncated and fitted.estimated_tokens <= 8_000
    last = fitted.messages[-1]["content"]
    text = last if isinstance(last, str) else last[-1]["text"]
    assert text.startswith("Summarize this:") and OVERSIZED_MARKER.split("{")[0] in text
    assert payload_problem(fitted.messages, system=fitted.system) is None


@settings(max_examples=200, deadline=None)
@given(
    lengths=st.lists(st.integers(min_value=0, max_value=50_000), min_size=1, max_size=30),
    share=st.floats(min_value=0.0, max_value=1.0),
)
def test_the_cap_removes_enough_and_keeps_as_much_as_it_can(lengths, share):
    remove = int(sum(lengths) * share)
    cap = cap_for(lengths, remove=remove)
    slack = len(OVERSIZED_MARKER) + 20

    def removed(c):
        return sum(n - c - slack for n in lengths if n > c + slack)

    if cap is None:
        assert removed(MIN_KEPT_CHARS) < remove
    else:
        assert cap >= MIN_KEPT_CHARS and removed(cap) >= remove
        assert cap == max(*lengths, MIN_KEPT_CHARS) or removed(cap + 1) < remove
