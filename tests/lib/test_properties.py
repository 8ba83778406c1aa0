"""Properties that hold for every input (hypothesis; derandomized, so runs are reproducible)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from evalbook import (
    BINARY_METRICS,
    MULTICLASS_METRICS,
    ConfusionMatrix,
    accuracy,
    cohen_kappa,
    error_rate,
    f1,
    fbeta,
    fnr,
    fpr,
    mcc,
    ppv,
    precision,
    prevalence,
    recall,
    tnr,
    tpr,
)

PROPERTY = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

ALL_METRICS = {**BINARY_METRICS, **MULTICLASS_METRICS}

# Bijections of the class codes 0..k-1 onto other label types (order is kept by labels=).
RELABELLINGS = {
    "strings": lambda code: f"class {code}",
    "negative ints": lambda code: -3 * code - 1,
    "spread ints": lambda code: 10**9 * code,  # too wide for one bincount: general path
    "floats": lambda code: code + 0.5,
    "shuffled ints": lambda code: (code * 7 + 3) % 11,
}


# ---------------------------------------------------------------------- strategies
@st.composite
def label_pairs(draw, max_classes=5, max_n=40):
    """(y_true, y_pred): lists of class codes 0..k-1 of the same length (classes may be
    missing from either side)."""
    k = draw(st.integers(1, max_classes))
    n = draw(st.integers(1, max_n))
    codes = st.lists(st.integers(0, k - 1), min_size=n, max_size=n)
    return draw(codes), draw(codes)


@st.composite
def count_tables(draw, min_classes=1, max_classes=5, big=False):
    """A k×k table of counts: small counts (many zeros, so many 0/0 cases) or, with
    big=True, sometimes counts up to 10⁷."""
    k = draw(st.integers(min_classes, max_classes))
    cells = st.integers(0, 6)
    if big:
        cells = st.one_of(cells, st.integers(0, 10**7))
    return draw(hnp.arrays(np.int64, (k, k), elements=cells))


def _quietly(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def _same(a, b, tol=0.0):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= tol


def _all_metric_values(cm):
    """Every registered metric of cm: binary ones per class (positive=) when k ≠ 2."""
    values = {}
    for name, (function, _, _) in ALL_METRICS.items():
        if name in BINARY_METRICS and cm.n_classes != 2:
            for i, label in enumerate(cm.labels):
                values[name, i] = _quietly(function, cm, positive=label)
        else:
            values[name] = _quietly(function, cm)
    return values


# ---------------------------------------------------------------------- counting
@PROPERTY
@given(label_pairs())
def test_counts_sum_to_n(pair):
    y_true, y_pred = pair
    cm = ConfusionMatrix.from_labels(y_true, y_pred)
    assert cm.n == len(y_true) == int(cm.counts.sum())
    for i, label in enumerate(cm.labels):
        assert cm.target_totals[i] == y_true.count(label)
        assert cm.prediction_totals[i] == y_pred.count(label)
        hits = sum(t == p == label for t, p in zip(y_true, y_pred, strict=True))
        assert cm.counts[i, i] == hits
    assert set(cm.labels) == set(y_true) | set(y_pred)


@PROPERTY
@given(label_pairs(), st.sampled_from(sorted(RELABELLINGS)))
def test_integer_and_general_paths_agree(pair, relabelling):
    """The bincount path (ints) and the factorize path (other labels) count the same."""
    y_true, y_pred = pair
    f = RELABELLINGS[relabelling]
    codes = sorted(set(y_true) | set(y_pred))
    ints = ConfusionMatrix.from_labels(np.array(y_true), np.array(y_pred), labels=codes)
    mapped = [f(v) for v in y_true], [f(v) for v in y_pred]
    for t, p in (mapped, (np.array(mapped[0], dtype=object), np.array(mapped[1], dtype=object))):
        other = ConfusionMatrix.from_labels(t, p, labels=[f(v) for v in codes])
        assert np.array_equal(other.counts, ints.counts)


@PROPERTY
@given(count_tables())
def test_one_vs_rest_counts_sum_to_n(counts):
    cm = ConfusionMatrix(counts)
    for i, label in enumerate(cm.labels):
        ovr = cm.one_vs_rest(label)
        assert ovr.n == cm.n
        assert ovr.tp == counts[i, i]
        assert ovr.tp + ovr.fn == counts[i].sum()
        assert ovr.tp + ovr.fp == counts[:, i].sum()
        assert ovr.tn == counts.sum() - counts[i].sum() - counts[:, i].sum() + counts[i, i]


@settings(PROPERTY, max_examples=30)
@given(count_tables(), st.sampled_from(["strings", "shuffled ints", "negative ints"]))
def test_to_frame_orientations_are_transposes_and_permutations(counts, relabelling):
    labels = [RELABELLINGS[relabelling](code) for code in range(len(counts))]
    cm = ConfusionMatrix(counts, labels=labels)
    matrix, sklearn, caret = (cm.to_frame(o) for o in ("matrix", "sklearn", "caret"))
    assert list(matrix.index) == list(matrix.columns) == labels
    assert np.array_equal(matrix.to_numpy(), counts)
    # caret: the transpose (prediction in the rows)
    assert np.array_equal(caret.to_numpy(), counts.T)
    assert list(caret.index) == labels
    # sklearn: the same table with the labels sorted
    assert list(sklearn.index) == sorted(labels)
    assert sklearn.equals(
        matrix.loc[sorted(labels), sorted(labels)].rename_axis(index="target", columns="prediction")
    )
    # every view gives back the same counts for every (target, prediction) pair
    for t in labels:
        for p in labels:
            assert matrix.loc[t, p] == sklearn.loc[t, p] == caret.loc[p, t]
    # round trips: a DataFrame in target-row layout gives back the matrix
    assert ConfusionMatrix(matrix) == cm
    assert ConfusionMatrix(sklearn) == cm.reorder(sorted(labels))
    margins = cm.to_frame(margins=True)
    assert margins.loc["total", "total"] == cm.n


# ---------------------------------------------------------------------- bounds
@PROPERTY
@given(count_tables(big=True))
def test_kappa_is_at_most_one(counts):
    n = int(counts.sum())
    chance = int(counts.sum(axis=1) @ counts.sum(axis=0))
    kappa = _quietly(cohen_kappa, counts)
    if chance == n * n:  # p_e = 1 (or n = 0): undefined
        assert math.isnan(kappa)
    else:
        assert -1.0 <= kappa <= 1.0
        assert (kappa == 1.0) == (np.trace(counts) == n)


@PROPERTY
@given(count_tables(big=True))
def test_mcc_is_between_minus_one_and_one(counts):
    cm = ConfusionMatrix(counts, labels=list(range(len(counts))))
    value = _quietly(mcc, cm)
    assert -1.0 <= value <= 1.0
    off_diagonal = counts - np.diag(np.diag(counts))
    if np.count_nonzero(off_diagonal) == 0 and np.count_nonzero(np.diag(counts)) >= 2:
        assert value == 1.0  # perfect predictions of at least two classes
    for label in cm.labels:
        assert -1.0 <= _quietly(mcc, cm, positive=label) <= 1.0


@PROPERTY
@given(count_tables(min_classes=2, big=True))
def test_rates_lie_in_the_unit_interval(counts):
    cm = ConfusionMatrix(counts)
    for key, value in _all_metric_values(cm).items():
        name = key[0] if isinstance(key, tuple) else key
        if name not in ("mcc", "cohen_kappa") and not math.isnan(value):
            assert 0.0 <= value <= 1.0, key


@PROPERTY
@given(count_tables(min_classes=2, max_classes=4, big=True), st.data())
def test_f1_lies_between_precision_and_recall(counts, data):
    label = data.draw(st.integers(0, len(counts) - 1))
    cm = ConfusionMatrix(counts, labels=list(range(len(counts))))
    tp = int(counts[label, label])
    fn, fp = int(counts[label].sum()) - tp, int(counts[:, label].sum()) - tp
    p = _quietly(precision, cm, positive=label)
    r = _quietly(recall, cm, positive=label)
    f = _quietly(f1, cm, positive=label)
    assert math.isnan(p) == (tp + fp == 0)
    assert math.isnan(r) == (tp + fn == 0)
    assert math.isnan(f) == (tp + fn + fp == 0)
    if tp + fp and tp + fn:
        assert min(p, r) <= f <= max(p, r)  # exactly: each value is correctly rounded
        beta = data.draw(st.floats(0.05, 20))
        fb = fbeta(cm, beta=beta, positive=label)
        assert min(p, r) - 1e-15 <= fb <= max(p, r) + 1e-15
        if tp:
            assert f == pytest.approx(2 * p * r / (p + r), rel=1e-14)


@PROPERTY
@given(count_tables(min_classes=2, max_classes=2, big=True))
def test_complementary_rates(counts):
    cm = ConfusionMatrix(counts)
    tp, fn, fp, tn = cm.tp, cm.fn, cm.fp, cm.tn
    if tp + fn:
        assert tpr(cm) + fnr(cm) == pytest.approx(1.0, abs=1e-15)
    if tn + fp:
        assert tnr(cm) + fpr(cm) == pytest.approx(1.0, abs=1e-15)
    if cm.n:
        assert accuracy(cm) + error_rate(cm) == pytest.approx(1.0, abs=1e-15)
    if tp + fp and tp + fn and tn + fp:
        # the Bayes form at the matrix's own prevalence is TP / (TP + FP)
        # (in floating point: the Bayes form loses a few digits when sens is tiny)
        own = ppv(cm, prevalence=prevalence(cm))
        assert own == pytest.approx(precision(cm), rel=1e-9, abs=1e-15)


# ---------------------------------------------------------------------- invariances
@PROPERTY
@given(label_pairs(), st.sampled_from(sorted(RELABELLINGS)))
def test_relabelling_changes_no_metric(pair, relabelling):
    """A bijection applied to y_true and y_pred, keeping the order of the labels."""
    y_true, y_pred = pair
    f = RELABELLINGS[relabelling]
    cm = ConfusionMatrix.from_labels(y_true, y_pred)
    relabelled = ConfusionMatrix.from_labels(
        [f(v) for v in y_true], [f(v) for v in y_pred], labels=[f(v) for v in cm.labels]
    )
    assert np.array_equal(relabelled.counts, cm.counts)
    before, after = _all_metric_values(cm), _all_metric_values(relabelled)
    assert before.keys() == after.keys()
    for key, value in before.items():
        assert _same(value, after[key]), key


@PROPERTY
@given(count_tables(min_classes=2), st.data())
def test_reorder_keeps_multiclass_metrics(counts, data):
    cm = ConfusionMatrix(counts, labels=[f"c{i}" for i in range(len(counts))])
    order = data.draw(st.permutations(cm.labels))
    reordered = cm.reorder(order)
    assert reordered.n == cm.n
    assert sorted(np.diag(reordered.counts)) == sorted(np.diag(cm.counts))
    for name, (function, _, _) in MULTICLASS_METRICS.items():
        a, b = _quietly(function, cm), _quietly(function, reordered)
        assert _same(a, b, tol=1e-12), name
    for name, (function, _, _) in BINARY_METRICS.items():
        for label in cm.labels:  # one-vs-rest does not depend on the order
            a, b = (
                _quietly(function, cm, positive=label),
                _quietly(function, reordered, positive=label),
            )
            assert _same(a, b), (name, label)
