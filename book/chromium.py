"""Debian's Chromium, as the handouts' builder and the browser tests launch it (headless,
through Playwright's Python package; never ``playwright install``).

``EVALBOOK_CHROMIUM`` names another executable. ``tests/conftest.py`` loads this file by
its path (``book/`` is not a package), so that both launch the same browser the same way.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("EVALBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
