"""Checkpoints: the summary by section, what it carries, its originals."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import quote
from django.db.models import (
    QuerySet,
)
from django.db.models.functions import Length
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from compaction.admin.artifacts import ledger_panel
from compaction.admin.base import ReadOnlyAdmin, TokenColumns
from compaction.admin.html import (
    EMPTY,
    checkpoint_label,
    flag,
    join_html,
    json_html,
    links_html,
    number,
    session_label,
    with_badges,
)
from compaction.admin.rendering import markdown_html, render_content
from compaction.admin.views import can_view
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message


@admin.register(Checkpoint)
class CheckpointAdmin(TokenColumns, ReadOnlyAdmin):
    # Few, narrow columns so the list fits beside the admin's two sidebars: the run and
    # the summarizer are on the checkpoint's page (the summarizer is a filter too), the
    # exact time is a hover away.
    list_display = (
        "version_link",
        "session_cell",
        "kind_cell",
        "size",
        "archived",
        "tokens_cut",
        "created",
    )
    list_display_links = ("version_link",)
    list_select_related = ("session",)
    list_filter = ("kind", "fallback", "summarizer")
    search_fields = ("=session__id", "session__external_id")
    ordering = ("-id",)
    # The summary comes first, rendered, above every fieldset (checkpoint/change_form.html);
    # the raw JSON last, closed.
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "session_field",
                    "chain",
                    "kind_cell",
                    "run_link",
                    "created_at",
                    "related_pages",
                )
            },
        ),
        ("Declared changes", {"fields": ("changes_html",)}),
        ("Carried verbatim", {"fields": ("carried_html", "preserved_html")}),
        (
            "Size",
            {
                "fields": (
                    "size",
                    "summary_tokens",
                    "messages_compacted",
                    "last_seq",
                    "tokens_before",
                    "tokens_after",
                    "reduction",
                )
            },
        ),
        ("Summarizer", {"fields": ("summarizer", "model")}),
        # Closed (a <details>): what an operator rarely needs, never above what they do.
        ("Raw data", {"classes": ("collapse",), "fields": ("summary_raw", "validation_json")}),
    )
    readonly_fields = (
        "created_at",
        "session_field",
        "chain",
        "kind_cell",
        "run_link",
        "related_pages",
        "size",
        "reduction",
        "validation_json",
        "changes_html",
        "carried_html",
        "preserved_html",
        "summary_raw",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        qs = super().get_queryset(request).annotate(size_chars=Length("summary"))
        if self.is_changelist(request):
            # The list never shows these (possibly large) texts: leave them in the database.
            qs = qs.defer(
                "summary",
                "carried",
                "preserved",
                "validation",
                "artifacts",
                "artifacts_text",
                "changes",
                "judgements",
                "audit",
                "native_block",
            )
        return qs

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Checkpoint | None = None,
    ) -> Any:
        if obj is not None:
            # Named by the session and the version ("chat-42 · v3"), not the session's UUID.
            label = checkpoint_label(obj.session, obj.version)
            context["subtitle"] = label
            context.update(
                self.crumbs_context(
                    ("Checkpoints", self.url(Checkpoint, "changelist")),
                    (
                        session_label(obj.session),
                        self.url(Checkpoint, "changelist", session=obj.session_id),
                    ),
                    (f"v{obj.version}", None),
                )
            )
            context["summary_panel"] = {
                "html": markdown_html(obj.summary),
                "chars": len(obj.summary),
                "tokens": obj.summary_tokens,
                "kind": self.kind_cell(obj),
                "fallback": obj.fallback,
                "native": obj.kind == Checkpoint.Kind.NATIVE,
            }
            # The Files & artifacts panel (includes/artifacts.html), after the fieldsets.
            context["artifacts"] = ledger_panel(
                self.admin_site,
                session_id=obj.session_id,
                artifacts=obj.artifacts,
                section=obj.artifacts_text,
                can_view_messages=can_view(self, request, Message),
            )
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.display(description="version", ordering="version")
    def version_link(self, obj: Checkpoint) -> str:
        return f"v{obj.version}"

    @admin.display(description="session", ordering="session__external_id")
    def session_cell(self, obj: Checkpoint) -> SafeString | str:
        return self.session_anchor(obj.session, limit=24)

    @admin.display(description="session")
    def session_field(self, obj: Checkpoint) -> SafeString | str:
        return self.session_anchor(obj.session, limit=120)

    @admin.display(description="kind", ordering="kind")
    def kind_cell(self, obj: Checkpoint) -> SafeString:
        return with_badges(
            obj.get_kind_display(),
            flag(
                obj.fallback,
                "fallback",
                title="the summarizer failed: the previous summary plus a note",
                css="cmp-badge-warn",
            ),
        )

    @admin.display(description="chars", ordering="size_chars")
    def size(self, obj: Checkpoint) -> str:
        return number(getattr(obj, "size_chars", None))

    @admin.display(description="archived", ordering="messages_compacted")
    def archived(self, obj: Checkpoint) -> str:
        return f"{obj.messages_compacted:,} msgs"

    @admin.display(description="run")
    def run_link(self, obj: Checkpoint) -> SafeString | str:
        return self.link(CompactionRun, obj.run_id, "run") if obj.run_id else EMPTY

    @admin.display(description="chain")
    def chain(self, obj: Checkpoint) -> SafeString:
        following = Checkpoint.objects.filter(previous_id=obj.pk).values_list("pk", "version")
        nxt = following.first()
        return format_html(
            "{} · <strong>v{}</strong> · {}",
            self.link(Checkpoint, obj.previous_id, f"← v{obj.version - 1}")
            if obj.previous_id
            else "(first version)",
            obj.version,
            self.link(Checkpoint, nxt[0], f"v{nxt[1]} →") if nxt else "(latest version)",
        )

    @admin.display(description="pages")
    def related_pages(self, obj: Checkpoint) -> SafeString:
        pk = quote(obj.session_id)
        links = [
            (
                f"archived originals ({obj.messages_compacted})",
                self.url(ChatSession, "originals", pk, obj.version),
            ),
            ("drift timeline", self.url(ChatSession, "timeline", pk)),
        ]
        if obj.version > 1:
            links.append(
                (
                    f"diff v{obj.version - 1} → v{obj.version}",
                    self.url(ChatSession, "diff", pk, old=obj.version - 1, new=obj.version),
                )
            )
        return links_html(links)

    @admin.display(description="validation")
    def validation_json(self, obj: Checkpoint) -> SafeString:
        return json_html(obj.validation)

    @admin.display(description="declared changes")
    def changes_html(self, obj: Checkpoint) -> SafeString:
        """The items of the previous version this one removed, and how each went (its
        Changes section: stored beside the summary, never sent to the model)."""
        changes = [item for item in obj.changes or () if isinstance(item, dict)]
        if not changes:
            note = (
                "None: every item of the previous version is still here, or dropped silently "
                "(the drift audit counts those)."
                if obj.previous_id
                else "None: the first version."
            )
            return format_html('<span class="cmp-muted">{}</span>', note)
        rows = [
            format_html(
                "<li><code>{}</code> {}{}</li>",
                item.get("item", "?"),
                item.get("kind", "?"),
                format_html(" into <code>{}</code>", item["target"])
                if item.get("target")
                else format_html(": {}", item["reason"])
                if item.get("reason")
                else "",
            )
            for item in changes
        ]
        return format_html(
            '<ul class="cmp-facts" id="cmp-changes">{}</ul>'
            '<p class="cmp-muted">Item ids given so far: up to c{}.</p>',
            join_html(rows),
            obj.item_id_max,
        )

    @admin.display(description="carried messages")
    def carried_html(self, obj: Checkpoint) -> SafeString:
        if not obj.carried:
            return mark_safe(EMPTY)
        parts = [
            format_html(
                '<div class="cmp-carried"><div class="cmp-label">#{} {}{}</div>{}</div>',
                item.get("seq", "?"),
                item.get("role", "?"),
                " (protected first message)" if item.get("protected") else " (pinned)",
                render_content(
                    item.get("content"), item.get("format", "anthropic"), item.get("role", "user")
                ),
            )
            for item in obj.carried
        ]
        return join_html(parts)

    @admin.display(description="preserved text")
    def preserved_html(self, obj: Checkpoint) -> SafeString:
        """The exact errors, decisions and commits the checkpoint carries (PRESERVE), newest
        first, as the payload sends them after the summary."""
        items = [item for item in obj.preserved or () if isinstance(item, dict)]
        if not items:
            return mark_safe(EMPTY)
        parts = [
            format_html(
                '<div class="cmp-block cmp-preserved-{}{}"><div class="cmp-label">{} · '
                'message #{}</div><pre class="cmp-body">{}</pre></div>',
                item.get("kind", "?"),
                " cmp-error" if item.get("kind") == "error" else "",
                item.get("kind", "?"),
                item.get("seq", "?"),
                item.get("text", ""),
            )
            for item in items
        ]
        return format_html('<div class="cmp-content">{}</div>', join_html(parts))

    @admin.display(description="summary (raw text)")
    def summary_raw(self, obj: Checkpoint) -> SafeString:
        return format_html('<pre class="cmp-body">{}</pre>', obj.summary)
