"""Pruning in steps, through the context a host sends: between two steps a tool loop's
payloads are the same bytes up to the new messages, and the cache markers sit where the
prefix stays the same (the end of the stretch pruning never changes again, and the end of
the previous call's conversation)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from compaction import selectors, services
from compaction.content import CLEARED_TEXT
from tests.support.api import sess
from tests.support.helpers import agent_loop, tool_answer, tool_call, unmarked
from tests.support.messages_api import cache_markers

pytestmark = pytest.mark.django_db

LONG_PROMPT = "You are a careful coding agent. Follow the repository's conventions. " * 40
ROUNDS = 40
#: About 1,500 estimated tokens each: over TOOL_SOFT_TRIM_CHARS, so trimmed, then cleared.
OUTPUT_CHARS = 6_000


@pytest.fixture
def loop_settings(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", TOOL_CLEAR_AT_LEAST=10_000)


def marked_blocks(payload: dict[str, Any]) -> list[tuple[int, int]]:
    """(message, block) of each marker inside the messages, in order."""
    spots = []
    for where, _ in cache_markers(payload):
        parts = where.split(".")
        if parts[0] == "messages":
            spots.append((int(parts[1]), int(parts[3])))
    return spots


def prefix_through(messages: list[dict[str, Any]], spot: tuple[int, int]) -> list[Any]:
    m, b = spot
    return [*unmarked(messages[:m]), unmarked([messages[m]])[0]["content"][: b + 1]]


def loop_payloads(append, build) -> list[dict[str, Any]]:
    """The payload after each tool round of a ``ROUNDS``-round loop."""
    append([agent_loop(0)[0]])
    payloads = []
    for i in range(ROUNDS):
        call_id = f"toolu_{i:05d}"
        append([tool_call(call_id, f"cat src/file_{i}.py")])
        append([tool_answer(call_id, f"contents of file {i}\n" + "x" * OUTPUT_CHARS)])
        payloads.append(build())
    return payloads


def check_steps(payloads: list[dict[str, Any]]) -> int:
    """Assert the loop's payloads keep their prefix between steps and mark it; return the
    number of steps."""
    steps = 0
    for before, after in pairwise(payloads):
        old, new = before["messages"], after["messages"]
        assert after["cache_breakpoints"] == len(cache_markers(after)) <= 3  # + a top-level
        spots = marked_blocks(after)
        pruned = [
            after["pruning"][k] - before["pruning"][k] for k in ("hard_cleared", "soft_trimmed")
        ]
        if unmarked(new[: len(old)]) == unmarked(old):
            # Between steps: the same bytes up to the new messages, and the same pruning;
            # the previous payload's end is marked, and so is the stable stretch's end, which
            # the previous payload marked too.
            assert pruned == [0, 0]
            assert spots == [spots[0], (len(old) - 1, len(old[-1]["content"]) - 1)]
            assert spots[0] in marked_blocks(before)
            continue
        steps += 1
        # A step: more is pruned, and the earlier messages changed only after the stable
        # stretch, whose end the previous payload marked too, with the same bytes up to it;
        # the end of the new stable stretch, further on, is marked from now on.
        assert pruned[0] >= 0 and pruned != [0, 0]
        assert len(spots) == 2
        stable, following = spots
        assert stable in marked_blocks(before)
        assert prefix_through(new, stable) == prefix_through(old, stable)
        assert following not in marked_blocks(before)
    return steps


def cleared(payload: dict[str, Any]) -> int:
    return sum(
        1
        for message in payload["messages"]
        for block in message["content"]
        if isinstance(block, dict) and block.get("content") == CLEARED_TEXT
    )


def test_a_tool_loop_keeps_its_payload_prefix_between_steps(loop_settings):
    session = services.session_create(system_prompt=LONG_PROMPT)

    def append(messages):
        services.message_append(session_id=session.pk, messages=messages)

    def build():
        return selectors.session_context_build(session=session).as_dict()

    payloads = loop_payloads(append, build)
    steps = check_steps(payloads)
    # Each step frees at least 10,000 tokens: 1,500-token outputs step every 6 or 7 rounds.
    assert 3 <= steps <= ROUNDS // 6
    # What the payload says it pruned is what it holds.
    for payload in payloads:
        assert payload["pruning"]["hard_cleared"] == cleared(payload)


def test_the_sliding_window_changes_an_earlier_message_every_round(compaction_settings):
    compaction_settings(AUTO_COMPACT="off", TOOL_CLEAR_AT_LEAST=0)
    session = services.session_create(system_prompt=LONG_PROMPT)

    def append(messages):
        services.message_append(session_id=session.pk, messages=messages)

    payloads = loop_payloads(
        append, lambda: selectors.session_context_build(session=session).as_dict()
    )
    # From the third output on (KEEP_LAST_TOOL_RESULTS 2), every round trims or clears one.
    changed = [
        unmarked(after["messages"][: len(before["messages"])]) != unmarked(before["messages"])
        for before, after in pairwise(payloads)
    ]
    assert sum(changed) == ROUNDS - 2


def test_the_rest_context_is_the_same_stepwise_payload(api, alice, loop_settings):
    session = services.session_create(owner=alice, system_prompt=LONG_PROMPT)

    def append(messages):
        response = api.post(sess(session, "messages/"), {"messages": messages}, format="json")
        assert response.status_code == 201, response.content

    def build():
        response = api.get(sess(session, "context/"))
        assert response.status_code == 200, response.content
        return response.json()

    payloads = loop_payloads(append, build)
    assert check_steps(payloads) >= 3
    session.refresh_from_db()
    assert payloads[-1] == selectors.session_context_build(session=session).as_dict()
    assert payloads[-1]["pruning"]["hard_cleared"] == cleared(payloads[-1])
