"""Every sentence of an exercise is true of the data the student sees, in every variant.

An item's fixed texts state facts about the data ("os lucros diferem", "o preço do empate é
negativo"): each is declared beside the item (``Exercise.facts``, a predicate of the
variant), and a set's data are drawn again when one would be false. Texts that depend on the
data are written from the variant (a function of it). This sweep checks both over thousands
of variants of every set that has them: every fact holds, every text is written, and no
choice has two right options (a tie is a fact an item declares).
"""

from __future__ import annotations

from collections import Counter

import pytest

from evalbook.exercises.registry import exercise_set, exercise_sets, sets_with_variants

#: How many variants the sweep reads per set (and the solutions' data, None).
SWEEP = 2000


def _sweep(set_id: str, variants) -> tuple[Counter, dict]:
    false, example = Counter(), {}
    for variant in variants:
        for exercise_id, exercise in exercise_set(set_id).exercises.items():
            shown = exercise.for_variant(variant)
            assert all(isinstance(text, str) for text in (shown.look, shown.comment)), exercise_id
            for sentence, holds in exercise.facts.items():
                if not holds(variant):
                    false[exercise_id, sentence] += 1
                    example.setdefault((exercise_id, sentence), variant)
    return false, example


@pytest.mark.slow
@pytest.mark.parametrize("set_id", sets_with_variants())
def test_every_fact_holds_in_every_variant(set_id):
    false, example = _sweep(set_id, [None, *range(SWEEP)])
    assert not false, {key: (count, f"variant {example[key]}") for key, count in false.items()}


@pytest.mark.parametrize("set_id", [s for s in exercise_sets() if s not in sets_with_variants()])
def test_the_facts_of_a_set_without_variants_hold(set_id):
    false, _ = _sweep(set_id, [None])
    assert not false


def test_the_sweep_finds_a_false_fact(install_course):
    install_course(
        {
            "set_99": """
from evalbook.exercises import Exercise, ExerciseSet

SET = ExerciseSet("99", title="Fatos", variants=True, items={
    "par": Exercise(expected=lambda v: 2, kind="count", look="Conte.", formula="1 + 1.",
                    call="2", facts={"a variante é par": lambda v: (v or 0) % 2 == 0}),
})
"""
        }
    )
    false, example = _sweep("99", [None, *range(10)])
    assert false == Counter({("99.par", "a variante é par"): 5})
    assert example[("99.par", "a variante é par")] == 1


@pytest.mark.slow
def test_two_students_rarely_share_a_confusion_matrix():
    """Sets 01 and 02: the probability that two students' matrices are equal, under 0.5%."""
    from collections import Counter as Tally

    from evalcourse.exercises import data

    matrices = Tally(
        tuple(data.fraud_matrix(variant=v).counts.ravel().tolist()) for v in range(SWEEP)
    )
    share = sum((count / SWEEP) ** 2 for count in matrices.values())
    assert share < 0.005, (share, len(matrices))
    sizes = {len(data.fraud_transactions(variant=v)) for v in range(200)}
    assert sizes == set(range(16, 25))
