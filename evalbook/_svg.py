"""Plots as inline SVG for the explorers: lines, points, segments, a marker, a legend.

Part of the renderer (:mod:`evalbook._render`): an explorer redraws its plot at every step
of a slider, so the plot is a few kilobytes of SVG text built in about a millisecond (no
matplotlib, no PNG), and it never stretches: its size is fixed in pixels.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

import numpy as np

from evalbook._render import number

__all__ = ["LINE_COLOURS", "Line", "Points", "Segments", "svg_plot", "thin"]

#: Colours of the lines of a plot, in order (matplotlib's first four).
LINE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728")
_DASHES = {"-": "", "--": "6 3", ":": "2 3"}


@dataclass(frozen=True)
class Points:
    """Points of :func:`svg_plot` (a scatter), with an optional legend label."""

    x: object
    y: object
    label: str = ""
    colour: str = "#1f77b4"
    radius: float = 2.5


@dataclass(frozen=True)
class Line:
    """One line of :func:`svg_plot`: points, legend label, colour and style (``-- :``)."""

    x: object
    y: object
    label: str = ""
    colour: str = "#1f77b4"
    style: str = "-"
    width: float = 1.8


@dataclass(frozen=True)
class Segments:
    """Vertical segments of :func:`svg_plot`: at each ``x``, from ``start`` to ``end``."""

    x: object
    start: object
    end: object
    colour: str = "#ccc"
    width: float = 1.0


def thin(size: int, at_most: int) -> np.ndarray:
    """Indices of at most ``at_most`` evenly spread points of ``size``, both ends included:
    a curve drawn with more points than the plot has pixels looks the same, only heavier."""
    if size <= at_most:
        return np.arange(size)
    return np.unique(np.linspace(0, size - 1, at_most).round().astype(np.intp))


def svg_plot(
    lines=(),
    *,
    x_range,
    y_range,
    width=450,
    height=288,
    title="",
    xlabel="",
    ylabel="",
    marker=None,
    shade_from=None,
    legend="lower left",
    css_class=None,
    points=(),
    segments=(),
    y_ticks=True,
    footer="",
) -> str:
    """A plot as an inline SVG of ``width`` × ``height`` px: lines, points, segments, legend.

    Cheap enough to redraw at every step of a slider (no matplotlib, no PNG), and it
    never stretches: its size is fixed. ``marker`` is the x of a black vertical line (the
    slider's value, e.g. a threshold), ``shade_from`` shades the plot right of an x.
    ``legend`` is "lower left", "upper left" or None. ``footer`` is raw SVG text drawn
    under the x axis (e.g. a colour key).
    """
    left = 44 if y_ticks else 12
    right, top, bottom = 10, 24 if title else 10, 36 if not footer else 48
    (x0, x1), (y0, y1) = x_range, y_range
    w, h = width - left - right, height - top - bottom

    def sx(v):
        return left + (min(max(float(v), x0), x1) - x0) / (x1 - x0) * w

    def sy(v):
        return top + (y1 - float(v)) / (y1 - y0) * h

    parts = [
        f'<svg{f" class={chr(34)}{css_class}{chr(34)}" if css_class else ""} width="{width}" '
        f'height="{height}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">',
        f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="#fff" stroke="#444"/>',
    ]
    if title:
        parts.append(
            f'<text x="{left + w / 2}" y="15" font-size="12" font-weight="bold" '
            f'text-anchor="middle">{html.escape(title)}</text>'
        )
    if shade_from is not None:
        parts.append(
            f'<rect x="{sx(shade_from):.1f}" y="{top}" width="{left + w - sx(shade_from):.1f}" '
            f'height="{h}" fill="#000" fill-opacity="0.07"/>'
        )
    ticks = 6 if width >= 300 else 3
    for k in range(ticks):
        xv, yv = x0 + k * (x1 - x0) / (ticks - 1), y0 + k * (y1 - y0) / (ticks - 1)
        parts.append(
            f'<text x="{sx(xv):.1f}" y="{top + h + 12}" font-size="9" text-anchor="middle">'
            f"{number(xv, 2, style='g')}</text>"
        )
        if y_ticks:
            parts.append(
                f'<text x="{left - 3}" y="{sy(yv) + 3:.1f}" font-size="9" text-anchor="end">'
                f"{number(yv, 2, style='g')}</text>"
            )
    parts.append(
        f'<text x="{left + w / 2}" y="{top + h + 25}" font-size="11" text-anchor="middle">'
        f"{html.escape(xlabel)}</text>"
    )
    if ylabel:
        parts.append(
            f'<text x="11" y="{top + h / 2}" font-size="11" text-anchor="middle" '
            f'transform="rotate(-90 11 {top + h / 2})">{html.escape(ylabel)}</text>'
        )
    for group in segments:
        path = "".join(
            f"M{sx(a):.1f} {sy(b):.1f}V{sy(c):.1f}"
            for a, b, c in zip(group.x, group.start, group.end, strict=True)
        )
        parts.append(
            f'<path d="{path}" stroke="{group.colour}" stroke-width="{group.width}" fill="none"/>'
        )
    for line in lines:
        coords = " ".join(
            f"{sx(a):.1f},{sy(b):.1f}"
            for a, b in zip(line.x, line.y, strict=True)
            if math.isfinite(b)
        )
        dash = _DASHES[line.style]
        parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{line.colour}" '
            f'stroke-width="{line.width}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
        )
    for group in points:
        parts.append(
            f'<g fill="{group.colour}" fill-opacity="0.75">'
            + "".join(
                f'<circle cx="{sx(a):.1f}" cy="{sy(b):.1f}" r="{group.radius}"/>'
                for a, b in zip(group.x, group.y, strict=True)
            )
            + "</g>"
        )
    if marker is not None:
        parts.append(
            f'<line x1="{sx(marker):.1f}" y1="{top}" x2="{sx(marker):.1f}" y2="{top + h}" '
            'stroke="#000" stroke-width="1.5"/>'
        )
    labelled = [item for item in (*lines, *points) if item.label] if legend else []
    y_start = top + h - 6 - 13 * len(labelled) if legend == "lower left" else top + 4
    for k, item in enumerate(labelled):
        y = y_start + 13 * k + 8
        if isinstance(item, Points):
            parts.append(
                f'<circle cx="{left + 16}" cy="{y - 3}" r="{item.radius}" fill="{item.colour}"/>'
            )
        else:
            dash = _DASHES[item.style]
            parts.append(
                f'<line x1="{left + 6}" y1="{y - 3}" x2="{left + 26}" y2="{y - 3}" '
                f'stroke="{item.colour}" stroke-width="1.8"'
                + (f' stroke-dasharray="{dash}"' if dash else "")
                + "/>"
            )
        parts.append(
            f'<text x="{left + 30}" y="{y}" font-size="10">{html.escape(item.label)}</text>'
        )
    if footer:
        parts.append(f'<g transform="translate(6,{height - 6})">{footer}</g>')
    parts.append("</svg>")
    return "".join(parts)
