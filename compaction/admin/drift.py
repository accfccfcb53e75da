"""The drift audit overview: the admin index's way to the drift pages.

A reusable app cannot add a link to the host's admin index (its ``AdminSite`` and
``admin/index.html`` are the host's), but every registered model appears there: the
``DriftAudit`` proxy of sessions is registered here, and its changelist is an overview of
the sessions with the audit stored with their latest version, each leading to its drift
timeline, its latest diff and its runs. The figures are read as stored
(``selectors.sessions_latest_audit``): nothing is audited again for a list, and a page costs
the same few queries whatever its length.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import quote
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.utils.html import format_html
from django.utils.safestring import SafeString

from compaction import selectors
from compaction.admin.base import ReadOnlyAdmin
from compaction.admin.html import (
    EMPTY,
    session_label,
    session_title,
    truncated,
)
from compaction.admin.views import can_view
from compaction.drift.audit import AuditSummary
from compaction.models import ChatSession, Checkpoint, CompactionRun, DriftAudit
from compaction.routers import audit_view


@admin.register(DriftAudit)
class DriftAuditAdmin(ReadOnlyAdmin):
    list_display = (
        "session_cell",
        "agent",
        "latest_change",
        "counted",
        "declared",
        "unverified",
        "score",
        "runs",
    )
    # Each row leads to the session's drift pages, not to a change form of its own.
    list_display_links = None
    list_filter = ("agent_id",)
    search_fields = ("=id", "external_id", "agent_id")
    # Most recently active first.
    ordering = ("-updated_at",)

    # -- who sees it

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """What the drift pages themselves need, viewing sessions and checkpoints: the list
        shows every session's name and figures, so its own permission alone is not enough,
        and whoever can read a timeline finds the way to it."""
        return can_view(self, request, ChatSession) and can_view(self, request, Checkpoint)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return selectors.sessions_latest_audit(super().get_queryset(request))

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponseRedirect:
        # An audit "row" is the session's drift timeline (whose view checks permissions).
        return HttpResponseRedirect(self.url(ChatSession, "timeline", object_id))

    @audit_view
    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> Any:
        extra = {
            "title": "Drift audit",
            "runs_url": self.url(CompactionRun, "changelist"),
        }
        return super().changelist_view(request, {**extra, **(extra_context or {})})

    # -- columns

    def _audit(self, obj: ChatSession) -> AuditSummary | None:
        return selectors.latest_audit_summary(obj)

    @admin.display(description="session", ordering="external_id")
    def session_cell(self, obj: ChatSession) -> SafeString:
        return format_html(
            '<a href="{}" title="{}">{}</a>',
            self.url(ChatSession, "timeline", quote(obj.pk)),
            f"Drift timeline of {session_title(obj)}",
            truncated(session_label(obj), 28),
        )

    @admin.display(description="agent", ordering="agent_id")
    def agent(self, obj: ChatSession) -> SafeString | str:
        return truncated(obj.agent_id, 16) if obj.agent_id else EMPTY

    @admin.display(description="versions", ordering="checkpoint_version")
    def latest_change(self, obj: ChatSession) -> SafeString | str:
        """The latest version and the one before, linked to their diff."""
        new = obj.checkpoint_version
        if new < 2:
            return format_html('<span class="cmp-muted">{}</span>', "first version")
        return format_html(
            '<a href="{}">v{} → v{}</a>',
            self.url(ChatSession, "diff", quote(obj.pk), old=new - 1, new=new),
            new - 1,
            new,
        )

    @admin.display(description="counted")
    def counted(self, obj: ChatSession) -> SafeString | str:
        found = self._audit(obj)
        if found is None:
            return EMPTY
        count = len(found.counted_items)
        return format_html(
            '<span class="{}" title="{}">{}</span>',
            "cmp-counted-some" if count else "",
            "dropped or changed without a declaration, or confirmed lost by a judge",
            count,
        )

    @admin.display(description="declared")
    def declared(self, obj: ChatSession) -> str:
        found = self._audit(obj)
        return EMPTY if found is None else str(len(found.declared))

    @admin.display(description="unverified")
    def unverified(self, obj: ChatSession) -> str:
        found = self._audit(obj)
        return EMPTY if found is None else str(len(found.unverified))

    @admin.display(description="score")
    def score(self, obj: ChatSession) -> SafeString | str:
        found = self._audit(obj)
        if found is None:
            return EMPTY
        return format_html(
            '<span class="{}" title="{} of {} items of v{}">{}%</span>',
            "cmp-counted-some" if found.counted_items else "",
            len(found.counted_items),
            found.items_old,
            obj.checkpoint_version - 1,
            f"{found.score * 100:.0f}",
        )

    @admin.display(description="runs")
    def runs(self, obj: ChatSession) -> SafeString:
        return format_html(
            '<a href="{}">{}</a>', self.url(CompactionRun, "changelist", session=obj.pk), "runs"
        )
