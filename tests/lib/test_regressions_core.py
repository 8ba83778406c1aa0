"""Regression tests for issue 11 §5 (bad or extreme input) in the core metric modules.

Each test failed on the code before the fix (commit 71def56): a silent wrong number, an
accepted bad argument, or an error of the wrong type or without the argument's name.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import evalbook
from evalbook import (
    ConfusionMatrix,
    UndefinedMetricWarning,
    accuracy,
    adjusted_r2,
    balanced_accuracy,
    bleu,
    cohen_kappa,
    cross_entropy,
    fbeta,
    kappa_breakdown,
    mcc,
    perplexity,
    precision,
    profit,
    r2,
    recall,
    result_types,
    summary,
    top_k_accuracy,
    total_sum_of_squares,
)

HUGE = [[2**62, 2**62], [2**62, 1]]  # every cell below 2**63, the totals above


# ---------------------------------------------------------------------- R² of equal targets
@pytest.mark.parametrize("value", [0.1, 0.7, 1e-300, 123456.789, -3.3])
def test_r2_of_equal_targets_with_an_inexact_mean_is_undefined(value):
    t = [value] * 3  # the mean of three 0.1 is 0.10000000000000002, not 0.1
    with pytest.warns(UndefinedMetricWarning, match="R² is undefined"):
        assert math.isnan(r2(t, [0.2] * 3))
    with pytest.warns(UndefinedMetricWarning, match="adjusted R² is undefined"):
        assert math.isnan(adjusted_r2(t, [0.2] * 3, p=1))
    assert total_sum_of_squares(t) == 0.0
    assert r2(t, [0.2] * 3, zero_division=0.0) == 0.0


# ---------------------------------------------------------------------- totals beyond int64
def test_accuracy_with_totals_beyond_int64():
    n = 3 * 2**62 + 1
    assert accuracy(HUGE) == (2**62 + 1) / n
    assert evalbook.error_rate(HUGE) == 2 * 2**62 / n
    assert ConfusionMatrix(HUGE).n == n
    assert ConfusionMatrix(HUGE).n_correct == 2**62 + 1


def test_balanced_accuracy_with_totals_beyond_int64():
    assert balanced_accuracy(HUGE) == pytest.approx((0.5 + 1 / (2**62 + 1)) / 2, rel=1e-15)
    totals = ConfusionMatrix(HUGE).target_totals
    assert [int(v) for v in totals] == [2**63, 2**62 + 1]


def test_kappa_breakdown_and_summary_with_totals_beyond_int64():
    t, p, n = [2**63, 2**62 + 1], [2**63, 2**62 + 1], 3 * 2**62 + 1
    chance = t[0] * p[0] + t[1] * p[1]
    exact = (n * (2**62 + 1) - chance) / (n * n - chance)
    b = kappa_breakdown(HUGE)
    assert b.n == n and b.observed == 2**62 + 1
    assert b.kappa == exact
    assert cohen_kappa(HUGE) == exact
    # the summary's exact interval needs n ≤ 2**53: refused up front, naming cm and the limit
    with pytest.raises(ValueError, match=r"cm has n = 13835058055282163713 instances.*2\*\*53"):
        summary(HUGE)
    largest = [[2**52, 2**50], [2**50, 2**51]]
    report = summary(largest)
    assert report.overall["accuracy"] == accuracy(largest) == 0.75  # n = 2**53 exactly


def test_mcc_and_kappa_with_large_counts():
    assert mcc([[10**16, 0], [0, 1]]) == 1.0
    assert cohen_kappa([[10**16, 0], [0, 1]]) == 1.0
    assert mcc([[0, 10**16], [1, 0]]) == -1.0
    # a 3×3 matrix with counts near 2**63: the exact value, computed with Python ints
    big = [[2**62, 3, 0], [5, 2**61, 7], [0, 11, 2**60]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert 0.999999 < mcc(big) <= 1.0
        assert 0.999999 < cohen_kappa(big) <= 1.0


def test_one_vs_rest_beyond_int64_is_refused_clearly():
    cm = ConfusionMatrix([[2**62, 2**62, 2**62], [0, 1, 0], [0, 0, 1]], labels=list("abc"))
    with pytest.raises(ValueError, match=r"counts must be below 2\*\*63"):
        cm.one_vs_rest("a")


# ---------------------------------------------------------------------- F-beta limits
@pytest.mark.parametrize("beta", [1e155, 1e200, 1.7e308])
def test_fbeta_of_a_huge_beta_is_the_recall(beta):
    counts = [[6, 3], [2, 9]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fbeta(counts, beta=beta) == recall(counts)


@pytest.mark.parametrize("beta", [1e-155, 1e-200, 5e-324])
def test_fbeta_of_a_tiny_beta_is_the_precision(beta):
    counts = [[6, 3], [2, 9]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fbeta(counts, beta=beta) == precision(counts)


def test_fbeta_limit_keeps_the_0_over_0_policy():
    # β → ∞ is the recall, undefined without actual positives: nan with the warning
    with pytest.warns(UndefinedMetricWarning, match="F-beta is undefined"):
        assert math.isnan(fbeta([[0, 0], [3, 5]], beta=1e200))


# ---------------------------------------------------------------------- result_types
def test_result_types_refuses_a_list_positive():
    with pytest.raises(TypeError, match="positive must be a single class label"):
        result_types([1, 0], [0, 1], positive=[1, 0])
    with pytest.raises(TypeError, match="positive must be a single class label"):
        result_types([1, 0], [0, 1], positive=np.array([1, 0]))


def test_result_types_refuses_mixed_label_types():
    with pytest.raises(TypeError, match="mix labels of different types"):
        result_types([1, "1", 0], [1, 1, 0], positive=1)
    with pytest.raises(TypeError, match="mix labels of different types"):
        ConfusionMatrix.from_labels([1, "1", 0], [1, 1, 0])


def test_result_types_refuses_a_missing_positive():
    with pytest.raises(ValueError, match="positive must be a class label"):
        result_types([1, 0], [0, 1], positive=pd.NA)


# ---------------------------------------------------------------------- profit matrix
@pytest.mark.parametrize(
    "matrix",
    [
        np.array([["1", "2"], ["3", "4"]], dtype=object),
        np.array([["1", "2"], ["3", "4"]]),
        np.array([[1, 2], [True, 4]], dtype=object),
        [[1, 2], [3, None]],
    ],
)
def test_profit_refuses_text_and_objects(matrix):
    with pytest.raises(TypeError, match="profit_matrix must hold numbers"):
        profit([[6, 3], [2, 9]], matrix)


def test_profit_still_takes_object_arrays_of_numbers():
    matrix = np.array([[140, -140], [-700, 0.0]], dtype=object)
    assert profit([[43, 17], [3, 37]], matrix) == 1540.0


# ---------------------------------------------------------------------- labels
def test_labels_refuse_pd_na():
    with pytest.raises(ValueError, match=r"labels contains a missing value \(<NA>\) at position 0"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[pd.NA, 1])
    with pytest.raises(ValueError, match="labels contains a missing value"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[pd.NaT, 1])


def test_labels_refuse_unhashable_values():
    with pytest.raises(TypeError, match=r"labels contains \{\} \(dict\) at position 0"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[{}, {}])
    with pytest.raises(TypeError, match="must be a hashable value"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[{1}, {2}])


@pytest.mark.parametrize("margins", ["yes", 1, None, "False"])
def test_to_frame_margins_must_be_a_bool(margins):
    with pytest.raises(TypeError, match="margins must be True or False"):
        ConfusionMatrix([[1, 2], [3, 4]]).to_frame(margins=margins)


def test_from_labels_keeps_bytes_apart_from_str():
    with pytest.raises(TypeError, match="mix labels of different types"):
        ConfusionMatrix.from_labels([b"a", "b"], ["a", "b"])
    cm = ConfusionMatrix.from_labels([b"a", b"b"], [b"a", b"a"])
    assert cm.labels == [b"a", b"b"]


def test_from_labels_keeps_a_trailing_nul_apart():
    cm = ConfusionMatrix.from_labels(["a", "b", "a\x00"], ["a", "b", "a"])
    assert cm.labels == ["a", "a\x00", "b"]
    assert cm.counts.tolist() == [[1, 0, 0], [1, 0, 0], [0, 0, 1]]
    types = result_types(["a", "a\x00"], ["a", "a"], positive="a")
    assert types.tolist() == ["TP", "FP"]


# ---------------------------------------------------------------------- language
@pytest.mark.parametrize("metric", [cross_entropy, perplexity])
def test_probability_metrics_refuse_labels_beyond_int64(metric):
    with pytest.raises(ValueError, match=r"y_true\[1\] = 1180591620717411303424 is not a col"):
        metric([0, 2**70], [[0.5, 0.5], [0.5, 0.5]])


def test_top_k_refuses_labels_beyond_int64():
    with pytest.raises(ValueError, match=r"y_true\[1\] = 1180591620717411303424 is not a col"):
        top_k_accuracy([0, 2**70], [[0.5, 0.5], [0.5, 0.5]], k=1)
    with pytest.raises(ValueError, match=r"y_true\[0\] = -1180591620717411303424 is not a col"):
        top_k_accuracy([-(2**70)], [[0.5, 0.5]], k=1)


def test_bleu_refuses_a_huge_max_n_up_front():
    with pytest.raises(ValueError, match=r"max_n must be at most 100; got 1000000000"):
        bleu("the cat", "the cat", max_n=10**9)
    assert bleu("a b c", "a b c", max_n=100, smoothing="epsilon") > 0


# ---------------------------------------------------------------------- regression extremes
# Found by the sweep of the other public functions: overflow or underflow inside a
# scale-free metric gave nan, inf or a wrong 0/0 for finite inputs with a finite answer.
def test_smape_and_mape_near_the_float_limit():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert evalbook.smape([1e308], [-1e308]) == 1.0
        assert evalbook.smape([1e308], [-1e308], variant="doubled") == 2.0
        assert evalbook.mape([1e308], [-1e308]) == 2.0
        assert evalbook.mape([5e-324, 1.0], [1e-323, 2.0]) == 1.0


def test_r2_of_huge_and_tiny_values_is_scale_free():
    t, y = np.array([1.0, -1.0, 1.0]), np.array([1.0, -1.0, 0.0])
    expected = r2(t, y)
    assert expected == 0.625
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert r2(t * 1e308, y * 1e308) == expected
        assert r2(t * 1e-200, y * 1e-200) == expected
        assert adjusted_r2(t * 1e-200, y * 1e-200, p=1) == 1 - (1 - expected) * 2 / 1


def test_counts_beyond_int64_name_the_limit():
    # numpy keeps such ints as objects: the message used to suggest a ragged table
    for value in (2**64, -(2**64)):
        with pytest.raises(ValueError, match=r"counts must be non-negative and below 2\*\*63"):
            ConfusionMatrix([[value, 0], [0, 1]])


def test_probability_labels_refuse_unhashable_values():
    with pytest.raises(TypeError, match=r"labels contains \{\} \(dict\) at position 0"):
        top_k_accuracy([0, 1], [[1.0, 2.0], [3.0, 4.0]], k=1, labels=[{}, {}])


def test_exact_metrics_of_random_huge_matrices_against_fractions():
    """accuracy, balanced accuracy, kappa and MCC of matrices with cells up to 2**62 (totals
    beyond int64) against the same formulas in exact rational arithmetic."""
    from fractions import Fraction

    rng = np.random.default_rng(2026)
    for _ in range(200):
        k = int(rng.integers(2, 6))
        exponent = rng.integers(0, 63, size=(k, k))
        counts = [[int(rng.integers(1, 2**62)) >> int(e) for e in row] for row in exponent]
        rows = [sum(row) for row in counts]
        columns = [sum(column) for column in zip(*counts, strict=True)]
        n, hits = sum(rows), sum(counts[i][i] for i in range(k))
        chance = sum(t * p for t, p in zip(rows, columns, strict=True))
        assert accuracy(counts) == float(Fraction(hits, n))
        kappa = Fraction(n * hits - chance, n * n - chance)
        assert cohen_kappa(counts) == float(kappa)
        assert kappa_breakdown(counts).kappa == float(kappa)
        recalls = [Fraction(counts[i][i], rows[i]) for i in range(k)]
        assert balanced_accuracy(counts) == pytest.approx(float(sum(recalls) / k), rel=1e-15)
        squared = Fraction(
            (n * hits - chance) ** 2,
            (n * n - sum(p * p for p in columns)) * (n * n - sum(t * t for t in rows)),
        )
        expected = math.copysign(math.sqrt(squared), n * hits - chance)
        assert mcc(counts) == pytest.approx(expected, rel=1e-15, abs=1e-300)
