"""Pruning tool results: old ones cleared, recent long ones trimmed, the input never mutated."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.content import CLEARED_TEXT, Pruning
from compaction.content.trim import result_content
from compaction.engine.pruning import prune_tool_results
from compaction.engine.tokens import content_tokens
from tests.support.conversations import is_turn_start
from tests.support.helpers import agent_loop, assistant, tool_call, user


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


# ----------------------------------------------------------------------------- steps
#
# A random agent history: a user request, then tool rounds (one call, or two in parallel)
# with outputs of assorted sizes, and plain text turns between them.

_SIZES = st.sampled_from([10, 300, 3_000, 6_000, 20_000])
_EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("tool"), _SIZES),
        st.tuples(st.just("parallel"), _SIZES, _SIZES),
        st.tuples(st.just("text")),
    ),
    min_size=1,
    max_size=30,
)
_OPTIONS = st.fixed_dictionaries(
    {
        "hard_clear_after": st.integers(0, 8),
        "keep_last": st.integers(0, 3),
        "clear_at_least": st.sampled_from([1, 700, 3_000, 10_000]),
    }
)


def _history(events) -> list[dict]:
    messages = [user("Please fix the failing tests.")]
    for n, event in enumerate(events):
        if event[0] == "text":
            messages += [assistant(f"Done with part {n}."), user(f"Now part {n + 1}.")]
            continue
        ids = [f"toolu_{n}_{k}" for k in range(len(event) - 1)]
        uses = [{"type": "tool_use", "id": i, "name": "bash", "input": {}} for i in ids]
        messages.append({"role": "assistant", "content": uses})
        results = [
            {"type": "tool_result", "tool_use_id": i, "content": f"{i}\n" + "y" * size}
            for i, size in zip(ids, event[1:], strict=True)
        ]
        messages.append({"role": "user", "content": results})
    return messages


def _sliding_window(messages, *, hard_clear_after, keep_last, **trim):
    """The sliding window as it was before steps: ages counted from the newest output."""
    outputs = [
        i
        for i, m in enumerate(messages)
        if isinstance(m["content"], list)
        and any(b.get("type") == "tool_result" for b in m["content"])
    ]
    out = list(messages)
    for age, index in enumerate(reversed(outputs)):
        if age < keep_last:
            continue
        action = Pruning(
            clear=age >= hard_clear_after,
            limit=trim["soft_trim_chars"],
            head=trim["head"],
            tail=trim["tail"],
        )
        blocks = [result_content(b, action) or b for b in messages[index]["content"]]
        out[index] = {**messages[index], "content": blocks}
    return out


def _tokens(messages) -> int:
    return sum(content_tokens(m["content"]) for m in messages)


@given(_EVENTS, _OPTIONS)
@settings(max_examples=150, deadline=None)
def test_with_clear_at_least_zero_pruning_is_the_sliding_window(events, options):
    messages = _history(events)
    trim = {"soft_trim_chars": 4000, "head": 1500, "tail": 1500}
    ages = {k: options[k] for k in ("hard_clear_after", "keep_last")}
    pruned = prune_tool_results(messages, **trim, **ages, clear_at_least=0)
    assert pruned.messages == _sliding_window(messages, **trim, **ages)


@given(_EVENTS, _OPTIONS)
@settings(max_examples=150, deadline=None)
def test_appending_changes_no_earlier_message_unless_a_step_frees_enough(events, options):
    messages = _history(events)
    trim = {"soft_trim_chars": 4000, "head": 1500, "tail": 1500}

    def prune(rows):
        return prune_tool_results(rows, **trim, **options)

    final = prune(messages).messages
    before = prune(messages[:1])
    for n in range(1, len(messages)):
        after = prune(messages[: n + 1])
        if after.messages[:n] != before.messages:
            # A step: it frees at least clear_at_least tokens (in the earlier messages, and
            # in the new one when keep_last is 0).
            freed = _tokens([*before.messages, messages[n]]) - _tokens(after.messages)
            assert freed >= options["clear_at_least"], n
        # The stretch before stable_until is final since the previous call (the history
        # before the last answer): the same then (as far as that call saw), now and in
        # every later payload.
        rows = messages[: n + 1]
        last_answer = max(i for i, m in enumerate(rows) if m["role"] == "assistant")
        if (stable := after.stable_until) is not None:
            seen = min(stable, last_answer)
            assert prune(rows[:last_answer]).messages[:seen] == after.messages[:seen]
            assert final[:stable] == after.messages[:stable]
        # With no step since, the previous call's whole conversation is sent as it was.
        if (unchanged := after.unchanged_until) is not None:
            assert unchanged == last_answer
            assert prune(rows[:unchanged]).messages == after.messages[:unchanged]
        before = after


def test_between_steps_the_pruned_history_only_grows():
    """A long tool loop with the defaults' ages: most appends change nothing earlier, and
    the steps are few; with clear_at_least 0 every append past the window changes one."""
    messages = agent_loop(40, output_chars=6_000)

    def changes(clear_at_least: int) -> int:
        count, before = 0, _prune(messages[:2], clear_at_least=clear_at_least).messages
        for n in range(2, len(messages)):
            after = _prune(messages[: n + 1], clear_at_least=clear_at_least).messages
            count += after[:n] != before
            before = after
        return count

    # 6,000-character outputs free about 1,100 (trimmed) to 1,500 (cleared) tokens each.
    assert changes(0) == 40 - 2  # every output once it passes keep_last
    assert 0 < changes(10_000) <= 40 // 6
