"""Celery tasks: thin wrappers that take ids and call the services.

``compact_session`` applies compaction's one retry policy (``services.compaction.retry``)
with Celery's own retries: the SDK's retries are off inside the worker, and a retryable
summarizer error is retried by the task after the policy's delay while the run keeps its
lease. Redelivered messages (``acks_late``) are harmless: a run that is no longer
``pending`` is left alone unless the message carries that run's lease token (our own
retry). ``publish_compaction_run`` is the default ``PUBLISHER``: the services hand queued
runs to it without importing this module.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from compaction.conf import ResolvedSettings, app_settings
from compaction.exceptions import CompactionInProgress
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
from compaction.services.compaction.retry import as_summarizer_error, retry_delay, should_retry
from compaction.summarizers import Summarizer, get_summarizer

logger = logging.getLogger(__name__)
Status = CompactionRun.Status


def _worker_summarizer(run: CompactionRun) -> Summarizer:
    settings = app_settings.for_session(run.session)
    # The task does the retrying; SDK retries inside it would hold the worker while sleeping.
    return get_summarizer(ResolvedSettings({**settings.as_dict(), "API_MAX_RETRIES": 0}))


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None)
def compact_session(self: Any, run_id: str, lease_token: str | None = None) -> str:
    """Claim the queued run ``run_id``, summarize once, and finalize or retry."""
    run = CompactionRun.objects.select_related("session").filter(pk=run_id).first()
    if run is None:
        return "missing"
    if run.status == Status.PENDING:
        try:
            run = compaction_run_claim(
                session_id=run.session_id, trigger=run.trigger, run_id=run_id
            )
        except CompactionInProgress as exc:
            logger.info("Run %s yields to the live run %s", run_id, exc.run.pk)
            return "in_progress"
    elif run.status != Status.RUNNING or lease_token != str(run.lease_token):
        # A redelivery of a message whose run finished, or is being run by another worker.
        return run.status
    if run.status != Status.RUNNING:
        return run.status

    settings = app_settings.for_session(run.session)
    try:
        outcome = compaction_run_summarize(run=run, summarizer=_worker_summarizer(run))
    except Exception as exc:
        error = as_summarizer_error(exc, run_id=run.pk)
        attempt = self.request.retries + 1
        if should_retry(
            error, attempt=attempt, max_attempts=settings.MAX_ATTEMPTS
        ) and compaction_run_extend_lease(run=run):
            logger.warning(
                "Compaction %s attempt %s failed, retrying: %s", run.pk, attempt, error.message
            )
            raise self.retry(
                args=[run_id],
                kwargs={"lease_token": str(run.lease_token)},
                countdown=retry_delay(self.request.retries, base=settings.RETRY_BACKOFF_SECONDS),
                exc=error,
            ) from exc
        return compaction_run_fail(run=run, error=error).status
    return compaction_run_finalize(run=run, outcome=outcome).status


def publish_compaction_run(run_id: str) -> None:
    """The default ``PUBLISHER``: put a queued run on Celery."""
    compact_session.delay(run_id)


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
