"""McNemar, DeLong and the 5×2cv tests: values, edge cases and bad input.

Cross-checked on many random inputs (ties, tiny n, no discordant pairs): McNemar against
statsmodels, the 5×2cv t and F tests against mlxtend given the same splits, and DeLong's
variance against its structural-components formula written out and against a large
stratified bootstrap.
"""

import math
import warnings

import numpy as np
import pytest
from mlxtend.evaluate import combined_ftest_5x2cv
from mlxtend.evaluate import paired_ttest_5x2cv as mlxtend_paired_ttest_5x2cv
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

import evalbook
from evalbook import roc_auc
from evalbook.inference import delong_test, f_test_5x2cv, mcnemar_test, paired_ttest_5x2cv


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


# ------------------------------------------------ against statsmodels, mlxtend, DeLong's formula
CASES = 200
TOL = 1e-12


def test_mcnemar_matches_statsmodels():
    rng = np.random.default_rng(6)
    for _ in range(CASES):
        n = int(rng.choice([1, 2, 5, 20, 100]))
        y = rng.integers(0, 3, size=n)
        a = np.where(rng.random(n) < rng.random(), y, (y + 1) % 3)
        b = np.where(rng.random(n) < rng.random(), y, (y + 2) % 3)
        if rng.random() < 0.1:
            b = a.copy()  # no discordant pairs
        right_a, right_b = a == y, b == y
        table = [
            [np.sum(right_a & right_b), np.sum(right_a & ~right_b)],
            [np.sum(~right_a & right_b), np.sum(~right_a & ~right_b)],
        ]
        exact = mcnemar_test(y, a, b, exact=True)
        reference = sm_mcnemar(table, exact=True)
        assert exact.statistic == reference.statistic
        assert exact.p_value == pytest.approx(reference.pvalue, abs=TOL)
        if table[0][1] + table[1][0] == 0:
            continue  # statsmodels divides 0 by 0 there; ours warns (tested elsewhere)
        for correction in (True, False):
            ours = mcnemar_test(y, a, b, exact=False, correction=correction)
            reference = sm_mcnemar(table, exact=False, correction=correction)
            assert ours.statistic == pytest.approx(reference.statistic, abs=TOL)
            assert ours.p_value == pytest.approx(reference.pvalue, abs=TOL)


def _psi_double_sum(positive_scores, negative_scores):
    """DeLong's structural components written out: the O(mn) double sum of ψ."""
    psi = (positive_scores[:, None] > negative_scores[None, :]) + 0.5 * (
        positive_scores[:, None] == negative_scores[None, :]
    )
    return psi.mean(axis=1), psi.mean(axis=0)


def _delong_written_out(is_positive, a, b):
    """DeLong et al. (1988), eqs. for S10, S01 and the variance of the difference."""
    m, n = int(is_positive.sum()), int((~is_positive).sum())
    v10, v01 = [], []
    for s in (a, b):
        x, y = _psi_double_sum(s[is_positive], s[~is_positive])
        v10.append(x)
        v01.append(y)
    v10, v01 = np.array(v10), np.array(v01)
    theta = v10.mean(axis=1)
    s10 = np.empty((2, 2))
    s01 = np.empty((2, 2))
    for r in range(2):
        for s in range(2):
            s10[r, s] = np.sum((v10[r] - theta[r]) * (v10[s] - theta[s])) / (m - 1)
            s01[r, s] = np.sum((v01[r] - theta[r]) * (v01[s] - theta[s])) / (n - 1)
    cov = s10 / m + s01 / n
    return theta, cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]


def test_delong_matches_the_structural_components_written_out():
    rng = np.random.default_rng(7)
    for _ in range(CASES):
        n = int(rng.choice([4, 5, 10, 30]))
        y = np.concatenate([[1, 1, 0, 0], rng.integers(0, 2, size=n - 4)])
        tied = rng.random() < 0.5
        a = rng.integers(0, 4, size=n) / 4 if tied else rng.random(n) + y * rng.random()
        b = rng.integers(0, 4, size=n) / 4 if tied else rng.random(n) + y * rng.random()
        theta, variance = _delong_written_out(y == 1, a, b)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 0/0 when the two AUCs and their variance tie
            result = delong_test(y, a, b, positive=1)
        np.testing.assert_allclose([result.auc_a, result.auc_b], theta, rtol=0, atol=TOL)
        assert result.std_error**2 == pytest.approx(max(variance, 0.0), abs=TOL)


def test_delong_variance_agrees_with_a_large_stratified_bootstrap():
    rng = np.random.default_rng(8)
    m = n = 150
    y = np.array([1] * m + [0] * n)
    latent = rng.normal(size=m + n) + 1.2 * y
    a = latent + rng.normal(scale=0.6, size=m + n)
    b = latent + rng.normal(scale=1.0, size=m + n)
    result = delong_test(y, a, b, positive=1)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    draws = 3000
    differences = np.empty(draws)
    for d in range(draws):  # resample positives and negatives separately, as pROC does
        sample = np.concatenate([rng.choice(positives, m), rng.choice(negatives, n)])
        ys = y[sample]
        differences[d] = roc_auc(ys, a[sample], positive=1) - roc_auc(ys, b[sample], positive=1)
    bootstrap_sd = differences.std(ddof=1)
    # the bootstrap SD has a relative sampling error of about 1/sqrt(2·draws) = 1.3%
    assert result.std_error == pytest.approx(bootstrap_sd, rel=0.08)


def _accuracy(estimator, X, y):
    return float(np.mean(estimator.predict(X) == y))


class _Recorder:
    """A scorer that records the scores mlxtend computes, split by split."""

    def __init__(self):
        self.scores = []

    def __call__(self, estimator, X, y):
        score = _accuracy(estimator, X, y)
        self.scores.append(score)
        return score

    def by_model(self):
        """(scores_a, scores_b), each 5×2: mlxtend scores model A then B on each fold."""
        table = np.array(self.scores).reshape(5, 2, 2)  # replication, fold, model
        return table[:, :, 0], table[:, :, 1]


@pytest.mark.slow
def test_5x2cv_tests_match_mlxtend_on_the_same_splits(centroid_classifier):
    rng = np.random.default_rng(9)
    checked = 0
    for seed in range(CASES):
        n = int(rng.integers(12, 40))
        y = rng.integers(0, 2, size=n)
        y[:2] = [0, 1]
        X = rng.normal(size=(n, 2)) + y[:, None] * rng.uniform(0, 2, size=2)
        models = [centroid_classifier(0), centroid_classifier(1)]
        t_recorder, f_recorder = _Recorder(), _Recorder()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                t_ref, pt_ref = mlxtend_paired_ttest_5x2cv(
                    *models, X, y, scoring=t_recorder, random_seed=seed
                )
                f_ref, pf_ref = combined_ftest_5x2cv(
                    *models, X, y, scoring=f_recorder, random_seed=seed
                )
            except (ValueError, IndexError):
                continue  # a half without one of the classes: the centroid cannot fit
            t, pt = paired_ttest_5x2cv(*t_recorder.by_model())
            f, pf = f_test_5x2cv(*f_recorder.by_model())
        assert t_recorder.scores == f_recorder.scores  # same seed, same splits
        if np.isfinite(t_ref):
            assert t == pytest.approx(t_ref, abs=1e-9) and pt == pytest.approx(pt_ref, abs=1e-9)
        if np.isfinite(f_ref):
            assert f == pytest.approx(f_ref, abs=1e-9) and pf == pytest.approx(pf_ref, abs=1e-9)
            checked += 1
    assert checked >= 150
