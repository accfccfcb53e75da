"""Small escaped-HTML helpers shared by the admin classes, the chart and content rendering."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

EMPTY = "—"


def number(value: int | None) -> str:
    return EMPTY if value is None else f"{value:,}"


def json_html(value: Any) -> SafeString:
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)
    return format_html('<pre class="cmp-json">{}</pre>', text)


def join_html(parts: Sequence[SafeString], separator: str = "") -> SafeString:
    # Every part comes from format_html (its arguments escaped): the concatenation is safe.
    return mark_safe(separator.join(parts))


def links_html(links: list[tuple[str, str]]) -> SafeString:
    return join_html([format_html('<a href="{}">{}</a>', url, text) for text, url in links], " · ")
