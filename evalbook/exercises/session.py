"""The student's session: one set, its variant and student, and the record of tries on disk.

:func:`start` opens a set (optionally with a homework variant) for a student and returns
the :class:`Session`; the notebook works through it: ``exercicios.check("01.matriz", cm)``
records every answer, ``exercicios.progress()`` shows the set's items in the notebook's
order, ``exercicios.export_progress("arquivo.json")`` writes the record for the lecturer.
Nothing is kept between sessions but the progress file.

When the student is known (``start(..., student=...)`` as the lecturer's generated
notebook writes it, the environment variable ``EVALBOOK_STUDENT``, the identity remembered
in the folder (``.evalbook_estudante.json``), or the name typed once when :func:`start`
asks in an interactive session, then remembered in that folder), the record is saved as the
student works, in ``progresso_NN.json`` beside the notebook (the working folder;
``folder=`` or ``EVALBOOK_PROGRESS_DIR`` choose another): written atomically after every
answer, under the file's lock (:mod:`evalbook.exercises.store`), and merged with what
another kernel of the same set saved meanwhile (each answer is applied to the file as it
is on disk, so nothing reported as saved is lost); restored by the next :func:`start`. A
file that is corrupt, edited by hand, of another set, student or variant is reported in
Portuguese and renamed aside, never overwritten; a student is the same whatever the case
or accents of the name (and, when both records have one, by the student id). A folder
where nothing can be written gets one message in Portuguese, and the answers are still
checked (and saved at the next answer once the folder is writable). Nothing is sent
anywhere. Without a student (tests, nbval, a script) the record stays in the session
object only.

Examples
--------
>>> exercicios = start("01")
>>> _ = exercicios.check("01.n_tipo_i", 2), exercicios.check("01.n_tipo_i", 3)
>>> row = exercicios.progress().table.loc["01.n_tipo_i"]
>>> row.resultado, int(row.tentativas)
('certo', 2)
"""

from __future__ import annotations

import contextlib
import copy
import numbers
import os
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd

import evalbook
from evalbook import __version__
from evalbook._core.checks import is_path
from evalbook._core.messages import N_, gettext, ngettext, pgettext
from evalbook.exercises import store
from evalbook.exercises.answers import normal_text
from evalbook.exercises.checker import CheckResult, judge
from evalbook.exercises.registry import (
    all_exercises,
    exercise_set,
    exercise_sets,
    set_of,
    sets_with_variants,
)

__all__ = [
    "FOLDER_ENV",
    "STUDENT_ENV",
    "Progress",
    "Session",
    "items_in_order",
    "start",
]

#: The words of the record (Portuguese, as the student sees them).
RIGHT, WRONG, NOT_TRIED, RECORDED = "certo", "errado", "não tentado", "registrado"
#: Kinds of item that are recorded, never graded.
UNGRADED = ("prediction", "text")
#: Environment variables: the student's name or number, the folder of the progress files.
STUDENT_ENV, FOLDER_ENV = "EVALBOOK_STUDENT", "EVALBOOK_PROGRESS_DIR"
#: What :func:`start` asks when the student is not known and the session is interactive
#: (a message id).
ASK = N_("Your name or student number (it stays in the progress file, on this computer): ")
#: The file of a folder that remembers who works there (written when the name is typed).
IDENTITY_FILE = ".evalbook_estudante.json"
#: How many times an empty answer to the question is asked again.
ASK_TIMES = 3


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
    choices: list[dict] = field(default_factory=list)


def items_in_order(set_id: str) -> list[str]:
    """The ids of a set in the notebook's order (the order its module names them)."""
    return list(exercise_set(set_id).exercises)


def _start_error(set_id, variant) -> str | None:
    """Why ``start(set_id, variant=variant)`` cannot open a set (in the display language), or
    None."""
    sets = exercise_sets()
    if not isinstance(set_id, str) or set_id not in sets:
        shown = repr(set_id) if isinstance(set_id, (str, int)) else type(set_id).__name__
        return gettext("❌ There is no set {set}. The sets are {sets} (a text).").format(
            set=shown, sets=", ".join(sets)
        )
    if variant is None:
        return None
    if isinstance(variant, bool) or not isinstance(variant, numbers.Integral) or variant < 0:
        return gettext(
            "❌ The variant is a whole number ≥ 0 (your student number); I got {variant}."
        ).format(variant=repr(variant))
    if not sets[set_id].variants:
        return gettext(
            "❌ Set {set} has no variants: use start({call}). The sets with variants are {sets}."
        ).format(set=set_id, call=repr(set_id), sets=", ".join(sets_with_variants()))
    return None


def _identity_error(student, student_id) -> str | None:
    """Why ``student=`` or ``student_id=`` cannot name a student (display language), or None."""
    for value in (student, student_id):
        if value is None:
            continue
        whole = isinstance(value, numbers.Integral) and not isinstance(value, bool)
        if not (isinstance(value, str) or whole) or (isinstance(value, str) and len(value) > 200):
            return gettext(
                '❌ The student is a name or a number (a text such as "Ana Souza", or a whole '
                "number); I got {value}."
            ).format(value=type(value).__name__ if not isinstance(value, str) else "…")
    return None


def _folder_error(folder) -> str | None:
    """Why ``folder=`` cannot be the folder of the progress file (display language), or None."""
    if folder is None or is_path(folder):
        return None
    return gettext(
        '❌ The folder (folder=) is a path, such as "." or "entregas"; I got {value}.'
    ).format(value=type(folder).__name__)


def _path_to_write(path) -> Path:
    """``path`` of :meth:`Session.export_progress`, checked (a Portuguese error if unsound)."""
    if not is_path(path):
        raise TypeError(
            gettext(
                'The file (path) is a path ending in .json or .csv, such as "01_ana.json"; '
                "I got {value}."
            ).format(value=type(path).__name__)
        )
    path = Path(path)
    if path.suffix.lower() not in {".csv", ".json"}:
        raise ValueError(
            gettext("The file (path) must end in .json or .csv; I got {file}.").format(
                file=repr(str(path))
            )
        )
    return path


def same_student(a: str | None, b: str | None) -> bool:
    """Whether two names (or ids) are the same student's: case, accents and spaces ignored.

    Examples
    --------
    >>> same_student("Ana  Souza", "ana souza"), same_student("João", "Joao")
    (True, True)
    >>> same_student("Ana", "Bia")
    False
    """
    return a is not None and b is not None and normal_text(str(a)) == normal_text(str(b))


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


def _ask_student() -> tuple[str | None, bool]:
    """The name typed at the prompt, and whether someone was asked.

    A notebook run by nbval or nbconvert has no standard input: ``input`` raises at once,
    and the session goes on without a student (and without a progress file). An empty
    answer is asked again (:data:`ASK_TIMES` times). A name typed is kept in
    ``EVALBOOK_STUDENT`` for this kernel, and remembered in the folder by :func:`start`.
    """
    if not _interactive():
        return None, False
    for _ in range(ASK_TIMES):
        try:
            answer = input(gettext(ASK))
        except Exception:
            return None, False
        name = " ".join(answer.split())
        if name:
            os.environ[STUDENT_ENV] = name
            return name, True
    return None, True


def _text(value) -> str | None:
    if value is None:
        return None
    return " ".join(str(int(value) if not isinstance(value, str) else value).split()) or None


def _remembered(folder: Path) -> dict:
    """The identity remembered in ``folder`` (empty if none, or unreadable)."""
    try:
        value = store.read_json(folder / IDENTITY_FILE, max_bytes=10_000)
    except (OSError, store.DocumentError):
        return {}
    if not isinstance(value, dict):
        return {}
    return {
        key: value[key]
        for key in ("student", "student_id")
        if isinstance(value.get(key), str) and value[key].strip()
    }


def _remember(folder: Path, student: str, student_id: str | None) -> None:
    """Remember who works in ``folder`` (nothing if it cannot be written)."""
    with contextlib.suppress(OSError):
        store.write_atomic(folder / IDENTITY_FILE, {"student": student, "student_id": student_id})


def _folder(folder) -> Path | None:
    if folder is not None:
        return Path(folder)
    if os.environ.get(FOLDER_ENV, "").strip():
        return Path(os.environ[FOLDER_ENV])
    return None


def progress_path(set_id: str, folder) -> Path:
    """The progress file of a set in ``folder``: ``progresso_NN.json``."""
    return Path(folder) / f"progresso_{set_id}.json"


def start(set_id, *, variant=None, student=None, student_id=None, folder=None) -> Session:
    """Open an exercise set for a student: restore their saved record, save it from now on.

    Like a lesson's setup cell, it sets the display language to Portuguese
    (``evalbook.set_config(language="pt")``).

    Parameters
    ----------
    set_id : str
        The set's id, such as ``"01"`` (:func:`evalbook.exercises.exercise_ids`).
    variant : int, optional
        A homework variant (a student number; any whole number ≥ 0, a NumPy integer read
        with pandas included), for the sets that have variants (``ExerciseSet.variants``).
        ``None``: the data of the solutions. The notebook's data and the checker both read
        it: ``start(..., variant=VARIANTE)`` with the ``VARIANTE`` of the setup cell.
    student : str or int, optional
        The student's name or number, written into the record and its exports. If not given:
        the environment variable ``EVALBOOK_STUDENT``, the identity remembered in the folder
        (``.evalbook_estudante.json``), or (in an interactive session only) asked once with
        ``input`` and remembered in the folder. Without a student the record stays in the
        session object (unless ``folder`` is given, or the question was answered empty).
    student_id : str or int, optional
        The student's stable id (the roster's number, as the lecturer's generated notebook
        writes it): the class report keys students by it.
    folder : path-like, optional
        Where ``progresso_NN.json`` is kept (default: ``EVALBOOK_PROGRESS_DIR``, or the
        working folder, which in JupyterLab is the notebook's). Giving it saves the record
        even without a student.

    Returns
    -------
    Session
        Shown as a message in Portuguese. A set, variant or student that is not valid
        gives a session whose message starts with "❌" and whose ``check`` repeats it, never
        a traceback; a folder where nothing can be written, a message starting with "⚠️".

    Examples
    --------
    >>> start("09", variant=123)
    Exercícios 09, variante 123.
    >>> start("09")
    Exercícios 09.
    >>> start("99")  # doctest: +ELLIPSIS
    ❌ Não existe o conjunto '99'. Os conjuntos são 01, 02, ... (um texto).
    >>> evalbook.set_config(language="en")  # back to the library's default
    """
    evalbook.set_config(language="pt")  # the course's language, as a lesson's setup sets it
    problem = (
        _start_error(set_id, variant)
        or _identity_error(student, student_id)
        or _folder_error(folder)
    )
    if problem is not None:
        return Session(None, None, None, problem)
    variant = None if variant is None else int(variant)
    student, student_id = _text(student), _text(student_id)
    where = _folder(folder)
    unnamed = False
    if student is None and student_id is None:
        student = _text(os.environ.get(STUDENT_ENV, "").strip() or None)
    if student is None and student_id is None:
        here = Path.cwd() if where is None else where
        known = _remembered(here)
        if known:
            student, student_id, where = known.get("student"), known.get("student_id"), here
        else:
            student, asked = _ask_student()
            if student is not None:
                where = here
                _remember(here, student, None)
            elif asked:  # Enter at the question: saved all the same, without a name
                where, unnamed = here, True
    elif where is None:
        where = Path.cwd()
    if variant is None:
        opened = gettext("Exercises {set}.").format(set=set_id)
    else:
        opened = gettext("Exercises {set}, variant {variant}.").format(set=set_id, variant=variant)
    session = Session(set_id, variant, student, opened, student_id=student_id)
    if unnamed:
        session._lines.append(
            gettext(
                "⚠️ No name was typed: the record is saved without a name. Run this cell "
                'again and type your name, or write start(..., student="Your Name").'
            )
        )
    if where is not None:
        session._open_file(progress_path(set_id, where))
    return session


class Session:
    """One student's work on one exercise set: what :func:`start` returns.

    The notebook checks answers, shows the record and exports it through it. Shown as the
    message of :func:`start` (in Portuguese).

    Attributes
    ----------
    set_id : str or None
        None when :func:`start` was given a set or variant that does not exist.
    variant : int or None
    student : str or None
    student_id : str or None
        The stable id the lecturer's notebook gives (the roster's number).
    path : pathlib.Path or None
        The progress file, when the record is saved.
    """

    def __init__(self, set_id, variant, student, message, *, student_id=None):
        self.set_id = set_id
        self.variant = variant
        self.student = student
        self.student_id = student_id
        self.path: Path | None = None
        self._lines = [message]
        self._attempts: dict[str, _Attempts] = {}
        #: answers recorded but not yet written to the file (the folder was not writable)
        self._pending: list[tuple[str, str, dict]] = []
        #: the record as last read from (or written to) the file
        self._base: dict[str, _Attempts] = {}
        self._unsaved = False
        self._created = _now()

    def __repr__(self) -> str:
        return "\n".join(self._lines)

    __str__ = __repr__

    # ------------------------------------------------------------------ answers
    def check(self, exercise_id, answer) -> CheckResult:
        """Compare an answer with the expected one, record it, and say why it is (not) right.

        See :func:`evalbook.exercises.check` for the answers accepted and the verdicts; here
        the expected answer follows the session's variant, and each wrong answer moves the
        hint one step (look, formula, call). When the record cannot be saved, the verdict is
        shown all the same, with one line saying so.
        """
        if self.set_id is None:
            return CheckResult(False, self._lines[0])
        number = set_of(exercise_id)
        if number is not None and number != self.set_id:
            return CheckResult(
                False,
                gettext(
                    "❌ This notebook opened set {set}; exercise {id} is in set {number}: "
                    "open it with start({call}) in its notebook."
                ).format(set=self.set_id, id=repr(exercise_id), number=number, call=repr(number)),
            )
        attempts = self._attempts.get(exercise_id)
        wrong = 0 if attempts is None else attempts.tries - int(attempts.correct)
        result, recording = judge(exercise_id, answer, variant=self.variant, tries=wrong + 1)
        if recording is not None:
            note = self._record(exercise_id, **recording)
            if note:
                result = CheckResult(result.correct, f"{result.message}\n{note}")
        return result

    def _record(
        self,
        exercise_id,
        *,
        correct,
        mistake=None,
        guess=None,
        text=None,
        choice=None,
        wrong_form=False,
    ) -> str | None:
        """Record one try (applied to the file as it is on disk); a warning if not saved."""
        event = {
            "correct": correct,
            "mistake": mistake,
            "guess": guess,
            "text": text,
            "choice": choice,
            "wrong_form": wrong_form,
        }
        now = _now()
        _apply(self._attempts.setdefault(exercise_id, _Attempts()), now, event)
        if self.path is None:
            return None
        self._pending.append((exercise_id, now, event))
        return self._save()

    # ------------------------------------------------------------------ the record
    def _result(self, exercise_id: str) -> str:
        attempts = self._attempts.get(exercise_id)
        if attempts is None or attempts.tries == 0:
            return NOT_TRIED
        if all_exercises()[exercise_id].kind in UNGRADED:
            return RECORDED
        return RIGHT if attempts.correct else WRONG

    def progress(self) -> Progress:
        """The record of the set: a table of its items in the notebook's order.

        Examples
        --------
        >>> print(start("10").progress())  # doctest: +ELLIPSIS
        Exercícios 10: 0 de ... certos
                           resultado  tentativas
        item...
        10.d_sigma       não tentado           0
        ...
        """
        self._check_open()
        rows = []
        for exercise_id in items_in_order(self.set_id):
            attempts = self._attempts.get(exercise_id)
            tries = 0 if attempts is None else attempts.tries
            time = "" if attempts is None else attempts.time
            rows.append((exercise_id, self._result(exercise_id), tries, time))
        table = pd.DataFrame(rows, columns=["item", "resultado", "tentativas", "hora"])
        return Progress(self.set_id, self.variant, table.set_index("item"), self.student)

    def document(self) -> dict:
        """The record as the versioned, sealed document of :mod:`~.store`."""
        self._check_open()
        exercises = all_exercises()
        items = []
        for exercise_id in items_in_order(self.set_id):
            attempts = self._attempts.get(exercise_id) or _Attempts()
            items.append(
                {
                    "item": exercise_id,
                    "kind": exercises[exercise_id].kind,
                    "result": self._result(exercise_id),
                    "tries": attempts.tries,
                    "first_try": attempts.first,
                    "first_time": attempts.first_time,
                    "last_time": attempts.time,
                    "wrong_form": attempts.wrong_form,
                    "known_mistakes": list(attempts.known_mistakes),
                    "guesses": [dict(guess) for guess in attempts.guesses],
                    "written": [dict(text) for text in attempts.written],
                    "choices": [dict(choice) for choice in attempts.choices],
                }
            )
        return store.seal(
            {
                "format": store.FORMAT,
                "format_version": store.FORMAT_VERSION,
                "set": self.set_id,
                "variant": self.variant,
                "student": self.student,
                "student_id": self.student_id,
                "evalbook_version": __version__,
                "created": self._created,
                "saved": _now(),
                "items": items,
            }
        )

    def export_progress(self, path) -> Path:
        """Write the record to ``path``: JSON (for the class report) or CSV.

        The JSON is the versioned document described by ``export.schema.json`` (the
        student, the set, the variant, the evalbook version, and per item the tries, the
        first-try and final results, the guesses, the written answers and the times), the
        same as the progress file. The CSV has one row per item: set, variant, student,
        item, result, tries and the UTC time of the last try. The file stays on this
        computer; nothing is sent anywhere. A CSV cell that a spreadsheet would read as a
        formula (a text starting with ``=``, ``+``, ``-``, ``@``) starts with ``'``.

        Returns
        -------
        pathlib.Path
            The path written.

        Examples
        --------
        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> start("10").export_progress(folder / "p.csv").read_text().splitlines()[0]
        'set,variant,student,item,result,tries,time'
        """
        path = _path_to_write(path)
        try:
            if path.suffix.lower() == ".csv":
                records = [
                    {key: store.safe_cell(value) for key, value in record.items()}
                    for record in self.progress().records()
                ]
                pd.DataFrame(records, columns=list(records[0])).to_csv(path, index=False)
            else:
                store.write_atomic(path, self.document())
        except OSError as error:
            raise OSError(
                error.errno,
                gettext(
                    "I could not write {file} ({error}): choose a folder where you can save "
                    "files, such as the notebook's."
                ).format(file=str(path), error=error.strerror),
            ) from None
        return path

    def reset_progress(self, *, confirm=False) -> str | None:
        """Forget the record of the set.

        A record kept only in this object is forgotten at once (returns None). A record
        saved in a progress file is reset only when confirmed: ``confirm=True`` (the value
        True itself: a text such as ``"não"`` erases nothing), or "sim" typed at the question
        asked in an interactive session; otherwise nothing changes and the message says how
        to confirm. The old file is set aside (renamed ``progresso_NN.json.apagado-<time>``),
        never deleted; the record goes on in a new one.

        Returns
        -------
        str or None
            What was done, in the display language, when a progress file was involved.
        """
        self._check_open()
        if self.path is None:
            self._attempts.clear()
            return None
        how = gettext(
            "Nothing erased ({file}). To erase the record of set {set}: "
            "reset_progress(confirm=True)."
        ).format(file=self.path.name, set=self.set_id)
        if confirm is not True and confirm is not False:
            return how
        if confirm is False:
            if not _interactive():
                return how
            # Translators: the word the student types to confirm (see "Type '{yes}'...")
            yes = pgettext("the answer that confirms", "yes")
            try:
                reply = input(
                    gettext(
                        "Erase the record of set {set} (saved in {file})? Type '{yes}' to confirm: "
                    ).format(set=self.set_id, file=self.path.name, yes=yes)
                )
            except Exception:
                reply = ""
            if reply.strip().lower() != yes:
                return gettext("Nothing erased.")
        self._attempts.clear()
        self._base.clear()
        self._pending.clear()
        self._created = _now()
        aside = None
        try:
            with store.locked(self.path):
                if self.path.exists():
                    aside = store.set_aside(self.path, "apagado").name
                store.write_atomic(self.path, self.document())
        except OSError as error:
            return self._cannot_save(error)
        erased = gettext("Erased: the record of set {set}.").format(set=self.set_id)
        if aside is None:
            return erased
        kept = gettext("The old file was kept as {file}.").format(file=aside)
        return f"{erased} {kept}"

    # ------------------------------------------------------------------ the file
    def _check_open(self) -> None:
        if self.set_id is None:
            raise ValueError(f"no set is open: {self._lines[0]}")

    def _cannot_save(self, error: OSError) -> str:
        """The one message of a record that cannot be written (display language)."""
        folder = self.path.parent if self.path is not None else Path.cwd()
        return gettext(
            "⚠️ I cannot save your record in the folder {folder} ({error}): your answers are "
            "checked and kept in this notebook, and saved as soon as the folder can be "
            "written (check its permissions, or choose another with start(..., folder=...))."
        ).format(folder=folder, error=error.strerror or type(error).__name__)

    def _save(self) -> str | None:
        """Write the record under the file's lock, merged with the file as it is on disk.

        Returns a message when something needs saying: the file could not be written (said
        once, until it can be again), or the file on disk was unsound and was set aside.
        """
        try:
            with store.locked(self.path):
                note = self._reload()
                self._attempts = copy.deepcopy(self._base)
                for exercise_id, now, event in self._pending:
                    _apply(self._attempts.setdefault(exercise_id, _Attempts()), now, event)
                store.write_atomic(self.path, self.document())
                self._base = copy.deepcopy(self._attempts)
                self._pending.clear()
        except OSError as error:
            if self._unsaved:
                return None
            self._unsaved = True
            return self._cannot_save(error)
        if self._unsaved:
            self._unsaved = False
            saved = gettext("✅ The record is saved again in {file}.").format(file=self.path.name)
            note = f"{note}\n{saved}" if note else saved
        return note

    def _reload(self) -> str | None:
        """Take the record on disk as the base (another kernel may have written to it); an
        unsound or foreign file is set aside (the base stays what this session last saw)."""
        if not self.path.exists():
            return None
        try:
            document = store.read_document(self.path)
            mismatch = self._mismatch(document)
        except store.DocumentError as error:
            why = gettext("the file {file} {error}").format(file=self.path.name, error=error)
            mismatch = ("corrompido", why)
        except OSError as error:
            if isinstance(error, PermissionError):
                raise
            why = gettext("I could not read {file} ({error})").format(
                file=self.path.name, error=error.strerror
            )
            mismatch = ("ilegivel", why)
        if mismatch is None:
            self._base = self._restore(document)
            return None
        reason, why = mismatch
        aside = store.set_aside(self.path, reason)
        return gettext(
            "⚠️ Note: {why}. I kept it as {aside} (it was not erased) and started a "
            "new record in {file}."
        ).format(why=why, aside=aside.name, file=self.path.name)

    def _open_file(self, path: Path) -> None:
        """Restore the record of ``path`` when it is this student's; set it aside otherwise."""
        who = f" ({self.student})" if self.student else ""
        self.path = path
        try:
            with store.locked(path):
                store.clean_temporaries(path)
                existed = path.exists()
                note = self._reload()
                self._attempts = copy.deepcopy(self._base)
                if note is None and existed:
                    answered = sum(1 for a in self._attempts.values() if a.tries + a.wrong_form > 0)
                    restored = ngettext("{n} item answered", "{n} items answered", answered).format(
                        n=answered
                    )
                    note = gettext("Progress restored from {file}: {restored}.").format(
                        file=path.name, restored=restored
                    )
                elif note is None:
                    note = gettext("Progress saved at every answer in {file}{who}.").format(
                        file=path.name, who=who
                    )
                self._lines.append(note)
                store.write_atomic(path, self.document())
        except OSError as error:
            self._unsaved = True
            self._lines.append(self._cannot_save(error))

    def _mismatch(self, document: dict) -> tuple[str, str] | None:
        if document["set"] != self.set_id:
            return "outro-conjunto", gettext("the file is of set {file_set}, not of {set}").format(
                file_set=document["set"], set=self.set_id
            )
        if self.student_id is not None and document["student_id"] is not None:
            other = not same_student(document["student_id"], self.student_id)
        else:
            other = (
                self.student is not None
                and document["student"] is not None
                and not same_student(document["student"], self.student)
            )
        if other:
            return "outro-estudante", gettext("the file is another student's ({student})").format(
                student=document["student"] or document["student_id"]
            )
        if document["variant"] != self.variant:

            def named(value):
                if value is None:
                    return gettext("no variant")
                return gettext("variant {variant}").format(variant=value)

            return "outra-variante", gettext(
                "the file is of {file_variant}, and you opened {variant}"
            ).format(file_variant=named(document["variant"]), variant=named(self.variant))
        return None

    def _restore(self, document: dict) -> dict[str, _Attempts]:
        if self.student is None and document["student"] is not None:
            self.student = document["student"]
        if self.student_id is None and document["student_id"] is not None:
            self.student_id = document["student_id"]
        self._created = document["created"] or _now()
        exercises = all_exercises()
        restored = {}
        for row in document["items"]:
            if row["item"] not in exercises or row["tries"] + row["wrong_form"] == 0:
                continue
            restored[row["item"]] = _Attempts(
                tries=row["tries"],
                correct=row["result"] == RIGHT,
                first=row["first_try"],
                first_time=row["first_time"],
                time=row["last_time"],
                wrong_form=row["wrong_form"],
                known_mistakes=list(row["known_mistakes"]),
                guesses=[dict(guess) for guess in row["guesses"]],
                written=[dict(text) for text in row["written"]],
                choices=[dict(choice) for choice in row.get("choices", [])],
            )
        return restored


def _apply(attempts: _Attempts, now: str, event: dict) -> None:
    """Apply one try (a recording of :func:`~.checker.judge`) to an item's attempts."""
    if event["wrong_form"]:
        attempts.wrong_form += 1
    else:
        correct = event["correct"]
        attempts.tries += 1
        graded = RECORDED if correct is None else (RIGHT if correct else WRONG)
        if attempts.first is None:
            attempts.first, attempts.first_time = graded, now
        attempts.correct = attempts.correct or bool(correct)
        if event["mistake"] is not None:
            attempts.known_mistakes.append(event["mistake"])
        if event["guess"] is not None:
            attempts.guesses.append({**event["guess"], "time": now})
        if event["text"] is not None:
            attempts.written.append({"text": event["text"], "time": now})
        if event["choice"] is not None:
            attempts.choices.append({"choice": event["choice"], "time": now})
    attempts.time = now


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
        exercises = all_exercises()
        graded = graded[[exercises[i].kind not in UNGRADED for i in graded.index]]
        right = int((graded.resultado == RIGHT).sum())
        who = "" if self.student is None else f" ({self.student})"
        if self.variant is None:
            title = gettext("Exercises {set}{who}: {right} of {total} right")
        else:
            title = gettext("Exercises {set}, variant {variant}{who}: {right} of {total} right")
        return title.format(
            set=self.set_id, variant=self.variant, who=who, right=right, total=len(graded)
        )

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
