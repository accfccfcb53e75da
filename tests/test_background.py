"""AUTO_COMPACT="background", the default: no turn waits for a compaction unless its payload
would not fit the window. These tests commit (``transaction=True``): the pool's threads
read and write through connections of their own."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import anthropic
import pytest
from django.db import OperationalError, transaction
from django.utils import timezone

from compaction import selectors, services
from compaction.agent import CompactionStatus, run_turn, stream_turn
from compaction.conf import validate_values
from compaction.engine import timing as when
from compaction.models import ChatSession, Checkpoint, CompactionRun
from tests.support.anthropic_stub import AnthropicStub
from tests.support.factories import SessionFactory
from tests.support.helpers import HeldSummarizer, chat, settings_with

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def background(compaction_settings):
    """A threshold at the window's edge: 3,000 tokens less 500 for the answer, so the
    compaction starts at 80 % of the 2,500 (2,000); a summarizer that waits for the test."""
    HeldSummarizer.reset()
    compaction_settings(
        AUTO_COMPACT="background",
        COMPACTION_THRESHOLD=None,
        CONTEXT_WINDOW=3000,
        RESERVE_TOKENS=500,
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
        if HeldSummarizer.entered.wait(0.05) or result.session.estimated_tokens > 2000:
            return result.session


def test_the_append_over_the_soft_threshold_returns_before_the_summarizer(background):
    session = SessionFactory()
    started = time.monotonic()
    result = services.message_append(session_id=session.pk, messages=chat(10))
    elapsed = time.monotonic() - started
    assert 2000 < result.session.estimated_tokens <= 2500  # started early; still fits
    assert result.compaction.status == "pending"  # queued with the append, run on the pool
    assert HeldSummarizer.entered.wait(5), "the pool never started the compaction"
    assert elapsed < 10  # the summarizer holds for 30 s

    run = CompactionRun.objects.get(session=session)
    assert run.pk == result.compaction.pk and run.status == "running"
    payload = selectors.session_context_build(session=ChatSession.objects.get(pk=session.pk))
    assert payload.as_dict()["compaction"]["running"] is True
    assert payload.compacting_since == run.started_at
    assert payload.checkpoint_version == 0

    # The conversation goes on meanwhile; no second run starts.
    more = services.message_append(session_id=session.pk, messages=chat(1, start=10))
    assert more.compaction is None  # the live run compacts; nothing more is queued
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
    # Past the window's 2,500 tokens: this turn cannot be sent without the summary.
    result = services.message_append(session_id=session.pk, messages=chat(4, start=50))
    waited = time.monotonic() - started
    assert waited >= 0.4
    # The session as the compaction it waited for left it, read by the service.
    assert result.session.checkpoint_version == 1 and result.session.estimated_tokens < 2500
    run = result.compaction
    assert run is not None and run.status == "succeeded"
    assert run.turns_waited == 1
    assert 0 < run.turn_wait_ms <= waited * 1000 + 50
    assert HeldSummarizer.calls == 1


def test_the_wait_is_bounded_and_then_the_payload_is_fitted(background, compaction_settings):
    compaction_settings(COMPACTION_WAIT_SECONDS=0.3)
    session = _over_soft_threshold()
    assert HeldSummarizer.entered.wait(5)
    started = time.monotonic()
    result = services.message_append(session_id=session.pk, messages=chat(4, start=50))
    assert time.monotonic() - started < 10  # the summarizer holds for 30 s
    assert result.compaction.status == "running"
    payload = selectors.session_context_build(session=result.session)
    assert payload.truncated  # fitted to the window while the summary is being written
    assert payload.estimated_tokens <= 2500


def test_a_turn_over_the_soft_threshold_goes_on_and_says_a_compaction_started(background):
    session = _over_soft_threshold()
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=10)
    # Over the soft threshold again, still within the window.
    services.message_append(session_id=session.pk, messages=chat(5, start=20), auto_compact=False)
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


def test_sync_still_compacts_in_the_request_and_records_the_wait(small, compaction_settings):
    compaction_settings(AUTO_COMPACT="sync")
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
@pytest.mark.parametrize(
    ("values", "trigger"),
    [
        # The threshold well inside the window: start there, as "sync" would compact.
        ({"AUTO_COMPACT": "background"}, 100_000),
        ({"AUTO_COMPACT": "sync"}, 100_000),
        # At the window's edge: start at 80 % of the payload's budget (180,000).
        ({"AUTO_COMPACT": "background", "COMPACTION_THRESHOLD": None}, 144_000),
        ({"AUTO_COMPACT": "async", "COMPACTION_THRESHOLD": 170_000}, 144_000),
        ({"AUTO_COMPACT": "sync", "COMPACTION_THRESHOLD": None}, 180_000),
    ],
)
def test_where_a_compaction_starts(values, trigger):
    assert settings_with(**values).trigger == trigger


def test_settings_of_the_timing_are_bounded():
    assert validate_values({"SOFT_THRESHOLD": 0.8, "COMPACTION_WAIT_SECONDS": 0}) == []
    assert validate_values({"SOFT_THRESHOLD": 1.5}) == [
        "SOFT_THRESHOLD: must be a number from 0.1 to 1, not 1.5"
    ]
    assert (
        "BACKGROUND_WORKERS: must be a positive integer"
        in validate_values({"BACKGROUND_WORKERS": 0})[0]
    )
    assert validate_values({"AUTO_COMPACT": "later"}) == [
        "AUTO_COMPACT: must be one of off, sync, async, background, not 'later'"
    ]


def test_nothing_is_queued_when_the_append_rolls_back(background):
    session = SessionFactory()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.message_append(session_id=session.pk, messages=chat(10))
        raise RuntimeError("the host's view failed after the append")
    assert services.compaction_background_wait(timeout=5)
    assert not CompactionRun.objects.filter(session=session).exists()
    assert not HeldSummarizer.entered.is_set()


def test_a_job_that_fails_after_its_claim_frees_the_session(background, monkeypatch):
    def broken(**kwargs):
        raise OperationalError("the connection dropped")

    monkeypatch.setattr("compaction.services.compaction.runner.compaction_run_finalize", broken)
    HeldSummarizer.gate.set()
    session = SessionFactory()
    first = services.message_append(session_id=session.pk, messages=chat(10)).compaction
    assert services.compaction_background_wait(timeout=10)
    first.refresh_from_db()
    assert first.status == "failed" and "the connection dropped" in first.error
    session.refresh_from_db()
    assert session.lease_token is None  # not held until LEASE_SECONDS
    monkeypatch.undo()
    # The next append over the threshold starts again, at once.
    again = services.message_append(session_id=session.pk, messages=chat(1, start=10))
    assert again.compaction is not None and again.compaction.pk != first.pk
    assert services.compaction_background_wait(timeout=10)
    again.compaction.refresh_from_db()
    assert again.compaction.status == "succeeded"


def test_a_turn_waiting_on_a_dead_holder_compacts_in_line(background):
    HeldSummarizer.gate.set()
    session = SessionFactory()
    services.message_append(session_id=session.pk, messages=chat(10), auto_compact=False)
    # A process claimed a compaction and died before finishing it: its lease runs out soon.
    dead = services.compaction_run_claim(session_id=session.pk, trigger="auto")
    soon = timezone.now() + timedelta(seconds=0.5)
    ChatSession.objects.filter(pk=session.pk).update(lease_expires_at=soon)
    CompactionRun.objects.filter(pk=dead.pk).update(lease_expires_at=soon)
    # Past the window: this append waits for the holder, sees it die, and compacts itself.
    result = services.message_append(session_id=session.pk, messages=chat(3, start=10))
    assert result.session.checkpoint_version == 1 and result.session.estimated_tokens < 2500
    dead.refresh_from_db()
    assert dead.status == "expired"
    run = result.compaction
    assert run.pk != dead.pk and run.status == "succeeded"
    assert run.turns_waited == 1 and run.turn_wait_ms > 0


def test_a_turn_that_cannot_wait_runs_a_queued_run_nobody_claimed(background, compaction_settings):
    HeldSummarizer.gate.set()
    session = SessionFactory()
    services.message_append(session_id=session.pk, messages=chat(10), auto_compact=False)
    # Queued to a publisher that lost it (a process killed right after its commit).
    compaction_settings(PUBLISHER="tests.support.helpers.lose_run")
    orphan = services.compaction_run_enqueue(session_id=session.pk, trigger="auto")
    compaction_settings(PUBLISHER="compaction.tasks.publish_compaction_run")
    # Past the window: rather than wait for it to expire, the turn claims and runs it.
    result = services.message_append(session_id=session.pk, messages=chat(3, start=10))
    assert result.session.checkpoint_version == 1 and result.session.estimated_tokens < 2500
    assert result.compaction.pk == orphan.pk
    assert result.compaction.status == "succeeded" and result.compaction.turns_waited == 1
    assert CompactionRun.objects.filter(session=session).count() == 1


def test_inside_a_transaction_a_turn_does_not_wait(background):
    session = _over_soft_threshold()
    assert HeldSummarizer.entered.wait(5)
    services.message_append(session_id=session.pk, messages=chat(4, start=50), auto_compact=False)
    session.refresh_from_db()
    timing = selectors.session_compaction_timing(session=session)
    assert timing.action == when.WAIT
    started = time.monotonic()
    with transaction.atomic():
        outcome = services.compaction_when_due(session=session, timing=timing)
    assert time.monotonic() - started < 10  # COMPACTION_WAIT_SECONDS is 30
    assert outcome.action == "in_progress"


def test_a_run_the_full_pool_cannot_take_is_expired_at_once(background, compaction_settings):
    compaction_settings(BACKGROUND_WORKERS=1)  # one running, four queued
    runs = []
    for _ in range(6):
        session = SessionFactory()
        runs.append(services.message_append(session_id=session.pk, messages=chat(10)).compaction)
    assert HeldSummarizer.entered.wait(5)
    refused = CompactionRun.objects.get(pk=runs[-1].pk)
    assert refused.status == "expired" and "pool was full" in refused.error
    assert all(
        CompactionRun.objects.get(pk=run.pk).status in ("pending", "running") for run in runs[:5]
    )
    HeldSummarizer.gate.set()
    assert services.compaction_background_wait(timeout=20)
    # The session of the refused run is not blocked: its next append queues again.
    again = services.message_append(session_id=refused.session_id, messages=chat(1, start=10))
    assert again.compaction is not None and again.compaction.pk != refused.pk
    assert services.compaction_background_wait(timeout=10)
    assert CompactionRun.objects.filter(status="succeeded").count() == 6


@pytest.mark.parametrize("fallback", [True, False])
def test_a_queue_that_never_delivered_its_run_is_bypassed_in_process(compaction_settings, fallback):
    """AUTO_COMPACT="async" over a queue that took a run and never delivered it (a worker
    that did not recover from a broker restart): once that run is presumed lost, past
    LEASE_SECONDS, the session's next compaction runs on this process's pool, unless
    QUEUE_FALLBACK_IN_PROCESS is off."""
    compaction_settings(
        AUTO_COMPACT="async",
        COMPACTION_THRESHOLD=1500,
        KEEP_RECENT_TOKENS=500,
        LEASE_SECONDS=5,
        PUBLISHER="tests.support.helpers.lose_run",
        QUEUE_FALLBACK_IN_PROCESS=fallback,
    )
    session = SessionFactory()
    first = services.message_append(session_id=session.pk, messages=chat(10)).compaction
    assert first is not None and first.status == "pending"
    # Not yet presumed lost: the next append leaves the queued run alone.
    services.message_append(session_id=session.pk, messages=chat(1, start=10))
    assert CompactionRun.objects.filter(session=session).count() == 1
    CompactionRun.objects.filter(pk=first.pk).update(
        created_at=timezone.now() - timedelta(seconds=6)
    )

    second = services.message_append(session_id=session.pk, messages=chat(1, start=11)).compaction
    assert second is not None and second.pk != first.pk
    assert services.compaction_background_wait(timeout=30)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == "expired"
    if fallback:
        assert second.status == "succeeded"
        assert ChatSession.objects.get(pk=session.pk).checkpoint_version == 1
    else:
        assert second.status == "pending"  # on the queue that loses everything
        assert ChatSession.objects.get(pk=session.pk).checkpoint_version == 0


def test_after_a_run_expired_unstarted_the_next_one_runs_in_process(compaction_settings):
    """A run expired before anyone started it (lost by its queue, or dropped by a full pool)
    says the queue may still be broken: the session's next compaction does not wait on it,
    even when no live run is left for the append to expire."""
    compaction_settings(
        AUTO_COMPACT="async",
        COMPACTION_THRESHOLD=1500,
        KEEP_RECENT_TOKENS=500,
        PUBLISHER="tests.support.helpers.lose_run",
    )
    session = SessionFactory()
    lost = services.message_append(session_id=session.pk, messages=chat(10)).compaction
    CompactionRun.objects.filter(pk=lost.pk).update(status="expired", finished_at=timezone.now())

    after = services.message_append(session_id=session.pk, messages=chat(1, start=10)).compaction
    assert after is not None and after.pk != lost.pk
    assert services.compaction_background_wait(timeout=30)
    after.refresh_from_db()
    assert after.status == "succeeded"
    # Once a run has finished, the next goes to the queue again (which loses it here).
    nxt = services.message_append(session_id=session.pk, messages=chat(10, start=11)).compaction
    assert nxt is not None
    assert services.compaction_background_wait(timeout=30)
    nxt.refresh_from_db()
    assert nxt.status == "pending"
