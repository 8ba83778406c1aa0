"""evalcourse: the course "Avaliação de modelos de aprendizado de máquina", built on evalbook.

What belongs to this course and not to the library: the handouts' tables
(:mod:`evalcourse.datasets`, CSV files in ``evalcourse/data``) and the fifteen exercise
sets (one per lesson) with their data and homework variants (:mod:`evalcourse.exercises`),
which the exercise engine (:mod:`evalbook.exercises`) finds through the entry point
``evalbook.courses`` declared in ``pyproject.toml``. The lessons (``notebooks/``) and the
exercise notebooks (``exercises/``) are the course's too. Another course replaces this
package and those two folders, and keeps the library.

The course's words are its own gettext domain, ``evalcourse``
(``evalcourse/locale/pt_BR/LC_MESSAGES/evalcourse.po``, ``make messages``): importing the
package registers it with the library (:func:`evalbook.add_messages`), with the names of
the keys of its data that the library's displays show (the two models of the cost
example). The library never imports the course.
"""

from __future__ import annotations

from pathlib import Path

import evalbook


def N_(message: str) -> str:
    """``message`` itself: marks a message id for the course's catalogue (``make messages``)."""
    return message


#: The keys of the course's data that the library's displays name -> their English names
#: (the models of the cost example, :func:`evalcourse.datasets.tree_knn_confusions`).
TERMS = {
    "decision_tree": N_("decision tree"),
    "knn": N_("k-NN"),
}

evalbook.add_messages("evalcourse", Path(__file__).resolve().parent / "locale", terms=TERMS)
