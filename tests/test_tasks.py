"""Background compaction: tasks, on_commit publishing, redelivery, retries, a real worker."""

from __future__ import annotations

import os
from unittest import mock

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from compaction import services, tasks
from compaction.models import Checkpoint, CompactionRun
from compaction.services.compaction.retry import RETRY_BACKOFF_CAP_SECONDS, retry_delay
from project.celery import app as celery_app
from tests.support.database import wait_until
from tests.support.factories import SessionFactory
from tests.support.helpers import chat

# scripts/test sets TEST_BROKER_URL: Redis when it answers, else Celery's in-process broker
# (memory://, shared by the threads of this process, where the worker runs).
TEST_BROKER = os.environ.get("TEST_BROKER_URL") or os.environ.get(
    "TEST_REDIS_URL", "redis://127.0.0.1:6379/15"
)


@pytest.fixture
def published():
    """Record tasks published instead of sending them to a broker."""
    with mock.patch.object(tasks.compact_session, "delay") as delay:
        yield delay


# ----------------------------------------------------------------------------- on_commit


@pytest.mark.django_db
def test_async_auto_compact_publishes_one_task_after_commit(
    small, compaction_settings, published, django_capture_on_commit_callbacks
):
    compaction_settings(AUTO_COMPACT="async")
    session = SessionFactory()
    with django_capture_on_commit_callbacks(execute=True):
        result = services.message_append(session_id=session.pk, messages=chat(20))
    assert result.compaction is not None and result.compaction.status == "pending"
    published.assert_called_once_with(str(result.compaction.pk))
    # While that run is pending, further appends over the threshold queue nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        again = services.message_append(session_id=session.pk, messages=chat(2, start=20))
    assert again.compaction is None
    assert published.call_count == 1
    assert CompactionRun.objects.filter(session=session).count() == 1


@pytest.mark.django_db
def test_async_auto_compact_without_a_broker_appends_and_queues_nothing(
    small, compaction_settings, published, no_broker, django_capture_on_commit_callbacks, caplog
):
    compaction_settings(AUTO_COMPACT="async")
    session = SessionFactory()
    with django_capture_on_commit_callbacks(execute=True):
        result = services.message_append(session_id=session.pk, messages=chat(20))
    assert len(result.messages) == 40  # the append itself never depends on a queue
    assert result.compaction is None
    published.assert_not_called()
    assert not CompactionRun.objects.filter(session=session).exists()
    assert "not queued: No Celery broker is configured" in caplog.text


@pytest.mark.django_db
def test_rolled_back_append_publishes_nothing(
    small, compaction_settings, published, django_capture_on_commit_callbacks
):
    compaction_settings(AUTO_COMPACT="async")
    session = SessionFactory()
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        services.message_append(session_id=session.pk, messages=chat(20))
        raise RuntimeError("the host's view failed after appending")
    assert callbacks == []
    published.assert_not_called()
    assert not CompactionRun.objects.exists()


@pytest.mark.django_db
def test_enqueue_returns_skipped_when_nothing_to_do(small, published):
    session = SessionFactory(messages=chat(2))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert run.status == "skipped" and "below the threshold" in run.reason
    published.assert_not_called()


# ----------------------------------------------------------------------------- the task


@pytest.mark.django_db
def test_task_compacts_and_a_redelivered_message_adds_nothing(small, published):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert run.status == "pending"
    assert tasks.compact_session.apply(args=[str(run.pk)], throw=False).get() == "succeeded"
    # acks_late: the broker may deliver the same message again.
    assert tasks.compact_session.apply(args=[str(run.pk)], throw=False).get() == "succeeded"
    assert Checkpoint.objects.filter(session=session).count() == 1


@pytest.mark.django_db
def test_redelivery_while_another_worker_runs_it_does_nothing(small, published):
    session = SessionFactory(messages=chat(20))
    queued = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    running = services.compaction_run_claim(session_id=session.pk, trigger="api", run_id=queued.pk)
    assert running.status == "running"
    # The copy without the lease token is not ours to run.
    assert tasks.compact_session.apply(args=[str(queued.pk)], throw=False).get() == "running"
    assert not Checkpoint.objects.exists()
    running.refresh_from_db()
    assert running.attempts == 0


@pytest.mark.django_db
def test_retry_on_529_then_success_with_sdk_retries_off(
    anthropic_api, compaction_settings, published
):
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        MAX_ATTEMPTS=3,
        API_MAX_RETRIES=2,  # the task must turn these off inside the worker
    )
    anthropic_api.enqueue_error(529)
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert tasks.compact_session.apply(args=[str(run.pk)], throw=False).get() == "succeeded"
    run.refresh_from_db()
    assert run.attempts == 2
    # One request per task attempt: the SDK did not retry the 529 on its own.
    assert len(anthropic_api.message_requests) == 2


@pytest.mark.django_db
def test_retries_stop_at_max_attempts_and_fall_back(anthropic_api, compaction_settings, published):
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        MAX_ATTEMPTS=2,
    )
    for _ in range(3):
        anthropic_api.enqueue_error(529)
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert tasks.compact_session.apply(args=[str(run.pk)], throw=False).get() == "fell_back"
    assert len(anthropic_api.message_requests) == 2


def test_retry_countdown_grows_with_jitter_and_is_capped():
    for retries in range(12):
        countdown = retry_delay(retries, base=1.0)
        assert 0 <= countdown <= min(RETRY_BACKOFF_CAP_SECONDS, 2**retries)


@pytest.mark.django_db
def test_release_expired_leases_requeues_the_session(small, published):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_claim(session_id=session.pk, trigger="api")
    type(session).objects.filter(pk=session.pk).update(lease_expires_at=run.created_at)
    with mock.patch("compaction.services.compaction.dispatch.transaction.on_commit", lambda f: f()):
        assert tasks.release_expired_leases.apply().get() == 1
    run.refresh_from_db()
    assert run.status == "expired"
    queued = CompactionRun.objects.get(session=session, status="pending")
    published.assert_called_once_with(str(queued.pk))


# ----------------------------------------------------------------------------- real worker


# The in-process broker too, always: it is what a machine without Redis tests with.
BROKERS = list(dict.fromkeys([TEST_BROKER, "memory://"]))


@pytest.fixture(params=BROKERS)
def real_worker(request, settings):
    """A real Celery worker thread consuming from a broker (Redis, or in process)."""
    broker = request.param
    overrides = {
        "broker_url": broker,
        "task_always_eager": False,
        "result_backend": None,
        "broker_connection_retry_on_startup": False,
    }
    previous = {key: celery_app.conf.get(key) for key in overrides}
    celery_app.conf.update(overrides)
    _drop_connection_pools()  # publish to this broker, not one an earlier test connected to
    try:
        if broker.startswith("redis"):
            with celery_app.connection_for_write() as connection:
                connection.default_channel.client.flushdb()
        with start_worker(
            celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10
        ) as worker:
            yield worker
    finally:
        celery_app.conf.update(previous)
        _drop_connection_pools()


def _drop_connection_pools() -> None:
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
        celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.mark.django_db(transaction=True)
def test_end_to_end_async_compaction_through_a_real_worker(small, real_worker):
    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    assert run.status == "pending"

    def finished() -> bool:
        run.refresh_from_db()
        return run.status not in ("pending", "running")

    assert wait_until(finished, timeout=30), run.status
    assert run.status == "succeeded", (run.status, run.error)
    assert run.trigger == "api"
    session.refresh_from_db()
    assert session.checkpoint_version == 1 and session.lease_token is None
