"""Exercise set 09 (intervals): the registry's answers against independent computations.

The expected answers of ``evalbook/exercises/set_09.py`` are recomputed here with scipy,
statsmodels and scikit-learn (never with evalbook.inference), and wrong answers, including
the known mistakes, are rejected.
"""

from __future__ import annotations

import math

from scipy import stats
from sklearn.datasets import load_iris
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from statsmodels.stats.proportion import proportion_confint

from evalbook.exercises import check
from evalcourse.exercises import data


def _iris_hits():
    X, y = load_iris(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=50, stratify=y, random_state=42
    )
    model = KNeighborsClassifier(n_neighbors=5).fit(X_train, y_train)
    return int((model.predict(X_test) == y_test).sum())


def _wilson(k, n, z):
    p = k / n
    centre = p + z**2 / (2 * n)
    root = z * math.sqrt(p / n - p**2 / n + z**2 / (4 * n**2))
    return (centre - root) / (1 + z**2 / n), (centre + root) / (1 + z**2 / n)


def independent(variant=None):
    hits = _iris_hits()
    k, n = data.bernoulli_test(variant=variant)
    big_k, big_n = data.large_bernoulli_test(variant=variant)
    p, big_p = k / n, big_k / big_n
    half = 1.65 * math.sqrt(big_p * (1 - big_p) / big_n)  # Table 5.1's z for 90%
    return {
        "09.z_tabela": 1.28,  # Table 5.1, Pr[X ≥ z] = 10%
        "09.condicao": "sim" if n >= 30 and n * p * (1 - p) >= 5 else "não",
        "09.wilson": proportion_confint(k, n, alpha=0.05, method="wilson"),
        "09.normal": (big_p - half, big_p + half),
        "09.exato": proportion_confint(k, n, alpha=0.05, method="beta"),
        "09.iris_knn": _wilson(hits, 50, 1.65),
        "09.mais_largo": _wider(k, n),
        "09.interpretacao": "b",
    }


def test_the_default_data():
    assert data.bernoulli_test() == (36, 40) and data.large_bernoulli_test() == (450, 500)
    assert independent()["09.condicao"] == "não"  # 40 · 0.9 · 0.1 = 3.6 < 5


def test_iris_data():
    assert _iris_hits() == 49


def test_the_exact_z_is_also_accepted_for_the_normal_interval():
    z = stats.norm.ppf(0.95)
    assert check("09.normal", (0.9 - z * math.sqrt(0.09 / 500), 0.9 + z * math.sqrt(0.09 / 500)))


WRONG = {
    "09.z_tabela": [0.84, 1.65, 1.96, 2.33],
    "09.condicao": ["sim"],
    "09.wilson": [(0.807, 0.993), (0.795, 0.954), (0.75, 0.95)],
    "09.normal": [(0.883, 0.917), (0.85, 0.95)],
    "09.exato": [(0.769, 0.960), (0.7, 1.0)],
    "09.iris_knn": [(0.947, 1.013), (0.9, 1.0), (0.833, 0.964)],
    "09.mais_largo": ["Wilson"],
    "09.interpretacao": ["a", "c", "d"],
}


def test_specific_hints():
    assert "(1 − c)/2 = 10%" in check("09.z_tabela", 0.84).message
    assert "n·p·(1 − p) ≥ 5" in check("09.condicao", "sim").message
    assert "aproximação normal" in check("09.wilson", (0.807, 0.993)).message
    assert "90%" in check("09.wilson", (0.795, 0.954)).message
    assert "z = 1.28" in check("09.normal", (0.883, 0.917)).message
    assert "Wilson" in check("09.exato", (0.769, 0.960)).message
    assert "aproximação normal" in check("09.iris_knn", (0.947, 1.013)).message


def _wider(k: int, n: int) -> str:
    """Which 95% interval is wider for k hits in n, from statsmodels."""
    wilson = proportion_confint(k, n, alpha=0.05, method="wilson")
    exact = proportion_confint(k, n, alpha=0.05, method="beta")
    return "exato" if exact[1] - exact[0] > wilson[1] - wilson[0] else "Wilson"
