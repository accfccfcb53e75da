"""The test database seen from outside a transaction: other backends, row locks, counters.

For tests that race threads and processes on PostgreSQL: who is connected and in what
state, waiting for a condition with a deadline instead of a fixed sleep, holding a row lock
from another connection, and recomputing a session's counters from its rows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import QuerySet, Sum

from compaction.engine.tokens import text_tokens
from compaction.models import ChatSession, Checkpoint, Message

WAIT = 15.0  # upper bound of any wait on another thread or on the server


class Backend(NamedTuple):
    pid: int
    state: str  # "idle", "active", "idle in transaction", ...
    wait: str  # wait_event_type: "Lock" while waiting on a row lock
    query: str


def backends() -> dict[int, Backend]:
    """The other backends connected to the test database, by pid."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, coalesce(state, ''), coalesce(wait_event_type, ''), "
            "coalesce(query, '') FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {row[0]: Backend(*row) for row in cursor.fetchall()}


def wait_until(predicate: Callable[[], bool], timeout: float = WAIT, step: float = 0.05) -> bool:
    """Poll ``predicate`` until it holds (True) or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(step)


def terminate_backend(pid: int) -> None:
    """End backend ``pid`` from another connection, as an administrator or a failover
    would, and wait until it is gone. The caller's own connection may be the one ended."""
    failure: list[BaseException] = []

    def terminate() -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
            assert wait_until(lambda: pid not in backends()), f"backend {pid} outlived it"
        except BaseException as exc:
            failure.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=terminate)
    thread.start()
    thread.join(WAIT)
    assert not failure and not thread.is_alive(), failure


def lock_waiters() -> int:
    """Backends of the test database waiting on a heavyweight lock (a row lock here)."""
    return sum(backend.wait == "Lock" for backend in backends().values())


def assert_no_idle_in_transaction() -> None:
    """No connection to the test database sits in an open transaction (bounded wait)."""

    def stuck() -> list[int]:
        return [pid for pid, backend in backends().items() if "in transaction" in backend.state]

    assert wait_until(lambda: not stuck(), timeout=5), f"idle in transaction: {stuck()}"
    assert connection.connection is None or (
        connection.connection.info.transaction_status.name == "IDLE"
    )


@contextmanager
def session_row_locked(
    session_id: Any, *, hold_at_most: float = 120.0
) -> Iterator[threading.Event]:
    """Hold ``SELECT ... FOR UPDATE`` on the session in another thread until the block ends.

    Yields an event to set for an early release.
    """
    holding, release = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def hold() -> None:
        try:
            with transaction.atomic():
                ChatSession.objects.select_for_update().get(pk=session_id)
                holding.set()
                release.wait(hold_at_most)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    try:
        assert holding.wait(WAIT), errors
        yield release
    finally:
        release.set()
        thread.join(WAIT)
    assert not thread.is_alive(), "the lock holder did not finish"
    assert errors == []


def archived_by(checkpoint: Checkpoint) -> QuerySet[Message]:
    """The messages ``checkpoint`` archived (the oldest checkpoint covering each seq)."""
    return (
        Message.objects.filter(session_id=checkpoint.session_id)
        .with_checkpoint()
        .filter(checkpoint_id=checkpoint.pk)
    )


def expected_tokens(session: ChatSession) -> int:
    """The counter recomputed from rows: system prompt + latest summary + active messages.

    Active means after the latest checkpoint's range, read from the checkpoint itself.
    """
    latest = Checkpoint.objects.filter(session=session).order_by("-version").first()
    bound = latest.last_seq if latest else 0
    active = (
        Message.objects.filter(session=session, seq__gt=bound).aggregate(
            total=Sum("token_estimate")
        )["total"]
        or 0
    )
    return text_tokens(session.system_prompt) + (latest.summary_tokens if latest else 0) + active


def assert_counters_match_rows(session_id: Any) -> ChatSession:
    """The session's counts, token totals and archive bound agree with its rows."""
    session = ChatSession.objects.get(pk=session_id)
    rows = Message.objects.filter(session=session).order_by("seq")
    latest = Checkpoint.objects.filter(session=session).order_by("-version").first()
    assert session.archived_seq == (latest.last_seq if latest else 0)
    assert session.message_count == rows.count()
    assert session.active_message_count == rows.filter(seq__gt=session.archived_seq).count()
    assert session.estimated_tokens == expected_tokens(session)
    running = 0
    for seq, tokens, through in rows.values_list("seq", "token_estimate", "tokens_through"):
        running += tokens
        assert through == running, f"message #{seq}: tokens_through {through}, expected {running}"
        if seq == session.archived_seq:
            assert session.archived_tokens == running
    assert session.appended_tokens == running
    if session.archived_seq == 0:
        assert session.archived_tokens == 0
    return session
