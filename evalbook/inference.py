"""Confidence intervals and significance tests for comparing models and algorithms.

Handout 004 ("Comparação de Classificadores", after Witten & Frank, ch. 5): the z table
(Table 5.1) and the t table, the three intervals for an accuracy measured on ``n`` test
instances (the standardised statement, option 1; the Wilson score interval, option 2; the
normal approximation, option 3), the interval of the difference ``d = p1 − p2`` between
two models, Student's t interval for the mean difference between two algorithms over
``k`` datasets or folds with the corrected resampled t-test of Nadeau & Bengio (2003),
and Friedman's test for several algorithms over several datasets.

scipy is imported inside the functions that need it, so ``import evalbook`` stays fast.
"""

from __future__ import annotations

import math
import numbers
import warnings
from dataclasses import dataclass

import numpy as np

from evalbook._checks import (
    UndefinedMetricWarning,
    as_array,
    as_number_array,
    as_rng,
    check_flag,
    check_positive_number,
    check_probability,
    check_whole_number,
)
from evalbook._stats import check_confidence, clopper_pearson

__all__ = [
    "T_TABLE",
    "Z_TABLE",
    "AlgorithmComparison",
    "FriedmanResult",
    "ModelComparison",
    "NormalApproximationWarning",
    "accuracy_interval",
    "bootstrap_interval",
    "compare_algorithms",
    "compare_models",
    "friedman",
    "interval_coverage",
    "t_value",
    "z_value",
]

#: Handout 004, Table 5.1 (Witten & Frank): one-sided tail probability Pr[X ≥ z] -> z.
Z_TABLE: dict[float, float] = {
    0.001: 3.09,
    0.005: 2.58,
    0.01: 2.33,
    0.05: 1.65,
    0.10: 1.28,
    0.20: 0.84,
    0.40: 0.25,
}

#: Handout 004, "Comparação de Algoritmos (6)": two-sided Student's t quantiles,
#: degrees of freedom k − 1 -> {confidence 1 − α: t}.
T_TABLE: dict[int, dict[float, float]] = {
    1: {0.80: 3.08, 0.90: 6.31, 0.95: 12.7, 0.98: 31.8, 0.99: 63.7},
    2: {0.80: 1.89, 0.90: 2.92, 0.95: 4.30, 0.98: 6.96, 0.99: 9.92},
    9: {0.80: 1.38, 0.90: 1.83, 0.95: 2.26, 0.98: 2.82, 0.99: 3.25},
    29: {0.80: 1.31, 0.90: 1.70, 0.95: 2.04, 0.98: 2.46, 0.99: 2.76},
}

_SOURCES = ("exact", "table")
_METHODS = ("wilson", "normal", "exact")


class NormalApproximationWarning(UserWarning):
    """The normal approximation (handout 004, option 3) is used outside its conditions.

    Handout 004 allows ``p ± z·√(p(1 − p)/n)`` only when n ≥ 30 and n·p·(1 − p) ≥ 5;
    outside them, prefer the Wilson interval (``method="wilson"``).
    """


# ---------------------------------------------------------------------- checks
def _check_source(source) -> str:
    if source not in _SOURCES:
        raise ValueError(f"source must be 'exact' or 'table'; got {source!r}")
    return source


def _table_confidence(confidence: float, levels) -> float | None:
    """The table level equal to ``confidence`` (up to float noise), or None."""
    for level in levels:
        if abs(level - confidence) < 1e-9:
            return level
    return None


def _check_quantile(value, name: str) -> float:
    return check_positive_number(value, name)


def _verdict(lower, upper, confidence, *, first: str, second: str, which: str) -> str:
    """One sentence in Portuguese on an interval for a difference first − second."""
    level = _percent(confidence)
    if lower > 0:
        return f"{first} é melhor com confiança de {level}."
    if upper < 0:
        return f"{first} é pior com confiança de {level} ({second} é melhor)."
    return (
        f"Não é possível afirmar {which} é melhor com confiança de {level}: o intervalo contém 0."
    )


def _percent(confidence: float) -> str:
    return f"{100 * confidence:.10g}%"


# ---------------------------------------------------------------------- z and t
def z_value(confidence, *, source="exact") -> float:
    """Two-sided normal quantile z with Pr[−z ≤ X ≤ z] = c, i.e. Pr[X ≥ z] = (1 − c)/2.

    Handout 004, "Intervalo de Confiança (4)-(5)" and Table 5.1.

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
    _check_source(source)
    tail = (1.0 - confidence) / 2
    if source == "table":
        level = _table_confidence(tail, Z_TABLE)
        if level is None:
            available = ", ".join(f"{1 - 2 * p:.10g}" for p in sorted(Z_TABLE, reverse=True))
            raise ValueError(
                f"confidence={confidence:.10g} is not in handout 004's Table 5.1, which lists "
                f"Pr[X ≥ z] = (1 − c)/2 for c = {available}; use source='exact'"
            )
        return Z_TABLE[level]
    from scipy.stats import norm

    return float(norm.isf(tail))


def t_value(confidence, df, *, source="exact") -> float:
    """Two-sided Student's t quantile for confidence c and ``df`` degrees of freedom.

    Handout 004, "Comparação de Algoritmos (4)-(6)": with k datasets (or folds),
    df = k − 1; the interval of the mean difference is ``d ± t·σ``.

    Parameters
    ----------
    confidence : float
        The confidence 1 − α, strictly between 0 and 1.
    df : int
        Degrees of freedom, at least 1.
    source : {"exact", "table"}, default "exact"
        ``"exact"``: scipy's quantile, Pr[|T| ≤ t] = c. ``"table"``: handout 004's t table,
        rows df = 1, 2, 9, 29 and columns c = 0.80, 0.90, 0.95, 0.98, 0.99 only.

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
    df = check_whole_number(df, "df", minimum=1, floats=True)
    _check_source(source)
    if source == "table":
        if df not in T_TABLE:
            raise ValueError(
                f"df={df} is not a row of handout 004's t table, which has df = k − 1 = "
                f"{', '.join(map(str, T_TABLE))}; use source='exact'"
            )
        row = T_TABLE[df]
        level = _table_confidence(confidence, row)
        if level is None:
            raise ValueError(
                f"confidence={confidence:.10g} is not a column of handout 004's t table, "
                f"which has 1 − α = {', '.join(f'{c:.2f}' for c in row)}; use source='exact'"
            )
        return row[level]
    from scipy.stats import t

    return float(t.isf((1.0 - confidence) / 2, df))


# ---------------------------------------------------------------------- one accuracy
def _wilson(p, n, z):
    """Wilson score bounds (handout 004, option 2); vectorised over p and n."""
    centre = p + z**2 / (2 * n)
    spread = z * np.sqrt(p / n - p**2 / n + z**2 / (4 * n**2))
    denominator = 1 + z**2 / n
    # the bounds are 0 at p = 0 and 1 at p = 1; make them exact despite rounding
    lower = np.where(p == 0, 0.0, np.clip((centre - spread) / denominator, 0.0, 1.0))
    upper = np.where(p == 1, 1.0, np.clip((centre + spread) / denominator, 0.0, 1.0))
    return lower, upper


def _normal(p, n, z):
    """Normal-approximation bounds (handout 004, option 3); vectorised, not clipped."""
    half = z * np.sqrt(p * (1 - p) / n)
    return p - half, p + half


def accuracy_interval(p, n, *, confidence=0.95, method="wilson", z=None) -> tuple[float, float]:
    """Confidence interval for an accuracy ``p`` measured on ``n`` test instances.

    Each prediction is a Bernoulli trial (right or wrong), so the number of hits is
    binomial with mean p and variance p(1 − p)/n. Handout 004, "Confiança da Acurácia":

    - ``"wilson"`` (option 2, "mais confiável"), the Wilson score interval
      ``(p + z²/2n ± z·√(p/n − p²/n + z²/4n²)) / (1 + z²/n)``;
    - ``"normal"`` (option 3), ``p ± z·√(p(1 − p)/n)``, valid when n ≥ 30 and
      n·p·(1 − p) ≥ 5: outside those conditions a :class:`NormalApproximationWarning` is
      emitted. The bounds are not clipped to [0, 1] (statsmodels clips them): a bound
      outside [0, 1] is one more sign that the approximation fails;
    - ``"exact"``, the Clopper–Pearson interval from beta quantiles (not in the handout;
      the one caret reports), which needs p·n to be a whole number of hits.

    Parameters
    ----------
    p : float
        The accuracy measured on the test set, in [0, 1].
    n : int
        The number of test instances, at least 1.
    confidence : float, default 0.95
        The confidence c, strictly between 0 and 1.
    method : {"wilson", "normal", "exact"}, default "wilson"
    z : float, optional
        Use this quantile instead of the exact one, e.g. ``z_value(0.9, source="table")``
        (1.65) to reproduce the handout's numbers. Only for ``"wilson"`` and ``"normal"``.

    Returns
    -------
    (float, float)
        The lower and upper bounds.

    Raises
    ------
    ValueError
        If p is outside [0, 1], n < 1, confidence is outside (0, 1), the method is
        unknown, z is not positive, z is given with ``method="exact"``, or p·n is not a
        whole number with ``method="exact"``.

    Examples
    --------
    >>> lower, upper = accuracy_interval(0.85, 30, confidence=0.90)
    >>> round(lower, 4), round(upper, 4)
    (0.7143, 0.9278)
    >>> [round(b, 4) for b in accuracy_interval(0.75, 5000, confidence=0.90, method="normal")]
    [0.7399, 0.7601]
    >>> [round(b, 4) for b in accuracy_interval(0.75, 20, method="exact")]
    [0.509, 0.9134]
    """
    p = check_probability(p, "p")
    n = check_whole_number(n, "n", minimum=1, floats=True)
    confidence = check_confidence(confidence)
    if method not in _METHODS:
        raise ValueError(f"method must be 'wilson', 'normal' or 'exact'; got {method!r}")
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
        return clopper_pearson(round(hits), n, confidence=confidence)
    z = z_value(confidence) if z is None else _check_quantile(z, "z")
    if method == "wilson":
        lower, upper = _wilson(p, n, z)
        return float(lower), float(upper)
    spread = n * p * (1 - p)
    if n < 30 or spread < 5:
        warnings.warn(
            f"the normal approximation (handout 004, option 3) needs n ≥ 30 and "
            f"n·p·(1 − p) ≥ 5; here n = {n} and n·p·(1 − p) = {spread:.4g}: prefer "
            "method='wilson'",
            NormalApproximationWarning,
            stacklevel=2,
        )
    lower, upper = _normal(p, n, z)
    return float(lower), float(upper)


def interval_coverage(p, n, *, confidence=0.95, method="wilson", trials=10_000, seed=None) -> float:
    """Share of simulated test sets whose interval contains the true accuracy ``p``.

    Simulates ``trials`` test sets of ``n`` instances for a model whose true accuracy is
    ``p`` (hits ~ Binomial(n, p)), computes the ``method`` interval of each measured
    accuracy and counts how often it contains ``p``. A good 95% interval covers about 95%
    of the time; handout 004 calls option 2 (Wilson) "mais confiável" because the normal
    approximation (option 3) covers much less for small n or p near 0 or 1. No
    :class:`NormalApproximationWarning` is emitted here: the point is to see the effect.

    Parameters
    ----------
    p : float
        The true accuracy, in [0, 1].
    n : int
        Test-set size, at least 1.
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact"}, default "wilson"
    trials : int, default 10000
        Number of simulated test sets, at least 1.
    seed : int or numpy.random.Generator, optional
        Seed of the simulation; the same seed gives the same hit counts for every method.

    Returns
    -------
    float
        The coverage, in [0, 1].

    Examples
    --------
    >>> interval_coverage(0.85, 30, confidence=0.90, method="wilson", seed=0)
    0.8847
    >>> interval_coverage(0.85, 30, confidence=0.90, method="normal", seed=0)
    0.8178
    """
    p = check_probability(p, "p")
    n = check_whole_number(n, "n", minimum=1, floats=True)
    confidence = check_confidence(confidence)
    trials = check_whole_number(trials, "trials", minimum=1, floats=True)
    if method not in _METHODS:
        raise ValueError(f"method must be 'wilson', 'normal' or 'exact'; got {method!r}")
    rng = as_rng(seed)
    hits = rng.binomial(n, p, size=trials)
    values, counts = np.unique(hits, return_counts=True)
    lower, upper = _bounds(values, n, confidence, method)
    covered = (lower <= p) & (p <= upper)
    return float(counts[covered].sum() / trials)


def _bounds(hits: np.ndarray, n: int, confidence: float, method: str):
    """Bounds of the ``method`` interval for each whole number of hits (vectorised)."""
    if method == "exact":
        pairs = np.array([clopper_pearson(int(k), n, confidence=confidence) for k in hits])
        return pairs[:, 0], pairs[:, 1]
    z = z_value(confidence)
    accuracy = hits / n
    if method == "wilson":
        return _wilson(accuracy, n, z)
    return _normal(accuracy, n, z)


def bootstrap_interval(
    cm, *, metric=None, resamples=10_000, confidence=0.95, seed=None
) -> tuple[float, float]:
    """Percentile bootstrap interval of a confusion-matrix metric (accuracy by default).

    The bootstrap of handout 001 applied to the test set: draw ``resamples`` test sets of
    n instances with replacement, compute the metric on each, and take the central
    ``confidence`` share of the values. Drawing n instances with replacement and counting
    them into the k×k cells is the same as one multinomial draw of the cell counts with
    probabilities ``counts / n``, so each resample costs k² numbers instead of n: 10 000
    resamples of a 10 000-instance test set take milliseconds, and give the same
    distribution as resampling the instances one by one. For accuracy (and error rate)
    the metric is computed for all resamples at once.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        The test-set confusion matrix (rows = target).
    metric : callable, optional
        A function of a :class:`~evalbook.ConfusionMatrix` returning a float, such as
        :func:`evalbook.f1` or ``functools.partial(evalbook.recall, label="B")``. Default:
        :func:`evalbook.accuracy`. Resamples where it is undefined (0/0) are left out, with
        a warning saying how many.
    resamples : int, default 10000
    confidence : float in (0, 1), default 0.95
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    (float, float)
        The lower and upper percentiles.

    Examples
    --------
    >>> lower, upper = bootstrap_interval([[6, 3], [2, 9]], seed=0)
    >>> round(lower, 2), round(upper, 2)
    (0.55, 0.95)
    """
    from evalbook.classification import accuracy, error_rate
    from evalbook.confusion import ConfusionMatrix, as_confusion_matrix

    cm = as_confusion_matrix(cm)
    metric = accuracy if metric is None else metric
    if not callable(metric):
        raise TypeError(f"metric must be a function of a ConfusionMatrix; got {metric!r}")
    resamples = check_whole_number(resamples, "resamples", minimum=1)
    confidence = check_confidence(confidence)
    if cm.n == 0:
        raise ValueError("cm is empty (n = 0); there is nothing to resample")
    rng = as_rng(seed)
    k = cm.n_classes
    cells = rng.multinomial(cm.n, cm.counts.ravel() / cm.n, size=resamples)
    if metric is accuracy or metric is error_rate:
        correct = cells[:, :: k + 1].sum(axis=1) / cm.n
        values = correct if metric is accuracy else 1.0 - correct
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            values = np.array(
                [
                    float(metric(ConfusionMatrix(row.reshape(k, k), labels=cm.labels)))
                    for row in cells
                ]
            )
        undefined = int(np.isnan(values).sum())
        if undefined == resamples:
            raise ValueError("the metric is undefined (0/0) on every resample")
        if undefined:
            warnings.warn(
                f"the metric is undefined (0/0) on {undefined} of {resamples} resamples; "
                "they are left out of the interval",
                UndefinedMetricWarning,
                stacklevel=2,
            )
            values = values[~np.isnan(values)]
    alpha = 1.0 - confidence
    lower, upper = np.quantile(values, [alpha / 2, 1 - alpha / 2])
    return float(lower), float(upper)


# ---------------------------------------------------------------------- two models
@dataclass(frozen=True)
class ModelComparison:
    """The interval of ``d = p1 − p2`` between two models (handout 004, eqs. of
    "Comparação de Modelos (4)-(5)") and its verdict.

    Attributes
    ----------
    d : float
        p1 − p2.
    variance : float
        p1(1 − p1)/n1 + p2(1 − p2)/n2.
    sigma : float
        √variance.
    z : float
        The quantile used.
    margin : float
        z·sigma.
    interval : (float, float)
        (d − margin, d + margin).
    significant : bool
        True when the interval does not contain 0.
    confidence : float
    verdict : str
        One sentence in Portuguese.
    """

    d: float
    variance: float
    sigma: float
    z: float
    margin: float
    interval: tuple[float, float]
    significant: bool
    confidence: float
    verdict: str

    def __str__(self) -> str:
        lower, upper = self.interval
        return f"d = {self.d:.4f} ± {self.margin:.4f} → [{lower:.4f}, {upper:.4f}]. {self.verdict}"


def compare_models(p1, n1, p2, n2, *, confidence=0.90, z=None) -> ModelComparison:
    """Is model M1 better than M2? The interval of ``d = p1 − p2``, handout 004.

    ``σ_d² = p1(1 − p1)/n1 + p2(1 − p2)/n2`` and ``d ± z·σ_d`` ("Comparação de Modelos
    (4)-(5)"). An interval above 0 means M1 is better with confidence c, below 0 that it
    is worse; an interval containing 0 says nothing: neither which one is better nor
    that they are equivalent. The two test sets are taken as independent (the models
    may be tested on different instances); each accuracy is approximated by a normal.

    Parameters
    ----------
    p1, p2 : float
        The accuracies, in [0, 1].
    n1, n2 : int
        The test-set sizes, at least 1.
    confidence : float, default 0.90
    z : float, optional
        Use this quantile instead of the exact one (``z_value(c, source="table")``
        reproduces the handout's numbers).

    Returns
    -------
    ModelComparison

    Examples
    --------
    >>> result = compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    >>> round(result.variance, 7), round(result.sigma, 4), round(result.margin, 3)
    (0.0042875, 0.0655, 0.108)
    >>> result.significant, result.verdict
    (False, 'Não é possível afirmar qual é melhor com confiança de 90%: o intervalo contém 0.')
    """
    p1 = check_probability(p1, "p1")
    p2 = check_probability(p2, "p2")
    n1 = check_whole_number(n1, "n1", minimum=1, floats=True)
    n2 = check_whole_number(n2, "n2", minimum=1, floats=True)
    confidence = check_confidence(confidence)
    z = z_value(confidence) if z is None else _check_quantile(z, "z")
    d = p1 - p2
    variance = p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2
    sigma = math.sqrt(variance)
    margin = z * sigma
    lower, upper = d - margin, d + margin
    verdict = _verdict(lower, upper, confidence, first="M1", second="M2", which="qual")
    return ModelComparison(
        d=d,
        variance=variance,
        sigma=sigma,
        z=z,
        margin=margin,
        interval=(lower, upper),
        significant=bool(lower > 0 or upper < 0),
        confidence=confidence,
        verdict=verdict,
    )


# ---------------------------------------------------------------------- two algorithms
@dataclass(frozen=True)
class AlgorithmComparison:
    """Student's t interval of the mean difference between two algorithms.

    Attributes
    ----------
    mean : float
        The mean difference d̄ (algorithm 1 − algorithm 2).
    se : float
        The standard error of the mean difference: the σ of handout 004's
        ``d ± t·σ``. Plain test: s/√k; corrected test: s·√(1/k + n_test/n_train).
    k : int
        Number of datasets or folds.
    df : int
        k − 1.
    t : float
        The quantile used.
    margin : float
        t·se.
    interval : (float, float)
    statistic : float
        mean / se, the t statistic.
    p_value : float
        Two-sided, from Student's t with df degrees of freedom.
    significant : bool
        True when the interval does not contain 0.
    corrected : bool
        Whether the Nadeau–Bengio correction was applied.
    confidence : float
    verdict : str
        One sentence in Portuguese.
    """

    mean: float
    se: float
    k: int
    df: int
    t: float
    margin: float
    interval: tuple[float, float]
    statistic: float
    p_value: float
    significant: bool
    corrected: bool
    confidence: float
    verdict: str

    def __str__(self) -> str:
        lower, upper = self.interval
        return (
            f"d̄ = {self.mean:.4f} ± {self.margin:.4f} → [{lower:.4f}, {upper:.4f}] "
            f"(t = {self.statistic:.3f}, p = {self.p_value:.4g}). {self.verdict}"
        )


def compare_algorithms(
    differences=None,
    *,
    mean=None,
    se=None,
    k=None,
    confidence=0.95,
    corrected=False,
    test_train_ratio=None,
    t=None,
) -> AlgorithmComparison:
    """Is algorithm 1 better than algorithm 2? Student's t interval, handout 004.

    "Comparação de Algoritmos (4)-(11)": with the differences d_i = acc₁ − acc₂ on k
    datasets (or folds), ``d̄ ± t·σ`` with t from Student's distribution with k − 1
    degrees of freedom. **σ here is the standard error of the mean difference**,
    s/√k where s is the standard deviation of the k differences (the handout calls it
    "desvio padrão").

    With ``corrected=True`` (the handout's "Teste-T corrigido"), the corrected resampled
    t-test of Nadeau & Bengio (2003), for folds of one dataset: the training sets overlap,
    the differences are correlated, and the plain test is too optimistic; the variance of
    the mean is inflated to ``(1/k + n_test/n_train)·s²``. For k-fold cross-validation
    ``test_train_ratio = 1/(k − 1)``.

    Parameters
    ----------
    differences : array-like of float, optional
        The k ≥ 2 differences. Or give the summary ``mean``, ``se`` and ``k`` instead.
    mean : float, optional
        The mean difference d̄ (summary form).
    se : float, optional
        Its standard error (summary form), > 0.
    k : int, optional
        Number of datasets or folds (summary form), at least 2.
    confidence : float, default 0.95
    corrected : bool, default False
        Apply the Nadeau–Bengio correction (needs ``differences`` and ``test_train_ratio``).
    test_train_ratio : float, optional
        n_test / n_train of each fold, > 0; only with ``corrected=True``.
    t : float, optional
        Use this quantile instead of the exact one (``t_value(c, k - 1, source="table")``
        reproduces the handout's numbers).

    Returns
    -------
    AlgorithmComparison

    Raises
    ------
    ValueError
        Fewer than two differences, non-finite values, all differences equal, both or
        neither of the two input forms, a bad ``confidence``, or a correction without its
        ratio (or a ratio without the correction).

    Examples
    --------
    >>> result = compare_algorithms(mean=0.05, se=0.002, k=30, confidence=0.95, t=2.04)
    >>> round(result.margin, 5), result.significant
    (0.00408, True)
    >>> diffs = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.04, 0.02, 0.01, 0.03]
    >>> plain = compare_algorithms(diffs)
    >>> fixed = compare_algorithms(diffs, corrected=True, test_train_ratio=1 / 9)
    >>> round(plain.se, 5), round(fixed.se, 5)
    (0.00379, 0.0055)
    >>> fixed.verdict
    'O algoritmo 1 é melhor com confiança de 95%.'
    """
    confidence = check_confidence(confidence)
    if not isinstance(corrected, (bool, np.bool_)):
        raise TypeError(f"corrected must be True or False; got {type(corrected).__name__}")
    summary = [name for name, value in (("mean", mean), ("se", se), ("k", k)) if value is not None]
    if differences is not None:
        if summary:
            raise ValueError(
                f"give either differences or the summary mean, se and k, not both "
                f"(got differences and {', '.join(summary)})"
            )
        values = _as_differences(differences)
        k = values.size
        mean = float(values.mean())
        sd = float(values.std(ddof=1))
        if sd <= 1e-12 * max(1.0, float(np.abs(values).max())):  # equal up to rounding
            raise ValueError(
                "differences are all equal (standard deviation 0): the t interval is undefined"
            )
        if corrected:
            if test_train_ratio is None:
                raise ValueError(
                    "corrected=True needs test_train_ratio = n_test / n_train "
                    "(1/(k − 1) for k-fold cross-validation)"
                )
            ratio = check_positive_number(test_train_ratio, "test_train_ratio")
            se = sd * math.sqrt(1 / k + ratio)
        else:
            se = sd / math.sqrt(k)
    else:
        missing = [name for name in ("mean", "se", "k") if name not in summary]
        if missing:
            raise ValueError(
                f"give the differences, or all of mean, se and k (missing: {', '.join(missing)})"
            )
        if corrected:
            raise ValueError(
                "corrected=True needs the individual differences (the correction uses their "
                "standard deviation), not the summary mean, se and k"
            )
        if isinstance(mean, (bool, np.bool_)) or not isinstance(mean, numbers.Real):
            raise TypeError(f"mean must be a number; got {type(mean).__name__} {mean!r}")
        if not math.isfinite(mean):
            raise ValueError(f"mean must be a finite number; got {mean!r}")
        mean = float(mean)
        se = check_positive_number(se, "se")
        k = check_whole_number(k, "k", minimum=2, floats=True)
    if not corrected and test_train_ratio is not None:
        raise ValueError("test_train_ratio only applies with corrected=True")
    df = k - 1
    t_quantile = t_value(confidence, df) if t is None else _check_quantile(t, "t")
    from scipy.stats import t as student

    statistic = mean / se
    p_value = float(2 * student.sf(abs(statistic), df))
    margin = t_quantile * se
    lower, upper = mean - margin, mean + margin
    verdict = _verdict(
        lower, upper, confidence, first="O algoritmo 1", second="o 2", which="qual algoritmo"
    )
    return AlgorithmComparison(
        mean=mean,
        se=se,
        k=k,
        df=df,
        t=t_quantile,
        margin=margin,
        interval=(lower, upper),
        statistic=statistic,
        p_value=p_value,
        significant=bool(lower > 0 or upper < 0),
        corrected=bool(corrected),
        confidence=confidence,
        verdict=verdict,
    )


def _as_differences(differences) -> np.ndarray:
    values = as_number_array(
        differences, "differences", what="difference", empty="give one per dataset or fold"
    )
    if values.size < 2:
        raise ValueError(
            f"differences needs at least two values (k ≥ 2 datasets or folds); got {values.size}"
        )
    return values


# ---------------------------------------------------------------------- several algorithms
@dataclass(frozen=True)
class FriedmanResult:
    """Friedman's test over N datasets (rows) and k algorithms (columns).

    Attributes
    ----------
    statistic : float
        Friedman's χ²_F, corrected for ties (as ``scipy.stats.friedmanchisquare``).
    p_value : float
        From χ² with k − 1 degrees of freedom.
    average_ranks : numpy.ndarray
        Mean rank of each algorithm, 1 = best (highest score) on a dataset, ties averaged.
    labels : tuple
        The algorithms' names (a DataFrame's columns), or 0, 1, ..., k − 1.
    iman_davenport : float
        F_F = (N − 1)·χ²_F / (N(k − 1) − χ²_F), less conservative than χ²_F.
    iman_davenport_p_value : float
        From F with (k − 1, (k − 1)(N − 1)) degrees of freedom.
    n_datasets, n_algorithms : int
    critical_difference : float or None
        Nemenyi's CD = q_α·√(k(k + 1)/(6N)) when asked for: two algorithms whose average
        ranks differ by more than CD differ significantly.
    alpha : float or None
        The significance level of ``critical_difference``.
    """

    statistic: float
    p_value: float
    average_ranks: np.ndarray
    labels: tuple
    iman_davenport: float
    iman_davenport_p_value: float
    n_datasets: int
    n_algorithms: int
    critical_difference: float | None = None
    alpha: float | None = None


def friedman(scores, *, nemenyi=False, alpha=0.05) -> FriedmanResult:
    """Friedman's test: do k algorithms perform alike over N datasets?

    Handout 004, "Comparação de Vários Algoritmos" names it without formulas; these are
    Demšar (2006), "Statistical comparisons of classifiers over multiple data sets". On
    each dataset the algorithms are ranked (1 = highest score, ties get the average rank);
    with R_j the average rank of algorithm j,
    ``χ²_F = 12N/(k(k + 1))·[Σ R_j² − k(k + 1)²/4]`` (divided by the usual tie
    correction), χ² with k − 1 degrees of freedom under the null hypothesis that all
    algorithms are equivalent. Also the Iman–Davenport F and, optionally, Nemenyi's
    critical difference for the post-hoc pairwise comparison.

    Parameters
    ----------
    scores : array-like or DataFrame of shape (N, k)
        Rows are datasets, columns are algorithms; higher is better (e.g. accuracy).
        N ≥ 2 and k ≥ 3 (for two algorithms use :func:`compare_algorithms`).
    nemenyi : bool, default False
        Also compute Nemenyi's critical difference.
    alpha : float, default 0.05
        Significance level of the critical difference, in (0, 1).

    Returns
    -------
    FriedmanResult

    Examples
    --------
    >>> scores = [[0.90, 0.85, 0.80], [0.70, 0.75, 0.60], [0.95, 0.90, 0.85], [0.80, 0.78, 0.79]]
    >>> result = friedman(scores, nemenyi=True)
    >>> result.average_ranks
    array([1.25, 2.  , 2.75])
    >>> round(result.statistic, 3), round(result.p_value, 4)
    (4.5, 0.1054)
    >>> round(result.critical_difference, 3)
    1.657
    """
    values, labels = _as_scores(scores)
    n, k = values.shape
    nemenyi = check_flag(nemenyi, "nemenyi")
    alpha = check_confidence(alpha, "alpha")
    from scipy.stats import chi2, f, rankdata

    ranks = rankdata(-values, axis=1)  # 1 = best
    average_ranks = ranks.mean(axis=0)
    ties = 0.0
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        ties += float(np.sum(counts**3 - counts))
    correction = 1 - ties / (n * k * (k**2 - 1))
    if correction <= 0:
        raise ValueError(
            "scores give every algorithm the same score on every dataset: the ranks are all "
            "tied and Friedman's statistic is undefined"
        )
    statistic = (
        12 * n / (k * (k + 1)) * (np.sum(average_ranks**2) - k * (k + 1) ** 2 / 4)
    ) / correction
    statistic = float(max(statistic, 0.0))
    p_value = float(chi2.sf(statistic, k - 1))
    denominator = n * (k - 1) - statistic
    df1, df2 = k - 1, (k - 1) * (n - 1)
    if denominator <= 0:
        iman, iman_p = math.inf, 0.0
    else:
        iman = (n - 1) * statistic / denominator
        iman_p = float(f.sf(iman, df1, df2))
    cd = None
    if nemenyi:
        from scipy.stats import studentized_range

        q = float(studentized_range.ppf(1 - alpha, k, np.inf)) / math.sqrt(2)
        cd = q * math.sqrt(k * (k + 1) / (6 * n))
    return FriedmanResult(
        statistic=statistic,
        p_value=p_value,
        average_ranks=average_ranks,
        labels=labels,
        iman_davenport=float(iman),
        iman_davenport_p_value=iman_p,
        n_datasets=n,
        n_algorithms=k,
        critical_difference=cd,
        alpha=alpha if nemenyi else None,
    )


def _as_scores(scores) -> tuple[np.ndarray, tuple]:
    if (
        scores is None
        or isinstance(scores, (str, bytes))
        or np.ndim(as_array(scores, "scores")) == 0
    ):
        raise TypeError(
            "scores must be a table (rows = datasets, columns = algorithms); "
            f"got {type(scores).__name__}"
        )
    labels = None
    if hasattr(scores, "columns") and hasattr(scores, "to_numpy"):
        labels = tuple(scores.columns)
        scores = scores.to_numpy()
    try:
        values = np.asarray(scores, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("scores must hold numbers only, in rows of equal length") from None
    if values.ndim != 2:
        raise ValueError(
            f"scores must be two-dimensional (rows = datasets, columns = algorithms); "
            f"got shape {values.shape}"
        )
    n, k = values.shape
    if n < 2:
        raise ValueError(f"scores needs at least two datasets (rows); got {n}")
    if k < 3:
        raise ValueError(
            f"scores needs at least three algorithms (columns); got {k}. "
            "For two, use compare_algorithms on the differences"
        )
    if not np.all(np.isfinite(values)):
        raise ValueError("scores contains nan or infinite values")
    return values, labels if labels is not None else tuple(range(k))
