"""Where the engine finds the exercise sets: the courses installed beside the library.

A course is a package that declares its sets' package as an entry point of the group
``evalbook.courses`` (in its ``pyproject.toml``)::

    [project.entry-points."evalbook.courses"]
    mycourse = "mycourse.exercises"

Every module of that package that defines ``SET`` (an
:class:`~evalbook.exercises.item.ExerciseSet`) is a set: adding a set is one new module. The
engine never imports a set by name. Sets are found once, on first use; :func:`refresh` finds
them again (a course installed, or a folder added to ``sys.path``, since).

Examples
--------
>>> list(exercise_sets())[:3]
['01', '02', '03']
>>> exercise_ids("01")[:3]
['01.caret', '01.explique', '01.leitura_sklearn']
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Mapping
from importlib.metadata import entry_points
from types import MappingProxyType

from evalbook.exercises.item import Exercise, ExerciseSet

__all__ = [
    "ENTRY_POINT_GROUP",
    "all_exercises",
    "exercise_ids",
    "exercise_set",
    "exercise_sets",
    "refresh",
    "set_of",
    "sets_with_variants",
]

#: The entry-point group under which a course declares the package of its sets.
ENTRY_POINT_GROUP = "evalbook.courses"


def _sets_of(package_name: str) -> list[ExerciseSet]:
    """The ``SET`` of every module of a course's package, in module order."""
    package = importlib.import_module(package_name)
    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package_name}.{info.name}")
        exercise_set = getattr(module, "SET", None)
        if exercise_set is None:
            continue
        if not isinstance(exercise_set, ExerciseSet):
            raise TypeError(
                f"{module.__name__}.SET must be an ExerciseSet, got {type(exercise_set).__name__}"
            )
        found.append(exercise_set)
    return found


@functools.cache
def _found() -> tuple[Mapping[str, ExerciseSet], Mapping[str, Exercise]]:
    sets: dict[str, ExerciseSet] = {}
    origin: dict[str, str] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        for exercise_set in _sets_of(entry.value):
            if exercise_set.set_id in sets:
                raise RuntimeError(
                    f"set {exercise_set.set_id} is declared twice: by {origin[exercise_set.set_id]}"
                    f" and by {entry.name}"
                )
            sets[exercise_set.set_id] = exercise_set
            origin[exercise_set.set_id] = entry.name
    ordered = dict(sorted(sets.items()))
    exercises: dict[str, Exercise] = {}
    owner: dict[str, str] = {}
    for set_id, exercise_set in ordered.items():
        for exercise_id, exercise in exercise_set.exercises.items():
            if exercise_id in exercises:
                raise RuntimeError(
                    f"item {exercise_id} is declared twice: in set {owner[exercise_id]} and in "
                    f"set {set_id}"
                )
            exercises[exercise_id], owner[exercise_id] = exercise, set_id
    _OWNER.clear()
    _OWNER.update(owner)
    return MappingProxyType(ordered), MappingProxyType(exercises)


#: Item id → the id of the set that holds it (filled by :func:`_found`).
_OWNER: dict[str, str] = {}


def refresh() -> None:
    """Find the sets again on next use (a course was installed or added to ``sys.path``)."""
    _found.cache_clear()
    importlib.invalidate_caches()


def exercise_sets() -> Mapping[str, ExerciseSet]:
    """Every set of every installed course: set id → :class:`ExerciseSet`, by number."""
    return _found()[0]


def exercise_set(set_id) -> ExerciseSet:
    """The set ``set_id`` (``"01"``); a ValueError naming the sets when there is none."""
    sets = exercise_sets()
    if not isinstance(set_id, str) or set_id not in sets:
        raise ValueError(f"set_id must be one of {', '.join(sets)}; got {set_id!r}")
    return sets[set_id]


def sets_with_variants() -> list[str]:
    """The ids of the sets whose data follow a homework variant (``ExerciseSet.variants``)."""
    return [set_id for set_id, each in exercise_sets().items() if each.variants]


def set_of(exercise_id) -> str | None:
    """The id of the set that holds the item ``exercise_id``, or None if no set has it.

    Usually the number before the dot; not for a set split off from another, whose items
    keep their ids (``id_prefix`` of :class:`~evalbook.exercises.item.ExerciseSet`).

    Examples
    --------
    >>> set_of("01.matriz"), set_of("01.nada")
    ('01', None)
    """
    _found()
    return _OWNER.get(exercise_id) if isinstance(exercise_id, str) else None


def all_exercises() -> Mapping[str, Exercise]:
    """Every item: id → :class:`Exercise`, each set's items in the notebook's order."""
    return _found()[1]


def exercise_ids(set_id=None) -> list[str]:
    """The ids accepted by the checker, sorted; only one set's if given.

    Examples
    --------
    >>> len(exercise_ids("02"))
    15
    """
    if set_id is None:
        return sorted(all_exercises())
    return sorted(exercise_set(set_id).exercises)
