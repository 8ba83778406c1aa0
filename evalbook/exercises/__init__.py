"""The exercise sets' public face: check answers, open a set, see and export the record.

Each exercise notebook (``exercises/NN_topic.ipynb``) opens its set with ``start("NN")``
and ends each question with a cell such as ``check("01.matriz", cm)``; its last cell shows
``progress()``. The data of the questions are in :mod:`evalcourse.exercises.data`.

- :func:`check` (module :mod:`~evalbook.exercises.checker`): the verdict, in Portuguese;
- :func:`start`, :func:`progress`, :func:`export_progress`, :func:`reset_progress` (module
  :mod:`~evalbook.exercises.session`): the set, its homework variant and the record;
- :func:`exercise_ids` (module :mod:`~evalbook.exercises.registry`): the items, one module
  per set (``set_01`` ... ``set_12``), each item an :class:`~evalbook.exercises.item.Exercise`
  whose expected answer is computed from the variant the checker passes;
- :mod:`evalbook.exercises.build` generates the student notebooks from the solutions.

This subpackage is not imported by ``import evalbook``.

Examples
--------
>>> from evalbook.exercises import check
>>> check("01.n_tipo_i", 3)
✅ Correto!
"""

from evalbook.exercises.checker import ABS_TOL, CheckResult, ExerciseError, check
from evalbook.exercises.registry import exercise_ids
from evalbook.exercises.session import (
    Progress,
    export_progress,
    progress,
    reset_progress,
    start,
)

__all__ = [
    "ABS_TOL",
    "CheckResult",
    "ExerciseError",
    "Progress",
    "check",
    "exercise_ids",
    "export_progress",
    "progress",
    "reset_progress",
    "start",
]
