"""Read-only admin for operators: sessions, their messages, checkpoints and runs.

Every change to these models goes through the services, so the admin never edits rows.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from compaction.models import ChatSession, Checkpoint, CompactionRun, Message


class ReadOnlyAdmin(admin.ModelAdmin):
    list_per_page = 50

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatSession)
class ChatSessionAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "owner",
        "agent_id",
        "external_id",
        "message_count",
        "active_message_count",
        "estimated_tokens",
        "checkpoint_version",
        "compaction_count",
        "updated_at",
    )
    list_select_related = ("owner",)
    list_filter = ("agent_id",)
    search_fields = ("id", "external_id", "agent_id", "owner__username")
    date_hierarchy = "created_at"


@admin.register(Message)
class MessageAdmin(ReadOnlyAdmin):
    list_display = ("session", "seq", "role", "token_estimate", "pinned", "compacted_by")
    list_select_related = ("session", "compacted_by")
    list_filter = ("role", "pinned")
    search_fields = ("session__id", "session__external_id")
    ordering = ("session", "seq")
    show_full_result_count = False


@admin.register(Checkpoint)
class CheckpointAdmin(ReadOnlyAdmin):
    list_display = (
        "session",
        "version",
        "kind",
        "fallback",
        "messages_compacted",
        "tokens_before",
        "tokens_after",
        "summarizer",
        "model",
        "created_at",
    )
    list_select_related = ("session",)
    list_filter = ("kind", "fallback", "summarizer")
    search_fields = ("session__id", "session__external_id")


@admin.register(CompactionRun)
class CompactionRunAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "session",
        "status",
        "trigger",
        "tokens_before",
        "tokens_after",
        "messages_compacted",
        "attempts",
        "created_at",
    )
    list_select_related = ("session",)
    list_filter = ("status", "trigger", "created_at")
    search_fields = ("id", "session__id", "session__external_id")
