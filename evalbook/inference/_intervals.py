"""Confidence intervals: z and t quantiles, an accuracy's three intervals, proportions.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (predicting performance): the z
table (Table 5.1) and a t table, the intervals for an accuracy measured on ``n`` test
instances (the Wilson score interval, the normal approximation, the exact Clopper–Pearson
interval), how often each covers the true accuracy (Brown, Cai & DasGupta 2001); the
intervals of a confusion matrix's proportions (:func:`proportion_interval`). The bootstrap
of any metric, the AUC's intervals and the bands of curves are in
:mod:`evalbook.inference._bootstrap_intervals`; the comparisons of models and algorithms
in :mod:`evalbook.inference`.

Every interval is an :class:`~evalbook.Interval`. scipy is imported inside the functions
that need it, so ``import evalbook`` stays fast.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    UndefinedMetricWarning,
    as_rng,
    check_choice,
    check_confidence,
    check_count,
    check_probability,
    check_quantile,
    check_size,
    check_whole_number,
)
from evalbook._core.results import result
from evalbook._core.stats import (
    clopper_pearson,
    clopper_pearson_bounds,
)

__all__ = [
    "T_TABLE",
    "Z_TABLE",
    "Interval",
    "NormalApproximationWarning",
    "accuracy_interval",
    "interval_coverage",
    "proportion_interval",
    "t_value",
    "z_value",
]


# ====================================================================== intervals


#: Witten et al. (2017), ch. 5, Table 5.1: one-sided tail probability Pr[X ≥ z] -> z.
Z_TABLE: dict[float, float] = {
    0.001: 3.09,
    0.005: 2.58,
    0.01: 2.33,
    0.05: 1.65,
    0.10: 1.28,
    0.20: 0.84,
    0.40: 0.25,
}

#: A printed table of two-sided Student's t quantiles, rounded to three significant
#: figures: degrees of freedom k − 1 -> {confidence 1 − α: t}.
T_TABLE: dict[int, dict[float, float]] = {
    1: {0.80: 3.08, 0.90: 6.31, 0.95: 12.7, 0.98: 31.8, 0.99: 63.7},
    2: {0.80: 1.89, 0.90: 2.92, 0.95: 4.30, 0.98: 6.96, 0.99: 9.92},
    9: {0.80: 1.38, 0.90: 1.83, 0.95: 2.26, 0.98: 2.82, 0.99: 3.25},
    29: {0.80: 1.31, 0.90: 1.70, 0.95: 2.04, 0.98: 2.46, 0.99: 2.76},
}

_SOURCES = ("exact", "table")
_METHODS = ("wilson", "normal", "exact")


class NormalApproximationWarning(UserWarning):
    """The normal approximation is used outside its conditions.

    The usual rule of thumb allows ``p ± z·√(p(1 − p)/n)`` only when n ≥ 30 and
    n·p·(1 − p) ≥ 5;
    outside them, prefer the Wilson interval (``method="wilson"``).
    """


def _table_confidence(confidence: float, levels) -> float | None:
    """The table level equal to ``confidence`` (up to float noise), or None."""
    for level in levels:
        if abs(level - confidence) < 1e-9:
            return level
    return None


# ---------------------------------------------------------------------- z and t
def z_value(confidence, *, source="exact") -> float:
    """Two-sided normal quantile z with Pr[−z ≤ X ≤ z] = c, i.e. Pr[X ≥ z] = (1 − c)/2.

    Witten et al. (2017), ch. 5, Table 5.1 (confidence limits for the normal distribution).

    Parameters
    ----------
    confidence : float
        The confidence c, strictly between 0 and 1 (0.90 for 90%).
    source : {"exact", "table"}, default "exact"
        ``"exact"``: the standard normal quantile (scipy). ``"table"``: the value printed
        in Table 5.1, available for c = 0.2, 0.6, 0.8, 0.9, 0.98, 0.99 and 0.998 only
        (Pr[X ≥ z] = 40%, 20%, 10%, 5%, 1%, 0.5% and 0.1%).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``confidence`` is outside (0, 1), or with ``source="table"`` if Table 5.1 has
        no row for it (the message lists the available levels; 95% is not one of them).

    References
    ----------
    I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.

    Examples
    --------
    >>> z_value(0.90, source="table")
    1.65
    >>> round(z_value(0.90), 4)
    1.6449
    >>> z_value(0.99, source="table")
    2.58
    """
    confidence = check_confidence(confidence)
    check_choice(source, "source", _SOURCES)
    tail = (1.0 - confidence) / 2
    if source == "table":
        level = _table_confidence(tail, Z_TABLE)
        if level is None:
            available = ", ".join(f"{1 - 2 * p:.10g}" for p in sorted(Z_TABLE, reverse=True))
            raise ValueError(
                f"confidence={confidence:.10g} is not in Witten et al.'s Table 5.1, which lists "
                f"Pr[X ≥ z] = (1 − c)/2 for c = {available}; use source='exact'"
            )
        return Z_TABLE[level]
    from scipy.stats import norm

    return float(norm.isf(tail))


def t_value(confidence, df, *, source="exact") -> float:
    """Two-sided Student's t quantile for confidence c and ``df`` degrees of freedom.

    Witten et al. (2017), ch. 5 (comparing data mining schemes): with k datasets (or folds),
    df = k − 1; the interval of the mean difference is ``d ± t·σ``.

    Parameters
    ----------
    confidence : float
        The confidence 1 − α, strictly between 0 and 1.
    df : int
        Degrees of freedom, at least 1 and at most 2⁵³.
    source : {"exact", "table"}, default "exact"
        ``"exact"``: scipy's quantile, Pr[|T| ≤ t] = c. ``"table"``: the printed t table
        :data:`~evalbook.T_TABLE`, rows df = 1, 2, 9, 29 and columns c = 0.80, 0.90, 0.95,
        0.98, 0.99 only.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``confidence`` is outside (0, 1), ``df`` < 1, or with ``source="table"`` if the
        table has no such row or column (the message lists what it has).

    Examples
    --------
    >>> t_value(0.95, 29, source="table")
    2.04
    >>> round(t_value(0.95, 29), 4)
    2.0452
    >>> t_value(0.99, 9, source="table")
    3.25
    """
    confidence = check_confidence(confidence)
    df = check_count(df, "df", minimum=1)
    check_choice(source, "source", _SOURCES)
    if source == "table":
        if df not in T_TABLE:
            raise ValueError(
                f"df={df} is not a row of the t table, which has df = k − 1 = "
                f"{', '.join(map(str, T_TABLE))}; use source='exact'"
            )
        row = T_TABLE[df]
        level = _table_confidence(confidence, row)
        if level is None:
            raise ValueError(
                f"confidence={confidence:.10g} is not a column of the t table, "
                f"which has 1 − α = {', '.join(f'{c:.2f}' for c in row)}; use source='exact'"
            )
        return row[level]
    from scipy.stats import t

    return float(t.isf((1.0 - confidence) / 2, df))


# ---------------------------------------------------------------------- one accuracy
@result
class Interval(NamedTuple):
    """A confidence interval: its two ends. Unpacks as ``lower, upper = interval``."""

    lower: float
    upper: float


def _wilson(p, n, z):
    """Wilson score bounds (Wilson 1927); vectorised over p and n."""
    centre = p + z**2 / (2 * n)
    spread = z * np.sqrt(p / n - p**2 / n + z**2 / (4 * n**2))
    denominator = 1 + z**2 / n
    # the bounds are 0 at p = 0 and 1 at p = 1; make them exact despite rounding
    lower = np.where(p == 0, 0.0, np.clip((centre - spread) / denominator, 0.0, 1.0))
    upper = np.where(p == 1, 1.0, np.clip((centre + spread) / denominator, 0.0, 1.0))
    return lower, upper


def _normal(p, n, z):
    """Normal-approximation (Wald) bounds; vectorised, not clipped."""
    half = z * np.sqrt(p * (1 - p) / n)
    return p - half, p + half


def accuracy_interval(p, n, *, confidence=0.95, method="wilson", z=None) -> Interval:
    """Confidence interval for an accuracy ``p`` measured on ``n`` test instances.

    Each prediction is a Bernoulli trial (right or wrong), so the number of hits is
    binomial with mean p and variance p(1 − p)/n. Witten et al. (2017), ch. 5 (predicting
    performance); Brown, Cai & DasGupta (2001):

    - ``"wilson"`` (the more reliable one), the Wilson score interval
      ``(p + z²/2n ± z·√(p/n − p²/n + z²/4n²)) / (1 + z²/n)``;
    - ``"normal"`` (Wald), ``p ± z·√(p(1 − p)/n)``, valid when n ≥ 30 and
      n·p·(1 − p) ≥ 5: outside those conditions a :class:`NormalApproximationWarning` is
      emitted. The bounds are not clipped to [0, 1] (statsmodels clips them): a bound
      outside [0, 1] is one more sign that the approximation fails;
    - ``"exact"``, the Clopper–Pearson interval from beta quantiles (the one caret
      reports), which needs p·n to be a whole number of hits.

    Parameters
    ----------
    p : float
        The accuracy measured on the test set, in [0, 1].
    n : int
        The number of test instances, at least 1 and at most 2⁵³.
    confidence : float, default 0.95
        The confidence c, strictly between 0 and 1.
    method : {"wilson", "normal", "exact"}, default "wilson"
    z : float, optional
        Use this quantile instead of the exact one, e.g. ``z_value(0.9, source="table")``
        (1.65) to reproduce numbers computed with a printed table. Only for ``"wilson"`` and
        ``"normal"``.

    Returns
    -------
    Interval
        ``lower`` and ``upper``, the bounds.

    Raises
    ------
    ValueError
        If p is outside [0, 1], n < 1, confidence is outside (0, 1), the method is
        unknown, z is not positive, z is given with ``method="exact"``, or p·n is not a
        whole number with ``method="exact"``.

    References
    ----------
    I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.
    E. B. Wilson, "Probable inference, the law of succession, and statistical
    inference", JASA 22:209-212, 1927. C. J. Clopper and E. S. Pearson, "The use of
    confidence or fiducial limits illustrated in the case of the binomial",
    Biometrika 26:404-413, 1934.
    L. D. Brown, T. T. Cai and A. DasGupta, "Interval estimation for a binomial
    proportion", Statistical Science 16(2):101-133, 2001.

    Examples
    --------
    >>> lower, upper = accuracy_interval(0.85, 30, confidence=0.90)
    >>> round(lower, 4), round(upper, 4)
    (0.7143, 0.9278)
    >>> accuracy_interval(1.0, 4, method="exact", confidence=0.5).upper
    1.0
    >>> [round(b, 4) for b in accuracy_interval(0.75, 5000, confidence=0.90, method="normal")]
    [0.7399, 0.7601]
    >>> [round(b, 4) for b in accuracy_interval(0.75, 20, method="exact")]
    [0.509, 0.9134]
    """
    p = check_probability(p, "p")
    n = check_count(n, "n", minimum=1)
    confidence = check_confidence(confidence)
    check_choice(method, "method", _METHODS)
    if method == "exact":
        if z is not None:
            raise ValueError(
                "z= applies to the 'wilson' and 'normal' methods; the exact (Clopper–Pearson) "
                "interval is set by confidence= alone"
            )
        hits = p * n
        if abs(hits - round(hits)) > 1e-6:
            raise ValueError(
                f"method='exact' needs a whole number of hits, but p·n = {p}·{n} = {hits:.6g}; "
                "pass p as hits / n"
            )
        return Interval(*clopper_pearson(round(hits), n, confidence=confidence))
    z = z_value(confidence) if z is None else check_quantile(z, "z")
    if method == "wilson":
        lower, upper = _wilson(p, n, z)
        return Interval(float(lower), float(upper))
    spread = n * p * (1 - p)
    if n < 30 or spread < 5:
        warnings.warn(
            f"the normal approximation needs n ≥ 30 and "
            f"n·p·(1 − p) ≥ 5; here n = {n} and n·p·(1 − p) = {spread:.4g}: prefer "
            "method='wilson'",
            NormalApproximationWarning,
            stacklevel=2,
        )
    lower, upper = _normal(p, n, z)
    return Interval(float(lower), float(upper))


def interval_coverage(
    p, n, *, confidence=0.95, method="wilson", n_trials=10_000, seed=None
) -> float:
    """Share of simulated test sets whose interval contains the true accuracy ``p``.

    Simulates ``n_trials`` test sets of ``n`` instances for a model whose true accuracy is
    ``p`` (hits ~ Binomial(n, p)), computes the ``method`` interval of each measured
    accuracy and counts how often it contains ``p``. A good 95% interval covers about 95%
    of the time; the Wilson interval is the more reliable one because the normal
    approximation covers much less for small n or p near 0 or 1. No
    :class:`NormalApproximationWarning` is emitted here: the point is to see the effect.

    Parameters
    ----------
    p : float
        The true accuracy, in [0, 1].
    n : int
        Test-set size, at least 1 and at most 2⁵³.
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact"}, default "wilson"
    n_trials : int, default 10000
        Number of simulated test sets, at least 1 and at most 10⁸.
    seed : int or numpy.random.Generator, optional
        Seed of the simulation; the same seed gives the same hit counts for every method.

    Returns
    -------
    float
        The coverage, in [0, 1].

    References
    ----------
    L. D. Brown, T. T. Cai and A. DasGupta, "Interval estimation for a binomial
    proportion", Statistical Science 16(2):101-133, 2001.

    Examples
    --------
    >>> interval_coverage(0.85, 30, confidence=0.90, method="wilson", seed=0)
    0.8847
    >>> interval_coverage(0.85, 30, confidence=0.90, method="normal", seed=0)
    0.8178
    """
    p = check_probability(p, "p")
    n = check_count(n, "n", minimum=1)
    confidence = check_confidence(confidence)
    n_trials = check_whole_number(n_trials, "n_trials", minimum=1, floats=True)
    check_size("interval_coverage", n_trials=n_trials)
    check_choice(method, "method", _METHODS)
    rng = as_rng(seed)
    hits = rng.binomial(n, p, size=n_trials)
    values, counts = np.unique(hits, return_counts=True)
    lower, upper = _bounds(values, n, confidence, method)
    covered = (lower <= p) & (p <= upper)
    return float(counts[covered].sum() / n_trials)


def _bounds(hits: np.ndarray, n: int, confidence: float, method: str):
    """Bounds of the ``method`` interval for each whole number of hits (vectorised)."""
    if method == "exact":
        return clopper_pearson_bounds(hits, n, confidence)
    z = z_value(confidence)
    accuracy = hits / n
    if method == "wilson":
        return _wilson(accuracy, n, z)
    return _normal(accuracy, n, z)


#: The proportions of a 2×2 matrix: name -> (hits, total) as functions of (TP, FN, FP, TN).
_PROPORTIONS = {
    "recall": (lambda tp, fn, fp, tn: (tp, tp + fn)),
    "fnr": (lambda tp, fn, fp, tn: (fn, tp + fn)),
    "specificity": (lambda tp, fn, fp, tn: (tn, tn + fp)),
    "fpr": (lambda tp, fn, fp, tn: (fp, tn + fp)),
    "precision": (lambda tp, fn, fp, tn: (tp, tp + fp)),
    "fdr": (lambda tp, fn, fp, tn: (fp, tp + fp)),
    "npv": (lambda tp, fn, fp, tn: (tn, tn + fn)),
    "false_omission_rate": (lambda tp, fn, fp, tn: (fn, tn + fn)),
    "accuracy": (lambda tp, fn, fp, tn: (tp + tn, tp + fn + fp + tn)),
    "error_rate": (lambda tp, fn, fp, tn: (fn + fp, tp + fn + fp + tn)),
    "prevalence": (lambda tp, fn, fp, tn: (tp + fn, tp + fn + fp + tn)),
    "detection_rate": (lambda tp, fn, fp, tn: (tp, tp + fn + fp + tn)),
    "detection_prevalence": (lambda tp, fn, fp, tn: (tp + fp, tp + fn + fp + tn)),
}
_PROPORTION_ALIASES = {
    "tpr": "recall",
    "sensitivity": "recall",
    "tnr": "specificity",
    "ppv": "precision",
}


def proportion_interval(cm, metric, *, positive=None, method="wilson", confidence=0.95) -> Interval:
    """Confidence interval of a proportion of the confusion matrix (precision, recall, ...).

    Recall, specificity, precision, NPV, FPR, FNR and the other rates of a confusion
    matrix are each a share of hits among a count of instances: recall is TP out of the
    TP + FN positives, precision TP out of the TP + FP predicted positives, specificity TN
    out of TN + FP. Each is a binomial proportion, so its interval is the accuracy's
    with its own hits and its own n: the Wilson
    score interval or the exact Clopper–Pearson one, computed by the same code
    as :func:`accuracy_interval`. The n is the metric's denominator, not the test-set
    size: precision measured on 3 predicted positives is uncertain however large the test
    set (statsmodels' ``proportion_confint(hits, n, method="wilson" | "beta")``).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows = target. A 2×2 matrix's first label is the positive class unless
        ``positive`` is given; a k×k matrix needs ``positive`` (one-vs-rest) except for
        ``"accuracy"`` and ``"error_rate"``.
    metric : str or one of the library's metric functions
        One of "recall" ("tpr", "sensitivity"), "fnr", "specificity" ("tnr"), "fpr",
        "precision" ("ppv"), "fdr", "npv", "false_omission_rate", "accuracy",
        "error_rate", "prevalence", "detection_rate", "detection_prevalence", or the
        function of that name (``evalbook.precision``).
    positive : label, optional
    method : {"wilson", "exact"}, default "wilson"
    confidence : float in (0, 1), default 0.95

    Returns
    -------
    Interval
        ``lower`` and ``upper``. When the metric's denominator is 0 the proportion is
        undefined (0/0): both bounds are ``nan``, with an UndefinedMetricWarning.

    References
    ----------
    E. B. Wilson, "Probable inference, the law of succession, and statistical
    inference", JASA 22:209-212, 1927. C. J. Clopper and E. S. Pearson, "The use of
    confidence or fiducial limits illustrated in the case of the binomial",
    Biometrika 26:404-413, 1934.

    Examples
    --------
    >>> cm = [[40, 10], [5, 45]]  # rows: target "+" then "-"
    >>> [round(b, 4) for b in proportion_interval(cm, "recall")]  # 40 of 50
    [0.6696, 0.8876]
    >>> [round(b, 4) for b in proportion_interval(cm, "precision", method="exact")]  # 40 of 45
    [0.7595, 0.9629]
    """
    from evalbook.metrics._confusion import as_confusion_matrix

    cm = as_confusion_matrix(cm)
    name = getattr(metric, "__name__", metric)
    if not isinstance(name, str):
        raise TypeError(
            f"metric must be the name of a proportion or one of the library's metric "
            f"functions; got {type(metric).__name__}"
        )
    name = _PROPORTION_ALIASES.get(name, name)
    check_choice(name, "metric", tuple(_PROPORTIONS) + tuple(_PROPORTION_ALIASES))
    check_choice(method, "method", ("wilson", "exact"))
    confidence = check_confidence(confidence)
    if name in ("accuracy", "error_rate") and positive is None:
        n = int(cm.counts.sum())
        right = int(np.trace(cm.counts))
        hits = right if name == "accuracy" else n - right
    else:
        if positive is not None:
            cm = cm.one_vs_rest(positive)
        elif cm.n_classes != 2:
            raise ValueError(
                f"{name} is a proportion of a binary matrix and this one has {cm.n_classes} "
                f"classes {cm.labels!r}; pass positive=... (one-vs-rest)"
            )
        counts = cm.counts
        cells = (int(counts[0, 0]), int(counts[0, 1]), int(counts[1, 0]), int(counts[1, 1]))
        hits, n = _PROPORTIONS[name](*cells)
    if n == 0:
        warnings.warn(
            f"{name} is undefined (0/0): its denominator is 0 in this matrix, so its interval "
            "is nan",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return Interval(math.nan, math.nan)
    lower, upper = _bounds(np.array([hits]), n, confidence, method)
    return Interval(float(lower[0]), float(upper[0]))
