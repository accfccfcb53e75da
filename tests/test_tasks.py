"""Background compaction: tasks, on_commit publishing, redelivery, retries, a real worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, ClassVar
from unittest import mock

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction
from django.utils import timezone
from kombu import pools as kombu_pools

from compaction import services, tasks
from compaction.conf import app_settings
from compaction.exceptions import CompactionInProgress
from compaction.models import ChatSession, Checkpoint, CompactionRun
from compaction.services.compaction.retry import RETRY_BACKOFF_CAP_SECONDS, retry_delay
from project.celery import app as celery_app
from tests.support.database import wait_until
from tests.support.factories import SessionFactory
from tests.support.helpers import StaticSummarizer, chat

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


@pytest.mark.django_db
def test_the_next_append_takes_over_a_dead_workers_session(
    small, compaction_settings, published, django_capture_on_commit_callbacks
):
    session = SessionFactory(messages=chat(20))
    dead = services.compaction_run_claim(session_id=session.pk, trigger="auto")
    compaction_settings(AUTO_COMPACT="async")
    type(session).objects.filter(pk=session.pk).update(lease_expires_at=dead.created_at)
    # No beat, no person: the append over the threshold queues the session again.
    with django_capture_on_commit_callbacks(execute=True):
        result = services.message_append(session_id=session.pk, messages=chat(1, start=20))
    assert result.compaction is not None and result.compaction.status == "pending"
    published.assert_called_once_with(str(result.compaction.pk))
    dead.refresh_from_db()
    assert dead.status == "expired"


@pytest.mark.django_db
def test_a_message_whose_run_was_presumed_lost_runs_the_one_queued_in_its_place(
    small, compaction_settings, published
):
    """A queue longer than LEASE_SECONDS: the run waited so long it was presumed lost and
    queued again, behind its own message. That message compacts the session now."""
    session = SessionFactory(messages=chat(20))
    first = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    late = first.created_at - timedelta(seconds=app_settings.LEASE_SECONDS + 1)
    CompactionRun.objects.filter(pk=first.pk).update(created_at=late)
    second = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    first.refresh_from_db()
    assert first.status == "expired" and second.status == "pending"

    assert tasks.compact_session.apply(args=[str(first.pk)]).get() == "succeeded"
    second.refresh_from_db()
    assert second.status == "succeeded"
    assert tasks.compact_session.apply(args=[str(second.pk)]).get() == "succeeded"
    assert Checkpoint.objects.filter(session=session).count() == 1


class RenewalWatcher(StaticSummarizer):
    """Holds on until the lease it started under would have expired and has been renewed
    twice, trying meanwhile to take the session over as another worker would."""

    renewals: ClassVar[list[Any]] = []
    refused: ClassVar[list[str]] = []

    def summarize(self, request):
        session_id = CompactionRun.objects.get(status="running").session_id
        sessions = ChatSession.objects.filter(pk=session_id)
        first = sessions.values_list("lease_expires_at", flat=True).get()
        seen = [first]

        def renewed_past_expiry() -> bool:
            now = sessions.values_list("lease_expires_at", flat=True).get()
            if now != seen[-1]:
                seen.append(now)
            return len(seen) >= 3 and timezone.now() > first

        assert wait_until(renewed_past_expiry, timeout=30), seen
        try:
            services.compaction_run_claim(session_id=session_id, trigger="command")
        except CompactionInProgress as exc:
            type(self).refused.append(str(exc.run.pk))
        type(self).renewals[:] = seen
        return super().summarize(request)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["runner", "task"])
def test_a_lease_is_renewed_while_the_summarizer_works(path, small, compaction_settings):
    compaction_settings(LEASE_SECONDS=1, SUMMARIZER="tests.test_tasks.RenewalWatcher")
    RenewalWatcher.renewals, RenewalWatcher.refused = [], []
    session = SessionFactory(messages=chat(20))
    if path == "runner":
        run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    else:
        with mock.patch.object(tasks.compact_session, "delay"):
            run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
        assert tasks.compact_session.apply(args=[str(run.pk)]).get() == "succeeded"
        run.refresh_from_db()
    # The summarizer outlived the lease it was claimed with: renewed, nobody took over,
    # and finalize found the lease still its own.
    assert len(RenewalWatcher.renewals) >= 3
    assert RenewalWatcher.refused == [str(run.pk)]
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    assert session.checkpoint_version == 1 and session.lease_token is None


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
    # The app's pool is kombu's, shared by broker URL: a closed one left there would be
    # handed to the next test publishing to the same broker.
    kombu_pools.reset()


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


@pytest.mark.django_db(transaction=True)
def test_a_redelivered_message_takes_over_once_the_dead_workers_lease_runs_out(
    small, compaction_settings, real_worker
):
    compaction_settings(LEASE_SECONDS=1)
    session = SessionFactory(messages=chat(20))
    # A worker claimed the run and died: nothing renews its lease any more.
    with mock.patch.object(tasks.compact_session, "delay"):
        queued = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    dead = services.compaction_run_claim(session_id=session.pk, trigger="api", run_id=queued.pk)
    assert dead.status == "running"
    # The broker delivers its message again (reject_on_worker_lost).
    tasks.compact_session.delay(str(dead.pk))

    assert wait_until(lambda: Checkpoint.objects.filter(session=session).exists(), timeout=30), (
        list(CompactionRun.objects.filter(session=session).values_list("status", flat=True))
    )
    dead.refresh_from_db()
    assert dead.status == "expired"
    taken = CompactionRun.objects.get(session=session, status="succeeded")
    assert taken.trigger == "api" and Checkpoint.objects.get(session=session).run_id == taken.pk
    # Not while the dead worker's lease was held: once it had run out.
    assert taken.started_at >= dead.lease_expires_at


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_summarize_is_taken_over_within_the_lease(tmp_path, settings):
    """A Celery worker (prefork, as in production) on Redis, its pool process SIGKILLed
    inside the summarizer. Nobody acts: Celery puts the message back (acks_late,
    reject_on_worker_lost), the next delivery waits out the dead worker's lease (2 s here,
    which the dead worker can no longer renew) and compacts the session."""
    if not TEST_BROKER.startswith("redis"):
        pytest.skip("a worker in another process needs a broker outside this one: Redis")
    lease = 2
    session = SessionFactory(
        messages=chat(20),
        config={"COMPACTION_THRESHOLD": 2000, "KEEP_RECENT_TOKENS": 500, "AUTO_COMPACT": "off"},
    )
    database = settings.DATABASES["default"]
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    host = f"{database['HOST']}:{database['PORT']}"
    url = f"postgres://{database['USER']}{password}@{host}/{database['NAME']}"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("COMPACTION_", "ANTHROPIC_", "OPENAI_", "CELERY_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="project.settings",
        DATABASE_URL=url,
        CELERY_BROKER_URL=TEST_BROKER,
        COMPACTION_SUMMARIZER="tests.support.killable.BlockingOnceSummarizer",
        COMPACTION_LEASE_SECONDS=str(lease),
        COMPACTION_AUTO_COMPACT="off",
        KILLABLE_DIR=str(tmp_path),
    )
    with _broker(TEST_BROKER):
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "project",
                "worker",
                "--pool=prefork",
                "--concurrency=1",
                "--without-mingle",
                "--without-gossip",
                "--without-heartbeat",
                "-l",
                "warning",
                "-n",
                f"killed-{os.getpid()}@%h",
            ],
            env=env,
            cwd=settings.BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
            entered = tmp_path / "entered"
            assert wait_until(lambda: entered.exists() and entered.read_text(), timeout=60), (
                "the worker never reached the summarizer"
            )
            os.kill(int(entered.read_text()), signal.SIGKILL)
            killed_at = timezone.now()
            assert wait_until(
                lambda: Checkpoint.objects.filter(session=session).exists(), timeout=60
            ), list(CompactionRun.objects.filter(session=session).values_list("status", "error"))
        finally:
            worker.terminate()
            try:
                _, errors = worker.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
                _, errors = worker.communicate()

    assert b"WorkerLostError" in errors or b"SIGKILL" in errors, errors.decode()[-2000:]
    dead = CompactionRun.objects.get(pk=run.pk)
    taken = CompactionRun.objects.get(session=session, status="succeeded")
    assert dead.status == "expired" and taken.pk != dead.pk
    # The dead worker renewed its lease up to its death and not after: the session was free
    # at most LEASE_SECONDS after the kill, and was taken over only then.
    assert dead.lease_expires_at <= killed_at + timedelta(seconds=lease)
    assert taken.started_at >= dead.lease_expires_at
    assert Checkpoint.objects.get(session=session).run_id == taken.pk
    # Two summarizer calls: the one killed, and the takeover's.
    assert len((tmp_path / "calls").read_text().split()) == 2
    session.refresh_from_db()
    assert session.checkpoint_version == 1 and session.lease_token is None


@contextmanager
def _broker(url: str) -> Iterator[None]:
    """Publish to ``url`` (emptied first) rather than run tasks in process."""
    overrides = {"broker_url": url, "task_always_eager": False, "result_backend": None}
    previous = {key: celery_app.conf.get(key) for key in overrides}
    celery_app.conf.update(overrides)
    _drop_connection_pools()
    try:
        with celery_app.connection_for_write() as connection:
            connection.default_channel.client.flushdb()
        yield
    finally:
        celery_app.conf.update(previous)
        _drop_connection_pools()


@pytest.mark.django_db(transaction=True)
def test_an_append_whose_publish_finds_no_broker_answers_201_and_is_queued_again_later(
    api, alice, small, compaction_settings
):
    """The load driver's Redis restart: the append commits, then publishing its run finds
    the broker down. It answered 500 after the commit; it answers 201 with the messages
    stored, the run left pending, and the next append past LEASE_SECONDS queues it again
    (on the queue: QUEUE_FALLBACK_IN_PROCESS off; tests/test_background.py has it on)."""
    compaction_settings(AUTO_COMPACT="async", LEASE_SECONDS=1, QUEUE_FALLBACK_IN_PROCESS=False)
    session = SessionFactory(owner=alice)
    before = session.messages.count()
    url = f"/api/compaction/sessions/{session.pk}/messages/"
    overrides = {"broker_url": "redis://127.0.0.1:9/0", "task_always_eager": False}
    previous = {key: celery_app.conf.get(key) for key in overrides}
    celery_app.conf.update(overrides)
    _drop_connection_pools()
    try:
        with mock.patch.object(tasks.logger, "warning") as warned:
            response = api.post(url, {"messages": chat(20)}, format="json")
    finally:
        celery_app.conf.update(previous)
        _drop_connection_pools()
    assert response.status_code == 201, response.content
    assert session.messages.count() == before + 40  # 20 exchanges
    stranded = CompactionRun.objects.get(session=session)
    assert stranded.status == "pending"
    assert "broker is unavailable" in warned.call_args.args[0]

    # Once LEASE_SECONDS have passed, the next append over the threshold takes it over.
    assert wait_until(
        lambda: timezone.now() - stranded.created_at > timedelta(seconds=1.2), timeout=5
    )
    with mock.patch.object(tasks.compact_session, "delay") as published:
        response = api.post(url, {"messages": chat(2, start=20)}, format="json")
    assert response.status_code == 201, response.content
    stranded.refresh_from_db()
    queued = CompactionRun.objects.get(session=session, status="pending")
    assert stranded.status == "expired" and queued.pk != stranded.pk
    published.assert_called_once_with(str(queued.pk))


def _fail_once(marker: str) -> Any:
    """A database execute wrapper: the first statement containing ``marker`` raises the
    OperationalError a terminated backend gives (``pg_terminate_backend``), once."""
    from django.db import OperationalError

    failed: list[str] = []

    def wrapper(execute, sql, params, many, context):
        if marker in sql and not failed:
            failed.append(sql)
            raise OperationalError("terminating connection due to administrator command")
        return execute(sql, params, many, context)

    wrapper.failed = failed  # type: ignore[attr-defined]
    return wrapper


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "marker",
    [
        # The claim committed, then its timing write lost the connection: the task failed
        # and the run stayed leased with nobody to take it over (compaction_load's
        # pg_terminate_backend, the session's appends over).
        '"claim_ms"',
        # Inside phase 2: a dropped connection was taken for a crashed summarizer and the
        # run fell back; it is the database's, and the delivery is made again.
        '"attempts"',
    ],
)
def test_a_database_blip_in_the_task_is_delivered_again_not_left_leased(small, marker):
    from django.db import connection

    session = SessionFactory(messages=chat(20))
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api")
    wrapper = _fail_once(marker)
    with mock.patch.object(tasks.compact_session, "delay"), connection.execute_wrapper(wrapper):
        outcome = tasks.compact_session.apply(args=[str(run.pk)], throw=False)
    assert wrapper.failed, "the statement was never run"
    assert outcome.get(propagate=False) == "succeeded", outcome.traceback
    assert CompactionRun.objects.filter(session=session, status="succeeded").count() == 1
    assert Checkpoint.objects.get(session=session).fallback is False
    session.refresh_from_db()
    assert session.lease_token is None and session.checkpoint_version == 1
