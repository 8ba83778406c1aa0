"""Plots for the lessons: one-call forms of the Displays, and the teaching figures.

``plot_confusion_matrix``, ``plot_roc_curve``, ``plot_ks``, ``plot_cumulative_gain`` and
``plot_lift`` are ``Display.from_predictions(...).plot(ax=ax).ax_`` of
:mod:`evalbook.displays`, kept for the call a lesson writes in one line. The teaching
figures (the cells a rate divides, comparison intervals, Demšar's critical-difference
diagram) draw results the library computed. Every function draws on ``ax`` (a new
figure's axes by default) and returns that Axes; every word follows the display language.

matplotlib is imported inside each function, so ``import evalbook`` does not load it. The
score plots take ``(y_true, scores, positive=)`` or, in place of ``y_true``, a
:class:`~evalbook.ScoredData` alone (its input already checked and sorted).
"""

from __future__ import annotations

import numpy as np

from evalbook._core.messages import N_
from evalbook._core.render import say, short_term, term
from evalbook.displays._displays import (
    ConfusionMatrixDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    RocCurveDisplay,
    axes_for,
    check_ax,
)
from evalbook.metrics._confusion import as_confusion_matrix

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


def plot_confusion_matrix(cm, *, ax=None, cmap="Blues"):
    """Heatmap of a confusion matrix: ``ConfusionMatrixDisplay.from_matrix(cm).plot(ax=ax).ax_``.

    See :class:`~evalbook.ConfusionMatrixDisplay`; returns the matplotlib Axes.

    Examples
    --------
    >>> ax = plot_confusion_matrix([[6, 3], [2, 9]])
    >>> [t.get_text() for t in ax.texts]
    ['6\\nTP', '3\\nFN', '2\\nFP', '9\\nTN']
    """
    return ConfusionMatrixDisplay.from_matrix(cm, cmap=cmap).plot(ax=ax).ax_


def plot_roc_curve(y_true, scores=None, *, positive=None, threshold=None, name=None, ax=None):
    """The ROC curve: ``RocCurveDisplay.from_predictions(...).plot(ax=ax).ax_``.

    See :class:`~evalbook.RocCurveDisplay` (handout 000, Figura 4); returns the Axes, so
    that several models can be drawn on one (Figura 4(b)).

    Examples
    --------
    >>> ax = plot_roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, threshold=0.5)
    >>> ax.get_legend_handles_labels()[1]
    ['AUC = 0.750', 't = 0.5: (FPR, TPR) = (0.50, 0.50)']
    """
    check_ax(ax)
    display = RocCurveDisplay.from_predictions(
        y_true, scores, positive=positive, threshold=threshold, name=name
    )
    return display.plot(ax=ax).ax_


def plot_ks(y_true, scores=None, *, positive=None, ax=None):
    """The score CDFs and the KS gap: ``KSDisplay.from_predictions(...).plot(ax=ax).ax_``.

    See :class:`~evalbook.KSDisplay` (handout 000, eqs. (14)-(16)).

    Examples
    --------
    >>> plot_ks([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1).get_title()
    'KS = 0.500 at ps = 0.1'
    """
    check_ax(ax)
    return KSDisplay.from_predictions(y_true, scores, positive=positive).plot(ax=ax).ax_


def plot_cumulative_gain(y_true, scores=None, *, positive=None, bins=10, ax=None):
    """Cumulative gain chart: ``GainDisplay.from_predictions(...).plot(ax=ax).ax_``.

    See :class:`~evalbook.GainDisplay` (handout 000, eq. (17)).

    Examples
    --------
    >>> ax = plot_cumulative_gain([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, bins=2)
    >>> ax.lines[-1].get_ydata().tolist()
    [0.0, 0.5, 1.0]
    """
    check_ax(ax)
    display = GainDisplay.from_predictions(y_true, scores, positive=positive, bins=bins)
    return display.plot(ax=ax).ax_


def plot_lift(y_true, scores=None, *, positive=None, bins=10, ax=None):
    """Lift and cumulative lift per bin: ``LiftDisplay.from_predictions(...).plot(ax=ax).ax_``.

    See :class:`~evalbook.LiftDisplay` (handout 000, eq. (18)).

    Examples
    --------
    >>> ax = plot_lift([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1, bins=2)
    >>> [float(p.get_height()) for p in ax.patches]
    [1.0, 1.0]
    """
    check_ax(ax)
    display = LiftDisplay.from_predictions(y_true, scores, positive=positive, bins=bins)
    return display.plot(ax=ax).ax_


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
#: The sentences of the teaching figures (message ids).
TEXT = {
    "difference": N_("difference (an interval containing 0: not significant)"),
    "ranks": N_("average rank (1 = best); joined by a bar: no significant difference"),
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
    'precision = TP / (TP + FP) = 6 / 8 = 0.75'
    """
    from evalbook.metrics import _classification as classification

    cm = as_confusion_matrix(cm)
    if cm.n_classes != 2:
        raise ValueError(
            f"cm must be a 2×2 matrix for plot_metric_cells; got {cm.n_classes}×{cm.n_classes}"
        )
    if not isinstance(metric, str) or metric not in METRIC_CELLS:
        raise ValueError(f"metric must be one of {sorted(METRIC_CELLS)}; got {metric!r}")
    check_ax(ax)
    numerator, denominator = METRIC_CELLS[metric]
    value = getattr(classification, metric)(cm, zero_division=float("nan"))
    counts = cm.counts
    top = sum(int(counts[cell]) for cell in numerator)
    bottom = sum(int(counts[cell]) for cell in denominator)
    with axes_for(ax, figsize=(3.8, 3.4)) as ax:
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
        ax.set_xlabel(term("prediction"))
        ax.set_ylabel(term("target"))
        above = " + ".join(_CELL_NAMES[cell] for cell in numerator)
        below = " + ".join(_CELL_NAMES[cell] for cell in denominator)
        above = f"({above})" if len(numerator) > 1 else above
        ax.set_title(f"{short_term(metric)} = {above} / ({below}) = {top} / {bottom} = {value:.3g}")
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

    from evalbook.inference._comparison import AlgorithmComparison, ModelComparison

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
    check_ax(ax)
    with axes_for(ax, figsize=(6, 0.6 * len(rows) + 1.2)) as ax:
        for y, (_, centre, lower, upper, significant) in enumerate(rows):
            colour = "#d62728" if significant else "#7f7f7f"
            ax.plot([lower, upper], [y, y], color=colour, linewidth=3, solid_capstyle="butt")
            ax.plot([centre], [y], "o", color=colour)
        ax.axvline(0, color="black", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)), [row[0] for row in rows])
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_xlabel(say(TEXT, "difference"))
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
    from evalbook.inference._comparison import FriedmanResult

    if not isinstance(result, FriedmanResult):
        raise TypeError(f"result must be a FriedmanResult; got {type(result).__name__}")
    cd = result.critical_difference
    if cd is None:
        raise ValueError("result has no critical difference: call friedman(..., nemenyi=True)")
    check_ax(ax)
    ranks = np.asarray(result.average_ranks, dtype=float)
    k = len(ranks)
    order = np.argsort(ranks, kind="stable")
    sorted_ranks = ranks[order]
    labels = [str(result.labels[i]) for i in order]
    half = (k + 1) // 2
    with axes_for(ax, figsize=(7, 1.6 + 0.3 * half)) as ax:
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
        ax.set_title(say(TEXT, "ranks"))
    return ax
