"""Confidence intervals of metrics on scores and labels: the AUC's, and any metric's bootstrap.

The intervals of :mod:`evalbook.intervals` are those of a confusion matrix (handout 004);
the ones here start from the instances themselves:

- :func:`roc_auc_interval`: the ROC AUC's interval, from DeLong's variance (DeLong, DeLong
  & Clarke-Pearson 1988, as R's ``pROC::ci.auc``) or from a stratified bootstrap;
- :func:`metric_bootstrap_interval`: the percentile bootstrap interval of any metric of
  labels and predictions or scores (F1, average precision, Brier score), resampling the
  test instances (handout 001's bootstrap applied to the test set).

Both return an :class:`~evalbook.Interval`. scipy is imported inside the functions.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from evalbook._checks import (
    UndefinedMetricWarning,
    as_label_array,
    as_rng,
    check_choice,
    check_confidence,
    check_flag,
    check_metric_value,
    check_same_length,
    check_size,
    check_whole_number,
    is_missing,
)
from evalbook._stats import (
    defined_resamples,
    delong_auc_variance,
    normal_quantile,
    scores_and_classes,
)
from evalbook.intervals import Interval

__all__ = ["metric_bootstrap_interval", "roc_auc_interval"]

#: Values drawn per block of resamples: bounds the memory of a bootstrap, whatever its size.
_BLOCK = 2_000_000


def _block_rounds(rounds: int, size: int) -> int:
    return max(1, min(rounds, _BLOCK // max(size, 1)))


def _percentiles(values: np.ndarray, confidence: float) -> Interval:
    alpha = 1.0 - confidence
    lower, upper = np.quantile(values, [alpha / 2, 1 - alpha / 2])
    return Interval(float(lower), float(upper))


# ---------------------------------------------------------------------- the AUC
def _bootstrap_aucs(scores, is_positive, rounds, rng) -> np.ndarray:
    """AUCs of ``rounds`` stratified resamples: positives and negatives drawn apart.

    Each block of b resamples draws ``rng.integers(0, m, (b, m))`` for the positives, then
    ``rng.integers(0, n, (b, n))`` for the negatives (scipy.stats.bootstrap's draws for two
    independent samples with ``batch=b``). A resample's AUC comes from how many times it
    drew each group of tied scores: Σ_g (positives in g)·(negatives below g + ½ negatives
    in g) / (m·n), so no resample is sorted again.
    """
    order = np.argsort(scores)
    ordered = scores[order]
    new_group = np.empty(scores.size, dtype=bool)
    new_group[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new_group[1:])
    group = np.empty(scores.size, dtype=np.int64)
    group[order] = np.cumsum(new_group) - 1
    groups = int(new_group.sum())
    of_positives, of_negatives = group[is_positive], group[~is_positive]
    m, n = of_positives.size, of_negatives.size
    block = _block_rounds(rounds, max(m + n, groups))
    aucs = np.empty(rounds)
    for start in range(0, rounds, block):
        b = min(block, rounds - start)
        offsets = (np.arange(b) * groups)[:, None]
        drawn_positives = of_positives[rng.integers(0, m, (b, m))] + offsets
        drawn_negatives = of_negatives[rng.integers(0, n, (b, n))] + offsets
        positives = np.bincount(drawn_positives.ravel(), minlength=b * groups).reshape(b, groups)
        negatives = np.bincount(drawn_negatives.ravel(), minlength=b * groups).reshape(b, groups)
        below = np.cumsum(negatives, axis=1) - negatives
        aucs[start : start + b] = (positives * (below + 0.5 * negatives)).sum(axis=1) / (m * n)
    return aucs


def roc_auc_interval(
    y_true, scores, *, positive, method="delong", confidence=0.95, rounds=2000, seed=None
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
    - ``"bootstrap"``: ``rounds`` resamples that draw m positives among the positives and
      n negatives among the negatives, with replacement (stratified, as pROC's default
      ``boot.stratified=TRUE``), and the percentiles of their AUCs.

    Parameters
    ----------
    y_true : sequence of labels
    scores : sequence of float
        Higher means more likely positive.
    positive : label
        The positive class; ``y_true`` needs at least 2 positives and 2 negatives.
    method : {"delong", "bootstrap"}, default "delong"
    confidence : float in (0, 1), default 0.95
    rounds : int, default 2000
        Bootstrap resamples (pROC's default ``boot.n``); ignored by ``"delong"``.
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
    values, is_positive = scores_and_classes(y_true, scores, positive, minimum=2)
    if method == "bootstrap":
        rounds = check_whole_number(rounds, "rounds", minimum=1)
        check_size("roc_auc_interval", rounds=rounds)
        aucs = _bootstrap_aucs(values, is_positive, rounds, as_rng(seed))
        return _percentiles(aucs, confidence)
    auc, variance = delong_auc_variance(values, is_positive)
    margin = normal_quantile(1.0 - (1.0 - confidence) / 2) * math.sqrt(variance)
    return Interval(max(auc - margin, 0.0), min(auc + margin, 1.0))


# ---------------------------------------------------------------------- any metric
def metric_bootstrap_interval(
    metric, y_true, predictions, *, rounds=2000, confidence=0.95, seed=None, stratified=False
) -> Interval:
    """Percentile bootstrap interval of any metric of labels and predictions or scores.

    Handout 001's bootstrap applied to the test set: draw ``rounds`` test sets of the same
    size from the instances, with replacement, compute ``metric(y_true, predictions)`` on
    each, and take the central ``confidence`` share of the values (the percentile
    interval; Efron & Tibshirani 1993, ch. 13). Works for any metric, of predicted labels
    (F1) or of scores (average precision, Brier score); for a metric of a confusion matrix,
    :func:`evalbook.bootstrap_interval` resamples the matrix's cells, faster.

    Each block of b resamples draws ``rng.integers(0, N, (b, N))``, the draws of
    ``scipy.stats.bootstrap(..., paired=True, method="percentile", batch=b)``; with
    ``stratified=True`` each class of ``y_true`` is drawn apart (in sorted order of the
    classes), so every resample keeps the test set's class counts.

    Parameters
    ----------
    metric : callable
        ``metric(y_true, predictions) -> float``, e.g. ``functools.partial(evalbook.brier_score,
        positive=1)`` or scikit-learn's ``f1_score``. Resamples where it is undefined
        (``nan``) are left out, with an UndefinedMetricWarning saying how many.
    y_true : sequence of labels
    predictions : sequence
        Predicted labels or scores, one per instance (a table of shape (N, k) too).
    rounds : int, default 2000
    confidence : float in (0, 1), default 0.95
    seed : int or numpy.random.Generator, optional
    stratified : bool, default False
        Keep each class's count in every resample.

    Returns
    -------
    Interval
        ``lower`` and ``upper``, the percentiles.

    References
    ----------
    B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, ch. 13.

    Examples
    --------
    >>> def accuracy(y, p):
    ...     return float(np.mean(np.asarray(y) == np.asarray(p)))
    >>> y = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> p = [1, 1, 0, 0, 0, 1, 1, 0, 1, 0]
    >>> [round(b, 2) for b in metric_bootstrap_interval(accuracy, y, p, rounds=1000, seed=0)]
    [0.5, 1.0]
    """
    if not callable(metric):
        raise TypeError(
            "metric must be a function metric(y_true, predictions) -> float; "
            f"got {type(metric).__name__}"
        )
    target = as_label_array(y_true, "y_true")
    table = np.asarray(predictions)
    if table.ndim == 0:
        raise ValueError("predictions must hold one prediction per instance; got a single value")
    check_same_length(target, table, "y_true", "predictions")
    missing = [i for i, value in enumerate(table.ravel()) if is_missing(value)][:1]
    if missing:  # no metric is defined on a missing prediction or score
        raise ValueError(
            f"predictions contains a missing value ({table.ravel()[missing[0]]!r}) at "
            f"position {missing[0]}; every instance needs a prediction"
        )
    if target.size == 0:
        raise ValueError("y_true is empty: there is nothing to resample")
    rounds = check_whole_number(rounds, "rounds", minimum=1)
    confidence = check_confidence(confidence)
    stratified = check_flag(stratified, "stratified")
    size = target.size
    check_size("metric_bootstrap_interval", rounds=rounds)
    rng = as_rng(seed)
    if stratified:
        members = [np.flatnonzero(target == label) for label in np.unique(target)]
    else:
        members = [np.arange(size)]
    values = np.empty(rounds)
    block = _block_rounds(rounds, size)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        for start in range(0, rounds, block):
            b = min(block, rounds - start)
            drawn = np.concatenate(
                [where[rng.integers(0, where.size, (b, where.size))] for where in members], axis=1
            )
            for row, indices in enumerate(drawn):
                values[start + row] = check_metric_value(
                    metric(target[indices], table[indices]), metric
                )
    return _percentiles(defined_resamples(values, undefined_as="nan"), confidence)
