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

from evalbook._core.render import CLASS_COLOURS, MARK_COLOUR, number

__all__ = [
    "FONT_SIZES",
    "LINE_COLOURS",
    "LINE_WIDTH",
    "MARK_RADIUS",
    "Line",
    "Points",
    "Segments",
    "Squares",
    "nice_ticks",
    "plot_frame",
    "svg_plot",
    "thin",
]

#: Colours of the lines of a plot, in order: Okabe & Ito's (the workbook's palette,
#: :mod:`evalbook._core.render`); an explorer picks the colour of a line's meaning there.
LINE_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
#: Width of a data line and radius of the dot at the current value, in pixels: a line of
#: 3 px and a dot of 9 px across read from the back of a classroom at 1280×720.
LINE_WIDTH, MARK_RADIUS = 3.0, 4.5
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
    colour: str = CLASS_COLOURS[0]
    radius: float = 2.5
    shape: str = "circle"  # or "triangle", "square"
    mark: bool = False  # the current value: opaque, a white edge, moved while dragged

    def marks(self, xs, ys) -> str:
        """The SVG of a mark at each pixel position."""
        if self.shape == "square":
            r = self.radius * 0.89  # a square of the circle's area
            return "".join(
                f'<rect x="{a - r:.1f}" y="{b - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}"/>'
                for a, b in zip(xs, ys, strict=True)
            )
        if self.shape == "circle":
            return "".join(
                f'<circle cx="{a:.1f}" cy="{b:.1f}" r="{self.radius}"/>'
                for a, b in zip(xs, ys, strict=True)
            )
        if self.shape != "triangle":
            raise ValueError(f"shape must be 'circle', 'triangle' or 'square'; got {self.shape!r}")
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
    colour: str = CLASS_COLOURS[0]
    style: str = "-"
    width: float = LINE_WIDTH


@dataclass(frozen=True)
class Segments:
    """Vertical segments of :func:`svg_plot`: at each ``x``, from ``start`` to ``end``."""

    x: object
    start: object
    end: object
    colour: str = "#ccc"
    width: float = 1.0


@dataclass(frozen=True)
class Squares:
    """Squares of :func:`svg_plot`, one per ``x``: each spans ``start`` to ``end`` on the y
    axis and as many pixels rightwards, so that its area is the squared length (e.g. the
    squared error of a regression), whatever the scales of the two axes."""

    x: object
    start: object
    end: object
    colour: str = "#999"
    opacity: float = 0.25
    label: str = ""


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
    squares=(),
    x_log=False,
) -> str:
    """A plot as an inline SVG of ``width`` × ``height`` px: lines, points, segments, legend.

    Cheap enough to redraw at every step of a slider (no matplotlib, no PNG), and it
    never stretches: its size is fixed. ``marker`` is the x of a black vertical line (the
    control's value, e.g. a threshold; the drag view :mod:`evalbook.widgets._canvas` moves
    it), ``shade_from`` shades the plot right of an x. ``legend`` is "lower left",
    "upper left", "below" (under the x axis, off the data) or None. ``footer`` is raw SVG
    text drawn under the x axis (e.g. a colour key). ``squares`` (:class:`Squares`) are
    drawn under the lines, clipped to the plot area. The axes tick at round values
    (:func:`nice_ticks`; whole numbers on x with ``x_integer``; with ``x_log`` the x axis is
    logarithmic, ticked at the powers of ten, and ``x_range`` must be positive); the text
    is at least 14 px
    (:data:`FONT_SIZES`).

    The ``<svg>`` carries its plot area (``data-plot="left top width height"`` in pixels)
    and its ranges (``data-x``, ``data-y``): the drag view turns a pointer into data
    coordinates with them. The marker and the points marked as the current value carry
    ``data-mark``.
    """
    sizes = FONT_SIZES
    (x0, x1), (y0, y1) = x_range, y_range
    step = sizes["legend"] + 4
    labelled = [item for item in (*lines, *points, *squares) if item.label] if legend else []
    below_rows = _legend_rows(labelled, width) if legend == "below" else []
    top = sizes["title"] + 12 if title else sizes["tick"] // 2 + 4
    bottom = sizes["tick"] + sizes["label"] + 16 + (sizes["legend"] + 4 if footer else 0)
    bottom += step * len(below_rows)
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
        f'height="{height}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" '
        f'data-plot="{left} {top} {w} {h}" data-x="{x0:.12g} {x1:.12g}" '
        f'data-y="{y0:.12g} {y1:.12g}">',
        f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="#fff" stroke="#444"/>',
    ]
    if title:
        parts.append(
            f'<text x="{left + w / 2}" y="{sizes["title"] + 2}" font-size="{sizes["title"]}" '
            f'font-weight="bold" text-anchor="middle">{html.escape(title)}</text>'
        )
    if shade_from is not None:
        parts.append(
            f'<rect data-mark="shade" x="{sx(shade_from):.1f}" y="{top}" '
            f'width="{left + w - sx(shade_from):.1f}" height="{h}" fill="#000" '
            'fill-opacity="0.07"/>'
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
    clip = f"evalbook-clip-{left}-{top}-{w}-{h}"  # one plot area, one id
    if squares:
        parts.append(
            f'<clipPath id="{clip}"><rect x="{left}" y="{top}" width="{w}" height="{h}"/>'
            "</clipPath>"
        )
    for group in squares:
        rects = "".join(
            f'<rect x="{sx(a):.1f}" y="{min(sy(b), sy(c)):.1f}" '
            f'width="{abs(sy(c) - sy(b)):.1f}" height="{abs(sy(c) - sy(b)):.1f}"/>'
            for a, b, c in zip(group.x, group.start, group.end, strict=True)
        )
        parts.append(
            f'<g class="evalbook-squares" clip-path="url(#{clip})" fill="{group.colour}" '
            f'fill-opacity="{group.opacity}" stroke="{group.colour}" stroke-width="1">{rects}</g>'
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
    if marker is not None:
        parts.append(
            f'<line data-mark="x" x1="{sx(marker):.1f}" y1="{top}" x2="{sx(marker):.1f}" '
            f'y2="{top + h}" stroke="{MARK_COLOUR}" stroke-width="{LINE_WIDTH}"/>'
        )
    for group in points:
        if group.mark:  # the current value: opaque, with a white edge, on top
            parts.append(
                f'<g data-mark="point" fill="{group.colour}" stroke="#fff" stroke-width="1.5">'
                + group.marks([sx(a) for a in group.x], [sy(b) for b in group.y])
                + "</g>"
            )
        else:
            parts.append(
                f'<g fill="{group.colour}" fill-opacity="0.75">'
                + group.marks([sx(a) for a in group.x], [sy(b) for b in group.y])
                + "</g>"
            )
    if legend == "below":
        y = top + h + tick + label + 12  # the last row's baseline 4 px above the bottom
        for row in below_rows:
            y += step
            for x, item in row:
                parts.append(_legend_item(item, x + left, y))
    elif labelled:
        y_start = top + h - 6 - step * len(labelled) if legend == "lower left" else top + 4
        for k, item in enumerate(labelled):
            parts.append(_legend_item(item, left, y_start + step * k + sizes["legend"] - 1))
    if footer:
        parts.append(f'<g transform="translate(6,{height - 6})">{footer}</g>')
    parts.append("</svg>")
    return "".join(parts)


def _legend_width(item) -> float:
    return 34 + len(item.label) * _CHAR * FONT_SIZES["legend"] + 14


def _legend_rows(items, width: float) -> list:
    """The legend's items laid out in rows under the plot: [(x, item), ...] per row."""
    rows, row, x = [], [], 0.0
    for item in items:
        if row and x + _legend_width(item) > width - 20:
            rows.append(row)
            row, x = [], 0.0
        row.append((x, item))
        x += _legend_width(item)
    return [*rows, row] if row else rows


def _legend_item(item, left: float, y: float) -> str:
    """One legend entry at ``left`` with its text's baseline at ``y``."""
    step = FONT_SIZES["legend"] + 4
    if isinstance(item, Points):
        mark = f'<g fill="{item.colour}">{item.marks([left + 16], [y - 0.35 * step])}</g>'
    elif isinstance(item, Squares):
        mark = (
            f'<rect x="{left + 9}" y="{y - 12}" width="12" height="12" fill="{item.colour}" '
            f'fill-opacity="{item.opacity}" stroke="{item.colour}"/>'
        )
    else:
        dash = _DASHES[item.style]
        mark = (
            f'<line x1="{left + 6}" y1="{y - 5}" x2="{left + 26}" y2="{y - 5}" '
            f'stroke="{item.colour}" stroke-width="{LINE_WIDTH}"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + "/>"
        )
    return (
        f'{mark}<text x="{left + 30}" y="{y}" font-size="{FONT_SIZES["legend"]}">'
        f"{html.escape(item.label)}</text>"
    )


def plot_frame(svg: str) -> dict:
    """The plot area and ranges an :func:`svg_plot` carries: pixels ↔ data coordinates.

    >>> frame = plot_frame(svg_plot(x_range=(0, 1), y_range=(0, 2), width=300, height=200))
    >>> frame["x_range"], frame["y_range"], frame["width"] < 300
    ((0.0, 1.0), (0.0, 2.0), True)
    """
    import re

    found = re.search(r'data-plot="([^"]+)" data-x="([^"]+)" data-y="([^"]+)"', svg)
    if found is None:
        raise ValueError("svg is not a plot of svg_plot (no data-plot)")
    left, top, width, height = (float(v) for v in found[1].split())
    x_range = tuple(float(v) for v in found[2].split())
    y_range = tuple(float(v) for v in found[3].split())
    return {
        "left": left,
        "top": top,
        "width": width,
        "height": height,
        "x_range": x_range,
        "y_range": y_range,
    }
