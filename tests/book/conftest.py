"""Fixtures of the book's and the handouts' tests: where the built site and PDFs are.

The tests read what ``make book`` and ``make handouts`` built (``build/book/html``,
``build/handouts``); they never build it themselves (a build takes minutes). Without a
build they are skipped, or fail when ``EVALBOOK_REQUIRE_BOOK=1`` (as ``.ci/run`` sets after
building both).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "book" / "html"
HANDOUTS = ROOT / "build" / "handouts"


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
