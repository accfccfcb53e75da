"""Acting on ``engine.timing``: the append and the agent's turn both come here.

Only what blocks is timed: a compaction run in line, or a wait for the running one. That
time is added to the run (``turns_waited``, ``turn_wait_ms``), so an operator sees which
compactions made turns wait and for how long (with the defaults, usually none).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.db.models import F

from compaction.conf import app_settings
from compaction.engine import timing as when
from compaction.exceptions import CompactionInProgress, QueueUnavailable
from compaction.models import ChatSession, CompactionRun
from compaction.selectors import session_compaction_timing
from compaction.services.compaction.background import compaction_start_background
from compaction.services.compaction.dispatch import compaction_run_enqueue
from compaction.services.compaction.runner import compaction_run_execute

logger = logging.getLogger(__name__)

#: How often a waiting turn looks at the run it waits for.
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class DueOutcome:
    """What was done: ``none``, ``inline`` (a run finished in line), ``waited`` (for the
    run another request or worker had started), ``queued``, ``background``,
    ``in_progress`` (another run holds the session; nothing waited), ``queue_unavailable``."""

    action: str
    run: CompactionRun | None = None
    waited_ms: int = 0
    detail: str = ""


def compaction_when_due(
    *, session: ChatSession, timing: when.Timing | None = None, flush: bool = False
) -> DueOutcome:
    """Compact ``session`` as ``engine.timing`` says, now; ``timing`` when the caller has
    already read it. ``flush``: a background start also runs the ``MEMORY_FLUSH`` callable.

    Call it outside a transaction when it may block (``timing.blocks``): a run in line
    calls the summarizer.
    """
    timing = timing or session_compaction_timing(session=session)
    if timing.action == when.NONE:
        return DueOutcome("none", detail=timing.reason)
    if timing.action == when.BACKGROUND:
        compaction_start_background(session_id=session.pk, flush=flush)
        return DueOutcome("background", detail=timing.reason)
    if timing.action == when.QUEUE:
        try:
            run = compaction_run_enqueue(session_id=session.pk, trigger=CompactionRun.Trigger.AUTO)
        except CompactionInProgress as exc:
            return DueOutcome("in_progress", exc.run)
        except QueueUnavailable as exc:
            logger.warning("Compaction of session %s could not be queued: %s", session.pk, exc)
            return DueOutcome("queue_unavailable", detail=exc.message)
        return DueOutcome("queued", run, detail=timing.reason)
    started = time.monotonic()
    if timing.action == when.INLINE:
        try:
            run = compaction_run_execute(session_id=session.pk, trigger=CompactionRun.Trigger.AUTO)
        except CompactionInProgress as exc:
            if app_settings.for_session(session).AUTO_COMPACT not in when.BESIDE:
                return DueOutcome("in_progress", exc.run)
            # Started elsewhere since the session was read: wait for it as for any other.
            return _wait(exc.run, session, started, timing.reason)
        return DueOutcome("inline", run, _record_wait(run, started), timing.reason)
    return _wait(None, session, started, timing.reason)


def _wait(
    run: CompactionRun | None, session: ChatSession, started: float, reason: str
) -> DueOutcome:
    """Wait for the session's live run, at most COMPACTION_WAIT_SECONDS."""
    run = run or (
        CompactionRun.objects.filter(session=session, status__in=CompactionRun.LIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )
    if run is None:
        # It finished between the session's read and now.
        return DueOutcome("waited", None, 0, reason)
    deadline = started + float(app_settings.COMPACTION_WAIT_SECONDS)
    status = run.status
    while status in CompactionRun.LIVE_STATUSES and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        status = CompactionRun.objects.filter(pk=run.pk).values_list("status", flat=True).first()
    run.refresh_from_db()
    waited = _record_wait(run, started)
    if run.status in CompactionRun.LIVE_STATUSES:
        reason = f"{reason}; still running after {waited / 1000:.1f} s: sent fitted to the window"
    return DueOutcome("waited", run, waited, reason)


def _record_wait(run: CompactionRun, started: float) -> int:
    waited = round((time.monotonic() - started) * 1000)
    CompactionRun.objects.filter(pk=run.pk).update(
        turns_waited=F("turns_waited") + 1, turn_wait_ms=F("turn_wait_ms") + waited
    )
    run.turns_waited += 1
    run.turn_wait_ms += waited
    return waited
