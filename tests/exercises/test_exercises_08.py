"""Exercises 08 (validation methods): the registry's answers against independent
computations (exact fractions, scikit-learn's splitters and cross_val_score), and wrong
answers rejected."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import KFold, LeaveOneOut, cross_val_score
from sklearn.tree import DecisionTreeClassifier

import evalbook
from evalbook.exercises import check
from evalcourse.exercises import data

WRONG_HINT = "❌ Ainda não. Dica: "


def _largest_remainder(total: int, weights) -> list[int]:
    """Hamilton's method in exact arithmetic; ties to the earlier weight."""
    quotas = [Fraction(total) * Fraction(w) / sum(map(Fraction, weights)) for w in weights]
    shares = [math.floor(q) for q in quotas]
    order = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - shares[i]), i))
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def independent(variant=None) -> dict:
    """Every answer of set 08 from exact fractions and scikit-learn (a variant changes the
    bootstrap's size, the .632 errors and the folds' seed: only those come from evalbook)."""
    numbers = data.validation_numbers(variant=variant)
    n, test_error, training_error = (
        numbers["n_bootstrap"],
        numbers["test_error"],
        numbers["training_error"],
    )
    iris = load_iris()
    X_iris, especies = iris.data, iris.target_names[iris.target]
    X, y = data.random_two_classes()
    loo = cross_val_score(DummyClassifier(strategy="most_frequent"), X, y, cv=LeaveOneOut())
    sizes = [len(test) for _, test in KFold(10).split(np.zeros(47))]
    test_size = _largest_remainder(200, [Fraction(1, 3), Fraction(2, 3)])[0]
    splits = list(evalbook.stratified_kfold(especies, k=10, seed=numbers["fold_seed"]))
    tree = DecisionTreeClassifier(max_depth=2, random_state=0)
    return {
        "08.divisao": tuple(
            _largest_remainder(47, [Fraction(5, 10), Fraction(2, 10), Fraction(3, 10)])
        ),
        "08.estratificado": tuple(_largest_remainder(test_size, [130, 50, 20])),
        "08.folds": (sizes.count(5), sizes.count(4)),
        "08.loo": 1 - loo.mean(),
        "08.oob": float(Fraction(n - 1, n) ** n),
        "08.erro_632": 0.632 * test_error + 0.368 * training_error,
        "08.cv_iris": cross_val_score(tree, X_iris, especies, cv=splits).mean(),
        "08.prever_oob": float(Fraction(n - 1, n) ** n),
        "08.loo_pessimo": "a",
        "08.qual_acuracia": "b",
        "08.repetido": "c",
        "08.dez_por_dez": "b",
        "08.bootstrap_632": "c",
    }


ANSWERS = independent()


def test_handout_like_values():
    assert ANSWERS["08.divisao"] == (24, 9, 14)
    assert ANSWERS["08.estratificado"] == (43, 17, 7)
    assert ANSWERS["08.folds"] == (7, 3)
    assert ANSWERS["08.loo"] == 1.0
    assert ANSWERS["08.oob"] == pytest.approx(0.3604, abs=1e-4)
    assert ANSWERS["08.erro_632"] == pytest.approx(0.19168)


WRONG = {
    "08.divisao": [(23, 10, 14)],
    "08.estratificado": [(44, 16, 7)],
    "08.folds": [(5, 5)],
    "08.loo": [0.0],
    "08.oob": [0.5],
    "08.erro_632": [0.3],
    "08.cv_iris": [0.9],
    "08.prever_oob": [1.5, "0.3"],
    "08.loo_pessimo": ["b", "c", "d"],
    "08.qual_acuracia": ["a", "c", "d"],
    "08.repetido": ["a", "b", "d"],
    "08.dez_por_dez": ["a", "c", "d"],
    "08.bootstrap_632": ["a", "b", "d"],
}


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("08.estratificado", (87, 33, 13), "Esses são os exemplos do treino"),
        ("08.divisao", (23, 9, 14), "Truncando cada parte"),
        ("08.folds", (3, 7), "na ordem trocada"),
        ("08.loo", 0.5, "50% é o erro esperado"),
        ("08.oob", math.exp(-1), "limite e⁻¹"),
        ("08.oob", 0.96, "único sorteio"),
        ("08.erro_632", 0.368 * 0.28 + 0.632 * 0.04, "pesos estão trocados"),
        ("08.erro_632", 0.16, "média simples"),
        ("08.cv_iris", 0.96, "próprios dados de treino"),
        ("08.cv_iris", 93.33, "porcentagem"),
    ],
)
def test_known_mistakes_get_their_hint(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert fragment in result.message


def test_rounded_answers_are_accepted():
    assert check("08.oob", 0.360).correct
    assert check("08.cv_iris", 0.933).correct
    assert not check("08.cv_iris", 0.93).correct


@pytest.mark.parametrize("variant", [None, 1, 7, 2024, 12345, 987654321])
def test_the_choices_hold_for_every_variant(variant):
    """08.qual_acuracia's question says the tree scores higher on its own training flowers than
    in cross-validation, and 08.prever_oob's boundary says most examples enter the sample: both
    must hold whatever the variant's folds and bootstrap size."""
    iris = load_iris()
    X_iris, especies = iris.data, iris.target_names[iris.target]
    tree = DecisionTreeClassifier(max_depth=2, random_state=0)
    training = float(np.mean(tree.fit(X_iris, especies).predict(X_iris) == especies))
    answers = independent(variant)
    assert training > answers["08.cv_iris"] + 0.001
    assert answers["08.oob"] < 0.5
    numbers = data.validation_numbers(variant=variant)
    assert numbers["test_error"] > numbers["training_error"]  # the .632 mistakes stay apart
