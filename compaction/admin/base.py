"""What every admin of the app shares: read-only by design, links, small renderers."""

from __future__ import annotations

import uuid
from typing import Any

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

from compaction.admin.html import EMPTY, number
from compaction.models import Checkpoint, CompactionRun


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

    def is_changelist(self, request: HttpRequest) -> bool:
        match = request.resolver_match
        return bool(match and match.url_name and match.url_name.endswith("_changelist"))


class TokenColumns:
    """Columns shared by checkpoints and runs, which both record tokens before and after."""

    @admin.display(description="reduction")
    def reduction(self, obj: Checkpoint | CompactionRun) -> str:
        share = obj.reduction_percentage
        return EMPTY if share is None else f"{share:.0f}%"

    @admin.display(description="tokens before → after", ordering="tokens_before")
    def tokens(self, obj: Checkpoint | CompactionRun) -> str:
        return f"{number(obj.tokens_before)} → {number(obj.tokens_after)}"
