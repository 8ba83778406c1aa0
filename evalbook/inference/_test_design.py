"""Designing a test set: how many test instances a conclusion needs.

- :func:`expected_interval_width` and :func:`accuracy_sample_size`: the width of an
  accuracy's interval (Wald, Wilson, Clopper–Pearson) that a test set of ``n`` instances
  gives, and the smallest ``n`` that guarantees a target width, or whose expected width
  reaches it (Cochran 1977, §4.4; Piegorsch 2004);
- :func:`mcnemar_power`, :func:`mcnemar_sample_size` and
  :func:`minimum_detectable_difference`: two models' accuracies compared on the same test
  set by McNemar's test, from Connor's (1987) normal approximation or by enumerating the
  exact conditional test;
- :func:`roc_auc_power` and :func:`roc_auc_sample_size`: an AUC against a fixed value
  (Hanley & McNeil 1982; Obuchowski 1994, the variance R's ``pROC::power.roc.test``
  uses); :func:`roc_auc_difference_power` and :func:`roc_auc_difference_sample_size`: two
  models' AUCs on the same test set (Obuchowski & McClish 1997, binormal scores);
- :func:`expected_best_accuracy`: what reusing one test set costs: the best of ``k``
  useless models looks better and better as ``k`` grows (the expected maximum of ``k``
  binomial counts, exactly).

The normal approximations return the power of a two-sided test as both tails of the
normal (the far tail is negligible unless the effect is tiny). scipy is imported inside
the functions, so ``import evalbook`` stays fast.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    check_choice,
    check_confidence,
    check_count,
    check_finite_number,
    check_open_fraction,
    check_probability,
)
from evalbook._core.results import result
from evalbook._core.stats import clopper_pearson_bounds, normal_quantile

__all__ = [
    "SampleSize",
    "accuracy_sample_size",
    "expected_best_accuracy",
    "expected_interval_width",
    "mcnemar_power",
    "mcnemar_sample_size",
    "minimum_detectable_difference",
    "roc_auc_difference_power",
    "roc_auc_difference_sample_size",
    "roc_auc_power",
    "roc_auc_sample_size",
]

_WIDTH_METHODS = ("wilson", "normal", "exact")
_ALTERNATIVES = ("two-sided", "one-sided")
_MCNEMAR_METHODS = ("connor", "exact")
_AUC_VARIANCES = ("obuchowski", "hanley-mcneil")

#: The largest test set the searches consider: a width or a power that needs more
#: instances than this is refused (10⁸ instances; far beyond any labelled test set).
MAX_TEST_SIZE = 10**8

#: The largest test set whose exact McNemar power is summed (one term per number of
#: discordant instances).
MAX_EXACT_SIZE = 10**7


@result
class SampleSize(NamedTuple):
    """How many positive and negative test instances a design needs."""

    n_positive: int
    n_negative: int


# ====================================================================== checks
def _check_alpha(alpha) -> float:
    return check_open_fraction(alpha, "alpha", example=", e.g. 0.05")


def _check_power(power) -> float:
    return check_open_fraction(power, "power", example=", e.g. 0.8")


def _critical(alpha: float, alternative: str) -> float:
    check_choice(alternative, "alternative", _ALTERNATIVES)
    return (
        normal_quantile(1 - alpha / 2) if alternative == "two-sided" else normal_quantile(1 - alpha)
    )


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


# ====================================================================== interval width
def _widths(hits: np.ndarray, n: int, z: float, confidence: float, method: str) -> np.ndarray:
    """The widths of the intervals of ``hits`` hits out of ``n`` (vectorised)."""
    p = hits / n
    if method == "normal":
        return 2 * z * np.sqrt(p * (1 - p) / n)
    if method == "wilson":
        return 2 * z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    lower, upper = clopper_pearson_bounds(hits, n, confidence)
    return upper - lower


def expected_interval_width(p, n, *, confidence=0.95, method="wilson") -> float:
    """The expected width of an accuracy's interval on ``n`` test instances.

    When the model's true accuracy is ``p``, the number of hits on ``n`` test instances is
    binomial, Bin(n, p), and so is the interval computed from it: this is the mean of its
    width over that distribution, summed exactly over the counts (the terms whose binomial
    probability is below 10⁻³⁰ are left out). The intervals are those of
    :func:`~evalbook.accuracy_interval` (``"normal"`` is Wald's, not clipped).

    Parameters
    ----------
    p : float
        The true accuracy, in [0, 1].
    n : int
        The number of test instances, at least 1 and at most 10⁸.
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact"}, default "wilson"

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If p is outside [0, 1], n < 1 or above 10⁸, confidence is outside (0, 1) or the
        method is unknown.

    References
    ----------
    W. W. Piegorsch, "Sample sizes for improved binomial confidence intervals",
    Computational Statistics & Data Analysis 46:309-316, 2004.
    L. D. Brown, T. T. Cai and A. DasGupta, "Interval estimation for a binomial
    proportion", Statistical Science 16(2):101-133, 2001.

    Examples
    --------
    With 100 test instances and a true accuracy of 0.85, the Wilson interval is about
    0.14 wide: it cannot tell 0.85 from 0.88.

    >>> round(expected_interval_width(0.85, 100), 4)
    0.1385
    >>> round(expected_interval_width(0.5, 1, method="normal"), 4)
    0.0
    """
    p = check_probability(p, "p")
    n = _check_test_size(n, "n")
    confidence = check_confidence(confidence)
    check_choice(method, "method", _WIDTH_METHODS)
    return _expected_width(p, n, normal_quantile(0.5 + confidence / 2), confidence, method)


def _check_test_size(n, name: str) -> int:
    n = check_count(n, name, minimum=1)
    if n > MAX_TEST_SIZE:
        raise ValueError(f"{name} must be at most 10**8 test instances; got {n}")
    return n


def _expected_width(p: float, n: int, z: float, confidence: float, method: str) -> float:
    from scipy.stats import binom

    spread = 12 * math.sqrt(n * p * (1 - p)) + 12
    first = max(0, math.floor(n * p - spread))
    last = min(n, math.ceil(n * p + spread))
    hits = np.arange(first, last + 1, dtype=float)
    weights = binom.pmf(hits, n, p)
    return float(np.sum(weights * _widths(hits, n, z, confidence, method)))


def _worst_width(n: int, z: float, confidence: float, method: str) -> float:
    """The widest interval n test instances can give: at half of them right."""
    hits = np.array([n // 2, (n + 1) // 2], dtype=float)
    return float(np.max(_widths(hits, n, z, confidence, method)))


def _smallest(holds, start: int) -> int:
    """The smallest n ≥ 1 with ``holds(n)``, for a condition that holds from some n on
    (bisection from ``start``, then a step-by-step check below the bound found)."""
    if start > MAX_TEST_SIZE:
        raise ValueError("the design needs more than 10**8 test instances")
    high = max(1, start)
    while not holds(high):
        high *= 2
        if high > 2 * MAX_TEST_SIZE:
            raise ValueError("the design needs more than 10**8 test instances")
    low = 0  # holds(low) is False (or low = 0)
    while high - low > 1:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle
    while high > 1 and holds(high - 1):
        high -= 1
    return high


def accuracy_sample_size(width, *, p=None, confidence=0.95, method="wilson") -> int:
    """The smallest test set whose accuracy interval is at most ``width`` wide.

    - Without ``p``: the smallest n that *guarantees* the width, whatever the number of
      hits turns out to be. The widest interval is at half the instances right, so for the
      normal (Wald) interval this is the classic n ≥ z²/width² (Cochran 1977, §4.4, with
      the planning value 0.5), and for the others it is found by search.
    - With ``p`` (a planning value of the true accuracy): the smallest n whose *expected*
      width (:func:`expected_interval_width`) is at most ``width`` (Piegorsch 2004). The
      expected width falls with n up to small ripples of the discrete binomial; the search
      returns the first n at or below the target, checked one by one under the bound it
      finds.

    Parameters
    ----------
    width : float
        The target width (upper − lower bound, twice the margin of error), in (0, 1).
    p : float, optional
        The accuracy the model is expected to have, in [0, 1].
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact"}, default "wilson"

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If width is outside (0, 1), p outside [0, 1], confidence outside (0, 1), the method
        is unknown, or the design needs more than 10⁸ instances.

    References
    ----------
    W. G. Cochran, *Sampling Techniques*, 3rd ed., Wiley, 1977, §4.4.
    W. W. Piegorsch, "Sample sizes for improved binomial confidence intervals",
    Computational Statistics & Data Analysis 46:309-316, 2004.

    Examples
    --------
    The textbook figure: a margin of ±0.05 (width 0.1) at 95% needs 385 instances.

    >>> accuracy_sample_size(0.1, method="normal")
    385
    >>> accuracy_sample_size(0.1), accuracy_sample_size(0.1, method="exact")
    (381, 402)
    >>> accuracy_sample_size(0.03, p=0.85)
    2175
    """
    width = check_open_fraction(width, "width", example=", e.g. 0.1")
    if p is not None:
        p = check_probability(p, "p")
    confidence = check_confidence(confidence)
    check_choice(method, "method", _WIDTH_METHODS)
    z = normal_quantile(0.5 + confidence / 2)
    start = math.ceil(z**2 / width**2)
    if start > 2 * MAX_TEST_SIZE:
        raise ValueError(
            f"width = {width} needs more than 10**8 test instances (about z²/width² = {start:.3g})"
        )
    if p is None:
        return _smallest(lambda n: _worst_width(n, z, confidence, method) <= width, start)
    if p in (0.0, 1.0) and method != "exact":
        return 1  # every hit count is 0 (or n): the interval shrinks to nothing at once
    start = max(1, math.ceil(4 * z**2 * p * (1 - p) / width**2))
    return _smallest(lambda n: _expected_width(p, n, z, confidence, method) <= width, start)


# ====================================================================== McNemar
def _check_discordance(difference, discordant) -> tuple[float, float]:
    difference = check_finite_number(difference, "difference")
    if not -1.0 < difference < 1.0 or difference == 0.0:
        raise ValueError(
            f"difference must be a non-zero number between -1 and 1 (accuracy of B − "
            f"accuracy of A); got {difference}"
        )
    discordant = check_probability(discordant, "discordant")
    if not abs(difference) < discordant:
        raise ValueError(
            "discordant (the share of test instances on which exactly one model is right) "
            f"must exceed |difference|; got discordant = {discordant} and "
            f"difference = {difference}"
        )
    return difference, discordant


def _connor_power(difference: float, discordant: float, n: float, z: float, two: bool) -> float:
    spread = math.sqrt(discordant - difference**2)
    shift = abs(difference) * math.sqrt(n)
    power = _phi((shift - z * math.sqrt(discordant)) / spread)
    if two:
        power += _phi((-shift - z * math.sqrt(discordant)) / spread)
    return power


def _exact_power(difference: float, discordant: float, n: int, alpha: float, two: bool) -> float:
    """Power of the exact conditional McNemar test, summed over the discordant counts."""
    from scipy.stats import binom

    d = np.arange(n + 1)
    level = alpha / 2 if two else alpha
    # the largest count c with P(Bin(d, 1/2) ≤ c) ≤ level: reject when min(b, c) ≤ it
    critical = binom.ppf(level, d, 0.5)
    critical = np.where(binom.cdf(critical, d, 0.5) <= level, critical, critical - 1)
    share = (discordant + difference) / (2 * discordant)  # P(B right | discordant)
    if two:
        reject = binom.cdf(critical, d, share) + binom.sf(d - critical - 1, d, share)
    else:
        # one-sided: B better, reject when A's only-right count is small
        reject = binom.cdf(critical, d, 1 - share if difference > 0 else share)
    reject = np.where(critical >= 0, reject, 0.0)
    return float(np.sum(binom.pmf(d, n, discordant) * reject))


def mcnemar_power(
    n, *, difference, discordant, alpha=0.05, alternative="two-sided", method="connor"
) -> float:
    """The power of McNemar's test comparing two models' accuracies on one test set.

    On each test instance the two models are both right, both wrong, or exactly one is
    right: ``discordant`` is the share ψ of instances where exactly one is, and
    ``difference`` the difference of the accuracies δ (B's − A's, the share where only B is
    right minus the share where only A is). Only the discordant instances carry
    information, which is why two models that disagree often need more test instances to
    be told apart.

    - ``"connor"``: Connor's (1987) normal approximation,
      Φ((|δ|√n − z·√ψ) / √(ψ − δ²)) (plus the other tail when two-sided);
    - ``"exact"``: the power of the exact conditional test
      (:func:`~evalbook.mcnemar_test` with ``exact=True``: a binomial test on the
      discordant instances), summed exactly over the number of discordant instances.

    Parameters
    ----------
    n : int
        The number of test instances, at least 1 and at most 10⁸ (10⁷ for ``"exact"``).
    difference : float
        δ, the true difference of the accuracies, non-zero, with |δ| < ψ.
    discordant : float
        ψ, the true share of instances on which exactly one model is right.
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    method : {"connor", "exact"}, default "connor"

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If n is not a count, |δ| ≥ ψ or δ = 0, alpha is outside (0, 1), or the
        alternative or the method is unknown.

    References
    ----------
    R. J. Connor, "Sample size for testing differences in proportions for the
    paired-sample design", Biometrics 43(1):207-211, 1987.
    Q. McNemar, "Note on the sampling error of the difference between correlated
    proportions or percentages", Psychometrika 12:153-157, 1947.

    Examples
    --------
    >>> round(mcnemar_power(23, difference=0.4, discordant=0.5), 4)
    0.8194
    >>> round(mcnemar_power(23, difference=0.4, discordant=0.5, method="exact"), 4)
    0.7766
    """
    n = _check_test_size(n, "n")
    difference, discordant = _check_discordance(difference, discordant)
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    check_choice(method, "method", _MCNEMAR_METHODS)
    two = alternative == "two-sided"
    if method == "connor":
        return _connor_power(difference, discordant, n, z, two)
    if n > MAX_EXACT_SIZE:
        raise ValueError(
            f"n must be at most 10**7 for method='exact' (a sum over every number of "
            f"discordant instances); got {n}: use method='connor'"
        )
    return _exact_power(difference, discordant, n, alpha, two)


def mcnemar_sample_size(
    *, difference, discordant, power=0.8, alpha=0.05, alternative="two-sided", method="connor"
) -> int:
    """The smallest test set on which McNemar's test reaches ``power``.

    ``"connor"``: Connor's (1987) formula,
    n = (z·√ψ + z_β·√(ψ − δ²))² / δ², rounded up (the arguments are those of
    :func:`mcnemar_power`). ``"exact"``: the smallest n from which the exact conditional
    test's power stays at or above ``power`` over the next 10 sizes (the exact power
    zigzags with n, so the first n that reaches it may lose it again at n + 1).

    Parameters
    ----------
    difference, discordant : float
        δ and ψ, as in :func:`mcnemar_power`.
    power : float, default 0.8
        The target power, in (0, 1).
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    method : {"connor", "exact"}, default "connor"

    Returns
    -------
    int

    Raises
    ------
    ValueError
        As :func:`mcnemar_power`, and if power is outside (0, 1).

    References
    ----------
    R. J. Connor, "Sample size for testing differences in proportions for the
    paired-sample design", Biometrics 43(1):207-211, 1987.

    Examples
    --------
    Connor's example as powerandsamplesize.com works it (ψ = 0.5, δ = 0.4, 80%): 23 pairs.

    >>> mcnemar_sample_size(difference=0.4, discordant=0.5)
    23
    >>> mcnemar_sample_size(difference=0.05, discordant=0.15)
    469
    """
    difference, discordant = _check_discordance(difference, discordant)
    power = _check_power(power)
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    check_choice(method, "method", _MCNEMAR_METHODS)
    z_power = normal_quantile(power)
    root = (z * math.sqrt(discordant) + z_power * math.sqrt(discordant - difference**2)) / abs(
        difference
    )
    connor = math.ceil(root**2 - 1e-9)
    if method == "connor":
        return max(1, connor)
    two = alternative == "two-sided"

    def holds(n: int) -> bool:
        return all(
            _exact_power(difference, discordant, m, alpha, two) >= power for m in range(n, n + 10)
        )

    if connor > MAX_EXACT_SIZE // 4:
        raise ValueError(
            f"the exact sample size is searched only below 10**7 instances; Connor's formula "
            f"gives {connor}: use method='connor'"
        )
    return _smallest(holds, connor)


def minimum_detectable_difference(
    n, *, discordant, power=0.8, alpha=0.05, alternative="two-sided"
) -> float:
    """The smallest difference of accuracy McNemar's test detects on ``n`` test instances.

    The |δ| at which Connor's (1987) power (:func:`mcnemar_power`) equals ``power``, for
    two models that disagree on a share ``discordant`` of the instances: a difference
    smaller than it is more likely missed than found.

    Parameters
    ----------
    n : int
        The number of test instances, at least 1 and at most 10⁸.
    discordant : float
        ψ, the share of instances on which exactly one model is right, in (0, 1].
    power : float, default 0.8
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"

    Returns
    -------
    float
        The difference, or ``nan`` when even δ close to ψ (one model always right where
        they differ) does not reach the power on n instances.

    Raises
    ------
    ValueError
        If n is not a count, discordant is outside (0, 1], power or alpha outside (0, 1),
        or the alternative is unknown.

    References
    ----------
    R. J. Connor, "Sample size for testing differences in proportions for the
    paired-sample design", Biometrics 43(1):207-211, 1987.

    Examples
    --------
    >>> round(minimum_detectable_difference(500, discordant=0.1), 4)
    0.0395
    >>> round(minimum_detectable_difference(23, discordant=0.5), 4)
    0.3922
    """
    from scipy.optimize import brentq

    n = _check_test_size(n, "n")
    discordant = check_probability(discordant, "discordant")
    if discordant == 0.0:
        raise ValueError(
            "discordant must be greater than 0: models that never disagree cannot differ"
        )
    power = _check_power(power)
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    two = alternative == "two-sided"
    top = discordant * (1 - 1e-12)
    if _connor_power(top, discordant, n, z, two) < power:
        return math.nan
    return float(
        brentq(
            lambda delta: _connor_power(delta, discordant, n, z, two) - power,
            1e-12 * discordant,
            top,
            xtol=1e-14,
        )
    )


# ====================================================================== AUC
def _obuchowski_variance(auc: float, ratio: float) -> float:
    """Obuchowski's (1994) variance of an AUC, times the number of positives, for
    binormal scores of equal spread, with the constants as printed (1.414, 0.0099);
    ``ratio`` is negatives per positive (pROC's kappa)."""
    a = normal_quantile(auc) * 1.414
    return 0.0099 * math.exp(-(a**2) / 2) * ((5 * a**2 + 8) + (a**2 + 8) / ratio)


def _hanley_mcneil_variance(auc: float, n_positive: float, n_negative: float) -> float:
    """Hanley & McNeil's (1982) variance of an AUC, eq. (2) with Q1, Q2 of eq. (3)."""
    q1 = auc / (2 - auc)
    q2 = 2 * auc**2 / (1 + auc)
    return (
        auc * (1 - auc) + (n_positive - 1) * (q1 - auc**2) + (n_negative - 1) * (q2 - auc**2)
    ) / (n_positive * n_negative)


def _check_auc(value, name: str) -> float:
    return check_open_fraction(value, name, example=", e.g. 0.8")


def _check_class_size(value, name: str) -> int:
    return _check_test_size(value, name)


def _auc_power(auc, null_auc, n_positive, n_negative, z, variance, two) -> float:
    if variance == "obuchowski":
        ratio = n_negative / n_positive
        spread_null = math.sqrt(_obuchowski_variance(null_auc, ratio) / n_positive)
        spread = math.sqrt(_obuchowski_variance(auc, ratio) / n_positive)
    else:
        spread_null = math.sqrt(_hanley_mcneil_variance(null_auc, n_positive, n_negative))
        spread = math.sqrt(_hanley_mcneil_variance(auc, n_positive, n_negative))
    shift = abs(auc - null_auc)
    power = _phi((shift - z * spread_null) / spread)
    if two:
        power += _phi((-shift - z * spread_null) / spread)
    return power


def roc_auc_power(
    auc,
    *,
    n_positive,
    n_negative,
    null_auc=0.5,
    alpha=0.05,
    alternative="two-sided",
    variance="obuchowski",
) -> float:
    """The power of a test that a model's ROC AUC differs from ``null_auc``.

    The z test (θ̂ − θ₀)/SE, whose power is
    Φ((|θ − θ₀| − z·SE₀) / SE) (plus the other tail when two-sided), SE₀ and SE the
    standard errors of the AUC at θ₀ and at θ:

    - ``"obuchowski"``: Obuchowski's (1994) variance for binormal scores of equal spread,
      with its printed constants, 0.0099·e^(−A²/2)·((5A² + 8) + (A² + 8)/κ) / n₊,
      A = 1.414·Φ⁻¹(θ), κ = n₋/n₊: what R's ``pROC::power.roc.test`` computes (at
      θ₀ = 0.5 its 0.0792·(1 + 1/κ));
    - ``"hanley-mcneil"``: Hanley & McNeil's (1982) variance, from the exponential
      approximation Q₁ = θ/(2 − θ), Q₂ = 2θ²/(1 + θ).

    Parameters
    ----------
    auc : float
        θ, the true AUC of the model, in (0, 1).
    n_positive, n_negative : int
        The numbers of positive and negative test instances.
    null_auc : float, default 0.5
        θ₀, the value tested against (0.5: a model no better than chance).
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    variance : {"obuchowski", "hanley-mcneil"}, default "obuchowski"

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If an AUC is outside (0, 1), a count is below 1, alpha outside (0, 1), or the
        alternative or the variance is unknown.

    References
    ----------
    J. A. Hanley and B. J. McNeil, "The meaning and use of the area under a receiver
    operating characteristic (ROC) curve", Radiology 143:29-36, 1982.
    N. A. Obuchowski, "Computing sample size for receiver operating characteristic
    studies", Investigative Radiology 29(2):238-243, 1994.
    X. Robin et al., "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", BMC Bioinformatics 12:77, 2011 (``power.roc.test``).

    Examples
    --------
    pROC's documented example, ``power.roc.test(ncases=41, ncontrols=72, auc=0.73)``,
    prints a power of 0.9897453:

    >>> round(roc_auc_power(0.73, n_positive=41, n_negative=72), 7)
    0.9897453
    """
    auc = _check_auc(auc, "auc")
    null_auc = _check_auc(null_auc, "null_auc")
    n_positive = _check_class_size(n_positive, "n_positive")
    n_negative = _check_class_size(n_negative, "n_negative")
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    check_choice(variance, "variance", _AUC_VARIANCES)
    return _auc_power(
        auc, null_auc, n_positive, n_negative, z, variance, alternative == "two-sided"
    )


def _class_sizes(positives: float, prevalence: float) -> SampleSize:
    """Positives and negatives in the ratio the prevalence sets, each rounded up."""
    negatives = positives * (1 - prevalence) / prevalence
    return SampleSize(math.ceil(positives - 1e-9), math.ceil(negatives - 1e-9))


def roc_auc_sample_size(
    auc,
    *,
    power=0.8,
    prevalence=0.5,
    null_auc=0.5,
    alpha=0.05,
    alternative="two-sided",
    variance="obuchowski",
) -> SampleSize:
    """How many positives and negatives a test of a model's AUC against ``null_auc`` needs.

    With Obuchowski's variance the number of positives solves
    n₊ = (z·√V(θ₀) + z_β·√V(θ))² / (θ − θ₀)² (pROC's ``power.roc.test`` with ``power=``);
    with Hanley & McNeil's it is found by search. The negatives are n₊·(1 − π)/π for the
    prevalence π, and each count is rounded up, as Obuchowski, Lieber & Wians (2004,
    Table 4) do.

    Parameters
    ----------
    auc : float
        θ, the AUC the model is expected to have, in (0, 1), not equal to null_auc.
    power : float, default 0.8
    prevalence : float, default 0.5
        The positives' share of the test set, in (0, 1).
    null_auc : float, default 0.5
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    variance : {"obuchowski", "hanley-mcneil"}, default "obuchowski"

    Returns
    -------
    SampleSize
        ``n_positive`` and ``n_negative``.

    Raises
    ------
    ValueError
        As :func:`roc_auc_power`, if auc equals null_auc, or if power or prevalence is
        outside (0, 1).

    References
    ----------
    N. A. Obuchowski, "Computing sample size for receiver operating characteristic
    studies", Investigative Radiology 29(2):238-243, 1994.
    N. A. Obuchowski, M. L. Lieber and F. H. Wians, "ROC curves in Clinical Chemistry:
    uses, misuses, and possible solutions", Clinical Chemistry 50(7):1118-1125, 2004.

    Examples
    --------
    Obuchowski, Lieber & Wians (2004), Table 4 (one-sided α = 0.05, power 0.9, as many
    negatives as positives): 33 of each for θ = 0.7, 135 for θ = 0.6.

    >>> roc_auc_sample_size(0.7, power=0.9, alternative="one-sided")
    SampleSize(n_positive=33, n_negative=33)
    >>> roc_auc_sample_size(0.6, power=0.9, alternative="one-sided").n_positive
    135
    """
    auc = _check_auc(auc, "auc")
    null_auc = _check_auc(null_auc, "null_auc")
    if auc == null_auc:
        raise ValueError(f"auc must differ from null_auc; both are {auc}")
    power = _check_power(power)
    prevalence = check_open_fraction(prevalence, "prevalence", example=", e.g. 0.3")
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    check_choice(variance, "variance", _AUC_VARIANCES)
    ratio = (1 - prevalence) / prevalence
    if variance == "obuchowski":
        z_power = normal_quantile(power)
        root = z * math.sqrt(_obuchowski_variance(null_auc, ratio)) + z_power * math.sqrt(
            _obuchowski_variance(auc, ratio)
        )
        return _class_sizes((root / (auc - null_auc)) ** 2, prevalence)
    two = alternative == "two-sided"

    def holds(positives: int) -> bool:
        negatives = max(1, math.ceil(positives * ratio - 1e-9))
        return _auc_power(auc, null_auc, positives, negatives, z, variance, two) >= power

    return _class_sizes(_smallest(holds, 10), prevalence)


def _binormal(auc: float) -> tuple[float, float, float]:
    """A (binormal separation, B = 1), and Obuchowski & McClish's f and g at it."""
    a = math.sqrt(2) * normal_quantile(auc)
    f = math.exp(-(a**2) / 4) / math.sqrt(4 * math.pi)
    g = -math.exp(-(a**2) / 4) * a / math.sqrt(16 * math.pi)
    return a, f, g


def _pair_variances(auc_a, auc_b, correlation, ratio, variance) -> tuple[float, float, float]:
    """Var(θ̂_A), Var(θ̂_B) and Cov(θ̂_A, θ̂_B), times n₊ (Obuchowski & McClish 1997, binormal
    with B = 1 and the same correlation r among positives and among negatives).

    ``"binormal"`` adds to each variance the term 2·f·g·Cov(Â, B̂) = f·g·A·B of the delta
    method, which the covariance formula has (its r²·A·B/2 terms) and the printed variance
    (``"obuchowski"``, pROC's) leaves out; with it, a model's covariance with itself is its
    variance, and the variances match simulated Mann-Whitney AUCs."""
    a1, f1, g1 = _binormal(auc_a)
    a2, f2, g2 = _binormal(auc_b)
    r = correlation
    cross = 1.0 if variance == "binormal" else 0.0

    def var(a, f, g):
        return (
            f**2 * (1 + 1 / ratio + a**2 / 2) + g**2 * (1 + ratio) / (2 * ratio) + cross * f * g * a
        )

    cov = (
        f1 * f2 * (r + r / ratio + r**2 * a1 * a2 / 2)
        + g1 * g2 * (r**2 + ratio * r**2) / (2 * ratio)
        + f1 * g2 * r**2 * a1 / 2
        + f2 * g1 * r**2 * a2 / 2
    )
    return var(a1, f1, g1), var(a2, f2, g2), cov


def _difference_terms(auc_a, auc_b, correlation, ratio, variance) -> tuple[float, float]:
    """The variances (times n₊) of θ̂_A − θ̂_B that the test divides by, and that it has."""
    var_a, var_b, cov = _pair_variances(auc_a, auc_b, correlation, ratio, variance)
    difference = var_a + var_b - 2 * cov
    if variance == "binormal":
        return difference, difference
    return 2 * var_a - 2 * cov, difference


_DIFFERENCE_VARIANCES = ("binormal", "obuchowski")


def _check_pair(auc_a, auc_b, correlation, variance) -> tuple[float, float, float]:
    auc_a = _check_auc(auc_a, "auc_a")
    auc_b = _check_auc(auc_b, "auc_b")
    if auc_a == auc_b:
        raise ValueError(f"auc_a and auc_b must differ; both are {auc_a}")
    correlation = check_probability(correlation, "correlation")
    if correlation == 1.0:
        raise ValueError("correlation must be below 1: identical scores cannot differ")
    check_choice(variance, "variance", _DIFFERENCE_VARIANCES)
    return auc_a, auc_b, correlation


def roc_auc_difference_power(
    auc_a,
    auc_b,
    *,
    n_positive,
    n_negative,
    correlation=0.5,
    alpha=0.05,
    alternative="two-sided",
    variance="binormal",
) -> float:
    """The power of DeLong's test that two models' AUCs on the same test set differ.

    Obuchowski & McClish's (1997) variances for binormal scores (equal spread in both
    classes, B = 1, so each model's binormal separation is A = √2·Φ⁻¹(θ)) whose two models'
    scores correlate by ``correlation`` among the positives and among the negatives:
    V_A, V_B and their covariance C, per positive instance. The power is
    Φ((|θ_A − θ_B|·√n₊ − z·√V₀) / √V₁) (plus the other tail when two-sided), with
    V₁ = V_A + V_B − 2C, the variance the difference has, and V₀ the one the test divides
    by:

    - ``"binormal"``: the variances with the delta method's term f·g·A·B (the covariance of
      Â and B̂, which Obuchowski & McClish's covariance formula has and their variance, as
      printed, leaves out), and V₀ = V₁: DeLong's test (:func:`~evalbook.delong_test`)
      estimates the variance of the difference as it is. Simulated test sets reproduce
      this power (the library's tests);
    - ``"obuchowski"``: the variances as printed and V₀ = 2V_A − 2C (the difference's
      variance were B as good as A), what R's ``pROC::power.roc.test`` computes from
      binormal parameters: it overstates the variance (by about a fifth at θ = 0.75), so
      its powers are lower and its sizes larger than DeLong's test needs.

    The more the models' scores correlate, the fewer instances the comparison needs.

    Parameters
    ----------
    auc_a, auc_b : float
        The two models' true AUCs, in (0, 1), different.
    n_positive, n_negative : int
        The numbers of positive and negative test instances.
    correlation : float, default 0.5
        The correlation of the two models' scores within each class, in [0, 1).
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    variance : {"binormal", "obuchowski"}, default "binormal"

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If an AUC is outside (0, 1) or they are equal, correlation is outside [0, 1), a
        count is below 1, alpha outside (0, 1), or the alternative or the variance is
        unknown.

    References
    ----------
    N. A. Obuchowski and D. K. McClish, "Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices", Statistics in Medicine
    16:1529-1542, 1997.
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under two
    or more correlated receiver operating characteristic curves: a nonparametric
    approach", Biometrics 44:837-845, 1988.
    X. Robin et al., "pROC: an open-source package for R and S+ to analyze and compare
    ROC curves", BMC Bioinformatics 12:77, 2011 (``power.roc.test``).

    Examples
    --------
    >>> round(roc_auc_difference_power(0.80, 0.85, n_positive=200, n_negative=200), 4)
    0.66
    >>> round(roc_auc_difference_power(0.80, 0.85, n_positive=200, n_negative=200,
    ...                                variance="obuchowski"), 4)
    0.4014
    """
    auc_a, auc_b, correlation = _check_pair(auc_a, auc_b, correlation, variance)
    n_positive = _check_class_size(n_positive, "n_positive")
    n_negative = _check_class_size(n_negative, "n_negative")
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    null, alternative_variance = _difference_terms(
        auc_a, auc_b, correlation, n_negative / n_positive, variance
    )
    shift = abs(auc_a - auc_b) * math.sqrt(n_positive)
    spread = math.sqrt(alternative_variance)
    power = _phi((shift - z * math.sqrt(null)) / spread)
    if alternative == "two-sided":
        power += _phi((-shift - z * math.sqrt(null)) / spread)
    return power


def roc_auc_difference_sample_size(
    auc_a,
    auc_b,
    *,
    power=0.8,
    prevalence=0.5,
    correlation=0.5,
    alpha=0.05,
    alternative="two-sided",
    variance="binormal",
) -> SampleSize:
    """How many positives and negatives a comparison of two models' AUCs needs.

    n₊ = (z·√V₀ + z_β·√V₁)² / (θ_A − θ_B)², with the variances of
    :func:`roc_auc_difference_power` (Obuchowski & McClish 1997; with
    ``variance="obuchowski"``, pROC's ``power.roc.test`` with ``power=``); the negatives
    are n₊·(1 − π)/π for the prevalence π, each count rounded up.

    Parameters
    ----------
    auc_a, auc_b : float
        The two models' expected AUCs, in (0, 1), different.
    power : float, default 0.8
    prevalence : float, default 0.5
        The positives' share of the test set, in (0, 1).
    correlation : float, default 0.5
    alpha : float, default 0.05
    alternative : {"two-sided", "one-sided"}, default "two-sided"
    variance : {"binormal", "obuchowski"}, default "binormal"

    Returns
    -------
    SampleSize

    Raises
    ------
    ValueError
        As :func:`roc_auc_difference_power`, and if power or prevalence is outside (0, 1).

    References
    ----------
    N. A. Obuchowski and D. K. McClish, "Sample size determination for diagnostic
    accuracy studies involving binormal ROC curve indices", Statistics in Medicine
    16:1529-1542, 1997.

    Examples
    --------
    >>> roc_auc_difference_sample_size(0.80, 0.85)
    SampleSize(n_positive=279, n_negative=279)
    """
    auc_a, auc_b, correlation = _check_pair(auc_a, auc_b, correlation, variance)
    power = _check_power(power)
    prevalence = check_open_fraction(prevalence, "prevalence", example=", e.g. 0.3")
    alpha = _check_alpha(alpha)
    z = _critical(alpha, alternative)
    null, alternative_variance = _difference_terms(
        auc_a, auc_b, correlation, (1 - prevalence) / prevalence, variance
    )
    root = z * math.sqrt(null) + normal_quantile(power) * math.sqrt(alternative_variance)
    return _class_sizes((root / (auc_a - auc_b)) ** 2, prevalence)


# ====================================================================== reuse
def expected_best_accuracy(n, k, *, p=0.5) -> float:
    """The expected test accuracy of the best of ``k`` useless models on one test set.

    Each model is right on each of the ``n`` test instances with probability ``p``,
    whatever the instance (a coin: no model is better than another), so its hits are
    Bin(n, p). Choosing the model that scores best on the test set picks the maximum of k
    such counts, whose expectation is, exactly,
    E[max] = Σ_{x=0}^{n−1} (1 − F(x)^k), F the binomial distribution function (the
    identity E[M] = Σ P(M > x) for a count M, and P(M ≤ x) = F(x)^k for k independent
    models). Its share of n grows with k although every model is worth p: the price of
    selecting on the test set, "adaptive overfitting" (Dwork et al. 2015).

    Parameters
    ----------
    n : int
        The number of test instances, at least 1 and at most 10⁸.
    k : int
        The number of models tried on the test set, at least 1.
    p : float, default 0.5
        Each model's true accuracy, in [0, 1].

    Returns
    -------
    float
        The expected accuracy of the best one.

    Raises
    ------
    ValueError
        If n or k is not a count at least 1, or p is outside [0, 1].

    References
    ----------
    C. Dwork, V. Feldman, M. Hardt, T. Pitassi, O. Reingold and A. Roth, "The reusable
    holdout: preserving validity in adaptive data analysis", Science 349:636-638, 2015.
    H. A. David and H. N. Nagaraja, *Order Statistics*, 3rd ed., Wiley, 2003, §2.1.

    Examples
    --------
    >>> expected_best_accuracy(100, 1)
    0.5
    >>> round(expected_best_accuracy(1, 2), 4)
    0.75
    >>> round(expected_best_accuracy(100, 100), 4)
    0.6248
    """
    from scipy.stats import binom

    n = _check_test_size(n, "n")
    k = check_count(k, "k", minimum=1)
    p = check_probability(p, "p")
    # below first (12 standard deviations under the mean) every term is 1 to the last
    # digit, and from last on every term is 0: sum only the counts between
    spread = 12 * math.sqrt(n * p * (1 - p)) + 10
    first = max(0, math.floor(n * p - spread))
    last = min(n - 1, math.ceil(n * p + spread))
    counts = np.arange(first, last + 1)
    below = binom.cdf(counts, n, p)
    exceed = -np.expm1(k * np.log(np.maximum(below, 1e-300)))
    exceed = np.where(below > 0, exceed, 1.0)
    return float((first + np.sum(exceed)) / n)
