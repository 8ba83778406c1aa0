"""Confidence intervals: z and t quantiles, an accuracy's three intervals, proportions, the
AUC's, and the bootstrap interval of any metric.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (predicting performance): the z
table (Table 5.1) and a t table, the intervals for an accuracy measured on ``n`` test
instances (the Wilson score interval, the normal approximation, the exact Clopper–Pearson
interval), how often each covers the true accuracy (Brown, Cai & DasGupta 2001); the
intervals of a confusion matrix's proportions (:func:`proportion_interval`). The
comparisons of models and algorithms are in :mod:`evalbook.inference`.

scipy is imported inside the functions that need it, so ``import evalbook`` stays fast.

- :func:`roc_auc_interval`: the ROC AUC's interval, from DeLong's variance (DeLong, DeLong
  & Clarke-Pearson 1988, as R's ``pROC::ci.auc``) or from a stratified bootstrap;
- :func:`bootstrap_interval`: the bootstrap interval of any metric, of a confusion matrix,
  of labels or of scores (F1, average precision, Brier score), resampling the test
  instances (Efron & Tibshirani 1993: the bootstrap applied to the test set).

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
    as_label_array,
    as_rng,
    check_choice,
    check_confidence,
    check_count,
    check_flag,
    check_label_types,
    check_metric_value,
    check_nonempty,
    check_probability,
    check_quantile,
    check_same_length,
    check_signature,
    check_size,
    check_whole_number,
    is_missing,
)
from evalbook._core.results import result
from evalbook._core.stats import (
    clopper_pearson,
    clopper_pearson_bounds,
    defined_resamples,
    delong_auc_variance,
    normal_quantile,
    scores_and_classes,
)

__all__ = [
    "T_TABLE",
    "Z_TABLE",
    "Interval",
    "NormalApproximationWarning",
    "accuracy_interval",
    "bootstrap_interval",
    "interval_coverage",
    "proportion_interval",
    "roc_auc_interval",
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


# ====================================================================== score_intervals


#: Values drawn per block of resamples: bounds the memory of a bootstrap, whatever its size.
_BLOCK = 2_000_000


def _block_rounds(rounds: int, size: int) -> int:
    return max(1, min(rounds, _BLOCK // max(size, 1)))


def _percentiles(values: np.ndarray, confidence: float) -> Interval:
    alpha = 1.0 - confidence
    lower, upper = np.quantile(values, [alpha / 2, 1 - alpha / 2])
    return Interval(float(lower), float(upper))


# ---------------------------------------------------------------------- the AUC
def _bootstrap_aucs(y_score, is_positive, n_resamples, rng) -> np.ndarray:
    """AUCs of ``n_resamples`` stratified resamples: positives and negatives drawn apart.

    Each block of b resamples draws ``rng.integers(0, m, (b, m))`` for the positives, then
    ``rng.integers(0, n, (b, n))`` for the negatives (scipy.stats.bootstrap's draws for two
    independent samples with ``batch=b``). A resample's AUC comes from how many times it
    drew each group of tied y_score: Σ_g (positives in g)·(negatives below g + ½ negatives
    in g) / (m·n), so no resample is sorted again.
    """
    order = np.argsort(y_score)
    ordered = y_score[order]
    new_group = np.empty(y_score.size, dtype=bool)
    new_group[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new_group[1:])
    group = np.empty(y_score.size, dtype=np.int64)
    group[order] = np.cumsum(new_group) - 1
    groups = int(new_group.sum())
    of_positives, of_negatives = group[is_positive], group[~is_positive]
    m, n = of_positives.size, of_negatives.size
    block = _block_rounds(n_resamples, max(m + n, groups))
    aucs = np.empty(n_resamples)
    for start in range(0, n_resamples, block):
        b = min(block, n_resamples - start)
        offsets = (np.arange(b) * groups)[:, None]
        drawn_positives = of_positives[rng.integers(0, m, (b, m))] + offsets
        drawn_negatives = of_negatives[rng.integers(0, n, (b, n))] + offsets
        positives = np.bincount(drawn_positives.ravel(), minlength=b * groups).reshape(b, groups)
        negatives = np.bincount(drawn_negatives.ravel(), minlength=b * groups).reshape(b, groups)
        below = np.cumsum(negatives, axis=1) - negatives
        aucs[start : start + b] = (positives * (below + 0.5 * negatives)).sum(axis=1) / (m * n)
    return aucs


def roc_auc_interval(
    y_true, y_score, *, positive=None, method="delong", confidence=0.95, n_resamples=2000, seed=None
) -> Interval:
    """Confidence interval of the ROC AUC: DeLong's or a stratified bootstrap.

    The AUC is a Mann-Whitney statistic, the mean of ψ(Xᵢ, Yⱼ) over the m positives Xᵢ and
    n negatives Yⱼ (ψ = 1 if X > Y, ½ if tied, 0 otherwise).

    - ``"delong"``: DeLong et al. (1988) estimate its variance from the structural
      components V10ᵢ = (1/n) Σⱼ ψ(Xᵢ, Yⱼ) and V01ⱼ = (1/m) Σᵢ ψ(Xᵢ, Yⱼ):
      var = s²(V10)/m + s²(V01)/n, with s² the sample variance; the interval is
      AUC ± z₁₋α/₂ · √var, cut to [0, 1], as ``pROC::ci.auc(method="delong")``. The
      components come from one sort of the scores (Sun & Xu 2014 use three) and passes
      over them, and are not put back in input order: the variance needs no pairing.
    - ``"bootstrap"``: ``n_resamples`` resamples that draw m positives among the positives and
      n negatives among the negatives, with replacement (stratified, as pROC's default
      ``boot.stratified=TRUE``), and the percentiles of their AUCs.

    Parameters
    ----------
    y_true : sequence of labels
    y_score : sequence of float
        Higher means more likely positive.
    positive : label, optional
        The positive class; ``y_true`` needs at least 2 positives and 2 negatives.
        Without it, the rule of the positive class (``help(evalbook)``).
    method : {"delong", "bootstrap"}, default "delong"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
        Bootstrap resamples (pROC's default ``boot.n``), at most 10⁸ (refused beyond,
        before any draw); ignored by ``"delong"``.
    seed : int or numpy.random.Generator, optional
        Seed of the bootstrap.

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under two or
    more correlated receiver operating characteristic curves: a nonparametric approach",
    Biometrics 44(3):837-845, 1988. X. Sun and W. Xu, "Fast implementation of DeLong's
    algorithm for comparing the areas under correlated receiver operating characteristic
    curves", IEEE Signal Processing Letters 21(11):1389-1393, 2014. X. Robin et al.,
    "pROC: an open-source package for R and S+ to analyze and compare ROC curves", BMC
    Bioinformatics 12:77, 2011.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.3, 0.6, 0.2, 0.1, 0.4]
    >>> [round(b, 4) for b in roc_auc_interval(y, s, positive=1)]
    [0.5921, 1.0]
    >>> [round(b, 4) for b in roc_auc_interval(y, s, positive=1, method="bootstrap", seed=0)]
    [0.5, 1.0]
    """
    check_choice(method, "method", ("delong", "bootstrap"))
    confidence = check_confidence(confidence)
    values, is_positive = scores_and_classes(y_true, y_score, positive, minimum=2)
    if method == "bootstrap":
        n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
        check_size("roc_auc_interval", n_resamples=n_resamples)
        aucs = _bootstrap_aucs(values, is_positive, n_resamples, as_rng(seed))
        return _percentiles(aucs, confidence)
    auc, variance = delong_auc_variance(values, is_positive)
    margin = normal_quantile(1.0 - (1.0 - confidence) / 2) * math.sqrt(variance)
    return Interval(max(auc - margin, 0.0), min(auc + margin, 1.0))


# ---------------------------------------------------------------------- any metric
_BOOTSTRAP_METHODS = ("percentile", "basic")


def _matrix_resamples(metric, cm, n_resamples, stratify, rng) -> np.ndarray:
    """The metric of ``n_resamples`` resamples of the instances counted in ``cm``.

    Drawing n instances with replacement and counting them into the k×k cells is one
    multinomial draw of the cells with probabilities ``counts / n`` (with ``stratify``, one
    draw per row, of the row's count). Accuracy and error rate are computed for all
    resamples at once.
    """
    from evalbook.metrics._classification import accuracy, error_rate
    from evalbook.metrics._confusion import ConfusionMatrix

    n, k = cm.n, cm.n_classes
    counts = cm.counts
    if stratify:  # every resample keeps each class's count: the rows are drawn apart
        rows = [
            rng.multinomial(int(total), row / total, size=n_resamples)
            if total
            else np.zeros((n_resamples, k), dtype=np.int64)
            for row, total in zip(counts, counts.sum(axis=1), strict=True)
        ]
        cells = np.concatenate(rows, axis=1)
    else:
        cells = rng.multinomial(n, counts.ravel() / n, size=n_resamples)
    if metric is accuracy or metric is error_rate:
        correct = cells[:, :: k + 1].sum(axis=1) / n
        return correct if metric is accuracy else 1.0 - correct
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return np.array(
            [
                check_metric_value(
                    metric(ConfusionMatrix(row.reshape(k, k), labels=cm.labels)),
                    metric,
                    finite=True,
                )
                for row in cells
            ]
        )


def _instance_resamples(metric, target, table, n_resamples, stratify, rng) -> np.ndarray:
    """The metric of ``n_resamples`` resamples of the instances ``(target, table)``.

    Each block of b resamples draws ``rng.integers(0, N, (b, N))``, the draws of
    ``scipy.stats.bootstrap(..., paired=True, batch=b)``; with ``stratify`` each class of
    ``target`` is drawn apart (in sorted order of the classes).
    """
    size = target.size
    if stratify:  # the classes of target, sorted (check_label_types: they can be)
        members = [np.flatnonzero(target == label) for label in np.unique(target)]
    else:
        members = [np.arange(size)]
    values = np.empty(n_resamples)
    block = _block_rounds(n_resamples, size)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        for start in range(0, n_resamples, block):
            b = min(block, n_resamples - start)
            drawn = np.concatenate(
                [where[rng.integers(0, where.size, (b, where.size))] for where in members], axis=1
            )
            for row, indices in enumerate(drawn):
                values[start + row] = check_metric_value(
                    metric(target[indices], table[indices]),
                    metric,
                    call="y_true, y_pred",
                    finite=True,
                )
    return values


def _check_instances(y_true, y_pred):
    """``y_true`` as labels and ``y_pred`` (labels, values or scores) as an array, paired."""
    target = as_label_array(y_true, "y_true")
    table = np.asarray(y_pred)
    if table.ndim == 0:
        raise ValueError(
            "y_pred (or y_score) must hold one prediction per instance; got a single value"
        )
    check_same_length(target, table, "y_true", "y_pred")
    missing = [i for i, value in enumerate(table.ravel()) if is_missing(value)][:1]
    if missing:  # no metric is defined on a missing prediction or score
        raise ValueError(
            f"y_pred (or y_score) contains a missing value ({table.ravel()[missing[0]]!r}) at "
            f"position {missing[0]}; every instance needs a prediction"
        )
    return target, table


def bootstrap_interval(
    metric,
    *data,
    n_resamples=2000,
    confidence=0.95,
    method="percentile",
    stratify=False,
    seed=None,
) -> Interval:
    """Bootstrap confidence interval of any metric: of a confusion matrix, of labels, of scores.

    The bootstrap applied to the test set: draw ``n_resamples`` test sets of the
    same size from the instances, with replacement, compute the metric on each, and take
    the central ``confidence`` share of the values (the percentile interval; Efron &
    Tibshirani 1993, ch. 13). The data are those the metric takes:

    - ``bootstrap_interval(metric, cm)``: ``metric(cm)`` of a confusion matrix, such as
      :func:`evalbook.f1`. Drawing n instances with replacement and counting them into
      the k×k cells is one multinomial draw of the cells with probabilities
      ``counts / n``, so a resample costs k² numbers instead of n; for
      :func:`evalbook.accuracy` and :func:`evalbook.error_rate` all resamples are
      computed at once.
    - ``bootstrap_interval(metric, y_true, y_pred)`` or ``(metric, y_true, y_score)``:
      ``metric(y_true, y_pred)`` of labels or values, or of scores (average precision,
      Brier score, scikit-learn's ``f1_score``), called with numpy arrays. Each block of
      b resamples draws ``rng.integers(0, N, (b, N))``, the draws of
      ``scipy.stats.bootstrap(..., paired=True, batch=b)``.

    Resamples where the metric is undefined (``nan``, 0/0) are left out, with an
    :class:`~evalbook.UndefinedMetricWarning` saying how many. Before any resampling the
    metric's signature is checked against the data (a function of a confusion matrix
    given labels is refused, naming the signature expected) and the metric is called
    once on the data. A metric that returns ±inf, on the data or on a resample, is refused
    with a ValueError: the percentiles of values that include an infinity are not numbers,
    and leaving those resamples out (as the undefined ones) would drop the worst of them
    and move the interval; bound the metric first (clip the probabilities of a log loss).

    Parameters
    ----------
    metric : callable
        ``metric(cm) -> float``, or ``metric(y_true, y_pred) -> float``; e.g.
        ``functools.partial(evalbook.recall, positive="B")`` or
        ``functools.partial(evalbook.brier_score_loss, positive=1)``.
    *data : ConfusionMatrix, or y_true and y_pred (or y_score)
        A confusion matrix (or its k×k counts, rows = target), or two sequences of one
        entry per instance: the target labels, and the predicted labels, values or scores
        (a table of shape (N, m) too, e.g. two models' scores side by side).
    n_resamples : int, default 2000
        At least 1 (pROC's default ``boot.n``). For a matrix, ``n_resamples · k²`` (the
        cells drawn) at most 10⁸; for instances, ``n_resamples`` at most 10⁸.
    confidence : float in (0, 1), default 0.95
    method : {"percentile", "basic"}, default "percentile"
        ``"percentile"``: the percentiles q(α/2) and q(1 − α/2) of the resamples' values.
        ``"basic"`` (the reverse percentile interval): 2θ̂ − q(1 − α/2) and 2θ̂ − q(α/2),
        where θ̂ is the metric on the data (``scipy.stats.bootstrap``'s two methods).
    stratify : bool, default False
        Keep each class's count (the matrix's row totals, the classes of ``y_true``) in
        every resample: each class is drawn apart.
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, ch. 13.

    Examples
    --------
    >>> from evalbook import accuracy
    >>> lower, upper = bootstrap_interval(accuracy, [[6, 3], [2, 9]], seed=0)
    >>> round(lower, 2), round(upper, 2)
    (0.55, 0.95)
    >>> def hits(y_true, y_pred):
    ...     return float(np.mean(y_true == y_pred))
    >>> y_true = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> y_pred = [1, 1, 0, 0, 0, 1, 1, 0, 1, 0]
    >>> [round(b, 2) for b in bootstrap_interval(hits, y_true, y_pred, n_resamples=1000, seed=0)]
    [0.5, 1.0]
    """
    from evalbook.metrics._confusion import as_confusion_matrix

    if len(data) not in (1, 2):
        raise TypeError(
            "bootstrap_interval takes the metric and then its data: a confusion matrix (cm), "
            f"or y_true and y_pred (or y_score); got {len(data)} data arguments"
        )
    if len(data) == 1:
        cm = as_confusion_matrix(data[0])
    else:
        target, table = _check_instances(*data)
    if len(data) == 1:
        check_signature(
            metric,
            "metric",
            "metric(cm) -> float for the data cm",
            cm,
            hint=" (a function of labels takes y_true and y_pred: pass them instead of cm)",
        )
    else:
        check_signature(
            metric,
            "metric",
            "metric(y_true, y_pred) -> float for the data y_true, y_pred",
            target,
            table,
            hint=(
                " (a function of a confusion matrix, such as evalbook.accuracy, takes the "
                "matrix: pass bootstrap_interval(metric, ConfusionMatrix.from_labels(y_true, "
                "y_pred)))"
            ),
        )
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
    confidence = check_confidence(confidence)
    check_choice(method, "method", _BOOTSTRAP_METHODS)
    stratify = check_flag(stratify, "stratify")
    if len(data) == 1:
        check_nonempty(cm, "there is nothing to resample")
        check_count(cm.n, "the number of instances in cm")
        check_size("bootstrap_interval", n_resamples=n_resamples, cells=cm.n_classes**2)
    else:
        check_size("bootstrap_interval", n_resamples=n_resamples)
        if stratify:  # each class is drawn apart: 1 and '1' would be two classes
            check_label_types(y_true=target)
    # the metric on the data itself, once, before the resampling: a metric that fails or
    # returns no finite number is refused here, not after n_resamples calls
    call = "cm" if len(data) == 1 else "y_true, y_pred"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        try:
            estimate = metric(cm) if len(data) == 1 else metric(target, table)
        except Exception as exc:
            exc.add_note(f"(raised by metric({call}) on the data, tried before the resampling)")
            raise
        estimate = check_metric_value(estimate, metric, call=call, finite=True)
    if len(data) == 1:
        values = _matrix_resamples(metric, cm, n_resamples, stratify, as_rng(seed))
        values = defined_resamples(values, undefined_as="0/0")
    else:
        values = _instance_resamples(metric, target, table, n_resamples, stratify, as_rng(seed))
        values = defined_resamples(values, undefined_as="nan")
    lower, upper = _percentiles(values, confidence)
    if method == "percentile":
        return Interval(lower, upper)
    if math.isnan(estimate):
        raise ValueError(
            "the metric is undefined (nan) on the data itself: the basic interval needs its "
            'value; use method="percentile"'
        )
    return Interval(2 * estimate - upper, 2 * estimate - lower)
