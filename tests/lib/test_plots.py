"""The Displays draw the library's numbers: we read the artists of their ``ax_`` back."""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from evalbook import (
    ConfusionMatrixDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    RocCurveDisplay,
    ScoredData,
    gain_lift,
    ks_statistic,
    roc_curve,
)

pytestmark = pytest.mark.usefixtures("close_figures")


def test_confusion_matrix_heatmap(spam_cm):
    ax = ConfusionMatrixDisplay.from_matrix(spam_cm).plot().ax_
    assert isinstance(ax, plt.Axes)
    assert [t.get_text() for t in ax.texts] == ["6\nTP", "3\nFN", "2\nFP", "9\nTN"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["spam", "ham"]
    np.testing.assert_array_equal(ax.images[0].get_array(), spam_cm.counts)


def test_confusion_matrix_heatmap_multiclass(abc_cm):
    ax = ConfusionMatrixDisplay.from_matrix(abc_cm).plot().ax_
    assert [t.get_text() for t in ax.texts] == [str(v) for v in abc_cm.counts.ravel()]


def test_roc_curve_display_draws_the_curve_and_the_point(spam_table):
    _fig, ax = plt.subplots()
    display = RocCurveDisplay.from_predictions(
        spam_table.target, spam_table.score, positive="spam", threshold=0.75
    )
    assert display.plot(ax=ax) is display
    assert display.ax_ is ax and display.figure_ is ax.figure
    curve = roc_curve(spam_table.target, spam_table.score, positive="spam")
    _diagonal, line, point = ax.lines
    np.testing.assert_allclose(line.get_xdata(), curve.fpr)
    np.testing.assert_allclose(line.get_ydata(), curve.tpr)
    assert line.get_label() == "AUC = 0.798"
    # threshold 0.75: TP = 4 of 9 spams, FP = 1 of 11 hams
    assert point.get_xdata()[0] == pytest.approx(1 / 11)
    assert point.get_ydata()[0] == pytest.approx(4 / 9)


def test_several_roc_curves_share_one_diagonal(spam_table):
    target, score = spam_table.target, spam_table.score
    ax = RocCurveDisplay.from_predictions(target, score, positive="spam", name="A").plot().ax_
    RocCurveDisplay.from_predictions(target, 1 - score, positive="spam", name="B").plot(ax=ax)
    labels = [line.get_label() for line in ax.lines]
    assert labels == ["_diagonal", "A: AUC = 0.798", "B: AUC = 0.202"]


def test_ks_display_gap_is_the_statistic(spam_table):
    ax = KSDisplay.from_predictions(spam_table.target, spam_table.score, positive="spam").plot().ax_
    result = ks_statistic(spam_table.target, spam_table.score, positive="spam")
    (segment,) = ax.collections[0].get_segments()
    (x0, y0), (x1, y1) = segment
    assert x0 == x1 == result.score
    assert abs(y1 - y0) == pytest.approx(result.statistic)
    assert len(ax.lines) == 2  # the two CDFs


def test_gain_and_lift_displays(spam_table):
    table = gain_lift(spam_table.target, spam_table.score, positive="spam")
    ax = (
        GainDisplay.from_predictions(spam_table.target, spam_table.score, positive="spam")
        .plot()
        .ax_
    )
    np.testing.assert_allclose(ax.lines[-1].get_ydata()[1:], table.cumulative_gain)
    np.testing.assert_allclose(ax.lines[-1].get_xdata(), np.linspace(0, 1, 11))
    ax = (
        LiftDisplay.from_predictions(spam_table.target, spam_table.score, positive="spam")
        .plot()
        .ax_
    )
    np.testing.assert_allclose([p.get_height() for p in ax.patches], table.lift)
    np.testing.assert_allclose(ax.lines[0].get_ydata(), table.cumulative_lift)


def test_display_bad_input():
    with pytest.raises(ValueError, match="positive"):
        RocCurveDisplay.from_predictions(["a", "b"], [0.1, 0.2], positive="c")
    with pytest.raises(TypeError, match="threshold"):
        RocCurveDisplay.from_predictions(["a", "b"], [0.1, 0.2], positive="a", threshold="high")
    with pytest.raises(ValueError, match="square"):
        ConfusionMatrixDisplay.from_matrix([[1, 2, 3], [4, 5, 6]])


Y4, S4 = [1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1]
SCORE_DISPLAYS = [RocCurveDisplay, KSDisplay, GainDisplay, LiftDisplay]
OPTIONS = {RocCurveDisplay: {}, KSDisplay: {}, GainDisplay: {"bins": 2}, LiftDisplay: {"bins": 2}}


roc = RocCurveDisplay.from_predictions
matrix = ConfusionMatrixDisplay.from_matrix


def _raises_without_opening_a_figure(call, error, fragment):
    plt.close("all")
    with pytest.raises(error, match=fragment):
        call()
    assert plt.get_fignums() == []


def test_ks_display_without_negatives_names_y_true():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy divide warning on the way
        _raises_without_opening_a_figure(
            lambda: KSDisplay.from_predictions([1, 1], [0.1, 0.2], positive=1).plot(),
            ValueError,
            "y_true holds only the positive class 1",
        )


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: roc(Y4, S4, positive=1, threshold="high"), TypeError, "threshold"),
        (lambda: roc(Y4, S4, positive=1, threshold=np.nan), ValueError, "threshold"),
        (lambda: roc([1, 1], [0.1, 0.2], positive=1), ValueError, "negatives too"),
        (lambda: roc(Y4, S4, positive=np.array(Y4)), TypeError, "positive"),
        (lambda: GainDisplay.from_predictions(Y4, S4, positive=1, bins=9), ValueError, "bins"),
        (lambda: LiftDisplay.from_predictions(Y4, S4, positive=1, bins=2.5), TypeError, "bins"),
        (
            lambda: ConfusionMatrixDisplay.from_matrix([[1, 2], [3, 4]], cmap="nope").plot().ax_,
            ValueError,
            "cmap",
        ),
        (
            lambda: ConfusionMatrixDisplay.from_matrix([[1, 2], [3, 4]], cmap=3).plot().ax_,
            TypeError,
            "cmap",
        ),
    ],
)
def test_bad_input_leaves_no_figure_open(call, error, fragment):
    _raises_without_opening_a_figure(call, error, fragment)


@pytest.mark.parametrize("ax", ["nope", 3, plt])
@pytest.mark.parametrize(
    "call",
    [lambda ax: ConfusionMatrixDisplay.from_matrix([[1, 2], [3, 4]]).plot(ax=ax)]
    + [
        lambda ax, kind=kind: kind.from_predictions(Y4, S4, positive=1, **OPTIONS[kind]).plot(ax=ax)
        for kind in SCORE_DISPLAYS
    ],
    ids=["ConfusionMatrixDisplay"] + [kind.__name__ for kind in SCORE_DISPLAYS],
)
def test_ax_must_be_an_axes(call, ax):
    _raises_without_opening_a_figure(lambda: call(ax), TypeError, "ax must be a matplotlib Axes")


def test_bad_threshold_does_not_draw_on_the_given_axes():
    plt.close("all")
    figure, ax = plt.subplots()
    with pytest.raises(TypeError, match="threshold"):
        roc(Y4, S4, positive=1, threshold="high").plot(ax=ax)
    assert len(ax.lines) == 0  # the threshold is checked before the curve is drawn
    assert plt.get_fignums() == [figure.number]


@pytest.mark.parametrize("kind", SCORE_DISPLAYS, ids=lambda kind: kind.__name__)
def test_score_displays_take_scored_data(kind, spam_table):
    data = ScoredData(spam_table.target, spam_table.score, positive="spam")
    from_data = kind.from_predictions(data).plot().ax_
    from_raw = kind.from_predictions(spam_table.target, spam_table.score, positive="spam")
    from_raw = from_raw.plot().ax_
    assert len(from_data.lines) == len(from_raw.lines) > 0
    for mine, theirs in zip(from_data.lines, from_raw.lines, strict=True):
        np.testing.assert_array_equal(mine.get_xdata(), theirs.get_xdata())
        np.testing.assert_array_equal(mine.get_ydata(), theirs.get_ydata())
        assert mine.get_label() == theirs.get_label()
    with pytest.raises(TypeError, match="either a ScoredData alone"):
        kind.from_predictions(data, spam_table.score)


def test_roc_curve_display_name_must_be_text():
    _raises_without_opening_a_figure(
        lambda: roc(Y4, S4, positive=1, name=3), TypeError, "name must be a str"
    )


def test_ks_display_of_extreme_scores_has_finite_ends():
    """Scores near ±1e308: hi − lo must not overflow (a numpy warning, infinite step ends)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = KSDisplay.from_predictions([1, 0, 1, 0], [1.7e308, -1.7e308, 5.0, 1.0], positive=1)
        ax = ax.plot().ax_
    for line in ax.lines:
        assert np.all(np.isfinite(line.get_xdata()))
    assert ax.lines[0].get_ydata()[-1] == ax.lines[1].get_ydata()[-1] == 1.0
