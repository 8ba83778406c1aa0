"""Agreement beyond chance: the random classifier's matrix and Cohen's kappa built from it.

Handout 001, "Matriz de confusão e classificador aleatório" and "Matriz de confusão e
estatística Kappa": a random classifier that predicts each class with the same proportions
as the model (for the A/B/C matrix: 60%, 30%, 10%) spreads every row of the target in those
proportions; its matrix is ``row total × column total / n``. Its diagonal is the number of
successes expected by chance, and kappa is the share of the possible extra successes that
the model achieved::

    kappa = (observed − expected successes) / (n − expected successes)

which is Cohen's ``(p_o − p_e) / (1 − p_e)`` (:func:`cohen_kappa`) in counts. The
Matthews correlation coefficient (:func:`mcc`, handout 003), the other chance-corrected
agreement of a confusion matrix, lives here too. Both are computed in whole numbers
(Python ints), exact for any count a :class:`~evalbook.ConfusionMatrix` holds.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from evalbook._checks import UndefinedMetricWarning, check_nonempty, safe_divide
from evalbook._render import term
from evalbook._results import result
from evalbook.confusion import ConfusionMatrix, as_confusion_matrix

__all__ = ["KappaBreakdown", "cohen_kappa", "expected_confusion", "kappa_breakdown", "mcc"]

#: Why :func:`expected_confusion` and :func:`kappa_breakdown` refuse an empty matrix.
RANDOM_NEEDS = (
    "the random classifier keeps the model's class proportions, which are undefined for an "
    "empty matrix"
)


def mcc(cm, *, positive=None) -> float:
    """Matthews correlation coefficient (the phi coefficient), in [−1, 1].

    Handout 003: ``(TP·TN − FP·FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))``. Handout 002
    prints this same formula as eq. (10.6) but calls it "Kappa"; it is not Cohen's kappa
    (see :func:`cohen_kappa`). For k classes, Gorodkin's generalisation (the one
    ``sklearn.metrics.matthews_corrcoef`` computes)::

        (n·Σ C_kk − Σ p_k·t_k) / sqrt((n² − Σ p_k²)(n² − Σ t_k²))

    with t_k the row (target) and p_k the column (prediction) totals; with ``positive=``,
    the binary MCC of that class against the rest.

    When a sum in the denominator is 0 the MCC is 0, handout 003's convention ("o
    denominador pode ser considerado 1"), also scikit-learn's; an
    :class:`~evalbook.UndefinedMetricWarning` says so.

    Examples
    --------
    >>> round(mcc([[6, 3], [2, 9]]), 4)
    0.4924
    """
    cm = as_confusion_matrix(cm)
    if positive is not None:
        cm = cm.one_vs_rest(positive)
    # in whole numbers (Python ints: exact for any count), then one rounding at the end
    n, t, p = cm.n, _ints(cm.target_totals), _ints(cm.prediction_totals)
    numerator = n * cm.n_correct - _dot(p, t)
    first, second = n * n - _dot(p, p), n * n - _dot(t, t)
    if first == 0 or second == 0:
        warnings.warn(
            "MCC has a zero sum in its denominator (one class is never the target or never "
            "predicted); returning 0 as handout 003 prescribes",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return 0.0
    # the square root of an exact ratio of whole numbers: two roundings in all
    return math.copysign(math.sqrt(numerator * numerator / (first * second)), numerator)


def _ints(values) -> list[int]:
    return [int(v) for v in values]


def _dot(first: list[int], second: list[int]) -> int:
    return sum(a * b for a, b in zip(first, second, strict=True))


def cohen_kappa(cm, *, zero_division="warn") -> float:
    """Cohen's kappa: (p_o − p_e) / (1 − p_e), agreement corrected for chance.

    Handout 001, "Matriz de confusão e estatística Kappa": p_o is the accuracy and p_e the
    accuracy expected of a random classifier that keeps the predicted class proportions,
    ``Σ t_k·p_k / n²``. Equivalently, (observed − expected successes) / (n − expected
    successes): 58 / 118 = 49.2% for handout 001's A/B/C matrix. Any number of classes.
    Undefined when p_e = 1 (every target and prediction is one and the same class).

    Examples
    --------
    >>> round(cohen_kappa([[88, 10, 2], [14, 40, 6], [18, 10, 12]]), 4)
    0.4915
    """
    cm = as_confusion_matrix(cm)
    return _kappa(cm, zero_division, "Cohen's kappa")


def _kappa(cm: ConfusionMatrix, zero_division, metric: str) -> float:
    """Kappa as (n·observed − Σ t_k·p_k) / (n² − Σ t_k·p_k): whole numbers, one rounding."""
    n = cm.n
    chance = _dot(_ints(cm.target_totals), _ints(cm.prediction_totals))  # n × expected
    return safe_divide(
        n * cm.n_correct - chance,
        n * n - chance,
        zero_division=zero_division,
        metric=metric,
        why="the chance agreement is already perfect, or n = 0",
        stacklevel=4,  # safe_divide < _kappa < public function < caller
    )


def expected_confusion(cm):
    """The confusion matrix expected of a random classifier with the model's proportions.

    Handout 001, "Matriz de confusão e estatística Kappa": the random classifier predicts
    each class in the proportions the model does (column totals / n) and classifies each
    row (each actual class) in those proportions, so cell (i, j) is
    ``row total_i × column total_j / n``. For the A/B/C matrix its rows are 60/30/10,
    36/18/6 and 24/12/4, and its diagonal sums to 82 expected successes.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction. Must hold at least one instance.

    Returns
    -------
    pandas.DataFrame
        Float counts (they need not be whole numbers), index ``target`` and columns
        ``prediction`` named by the class labels; same row and column totals as ``cm``.

    Raises
    ------
    ValueError
        If the matrix is empty (n = 0).

    Examples
    --------
    >>> expected_confusion([[88, 10, 2], [14, 40, 6], [18, 10, 12]]).to_numpy()
    array([[60., 30., 10.],
           [36., 18.,  6.],
           [24., 12.,  4.]])
    """
    import pandas as pd

    cm = check_nonempty(as_confusion_matrix(cm), RANDOM_NEEDS)
    totals = [np.asarray(v, dtype=float) for v in (cm.target_totals, cm.prediction_totals)]
    expected = np.outer(*totals) / float(cm.n)
    from evalbook._tables import DisplayFrame  # shown in the display language

    return DisplayFrame(
        expected,
        index=pd.Index(cm.labels, name="target"),
        columns=pd.Index(cm.labels, name="prediction"),
    )


@result
class KappaBreakdown(NamedTuple):
    """Handout 001's kappa, step by step (see :func:`kappa_breakdown`).

    Attributes
    ----------
    n : int
        Number of instances.
    observed : int
        Successes of the model (the diagonal of its matrix).
    expected : float
        Successes expected of the random classifier (the diagonal of
        :func:`expected_confusion`).
    extra : float
        ``observed − expected``: successes beyond chance (negative when the model does
        worse than chance).
    max_extra : float
        ``n − expected``: the most extra successes any model could have.
    kappa : float
        ``extra / max_extra`` (nan when ``max_extra`` is 0).
    """

    n: int
    observed: int
    expected: float
    extra: float
    max_extra: float
    kappa: float

    def __str__(self) -> str:
        rows = [
            (term("observed"), f"{self.observed}"),
            (term("expected"), f"{self.expected:g}"),
            (term("extra"), f"{self.extra:g}"),
            (term("max_extra"), f"{self.n} − {self.expected:g} = {self.max_extra:g}"),
            ("kappa", f"{self.extra:g} / {self.max_extra:g} = {self.kappa:.4f}"),
        ]
        width = max(len(label) for label, _ in rows)
        return "\n".join(f"{label:<{width}} = {value}" for label, value in rows)


def kappa_breakdown(cm, *, zero_division="warn") -> KappaBreakdown:
    """Cohen's kappa computed the way handout 001 does, keeping every intermediate count.

    Handout 001: "número de sucessos do classificador aleatório = 60 + 18 + 4 = 82",
    "número extra de sucessos = 88 + 40 + 12 − 82 = 58", "número máximo de sucessos extra
    seria = 200 − 82 = 118", "Kappa = 58 / 118 = 49.2%". The result's ``kappa`` equals
    :func:`evalbook.cohen_kappa`. Its maximum is 1 (only the diagonal is non-zero); it is
    0 when the model has exactly the chance successes and negative below that, down to −1.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction. Must hold at least one instance.
    zero_division : "warn" or float, default "warn"
        Kappa when ``n − expected`` is 0 (target and prediction are always one and the same
        class); ``"warn"`` gives nan with an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    KappaBreakdown

    Examples
    --------
    >>> b = kappa_breakdown([[88, 10, 2], [14, 40, 6], [18, 10, 12]])
    >>> b.observed, b.expected, b.extra, b.max_extra, round(b.kappa, 3)
    (140, 82.0, 58.0, 118.0, 0.492)
    """
    cm = check_nonempty(as_confusion_matrix(cm), RANDOM_NEEDS)
    n = cm.n
    observed = cm.n_correct
    expected = _dot(_ints(cm.target_totals), _ints(cm.prediction_totals)) / n
    extra = observed - expected
    max_extra = n - expected
    kappa = _kappa(cm, zero_division, "kappa")
    return KappaBreakdown(n, observed, expected, extra, max_extra, kappa)
