"""The plots draw the library's numbers: each returns its Axes, whose artists we read back."""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from evalbook import (
    ScoredData,
    gain_lift,
    ks_statistic,
    plot_confusion_matrix,
    plot_cumulative_gain,
    plot_ks,
    plot_lift,
    plot_roc_curve,
    roc_curve,
)

pytestmark = pytest.mark.usefixtures("close_figures")


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
