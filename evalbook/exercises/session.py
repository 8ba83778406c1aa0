"""The student's session: which set and variant they work on, and their record of tries.

Kept in memory only (nothing is sent anywhere): :func:`start` opens a set (optionally with a
homework variant), :func:`evalbook.exercises.check` records every answer, :func:`progress`
shows the current set's items as right, wrong (with the number of tries) or not tried, and
:func:`export_progress` writes that record to a CSV or JSON file for the lecturer.

Examples
--------
>>> from evalbook.exercises import check
>>> reset_progress()
>>> _ = start("01")
>>> _ = check("01.n_tipo_i", 2), check("01.n_tipo_i", 3)
>>> row = progress().table.loc["01.n_tipo_i"]
>>> row.resultado, int(row.tentativas)
('certo', 2)
>>> reset_progress()
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd

from evalbook.exercises.data import VARIANT_SETS, check_variant
from evalbook.exercises.registry import SETS, exercise_ids

__all__ = ["Progress", "current_variant", "export_progress", "progress", "reset_progress", "start"]

#: The words of the record (Portuguese, as the student sees them).
RIGHT, WRONG, NOT_TRIED = "certo", "errado", "não tentado"


@dataclass
class _Attempts:
    tries: int = 0
    correct: bool = False
    time: str = ""


@dataclass
class _Session:
    set_id: str | None = None
    variants: dict[str, int] = field(default_factory=dict)
    attempts: dict[str, _Attempts] = field(default_factory=dict)


_SESSION = _Session()


class Started(str):
    """The message of :func:`start`, shown as plain text in a notebook."""

    def __repr__(self) -> str:
        return str(self)


def _check_set(set_id) -> str:
    if not isinstance(set_id, str) or set_id not in SETS:
        raise ValueError(f"set_id must be one of {', '.join(SETS)}; got {set_id!r}")
    return set_id


def start(set_id, *, variant=None) -> Started:
    """Open an exercise set: the record then shows its items, and its data follow ``variant``.

    Parameters
    ----------
    set_id : str
        The set's number, ``"01"`` to ``"12"``.
    variant : int, optional
        A homework variant (a student number), for the sets in
        :data:`evalbook.exercises.data.VARIANT_SETS`. ``None``: the data of the solutions.
        Each set keeps its own variant; changing it forgets that set's record (its
        answers changed).

    Returns
    -------
    Started
        A one-line message in Portuguese.

    Examples
    --------
    >>> start("09", variant=123)
    Exercícios 09, variante 123.
    >>> start("09")
    Exercícios 09.
    """
    set_id = _check_set(set_id)
    variant = check_variant(variant)
    if variant is not None and set_id not in VARIANT_SETS:
        raise ValueError(
            f"set {set_id} has no variants; variant= works for sets {', '.join(VARIANT_SETS)}"
        )
    if _SESSION.variants.get(set_id) != variant:
        _forget(set_id)
    if variant is None:
        _SESSION.variants.pop(set_id, None)
    else:
        _SESSION.variants[set_id] = variant
    _SESSION.set_id = set_id
    shown = "" if variant is None else f", variante {variant}"
    return Started(f"Exercícios {set_id}{shown}.")


def current_variant(set_id: str) -> int | None:
    """The variant :func:`start` gave ``set_id`` (None: the data of the solutions).

    The checker reads it here and passes it to the items' expected answers; the sets
    themselves never read the session.
    """
    return _SESSION.variants.get(set_id)


def _forget(set_id: str) -> None:
    for exercise_id in [key for key in _SESSION.attempts if key.startswith(f"{set_id}.")]:
        del _SESSION.attempts[exercise_id]


def reset_progress() -> None:
    """Forget every record and the open set and variant (back to the solutions' data)."""
    _SESSION.set_id = None
    _SESSION.variants.clear()
    _SESSION.attempts.clear()


def record(exercise_id: str, correct: bool) -> int:
    """Count one answer to ``exercise_id``; return the number of tries so far (≥ 1).

    An item answered right stays right: trying it again later still counts the try.
    """
    attempts = _SESSION.attempts.setdefault(exercise_id, _Attempts())
    attempts.tries += 1
    attempts.correct = attempts.correct or correct
    attempts.time = datetime.now(UTC).isoformat(timespec="seconds")
    if _SESSION.set_id is None:
        _SESSION.set_id = exercise_id[:2]
    return attempts.tries


def wrong_tries(exercise_id: str) -> int:
    """How many answers to ``exercise_id`` were wrong so far (0 if right or not tried)."""
    attempts = _SESSION.attempts.get(exercise_id)
    if attempts is None:
        return 0
    return attempts.tries - int(attempts.correct)


@dataclass(frozen=True, repr=False)
class Progress:
    """The record of one set: a table indexed by item, shown as text or HTML.

    Attributes
    ----------
    set_id : str
    variant : int or None
    table : pandas.DataFrame
        Columns ``resultado`` ("certo", "errado" or "não tentado"), ``tentativas`` (tries)
        and ``hora`` (UTC time of the last try, ISO 8601; empty if not tried).
    """

    set_id: str
    variant: int | None
    table: pd.DataFrame

    def _shown(self) -> pd.DataFrame:
        return self.table.drop(columns="hora")

    def _title(self) -> str:
        right = int((self.table.resultado == RIGHT).sum())
        shown = "" if self.variant is None else f", variante {self.variant}"
        return f"Exercícios {self.set_id}{shown}: {right} de {len(self.table)} certos"

    def __repr__(self) -> str:
        return f"{self._title()}\n{self._shown().to_string()}"

    def _repr_html_(self) -> str:
        return f"<p><b>{self._title()}</b></p>{self._shown().to_html()}"

    def records(self) -> list[dict]:
        """One dict per item: set, item, result, tries, time (what the export writes)."""
        return [
            {
                "set": self.set_id,
                "variant": self.variant,
                "item": item,
                "result": row.resultado,
                "tries": int(row.tentativas),
                "time": row.hora,
            }
            for item, row in self.table.iterrows()
        ]


def progress(set_id=None) -> Progress:
    """The record of a set (default: the one opened by :func:`start`, or the last checked).

    Examples
    --------
    >>> reset_progress()
    >>> print(progress("10"))  # doctest: +ELLIPSIS
    Exercícios 10: 0 de ... certos
                       resultado  tentativas
    item...
    10.d_sigma       não tentado           0
    ...
    """
    if set_id is None:
        set_id = _SESSION.set_id
        if set_id is None:
            raise ValueError("no set opened yet: call start('NN') or pass set_id")
    set_id = _check_set(set_id)
    rows = []
    for exercise_id in exercise_ids(set_id):
        attempts = _SESSION.attempts.get(exercise_id)
        if attempts is None:
            rows.append((exercise_id, NOT_TRIED, 0, ""))
        else:
            result = RIGHT if attempts.correct else WRONG
            rows.append((exercise_id, result, attempts.tries, attempts.time))
    table = pd.DataFrame(rows, columns=["item", "resultado", "tentativas", "hora"]).set_index(
        "item"
    )
    return Progress(set_id, current_variant(set_id), table)


def export_progress(path, *, set_id=None) -> Path:
    """Write the record of a set to ``path``: CSV or JSON, chosen by the suffix.

    Each row (or JSON object) has the set, the variant, the item, the result ("certo",
    "errado", "não tentado"), the number of tries and the UTC time of the last try. The file
    stays on this computer; nothing is sent anywhere.

    Returns
    -------
    pathlib.Path
        The path written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> export_progress(folder / "progresso.csv", set_id="10").read_text().splitlines()[0]
    'set,variant,item,result,tries,time'
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in {".csv", ".json"}:
        raise ValueError(f"path must end in .csv or .json; got {str(path)!r}")
    records = progress(set_id).records()
    if suffix == ".csv":
        pd.DataFrame(records, columns=list(records[0])).to_csv(path, index=False)
    else:
        path.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", "utf-8")
    return path
