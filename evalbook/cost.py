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
import numbers

import numpy as np

from evalbook._checks import check_zero_division
from evalbook.classification import _per_class_recall
from evalbook.confusion import ConfusionMatrix, as_confusion_matrix

__all__ = ["MEANS", "average_class_accuracy", "per_class_recall", "profit"]

#: Accepted values of ``mean`` in :func:`average_class_accuracy`.
MEANS = ("arithmetic", "harmonic")


def per_class_recall(cm, *, zero_division="warn"):
    """The recall of each class: its diagonal cell over its row total.

    Handout 000, eq. (6) (the "acurácia por classe": instances of the class classified
    correctly over all instances of the class) and the ``recall_l`` of eqs. (7) and (9).
    Works for any number of classes; for two classes it is (sensitivity, specificity).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    zero_division : "warn" or float, default "warn"
        Value for a class with no actual instances (an empty row); ``"warn"`` gives nan
        and an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    pandas.Series
        Indexed by the class labels (in the matrix's order), named ``"recall"``.

    Examples
    --------
    >>> per_class_recall([[43, 17], [3, 37]]).round(4).to_dict()
    {'positive': 0.7167, 'negative': 0.925}
    """
    import pandas as pd

    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    values = _per_class_recall(cm, zero_division, "per-class recall")
    return pd.Series(values, index=pd.Index(cm.labels, name="class"), name="recall")


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
    if not isinstance(mean, str) or mean not in MEANS:
        raise ValueError(f"mean must be one of {MEANS}; got {mean!r}")
    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    recalls = _per_class_recall(cm, zero_division, "average class accuracy")
    if np.isnan(recalls).any():
        return math.nan
    if mean == "arithmetic":
        return float(recalls.mean())
    if np.any(recalls == 0):
        return 0.0
    return float(1.0 / np.mean(1.0 / recalls))


def _profit_array(profit_matrix, cm: ConfusionMatrix) -> np.ndarray:
    """The profit matrix as a float array aligned with ``cm`` (labels checked if given)."""
    k = cm.n_classes
    if hasattr(profit_matrix, "index") and hasattr(profit_matrix, "columns"):
        rows = [v.item() if isinstance(v, np.generic) else v for v in profit_matrix.index]
        columns = [v.item() if isinstance(v, np.generic) else v for v in profit_matrix.columns]
        if rows != columns and set(rows) == set(columns) and len(rows) == len(columns):
            profit_matrix = profit_matrix.loc[:, rows]
            columns = rows
        if rows != columns:
            raise ValueError(
                "profit_matrix is a DataFrame whose rows and columns name different classes "
                f"({rows!r} and {columns!r}); rows are the target and columns the prediction, "
                "with the same classes"
            )
        if set(rows) != set(cm.labels) or len(rows) != k:
            raise ValueError(
                f"profit_matrix has the classes {rows!r} but the confusion matrix has "
                f"{cm.labels!r}; give one row and one column per class of the confusion matrix"
            )
        order = [rows.index(label) for label in cm.labels]
        array = profit_matrix.to_numpy()[np.ix_(order, order)]
    else:
        if isinstance(profit_matrix, ConfusionMatrix):
            raise TypeError(
                "profit_matrix must be a table of profits (list of lists, array or DataFrame), "
                "not a ConfusionMatrix; did you swap the arguments? profit(cm, profit_matrix)"
            )
        if profit_matrix is None or isinstance(profit_matrix, (str, bytes, numbers.Number)):
            raise TypeError(
                f"profit_matrix must be a {k}×{k} table of numbers; "
                f"got {type(profit_matrix).__name__}"
            )
        try:
            array = np.asarray(profit_matrix)
        except ValueError as exc:  # ragged lists
            raise ValueError(f"profit_matrix must be a square table of numbers; {exc}") from None
    if array.dtype.kind == "O":
        try:
            array = array.astype(float)
        except (TypeError, ValueError):
            raise TypeError("profit_matrix must hold numbers only") from None
    if array.dtype.kind == "b" or array.dtype.kind not in "iuf":
        raise TypeError(f"profit_matrix must hold numbers; got dtype {array.dtype}")
    if array.shape != (k, k):
        raise ValueError(
            f"profit_matrix has shape {array.shape} but the confusion matrix is {k}×{k} "
            f"(classes {cm.labels!r}); it needs the same shape, rows = target, "
            "columns = prediction"
        )
    array = array.astype(float)
    bad = np.argwhere(~np.isfinite(array))
    if bad.size:
        i, j = bad[0]
        raise ValueError(f"profit_matrix contains {array[i, j]} at row {i}, column {j}")
    return array


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
        If ``profit_matrix`` is not a table of numbers.

    Examples
    --------
    >>> gains = [[140, -140], [-700, 0]]
    >>> profit([[43, 17], [3, 37]], gains), profit([[57, 3], [10, 30]], gains)
    (1540.0, 560.0)
    """
    cm = as_confusion_matrix(cm)
    array = _profit_array(profit_matrix, cm)
    return float(np.sum(cm.counts * array))
