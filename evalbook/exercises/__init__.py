"""Check the answers of the exercise notebooks: ``check("NN.item", answer)``.

Each exercise notebook (``exercises/NN_topic.ipynb``) ends a question with a cell such as
``check("01.matriz", cm)``. :func:`check` compares the answer with the expected one,
computed with the library from the exercise's data (the private registry
``evalbook.exercises._answers``), and answers in Brazilian Portuguese: ``"✅ Correto! …"``
or ``"❌ Ainda não. Dica: …"``. A wrong type or shape (a text where a number is expected,
3 values where 16 are expected, a 3×3 table where a 2×2 matrix is expected) gets a hint,
never a traceback.

Numbers are accepted within an absolute tolerance :data:`ABS_TOL` = 5e-4, so an answer
rounded to 3 decimals is right (|0.6154 - 0.615| < 5e-4) and one rounded to 2 decimals
usually is not. ``nan`` (an undefined metric) matches ``nan``. Counts, labels and
confusion matrices are compared exactly.

This subpackage is not imported by ``import evalbook``; import it as
``from evalbook.exercises import check``. The generator of the student notebooks is
:mod:`evalbook.exercises.build`.

Examples
--------
>>> from evalbook.exercises import check
>>> check("01.n_tipo_i", 3)
✅ Correto!
>>> result = check("02.f1", "0.615")
>>> result.correct
False
>>> print(result.message)
❌ Ainda não. Dica: Recebi o texto '0.615': responda com o número, sem aspas.
"""

from __future__ import annotations

import difflib
import math
import numbers
from dataclasses import dataclass

import numpy as np

from evalbook.confusion import ConfusionMatrix

__all__ = ["ABS_TOL", "CheckResult", "check", "exercise_ids"]

#: Absolute tolerance for numeric answers: rounding to 3 decimals is accepted.
ABS_TOL = 5e-4
# Floating-point slack, so that a value rounded at exactly half a unit (0.6875 -> 0.688) passes.
_SLACK = 1e-12

_RIGHT = "✅ Correto!"
_WRONG = "❌ Ainda não. Dica:"
_NOT_ANSWERED = (
    "Você ainda não respondeu: a resposta vale {value}. Escreva-a na célula de cima, "
    "execute-a e depois execute esta."
)


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of :func:`check`: whether the answer is right, and a message.

    Displayed as its message when it is the last expression of a notebook cell; true in a
    boolean context when the answer is right.

    Attributes
    ----------
    correct : bool
    message : str
        In Brazilian Portuguese, starting with "✅ Correto!" or "❌ Ainda não. Dica:".

    Examples
    --------
    >>> result = CheckResult(True, "✅ Correto!")
    >>> bool(result), result
    (True, ✅ Correto!)
    """

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.message

    def __str__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return self.message


class _Hint(Exception):
    """Raised while comparing an answer: its argument is the hint shown to the student."""


def exercise_ids() -> list[str]:
    """The ids accepted by :func:`check`, sorted.

    Examples
    --------
    >>> exercise_ids()[:2]
    ['01.caret', '01.matriz']
    """
    from evalbook.exercises._answers import EXERCISES

    return sorted(EXERCISES)


def check(exercise_id, answer) -> CheckResult:
    """Compare a student's answer with the expected answer of an exercise.

    Parameters
    ----------
    exercise_id : str
        ``"NN.item"``, as written in the exercise notebook (see :func:`exercise_ids`).
    answer : object
        The student's answer: a number, a tuple of numbers, a count, a string, a sequence
        of labels or a confusion matrix (a :class:`~evalbook.ConfusionMatrix`, a nested
        list, an array or a DataFrame), depending on the exercise. Numbers are compared
        within :data:`ABS_TOL`.

    Returns
    -------
    CheckResult
        ``.correct`` and a ``.message`` in Portuguese. An answer of the wrong type or
        shape, or ``None`` (not answered yet), is simply wrong, with a hint. An unknown
        ``exercise_id`` gives a message listing the valid ids (``.correct`` is False).

    Examples
    --------
    >>> check("01.tipo_i", "fp").correct
    True
    >>> check("01.matriz", [[4, 2], [3, 7]]).correct
    True
    >>> print(check("01.matriz", [[7, 3], [2, 4]]).message)  # doctest: +ELLIPSIS
    ❌ Ainda não. Dica: As classes estão na ordem inversa: a positiva ("fraude") vem primeiro...
    >>> print(check("01.matriz", [[1, 2, 3], [4, 5, 6], [7, 8, 9]]).message)  # doctest: +ELLIPSIS
    ❌ Ainda não. Dica: Esperava uma matriz 2×2 (uma linha e uma coluna por classe); recebi 3×3...
    >>> check("02.acuracia_erro", (0.688, 0.312))
    ✅ Correto! Valores exatos: acurácia = 0.6875, taxa de erro = 0.3125.
    """
    from evalbook.exercises._answers import EXERCISES

    exercise = EXERCISES.get(exercise_id) if isinstance(exercise_id, str) else None
    if exercise is None:
        return _unknown(exercise_id, sorted(EXERCISES))
    if answer is None or answer is Ellipsis:
        value = "None" if answer is None else "..."
        return CheckResult(False, f"{_WRONG} {_NOT_ANSWERED.format(value=value)}")
    try:
        detail = _COMPARERS[exercise.kind](exercise, answer)
    except _Hint as hint:
        return CheckResult(False, f"{_WRONG} {hint}")
    except Exception:  # a last resort: a student never gets a traceback from check()
        return CheckResult(
            False,
            f"{_WRONG} Não consegui interpretar a resposta ({_describe(answer)}). {exercise.hint}",
        )
    parts = [_RIGHT, detail, exercise.comment]
    return CheckResult(True, " ".join(part for part in parts if part))


def _unknown(exercise_id, valid: list[str]) -> CheckResult:
    text = str(exercise_id)
    guess = difflib.get_close_matches(text, valid, n=1) if isinstance(exercise_id, str) else []
    maybe = f" Você quis dizer {guess[0]!r}?" if guess else ""
    return CheckResult(
        False,
        f"❌ Não existe o exercício {exercise_id!r}.{maybe} Os exercícios são: {', '.join(valid)}.",
    )


# ---------------------------------------------------------------------- describing answers
def _describe(value) -> str:
    """A short Portuguese description of an answer, for the hints."""
    if value is None:
        return "None"
    if isinstance(value, (bool, np.bool_)):
        return f"o booleano {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"o texto {shown!r}"
    if isinstance(value, numbers.Number):
        return f"o número {value}"
    if isinstance(value, ConfusionMatrix):
        k = value.n_classes
        return f"uma matriz de confusão {k}×{k}"
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return f"o número {value.item()}"
        if value.ndim == 1:
            return f"um array de {_elements(value.size)}"
        return f"um array {'×'.join(str(size) for size in value.shape)}"
    if hasattr(value, "columns") and hasattr(value, "shape"):
        return f"uma tabela (DataFrame) {value.shape[0]}×{value.shape[1]}"
    if hasattr(value, "index") and hasattr(value, "dtype") and hasattr(value, "__len__"):
        return f"uma Series de {_elements(len(value))}"
    if isinstance(value, dict):
        return "um dicionário"
    if isinstance(value, list):
        return f"uma lista de {_elements(len(value))}"
    if isinstance(value, tuple):
        return f"uma tupla de {_elements(len(value))}"
    return f"um objeto do tipo {type(value).__name__}"


def _elements(count: int) -> str:
    return f"{count} elemento" if count == 1 else f"{count} elementos"


def _format(value: float) -> str:
    return f"{value:.6g}"


# ---------------------------------------------------------------------- numbers
def _as_number(value, what: str = "A resposta") -> float:
    """``value`` as a float, or a hint saying why it is not a number."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if value is None:
        raise _Hint(f"{what} ainda vale None: escreva sua resposta.")
    if isinstance(value, (bool, np.bool_)):
        raise _Hint(f"{what} é {_describe(value)}; esperava um número.")
    if isinstance(value, numbers.Real):
        return float(value)
    if isinstance(value, numbers.Complex):
        raise _Hint(f"{what} é o número complexo {value}; esperava um número real.")
    if isinstance(value, numbers.Number):  # decimal.Decimal
        return float(value)
    if isinstance(value, str):
        try:
            float(value.replace(",", "."))
        except ValueError:
            raise _Hint(f"{what} é {_describe(value)}; esperava um número.") from None
        point = " e com ponto decimal" if "," in value else ""
        raise _Hint(f"Recebi o texto {value!r}: responda com o número, sem aspas{point}.")
    if isinstance(value, ConfusionMatrix):
        raise _Hint(f"{what} é {_describe(value)}; esperava um número calculado a partir dela.")
    raise _Hint(f"{what} é {_describe(value)}; esperava um único número.")


def _close(value: float, expected: float) -> bool:
    if math.isnan(expected) or math.isnan(value):
        return math.isnan(expected) and math.isnan(value)
    return abs(value - expected) <= ABS_TOL + _SLACK


def _looks_like_percent(value: float, expected: float) -> bool:
    return (
        math.isfinite(expected)
        and 0 < abs(expected) <= 1
        and abs(value - 100 * expected) <= 100 * (ABS_TOL + _SLACK)
    )


def _number_hint(value: float, expected: float) -> str:
    """A hint for a wrong number that is not one of the exercise's known mistakes."""
    if _looks_like_percent(value, expected):
        return "Parece uma porcentagem: responda como fração entre 0 e 1 (0.25, não 25)."
    if math.isnan(value) and not math.isnan(expected):
        return (
            "Você respondeu nan (indefinido), mas com esta matriz nenhum denominador é 0: "
            "o valor é definido."
        )
    if math.isfinite(expected) and abs(value - expected) <= 10 * ABS_TOL + _SLACK:
        return (
            f"Está perto, mas fora da tolerância ({ABS_TOL}): se arredondou, use 3 casas "
            "decimais; se não, confira a fórmula."
        )
    return ""


def _known_mistake(exercise, same) -> None:
    """Raise the hint of the first known mistake that ``same(mistake_value)`` matches."""
    for compute, hint in exercise.mistakes:
        if same(compute()):
            raise _Hint(hint)


def _compare_number(exercise, answer) -> str:
    value = _as_number(answer)
    expected = float(exercise.expected())
    if _close(value, expected):
        return f"Valor exato: {_format(expected)}."
    _known_mistake(exercise, lambda wrong: _close(value, float(wrong)))
    raise _Hint(_number_hint(value, expected) or exercise.hint)


def _items(answer, wanted: str) -> list:
    """The elements of a flat sequence (list, tuple, array, Series); a hint for anything else.

    ``wanted`` completes the hint "esperava ..." with what the exercise expects.
    """
    if isinstance(answer, (list, tuple)):
        return list(answer)
    if hasattr(answer, "__array__") or isinstance(answer, np.ndarray):
        array = np.asarray(answer, dtype=object)
        if array.ndim != 1:
            raise _Hint(f"Recebi {_describe(answer)}; esperava só {wanted}.")
        return list(array)
    raise _Hint(f"Recebi {_describe(answer)}; esperava {wanted}.")


def _as_numbers(answer, names: tuple[str, ...]) -> list[float]:
    k = len(names)
    order = f"({', '.join(names)})"
    if isinstance(answer, dict):
        raise _Hint(f"Recebi um dicionário; responda com os {k} números numa tupla: {order}.")
    if isinstance(answer, (str, numbers.Number, np.bool_, ConfusionMatrix)) or (
        isinstance(answer, np.ndarray) and answer.ndim == 0
    ):
        raise _Hint(f"Recebi {_describe(answer)}; esperava {k} números numa tupla: {order}.")
    items = _items(answer, f"{k} números numa tupla: {order}")
    if len(items) != k:
        raise _Hint(f"Esperava {k} números, na ordem {order}; recebi {len(items)}.")
    if all(item is None for item in items):
        raise _Hint(_NOT_ANSWERED.format(value="None"))
    return [_as_number(item, f"O valor de {name}") for item, name in zip(items, names, strict=True)]


def _compare_numbers(exercise, answer) -> str:
    names = exercise.names
    values = _as_numbers(answer, names)
    expected = [float(v) for v in exercise.expected()]

    def same(candidate) -> bool:
        return all(_close(v, float(e)) for v, e in zip(values, candidate, strict=True))

    if same(expected):
        shown = ", ".join(f"{n} = {_format(e)}" for n, e in zip(names, expected, strict=True))
        return f"Valores exatos: {shown}."
    _known_mistake(exercise, same)
    if len(values) > 1 and same(expected[::-1]):
        raise _Hint(
            f"Os números estão certos, mas na ordem trocada: responda ({', '.join(names)})."
        )
    marks = ", ".join(
        f"{n} {'✔' if _close(v, e) else '✘'}"
        for n, v, e in zip(names, values, expected, strict=True)
    )
    extra = next(
        (_number_hint(v, e) for v, e in zip(values, expected, strict=True) if _number_hint(v, e)),
        "",
    )
    raise _Hint(f"Confira: {marks}. {extra or exercise.hint}")


def _compare_count(exercise, answer) -> str:
    value = _as_number(answer)
    if not value.is_integer():
        raise _Hint(f"Esperava uma contagem (um número inteiro); recebi {value}.")
    if value == int(exercise.expected()):
        return ""
    _known_mistake(exercise, lambda wrong: value == int(wrong))
    raise _Hint(exercise.hint)


# ---------------------------------------------------------------------- strings
def _compare_choice(exercise, answer) -> str:
    options = ", ".join(f'"{choice}"' for choice in exercise.choices)
    if isinstance(answer, (list, tuple)) and len(answer) == 1 and isinstance(answer[0], str):
        raise _Hint(f"Responda só com o texto, sem lista: um de {options}.")
    if not isinstance(answer, str):
        raise _Hint(f"Recebi {_describe(answer)}; responda com um texto entre aspas: {options}.")
    value = answer.strip().upper()
    if value not in {choice.upper() for choice in exercise.choices}:
        raise _Hint(f"{answer!r} não é uma das opções: {options}.")
    if value == str(exercise.expected()).upper():
        return ""
    _known_mistake(exercise, lambda wrong: value == str(wrong).upper())
    raise _Hint(exercise.hint)


def _as_labels(answer, n: int) -> list:
    wanted = f"uma sequência de {n} textos, um por linha da tabela (lista, array ou Series)"
    if isinstance(answer, (str, dict, numbers.Number, np.bool_, ConfusionMatrix)):
        raise _Hint(f"Recebi {_describe(answer)}; esperava {wanted}.")
    items = _items(answer, wanted)
    if len(items) != n:
        raise _Hint(
            f"Esperava {n} valores, um por linha da tabela e na ordem dela; recebi {len(items)}."
        )
    for position, item in enumerate(items):
        if not isinstance(item, str):
            raise _Hint(
                f"Cada valor deve ser um texto; na posição {position} (contando de 0) "
                f"há {_describe(item)}."
            )
    return items


def _compare_labels(exercise, answer) -> str:
    expected = [str(value).upper() for value in exercise.expected()]
    values = [item.strip().upper() for item in _as_labels(answer, len(expected))]
    if exercise.choices:
        allowed = {choice.upper() for choice in exercise.choices}
        for item in values:
            if item not in allowed:
                options = ", ".join(f'"{choice}"' for choice in exercise.choices)
                raise _Hint(f"{item!r} não é um valor válido; use {options}.")
    if values == expected:
        return ""
    _known_mistake(exercise, lambda wrong: values == [str(v).upper() for v in wrong])
    wrong = [i for i, (v, e) in enumerate(zip(values, expected, strict=True)) if v != e]
    raise _Hint(
        f"{len(wrong)} de {len(expected)} estão errados (o primeiro na posição {wrong[0]}, "
        f"contando de 0). {exercise.hint}"
    )


# ---------------------------------------------------------------------- matrices
def _as_matrix(answer, shape: tuple[int, int]) -> tuple[np.ndarray, list | None]:
    """The counts of a matrix-like answer and its labels (``None`` when it has none)."""
    rows, columns = shape
    wanted = f"uma matriz {rows}×{columns} (lista de listas, array, DataFrame ou ConfusionMatrix)"
    labels = None
    if isinstance(answer, ConfusionMatrix):
        array, labels = answer.counts, answer.labels
    elif hasattr(answer, "columns") and hasattr(answer, "index") and hasattr(answer, "loc"):
        index, header = list(answer.index), list(answer.columns)
        if len(index) == len(header) and set(index) == set(header):
            answer = answer.loc[:, index]
            labels = [value.item() if isinstance(value, np.generic) else value for value in index]
        array = answer.to_numpy()
    elif isinstance(answer, (str, dict, numbers.Number, np.bool_)):
        raise _Hint(f"Recebi {_describe(answer)}; esperava {wanted}.")
    else:
        try:
            array = np.asarray(answer)
        except (ValueError, TypeError):
            raise _Hint(
                f"As linhas têm tamanhos diferentes; esperava {wanted}, com {columns} "
                "números em cada linha."
            ) from None
    if array.ndim == 1 and array.size == rows * columns:
        raise _Hint(
            f"Recebi {array.size} valores numa sequência plana; organize-os em {rows} linhas "
            f"de {columns}: [[a, b], [c, d]]."
        )
    if array.ndim != 2:
        raise _Hint(f"Recebi {_describe(answer)}; esperava {wanted}.")
    if array.shape != shape:
        margins = array.shape == (rows + 1, columns + 1)
        raise _Hint(
            f"Esperava uma matriz {rows}×{columns} (uma linha e uma coluna por classe); "
            f"recebi {array.shape[0]}×{array.shape[1]}."
            + (" Se incluiu os totais (margins), retire-os." if margins else "")
        )
    if array.dtype.kind not in "iuf":
        raise _Hint(
            "Cada célula deve ser uma contagem (um número inteiro); "
            f"recebi células do tipo {array.dtype}."
        )
    if not np.all(np.isfinite(array)) or not np.all(array == np.round(array)):
        raise _Hint("Cada célula deve ser uma contagem, um número inteiro.")
    if np.any(array < 0):
        raise _Hint("Contagens não podem ser negativas.")
    return array.astype(np.int64), labels


def _compare_matrix(exercise, answer) -> str:
    expected = exercise.expected()
    expected_labels = expected.labels if isinstance(expected, ConfusionMatrix) else None
    expected_counts = np.asarray(
        expected.counts if isinstance(expected, ConfusionMatrix) else expected
    )
    counts, labels = _as_matrix(answer, expected_counts.shape)
    if expected_labels is not None and labels is not None and labels != expected_labels:
        same_classes = len(labels) == len(expected_labels) and set(labels) == set(expected_labels)
        if same_classes:
            reordered = ConfusionMatrix(counts, labels=labels).reorder(expected_labels)
            if np.array_equal(reordered.counts, expected_counts):
                raise _Hint(
                    f"Os números estão certos, mas as classes estão na ordem {labels!r}; a "
                    f"classe positiva vem primeiro: labels={expected_labels!r}."
                )
        elif np.array_equal(counts, expected_counts):
            raise _Hint(
                f"As contagens estão certas, mas os rótulos são {labels!r}; "
                f"use labels={expected_labels!r}."
            )
    if np.array_equal(counts, expected_counts):
        return ""
    _known_mistake(exercise, lambda wrong: np.array_equal(counts, np.asarray(wrong)))
    total = int(expected_counts.sum())
    if int(counts.sum()) != total:
        raise _Hint(
            f"A soma das células deve ser {total}, o número de linhas da tabela; a sua dá "
            f"{int(counts.sum())}. {exercise.hint}"
        )
    raise _Hint(exercise.hint)


_COMPARERS = {
    "number": _compare_number,
    "numbers": _compare_numbers,
    "count": _compare_count,
    "choice": _compare_choice,
    "labels": _compare_labels,
    "matrix": _compare_matrix,
}
