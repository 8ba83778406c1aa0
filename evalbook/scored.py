"""Scores checked once and sorted once: the value behind every metric on scores.

Handout 000, eq. (11): a score becomes a prediction at a threshold t (score ≥ t →
positive). :class:`ScoredData` holds the labels and scores of one model, validated and
sorted once, with the cumulative counts of positives and negatives above every distinct
score; :func:`evalbook.roc_curve`, :func:`evalbook.roc_auc`, :func:`evalbook.ks_statistic`,
:func:`evalbook.gain_lift`, the score plots and the threshold explorer all read it, so a
slider step neither re-validates the labels nor recounts. Re-exported by
:mod:`evalbook.scores`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from evalbook._checks import (
    as_thresholds,
)
from evalbook._stats import checked_scores

__all__ = ["Counts", "ScoredData", "as_scored_data"]


# ---------------------------------------------------------------------- the scored data
class Counts(NamedTuple):
    """The four cells of the confusion matrix at a threshold (ints, or arrays of ints)."""

    tp: int | np.ndarray
    fn: int | np.ndarray
    fp: int | np.ndarray
    tn: int | np.ndarray


class ScoredData:
    """Labels and scores checked once and sorted once: the counts behind every threshold.

    Handout 000, eq. (11): score ≥ t → positive. Build it from ``(y_true, scores,
    positive=)`` and pass it in place of ``y_true`` (without ``scores`` and ``positive``)
    to :func:`roc_curve`, :func:`roc_auc`, :func:`ks_statistic`, :func:`gain_lift` and the
    score plots (``plot_roc_curve(data)``): none of them checks or sorts the input again.
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
