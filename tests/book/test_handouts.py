"""The PDF handouts (``make handouts``): one per lesson, one page per slide of the lesson's
slide metadata, the title page's text extractable, no blank page, no request refused.

Reads ``build/handouts`` (the PDFs and ``manifest.json``); the slides are counted again
here from each notebook's metadata, as reveal.js groups them.
"""

from __future__ import annotations

import json
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
    # one page a slide; a slide taller than the page is scaled to fit, not split
    assert slides <= len(reader.pages) <= slides + 1
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert width / height == pytest.approx(1280 / 720, rel=0.02)
    title = notebook.cells[0].source.splitlines()[0].lstrip("# ")
    first = " ".join(reader.pages[0].extract_text().split())
    assert " ".join(title.split()[:3]).casefold() in first.casefold()
    blank = [
        number
        for number, page in enumerate(reader.pages, 1)
        if not page.extract_text().strip() and not list(page.images)
    ]
    assert blank == []
