"""Tables that the library returns and a notebook displays in the display language.

:func:`evalbook.metrics_table` returns a :class:`MetricsTable`: a pandas DataFrame like any
other (English metric names in the index, columns ``value``, ``formula``, ``source``), whose
notebook display names the metrics and the headers in the language set by
:func:`evalbook.set_language` and writes the numbers with its decimal separator.
Imported only where pandas already is (this module imports pandas).
"""

from __future__ import annotations

import numbers
from typing import ClassVar

import pandas as pd

from evalbook._render import Cell, html_table, number, term


class MetricsTable(pd.DataFrame):
    """The DataFrame of :func:`evalbook.metrics_table`, displayed in the display language.

    Any operation on it (selection, arithmetic) gives a plain DataFrame.

    Examples
    --------
    >>> from evalbook import metrics_table
    >>> from evalbook._render import set_language
    >>> previous = set_language("pt")
    >>> page = metrics_table([[6, 3], [2, 9]])._repr_html_()
    >>> "revocação (recall)" in page and ">0.6667</td>" in page and ">métrica</th>" in page
    True
    >>> _ = set_language(previous)
    """

    _metadata: ClassVar[list] = []  # no extra attributes to carry (pandas' subclass protocol)

    @property
    def _constructor(self):
        return pd.DataFrame

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
