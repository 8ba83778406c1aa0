"""evalbook.inference: handout 004's numbers, cross-checks and bad input.

- the handout's tables and worked examples (Table 5.1, the t table, M1/M2 at 90%, the
  70%/100 vs 85%/200 exercise at 99%, the two t examples);
- the intervals against statsmodels' ``proportion_confint`` (wilson, beta, normal) on 300
  random (k, n, confidence); z and t against scipy; the t test against
  ``scipy.stats.ttest_rel``; the corrected t-test against its formula written out;
  ``friedman`` against ``scipy.stats.friedmanchisquare`` on random tables with ties;
- the coverage simulation against the exact binomial coverage;
- bad input, with messages naming the argument.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from evalbook import (
    T_TABLE,
    Z_TABLE,
    NormalApproximationWarning,
    accuracy_interval,
    bootstrap_interval,
    compare_algorithms,
    compare_models,
    config_context,
    friedman,
    interval_coverage,
    t_value,
    z_value,
)

SEED = 20240404
N_RANDOM = 300


# ====================================================================== z and t
def test_table_5_1_as_printed():
    """The table's rows are the handout's tail probabilities; each value is checked against
    scipy, rounded as the handout rounds, in the next test (not against a second copy)."""
    assert sorted(Z_TABLE) == [0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40]
    assert z_value(0.90, source="table") == 1.65  # the handout's worked example
    assert z_value(0.99, source="table") == 2.58
    assert z_value(0.98, source="table") == 2.33
    assert z_value(0.998, source="table") == 3.09
    assert z_value(0.80, source="table") == 1.28
    assert z_value(0.60, source="table") == 0.84
    assert z_value(0.20, source="table") == 0.25


def test_table_5_1_against_scipy():
    for tail, printed in Z_TABLE.items():
        exact = stats.norm.isf(tail)
        assert z_value(1 - 2 * tail) == pytest.approx(exact, rel=1e-12)
        # every entry is the exact value to 2 decimals, except 1.65 (1.6449 rounded up)
        if tail == 0.05:
            assert round(exact, 2) == 1.64 and abs(printed - exact) < 0.0052
        else:
            assert round(exact, 2) == printed


def test_z_exact_against_scipy_on_random_levels():
    rng = np.random.default_rng(SEED)
    for confidence in rng.uniform(0.01, 0.999, size=N_RANDOM):
        z = z_value(float(confidence))
        assert z == pytest.approx(stats.norm.ppf(0.5 + confidence / 2), rel=1e-10)
        assert stats.norm.cdf(z) - stats.norm.cdf(-z) == pytest.approx(confidence, abs=1e-12)


def test_t_table_as_printed_and_against_scipy():
    assert T_TABLE[29][0.95] == 2.04
    assert T_TABLE[9][0.99] == 3.25
    assert t_value(0.95, 29, source="table") == 2.04
    assert t_value(0.99, 9, source="table") == 3.25
    assert t_value(0.80, 1, source="table") == 3.08
    assert t_value(0.98, 2, source="table") == 6.96
    assert sum(len(row) for row in T_TABLE.values()) == 20
    for df, row in T_TABLE.items():
        for confidence, printed in row.items():
            exact = stats.t.ppf(0.5 + confidence / 2, df)
            assert t_value(confidence, df) == pytest.approx(exact, rel=1e-10)
            # 3 significant figures; 2.04 is 2.0452 truncated, the only one not rounded
            assert abs(printed - exact) / exact < 0.003, (df, confidence)
            if (df, confidence) != (29, 0.95):
                assert float(f"{exact:.3g}") == printed, (df, confidence)


def test_t_exact_against_scipy_on_random_levels():
    rng = np.random.default_rng(SEED + 1)
    for confidence, df in zip(
        rng.uniform(0.5, 0.999, N_RANDOM), rng.integers(1, 200, N_RANDOM), strict=True
    ):
        expected = stats.t.interval(confidence, df)[1]
        assert t_value(float(confidence), int(df)) == pytest.approx(expected, rel=1e-10)


def test_t_approaches_z():
    assert t_value(0.95, 100_000) == pytest.approx(z_value(0.95), abs=1e-4)
    assert t_value(0.95, 9) > t_value(0.95, 29) > z_value(0.95)


# ====================================================================== intervals
def _random_cases(seed):
    rng = np.random.default_rng(seed)
    n = rng.integers(1, 2000, size=N_RANDOM)
    k = np.array([rng.integers(0, m + 1) for m in n])
    k[:10] = 0  # the edges
    k[10:20] = n[10:20]
    confidence = rng.uniform(0.5, 0.999, size=N_RANDOM)
    return list(zip(k.tolist(), n.tolist(), confidence.tolist(), strict=True))


@pytest.mark.parametrize(
    ("method", "reference"), [("wilson", "wilson"), ("exact", "beta"), ("normal", "normal")]
)
def test_intervals_against_statsmodels(method, reference):
    for k, n, confidence in _random_cases(SEED + 2):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NormalApproximationWarning)
            lower, upper = accuracy_interval(k / n, n, confidence=confidence, method=method)
        ref_lower, ref_upper = proportion_confint(k, n, alpha=1 - confidence, method=reference)
        if method == "normal":  # statsmodels clips the normal interval to [0, 1]
            lower, upper = max(lower, 0.0), min(upper, 1.0)
        assert lower == pytest.approx(ref_lower, abs=1e-10), (k, n, confidence)
        assert upper == pytest.approx(ref_upper, abs=1e-10), (k, n, confidence)
        assert lower <= k / n <= upper


def test_wilson_is_the_handout_formula_with_a_given_z():
    rng = np.random.default_rng(SEED + 3)
    for p, n, z in zip(
        rng.uniform(0, 1, 200), rng.integers(1, 500, 200), rng.uniform(0.2, 3.5, 200), strict=True
    ):
        n = int(n)
        root = z * math.sqrt(p / n - p**2 / n + z**2 / (4 * n**2))
        expected = ((p + z**2 / (2 * n) - root) / (1 + z**2 / n),
                    (p + z**2 / (2 * n) + root) / (1 + z**2 / n))  # fmt: skip
        assert accuracy_interval(float(p), n, z=float(z)) == pytest.approx(expected, rel=1e-12)


def test_wilson_solves_option_1_with_the_true_accuracy_in_the_variance():
    """Handout 004, option 1: |p − acc| / √(acc(1 − acc)/n) = z at both Wilson bounds."""
    for p, n in [(0.85, 30), (0.75, 5000), (0.3, 12), (0.02, 100)]:
        z = z_value(0.90)
        for bound in accuracy_interval(p, n, confidence=0.90):
            assert abs(p - bound) / math.sqrt(bound * (1 - bound) / n) == pytest.approx(z)


def test_m1_and_m2_side_by_side():
    """M1: 85% on 30; M2: 75% on 5000 (handout 004), at 90%."""
    wilson = accuracy_interval(0.85, 30, confidence=0.90)
    assert wilson == pytest.approx((0.714343, 0.927750), abs=1e-6)
    with pytest.warns(NormalApproximationWarning, match=r"n·p·\(1 − p\) = 3.825"):
        normal = accuracy_interval(0.85, 30, confidence=0.90, method="normal")
    assert normal == pytest.approx((0.85 - 1.644854 * 0.065192, 0.85 + 1.644854 * 0.065192))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning for M2: n·p·(1 − p) = 937.5
        m2 = accuracy_interval(0.75, 5000, confidence=0.90, method="normal")
    assert m2 == pytest.approx((0.739927, 0.760073), abs=1e-6)
    # 85% of 30 is 25.5 hits: the exact interval needs a whole number of them
    with pytest.raises(ValueError, match=r"25\.5"):
        accuracy_interval(0.85, 30, confidence=0.90, method="exact")
    for hits in (25, 26):  # the exact interval is the wider (conservative) one
        exact = accuracy_interval(hits / 30, 30, confidence=0.90, method="exact")
        score = accuracy_interval(hits / 30, 30, confidence=0.90)
        assert exact[0] < score[0] and exact[1] > score[1]


def test_exact_matches_binomtest():
    for k, n, confidence in _random_cases(SEED + 4)[:60]:
        ci = stats.binomtest(k, n).proportion_ci(confidence_level=confidence, method="exact")
        assert accuracy_interval(k / n, n, confidence=confidence, method="exact") == (
            pytest.approx((ci.low, ci.high), abs=1e-10)
        )


def test_normal_warning_conditions():
    def warned(p, n):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            accuracy_interval(p, n, method="normal")
        return any(issubclass(w.category, NormalApproximationWarning) for w in caught)

    assert warned(0.5, 29)  # n < 30
    assert not warned(0.5, 30)  # 30·0.25 = 7.5
    assert warned(0.85, 30)  # 3.825 < 5
    assert warned(1.0, 1000)  # n·p·(1 − p) = 0
    assert not warned(0.9, 56)  # 5.04
    assert warned(0.9, 55)  # 4.95


def test_normal_interval_is_not_clipped_and_can_collapse():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NormalApproximationWarning)
        assert accuracy_interval(1.0, 50, method="normal") == (1.0, 1.0)
        lower, _ = accuracy_interval(0.1, 10, method="normal")
    assert lower < 0
    assert accuracy_interval(1.0, 50)[0] < 1.0  # Wilson does not collapse


def test_z_override_and_table_values():
    assert accuracy_interval(0.85, 30, z=1.65) == pytest.approx(
        accuracy_interval(0.85, 30, confidence=0.9, z=1.65)
    )
    assert accuracy_interval(0.85, 30, z=z_value(0.90)) == pytest.approx(
        accuracy_interval(0.85, 30, confidence=0.90)
    )
    wide = accuracy_interval(0.85, 30, z=2.58)
    narrow = accuracy_interval(0.85, 30, z=1.65)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]


# ====================================================================== coverage
def _exact_coverage(p, n, confidence, method):
    hits = np.arange(n + 1)
    inside = []
    for k in hits:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NormalApproximationWarning)
            lower, upper = accuracy_interval(k / n, n, confidence=confidence, method=method)
        inside.append(lower <= p <= upper)
    return float(stats.binom.pmf(hits, n, p)[np.array(inside)].sum())


@pytest.mark.parametrize("method", ["wilson", "normal", "exact"])
@pytest.mark.parametrize(("p", "n"), [(0.85, 30), (0.95, 50), (0.5, 20)])
def test_coverage_simulation_matches_the_exact_coverage(method, p, n):
    trials = 20_000
    simulated = interval_coverage(p, n, confidence=0.9, method=method, n_trials=trials, seed=7)
    exact = _exact_coverage(p, n, 0.9, method)
    assert abs(simulated - exact) < 4 * math.sqrt(exact * (1 - exact) / trials) + 1e-12


def test_coverage_story_of_the_lesson():
    """At 90% on 30 instances, averaged over p in [0.5, 0.99]: the normal approximation
    undercovers, Wilson is close to 90% and the exact interval is conservative."""
    ps = np.linspace(0.5, 0.99, 50)

    def mean_coverage(method):
        return np.mean(
            [interval_coverage(p, 30, confidence=0.9, method=method, seed=0) for p in ps]
        )

    normal, wilson, exact = (mean_coverage(m) for m in ("normal", "wilson", "exact"))
    assert normal < 0.86 < 0.89 < wilson < 0.92 < exact
    once = interval_coverage(0.85, 30, confidence=0.9, seed=0)
    assert interval_coverage(0.85, 30, confidence=0.9, seed=0) == once  # reproducible
    assert interval_coverage(0.85, 30, confidence=0.9, seed=1) != once


def test_coverage_near_the_edge():
    """p = 0.99 on 20: 20 hits out of 20 is the usual outcome and [1, 1] misses 0.99."""
    normal = interval_coverage(0.99, 20, method="normal", seed=1)
    assert normal == pytest.approx(1 - 0.99**20, abs=0.02)
    assert interval_coverage(0.99, 20, method="wilson", seed=1) > 0.8
    assert interval_coverage(1.0, 20, method="normal", seed=1) == 1.0  # [1, 1] contains 1


# ====================================================================== two models
def test_m1_versus_m2_at_90_percent():
    """Handout 004: d = 0.1, σ² = 0.0042875, σ = 0.065, d = 0.1 ± 0.107, not significant."""
    result = compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    assert result.d == pytest.approx(0.1)
    assert result.variance == pytest.approx(0.0042875, rel=1e-12)
    assert round(result.sigma, 3) == 0.065
    assert round(1.65 * round(result.sigma, 3), 3) == 0.107  # the handout rounds σ first
    assert round(result.margin, 3) == 0.108
    margin = 1.65 * math.sqrt(0.85 * 0.15 / 30 + 0.75 * 0.25 / 5000)
    assert result.interval == pytest.approx((0.1 - margin, 0.1 + margin), rel=1e-12)
    assert not result.significant
    assert result.verdict == (
        "Neither can be said to be better with 90% confidence: the interval contains 0."
    )
    with config_context(language="pt"):  # the verdict speaks the display language of the call
        portuguese = compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    assert portuguese.verdict == (
        "Não é possível afirmar qual é melhor com confiança de 90%: o intervalo contém 0."
    )
    exact = compare_models(0.85, 30, 0.75, 5000, confidence=0.90)
    assert round(exact.margin, 3) == 0.108 and not exact.significant
    assert "0.1000 ± 0.1080" in str(result)


def test_the_99_percent_exercise():
    """M1: 70% on 100; M2: 85% on 200; 99%: the interval is negative, M2 is better."""
    with config_context(language="pt"):
        result = compare_models(
            0.70, 100, 0.85, 200, confidence=0.99, z=z_value(0.99, source="table")
        )
        swapped = compare_models(0.85, 200, 0.70, 100, confidence=0.99)
    assert result.z == 2.58
    assert result.d == pytest.approx(-0.15)
    assert result.variance == pytest.approx(0.7 * 0.3 / 100 + 0.85 * 0.15 / 200)
    assert result.interval[1] < 0 and result.significant
    margin = 2.58 * math.sqrt(0.7 * 0.3 / 100 + 0.85 * 0.15 / 200)
    assert result.interval == pytest.approx((-0.15 - margin, -0.15 + margin), rel=1e-12)
    assert result.interval == pytest.approx((-0.285, -0.015), abs=5e-4)
    assert result.verdict == "M1 é pior com confiança de 99% (M2 é melhor)."
    assert swapped.verdict == "M1 é melhor com confiança de 99%."
    english = compare_models(0.70, 100, 0.85, 200, confidence=0.99)
    assert english.verdict == "M1 is worse with 99% confidence (M2 is better)."


# ====================================================================== two algorithms
def test_the_two_t_examples():
    with config_context(language="pt"):
        first = compare_algorithms(
            mean=0.05, se=0.002, k=30, confidence=0.95, t=t_value(0.95, 29, source="table")
        )
    assert first.t == 2.04 and first.df == 29
    assert first.margin == pytest.approx(0.00408)
    assert first.interval == pytest.approx((0.04592, 0.05408))
    assert first.significant and first.verdict == "O algoritmo 1 é melhor com confiança de 95%."
    second = compare_algorithms(mean=0.06, se=0.003, k=10, confidence=0.99)
    assert second.t == pytest.approx(3.2498, abs=1e-4) and second.df == 9
    half = stats.t.ppf(0.995, 9) * 0.003
    assert second.interval == pytest.approx((0.06 - half, 0.06 + half), rel=1e-12)
    assert round(second.margin, 4) == 0.0097
    assert second.significant
    assert second.statistic == pytest.approx(20.0)
    assert second.p_value == pytest.approx(2 * stats.t.sf(20, 9))


def test_plain_t_against_scipy_ttest_rel():
    rng = np.random.default_rng(SEED + 5)
    for _ in range(200):
        k = int(rng.integers(2, 40))
        a = rng.uniform(0.6, 0.95, k)
        b = a - rng.normal(0.01, 0.03, k)
        confidence = float(rng.uniform(0.8, 0.99))
        result = compare_algorithms(a - b, confidence=confidence)
        reference = stats.ttest_rel(a, b)
        assert result.statistic == pytest.approx(reference.statistic, rel=1e-9)
        assert result.p_value == pytest.approx(reference.pvalue, rel=1e-9, abs=1e-300)
        ci = reference.confidence_interval(confidence_level=confidence)
        assert result.interval == pytest.approx((ci.low, ci.high), rel=1e-9, abs=1e-12)
        assert result.se == pytest.approx(np.std(a - b, ddof=1) / math.sqrt(k))
        assert result.df == k - 1 and not result.corrected


def test_corrected_t_against_the_nadeau_bengio_formula():
    rng = np.random.default_rng(SEED + 6)
    for _ in range(200):
        k = int(rng.integers(2, 30))
        d = rng.normal(0.01, 0.02, k)
        ratio = float(rng.uniform(0.05, 1.0))
        confidence = float(rng.uniform(0.8, 0.99))
        result = compare_algorithms(
            d, corrected=True, test_train_ratio=ratio, confidence=confidence
        )
        mean = sum(d) / k
        variance = sum((x - mean) ** 2 for x in d) / (k - 1)
        t = mean / math.sqrt((1 / k + ratio) * variance)
        assert result.statistic == pytest.approx(t, rel=1e-9)
        assert result.p_value == pytest.approx(2 * stats.t.sf(abs(t), k - 1), rel=1e-9)
        half = stats.t.ppf(0.5 + confidence / 2, k - 1) * math.sqrt((1 / k + ratio) * variance)
        assert result.interval == pytest.approx((mean - half, mean + half), rel=1e-9)
        assert result.corrected


def test_corrected_interval_is_wider_by_the_known_factor():
    d = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.04, 0.02, 0.01, 0.03]
    plain = compare_algorithms(d)
    fixed = compare_algorithms(d, corrected=True, test_train_ratio=1 / 9)
    assert fixed.se / plain.se == pytest.approx(math.sqrt(1 + 10 / 9))
    assert fixed.p_value > plain.p_value


def test_summary_and_differences_agree():
    d = np.array([0.05, 0.02, 0.04, 0.03, 0.06])
    from_values = compare_algorithms(d)
    from_summary = compare_algorithms(mean=d.mean(), se=d.std(ddof=1) / math.sqrt(5), k=5)
    assert from_values.interval == pytest.approx(from_summary.interval)
    assert from_values.p_value == pytest.approx(from_summary.p_value)


def test_not_significant_verdicts():
    with config_context(language="pt"):
        result = compare_algorithms([0.01, -0.02, 0.03, -0.01])
        worse = compare_algorithms([-0.05, -0.04, -0.06, -0.05])
    assert not result.significant
    assert result.verdict.startswith("Não é possível afirmar qual algoritmo é melhor")
    assert worse.verdict == "O algoritmo 1 é pior com confiança de 95% (o 2 é melhor)."
    english = compare_algorithms([-0.05, -0.04, -0.06, -0.05])
    assert english.verdict == "Algorithm 1 is worse with 95% confidence (algorithm 2 is better)."


# ====================================================================== friedman
def test_friedman_against_scipy_on_random_tables():
    rng = np.random.default_rng(SEED + 7)
    for case in range(200):
        n = int(rng.integers(2, 25))
        k = int(rng.integers(3, 8))
        if case % 2:  # few distinct values: many ties
            scores = rng.integers(0, 4, size=(n, k)).astype(float)
        else:
            scores = rng.uniform(0.5, 1.0, size=(n, k))
        if np.all(scores == scores[:, :1]):
            continue
        result = friedman(scores)
        reference = stats.friedmanchisquare(*scores.T)
        assert result.statistic == pytest.approx(reference.statistic, rel=1e-9, abs=1e-12)
        assert result.p_value == pytest.approx(reference.pvalue, rel=1e-9, abs=1e-15)
        ranks = np.array([stats.rankdata(-row) for row in scores]).mean(axis=0)
        np.testing.assert_allclose(result.average_ranks, ranks)
        assert result.average_ranks.sum() == pytest.approx(k * (k + 1) / 2)
        chi = result.statistic
        if n * (k - 1) > chi:
            f = (n - 1) * chi / (n * (k - 1) - chi)
            assert result.iman_davenport == pytest.approx(f, rel=1e-9)
            p = stats.f.sf(f, k - 1, (k - 1) * (n - 1))
            assert result.iman_davenport_p_value == pytest.approx(p, rel=1e-9, abs=1e-15)


def test_friedman_without_the_tie_correction_is_demsars_printed_formula():
    rng = np.random.default_rng(SEED + 8)
    tied_cases = 0
    for case in range(100):
        n, k = int(rng.integers(2, 12)), int(rng.integers(3, 6))
        scores = rng.integers(0, 3 if case % 2 else 100, size=(n, k)).astype(float)
        if np.all(scores == scores[:, :1]):
            continue
        ranks = np.array([stats.rankdata(-row) for row in scores])
        average = ranks.mean(axis=0)
        demsar = 12 * n / (k * (k + 1)) * (np.sum(average**2) - k * (k + 1) ** 2 / 4)
        plain = friedman(scores, tie_correction=False)
        assert plain.statistic == pytest.approx(demsar, rel=1e-9, abs=1e-12)
        assert plain.p_value == pytest.approx(stats.chi2.sf(demsar, k - 1), rel=1e-9, abs=1e-15)
        assert not plain.tie_correction and friedman(scores).tie_correction
        scipy_value = stats.friedmanchisquare(*scores.T).statistic
        if all(len(np.unique(row)) == k for row in scores):  # no ties: the two variants agree
            assert plain.statistic == pytest.approx(scipy_value, rel=1e-9)
        else:  # with ties, scipy's value is larger by the correction
            tied_cases += 1
            assert plain.statistic <= scipy_value + 1e-12
    assert tied_cases > 20
    # the exact p-value does not depend on the variant: the correction is one factor
    scores = [[0.9, 0.9, 0.8], [0.7, 0.8, 0.6], [0.9, 0.8, 0.8], [0.8, 0.7, 0.6]]
    assert friedman(scores, method="exact").p_value == pytest.approx(
        friedman(scores, method="exact", tie_correction=False).p_value
    )
    with pytest.raises(TypeError, match="tie_correction"):
        friedman(scores, tie_correction="no")


def test_friedman_ranks_best_first_and_keeps_column_names():
    import pandas as pd

    table = pd.DataFrame(
        {"mlp": [0.9, 0.8, 0.95], "tree": [0.85, 0.7, 0.9], "nb": [0.8, 0.75, 0.99]},
        index=["a", "b", "c"],
    )
    result = friedman(table)
    assert result.labels == ("mlp", "tree", "nb")
    np.testing.assert_allclose(result.average_ranks, [4 / 3, 8 / 3, 2.0])
    assert result.n_datasets == 3 and result.n_algorithms == 3
    assert result.critical_difference is None and result.alpha is None


def test_friedman_perfect_agreement():
    scores = np.array([[3.0, 2.0, 1.0]] * 5)
    result = friedman(scores)
    assert result.statistic == pytest.approx(5 * 2)  # N(k − 1)
    assert result.iman_davenport == math.inf and result.iman_davenport_p_value == 0.0


@pytest.mark.parametrize(
    ("k", "q"),  # Demšar (2006), Table 5(a), q_0.05
    [(3, 2.343), (4, 2.569), (5, 2.728), (6, 2.850), (7, 2.949), (8, 3.031), (10, 3.164)],
)
def test_nemenyi_critical_difference(k, q):
    scores = np.random.default_rng(k).uniform(size=(12, k))
    result = friedman(scores, nemenyi=True)
    assert result.critical_difference == pytest.approx(
        q * math.sqrt(k * (k + 1) / (6 * 12)), abs=2e-3
    )
    assert result.alpha == 0.05
    looser = friedman(scores, nemenyi=True, alpha=0.10)
    assert looser.critical_difference < result.critical_difference


# ====================================================================== bad input
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: z_value(0.95, source="table"), ValueError, "not in Witten et al.'s Table 5.1"),
        (lambda: z_value(1.0), ValueError, "confidence must be strictly between 0 and 1"),
        (lambda: z_value(0), ValueError, "confidence must be strictly between 0 and 1"),
        (lambda: z_value(90), ValueError, "confidence must be strictly between 0 and 1"),
        (lambda: z_value("0.9"), TypeError, "confidence must be a number"),
        (lambda: z_value(0.9, source="book"), ValueError, "source must be 'exact' or 'table'"),
        (lambda: t_value(0.95, 10, source="table"), ValueError, "df=10 is not a row"),
        (lambda: t_value(0.85, 9, source="table"), ValueError, "not a column"),
        (lambda: t_value(0.95, 0), ValueError, "df must be at least 1"),
        (lambda: t_value(0.95, 2.5), TypeError, "df must be a whole number"),
        (lambda: accuracy_interval(1.2, 30), ValueError, "p must be a probability in"),
        (lambda: accuracy_interval(-0.1, 30), ValueError, "p must be a probability in"),
        (lambda: accuracy_interval(0.5, 0), ValueError, "n must be at least 1"),
        (lambda: accuracy_interval(0.5, -3), ValueError, "n must be at least 1"),
        (lambda: accuracy_interval(0.5, 10.5), TypeError, "n must be a whole number"),
        (lambda: accuracy_interval(0.5, 30, confidence=1.5), ValueError, "confidence must be"),
        (lambda: accuracy_interval(0.5, 30, method="wald"), ValueError, "method must be"),
        (lambda: accuracy_interval(0.5, 30, z=-1), ValueError, "z must be a finite number"),
        (lambda: accuracy_interval(0.5, 30, method="exact", z=1.96), ValueError, "z= applies"),
        (lambda: accuracy_interval(0.55, 11, method="exact"), ValueError, "whole number of hits"),
        (lambda: compare_models(0.9, 30, 1.1, 30), ValueError, "p2 must be a probability"),
        (lambda: compare_models(0.9, 0, 0.8, 30), ValueError, "n1 must be at least 1"),
        (lambda: compare_models(0.9, 30, 0.8, 30, confidence=0), ValueError, "confidence"),
        (lambda: compare_algorithms([0.1]), ValueError, "at least two values"),
        (lambda: compare_algorithms([]), ValueError, "differences is empty"),
        (lambda: compare_algorithms(0.1), TypeError, "sequence of numbers"),
        (
            lambda: compare_algorithms([0.1, np.nan]),
            ValueError,
            "every difference must be a finite",
        ),
        (lambda: compare_algorithms([[0.1, 0.2]]), ValueError, "one-dimensional"),
        (lambda: compare_algorithms([0.1, 0.1, 0.1]), ValueError, "all equal"),
        (lambda: compare_algorithms(), ValueError, "missing: mean, se, k"),
        (lambda: compare_algorithms(mean=0.1, se=0.01), ValueError, "missing: k"),
        (lambda: compare_algorithms([0.1, 0.2], k=2), ValueError, "not both"),
        (lambda: compare_algorithms(mean=0.1, se=0.01, k=1), ValueError, "k must be at least 2"),
        (lambda: compare_algorithms(mean=0.1, se=0, k=5), ValueError, "se must be a finite"),
        (lambda: compare_algorithms([0.1, 0.2], confidence=1), ValueError, "confidence"),
        (lambda: compare_algorithms([0.1, 0.2], corrected=True), ValueError, "test_train_ratio"),
        (
            lambda: compare_algorithms([0.1, 0.2], test_train_ratio=0.1),
            ValueError,
            "only applies with corrected=True",
        ),
        (
            lambda: compare_algorithms(mean=0.1, se=0.01, k=5, corrected=True),
            ValueError,
            "needs the individual differences",
        ),
        (
            lambda: compare_algorithms([0.1, 0.2], corrected=True, test_train_ratio=-1),
            ValueError,
            "test_train_ratio must be a finite number greater than 0",
        ),
        (lambda: friedman([[0.1, 0.2, 0.3]]), ValueError, "at least two datasets"),
        (lambda: friedman([[0.1, 0.2], [0.3, 0.4]]), ValueError, "at least three algorithms"),
        (lambda: friedman([0.1, 0.2, 0.3]), ValueError, "two-dimensional"),
        (lambda: friedman("abc"), TypeError, "score_table must be a table"),
        (lambda: friedman([[1, 2, np.inf], [1, 2, 3]]), ValueError, "nan or infinite"),
        (lambda: friedman([[1, 1, 1], [2, 2, 2]]), ValueError, "all tied"),
        (lambda: friedman([[1, 2, 3], [3, 2, 1]], alpha=2), ValueError, "alpha must be"),
        (lambda: interval_coverage(0.5, 10, n_trials=0), ValueError, "n_trials must be at least 1"),
        (lambda: interval_coverage(0.5, 10, method="x"), ValueError, "method must be"),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_table_error_lists_the_levels():
    with pytest.raises(ValueError) as info:
        z_value(0.95, source="table")
    for level in ("0.998", "0.99", "0.98", "0.9", "0.8", "0.6", "0.2"):
        assert level in str(info.value)
    with pytest.raises(ValueError) as info:
        t_value(0.95, 10, source="table")
    assert "1, 2, 9, 29" in str(info.value)


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        accuracy_interval(0.5, 10, 0.95)
    with pytest.raises(TypeError):
        compare_models(0.9, 30, 0.8, 30, 0.9)
    with pytest.raises(TypeError):
        z_value(0.9, "table")
    with pytest.raises(TypeError):
        friedman([[1, 2, 3], [3, 2, 1]], True)


# ---------------------------------------------------------------------- bootstrap interval
def test_bootstrap_of_accuracy_is_the_binomial_distribution():
    """Resampling n instances gives hits ~ Binomial(n, p̂): compare the percentiles."""
    from evalbook import accuracy

    cm = [[300, 40], [60, 600]]  # n = 1000, accuracy 0.9
    lower, upper = bootstrap_interval(accuracy, cm, n_resamples=200_000, seed=1)
    exact = stats.binom.ppf([0.025, 0.975], 1000, 0.9) / 1000
    assert lower == pytest.approx(exact[0], abs=1.5e-3)
    assert upper == pytest.approx(exact[1], abs=1.5e-3)


@pytest.mark.slow
def test_bootstrap_agrees_with_resampling_the_instances_one_by_one():
    from evalbook import ConfusionMatrix, f1

    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 400)
    y_pred = np.where(rng.random(400) < 0.8, y_true, 1 - y_true)
    cm = ConfusionMatrix.from_labels(y_true, y_pred)
    values = []
    for _ in range(4000):  # the slow, obvious way
        index = rng.integers(0, 400, 400)
        values.append(f1(ConfusionMatrix.from_labels(y_true[index], y_pred[index], labels=[1, 0])))
    slow = np.quantile(values, [0.05, 0.95])
    fast = bootstrap_interval(f1, cm, n_resamples=20_000, confidence=0.90, seed=4)
    np.testing.assert_allclose(fast, slow, atol=0.01)

    def f1_of_labels(target, predicted):
        return f1(ConfusionMatrix.from_labels(target, predicted, labels=[1, 0]))

    of_labels = bootstrap_interval(f1_of_labels, y_true, y_pred, n_resamples=4000, seed=5,
                                   confidence=0.90)  # fmt: skip
    np.testing.assert_allclose(of_labels, slow, atol=0.01)


def test_a_stratified_bootstrap_of_a_matrix_keeps_its_row_totals():
    from evalbook import ConfusionMatrix, recall

    cm = ConfusionMatrix([[30, 10], [5, 55]], labels=[1, 0])
    seen = set()

    def rows_recall(matrix):
        seen.add(tuple(matrix.counts.sum(axis=1).tolist()))
        return recall(matrix)

    lower, upper = bootstrap_interval(rows_recall, cm, n_resamples=3000, stratify=True, seed=2)
    assert seen == {(40, 60)}
    # recall is TP / 40 with TP ~ Binomial(40, 0.75) when the row total is kept
    exact = stats.binom.ppf([0.025, 0.975], 40, 0.75) / 40
    assert (lower, upper) == pytest.approx(tuple(exact), abs=0.026)
    free_lower, free_upper = bootstrap_interval(recall, cm, n_resamples=3000, seed=2)
    assert free_upper - free_lower > upper - lower  # the row total varies too: wider


def test_bootstrap_interval_is_reproducible_and_contains_the_estimate():
    from evalbook import accuracy, error_rate

    cm = [[6, 3], [2, 9]]
    first = bootstrap_interval(accuracy, cm, seed=7)
    assert first == bootstrap_interval(accuracy, cm, seed=7)
    assert first[0] <= accuracy(cm) <= first[1]
    low, high = bootstrap_interval(error_rate, cm, seed=7)
    assert (low, high) == pytest.approx((1 - first[1], 1 - first[0]))


def test_the_basic_interval_reflects_the_percentiles_about_the_estimate():
    from evalbook import accuracy

    cm = [[6, 3], [2, 9]]
    q_low, q_high = bootstrap_interval(accuracy, cm, seed=3)
    lower, upper = bootstrap_interval(accuracy, cm, method="basic", seed=3)
    assert (lower, upper) == pytest.approx((2 * 0.75 - q_high, 2 * 0.75 - q_low))


def test_bootstrap_interval_leaves_out_undefined_resamples_with_a_warning():
    from evalbook import UndefinedMetricWarning, precision

    with pytest.warns(UndefinedMetricWarning, match="undefined .* resamples"):
        lower, upper = bootstrap_interval(precision, [[1, 9], [0, 90]], seed=0)
    assert 0.0 <= lower <= upper <= 1.0


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((), {"n_resamples": 0}, ValueError, "n_resamples must be at least 1"),
        ((), {"confidence": 1.5}, ValueError, "confidence must be strictly between 0 and 1"),
        ((), {"method": "wald"}, ValueError, "method must be 'percentile' or 'basic' or 'bca'"),
        ((), {"stratify": "yes"}, TypeError, "stratify must be"),
        (("accuracy",), {}, TypeError, "metric must be a function"),
        (("accuracy", [1, 0], [1, 0]), {}, TypeError, "got 3 data arguments"),
    ],
)
def test_bootstrap_interval_bad_input(args, kwargs, error, message):
    from evalbook import accuracy

    arguments = (args[0], [[6, 3], [2, 9]], *args[1:]) if args else (accuracy, [[6, 3], [2, 9]])
    with pytest.raises(error, match=message):
        bootstrap_interval(*arguments, **kwargs)
    with pytest.raises(TypeError, match="got 0 data arguments"):
        bootstrap_interval(accuracy)


def test_bootstrap_interval_of_an_empty_matrix():
    from evalbook import accuracy

    with pytest.raises(ValueError, match="cm has no instances"):
        bootstrap_interval(accuracy, [[0, 0], [0, 0]])


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: compare_algorithms([0.3, 0.1 + 0.2, 0.3]), ValueError, "all equal"),
        (lambda: compare_algorithms(mean="0.1", se=0.01, k=10), TypeError, "mean must be a number"),
        (lambda: compare_algorithms(mean=True, se=0.01, k=10), TypeError, "mean must be a number"),
        (lambda: compare_algorithms(["0.1", "0.2"]), TypeError, "differences must hold real"),
        (lambda: compare_algorithms([[0.1, 0.2], [0.3]]), ValueError, "differences must be a flat"),
        (lambda: friedman([[1, 2, 3], [1, 2]]), ValueError, "score_table must be a flat"),
        (lambda: friedman([[1, 2, 3], [3, 1, 2]], nemenyi="no"), TypeError, "nemenyi must be True"),
        (lambda: interval_coverage(0.8, 30, seed=-1), ValueError, "seed must be a non-negative"),
        (lambda: interval_coverage(0.8, 30, seed="x"), TypeError, "seed must be None"),
    ],
)
def test_bad_inputs_name_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_bootstrap_interval_seed_is_checked():
    from evalbook import accuracy

    with pytest.raises(TypeError, match="seed must be None"):
        bootstrap_interval(accuracy, [[6, 3], [2, 9]], seed=True)


def test_vectorised_exact_bounds_agree_with_statsmodels_for_every_hit_count():
    """interval_coverage(method="exact") computes all hit counts in one call of the beta
    quantile; the bounds are statsmodels' Clopper–Pearson (method="beta") for each count."""
    from statsmodels.stats.proportion import proportion_confint

    from evalbook._core.stats import clopper_pearson_bounds

    for n in (1, 2, 7, 30, 250):
        hits = np.arange(n + 1)
        lower, upper = clopper_pearson_bounds(hits, n, 0.9)
        for k in hits:
            ref_lower, ref_upper = proportion_confint(int(k), n, alpha=0.1, method="beta")
            assert lower[k] == pytest.approx(ref_lower, abs=1e-12)
            assert upper[k] == pytest.approx(ref_upper, abs=1e-12)
        assert lower[0] == 0.0 and upper[-1] == 1.0


# ---------------------------------------------------------------------- mappings {name: scores}
def test_friedman_takes_a_mapping_of_algorithms_and_keeps_their_names():
    table = {"árvore": [0.90, 0.70, 0.95, 0.80], "knn": [0.85, 0.75, 0.90, 0.78]}
    table["mlp"] = [0.80, 0.60, 0.85, 0.79]
    from_mapping = friedman(table, nemenyi=True)
    from_frame = friedman(pd.DataFrame(table), nemenyi=True)
    assert from_mapping.labels == ("árvore", "knn", "mlp") == from_frame.labels
    assert from_mapping.statistic == from_frame.statistic == pytest.approx(4.5)
    np.testing.assert_array_equal(from_mapping.average_ranks, [1.25, 2.0, 2.75])
    with pytest.raises(ValueError, match="all of the same length"):
        friedman({"a": [0.9, 0.8], "b": [0.7], "c": [0.6, 0.5]})
