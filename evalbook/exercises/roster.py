"""The class list (the roster) and the students' own notebooks generated from it.

A roster is a CSV file with a column ``nome`` and, if the lecturer wishes, ``numero`` (the
student number) and ``email``, read as spreadsheets write it: UTF-8 with or without the
byte-order mark (Excel's "CSV UTF-8"), UTF-16 with its mark, or Windows-1252/Latin-1 (an
older Excel's "CSV"); separated by commas, semicolons (Excel in Portuguese) or tabs. A
column's name ignores case and accents (``Número``, ``NOME``). Anything else is refused
with a message naming what was found.

Every student gets a stable id, by which the record, the class report and the gradebook
know them: the ``numero`` as written (``2023-0042``), or, without one, the variant drawn
from the name (as text). Their variant is the ``numero`` when it is a whole number, else a
number drawn from the ``numero`` (or from the name when there is none): deterministic,
the same at every run, in 1 .. :data:`VARIANT_SPAN`. Two rows with the same id (the same
``numero``, or the same name and no ``numero``) are refused.

Each student's folder is readable and unique: the name with its accents transliterated
(``Joao_Conceicao``; letters of other scripts are kept), then the id
(``Joao_Conceicao_2024001``); two folders that would differ only in case or punctuation
are numbered.

:func:`personalize` writes the student into a copy of an exercise notebook: the value of
the setup cell's ``VARIANTE`` becomes the student's variant (so the notebook's data and the
checker read one value), and the set's ``start(...)`` call is replaced, as a whole, by a call
built as a syntax tree and written by :func:`ast.unparse` with the student's name and id as
literals: a name with quotes or code in it stays a text.

Examples
--------
>>> student_variant("Ana Souza", "2024001"), student_variant("Ana", "2023-0042")
(2024001, 76748)
>>> folder_name("João Conceição", "2024001")
'Joao_Conceicao_2024001'
"""

from __future__ import annotations

import ast
import codecs
import copy
import csv
import hashlib
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from evalbook._core.messages import gettext
from evalbook.exercises.answers import normal_text
from evalbook.exercises.registry import exercise_sets

__all__ = [
    "VARIANT_SPAN",
    "RosterError",
    "Student",
    "find_notebooks",
    "folder_name",
    "is_start_call",
    "personalize",
    "read_roster",
    "student_variant",
]

#: Variants drawn from a name or a number that is not a whole number fall in 1 .. VARIANT_SPAN.
VARIANT_SPAN = 100_000
#: The largest roster read (a class list is a few kilobytes).
MAX_ROSTER_BYTES = 5_000_000
#: The columns a roster may have (normalized: lower case, no accents).
COLUMNS = {"nome": "name", "numero": "number", "email": "email", "e-mail": "email"}


class RosterError(ValueError):
    """A roster that cannot be read as a class list; the message (display language) says why."""


@dataclass(frozen=True)
class Student:
    """One row of the roster: the line, name, stable id, variant, number, email and folder."""

    line: int
    name: str
    student_id: str
    variant: int
    number: str | None = None
    email: str | None = None
    folder: str = ""

    @property
    def derived(self) -> bool:
        """Whether the variant was drawn (not the ``numero`` itself)."""
        return self.number is None or not self.number.isdigit()


def _drawn(text: str) -> int:
    digest = hashlib.sha256(" ".join(text.casefold().split()).encode()).hexdigest()
    return int(digest[:12], 16) % VARIANT_SPAN + 1


def student_variant(name: str, number: str | None = None) -> int:
    """The variant of a student: their ``numero`` if it is a whole number; else a number
    drawn from the ``numero`` (``2023-0042``) or, without one, from the name."""
    number = (number or "").strip()
    if number.isdigit():
        return int(number)
    return _drawn(number or name)


def _slug(text: str, size: int = 40) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    plain = unicodedata.normalize("NFC", plain)
    return re.sub(r"[^\w-]+", "_", plain).strip("_-")[:size].strip("_-")


def folder_name(name: str, student_id: str) -> str:
    """A student's folder: the name (accents transliterated) and the id."""
    return "_".join(part for part in (_slug(name) or "estudante", _slug(student_id, 30)) if part)


def _decode(data: bytes) -> tuple[str, str]:
    """The text of a roster and the encoding it was read in."""
    marked = data.startswith(codecs.BOM_UTF8)
    if marked:
        encoding, data = "UTF-8", data[len(codecs.BOM_UTF8) :]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "UTF-16"
    elif b"\x00" in data:
        raise RosterError(
            gettext(
                "the class list looks like UTF-16 without a byte-order mark, which I cannot "
                "read safely: save it as 'CSV UTF-8'"
            )
        )
    else:
        encoding = "UTF-8"
    try:
        return data.decode("utf-16" if encoding == "UTF-16" else "utf-8"), encoding
    except UnicodeDecodeError:
        if encoding != "UTF-8" or marked:
            raise RosterError(
                gettext("the class list is not a valid {encoding} text").format(encoding=encoding)
            ) from None
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "Latin-1"


def _header(lines: list[str]) -> tuple[str, list[str]]:
    """The separator and the normalized column names of the first line."""
    first = lines[0] if lines else ""
    found = []
    for separator in (",", ";", "\t"):
        names = [normal_text(name) for name in next(csv.reader([first], delimiter=separator))]
        if "nome" in names:
            return separator, names
        found.append(names)
    shown = ", ".join(repr(name) for name in max(found, key=len)) if first else "—"
    raise RosterError(
        gettext(
            "the class list needs a column 'nome' (and, if you wish, 'numero' and 'email'), "
            "separated by commas, semicolons or tabs; its first line has {columns}"
        ).format(columns=shown)
    )


def read_roster(path) -> tuple[list[Student], str]:
    """The students of a roster (in its order, rows without a name skipped) and the encoding
    it was read in; a :class:`RosterError` (display language) when it cannot be read."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_ROSTER_BYTES + 1)
    except OSError as error:
        raise RosterError(
            gettext("I could not read the class list {file} ({error})").format(
                file=path, error=error.strerror
            )
        ) from None
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(gettext("the class list is too large for a class list"))
    text, encoding = _decode(data)
    lines = text.splitlines()
    separator, names = _header(lines)
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    next(rows)
    students: list[Student] = []
    by_id: dict[str, int] = {}
    folders: set[str] = set()
    for line, row in enumerate(rows, start=2):
        fields = {}
        for name, value in zip(names, row, strict=False):
            if name in COLUMNS:
                fields[COLUMNS[name]] = " ".join(value.split()) or None
        name = unicodedata.normalize("NFC", fields.get("name") or "")
        if not name:
            continue
        number = fields.get("number")
        variant = student_variant(name, number)
        student_id = number or str(variant)
        key = normal_text(student_id)
        if key in by_id:
            raise RosterError(
                gettext(
                    "lines {first} and {second} of the class list have the same id {id} (the "
                    "same numero, or the same name without a numero): give each student a "
                    "numero of their own"
                ).format(first=by_id[key], second=line, id=repr(student_id))
            )
        by_id[key] = line
        folder = base = folder_name(name, student_id)
        counter = 1
        while folder.casefold() in folders:
            counter += 1
            folder = f"{base}_{counter}"
        folders.add(folder.casefold())
        students.append(
            Student(line, name, student_id, variant, number, fields.get("email"), folder)
        )
    if not students:
        raise RosterError(gettext("the class list has no student (no row with a 'nome')"))
    return students, encoding


# ---------------------------------------------------------------------- notebooks


def _start_call(node, set_id) -> bool:
    return is_start_call(node) and node.args[0].value == set_id


def _parsed(source: str):
    try:
        return ast.parse(source)
    except SyntaxError:  # a cell with IPython syntax: not the setup cell
        return None


def find_notebooks(folder) -> dict[str, Path]:
    """The exercise notebook of each set in ``folder``: the one whose code calls
    ``start("<set>", ...)``."""
    import nbformat

    found: dict[str, Path] = {}
    sets = exercise_sets()
    for path in sorted(Path(folder).glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            tree = _parsed(cell.source) if cell.cell_type == "code" else None
            for node in ast.walk(tree) if tree is not None else ():
                if is_start_call(node) and node.args[0].value in sets:
                    found.setdefault(node.args[0].value, path)
    return found


def is_start_call(node) -> bool:
    """Whether a syntax-tree node is a call ``start("<a set>", ...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "start"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def _splice(source: str, edits: list[tuple[int, int, int, int, str]]) -> str:
    """Replace spans of ``source`` given as ast positions (lines from 1, UTF-8 byte columns)."""
    lines = [line.encode() for line in source.splitlines(keepends=True)]
    for start_line, start_col, end_line, end_col, text in sorted(edits, reverse=True):
        head = lines[start_line - 1][:start_col]
        tail = lines[end_line - 1][end_col:]
        lines[start_line - 1 : end_line] = [head + text.encode() + tail]
    return b"".join(lines).decode()


def personalize(notebook, set_id: str, student: Student, *, variants: bool):
    """A copy of an exercise notebook for one student.

    The setup cell's ``VARIANTE = ...`` gets the student's variant (sets with variants), and
    every ``start("<set_id>", ...)`` call is replaced by one built as a syntax tree: the
    same arguments, ``variant=VARIANTE`` (or the number, if the notebook has no
    ``VARIANTE``), ``student=`` and ``student_id=`` as literals. A ValueError if the
    notebook has no such call.
    """
    notebook = copy.deepcopy(notebook)
    trees = []
    has_variable = False
    for cell in notebook.cells:
        tree = _parsed(cell.source) if cell.cell_type == "code" else None
        trees.append(tree)
        for node in tree.body if tree is not None else ():
            if _assigns_variant(node):
                has_variable = True
    calls = 0
    for cell, tree in zip(notebook.cells, trees, strict=True):
        if tree is None:
            continue
        edits = []
        for node in tree.body:
            if variants and _assigns_variant(node):
                value = node.value
                edits.append(
                    (
                        value.lineno,
                        value.col_offset,
                        value.end_lineno,
                        value.end_col_offset,
                        repr(student.variant),
                    )
                )
        for node in ast.walk(tree):
            if not _start_call(node, set_id):
                continue
            keywords = [
                keyword
                for keyword in node.keywords
                if keyword.arg not in ("variant", "student", "student_id")
            ]
            if variants:
                value = ast.Name("VARIANTE") if has_variable else ast.Constant(student.variant)
                keywords.append(ast.keyword("variant", value))
            keywords.append(ast.keyword("student", ast.Constant(student.name)))
            keywords.append(ast.keyword("student_id", ast.Constant(student.student_id)))
            call = ast.Call(ast.Name("start"), [ast.Constant(set_id)], keywords)
            text = ast.unparse(ast.fix_missing_locations(call))
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, text))
            calls += 1
        if edits:
            cell.source = _splice(cell.source, edits)
    if calls == 0:
        raise ValueError(
            gettext("the exercise notebook of set {set} has no start({call}) call").format(
                set=set_id, call=repr(set_id)
            )
        )
    return notebook


def _assigns_variant(node) -> bool:
    return (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == "VARIANTE"
    )
