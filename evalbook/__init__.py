"""evalbook: how to evaluate machine-learning models, worked through the course handouts.

The library behind the workbook's lessons: a confusion matrix, the metrics computed from it
and the handouts' tables. Every function names the handout and equation it implements.

Undefined values (0/0) return ``nan`` with an :class:`UndefinedMetricWarning`; metrics take
``zero_division=`` to choose another value.

Plots and widgets are imported on demand (``evalbook.widgets``), so ``import evalbook``
stays fast.
"""

import sys as _sys

from evalbook._checks import UndefinedMetricWarning
from evalbook._render import get_language, options, set_language
from evalbook.agreement import *  # noqa: F403
from evalbook.bias_variance import *  # noqa: F403
from evalbook.calibration import *  # noqa: F403
from evalbook.classification import (
    BINARY_METRICS,
    MULTICLASS_METRICS,
    accuracy,
    balanced_accuracy,
    detection_prevalence,
    detection_rate,
    efficiency,
    error_rate,
    f1,
    fbeta,
    fnr,
    fpr,
    metrics_table,
    npv,
    ppv,
    precision,
    prevalence,
    recall,
    sensitivity,
    specificity,
    tnr,
    tpr,
)
from evalbook.confusion import ConfusionMatrix, result_types
from evalbook.cost import *  # noqa: F403
from evalbook.curves import *  # noqa: F403
from evalbook.datasets import abc_confusion, fraud_predictions, spam_predictions
from evalbook.displays import *  # noqa: F403
from evalbook.inference import *  # noqa: F403
from evalbook.language import *  # noqa: F403
from evalbook.paired_tests import *  # noqa: F403
from evalbook.plots import *  # noqa: F403
from evalbook.precision_recall import *  # noqa: F403
from evalbook.regression import *  # noqa: F403
from evalbook.scores import *  # noqa: F403
from evalbook.summary import *  # noqa: F403
from evalbook.validation import *  # noqa: F403

__version__ = "0.1.0"

# Each later topic's module lists its public names in its own __all__ (star-imported above).
# They are read from sys.modules: a star import may rebind the module's name, as the
# function evalbook.summary does for the module evalbook.summary.
_TOPICS = (
    "agreement",
    "bias_variance",
    "calibration",
    "cost",
    "curves",
    "displays",
    "inference",
    "language",
    "paired_tests",
    "plots",
    "precision_recall",
    "regression",
    "scores",
    "summary",
    "validation",
)

__all__ = [
    "BINARY_METRICS",
    "MULTICLASS_METRICS",
    "ConfusionMatrix",
    "UndefinedMetricWarning",
    "abc_confusion",
    "accuracy",
    "balanced_accuracy",
    "detection_prevalence",
    "detection_rate",
    "efficiency",
    "error_rate",
    "f1",
    "fbeta",
    "fnr",
    "fpr",
    "fraud_predictions",
    "get_language",
    "metrics_table",
    "npv",
    "options",
    "ppv",
    "precision",
    "prevalence",
    "recall",
    "result_types",
    "sensitivity",
    "set_language",
    "spam_predictions",
    "specificity",
    "tnr",
    "tpr",
    *(name for topic in _TOPICS for name in _sys.modules[f"evalbook.{topic}"].__all__),
]
