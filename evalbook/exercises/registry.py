"""The registry of the exercise sets: set number -> module, exercise id -> :class:`Exercise`.

The sets are listed here explicitly, one module each (``set_01`` ... ``set_12``); each
module defines a dict ``EXERCISES`` whose ids start with its number (``"NN.item"``, named
after ``exercises/NN_topic.ipynb``) and a tuple ``ORDER``: the items' names in the
notebook's order, which :func:`evalbook.exercises.progress`, the exports and the class
report follow.

Examples
--------
>>> list(SETS)[:3]
['01', '02', '03']
>>> exercise_ids("01")[:3]
['01.caret', '01.explique', '01.leitura_sklearn']
"""

from __future__ import annotations

from types import ModuleType

from evalbook.exercises.item import Exercise
from evalcourse.exercises import (
    set_01,
    set_02,
    set_03,
    set_04,
    set_05,
    set_06,
    set_07,
    set_08,
    set_09,
    set_10,
    set_11,
    set_12,
)

__all__ = ["EXERCISES", "SETS", "exercise_ids"]

#: Set number -> the module holding its items.
SETS: dict[str, ModuleType] = {
    "01": set_01,
    "02": set_02,
    "03": set_03,
    "04": set_04,
    "05": set_05,
    "06": set_06,
    "07": set_07,
    "08": set_08,
    "09": set_09,
    "10": set_10,
    "11": set_11,
    "12": set_12,
}


def _assemble() -> dict[str, Exercise]:
    """Every set's items, each set in the order of its ``ORDER`` (the notebook's)."""
    registry: dict[str, Exercise] = {}
    for number, module in SETS.items():
        for exercise_id in module.EXERCISES:
            if not exercise_id.startswith(f"{number}."):
                raise RuntimeError(f"{module.__name__} registers {exercise_id!r}, not {number}.*")
        ordered = [f"{number}.{name}" for name in module.ORDER]
        if sorted(ordered) != sorted(module.EXERCISES):
            raise RuntimeError(f"{module.__name__}.ORDER does not list exactly its EXERCISES")
        for exercise_id in ordered:
            registry[exercise_id] = module.EXERCISES[exercise_id]
    return registry


#: Every exercise: id -> :class:`Exercise`, each set's items in the notebook's order.
EXERCISES: dict[str, Exercise] = _assemble()


def exercise_ids(set_id=None) -> list[str]:
    """The ids accepted by :func:`evalbook.exercises.check`, sorted; only one set's if given.

    Examples
    --------
    >>> len(exercise_ids("02"))
    12
    """
    if set_id is None:
        return sorted(EXERCISES)
    if set_id not in SETS:
        raise ValueError(f"set_id must be one of {', '.join(SETS)}; got {set_id!r}")
    return sorted(i for i in EXERCISES if i.startswith(f"{set_id}."))
