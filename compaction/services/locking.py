"""Row locks on a session: the one place that turns lock waits into domain errors."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import OperationalError, connection
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL

from compaction.conf import app_settings
from compaction.exceptions import SessionBusy, SessionNotFound
from compaction.models import ChatSession

LOCK_NOT_AVAILABLE = "55P03"
#: A filter that bounds the lock wait of the statement it is in (and of the rest of its
#: transaction) by ``LOCK_TIMEOUT_MS``: ``set_config(..., true)`` is ``SET LOCAL``, which
#: also works behind PgBouncer. The row is scanned and the filter evaluated before the lock
#: is requested, so the bound costs no round trip of its own.
LOCK_TIMEOUT_FILTER = "set_config('lock_timeout', %s, true) IS NOT NULL"


def lock_timeout_param() -> str:
    return f"{app_settings.LOCK_TIMEOUT_MS}ms"


@contextmanager
def busy_as_domain_error(session_id: UUID | str) -> Iterator[None]:
    """Turn a lock wait that ran out (PostgreSQL's ``lock_not_available``) into
    ``SessionBusy`` for ``session_id``."""
    try:
        yield
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) == LOCK_NOT_AVAILABLE:
            raise SessionBusy(
                f"The session stayed locked by another transaction for more than "
                f"{app_settings.LOCK_TIMEOUT_MS} ms; try again.",
                details={"session": str(session_id)},
            ) from exc
        raise


def lock_session(session_id: UUID | str) -> ChatSession:
    """Lock and return the session row; call inside ``transaction.atomic()``.

    On PostgreSQL the wait is bounded by ``LOCK_TIMEOUT_MS`` for this transaction only,
    by the locking statement itself (``LOCK_TIMEOUT_FILTER``); running out raises
    ``SessionBusy``.
    """
    rows = ChatSession.objects.select_for_update(of=("self",))
    if connection.vendor == "postgresql":
        rows = rows.filter(
            RawSQL(LOCK_TIMEOUT_FILTER, [lock_timeout_param()], output_field=BooleanField())
        )
    try:
        with busy_as_domain_error(session_id):
            return rows.get(pk=session_id)
    except (ChatSession.DoesNotExist, ValueError, ValidationError):
        raise SessionNotFound("Session not found.", details={"session": str(session_id)}) from None
