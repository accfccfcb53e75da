"""Compaction in process: claim, summarize with the retry policy, finalize (or fall back)."""

from __future__ import annotations

import logging
import time
import uuid
from datetime import timedelta
from uuid import UUID

from django.db import connection, transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.models import Checkpoint, CompactionRun
from compaction.services.compaction.claiming import compaction_run_claim
from compaction.services.compaction.finalizing import compaction_run_fail, compaction_run_finalize
from compaction.services.compaction.leases import check_live
from compaction.services.compaction.retry import as_summarizer_error, retry_delay, should_retry
from compaction.services.compaction.runs import (
    record_attempt_error,
    record_phase_ms,
    skipped_run,
)
from compaction.services.compaction.summarizing import compaction_run_summarize
from compaction.services.locking import lock_session
from compaction.summarizers import Summarizer, summarizer_name

logger = logging.getLogger(__name__)
Status = CompactionRun.Status


def compaction_run_execute(
    *,
    session_id: UUID | str,
    trigger: str,
    force: bool = False,
    summarizer: Summarizer | None = None,
    keep_recent_tokens: int | None = None,
    early_reason: str = "",
) -> CompactionRun:
    """Claim, summarize (with retries per MAX_ATTEMPTS) and finalize, in process.

    Returns the finished run (``succeeded``, ``fell_back``, ``failed``, ``skipped`` or
    ``expired``); raises ``CompactionInProgress`` while another run holds the lease.
    ``keep_recent_tokens`` overrides KEEP_RECENT_TOKENS for this run; ``early_reason``
    starts it below the trigger (``compaction_run_claim``).
    """
    run = compaction_run_claim(
        session_id=session_id,
        trigger=trigger,
        force=force,
        summarizer=summarizer.name if summarizer is not None else None,
        keep_recent_tokens=keep_recent_tokens,
        early_reason=early_reason,
    )
    return complete(run, summarizer)


def compaction_run_regenerate(
    *, session_id: UUID | str, trigger: str, summarizer: Summarizer | None = None
) -> CompactionRun:
    """Write a new version summarized from the archived originals, not the previous summary.

    Repairs a chain that drifted: the new checkpoint covers the same messages as the
    latest one and carries the same verbatim messages. Compacts nothing new. Raises
    ``CompactionInProgress`` while another run is live; ``skipped`` without a checkpoint.
    """
    started = time.monotonic()
    with transaction.atomic():
        session = lock_session(session_id)
        now = timezone.now()
        settings = app_settings.for_session(session)
        check_live(session, settings, now)
        name = summarizer.name if summarizer is not None else summarizer_name(settings)
        latest = Checkpoint.objects.filter(session=session).order_by("-version").first()
        reason = None
        if latest is None:
            reason = "nothing to regenerate: the session has no checkpoint yet"
        elif latest.kind == Checkpoint.Kind.NATIVE:
            # The API's signed compaction block opens the active messages: a summary of ours
            # cannot be placed before it. The next compaction archives it; regenerate then.
            reason = (
                f"nothing to regenerate: v{latest.version} is the API's own compaction, "
                "which the conversation continues from"
            )
        if reason is not None:
            run = skipped_run(
                session, settings, trigger=trigger, force=True, reason=reason, now=now
            )
            run.mode = CompactionRun.Mode.REGENERATE
            run.save(update_fields=["mode"])
            return run
        token = uuid.uuid4()
        expires = now + timedelta(seconds=settings.LEASE_SECONDS)
        run = CompactionRun.objects.create(
            session=session,
            status=Status.RUNNING,
            mode=CompactionRun.Mode.REGENERATE,
            trigger=trigger,
            force=True,
            reason=f"regenerating v{latest.version + 1} from messages #1-#{latest.last_seq}",
            base_version=session.checkpoint_version,
            tokens_before=session.estimated_tokens,
            summarizer=name,
            created_at=now,
            started_at=now,
            lease_token=token,
            lease_expires_at=expires,
            first_seq=1,
            cut_seq=latest.last_seq,
        )
        session.lease_token, session.lease_expires_at = token, expires
        session.lease_acquired_at = now
        session.save(update_fields=["lease_token", "lease_expires_at", "lease_acquired_at"])
    record_phase_ms(run, "claim_ms", started)
    return complete(run, summarizer)


def complete(run: CompactionRun, summarizer: Summarizer | None) -> CompactionRun:
    """Phases 2 and 3 for a claimed run, with in-process retries and the fallback."""
    if run.status != Status.RUNNING:
        return run
    if connection.in_atomic_block:
        # The claim committed only into the caller's transaction: its row lock, and the
        # transaction, stay open across every LLM call below, and appends to the session
        # wait for them. Nothing here can close a transaction it did not open.
        logger.warning(
            "Compaction %s of session %s runs its LLM calls inside an open transaction: "
            "call it outside transaction.atomic() (with ATOMIC_REQUESTS, decorate the view "
            "with transaction.non_atomic_requests) or queue it (AUTO_COMPACT='async').",
            run.pk,
            run.session_id,
        )
    settings = app_settings.for_session(run.session)
    attempt = 0
    while True:
        attempt += 1
        try:
            outcome = compaction_run_summarize(run=run, summarizer=summarizer)
        except Exception as exc:
            error = as_summarizer_error(exc, run_id=run.pk)
            record_attempt_error(run, error)
            logger.warning("Compaction %s attempt %s failed: %s", run.pk, attempt, error.message)
            if not should_retry(error, attempt=attempt, max_attempts=settings.MAX_ATTEMPTS):
                return compaction_run_fail(run=run, error=error)
            time.sleep(retry_delay(attempt - 1, base=settings.RETRY_BACKOFF_SECONDS))
            continue
        return compaction_run_finalize(run=run, outcome=outcome)
