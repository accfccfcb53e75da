"""AUTO_COMPACT="background", the default: no turn waits for a compaction unless its payload
would not fit the window. These tests commit (``transaction=True``): the pool's threads
read and write through connections of their own."""

from __future__ import annotations

import threading
import time

import anthropic
import pytest

from compaction import selectors, services
from compaction.agent import CompactionStatus, run_turn, stream_turn
from compaction.conf import validate_values
from compaction.engine import timing as when
from compaction.models import ChatSession, Checkpoint, CompactionRun
from tests.support.anthropic_stub import AnthropicStub
from tests.support.factories import SessionFactory
from tests.support.helpers import HeldSummarizer, chat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def background(compaction_settings):
    """Threshold 2,000 (soft 1,600), window 6,000 (5,000 for the payload), a summarizer
    that waits for the test."""
    HeldSummarizer.reset()
    compaction_settings(
        AUTO_COMPACT="background",
        COMPACTION_THRESHOLD=2000,
        CONTEXT_WINDOW=6000,
        RESERVE_TOKENS=1000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.HeldSummarizer",
    )
    yield
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=30)


def _over_soft_threshold() -> ChatSession:
    session = SessionFactory()
    while True:
        result = services.message_append(session_id=session.pk, messages=chat(1))
        if HeldSummarizer.entered.wait(0.05) or result.session.estimated_tokens > 1600:
            return result.session


def test_the_append_over_the_soft_threshold_returns_before_the_summarizer(background):
    session = SessionFactory()
    started = time.monotonic()
    result = services.message_append(session_id=session.pk, messages=chat(8))
    elapsed = time.monotonic() - started
    assert 1600 < result.session.estimated_tokens < 2000  # over the soft threshold only
    assert result.compaction is None
    assert HeldSummarizer.entered.wait(5), "the pool never started the compaction"
    assert elapsed < 2

    run = CompactionRun.objects.get(session=session)
    assert run.status == "running"
    payload = selectors.session_context_build(session=ChatSession.objects.get(pk=session.pk))
    assert payload.as_dict()["compaction"]["running"] is True
    assert payload.compacting_since == run.started_at
    assert payload.checkpoint_version == 0

    # The conversation goes on meanwhile; no second run starts.
    more = services.message_append(session_id=session.pk, messages=chat(1, start=8))
    assert more.compaction is None
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=10)

    run.refresh_from_db()
    assert run.status == "succeeded"
    assert (run.turns_waited, run.turn_wait_ms) == (0, 0)
    assert CompactionRun.objects.filter(session=session).count() == 1
    session.refresh_from_db()
    payload = selectors.session_context_build(session=session)
    assert payload.checkpoint_version == 1
    assert payload.as_dict()["compaction"] == {"running": False, "since": None}
    # The messages appended during the run stay active, after the checkpoint's range.
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.last_seq < session.message_count


def test_a_payload_that_would_not_fit_waits_for_the_running_compaction(background):
    session = _over_soft_threshold()
    assert HeldSummarizer.entered.wait(5)
    threading.Timer(0.5, HeldSummarizer.gate.set).start()
    started = time.monotonic()
    # Past the window's 5,000 tokens: this turn cannot be sent without the summary.
    result = services.message_append(session_id=session.pk, messages=chat(18, start=50))
    waited = time.monotonic() - started
    assert result.session.estimated_tokens > 5000
    assert waited >= 0.4
    run = result.compaction
    assert run is not None and run.status == "succeeded"
    assert run.turns_waited == 1
    assert 400 <= run.turn_wait_ms <= waited * 1000 + 50
    assert HeldSummarizer.calls == 1


def test_the_wait_is_bounded_and_then_the_payload_is_fitted(background, compaction_settings):
    compaction_settings(COMPACTION_WAIT_SECONDS=0.3)
    session = _over_soft_threshold()
    assert HeldSummarizer.entered.wait(5)
    started = time.monotonic()
    result = services.message_append(session_id=session.pk, messages=chat(18, start=50))
    assert time.monotonic() - started < 2
    assert result.compaction.status == "running"
    payload = selectors.session_context_build(session=result.session)
    assert payload.truncated  # fitted to the window while the summary is being written
    assert payload.estimated_tokens <= 5000


def test_a_turn_over_the_soft_threshold_goes_on_and_says_a_compaction_started(background):
    session = _over_soft_threshold()
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=10)
    # Over the soft threshold again, by the turn's own message.
    services.message_append(session_id=session.pk, messages=chat(8, start=20), auto_compact=False)
    HeldSummarizer.reset()
    with AnthropicStub() as stub:
        client = anthropic.Anthropic(api_key="sk-test", base_url=stub.url, max_retries=0)
        events = list(
            stream_turn(
                client=client,
                session_id=session.pk,
                model="claude-haiku-4-5",
                max_tokens=256,
                user_message="And the next step?",
            )
        )
        statuses = [e for e in events if isinstance(e, CompactionStatus)]
        assert [s.status for s in statuses] == ["background"]
        assert HeldSummarizer.entered.wait(5)
        # A second turn while it runs starts nothing and waits for nothing.
        result = run_turn(
            client=client,
            session_id=session.pk,
            model="claude-haiku-4-5",
            max_tokens=256,
            user_message="Go on.",
        )
    assert result.compactions == ()
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=10)
    assert HeldSummarizer.calls == 1
    assert CompactionRun.objects.filter(session=session, status="succeeded").count() == 2


def test_sync_still_compacts_in_the_request_and_records_the_wait(compaction_settings):
    compaction_settings(
        AUTO_COMPACT="sync",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    session = SessionFactory()
    result = services.message_append(session_id=session.pk, messages=chat(10))
    assert result.compaction.status == "succeeded"
    assert result.compaction.turns_waited == 1
    assert CompactionRun.objects.get(session=session).turns_waited == 1


@pytest.mark.django_db(transaction=False)
@pytest.mark.parametrize(
    ("mode", "tokens", "running", "action"),
    [
        ("off", 9000, False, when.NONE),
        ("sync", 1500, False, when.NONE),
        ("sync", 2500, False, when.INLINE),
        ("sync", 2500, True, when.NONE),
        ("background", 1500, False, when.NONE),
        ("background", 1700, False, when.BACKGROUND),
        ("async", 1700, False, when.QUEUE),
        ("background", 2500, True, when.NONE),  # over the threshold, and still fits
        ("background", 5500, True, when.WAIT),
        ("background", 5500, False, when.INLINE),
        ("async", 5500, True, when.WAIT),
    ],
)
def test_the_one_rule_of_when_to_compact(mode, tokens, running, action):
    trigger = 1600 if mode in when.BESIDE else 2000
    timing = when.compaction_timing(
        mode=mode,
        calibrated_tokens=tokens,
        trigger_tokens=trigger,
        window_budget=5000,
        running=running,
    )
    assert timing.action == action
    assert timing.blocks == (action in (when.INLINE, when.WAIT))


@pytest.mark.django_db(transaction=False)
def test_settings_of_the_timing_are_bounded():
    assert validate_values({"SOFT_THRESHOLD": 0.8, "COMPACTION_WAIT_SECONDS": 0}) == []
    assert validate_values({"SOFT_THRESHOLD": 1.5}) == [
        "SOFT_THRESHOLD: must be a number from 0.1 to 1, not 1.5"
    ]
    assert "BACKGROUND_WORKERS: must be a positive integer" in validate_values(
        {"BACKGROUND_WORKERS": 0}
    )[0]
    assert validate_values({"AUTO_COMPACT": "later"}) == [
        "AUTO_COMPACT: must be one of off, sync, async, background, not 'later'"
    ]
