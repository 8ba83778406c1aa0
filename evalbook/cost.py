"""When errors have different prices: per-class recall, average class accuracy and profit.

Handout 000, "Métricas de classificação" after the F1: the profit matrix (Tabela 4), the
decision tree and the k-NN of Tabela 5, their profits in Tabela 6, and the average class
accuracy, arithmetic (eqs. (7)-(8)) and harmonic (eq. (9)).

A profit matrix has the same layout as the confusion matrix (rows = target, columns =
prediction, positive class first): ``profit_matrix[i, j]`` is what one instance of class
``labels[i]`` predicted as ``labels[j]`` earns (negative: costs). The profit of a model is
the sum of counts × profits over the cells.
"""

from __future__ import annotations

import math

import numpy as np

from evalbook._checks import (
    as_profit_matrix,
    check_choice,
    check_zero_division,
    safe_divide,
)
from evalbook.classification import per_class_recall
from evalbook.confusion import as_confusion_matrix

__all__ = ["MEANS", "average_class_accuracy", "per_class_recall", "profit"]

#: Accepted values of ``mean`` in :func:`average_class_accuracy`.
MEANS = ("arithmetic", "harmonic")


def average_class_accuracy(cm, *, mean="arithmetic", zero_division="warn") -> float:
    """The mean of the per-class recalls: arithmetic (eq. (7)) or harmonic (eq. (9)).

    Handout 000, "Average Class Accuracy"::

        arithmetic:  (1/k) Σ recall_l                      eqs. (7) and (8)
        harmonic:    1 / ((1/k) Σ 1/recall_l)              eq. (9)

    The arithmetic mean is the balanced accuracy (handout 002, eq. (10.2), for two
    classes). The harmonic mean is pulled towards the worst class: it is 0 as soon as one
    class has recall 0 (the limit of eq. (9); no division by zero is reported). For the
    decision tree and the k-NN of handout 000, Tabela 5, the harmonic means are 80.761%
    and 83.824%.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    mean : {"arithmetic", "harmonic"}, default "arithmetic"
    zero_division : "warn" or float, default "warn"
        Recall used for a class with no actual instances; ``"warn"`` makes the result nan
        with an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    float

    Examples
    --------
    >>> round(average_class_accuracy([[43, 17], [3, 37]], mean="harmonic"), 5)
    0.80761
    >>> round(average_class_accuracy([[57, 3], [10, 30]], mean="harmonic"), 5)
    0.83824
    >>> round(average_class_accuracy([[57, 3], [10, 30]]), 5)
    0.85
    >>> average_class_accuracy([[98, 0], [2, 0]], mean="harmonic")
    0.0
    """
    check_choice(mean, "mean", MEANS)
    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    warn = zero_division == "warn"
    recalls = per_class_recall(cm, zero_division=math.nan if warn else zero_division)
    if recalls.isna().any():
        if warn:  # the library's 0/0 policy, for the first empty class
            label = cm.labels[int(np.flatnonzero(recalls.isna())[0])]
            return safe_divide(
                0,
                0,
                metric=f"average class accuracy (recall of class {label!r})",
                why="no actual instances of that class",
            )
        return math.nan
    recalls = recalls.to_numpy()
    if mean == "arithmetic":
        return float(recalls.mean())
    if np.any(recalls == 0):
        return 0.0
    return float(1.0 / np.mean(1.0 / recalls))


def profit(cm, profit_matrix) -> float:
    """The total profit of a model: Σ counts × profits over the cells of the matrix.

    Handout 000, Tabelas 4-6: with a profit matrix of TP = 140, FN = −140, FP = −700,
    TN = 0, the decision tree of Tabela 5 (a) earns 1 540 and the k-NN (b) 560, although
    the k-NN has the higher average class accuracy.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    profit_matrix : array-like of shape (k, k) or pandas.DataFrame
        The profit (negative: cost) of one instance in each cell, in the same orientation
        as ``cm``: ``profit_matrix[i][j]`` is for target ``labels[i]`` predicted as
        ``labels[j]``. A DataFrame whose index and columns name the classes is aligned by
        label (its classes must be those of ``cm``).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the shapes differ, a DataFrame names other classes, or a profit is not finite.
    TypeError
        If ``profit_matrix`` is not a table of numbers (text, such as ``"1"``, and
        booleans are refused, not converted).

    Examples
    --------
    >>> gains = [[140, -140], [-700, 0]]
    >>> profit([[43, 17], [3, 37]], gains), profit([[57, 3], [10, 30]], gains)
    (1540.0, 560.0)
    """
    cm = as_confusion_matrix(cm)
    array = as_profit_matrix(profit_matrix, cm)
    return float(np.sum(cm.counts * array))
