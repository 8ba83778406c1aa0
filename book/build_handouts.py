"""PDF handouts of the lessons' slides: ``python book/build_handouts.py`` (``make handouts``).

For each lesson of ``notebooks/``: its widgets become their static pictures
(``static_widgets.py``), the inputs of the cells tagged ``hide-input`` are dropped (as on
the slides), nbconvert's slides exporter writes the reveal.js deck with the template in
``book/templates/handout`` (reveal.js from the ``sphinx-revealjs`` package and MathJax from
``jupyter-server-mathjax``, both copied beside the decks), and headless Chromium prints it
in reveal's print mode, one 1280×720 page per slide (its fragments shown together; a slide
taller than the screen is printed smaller, whole, on its page). Chromium gets no network:
the decks are served from a loopback port, and every request for anything else is refused
and counted, and the
build fails if there was any.

Writes ``build/handouts/NN_lesson.pdf`` and ``build/handouts/manifest.json`` (per lesson:
slides, pages, refused requests, console errors). Chromium is Debian's (``/usr/bin/chromium``
or ``EVALBOOK_CHROMIUM``), driven by Playwright's Python package; no ``playwright install``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
sys.path.insert(0, str(BOOK))

from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (book/ is not a package)
from handout_pages import ink, n_up, render  # noqa: E402
from static_widgets import replace_widgets  # noqa: E402

WIDTH, HEIGHT = 1280, 720
#: The lecturer's handouts beside the one-slide-a-page PDFs: slides a page, with notes.
NOTES_FOLDER = "com_notas"
N_UP = (2, 3)
#: The site, where `make book` and `make handouts` (whichever runs last) put the PDFs.
SITE = ROOT / "build" / "book" / "html"
MATHJAX = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
#: True once reveal.js laid out the pages, MathJax then typeset every formula on them and
#: every font loaded (the template sets the attribute from MathJax's own queue).
READY = """() => document.body.dataset.evalbookReady === 'typeset'
    && document.documentElement.classList.contains('reveal-print')
    && MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0"""
#: The colour emoji font the slides' "🤔 Preveja" and "🖱️" need (Debian's
#: fonts-noto-color-emoji): without it Chromium prints empty boxes.
EMOJI_FONT = "Noto Color Emoji"


#: Scale each slide taller than its page down to fit it whole (once images and math are
#: laid out); returns the scale of each slide scaled, by its 1-based number.
FIT_TO_PAGE = """() => {
    const scaled = {};
    document.querySelectorAll('.pdf-page > section').forEach((section, i) => {
        const height = section.scrollHeight, page = section.parentElement.clientHeight;
        if (height > page) {
            const k = page / height;
            // zoom, not a transform: the printed page breaks follow the zoomed layout
            section.style.width = `${section.clientWidth / k}px`;
            section.style.height = `${height}px`;
            section.style.zoom = String(k);
            scaled[i + 1] = Math.round(k * 100) / 100;
        }
    });
    return scaled;
}"""


#: A slide whose content fills less than this share of its page shares the page with the
#: next slide (or, the last, with the previous one) when both fit: no near-empty pages.
SHORT = 0.3
#: Put each short slide on a page with its neighbour when both fit (after FIT_TO_PAGE);
#: returns the 1-based numbers of the slides moved onto another slide's page.
MERGE_SHORT = """short => {
    const gap = 28, moved = [];
    const number = section => Array.from(
        document.querySelectorAll('.pdf-page > section')).indexOf(section) + 1;
    const used = page => Math.max(...Array.from(page.querySelectorAll(':scope > section'))
        .map(s => (parseFloat(s.style.top) || 0) + s.scrollHeight));
    const fits = (page, section) => {
        const top = parseFloat(page.querySelector(':scope > section').style.top) || 0;
        return !section.style.zoom && used(page) + gap + section.scrollHeight
            <= page.clientHeight - top;
    };
    const move = (section, page) => {
        moved.push(number(section));
        const from = section.parentElement;
        section.style.top = `${used(page) + gap}px`;
        page.appendChild(section);
        from.remove();
    };
    let pages = Array.from(document.querySelectorAll('.pdf-page'));
    for (let i = 0; i < pages.length; i++) {
        const page = pages[i], sections = page.querySelectorAll(':scope > section');
        if (sections.length !== 1 || sections[0].style.zoom) continue;
        if (used(page) >= short * page.clientHeight) continue;
        const next = pages[i + 1], previous = pages[i - 1];
        const nextSection = next && next.querySelector(':scope > section');
        if (nextSection && next.querySelectorAll(':scope > section').length === 1
                && fits(page, nextSection)) {
            move(nextSection, page);
        } else if (previous && fits(previous, sections[0])) {
            move(sections[0], previous);
        }
        pages = Array.from(document.querySelectorAll('.pdf-page'));
    }
    return moved;
}"""


#: MathJax 2 probes for TeX fonts that jupyter-server-mathjax does not ship, then uses the
#: STIX-Web fonts it does: those 404s are expected, any other is an error.
MATHJAX_PROBE = "/mathjax/fonts/HTML-CSS/TeX/"


def _bad_response(response, errors: list[str]) -> None:
    if response.status >= 400 and MATHJAX_PROBE not in response.url:
        errors.append(f"{response.status} {response.url}")


def _console_error(message, errors: list[str]) -> None:
    if message.type == "error" and MATHJAX_PROBE not in message.location.get("url", ""):
        errors.append(message.text)


IMAGES_LOADED = "() => Array.from(document.images).every(i => i.complete)"


def require_emoji_font() -> None:
    """Stop the build unless fontconfig knows the emoji font (Chromium finds it there)."""
    try:
        found = subprocess.run(
            ["fc-list", EMOJI_FONT], capture_output=True, text=True, check=False
        ).stdout
    except FileNotFoundError:
        found = ""
    if EMOJI_FONT not in found:
        raise SystemExit(
            f"handouts: no {EMOJI_FONT} font (the slides' emoji would print as empty boxes): "
            "apt-get install fonts-noto-color-emoji"
        )


def _copy_assets(out: Path) -> None:
    import jupyter_server_mathjax
    import sphinx_revealjs

    reveal = Path(sphinx_revealjs.__file__).parent / "_static" / "revealjs"
    shutil.copytree(reveal / "dist", out / "revealjs" / "dist")
    mathjax = Path(jupyter_server_mathjax.__file__).parent / "static"
    shutil.copytree(mathjax, out / "mathjax", ignore=shutil.ignore_patterns("SVG"))


def export_slides(lesson: Path, out: Path) -> Path:
    """Write the reveal.js deck of ``lesson`` into ``out``; returns its path."""
    import nbformat
    from build_book import book_title
    from nbconvert import SlidesExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    notebook = nbformat.read(lesson, as_version=4)
    replace_widgets(notebook, f"notebooks/{lesson.name}")
    title, _, rest = notebook.cells[0].source.partition("\n")
    notebook.cells[0].source = f"{book_title(title)}\n{rest}"  # "NN — title", as in the book
    exporter = SlidesExporter(
        template_name="handout",
        extra_template_basedirs=[str(BOOK / "templates")],
        reveal_url_prefix="revealjs",
        reveal_theme="white",
        reveal_width=str(WIDTH),
        reveal_height=str(HEIGHT),
        mathjax_url=MATHJAX,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )
    exporter.register_preprocessor(
        TagRemovePreprocessor(remove_input_tags={"hide-input"}, enabled=True), enabled=True
    )
    body, _ = exporter.from_notebook_node(notebook)
    deck = out / f"{lesson.stem}.slides.html"
    deck.write_text(body, encoding="utf-8")
    return deck


@contextlib.contextmanager
def _serve(folder: Path):
    """An HTTP server of ``folder`` on a free loopback port (fonts do not load from
    file:// pages); yields its URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def print_decks(decks: list[Path], out: Path) -> dict[str, dict]:
    """Print each deck to ``out/<lesson>.pdf`` in headless Chromium; returns the manifest."""
    from playwright.sync_api import sync_playwright

    manifest: dict[str, dict] = {}
    with _serve(decks[0].parent) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            for deck in decks:
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                refused: list[str] = []
                errors: list[str] = []

                def route(r, refused=refused):
                    if r.request.url.startswith(url + "/"):
                        r.continue_()
                    else:
                        refused.append(r.request.url)
                        r.abort()

                page.route("**/*", route)
                page.on("console", lambda m, e=errors: _console_error(m, e))
                page.on("pageerror", lambda x, e=errors: e.append(str(x)))
                page.on("response", lambda r, e=errors: _bad_response(r, e))
                page.goto(f"{url}/{deck.name}?print-pdf", wait_until="load")
                page.wait_for_function(READY, timeout=120_000)
                page.wait_for_function(IMAGES_LOADED, timeout=60_000)
                slides = page.evaluate(
                    "document.querySelectorAll('.reveal .slides section:not(.stack)').length"
                )
                scaled = page.evaluate(FIT_TO_PAGE)
                merged = page.evaluate(MERGE_SHORT, SHORT)
                name = deck.name.removesuffix(".slides.html")
                pdf = out / f"{name}.pdf"
                page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
                page.close()
                from pypdf import PdfReader

                pages = len(PdfReader(pdf).pages)
                notes = {str(k): n_up(pdf, out / NOTES_FOLDER / f"{name}_{k}.pdf", k) for k in N_UP}
                manifest[name] = {
                    "slides": slides,
                    "pages": pages,
                    "n_up_pages": notes,
                    "ink": [round(ink(image), 4) for image in render(pdf, scale=0.25)],
                    "scaled_to_fit": len(scaled),
                    "scales": scaled,
                    "sharing_a_page": merged,
                    "refused_requests": refused,
                    "console_errors": errors,
                }
                print(
                    f"handouts: {pdf}: {slides} slides, {pages} pages, scaled to fit: "
                    f"{scaled}, moved onto a neighbour's page: {merged}"
                )
        finally:
            browser.close()
    return manifest


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "handouts")
    parser.add_argument("lessons", nargs="*", help="lesson numbers (default: all), e.g. 05")
    args = parser.parse_args(argv)
    require_emoji_font()
    if not Path(CHROMIUM).exists():
        raise SystemExit(
            f"handouts: no Chromium at {CHROMIUM}: apt-get install chromium "
            "(or set EVALBOOK_CHROMIUM to its path)"
        )
    started = time.perf_counter()
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if args.lessons:
        lessons = [p for p in lessons if p.name.split("_")[0] in args.lessons]
    if args.build.exists():
        shutil.rmtree(args.build)
    decks_dir = args.build / "slides"
    decks_dir.mkdir(parents=True)
    (args.build / NOTES_FOLDER).mkdir()
    _copy_assets(decks_dir)
    decks = [export_slides(lesson, decks_dir) for lesson in lessons]
    manifest = print_decks(decks, args.build)
    (args.build / "manifest.json").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    problems = [
        f"{name}: {what}"
        for name, entry in manifest.items()
        for what in (entry["refused_requests"] + entry["console_errors"])
    ]
    if problems:
        raise SystemExit("handouts: requests refused or console errors:\n" + "\n".join(problems))
    if args.build == ROOT / "build" / "handouts" and SITE.is_dir():
        from build_book import copy_handouts

        copy_handouts(SITE, args.build)
    print(f"handouts: {len(decks)} PDFs in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
