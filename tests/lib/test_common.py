"""Invariants of every metric on scores, regression metric and curve, tested once for all.

As scikit-learn's ``test_common.py`` does for its metrics, three registries list what the
library offers, and each invariant is one test over a registry:

- :data:`SCORE_METRICS`: one number from labels and scores (``roc_auc``, ``ks_statistic``,
  ``average_precision``, ``brier_score_loss``, ``expected_calibration_error``);
- :data:`REGRESSION_METRICS`: one number from targets and predictions;
- :data:`CURVES`: named arrays from labels and scores (``roc_curve``,
  ``precision_recall_curve``, ``fbeta_curve``, ``gain_lift``, ``calibration_curve``);
- :data:`TABLE_METRICS`: one number from labels and a table with one column per class
  (``cross_entropy``, ``perplexity``, ``top_k_accuracy``, ``multiclass_roc_auc``).

An entry says how to call the function, its reference implementation where a well-kept
library has one (scikit-learn, scipy), and which invariants hold for it. The invariants:
the input order does not matter (permuting the rows, or a table's columns with their
labels); the labels' encoding does not matter (strings, ints, ±1, booleans, the positive
class being the smaller label) and either class can be the positive one; tied scores are
one step, and a strictly increasing transform of the scores changes nothing for what
depends only on their order; the containers and dtypes (lists, int, float32, float64,
pandas Series and DataFrame) give the same value; and the value agrees with the
reference. The confusion-matrix metrics have their registry in the library
(``BINARY_METRICS``, ``MULTICLASS_METRICS``) and their tests in ``test_classification.py``.

A new metric or curve is one entry here. A curve entry reads its result through
``arrays`` (name -> array), so a change of what the curve functions return is adapted in
:func:`_columns`.
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pytest
from scipy.stats import ecdf, ks_2samp
from sklearn import metrics as skm
from sklearn.calibration import calibration_curve as sk_calibration_curve

from evalbook import (
    ScoredData,
    adjusted_r2,
    average_precision,
    brier_score_loss,
    calibration_curve,
    cross_entropy,
    expected_calibration_error,
    fbeta_curve,
    gain_lift,
    ks_curve,
    ks_statistic,
    mae,
    mape,
    mse,
    multiclass_roc_auc,
    perplexity,
    precision_recall_curve,
    r2,
    rmse,
    roc_auc,
    roc_curve,
    smape,
    sse,
    top_k_accuracy,
)
from evalbook.metrics import _calibration as calibration
from evalbook.metrics import _ranking as precision_recall
from evalbook.metrics import _ranking as scores
from evalbook.metrics import _regression as regression

CASES = 60
SEED = 20260426


# ====================================================================== the registries
@dataclass(frozen=True)
class ScoreMetric:
    """A number from ``(y_true, scores, positive=)``.

    ``call(y, s, positive)`` computes it; ``reference(is_positive, s)`` computes it with
    another library (None: none has it). ``rank_based``: it depends only on the order of
    the scores. ``scored_data``: it also takes a :class:`ScoredData` alone.
    ``symmetric``: the value is the same when the other class is positive and the scores
    are ``1 - s``.
    """

    name: str
    call: Callable
    reference: Callable | None
    rank_based: bool
    scored_data: bool
    symmetric: bool = False


SCORE_METRICS = [
    ScoreMetric(
        "roc_auc",
        lambda y, s, positive: roc_auc(y, s, positive=positive),
        lambda is_positive, s: skm.roc_auc_score(is_positive, s),
        rank_based=True,
        scored_data=True,
        symmetric=True,
    ),
    ScoreMetric(
        "ks_statistic",
        lambda y, s, positive: ks_statistic(y, s, positive=positive).statistic,
        lambda is_positive, s: ks_2samp(s[is_positive], s[~is_positive]).statistic,
        rank_based=True,
        scored_data=True,
        symmetric=True,
    ),
    ScoreMetric(
        "average_precision",
        lambda y, s, positive: average_precision(y, s, positive=positive),
        lambda is_positive, s: skm.average_precision_score(is_positive, s),
        rank_based=True,
        scored_data=True,
    ),
    ScoreMetric(
        "brier_score_loss",
        lambda y, s, positive: brier_score_loss(y, s, positive=positive),
        lambda is_positive, s: skm.brier_score_loss(is_positive, s),
        rank_based=False,
        scored_data=False,
        symmetric=True,
    ),
    ScoreMetric(
        "expected_calibration_error",
        lambda y, s, positive: expected_calibration_error(y, s, positive=positive, bins=5),
        None,  # scikit-learn has the curve, not the ECE (test_calibration.py loops over bins)
        rank_based=False,
        scored_data=False,
    ),
]


@dataclass(frozen=True)
class RegressionMetric:
    """A number from ``(t, y)``: targets and predictions.

    ``reference(t, y)`` computes it with scikit-learn or, where it has none, the formula
    written out. ``power``: scaling both by c scales the value by c**power (0: scale-free).
    ``shift_free``: adding c to both changes nothing. ``symmetric``: swapping t and y
    changes nothing. ``perfect``: the value for y = t.
    """

    name: str
    call: Callable
    reference: Callable
    power: int
    shift_free: bool
    symmetric: bool
    perfect: float


REGRESSION_METRICS = [
    RegressionMetric(
        "sse",
        sse,
        lambda t, y: 0.5 * t.size * skm.mean_squared_error(t, y),
        power=2,
        shift_free=True,
        symmetric=True,
        perfect=0.0,
    ),
    RegressionMetric("mse", mse, skm.mean_squared_error, 2, True, True, 0.0),
    RegressionMetric("rmse", rmse, skm.root_mean_squared_error, 1, True, True, 0.0),
    RegressionMetric("mae", mae, skm.mean_absolute_error, 1, True, True, 0.0),
    RegressionMetric("mape", mape, skm.mean_absolute_percentage_error, 0, False, False, 0.0),
    RegressionMetric(
        "smape",
        smape,
        lambda t, y: np.mean(np.abs(t - y) / (np.abs(t) + np.abs(y))),  # variant="plain"
        power=0,
        shift_free=False,
        symmetric=True,
        perfect=0.0,
    ),
    RegressionMetric("r2", r2, skm.r2_score, 0, True, False, 1.0),
    RegressionMetric(
        "adjusted_r2",
        lambda t, y: adjusted_r2(t, y, n_features=1),
        lambda t, y: 1 - (1 - skm.r2_score(t, y)) * (t.size - 1) / (t.size - 2),
        power=0,
        shift_free=True,
        symmetric=False,
        perfect=1.0,
    ),
]


def _columns(*names: str) -> Callable:
    """How a curve's result is read: its named arrays (``result[name]``)."""

    def arrays(result) -> dict[str, np.ndarray]:
        return {name: np.asarray(result[name], dtype=np.float64) for name in names}

    return arrays


@dataclass(frozen=True)
class CurveEntry:
    """Named arrays from ``(y_true, scores, positive=)``.

    ``call(y, s, positive)`` computes the result, ``arrays(result)`` reads it as name ->
    array. ``reference(is_positive, s)`` gives name -> array from another library (None:
    none has it). ``rank_based``: every array but ``threshold`` depends only on the order of
    the scores. ``points(distinct)``: the number of points for that many distinct scores
    (None: the curve is not one point per threshold).
    """

    name: str
    call: Callable
    arrays: Callable
    reference: Callable | None
    rank_based: bool
    scored_data: bool
    points: Callable[[int], int] | None = field(default=None)


def _sklearn_roc(is_positive, s):
    fpr, tpr, thresholds = skm.roc_curve(is_positive, s, drop_intermediate=False)
    return {"threshold": thresholds, "fpr": fpr, "tpr": tpr}


def _sklearn_precision_recall(is_positive, s):
    """scikit-learn's arrays run from the lowest threshold up and end at (1, 0) without a
    threshold; ours start there, at +inf."""
    precision, recall, thresholds = skm.precision_recall_curve(is_positive, s)
    return {
        "precision": precision[::-1],
        "recall": recall[::-1],
        "threshold": np.concatenate([[np.inf], thresholds[::-1]]),
    }


def _scipy_ecdfs(is_positive, s):
    """Each class's empirical CDF (scipy.stats.ecdf) at every distinct score."""
    score = np.unique(s)
    return {
        "score": score,
        "cdf_positive": ecdf(s[is_positive]).cdf.evaluate(score),
        "cdf_negative": ecdf(s[~is_positive]).cdf.evaluate(score),
    }


def _sklearn_calibration(is_positive, s):
    true, predicted = sk_calibration_curve(is_positive, s, n_bins=5)
    return {"fraction_positive": true, "mean_predicted": predicted}


CURVES = [
    CurveEntry(
        "roc_curve",
        lambda y, s, positive: roc_curve(y, s, positive=positive),
        _columns("threshold", "fpr", "tpr", "tp", "fp"),
        _sklearn_roc,
        rank_based=True,
        scored_data=True,
        points=lambda distinct: distinct + 1,
    ),
    CurveEntry(
        "precision_recall_curve",
        lambda y, s, positive: precision_recall_curve(y, s, positive=positive),
        _columns("threshold", "precision", "recall", "tp", "fp"),
        _sklearn_precision_recall,
        rank_based=True,
        scored_data=True,
        points=lambda distinct: distinct + 1,
    ),
    CurveEntry(
        "fbeta_curve",
        lambda y, s, positive: fbeta_curve(y, s, positive=positive, beta=2.0),
        _columns("threshold", "precision", "recall", "fbeta", "tp", "fp", "fn"),
        None,  # test_precision_recall.py checks it against F-beta at each threshold
        rank_based=True,
        scored_data=True,
        points=lambda distinct: distinct,
    ),
    CurveEntry(
        "ks_curve",
        lambda y, s, positive: ks_curve(y, s, positive=positive),
        _columns("score", "cdf_positive", "cdf_negative"),
        _scipy_ecdfs,
        rank_based=False,  # its score column is the scores themselves, not thresholds
        scored_data=True,
    ),
    CurveEntry(
        "gain_lift",
        lambda y, s, positive: gain_lift(y, s, positive=positive, bins=min(4, len(y))),
        _columns("n", "positives", "gain", "cumulative_gain", "lift", "cumulative_lift"),
        None,
        rank_based=True,
        scored_data=False,  # its bins= depends on n: called with labels only
    ),
    CurveEntry(
        "calibration_curve",
        lambda y, s, positive: calibration_curve(y, s, positive=positive, bins=5),
        _columns("lower", "upper", "count", "mean_predicted", "fraction_positive"),
        _sklearn_calibration,
        rank_based=False,
        scored_data=False,
    ),
]


@dataclass(frozen=True)
class TableMetric:
    """A number from ``(y_true, table, labels=)``: one column of probabilities (or scores)
    per class, ``labels`` naming the columns.

    ``call(y, table, labels)`` computes it, ``reference(y, table, labels)`` with
    scikit-learn.
    """

    name: str
    call: Callable
    reference: Callable


TABLE_METRICS = [
    TableMetric(
        "cross_entropy",
        lambda y, table, labels: cross_entropy(y, table, labels=labels),
        lambda y, table, labels: skm.log_loss(y, table, labels=labels),
    ),
    TableMetric(
        "perplexity",
        lambda y, table, labels: perplexity(y, table, labels=labels),
        lambda y, table, labels: math.exp(skm.log_loss(y, table, labels=labels)),
    ),
    TableMetric(
        "top_k_accuracy",
        lambda y, table, labels: top_k_accuracy(y, table, k=2, labels=labels),
        lambda y, table, labels: skm.top_k_accuracy_score(y, table, k=2, labels=labels),
    ),
    TableMetric(
        "multiclass_roc_auc",
        lambda y, table, labels: multiclass_roc_auc(y, table, labels=labels).macro,
        lambda y, table, labels: skm.roc_auc_score(y, table, multi_class="ovr", labels=labels),
    ),
]


#: Public functions of the metric modules that no registry lists, and why.
NOT_REGISTERED = {
    "auc": "the trapezoidal area under any points, not a metric of labels and scores",
    "threshold": "turns scores into labels",
    "total_sum_of_squares": "the targets alone, no predictions",
    "bleu": "texts, not labels (test_text_metrics.py, against nltk)",
    "corpus_bleu": "texts, not labels (test_text_metrics.py, against nltk)",
    "as_scored_data": "the library's own helper: a ScoredData from labels and scores",
    "brevity_penalty": "texts, not labels (a part of BLEU)",
    "modified_precision": "texts, not labels (a part of BLEU)",
    "mase": "needs the training series too (test_regression.py, against Hyndman & Koehler)",
}


def test_every_metric_and_curve_of_the_metric_modules_is_registered():
    """A new function in these modules is listed in a registry (or above, with a reason)."""
    registries = (SCORE_METRICS, REGRESSION_METRICS, CURVES, TABLE_METRICS)
    registered = {entry.name for registry in registries for entry in registry}
    text = sys.modules[cross_entropy.__module__]  # the module of the text metrics
    public = {
        name
        for module in (calibration, precision_recall, regression, scores, text)
        for name in module.__all__
        if name[0].islower()  # functions; the classes are result types
    }
    assert public - set(NOT_REGISTERED) == registered
    assert set(NOT_REGISTERED) <= public


# ====================================================================== the inputs
@functools.cache
def _cases() -> tuple:
    """(labels "pos"/"neg" with both classes, scores in [0, 1]): tiny to 60 instances, half
    of them with few distinct scores (many ties), some with 0 and 1 among the scores."""
    rng = np.random.default_rng(SEED)
    cases = []
    while len(cases) < CASES:
        n = int(rng.choice([2, 3, 5, 8, 20, 60]))
        y = np.where(rng.random(n) < rng.uniform(0.1, 0.9), "pos", "neg")
        y[rng.choice(n, size=2, replace=False)] = ["pos", "neg"]
        tied = rng.random() < 0.5
        scores = rng.integers(0, 5, size=n) / 4 if tied else rng.random(n)
        cases.append((y, scores))
    return tuple(cases)


#: The same labels, encoded otherwise: name -> (labels from the "pos"/"neg" array, the
#: positive class in that encoding).
ENCODINGS = {
    "strings": (lambda y: y, "pos"),
    "0/1": (lambda y: (y == "pos").astype(np.int64), 1),
    "-1/+1": (lambda y: np.where(y == "pos", 1, -1), 1),
    "booleans": (lambda y: y == "pos", True),
    "positive is the smaller label": (lambda y: np.where(y == "pos", "a", "b"), "a"),
    "pandas categorical": (lambda y: pd.Series(pd.Categorical(y)), "pos"),
    "object array": (lambda y: y.astype(object), "pos"),
}

#: The same scores in other containers and dtypes: name -> (the scores as given, the
#: float64 values they stand for). Scores become 0/1 for the integer dtype, so that every
#: entry (probabilities included) takes them.
CONTAINERS = {
    "list": (lambda s: s.tolist(), lambda s: s),
    "pandas Series": (lambda s: pd.Series(s), lambda s: s),
    "float32": (lambda s: s.astype(np.float32), lambda s: s.astype(np.float32).astype(float)),
    "int64": (lambda s: (s >= 0.5).astype(np.int64), lambda s: (s >= 0.5).astype(float)),
}


def _same(first: float, second: float, tolerance: float = 1e-12) -> bool:
    if math.isnan(first) or math.isnan(second):
        return math.isnan(first) and math.isnan(second)
    return first == pytest.approx(second, rel=tolerance, abs=tolerance)


def _same_arrays(first: dict, second: dict, tolerance: float = 1e-12) -> None:
    assert first.keys() == second.keys()
    for name in first:
        np.testing.assert_allclose(
            first[name], second[name], rtol=tolerance, atol=tolerance, err_msg=name
        )


def _increasing(s):
    """A strictly increasing transform of [0, 1] into [0, 1] that moves every score."""
    return (np.exp(s) - 1) / (math.e - 1)


# ====================================================================== metrics on scores
def over(registry, where=lambda entry: True):
    """Parametrize a test over the registry's entries for which ``where`` holds."""
    entries = [entry for entry in registry if where(entry)]
    return pytest.mark.parametrize("entry", entries, ids=[entry.name for entry in entries])


by_name = over(SCORE_METRICS)


@over(SCORE_METRICS, lambda entry: entry.reference is not None)
def test_score_metric_agrees_with_its_reference_for_either_positive_class(entry):
    for y, s in _cases():
        for positive in ("pos", "neg"):
            ours = entry.call(y, s, positive)
            theirs = entry.reference(y == positive, s)
            assert _same(ours, theirs), (positive, y.tolist(), s.tolist())


@by_name
def test_score_metric_ignores_the_input_order(entry):
    rng = np.random.default_rng(SEED + 1)
    for y, s in _cases():
        order = rng.permutation(y.size)
        assert _same(entry.call(y[order], s[order], "pos"), entry.call(y, s, "pos"))


@by_name
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_score_metric_ignores_the_label_encoding(entry, encoding):
    encode, positive = ENCODINGS[encoding]
    for y, s in _cases():
        assert entry.call(encode(y), s, positive) == entry.call(y, s, "pos")


#: The encodings whose labels name their positive class (the rule of the positive class,
#: ``evalbook``'s naming table): scikit-learn's ``pos_label=1``. Any other is refused.
NAMED_POSITIVE = {"0/1", "-1/+1", "booleans"}


@by_name
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_score_metric_without_positive_follows_the_rule(entry, encoding):
    encode, positive = ENCODINGS[encoding]
    for y, s in _cases()[:10]:
        if encoding in NAMED_POSITIVE:
            assert entry.call(encode(y), s, None) == entry.call(encode(y), s, positive)
        else:
            with pytest.raises(ValueError, match="pass positive= to name the positive class"):
                entry.call(encode(y), s, None)


@by_name
@pytest.mark.parametrize("container", CONTAINERS)
def test_score_metric_takes_every_container_and_dtype(entry, container):
    given, values = CONTAINERS[container]
    for y, s in _cases():
        labels = pd.Series(y) if container == "pandas Series" else y
        assert _same(entry.call(labels, given(s), "pos"), entry.call(y, values(s), "pos"))


@over(SCORE_METRICS, lambda entry: entry.symmetric)
def test_score_metric_of_the_other_class_and_complementary_scores(entry):
    for y, s in _cases():
        assert _same(entry.call(y, 1 - s, "neg"), entry.call(y, s, "pos"))


@over(SCORE_METRICS, lambda entry: entry.rank_based)
def test_score_metric_of_ranks_ignores_a_monotone_transform(entry):
    for y, s in _cases():
        assert _same(entry.call(y, _increasing(s), "pos"), entry.call(y, s, "pos"))


@over(SCORE_METRICS, lambda entry: entry.rank_based)
def test_score_metric_of_tied_scores_does_not_depend_on_their_order(entry):
    """Rows with equal scores swapped among themselves: the same value to the last bit
    (tied scores are one step of the curve, whatever their order)."""
    rng = np.random.default_rng(SEED + 2)
    tied_cases = [(y, s) for y, s in _cases() if np.unique(s).size < s.size]
    assert len(tied_cases) >= CASES // 3
    for y, s in tied_cases:
        order = np.lexsort((rng.random(s.size), s))  # by score, ties in a random order
        assert entry.call(y[order], s[order], "pos") == entry.call(
            y[np.argsort(s, kind="stable")], np.sort(s, kind="stable"), "pos"
        )


@over(SCORE_METRICS, lambda entry: entry.scored_data)
def test_score_metric_from_scored_data_is_the_same(entry):
    for y, s in _cases():
        data = ScoredData(y, s, positive="pos")
        assert entry.call(data, None, None) == entry.call(y, s, "pos")


# ====================================================================== regression metrics
@functools.cache
def _regression_cases() -> tuple:
    """(t, y): 3 to 50 pairs, targets of either sign and never 0 (MAPE divides by them),
    never all equal (R² divides by their spread); some predictions exact."""
    rng = np.random.default_rng(SEED + 3)
    cases = []
    for _ in range(CASES):
        n = int(rng.integers(3, 51))
        t = rng.uniform(0.5, 10, size=n) * rng.choice([-1, 1], size=n)
        t[:2] = [1.0, 2.0]
        y = t + rng.normal(scale=rng.uniform(0.1, 3), size=n)
        exact = rng.random(n) < 0.2
        y[exact] = t[exact]
        cases.append((t, y))
    return tuple(cases)


by_regression = over(REGRESSION_METRICS)


@by_regression
def test_regression_metric_agrees_with_its_reference(entry):
    for t, y in _regression_cases():
        assert _same(entry.call(t, y), float(entry.reference(t, y)), 1e-10)


@by_regression
def test_regression_metric_ignores_the_order_of_the_pairs(entry):
    rng = np.random.default_rng(SEED + 4)
    for t, y in _regression_cases():
        order = rng.permutation(t.size)
        assert _same(entry.call(t[order], y[order]), entry.call(t, y))


@by_regression
@pytest.mark.parametrize("container", CONTAINERS)
def test_regression_metric_takes_every_container_and_dtype(entry, container):
    given = {
        "list": lambda v: v.tolist(),
        "pandas Series": lambda v: pd.Series(v),
        "float32": lambda v: v.astype(np.float32),
        "int64": lambda v: np.rint(v).astype(np.int64),
    }[container]
    for t, y in _regression_cases():
        if container == "int64":
            t, y = np.rint(t), np.rint(y)
            if np.all(t == t[0]) or np.any(t == 0):
                continue
        expected = entry.call(np.asarray(given(t), dtype=float), np.asarray(given(y), dtype=float))
        assert _same(entry.call(given(t), given(y)), expected)


@by_regression
@pytest.mark.parametrize("factor", [0.5, 3.0, 1e6])
def test_regression_metric_under_a_change_of_unit(entry, factor):
    for t, y in _regression_cases():
        expected = factor**entry.power * entry.call(t, y)
        assert _same(entry.call(factor * t, factor * y), expected, 1e-9)


@over(REGRESSION_METRICS, lambda entry: entry.shift_free)
def test_regression_metric_under_a_shift_of_both(entry):
    for t, y in _regression_cases():
        assert _same(entry.call(t + 100.0, y + 100.0), entry.call(t, y), 1e-8)


@over(REGRESSION_METRICS, lambda entry: entry.symmetric)
def test_regression_metric_of_swapped_target_and_prediction(entry):
    for t, y in _regression_cases():
        assert _same(entry.call(y, t), entry.call(t, y))


@by_regression
def test_regression_metric_of_perfect_predictions(entry):
    for t, _ in _regression_cases():
        assert entry.call(t, t.copy()) == entry.perfect


# ====================================================================== curves
by_curve = over(CURVES)


def _curve(entry, y, s, positive="pos") -> dict[str, np.ndarray]:
    return entry.arrays(entry.call(y, s, positive))


@over(CURVES, lambda entry: entry.reference is not None)
def test_curve_agrees_with_its_reference_for_either_positive_class(entry):
    for y, s in _cases():
        for positive in ("pos", "neg"):
            ours = _curve(entry, y, s, positive)
            theirs = entry.reference(y == positive, s)
            _same_arrays({name: ours[name] for name in theirs}, theirs)


@by_curve
def test_curve_ignores_the_input_order(entry):
    rng = np.random.default_rng(SEED + 5)
    for y, s in _cases():
        order = rng.permutation(y.size)
        _same_arrays(_curve(entry, y[order], s[order]), _curve(entry, y, s))


@by_curve
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_curve_ignores_the_label_encoding(entry, encoding):
    encode, positive = ENCODINGS[encoding]
    for y, s in _cases():
        _same_arrays(_curve(entry, encode(y), s, positive), _curve(entry, y, s), 0)


@by_curve
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_curve_without_positive_follows_the_rule(entry, encoding):
    encode, positive = ENCODINGS[encoding]
    for y, s in _cases()[:10]:
        if encoding in NAMED_POSITIVE:
            _same_arrays(
                _curve(entry, encode(y), s, None), _curve(entry, encode(y), s, positive), 0
            )
        else:
            with pytest.raises(ValueError, match="pass positive= to name the positive class"):
                entry.call(encode(y), s, None)


@by_curve
@pytest.mark.parametrize("container", CONTAINERS)
def test_curve_takes_every_container_and_dtype(entry, container):
    given, values = CONTAINERS[container]
    for y, s in _cases():
        labels = pd.Series(y) if container == "pandas Series" else y
        _same_arrays(_curve(entry, labels, given(s)), _curve(entry, y, values(s)))


@over(CURVES, lambda entry: entry.points is not None)
def test_curve_has_one_point_per_distinct_score(entry):
    for y, s in _cases():
        arrays = _curve(entry, y, s)
        distinct = np.unique(s).size
        assert {array.size for array in arrays.values()} == {entry.points(distinct)}
        np.testing.assert_array_equal(arrays["threshold"][-distinct:], np.unique(s)[::-1])


@over(CURVES, lambda entry: entry.rank_based)
def test_curve_of_ranks_ignores_a_monotone_transform(entry):
    for y, s in _cases():
        moved, kept = _curve(entry, y, _increasing(s)), _curve(entry, y, s)
        if "threshold" in kept:
            np.testing.assert_allclose(moved.pop("threshold"), _increasing(kept.pop("threshold")))
        _same_arrays(moved, kept)


@over(CURVES, lambda entry: entry.scored_data)
def test_curve_from_scored_data_is_the_same(entry):
    for y, s in _cases():
        data = ScoredData(y, s, positive="pos")
        _same_arrays(entry.arrays(entry.call(data, None, None)), _curve(entry, y, s), 0)


# ====================================================================== class tables
@functools.cache
def _table_cases() -> tuple:
    """(labels "c0".."c{k-1}" with every class present, probabilities, the column labels):
    3 to 5 classes, k to 40 instances, rows drawn from a Dirichlet (no ties)."""
    rng = np.random.default_rng(SEED + 6)
    cases = []
    for _ in range(CASES // 2):
        k = int(rng.integers(3, 6))
        labels = [f"c{j}" for j in range(k)]
        n = int(rng.integers(k, 41))
        y = np.array(labels + list(rng.choice(labels, size=n - k)))
        cases.append((y, rng.dirichlet(np.full(k, 0.7), size=n), labels))
    return tuple(cases)


by_table = over(TABLE_METRICS)


@by_table
def test_table_metric_agrees_with_its_reference(entry):
    for y, table, labels in _table_cases():
        assert _same(entry.call(y, table, labels), entry.reference(y, table, labels), 1e-10)


@by_table
def test_table_metric_ignores_the_order_of_rows_and_of_columns(entry):
    rng = np.random.default_rng(SEED + 7)
    for y, table, labels in _table_cases():
        rows, columns = rng.permutation(y.size), rng.permutation(len(labels))
        moved = entry.call(y[rows], table[rows][:, columns], [labels[j] for j in columns])
        assert _same(moved, entry.call(y, table, labels))


@by_table
def test_table_metric_ignores_the_label_encoding(entry):
    for y, table, labels in _table_cases():
        numbers = {label: 10 * j + 3 for j, label in enumerate(labels)}
        encoded = np.array([numbers[label] for label in y])
        as_numbers = entry.call(encoded, table, [numbers[label] for label in labels])
        assert as_numbers == entry.call(y, table, labels)


@by_table
@pytest.mark.parametrize("container", ["lists", "pandas", "float32"])
def test_table_metric_takes_every_container_and_dtype(entry, container):
    for y, table, labels in _table_cases():
        if container == "lists":
            given, expected = (y.tolist(), table.tolist()), table
        elif container == "pandas":
            given, expected = (pd.Series(y), pd.DataFrame(table, columns=labels)), table
        else:
            given, expected = (y, table.astype(np.float32)), table.astype(np.float32)
        assert _same(entry.call(*given, labels), entry.call(y, expected.astype(float), labels))
