"""Private statistical primitives shared by several public modules.

Each is written once here and reused, so that ``summary`` (caret's report) and
``intervals`` (handout 004's intervals) cannot drift apart. Their argument checks
(``check_confidence``, ``check_successes``) live in :mod:`evalbook._checks`.
"""

from __future__ import annotations

import warnings
from statistics import NormalDist

import numpy as np

from evalbook._checks import (
    UndefinedMetricWarning,
    as_label_array,
    as_number_array,
    check_confidence,
    check_label,
    check_label_types,
    check_same_length,
    check_successes,
    positive_mask,
)


def clopper_pearson(k, n, *, confidence=0.95) -> tuple[float, float]:
    """Exact (Clopper–Pearson) two-sided interval for a binomial proportion k / n.

    The interval caret reports as "95% CI" for the accuracy, and
    ``statsmodels.stats.proportion.proportion_confint(k, n, method="beta")``: the bounds
    are quantiles of beta distributions, ``Beta(α/2; k, n − k + 1)`` and
    ``Beta(1 − α/2; k + 1, n − k)``, with 0 and 1 at the edges (k = 0 or k = n).

    Examples
    --------
    >>> lower, upper = clopper_pearson(15, 20)
    >>> round(lower, 4), round(upper, 4)
    (0.509, 0.9134)
    """
    k, n = check_successes(k, n)
    lower, upper = clopper_pearson_bounds(np.array([k]), n, check_confidence(confidence))
    return float(lower[0]), float(upper[0])


def clopper_pearson_bounds(hits: np.ndarray, n: int, confidence: float):
    """:func:`clopper_pearson` for an array of whole numbers of hits at once (checked).

    One call of the beta quantile for all of them, so a coverage simulation with hundreds
    of distinct hit counts costs about what one interval does.
    """
    from scipy.stats import beta

    alpha = 1.0 - confidence
    k = np.asarray(hits, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        lower = np.where(k == 0, 0.0, beta.ppf(alpha / 2, np.maximum(k, 1), n - k + 1))
        upper = np.where(k == n, 1.0, beta.ppf(1 - alpha / 2, k + 1, np.maximum(n - k, 1)))
    return lower, upper


def delong_placements(scores: np.ndarray, is_positive: np.ndarray) -> tuple[np.ndarray, float]:
    """DeLong's structural components of one model's scores, in input order (checked).

    For a positive i, V10ᵢ = (1/n) Σⱼ ψ(Xᵢ, Yⱼ) over the n negatives; for a negative j,
    V01ⱼ = (1/m) Σᵢ ψ(Xᵢ, Yⱼ) over the m positives, with ψ = 1 if X > Y, ½ if tied, 0
    otherwise (DeLong et al. 1988). Sun & Xu (2014) compute them from midranks; here one
    ``np.argsort`` of the scores gives the groups of tied scores, and the counts of
    positives and negatives below and inside each group give every component in O(N)
    more: V10 = (negatives below + ½ negatives tied) / n, V01 = 1 − (positives below +
    ½ positives tied) / m. Returns one array of length N, V10 at the positives and V01 at
    the negatives, and the AUC (the mean of the positives' entries), counted in whole
    numbers of half pairs and divided once, so that it is exact when it can be.

    Examples
    --------
    >>> delong_placements(np.array([0.9, 0.2, 0.5, 0.5]), np.array([True, False, True, False]))
    (array([1.  , 1.  , 0.75, 0.75]), 0.875)
    """
    size = scores.size
    order = np.argsort(scores)
    ordered = scores[order]
    positive = is_positive[order]
    # positives at or before each sorted position; positives and negatives in all
    positives_through = np.cumsum(positive, dtype=np.int64)
    m = int(positives_through[-1])
    n = size - m
    values = np.empty(size)
    tied = ordered[1:] == ordered[:-1]
    if not tied.any():  # every group is one instance: below = everything before it
        positives_below = positives_through - positive
        negatives_below = np.arange(size) - positives_below
        half_pairs = 2 * int(np.sum(negatives_below, where=positive))
        sorted_values = np.where(positive, negatives_below / n, 1.0 - positives_below / m)
    else:
        starts = np.flatnonzero(np.r_[True, ~tied])
        ends = np.r_[starts[1:], size]
        through_end = positives_through[ends - 1]
        before_start = np.r_[0, through_end[:-1]]
        positives_in = through_end - before_start
        negatives_in = ends - starts - positives_in
        negatives_before = starts - before_start
        sizes = ends - starts
        half_pairs = int(np.dot(positives_in, 2 * negatives_before + negatives_in))
        of_positive = np.repeat((negatives_before + 0.5 * negatives_in) / n, sizes)
        of_negative = np.repeat(1.0 - (before_start + 0.5 * positives_in) / m, sizes)
        sorted_values = np.where(positive, of_positive, of_negative)
    values[order] = sorted_values
    return values, half_pairs / (2 * m * n)


def checked_scores(y_true, scores, positive, *, name="scores"):
    """``(labels, scores as float64, positive mask)``: the checks every function on scores
    makes (:class:`evalbook.ScoredData` and the functions that sort their own way)."""
    check_label(positive, "positive")
    labels = as_label_array(y_true, "y_true")
    check_label_types(y_true=labels)  # a '1' among 1s is another class, as in from_labels
    values = as_number_array(scores, name, what="score")
    check_same_length(labels, values, "y_true", name)
    return labels, values, positive_mask(labels, positive)


def scores_and_classes(y_true, scores, positive, *, name="scores", minimum=1):
    """``scores`` as float64 and the positive mask of ``y_true``, checked, not sorted.

    The checks of :class:`evalbook.ScoredData` without its sort, for the functions that
    sort the scores their own way (DeLong's components, the AUC's bootstrap). Refuses a
    class with fewer than ``minimum`` instances.
    """
    _, values, is_positive = checked_scores(y_true, scores, positive, name=name)
    m = int(is_positive.sum())
    n = is_positive.size - m
    if m < minimum or n < minimum:
        raise ValueError(
            f"y_true has {m} positive(s) and {n} negative(s); at least {minimum} of each are needed"
        )
    return values, is_positive


def normal_quantile(probability: float) -> float:
    """The standard normal quantile Φ⁻¹(p), from the standard library (Wichura's AS 241).

    Agrees with ``scipy.stats.norm.ppf`` to about 1e-15 and costs a microsecond, where a
    scipy.stats call costs tens: what a test on 10⁵ instances can afford.

    Examples
    --------
    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    return NormalDist().inv_cdf(probability)


def defined_resamples(values: np.ndarray, *, undefined_as: str) -> np.ndarray:
    """The resamples' values where the metric is defined, for a bootstrap interval.

    A resample on which the metric is undefined (``nan``) is left out with an
    :class:`UndefinedMetricWarning` that counts them (pointing at the caller of the public
    function); when no resample is defined, a ValueError. ``undefined_as`` says how the
    message names the undefined value ("nan", "0/0").
    """
    undefined = int(np.isnan(values).sum())
    if undefined == values.size:
        raise ValueError(f"the metric is undefined ({undefined_as}) on every resample")
    if undefined:
        warnings.warn(
            f"the metric is undefined ({undefined_as}) on {undefined} of {values.size} "
            "resamples; they are left out of the interval",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    return values[~np.isnan(values)]
