"""Exercises 05: the expected answers against independent computations, wrong ones rejected.

The independent answers use the fraud table directly, scikit-learn and scipy, never the
evalbook functions that the registry uses. ``independent()`` and ``WRONG`` feed the
registry-wide tests of ``test_exercises_sets.py``; ``independent(variant)`` feeds the tests
of the homework variants (``test_exercises_variants.py``), which take question 1's threshold
from ``data.fraud_threshold`` (data, like the table) and recompute everything else.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, roc_auc_score

from evalbook.exercises import check
from evalcourse.exercises import data

WRONG_HINT = "❌ Ainda não. Dica: "


def independent(variant=None) -> dict:
    table = data.fraud_predictions(variant=variant)
    fraud = table.target.eq("fraude").to_numpy()
    scores = table.score.to_numpy()
    t = data.fraud_threshold(variant=variant)  # 0.64 for the solutions
    # score ≥ t: sklearn's matrix has labels [0, 1]; flip to fraud first
    counts = confusion_matrix(fraud, scores >= t, labels=[True, False])
    predicted = scores >= 0.5
    tpr = np.sum(predicted & fraud) / fraud.sum()
    fpr = np.sum(predicted & ~fraud) / (~fraud).sum()
    return {
        "05.matriz_t": counts,
        "05.tpr_fpr": (tpr, fpr),
        "05.auc": roc_auc_score(fraud, scores),
        "05.pares": int(np.sum(scores[fraud][:, None] > scores[~fraud][None, :])),
        "05.prever_auc": roc_auc_score(fraud, scores),
        "05.auc_e_threshold": "b",
        "05.limiar_lucro": "c",
    }


def test_the_documented_values():
    answers = independent()
    assert answers["05.matriz_t"].tolist() == [[3, 3], [2, 8]]
    assert answers["05.pares"] == 47
    assert answers["05.auc"] == pytest.approx(47 / 60)


WRONG = {
    "05.matriz_t": [[[4, 2], [2, 8]]],
    "05.tpr_fpr": [(0.5, 0.5)],
    "05.auc": [0.5],
    "05.pares": [40],
    "05.prever_auc": [1.2, -0.1],
    "05.auc_e_threshold": ["a", "c", "d"],
    "05.limiar_lucro": ["a", "b", "d"],
}


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("05.matriz_t", [[3, 3], [1, 9]], "score exatamente igual ao limiar"),  # score > t
        ("05.matriz_t", [[3, 2], [3, 8]], "transposta"),
        ("05.matriz_t", [[4, 2], [2, 8]], "o score vira predição"),
        ("05.tpr_fpr", (0.3, 2 / 3), "ordem trocada"),
        ("05.tpr_fpr", (0.5, 0.5), "um ponto da ROC"),
        ("05.auc", 13 / 60, "“legítima” como positiva"),
        ("05.auc", 0.5, "uma área e uma contagem de pares"),
        ("05.pares", 60, "total de pares"),
        ("05.pares", 40, "Quantos pares (uma fraude, uma legítima)"),
    ],
)
def test_wrong_answers_get_hints(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG_HINT)
    assert fragment in result.message


@pytest.mark.parametrize("variant", [None, 1, 7, 2024, 12345, 987654321, *range(100, 140)])
def test_the_threshold_sits_on_a_transaction_and_separates_the_mistakes(variant):
    table = data.fraud_predictions(variant=variant)
    t = data.fraud_threshold(variant=variant)
    fraud = table.target.eq("fraude").to_numpy()
    scores = table.score.to_numpy()
    assert np.sum(scores == t) == 1 and t != 0.5
    at, above = scores >= t, scores > t
    counts = confusion_matrix(fraud, at, labels=[True, False])
    assert not np.array_equal(counts, counts.T)  # the transposed matrix is a mistake of its own
    assert not np.array_equal(counts, confusion_matrix(fraud, above, labels=[True, False]))
    # the largest rank tried first is the 5th; an earlier rank is skipped only for a reason
    rank = int(np.sum(scores > t)) + 1
    order = [5, 6, 4, 7, 3, 8, 2, 9]
    for skipped in order[: order.index(rank)]:
        s = np.sort(scores)[::-1][skipped - 1]
        flagged = scores >= s
        assert s == 0.5 or np.sum(flagged & ~fraud) == np.sum(~flagged & fraud)
