"""The drift timeline's chart: tokens, summary size and drift per version, as inline SVG.

Pure (no database, no request): built from ``ChartPoint``s, every label escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from compaction.admin.html import join_html


@dataclass(frozen=True)
class ChartPoint:
    """One checkpoint version on the drift chart."""

    version: int
    chars: int
    tokens_before: int | None
    tokens_after: int | None
    #: The drift score (0..1) against the previous version, or, for a regenerated version,
    #: against the originals it was built from; None for the first version.
    drift: float | None
    #: Regenerated from the archived originals (a repair): drawn as a ringed diamond.
    regenerated: bool = False


@dataclass(frozen=True)
class _Series:
    key: str
    label: str
    color: str
    dashed: bool = False


TOKENS_BEFORE = _Series("tokens-before", "context tokens before", "#d97706")
TOKENS_AFTER = _Series("tokens-after", "context tokens after", "#2563eb")
CHARS = _Series("chars", "summary size (chars)", "#059669")
DRIFT = _Series("drift", "drift score (right axis)", "#dc2626", dashed=True)
REGENERATED = _Series("regenerated", "regenerated (values compared)", "#0f766e")

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
    regenerated: Sequence[bool] = (),
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

        def y_right(value: float) -> float:
            return round(bottom - min(max(value, 0.0), 1.0) * _PLOT_H, 1)

        draw(series, data, y_right, tip)
        for x, version, value, repair in zip(xs, versions, data, regenerated, strict=False):
            if not repair:
                continue
            y = y_right(value) if value is not None else bottom
            parts.append(
                format_html(
                    '<g class="cmp-regenerated" data-version="{v}">'
                    '<path d="M{x} {t}L{x6} {y}L{x} {b}L{xm6} {y}Z" fill="none" stroke="{c}" '
                    'stroke-width="2"/><text x="{x}" y="{ly}" text-anchor="middle" fill="{c}" '
                    'font-weight="bold">regenerated</text>'
                    "<title>v{v} regenerated from the originals: its items are numbered "
                    "afresh, so only their values are compared</title></g>",
                    v=version,
                    x=x,
                    x6=x + 8,
                    xm6=x - 8,
                    t=round(y - 8, 1),
                    b=round(y + 8, 1),
                    y=y,
                    c=REGENERATED.color,
                    ly=bottom + 34,
                )
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
    legend = [TOKENS_BEFORE, TOKENS_AFTER, CHARS, DRIFT]
    if any(p.regenerated for p in points):
        legend.append(REGENERATED)
    # The legend wraps onto a second row rather than running off the chart.
    placed: list[tuple[_Series, float, int]] = []
    x, legend_y = float(_LEFT), 18
    for series in legend:
        width = 36 + 6.5 * len(series.label)
        if x + width > _WIDTH - 8 and x > _LEFT:
            x, legend_y = float(_LEFT), legend_y + 20
        placed.append((series, x, legend_y))
        x += width
    top_panel = legend_y + 46
    bottom_panel = top_panel + _PLOT_H + 74
    height = bottom_panel + _PLOT_H + 58
    parts: list[SafeString] = []
    for series, x, legend_y in placed:
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
        title="Summary size and drift score (items dropped or changed without a declaration)",
        xs=xs,
        versions=versions,
        left_series=[(CHARS, [p.chars for p in points], "{value:,} chars")],
        left_unit="chars",
        right_series=(DRIFT, [p.drift for p in points], "drift {value:.0%}"),
        regenerated=[p.regenerated for p in points],
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
        body=join_html(parts),
    )
