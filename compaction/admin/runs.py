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

from compaction import selectors
from compaction.admin.base import ReadOnlyAdmin, TokenColumns
from compaction.admin.cost import dollars_html, tokens_text
from compaction.admin.html import EMPTY, flag, json_html, truncated, with_badges
from compaction.models import Checkpoint, CompactionRun
from compaction.selectors.cost import FINISHED


@admin.register(CompactionRun)
class CompactionRunAdmin(TokenColumns, ReadOnlyAdmin):
    # Few, narrow columns so the list fits beside the admin's two sidebars at 1280 px;
    # turns waited, LLM tokens, cost and attempts are on the run's page. A run is found by when
    # it ran: its time is the row's link (its UUID is on its page, and searchable).
    list_display = (
        "created",
        "session_link",
        "status_cell",
        "trigger_cell",
        "tokens_cut",
        "checkpoint_cell",
    )
    list_display_links = ("created",)
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
                    "status_field",
                    "trigger",
                    "mode",
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
                    "llm_cache",
                    "request_id",
                    "attempts",
                )
            },
        ),
        ("Cost", {"fields": ("billed_input", "cost_field", "tokens_removed")}),
        ("Errors", {"fields": ("error", "fallback_mode")}),
        # Closed (a <details>): the drift guard's raw record.
        ("Raw data", {"classes": ("collapse",), "fields": ("guard_json",)}),
    )
    readonly_fields = (
        "id",
        "created_at",
        "short_id",
        "session_link",
        "status_field",
        "checkpoint_link",
        "duration",
        "turn_wait",
        "reduction",
        "llm_tokens",
        "llm_cache",
        "billed_input",
        "cost_field",
        "tokens_removed",
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

    @admin.display(description="session", ordering="session__external_id")
    def session_link(self, obj: CompactionRun) -> SafeString | str:
        return self.session_anchor(obj.session, limit=24)

    @admin.display(description="status")
    def status_field(self, obj: CompactionRun) -> SafeString:
        # The run's flags only when set: most runs are not guarded, many not forced.
        return with_badges(
            obj.status,
            flag(obj.force, "forced", title="run whatever the threshold said"),
            flag(
                obj.guard_fired,
                "guard fired",
                title="the drift guard sent the summary back (its record is under Raw data)",
                css="cmp-badge-warn",
            ),
            flag(obj.memory_flushed, "memory flushed", title="a memory flush ran before it"),
        )

    @admin.display(description="status", ordering="status")
    def status_cell(self, obj: CompactionRun) -> SafeString:
        """The status with its flags and how long it took; an error under it, cut (whole
        on hover)."""
        took = self.duration(obj)
        return format_html(
            "{}{}{}",
            self.status_field(obj),
            format_html(' <span class="cmp-meta cmp-nowrap">{}</span>', took)
            if took != EMPTY
            else "",
            format_html('<div class="cmp-meta">{}</div>', truncated(obj.error, 40))
            if obj.error
            else "",
        )

    @admin.display(description="trigger", ordering="trigger")
    def trigger_cell(self, obj: CompactionRun) -> SafeString:
        # The mode only when it is not the usual compaction (a regeneration, a server one).
        unusual = obj.mode != CompactionRun.Mode.COMPACT
        short = {CompactionRun.Mode.NATIVE: "server"}.get(obj.mode, obj.mode)
        return with_badges(obj.trigger, flag(unusual, short, title=obj.get_mode_display()))

    @admin.display(description="wrote")
    def checkpoint_cell(self, obj: CompactionRun) -> SafeString | str:
        """The checkpoint version the run wrote, if any."""
        pk = getattr(obj, "checkpoint_pk", None)
        return self.link(Checkpoint, pk, f"v{obj.checkpoint_version}") if pk else ""

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

    @admin.display(description="LLM cache reads / writes (1 h)")
    def llm_cache(self, obj: CompactionRun) -> str:
        return (
            f"{obj.llm_cache_read_tokens:,} / {obj.llm_cache_write_tokens:,} "
            f"({obj.llm_cache_write_1h_tokens:,})"
        )

    @admin.display(description="billed input tokens")
    def billed_input(self, obj: CompactionRun) -> str:
        return tokens_text(selectors.run_bill(obj).billed_input_tokens)

    @admin.display(description="summarizer cost")
    def cost_field(self, obj: CompactionRun) -> SafeString:
        return dollars_html(selectors.run_bill(obj))

    @admin.display(description="context tokens removed")
    def tokens_removed(self, obj: CompactionRun) -> str:
        if obj.status not in FINISHED or obj.tokens_before is None or obj.tokens_after is None:
            return EMPTY
        return f"{obj.tokens_before - obj.tokens_after:,}"

    @admin.display(description="error")
    def error_short(self, obj: CompactionRun) -> SafeString | str:
        return truncated(obj.error, 32) if obj.error else ""

    @admin.display(description="guard")
    def guard_json(self, obj: CompactionRun) -> SafeString:
        return json_html(obj.guard)
