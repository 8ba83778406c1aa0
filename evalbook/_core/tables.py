"""Tables that the library returns and a notebook displays in the display language.

A table the library returns is data: its keys (column names, index labels, axis names, a
Series' name) are English, the same in every language, so ``explorer.metrics["recall"]`` or
``cm.to_frame().loc["spam"]`` work in every display language (:func:`evalbook.set_config`).
What a student sees of it is a display, and a display follows the language. So the library returns
its tables as :class:`DisplayFrame` and :class:`DisplaySeries`: pandas objects like any other
(pandas' documented subclass protocol keeps the type through selection, ``round`` and the
like), whose printed form (``print``, ``repr``) and notebook display (``_repr_html_``) show
:func:`translated`, a copy with every label that the library knows as a term (the metric
names, ``threshold``, ``target``/``prediction``...) in the display language. Outside
English, a Series shows as a one-column table headed by its name, without pandas'
``Name: ... dtype: ...`` line. In English (the default) they show as pandas shows them:
the keys are the labels.

:func:`translated` is also the display helper for any table: it returns a plain pandas
object, for a lesson to show a table of its own in the display language.

:func:`evalbook.metrics_table` returns a :class:`MetricsTable`, whose notebook display also
writes the numbers with four decimals.
Imported only where pandas already is (this module imports pandas).
"""

from __future__ import annotations

import numbers
from typing import ClassVar

import pandas as pd

from evalbook._core.config import language as display_language
from evalbook._core.messages import N_, gettext
from evalbook._core.render import Cell, html_table, number, term

__all__ = ["DisplayFrame", "DisplaySeries", "MetricsTable", "translated"]


#: The English names of the keys of the library's tables that no other display uses (the
#: others are in :data:`evalbook._core.render.TERMS`), message ids of the catalogues.
TABLE_TERMS = {
    "reference": N_("reference"),
    "result": N_("result"),
    "count": N_("count"),
    "tp": N_("TP"),
    "fp": N_("FP"),
    "fn": N_("FN"),
    "tn": N_("TN"),
    "fbeta": N_("F-beta"),
    "gain": N_("gain"),
    "cdf_positive": N_("CDF of the positives"),
    "cdf_negative": N_("CDF of the negatives"),
    "overall": N_("overall"),
    "accuracy_lower": N_("accuracy, lower bound"),
    "accuracy_upper": N_("accuracy, upper bound"),
    "no_information_rate": N_("no information rate"),
    "accuracy_p_value": N_("p-value [accuracy > NIR]"),
    "mcnemar_p_value": N_("McNemar's test p-value"),
    "train_error": N_("training error"),
    "validation_error": N_("validation error"),
    "max_depth": N_("maximum depth"),
    "majority_share": N_("majority share"),
    "dumb_accuracy": N_("accuracy (dumb)"),
    "dumb_kappa": N_("kappa (dumb)"),
    "fold": N_("fold"),
    "split": N_("split"),
    "simulated": N_("simulated"),
    "simulated_std": N_("simulated standard deviation"),
}


def _label(value):
    """``value`` in the display language if it is a term of the library (a string), else
    itself.

    In English the keys are the labels: a table shows its keys as they are.
    """
    if display_language() == "en":
        return value
    if isinstance(value, str):
        message = TABLE_TERMS.get(value)
        return term(value) if message is None else gettext(message)
    if isinstance(value, tuple):  # a level of a MultiIndex
        return tuple(_label(item) for item in value)
    return value


def _index(index: pd.Index) -> pd.Index:
    names = [_label(name) for name in index.names]
    if isinstance(index, pd.MultiIndex):
        return index.set_levels([level.map(_label) for level in index.levels]).set_names(names)
    if index.dtype == object or pd.api.types.is_string_dtype(index.dtype):
        index = pd.Index([_label(v) for v in index], dtype=object)
    else:
        index = index.copy()
    return index.set_names(names)


def translated(table):
    """A copy of a table for display: its labels in the display language.

    Every label that is a term of the library (a metric name such as ``"recall"``, a column
    such as ``"threshold"``, an axis name such as ``"target"``) becomes its name in the
    language, as the explorers and :func:`evalbook.summary` write it; other labels (class
    names, numbers) stay as they are. In English the keys are already the labels and stay
    as they are. A Series becomes a one-column DataFrame headed by
    its name ("value" when it has none), which a notebook shows as a table, without pandas'
    ``dtype`` line. The result is a plain pandas DataFrame: for showing, not for reading
    values by key (the keys of the library's tables are English in every language).

    Parameters
    ----------
    table : pandas.DataFrame or pandas.Series

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import pandas as pd
    >>> values = pd.Series({"accuracy": 0.75, "recall": 0.6667}, name="value")
    >>> values.index.name = "metric"
    >>> from evalbook import config_context
    >>> with config_context(language="pt"):
    ...     print(translated(values))
                         valor
    métrica
    acurácia            0.7500
    revocação (recall)  0.6667
    """
    if isinstance(table, pd.Series):
        name = "value" if table.name is None else table.name
        table = pd.DataFrame(table).set_axis([name], axis=1)
    elif not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be a pandas DataFrame or Series; got {type(table).__name__}")
    frame = pd.DataFrame(table, copy=True)
    frame.index = _index(frame.index)
    frame.columns = _index(frame.columns)
    return frame


class _ShownInLanguage:
    """``print`` and the notebook display of a pandas object: pandas' own in English, else
    :func:`translated` (placed before the pandas class in the bases)."""

    def __repr__(self) -> str:
        if display_language() == "en":
            return super().__repr__()
        return repr(translated(self))

    def _repr_html_(self) -> str | None:
        if display_language() == "en":  # pandas' own display (a Series has no HTML form)
            return getattr(super(), "_repr_html_", lambda: None)()
        return translated(self)._repr_html_()


class DisplaySeries(_ShownInLanguage, pd.Series):
    """A pandas Series of the library: English keys, shown in the display language.

    ``print`` and the notebook display show :func:`translated` (a one-column table);
    everything else is a pandas Series.
    """

    _metadata: ClassVar[list] = []  # no extra attributes to carry (pandas' subclass protocol)

    @property
    def _constructor(self):
        return DisplaySeries

    @property
    def _constructor_expanddim(self):
        return DisplayFrame


class DisplayFrame(_ShownInLanguage, pd.DataFrame):
    """A pandas DataFrame of the library: English keys, shown in the display language.

    ``print`` and the notebook display show :func:`translated`; everything else is a
    pandas DataFrame (a column taken from it is a :class:`DisplaySeries`).
    """

    _metadata: ClassVar[list] = []

    @property
    def _constructor(self):
        return DisplayFrame

    @property
    def _constructor_sliced(self):
        return DisplaySeries


class MetricsTable(DisplayFrame):
    """The DataFrame of :func:`evalbook.metrics_table`, displayed in the display language.

    Any operation on it (selection, arithmetic) gives a :class:`DisplayFrame` (or
    :class:`DisplaySeries`).

    Examples
    --------
    >>> from evalbook import metrics_table
    >>> from evalbook import config_context
    >>> with config_context(language="pt"):
    ...     page = metrics_table([[6, 3], [2, 9]])._repr_html_()
    >>> "revocação (recall)" in page and ">0.6667</td>" in page and ">métrica</th>" in page
    True
    """

    _metadata: ClassVar[list] = []

    @property
    def _constructor(self):
        return DisplayFrame

    def _repr_html_(self) -> str:
        rows = []
        for name, row in self.iterrows():
            cells = [Cell(term(str(name)), header=True, align="left", attrs={"title": name})]
            for column in self.columns:
                value = row[column]
                if isinstance(value, numbers.Real) and not isinstance(value, bool):
                    cells.append(Cell(number(value, 4), align="right"))
                else:
                    cells.append(Cell(value))
            rows.append(cells)
        return html_table(rows, header=[term("metric"), *(term(str(c)) for c in self.columns)])
