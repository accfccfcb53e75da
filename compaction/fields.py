"""Model fields of the app's own."""

from __future__ import annotations

import functools
import json
from typing import Any

from django.db import models
from django.db.models import Func


class JSONTextField(models.JSONField):
    """A ``JSONField`` that PostgreSQL keeps as ``json`` (the text as written), not ``jsonb``.

    Message content is written once, read whole on every model call and never searched by
    its structure in SQL. ``jsonb`` parses it on every write and serializes it again on
    every read: half the time of reading an active window, measured (BENCHMARKS.md), for
    operators and indexes nothing here uses. ``json`` gives back the text it was given, so a
    message also reads back with its keys in the order they were appended.

    Lookups and key transforms are ``JSONField``'s (``content="hi"``,
    ``content__contains``, ``content__0__type``): on PostgreSQL they cast the column to
    ``jsonb`` in the query, which ``json`` has no operators for. Ordering by the value or
    ``DISTINCT`` over it are not available there. Other databases store the field as
    ``JSONField`` does.
    """

    def db_type(self, connection: Any) -> str | None:
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def dumps(self, value: Any) -> str:
        """The text stored for ``value``: compact, UTF-8 rather than ``\\u`` escapes."""
        return json.dumps(value, cls=self.encoder, ensure_ascii=False, separators=(",", ":"))

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if connection.vendor != "postgresql":
            return super().get_db_prep_value(value, connection, prepared)
        if not prepared:
            value = self.get_prep_value(value)
        if hasattr(value, "as_sql"):
            return value
        # Text, which PostgreSQL takes as ``json`` for the column: Django's ``Jsonb``
        # adapter would be cast through ``jsonb`` and lose the text's key order.
        return self.dumps(value)

    def get_lookup(self, lookup_name: str) -> Any:
        lookup = super().get_lookup(lookup_name)
        return _on_jsonb(lookup) if lookup is not None else None

    def get_transform(self, name: str) -> Any:
        transform = super().get_transform(name)
        if transform is None:
            return None

        def on_jsonb(lhs: Any, *args: Any, **kwargs: Any) -> Any:
            return transform(AsJsonb(lhs), *args, **kwargs)

        return on_jsonb

    def select_format(self, compiler: Any, sql: str, params: Any) -> tuple[str, Any]:
        if compiler.connection.vendor == "postgresql":
            return self.selected(sql, vendor="postgresql"), params
        return super().select_format(compiler, sql, params)

    @staticmethod
    def selected(sql: str, *, vendor: str) -> str:
        """The column ``sql`` as a SELECT list reads it (raw SQL follows this too)."""
        # As text on PostgreSQL: the drivers would decode ``json`` themselves (psycopg and
        # psycopg2 both do), while ``from_db_value`` expects the text, as ``jsonb`` arrives.
        return f"({sql})::text" if vendor == "postgresql" else sql


class AsJsonb(Func):
    """A ``JSONTextField`` column as ``jsonb`` on PostgreSQL, as it is elsewhere: what
    ``JSONField``'s lookups and key transforms are written for."""

    def __init__(self, expression: Any) -> None:
        super().__init__(expression, output_field=models.JSONField())

    def as_sql(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return compiler.compile(self.source_expressions[0])

    def as_postgresql(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        sql, params = compiler.compile(self.source_expressions[0])
        return f"({sql})::jsonb", params


@functools.cache
def _on_jsonb(lookup: type) -> type:
    """``lookup`` applied to the column as ``jsonb`` (``AsJsonb``)."""

    def __init__(self: Any, lhs: Any, rhs: Any) -> None:
        lookup.__init__(self, AsJsonb(lhs), rhs)

    return type(lookup.__name__, (lookup,), {"__init__": __init__})
