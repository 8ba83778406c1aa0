"""Generate the student exercise notebooks from the solution notebooks.

Only ``exercises/solucoes/NN_topic_solucao.ipynb`` is written by hand; this module turns
each one into ``exercises/NN_topic.ipynb`` (the scheme of INRIA's scikit-learn MOOC):

- in a code cell, the line ``# solução`` (alone on its line, surrounding whitespace
  allowed) means "from here on the student writes this": the lines above it are kept and
  the rest is replaced by ``# escreva sua resposta aqui`` (with the marker's indentation);
- a cell tagged ``solution`` is removed entirely;
- outputs and execution counts are cleared, and only deterministic metadata is kept (the
  cell ids and tags, the kernelspec and the language name), so that regenerating an
  unchanged solution gives the same bytes.

Usage, from the repository root or any folder below it::

    python -m evalbook.exercises.build            # regenerate exercises/*.ipynb
    python -m evalbook.exercises.build --check    # exit 1 listing the files out of sync
    python -m evalbook.exercises.build --root PATH

Examples
--------
>>> import nbformat
>>> solution = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_code_cell("x = None\\n# solução\\nx = 42", id="answer"),
...     nbformat.v4.new_markdown_cell("Resposta: 42.", id="why", metadata={"tags": ["solution"]}),
... ])
>>> exercise = make_exercise(solution)
>>> [cell.source for cell in exercise.cells]
['x = None\\n# escreva sua resposta aqui']
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

#: The marker line: from it on, the code cell is the student's to write.
MARKER = "# solução"
#: What replaces the marker and everything below it.
PLACEHOLDER = "# escreva sua resposta aqui"
#: Cells with this tag are removed from the exercise notebook.
SOLUTION_TAG = "solution"

SOLUTIONS_DIR = Path("exercises") / "solucoes"
EXERCISES_DIR = Path("exercises")
SOLUTION_SUFFIX = "_solucao"


def _strip_solution(source: str) -> str:
    """The lines above the first marker line, then the placeholder (same indentation)."""
    lines = source.splitlines(keepends=True)
    for position, line in enumerate(lines):
        if line.strip() == MARKER:
            indent = line[: len(line) - len(line.lstrip())]
            return "".join(lines[:position]) + indent + PLACEHOLDER
    return source


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def make_exercise(solution_nb):
    """The exercise notebook generated from a solution notebook.

    Parameters
    ----------
    solution_nb : nbformat.NotebookNode
        A version-4 notebook (as returned by ``nbformat.read(path, as_version=4)``); it is
        not modified.

    Returns
    -------
    nbformat.NotebookNode
        A new version-4 notebook: ``solution``-tagged cells dropped, code cells cut at the
        marker line, no outputs, no execution counts, minimal metadata.

    Examples
    --------
    >>> import nbformat
    >>> cell = nbformat.v4.new_code_cell("a = 1\\n  # solução  \\nb = 2", id="c1")
    >>> cell.outputs = [nbformat.v4.new_output("stream", text="2\\n")]
    >>> cell.execution_count = 3
    >>> out = make_exercise(nbformat.v4.new_notebook(cells=[cell])).cells[0]
    >>> out.source, out.outputs, out.execution_count
    ('a = 1\\n  # escreva sua resposta aqui', [], None)
    """
    metadata = {}
    kernelspec = solution_nb.get("metadata", {}).get("kernelspec")
    if kernelspec:
        keys = ("display_name", "language", "name")
        metadata["kernelspec"] = {key: kernelspec[key] for key in keys if key in kernelspec}
    language = solution_nb.get("metadata", {}).get("language_info", {}).get("name")
    if language:
        metadata["language_info"] = {"name": language}

    cells = []
    for position, cell in enumerate(solution_nb.cells):
        tags = _tags(cell)
        if SOLUTION_TAG in tags:
            continue
        cell_metadata = {"tags": tags} if tags else {}
        cell_id = cell.get("id") or f"cell-{position}"
        if cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(
                _strip_solution(cell.source), id=cell_id, metadata=cell_metadata
            )
        elif cell.cell_type == "markdown":
            new = nbformat.v4.new_markdown_cell(cell.source, id=cell_id, metadata=cell_metadata)
            if cell.get("attachments"):
                new["attachments"] = cell["attachments"]
        else:
            new = nbformat.v4.new_raw_cell(cell.source, id=cell_id, metadata=cell_metadata)
        cells.append(new)

    exercise = nbformat.v4.new_notebook(cells=cells, metadata=metadata)
    nbformat.validate(exercise)
    return exercise


def render(notebook) -> str:
    """The notebook as the text written to disk: nbformat v4 JSON and a final newline."""
    text = nbformat.writes(notebook, version=4)
    return text if text.endswith("\n") else text + "\n"


def exercise_path(solution_path: Path) -> Path:
    """``exercises/solucoes/NN_topic_solucao.ipynb`` -> ``exercises/NN_topic.ipynb``."""
    stem = solution_path.stem
    if not stem.endswith(SOLUTION_SUFFIX):
        raise ValueError(f"a solution notebook's name must end in {SOLUTION_SUFFIX}.ipynb")
    return solution_path.parent.parent / f"{stem[: -len(SOLUTION_SUFFIX)]}.ipynb"


def build_all(root, *, check: bool = False) -> list[Path]:
    """Regenerate (or, with ``check=True``, only compare) every exercise notebook.

    Parameters
    ----------
    root : str or Path
        The repository root, holding ``exercises/solucoes/``.
    check : bool, default False
        If true, write nothing: only report what is out of sync.

    Returns
    -------
    list of Path
        Paths relative to ``root`` of the exercise notebooks that differ(ed) from what the
        generator produces (missing ones included), plus any ``exercises/*.ipynb`` that
        has no solution notebook (never deleted, only reported). Empty when all is in sync.
    """
    root = Path(root)
    solutions_dir = root / SOLUTIONS_DIR
    if not solutions_dir.is_dir():
        raise FileNotFoundError(f"no {SOLUTIONS_DIR.as_posix()}/ folder under {root}")
    out_of_sync = []
    generated = set()
    for solution in sorted(solutions_dir.glob(f"*{SOLUTION_SUFFIX}.ipynb")):
        target = exercise_path(solution)
        generated.add(target.name)
        text = render(make_exercise(nbformat.read(solution, as_version=4)))
        data = text.encode("utf-8")
        if not target.is_file() or target.read_bytes() != data:
            out_of_sync.append(target.relative_to(root))
            if not check:
                target.write_bytes(data)
    for orphan in sorted((root / EXERCISES_DIR).glob("*.ipynb")):
        if orphan.name not in generated:
            out_of_sync.append(orphan.relative_to(root))
    return out_of_sync


def find_root(start=None) -> Path:
    """The first of ``start`` (default: the current folder) and its parents that holds
    ``exercises/solucoes/``."""
    start = Path.cwd() if start is None else Path(start)
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / SOLUTIONS_DIR).is_dir():
            return folder
    raise FileNotFoundError(
        f"no {SOLUTIONS_DIR.as_posix()}/ in {start} or its parents; pass --root"
    )


def main(argv=None) -> int:
    """Command-line entry point; returns the exit status (0 in sync, 1 not, 2 error)."""
    parser = argparse.ArgumentParser(
        prog="python -m evalbook.exercises.build",
        description="Generate exercises/NN_topic.ipynb from exercises/solucoes/*_solucao.ipynb.",
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a notebook is out of sync"
    )
    parser.add_argument("--root", help="repository root (default: found from the current folder)")
    args = parser.parse_args(argv)
    try:
        root = Path(args.root) if args.root else find_root()
        paths = build_all(root, check=args.check)
    except FileNotFoundError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    orphans = [p for p in paths if not (root / SOLUTIONS_DIR / _solution_name(p)).is_file()]
    stale = [p for p in paths if p not in orphans]
    if args.check:
        if not paths:
            print("exercise notebooks in sync with their solutions")
            return 0
        print("out of sync (run `python -m evalbook.exercises.build`):")
    for path in stale:
        print(f"  {path.as_posix()}" if args.check else f"wrote {path.as_posix()}")
    for path in orphans:
        print(f"  {path.as_posix()} (no solution notebook {_solution_name(path)})")
    if not args.check and not paths:
        print("exercise notebooks already up to date")
    return 1 if args.check or orphans else 0


def _solution_name(exercise: Path) -> str:
    return f"{exercise.stem}{SOLUTION_SUFFIX}.ipynb"


if __name__ == "__main__":
    sys.exit(main())
