"""The drag view's front end (evalbook.widgets._canvas's JavaScript) in Chromium: a click at a
pixel of each explorer's drag view sends the value the Python side expects (a log axis, a
reversed row axis, a grid's column and row, a chip). The model is a stand-in that records
what the view sends; no kernel runs."""

from __future__ import annotations

import pytest

from evalbook.widgets import (
    BootstrapExplorer,
    CountsExplorer,
    KFoldExplorer,
    PositiveClassExplorer,
)
from evalbook.widgets._canvas import _ESM, DragCanvas

pytestmark = pytest.mark.browser

#: The view's own synced state (what the front end reads with model.get).
_TRAITS = [name for name in DragCanvas.class_own_traits() if not name.startswith("_")]

#: A stand-in for anywidget's model: get/set/save_changes/on; ``sent`` records each set.
_PAGE_JS = """
window.clickAt = async ([esm, state, clicks]) => {
  const url = URL.createObjectURL(new Blob([esm], { type: 'text/javascript' }));
  const view = await import(url);
  document.body.innerHTML = '';
  const el = document.createElement('div');
  document.body.appendChild(el);
  const sent = [];
  const model = {
    get: (name) => state[name],
    set: (values) => { Object.assign(state, values); sent.push({ ...values }); },
    save_changes: () => {},
    on: () => {},
  };
  view.default.render({ model, el });
  const box = el.firstChild;
  box.setPointerCapture = () => {};
  const rect = el.querySelector('svg').getBoundingClientRect();
  const out = [];
  for (const [px, py] of clicks) {
    const at = { clientX: rect.left + px, clientY: rect.top + py, pointerId: 1, bubbles: true };
    box.dispatchEvent(new PointerEvent('pointerdown', at));
    box.dispatchEvent(new PointerEvent('pointerup', at));
    out.push(sent[sent.length - 1]);
  }
  return out;
};
"""


@pytest.fixture(scope="module")
def page(require_browser, chromium):
    require_browser()
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**chromium)
    page = browser.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=_PAGE_JS)
    yield page
    browser.close()
    playwright.stop()


def _click(page, canvas, points):
    """What the view sends for a click at each (px, py) of the canvas's SVG."""
    state = {name: getattr(canvas, name) for name in _TRAITS}
    return page.evaluate("args => clickAt(args)", [_ESM, state, points])


def test_a_click_on_the_bootstraps_log_axis_sends_n_along_the_logarithm(page):
    canvas = BootstrapExplorer(n=10).curve_view
    f = canvas.frame
    thirds = [(f["left"] + share * f["width"], f["top"] + 10) for share in (1 / 3, 2 / 3, 1 / 2)]
    # 1-1000 on a log axis: a third is 10, two thirds 100, the middle √1000 ≈ 31.6 → 32
    assert _click(page, canvas, thirds) == [{"x": 10}, {"x": 100}, {"x": 32}]


def test_a_click_on_a_kfold_row_sends_that_fold(page):
    canvas = KFoldExplorer(["A"] * 12 + ["B"] * 18 + ["C"] * 6)._view
    f = canvas.frame
    rows = [(500, f["top"] + (fold - 0.5) * f["height"] / 5) for fold in (4, 1, 5)]
    assert _click(page, canvas, rows) == [{"y": 4}, {"y": 1}, {"y": 5}]


def test_a_click_on_the_dot_grid_sends_its_column_and_row(page):
    canvas = CountsExplorer(6, 3, 2, 9).dots_view
    f = canvas.frame
    points = [(f["left"] + 8.2 * 14, f["top"] + 7), (f["left"] + 22.3 * 14, f["top"] + 21)]
    assert _click(page, canvas, points) == [{"x": 8, "y": 0}, {"x": 22, "y": 1}]


def test_a_click_on_a_class_chip_sends_its_position(page):
    canvas = PositiveClassExplorer(["a", "b", "a"], ["a", "a", "b"]).class_view
    f = canvas.frame
    assert _click(page, canvas, [(f["left"] + 0.75 * f["width"], 10)]) == [{"x": 1}]
