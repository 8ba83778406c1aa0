"""Choosing the data a model is tested on and estimating its error: holdout,
k-fold, leave-one-out, splits by group and by time; the bootstrap and its .632 and .632+
estimators; :func:`cross_validate`; the bias-variance decomposition.
"""

from evalbook.model_selection._bias_variance import (
    BiasVariance,
    bias_variance_decomposition,
    bootstrap_predictions,
    fresh_sample_predictions,
)
from evalbook.model_selection._resampling import (
    WEIGHT_632,
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    error_632,
    error_632_plus,
    no_information_error_rate,
    repeated_bootstrap,
)
from evalbook.model_selection._split import (
    group_holdout,
    group_kfold,
    holdout,
    kfold,
    leave_one_out,
    repeated_holdout,
    repeated_kfold,
    split_roles,
    stratified_counts,
    stratified_kfold,
    time_series_split,
    train_val_test_split,
)
from evalbook.model_selection._validation import (
    cross_validate,
)

__all__ = [
    "WEIGHT_632",
    "BiasVariance",
    "bias_variance_decomposition",
    "bootstrap",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "bootstrap_predictions",
    "cross_validate",
    "error_632",
    "error_632_plus",
    "fresh_sample_predictions",
    "group_holdout",
    "group_kfold",
    "holdout",
    "kfold",
    "leave_one_out",
    "no_information_error_rate",
    "repeated_bootstrap",
    "repeated_holdout",
    "repeated_kfold",
    "split_roles",
    "stratified_counts",
    "stratified_kfold",
    "time_series_split",
    "train_val_test_split",
]
