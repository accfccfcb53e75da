"""Counting the SQL statements psycopg sends to PostgreSQL, whoever sends them.

``CaptureQueriesContext`` sees only Django's queries; the peer stacks of ``peers`` talk to
psycopg directly. ``StatementCounter`` wraps the two methods every psycopg 3 statement goes
through, ``psycopg.Cursor.execute`` and ``psycopg.Cursor.executemany``
(``Connection.execute`` opens a cursor and calls ``Cursor.execute``; Django's cursors are
``psycopg.ClientCursor`` subclasses, which inherit both). One ``execute`` is one
statement; one ``executemany`` is one statement per parameter set, which is what the server
receives (psycopg sends each set as its own Bind/Execute, in pipeline mode or not).

The rule is the app's (``tests/services/test_scaling.py``): transaction control —
``BEGIN``, ``COMMIT``, ``ROLLBACK``, ``SAVEPOINT``, ``RELEASE`` — is not counted. psycopg
sends the implicit ``BEGIN`` of a non-autocommit connection, ``commit()``, ``rollback()``
and ``Connection.transaction()``'s ``BEGIN``/``COMMIT`` below these methods, so they are
never seen; a ``SAVEPOINT`` sent through a cursor (Django's nested ``atomic()``) is seen
and dropped by its text. Server-side (named) cursors and ``COPY`` are not counted; none of
the measured stacks uses them on a turn.

The wrappers count from any thread (LangGraph saves checkpoints from a background thread)
while a counter is installed, and cost one list append per call: queries are classified
after the timed call, not during it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import sql

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "START TRANSACTION")


def query_text(query: Any) -> str:
    """The SQL of ``query`` as psycopg was given it (``str``, ``bytes`` or ``sql.Composable``)."""
    if isinstance(query, bytes):
        return query.decode("utf-8", "replace")
    if isinstance(query, sql.Composable):
        return query.as_string(None)
    return str(query)


def is_transaction_control(query: Any) -> bool:
    return query_text(query).lstrip().upper().startswith(TRANSACTION_CONTROL)


class StatementCounter:
    """Records ``(query, statements)`` for every psycopg execute while installed.

    Use ``with counter.installed():`` around a whole section, and ``counter.span()`` around
    each call to count::

        counter = StatementCounter()
        with counter.installed():
            with counter.span() as span:
                cursor.execute("SELECT 1")
            span.statements  # 1
    """

    def __init__(self) -> None:
        self._records: list[tuple[Any, int]] | None = None
        self._lock = threading.Lock()

    @contextmanager
    def installed(self) -> Iterator[StatementCounter]:
        original_execute = psycopg.Cursor.execute
        original_executemany = psycopg.Cursor.executemany
        counter = self

        def execute(self: psycopg.Cursor, query: Any, *args: Any, **kwargs: Any) -> Any:
            counter._record(query, 1)
            return original_execute(self, query, *args, **kwargs)

        def executemany(
            self: psycopg.Cursor, query: Any, params_seq: Iterable[Any], *args: Any, **kwargs: Any
        ) -> Any:
            params = params_seq if isinstance(params_seq, list | tuple) else list(params_seq)
            counter._record(query, len(params))
            return original_executemany(self, query, params, *args, **kwargs)

        psycopg.Cursor.execute = execute  # type: ignore[method-assign]
        psycopg.Cursor.executemany = executemany  # type: ignore[method-assign]
        try:
            yield self
        finally:
            psycopg.Cursor.execute = original_execute  # type: ignore[method-assign]
            psycopg.Cursor.executemany = original_executemany  # type: ignore[method-assign]

    def _record(self, query: Any, statements: int) -> None:
        records = self._records
        if records is not None:
            with self._lock:
                records.append((query, statements))

    @contextmanager
    def span(self) -> Iterator[Span]:
        """Count what is executed inside the block (``span.statements`` once it exits)."""
        span = Span()
        with self._lock:
            if self._records is not None:
                raise RuntimeError("StatementCounter spans do not nest")
            self._records = []
        try:
            yield span
        finally:
            with self._lock:
                records, self._records = self._records, None
            span.finish(records or [])


class Span:
    """What one ``StatementCounter.span()`` saw: statements, and their SQL for reading."""

    def __init__(self) -> None:
        self.statements = 0
        self.transaction_control = 0
        self.sql: list[str] = []

    def finish(self, records: list[tuple[Any, int]]) -> None:
        for query, count in records:
            text = query_text(query)
            if is_transaction_control(text):
                self.transaction_control += count
                continue
            self.statements += count
            self.sql.extend([" ".join(text.split())[:120]] * count)


def count_statements(counter: StatementCounter, fn: Callable[[], Any]) -> tuple[Any, Span]:
    """Call ``fn`` inside a span of ``counter`` (which must be installed)."""
    with counter.span() as span:
        value = fn()
    return value, span
