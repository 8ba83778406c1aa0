"""Metrics on scores: the threshold, the ROC curve and its area, the KS statistic, gain and lift.

Handout 000, "Métricas sobre scores" (eqs. (11)-(18), Tabelas 7 and 8, Figura 4). A model
that outputs a score (a probability, a margin, any number where higher means "more
positive") becomes a classifier only once a threshold is chosen: score ≥ t → positive
(eq. (11)). Every confusion-matrix metric then depends on t. The functions here describe
the scores for *all* thresholds at once:

- :func:`roc_curve` and :func:`roc_auc`: TPR against FPR for every threshold, and the area
  under that curve (eq. (12)), which is also the probability that a random positive
  scores higher than a random negative (ties count one half);
- :func:`ks_statistic`: the largest gap between the cumulative score distributions of the
  negatives and the positives (eqs. (14)-(16)); it equals the largest TPR − FPR;
  :func:`ks_curve` gives the two distributions;
- :func:`gain_lift`: the share of positives caught in each slice of the instances sorted
  by score, and how much better that is than picking at random (eqs. (17)-(18)).

The curves (:func:`roc_curve`, :func:`ks_curve`, :func:`gain_lift`) are
:class:`~evalbook.Curve` objects: named arrays, a table on request, a plot method. In every
function ``y_true`` holds the class labels and ``positive`` names the positive
class; every other label counts as negative. Scores may be any finite real numbers.
Each function (and each score plot of :mod:`evalbook.plots`) also takes a
:class:`ScoredData` in place of ``y_true``, then without ``scores`` and ``positive``: the
input is checked and sorted once, however many metrics are computed from it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from evalbook._checks import (
    as_curve_points,
    as_number_array,
    check_label,
    check_threshold,
    check_whole_between,
    check_zero_division,
    safe_divide,
)
from evalbook._results import result
from evalbook.curves import Curve
from evalbook.scored import Counts, ScoredData, as_scored_data

__all__ = [
    "Counts",
    "KSResult",
    "ScoredData",
    "auc",
    "gain_lift",
    "ks_curve",
    "ks_statistic",
    "roc_auc",
    "roc_curve",
    "threshold",
]


# ---------------------------------------------------------------------- the threshold
def threshold(scores, t=0.5, *, positive, negative):
    """Turn scores into predicted labels: score ≥ t → ``positive``, else ``negative``.

    Handout 000, eq. (11). The handout writes the condition as "threshold ≥ 0.5"; it means
    the *score*: an instance is positive when its score reaches the threshold.

    Parameters
    ----------
    scores : sequence of float
        One finite score per instance; higher means more likely positive.
    t : float, default 0.5
        The threshold (0.5 is the usual default of a logistic regression, handout 000,
        note 12). An instance whose score equals ``t`` is predicted positive.
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

    Handout 000, "ROC" and Figura 4(a). Each distinct score ``s`` is a threshold (score ≥
    s → positive, eq. (11)) and gives one point; tied scores give a single point, since no
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

    Handout 000, eq. (12): the sum over consecutive points of
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

    Handout 000, eq. (12). The trapezoid area of :func:`roc_curve` equals the Mann-Whitney
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

    Handout 000, eqs. (14)-(16). With CP(c, ps) = share of the instances of class c whose
    score is ≤ ps, the statistic is the largest |CP(negative, ps) − CP(positive, ps)| over
    all scores ps. A good model gives the positives high scores, so CP(positive, ·) lies
    *below* CP(negative, ·): eq. (16) as printed, max(CP(positive) − CP(negative)), takes
    the difference in the wrong order and gives 0 (at the ends, where both CDFs are 0 or 1)
    for exactly the models it should reward. This function takes the absolute value, the
    two-sample statistic of ``scipy.stats.ks_2samp``.

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

    Handout 000, eq. (14): at each distinct score ps (increasing), CP(positive, ps) and
    CP(negative, ps), the share of each class scoring ≤ ps. Both are step functions of
    ps that reach 1 at the highest score; :func:`ks_statistic` is their largest
    absolute difference, and :class:`~evalbook.KSDisplay` draws them.

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

    Handout 000, eqs. (17)-(18). The instances are sorted by decreasing score and cut into
    ``bins`` consecutive groups of (nearly) equal size (deciles for ``bins=10``; the first
    ``n % bins`` bins get one instance more). For bin i, with P positives and N instances
    in all:

    - ``gain`` = positives_i / P, the bin's share of all the positives;
    - ``cumulative_gain`` = (positives in bins 1..i) / P, the share of the positives caught
      by taking the top bins 1..i (the curve of the "cumulative gain chart");
    - ``lift`` = gain / (n_i / N) = (positives_i / n_i) / (P / N): how many times richer in
      positives the bin is than the whole set (a random ordering has lift 1);
    - ``cumulative_lift`` = cumulative_gain / ((instances in bins 1..i) / N), the same
      for the top bins together. It is *not* the sum of the lifts (which grows without
      bound); it is their average weighted by bin size.

    The handout's eq. (17) calls "Gain" what is defined above as ``cumulative_gain`` (its
    numerator is the *accumulated* number of positives), and its text then builds the
    cumulative gain as a sum of those, which would accumulate twice; eq. (18) divides
    "percentages" without saying of what. The definitions above are the standard ones
    (Kelleher, Mac Namee & D'Arcy, the handout's source).

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
