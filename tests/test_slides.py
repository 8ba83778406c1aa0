"""Lesson 05 presented as slides in a real browser: JupyterLab's deck mode, headless Chromium.

A lecturer's path through the lesson at a projector's 1280×720 (issue 13): open a copy of
lesson 05 in JupyterLab (a temporary root, autosave off, every cell rendered), Run All,
start deck mode (jupyterlab-slideshow) on the title slide, move forward with the arrow key
until the threshold explorer's slide is on screen, drag the slider, and check that the
confusion matrix on the slide changed to the counts the library computes and that the
slider and the matrix are both inside the viewport. Screenshots go to ``tests/artifacts/``
(a per-worker subfolder under pytest-xdist). The server is stopped by its PID.

Needs ``/usr/bin/chromium`` (another path in ``EVALBOOK_CHROMIUM``), the ``playwright``
package and ``jupyterlab-slideshow``; without them the test is skipped, or fails when
``EVALBOOK_REQUIRE_BROWSER=1``.

The server and the browser come from the fixtures of ``tests/conftest.py`` shared with
``tests/test_browser.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import evalbook

ROOT = Path(__file__).resolve().parents[1]
LESSON = "notebooks/05_scores_roc_ks_lift.ipynb"
VIEWPORT = {"width": 1280, "height": 720}
# JupyterLab's menus in English or, with the pt-BR language pack active, in Portuguese
RUN_MENU = re.compile(r"^(Run|Executar)$")
RUN_ALL = re.compile(r"^(Run All Cells|Executar todas as células)$")
#: At most this many presses of → from the title slide to the explorer's slide.
MAX_STEPS = 80

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab(require_browser, jupyterlab_server):
    """A JupyterLab server on a free loopback port serving an output-free copy of lesson 05."""
    require_browser("jupyterlab_slideshow")
    notebook = nbformat.read(ROOT / LESSON, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return jupyterlab_server({LESSON: notebook})["url"]


def _expected_counts(t: float) -> list[int]:
    """TP, FN, FP, TN of the SPAM scores at threshold t, computed by the library."""
    data = evalbook.spam_predictions()
    predicted = evalbook.threshold(data.score, t, positive="spam", negative="ham")
    cm = evalbook.ConfusionMatrix.from_labels(data.target, predicted, labels=["spam", "ham"])
    return [cm.tp, cm.fn, cm.fp, cm.tn]


def _shown_counts(matrix) -> list[int]:
    return [
        int(re.match(r"\s*(\d+)", matrix.locator(f'td[data-cell="{name}"]').inner_text()).group(1))
        for name in ("tp", "fn", "fp", "tn")
    ]


def _inside_viewport(box) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= VIEWPORT["width"]
        and box["y"] + box["height"] <= VIEWPORT["height"]
    )


def _run_all(page) -> None:
    page.get_by_role("menuitem", name=RUN_MENU).click()
    page.get_by_role("menuitem", name=RUN_ALL).click()
    # the last code cell prints the profit search and puts t back to 0.5
    page.locator(".jp-OutputArea-output pre", has_text="mais lucrativo").wait_for(timeout=300_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)


def test_lesson_05_as_slides_at_1280x720(lab, chromium, artifacts, open_notebook):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium)
        page = browser.new_page(viewport=VIEWPORT)
        try:
            open_notebook(page, lab)
            _run_all(page)
            # start the deck on the title slide, as a lecturer does
            page.locator(".jp-Notebook .jp-Cell").first.click()
            page.keyboard.press("Escape")
            page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").click()
            title = page.locator(".jp-Cell.jp-deck-mod-onscreen h1")
            title.wait_for(timeout=10_000)
            assert title.inner_text().startswith("05")
            assert page.locator(".jp-Cell.jp-deck-mod-onscreen").count() == 1
            page.screenshot(path=artifacts / "slides_05_title.png")
            # Esc leaves the deck (the README tells the lecturer so); the deck button restarts it
            page.keyboard.press("Escape")
            page.wait_for_function(
                "document.querySelectorAll('.jp-deck-mod-onscreen').length === 0", timeout=10_000
            )
            page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").click()
            title.wait_for(timeout=10_000)

            explorer = page.locator(".jp-deck-mod-onscreen .evalbook-threshold-explorer")
            steps = 0
            while not explorer.count() and steps < MAX_STEPS:
                page.keyboard.press("ArrowRight")  # a tall slide may scroll: nothing to wait for
                page.wait_for_timeout(150)
                steps += 1
            assert explorer.count() == 1, f"no explorer on screen after {steps} slides"
            heading = page.locator(".jp-deck-mod-onscreen h2", has_text="explorador de threshold")
            assert heading.count() == 1, "the explorer is not on its section's slide"
            slider = explorer.locator(".evalbook-threshold-slider")
            matrix = explorer.locator(".evalbook-threshold-matrix")
            page.wait_for_timeout(500)  # the deck scrolls the active cell into place
            page.screenshot(path=artifacts / "slides_05_explorer.png")
            assert _shown_counts(matrix) == [6, 3, 2, 9] == _expected_counts(0.5)
            assert _inside_viewport(slider.bounding_box()), slider.bounding_box()
            assert _inside_viewport(matrix.bounding_box()), matrix.bounding_box()

            # drag the handle to about 80% of the track, as the lecturer would
            handle = slider.locator(".noUi-handle")
            track = slider.locator(".noUi-target").bounding_box()
            box = handle.bounding_box()
            y = box["y"] + box["height"] / 2
            page.mouse.move(box["x"] + box["width"] / 2, y)
            page.mouse.down()
            page.mouse.move(track["x"] + 0.8 * track["width"], y, steps=10)
            page.mouse.up()
            readout = slider.locator(".widget-readout")
            value = None
            for _ in range(50):  # the readout and the matrix caption must agree
                value = float(readout.inner_text())
                if f"t = {value:.3f}" in matrix.locator("caption").inner_text():
                    break
                page.wait_for_timeout(100)
            assert 0.7 < value < 0.9, value
            shown = _shown_counts(matrix)
            assert shown == _expected_counts(value)
            assert shown != [6, 3, 2, 9]
            assert _inside_viewport(slider.bounding_box()), slider.bounding_box()
            assert _inside_viewport(matrix.bounding_box()), matrix.bounding_box()
            assert page.locator(".jp-deck-mod-onscreen .evalbook-threshold-explorer").count() == 1
            page.screenshot(path=artifacts / "slides_05_explorer_dragged.png")

            # back to the notebook view: the remote's deck button stops the presentation
            page.locator(".jp-Deck-Remote .jp-deck-mod-stop").click()
            page.wait_for_function(
                "document.querySelectorAll('.jp-deck-mod-onscreen').length === 0", timeout=10_000
            )
            assert page.get_by_role("menuitem", name=RUN_MENU).is_visible()
            assert _shown_counts(page.locator(".evalbook-threshold-matrix").first) == shown
        except Exception:
            page.screenshot(path=artifacts / "slides_05_failure.png")
            raise
        finally:
            browser.close()
