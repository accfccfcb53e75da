"""What every admin of the app shares: read-only by design, links, small renderers."""

from __future__ import annotations

import uuid
from typing import Any

import django
from django.contrib import admin
from django.contrib.admin.utils import quote
from django.db.models import (
    Model,
)
from django.http import HttpRequest
from django.urls import register_converter, reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString

from compaction.admin.html import (
    EMPTY,
    LABEL_CHARS,
    number,
    reduction_text,
    session_label,
    session_title,
    truncated,
    when,
)
from compaction.models import ChatSession, Checkpoint, CompactionRun


class _VersionConverter:
    """Checkpoint versions in URLs: ASCII digits that fit the column (no 500 on 10**30)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(_VersionConverter, "compaction_version")


def is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except (TypeError, ValueError, AttributeError):
        return False
    return True


class ReadOnlyPermissions:
    """No add, change or delete, whatever the user's permissions: rows are written by the
    services (and repaired by explicit actions), never edited in a form."""

    # The admin's own default is "-": every page of the app says nothing with one dash.
    empty_value_display = EMPTY

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnlyPermissions, admin.ModelAdmin):
    """View-only by design; custom pages and actions check their own permissions."""

    list_per_page = 50

    class Media:
        css = {"all": ("compaction/admin.css",)}

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

    def session_anchor(self, session: ChatSession | None, *, limit: int = LABEL_CHARS) -> Any:
        """A session's name (cut to ``limit``) linked to its page, its ids on hover."""
        if session is None:
            return EMPTY
        label = truncated(session_label(session), limit)
        return format_html(
            '<a href="{}" title="{}">{}</a>',
            self.url(ChatSession, "change", quote(session.pk)),
            session_title(session),
            label,
        )

    @admin.display(description="created", ordering="created_at")
    def created(self, obj: Any) -> SafeString | str:
        return when(obj.created_at)

    def crumbs_context(self, *crumbs: tuple[str, str | None]) -> dict[str, Any]:
        """Breadcrumbs after Home and the app (includes/breadcrumbs.html): (label, url)
        pairs, the current page last with no url; in the running Django's markup."""
        return {"cmp_crumbs": list(crumbs), "ol_breadcrumbs": django.VERSION >= (6, 1)}

    def is_changelist(self, request: HttpRequest) -> bool:
        match = request.resolver_match
        return bool(match and match.url_name and match.url_name.endswith("_changelist"))


class TokenColumns:
    """Columns shared by checkpoints and runs, which both record tokens before and after."""

    @admin.display(description="reduction")
    def reduction(self, obj: Checkpoint | CompactionRun) -> str:
        return reduction_text(obj.reduction_percentage)

    @admin.display(description="tokens before → after", ordering="tokens_before")
    def tokens(self, obj: Checkpoint | CompactionRun) -> str:
        return f"{number(obj.tokens_before)} → {number(obj.tokens_after)}"

    @admin.display(description="context tokens", ordering="tokens_before")
    def tokens_cut(self, obj: Checkpoint | CompactionRun) -> SafeString:
        """Before → after and the reduction in one list column (the reduction wraps under
        the numbers when the column is narrow)."""
        return format_html(
            '<span class="cmp-nowrap">{} → {}</span> <span class="cmp-meta cmp-nowrap">{}</span>',
            number(obj.tokens_before),
            number(obj.tokens_after),
            reduction_text(obj.reduction_percentage),
        )
