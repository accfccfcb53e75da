"""Compaction beside the conversation, in the web process (AUTO_COMPACT="background").

A small thread pool per process runs a compaction after the request's transaction commits,
so the turn that crossed the soft threshold returns at once. It is safe with several
processes and hosts: the claim's lease lets one compaction per session run anywhere, and a
second start anywhere ends as ``CompactionInProgress``, quietly. A process that dies with a
compaction running leaves its lease to expire (``LEASE_SECONDS``), as a dead worker does.

Each job closes its database connections when done: pool threads outlive requests, and
Django closes connections only at the end of a request.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from django.db import close_old_connections, connection, connections, transaction

from compaction.conf import app_settings
from compaction.exceptions import CompactionInProgress
from compaction.models import ChatSession, CompactionRun

logger = logging.getLogger(__name__)

#: Sessions that may wait in the pool's queue, per worker thread, before a start is dropped
#: (the next append over the soft threshold starts it again).
QUEUED_PER_WORKER = 4


class _Pool:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._pid: int | None = None
        self._workers = 0
        self._sessions: set[UUID] = set()
        self._idle = threading.Condition(self._lock)

    def submit(self, session_id: UUID, job: Callable[[], None]) -> bool:
        """Run ``job`` for ``session_id`` on the pool, unless one is queued or running for
        it in this process already, or the queue is full. True when it was submitted."""
        workers = int(app_settings.BACKGROUND_WORKERS)
        with self._lock:
            if self._pid != os.getpid() or self._workers != workers:
                # A forked child (gunicorn --preload) inherits the parent's pool object but
                # none of its threads; a changed setting takes a new pool.
                if self._executor is not None and self._pid == os.getpid():
                    self._executor.shutdown(wait=False)
                self._executor = ThreadPoolExecutor(
                    max_workers=workers, thread_name_prefix="compaction"
                )
                self._pid, self._workers = os.getpid(), workers
                self._sessions = set()
            if session_id in self._sessions:
                return False
            if len(self._sessions) >= workers * (1 + QUEUED_PER_WORKER):
                logger.warning(
                    "Background compaction pool is full (%s sessions): session %s starts "
                    "with its next append",
                    len(self._sessions),
                    session_id,
                )
                return False
            self._sessions.add(session_id)
            assert self._executor is not None
            self._executor.submit(self._run, session_id, job)
        return True

    def _run(self, session_id: UUID, job: Callable[[], None]) -> None:
        close_old_connections()
        try:
            job()
        except Exception:
            logger.exception("Background compaction of session %s failed", session_id)
        finally:
            connections.close_all()
            with self._lock:
                self._sessions.discard(session_id)
                self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self._lock:
            return self._idle.wait_for(lambda: not self._sessions, timeout)

    def busy(self) -> frozenset[UUID]:
        with self._lock:
            return frozenset(self._sessions) if self._pid == os.getpid() else frozenset()


_pool = _Pool()


def compaction_start_background(
    *, session_id: UUID | str, compact: bool = True, flush: bool = False
) -> None:
    """Start a compaction of the session on the in-process pool once the caller's
    transaction commits (now when none is open; nothing when it rolls back).

    ``flush``: give the ``MEMORY_FLUSH`` callable its chance first, in the same job (the
    host's callable may take a model call's time too); ``compact=False`` runs only that.
    """
    session_pk = ChatSession._meta.pk.to_python(session_id)

    def job() -> None:
        from compaction.services.compaction.runner import compaction_run_execute
        from compaction.services.memory import memory_flush_once

        if flush:
            session = ChatSession.objects.filter(pk=session_pk).first()
            if session is not None:
                memory_flush_once(session=session, run=None)
        if not compact:
            return
        # Another process or worker may run it already: the lease decided.
        with contextlib.suppress(CompactionInProgress):
            compaction_run_execute(session_id=session_pk, trigger=CompactionRun.Trigger.AUTO)

    def submit() -> None:
        _pool.submit(session_pk, job)

    if connection.in_atomic_block:
        transaction.on_commit(submit)
    else:
        submit()


def compaction_background_wait(*, timeout: float = 60.0) -> bool:
    """Wait until this process's pool has no compaction queued or running (a management
    command before it exits, a test before it reads the outcome). False on timeout."""
    return _pool.wait_idle(timeout)


def compaction_background_sessions() -> frozenset[UUID]:
    """Sessions this process's pool is compacting or about to."""
    return _pool.busy()
