"""ComplexityExplorer driven from Python: model and complexity in, holdout errors out."""

import numpy as np
import pytest
from sklearn.datasets import make_moons
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from evalbook.model_selection import holdout
from evalbook.widgets.complexity import ComplexityExplorer


@pytest.fixture(scope="module")
def moons():
    return make_moons(200, noise=0.3, random_state=0)


@pytest.mark.parametrize("model", ["tree", "knn"])
def test_complexity_errors_match_independent_fits(moons, model):
    X, y = moons
    explorer = ComplexityExplorer(X, y, model=model, seed=0)
    train, valid = holdout(y, test_size=0.3, stratify=True, seed=0)
    for value in (1, 3, 9):
        explorer.complexity.value = value
        fitted = (
            DecisionTreeClassifier(max_depth=value, random_state=0)
            if model == "tree"
            else KNeighborsClassifier(n_neighbors=value)
        ).fit(X[train], y[train])
        assert explorer.train_error == np.mean(fitted.predict(X[train]) != y[train])
        assert explorer.validation_error == np.mean(fitted.predict(X[valid]) != y[valid])
    curve = explorer.curve
    assert explorer.best == curve["validation_error"].idxmin()
    if model == "knn":
        assert curve.loc[1, "train_error"] == 0.0  # 1-NN recalls every training point


def test_complexity_starts_at_the_best_value_and_draws(moons):
    X, y = moons
    explorer = ComplexityExplorer(X, y, values=[1, 2, 4, 8], seed=1)
    assert explorer.complexity.value == explorer.best
    first = explorer.regions_view.value
    assert first.startswith("<svg") and "evalbook-complexity-regions" in first
    explorer.complexity.value = 8
    assert explorer.regions_view.value != first  # the regions follow the slider
    assert "evalbook-complexity-curve" in explorer.html
    assert repr(explorer).startswith("ComplexityExplorer(model='tree', complexity=8")


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (([[0, 1, 2]] * 4, [0, 1, 0, 1]), {}, ValueError, "shape"),
        (([[0, 1]] * 4, [0, 1, 0]), {}, ValueError, "same instances"),
        (([[0, 1]] * 10, [0, 1] * 5), {"model": "svm"}, ValueError, "model"),
        (([[0, 1]] * 10, [0, 1] * 5), {"model": "knn", "values": [50]}, ValueError, "values"),
        (([[0, 1]] * 10, [0, 1] * 5), {"values": [1.5]}, TypeError, "values"),
        (([[0, 1]] * 10, [0, 1] * 5), {"validation_size": 1.0}, ValueError, "validation_size"),
        (([[0, np.nan]] * 10, [0, 1] * 5), {}, ValueError, "finite"),
    ],
)
def test_complexity_bad_arguments(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        ComplexityExplorer(*args, **kwargs)
