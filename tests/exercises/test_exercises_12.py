"""Exercise set 12 (overfitting, leakage, comparing two classifiers): independent answers.

The expected answers of ``evalbook/exercises/set_12.py`` are recomputed here with
statsmodels, scipy and the formulas written out (never with evalbook's paired_tests or
bias_variance modules), for the solutions' data and for homework variants, and wrong
answers, including the known mistakes, are rejected.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar

from evalcourse.exercises import data_beyond

#: Variants whose data the tests below check against the rules of data_beyond.
VARIANTS = [1, 7, 2024, 12345, 987654321, *range(300, 330)]


def _mcnemar(variant=None):
    filters = data_beyond.two_classifiers(variant=variant)
    right_a = (filters.filter_a == filters.target).to_numpy()
    right_b = (filters.filter_b == filters.target).to_numpy()
    b, c = int(np.sum(right_a & ~right_b)), int(np.sum(~right_a & right_b))
    return b, c, mcnemar([[0, b], [c, 0]], exact=True).pvalue


def _delong(variant=None):
    screen = data_beyond.screening(variant=variant)
    sick = (screen.target == "doente").to_numpy()
    components = []
    for column in ("score", "score_b"):
        s = screen[column].to_numpy()
        x, y = s[sick], s[~sick]
        psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
        components.append((psi.mean(axis=1), psi.mean(axis=0)))
    (v10a, v01a), (v10b, v01b) = components
    m, n = sick.sum(), (~sick).sum()
    variance = (np.var(v10a - v10b, ddof=1) / m) + (np.var(v01a - v01b, ddof=1) / n)
    difference = v10a.mean() - v10b.mean()
    return difference, 2 * stats.norm.sf(abs(difference) / np.sqrt(variance))


def _five_by_two(variant=None):
    """Dietterich's t and p, Alpaydin's f and p, and the t with the mean on top."""
    a, b = data_beyond.five_by_two(variant=variant)
    d = a - b
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    t = d[0, 0] / np.sqrt(s2.sum() / 5)
    f = (d**2).sum() / (2 * s2.sum())
    t_mean = d.mean() / np.sqrt(s2.sum() / 5)
    return t, 2 * stats.t.sf(abs(t), 5), f, stats.f.sf(f, 10, 5), t_mean


def independent(variant=None):
    b, c, p = _mcnemar(variant)
    truth, predictions = data_beyond.bootstrap_predictions_table(variant=variant)
    main = predictions.mean(axis=0)
    return {
        "12.previsao_p": p,
        "12.mcnemar": (b, c, p),
        "12.teste": "mcnemar",
        "12.delong": _delong(variant),
        "12.testes_5x2": _five_by_two(variant)[:4],
        "12.vies_variancia": (np.mean((main - truth) ** 2), np.mean((predictions - main) ** 2)),
        "12.vazamento": "1",
        "12.aninhada": "b",
        "12.um_ep": "c",
        "12.grupos": "b",
        "12.tempo": "d",
        "12.curva_aprendizado": "b",
    }


WRONG = {
    "12.previsao_p": [2.0, -1],
    "12.mcnemar": [(2, 6, 0.289), (6, 2, 0.1445), (21, 17, 0.05)],
    "12.teste": ["t pareado nos folds", "intervalo de d", "friedman"],
    "12.delong": [(0.05, 0.05), (-0.0521, 0.5167)],
    "12.testes_5x2": [(3.0, 0.03, 3.0, 0.1185), (1.9365, 0.1106, 1.94, 0.11)],
    "12.vies_variancia": [(0.175, 0.1), (0.1, 0.21875)],
    "12.vazamento": ["2", "3", "4"],
    "12.aninhada": ["a", "c", "d"],
    "12.um_ep": ["a", "b", "d"],
    "12.grupos": ["a", "c", "d"],
    "12.tempo": ["a", "b", "c"],
    "12.curva_aprendizado": ["a", "c", "d"],
}


def test_the_story_of_the_data():
    b, c, p = _mcnemar()
    assert (b, c) == (6, 2) and p > 0.05  # 21 against 17 hits: not significant
    assert _delong()[1] > 0.05
    # a noisy regressor: more variance than bias
    assert independent()["12.vies_variancia"] == pytest.approx((0.1, 0.175))


@pytest.mark.parametrize("variant", [None, *VARIANTS])
def test_the_data_keep_every_question_sound(variant):
    filters = data_beyond.two_classifiers(variant=variant)
    assert len(filters) == 24
    b, c, p = _mcnemar(variant)
    # b and c swapped, and the one-sided p, are known mistakes: they must differ
    assert b != c and b + c >= 3 and 0.004 <= p < 1  # p / 2 is 0.002 or more away from p
    assert abs(p - 0.05) >= 0.01  # the guess of question 1 is judged against 0.05
    difference, p_delong = _delong(variant)
    assert abs(difference) >= 0.02 and abs(p_delong - 0.05) >= 0.005
    t, p_t, _, p_f, t_mean = _five_by_two(variant)
    assert abs(t - t_mean) >= 0.01 and min(abs(p_t - 0.05), abs(p_f - 0.05)) >= 0.005
    bias, variance = independent(variant)["12.vies_variancia"]
    assert min(bias, variance) > 0 and abs(bias - variance) >= 0.01


def test_the_variants_reach_both_sides_of_significance():
    p_values = [_mcnemar(variant)[2] for variant in VARIANTS]
    assert min(p_values) < 0.05 < max(p_values)
