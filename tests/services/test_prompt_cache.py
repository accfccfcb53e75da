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


def test_the_payload_marks_the_system_prompt_and_the_summary(small):
    session = compacted_session(small)
    payload = selectors.session_context_build(session=session).as_dict()
    markers = cache_markers(payload)
    lead = payload["messages"][0]["content"]
    assert [where for where, _ in markers] == ["system.0", f"messages.0.content.{len(lead) - 1}"]
    assert payload["cache_breakpoints"] == 2
    assert payload["system"][0]["cache_control"] == {"type": "ephemeral"}
    # The summary closes the marked prefix (after the carried first request).
    assert "<checkpoint>" in lead[-1]["text"] and "cache_control" in lead[-1]


def test_the_cached_prefix_is_read_every_turn_until_the_next_compaction(stub, small):
    session = compacted_session(small)
    first = call(stub, session)
    assert first.cache_creation_input_tokens > 0 and first.cache_read_input_tokens == 0
    prefix = first.cache_creation_input_tokens

    for turn in range(3):  # later turns: the same system prompt and summary, more messages
        services.message_append(
            session_id=session.pk, messages=[user(f"Next step {turn}"), assistant(f"Done {turn}")]
        )
        usage = call(stub, session)
        assert usage.cache_read_input_tokens == prefix, turn
        assert usage.cache_creation_input_tokens == 0

    services.message_append(session_id=session.pk, messages=chat(20, start=100))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded"
    session.refresh_from_db()
    after = call(stub, session)
    # The system prompt is still cached; the new summary is written once.
    assert 0 < after.cache_read_input_tokens < prefix
    assert after.cache_creation_input_tokens > 0


def test_without_prompt_cache_the_payload_has_no_markers(compaction_settings, small):
    compaction_settings(PROMPT_CACHE=False)
    session = compacted_session(small)
    payload = selectors.session_context_build(session=session).as_dict()
    assert isinstance(payload["system"], str) and payload["cache_breakpoints"] == 0
    assert cache_markers(payload) == []


def test_stored_markers_are_kept_only_within_the_limit(stub, small, compaction_settings):
    compaction_settings(PROMPT_CACHE_TTL="1h")
    session = compacted_session(small)
    marked = [
        user([{"type": "text", "text": f"note {i}", "cache_control": {"type": "ephemeral"}}])
        for i in range(3)
    ]
    for message in marked:
        services.message_append(session_id=session.pk, messages=[message, assistant("ok")])
    payload = selectors.session_context_build(session=session).as_dict()
    markers = cache_markers(payload)
    # Two of ours (1h), one stored one (the newest), one left for a top-level marker.
    assert [ttl for _, ttl in markers] == ["1h", "1h", "5m"]
    assert markers[-1][0].startswith(f"messages.{len(payload['messages']) - 2}")
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
