"""No text of a set answers a later question of it before the student gets there.

The comment shown with a right answer is read before the next questions: it must not state
a later choice's answer, neither by naming it ("o modelo A passa a ganhar") nor by saying
the right option's reason almost word for word. A prompt's text is the notebook's; the
hints and feedback are read only after an answer to their own question.
"""

from __future__ import annotations

import re

import pytest

from evalbook.exercises.registry import exercise_sets

#: Words in a row that two texts may share before one repeats the other.
SHINGLE = 5


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def giveaways(items: list[tuple[str, object]], variant=None) -> list[tuple[str, str, str]]:
    """(later item, earlier item, what gives it away) for the items of one set, in order."""
    found = []
    for position, (item_id, exercise) in enumerate(items):
        if exercise.kind != "choice":
            continue
        key = str(exercise.expected(variant))
        right = exercise.for_variant(variant).feedback.get(key, "")
        for earlier_id, earlier in items[:position]:
            comment = earlier.for_variant(variant).comment
            # a key that names a thing (a model, a metric, a method) is named in the comment
            # inside a sentence (a sentence's first word "A" is the Portuguese article)
            if key[:1].isupper() and re.search(rf"(?<=\w\s){re.escape(key)}(?!\w)", comment):
                found.append((item_id, earlier_id, key))
            shared = _shingles(comment) & _shingles(right)
            if shared:
                found.append((item_id, earlier_id, " ".join(sorted(shared)[0])))
    return found


@pytest.mark.parametrize("set_id", list(exercise_sets()))
def test_no_comment_answers_a_later_question(set_id):
    items = list(exercise_sets()[set_id].exercises.items())
    assert not giveaways(items), giveaways(items)


def test_a_giveaway_is_found():
    from evalbook.exercises import Exercise
    from evalbook.exercises.item import multiple_choice

    def item(comment):
        return Exercise(
            expected=lambda v: 1, kind="count", look="a", formula="b", call="c", comment=comment
        )

    choose = Exercise(
        expected=lambda v: "A", kind="choice", choices=("A", "B"), look="a", formula="b", call="c"
    )
    letter = multiple_choice(
        "b",
        {"a": "Não.", "b": "Cada flor é testada por uma árvore que não a viu."},
        look="a",
        formula="b",
        call="c",
    )
    items = [
        ("1", item("Com um preço maior, o modelo A passa a ganhar.")),
        ("2", item("Cada flor foi testada por uma árvore que não a viu.")),
        ("3", choose),
        ("4", letter),
    ]
    found = giveaways(items)
    assert ("3", "1", "A") in found
    assert ("4", "2", "por uma árvore que não") in found
    assert not [f for f in found if f[1] == "2" and f[0] == "3"]
