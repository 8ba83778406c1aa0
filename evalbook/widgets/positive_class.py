"""Explorer: choose which class is positive and watch the result types and the matrix change.

Which class is the positive one is a choice, not a property of the data; the outcomes TP,
FN, FP and TN are those of Kelleher, Mac Namee & D'Arcy (2020), ch. 9.
Swapping the positive class of a binary problem turns every TP into a TN, every FN into
an FP and vice versa; the matrix is the same table read from the other corner.

The classes are also chips in a :class:`~evalbook.widgets._canvas.DragCanvas`: a click on a
chip (or ← → with the chips focused) makes that class the positive one.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import as_label_array
from evalbook._core.messages import N_
from evalbook._core.render import (
    MARK_COLOUR,
    REFERENCE_COLOUR,
    RESULT_COLOURS,
    Cell,
    check_ids,
    chips,
    confusion_html,
    html_table,
    say,
    side_by_side,
)
from evalbook.metrics._confusion import ConfusionMatrix, result_types
from evalbook.widgets._base import Explorer
from evalbook.widgets._canvas import DragCanvas

#: The four result types, in the order of the matrix cells (TP, FN / FP, TN).
RESULT_TYPES = ("TP", "FN", "FP", "TN")

#: The table lists at most this many instances (the counts and the matrix cover all).
MAX_ROWS = 200
COLUMN_ROWS = 10  # rows of the instance table in one column before it runs in two
_TEXT = {
    "positive": N_("positive class"),
    "header": (N_("id"), N_("target"), N_("prediction"), N_("result")),
    "caption": N_("positive class: <b>{positive}</b>{more}"),
    "more": N_(" (the first {rows} of {n} instances)"),
    "click": N_("Click a class (or ← →) to make it the positive class."),
}
_CHIPS_PX = 600  # px: the classes' chips together at most
_CHIP_PX = 110  # px: one chip at most
_CHIP_HEIGHT = 36  # px


class PositiveClassExplorer(Explorer):
    """Choose the positive class and see each prediction's result type and the matrix.

    Shows (a) the table of instances with their target, prediction and result type (TP, FN,
    FP, TN; rows coloured by type), (b) the confusion matrix with the chosen class first
    (target in the rows; each cell in its result type's colour, as the table's rows; for
    more than two classes, the chosen class against the rest) and (c) the four counts.
    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (the outcomes of a prediction).

    Every label other than the chosen one counts as negative, so for more than two classes
    the counts are those of the chosen class against the rest (one-vs-rest).

    Parameters
    ----------
    y_true : sequence of labels
        The target (actual) class of each instance.
    y_pred : sequence of labels
        The predicted class of each instance, same length as ``y_true``.
    labels : sequence, optional
        The classes and their order, as in :meth:`ConfusionMatrix.from_labels`; the first
        one is the positive class at the start. At least two classes are needed.
    ids : sequence, optional
        One unique identifier per instance, shown in the table's ``id`` column. Defaults
        to 1, 2, ..., n.

    Attributes
    ----------
    positive : ipywidgets.ToggleButtons
        The control: its ``value`` is the positive class, its options are the classes.
    class_view : DragCanvas
        The classes as chips: a click on one sets ``positive`` (its ``x`` is the class's
        position in the options).
    table_view, matrix_view, counts_view : ipywidgets.HTML
        The three views, updated whenever ``positive.value`` changes.
    widget : ipywidgets.VBox
        The whole explorer; the instance displays it when it is the last expression of a
        notebook cell.

    Examples
    --------
    >>> y_true = ["spam", "spam", "ham", "spam", "ham", "ham", "spam", "ham"]
    >>> y_pred = ["spam", "ham", "spam", "spam", "ham", "ham", "ham", "ham"]
    >>> explorer = PositiveClassExplorer(y_true, y_pred, labels=["spam", "ham"])
    >>> explorer.confusion_matrix.tp, explorer.confusion_matrix.fn
    (2, 2)
    >>> explorer.positive.value = "ham"
    >>> explorer.confusion_matrix.tp, explorer.confusion_matrix.fn
    (3, 1)
    >>> explorer.counts
    {'TP': 3, 'FN': 1, 'FP': 2, 'TN': 2}
    >>> explorer.table.head(3)
       id target prediction result
    0   1   spam       spam     TN
    1   2   spam        ham     FP
    2   3    ham       spam     FN
    """

    @classmethod
    def example(cls) -> PositiveClassExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(["a", "b", "a", "a", "b", "b"], ["a", "a", "b", "a", "b", "a"])

    def __init__(self, y_true, y_pred, *, labels=None, ids=None):
        self._matrix = ConfusionMatrix.from_labels(y_true, y_pred, labels=labels)
        if self._matrix.n_classes < 2:
            raise ValueError(
                f"y_true and y_pred hold a single class {self._matrix.labels!r}; choosing the "
                "positive class needs at least two. Pass labels= listing both classes"
            )
        self._y_true = as_label_array(y_true, "y_true")
        self._y_pred = as_label_array(y_pred, "y_pred")
        self._ids = check_ids(ids, self._y_true)
        present = set(self._y_true.tolist()) | set(self._y_pred.tolist())
        self._present = {label for label in self._matrix.labels if label in present}

        labels = self._matrix.labels
        positive = widgets.ToggleButtons(
            options=[(str(label), label) for label in labels],
            value=labels[0],
            description=say(_TEXT, "positive"),
            style={"description_width": "initial"},
        )
        self._chip_px = min(_CHIP_PX, _CHIPS_PX // len(labels))
        self.class_view = DragCanvas(
            mode="click-x",
            width=self._chip_px * len(labels),
            height=_CHIP_HEIGHT,
            x_options=[float(i) for i in range(len(labels))],
            label=say(_TEXT, "click"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self.table_view = widgets.HTML()
        self.matrix_view = widgets.HTML()
        self.counts_view = widgets.HTML()
        layout = widgets.VBox(
            [
                positive,
                self.class_view,
                widgets.HBox(
                    [
                        self.table_view,
                        widgets.VBox(
                            [self.matrix_view, self.counts_view],
                            layout=widgets.Layout(margin="0 0 0 24px"),
                        ),
                    ],
                    layout=widgets.Layout(align_items="flex-start"),
                ),
            ]
        )
        views = [self.class_view, self.table_view, self.matrix_view, self.counts_view]
        self._setup({"positive": positive}, views, layout)
        self.class_view.link(
            self.positive,
            to_control=lambda x: labels[min(max(round(x), 0), len(labels) - 1)],
            from_control=lambda label: float(labels.index(label)),
        )

    # ------------------------------------------------------------------ read-only views
    @property
    def confusion_matrix(self) -> ConfusionMatrix:
        """The confusion matrix with the chosen positive class first (rows = target)."""
        return self._matrix.with_positive(self.positive.value)

    @property
    def result_types(self) -> np.ndarray:
        """Each instance's result type (``"TP"``, ``"FN"``, ``"FP"``, ``"TN"``), in order."""
        positive = self.positive.value
        if positive not in self._present:  # a class listed in labels= but never seen
            return np.full(len(self._y_true), "TN")
        return result_types(self._y_true, self._y_pred, positive=positive)

    @property
    def counts(self) -> dict:
        """The number of instances of each result type, ``{"TP": ..., "FN": ..., ...}``."""
        cells = self._matrix.one_vs_rest(self.positive.value).counts.ravel()
        return {name: int(count) for name, count in zip(RESULT_TYPES, cells, strict=True)}

    @property
    def table(self):
        """A new DataFrame with columns ``id``, ``target``, ``prediction`` and ``result``."""
        from evalbook._core.tables import DisplayFrame

        return DisplayFrame(
            {
                "id": self._ids,
                "target": self._y_true,
                "prediction": self._y_pred,
                "result": self.result_types,
            }
        )

    # ------------------------------------------------------------------ display
    def _matrix_shown(self) -> ConfusionMatrix:
        """The matrix drawn: the 2×2 matrix, or the chosen class against the rest."""
        if self._matrix.n_classes == 2:
            return self.confusion_matrix
        return self._matrix.one_vs_rest(self.positive.value)

    def _refresh(self, change=None) -> None:
        types = self.result_types
        self.table_view.value = self._table_html(types)
        # the matrix's cells take their result type's colour, as the table's rows: with more
        # than two classes, the chosen class against the rest (the table's result types)
        cm = self._matrix_shown()
        self.matrix_view.value = confusion_html(cm.counts, cm.labels, result_colours=True)
        self.counts_view.value = self._counts_html()
        self.class_view.svg = self._chips_svg()

    def _chips_svg(self) -> str:
        """The classes as chips side by side, the positive one filled (in TP's colour),
        bold and framed; the plot area spans them, x = a class's position."""
        labels = self._matrix.labels
        chosen = labels.index(self.positive.value)
        chip, n = self._chip_px, len(labels)
        width, height = chip * n, _CHIP_HEIGHT
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" data-plot="0 0 {width} {height}" '
            f'data-x="-0.5 {n - 0.5:.12g}" data-y="0 1" font-family="sans-serif">'
        ]
        for i, label in enumerate(labels):
            fill = RESULT_COLOURS["TP"] if i == chosen else "#ffffff"
            weight = ' font-weight="bold"' if i == chosen else ""
            text = html.escape(str(label))
            parts.append(
                f'<g data-class="{i}"><rect x="{i * chip + 3}" y="4" width="{chip - 6}" '
                f'height="{height - 8}" rx="6" fill="{fill}" stroke="{REFERENCE_COLOUR}"/>'
                f'<text x="{i * chip + chip / 2}" y="{height / 2 + 5}" font-size="14" '
                f'text-anchor="middle"{weight}>{text}<title>{text}</title></text></g>'
            )
        parts.append(
            f'<g data-mark="class"><rect x="{chosen * chip + 1.5}" y="1.5" width="{chip - 3}" '
            f'height="{height - 3}" rx="7" fill="none" stroke="{MARK_COLOUR}" '
            f'stroke-width="3"/></g></svg>'
        )
        return "".join(parts)

    def _table_html(self, types: np.ndarray) -> str:
        shown = slice(0, MAX_ROWS)
        rows = [
            [row_id, target, prediction, Cell(f"<b>{kind}</b>", raw=True)]
            for row_id, target, prediction, kind in zip(
                self._ids[shown],
                self._y_true[shown],
                self._y_pred[shown],
                types[shown],
                strict=True,
            )
        ]
        attrs = [
            {"data-result": kind, "style": f"background:{RESULT_COLOURS[kind]};color:#000"}
            for kind in types[shown]
        ]
        positive = html.escape(str(self.positive.value))
        more = say(_TEXT, "more", rows=MAX_ROWS, n=types.size) if types.size > MAX_ROWS else ""
        # beyond COLUMN_ROWS rows the table runs in two columns, so 20 instances fit a slide
        half = -(-len(rows) // 2) if len(rows) > COLUMN_ROWS else len(rows)
        tables = [
            html_table(
                rows[start : start + half],
                header=say(_TEXT, "header"),
                caption=say(_TEXT, "caption", positive=positive, more=more) if start == 0 else "",
                raw_caption=True,
                row_attrs=attrs[start : start + half],
            )
            for start in range(0, max(len(rows), 1), max(half, 1))
        ]
        return tables[0] if len(tables) == 1 else side_by_side(*tables, gap="0.75em")

    def _counts_html(self) -> str:
        return (
            "<p>"
            + chips(
                (f"{name} = <b>{count}</b>", RESULT_COLOURS[name])
                for name, count in self.counts.items()
            )
            + "</p>"
        )

    def _repr_fields(self) -> dict:
        return {
            "n": len(self._y_true),
            "labels": self._matrix.labels,
            "positive": self.positive.value,
        }
