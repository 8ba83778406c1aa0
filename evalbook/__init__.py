"""evalbook: how to evaluate machine-learning models, worked through the course handouts.

The library behind the workbook's lessons: a confusion matrix, the metrics computed from it
and the handouts' tables. Every function names the handout and equation it implements.

Undefined values (0/0) return ``nan`` with an :class:`UndefinedMetricWarning`; metrics take
``zero_division=`` to choose another value.

Plots and widgets are imported on demand (``evalbook.widgets``), so ``import evalbook``
stays fast.
"""

from evalbook._checks import UndefinedMetricWarning
from evalbook.classification import (
    BINARY_METRICS,
    MULTICLASS_METRICS,
    accuracy,
    balanced_accuracy,
    cohen_kappa,
    detection_prevalence,
    detection_rate,
    efficiency,
    error_rate,
    f1,
    fbeta,
    fnr,
    fpr,
    mcc,
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
from evalbook.datasets import abc_confusion, fraud_predictions, spam_predictions

__version__ = "0.1.0"

__all__ = [
    "BINARY_METRICS",
    "MULTICLASS_METRICS",
    "ConfusionMatrix",
    "UndefinedMetricWarning",
    "abc_confusion",
    "accuracy",
    "balanced_accuracy",
    "cohen_kappa",
    "detection_prevalence",
    "detection_rate",
    "efficiency",
    "error_rate",
    "f1",
    "fbeta",
    "fnr",
    "fpr",
    "fraud_predictions",
    "mcc",
    "metrics_table",
    "npv",
    "ppv",
    "precision",
    "prevalence",
    "recall",
    "result_types",
    "sensitivity",
    "spam_predictions",
    "specificity",
    "tnr",
    "tpr",
]
