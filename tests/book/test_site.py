"""The built book (``make book``): every page, the API of every public name, the static
explorers, the folded glue code, Portuguese, and nothing fetched from another host.

Reads the files of ``build/book/html``; the browser's view of them is in
``test_site_browser.py``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

import evalbook
import evalbook.widgets

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
#: A reference to another host in a page, a stylesheet or a script that the browser would
#: follow by itself (a plain link the reader may click is fine).
EXTERNAL_LOAD = re.compile(
    r"""(?:<(?:script|img|iframe|source|video|audio)\b[^>]*\bsrc\s*=\s*["']?"""
    r"""|<link\b[^>]*\bhref\s*=\s*["']?|@import\s+(?:url\()?\s*["']?|url\(\s*["']?)"""
    r"""(?:https?:)?//""",
    re.IGNORECASE,
)


def _page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_every_lesson_and_exercise_has_its_page_in_the_table_of_contents(site):
    home = _page(site, "index.html")
    for folder, notebooks in (("notebooks", LESSONS), ("exercises", EXERCISES)):
        assert notebooks
        for path in notebooks:
            page = f"{folder}/{path.stem}.html"
            assert (site / page).is_file(), page
            title = nbformat.read(path, as_version=4).cells[0].source.splitlines()[0]
            assert title.lstrip("# ").split(" ")[0] in _page(site, page)
            if folder == "notebooks":
                assert f'href="{page}"' in home, page
    assert (site / "docs" / "reproducao.html").is_file()
    assert "Em sala de aula" in _page(site, "sala_de_aula.html")


def test_every_public_name_has_its_entry_in_the_api_reference(site):
    api = "".join(p.read_text(encoding="utf-8") for p in (site / "api").glob("*.html"))
    names = [n for n in evalbook.__all__ if n != "__version__"]
    missing = [n for n in names if f'id="evalbook.{n}"' not in api]
    missing += [n for n in evalbook.widgets.__all__ if f'id="evalbook.widgets.{n}"' not in api]
    assert missing == []
    # the docstrings' sections and their sources are rendered, not raw text
    accuracy = re.search(r'id="evalbook\.accuracy".*?</dl>', api, re.DOTALL).group(0)
    assert "Parameters" in accuracy and "Kelleher" in accuracy


def test_each_explorer_is_a_static_picture_and_no_widget_box_is_left(site):
    with_explorer = 0
    for path in LESSONS:
        page = _page(site, f"notebooks/{path.stem}.html")
        assert "application/vnd.jupyter.widget-view" not in page, path.name
        stored = sum(
            "Explorer(" in "".join(o.get("data", {}).get("text/plain", ""))
            for cell in nbformat.read(path, as_version=4).cells
            for o in cell.get("outputs", [])
            if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
        )
        # each picture runs from its box to its note (an explorer's own HTML may close a
        # paragraph and a div of its own before the note)
        pictures = [
            chunk.split('class="evalbook-static-note"')[0]
            for chunk in page.split('<div class="evalbook-static-widget"')[1:]
        ]
        notes = page.count('class="evalbook-static-note"')
        assert len(pictures) == stored == notes, path.name
        for picture in pictures:
            assert "<svg" in picture or "<table" in picture
        for note in re.findall(r'<p class="evalbook-static-note">(.*?)</p>', page, re.S):
            assert "interativo no JupyterLab" in note
        with_explorer += bool(stored)
    assert with_explorer >= 9


def test_a_cell_tagged_hide_input_shows_its_output_and_folds_its_code(site):
    for path in LESSONS:
        tagged = sum(
            "hide-input" in cell.metadata.get("tags", [])
            for cell in nbformat.read(path, as_version=4).cells
        )
        page = _page(site, f"notebooks/{path.stem}.html")
        folded = len(re.findall(r'class="cell [^"]*\btag_hide-input\b[^"]*"', page))
        assert folded == tagged, path.name
        assert page.count("Mostrar o código") >= tagged, path.name


def test_the_interface_is_in_portuguese_and_search_works_from_files(site):
    home = _page(site, "index.html")
    assert '<html lang="pt-BR"' in home or "<html lang='pt-BR'" in home
    assert "Pesquisar" in home or "Buscar" in home
    index = _page(site, "searchindex.js")
    terms = json.loads(index[index.index("(") + 1 : index.rindex(")")])["terms"]
    # the index holds Portuguese stems ("kappa" → "kapp"): search works from this file
    assert {"kapp", "bootstrap", "acurác"} <= set(terms)


def test_nothing_is_loaded_from_another_host(site):
    offenders = []
    for path in site.rglob("*"):
        if path.suffix in {".html", ".css", ".js"} and "mathjax" not in path.parts:
            text = path.read_text(encoding="utf-8", errors="replace")
            offenders += [
                f"{path.relative_to(site)}: {text[m.start() : m.end() + 40]!r}"
                for m in EXTERNAL_LOAD.finditer(text)
            ]
    assert offenders == []
    assert (site / "_static" / "mathjax" / "MathJax.js").is_file()


@pytest.mark.parametrize("path", ["notebooks/05_scores_roc_auc.html", "api/metrics.html"])
def test_mathjax_is_loaded_from_the_site(site, path):
    page = _page(site, path)
    assert re.search(r'<script[^>]*src="(\.\./)?_static/mathjax/MathJax\.js\?config=', page)


def test_every_lesson_title_reads_number_dash_title(site):
    for path in [*LESSONS, *EXERCISES]:
        folder = "notebooks" if path in LESSONS else "exercises"
        h1 = re.search(r"<h1>(.*?)<a", _page(site, f"{folder}/{path.stem}.html"), re.S).group(1)
        assert re.match(r"^(Exercícios )?\d+[a-z]? — \S", h1), (path.name, h1)


def test_each_notebook_page_offers_its_notebook_and_a_lesson_its_pdf_handout(site):
    for path in [*LESSONS, *EXERCISES]:
        folder = "notebooks" if path in LESSONS else "exercises"
        page = _page(site, f"{folder}/{path.stem}.html")
        download = re.search(rf'href="(\.\./_downloads/[0-9a-f]+/{re.escape(path.name)})"', page)
        assert download, path.name
        copy = (site / folder / download.group(1)).resolve()
        assert copy.read_bytes() == path.read_bytes()  # the lesson itself, with its outputs
        if folder == "notebooks":
            assert f'href="../apostilas/{path.stem}.pdf"' in page
            assert f'href="../apostilas/com_notas/{path.stem}_3.pdf"' in page
    if (ROOT / "build" / "handouts" / "manifest.json").is_file():
        for path in LESSONS:  # `make handouts` copied the PDFs beside the pages
            assert (site / "apostilas" / f"{path.stem}.pdf").is_file()
            assert (site / "apostilas" / "com_notas" / f"{path.stem}_3.pdf").is_file()


def test_glossary_links_each_term_to_a_lesson_that_uses_it(site):
    import csv

    with (ROOT / "book" / "glossario.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 40
    assert {r["termo"] for r in rows} >= {"limiar", "revocação", "acurácia", "kappa"}
    glossary = _page(site, "glossario.html")
    table = {
        html.unescape(re.sub(r"<[^>]+>", "", termo)).strip(): (
            html.unescape(re.sub(r"<[^>]+>", "", term)).replace("\u2019", "'").strip(),
            href,
        )
        for termo, term, href in re.findall(
            r"<tr[^>]*>\s*<td[^>]*>(.*?)</td>\s*<td[^>]*>(.*?)</td>\s*<td[^>]*>.*?"
            r'href="(notebooks/[^"#]+)"',
            glossary,
            re.S,
        )
    }
    assert len(table) == len(rows)
    for row in rows:
        lesson = next(p for p in LESSONS if p.name.split("_")[0] == row["licao"])
        assert table[row["termo"]] == (row["term"], f"notebooks/{lesson.stem}.html"), row
        text = " ".join(
            c.source for c in nbformat.read(lesson, as_version=4).cells if c.cell_type == "markdown"
        )
        assert row["termo"].casefold() in text.casefold(), row
    assert 'href="glossario.html"' in _page(site, "index.html")


def _entry(api: str, name: str) -> str | None:
    """The HTML of a public name's entry: from its anchor to the next public name's."""
    public = r'id="evalbook\.(?:widgets\.|exercises\.)?{}"'
    start = re.search(public.format(re.escape(name)), api)
    if start is None:
        return None
    end = re.compile(public.format(r"[A-Za-z_]\w*")).search(api, start.end())
    return api[start.start() : end.start() if end else len(api)]


def test_each_api_name_links_the_lessons_that_use_it_and_related_names(site, book_module):
    book = book_module("build_book")
    used = book.uses("notebooks")
    assert len(used) >= 40
    pages = {p.stem: p.read_text(encoding="utf-8") for p in (site / "api").glob("*.html")}
    api = "".join(pages.values())
    linked = 0
    for name, lessons in used.items():
        entry = _entry(api, name)
        if entry is None:
            continue  # a lesson imports a submodule's name that the reference does not list
        for doc in lessons:
            assert f'href="../{doc}.html"' in entry, (name, doc)
        linked += 1
    assert linked >= 40
    assert api.count("Veja também") >= 40
    assert 'href="../notebooks/02_metricas_de_classificacao.html"' in _entry(api, "accuracy")


def test_the_exercise_engine_is_in_the_api_reference(site):
    import evalbook.exercises

    page = _page(site, "api/exercises.html")
    for name in evalbook.exercises.__all__:
        assert f'id="evalbook.exercises.{name}"' in page, name
    for method in ("check", "progress", "export_progress"):
        assert f'id="evalbook.exercises.Session.{method}"' in page, method
    assert 'href="../exercises/' in page  # the exercise notebooks that call start()


def test_api_pages_follow_the_lessons_and_have_portuguese_titles(site):
    index = _page(site, "api/index.html")
    order = re.findall(r'<a class="reference internal" href="([a-z_]+)\.html">', index)
    assert order[0] == "metrics" and order.index("widgets") < order.index("exercises")
    english = re.compile(r"\b(the|of|and|every|helpers?|private|shared)\b", re.I)
    for path in [*(site / "api").glob("*.html"), site / "py-modindex.html"]:
        title = re.search(r"<title>(.*?) &#8212;", path.read_text(encoding="utf-8")).group(1)
        assert not english.search(title), (path.name, title)


def test_how_to_use_page_is_in_portuguese(site):
    page = _page(site, "sala_de_aula.html")
    fontes = page[page.index("Fontes") :]
    for handout in ("000", "001", "002", "003", "004"):
        assert f'<code class="docutils literal notranslate"><span class="pre">{handout}' in fontes
    assert "what the workbook takes" not in page and "as far as its own text says" not in page


def test_every_explorer_picture_has_a_viewbox(site):
    for path in LESSONS:
        page = _page(site, f"notebooks/{path.stem}.html")
        for picture in re.findall(
            r'<div class="evalbook-static-widget"[^>]*>(.*?)</p></div>', page, re.S
        ):
            for tag in re.findall(r"<svg\b[^>]*>", picture):
                assert "viewBox=" in tag, (path.name, tag[:100])


def test_code_cells_have_a_copy_button(site):
    page = _page(site, "notebooks/05_scores_roc_auc.html")
    assert re.search(r'<script src="\.\./_static/copybutton\.js', page)
    assert re.search(r'<script src="\.\./_static/copybutton_pt\.js', page)
