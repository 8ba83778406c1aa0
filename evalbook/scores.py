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
- :func:`gain_lift`: the share of positives caught in each slice of the instances sorted
  by score, and how much better that is than picking at random (eqs. (17)-(18)).

In every function ``y_true`` holds the class labels and ``positive`` names the positive
class; every other label counts as negative. Scores may be any finite real numbers.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable
from typing import NamedTuple

import numpy as np

from evalbook._checks import (
    as_label_array,
    as_number_array,
    check_same_length,
    check_whole_number,
    check_zero_division,
    safe_divide,
)

__all__ = [
    "KSResult",
    "auc",
    "gain_lift",
    "ks_statistic",
    "roc_auc",
    "roc_curve",
    "threshold",
]


# ---------------------------------------------------------------------- input checks
def _check_label(value, name: str):
    """Check that ``value`` is one class label (hashable, not a list, tuple or array)."""
    if isinstance(value, (list, tuple, set, frozenset, dict, np.ndarray)) or not isinstance(
        value, Hashable
    ):
        raise TypeError(
            f"{name} must be a single label (a number, string or bool), not a collection; "
            f"got {type(value).__name__}"
        )
    return value


def _check_threshold(value, name: str = "t") -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    value = float(value)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number; got nan")
    return value


def _binary_scores(y_true, scores, positive) -> tuple[np.ndarray, np.ndarray]:
    """(is_positive, scores): the target as booleans and the scores as floats.

    ``positive`` must occur in ``y_true`` (a typo such as ``positive="Spam"`` would
    otherwise silently make every instance negative).
    """
    _check_label(positive, "positive")
    labels = as_label_array(y_true, "y_true")
    values = as_number_array(scores, "scores", what="score")
    check_same_length(labels, values, "y_true", "scores")
    is_positive = np.asarray(labels == positive, dtype=bool)
    if is_positive.shape != labels.shape or not is_positive.any():
        found = sorted({v.item() if isinstance(v, np.generic) else v for v in labels}, key=repr)
        raise ValueError(
            f"positive={positive!r} does not occur in y_true, whose labels are {found[:10]!r}"
        )
    return is_positive, values


def _counts_above(is_positive: np.ndarray, scores: np.ndarray):
    """Distinct scores in decreasing order and the positives and negatives scoring ≥ each.

    One stable sort; tied scores form a single step, as they must (a threshold cannot
    separate them).
    """
    order = np.argsort(-scores, kind="stable")
    ranked = scores[order]
    positives = np.cumsum(is_positive[order], dtype=np.int64)
    last_of_value = np.flatnonzero(np.diff(ranked) != 0)
    ends = np.append(last_of_value, ranked.size - 1)
    tp = positives[ends]
    fp = (ends + 1) - tp
    return ranked[ends], tp, fp


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
        The two labels to predict, each a single label.

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
    _check_label(positive, "positive")
    _check_label(negative, "negative")
    values = as_number_array(scores, "scores", what="score")
    t = _check_threshold(t)
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
def roc_curve(y_true, scores, *, positive):
    """The ROC curve: the (FPR, TPR) pair of every threshold, from (0, 0) to (1, 1).

    Handout 000, "ROC" and Figura 4(a). Each distinct score ``s`` is a threshold (score ≥
    s → positive, eq. (11)) and gives one point; tied scores give a single point, since no
    threshold can separate them. A first row with threshold ``+inf`` (nothing predicted
    positive) starts the curve at (0, 0); the lowest score ends it at (1, 1). The same
    points as ``sklearn.metrics.roc_curve(..., drop_intermediate=False)``.

    Parameters
    ----------
    y_true : sequence of labels
        The target class of each instance.
    scores : sequence of float
        The model's score of each instance, higher = more positive.
    positive : label
        The positive class; every other label is negative. It must occur in ``y_true``,
        and so must at least one other label.

    Returns
    -------
    pandas.DataFrame
        Columns ``threshold`` (decreasing), ``fpr`` and ``tpr`` (both non-decreasing),
        ``tp`` and ``fp`` (the counts behind them); one row per distinct score, plus the
        first.

    Examples
    --------
    >>> curve = roc_curve(["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> curve[["threshold", "fpr", "tpr"]]
       threshold  fpr  tpr
    0        inf  0.0  0.0
    1        0.9  0.0  0.5
    2        0.8  0.5  0.5
    3        0.4  0.5  1.0
    4        0.1  1.0  1.0
    """
    import pandas as pd

    is_positive, values = _binary_scores(y_true, scores, positive)
    n_positive = int(is_positive.sum())
    n_negative = is_positive.size - n_positive
    if n_negative == 0:
        raise ValueError(
            f"y_true holds only the positive class {positive!r}; the ROC curve needs "
            "negatives too (its FPR would be 0/0)"
        )
    cuts, tp, fp = _counts_above(is_positive, values)
    tp = np.concatenate([[0], tp])
    fp = np.concatenate([[0], fp])
    return pd.DataFrame(
        {
            "threshold": np.concatenate([[np.inf], cuts]),
            "fpr": fp / n_negative,
            "tpr": tp / n_positive,
            "tp": tp,
            "fp": fp,
        }
    )


def auc(x, y) -> float:
    """Area under a curve given by its points, by the trapezoid rule.

    Handout 000, eq. (12): the sum over consecutive points of
    (x[i] − x[i−1]) · (y[i] + y[i−1]) / 2. With ``x`` = FPR and ``y`` = TPR of a ROC curve
    it is the AUC (the "ROC index").

    Parameters
    ----------
    x, y : sequence of float
        The points, at least two, with ``x`` non-decreasing or non-increasing (the area is
        negative when ``x`` decreases, as with ``sklearn.metrics.auc``).

    Returns
    -------
    float

    Examples
    --------
    >>> auc([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1])
    0.75
    >>> auc([0, 1], [0, 1])  # the diagonal: a random model
    0.5
    """
    x = as_number_array(x, "x", what="coordinate", empty="a curve needs at least 2 points")
    y = as_number_array(y, "y", what="coordinate", empty="a curve needs at least 2 points")
    check_same_length(x, y, "x", "y")
    if x.size < 2:
        raise ValueError(f"x must have at least 2 points to enclose an area; got {x.size}")
    steps = np.diff(x)
    if not (np.all(steps >= 0) or np.all(steps <= 0)):
        raise ValueError("x must be monotonic (non-decreasing or non-increasing)")
    return float(np.sum(steps * (y[1:] + y[:-1])) / 2)


def roc_auc(y_true, scores, *, positive, zero_division="warn") -> float:
    """Area under the ROC curve: P(score of a positive > score of a negative) + ½ P(tie).

    Handout 000, eq. (12). The trapezoid area of :func:`roc_curve` equals the Mann-Whitney
    probability that a randomly drawn positive scores higher than a randomly drawn
    negative, ties counting one half; this function computes it that way, without building
    the curve: the positives' and the negatives' scores are sorted separately and each
    positive counts the negatives below and tied with it by binary search. That costs
    about one ``np.argsort`` of the scores (see ``benchmarks/``).

    Parameters
    ----------
    y_true : sequence of labels
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
    is_positive, values = _binary_scores(y_true, scores, positive)
    positive_scores = np.sort(values[is_positive])
    negative_scores = np.sort(values[~is_positive])
    n_positive, n_negative = positive_scores.size, negative_scores.size
    if n_negative == 0:
        return safe_divide(
            0,
            0,
            zero_division=zero_division,
            metric="roc_auc",
            why=f"y_true holds only the positive class {positive!r}",
        )
    below = np.searchsorted(negative_scores, positive_scores, side="left")
    up_to = np.searchsorted(negative_scores, positive_scores, side="right")
    # 2·(#below + ½·#tied) = #below + #up_to, in exact integer arithmetic
    doubled_wins = int(below.sum(dtype=np.int64)) + int(up_to.sum(dtype=np.int64))
    return doubled_wins / (2 * n_positive * n_negative)


# ---------------------------------------------------------------------- KS
class KSResult(NamedTuple):
    """The KS statistic and the score ``ps`` where the gap between the two CDFs is largest."""

    statistic: float
    score: float


def ks_statistic(y_true, scores, *, positive, zero_division="warn") -> KSResult:
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
    y_true : sequence of labels
    scores : sequence of float
    positive : label
        The positive class; it must occur in ``y_true``.
    zero_division : "warn" or float, default "warn"
        The statistic returned when ``y_true`` has no negatives (CP(negative) is 0/0):
        ``nan`` with an :class:`~evalbook.UndefinedMetricWarning` by default.

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
    is_positive, values = _binary_scores(y_true, scores, positive)
    n_positive = int(is_positive.sum())
    n_negative = is_positive.size - n_positive
    if n_negative == 0:
        value = safe_divide(
            0,
            0,
            zero_division=zero_division,
            metric="ks_statistic",
            why=f"y_true holds only the positive class {positive!r}",
        )
        return KSResult(value, math.nan)
    order = np.argsort(values, kind="stable")
    ranked = values[order]
    positives = np.cumsum(is_positive[order], dtype=np.int64)
    ends = np.append(np.flatnonzero(np.diff(ranked) != 0), ranked.size - 1)
    # |CP(neg) − CP(pos)| · P · N, in integers, so that equal gaps compare equal
    below_positive = positives[ends]
    below_negative = (ends + 1) - below_positive
    gaps = np.abs(below_negative * n_positive - below_positive * n_negative)
    best = int(np.argmax(gaps))
    statistic = abs(below_negative[best] / n_negative - below_positive[best] / n_positive)
    return KSResult(float(statistic), float(ranked[ends[best]]))


# ---------------------------------------------------------------------- gain and lift
def gain_lift(y_true, scores, *, positive, bins=10):
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
    y_true : sequence of labels
    scores : sequence of float
    positive : label
        The positive class; it must occur in ``y_true``.
    bins : int, default 10
        Number of bins, between 1 and the number of instances.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``bin`` (1 = highest scores), with columns ``n``, ``positives``,
        ``gain``, ``cumulative_gain``, ``lift`` and ``cumulative_lift``.

    Examples
    --------
    >>> table = gain_lift([1, 1, 0, 1, 0, 0, 0, 0], [8, 7, 6, 5, 4, 3, 2, 1], positive=1,
    ...                   bins=4)
    >>> table.round(4)
         n  positives    gain  cumulative_gain    lift  cumulative_lift
    bin
    1    2          2  0.6667           0.6667  2.6667           2.6667
    2    2          1  0.3333           1.0000  1.3333           2.0000
    3    2          0  0.0000           1.0000  0.0000           1.3333
    4    2          0  0.0000           1.0000  0.0000           1.0000
    """
    import pandas as pd

    bins = check_whole_number(bins, "bins")
    is_positive, values = _binary_scores(y_true, scores, positive)
    n = values.size
    if not 1 <= bins <= n:
        raise ValueError(f"bins must be between 1 and the number of instances ({n}); got {bins}")
    n_positive = int(is_positive.sum())

    # cumulative positives after k instances, k = 0..n, linear inside a tie group
    _, tp, fp = _counts_above(is_positive, values)
    taken = np.concatenate([[0], tp + fp])
    caught = np.concatenate([[0], tp]).astype(np.float64)
    sizes = np.full(bins, n // bins, dtype=np.int64)
    sizes[: n % bins] += 1
    edges = np.concatenate([[0], np.cumsum(sizes)])
    cumulative = np.interp(edges, taken, caught)
    positives = np.diff(cumulative)
    rounded = np.round(positives)
    if np.allclose(positives, rounded, rtol=0, atol=1e-9):
        positives = rounded.astype(np.int64)
        cumulative = np.concatenate([[0], np.cumsum(positives)])
    share = sizes / n
    gain = positives / n_positive
    cumulative_gain = cumulative[1:] / n_positive
    table = pd.DataFrame(
        {
            "n": sizes,
            "positives": positives,
            "gain": gain,
            "cumulative_gain": cumulative_gain,
            "lift": gain / share,
            "cumulative_lift": cumulative_gain / (edges[1:] / n),
        },
        index=pd.RangeIndex(1, bins + 1, name="bin"),
    )
    return table
