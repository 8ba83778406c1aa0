"""The figures: each is a Display (as scikit-learn's ``RocCurveDisplay``) built
``from_predictions``, ``from_estimator`` where it fits, or from a computed result, and drawn
with ``.plot(ax=)``. matplotlib is imported when a figure is drawn, not before.
"""

from evalbook.displays._displays import (
    CalibrationDisplay,
    ConfusionMatrixDisplay,
    FBetaDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)
from evalbook.displays._figures import (
    plot_comparison_intervals,
    plot_confusion_matrix,
    plot_critical_difference,
    plot_cumulative_gain,
    plot_ks,
    plot_lift,
    plot_metric_cells,
    plot_roc_curve,
)

__all__ = [
    "CalibrationDisplay",
    "ConfusionMatrixDisplay",
    "FBetaDisplay",
    "GainDisplay",
    "KSDisplay",
    "LiftDisplay",
    "PrecisionRecallDisplay",
    "RocCurveDisplay",
    "plot_comparison_intervals",
    "plot_confusion_matrix",
    "plot_critical_difference",
    "plot_cumulative_gain",
    "plot_ks",
    "plot_lift",
    "plot_metric_cells",
    "plot_roc_curve",
]
