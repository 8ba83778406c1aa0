"""Exercise set 14 (how many test examples): independent answers.

The expected answers of ``evalcourse/exercises/set_14.py`` are recomputed here with
statsmodels, scipy and the formulas written out (never with evalbook's test-design
module), for the solutions' data and for homework variants, and wrong answers, including
the known mistakes, are rejected. The variants' rule (``data_beyond.evaluation_plan``) is
checked on many keys.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint, samplesize_confint_proportion

from evalcourse.exercises import data_beyond

#: Variants whose data the tests below check against the rules of data_beyond.
VARIANTS = [1, 7, 2024, 12345, 987654321, *range(300, 340)]
Z = stats.norm.ppf(0.975)


def _width(p, n, method="beta"):
    hits = np.arange(n + 1)
    lower, upper = proportion_confint(hits, n, alpha=0.05, method=method)
    return float(np.sum(stats.binom.pmf(hits, n, p) * (upper - lower)))


def _connor(n, difference, discordant, z=Z, tails=2):
    spread = math.sqrt(discordant - difference**2)
    shift = abs(difference) * math.sqrt(n)
    power = stats.norm.cdf((shift - z * math.sqrt(discordant)) / spread)
    if tails == 2:
        power += stats.norm.cdf((-shift - z * math.sqrt(discordant)) / spread)
    return float(power)


def _detectable(n, discordant):
    from scipy.optimize import brentq

    return float(brentq(lambda d: _connor(n, d, discordant) - 0.8, 1e-9, discordant * 0.999999))


def _auc_size(auc_a, auc_b, r):
    """Obuchowski & McClish's binormal variances (B = 1) with the delta method's f·g·A term;
    one positive per negative; DeLong's test (null variance = the difference's)."""

    def parts(auc):
        a = math.sqrt(2) * stats.norm.ppf(auc)
        f = math.exp(-(a**2) / 4) / math.sqrt(4 * math.pi)
        g = -math.exp(-(a**2) / 4) * a / math.sqrt(16 * math.pi)
        return a, f, g

    (a1, f1, g1), (a2, f2, g2) = parts(auc_a), parts(auc_b)

    def var(a, f, g):
        return f**2 * (2 + a**2 / 2) + g**2 + f * g * a

    cov = (
        f1 * f2 * (2 * r + r**2 * a1 * a2 / 2)
        + g1 * g2 * r**2
        + f1 * g2 * r**2 * a1 / 2
        + f2 * g1 * r**2 * a2 / 2
    )
    variance = var(a1, f1, g1) + var(a2, f2, g2) - 2 * cov
    n = ((Z + stats.norm.ppf(0.8)) * math.sqrt(variance) / (auc_a - auc_b)) ** 2
    return math.ceil(n - 1e-9), math.ceil(n - 1e-9)


def _best(n, k):
    below = stats.binom.cdf(np.arange(n), n, 0.5)
    return float(np.sum(1 - below**k) / n)


def independent(variant=None):
    plan = data_beyond.evaluation_plan(variant=variant)
    power = _connor(plan["n_pairs"], plan["difference"], plan["discordant"])
    best = _best(plan["n_reuse"], plan["k"])
    return {
        "14.largura": _width(plan["accuracy"], plan["n"]),
        "14.tamanho": math.ceil(samplesize_confint_proportion(0.5, plan["width"] / 2)),
        "14.previsao_poder": power,
        "14.poder": power,
        "14.menor_diferenca": _detectable(plan["n_pairs"], plan["discordant"]),
        "14.conclusao": "b",
        "14.auc_tamanho": _auc_size(plan["auc_a"], plan["auc_b"], plan["correlation"]),
        "14.previsao_melhor": best,
        "14.melhor": best,
        "14.reuso": "c",
    }


WRONG = {
    "14.largura": [0.0516, 0.0971, 0.5],
    "14.tamanho": [1067, 267, 544],
    "14.previsao_poder": [2.0, -1],
    "14.poder": [0.80, 0.7931, 0.5],
    "14.menor_diferenca": [0.03, 0.05],
    "14.conclusao": ["a", "c", "d"],
    "14.auc_tamanho": [(400, 400), (407, 1221), (800, 800)],
    "14.previsao_melhor": [2.0, -1],
    "14.melhor": [0.5, 0.6],
    "14.reuso": ["a", "b", "d"],
}


def test_the_solutions_answers():
    answers = independent()
    assert answers["14.tamanho"] == 1068  # z²/0.06² = 1067.07
    assert answers["14.auc_tamanho"] == (407, 407)
    assert answers["14.largura"] == pytest.approx(0.10313, abs=1e-5)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_variant_keeps_the_rule_of_its_data(variant):
    """The power is at least 0.03 from the guess's boundary 0.8, and every known mistake
    is away from its answer: the one-sided power, the Wilson width, the expected size."""
    plan = data_beyond.evaluation_plan(variant=variant)
    power = _connor(plan["n_pairs"], plan["difference"], plan["discordant"])
    assert abs(power - 0.8) >= 0.03
    one_sided = _connor(
        plan["n_pairs"], plan["difference"], plan["discordant"], z=stats.norm.ppf(0.95), tails=1
    )
    assert abs(one_sided - power) > 0.002
    assert (
        abs(_width(plan["accuracy"], plan["n"]) - _width(plan["accuracy"], plan["n"], "wilson"))
        > 0.002
    )
    assert 0.7 <= plan["auc_a"] < plan["auc_b"] <= 0.86
    assert _best(plan["n_reuse"], plan["k"]) > 0.5
