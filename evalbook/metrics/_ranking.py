"""Scores checked once and sorted once: the value behind every metric on scores.

A score becomes a prediction at a threshold t (Fawcett 2006); here score ≥ t → positive.
:class:`ScoredData` holds the labels and scores of one model, validated and sorted once,
with the cumulative counts of positives and negatives above every distinct score;
:func:`evalbook.roc_curve`, :func:`evalbook.roc_auc`, :func:`evalbook.ks_statistic`,
:func:`evalbook.gain_lift`, the score plots and the threshold explorer all read it, so a
slider step neither re-validates the labels nor recounts. Re-exported by
:mod:`evalbook.metrics`.

Metrics on scores: the threshold, the ROC curve and its area, the KS statistic, gain and lift.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Fawcett (2006). A model that outputs a score (a
probability, a margin, any number where higher means "more positive") becomes a classifier
only once a threshold is chosen: score ≥ t → positive. Every confusion-matrix metric then
depends on t. The functions here describe the scores for *all* thresholds at once:

- :func:`roc_curve` and :func:`roc_auc`: TPR against FPR for every threshold, and the area
  under that curve, which is also the probability that a random positive
  scores higher than a random negative (ties count one half);
- :func:`ks_statistic`: the largest gap between the cumulative score distributions of the
  negatives and the positives; it equals the largest TPR − FPR;
  :func:`ks_curve` gives the two distributions;
- :func:`gain_lift`: the share of positives caught in each slice of the instances sorted
  by score, and how much better that is than picking at random.

The curves (:func:`roc_curve`, :func:`ks_curve`, :func:`gain_lift`) are
:class:`~evalbook.Curve` objects: named arrays, a table on request, a plot method. In every
function ``y_true`` holds the class labels and ``positive`` names the positive
class; every other label counts as negative. Scores may be any finite real numbers.
Each function (and each score plot of :mod:`evalbook.displays`) also takes a
:class:`ScoredData` in place of ``y_true``, then without ``scores`` and ``positive``: the
input is checked and sorted once, however many metrics are computed from it.

Precision and recall along the thresholds, average precision, multiclass ROC AUC.

They follow the primary literature (Davis & Goadrich 2006). A model that outputs a score
becomes a classifier once a threshold ``t`` is chosen (score ≥ t → positive); the functions
here describe precision and recall for *every* threshold at once, the way
:func:`evalbook.roc_curve` does for TPR and FPR:

- :func:`precision_recall_curve`: precision TP / (TP + FP) and recall TP / P of every
  distinct score used as threshold;
- :func:`average_precision`: the step-wise area under that curve, Σ (Rₙ − Rₙ₋₁) Pₙ,
  which is *not* the trapezoid area (Davis & Goadrich 2006 show why linear interpolation
  between PR points is wrong);
- :func:`fbeta_curve`: the F-beta of every threshold, to choose a threshold by F1;
- :func:`multiclass_roc_auc`: one-vs-rest ROC AUC of each class and its macro or
  prevalence-weighted average.

Unlike the ROC curve, the PR curve depends on the prevalence of the positive class: with
more negatives, the same scores give the same ROC curve and a lower PR curve (Saito &
Rehmsmeier 2015).
"""

from __future__ import annotations

import math
from types import MappingProxyType
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    as_array,
    as_curve_points,
    as_label_array,
    as_number_array,
    as_thresholds,
    check_label,
    check_label_types,
    check_positive_number,
    check_same_length,
    check_threshold,
    check_whole_between,
    check_zero_division,
    fbeta_weight,
    safe_divide,
)
from evalbook._core.results import result
from evalbook._core.stats import checked_scores
from evalbook.metrics._curves import Curve

__all__ = [
    "Counts",
    "KSResult",
    "MulticlassRocAuc",
    "ScoredData",
    "as_scored_data",
    "auc",
    "average_precision",
    "fbeta_curve",
    "gain_lift",
    "ks_curve",
    "ks_statistic",
    "multiclass_roc_auc",
    "precision_recall_curve",
    "roc_auc",
    "roc_curve",
    "threshold",
]


# ====================================================================== scored


# ---------------------------------------------------------------------- the scored data
class Counts(NamedTuple):
    """The four cells of the confusion matrix at a threshold (ints, or arrays of ints)."""

    tp: int | np.ndarray
    fn: int | np.ndarray
    fp: int | np.ndarray
    tn: int | np.ndarray


class ScoredData:
    """Labels and scores checked once and sorted once: the counts behind every threshold.

    Score ≥ t → positive. Build it from ``(y_true, scores,
    positive=)`` and pass it in place of ``y_true`` (without ``scores`` and ``positive``)
    to :func:`roc_curve`, :func:`roc_auc`, :func:`ks_statistic`, :func:`gain_lift` and the
    score Displays (``RocCurveDisplay.from_predictions(data)``): none of them checks or sorts
    the input again.
    :meth:`counts` gives the confusion matrix at any threshold, and :meth:`cdf` the
    classes' cumulative score distributions (eqs. (14)-(15)), by binary search in the
    distinct scores: O(log n) per threshold, fit for a slider step.

    Building costs one sort of the scores and one of the positives' scores.

    Parameters
    ----------
    y_true : sequence of labels
        The target class of each instance.
    scores : sequence of float
        The model's score of each instance, finite, higher = more positive.
    positive : label
        The positive class; every other label is negative. It must occur in ``y_true``
        (a typo such as ``positive="Spam"`` would otherwise make every instance negative).

    Attributes
    ----------
    positive : label
        The positive class, as given.
    labels : numpy.ndarray
        ``y_true`` as checked, in input order.
    scores : numpy.ndarray
        The scores as float64, in input order.
    is_positive : numpy.ndarray of bool
        Whether each instance is of the positive class, in input order.
    thresholds : numpy.ndarray
        The distinct scores, decreasing: every threshold at which the matrix changes.
    tp, fp : numpy.ndarray of int64
        ``tp[i]`` positives and ``fp[i]`` negatives score ≥ ``thresholds[i]``.
    ascending : numpy.ndarray
        The distinct scores, increasing (``thresholds`` reversed).
    positives_from, negatives_from : numpy.ndarray of int64
        The positives and the negatives scoring ≥ ``ascending[i]``, with one more entry,
        0, above the highest score: the cumulative counts the curves are read from.
    n_positive, n_negative : int
        The number of positives (at least 1) and of negatives (0 is allowed here; the
        metrics that need negatives say so).

    Every array is read-only.

    Examples
    --------
    >>> from evalbook import ScoredData, ks_statistic, roc_auc
    >>> data = ScoredData(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> data
    ScoredData(n=4, positive='p', n_positive=2, n_negative=2, distinct_scores=4)
    >>> data.thresholds, data.tp, data.fp
    (array([0.9, 0.8, 0.4, 0.1]), array([1, 1, 2, 2]), array([0, 1, 1, 2]))
    >>> data.counts(0.5)  # score ≥ 0.5 → "p"
    Counts(tp=1, fn=1, fp=1, tn=1)
    >>> data.counts([1.0, 0.5, 0.0]).tp  # many thresholds at once
    array([0, 1, 2])
    >>> roc_auc(data), ks_statistic(data).statistic  # no second check, no second sort
    (0.75, 0.5)
    """

    def __init__(self, y_true, scores, *, positive):
        labels, values, is_positive = checked_scores(y_true, scores, positive)
        n = values.size
        ordered = np.sort(values)  # no argsort: tied scores are one step, in any order
        first_of_value = np.empty(n, dtype=bool)
        first_of_value[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=first_of_value[1:])
        starts = np.flatnonzero(first_of_value)
        distinct = ordered if starts.size == n else ordered[starts]  # increasing
        del ordered, first_of_value
        positive_scores = np.sort(np.compress(is_positive, values))  # faster than values[mask]
        n_positive = positive_scores.size
        # from_[i]: instances scoring ≥ distinct[i]; one more entry, 0, above the highest
        positives_from = np.zeros(distinct.size + 1, dtype=np.int64)
        if distinct.size < n_positive:  # few distinct scores: search them in the positives
            below = np.searchsorted(positive_scores, distinct, side="left")
            np.subtract(n_positive, below, out=positives_from[:-1])
        else:  # find each positive's score among the distinct ones, count, accumulate
            at = np.searchsorted(distinct, positive_scores, side="left")
            per_value = np.bincount(at, minlength=distinct.size)
            np.cumsum(per_value[::-1], out=positives_from[-2::-1])
        negatives_from = np.zeros(distinct.size + 1, dtype=np.int64)
        np.subtract(n - starts, positives_from[:-1], out=negatives_from[:-1])
        for array in (values, is_positive, distinct, positives_from, negatives_from):
            array.flags.writeable = False
        labels = labels.view()
        labels.flags.writeable = False
        self.positive = positive
        self.labels = labels
        self.scores = values
        self.is_positive = is_positive
        self.n_positive = int(n_positive)
        self.n_negative = int(n - n_positive)
        self.ascending = distinct
        self.positives_from = positives_from
        self.negatives_from = negatives_from

    @property
    def thresholds(self) -> np.ndarray:
        """The distinct scores, decreasing."""
        return self.ascending[::-1]

    @property
    def tp(self) -> np.ndarray:
        """``tp[i]``: the positives that score ≥ ``thresholds[i]``."""
        return self.positives_from[-2::-1]

    @property
    def fp(self) -> np.ndarray:
        """``fp[i]``: the negatives that score ≥ ``thresholds[i]``."""
        return self.negatives_from[-2::-1]

    def __len__(self) -> int:
        return self.scores.size

    def __repr__(self) -> str:
        return (
            f"ScoredData(n={self.scores.size}, positive={self.positive!r}, "
            f"n_positive={self.n_positive}, n_negative={self.n_negative}, "
            f"distinct_scores={self.ascending.size})"
        )

    def _rank(self, t, side: str, name: str):
        """Index into the ascending distinct scores for each t (an int, or an int array)."""
        t = as_thresholds(t, name)
        at = np.searchsorted(self.ascending, t, side=side)
        return int(at) if np.ndim(t) == 0 else at

    def counts(self, t) -> Counts:
        """The confusion matrix of "score ≥ t → positive" (eq. (11)), by binary search.

        Parameters
        ----------
        t : float or array-like of float
            One threshold, or many; ±inf allowed (+inf: nothing is positive).

        Returns
        -------
        Counts
            ``(tp, fn, fp, tn)``: ints for one threshold, int64 arrays shaped like ``t``
            for many.
        """
        at = self._rank(t, "left", "t")  # distinct scores below t
        tp = self.positives_from[at]
        fp = self.negatives_from[at]
        if np.ndim(at) == 0:
            tp, fp = int(tp), int(fp)
        return Counts(tp, self.n_positive - tp, fp, self.n_negative - fp)

    def cdf(self, x) -> tuple:
        """CP(positive, x) and CP(negative, x): each class's share scoring ≤ x (eq. (14)).

        Parameters
        ----------
        x : float or array-like of float

        Returns
        -------
        (cp_positive, cp_negative)
            Floats for one ``x``, arrays for many; ``cp_negative`` is nan (0/0) when
            there are no negatives.
        """
        above = self._rank(x, "right", "x")  # distinct scores ≤ x
        positives = self.n_positive - self.positives_from[above]
        negatives = self.n_negative - self.negatives_from[above]
        with np.errstate(invalid="ignore", divide="ignore"):
            cp = (positives / self.n_positive, np.divide(negatives, self.n_negative))
        return tuple(float(v) for v in cp) if np.ndim(above) == 0 else cp


def as_scored_data(y_true, scores=None, positive=None) -> ScoredData:
    """``y_true`` if it is a :class:`ScoredData` (alone), else ``ScoredData(y_true, ...)``.

    The shared entry of the functions that take either form.
    """
    if isinstance(y_true, ScoredData):
        if scores is not None or positive is not None:
            raise TypeError(
                "pass either a ScoredData alone or y_true, scores and positive=; "
                "a ScoredData already holds the scores and the positive class"
            )
        return y_true
    if positive is None:
        raise TypeError(
            "positive must name the positive class (it may be left out only when a "
            "ScoredData is passed in place of y_true); got None"
        )
    return ScoredData(y_true, scores, positive=positive)


# ====================================================================== scores


# ---------------------------------------------------------------------- the threshold
def threshold(scores, t=0.5, *, positive, negative):
    """Turn scores into predicted labels: score ≥ t → ``positive``, else ``negative``.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Fawcett (2006). An instance is positive when its
    *score* reaches the threshold.

    Parameters
    ----------
    scores : sequence of float
        One finite score per instance; higher means more likely positive.
    t : float, default 0.5
        The threshold (0.5 is the usual default of a logistic regression). An instance whose
        score equals ``t`` is predicted positive.
    positive, negative : label
        The two labels to predict, each a single label (not None or another missing
        value).

    Returns
    -------
    numpy.ndarray
        One label per instance. Each label keeps its own type: when ``positive`` and
        ``negative`` differ in type (``"spam"`` and ``0``), the array has dtype object
        rather than turning one into the other (numpy would make the 0 a string ``'0'``).

    Examples
    --------
    >>> threshold([0.2, 0.5, 0.9], positive="spam", negative="ham")
    array(['ham', 'spam', 'spam'], dtype='<U4')
    >>> threshold([0.2, 0.5, 0.9], 0.75, positive=1, negative=0)
    array([0, 0, 1])
    >>> threshold([0.2, 0.9], positive="spam", negative=0)
    array([0, 'spam'], dtype=object)
    """
    check_label(positive, "positive")
    check_label(negative, "negative")
    values = as_number_array(scores, "scores", what="score")
    t = check_threshold(t)
    if positive == negative:
        raise ValueError(f"positive and negative must be different labels; both are {positive!r}")
    pair = np.asarray([positive, negative])
    kept = pair.tolist()
    if not (_same_label(kept[0], positive) and _same_label(kept[1], negative)):
        pair = np.empty(2, dtype=object)  # numpy would convert one label to the other's type
        pair[:] = [positive, negative]
    return pair[np.where(values >= t, 0, 1)]


def _same_label(kept, given) -> bool:
    """Whether numpy kept the label ``given`` as it was (same Python type, same value)."""
    if isinstance(given, np.generic):
        given = given.item()
    return type(kept) is type(given) and kept == given


# ---------------------------------------------------------------------- ROC and AUC
def roc_curve(y_true, scores=None, *, positive=None) -> Curve:
    """The ROC curve: the (FPR, TPR) pair of every threshold, from (0, 0) to (1, 1).

    Fawcett (2006); Kelleher, Mac Namee & D'Arcy (2020), ch. 9. Each distinct score ``s`` is a
    threshold (score ≥ s → positive) and gives one point; tied scores give a single point, since no
    threshold can separate them. A first point with threshold ``+inf`` (nothing predicted
    positive) starts the curve at (0, 0); the lowest score ends it at (1, 1). The same
    points as ``sklearn.metrics.roc_curve(..., drop_intermediate=False)``.

    Parameters
    ----------
    y_true : sequence of labels, or ScoredData
        The target class of each instance; or a :class:`ScoredData`, given alone.
    scores : sequence of float
        The model's score of each instance, higher = more positive.
    positive : label
        The positive class; every other label is negative. It must occur in ``y_true``,
        and so must at least one other label.

    Returns
    -------
    Curve
        Of kind ``"roc"``: arrays ``threshold`` (decreasing), ``fpr`` and ``tpr`` (both
        non-decreasing), ``tp`` and ``fp`` (the counts behind them); one entry per
        distinct score, plus the first. Shown as a table; ``.to_frame()`` makes it a
        DataFrame, ``.plot()`` draws it (:class:`~evalbook.RocCurveDisplay`).

    References
    ----------
    T. Fawcett, "An introduction to ROC analysis", Pattern Recognition Letters
    27(8):861-874, 2006. J. D. Kelleher, B. Mac Namee and A. D'Arcy, *Fundamentals of
    Machine Learning for Predictive Data Analytics*, 2nd ed., MIT Press, 2020, ch. 9.

    Examples
    --------
    >>> curve = roc_curve(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> curve.fpr, curve.tpr
    (array([0. , 0. , 0.5, 0.5, 1. ]), array([0. , 0.5, 0.5, 1. , 1. ]))
    >>> curve
    ROC curve, 5 points
       threshold  fpr  tpr  tp  fp
    0        inf  0.0  0.0   0   0
    1        0.9  0.0  0.5   1   0
    2        0.8  0.5  0.5   1   1
    3        0.4  0.5  1.0   2   1
    4        0.1  1.0  1.0   2   2
    """
    data = as_scored_data(y_true, scores, positive)
    if data.n_negative == 0:
        raise ValueError(
            f"y_true holds only the positive class {data.positive!r}; the ROC curve needs "
            "negatives too (its FPR would be 0/0)"
        )
    tp = data.positives_from[::-1]  # from 0 (threshold +inf) up to n_positive
    fp = data.negatives_from[::-1]
    cuts = np.empty(tp.size)
    cuts[0] = np.inf
    cuts[1:] = data.thresholds
    return Curve(
        "roc",
        {
            "threshold": cuts,
            "fpr": fp / data.n_negative,
            "tpr": tp / data.n_positive,
            "tp": tp,
            "fp": fp,
        },
    )


def auc(x, y) -> float:
    """Area under a curve given by its points, by the trapezoid rule.

    Fawcett (2006), the trapezoid area: the sum over consecutive points of
    (x[i] − x[i−1]) · (y[i] + y[i−1]) / 2, its sign reversed when ``x`` decreases. With
    ``x`` = FPR and ``y`` = TPR of a ROC curve it is the AUC (the "ROC index").

    Parameters
    ----------
    x, y : sequence of float
        The points, at least two, with ``x`` non-decreasing or non-increasing; the points
        may run either way along x (the area is the same, as with ``sklearn.metrics.auc``).

    Returns
    -------
    float

    References
    ----------
    T. Fawcett, "An introduction to ROC analysis", Pattern Recognition Letters
    27(8):861-874, 2006.

    Examples
    --------
    >>> auc([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1])
    0.75
    >>> auc([0, 1], [0, 1])  # the diagonal: a random model
    0.5
    >>> auc([1, 0], [1, 1])  # the same square, walked from right to left
    1.0
    """
    x, y = as_curve_points(x, y)
    steps = np.abs(np.diff(x))  # monotonic: the area is the same walked either way
    return float(np.sum(steps * (y[1:] + y[:-1])) / 2)


def roc_auc(y_true, scores=None, *, positive=None, zero_division="warn") -> float:
    """Area under the ROC curve: P(score of a positive > score of a negative) + ½ P(tie).

    Hanley & McNeil (1982): the trapezoid area of :func:`roc_curve` equals the Mann-Whitney
    probability that a randomly drawn positive scores higher than a randomly drawn
    negative, ties counting one half. It is summed exactly, in integers, over the distinct
    scores of a :class:`ScoredData`: each negative scoring s wins against the positives
    above s and ties with those at s. Given a ScoredData it costs one pass over the
    distinct scores; given raw input, about two sorts (see ``benchmarks/``).

    Parameters
    ----------
    y_true : sequence of labels, or ScoredData
        The target class of each instance; or a :class:`ScoredData`, given alone.
    scores : sequence of float
    positive : label
        The positive class; it must occur in ``y_true``.
    zero_division : "warn" or float, default "warn"
        Returned when ``y_true`` has no negatives (the AUC is 0/0): ``nan`` with an
        :class:`~evalbook.UndefinedMetricWarning` by default.

    Returns
    -------
    float
        In [0, 1]: 1 for scores that rank every positive above every negative, 0.5 for
        scores unrelated to the class, 0 for scores ranking them exactly backwards.

    References
    ----------
    J. A. Hanley and B. J. McNeil, "The meaning and use of the area under a receiver
    operating characteristic (ROC) curve", Radiology 143(1):29-36, 1982. T. Fawcett, "An
    introduction to ROC analysis", Pattern Recognition Letters 27(8):861-874, 2006.

    Examples
    --------
    >>> roc_auc(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    0.75
    >>> roc_auc([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5], positive=1)  # all tied
    0.5
    """
    check_zero_division(zero_division)
    data = as_scored_data(y_true, scores, positive)
    if data.n_negative == 0:
        return safe_divide(
            0,
            0,
            zero_division=zero_division,
            metric="roc_auc",
            why=f"y_true holds only the positive class {data.positive!r}",
        )
    above = data.positives_from  # positives scoring ≥ each distinct score, then 0
    negatives_at = -np.diff(data.negatives_from)  # negatives scoring exactly each one
    # a negative at s: 2·(#above + ½·#tied) = #(≥ s) + #(> s), in exact integer arithmetic
    doubled_wins = int(np.dot(negatives_at, above[:-1] + above[1:]))
    return doubled_wins / (2 * data.n_positive * data.n_negative)


# ---------------------------------------------------------------------- KS
@result
class KSResult(NamedTuple):
    """The KS statistic and the score ``ps`` where the gap between the two CDFs is largest."""

    statistic: float
    score: float


def ks_statistic(y_true, scores=None, *, positive=None, zero_division="warn") -> KSResult:
    """Kolmogorov-Smirnov statistic: the largest gap between the classes' score CDFs.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (the K-S statistic). With CP(c, ps) = share
    of the instances of class c whose score is ≤ ps, the statistic is the largest
    |CP(negative, ps) − CP(positive, ps)| over all scores ps. A good model gives the
    positives high scores, so CP(positive, ·) lies *below* CP(negative, ·). This function
    takes the absolute value, the two-sample statistic of ``scipy.stats.ks_2samp``, so the
    order of the difference does not matter.

    The gap at ps is also TPR − FPR at the threshold just above ps, so the statistic is the
    largest vertical distance between the ROC curve and the diagonal.

    Parameters
    ----------
    y_true, scores, positive, zero_division
        As in :func:`roc_auc`; ``zero_division`` is the statistic returned when
        ``y_true`` has no negatives (CP(negative) is 0/0).

    Returns
    -------
    KSResult
        ``statistic`` in [0, 1] and ``score``, the smallest ps at which it is attained
        (``nan`` when undefined).

    References
    ----------
    J. D. Kelleher, B. Mac Namee and A. D'Arcy, *Fundamentals of Machine Learning for
    Predictive Data Analytics*, 2nd ed., MIT Press, 2020, ch. 9.

    Examples
    --------
    >>> ks_statistic(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    KSResult(statistic=0.5, score=0.1)
    """
    check_zero_division(zero_division)
    data = as_scored_data(y_true, scores, positive)
    n_positive, n_negative = data.n_positive, data.n_negative
    if n_negative == 0:
        value = safe_divide(
            0,
            0,
            zero_division=zero_division,
            metric="ks_statistic",
            why=f"y_true holds only the positive class {data.positive!r}",
        )
        return KSResult(value, math.nan)
    # at the i-th distinct score ps (increasing): the instances of each class scoring ≤ ps
    below_positive = n_positive - data.positives_from[1:]
    below_negative = n_negative - data.negatives_from[1:]
    # |CP(neg) − CP(pos)| · P · N, in integers, so that equal gaps compare equal
    gaps = np.abs(below_negative * n_positive - below_positive * n_negative)
    best = int(np.argmax(gaps))
    statistic = abs(below_negative[best] / n_negative - below_positive[best] / n_positive)
    return KSResult(float(statistic), float(data.ascending[best]))


def ks_curve(y_true, scores=None, *, positive=None) -> Curve:
    """The two cumulative score distributions whose largest gap is the KS statistic.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (the K-S statistic): at each distinct score
    ps (increasing), CP(positive, ps) and CP(negative, ps), the share of each class scoring
    ≤ ps. Both are step functions of ps that reach 1 at the highest score;
    :func:`ks_statistic` is their largest absolute difference, and
    :class:`~evalbook.KSDisplay` draws them.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`roc_curve`.

    Returns
    -------
    Curve
        Of kind ``"ks"``: arrays ``score`` (the distinct scores, increasing),
        ``cdf_positive`` and ``cdf_negative``.

    Examples
    --------
    >>> curve = ks_curve(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> curve.score, curve.cdf_positive, curve.cdf_negative
    (array([0.1, 0.4, 0.8, 0.9]), array([0. , 0.5, 0.5, 1. ]), array([0.5, 0.5, 1. , 1. ]))
    """
    data = as_scored_data(y_true, scores, positive)
    if data.n_negative == 0:
        raise ValueError(
            f"y_true holds only the positive class {data.positive!r}; the KS curve needs "
            "negatives too (their CDF would be 0/0)"
        )
    below_positive = data.n_positive - data.positives_from[1:]
    below_negative = data.n_negative - data.negatives_from[1:]
    return Curve(
        "ks",
        {
            "score": data.ascending,
            "cdf_positive": below_positive / data.n_positive,
            "cdf_negative": below_negative / data.n_negative,
        },
    )


# ---------------------------------------------------------------------- gain and lift
def gain_lift(y_true, scores=None, *, positive=None, bins=10) -> Curve:
    """Gain and lift per bin of the instances sorted by score, highest first.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (gain and lift). The instances are sorted by
    decreasing score and cut into ``bins`` consecutive groups of (nearly) equal size
    (deciles for ``bins=10``; the first ``n % bins`` bins get one instance more). For bin i,
    with P positives and N instances in all:

    - ``gain`` = positives_i / P, the bin's share of all the positives;
    - ``cumulative_gain`` = (positives in bins 1..i) / P, the share of the positives caught
      by taking the top bins 1..i (the curve of the "cumulative gain chart");
    - ``lift`` = gain / (n_i / N) = (positives_i / n_i) / (P / N): how many times richer in
      positives the bin is than the whole set (a random ordering has lift 1);
    - ``cumulative_lift`` = cumulative_gain / ((instances in bins 1..i) / N), the same
      for the top bins together. It is *not* the sum of the lifts (which grows without
      bound); it is their average weighted by bin size.

    Tied scores that straddle a bin boundary cannot be ordered by the model: their
    positives are shared among the bins in proportion to the instances each bin takes
    (the expected count under a random tie-break), so the result does not depend on the
    input order. ``positives`` is then fractional; without such ties it holds whole
    numbers (and an integer dtype).

    Parameters
    ----------
    y_true : sequence of labels, or ScoredData
        The target class of each instance; or a :class:`ScoredData`, given alone.
    scores : sequence of float
    positive : label
        The positive class; it must occur in ``y_true``.
    bins : int, default 10
        Number of bins, between 1 and the number of instances.

    Returns
    -------
    Curve
        Of kind ``"gain_lift"``, one entry per bin: arrays ``bin`` (1 = highest scores),
        ``n``, ``positives``, ``gain``, ``cumulative_gain``, ``lift`` and
        ``cumulative_lift``; its table (``.to_frame()``) is indexed by ``bin``.
        :class:`~evalbook.GainDisplay` and :class:`~evalbook.LiftDisplay` draw it.

    References
    ----------
    J. D. Kelleher, B. Mac Namee and A. D'Arcy, *Fundamentals of Machine Learning for
    Predictive Data Analytics*, 2nd ed., MIT Press, 2020, ch. 9.

    Examples
    --------
    >>> curve = gain_lift([1, 1, 0, 1, 0, 0, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], positive=1,
    ...                   bins=4)
    >>> curve.lift.round(4)
    array([2.6667, 1.3333, 0.    , 0.    ])
    >>> curve.to_frame().round(4)
         n  positives    gain  cumulative_gain    lift  cumulative_lift
    bin
    1    2          2  0.6667           0.6667  2.6667           2.6667
    2    2          1  0.3333           1.0000  1.3333           2.0000
    3    2          0  0.0000           1.0000  0.0000           1.3333
    4    2          0  0.0000           1.0000  0.0000           1.0000
    """
    data = as_scored_data(y_true, scores, positive)
    n = len(data)
    bins = check_whole_between(bins, "bins", 1, n, high_is="the number of instances")
    n_positive = data.n_positive

    # cumulative positives after k instances, k = 0..n, linear inside a tie group
    caught = data.positives_from[::-1]
    taken = caught + data.negatives_from[::-1]
    sizes = np.full(bins, n // bins, dtype=np.int64)
    sizes[: n % bins] += 1
    edges = np.concatenate([[0], np.cumsum(sizes)])
    cumulative = np.interp(edges, taken, caught.astype(np.float64))
    positives = np.diff(cumulative)
    rounded = np.round(positives)
    if np.allclose(positives, rounded, rtol=0, atol=1e-9):
        positives = rounded.astype(np.int64)
        cumulative = np.concatenate([[0], np.cumsum(positives)])
    share = sizes / n
    gain = positives / n_positive
    cumulative_gain = cumulative[1:] / n_positive
    return Curve(
        "gain_lift",
        {
            "bin": np.arange(1, bins + 1),
            "n": sizes,
            "positives": positives,
            "gain": gain,
            "cumulative_gain": cumulative_gain,
            "lift": gain / share,
            "cumulative_lift": cumulative_gain / (edges[1:] / n),
        },
    )


# ====================================================================== precision_recall


def _pr_counts(y_true, scores, positive):
    """Distinct thresholds (decreasing), TP and FP at each, and the number of positives."""
    data = as_scored_data(y_true, scores, positive)
    return data.thresholds, data.tp, data.fp, data.n_positive


def precision_recall_curve(y_true, scores=None, *, positive=None) -> Curve:
    """Precision and recall of every threshold, from the highest score to the lowest.

    Each distinct score ``s`` is a threshold (score ≥ s → positive) and gives one point
    (recall, precision); tied scores give one point. A first row with threshold ``+inf``
    (nothing predicted positive) has recall 0 and, by convention, precision 1 (its precision
    is 0/0): the curve starts at the top left, as in scikit-learn, and that point is not a
    measured precision. The same points as ``sklearn.metrics.precision_recall_curve`` read
    backwards (Davis & Goadrich 2006).

    Parameters
    ----------
    y_true : sequence of labels, or ScoredData
        The target class of each instance; or an :class:`evalbook.ScoredData`, given
        alone (its scores are then checked and sorted only once for all the curves).
    scores : sequence of float
        The model's score of each instance, higher = more positive.
    positive : label
        The positive class; every other label is negative. It must occur in ``y_true``.

    Returns
    -------
    Curve
        Of kind ``"precision_recall"``: arrays ``threshold`` (decreasing),
        ``precision``, ``recall`` (non-decreasing), ``tp`` and ``fp``; one entry per
        distinct score, plus the first. :class:`~evalbook.PrecisionRecallDisplay` draws it.

    References
    ----------
    J. Davis and M. Goadrich, "The relationship between precision-recall and ROC curves",
    ICML 2006.

    Examples
    --------
    >>> curve = precision_recall_curve(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> curve.to_frame()[["threshold", "precision", "recall"]]
       threshold  precision  recall
    0        inf   1.000000     0.0
    1        0.9   1.000000     0.5
    2        0.8   0.500000     0.5
    3        0.4   0.666667     1.0
    4        0.1   0.500000     1.0
    """
    cuts, tp, fp, n_positive = _pr_counts(y_true, scores, positive)
    return Curve(
        "precision_recall",
        {
            "threshold": np.concatenate([[np.inf], cuts]),
            "precision": np.concatenate([[1.0], tp / (tp + fp)]),
            "recall": np.concatenate([[0.0], tp / n_positive]),
            "tp": np.concatenate([[0], tp]),
            "fp": np.concatenate([[0], fp]),
        },
    )


def average_precision(y_true, scores=None, *, positive=None) -> float:
    """Average precision: Σ (Rₙ − Rₙ₋₁) · Pₙ over the thresholds, highest first.

    The precision at each threshold weighted by the recall it adds: the mean, over the
    positives, of the precision at the threshold that first catches each one (tied scores
    share a threshold). It is the area under the PR curve drawn as a staircase, not the
    trapezoid area: linear interpolation between two PR points overstates precision, since
    precision does not change linearly with recall between two thresholds (Davis &
    Goadrich 2006, sec. 4). Same value as ``sklearn.metrics.average_precision_score``.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`precision_recall_curve`.

    Returns
    -------
    float
        In (0, 1]: 1 when every positive scores above every negative. A model whose scores
        are unrelated to the class has an AP near the prevalence P / n, not near 0.5
        (Saito & Rehmsmeier 2015).

    References
    ----------
    J. Davis and M. Goadrich, ICML 2006. T. Saito and M. Rehmsmeier, "The precision-recall
    plot is more informative than the ROC plot when evaluating binary classifiers on
    imbalanced datasets", PLoS ONE 10(3): e0118432, 2015.

    Examples
    --------
    >>> average_precision(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    0.8333333333333333
    >>> average_precision([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5], positive=1)  # all tied
    0.5
    """
    _, tp, fp, n_positive = _pr_counts(y_true, scores, positive)
    added = np.diff(tp, prepend=0)  # positives caught at each threshold
    return float(np.sum(added * (tp / (tp + fp))) / n_positive)


def fbeta_curve(y_true, scores=None, *, positive=None, beta=1.0) -> Curve:
    """Precision, recall and F-beta of every threshold, highest threshold first.

    F-beta = (1 + β²) P R / (β² P + R) (van Rijsbergen 1979; F1 is β = 1):
    β > 1 weights recall more, β < 1 precision. The row with the largest ``fbeta`` is the
    threshold that F-beta would choose. Unlike :func:`precision_recall_curve` there is no
    first row at ``+inf``: every row is a real threshold.

    Parameters
    ----------
    y_true, scores, positive
        As in :func:`precision_recall_curve`.
    beta : float, default 1.0
        A finite number greater than 0.

    Returns
    -------
    Curve
        Of kind ``"fbeta"``: arrays ``threshold`` (decreasing), ``precision``,
        ``recall``, ``fbeta``, ``tp``, ``fp``, ``fn``; its ``beta`` is an attribute too.
        F-beta is never 0/0 here, since every threshold predicts at least one instance
        positive and y_true holds at least one positive.

    Examples
    --------
    >>> curve = fbeta_curve(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> curve.threshold, curve.fbeta.round(4), curve.beta
    (array([0.9, 0.8, 0.4, 0.1]), array([0.6667, 0.5   , 0.8   , 0.6667]), 1.0)
    """
    beta = check_positive_number(beta, "beta")
    w = fbeta_weight(beta)  # finite for any β, as in evalbook.fbeta
    cuts, tp, fp, n_positive = _pr_counts(y_true, scores, positive)
    fn = n_positive - tp
    # (1 + β²) TP / ((1 + β²) TP + β² FN + FP) divided by (1 + β²); denominator > 0
    fbeta = tp / (tp + w * fn + (1.0 - w) * fp)
    return Curve(
        "fbeta",
        {
            "threshold": cuts,
            "precision": tp / (tp + fp),
            "recall": tp / n_positive,
            "fbeta": fbeta,
            "tp": tp,
            "fp": fp,
            "fn": fn,
        },
        beta=beta,
    )


@result
class MulticlassRocAuc(NamedTuple):
    """Multiclass ROC AUC (:func:`multiclass_roc_auc`): one-vs-rest per class, its macro,
    weighted and micro averages, and the one-vs-one average of Hand & Till (2001)."""

    macro: float
    weighted: float
    per_class: MappingProxyType
    micro: float
    one_vs_one: float


def multiclass_roc_auc(y_true, scores, *, labels) -> MulticlassRocAuc:
    """One-vs-rest ROC AUC of each class, and their macro and prevalence-weighted averages.

    Column j of ``scores`` scores class ``labels[j]`` against all the others; its AUC is
    :func:`evalbook.roc_auc` with that class as positive. ``macro`` is the plain mean over
    the classes (every class counts the same), ``weighted`` weights each class by its
    prevalence in ``y_true`` (Provost & Domingos 2000). Same values as
    ``sklearn.metrics.roc_auc_score(..., multi_class="ovr")`` with ``average="macro"``,
    ``"weighted"`` and None, which in addition requires the rows of ``scores`` to sum to
    1; here any real scores are accepted.

    Two more summaries come with them. ``micro`` pools the k one-vs-rest problems into
    one: every (instance, class) pair is an example, positive when the instance is of that
    class, scored by its column; so a frequent class weighs by its instances, and the
    scores of different columns are compared with each other (sklearn's
    ``multi_class="ovr", average="micro"``). ``one_vs_one`` is Hand & Till's (2001) M:
    for every pair of classes i < j, Â(i, j) = (A(i|j) + A(j|i)) / 2, where A(i|j) is the
    AUC of column i separating class i from class j on the instances of those two
    classes only, and M is the mean of Â over the k(k − 1)/2 pairs; it does not depend
    on the class proportions (sklearn's ``multi_class="ovo"``, ``average="macro"``).

    One call returns them all, in one named result, rather than a float or a Series
    depending on an ``average`` argument: the averages differ exactly when the per-class
    values and the prevalences do, so they are read together.

    Parameters
    ----------
    y_true : sequence of labels
        Every label must be in ``labels``, and every class in ``labels`` must occur in
        ``y_true`` (a class with no instances has no one-vs-rest AUC), as must another.
    scores : array-like of shape (n, k)
        Row i holds the k scores of instance i, in the order of ``labels``.
    labels : sequence of labels
        The k distinct classes, in the order of the columns of ``scores``.

    Returns
    -------
    MulticlassRocAuc
        ``macro`` and ``weighted`` (floats), ``per_class``, a read-only mapping from
        each label to its one-vs-rest AUC, in the order of ``labels``, ``micro`` and
        ``one_vs_one`` (floats).

    References
    ----------
    F. Provost and P. Domingos, "Well-trained PETs: improving probability estimation
    trees", CeDER working paper IS-00-04, NYU, 2000. T. Fawcett, "An introduction to ROC
    analysis", Pattern Recognition Letters 27:861-874, 2006, sec. 9. D. J. Hand and
    R. J. Till, "A simple generalisation of the area under the ROC curve for multiple
    class classification problems", Machine Learning 45:171-186, 2001.

    Examples
    --------
    >>> y = ["a", "b", "c", "a", "b", "c"]
    >>> scores = [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.1, 0.3, 0.6],
    ...           [0.4, 0.5, 0.1], [0.3, 0.4, 0.3], [0.5, 0.1, 0.4]]
    >>> result = multiclass_roc_auc(y, scores, labels=["a", "b", "c"])
    >>> dict(result.per_class)
    {'a': 0.875, 'b': 0.875, 'c': 1.0}
    >>> round(result.macro, 4), round(result.weighted, 4)
    (0.9167, 0.9167)
    >>> round(result.micro, 4), round(result.one_vs_one, 4)
    (0.9167, 0.9167)
    """
    target = as_label_array(y_true, "y_true")
    classes = as_label_array(labels, "labels")
    for label in classes:
        check_label(label.item() if isinstance(label, np.generic) else label, "each label")
    if len(set(classes.tolist())) != classes.size:
        raise ValueError(f"labels must be distinct; got {classes.tolist()!r}")
    if classes.size < 2:
        raise ValueError(f"labels must list at least 2 classes; got {classes.tolist()!r}")
    table = as_array(scores, "scores")
    if table.ndim != 2:
        raise ValueError(
            f"scores must be a table of shape (n, k), one column per label; got shape {table.shape}"
        )
    if table.shape[1] != classes.size:
        raise ValueError(
            f"scores has {table.shape[1]} columns but labels lists {classes.size} classes; "
            "there must be one column per label"
        )
    check_same_length(target, table, "y_true", "scores")
    check_label_types(y_true=target, labels=classes)
    known = np.isin(target, classes)
    if not known.all():
        position = int(np.flatnonzero(~known)[0])
        raise ValueError(
            f"y_true contains {target[position]!r} at position {position}, which is not in "
            f"labels {classes.tolist()!r}"
        )
    # each column checked as a score array (finite real numbers)
    columns = [as_number_array(table[:, j], "scores", what="score") for j in range(classes.size)]
    for label in classes.tolist():
        if not np.any(target == label):
            raise ValueError(
                f"class {label!r} does not occur in y_true; its one-vs-rest AUC is undefined"
            )
    per_class = {
        label: roc_auc(target == label, columns[j], positive=True)
        for j, label in enumerate(classes.tolist())
    }
    values = np.array(list(per_class.values()))
    weights = np.array([np.sum(target == label) for label in classes.tolist()], dtype=float)
    members = [target == label for label in classes.tolist()]
    micro = roc_auc(
        np.column_stack(members).ravel(), np.column_stack(columns).ravel(), positive=True
    )
    pairs = []
    for i in range(classes.size):
        for j in range(i + 1, classes.size):
            both = members[i] | members[j]
            first = roc_auc(members[i][both], columns[i][both], positive=True)
            second = roc_auc(members[j][both], columns[j][both], positive=True)
            pairs.append((first + second) / 2)
    return MulticlassRocAuc(
        macro=float(values.mean()),
        weighted=float(np.sum(values * weights) / weights.sum()),
        per_class=MappingProxyType(per_class),
        micro=float(micro),
        one_vs_one=float(np.mean(pairs)),
    )
