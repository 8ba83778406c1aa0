"""Shared fixtures of the explorers' tests."""

import pytest

from evalbook import config_context


@pytest.fixture(autouse=True)
def _portuguese(_english_display):
    """The explorers speak the lessons' language (the library's default is English)."""
    with config_context(language="pt"):
        yield
