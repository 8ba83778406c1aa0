"""Exercise set 10 (comparisons): the registry's answers against independent computations.

The expected answers of ``evalbook/exercises/_set_10.py`` are recomputed here with scipy and
plain formulas (never with evalbook.inference), and wrong answers, including the known
mistakes, are rejected.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from evalbook.exercises import check
from evalcourse.exercises import data

DATASETS = data.algorithm_differences()
FOLDS = data.fold_differences()
SCORES = np.array(data.friedman_accuracies())
P1, N1, P2, N2 = data.model_accuracies()


def _more_rejections(p_values) -> str:
    """Which of Holm and Bonferroni rejects more at 5% (statsmodels' multipletests)."""
    from statsmodels.stats.multitest import multipletests

    holm = multipletests(p_values, alpha=0.05, method="holm")[0].sum()
    bonferroni = multipletests(p_values, alpha=0.05, method="bonferroni")[0].sum()
    return "as mesmas" if holm == bonferroni else ("Holm" if holm > bonferroni else "Bonferroni")


def _d_sigma(p1, n1, p2, n2) -> tuple[float, float]:
    return p1 - p2, math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def independent(variant=None):
    d = P1 - P2
    sigma = math.sqrt(P1 * (1 - P1) / N1 + P2 * (1 - P2) / N2)
    z = stats.norm.ppf(0.975)
    ci = stats.ttest_1samp(DATASETS, 0).confidence_interval(0.95)
    k = len(FOLDS)
    mean, s = np.mean(FOLDS), np.std(FOLDS, ddof=1)
    half = stats.t.ppf(0.975, k - 1) * s * math.sqrt(1 / k + 1 / 9)
    ranks = np.array([stats.rankdata(-row) for row in SCORES]).mean(axis=0)
    return {
        "10.d_sigma": (d, sigma),
        "10.d_sigma_sua": _d_sigma(*data.model_accuracies_twin(variant=variant)),
        "10.intervalo": (d - z * sigma, d + z * sigma),
        "10.veredito": "nenhum",
        "10.t_tabela": 6.96,  # handout 004's t table, k − 1 = 2, 0.98
        "10.t_intervalo": (ci.low, ci.high),
        "10.corrigido": (mean - half, mean + half),
        "10.postos": tuple(ranks),
        "10.friedman": stats.friedmanchisquare(*SCORES.T).pvalue,
        "10.onde_melhor": {
            (True, True): "ambos",
            (True, False): "datasets",
            (False, True): "folds",
        }.get((ci.low > 0, mean - half > 0), "nenhum"),
        "10.erro_folds": "a",
        "10.holm": _more_rejections((0.004, 0.012, 0.019, 0.30)),
        "10.nemenyi": "c",
    }


def test_the_story_of_the_data():
    assert (P1, N1, P2, N2) == (0.78, 200, 0.72, 300)
    assert len(DATASETS) == 8 and len(FOLDS) == 10 and SCORES.shape == (6, 3)
    answers = independent()
    lower, upper = answers["10.intervalo"]
    assert lower < 0 < upper  # neither model is better at 95%
    assert stats.ttest_1samp(FOLDS, 0).pvalue < 0.05  # the plain test says "better"...
    assert answers["10.corrigido"][0] < 0  # ...the corrected one does not
    assert answers["10.friedman"] < 0.05
    assert answers["10.t_tabela"] == pytest.approx(stats.t.ppf(0.99, 2), abs=0.01)


WRONG = {
    "10.d_sigma": [(0.06, 0.00153), (0.06, 0.0552), (-0.06, 0.0391)],
    "10.intervalo": [(-0.0045, 0.1245), (-0.017, 0.2)],
    "10.veredito": ["M1", "M2"],
    "10.t_tabela": [4.54, 2.33, 4.30, 9.92],
    "10.t_intervalo": [(-0.0146, 0.0536), (0.0095, 0.0295)],
    "10.corrigido": [(0.0037, 0.0351), (-0.0028, 0.0416)],
    "10.postos": [(2.75, 1.9167, 1.3333), (1.0, 2.0, 3.0)],
    "10.friedman": [6.348, 0.05, 0.0175],
    "10.onde_melhor": ["folds", "ambos", "nenhum"],
    "10.erro_folds": ["b", "c", "d"],
    "10.holm": ["Bonferroni", "as mesmas"],
    "10.d_sigma_sua": [(0.5, 0.5)],
    "10.nemenyi": ["a", "b", "d"],
}


def test_specific_hints():
    assert "variância" in check("10.d_sigma", (0.06, 0.00153)).message
    assert "somou os desvios" in check("10.d_sigma", (0.06, 0.0552)).message
    assert "z = 1.65" in check("10.intervalo", (-0.0045, 0.1245)).message
    assert "só o centro do intervalo" in check("10.veredito", "M1").message
    assert "k − 1 = 2" in check("10.t_tabela", 4.541).message
    assert "Tabela 5.1" in check("10.t_tabela", 2.33).message
    assert "erro padrão" in check("10.t_intervalo", (-0.0146, 0.0536)).message
    assert "1.96" in check("10.t_intervalo", (0.0095, 0.0295)).message
    assert "sem a correção" in check("10.corrigido", (0.0037, 0.0351)).message
    assert "1/9" in check("10.corrigido", (-0.0028, 0.0416)).message
    assert "posto 1 à menor" in check("10.postos", (2.75, 1.9167, 1.3333)).message
    assert "estatística" in check("10.friedman", 6.348).message
