"""The summarizer's call reuses a cached prefix (against the local API stand-ins).

The checkpoint prompt is sent stable part first: the instructions (the same for every
compaction), then the previous summary (the same for a compaction's retries), then the
conversation, then what changes from call to call. On the Messages API each stable part
ends at a ``cache_control`` breakpoint; on OpenAI the order is enough, and the session's id
goes as ``prompt_cache_key``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import anthropic
import pytest

from compaction import services
from compaction.conf import app_settings
from compaction.summarizers.anthropic import AnthropicSummarizer
from compaction.summarizers.base import SummaryRequest, SummaryResult
from compaction.summarizers.openai import OpenAIChatSummarizer, OpenAIResponsesSummarizer
from tests.support.anthropic_stub import estimate_tokens
from tests.support.helpers import chat
from tests.support.summaries import sent_prompt

pytestmark = pytest.mark.django_db


class Recording(AnthropicSummarizer):
    """Claude, keeping every result (its usage) for the test to read."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.results: list[SummaryResult] = []

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        result = super().summarize(request)
        self.results.append(result)
        return result


@pytest.fixture
def claude(anthropic_api, compaction_settings):
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )
    return anthropic_api


def marked(body: dict[str, Any]) -> list[bool]:
    """Which blocks of the summarizer's user turn carry a cache breakpoint."""
    return [bool(block.get("cache_control")) for block in body["messages"][0]["content"]]


def compact(session, summarizer=None, *, turns: int = 20):
    start = session.message_count if hasattr(session, "message_count") else 0
    services.message_append(
        session_id=session.pk, messages=chat(turns, start=start), auto_compact=False
    )
    session.refresh_from_db()
    return services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=summarizer
    )


def test_the_next_compaction_reads_the_instructions_from_the_cache(claude):
    session = services.session_create(system_prompt="You are a careful agent.")
    summarizer = Recording(settings=app_settings.for_session(session))
    runs = [compact(session, summarizer) for _ in range(3)]
    assert [run.status for run in runs] == ["succeeded"] * 3
    calls = list(zip((r.body for r in claude.message_requests), summarizer.results, strict=True))
    # The stand-in's answer carries no item ids: each update is sent back once (the item
    # protocol's retry), which reads everything up to the conversation from the cache.
    firsts = [(body, result) for body, result in calls if "<protocol-" not in sent_prompt(body)]
    retries = [(body, result) for body, result in calls if "<protocol-" in sent_prompt(body)]
    for (_, retry), (_, before) in zip(retries, firsts[1:], strict=True):
        assert retry.cache_read_input_tokens == (
            before.cache_read_input_tokens + before.cache_creation_input_tokens
        )
        assert retry.cache_creation_input_tokens == 0
    (create, made), (update, updated), (again, read) = firsts
    # A create: the instructions, then the conversation. An update: the instructions, the
    # previous summary, then the conversation and the item protocol (its first free id).
    assert marked(create) == [True, False]
    assert marked(update) == marked(again) == [True, True, False]
    blocks = again["messages"][0]["content"]
    assert blocks[0] == update["messages"][0]["content"][0]  # the same bytes, the same marker
    assert blocks[1]["text"].startswith("<previous-summary>")
    assert (
        blocks[2]["text"].startswith("<conversation>")
        and "counting up from [c" in blocks[2]["text"]
    )
    assert made.cache_read_input_tokens == 0  # nothing before it
    # An update's instructions are the same for every update: read, not written again;
    # the previous summary after them is new, written for a retry to read.
    assert updated.cache_read_input_tokens == 0  # a create's instructions are others
    assert 0 < read.cache_read_input_tokens < updated.cache_creation_input_tokens
    assert read.cache_creation_input_tokens > 0
    # The run's input is the uncached rest of its calls (the update and its retry), as the
    # Messages API reports it.
    assert runs[2].llm_input_tokens == read.input_tokens + retries[-1][1].input_tokens
    cached = read.cache_read_input_tokens + read.cache_creation_input_tokens
    assert read.input_tokens + cached == estimate_tokens(again)


def test_a_retry_of_the_same_compaction_reads_the_previous_summary_too(claude):
    # The item protocol's retry: the same request with feedback after the conversation.
    settings = app_settings.for_session(None)
    summarizer = Recording(settings=settings)
    request = SummaryRequest(
        messages=({"seq": 1, "role": "user", "content": "Ship the CSV export."},),
        transcript="[1] user: Ship the CSV export.",
        previous_summary="## Goal\n- [c1] Ship the CSV export.\n\n## Next Steps\n- [c2] Tests.",
        max_chars=6000,
        next_item_id=30,
    )
    summarizer.summarize(request)
    summarizer.summarize(replace(request, feedback=("[c3] was dropped without a Changes line",)))
    first, retry = summarizer.results
    assert retry.cache_read_input_tokens == first.cache_creation_input_tokens > 0
    assert first.cache_read_input_tokens == 0
    assert retry.cache_creation_input_tokens == 0
    assert "<protocol-feedback>" in sent_prompt(claude.message_requests[-1].body)


def test_prompt_cache_off_sends_one_text(claude, compaction_settings):
    compaction_settings(PROMPT_CACHE=False)
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(20), auto_compact=False)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded"
    assert isinstance(claude.message_requests[0].body["messages"][0]["content"], str)


def test_the_stub_refuses_nothing_the_real_api_would_refuse(claude):
    # Four breakpoints at most, none on an empty block: what the stub (and the API) checks.
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(20), auto_compact=False)
    summarizer = Recording(settings=app_settings.for_session(session))
    client = summarizer.client
    assert isinstance(client, anthropic.Anthropic)
    run = services.compaction_run_execute(
        session_id=session.pk, trigger="command", summarizer=summarizer
    )
    assert run.status == "succeeded"
    blocks = claude.message_requests[0].body["messages"][0]["content"]
    assert (
        all(block["text"] for block in blocks) and sum(marked(claude.message_requests[0].body)) <= 4
    )


# ------------------------------------------------------------------ OpenAI


@pytest.fixture
def openai_settings(openai_api, compaction_settings):
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )
    return openai_api


def test_responses_orders_the_prompt_stable_first_and_keys_the_session(openai_settings):
    session = services.session_create()
    runs = [compact(session) for _ in range(3)]
    assert [run.status for run in runs] == ["succeeded"] * 3
    assert runs[0].summarizer == OpenAIResponsesSummarizer.name
    bodies = [r.body for r in openai_settings.requests if r.path.endswith("/responses")]
    assert {body["prompt_cache_key"] for body in bodies} == {str(session.pk)}
    firsts = [body["input"] for body in bodies if "<protocol-" not in body["input"]]
    update, again = firsts[1:]
    # Two updates open with the same instructions, byte for byte; the previous summary
    # follows them, the conversation comes after.
    instructions = update.split("\n<previous-summary>\n", 1)[0]
    assert len(instructions) > 1000 and again.startswith(instructions)
    assert again.index("\n<previous-summary>\n") < again.index("\n<conversation>\n")


def test_chat_completions_sends_no_cache_key_to_a_compatible_server(openai_settings):
    settings = app_settings.for_session(None)
    summarizer = OpenAIChatSummarizer(settings=settings)
    summarizer.summarize(
        SummaryRequest(
            messages=(),
            transcript="[1] user: hello",
            previous_summary=None,
            max_chars=6000,
            cache_key="session-1",
        )
    )
    body = openai_settings.requests[-1].body
    assert "prompt_cache_key" not in body
