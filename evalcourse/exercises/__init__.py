"""The course's twelve exercise sets (``set_01`` ... ``set_12``) and their data.

Each ``set_NN`` module ends with ``SET = ExerciseSet(...)`` (:mod:`evalbook.exercises.item`);
the engine takes the ``SET`` of every module here (this package is the course's entry point
in the group ``evalbook.courses``). :mod:`~evalcourse.exercises.data` and
:mod:`~evalcourse.exercises.data_beyond` hold the sets' data, shared with the solution
notebooks.
"""
