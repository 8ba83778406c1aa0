"""The threshold explorer in a real browser: JupyterLab + headless Chromium (Playwright).

Starts JupyterLab on a free loopback port with a copy of lesson 05 (so that autosave can
never touch the committed notebook) cut to the cells the explorer needs: the setup cell, the
cell that builds Tabela 7, and the explorer's cells to the end (nbval runs the whole lesson;
here the question is the explorer in a browser). Opens it in Debian's Chromium driven by
Playwright's Python API, runs all cells, moves the threshold slider (typing in its readout,
with the keyboard and by dragging the handle) and checks that the confusion matrix shown on
the page changes to the counts the library computes. Saves screenshots and the measured
update times under ``tests/artifacts/<worker>/`` (one folder per pytest-xdist worker) and
stops the server by its PID.

Needs ``/usr/bin/chromium`` (``apt-get install chromium``; another path in
``EVALBOOK_CHROMIUM``) and the ``playwright`` Python package (in the ``test`` extra; never
``playwright install``: the system Chromium is used). Without them the test is skipped, or
fails when ``EVALBOOK_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import nbformat
import pytest

import evalbook

ROOT = Path(__file__).resolve().parents[1]
LESSON = "notebooks/05_scores_roc_ks_lift.ipynb"

pytestmark = pytest.mark.browser


def _explorer_copy(path: Path):
    """The lesson without outputs, cut to its setup cell, the cell that builds ``table7``
    and every cell from the explorer's on (what the page shows comes from this run)."""
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    start = next(i for i, cell in enumerate(code) if "ThresholdExplorer(" in cell.source)
    data = [cell for cell in code[1:start] if re.search(r"(?m)^table7 = ", cell.source)]
    notebook.cells = [code[0], *data, *code[start:]]
    for cell in notebook.cells:
        cell.outputs, cell.execution_count = [], None
    return notebook


@pytest.fixture(scope="module")
def lab(require_browser, jupyterlab_server):
    """A JupyterLab server on a free loopback port serving a copy of the lesson."""
    require_browser()
    return jupyterlab_server({LESSON: _explorer_copy(ROOT / LESSON)})


def _expected_counts(t: float) -> list[int]:
    """TP, FN, FP, TN of the SPAM scores at threshold t, computed by the library."""
    data = evalbook.spam_predictions()
    predicted = evalbook.threshold(data.score, t, positive="spam", negative="ham")
    cm = evalbook.ConfusionMatrix.from_labels(data.target, predicted, labels=["spam", "ham"])
    return [cm.tp, cm.fn, cm.fp, cm.tn]


def _shown_counts(page) -> list[int]:
    matrix = page.locator(".evalbook-threshold-matrix").first
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


def test_threshold_explorer_in_chromium(lab, chromium, artifacts, open_notebook):
    from playwright.sync_api import sync_playwright

    timings = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            open_notebook(page, lab["url"])
            assert page.locator(".jp-OutputArea-output").count() == 0  # the copy has none
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            # the last code cell prints the profit search and resets t to 0.5
            last_output = page.locator(".jp-OutputArea-output pre", has_text="mais lucrativo")
            last_output.wait_for(timeout=180_000)
            _wait_for_threshold(page, "t = 0.500")
            explorer = page.locator(".evalbook-threshold-explorer").first
            explorer.scroll_into_view_if_needed()
            assert _shown_counts(page) == [6, 3, 2, 9] == _expected_counts(0.5)

            # 1. type 0.75 in the slider's readout (Tabela 8(a))
            readout = explorer.locator(".evalbook-threshold-slider .widget-readout")
            readout.click()
            page.keyboard.press("Control+A")
            page.keyboard.type("0.75")
            start = time.perf_counter()
            page.keyboard.press("Enter")
            _wait_for_threshold(page, "t = 0.750")
            timings["readout_to_matrix_ms"] = round((time.perf_counter() - start) * 1e3, 1)
            assert _shown_counts(page) == [4, 5, 1, 10] == _expected_counts(0.75)
            rows = explorer.locator(".evalbook-threshold-table tr[data-result='FN']")
            assert rows.count() == 5
            explorer.screenshot(path=artifacts / "threshold_explorer_075.png")

            # 2. keyboard: 50 steps of 0.01 down from 0.75 reach 0.25 (Tabela 8(b))
            handle = explorer.locator(".evalbook-threshold-slider .noUi-handle")
            handle.focus()
            steps = []
            for _ in range(50):
                start = time.perf_counter()
                page.keyboard.press("ArrowLeft")
                steps.append(time.perf_counter() - start)
            _wait_for_threshold(page, "t = 0.250")
            assert _shown_counts(page) == [7, 2, 4, 7] == _expected_counts(0.25)

            # 3. drag the handle to about 80% of the track; check what the page shows
            track = explorer.locator(".evalbook-threshold-slider .noUi-target").bounding_box()
            box = handle.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(track["x"] + 0.8 * track["width"], box["y"] + box["height"] / 2,
                            steps=10)  # fmt: skip
            page.mouse.up()
            value = None
            for _ in range(50):  # the readout and the matrix caption must agree
                value = float(readout.inner_text())
                caption = page.locator(".evalbook-threshold-matrix caption").inner_text()
                if f"t = {value:.3f}" in caption:
                    break
                time.sleep(0.1)
            assert 0.7 < value < 0.9, value
            assert _shown_counts(page) == _expected_counts(value)
            page.screenshot(path=artifacts / "threshold_explorer_page.png", full_page=False)
        except Exception:
            page.screenshot(path=artifacts / "threshold_explorer_failure.png", full_page=False)
            raise
        finally:
            browser.close()
    timings["drag_value"] = value
    timings["keyboard_step_roundtrip_ms_median"] = round(sorted(steps)[len(steps) // 2] * 1e3, 1)
    (artifacts / "threshold_browser_timings.json").write_text(json.dumps(timings, indent=2))
    print("browser timings:", timings)
