"""Queued compaction: a pending run, published when the transaction commits.

Services never import the task module: the run's id goes to the callable named by
``COMPACTION["PUBLISHER"]`` (default: ``compaction.tasks.publish_compaction_run``, which
puts ``compact_session`` on Celery), so another queue can be plugged in; or, with
AUTO_COMPACT="background", to this process's pool (``background``).
"""

from __future__ import annotations

import logging
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.exceptions import CompactionInProgress, QueueUnavailable
from compaction.integrations import queue_problem
from compaction.models import ChatSession, CompactionRun
from compaction.services.compaction.background import publish_in_process
from compaction.services.compaction.claiming import decide
from compaction.services.compaction.leases import check_live
from compaction.services.compaction.runs import skipped_run
from compaction.services.locking import lock_session
from compaction.summarizers import summarizer_name

Status = CompactionRun.Status
logger = logging.getLogger(__name__)


def publish_on_commit(run: CompactionRun, *, in_process: bool = False) -> None:
    """Hand the run to the configured publisher once the transaction commits (a rollback
    publishes nothing); ``in_process``: to this process's pool (AUTO_COMPACT="background")."""
    run_id = str(run.pk)
    if in_process:
        # A pool that cannot take it (the interpreter exiting) must not fail a request whose
        # append has committed: the run is left pending, and expires.
        transaction.on_commit(lambda: publish_in_process(run_id), robust=True)
        return
    publish = app_settings.import_callable("PUBLISHER")
    transaction.on_commit(lambda: publish(run_id))


def queue_locked(
    *,
    session: ChatSession,
    trigger: str,
    force: bool = False,
    reason: str = "",
    in_process: bool = False,
) -> CompactionRun | None:
    """Queue a compaction for an already locked session, unless a run is live.

    Part of the caller's transaction: the run is published only if it commits; to a worker
    queue, or with ``in_process`` to this process's pool. Returns the pending run, or None
    when a live run already exists or no queue can take the task (logged: a ``pending`` run
    no worker would pick up would block the session). Runs whose holder died (a lease
    expired, a run left pending past LEASE_SECONDS) are expired here, not waited for.
    """
    if not in_process:
        problem = queue_problem(app_settings.PUBLISHER)
        if problem is not None:
            logger.warning(
                "Session %s is over its threshold but is not queued: %s", session.pk, problem
            )
            return None
    settings = app_settings.for_session(session)
    try:
        undelivered = check_live(session, settings, timezone.now())
    except CompactionInProgress:
        return None
    if not in_process and settings.QUEUE_FALLBACK_IN_PROCESS and not undelivered:
        # Expired before this call without ever starting (its queue, or a pool that was full,
        # never ran it): the queue may still be broken, so this one does not wait on it.
        latest = (
            CompactionRun.objects.filter(session=session)
            .order_by("-created_at")
            .values_list("status", "started_at")
            .first()
        )
        undelivered = latest is not None and latest == (Status.EXPIRED, None)
    if undelivered and not in_process and settings.QUEUE_FALLBACK_IN_PROCESS:
        # The queue took the last run and never delivered it (a worker that did not recover
        # from a broker restart is one way): queueing this one there too could leave the
        # session uncompacted for as long as the queue stays broken.
        logger.warning(
            "Session %s: its queued compaction was not picked up within LEASE_SECONDS; "
            "this one runs in process",
            session.pk,
        )
        in_process = True
    run = CompactionRun.objects.create(
        session=session,
        status=Status.PENDING,
        trigger=trigger,
        force=force,
        reason=reason,
        base_version=session.checkpoint_version,
        tokens_before=session.estimated_tokens,
        summarizer=summarizer_name(settings),
    )
    publish_on_commit(run, in_process=in_process)
    return run


def compaction_run_enqueue(
    *, session_id: UUID | str, trigger: str, force: bool = False, in_process: bool = False
) -> CompactionRun:
    """Queue a compaction on Celery: a ``pending`` run, or ``skipped`` when there is nothing to do.

    Raises ``CompactionInProgress`` while another run is live, and ``QueueUnavailable``
    (503) when no worker queue can take the task. The task is published after the
    transaction commits. ``in_process``: on this process's pool instead of Celery.
    """
    problem = None if in_process else queue_problem(app_settings.PUBLISHER)
    if problem is not None:
        raise QueueUnavailable(f"Background compaction is unavailable. {problem}")
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        settings = app_settings.for_session(session)
        if check_live(session, settings, now) and settings.QUEUE_FALLBACK_IN_PROCESS:
            in_process = True  # as in queue_locked: the queue did not deliver the last run
        skip_reason, decision = decide(session, settings, force=force)
        if skip_reason is not None:
            return skipped_run(
                session, settings, trigger=trigger, force=force, reason=skip_reason, now=now
            )
        assert decision is not None
        run = queue_locked(
            session=session,
            trigger=trigger,
            force=force,
            reason=decision.reason,
            in_process=in_process,
        )
        assert run is not None  # check_live saw no live run under the same lock
    return run
