"""How sure the numbers of a decision are: likelihood ratios, predictive values, net benefit.

- :func:`likelihood_ratios`: LR+ = sensitivity / (1 − specificity) and LR− = (1 −
  sensitivity) / specificity with their intervals by the log method (Simel, Samsa &
  Matchar 1991): ln LR is near normal, with the standard error of a ratio of two
  independent proportions;
- :func:`predictive_values`: PPV and NPV at a target prevalence π, with intervals: Bayes'
  theorem in odds form (post-test odds = pre-test odds × LR) carries the likelihood
  ratios' intervals to the predictive values, the prevalence taken as known;
- :func:`net_benefit_interval`: the bootstrap interval of :func:`evalbook.net_benefit`
  at one threshold probability (:func:`evalbook.bootstrap_interval` of the instances).
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    UndefinedMetricWarning,
    check_confidence,
    check_flag,
    check_open_fraction,
    check_probability,
)
from evalbook._core.results import result
from evalbook._core.stats import normal_quantile
from evalbook.inference._bootstrap_intervals import bootstrap_interval
from evalbook.inference._intervals import Interval
from evalbook.metrics._classification import binary_counts
from evalbook.metrics._decision import (
    check_prevalence,
    checked_probabilities,
    net_benefit_from_counts,
)

__all__ = [
    "LikelihoodRatios",
    "PredictiveValues",
    "likelihood_ratios",
    "net_benefit_interval",
    "predictive_values",
]


@result
class LikelihoodRatios(NamedTuple):
    """LR+ and LR− of a binary test, each with the bounds of its interval (log method)."""

    lr_positive: float
    lr_positive_lower: float
    lr_positive_upper: float
    lr_negative: float
    lr_negative_lower: float
    lr_negative_upper: float


@result
class PredictiveValues(NamedTuple):
    """PPV and NPV at a prevalence, each with the bounds of its interval."""

    ppv: float
    ppv_lower: float
    ppv_upper: float
    npv: float
    npv_lower: float
    npv_upper: float


def _log_ratio(hits_a, n_a, hits_b, n_b, z, name):
    """(ratio, lower, upper) of (hits_a/n_a) / (hits_b/n_b), the log method's interval;
    nan with an UndefinedMetricWarning when a count it divides by or takes the log of is 0."""
    if 0 in (hits_a, hits_b, n_a, n_b):
        warnings.warn(
            f"{name} is undefined here (a count it needs is 0: "
            f"{hits_a}/{n_a} over {hits_b}/{n_b}), so it and its interval are nan",
            UndefinedMetricWarning,
            stacklevel=3,
        )
        return math.nan, math.nan, math.nan
    ratio = (hits_a / n_a) / (hits_b / n_b)
    se = math.sqrt(1 / hits_a - 1 / n_a + 1 / hits_b - 1 / n_b)
    return ratio, ratio * math.exp(-z * se), ratio * math.exp(z * se)


def likelihood_ratios(cm, *, positive=None, confidence=0.95) -> LikelihoodRatios:
    """Positive and negative likelihood ratios of a binary test, with their intervals.

    LR+ = sensitivity / (1 − specificity) = (TP/P) / (FP/N): how much more often a positive
    result comes from a positive instance than from a negative one; LR− = (1 −
    sensitivity) / specificity = (FN/P) / (TN/N). They do not depend on the prevalence, and
    they move a pre-test probability to a post-test one
    (:func:`evalbook.post_test_probability`). The interval is the log method of Simel,
    Samsa & Matchar (1991): ln LR ± z · SE, with

        SE(ln LR+) = √(1/TP − 1/P + 1/FP − 1/N),  SE(ln LR−) = √(1/FN − 1/P + 1/TN − 1/N).

    The same ratios as ``sklearn.metrics.class_likelihood_ratios``. A ratio that divides
    by 0 or needs the log of 0 (FP = 0 for LR+, FN = 0 or TN = 0 for LR−) is undefined
    here: nan, with an :class:`~evalbook.UndefinedMetricWarning` (scikit-learn's choice
    too).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows = target; a 2×2 matrix's first label is the positive class unless
        ``positive`` is given (the rule of the positive class).
    positive : label, optional
        The class treated as positive (one-vs-rest).
    confidence : float in (0, 1), default 0.95

    Returns
    -------
    LikelihoodRatios
        ``lr_positive``, ``lr_positive_lower``, ``lr_positive_upper``, ``lr_negative``,
        ``lr_negative_lower``, ``lr_negative_upper``.

    References
    ----------
    D. L. Simel, G. P. Samsa and D. B. Matchar, "Likelihood ratios with confidence: sample
    size estimation for diagnostic test studies", Journal of Clinical Epidemiology
    44(8):763-770, 1991.

    Examples
    --------
    >>> lr = likelihood_ratios([[40, 10], [5, 45]])  # sensitivity 0.8, specificity 0.9
    >>> round(lr.lr_positive, 4), round(lr.lr_positive_lower, 4), round(lr.lr_positive_upper, 4)
    (8.0, 3.4433, 18.5868)
    >>> round(lr.lr_negative, 4), round(lr.lr_negative_lower, 4), round(lr.lr_negative_upper, 4)
    (0.2222, 0.1267, 0.3898)
    """
    tp, fn, fp, tn = binary_counts(cm, positive, "likelihood_ratios")
    z = normal_quantile(0.5 + check_confidence(confidence) / 2)
    plus = _log_ratio(tp, tp + fn, fp, fp + tn, z, "LR+")
    minus = _log_ratio(fn, tp + fn, tn, fp + tn, z, "LR-")
    return LikelihoodRatios(*plus, *minus)


def _bayes(ratio, prior_odds):
    """The probability of post-test odds ``prior_odds · ratio`` (nan stays nan)."""
    odds = prior_odds * ratio
    return odds / (1 + odds)


def predictive_values(cm, *, prevalence=None, positive=None, confidence=0.95) -> PredictiveValues:
    """PPV and NPV where the positive class has prevalence π, with their intervals.

    Bayes' theorem in odds form: the odds of being positive after a positive result are
    π/(1 − π) · LR+, and of being negative after a negative result (1 − π)/π · 1/LR−;
    so PPV and NPV at π are the same numbers as :func:`evalbook.ppv` and
    :func:`evalbook.npv` with ``prevalence=`` (caret's formulas). Their intervals are
    those of :func:`likelihood_ratios` (Simel, Samsa & Matchar 1991) carried through the
    same increasing map, with π taken as known: the sensitivity and the specificity are
    estimated on the test set, the prevalence is the setting's.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    prevalence : float in (0, 1), optional
        The share of positives where the model will be used (a screening clinic, a
        specialist one); by default the matrix's own P/n.
    positive : label, optional
        The class treated as positive (one-vs-rest).
    confidence : float in (0, 1), default 0.95

    Returns
    -------
    PredictiveValues
        ``ppv``, ``ppv_lower``, ``ppv_upper``, ``npv``, ``npv_lower``, ``npv_upper``; nan
        (with an UndefinedMetricWarning) where the likelihood ratio behind them is.

    References
    ----------
    D. L. Simel, G. P. Samsa and D. B. Matchar, "Likelihood ratios with confidence: sample
    size estimation for diagnostic test studies", Journal of Clinical Epidemiology
    44(8):763-770, 1991.
    D. G. Altman and J. M. Bland, "Diagnostic tests 2: predictive values", BMJ 309:102,
    1994.

    Examples
    --------
    >>> values = predictive_values([[40, 10], [5, 45]], prevalence=0.05)
    >>> round(values.ppv, 4), round(values.ppv_lower, 4), round(values.ppv_upper, 4)
    (0.2963, 0.1534, 0.4945)
    >>> round(values.npv, 4), round(values.npv_lower, 4), round(values.npv_upper, 4)
    (0.9884, 0.9799, 0.9934)
    """
    tp, fn, fp, tn = binary_counts(cm, positive, "predictive_values")
    if prevalence is None:
        if tp + fn == 0 or fp + tn == 0:
            raise ValueError(
                "the matrix has no instances of one class, so it has no prevalence of its "
                "own; pass prevalence=..."
            )
        prevalence = (tp + fn) / (tp + fn + fp + tn)
    else:
        check_probability(prevalence, "prevalence")
        prevalence = check_open_fraction(prevalence, "prevalence")
    z = normal_quantile(0.5 + check_confidence(confidence) / 2)
    plus = _log_ratio(tp, tp + fn, fp, fp + tn, z, "LR+")
    minus = _log_ratio(fn, tp + fn, tn, fp + tn, z, "LR-")
    odds = prevalence / (1 - prevalence)
    ppv = [_bayes(value, odds) for value in plus]
    npv = [_bayes(1 / value, 1 / odds) for value in (minus[0], minus[2], minus[1])]
    return PredictiveValues(*ppv, *npv)


def net_benefit_interval(
    y_true,
    y_proba,
    *,
    threshold,
    positive=None,
    prevalence=None,
    standardized=False,
    n_resamples=2000,
    confidence=0.95,
    seed=None,
) -> Interval:
    """Bootstrap interval of the net benefit at one threshold probability.

    :func:`evalbook.bootstrap_interval` (the percentile interval; Efron & Tibshirani 1993,
    ch. 13) of :func:`evalbook.net_benefit`: the test set's instances are drawn with
    replacement ``n_resamples`` times and the net benefit computed on each (Vickers,
    Cronin, Elkin & Gonen 2008, section 2.2, bootstrap the same way). With ``prevalence``
    (a case-control sample, whose class sizes were fixed by design) each class is drawn
    apart (``stratify=True``).

    Parameters
    ----------
    y_true : sequence of labels
    y_proba : sequence of float
        The predicted probability of ``positive``, in [0, 1].
    threshold : float in (0, 1)
        The threshold probability p_t.
    positive : label, optional
    prevalence : float in (0, 1), optional
        As in :func:`evalbook.net_benefit`.
    standardized : bool, default False
        As in :func:`evalbook.net_benefit`.
    n_resamples : int, default 2000
    confidence : float in (0, 1), default 0.95
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    A. J. Vickers, A. M. Cronin, E. B. Elkin and M. Gonen, "Extensions to decision curve
    analysis", BMC Medical Informatics and Decision Making 8:53, 2008.
    B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, ch. 13.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=400)
    >>> y = (rng.uniform(size=400) < p).astype(int)  # calibrated by construction
    >>> lower, upper = net_benefit_interval(y, p, threshold=0.3, n_resamples=500, seed=1)
    >>> round(lower, 3), round(upper, 3)  # around the net benefit, 0.3946
    (0.332, 0.454)
    """
    values, is_positive = checked_probabilities(y_true, y_proba, positive)
    threshold = check_open_fraction(threshold, "threshold", example=", e.g. 0.2")
    prevalence = check_prevalence(prevalence)
    standardized = check_flag(standardized, "standardized")

    def metric(target, probabilities):
        treated = probabilities >= threshold
        tp = int(np.count_nonzero(treated & (target == 1)))
        fp = int(np.count_nonzero(treated)) - tp
        n_positive = int(np.count_nonzero(target))
        if n_positive == 0 and (standardized or prevalence is not None):
            return math.nan  # π, or the sensitivity, is 0/0 in this resample
        benefit = net_benefit_from_counts(
            tp, fp, n_positive, target.size - n_positive, threshold, prevalence, standardized
        )
        return float(benefit)

    return bootstrap_interval(
        metric,
        is_positive.astype(np.int8),
        values,
        n_resamples=n_resamples,
        confidence=confidence,
        stratify=prevalence is not None,
        seed=seed,
    )
