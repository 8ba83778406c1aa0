"""An explorer of the four counts of a binary confusion matrix and every metric built on them.

Four sliders set TP, FN, FP and TN (laid out as the confusion matrix: target in the rows,
prediction in the columns). Under them, a dot grid draws one dot per instance in its
result type's colour (the actual positives on the left, the actual negatives on the right;
hits round, errors triangular, each group named by its letters), beside the matrix and four
headline numbers: accuracy, precision, recall (shown once, with its other names, TPR and
sensitivity) and specificity. The dot grid is a :class:`~evalbook.widgets._canvas.DragCanvas`:
a click or a drag on the actual positives moves the boundary between TP and FN to the
pointer (the positives stay as many), and on the actual negatives the one between FP and
TN. A fold holds every metric of :data:`~evalbook.BINARY_METRICS` and
:data:`~evalbook.MULTICLASS_METRICS`, so a metric added to the registries appears there
without touching this module.
"""

from __future__ import annotations

import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import UndefinedMetricWarning, check_whole_number
from evalbook._core.messages import N_
from evalbook._core.render import (
    MARK_COLOUR,
    RESULT_COLOURS,
    Cell,
    confusion_html,
    html_table,
    number,
    say,
    side_by_side,
    term,
)
from evalbook.metrics._classification import metrics_table
from evalbook.metrics._confusion import ConfusionMatrix
from evalbook.widgets._base import Explorer
from evalbook.widgets._canvas import DragCanvas

_CELLS = ("tp", "fn", "fp", "tn")
_TEXT = {
    "tp": N_("true positives"),
    "fn": N_("false negatives"),
    "fp": N_("false positives"),
    "tn": N_("true negatives"),
    "caption": N_("<b>Rows: target; columns: prediction. The first class is the positive one.</b>"),
    "mcc_zero": N_("{value} (denominator 0 → 0, by convention)"),
    "all_metrics": N_("every metric"),
    "actual_positives": N_("actual positives"),
    "actual_negatives": N_("actual negatives"),
    "drag": N_("Drag along the dots to move instances between TP and FN (or FP and TN)."),
}
#: The headline: metric → the other names of the same number, shown beside it.
HEADLINE = {
    "accuracy": (),
    "precision": ("ppv",),
    "recall": ("tpr", "sensitivity"),
    "specificity": ("tnr",),
}
_DOT_PITCH, _DOT_RADIUS, _DOTS_PER_ROW = 14, 5, 16  # px; a dot is 10 px across
_GAP_DOTS = 2  # the gap between the two groups, in dot pitches
_LEFT, _TOP = 10, 56  # px: the first dot's cell's left edge, the first row's centre
_SHAPES = {"TP": "circle", "TN": "circle", "FN": "triangle", "FP": "triangle"}


class CountsExplorer(Explorer):
    """Sliders for TP, FN, FP and TN with a live table of every metric they determine.

    The metrics of a 2×2 confusion matrix (Kelleher, Mac Namee & D'Arcy (2020), ch. 9; the
    documentation of R's ``caret::confusionMatrix``). The metrics are those of
    :data:`~evalbook.BINARY_METRICS` and :data:`~evalbook.MULTICLASS_METRICS`, evaluated by
    :func:`~evalbook.metrics_table` on the matrix ``[[tp, fn], [fp, tn]]`` (first class
    positive). A metric that is 0/0 for the current counts shows as "undefined (0/0)"
    ("indefinido (0/0)" in Portuguese, see :func:`evalbook.set_config`) and is ``nan`` in
    :attr:`metrics`; no warning is emitted. The MCC keeps its usual convention (0 when a sum
    in its denominator is 0, :func:`evalbook.mcc`), and the table says so.

    Display the explorer by making it the last expression of a notebook cell. Drive it from
    Python by setting ``.value`` on a slider, then read :attr:`confusion_matrix` and
    :attr:`metrics`.

    Parameters
    ----------
    tp, fn, fp, tn : int
        Initial counts. Non-negative whole numbers no larger than ``max_count``.
    max_count : int, default 100
        Upper end of every slider (at least 1).

    Attributes
    ----------
    tp, fn, fp, tn : ipywidgets.IntSlider
        The four controls, from 0 to ``max_count``.
    dots_view : DragCanvas
        The dot grid: a click or drag on it moves instances between TP and FN (left) or FP
        and TN (right); its ``x`` is a column and ``y`` a row of the grid.
    widget : ipywidgets.VBox
        The whole explorer: the sliders and the table.

    Raises
    ------
    TypeError
        If a count or ``max_count`` is not a whole number.
    ValueError
        If a count is negative or above ``max_count``, or ``max_count`` < 1.

    Examples
    --------
    >>> explorer = CountsExplorer(6, 3, 2, 9)
    >>> explorer
    CountsExplorer(tp=6, fn=3, fp=2, tn=9)
    >>> explorer.metrics[["accuracy", "precision", "recall"]].round(4).to_dict()
    {'accuracy': 0.75, 'precision': 0.75, 'recall': 0.6667}
    >>> explorer.fp.value = 0
    >>> explorer.metrics[["precision", "fpr"]].to_dict()
    {'precision': 1.0, 'fpr': 0.0}
    >>> explorer.tp.value = 0
    >>> explorer.metrics[["precision", "recall"]].to_dict()
    {'precision': nan, 'recall': 0.0}
    >>> "precision" in explorer.html and "undefined (0/0)" in explorer.html
    True
    """

    @classmethod
    def example(cls) -> CountsExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(8, 2, 3, 7)

    def __init__(self, tp, fn, fp, tn, *, max_count=100):
        max_count = check_whole_number(max_count, "max_count", minimum=1)
        counts = {}
        for name, value in zip(_CELLS, (tp, fn, fp, tn), strict=True):
            value = check_whole_number(value, name)
            if value < 0:
                raise ValueError(f"{name} must be a non-negative count; got {value}")
            if value > max_count:
                raise ValueError(
                    f"{name}={value} is larger than max_count={max_count}, the end of the "
                    f"slider; pass max_count={value} or more"
                )
            counts[name] = value

        sliders = {
            name: widgets.IntSlider(
                value=counts[name],
                min=0,
                max=max_count,
                description=name.upper(),
                tooltip=f"{name.upper()}: {say(_TEXT, name)}",
                continuous_update=True,
            )
            for name in _CELLS
        }
        caption = widgets.HTML(say(_TEXT, "caption"))
        grid = widgets.GridBox(
            list(sliders.values()),
            layout=widgets.Layout(grid_template_columns="repeat(2, max-content)"),
        )
        self._max_count = max_count
        self._rows = -(-2 * max_count // _DOTS_PER_ROW)  # the grid's rows at the largest counts
        self._view = widgets.HTML()
        self._fold = widgets.HTML()  # every metric, under the grid and the matrix
        self.dots_view = DragCanvas(
            mode="drag-xy",
            width=2 * _DOTS_PER_ROW * _DOT_PITCH + 50,
            height=_TOP + self._rows * _DOT_PITCH,
            x_step=1.0,
            y_step=1.0,
            x_min=0.0,
            x_max=float(2 * _DOTS_PER_ROW + _GAP_DOTS),
            y_min=0.0,
            y_max=float(self._rows - 1),
            label=say(_TEXT, "drag"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        layout = widgets.VBox(
            [caption, grid, widgets.HBox([self.dots_view, self._view]), self._fold]
        )
        self._setup(sliders, [self.dots_view, self._view, self._fold], layout)
        self.dots_view.observe(self._on_drag, names=["x", "y"])

    # ------------------------------------------------------------------ read-only state

    @property
    def confusion_matrix(self) -> ConfusionMatrix:
        """The 2×2 matrix ``[[TP, FN], [FP, TN]]`` of the current slider values."""
        return ConfusionMatrix([[self.tp.value, self.fn.value], [self.fp.value, self.tn.value]])

    @property
    def metrics(self):
        """Every registry metric for the current counts: a pandas Series, name → float.

        Undefined values (0/0) are ``nan``; the MCC is 0 when its denominator is 0.
        """
        return self._table()["value"]

    # ------------------------------------------------------------------ internals
    def _table(self):
        """``metrics_table`` of the current matrix, 0/0 → nan, with no warning escaping.

        ``zero_division=nan`` silences every 0/0 but the MCC's, whose zero-denominator
        convention always warns; that warning is expected here.
        """
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            table = metrics_table(self.confusion_matrix, zero_division=np.nan)
        table["value"] = table["value"].astype(float)
        return table

    def _on_drag(self, change) -> None:
        """A point of the grid (column ``x``, row ``y``, in dot pitches) → the boundary
        between TP and FN (left group) or FP and TN (right group), the group's total kept."""
        if self._restoring:
            return
        column, row = round(self.dots_view.x), round(self.dots_view.y)
        if column <= _DOTS_PER_ROW + _GAP_DOTS // 2:
            first, second, column = self.tp, self.fn, min(column, _DOTS_PER_ROW)
        else:
            first, second = self.fp, self.tn
            column -= _DOTS_PER_ROW + _GAP_DOTS
        total = first.value + second.value
        top = self._max_count
        value = min(max(row * _DOTS_PER_ROW + column, total - top, 0), total, top)
        if value == first.value:
            return
        self._restoring = True  # one redraw for the two sliders
        try:
            first.value = value
        finally:
            self._restoring = False
        second.value = total - value

    def _mcc_denominator_is_zero(self) -> bool:
        tp, fn, fp, tn = (getattr(self, name).value for name in _CELLS)
        return 0 in (tp + fp, tp + fn, tn + fp, tn + fn)

    def _refresh(self, change=None) -> None:
        table = self._table()
        rows = []
        for name, row in table.iterrows():
            text = number(row["value"], 4)
            if name == "mcc" and self._mcc_denominator_is_zero():
                text = say(_TEXT, "mcc_zero", value=text)
            rows.append(
                [
                    Cell(term(name), attrs={"data-metric": name, "title": row["source"]}),
                    Cell(text, align="right"),
                    row["formula"],
                ]
            )
        header = [term(key) for key in ("metric", "value", "formula")]
        half = (len(rows) + 1) // 2  # two columns of metrics: the table fits a projector
        tables = (html_table(part, header=header) for part in (rows[:half], rows[half:]))
        cm = self.confusion_matrix
        headline = html_table(
            [
                [
                    Cell(
                        " = ".join([term(name), *(_short(other) for other in others)]),
                        attrs={"data-headline": name},
                    ),
                    Cell(number(table.loc[name, "value"], 3), align="right"),
                ]
                for name, others in HEADLINE.items()
            ]
        )
        self._restoring = True  # the grid's point follows the sliders (not passed back)
        try:
            row, column = divmod(self.tp.value, _DOTS_PER_ROW)
            self.dots_view.x, self.dots_view.y = float(column), float(row)
        finally:
            self._restoring = False
        self.dots_view.svg = self._dots_svg()
        top = side_by_side(
            confusion_html(cm.counts, cm.labels, result_colours=True),
            headline,
            gap="1.5em",
        )
        fold = (
            f"<details><summary>{say(_TEXT, 'all_metrics')}</summary>"
            f"{side_by_side(*tables, gap='1em')}</details>"
        )
        self._view.value = top
        self._fold.value = fold

    @property
    def html(self) -> str:
        """The HTML the explorer currently shows: the dot grid (its static SVG) beside the
        matrix and the headline, then the fold of every metric."""
        top = side_by_side(self.dots_view.html, self._view.value, gap="1.5em")
        return top + self._fold.value

    @property
    def dots(self) -> dict:
        """The dot grid: result type → the (x, y) pixel centres of its dots, one per instance."""
        counts = {name.upper(): getattr(self, name).value for name in _CELLS}
        placed = {}
        for column, kinds in enumerate((("TP", "FN"), ("FP", "TN"))):
            # actual positives on the left (TP first), actual negatives on the right (TN last)
            left = _LEFT + column * (_DOTS_PER_ROW + _GAP_DOTS) * _DOT_PITCH
            k = 0
            for kind in kinds:
                spots = []
                for _ in range(counts[kind]):
                    row, col = divmod(k, _DOTS_PER_ROW)
                    spots.append((left + col * _DOT_PITCH + 7, _TOP + row * _DOT_PITCH))
                    k += 1
                placed[kind] = spots
        return placed

    def _dots_svg(self) -> str:
        """One dot per instance, in its result type's colour; hits round, errors triangles."""
        placed = self.dots
        # a fixed height, for the largest counts the sliders reach: nothing moves on a
        # slide while a slider is dragged
        rows = self._rows
        width, height = self.dots_view.width, self.dots_view.height
        # the plot area: x in dot pitches from the first column (the right group from
        # 16 + 2), y the row (0 at the top), so a pointer maps to a dot's place
        plot_width = (2 * _DOTS_PER_ROW + _GAP_DOTS) * _DOT_PITCH
        parts = [
            f'<svg width="{width}" height="{height}" xmlns="http://www.w3.org/2000/svg" '
            f'font-family="sans-serif" font-size="14" '
            f'data-plot="{_LEFT} {_TOP - _DOT_PITCH / 2} {plot_width} {rows * _DOT_PITCH}" '
            f'data-x="0 {2 * _DOTS_PER_ROW + _GAP_DOTS}" data-y="{rows - 0.5} -0.5">'
        ]
        for column, key in enumerate(("actual_positives", "actual_negatives")):
            left = _LEFT + column * (_DOTS_PER_ROW + _GAP_DOTS) * _DOT_PITCH
            parts.append(f'<text x="{left}" y="16" font-size="14">{say(_TEXT, key)}</text>')
        for kind, spots in placed.items():
            for x, y in spots:
                parts.append(_mark(kind, x, y, _DOT_RADIUS))
        # the key under each header: each group's mark, letters and count (the second cue)
        for column, kinds in enumerate((("TP", "FN"), ("FP", "TN"))):
            left = _LEFT + column * (_DOTS_PER_ROW + _GAP_DOTS) * _DOT_PITCH
            for k, kind in enumerate(kinds):
                x = left + 7 + k * 70
                parts.append(_mark(kind, x, 33, _DOT_RADIUS))
                parts.append(
                    f'<text x="{x + 9}" y="38" font-size="14" font-weight="bold">'
                    f"{kind} {len(placed[kind])}</text>"
                )
        parts.append("</svg>")
        return "".join(parts)


def _mark(kind: str, x: float, y: float, r: float) -> str:
    """One instance's mark: a dot for a hit, a triangle for an error, in its result's colour."""
    colour = RESULT_COLOURS[kind]
    if _SHAPES[kind] == "circle":
        return (
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}" stroke="{MARK_COLOUR}" '
            f'stroke-width="1" data-result="{kind}"/>'
        )
    return (
        f'<path d="M{x} {y - r * 1.2:.1f}L{x + r * 1.1:.1f} {y + r * 0.8:.1f}'
        f'H{x - r * 1.1:.1f}Z" fill="{colour}" stroke="{MARK_COLOUR}" stroke-width="1" '
        f'data-result="{kind}"/>'
    )


def _short(name: str) -> str:
    """A metric's name without its gloss: "TPR (recall)" → "TPR"."""
    return term(name).split(" (")[0]
