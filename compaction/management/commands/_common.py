"""Helpers shared by the management commands (Django skips modules starting with _)."""

from __future__ import annotations

import uuid

from django.core.management.base import CommandError

from compaction.exceptions import CompactionError


def error_text(exc: CompactionError, *, one_line: bool = False) -> str:
    """A domain error as readable text: the message, then each detail."""
    details = exc.details
    if isinstance(details, dict) and details:
        if one_line:
            return exc.message + " (" + "; ".join(f"{k}: {v}" for k, v in details.items()) + ")"
        return "\n".join([exc.message, *(f"  {k}: {v}" for k, v in details.items())])
    if details:
        return f"{exc.message} ({details})"
    return exc.message


def parse_session_id(value: str) -> uuid.UUID:
    try:
        return uuid.UUID(value)
    except ValueError:
        raise CommandError(f"{value!r} is not a valid session id (expected a UUID).") from None
