"""McNemar, DeLong and the 5×2cv tests: values, edge cases and bad input."""

import math

import numpy as np
import pytest
from scipy import stats

import evalbook
from evalbook.paired_tests import delong_test, f_test_5x2cv, mcnemar_test, paired_ttest_5x2cv


def test_mcnemar_counts_only_the_discordant_instances():
    y = np.array([1] * 30)
    a = np.array([1] * 20 + [0] * 10)  # right on the first 20
    b = np.array([1] * 12 + [0] * 8 + [1] * 5 + [0] * 5)  # right on 12 of those, 5 others
    result = mcnemar_test(y, a, b, exact=False)
    assert (result.only_a_right, result.only_b_right) == (8, 5)
    assert result.statistic == pytest.approx((3 - 1) ** 2 / 13)
    assert result.p_value == pytest.approx(stats.chi2.sf(4 / 13, 1))
    exact = mcnemar_test(y, a, b)
    assert exact.p_value == pytest.approx(stats.binomtest(5, 13).pvalue)


def test_mcnemar_without_disagreement():
    y = [1, 0, 1]
    assert mcnemar_test(y, y, y).p_value == 1.0
    with pytest.warns(evalbook.UndefinedMetricWarning, match="b \\+ c = 0"):
        result = mcnemar_test(y, y, y, exact=False)
    assert math.isnan(result.statistic) and math.isnan(result.p_value)


def test_delong_of_identical_scores_is_undefined_and_of_perfect_vs_flat_infinite():
    y = [1, 1, 0, 0]
    with pytest.warns(evalbook.UndefinedMetricWarning, match="DeLong"):
        same = delong_test(y, [0.9, 0.8, 0.2, 0.1], [0.9, 0.8, 0.2, 0.1], positive=1)
    assert same.difference == 0 and math.isnan(same.z)
    result = delong_test(y, [0.9, 0.8, 0.2, 0.1], [0.5] * 4, positive=1)
    assert result.difference == 0.5 and result.z == math.inf and result.p_value == 0.0


def test_delong_pairing_matters():
    rng = np.random.default_rng(0)
    y = np.repeat([1, 0], 60)
    latent = rng.normal(size=120) + y
    a = latent + rng.normal(scale=0.3, size=120)
    b = latent + rng.normal(scale=0.3, size=120)
    paired = delong_test(y, a, b, positive=1)
    shuffled_b = b.copy()
    for group in (y == 1, y == 0):  # same AUC, pairing destroyed
        shuffled_b[group] = rng.permutation(b[group])
    unpaired = delong_test(y, a, shuffled_b, positive=1)
    assert unpaired.auc_b == pytest.approx(paired.auc_b)
    assert paired.std_error < unpaired.std_error / 2


def test_5x2cv_flat_and_table_inputs_agree_and_zero_variance():
    a = np.arange(10) / 100 + 0.8
    b = a[::-1]
    assert paired_ttest_5x2cv(a, b) == paired_ttest_5x2cv(a.reshape(5, 2), b.reshape(5, 2))
    constant = np.full(10, 0.9)
    assert paired_ttest_5x2cv(constant + 0.01, constant).statistic == math.inf
    with pytest.warns(evalbook.UndefinedMetricWarning, match="5x2cv F"):
        assert math.isnan(f_test_5x2cv(constant, constant).statistic)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: mcnemar_test([1, 0], [1, 0], [1], exact=True), ValueError, "predictions_b"),
        (lambda: mcnemar_test([1, 0], [1, 0], [1, 0], exact="yes"), TypeError, "exact"),
        (lambda: mcnemar_test([1, 0], None, [1, 0]), TypeError, "predictions_a"),
        (lambda: delong_test([1, 0, 0], [1, 2, 3], [1, 2, 3], positive=1), ValueError, "2 of each"),
        (
            lambda: delong_test([1, 1, 0, 0], [1, 2, 3, 4], [1, 2], positive=1),
            ValueError,
            "scores_b",
        ),
        (
            lambda: delong_test([1, 1, 0, 0], [1, 2, 3, 4], [1, 2, 3, 4], positive=3),
            ValueError,
            "positive",
        ),
        (lambda: paired_ttest_5x2cv(np.ones(9), np.ones(10)), ValueError, "scores_a must hold 10"),
        (lambda: f_test_5x2cv(np.ones(10), ["x"] * 10), TypeError, "scores_b"),
        (lambda: f_test_5x2cv(np.ones(10), [[1, 2], [3]]), TypeError, "scores_b"),
    ],
)
def test_bad_input_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()
