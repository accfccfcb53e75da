"""What the admin tests share: URL helpers, staff users, compaction shortcuts, XSS probes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Permission
from django.urls import reverse

from compaction import services
from compaction.models import ChatSession, CompactionRun
from tests.support.helpers import VALID_SUMMARY, ScriptedSummarizer, chat

XSS = "<script>alert(1)</script>"
XSS_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
VIEW_ALL = ("view_chatsession", "view_checkpoint", "view_message", "view_compactionrun")


def staff_user(django_user_model: Any, username: str, *codenames: str) -> Any:
    staff = django_user_model.objects.create_user(username, password="pw", is_staff=True)
    if codenames:
        staff.user_permissions.set(
            Permission.objects.filter(content_type__app_label="compaction", codename__in=codenames)
        )
    return staff


def compact(session: ChatSession, summary: str = VALID_SUMMARY) -> CompactionRun:
    run = services.compaction_run_execute(
        session_id=session.pk,
        trigger="command",
        force=True,
        # Twice: a summary that drops items silently is sent back once, and comes back the same.
        summarizer=ScriptedSummarizer(summary, summary),
    )
    assert run.status == "succeeded", (run.status, run.reason, run.error)
    return run


def queue(session: ChatSession) -> CompactionRun:
    """A live (pending) run on ``session``, as a queued Celery compaction leaves it.

    The task itself is published on commit, which never comes inside a test transaction.
    """
    services.message_append(session_id=session.pk, messages=chat(3, start=50), auto_compact=False)
    run = services.compaction_run_enqueue(session_id=session.pk, trigger="api", force=True)
    assert run.status == "pending", run.reason
    return run


def admin_url(name: str, *args: Any) -> str:
    return reverse(f"admin:compaction_{name}", args=args)


def session_urls(session: ChatSession) -> dict[str, str]:
    return {
        "diff": admin_url("chatsession_diff", session.pk),
        "timeline": admin_url("chatsession_timeline", session.pk),
        "originals": admin_url("chatsession_originals", session.pk, 1),
    }
