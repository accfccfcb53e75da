"""Celery tasks: thin wrappers that take ids and call the services.

``compact_session`` owns the retry policy of background compaction: the SDK's own
retries are off inside the worker, and a retryable summarizer error is retried by the
task with exponential backoff and jitter while the run keeps its lease. Redelivered
messages (``acks_late``) are harmless: a run that is no longer ``pending`` is left alone
unless the message carries that run's lease token (our own retry).
"""

from __future__ import annotations

import logging
import random
from typing import Any

from celery import shared_task

from compaction.conf import ResolvedSettings, app_settings
from compaction.exceptions import CompactionInProgress, PermanentSummarizerError, SummarizerError
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
from compaction.summarizers import get_summarizer

logger = logging.getLogger(__name__)
Status = CompactionRun.Status

# Backoff between task retries: base * 2**retries, capped, with full jitter.
RETRY_BACKOFF_CAP_SECONDS = 120


def retry_countdown(retries: int, *, base: float) -> float:
    return random.uniform(0, min(RETRY_BACKOFF_CAP_SECONDS, base * 2**retries))


def _worker_summarizer(run: CompactionRun):
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
        if not isinstance(exc, SummarizerError):
            logger.exception("Summarizer crashed during compaction %s", run.pk)
            exc = PermanentSummarizerError(f"{type(exc).__name__}: {exc}")
        attempts = self.request.retries + 1
        if exc.retryable and attempts < settings.MAX_ATTEMPTS and compaction_run_extend_lease(
            run=run
        ):
            logger.warning("Compaction %s attempt %s failed, retrying: %s", run.pk, attempts,
                           exc.message)
            raise self.retry(
                args=[run_id],
                kwargs={"lease_token": str(run.lease_token)},
                countdown=retry_countdown(self.request.retries,
                                          base=settings.RETRY_BACKOFF_SECONDS),
                exc=exc,
            ) from exc
        return compaction_run_fail(run=run, error=exc).status
    return compaction_run_finalize(run=run, outcome=outcome).status


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
