"""Explorer: model complexity against training and validation error, with the boundary.

Training, validation and test sets and the validation curve (Witten, Frank, Hall & Pal
(2017), *Data Mining*, ch. 5; Hastie, Tibshirani & Friedman (2009), ch. 7). One
slider sets the complexity of a model trained on two-dimensional data: the maximum depth
of a decision tree, or the number of neighbours k of a kNN (fewer neighbours = a more
complex model). Next to it: the training and validation error of every setting (the
validation curve, with a grey line at the slider) and the decision regions of the current
model over the training and validation points. Underfitting shows as two high errors and
a straight-ish boundary, overfitting as a training error near 0, a rising validation error
and islands around single training points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import (
    as_array,
    as_label_array,
    check_choice,
    check_label_types,
    check_open_fraction,
    check_whole_number,
)
from evalbook._core.messages import N_
from evalbook._core.render import CLASS_COLOURS, REGION_TINT, Cell, blend, html_table, say
from evalbook._core.svg import LINE_COLOURS, Line, Points, Segments, nice_ticks, svg_plot
from evalbook.model_selection import holdout
from evalbook.widgets._base import Explorer

#: The models the explorer knows, and the values its slider runs over by default.
MODELS = {"tree": tuple(range(1, 16)), "knn": tuple(range(1, 52, 2))}

_GRID = 60  # cells per side of the decision-region grid
_REGION_PIXELS = (380, 340)  # width and height of the decision regions, in pixels
_CURVE_PIXELS = (500, 340)  # and of the error curves: together 880 px wide on a slide
_TEXT = {
    "tree": N_("tree depth"),
    "knn": N_("k (neighbours)"),
    "train": N_("training error"),
    "validation": N_("validation error"),
    "best_tree": N_("depth with the lowest validation error"),
    "best_knn": N_("k with the lowest validation error"),
    "value": N_("value"),
    "regions": N_("{name} = {value}"),
    "key": N_(
        "Colours: the class each region is predicted as. Circles: training; triangles: validation."
    ),
}


def _model(kind: str, value: int, seed: int):
    if kind == "tree":
        from sklearn.tree import DecisionTreeClassifier

        return DecisionTreeClassifier(max_depth=value, random_state=seed)
    from sklearn.neighbors import KNeighborsClassifier

    return KNeighborsClassifier(n_neighbors=value)


class ComplexityExplorer(Explorer):
    """A complexity slider; training and validation error and the decision regions follow.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        Two numeric features (the regions are drawn in their plane).
    y : sequence of n labels
    model : "tree" or "knn", default "tree"
    values : sequence of int, optional
        The depths or ks the slider runs over (default :data:`MODELS`); for kNN each must
        be below the size of the training set.
    validation_size : float, default 0.3
        Share of the instances held out for validation (stratified holdout).
    seed : int, default 0
        Seeds the holdout and the trees.

    Attributes
    ----------
    complexity : ipywidgets.SelectionSlider
        The depth or k.
    curve : pandas.DataFrame
        Training and validation error of every value (computed once).
    numbers_view, regions_view, curve_view : ipywidgets.HTML
        The numbers, the decision regions with the points, the validation curve (SVG).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> X, y = make_moons(200, noise=0.3, random_state=0)
    >>> explorer = ComplexityExplorer(X, y, model="tree", seed=0)
    >>> explorer.complexity.value = 1
    >>> round(explorer.train_error, 3), round(explorer.validation_error, 3)
    (0.186, 0.2)
    >>> explorer.complexity.value = 15
    >>> explorer.train_error
    0.0
    """

    @classmethod
    def example(cls) -> ComplexityExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        rng = np.random.default_rng(0)
        X = rng.normal(size=(60, 2))
        y = np.where(X[:, 0] + 0.5 * rng.normal(size=60) > 0, "a", "b")
        return cls(X, y)

    def __init__(self, X, y, *, model="tree", values=None, validation_size=0.3, seed=0):
        check_choice(model, "model", tuple(MODELS))
        features = as_array(X, "X")
        if features.ndim != 2 or features.shape[1] != 2:
            raise ValueError(
                f"X must have shape (n, 2), two features to draw; got shape {features.shape}"
            )
        if features.dtype.kind not in "iuf" or not np.all(np.isfinite(features)):
            raise ValueError("X must hold finite numbers")
        labels = as_label_array(y, "y")
        check_label_types(y=labels)
        if labels.size != features.shape[0]:
            raise ValueError(
                f"X and y must describe the same instances; X has {features.shape[0]} rows, "
                f"y has {labels.size}"
            )
        check_open_fraction(validation_size, "validation_size")
        # a non-negative int below 2**32: scikit-learn's random_state is a 32-bit seed
        seed = check_whole_number(seed, "seed", minimum=0, maximum=2**32 - 1)
        self._kind = model
        self._seed = int(seed)
        train, valid = holdout(labels, test_size=validation_size, stratify=True, seed=seed)
        self._X_train, self._y_train = features[train], labels[train]
        self._X_valid, self._y_valid = features[valid], labels[valid]
        if values is not None and (
            isinstance(values, (str, bytes)) or not isinstance(values, Iterable)
        ):
            raise TypeError(f"values must be a sequence of whole numbers; got {values!r}")
        options = tuple(MODELS[model] if values is None else values)
        for value in options:
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"values must be whole numbers; got {value!r}")
            if value < 1 or (model == "knn" and value > train.size):
                raise ValueError(
                    f"values must lie in [1, {train.size if model == 'knn' else '∞'}); got {value}"
                )
        if not options:
            raise ValueError("values is empty; give at least one depth or k")
        self._fitted = {int(v): self._fit(int(v)) for v in options}
        self._curve = self._errors()
        start = int(self._curve["validation_error"].idxmin())
        control = widgets.SelectionSlider(
            options=[int(v) for v in options],
            value=start,
            description=say(_TEXT, model),
            style={"description_width": "200px"},
            layout=widgets.Layout(width="520px"),
        )
        self.numbers_view = widgets.HTML()
        self.curve_view = widgets.HTML()
        self.regions_view = widgets.HTML()
        self._regions = {}  # value -> the SVG of its decision regions (drawn once)
        layout = widgets.VBox(
            [
                widgets.HBox([control, self.numbers_view]),
                widgets.HBox([self.regions_view, self.curve_view]),
            ]
        )
        views = [self.numbers_view, self.regions_view, self.curve_view]
        self._setup({"complexity": control}, views, layout)

    def _fit(self, value: int):
        return _model(self._kind, value, self._seed).fit(self._X_train, self._y_train)

    def _errors(self):

        rows = {
            value: {
                "train_error": float(np.mean(fitted.predict(self._X_train) != self._y_train)),
                "validation_error": float(np.mean(fitted.predict(self._X_valid) != self._y_valid)),
            }
            for value, fitted in self._fitted.items()
        }
        from evalbook._core.tables import DisplayFrame  # shown in the display language

        frame = DisplayFrame.from_dict(rows, orient="index")
        frame.index.name = "max_depth" if self._kind == "tree" else "k"
        return frame

    # ------------------------------------------------------------------ the numbers
    @property
    def curve(self):
        """Training and validation error of every value of the slider (a copy)."""
        return self._curve.copy()

    @property
    def train_error(self) -> float:
        """Error of the current model on its training set."""
        return float(self._curve.loc[self.complexity.value, "train_error"])

    @property
    def validation_error(self) -> float:
        """Error of the current model on the held-out validation set."""
        return float(self._curve.loc[self.complexity.value, "validation_error"])

    @property
    def best(self) -> int:
        """The value with the lowest validation error (the first, on ties)."""
        return int(self._curve["validation_error"].idxmin())

    @property
    def model(self):
        """The model fitted at the current value."""
        return self._fitted[self.complexity.value]

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {
            "model": self._kind,
            "complexity": self.complexity.value,
            "train_error": self.train_error,
            "validation_error": self.validation_error,
        }

    def _refresh(self, change=None) -> None:
        rows = [
            [Cell(say(_TEXT, "train"), header=True, align="left"), self.train_error],
            [Cell(say(_TEXT, "validation"), header=True, align="left"), self.validation_error],
            [Cell(say(_TEXT, f"best_{self._kind}"), header=True, align="left"), str(self.best)],
        ]
        self.numbers_view.value = html_table(rows, header=("", say(_TEXT, "value"))) + (
            f'<p style="max-width:460px">{say(_TEXT, "key")}</p>'
        )
        self.regions_view.value = self._regions_svg()
        x = self._curve.index.to_numpy()
        top = float(max(self._curve.max().max(), 0.05)) * 1.1
        ticks = nice_ticks(0.0, top, 5)
        step = ticks[1] - ticks[0]
        top = math.ceil(top / step - 1e-9) * step  # the axis ends at a round tick
        self.curve_view.value = svg_plot(
            [
                Line(x, self._curve["train_error"], say(_TEXT, "train"), LINE_COLOURS[0]),
                Line(x, self._curve["validation_error"], say(_TEXT, "validation"), LINE_COLOURS[1]),
            ],
            x_range=(float(x.min()), float(max(x.max(), x.min() + 1))),
            y_range=(0.0, top),
            width=_CURVE_PIXELS[0],
            height=_CURVE_PIXELS[1],
            xlabel=say(_TEXT, self._kind),
            x_integer=True,
            marker=self.complexity.value,
            legend="upper left" if self._kind == "tree" else "lower left",
            css_class="evalbook-complexity-curve",
        )

    def _regions_svg(self) -> str:
        """The current model's decision regions and the points, as SVG (cached per value)."""
        value = self.complexity.value
        if value not in self._regions:
            self._regions[value] = self._draw_regions(value)
        return self._regions[value]

    def _draw_regions(self, value: int) -> str:
        every = np.vstack([self._X_train, self._X_valid])
        low, high = every.min(axis=0), every.max(axis=0)
        pad = 0.05 * np.where(high > low, high - low, 1.0)
        xs = np.linspace(low[0] - pad[0], high[0] + pad[0], _GRID + 1)
        ys = np.linspace(low[1] - pad[1], high[1] + pad[1], _GRID + 1)
        cx, cy = (xs[:-1] + xs[1:]) / 2, (ys[:-1] + ys[1:]) / 2
        gx, gy = np.meshgrid(cx, cy)  # row = y, column = x
        classes = np.unique(self._y_train)
        predicted = self._fitted[value].predict(np.column_stack([gx.ravel(), gy.ravel()]))
        codes = np.searchsorted(classes, predicted).reshape(gx.shape)
        width = (_REGION_PIXELS[0] - 22) / _GRID + 0.6  # a column's width in pixels, no gaps
        colours = [CLASS_COLOURS[k % len(CLASS_COLOURS)] for k in range(classes.size)]
        segments = []
        for code, colour in enumerate(colours):
            x, start, end = [], [], []
            for column in range(_GRID):
                inside = np.flatnonzero(codes[:, column] == code)
                if inside.size == 0:
                    continue
                breaks = np.flatnonzero(np.diff(inside) > 1)
                for first, last in zip(
                    np.r_[inside[0], inside[breaks + 1]],
                    np.r_[inside[breaks], inside[-1]],
                    strict=True,
                ):
                    x.append(cx[column])
                    start.append(ys[first])
                    end.append(ys[last + 1])
            segments.append(
                Segments(x, start, end, colour=blend(colour, "#ffffff", REGION_TINT), width=width)
            )
        points = []
        for labels, data, radius, shade, shape in (
            (self._y_train, self._X_train, 2.2, 0.0, "circle"),
            (self._y_valid, self._X_valid, 3.6, 0.35, "triangle"),
        ):
            for code, colour in enumerate(colours):
                mine = labels == classes[code]
                points.append(
                    Points(
                        data[mine, 0],
                        data[mine, 1],
                        colour=blend(colour, "#000000", shade),
                        radius=radius,
                        shape=shape,
                    )
                )
        return svg_plot(
            x_range=(float(xs[0]), float(xs[-1])),
            y_range=(float(ys[0]), float(ys[-1])),
            width=_REGION_PIXELS[0],
            height=_REGION_PIXELS[1],
            title=say(_TEXT, "regions", name=say(_TEXT, self._kind), value=value),
            segments=segments,
            points=points,
            legend=None,
            y_ticks=False,
            css_class="evalbook-complexity-regions",
        )
