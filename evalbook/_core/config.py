"""The library's configuration: :func:`set_config`, :func:`get_config`, :func:`config_context`.

scikit-learn's pattern (``sklearn/_config.py``): the defaults in one dict, and each thread
its own copy of it, made on first use, so that a setting chosen in one thread (a notebook's
kernel) is not changed under it by another. One setting today, the display language.

This module imports nothing but the standard library: ``import evalbook`` stays light.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

__all__ = ["LANGUAGES", "config_context", "get_config", "set_config"]

#: The display languages: English (the default) and Brazilian Portuguese.
LANGUAGES = ("en", "pt")

_global_config = {"language": "en"}
_threadlocal = threading.local()


def _get_threadlocal_config() -> dict:
    """This thread's configuration (mutable), a copy of the defaults on first use."""
    if not hasattr(_threadlocal, "global_config"):
        _threadlocal.global_config = _global_config.copy()
    return _threadlocal.global_config


def language() -> str:
    """The display language of this thread (what every display, report and explorer reads)."""
    return _get_threadlocal_config()["language"]


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
    return _get_threadlocal_config().copy()


def set_config(*, language=None) -> None:
    """Set the library's configuration; an argument left None keeps its setting.

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
    local_config = _get_threadlocal_config()
    if language is not None:
        local_config["language"] = check_language(language)


@contextmanager
def config_context(*, language=None):
    """The settings of :func:`set_config` inside a ``with`` block; the previous ones after it.

    Every setting, not only those given, comes back to its previous value when the block
    ends (also when it raises).

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
    old_config = get_config()
    set_config(language=language)
    try:
        yield
    finally:
        set_config(**old_config)
