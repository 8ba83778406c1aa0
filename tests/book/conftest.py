"""Fixtures of the book's and the handouts' tests: where the built site and PDFs are.

The tests read what ``make book`` and ``make handouts`` built (``build/book/html``,
``build/handouts``); they never build it themselves (a build takes minutes). Without a
build they are skipped, or fail when ``EVALBOOK_REQUIRE_BOOK=1`` (as ``.ci/run`` sets after
building both).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "book" / "html"
HANDOUTS = ROOT / "build" / "handouts"


@pytest.fixture(scope="session")
def book_module():
    """``book_module("handout_pages")``: a module of ``book/`` (not a package), loaded by
    its path."""
    import importlib.util

    def load(name: str):
        spec = importlib.util.spec_from_file_location(f"book_{name}", ROOT / "book" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


def _require_built(path: Path, target: str) -> Path:
    if not path.is_dir():
        message = f"{path.relative_to(ROOT)} is not built: run `make {target}` first"
        if os.environ.get("EVALBOOK_REQUIRE_BOOK", "") not in ("", "0"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site (``make book``)."""
    return _require_built(SITE, "book")


@pytest.fixture(scope="module")
def handouts() -> Path:
    """The built handouts (``make handouts``)."""
    return _require_built(HANDOUTS, "handouts")


@pytest.fixture(scope="module")
def server(site, free_port_module):
    """The built site served by ``python -m http.server`` on a free loopback port."""
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
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def browser(require_browser, chromium):
    """Headless Chromium (Playwright), for the module's tests."""
    require_browser()
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(**chromium)
    yield browser
    browser.close()
    playwright.stop()
