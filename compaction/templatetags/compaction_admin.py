"""Template filters and tags of the compaction admin's pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.utils.safestring import SafeString

from compaction.admin.chart import ChartPoint, drift_chart_svg
from compaction.admin.rendering import render_content

register = template.Library()


@register.filter(name="message_content")
def message_content_filter(message: Any) -> SafeString:
    """``{{ message|message_content }}``: a stored ``Message``, in whatever format it came."""
    return render_content(message.content, message.format, message.role)


@register.filter(name="percent")
def percent_filter(value: float | None, digits: int = 0) -> str:
    """0.25 -> "25%"; None -> "—" (no previous version to compare against)."""
    if value is None:
        return "—"
    return f"{value * 100:.{int(digits)}f}%"


@register.simple_tag
def drift_chart(points: Sequence[ChartPoint]) -> SafeString:
    return drift_chart_svg(points)
