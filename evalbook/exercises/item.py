"""The :class:`Exercise` record: one checked item of an exercise set.

A leaf module (it imports no set): each ``set_NN.py`` builds its items from it and
:mod:`evalbook.exercises.registry` assembles the sets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: How an item computes an answer: from the variant of its set (None: the solutions' data).
Answer = Callable[[int | None], Any]

#: Kinds of answer that :func:`evalbook.exercises.check` knows how to compare.
KINDS = ("number", "numbers", "count", "choice", "labels", "matrix", "prediction", "text")


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer, what kind of answer it is, and its hints.

    Hints come in steps: the first wrong answer gets ``look`` (what to look at:
    the concept, the lesson section, a question back; never a formula with the numbers, a
    library call or the value), the second ``formula`` (the formula or the handout's
    equation), the third and later ``formula`` and ``call`` (the ``evalbook`` call).

    Parameters
    ----------
    expected : callable
        Called with the variant of the item's set (an int, or None for the data of the
        solutions; see :data:`evalcourse.exercises.data.VARIANT_SETS`), returns the expected
        answer computed with the library. The checker passes the variant the student chose
        with :func:`~evalbook.exercises.start`; a set without variants ignores it.
    kind : {"number", "numbers", "count", "choice", "labels", "matrix", "prediction", "text"}
        ``"number"``: a float, compared within the tolerance (``nan`` matches ``nan``).
        ``"numbers"``: a fixed-length sequence of floats, named by ``names``.
        ``"count"``: a whole number, compared exactly.
        ``"choice"``: one of the strings in ``choices`` (accents, case and surrounding
        spaces ignored); ``feedback`` may explain every option, the right one included.
        ``"labels"``: a sequence of strings, one per instance.
        ``"matrix"``: a table of counts; when ``expected`` returns a
        :class:`~evalbook.ConfusionMatrix` its labels and their order count too.
        ``"prediction"``: a guess made before computing: any number within ``bounds`` is
        accepted, and the message compares it with the expected value (showing it only
        when ``reveal``; otherwise only how far the guess is, because a later item asks
        for the value). A guess is recorded (value, distance), never graded.
        ``"text"``: a short explanation in the student's words, recorded for the lecturer
        and never graded (see :func:`written`).
    look, formula, call : str
        The three steps of hints (Portuguese), shown after "❌ Ainda não. Dica:".
    names : tuple of str
        For ``"numbers"``: the name of each number, in order; for ``"prediction"``: the
        name of the predicted quantity.
    choices : tuple of str
        For ``"choice"`` and ``"labels"``: the accepted strings.
    feedback : mapping of str to str
        For ``"choice"``: the explanation shown for each option (why a wrong option is
        tempting and wrong; why the right one is right).
    mistakes : tuple of (callable, str)
        Predictable wrong answers (computed like ``expected``, from the variant) and the hint
        each gets; a mistake's hint never gives the call or the value away.
    comment : str
        Added after "✅ Correto!" when the answer is right.
    bounds : tuple of float
        For ``"prediction"``: the range of a sensible guess.
    reveal : bool
        For ``"prediction"``: whether the message shows the computed value.
    boundary : tuple of (float, str, str), optional
        For ``"prediction"``: the decision boundary that matters (0.05 for a p-value, 0.5,
        a baseline) and what each side means (below, above); the verdict says on which side
        the guess and the value fall.
    """

    expected: Answer
    kind: str
    look: str
    formula: str
    call: str
    names: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    feedback: Mapping[str, str] = field(default_factory=dict)
    mistakes: tuple[tuple[Answer, str], ...] = ()
    comment: str = ""
    bounds: tuple[float, float] = (0.0, 1.0)
    reveal: bool = True
    boundary: tuple[float, str, str] | None = None


#: Names of the two numbers of an interval answer (lower, upper bound).
BOUNDS = ("inferior", "superior")


def pair(first: Answer, second: Answer) -> Answer:
    """An expected answer of two numbers: ``(first(variant), second(variant))``."""
    return lambda variant: (first(variant), second(variant))


#: Hint for a transposed matrix (shared by the sets that ask for one).
ROWS_ARE_TARGET = (
    "Parece transposta: nos handouts 000 e 001 (e na evalbook) as linhas são o alvo "
    "(target) e as colunas a predição."
)


def multiple_choice(
    right: str, feedback: Mapping[str, str], *, look: str, formula: str, call: str
) -> Exercise:
    """An item whose answer is one of the keys of ``feedback`` (e.g. ``"a"`` to ``"d"``).

    Every option has its own feedback: for the right one, why it is right; for each wrong
    one, why it is tempting and why it is wrong. The options' texts are in the notebook.

    Examples
    --------
    >>> item = multiple_choice(
    ...     "a", {"a": "Certo.", "b": "Não."}, look="Olhe.", formula="F.", call="C."
    ... )
    >>> item.kind, item.choices, item.expected(None)
    ('choice', ('a', 'b'), 'a')
    """
    if right not in feedback:
        raise ValueError(f"right must be one of the options {sorted(feedback)}; got {right!r}")
    return Exercise(
        expected=lambda _: right,
        kind="choice",
        choices=tuple(feedback),
        feedback=dict(feedback),
        look=look,
        formula=formula,
        call=call,
    )


def prediction(
    expected: Answer,
    *,
    quantity: str,
    variable: str,
    about: str,
    comment: str,
    bounds: tuple[float, float] = (0.0, 1.0),
    boundary: tuple[float, str, str] | None = None,
) -> Exercise:
    """An item asking for a guess before the computation, its value not shown.

    Any number within ``bounds`` is accepted; the verdict says how far the guess is from
    ``expected(variant)`` without the value, which a later item asks for.

    Parameters
    ----------
    expected : callable
        The value guessed, computed from the variant like any expected answer.
    quantity : str
        What is guessed, as the verdict names it (e.g. ``"a AUC do modelo"``).
    variable : str
        The notebook's variable for the guess (e.g. ``"palpite_auc"``).
    about : str
        The end of the first hint, after "Escreva um palpite, um número entre a e b".
    comment : str
        Shown with the verdict: a question to think about.
    bounds : tuple of float
        The range of a sensible guess.
    boundary : tuple of (float, str, str), optional
        The decision boundary that matters and what each side means (below, above).

    Examples
    --------
    >>> item = prediction(
    ...     lambda _: 0.8, quantity="a AUC", variable="palpite_auc", about=".", comment="Pense."
    ... )
    >>> item.kind, item.names, item.reveal, item.expected(None)
    ('prediction', ('a AUC',), False, 0.8)
    >>> print(item.formula)
    Qualquer número entre 0 e 1 serve como palpite; o que importa é pensar antes.
    """
    low, high = (f"{bound:g}".replace("-", "−") for bound in bounds)
    return Exercise(
        expected=expected,
        kind="prediction",
        names=(quantity,),
        bounds=bounds,
        reveal=False,
        look=f"Escreva um palpite, um número entre {low} e {high}{about}",
        formula=(
            f"Qualquer número entre {low} e {high} serve como palpite; o que importa é pensar "
            "antes."
        ),
        call=f"Um palpite é um número, como `{variable} = 0.5`.",
        comment=comment,
        boundary=boundary,
    )


#: The boundary of a p-value: significance at 5%.
SIGNIFICANCE = (0.05, "significativo a 5%", "não significativo a 5%")


def written(question: str, *, variable: str = "explicacao", comment: str = "") -> Exercise:
    """An item asking for a short explanation in the student's words: recorded, not graded.

    The text is kept in the record and shown to the lecturer in the class report; only an
    answer that is not a text of a few words gets a hint.

    Examples
    --------
    >>> item = written("Por que a acurácia engana aqui?")
    >>> item.kind, item.expected(None)
    ('text', None)
    """
    return Exercise(
        expected=lambda _: None,
        kind="text",
        look=f"{question} Escreva com suas palavras, em uma ou duas frases.",
        formula="Não há resposta certa a conferir: o professor lê o que você escreveu.",
        call=f'Escreva o texto entre aspas, como `{variable} = """..."""`.',
        comment=comment,
    )
