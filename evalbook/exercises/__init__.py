"""The exercise engine: item kinds, hint ladder, checker, progress store, class report, and
the lecturer's command line (``python -m evalbook.exercises``). No course is in it: a course
declares its sets (see :mod:`~evalbook.exercises.registry`) and the engine finds them.

Each exercise notebook (``exercises/NN_topic.ipynb``) opens its set with
``exercicios = start("NN")`` and ends each question with a cell such as
``exercicios.check("01.matriz", cm)``; its last cell shows ``exercicios.progress()``.

- :func:`start` (module :mod:`~evalbook.exercises.session`): the set, its homework variant
  and the student, as a :class:`Session` that checks, records and exports;
- :func:`check` (module :mod:`~evalbook.exercises.checker`): the verdict alone, in the
  display language (Portuguese after :func:`start`), recording nothing;
- :class:`ExerciseSet` and :class:`Exercise` (module :mod:`~evalbook.exercises.item`): what
  a course's set module defines (``SET = ExerciseSet(...)``), its items named once in the
  notebook's order;
- :func:`exercise_sets`, :func:`exercise_ids`, :func:`refresh` (module
  :mod:`~evalbook.exercises.registry`): the sets of the installed courses;
- :mod:`evalbook.exercises.build` generates the student notebooks from the solutions;
- the lecturer's side (``python -m evalbook.exercises``): :mod:`~evalbook.exercises.roster`
  (the class list, and one notebook per student with their variant and name),
  :mod:`~evalbook.exercises.report` (the class report and the gradebook, with its Moodle
  CSV) and :mod:`~evalbook.exercises.regrade` (the notebooks handed in, re-executed and
  compared with their records).

This subpackage is not imported by ``import evalbook``.

Examples
--------
>>> from evalbook import config_context
>>> from evalbook.exercises import check
>>> with config_context(language="pt"):  # start() sets the course's language
...     check("01.n_tipo_i", 3)
✅ Correto!
>>> with config_context(language="en"):
...     check("01.n_tipo_i", 3)
✅ Correct!
"""

from evalbook.exercises.checker import ABS_TOL, CheckResult, ExerciseError, check
from evalbook.exercises.item import Exercise, ExerciseSet
from evalbook.exercises.registry import exercise_ids, exercise_sets, refresh
from evalbook.exercises.session import Progress, Session, start

__all__ = [
    "ABS_TOL",
    "CheckResult",
    "Exercise",
    "ExerciseError",
    "ExerciseSet",
    "Progress",
    "Session",
    "check",
    "exercise_ids",
    "exercise_sets",
    "refresh",
    "start",
]
