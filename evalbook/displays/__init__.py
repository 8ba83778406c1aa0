"""The figures: each is a Display (as scikit-learn's ``RocCurveDisplay``) built
``from_predictions``, ``from_estimator`` where it fits, or from a computed result, and drawn
with ``.plot(ax=)``. matplotlib is imported when a figure is drawn, not before.
"""

from evalbook.displays._displays import (
    CalibrationDisplay,
    ComparisonIntervalsDisplay,
    ConfusionMatrixDisplay,
    CriticalDifferenceDisplay,
    DecisionCurveDisplay,
    FBetaDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    MetricCellsDisplay,
    PrecisionRecallDisplay,
    PredictionErrorDisplay,
    RocCurveDisplay,
)

__all__ = [
    "CalibrationDisplay",
    "ComparisonIntervalsDisplay",
    "ConfusionMatrixDisplay",
    "CriticalDifferenceDisplay",
    "DecisionCurveDisplay",
    "FBetaDisplay",
    "GainDisplay",
    "KSDisplay",
    "LiftDisplay",
    "MetricCellsDisplay",
    "PrecisionRecallDisplay",
    "PredictionErrorDisplay",
    "RocCurveDisplay",
]
