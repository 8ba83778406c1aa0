"""Multiclass ROC AUC: micro average and Hand & Till's one-vs-one M, checked against sklearn."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

import evalbook
from evalbook import multiclass_roc_auc


def random_problem(rng):
    """Labels with every class present and probability rows (some tied after rounding)."""
    k = int(rng.integers(3, 7))
    n = int(rng.integers(k + 2, 60))
    y = np.r_[np.arange(k), rng.integers(0, k, n - k)]
    rng.shuffle(y)
    probabilities = rng.dirichlet(np.ones(k), size=n) + np.eye(k)[y] * rng.uniform(0, 1)
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    if rng.random() < 0.5:  # ties; renormalised so that sklearn accepts the rows
        probabilities = np.round(probabilities, 1) + 1e-3
        probabilities /= probabilities.sum(axis=1, keepdims=True)
    return y, probabilities, list(range(k))


def direct_auc(is_class, scores):
    positives, negatives = scores[is_class], scores[~is_class]
    psi = (positives[:, None] > negatives) + 0.5 * (positives[:, None] == negatives)
    return psi.mean()


def test_micro_and_one_vs_one_match_the_formulas_on_random_problems():
    """Hand & Till's M and the pooled (micro) AUC written out with the O(m·n) double sum."""
    rng = np.random.default_rng(2)
    for _ in range(300):
        y, probabilities, labels = random_problem(rng)
        k = len(labels)
        pairs = []
        for i in range(k):
            for j in range(i + 1, k):
                both = (y == i) | (y == j)
                first = direct_auc(y[both] == i, probabilities[both, i])
                second = direct_auc(y[both] == j, probabilities[both, j])
                pairs.append((first + second) / 2)
        indicator = (y[:, None] == np.arange(k)).ravel()
        result = multiclass_roc_auc(y, probabilities, labels=labels)
        assert result.one_vs_one == pytest.approx(np.mean(pairs), abs=1e-12)
        assert result.micro == pytest.approx(
            direct_auc(indicator, probabilities.ravel()), abs=1e-12
        )


def test_micro_and_one_vs_one_match_sklearn_on_random_problems():
    rng = np.random.default_rng(0)
    for _ in range(30):  # scikit-learn's multiclass checks are slow: a sample
        y, probabilities, labels = random_problem(rng)
        result = multiclass_roc_auc(y, probabilities, labels=labels)
        ovo = roc_auc_score(y, probabilities, multi_class="ovo", average="macro", labels=labels)
        micro = roc_auc_score(y, probabilities, multi_class="ovr", average="micro", labels=labels)
        macro = roc_auc_score(y, probabilities, multi_class="ovr", average="macro", labels=labels)
        assert result.one_vs_one == pytest.approx(ovo, abs=1e-12)
        assert result.micro == pytest.approx(micro, abs=1e-12)
        assert result.macro == pytest.approx(macro, abs=1e-12)


def test_one_vs_one_ignores_the_class_proportions_and_one_vs_rest_does_not():
    """Hand & Till's M compares two classes on their own instances only: repeating the
    instances of one class leaves each pairwise AUC, and M, unchanged."""
    rng = np.random.default_rng(1)
    y = np.repeat([0, 1, 2], 20)
    probabilities = rng.dirichlet(np.ones(3), size=60) + 0.5 * np.eye(3)[y]
    labels = [0, 1, 2]
    repeated = np.r_[np.arange(y.size), np.repeat(np.flatnonzero(y == 0), 5)]
    before = multiclass_roc_auc(y, probabilities, labels=labels)
    after = multiclass_roc_auc(y[repeated], probabilities[repeated], labels=labels)
    assert after.one_vs_one == pytest.approx(before.one_vs_one, abs=1e-12)
    assert after.weighted != pytest.approx(before.weighted, abs=1e-6)


def test_hand_and_till_by_hand_on_three_instances():
    # classes a, b, c with one instance each: every pairwise AUC is 0, ½ or 1
    y = ["a", "b", "c"]
    scores = [[0.6, 0.3, 0.1], [0.5, 0.4, 0.1], [0.2, 0.4, 0.4]]
    result = multiclass_roc_auc(y, scores, labels=["a", "b", "c"])
    # (a,b): A(a|b) = 1 (0.6 > 0.5), A(b|a) = 1 (0.4 > 0.3) -> 1
    # (a,c): A(a|c) = 1 (0.6 > 0.2), A(c|a) = 1 (0.4 > 0.1) -> 1
    # (b,c): A(b|c) = ½ (0.4 = 0.4), A(c|b) = 1 (0.4 > 0.1) -> 0.75
    assert result.one_vs_one == pytest.approx((1 + 1 + 0.75) / 3)


# ---------------------------------------------------------------------- intervals
def three_classes(rng, per_class, shift=1.0):
    """Column j scores class j: N(shift, 1) for its class, N(0, 1) for the others, so every
    one-vs-rest and one-vs-one AUC is Φ(shift / √2)."""
    y = np.repeat(np.arange(3), per_class)
    scores = rng.normal(size=(y.size, 3))
    scores[np.arange(y.size), y] += shift
    return y, scores


@pytest.mark.parametrize(
    ("average", "sklearn_options"),
    [
        ("macro", {"multi_class": "ovr", "average": "macro"}),
        ("weighted", {"multi_class": "ovr", "average": "weighted"}),
        ("one_vs_one", {"multi_class": "ovo", "average": "macro"}),
    ],
)
def test_multiclass_auc_interval_is_the_stratified_bootstrap_of_sklearns_auc(
    average, sklearn_options
):
    """The percentiles of scikit-learn's AUC on the resamples that draw each class apart
    (in sorted order of the classes), with the same draws."""
    from scipy.special import softmax

    rng = np.random.default_rng(110)
    y, scores = three_classes(rng, 12)
    scores = softmax(scores, axis=1)  # scikit-learn wants rows that sum to 1
    ours = evalbook.multiclass_roc_auc_interval(
        y, scores, labels=[0, 1, 2], average=average, n_resamples=120, seed=4
    )
    draws = np.random.default_rng(4)
    members = [np.flatnonzero(y == label) for label in (0, 1, 2)]
    drawn = np.concatenate(
        [where[draws.integers(0, where.size, (120, where.size))] for where in members], axis=1
    )
    values = [roc_auc_score(y[row], scores[row], **sklearn_options) for row in drawn]
    assert ours == pytest.approx(tuple(np.quantile(values, [0.025, 0.975])), abs=1e-12)


def test_multiclass_auc_interval_refuses_bad_input_by_name():
    rng = np.random.default_rng(111)
    y, scores = three_classes(rng, 5)
    with pytest.raises(ValueError, match="average must be"):
        evalbook.multiclass_roc_auc_interval(y, scores, labels=[0, 1, 2], average="mean")
    with pytest.raises(ValueError, match="y_score has 2 columns"):
        evalbook.multiclass_roc_auc_interval(y, scores[:, :2], labels=[0, 1, 2])
    with pytest.raises(ValueError, match="method must be"):
        evalbook.multiclass_roc_auc_interval(y, scores, labels=[0, 1, 2], method="delong")


@pytest.mark.slow
def test_multiclass_auc_intervals_cover_the_true_auc():
    """30 instances per class, true AUC Φ(1/√2) = 0.760 for every average; 100 data sets,
    200 resamples each, the macro average. Recorded coverage of the 95% percentile
    interval: 91 of 100 (one_vs_one: 91 too; with 200 data sets and 300 resamples, 185 of
    200, 92.5%, for both): a little under 95%, as the AUC's percentile interval at small n."""
    from scipy.stats import norm

    truth = norm.cdf(1 / np.sqrt(2))
    rng = np.random.default_rng(112)
    covered = {"macro": 0}
    for trial in range(100):
        y, scores = three_classes(rng, 30)
        for average in covered:
            lower, upper = evalbook.multiclass_roc_auc_interval(
                y, scores, labels=[0, 1, 2], average=average, n_resamples=200, seed=trial
            )
            covered[average] += lower <= truth <= upper
    assert covered == RECORDED_MULTICLASS_COVERAGE


RECORDED_MULTICLASS_COVERAGE = {"macro": 91}
