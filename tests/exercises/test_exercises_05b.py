"""Exercises 05b: the expected answers against independent computations, wrong ones rejected.

The independent answers use the fraud table directly and scipy, never the evalbook functions
that the registry uses. ``independent()`` and ``WRONG`` feed the registry-wide tests of
``test_exercises_sets.py``; ``independent(variant)`` feeds the tests of the homework variants
(``test_exercises_variants.py``).
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import ks_2samp
from sklearn.metrics import roc_auc_score

from evalbook.exercises import check
from evalbook.exercises.registry import set_of
from evalcourse.exercises import data

WRONG_HINT = "❌ Ainda não. Dica: "


def independent(variant=None) -> dict:
    table = data.fraud_predictions(variant=variant)
    fraud = table.target.eq("fraude").to_numpy()
    scores = table.score.to_numpy()
    order = np.argsort(-scores)
    quartiles = fraud[order].reshape(4, 4).sum(axis=1)
    rate = fraud.mean()
    ks = ks_2samp(scores[fraud], scores[~fraud]).statistic
    # the largest TPR − FPR over the thresholds score ≥ t, each score tried from the highest
    candidates = np.sort(np.unique(scores))[::-1]
    youden = [np.mean(scores[fraud] >= t) - np.mean(scores[~fraud] >= t) for t in candidates]
    return {
        "05.prever_ks": ks,
        "05.ks": ks,
        "05.ks_sentido": "b",
        "05.lift_sentido": "b",
        "05.youden": float(candidates[int(np.argmax(youden))]),
        "05.ganho_acum": quartiles[:2].sum() / fraud.sum(),
        "05.lift": (quartiles[0] / 4 / rate, quartiles[:2].sum() / 8 / rate),
        "05.todas_fraudes": (
            scores[fraud].min(),
            int(np.sum(~fraud & (scores >= scores[fraud].min()))),
        ),
    }


def test_the_documented_values():
    answers = independent()
    assert answers["05.ks"] == pytest.approx(0.5)
    assert answers["05.lift"] == pytest.approx((2.0, 4 / 3))
    assert answers["05.youden"] == 0.77 and answers["05.ganho_acum"] == pytest.approx(4 / 6)


def test_the_split_off_items_keep_their_ids_in_set_05b():
    assert {set_of(i) for i in independent()} == {"05b"}
    assert set_of("05.explique_limiar") == "05b"
    assert set_of("05.auc") == "05"


WRONG = {
    "05.prever_ks": [1.2, -0.1],
    "05.youden": [0.5, 0.71],
    "05.ganho_acum": [4.0, 0.5],
    "05.ks": [0.3],
    "05.ks_sentido": ["a", "c", "d"],
    "05.lift_sentido": ["a", "c", "d"],
    "05.lift": [(1.0, 1.0)],
    "05.todas_fraudes": [(0.5, 2), (0.22, 12)],
}


@pytest.mark.parametrize(
    ("exercise_id", "answer", "fragment"),
    [
        ("05.ks", 0.0, "eq. (16) ao pé da letra"),
        ("05.ks", 0.3, "distribuições acumuladas"),
        ("05.lift", (2.0, 8 / 3), "não é a soma dos lifts"),
        ("05.lift", (0.5, 2 / 3), "Esses são os ganhos"),
        ("05.lift", (1.0, 1.0), "taxa de fraudes geral"),
        ("05.youden", 0.71, "ps da KS"),
        ("05.ganho_acum", 4, "número de fraudes"),
    ],
)
def test_wrong_answers_get_hints(exercise_id, answer, fragment):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG_HINT)
    assert fragment in result.message


@pytest.mark.parametrize("variant", [1, 7, 2024, 12345, 987654321, *range(100, 140)])
def test_a_variant_ranks_the_frauds_first_and_its_mistakes_differ_from_the_answers(variant):
    answers = independent(variant)
    table = data.fraud_predictions(variant=variant)
    fraud = table.target.eq("fraude").to_numpy()
    scores = table.score.to_numpy()
    assert roc_auc_score(fraud, scores) > 0.5
    grid = np.unique(scores)
    below = scores[:, None] <= grid[None, :]
    as_printed = np.max(below[fraud].mean(axis=0) - below[~fraud].mean(axis=0))
    assert as_printed < answers["05.ks"] - 1e-3  # eq. (16) read literally is a mistake apart
    assert answers["05.lift"][1] > 0  # a fraud in the top half: the sum of lifts is a mistake


def test_the_literal_ks_hint_states_this_variants_value():
    from evalbook.exercises import start
    from evalbook.exercises.checker import expected_answer

    item = expected_answer("05.ks", variant=7)
    literal = item.mistakes[0][0]
    message = start("05b", variant=7).check("05.ks", literal).message
    assert f"= {literal:.3f}" in message and "≤ 0" not in message
