"""Compaction timing that weighs the cache rewrite (``COLD_CACHE_COMPACT_FRACTION``).

A compaction replaces the prefix after the system prompt, so the call after it writes the
new prefix to the prompt cache. When the session's cache has gone cold (its last model call
older than ``PROMPT_CACHE_TTL``) that call writes its whole prefix anyway: with the setting,
an append compacts then, before the call, once the context is at least that share of the
point where a compaction starts. The clock is ``django.utils.timezone.now``, moved by hand.
"""

from __future__ import annotations

import json
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from compaction import selectors, services
from compaction.engine import timing as when
from compaction.models import ChatSession, CompactionRun
from tests.support.anthropic_stub import estimate_tokens
from tests.support.helpers import chat, user

pytestmark = pytest.mark.django_db(transaction=True)

THRESHOLD = 3000


class Clock:
    """``timezone.now`` from a start the test moves forward."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    fake = Clock()
    with mock.patch("django.utils.timezone.now", fake):
        yield fake


@pytest.fixture
def cold_settings(compaction_settings):
    def apply(**values):
        compaction_settings(
            **{
                "AUTO_COMPACT": "sync",
                "COMPACTION_THRESHOLD": THRESHOLD,
                "KEEP_RECENT_TOKENS": 500,
                "MEMORY_FLUSH_MARGIN": 0,
                "SUMMARIZER": "tests.support.helpers.StaticSummarizer",
                "COLD_CACHE_COMPACT_FRACTION": 0.5,
                **values,
            }
        )

    return apply


def half_full_session() -> ChatSession:
    """A session between half and all of THRESHOLD: no compaction by the threshold alone."""
    session = services.session_create(system_prompt="You are a careful agent.")
    services.message_append(session_id=session.pk, messages=chat(9), auto_compact=False)
    session.refresh_from_db()
    assert THRESHOLD * 0.5 < session.calibrated_tokens < THRESHOLD - 200
    return session


@pytest.mark.parametrize("mode", ["sync", "background", "async"])
def test_an_append_after_the_cache_went_cold_compacts_before_the_next_call(
    mode, clock, cold_settings
):
    cold_settings(AUTO_COMPACT=mode)
    session = half_full_session()
    clock.advance(301)  # just past the 5-minute TTL since the last write
    result = services.message_append(session_id=session.pk, messages=[user("Back again.")])
    # In line in every mode: a run queued beside the conversation would land after the
    # call that writes the old prefix to the cache.
    run = result.compaction
    assert run is not None and run.status == CompactionRun.Status.SUCCEEDED
    assert "prompt cache cold" in run.reason
    assert result.session.checkpoint_version == 0  # the append's own view, before the run
    session.refresh_from_db()
    assert session.checkpoint_version == 1
    assert session.calibrated_tokens < THRESHOLD * 0.5


def test_a_warm_cache_does_not_compact_below_the_trigger(clock, cold_settings):
    cold_settings()
    session = half_full_session()
    clock.advance(299)
    result = services.message_append(session_id=session.pk, messages=[user("Quick one.")])
    assert result.compaction is None
    assert result.idle_since is not None and (clock.now - result.idle_since).seconds == 299
    assert not CompactionRun.objects.exists()


def test_the_ttl_is_prompt_cache_ttl(clock, cold_settings):
    cold_settings(PROMPT_CACHE_TTL="1h")
    session = half_full_session()
    clock.advance(1800)
    assert services.message_append(session_id=session.pk, messages=[user("Hi")]).compaction is None
    clock.advance(3601)
    result = services.message_append(session_id=session.pk, messages=[user("Hi again")])
    assert result.compaction is not None and "TTL 3,600 s" in result.compaction.reason


def test_unset_the_fraction_keeps_the_threshold_alone(clock, cold_settings):
    cold_settings(COLD_CACHE_COMPACT_FRACTION=None)
    session = half_full_session()
    clock.advance(7200)
    result = services.message_append(session_id=session.pk, messages=[user("Hello")])
    assert result.compaction is None


def test_below_the_fraction_a_cold_cache_changes_nothing(clock, cold_settings):
    cold_settings(COLD_CACHE_COMPACT_FRACTION=1.0)
    session = half_full_session()
    clock.advance(7200)
    assert services.message_append(session_id=session.pk, messages=[user("Hi")]).compaction is None


def test_an_append_that_reports_a_model_calls_usage_is_a_warm_cache(clock, cold_settings):
    # The host's answer, with the usage of the call that made it: that call used the
    # cache just now, however long ago the session was last written.
    cold_settings()
    session = half_full_session()
    clock.advance(3600)
    result = services.message_append(
        session_id=session.pk,
        messages=[{"role": "assistant", "content": "Done."}],
        usage={"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": 2000},
    )
    assert result.compaction is None
    assert result.idle_since == clock.now


def test_the_session_timing_is_the_same_rule(clock, cold_settings):
    cold_settings(AUTO_COMPACT="background")
    session = half_full_session()
    idle_since = session.updated_at
    clock.advance(600)
    cold = selectors.session_compaction_timing(session=session, idle_since=idle_since)
    assert (cold.action, cold.blocks) == (when.INLINE, True)
    # Unknown idle time (a caller that has none): the threshold alone.
    assert selectors.session_compaction_timing(session=session).action == when.NONE


def test_a_cold_check_adds_no_statement_to_an_append(clock, cold_settings):
    counts = []
    for fraction in (None, 0.99):
        cold_settings(COLD_CACHE_COMPACT_FRACTION=fraction)
        session = half_full_session()
        clock.advance(10)
        with CaptureQueriesContext(connection) as queries:
            services.message_append(session_id=session.pk, messages=[user("Next")])
        counts.append(len(queries))
    assert counts[0] == counts[1]


# ------------------------------------------------------------------ through run_turn


@pytest.fixture
def stub():
    from tests.support.anthropic_stub import AnthropicStub

    with AnthropicStub() as server:
        yield server


def turn(stub, session, text, **kwargs):
    import anthropic

    from compaction.agent import run_turn

    client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
    return run_turn(
        session_id=session.pk,
        client=client,
        model="claude-haiku-4-5",
        max_tokens=1024,
        user_message=text,
        **kwargs,
    )


@pytest.mark.parametrize("mode", ["sync", "background"])
def test_a_turn_after_a_pause_compacts_first_and_sends_the_smaller_prefix(
    mode, clock, cold_settings, stub
):
    cold_settings(AUTO_COMPACT=mode)
    session = half_full_session()
    stub.enqueue_text("Warm answer.")
    warm = turn(stub, session, "Still there?")
    assert warm.compactions == ()
    clock.advance(400)
    stub.enqueue_text("Cold answer.")
    cold = turn(stub, session, "Back after a break.")
    assert [run.status for run in cold.compactions] == ["succeeded"]
    assert "prompt cache cold" in cold.compactions[0].reason
    # The call after the pause already carried the checkpoint, and was smaller.
    first, second = (request.body for request in stub.requests[-2:])
    assert "Back after a break." in json.dumps(second["messages"][-1])
    assert estimate_tokens(second) < estimate_tokens(first)


def test_a_tool_that_runs_past_the_ttl_makes_the_next_round_compact(clock, cold_settings, stub):
    cold_settings()
    session = half_full_session()

    def slow_tool(**_):
        clock.advance(600)  # the tool ran for ten minutes: the cache went cold meanwhile
        return "42 passed"

    stub.enqueue_message(
        [{"type": "tool_use", "id": "toolu_01", "name": "run_tests", "input": {}}],
        stop_reason="tool_use",
    )
    stub.enqueue_text("All green.")
    result = turn(
        stub,
        session,
        "Run the tests.",
        tools=[
            {"name": "run_tests", "description": "Run them.", "input_schema": {"type": "object"}}
        ],
        tool_handlers={"run_tests": slow_tool},
    )
    assert result.text == "All green."
    assert [run.status for run in result.compactions] == ["succeeded"]
    # Compacted between the two calls of the turn, not before the first.
    first, second = (request.body for request in stub.requests[-2:])
    assert estimate_tokens(second) < estimate_tokens(first)


def test_a_quick_tool_loop_never_compacts_early(clock, cold_settings, stub):
    cold_settings()
    session = half_full_session()
    stub.enqueue_message(
        [{"type": "tool_use", "id": "toolu_01", "name": "run_tests", "input": {}}],
        stop_reason="tool_use",
    )
    stub.enqueue_text("All green.")
    result = turn(
        stub,
        session,
        "Run the tests.",
        tools=[
            {"name": "run_tests", "description": "Run them.", "input_schema": {"type": "object"}}
        ],
        tool_handlers={"run_tests": lambda **_: "42 passed"},
    )
    assert result.compactions == ()
