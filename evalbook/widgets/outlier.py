"""Explorer: drag one target away and watch MSE and RMSE jump while MAE barely moves.

The metrics of Kelleher, Mac Namee & D'Arcy (2020), ch. 9: squaring makes the MSE penalise
large errors more heavily, so it is sensitive to outliers, and the MAE less so. Moving one
target by d changes that instance's error by d: the MAE by at most |d|/n, the MSE by about
d²/n. The predictions stay fixed: the model is the same, only one target in the test set is
an outlier.

The student drags the chosen point itself up and down on the plot (a
:class:`~evalbook.widgets._canvas.DragCanvas`, linked to the shift slider; ↑ ↓ and Python
drive it too), and the numbers follow while dragging. Each error is drawn as a square of
its size: its area is the squared error, so the MSE is the mean area and one outlier's
square dwarfs the others. The plot's axes are fixed (the data and every reachable
shift): nothing moves but the point.
"""

from __future__ import annotations

import math
import numbers
import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import UndefinedMetricWarning, as_number_pair
from evalbook._core.messages import N_
from evalbook._core.render import MARK_COLOUR, REFERENCE_COLOUR, Cell, html_table, number, say
from evalbook._core.svg import MARK_RADIUS, Line, Points, Squares, svg_plot
from evalbook.metrics._regression import mae, mse, r2, rmse
from evalbook.widgets._base import Explorer, fold, headline_html
from evalbook.widgets._canvas import DragCanvas

#: The metrics the explorer shows: name → (function, label in the table).
METRICS = {
    "mse": (mse, "MSE (eq. 20)"),
    "rmse": (rmse, "RMSE (eq. 21)"),
    "mae": (mae, "MAE (eq. 22)"),
    "r2": (r2, "R² (eq. 23)"),
}

_PLOT_PIXELS = (460, 380)  # width and height of the figure, in pixels
#: At most this many instances are drawn in the plot (all enter the metrics).
MAX_DRAWN = 1000
_TEXT = {
    "point": N_("instance"),
    "shift": N_("shift"),
    "header": (N_("metric"), N_("original"), N_("now"), N_("ratio")),
    "moved": N_("Target of instance {i}: {before} → {after}"),
    "perfect": N_("perfect prediction"),
    "instances": N_("instances"),
    "moved_one": N_("shifted"),
    "prediction": N_("prediction"),
    "target": N_("target"),
    "squares": N_("squared errors"),
    "drag": N_("target against prediction: drag the black point up or down, or use ↑ ↓"),
    "times": N_("{name} ×"),
}


def _default_data(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """20 noisy points around a line and the least-squares line's predictions."""
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 10, 20)
    t = 3 + 2 * x + rng.normal(0, 1.5, size=x.size)
    slope, intercept = np.polyfit(x, t, 1)
    return t, intercept + slope * x


def _metrics(t, y) -> dict[str, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return {name: function(t, y) for name, (function, _) in METRICS.items()}


class OutlierExplorer(Explorer):
    """Shift one target by a slider and compare MSE, RMSE, MAE and R² before and after.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. A scatter plot shows target against prediction (the
    diagonal is a perfect prediction), the chosen instance in red; a table shows each
    metric for the original targets, for the shifted ones and their ratio.

    Parameters
    ----------
    y_true : sequence of float, optional
        The targets. Default: 20 points around the line 3 + 2x with noise (``seed``).
    y_pred : sequence of float, optional
        The predictions, same length as ``y_true`` (given together with it). Default: the
        least-squares line fitted to the default targets.
    index : int, optional
        The instance whose target moves at the start. Default: the middle one.
    max_shift : float, optional
        The slider runs from −max_shift to +max_shift. Default: twice the range of ``y_true``.
    seed : int, default 0
        Seed of the default data.

    Attributes
    ----------
    point : ipywidgets.IntSlider
        Which instance's target moves (0 to n − 1).
    shift : ipywidgets.FloatSlider
        How much is added to that target.
    plot : DragCanvas
        The scatter plot, target against prediction, with each error's square: drag the
        chosen point up or down to shift its target.
    table_view : ipywidgets.HTML
        The table of metrics.
    widget : ipywidgets.VBox
        The whole explorer.

    Examples
    --------
    >>> explorer = OutlierExplorer(y_true=[1.0, 2.0, 3.0, 4.0], y_pred=[1.5, 2.0, 2.5, 4.0])
    >>> explorer.metrics["mse"], explorer.metrics["mae"]
    (0.125, 0.25)
    >>> explorer.point.value, explorer.shift.value = 3, 6.0
    >>> explorer.targets.tolist()
    [1.0, 2.0, 3.0, 10.0]
    >>> explorer.metrics["mse"], explorer.metrics["mae"]
    (9.125, 1.75)
    >>> explorer.ratios["mse"], explorer.ratios["mae"]
    (73.0, 7.0)
    """

    @classmethod
    def example(cls) -> OutlierExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls()

    def __init__(self, y_true=None, y_pred=None, *, index=None, max_shift=None, seed=0):
        if (y_true is None) != (y_pred is None):
            raise TypeError("give both y_true and y_pred (targets and predictions), or neither")
        # checked even when y_true and y_pred are given: a bad seed is refused, never ignored
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
            raise TypeError(f"seed must be a whole number; got {type(seed).__name__}")
        if seed < 0:
            raise ValueError(f"seed must be a non-negative whole number; got {seed}")
        if y_true is None:
            y_true, y_pred = _default_data(int(seed))
        y_true, y_pred = as_number_pair(y_true, y_pred)
        n = y_true.size
        if n < 2:
            raise ValueError(f"y_true and y_pred need at least two instances; got {n}")
        if index is None:
            index = n // 2
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, numbers.Integral):
            raise TypeError(f"index must be a whole number; got {type(index).__name__}")
        if not 0 <= index < n:
            raise ValueError(f"index must be between 0 and {n - 1}; got {index}")
        if max_shift is None:
            spread = float(y_true.max() - y_true.min())
            max_shift = 2 * spread if spread > 0 else 1.0
        if isinstance(max_shift, (bool, np.bool_)) or not isinstance(max_shift, numbers.Real):
            raise TypeError(f"max_shift must be a number; got {type(max_shift).__name__}")
        max_shift = float(max_shift)
        if not (max_shift > 0 and math.isfinite(max_shift)):
            raise ValueError(f"max_shift must be a finite number greater than 0; got {max_shift}")

        self._t = y_true
        self._y = y_pred
        self._baseline = _metrics(y_true, y_pred)
        controls = {
            "point": widgets.IntSlider(
                value=int(index),
                min=0,
                max=n - 1,
                description=say(_TEXT, "point"),
                continuous_update=True,
            ),
            "shift": widgets.FloatSlider(
                value=0.0,
                min=-max_shift,
                max=max_shift,
                step=max_shift / 200,
                description=say(_TEXT, "shift"),
                style={"description_width": "initial"},
                continuous_update=True,
                readout_format=".2f",
            ),
        }
        self._max_shift = max_shift
        low = float(min(y_true.min(), y_pred.min()))
        high = float(max(y_true.max(), y_pred.max()))
        pad = 0.05 * (high - low) or 1.0
        self._x_range = (low - pad, high + pad)
        self._y_range = (low - max_shift - pad, high + max_shift + pad)  # every reachable target
        self.plot = DragCanvas(
            mode="drag-y",
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            y_step=max_shift / 200,
            label=say(_TEXT, "drag"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self._headline = widgets.HTML()
        self._drawn = np.arange(n)
        if n > MAX_DRAWN:  # a fixed sample: the plot stays light, the numbers use every point
            self._drawn = np.sort(np.random.default_rng(0).choice(n, MAX_DRAWN, replace=False))
        self.table_view = widgets.HTML()
        layout = widgets.VBox(
            [
                widgets.HBox(list(controls.values())),
                widgets.HBox(
                    [self.plot, widgets.VBox([self._headline, fold([self.table_view])])],
                    layout=widgets.Layout(align_items="flex-start"),
                ),
            ]
        )
        self._setup(controls, [self._headline, self.plot, self.table_view], layout)
        self.plot.link(
            self.shift,
            name="y",
            to_control=lambda y: y - float(self._t[self.point.value]),
            from_control=lambda shift: float(self._t[self.point.value]) + shift,
        )

    # ------------------------------------------------------------------ read-only state
    @property
    def predictions(self) -> np.ndarray:
        """The predictions (a copy); they never change."""
        return self._y.copy()

    @property
    def targets(self) -> np.ndarray:
        """The targets with the chosen one shifted (a new array)."""
        targets = self._t.copy()
        targets[self.point.value] += self.shift.value
        return targets

    @property
    def baseline(self) -> dict[str, float]:
        """MSE, RMSE, MAE and R² of the original targets."""
        return dict(self._baseline)

    @property
    def metrics(self) -> dict[str, float]:
        """MSE, RMSE, MAE and R² of the current (shifted) targets."""
        return _metrics(self.targets, self._y)

    @property
    def ratios(self) -> dict[str, float]:
        """Each error metric now divided by its original value (``nan`` if that was 0).

        R² is left out: it is not an error and can change sign.
        """
        return self._ratios(self.metrics)

    def _ratios(self, now: dict[str, float]) -> dict[str, float]:
        return {
            name: now[name] / self._baseline[name] if self._baseline[name] != 0 else math.nan
            for name in ("mse", "rmse", "mae")
        }

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {"n": self._t.size, "point": self.point.value, "shift": self.shift.value}

    # ------------------------------------------------------------------ internals
    def _refresh(self, change=None) -> None:
        now = self.metrics
        ratios = self._ratios(now)
        rows = []
        for name, (_, label) in METRICS.items():
            ratio = ratios.get(name)
            ratio_text = "" if ratio is None or math.isnan(ratio) else f"× {number(ratio, 2)}"
            rows.append(
                [
                    label,
                    Cell(number(self._baseline[name], 4), align="right"),
                    Cell(number(now[name], 4), align="right"),
                    Cell(ratio_text, align="right"),
                ]
            )
        i = self.point.value
        self._headline.value = headline_html(
            [
                *(
                    (say(_TEXT, "times", name=name.upper()), ratios[name])
                    for name in ("mse", "rmse", "mae")
                ),
                ("R²", now["r2"]),
            ],
            digits=2,
        )
        start = float(self._t[i])
        self.plot.y_min, self.plot.y_max = start - self._max_shift, start + self._max_shift
        self.plot.svg = self._plot_svg()
        if self.plot.y != start + self.shift.value:  # another point: the mark is there now
            self.plot.y = start + self.shift.value
        self.table_view.value = html_table(rows, header=say(_TEXT, "header")) + (
            "<p>"
            + say(
                _TEXT,
                "moved",
                i=i,
                before=number(self._t[i], 2),
                after=number(self.targets[i], 2),
            )
            + "</p>"
        )

    def _plot_svg(self) -> str:
        """Target against prediction as SVG: the diagonal is the perfect prediction, each
        error a square of its size (its area the squared error), the shifted instance a
        black dot (at most ``MAX_DRAWN`` instances drawn, a fixed sample, and always the
        shifted one)."""
        targets, chosen = self.targets, self.point.value
        drawn = self._drawn
        low, high = self._x_range
        return svg_plot(
            [Line([low, high], [low, high], say(_TEXT, "perfect"), REFERENCE_COLOUR, "--", 1.5)],
            x_range=self._x_range,
            y_range=self._y_range,
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            xlabel=say(_TEXT, "prediction"),
            ylabel=say(_TEXT, "target"),
            legend="below",
            css_class="evalbook-outlier-plot",
            squares=[
                Squares(self._y[drawn], self._y[drawn], targets[drawn], label=say(_TEXT, "squares"))
            ],
            points=[
                Points(self._y[drawn], targets[drawn], say(_TEXT, "instances"), "#555555", 3),
                Points(
                    [self._y[chosen]],
                    [targets[chosen]],
                    say(_TEXT, "moved_one"),
                    MARK_COLOUR,
                    MARK_RADIUS + 1,
                    mark=True,
                ),
            ],
        )
