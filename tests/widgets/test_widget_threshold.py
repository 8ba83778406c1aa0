"""ThresholdExplorer driven from Python: the slider in, the library's numbers out."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

from evalbook import (
    ConfusionMatrix,
    UndefinedMetricWarning,
    config_context,
    metrics_table,
    threshold,
)
from evalbook.widgets import ThresholdExplorer


@pytest.fixture
def spam_explorer(spam_table):
    return ThresholdExplorer(
        spam_table.target, spam_table.score, positive="spam", ids=spam_table.id
    )


def _shown_matrix(explorer) -> list[list[int]]:
    """The four counts as the HTML view shows them (what a browser would display)."""
    page = explorer.matrix_view.value
    cells = {
        name: int(re.search(rf'data-cell="{name}"[^>]*>(\d+)', page).group(1))
        for name in ("tp", "fn", "fp", "tn")
    }
    return [[cells["tp"], cells["fn"]], [cells["fp"], cells["tn"]]]


@pytest.mark.parametrize(
    ("t", "expected"),
    [
        (0.5, [[6, 3], [2, 9]]),
        (0.75, [[4, 5], [1, 10]]),
        (0.25, [[7, 2], [4, 7]]),
        (0.0, [[9, 0], [11, 0]]),
        (1.0, [[0, 9], [0, 11]]),
    ],
)
def test_slider_sets_the_matrix(spam_explorer, t, expected):
    spam_explorer.threshold.value = t
    assert spam_explorer.confusion_matrix.counts.tolist() == expected
    assert spam_explorer.confusion_matrix.labels == ["spam", "ham"]
    assert _shown_matrix(spam_explorer) == expected
    assert f"t = {t:.3f}" in spam_explorer.matrix_view.value


def test_everything_follows_the_library(spam_table, spam_explorer):
    for t in np.linspace(0, 1, 41):
        spam_explorer.threshold.value = float(t)
        predicted = threshold(spam_table.score, float(t), positive="spam", negative="ham")
        cm = ConfusionMatrix.from_labels(spam_table.target, predicted, labels=["spam", "ham"])
        assert spam_explorer.confusion_matrix == cm
        assert spam_explorer.predictions.tolist() == predicted.tolist()
        with warnings.catch_warnings():  # the MCC's 0-denominator convention warns
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            reference = metrics_table(cm, zero_division=np.nan)["value"].astype(float)
        np.testing.assert_allclose(spam_explorer.metrics.to_numpy(), reference.to_numpy())
        fpr, tpr = cm.fp / 11, cm.tp / 9
        assert spam_explorer.roc_point == pytest.approx((fpr, tpr))
        # KS gap at t: CP(neg, < t) − CP(pos, < t)
        below = spam_table.score < t
        gap = below[spam_table.target == "ham"].mean() - below[spam_table.target == "spam"].mean()
        assert spam_explorer.ks_gap == pytest.approx(gap)
        assert spam_explorer.profit == pytest.approx(cm.tp - cm.fn - 5 * cm.fp)


def test_table_rows_are_coloured_by_result_and_cut_at_t(spam_explorer):
    spam_explorer.threshold.value = 0.75
    page = spam_explorer.table_view.value
    kinds = re.findall(r'data-result="(\w\w)"', page)
    assert len(kinds) == 20
    assert kinds.count("TP") == 4 and kinds.count("FN") == 5 and kinds.count("FP") == 1
    # sorted by score: the first row at or above t (0.781) carries the thick line
    rows = page.split("<tr")[2:]
    first_positive = next(i for i, row in enumerate(rows) if "0.781" in row)
    assert "border-top:3px" in rows[first_positive]
    assert "border-top:3px" not in "".join(rows[:first_positive])
    assert spam_explorer.result_types.tolist().count("TN") == 10


def test_profit_matrix_is_editable(spam_explorer):
    spam_explorer.threshold.value = 0.5
    spam_explorer.profit_fp.value = 0.0
    assert spam_explorer.profit == 6 - 3
    assert "<b>3</b>" in spam_explorer.profit_view.value
    spam_explorer.profit_tp.value = 10.0
    assert spam_explorer.profit == 60 - 3
    t_best, p_best = spam_explorer.best_threshold
    # FP now free: catch all 9 spams; 0.16 is the highest threshold that does
    assert (t_best, p_best) == (0.16, 90.0)


def test_best_threshold_is_the_most_profitable_cut(spam_table, spam_explorer):
    t_best, p_best = spam_explorer.best_threshold
    scores = np.unique(spam_table.score)
    profits = []
    for t in scores:
        spam_explorer.threshold.value = float(t)
        profits.append(spam_explorer.profit)
    assert p_best == max(profits)
    assert t_best == max(t for t, p in zip(scores, profits, strict=True) if p == max(profits))


def test_the_headline_shows_four_numbers_at_the_current_threshold(spam_explorer, checklist):
    spam_explorer.threshold.value = 0.75
    assert checklist.headlines(spam_explorer.headline_view.value) == {
        "TPR": "0.444",
        "FPR": "0.091",
        "precisão": "0.800",
        "acurácia": "0.700",
    }
    with config_context(language="en"):
        spam_explorer.threshold.value = 0.5
    assert "Confusion matrix" not in spam_explorer.matrix_view.value  # its own caption
    assert "confusion matrix at t = 0.500" in spam_explorer.matrix_view.value
    assert ">prediction</th>" in spam_explorer.matrix_view.value


def test_any_scores_and_labels():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 500)
    scores = rng.normal(size=500) * 3 + 2 * y  # not in [0, 1]
    explorer = ThresholdExplorer(y, scores, positive=1, threshold=0.0, max_rows=10)
    assert explorer.threshold.min == scores.min() and explorer.threshold.max == scores.max()
    assert explorer.confusion_matrix.labels == [1, 0]
    assert explorer.confusion_matrix.tp == np.sum((scores >= 0) & (y == 1))
    assert explorer.table_view.value.count("data-result=") == 10
    # 500 distinct scores, but the drawn ROC keeps at most 200 points, both ends included
    pattern = r'<polyline points="([^"]+)" fill="none" stroke="#117733" stroke-width="3.0"'
    roc_points = re.search(pattern, explorer.plot_view.value).group(1).split()
    assert len(roc_points) == 200
    assert roc_points[0] == "54.0,215.0" and roc_points[-1] == "243.0,27.0"  # (0, 0) to (1, 1)
    three = ThresholdExplorer(["a", "b", "c", "a"], [0.9, 0.2, 0.4, 0.6], positive="a")
    assert three.confusion_matrix.labels == ["a", "not a"]


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"positive": "SPAM"}, ValueError, "does not occur"),
        ({"positive": "spam", "threshold": 2.0}, ValueError, "threshold must lie"),
        ({"positive": "spam", "threshold": "0.5"}, TypeError, "threshold must be"),
        ({"positive": "spam", "negative": "spam"}, ValueError, "negative must differ"),
        (
            {"positive": "spam", "profit_matrix": [[1, 2, 3]]},
            ValueError,
            "profit_matrix must be a 2×2",
        ),
        (
            {"positive": "spam", "step": 0.0},
            ValueError,
            "step must be a finite number greater than 0",
        ),
        ({"positive": "spam", "max_rows": 0}, ValueError, "max_rows"),
    ],
)
def test_bad_arguments(spam_table, kwargs, error, fragment):
    with pytest.raises(error, match=fragment):
        ThresholdExplorer(spam_table.target, spam_table.score, **kwargs)


def test_repr(spam_explorer):
    assert repr(spam_explorer) == "ThresholdExplorer(n=20, positive='spam', threshold=0.5)"


def test_synthetic_scores_separation_moves_the_roc_and_the_auc():
    explorer = ThresholdExplorer.synthetic(400, separation=0.0, seed=1)
    assert explorer.counts["TP"] + explorer.counts["FN"] == 200
    aucs = []
    for s in (0.0, 1.0, 2.0, 4.0):
        explorer.separation.value = s
        aucs.append(explorer.auc)
        # the explorer's numbers are the library's on the current scores
        scores = explorer._scores
        cm = ConfusionMatrix.from_labels(
            explorer._y_true, threshold(scores, 0.5, positive="P", negative="N"), labels=["P", "N"]
        )
        assert explorer.confusion_matrix == cm
    assert aucs == sorted(aucs) and aucs[0] < 0.6 and aucs[-1] > 0.99
    assert "AUC = 0.99" in explorer.plot_view.value or "AUC = 1.000" in explorer.plot_view.value
    assert repr(explorer) == ("ThresholdExplorer(n=400, positive='P', threshold=0.5, separation=4)")
    with pytest.raises(ValueError, match="separation must be"):
        explorer.separation.value = float("nan")
    with pytest.raises(ValueError, match="separation must be between 0 and 4"):
        ThresholdExplorer.synthetic(separation=5)
    with pytest.raises(ValueError, match="positive_share"):
        ThresholdExplorer.synthetic(10, positive_share=0.01)


def test_distributions_are_dots_then_histograms():
    small = ThresholdExplorer.synthetic(100)
    dist = small.score_view.svg
    assert dist.count("<circle") == 50 and dist.count('<path d="M') == 50  # ● neg, ▲ pos
    large = ThresholdExplorer.synthetic(10_000)
    dist = large.score_view.svg
    assert dist.count("<circle") == 0
    assert 'class="evalbook-distributions"' in dist
    assert dist.count("<polyline") == 2  # one histogram per class
    assert dist.split("<polyline")[1].count(",") == 2 * (30 + 1)  # 30 bins as steps
    assert ThresholdExplorer(["a", "b"], [0.2, 0.7], positive="a").separation is None


def test_checklist(spam_explorer, checklist, colour_blind_delta_e):
    """Drag sets t, live, a dot at t on every curve, 3 px lines, four headlines, colours
    apart for colour-blind readers, the best t hidden until a guess is locked in."""
    from evalbook._core.render import CLASS_LINE_COLOURS, MARK_COLOUR, RESULT_COLOURS

    explorer, canvas = spam_explorer, spam_explorer.score_view
    # a drag on the score plot (the browser sets canvas.x) sets t and every view follows
    canvas.x = 0.75
    assert explorer.threshold.value == 0.75 and explorer.counts["TP"] == 4
    assert "t = 0.750" in explorer.matrix_view.value
    # the line t sits at t's pixel; Python moves it: the slider and the canvas agree
    explorer.threshold.value = 0.25
    assert canvas.x == 0.25
    svg = canvas.svg
    line_x = float(svg.split('data-mark="x" x1="')[1].split('"')[0])
    assert line_x == pytest.approx(checklist.pixel(svg, 0.25, 0)[0], abs=0.1)
    assert canvas.pixel_to_value(line_x)[0] == pytest.approx(0.25, abs=0.005)
    assert canvas.mode == "drag-x" and canvas.throttle_ms <= 50  # live while dragging
    assert explorer.threshold.continuous_update
    # a dot of at least 8 px at the current value on the ROC and on both KS curves
    fpr, tpr = explorer.roc_point
    roc, ks = checklist.svgs(explorer.plot_view.value)
    ((cx, cy, size),) = checklist.marks(roc)
    assert (cx, cy) == pytest.approx(checklist.pixel(roc, fpr, tpr), abs=0.1) and size >= 8
    dots = checklist.marks(ks)
    assert sorted(round(y, 1) for _, y, _ in dots) == sorted(
        round(checklist.pixel(ks, 0.25, v)[1], 1) for v in (1 - tpr, 1 - fpr)
    )
    assert all(d >= 8 for *_, d in dots)
    # every data line is at least 3 px; the same black 3 px bar TPR − FPR on ROC and KS
    for plot in (roc, ks, canvas.svg):
        assert all(w >= 3 for w in checklist.line_widths(plot))
    for plot in (roc, ks):
        assert f'stroke="{MARK_COLOUR}" stroke-width="3.0"' in plot
    # four headline numbers at 3 decimals; the other metrics in a closed fold
    shown = checklist.headlines(explorer.html)
    assert len(shown) == 4 and all(len(v.split(".")[1]) == 3 for v in shown.values())
    assert explorer.metrics_view.value.count("data-metric=") == 11  # folded
    # axes ranged to the data, legends (keys) off the data
    assert checklist.frame(canvas.svg)["x_range"] == (0.0, 1.0)
    assert checklist.texts_inside(canvas.svg) == [] and checklist.texts_inside(ks) == []
    # colours: the classes, the results, the mark
    pairs = [
        (CLASS_LINE_COLOURS["positive"], CLASS_LINE_COLOURS["negative"]),
        *((c, MARK_COLOUR) for c in CLASS_LINE_COLOURS.values()),
        (RESULT_COLOURS["TP"], RESULT_COLOURS["FP"]),
        (RESULT_COLOURS["FN"], RESULT_COLOURS["TN"]),
        (RESULT_COLOURS["TP"], RESULT_COLOURS["TN"]),
        (RESULT_COLOURS["FP"], RESULT_COLOURS["FN"]),
    ]
    assert min(colour_blind_delta_e(a, b) for a, b in pairs) >= 10


def test_guess_first_hides_the_best_threshold_until_the_guess_is_locked(spam_table):
    explorer = ThresholdExplorer(
        spam_table.target, spam_table.score, positive="spam", guess_first=True
    )
    t_best = f"{explorer.best_threshold[0]:.3f}"
    assert not explorer.answer_shown and explorer.committed_guess is None
    assert t_best not in explorer.profit_view.value
    explorer.threshold.value = 0.6
    explorer.commit_button.click()
    assert explorer.answer_shown and explorer.committed_guess == 0.6
    assert t_best in explorer.profit_view.value and explorer.commit_button.disabled
    explorer.threshold.value = 0.2  # the guess stays locked
    explorer.commit_guess()
    assert explorer.committed_guess == 0.6
    plain = ThresholdExplorer(spam_table.target, spam_table.score, positive="spam")
    assert plain.answer_shown and t_best in plain.profit_view.value
    with pytest.raises(ValueError, match="guess_first"):
        plain.commit_guess()


def test_the_static_html_keeps_the_folds_closed():
    """The book and the handouts show what the page shows: the folded numbers under their
    fold's title, closed, and the headline outside every fold."""
    from evalbook.widgets._base import _folded_titles

    explorer = ThresholdExplorer.example()
    folded = _folded_titles(explorer.widget)
    assert folded and set(folded.values()) == {"Outras métricas", "Instâncias", "Matriz de lucro"}
    page = explorer.html
    assert page.count("<details><summary>") == sum(id(v) in folded for v in explorer._views)
    assert page.index("TPR") < page.index("<details>")
