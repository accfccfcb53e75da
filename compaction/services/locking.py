"""Row locks on a session: the one place that turns lock waits into domain errors."""

from __future__ import annotations

from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import OperationalError, connection
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL

from compaction.conf import app_settings
from compaction.exceptions import SessionBusy, SessionNotFound
from compaction.models import ChatSession

LOCK_NOT_AVAILABLE = "55P03"


def lock_session(session_id: UUID | str) -> ChatSession:
    """Lock and return the session row; call inside ``transaction.atomic()``.

    On PostgreSQL the wait is bounded by ``LOCK_TIMEOUT_MS`` for this transaction only
    (``set_config(..., true)`` is ``SET LOCAL``, which also works behind PgBouncer). It is
    set by the locking statement itself, as a filter: the row is scanned and the filter
    evaluated before the lock is requested, so the bound costs no round trip of its own.
    """
    rows = ChatSession.objects.select_for_update(of=("self",))
    if connection.vendor == "postgresql":
        rows = rows.filter(
            RawSQL(
                "set_config('lock_timeout', %s, true) IS NOT NULL",
                [f"{app_settings.LOCK_TIMEOUT_MS}ms"],
                output_field=BooleanField(),
            )
        )
    try:
        return rows.get(pk=session_id)
    except (ChatSession.DoesNotExist, ValueError, ValidationError):
        raise SessionNotFound("Session not found.", details={"session": str(session_id)}) from None
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) == LOCK_NOT_AVAILABLE:
            raise SessionBusy(
                f"The session stayed locked by another transaction for more than "
                f"{app_settings.LOCK_TIMEOUT_MS} ms; try again.",
                details={"session": str(session_id)},
            ) from exc
        raise
