"""The book's accessibility, measured: axe-core (the ``axe-core`` engine that
``axe-playwright-python`` ships, injected into the page: nothing is fetched) over every page
of the built site at a projector's 1280×720 and a phone's 390×844, in the light mode and, at
1280×720, in the dark one: no violation of impact "serious" or "critical" (text contrast
below 4.5:1, an image or a button without a name, a missing language...). Every figure of
a lesson carries alt text that says what it is (not its file name).

Each page's violations go to ``tests/artifacts/<worker>/axe_<size>_<mode>.json`` (rule,
impact, page, element) when a test fails, so the report names what to fix.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
#: The impacts that fail the test (axe's "minor" and "moderate" are reported, not failed).
BLOCKING = {"serious", "critical"}
#: True once MathJax 2 has typeset the page (or the page loads no MathJax).
MATH_DONE = """() => window.MathJax === undefined || (MathJax.Hub !== undefined
    && MathJax.Hub.queue !== undefined && MathJax.Hub.queue.pending === 0
    && MathJax.Hub.queue.running === 0)"""


def pages_of(site) -> list[str]:
    """Every HTML page of the built site, as paths relative to it."""
    return sorted(
        str(p.relative_to(site))
        for p in site.rglob("*.html")
        if "_static" not in p.parts and "_sources" not in p.parts
    )


def _axe(browser, server, paths, viewport, mode):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(viewport=viewport)
    # the theme reads the reader's colour mode from localStorage before it paints
    context.add_init_script(f"localStorage.setItem('mode', '{mode}');")
    context.route(
        "**/*", lambda r: r.continue_() if r.request.url.startswith(server) else r.abort()
    )
    found = []
    try:
        page = context.new_page()
        for path in paths:
            page.goto(f"{server}/{path}", wait_until="load")
            page.wait_for_function(MATH_DONE, timeout=60_000)
            assert page.evaluate("document.documentElement.dataset.theme") == mode
            for violation in axe.run(page).response["violations"]:
                if violation["impact"] in BLOCKING:
                    found += [
                        {"page": path, "rule": violation["id"], "impact": violation["impact"],
                         "element": node["target"], "why": node.get("failureSummary", "")[:300]}
                        for node in violation["nodes"]
                    ]  # fmt: skip
    finally:
        context.close()
    return found


@pytest.mark.parametrize(
    ("size", "mode"), [("desktop", "light"), ("phone", "light"), ("desktop", "dark")]
)
def test_no_serious_or_critical_axe_violation_on_any_page(
    browser, server, site, artifacts, size, mode
):
    paths = pages_of(site)
    assert len(paths) >= 40
    found = _axe(browser, server, paths, VIEWPORTS[size], mode)
    if found:
        (artifacts / f"axe_{size}_{mode}.json").write_text(
            json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8"
        )
    summary = sorted({(v["rule"], v["page"]) for v in found})
    assert summary == []


def test_every_lesson_figure_has_alt_text(site):
    import re

    missing = []
    for page in sorted((site / "notebooks").glob("*.html")):
        for tag in re.findall(r"<img\b[^>]*>", page.read_text(encoding="utf-8")):
            alt = re.search(r'\balt="([^"]*)"', tag)
            # MyST-NB's default alt text is the picture's file name: no description
            if (
                alt is None
                or not alt.group(1).strip()
                or re.search(r"\.(png|svg|jpe?g)$", alt.group(1))
            ):
                missing.append(f"{page.name}: {tag[:120]}")
    assert missing == []
