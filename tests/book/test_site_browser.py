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

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

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


PHONE = VIEWPORTS["phone"]


def test_phone_reader_opens_the_lessons_and_the_contents_and_moves_to_another_lesson(
    browser, server, artifacts
):
    page, refused, errors = _open(browser, server, PAGES["lesson"], PHONE)
    try:
        # the ☰ button opens the list of lessons as a dialog over the page
        page.locator(".primary-toggle:visible").click()
        lessons = page.locator("#pst-primary-sidebar-modal")
        lessons.wait_for(state="visible", timeout=10_000)
        assert page.evaluate("document.querySelector('#pst-primary-sidebar-modal').open")
        page.screenshot(path=artifacts / "book_lesson_phone_menu.png")
        # Escape closes it; the contents button opens this page's sections
        page.keyboard.press("Escape")
        page.locator(".secondary-toggle:visible").click()
        contents = page.locator("#pst-secondary-sidebar-modal")
        contents.wait_for(state="visible", timeout=10_000)
        assert contents.locator("a.nav-link").count() >= 3
        page.keyboard.press("Escape")
        # open the lessons again and go to the next lesson
        page.locator(".primary-toggle:visible").click()
        lessons.wait_for(state="visible", timeout=10_000)
        lessons.locator('a[href="05b_ks_ganho_lift.html"]').click()
        page.wait_for_url("**/05b_ks_ganho_lift.html", timeout=30_000)
        assert page.locator("h1").first.inner_text().startswith("05b")
        assert refused == [] and errors == []
    finally:
        page.close()


#: Each inline formula of a lesson's text: its box against the text line around it.
INLINE_MATH = """() => Array.from(document.querySelectorAll('.bd-article p span.math'))
    .slice(0, 40).map(span => {
        const math = span.querySelector('.MathJax') || span;
        const box = math.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(span.parentElement).lineHeight);
        // the surrounding text's box: a range over the paragraph's first text node
        const text = Array.from(span.parentElement.childNodes).find(
            n => n.nodeType === 3 && n.textContent.trim().length > 3);
        if (!text) return null;
        const range = document.createRange();
        range.selectNodeContents(text);
        const rects = Array.from(range.getClientRects());
        const same = rects.find(r => r.bottom > box.top && r.top < box.bottom);
        return same ? {tex: span.textContent.slice(0, 40), top: box.top, bottom: box.bottom,
            height: box.height, textTop: same.top, textBottom: same.bottom, line,
            clipped: span.scrollHeight > span.clientHeight + 1} : null;
    }).filter(x => x !== null)"""


def test_inline_math_sits_on_the_text_line_and_is_not_clipped(browser, server):
    page, refused, errors = _open(browser, server, "notebooks/02_metricas_de_classificacao.html",
                                  VIEWPORTS["desktop"])  # fmt: skip
    try:
        formulas = page.evaluate(INLINE_MATH)
        assert len(formulas) >= 5
        simple = [f for f in formulas if f["height"] <= 1.3 * f["line"]]
        assert len(simple) >= 5
        for f in simple:
            assert not f["clipped"], f
            # a one-line formula stays within its text line (no raised, oversized box)
            assert f["top"] >= f["textTop"] - 2, f
            assert f["bottom"] <= f["textBottom"] + 2, f
        assert refused == [] and errors == []
    finally:
        page.close()


#: The lessons that write \mathbb (MathJax 2 fetches another font for it).
MATHBB = sorted(
    f"notebooks/{p.stem}.html"
    for p in (ROOT / "notebooks").glob("*.ipynb")
    if "\\\\mathbb" in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("path", MATHBB)
def test_blackboard_bold_needs_no_missing_font(browser, server, path):
    page, refused, errors = _open(browser, server, path, VIEWPORTS["desktop"])
    try:
        assert refused == []
        assert errors == []  # a 404 of a font counts here
        assert page.evaluate(MATH_STATE)["errors"] == 0
    finally:
        page.close()


def test_explorer_pictures_scale_down_whole_on_a_phone(browser, server):
    page, _, _ = _open(browser, server, EXPLORER_LESSON, PHONE)
    try:
        boxes = page.evaluate("""() => Array.from(
            document.querySelectorAll('.evalbook-static-widget svg')).map(svg => {
                const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
                return {width: box.width, height: box.height, right: box.right,
                        view: view ? [view.width, view.height] : null,
                        room: svg.closest('.evalbook-static-widget').clientWidth};
            })""")
        assert boxes
        for box in boxes:
            assert box["view"] and box["view"][0] > 0, box
            assert box["width"] <= box["room"] + 1, box
            assert box["right"] <= PHONE["width"], box
            # the whole picture, in proportion (not a cropped window of it)
            assert box["width"] / box["height"] == pytest.approx(
                box["view"][0] / box["view"][1], rel=0.03
            )
    finally:
        page.close()


#: The theme's and the extensions' words in English (their message catalogues' msgids,
#: and the few they do not translate), which no lesson page may show or announce.
ENGLISH = [
    "Back to top", "Search", "Skip to main content", "Color mode", "Light", "Dark",
    "System Settings", "On this page", "Site navigation", "Section Navigation", "Toggle",
    "Copy", "Copied", "previous", "next", "Contents", "Download", "Fullscreen", "Breadcrumb",
    "Home", "Ctrl+K",
]  # fmt: skip
#: Every word a reader sees or a screen reader says outside the lesson's own text.
CHROME_WORDS = """() => {
    const article = document.querySelector('article.bd-article');
    const words = [];
    for (const el of document.querySelectorAll('*')) {
        for (const a of ['aria-label', 'title', 'placeholder', 'data-tooltip', 'alt']) {
            if (el.hasAttribute(a) && !(article && article.contains(el) && a === 'alt'))
                words.push(el.getAttribute(a));
        }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, el = node.parentElement;
        if (!el || (article && article.contains(el) && !el.closest('.copybtn'))) continue;
        if (el.closest('script, style')) continue;
        if (node.textContent.trim()) words.push(node.textContent.trim());
    }
    return words;
}"""


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_lesson_page_says_nothing_in_english(browser, server, size):
    page, _, _ = _open(browser, server, PAGES["lesson"], VIEWPORTS[size])
    try:
        page.locator("div.highlight button.copybtn").first.wait_for(state="attached")
        words = page.evaluate(CHROME_WORDS)
        english = sorted(
            {w for w in words for term in ENGLISH if re.search(rf"\b{re.escape(term)}\b", w)}
        )
        assert english == []
        # the copy button is there, in Portuguese
        button = page.locator("div.highlight button.copybtn").first
        assert button.get_attribute("data-tooltip") == "Copiar"
        # and so is the check mark that replaces its icon after a copy
        check = page.evaluate("iconCheck")
        assert "<title>Copiado!</title>" in check and "Copied" not in check
    finally:
        page.close()
