"""Issue 15's metrics against independent implementations, on many random inputs.

scikit-learn (precision-recall curve, average precision, Brier score, calibration curve,
multiclass ROC AUC), statsmodels (McNemar), mlxtend (5×2cv t and F tests, bias-variance
decomposition, given the same splits and draws), and DeLong's variance against its
structural-components formula written out and against a large stratified bootstrap.
Inputs have ties, tiny n, a single class in the target or in the predictions.
"""

import warnings

import numpy as np
import pytest
from mlxtend.evaluate import bias_variance_decomp, combined_ftest_5x2cv, paired_ttest_5x2cv
from sklearn.calibration import calibration_curve as sk_calibration_curve
from sklearn.metrics import (
    average_precision_score,
    brier_score_loss,
    roc_auc_score,
)
from sklearn.metrics import (
    precision_recall_curve as sk_precision_recall_curve,
)
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from evalbook import roc_auc
from evalbook.bias_variance import bias_variance_decomposition
from evalbook.calibration import brier_score, calibration_curve, expected_calibration_error
from evalbook.paired_tests import delong_test, f_test_5x2cv, mcnemar_test
from evalbook.paired_tests import paired_ttest_5x2cv as our_paired_ttest_5x2cv
from evalbook.precision_recall import (
    average_precision,
    fbeta_curve,
    multiclass_roc_auc,
    precision_recall_curve,
)

CASES = 200
TOL = 1e-12


def _binary_case(rng, *, negatives=True):
    """Labels (strings, at least one positive) and scores, often tied, sometimes tiny n."""
    n = int(rng.choice([1, 2, 3, 5, 8, 20, 60]))
    y = np.where(rng.random(n) < rng.uniform(0.1, 0.9), "pos", "neg")
    y[rng.integers(n)] = "pos"
    if not negatives:
        y[:] = "pos"
    tied = rng.random() < 0.5  # few distinct values: many ties
    scores = rng.integers(0, 4, size=n) / 4 if tied else rng.random(n)
    return y, scores


def test_precision_recall_curve_and_ap_match_sklearn():
    rng = np.random.default_rng(1)
    for _ in range(CASES):
        y, scores = _binary_case(rng, negatives=rng.random() < 0.9)
        ours = precision_recall_curve(y, scores, positive="pos")
        precision, recall, thresholds = sk_precision_recall_curve(y, scores, pos_label="pos")
        np.testing.assert_allclose(ours.precision[::-1], precision, rtol=0, atol=TOL)
        np.testing.assert_allclose(ours.recall[::-1], recall, rtol=0, atol=TOL)
        np.testing.assert_array_equal(ours.threshold[1:][::-1], thresholds)
        expected = average_precision_score(y == "pos", scores)
        assert average_precision(y, scores, positive="pos") == pytest.approx(expected, abs=TOL)


def test_fbeta_curve_matches_fbeta_of_each_thresholded_prediction():
    rng = np.random.default_rng(2)
    for _ in range(CASES):
        y, scores = _binary_case(rng)
        beta = float(rng.choice([0.5, 1.0, 2.0]))
        curve = fbeta_curve(y, scores, positive="pos", beta=beta)
        is_positive = y == "pos"
        for t, value in zip(curve["threshold"], curve["fbeta"], strict=True):
            predicted = scores >= t
            precision = np.sum(predicted & is_positive) / np.sum(predicted)
            recall = np.sum(predicted & is_positive) / np.sum(is_positive)
            expected = (
                0.0
                if precision + recall == 0
                else (1 + beta**2) * precision * recall / (beta**2 * precision + recall)
            )
            assert value == pytest.approx(expected, abs=TOL)


def _probability_case(rng):
    y, _ = _binary_case(rng)
    n = y.size
    kind = rng.integers(3)
    if kind == 0:
        p = np.round(rng.random(n), 1)  # values on the uniform bin edges
    elif kind == 1:
        p = rng.beta(0.5, 0.5, size=n)
    else:
        p = rng.integers(0, 3, size=n) / 2  # 0, 0.5 and 1 only
    return y, p


def test_brier_and_calibration_curve_match_sklearn():
    rng = np.random.default_rng(3)
    for _ in range(CASES):
        y, p = _probability_case(rng)
        expected = brier_score_loss(y, p, pos_label="pos")
        assert brier_score(y, p, positive="pos") == pytest.approx(expected, abs=TOL)
        if np.unique(y).size < 2:
            continue  # sklearn's calibration_curve refuses a single class; ours accepts it
        bins = int(rng.integers(1, 13))
        for strategy in ("uniform", "quantile"):
            table = calibration_curve(y, p, positive="pos", bins=bins, strategy=strategy)
            true, predicted = sk_calibration_curve(
                y, p, pos_label="pos", n_bins=bins, strategy=strategy
            )
            np.testing.assert_allclose(table["fraction_positive"], true, rtol=0, atol=TOL)
            np.testing.assert_allclose(table["mean_predicted"], predicted, rtol=0, atol=TOL)
            assert table["count"].sum() == y.size


def test_expected_calibration_error_matches_a_loop_over_uniform_bins():
    rng = np.random.default_rng(4)
    for _ in range(CASES):
        y, p = _probability_case(rng)
        bins = int(rng.integers(1, 13))
        edges = np.linspace(0, 1, bins + 1)
        total = 0.0
        for b in range(bins):
            inside = (p > edges[b]) & (p <= edges[b + 1])
            if b == 0:
                inside |= p == 0
            if inside.any():
                gap = abs(np.mean(y[inside] == "pos") - np.mean(p[inside]))
                total += inside.sum() / p.size * gap
        ours = expected_calibration_error(y, p, positive="pos", bins=bins)
        assert ours == pytest.approx(total, abs=TOL)


def test_multiclass_roc_auc_matches_sklearn_ovr():
    rng = np.random.default_rng(5)
    for case in range(CASES):
        k = int(rng.integers(3, 6))
        labels = [f"c{j}" for j in range(k)]
        n = int(rng.integers(k, 40))
        y = np.array(labels + [labels[i] for i in rng.integers(0, k, size=n - k)])
        raw = rng.integers(1, 4, size=(n, k)) if rng.random() < 0.5 else rng.random((n, k))
        scores = raw / raw.sum(axis=1, keepdims=True)  # sklearn wants rows summing to 1
        average = ("macro", "weighted")[case % 2]  # one sklearn call per case: it is slow
        ours = getattr(multiclass_roc_auc(y, scores, labels=labels), average)
        expected = roc_auc_score(y, scores, multi_class="ovr", average=average, labels=labels)
        assert ours == pytest.approx(expected, abs=TOL)


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


class _Centroid:
    """A tiny deterministic classifier (nearest class mean on one feature), fast to fit."""

    _estimator_type = "classifier"

    def __init__(self, feature=0):
        self.feature = feature

    def get_params(self, deep=True):
        return {"feature": self.feature}

    def set_params(self, **params):
        self.feature = params["feature"]
        return self

    def fit(self, X, y):
        x = np.asarray(X)[:, self.feature]
        self.classes_ = np.unique(y)
        self.means_ = np.array([x[y == c].mean() for c in self.classes_])
        return self

    def predict(self, X):
        x = np.asarray(X)[:, self.feature]
        return self.classes_[np.argmin(np.abs(x[:, None] - self.means_[None, :]), axis=1)]


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


def test_5x2cv_tests_match_mlxtend_on_the_same_splits():
    rng = np.random.default_rng(9)
    checked = 0
    for seed in range(CASES):
        n = int(rng.integers(12, 40))
        y = rng.integers(0, 2, size=n)
        y[:2] = [0, 1]
        X = rng.normal(size=(n, 2)) + y[:, None] * rng.uniform(0, 2, size=2)
        models = [_Centroid(0), _Centroid(1)]
        t_recorder, f_recorder = _Recorder(), _Recorder()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                t_ref, pt_ref = paired_ttest_5x2cv(
                    *models, X, y, scoring=t_recorder, random_seed=seed
                )
                f_ref, pf_ref = combined_ftest_5x2cv(
                    *models, X, y, scoring=f_recorder, random_seed=seed
                )
            except (ValueError, IndexError):
                continue  # a half without one of the classes: the centroid cannot fit
            t, pt = our_paired_ttest_5x2cv(*t_recorder.by_model())
            f, pf = f_test_5x2cv(*f_recorder.by_model())
        assert t_recorder.scores == f_recorder.scores  # same seed, same splits
        if np.isfinite(t_ref):
            assert t == pytest.approx(t_ref, abs=1e-9) and pt == pytest.approx(pt_ref, abs=1e-9)
        if np.isfinite(f_ref):
            assert f == pytest.approx(f_ref, abs=1e-9) and pf == pytest.approx(pf_ref, abs=1e-9)
            checked += 1
    assert checked >= 150


class _Stump:
    """A tiny deterministic regressor: the mean target on each side of feature 0's median."""

    def fit(self, X, y):
        x = np.asarray(X)[:, 0]
        self.cut_ = np.median(x)
        left = x <= self.cut_
        self.left_ = y[left].mean()
        self.right_ = y[~left].mean() if (~left).any() else self.left_
        return self

    def predict(self, X):
        return np.where(np.asarray(X)[:, 0] <= self.cut_, self.left_, self.right_)


class _SafeCentroid(_Centroid):
    """The centroid classifier, predicting integer labels (mlxtend counts them)."""

    def fit(self, X, y):
        if np.unique(y).size == 1:
            self.only_ = y[0]
            return self
        self.only_ = None
        return super().fit(X, y)

    def predict(self, X):
        if self.only_ is not None:
            return np.full(len(X), self.only_, dtype=np.int64)
        return super().predict(X).astype(np.int64)


@pytest.mark.parametrize("loss", ["0-1", "squared"])
def test_bias_variance_matches_mlxtend_on_the_same_draws(loss):
    rng = np.random.default_rng(10)
    for seed in range(CASES):
        n = int(rng.integers(6, 30))
        X = rng.normal(size=(n, 2))
        if loss == "0-1":
            y = (X[:, 0] + rng.normal(scale=0.7, size=n) > 0).astype(np.int64)
            model = _SafeCentroid()
        else:
            y = X[:, 0] + rng.normal(scale=0.5, size=n)
            model = _Stump()
        size = n // 2 + 2
        train, test = slice(0, size), slice(size, n)
        rounds = int(rng.integers(2, 30))
        state = np.random.RandomState(seed)  # mlxtend's draws, repeated
        predictions = []
        for _ in range(rounds):
            sample = state.choice(np.arange(size), size=size, replace=True)
            predictions.append(model.fit(X[train][sample], y[train][sample]).predict(X[test]))
        ours = bias_variance_decomposition(y[test], np.array(predictions), loss=loss)
        reference = bias_variance_decomp(
            model,
            X[train],
            y[train],
            X[test],
            y[test],
            loss="0-1_loss" if loss == "0-1" else "mse",
            num_rounds=rounds,
            random_seed=seed,
        )
        np.testing.assert_allclose(ours, reference, rtol=0, atol=TOL)
