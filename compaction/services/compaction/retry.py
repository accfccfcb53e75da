"""The one retry policy of compaction, for the in-process runner and the Celery task alike.

A summarizer error that may pass (429, 529, 5xx, timeouts, an invalid summary) is tried
again up to ``MAX_ATTEMPTS`` in all, after an exponential delay with jitter; anything else,
and a summarizer that crashed outright, goes straight to the fallback.

A write the database broke off (a dropped connection, a failover, a row lock held past
``LOCK_TIMEOUT_MS``) is tried again on a new connection, ``DATABASE_ATTEMPTS`` times in all
(``with_database_retries``): finalize keeps the summary it was given across them, so a
blip of the database never throws away a summary already paid for.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

from django.db import InterfaceError, OperationalError, connections

from compaction.exceptions import PermanentSummarizerError, SessionBusy, SummarizerError

logger = logging.getLogger(__name__)

#: No wait between attempts grows beyond this, however many attempts are allowed.
RETRY_BACKOFF_CAP_SECONDS = 120.0
#: Tries of a write after transient database errors, and the first wait between them
#: (doubled each time, with jitter): at most about 7.5 s of waiting in all, well inside a
#: lease (LEASE_SECONDS), so that the run still holds it when the database is back.
DATABASE_ATTEMPTS = 5
DATABASE_BACKOFF_SECONDS = 0.5


def retry_delay(retries: int, *, base: float) -> float:
    """Seconds to wait before retry number ``retries + 1``: base * 2**retries, capped,
    with jitter so that workers failing together do not retry together."""
    return min(RETRY_BACKOFF_CAP_SECONDS, base * 2**retries) * random.uniform(0.5, 1.0)


def as_summarizer_error(exc: Exception, *, run_id: object) -> SummarizerError:
    """``exc`` as the summarizer error it stands for.

    A summarizer that crashes (a bug, a broken plugin) must not leave the session leased
    until LEASE_SECONDS pass: that is a permanent failure.
    """
    if isinstance(exc, SummarizerError):
        return exc
    logger.error("Summarizer crashed during compaction %s", run_id, exc_info=exc)
    return PermanentSummarizerError(f"{type(exc).__name__}: {exc}")


def should_retry(error: SummarizerError, *, attempt: int, max_attempts: int) -> bool:
    """Whether attempt number ``attempt`` (1-based) earns another one."""
    return error.retryable and attempt < max_attempts


def database_error_is_transient(exc: BaseException) -> bool:
    """Whether the same write may succeed on a new connection a moment later: the connection
    was lost or refused, the server is shutting down or failing over, a serialization
    failure or deadlock, a row lock that did not come in time. Not an integrity or
    programming error: those would fail the same way again."""
    return isinstance(exc, (OperationalError, InterfaceError, SessionBusy))


def in_callers_transaction() -> bool:
    """A transaction that this thread's caller opened is still open on some connection."""
    return any(conn.in_atomic_block for conn in connections.all(initialized_only=True))


def drop_connections() -> None:
    """Close this thread's connections, so that the next query opens a new one.

    After ``pg_terminate_backend`` or a failover psycopg may still report the old
    connection as idle, and Django would reuse it until a request ends.
    """
    for conn in connections.all(initialized_only=True):
        try:
            conn.close()
        except Exception:  # closing a dead socket may fail; it is dropped either way
            logger.debug("Closing database connection %s failed", conn.alias, exc_info=True)


def with_database_retries[T](operation: Callable[[], T], *, what: str) -> T:
    """``operation()``, tried again on a new connection after a transient database error,
    ``DATABASE_ATTEMPTS`` times in all; the last error is raised.

    ``operation`` must be one short transaction of its own that is safe to repeat (a fenced
    write). Inside a transaction the caller opened nothing is retried: that transaction
    died with its connection, and only the caller can start it again.
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return operation()
        except Exception as exc:
            if (
                not database_error_is_transient(exc)
                or attempt >= DATABASE_ATTEMPTS
                or in_callers_transaction()
            ):
                raise
            logger.warning(
                "%s hit a database error (attempt %s of %s), retrying on a new connection: %s",
                what,
                attempt,
                DATABASE_ATTEMPTS,
                exc,
            )
            drop_connections()
            time.sleep(retry_delay(attempt - 1, base=DATABASE_BACKOFF_SECONDS))
