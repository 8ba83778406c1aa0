"""ProfitExplorer driven from Python: profit matrix in, profits and the winner out."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalbook import ConfusionMatrix, average_class_accuracy, config_context, profit
from evalbook.widgets import ProfitExplorer
from evalcourse.datasets import profit_matrix, tree_knn_confusions


def test_defaults_reproduce_tabelas_5_and_6():
    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    assert repr(explorer) == "ProfitExplorer(tp=140, fn=-140, fp=-700, tn=0)"
    assert explorer.profits.to_dict() == {"decision_tree": 1540.0, "knn": 560.0}
    assert explorer.winner == "decision_tree"
    table = explorer.table
    assert (
        table.loc["knn", "average_class_accuracy_hm"]
        > table.loc["decision_tree", "average_class_accuracy_hm"]
    )
    assert round(100 * table.loc["decision_tree", "average_class_accuracy_hm"], 3) == 80.761
    assert table.loc["knn", "accuracy"] == 0.87
    assert (
        "escolheria <b>k-NN</b>" in explorer.html
        and "escolhe <b>árvore de decisão</b>" in explorer.html
    )
    assert isinstance(explorer.profit_matrix, pd.DataFrame)
    pd.testing.assert_frame_equal(  # a DisplayFrame: a DataFrame shown in the display language
        pd.DataFrame(explorer.profit_matrix), profit_matrix().astype(float), check_names=False
    )


def test_editing_the_matrix_flips_the_winner():
    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    explorer.fp.value = -100
    assert explorer.profits.to_dict() == {"decision_tree": 3340.0, "knn": 6560.0}
    assert explorer.winner == "knn"
    assert "mesmo modelo" in explorer.html
    # the break-even false-positive price: 26·140 + 3·c = 54·140 + 10·c  →  c = −560
    explorer.fp.value = -560
    assert explorer.profits["decision_tree"] == explorer.profits["knn"]
    explorer.fp.value = -561
    assert explorer.winner == "decision_tree"


def test_profits_match_the_library_on_random_prices():
    rng = np.random.default_rng(21)
    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    models = tree_knn_confusions()
    for _ in range(30):
        gains = rng.integers(-1000, 1000, size=(2, 2)).astype(float)
        for i in range(2):
            for j in range(2):
                explorer.cells[i][j].value = gains[i, j]
        expected = {name: profit(cm, gains) for name, cm in models.items()}
        assert explorer.profits.to_dict() == pytest.approx(expected)
        assert explorer.winner == max(expected, key=expected.get)


def test_three_classes():
    models = {
        "m1": ConfusionMatrix([[8, 1, 1], [2, 6, 2], [0, 1, 9]], labels=list("ABC")),
        "m2": ConfusionMatrix([[10, 0, 0], [5, 5, 0], [5, 0, 5]], labels=list("ABC")),
    }
    gains = np.eye(3) * 10
    explorer = ProfitExplorer(models, gains)
    assert not hasattr(explorer, "tp")
    assert explorer.cells[0][0].description == "A→A"
    assert explorer.profits.to_dict() == {"m1": 230.0, "m2": 200.0}
    assert explorer.table.loc["m1", "average_class_accuracy_hm"] == pytest.approx(
        average_class_accuracy(models["m1"], average="harmonic")
    )


@pytest.mark.parametrize(
    ("models", "gains", "error", "match"),
    [
        ([], None, TypeError, "non-empty dict"),
        ({}, None, TypeError, "non-empty dict"),
        ({1: [[1, 2], [3, 4]]}, None, TypeError, "model names"),
        ({"a": 3}, None, TypeError, "confusion matrix"),
        (
            {
                "a": ConfusionMatrix([[1, 2], [3, 4]]),
                "b": ConfusionMatrix([[1, 2], [3, 4]], labels=["x", "y"]),
            },
            [[1, 0], [0, 1]],
            ValueError,
            "same classes",
        ),
        ({"a": [[1, 2], [3, 4]]}, [[1, 2, 3], [4, 5, 6], [7, 8, 9]], ValueError, "shape"),
    ],
)
def test_bad_input(models, gains, error, match):
    with pytest.raises(error, match=match):
        ProfitExplorer(models, gains)


def test_numbers_and_names_follow_the_language():
    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    assert ">1\u00a0540.00</td>" in explorer.html and ">83.824%</td>" in explorer.html
    with config_context(language="en"):
        explorer.fp.value = -700.5  # any change redraws in the current language
    tree = explorer.profits["decision_tree"]
    assert (
        tree > 1000 and f">{tree:,.2f}</td>" in explorer.html and "decision tree" in explorer.html
    )
    assert "The metric would choose <b>k-NN</b>" in explorer.html
