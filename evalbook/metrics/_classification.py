"""Agreement beyond chance: the random classifier's matrix and Cohen's kappa built from it.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (the kappa statistic): a random
classifier that predicts each class with the same proportions as the model (for a
3-class matrix with column shares 60%, 30%, 10%) spreads every row of the target in those
proportions; its matrix is ``row total × column total / n``. Its diagonal is the number of
successes expected by chance, and kappa is the share of the possible extra successes that
the model achieved::

    kappa = (observed − expected successes) / (n − expected successes)

which is Cohen's ``(p_o − p_e) / (1 − p_e)`` (:func:`cohen_kappa`) in counts. The
Matthews correlation coefficient (:func:`mcc`, Matthews 1975), the other chance-corrected
agreement of a confusion matrix, lives here too. Both are computed in whole numbers
(Python ints), exact for any count a :class:`~evalbook.ConfusionMatrix` holds.

Metrics computed from a confusion matrix.

Every function takes a :class:`~evalbook.ConfusionMatrix` or anything its constructor
accepts (a k×k table of counts, rows = target, columns = prediction, positive class
first). The positive class follows the one rule of ``evalbook``'s naming table:
``positive=`` when given (that class against all the others, one-vs-rest); otherwise the
matrix's own ``ConfusionMatrix.positive`` (its first label when the labels
were given in order, 1 of 0/1 labels); a matrix of more than two classes, or one whose
labels were only sorted, raises a ``ValueError`` that asks for ``positive=``. Metrics
that treat both classes alike (accuracy, balanced accuracy, MCC, kappa) need none.

Undefined values
----------------
A ratio whose denominator is 0 (the precision of a model that never predicts the positive
class, say) is undefined. The library's single policy: the metric returns ``nan`` and
emits an :class:`~evalbook.UndefinedMetricWarning` naming the metric and the empty
denominator. ``zero_division=0.0`` (or ``1.0``, or ``nan``) returns that value silently
instead. The only exception is named by its source: the Matthews correlation coefficient
is 0 when a sum in its denominator is 0 (Chicco & Jurman 2020), with the same warning.

:data:`BINARY_METRICS` and :data:`MULTICLASS_METRICS` list the metrics with their formula
and the source they follow; :func:`metrics_table` evaluates them all. One
number under several names is one function: ``tpr`` and ``sensitivity`` are
:func:`recall`, ``tnr`` is :func:`specificity` (:data:`ALIASES`). The MCC and Cohen's
kappa live in :mod:`evalbook.metrics` and are listed here too.

When errors have different prices: per-class recall, average class accuracy and profit.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9: the profit matrix, the profit of
a model, and the average class accuracy, arithmetic and harmonic.

A profit matrix has the same layout as the confusion matrix (rows = target, columns =
prediction, positive class first): ``profit_matrix[i, j]`` is what one instance of class
``labels[i]`` predicted as ``labels[j]`` earns (negative: costs). The profit of a model is
the sum of counts × profits over the cells.
"""

from __future__ import annotations

import math
import warnings
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    UndefinedMetricWarning,
    as_profit_matrix,
    check_choice,
    check_nonempty,
    check_probability,
    check_zero_division,
    fbeta_weight,
    safe_divide,
)
from evalbook._core.render import term
from evalbook._core.results import result
from evalbook.metrics._confusion import ConfusionMatrix, as_confusion_matrix

__all__ = [
    "BINARY_METRICS",
    "MEANS",
    "MULTICLASS_METRICS",
    "KappaBreakdown",
    "accuracy",
    "average_class_accuracy",
    "balanced_accuracy",
    "cohen_kappa",
    "detection_prevalence",
    "detection_rate",
    "efficiency",
    "error_rate",
    "expected_confusion",
    "f1",
    "fbeta",
    "fnr",
    "fpr",
    "kappa_breakdown",
    "mcc",
    "metrics_table",
    "npv",
    "per_class_recall",
    "ppv",
    "precision",
    "prevalence",
    "profit",
    "recall",
    "sensitivity",
    "specificity",
    "tnr",
    "tpr",
]


# ====================================================================== agreement


#: Why :func:`expected_confusion` and :func:`kappa_breakdown` refuse an empty matrix.
RANDOM_NEEDS = (
    "the random classifier keeps the model's class proportions, which are undefined for an "
    "empty matrix"
)


def mcc(cm, *, positive=None) -> float:
    """Matthews correlation coefficient (the phi coefficient), in [−1, 1].

    Matthews (1975): ``(TP·TN − FP·FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))``. It is not
    Cohen's kappa (see :func:`cohen_kappa`). For k classes, Gorodkin's generalisation (the one
    ``sklearn.metrics.matthews_corrcoef`` computes)::

        (n·Σ C_kk − Σ p_k·t_k) / sqrt((n² − Σ p_k²)(n² − Σ t_k²))

    with t_k the row (target) and p_k the column (prediction) totals; with ``positive=``,
    the binary MCC of that class against the rest.

    When a sum in the denominator is 0 the MCC is 0 (the denominator is taken as 1, the
    convention Chicco & Jurman (2020) describe), also scikit-learn's; an
    :class:`~evalbook.UndefinedMetricWarning` says so.

    References
    ----------
    B. W. Matthews, "Comparison of the predicted and observed secondary structure of T4
    phage lysozyme", Biochimica et Biophysica Acta 405(2):442-451, 1975. J. Gorodkin,
    "Comparing two K-category assignments by a K-category correlation coefficient",
    Computational Biology and Chemistry 28(5-6):367-374, 2004. D. Chicco and G. Jurman,
    "The advantages of the Matthews correlation coefficient (MCC) over F1 score and
    accuracy in binary classification evaluation", BMC Genomics 21:6, 2020.

    Examples
    --------
    >>> round(mcc([[6, 3], [2, 9]]), 4)
    0.4924
    """
    cm = as_confusion_matrix(cm)
    if positive is not None:
        cm = cm.one_vs_rest(positive)
    # in whole numbers (Python ints: exact for any count), then one rounding at the end
    n, t, p = cm.n, _ints(cm.target_totals), _ints(cm.prediction_totals)
    numerator = n * cm.n_correct - _dot(p, t)
    first, second = n * n - _dot(p, p), n * n - _dot(t, t)
    if first == 0 or second == 0:
        warnings.warn(
            "MCC has a zero sum in its denominator (one class is never the target or never "
            "predicted); returning 0, the usual convention for a zero denominator",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return 0.0
    # the square root of an exact ratio of whole numbers: two roundings in all
    return math.copysign(math.sqrt(numerator * numerator / (first * second)), numerator)


def _ints(values) -> list[int]:
    return [int(v) for v in values]


def _dot(first: list[int], second: list[int]) -> int:
    return sum(a * b for a, b in zip(first, second, strict=True))


def cohen_kappa(cm, *, weights=None, zero_division="warn") -> float:
    """Cohen's kappa: (p_o − p_e) / (1 − p_e), agreement corrected for chance.

    Cohen (1960); Witten et al. (2017), ch. 5: p_o is the accuracy and p_e the accuracy
    expected of a random classifier that keeps the predicted class proportions,
    ``Σ t_k·p_k / n²``. Equivalently, (observed − expected successes) / (n − expected
    successes): 58 / 118 = 49.2% for the 3-class matrix below. Any number of classes.
    Undefined when p_e = 1 (every target and prediction is one and the same class).

    With ``weights``, the weighted kappa of Cohen (1968) for ordered classes (the matrix's
    label order): a disagreement between classes i and j weighs w_ij = |i − j|
    (``"linear"``) or (i − j)² (``"quadratic"``), and κ_w = 1 − Σ w·observed / Σ w·expected,
    with the expected counts of the random classifier above; as
    ``sklearn.metrics.cohen_kappa_score(weights=)``. With two classes every weighting
    gives the plain kappa.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are one rater (the target), columns the other (the prediction).
    weights : {"linear", "quadratic"}, optional
        Weigh the disagreements by their distance in the label order; None counts every
        disagreement alike.
    zero_division : "warn" or float, default "warn"
        What to return where kappa is 0/0.

    References
    ----------
    J. Cohen, "A coefficient of agreement for nominal scales", Educational and
    Psychological Measurement 20(1):37-46, 1960. I. H. Witten, E. Frank, M. A. Hall and
    C. J. Pal, *Data Mining: Practical Machine Learning Tools and Techniques*, 4th ed.,
    Morgan Kaufmann, 2017, ch. 5.

    Examples
    --------
    >>> round(cohen_kappa([[88, 10, 2], [14, 40, 6], [18, 10, 12]]), 4)
    0.4915
    >>> round(cohen_kappa([[88, 10, 2], [14, 40, 6], [18, 10, 12]], weights="linear"), 4)
    0.4737
    """
    cm = as_confusion_matrix(cm)
    if weights is None:
        return _kappa(cm, zero_division, "Cohen's kappa")
    check_choice(weights, "weights", KAPPA_WEIGHTS)
    rows, columns = np.indices((cm.n_classes,) * 2)
    distance = np.abs(rows - columns)
    w = distance if weights == "linear" else distance**2
    # whole numbers: n·Σ w·observed against Σ w·(row total × column total) = n·Σ w·expected
    observed = int(np.sum(w * cm.counts)) * cm.n
    expected = sum(
        int(w[i, j]) * int(cm.target_totals[i]) * int(cm.prediction_totals[j])
        for i in range(cm.n_classes)
        for j in range(cm.n_classes)
    )
    return safe_divide(
        expected - observed,
        expected,
        zero_division=zero_division,
        metric="weighted kappa",
        why="the chance disagreement is 0, or n = 0",
        stacklevel=3,  # safe_divide < public function < caller
    )


#: The weightings of :func:`cohen_kappa`, as ``sklearn.metrics.cohen_kappa_score(weights=)``.
KAPPA_WEIGHTS = ("linear", "quadratic")


def _kappa(cm: ConfusionMatrix, zero_division, metric: str) -> float:
    """Kappa as (n·observed − Σ t_k·p_k) / (n² − Σ t_k·p_k): whole numbers, one rounding."""
    n = cm.n
    chance = _dot(_ints(cm.target_totals), _ints(cm.prediction_totals))  # n × expected
    return safe_divide(
        n * cm.n_correct - chance,
        n * n - chance,
        zero_division=zero_division,
        metric=metric,
        why="the chance agreement is already perfect, or n = 0",
        stacklevel=4,  # safe_divide < _kappa < public function < caller
    )


def expected_confusion(cm):
    """The confusion matrix expected of a random classifier with the model's proportions.

    Witten et al. (2017), ch. 5 (the kappa statistic): the random classifier predicts
    each class in the proportions the model does (column totals / n) and classifies each
    row (each actual class) in those proportions, so cell (i, j) is
    ``row total_i × column total_j / n``. For the matrix below its rows are 60/30/10,
    36/18/6 and 24/12/4, and its diagonal sums to 82 expected successes.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction. Must hold at least one instance.

    Returns
    -------
    pandas.DataFrame
        Float counts (they need not be whole numbers), index ``target`` and columns
        ``prediction`` named by the class labels; same row and column totals as ``cm``.

    Raises
    ------
    ValueError
        If the matrix is empty (n = 0).

    Examples
    --------
    >>> expected_confusion([[88, 10, 2], [14, 40, 6], [18, 10, 12]]).to_numpy()
    array([[60., 30., 10.],
           [36., 18.,  6.],
           [24., 12.,  4.]])
    """
    import pandas as pd

    cm = check_nonempty(as_confusion_matrix(cm), RANDOM_NEEDS)
    totals = [np.asarray(v, dtype=float) for v in (cm.target_totals, cm.prediction_totals)]
    expected = np.outer(*totals) / float(cm.n)
    from evalbook._core.tables import DisplayFrame  # shown in the display language

    return DisplayFrame(
        expected,
        index=pd.Index(cm.labels, name="target"),
        columns=pd.Index(cm.labels, name="prediction"),
    )


@result
class KappaBreakdown(NamedTuple):
    """Cohen's kappa in counts, step by step (see :func:`kappa_breakdown`).

    Attributes
    ----------
    n : int
        Number of instances.
    observed : int
        Successes of the model (the diagonal of its matrix).
    expected : float
        Successes expected of the random classifier (the diagonal of
        :func:`expected_confusion`).
    extra : float
        ``observed − expected``: successes beyond chance (negative when the model does
        worse than chance).
    max_extra : float
        ``n − expected``: the most extra successes any model could have.
    kappa : float
        ``extra / max_extra`` (nan when ``max_extra`` is 0).
    """

    n: int
    observed: int
    expected: float
    extra: float
    max_extra: float
    kappa: float

    def __str__(self) -> str:
        rows = [
            (term("observed"), f"{self.observed}"),
            (term("expected"), f"{self.expected:g}"),
            (term("extra"), f"{self.extra:g}"),
            (term("max_extra"), f"{self.n} − {self.expected:g} = {self.max_extra:g}"),
            ("kappa", f"{self.extra:g} / {self.max_extra:g} = {self.kappa:.4f}"),
        ]
        width = max(len(label) for label, _ in rows)
        return "\n".join(f"{label:<{width}} = {value}" for label, value in rows)


def kappa_breakdown(cm, *, zero_division="warn") -> KappaBreakdown:
    """Cohen's kappa computed in counts, keeping every intermediate count.

    Witten et al. (2017), ch. 5: the successes expected of the random classifier (for the
    matrix of the example, 60 + 18 + 4 = 82), the extra successes of the model
    (88 + 40 + 12 − 82 = 58), the most extra successes possible (200 − 82 = 118), and
    kappa = 58 / 118 = 49.2%. The result's ``kappa`` equals
    :func:`evalbook.cohen_kappa`. Its maximum is 1 (only the diagonal is non-zero); it is
    0 when the model has exactly the chance successes and negative below that, down to −1.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction. Must hold at least one instance.
    zero_division : "warn" or float, default "warn"
        Kappa when ``n − expected`` is 0 (target and prediction are always one and the same
        class); ``"warn"`` gives nan with an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    KappaBreakdown

    Examples
    --------
    >>> b = kappa_breakdown([[88, 10, 2], [14, 40, 6], [18, 10, 12]])
    >>> b.observed, b.expected, b.extra, b.max_extra, round(b.kappa, 3)
    (140, 82.0, 58.0, 118.0, 0.492)
    """
    cm = check_nonempty(as_confusion_matrix(cm), RANDOM_NEEDS)
    n = cm.n
    observed = cm.n_correct
    expected = _dot(_ints(cm.target_totals), _ints(cm.prediction_totals)) / n
    extra = observed - expected
    max_extra = n - expected
    kappa = _kappa(cm, zero_division, "kappa")
    return KappaBreakdown(n, observed, expected, extra, max_extra, kappa)


# ====================================================================== classification


def _binary_counts(cm, positive, metric: str) -> tuple[int, int, int, int]:
    """(TP, FN, FP, TN) of a 2×2 matrix, or of ``positive`` against the rest."""
    cm = as_confusion_matrix(cm)
    if positive is not None:
        cm = cm.one_vs_rest(positive)
    elif cm.n_classes != 2:
        k = cm.n_classes
        raise ValueError(
            f"{metric} is a binary metric and this confusion matrix has {k} "
            f"class{'es' if k != 1 else ''} {cm.labels!r}; pass positive=... to treat one class "
            "as positive and the rest as negative (one-vs-rest)"
            + ("" if k > 2 else ", or build the matrix with labels= listing both classes")
        )
    elif cm.positive is None:
        raise ValueError(
            f"{metric} needs the positive class, and this matrix's labels {cm.labels!r} were "
            "sorted, not given in order: pass positive=... or count the matrix with "
            "labels=[positive, negative] (the rule of the positive class: see evalbook)"
        )
    c = cm.counts
    return int(c[0, 0]), int(c[0, 1]), int(c[1, 0]), int(c[1, 1])


#: The public name of the check above, for the intervals of :mod:`evalbook.inference`.
binary_counts = _binary_counts


# ---------------------------------------------------------------------- overall rates
def accuracy(cm, *, zero_division="warn") -> float:
    """Share of the predictions that are correct: (TP + TN) / n, or trace / n.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9; called the success rate in Witten et al. (2017),
    ch. 5. Works for any number of classes.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    zero_division : "warn" or float, default "warn"
        Value returned for an empty matrix (n = 0); ``"warn"`` returns nan with a warning.

    Examples
    --------
    >>> accuracy([[6, 3], [2, 9]])
    0.75
    >>> accuracy([[88, 10, 2], [14, 40, 6], [18, 10, 12]])
    0.7
    """
    cm = as_confusion_matrix(cm)
    return safe_divide(
        cm.n_correct, cm.n, zero_division=zero_division, metric="accuracy", why="n = 0"
    )


def error_rate(cm, *, zero_division="warn") -> float:
    """Share of the predictions that are wrong: (FP + FN) / n = 1 − accuracy.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Witten et al. (2017), ch. 5. Any number of
    classes.

    Examples
    --------
    >>> error_rate([[6, 3], [2, 9]])
    0.25
    """
    cm = as_confusion_matrix(cm)
    return safe_divide(
        cm.n - cm.n_correct, cm.n, zero_division=zero_division, metric="error rate", why="n = 0"
    )


# ---------------------------------------------------------------------- rates by row
def recall(cm, *, positive=None, zero_division="warn") -> float:
    """Share of the actual positives that the model found: TP / (TP + FN).

    One number under three names: recall and the true positive rate (Kelleher, Mac Namee &
    D'Arcy (2020), ch. 9), :func:`tpr`; and the sensitivity (Altman & Bland 1994; caret's name),
    :func:`sensitivity`. The three names are one function.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction; the first class is positive.
    positive : optional
        The class treated as positive (one-vs-rest); without it, the matrix's own
        positive class (the rule of the positive class: ``help(evalbook)``).
    zero_division : "warn" or float, default "warn"
        Value when there are no actual positives; ``"warn"``: nan and a warning.

    References
    ----------
    D. G. Altman and J. M. Bland, "Diagnostic tests 1: sensitivity and specificity", BMJ
    308:1552, 1994.

    Examples
    --------
    >>> recall([[6, 3], [2, 9]])
    0.6666666666666666
    >>> tpr is recall and sensitivity is recall
    True
    """
    tp, fn, _, _ = _binary_counts(cm, positive, "recall")
    return safe_divide(
        tp, tp + fn, zero_division=zero_division, metric="recall", why="no actual positives"
    )


#: The true positive rate and the sensitivity: :func:`recall`.
tpr = recall
sensitivity = recall


def fnr(cm, *, positive=None, zero_division="warn") -> float:
    """False negative rate: FN / (TP + FN) = 1 − TPR, the share of positives missed.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. Same parameters as :func:`recall`.

    Examples
    --------
    >>> round(fnr([[6, 3], [2, 9]]), 3)
    0.333
    """
    tp, fn, _, _ = _binary_counts(cm, positive, "fnr")
    return safe_divide(
        fn, tp + fn, zero_division=zero_division, metric="FNR", why="no actual positives"
    )


def specificity(cm, *, positive=None, zero_division="warn") -> float:
    """Specificity: TN / (TN + FP), the share of actual negatives recognised.

    Altman & Bland (1994); caret's name. Also called the true negative rate
    (Kelleher, Mac Namee & D'Arcy (2020), ch. 9): :func:`tnr` is this
    same function. Same parameters as :func:`recall`.

    References
    ----------
    D. G. Altman and J. M. Bland, "Diagnostic tests 1: sensitivity and specificity", BMJ
    308:1552, 1994.

    Examples
    --------
    >>> specificity([[6, 3], [2, 9]])
    0.8181818181818182
    >>> tnr is specificity
    True
    """
    _, _, fp, tn = _binary_counts(cm, positive, "specificity")
    return safe_divide(
        tn, tn + fp, zero_division=zero_division, metric="specificity", why="no actual negatives"
    )


#: The true negative rate: :func:`specificity`.
tnr = specificity


def fpr(cm, *, positive=None, zero_division="warn") -> float:
    """False positive rate: FP / (TN + FP) = 1 − TNR, the share of negatives flagged.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. Same parameters as
    :func:`recall`.

    Examples
    --------
    >>> round(fpr([[6, 3], [2, 9]]), 3)
    0.182
    """
    _, _, fp, tn = _binary_counts(cm, positive, "fpr")
    return safe_divide(
        fp, tn + fp, zero_division=zero_division, metric="FPR", why="no actual negatives"
    )


# ---------------------------------------------------------------------- rates by column
def precision(cm, *, positive=None, zero_division="warn") -> float:
    """Share of the positive predictions that are right: TP / (TP + FP).

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. The same number as :func:`ppv`
    without ``prevalence``. Same parameters as :func:`recall`; undefined when nothing is
    predicted positive.

    Examples
    --------
    >>> precision([[6, 3], [2, 9]])
    0.75
    """
    tp, _, fp, _ = _binary_counts(cm, positive, "precision")
    return safe_divide(
        tp,
        tp + fp,
        zero_division=zero_division,
        metric="precision",
        why="nothing predicted positive",
    )


def ppv(cm, *, prevalence=None, positive=None, zero_division="warn") -> float:
    """Positive predictive value: TP / (TP + FP), or its Bayes form for another prevalence.

    Altman & Bland (1994); the documentation of R's ``caret::confusionMatrix`` (Kuhn 2008)::

        PPV = sens · prev / (sens · prev + (1 − spec) · (1 − prev))

    With ``prevalence=None`` the matrix's own prevalence is used, and the Bayes form
    reduces to TP / (TP + FP). Giving ``prevalence`` answers "what would the precision be
    where the positive class is this common?" (caret's ``prevalence`` argument).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    prevalence : float in [0, 1], optional
        Share of positives in the population the model will be used on.
    positive : optional
        The class treated as positive (one-vs-rest); without it, the matrix's own
        positive class (the rule of the positive class: ``help(evalbook)``).
    zero_division : "warn" or float, default "warn"

    References
    ----------
    D. G. Altman and J. M. Bland, "Diagnostic tests 2: predictive values", BMJ 309:102,
    1994.
    M. Kuhn, "Building predictive models in R using the caret package", Journal of
    Statistical Software 28(5):1-26, 2008; the documentation of ``caret::confusionMatrix``.

    Examples
    --------
    >>> ppv([[6, 3], [2, 9]])
    0.75
    >>> round(ppv([[6, 3], [2, 9]], prevalence=0.01), 4)
    0.0357
    """
    return _predictive_value(cm, positive, prevalence, zero_division, "PPV", predicted="positive")


def npv(cm, *, prevalence=None, positive=None, zero_division="warn") -> float:
    """Negative predictive value: TN / (TN + FN), or its Bayes form for another prevalence.

    Altman & Bland (1994); the documentation of R's ``caret::confusionMatrix`` (Kuhn 2008). With
    ``prevalence``, caret's form ``spec · (1 − prev) / ((1 − sens) · prev + spec · (1 − prev))``.
    Same parameters as :func:`ppv`; undefined when nothing is predicted negative.

    References
    ----------
    D. G. Altman and J. M. Bland, "Diagnostic tests 2: predictive values", BMJ 309:102,
    1994.
    M. Kuhn, "Building predictive models in R using the caret package", Journal of
    Statistical Software 28(5):1-26, 2008; the documentation of ``caret::confusionMatrix``.

    Examples
    --------
    >>> npv([[6, 3], [2, 9]])
    0.75
    """
    return _predictive_value(cm, positive, prevalence, zero_division, "NPV", predicted="negative")


def _predictive_value(
    cm, positive, prevalence, zero_division, metric: str, *, predicted: str
) -> float:
    """PPV (``predicted="positive"``) or NPV: the share of the ``predicted`` predictions that
    are right, in the matrix or (``prevalence`` given) at another prevalence by Bayes' rule
    from the sensitivity and the specificity. Warnings point at the caller of ppv/npv."""
    tp, fn, fp, tn = _binary_counts(cm, positive, metric.lower())

    def rate(hits, total, why: str) -> float:  # safe_divide < rate < here < ppv/npv < caller
        return safe_divide(
            hits, total, zero_division=zero_division, metric=metric, why=why, stacklevel=5
        )

    if prevalence is None:
        hits, wrong = (tp, fp) if predicted == "positive" else (tn, fn)
        return rate(hits, hits + wrong, f"nothing predicted {predicted}")
    prevalence = check_probability(prevalence, "prevalence")
    sens = rate(tp, tp + fn, "no actual positives")
    spec = rate(tn, tn + fp, "no actual negatives")
    if predicted == "positive":
        hits, misses = sens * prevalence, (1 - spec) * (1 - prevalence)
    else:
        hits, misses = spec * (1 - prevalence), (1 - sens) * prevalence
    return rate(hits, hits + misses, f"no expected {predicted} predictions at this prevalence")


# ---------------------------------------------------------------------- combinations
def fbeta(cm, *, beta=1.0, positive=None, zero_division="warn") -> float:
    """F-beta: (1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP).

    The weighted harmonic mean of precision and recall; β > 1 weighs recall more. With
    β = 1 it is :func:`f1`; as β grows it tends to the recall, as β shrinks to the
    precision (both limits are reached in floating point, never a nan). Written in
    counts, 2·TP / (2·TP + FP + FN), it is defined whenever TP + FN + FP > 0, even
    where precision is not.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    beta : float > 0, default 1.0
    positive : optional
        The class treated as positive (one-vs-rest); without it, the matrix's own
        positive class (the rule of the positive class: ``help(evalbook)``).
    zero_division : "warn" or float, default "warn"
        Value when TP = FN = FP = 0.

    Examples
    --------
    >>> round(fbeta([[6, 3], [2, 9]], beta=2), 4)
    0.6818
    """
    w = fbeta_weight(beta)  # finite for any β: the recall (β → ∞), the precision (β → 0)
    tp, fn, fp, _ = _binary_counts(cm, positive, "fbeta")
    return safe_divide(
        tp,
        tp + w * fn + (1.0 - w) * fp,
        zero_division=zero_division,
        metric="F-beta",
        why="TP = FN = FP = 0",
    )


def f1(cm, *, positive=None, zero_division="warn") -> float:
    """F1: 2·precision·recall / (precision + recall) = 2·TP / (2·TP + FP + FN).

    van Rijsbergen (1979); Kelleher, Mac Namee & D'Arcy (2020), ch. 9. It always lies between
    precision and recall. Same parameters as :func:`recall`; undefined only when
    TP = FN = FP = 0.

    References
    ----------
    C. J. van Rijsbergen, *Information Retrieval*, 2nd ed., Butterworths, 1979, ch. 7.

    Examples
    --------
    >>> round(f1([[6, 3], [2, 9]]), 3)
    0.706
    """
    tp, fn, fp, _ = _binary_counts(cm, positive, "f1")
    return safe_divide(
        2 * tp, 2 * tp + fp + fn, zero_division=zero_division, metric="F1", why="TP = FN = FP = 0"
    )


def _class_recalls(cm: ConfusionMatrix, zero_division, metric: str) -> np.ndarray:
    """The recall of every class (diagonal / row total), 0/0 following the library's policy.

    ``metric`` names the public function in the warning; the warning points at the caller
    of that function.
    """
    rows = cm.target_totals
    values = []
    for i, label in enumerate(cm.labels):
        values.append(
            safe_divide(
                int(cm.counts[i, i]),
                int(rows[i]),
                zero_division=zero_division,
                metric=f"{metric} (recall of class {label!r})",
                why="no actual instances of that class",
                stacklevel=4,  # safe_divide < _class_recalls < public function < caller
            )
        )
    return np.array(values, dtype=float)


def per_class_recall(cm, *, zero_division="warn"):
    """The recall of each class: its diagonal cell over its row total.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (instances of the class classified correctly over
    all instances of the class): the recalls that :func:`average_class_accuracy` averages.
    Works for any number of classes; for two classes it is (sensitivity, specificity).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    zero_division : "warn" or float, default "warn"
        Value for a class with no actual instances (an empty row); ``"warn"`` gives nan
        and an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    pandas.Series
        Indexed by the class labels (in the matrix's order), named ``"recall"``.

    Examples
    --------
    >>> per_class_recall([[43, 17], [3, 37]]).round(4).to_dict()
    {'positive': 0.7167, 'negative': 0.925}
    """
    import pandas as pd

    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    values = _class_recalls(cm, zero_division, "per-class recall")
    from evalbook._core.tables import DisplaySeries  # shown in the display language

    return DisplaySeries(values, index=pd.Index(cm.labels, name="class"), name="recall")


def balanced_accuracy(cm, *, positive=None, zero_division="warn") -> float:
    """Balanced accuracy: (sensitivity + specificity) / 2, the mean recall of the classes.

    The documentation of R's ``caret::confusionMatrix`` (Kuhn 2008). For two classes it is the
    mean of sensitivity and specificity; for k classes the mean of the k per-class recalls (as
    ``sklearn.metrics.balanced_accuracy_score``); with ``positive=``, the (sensitivity +
    specificity) / 2 of that class against the rest (caret's by-class value). A class with no
    actual instances makes it undefined (nan and a warning, or ``zero_division``).

    References
    ----------
    M. Kuhn, "Building predictive models in R using the caret package", Journal of
    Statistical Software 28(5):1-26, 2008; the documentation of ``caret::confusionMatrix``.
    K. H. Brodersen, C. S. Ong, K. E. Stephan and J. M. Buhmann, "The balanced accuracy and
    its posterior distribution", ICPR 2010.

    Examples
    --------
    >>> round(balanced_accuracy([[6, 3], [2, 9]]), 4)
    0.7424
    """
    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    if positive is not None:
        cm = cm.one_vs_rest(positive)
    return float(np.mean(_class_recalls(cm, zero_division, "balanced accuracy")))


def efficiency(cm, *, positive=None, zero_division="warn") -> float:
    """Efficiency: (sensitivity + specificity) / 2.

    The mean of sensitivity and specificity, which the documentation of R's
    ``caret::confusionMatrix`` (Kuhn 2008) calls balanced accuracy: the same number as
    binary :func:`balanced_accuracy`.
    Same parameters as :func:`recall`.

    Examples
    --------
    >>> round(efficiency([[6, 3], [2, 9]]), 4)
    0.7424
    """
    tp, fn, fp, tn = _binary_counts(cm, positive, "efficiency")
    sens = safe_divide(
        tp, tp + fn, zero_division=zero_division, metric="efficiency", why="no actual positives"
    )
    spec = safe_divide(
        tn, tn + fp, zero_division=zero_division, metric="efficiency", why="no actual negatives"
    )
    return (sens + spec) / 2


def prevalence(cm, *, positive=None, zero_division="warn") -> float:
    """Prevalence: (TP + FN) / n, the share of actual positives.

    The documentation of R's ``caret::confusionMatrix`` (Kuhn 2008). Same parameters as
    :func:`recall`.

    Examples
    --------
    >>> prevalence([[6, 3], [2, 9]])
    0.45
    """
    tp, fn, fp, tn = _binary_counts(cm, positive, "prevalence")
    return safe_divide(
        tp + fn, tp + fn + fp + tn, zero_division=zero_division, metric="prevalence", why="n = 0"
    )


def detection_rate(cm, *, positive=None, zero_division="warn") -> float:
    """Detection rate: TP / n, the share of all instances that are found positives.

    The documentation of R's ``caret::confusionMatrix`` (Kuhn 2008). Same parameters as
    :func:`recall`.

    Examples
    --------
    >>> detection_rate([[6, 3], [2, 9]])
    0.3
    """
    tp, fn, fp, tn = _binary_counts(cm, positive, "detection_rate")
    return safe_divide(
        tp, tp + fn + fp + tn, zero_division=zero_division, metric="detection rate", why="n = 0"
    )


def detection_prevalence(cm, *, positive=None, zero_division="warn") -> float:
    """Detection prevalence: (TP + FP) / n, the share of instances predicted positive.

    The documentation of R's ``caret::confusionMatrix`` (Kuhn 2008). Same parameters as
    :func:`recall`.

    Examples
    --------
    >>> detection_prevalence([[6, 3], [2, 9]])
    0.4
    """
    tp, fn, fp, tn = _binary_counts(cm, positive, "detection_prevalence")
    return safe_divide(
        tp + fp,
        tp + fn + fp + tn,
        zero_division=zero_division,
        metric="detection prevalence",
        why="n = 0",
    )


# ---------------------------------------------------------------------- registry
#: Binary metrics: name -> (function, formula, source). Each takes ``positive=`` and
#: ``zero_division=`` (except mcc, see its docstring).
BINARY_METRICS = {
    "tpr": (tpr, "TP / (TP + FN)", "Kelleher et al. (2020), ch. 9"),
    "tnr": (tnr, "TN / (TN + FP)", "Kelleher et al. (2020), ch. 9"),
    "fpr": (fpr, "FP / (TN + FP)", "Kelleher et al. (2020), ch. 9"),
    "fnr": (fnr, "FN / (TP + FN)", "Kelleher et al. (2020), ch. 9"),
    "precision": (precision, "TP / (TP + FP)", "Kelleher et al. (2020), ch. 9"),
    "recall": (recall, "TP / (TP + FN)", "Kelleher et al. (2020), ch. 9"),
    "f1": (f1, "2·TP / (2·TP + FP + FN)", "van Rijsbergen (1979); Kelleher et al. (2020), ch. 9"),
    "sensitivity": (sensitivity, "TP / (TP + FN)", "Altman & Bland (1994); caret (Kuhn 2008)"),
    "specificity": (specificity, "TN / (TN + FP)", "Altman & Bland (1994); caret (Kuhn 2008)"),
    "ppv": (ppv, "TP / (TP + FP)", "Altman & Bland (1994); caret (Kuhn 2008)"),
    "npv": (npv, "TN / (TN + FN)", "Altman & Bland (1994); caret (Kuhn 2008)"),
    "efficiency": (efficiency, "(sens + spec) / 2", "caret (Kuhn 2008), balanced accuracy"),
    "prevalence": (prevalence, "(TP + FN) / n", "caret (Kuhn 2008)"),
    "detection_rate": (detection_rate, "TP / n", "caret (Kuhn 2008)"),
    "detection_prevalence": (detection_prevalence, "(TP + FP) / n", "caret (Kuhn 2008)"),
}

#: Registry names that are another name of one function: alias -> the function's name.
ALIASES = {"tpr": "recall", "sensitivity": "recall", "tnr": "specificity"}

#: Metrics defined for any number of classes: name -> (function, formula, source).
MULTICLASS_METRICS = {
    "accuracy": (accuracy, "(TP + TN) / n", "Kelleher et al. (2020), ch. 9"),
    "error_rate": (error_rate, "(FP + FN) / n", "Kelleher et al. (2020), ch. 9"),
    "balanced_accuracy": (balanced_accuracy, "(sens + spec) / 2", "caret (Kuhn 2008)"),
    "mcc": (mcc, "(TP·TN − FP·FN) / √(…)", "Matthews (1975); Chicco & Jurman (2020)"),
    "cohen_kappa": (cohen_kappa, "(p_o − p_e) / (1 − p_e)", "Cohen (1960)"),
}


def metrics_table(cm, *, positive=None, zero_division="warn"):
    """Every metric of this module for one matrix, as a DataFrame.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    positive : optional
        For a multiclass matrix, the class treated as positive by the binary metrics.
        Without it, a multiclass matrix gets only the multiclass metrics.
    zero_division : "warn" or float, default "warn"

    Returns
    -------
    pandas.DataFrame
        Indexed by metric name, with columns ``value``, ``formula`` and ``source``; in a
        notebook it shows in the display language (:func:`evalbook.set_config`).

    Examples
    --------
    >>> table = metrics_table([[6, 3], [2, 9]])
    >>> round(float(table.loc["f1", "value"]), 3), table.loc["f1", "source"]
    (0.706, 'van Rijsbergen (1979); Kelleher et al. (2020), ch. 9')
    """
    import pandas as pd

    cm = as_confusion_matrix(cm)
    rows = {}
    for name, (function, formula, source) in MULTICLASS_METRICS.items():
        options = {} if name == "mcc" else {"zero_division": zero_division}
        if name in ("mcc", "balanced_accuracy"):
            options["positive"] = positive
        rows[name] = (function(cm, **options), formula, source)
    if positive is not None or cm.n_classes == 2:
        for name, (function, formula, source) in BINARY_METRICS.items():
            value = function(cm, positive=positive, zero_division=zero_division)
            rows[name] = (value, formula, source)
    from evalbook._core.tables import MetricsTable  # displayed in the display language

    frame = pd.DataFrame.from_dict(rows, orient="index", columns=["value", "formula", "source"])
    frame.index.name = "metric"
    return MetricsTable(frame)


# ====================================================================== cost


#: Accepted values of ``average`` in :func:`average_class_accuracy`: which mean of the recalls.
MEANS = ("arithmetic", "harmonic")


def average_class_accuracy(cm, *, average="arithmetic", zero_division="warn") -> float:
    """The average of the per-class recalls: arithmetic (eq. (7)) or harmonic (eq. (9)).

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (average class accuracy)::

        arithmetic:  (1/k) Σ recall_l
        harmonic:    1 / ((1/k) Σ 1/recall_l)

    The arithmetic average is the balanced accuracy (:func:`balanced_accuracy`, for two
    classes). The harmonic average is pulled towards the worst class: it is 0 as soon as one
    class has recall 0 (the limit of the formula; no division by zero is reported).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    average : {"arithmetic", "harmonic"}, default "arithmetic"
    zero_division : "warn" or float, default "warn"
        Recall used for a class with no actual instances; ``"warn"`` makes the result nan
        with an :class:`~evalbook.UndefinedMetricWarning`.

    Returns
    -------
    float

    Examples
    --------
    >>> round(average_class_accuracy([[43, 17], [3, 37]], average="harmonic"), 5)
    0.80761
    >>> round(average_class_accuracy([[57, 3], [10, 30]], average="harmonic"), 5)
    0.83824
    >>> round(average_class_accuracy([[57, 3], [10, 30]]), 5)
    0.85
    >>> average_class_accuracy([[98, 0], [2, 0]], average="harmonic")
    0.0
    """
    check_choice(average, "average", MEANS)
    check_zero_division(zero_division)
    cm = as_confusion_matrix(cm)
    warn = zero_division == "warn"
    recalls = per_class_recall(cm, zero_division=math.nan if warn else zero_division)
    if recalls.isna().any():
        if warn:  # the library's 0/0 policy, for the first empty class
            label = cm.labels[int(np.flatnonzero(recalls.isna())[0])]
            return safe_divide(
                0,
                0,
                metric=f"average class accuracy (recall of class {label!r})",
                why="no actual instances of that class",
            )
        return math.nan
    recalls = recalls.to_numpy()
    if average == "arithmetic":
        return float(recalls.mean())
    if np.any(recalls == 0):
        return 0.0
    return float(1.0 / np.mean(1.0 / recalls))


def profit(cm, profit_matrix) -> float:
    """The total profit of a model: Σ counts × profits over the cells of the matrix.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (profit matrices). A model with the higher
    average class accuracy can earn less: in the example, with TP = 140, FN = −140,
    FP = −700 and TN = 0, the first matrix earns 1 540 and the second 560, although the
    second has the higher average class accuracy.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction.
    profit_matrix : array-like of shape (k, k) or pandas.DataFrame
        The profit (negative: cost) of one instance in each cell, in the same orientation
        as ``cm``: ``profit_matrix[i][j]`` is for target ``labels[i]`` predicted as
        ``labels[j]``. A DataFrame whose index and columns name the classes is aligned by
        label (its classes must be those of ``cm``).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the shapes differ, a DataFrame names other classes, or a profit is not finite.
    TypeError
        If ``profit_matrix`` is not a table of numbers (text, such as ``"1"``, and
        booleans are refused, not converted).

    Examples
    --------
    >>> gains = [[140, -140], [-700, 0]]
    >>> profit([[43, 17], [3, 37]], gains), profit([[57, 3], [10, 30]], gains)
    (1540.0, 560.0)
    """
    cm = as_confusion_matrix(cm)
    array = as_profit_matrix(profit_matrix, cm)
    return float(np.sum(cm.counts * array))
