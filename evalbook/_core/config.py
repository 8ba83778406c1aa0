"""The library's configuration: :func:`set_config`, :func:`get_config`, :func:`config_context`.

In the style of scikit-learn's ``sklearn/_config.py``, with one difference that a notebook
needs: :func:`set_config` sets the process's configuration, which every thread reads, and
:func:`config_context` overrides it for a block of code in its own thread only. A lesson's
setup cell sets the language once, and an explorer redrawn by a slider (ipykernel handles
widget messages outside the thread that ran the cell) speaks the same language; a test's
``with config_context(...)`` changes nothing another thread sees. One setting today, the
display language.

This module imports nothing but the standard library: ``import evalbook`` stays light.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

__all__ = ["LANGUAGES", "config_context", "get_config", "set_config"]

#: The display languages: English (the default) and Brazilian Portuguese.
LANGUAGES = ("en", "pt")

#: The process's configuration: what :func:`set_config` sets and every thread reads.
_global_config = {"language": "en"}
#: Per thread: the settings a :func:`config_context` block overrides (none outside blocks).
_threadlocal = threading.local()


def _overrides() -> dict:
    """This thread's overrides (mutable): empty outside every ``config_context`` block."""
    if not hasattr(_threadlocal, "overrides"):
        _threadlocal.overrides = {}
    return _threadlocal.overrides


def language() -> str:
    """The display language of this thread (what every display, report and explorer reads):
    its block's, or else the process's. Read at every word shown, so it builds no dict."""
    return _overrides().get("language", _global_config["language"])


def check_language(language) -> str:
    """``language`` if it is one of :data:`LANGUAGES`, else a ValueError naming it."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}; got {language!r}")
    return language


def get_config() -> dict:
    """The current configuration, a copy: keys are the arguments of :func:`set_config`.

    Returns
    -------
    dict

    Examples
    --------
    >>> get_config()
    {'language': 'en'}
    """
    return {**_global_config, **_overrides()}  # a new dict: the caller's to change


def set_config(*, language=None) -> None:
    """Set the library's configuration; an argument left None keeps its setting.

    The process's setting, which every thread reads (a notebook's cells and its widgets'
    callbacks alike); inside a :func:`config_context` block, the block's only.

    Parameters
    ----------
    language : {"en", "pt"}, optional
        The language of every display, report and explorer: ``"en"`` (English, the
        default) or ``"pt"`` (Brazilian Portuguese: labels, metric names, table headers,
        thousands apart by a space). The API (function names, arguments, the keys of the
        returned tables) stays English either way. The lessons set ``"pt"`` in their setup
        cell.

    See Also
    --------
    config_context : The same settings for a block of code only.
    get_config : The current settings.

    Examples
    --------
    >>> from evalbook._core.render import number
    >>> set_config(language="pt")
    >>> number(1957.5, 2)
    '1\xa0957.50'
    >>> set_config(language="en")
    >>> number(1957.5, 2)
    '1,957.50'
    """
    if language is not None:
        language = check_language(language)
        if "language" in _overrides():  # inside a block: the block's setting, until it ends
            _overrides()["language"] = language
        else:
            _global_config["language"] = language


@contextmanager
def config_context(*, language=None):
    """The settings of :func:`set_config` inside a ``with`` block, in this thread only; the
    previous ones after it.

    Every setting, not only those given, comes back to its previous value when the block
    ends (also when it raises); a :func:`set_config` inside the block lasts as long as the
    block, as in scikit-learn.

    Parameters
    ----------
    language : {"en", "pt"}, optional
        The display language inside the block (see :func:`set_config`).

    Yields
    ------
    None

    Examples
    --------
    >>> from evalbook import ConfusionMatrix
    >>> with config_context(language="pt"):
    ...     print(ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"]))
    Matriz de confusão (n = 20)
    predição  spam  ham
    alvo
    spam         6    3
    ham          2    9
    >>> get_config()["language"]
    'en'
    """
    previous = _overrides().copy()
    if language is not None:
        _overrides()["language"] = check_language(language)
    try:
        yield
    finally:
        _threadlocal.overrides = previous
