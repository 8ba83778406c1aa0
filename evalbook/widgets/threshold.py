"""Explorer: drag the threshold and watch every number that depends on it move together.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Fawcett (2006): a threshold turns scores into
predictions, score ≥ t → positive. One slider sets t; linked to it are the scores of each
class as two distributions with t as a line across them, the confusion matrix, the metrics
of the registries, the point (FPR, TPR) on the ROC curve, the gap between the two cumulative
score distributions (the KS gap), the table of instances sorted by score (rows coloured by
result type, a line where t cuts it) and the profit of the matrix under an editable profit
matrix.

:meth:`ThresholdExplorer.synthetic` builds the explorer on synthetic scores with a second
slider, ``separation``, for how far apart the classes' scores lie: the ROC curve and the
AUC move with it.

The student drags the line t on the plot of the scores itself (a
:class:`~evalbook.widgets._canvas.DragCanvas`, linked to the slider; the keyboard and
Python drive both), and every curve carries a dot at the current value. The screen is
calm: four headline numbers at 3 decimals, the other metrics, the table and the profit
matrix in folds. With ``guess_first=True`` the most profitable threshold stays hidden
until the student locks in a guess.

The curves are drawn once as SVG; a slider step only recounts (two binary searches in the
sorted scores), rebuilds a few small HTML strings and moves the markers, so it stays
instant for any number of instances (the table shows at most ``max_rows`` rows around
the threshold). Controls, matrix and plots fit a 1280×720 screen together; the table and
the profit matrix sit in folds below.
"""

from __future__ import annotations

import math
import numbers
import warnings

import ipywidgets as widgets
import numpy as np
from scipy.special import expit  # the logistic function

from evalbook._core.checks import (
    UndefinedMetricWarning,
    as_array,
    check_label,
    check_open_fraction,
    check_positive_number,
    check_table_cells,
    check_threshold,
)
from evalbook._core.messages import N_
from evalbook._core.render import (
    RESULT_COLOURS,
    Cell,
    check_ids,
    confusion_html,
    html_table,
    number,
    say,
    short_term,
    term,
)
from evalbook.metrics._classification import metrics_table
from evalbook.metrics._confusion import ConfusionMatrix
from evalbook.metrics._ranking import ScoredData, roc_auc
from evalbook.widgets._base import Explorer, headline_html
from evalbook.widgets._canvas import DragCanvas
from evalbook.widgets._threshold_plots import (
    SIZE,
    distribution_plot,
    roc_ks_plots,
    threshold_curves,
)
from evalbook.widgets._threshold_plots import TEXT as PLOT_TEXT

#: Default profit matrix [[TP, FN], [FP, TN]]: made-up values where a false positive costs
#: five times what a hit earns.
DEFAULT_PROFIT = ((1.0, -1.0), (-5.0, 0.0))

#: The headline numbers, large on the screen; the other metrics are in a fold.
HEADLINE_METRICS = ("tpr", "fpr", "precision", "accuracy")

#: The metrics shown in the explorer's (folded) table, a selection of the registries.
SHOWN_METRICS = (
    "accuracy",
    "error_rate",
    "tpr",
    "tnr",
    "fpr",
    "fnr",
    "precision",
    "f1",
    "balanced_accuracy",
    "mcc",
    "cohen_kappa",
)

#: Largest separation offered by the slider of :meth:`ThresholdExplorer.synthetic`.
MAX_SEPARATION = 4.0


_TEXT = {
    "slider": N_("threshold t"),
    "separation": N_("class separation"),
    "matrix": N_("confusion matrix at t = {t}"),
    "profit_title": N_("<b>Profit matrix</b> (editable; rows = target)"),
    "profit_line": N_(
        "profit at t = {t}: <b>{profit}</b><br>best t for this matrix: {best} (profit {p})"
    ),
    "profit_hidden": N_("profit at t = {t}: <b>{profit}</b><br>best t: lock in your guess first"),
    "fold_metrics": N_("Other metrics"),
    "none_above": N_("none (t above every score)"),
    "table_caption": N_("instances by score{shown}; the thick line is t"),
    "shown": N_(" ({rows} of {n}, around t)"),
    "above_all": N_("t = {t} above every score"),
    "table_head": (N_("id"), N_("target"), N_("score"), N_("pred."), N_("res.")),
    "fold_table": N_("Instances"),
    "fold_profit": N_("Profit matrix"),
}


class ThresholdExplorer(Explorer):
    """One threshold slider linked to the table, the matrix, the metrics, ROC, KS and profit.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Fawcett (2006). Works with any labels and any
    finite scores (higher = more positive).

    Parameters
    ----------
    y_true : sequence of labels
        The target class of each instance.
    y_score : sequence of float
        The model's score of each instance.
    positive : label, optional
        The positive class (it must occur in ``y_true``); every other label is negative.
        Without it, the rule of the positive class (``help(evalbook)``).
    negative : label, optional
        The label shown for a negative prediction. Defaults to the other class when
        ``y_true`` has exactly two, else to ``"not <positive>"``.
    threshold : float, default 0.5
        The initial threshold; it must lie within the slider's range.
    ids : sequence, optional
        One unique id per instance, shown in the table (default 1, 2, ..., n).
    profit_matrix : 2×2 array-like, optional
        Profit of each cell [[TP, FN], [FP, TN]]; default :data:`DEFAULT_PROFIT`.
    step : float, optional
        The slider step. Default 0.01 for scores in [0, 1], else 1/200 of their range.
    max_rows : int, default 40
        At most this many table rows are shown, those around the threshold.
    guess_first : bool, default False
        Hide the most profitable threshold until the student locks in a guess
        (:meth:`commit_guess`, the "lock in my guess" button): the guess is the threshold
        then set.

    See Also
    --------
    ThresholdExplorer.synthetic : the same on synthetic scores, with a separation slider.

    Attributes
    ----------
    threshold : ipywidgets.FloatSlider
        The control. Its range is [0, 1] for scores in [0, 1], else [min, max] of the
        scores.
    profit_tp, profit_fn, profit_fp, profit_tn : ipywidgets.FloatText
        The editable profit matrix.
    separation : ipywidgets.FloatSlider or None
        Only on :meth:`synthetic` scores: how far apart the classes' scores lie.
    score_view : DragCanvas
        The scores of each class with the line t: drag it (or ← →) to set the threshold.
    headline_view, table_view, matrix_view, metrics_view, profit_view, plot_view : ipywidgets.HTML
        The views, updated at every change of a control (``plot_view``: ROC and KS).
    widget : ipywidgets.VBox
        The whole explorer, displayed when the instance is the last expression of a cell.

    Examples
    --------
    >>> y = ["spam", "spam", "ham", "spam", "ham", "ham", "spam", "ham"]
    >>> scores = [0.9, 0.8, 0.7, 0.6, 0.4, 0.3, 0.2, 0.1]
    >>> explorer = ThresholdExplorer(y, scores, positive="spam")
    >>> explorer.counts
    {'TP': 3, 'FN': 1, 'FP': 1, 'TN': 3}
    >>> explorer.threshold.value = 0.75
    >>> explorer.counts
    {'TP': 2, 'FN': 2, 'FP': 0, 'TN': 4}
    >>> [round(v, 4) for v in explorer.roc_point], round(explorer.ks_gap, 4)
    ([0.0, 0.5], 0.5)
    >>> explorer.profit  # 2·1 + 2·(−1) + 0·(−5) + 4·0
    0.0
    """

    @classmethod
    def example(cls) -> ThresholdExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls.synthetic(n=40)

    separation = None

    def __init__(
        self,
        y_true,
        y_score,
        *,
        positive=None,
        negative=None,
        threshold=0.5,
        ids=None,
        profit_matrix=None,
        step=None,
        max_rows=40,
        guess_first=False,
        _separation=None,
    ):
        labels = self._load(y_true, y_score, positive)
        positive = self._positive  # the rule of the positive class chose it if None
        if negative is None:
            self._negative = _default_negative(labels, positive)
        else:
            self._negative = check_label(negative, "negative")
        if self._negative == positive:
            raise ValueError(f"negative must differ from positive; both are {positive!r}")
        self._ids = check_ids(ids, labels)
        if isinstance(max_rows, (bool, np.bool_)) or not isinstance(max_rows, numbers.Integral):
            raise TypeError(f"max_rows must be a whole number; got {type(max_rows).__name__}")
        if max_rows < 1:
            raise ValueError(f"max_rows must be at least 1; got {max_rows}")
        self._max_rows = int(max_rows)
        profit_matrix = _check_profit(DEFAULT_PROFIT if profit_matrix is None else profit_matrix)

        lo, hi = float(self._sorted[0]), float(self._sorted[-1])
        if lo >= 0 and hi <= 1:
            lo, hi, default_step = 0.0, 1.0, 0.01
        else:
            default_step = (hi - lo) / 200 if hi > lo else 1.0
            if hi == lo:
                lo, hi = lo - 0.5, hi + 0.5
        self._range = (lo, hi)
        self._draw_curves()
        if step is None:
            step = default_step
        step = check_positive_number(step, "step")  # finite and > 0
        t = check_threshold(threshold, "threshold")
        if not lo <= t <= hi:
            raise ValueError(f"threshold must lie in the slider's range [{lo:g}, {hi:g}]; got {t}")

        slider = widgets.FloatSlider(
            value=t,
            min=lo,
            max=hi,
            step=step,
            description=say(_TEXT, "slider"),
            tooltip=say(PLOT_TEXT, "slider_tip"),
            readout_format=".3f",
            continuous_update=True,
            style={"description_width": "initial"},
            layout=widgets.Layout(width=f"{SIZE + 180}px"),
        )
        slider.add_class("evalbook-threshold-slider")
        boxes = {
            f"profit_{name.lower()}": widgets.FloatText(
                value=value, description=name, layout=widgets.Layout(width="130px")
            )
            for name, value in zip(("TP", "FN", "FP", "TN"), profit_matrix.ravel(), strict=True)
        }
        controls = {"threshold": slider}
        top = [slider]
        if _separation is not None:
            controls["separation"] = widgets.FloatSlider(
                value=_separation[0],
                min=0.0,
                max=MAX_SEPARATION,
                step=0.1,
                description=say(_TEXT, "separation"),
                readout_format=".1f",
                continuous_update=False,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="360px"),
            )
            self._noise, self._centre = _separation[1], _separation[2]
            top.append(controls["separation"])
        controls.update(boxes)
        self.table_view = widgets.HTML()
        self.headline_view = widgets.HTML()
        self.score_view = DragCanvas(
            mode="drag-x",
            width=SIZE,
            height=SIZE,
            x_step=step,
            x_min=lo,
            x_max=hi,
            label=say(PLOT_TEXT, "drag"),
        )
        self.matrix_view = widgets.HTML()
        self.metrics_view = widgets.HTML()
        self.profit_view = widgets.HTML()
        self.plot_view = widgets.HTML()
        self._best = None  # (t, profit) of the best threshold, until the profits change
        profit_box = widgets.VBox(
            [
                widgets.HTML(say(_TEXT, "profit_title")),
                widgets.GridBox(
                    list(boxes.values()),
                    layout=widgets.Layout(grid_template_columns="repeat(2, max-content)"),
                ),
            ]
        )
        folds = widgets.Accordion(
            children=[self.metrics_view, self.table_view, profit_box], selected_index=None
        )
        for index, key in enumerate(("fold_metrics", "fold_table", "fold_profit")):
            folds.set_title(index, say(_TEXT, key))
        guess_row = self._guess_first_box("threshold", bool(guess_first))
        layout = widgets.VBox(
            [
                widgets.HBox(top),
                *([guess_row] if guess_row is not None else []),
                widgets.HBox(
                    [
                        widgets.VBox(  # never squeezed: the matrix is what the class reads
                            [self.matrix_view, self.headline_view, self.profit_view],
                            layout=widgets.Layout(
                                margin="0 12px 0 0", width="270px", flex="0 0 auto"
                            ),
                        ),
                        widgets.VBox(
                            [
                                widgets.HBox([self.score_view, self.plot_view]),
                                widgets.HTML(say(PLOT_TEXT, "note")),
                            ],
                            # fixed sizes: nothing on the slide moves while dragging
                            layout=widgets.Layout(width=f"{3 * SIZE + 12}px", flex="0 0 auto"),
                        ),
                    ],
                    layout=widgets.Layout(align_items="flex-start"),
                ),
                folds,
            ]
        )
        layout.add_class("evalbook-threshold-explorer")
        self.score_view.layout = widgets.Layout(flex="0 0 auto", margin="0 6px 0 0")
        views = [
            self.matrix_view,
            self.headline_view,
            self.score_view,
            self.plot_view,
            self.profit_view,
            self.metrics_view,
            self.table_view,
        ]
        self._setup(controls, views, layout)
        self.score_view.link(self.threshold)

    @classmethod
    def synthetic(cls, n=200, *, separation=1.5, positive_share=0.5, seed=0, **options):
        """The explorer on synthetic scores, with a slider for how well the classes separate.

        Each instance draws a standard normal z (``seed``); a positive's score is
        σ(z + s/2), a negative's σ(z − s/2), σ the logistic function and s the
        ``separation`` slider. The classes overlap fully at s = 0 (AUC ≈ 0.5) and hardly
        at s = 4 (AUC ≈ Φ(4/√2) ≈ 0.998): move it and watch the ROC curve and the AUC.
        The labels are ``"P"`` (positive) and ``"N"``.

        Parameters
        ----------
        n : int, default 200
            Number of instances (2 to 10⁶).
        separation : float in [0, 4], default 1.5
        positive_share : float in (0, 1), default 0.5
            Share of positives (at least one of each class).
        seed : int, default 0
        **options
            Passed to the explorer (``threshold``, ``profit_matrix``, ``max_rows``...).

        Examples
        --------
        >>> explorer = ThresholdExplorer.synthetic(200, separation=0.0)
        >>> round(explorer.auc, 2)
        0.53
        >>> explorer.separation.value = 3.0
        >>> round(explorer.auc, 2), explorer.counts
        (0.99, {'TP': 98, 'FN': 2, 'FP': 3, 'TN': 97})
        """
        from evalbook._core.checks import as_rng, check_whole_number

        n = check_whole_number(n, "n", minimum=2, maximum=10**6)
        if isinstance(separation, bool) or not isinstance(separation, numbers.Real):
            raise TypeError(f"separation must be a number; got {type(separation).__name__}")
        if not 0 <= separation <= MAX_SEPARATION:
            raise ValueError(
                f"separation must be between 0 and {MAX_SEPARATION:g}; got {separation}"
            )
        positive_share = check_open_fraction(positive_share, "positive_share")  # not nan
        n_positive = round(n * positive_share)
        if not 0 < n_positive < n:
            raise ValueError(
                f"positive_share must leave at least one instance of each class among n={n}; "
                f"got {positive_share}"
            )
        noise = as_rng(seed).standard_normal(n)
        labels = np.where(np.arange(n) < n_positive, "P", "N")
        centre = np.where(labels == "P", 0.5, -0.5)
        scores = expit(noise + float(separation) * centre)
        return cls(
            labels,
            scores,
            positive="P",
            negative="N",
            _separation=(float(separation), noise, centre),
            **options,
        )

    def _load(self, y_true, y_score, positive) -> np.ndarray:
        """Check and sort the data once (a :class:`~evalbook.ScoredData`): a slider step then
        only counts by binary search, and the ROC, the KS and the AUC reuse it."""
        data = ScoredData(y_true, y_score, positive=positive)
        if data.n_negative == 0:
            raise ValueError(
                f"y_true holds only the positive class {data.positive!r}; the explorer needs "
                "negatives too"
            )
        self._data = data
        self._is_positive, self._scores, self._y_true = data.is_positive, data.scores, data.labels
        self._positive = data.positive
        self._n_positive, self._n_negative = data.n_positive, data.n_negative
        # the instances in score order, for the table
        self._order = np.argsort(self._scores, kind="stable")
        self._sorted = self._scores[self._order]
        # every distinct threshold (decreasing, +inf first: nothing positive) and its four
        # cells, for the most profitable threshold
        cuts = np.concatenate([[np.inf], data.thresholds])
        tp = np.concatenate([[0], data.tp])
        fp = np.concatenate([[0], data.fp])
        cells = np.stack([tp, self._n_positive - tp, fp, self._n_negative - fp], axis=1)
        self._cuts = (cuts, cells.astype(float))
        return data.labels

    def _draw_curves(self) -> None:
        """What no threshold moves: the AUC and the curves (scores, ROC, KS) of the data."""
        self._auc = roc_auc(self._data)
        self._curves = threshold_curves(self._data, self._range, self._negative)

    def _reload_synthetic(self) -> None:
        scores = expit(self._noise + self.separation.value * self._centre)
        self._load(self._y_true, scores, self._positive)
        self._draw_curves()
        self._best = None

    # ------------------------------------------------------------------ numbers
    def _counts_at(self, t: float) -> tuple[int, int, int, int]:
        return tuple(self._data.counts(t))

    @property
    def counts(self) -> dict:
        """``{"TP": ..., "FN": ..., "FP": ..., "TN": ...}`` at the current threshold."""
        cells = self._counts_at(self.threshold.value)
        return dict(zip(("TP", "FN", "FP", "TN"), cells, strict=True))

    @property
    def confusion_matrix(self) -> ConfusionMatrix:
        """The matrix at the current threshold, rows = target, positive first."""
        tp, fn, fp, tn = self._counts_at(self.threshold.value)
        return ConfusionMatrix([[tp, fn], [fp, tn]], labels=[self._positive, self._negative])

    @property
    def predictions(self) -> np.ndarray:
        """Each instance's predicted label at the current threshold (eq. (11))."""
        return np.where(
            self._scores >= self.threshold.value,
            np.asarray(self._positive),
            np.asarray(self._negative),
        )

    @property
    def result_types(self) -> np.ndarray:
        """Each instance's result type (``"TP"``, ``"FN"``, ``"FP"``, ``"TN"``), input order."""
        return _types(self._is_positive, self._scores >= self.threshold.value)

    @property
    def metrics(self):
        """Every registry metric at the current threshold (pandas Series; 0/0 → nan)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            table = metrics_table(self.confusion_matrix, zero_division=np.nan)
        return table["value"].astype(float)

    @property
    def auc(self) -> float:
        """Area under the ROC curve of the scores (:func:`evalbook.roc_auc`)."""
        return self._auc

    @property
    def roc_point(self) -> tuple[float, float]:
        """(FPR, TPR) of the current threshold: the marked point on the ROC curve."""
        tp, _, fp, _ = self._counts_at(self.threshold.value)
        return fp / self._n_negative, tp / self._n_positive

    @property
    def ks_gap(self) -> float:
        """CP(negative, ps) − CP(positive, ps) for ps just below t; equal to TPR − FPR."""
        fpr, tpr = self.roc_point
        return tpr - fpr

    @property
    def profit_matrix(self) -> np.ndarray:
        """The current profit matrix [[TP, FN], [FP, TN]] (from the four boxes)."""
        boxes = (self.profit_tp, self.profit_fn, self.profit_fp, self.profit_tn)
        return np.array([box.value for box in boxes], dtype=float).reshape(2, 2)

    @property
    def profit(self) -> float:
        """Σ count × profit over the four cells at the current threshold."""
        counts = np.array(self._counts_at(self.threshold.value), dtype=float)
        return float(counts @ self.profit_matrix.ravel())

    @property
    def best_threshold(self) -> tuple[float, float]:
        """(t, profit) of the most profitable threshold: the highest such score (or +inf).

        Only the distinct scores (and +inf, nothing positive) need to be tried: between
        two consecutive scores the matrix does not change.
        """
        cuts, cells = self._cuts
        profits = cells @ self.profit_matrix.ravel()
        best = int(np.argmax(profits))  # the first maximum: the highest threshold
        return float(cuts[best]), float(profits[best])

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        fields = {
            "n": self._scores.size,
            "positive": self._positive,
            "threshold": self.threshold.value,
        }
        if self.separation is not None:
            fields["separation"] = self.separation.value
        return fields

    def _refresh(self, change=None) -> None:
        owner = None if change is None else change["owner"]
        if owner is not None and owner is not self.threshold and owner is not self.separation:
            self._refresh_profit(change)  # a profit box changed: only the profit moves
            return
        if owner is not None and owner is self.separation:
            self._reload_synthetic()
        t = self.threshold.value
        tp, fn, fp, tn = self._counts_at(t)
        self.table_view.value = self._table_html(t)
        self.matrix_view.value = self._matrix_html(tp, fn, fp, tn, t)
        values = self.metrics
        self.headline_view.value = headline_html(
            [(short_term(name), float(values[name])) for name in HEADLINE_METRICS]
        )
        self.metrics_view.value = self._metrics_html(values)
        fpr, tpr = self.roc_point
        self.score_view.svg = distribution_plot(self._curves, t=t, value_range=self._range)
        roc, ks = roc_ks_plots(
            self._curves, t=t, value_range=self._range, fpr=fpr, tpr=tpr, auc=self._auc
        )
        self.plot_view.value = (
            f'<div style="display:flex;flex-wrap:nowrap;gap:6px;width:{2 * SIZE + 6}px">'
            f"{roc}{ks}</div>"
        )
        self._refresh_profit(None)

    def _refresh_profit(self, change=None) -> None:
        if change is not None or self._best is None:  # a profit box changed: search again
            self._best = self.best_threshold
        t_best, p_best = self._best
        best = say(_TEXT, "none_above") if math.isinf(t_best) else f"{t_best:.3f}"
        if not self.answer_shown:
            line = say(
                _TEXT,
                "profit_hidden",
                t=f"{self.threshold.value:.3f}",
                profit=number(self.profit, 6, style="g"),
            )
            self.profit_view.value = (
                f'<div class="evalbook-profit" style="line-height:1.3">{line}</div>'
            )
            return
        line = say(
            _TEXT,
            "profit_line",
            t=f"{self.threshold.value:.3f}",
            profit=number(self.profit, 6, style="g"),
            best=best,
            p=number(p_best, 6, style="g"),
        )
        self.profit_view.value = (
            f'<div class="evalbook-profit" style="line-height:1.3">{line}</div>'
        )

    def _table_html(self, t: float) -> str:
        n = self._scores.size
        cut = int(np.searchsorted(self._sorted, t, side="left"))  # first row predicted positive
        start = min(max(cut - self._max_rows // 2, 0), max(n - self._max_rows, 0))
        rows_idx = self._order[start : start + self._max_rows]
        predicted = self._scores[rows_idx] >= t
        types = _types(self._is_positive[rows_idx], predicted)
        rows, attrs = [], []
        for offset, (i, kind, is_pred) in enumerate(zip(rows_idx, types, predicted, strict=True)):
            border = "border-top:3px solid #000" if start + offset == cut else ""
            label = self._positive if is_pred else self._negative
            values = (self._ids[i], self._y_true[i], f"{self._scores[i]:.3f}", label)
            rows.append(
                [Cell(v, style=border) for v in values]
                + [Cell(f"<b>{kind}</b>", raw=True, style=border)]
            )
            attrs.append(
                {"data-result": kind, "style": f"background:{RESULT_COLOURS[kind]};color:#000"}
            )
        if cut == n:
            above = say(_TEXT, "above_all", t=f"{t:.3f}")
            rows.append([Cell(above, colspan=5, style="border-top:3px solid #000")])
            attrs.append({})
        shown = "" if n <= self._max_rows else say(_TEXT, "shown", rows=self._max_rows, n=n)
        return html_table(
            rows,
            header=say(_TEXT, "table_head"),
            caption=say(_TEXT, "table_caption", shown=shown),
            css_class="evalbook-threshold-table",
            row_attrs=attrs,
        )

    def _matrix_html(self, tp: int, fn: int, fp: int, tn: int, t: float) -> str:
        # t as the slider's readout shows it, so that the caption and the control agree
        return confusion_html(
            [[tp, fn], [fp, tn]],
            [self._positive, self._negative],
            caption=say(_TEXT, "matrix", t=f"{t:.3f}"),
            css_class="evalbook-threshold-matrix",
            result_colours=True,
        )

    def _metrics_html(self, values) -> str:
        rows = [
            [
                Cell(short_term(name), attrs={"title": term(name)}),
                Cell(number(values[name], 3), align="right", attrs={"data-metric": name}),
            ]
            for name in SHOWN_METRICS
        ]
        return html_table(rows, style="margin-top:6px")


# ---------------------------------------------------------------------- helpers
def _types(is_positive: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    names = np.array(["TN", "FP", "FN", "TP"])
    return names[2 * is_positive.astype(np.intp) + predicted.astype(np.intp)]


def _default_negative(labels: np.ndarray, positive):
    others = {v.item() if isinstance(v, np.generic) else v for v in labels if v != positive}
    if len(others) == 1:
        return others.pop()
    return f"not {positive}"


def _check_profit(profit_matrix) -> np.ndarray:
    if profit_matrix is None or isinstance(profit_matrix, (str, bytes, numbers.Number)):
        raise TypeError(
            "profit_matrix must be a 2×2 table of numbers [[TP, FN], [FP, TN]]; "
            f"got {profit_matrix!r}"
        )
    matrix = as_array(profit_matrix, "profit_matrix")
    check_table_cells(matrix, "profit_matrix")  # no booleans, no numeric strings, as profit()
    try:
        matrix = matrix.astype(float)
    except OverflowError:  # an int beyond a float's range
        raise ValueError("profit_matrix holds a number too large for a float") from None
    if matrix.shape != (2, 2):
        raise ValueError(
            f"profit_matrix must be a 2×2 table [[TP, FN], [FP, TN]]; got shape {matrix.shape}"
        )
    if not np.all(np.isfinite(matrix)):
        raise ValueError("profit_matrix must hold finite numbers")
    return matrix
