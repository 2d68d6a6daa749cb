"""Mean recall over runs, and recall@k of an experiment's configurations, as small SVG line
charts, readable at a glance.

Self-contained (no script, no external font or file), so it embeds as a data: URI in a
markdown image, which the Prefect UI renders inside an artifact, or inline in a page.
The y axis is always 0 to 1: a drop looks as large as it is, never stretched by autoscaling.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import datetime
from html import escape

WIDTH, HEIGHT = 720, 260
# Room for the axis labels on the left and the dates below.
LEFT, RIGHT, TOP, BOTTOM = 48, 24, 16, 40
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
# Dates under the axis: at most this many, evenly spaced, always the first and the last.
MAX_DATE_LABELS = 6


def _x(i: int, n: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span / 2 if n == 1 else span * i / (n - 1))


def _y(value: float) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (1 - min(max(value, 0.0), 1.0))


def _label_indices(n: int) -> list[int]:
    if n <= MAX_DATE_LABELS:
        return list(range(n))
    step = (n - 1) / (MAX_DATE_LABELS - 1)
    return sorted({round(k * step) for k in range(MAX_DATE_LABELS)})


def recall_chart_svg(history: Sequence[tuple[str, datetime, float]]) -> str:
    """`history` is (run id, started, mean recall on 0..1); drawn oldest first."""
    runs = sorted(history, key=lambda r: r[1])
    n = len(runs)
    text = 'font-family="sans-serif" font-size="12" fill="#374151"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Mean recall over {n} run(s)">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    for level in GRID:
        y = _y(level)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e5e7eb"/>'
        )
        parts.append(
            f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end" {text}>{level:.2f}</text>'
        )
    points = [(_x(i, n), _y(recall)) for i, (_, _, recall) in enumerate(runs)]
    if n > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="#2563eb" stroke-width="2.5"/>')
    for i, ((run_id, started, recall), (x, y)) in enumerate(zip(runs, points, strict=True)):
        previous = runs[i - 1][2] if i else recall
        colour = "#dc2626" if recall < previous - 0.0005 else "#2563eb"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}">'
            f"<title>{escape(run_id)} {started:%Y-%m-%d %H:%M}: {recall:.3f}</title></circle>"
        )
    last_x, last_y = points[-1]
    parts.append(
        f'<text x="{min(last_x, WIDTH - RIGHT - 4):.1f}" y="{max(last_y - 10, 12):.1f}" '
        f'text-anchor="end" font-weight="bold" {text}>{runs[-1][2]:.3f}</text>'
    )
    for i in _label_indices(n):
        x = points[i][0]
        # The outermost dates lean inwards, so neither is cut at the chart's edge.
        anchor = "middle" if n == 1 or 0 < i < n - 1 else "start" if i == 0 else "end"
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="{anchor}" {text}>'
            f"{runs[i][1]:%m-%d %H:%M}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


# One colour per configuration, told apart also in grey (dark, mid, light).
SERIES = ("#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#4b5563")


def _grid(parts: list[str], text: str) -> None:
    for level in GRID:
        y = _y(level)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e5e7eb"/>'
        )
        parts.append(
            f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end" {text}>{level:.2f}</text>'
        )


def recall_at_k_svg(curves: Sequence[tuple[str, Sequence[float]]]) -> str:
    """`curves` is (configuration, mean recall@k for k = 1..n) each: one line per
    configuration over k, with a legend."""
    depth = max((len(c) for _, c in curves), default=0)
    text = 'font-family="sans-serif" font-size="12" fill="#374151"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Recall at k of '
        f'{len(curves)} configuration(s)">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    _grid(parts, text)
    for k in range(1, depth + 1):
        parts.append(
            f'<text x="{_x(k - 1, depth):.1f}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" '
            f"{text}>k={k}</text>"
        )
    for number, (name, curve) in enumerate(curves):
        colour = SERIES[number % len(SERIES)]
        points = [(_x(k, depth), _y(value)) for k, value in enumerate(curve)]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        for k, (x, y) in enumerate(points, start=1):
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"><title>'
                f"{escape(name)} recall@{k}: {curve[k - 1]:.3f}</title></circle>"
            )
        parts.append(
            f'<text x="{LEFT + 8}" y="{TOP + 14 + 16 * number}" font-family="sans-serif" '
            f'font-size="12" fill="{colour}" font-weight="bold">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def svg_data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
