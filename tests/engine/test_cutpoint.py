"""Choosing the cut: the recent window, user-turn snapping, tool pairs, carried messages."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from compaction.engine.cutpoint import (
    Earlier,
    MessageInfo,
    WindowTooSmall,
    choose_cut,
    planning_floor,
)
from compaction.engine.tokens import message_tokens
from tests.support.conversations import is_turn_start, message_infos
from tests.support.helpers import agent_loop, assistant, chat, user


def test_cut_keeps_recent_tokens_and_snaps_to_a_user_turn():
    messages = chat(20)
    decision = choose_cut(message_infos(messages), keep_recent_tokens=300)
    assert decision.should_cut
    kept = messages[decision.cut_seq :]
    assert kept[0]["role"] == "user"
    assert sum(message_tokens(m["content"]) for m in kept) >= 300


def test_cut_never_separates_tool_use_from_its_result():
    messages = agent_loop(40)
    for keep in (50, 200, 333, 1000, 2500):
        decision = choose_cut(message_infos(messages), keep_recent_tokens=keep)
        assert decision.should_cut
        first_kept = messages[decision.cut_seq]
        assert first_kept["role"] == "assistant" or is_turn_start("user", first_kept["content"])


def test_long_agent_loop_is_split_inside_the_turn():
    decision = choose_cut(message_infos(agent_loop(100)), keep_recent_tokens=500)
    assert decision.should_cut and decision.split_turn


def test_nothing_to_cut_gives_a_reason():
    decision = choose_cut(message_infos(chat(2)), keep_recent_tokens=100_000)
    assert not decision.should_cut
    assert "fit within KEEP_RECENT_TOKENS" in decision.reason
    assert "1 active message" in choose_cut(message_infos([user("x")]), keep_recent_tokens=1).reason


def test_protected_and_pinned_messages_are_carried():
    messages = chat(10)
    messages[3] = {**messages[3], "pinned": True}
    decision = choose_cut(message_infos(messages), keep_recent_tokens=200, protect_first_seq=1)
    assert decision.carried_seqs == (1, 4)


def test_only_carried_messages_before_the_window_is_nothing_to_cut():
    messages = [user("first " * 10), assistant("x " * 500), user("y " * 500)]
    decision = choose_cut(message_infos(messages), keep_recent_tokens=400, protect_first_seq=1)
    assert not decision.should_cut


# ----------------------------------------------------------------------------- the window


@st.composite
def _histories(draw):
    """Active histories with pinned messages, tool loops and zero-token messages."""
    count = draw(st.integers(min_value=0, max_value=40))
    infos, seq = [], draw(st.integers(min_value=1, max_value=50))
    for _ in range(count):
        role = draw(st.sampled_from(["user", "assistant"]))
        answers = role == "user" and draw(st.booleans())
        infos.append(
            MessageInfo(
                seq=seq,
                role=role,
                tokens=draw(st.integers(min_value=0, max_value=400)),
                turn_start=role == "user" and not answers,
                answers_tools=answers,
                pinned=draw(st.integers(min_value=0, max_value=9)) == 0,
            )
        )
        seq += 1
    return infos


@given(
    infos=_histories(),
    keep=st.integers(min_value=1, max_value=1500),
    protect=st.booleans(),
)
@settings(max_examples=400, deadline=None)
def test_planning_from_the_window_decides_like_planning_from_everything(infos, keep, protect):
    """What ``compaction_plan`` does under the lock: the newest rows by running total,
    the rest as totals. The decision must not depend on how much history precedes."""
    protect_seq = infos[0].seq if protect and infos else None
    whole = choose_cut(infos, keep_recent_tokens=keep, protect_first_seq=protect_seq)
    running, through = 0, []
    for info in infos:
        running += info.tokens
        through.append(running)
    floor = planning_floor(appended_tokens=running, keep_recent_tokens=keep)
    start = next((i for i, total in enumerate(through) if total >= floor), len(infos))
    earlier = Earlier(
        count=start,
        tokens=sum(info.tokens for info in infos[:start]),
        first_seq=infos[0].seq if infos else 0,
        carried_seqs=tuple(
            info.seq for info in infos[:start] if info.pinned or info.seq == protect_seq
        ),
    )
    try:
        windowed = choose_cut(
            infos[start:], keep_recent_tokens=keep, protect_first_seq=protect_seq, earlier=earlier
        )
    except WindowTooSmall:
        return  # the selector then plans over everything: ``whole`` is the answer
    assert windowed == whole
