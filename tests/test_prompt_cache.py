"""The stand-ins' prompt-cache model (``tests.support.prompt_cache``), through the real SDKs.

Each request goes through ``anthropic.Anthropic`` or ``openai.OpenAI`` to the local stand-in
and the usage is read from the SDK's typed answer, so what a cost benchmark counts is what the
app's own code would read. Expected figures come from the stand-in's token count of parts of
the request (a prefix counts the sum of its blocks).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anthropic
import openai
import pytest
from anthropic.types import MessageParam, TextBlockParam, ToolParam

from tests.support.anthropic_stub import AnthropicStub, estimate_tokens
from tests.support.openai_stub import OpenAIStub
from tests.support.openai_stub import estimate_tokens as openai_tokens
from tests.support.prompt_cache import (
    AnthropicPromptCache,
    ManualClock,
    OpenAIPromptCache,
    anthropic_min_cacheable,
)

SONNET = "claude-sonnet-4-6"  # 2,048-token minimum
HAIKU = "claude-haiku-4-5"  # 4,096-token minimum
EPHEMERAL: Any = {"type": "ephemeral"}
HOUR: Any = {"type": "ephemeral", "ttl": "1h"}


def text(words: str, *, times: int = 1, marker: Any = None) -> TextBlockParam:
    block = TextBlockParam(type="text", text=words * times)
    if marker is not None:
        block["cache_control"] = marker
    return block


#: About 2,250 tokens: over Sonnet 4.6's minimum, under Haiku 4.5's.
RULES = "Keep the public API stable; write a test for every fix; never log secrets. " * 120


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def stub(clock: ManualClock) -> Iterator[AnthropicStub]:
    with AnthropicStub(clock=clock) as server:
        server.default_text = "Done."
        yield server


@pytest.fixture
def client(stub: AnthropicStub) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)


def ask(
    client: anthropic.Anthropic,
    messages: list[MessageParam],
    *,
    system: list[TextBlockParam] | None = None,
    model: str = SONNET,
    **extra: Any,
) -> anthropic.types.Usage:
    response = client.messages.create(
        model=model,
        max_tokens=256,
        system=system or [text(RULES, marker=EPHEMERAL)],
        messages=messages,
        **extra,
    )
    return response.usage


def tokens(system: list[TextBlockParam] | None = None, messages: Any = None) -> int:
    """What the stand-in counts for this part of a prompt."""
    return estimate_tokens({"system": system, "messages": messages})


def turns(count: int, *, marker_on_last: bool = True) -> list[MessageParam]:
    messages: list[MessageParam] = []
    for i in range(count):
        messages.append({"role": "user", "content": [text(f"Step {i}: run the suite. ")]})
        messages.append({"role": "assistant", "content": [text(f"Step {i} passed. ")]})
    messages.append({"role": "user", "content": [text("Next?")]})
    if marker_on_last:
        messages[-1]["content"][-1]["cache_control"] = EPHEMERAL  # type: ignore[index]
    return messages


# -- Anthropic ------------------------------------------------------------------------------


def test_a_prefix_is_written_once_then_read_with_its_split_by_ttl(client, stub):
    system = [text(RULES, marker=EPHEMERAL)]
    first = ask(client, turns(3), system=system)
    whole = tokens(system, turns(3))
    assert (first.input_tokens, first.cache_read_input_tokens) == (0, 0)
    assert first.cache_creation_input_tokens == whole
    assert first.cache_creation is not None
    assert first.cache_creation.ephemeral_5m_input_tokens == whole
    assert first.cache_creation.ephemeral_1h_input_tokens == 0

    again = ask(client, turns(3), system=system)
    assert (again.cache_read_input_tokens, again.cache_creation_input_tokens) == (whole, 0)
    assert again.input_tokens == 0
    assert len(stub.cache) == 2  # the system prompt and the whole prompt


def test_a_changed_byte_in_the_middle_misses_everything_after_it(client):
    system = [text(RULES, marker=EPHEMERAL)]
    ask(client, turns(6), system=system)
    changed = turns(6)
    changed[5]["content"][0]["text"] = "Step 2 passed! "  # type: ignore[index]
    usage = ask(client, changed, system=system)
    # Only the system prompt's entry still matches: the rest is written again.
    assert usage.cache_read_input_tokens == tokens(system)
    assert usage.cache_creation_input_tokens == tokens(messages=changed)


def lookback_request(blocks: int, marked: int) -> list[MessageParam]:
    """One user message of ``blocks`` small text blocks, the ``marked``-th carrying a marker."""
    content = [text(f"Line {i}. ") for i in range(blocks)]
    content[marked]["cache_control"] = EPHEMERAL
    return [{"role": "user", "content": content}]


@pytest.mark.parametrize(("later", "found"), [(19, True), (20, True), (21, False)])
def test_a_breakpoint_finds_an_entry_up_to_20_blocks_before_it(client, later, found):
    system = [text(RULES)]  # no marker: the only entries are the message breakpoints'
    ask(client, lookback_request(40, 5), system=system)
    usage = ask(client, lookback_request(40, 5 + later), system=system)
    written = tokens(system, lookback_request(6, 5))
    assert usage.cache_read_input_tokens == (written if found else 0)
    marked = tokens(system, lookback_request(6 + later, 5 + later))
    assert usage.cache_creation_input_tokens == marked - usage.cache_read_input_tokens


def test_block_boundaries_without_an_earlier_entry_are_not_hits(client):
    system = [text(RULES)]
    ask(client, lookback_request(40, 30), system=system)
    # The block 10 before the new breakpoint was sent before, but nobody marked it.
    usage = ask(client, lookback_request(40, 20), system=system)
    assert usage.cache_read_input_tokens == 0


def test_below_the_models_minimum_a_marker_is_ignored(client, stub):
    system = [text(RULES, marker=EPHEMERAL)]
    for _ in range(2):
        usage = ask(client, turns(2), system=system, model=HAIKU)
        assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens) == (0, 0)
        assert usage.input_tokens == tokens(system, turns(2))
    assert len(stub.cache) == 0
    # The same prompt is cached for a model whose minimum it passes, and a dated id counts
    # as its family.
    assert ask(client, turns(2), system=system).cache_creation_input_tokens > 0
    assert anthropic_min_cacheable("claude-haiku-4-5-20251001") == 4096
    assert anthropic_min_cacheable("claude-sonnet-4-6") == 2048
    assert anthropic_min_cacheable("claude-3-7-sonnet-latest") == 1024


def test_only_breakpoints_past_the_minimum_are_written(client):
    short = [text("Be brief. ", marker=EPHEMERAL), text(RULES, marker=EPHEMERAL)]
    usage = ask(client, turns(1, marker_on_last=False), system=short)
    # The first marker closes a few tokens: ignored; the second is written from the start.
    assert usage.cache_creation_input_tokens == tokens(short)


def test_an_entry_lives_five_minutes_from_its_last_use(client, clock, stub):
    system = [text(RULES, marker=EPHEMERAL)]
    whole = tokens(system, turns(2))
    assert ask(client, turns(2), system=system).cache_creation_input_tokens == whole
    clock.advance(299)
    assert ask(client, turns(2), system=system).cache_read_input_tokens == whole
    clock.advance(299)  # 598 s after the write, 299 s after the read that refreshed it
    assert ask(client, turns(2), system=system).cache_read_input_tokens == whole
    clock.advance(300)
    assert len(stub.cache) == 0
    expired = ask(client, turns(2), system=system)
    assert (expired.cache_read_input_tokens, expired.cache_creation_input_tokens) == (0, whole)


def test_one_hour_entries_are_billed_apart_and_outlive_five_minute_ones(client, clock):
    system = [text(RULES, marker=HOUR)]
    first = ask(client, turns(2), system=system)
    assert first.cache_creation is not None
    assert first.cache_creation.ephemeral_1h_input_tokens == tokens(system)
    assert first.cache_creation.ephemeral_5m_input_tokens == tokens(messages=turns(2))

    clock.advance(1800)
    later = ask(client, turns(2), system=system)
    assert later.cache_read_input_tokens == tokens(system)
    assert later.cache_creation is not None
    assert later.cache_creation.ephemeral_5m_input_tokens == tokens(messages=turns(2))
    assert later.cache_creation.ephemeral_1h_input_tokens == 0


def test_the_top_level_cache_control_marks_the_last_block_of_the_last_message(client):
    plain = [text(RULES)]
    conversation = turns(3, marker_on_last=False)
    first = ask(client, conversation, system=plain, cache_control=EPHEMERAL)
    assert first.cache_creation_input_tokens == tokens(plain, conversation)

    conversation += [
        {"role": "assistant", "content": [text("Run it again? ")]},
        {"role": "user", "content": [text("Yes.")]},
    ]
    usage = ask(client, conversation, system=plain, cache_control=HOUR)
    assert usage.cache_read_input_tokens == first.cache_creation_input_tokens
    assert usage.cache_creation is not None
    assert usage.cache_creation.ephemeral_1h_input_tokens == usage.cache_creation_input_tokens > 0


def test_the_top_level_marker_counts_among_the_four(client):
    system = [text(RULES, marker=EPHEMERAL), text("More rules. ", marker=EPHEMERAL)]
    messages = turns(2)
    messages[0]["content"][0]["cache_control"] = EPHEMERAL  # type: ignore[index]
    ask(client, messages, system=system)  # four markers: accepted
    with pytest.raises(anthropic.BadRequestError, match="maximum of 4"):
        ask(client, messages, system=system, cache_control=EPHEMERAL)


def test_tool_definitions_are_blocks_and_can_carry_a_marker(client):
    tools = [
        ToolParam(name=f"tool_{i}", description=RULES[:1600], input_schema={"type": "object"})
        for i in range(6)
    ]
    tools[-1]["cache_control"] = EPHEMERAL
    plain = [text("Short system prompt.")]
    first = ask(client, turns(1), system=plain, tools=tools)
    prefix = estimate_tokens({"tools": tools})
    assert first.cache_creation_input_tokens == tokens(plain, turns(1)) + prefix
    # Another system prompt: the tools (first in cache order) are still read.
    usage = ask(client, turns(1), system=[text("Another system prompt.")], tools=tools)
    assert usage.cache_read_input_tokens == prefix


def test_streaming_answers_report_the_same_usage(client, stub):
    system = [text(RULES, marker=EPHEMERAL)]
    ask(client, turns(2), system=system)
    with client.messages.stream(
        model=SONNET, max_tokens=256, system=system, messages=turns(2)
    ) as stream:
        final = stream.get_final_message()
    assert final.usage.cache_read_input_tokens == tokens(system, turns(2))
    assert final.usage.cache_creation_input_tokens == 0


def test_clear_keeps_the_cache_unless_asked(client, stub):
    system = [text(RULES, marker=EPHEMERAL)]
    ask(client, turns(1), system=system)
    stub.clear()
    assert stub.requests == [] and len(stub.cache) == 2
    assert ask(client, turns(1), system=system).cache_read_input_tokens > 0
    stub.clear(cache=True)
    assert len(stub.cache) == 0
    assert ask(client, turns(1), system=system).cache_read_input_tokens == 0


def test_count_tokens_is_the_sum_of_the_usage_parts(client):
    system = [text(RULES, marker=EPHEMERAL)]
    counted = client.messages.count_tokens(model=SONNET, system=system, messages=turns(4))
    ask(client, turns(2), system=system)
    usage = ask(client, turns(4), system=system)
    parts = usage.input_tokens + usage.cache_creation_input_tokens
    assert parts + (usage.cache_read_input_tokens or 0) == counted.input_tokens


def test_the_model_runs_without_a_server_for_a_benchmark():
    clock = ManualClock()
    cache = AnthropicPromptCache(clock)
    body = {"model": SONNET, "system": [text(RULES, marker=EPHEMERAL)], "messages": turns(1)}
    assert cache.usage(body).cache_creation_input_tokens == estimate_tokens(body)
    clock.advance(10)
    assert cache.usage(body).as_dict()["cache_read_input_tokens"] == estimate_tokens(body)
    assert {entry.last_used for entry in cache.live().values()} == {10}


# -- OpenAI ---------------------------------------------------------------------------------


@pytest.fixture
def openai_stub(clock: ManualClock) -> Iterator[OpenAIStub]:
    with OpenAIStub(api_key="sk-proj-test", clock=clock) as server:
        server.default_text = "Done."
        yield server


@pytest.fixture
def oai(openai_stub: OpenAIStub) -> openai.OpenAI:
    return openai.OpenAI(api_key="sk-proj-test", base_url=openai_stub.url + "/v1", max_retries=0)


def chat(rules: str, steps: int) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"role": "system", "content": rules}]
    for i in range(steps):
        messages.append({"role": "user", "content": f"Step {i}: run the suite."})
        messages.append({"role": "assistant", "content": f"Step {i} passed."})
    messages.append({"role": "user", "content": "Next?"})
    return messages


def cached(oai: openai.OpenAI, messages: list[dict[str, Any]]) -> tuple[int, int]:
    usage = oai.chat.completions.create(model="gpt-5", messages=messages).usage  # type: ignore[arg-type]
    assert usage is not None and usage.prompt_tokens_details is not None
    return usage.prompt_tokens, usage.prompt_tokens_details.cached_tokens or 0


def test_openai_reads_the_longest_prefix_seen_in_128_token_steps(oai):
    first = chat(RULES, 2)
    assert cached(oai, first) == (openai_tokens({"messages": first}), 0)
    longer = chat(RULES, 4)
    total, read = cached(oai, longer)
    shared = openai_tokens({"messages": first[:-1]})  # up to the turn that differs
    assert total == openai_tokens({"messages": longer})
    assert read == shared - shared % 128 and read % 128 == 0 and read > 1024


def test_openai_caches_nothing_under_1024_tokens(oai, openai_stub):
    short = chat(RULES[:3000], 1)
    assert 128 < openai_tokens({"messages": short}) < 1024
    for _ in range(2):
        assert cached(oai, short)[1] == 0
    assert len(openai_stub.cache) == 0  # a short prompt leaves nothing to read later


def test_openai_entries_expire_five_minutes_after_their_last_use(oai, clock):
    messages = chat(RULES, 1)
    cached(oai, messages)
    clock.advance(290)
    assert cached(oai, messages)[1] > 0
    clock.advance(290)
    assert cached(oai, messages)[1] > 0
    clock.advance(301)
    assert cached(oai, messages)[1] == 0


def test_openai_responses_report_cached_input_tokens(oai):
    items: Any = [
        {"role": "user", "content": [{"type": "input_text", "text": "Step 1: run the suite."}]}
    ]
    first = oai.responses.create(model="gpt-5", instructions=RULES, input=items)
    assert first.usage is not None and first.usage.input_tokens_details.cached_tokens == 0
    items.append({"role": "user", "content": "Next?"})
    with oai.responses.stream(model="gpt-5", instructions=RULES, input=items) as stream:
        usage = stream.get_final_response().usage
    assert usage is not None
    shared = first.usage.input_tokens
    assert usage.input_tokens_details.cached_tokens == shared - shared % 128
    assert usage.input_tokens_details.cache_write_tokens == 0


def test_openai_streamed_chat_reports_the_modelled_usage(oai):
    messages: Any = chat(RULES, 1)
    cached(oai, messages)
    stream = oai.chat.completions.create(
        model="gpt-5", messages=messages, stream=True, stream_options={"include_usage": True}
    )
    usage = next(chunk.usage for chunk in stream if chunk.usage is not None)
    total = openai_tokens({"messages": messages})
    assert usage.prompt_tokens_details is not None
    assert usage.prompt_tokens_details.cached_tokens == total - total % 128


def test_openai_model_is_keyed_by_model():
    cache = OpenAIPromptCache(ManualClock())
    body = {"model": "gpt-5", "messages": chat(RULES, 1)}
    cache.usage(body)
    assert cache.usage({**body, "model": "gpt-5-mini"}).cached_tokens == 0
    assert cache.usage(body).cached_tokens > 0
