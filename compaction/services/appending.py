"""An append without the row lock, on PostgreSQL: read the session, then one guarded write.

``message_append`` validates against a session it read without a lock
(``selectors.rows.session_read``),
then sends one statement (``append_if_unchanged``): an ``UPDATE`` of the session's counters
guarded by what the validation relied on (the message count, the appended tokens and the
tail, which fix ``seq``, the running totals and the pending tool calls, the checkpoint
version and the calibration), and the ``INSERT`` of the
rows, which happens only if that guard held. Run in autocommit it is its own transaction:
no ``BEGIN``, lock read or ``COMMIT`` round trips. A writer that got in between makes the
guard fail (PostgreSQL re-checks it on the row's newest version once that writer commits):
nothing is written and the caller reads again or takes the row lock.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, models

from compaction.fields import JSONTextField
from compaction.models import ChatSession, Message
from compaction.selectors.rows import database, sql_names
from compaction.services.locking import (
    LOCK_TIMEOUT_FILTER,
    busy_as_domain_error,
    lock_timeout_param,
)
from compaction.services.usage import MODEL_USAGE_PARTS

#: The columns of a new message row, in the order of the ``VALUES`` lists.
_MESSAGE_FIELDS = (
    "session",
    "seq",
    "role",
    "format",
    "content",
    "token_estimate",
    "tokens_through",
    "pinned",
    "answers_tools",
    "metadata",
    "created_at",
)
#: Counters that grow by the append's own amounts: added, never overwritten, so a writer
#: the guard does not cover (a usage report, a lease) keeps its change.
_ADDED_FIELDS = (
    "message_count",
    "active_message_count",
    "appended_tokens",
    "estimated_tokens",
    "total_input_tokens",
    "total_output_tokens",
    "total_cache_creation_tokens",
    "total_cache_read_tokens",
)


@dataclass(frozen=True)
class SessionState:
    """What an append's validation read of the session, and must still hold when it writes.

    The message count fixes ``seq``; the appended tokens, the new rows' running totals; the
    tail, what the new messages answer. Among committed states the count alone would say
    the other two, but a session a caller kept (``message_append(session=...)``) may come
    from a transaction that rolled back.
    """

    message_count: int
    appended_tokens: int
    tail: Any
    checkpoint_version: int
    calibration_ratio: float
    added: tuple[int, ...]
    #: ``usage_by_model`` as it was (``Usage.apply`` replaces the dict, never changes it).
    usage_by_model: Any = None

    @classmethod
    def of(cls, session: ChatSession) -> SessionState:
        return cls(
            message_count=session.message_count,
            appended_tokens=session.appended_tokens,
            tail=session.tail,
            checkpoint_version=session.checkpoint_version,
            calibration_ratio=session.calibration_ratio,
            added=tuple(getattr(session, name) for name in _ADDED_FIELDS),
            usage_by_model=session.usage_by_model,
        )


def append_if_unchanged(
    *, session: ChatSession, before: SessionState, rows: Sequence[Message]
) -> list[int] | None:
    """Write ``rows`` and ``session``'s new counters, tail and calibration in one statement
    if the session still is as ``before`` says; the new rows' ids (in ``rows``' order), or
    None when it moved. A wait on another writer's lock past ``LOCK_TIMEOUT_MS`` raises
    ``SessionBusy``.

    ``session`` carries the values after the append (as the locked path would save them).
    """
    db = database()
    after = SessionState.of(session)
    grown = [
        (name, new - old)
        for name, old, new in zip(_ADDED_FIELDS, before.added, after.added, strict=True)
        if new != old
    ]
    params: list[object] = [amount for _, amount in grown]
    model_added = _model_usage_added(before.usage_by_model, after.usage_by_model)
    if model_added is not None:
        key, amounts = model_added
        params.append(key)
        for part in MODEL_USAGE_PARTS:
            params += [key, amounts[part]]
    params += [json.dumps(session.tail), session.calibration_ratio, session.updated_at]
    params += [session.pk, before.message_count, before.appended_tokens]
    params += [before.checkpoint_version, before.calibration_ratio, json.dumps(before.tail)]
    params += [lock_timeout_param()]
    for row in rows:
        for name, dumps, _ in _MESSAGE_COLUMNS:
            value = getattr(row, name)
            params.append(dumps(value) if dumps else value)
    sql = _append_sql(
        db.vendor, tuple(name for name, _ in grown), len(rows), model_added is not None
    )
    with busy_as_domain_error(session.pk), db.cursor() as cursor:
        cursor.execute(sql, params)
        ids = dict(cursor.fetchall())
    return [ids[row.seq] for row in rows] if ids else None


def _column(field: models.Field) -> tuple[str, Any, str]:
    """How a new row's value of ``field`` is sent: its attribute, how JSON is written
    (None: as it is), and the placeholder."""
    if isinstance(field, JSONTextField):
        return field.attname, field.dumps, "%s::json"
    if isinstance(field, models.JSONField):
        return field.attname, json.dumps, "%s::jsonb"
    return field.attname, None, "%s"


#: Each new row's values, in ``_MESSAGE_FIELDS`` order.
_MESSAGE_COLUMNS = tuple(_column(Message._meta.get_field(name)) for name in _MESSAGE_FIELDS)


def _model_usage_added(
    before: dict[str, Any] | None, after: dict[str, Any] | None
) -> tuple[str, dict[str, int]] | None:
    """The one model entry of ``usage_by_model`` an append's usage changed, and by how
    much; None when it reported no usage."""
    if after is None or after is before:
        return None
    before = before or {}
    changed = [key for key, entry in after.items() if entry != before.get(key)]
    if not changed:
        return None
    if len(changed) > 1:  # one append reports one call's usage
        raise ValueError("an append adds the usage of one model call")
    key = changed[0]
    old = before.get(key) or {}
    return key, {part: after[key][part] - int(old.get(part, 0)) for part in MODEL_USAGE_PARTS}


@functools.lru_cache(maxsize=256)
def _append_sql(vendor: str, grown: tuple[str, ...], count: int, model_usage: bool) -> str:
    """The guarded write of ``count`` rows adding to the counters ``grown``, and with
    ``model_usage`` to one model's entry of ``usage_by_model`` (the same text for the same
    shape: a server-side prepared statement is reused)."""
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        return sql_names(ChatSession, [name], vendor=vendor)

    assignments = [f"{column(name)} = {column(name)} + %s" for name in grown]
    if model_usage:
        # Added to what the row holds when the write lands, as the counters are: a usage
        # report committed meanwhile keeps its own addition.
        by_model = column("usage_by_model")
        parts = ", ".join(
            f"'{part}', COALESCE(({by_model} -> %s::text ->> '{part}')::bigint, 0) + %s"
            for part in MODEL_USAGE_PARTS
        )
        assignments.append(
            f"{by_model} = COALESCE({by_model}, '{{}}'::jsonb) "
            f"|| jsonb_build_object(%s::text, jsonb_build_object({parts}))"
        )
    assignments += [
        f"{column('tail')} = %s::jsonb",
        f"{column('calibration_ratio')} = %s",
        f"{column('updated_at')} = %s",
    ]
    guarded = ("id", "message_count", "appended_tokens", "checkpoint_version", "calibration_ratio")
    guard = " AND ".join(f"{column(name)} = %s" for name in guarded)
    guard += f" AND {column('tail')} = %s::jsonb"
    # Waiting for a concurrent writer's row lock is bounded as the locked path bounds it.
    guard += f" AND {LOCK_TIMEOUT_FILTER}"
    columns = sql_names(Message, _MESSAGE_FIELDS, vendor=vendor)
    placeholders = "(" + ", ".join(placeholder for *_, placeholder in _MESSAGE_COLUMNS) + ")"
    return (
        f"WITH counted AS (UPDATE {quote(ChatSession._meta.db_table)} "
        f"SET {', '.join(assignments)} WHERE {guard} RETURNING 1) "
        f"INSERT INTO {quote(Message._meta.db_table)} ({columns}) "
        f"SELECT new.* FROM counted, (VALUES {', '.join([placeholders] * count)}) "
        f"AS new ({columns}) RETURNING {sql_names(Message, ['seq', 'id'], vendor=vendor)}"
    )
