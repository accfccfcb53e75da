"""The operators' admin: sessions, their messages, checkpoints and runs, read-only.

Rows are never added, edited or deleted here: every write goes through
``compaction.services`` (the admin actions call them), so the invariants the services
keep under row locks cannot be bypassed from a form.

Permissions:
* viewing anything needs the model's view permission (the custom session views check
  it explicitly, plus the view permission on checkpoints / messages they show);
* the "compact now" and "regenerate" actions write checkpoints, so they need the
  *change* permission on chat sessions (``has_compact_permission``), although the
  change form itself stays read-only; the dry-run estimate writes nothing and only
  needs the view permission.

Changelists run a fixed number of queries whatever the page size: related rows come
from ``list_select_related`` or annotations, never from per-row lookups.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import quote
from django.core.exceptions import PermissionDenied
from django.db.models import (
    Case,
    DecimalField,
    ExpressionWrapper,
    F,
    FloatField,
    Model,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce, Length
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponseBase, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, register_converter, reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.safestring import SafeString, mark_safe

from compaction import admin_views, selectors, services
from compaction.conf import app_settings
from compaction.engine.validation import split_sections
from compaction.exceptions import CompactionError
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message
from compaction.templatetags.compaction_admin import content_preview, render_content

#: Newest messages shown inline on a session's page; the rest are one link away.
RECENT_MESSAGES = 20
#: Sessions one synchronous action may process: each can be an LLM call of many seconds.
MAX_SYNC_SESSIONS = 10
EMPTY = "—"
#: Thresholds compare as unbounded numerics in SQL (see threshold_expression).
NUMERIC = DecimalField(max_digits=1000, decimal_places=0)


class _VersionConverter:
    """Checkpoint versions in URLs: ASCII digits that fit the column (no 500 on 10**30)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(_VersionConverter, "compaction_version")


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except (TypeError, ValueError, AttributeError):
        return False
    return True


def _pct(before: int | None, after: int | None) -> str:
    if not before or after is None:
        return EMPTY
    return f"{(before - after) / before * 100:.0f}%"


def _num(value: int | None) -> str:
    return EMPTY if value is None else f"{value:,}"


def _json_html(value: Any) -> SafeString:
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)
    return format_html('<pre class="cmp-json">{}</pre>', text)


def _join(parts: list[SafeString], separator: str = "") -> SafeString:
    # Every part comes from format_html (its arguments escaped): the concatenation is safe.
    return mark_safe(separator.join(parts))


def _links(links: list[tuple[str, str]]) -> SafeString:
    return _join([format_html('<a href="{}">{}</a>', url, text) for text, url in links], " · ")


def threshold_expression() -> Any:
    """The per-session compaction threshold as a SQL expression (for the filter).

    Mirrors ``ResolvedSettings.threshold`` over the session's ``config`` overrides:
    COMPACTION_THRESHOLD when set (a JSON null in config means "window minus reserve"),
    else CONTEXT_WINDOW - RESERVE_TOKENS.
    """
    base = app_settings.for_session(None)

    def key(name: str) -> Any:
        # numeric, not bigint: an overflowing value in a stored config must not break the
        # changelist (the service bounds new values; old rows may hold anything numeric).
        return Coalesce(
            Cast(KT(f"config__{name}"), NUMERIC),
            Value(int(getattr(base, name)), output_field=NUMERIC),
        )

    window_minus_reserve = ExpressionWrapper(
        key("CONTEXT_WINDOW") - key("RESERVE_TOKENS"), output_field=NUMERIC
    )
    default = (
        Value(int(base.COMPACTION_THRESHOLD), output_field=NUMERIC)
        if base.COMPACTION_THRESHOLD is not None
        else window_minus_reserve
    )
    return Case(
        When(
            config__has_key="COMPACTION_THRESHOLD",
            then=Coalesce(Cast(KT("config__COMPACTION_THRESHOLD"), NUMERIC), window_minus_reserve),
        ),
        default=default,
        output_field=NUMERIC,
    )


class ReadOnlyAdmin(admin.ModelAdmin):
    """View-only by design: no add, change or delete, whatever the user's permissions."""

    list_per_page = 50

    class Media:
        css = {"all": ("compaction/admin.css",)}

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def url(self, model: type[Model], action: str, *args: Any, **query: Any) -> str:
        opts = model._meta
        url = reverse(
            f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_{action}", args=args
        )
        return url + ("?" + urlencode(query) if query else "")

    def link(self, model: type[Model], pk: Any, text: Any) -> SafeString | str:
        if pk is None:
            return EMPTY
        return format_html('<a href="{}">{}</a>', self.url(model, "change", quote(pk)), text)

    def is_changelist(self, request: HttpRequest) -> bool:
        match = request.resolver_match
        return bool(match and match.url_name and match.url_name.endswith("_changelist"))


# ----------------------------------------------------------------------------- sessions


class HasCheckpointFilter(admin.SimpleListFilter):
    title = "checkpoint"
    parameter_name = "has_checkpoint"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "has a checkpoint"), ("no", "never compacted")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(checkpoint_version__gt=0)
        if self.value() == "no":
            return queryset.filter(checkpoint_version=0)
        return queryset


class OverThresholdFilter(admin.SimpleListFilter):
    title = "context size"
    parameter_name = "over_threshold"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "over its threshold"), ("no", "within its threshold")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() not in ("yes", "no"):
            return queryset
        # Calibrated tokens against the session's own threshold, like the trigger does.
        queryset = queryset.alias(
            calibrated=ExpressionWrapper(
                F("estimated_tokens") * F("calibration_ratio"), output_field=FloatField()
            ),
            threshold=threshold_expression(),
        )
        if self.value() == "yes":
            return queryset.filter(calibrated__gt=F("threshold"))
        return queryset.filter(calibrated__lte=F("threshold"))


class RecentMessagesFormSet(BaseInlineFormSet):
    """Only the newest RECENT_MESSAGES of the session, oldest first, in one query.

    An inline formset would otherwise load every message of the session (100k rows).
    """

    def get_queryset(self) -> Any:
        if not hasattr(self, "_recent"):
            newest = list(self.queryset.order_by("-seq")[:RECENT_MESSAGES])
            self._recent = newest[::-1]
        return self._recent


class RecentMessageInline(admin.TabularInline):
    model = Message
    fk_name = "session"
    formset = RecentMessagesFormSet
    template = "admin/compaction/chatsession/recent_messages_inline.html"
    verbose_name = "message"
    verbose_name_plural = f"Recent messages (the newest {RECENT_MESSAGES})"
    fields = ("seq", "role", "state", "pinned", "token_estimate", "preview")
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).annotate(compacted_version=F("compacted_by__version"))

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="state")
    def state(self, obj: Message) -> SafeString | str:
        if obj.compacted_by_id is None:
            return "active"
        opts = Checkpoint._meta
        url = reverse(
            f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_change",
            args=[obj.compacted_by_id],
        )
        version = getattr(obj, "compacted_version", "?")
        return format_html('compacted by <a href="{}">v{}</a>', url, version)

    @admin.display(description="content")
    def preview(self, obj: Message) -> str:
        return content_preview(obj.content, 160, obj.format, obj.role)


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
    inlines = (RecentMessageInline,)
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
        ("Configuration", {"fields": ("system_prompt_text", "config_json")}),
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
        "cache_read",
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

    @admin.display(description="session (external id)", ordering="external_id")
    def name(self, obj: ChatSession) -> SafeString:
        # The host's id reads better; the UUID stays one hover away.
        if obj.external_id:
            return format_html('<span title="{}">{}</span>', obj.pk, obj.external_id)
        return self.short_id(obj)

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
        # Calibrated tokens, the number the trigger compares (pure Python: no query).
        tokens, threshold = obj.calibrated_tokens, app_settings.for_session(obj).threshold
        share = tokens / threshold * 100 if threshold else 0
        return format_html(
            '<span class="{}" title="estimated {} x calibration {}">{} / {} ({}%)</span>',
            "cmp-over" if tokens > threshold else "",
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
        return _links(links)

    @admin.display(description="system prompt")
    def system_prompt_text(self, obj: ChatSession) -> SafeString:
        return render_content(obj.system_prompt) if obj.system_prompt else mark_safe(EMPTY)

    @admin.display(description="config overrides")
    def config_json(self, obj: ChatSession) -> SafeString:
        return _json_html(obj.config)

    # -- pages

    def get_urls(self) -> list[URLPattern]:
        prefix = f"{self.opts.app_label}_{self.opts.model_name}"
        wrap = self.admin_site.admin_view
        # Before the defaults: "<path:object_id>/" would otherwise swallow these.
        return [
            path("<path:object_id>/diff/", wrap(self.diff_view), name=f"{prefix}_diff"),
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

    def diff_view(self, request: HttpRequest, object_id: str) -> TemplateResponse:
        return admin_views.diff_view(self, request, object_id)

    def timeline_view(self, request: HttpRequest, object_id: str) -> TemplateResponse:
        return admin_views.timeline_view(self, request, object_id)

    def originals_view(
        self, request: HttpRequest, object_id: str, version: int
    ) -> TemplateResponse:
        return admin_views.originals_view(self, request, object_id, version)

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
        tokens = f"{_num(run.tokens_before)} → {_num(run.tokens_after)} estimated tokens"
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

    def response_action(self, request: HttpRequest, queryset: QuerySet) -> HttpResponseBase | None:
        """Refuse a hand-made selection that holds no session id before Django casts it.

        The admin filters ``pk__in=<selected>`` and a value that is no UUID raises there
        (a 500); here it is an error message on the changelist instead.
        """
        selected = request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)
        if any(not _is_uuid(value) for value in selected):
            self.message_user(request, "The selection names no session.", messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())
        return super().response_action(request, queryset)

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


# ----------------------------------------------------------------------------- messages


class MessageStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("active", "active"), ("compacted", "compacted (archived)")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "active":
            return queryset.filter(compacted_by__isnull=True)
        if self.value() == "compacted":
            return queryset.filter(compacted_by__isnull=False)
        return queryset


@admin.register(Message)
class MessageAdmin(ReadOnlyAdmin):
    list_display = (
        "seq",
        "session_link",
        "role",
        "state",
        "pinned",
        "token_estimate",
        "preview",
        "created_at",
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
                    "role",
                    "format",
                    "state",
                    "pinned",
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
        "state",
        "content_html",
        "content_json",
        "metadata_json",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        # The replacing checkpoint's version by annotation: joining the whole checkpoint
        # row would drag its summary along for every message on the page.
        return super().get_queryset(request).annotate(compacted_version=F("compacted_by__version"))

    @admin.display(description="session", ordering="session")
    def session_link(self, obj: Message) -> SafeString | str:
        return self.link(ChatSession, obj.session_id, obj.session)

    @admin.display(description="state")
    def state(self, obj: Message) -> SafeString | str:
        if obj.compacted_by_id is None:
            return "active"
        version = getattr(obj, "compacted_version", None)
        return format_html(
            'compacted by <a href="{}">v{}</a>',
            self.url(Checkpoint, "change", obj.compacted_by_id),
            version if version is not None else "?",
        )

    @admin.display(description="content")
    def preview(self, obj: Message) -> str:
        return content_preview(obj.content, fmt=obj.format, role=obj.role)

    @admin.display(description="content")
    def content_html(self, obj: Message) -> SafeString:
        return render_content(obj.content, obj.format, obj.role)

    @admin.display(description="content (JSON)")
    def content_json(self, obj: Message) -> SafeString:
        return _json_html(obj.content)

    @admin.display(description="metadata")
    def metadata_json(self, obj: Message) -> SafeString:
        return _json_html(obj.metadata)


# ----------------------------------------------------------------------------- checkpoints


class TokenColumns:
    """Columns shared by checkpoints and runs, which both record tokens before and after."""

    @admin.display(description="reduction")
    def reduction(self, obj: Checkpoint | CompactionRun) -> str:
        return _pct(obj.tokens_before, obj.tokens_after)

    @admin.display(description="tokens before → after", ordering="tokens_before")
    def tokens(self, obj: Checkpoint | CompactionRun) -> str:
        return f"{_num(obj.tokens_before)} → {_num(obj.tokens_after)}"


@admin.register(Checkpoint)
class CheckpointAdmin(TokenColumns, ReadOnlyAdmin):
    list_display = (
        "version",
        "session_link",
        "kind",
        "fallback",
        "size",
        "archived",
        "tokens",
        "reduction",
        "summarizer",
        "model",
        "run_link",
        "created_at",
    )
    list_display_links = ("version",)
    list_select_related = ("session",)
    list_filter = ("kind", "fallback", "summarizer")
    search_fields = ("=session__id", "session__external_id")
    ordering = ("-id",)
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "session_link",
                    "version",
                    "chain",
                    "kind",
                    "fallback",
                    "run_link",
                    "created_at",
                    "related_pages",
                )
            },
        ),
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
        ("Summarizer", {"fields": ("summarizer", "model", "validation_json")}),
        ("Summary", {"fields": ("summary_sections",)}),
        ("Carried verbatim", {"fields": ("carried_html",)}),
        ("Raw summary", {"classes": ("collapse",), "fields": ("summary_raw",)}),
    )
    readonly_fields = (
        "created_at",
        "session_link",
        "chain",
        "run_link",
        "related_pages",
        "size",
        "reduction",
        "validation_json",
        "summary_sections",
        "carried_html",
        "summary_raw",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        qs = super().get_queryset(request).annotate(size_chars=Length("summary"))
        if self.is_changelist(request):
            # The list never shows these (possibly large) texts: leave them in the database.
            qs = qs.defer("summary", "carried", "validation")
        return qs

    @admin.display(description="session", ordering="session")
    def session_link(self, obj: Checkpoint) -> SafeString | str:
        return self.link(ChatSession, obj.session_id, obj.session)

    @admin.display(description="size (chars)", ordering="size_chars")
    def size(self, obj: Checkpoint) -> str:
        return _num(getattr(obj, "size_chars", None))

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
        return _links(links)

    @admin.display(description="validation")
    def validation_json(self, obj: Checkpoint) -> SafeString:
        return _json_html(obj.validation)

    @admin.display(description="summary by section")
    def summary_sections(self, obj: Checkpoint) -> SafeString:
        sections = split_sections(obj.summary)
        if not sections:
            return format_html('<pre class="cmp-body">{}</pre>', obj.summary)
        parts = [
            format_html(
                '<section class="cmp-section"><h3>{}</h3><pre class="cmp-body">{}</pre></section>',
                name,
                "\n".join(lines).strip() or "(empty)",
            )
            for name, lines in sections.items()
        ]
        return _join(parts)

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
        return _join(parts)

    @admin.display(description="summary (raw text)")
    def summary_raw(self, obj: Checkpoint) -> SafeString:
        return format_html('<pre class="cmp-body">{}</pre>', obj.summary)


# ----------------------------------------------------------------------------- runs


@admin.register(CompactionRun)
class CompactionRunAdmin(TokenColumns, ReadOnlyAdmin):
    list_display = (
        "short_id",
        "session_link",
        "status",
        "trigger",
        "mode",
        "duration",
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
        return _json_html(obj.guard)
