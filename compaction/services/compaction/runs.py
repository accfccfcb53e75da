"""Records of a run that several phases write: its base checkpoint, a skipped run, an error."""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any

from django.utils import timezone

from compaction.conf import ResolvedSettings
from compaction.exceptions import SummarizerError
from compaction.models import ChatSession, Checkpoint, CompactionRun
from compaction.services.compaction.retry import (
    database_error_is_transient,
    drop_connections,
    in_callers_transaction,
)
from compaction.summarizers import summarizer_name

Status = CompactionRun.Status
logger = logging.getLogger(__name__)


def record_phase_ms(
    run: CompactionRun, field: str, started: float, *, finished: bool = False
) -> None:
    """Store how long a phase took (its transaction included) once it has committed;
    ``finished`` also stamps ``finished_at`` now, when the run is really done.

    The phase has committed: a database that drops the connection now must not fail it (a
    claim whose worker then gave up left the run leased until LEASE_SECONDS, with nothing
    to take it over once the session's appends had stopped). The figure is then lost.
    """
    values: dict[str, Any] = {field: int((time.monotonic() - started) * 1000)}
    if finished:
        values["finished_at"] = timezone.now()
    try:
        CompactionRun.objects.filter(pk=run.pk).update(**values)
    except Exception as exc:
        if not database_error_is_transient(exc) or in_callers_transaction():
            raise
        logger.warning("Compaction %s: %s not recorded: %s", run.pk, ", ".join(values), exc)
        drop_connections()
    for name, value in values.items():
        setattr(run, name, value)


def base_checkpoint(run: CompactionRun) -> Checkpoint | None:
    """The checkpoint the run builds on (None for a session's first compaction)."""
    if not run.base_version:
        return None
    return Checkpoint.objects.filter(session_id=run.session_id, version=run.base_version).first()


def skipped_run(
    session: ChatSession,
    settings: ResolvedSettings,
    *,
    trigger: str,
    force: bool,
    reason: str,
    now: datetime,
    run: CompactionRun | None = None,
) -> CompactionRun:
    fields = {
        "status": Status.SKIPPED,
        "trigger": trigger,
        "force": force,
        "reason": reason,
        "base_version": session.checkpoint_version,
        "tokens_before": session.estimated_tokens,
        "tokens_after": session.estimated_tokens,
        "started_at": now,
        "finished_at": now,
    }
    if run is None:
        return CompactionRun.objects.create(
            session=session, summarizer=summarizer_name(settings), created_at=now, **fields
        )
    for name, value in fields.items():
        setattr(run, name, value)
    run.save(update_fields=[*fields])
    return run


def record_attempt_error(run: CompactionRun, error: SummarizerError) -> None:
    CompactionRun.objects.filter(pk=run.pk, status=Status.RUNNING).update(
        error=error.message, request_id=error.request_id or ""
    )
