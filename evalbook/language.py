"""Deprecated: the old name of :mod:`evalbook.text_metrics`, kept for one release.

The module was renamed because "language" in this library means the display language
(:func:`evalbook.set_language`, ``language=``). Import the metrics from ``evalbook`` or
from :mod:`evalbook.text_metrics`. Importing this module warns, then gives
:mod:`evalbook.text_metrics` itself (a module may replace itself in ``sys.modules``; the
import system returns the replacement), so the old and new names are one module.
"""

import sys
import warnings

from evalbook import text_metrics

warnings.warn(
    "evalbook.language was renamed evalbook.text_metrics and will be removed in the next "
    "release; import from evalbook or evalbook.text_metrics",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = text_metrics
