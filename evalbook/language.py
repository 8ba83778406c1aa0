"""Deprecated: the old name of :mod:`evalbook.text_metrics`, kept for one release.

The module was renamed because "language" in this library means the display language
(:func:`evalbook.set_language`, ``language=``). Import the metrics from ``evalbook`` or
from :mod:`evalbook.text_metrics`; importing this module warns.
"""

import warnings

from evalbook.text_metrics import (
    bleu,
    brevity_penalty,
    cross_entropy,
    modified_precision,
    perplexity,
    top_k_accuracy,
)

__all__ = [
    "bleu",
    "brevity_penalty",
    "cross_entropy",
    "modified_precision",
    "perplexity",
    "top_k_accuracy",
]

warnings.warn(
    "evalbook.language was renamed evalbook.text_metrics and will be removed in the next "
    "release; import from evalbook or evalbook.text_metrics",
    DeprecationWarning,
    stacklevel=2,
)
