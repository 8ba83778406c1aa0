"""MetricCellsDisplay, checked on the drawn artists: which cells of the matrix a rate divides."""

from __future__ import annotations

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.colors import to_hex
from matplotlib.patches import Rectangle

import evalbook
from evalbook import MetricCellsDisplay
from evalbook.displays._displays import METRIC_CELLS
from evalcourse import datasets

DARK, LIGHT, BLANK = "#1f5fa8", "#aec7e8", "#ffffff"
CELLS = {"TP": (0, 0), "FN": (0, 1), "FP": (1, 0), "TN": (1, 1)}


pytestmark = pytest.mark.usefixtures("close_figures")


def _cell_colours(ax) -> dict[str, str]:
    """The face colour of each of the four cells, by name (from the rectangles' positions)."""
    colours = {}
    for patch in ax.patches:
        if isinstance(patch, Rectangle):
            row, column = round(patch.get_y() + 0.5), round(patch.get_x() + 0.5)
            name = next(n for n, cell in CELLS.items() if cell == (row, column))
            colours[name] = to_hex(patch.get_facecolor())
    return colours


# ------------------------------------------------------------------------- metric cells
def test_precision_divides_the_predicted_positive_column():
    ax = (
        MetricCellsDisplay.from_matrix(datasets.spam_predictions().pipe(_spam_matrix), "precision")
        .plot()
        .ax_
    )
    assert _cell_colours(ax) == {"TP": DARK, "FP": LIGHT, "FN": BLANK, "TN": BLANK}
    assert ax.get_title() == "precision = TP / (TP + FP) = 6 / 8 = 0.75"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["spam", "ham"]


def test_recall_divides_the_actual_positive_row():
    ax = MetricCellsDisplay.from_matrix([[6, 3], [2, 9]], "recall").plot().ax_
    assert _cell_colours(ax) == {"TP": DARK, "FN": LIGHT, "FP": BLANK, "TN": BLANK}
    assert ax.get_title() == "recall = TP / (TP + FN) = 6 / 9 = 0.667"
    with evalbook.config_context(language="pt"):
        portuguese = MetricCellsDisplay.from_matrix([[6, 3], [2, 9]], "recall").plot().ax_
    assert portuguese.get_title() == "revocação = TP / (TP + FN) = 6 / 9 = 0.667"
    assert (portuguese.get_xlabel(), portuguese.get_ylabel()) == ("predição", "alvo")
    texts = sorted(t.get_text() for t in ax.texts)
    assert texts == ["FN\n3", "FP\n2", "TN\n9", "TP\n6"]


def _spam_matrix(frame):
    return evalbook.ConfusionMatrix.from_labels(
        frame.target, frame.prediction, labels=["spam", "ham"]
    )


@pytest.mark.parametrize("metric", sorted(METRIC_CELLS))
def test_every_rate_is_its_numerator_cells_over_its_denominator_cells(metric):
    """On random matrices the drawn cells give the library's value: top / bottom."""
    rng = np.random.default_rng(7)
    numerator, denominator = METRIC_CELLS[metric]
    assert set(numerator) <= set(denominator)
    for counts in rng.integers(1, 50, size=(20, 2, 2)):
        display = MetricCellsDisplay.from_matrix(counts, metric)
        ax = display.plot().ax_
        assert (display.numerator, display.denominator) == (numerator, denominator)
        colours = _cell_colours(ax)
        dark = [name for name, c in colours.items() if c == DARK]
        shaded = [name for name, c in colours.items() if c in (DARK, LIGHT)]
        top = sum(counts[CELLS[name]] for name in dark)
        bottom = sum(counts[CELLS[name]] for name in shaded)
        expected = getattr(evalbook, metric)(counts)
        assert top / bottom == pytest.approx(expected, rel=1e-12)
        assert ax.get_title().endswith(f"= {top} / {bottom} = {expected:.3g}")
        plt.close(ax.figure)


def test_an_undefined_rate_is_drawn_as_nan_without_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = MetricCellsDisplay.from_matrix([[0, 2], [0, 98]], "precision").plot().ax_
    assert ax.get_title().endswith("= 0 / 0 = nan")


def test_metric_cells_draws_on_the_given_axes():
    _, (left, right) = plt.subplots(1, 2)
    display = MetricCellsDisplay.from_matrix([[6, 3], [2, 9]], "fpr")
    assert display.plot(ax=right).ax_ is right and display.figure_ is right.figure
    assert display.value == pytest.approx(2 / 11)
    assert not left.patches and len(right.patches) == 4
    assert len(plt.get_fignums()) == 1


@pytest.mark.parametrize(
    ("cm", "metric", "error", "names"),
    [
        ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], "recall", ValueError, "cm must be a 2×2"),
        ([[6, 3], [2, 9]], "f1", ValueError, "metric must be one of"),
        ([[6, 3], [2, 9]], ["recall"], ValueError, "metric must be one of"),
    ],
)
def test_metric_cells_refuses_bad_input(cm, metric, error, names):
    with pytest.raises(error, match=names):
        MetricCellsDisplay.from_matrix(cm, metric)
    assert not plt.get_fignums()


def test_metric_cells_refuses_an_ax_that_is_not_an_axes():
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        MetricCellsDisplay.from_matrix([[6, 3], [2, 9]], "recall").plot(ax="left")
