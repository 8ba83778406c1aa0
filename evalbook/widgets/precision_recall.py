"""Explorer: precision, recall and PPV as the threshold and the prevalence change.

Precision and recall along the thresholds (Davis & Goadrich 2006; Saito & Rehmsmeier 2015)
and the PPV against prevalence (Altman & Bland 1994). Two sliders: the threshold t (score ≥ t →
positive) and the prevalence π of the population where the model
would be used. TPR (recall) and FPR at t come from the test set and do not depend on π;
precision on the test set is TP / (TP + FP) at the test set's own prevalence; the PPV at π
is the Bayes form TPR·π / (TPR·π + FPR·(1 − π)). Two plots: precision, recall and PPV(π)
against the threshold (the grey line is t), and the PR curve at the test prevalence and at
π (the line is the recall at t, crossing each curve at its point).

The student drags the line t on the first plot itself (a
:class:`~evalbook.widgets._canvas.DragCanvas`, linked to the slider); every curve has a dot
at its current value, and the PR plot's recall axis starts where the curves part from
precision 1 (below it no negative scores above t: nothing to see). Four headline numbers:
recall, FPR, precision and the PPV at π; the rest is in a fold.
"""

from __future__ import annotations

import math
import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import UndefinedMetricWarning, check_probability, check_threshold
from evalbook._core.messages import N_
from evalbook._core.render import (
    MARK_COLOUR,
    METRIC_COLOURS,
    Cell,
    confusion_html,
    html_table,
    number,
    say,
    short_term,
)
from evalbook._core.svg import MARK_RADIUS, Line, Points, svg_plot, thin
from evalbook.metrics._classification import ppv, precision
from evalbook.metrics._confusion import ConfusionMatrix
from evalbook.metrics._ranking import ScoredData
from evalbook.widgets._base import Explorer, fold, headline_html
from evalbook.widgets._canvas import DragCanvas

_PLOT_PIXELS = (520, 330)  # each of the two plots, in pixels: side by side in 1240 px
#: The prevalence π the explorer starts at: a screening population, one positive in a
#: hundred (or a tenth of the test's prevalence, if that is rarer), where the PPV at π
#: parts from the test's precision as soon as a negative scores above t.
DEFAULT_PREVALENCE = 0.01
_TEXT = {
    "threshold": N_("threshold t"),
    "threshold_tip": N_("threshold t: score ≥ t → predicted positive"),
    "prevalence": N_("prevalence π"),
    "recall": N_("recall (TPR)"),
    "precision": N_("precision (test set)"),
    "ppv": N_("PPV at π"),
    "sample": N_("test prevalence"),
    "value": N_("value"),
    "x_threshold": N_("threshold"),
    "pr_sample": N_("PR, test set"),
    "pr_pi": N_("PR at π"),
    "matrix": N_("test set at t = {t}"),
    # the label of the negative class of the matrix (its key: "not <positive>")
    "negative": N_("not {positive}"),
    "drag": N_("precision and recall against t: drag the line t, or use ← →"),
    "ppv_short": N_("PPV(π)"),
}


class PrecisionRecallExplorer(Explorer):
    """Threshold and prevalence sliders; recall, FPR, precision and PPV move with them.

    Parameters
    ----------
    y_true : sequence of labels
    y_score : sequence of float
        Higher = more positive.
    positive : label, optional
        The positive class; it must occur in ``y_true``, and so must another label. Without
        it, the rule of the positive class (``help(evalbook)``).
    threshold : float, default 0.5
        Initial t, within the slider's range ([0, 1] for scores in [0, 1], else the
        scores' range).
    prevalence : float, optional
        Initial π, in [0.001, 0.99]; defaults to :data:`DEFAULT_PREVALENCE` (0.01, or a
        tenth of the test set's prevalence if that is smaller), so that the PR curve at π
        starts apart from the test's. ``prevalence=explorer.sample_prevalence`` starts at
        the test's own.

    Attributes
    ----------
    threshold : ipywidgets.FloatSlider
    prevalence : ipywidgets.FloatLogSlider
        From 0.001 to 0.99 on a log scale (rare diseases and frauds live near 0.001).
    numbers_view, curve_view : ipywidgets.HTML
        The matrix and the headline numbers; the PR curves.
    threshold_view : DragCanvas
        Recall, precision and PPV(π) against t: drag the line to set the threshold.

    Examples
    --------
    >>> y = ["spam", "spam", "ham", "spam", "ham", "ham", "spam", "ham"]
    >>> scores = [0.9, 0.8, 0.7, 0.6, 0.4, 0.3, 0.2, 0.1]
    >>> explorer = PrecisionRecallExplorer(y, scores, positive="spam")
    >>> explorer.counts
    {'TP': 3, 'FN': 1, 'FP': 1, 'TN': 3}
    >>> explorer.prevalence.value  # a screening population by default
    0.01
    >>> explorer.prevalence.value = explorer.sample_prevalence  # the test's 4/8
    >>> round(explorer.precision, 4), round(explorer.ppv, 4)
    (0.75, 0.75)
    >>> explorer.prevalence.value = 0.01
    >>> round(explorer.recall, 4), round(explorer.ppv, 4)
    (0.75, 0.0294)
    """

    @classmethod
    def example(cls) -> PrecisionRecallExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        y = [1, 0, 1, 1, 0, 0, 1, 0]
        return cls(y, [0.9, 0.2, 0.6, 0.4, 0.7, 0.1, 0.8, 0.3], positive=1)

    def __init__(self, y_true, y_score, *, positive=None, threshold=0.5, prevalence=None):
        data = ScoredData(y_true, y_score, positive=positive)
        if data.n_negative == 0:
            raise ValueError(
                f"y_true holds only the positive class {data.positive!r}; FPR and PPV need "
                "negatives"
            )
        self._positive = data.positive
        self._data = data
        self._n_positive, self._n_negative = data.n_positive, data.n_negative
        low, high = float(data.thresholds[-1]), float(data.thresholds[0])
        if low >= 0 and high <= 1:
            low, high, step = 0.0, 1.0, 0.01
        else:
            step = (high - low) / 200 or 1.0
            high = max(high, low + step)
        # the curves drawn: at most one point per pixel of a plot's width (the data have one
        # per distinct score); only the PPV at π moves with a control, the rest is drawn as is
        shown = thin(len(data.thresholds), _PLOT_PIXELS[0])
        self._tpr = data.tp[shown] / self._n_positive
        self._fpr = data.fp[shown] / self._n_negative
        # against t: each value holds on (next lower score, score]; steps, not slopes
        self._t_steps = np.repeat(np.r_[data.thresholds[shown], low], 2)[1:-1]
        self._recall_by_t = np.repeat(self._tpr, 2)
        # the PR curves as staircases, each recall step at the precision it ends with (the
        # rectangles of the average precision; lesson 11: no straight lines between points)
        self._r_steps = np.repeat(self._tpr, 2)[:-1]
        self._sample_ppv = np.repeat(self._ppv_curve(self.sample_prevalence), 2)
        # the PR plot's recall axis starts a little below the recall at the first false
        # positive: below it every precision is 1, a flat line with nothing to read
        first_fp = np.flatnonzero(data.fp > 0)
        start = float(data.tp[first_fp[0]] / self._n_positive) if first_fp.size else 0.0
        self._recall_from = min(max(math.floor(start * 20 - 1) / 20, 0.0), 0.8)
        t = check_threshold(threshold, "threshold")
        if not low <= t <= high:
            raise ValueError(f"threshold must lie in [{low:g}, {high:g}]; got {t:g}")
        sample = self._n_positive / len(data)
        if prevalence is None:
            pi = max(min(DEFAULT_PREVALENCE, sample / 10), 0.001)
        else:
            pi = check_probability(prevalence, "prevalence")
        if not 0.001 <= pi <= 0.99:
            raise ValueError(f"prevalence must lie in [0.001, 0.99]; got {pi:g}")
        style = {"description_width": "150px"}
        controls = {
            "threshold": widgets.FloatSlider(
                value=t,
                min=low,
                max=high,
                step=step,
                readout_format=".3f",
                description=say(_TEXT, "threshold"),
                tooltip=say(_TEXT, "threshold_tip"),
                style=style,
                layout=widgets.Layout(width="420px"),
            ),
            "prevalence": widgets.FloatLogSlider(
                value=pi,
                base=10,
                min=-3,
                max=math.log10(0.99),
                step=0.01,
                readout_format=".3f",
                description=say(_TEXT, "prevalence"),
                style=style,
                layout=widgets.Layout(width="420px"),
            ),
        }
        self.numbers_view = widgets.HTML()
        self._table = widgets.HTML()
        self.threshold_view = DragCanvas(
            mode="drag-x",
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            x_step=step,
            x_min=low,
            x_max=high,
            label=say(_TEXT, "drag"),
            layout=widgets.Layout(flex="0 0 auto", margin="0 6px 0 0"),
        )
        self.curve_view = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
        layout = widgets.VBox(
            [
                widgets.HBox(
                    [
                        widgets.VBox([*controls.values(), fold([self._table])]),
                        self.numbers_view,
                    ]
                ),
                widgets.HBox([self.threshold_view, self.curve_view]),
            ]
        )
        views = [self.numbers_view, self.threshold_view, self.curve_view, self._table]
        self._setup(controls, views, layout)
        self.threshold_view.link(self.threshold)

    def _check_control(self, name, value):
        if name == "prevalence" and not 0.001 <= value <= 0.99:
            return "must lie in [0.001, 0.99]"
        return None

    # ------------------------------------------------------------------ the numbers
    @property
    def counts(self) -> dict:
        """TP, FN, FP and TN on the test set at the current threshold."""
        counts = self._data.counts(self.threshold.value)
        return {"TP": counts.tp, "FN": counts.fn, "FP": counts.fp, "TN": counts.tn}

    @property
    def confusion_matrix(self) -> ConfusionMatrix:
        """The test set's matrix at t (positive class first)."""
        c = self.counts
        return ConfusionMatrix(
            [[c["TP"], c["FN"]], [c["FP"], c["TN"]]],
            labels=[str(self._positive), f"not {self._positive}"],
        )

    @property
    def recall(self) -> float:
        """TPR at t: independent of the prevalence."""
        return self.counts["TP"] / self._n_positive

    @property
    def fpr(self) -> float:
        """FPR at t: independent of the prevalence."""
        return self.counts["FP"] / self._n_negative

    @property
    def sample_prevalence(self) -> float:
        """The prevalence of the positive class in ``y_true``."""
        return self._n_positive / (self._n_positive + self._n_negative)

    @property
    def precision(self) -> float:
        """TP / (TP + FP) on the test set (nan when t is above every score)."""
        return precision(self.confusion_matrix, zero_division=math.nan)

    @property
    def ppv(self) -> float:
        """PPV at the prevalence π: TPR·π / (TPR·π + FPR·(1 − π)) (Altman & Bland 1994)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            return ppv(
                self.confusion_matrix, prevalence=self.prevalence.value, zero_division=math.nan
            )

    @property
    def pr_point(self) -> tuple[float, float]:
        """(recall, PPV at π): the explorer's point on the PR curve at π."""
        return self.recall, self.ppv

    def _ppv_curve(self, pi: float) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return self._tpr * pi / (self._tpr * pi + self._fpr * (1 - pi))

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {
            "threshold": self.threshold.value,
            "prevalence": self.prevalence.value,
            "recall": self.recall,
            "ppv": self.ppv,
        }

    def _refresh(self, change=None) -> None:
        cm = self.confusion_matrix
        recall, fpr, prec, ppv_pi = self.recall, self.fpr, self.precision, self.ppv
        rows = [
            [Cell(label, header=True, align="left"), value]
            for label, value in (
                (say(_TEXT, "recall"), recall),
                (short_term("fpr"), fpr),
                (say(_TEXT, "sample"), self.sample_prevalence),
                (say(_TEXT, "precision"), prec),
                (say(_TEXT, "prevalence"), self.prevalence.value),
                (say(_TEXT, "ppv"), ppv_pi),
            )
        ]
        self._table.value = html_table(rows, header=("", say(_TEXT, "value")))
        self.numbers_view.value = (
            '<div style="display:flex;gap:1em;align-items:flex-start">'
            + confusion_html(
                cm.counts,
                [str(self._positive), say(_TEXT, "negative", positive=self._positive)],
                caption=say(_TEXT, "matrix", t=number(self.threshold.value, 3)),
                result_colours=True,
            )
            + headline_html(
                [
                    (short_term("recall"), recall),
                    (short_term("fpr"), fpr),
                    (short_term("precision"), prec),
                    (say(_TEXT, "ppv_short"), ppv_pi),
                ]
            )
            + "</div>"
        )
        slider = self.threshold
        t = slider.value
        pi_ppv = np.repeat(self._ppv_curve(self.prevalence.value), 2)
        t_steps = self._t_steps
        rec, pre = METRIC_COLOURS["recall"], METRIC_COLOURS["precision"]

        def dots(x, ys):
            ys = [y for y in ys if math.isfinite(y)]
            return [Points([x] * len(ys), ys, colour=MARK_COLOUR, radius=MARK_RADIUS, mark=True)]

        self.threshold_view.svg = svg_plot(
            [
                Line(t_steps, self._recall_by_t, say(_TEXT, "recall"), rec),
                Line(t_steps, self._sample_ppv, say(_TEXT, "precision"), pre),
                Line(t_steps, pi_ppv, say(_TEXT, "ppv"), pre, "--"),
            ],
            points=dots(t, [recall, prec, ppv_pi]),
            x_range=(slider.min, slider.max),
            y_range=(0.0, 1.0),
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            xlabel=say(_TEXT, "x_threshold"),
            marker=t,
            legend="below",
            css_class="evalbook-pr-threshold",
        )
        r_steps = self._r_steps
        self.curve_view.value = svg_plot(
            [
                Line(r_steps, self._sample_ppv[1:], say(_TEXT, "pr_sample"), pre),
                Line(r_steps, pi_ppv[1:], say(_TEXT, "pr_pi"), pre, "--"),
            ],
            points=dots(recall, [prec, ppv_pi]),
            x_range=(self._recall_from, 1.0),
            y_range=(0.0, 1.0),
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            xlabel=short_term("recall"),
            marker=recall,
            legend="below",
            css_class="evalbook-pr-curve",
        )
