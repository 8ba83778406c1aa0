"""How to choose the data a model is tested on: holdout, cross-validation, bootstrap.

Handout 001 (first half, following Witten & Frank, ch. 5), in modules of one job
each, gathered here under the lesson's topic (``from evalbook.validation import kfold``):

- :mod:`evalbook.splits`: training/validation/test sets, the (stratified, repeated)
  holdout, k-fold, stratified and repeated k-fold, leave-one-out;
- :mod:`evalbook.resampling`: the bootstrap, its out-of-bag share, the .632 and .632+ estimators;
- :mod:`evalbook.leakage_splits`: splits by group (the same patient or author on one
  side only) and by time (training always before testing);
- :mod:`evalbook.crossval`: :func:`cross_validate`, which fits a model on every split.
"""

from evalbook.crossval import (
    cross_validate,
)
from evalbook.leakage_splits import (
    group_holdout,
    group_kfold,
    time_series_split,
)
from evalbook.resampling import (
    WEIGHT_632,
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    error_632,
    error_632_plus,
    no_information_error_rate,
    repeated_bootstrap,
)
from evalbook.splits import (
    holdout,
    kfold,
    leave_one_out,
    repeated_holdout,
    repeated_kfold,
    split_roles,
    stratified_counts,
    stratified_kfold,
    train_val_test_split,
)

__all__ = [
    "WEIGHT_632",
    "bootstrap",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "cross_validate",
    "error_632",
    "error_632_plus",
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
