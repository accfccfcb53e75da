"""Small escaped-HTML helpers shared by the admin classes, the chart and content rendering."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

#: The one "nothing here" mark of every admin page (``empty_value_display`` too).
EMPTY = "—"
#: Longest session name a list cell shows; the whole name is in its title attribute.
LABEL_CHARS = 28


def number(value: int | None) -> str:
    return EMPTY if value is None else f"{value:,}"


def reduction_text(share: float | None) -> str:
    """A context's reduction in percent; a regeneration can come out longer than what it
    replaced, and that is said ("grew 3%"), never printed as "-0%"."""
    if share is None:
        return EMPTY
    if share <= -0.5:
        return f"grew {-share:.0f}%"
    return f"{max(share, 0):.0f}%"


def json_html(value: Any) -> SafeString:
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)
    return format_html('<pre class="cmp-json">{}</pre>', text)


def join_html(parts: Sequence[SafeString], separator: str = "") -> SafeString:
    # Every part comes from format_html (its arguments escaped): the concatenation is safe.
    return mark_safe(separator.join(parts))


def links_html(links: list[tuple[str, str]]) -> SafeString:
    return join_html([format_html('<a href="{}">{}</a>', url, text) for text, url in links], " · ")


def badge(text: str, *, title: str = "", css: str = "") -> SafeString:
    """A small label for a state worth noticing (fallback, pinned, guard fired)."""
    return format_html('<span class="cmp-badge {}" title="{}">{}</span>', css, title, text)


def flag(value: bool, text: str, *, title: str = "", css: str = "") -> SafeString | str:
    """A boolean that matters only when true: a badge then, nothing at all otherwise (a
    column of red crosses for the usual False hides the one row that differs)."""
    return badge(text, title=title, css=css) if value else ""


def with_badges(text: Any, *badges: SafeString | str) -> SafeString:
    """``text`` followed by whichever badges are set."""
    shown = [b for b in badges if b]
    if not shown:
        return format_html("{}", text)
    return format_html("{} {}", text, join_html(list(shown), " "))


def truncated(text: str, limit: int = LABEL_CHARS, *, title: str = "") -> SafeString:
    """``text`` cut to ``limit`` characters; the whole of it (or ``title``) on hover."""
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    full = title or text
    if shown == full:
        return format_html("{}", shown)
    return format_html('<span title="{}">{}</span>', full, shown)


def when(value: datetime | None) -> SafeString | str:
    """A timestamp short enough for a list column (local time), to the second on hover."""
    if value is None:
        return EMPTY
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    # The date never breaks at its hyphens; a narrow column puts the time under it.
    return format_html(
        '<time datetime="{}" title="{}"><span class="cmp-nowrap">{}</span> {}</time>',
        value.isoformat(),
        local.strftime("%Y-%m-%d %H:%M:%S %Z").strip(),
        local.strftime("%Y-%m-%d"),
        local.strftime("%H:%M"),
    )


# ----------------------------------------------------------------------------- names


def session_label(session: Any) -> str:
    """How a page names a session: the host's external id, else a short form of its UUID
    (a whole UUID in a title or a crumb reads as noise)."""
    return session.external_id or f"session {str(session.pk)[:8]}"


def checkpoint_label(session: Any, version: int) -> str:
    """``chat-42 · v3``."""
    return f"{session_label(session)} · v{version}"


def session_title(session: Any) -> str:
    """What a hover over a session's name tells: its external id and its UUID."""
    return f"{session.external_id} ({session.pk})" if session.external_id else str(session.pk)
