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
    multiclass_roc_auc_interval,
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
from evalbook.inference._diagnostic import (
    LikelihoodRatios,
    PredictiveValues,
    likelihood_ratios,
    net_benefit_interval,
    predictive_values,
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
    "LikelihoodRatios",
    "McNemarResult",
    "ModelComparison",
    "NormalApproximationWarning",
    "PairedTestResult",
    "PredictiveValues",
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
    "likelihood_ratios",
    "mcc_interval",
    "mcnemar_test",
    "multiclass_roc_auc_interval",
    "net_benefit_interval",
    "paired_bootstrap_interval",
    "paired_ttest_5x2cv",
    "precision_recall_band",
    "predictive_values",
    "proportion_interval",
    "roc_auc_interval",
    "roc_band",
    "t_value",
    "z_value",
]
