"""Plots for the lessons: the confusion matrix, ROC, KS, cumulative gain and lift, and the
teaching figures of issue 13 (the cells a rate divides, comparison intervals, Demšar's
critical-difference diagram).

matplotlib is imported inside each function, so ``import evalbook`` does not load it. Each
function draws on ``ax`` (a new figure's axes by default) and returns that Axes, so plots
can be combined: call :func:`plot_roc_curve` several times on one Axes to compare models
(handout 000, Figura 4(b)).

The score plots take ``(y_true, scores, positive=)`` or, in place of ``y_true``, a
:class:`~evalbook.ScoredData` alone (its input already checked and sorted).
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from evalbook._checks import check_threshold
from evalbook.confusion import as_confusion_matrix
from evalbook.scores import as_scored_data, gain_lift, ks_statistic, roc_auc, roc_curve

__all__ = [
    "plot_comparison_intervals",
    "plot_confusion_matrix",
    "plot_critical_difference",
    "plot_cumulative_gain",
    "plot_ks",
    "plot_lift",
    "plot_metric_cells",
    "plot_roc_curve",
]

_DIAGONAL = {"color": "0.6", "linestyle": "--", "linewidth": 1}


def _check_ax(ax) -> None:
    """Check the ``ax`` option: None (draw on a new figure) or a matplotlib Axes."""
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(
            f"ax must be a matplotlib Axes (e.g. from plt.subplots()) or None; "
            f"got {type(ax).__name__}"
        )


@contextmanager
def _axes(ax, figsize=(4.5, 4)):
    """The Axes to draw on: ``ax``, or those of a new figure, closed again if drawing fails.

    Every argument is checked before this is entered, so that bad input never leaves a
    figure open; closing the figure on an error is only a safety net.
    """
    import matplotlib.pyplot as plt

    if ax is not None:
        yield ax
        return
    figure, ax = plt.subplots(figsize=figsize)
    try:
        yield ax
    except BaseException:
        plt.close(figure)
        raise


def plot_confusion_matrix(cm, *, ax=None, cmap="Blues"):
    """Heatmap of a confusion matrix, each cell annotated with its count.

    Rows are the target and columns the prediction (handout 000, Tabela 1); for a 2×2
    matrix the cells are also labelled TP, FN, FP and TN.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    ax : matplotlib Axes, optional
    cmap : str, default "Blues"

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_confusion_matrix([[6, 3], [2, 9]])
    >>> [t.get_text() for t in ax.texts]
    ['6\\nTP', '3\\nFN', '2\\nFP', '9\\nTN']
    """
    cm = as_confusion_matrix(cm)
    _check_ax(ax)
    cmap = _check_cmap(cmap)
    with _axes(ax, figsize=(3.6, 3.2)) as ax:
        _draw_confusion_matrix(ax, cm, cmap)
    return ax


def _check_cmap(cmap):
    import matplotlib

    try:
        return matplotlib.colormaps.get_cmap(cmap)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"cmap must be a matplotlib colormap or its name; {exc}") from None


def _draw_confusion_matrix(ax, cm, cmap) -> None:
    counts = cm.counts
    image = ax.imshow(counts, cmap=cmap, vmin=0)
    k = cm.n_classes
    names = [["TP", "FN"], ["FP", "TN"]] if k == 2 else None
    threshold = counts.max() / 2 if counts.size else 0
    for i in range(k):
        for j in range(k):
            text = str(counts[i, j]) + (f"\n{names[i][j]}" if names else "")
            colour = "white" if counts[i, j] > threshold else "black"
            ax.text(j, i, text, ha="center", va="center", color=colour)
    labels = [str(label) for label in cm.labels]
    ax.set_xticks(range(k), labels)
    ax.set_yticks(range(k), labels)
    ax.set_xlabel("predição")
    ax.set_ylabel("alvo (target)")
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)


def plot_roc_curve(y_true, scores=None, *, positive=None, threshold=None, name=None, ax=None):
    """The ROC curve with the diagonal of a random model, and optionally one marked point.

    Handout 000, Figura 4. The legend gives the AUC (eq. (12)).

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`~evalbook.roc_curve`: the labels, the scores and the positive class,
        or a :class:`~evalbook.ScoredData` alone.
    threshold : float, optional
        Mark the point (FPR, TPR) of the classifier "score ≥ threshold" (eq. (11)).
    name : str, optional
        Name of the curve (the model) in the legend; the AUC is appended.
    ax : matplotlib Axes, optional
        Draw on these axes, e.g. to put several models on one plot.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, threshold=0.5)
    >>> ax.get_legend_handles_labels()[1]
    ['AUC = 0.750', 't = 0.5: (FPR, TPR) = (0.50, 0.50)']
    """
    _check_ax(ax)
    t = None if threshold is None else check_threshold(threshold, "threshold")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a str (the legend text) or None; got {type(name).__name__}")
    data = as_scored_data(y_true, scores, positive)
    curve = roc_curve(data)  # refuses data without negatives
    value = roc_auc(data)
    if t is not None:
        tp, _, fp, _ = data.counts(t)
        tpr, fpr = tp / data.n_positive, fp / data.n_negative
    with _axes(ax) as ax:
        if not any(line.get_label() == "_diagonal" for line in ax.lines):
            ax.plot([0, 1], [0, 1], label="_diagonal", **_DIAGONAL)
        legend = f"{name}: AUC = {value:.3f}" if name else f"AUC = {value:.3f}"
        marker = "o" if len(curve) <= 60 else None
        ax.plot(curve.fpr, curve.tpr, marker=marker, ms=3, label=legend)
        if t is not None:
            ax.plot(
                [fpr], [tpr], "o", ms=10, mfc="none", mew=2, color="crimson",
                label=f"t = {t:g}: (FPR, TPR) = ({fpr:.2f}, {tpr:.2f})",
            )  # fmt: skip
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.02, 1.02)
        ax.set_aspect("equal")
        ax.set_xlabel("FPR (1 − especificidade)")
        ax.set_ylabel("TPR (sensibilidade)")
        ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_ks(y_true, scores=None, *, positive=None, ax=None):
    """The two cumulative score distributions and the KS gap between them.

    Handout 000, eqs. (14)-(16): CP(positive, ps) and CP(negative, ps) as step functions
    of ps, with a vertical segment where |CP(negative) − CP(positive)| is largest.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`~evalbook.ks_statistic`: the labels, the scores and the positive
        class, or a :class:`~evalbook.ScoredData` alone.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_ks([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)
    >>> ax.get_title()
    'KS = 0.500 em ps = 0.1'
    """
    _check_ax(ax)
    data = as_scored_data(y_true, scores, positive)
    if data.n_negative == 0:
        raise ValueError(
            f"y_true holds only the positive class {data.positive!r}; the KS plot needs "
            "negatives too (their CDF would be 0/0)"
        )
    result = ks_statistic(data)
    grid = data.thresholds[::-1]
    lo, hi = float(grid[0]), float(grid[-1])
    pad = 0.05 * hi - 0.05 * lo if hi > lo else 0.05  # hi − lo may overflow
    largest = np.finfo(np.float64).max
    xs = np.concatenate([[max(lo - pad, -largest)], grid, [min(hi + pad, largest)]])
    curves = dict(zip(("positivos", "negativos"), data.cdf(xs), strict=True))
    at = np.searchsorted(xs, result.score)
    low, high = sorted((curves["positivos"][at], curves["negativos"][at]))
    with _axes(ax, figsize=(5, 3.5)) as ax:
        for label, colour in (("positivos", "tab:red"), ("negativos", "tab:blue")):
            ax.step(xs, curves[label], where="post", color=colour, label=f"CP({label}, ps)")
        ax.vlines(result.score, low, high, color="black", linewidth=2, label="KS")
        ax.set_xlabel("score ps")
        ax.set_ylabel("proporção acumulada")
        ax.set_title(f"KS = {result.statistic:.3f} em ps = {result.score:g}")
        ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_cumulative_gain(y_true, scores=None, *, positive=None, bins=10, ax=None):
    """Cumulative gain chart: share of the positives caught by the top bins.

    Handout 000, eq. (17); the curve of :func:`~evalbook.gain_lift`'s
    ``cumulative_gain`` against the share of instances taken, with the diagonal of a
    random ordering.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`~evalbook.gain_lift`: the labels, the scores and the positive class,
        or a :class:`~evalbook.ScoredData` alone.
    bins : int, default 10
        Number of bins.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_cumulative_gain([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, bins=2)
    >>> ax.lines[-1].get_ydata().tolist()
    [0.0, 0.5, 1.0]
    """
    _check_ax(ax)
    table = gain_lift(y_true, scores, positive=positive, bins=bins)
    taken = np.concatenate([[0], np.cumsum(table.n) / table.n.sum()])
    with _axes(ax) as ax:
        ax.plot([0, 1], [0, 1], label="aleatório", **_DIAGONAL)
        ax.plot(taken, np.concatenate([[0], table.cumulative_gain]), marker="o", label="modelo")
        ax.set_xlabel("proporção das instâncias (maiores scores primeiro)")
        ax.set_ylabel("ganho acumulado")
        ax.legend(loc="lower right", fontsize="small")
    return ax


def plot_lift(y_true, scores=None, *, positive=None, bins=10, ax=None):
    """Lift and cumulative lift per bin, with the line lift = 1 of a random ordering.

    Handout 000, eq. (18); the columns ``lift`` and ``cumulative_lift`` of
    :func:`~evalbook.gain_lift`.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`~evalbook.gain_lift`: the labels, the scores and the positive class,
        or a :class:`~evalbook.ScoredData` alone.
    bins : int, default 10
        Number of bins.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_lift([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, bins=2)
    >>> [float(p.get_height()) for p in ax.patches]
    [1.0, 1.0]
    """
    _check_ax(ax)
    table = gain_lift(y_true, scores, positive=positive, bins=bins)
    with _axes(ax, figsize=(5, 3.5)) as ax:
        ax.bar(table.index, table.lift, color="tab:blue", alpha=0.6, label="lift")
        ax.plot(
            table.index, table.cumulative_lift, marker="o", color="tab:red", label="lift acumulado"
        )
        ax.axhline(1, label="aleatório", **_DIAGONAL)
        ax.set_xticks(table.index)
        ax.set_xlabel("bin (maiores scores primeiro)")
        ax.set_ylabel("lift")
        ax.legend(loc="upper right", fontsize="small")
    return ax


# ---------------------------------------------------------------------- teaching figures
# Which cells of the 2×2 matrix (rows the target, columns the prediction, positive first) a
# rate divides: (numerator cells, denominator cells), each cell as (row, column).
_TP, _FN, _FP, _TN = (0, 0), (0, 1), (1, 0), (1, 1)
METRIC_CELLS = {
    "precision": ((_TP,), (_TP, _FP)),
    "recall": ((_TP,), (_TP, _FN)),
    "specificity": ((_TN,), (_FP, _TN)),
    "npv": ((_TN,), (_FN, _TN)),
    "fpr": ((_FP,), (_FP, _TN)),
    "fnr": ((_FN,), (_TP, _FN)),
    "accuracy": ((_TP, _TN), (_TP, _FN, _FP, _TN)),
    "error_rate": ((_FN, _FP), (_TP, _FN, _FP, _TN)),
}
_CELL_NAMES = {_TP: "TP", _FN: "FN", _FP: "FP", _TN: "TN"}
_METRIC_NAMES_PT = {
    "precision": "precisão",
    "recall": "revocação",
    "specificity": "especificidade",
    "npv": "VPN",
    "fpr": "FPR",
    "fnr": "FNR",
    "accuracy": "acurácia",
    "error_rate": "taxa de erros",
}
_NUMERATOR, _DENOMINATOR = "#1f5fa8", "#aec7e8"


def plot_metric_cells(cm, metric, *, ax=None):
    """The 2×2 matrix with the cells a rate divides: the numerator dark, the rest of the
    denominator light, the cells it leaves out white.

    Precision divides along the predicted-positive **column**, recall along the
    actual-positive **row** (handout 000, eqs. (3) and (4); note 7 for the other rates).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (2, 2)
        Rows are the target, columns the prediction, the positive class first.
    metric : str
        One of ``METRIC_CELLS``: "precision", "recall", "specificity", "npv", "fpr",
        "fnr", "accuracy", "error_rate".
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = plot_metric_cells([[6, 3], [2, 9]], "precision")
    >>> ax.get_title()
    'precisão = TP / (TP + FP) = 6 / 8 = 0.75'
    """
    from evalbook import classification

    cm = as_confusion_matrix(cm)
    if cm.n_classes != 2:
        raise ValueError(
            f"cm must be a 2×2 matrix for plot_metric_cells; got {cm.n_classes}×{cm.n_classes}"
        )
    if not isinstance(metric, str) or metric not in METRIC_CELLS:
        raise ValueError(f"metric must be one of {sorted(METRIC_CELLS)}; got {metric!r}")
    _check_ax(ax)
    numerator, denominator = METRIC_CELLS[metric]
    value = getattr(classification, metric)(cm, zero_division=float("nan"))
    counts = cm.counts
    top = sum(int(counts[cell]) for cell in numerator)
    bottom = sum(int(counts[cell]) for cell in denominator)
    with _axes(ax, figsize=(3.8, 3.4)) as ax:
        from matplotlib.patches import Rectangle

        for cell, name in _CELL_NAMES.items():
            inside = cell in numerator
            colour = _NUMERATOR if inside else _DENOMINATOR if cell in denominator else "white"
            row, column = cell
            ax.add_patch(
                Rectangle((column - 0.5, row - 0.5), 1, 1, facecolor=colour, edgecolor="black")
            )
            ax.text(
                column,
                row,
                f"{name}\n{counts[cell]}",
                ha="center",
                va="center",
                color="white" if inside else "black",
                fontsize=12,
            )
        ax.set_xlim(-0.5, 1.5)
        ax.set_ylim(1.5, -0.5)
        labels = [str(label) for label in cm.labels]
        ax.set_xticks([0, 1], labels)
        ax.set_yticks([0, 1], labels)
        ax.set_xlabel("predição")
        ax.set_ylabel("alvo (target)")
        above = " + ".join(_CELL_NAMES[cell] for cell in numerator)
        below = " + ".join(_CELL_NAMES[cell] for cell in denominator)
        above = f"({above})" if len(numerator) > 1 else above
        ax.set_title(
            f"{_METRIC_NAMES_PT[metric]} = {above} / ({below}) = {top} / {bottom} = {value:.3g}"
        )
    return ax


def plot_comparison_intervals(comparisons, *, ax=None):
    """Intervals of differences with 0 marked: the picture of handout 004's verdicts.

    One row per comparison: the interval of ``d`` (:func:`evalbook.compare_models`) or of
    the mean difference (:func:`evalbook.compare_algorithms`), with its centre. An interval
    that contains 0 (no significant difference) is grey; one entirely above or below 0 is
    red. A dashed line marks 0.

    Parameters
    ----------
    comparisons : mapping of str to ModelComparison or AlgorithmComparison
        The row names (top to bottom) and the results to draw.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from evalbook import compare_models
    >>> ax = plot_comparison_intervals({"M1 − M2": compare_models(0.85, 30, 0.75, 5000)})
    >>> [t.get_text() for t in ax.get_yticklabels()]
    ['M1 − M2']
    """
    from collections.abc import Mapping

    from evalbook.comparison import AlgorithmComparison, ModelComparison

    if not isinstance(comparisons, Mapping) or not comparisons:
        raise TypeError(
            "comparisons must be a non-empty mapping {name: result of compare_models or "
            f"compare_algorithms}}; got {type(comparisons).__name__}"
        )
    rows = []
    for name, result in comparisons.items():
        if isinstance(result, ModelComparison):
            centre = result.d
        elif isinstance(result, AlgorithmComparison):
            centre = result.mean
        else:
            raise TypeError(
                f"comparisons[{name!r}] must be a result of compare_models or "
                f"compare_algorithms; got {type(result).__name__}"
            )
        rows.append((str(name), float(centre), *map(float, result.interval), result.significant))
    _check_ax(ax)
    with _axes(ax, figsize=(6, 0.6 * len(rows) + 1.2)) as ax:
        for y, (_, centre, lower, upper, significant) in enumerate(rows):
            colour = "#d62728" if significant else "#7f7f7f"
            ax.plot([lower, upper], [y, y], color=colour, linewidth=3, solid_capstyle="butt")
            ax.plot([centre], [y], "o", color=colour)
        ax.axvline(0, color="black", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)), [row[0] for row in rows])
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_xlabel("diferença (o intervalo contém 0: não significativa)")
    return ax


def plot_critical_difference(result, *, ax=None):
    """Demšar's critical-difference diagram of a Friedman/Nemenyi result.

    The algorithms sit at their average ranks (1 = best, on the left); a bar of length CD
    is drawn above the axis, and algorithms whose average ranks differ by less than CD (not
    significantly different by Nemenyi's test) are joined by a thick line. Demšar (2006),
    "Statistical comparisons of classifiers over multiple data sets", Fig. 1.

    Parameters
    ----------
    result : FriedmanResult
        From :func:`evalbook.friedman` with ``nemenyi=True``.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from evalbook import friedman
    >>> scores = [[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75], [0.9, 0.85, 0.8]]
    >>> ax = plot_critical_difference(friedman(scores, nemenyi=True))
    >>> sorted(t.get_text() for t in ax.texts if "(" in t.get_text())
    ['0 (1.000)', '1 (2.250)', '2 (2.750)']
    """
    from evalbook.comparison import FriedmanResult

    if not isinstance(result, FriedmanResult):
        raise TypeError(f"result must be a FriedmanResult; got {type(result).__name__}")
    cd = result.critical_difference
    if cd is None:
        raise ValueError("result has no critical difference: call friedman(..., nemenyi=True)")
    _check_ax(ax)
    ranks = np.asarray(result.average_ranks, dtype=float)
    k = len(ranks)
    order = np.argsort(ranks, kind="stable")
    sorted_ranks = ranks[order]
    labels = [str(result.labels[i]) for i in order]
    half = (k + 1) // 2
    with _axes(ax, figsize=(7, 1.6 + 0.3 * half)) as ax:
        ax.hlines(0, 1, k, color="black")
        for r in range(1, k + 1):
            ax.vlines(r, -0.05, 0.05, color="black")
            ax.text(r, 0.1, str(r), ha="center", va="bottom")
        ax.plot([1, 1 + cd], [0.55, 0.55], color="black", linewidth=2)
        ax.text(1 + cd / 2, 0.62, f"CD = {cd:.2f}", ha="center", va="bottom")
        for position, (rank, label) in enumerate(zip(sorted_ranks, labels, strict=True)):
            left = position < half
            y = -0.35 - 0.3 * (position if left else k - 1 - position)
            x_text = 0.8 if left else k + 0.2
            ax.plot([rank, rank, x_text], [0, y, y], color="black", linewidth=1)
            ax.text(x_text, y, f"{label} ({rank:.3f})", ha="right" if left else "left", va="center")
        level, last_end = 0, -1
        for i in range(k):  # maximal runs of ranks less than CD apart: not distinguished
            j = i
            while j + 1 < k and sorted_ranks[j + 1] - sorted_ranks[i] < cd:
                j += 1
            if j > i and j > last_end:
                y = -0.12 - 0.08 * level
                ax.plot(
                    [sorted_ranks[i] - 0.03, sorted_ranks[j] + 0.03],
                    [y, y],
                    color="#d62728",
                    linewidth=4,
                    solid_capstyle="butt",
                )
                level, last_end = level + 1, j
        ax.set_xlim(-0.6, k + 1.6)
        ax.set_ylim(-0.5 - 0.3 * half, 0.9)
        ax.axis("off")
        ax.set_title("posto médio (1 = melhor); unidos por uma barra: diferença não significativa")
    return ax
