"""The :class:`Exercise` record (one checked item) and the :class:`ExerciseSet` (a set of them).

A leaf module: a course's set module builds its items from it and ends with one
``SET = ExerciseSet(...)``, which :mod:`evalbook.exercises.registry` finds.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: How an item computes an answer: from the variant of its set (None: the solutions' data).
Answer = Callable[[int | None], Any]
#: A text of an item (a hint, a comment, an option's feedback): fixed, or computed from the
#: variant, so that every number, comparison and adjective it states is true of the data that
#: student sees (``lambda variant: f"a diferença é {gap(variant):.2f}"``).
Text = str | Callable[[int | None], str]
#: A fact a fixed text states about the data, checked for every variant by the tests.
Fact = Callable[[int | None], bool]


@dataclass(frozen=True)
class Between:
    """An ``also_right`` answer that is any number in ``(low, high]``: every threshold
    between two scores gives the same classification, so any of them is as right.

    Examples
    --------
    >>> 0.86 in Between(0.84, 0.88), 0.84 in Between(0.84, 0.88)
    (True, False)
    """

    low: float
    high: float

    def __contains__(self, value) -> bool:
        return self.low < float(value) <= self.high


def said(text: Text, variant: int | None) -> str:
    """The text as the student with ``variant`` reads it.

    Examples
    --------
    >>> said("Olhe a diagonal.", 7), said(lambda v: f"variante {v}", 7)
    ('Olhe a diagonal.', 'variante 7')
    """
    return text(variant) if callable(text) else text


#: Kinds of answer that :func:`evalbook.exercises.check` knows how to compare.
KINDS = ("number", "numbers", "count", "choice", "labels", "matrix", "prediction", "text")


@dataclass(frozen=True)
class Exercise:
    """One exercise: how to compute its answer, what kind of answer it is, and its hints.

    Hints come in steps: the first wrong answer gets ``look`` (what to look at:
    the concept, the lesson section, a question back; never a formula with the numbers, a
    library call or the value), the second ``formula`` (the formula or the source's
    equation), the third and later ``formula`` and ``call`` (the ``evalbook`` call).

    Parameters
    ----------
    expected : callable
        Called with the variant of the item's set (an int, or None for the data of the
        solutions; see :attr:`ExerciseSet.variants`), returns the expected
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
    look, formula, call : str or callable
        The three steps of hints (Portuguese), shown after "❌ Ainda não. Dica:". Every text
        of an item (these, ``comment``, the ``feedback`` of an option, a mistake's hint) is
        a :data:`Text`: a string, or a function of the variant that returns it, for a text
        whose numbers or words depend on the student's data.
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
    also_right : callable, optional
        For ``"number"`` and ``"numbers"``: other answers that are right too, computed from
        the variant (a tuple of them): the exact value beside a printed table's, or the
        sizes of another sound rounding rule; for ``"number"``, an entry may be a
        :class:`Between` (any number in a range).
    facts : mapping of str to callable
        What the fixed texts of the item state about the data (a sentence → a
        :data:`Fact`, true or false for a variant): "os dois lucros diferem", "o valor é
        negativo". The tests check every fact over thousands of variants, so that no student
        reads a sentence that is false of their data; a set's data never draws a variant
        where one is false.
    """

    expected: Answer
    kind: str
    look: Text
    formula: Text
    call: Text
    names: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    feedback: Mapping[str, Text] = field(default_factory=dict)
    mistakes: tuple[tuple[Answer, Text], ...] = ()
    comment: Text = ""
    bounds: tuple[float, float] = (0.0, 1.0)
    reveal: bool = True
    boundary: tuple[float, str, str] | None = None
    also_right: Answer | None = None
    facts: Mapping[str, Fact] = field(default_factory=dict)

    def for_variant(self, variant: int | None) -> Exercise:
        """The item with every text as the student with ``variant`` reads it (strings).

        Examples
        --------
        >>> item = Exercise(expected=lambda v: 2, kind="count", look=lambda v: f"{v}?",
        ...     formula="1 + 1.", call="2")
        >>> item.for_variant(5).look
        '5?'
        """
        return dataclasses.replace(
            self,
            look=said(self.look, variant),
            formula=said(self.formula, variant),
            call=said(self.call, variant),
            comment=said(self.comment, variant),
            feedback={key: said(text, variant) for key, text in self.feedback.items()},
            mistakes=tuple((compute, said(hint, variant)) for compute, hint in self.mistakes),
        )


#: Names of the two numbers of an interval answer (lower, upper bound).
BOUNDS = ("inferior", "superior")


def pair(first: Answer, second: Answer) -> Answer:
    """An expected answer of two numbers: ``(first(variant), second(variant))``."""
    return lambda variant: (first(variant), second(variant))


def multiple_choice(
    right: str,
    feedback: Mapping[str, Text],
    *,
    look: Text,
    formula: Text,
    call: Text,
    facts: Mapping[str, Fact] | None = None,
) -> Exercise:
    """An item whose answer is one of the keys of ``feedback`` (e.g. ``"a"`` to ``"d"``).

    Every option has its own feedback: for the right one, why it is right; for each wrong
    one, why it is tempting and why it is wrong. The options' texts are in the notebook.
    ``facts``: what the fixed texts state about the data (see :class:`Exercise`).

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
        facts=dict(facts or {}),
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


#: A set's number: two digits ("01"), and a letter for the second part of a lesson split in
#: two ("05b"); an item's name: lower case letters, digits and "_".
SET_ID = re.compile(r"[0-9]{2}[a-z]?")
ITEM_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class ExerciseSet:
    """One exercise set: its number, title, whether it has homework variants, its items.

    A course's set module ends with ``SET = ExerciseSet(...)``; the engine finds it (see
    :mod:`evalbook.exercises.registry`). Each item is named once, in the notebook's order:
    ``progress()``, the exports and the class report follow that order. Its id is the set's
    number and its name, ``"01.matriz"`` (or ``id_prefix`` and its name).

    Parameters
    ----------
    set_id : str
        Two digits, ``"01"``, and a letter for the second part of a lesson split in two
        (``"05b"``); the student notebook is ``exercises/<set_id>_*.ipynb``.
    title : str
        What ``python -m evalbook.exercises listar`` shows beside the number.
    items : mapping of str to Exercise
        Item name (lower case, digits, ``_``) → :class:`Exercise`, in the notebook's order.
    variants : bool
        Whether ``start(set_id, variant=K)`` draws other data for student ``K`` (the items'
        ``expected`` then read the variant; ``None`` is always the solutions' data).
    id_prefix : str, optional
        The number in its items' ids (default: ``set_id``). A set split off from another
        keeps the ids its items had there (``"05.ks"`` in set ``"05b"``), so that saved
        records and answer keys keep their meaning.

    Examples
    --------
    >>> toy = ExerciseSet("99", title="Toy", items={"dois": Exercise(
    ...     expected=lambda _: 2, kind="count", look="Conte.", formula="1 + 1.", call="2")})
    >>> list(toy.exercises), toy["99.dois"].expected(None)
    (['99.dois'], 2)
    >>> part = ExerciseSet("99b", title="Toy, part two", id_prefix="99", items={"tres": Exercise(
    ...     expected=lambda _: 3, kind="count", look="Conte.", formula="1 + 2.", call="3")})
    >>> list(part.exercises)
    ['99.tres']
    """

    set_id: str
    title: str
    items: Mapping[str, Exercise]
    variants: bool = False
    id_prefix: str | None = field(default=None, kw_only=True)

    def __post_init__(self):
        if not isinstance(self.set_id, str) or not SET_ID.fullmatch(self.set_id):
            raise ValueError(
                f"set_id must be two digits such as '01' (and a letter for the second part of "
                f"a lesson split in two, '05b'); got {self.set_id!r}"
            )
        if not isinstance(self.title, str) or not self.title.strip():
            raise ValueError(f"title must be a non-empty text; got {self.title!r}")
        if not isinstance(self.items, Mapping) or not self.items:
            raise ValueError("items must be a non-empty mapping of item name to Exercise")
        for name, item in self.items.items():
            if not isinstance(name, str) or not ITEM_NAME.fullmatch(name):
                raise ValueError(
                    f"items of set {self.set_id}: an item's name is lower case letters, digits "
                    f"and '_' (not its full id); got {name!r}"
                )
            if not isinstance(item, Exercise):
                raise TypeError(
                    f"items of set {self.set_id}: {name!r} must be an Exercise, "
                    f"got {type(item).__name__}"
                )
        if not isinstance(self.variants, bool):
            raise TypeError(f"variants must be True or False; got {self.variants!r}")
        if self.id_prefix is None:
            object.__setattr__(self, "id_prefix", self.set_id)
        elif not isinstance(self.id_prefix, str) or not SET_ID.fullmatch(self.id_prefix):
            raise ValueError(f"id_prefix must be a set number such as '05'; got {self.id_prefix!r}")
        object.__setattr__(self, "items", MappingProxyType(dict(self.items)))

    @property
    def exercises(self) -> Mapping[str, Exercise]:
        """Item id (``"01.matriz"``) → :class:`Exercise`, in the notebook's order."""
        return MappingProxyType({f"{self.id_prefix}.{n}": e for n, e in self.items.items()})

    def __getitem__(self, exercise_id: str) -> Exercise:
        """The item of id ``"NN.name"``."""
        prefix, _, name = str(exercise_id).partition(".")
        if prefix != self.id_prefix or name not in self.items:
            raise KeyError(exercise_id)
        return self.items[name]
