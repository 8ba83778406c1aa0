"""Precision and recall along the thresholds, average precision, multiclass ROC AUC.

No handout covers these; they follow the primary literature. A model that outputs a score
becomes a classifier once a threshold ``t`` is chosen (score ≥ t → positive, handout 000,
eq. (11)); the functions here describe precision and recall for *every* threshold at once,
the way :func:`evalbook.roc_curve` does for TPR and FPR:

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

from types import MappingProxyType
from typing import NamedTuple

import numpy as np

from evalbook._checks import (
    as_array,
    as_label_array,
    as_number_array,
    check_label,
    check_label_types,
    check_positive_number,
    check_same_length,
    fbeta_weight,
)
from evalbook._results import result
from evalbook.curves import Curve
from evalbook.scored import as_scored_data
from evalbook.scores import roc_auc

__all__ = [
    "MulticlassRocAuc",
    "average_precision",
    "fbeta_curve",
    "multiclass_roc_auc",
    "precision_recall_curve",
]


def _pr_counts(y_true, scores, positive):
    """Distinct thresholds (decreasing), TP and FP at each, and the number of positives."""
    data = as_scored_data(y_true, scores, positive)
    return data.thresholds, data.tp, data.fp, data.n_positive


def precision_recall_curve(y_true, scores=None, *, positive=None) -> Curve:
    """Precision and recall of every threshold, from the highest score to the lowest.

    Each distinct score ``s`` is a threshold (score ≥ s → positive, handout 000, eq. (11))
    and gives one point (recall, precision); tied scores give one point. A first row with
    threshold ``+inf`` (nothing predicted positive) has recall 0 and, by convention,
    precision 1 (its precision is 0/0): the curve starts at the top left, as in
    scikit-learn, and that point is not a measured precision. The same points as
    ``sklearn.metrics.precision_recall_curve`` read backwards (Davis & Goadrich 2006).

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

    F-beta = (1 + β²) P R / (β² P + R) (van Rijsbergen 1979; handout 000 gives F1, β = 1):
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
