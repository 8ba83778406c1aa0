"""Per-class recall, average class accuracy and profit (handout 000, Tabelas 4-6, eqs. (6)-(9))."""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import hmean
from sklearn.metrics import balanced_accuracy_score, recall_score

import evalbook
from evalbook import (
    ConfusionMatrix,
    UndefinedMetricWarning,
    average_class_accuracy,
    per_class_recall,
    profit,
)
from evalcourse.datasets import profit_matrix, tree_knn_confusions

TREE = [[43, 17], [3, 37]]
KNN = [[57, 3], [10, 30]]
GAINS = [[140, -140], [-700, 0]]


# ---------------------------------------------------------------------- the handout's numbers
def test_shipped_tabela_5():
    models = tree_knn_confusions()
    assert list(models) == ["decision_tree", "knn"]
    assert models["decision_tree"] == ConfusionMatrix(TREE, labels=["positivo", "negativo"])
    assert models["knn"] == ConfusionMatrix(KNN, labels=["positivo", "negativo"])
    assert all(cm.n == 100 for cm in models.values())


def test_shipped_profit_matrix():
    table = profit_matrix()
    assert list(table.index) == ["positivo", "negativo"]
    assert list(table.columns) == ["positivo", "negativo"]
    assert table.to_numpy().tolist() == GAINS


def test_harmonic_average_class_accuracy_of_tabela_5():
    models = tree_knn_confusions()
    tree = average_class_accuracy(models["decision_tree"], mean="harmonic")
    knn = average_class_accuracy(models["knn"], mean="harmonic")
    # eq. (9) in exact arithmetic: 1 / mean(1 / recall)
    assert tree == pytest.approx(float(2 / (Fraction(60, 43) + Fraction(40, 37))), rel=1e-14)
    assert knn == pytest.approx(float(2 / (Fraction(60, 57) + Fraction(40, 30))), rel=1e-14)
    assert round(100 * tree, 3) == 80.761  # as printed in Tabela 5
    assert round(100 * knn, 3) == 83.824
    assert knn > tree  # the metric picks the k-NN ...


def test_arithmetic_average_class_accuracy_of_tabela_5():
    assert average_class_accuracy(TREE) == pytest.approx((43 / 60 + 37 / 40) / 2, rel=1e-14)
    assert average_class_accuracy(KNN, mean="arithmetic") == pytest.approx(0.85, rel=1e-14)


def test_profit_of_tabela_6():
    models = tree_knn_confusions()
    assert profit(models["decision_tree"], profit_matrix()) == 1540.0
    assert profit(models["knn"], profit_matrix()) == 560.0  # ... the profit, the tree
    assert profit(TREE, GAINS) == 1540.0 and profit(KNN, GAINS) == 560.0


def test_profit_matrix_is_recovered_from_the_two_printed_profits():
    """TN = 0 and FN = −TP leave two unknowns for two equations: a unique solution."""
    tree, knn = np.array(TREE), np.array(KNN)
    # unknowns (a, c) with TP = a, FN = −a, FP = c, TN = 0
    system = np.array(
        [[tree[0, 0] - tree[0, 1], tree[1, 0]], [knn[0, 0] - knn[0, 1], knn[1, 0]]], dtype=float
    )
    a, c = np.linalg.solve(system, [1540, 560])
    assert (a, c) == pytest.approx((140, -700), abs=1e-9)
    # but the four values are not determined by the two profits alone: two directions of
    # the 4-D space of profit matrices change neither profit
    cells = np.stack([tree.ravel(), knn.ravel()]).astype(float)
    null = np.linalg.svd(cells)[2][2:]
    assert null.shape == (2, 4)
    np.testing.assert_allclose(cells @ null.T, 0, atol=1e-9)
    for direction in null:
        other = np.array(GAINS) + 50 * direction.reshape(2, 2)
        assert not np.allclose(other, GAINS)
        assert profit(TREE, other) == pytest.approx(1540, abs=1e-9)
        assert profit(KNN, other) == pytest.approx(560, abs=1e-9)


def test_churn_example():
    """98 clients of class A, 2 of B, a model that always says A (handout 000)."""
    dumb = ConfusionMatrix([[98, 0], [2, 0]], labels=["A", "B"])
    assert evalbook.accuracy(dumb) == 0.98
    assert average_class_accuracy(dumb) == 0.5
    assert average_class_accuracy(dumb, mean="harmonic") == 0.0
    assert per_class_recall(dumb).to_dict() == {"A": 1.0, "B": 0.0}


# ---------------------------------------------------------------------- cross-checks
def _random_labels(rng, k, n):
    y_true = rng.integers(0, k, size=n)
    y_true[:k] = np.arange(k)  # every class present in the target
    noise = rng.random(n) < rng.uniform(0.1, 0.9)
    y_pred = np.where(noise, rng.integers(0, k, size=n), y_true)
    return y_true, y_pred


@pytest.mark.slow
def test_per_class_recall_and_arithmetic_mean_against_sklearn():
    rng = np.random.default_rng(3)
    for _ in range(200):
        k = int(rng.integers(2, 6))
        y_true, y_pred = _random_labels(rng, k, int(rng.integers(k, 80)))
        labels = list(range(k))
        cm = ConfusionMatrix.from_labels(y_true, y_pred, labels=labels)
        expected = recall_score(y_true, y_pred, labels=labels, average=None, zero_division=0)
        np.testing.assert_allclose(per_class_recall(cm).to_numpy(), expected, rtol=1e-12)
        assert per_class_recall(cm).index.tolist() == labels
        assert average_class_accuracy(cm) == pytest.approx(
            balanced_accuracy_score(y_true, y_pred), rel=1e-12
        )


def test_harmonic_mean_against_scipy():
    rng = np.random.default_rng(4)
    checked = 0
    for _ in range(200):
        k = int(rng.integers(2, 6))
        counts = rng.integers(0, 30, size=(k, k)) + np.diag(rng.integers(1, 30, size=k))
        recalls = np.diag(counts) / counts.sum(axis=1)
        assert average_class_accuracy(counts, mean="harmonic") == pytest.approx(
            hmean(recalls), rel=1e-12
        )
        checked += 1
    assert checked == 200


def test_harmonic_is_at_most_arithmetic():
    rng = np.random.default_rng(5)
    for _ in range(100):
        counts = rng.integers(0, 20, size=(3, 3)) + np.eye(3, dtype=int)
        assert (
            average_class_accuracy(counts, mean="harmonic")
            <= average_class_accuracy(counts) + 1e-15
        )


def test_profit_is_the_cellwise_sum():
    rng = np.random.default_rng(6)
    for _ in range(100):
        k = int(rng.integers(2, 5))
        counts = rng.integers(0, 50, size=(k, k))
        gains = rng.normal(0, 100, size=(k, k))
        expected = sum(counts[i, j] * gains[i, j] for i in range(k) for j in range(k))
        assert profit(counts, gains) == pytest.approx(expected, rel=1e-12, abs=1e-9)


def test_profit_aligns_a_dataframe_by_label():
    cm = ConfusionMatrix(TREE, labels=["positivo", "negativo"])
    shuffled = profit_matrix().loc[["negativo", "positivo"], ["positivo", "negativo"]]
    assert profit(cm, shuffled) == 1540.0
    both = profit_matrix().loc[["negativo", "positivo"], ["negativo", "positivo"]]
    assert profit(cm, both) == 1540.0


# ---------------------------------------------------------------------- 0/0 and bad input
def test_class_without_instances_is_undefined():
    counts = [[5, 1, 0], [2, 3, 0], [0, 0, 0]]
    with pytest.warns(UndefinedMetricWarning, match="recall of class 2"):
        assert math.isnan(average_class_accuracy(counts))
    with pytest.warns(UndefinedMetricWarning):
        assert math.isnan(per_class_recall(counts).iloc[2])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert average_class_accuracy(counts, zero_division=0.0) == pytest.approx(
            (5 / 6 + 3 / 5) / 3
        )
        assert average_class_accuracy(counts, mean="harmonic", zero_division=0.0) == 0.0


def test_warning_points_at_the_caller():
    with pytest.warns(UndefinedMetricWarning) as record:
        average_class_accuracy([[0, 0], [1, 1]])
    assert record[0].filename == __file__


@pytest.mark.parametrize("mean", ["geometric", "HM", None, 1])
def test_bad_mean(mean):
    with pytest.raises(ValueError, match="mean must be 'arithmetic' or 'harmonic'; got"):
        average_class_accuracy(TREE, mean=mean)


@pytest.mark.parametrize(
    ("gains", "error", "match"),
    [
        ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], ValueError, r"shape \(3, 3\) but the confusion"),
        ([1, 2, 3, 4], ValueError, r"shape \(4,\)"),
        ([[1, 2], [3]], ValueError, "square table"),
        ([["a", "b"], ["c", "d"]], TypeError, "numbers"),
        ([[1, 2], [3, math.inf]], ValueError, "contains inf"),
        (5, TypeError, "2×2 table"),
        ("abc", TypeError, "2×2 table"),
        (None, TypeError, "2×2 table"),
        (ConfusionMatrix([[1, 2], [3, 4]]), TypeError, "swap the arguments"),
        (
            pd.DataFrame([[1, 2], [3, 4]], index=["x", "y"], columns=["x", "y"]),
            ValueError,
            "has the classes",
        ),
        (
            pd.DataFrame([[1, 2], [3, 4]], index=["positivo", "negativo"], columns=["a", "b"]),
            ValueError,
            "rows and columns name different classes",
        ),
    ],
)
def test_profit_bad_input(gains, error, match):
    cm = ConfusionMatrix(TREE, labels=["positivo", "negativo"])
    with pytest.raises(error, match=match):
        profit(cm, gains)


def test_profit_of_a_bad_confusion_matrix():
    with pytest.raises(ValueError, match="square"):
        profit([[1, 2, 3], [4, 5, 6]], GAINS)


def test_profit_matrix_as_a_mapping():
    gains = {"positivo": {"positivo": 140, "negativo": -140}, "negativo": {"positivo": -700}}
    cm = ConfusionMatrix(TREE, labels=["positivo", "negativo"])
    with pytest.raises(ValueError, match=r"profit_matrix\['negativo'\] has no value for"):
        profit(cm, gains)
    gains["negativo"]["negativo"] = 0
    assert profit(cm, gains) == 1540.0
    reordered = {"negativo": gains["negativo"], "positivo": gains["positivo"]}
    assert profit(cm, reordered) == 1540.0


# ---------------------------------------------------- profit matrices that are not numbers
@pytest.mark.parametrize(
    "matrix",
    [
        np.array([["1", "2"], ["3", "4"]], dtype=object),
        np.array([["1", "2"], ["3", "4"]]),
        np.array([[1, 2], [True, 4]], dtype=object),
        [[1, 2], [3, None]],
    ],
)
def test_profit_refuses_text_and_objects(matrix):
    with pytest.raises(TypeError, match="profit_matrix must hold numbers"):
        profit([[6, 3], [2, 9]], matrix)


def test_profit_still_takes_object_arrays_of_numbers():
    matrix = np.array([[140, -140], [-700, 0.0]], dtype=object)
    assert profit([[43, 17], [3, 37]], matrix) == 1540.0
