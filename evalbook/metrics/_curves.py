"""One type for every curve: ROC, precision-recall, F-beta, KS, gain and lift, calibration.

A :class:`Curve` is what :func:`~evalbook.roc_curve`, :func:`~evalbook.precision_recall_curve`,
:func:`~evalbook.fbeta_curve`, :func:`~evalbook.ks_curve`, :func:`~evalbook.gain_lift` and
:func:`~evalbook.calibration_curve` return: named numpy arrays, one entry per point, read as
attributes (``curve.fpr``) and a table for reading (:meth:`Curve.to_frame`); its figure is
a Display's (``RocCurveDisplay.from_curve(curve).plot()``, :mod:`evalbook.displays`). As
scikit-learn's curves, the points are plain arrays; unlike them, they carry their names, so
a lesson never has to remember which of three arrays is which.

pandas is imported by :meth:`Curve.to_frame` only.
"""

from __future__ import annotations

import numpy as np

from evalbook._core.checks import as_curve_columns
from evalbook._core.messages import N_
from evalbook._core.render import say

__all__ = ["CURVE_KINDS", "Curve"]

#: Each kind of curve: its columns, the columns drawn as (x, y), the column that indexes
#: its table (None: rows numbered from 0), what the curve is called, and what one entry
#: is when it is not a point ("unit": one entry per bin).
CURVE_KINDS = {
    "roc": {
        "columns": ("threshold", "fpr", "tpr", "tp", "fp"),
        "xy": ("fpr", "tpr"),
        "index": None,
        "name": N_("ROC curve"),
    },
    "precision_recall": {
        "columns": ("threshold", "precision", "recall", "tp", "fp"),
        "xy": ("recall", "precision"),
        "index": None,
        "name": N_("precision-recall curve"),
    },
    "fbeta": {
        "columns": ("threshold", "precision", "recall", "fbeta", "tp", "fp", "fn"),
        "xy": ("threshold", "fbeta"),
        "index": None,
        "name": N_("F-beta by threshold"),
    },
    "ks": {
        "columns": ("score", "cdf_positive", "cdf_negative"),
        "xy": ("score", "cdf_positive"),
        "index": None,
        "name": N_("score CDFs (KS)"),
    },
    "gain_lift": {
        "columns": ("bin", "n", "positives", "gain", "cumulative_gain", "lift", "cumulative_lift"),
        "xy": ("bin", "cumulative_gain"),
        "index": "bin",
        "name": N_("gain and lift by bin"),
        "unit": "bins",
    },
    "calibration": {
        "columns": ("lower", "upper", "count", "mean_predicted", "fraction_positive"),
        "xy": ("mean_predicted", "fraction_positive"),
        "index": None,
        "name": N_("reliability diagram"),
        "unit": "bins",
    },
    "roc_band": {
        "columns": ("specificity", "fpr", "tpr", "tpr_lower", "tpr_upper"),
        "xy": ("fpr", "tpr"),
        "index": None,
        "name": N_("ROC curve's confidence band"),
    },
    "precision_recall_band": {
        "columns": ("recall", "precision", "precision_lower", "precision_upper"),
        "xy": ("recall", "precision"),
        "index": None,
        "name": N_("precision-recall curve's confidence band"),
    },
    "calibration_band": {
        "columns": (
            "mean_predicted",
            "fraction_positive",
            "count",
            "fraction_lower",
            "fraction_upper",
        ),
        "xy": ("mean_predicted", "fraction_positive"),
        "index": None,
        "name": N_("reliability diagram with intervals"),
        "unit": "bins",
    },
}

_TEXT = {
    "points": N_("{name}, {n} points"),
    "bins": N_("{name}, {n} bins"),
}


class Curve:
    """Named arrays of the points of one curve, read-only; a table on request.

    Parameters
    ----------
    kind : str
        One of :data:`CURVE_KINDS`: ``"roc"``, ``"precision_recall"``, ``"fbeta"``,
        ``"ks"``, ``"gain_lift"``, ``"calibration"``.
    columns : mapping of str to array-like
        One one-dimensional array of numbers per column of the kind, all of one length
        (a dict, or a DataFrame); text, booleans, a list of pairs or a kind that is not a
        str are refused, naming the argument.
    **details
        Numbers that describe the whole curve (e.g. ``beta`` of an F-beta curve), read
        as attributes too.

    Attributes
    ----------
    kind : str
    columns : tuple of str
        The names of the arrays, in order; each is an attribute (``curve.fpr``) and an
        item (``curve["fpr"]``).
    x, y : numpy.ndarray
        The two columns a plot draws (``fpr`` and ``tpr`` for a ROC curve).

    Examples
    --------
    >>> from evalbook import roc_curve
    >>> curve = roc_curve([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)
    >>> len(curve), curve.tp.tolist(), curve.columns
    (5, [0, 1, 1, 2, 2], ('threshold', 'fpr', 'tpr', 'tp', 'fp'))
    >>> curve.to_frame().query("fpr == 0.5").threshold.tolist()  # rows, as a table
    [0.8, 0.4]
    >>> curve.fpr[0] = 1.0
    Traceback (most recent call last):
    ...
    ValueError: assignment destination is read-only
    """

    __slots__ = ("_arrays", "_details", "kind")

    def __init__(self, kind, columns, **details):
        arrays = as_curve_columns(kind, columns, CURVE_KINDS)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "_arrays", arrays)
        object.__setattr__(self, "_details", dict(details))

    def __setattr__(self, name, value):
        raise AttributeError(f"a Curve is read-only; cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"a Curve is read-only; cannot delete {name!r}")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        arrays = self._arrays
        if name in arrays:
            return arrays[name]
        if name in self._details:
            return self._details[name]
        raise AttributeError(
            f"a {self.kind!r} curve has the columns {list(arrays)}"
            + (f" and the details {list(self._details)}" if self._details else "")
            + f"; got {name!r}"
        )

    def __getitem__(self, column):
        if not (isinstance(column, str) and column in self._arrays):
            raise KeyError(
                f"a {self.kind!r} curve has the columns {list(self._arrays)}; got {column!r} "
                "(use curve.to_frame() to filter its rows as a table)"
            )
        return self._arrays[column]

    __iter__ = None  # not a sequence of points: read the columns by name

    def __dir__(self):
        return [*super().__dir__(), *self._arrays, *self._details]

    def __len__(self) -> int:
        return len(next(iter(self._arrays.values())))

    def __reduce__(self):
        return (_rebuild, (self.kind, self._arrays, self._details))

    @property
    def columns(self) -> tuple:
        return tuple(self._arrays)

    @property
    def x(self) -> np.ndarray:
        return self._arrays[CURVE_KINDS[self.kind]["xy"][0]]

    @property
    def y(self) -> np.ndarray:
        return self._arrays[CURVE_KINDS[self.kind]["xy"][1]]

    def to_frame(self):
        """The points as a pandas DataFrame, one row per point, a column per array.

        The columns keep the curve's (English) names; printed or displayed in a notebook
        the table names them in the display language (a
        ``DisplayFrame``, a pandas DataFrame).
        """
        from evalbook._core.tables import DisplayFrame

        frame = DisplayFrame(dict(self._arrays))
        index = CURVE_KINDS[self.kind]["index"]
        return frame.set_index(index) if index else frame

    def title(self) -> str:
        """What the curve is and how many points (or bins) it has, in the display language."""
        kind = CURVE_KINDS[self.kind]
        name = say(kind, "name")
        return say(_TEXT, kind.get("unit", "points"), name=name, n=len(self))

    def __repr__(self) -> str:
        return f"{self.title()}\n{self.to_frame()!r}"

    def _repr_html_(self) -> str:
        import html

        return f"<p>{html.escape(self.title())}</p>{self.to_frame()._repr_html_()}"


def _rebuild(kind, arrays, details):
    return Curve(kind, arrays, **details)
