"""How sure a measured number is: intervals (normal, t, exact binomial, DeLong, the
bootstrap: percentile, basic, BCa, stratified, clustered, paired), comparisons of models
and algorithms (paired t, Friedman), paired tests (McNemar, DeLong, 5×2cv) and corrections
for several tests at once.
"""

from evalbook.inference._bootstrap_intervals import (
    bootstrap_interval,
    calibration_band,
    cohen_kappa_interval,
    mcc_interval,
    paired_bootstrap_interval,
    precision_recall_band,
    roc_auc_interval,
    roc_band,
)
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
    interval_coverage,
    proportion_interval,
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
    "accuracy_interval",
    "adjust_p_values",
    "bootstrap_interval",
    "calibration_band",
    "cohen_kappa_interval",
    "compare_algorithms",
    "compare_models",
    "delong_test",
    "f_test_5x2cv",
    "friedman",
    "interval_coverage",
    "mcc_interval",
    "mcnemar_test",
    "paired_bootstrap_interval",
    "paired_ttest_5x2cv",
    "precision_recall_band",
    "proportion_interval",
    "roc_auc_interval",
    "roc_band",
    "t_value",
    "z_value",
]
