"""Shared fixtures of the exercises' tests."""

import pytest

from evalbook.exercises import reset_progress


@pytest.fixture(autouse=True)
def _fresh_record():
    """Each test starts with no tries recorded, so it sees the first step of hints, and
    leaves none behind."""
    reset_progress()
    yield
    reset_progress()
