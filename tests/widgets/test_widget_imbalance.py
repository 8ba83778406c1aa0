"""ImbalanceExplorer driven from Python: accuracy rises with the imbalance, kappa does not."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, cohen_kappa_score

from evalbook import ConfusionMatrix
from evalbook.widgets import ImbalanceExplorer


def _labels(cm: ConfusionMatrix):
    k = cm.n_classes
    y_true, y_pred = np.divmod(np.arange(k * k), k)
    return y_true, y_pred, cm.counts.ravel()


def test_balanced_start():
    explorer = ImbalanceExplorer()
    assert explorer.confusion_matrix == ConfusionMatrix(
        [[300, 200], [50, 450]], labels=["minoria", "maioria"]
    )
    assert explorer.metrics["accuracy"] == 0.75
    assert explorer.metrics["cohen_kappa"] == pytest.approx(0.5)
    assert explorer.dumb_metrics["accuracy"] == 0.5 and explorer.dumb_metrics["cohen_kappa"] == 0.0
    assert "kappa" in explorer.html and "modelo burro" in explorer.html


def test_accuracy_rises_while_kappa_falls():
    explorer = ImbalanceExplorer()
    previous = None
    for share in (0.7, 0.8, 0.9, 0.95, 0.99):
        explorer.majority_share.value = share
        metrics = explorer.metrics
        if previous is not None:
            assert metrics["accuracy"] > previous["accuracy"]
            assert metrics["cohen_kappa"] < previous["cohen_kappa"]
        previous = metrics
    assert previous["accuracy"] > 0.89 and previous["cohen_kappa"] < 0.1
    assert explorer.dumb_metrics["accuracy"] == 0.99
    assert explorer.dumb_metrics["cohen_kappa"] == 0.0
    # the recall of each class does not move: the model is the same
    assert previous["recall"] == pytest.approx(0.6, abs=0.05)


def test_metrics_against_sklearn():
    explorer = ImbalanceExplorer(n=500)
    rng = np.random.default_rng(31)
    for _ in range(30):
        explorer.majority_share.value = round(float(rng.uniform(0.5, 0.99)), 2)
        explorer.recall_majority.value = round(float(rng.uniform(0.3, 1)), 2)
        explorer.recall_minority.value = round(float(rng.uniform(0.3, 1)), 2)
        cm = explorer.confusion_matrix
        assert cm.n == 500
        y_true, y_pred, weights = _labels(cm)
        assert explorer.metrics["accuracy"] == pytest.approx(
            accuracy_score(y_true, y_pred, sample_weight=weights)
        )
        assert explorer.metrics["cohen_kappa"] == pytest.approx(
            cohen_kappa_score(y_true, y_pred, sample_weight=weights)
        )


def test_curve():
    explorer = ImbalanceExplorer()
    curve = explorer.curve()
    assert curve.index[0] == 0.5 and curve.index[-1] == 0.99 and len(curve) == 50
    assert (curve["dumb_kappa"] == 0).all()
    np.testing.assert_allclose(curve["dumb_accuracy"], curve.index)
    assert curve["accuracy"].is_monotonic_increasing
    assert curve["cohen_kappa"].iloc[-1] < curve["cohen_kappa"].iloc[0]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"n": 5}, ValueError, "at least 10"),
        ({"n": 10.5}, TypeError, "whole number"),
        ({"majority_share": 0.3}, ValueError, "between 0.5 and 0.99"),
        ({"majority_share": 1.5}, ValueError, "probability"),
        ({"recall_minority": "x"}, TypeError, "recall_minority"),
    ],
)
def test_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        ImbalanceExplorer(**kwargs)


def test_the_plot_follows_the_share_and_the_recalls():
    explorer = ImbalanceExplorer()
    assert explorer._repr_mimebundle_()["text/plain"] == repr(explorer)
    first = explorer.plot_view.value
    assert first.startswith('<svg class="evalbook-imbalance-plot" width="480" height="330"')
    assert first.count("<polyline") == 4 and "acurácia (burro)" in first
    explorer.majority_share.value = 0.9  # only the marker and the dots move
    second = explorer.plot_view.value
    assert second != first
    assert second.split("<polyline")[1:4] == first.split("<polyline")[1:4]
    explorer.recall_majority.value = 0.5  # the model's curves move
    assert explorer.plot_view.value.split("<polyline")[1] != second.split("<polyline")[1]
    assert "</svg>" in explorer.html


def test_imbalance_plot_is_shown_at_its_own_size():
    """The plot is an SVG of its own size (480×330), not an image stretched by its row."""
    explorer = ImbalanceExplorer()
    explorer._repr_mimebundle_()
    assert 'width="480" height="330"' in explorer.plot_view.value
    assert explorer.plot_view.width == 480 and explorer.plot_view.height == 330


def test_checklist(checklist, colour_blind_delta_e):
    """A click on the curves sets the share, a dot at the share on every curve, 3 px lines,
    four headlines, the start visible, kappa 0 off the axis, colours apart, guess first."""
    from evalbook._core.render import MARK_COLOUR, METRIC_COLOURS

    explorer = ImbalanceExplorer()
    canvas = explorer.plot_view
    svg = canvas.svg
    # the start (0.50) is inside the frame, not on it; the dumb kappa 0 is above the axis
    frame = checklist.frame(svg)
    assert frame["x_range"][0] < 0.5 and frame["y_range"][0] < 0
    # a click at the pixel of share 0.9 sets the share (what the browser computes)
    px, _ = canvas.value_to_pixel(0.9, 0.5)
    assert canvas.pixel_to_value(px)[0] == pytest.approx(0.9)
    canvas.x = 0.9
    assert explorer.majority_share.value == 0.9 and canvas.mode == "click-x"
    explorer.majority_share.value = 0.95  # Python moves the marks
    assert canvas.x == 0.95
    svg = canvas.svg
    model, dumb = explorer.metrics, explorer.dumb_metrics
    expected = [
        checklist.pixel(svg, 0.95, v)
        for v in (model["accuracy"], model["cohen_kappa"], dumb["accuracy"], dumb["cohen_kappa"])
    ]
    dots = checklist.marks(svg)
    assert [c for x, y, _ in dots for c in (x, y)] == pytest.approx(
        [c for point in expected for c in point], abs=0.1
    )
    assert all(d >= 8 for *_, d in dots)
    assert all(w >= 3 for w in checklist.line_widths(svg)) and len(checklist.line_widths(svg)) == 4
    assert checklist.texts_inside(svg) == []  # the legend is under the plot
    shown = checklist.headlines(explorer.html)
    assert list(shown.values()) == ["0.885", "0.292", "0.950", "0.000"]
    pairs = [
        (METRIC_COLOURS["accuracy"], METRIC_COLOURS["cohen_kappa"]),
        (METRIC_COLOURS["accuracy"], MARK_COLOUR),
        (METRIC_COLOURS["cohen_kappa"], MARK_COLOUR),
    ]
    assert min(colour_blind_delta_e(a, b) for a, b in pairs) >= 10


def test_guess_first_hides_the_curves_and_the_dumb_model_until_the_guess():
    explorer = ImbalanceExplorer(guess_first=True)
    assert explorer.plot_view.svg.count("<polyline") == 0
    assert "burro" not in explorer.html and explorer.crossover == 0.86
    explorer.plot_view.x = 0.8  # the student's guess: from 0.80 on
    explorer.commit_guess()
    assert explorer.committed_guess == 0.8
    assert explorer.plot_view.svg.count("<polyline") == 4
    assert "0.86" in explorer.html
