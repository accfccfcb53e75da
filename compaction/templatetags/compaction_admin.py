"""Rendering helpers for the compaction admin: message content and the drift chart.

Both are pure functions (no database, no request) so they can be tested on their own
and reused by views and templates. Every piece of text that comes from a message or a
summary goes through ``format_html`` (which escapes its arguments) before anything is
marked safe: these strings are written by users, tools and LLMs, never trusted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from compaction.content import ANTHROPIC, canonical_blocks, transcript_text, view

register = template.Library()

#: Tool blocks longer than this (characters or lines) start collapsed in a <details>.
COLLAPSE_CHARS = 600
COLLAPSE_LINES = 12
#: Plain text is what operators read most, so it only collapses when really long.
TEXT_COLLAPSE_CHARS = 4000


def _join(parts: Sequence[SafeString]) -> SafeString:
    # Every part was built by format_html (arguments escaped), so the concatenation is safe.
    return mark_safe("".join(parts))


# ----------------------------------------------------------------------------- content


def _is_long(text: str, *, chars: int = COLLAPSE_CHARS) -> bool:
    return len(text) > chars or text.count("\n") >= COLLAPSE_LINES


def _block(label: str, body: str, *, css: str, long: bool) -> SafeString:
    """One labelled block; long bodies go in a closed <details> so a page stays scannable."""
    if not body:
        return format_html(
            '<div class="cmp-block {}"><div class="cmp-label">{}</div></div>', css, label
        )
    if long:
        return format_html(
            '<details class="cmp-block {}"><summary><span class="cmp-label">{}</span> '
            '<span class="cmp-meta">{} chars, {} lines</span></summary>'
            '<pre class="cmp-body">{}</pre></details>',
            css,
            label,
            f"{len(body):,}",
            f"{body.count(chr(10)) + 1:,}",
            body,
        )
    return format_html(
        '<div class="cmp-block {}"><div class="cmp-label">{}</div><pre class="cmp-body">{}</pre>'
        "</div>",
        css,
        label,
        body,
    )


#: CSS class of each view kind (compaction.content.views.BlockView.kind).
_KIND_CSS = {
    "text": "cmp-text",
    "call": "cmp-tool-use",
    "result": "cmp-tool-result",
    "document": "cmp-document",
    "thinking": "cmp-thinking",
    "media": "cmp-media",
    "summary": "cmp-summary",
    "note": "cmp-note",
    "raw": "cmp-other",
}


def render_block_html(block: Any) -> SafeString:
    """One content block, labelled by what it is (tool call, server tool result, thinking ...).

    What each type shows comes from its view in ``compaction.content``; binary and
    encrypted payloads are never inlined, only described.
    """
    seen = view(block)
    css = _KIND_CSS.get(seen.kind, "cmp-other") + (" cmp-error" if seen.error else "")
    if seen.kind == "text":
        if len(seen.body) > TEXT_COLLAPSE_CHARS:
            return _block("text", seen.body, css=css, long=True)
        return format_html(
            '<div class="cmp-block {}"><div class="cmp-body">{}</div></div>', css, seen.body
        )
    label = seen.label + (f" ({seen.hidden}, not shown)" if seen.hidden else "")
    if seen.kind == "raw":
        label += " — a block type this version does not know, stored verbatim"
    return _block(label, seen.body, css=css, long=_is_long(seen.body))


def render_content(content: Any, fmt: str = ANTHROPIC, role: str = "user") -> SafeString:
    """A stored message's content (any format), readable and escaped."""
    if content is None:
        return format_html('<div class="cmp-block cmp-empty">{}</div>', "(no content)")
    if fmt == ANTHROPIC and not isinstance(content, str | list):
        content = [content]
    blocks = _join([render_block_html(block) for block in canonical_blocks(role, content, fmt)])
    return format_html('<div class="cmp-content">{}</div>', blocks)


def content_preview(
    content: Any, limit: int = 120, fmt: str = ANTHROPIC, role: str = "user"
) -> str:
    """A one-line plain-text preview of a message for list pages (escaped by the caller)."""
    if fmt == ANTHROPIC and not isinstance(content, str | list):
        text = json.dumps(content, ensure_ascii=False)
    else:
        blocks = canonical_blocks(role, content, fmt)
        text = " ".join(transcript_text(b, head=limit, tail=0) for b in blocks)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


# ----------------------------------------------------------------------------- chart


@dataclass(frozen=True)
class ChartPoint:
    """One checkpoint version on the drift chart."""

    version: int
    chars: int
    tokens_before: int | None
    tokens_after: int | None
    #: Share of the previous version's critical facts lost (0..1); None for the first version.
    drift: float | None


@dataclass(frozen=True)
class _Series:
    key: str
    label: str
    color: str
    dashed: bool = False


TOKENS_BEFORE = _Series("tokens-before", "context tokens before", "#d97706")
TOKENS_AFTER = _Series("tokens-after", "context tokens after", "#2563eb")
CHARS = _Series("chars", "summary size (chars)", "#059669")
DRIFT = _Series("drift", "drift score vs previous (right axis)", "#dc2626", dashed=True)

_WIDTH = 960
_LEFT, _RIGHT = 72, 64
_PLOT_H = 150
_MAX_X_LABELS = 24


def nice_ticks(maximum: float, count: int = 5) -> list[float]:
    """Round axis ticks from 0 to at least ``maximum`` (steps of 1, 2, 2.5 or 5 x 10^k)."""
    if maximum <= 0:
        return [0.0, 1.0]
    raw = maximum / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = magnitude * 10
    for multiple in (1, 2, 2.5, 5, 10):
        if multiple * magnitude >= raw:
            step = multiple * magnitude
            break
    steps = math.ceil(maximum / step - 1e-9)
    return [i * step for i in range(steps + 1)]


def short_number(value: float) -> str:
    """Axis labels: 1200 -> "1.2k", 100000 -> "100k", 2500000 -> "2.5M"."""
    for size, suffix in ((1_000_000, "M"), (1_000, "k")):
        if abs(value) >= size:
            text = f"{value / size:.1f}".rstrip("0").rstrip(".")
            return text + suffix
    return f"{value:g}"


def _x_positions(count: int) -> list[float]:
    left, right = _LEFT + 24, _WIDTH - _RIGHT - 24
    if count == 1:
        return [round((left + right) / 2, 1)]
    return [round(left + i * (right - left) / (count - 1), 1) for i in range(count)]


def _panel(
    *,
    top: float,
    title: str,
    xs: Sequence[float],
    versions: Sequence[int],
    left_series: Sequence[tuple[_Series, Sequence[float | None], str]],
    left_unit: str,
    right_series: tuple[_Series, Sequence[float | None], str] | None = None,
) -> list[SafeString]:
    """One plot: a titled frame, gridlines, left (and optional right 0-100%) axis, series."""
    parts: list[SafeString] = []
    bottom = top + _PLOT_H
    plot_left, plot_right = _LEFT, _WIDTH - _RIGHT
    parts.append(
        format_html(
            '<text class="cmp-chart-title" x="{}" y="{}" font-weight="bold">{}</text>',
            plot_left,
            top - 10,
            title,
        )
    )
    values = [v for _s, series, _t in left_series for v in series if v is not None]
    ticks = nice_ticks(max(values, default=0))
    span = ticks[-1] or 1

    # Coordinates are rounded here: format_html escapes its arguments into strings, so
    # format specs like {:.1f} cannot be used in the templates below.
    def y_left(value: float) -> float:
        return round(bottom - value / span * _PLOT_H, 1)

    for tick in ticks:
        y = y_left(tick)
        parts.append(
            format_html(
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="currentColor" '
                'stroke-opacity="0.15"/>'
                '<text x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>',
                plot_left,
                y,
                plot_right,
                y,
                plot_left - 8,
                y,
                short_number(tick),
            )
        )
    # Axes: left, bottom (and right when a second scale is drawn).
    parts.append(
        format_html(
            '<line x1="{l}" y1="{t}" x2="{l}" y2="{b}" stroke="currentColor"/>'
            '<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="currentColor"/>'
            '<text x="{tx}" y="{ty}" text-anchor="middle" transform="rotate(-90 {tx} {ty})">'
            "{unit}</text>",
            l=plot_left,
            t=top,
            b=bottom,
            r=plot_right,
            tx=16,
            ty=top + _PLOT_H / 2,
            unit=left_unit,
        )
    )
    every = max(1, math.ceil(len(versions) / _MAX_X_LABELS))
    for index, (x, version) in enumerate(zip(xs, versions, strict=True)):
        if index % every == 0 or index == len(versions) - 1:
            parts.append(
                format_html(
                    '<line x1="{x}" y1="{b}" x2="{x}" y2="{b5}" stroke="currentColor"/>'
                    '<text x="{x}" y="{ly}" text-anchor="middle">v{v}</text>',
                    x=x,
                    b=bottom,
                    b5=bottom + 5,
                    ly=bottom + 18,
                    v=version,
                )
            )

    def draw(series: _Series, data: Sequence[float | None], to_y: Any, tip: str) -> None:
        points = [
            (x, to_y(value), version, value)
            for x, version, value in zip(xs, versions, data, strict=True)
            if value is not None
        ]
        if len(points) > 1:
            parts.append(
                format_html(
                    '<polyline class="cmp-line cmp-line-{}" points="{}" fill="none" stroke="{}" '
                    'stroke-width="2"{}/>',
                    series.key,
                    " ".join(f"{x},{y:.1f}" for x, y, _v, _d in points),
                    series.color,
                    mark_safe(' stroke-dasharray="6 4"') if series.dashed else "",
                )
            )
        for x, y, version, value in points:
            parts.append(
                format_html(
                    '<circle class="cmp-pt cmp-pt-{}" data-version="{}" cx="{}" cy="{}" '
                    'r="4" fill="{}"><title>v{}: {}</title></circle>',
                    series.key,
                    version,
                    x,
                    y,
                    series.color,
                    version,
                    tip.format(value=value),
                )
            )

    for series, data, tip in left_series:
        draw(series, data, y_left, tip)
    if right_series is not None:
        series, data, tip = right_series
        for share in (0.0, 0.25, 0.5, 0.75, 1.0):
            parts.append(
                format_html(
                    '<text x="{}" y="{}" dominant-baseline="middle" fill="{}">{}%</text>',
                    plot_right + 8,
                    round(bottom - share * _PLOT_H, 1),
                    series.color,
                    int(share * 100),
                )
            )
        parts.append(
            format_html(
                '<line x1="{r}" y1="{t}" x2="{r}" y2="{b}" stroke="{c}"/>',
                r=plot_right,
                t=top,
                b=bottom,
                c=series.color,
            )
        )
        draw(
            series, data, lambda value: round(bottom - min(max(value, 0.0), 1.0) * _PLOT_H, 1), tip
        )
    return parts


def drift_chart_svg(points: Sequence[ChartPoint]) -> SafeString:
    """An inline SVG of a session's versions: context tokens, summary size and drift.

    Two panels share the version axis because the scales differ by orders of magnitude:
    tokens (tens of thousands) on top; summary characters with the drift score (0-100 %,
    right axis) below. Each series has one circle per version it has a value for, with a
    native ``<title>`` tooltip; no JavaScript.
    """
    if not points:
        return format_html('<p class="cmp-muted">{}</p>', "No checkpoint yet: nothing to chart.")
    versions = [p.version for p in points]
    xs = _x_positions(len(points))
    legend_y = 18
    top_panel = 64
    bottom_panel = top_panel + _PLOT_H + 74
    height = bottom_panel + _PLOT_H + 40
    parts: list[SafeString] = []
    x = _LEFT
    for series in (TOKENS_BEFORE, TOKENS_AFTER, CHARS, DRIFT):
        parts.append(
            format_html(
                '<g class="cmp-legend-item"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" '
                'stroke-width="3"{}/><circle cx="{}" cy="{}" r="4" fill="{}"/>'
                '<text x="{}" y="{}" dominant-baseline="middle">{}</text></g>',
                x,
                legend_y,
                x + 24,
                legend_y,
                series.color,
                mark_safe(' stroke-dasharray="6 4"') if series.dashed else "",
                x + 12,
                legend_y,
                series.color,
                x + 30,
                legend_y,
                series.label,
            )
        )
        x += 40 + 7 * len(series.label)
    parts += _panel(
        top=top_panel,
        title="Context tokens at each compaction",
        xs=xs,
        versions=versions,
        left_series=[
            (TOKENS_BEFORE, [p.tokens_before for p in points], "{value:,} tokens before"),
            (TOKENS_AFTER, [p.tokens_after for p in points], "{value:,} tokens after"),
        ],
        left_unit="tokens",
    )
    parts += _panel(
        top=bottom_panel,
        title="Summary size and drift from the previous version",
        xs=xs,
        versions=versions,
        left_series=[(CHARS, [p.chars for p in points], "{value:,} chars")],
        left_unit="chars",
        right_series=(DRIFT, [p.drift for p in points], "drift {value:.0%}"),
    )
    parts.append(
        format_html(
            '<text x="{}" y="{}" text-anchor="middle">{}</text>',
            (_LEFT + _WIDTH - _RIGHT) / 2,
            height - 4,
            "checkpoint version",
        )
    )
    return format_html(
        '<svg class="cmp-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        'width="100%" style="max-width:{w}px" role="img" aria-labelledby="cmp-chart-title">'
        '<title id="cmp-chart-title">{title}</title>'
        '<g font-size="12" fill="currentColor">{body}</g></svg>',
        w=_WIDTH,
        h=height,
        title=f"Drift timeline of {len(points)} checkpoint version(s)",
        body=_join(parts),
    )


@register.simple_tag
def drift_chart(points: Sequence[ChartPoint]) -> SafeString:
    return drift_chart_svg(points)
