"""The built book (``make book``): every page, the API of every public name, the static
explorers, the folded glue code, Portuguese, and nothing fetched from another host.

Reads the files of ``build/book/html``; the browser's view of them is in
``test_site_browser.py``.
"""

from __future__ import annotations

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
        pictures = re.findall(r'<div class="evalbook-static-widget">(.*?)</p></div>', page, re.S)
        assert len(pictures) == stored, path.name
        for picture in pictures:
            assert "<svg" in picture or "<table" in picture
            assert "interativo no JupyterLab" in picture
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
