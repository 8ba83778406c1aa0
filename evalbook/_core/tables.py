"""Tables that the library returns and a notebook displays in the display language.

A table the library returns is data: its keys (column names, index labels, axis names, a
Series' name) are English, the same in every language, so ``explorer.metrics["recall"]`` or
``cm.to_frame().loc["spam"]`` work whatever :func:`evalbook.set_language` says. What a
student sees of it is a display, and a display follows the language. So the library returns
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

from evalbook._core.render import Cell, get_language, html_table, number, resolve_language, term

__all__ = ["DisplayFrame", "DisplaySeries", "MetricsTable", "translated"]


#: The words of the keys of the library's tables that no other display uses (the others
#: are in :data:`evalbook._core.render.TERMS`).
TABLE_TERMS = {
    "reference": {"en": "reference", "pt": "referência"},
    "result": {"en": "result", "pt": "resultado"},
    "count": {"en": "count", "pt": "contagem"},
    "tp": {"en": "TP", "pt": "TP"},
    "fp": {"en": "FP", "pt": "FP"},
    "fn": {"en": "FN", "pt": "FN"},
    "tn": {"en": "TN", "pt": "TN"},
    "fbeta": {"en": "F-beta", "pt": "F-beta"},
    "gain": {"en": "gain", "pt": "ganho"},
    "cdf_positive": {"en": "CDF of the positives", "pt": "distribuição acumulada dos positivos"},
    "cdf_negative": {"en": "CDF of the negatives", "pt": "distribuição acumulada dos negativos"},
    "overall": {"en": "overall", "pt": "geral"},
    "accuracy_lower": {"en": "accuracy, lower bound", "pt": "acurácia, limite inferior"},
    "accuracy_upper": {"en": "accuracy, upper bound", "pt": "acurácia, limite superior"},
    "no_information_rate": {"en": "no information rate", "pt": "taxa de não informação"},
    "accuracy_p_value": {"en": "p-value [accuracy > NIR]", "pt": "valor-p [acurácia > NIR]"},
    "mcnemar_p_value": {"en": "McNemar's test p-value", "pt": "valor-p do teste de McNemar"},
    "train_error": {"en": "training error", "pt": "erro de treino"},
    "validation_error": {"en": "validation error", "pt": "erro de validação"},
    "max_depth": {"en": "maximum depth", "pt": "profundidade máxima"},
    "majority_share": {"en": "majority share", "pt": "fração da maioria"},
    "dumb_accuracy": {"en": "accuracy (dumb)", "pt": "acurácia (burro)"},
    "dumb_kappa": {"en": "kappa (dumb)", "pt": "kappa (burro)"},
    "fold": {"en": "fold", "pt": "partição (fold)"},
    "split": {"en": "split", "pt": "divisão"},
    "simulated": {"en": "simulated", "pt": "simulado"},
    "simulated_std": {"en": "simulated standard deviation", "pt": "desvio padrão simulado"},
}


def _label(value, language):
    """``value`` in ``language`` if it is a term of the library (a string), else itself.

    In English the keys are the labels: a table shows its keys as they are.
    """
    if language == "en":
        return value
    if isinstance(value, str):
        entry = TABLE_TERMS.get(value)
        return term(value, language) if entry is None else entry[language]
    if isinstance(value, tuple):  # a level of a MultiIndex
        return tuple(_label(item, language) for item in value)
    return value


def _index(index: pd.Index, language) -> pd.Index:
    names = [_label(name, language) for name in index.names]
    if isinstance(index, pd.MultiIndex):
        return index.set_levels(
            [level.map(lambda v: _label(v, language)) for level in index.levels]
        ).set_names(names)
    if index.dtype == object or pd.api.types.is_string_dtype(index.dtype):
        index = pd.Index([_label(v, language) for v in index], dtype=object)
    else:
        index = index.copy()
    return index.set_names(names)


def translated(table, *, language=None):
    """A copy of a table for display: its labels in ``language`` (default: the current one).

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
    language : {"en", "pt"}, optional

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import pandas as pd
    >>> values = pd.Series({"accuracy": 0.75, "recall": 0.6667}, name="value")
    >>> values.index.name = "metric"
    >>> print(translated(values, language="pt"))
                         valor
    métrica
    acurácia            0.7500
    revocação (recall)  0.6667
    """
    language = resolve_language(language)
    if isinstance(table, pd.Series):
        name = "value" if table.name is None else table.name
        table = pd.DataFrame(table).set_axis([name], axis=1)
    elif not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be a pandas DataFrame or Series; got {type(table).__name__}")
    frame = pd.DataFrame(table, copy=True)
    frame.index = _index(frame.index, language)
    frame.columns = _index(frame.columns, language)
    return frame


class _ShownInLanguage:
    """``print`` and the notebook display of a pandas object: pandas' own in English, else
    :func:`translated` (placed before the pandas class in the bases)."""

    def __repr__(self) -> str:
        if get_language() == "en":
            return super().__repr__()
        return repr(translated(self))

    def _repr_html_(self) -> str | None:
        if get_language() == "en":  # pandas' own display (a Series has no HTML form)
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
    >>> from evalbook._core.render import set_language
    >>> previous = set_language("pt")
    >>> page = metrics_table([[6, 3], [2, 9]])._repr_html_()
    >>> "revocação (recall)" in page and ">0.6667</td>" in page and ">métrica</th>" in page
    True
    >>> _ = set_language(previous)
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
