"""Template filters and tags of the compaction admin's pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.utils.safestring import SafeString

from compaction.admin.chart import ChartPoint, drift_chart_svg
from compaction.admin.html import EMPTY, reduction_text, session_label
from compaction.admin.rendering import markdown_html, render_content

register = template.Library()


@register.filter(name="message_content")
def message_content_filter(message: Any) -> SafeString:
    """``{{ message|message_content }}``: a stored ``Message``, in whatever format it came."""
    return render_content(message.content, message.format, message.role)


@register.filter(name="markdown")
def markdown_filter(text: str) -> SafeString:
    """``{{ checkpoint.summary|markdown }}``: Markdown as HTML, everything in it escaped."""
    return markdown_html(text)


@register.filter(name="session_label")
def session_label_filter(session: Any) -> str:
    """``{{ session|session_label }}``: its external id, else a short form of its UUID."""
    return session_label(session)


@register.filter(name="percent")
def percent_filter(value: float | None, digits: int = 0) -> str:
    """0.25 -> "25%"; None -> "—" (no previous version to compare against)."""
    if value is None:
        return EMPTY
    return f"{value * 100:.{int(digits)}f}%"


@register.filter(name="reduction")
def reduction_filter(share: float | None) -> str:
    """A reduction in percent (``reduction_percentage``): "53%", "grew 3%", "—"."""
    return reduction_text(share)


@register.simple_tag
def drift_chart(points: Sequence[ChartPoint]) -> SafeString:
    return drift_chart_svg(points)
