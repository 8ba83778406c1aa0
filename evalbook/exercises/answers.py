"""Reading a student's answer safely: what it is, and the number, list or matrix in it.

The exercise checker (:mod:`evalbook.exercises.checker`) compares answers; this module only
reads them. Anything a student may pass (a text where a number is expected, an integer with
5,000 digits, an object whose ``__len__``, ``__repr__`` or ``__getattr__`` raises, a str
subclass that overrides ``strip``) is read through the exact built-in types, never called or
executed, and anything that is not what the exercise expects becomes a :class:`Hint`: a
Portuguese sentence for the student, never a traceback.
"""

from __future__ import annotations

import numbers
import unicodedata

import numpy as np
import pandas as pd

from evalbook import ConfusionMatrix
from evalbook._core.messages import N_, gettext, ngettext
from evalbook._core.render import number as shown_number

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "NOT_ANSWERED",
    "FormHint",
    "Hint",
    "as_items",
    "as_labels",
    "as_matrix",
    "as_number",
    "as_numbers",
    "characters",
    "describe",
    "format_number",
    "normal_text",
    "plain",
    "shorten",
    "type_name",
]

# Longest sequence an answer may be before it is refused unread (no exercise needs more).
MAX_ITEMS = 100_000
# Longest text a choice or a label may be before it is refused unread: every option is a
# word or a short phrase, and normalising a pasted megabyte would cost a tenth of a second.
MAX_TEXT = 1_000

#: The hint to an answer left as ``None`` or ``...`` (a message id: translate it, then
#: format it with the ``value``).
NOT_ANSWERED = N_(
    "You have not answered yet: the answer is {value}. Write it in the cell above, run it, "
    "then run this one."
)


class Hint(Exception):
    """Raised while comparing an answer: its argument is the hint shown to the student.

    ``mistake`` is the position of the known mistake the answer matched, if any.
    """

    def __init__(self, message: str, *, mistake: int | None = None):
        super().__init__(message)
        self.mistake = mistake


class FormHint(Hint):
    """The answer has the wrong form (a text for a number, 3 values for 2...): its hint
    uses up no step of the item's hints, and the answer is not counted as a try."""


def plain(value):
    """``value`` as its exact built-in type when it subclasses str, int or float.

    A subclass may override any method (``strip``, ``__format__``, ``__eq__``); the copy
    made by the base class's own conversion has none of those overrides.
    """
    kind = type(value)
    if kind in (str, int, float, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    return value


def type_name(value) -> str:
    try:
        return str(type(value).__name__)
    except Exception:
        return gettext("unknown")


def shorten(text: str, size: int = 30) -> str:
    return text if len(text) <= size else text[: size - 3] + "..."


def describe(value) -> str:
    """A short description of an answer, for the hints, in the display language; never
    raises."""
    try:
        return _describe_unsafe(plain(value))
    except Exception:
        return gettext("an object of type {type}").format(type=type_name(value))


def _describe_unsafe(value) -> str:
    if value is None:
        return "None"
    the_number = gettext("the number {value}")
    if isinstance(value, (bool, np.bool_)):
        return gettext("the boolean {value}").format(value=bool(value))
    if isinstance(value, str):
        return gettext("the text {text}").format(text=repr(shorten(value)))
    if isinstance(value, int):
        if value.bit_length() > 64:
            return gettext("a whole number of about {digits} digits").format(
                digits=int(value.bit_length() * 0.30103)
            )
        return the_number.format(value=value)
    if isinstance(value, float):
        return the_number.format(value=repr(value))
    if isinstance(value, numbers.Number):
        return the_number.format(value=format_number(value))
    if isinstance(value, ConfusionMatrix):
        return gettext("a {k}×{k} confusion matrix").format(k=value.n_classes)
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return the_number.format(value=format_number(value.item()))
        if value.ndim == 1:
            return gettext("an array of {elements}").format(elements=_elements(value.size))
        shape = "×".join(str(size) for size in value.shape)
        return gettext("a {shape} array").format(shape=shape)
    if isinstance(value, pd.DataFrame):
        return gettext("a {rows}×{columns} table (DataFrame)").format(
            rows=value.shape[0], columns=value.shape[1]
        )
    if isinstance(value, pd.Series):
        return gettext("a Series of {elements}").format(elements=_elements(len(value)))
    if isinstance(value, dict):
        return gettext("a dictionary")
    if isinstance(value, list):
        return gettext("a list of {elements}").format(elements=_elements(list.__len__(value)))
    if isinstance(value, tuple):
        return gettext("a tuple of {elements}").format(elements=_elements(tuple.__len__(value)))
    return gettext("an object of type {type}").format(type=type_name(value))


def format_number(value) -> str:
    """A number as text for a message, whatever its type or size."""
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        return gettext("of type {type}").format(type=type_name(value))
    return f"{number:.6g}"


def characters(count: int) -> str:
    """``"1 000 001 caracteres"``: a text's length for a message, its number written as
    the display language writes numbers (thousands apart by a no-break space in Portuguese)."""
    return ngettext("{count} character", "{count} characters", count).format(
        count=shown_number(count, 0)
    )


def _elements(count: int) -> str:
    return ngettext("{count} element", "{count} elements", count).format(count=count)


def as_number(value, what: str | None = None) -> float:
    """``value`` as a float, or a hint saying why it is not a number.

    ``what`` names the value in the hint ("The answer" in the display language by default).
    """
    what = gettext("The answer") if what is None else what
    value = plain(value)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if value is None:
        raise FormHint(gettext("{what} is still None: write your answer.").format(what=what))
    expected_number = gettext("{what} is {answer}; I expected a number.")
    if isinstance(value, (bool, np.bool_)):
        raise FormHint(expected_number.format(what=what, answer=describe(value)))
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise FormHint(
            gettext("{what} is a complex number; I expected a real number.").format(what=what)
        )
    if isinstance(value, numbers.Number):
        try:
            return float(value)
        except OverflowError:
            raise FormHint(
                gettext(
                    "{what} is {answer}: too large for this question; I expected a small "
                    "number (a fraction, a count, a profit...)."
                ).format(what=what, answer=describe(value))
            ) from None
    if isinstance(value, str):
        try:
            float(value.replace(",", "."))
        except ValueError:
            raise FormHint(expected_number.format(what=what, answer=describe(value))) from None
        if "," in value:
            text = gettext(
                "I got the text {text}: answer with the number, without quotes and with a "
                "decimal point."
            )
        else:
            text = gettext("I got the text {text}: answer with the number, without quotes.")
        raise FormHint(text.format(text=repr(shorten(value))))
    if isinstance(value, ConfusionMatrix):
        raise FormHint(
            gettext("{what} is {answer}; I expected a number computed from it.").format(
                what=what, answer=describe(value)
            )
        )
    raise FormHint(
        gettext("{what} is {answer}; I expected a single number.").format(
            what=what, answer=describe(value)
        )
    )


def as_items(answer, wanted: str) -> list:
    """The elements of a flat sequence (list, tuple, array, Series); a hint for anything else.

    ``wanted`` completes the hint "I expected ..." with what the exercise expects.
    """
    expected = gettext("I got {answer}; I expected {wanted}.")
    if isinstance(answer, (list, tuple)):
        size = len(answer)
        if size > MAX_ITEMS:
            raise FormHint(expected.format(answer=describe(answer), wanted=wanted))
        return [plain(item) for item in answer]
    if isinstance(answer, (np.ndarray, pd.Series)):
        array = np.asarray(answer, dtype=object)
        if array.ndim != 1:
            raise FormHint(
                gettext("I got {answer}; I expected only {wanted}.").format(
                    answer=describe(answer), wanted=wanted
                )
            )
        return [plain(item) for item in array]
    raise FormHint(expected.format(answer=describe(answer), wanted=wanted))


def as_numbers(answer, names: tuple[str, ...]) -> list[float]:
    k = len(names)
    order = f"({', '.join(names)})"
    if isinstance(answer, dict):
        raise FormHint(
            gettext("I got a dictionary; answer with the {k} numbers in a tuple: {order}.").format(
                k=k, order=order
            )
        )
    items = as_items(answer, gettext("{k} numbers in a tuple: {order}").format(k=k, order=order))
    if len(items) != k:
        raise FormHint(
            gettext("I expected {k} numbers, in the order {order}; I got {n}.").format(
                k=k, order=order, n=len(items)
            )
        )
    if all(item is None for item in items):
        raise FormHint(gettext(NOT_ANSWERED).format(value="None"))
    value_of = gettext("The value of {name}")
    return [
        as_number(item, value_of.format(name=name)) for item, name in zip(items, names, strict=True)
    ]


def normal_text(text: str) -> str:
    """``text`` without accents, in lower case, without surrounding or repeated spaces.

    Examples
    --------
    >>> normal_text("  Não  Sei ")
    'nao sei'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def as_labels(answer, n: int) -> list[str]:
    wanted = gettext(
        "a sequence of {n} texts, one per row of the table (list, array or Series)"
    ).format(n=n)
    if isinstance(answer, (str, dict, numbers.Number, np.bool_, ConfusionMatrix)):
        raise FormHint(
            gettext("I got {answer}; I expected {wanted}.").format(
                answer=describe(answer), wanted=wanted
            )
        )
    items = as_items(answer, wanted)
    if len(items) != n:
        raise FormHint(
            gettext(
                "I expected {n} values, one per row of the table and in its order; I got {got}."
            ).format(n=n, got=len(items))
        )
    for position, item in enumerate(items):
        if not isinstance(item, str):
            raise FormHint(
                gettext(
                    "Each value must be a text; at position {position} (counting from 0) there "
                    "is {answer}."
                ).format(position=position, answer=describe(item))
            )
        if len(item) > MAX_TEXT:
            raise FormHint(
                gettext(
                    "Each value must be a short text; at position {position} (counting from 0) "
                    "there is a text of {length}."
                ).format(position=position, length=characters(len(item)))
            )
    return items


def as_matrix(answer, shape: tuple[int, int]) -> tuple[np.ndarray, list | None]:
    """The counts of a matrix-like answer and its labels (``None`` when it has none)."""
    rows, columns = shape
    wanted = gettext(
        "a {rows}×{columns} matrix (list of lists, array, DataFrame or ConfusionMatrix)"
    ).format(rows=rows, columns=columns)
    expected = gettext("I got {answer}; I expected {wanted}.")
    labels = None
    if isinstance(answer, ConfusionMatrix):
        array, labels = answer.counts, answer.labels
    elif isinstance(answer, pd.DataFrame):
        index, header = list(answer.index), list(answer.columns)
        if len(index) == len(header) and set(index) == set(header):
            answer = answer.loc[:, index]
            labels = [value.item() if isinstance(value, np.generic) else value for value in index]
        array = answer.to_numpy()
    elif isinstance(answer, (list, tuple, np.ndarray)):
        if isinstance(answer, (list, tuple)) and (
            len(answer) > MAX_ITEMS
            or any(isinstance(row, (list, tuple)) and len(row) > MAX_ITEMS for row in answer)
        ):
            raise FormHint(
                gettext("I got {answer}, too large; I expected {wanted}.").format(
                    answer=describe(answer), wanted=wanted
                )
            )
        try:
            array = np.asarray(answer)
        except (ValueError, TypeError):
            raise FormHint(
                gettext(
                    "The rows have different lengths; I expected {wanted}, with {columns} "
                    "numbers in each row."
                ).format(wanted=wanted, columns=columns)
            ) from None
    else:
        raise FormHint(expected.format(answer=describe(answer), wanted=wanted))
    if array.ndim == 1 and array.size == rows * columns:
        raise FormHint(
            gettext(
                "I got {n} values in a flat sequence; arrange them in {rows} rows of {columns}: "
                "[[a, b], [c, d]]."
            ).format(n=array.size, rows=rows, columns=columns)
        )
    if array.ndim != 2:
        raise FormHint(expected.format(answer=describe(answer), wanted=wanted))
    if array.shape != shape:
        margins = array.shape == (rows + 1, columns + 1)
        message = gettext(
            "I expected a {rows}×{columns} matrix (one row and one column per class); I got "
            "{got_rows}×{got_columns}."
        ).format(rows=rows, columns=columns, got_rows=array.shape[0], got_columns=array.shape[1])
        if margins:
            message += " " + gettext("If you included the totals (margins), remove them.")
        raise FormHint(message)
    if array.dtype.kind not in "iuf":
        raise FormHint(
            gettext(
                "Each cell must be a count (a whole number); I got cells of type {dtype}."
            ).format(dtype=array.dtype)
        )
    if not np.all(np.isfinite(array)) or not np.all(array == np.round(array)):
        raise FormHint(gettext("Each cell must be a count, a whole number."))
    if np.any(array < 0):
        raise FormHint(gettext("Counts cannot be negative."))
    if np.any(np.abs(array) > 2**53):
        raise FormHint(gettext("Some counts are too large for this table."))
    return array.astype(np.int64), labels
