"""The PDF handouts (``make handouts``): one per lesson, one page per slide of the lesson's
slide metadata (a near-empty slide shares a neighbour's page), the title page's text
extractable, no blank or near-empty page, no request refused, no slide printed too small,
the emoji printed in colour, every formula of a sample of slides in the PDF's text layer,
the 2-up and 3-up handouts with room for notes, and two builds of one commit printing the
same pages (a few lessons printed again and compared with `make handouts`'s, as pictures).

Reads ``build/handouts`` (the PDFs and ``manifest.json``); the slides are counted again
here from each notebook's metadata, as reveal.js groups them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def slides_of(notebook) -> int:
    """How many slides (slides and subslides) the deck of ``notebook`` has."""
    kept = [
        cell.metadata.get("slideshow", {}).get("slide_type", "-")
        for cell in notebook.cells
        if cell.metadata.get("slideshow", {}).get("slide_type", "-") not in ("skip", "notes")
    ]
    starts = sum(kind in ("slide", "subslide") for kind in kept)
    return starts + (0 if kept and kept[0] in ("slide", "subslide") else 1)


def test_slides_are_counted_as_reveal_groups_them():
    def nb(*kinds):
        notebook = nbformat.v4.new_notebook()
        for kind in kinds:
            cell = nbformat.v4.new_markdown_cell("x")
            cell.metadata["slideshow"] = {"slide_type": kind}
            notebook.cells.append(cell)
        return notebook

    assert slides_of(nb("slide", "fragment", "subslide", "skip", "slide", "-")) == 3
    assert slides_of(nb("-", "fragment", "slide", "notes")) == 2


@pytest.fixture(scope="module")
def manifest(handouts):
    return json.loads((handouts / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem.split("_")[0])
def test_handout_has_a_page_per_slide_and_no_blank_page(handouts, manifest, lesson):
    from pypdf import PdfReader

    notebook = nbformat.read(lesson, as_version=4)
    entry = manifest[lesson.stem]
    assert entry["refused_requests"] == []
    assert entry["console_errors"] == []
    slides = slides_of(notebook)
    assert entry["slides"] == slides
    reader = PdfReader(handouts / f"{lesson.stem}.pdf")
    assert len(reader.pages) == entry["pages"]
    # one page a slide, but a near-empty slide shares its neighbour's page when both fit; a
    # slide taller than the page is scaled to fit, not split
    printed = slides - len(entry["sharing_a_page"])
    assert printed <= len(reader.pages) <= printed + 1
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert width / height == pytest.approx(1280 / 720, rel=0.02)
    # the title's number and first word ("01 · Matriz" prints as "01 — MATRIZ")
    title = notebook.cells[0].source.splitlines()[0].lstrip("# ").split()
    first = " ".join(reader.pages[0].extract_text().split()).casefold()
    assert f"{title[0]} — {title[2]}".casefold() in first
    blank = [
        number
        for number, page in enumerate(reader.pages, 1)
        if not page.extract_text().strip() and not list(page.images)
    ]
    assert blank == []


#: The lessons whose formulas are looked for in the PDF's text layer (those whose slides
#: printed garbled or missing formulas when pages were measured before MathJax finished).
FORMULA_LESSONS = ["04", "05", "06", "09", "12"]
MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)


def _alnum(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text) if ch.isalnum())


def formula_characters(tex: str) -> str:
    """The letters and digits a formula prints: ``\\text{...}`` kept, commands dropped.

    >>> formula_characters(r"p_o = \\frac{140}{200}")
    'po140200'
    >>> formula_characters(r"\\text{erro} \\cdot n")
    'erron'
    """
    tex = re.sub(r"\\(?:text|mathrm|textrm|mathbf|operatorname|mathit)\s*\{([^{}]*)\}", r"\1", tex)
    return _alnum(re.sub(r"\\[a-zA-Z]+", " ", tex))


def formulas_by_slide(notebook) -> dict[int, list[str]]:
    """0-based slide number → the formulas of the markdown cells shown on it."""
    slides: dict[int, list[str]] = {}
    number, started = -1, False
    for cell in notebook.cells:
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind in ("skip", "notes"):
            continue
        if kind in ("slide", "subslide") or not started:
            number += 1
            started = True
        if cell.cell_type == "markdown":
            for match in MATH.finditer(cell.source):
                slides.setdefault(number, []).append(match.group(1) or match.group(2))
    return slides


def page_of(slide: int, moved: list[int]) -> int:
    """The 0-based page a 0-based slide prints on, when the slides ``moved`` (1-based) were
    put on the page of the slide before them.

    >>> [page_of(s, [2, 5]) for s in range(6)]
    [0, 0, 1, 2, 2, 3]
    """
    return slide - sum(m <= slide + 1 for m in moved)


@pytest.mark.parametrize("number", FORMULA_LESSONS)
def test_every_formula_of_a_slide_is_in_its_page_text(handouts, manifest, number):
    from pypdf import PdfReader

    lesson = next(p for p in LESSONS if p.name.split("_")[0] == number)
    reader = PdfReader(handouts / f"{lesson.stem}.pdf")
    moved = manifest[lesson.stem]["sharing_a_page"]
    checked, missing = 0, []
    for slide, formulas in formulas_by_slide(nbformat.read(lesson, as_version=4)).items():
        page = Counter(_alnum(reader.pages[page_of(slide, moved)].extract_text()))
        for tex in formulas:
            wanted = Counter(formula_characters(tex))
            if sum(wanted.values()) < 3:
                continue
            checked += 1
            if wanted - page:  # a letter or digit of the formula is not printed there
                missing.append((slide + 1, tex[:60], "".join((wanted - page).elements())))
    assert checked >= 5
    assert missing == []


#: The lessons printed a second time to compare with `make handouts`'s PDFs, page by page.
REBUILT = ["04", "09", "12"]


@pytest.fixture(scope="module")
def second_build(handouts, tmp_path_factory, book_module):
    """The handouts of ``REBUILT`` printed again, from the same commit, in another folder."""
    module = book_module("build_handouts")
    out = tmp_path_factory.mktemp("handouts") / "second"
    module.main(["--build", str(out), *REBUILT])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("number", REBUILT)
def test_two_builds_print_the_same_pages(handouts, second_build, book_module, number):
    pages = book_module("handout_pages")
    lesson = next(p for p in LESSONS if p.name.split("_")[0] == number)
    first, second = handouts / f"{lesson.stem}.pdf", second_build / f"{lesson.stem}.pdf"
    # drawn as pictures at 72 dpi (the bytes differ anyway: creation dates, ids)
    assert pages.differing_pages(first, second, scale=1.0) == []
    assert len(pages.render(second, scale=0.1)) == len(pages.render(first, scale=0.1))


#: The smallest scale a slide taller than its page may be printed at (its 18 px text then
#: prints at about 11 px of the 1280 px page).
MIN_SCALE = 0.6
#: A page with less ink than this (share of its pixels) is near-empty: at most this many a
#: lesson (a short slide whose neighbours fill their pages leaves one).
NEAR_EMPTY, MAX_NEAR_EMPTY = 0.02, 3


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem.split("_")[0])
def test_no_slide_is_printed_too_small_and_few_pages_are_near_empty(manifest, lesson):
    entry = manifest[lesson.stem]
    assert {k: v for k, v in entry["scales"].items() if v < MIN_SCALE} == {}
    near_empty = [n for n, ink in enumerate(entry["ink"], 1) if ink < NEAR_EMPTY]
    assert len(near_empty) <= MAX_NEAR_EMPTY, near_empty


def test_emoji_are_printed_with_the_colour_emoji_font(handouts):
    from pypdf import PdfReader

    with_guess = [p for p in LESSONS if "Guess(" in p.read_text(encoding="utf-8")]
    assert len(with_guess) >= 5
    for lesson in with_guess:
        reader = PdfReader(handouts / f"{lesson.stem}.pdf")
        text = "".join(page.extract_text() for page in reader.pages)
        assert "🤔" in text
        # Chromium embeds the colour glyphs as a Type 3 font (pictures); without an emoji
        # font it prints the empty box of the text font instead, and no Type 3 font
        kinds = {
            str(font.get_object().get("/Subtype"))
            for page in reader.pages
            for font in (page.get("/Resources", {}).get("/Font") or {}).values()
        }
        assert "/Type3" in kinds, lesson.name


@pytest.mark.parametrize("per_page", [2, 3])
def test_n_up_handouts_have_room_for_notes(handouts, manifest, book_module, per_page):
    import math

    from pypdf import PdfReader

    pages_module = book_module("handout_pages")
    A4, ink, render = pages_module.A4, pages_module.ink, pages_module.render

    for lesson in LESSONS:
        pdf = handouts / "com_notas" / f"{lesson.stem}_{per_page}.pdf"
        reader = PdfReader(pdf)
        pages = manifest[lesson.stem]["pages"]
        assert len(reader.pages) == math.ceil(pages / per_page)
        assert [float(v) for v in reader.pages[0].mediabox[2:]] == pytest.approx(list(A4))
        # the slides' text is kept (placed, not printed again as pictures)
        first = reader.pages[0].extract_text().casefold()
        title = nbformat.read(lesson, as_version=4).cells[0].source.splitlines()[0]
        assert title.lstrip("# ").split()[0].casefold() in first
    # the ruled lines: the right half of a 3-up page (beside the slides) carries ink
    image = render(handouts / "com_notas" / f"{LESSONS[0].stem}_3.pdf", 0.5, [0])[0]
    assert ink(image[:, image.shape[1] * 2 // 3 :]) > 0.002
