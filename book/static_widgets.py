"""Static pictures of the lessons' widgets, for the book and the handouts.

A notebook stores no widget state, so a page rendered from its stored outputs would show an
empty box (or a bare repr) where an explorer was. This module rewrites a copy of a lesson:

- an **explorer** cell's output becomes the HTML (tables and inline SVG plots) that the
  explorer draws in the state the lesson creates it in, with a line saying it is
  interactive in JupyterLab. The explorer is built by running, in a fresh namespace, the
  lesson's own code: its first code cell (imports, seed, display language), the cells
  that define the names the explorer's cell reads (found from the code, recursively), and
  the explorer's cell. The explorer's repr must equal the one the lesson stored (the
  state nbval checked), or the build stops;
- a **Guess** ("🤔 Preveja") becomes its question and a line saying that in JupyterLab the
  student types a guess there and reveals the computed value;
- a **progress bar** (tqdm's widget) is dropped: the printed result follows it.

Nothing here writes to ``notebooks/``: callers pass a notebook read from there and write
the result to the build folder.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import os
import re
from pathlib import Path

os.environ.setdefault("MPLBACKEND", "Agg")  # a lesson's setup cell may import pyplot

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: The line under every static picture.
INTERACTIVE_NOTE = "interativo no JupyterLab (<code>make lab</code>)"


_SVG_TAG = re.compile(r"<svg\b[^>]*>")
_SIZE = re.compile(r'\b(width|height)="([0-9.]+)(?:px)?"')


def with_viewbox(markup: str) -> str:
    """Give every ``<svg>`` that has a numeric width and height but no ``viewBox`` one, so
    that a narrow screen scales the picture down whole instead of cropping it.

    >>> with_viewbox('<svg width="400" height="300"><rect/></svg>')
    '<svg viewBox="0 0 400 300" width="400" height="300"><rect/></svg>'
    >>> with_viewbox('<svg viewBox="0 0 1 1" width="9" height="9">')
    '<svg viewBox="0 0 1 1" width="9" height="9">'
    """

    def fix(match: re.Match) -> str:
        tag = match.group(0)
        size = dict(_SIZE.findall(tag))
        if "viewbox" in tag.lower() or not {"width", "height"} <= size.keys():
            return tag
        return f'<svg viewBox="0 0 {size["width"]} {size["height"]}"{tag[4:]}'

    return _SVG_TAG.sub(fix, markup)


class StaticPictureError(RuntimeError):
    """An explorer could not be rebuilt as the lesson stored it."""


def _code(cell) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def _names(source: str) -> tuple[set[str], set[str]]:
    """(names the code defines at top level, names it reads)."""
    tree = ast.parse(source)
    defined: set[str] = set()
    for node in tree.body:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                defined.add(sub.id)
            elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(sub.name)
            elif isinstance(sub, (ast.Import, ast.ImportFrom)):
                for alias in sub.names:
                    defined.add((alias.asname or alias.name).split(".")[0])
    read = {
        sub.id
        for sub in ast.walk(tree)
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)
    }
    return defined, read


def cells_to_run(notebook, index: int) -> list[int]:
    """Indices of the code cells that build the value of cell ``index``, in lesson order:
    the first code cell, the latest earlier cell defining each name read (recursively)."""
    code = [i for i, c in enumerate(notebook.cells) if c.cell_type == "code" and i < index]
    chosen = {code[0]} if code else set()
    wanted = _names(_code(notebook.cells[index]))[1]
    seen: set[str] = set()
    while wanted - seen:
        name = (wanted - seen).pop()
        seen.add(name)
        for i in reversed(code):
            defined, read = _names(_code(notebook.cells[i]))
            if name in defined:
                if i not in chosen:
                    chosen.add(i)
                    wanted |= read
                break
    return sorted(chosen)


def _run(notebook, index: int, path: str):
    """Run the cells that build cell ``index`` and return the value of its last expression."""
    namespace: dict = {"__name__": "__static__"}
    for i in [*cells_to_run(notebook, index), index]:
        tree = ast.parse(_code(notebook.cells[i]))
        last = None
        if i == index and tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        with contextlib.redirect_stdout(io.StringIO()):  # what the cells print is stored
            exec(compile(tree, f"{path}[{i}]", "exec"), namespace)
            if last is not None:
                return eval(compile(last, f"{path}[{i}]", "eval"), namespace)
    raise StaticPictureError(f"{path}: cell {index} does not end with an expression")


def _explorer_output(value, stored_repr: str, where: str) -> dict:
    from evalbook.widgets._base import Explorer

    if not isinstance(value, Explorer):
        raise StaticPictureError(f"{where}: the cell's value is a {type(value).__name__}")
    if repr(value) != stored_repr:
        raise StaticPictureError(
            f"{where}: rebuilt {value!r}, but the lesson stored {stored_repr}; "
            "re-execute the lesson or fix how its explorer is rebuilt"
        )
    picture = (
        # a picture wider than the page scrolls in its box: the keyboard can reach it
        f'<div class="evalbook-static-widget" tabindex="0" role="figure" '
        f'aria-label="Imagem estática de {html.escape(type(value).__name__)}">'
        f"{with_viewbox(value.html)}"
        f'<p class="evalbook-static-note">🖱️ Imagem estática de '
        f"<code>{html.escape(stored_repr)}</code>: {INTERACTIVE_NOTE}.</p></div>"
    )
    return _html_output(picture, stored_repr)


def _guess_output(stored_repr: str) -> dict:
    question = ""
    try:
        call = ast.parse(stored_repr, mode="eval").body
        question = next(
            (ast.literal_eval(k.value) for k in call.keywords if k.arg == "question"), ""
        )
    except (SyntaxError, ValueError, AttributeError):
        pass
    head = f"<b>🤔 {html.escape(question)}</b> " if question else "<b>🤔 Preveja.</b> "
    picture = (
        f'<div class="evalbook-static-widget evalbook-static-guess"><p>{head}'
        "Escreva o seu palpite antes de ler o resultado abaixo. "
        f"A caixa de palpite e o botão “Revelar” são {INTERACTIVE_NOTE}.</p></div>"
    )
    return _html_output(picture, stored_repr)


def _html_output(picture: str, plain: str) -> dict:
    import nbformat

    return nbformat.v4.new_output(
        "display_data", data={"text/html": picture, "text/plain": plain}, metadata={}
    )


def replace_widgets(notebook, path: str) -> dict[str, int]:
    """Replace, in place, every widget output of ``notebook`` by its static picture.

    Returns how many of each kind were replaced (``explorer``, ``guess``, ``progress``).
    """
    import evalbook

    counts = {"explorer": 0, "guess": 0, "progress": 0}
    # a lesson's setup cell sets the display language: the settings come back afterwards
    with evalbook.config_context():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            outputs = []
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if WIDGET_MIME not in data:
                    outputs.append(output)
                    continue
                plain = data.get("text/plain", "")
                plain = plain if isinstance(plain, str) else "".join(plain)
                where = f"{path}, cell {index} ({cell.get('id', '?')})"
                if plain.startswith("Guess("):
                    outputs.append(_guess_output(plain))
                    counts["guess"] += 1
                elif "Explorer(" in plain.split("(")[0] + "(":
                    value = _run(notebook, index, path)
                    outputs.append(_explorer_output(value, plain, where))
                    counts["explorer"] += 1
                elif "%|" in plain:
                    counts["progress"] += 1  # tqdm's bar: the printed result follows
                else:
                    raise StaticPictureError(f"{where}: no static picture for {plain[:80]!r}")
            cell["outputs"] = outputs
    return counts


def main(argv=None) -> None:
    """``python book/static_widgets.py LESSON.ipynb OUT.ipynb``: one lesson, for a look."""
    import argparse

    import nbformat

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("lesson", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    notebook = nbformat.read(args.lesson, as_version=4)
    print(replace_widgets(notebook, str(args.lesson)))
    nbformat.write(notebook, args.out)


if __name__ == "__main__":
    main()
