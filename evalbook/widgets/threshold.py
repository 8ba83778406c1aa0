"""Explorer: drag the threshold and watch every number that depends on it move together.

Handout 000, "Métricas sobre scores": eq. (11) turns scores into predictions, score ≥ t →
positive. One slider sets t; linked to it are the table of instances sorted by score
(Tabela 7, rows coloured by result type, a line where t cuts it), the confusion matrix
(Tabelas 3 and 8), every metric of the registries, the point (FPR, TPR) on the ROC curve
(Figura 4), the gap between the two cumulative score distributions (the KS gap, eqs.
(14)-(16)) and the profit of the matrix under an editable profit matrix (Tabela 4).

The curves are drawn once as SVG; a slider step only recounts (two binary searches in the
sorted scores), rebuilds a few small HTML strings and moves two markers, so it stays
instant for any number of instances (the table shows at most ``max_rows`` rows around
the threshold).
"""

from __future__ import annotations

import html
import math
import numbers
import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._checks import UndefinedMetricWarning, as_label_array
from evalbook._render import RESULT_COLOURS, Cell, check_ids, confusion_html, html_table
from evalbook.classification import metrics_table
from evalbook.confusion import ConfusionMatrix
from evalbook.scores import _binary_scores, _check_threshold, ks_statistic, roc_curve
from evalbook.widgets._base import Explorer

#: Default profit matrix [[TP, FN], [FP, TN]]: made-up values (the handout's Tabela 4(b)
#: was lost in extraction) where a false positive costs five times what a hit earns.
DEFAULT_PROFIT = ((1.0, -1.0), (-5.0, 0.0))

#: The metrics shown in the explorer's table, a selection of the registries.
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

_SIZE = 210  # side of each SVG panel, in pixels
_PAD = 30
_MAX_POINTS = 400  # the SVG curves never need more points than that


class ThresholdExplorer(Explorer):
    """One threshold slider linked to the table, the matrix, the metrics, ROC, KS and profit.

    Handout 000, eqs. (11)-(16), Tabelas 7 and 8, Figura 4. Works with any labels and
    any finite scores (higher = more positive), not only the SPAM data.

    Parameters
    ----------
    y_true : sequence of labels
        The target class of each instance.
    scores : sequence of float
        The model's score of each instance.
    positive : label
        The positive class (it must occur in ``y_true``); every other label is negative.
    negative : label, optional
        The label shown for a negative prediction. Defaults to the other class when
        ``y_true`` has exactly two, else to ``"not <positive>"``.
    threshold : float, default 0.5
        The initial threshold; it must lie within the slider's range.
    ids : sequence, optional
        One unique id per instance, shown in the table (default 1, 2, ..., n).
    profit : 2×2 array-like, optional
        Profit of each cell [[TP, FN], [FP, TN]]; default :data:`DEFAULT_PROFIT`.
    step : float, optional
        The slider step. Default 0.01 for scores in [0, 1], else 1/200 of their range.
    max_rows : int, default 40
        At most this many table rows are shown, those around the threshold.

    Attributes
    ----------
    threshold : ipywidgets.FloatSlider
        The control. Its range is [0, 1] for scores in [0, 1], else [min, max] of the
        scores.
    profit_tp, profit_fn, profit_fp, profit_tn : ipywidgets.FloatText
        The editable profit matrix.
    table_view, matrix_view, metrics_view, profit_view, plot_view : ipywidgets.HTML
        The views, updated at every change of a control.
    widget : ipywidgets.VBox
        The whole explorer, displayed when the instance is the last expression of a cell.

    Examples
    --------
    >>> from evalbook import spam_predictions
    >>> data = spam_predictions()
    >>> explorer = ThresholdExplorer(data.target, data.score, positive="spam", ids=data.id)
    >>> explorer.counts
    {'TP': 6, 'FN': 3, 'FP': 2, 'TN': 9}
    >>> explorer.threshold.value = 0.75
    >>> explorer.counts
    {'TP': 4, 'FN': 5, 'FP': 1, 'TN': 10}
    >>> [round(v, 4) for v in explorer.roc_point], round(explorer.ks_gap, 4)
    ([0.0909, 0.4444], 0.3535)
    >>> explorer.profit  # 4·1 + 5·(−1) + 1·(−5) + 10·0
    -6.0
    """

    def __init__(
        self,
        y_true,
        scores,
        *,
        positive,
        negative=None,
        threshold=0.5,
        ids=None,
        profit=None,
        step=None,
        max_rows=40,
    ):
        self._is_positive, self._scores = _binary_scores(y_true, scores, positive)
        labels = as_label_array(y_true, "y_true")
        if not (~self._is_positive).any():
            raise ValueError(
                f"y_true holds only the positive class {positive!r}; the explorer needs "
                "negatives too"
            )
        self._y_true = labels
        self._positive = positive
        self._negative = _default_negative(labels, positive) if negative is None else negative
        if self._negative == positive:
            raise ValueError(f"negative must differ from positive; both are {positive!r}")
        self._ids = check_ids(ids, labels)
        if isinstance(max_rows, (bool, np.bool_)) or not isinstance(max_rows, numbers.Integral):
            raise TypeError(f"max_rows must be a whole number; got {type(max_rows).__name__}")
        if max_rows < 1:
            raise ValueError(f"max_rows must be at least 1; got {max_rows}")
        self._max_rows = int(max_rows)
        profit_matrix = _check_profit(DEFAULT_PROFIT if profit is None else profit)

        # sorted views for O(log n) counting at each step
        self._order = np.argsort(self._scores, kind="stable")
        self._sorted = self._scores[self._order]
        self._positive_sorted = np.sort(self._scores[self._is_positive])
        self._negative_sorted = np.sort(self._scores[~self._is_positive])
        self._n_positive = self._positive_sorted.size
        self._n_negative = self._negative_sorted.size
        # every distinct threshold (decreasing, +inf first) and its four cells, for the
        # most profitable threshold
        cuts = np.concatenate([[np.inf], np.unique(self._scores)[::-1]])
        tp = self._n_positive - np.searchsorted(self._positive_sorted, cuts, side="left")
        fp = self._n_negative - np.searchsorted(self._negative_sorted, cuts, side="left")
        cells = np.stack([tp, self._n_positive - tp, fp, self._n_negative - fp], axis=1)
        self._cuts = (cuts, cells.astype(float))

        lo, hi = float(self._sorted[0]), float(self._sorted[-1])
        if lo >= 0 and hi <= 1:
            lo, hi, default_step = 0.0, 1.0, 0.01
        else:
            default_step = (hi - lo) / 200 if hi > lo else 1.0
            if hi == lo:
                lo, hi = lo - 0.5, hi + 0.5
        self._range = (lo, hi)
        if step is None:
            step = default_step
        step = _check_threshold(step, "step")
        if not step > 0:
            raise ValueError(f"step must be greater than 0; got {step}")
        t = _check_threshold(threshold, "threshold")
        if not lo <= t <= hi:
            raise ValueError(f"threshold must lie in the slider's range [{lo:g}, {hi:g}]; got {t}")

        self.threshold = widgets.FloatSlider(
            value=t,
            min=lo,
            max=hi,
            step=step,
            description="threshold t",
            readout_format=".3f",
            continuous_update=True,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="480px"),
        )
        self.threshold.add_class("evalbook-threshold-slider")
        self.profit_tp, self.profit_fn, self.profit_fp, self.profit_tn = (
            widgets.FloatText(value=value, description=name, layout=widgets.Layout(width="150px"))
            for name, value in zip(("TP", "FN", "FP", "TN"), profit_matrix.ravel(), strict=True)
        )
        self.table_view = widgets.HTML()
        self.matrix_view = widgets.HTML()
        self.metrics_view = widgets.HTML()
        self.profit_view = widgets.HTML()
        self.plot_view = widgets.HTML()

        self._static_svg = self._build_static_svg()
        profit_box = widgets.VBox(
            [
                widgets.HTML("<b>Matriz de lucro</b> (editável; linhas = alvo)"),
                widgets.GridBox(
                    [self.profit_tp, self.profit_fn, self.profit_fp, self.profit_tn],
                    layout=widgets.Layout(grid_template_columns="repeat(2, max-content)"),
                ),
                self.profit_view,
            ]
        )
        layout = widgets.VBox(
            [
                self.threshold,
                widgets.HBox(
                    [
                        self.table_view,
                        widgets.VBox(
                            [self.matrix_view, profit_box, self.metrics_view],
                            layout=widgets.Layout(margin="0 16px"),
                        ),
                        self.plot_view,
                    ],
                    layout=widgets.Layout(align_items="flex-start"),
                ),
            ]
        )
        layout.add_class("evalbook-threshold-explorer")
        self._best = None  # (t, profit) of the best threshold, until the profits change
        controls = {
            "threshold": self.threshold,
            "profit_tp": self.profit_tp,
            "profit_fn": self.profit_fn,
            "profit_fp": self.profit_fp,
            "profit_tn": self.profit_tn,
        }
        views = [self.table_view, self.matrix_view, self.metrics_view, self.profit_view]
        self._setup(controls, [*views, self.plot_view], layout)

    # ------------------------------------------------------------------ numbers
    def _counts_at(self, t: float) -> tuple[int, int, int, int]:
        tp = self._n_positive - int(np.searchsorted(self._positive_sorted, t, side="left"))
        fp = self._n_negative - int(np.searchsorted(self._negative_sorted, t, side="left"))
        return tp, self._n_positive - tp, fp, self._n_negative - fp

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
        """Σ count × profit over the four cells at the current threshold (Tabela 6)."""
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
        return {
            "n": self._scores.size,
            "positive": self._positive,
            "threshold": self.threshold.value,
        }

    def _refresh(self, change=None) -> None:
        if change is not None and change["owner"] is not self.threshold:
            self._refresh_profit(change)  # a profit box changed: only the profit moves
            return
        t = self.threshold.value
        tp, fn, fp, tn = self._counts_at(t)
        self.table_view.value = self._table_html(t)
        self.matrix_view.value = self._matrix_html(tp, fn, fp, tn, t)
        self.metrics_view.value = self._metrics_html()
        self.plot_view.value = self._plots_svg(t)
        self._refresh_profit(None)

    def _refresh_profit(self, change=None) -> None:
        if change is not None or self._best is None:  # a profit box changed: search again
            self._best = self.best_threshold
        t_best, p_best = self._best
        best = "nenhum (t acima de todos os scores)" if math.isinf(t_best) else f"{t_best:.3f}"
        self.profit_view.value = (
            f'<div class="evalbook-profit">lucro em t = {self.threshold.value:.3f}: '
            f"<b>{self.profit:g}</b><br>melhor t para esta matriz: {best} "
            f"(lucro {p_best:g})</div>"
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
            rows.append(
                [
                    Cell(
                        f"t = {t:.3f} acima de todos os scores",
                        colspan=5,
                        style="border-top:3px solid #000;font-size:small",
                    )
                ]
            )
            attrs.append({})
        shown = "" if n <= self._max_rows else f" ({self._max_rows} de {n}, em torno de t)"
        return html_table(
            rows,
            header=("id", "target", "score", "pred.", "res."),
            caption=f"instâncias por score{shown}; a linha grossa é t",
            css_class="evalbook-threshold-table",
            row_attrs=attrs,
        )

    def _matrix_html(self, tp: int, fn: int, fp: int, tn: int, t: float) -> str:
        return confusion_html(
            [[tp, fn], [fp, tn]],
            [self._positive, self._negative],
            caption=f"matriz de confusão em t = {t:.3f}",
            css_class="evalbook-threshold-matrix",
            result_colours=True,
            language="pt",
        )

    def _metrics_html(self) -> str:
        values = self.metrics
        rows = [
            [
                Cell(f"<code>{name}</code>", raw=True),
                Cell(
                    "indefinido (0/0)" if math.isnan(values[name]) else f"{values[name]:.3f}",
                    align="right",
                    attrs={"data-metric": name},
                ),
            ]
            for name in SHOWN_METRICS
        ]
        return html_table(rows)

    # ------------------------------------------------------------------ SVG
    def _build_static_svg(self) -> tuple[str, str]:
        curve = roc_curve(self._y_true, self._scores, positive=self._positive)
        keep = _thin(len(curve))
        roc = " ".join(
            f"{_x(f):.1f},{_y(r):.1f}"
            for f, r in zip(curve.fpr.to_numpy()[keep], curve.tpr.to_numpy()[keep], strict=True)
        )
        ks = ks_statistic(self._y_true, self._scores, positive=self._positive)
        self._ks = ks
        lo, hi = self._range
        grid = np.unique(self._scores)
        if grid.size > _MAX_POINTS:  # more points than pixels: sample the CDFs on a grid
            grid = np.linspace(lo, hi, _MAX_POINTS)
        xs = np.concatenate([[lo], grid, [hi]])
        paths = []
        for group, colour in (
            (self._positive_sorted, "#d62728"),
            (self._negative_sorted, "#1f77b4"),
        ):
            cdf = np.searchsorted(group, xs, side="right") / group.size
            points = []
            for k, (x, c) in enumerate(zip(xs, cdf, strict=True)):
                if k:
                    points.append(f"{self._sx(x):.1f},{_y(cdf[k - 1]):.1f}")
                points.append(f"{self._sx(x):.1f},{_y(c):.1f}")
            paths.append(
                f'<polyline points="{" ".join(points)}" fill="none" stroke="{colour}" '
                'stroke-width="1.5"/>'
            )
        roc_svg = (
            _frame("ROC", "FPR", "TPR")
            + f'<line x1="{_x(0)}" y1="{_y(0)}" x2="{_x(1)}" y2="{_y(1)}" stroke="#999" '
            'stroke-dasharray="4 3"/>'
            f'<polyline points="{roc}" fill="none" stroke="#1f77b4" stroke-width="2"/>'
        )
        ks_svg = (
            _frame(f"KS = {ks.statistic:.3f} (máximo)", "score", "proporção acumulada")
            + "".join(paths)
            + f'<text x="{_PAD}" y="{_SIZE + 10}" font-size="10" fill="#1f77b4">'
            "━ CP(negativos)</text>"
            f'<text x="{_SIZE - 6}" y="{_SIZE + 10}" font-size="10" fill="#d62728" '
            'text-anchor="end">━ CP(positivos)</text>'
        )
        return roc_svg, ks_svg

    def _sx(self, score: float) -> float:
        lo, hi = self._range
        return _PAD + (min(max(score, lo), hi) - lo) / (hi - lo) * (_SIZE - 2 * _PAD)

    def _plots_svg(self, t: float) -> str:
        roc_static, ks_static = self._static_svg
        fpr, tpr = self.roc_point
        cp_pos = 1 - tpr  # share of positives with score < t
        cp_neg = 1 - fpr
        x = self._sx(t)
        roc = (
            f'<svg class="evalbook-roc" width="{_SIZE}" height="{_SIZE}" '
            f'xmlns="http://www.w3.org/2000/svg">{roc_static}'
            f'<line x1="{_x(fpr):.1f}" y1="{_y(fpr):.1f}" x2="{_x(fpr):.1f}" y2="{_y(tpr):.1f}" '
            'stroke="#000" stroke-width="1.5"/>'
            f'<circle cx="{_x(fpr):.1f}" cy="{_y(tpr):.1f}" r="6" fill="none" stroke="crimson" '
            'stroke-width="2.5"/>'
            f'<text x="{_SIZE - 6}" y="{_SIZE - _PAD - 6}" font-size="10" text-anchor="end">'
            f"(FPR, TPR) = ({fpr:.2f}, {tpr:.2f})</text></svg>"
        )
        ks = (
            f'<svg class="evalbook-ks" width="{_SIZE}" height="{_SIZE + 16}" '
            f'xmlns="http://www.w3.org/2000/svg">{ks_static}'
            f'<line x1="{x:.1f}" y1="{_PAD}" x2="{x:.1f}" y2="{_SIZE - _PAD}" stroke="#999" '
            'stroke-dasharray="3 3"/>'
            f'<line x1="{x:.1f}" y1="{_y(cp_pos):.1f}" x2="{x:.1f}" y2="{_y(cp_neg):.1f}" '
            'stroke="#000" stroke-width="3"/>'
            f'<text x="{_SIZE - 6}" y="{_SIZE - _PAD - 6}" font-size="10" text-anchor="end">'
            f"gap em t: {cp_neg - cp_pos:.3f}</text></svg>"
        )
        return (
            '<div style="display:flex;flex-direction:column;gap:4px">'
            f"{roc}{ks}"
            '<div style="font-size:small;max-width:210px">A barra preta é a mesma nos dois '
            "gráficos: TPR − FPR = CP(neg) − CP(pos).</div></div>"
        )


# ---------------------------------------------------------------------- helpers
def _x(value: float) -> float:
    return _PAD + value * (_SIZE - 2 * _PAD)


def _y(value: float) -> float:
    return _SIZE - _PAD - value * (_SIZE - 2 * _PAD)


def _frame(title: str, xlabel: str, ylabel: str) -> str:
    inner = _SIZE - 2 * _PAD
    mid = _SIZE / 2
    return (
        f'<rect x="{_PAD}" y="{_PAD}" width="{inner}" height="{inner}" fill="#fff" '
        'stroke="#444"/>'
        f'<text x="{mid}" y="16" font-size="12" text-anchor="middle" font-weight="bold">'
        f"{html.escape(title)}</text>"
        f'<text x="{mid}" y="{_SIZE - 8}" font-size="11" text-anchor="middle">'
        f"{html.escape(xlabel)}</text>"
        f'<text x="12" y="{mid}" font-size="11" text-anchor="middle" '
        f'transform="rotate(-90 12 {mid})">{html.escape(ylabel)}</text>'
        f'<text x="{_PAD - 3}" y="{_SIZE - _PAD + 4}" font-size="9" text-anchor="end">0</text>'
        f'<text x="{_PAD - 3}" y="{_PAD + 4}" font-size="9" text-anchor="end">1</text>'
    )


def _thin(size: int) -> np.ndarray:
    """Indices of at most ``_MAX_POINTS`` evenly spread points, both ends included."""
    if size <= _MAX_POINTS:
        return np.arange(size)
    return np.unique(np.linspace(0, size - 1, _MAX_POINTS).round().astype(np.intp))


def _types(is_positive: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    names = np.array(["TN", "FP", "FN", "TP"])
    return names[2 * is_positive.astype(np.intp) + predicted.astype(np.intp)]


def _default_negative(labels: np.ndarray, positive):
    others = {v.item() if isinstance(v, np.generic) else v for v in labels if v != positive}
    if len(others) == 1:
        return others.pop()
    return f"not {positive}"


def _check_profit(profit) -> np.ndarray:
    try:
        matrix = np.asarray(profit, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(
            f"profit must be a 2×2 table of numbers [[TP, FN], [FP, TN]]; got {profit!r}"
        ) from None
    if matrix.shape != (2, 2):
        raise ValueError(
            f"profit must be a 2×2 table [[TP, FN], [FP, TN]]; got shape {matrix.shape}"
        )
    if not np.all(np.isfinite(matrix)):
        raise ValueError("profit must hold finite numbers")
    return matrix
