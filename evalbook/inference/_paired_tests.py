"""Comparing two classifiers on the same data: McNemar, DeLong and the 5×2cv tests.

:func:`~evalbook.compare_models` compares two models tested on *different* test sets
(d = p₁ − p₂ with the variance of two independent proportions) and
:func:`~evalbook.compare_algorithms` two algorithms over several datasets (a t test on the
differences). When both models are tested on the *same* instances, their
errors are paired, and the tests here use that pairing:

- :func:`mcnemar_test`: do the two models make different numbers of errors on the same
  test set? Only the instances where exactly one of them is right count (McNemar 1947;
  Dietterich 1998 recommends it when the models can be trained only once);
- :func:`delong_test`: are two AUCs measured on the same instances different? The
  variance of the difference from the AUCs' structural components (DeLong, DeLong &
  Clarke-Pearson 1988);
- :func:`paired_ttest_5x2cv` and :func:`f_test_5x2cv`: do two *algorithms* differ, from
  five repetitions of 2-fold cross-validation (Dietterich 1998; Alpaydin 1999).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    as_array,
    as_label_array,
    as_number_array,
    check_confidence,
    check_flag,
    check_label_types,
    check_same_length,
    safe_divide,
)
from evalbook._core.results import result
from evalbook._core.stats import (
    delong_difference_variance,
    normal_quantile,
    scores_and_classes,
)

__all__ = [
    "DeLongResult",
    "McNemarResult",
    "PairedTestResult",
    "delong_test",
    "f_test_5x2cv",
    "mcnemar_test",
    "paired_ttest_5x2cv",
]


@result
class PairedTestResult(NamedTuple):
    """A test's statistic and its p-value (and, for McNemar, the two discordant counts)."""

    statistic: float
    p_value: float


@result
class McNemarResult(NamedTuple):
    """McNemar's test: statistic, p-value, and the discordant counts b and c."""

    statistic: float
    p_value: float
    only_a_right: int
    only_b_right: int


@result
class DeLongResult(NamedTuple):
    """DeLong's test of two correlated AUCs, and the interval of their difference."""

    auc_a: float
    auc_b: float
    difference: float
    std_error: float
    z: float
    p_value: float
    lower: float
    upper: float


# ---------------------------------------------------------------------- McNemar
def mcnemar_test(y_true, predictions_a, predictions_b, *, exact=True, correction=True):
    """McNemar's test: do two classifiers err equally often on the same test set?

    Of the instances where the two models disagree about being right, b are right only for
    model A and c only for model B. If both models had the same error rate, each of these
    b + c instances would be equally likely to fall on either side: b ~ Binomial(b + c, ½).
    ``exact=True`` computes that binomial two-sided p-value; ``exact=False`` the chi-squared
    approximation (|b − c| − 1)² / (b + c) with 1 degree of freedom (without the −1 when
    ``correction=False``), as R's ``mcnemar.test`` and statsmodels' ``mcnemar`` do.
    Instances where both are right or both wrong say nothing about which model is better.

    Parameters
    ----------
    y_true : sequence of labels
    predictions_a, predictions_b : sequence of labels
        The two models' predictions for the same instances.
    exact : bool, default True
        Binomial test (statistic = min(b, c)); use it when b + c is small (below about 25).
    correction : bool, default True
        Edwards' continuity correction of the chi-squared statistic (ignored when exact).

    Returns
    -------
    McNemarResult
        ``statistic``, ``p_value``, ``only_a_right`` (b) and ``only_b_right`` (c). With
        b + c = 0 the models never disagree about being right: the exact p-value is 1 and
        the chi-squared statistic is 0/0 (``nan`` with an UndefinedMetricWarning).

    References
    ----------
    Q. McNemar, "Note on the sampling error of the difference between correlated
    proportions or percentages", Psychometrika 12(2):153-157, 1947. T. G. Dietterich,
    "Approximate statistical tests for comparing supervised classification learning
    algorithms", Neural Computation 10(7):1895-1923, 1998.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> a = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    >>> b = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0]
    >>> mcnemar_test(y, a, b)
    McNemarResult(statistic=2.0, p_value=0.6875, only_a_right=4, only_b_right=2)
    """
    exact = check_flag(exact, "exact")
    correction = check_flag(correction, "correction")
    target = as_label_array(y_true, "y_true")
    first = as_label_array(predictions_a, "predictions_a")
    second = as_label_array(predictions_b, "predictions_b")
    check_same_length(target, first, "y_true", "predictions_a")
    check_same_length(target, second, "y_true", "predictions_b")
    check_label_types(y_true=target, predictions_a=first, predictions_b=second)
    right_a = np.asarray(first == target, dtype=bool)
    right_b = np.asarray(second == target, dtype=bool)
    b = int(np.sum(right_a & ~right_b))
    c = int(np.sum(~right_a & right_b))
    if exact:
        from scipy.stats import binom

        statistic = float(min(b, c))
        p_value = min(1.0, 2.0 * float(binom.cdf(min(b, c), b + c, 0.5)))
        return McNemarResult(statistic, p_value, b, c)
    from scipy.stats import chi2

    shift = 1.0 if correction else 0.0
    statistic = safe_divide(
        (abs(b - c) - shift) ** 2,
        b + c,
        metric="McNemar's chi-squared statistic",
        why="the two models are right on exactly the same instances (b + c = 0)",
    )
    p_value = math.nan if math.isnan(statistic) else float(chi2.sf(statistic, 1))
    return McNemarResult(statistic, p_value, b, c)


# ---------------------------------------------------------------------- DeLong
def delong_test(y_true, scores_a, scores_b, *, positive, confidence=0.95) -> DeLongResult:
    """DeLong's test: are two ROC AUCs measured on the same instances different?

    Each AUC is a Mann-Whitney statistic, the mean of ψ(Xᵢ, Yⱼ) over the m positives Xᵢ
    and n negatives Yⱼ. DeLong et al. (1988) estimate the covariance of two such
    statistics from their structural components: S = S₁₀ / m + S₀₁ / n, where S₁₀ is the
    2×2 sample covariance of the positives' components V10ᵢ = (1/n) Σⱼ ψ(Xᵢ, Yⱼ) under the
    two models and S₀₁ that of the negatives' V01ⱼ. Then var(AUC_A − AUC_B) = S_AA + S_BB −
    2 S_AB and z = (AUC_A − AUC_B) / √var is compared with the standard normal (two-sided),
    as R's ``pROC::roc.test(method="delong")`` does, and the interval of the difference is
    (AUC_A − AUC_B) ± z₁₋α/₂ · √var (pROC's "95 percent confidence interval"). The same
    scores in a different pairing would give the same AUCs but a different variance: the
    test uses that both models scored the same instances. The components come from one
    sort of each model's scores (Sun & Xu 2014 use three), and passes over them; scores
    with at most a few distinct values (0/1 scores) are counted without a sort.

    Parameters
    ----------
    y_true : sequence of labels
    scores_a, scores_b : sequence of float
        The two models' scores for the same instances.
    positive : label
        The positive class; ``y_true`` needs at least 2 positives and 2 negatives.
    confidence : float in (0, 1), default 0.95
        The confidence of the interval of the difference.

    Returns
    -------
    DeLongResult
        ``auc_a``, ``auc_b``, ``difference`` (A − B), ``std_error`` of the difference,
        ``z``, the two-sided ``p_value``, and ``lower`` and ``upper``, the bounds of the
        ``confidence`` interval of the difference. When the variance is 0 and the AUCs equal,
        z is 0/0 (``nan``, with an UndefinedMetricWarning); when the variance is 0 and the
        AUCs differ, z is ±inf and the p-value 0.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under two or
    more correlated receiver operating characteristic curves: a nonparametric approach",
    Biometrics 44(3):837-845, 1988. X. Sun and W. Xu, "Fast implementation of DeLong's
    algorithm for comparing the areas under correlated receiver operating characteristic
    curves", IEEE Signal Processing Letters 21(11):1389-1393, 2014.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0]
    >>> a = [0.9, 0.8, 0.7, 0.3, 0.6, 0.2, 0.1, 0.4]
    >>> b = [0.6, 0.9, 0.4, 0.3, 0.7, 0.5, 0.1, 0.8]
    >>> result = delong_test(y, a, b, positive=1)
    >>> round(result.auc_a, 4), round(result.auc_b, 4), round(result.p_value, 4)
    (0.875, 0.5, 0.0662)
    >>> round(result.lower, 4), round(result.upper, 4)
    (-0.0251, 0.7751)
    """
    confidence = check_confidence(confidence)
    first, is_positive = scores_and_classes(y_true, scores_a, positive, name="scores_a")
    second = as_number_array(scores_b, "scores_b", what="score")
    check_same_length(is_positive, second, "y_true", "scores_b")
    m = int(is_positive.sum())
    n = is_positive.size - m
    if m < 2 or n < 2:
        raise ValueError(
            f"y_true has {m} positive(s) and {n} negative(s); DeLong's variance needs at "
            "least 2 of each"
        )
    auc_a, auc_b, variance = delong_difference_variance(first, second, is_positive)
    difference = float(auc_a - auc_b)
    std_error = math.sqrt(variance)
    if std_error == 0 and difference != 0:
        z = math.copysign(math.inf, difference)
    else:
        z = safe_divide(
            difference,
            std_error,
            metric="DeLong's z",
            why="the two models' AUCs are equal and their difference has variance 0",
        )
    # the normal tail and quantile from the standard library: scipy.stats costs more per
    # call than the rest of the test on 10⁵ instances
    p_value = math.nan if math.isnan(z) else math.erfc(abs(z) / math.sqrt(2))
    margin = normal_quantile(1.0 - (1.0 - confidence) / 2) * std_error
    return DeLongResult(
        float(auc_a),
        float(auc_b),
        difference,
        std_error,
        z,
        p_value,
        difference - margin,
        difference + margin,
    )


# ---------------------------------------------------------------------- 5x2cv
def _five_by_two(scores_a, scores_b) -> np.ndarray:
    """The 5×2 differences pᵢ⁽ʲ⁾ = score_A − score_B, replication i, fold j."""
    tables = []
    for name, scores in (("scores_a", scores_a), ("scores_b", scores_b)):
        if scores is None or isinstance(scores, (str, bytes)):
            raise TypeError(f"{name} must be a table of scores of shape (5, 2); got {scores!r}")
        table = as_array(scores, name, dtype=object)
        if any(np.ndim(value) for value in table.ravel()):  # ragged rows: [[1, 2], [3]]
            raise TypeError(f"{name} must be a (5, 2) table of numbers, rows of equal length")
        if table.shape not in ((5, 2), (10,)):  # a (2, 5) table would mix the replications
            raise ValueError(
                f"{name} must hold 10 scores, 5 replications × 2 folds: shape (5, 2) (one "
                f"row per replication) or 10 values in replication order; got shape "
                f"{table.shape}"
            )
        tables.append(as_number_array(table.ravel(), name).reshape(5, 2))
    with np.errstate(over="ignore", invalid="ignore"):
        differences = tables[0] - tables[1]
        finite = np.isfinite(_variances(differences).sum() + np.sum(differences**2))
    if not finite:
        raise ValueError(
            "scores_a and scores_b are too large: the squares of their differences overflow "
            "a float (beyond about 1e154); give scores on their usual scale (e.g. accuracies)"
        )
    return differences


def _variances(differences: np.ndarray) -> np.ndarray:
    """sᵢ² = Σⱼ (pᵢ⁽ʲ⁾ − p̄ᵢ)², the two-fold variance of each replication (not divided)."""
    mean = differences.mean(axis=1, keepdims=True)
    return np.sum((differences - mean) ** 2, axis=1)


def paired_ttest_5x2cv(scores_a, scores_b) -> PairedTestResult:
    """Dietterich's 5×2cv paired t test of two learning algorithms.

    Five times, the data are split in two halves; each algorithm is trained on one half
    and tested on the other, then the other way round, giving the differences p₁⁽ⁱ⁾ and
    p₂⁽ⁱ⁾ of replication i. With sᵢ² = (p₁⁽ⁱ⁾ − p̄ᵢ)² + (p₂⁽ⁱ⁾ − p̄ᵢ)²,
    t = p₁⁽¹⁾ / √(Σᵢ sᵢ² / 5) follows approximately a t distribution with 5 degrees of
    freedom (Dietterich 1998, sec. 3.5). Unlike the t test over the 10 folds of one
    cross-validation, its type I error stays near the nominal level.

    Parameters
    ----------
    scores_a, scores_b : array-like of shape (5, 2), or 10 values
        Each algorithm's score (e.g. accuracy) on each test fold, replication by
        replication; both algorithms must use the same splits. The 10 splits of
        ``evalbook.repeated_kfold(y, k=2, repeats=5, seed=...)`` come in this order.

    Returns
    -------
    PairedTestResult
        ``statistic`` (t) and the two-sided ``p_value``. When every replication's two
        differences are equal (Σ sᵢ² = 0), t is 0/0 or ±inf: ``nan`` with an
        UndefinedMetricWarning, or a p-value of 0.

    References
    ----------
    T. G. Dietterich, "Approximate statistical tests for comparing supervised
    classification learning algorithms", Neural Computation 10(7):1895-1923, 1998.

    Examples
    --------
    >>> a = [[0.90, 0.88], [0.91, 0.87], [0.89, 0.90], [0.92, 0.88], [0.90, 0.89]]
    >>> b = [[0.86, 0.87], [0.88, 0.85], [0.87, 0.88], [0.86, 0.87], [0.88, 0.86]]
    >>> [round(v, 4) for v in paired_ttest_5x2cv(a, b)]
    [2.1082, 0.0888]
    """
    from scipy.stats import t

    differences = _five_by_two(scores_a, scores_b)
    denominator = math.sqrt(float(_variances(differences).sum()) / 5)
    statistic = _ratio(float(differences[0, 0]), denominator, "the 5x2cv t statistic")
    p_value = math.nan if math.isnan(statistic) else float(2 * t.sf(abs(statistic), 5))
    return PairedTestResult(statistic, p_value)


def f_test_5x2cv(scores_a, scores_b) -> PairedTestResult:
    """Alpaydin's combined 5×2cv F test of two learning algorithms.

    Dietterich's t statistic uses only the first of the ten differences; Alpaydin (1999)
    combines them all: f = Σᵢ Σⱼ (pᵢ⁽ʲ⁾)² / (2 Σᵢ sᵢ²), approximately F with 10 and 5
    degrees of freedom. It rejects a true null hypothesis less often than the 5×2cv t test
    and has about the same power.

    Parameters
    ----------
    scores_a, scores_b : array-like of shape (5, 2), or 10 values
        As in :func:`paired_ttest_5x2cv`.

    Returns
    -------
    PairedTestResult
        ``statistic`` (f) and the one-sided ``p_value`` P(F₁₀,₅ ≥ f).

    References
    ----------
    E. Alpaydin, "Combined 5×2 cv F test for comparing supervised classification learning
    algorithms", Neural Computation 11(8):1885-1892, 1999.

    Examples
    --------
    >>> a = [[0.90, 0.88], [0.91, 0.87], [0.89, 0.90], [0.92, 0.88], [0.90, 0.89]]
    >>> b = [[0.86, 0.87], [0.88, 0.85], [0.87, 0.88], [0.86, 0.87], [0.88, 0.86]]
    >>> [round(v, 4) for v in f_test_5x2cv(a, b)]
    [2.4444, 0.1679]
    """
    from scipy.stats import f

    differences = _five_by_two(scores_a, scores_b)
    numerator = float(np.sum(differences**2))
    statistic = _ratio(numerator, 2 * float(_variances(differences).sum()), "the 5x2cv F statistic")
    p_value = math.nan if math.isnan(statistic) else float(f.sf(statistic, 10, 5))
    return PairedTestResult(statistic, p_value)


def _ratio(numerator: float, denominator: float, metric: str) -> float:
    """numerator / denominator; ±inf for x/0 with x ≠ 0, nan with a warning for 0/0."""
    if denominator == 0 and numerator != 0:
        return math.copysign(math.inf, numerator)
    return safe_divide(
        numerator,
        denominator,
        metric=metric,
        why="both folds of every replication give the same difference",
        stacklevel=4,
    )
