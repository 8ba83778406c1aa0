"""What a reader sees, from gettext message catalogues: one per language and domain.

The library's words are the gettext domain ``evalbook``: the English text is the message
id, written in the code where it is used (``_("threshold t")``) or, where the code needs an
identifier, in a table of identifiers and marked with :func:`N_` (the metric names of
:data:`evalbook._core.render.TERMS`); the Brazilian Portuguese is the catalogue
``evalbook/locale/pt_BR/LC_MESSAGES/evalbook.po``, compiled to ``evalbook.mo`` beside it
(``make messages`` extracts, updates and compiles with Babel). At run time the standard
library's :mod:`gettext` reads the compiled catalogue of the display language
(:func:`evalbook.set_config`); in English, or for a message that a catalogue lacks, the
message id is the text.

A course adds its own domain with :func:`add_messages`: its words (the names of its
data's keys, given as ``terms``) and, if it wants, its own wording of a library message
(a reference to its texts). Its catalogues are read before the library's.

A message with fields names them (``_("{n} instances").format(n=3)``); one English word
with two translations takes a context (:func:`pgettext`).

This module imports nothing but the standard library: ``import evalbook`` stays light.
"""

from __future__ import annotations

import functools
import gettext as _gettext
from collections.abc import Mapping
from pathlib import Path

from evalbook._core.config import check_language, language

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "N_",
    "add_messages",
    "gettext",
    "ngettext",
    "pgettext",
    "translations",
]

#: The library's gettext domain and the folder of its catalogues.
DOMAIN = "evalbook"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

#: The catalogue's name of a display language, where it is not the language itself.
_CATALOGUE_NAMES = {"pt": "pt_BR"}

#: The domains read for a message, first to last: the courses' (the latest first), then
#: the library's.
_DOMAINS: list[tuple[str, Path]] = [(DOMAIN, LOCALE_DIR)]

#: Identifiers a course added (the keys of its data) -> their English names.
COURSE_TERMS: dict[str, str] = {}


def N_(message: str) -> str:
    """``message`` itself: marks a message id that is translated later (by its key)."""
    return message


@functools.cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogues of ``language``, chained: each course's, then the library's.

    A message that a catalogue lacks goes on to the next one (gettext's fallback); past the
    last, the message id is the text. English has no catalogue: its texts are the ids.
    """
    check_language(language)
    name = _CATALOGUE_NAMES.get(language, language)
    chain = None
    for domain, localedir in _DOMAINS:
        catalogue = _gettext.translation(domain, localedir, languages=[name], fallback=True)
        if chain is None:
            chain = catalogue
        else:
            chain.add_fallback(catalogue)
    return chain


def add_messages(domain: str, localedir, *, terms=None) -> None:
    """Add a course's message catalogues, read before the library's.

    Parameters
    ----------
    domain : str
        The gettext domain: ``localedir/<language>/LC_MESSAGES/<domain>.mo`` holds its
        translations (``pt_BR`` for Portuguese).
    localedir : str or path-like
        The folder of the catalogues.
    terms : mapping of str to str, optional
        Identifiers of the course's data (a key of a table the library shows, such as a
        model name) -> their English names, which the domain's catalogues translate. The
        library's displays show them as they show their own terms.

    Examples
    --------
    A course's package registers its catalogue when imported:

    >>> add_messages(  # doctest: +SKIP
    ...     "evalcourse",
    ...     Path(__file__).resolve().parent / "locale",
    ...     terms={"decision_tree": N_("decision tree"), "knn": N_("k-NN")},
    ... )
    """
    if not isinstance(domain, str):
        raise TypeError(f"domain must be a string; got {type(domain).__name__}")
    if not domain:
        raise ValueError("domain must be a name; got an empty string")
    from evalbook._core.checks import as_path  # the validation layer imports numpy: here

    localedir = as_path(localedir, "localedir")
    if not localedir.is_dir():
        raise ValueError(f"localedir must be a folder of catalogues; got {str(localedir)!r}")
    if terms is not None and not isinstance(terms, Mapping):
        raise TypeError(f"terms must be a mapping of keys to messages; got {type(terms).__name__}")
    terms = dict(terms or {})
    for key, message in terms.items():
        if not isinstance(key, str) or not isinstance(message, str):
            raise TypeError(f"terms must map strings to strings; got {key!r}: {message!r}")
    entry = (domain, localedir)
    if entry in _DOMAINS:
        _DOMAINS.remove(entry)
    _DOMAINS.insert(0, entry)
    COURSE_TERMS.update(terms)
    translations.cache_clear()


def gettext(message: str) -> str:
    """``message`` in the display language (the id itself where no catalogue has it)."""
    if not message:  # gettext("") is a catalogue's header
        return message
    return translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` in the display language, as ``n`` asks (the language's
    plural rule)."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the display language, as its translation in ``context``."""
    return translations(language()).pgettext(context, message)


#: gettext's usual short name, for the messages written where they are used.
_ = gettext
