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
from evalbook._core.messages import N_, gettext
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
        return "desconhecido"


def shorten(text: str, size: int = 30) -> str:
    return text if len(text) <= size else text[: size - 3] + "..."


def describe(value) -> str:
    """A short Portuguese description of an answer, for the hints; never raises."""
    try:
        return _describe_unsafe(plain(value))
    except Exception:
        return f"um objeto do tipo {type_name(value)}"


def _describe_unsafe(value) -> str:
    if value is None:
        return "None"
    if isinstance(value, (bool, np.bool_)):
        return f"o booleano {bool(value)}"
    if isinstance(value, str):
        return f"o texto {shorten(value)!r}"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"um número inteiro com cerca de {int(value.bit_length() * 0.30103)} dígitos"
        return f"o número {value}"
    if isinstance(value, float):
        return f"o número {value!r}"
    if isinstance(value, numbers.Number):
        return f"o número {format_number(value)}"
    if isinstance(value, ConfusionMatrix):
        k = value.n_classes
        return f"uma matriz de confusão {k}×{k}"
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return f"o número {format_number(value.item())}"
        if value.ndim == 1:
            return f"um array de {_elements(value.size)}"
        return f"um array {'×'.join(str(size) for size in value.shape)}"
    if isinstance(value, pd.DataFrame):
        return f"uma tabela (DataFrame) {value.shape[0]}×{value.shape[1]}"
    if isinstance(value, pd.Series):
        return f"uma Series de {_elements(len(value))}"
    if isinstance(value, dict):
        return "um dicionário"
    if isinstance(value, list):
        return f"uma lista de {_elements(list.__len__(value))}"
    if isinstance(value, tuple):
        return f"uma tupla de {_elements(tuple.__len__(value))}"
    return f"um objeto do tipo {type_name(value)}"


def format_number(value) -> str:
    """A number as text for a message, whatever its type or size."""
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        return f"do tipo {type_name(value)}"
    return f"{number:.6g}"


def characters(count: int) -> str:
    """``"1 000 001 caracteres"``: a text's length for a message, written as the workbook
    writes numbers in Portuguese (thousands apart by a no-break space)."""
    return f"{shown_number(count, 0, language='pt')} caracteres"


def _elements(count: int) -> str:
    return f"{count} elemento" if count == 1 else f"{count} elementos"


def as_number(value, what: str = "A resposta") -> float:
    """``value`` as a float, or a hint saying why it is not a number."""
    value = plain(value)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if value is None:
        raise FormHint(f"{what} ainda vale None: escreva sua resposta.")
    if isinstance(value, (bool, np.bool_)):
        raise FormHint(f"{what} é {describe(value)}; esperava um número.")
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        raise FormHint(f"{what} é um número complexo; esperava um número real.")
    if isinstance(value, numbers.Number):
        try:
            return float(value)
        except OverflowError:
            raise FormHint(
                f"{what} é {describe(value)}: grande demais para esta questão; "
                "esperava um número pequeno (uma fração, uma contagem, um lucro...)."
            ) from None
    if isinstance(value, str):
        try:
            float(value.replace(",", "."))
        except ValueError:
            raise FormHint(f"{what} é {describe(value)}; esperava um número.") from None
        point = " e com ponto decimal" if "," in value else ""
        raise FormHint(
            f"Recebi o texto {shorten(value)!r}: responda com o número, sem aspas{point}."
        )
    if isinstance(value, ConfusionMatrix):
        raise FormHint(f"{what} é {describe(value)}; esperava um número calculado a partir dela.")
    raise FormHint(f"{what} é {describe(value)}; esperava um único número.")


def as_items(answer, wanted: str) -> list:
    """The elements of a flat sequence (list, tuple, array, Series); a hint for anything else.

    ``wanted`` completes the hint "esperava ..." with what the exercise expects.
    """
    if isinstance(answer, (list, tuple)):
        size = len(answer)
        if size > MAX_ITEMS:
            raise FormHint(f"Recebi {describe(answer)}; esperava {wanted}.")
        return [plain(item) for item in answer]
    if isinstance(answer, (np.ndarray, pd.Series)):
        array = np.asarray(answer, dtype=object)
        if array.ndim != 1:
            raise FormHint(f"Recebi {describe(answer)}; esperava só {wanted}.")
        return [plain(item) for item in array]
    raise FormHint(f"Recebi {describe(answer)}; esperava {wanted}.")


def as_numbers(answer, names: tuple[str, ...]) -> list[float]:
    k = len(names)
    order = f"({', '.join(names)})"
    if isinstance(answer, dict):
        raise FormHint(f"Recebi um dicionário; responda com os {k} números numa tupla: {order}.")
    items = as_items(answer, f"{k} números numa tupla: {order}")
    if len(items) != k:
        raise FormHint(f"Esperava {k} números, na ordem {order}; recebi {len(items)}.")
    if all(item is None for item in items):
        raise FormHint(gettext(NOT_ANSWERED).format(value="None"))
    return [as_number(item, f"O valor de {name}") for item, name in zip(items, names, strict=True)]


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
    wanted = f"uma sequência de {n} textos, um por linha da tabela (lista, array ou Series)"
    if isinstance(answer, (str, dict, numbers.Number, np.bool_, ConfusionMatrix)):
        raise FormHint(f"Recebi {describe(answer)}; esperava {wanted}.")
    items = as_items(answer, wanted)
    if len(items) != n:
        raise FormHint(
            f"Esperava {n} valores, um por linha da tabela e na ordem dela; recebi {len(items)}."
        )
    for position, item in enumerate(items):
        if not isinstance(item, str):
            raise FormHint(
                f"Cada valor deve ser um texto; na posição {position} (contando de 0) "
                f"há {describe(item)}."
            )
        if len(item) > MAX_TEXT:
            raise FormHint(
                f"Cada valor deve ser um texto curto; na posição {position} (contando de 0) "
                f"há um texto de {characters(len(item))}."
            )
    return items


def as_matrix(answer, shape: tuple[int, int]) -> tuple[np.ndarray, list | None]:
    """The counts of a matrix-like answer and its labels (``None`` when it has none)."""
    rows, columns = shape
    wanted = f"uma matriz {rows}×{columns} (lista de listas, array, DataFrame ou ConfusionMatrix)"
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
            raise FormHint(f"Recebi {describe(answer)}, grande demais; esperava {wanted}.")
        try:
            array = np.asarray(answer)
        except (ValueError, TypeError):
            raise FormHint(
                f"As linhas têm tamanhos diferentes; esperava {wanted}, com {columns} "
                "números em cada linha."
            ) from None
    else:
        raise FormHint(f"Recebi {describe(answer)}; esperava {wanted}.")
    if array.ndim == 1 and array.size == rows * columns:
        raise FormHint(
            f"Recebi {array.size} valores numa sequência plana; organize-os em {rows} linhas "
            f"de {columns}: [[a, b], [c, d]]."
        )
    if array.ndim != 2:
        raise FormHint(f"Recebi {describe(answer)}; esperava {wanted}.")
    if array.shape != shape:
        margins = array.shape == (rows + 1, columns + 1)
        raise FormHint(
            f"Esperava uma matriz {rows}×{columns} (uma linha e uma coluna por classe); "
            f"recebi {array.shape[0]}×{array.shape[1]}."
            + (" Se incluiu os totais (margins), retire-os." if margins else "")
        )
    if array.dtype.kind not in "iuf":
        raise FormHint(
            "Cada célula deve ser uma contagem (um número inteiro); "
            f"recebi células do tipo {array.dtype}."
        )
    if not np.all(np.isfinite(array)) or not np.all(array == np.round(array)):
        raise FormHint("Cada célula deve ser uma contagem, um número inteiro.")
    if np.any(array < 0):
        raise FormHint("Contagens não podem ser negativas.")
    if np.any(np.abs(array) > 2**53):
        raise FormHint("Há contagens grandes demais para esta tabela.")
    return array.astype(np.int64), labels
