"""Compaction beside the conversation, in the web process (AUTO_COMPACT="background").

The append that crosses the threshold queues a ``pending`` run in its own transaction, as
for Celery, and this module is its publisher: a small thread pool per process claims and
runs it once the transaction commits, so the turn returns at once. The database keeps it
safe with several processes and hosts: one live run per session (``queue_locked``), the
claim's lease, and runs whose process died expired by the next start (``check_live``).

Each job closes its database connections when done: pool threads outlive requests, and
Django closes connections only at the end of a request. It runs in a copy of the
submitting request's context variables (tenant routing, tracing). At interpreter exit the
jobs still queued are dropped (their runs stay pending and expire) rather than run one by
one while a restart waits; the running ones finish.
"""

from __future__ import annotations

import contextvars
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from uuid import UUID

from django.db import close_old_connections, connection, connections, transaction
from django.utils import timezone

from compaction.conf import app_settings
from compaction.exceptions import CompactionInProgress
from compaction.models import ChatSession, CompactionRun

logger = logging.getLogger(__name__)

#: Jobs that may wait in the pool's queue, per worker thread, before a start is dropped
#: (its run stays pending and expires; the next append over the threshold queues again).
QUEUED_PER_WORKER = 4


class _Pool:
    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        # Also in a forked child (gunicorn --preload): it inherits none of the parent's
        # threads, and a lock the parent held at the fork would stay held.
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._workers = 0
        self._jobs: dict[UUID, Future] = {}
        self._idle = threading.Condition(self._lock)

    def submit(self, key: UUID, job: Callable[[], None]) -> str:
        """Run ``job`` on the pool: ``submitted``; ``duplicate`` when one with ``key`` is
        queued or running in this process; ``refused`` when the queue is full or the
        interpreter is exiting."""
        workers = int(app_settings.BACKGROUND_WORKERS)
        with self._lock:
            if self._executor is None or self._workers != workers:
                if self._executor is not None:
                    self._executor.shutdown(wait=False)  # its jobs run on, and stay counted
                self._executor = ThreadPoolExecutor(
                    max_workers=workers, thread_name_prefix="compaction"
                )
                self._workers = workers
            if key in self._jobs:
                return "duplicate"
            if len(self._jobs) >= workers * (1 + QUEUED_PER_WORKER):
                logger.warning("Background compaction pool is full: %s not started", key)
                return "refused"
            try:
                # Under the lock: the job cannot end (and discard its key) before it is
                # recorded.
                self._jobs[key] = self._executor.submit(
                    contextvars.copy_context().run, self._run, key, job
                )
            except RuntimeError:
                logger.warning("Background compaction %s not started: shutting down", key)
                return "refused"
        return "submitted"

    def _run(self, key: UUID, job: Callable[[], None]) -> None:
        close_old_connections()
        try:
            job()
        except Exception:
            logger.exception("Background compaction job %s failed", key)
        finally:
            connections.close_all()
            with self._lock:
                self._jobs.pop(key, None)
                self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self._lock:
            return self._idle.wait_for(lambda: not self._jobs, timeout)

    def drop_queued(self) -> None:
        with self._lock:
            if self._executor is None:
                return
            self._executor.shutdown(wait=False, cancel_futures=True)
            dropped = [key for key, future in self._jobs.items() if future.cancelled()]
            for key in dropped:
                del self._jobs[key]
        if dropped:
            # So that the next append, in a live process, queues them again at once rather
            # than after LEASE_SECONDS. Best effort: the process is exiting.
            try:
                _expire_pending(dropped, "the process exited before running it")
                connections.close_all()
            except Exception:
                logger.warning("Could not expire %s dropped compactions", len(dropped))


_pool = _Pool()
os.register_at_fork(after_in_child=_pool._reset)
# Before concurrent.futures joins the pool's threads at exit (its hook was registered
# first, and these run last-registered first).
_register_exit = getattr(threading, "_register_atexit", None)
if _register_exit is not None:
    _register_exit(_pool.drop_queued)


def publish_in_process(run_id: str) -> None:
    """The publisher of AUTO_COMPACT="background": claim the pending run ``run_id`` and run
    it on this process's pool (``queue_locked`` calls it once the append commits)."""
    key = UUID(str(run_id))
    if _pool.submit(key, lambda: _execute_queued(key)) == "refused":
        # A pending run nothing will claim would hold the session's queue for LEASE_SECONDS.
        _expire_pending([key], "this process's compaction pool was full")


def _expire_pending(run_ids: list[UUID], reason: str) -> None:
    CompactionRun.objects.filter(pk__in=run_ids, status=CompactionRun.Status.PENDING).update(
        status=CompactionRun.Status.EXPIRED, error=reason, finished_at=timezone.now()
    )


def _execute_queued(run_id: UUID) -> None:
    from compaction.services.compaction.claiming import compaction_run_claim
    from compaction.services.compaction.finalizing import compaction_run_abandon
    from compaction.services.compaction.runner import complete

    found = CompactionRun.objects.filter(pk=run_id).values_list("session_id", "trigger").first()
    if found is None:
        return  # the session was deleted meanwhile
    session_id, trigger = found
    try:
        run = compaction_run_claim(session_id=session_id, trigger=trigger, run_id=run_id)
    except CompactionInProgress:
        # Another run (the admin's, an overflow's, a turn that could not wait) took the
        # session meanwhile: this one would only compact what that one does.
        CompactionRun.objects.filter(pk=run_id, status=CompactionRun.Status.PENDING).update(
            status=CompactionRun.Status.SKIPPED,
            reason="another compaction of the session started first",
            finished_at=timezone.now(),
        )
        return
    except Exception as exc:
        # The row lock timed out, the database dropped: a pending run left behind would hold
        # the session's queue for LEASE_SECONDS. The next append over the threshold queues
        # again.
        logger.exception("Background compaction %s could not be claimed", run_id)
        _expire_pending([run_id], f"could not be claimed: {type(exc).__name__}: {exc}")
        return
    try:
        complete(run, None)
    except Exception as exc:
        # Not the summarizer (complete() retries it and falls back): the database or a
        # bug. Free the session now rather than when the lease expires.
        logger.exception("Background compaction %s failed", run.pk)
        compaction_run_abandon(run=run, error=f"{type(exc).__name__}: {exc}")


def memory_flush_in_background(*, session_id: UUID | str) -> None:
    """Give the ``MEMORY_FLUSH`` callable its chance on the pool, once the caller's
    transaction commits (it may take a model call's time)."""
    session_pk = ChatSession._meta.pk.to_python(session_id)

    def job() -> None:
        from compaction.services.memory import memory_flush_once

        session = ChatSession.objects.filter(pk=session_pk).first()
        if session is not None:
            memory_flush_once(session=session, run=None)

    def submit() -> None:
        _pool.submit(session_pk, job)  # when refused, the next append over the margin retries

    if connection.in_atomic_block:
        transaction.on_commit(submit, robust=True)
    else:
        submit()


def compaction_background_wait(*, timeout: float = 60.0) -> bool:
    """Wait until this process's pool has no compaction queued or running (a management
    command before it exits, a test before it reads the outcome). False on timeout."""
    return _pool.wait_idle(timeout)
