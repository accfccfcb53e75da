"""Prompt caching: breakpoints on the stable prefix, cache tokens in usage reports.

The stub models the prompt cache (a prefix ending at a ``cache_control`` marker is written
once and read while it stays byte for byte the same), so these tests measure what a host
pays turn after turn rather than where the markers happen to be.
"""

from __future__ import annotations

from typing import Any

import anthropic
import pytest

from compaction import selectors, services
from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import sess
from tests.support.helpers import assistant, chat, user
from tests.support.messages_api import cache_markers

pytestmark = pytest.mark.django_db

# Over claude-haiku-4-5's minimum cacheable prefix (4,096 tokens): a shorter one is not cached.
LONG_PROMPT = "You are a careful coding agent. Follow the repository's conventions. " * 250


@pytest.fixture
def stub():
    with AnthropicStub() as server:
        yield server


def call(stub: AnthropicStub, session, **extra: Any) -> anthropic.types.Usage:
    payload = selectors.session_context_build(session=session)
    client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
    response = client.messages.create(
        model="claude-haiku-4-5",
        max_tokens=512,
        system=payload.system,
        messages=payload.messages,
        **extra,
    )
    return response.usage


def compacted_session(small):
    session = services.session_create(system_prompt=LONG_PROMPT)
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    return session


def test_the_payload_marks_the_system_prompt_the_summary_and_the_previous_call(small):
    session = compacted_session(small)
    payload = selectors.session_context_build(session=session).as_dict()
    markers = cache_markers(payload)
    lead = payload["messages"][0]["content"]
    # The previous call's conversation ends before the last answer: the user message before it.
    previous = len(payload["messages"]) - 2
    assert payload["messages"][previous + 1]["role"] == "assistant"
    assert [where for where, _ in markers] == [
        "system.0",
        f"messages.0.content.{len(lead) - 1}",
        f"messages.{previous}.content.0",
    ]
    assert payload["cache_breakpoints"] == 3
    assert payload["system"][0]["cache_control"] == {"type": "ephemeral"}
    # The summary closes the marked prefix (after the carried first request).
    assert "<checkpoint>" in lead[-1]["text"] and "cache_control" in lead[-1]


def test_every_turn_reads_the_previous_calls_whole_prompt_until_the_next_compaction(stub, small):
    session = compacted_session(small)
    top = {"cache_control": {"type": "ephemeral"}}  # the conversation's end, as documented
    first = call(stub, session, **top)
    assert first.cache_creation_input_tokens > 0 and first.cache_read_input_tokens == 0
    previous = first
    for turn in range(3):  # later turns: the same system prompt and summary, more messages
        services.message_append(session_id=session.pk, messages=[assistant(f"Done {turn}")])
        services.message_append(session_id=session.pk, messages=[user(f"Next step {turn}")])
        usage = call(stub, session, **top)
        whole = previous.cache_read_input_tokens + previous.cache_creation_input_tokens
        assert usage.cache_read_input_tokens == whole, turn
        assert 0 < usage.cache_creation_input_tokens < whole  # only the new turn is written
        previous = usage

    services.message_append(session_id=session.pk, messages=chat(20, start=100))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded"
    session.refresh_from_db()
    after = call(stub, session, **top)
    # The system prompt is still cached; the new summary and what follows are written.
    assert 0 < after.cache_read_input_tokens < previous.cache_read_input_tokens
    assert after.cache_creation_input_tokens > 0


def test_without_prompt_cache_the_payload_has_no_markers(compaction_settings, small):
    compaction_settings(PROMPT_CACHE=False)
    session = compacted_session(small)
    payload = selectors.session_context_build(session=session).as_dict()
    assert isinstance(payload["system"], str) and payload["cache_breakpoints"] == 0
    assert cache_markers(payload) == []


def marked_notes(session, count: int) -> None:
    for i in range(count):
        note = user([{"type": "text", "text": f"note {i}", "cache_control": {"type": "ephemeral"}}])
        services.message_append(session_id=session.pk, messages=[note, assistant("ok")])


def test_stored_markers_are_kept_only_within_the_limit(stub):
    session = services.session_create()  # no system prompt, no summary: room for theirs
    marked_notes(session, 4)
    payload = selectors.session_context_build(session=session).as_dict()
    # Ours ends the previous call (the newest note: it replaces the stored one there); the
    # two newest others that fit are kept; one is left for a top-level marker.
    assert cache_markers(payload) == [
        ("messages.2.content.0", "5m"),
        ("messages.4.content.0", "5m"),
        ("messages.6.content.0", "5m"),
    ]
    assert payload["cache_breakpoints"] == 3
    call(stub, session, cache_control={"type": "ephemeral"})  # four in all: accepted


def test_stored_markers_give_way_to_ours_and_to_the_ttl_order(stub, small, compaction_settings):
    compaction_settings(PROMPT_CACHE_TTL="1h")
    session = compacted_session(small)
    marked_notes(session, 3)
    payload = selectors.session_context_build(session=session).as_dict()
    # Three of ours (1h); a stored 5m marker before a 1h one would be refused by the API.
    assert [ttl for _, ttl in cache_markers(payload)] == ["1h", "1h", "1h"]
    assert payload["cache_breakpoints"] == 3
    call(stub, session, cache_control={"type": "ephemeral"})  # four in all: accepted


def test_usage_reports_take_cache_tokens_and_calibrate_on_all_input(api, session):
    services.message_append(session_id=session.pk, messages=chat(5))
    estimate = selectors.session_context_build(session=session).estimated_tokens
    usage = anthropic.types.Usage.model_validate(
        {
            "input_tokens": 20,
            "output_tokens": 200,
            "cache_creation_input_tokens": None,
            "cache_read_input_tokens": 2 * estimate - 20,
        }
    )
    body = {**usage.model_dump(), "estimated_tokens": estimate}  # the SDK's object, as is
    response = api.post(sess(session, "usage/"), body)
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["total_input_tokens"] == 20 and data["total_cache_read_tokens"] == 2 * estimate - 20
    assert data["total_cache_creation_tokens"] == 0
    # Real input was twice the estimate (cache reads included), so the ratio moves up.
    assert data["calibration_ratio"] == pytest.approx(1.1)
    assert data["cache_read_share"] == pytest.approx((2 * estimate - 20) / (2 * estimate))


def test_the_admin_shows_each_sessions_cache_read_share(admin_client, session):
    services.session_usage_record(
        session_id=session.pk, input_tokens=100, cache_read_input_tokens=300
    )
    html = admin_client.get("/admin/compaction/chatsession/").content.decode()
    assert "75%" in html and "300 of 400 reported input tokens" in html
