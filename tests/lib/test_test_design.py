"""Designing a test set: interval widths and sizes, McNemar's and the AUC's power and sample
sizes, the minimum detectable difference and the best of k useless models.

Published values (Cochran's 385, Connor's 23 pairs, pROC's documented power 0.9897453 and
Obuchowski, Lieber & Wians' Table 4), statsmodels where it computes the same thing, exact
enumerations of the tests on small test sets, and simulation: the nominal power within
Monte Carlo error on thousands of simulated test sets per case (``slow``).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.stats import binom, norm

import evalbook
from evalbook import (
    SampleSize,
    accuracy_interval,
    accuracy_sample_size,
    expected_best_accuracy,
    expected_interval_width,
    mcnemar_power,
    mcnemar_sample_size,
    mcnemar_test,
    minimum_detectable_difference,
    roc_auc_difference_power,
    roc_auc_difference_sample_size,
    roc_auc_power,
    roc_auc_sample_size,
)

N_SIMULATED = 4000


def _within_monte_carlo(observed: float, nominal: float, trials: int, *, slack=0.0) -> bool:
    """Within four standard errors of a share of ``trials`` (about 1 in 16,000 to fail by
    chance), plus ``slack`` for an approximation's own error."""
    se = math.sqrt(max(nominal * (1 - nominal), 1e-4) / trials)
    return abs(observed - nominal) <= 4 * se + slack


# ---------------------------------------------------------------------- published values
def test_the_wald_size_for_a_margin_of_five_points_is_cochrans_385():
    assert accuracy_sample_size(0.1, method="normal") == 385
    assert accuracy_sample_size(0.2, method="normal") == 97  # ±0.10: 96.04 → 97


def test_connors_example_needs_23_pairs_two_sided_and_one_sided():
    # Connor (1987), p. 209, as powerandsamplesize.com works it: p01 = 0.45, p10 = 0.05
    assert mcnemar_sample_size(difference=-0.4, discordant=0.5) == 23
    assert mcnemar_sample_size(difference=0.4, discordant=0.5) == 23
    one = mcnemar_sample_size(difference=0.4, discordant=0.5, power=0.9, alternative="one-sided")
    assert one == 23


def test_proc_documented_power_of_one_auc():
    # pROC: power.roc.test(ncases=41, ncontrols=72, auc=0.73) -> power = 0.9897453
    assert roc_auc_power(0.73, n_positive=41, n_negative=72) == pytest.approx(0.9897453, abs=1e-7)


@pytest.mark.parametrize("ratio", [0.25, 0.5, 1, 2, 4])
def test_obuchowski_lieber_wians_table_4(ratio):
    """Obuchowski, Lieber & Wians (2004), Table 4, as pROC's tests transcribe it (two cells
    corrected there): one-sided α = 0.05, power 0.9, κ negatives per positive, at least 10
    of each class."""
    aucs = [0.6, 0.7, 0.8, 0.9, 0.95]
    negatives = {
        0.25: [84, 20, 10, 10, 10],
        0.5: [101, 25, 10, 10, 10],
        1: [135, 33, 14, 10, 10],
        2: [203, 50, 21, 20, 20],
        4: [340, 84, 40, 40, 40],
    }[ratio]
    positives = {
        0.25: [334, 80, 40, 40, 40],
        0.5: [202, 49, 20, 20, 20],
        1: [135, 33, 14, 10, 10],
        2: [102, 25, 11, 10, 10],
        4: [85, 21, 10, 10, 10],
    }[ratio]
    prevalence = 1 / (1 + ratio)
    for auc, n_negative, n_positive in zip(aucs, negatives, positives, strict=True):
        size = roc_auc_sample_size(auc, power=0.9, prevalence=prevalence, alternative="one-sided")
        # the table's floor: 10 of each class, the other class scaled to keep κ
        table_negative = max(10, (10 * ratio if size.n_positive < 10 else 0), size.n_negative)
        table_positive = max(10, (10 / ratio if size.n_negative < 10 else 0), size.n_positive)
        assert (table_positive, table_negative) == (n_positive, n_negative), auc


def test_the_one_auc_formula_is_procs_closed_form():
    """pROC's n = (z_α·√(0.0792(1 + 1/κ)) + z_β·√V(θ))² / (θ − 0.5)², written out."""
    for auc, ratio, power in [(0.73, 1.7, 0.95), (0.8, 1.0, 0.8), (0.65, 3.0, 0.9)]:
        a = norm.ppf(auc) * 1.414
        v = 0.0099 * math.exp(-(a**2) / 2) * ((5 * a**2 + 8) + (a**2 + 8) / ratio)
        v0 = 0.0792 * (1 + 1 / ratio)
        n_cases = (norm.ppf(0.975) * math.sqrt(v0) + norm.ppf(power) * math.sqrt(v)) ** 2 / (
            auc - 0.5
        ) ** 2
        size = roc_auc_sample_size(auc, power=power, prevalence=1 / (1 + ratio))
        assert size == SampleSize(math.ceil(n_cases), math.ceil(n_cases * ratio))
        # and the power at the unrounded sizes is the target
        got = roc_auc_power(auc, n_positive=size.n_positive, n_negative=size.n_negative)
        assert power <= got < power + 0.02


# ---------------------------------------------------------------------- interval widths
# Wald's interval outside its conditions warns; here it is compared, not used
@pytest.mark.filterwarnings("ignore::evalbook.NormalApproximationWarning")
def test_widths_agree_with_the_intervals_and_statsmodels():
    from statsmodels.stats.proportion import proportion_confint

    names = {"wilson": "wilson", "normal": "normal", "exact": "beta"}
    for method, n, p in itertools.product(names, [1, 7, 30, 100], [0.0, 0.3, 0.85, 1.0]):
        hits = np.arange(n + 1)
        expected = 0.0
        for x in hits:
            lower, upper = proportion_confint(x, n, alpha=0.05, method=names[method])
            if method == "normal":  # statsmodels clips Wald's bounds; ours are not clipped
                lower, upper = accuracy_interval(x / n, n, method="normal")
            expected += binom.pmf(x, n, p) * (upper - lower)
        got = expected_interval_width(p, n, method=method)
        assert got == pytest.approx(expected, abs=1e-9), (method, n, p)


def test_the_wald_guarantee_is_statsmodels_sample_size():
    from statsmodels.stats.proportion import samplesize_confint_proportion

    rng = np.random.default_rng(0)
    for width in rng.uniform(0.01, 0.4, size=40):
        expected = math.ceil(samplesize_confint_proportion(0.5, width / 2, alpha=0.05))
        assert accuracy_sample_size(width, method="normal") == expected


# Wald's interval outside its conditions warns; here it is compared, not used
@pytest.mark.filterwarnings("ignore::evalbook.NormalApproximationWarning")
@pytest.mark.parametrize("method", ["wilson", "normal", "exact"])
def test_the_guaranteed_size_is_the_smallest_that_guarantees(method):
    from statsmodels.stats.proportion import proportion_confint

    name = {"wilson": "wilson", "normal": "normal", "exact": "beta"}[method]
    for width in (0.3, 0.2, 0.15):
        n = accuracy_sample_size(width, method=method)

        def widest(m):
            bounds = [proportion_confint(x, m, alpha=0.05, method=name) for x in range(m + 1)]
            if method == "normal":
                bounds = [accuracy_interval(x / m, m, method="normal") for x in range(m + 1)]
            return max(upper - lower for lower, upper in bounds)

        assert widest(n) <= width < widest(n - 1), (width, n)


@pytest.mark.parametrize("method", ["wilson", "exact"])
def test_the_expected_size_is_the_first_to_reach_the_width(method):
    for p, width in [(0.85, 0.1), (0.5, 0.15), (0.95, 0.08)]:
        n = accuracy_sample_size(width, p=p, method=method)
        assert expected_interval_width(p, n, method=method) <= width
        assert expected_interval_width(p, n - 1, method=method) > width


def test_a_hundred_instances_cannot_tell_085_from_088():
    width = expected_interval_width(0.85, 100)
    assert width > 2 * (0.88 - 0.85)
    assert accuracy_sample_size(0.03, p=0.85) > 2000


# ---------------------------------------------------------------------- McNemar
def _enumerated_power(n, difference, discordant, alpha):
    """Every (only A right, only B right, rest) table of n instances, tested by
    mcnemar_test's exact p-value, weighted by its multinomial probability."""
    from scipy.stats import multinomial

    only_b = (discordant + difference) / 2
    only_a = (discordant - difference) / 2
    law = multinomial(n, [only_a, only_b, 1 - discordant])
    power = 0.0
    for a in range(n + 1):
        for b in range(n + 1 - a):
            if a + b == 0:
                continue
            p_value = min(1.0, 2.0 * binom.cdf(min(a, b), a + b, 0.5))
            if p_value <= alpha:
                power += law.pmf([a, b, n - a - b])
    return power


def test_the_exact_power_is_the_enumeration_of_mcnemar_test():
    # the enumeration's p-value is mcnemar_test's own
    y = [1] * 9
    a = [1, 1, 1, 0, 0, 1, 1, 1, 1]
    b = [0, 0, 0, 1, 1, 1, 1, 0, 1]
    assert mcnemar_test(y, a, b).p_value == min(1.0, 2 * binom.cdf(2, 6, 0.5))
    for n, difference, discordant in [(12, 0.3, 0.5), (20, -0.2, 0.3), (25, 0.1, 0.6)]:
        got = mcnemar_power(n, difference=difference, discordant=discordant, method="exact")
        assert got == pytest.approx(_enumerated_power(n, difference, discordant, 0.05), abs=1e-12)


def test_connors_power_written_out():
    for n, difference, discordant in [(23, 0.4, 0.5), (500, 0.03, 0.1), (80, -0.1, 0.3)]:
        z = norm.ppf(0.975)
        spread = math.sqrt(discordant - difference**2)
        expected = norm.cdf((abs(difference) * math.sqrt(n) - z * math.sqrt(discordant)) / spread)
        expected += norm.cdf((-abs(difference) * math.sqrt(n) - z * math.sqrt(discordant)) / spread)
        got = mcnemar_power(n, difference=difference, discordant=discordant)
        assert got == pytest.approx(expected, abs=1e-12)


def test_the_sample_size_reaches_the_power_and_one_fewer_does_not():
    for difference, discordant, power in [(0.05, 0.15, 0.8), (0.1, 0.3, 0.9), (0.2, 0.25, 0.8)]:
        n = mcnemar_sample_size(difference=difference, discordant=discordant, power=power)
        # Connor's n neglects the far tail, so the power at n is at least the target
        assert mcnemar_power(n, difference=difference, discordant=discordant) >= power
        before = n - 1
        z = norm.ppf(0.975)
        near = norm.cdf(
            (difference * math.sqrt(before) - z * math.sqrt(discordant))
            / math.sqrt(discordant - difference**2)
        )
        assert near < power


def test_the_exact_sample_size_keeps_the_power_from_there_on():
    n = mcnemar_sample_size(difference=0.2, discordant=0.3, method="exact")
    powers = [
        mcnemar_power(m, difference=0.2, discordant=0.3, method="exact") for m in range(n, n + 10)
    ]
    assert min(powers) >= 0.8
    assert n >= mcnemar_sample_size(difference=0.2, discordant=0.3) - 5


def test_the_minimum_detectable_difference_has_the_power():
    for n, discordant in [(500, 0.1), (23, 0.5), (2000, 0.05)]:
        delta = minimum_detectable_difference(n, discordant=discordant)
        assert mcnemar_power(n, difference=delta, discordant=discordant) == pytest.approx(0.8)
    assert math.isnan(minimum_detectable_difference(5, discordant=0.1))
    # more instances detect smaller differences
    deltas = [minimum_detectable_difference(n, discordant=0.1) for n in (100, 400, 1600)]
    assert deltas[0] > deltas[1] > deltas[2]


# ---------------------------------------------------------------------- AUC
def test_hanley_mcneil_variance_written_out():
    from evalbook.inference._test_design import _hanley_mcneil_variance

    for auc, n1, n0 in [(0.893, 51, 58), (0.7, 30, 90), (0.95, 200, 200)]:
        q1, q2 = auc / (2 - auc), 2 * auc**2 / (1 + auc)
        expected = (auc * (1 - auc) + (n1 - 1) * (q1 - auc**2) + (n0 - 1) * (q2 - auc**2)) / (
            n1 * n0
        )
        assert _hanley_mcneil_variance(auc, n1, n0) == pytest.approx(expected, rel=1e-12)
    power = roc_auc_power(0.8, n_positive=30, n_negative=30, variance="hanley-mcneil")
    size = roc_auc_sample_size(0.8, variance="hanley-mcneil")
    assert roc_auc_power(0.8, n_positive=size.n_positive, n_negative=size.n_negative,
                         variance="hanley-mcneil") >= 0.8  # fmt: skip
    assert 0.9 < power < 1


def test_obuchowski_mcclish_variance_at_equal_spread_is_obuchowskis_closed_form():
    """With B = 1, Obuchowski & McClish's (1997) printed f and g give 0.0099·e^(−A²/2)·(...)
    with the exact constant 1/(32π) for 0.0099 and √2 for 1.414; the delta method's
    variance adds f·g·A, and then a model's covariance with itself is its variance."""
    from evalbook.inference._test_design import _binormal, _pair_variances

    for auc, ratio in [(0.7, 1.0), (0.85, 2.5), (0.6, 0.4)]:
        var_a, _, _ = _pair_variances(auc, 0.75, 0.3, ratio, "obuchowski")
        a = math.sqrt(2) * norm.ppf(auc)
        closed = math.exp(-(a**2) / 2) / (32 * math.pi) * ((5 * a**2 + 8) + (a**2 + 8) / ratio)
        assert var_a == pytest.approx(closed, rel=1e-12)
        full, _, cov = _pair_variances(auc, auc, 1.0, ratio, "binormal")
        _, f, g = _binormal(auc)
        assert full == pytest.approx(closed + f * g * a, rel=1e-12)
        assert cov == pytest.approx(full, rel=1e-12)


def test_two_auc_sample_size_gives_the_power():
    for auc_a, auc_b, correlation in [(0.8, 0.85, 0.5), (0.7, 0.8, 0.0), (0.9, 0.93, 0.7)]:
        size = roc_auc_difference_sample_size(auc_a, auc_b, correlation=correlation)
        power = roc_auc_difference_power(
            auc_a, auc_b, n_positive=size.n_positive, n_negative=size.n_negative,
            correlation=correlation,
        )  # fmt: skip
        assert 0.8 <= power < 0.82
    # correlated models need fewer instances
    sizes = [roc_auc_difference_sample_size(0.8, 0.85, correlation=r).n_positive for r in (0, 0.6)]
    assert sizes[0] > sizes[1]


# ---------------------------------------------------------------------- best of k
def test_best_of_k_written_out_by_enumeration():
    for n, k, p in [(1, 2, 0.5), (3, 2, 0.5), (4, 3, 0.7), (5, 4, 0.2)]:
        hits = range(n + 1)
        expected = 0.0
        for combination in itertools.product(hits, repeat=k):
            expected += math.prod(binom.pmf(x, n, p) for x in combination) * max(combination)
        assert expected_best_accuracy(n, k, p=p) == pytest.approx(expected / n, abs=1e-12)


def test_best_of_k_grows_with_k_from_p():
    values = [expected_best_accuracy(200, k) for k in (1, 10, 100, 1000)]
    assert values[0] == pytest.approx(0.5, abs=1e-12)
    assert values == sorted(values) and values[-1] > 0.6
    assert expected_best_accuracy(10_000, 100) < expected_best_accuracy(100, 100)


# ---------------------------------------------------------------------- simulation
@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "difference", "discordant"), [(300, 0.06, 0.2), (120, -0.1, 0.3), (60, 0.15, 0.25)]
)
def test_simulated_mcnemar_power_matches_both_methods(n, difference, discordant):
    rng = np.random.default_rng(7)
    only_b = (discordant + difference) / 2
    only_a = (discordant - difference) / 2
    tables = rng.multinomial(n, [only_a, only_b, 1 - discordant], size=N_SIMULATED)
    a, b = tables[:, 0], tables[:, 1]
    d = a + b
    exact_p = np.minimum(1.0, 2.0 * binom.cdf(np.minimum(a, b), d, 0.5))
    exact_share = float(np.mean((exact_p <= 0.05) & (d > 0)))
    nominal = mcnemar_power(n, difference=difference, discordant=discordant, method="exact")
    assert _within_monte_carlo(exact_share, nominal, N_SIMULATED)
    # Connor's formula is the z test (b − c)/√(b + c) without the continuity correction
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.abs(b - a) / np.sqrt(d)
    z_share = float(np.mean(np.nan_to_num(z) > norm.ppf(0.975)))
    nominal = mcnemar_power(n, difference=difference, discordant=discordant)
    assert _within_monte_carlo(z_share, nominal, N_SIMULATED, slack=0.02)
    # and mcnemar_test itself agrees with the vectorised p-values on a few tables
    y = np.ones(n, dtype=int)
    for row in tables[:5]:
        pred_a = np.r_[np.ones(row[0]), np.zeros(row[1]), np.ones(row[2])].astype(int)
        pred_b = np.r_[np.zeros(row[0]), np.ones(row[1]), np.ones(row[2])].astype(int)
        expected = min(1.0, 2.0 * binom.cdf(min(row[0], row[1]), row[0] + row[1], 0.5))
        assert mcnemar_test(y, pred_a, pred_b).p_value == pytest.approx(expected)


def _aucs(positive: np.ndarray, negative: np.ndarray) -> np.ndarray:
    """Row-wise Mann-Whitney AUC of (trials, n₊) against (trials, n₋) scores."""
    from scipy.stats import rankdata

    scores = np.concatenate([positive, negative], axis=1)
    ranks = rankdata(scores, axis=1)
    n1, n0 = positive.shape[1], negative.shape[1]
    return (ranks[:, :n1].sum(axis=1) - n1 * (n1 + 1) / 2) / (n1 * n0)


@pytest.mark.slow
@pytest.mark.parametrize(("auc", "n_positive", "n_negative"), [(0.65, 60, 60), (0.7, 30, 60)])
def test_simulated_power_of_one_auc(auc, n_positive, n_negative):
    """Binormal scores (B = 1) of true AUC θ; the planned z test against 0.5 with the null
    standard error, whose power roc_auc_power predicts."""
    rng = np.random.default_rng(11)
    separation = math.sqrt(2) * norm.ppf(auc)
    positive = rng.normal(separation, 1, size=(N_SIMULATED, n_positive))
    negative = rng.normal(0, 1, size=(N_SIMULATED, n_negative))
    ratio = n_negative / n_positive
    se0 = math.sqrt(0.0792 * (1 + 1 / ratio) / n_positive)
    share = float(np.mean(np.abs(_aucs(positive, negative) - 0.5) > norm.ppf(0.975) * se0))
    nominal = roc_auc_power(auc, n_positive=n_positive, n_negative=n_negative)
    assert _within_monte_carlo(share, nominal, N_SIMULATED, slack=0.01)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("auc_a", "auc_b", "correlation"), [(0.75, 0.85, 0.5), (0.7, 0.8, 0.0), (0.85, 0.8, 0.7)]
)
def test_simulated_power_of_two_aucs(auc_a, auc_b, correlation):
    """Two models' binormal scores correlated by r within each class, 100 positives and 100
    negatives: DeLong's test (evalbook.delong_test) rejects as often as the "binormal"
    power says; pROC's formula ("obuchowski") promises less power, and the z test it plans
    (null variance 2V_A − 2C) rejects less often than DeLong's."""
    rng = np.random.default_rng(5)
    n_positive = n_negative = 100
    cov = [[1, correlation], [correlation, 1]]
    sep_a, sep_b = (math.sqrt(2) * norm.ppf(auc) for auc in (auc_a, auc_b))
    pos = rng.multivariate_normal([sep_a, sep_b], cov, size=(N_SIMULATED, n_positive))
    neg = rng.multivariate_normal([0, 0], cov, size=(N_SIMULATED, n_negative))
    diff = _aucs(pos[..., 0], neg[..., 0]) - _aucs(pos[..., 1], neg[..., 1])
    sizes = {"n_positive": n_positive, "n_negative": n_negative, "correlation": correlation}
    # the difference's variance is the delta method's
    from evalbook.inference._test_design import _difference_terms

    _, variance = _difference_terms(auc_a, auc_b, correlation, 1.0, "binormal")
    assert diff.var() * n_positive == pytest.approx(variance, rel=0.08)
    y = np.r_[np.ones(n_positive), np.zeros(n_negative)]
    trials = 2000
    rejected = np.mean(
        [
            evalbook.delong_test(
                y, np.r_[pos[i, :, 0], neg[i, :, 0]], np.r_[pos[i, :, 1], neg[i, :, 1]], positive=1
            ).p_value
            <= 0.05
            for i in range(trials)
        ]
    )
    nominal = roc_auc_difference_power(auc_a, auc_b, **sizes)
    assert _within_monte_carlo(float(rejected), nominal, trials, slack=0.01)
    # pROC's planned test rejects less often than DeLong's: its power is conservative
    proc = roc_auc_difference_power(auc_a, auc_b, **sizes, variance="obuchowski")
    null, _ = _difference_terms(auc_a, auc_b, correlation, 1.0, "obuchowski")
    share = float(np.mean(np.abs(diff) > norm.ppf(0.975) * math.sqrt(null / n_positive)))
    assert proc < nominal and share < rejected


# Wald's interval outside its conditions warns; here it is compared, not used
@pytest.mark.filterwarnings("ignore::evalbook.NormalApproximationWarning")
@pytest.mark.slow
def test_simulated_interval_widths_and_best_of_k():
    rng = np.random.default_rng(3)
    for method, (p, n) in itertools.product(
        ["wilson", "normal", "exact"], [(0.85, 100), (0.6, 40)]
    ):
        hits = rng.binomial(n, p, size=N_SIMULATED)
        widths = [accuracy_interval(x / n, n, method=method) for x in hits]
        widths = np.array([upper - lower for lower, upper in widths])
        mean = expected_interval_width(p, n, method=method)
        assert abs(widths.mean() - mean) < 4 * widths.std() / math.sqrt(N_SIMULATED)
    for n, k in [(100, 20), (50, 200)]:
        best = rng.binomial(n, 0.5, size=(N_SIMULATED, k)).max(axis=1) / n
        expected = expected_best_accuracy(n, k)
        assert abs(best.mean() - expected) < 4 * best.std() / math.sqrt(N_SIMULATED)
