"""Acting on ``engine.timing``: the append and the agent's turn both come here.

Only what blocks is timed: a compaction run in line, or a wait for the running one. That
time is added to the run (``turns_waited``, ``turn_wait_ms``), so an operator sees which
compactions made turns wait and for how long (with the defaults, usually none).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.db import connection
from django.db.models import F
from django.utils import timezone

from compaction.conf import app_settings
from compaction.engine import timing as when
from compaction.exceptions import CompactionInProgress, QueueUnavailable
from compaction.models import ChatSession, CompactionRun
from compaction.selectors import session_compaction_timing
from compaction.services.compaction.claiming import compaction_run_claim
from compaction.services.compaction.dispatch import compaction_run_enqueue
from compaction.services.compaction.runner import compaction_run_execute, complete

logger = logging.getLogger(__name__)

#: How often a waiting turn looks at the run it waits for: at first, and at most.
POLL_SECONDS = (0.05, 0.5)


@dataclass(frozen=True)
class DueOutcome:
    """What was done: ``none``, ``background`` (queued on this process's pool), ``queued``
    (on Celery), ``inline`` (a run finished in line), ``waited`` (for the run another
    request or worker had started), ``in_progress`` (another run holds the session;
    nothing waited), ``queue_unavailable``."""

    action: str
    run: CompactionRun | None = None
    waited_ms: int = 0
    detail: str = ""


def compaction_when_due(*, session: ChatSession, timing: when.Timing | None = None) -> DueOutcome:
    """Compact ``session`` as ``engine.timing`` says, now; ``timing`` when the caller has
    already read it.

    Call it outside a transaction when it may block (``timing.blocks``): a run in line
    calls the summarizer. Inside one, a wait is not made (the caller's transaction may hold
    the session's row, which the running compaction needs to finish): the payload goes out
    fitted to the window.
    """
    timing = timing or session_compaction_timing(session=session)
    if timing.action == when.NONE:
        return DueOutcome("none", detail=timing.reason)
    if timing.action in (when.QUEUE, when.BACKGROUND):
        in_process = timing.action == when.BACKGROUND
        try:
            run = compaction_run_enqueue(
                session_id=session.pk, trigger=CompactionRun.Trigger.AUTO, in_process=in_process
            )
        except CompactionInProgress as exc:
            return DueOutcome("in_progress", exc.run)
        except QueueUnavailable as exc:
            logger.warning("Compaction of session %s could not be queued: %s", session.pk, exc)
            return DueOutcome("queue_unavailable", detail=exc.message)
        return DueOutcome("background" if in_process else "queued", run, detail=timing.reason)
    if timing.blocks and connection.in_atomic_block and _beside(session):
        # The caller's transaction may hold the session's row, which a compaction needs to
        # finish: never block on one here. Queue it instead (it runs after the commit) and
        # let the payload go out fitted to the window.
        logger.warning(
            "Session %s: a turn inside a transaction does not wait for a compaction; it is "
            "queued and this payload is fitted to the window.",
            session.pk,
        )
        queue = when.Timing(when.BACKGROUND if _mode_is(session, "background") else when.QUEUE)
        outcome = compaction_when_due(session=session, timing=queue)
        return DueOutcome("in_progress", outcome.run, detail=timing.reason)
    started = time.monotonic()
    if timing.action == when.INLINE:
        return _inline(session, started, timing.reason, early=timing.early)
    return _wait(None, session, started, timing.reason)


def _mode_is(session: ChatSession, mode: str) -> bool:
    return mode == app_settings.for_session(session).AUTO_COMPACT


def _beside(session: ChatSession) -> bool:
    return app_settings.for_session(session).AUTO_COMPACT in when.BESIDE


def _inline(
    session: ChatSession, started: float, reason: str, *, early: bool = False
) -> DueOutcome:
    """A compaction in this request; when one started elsewhere meanwhile, a wait for it
    (beside the conversation) or nothing ("sync", as before). ``early``: below the trigger
    (``Timing.early``)."""
    try:
        run = compaction_run_execute(
            session_id=session.pk,
            trigger=CompactionRun.Trigger.AUTO,
            early_reason=reason if early else "",
        )
    except CompactionInProgress as exc:
        if not _beside(session):
            return DueOutcome("in_progress", exc.run)
        return _wait(exc.run, session, started, reason)
    return DueOutcome("inline", run, _record_wait(run, started), reason)


def _wait(
    run: CompactionRun | None, session: ChatSession, started: float, reason: str
) -> DueOutcome:
    """Wait for the session's live run, at most COMPACTION_WAIT_SECONDS from ``started``.

    A run still pending is claimed and run here (its publisher may be saturated, or gone);
    a run whose holder died (its lease expired) is replaced by one in line.
    """
    run = run or (
        CompactionRun.objects.filter(session=session, status__in=CompactionRun.LIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )
    if run is None:
        return DueOutcome("waited", None, 0, reason)  # it finished since the session was read
    settings = app_settings.for_session(session)
    deadline = started + float(settings.COMPACTION_WAIT_SECONDS)
    pause, longest = POLL_SECONDS
    while True:
        state = (
            CompactionRun.objects.filter(pk=run.pk)
            .values_list("status", "lease_expires_at")
            .first()
        )
        if state is None or state[0] not in CompactionRun.LIVE_STATUSES:
            break
        status, lease_expires_at = state
        if status == CompactionRun.Status.PENDING:
            claimed = _claim_queued(run)
            if claimed is not None:
                done = complete(claimed, None)
                return DueOutcome("inline", done, _record_wait(done, started), reason)
        elif lease_expires_at is not None and lease_expires_at <= timezone.now():
            # Its process died: the claim expires it, and this turn compacts in line.
            return _inline(session, started, f"{reason}; the holder died")
        if time.monotonic() >= deadline:
            break
        time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
        pause = min(pause * 2, longest)
    current = CompactionRun.objects.filter(pk=run.pk).first()
    if current is None:
        return DueOutcome("waited", None, 0, reason)  # the session was deleted meanwhile
    waited = _record_wait(current, started)
    if current.status in CompactionRun.LIVE_STATUSES:
        reason = f"{reason}; still running after {waited / 1000:.1f} s: sent fitted to the window"
    return DueOutcome("waited", current, waited, reason)


def _claim_queued(run: CompactionRun) -> CompactionRun | None:
    """The pending ``run`` claimed by this turn, or None when a worker or the pool has it."""
    try:
        claimed = compaction_run_claim(
            session_id=run.session_id, trigger=run.trigger, run_id=run.pk
        )
    except CompactionInProgress:
        return None
    return claimed if claimed.status == CompactionRun.Status.RUNNING else None


def _record_wait(run: CompactionRun, started: float) -> int:
    waited = round((time.monotonic() - started) * 1000)
    CompactionRun.objects.filter(pk=run.pk).update(
        turns_waited=F("turns_waited") + 1, turn_wait_ms=F("turn_wait_ms") + waited
    )
    run.turns_waited += 1
    run.turn_wait_ms += waited
    return waited
