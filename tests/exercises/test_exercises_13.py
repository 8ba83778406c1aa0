"""Exercise set 13 (deciding with a model): answers against independent computations.

The expected answers of ``evalcourse/exercises/set_13.py`` are recomputed here with plain
numpy and scikit-learn's ``class_likelihood_ratios`` (never with evalbook's decision
module), for the solutions' data and for homework variants, and wrong answers, including
the known mistakes, are rejected.
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import class_likelihood_ratios

from evalbook.exercises import check
from evalcourse.exercises import data_beyond

#: Variants whose data the tests below check against the rules of data_beyond.clinic.
VARIANTS = [1, 7, 2024, 12345, 987654321, *range(300, 340)]
P_T = 0.2


def _patients(variant=None):
    table = data_beyond.clinic(variant=variant)
    return (table.target == "doente").to_numpy(), table.risk.to_numpy()


def independent(variant=None):
    sick, risk = _patients(variant)
    treated = risk >= P_T
    n = sick.size
    tp, fp = np.sum(treated & sick), np.sum(treated & ~sick)
    odds = P_T / (1 - P_T)
    model = tp / n - fp / n * odds
    everyone = sick.mean() - (1 - sick.mean()) * odds
    lr_plus, _ = class_likelihood_ratios(sick, treated)
    post_odds = 0.05 / 0.95 * lr_plus
    return {
        "13.limiar": 1 / (1 + 4),
        "13.beneficio": (model, everyone),
        "13.evitadas": 100 * (model - everyone) / odds,
        "13.pos_teste": (lr_plus, post_odds / (1 + post_odds)),
        "13.triagem": "c",
        "13.calibracao": "b",
    }


WRONG = {
    "13.limiar": [0.8, 0.25],
    "13.beneficio": [(0.3, 0.2), (0.1, -0.1)],
    "13.evitadas": [0.5, 100.0],
    "13.pos_teste": [(1.0, 0.05), (3.0, 0.5)],
    "13.triagem": ["a", "b", "d"],
    "13.calibracao": ["a", "c", "d"],
}


def test_the_story_of_the_data():
    sick, _ = _patients()
    assert sick.size == 40 and sick.sum() == 14
    answers = independent()
    model, everyone = answers["13.beneficio"]
    assert model > everyone > 0  # at p_t = 0.2 the model barely beats treating everyone
    lr_plus, post = answers["13.pos_teste"]
    assert lr_plus > 1 and 0.05 < post < 0.1  # a weak test: a positive moves 5 % a little


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_keeps_the_rule_of_its_data(variant):
    sick, risk = _patients(variant)
    assert not np.any(np.isclose(risk, P_T)) and 0.2 <= sick.mean() <= 0.4
    treated = risk >= P_T
    cells = [
        np.sum(treated & sick),
        np.sum(~treated & sick),
        np.sum(treated & ~sick),
        np.sum(~treated & ~sick),
    ]
    assert min(cells) >= 2
    model, everyone = independent(variant)["13.beneficio"]
    assert model - everyone >= 0.005


@pytest.mark.parametrize("variant", [None, 7, 2024])
def test_the_independent_answers_are_accepted(variant):
    for item, answer in independent(variant).items():
        assert check(item, answer, variant=variant).correct, (item, variant)


@pytest.mark.parametrize("item", sorted(WRONG))
def test_wrong_answers_are_rejected(item):
    for answer in WRONG[item]:
        assert not check(item, answer).correct, (item, answer)
