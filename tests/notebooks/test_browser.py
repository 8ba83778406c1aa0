"""Lesson 05 in a real browser: JupyterLab + headless Chromium (Playwright).

One JupyterLab server on a free loopback port serves an output-free copy of lesson 05 (so
that autosave can never touch the committed notebook); one Chromium page opens it at a
projector's 1280×720 and runs all its cells, as a lecturer does before class. Two tests then
use that page:

- **slides**: start deck mode (jupyterlab-slideshow) on the title slide, leave it
  with Esc and start it again, move forward with Space until the threshold explorer's slide is
  on screen, drag the slider, and check that the confusion matrix on the slide changed to
  the counts the library computes and that the slider and the matrix are inside the
  viewport; stop the deck from its remote;
- **explorer**: in the notebook view, type 0.75 in the slider's readout (Tabela 8(a)),
  press ← fifty times (0.25, Tabela 8(b)) and drag the handle, checking after each that the
  matrix shown is the library's; the measured update times are saved.

Screenshots go to ``tests/artifacts/<worker>/`` (one folder per pytest-xdist worker); the
server is stopped by its PID. The notebook runs in a fresh ``python3`` kernel, as a
student's does. Needs
``/usr/bin/chromium`` (``apt-get install chromium``; another path in ``EVALBOOK_CHROMIUM``),
the ``playwright`` Python package (in the ``test`` extra; never ``playwright install``: the
system Chromium is used) and ``jupyterlab-slideshow``. Without them the tests are skipped,
or fail when ``EVALBOOK_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets). The server, the browser
settings and the wait for the kernel come from the fixtures of ``tests/conftest.py``.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path

import nbformat
import pytest

import evalbook
from evalcourse import datasets

ROOT = Path(__file__).resolve().parents[2]
LESSON = "notebooks/05b_ks_ganho_lift.ipynb"
VIEWPORT = {"width": 1280, "height": 720}
# JupyterLab's menus in English or, with the pt-BR language pack active, in Portuguese
RUN_MENU = re.compile(r"^(Run|Executar)$")
RUN_ALL = re.compile(r"^(Run All Cells|Executar todas as células)$")
#: At most this many presses of → from the title slide to the explorer's slide.
MAX_STEPS = 120
DECK_BUTTON = ".jp-NotebookPanel-toolbar [data-command='deck:toggle']"
NO_DECK = "document.querySelectorAll('.jp-deck-mod-onscreen').length === 0"

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab]


@pytest.fixture(scope="module")
def lesson_page(require_browser, jupyterlab_server, chromium, open_notebook, artifacts):
    """A Chromium page at 1280×720 showing lesson 05 in JupyterLab, every cell run."""
    require_browser("jupyterlab_slideshow")
    notebook = nbformat.read(ROOT / LESSON, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    url = jupyterlab_server({LESSON: notebook})["url"]

    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**chromium)
    page = browser.new_page(viewport=VIEWPORT)
    try:
        open_notebook(page, url)
        assert page.locator(".jp-OutputArea-output").count() == 0  # the copy has none
        page.get_by_role("menuitem", name=RUN_MENU).click()
        page.get_by_role("menuitem", name=RUN_ALL).click()
        # the last code cell prints the cost threshold (the profit search before it puts t
        # back to 0.5)
        page.locator(".jp-OutputArea-output pre", has_text="c_FP =").wait_for(timeout=300_000)
        open_notebook.wait_for_kernel(page, timeout=60_000)
        _wait_for_threshold(page, "t = 0.500")
        yield page
    except Exception:
        page.screenshot(path=artifacts / "lesson_05_failure.png")
        raise
    finally:
        browser.close()
        playwright.stop()


def _expected_counts(t: float) -> list[int]:
    """TP, FN, FP, TN of the SPAM scores at threshold t, computed by the library."""
    data = datasets.spam_predictions()
    predicted = evalbook.threshold(data.score, t, positive="spam", negative="ham")
    cm = evalbook.ConfusionMatrix.from_labels(data.target, predicted, labels=["spam", "ham"])
    return [cm.tp, cm.fn, cm.fp, cm.tn]


def _shown_counts(matrix) -> list[int]:
    return [
        int(re.match(r"\s*(\d+)", matrix.locator(f'td[data-cell="{name}"]').inner_text()).group(1))
        for name in ("tp", "fn", "fp", "tn")
    ]


def _wait_for_threshold(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "t => { const c = document.querySelector('.evalbook-threshold-matrix caption');"
        " return c !== null && c.textContent.includes(t); }",
        arg=text,
        timeout=timeout,
    )


#: Which cells the deck shows, e.g. "0" or "7,8" (a slide and its fragments).
ON_SCREEN = """() => Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell'))
    .flatMap((cell, i) => cell.classList.contains('jp-deck-mod-onscreen') ? [i] : [])
    .join()"""


def _next_slide(page) -> None:
    """Press Space, as a lecturer does (the next fragment, subslide or slide), and wait
    until the deck shows other cells, or 150 ms."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    shown = page.evaluate(ON_SCREEN)
    page.keyboard.press("Space")
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"s => ({ON_SCREEN})() !== s", arg=shown, timeout=150)


def _inside_viewport(box) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= VIEWPORT["width"]
        and box["y"] + box["height"] <= VIEWPORT["height"]
    )


def _drag_to(page, slider, matrix, fraction: float) -> float:
    """Drag the slider's handle to ``fraction`` of its track; the value the matrix shows."""
    handle = slider.locator(".noUi-handle")
    track = slider.locator(".noUi-target").bounding_box()
    box = handle.bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] / 2, y)
    page.mouse.down()
    page.mouse.move(track["x"] + fraction * track["width"], y, steps=10)
    page.mouse.up()
    readout = slider.locator(".widget-readout")
    value = None
    for _ in range(50):  # the readout and the matrix caption must agree
        value = float(readout.inner_text())
        if f"t = {value:.3f}" in matrix.locator("caption").inner_text():
            break
        page.wait_for_timeout(100)
    return value


def test_lesson_05_as_slides_at_1280x720(lesson_page, artifacts):
    page = lesson_page
    page.set_viewport_size(VIEWPORT)
    try:
        # start the deck on the title slide, as a lecturer does
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Escape")
        page.locator(DECK_BUTTON).click()
        title = page.locator(".jp-Cell.jp-deck-mod-onscreen h1")
        title.wait_for(timeout=10_000)
        assert title.inner_text().startswith("05")
        assert page.locator(".jp-Cell.jp-deck-mod-onscreen").count() == 1
        page.screenshot(path=artifacts / "slides_05_title.png")
        # Esc leaves the deck (the README tells the lecturer so); the deck button restarts it
        page.keyboard.press("Escape")
        page.wait_for_function(NO_DECK, timeout=10_000)
        page.locator(DECK_BUTTON).click()
        title.wait_for(timeout=10_000)

        explorer = page.locator(".jp-deck-mod-onscreen .evalbook-threshold-explorer")
        steps = 0
        while not explorer.count() and steps < MAX_STEPS:
            _next_slide(page)
            steps += 1
        assert explorer.count() == 1, f"no explorer on screen after {steps} slides"
        heading = page.locator(".jp-deck-mod-onscreen h3", has_text="Arraste o limiar")
        assert heading.count() == 1, "the explorer is not on its own subslide, under its heading"
        slider = explorer.locator(".evalbook-threshold-slider")
        matrix = explorer.locator(".evalbook-threshold-matrix")
        page.wait_for_timeout(500)  # the deck scrolls the active cell into place
        page.screenshot(path=artifacts / "slides_05_explorer.png")
        # the lesson's last cell left t at 0.5 (the explorer test, after this one, moves it)
        assert _shown_counts(matrix) == [6, 3, 2, 9] == _expected_counts(0.5)
        assert _inside_viewport(slider.bounding_box()), slider.bounding_box()
        assert _inside_viewport(matrix.bounding_box()), matrix.bounding_box()

        # drag the handle to about 80% of the track, as the lecturer would
        value = _drag_to(page, slider, matrix, 0.8)
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
        page.wait_for_function(NO_DECK, timeout=10_000)
        assert page.get_by_role("menuitem", name=RUN_MENU).is_visible()
        assert _shown_counts(page.locator(".evalbook-threshold-matrix").first) == shown
    except Exception:
        page.screenshot(path=artifacts / "slides_05_failure.png")
        raise


def test_threshold_explorer_in_chromium(lesson_page, artifacts):
    page = lesson_page
    page.set_viewport_size({"width": 1500, "height": 1000})
    timings = {}
    try:
        explorer = page.locator(".evalbook-threshold-explorer").first
        explorer.scroll_into_view_if_needed()
        slider = explorer.locator(".evalbook-threshold-slider")
        readout = slider.locator(".widget-readout")
        matrix = explorer.locator(".evalbook-threshold-matrix")

        def type_threshold(text: str) -> float:
            readout.click()
            page.keyboard.press("Control+A")
            page.keyboard.type(text)
            start = time.perf_counter()
            page.keyboard.press("Enter")
            _wait_for_threshold(page, f"t = {float(text):.3f}")
            return round((time.perf_counter() - start) * 1e3, 1)

        # 1. type 0.5, then 0.75 in the slider's readout (Tabela 8(a))
        type_threshold("0.5")
        assert _shown_counts(matrix) == [6, 3, 2, 9] == _expected_counts(0.5)
        timings["readout_to_matrix_ms"] = type_threshold("0.75")
        assert _shown_counts(matrix) == [4, 5, 1, 10] == _expected_counts(0.75)
        rows = explorer.locator(".evalbook-threshold-table tr[data-result='FN']")
        assert rows.count() == 5
        explorer.screenshot(path=artifacts / "threshold_explorer_075.png")

        # 2. keyboard: 50 steps of 0.01 down from 0.75 reach 0.25 (Tabela 8(b))
        handle = slider.locator(".noUi-handle")
        handle.focus()
        steps = []
        for _ in range(50):
            start = time.perf_counter()
            page.keyboard.press("ArrowLeft")
            steps.append(time.perf_counter() - start)
        _wait_for_threshold(page, "t = 0.250")
        assert _shown_counts(matrix) == [7, 2, 4, 7] == _expected_counts(0.25)

        # 3. drag the handle to about 80% of the track; check what the page shows
        value = _drag_to(page, slider, matrix, 0.8)
        assert 0.7 < value < 0.9, value
        assert _shown_counts(matrix) == _expected_counts(value)
        page.screenshot(path=artifacts / "threshold_explorer_page.png", full_page=False)
    except Exception:
        page.screenshot(path=artifacts / "threshold_explorer_failure.png", full_page=False)
        raise
    timings["drag_value"] = value
    timings["keyboard_step_roundtrip_ms_median"] = round(sorted(steps)[len(steps) // 2] * 1e3, 1)
    (artifacts / "threshold_browser_timings.json").write_text(json.dumps(timings, indent=2))
    print("browser timings:", timings)
