"""Shared fixtures of the explorers' tests."""

import pytest

from evalbook._core.render import set_language


@pytest.fixture(autouse=True)
def _portuguese():
    """The explorers speak the lessons' language (the library's default is English)."""
    previous = set_language("pt")
    yield
    set_language(previous)
