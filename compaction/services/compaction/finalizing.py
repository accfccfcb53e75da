"""Phase 3, finalizing: a fenced write of checkpoint N+1, or nothing if the lease was lost.

A database that breaks the write off is waited for (``retry.with_database_retries``) with
the summary in hand: the fence makes a repeated finalize safe (a commit whose answer was
lost is found done). Should the database stay away, the run is failed and its lease freed
as soon as it answers, so the session is not held for the rest of LEASE_SECONDS.
"""

from __future__ import annotations

import logging
import time

from django.db import transaction
from django.utils import timezone

from compaction import signals
from compaction.conf import app_settings
from compaction.engine.context import summary_tokens
from compaction.exceptions import SummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun
from compaction.services.compaction.fallback import fallback_outcome
from compaction.services.compaction.leases import lease_lost_reason, lock_run
from compaction.services.compaction.retry import (
    database_error_is_transient,
    in_callers_transaction,
    with_database_retries,
)
from compaction.services.compaction.runs import base_checkpoint, record_phase_ms
from compaction.services.compaction.summarizing import SummaryOutcome
from compaction.services.locking import lock_session

Status = CompactionRun.Status
logger = logging.getLogger(__name__)


def compaction_run_finalize(*, run: CompactionRun, outcome: SummaryOutcome) -> CompactionRun:
    """Phase 3: fenced write of checkpoint N+1; writes nothing if the lease was lost.

    Transient database errors are retried with ``outcome`` kept; if they outlast the
    retries, the run is abandoned (``failed``, lease freed) when the database answers
    again, and returned; only if it never does is the error raised.
    """
    try:
        return with_database_retries(
            lambda: _finalize(run, outcome), what=f"Finalize of compaction {run.pk}"
        )
    except Exception as exc:
        if not database_error_is_transient(exc) or in_callers_transaction():
            raise
        try:
            return compaction_run_abandon(
                run=run, error=f"the database failed at finalize: {type(exc).__name__}: {exc}"
            )
        except Exception:
            logger.exception("Compaction %s could not be finalized nor released", run.pk)
            raise exc from None


def _finalize(run: CompactionRun, outcome: SummaryOutcome) -> CompactionRun:
    checkpoint = None
    started = time.monotonic()
    with transaction.atomic():
        session = lock_session(run.session_id)
        run = lock_run(run)
        now = timezone.now()
        lost = lease_lost_reason(session, run, now)
        if lost is not None:
            if run.status == Status.RUNNING:
                run.status, run.error, run.finished_at = Status.EXPIRED, lost, now
                run.save(update_fields=["status", "error", "finished_at"])
            if session.lease_token == run.lease_token:
                session.lease_token = session.lease_expires_at = None
                session.save(update_fields=["lease_token", "lease_expires_at"])
            return run

        previous = base_checkpoint(run)
        settings = app_settings.for_session(session)
        version = session.checkpoint_version + 1
        new_summary_tokens = summary_tokens(
            summary=outcome.summary,
            version=version,
            carried=outcome.carried,
            image_tokens=settings.IMAGE_TOKENS,
            block=outcome.native_block,
            preserved=outcome.preserved,
            artifacts=outcome.artifacts_text,
        )
        tokens_before = session.estimated_tokens
        tokens_after = max(
            0,
            tokens_before
            - run.compacted_tokens
            - (previous.summary_tokens if previous else 0)
            + new_summary_tokens,
        )
        checkpoint = Checkpoint.objects.create(
            session=session,
            version=version,
            summary=outcome.summary,
            carried=outcome.carried,
            native_block=outcome.native_block,
            preserved=outcome.preserved,
            artifacts=outcome.artifacts,
            artifacts_text=outcome.artifacts_text,
            changes=outcome.changes,
            item_id_max=outcome.item_id_max,
            audit=outcome.audit,
            judgements=(
                {str(outcome.judgement["against"]): outcome.judgement}
                if outcome.judgement and previous is not None
                else {}
            ),
            previous=previous,
            last_seq=run.cut_seq,
            messages_compacted=run.messages_compacted,
            tokens_before=tokens_before,
            tokens_after=tokens_after,
            summary_tokens=new_summary_tokens,
            summarizer=outcome.summarizer,
            model=outcome.model,
            kind=(
                Checkpoint.Kind.REGENERATE
                if run.mode == CompactionRun.Mode.REGENERATE
                else Checkpoint.Kind.UPDATE
                if previous
                else Checkpoint.Kind.CREATE
            ),
            fallback=outcome.fallback,
            validation=outcome.validation,
            run=run,
            created_at=now,
        )
        if run.mode != CompactionRun.Mode.REGENERATE:
            # The archive grows by moving its bound: no message row is written. The fenced
            # version makes this the run planned against this very bound.
            if run.first_seq != session.archived_seq + 1 or (
                run.cut_seq - run.first_seq + 1 != run.messages_compacted
            ):
                raise RuntimeError(
                    f"run {run.pk} planned messages #{run.first_seq}-#{run.cut_seq}, but the "
                    f"archive ends at #{session.archived_seq}"
                )
            session.archived_seq = run.cut_seq
            session.archived_tokens += run.compacted_tokens
            session.active_message_count = max(
                0, session.active_message_count - run.messages_compacted
            )
        session.checkpoint_version = version
        session.lease_token = session.lease_expires_at = None
        session.estimated_tokens = tokens_after
        session.compaction_count += 1
        session.save(
            update_fields=[
                "checkpoint_version",
                "lease_token",
                "lease_expires_at",
                "archived_seq",
                "archived_tokens",
                "active_message_count",
                "estimated_tokens",
                "compaction_count",
                "updated_at",
            ]
        )
        run.status = Status.FELL_BACK if outcome.fallback else Status.SUCCEEDED
        run.finished_at = now
        run.tokens_before = tokens_before
        run.tokens_after = tokens_after
        run.summarizer = outcome.summarizer
        run.model = outcome.model
        run.llm_calls += outcome.llm_calls
        run.summary_rounds = outcome.rounds
        run.llm_input_tokens += outcome.input_tokens
        run.llm_output_tokens += outcome.output_tokens
        run.llm_cache_read_tokens += outcome.cache_read_input_tokens
        run.llm_cache_write_tokens += outcome.cache_creation_input_tokens
        run.llm_cache_write_1h_tokens += outcome.cache_creation_1h_input_tokens
        run.request_id = outcome.request_id or run.request_id
        run.summarize_ms = outcome.summarize_ms or run.summarize_ms
        run.error = outcome.error
        run.fallback_mode = "annotate" if outcome.fallback else ""
        run.guard_fired = bool(outcome.guard.get("fired"))
        run.guard = outcome.guard
        run.save()
    # After the commit, so that the lock hold is measured whole and finished_at is true.
    record_phase_ms(run, "finalize_ms", started, finished=True)
    signals.post_compaction.send(
        sender=ChatSession, session=session, run=run, checkpoint=checkpoint
    )
    return run


def compaction_run_fail(*, run: CompactionRun, error: SummarizerError) -> CompactionRun:
    """After the last attempt: the fallback checkpoint, or a failed run.

    A failed regeneration writes nothing: the chain it meant to repair stays as it was.
    """
    if app_settings.FALLBACK == "annotate" and run.mode != CompactionRun.Mode.REGENERATE:
        return compaction_run_finalize(run=run, outcome=fallback_outcome(run=run, error=error))
    return compaction_run_abandon(run=run, error=error.message)


def compaction_run_abandon(*, run: CompactionRun, error: str) -> CompactionRun:
    """A running run that cannot go on (its summarizer without a fallback, the database, a
    bug): ``failed``, nothing written, and the session's lease freed now rather than when it
    expires (transient database errors retried)."""
    return with_database_retries(
        lambda: _abandon(run, error), what=f"Releasing compaction {run.pk}"
    )


def _abandon(run: CompactionRun, error: str) -> CompactionRun:
    with transaction.atomic():
        session = lock_session(run.session_id)
        run = lock_run(run)
        now = timezone.now()
        if run.status == Status.RUNNING:
            run.status, run.error, run.finished_at = Status.FAILED, error[:10_000], now
            run.save(update_fields=["status", "error", "finished_at"])
        if session.lease_token == run.lease_token:
            session.lease_token = session.lease_expires_at = None
            session.save(update_fields=["lease_token", "lease_expires_at"])
    signals.post_compaction.send(sender=ChatSession, session=session, run=run, checkpoint=None)
    return run
