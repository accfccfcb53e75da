"""Compaction runs: status, timings, tokens, the drift guard's record."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import (
    F,
    QuerySet,
)
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from compaction.admin.base import ReadOnlyAdmin, TokenColumns
from compaction.admin.html import EMPTY, json_html
from compaction.models import ChatSession, Checkpoint, CompactionRun


@admin.register(CompactionRun)
class CompactionRunAdmin(TokenColumns, ReadOnlyAdmin):
    list_display = (
        "short_id",
        "session_link",
        "status",
        "trigger",
        "mode",
        "duration",
        "turn_wait",
        "tokens",
        "reduction",
        "llm_tokens",
        "attempts",
        "guard_fired",
        "checkpoint_link",
        "error_short",
        "created_at",
    )
    list_display_links = ("short_id",)
    list_select_related = ("session",)
    list_filter = ("status", "trigger", "mode", "guard_fired", "created_at")
    date_hierarchy = "created_at"
    search_fields = ("=id", "=session__id", "session__external_id")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "id",
                    "session_link",
                    "checkpoint_link",
                    "status",
                    "trigger",
                    "mode",
                    "force",
                    "reason",
                    "base_version",
                )
            },
        ),
        (
            "Timing",
            {
                "fields": (
                    "created_at",
                    "started_at",
                    "finished_at",
                    "duration",
                    "summarize_ms",
                    "turn_wait",
                    "lease_expires_at",
                )
            },
        ),
        (
            "Size",
            {
                "fields": (
                    "tokens_before",
                    "tokens_after",
                    "reduction",
                    "first_seq",
                    "cut_seq",
                    "messages_compacted",
                    "messages_kept",
                    "compacted_tokens",
                )
            },
        ),
        (
            "Summarizer",
            {
                "fields": (
                    "summarizer",
                    "model",
                    "llm_calls",
                    "llm_tokens",
                    "request_id",
                    "attempts",
                    "memory_flushed",
                )
            },
        ),
        ("Errors and guard", {"fields": ("error", "fallback_mode", "guard_fired", "guard_json")}),
    )
    readonly_fields = (
        "id",
        "created_at",
        "short_id",
        "session_link",
        "checkpoint_link",
        "duration",
        "turn_wait",
        "reduction",
        "llm_tokens",
        "error_short",
        "guard_json",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        # Reverse one-to-one by annotation (a LEFT JOIN on a unique column), not per row.
        return (
            super()
            .get_queryset(request)
            .annotate(
                checkpoint_pk=F("checkpoint__pk"), checkpoint_version=F("checkpoint__version")
            )
        )

    @admin.display(description="run", ordering="id")
    def short_id(self, obj: CompactionRun) -> SafeString:
        return format_html('<span title="{}">{}…</span>', obj.pk, str(obj.pk)[:8])

    @admin.display(description="session", ordering="session")
    def session_link(self, obj: CompactionRun) -> SafeString | str:
        return self.link(ChatSession, obj.session_id, obj.session)

    @admin.display(description="checkpoint")
    def checkpoint_link(self, obj: CompactionRun) -> SafeString | str:
        pk = getattr(obj, "checkpoint_pk", None)
        return self.link(Checkpoint, pk, f"v{getattr(obj, 'checkpoint_version', '?')}")

    @admin.display(description="turns waited", ordering="turn_wait_ms")
    def turn_wait(self, obj: CompactionRun) -> str:
        # Zero is the point of compacting beside the conversation: say it plainly.
        if not obj.turns_waited:
            return "none"
        turns = "turn" if obj.turns_waited == 1 else "turns"
        return f"{obj.turns_waited} {turns}, {obj.turn_wait_ms / 1000:.1f} s"

    @admin.display(description="duration")
    def duration(self, obj: CompactionRun) -> str:
        ms = obj.duration_ms
        if ms is None:
            return EMPTY
        return f"{ms} ms" if ms < 1000 else f"{ms / 1000:.1f} s"

    @admin.display(description="LLM tokens in / out", ordering="llm_input_tokens")
    def llm_tokens(self, obj: CompactionRun) -> str:
        return f"{obj.llm_input_tokens:,} / {obj.llm_output_tokens:,}"

    @admin.display(description="error")
    def error_short(self, obj: CompactionRun) -> str:
        return obj.error if len(obj.error) <= 80 else obj.error[:79] + "…"

    @admin.display(description="guard")
    def guard_json(self, obj: CompactionRun) -> SafeString:
        return json_html(obj.guard)
