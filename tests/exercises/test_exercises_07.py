"""Exercise set 07 (cross-entropy, perplexity, top-k, BLEU): answers recomputed independently."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from nltk.translate.bleu_score import brevity_penalty, closest_ref_length, sentence_bleu
from nltk.translate.bleu_score import modified_precision as nltk_precision
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, top_k_accuracy_score
from sklearn.model_selection import train_test_split
from threadpoolctl import threadpool_limits

from evalbook.exercises import check
from evalbook.exercises.registry import all_exercises
from evalcourse.exercises import data

WRONG_HINT = "❌ Ainda não. Dica: "
REFERENCES = [
    ["amanhã", "o", "tempo", "será", "ensolarado", "no", "sul"],
    ["o", "tempo", "estará", "ensolarado", "amanhã", "no", "sul", "do", "país"],
]
CANDIDATE = ["o", "tempo", "o", "tempo", "será", "ensolarado"]


def _small_log_loss(variant) -> float:
    """The twin question's cross-entropy, by scikit-learn's log_loss."""
    true, probabilities, classes = data.small_probabilities(variant=variant)
    order = np.argsort(classes)  # log_loss reads the columns in sorted label order
    return log_loss(true, probabilities[:, order], labels=classes[order])


def independent(variant=None) -> dict:
    """Every answer of set 07, from scikit-learn's metrics and nltk's BLEU."""
    X, digit = load_digits(return_X_y=True)
    X_train, X_test, d_train, d_test = train_test_split(
        X / 16, digit, test_size=0.3, random_state=0, stratify=digit
    )
    with threadpool_limits(1):
        probabilities = (
            LogisticRegression(max_iter=2000).fit(X_train, d_train).predict_proba(X_test)
        )
    ce = log_loss(d_test, probabilities)
    c = len(CANDIDATE)
    return {
        "07.entropia_cruzada": ce,
        "07.perplexidade": math.exp(ce),
        "07.uniforme": math.exp(log_loss(d_test, np.full_like(probabilities, 0.1))),
        "07.top_k": tuple(top_k_accuracy_score(d_test, probabilities, k=k) for k in (1, 3)),
        "07.precisoes": tuple(float(nltk_precision(REFERENCES, CANDIDATE, n)) for n in (1, 2)),
        "07.brevidade": brevity_penalty(closest_ref_length(REFERENCES, c), c),
        "07.bleu": sentence_bleu(REFERENCES, CANDIDATE),
        "07.entropia_sua": _small_log_loss(variant),
        "07.bleu_n": {True: "maior", False: "menor"}[
            sentence_bleu(REFERENCES, CANDIDATE, weights=(0.5, 0.5))
            > sentence_bleu(REFERENCES, CANDIDATE)
        ],
        "07.perplexidade_sentido": "a",
        "07.top3_menor": "não",
        "07.corte_bleu": "a",
        "07.bleu_corpus": "b",
    }


ANSWERS = independent()


def test_the_bleu_data_by_hand():
    # p1 = 4/6 (o, tempo clipped to 1), p2 = 3/5, p3 = 2/4, p4 = 1/3; c = 6, r = 7
    assert ANSWERS["07.precisoes"] == pytest.approx((4 / 6, 3 / 5))
    assert ANSWERS["07.brevidade"] == pytest.approx(math.exp(1 - 7 / 6))
    by_hand = math.exp(1 - 7 / 6) * (4 / 6 * 3 / 5 * 2 / 4 * 1 / 3) ** 0.25
    assert ANSWERS["07.bleu"] == pytest.approx(by_hand)
    assert ANSWERS["07.uniforme"] == pytest.approx(10.0)


HINTS = [
    ("07.entropia_cruzada", ANSWERS["07.entropia_cruzada"] / math.log(2), "base 2"),
    ("07.perplexidade", math.exp(-ANSWERS["07.entropia_cruzada"]), "está errada"),
    ("07.uniforme", math.log(10), "entropia cruzada do modelo uniforme"),
    ("07.top_k", tuple(1 - v for v in ANSWERS["07.top_k"]), "taxas de erro"),
    ("07.precisoes", (1.0, 0.8), "não cortou"),
    ("07.brevidade", math.exp(1 - 9 / 6), "referência mais longa"),
    ("07.bleu", ANSWERS["07.bleu"] / ANSWERS["07.brevidade"], "penalidade de brevidade"),
    ("07.bleu", "0.43", "sem aspas"),
]
WRONG: dict[str, list] = {}
for _id, _answer, _ in HINTS:
    WRONG.setdefault(_id, []).append(_answer)
WRONG.update(
    {
        "07.perplexidade_sentido": ["b", "c", "d"],
        "07.top3_menor": ["sim"],
        "07.corte_bleu": ["b", "c", "d"],
        "07.bleu_n": ["menor", "igual"],
        "07.entropia_sua": [0.1],
        "07.bleu_corpus": ["a", "c", "d"],
    }
)


@pytest.mark.parametrize(("exercise_id", "answer", "hint"), HINTS)
def test_wrong_answers_get_a_hint(exercise_id, answer, hint):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG_HINT) and hint in result.message


def test_nltk_agrees_without_warnings_from_evalbook():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for exercise_id in ANSWERS:
            all_exercises()[exercise_id].expected(None)
