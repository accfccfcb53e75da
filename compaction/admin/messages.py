"""Messages, in whatever format they were appended, rendered block by block."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import (
    QuerySet,
)
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from compaction.admin.base import ReadOnlyAdmin
from compaction.admin.filters import (
    MessageStateFilter,
)
from compaction.admin.html import flag, json_html, with_badges
from compaction.admin.rendering import content_preview, render_content
from compaction.models import Checkpoint, Message


def role_with_pin(message: Message) -> SafeString:
    """The role, with a "pinned" badge on the few messages that are (never a column of
    crosses for the many that are not)."""
    return with_badges(
        message.role,
        flag(message.pinned, "pinned", title="carried verbatim past every compaction"),
    )


@admin.register(Message)
class MessageAdmin(ReadOnlyAdmin):
    list_display = (
        "seq",
        "session_link",
        "role_cell",
        "state",
        "token_estimate",
        "preview",
        "created",
    )
    list_display_links = ("seq",)
    list_select_related = ("session",)
    list_filter = ("role", "format", MessageStateFilter, "pinned")
    search_fields = ("=session__id", "session__external_id")
    # Newest first on the primary key index: cheap however long the history is.
    ordering = ("-id",)
    show_full_result_count = False
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "session_link",
                    "seq",
                    "role_cell",
                    "format",
                    "state",
                    "token_estimate",
                    "created_at",
                )
            },
        ),
        ("Content", {"fields": ("content_html",)}),
        ("Raw", {"classes": ("collapse",), "fields": ("content_json", "metadata_json")}),
    )
    readonly_fields = (
        "created_at",
        "session_link",
        "role_cell",
        "state",
        "content_html",
        "content_json",
        "metadata_json",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        # The archiving checkpoint's id and version by annotation: joining the whole
        # checkpoint row would drag its summary along for every message on the page.
        return super().get_queryset(request).with_checkpoint()

    @admin.display(description="session", ordering="session__external_id")
    def session_link(self, obj: Message) -> SafeString | str:
        return self.session_anchor(obj.session, limit=24)

    @admin.display(description="role", ordering="role")
    def role_cell(self, obj: Message) -> SafeString:
        return role_with_pin(obj)

    @admin.display(description="state")
    def state(self, obj: Message) -> SafeString | str:
        if obj.checkpoint_id is None:
            return "active"
        return format_html(
            'compacted by <a href="{}">v{}</a>',
            self.url(Checkpoint, "change", obj.checkpoint_id),
            obj.checkpoint_version,
        )

    @admin.display(description="content")
    def preview(self, obj: Message) -> str:
        return content_preview(obj.content, fmt=obj.format, role=obj.role)

    @admin.display(description="content")
    def content_html(self, obj: Message) -> SafeString:
        return render_content(obj.content, obj.format, obj.role)

    @admin.display(description="content (JSON)")
    def content_json(self, obj: Message) -> SafeString:
        return json_html(obj.content)

    @admin.display(description="metadata")
    def metadata_json(self, obj: Message) -> SafeString:
        return json_html(obj.metadata)
