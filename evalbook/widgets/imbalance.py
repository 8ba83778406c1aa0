"""Explorer: make one class rarer and watch accuracy rise while kappa does not.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (accuracy misleads on imbalanced data) and
Cohen (1960) (kappa corrects the agreement expected by chance). A classifier with fixed per-class
recalls is applied to test sets of growing imbalance: accuracy climbs towards the recall
of the majority class, while kappa, the balanced accuracy and the MCC stay put or fall;
the model that always predicts the majority class reaches any accuracy with kappa 0.

The student clicks (or drags along) the accuracy/kappa curves to set the majority share
(a :class:`~evalbook.widgets._canvas.DragCanvas`, linked to its slider); each curve has a
dot at the current share. With ``guess_first=True`` the curves and the dumb model's
numbers stay hidden until the student locks in a guess of the share where the dumb model
starts to beat the model's accuracy (:attr:`ImbalanceExplorer.crossover`).
"""

from __future__ import annotations

import math
import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import UndefinedMetricWarning, check_count, check_probability
from evalbook._core.messages import N_
from evalbook._core.render import (
    MARK_COLOUR,
    METRIC_COLOURS,
    Cell,
    confusion_html,
    html_table,
    say,
)
from evalbook._core.svg import MARK_RADIUS, Line, Points, svg_plot
from evalbook.metrics._classification import accuracy, balanced_accuracy, cohen_kappa, mcc, recall
from evalbook.metrics._confusion import ConfusionMatrix
from evalbook.widgets._base import Explorer, fold, headline_html
from evalbook.widgets._canvas import DragCanvas

#: Class labels of the simulated test set: the rare (positive) class first.
LABELS = ("minoria", "maioria")

_CURVE = ("accuracy", "cohen_kappa")  # what the plot draws
_PLOT_PIXELS = (480, 330)  # width and height of the figure, in pixels
_X_RANGE = (0.48, 1.0)  # the start, 0.50, is off the frame: its marks are seen
_TEXT = {
    "majority_share": N_("majority share"),
    "recall_majority": N_("majority recall"),
    "recall_minority": N_("minority recall"),
    "accuracy": N_("accuracy"),
    "cohen_kappa": N_("kappa"),
    "balanced_accuracy": N_("balanced accuracy"),
    "mcc": N_("MCC"),
    "recall": N_("minority recall"),
    "model": N_("model"),
    "dumb": N_("dumb model"),
    "acc_model": N_("accuracy (model)"),
    "kappa_model": N_("kappa (model)"),
    "acc_dumb": N_("accuracy (dumb)"),
    "kappa_dumb": N_("kappa (dumb)"),
    "x_label": N_("share of the majority class"),
    "click": N_("accuracy and kappa: click a curve to set the majority share, or use ← →"),
    "crossover": N_("the dumb model's accuracy overtakes the model's from a share of {share}"),
    "never": N_("the dumb model's accuracy never overtakes the model's here"),
}
_METRICS = {
    "accuracy": accuracy,
    "cohen_kappa": cohen_kappa,
    "balanced_accuracy": balanced_accuracy,
    "mcc": mcc,
    "recall": recall,
}


def _matrix(n: int, share: float, recall_majority: float, recall_minority: float):
    """Counts of the minority/majority test set for the given recalls (whole numbers)."""
    majority = round(n * share)
    minority = n - majority
    hit_min = round(recall_minority * minority)
    hit_maj = round(recall_majority * majority)
    return ConfusionMatrix(
        [[hit_min, minority - hit_min], [majority - hit_maj, hit_maj]], labels=list(LABELS)
    )


def _metrics(cm: ConfusionMatrix, names=tuple(_METRICS)) -> dict:
    with warnings.catch_warnings():  # 0/0 → nan here; the MCC's convention gives 0
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        values = {}
        for name in names:
            function = _METRICS[name]
            options = {} if name == "mcc" else {"zero_division": math.nan}
            values[name] = float(function(cm, **options))
    return values


class ImbalanceExplorer(Explorer):
    """A slider for the share of the majority class; accuracy and kappa side by side.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (imbalanced data) and Cohen (1960)
    (kappa). The test set has ``n`` instances, a share ``majority_share`` of the class
    ``"maioria"`` and the rest of the class ``"minoria"`` (the positive class, first). The
    model keeps its recall on each class (``recall_majority``, ``recall_minority``) whatever
    the imbalance; the "dumb" model always predicts ``"maioria"``.

    Parameters
    ----------
    n : int, default 1000
        Size of the test set (at least 10).
    majority_share : float in [0.5, 0.99], default 0.5
    recall_majority, recall_minority : float in [0, 1], default 0.9 and 0.6
    guess_first : bool, default False
        Hide the curves and the dumb model's numbers until the student locks in a guess
        (:meth:`commit_guess`): the majority share from which the dumb model's accuracy
        overtakes the model's (:attr:`crossover`).

    Attributes
    ----------
    majority_share, recall_majority, recall_minority : ipywidgets.FloatSlider
        The controls.
    plot_view : DragCanvas
        The accuracy and kappa curves: a click sets the majority share.
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = ImbalanceExplorer()
    >>> {k: round(v, 3) for k, v in explorer.metrics.items()}
    {'accuracy': 0.75, 'cohen_kappa': 0.5, 'balanced_accuracy': 0.75, 'mcc': 0.524, 'recall': 0.6}
    >>> explorer.majority_share.value = 0.95
    >>> round(explorer.metrics["accuracy"], 3), round(explorer.metrics["cohen_kappa"], 3)
    (0.885, 0.292)
    >>> explorer.dumb_metrics["accuracy"], explorer.dumb_metrics["cohen_kappa"]
    (0.95, 0.0)
    """

    @classmethod
    def example(cls) -> ImbalanceExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls()

    def __init__(
        self,
        n=1000,
        *,
        majority_share=0.5,
        recall_majority=0.9,
        recall_minority=0.6,
        guess_first=False,
    ):
        self._n = check_count(n, "n", minimum=10, floats=False)  # at most 2**53: exact counts
        share = check_probability(majority_share, "majority_share")
        if not 0.5 <= share <= 0.99:
            raise ValueError(f"majority_share must be between 0.5 and 0.99; got {share}")
        slider = {
            "min": 0.0,
            "max": 1.0,
            "step": 0.01,
            "continuous_update": True,
            "style": {"description_width": "190px"},  # the labels at the deck's 16 px
            "layout": widgets.Layout(width="480px"),
        }
        controls = {
            "majority_share": widgets.FloatSlider(
                value=share,
                description=say(_TEXT, "majority_share"),
                **{**slider, "min": 0.5, "max": 0.99},
            ),
            "recall_majority": widgets.FloatSlider(
                value=check_probability(recall_majority, "recall_majority"),
                description=say(_TEXT, "recall_majority"),
                **slider,
            ),
            "recall_minority": widgets.FloatSlider(
                value=check_probability(recall_minority, "recall_minority"),
                description=say(_TEXT, "recall_minority"),
                **slider,
            ),
        }
        self._view = widgets.HTML()
        self._headline = widgets.HTML()
        self._table = widgets.HTML()
        self.plot_view = DragCanvas(
            mode="click-x",
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            x_step=0.01,
            x_min=0.5,
            x_max=0.99,
            label=say(_TEXT, "click"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self._curves = {}  # (recall_majority, recall_minority) -> curve(): they do not move
        guess_row = self._guess_first_box("majority_share", bool(guess_first))
        left = widgets.VBox(
            [self._view, self._headline, fold([self._table])],
            layout=widgets.Layout(width="400px", flex="0 0 auto", margin="0 12px 0 0"),
        )
        layout = widgets.VBox(
            [
                *controls.values(),
                *([guess_row] if guess_row is not None else []),
                widgets.HBox(
                    [left, self.plot_view], layout=widgets.Layout(align_items="flex-start")
                ),
            ]
        )
        views = [self._view, self._headline, self.plot_view, self._table]
        self._setup(controls, views, layout)
        self.plot_view.link(self.majority_share)

    # ------------------------------------------------------------------ read-only state
    @property
    def n(self) -> int:
        """Size of the simulated test set."""
        return self._n

    @property
    def confusion_matrix(self) -> ConfusionMatrix:
        """The model's matrix on the current test set (``"minoria"`` first, positive)."""
        return _matrix(
            self._n,
            self.majority_share.value,
            self.recall_majority.value,
            self.recall_minority.value,
        )

    @property
    def dumb_matrix(self) -> ConfusionMatrix:
        """The matrix of the model that always predicts ``"maioria"``."""
        return _matrix(self._n, self.majority_share.value, 1.0, 0.0)

    @property
    def metrics(self) -> dict:
        """The model's accuracy, kappa, balanced accuracy, MCC and minority recall."""
        return _metrics(self.confusion_matrix)

    @property
    def dumb_metrics(self) -> dict:
        """The same metrics for the model that always predicts ``"maioria"``."""
        return _metrics(self.dumb_matrix)

    @property
    def crossover(self) -> float | None:
        """The smallest majority share (of 0.50, 0.51, ..., 0.99) at which the dumb model's
        accuracy reaches the model's, or None: the answer a guess-first explorer hides."""
        curve = self._curve()
        beaten = curve.index[curve["dumb_accuracy"] >= curve["accuracy"] - 1e-12]
        return float(beaten[0]) if len(beaten) else None

    def _curve(self):
        key = (self.recall_majority.value, self.recall_minority.value)
        if key not in self._curves:
            self._curves = {key: self.curve()}
        return self._curves[key]

    def curve(self, shares=None):
        """Accuracy and kappa of the model over a range of majority shares (a DataFrame).

        Parameters
        ----------
        shares : sequence of float, optional
            Majority shares in [0.5, 0.99]; defaults to 0.50, 0.51, ..., 0.99.
        """

        if shares is None:
            shares = np.round(np.arange(0.5, 0.995, 0.01), 2)
        rows = {}
        for share in shares:
            cm = _matrix(
                self._n, float(share), self.recall_majority.value, self.recall_minority.value
            )
            values = _metrics(cm, _CURVE)
            dumb = _metrics(_matrix(self._n, float(share), 1.0, 0.0), _CURVE)
            rows[float(share)] = {
                "accuracy": values["accuracy"],
                "cohen_kappa": values["cohen_kappa"],
                "dumb_accuracy": dumb["accuracy"],
                "dumb_kappa": dumb["cohen_kappa"],
            }
        from evalbook._core.tables import DisplayFrame  # shown in the display language

        frame = DisplayFrame.from_dict(rows, orient="index")
        frame.index.name = "majority_share"
        return frame

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {"n": self._n, **{name: c.value for name, c in self._controls.items()}}

    def _refresh(self, change=None) -> None:
        model, dumb = self.metrics, self.dumb_metrics
        rows = [
            [Cell(say(_TEXT, key), header=True, align="left"), model[key], dumb[key]]
            for key in _METRICS
        ]
        cm = self.confusion_matrix
        header = ("", say(_TEXT, "model"), say(_TEXT, "dumb"))
        self._view.value = f"<div>{confusion_html(cm.counts, cm.labels)}</div>"
        shown = self.answer_shown
        self._headline.value = headline_html(
            [
                (say(_TEXT, "acc_model"), model["accuracy"]),
                (say(_TEXT, "kappa_model"), model["cohen_kappa"]),
                *(
                    [
                        (say(_TEXT, "acc_dumb"), dumb["accuracy"]),
                        (say(_TEXT, "kappa_dumb"), dumb["cohen_kappa"]),
                    ]
                    if shown
                    else []
                ),
            ]
        )
        if shown:
            cross = self.crossover
            sentence = (
                say(_TEXT, "never")
                if cross is None
                else say(_TEXT, "crossover", share=f"{cross:.2f}")
            )
            self._headline.value += f'<p style="max-width:400px">{sentence}</p>'
        self._table.value = html_table(
            rows if shown else [row[:2] for row in rows], header=header if shown else header[:2]
        )
        self.plot_view.svg = self._plot_svg()

    def _plot_svg(self) -> str:
        """The accuracy (indigo) and kappa (wine) curves of the model (solid) and of the
        "dumb" model (dashed), with a dot at the current share on each, as SVG.

        The curves depend on the recalls only: they are computed once per pair of recalls,
        and a step of the share slider only moves the line and the dots. Before a
        guess-first explorer's guess, only the model's dots are drawn.
        """
        curve = self._curve()
        x = curve.index.to_numpy()
        share = self.majority_share.value
        model, dumb = self.metrics, self.dumb_metrics
        acc, kappa = METRIC_COLOURS["accuracy"], METRIC_COLOURS["cohen_kappa"]
        lines = [
            Line(x, curve["accuracy"], say(_TEXT, "acc_model"), acc),
            Line(x, curve["cohen_kappa"], say(_TEXT, "kappa_model"), kappa),
            Line(x, curve["dumb_accuracy"], say(_TEXT, "acc_dumb"), acc, "--"),
            Line(x, curve["dumb_kappa"], say(_TEXT, "kappa_dumb"), kappa, "--"),
        ]
        values = [model["accuracy"], model["cohen_kappa"], dumb["accuracy"], dumb["cohen_kappa"]]
        if not self.answer_shown:
            lines, values = [], values[:2]
        low = min(-0.1, float(np.nanmin(curve.to_numpy())) - 0.05)  # kappa 0 above the axis
        return svg_plot(
            lines,
            points=[
                Points(
                    [share] * len(values), values, colour=MARK_COLOUR, radius=MARK_RADIUS, mark=True
                )
            ],
            x_range=_X_RANGE,
            y_range=(low, 1.0),
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            xlabel=say(_TEXT, "x_label"),
            marker=share,
            legend="below",
            css_class="evalbook-imbalance-plot",
        )
