"""Each lesson presented as a lecturer presents it: deck mode on a 1280×720 projector.

One JupyterLab server with `make lab`'s settings (.jupyter/: the pt-BR interface, no
news, the deck mode's styles) serves output-free copies of the lessons. For each lesson a
fresh Chromium page at 1280×720 runs all its cells (Run menu), starts the deck
(jupyterlab-slideshow) on the title and presses Space until the deck ends. After each press
it records what the audience sees: the cells on screen, their extent, their text, and the
smallest font of each kind (prose, code, output, widget; text in SVG and formulas aside).
On the first slide with a slider wholly on screen it drags the slider, then drives it with
the keyboard (click the handle, →, Esc back to the deck). The tests then ask of each lesson:

- every code cell ran, and no cell printed an error;
- no slide is taller than the screen (the deck would scroll its heading away);
- every press shows something new (no press only moves the selection or does nothing);
- prose at least 18 px, code and output at least 16 px, widget labels at least 14 px;
- a drag on an explorer's slider changes the slide, and the keyboard drives it;
- a click beside the slide (on the deck's hidden sidebar) leaves Space to the deck;
- no English label in what the outputs on a slide show.

Every lesson is presented by `make test-slides` (about a minute and a half a lesson; `make
test` runs no browser). What each presentation showed (slides, presses, the
tallest slide, the smallest fonts) goes to ``tests/artifacts/<worker>/slides_NN.json``,
with a screenshot of a failure. Needs
what tests/notebooks/test_browser.py needs (Chromium, playwright, jupyterlab-slideshow).
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
LESSONS_BY_NUMBER = {path.name.split("_")[0]: path.name for path in LESSONS}
#: The lesson whose Run menu is read (any lesson shows the same menu).
RUN_MENU_LESSON = "05"
VIEWPORT = {"width": 1280, "height": 720}
MIN_FONT_PX = {"prose": 18, "code": 16, "output": 16, "widget": 14}
#: English that has been seen on slides: printed pandas objects and results, table headers.
ENGLISH = [
    re.compile(r"\b(prediction|target)\b"),
    re.compile(r"\bdtype: \w+"),
    re.compile(r"\bName: \w+"),
    re.compile(r"\b[A-Z]\w*Result\("),
    re.compile(r"\bthreshold\s+fpr\b"),
]
RUN_MENU = re.compile(r"^(Run|Executar)$")
RUN_ALL = re.compile(r"^(Run All Cells|Executar todas as células)$")
NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CELLS = f"Array.from(document.querySelectorAll('{NB} .jp-Cell'))"
DECK_BUTTON = f"{NB} .jp-NotebookPanel-toolbar [data-command='deck:toggle']"
ACTIVE = f"() => {CELLS}.findIndex(c => c.classList.contains('jp-mod-active'))"
AT_END = """() => ['forward', 'down'].every(d => !!document.querySelector(
    '.jp-Deck-Remote .jp-deck-mod-direction-' + d + '.jp-mod-disabled'))"""
#: Run All sets every cell it queues to [*] at once; this remembers having seen one.
WATCH_RUN = f"""() => {{ window.evalbookRunStarted = false;
    new MutationObserver(() => {{ window.evalbookRunStarted ||= {CELLS}.some(
        c => (c.querySelector('.jp-InputPrompt') || {{}}).textContent?.includes('*')); }})
    .observe(document.querySelector('{NB} .jp-Notebook'),
             {{subtree: true, childList: true, characterData: true}}); }}"""
#: The prompts of the code cells that have code: [index, prompt].
PROMPTS = f"""() => {CELLS}.flatMap((c, i) => c.classList.contains('jp-CodeCell')
    && c.querySelector('.jp-InputArea-editor').textContent.trim()
    ? [[i, c.querySelector('.jp-InputPrompt').textContent.trim()]] : [])"""
KERNEL_IDLE = f"""() => {{ const n = document.querySelector('{NB} .jp-KernelName');
    const s = document.querySelector('{NB} .jp-Notebook-ExecutionIndicator');
    return !!n && /python/i.test(n.textContent) && !!s && s.dataset.status === 'idle'; }}"""
#: What the audience sees: the deck's visible cells, where they are, their text, the
#: text of their outputs, the smallest font of each kind, the first slider wholly on screen.
SCREEN = f"""() => {{
    const H = window.innerHeight, cells = {CELLS};
    const out = {{cells: [], rects: [], texts: [], outputs: [], top: 1e9, bottom: -1e9,
                  font: {{}}, slider: null, active: -1}};
    const KIND = '.widget-html-content, .widget-output, .jupyter-widgets, .widget-label,'
        + ' .widget-readout, .jp-OutputArea, .jp-InputArea-editor, .jp-MarkdownOutput';
    cells.forEach((c, i) => {{
        const r = c.getBoundingClientRect();
        if (c.classList.contains('jp-mod-active')) out.active = i;
        if (!c.classList.contains('jp-deck-mod-visible') || r.height <= 0) return;
        out.cells.push(i); out.rects.push([Math.round(r.top), Math.round(r.bottom)]);
        out.texts.push(c.innerText);
        const o = c.querySelector('.jp-Cell-outputWrapper');
        out.outputs.push(o ? o.innerText : '');
        out.top = Math.min(out.top, r.top); out.bottom = Math.max(out.bottom, r.bottom);
        const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
        for (let t = walk.nextNode(); t; t = walk.nextNode()) {{
            const el = t.parentElement;
            const home = t.textContent.trim() && !el.closest('svg, mjx-container, math, sub, sup')
                && el.closest(KIND);
            const b = home && el.getBoundingClientRect();
            if (!home || b.height <= 0 || b.bottom < 0 || b.top > H) continue;
            const kind = home.matches('.widget-html-content, .widget-output, .jp-OutputArea')
                ? 'output' : home.matches('.jupyter-widgets, .widget-label, .widget-readout')
                ? 'widget' : home.matches('.jp-InputArea-editor') ? 'code' : 'prose';
            const px = parseFloat(getComputedStyle(el).fontSize);
            if (!out.font[kind] || px < out.font[kind][0])
                out.font[kind] = [px, i, t.textContent.trim().slice(0, 40)];
        }}
        for (const h of c.querySelectorAll('.noUi-handle')) {{
            const b = h.getBoundingClientRect();
            if (!out.slider && b.height > 0 && b.top >= 0 && b.bottom <= H) out.slider = i;
        }}
    }});
    return out; }}"""
FOCUSED_CELL = f"() => {CELLS}.indexOf(document.activeElement)"
SHUTDOWN = """async path => { const x = document.cookie.match(/_xsrf=([^;]+)/);
    for (const s of await (await fetch('/api/sessions')).json()) if (s.path === path)
        await fetch('/api/sessions/' + s.id,
                    {method: 'DELETE', headers: x ? {'X-XSRFToken': x[1]} : {}}); }"""

pytestmark = [pytest.mark.browser, pytest.mark.jupyterlab]


@pytest.fixture(scope="module")
def present(require_browser, jupyterlab_server, chromium, artifacts):
    """``present("notebooks/05_x.ipynb")``: what presenting the lesson showed (each lesson
    is presented once per module, on first request)."""
    require_browser("jupyterlab_slideshow")
    copies = {}
    for path in LESSONS:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        copies[path.relative_to(ROOT).as_posix()] = notebook
    url = jupyterlab_server(copies, project_settings=True)["url"]
    base, token = url.split("/lab/", 1)[0], url.split("?", 1)[1]

    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**chromium)
    done = {}

    def run(lesson: str) -> dict:
        if isinstance(done.get(lesson), Exception):  # presented once, even when it broke
            raise done[lesson]
        if lesson not in done:
            page = browser.new_page(viewport=VIEWPORT)
            number = Path(lesson).stem.split("_")[0]
            try:
                done[lesson] = _present(
                    page, f"{base}/lab/workspaces/{number}/tree/{lesson}?reset&{token}"
                )
                # what the lecturer's rehearsal would note, for the record of the run
                (artifacts / f"slides_{number}.json").write_text(
                    json.dumps(done[lesson], indent=1, default=sorted), encoding="utf-8"
                )
            except Exception as error:
                page.screenshot(path=artifacts / f"slides_{number}_failure.png")
                done[lesson] = error
                raise
            finally:
                with contextlib.suppress(Exception):  # the deck's "active" setting outlives
                    _stop_deck(page)  # the page: left on, the next lesson opens in the deck
                with contextlib.suppress(Exception):  # stopping the server stops the kernel
                    page.evaluate(SHUTDOWN, lesson)
                page.close()
        return done[lesson]

    yield run
    browser.close()
    playwright.stop()


def _stop_deck(page) -> None:
    """Stop the deck from its remote, as a lecturer does, and wait until it is off."""
    stop = page.locator(".jp-Deck-Remote .jp-deck-mod-stop")
    if stop.count():
        stop.first.click()
        page.wait_for_function("() => !document.querySelector('.jp-Deck')", timeout=10_000)


def _present(page, url: str) -> dict:
    page.goto(url)  # a workspace of its own: no other lesson reopens beside it
    page.wait_for_selector(f"{NB} .jp-Cell", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    report = {"toasts": page.locator(".Toastify__toast").count()}
    report.update(_run_all(page))
    page.locator(f"{NB} .jp-Cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.locator(DECK_BUTTON).click()
    page.wait_for_selector(f"{NB}.jp-Deck .jp-Cell.jp-deck-mod-visible", timeout=10_000)
    page.wait_for_timeout(800)
    report["edge_click"] = _edge_click(page)
    report.update(_walk(page))
    return report


def _edge_click(page) -> dict:
    """Click the screen's left edge, where the deck hides JupyterLab's sidebar, then press
    Space (the deck should advance) and Shift+Space (back to the first slide)."""
    before = page.evaluate(ACTIVE)
    page.mouse.click(3, VIEWPORT["height"] // 2)
    page.wait_for_timeout(300)
    page.keyboard.press("Space")
    page.wait_for_timeout(600)
    after = page.evaluate(ACTIVE)
    page.keyboard.press("Shift+Space")
    page.wait_for_timeout(600)
    edge = {"active": [before, after, page.evaluate(ACTIVE)]}
    page.evaluate(f"() => document.querySelector('{NB} .jp-Cell.jp-mod-active').focus()")
    return edge


def _run_all(page, timeout: float = 600) -> dict:
    """Run All, then wait until it started, nothing runs and the kernel is idle (1.5 s)."""
    page.evaluate(WATCH_RUN)
    run_menu = page.get_by_role("menuitem", name=RUN_MENU).first
    menu = [run_menu.inner_text()]
    run_menu.click()
    menu += page.locator(".lm-Menu:not(.lm-MenuBar) .lm-Menu-itemLabel").all_inner_texts()
    page.get_by_role("menuitem", name=RUN_ALL).first.click()
    start, calm = time.monotonic(), 0
    while time.monotonic() - start < timeout and calm < 3:
        page.wait_for_timeout(500)
        prompts = page.evaluate(PROMPTS)
        busy = any("*" in prompt for _, prompt in prompts)
        started = page.evaluate("() => window.evalbookRunStarted") or busy
        calm = calm + 1 if started and not busy and page.evaluate(KERNEL_IDLE) else 0
    errors = page.locator(
        f"{NB} [data-mime-type='application/vnd.jupyter.stderr'], {NB} .jp-OutputArea-output"
        "[data-mime-type='application/vnd.jupyter.error']"
    )
    return {
        "run_menu": [label for label in menu if label.strip()],
        "sliders": page.locator(f"{NB} .noUi-handle").count(),
        "never_run": [i for i, prompt in prompts if not re.search(r"\d", prompt)],
        "errors": [errors.nth(i).inner_text()[:300] for i in range(errors.count())],
    }


def _walk(page) -> dict:
    """Press Space until the deck ends; classify each press by what changes on screen."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    slides, blank, fonts, english, drag, keyboard = [], [], {}, set(), None, None
    previous = None
    for press in range(400):
        if press:
            page.keyboard.press("Space")
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(
                    f"a => ({ACTIVE})() !== a", arg=previous["active"], timeout=2000
                )
            page.wait_for_timeout(450)  # the deck fades cells in and scrolls to the active one
        screen = page.evaluate(SCREEN)
        shown = (screen["cells"], screen["rects"], screen["texts"])
        if previous is None or not set(previous["cells"]) <= set(screen["cells"]):
            slides.append({"press": press, "cells": set(), "height": 0})
        elif previous is not None and (
            screen["active"] == previous["active"] or shown == previous["shown"]
        ):
            blank.append(press)
        slides[-1]["cells"].update(screen["cells"])
        slides[-1]["height"] = max(slides[-1]["height"], screen["bottom"] - screen["top"])
        for kind, (px, cell, text) in screen["font"].items():
            if kind not in fonts or px < fonts[kind][0]:
                fonts[kind] = (px, cell, text)
        for cell, text in zip(screen["cells"], screen["outputs"], strict=True):
            english.update((cell, m.group(0)) for p in ENGLISH for m in p.finditer(text))
        if drag is None and screen["slider"] is not None:
            drag = _drag(page, screen)
            try:
                keyboard = _keys(page, screen["slider"])
            except PlaywrightTimeout as error:  # the walk goes on; the keyboard test fails
                keyboard = {"error": str(error).splitlines()[0]}
            screen = page.evaluate(SCREEN)
            shown = (screen["cells"], screen["rects"], screen["texts"])
        screen["shown"] = shown
        previous = screen
        if page.evaluate(AT_END):
            break
    return {
        "slides": len(slides),
        "presses": press,
        "blank_presses": blank,
        "overflow": [
            (sorted(s["cells"]), round(s["height"]))
            for s in slides
            if s["height"] > VIEWPORT["height"] + 1
        ],
        "tallest": round(max(s["height"] for s in slides)),
        "fonts": fonts,
        "english": sorted(english),
        "drag": drag,
        "keyboard": keyboard,
    }


def _drag(page, screen: dict) -> dict:
    """Drag the slider's handle to 80% of its track (20% if it is past 60%)."""
    cell = page.locator(f"{NB} .jp-Cell").nth(screen["slider"])
    handle = cell.locator(".noUi-handle").first
    track = cell.locator(".noUi-target").first.bounding_box()
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    to = 0.8 if x < track["x"] + 0.6 * track["width"] else 0.2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(track["x"] + to * track["width"], y, steps=10)
    page.mouse.up()
    for _ in range(25):  # the kernel redraws the slide
        page.wait_for_timeout(200)
        if page.evaluate(SCREEN)["texts"] != screen["texts"]:
            break
    after = page.evaluate(SCREEN)
    return {"cell": screen["slider"], "changed": after["texts"] != screen["texts"]}


def _keys(page, index: int) -> dict:
    """Click the slider's handle, press → (the slider moves, the slide stays), then Esc (the
    deck has the keys again: the cell has the focus, the deck is still on)."""
    cell = page.locator(f"{NB} .jp-Cell").nth(index)
    readout = cell.locator(".widget-readout").first
    before, cells = readout.inner_text(), page.evaluate(SCREEN)["cells"]
    cell.locator(".noUi-handle").first.click()
    page.wait_for_timeout(500)
    page.keyboard.press("ArrowRight")
    for _ in range(25):
        page.wait_for_timeout(200)
        if readout.inner_text() != before:
            break
    moved = {
        "readout": [before, readout.inner_text()],
        "same_slide": page.evaluate(SCREEN)["cells"] == cells,
    }
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    return {
        **moved,
        "deck_after_esc": page.locator(f"{NB}.jp-Deck").count() == 1,
        "focus_after_esc": page.evaluate(FOCUSED_CELL),
    }


# ---------------------------------------------------------------------- the tests
class LessonSlides:
    """The checks of one lesson's presentation; one subclass per lesson (``TestLesson05``
    ...), so that `make test-slides` (``--dist loadscope``: a class's tests stay on one
    worker) presents each lesson once."""

    lesson: str  # the notebook's path from the project's root

    def test_every_cell_runs_without_error(self, present):
        shown = present(self.lesson)
        assert not shown["never_run"], f"code cells never run: {shown['never_run']}"
        assert not shown["errors"], shown["errors"]
        assert shown["toasts"] == 0, "a notification covers the first slide"

    def test_a_click_beside_the_slide_leaves_the_keys_to_the_deck(self, present):
        """After a click on the screen's edge (the deck's hidden sidebar), Space and
        Shift+Space still move through the slides."""
        edge = present(self.lesson)["edge_click"]
        before, after, back = edge["active"]
        assert after > before, f"Space after the click did not advance (active cell {edge})"
        assert back == before, f"Shift+Space did not go back to the first slide ({edge})"

    def test_no_slide_is_taller_than_the_screen(self, present):
        shown = present(self.lesson)
        assert shown["slides"] > 1
        assert not shown["overflow"], f"slides (cells, height in px): {shown['overflow']}"

    def test_every_press_shows_something_new(self, present):
        shown = present(self.lesson)
        assert shown["presses"] >= shown["slides"] - 1
        assert not shown["blank_presses"], (
            f"presses that show nothing new: {shown['blank_presses']}"
        )

    def test_the_back_row_can_read_every_slide(self, present):
        fonts = present(self.lesson)["fonts"]
        assert "prose" in fonts, fonts
        small = {
            kind: fonts[kind]
            for kind, least in MIN_FONT_PX.items()
            if kind in fonts and fonts[kind][0] < least
        }
        assert not small, f"smallest font (px, cell, text) under {MIN_FONT_PX}: {small}"

    def test_no_english_label_on_a_slide(self, present):
        english = present(self.lesson)["english"]
        assert not english, f"English in the outputs on slides (cell, text): {english}"

    def test_an_explorer_slide_answers_the_mouse_and_the_keyboard(self, present):
        source = (ROOT / self.lesson).read_text(encoding="utf-8")
        if not re.search(r"\w+Explorer\(", source):
            pytest.skip("the lesson shows no explorer")
        shown = present(self.lesson)
        if not shown["sliders"]:
            pytest.skip("the lesson's explorers have no slider")
        assert shown["drag"] is not None, "no slider was ever wholly on a slide"
        assert shown["drag"]["changed"], "dragging the slider did not change the slide"
        keys = shown["keyboard"]
        assert "error" not in keys, keys
        before, after = keys["readout"]
        assert after != before, "→ on the clicked handle did not move the slider"
        assert keys["same_slide"], "→ on the clicked handle changed the slide"
        assert keys["deck_after_esc"], "Esc on the handle ended the presentation"
        assert keys["focus_after_esc"] == shown["drag"]["cell"], "Esc did not hand the keys back"


for _path in LESSONS:
    _number = _path.stem.split("_")[0]
    globals()[f"TestLesson{_number}"] = type(
        f"TestLesson{_number}",
        (LessonSlides,),
        {
            "lesson": _path.relative_to(ROOT).as_posix(),
            "__doc__": f"Lesson {_number} presented as slides.",
        },
    )


def test_jupyterlabs_run_menu_is_as_portuguese_as_its_language_pack(present):
    """Every item of the Run menu that the installed pt-BR pack translates is shown
    translated (the pinned JupyterLab is the version the pack translates). The pack leaves
    the menu's title ("Run", in its "menu" context) and the "Run Selected Cell" items in
    English."""
    import jupyterlab_language_pack_pt_BR as pack

    catalogue = Path(pack.__file__).parent / "locale/pt_BR/LC_MESSAGES/jupyterlab.json"
    translated = {
        english
        for english, portuguese in json.loads(catalogue.read_text(encoding="utf-8")).items()
        if english and portuguese and portuguese[0] != english
    }
    menu = present(f"notebooks/{LESSONS_BY_NUMBER[RUN_MENU_LESSON]}")["run_menu"]
    assert menu[0] in {"Run", "Executar"}, menu
    assert "Executar todas as células" in menu, menu
    untranslated = [label for label in menu[1:] if label in translated]
    assert not untranslated, f"labels the pack translates, shown in English: {untranslated}"
