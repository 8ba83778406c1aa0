"""Grading the notebooks handed in by re-executing them, as nbgrader and otter-grader do.

The record a student hands in (``progresso_NN.json``, or its export) is self-reported: the
checker ran on the student's computer, so it proves what the checker said to the code that
ran there, and its SHA-256 tells a file edited by hand from one the checker wrote, but a
student who knows Python can write a record that says anything (the checksum is not a
secret). What the record cannot prove, a re-execution can: :func:`regrade_notebook` runs
the notebook handed in, top to bottom, in a fresh kernel, with a time limit per cell and a
progress folder of its own (a temporary one: the student's record is not read by it), and
grades each item from what that run checks; :func:`regrade_folder` does it for every
notebook of a folder and compares each item's result with the record beside the notebook.
A record whose result differs from the re-execution is flagged.

Re-executing runs the student's code with the lecturer's permissions: run it in a sandbox
(a container or a virtual machine without network and without the lecturer's files).

Examples
--------
>>> Regrade(Path("x.ipynb"), "01", differences=[("01.matriz", "certo", "errado")]).flagged
True
"""

from __future__ import annotations

import ast
import contextlib
import csv
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from evalbook._core.messages import gettext
from evalbook.exercises import store
from evalbook.exercises.registry import all_exercises, exercise_sets
from evalbook.exercises.roster import is_start_call
from evalbook.exercises.session import FOLDER_ENV, STUDENT_ENV, UNGRADED, progress_path

__all__ = ["Regrade", "regrade_folder", "regrade_notebook", "write_regrade_csv"]


@dataclass
class Regrade:
    """One notebook re-executed: its set, the record beside it, the record of the run,
    and the items whose result differs (item, recorded, re-executed)."""

    notebook: Path
    set_id: str | None
    reported: dict | None = None
    regraded: dict | None = None
    differences: list[tuple[str, str, str]] = field(default_factory=list)
    problem: str | None = None

    @property
    def flagged(self) -> bool:
        """Whether the record differs from the re-execution (or could not be compared)."""
        return bool(self.differences) or self.problem is not None

    def summary(self) -> str:
        """What differs, in the display language."""
        if self.problem is not None:
            return self.problem
        parts = [
            gettext("{item}: the record says {reported}, the re-execution {regraded}").format(
                item=item, reported=reported, regraded=regraded
            )
            for item, reported, regraded in self.differences
        ]
        return "; ".join(parts)


def _set_of_notebook(notebook) -> str | None:
    sets = exercise_sets()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if is_start_call(node) and node.args[0].value in sets:
                return node.args[0].value
    return None


@contextlib.contextmanager
def _environment(folder: Path):
    """The kernel's environment: its own progress folder, no student from the lecturer's."""
    saved = {name: os.environ.get(name) for name in (FOLDER_ENV, STUDENT_ENV)}
    os.environ[FOLDER_ENV] = str(folder)
    os.environ.pop(STUDENT_ENV, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def regrade_notebook(path, *, timeout: float = 120.0, kernel_name: str = "python3") -> Regrade:
    """Re-execute a notebook in a fresh kernel and grade its items from that run.

    The run's record is ``Regrade.regraded`` (None if it saved none); ``Regrade.reported``
    is the record beside the notebook (``progresso_NN.json``), and ``differences`` the
    graded items whose result differs. A cell that raises does not stop the run (the next
    cells still run, as for a student who runs them all); a cell longer than ``timeout``
    seconds does.
    """
    import nbformat
    from nbclient import NotebookClient

    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    set_id = _set_of_notebook(notebook)
    result = Regrade(path, set_id)
    if set_id is None:
        result.problem = gettext("the notebook opens no exercise set (no start call)")
        return result
    beside = progress_path(set_id, path.parent)
    try:
        result.reported = store.read_document(beside)
    except FileNotFoundError:
        result.reported = None
    except (OSError, store.DocumentError) as error:
        result.problem = gettext("its record {file} {error}").format(
            file=beside.name, error=getattr(error, "strerror", None) or error
        )
    with tempfile.TemporaryDirectory(prefix="evalbook-corrigir-") as work, _environment(Path(work)):
        client = NotebookClient(
            notebook,
            timeout=timeout,
            kernel_name=kernel_name,
            allow_errors=True,
            resources={"metadata": {"path": work}},
        )
        try:
            client.execute()
        except Exception as error:  # a cell over the time limit, a kernel that died
            result.problem = gettext("the re-execution stopped ({error})").format(
                error=type(error).__name__
            )
        try:
            result.regraded = store.read_document(progress_path(set_id, work))
        except (OSError, store.DocumentError):
            result.regraded = None
    if result.regraded is None:
        result.problem = result.problem or gettext("the re-execution saved no record")
        return result
    if result.reported is None:
        result.problem = result.problem or gettext("there is no record {file} beside it").format(
            file=beside.name
        )
        return result
    if result.reported["variant"] != result.regraded["variant"]:
        result.differences.append(
            (
                gettext("variant"),
                str(result.reported["variant"]),
                str(result.regraded["variant"]),
            )
        )
    regraded = {row["item"]: row for row in result.regraded["items"]}
    for row in result.reported["items"]:
        again = regraded.get(row["item"])
        kind = all_exercises()[row["item"]].kind if row["item"] in all_exercises() else None
        if again is None or kind in UNGRADED:
            continue
        if row["result"] != again["result"]:
            result.differences.append((row["item"], row["result"], again["result"]))
    return result


def regrade_folder(folder, *, timeout: float = 120.0, kernel_name: str = "python3"):
    """:func:`regrade_notebook` for every notebook under ``folder`` (checkpoints aside)."""
    folder = Path(folder)
    paths = sorted(
        path
        for path in folder.rglob("*.ipynb")
        if not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )
    return [regrade_notebook(path, timeout=timeout, kernel_name=kernel_name) for path in paths]


def _order(item: str) -> int:
    return list(all_exercises()).index(item) if item in all_exercises() else -1


def write_regrade_csv(results, path, *, folder=None) -> Path:
    """One row per notebook and graded item: the recorded and the re-executed result (the
    notebook named by its path inside ``folder``, when given)."""
    path = Path(path)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        table = csv.writer(handle)
        table.writerow(
            ["caderno", "id", "nome", "conjunto", "item", "registro", "reexecucao", "confere"]
        )
        for result in results:
            document = result.reported or result.regraded or {}
            who = [document.get("student_id") or "", document.get("student") or ""]
            name = result.notebook.as_posix()
            if folder is not None and result.notebook.is_relative_to(folder):
                name = result.notebook.relative_to(folder).as_posix()
            if result.problem is not None:
                row = [name, *who, result.set_id or "", "", result.problem, "", "não"]
                table.writerow([store.safe_cell(cell) for cell in row])
            reported = {r["item"]: r for r in (result.reported or {}).get("items", [])}
            regraded = {r["item"]: r for r in (result.regraded or {}).get("items", [])}
            for item in sorted(reported.keys() | regraded.keys(), key=_order):
                if all_exercises().get(item) is None or all_exercises()[item].kind in UNGRADED:
                    continue
                mine = reported.get(item, {}).get("result", "")
                again = regraded.get(item, {}).get("result", "")
                row = [
                    name,
                    *who,
                    result.set_id,
                    item,
                    mine,
                    again,
                    "sim" if mine == again else "não",
                ]
                table.writerow([store.safe_cell(cell) for cell in row])
    return path
