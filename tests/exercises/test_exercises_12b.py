"""Exercise set 12b: its items came from set 12 and kept their ids.

Their answers are recomputed independently, and their wrong answers listed, in
``test_exercises_12.py`` (the data of the two sets share helpers there); this module gives
the set's part of them to the tests that walk every set by its number
(``test_exercises_sets.py``, ``test_exercises_variants.py``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from evalbook.exercises import exercise_ids


def _tests_of_set_12():
    path = Path(__file__).with_name("test_exercises_12.py")
    spec = importlib.util.spec_from_file_location("set_12_tests_for_12b", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_SET_12 = _tests_of_set_12()
#: Wrong answers of this set's items.
WRONG = {item: wrong for item, wrong in _SET_12.WRONG.items() if item in exercise_ids("12b")}


def independent(variant=None):
    """The independent answers of this set's items (computed with set 12's)."""
    answers = _SET_12.independent(variant)
    return {item: answers[item] for item in exercise_ids("12b") if item in answers}


def test_the_set_holds_what_moved_from_set_12():
    assert set(exercise_ids("12b")).isdisjoint(exercise_ids("12"))
    assert all(item.startswith("12.") for item in exercise_ids("12b"))
    written = {item for item in exercise_ids("12b") if "explique" in item}
    assert set(independent()) == set(WRONG) == set(exercise_ids("12b")) - written
