"""The plots draw the library's numbers: each returns its Axes, whose artists we read back.

The curves (ROC, KS, gain, lift), the confusion-matrix heatmap, and the teaching figures:
plot_metric_cells (which cells a rate divides), plot_comparison_intervals (intervals of d
with 0 marked) and plot_critical_difference (Demšar's diagram of a Friedman/Nemenyi result).
"""

from __future__ import annotations

import itertools
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_hex
from matplotlib.patches import Rectangle

import evalbook
from evalbook import (
    ScoredData,
    compare_algorithms,
    compare_models,
    friedman,
    gain_lift,
    ks_statistic,
    plot_comparison_intervals,
    plot_confusion_matrix,
    plot_critical_difference,
    plot_cumulative_gain,
    plot_ks,
    plot_lift,
    plot_metric_cells,
    plot_roc_curve,
    roc_curve,
)
from evalbook.plots import METRIC_CELLS


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_confusion_matrix_heatmap(spam_cm):
    ax = plot_confusion_matrix(spam_cm)
    assert isinstance(ax, plt.Axes)
    assert [t.get_text() for t in ax.texts] == ["6\nTP", "3\nFN", "2\nFP", "9\nTN"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["spam", "ham"]
    np.testing.assert_array_equal(ax.images[0].get_array(), spam_cm.counts)


def test_confusion_matrix_heatmap_multiclass(abc_cm):
    ax = plot_confusion_matrix(abc_cm)
    assert [t.get_text() for t in ax.texts] == [str(v) for v in abc_cm.counts.ravel()]


def test_roc_curve_plot_draws_the_curve_and_the_point(spam_table):
    _fig, ax = plt.subplots()
    returned = plot_roc_curve(
        spam_table.target, spam_table.score, positive="spam", threshold=0.75, ax=ax
    )
    assert returned is ax
    curve = roc_curve(spam_table.target, spam_table.score, positive="spam")
    _diagonal, line, point = ax.lines
    np.testing.assert_allclose(line.get_xdata(), curve.fpr)
    np.testing.assert_allclose(line.get_ydata(), curve.tpr)
    assert line.get_label() == "AUC = 0.798"
    # threshold 0.75: TP = 4 of 9 spams, FP = 1 of 11 hams
    assert point.get_xdata()[0] == pytest.approx(1 / 11)
    assert point.get_ydata()[0] == pytest.approx(4 / 9)


def test_several_roc_curves_share_one_diagonal(spam_table):
    ax = plot_roc_curve(spam_table.target, spam_table.score, positive="spam", name="A")
    plot_roc_curve(spam_table.target, 1 - spam_table.score, positive="spam", name="B", ax=ax)
    labels = [line.get_label() for line in ax.lines]
    assert labels == ["_diagonal", "A: AUC = 0.798", "B: AUC = 0.202"]


def test_ks_plot_gap_is_the_statistic(spam_table):
    ax = plot_ks(spam_table.target, spam_table.score, positive="spam")
    result = ks_statistic(spam_table.target, spam_table.score, positive="spam")
    (segment,) = ax.collections[0].get_segments()
    (x0, y0), (x1, y1) = segment
    assert x0 == x1 == result.score
    assert abs(y1 - y0) == pytest.approx(result.statistic)
    assert len(ax.lines) == 2  # the two CDFs


def test_gain_and_lift_plots(spam_table):
    table = gain_lift(spam_table.target, spam_table.score, positive="spam")
    ax = plot_cumulative_gain(spam_table.target, spam_table.score, positive="spam")
    np.testing.assert_allclose(ax.lines[-1].get_ydata()[1:], table.cumulative_gain)
    np.testing.assert_allclose(ax.lines[-1].get_xdata(), np.linspace(0, 1, 11))
    ax = plot_lift(spam_table.target, spam_table.score, positive="spam")
    np.testing.assert_allclose([p.get_height() for p in ax.patches], table.lift)
    np.testing.assert_allclose(ax.lines[0].get_ydata(), table.cumulative_lift)


def test_plot_bad_input():
    with pytest.raises(ValueError, match="positive"):
        plot_roc_curve(["a", "b"], [0.1, 0.2], positive="c")
    with pytest.raises(TypeError, match="threshold"):
        plot_roc_curve(["a", "b"], [0.1, 0.2], positive="a", threshold="high")
    with pytest.raises(ValueError, match="square"):
        plot_confusion_matrix([[1, 2, 3], [4, 5, 6]])


Y4, S4 = [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]
SCORE_PLOTS = [plot_roc_curve, plot_ks, plot_cumulative_gain, plot_lift]


def _raises_without_opening_a_figure(call, error, fragment):
    plt.close("all")
    with pytest.raises(error, match=fragment):
        call()
    assert plt.get_fignums() == []


def test_ks_plot_without_negatives_names_y_true():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy divide warning on the way
        _raises_without_opening_a_figure(
            lambda: plot_ks([1, 1], [0.1, 0.2], positive=1),
            ValueError,
            "y_true holds only the positive class 1",
        )


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: plot_roc_curve(Y4, S4, positive=1, threshold="high"), TypeError, "threshold"),
        (lambda: plot_roc_curve(Y4, S4, positive=1, threshold=np.nan), ValueError, "threshold"),
        (lambda: plot_roc_curve([1, 1], [0.1, 0.2], positive=1), ValueError, "negatives too"),
        (lambda: plot_roc_curve(Y4, S4, positive=np.array(Y4)), TypeError, "positive"),
        (lambda: plot_cumulative_gain(Y4, S4, positive=1, bins=9), ValueError, "bins"),
        (lambda: plot_lift(Y4, S4, positive=1, bins=2.5), TypeError, "bins"),
        (lambda: plot_confusion_matrix([[1, 2], [3, 4]], cmap="nope"), ValueError, "cmap"),
        (lambda: plot_confusion_matrix([[1, 2], [3, 4]], cmap=3), TypeError, "cmap"),
    ],
)
def test_bad_input_leaves_no_figure_open(call, error, fragment):
    _raises_without_opening_a_figure(call, error, fragment)


@pytest.mark.parametrize("ax", ["nope", 3, plt])
@pytest.mark.parametrize(
    "call",
    [lambda ax: plot_confusion_matrix([[1, 2], [3, 4]], ax=ax)]
    + [lambda ax, plot=plot: plot(Y4, S4, positive=1, ax=ax) for plot in SCORE_PLOTS],
    ids=["plot_confusion_matrix"] + [plot.__name__ for plot in SCORE_PLOTS],
)
def test_ax_must_be_an_axes(call, ax):
    _raises_without_opening_a_figure(lambda: call(ax), TypeError, "ax must be a matplotlib Axes")


def test_bad_threshold_does_not_draw_on_the_given_axes():
    plt.close("all")
    figure, ax = plt.subplots()
    with pytest.raises(TypeError, match="threshold"):
        plot_roc_curve(Y4, S4, positive=1, threshold="high", ax=ax)
    assert len(ax.lines) == 0  # the threshold is checked before the curve is drawn
    assert plt.get_fignums() == [figure.number]


@pytest.mark.parametrize("plot", SCORE_PLOTS, ids=lambda plot: plot.__name__)
def test_score_plots_take_scored_data(plot, spam_table):
    data = ScoredData(spam_table.target, spam_table.score, positive="spam")
    from_data = plot(data)
    from_raw = plot(spam_table.target, spam_table.score, positive="spam")
    assert len(from_data.lines) == len(from_raw.lines) > 0
    for mine, theirs in zip(from_data.lines, from_raw.lines, strict=True):
        np.testing.assert_array_equal(mine.get_xdata(), theirs.get_xdata())
        np.testing.assert_array_equal(mine.get_ydata(), theirs.get_ydata())
        assert mine.get_label() == theirs.get_label()
    with pytest.raises(TypeError, match="either a ScoredData alone"):
        plot(data, spam_table.score)


def test_roc_curve_plot_name_must_be_text():
    _raises_without_opening_a_figure(
        lambda: plot_roc_curve(Y4, S4, positive=1, name=3), TypeError, "name must be a str"
    )


def test_ks_plot_of_extreme_scores_has_finite_ends():
    """Scores near ±1e308: hi − lo must not overflow (a numpy warning, infinite step ends)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = plot_ks([1, 0, 1, 0], [1.7e308, -1.7e308, 5.0, 1.0], positive=1)
    for line in ax.lines:
        assert np.all(np.isfinite(line.get_xdata()))
    assert ax.lines[0].get_ydata()[-1] == ax.lines[1].get_ydata()[-1] == 1.0


DARK, LIGHT, BLANK = "#1f5fa8", "#aec7e8", "#ffffff"


CELLS = {"TP": (0, 0), "FN": (0, 1), "FP": (1, 0), "TN": (1, 1)}


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
    ax = plot_metric_cells(evalbook.spam_predictions().pipe(_spam_matrix), "precision")
    assert _cell_colours(ax) == {"TP": DARK, "FP": LIGHT, "FN": BLANK, "TN": BLANK}
    assert ax.get_title() == "precisão = TP / (TP + FP) = 6 / 8 = 0.75"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["spam", "ham"]


def test_recall_divides_the_actual_positive_row():
    ax = plot_metric_cells([[6, 3], [2, 9]], "recall")
    assert _cell_colours(ax) == {"TP": DARK, "FN": LIGHT, "FP": BLANK, "TN": BLANK}
    assert ax.get_title() == "revocação = TP / (TP + FN) = 6 / 9 = 0.667"
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
        ax = plot_metric_cells(counts, metric)
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
        ax = plot_metric_cells([[0, 2], [0, 98]], "precision")
    assert ax.get_title().endswith("= 0 / 0 = nan")


def test_metric_cells_draws_on_the_given_axes():
    _, (left, right) = plt.subplots(1, 2)
    assert plot_metric_cells([[6, 3], [2, 9]], "fpr", ax=right) is right
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
        plot_metric_cells(cm, metric)
    assert not plt.get_fignums()


def test_metric_cells_refuses_an_ax_that_is_not_an_axes():
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        plot_metric_cells([[6, 3], [2, 9]], "recall", ax="left")


# ------------------------------------------------------------------ comparison intervals
def _segments(ax):
    """(x-range, y, colour) of each interval line (two points, same y)."""
    return [
        (tuple(line.get_xdata()), line.get_ydata()[0], to_hex(line.get_color()))
        for line in ax.lines
        if len(line.get_xdata()) == 2 and line.get_ydata()[0] == line.get_ydata()[1]
    ]


def test_intervals_are_drawn_where_the_results_put_them_with_zero_marked():
    m1_m2 = compare_models(0.85, 30, 0.75, 5000, confidence=0.90)
    exercise = compare_models(0.70, 100, 0.85, 200, confidence=0.99)
    ax = plot_comparison_intervals({"M1 − M2": m1_m2, "exercício": exercise})
    assert [t.get_text() for t in ax.get_yticklabels()] == ["M1 − M2", "exercício"]
    segments = _segments(ax)
    assert segments[0] == (pytest.approx(m1_m2.interval), 0, "#7f7f7f")  # contains 0: grey
    assert segments[1] == (pytest.approx(exercise.interval), 1, "#d62728")  # below 0: red
    zero = [line for line in ax.lines if list(line.get_xdata()) == [0, 0]]
    assert len(zero) == 1
    lower, upper = ax.get_ylim()
    assert lower > upper  # the first comparison on top


def test_algorithm_comparisons_are_centred_on_the_mean_difference():
    rng = np.random.default_rng(3)
    differences = {f"par {i}": rng.normal(0.01 * i, 0.02, size=10) for i in range(4)}
    results = {name: compare_algorithms(d) for name, d in differences.items()}
    ax = plot_comparison_intervals(results)
    centres = [line for line in ax.lines if line.get_marker() == "o"]
    assert [c.get_xdata()[0] for c in centres] == pytest.approx(
        [d.mean() for d in differences.values()]
    )
    for (xs, _, colour), result in zip(_segments(ax), results.values(), strict=True):
        assert xs == pytest.approx(result.interval)
        assert (colour == "#d62728") == result.significant


@pytest.mark.parametrize(
    ("comparisons", "names"),
    [
        ({}, "non-empty mapping"),
        ([compare_models(0.8, 50, 0.7, 50)], "non-empty mapping"),
        ({"a": (0.1, (-0.1, 0.3))}, r"comparisons\['a'\] must be a result"),
    ],
)
def test_comparison_intervals_refuse_bad_input(comparisons, names):
    with pytest.raises(TypeError, match=names):
        plot_comparison_intervals(comparisons)
    assert not plt.get_fignums()


# ------------------------------------------------------------------- critical difference
def _bars(ax, colour="#d62728"):
    return sorted(
        tuple(np.round(line.get_xdata(), 6))
        for line in ax.lines
        if to_hex(line.get_color()) == colour
    )


def test_lesson_10_diagram_joins_all_four_algorithms():
    """Lesson 10's average ranks (1.5, 2.125, 2.75, 3.625) all lie within CD = 2.345."""
    scores = np.array(
        [[0.94, 0.94, 0.96, 0.9533], [0.9889, 0.8941, 0.9722, 0.9778],
         [0.9631, 0.9191, 0.9701, 0.9368], [0.965, 0.8626, 0.9788, 0.8425]]
    )  # fmt: skip
    result = friedman(scores, nemenyi=True)
    ax = plot_critical_difference(result)
    assert _bars(ax) == [(1.5 - 0.03, 3.625 + 0.03)]
    cd_bar = [line for line in ax.lines if list(line.get_ydata()) == [0.55, 0.55]]
    assert len(cd_bar) == 1
    assert np.diff(cd_bar[0].get_xdata())[0] == pytest.approx(result.critical_difference)
    labels = sorted(t.get_text() for t in ax.texts if "(" in t.get_text())
    assert labels == ["0 (2.125)", "1 (3.625)", "2 (1.500)", "3 (2.750)"]


def test_groups_are_the_maximal_runs_closer_than_cd():
    """Brute force: a bar for each maximal run of sorted ranks whose span is below CD."""
    rng = np.random.default_rng(11)
    for _ in range(30):
        k = int(rng.integers(3, 8))
        scores = rng.normal(np.linspace(0, 1, k), 0.4, size=(int(rng.integers(5, 40)), k))
        result = friedman(scores, nemenyi=True)
        ranks = np.sort(result.average_ranks)
        cd = result.critical_difference
        runs = [
            (i, j)
            for i, j in itertools.combinations(range(k), 2)
            if ranks[j] - ranks[i] < cd
            and not any(a <= i and j <= b and (a, b) != (i, j)
                        for a, b in itertools.combinations(range(k), 2)
                        if ranks[b] - ranks[a] < cd)
        ]  # fmt: skip
        expected = sorted((round(ranks[i] - 0.03, 6), round(ranks[j] + 0.03, 6)) for i, j in runs)
        ax = plot_critical_difference(result)
        assert _bars(ax) == expected
        plt.close(ax.figure)


def test_critical_difference_needs_nemenyi_and_a_friedman_result():
    scores = [[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75]]
    with pytest.raises(ValueError, match="nemenyi=True"):
        plot_critical_difference(friedman(scores))
    with pytest.raises(TypeError, match="result must be a FriedmanResult"):
        plot_critical_difference({"average_ranks": [1, 2, 3], "critical_difference": 1.0})
    assert not plt.get_fignums()
