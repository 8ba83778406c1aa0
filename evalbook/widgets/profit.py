"""Explorer: edit the profit matrix and watch which model earns more.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (profit matrices): the model with the higher
average class accuracy need not make the larger profit, for instance when a false positive
costs five times what a true positive earns. Change the prices and see when the verdict
flips: for two classes a plot draws each model's profit against the price of a false
positive, a dot on each line at the current price, and marks the price where the lines
cross (the verdict flips there).
"""

from __future__ import annotations

import html
import math
import numbers

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import as_profit_matrix
from evalbook._core.messages import N_
from evalbook._core.render import (
    CLASS_COLOURS,
    MARK_COLOUR,
    Cell,
    html_table,
    number,
    percent,
    say,
    term,
)
from evalbook._core.svg import LINE_WIDTH, MARK_RADIUS, Line, Points, svg_plot
from evalbook.metrics._classification import accuracy, average_class_accuracy, profit
from evalbook.metrics._confusion import as_confusion_matrix
from evalbook.widgets._base import Explorer
from evalbook.widgets._canvas import DragCanvas

_NAMES_2X2 = (("tp", "fn"), ("fp", "tn"))
_TEXT = {
    "caption": N_("<b>Profit matrix</b> (rows: target; columns: prediction; per instance)"),
    "same": N_("The metric and the profit choose the same model."),
    "differ": N_(
        "The metric would choose <b>{metric}</b>, but the profit chooses <b>{profit}</b>."
    ),
    "fp_axis": N_("profit of a false positive (FP)"),
    "price_title": N_("profit against the price of an FP"),
    "crossing": N_("tie at FP = {price}"),
}
_MARKS = ("circle", "triangle")  # the second cue of each model's line, beside its colour
_STYLES = ("-", "--", ":")


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
    canvas : DragCanvas
        For two classes, the profit-against-FP-price plot: dragging its line sets ``fp``
        (in steps of 10, within the plot's range, fixed at the start).
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
    >>> explorer.crossovers  # the FP price where the two models earn the same
    {('a', 'b'): -560.0}
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
        self._price_range = None
        views, row = [self._view], [widgets.VBox([caption, grid, self._view])]
        if k == 2:
            # the price plot: drag its line to set the FP price (or type it in the box);
            # its x range is fixed at the start, so the plot stays still under the pointer
            self._price_range = self._fixed_range(float(gains[1, 0]))
            self.canvas = DragCanvas(
                mode="drag-x",
                width=460,
                height=300,
                x_step=10.0,
                x_min=self._price_range[0],
                x_max=self._price_range[1],
                label=say(_TEXT, "price_title"),
            )
            views.append(self.canvas)
            row.append(self.canvas)
        controls = {
            self._cell_name(i, j).lower(): cell
            for i, row in enumerate(self.cells)
            for j, cell in enumerate(row)
        }
        layout = widgets.HBox(row, layout=widgets.Layout(align_items="flex-start"))
        self._setup(controls, views, layout, attributes=k == 2)
        if k == 2:
            self.canvas.link(self.fp)

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

    @property
    def crossovers(self) -> dict:
        """For two classes: the FP price at which each pair of models earns the same.

        The profit of a model is linear in the price ``c`` of a false positive,
        ``rest + FP·c``; two lines with different FP counts cross at
        ``c = (rest_a − rest_b) / (FP_b − FP_a)``. A dict (model, model) → price; a pair
        with equal FP counts never crosses and is left out; empty for more than two
        classes.
        """
        lines = self._price_lines()
        if lines is None:
            return {}
        names = list(lines)
        found = {}
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                (rest_a, fp_a), (rest_b, fp_b) = lines[a], lines[b]
                if fp_a != fp_b:
                    found[(a, b)] = float((rest_a - rest_b) / (fp_b - fp_a))
        return found

    def _price_lines(self) -> dict | None:
        """For two classes, each model's profit as ``rest + FP·c`` in the FP price c."""
        if len(self._labels) != 2:
            return None
        gains = self.profit_matrix.to_numpy()
        lines = {}
        for name, cm in self._models.items():
            counts = cm.counts.astype(float)
            rest = float((counts * gains).sum() - counts[1, 0] * gains[1, 0])
            lines[name] = (rest, float(counts[1, 0]))
        return lines

    def _fixed_range(self, price: float) -> tuple[float, float]:
        """The price plot's x range: the start price, the crossovers and 0, with room."""
        crossings = [c for c in self.crossovers.values() if math.isfinite(c)]
        low = min([price, *crossings, 0.0])
        high = max([price, *crossings, 0.0])
        span = max(high - low, abs(price), 100.0)
        return low - 0.25 * span, high + 0.25 * span

    def _price_svg(self) -> str:
        lines = self._price_lines()
        if lines is None:
            return ""
        price = float(self.fp.value)
        crossings = [c for c in self.crossovers.values() if math.isfinite(c)]
        x0, x1 = self._price_range
        drawn, dots, values = [], [], []
        for k, (name, (rest, fp)) in enumerate(lines.items()):
            colour = CLASS_COLOURS[k % len(CLASS_COLOURS)]
            ys = [rest + fp * x0, rest + fp * x1]
            values += ys
            drawn.append(
                Line(
                    [x0, x1], ys, term(name), colour=colour, style=_STYLES[k % 3], width=LINE_WIDTH
                )
            )
            dots.append(
                Points(
                    [price],
                    [rest + fp * price],
                    colour=colour,
                    radius=5,
                    shape=_MARKS[k % 2],
                    mark=True,
                )
            )
        for (a, _), c in self.crossovers.items():
            rest, fp = lines[a]
            values.append(rest + fp * c)
            dots.append(Points([c], [rest + fp * c], colour=MARK_COLOUR, radius=MARK_RADIUS))
        y0, y1 = min(values), max(values)
        pad = 0.08 * max(y1 - y0, 1.0)
        footer = ""
        if crossings:
            footer = (
                '<text font-size="14">'
                + html.escape(
                    "; ".join(say(_TEXT, "crossing", price=number(c, 0)) for c in crossings)
                )
                + "</text>"
            )
        return svg_plot(
            drawn,
            points=dots,
            x_range=(x0, x1),
            y_range=(y0 - pad, y1 + pad),
            marker=price,
            width=460,
            height=300,
            title=say(_TEXT, "price_title"),
            xlabel=say(_TEXT, "fp_axis"),
            ylabel=term("profit"),
            legend="upper left",
            footer=footer,
        )

    def _refresh(self, change=None) -> None:
        table = self.table
        winner = self.winner
        best_metric = str(table["average_class_accuracy_hm"].idxmax())
        # the headline: each model's average class accuracy and profit; its accuracy in a fold
        rows = [
            [
                Cell(f"{html.escape(term(name))}{' 🏆' if name == winner else ''}", raw=True),
                Cell(percent(row["average_class_accuracy_hm"], 2), align="right"),
                Cell(number(row["profit"], 2), align="right"),
            ]
            for name, row in table.iterrows()
        ]
        header = [term(key) for key in ("model", "average_class_accuracy_hm", "profit")]
        folded = html_table(
            [
                [term(name), Cell(percent(row["accuracy"], 2), align="right")]
                for name, row in table.iterrows()
            ],
            header=[term("model"), term("accuracy")],
        )
        more = f"<details><summary>{term('accuracy')}</summary>{folded}</details>"
        if best_metric == winner:
            verdict = say(_TEXT, "same")
        else:
            verdict = say(
                _TEXT,
                "differ",
                metric=html.escape(term(best_metric)),
                profit=html.escape(term(winner)),
            )
        numbers = html_table(rows, header=header) + f"<p>{verdict}</p>" + more
        self._view.value = numbers
        if self._price_range is not None:
            self.canvas.svg = self._price_svg()


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
