"""The course built on evalbook: the handouts' data, the exercise sets and the course's words.

Importing the package registers the course's message catalogue with the library
(:func:`evalbook.add_messages`, gettext domain ``evalcourse``, in
``evalcourse/locale/pt_BR/LC_MESSAGES/evalcourse.po``): the names of its data's keys that
the library's displays show (the two models of the cost example), and its own wording of
a few library messages, which in the lessons point to the handouts ("Tabela 7", "opção 3").
The library never imports the course.
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

#: Library messages that the course's catalogue words its own way, pointing to the
#: handouts; marked here so that ``make messages`` puts them in the course's catalogue.
REWORDED = (
    # the threshold explorer's table of the instances, the handout's Tabela 7
    N_("Instances"),
    # the MCC's convention in the counts explorer, handout 003's
    N_("{value} (denominator 0 → 0)"),
    # the interval methods of the coverage explorer, the handout's options 2 and 3
    N_("Wilson"),
    N_("normal approximation"),
    N_(
        "n = {n}, n·p·(1 − p) = {c}: the conditions of the normal approximation (n ≥ 30 "
        "and n·p·(1 − p) ≥ 5) {verdict}."
    ),
)

evalbook.add_messages("evalcourse", Path(__file__).resolve().parent / "locale", terms=TERMS)
