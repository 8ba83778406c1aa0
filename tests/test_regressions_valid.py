"""Regression tests for issue 11 §4-§5 and issue 12 §5 in the validation and inference layer.

Each case failed on the code before the fix (commit 71def56): impossible sizes raised
OverflowError or MemoryError (or scipy's ufunc message) instead of a ValueError that says
the limit; a metric returning a non-number got ``float()``'s message or was taken as 1.0;
``friedman`` and ``error_632`` read text and booleans as numbers; ``stratified_counts`` and
``friedman`` refused a mapping {name: values}.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.dummy import DummyClassifier

import evalbook
from evalbook import (
    accuracy_interval,
    bootstrap,
    bootstrap_interval,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    compare_algorithms,
    compare_models,
    cross_validate,
    error_632,
    friedman,
    holdout,
    interval_coverage,
    kfold,
    leave_one_out,
    repeated_bootstrap,
    repeated_holdout,
    repeated_kfold,
    split_roles,
    stratified_counts,
    t_value,
    train_val_test_split,
)

CM = [[6, 3], [2, 9]]
LIMIT = r"more than the limit of 100_000_000 \(800 MB\)"
COUNT_LIMIT = r"at most 2\*\*53 = 9007199254740992"

# ---------------------------------------------------------------------- impossible sizes
TOO_LARGE = [
    # the cases of issue 11 §5
    ("accuracy_interval", lambda: accuracy_interval(0.5, 10**200), "n must be " + COUNT_LIMIT),
    (
        "interval_coverage n",
        lambda: interval_coverage(0.5, 10**19, trials=10),
        "n must be " + COUNT_LIMIT,
    ),
    (
        "kfold",
        lambda: kfold(10**11, k=2),
        "kfold: n · k = 100000000000 · 2 = 200000000000 values.*" + LIMIT,
    ),
    ("bootstrap", lambda: bootstrap(10**11), "bootstrap: n = 100000000000 values.*" + LIMIT),
    ("leave_one_out", lambda: leave_one_out(10**12), r"leave_one_out: n = .*" + LIMIT),
    (
        "bootstrap_interval",
        lambda: bootstrap_interval(CM, resamples=10**12),
        "bootstrap_interval: resamples · cells = 1000000000000 · 4 = .*" + LIMIT,
    ),
    ("t_value", lambda: t_value(0.95, 10**400), r"df must be " + COUNT_LIMIT + r".*10\^400"),
    # the same defects in the other public functions
    (
        "interval_coverage trials",
        lambda: interval_coverage(0.5, 100, trials=10**12),
        "interval_coverage: trials = .*" + LIMIT,
    ),
    (
        "accuracy_interval exact",
        lambda: accuracy_interval(0.5, 10**20, method="exact"),
        "n must be " + COUNT_LIMIT,
    ),
    ("compare_models", lambda: compare_models(0.8, 10**400, 0.7, 100), "n1 must be " + COUNT_LIMIT),
    (
        "compare_algorithms",
        lambda: compare_algorithms(mean=0.1, se=0.01, k=10**400),
        "k must be " + COUNT_LIMIT,
    ),
    (
        "bootstrap_oob_probability",
        lambda: bootstrap_oob_probability(10**400),
        "n must be " + COUNT_LIMIT,
    ),
    (
        "bootstrap_oob_shares",
        lambda: bootstrap_oob_shares(10**6, repeats=10**6),
        "bootstrap_oob_shares: n · repeats = .*" + LIMIT,
    ),
    (
        "split_roles",
        lambda: split_roles(kfold(4, k=2), n=10**11),
        "split_roles: splits · n = 2 · .*" + LIMIT,
    ),
    ("train_val_test_split", lambda: train_val_test_split(10**11), "train_val_test_split: n"),
    ("holdout", lambda: holdout(10**11), "holdout: n = .*" + LIMIT),
    ("repeated_holdout", lambda: repeated_holdout(10**11, repeats=2), "repeated_holdout: n · "),
    (
        "repeated_kfold",
        lambda: repeated_kfold(10**11, k=2, repeats=2),
        "repeated_kfold: n · k · repeats = .*" + LIMIT,
    ),
    ("repeated_bootstrap", lambda: repeated_bootstrap(10**11, repeats=2), "repeated_bootstrap"),
    (
        "bootstrap_interval of a huge matrix",
        lambda: bootstrap_interval([[2**62, 2**62], [2**62, 1]], resamples=10),
        "the number of instances in cm must be " + COUNT_LIMIT,
    ),
    ("kfold with a huge k", lambda: kfold(10, k=10**5000), r"k=about 10\^5000.0 is larger"),
    (
        "stratified_counts",
        lambda: stratified_counts([2**62, 2**62], fraction=0.5),
        r"add up to 9223372036854775808 instances, more than the limit of 2\*\*53",
    ),
]


@pytest.mark.parametrize(
    ("call", "message"), [c[1:] for c in TOO_LARGE], ids=[c[0] for c in TOO_LARGE]
)
def test_impossible_sizes_are_refused_up_front_saying_the_limit(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_huge_normal_quantile_is_refused_not_answered_with_nan():
    with pytest.raises(ValueError, match="z must be at most 100"):
        accuracy_interval(0.5, 100, z=1e200)
    assert accuracy_interval(0.5, 100, z=1.96) == pytest.approx(
        accuracy_interval(0.5, 100, confidence=0.95), abs=1e-4
    )


def test_sizes_at_the_limit_still_work():
    assert accuracy_interval(0.5, 2**53)[0] == pytest.approx(0.5)
    assert t_value(0.95, 2**53) == pytest.approx(1.959964, abs=1e-6)  # the normal quantile
    train, oob = bootstrap(10**5, seed=0)
    assert train.size == 10**5 and 0.36 < oob.size / 10**5 < 0.375


# ---------------------------------------------------------------- metrics that are not numbers
NOT_NUMBERS = [("x", "str 'x'"), (None, "NoneType None"), (True, "bool True"), ([0.5, 0.5], "list")]


@pytest.mark.parametrize(("value", "shown"), NOT_NUMBERS, ids=[s for _, s in NOT_NUMBERS])
def test_bootstrap_interval_refuses_a_metric_that_returns_no_number(value, shown):
    def odd(cm):
        return value

    with pytest.raises(
        TypeError, match=f"metric must return a number; odd\\(cm\\) returned {shown}"
    ):
        bootstrap_interval(CM, metric=odd, resamples=10, seed=0)


@pytest.mark.parametrize(("value", "shown"), NOT_NUMBERS, ids=[s for _, s in NOT_NUMBERS])
def test_cross_validate_refuses_a_metric_that_returns_no_number(value, shown):
    X = np.arange(20.0)[:, None]
    y = np.repeat(["a", "b"], 10)

    def odd(cm):
        return value

    with pytest.raises(
        TypeError, match=f"metric must return a number; odd\\(cm\\) returned {shown}"
    ):
        cross_validate(DummyClassifier(), X, y, kfold(20, k=2, seed=0), metric=odd)


def test_a_metric_returning_a_numpy_number_or_nan_is_fine():
    X = np.arange(20.0)[:, None]
    y = np.repeat(["a", "b"], 10)
    table = cross_validate(
        DummyClassifier(), X, y, kfold(20, k=2, seed=0), metric=lambda cm: np.float32(0.25)
    )
    assert table["<lambda>"].tolist() == [0.25, 0.25]
    table = cross_validate(
        DummyClassifier(), X, y, kfold(20, k=2, seed=0), metric=lambda cm: np.array(0.5)
    )
    assert table["<lambda>"].tolist() == [0.5, 0.5]


# ---------------------------------------------------------------- text and booleans as numbers
@pytest.mark.parametrize(
    ("scores", "message"),
    [
        (
            [["1", "2", "3"], ["3", "2", "1"]],
            "scores must hold numbers only.*str_ np.str_\\('1'\\)",
        ),
        ([[True, False, True], [False, True, True]], "not booleans"),
        (pd.DataFrame({"a": [True, False], "b": [False, True], "c": [True, True]}), "booleans"),
        (np.array([[0.9, "0.8", 0.7], [0.6, 0.5, 0.4]], dtype=object), "got str '0.8'"),
        (np.array([[0.9, True, 0.7], [0.6, 0.5, 0.4]], dtype=object), "got bool True"),
    ],
    ids=["text", "booleans", "boolean DataFrame", "object text", "object boolean"],
)
def test_friedman_refuses_text_and_booleans(scores, message):
    with pytest.raises(TypeError, match=message):
        friedman(scores)


@pytest.mark.parametrize(
    ("test_error", "train_error"),
    [([True, False], [0.0, 0.0]), (np.array(["0.3"]), np.array([0.1])), ([0.3], ["0.1"])],
    ids=["booleans", "text array", "text list"],
)
def test_error_632_refuses_text_and_booleans(test_error, train_error):
    with pytest.raises(TypeError, match="must hold error rates"):
        error_632(test_error, train_error)


# ---------------------------------------------------------------------- mappings {name: values}
def test_stratified_counts_takes_a_mapping_and_keeps_the_class_names():
    expected = stratified_counts([200, 300, 100], fraction=1 / 3).tolist()
    assert stratified_counts({"A": 200, "B": 300, "C": 100}, fraction=1 / 3) == {
        "A": 67,
        "B": 100,
        "C": 33,
    }
    assert list(stratified_counts({"C": 100, "A": 200, "B": 300}, fraction=1 / 3)) == [
        "C",
        "A",
        "B",
    ]  # the mapping's order, as given
    counter = collections.Counter(["A"] * 200 + ["B"] * 300 + ["C"] * 100)
    assert stratified_counts(counter, fraction=1 / 3) == dict(zip("ABC", expected, strict=True))
    y = pd.Series(["A"] * 200 + ["B"] * 300 + ["C"] * 100, name="classe")
    by_class = stratified_counts(y.value_counts(), fraction=1 / 3)
    assert isinstance(by_class, pd.Series) and by_class.name == "count"
    assert by_class.to_dict() == {"B": 100, "A": 67, "C": 33}


def test_stratified_counts_mapping_agrees_with_the_sequence_on_random_counts():
    rng = np.random.default_rng(11)
    for _ in range(200):
        counts = rng.integers(0, 50, size=rng.integers(1, 6)).tolist()
        if sum(counts) == 0:
            continue
        fraction = float(rng.uniform(0.05, 0.95))
        names = [f"c{i}" for i in range(len(counts))]
        mapped = stratified_counts(dict(zip(names, counts, strict=True)), fraction=fraction)
        assert list(mapped.values()) == stratified_counts(counts, fraction=fraction).tolist()


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        ({"A": 2.5, "B": 3}, TypeError, "class_counts must hold whole numbers; got float 2.5"),
        ({"A": -1, "B": 3}, ValueError, "must not be negative"),
        ({}, ValueError, "class_counts is empty"),
        ({"A": 0, "B": 0}, ValueError, "all 0"),
        ({"A": True, "B": 3}, TypeError, "whole numbers; got bool"),
    ],
)
def test_stratified_counts_mapping_bad_values(counts, error, message):
    with pytest.raises(error, match=message):
        stratified_counts(counts, fraction=0.5)


def test_friedman_takes_a_mapping_of_algorithms_and_keeps_their_names():
    table = {"árvore": [0.90, 0.70, 0.95, 0.80], "knn": [0.85, 0.75, 0.90, 0.78]}
    table["mlp"] = [0.80, 0.60, 0.85, 0.79]
    from_mapping = friedman(table, nemenyi=True)
    from_frame = friedman(pd.DataFrame(table), nemenyi=True)
    assert from_mapping.labels == ("árvore", "knn", "mlp") == from_frame.labels
    assert from_mapping.statistic == from_frame.statistic == pytest.approx(4.5)
    np.testing.assert_array_equal(from_mapping.average_ranks, [1.25, 2.0, 2.75])
    with pytest.raises(ValueError, match="all of the same length"):
        friedman({"a": [0.9, 0.8], "b": [0.7], "c": [0.6, 0.5]})


# ---------------------------------------------------------------------- structure (issue 11 §4)
MINE = ["splits", "resampling", "crossval", "intervals", "comparison", "validation", "inference"]
PACKAGE = Path(evalbook.__file__).parent


@pytest.mark.parametrize("module", [*MINE, "_stats"])
def test_modules_are_short_and_import_no_private_name(module):
    source = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 600
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("evalbook"):
            private = [a.name for a in node.names if a.name.startswith("_") and a.name != "*"]
            assert not private, (module, node.module, private)


def test_the_topic_modules_re_export_what_the_lessons_import():
    from evalbook import inference, validation

    assert set(validation.__all__) == {
        "WEIGHT_632", "bootstrap", "bootstrap_oob_probability", "bootstrap_oob_shares",
        "cross_validate", "error_632", "holdout", "kfold", "leave_one_out",
        "repeated_bootstrap", "repeated_holdout", "repeated_kfold", "split_roles",
        "stratified_counts", "stratified_kfold", "train_val_test_split",
        "group_holdout", "group_kfold", "time_series_split",
    }  # fmt: skip
    assert set(inference.__all__) == {
        "T_TABLE", "Z_TABLE", "AlgorithmComparison", "FriedmanResult", "Interval",
        "ModelComparison", "NormalApproximationWarning", "accuracy_interval", "bootstrap_interval",
        "compare_algorithms", "compare_models", "friedman", "interval_coverage", "t_value",
        "z_value", "proportion_interval", "roc_auc_interval", "metric_bootstrap_interval",
    }  # fmt: skip
    for module in (validation, inference):
        for name in module.__all__:
            assert getattr(evalbook, name) is getattr(module, name)
