"""Deciding with a model: net benefit, decision curves, likelihood ratios and post-test odds.

A model's probability p becomes a decision at a *threshold probability* p_t: treat (act,
intervene) when p ≥ p_t. Choosing p_t is choosing how many false positives one true
positive is worth: a clinician who treats from a 20 % risk accepts 4 unnecessary
treatments for each one that helps, the odds p_t / (1 − p_t) = 0.2 / 0.8 = 1/4 (Vickers &
Elkin 2006). Weighing the false positives by those odds gives the *net benefit*, in
units of true positives per instance:

    NB(p_t) = TP/n − FP/n · p_t / (1 − p_t)

- :func:`net_benefit`: the net benefit of a model's probabilities at one p_t;
- :func:`decision_curve`: the net benefit at every p_t of a grid, beside the two
  strategies that need no model, *treat all* (π − (1 − π) · p_t / (1 − p_t), π the
  prevalence) and *treat none* (0), and the net interventions avoided, as a
  :class:`~evalbook.Curve` of kind ``"decision"``; its figure is
  :class:`~evalbook.DecisionCurveDisplay`;
- :func:`post_test_probability`: a pre-test probability (the prevalence) moved by a
  likelihood ratio, through the odds form of Bayes' theorem (Fagan's nomogram).

The likelihood ratios themselves, with their intervals, and the predictive values at a
target prevalence are :func:`evalbook.likelihood_ratios` and
:func:`evalbook.predictive_values`; the net benefit's bootstrap interval is
:func:`evalbook.net_benefit_interval` (:mod:`evalbook.inference`).

A model is useful at p_t when its net benefit is above both references there. The net
benefit reads the probabilities as risks: it is only as true as the model's calibration
(Van Calster & Vickers 2015): check the reliability diagram first.
"""

from __future__ import annotations

import numbers

import numpy as np

from evalbook._core.checks import (
    as_float,
    as_number_array,
    check_flag,
    check_open_fraction,
    check_probability,
    check_unit_interval,
)
from evalbook._core.stats import checked_scores
from evalbook.metrics._curves import Curve

__all__ = [
    "decision_curve",
    "net_benefit",
    "post_test_probability",
]

#: The grid of threshold probabilities a decision curve uses by default: 0.01, 0.02, …, 0.99.
DEFAULT_THRESHOLDS = np.arange(1, 100) / 100
DEFAULT_THRESHOLDS.flags.writeable = False


def checked_probabilities(y_true, y_proba, positive):
    """``(probabilities as float64, positive mask)``, checked: the labels as every score
    function checks them, the probabilities in [0, 1], both classes present."""
    _, values, is_positive, positive = checked_scores(y_true, y_proba, positive, name="y_proba")
    check_unit_interval(
        values, "y_proba", "each must be a probability of the positive class, in [0, 1]"
    )
    n_positive = int(np.count_nonzero(is_positive))
    if n_positive == values.size:
        raise ValueError(
            f"y_true holds only the positive class {positive!r}; the net benefit weighs "
            "false positives against true positives, so it needs negatives too"
        )
    return values, is_positive


def check_thresholds(thresholds) -> np.ndarray:
    """Threshold probabilities: one or more numbers strictly between 0 and 1, increasing."""
    if thresholds is None:
        return DEFAULT_THRESHOLDS
    values = as_number_array(thresholds, "thresholds", what="threshold probability")
    if values.ndim != 1:
        raise ValueError(f"thresholds must be one-dimensional; got shape {values.shape}")
    outside = np.flatnonzero((values <= 0) | (values >= 1))
    if outside.size:
        raise ValueError(
            f"thresholds must lie strictly between 0 and 1 (p_t / (1 − p_t) is 0 at 0 and "
            f"infinite at 1); got {values[outside[0]]} at position {int(outside[0])}"
        )
    if values.size > 1 and not np.all(np.diff(values) > 0):
        raise ValueError("thresholds must be strictly increasing (a grid, each value once)")
    return values


def check_prevalence(prevalence):
    """None (the sample's own share of positives) or a probability strictly inside (0, 1)."""
    if prevalence is None:
        return None
    check_probability(prevalence, "prevalence")  # TypeError for text, NaN refused
    return check_open_fraction(
        prevalence, "prevalence", example=" (a case-control sample's population)"
    )


def net_benefit_from_counts(tp, fp, n_positive, n_negative, thresholds, prevalence, standardized):
    """The net benefit of the counts ``tp``, ``fp`` at ``thresholds`` (arrays broadcast).

    Without ``prevalence`` the sample's: TP/n − FP/n · w. With it (a case-control sample),
    TPR · π − FPR · (1 − π) · w, Vickers, Cronin, Elkin & Gonen (2008), section 2.4. With
    ``standardized``, divided by π (Kerr et al. 2016).
    """
    n = n_positive + n_negative
    pi = n_positive / n if prevalence is None else prevalence
    odds = thresholds / (1 - thresholds)
    with np.errstate(invalid="ignore", divide="ignore"):
        if prevalence is None:
            benefit = tp / n - fp / n * odds
        else:
            benefit = np.divide(tp, n_positive) * pi - np.divide(fp, n_negative) * (1 - pi) * odds
    return benefit / pi if standardized else benefit


def counts_at(values, is_positive, thresholds):
    """TP and FP of "p ≥ p_t" at every threshold of an increasing grid, without a sort.

    Each probability is placed among the thresholds by binary search (``searchsorted``:
    O(n log m) for m thresholds), counted per slot and accumulated from the top: the cost of
    a pass over the data, far below sorting it.
    """
    m = thresholds.size
    slot = np.searchsorted(thresholds, values, side="right")  # thresholds ≤ p: p ≥ t_j for j < slot
    positives = np.bincount(slot, weights=is_positive, minlength=m + 1)
    everyone = np.bincount(slot, minlength=m + 1)
    above_positives = np.cumsum(positives[::-1])[::-1]  # [j]: instances whose slot ≥ j
    above_everyone = np.cumsum(everyone[::-1])[::-1]
    tp = above_positives[1:].astype(np.int64)
    fp = above_everyone[1:] - tp
    return tp, fp


def net_benefit(
    y_true, y_proba, *, threshold, positive=None, prevalence=None, standardized=False
) -> float:
    """Net benefit of treating when the model's probability reaches ``threshold``.

    Vickers & Elkin (2006), eq. (1): with TP and FP the true and false positives of
    "p ≥ p_t → treat" among n instances,

        NB = TP/n − FP/n · p_t / (1 − p_t)

    the true positives per instance, less the false positives weighed by the odds at which
    a decision maker at p_t is indifferent between treating and not. 0 is the net benefit
    of treating no one; the prevalence π, that of a perfect model.

    Parameters
    ----------
    y_true : sequence of labels
    y_proba : sequence of float
        The predicted probability of ``positive`` for each instance, in [0, 1] (a risk:
        compared with p_t as it stands, so it must be calibrated to mean anything).
    threshold : float in (0, 1)
        The threshold probability p_t: treat when p ≥ p_t.
    positive : label, optional
        The positive class (the event); without it, the rule of the positive class
        (``help(evalbook)``).
    prevalence : float in (0, 1), optional
        The share of positives in the population the model will be used on, when the
        sample does not reflect it (a case-control study). Then NB = TPR · π − FPR ·
        (1 − π) · p_t / (1 − p_t) (Vickers et al. 2008, section 2.4; ``prevalence=`` of
        ``dcurves.dca``).
    standardized : bool, default False
        Divide by the prevalence π: the standardised net benefit, whose maximum is 1
        whatever π (Kerr, Brown, Zhu & Janes 2016; the "relative utility" of Baker et al.).

    Returns
    -------
    float

    See Also
    --------
    decision_curve : the net benefit at every threshold of a grid, with the references.
    evalbook.net_benefit_interval : its bootstrap interval.

    References
    ----------
    A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel method for evaluating
    prediction models", Medical Decision Making 26(6):565-574, 2006.
    A. J. Vickers, A. M. Cronin, E. B. Elkin and M. Gonen, "Extensions to decision curve
    analysis", BMC Medical Informatics and Decision Making 8:53, 2008.
    K. F. Kerr, M. D. Brown, K. Zhu and H. Janes, "Assessing the clinical impact of risk
    prediction models with decision curves: guidance for correct interpretation and
    appropriate use", Journal of Clinical Oncology 34(21):2534-2540, 2016.

    Examples
    --------
    >>> y = [1, 0, 1, 0, 0, 1, 0, 0, 0, 0]
    >>> p = [0.9, 0.6, 0.4, 0.3, 0.2, 0.15, 0.1, 0.1, 0.05, 0.05]
    >>> net_benefit(y, p, threshold=0.25)  # TP 2, FP 2: 2/10 − 2/10 · 1/3
    0.13333333333333336
    >>> round(net_benefit(y, p, threshold=0.25, standardized=True), 4)  # of π = 0.3
    0.4444
    """
    values, is_positive = checked_probabilities(y_true, y_proba, positive)
    threshold = check_open_fraction(threshold, "threshold", example=", e.g. 0.2")
    prevalence = check_prevalence(prevalence)
    standardized = check_flag(standardized, "standardized")
    treated = values >= threshold
    tp = int(np.count_nonzero(treated & is_positive))
    fp = int(np.count_nonzero(treated)) - tp
    n_positive = int(np.count_nonzero(is_positive))
    benefit = net_benefit_from_counts(
        tp, fp, n_positive, values.size - n_positive, threshold, prevalence, standardized
    )
    return float(benefit)


def decision_curve(
    y_true, y_proba, *, thresholds=None, positive=None, prevalence=None, standardized=False
) -> Curve:
    """The decision curve: the net benefit at every threshold probability, and its references.

    Vickers & Elkin (2006); Vickers, van Calster & Steyerberg (2016, 2019). For each p_t of
    ``thresholds``: the model's net benefit (:func:`net_benefit`), that of treating
    everyone, π − (1 − π) · p_t / (1 − p_t), and of treating no one, 0. Where the model's
    curve lies above both, using it beats both default strategies at that p_t; the *net
    interventions avoided* per instance, (NB − NB_all) / (p_t / (1 − p_t)), say how many
    treatments the model saves compared with treating everyone at no loss of true
    positives. The same values as ``dcurves.dca`` (its ``net_benefit`` of the model and of
    ``"all"``, and its ``net_intervention_avoided``).

    The probabilities are counted into the grid by binary search: no sort, so a curve of
    10⁷ probabilities costs less than one ``np.argsort`` of them.

    Parameters
    ----------
    y_true : sequence of labels
    y_proba : sequence of float
        The predicted probability of ``positive`` for each instance, in [0, 1].
    thresholds : sequence of float, optional
        The threshold probabilities p_t, strictly increasing, each strictly between 0 and
        1. By default 0.01 to 0.99 by 0.01 (99 thresholds).
    positive : label, optional
        The positive class (the event); without it, the rule of the positive class.
    prevalence : float in (0, 1), optional
        The population's prevalence, for a case-control sample (as in :func:`net_benefit`);
        the treat-all reference uses it too.
    standardized : bool, default False
        Divide the model's and treat-all's net benefit by the prevalence (standardised net
        benefit, Kerr et al. 2016). The interventions avoided are never standardised.

    Returns
    -------
    Curve
        Of kind ``"decision"``: arrays ``threshold``, ``net_benefit``, ``treat_all``,
        ``treat_none``, ``interventions_avoided`` (per instance: × 100 for "per 100
        patients"), ``tp`` and ``fp`` (the counts treated at each p_t); and the details
        ``prevalence`` (the π used) and ``standardized``. Drawn by
        :class:`~evalbook.DecisionCurveDisplay`.

    References
    ----------
    A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel method for evaluating
    prediction models", Medical Decision Making 26(6):565-574, 2006.
    A. J. Vickers, B. van Calster and E. W. Steyerberg, "Net benefit approaches to the
    evaluation of prediction models, molecular markers, and diagnostic tests", BMJ
    352:i6, 2016.
    A. J. Vickers, B. van Calster and E. W. Steyerberg, "A simple, step-by-step guide to
    interpreting decision curve analysis", Diagnostic and Prognostic Research 3:18, 2019.

    Examples
    --------
    >>> y = [1, 0, 1, 0, 0, 1, 0, 0, 0, 0]
    >>> p = [0.9, 0.6, 0.4, 0.3, 0.2, 0.15, 0.1, 0.1, 0.05, 0.05]
    >>> curve = decision_curve(y, p, thresholds=[0.1, 0.25, 0.5])
    >>> curve.tp.tolist(), curve.fp.tolist()  # treated at 0.1: 8, of whom 3 positive
    ([3, 2, 1], [5, 2, 1])
    >>> curve.net_benefit.round(4).tolist(), curve.treat_all.round(4).tolist()
    ([0.2444, 0.1333, 0.0], [0.2222, 0.0667, -0.4])
    >>> curve.interventions_avoided.round(2).tolist()  # (NB − NB_all) / (p_t / (1 − p_t))
    [0.2, 0.2, 0.4]
    """
    values, is_positive = checked_probabilities(y_true, y_proba, positive)
    thresholds = check_thresholds(thresholds)
    prevalence = check_prevalence(prevalence)
    standardized = check_flag(standardized, "standardized")
    n_positive = int(np.count_nonzero(is_positive))
    n_negative = values.size - n_positive
    tp, fp = counts_at(values, is_positive, thresholds)
    pi = n_positive / values.size if prevalence is None else prevalence
    odds = thresholds / (1 - thresholds)
    model = net_benefit_from_counts(tp, fp, n_positive, n_negative, thresholds, prevalence, False)
    treat_all = pi - (1 - pi) * odds
    avoided = (model - treat_all) / odds
    if standardized:
        model, treat_all = model / pi, treat_all / pi
    return Curve(
        "decision",
        {
            "threshold": np.array(thresholds, dtype=float),
            "net_benefit": model,
            "treat_all": treat_all,
            "treat_none": np.zeros(thresholds.size),
            "interventions_avoided": avoided,
            "tp": tp,
            "fp": fp,
        },
        prevalence=float(pi),
        standardized=standardized,
    )


def post_test_probability(likelihood_ratio, *, prevalence) -> float:
    """The probability after a test result: the prevalence's odds times a likelihood ratio.

    Bayes' theorem in odds form (Fagan 1975's nomogram draws it): post-test odds =
    pre-test odds × LR, with the pre-test probability the prevalence π of the population
    tested. LR+ (:func:`evalbook.likelihood_ratios`) gives the probability after a
    positive result (the PPV at π), LR− after a negative one (1 − NPV at π).

    Parameters
    ----------
    likelihood_ratio : float or array-like of float
        One likelihood ratio ≥ 0 (or many: an array comes back).
    prevalence : float in [0, 1]
        The pre-test probability.

    Returns
    -------
    float, or numpy.ndarray for many likelihood ratios

    References
    ----------
    T. J. Fagan, "Nomogram for Bayes's theorem", New England Journal of Medicine
    293(5):257, 1975.

    Examples
    --------
    >>> round(post_test_probability(10, prevalence=0.05), 4)  # 0.05/0.95 · 10 = 0.526 odds
    0.3448
    >>> post_test_probability([0.1, 1.0], prevalence=0.5).round(4).tolist()
    [0.0909, 0.5]
    """
    if isinstance(likelihood_ratio, (str, bytes)) or np.ndim(likelihood_ratio) != 0:
        ratio = as_number_array(likelihood_ratio, "likelihood_ratio", what="likelihood ratio")
    elif isinstance(likelihood_ratio, (bool, np.bool_)) or not isinstance(
        likelihood_ratio, numbers.Real
    ):
        raise TypeError(
            f"likelihood_ratio must be a number ≥ 0 (or many); got "
            f"{type(likelihood_ratio).__name__}"
        )
    else:
        ratio = np.asarray(as_float(likelihood_ratio, "likelihood_ratio"))
        if np.isnan(ratio):
            raise ValueError("likelihood_ratio must be a number ≥ 0; got nan")
    if np.any(ratio < 0):
        raise ValueError(f"likelihood_ratio must be ≥ 0; got {ratio[ratio < 0].flat[0]}")
    prevalence = check_probability(prevalence, "prevalence")
    with np.errstate(invalid="ignore", divide="ignore"):
        if prevalence == 1.0:
            post = np.where(ratio > 0, 1.0, np.nan)
        else:
            odds = prevalence / (1 - prevalence) * ratio
            post = np.where(np.isinf(odds), 1.0, odds / (1 + odds))
    return float(post) if ratio.ndim == 0 else post
