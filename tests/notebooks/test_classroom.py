"""The lessons as a lecturer presents them: slides, "Preveja" prompts, Portuguese.

Checks the stored notebooks only (no kernel): every cell has an explicit slide type (slide,
subslide, fragment or skip), each lesson asks the class to predict before it reveals its
headline numbers, what the stored outputs show is Portuguese, and the Markdown renders as
written. tests/notebooks/test_slides.py presents the lessons in a browser.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
# Every cell says how the deck shows it. In jupyterlab-slideshow, the deck mode the lessons
# are presented with, a cell with no slide type continues the slide above it but costs a
# press that shows nothing new, and a cell whose type is "-" is hidden: a continuation is a
# "fragment" or part of its neighbour's cell.
SLIDE_TYPES = {"slide", "subslide", "fragment", "skip"}
PREVEJA = "> 🤔 **Preveja**"
# a Guess control (evalbook.widgets.Guess) shown as a cell's result
GUESS_CALL = re.compile(r"^Guess(\.show_of_hands)?\(", re.M)
#: An explorer built in a code cell (the explorer that answers a Preveja put before it).
EXPLORER_CALL = re.compile(r"\b[A-Z]\w*Explorer(\.\w+)?\(")

# English labels that must not reach what a student sees in a lesson: the
# matrix display, the explorers' metric names, table headers, model keys, progress bars and
# English-formatted thousands.
ENGLISH = [
    re.compile(r"Confusion matrix \(n ="),
    re.compile(r">\s*(prediction|target|reference|positive|negative)\s*<"),
    re.compile(r">\s*(accuracy|error_rate|precision|recall|balanced_accuracy)\s*<"),
    re.compile(r"\b(decision_tree|knn)\b"),
    re.compile(r"cross-validation"),
    re.compile(r"\b\d{1,3},\d{3}\.\d\d\b"),
    # caret's report, a result's English field names and class name, one_vs_rest's other
    # classes, gain/lift's groups
    re.compile(r"\[Acc > NIR\]"),
    re.compile(r"\((statistic|p_value|lower|upper)\)"),
    re.compile(r"^\w+Result$", re.M),
    re.compile(r"\brest\b"),
    re.compile(r"\bbins?\b"),
]


#: One 50-minute class: at most this many slides (cells that open a slide or a subslide) and
#: words of prose (the words of the Markdown cells, skipped ones included: a student reads them).
MAX_SLIDES, MAX_WORDS = 30, 3000


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _slide_type(cell: dict):
    return cell["metadata"].get("slideshow", {}).get("slide_type")


def _shown(cell: dict) -> str:
    """The text and HTML a stored output shows (images aside)."""
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append("".join(output["text"]))
        for mime in ("text/plain", "text/html", "text/markdown"):
            value = output.get("data", {}).get(mime)
            if value:
                parts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(parts)


def test_there_are_lessons():
    assert len(LESSONS) >= 10


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_cell_has_slide_metadata(path):
    cells = _cells(path)
    kinds = [c["metadata"].get("slideshow", {}).get("slide_type") for c in cells]
    untyped = [(i, kind) for i, kind in enumerate(kinds) if kind not in SLIDE_TYPES]
    assert not untyped, f"{path.name}: cells (index, slide_type) without one of {SLIDE_TYPES}"
    assert kinds[0] == "slide", "the title opens the first slide"
    first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
    assert kinds[first_code] == "skip", "the setup cell is not shown in the slides"
    for cell, kind in zip(cells, kinds, strict=True):
        if cell["cell_type"] == "markdown" and _text(cell).startswith("## "):
            assert kind in {"slide", "skip"}, _text(cell)[:60]
        if cell["cell_type"] == "markdown" and _text(cell).startswith("### "):
            assert kind in {"slide", "subslide", "skip"}, _text(cell)[:60]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_heading_starts_its_cell(path):
    """A heading in the middle of a cell would not start a slide: one heading per cell, on top."""
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        in_math = False
        for line in _text(cell).split("\n")[1:]:
            if line.strip().startswith("$$") and line.strip().count("$$") == 1:
                in_math = not in_math
            assert in_math or not re.match(r"#{2,3} ", line), f"{path.name} cell {i}: {line!r}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_prompt_comes_before_the_cell_that_reveals_it(path):
    cells = _cells(path)
    prompts = [i for i, c in enumerate(cells) if _text(c).startswith(PREVEJA)]
    assert prompts, f"{path.name} has no '🤔 Preveja' prompt"
    for i in prompts:
        assert cells[i]["metadata"]["slideshow"]["slide_type"] in {"slide", "subslide"}
        j = i + 1
        while _slide_type(cells[j]) == "skip":  # e.g. the self-study Guess, not in the slides
            j += 1
        # the next fragment reveals it, or the next slide is the explorer that answers it
        # (its instructions, then the explorer's cell)
        explorer_slide = _slide_type(cells[j]) == "subslide" and bool(
            EXPLORER_CALL.search(_text(cells[j + 1]))
        )
        assert _slide_type(cells[j]) == "fragment" or explorer_slide, (
            f"{path.name}: the cell shown after prompt {i} must be the next fragment, "
            "or the slide of the explorer that answers it"
        )


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_guess_control_sits_between_a_prompt_and_its_reveal(path):
    """A guess before the number is computed: on the slides a show-of-hands vote (a
    fragment under the Preveja, its code hidden), in self-study a typed guess (skipped
    on the slides)."""
    cells = _cells(path)
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "code" and GUESS_CALL.search(_text(cell)):
            assert _text(cells[i - 1]).startswith(PREVEJA), f"{path.name} cell {i}"
            tags = cell["metadata"].get("tags", [])
            assert "nbval-ignore-output" in tags
            if "Guess.show_of_hands(" in _text(cell):
                assert _slide_type(cell) == "fragment" and "hide-input" in tags, (
                    f"{path.name} cell {i}: a vote is shown on the slide, its code hidden"
                )
            else:
                assert _slide_type(cell) == "skip", f"{path.name} cell {i} is not in the slides"
            # the answer is computed (a callable), never typed
            assert re.search(
                r"^Guess(\.show_of_hands)?\(\s*(lambda\b|[A-Za-z_])", _text(cell), re.M
            ), i


def test_there_are_guess_controls():
    total = sum(bool(GUESS_CALL.search(_text(c))) for p in LESSONS for c in _cells(p))
    assert total >= 10, total


def test_at_least_25_prompts_across_the_lessons():
    total = sum(_text(c).startswith(PREVEJA) for p in LESSONS for c in _cells(p))
    assert total >= 25, total


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_stored_outputs_show_no_english_labels(path):
    found = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "code":
            continue
        shown = _shown(cell)
        found += [(i, p.pattern) for p in ENGLISH if p.search(shown)]
    assert not found, f"{path.name}: English labels in stored outputs {found}"


# Words that name a lesson's variables in Portuguese (split on "_"): the lessons' code names
# things in English, like the library it calls; what the student reads (prose, comments,
# printed labels) is Portuguese. The exercises' own notebooks are the student's code and
# name things in Portuguese; they are not lessons.
PORTUGUESE_NAME_WORDS = frozenset(
    [
        "acertos",
        "acuracia",
        "ajustado",
        "ajuste",
        "alvo",
        "amostra",
        "arvore",
        "aviso",
        "avisos",
        "colunas",
        "com",
        "contagem",
        "contagens",
        "cor",
        "cores",
        "dados",
        "de",
        "divisoes",
        "eixos",
        "em",
        "erro",
        "erros",
        "escala",
        "especies",
        "estimativa",
        "explorador",
        "fora",
        "frase",
        "ic",
        "linha",
        "linhas",
        "media",
        "melhor",
        "modelo",
        "modelos",
        "nome",
        "nomes",
        "outro",
        "palavras",
        "papeis",
        "pesos",
        "por",
        "portugues",
        "previsao",
        "previsoes",
        "previsto",
        "resultado",
        "resultados",
        "rotulos",
        "sem",
        "semente",
        "tabela",
        "tamanhos",
        "teste",
        "testes",
        "treino",
        "validacao",
        "valor",
        "vn",
        "vp",
    ]
)


def _assigned_names(cell: dict) -> set[str]:
    """The names a code cell binds (assignments, loop targets, functions, their arguments)."""
    source = "\n".join(
        line for line in _text(cell).splitlines() if not line.lstrip().startswith(("%", "!"))
    )
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_code_names_things_in_english(path):
    found = sorted(
        (i, name)
        for i, cell in enumerate(_cells(path))
        if cell["cell_type"] == "code"
        for name in _assigned_names(cell)
        if PORTUGUESE_NAME_WORDS & set(name.lower().split("_"))
    )
    assert not found, f"{path.name}: Portuguese variable names {found}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_markdown_renders_as_written(path):
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        lines = _text(cell).split("\n")
        for previous, line in itertools.pairwise(lines):
            # an indented continuation line starting "30)" becomes a numbered list item
            if previous.strip() and re.match(r"^\s+\d+[.)]\s", line):
                pytest.fail(f"{path.name} cell {i}: {line.strip()[:40]!r} starts a list")
        # exercise links in plain words (a link whose text is code renders as code)
        assert not re.search(r"\[`[^\]]*\.ipynb`\]", _text(cell)), f"{path.name} cell {i}"


def lesson_length(path: Path) -> tuple[int, int]:
    """(slides, words of prose) of a lesson: what one 50-minute class must hold."""
    cells = _cells(path)
    slides = sum(_slide_type(c) in {"slide", "subslide"} for c in cells)
    words = sum(len(re.findall(r"\w+", _text(c))) for c in cells if c["cell_type"] == "markdown")
    return slides, words


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_fits_one_class(path):
    slides, words = lesson_length(path)
    assert slides <= MAX_SLIDES, f"{path.name}: {slides} slides (at most {MAX_SLIDES})"
    assert words <= MAX_WORDS, f"{path.name}: {words} words of prose (at most {MAX_WORDS})"


def test_lesson_length_counts_slides_and_words(tmp_path):
    def cell(kind, slide, text):
        return {"cell_type": kind, "metadata": {"slideshow": {"slide_type": slide}}, "source": text}

    cells = [
        cell("markdown", "slide", "# 99 · Título"),
        cell("code", "skip", "import evalbook  # palavras de código não contam"),
        cell("markdown", "subslide", "Três palavras, aqui."),
        cell("markdown", "fragment", ["Uma ", "frase: d'água."]),
        cell("markdown", "skip", "Nota."),
    ]
    lesson = tmp_path / "99_licao.ipynb"
    lesson.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    assert lesson_length(lesson) == (2, 2 + 3 + 4 + 1)
