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
from django.db import connection

from compaction.exceptions import SessionNotFound
from compaction.models import ChatSession, Checkpoint


def sql_names(model: type, names: Sequence[str]) -> str:
    """The quoted columns of ``model``'s fields ``names``, comma-separated."""
    return _quoted_columns(connection.vendor, model, tuple(names))


@functools.cache
def _quoted_columns(vendor: str, model: type, names: tuple[str, ...]) -> str:
    # Per vendor: the quoting is the backend's. The hot paths build their SQL from these on
    # every call, and quoting through the connection proxy cost more than the rest of it.
    quote = connection.ops.quote_name
    return ", ".join(quote(model._meta.get_field(name).column) for name in names)


def converted(model: type, names: Sequence[str], rows: list[tuple[Any, ...]]) -> list[list[Any]]:
    """``rows`` of the columns ``names`` with the values the ORM would give (JSON decoded,
    a backend's booleans and dates as Python's)."""
    steps = []
    for index, name in enumerate(names):
        field = model._meta.get_field(name)
        column = field.cached_col
        convert = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        if convert:
            steps.append((index, column, convert))
    result = []
    for row in rows:
        values = list(row)
        for index, column, convert in steps:
            for function in convert:
                values[index] = function(values[index], column, connection)
        result.append(values)
    return result


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
    where = f"{sql_names(model, ['session'])} = %s"
    params = [ChatSession._meta.pk.get_db_prep_value(session_id, connection)]
    if above is not None:
        where += f" AND {sql_names(model, [above[0]])} > %s"
        params.append(above[1])
    ordering = ", ".join(
        sql_names(model, [name.lstrip("-")]) + (" DESC" if name.startswith("-") else "")
        for name in order.split(",")
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {sql_names(model, names)} "
            f"FROM {connection.ops.quote_name(model._meta.db_table)} WHERE {where} "
            f"ORDER BY {ordering}" + (f" LIMIT {int(limit)}" if limit else ""),
            params,
        )
        return converted(model, names, cursor.fetchall())


#: The latest checkpoint's columns a payload needs, in the model's field order (``from_db``).
CHECKPOINT_PAYLOAD_FIELDS = tuple(
    field.attname
    for field in Checkpoint._meta.concrete_fields
    if field.attname
    in {"last_seq", "summary", "version", "carried", "native_block", "kind", "preserved"}
)

#: Where ``session_read`` leaves the latest checkpoint it read with the session.
_LATEST_CHECKPOINT = "_compaction_latest_checkpoint"
_UNREAD = object()


def session_read(session_id: UUID | str) -> ChatSession:
    """The session, as ``ChatSession.objects.get(pk=session_id)`` would load it; raises
    ``SessionNotFound``.

    The same statement reads the session's latest checkpoint (what a payload needs of it):
    the context build that follows an append then starts from it (``checkpoint_read_with``)
    instead of reading it again. Both come from one snapshot, so they agree.
    """
    names = [field.attname for field in ChatSession._meta.concrete_fields]
    try:
        key = ChatSession._meta.pk.get_db_prep_value(session_id, connection)
    except (ValueError, ValidationError):
        key = None
    row = None
    if key is not None:
        with connection.cursor() as cursor:
            cursor.execute(_session_read_sql(connection.vendor), [key])
            row = cursor.fetchone()
    if row is None:
        raise SessionNotFound("Session not found.", details={"session": str(session_id)})
    values = converted(ChatSession, names, [row[: len(names)]])[0]
    session = ChatSession.from_db(connection.alias, names, values)
    fields, latest = CHECKPOINT_PAYLOAD_FIELDS, row[len(names) :]
    checkpoint = None
    if latest[fields.index("version")] is not None:  # NOT NULL: NULL is the join's "none"
        checkpoint = Checkpoint.from_db(
            connection.alias, fields, converted(Checkpoint, fields, [latest])[0]
        )
    setattr(session, _LATEST_CHECKPOINT, checkpoint)
    return session


@functools.cache
def _session_read_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    names = [field.attname for field in ChatSession._meta.concrete_fields]
    own = ", ".join(f"s.{column}" for column in sql_names(ChatSession, names).split(", "))
    fields = CHECKPOINT_PAYLOAD_FIELDS
    latest = ", ".join(f"c.{column}" for column in sql_names(Checkpoint, fields).split(", "))
    session_column = sql_names(Checkpoint, ["session"])
    return (
        f"SELECT {own}, {latest} FROM {quote(ChatSession._meta.db_table)} s "
        f"LEFT JOIN LATERAL (SELECT {sql_names(Checkpoint, fields)} "
        f"FROM {quote(Checkpoint._meta.db_table)} "
        f"WHERE {session_column} = s.{sql_names(ChatSession, ['id'])} "
        f"ORDER BY {sql_names(Checkpoint, ['version'])} DESC LIMIT 1) c ON TRUE "
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


def checkpoint_forget(session: ChatSession) -> None:
    """Make the next context build from ``session`` read the latest checkpoint itself."""
    session.__dict__.pop(_LATEST_CHECKPOINT, None)
