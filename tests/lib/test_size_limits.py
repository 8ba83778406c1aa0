"""Every exact test and resampling function refuses a size 10× beyond its documented limit
before building anything: the ValueError states the computed size, and the memory traced
during the call (tracemalloc's peak) stays far below what the refused computation would
hold. How long each refusal takes is measured in ``benchmarks/`` (``--only refusals``)."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from sklearn.tree import DecisionTreeRegressor

import evalbook as eb

LIMIT = r"more than the limit of 100_000_000"
#: Most memory a refusal may trace: what it reads, never what it would build (≥ 800 MB).
MOST_TRACED = 16 * 2**20


def _scores(n: int, k: int) -> np.ndarray:
    return np.random.default_rng(0).random((n, k))


def _sample(seed):
    return np.zeros((4, 1)), np.arange(4.0)


X_TEST = np.zeros((10**4, 1))  # 10⁴ test rows: 10⁵ rounds of predictions are 10⁹ values

#: (name, the call 10× beyond its limit, the message stating the computed size)
BEYOND = [
    (
        "friedman exact, k = 12 algorithms (12!·12 = 57 × the limit)",
        lambda: eb.friedman(_scores(3, 12), method="exact"),
        r"friedman\(method='exact'\): orderings · algorithms = 479001600 · 12 = 5748019200 .*"
        + LIMIT,
    ),
    (
        "friedman exact, 50 datasets × 10 algorithms",
        lambda: eb.friedman(_scores(50, 10), method="exact"),
        r"friedman\(method='exact'\): states_bound · orderings · algorithms = \d+ · 3628800 · 10 "
        + r"= \d+ .*"
        + LIMIT,
    ),
    (
        "friedman exact, 4720 datasets × 3 algorithms (10 × the 472 refused first)",
        lambda: eb.friedman(_scores(4720, 3), method="exact"),
        r"friedman\(method='exact'\): states_bound · orderings · algorithms = \d+ · 6 · 3 = \d+ .*"
        + LIMIT,
    ),
    (
        "friedman exact, 180 datasets × 5 algorithms (all steps: 10 × the 18 refused first)",
        lambda: eb.friedman(_scores(180, 5), method="exact"),
        r"friedman\(method='exact'\): .*more than the limit",
    ),
    (
        "bootstrap_interval of a 2×2 matrix",
        lambda: eb.bootstrap_interval(eb.accuracy, [[5, 5], [5, 5]], n_resamples=25 * 10**7),
        r"bootstrap_interval: n_resamples · cells = 250000000 · 4 = 1000000000 .*" + LIMIT,
    ),
    (
        "bootstrap_interval of instances",
        lambda: eb.bootstrap_interval(
            lambda t, p: 0.5, [0, 1, 0, 1], [0, 1, 1, 1], n_resamples=10**9
        ),
        r"bootstrap_interval: n_resamples = 1000000000 .*" + LIMIT,
    ),
    (
        "roc_auc_interval, bootstrap",
        lambda: eb.roc_auc_interval(
            [0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6], positive=1, method="bootstrap", n_resamples=10**9
        ),
        r"roc_auc_interval: n_resamples = 1000000000 .*" + LIMIT,
    ),
    (
        "interval_coverage",
        lambda: eb.interval_coverage(0.9, 30, n_trials=10**9),
        r"interval_coverage: n_trials = 1000000000 .*" + LIMIT,
    ),
    ("bootstrap", lambda: eb.bootstrap(10**9), r"bootstrap: n = 1000000000 .*" + LIMIT),
    (
        "repeated_bootstrap",
        lambda: eb.repeated_bootstrap(10**5, n_resamples=10**4),
        r"repeated_bootstrap: n · n_resamples = 100000 · 10000 = 1000000000 .*" + LIMIT,
    ),
    (
        "bootstrap_oob_shares",
        lambda: eb.bootstrap_oob_shares(10**5, n_resamples=10**4),
        r"bootstrap_oob_shares: n · n_resamples = 100000 · 10000 = 1000000000 .*" + LIMIT,
    ),
    ("kfold", lambda: eb.kfold(10**8, k=10), r"kfold: n · k = 100000000 · 10 = .*" + LIMIT),
    (
        "repeated_kfold",
        lambda: eb.repeated_kfold(10**6, k=10, n_repeats=100),
        r"repeated_kfold: y_or_n · k · n_repeats = 1000000 · 10 · 100 = 1000000000 .*" + LIMIT,
    ),
    ("leave_one_out", lambda: eb.leave_one_out(10**9), r"leave_one_out: n = 1000000000 .*" + LIMIT),
    ("holdout", lambda: eb.holdout(10**9), r"holdout: y_or_n = 1000000000 .*" + LIMIT),
    (
        "repeated_holdout",
        lambda: eb.repeated_holdout(10**7, n_repeats=100),
        r"repeated_holdout: y_or_n · n_repeats = 10000000 · 100 = 1000000000 .*" + LIMIT,
    ),
    (
        "train_val_test_split",
        lambda: eb.train_val_test_split(10**9),
        r"train_val_test_split: y_or_n = 1000000000 .*" + LIMIT,
    ),
    (
        "time_series_split",
        lambda: eb.time_series_split(10**8, k=10),
        r"time_series_split: n · k = 100000000 · 10 = 1000000000 .*" + LIMIT,
    ),
    (
        "split_roles",
        lambda: eb.split_roles([([0], [1])] * 10, n=10**8),
        r"split_roles: splits · n = 10 · 100000000 = 1000000000 .*" + LIMIT,
    ),
    (
        "bootstrap_predictions, rounds",
        lambda: eb.bootstrap_predictions(
            DecisionTreeRegressor(), [[0], [1], [2]], [0.0, 1.0, 1.0], [[0]], n_resamples=10**6
        ),
        r"n_resamples must be at most 100000; got 1000000",
    ),
    (
        "bootstrap_predictions, rounds × test rows",
        lambda: eb.bootstrap_predictions(
            DecisionTreeRegressor(), [[0], [1], [2]], [0.0, 1.0, 1.0], X_TEST, n_resamples=10**5
        ),
        r"bootstrap_predictions: n_resamples · X_test_rows = 100000 · 10000 = 1000000000 .*"
        + LIMIT,
    ),
    (
        "fresh_sample_predictions, rounds",
        lambda: eb.fresh_sample_predictions(
            DecisionTreeRegressor(), _sample, [[0]], n_trials=10**6
        ),
        r"n_trials must be at most 100000; got 1000000",
    ),
    (
        "fresh_sample_predictions, rounds × test rows",
        lambda: eb.fresh_sample_predictions(
            DecisionTreeRegressor(), _sample, X_TEST, n_trials=10**5
        ),
        r"fresh_sample_predictions: n_trials · X_test_rows = 100000 · 10000 = 1000000000 .*"
        + LIMIT,
    ),
]


@pytest.mark.parametrize(("call", "message"), [c[1:] for c in BEYOND], ids=[c[0] for c in BEYOND])
def test_ten_times_the_limit_is_refused_before_anything_is_built(call, message):
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=message):
            result = call()
            next(iter(result), None)  # a generator of splits checks when it is called
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MOST_TRACED


def test_the_exact_friedman_test_still_computes_the_sizes_below_its_limits():
    # tables near the limits (10 × 5, the largest Demšar recommends it for, is computed in
    # test_friedman_exact.py): the bound of the states lets them through
    for n, k in ((60, 3), (25, 4), (2, 8)):
        assert 0 < eb.friedman(_scores(n, k), method="exact").p_value <= 1
