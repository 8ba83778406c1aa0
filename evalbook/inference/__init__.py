"""How sure a measured number is: intervals (normal, t, exact binomial, DeLong,
bootstrap), comparisons of models and algorithms (paired t, Friedman), paired tests
(McNemar, DeLong, 5×2cv), corrections for several tests at once, and the design of a
test set (its size for an interval width, the power of McNemar's and of AUC tests).
"""

from evalbook.inference._comparison import (
    AlgorithmComparison,
    FriedmanResult,
    ModelComparison,
    compare_algorithms,
    compare_models,
    friedman,
)
from evalbook.inference._intervals import (
    T_TABLE,
    Z_TABLE,
    Interval,
    NormalApproximationWarning,
    accuracy_interval,
    bootstrap_interval,
    interval_coverage,
    proportion_interval,
    roc_auc_interval,
    t_value,
    z_value,
)
from evalbook.inference._multiple_testing import (
    AdjustedPValues,
    adjust_p_values,
)
from evalbook.inference._paired_tests import (
    DeLongResult,
    McNemarResult,
    PairedTestResult,
    delong_test,
    f_test_5x2cv,
    mcnemar_test,
    paired_ttest_5x2cv,
)
from evalbook.inference._test_design import (
    SampleSize,
    accuracy_sample_size,
    expected_best_accuracy,
    expected_interval_width,
    mcnemar_power,
    mcnemar_sample_size,
    minimum_detectable_difference,
    roc_auc_difference_power,
    roc_auc_difference_sample_size,
    roc_auc_power,
    roc_auc_sample_size,
)

__all__ = [
    "T_TABLE",
    "Z_TABLE",
    "AdjustedPValues",
    "AlgorithmComparison",
    "DeLongResult",
    "FriedmanResult",
    "Interval",
    "McNemarResult",
    "ModelComparison",
    "NormalApproximationWarning",
    "PairedTestResult",
    "SampleSize",
    "accuracy_interval",
    "accuracy_sample_size",
    "adjust_p_values",
    "bootstrap_interval",
    "compare_algorithms",
    "compare_models",
    "delong_test",
    "expected_best_accuracy",
    "expected_interval_width",
    "f_test_5x2cv",
    "friedman",
    "interval_coverage",
    "mcnemar_power",
    "mcnemar_sample_size",
    "mcnemar_test",
    "minimum_detectable_difference",
    "paired_ttest_5x2cv",
    "proportion_interval",
    "roc_auc_difference_power",
    "roc_auc_difference_sample_size",
    "roc_auc_interval",
    "roc_auc_power",
    "roc_auc_sample_size",
    "t_value",
    "z_value",
]
