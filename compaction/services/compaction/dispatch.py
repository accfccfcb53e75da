"""Queued compaction: a pending run, published to a worker when the transaction commits.

Services never import the task module: the run's id goes to the callable named by
``COMPACTION["PUBLISHER"]`` (default: ``compaction.tasks.publish_compaction_run``, which
puts ``compact_session`` on Celery), so another queue can be plugged in.
"""

from __future__ import annotations

from uuid import UUID

from django.db import transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.models import ChatSession, CompactionRun
from compaction.services.compaction.claiming import decide
from compaction.services.compaction.leases import check_live
from compaction.services.compaction.runs import skipped_run
from compaction.services.locking import lock_session
from compaction.summarizers import summarizer_name

Status = CompactionRun.Status


def publish_on_commit(run: CompactionRun) -> None:
    """Hand the run to the configured publisher once the transaction commits (a rollback
    publishes nothing)."""
    publish = app_settings.import_callable("PUBLISHER")
    run_id = str(run.pk)
    transaction.on_commit(lambda: publish(run_id))


def queue_locked(
    *, session: ChatSession, trigger: str, force: bool = False, reason: str = ""
) -> CompactionRun | None:
    """Queue a compaction task for an already locked session, unless a run is live.

    Part of the caller's transaction: the task is published only if it commits. Returns
    the pending run, or None when a live run already exists.
    """
    if CompactionRun.objects.filter(
        session=session, status__in=CompactionRun.LIVE_STATUSES
    ).exists():
        return None
    run = CompactionRun.objects.create(
        session=session,
        status=Status.PENDING,
        trigger=trigger,
        force=force,
        reason=reason,
        base_version=session.checkpoint_version,
        tokens_before=session.estimated_tokens,
        summarizer=summarizer_name(app_settings.for_session(session)),
    )
    publish_on_commit(run)
    return run


def compaction_run_enqueue(
    *, session_id: UUID | str, trigger: str, force: bool = False
) -> CompactionRun:
    """Queue a compaction on Celery: a ``pending`` run, or ``skipped`` when there is nothing to do.

    Raises ``CompactionInProgress`` while another run is live. The task is published
    after the transaction commits.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        settings = app_settings.for_session(session)
        check_live(session, settings, now)
        skip_reason, decision = decide(session, settings, force=force)
        if skip_reason is not None:
            return skipped_run(
                session, settings, trigger=trigger, force=force, reason=skip_reason, now=now
            )
        assert decision is not None
        run = queue_locked(session=session, trigger=trigger, force=force, reason=decision.reason)
        assert run is not None  # check_live saw no live run under the same lock
    return run
