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
    assert ">1\u00a0540.00</td>" in explorer.html and ">83.82%</td>" in explorer.html
    with config_context(language="en"):
        explorer.fp.value = -700.5  # any change redraws in the current language
    tree = explorer.profits["decision_tree"]
    assert (
        tree > 1000 and f">{tree:,.2f}</td>" in explorer.html and "decision tree" in explorer.html
    )
    assert "The metric would choose <b>k-NN</b>" in explorer.html


def test_the_price_plot_marks_the_crossover_computed_from_the_matrices():
    models = tree_knn_confusions()
    explorer = ProfitExplorer(models, profit_matrix())
    # computed, never typed: each model's profit is rest + FP·c; the lines meet where equal
    gains = profit_matrix().to_numpy().astype(float)
    rest = {name: profit(cm, gains) - cm.counts[1, 0] * gains[1, 0] for name, cm in models.items()}
    tree, knn = models["decision_tree"], models["knn"]
    crossing = (rest["decision_tree"] - rest["knn"]) / (knn.counts[1, 0] - tree.counts[1, 0])
    assert explorer.crossovers == {("decision_tree", "knn"): pytest.approx(crossing)}
    assert crossing == pytest.approx(-560)  # lesson 03's tie
    with_tie = [[140, -140], [crossing, 0]]
    assert profit(tree, with_tie) == pytest.approx(profit(knn, with_tie))
    assert "empate em FP = -560" in explorer.html
    # the crossover does not move with the FP price; the current-price marks do
    explorer.fp.value = -100
    assert explorer.crossovers == {("decision_tree", "knn"): pytest.approx(crossing)}


def test_checklist(checklist):
    """Live update (a number box sets the FP price, every view follows), a dot on each
    model's line at the current price and at the crossover, 4 headline numbers for two
    models (average class accuracy and profit, 2 decimals; accuracy in a fold), the
    renderer's colours, lines of 3 px and dots of 8 px or more."""
    import re

    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    explorer.fp.value = -300
    html = explorer.html
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert min(checklist.line_widths(svg)) >= 3 and min(checklist.dot_radii(svg)) >= 4
    assert "<circle" in svg and "<path d=" in svg  # the two models: a dot, a triangle
    assert checklist.colours(html) <= checklist.palette()
    # the marker line sits at the current price: the dots of both models share its x
    marker = float(re.search(r'<line data-mark="x" x1="([\d.]+)"', svg).group(1))
    first_dot = float(re.search(r'<circle cx="([\d.]+)"', svg).group(1))
    assert first_dot == pytest.approx(marker, abs=0.1)
    rows = re.findall(r"<tr>(.*?)</tr>", html.split("</table>")[0])
    for row in rows[1:]:
        numbers = re.findall(r">([−-]?[\d\xa0]+\.\d+%?)<", row)
        assert len(numbers) == 2 and all(len(n.split(".")[1].rstrip("%")) <= 3 for n in numbers)


def test_more_than_two_classes_draw_no_price_plot():
    labels = ["a", "b", "c"]
    models = {
        "m1": ConfusionMatrix(np.eye(3, dtype=int) * 5 + 1, labels=labels),
        "m2": ConfusionMatrix(np.eye(3, dtype=int) * 4 + 2, labels=labels),
    }
    explorer = ProfitExplorer(models, np.eye(3))
    assert explorer.crossovers == {} and "<svg" not in explorer.html


def test_dragging_the_price_line_sets_the_fp_price():
    """The drag view: a drag along the price axis sets the FP box (in steps of 10), the
    box moves the line, and the plot's range stays fixed while dragging."""
    explorer = ProfitExplorer(tree_knn_confusions(), profit_matrix())
    canvas = explorer.canvas
    assert canvas.mode == "drag-x" and canvas.x == -700
    frame = canvas.frame
    before = frame["x_range"]
    x, _ = canvas.pixel_to_value(frame["left"] + 0.8 * frame["width"])  # the pointer's x
    canvas.x = round(x / 10) * 10  # what the browser sends: snapped to the step
    assert explorer.fp.value == canvas.x and explorer.winner == "knn"
    assert canvas.frame["x_range"] == before
    explorer.fp.value = -560
    assert canvas.x == -560 and canvas.frame["x_range"] == before
    assert explorer.profits["decision_tree"] == explorer.profits["knn"]
