"""Bad input to the functions on scores, labels and models: refused, never a number.

Every function that reads class labels uses the check that ``from_labels`` uses
(``evalbook._core.checks.check_label_types``): a ``'1'`` among ``1``s, a dict as a label, or
predictions of another type than the targets are refused with a TypeError, where they used
to count silently as negatives or as wrong predictions. The other tests here: ``positive=``
named in the binary metrics' errors, DeLong's ``y_score_a``/``y_score_b``, F-beta for a huge
β, the 5×2cv tables, the inputs of ``bootstrap_predictions``, ints too large for a float,
and the names of ``friedman``'s algorithms.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

import evalbook

MIXED = [1, "1", 0, 0, 1]  # the '1' is another class: it must not count as a negative
SCORES = [0.9, 0.8, 0.3, 0.2, 0.7]
MIXED_TYPES = r"y_true mixes labels of different types \(int, str\)"


# ---------------------------------------------------------------------- mixed label types
@pytest.mark.parametrize(
    "function",
    [
        evalbook.roc_auc,
        evalbook.roc_curve,
        evalbook.ks_statistic,
        evalbook.gain_lift,
        evalbook.precision_recall_curve,
        evalbook.average_precision,
        evalbook.fbeta_curve,
        evalbook.brier_score_loss,
        evalbook.calibration_curve,
        evalbook.expected_calibration_error,
        evalbook.roc_auc_interval,
        evalbook.ScoredData,
    ],
)
def test_labels_of_mixed_types_are_refused_by_every_function_on_scores(function):
    with pytest.raises(TypeError, match=MIXED_TYPES):
        function(MIXED, SCORES, positive=1)


def test_labels_of_mixed_types_are_refused_as_from_labels_refuses_them():
    with pytest.raises(TypeError, match="labels of different types"):
        evalbook.ConfusionMatrix.from_labels(MIXED, MIXED)
    with pytest.raises(TypeError, match=MIXED_TYPES):
        evalbook.delong_test(MIXED, SCORES, SCORES[::-1], positive=1)
    with pytest.raises(TypeError, match=MIXED_TYPES):
        evalbook.RocCurveDisplay.from_predictions(MIXED, SCORES, positive=1)


def test_labels_of_one_type_still_work_and_agree_with_their_reference():
    from sklearn.metrics import roc_auc_score

    y = [1, True, 0, 0, 1]  # 1 and True are one class for Python, numpy and scikit-learn
    assert evalbook.roc_auc(y, SCORES, positive=1) == pytest.approx(
        roc_auc_score([1, 1, 0, 0, 1], SCORES)
    )
    y = ["p", "n", "p", "n"]
    assert evalbook.average_precision(y, [0.9, 0.8, 0.4, 0.1], positive="p") == pytest.approx(
        (1.0 + 2 / 3) / 2
    )


def test_a_dict_as_a_label_is_refused_with_its_position():
    for function in (evalbook.average_precision, evalbook.precision_recall_curve):
        with pytest.raises(TypeError, match=r"y_true contains \{\} \(dict\) at position 1"):
            function([1, {}, 0, 1], [0.9, 0.8, 0.3, 0.2], positive=1)
    with pytest.raises(TypeError, match=r"y_true contains \{\} \(dict\) at position 2"):
        evalbook.mcnemar_test([1, 0, {}, 0], [1, 0, 1, 0], [1, 0, 0, 0])


def test_mcnemar_refuses_predictions_of_another_type_than_the_targets():
    # '1'/'0' predictions against 1/0 targets used to make model A "never right"
    with pytest.raises(TypeError, match="y_true, y_pred_a and y_pred_b mix labels"):
        evalbook.mcnemar_test([1, 0, 1, 0], ["1", "0", "1", "0"], [1, 0, 0, 0])
    result = evalbook.mcnemar_test([1, 0, 1, 0], [1, 0, 1, 0], [1, 0, 0, 0])
    assert (result.only_a_right, result.only_b_right) == (1, 0)


def test_bias_variance_zero_one_refuses_predictions_of_another_type():
    with pytest.raises(TypeError, match="y_true and y_pred mix labels"):
        evalbook.bias_variance_decomposition(
            [1, 0, 1], [["1", "0", "1"], ["1", "0", "1"]], loss="0-1"
        )
    # a mixed table used to become strings: perfect predictions had loss 0.667
    with pytest.raises(TypeError, match="y_true and y_pred mix labels"):
        evalbook.bias_variance_decomposition([1, 0, 1], [[1, "a", 1], [1, 0, 1]], loss="0-1")
    perfect = evalbook.bias_variance_decomposition([1, 0, 1], [[1, 0, 1], [1, 0, 1]], loss="0-1")
    assert tuple(perfect) == (0.0, 0.0, 0.0)


# ---------------------------------------------------------------------- positive=
def test_a_binary_metric_names_positive_when_it_is_not_a_class():
    cm = evalbook.ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    with pytest.raises(ValueError, match=r"^positive='Z' is not one of this matrix's labels"):
        evalbook.recall(cm, positive="Z")
    with pytest.raises(ValueError, match=r"^positive='Z'"):
        cm.with_positive("Z")


@pytest.mark.parametrize("metric", [evalbook.recall, evalbook.precision, evalbook.f1])
def test_a_list_is_not_a_single_positive_class(metric):
    cm = evalbook.ConfusionMatrix([[6, 3], [2, 9]], labels=[0, 1])
    with pytest.raises(TypeError, match=r"^positive must be a single class label; got list"):
        metric(cm, positive=[0])
    assert metric(cm, positive=0) == metric(cm.with_positive(0))


# ---------------------------------------------------------------------- DeLong
def test_delong_names_scores_a_and_scores_b():
    y = [1, 1, 0, 0]
    with pytest.raises(TypeError, match=r"^y_score_a must hold real numbers"):
        evalbook.delong_test(y, [0.1, "x", 0.3, 0.4], [0.1, 0.2, 0.3, 0.4], positive=1)
    with pytest.raises(ValueError, match=r"^y_score_b contains nan"):
        evalbook.delong_test(y, [0.1, 0.2, 0.3, 0.4], [0.1, np.nan, 0.3, 0.4], positive=1)
    with pytest.raises(ValueError, match=r"^y_true and y_score_b have different lengths"):
        evalbook.delong_test(y, [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3], positive=1)


# ---------------------------------------------------------------------- F-beta
@pytest.mark.parametrize("beta", [1e154, 1e200, 1e300])
def test_fbeta_curve_of_a_huge_beta_is_the_recall_as_fbeta_gives(beta):
    y, s = ["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1]
    curve = evalbook.fbeta_curve(y, s, positive="p", beta=beta)
    np.testing.assert_array_equal(curve.fbeta, curve.recall)
    cm = evalbook.ConfusionMatrix.from_labels(y, ["p", "n", "p", "n"], labels=["p", "n"])
    assert evalbook.fbeta(cm, beta=beta) == evalbook.recall(cm)


def test_fbeta_curve_of_a_tiny_beta_is_the_precision():
    curve = evalbook.fbeta_curve(
        ["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p", beta=1e-200
    )
    np.testing.assert_array_equal(curve.fbeta, curve.precision)


# ---------------------------------------------------------------------- 5x2cv
A = [[0.90, 0.88], [0.91, 0.87], [0.89, 0.90], [0.92, 0.88], [0.90, 0.89]]
B = [[0.86, 0.87], [0.88, 0.85], [0.87, 0.88], [0.86, 0.87], [0.88, 0.86]]


@pytest.mark.parametrize("test", [evalbook.paired_ttest_5x2cv, evalbook.f_test_5x2cv])
def test_a_transposed_5x2_table_is_refused_not_reshaped(test):
    # a (2, 5) table used to be reshaped, mixing the replications (t = 2.70, not 2.11)
    with pytest.raises(ValueError, match=r"^fold_scores_a must hold 10 scores.*got shape \(2, 5\)"):
        test(np.transpose(A), B)
    with pytest.raises(ValueError, match=r"^fold_scores_b must hold 10 scores.*got shape \(2, 5\)"):
        test(A, np.transpose(B))
    assert test(A, B) == test(np.ravel(A), np.ravel(B))  # 10 values in replication order


@pytest.mark.parametrize("test", [evalbook.paired_ttest_5x2cv, evalbook.f_test_5x2cv])
def test_scores_whose_differences_overflow_are_refused_not_nan(test):
    huge = np.full((5, 2), 1e308) * [1, -1]
    with pytest.raises(ValueError, match="fold_scores_a and fold_scores_b are too large"):
        test(huge, B)


# ---------------------------------------------------------------------- bootstrap_predictions
X = [[0.0], [1.0], [2.0], [3.0]]
Y = [0, 0, 1, 1]


def test_bootstrap_predictions_refuses_a_missing_target():
    # None in y_train used to give NaN predictions
    with pytest.raises(
        ValueError, match=r"^y_train contains a missing label \(None\) at position 1"
    ):
        evalbook.bootstrap_predictions(
            DecisionTreeClassifier(), X, [0, None, 1, 1], X, n_resamples=3
        )


@pytest.mark.parametrize(
    ("X_train", "X_test", "message"),
    [
        ([0.0, 1.0, 2.0, 3.0], X, r"^X_train must be a table of shape \(instances, features\)"),
        (X[:3], X, r"^X_train and y_train must describe the same instances"),
        (X, [[0.0, 1.0]], r"^X_test has instances of shape \(2,\)"),
        (X, [1.0], r"^X_test must be a table"),
        (X, np.empty((0, 1)), r"^X_test is empty"),
        ([[0.0], [np.nan], [2.0], [3.0]], X, r"^X_train\[1, 0\] is nan"),
        (X, [[np.inf]], r"^X_test\[0, 0\] is inf"),
    ],
)
def test_bootstrap_predictions_names_the_bad_table(X_train, X_test, message):
    with pytest.raises(ValueError, match=message):
        evalbook.bootstrap_predictions(DecisionTreeClassifier(), X_train, Y, X_test, n_resamples=3)


def test_bootstrap_predictions_too_large_is_refused_before_allocating():
    X_test = np.zeros((100_000, 1))
    with pytest.raises(ValueError, match=r"^bootstrap_predictions: n_resamples · X_test_rows"):
        evalbook.bootstrap_predictions(
            DecisionTreeClassifier(), X, Y, X_test, n_resamples=100_000, seed=0
        )


def test_bootstrap_predictions_still_predicts():
    table = evalbook.bootstrap_predictions(
        DecisionTreeClassifier(max_depth=1), X, Y, [[0.0], [3.0]], n_resamples=4, seed=0
    )
    assert table.shape == (4, 2)
    assert set(np.unique(table)) <= {0, 1}


# ---------------------------------------------------------------------- huge numbers, names
def test_an_int_too_large_for_a_float_is_a_value_error():
    data = evalbook.ScoredData([1, 0, 1, 0], [0.9, 0.2, 0.6, 0.4], positive=1)
    with pytest.raises(ValueError, match=r"^threshold is too large for a float; got about 10\^400"):
        data.counts(10**400)
    with pytest.raises(ValueError, match=r"^x is too large for a float"):
        data.cdf(-(10**400))
    with pytest.raises(ValueError, match=r"^y_score contains about 10\^400.0 at position 1"):
        evalbook.roc_auc([1, 0], [0.5, 10**400], positive=1)
    with pytest.raises(ValueError, match=r"^beta is too large for a float"):
        evalbook.fbeta([[6, 3], [2, 9]], beta=10**400)


def test_friedman_refuses_two_algorithms_of_the_same_name():
    scores = pd.DataFrame(
        [[0.8, 0.7, 0.6], [0.9, 0.6, 0.7], [0.7, 0.8, 0.5]], columns=["tree", "tree", "knn"]
    )
    with pytest.raises(ValueError, match="contains 'tree' more than once"):
        evalbook.friedman(scores)
    scores.columns = ["tree", "svm", "knn"]
    assert evalbook.friedman(scores).statistic == pytest.approx(
        __import__("scipy").stats.friedmanchisquare(*scores.T.to_numpy()).statistic
    )


def test_a_stratified_split_refuses_labels_of_mixed_types():
    with pytest.raises(TypeError, match=r"^y_or_n mixes labels of different types"):
        evalbook.holdout([1, "1", 0, 0, 1, 0, 1, 0], stratify=True, seed=0)
