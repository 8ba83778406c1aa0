"""A lesson in JupyterLab's deck mode, audited by axe-core as the book is
(``tests/book/test_accessibility.py``): no violation of impact "serious" or "critical" on
the slides the audience sees (the deck's cells and their outputs, explorers included).

One lesson (``DECK_LESSON``), presented as ``test_slides.py`` presents it (its helpers,
loaded from that file): every cell run, deck mode on, then axe-core over the deck on the
title slide and after each of a few presses of Space. The audit covers what this project
puts on the slides: the rendered markdown and the cells' outputs (tables, figures, formulas,
the explorers). JupyterLab's own structure is JupyterLab's, and axe-core finds in it what
no lesson can change (the notebook's windowed list holds named cells, a "critical"
aria-required-children; the CodeMirror editors have no name, a "serious"
aria-input-field-name). axe-core is the copy ``axe-playwright-python`` ships (nothing is
fetched).
The violations found go to ``tests/artifacts/<worker>/axe_deck.json``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The lesson audited: its deck has formulas, tables, figures and an explorer.
DECK_LESSON = "notebooks/01_matriz_de_confusao.ipynb"
PRESSES = 8
BLOCKING = {"serious", "critical"}
#: What the lesson puts on a slide: its rendered markdown and its cells' outputs.
AUDITED = (".jp-MarkdownOutput", ".jp-OutputArea")

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab]


def _slides_module():
    spec = importlib.util.spec_from_file_location(
        "evalbook_test_slides", Path(__file__).with_name("test_slides.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_lesson_in_deck_mode_has_no_serious_axe_violation(
    require_browser, jupyterlab_server, chromium, artifacts
):
    require_browser("jupyterlab_slideshow", "axe_playwright_python")
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    slides = _slides_module()
    notebook = nbformat.read(ROOT / DECK_LESSON, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    url = jupyterlab_server({DECK_LESSON: notebook}, project_settings=True)["url"]
    base, token = url.split("/lab/", 1)[0], url.split("?", 1)[1]
    found, audited = [], 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium)
        page = browser.new_page(viewport=slides.VIEWPORT)
        try:
            page.goto(f"{base}/lab/workspaces/axe/tree/{DECK_LESSON}?reset&{token}")
            page.wait_for_selector(f"{slides.NB} .jp-Cell", timeout=90_000)
            page.wait_for_function(slides.KERNEL_IDLE, timeout=90_000)
            ran = slides._run_all(page)
            assert ran["errors"] == []
            page.locator(f"{slides.NB} .jp-Cell").first.locator(".jp-InputPrompt").click()
            page.keyboard.press("Escape")
            page.locator(slides.DECK_BUTTON).click()
            page.wait_for_selector(f"{slides.NB}.jp-Deck .jp-Cell.jp-deck-mod-visible")
            axe = Axe()
            for press in range(PRESSES + 1):
                page.wait_for_timeout(600)
                context = {"include": [[f"{slides.NB} {part}"] for part in AUDITED]}
                result = axe.run(page, context=context)
                audited += 1
                for violation in result.response["violations"]:
                    if violation["impact"] in BLOCKING:
                        found += [
                            {"press": press, "rule": violation["id"],
                             "impact": violation["impact"], "element": node["target"],
                             "why": node.get("failureSummary", "")[:300]}
                            for node in violation["nodes"]
                        ]  # fmt: skip
                page.keyboard.press("Space")
        finally:
            with contextlib.suppress(Exception):
                slides._stop_deck(page)
            with contextlib.suppress(Exception):
                page.evaluate(slides.SHUTDOWN, DECK_LESSON)
            browser.close()
    if found:
        (artifacts / "axe_deck.json").write_text(
            json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8"
        )
    assert audited == PRESSES + 1
    assert sorted({(v["rule"], str(v["element"])) for v in found}) == []
