"""Paths: the one check of every argument that names a file or a folder."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["as_path", "is_path"]


def is_path(value) -> bool:
    """Whether ``value`` can name a file or folder: a non-empty ``str`` or ``os.PathLike``
    (``pathlib.Path``) of text, without a NUL character. For a caller that words its own
    message (the exercise engine speaks to students in their language)."""
    if not isinstance(value, (str, os.PathLike)):
        return False
    text = os.fspath(value)
    return isinstance(text, str) and bool(text.strip()) and "\x00" not in text


def as_path(value, name: str) -> Path:
    """``value`` as a :class:`pathlib.Path`, refused unless it is a path (:func:`is_path`).

    A number, None, a list or a file object is a TypeError naming ``name`` (instead of
    Python's "expected str, bytes or os.PathLike object"); an empty text, which
    ``Path("")`` would silently read as the current folder, or one with a NUL character,
    a ValueError.
    """
    if not isinstance(value, (str, os.PathLike)) or isinstance(os.fspath(value), bytes):
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise TypeError(
            f"{name} must be a path (a str or a pathlib.Path); got {type(value).__name__} {shown}"
        )
    if not is_path(value):
        raise ValueError(f"{name} must name a file or folder; got {os.fspath(value)!r}")
    return Path(value)
