"""Confidence intervals and significance tests for comparing models and algorithms.

Handout 004 ("Comparação de Classificadores", after Witten & Frank, ch. 5), in modules of
one job each, gathered here under the lessons' topic
(``from evalbook.inference import accuracy_interval``):

- :mod:`evalbook.intervals` (lesson 09): z and t quantiles, the intervals of an accuracy,
  their coverage, the bootstrap interval of a metric;
- :mod:`evalbook.score_intervals`: the ROC AUC's interval (DeLong's, bootstrap) and the
  bootstrap interval of any metric of labels or scores;
- :mod:`evalbook.comparison` (lesson 10): two models, two algorithms (plain and corrected
  t-test), Friedman's test for several algorithms (χ² or exact p-value);
- :mod:`evalbook.multiple_testing` (lessons 09-10): p-values of several tests adjusted
  together (Holm, Bonferroni).
"""

from evalbook.comparison import (
    AlgorithmComparison,
    FriedmanResult,
    ModelComparison,
    compare_algorithms,
    compare_models,
    friedman,
)
from evalbook.intervals import (
    T_TABLE,
    Z_TABLE,
    Interval,
    NormalApproximationWarning,
    accuracy_interval,
    bootstrap_interval,
    interval_coverage,
    proportion_interval,
    t_value,
    z_value,
)
from evalbook.multiple_testing import AdjustedPValues, adjust_p_values
from evalbook.score_intervals import (
    metric_bootstrap_interval,
    roc_auc_interval,
)

__all__ = [
    "T_TABLE",
    "Z_TABLE",
    "AdjustedPValues",
    "AlgorithmComparison",
    "FriedmanResult",
    "Interval",
    "ModelComparison",
    "NormalApproximationWarning",
    "accuracy_interval",
    "adjust_p_values",
    "bootstrap_interval",
    "compare_algorithms",
    "compare_models",
    "friedman",
    "interval_coverage",
    "metric_bootstrap_interval",
    "proportion_interval",
    "roc_auc_interval",
    "t_value",
    "z_value",
]
