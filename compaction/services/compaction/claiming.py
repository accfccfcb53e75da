"""Phase 1, the claim: lock the session, re-check the trigger, fix the cut, take a lease."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from compaction.conf import MAXIMA, ResolvedSettings, app_settings
from compaction.engine.cutpoint import CutDecision
from compaction.exceptions import CompactionInProgress
from compaction.models import ChatSession, CompactionRun
from compaction.selectors import compaction_plan, session_should_compact
from compaction.services.compaction.leases import check_live
from compaction.services.compaction.runs import record_phase_ms, skipped_run
from compaction.services.locking import lock_session
from compaction.summarizers import summarizer_name

Status = CompactionRun.Status


def decide(
    session: ChatSession, settings: ResolvedSettings, *, force: bool, early: bool = False
) -> tuple[str | None, CutDecision | None]:
    """(skip reason, cut decision): the trigger unless forced or started early (by
    ``engine.timing``: a cold prompt cache), then the cut point."""
    if not (force or early) and not session_should_compact(session=session):
        return (
            f"below the threshold: {session.calibrated_tokens} of {settings.trigger} "
            "estimated tokens"
        ), None
    decision = compaction_plan(session=session, settings=settings)
    return (None if decision.should_cut else decision.reason), decision


def compaction_run_claim(
    *,
    session_id: UUID | str,
    trigger: str,
    force: bool = False,
    summarizer: str | None = None,
    run_id: UUID | str | None = None,
    keep_recent_tokens: int | None = None,
    early_reason: str = "",
) -> CompactionRun:
    """Phase 1. Return a ``running`` run holding the lease, or a ``skipped`` one.

    ``early_reason``: why ``engine.timing`` starts this run below the session's trigger
    (its prompt cache went cold); the trigger is then not checked, the cut point is, and
    the run's reason says so.

    ``keep_recent_tokens`` replaces the session's KEEP_RECENT_TOKENS for this run only (an
    overflow compacts harder than a normal compaction would).

    ``run_id`` claims a queued (``pending``) run instead of creating one; when another
    worker claimed it first, ``CompactionInProgress`` is raised; when it has finished (a
    redelivered task), it is returned unchanged and nothing is written.
    ``summarizer`` is the name recorded on the run (default: the configured summarizer).

    Raises ``CompactionInProgress`` (with the in-flight run) while another run is live.
    """
    started = time.monotonic()
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        queued = None
        if run_id is not None:
            queued = CompactionRun.objects.select_for_update(of=("self",)).get(
                pk=run_id, session=session
            )
            if queued.status == Status.RUNNING:
                # Another delivery of the same task claimed it first; that worker owns it.
                raise CompactionInProgress(
                    "This compaction is already being run by another worker.", run=queued
                )
            if queued.status != Status.PENDING:
                return queued
            trigger, force = queued.trigger, queued.force
        settings = app_settings.for_session(session)
        if keep_recent_tokens is not None:
            keep = max(1, min(int(keep_recent_tokens), int(MAXIMA["KEEP_RECENT_TOKENS"])))
            settings = ResolvedSettings({**settings.as_dict(), "KEEP_RECENT_TOKENS": keep})
        check_live(session, settings, now, claiming=queued)
        skip_reason, decision = decide(session, settings, force=force, early=bool(early_reason))
        if skip_reason is not None:
            return skipped_run(
                session,
                settings,
                trigger=trigger,
                force=force,
                reason=skip_reason,
                now=now,
                run=queued,
            )
        assert decision is not None
        token = uuid.uuid4()
        expires = now + timedelta(seconds=settings.LEASE_SECONDS)
        fields = {
            "status": Status.RUNNING,
            "trigger": trigger,
            "force": force,
            "reason": f"{early_reason}; {decision.reason}" if early_reason else decision.reason,
            "base_version": session.checkpoint_version,
            "tokens_before": session.estimated_tokens,
            "summarizer": summarizer or summarizer_name(settings),
            "started_at": now,
            "lease_token": token,
            "lease_expires_at": expires,
            "first_seq": decision.first_seq,
            "cut_seq": decision.cut_seq,
            "messages_compacted": decision.messages_compacted,
            "messages_kept": decision.messages_kept,
            "compacted_tokens": decision.compacted_tokens,
        }
        if queued is None:
            run = CompactionRun.objects.create(session=session, created_at=now, **fields)
        else:
            run = queued
            for name, value in fields.items():
                setattr(run, name, value)
            run.save(update_fields=[*fields])
        session.lease_token, session.lease_expires_at = token, expires
        session.lease_acquired_at = now
        session.save(update_fields=["lease_token", "lease_expires_at", "lease_acquired_at"])
    record_phase_ms(run, "claim_ms", started)
    return run
