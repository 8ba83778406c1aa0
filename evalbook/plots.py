"""Plots for the lessons: the confusion matrix, ROC, KS, cumulative gain and lift.

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
    "plot_confusion_matrix",
    "plot_cumulative_gain",
    "plot_ks",
    "plot_lift",
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
