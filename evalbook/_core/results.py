"""The one kind of result of a test, an interval or a decomposition: a named, frozen tuple.

Every function of the library that returns several named numbers (a statistic and its
p-value, the two ends of an interval, the parts of a decomposition) returns a
:class:`typing.NamedTuple` decorated with :func:`result`. A NamedTuple is what the lessons
need from a result, with nothing of our own: it unpacks (``lower, upper =
accuracy_interval(...)``, ``t, p = paired_ttest_5x2cv(...)``), reads by name
(``result.p_value``), cannot be changed, and prints its fields by name. The decorator adds
only what a student sees:

- ``str(result)`` and the notebook display (IPython's ``_repr_pretty_``) name each field in
  the display language, the attribute name in parentheses ("estatística (statistic) =
  0.5"), so a Portuguese slide reads Portuguese and still says which attribute holds what;
- ``repr(result)`` stays the code form, ``KSResult(statistic=0.5, score=0.1)``;
- ``to_dict()``, a plain dict of the fields (a table row).

A class that writes its own ``__str__`` (a sentence, e.g. a comparison's verdict) keeps it.
:data:`RESULT_TYPES` lists every result class, for the tests.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from evalbook._core.render import number, term

__all__ = ["RESULT_TYPES", "result", "result_text"]

#: Every result class of the library, in the order they were defined.
RESULT_TYPES: list[type] = []


def _value_text(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        text = number(value, 4, style="g")
        whole = text.lstrip("-").replace("\N{NO-BREAK SPACE}", "").replace(",", "").isdigit()
        return text + ".0" if whole else text  # a float reads as one: 7.0, not 7
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {_value_text(item)}" for key, item in value.items())
    if isinstance(value, (tuple, list, np.ndarray)):
        return "(" + ", ".join(_value_text(item) for item in np.asarray(value).tolist()) + ")"
    return str(value)


def result_text(value) -> str:
    """A result's fields one per line, each named in the display language.

    Examples
    --------
    >>> from evalbook import config_context, ks_statistic
    >>> with config_context(language="pt"):
    ...     print(result_text(ks_statistic([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)))
    KSResult
      estatística (statistic) = 0.5
      score = 0.1
    """
    lines = [type(value).__name__]
    for name in value._fields:
        label = term(name)
        shown = name if label == name else f"{label} ({name})"
        lines.append(f"  {shown} = {_value_text(getattr(value, name))}")
    return "\n".join(lines)


def _str(self) -> str:
    return result_text(self)


def _repr_pretty_(self, printer, cycle) -> None:
    printer.text(str(self))


def _to_dict(self) -> dict:
    """The fields as a plain dict, in order."""
    return dict(self._asdict())


def result(cls):
    """Make the NamedTuple class ``cls`` a result of the library (see the module's text)."""
    if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise TypeError(f"a result type must be a typing.NamedTuple; got {cls.__name__}")
    if "__str__" not in cls.__dict__:
        cls.__str__ = _str
    cls._repr_pretty_ = _repr_pretty_
    cls.to_dict = _to_dict
    RESULT_TYPES.append(cls)
    return cls
