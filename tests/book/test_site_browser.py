"""The built book in a real browser: headless Chromium (Playwright) at a projector's
1280×720 and a phone's 390×844.

``python -m http.server`` serves ``build/book/html`` on a free loopback port (as the README
tells a reader to); every request to any other host is refused and counted. On the home
page, lesson 05 and an API page, at both sizes (and lesson 05b's explorer picture): no
request leaves the machine, no console error, every image loaded, the math typeset by the
site's own MathJax, and on the phone no horizontal scroll. The search page finds a word
with no server behind it. Screenshots go to ``tests/artifacts/<worker>/book_*.png``. Needs
Chromium and playwright as the other browser tests do (``tests/conftest.py``).
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest

pytestmark = pytest.mark.browser

PAGES = {
    "home": "index.html",
    "lesson": "notebooks/05_scores_roc_auc.html",
    "api": "api/metrics.html",
}
#: The lesson whose threshold explorer the book shows as a static picture.
EXPLORER_LESSON = "notebooks/05b_ks_ganho_lift.html"
VIEWPORTS = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
#: True once MathJax 2 has typeset the page (or the page loads no MathJax).
MATH_DONE = """() => window.MathJax === undefined || (MathJax.Hub !== undefined
    && MathJax.Hub.queue !== undefined && MathJax.Hub.queue.pending === 0
    && MathJax.Hub.queue.running === 0 && document.querySelector('.MathJax_Preview') !== null
    || document.querySelectorAll('.math.notranslate').length === 0)"""
MATH_STATE = """() => ({
    formulas: document.querySelectorAll('.math.notranslate').length,
    typeset: document.querySelectorAll('script[type^="math/tex"]').length,
    errors: document.querySelectorAll('.MathJax_Error, merror').length,
})"""
IMAGES = """() => Array.from(document.images).map(i => ({src: i.currentSrc || i.src,
    ok: i.complete && i.naturalWidth > 0}))"""


@pytest.fixture(scope="module")
def server(site, free_port_module):
    url = f"http://127.0.0.1:{free_port_module}"
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(free_port_module), "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/index.html", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def free_port_module():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def browser(require_browser, chromium):
    require_browser()
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**chromium)
    yield browser
    browser.close()
    playwright.stop()


def _open(browser, server, path, viewport):
    """The page at ``path``, loaded with every outside request refused; returns the page,
    the refused URLs and the console errors."""
    page = browser.new_page(viewport=viewport)
    refused, errors = [], []

    def route(r):
        if r.request.url.startswith(server + "/"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{server}/{path}", wait_until="networkidle")
    page.wait_for_function(MATH_DONE, timeout=60_000)
    return page, refused, errors


@pytest.mark.parametrize("size", VIEWPORTS)
@pytest.mark.parametrize("name", PAGES)
def test_page_renders_offline(browser, server, artifacts, name, size):
    page, refused, errors = _open(browser, server, PAGES[name], VIEWPORTS[size])
    try:
        page.screenshot(path=artifacts / f"book_{name}_{size}.png")
        assert refused == []
        assert errors == []
        images = page.evaluate(IMAGES)
        assert [i["src"] for i in images if not i["ok"]] == []
        if name == "lesson":
            assert len(images) >= 4  # the lesson's figures (ROC curves and the iso-cost lines)
        math = page.evaluate(MATH_STATE)
        if name == "lesson":
            assert math["formulas"] > 0
        assert math["typeset"] >= math["formulas"]  # MathJax keeps each source in a script
        assert math["errors"] == 0
        if size == "phone":
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, window.innerWidth]"
            )
            assert widths[0] <= widths[1], f"{name} scrolls sideways: {widths}"
    finally:
        page.close()


def test_lesson_shows_the_explorer_picture_and_search_finds_a_word(browser, server):
    page, refused, errors = _open(browser, server, EXPLORER_LESSON, VIEWPORTS["desktop"])
    try:
        picture = page.locator(".evalbook-static-widget", has_text="ThresholdExplorer")
        assert picture.locator("svg, table").count() > 0
        assert picture.is_visible()
        page.goto(f"{server}/search.html?q=kappa", wait_until="networkidle")
        page.locator("#search-results ul li").first.wait_for(timeout=60_000)
        assert page.locator("#search-results ul li").count() >= 3
        assert refused == [] and errors == []
    finally:
        page.close()
