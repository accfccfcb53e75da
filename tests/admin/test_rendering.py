"""The admin's pure rendering helpers: no database, no request.

side_by_side (views.py), nice_ticks and the drift chart (chart.py), render_content and
content_preview (rendering.py).
"""

from __future__ import annotations

from compaction.admin.chart import ChartPoint, drift_chart_svg, nice_ticks
from compaction.admin.rendering import content_preview, render_content
from compaction.admin.views import side_by_side
from compaction.drift.lines import DiffLine
from tests.support.admin import XSS, XSS_ESCAPED


def test_side_by_side_pairs_removed_and_added_lines() -> None:
    lines = [
        DiffLine(" ", 1, 1, "same"),
        DiffLine("-", 2, None, "old a"),
        DiffLine("-", 3, None, "old b"),
        DiffLine("+", None, 2, "new a"),
        DiffLine(" ", 4, 3, "tail"),
        DiffLine("+", None, 4, "appended"),
    ]
    rows = side_by_side(lines)
    assert [(r.kind, r.old_text, r.new_text) for r in rows] == [
        ("equal", "same", "same"),
        ("replace", "old a", "new a"),
        ("delete", "old b", None),
        ("equal", "tail", "tail"),
        ("insert", None, "appended"),
    ]


def test_nice_ticks() -> None:
    assert nice_ticks(0) == [0.0, 1.0]
    assert nice_ticks(45_210) == [0, 10_000, 20_000, 30_000, 40_000, 50_000]
    ticks = nice_ticks(7)
    assert ticks[0] == 0 and ticks[-1] >= 7 and len(ticks) <= 7


def test_drift_chart_has_axes_legend_and_a_point_per_version() -> None:
    points = [
        ChartPoint(version=v, chars=1000 * v, tokens_before=9000, tokens_after=3000, drift=d)
        for v, d in ((1, None), (2, 0.25), (3, 0.5))
    ]
    svg = str(drift_chart_svg(points))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("cmp-pt-chars") == 3 and svg.count("cmp-pt-drift") == 2
    for label in ("tokens", "chars", "checkpoint version", "drift score", "v1", "v3", "100%"):
        assert label in svg
    assert "No checkpoint yet" in str(drift_chart_svg([]))


def test_render_content_escapes_and_labels_blocks() -> None:
    html = str(
        render_content(
            [
                {"type": "text", "text": XSS},
                {"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": XSS}},
                {"type": "tool_result", "tool_use_id": "t1", "content": "x\n" * 50},
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/png", "data": "A" * 99},
                },
                {"type": "mystery", "value": XSS},
            ]
        )
    )
    assert XSS not in html and html.count(XSS_ESCAPED) == 3
    assert "tool call bash id=t1" in html
    assert "<details" in html and "tool result for t1" in html
    assert "image: image/png" in html and "A" * 99 not in html
    assert str(render_content(XSS)).count(XSS_ESCAPED) == 1
    assert content_preview([{"type": "text", "text": "a " * 200}], 20).endswith("…")
