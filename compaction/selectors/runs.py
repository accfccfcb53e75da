"""Compaction runs a user may see, and a session's live run."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from compaction.models import ChatSession, CompactionRun
from compaction.selectors.sessions import session_list


def run_list(*, user: Any = None) -> QuerySet[CompactionRun]:
    """Runs of the sessions ``user`` may see, newest first."""
    sessions = session_list(user=user).values("pk")
    return (
        CompactionRun.objects.filter(session__in=sessions)
        .select_related("checkpoint")
        .order_by("-created_at", "-id")
    )


def run_live(*, session: ChatSession) -> CompactionRun | None:
    return (
        CompactionRun.objects.filter(session=session, status__in=CompactionRun.LIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )
