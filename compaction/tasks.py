"""Celery tasks: thin wrappers that take ids and call the services.

``compact_session`` applies compaction's one retry policy (``services.compaction.retry``)
with Celery's own retries: the SDK's retries are off inside the worker, and a retryable
summarizer error is retried by the task after the policy's delay while the run keeps its
lease. The lease is renewed while the summarizer works (``leases.lease_heartbeat``).
Redelivered messages (``acks_late``; ``reject_on_worker_lost`` puts back the message of a
worker that died) are harmless: a finished run is left alone, and a running one too while
its lease is held by another worker. Once that lease has run out (its worker died), the
delivery claims the session anew and compacts it. ``publish_compaction_run`` is the default
``PUBLISHER``: the services hand queued runs to it without importing this module.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils import timezone

from compaction.conf import ResolvedSettings, app_settings
from compaction.exceptions import CompactionInProgress, SummarizerError
from compaction.integrations import require
from compaction.models import CompactionRun
from compaction.services import (
    compaction_leases_release_expired,
    compaction_run_claim,
    compaction_run_enqueue,
    compaction_run_extend_lease,
    compaction_run_fail,
    compaction_run_finalize,
    compaction_run_summarize,
)
from compaction.services.compaction.leases import lease_heartbeat
from compaction.services.compaction.retry import (
    DATABASE_BACKOFF_SECONDS,
    as_summarizer_error,
    database_error_is_transient,
    drop_connections,
    in_callers_transaction,
    retry_delay,
    should_retry,
)
from compaction.summarizers import Summarizer, get_summarizer

shared_task = require(
    "celery", extra="celery", feature='Background compaction (AUTO_COMPACT="async")'
).shared_task

logger = logging.getLogger(__name__)
Status = CompactionRun.Status


def _worker_summarizer(run: CompactionRun) -> Summarizer:
    settings = app_settings.for_session(run.session)
    # The task does the retrying; SDK retries inside it would hold the worker while sleeping.
    return get_summarizer(ResolvedSettings({**settings.as_dict(), "API_MAX_RETRIES": 0}))


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None)
def compact_session(self: Any, run_id: str, lease_token: str | None = None) -> str:
    """Claim the queued run ``run_id``, summarize once, and finalize or retry.

    A database error that may pass (a dropped connection, a failover) escaping a phase is
    retried as a new delivery, with the lease token this one held, if any: failing the task
    would ack its message and leave a claimed run leased, with nobody to take it over once
    the session's appends stop (no beat). The next delivery goes on if the lease is still
    ours, else takes the session over once the lease has run out.
    """
    held = {"token": lease_token}
    try:
        return _compact(self, run_id, held)
    except Exception as exc:
        from celery.exceptions import Retry

        if isinstance(exc, Retry) or not database_error_is_transient(exc):
            raise
        if in_callers_transaction():
            raise  # in process, inside the caller's transaction: only the caller can retry
        drop_connections()
        countdown = retry_delay(self.request.retries, base=DATABASE_BACKOFF_SECONDS)
        logger.warning(
            "Compaction %s hit a database error, delivered again in %.1f s: %s",
            run_id,
            countdown,
            exc,
        )
        raise self.retry(
            args=[run_id], kwargs={"lease_token": held["token"]}, countdown=countdown, exc=exc
        ) from exc


def _compact(self: Any, run_id: str, held: dict[str, str | None]) -> str:
    run = CompactionRun.objects.select_related("session").filter(pk=run_id).first()
    if run is None:
        return "missing"
    found = _run_to_work_on(self, run, held["token"])
    if isinstance(found, str):
        return found
    run = found
    held["token"] = str(run.lease_token)

    settings = app_settings.for_session(run.session)
    try:
        with lease_heartbeat(run):
            outcome = compaction_run_summarize(run=run, summarizer=_worker_summarizer(run))
    except Exception as exc:
        if database_error_is_transient(exc) and not isinstance(exc, SummarizerError):
            raise  # the database, not the summarizer: delivered again (compact_session)
        error = as_summarizer_error(exc, run_id=run.pk)
        # The run counts its attempts, whichever delivery made them.
        attempt = run.attempts
        countdown = retry_delay(attempt - 1, base=settings.RETRY_BACKOFF_SECONDS)
        if should_retry(
            error, attempt=attempt, max_attempts=settings.MAX_ATTEMPTS
        ) and compaction_run_extend_lease(run=run, seconds=countdown + settings.LEASE_SECONDS):
            logger.warning(
                "Compaction %s attempt %s failed, retrying: %s", run.pk, attempt, error.message
            )
            raise self.retry(
                args=[str(run.pk)],
                kwargs={"lease_token": str(run.lease_token)},
                countdown=countdown,
                exc=error,
            ) from exc
        return compaction_run_fail(run=run, error=error).status
    return compaction_run_finalize(run=run, outcome=outcome).status


def _run_to_work_on(task: Any, run: CompactionRun, lease_token: str | None) -> CompactionRun | str:
    """What this delivery of the message for ``run`` should do: a ``running`` run it holds
    the lease of, or the status to return."""
    if run.status == Status.PENDING:
        try:
            run = compaction_run_claim(
                session_id=run.session_id, trigger=run.trigger, run_id=run.pk
            )
        except CompactionInProgress as exc:
            logger.info("Run %s yields to the live run %s", run.pk, exc.run.pk)
            return "in_progress"
    elif run.status == Status.RUNNING:
        if lease_token == str(run.lease_token) and _lease_live(run):
            return run  # our own retry
        # Another delivery of a message whose run a worker claimed: the broker delivered it
        # twice, or redelivered it because that worker died (reject_on_worker_lost).
        return _take_over(task, run)
    elif run.status == Status.EXPIRED:
        # Presumed lost while it waited in a long queue: the run queued in its place is
        # behind this message in the queue, so this delivery takes it (else, with a backlog
        # longer than LEASE_SECONDS, every message would find its run replaced).
        successor = _queued_successor(run)
        if successor is None:
            return run.status
        try:
            run = compaction_run_claim(
                session_id=run.session_id, trigger=successor.trigger, run_id=successor.pk
            )
        except CompactionInProgress:
            return "in_progress"
    return run if run.status == Status.RUNNING else run.status


def _queued_successor(run: CompactionRun) -> CompactionRun | None:
    return (
        CompactionRun.objects.filter(session_id=run.session_id, status=Status.PENDING)
        .only("pk", "trigger")
        .first()
    )


def _lease_live(run: CompactionRun) -> bool:
    session = run.session
    return (
        session.lease_token == run.lease_token
        and session.lease_expires_at is not None
        and session.lease_expires_at > timezone.now()
    )


def _take_over(task: Any, run: CompactionRun) -> CompactionRun | str:
    """The running ``run`` as another delivery finds it: while its lease is held, look
    again once it would have run out (the holder renews it while alive); once it has,
    claim the session anew (the dead run is expired by the claim) and compact it here."""
    session = run.session
    if _lease_live(run):
        if task.request.is_eager:
            return run.status  # in process: no worker can have been lost
        assert session.lease_expires_at is not None
        left = (session.lease_expires_at - timezone.now()).total_seconds()
        raise task.retry(args=[str(run.pk)], kwargs={}, countdown=max(0.0, left) + 1.0)
    logger.warning("Compaction %s lost its worker; its session is claimed again", run.pk)
    try:
        return compaction_run_claim(session_id=run.session_id, trigger=run.trigger, force=run.force)
    except CompactionInProgress as exc:
        logger.info("Run %s yields to the live run %s", run.pk, exc.run.pk)
        return "in_progress"


def publish_compaction_run(run_id: str) -> None:
    """The default ``PUBLISHER``: put a queued run on Celery.

    It runs once the append's transaction has committed: a broker that cannot be reached
    (restarting, after Celery's own publish retries) must not turn that stored append into a
    5xx. The run is left ``pending`` and logged; past ``LEASE_SECONDS`` the next append over
    the threshold (or ``release_expired_leases``) expires it and queues the session again.
    """
    from kombu.exceptions import OperationalError as BrokerUnavailable

    try:
        compact_session.delay(run_id)
    except BrokerUnavailable as exc:
        logger.warning("Compaction %s is left pending: the broker is unavailable: %s", run_id, exc)


@shared_task
def release_expired_leases() -> int:
    """Free leases of dead workers and queue their sessions again. Returns how many."""
    requeued = 0
    for run in compaction_leases_release_expired():
        try:
            queued = compaction_run_enqueue(
                session_id=run.session_id, trigger=CompactionRun.Trigger.TASK, force=run.force
            )
        except CompactionInProgress:
            continue
        requeued += queued.status == Status.PENDING
    return requeued
