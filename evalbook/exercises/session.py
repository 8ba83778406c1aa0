"""The student's session: set, variant and student, and the record of tries, kept on disk.

:func:`start` opens a set (optionally with a homework variant) for a student;
:func:`evalbook.exercises.check` records every answer; :func:`progress` shows the set's items
in the notebook's order; :func:`export_progress` writes the record for the lecturer.

When the student is known (``start(..., student=...)``, the environment variable
``EVALBOOK_STUDENT``, or the name typed once when :func:`start` asks in an interactive
session), the record of each set is saved as the student works, in ``progresso_NN.json``
beside the notebook (the working folder; ``folder=`` or ``EVALBOOK_PROGRESS_DIR`` choose
another): written atomically after every answer (:mod:`evalbook.exercises.store`), restored by
the next :func:`start`. A file that is corrupt, edited by hand, of another set, student or
variant is reported in Portuguese and renamed aside, never overwritten. Nothing is sent
anywhere. Without a student (tests, nbval, a script) the record stays in memory.

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

import os
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd

import evalbook
from evalbook import __version__
from evalbook.exercises import store
from evalbook.exercises.registry import EXERCISES, SETS
from evalcourse.exercises.data import VARIANT_SETS

__all__ = [
    "FOLDER_ENV",
    "STUDENT_ENV",
    "Progress",
    "current_variant",
    "export_progress",
    "progress",
    "reset_progress",
    "start",
]

#: The words of the record (Portuguese, as the student sees them).
RIGHT, WRONG, NOT_TRIED, RECORDED = "certo", "errado", "não tentado", "registrado"
#: Kinds of item that are recorded, never graded.
UNGRADED = ("prediction", "text")
#: Environment variables: the student's name or number, the folder of the progress files.
STUDENT_ENV, FOLDER_ENV = "EVALBOOK_STUDENT", "EVALBOOK_PROGRESS_DIR"
#: What :func:`start` asks when the student is not known and the session is interactive.
ASK = "Seu nome ou número de matrícula (fica só no arquivo de progresso, neste computador): "


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class _Attempts:
    tries: int = 0
    correct: bool = False
    first: str | None = None
    first_time: str = ""
    time: str = ""
    wrong_form: int = 0
    known_mistakes: list[int] = field(default_factory=list)
    guesses: list[dict] = field(default_factory=list)
    written: list[dict] = field(default_factory=list)


@dataclass
class _Session:
    set_id: str | None = None
    student: str | None = None
    asked: bool = False
    variants: dict[str, int] = field(default_factory=dict)
    attempts: dict[str, _Attempts] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    created: dict[str, str] = field(default_factory=dict)


_SESSION = _Session()


class Started(str):
    """The message of :func:`start`, shown as plain text in a notebook."""

    def __repr__(self) -> str:
        return str(self)


def _check_set(set_id) -> str:
    if not isinstance(set_id, str) or set_id not in SETS:
        raise ValueError(f"set_id must be one of {', '.join(SETS)}; got {set_id!r}")
    return set_id


def items_in_order(set_id: str) -> list[str]:
    """The ids of a set in the notebook's order (the order its module defines them)."""
    return [exercise_id for exercise_id in EXERCISES if exercise_id.startswith(f"{set_id}.")]


def _start_error(set_id, variant) -> str | None:
    """Why ``start(set_id, variant=variant)`` cannot open a set (Portuguese), or None."""
    if not isinstance(set_id, str) or set_id not in SETS:
        shown = repr(set_id) if isinstance(set_id, (str, int)) else type(set_id).__name__
        return f"❌ Não existe o conjunto {shown}. Os conjuntos são {', '.join(SETS)} (um texto)."
    if variant is None:
        return None
    if isinstance(variant, bool) or not isinstance(variant, int) or variant < 0:
        return (
            f"❌ A variante é um número inteiro ≥ 0 (o seu número de matrícula); recebi "
            f"{variant!r}."
        )
    if set_id not in VARIANT_SETS:
        return (
            f"❌ O conjunto {set_id} não tem variantes: use start({set_id!r}). Têm variantes "
            f"os conjuntos {', '.join(VARIANT_SETS)}."
        )
    return None


def _interactive() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        shell = None
    else:
        shell = get_ipython()
    if shell is not None and getattr(shell, "kernel", None) is not None:
        return True
    return (
        (shell is not None or hasattr(sys, "ps1")) and sys.stdin is not None and sys.stdin.isatty()
    )


def _ask_student() -> str | None:
    """The name typed at the prompt, asked once per session; None if nobody can answer.

    A notebook run by nbval or nbconvert has no standard input: ``input`` raises at once,
    and the session goes on without a student (and without a progress file).
    """
    if _SESSION.asked or not _interactive():
        return None
    _SESSION.asked = True
    try:
        answer = input(ASK)
    except Exception:
        return None
    return answer.strip() or None


def _student(student) -> str | None:
    if student is not None:
        text = str(student).strip()
        return text or None
    if os.environ.get(STUDENT_ENV, "").strip():
        return os.environ[STUDENT_ENV].strip()
    if _SESSION.student is not None:
        return _SESSION.student
    return _ask_student()


def _folder(folder) -> Path | None:
    if folder is not None:
        return Path(folder)
    if os.environ.get(FOLDER_ENV, "").strip():
        return Path(os.environ[FOLDER_ENV])
    return Path.cwd() if _SESSION.student is not None else None


def progress_path(set_id: str, folder) -> Path:
    """The progress file of a set in ``folder``: ``progresso_NN.json``."""
    return Path(folder) / f"progresso_{set_id}.json"


def start(set_id, *, variant=None, student=None, folder=None) -> Started:
    """Open an exercise set for a student: restore their saved record, save it from now on.

    Like a lesson's setup cell, it sets the display language to Portuguese
    (``evalbook.set_config(language="pt")``).
    Parameters
    ----------
    set_id : str
        The set's number, ``"01"`` to ``"12"``.
    variant : int, optional
        A homework variant (a student number), for the sets in
        :data:`evalcourse.exercises.data.VARIANT_SETS`. ``None``: the data of the solutions.
        Each set keeps its own variant; changing it forgets that set's record in memory (its
        answers changed).
    student : str or int, optional
        The student's name or number, written into the record and its exports. If not given:
        the environment variable ``EVALBOOK_STUDENT``, the one given before in this session,
        or (in an interactive session only) asked once with ``input``. Without a student the
        record stays in memory.
    folder : path-like, optional
        Where ``progresso_NN.json`` is kept (default: ``EVALBOOK_PROGRESS_DIR``, or the
        working folder, which in JupyterLab is the notebook's). Giving it saves the record
        even without a student.

    Returns
    -------
    Started
        A message in Portuguese. A set or variant that does not exist gets a message
        starting with "❌" (and nothing changes), never a traceback.

    Examples
    --------
    >>> start("09", variant=123)
    Exercícios 09, variante 123.
    >>> start("09")
    Exercícios 09.
    >>> start("13")  # doctest: +ELLIPSIS
    ❌ Não existe o conjunto '13'. Os conjuntos são 01, 02, ..., 12 (um texto).
    >>> evalbook.set_config(language="en")  # back to the library's default
    """
    problem = _start_error(set_id, variant)
    if problem is not None:
        return Started(problem)
    evalbook.set_config(language="pt")
    student = _student(student)
    if student is not None:
        _SESSION.student = student
    if _SESSION.variants.get(set_id) != variant:
        _forget(set_id)
    if variant is None:
        _SESSION.variants.pop(set_id, None)
    else:
        _SESSION.variants[set_id] = variant
    _SESSION.set_id = set_id
    shown = "" if variant is None else f", variante {variant}"
    lines = [f"Exercícios {set_id}{shown}."]
    where = _folder(folder)
    if where is not None:
        lines.extend(_open_file(set_id, progress_path(set_id, where)))
    else:
        _SESSION.files.pop(set_id, None)
    return Started("\n".join(lines))


def _open_file(set_id: str, path: Path) -> list[str]:
    """Restore the record of ``path`` when it is this student's; set it aside otherwise."""
    lines = []
    who = f" ({_SESSION.student})" if _SESSION.student else ""
    if path.exists():
        try:
            document = store.read_document(path)
            mismatch = _mismatch(document, set_id)
        except store.DocumentError as error:
            mismatch = ("corrompido", f"o arquivo {path.name} {error}")
        except OSError as error:
            mismatch = ("ilegivel", f"não consegui ler {path.name} ({error.strerror})")
        if mismatch is None:
            restored = _restore(document, set_id)
            lines.append(f"Progresso recuperado de {path.name}: {restored}.")
        else:
            reason, why = mismatch
            aside = store.set_aside(path, reason)
            lines.append(
                f"⚠️ Atenção: {why}. Guardei-o como {aside.name} (não foi apagado) e comecei "
                f"um registro novo em {path.name}."
            )
    else:
        lines.append(f"Progresso salvo a cada resposta em {path.name}{who}.")
    _SESSION.files[set_id] = path
    _SESSION.created.setdefault(set_id, _now())
    _save(set_id)
    return lines


def _mismatch(document: dict, set_id: str) -> tuple[str, str] | None:
    if document["set"] != set_id:
        return "outro-conjunto", f"o arquivo é do conjunto {document['set']}, não do {set_id}"
    if _SESSION.student is not None and document["student"] not in (None, _SESSION.student):
        return "outro-estudante", f"o arquivo é de outro estudante ({document['student']})"
    variant = _SESSION.variants.get(set_id)
    if document["variant"] != variant:

        def named(value):
            return "sem variante" if value is None else f"variante {value}"

        return "outra-variante", (
            f"o arquivo é da {named(document['variant'])}, e você abriu a {named(variant)}"
        )
    return None


def _restore(document: dict, set_id: str) -> str:
    if any(key.startswith(f"{set_id}.") for key in _SESSION.attempts):
        return "o registro desta sessão é mais novo e continua"
    if _SESSION.student is None and document["student"] is not None:
        _SESSION.student = document["student"]
    _SESSION.created[set_id] = document["created"] or _now()
    answered = 0
    for row in document["items"]:
        if row["item"] not in EXERCISES or row["tries"] + row["wrong_form"] == 0:
            continue
        answered += 1
        _SESSION.attempts[row["item"]] = _Attempts(
            tries=row["tries"],
            correct=row["result"] == RIGHT,
            first=row["first_try"],
            first_time=row["first_time"],
            time=row["last_time"],
            wrong_form=row["wrong_form"],
            known_mistakes=list(row["known_mistakes"]),
            guesses=[dict(guess) for guess in row["guesses"]],
            written=[dict(text) for text in row["written"]],
        )
    return f"{answered} {'item respondido' if answered == 1 else 'itens respondidos'}"


def _save(set_id: str) -> None:
    path = _SESSION.files.get(set_id)
    if path is not None:
        store.write_atomic(path, document(set_id))


def current_variant(set_id: str) -> int | None:
    """The variant :func:`start` gave ``set_id`` (None: the data of the solutions).

    The checker reads it here and passes it to the items' expected answers; the sets
    themselves never read the session.
    """
    return _SESSION.variants.get(set_id)


def _forget(set_id: str) -> None:
    for exercise_id in [key for key in _SESSION.attempts if key.startswith(f"{set_id}.")]:
        del _SESSION.attempts[exercise_id]


def reset_progress(set_id=None, *, confirm=False) -> Started | None:
    """Forget a record (default: every set, the student and the variants).

    A record kept only in memory is forgotten at once (returns None). A record saved in a
    progress file is reset only when confirmed: ``confirm=True``, or "sim" typed at the
    question asked in an interactive session; otherwise nothing changes and the message
    says how to confirm. The file of a reset set is set aside (renamed
    ``progresso_NN.json.apagado-<time>``), never deleted.

    Returns
    -------
    Started or None
        What was done, in Portuguese, when a progress file was involved.
    """
    if set_id is not None:
        set_id = _check_set(set_id)
    sets = list(SETS) if set_id is None else [set_id]
    saved = [number for number in sets if number in _SESSION.files]
    scope = "todo o registro" if set_id is None else f"o registro do conjunto {set_id}"
    if saved and not confirm:
        files = ", ".join(_SESSION.files[number].name for number in saved)
        if not _interactive():
            return Started(
                f"Nada apagado ({files}). Para apagar {scope}: reset_progress(confirm=True)."
            )
        try:
            reply = input(f"Apagar {scope} (salvo em {files})? Digite 'sim' para confirmar: ")
        except Exception:
            reply = ""
        if reply.strip().lower() != "sim":
            return Started("Nada apagado.")
    aside = []
    for number in sets:
        _forget(number)
        path = _SESSION.files.pop(number, None)
        if path is not None and path.exists():
            aside.append(store.set_aside(path, "apagado").name)
        _SESSION.created.pop(number, None)
        _SESSION.variants.pop(number, None)
    if set_id is None or _SESSION.set_id == set_id:
        _SESSION.set_id = None
    if set_id is None:
        _SESSION.student = None
        _SESSION.asked = False
    if not saved:
        return None
    return Started(f"Apagado: {scope}. O arquivo antigo ficou guardado como {', '.join(aside)}.")


def record(
    exercise_id: str,
    correct: bool | None,
    *,
    mistake: int | None = None,
    guess: dict | None = None,
    text: str | None = None,
    wrong_form: bool = False,
) -> int:
    """Count one answer to ``exercise_id``; return the number of tries so far.

    ``correct`` is None for what is recorded, not graded (a guess, a written answer);
    ``wrong_form`` counts an answer of the wrong form, which is not a try. An item answered
    right stays right: trying it again later still counts the try. The set's progress file,
    if any, is rewritten at once.
    """
    attempts = _SESSION.attempts.setdefault(exercise_id, _Attempts())
    now = _now()
    if wrong_form:
        attempts.wrong_form += 1
    else:
        attempts.tries += 1
        graded = RECORDED if correct is None else (RIGHT if correct else WRONG)
        if attempts.first is None:
            attempts.first, attempts.first_time = graded, now
        attempts.correct = attempts.correct or bool(correct)
        if mistake is not None:
            attempts.known_mistakes.append(mistake)
        if guess is not None:
            attempts.guesses.append({**guess, "time": now})
        if text is not None:
            attempts.written.append({"text": text, "time": now})
    attempts.time = now
    set_id = exercise_id[:2]
    if _SESSION.set_id is None:
        _SESSION.set_id = set_id
    _save(set_id)
    return attempts.tries


def wrong_tries(exercise_id: str) -> int:
    """How many answers to ``exercise_id`` were wrong so far (0 if right or not tried)."""
    attempts = _SESSION.attempts.get(exercise_id)
    if attempts is None:
        return 0
    return attempts.tries - int(attempts.correct)


def _result(exercise_id: str, attempts: _Attempts | None) -> str:
    if attempts is None or attempts.tries == 0:
        return NOT_TRIED
    if EXERCISES[exercise_id].kind in UNGRADED:
        return RECORDED
    return RIGHT if attempts.correct else WRONG


def document(set_id: str) -> dict:
    """The record of a set as the versioned, sealed document of :mod:`~.store`."""
    items = []
    for exercise_id in items_in_order(set_id):
        attempts = _SESSION.attempts.get(exercise_id) or _Attempts()
        items.append(
            {
                "item": exercise_id,
                "kind": EXERCISES[exercise_id].kind,
                "result": _result(exercise_id, _SESSION.attempts.get(exercise_id)),
                "tries": attempts.tries,
                "first_try": attempts.first,
                "first_time": attempts.first_time,
                "last_time": attempts.time,
                "wrong_form": attempts.wrong_form,
                "known_mistakes": list(attempts.known_mistakes),
                "guesses": [dict(guess) for guess in attempts.guesses],
                "written": [dict(text) for text in attempts.written],
            }
        )
    return store.seal(
        {
            "format": store.FORMAT,
            "format_version": store.FORMAT_VERSION,
            "set": set_id,
            "variant": current_variant(set_id),
            "student": _SESSION.student,
            "evalbook_version": __version__,
            "created": _SESSION.created.get(set_id, ""),
            "saved": _now(),
            "items": items,
        }
    )


@dataclass(frozen=True, repr=False)
class Progress:
    """The record of one set: a table indexed by item, in the notebook's order.

    Attributes
    ----------
    set_id : str
    variant : int or None
    table : pandas.DataFrame
        Columns ``resultado`` ("certo", "errado", "não tentado", or "registrado" for a guess
        or a written answer, which are not graded), ``tentativas`` (tries) and ``hora`` (UTC
        time of the last try, ISO 8601; empty if not tried).
    student : str or None
    """

    set_id: str
    variant: int | None
    table: pd.DataFrame
    student: str | None = None

    def _shown(self) -> pd.DataFrame:
        return self.table.drop(columns="hora")

    def _title(self) -> str:
        graded = self.table[self.table.resultado != RECORDED]
        graded = graded[[EXERCISES[i].kind not in UNGRADED for i in graded.index]]
        right = int((graded.resultado == RIGHT).sum())
        shown = "" if self.variant is None else f", variante {self.variant}"
        who = "" if self.student is None else f" ({self.student})"
        return f"Exercícios {self.set_id}{shown}{who}: {right} de {len(graded)} certos"

    def __repr__(self) -> str:
        return f"{self._title()}\n{self._shown().to_string()}"

    def _repr_html_(self) -> str:
        return f"<p><b>{self._title()}</b></p>{self._shown().to_html()}"

    def records(self) -> list[dict]:
        """One dict per item: set, variant, student, item, result, tries, time (the CSV)."""
        return [
            {
                "set": self.set_id,
                "variant": self.variant,
                "student": self.student,
                "item": item,
                "result": row.resultado,
                "tries": int(row.tentativas),
                "time": row.hora,
            }
            for item, row in self.table.iterrows()
        ]


def progress(set_id=None) -> Progress:
    """The record of a set (default: the one opened by :func:`start`, or the last checked).

    Items come in the notebook's order.

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
    for exercise_id in items_in_order(set_id):
        attempts = _SESSION.attempts.get(exercise_id)
        result = _result(exercise_id, attempts)
        tries = 0 if attempts is None else attempts.tries
        rows.append((exercise_id, result, tries, "" if attempts is None else attempts.time))
    table = pd.DataFrame(rows, columns=["item", "resultado", "tentativas", "hora"]).set_index(
        "item"
    )
    return Progress(set_id, current_variant(set_id), table, _SESSION.student)


def export_progress(path, *, set_id=None) -> Path:
    """Write the record of a set to ``path``: JSON (for the class report) or CSV.

    The JSON is the versioned document described by ``export.schema.json`` (the student, the
    set, the variant, the evalbook version, and per item the tries, the first-try and final
    results, the guesses, the written answers and the times), the same as the progress
    file. The CSV has one row per item: set, variant, student, item, result, tries and the
    UTC time of the last try. The file stays on this computer; nothing is sent anywhere.

    Returns
    -------
    pathlib.Path
        The path written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> export_progress(folder / "progresso.csv", set_id="10").read_text().splitlines()[0]
    'set,variant,student,item,result,tries,time'
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in {".csv", ".json"}:
        raise ValueError(f"path must end in .csv or .json; got {str(path)!r}")
    record_of_set = progress(set_id)
    if suffix == ".csv":
        records = record_of_set.records()
        pd.DataFrame(records, columns=list(records[0])).to_csv(path, index=False)
    else:
        store.write_atomic(path, document(record_of_set.set_id))
    return path
