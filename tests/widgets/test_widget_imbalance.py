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
    assert first.startswith('<svg class="evalbook-imbalance-plot" width="450" height="288"')
    assert first.count("<polyline") == 4 and "acurácia (burro)" in first
    explorer.majority_share.value = 0.9  # only the grey marker moves
    second = explorer.plot_view.value
    assert second != first
    assert second.split("<polyline")[1:4] == first.split("<polyline")[1:4]
    explorer.recall_majority.value = 0.5  # the model's curves move
    assert explorer.plot_view.value.split("<polyline")[1] != second.split("<polyline")[1]
    assert explorer.html.endswith("</svg>")


def test_imbalance_plot_is_shown_at_its_own_size():
    """The plot is an SVG of its own size (450×288), not an image stretched by its row."""
    explorer = ImbalanceExplorer()
    explorer._repr_mimebundle_()
    assert 'width="450" height="288"' in explorer.plot_view.value
