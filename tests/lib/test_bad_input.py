"""Bad input gets a ValueError or TypeError whose message names the argument and the problem."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pandas as pd
import pytest
from sklearn.dummy import DummyClassifier

import evalbook
from evalbook import (
    BINARY_METRICS,
    MULTICLASS_METRICS,
    ConfusionMatrix,
    KSDisplay,
    RocCurveDisplay,
    accuracy,
    accuracy_interval,
    add_messages,
    bootstrap,
    bootstrap_interval,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    compare_algorithms,
    compare_models,
    cross_validate,
    error_632,
    fbeta,
    friedman,
    gain_lift,
    group_holdout,
    group_kfold,
    holdout,
    interval_coverage,
    kfold,
    ks_statistic,
    leave_one_out,
    no_information_error_rate,
    npv,
    ppv,
    repeated_bootstrap,
    repeated_holdout,
    repeated_kfold,
    result_types,
    roc_auc,
    roc_curve,
    split_roles,
    stratified_counts,
    t_value,
    train_val_test_split,
)
from evalbook import threshold as to_labels
from evalbook._core.checks import as_path, is_path

SPAM = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
ABC = ConfusionMatrix([[88, 10, 2], [14, 40, 6], [18, 10, 12]], labels=["A", "B", "C"])
from_labels = ConfusionMatrix.from_labels

BAD_LABEL_SEQUENCES = [
    # ------------------------------------------------------------ y_true / y_pred
    (
        lambda: from_labels(["a", "b", "a"], ["a", "b"]),
        ValueError,
        r"y_true and y_pred have different lengths \(3 and 2\)",
        "mismatched lengths",
    ),
    (lambda: from_labels([], []), ValueError, r"y_true is empty", "empty y_true"),
    (lambda: from_labels(["a"], np.array([])), ValueError, r"y_pred is empty", "empty y_pred"),
    (
        lambda: from_labels([1.0, math.nan, 0.0], [1.0, 1.0, 0.0]),
        ValueError,
        r"y_true contains NaN at position 1; every instance needs a class label",
        "NaN label",
    ),
    (
        lambda: from_labels(["a", "b"], ["a", None]),
        ValueError,
        r"y_pred contains a missing label \(None\) at position 1",
        "None label",
    ),
    (
        lambda: from_labels(["a", math.nan], ["a", "a"]),
        ValueError,
        r"y_true contains a missing label \(nan\) at position 1",
        "NaN among strings",
    ),
    (
        lambda: from_labels(pd.Series(["a", pd.NA], dtype="string"), ["a", "a"]),
        ValueError,
        r"y_true contains a missing label \(<NA>\) at position 1",
        "pd.NA label",
    ),
    (
        lambda: from_labels(pd.Series([1, None], dtype="Int64"), [1, 1]),
        ValueError,
        r"y_true contains (NaN|a missing label \(<NA>\)) at position 1",
        "Int64 NA label",
    ),
    (
        lambda: from_labels(None, [1, 0]),
        TypeError,
        r"y_true must be a sequence of labels; got None",
        "None y_true",
    ),
    (
        lambda: from_labels("spam", "ham"),
        TypeError,
        r"y_true must be a sequence of labels .* got a single str",
        "string y_true",
    ),
    (
        lambda: from_labels([1, 0], 1),
        TypeError,
        r"y_pred must be a sequence of labels .* got a single int",
        "scalar y_pred",
    ),
    (
        lambda: from_labels([[1, 0], [0, 1]], [[1, 0], [0, 1]]),
        ValueError,
        r"y_true must be one-dimensional; got an array of shape \(2, 2\)",
        "2-D y_true",
    ),
    (
        lambda: from_labels(np.array([1 + 1j]), np.array([1 + 1j])),
        TypeError,
        r"y_true must hold class labels \(integers, strings or booleans\); got dtype complex128",
        "complex labels",
    ),
    # ------------------------------------------------------------ labels outside labels=
    (
        lambda: from_labels(["a", "c"], ["a", "b"], labels=["a", "b"]),
        ValueError,
        r"y_true contains the label 'c', which is not in labels \['a', 'b'\]",
        "unknown label in y_true",
    ),
    (
        lambda: from_labels(["a", "b"], ["a", "c"], labels=["a", "b"]),
        ValueError,
        r"y_pred contains the label 'c', which is not in labels \['a', 'b'\]",
        "unknown label in y_pred",
    ),
    (
        lambda: from_labels([1, 3], [1, 2], labels=[1, 2]),
        ValueError,
        r"y_true contains the label 3, which is not in labels \[1, 2\]",
        "unknown integer in y_true",
    ),
    (
        lambda: from_labels([1, 2], [0, 2], labels=[2, 1]),
        ValueError,
        r"y_pred contains the label 0, which is not in labels \[2, 1\]",
        "unknown integer in y_pred",
    ),
    (
        lambda: from_labels([1, 2], [1, 2], labels=[1, 2, 1]),
        ValueError,
        r"labels contains 1 more than once; labels must be unique",
        "duplicate labels",
    ),
    (
        lambda: from_labels(["a"], ["a"], labels=[]),
        ValueError,
        r"labels is empty; give at least one class label",
        "empty labels",
    ),
    (
        lambda: from_labels(["a"], ["a"], labels=["a", None]),
        ValueError,
        r"labels contains a missing value \(None\) at position 1",
        "None in labels",
    ),
    (
        lambda: from_labels(["a"], ["a"], labels="ab"),
        TypeError,
        r"labels must be a list of class labels; got 'ab'",
        "string labels",
    ),
    # ------------------------------------------------------------ mixed label types
    (
        lambda: from_labels([1, 0, 1], ["1", "0", "0"]),
        TypeError,
        r"y_true and y_pred mix labels of different types \(int, str\).*"
        r"a label 1 and a label '1' are different classes",
        "1 in y_true, '1' in y_pred",
    ),
    (
        lambda: from_labels([1, "1"], ["1", "1"]),
        TypeError,
        r"y_true and y_pred mix labels of different types \(int, str\)",
        "1 and '1' in one list",
    ),
    (
        lambda: from_labels(np.array([1, "1"], dtype=object), np.array([1, 1])),
        TypeError,
        r"mix labels of different types",
        "1 and '1' in an object array",
    ),
    (
        lambda: from_labels([1, 0], ["1", "0"], labels=[1, 0]),
        ValueError,
        r"y_pred contains the label '1', which is not in labels \[1, 0\]",
        "'1' is not the label 1",
    ),
    # ------------------------------------------------------------ result_types
    (
        lambda: result_types(["spam"], ["ham"], positive="eggs"),
        ValueError,
        r"positive='eggs' appears in neither y_true nor y_pred",
        "result_types positive absent",
    ),
]

BAD_COUNTS = [
    ([[1, 2, 3], [4, 5, 6]], ValueError, r"counts must be square .* got shape \(2, 3\)", "2x3"),
    ([1, 2, 3, 4], ValueError, r"counts must be a square 2-D table; .* shape \(4,\)", "1-D"),
    (np.ones((2, 2, 2)), ValueError, r"counts must be a square 2-D table; .* \(2, 2, 2\)", "3-D"),
    (5, ValueError, r"counts must be a square 2-D table; got an array of shape \(\)", "scalar"),
    (np.zeros((0, 0)), ValueError, r"counts is empty", "0x0"),
    (
        [[6, -3], [2, 9]],
        ValueError,
        r"counts must be non-negative; got -3 at row 0, column 1",
        "<0",
    ),
    (
        [[6, 3.5], [2, 9]],
        ValueError,
        r"counts must be whole numbers; got 3.5 at row 0, column 1",
        "non-integer",
    ),
    ([[6, 3], [math.nan, 9]], ValueError, r"counts contains nan at row 1, column 0", "NaN"),
    ([[6, 3], [2, math.inf]], ValueError, r"counts contains inf at row 1, column 1", "inf"),
    ([[1e300, 0], [0, 1]], ValueError, r"counts must be below 2\*\*63 \(int64\)", "too large"),
    (
        [["6", "3"], ["2", "9"]],
        TypeError,
        r"counts must hold whole numbers \(int\); got dtype <U1",
        "strings",
    ),
    (
        [[True, False], [False, True]],
        TypeError,
        r"counts must hold whole numbers .* dtype bool",
        "booleans",
    ),
    (
        [[6, None], [2, 9]],
        TypeError,
        r"counts must hold .* dtype object \(a ragged or non-numeric",
        "None",
    ),
    ([[6, 3], [2]], ValueError, r"counts must be a square table of numbers", "ragged"),
]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        pytest.param(call, error, message, id=name)
        for call, error, message, name in BAD_LABEL_SEQUENCES
    ],
)
def test_bad_label_sequences(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [pytest.param(c, e, m, id=name) for c, e, m, name in BAD_COUNTS],
)
def test_bad_counts(counts, error, message):
    with pytest.raises(error, match=message):
        ConfusionMatrix(counts)
    # every metric goes through the same check, naming its own argument
    with pytest.raises(error, match=message.replace("counts", "cm", 1)):
        MULTICLASS_METRICS["accuracy"][0](counts)


@pytest.mark.parametrize(
    ("labels", "error", "message"),
    [
        (
            ["a", "b", "c"],
            ValueError,
            r"labels has 3 entries but counts is 2×2; give one label per",
        ),
        (["a"], ValueError, r"labels has 1 entries but counts is 2×2"),
        (["a", "a"], ValueError, r"labels contains 'a' more than once"),
        (["a", math.nan], ValueError, r"labels contains a missing value \(nan\) at position 1"),
        ("ab", TypeError, r"labels must be a list of class labels; got 'ab'"),
        ([["a", "b"]], TypeError, r"labels must be a list of class labels"),
    ],
)
def test_bad_labels_for_counts(labels, error, message):
    with pytest.raises(error, match=message):
        ConfusionMatrix([[6, 3], [2, 9]], labels=labels)


@pytest.mark.parametrize("cell", ["tp", "fn", "fp", "tn"])
def test_binary_cell_of_a_3x3_matrix(cell):
    message = (
        rf"^{cell} is defined only for a 2×2 confusion matrix; this one is 3×3 with labels "
        rf"\['A', 'B', 'C'\]\. Use cm\.one_vs_rest\(positive\)\.{cell}"
    )
    with pytest.raises(ValueError, match=message):
        getattr(ABC, cell)
    assert getattr(ABC.one_vs_rest("A"), cell) == {"tp": 88, "fn": 12, "fp": 32, "tn": 68}[cell]


@pytest.mark.parametrize("orientation", ["R", "Sklearn", "", None])
def test_unknown_orientation(orientation):
    with pytest.raises(
        ValueError, match=r"orientation must be 'matrix' or 'sklearn' or 'caret'; got"
    ):
        SPAM.to_frame(orientation)


def test_unknown_label_for_a_metric():
    for function, _, _ in BINARY_METRICS.values():
        with pytest.raises(ValueError, match=r"positive='Z' is not one of this matrix's labels"):
            function(ABC, positive="Z")
        with pytest.raises(ValueError, match=r"positive=1 is not one of this matrix's labels"):
            function(SPAM, positive=1)


ZERO_DIVISION_METRICS = sorted(
    name
    for name, (function, _, _) in {**BINARY_METRICS, **MULTICLASS_METRICS}.items()
    if "zero_division" in inspect.signature(function).parameters
)


@pytest.mark.parametrize("name", ZERO_DIVISION_METRICS)
@pytest.mark.parametrize(
    ("zero_division", "error", "message"),
    [
        ("zero", ValueError, r"zero_division must be \"warn\" or a number; got 'zero'"),
        ("Warn", ValueError, r"zero_division must be \"warn\" or a number; got 'Warn'"),
        (None, TypeError, r"zero_division must be \"warn\" or a number; got NoneType"),
        (True, TypeError, r"zero_division must be \"warn\" or a number; got bool"),
        ([0], TypeError, r"zero_division must be \"warn\" or a number; got list"),
    ],
)
def test_bad_zero_division(name, zero_division, error, message):
    function = {**BINARY_METRICS, **MULTICLASS_METRICS}[name][0]
    # rejected whether or not the metric is 0/0 for this matrix
    for counts in (SPAM, [[0, 0], [0, 0]]):
        with pytest.raises(error, match=message):
            function(counts, zero_division=zero_division)


@pytest.mark.parametrize(
    ("beta", "error", "message"),
    [
        (0, ValueError, r"beta must be a finite number greater than 0; got 0\.0"),
        (-1, ValueError, r"beta must be a finite number greater than 0; got -1\.0"),
        (math.inf, ValueError, r"beta must be a finite number greater than 0; got inf"),
        (math.nan, ValueError, r"beta must be a finite number greater than 0; got nan"),
        ("2", TypeError, r"beta must be a positive number; got str"),
        (None, TypeError, r"beta must be a positive number; got NoneType"),
        (True, TypeError, r"beta must be a positive number; got bool"),
    ],
)
def test_bad_beta(beta, error, message):
    with pytest.raises(error, match=message):
        fbeta(SPAM, beta=beta)


@pytest.mark.parametrize("function", [ppv, npv])
@pytest.mark.parametrize(
    ("prevalence", "error", "message"),
    [
        (1.5, ValueError, r"prevalence must be a probability in \[0, 1\]; got 1\.5"),
        (-0.1, ValueError, r"prevalence must be a probability in \[0, 1\]; got -0\.1"),
        (math.nan, ValueError, r"prevalence must be a probability in \[0, 1\]; got nan"),
        (2, ValueError, r"prevalence must be a probability in \[0, 1\]; got 2\.0"),
        ("0.5", TypeError, r"prevalence must be a number in \[0, 1\]; got str"),
        (False, TypeError, r"prevalence must be a number in \[0, 1\]; got bool"),
    ],
)
def test_bad_prevalence(function, prevalence, error, message):
    with pytest.raises(error, match=message):
        function(SPAM, prevalence=prevalence)


# ---------------------------------------------------------------------- a missing class label
MISSING = [None, math.nan, np.nan, pd.NA, pd.NaT, np.datetime64("NaT")]


Y4, S4 = [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]


@pytest.mark.parametrize("missing", MISSING, ids=repr)
def test_threshold_refuses_a_missing_negative(missing):
    """threshold(s, 0.5, positive=1, negative=None) returned None (or nan) labels."""
    with pytest.raises(ValueError, match="negative must be a class label"):
        to_labels([0.2, 0.9], 0.5, positive=1, negative=missing)


@pytest.mark.parametrize("missing", MISSING, ids=repr)
def test_threshold_refuses_a_missing_positive(missing):
    """A missing value as positive is refused by name (not numpy's "boolean value of NA is
    ambiguous"), not turned into missing labels."""
    with pytest.raises(ValueError, match="positive must be a class label"):
        to_labels([0.2, 0.9], 0.5, positive=missing, negative=0)


@pytest.mark.parametrize(
    "call",
    [
        lambda p: roc_auc(Y4, S4, positive=p),
        lambda p: roc_curve(Y4, S4, positive=p),
        lambda p: ks_statistic(Y4, S4, positive=p),
        lambda p: gain_lift(Y4, S4, positive=p, bins=2),
        lambda p: RocCurveDisplay.from_predictions(Y4, S4, positive=p).plot(),
        lambda p: KSDisplay.from_predictions(Y4, S4, positive=p).plot(),
    ],
    ids=["roc_auc", "roc_curve", "ks_statistic", "gain_lift", "RocCurveDisplay", "KSDisplay"],
)
@pytest.mark.parametrize("missing", [pd.NA, pd.NaT], ids=repr)
def test_metrics_refuse_a_missing_positive_by_name(call, missing):
    """pd.NA or pd.NaT as positive: a message about positive, not numpy's about NA, and no
    figure left open."""
    import matplotlib.pyplot as plt

    figures = plt.get_fignums()
    with pytest.raises(ValueError, match="positive must be a class label"):
        call(missing)
    assert plt.get_fignums() == figures


# ---------------------------------------------------------------------- impossible sizes
CM = [[6, 3], [2, 9]]


LIMIT = r"more than the limit of 100_000_000 \(800 MB\)"


COUNT_LIMIT = r"at most 2\*\*53 = 9007199254740992"


TOO_LARGE = [
    ("accuracy_interval", lambda: accuracy_interval(0.5, 10**200), "n must be " + COUNT_LIMIT),
    (
        "interval_coverage n",
        lambda: interval_coverage(0.5, 10**19, n_trials=10),
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
        lambda: bootstrap_interval(accuracy, CM, n_resamples=10**12),
        "bootstrap_interval: n_resamples · cells = 1000000000000 · 4 = .*" + LIMIT,
    ),
    (
        "bootstrap_interval of instances",
        lambda: bootstrap_interval(lambda t, p: 0.0, Y4, S4, n_resamples=10**12),
        "bootstrap_interval: n_resamples = 1000000000000 values.*" + LIMIT,
    ),
    ("t_value", lambda: t_value(0.95, 10**400), r"df must be " + COUNT_LIMIT + r".*10\^400"),
    # the same defects in the other public functions
    (
        "interval_coverage n_trials",
        lambda: interval_coverage(0.5, 100, n_trials=10**12),
        "interval_coverage: n_trials = .*" + LIMIT,
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
        lambda: bootstrap_oob_shares(10**6, n_resamples=10**6),
        "bootstrap_oob_shares: n · n_resamples = .*" + LIMIT,
    ),
    (
        "split_roles",
        lambda: split_roles(kfold(4, k=2), n=10**11),
        "split_roles: splits · n = 2 · .*" + LIMIT,
    ),
    (
        "train_val_test_split",
        lambda: train_val_test_split(10**11),
        "train_val_test_split: y_or_n = ",
    ),
    ("holdout", lambda: holdout(10**11), "holdout: y_or_n = .*" + LIMIT),
    (
        "repeated_holdout",
        lambda: repeated_holdout(10**11, n_repeats=2),
        "repeated_holdout: y_or_n · ",
    ),
    (
        "repeated_kfold",
        lambda: repeated_kfold(10**11, k=2, n_repeats=2),
        "repeated_kfold: y_or_n · k · n_repeats = .*" + LIMIT,
    ),
    ("repeated_bootstrap", lambda: repeated_bootstrap(10**11, n_resamples=2), "repeated_bootstrap"),
    (
        "bootstrap_interval of a huge matrix",
        lambda: bootstrap_interval(accuracy, [[2**62, 2**62], [2**62, 1]], n_resamples=10),
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
        bootstrap_interval(odd, CM, n_resamples=10, seed=0)


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
            "score_table must hold numbers only.*str_ np.str_\\('1'\\)",
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


# ---------------------------------------------------------------- labels: one check for all
INF = math.inf


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: from_labels([1.0, INF, 1.0], [1.0, 1.0, 1.0]),
            ValueError,
            "y_true contains inf at position 1",
        ),
        (
            lambda: from_labels([1.0, 2.0], [1.0, -INF]),
            ValueError,
            "y_pred contains -inf at position 1",
        ),
        (
            lambda: from_labels(np.array(["a", INF], dtype=object), ["a", "a"]),
            ValueError,
            "y_true contains inf at position 1",
        ),
        (
            lambda: from_labels([1.0, 2.0], [1.0, 2.0], labels=[1.0, INF]),
            ValueError,
            "labels contains inf",
        ),
        (
            lambda: result_types([INF, 1.0, 0.0], [1.0, 1.0, 0.0], positive=1.0),
            ValueError,
            "y_true contains inf at position 0",
        ),
        (
            lambda: no_information_error_rate([0.0, 1.0], [INF, 1.0]),
            ValueError,
            "y_pred contains inf",
        ),
        (
            lambda: from_labels([{}, "a"], ["a", "a"]),
            TypeError,
            r"y_true contains \{\} \(dict\) at position 0",
        ),
        (
            lambda: result_types(["a", "b"], np.array(["a", ["b"]], dtype=object), positive="a"),
            TypeError,
            r"y_pred contains \['b'\] \(list\) at position 1",
        ),
        (
            lambda: list(group_kfold([1, "1", 2, 2], k=2)),
            TypeError,
            r"groups mixes labels of different types \(int, str\)",
        ),
        (
            lambda: group_holdout([1, "1", 2, 2]),
            TypeError,
            "groups mixes labels of different types",
        ),
        (
            lambda: list(group_kfold([{}, {}, "a"], k=2)),
            TypeError,
            r"groups contains \{\} \(dict\)",
        ),
        (
            lambda: group_holdout(np.array([1, "a", 2.5, "b"], dtype=object)),
            TypeError,
            r"groups mixes labels of different types \(float, int, str\)",
        ),
        (lambda: list(group_kfold([1.0, INF, 2.0, 2.0], k=2)), ValueError, "groups contains inf"),
        (
            lambda: bootstrap_interval(
                lambda t, p: 0.5, [{}, 1, 0, 1], [1, 1, 0, 1], n_resamples=5
            ),
            TypeError,
            r"y_true contains \{\} \(dict\)",
        ),
        (
            lambda: bootstrap_interval(
                lambda t, p: 0.5, [1, "1", 0, 1], [1, 1, 0, 1], n_resamples=5, stratify=True
            ),
            TypeError,
            r"y_true mixes labels of different types \(int, str\)",
        ),
    ],
    ids=[
        "from_labels inf",
        "from_labels -inf y_pred",
        "from_labels inf in objects",
        "from_labels labels= inf",
        "result_types inf",
        "no_information_error_rate inf",
        "from_labels dict",
        "result_types list",
        "group_kfold mixed",
        "group_holdout mixed",
        "group_kfold dicts",
        "group_holdout objects",
        "group_kfold inf",
        "bootstrap_interval dict",
        "bootstrap_interval stratified mixed",
    ],
)
def test_bad_labels_are_refused_by_the_one_label_check(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_finite_float_and_mixed_but_orderable_labels_still_work():
    assert from_labels([1.0, 2.0, 2.0], [1.0, 2.0, 1.0]).counts.tolist() == [[1, 0], [1, 1]]
    _, test = group_holdout(np.array([1, 2.5, 2.5, 4], dtype=object), seed=0)
    assert test.size >= 1


# ---------------------------------------------------------------- paths
@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (5, TypeError, r"localedir must be a path \(a str or a pathlib.Path\); got int 5"),
        (None, TypeError, "localedir must be a path .*got NoneType None"),
        (["locale"], TypeError, "localedir must be a path .*got list"),
        (b"locale", TypeError, "localedir must be a path .*got bytes"),
        ("", ValueError, "localedir must name a file or folder; got ''"),
    ],
    ids=["int", "None", "list", "bytes", "empty"],
)
def test_a_path_argument_is_checked_by_name(value, error, message):
    with pytest.raises(error, match=message):
        add_messages("a_course", value)
    with pytest.raises(error, match=message.replace("localedir", "folder")):
        as_path(value, "folder")


def test_a_path_is_read_as_a_pathlib_path(tmp_path):
    assert as_path(str(tmp_path), "folder") == tmp_path
    assert is_path(tmp_path) and not is_path(5) and not is_path("")


# ---------------------------------------------------------------------- decisions
_Y, _P = [1, 0, 1, 0], [0.8, 0.6, 0.4, 0.1]
BAD_DECISIONS = [
    (lambda: evalbook.decision_curve(_Y, [0.8, 0.6, 1.4, 0.1]), ValueError, r"y_proba .*\[0, 1\]"),
    (lambda: evalbook.decision_curve(_Y, [0.8, 0.6]), ValueError, r"y_true and y_proba have"),
    (lambda: evalbook.decision_curve([1, 1], [0.8, 0.6]), ValueError, r"needs negatives too"),
    (lambda: evalbook.decision_curve(_Y, _P, thresholds=[0.1, 1.0]), ValueError, r"thresholds"),
    (lambda: evalbook.decision_curve(_Y, _P, thresholds=[0.0, 0.5]), ValueError, r"thresholds"),
    (lambda: evalbook.decision_curve(_Y, _P, thresholds=[0.5, 0.2]), ValueError, r"increasing"),
    (lambda: evalbook.decision_curve(_Y, _P, thresholds="0.2"), TypeError, r"thresholds"),
    (lambda: evalbook.decision_curve(_Y, _P, prevalence=1.0), ValueError, r"prevalence"),
    (lambda: evalbook.decision_curve(_Y, _P, prevalence="0.1"), TypeError, r"prevalence"),
    (lambda: evalbook.decision_curve(_Y, _P, standardized=1), TypeError, r"standardized"),
    (lambda: evalbook.net_benefit(_Y, _P, threshold=1.0), ValueError, r"threshold must be"),
    (lambda: evalbook.net_benefit(_Y, _P, threshold=None), TypeError, r"threshold must be"),
    (lambda: evalbook.net_benefit(_Y, _P, threshold=0.2, prevalence=0), ValueError, r"prevalence"),
    (lambda: evalbook.net_benefit(_Y, [True] * 4, threshold=0.2), TypeError, r"y_proba"),
    (
        lambda: evalbook.net_benefit_interval(_Y, _P, threshold=0.2, n_resamples=0),
        ValueError,
        r"n_resamples",
    ),
    (
        lambda: evalbook.net_benefit_interval(_Y, _P, threshold=0.2, confidence=95),
        ValueError,
        r"confidence",
    ),
    (lambda: evalbook.likelihood_ratios(CM, confidence=1.0), ValueError, r"confidence"),
    (lambda: evalbook.likelihood_ratios(ABC), ValueError, r"likelihood_ratios .*positive="),
    (lambda: evalbook.likelihood_ratios(ABC, positive="Z"), ValueError, r"positive"),
    (lambda: evalbook.predictive_values(CM, prevalence=1.5), ValueError, r"prevalence"),
    (lambda: evalbook.predictive_values(CM, prevalence=0.0), ValueError, r"prevalence"),
    (lambda: evalbook.predictive_values(CM, prevalence="5%"), TypeError, r"prevalence"),
    (lambda: evalbook.predictive_values([[3, 1], [0, 0]]), ValueError, r"pass prevalence"),
    (lambda: evalbook.post_test_probability(-1, prevalence=0.2), ValueError, r"likelihood_ratio"),
    (lambda: evalbook.post_test_probability("2", prevalence=0.2), TypeError, r"likelihood_ratio"),
    (lambda: evalbook.post_test_probability(None, prevalence=0.2), TypeError, r"likelihood_ratio"),
    (lambda: evalbook.post_test_probability(math.nan, prevalence=0.2), ValueError, r"likelihood"),
    (lambda: evalbook.post_test_probability(2, prevalence=1.2), ValueError, r"prevalence"),
    (lambda: evalbook.post_test_probability(2, prevalence=None), TypeError, r"prevalence"),
]


@pytest.mark.parametrize(
    ("call", "error", "message"), BAD_DECISIONS, ids=[str(i) for i in range(len(BAD_DECISIONS))]
)
def test_bad_input_to_the_decision_functions_is_refused_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---------------------------------------------------------------------- test-set design
DESIGN_REFUSALS = [
    (lambda: evalbook.accuracy_sample_size(1.0), "width must be strictly between 0 and 1"),
    (lambda: evalbook.accuracy_sample_size(0.1, p=1.5), r"p must be a probability in \[0, 1\]"),
    (
        lambda: evalbook.accuracy_sample_size(1e-6),
        "width = 1e-06 needs more than 10\\*\\*8 test instances",
    ),
    (lambda: evalbook.expected_interval_width(0.5, 10**9), "n must be at most 10\\*\\*8"),
    (
        lambda: evalbook.mcnemar_power(100, difference=0.3, discordant=0.2),
        "discordant .* must exceed \\|difference\\|",
    ),
    (
        lambda: evalbook.mcnemar_power(100, difference=0.0, discordant=0.2),
        "difference must be a non-zero",
    ),
    (
        lambda: evalbook.mcnemar_power(2 * 10**7, difference=0.1, discordant=0.2, method="exact"),
        "n must be at most 10\\*\\*7 for method='exact'",
    ),
    (
        lambda: evalbook.mcnemar_sample_size(difference=0.1, discordant=0.2, power=1.0),
        "power must be strictly between 0 and 1",
    ),
    (
        lambda: evalbook.mcnemar_sample_size(difference=0.1, discordant=0.2, alternative="less"),
        "alternative must be 'two-sided' or 'one-sided'",
    ),
    (
        lambda: evalbook.minimum_detectable_difference(100, discordant=0.0),
        "discordant must be greater than 0",
    ),
    (lambda: evalbook.roc_auc_power(1.0, n_positive=10, n_negative=10), "auc must be strictly"),
    (
        lambda: evalbook.roc_auc_power(0.8, n_positive=0, n_negative=10),
        "n_positive must be at least 1",
    ),
    (lambda: evalbook.roc_auc_sample_size(0.5), "auc must differ from null_auc"),
    (lambda: evalbook.roc_auc_sample_size(0.8, variance="delong"), "variance must be"),
    (lambda: evalbook.roc_auc_sample_size(0.8, prevalence=0.0), "prevalence must be strictly"),
    (
        lambda: evalbook.roc_auc_difference_power(0.8, 0.8, n_positive=10, n_negative=10),
        "auc_a and auc_b must differ",
    ),
    (
        lambda: evalbook.roc_auc_difference_sample_size(0.8, 0.85, correlation=1.0),
        "correlation must be below 1",
    ),
    (
        lambda: evalbook.roc_auc_difference_sample_size(0.8, 0.85, variance="hanley-mcneil"),
        "variance must be 'binormal' or 'obuchowski'",
    ),
    (lambda: evalbook.expected_best_accuracy(100, 0), "k must be at least 1"),
    (lambda: evalbook.expected_best_accuracy(100, 2.5), "k must be a whole number"),
]


@pytest.mark.parametrize(("call", "message"), DESIGN_REFUSALS)
def test_design_functions_refuse_impossible_designs_by_name(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
