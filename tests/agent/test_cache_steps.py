"""What a tool loop driven by ``run_turn`` reads from the prompt cache, as the stand-in
Messages API reports it: between two pruning steps each call reads the whole earlier
conversation; at a step, the stretch before the change."""

from __future__ import annotations

from typing import Any

import anthropic
import pytest

from compaction import services
from compaction.agent import run_turn
from tests.support.anthropic_stub import AnthropicStub
from tests.support.helpers import unmarked

pytestmark = pytest.mark.django_db

#: Over 4,096 tokens, the least prefix Claude Haiku 4.5 caches: every prompt of the loop is
#: cacheable, as a coding agent's (system prompt and tools) is.
LONG_PROMPT = "You are a careful coding agent. Follow the repository's conventions. " * 300
BASH = {
    "name": "bash",
    "description": "Run a shell command.",
    "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}},
}
ROUNDS = 30
#: About 1,500 estimated tokens each: trimmed, then cleared, as they age.
OUTPUT = "x" * 6_000


@pytest.fixture
def stub():
    with AnthropicStub() as server:
        yield server


def recording_client(stub: AnthropicStub, usages: list[dict[str, Any]]) -> anthropic.Anthropic:
    """A client that keeps the usage of every model call, as the API reported it."""

    def record(response: Any) -> None:
        if response.request.url.path.endswith("/v1/messages"):
            response.read()
            usages.append(response.json()["usage"])

    return anthropic.Anthropic(
        api_key="sk-test",
        base_url=stub.url,
        max_retries=0,
        http_client=anthropic.DefaultHttpxClient(event_hooks={"response": [record]}),
    )


def tool_loop(stub: AnthropicStub, client: anthropic.Anthropic) -> None:
    session = services.session_create(system_prompt=LONG_PROMPT)
    for i in range(ROUNDS):
        stub.enqueue_message(
            [
                {"type": "text", "text": f"Reading file {i}."},
                {"type": "tool_use", "id": f"toolu_{i:04d}", "name": "bash", "input": {}},
            ],
            stop_reason="tool_use",
        )
    stub.enqueue_text("The tests pass now.")
    result = run_turn(
        session_id=session.pk,
        client=client,
        model="claude-haiku-4-5",
        max_tokens=1024,
        user_message="Fix the failing tests.",
        tools=[BASH],
        tool_handlers={"bash": lambda **_: OUTPUT},
        max_tool_rounds=ROUNDS + 1,
    )
    assert result.text == "The tests pass now." and not result.tool_rounds_exhausted


def test_between_steps_a_tool_loop_reads_the_whole_earlier_conversation_from_the_cache(
    stub, compaction_settings
):
    compaction_settings(AUTO_COMPACT="off", TOOL_CLEAR_AT_LEAST=10_000)
    usages: list[dict[str, Any]] = []
    tool_loop(stub, recording_client(stub, usages))
    bodies = [request.body for request in stub.message_requests]
    assert len(bodies) == len(usages) == ROUNDS + 1
    # run_turn caches the conversation up to each call's end (no cache_control passed).
    assert all(body["cache_control"] == {"type": "ephemeral"} for body in bodies)

    steps = 0
    for k in range(1, len(bodies)):
        before, after = bodies[k - 1]["messages"], bodies[k]["messages"]
        earlier = (
            usages[k - 1]["cache_read_input_tokens"]
            + (usages[k - 1]["cache_creation_input_tokens"])
        )
        read = usages[k]["cache_read_input_tokens"]
        if unmarked(after[: len(before)]) == unmarked(before):
            # No earlier message changed: all of the previous call's prompt is read.
            assert read == earlier, k
            continue
        # A pruning step: the conversation before the change is still read, more than the
        # second call read (the system prompt and the user's request).
        steps += 1
        assert usages[1]["cache_read_input_tokens"] < read < earlier, k
    # Outputs of about 1,500 tokens: a step every 6 or 7 calls once there is enough to clear.
    assert 2 <= steps <= ROUNDS // 6


def test_pruning_at_every_output_makes_the_loop_write_its_conversation_again(
    stub, compaction_settings
):
    """The sliding window (TOOL_CLEAR_AT_LEAST 0): once outputs age, every call changes an
    earlier one, and what follows it is written to the cache again."""
    compaction_settings(AUTO_COMPACT="off", TOOL_CLEAR_AT_LEAST=0)
    usages: list[dict[str, Any]] = []
    tool_loop(stub, recording_client(stub, usages))
    rewritten = [
        k
        for k in range(1, len(usages))
        if usages[k]["cache_read_input_tokens"]
        < usages[k - 1]["cache_read_input_tokens"] + usages[k - 1]["cache_creation_input_tokens"]
    ]
    # From the third output on (KEEP_LAST_TOOL_RESULTS 2), every call.
    assert len(rewritten) == ROUNDS - 2


@pytest.mark.parametrize(
    ("config", "passed", "sent"),
    [
        (
            {},
            {"cache_control": {"type": "ephemeral", "ttl": "5m"}},
            {"type": "ephemeral", "ttl": "5m"},
        ),
        ({}, {"cache_control": None}, None),
        ({"PROMPT_CACHE": False}, {}, None),
    ],
)
def test_the_top_level_marker_is_the_hosts_when_given_and_none_without_prompt_cache(
    stub, compaction_settings, config, passed, sent
):
    compaction_settings(**config)
    session = services.session_create(system_prompt=LONG_PROMPT)
    client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
    run_turn(
        session_id=session.pk,
        client=client,
        model="claude-haiku-4-5",
        max_tokens=1024,
        user_message="Hello.",
        **passed,
    )
    body = stub.message_requests[0].body
    assert body.get("cache_control") == sent and ("cache_control" in body) == (sent is not None)
