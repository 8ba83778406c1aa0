"""An explorer of the four counts of a binary confusion matrix and every metric built on them.

Four sliders set TP, FN, FP and TN (laid out as the confusion matrix: target in the rows,
prediction in the columns); a table under them shows the matrix and every
metric of :data:`~evalbook.BINARY_METRICS` and :data:`~evalbook.MULTICLASS_METRICS`, so a
metric added to the registries appears here without touching this module.
"""

from __future__ import annotations

import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import UndefinedMetricWarning, check_whole_number
from evalbook._core.messages import N_
from evalbook._core.render import Cell, confusion_html, html_table, number, say, side_by_side, term
from evalbook.metrics._classification import metrics_table
from evalbook.metrics._confusion import ConfusionMatrix
from evalbook.widgets._base import Explorer

_CELLS = ("tp", "fn", "fp", "tn")
_TEXT = {
    "tp": N_("true positives"),
    "fn": N_("false negatives"),
    "fp": N_("false positives"),
    "tn": N_("true negatives"),
    "caption": N_("<b>Rows: target; columns: prediction. The first class is the positive one.</b>"),
    "mcc_zero": N_("{value} (denominator 0 → 0, by convention)"),
}


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
        self._view = widgets.HTML()
        self._setup(sliders, [self._view], widgets.VBox([caption, grid, self._view]))

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
        self._view.value = side_by_side(confusion_html(cm.counts, cm.labels), *tables, gap="1em")
