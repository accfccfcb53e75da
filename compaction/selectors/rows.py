"""Plain-SQL reads for the hot paths (an append, a context build), without the ORM's compiling.

Every turn reads the session twice, the latest checkpoint and the active window; the
queryset compiling around those reads cost more than the reads themselves (measured: 0.62
against 0.26 ms for the session, a third of a context build). These read the same rows with
the same values as the ORM: column names come from the models, values go through each
field's converters.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connection, connections, router
from django.db.backends.base.base import BaseDatabaseWrapper

from compaction.exceptions import SessionNotFound
from compaction.fields import JSONTextField
from compaction.models import ChatSession, Checkpoint, CompactionRun


def database() -> BaseDatabaseWrapper:
    """The connection ``django.db.connection`` stands for, in this thread.

    The hot paths take it once per call: every attribute read through the
    ``connection`` proxy looks the connection up again (an ``asgiref`` local), and the
    proxy was read some sixty times an append.
    """
    return connections[DEFAULT_DB_ALIAS]


def sql_names(model: type, names: Sequence[str], *, vendor: str | None = None) -> str:
    """The quoted columns of ``model``'s fields ``names``, comma-separated."""
    return _quoted_columns(vendor or connection.vendor, model, tuple(names))


@functools.cache
def _quoted_columns(vendor: str, model: type, names: tuple[str, ...]) -> str:
    # Per vendor: the quoting is the backend's. The hot paths build their SQL from these on
    # every call, and quoting through the connection proxy cost more than the rest of it.
    quote = connection.ops.quote_name
    return ", ".join(quote(model._meta.get_field(name).column) for name in names)


@functools.cache
def _selected_columns(vendor: str, model: type, names: tuple[str, ...]) -> str:
    """``sql_names`` for a SELECT list: each field's column as the ORM would select it
    (``Field.select_format``: a ``JSONTextField`` is read as text on PostgreSQL)."""
    columns = []
    for name in names:
        column = sql_names(model, [name], vendor=vendor)
        field = model._meta.get_field(name)
        columns.append(
            field.selected(column, vendor=vendor) if isinstance(field, JSONTextField) else column
        )
    return ", ".join(columns)


def converted(
    model: type,
    names: Sequence[str],
    rows: list[tuple[Any, ...]],
    *,
    db: BaseDatabaseWrapper | None = None,
) -> list[list[Any]]:
    """``rows`` of the columns ``names`` with the values the ORM would give (JSON decoded,
    a backend's booleans and dates as Python's)."""
    db = db or database()
    steps = _converters(db, model, tuple(names))
    result = []
    for row in rows:
        values = list(row)
        for index, column, convert in steps:
            for function in convert:
                values[index] = function(values[index], column, db)
        result.append(values)
    return result


def _converters(db: BaseDatabaseWrapper, model: type, names: tuple[str, ...]) -> tuple:
    """Which columns of ``names`` need converting, and how: found once per connection
    (a backend's converters are methods of that connection's operations)."""
    cache = db.__dict__.setdefault("_compaction_converters", {})
    steps = cache.get((model, names))
    if steps is None:
        found = []
        for index, name in enumerate(names):
            field = model._meta.get_field(name)
            column = field.cached_col
            convert = db.ops.get_db_converters(column) + field.get_db_converters(db)
            if convert:
                found.append((index, column, tuple(convert)))
        steps = cache[(model, names)] = tuple(found)
    return steps


def session_rows(
    model: type,
    session_id: Any,
    names: Sequence[str],
    *,
    above: tuple[str, int] | None = None,
    order: str,
    limit: int | None = None,
) -> list[list[Any]]:
    """The fields ``names`` of ``model``'s rows of the session (those whose field
    ``above[0]`` is above ``above[1]``), ordered by ``order`` (field names, comma-separated,
    ``-`` for descending)."""
    db = database()
    params = [ChatSession._meta.pk.get_db_prep_value(session_id, db)]
    if above is not None:
        params.append(above[1])
    sql = _session_rows_sql(
        db.vendor, model, tuple(names), above[0] if above else None, order, limit
    )
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return converted(model, names, cursor.fetchall(), db=db)


@functools.lru_cache(maxsize=64)
def _session_rows_sql(
    vendor: str,
    model: type,
    names: tuple[str, ...],
    above: str | None,
    order: str,
    limit: int | None,
) -> str:
    where = f"{sql_names(model, ['session'], vendor=vendor)} = %s"
    if above is not None:
        where += f" AND {sql_names(model, [above], vendor=vendor)} > %s"
    ordering = ", ".join(
        sql_names(model, [name.lstrip("-")], vendor=vendor)
        + (" DESC" if name.startswith("-") else "")
        for name in order.split(",")
    )
    return (
        f"SELECT {_selected_columns(vendor, model, names)} "
        f"FROM {connection.ops.quote_name(model._meta.db_table)} WHERE {where} "
        f"ORDER BY {ordering}" + (f" LIMIT {int(limit)}" if limit else "")
    )


#: The latest checkpoint's columns a payload needs, in the model's field order (``from_db``).
CHECKPOINT_PAYLOAD_FIELDS = tuple(
    field.attname
    for field in Checkpoint._meta.concrete_fields
    if field.attname
    in {
        "last_seq",
        "summary",
        "version",
        "carried",
        "native_block",
        "kind",
        "preserved",
        "artifacts_text",
    }
)

#: Where ``session_read`` leaves the latest checkpoint it read with the session.
_LATEST_CHECKPOINT = "_compaction_latest_checkpoint"
_UNREAD = object()


def session_read(session_id: UUID | str) -> ChatSession:
    """The session, as ``ChatSession.objects.get(pk=session_id)`` would load it; raises
    ``SessionNotFound``.

    The same statement reads the session's latest checkpoint (what a payload needs of it):
    the context build that follows an append then starts from it (``checkpoint_read_with``)
    instead of reading it again. It also reads the session's live compaction run, if any
    (``live_run_read_with``: one probe of the one-live-run-per-session index), so that an
    append can answer with it without a query after its commit. All come from one
    snapshot, so they agree.
    """
    names = _SESSION_FIELDS
    # Where the ORM would read it: the primary, or an audit page's replica (routers.py).
    db = connections[router.db_for_read(ChatSession)]
    try:
        key = ChatSession._meta.pk.get_db_prep_value(session_id, db)
    except (ValueError, ValidationError):
        key = None
    row = None
    if key is not None:
        with db.cursor() as cursor:
            cursor.execute(_session_read_sql(db.vendor), [key])
            row = cursor.fetchone()
    if row is None:
        raise SessionNotFound("Session not found.", details={"session": str(session_id)})
    values = converted(ChatSession, names, [row[: len(names)]], db=db)[0]
    session = ChatSession.from_db(db.alias, names, values)
    fields = CHECKPOINT_PAYLOAD_FIELDS
    latest = row[len(names) : len(names) + len(fields)]
    checkpoint = None
    if latest[fields.index("version")] is not None:  # NOT NULL: NULL is the join's "none"
        checkpoint = Checkpoint.from_db(
            db.alias, fields, converted(Checkpoint, fields, [latest], db=db)[0]
        )
    setattr(session, _LATEST_CHECKPOINT, checkpoint)
    live = row[len(names) + len(fields) :]
    run = None
    if live[0] is not None:  # the primary key: NULL is the join's "none"
        run = CompactionRun.from_db(
            db.alias, _RUN_FIELDS, converted(CompactionRun, _RUN_FIELDS, [live], db=db)[0]
        )
        run.session = session
    live_run_remember(session, run)
    return session


#: A run's columns, in the model's field order (``from_db``), its primary key first.
_RUN_FIELDS = tuple(field.attname for field in CompactionRun._meta.concrete_fields)
assert _RUN_FIELDS[0] == CompactionRun._meta.pk.attname

#: Where an append leaves the live run it saw (``session_read``, or under the row lock).
_LIVE_RUN = "_compaction_live_run"


def live_run_remember(session: ChatSession, run: CompactionRun | None) -> None:
    """Record ``run`` as ``session``'s live compaction run (None: it has none), as read."""
    setattr(session, _LIVE_RUN, run)


def live_run_read_with(session: ChatSession) -> tuple[bool, CompactionRun | None]:
    """Whether ``session`` was read with its live compaction run, and that run (None: it
    had none then)."""
    run = getattr(session, _LIVE_RUN, _UNREAD)
    return (False, None) if run is _UNREAD else (True, run)


#: A session's columns, in the model's field order (``from_db``).
_SESSION_FIELDS = tuple(field.attname for field in ChatSession._meta.concrete_fields)


@functools.cache
def _session_read_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    names = _SESSION_FIELDS
    own = ", ".join(f"s.{column}" for column in sql_names(ChatSession, names).split(", "))
    fields = CHECKPOINT_PAYLOAD_FIELDS
    latest = ", ".join(f"c.{column}" for column in sql_names(Checkpoint, fields).split(", "))
    session_column = sql_names(Checkpoint, ["session"])
    # Constants, not parameters: the planner matches them to the partial unique index
    # ("one live run per session"), whatever the plan of a prepared statement.
    live = ", ".join(f"'{status}'" for status in CompactionRun.LIVE_STATUSES)
    return (
        f"SELECT {own}, {latest}, r.* FROM {quote(ChatSession._meta.db_table)} s "
        f"LEFT JOIN LATERAL (SELECT {sql_names(Checkpoint, fields)} "
        f"FROM {quote(Checkpoint._meta.db_table)} "
        f"WHERE {session_column} = s.{sql_names(ChatSession, ['id'])} "
        f"ORDER BY {sql_names(Checkpoint, ['version'])} DESC LIMIT 1) c ON TRUE "
        f"LEFT JOIN LATERAL (SELECT {_selected_columns(vendor, CompactionRun, _RUN_FIELDS)} "
        f"FROM {quote(CompactionRun._meta.db_table)} "
        f"WHERE {sql_names(CompactionRun, ['session'])} = s.{sql_names(ChatSession, ['id'])} "
        f"AND {sql_names(CompactionRun, ['status'])} IN ({live}) LIMIT 1) r ON TRUE "
        f"WHERE s.{sql_names(ChatSession, ['id'])} = %s"
    )


def checkpoint_read_with(session: ChatSession) -> tuple[bool, Checkpoint | None]:
    """Whether ``session_read`` read the latest checkpoint along with ``session``, and that
    checkpoint (None before the first). Not when ``session`` has moved past it since (its
    ``checkpoint_version`` differs) or the checkpoint was forgotten (``checkpoint_forget``)."""
    checkpoint = getattr(session, _LATEST_CHECKPOINT, _UNREAD)
    if checkpoint is _UNREAD:
        return False, None
    if (checkpoint.version if checkpoint is not None else 0) != session.checkpoint_version:
        return False, None
    return True, checkpoint


def checkpoint_carry(source: ChatSession, target: ChatSession) -> None:
    """Let ``target`` (the same session, read again, e.g. under its row lock) reuse the
    latest checkpoint ``source`` was read with: ``checkpoint_read_with`` still answers only
    while ``target``'s ``checkpoint_version`` is that checkpoint's."""
    known, checkpoint = checkpoint_read_with(source)
    if known and source.pk == target.pk:
        setattr(target, _LATEST_CHECKPOINT, checkpoint)


def checkpoint_forget(session: ChatSession) -> None:
    """Make the next context build from ``session`` read the latest checkpoint itself."""
    session.__dict__.pop(_LATEST_CHECKPOINT, None)
