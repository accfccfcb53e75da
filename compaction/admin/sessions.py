"""Chat sessions: counters against the threshold, recent messages, pages and repair actions."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import quote
from django.core.exceptions import PermissionDenied
from django.db import connections, transaction
from django.db.models import (
    OuterRef,
    QuerySet,
    Subquery,
)
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe

from compaction import selectors, services
from compaction.admin import views as admin_views
from compaction.admin.base import ReadOnlyAdmin, ReadOnlyPermissions, is_uuid
from compaction.admin.cost import session_bill_html
from compaction.admin.filters import (
    HasCheckpointFilter,
    OverThresholdFilter,
)
from compaction.admin.html import (
    EMPTY,
    json_html,
    links_html,
    number,
    session_label,
    session_title,
    truncated,
)
from compaction.admin.messages import role_with_pin
from compaction.admin.rendering import content_preview, render_content
from compaction.conf import app_settings
from compaction.exceptions import CompactionError
from compaction.models import ChatSession, Checkpoint, CompactionRun, MemoryFlush, Message
from compaction.routers import audit_view

#: Newest messages shown inline on a session's page; the rest are one link away.
RECENT_MESSAGES = 20
#: Sessions one synchronous action may process: each can be an LLM call of many seconds.
MAX_SYNC_SESSIONS = 10
RECENT_FLUSHES = 20
#: Actions that may call the summarizer in the request: never inside the request's
#: transaction (``ATOMIC_REQUESTS``), which would hold the session's row lock across the
#: LLM call and keep every write of the compaction from other requests until it ends.
LLM_ACTIONS = frozenset({"compact_now", "regenerate"})


def _outside_request_transactions(view: Any) -> Any:
    """``view`` exempt from ``ATOMIC_REQUESTS`` on every database (it opens its own)."""
    for alias in connections:
        view = transaction.non_atomic_requests(using=alias)(view)
    return view


class RecentMessagesFormSet(BaseInlineFormSet):
    """Only the newest RECENT_MESSAGES of the session, oldest first, in one query.

    An inline formset would otherwise load every message of the session (100k rows).
    """

    def get_queryset(self) -> Any:
        if not hasattr(self, "_recent"):
            newest = list(self.queryset.order_by("-seq")[:RECENT_MESSAGES])
            self._recent = newest[::-1]
        return self._recent


class RecentMessageInline(ReadOnlyPermissions, admin.TabularInline):
    model = Message
    fk_name = "session"
    formset = RecentMessagesFormSet
    template = "admin/compaction/chatsession/recent_messages_inline.html"
    verbose_name = "message"
    verbose_name_plural = f"Recent messages (the newest {RECENT_MESSAGES})"
    fields = ("seq", "role_cell", "state", "token_estimate", "preview")
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).with_checkpoint()

    @admin.display(description="role")
    def role_cell(self, obj: Message) -> SafeString:
        return role_with_pin(obj)

    @admin.display(description="state")
    def state(self, obj: Message) -> SafeString | str:
        if obj.checkpoint_id is None:
            return "active"
        opts = Checkpoint._meta
        url = reverse(
            f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_change",
            args=[obj.checkpoint_id],
        )
        return format_html('compacted by <a href="{}">v{}</a>', url, obj.checkpoint_version)

    @admin.display(description="content")
    def preview(self, obj: Message) -> str:
        return content_preview(obj.content, 160, obj.format, obj.role)


class RecentFlushesFormSet(BaseInlineFormSet):
    """The newest RECENT_FLUSHES flushes only (a session may have had thousands of cycles)."""

    def get_queryset(self) -> Any:
        if not hasattr(self, "_recent"):
            self._recent = list(self.queryset.order_by("-cycle")[:RECENT_FLUSHES])
        return self._recent


class MemoryFlushInline(ReadOnlyPermissions, admin.TabularInline):
    """The session's memory flushes, one per cycle: what the agent did before compactions."""

    model = MemoryFlush
    formset = RecentFlushesFormSet
    template = "admin/compaction/chatsession/memory_flushes_inline.html"
    fk_name = "session"
    verbose_name = "memory flush"
    verbose_name_plural = f"Memory flushes (one per cycle; the newest {RECENT_FLUSHES})"
    fields = ("cycle", "source", "outcome", "input_tokens", "output_tokens", "reply", "created_at")
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False

    @admin.display(description="reply (when it spoke)")
    def reply(self, obj: MemoryFlush) -> str:
        text = obj.response_text
        return text if len(text) <= 300 else f"{text[:300]}…"


@admin.register(ChatSession)
class ChatSessionAdmin(ReadOnlyAdmin):
    list_display = (
        "name",
        "owner",
        "agent",
        "message_total",
        "tokens_vs_threshold",
        "cache_read",
        "checkpoint",
        "compactions",
        "live_run",
        "updated_at",
    )
    list_display_links = ("name",)
    list_select_related = ("owner",)
    list_filter = ("agent_id", HasCheckpointFilter, OverThresholdFilter)
    search_fields = ("id", "external_id", "agent_id", "owner__username")
    date_hierarchy = "created_at"
    actions = ("compact_now", "estimate", "regenerate")
    inlines = (MemoryFlushInline, RecentMessageInline)
    fieldsets = (
        (None, {"fields": ("id", "external_id", "owner", "agent_id", "created_at", "updated_at")}),
        (
            "Context",
            {
                "fields": (
                    "tokens_vs_threshold",
                    "estimated_tokens",
                    "calibration_ratio",
                    "message_count",
                    "active_message_count",
                    "total_input_tokens",
                    "total_output_tokens",
                    "total_cache_creation_tokens",
                    "total_cache_read_tokens",
                    "cache_read",
                )
            },
        ),
        (
            "Compaction",
            {
                "fields": (
                    "related_pages",
                    "checkpoint",
                    "compaction_count",
                    "live_run",
                    "lease_expires_at",
                    "memory_flush_version",
                )
            },
        ),
        # The bill: what the host's model calls, the summarizer and the flush turns cost.
        ("Cost", {"fields": ("bill_table",)}),
        ("Configuration", {"fields": ("system_prompt_text", "config_json", "window_warnings")}),
    )
    readonly_fields = (
        "id",
        "created_at",
        "short_id",
        "tokens_vs_threshold",
        "checkpoint",
        "live_run",
        "related_pages",
        "system_prompt_text",
        "config_json",
        "window_warnings",
        "cache_read",
        "bill_table",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        live = CompactionRun.objects.filter(
            session=OuterRef("pk"), status__in=CompactionRun.LIVE_STATUSES
        ).order_by("-created_at")
        return (
            super()
            .get_queryset(request)
            .annotate(
                live_run_pk=Subquery(live.values("pk")[:1]),
                live_run_status=Subquery(live.values("status")[:1]),
            )
        )

    # -- columns

    @admin.display(description="session", ordering="id")
    def short_id(self, obj: ChatSession) -> SafeString:
        return format_html('<span title="{}">{}…</span>', obj.pk, str(obj.pk)[:8])

    @admin.display(description="session", ordering="external_id")
    def name(self, obj: ChatSession) -> SafeString:
        # The host's id reads better; the UUID stays one hover away.
        return truncated(session_label(obj), 32, title=session_title(obj))

    @admin.display(description="agent", ordering="agent_id")
    def agent(self, obj: ChatSession) -> str:
        return obj.agent_id or EMPTY

    @admin.display(description="messages", ordering="message_count")
    def message_total(self, obj: ChatSession) -> str:
        return f"{obj.message_count:,}"

    @admin.display(description="compactions", ordering="compaction_count")
    def compactions(self, obj: ChatSession) -> int:
        return obj.compaction_count

    @admin.display(description="tokens / threshold", ordering="estimated_tokens")
    def tokens_vs_threshold(self, obj: ChatSession) -> SafeString:
        # Calibrated tokens against the trigger's own rule (pure Python: no query).
        tokens, threshold = obj.calibrated_tokens, selectors.session_threshold(session=obj)
        share = tokens / threshold * 100 if threshold else 0
        return format_html(
            '<span class="{}" title="estimated {} x calibration {}">{} / {} ({}%)</span>',
            "cmp-over" if selectors.session_should_compact(session=obj) else "",
            f"{obj.estimated_tokens:,}",
            f"{obj.calibration_ratio:.2f}",
            f"{tokens:,}",
            f"{threshold:,}",
            f"{share:.0f}",
        )

    @admin.display(description="cache read")
    def cache_read(self, obj: ChatSession) -> SafeString | str:
        """How much of the reported input came from the prompt cache (usage reports)."""
        share = obj.cache_read_share
        if share is None:
            return EMPTY
        return format_html(
            '<span title="{} of {} reported input tokens read from the prompt cache">{}%</span>',
            f"{obj.total_cache_read_tokens:,}",
            f"{obj.total_prompt_tokens:,}",
            f"{share * 100:.0f}",
        )

    @admin.display(description="bill")
    def bill_table(self, obj: ChatSession) -> SafeString:
        """The session's bill by part (two queries, on its page only)."""
        return session_bill_html(selectors.session_bill(session=obj))

    @admin.display(description="checkpoint", ordering="checkpoint_version")
    def checkpoint(self, obj: ChatSession) -> SafeString | str:
        if not obj.checkpoint_version:
            return EMPTY
        url = self.url(Checkpoint, "changelist", session=obj.pk)
        return format_html('<a href="{}">v{}</a>', url, obj.checkpoint_version)

    @admin.display(description="live run")
    def live_run(self, obj: ChatSession) -> SafeString | str:
        pk = getattr(obj, "live_run_pk", None)
        return self.link(CompactionRun, pk, getattr(obj, "live_run_status", "")) if pk else EMPTY

    @admin.display(description="pages")
    def related_pages(self, obj: ChatSession) -> SafeString:
        pk = quote(obj.pk)
        links = [
            ("drift timeline", self.url(ChatSession, "timeline", pk)),
            ("diff versions", self.url(ChatSession, "diff", pk)),
            (
                f"checkpoints ({obj.checkpoint_version})",
                self.url(Checkpoint, "changelist", session=obj.pk),
            ),
            ("runs", self.url(CompactionRun, "changelist", session=obj.pk)),
            (
                f"all {obj.message_count:,} messages",
                self.url(Message, "changelist", session=obj.pk),
            ),
        ]
        return links_html(links)

    @admin.display(description="system prompt")
    def system_prompt_text(self, obj: ChatSession) -> SafeString:
        return render_content(obj.system_prompt) if obj.system_prompt else mark_safe(EMPTY)

    @admin.display(description="config overrides")
    def config_json(self, obj: ChatSession) -> SafeString:
        return json_html(obj.config)

    @admin.display(description="window warnings")
    def window_warnings(self, obj: ChatSession) -> SafeString:
        problems = selectors.session_window_problems(session=obj)
        if not problems:
            return mark_safe(EMPTY)
        return format_html_join("", "<p>{} ({})</p>", ((p.message, p.id) for p in problems))

    # -- pages

    def get_urls(self) -> list[URLPattern]:
        prefix = f"{self.opts.app_label}_{self.opts.model_name}"
        wrap = self.admin_site.admin_view
        # Before the defaults: "<path:object_id>/" would otherwise swallow these.
        return [
            path("<path:object_id>/diff/", wrap(self.diff_view), name=f"{prefix}_diff"),
            path(
                "<path:object_id>/diff/judge/",
                wrap(self.judge_view),
                name=f"{prefix}_judge",
            ),
            path(
                "<path:object_id>/timeline/",
                wrap(self.timeline_view),
                name=f"{prefix}_timeline",
            ),
            path(
                "<path:object_id>/checkpoints/<compaction_version:version>/originals/",
                wrap(self.originals_view),
                name=f"{prefix}_originals",
            ),
            *super().get_urls(),
        ]

    @audit_view
    def diff_view(self, request: HttpRequest, object_id: str) -> TemplateResponse:
        return admin_views.diff_view(self, request, object_id)

    @_outside_request_transactions
    def judge_view(self, request: HttpRequest, object_id: str) -> HttpResponseBase:
        return admin_views.judge_view(self, request, object_id)

    @audit_view
    def timeline_view(self, request: HttpRequest, object_id: str) -> TemplateResponse:
        return admin_views.timeline_view(self, request, object_id)

    @audit_view
    def originals_view(
        self, request: HttpRequest, object_id: str, version: int
    ) -> TemplateResponse:
        return admin_views.originals_view(self, request, object_id, version)

    @_outside_request_transactions
    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponseBase:
        """The changelist in the request's transaction as the host configured it
        (``ATOMIC_REQUESTS``), except for the actions that call the summarizer: each of
        their service calls commits on its own, and the LLM call runs with none open."""
        # Any bar's choice may be the one run (Django picks by "index"): a read-only action
        # let out of the transaction with it costs nothing. Actions on the change form would
        # run in changeform_view's own transaction: these post to the changelist instead.
        chosen = set(request.POST.getlist("action")) if request.method == "POST" else set()
        with ExitStack() as stack:
            if not chosen & LLM_ACTIONS:
                for alias in connections:
                    if connections[alias].settings_dict.get("ATOMIC_REQUESTS"):
                        stack.enter_context(transaction.atomic(using=alias))
            return super().changelist_view(request, extra_context)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponseBase:
        pk = object_id  # already quoted in the URL
        extra = {
            "timeline_url": self.url(ChatSession, "timeline", pk),
            "diff_url": self.url(ChatSession, "diff", pk),
            "changelist_url": self.url(ChatSession, "changelist"),
            "can_compact": self.has_compact_permission(request),
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return super().change_view(request, object_id, form_url, {**extra, **(extra_context or {})})

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: ChatSession | None = None,
    ) -> Any:
        if obj is not None:
            # Its name, not its UUID, in the title and the crumbs.
            context["subtitle"] = session_label(obj)
            context.update(
                self.crumbs_context(
                    ("Chat sessions", self.url(ChatSession, "changelist")),
                    (session_label(obj), None),
                )
            )
        return super().render_change_form(request, context, add, change, form_url, obj)

    # -- actions (through the services only)

    def has_compact_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Compacting and regenerating write checkpoints: a permission of their own."""
        return request.user.has_perm(f"{self.opts.app_label}.compact_chatsession")

    def _redirect_back(self, request: HttpRequest) -> HttpResponseRedirect | None:
        """Back to the page the action was started from (a session's page), if it is ours."""
        target = request.POST.get("next", "")
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return HttpResponseRedirect(target)
        return None

    def _limit(self, request: HttpRequest, queryset: QuerySet) -> list[ChatSession]:
        sessions = list(queryset[: MAX_SYNC_SESSIONS + 1])
        if len(sessions) > MAX_SYNC_SESSIONS:
            self.message_user(
                request,
                f"Only the first {MAX_SYNC_SESSIONS} selected sessions were processed: this "
                "action runs in the request. Select fewer sessions at a time.",
                messages.WARNING,
            )
        return sessions[:MAX_SYNC_SESSIONS]

    def _report(self, request: HttpRequest, session: ChatSession, run: CompactionRun) -> None:
        version = Checkpoint.objects.filter(run=run).values_list("version", flat=True).first()
        tokens = f"{number(run.tokens_before)} → {number(run.tokens_after)} estimated tokens"
        status = CompactionRun.Status
        if run.status == status.SUCCEEDED:
            what = "regenerated from the originals" if run.mode == "regenerate" else "compacted"
            text = f"{session}: {what} into checkpoint v{version}: {tokens}"
            if run.mode != "regenerate":
                text += f", {run.messages_compacted} message(s) archived"
            self.message_user(request, text + ".", messages.SUCCESS)
        elif run.status == status.FELL_BACK:
            self.message_user(
                request,
                f"{session}: the summarizer failed, checkpoint v{version} keeps the previous "
                f"summary plus a note ({run.error}).",
                messages.WARNING,
            )
        elif run.status == status.PENDING:
            self.message_user(
                request, f"{session}: compaction queued (run {run.pk}).", messages.INFO
            )
        elif run.status == status.SKIPPED:
            self.message_user(request, f"{session}: nothing done: {run.reason}.", messages.WARNING)
        else:
            self.message_user(
                request,
                f"{session}: run {run.status}: {run.error or run.reason}.",
                messages.ERROR,
            )

    def response_action(
        self, request: HttpRequest, queryset: QuerySet, **kwargs: Any
    ) -> HttpResponseBase | None:
        """Refuse a hand-made selection that holds no session id before Django casts it.

        The admin filters ``pk__in=<selected>`` and a value that is no UUID raises there
        (a 500); here it is an error message on the changelist instead.
        """
        selected = request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)
        if any(not is_uuid(value) for value in selected):
            self.message_user(request, "The selection names no session.", messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())
        # kwargs: Django 6.1 passes action_location (actions on the change form too).
        return super().response_action(request, queryset, **kwargs)

    @admin.action(description="Compact now (forced)", permissions=["compact"])
    def compact_now(self, request: HttpRequest, queryset: QuerySet) -> HttpResponseRedirect | None:
        if not self.has_compact_permission(request):  # the action list filters too; be sure
            raise PermissionDenied
        # Whether workers exist is a deployment fact, so the global setting decides.
        queue = app_settings.AUTO_COMPACT == "async"
        sessions = list(queryset) if queue else self._limit(request, queryset)
        for session in sessions:
            try:
                if queue:
                    run = services.compaction_run_enqueue(
                        session_id=session.pk, trigger="admin", force=True
                    )
                else:
                    run = services.compaction_run_execute(
                        session_id=session.pk, trigger="admin", force=True
                    )
            except CompactionError as exc:
                self.message_user(request, f"{session}: {exc.message}", messages.WARNING)
                continue
            self._report(request, session, run)
        return self._redirect_back(request)

    @admin.action(description="Dry-run estimate (writes nothing)", permissions=["view"])
    def estimate(self, request: HttpRequest, queryset: QuerySet) -> HttpResponseRedirect | None:
        for session in self._limit(request, queryset):
            try:
                result = selectors.compaction_estimate(session=session)
            except CompactionError as exc:
                self.message_user(request, f"{session}: {exc.message}", messages.WARNING)
                continue
            trigger = "over" if result.should_compact else "within"
            if result.would_compact:
                text = (
                    f"{session}: would compact {result.messages_to_compact} message(s) up to "
                    f"#{result.cut_seq}, keeping {result.messages_kept}: "
                    f"{result.tokens_before:,} → {result.tokens_after:,} estimated tokens "
                    f"({trigger} its threshold). Reason: {result.reason}."
                )
            else:
                text = (
                    f"{session}: would not compact ({result.tokens_before:,} estimated tokens, "
                    f"{trigger} its threshold). Reason: {result.reason}."
                )
            self.message_user(request, text, messages.INFO)
        return self._redirect_back(request)

    @admin.action(description="Regenerate summary from the originals", permissions=["compact"])
    def regenerate(self, request: HttpRequest, queryset: QuerySet) -> HttpResponseRedirect | None:
        if not self.has_compact_permission(request):
            raise PermissionDenied
        for session in self._limit(request, queryset):
            try:
                run = services.compaction_run_regenerate(session_id=session.pk, trigger="admin")
            except CompactionError as exc:
                self.message_user(request, f"{session}: {exc.message}", messages.WARNING)
                continue
            self._report(request, session, run)
        return self._redirect_back(request)
