"""PrecisionRecallExplorer driven from Python: threshold and prevalence in, precision,
recall and PPV out."""

import math
import re

import numpy as np
import pytest

import evalbook
from evalbook.widgets.precision_recall import PrecisionRecallExplorer
from evalcourse import datasets


@pytest.fixture
def spam_explorer():
    data = datasets.spam_predictions()
    return PrecisionRecallExplorer(data.target, data.score, positive="spam"), data


@pytest.mark.parametrize("t", [0.0, 0.25, 0.5, 0.676, 0.75, 0.97, 1.0])
def test_counts_follow_the_threshold(spam_explorer, t):
    explorer, data = spam_explorer
    explorer.threshold.value = t
    predicted = evalbook.threshold(data.score, t, positive="spam", negative="ham")
    cm = evalbook.ConfusionMatrix.from_labels(data.target, predicted, labels=["spam", "ham"])
    (tp, fn), (fp, tn) = cm.counts.tolist()
    assert explorer.counts == {"TP": tp, "FN": fn, "FP": fp, "TN": tn}
    assert explorer.recall == tp / 9 and explorer.fpr == fp / 11


def test_the_explorer_starts_at_a_screening_prevalence_apart_from_the_test(spam_explorer):
    explorer, _ = spam_explorer
    assert explorer.prevalence.value == pytest.approx(0.01)
    assert explorer.ppv < explorer.precision  # the two PR curves start apart
    rare = PrecisionRecallExplorer([1] + [0] * 99, np.linspace(1, 0, 100), positive=1)
    assert rare.prevalence.value == pytest.approx(0.001)  # a tenth of 0.01, at the slider's end


def test_ppv_is_bayes_and_precision_at_the_test_prevalence(spam_explorer):
    explorer, _ = spam_explorer
    explorer.threshold.value = 0.25
    explorer.prevalence.value = explorer.sample_prevalence
    assert explorer.prevalence.value == pytest.approx(9 / 20)
    assert explorer.ppv == pytest.approx(explorer.precision)  # 7 / 11
    assert explorer.precision == pytest.approx(7 / 11)
    for pi in (0.001, 0.01, 0.3, 0.9):
        explorer.prevalence.value = pi
        tpr, fpr = 7 / 9, 4 / 11
        assert explorer.ppv == pytest.approx(tpr * pi / (tpr * pi + fpr * (1 - pi)))
        assert explorer.recall == pytest.approx(tpr)  # the prevalence does not move recall
        assert explorer.pr_point == (explorer.recall, explorer.ppv)


def test_threshold_above_every_score_gives_nan_precision(spam_explorer):
    explorer, _ = spam_explorer
    explorer.threshold.value = 0.99
    assert explorer.counts["TP"] + explorer.counts["FP"] == 0
    assert math.isnan(explorer.precision) and math.isnan(explorer.ppv)
    assert "evalbook-pr-curve" in explorer.html


def test_bad_prevalence_is_refused_and_kept(spam_explorer):
    explorer, _ = spam_explorer
    explorer.prevalence.value = 0.2
    with pytest.raises(ValueError, match="prevalence"):
        explorer.prevalence.value = math.nan
    assert explorer.prevalence.value == 0.2


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"prevalence": 0.0001}, ValueError, "prevalence"),
        ({"prevalence": "0.1"}, TypeError, "prevalence"),
        ({"threshold": 2.0}, ValueError, "threshold"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    data = datasets.spam_predictions()
    with pytest.raises(error, match=match):
        PrecisionRecallExplorer(data.target, data.score, positive="spam", **kwargs)


def test_only_positives_are_refused():
    with pytest.raises(ValueError, match="only the positive class"):
        PrecisionRecallExplorer(["p", "p"], [0.1, 0.2], positive="p")


def _polyline_points(svg: str) -> list[int]:
    return [len(points.split()) for points in re.findall(r'<polyline points="([^"]*)"', svg)]


def test_pr_explorer_draws_tied_scores_and_at_most_one_point_per_pixel():
    from evalbook.widgets.precision_recall import _PLOT_PIXELS

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 5000)
    scores = rng.random(5000) * 0.7 + 0.3 * y
    # tied scores: fewer distinct thresholds than instances, every one drawn
    tied = PrecisionRecallExplorer(y[:300], scores[:300].round(1), positive=1)
    distinct = np.unique(scores[:300].round(1)).size
    assert _polyline_points(tied.curve_view.value) == [2 * distinct - 1] * 2
    # 5000 distinct scores: one point per pixel of the plot's width, at most
    many = PrecisionRecallExplorer(y, scores, positive=1)
    for svg in (many.curve_view.value, many.threshold_view.value):
        counts = _polyline_points(svg)
        assert counts and max(counts) <= 2 * _PLOT_PIXELS[0]
    many.threshold.value = 0.6
    expected = float(np.mean(scores[y == 1] >= 0.6))
    assert many.recall == pytest.approx(expected)  # the numbers use every score


def test_checklist(spam_explorer, checklist, colour_blind_delta_e):
    """Dragging the line sets t live, a dot at the current value on every curve, 3 px
    lines, four headlines, the PR plot's recall axis ranged to where the curves move, the
    legends under the plots, colours apart."""
    from evalbook._core.render import MARK_COLOUR, METRIC_COLOURS

    explorer, _ = spam_explorer
    canvas = explorer.threshold_view
    assert canvas.mode == "drag-x" and explorer.threshold.continuous_update
    px, _ = canvas.value_to_pixel(0.75, 0)
    canvas.x = round(canvas.pixel_to_value(px)[0], 2)
    assert explorer.threshold.value == 0.75 and explorer.counts["TP"] == 4
    explorer.threshold.value = 0.25  # Python moves the line
    assert canvas.x == 0.25
    recall, precision, ppv = explorer.recall, explorer.precision, explorer.ppv
    svg = canvas.svg
    expected = [checklist.pixel(svg, 0.25, v) for v in (recall, precision, ppv)]
    dots = checklist.marks(svg)
    assert [c for x, y, _ in dots for c in (x, y)] == pytest.approx(
        [c for point in expected for c in point], abs=0.1
    )
    pr = explorer.curve_view.value
    expected = [checklist.pixel(pr, recall, v) for v in (precision, ppv)]
    assert [c for x, y, _ in checklist.marks(pr) for c in (x, y)] == pytest.approx(
        [c for point in expected for c in point], abs=0.1
    )
    assert all(d >= 8 for *_, d in dots + checklist.marks(pr))
    for plot in (svg, pr):
        assert checklist.line_widths(plot) and all(w >= 3 for w in checklist.line_widths(plot))
        assert checklist.texts_inside(plot) == []
    # the first false positive (0.877) comes at recall 2/9 = 0.22: the axis starts at 0.15
    assert checklist.frame(pr)["x_range"] == (0.15, 1.0)
    rng = np.random.default_rng(0)  # classes far apart: the first negative at recall ≈ 0.95
    y = rng.integers(0, 2, 400)
    separated = PrecisionRecallExplorer(y, rng.normal(size=400) + 4 * y, positive=1)
    assert checklist.frame(separated.curve_view.value)["x_range"][0] >= 0.8
    shown = checklist.headlines(explorer.html)
    assert list(shown.values()) == [f"{v:.3f}" for v in (recall, explorer.fpr, precision, ppv)]
    pairs = [
        (METRIC_COLOURS["recall"], METRIC_COLOURS["precision"]),
        *((c, MARK_COLOUR) for c in (METRIC_COLOURS["recall"], METRIC_COLOURS["precision"])),
    ]
    assert min(colour_blind_delta_e(a, b) for a, b in pairs) >= 10
