"""Metrics on scores: threshold, ROC, AUC, KS, gain and lift (handout 000, eqs. (11)-(18)).

Cross-checked against scikit-learn (``roc_curve``, ``roc_auc_score``), scipy
(``ks_2samp``) and brute-force definitions on many random inputs with fixed seeds,
ties included.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy.stats import ks_2samp
from sklearn.metrics import auc as sk_auc
from sklearn.metrics import roc_auc_score
from sklearn.metrics import roc_curve as sk_roc_curve

import evalbook
from evalbook import (
    ConfusionMatrix,
    Counts,
    Curve,
    KSResult,
    ScoredData,
    UndefinedMetricWarning,
    auc,
    gain_lift,
    ks_curve,
    ks_statistic,
    roc_auc,
    roc_curve,
    threshold,
)

N_CASES = 300


def _random_case(seed: int):
    """Labels 0/1 (both present) and scores with many ties in about half the cases."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 80))
    y = rng.random(n) < rng.uniform(0.1, 0.9)
    y[0], y[1] = True, False
    rng.shuffle(y)
    scores = rng.normal(size=n) + rng.uniform(0, 2) * y
    if seed % 2:  # coarse scores: ties within and across the classes
        scores = np.round(scores * rng.integers(1, 4)) / 4
    return y.astype(int), scores


CASES = [_random_case(seed) for seed in range(N_CASES)]


def _mann_whitney(y, scores):
    """P(score₊ > score₋) + ½ P(tie), over all positive-negative pairs (brute force)."""
    positive, negative = scores[y == 1], scores[y == 0]
    diff = positive[:, None] - negative[None, :]
    return float(np.mean(diff > 0) + 0.5 * np.mean(diff == 0))


# ====================================================================== threshold, eq. (11)
def test_threshold_reproduces_tabela_7_predictions(spam_table):
    predicted = threshold(spam_table.score, 0.5, positive="spam", negative="ham")
    assert predicted.tolist() == spam_table.prediction.tolist()


def test_threshold_score_equal_to_t_is_positive():
    assert threshold([0.25, 0.2499, 0.7], 0.25, positive=1, negative=0).tolist() == [1, 0, 1]


@pytest.mark.parametrize(
    ("t", "counts"),
    [
        (0.5, [[6, 3], [2, 9]]),  # Tabela 3
        (0.75, [[4, 5], [1, 10]]),  # Tabela 8(a) prints [[4, 4], [2, 10]]: see lesson 05
        (0.25, [[7, 2], [4, 7]]),  # Tabela 8(b)
    ],
)
def test_tabela_8_matrices_from_the_data(spam_table, t, counts):
    predicted = threshold(spam_table.score, t, positive="spam", negative="ham")
    cm = ConfusionMatrix.from_labels(spam_table.target, predicted, labels=["spam", "ham"])
    assert cm.counts.tolist() == counts


# ====================================================================== ROC curve
CHUNKS = [range(start, start + 30) for start in range(0, N_CASES, 30)]
#: Runs a test once per chunk of 30 cases, as ``cases``.
over_chunks = pytest.mark.parametrize("cases", CHUNKS, ids=lambda r: f"cases{r.start}-{r.stop - 1}")


@over_chunks
def test_roc_curve_matches_sklearn(cases):
    for case in cases:
        _check_roc_case(*CASES[case])


def _check_roc_case(y, scores):
    curve = roc_curve(y, scores, positive=1)
    fpr, tpr, thresholds = sk_roc_curve(y, scores, pos_label=1, drop_intermediate=False)
    np.testing.assert_allclose(curve.fpr, fpr, rtol=0, atol=1e-12)
    np.testing.assert_allclose(curve.tpr, tpr, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(curve.threshold[1:], thresholds[1:])
    assert curve.threshold[0] == np.inf
    assert len(curve) == len(np.unique(scores)) + 1
    # AUC: trapezoid of the curve = fast roc_auc = sklearn = Mann-Whitney
    expected = roc_auc_score(y, scores)
    assert auc(curve.fpr, curve.tpr) == pytest.approx(expected, abs=1e-12)
    assert roc_auc(y, scores, positive=1) == pytest.approx(expected, abs=1e-12)
    assert roc_auc(y, scores, positive=1) == pytest.approx(_mann_whitney(y, scores), abs=1e-12)


def test_roc_curve_spam_points(spam_table):
    curve = roc_curve(spam_table.target, spam_table.score, positive="spam")
    assert (curve.fpr[0], curve.tpr[0]) == (0.0, 0.0)
    assert (curve.fpr[-1], curve.tpr[-1]) == (1.0, 1.0)
    assert len(curve) == 21  # 20 distinct scores + the start
    (at_half,) = np.flatnonzero(curve.threshold == 0.657)  # lowest score ≥ 0.5
    assert (curve.tp[at_half], curve.fp[at_half]) == (6, 2)
    assert np.all(np.diff(curve.fpr) >= 0) and np.all(np.diff(curve.tpr) >= 0)


def test_roc_curve_ties_make_one_point():
    curve = roc_curve([1, 0, 1, 0], [0.7, 0.7, 0.7, 0.1], positive=1)
    assert np.column_stack([curve.fpr, curve.tpr]).tolist() == [[0, 0], [0.5, 1], [1, 1]]


def test_roc_auc_spam(spam_table):
    # 79 of the 99 (spam, ham) pairs are ordered correctly and none is tied
    assert roc_auc(spam_table.target, spam_table.score, positive="spam") == 79 / 99


@pytest.mark.parametrize(
    "transform",
    [lambda s: 3 * s + 1, np.exp, np.arctan, lambda s: np.sign(s) * s**2],
    ids=["affine", "exp", "arctan", "signed-square"],
)
def test_auc_is_invariant_under_monotone_transforms(transform):
    for y, scores in CASES:
        scores = scores / 4  # keep exp finite and the transforms strictly increasing
        assert roc_auc(y, transform(scores), positive=1) == pytest.approx(
            roc_auc(y, scores, positive=1), abs=1e-12
        )


def test_auc_of_negated_scores_is_one_minus_auc():
    for y, scores in CASES:
        assert roc_auc(y, -scores, positive=1) == pytest.approx(
            1 - roc_auc(y, scores, positive=1), abs=1e-12
        )


def test_auc_extremes_and_swapped_positive():
    y = ["a", "a", "b", "b", "b"]
    scores = [0.9, 0.8, 0.3, 0.2, 0.1]
    assert roc_auc(y, scores, positive="a") == 1.0
    assert roc_auc(y, scores, positive="b") == 0.0
    assert roc_auc(y, [0.5] * 5, positive="a") == 0.5


def test_auc_trapezoid():
    assert auc([0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1]) == 0.75
    assert auc([1, 0.5, 0], [1, 1, 0]) == 0.75  # decreasing x: the same area
    assert auc([0, 1], [1, 1]) == 1.0
    with pytest.raises(ValueError, match="x must be monotonic"):
        auc([0, 1, 0.5], [0, 1, 1])
    with pytest.raises(ValueError, match="at least 2 points"):
        auc([0.5], [0.5])


# ====================================================================== KS
@over_chunks
def test_ks_matches_scipy_and_the_roc_curve(cases):
    for case in cases:
        _check_ks_case(*CASES[case])


def _check_ks_case(y, scores):
    result = ks_statistic(y, scores, positive=1)
    assert isinstance(result, KSResult)
    reference = ks_2samp(scores[y == 1], scores[y == 0])
    assert result.statistic == pytest.approx(reference.statistic, abs=1e-12)
    curve = roc_curve(y, scores, positive=1)
    assert result.statistic == pytest.approx(np.max(np.abs(curve.tpr - curve.fpr)), abs=1e-12)
    # the gap is attained at the returned score, and at no lower score
    below = scores[:, None] <= np.unique(scores)[None, :]
    n_pos, n_neg = int(np.sum(y == 1)), int(np.sum(y == 0))
    # exact: |#neg≤ps · P − #pos≤ps · N| = P · N · |CP(neg) − CP(pos)|
    gaps = np.abs(below[y == 0].sum(axis=0) * n_pos - below[y == 1].sum(axis=0) * n_neg)
    first = np.unique(scores)[np.flatnonzero(gaps == gaps.max())[0]]
    assert result.score == first
    # the KS curve holds both CDFs at every distinct score, and its largest gap is the KS
    cdf = ks_curve(y, scores, positive=1)
    np.testing.assert_array_equal(cdf.score, np.unique(scores))
    np.testing.assert_allclose(cdf.cdf_positive, below[y == 1].sum(axis=0) / n_pos)
    np.testing.assert_allclose(cdf.cdf_negative, below[y == 0].sum(axis=0) / n_neg)
    assert np.max(np.abs(cdf.cdf_negative - cdf.cdf_positive)) == pytest.approx(result.statistic)


def test_ks_spam(spam_table):
    result = ks_statistic(spam_table.target, spam_table.score, positive="spam")
    # at ps = 0.657: 10 of 11 hams and 3 of 9 spams score ≤ ps
    assert result.statistic == pytest.approx(10 / 11 - 3 / 9, abs=1e-15)
    assert result.score == 0.657


def test_ks_uses_the_absolute_gap():
    """Eq. (16) as printed, max(CP(pos) − CP(neg)), is 0 for a perfect model."""
    y, scores = [1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1]
    assert ks_statistic(y, scores, positive=1).statistic == 1.0
    assert ks_statistic(y, [-s for s in scores], positive=1).statistic == 1.0


# ====================================================================== gain and lift
def _brute_gain_lift(y, scores, bins):
    order = np.argsort(-np.asarray(scores), kind="stable")
    chunks = np.array_split(np.asarray(y)[order], bins)
    total, n = sum(y), len(y)
    rows, seen, taken = [], 0, 0
    for chunk in chunks:
        seen += chunk.sum()
        taken += len(chunk)
        gain = chunk.sum() / total
        rows.append(
            (len(chunk), chunk.sum(), gain, seen / total, gain / (len(chunk) / n),
             (seen / total) / (taken / n))
        )  # fmt: skip
    return np.array(rows, dtype=float)


@pytest.mark.parametrize("first", range(0, 100, 10))
def test_gain_lift_matches_brute_force_without_ties(first):
    for seed in range(first, first + 10):
        _check_gain_lift_against_brute_force(seed)


def _check_gain_lift_against_brute_force(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 200))
    y = (rng.random(n) < 0.3).astype(int)
    y[0] = 1
    scores = rng.permutation(n) + rng.normal(size=n) * 0.01 * y  # distinct
    bins = int(rng.integers(1, 11))
    table = gain_lift(y, scores, positive=1, bins=bins).to_frame()
    np.testing.assert_allclose(table.to_numpy(dtype=float), _brute_gain_lift(y, scores, bins))
    assert table.positives.dtype.kind == "i"
    assert table.n.sum() == n and table.positives.sum() == y.sum()
    assert table.cumulative_gain.iloc[-1] == pytest.approx(1.0)
    assert table.cumulative_lift.iloc[-1] == pytest.approx(1.0)
    # cumulative lift is the size-weighted mean of the lifts, not their sum
    weighted = np.cumsum(table.lift * table.n) / np.cumsum(table.n)
    np.testing.assert_allclose(table.cumulative_lift, weighted)


@pytest.mark.parametrize("seed", range(30))
def test_gain_lift_ties_do_not_depend_on_input_order(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(10, 60))
    y = (rng.random(n) < 0.5).astype(int)
    y[0] = 1
    scores = rng.integers(0, 4, size=n).astype(float)
    first = gain_lift(y, scores, positive=1, bins=5).to_frame()
    order = rng.permutation(n)
    second = gain_lift(y[order], scores[order], positive=1, bins=5).to_frame()
    np.testing.assert_allclose(first.to_numpy(dtype=float), second.to_numpy(dtype=float))
    assert first.positives.sum() == pytest.approx(y.sum())


def test_gain_lift_tie_split_is_the_expected_count():
    # one tie group of 4 (2 positives) cut in half by the bin boundary
    table = gain_lift([1, 1, 0, 0], [0.5] * 4, positive=1, bins=2)
    assert table.positives.tolist() == [1.0, 1.0]
    assert table.lift.tolist() == [1.0, 1.0]


def test_gain_lift_spam_deciles(spam_table):
    table = gain_lift(spam_table.target, spam_table.score, positive="spam")
    assert table.positives.tolist() == [2, 1, 2, 1, 0, 1, 1, 1, 0, 0]
    assert table.lift[0] == pytest.approx((2 / 2) / (9 / 20))
    assert table.cumulative_gain[3] == pytest.approx(6 / 9)
    assert table.bin.tolist() == list(range(1, 11))


# ====================================================================== bad input
@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: roc_auc([1, 0], [0.1], positive=1), ValueError, "different lengths"),
        (lambda: roc_auc([1, 0], [0.1, math.nan], positive=1), ValueError, "position 1"),
        (lambda: roc_auc([1, 0], [0.1, math.inf], positive=1), ValueError, "finite"),
        (lambda: roc_auc([1, 0], ["a", "b"], positive=1), TypeError, "y_score must hold"),
        (lambda: roc_auc([1, 0], [True, False], positive=1), TypeError, "not its predictions"),
        (lambda: roc_auc([1, 0], 0.5, positive=1), TypeError, "y_score must be a sequence"),
        (lambda: roc_auc([1, 0], [[0.1, 0.2]], positive=1), ValueError, "one-dimensional"),
        (lambda: roc_auc([], [], positive=1), ValueError, "y_true is empty"),
        (lambda: roc_auc(["spam", "ham"], [0.1, 0.2], positive="Spam"), ValueError, "Spam"),
        (lambda: roc_curve([1, 1], [0.1, 0.2], positive=1), ValueError, "negatives too"),
        (lambda: threshold([0.1], "0.5", positive=1, negative=0), TypeError, "threshold must be"),
        (lambda: threshold([0.1], math.nan, positive=1, negative=0), ValueError, "nan"),
        (lambda: threshold([0.1], 0.5, positive=1, negative=1), ValueError, "different"),
        (lambda: gain_lift([1, 0], [0.1, 0.2], positive=1, bins=3), ValueError, "bins"),
        (lambda: gain_lift([1, 0], [0.1, 0.2], positive=1, bins=1.0), TypeError, "bins"),
        (lambda: ks_statistic([1, 0], None, positive=1), TypeError, "y_score"),
        (lambda: auc([0, 1], [0, 1, 1]), ValueError, "x and y"),
    ],
)
def test_bad_input(call, error, fragment):
    with pytest.raises(error, match=fragment):
        call()


def test_threshold_keeps_each_labels_type():
    scores = [0.9, 0.6, 0.3, 0.1]
    mixed = threshold(scores, positive="spam", negative=0)
    assert mixed.dtype == object
    assert mixed.tolist() == ["spam", "spam", 0, 0]
    assert [type(v) for v in mixed] == [str, str, int, int]  # not the string '0'
    assert threshold(scores, positive=1, negative=0.5).tolist() == [1, 1, 0.5, 0.5]
    assert type(threshold(scores, positive=1, negative=0.5)[0]) is int
    same = threshold(scores, positive=True, negative=False)
    assert same.dtype == bool and same.tolist() == [True, True, False, False]
    assert threshold(scores, positive=np.int64(1), negative=0).dtype.kind == "i"


@pytest.mark.parametrize("label", [[1, 2], np.array([1, 0]), (1, 0), {1}])
@pytest.mark.parametrize("name", ["positive", "negative"])
def test_threshold_labels_must_be_single(label, name):
    options = {"positive": 1, "negative": 0, name: label}
    with pytest.raises(TypeError, match=f"{name} must be a single class label"):
        threshold([0.9, 0.1], **options)


def test_threshold_equal_labels_of_different_types():
    with pytest.raises(ValueError, match="different labels"):
        threshold([0.9, 0.1], positive=1, negative=1.0)


Y4, S4 = [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]
SCORE_FUNCTIONS = {
    "roc_auc": lambda **kw: roc_auc(Y4, S4, **kw),
    "roc_curve": lambda **kw: roc_curve(Y4, S4, **kw),
    "ks_statistic": lambda **kw: ks_statistic(Y4, S4, **kw),
    "gain_lift": lambda **kw: gain_lift(Y4, S4, bins=2, **kw),
}


@pytest.mark.parametrize("function", SCORE_FUNCTIONS.values(), ids=SCORE_FUNCTIONS.keys())
@pytest.mark.parametrize(
    "positive", [np.array(Y4), Y4, (1, 0, 1, 0), [1]], ids=["array", "list", "tuple", "one"]
)
def test_positive_must_be_a_single_label(function, positive):
    """An array is refused, not compared element-wise (nan with a misleading warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError, match="positive must be a single class label"):
            function(positive=positive)


@pytest.mark.parametrize(
    "function", [roc_auc, roc_curve, ks_statistic, gain_lift], ids=lambda f: f.__name__
)
def test_ragged_scores_name_the_argument(function):
    with pytest.raises(ValueError, match="y_score must be a flat sequence"):
        function([1, 0], [[1, 2], [3]], positive=1)
    with pytest.raises(ValueError, match="y_score must be a flat sequence"):
        threshold([[1, 2], [3]], positive=1, negative=0)


@pytest.mark.parametrize(
    ("zero_division", "error"), [("nope", ValueError), (None, TypeError), (True, TypeError)]
)
@pytest.mark.parametrize("metric", [roc_auc, ks_statistic], ids=["roc_auc", "ks_statistic"])
def test_zero_division_is_checked_even_when_defined(metric, zero_division, error):
    with pytest.raises(error, match="zero_division must be"):
        metric(Y4, S4, positive=1, zero_division=zero_division)


def test_auc_empty_message_speaks_of_points():
    with pytest.raises(ValueError, match="x is empty; a curve needs at least 2 points"):
        auc([], [])
    with pytest.raises(ValueError, match="y is empty"):
        auc([0, 1], [])
    with pytest.raises(ValueError, match="x must be a flat sequence"):
        auc([[0, 1], [1]], [0, 1])


def test_only_positives_is_undefined_with_a_warning():
    with pytest.warns(UndefinedMetricWarning, match="roc_auc is undefined"):
        assert math.isnan(roc_auc([1, 1], [0.2, 0.4], positive=1))
    with pytest.warns(UndefinedMetricWarning, match="ks_statistic"):
        result = ks_statistic([1, 1], [0.2, 0.4], positive=1)
    assert math.isnan(result.statistic) and math.isnan(result.score)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert roc_auc([1, 1], [0.2, 0.4], positive=1, zero_division=0.5) == 0.5


def test_public_names():
    for name in set(evalbook.metrics._ranking.__all__) - {"as_scored_data"}:
        assert getattr(evalbook, name) is getattr(evalbook.metrics._ranking, name)


# ====================================================================== ScoredData
@over_chunks
def test_scored_data_counts_match_brute_force(cases):
    for case in cases:
        y, scores = CASES[case]
        data = ScoredData(y, scores, positive=1)
        distinct = np.unique(scores)[::-1]
        np.testing.assert_array_equal(data.thresholds, distinct)
        above = scores[None, :] >= distinct[:, None]
        np.testing.assert_array_equal(data.tp, (above & (y == 1)).sum(axis=1))
        np.testing.assert_array_equal(data.fp, (above & (y == 0)).sum(axis=1))
        # any threshold, between, at and beyond the scores, one at a time and all at once
        ts = np.concatenate([distinct, distinct + 1e-9, [-np.inf, np.inf, 0.0]])
        at_once = data.counts(ts)
        for k, t in enumerate(ts):
            predicted = scores >= t
            expected = (
                int(np.sum(predicted & (y == 1))),
                int(np.sum(~predicted & (y == 1))),
                int(np.sum(predicted & (y == 0))),
                int(np.sum(~predicted & (y == 0))),
            )
            assert data.counts(t) == expected
            assert tuple(int(cell[k]) for cell in at_once) == expected
        cp_positive, cp_negative = data.cdf(ts)
        for k, x in enumerate(ts):
            assert cp_positive[k] == np.mean(scores[y == 1] <= x)
            assert cp_negative[k] == np.mean(scores[y == 0] <= x)
            assert data.cdf(x) == (cp_positive[k], cp_negative[k])


def test_scored_data_counts_of_the_spam_example(spam_table):
    data = ScoredData(spam_table.target, spam_table.score, positive="spam")
    assert data.counts(0.5) == Counts(tp=6, fn=3, fp=2, tn=9)  # Tabela 3
    assert data.counts(0.75) == (4, 5, 1, 10)
    assert isinstance(data.counts(0.5).tp, int)
    assert data.counts([[0.25, 0.5]]).tp.tolist() == [[7, 6]]  # shaped like t
    assert (data.n_positive, data.n_negative, len(data)) == (9, 11, 20)
    assert repr(data) == (
        "ScoredData(n=20, positive='spam', n_positive=9, n_negative=11, distinct_scores=20)"
    )


def test_every_function_takes_scored_data_and_gives_the_same_answer():
    for y, scores in CASES[:60]:
        data = ScoredData(y, scores, positive=1)
        assert roc_auc(data) == roc_auc(y, scores, positive=1)
        assert roc_auc(data) == pytest.approx(roc_auc_score(y, scores), abs=1e-12)
        assert ks_statistic(data) == ks_statistic(y, scores, positive=1)
        for function in (roc_curve, ks_curve, lambda *a, **k: gain_lift(*a, bins=2, **k)):
            from_data, from_input = function(data), function(y, scores, positive=1)
            for column in from_data.columns:
                np.testing.assert_array_equal(from_data[column], from_input[column])


def test_roc_auc_is_exact_in_integers():
    """Every pair but one tie ordered correctly: (98 + ½) / 99, compared exactly."""
    y = [1] * 9 + [0] * 11
    scores = list(range(9)) + list(range(-11, 0))
    scores[0] = -1.0  # one positive now ties with the highest negative
    wins = sum(p > n for p in scores[:9] for n in scores[9:])
    ties = sum(p == n for p in scores[:9] for n in scores[9:])
    assert (wins, ties) == (98, 1)
    assert roc_auc(y, scores, positive=1) == (2 * wins + ties) / (2 * 99)


def test_scored_data_is_read_only_and_shared():
    data = ScoredData(Y4, S4, positive=1)
    for array in (data.scores, data.is_positive, data.labels, data.thresholds, data.tp):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0
    curve = roc_curve(data)
    with pytest.raises(ValueError, match="read-only"):
        curve.tp[0] = 5
    assert data.counts(np.inf) == (0, 2, 0, 2)  # unchanged
    y, scores = np.array(Y4), np.array(S4)
    ScoredData(y, scores, positive=1)
    y[0], scores[0] = 0, 0.5  # the caller's arrays stay writeable


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda d: roc_auc(d, S4), TypeError, "either a ScoredData alone"),
        (lambda d: roc_curve(d, positive=1), TypeError, "either a ScoredData alone"),
        (
            lambda d: roc_auc(["p", "n", "p", "n"], S4),
            ValueError,
            "pass positive= to name the positive class",
        ),
        (lambda d: d.counts("0.5"), TypeError, "threshold must be a number"),
        (lambda d: d.counts(math.nan), ValueError, "threshold must be a number; got nan"),
        (lambda d: d.counts([0.5, math.nan]), ValueError, "threshold contains nan at position 1"),
        (lambda d: d.counts(["a"]), TypeError, "threshold must hold numbers"),
        (lambda d: d.cdf([[0.1], [0.2, 0.3]]), ValueError, "x must be a flat sequence"),
        (lambda d: ScoredData(Y4, S4, positive=2), ValueError, "positive=2 does not occur"),
    ],
)
def test_scored_data_bad_input(call, error, fragment):
    with pytest.raises(error, match=fragment):
        call(ScoredData(Y4, S4, positive=1))


def test_scored_data_without_negatives():
    data = ScoredData([1, 1], [0.2, 0.4], positive=1)
    assert data.counts(0.3) == (1, 1, 0, 0)
    with pytest.raises(ValueError, match="negatives too"):
        roc_curve(data)
    with pytest.warns(UndefinedMetricWarning, match="roc_auc"):
        assert math.isnan(roc_auc(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        cp_positive, cp_negative = data.cdf(0.3)
    assert cp_positive == 0.5 and math.isnan(cp_negative)


# ====================================================================== the ROC curve
def test_roc_curve_result_is_arrays_shown_as_a_table(spam_table):
    curve = roc_curve(spam_table.target, spam_table.score, positive="spam")
    assert isinstance(curve, Curve) and curve.kind == "roc"
    assert curve.columns == ("threshold", "fpr", "tpr", "tp", "fp")
    assert all(isinstance(curve[c], np.ndarray) for c in curve.columns)
    assert curve.tp.dtype == np.int64 and curve.fpr.dtype == np.float64
    frame = curve.to_frame()
    assert list(frame.columns) == list(curve.columns) and len(frame) == len(curve) == 21
    assert repr(curve) == "ROC curve, 21 points\n" + repr(frame)
    assert curve._repr_html_().endswith(frame._repr_html_())
    np.testing.assert_array_equal(frame.fpr.to_numpy(), curve.fpr)
    with pytest.raises(KeyError, match="to_frame"):
        curve[curve.threshold > 0.5]
    with pytest.raises(TypeError, match="not iterable"):
        iter(curve)


# ---------------------------------------------------------------------- auc of any points
def test_auc_of_points_given_right_to_left_is_positive():
    """auc([1, 0], [1, 1]) is +1.0, as scikit-learn and the docstring say (not −1.0)."""
    assert auc([1, 0], [1, 1]) == 1.0
    assert auc([1, 0.5, 0.5, 0], [1, 1, 0.5, 0]) == sk_auc([1, 0.5, 0.5, 0], [1, 1, 0.5, 0])


def test_auc_matches_sklearn_on_random_monotone_points():
    rng = np.random.default_rng(11)
    for case in range(300):
        n = int(rng.integers(2, 40))
        x = np.cumsum(rng.integers(0, 3, n) * rng.random(n))  # non-decreasing, with repeats
        y = rng.normal(size=n)
        if case % 2:
            x = x[::-1]  # non-increasing
        assert auc(x, y) == pytest.approx(sk_auc(x, y), rel=1e-12, abs=1e-12)


def test_auc_of_a_reversed_roc_curve_is_the_auc():
    curve = roc_curve(Y4, S4, positive=1)
    assert auc(curve.fpr[::-1], curve.tpr[::-1]) == roc_auc(Y4, S4, positive=1) == 0.75
