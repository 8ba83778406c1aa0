"""The :class:`Exercise` record: one checked item of an exercise set.

A leaf module (it imports no set): each ``set_NN.py`` builds its items from it and
:mod:`evalbook.exercises.registry` assembles the sets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Kinds of answer that :func:`evalbook.exercises.check` knows how to compare.
KINDS = ("number", "numbers", "count", "choice", "labels", "matrix")


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer, what kind of answer it is, and a hint.

    Parameters
    ----------
    expected : callable
        Called without arguments, returns the expected answer (computed with the library).
    kind : {"number", "numbers", "count", "choice", "labels", "matrix"}
        ``"number"``: a float, compared within the tolerance (``nan`` matches ``nan``).
        ``"numbers"``: a fixed-length sequence of floats, named by ``names``.
        ``"count"``: a whole number, compared exactly.
        ``"choice"``: one of the strings in ``choices`` (case and spaces ignored).
        ``"labels"``: a sequence of strings, one per instance.
        ``"matrix"``: a table of counts; when ``expected`` returns a
        :class:`~evalbook.ConfusionMatrix` its labels and their order count too.
    hint : str
        Shown (in Portuguese) after "❌ Ainda não. Dica:" when the answer is wrong.
    names : tuple of str
        For ``"numbers"``: the name of each number, in order.
    choices : tuple of str
        For ``"choice"``: the accepted strings.
    mistakes : tuple of (callable, str)
        Predictable wrong answers (computed like ``expected``) and the hint each gets.
    comment : str
        Added after "✅ Correto!" when the answer is right.
    """

    expected: Callable[[], Any]
    kind: str
    hint: str
    names: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    mistakes: tuple[tuple[Callable[[], Any], str], ...] = ()
    comment: str = ""


#: Hint for a transposed matrix (shared by the sets that ask for one).
ROWS_ARE_TARGET = (
    "Parece transposta: nas apostilas 000 e 001 (e na evalbook) as linhas são o alvo "
    "(target) e as colunas a predição."
)
