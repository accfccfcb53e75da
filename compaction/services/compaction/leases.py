"""Leases: who may compact a session now, extending a lease, and freeing dead ones.

A lease is short (LEASE_SECONDS) and renewed while its holder works (``lease_heartbeat``):
a live worker keeps it however long the summarizer takes, and a dead one loses it at most
LEASE_SECONDS after its last renewal, when the next claim takes the session over.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.db import connection, connections, transaction
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL
from django.utils import timezone

from compaction.conf import ResolvedSettings, app_settings
from compaction.exceptions import CompactionInProgress, SessionNotFound
from compaction.models import ChatSession, CompactionRun
from compaction.services.locking import LOCK_TIMEOUT_FILTER, lock_session, lock_timeout_param

Status = CompactionRun.Status
logger = logging.getLogger(__name__)

#: Renewals per lease: a holder renews every LEASE_SECONDS / HEARTBEATS_PER_LEASE, so one
#: or two renewals lost to a slow database still leave the lease held.
HEARTBEATS_PER_LEASE = 3


def expire_runs(runs: list[CompactionRun], *, reason: str, now: datetime) -> None:
    for run in runs:
        run.status = Status.EXPIRED
        run.error = reason
        run.finished_at = now
        run.save(update_fields=["status", "error", "finished_at"])


def check_live(
    session: ChatSession,
    settings: ResolvedSettings,
    now: datetime,
    *,
    claiming: CompactionRun | None = None,
) -> bool:
    """Raise ``CompactionInProgress`` for a live run other than ``claiming``; expire dead ones.

    Call with the session locked. A running run is alive while its lease is; a pending
    (queued) run while it is younger than LEASE_SECONDS, after which its task is presumed lost.
    Returns whether such a queued run was expired: its queue did not deliver it.
    """
    live = CompactionRun.objects.select_for_update(of=("self",)).filter(
        session=session, status__in=CompactionRun.LIVE_STATUSES
    )
    dead = []
    for run in live:
        if claiming is not None and run.pk == claiming.pk:
            continue
        if run.status == Status.RUNNING:
            alive = (
                session.lease_token == run.lease_token
                and session.lease_expires_at is not None
                and session.lease_expires_at > now
            )
        else:
            alive = run.created_at + timedelta(seconds=settings.LEASE_SECONDS) > now
        if alive:
            raise CompactionInProgress("A compaction of this session is already running.", run=run)
        dead.append(run)
    undelivered = any(run.status == Status.PENDING for run in dead)
    expire_runs(dead, reason="lease expired before finalize", now=now)
    if session.lease_token is not None:
        session.lease_token = session.lease_expires_at = None
        session.save(update_fields=["lease_token", "lease_expires_at"])
    return undelivered


def lease_lost_reason(session: ChatSession, run: CompactionRun, now: datetime) -> str | None:
    if run.status != Status.RUNNING:
        return f"the run is already {run.status}"
    if session.lease_token != run.lease_token:
        return "the lease was taken over by another run"
    if session.checkpoint_version != run.base_version:
        return f"the checkpoint moved from v{run.base_version} to v{session.checkpoint_version}"
    if session.lease_expires_at is None or session.lease_expires_at <= now:
        return "the lease expired before finalize"
    return None


def lock_run(run: CompactionRun) -> CompactionRun:
    return CompactionRun.objects.select_for_update(of=("self",)).get(pk=run.pk)


def compaction_run_extend_lease(*, run: CompactionRun, seconds: float | None = None) -> bool:
    """Push the lease of a running run forward, to ``seconds`` from now (default
    LEASE_SECONDS); False if it was lost (expired, or taken over). A short transaction of
    its own, waiting for the session's row lock at most LOCK_TIMEOUT_MS."""
    now = timezone.now()
    if seconds is None:
        seconds = app_settings.for_session(run.session).LEASE_SECONDS
    expires = now + timedelta(seconds=seconds)
    rows = ChatSession.objects.filter(
        pk=run.session_id, lease_token=run.lease_token, lease_expires_at__gt=now
    )
    if connection.vendor == "postgresql":
        rows = rows.filter(
            RawSQL(LOCK_TIMEOUT_FILTER, [lock_timeout_param()], output_field=BooleanField())
        )
    with transaction.atomic():
        extended = rows.update(lease_expires_at=expires)
        if extended:
            CompactionRun.objects.filter(pk=run.pk, status=Status.RUNNING).update(
                lease_expires_at=expires
            )
    return bool(extended)


def compaction_leases_release_expired(*, now: datetime | None = None) -> list[CompactionRun]:
    """Free leases whose holder died and drop queued runs whose task never ran.

    Marks those runs ``expired`` and returns them, so the caller can queue their
    sessions again.
    """
    now = now or timezone.now()
    # LEASE_SECONDS is not a per-session setting, so one cut-off serves every session.
    stale_pending = now - timedelta(seconds=app_settings.LEASE_SECONDS)
    candidates = set(
        ChatSession.objects.filter(lease_expires_at__lt=now).values_list("pk", flat=True)
    ) | set(
        CompactionRun.objects.filter(
            status=Status.PENDING, created_at__lt=stale_pending
        ).values_list("session_id", flat=True)
    )
    expired: list[CompactionRun] = []
    for session_id in sorted(candidates, key=str):
        with transaction.atomic():
            try:
                session = lock_session(session_id)
            except SessionNotFound:
                continue
            live = list(
                CompactionRun.objects.select_for_update(of=("self",)).filter(
                    session=session, status__in=CompactionRun.LIVE_STATUSES
                )
            )
            lease_dead = session.lease_expires_at is not None and session.lease_expires_at < now
            dead = [
                run
                for run in live
                if (run.status == Status.RUNNING and lease_dead)
                or (run.status == Status.PENDING and run.created_at < stale_pending)
            ]
            expire_runs(dead, reason="lease expired; released", now=now)
            expired += dead
            if lease_dead:
                session.lease_token = session.lease_expires_at = None
                session.save(update_fields=["lease_token", "lease_expires_at"])
    return expired


@contextmanager
def lease_heartbeat(run: CompactionRun) -> Iterator[None]:
    """Renew ``run``'s lease while the body runs (phase 2: the summarizer, its retries).

    A thread extends it every LEASE_SECONDS / 3, each time in a short transaction of its
    own on the thread's own connection, never inside the summarizer's work. It stops at
    the end of the body, or once the lease is lost (finalize then writes nothing). Inside
    a transaction the caller opened, nothing is renewed: the claim is not committed, so no
    one else can see the lease, let alone take it.
    """
    if connection.in_atomic_block:
        yield
        return
    seconds = float(app_settings.for_session(run.session).LEASE_SECONDS)
    stop = threading.Event()
    beat = threading.Thread(
        target=_renew_until,
        args=(run, seconds, stop),
        name=f"compaction-lease-{run.pk}",
        daemon=True,
    )
    beat.start()
    try:
        yield
    finally:
        stop.set()
        # A renewal in flight ends within LOCK_TIMEOUT_MS; one that lands after finalize
        # matches no lease (its token is gone) and changes nothing.
        beat.join(app_settings.LOCK_TIMEOUT_MS / 1000 + 1)


def _renew_until(run: CompactionRun, seconds: float, stop: threading.Event) -> None:
    try:
        while not stop.wait(seconds / HEARTBEATS_PER_LEASE):
            try:
                if not compaction_run_extend_lease(run=run, seconds=seconds):
                    logger.warning("Compaction %s lost its lease while summarizing", run.pk)
                    return
            except Exception as exc:
                # The database dropped or the row stayed locked: try again at the next beat,
                # on a new connection; the lease has two more beats' worth of time.
                logger.warning("Renewing the lease of compaction %s failed: %s", run.pk, exc)
                connection.close()
    finally:
        connections.close_all()  # this thread's own connections
