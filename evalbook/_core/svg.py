"""Plots as inline SVG for the explorers: lines, points, segments, a marker, a legend.

Part of the renderer (:mod:`evalbook._core.render`): an explorer redraws its plot at every step
of a slider, so the plot is a few kilobytes of SVG text built in about a millisecond (no
matplotlib, no PNG), and it never stretches: its size is fixed in pixels.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

import numpy as np

from evalbook._core.render import number

__all__ = [
    "FONT_SIZES",
    "LINE_COLOURS",
    "Line",
    "Points",
    "Segments",
    "nice_ticks",
    "svg_plot",
    "thin",
]

#: Colours of the lines of a plot, in order (matplotlib's first four).
LINE_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728")
_DASHES = {"-": "", "--": "6 3", ":": "2 3"}
#: Font sizes of a plot's text, in pixels (the SVG is drawn at its size, never scaled):
#: read from the back of a classroom on a 1280×720 projector, none is below 14 px.
FONT_SIZES = {"tick": 14, "label": 15, "title": 15, "legend": 14}
_CHAR = 0.6  # width of a digit of a sans-serif font, in ems (to leave room for tick labels)


@dataclass(frozen=True)
class Points:
    """Points of :func:`svg_plot` (a scatter), with an optional legend label."""

    x: object
    y: object
    label: str = ""
    colour: str = "#1f77b4"
    radius: float = 2.5
    shape: str = "circle"  # or "triangle"

    def marks(self, xs, ys) -> str:
        """The SVG of a mark at each pixel position."""
        if self.shape == "circle":
            return "".join(
                f'<circle cx="{a:.1f}" cy="{b:.1f}" r="{self.radius}"/>'
                for a, b in zip(xs, ys, strict=True)
            )
        if self.shape != "triangle":
            raise ValueError(f"shape must be 'circle' or 'triangle'; got {self.shape!r}")
        r = self.radius * 1.3  # a triangle of the circle's area looks as big
        return "".join(
            f'<path d="M{a:.1f} {b - r:.1f}L{a + 0.87 * r:.1f} {b + 0.5 * r:.1f}'
            f'H{a - 0.87 * r:.1f}Z"/>'
            for a, b in zip(xs, ys, strict=True)
        )


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


def nice_ticks(low: float, high: float, at_most: int, *, integer: bool = False) -> list:
    """Round tick values in [``low``, ``high``]: multiples of 1, 2, 2.5 or 5 × 10^k.

    The smallest such step that gives at most ``at_most`` ticks (at least two); with
    ``integer``, whole numbers only (a tree depth, a k).

    Examples
    --------
    >>> nice_ticks(0, 1, 6)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(1, 15, 5, integer=True), nice_ticks(0.04, 0.061, 4)
    ([5, 10, 15], [0.04, 0.05, 0.06])
    """
    at_most = max(int(at_most), 2)
    span = high - low
    if not span > 0:
        return [low]
    exponent = math.floor(math.log10(span / at_most)) - 1
    while True:
        for mantissa in (1, 2, 2.5, 5):
            step = mantissa * 10.0**exponent
            if integer and (step < 1 or not float(step).is_integer()):
                continue
            first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
            if last - first + 1 <= at_most:
                ticks = [round(k * step, 12) for k in range(first, last + 1)]
                return [int(t) for t in ticks] if integer else ticks
        exponent += 1


def _tick_text(value) -> str:
    return number(value, 6, style="g")


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
    x_integer=False,
    x_log=False,
) -> str:
    """A plot as an inline SVG of ``width`` × ``height`` px: lines, points, segments, legend.

    Cheap enough to redraw at every step of a slider (no matplotlib, no PNG), and it
    never stretches: its size is fixed. ``marker`` is the x of a black vertical line (the
    slider's value, e.g. a threshold), ``shade_from`` shades the plot right of an x.
    ``legend`` is "lower left", "upper left" or None. ``footer`` is raw SVG text drawn
    under the x axis (e.g. a colour key). The axes tick at round values
    (:func:`nice_ticks`; whole numbers on x with ``x_integer``; with ``x_log`` the x axis
    is logarithmic, ticked at the powers of ten, and ``x_range`` must be positive); the
    text is at least
    14 px (:data:`FONT_SIZES`).
    """
    sizes = FONT_SIZES
    (x0, x1), (y0, y1) = x_range, y_range
    top = sizes["title"] + 12 if title else sizes["tick"] // 2 + 4
    bottom = sizes["tick"] + sizes["label"] + 16 + (sizes["legend"] + 4 if footer else 0)
    h = height - top - bottom
    y_values = nice_ticks(
        y0,
        y1,
        h // (3 * sizes["tick"]),
    )
    y_texts = [_tick_text(v) for v in y_values] if y_ticks else []
    tick_width = max((len(t) for t in y_texts), default=0) * _CHAR * sizes["tick"]
    left = round(tick_width + 8 + (sizes["label"] + 6 if ylabel else 0)) if y_ticks else 12
    right = round(_CHAR * sizes["tick"] * 2)  # half the last x tick label
    w = width - left - right
    x_values = nice_ticks(x0, x1, w // (4 * sizes["tick"]), integer=bool(x_integer))

    def sx(v):
        return left + (min(max(float(v), x0), x1) - x0) / (x1 - x0) * w

    if x_log:  # a logarithmic x axis, ticked at the powers of ten
        lx0, lx1 = math.log10(x0), math.log10(x1)
        x_values = [10**k for k in range(math.ceil(lx0 - 1e-9), math.floor(lx1 + 1e-9) + 1)]

        def sx(v):
            return left + (min(max(math.log10(float(v)), lx0), lx1) - lx0) / (lx1 - lx0) * w

    def sy(v):
        return top + (y1 - float(v)) / (y1 - y0) * h

    parts = [
        f'<svg{f" class={chr(34)}{css_class}{chr(34)}" if css_class else ""} width="{width}" '
        f'height="{height}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">',
        f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="#fff" stroke="#444"/>',
    ]
    if title:
        parts.append(
            f'<text x="{left + w / 2}" y="{sizes["title"] + 2}" font-size="{sizes["title"]}" '
            f'font-weight="bold" text-anchor="middle">{html.escape(title)}</text>'
        )
    if shade_from is not None:
        parts.append(
            f'<rect x="{sx(shade_from):.1f}" y="{top}" width="{left + w - sx(shade_from):.1f}" '
            f'height="{h}" fill="#000" fill-opacity="0.07"/>'
        )
    tick = sizes["tick"]
    for xv in x_values:
        parts.append(
            f'<text x="{sx(xv):.1f}" y="{top + h + tick + 3}" font-size="{tick}" '
            f'text-anchor="middle">{_tick_text(xv)}</text>'
        )
    for yv, text in zip(y_values, y_texts, strict=False):
        parts.append(
            f'<text x="{left - 4}" y="{sy(yv) + 0.35 * tick:.1f}" font-size="{tick}" '
            f'text-anchor="end">{text}</text>'
        )
    label = sizes["label"]
    parts.append(
        f'<text x="{left + w / 2}" y="{top + h + tick + label + 9}" font-size="{label}" '
        f'text-anchor="middle">{html.escape(xlabel)}</text>'
    )
    if ylabel:
        parts.append(
            f'<text x="{label}" y="{top + h / 2}" font-size="{label}" text-anchor="middle" '
            f'transform="rotate(-90 {label} {top + h / 2})">{html.escape(ylabel)}</text>'
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
            + group.marks([sx(a) for a in group.x], [sy(b) for b in group.y])
            + "</g>"
        )
    if marker is not None:
        parts.append(
            f'<line x1="{sx(marker):.1f}" y1="{top}" x2="{sx(marker):.1f}" y2="{top + h}" '
            'stroke="#000" stroke-width="1.5"/>'
        )
    labelled = [item for item in (*lines, *points) if item.label] if legend else []
    step = sizes["legend"] + 4
    y_start = top + h - 6 - step * len(labelled) if legend == "lower left" else top + 4
    for k, item in enumerate(labelled):
        y = y_start + step * k + sizes["legend"] - 1
        if isinstance(item, Points):
            parts.append(
                f'<g fill="{item.colour}">{item.marks([left + 16], [y - 0.35 * step])}</g>'
            )
        else:
            dash = _DASHES[item.style]
            parts.append(
                f'<line x1="{left + 6}" y1="{y - 5}" x2="{left + 26}" y2="{y - 5}" '
                f'stroke="{item.colour}" stroke-width="1.8"'
                + (f' stroke-dasharray="{dash}"' if dash else "")
                + "/>"
            )
        parts.append(
            f'<text x="{left + 30}" y="{y}" font-size="{sizes["legend"]}">'
            f"{html.escape(item.label)}</text>"
        )
    if footer:
        parts.append(f'<g transform="translate(6,{height - 6})">{footer}</g>')
    parts.append("</svg>")
    return "".join(parts)
