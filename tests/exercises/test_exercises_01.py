"""Exercises 01 (the confusion matrix): answers computed by hand from the fraud table.

``independent(variant)`` and ``WRONG`` feed the registry-wide tests of
``test_exercises_sets.py``; this module adds the documented values and the hints that
depend on the answer's container.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import confusion_matrix

from evalbook import ConfusionMatrix
from evalbook.exercises import check
from evalbook.exercises.registry import all_exercises
from evalcourse.exercises import data

KINDS = {(True, True): "TP", (True, False): "FN", (False, True): "FP", (False, False): "TN"}


def fraud_cells(variant=None) -> dict:
    """The fraud table's result types and cell counts, by hand (no evalbook metric)."""
    table = data.fraud_transactions(variant=variant)
    fraud_true = table["target"].eq("fraude").to_numpy()
    fraud_pred = table["prediction"].eq("fraude").to_numpy()
    types = [KINDS[(bool(t), bool(p))] for t, p in zip(fraud_true, fraud_pred, strict=True)]
    counts = {kind: types.count(kind) for kind in ("TP", "FN", "FP", "TN")}
    return {"true": fraud_true, "pred": fraud_pred, "types": types, **counts}


def independent(variant=None) -> dict:
    c = fraud_cells(variant)
    tp, fn, fp, tn = c["TP"], c["FN"], c["FP"], c["TN"]
    return {
        "01.tipos": c["types"],
        "01.matriz": ConfusionMatrix([[tp, fn], [fp, tn]], labels=["fraude", "legítima"]),
        "01.tipo_i": "FP",
        "01.n_tipo_i": fp,
        "01.sklearn": confusion_matrix(c["true"].astype(int), c["pred"].astype(int)),
        "01.caret": np.array([[tp, fp], [fn, tn]]),
        "01.threshold_menor": "a",
        "01.leitura_sklearn": "b",
        "01.tres_classes": "b",
    }


WRONG = {
    "01.tipos": [["TN"] * 16],
    "01.matriz": [[[5, 1], [3, 7]]],
    "01.tipo_i": ["TN"],
    "01.n_tipo_i": [7],
    "01.sklearn": [[[6, 4], [2, 4]]],
    "01.caret": [[[4, 1], [3, 8]]],
    "01.threshold_menor": ["b", "c", "D "],
    "01.leitura_sklearn": ["a", "c", "d"],
    "01.tres_classes": ["a", "c", "d"],
}


def test_the_exercise_data_has_the_documented_counts():
    answers = independent()
    assert answers["01.matriz"].counts.tolist() == [[4, 2], [3, 7]]
    assert answers["01.sklearn"].tolist() == [[7, 3], [2, 4]]


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("01.tipos", ["TP", "TN", "FP"], "Esperava 16 valores, um por linha da tabela"),
        ("01.tipos", "TP", "Recebi o texto 'TP'"),
        ("01.tipos", ["TP"] * 15 + ["XX"], "'XX' não é um valor válido"),
        ("01.tipos", [1] * 16, "na posição 0 (contando de 0) há o número 1"),
        ("01.matriz", np.ones((3, 3), dtype=int), "Esperava uma matriz 2×2"),
        ("01.matriz", [4, 2, 3, 7], "organize-os em 2 linhas de 2"),
        ("01.matriz", [[4, 2], [3]], "As linhas têm tamanhos diferentes"),
        ("01.matriz", [[4.5, 2], [3, 7]], "contagem"),
        ("01.matriz", [[4, 2], [3, 6]], "A soma das células deve ser 16"),
        ("01.tipo_i", ["FP"], "sem lista"),
        ("01.tipo_i", "tipo I", "não é uma das opções"),
        ("01.n_tipo_i", 2.5, "Esperava uma contagem"),
        ("01.n_tipo_i", "3", "sem aspas"),
    ],
)
def test_specific_hints(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert fragment in result.message


def test_confusion_matrix_with_the_classes_in_the_other_order():
    table = data.fraud_predictions()
    cm = ConfusionMatrix.from_labels(table.target, table.prediction, labels=["legítima", "fraude"])
    result = check("01.matriz", cm)
    assert not result.correct
    assert "classe positiva vem primeiro" in result.message
    assert "labels=['fraude', 'legítima']" in result.message


def test_confusion_matrix_without_the_class_names():
    result = check("01.matriz", ConfusionMatrix([[4, 2], [3, 7]]))
    assert not result.correct
    assert "os rótulos são ['positive', 'negative']" in result.message


@pytest.mark.parametrize(
    "answer",
    [
        [[4, 2], [3, 7]],
        np.array([[4.0, 2.0], [3.0, 7.0]]),
        ((4, 2), (3, 7)),
        pd.DataFrame(
            [[4, 2], [3, 7]], index=["fraude", "legítima"], columns=["fraude", "legítima"]
        ),
        pd.DataFrame(
            [[2, 4], [7, 3]], index=["fraude", "legítima"], columns=["legítima", "fraude"]
        ),
    ],
    ids=["list", "float-array", "tuples", "frame", "frame-columns-swapped"],
)
def test_matrix_answers_in_other_containers(answer):
    assert check("01.matriz", answer).correct


def test_crosstab_and_to_frame_answers():
    table = data.fraud_predictions()
    assert check("01.matriz", pd.crosstab(table.target, table.prediction)).correct
    cm = all_exercises()["01.matriz"].expected(None)
    assert check("01.caret", cm.to_frame("caret")).correct
    margins = check("01.matriz", cm.to_frame(margins=True))
    assert not margins.correct and "totais" in margins.message


@pytest.mark.parametrize(
    "answer",
    [
        lambda types: list(types),
        lambda types: tuple(types),
        lambda types: np.array(types),
        lambda types: pd.Series(types),
        lambda types: [f" {t.lower()} " for t in types],
    ],
    ids=["list", "tuple", "array", "series", "lower-case"],
)
def test_result_types_in_other_containers(answer):
    types = independent()["01.tipos"]
    assert check("01.tipos", answer(types)).correct


def test_wrong_result_types_say_how_many_and_where():
    types = list(independent()["01.tipos"])
    types[5], types[9] = "FN", "FP"  # TP -> FN, TN -> FP
    message = check("01.tipos", types).message
    assert "2 de 16 estão errados (o primeiro na posição 5" in message


def test_count_types():
    assert check("01.n_tipo_i", np.int64(3)).correct
    assert check("01.n_tipo_i", 3.0).correct
    assert not check("01.n_tipo_i", True).correct
