"""Explorer: edit the profit matrix and watch which model earns more.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (profit matrices): the model with the higher
average class accuracy need not make the larger profit, for instance when a false positive
costs five times what a true positive earns. Change the prices and see when the verdict
flips.
"""

from __future__ import annotations

import html
import math
import numbers

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import as_profit_matrix
from evalbook._core.messages import N_
from evalbook._core.render import Cell, html_table, number, percent, say, term
from evalbook.metrics._classification import accuracy, average_class_accuracy, profit
from evalbook.metrics._confusion import as_confusion_matrix
from evalbook.widgets._base import Explorer

_NAMES_2X2 = (("tp", "fn"), ("fp", "tn"))
_TEXT = {
    "caption": N_("<b>Profit matrix</b> (rows: target; columns: prediction; per instance)"),
    "same": N_("The metric and the profit choose the same model."),
    "differ": N_(
        "The metric would choose <b>{metric}</b>, but the profit chooses <b>{profit}</b>."
    ),
}


class ProfitExplorer(Explorer):
    """Edit a profit matrix; a table shows each model's profit and accuracies, and the winner.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (profit matrices). One number box per cell of
    the profit matrix (rows = target, columns = prediction, as the confusion matrices); for
    every model the table shows its accuracy, its harmonic average class accuracy and its
    profit (:func:`evalbook.profit`), and names the model with the largest profit.

    Parameters
    ----------
    models : dict of str -> ConfusionMatrix
        The models to compare, all with the same classes in the same order.
    profit_matrix : array-like of shape (k, k) or pandas.DataFrame
        Initial profits, in the orientation of the matrices (rows = target).

    Attributes
    ----------
    cells : list of list of ipywidgets.FloatText
        ``cells[i][j]`` is the profit of target ``labels[i]`` predicted as ``labels[j]``.
    tp, fn, fp, tn : ipywidgets.FloatText
        For two classes, the same four controls by name.
    widget : ipywidgets.VBox

    Examples
    --------
    >>> from evalbook import ConfusionMatrix
    >>> models = {
    ...     "a": ConfusionMatrix([[43, 17], [3, 37]], labels=["yes", "no"]),
    ...     "b": ConfusionMatrix([[57, 3], [10, 30]], labels=["yes", "no"]),
    ... }
    >>> explorer = ProfitExplorer(models, [[140, -140], [-700, 0]])
    >>> explorer.profits.to_dict()
    {'a': 1540.0, 'b': 560.0}
    >>> explorer.winner
    'a'
    >>> explorer.fp.value = -100  # a cheap false alarm
    >>> explorer.profits.to_dict(), explorer.winner
    ({'a': 3340.0, 'b': 6560.0}, 'b')
    """

    @classmethod
    def example(cls) -> ProfitExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        from evalbook import ConfusionMatrix

        models = {
            "a": ConfusionMatrix([[43, 17], [3, 37]], labels=["yes", "no"]),
            "b": ConfusionMatrix([[57, 3], [10, 30]], labels=["yes", "no"]),
        }
        return cls(models, [[140, -140], [-700, 0]])

    def __init__(self, models, profit_matrix):
        self._models = _check_models(models)
        first = next(iter(self._models.values()))
        self._labels = first.labels
        gains = as_profit_matrix(profit_matrix, first)
        k = first.n_classes
        self.cells = [
            [
                widgets.FloatText(
                    value=float(gains[i, j]),
                    description=self._cell_name(i, j),
                    layout=widgets.Layout(width="200px"),
                    style={"description_width": "60px"},
                )
                for j in range(k)
            ]
            for i in range(k)
        ]
        caption = widgets.HTML(say(_TEXT, "caption"))
        grid = widgets.GridBox(
            [cell for row in self.cells for cell in row],
            layout=widgets.Layout(grid_template_columns=f"repeat({k}, max-content)"),
        )
        self._view = widgets.HTML()
        controls = {
            self._cell_name(i, j).lower(): cell
            for i, row in enumerate(self.cells)
            for j, cell in enumerate(row)
        }
        self._setup(
            controls, [self._view], widgets.VBox([caption, grid, self._view]), attributes=k == 2
        )

    def _cell_name(self, i: int, j: int) -> str:
        if len(self._labels) == 2:
            return _NAMES_2X2[i][j].upper()
        return f"{self._labels[i]}→{self._labels[j]}"

    # ------------------------------------------------------------------ read-only state
    @property
    def profit_matrix(self):
        """The current profit matrix, a DataFrame (index target, columns prediction)."""
        import pandas as pd

        from evalbook._core.tables import DisplayFrame

        values = [[cell.value for cell in row] for row in self.cells]
        return DisplayFrame(
            values,
            index=pd.Index(self._labels, name="target"),
            columns=pd.Index(self._labels, name="prediction"),
        )

    @property
    def profits(self):
        """Each model's profit under the current matrix: a Series, model name → float."""

        from evalbook._core.tables import DisplaySeries

        gains = self.profit_matrix
        return DisplaySeries(
            {name: profit(cm, gains) for name, cm in self._models.items()}, name="profit"
        )

    @property
    def winner(self) -> str:
        """The name of the model with the largest profit (the first one if tied)."""
        profits = self.profits
        return str(profits.index[int(np.argmax(profits.to_numpy()))])

    @property
    def table(self):
        """Per model: accuracy, harmonic average class accuracy and profit (a DataFrame)."""

        rows = {
            name: {
                "accuracy": accuracy(cm),
                "average_class_accuracy_hm": average_class_accuracy(
                    cm, average="harmonic", zero_division=math.nan
                ),
                "profit": value,
            }
            for (name, cm), value in zip(self._models.items(), self.profits, strict=True)
        }
        from evalbook._core.tables import DisplayFrame  # shown in the display language

        frame = DisplayFrame.from_dict(rows, orient="index")
        frame.index.name = "model"
        return frame

    def _refresh(self, change=None) -> None:
        table = self.table
        winner = self.winner
        best_metric = str(table["average_class_accuracy_hm"].idxmax())
        rows = [
            [
                Cell(f"{html.escape(term(name))}{' 🏆' if name == winner else ''}", raw=True),
                Cell(percent(row["accuracy"], 2), align="right"),
                Cell(percent(row["average_class_accuracy_hm"], 3), align="right"),
                Cell(number(row["profit"], 2), align="right"),
            ]
            for name, row in table.iterrows()
        ]
        header = [term(key) for key in ("model", "accuracy", "average_class_accuracy_hm", "profit")]
        if best_metric == winner:
            verdict = say(_TEXT, "same")
        else:
            verdict = say(
                _TEXT,
                "differ",
                metric=html.escape(term(best_metric)),
                profit=html.escape(term(winner)),
            )
        self._view.value = html_table(rows, header=header) + f"<p>{verdict}</p>"


def _check_models(models) -> dict:
    if not isinstance(models, dict) or not models:
        raise TypeError(
            "models must be a non-empty dict of name -> confusion matrix; "
            f"got {type(models).__name__}"
        )
    checked = {}
    for name, cm in models.items():
        if not isinstance(name, str):
            raise TypeError(f"models keys must be model names (str); got {name!r}")
        if isinstance(cm, numbers.Number):
            raise TypeError(f"models[{name!r}] must be a confusion matrix; got {cm!r}")
        checked[name] = as_confusion_matrix(cm, f"models[{name!r}]")
    labels = next(iter(checked.values())).labels
    for name, cm in checked.items():
        if cm.labels != labels:
            raise ValueError(
                f"models[{name!r}] has the classes {cm.labels!r}, but the first model has "
                f"{labels!r}; every model must have the same classes in the same order"
            )
    if len(labels) < 2:
        raise ValueError("the models need at least two classes")
    return checked
