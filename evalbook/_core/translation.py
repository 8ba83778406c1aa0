"""``evalbook.translated``: a pandas table for display in the display language.

The table types live in :mod:`evalbook._core.tables`, which imports pandas; this module
imports it only when a table is translated, so ``import evalbook`` stays light.
"""

from __future__ import annotations

__all__ = ["translated"]


def translated(table):
    """A copy of a pandas table for display, its labels (the TERMS keys) in the display
    language (:func:`evalbook.set_config`).

    For a lesson's own table; the library's tables already show this way. A Series becomes
    a one-column table, without pandas' ``dtype`` line (:func:`evalbook.translated`).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalbook import config_context
    >>> counts = pd.Series({"TP": 6, "FN": 3}, name="count").rename_axis("result")
    >>> with config_context(language="pt"):
    ...     print(translated(counts))
               contagem
    resultado
    TP                6
    FN                3
    """
    from evalbook._core.tables import translated as translate  # imports pandas

    return translate(table)
