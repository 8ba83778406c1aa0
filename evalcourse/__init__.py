"""evalcourse: the course "Avaliação de modelos de aprendizado de máquina", built on evalbook.

What belongs to this course and not to the library: the handouts' tables
(:mod:`evalcourse.datasets`, CSV files in ``evalcourse/data``) and the twelve exercise sets
with their data and homework variants (:mod:`evalcourse.exercises`), which the exercise
engine (:mod:`evalbook.exercises`) finds through the entry point ``evalbook.courses``
declared in ``pyproject.toml``. The lessons (``notebooks/``) and the exercise notebooks
(``exercises/``) are the course's too. Another course replaces this package and those two
folders, and keeps the library.
"""
