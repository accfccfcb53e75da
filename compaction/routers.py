"""Audit reads on a replica: ``AuditReplicaRouter`` and the ``audit_reads()`` scope.

The audit surfaces (the admin's diff, timeline, originals and drift list; the API's
checkpoints, diff, drift, runs and history text) only read, and a replica a few seconds
behind serves them as well as the primary. The hot path (append, context build,
compaction) reads the same models and must see its own writes, so routing by model alone
cannot separate them: reads go to ``COMPACTION["AUDIT_DATABASE"]`` only inside
``audit_reads()``, which those views enter for the whole request, rendering included.
The scope is a context variable: per request, per thread, and per asyncio task.

Install with ``DATABASE_ROUTERS = ["compaction.routers.AuditReplicaRouter"]`` and an alias
for the replica in ``DATABASES``. Writes never go to the replica, nor are migrations run
there; models of other apps (auth, sessions) are left to the host's routers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model

from compaction.conf import app_settings

APP_LABEL = "compaction"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")

_auditing: ContextVar[bool] = ContextVar("compaction_audit_reads", default=False)


@contextmanager
def audit_reads() -> Iterator[str | None]:
    """Within the block, compaction's models are read from ``AUDIT_DATABASE`` (when set and
    the router installed); yields that alias, or None. Also a decorator."""
    token = _auditing.set(True)
    try:
        yield audit_alias()
    finally:
        _auditing.reset(token)


def audit_alias() -> str | None:
    """Where compaction's reads go now: the audit database inside ``audit_reads()``."""
    return app_settings.AUDIT_DATABASE if _auditing.get() else None


def audit_view(view: Callable[..., Any]) -> Callable[..., Any]:
    """Run a read-only view's GET in ``audit_reads()``, and render its response there: a
    ``TemplateResponse`` (and DRF's ``Response``) renders after the view returns, and
    what its template reads lazily belongs to the same audit."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        request = next((arg for arg in args if isinstance(getattr(arg, "method", None), str)), None)
        if request is None or request.method not in SAFE_METHODS:
            return view(*args, **kwargs)  # a POST (an admin action) reads what it writes
        with audit_reads():
            response = view(*args, **kwargs)
            if callable(getattr(response, "render", None)) and not getattr(
                response, "is_rendered", True
            ):
                response.render()
            return response

    return wrapper


def _ours(model: type[Model]) -> bool:
    return model._meta.app_label == APP_LABEL


class AuditReplicaRouter:
    """Reads of compaction's models inside ``audit_reads()`` go to ``AUDIT_DATABASE``;
    nothing else changes."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        if _ours(model):
            return audit_alias()
        return None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        # Django writes an instance back where it was read from: one read in an audit
        # (then saved, or a relation written through it) would be written to the replica.
        instance = hints.get("instance")
        replica = app_settings.AUDIT_DATABASE
        if replica and instance is not None and getattr(instance._state, "db", None) == replica:
            return DEFAULT_DB_ALIAS
        return None

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool | None:
        replica = app_settings.AUDIT_DATABASE
        if replica and {obj1._state.db, obj2._state.db} <= {DEFAULT_DB_ALIAS, replica}:
            return True  # the same rows, one of them a little older
        return None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        if db == app_settings.AUDIT_DATABASE and db != DEFAULT_DB_ALIAS:
            return False  # a replica follows the primary's schema
        return None
