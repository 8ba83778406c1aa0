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


def test_complexity_starts_at_the_simplest_value_not_the_best_and_draws(moons):
    X, y = moons
    explorer = ComplexityExplorer(X, y, values=[1, 2, 4, 8], seed=1)
    assert explorer.complexity.value == 1 != explorer.best
    assert ComplexityExplorer(X, y, values=[1, 2, 4, 8], seed=1, start=4).complexity.value == 4
    with pytest.raises(ValueError, match="start must be one of values"):
        ComplexityExplorer(X, y, values=[1, 2, 4, 8], start=3)
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


def test_checklist(moons, checklist, colour_blind_delta_e):
    """A click on the curve sets the depth, a dot at the depth on both curves, 3 px lines,
    at most four headlines, the legend off the data, colours apart."""
    from evalbook._core.render import CLASS_COLOURS, MARK_COLOUR, REGION_TINT, ROLE_COLOURS, blend

    X, y = moons
    explorer = ComplexityExplorer(X, y, seed=0)
    canvas = explorer.curve_view
    assert canvas.mode == "click-x" and canvas.x_options == list(map(float, range(1, 16)))
    # a click near depth 6 (between 5.5 and 6.5) chooses 6: the browser snaps, Python too
    px, _ = canvas.value_to_pixel(6.3, 0)
    canvas.x = canvas.pixel_to_value(px)[0]
    assert explorer.complexity.value == 6 and isinstance(explorer.complexity.value, int)
    explorer.complexity.value = 9  # Python moves the mark
    assert canvas.x == 9
    svg = canvas.svg
    dots = checklist.marks(svg)
    expected = [
        checklist.pixel(svg, 9, e) for e in (explorer.train_error, explorer.validation_error)
    ]
    assert [c for x, y_, _ in dots for c in (x, y_)] == pytest.approx(
        [c for point in expected for c in point], abs=0.1
    )
    assert all(d >= 8 for *_, d in dots)
    low, high = checklist.frame(svg)["x_range"]
    assert (low, high) == (0.5, 15.5)  # the first and last depths' marks off the frame
    assert checklist.line_widths(svg) == [3.0, 3.0]
    assert checklist.texts_inside(svg) == []  # the legend is under the plot
    shown = checklist.headlines(explorer.html)
    assert len(shown) == 2 and shown["erro de treino"] == f"{explorer.train_error:.3f}"
    assert shown["erro de validação"] == f"{explorer.validation_error:.3f}"
    pairs = [
        (ROLE_COLOURS["train"], ROLE_COLOURS["test"]),
        *((c, MARK_COLOUR) for c in ROLE_COLOURS.values()),
        (
            blend(CLASS_COLOURS[0], "#ffffff", REGION_TINT),
            blend(CLASS_COLOURS[1], "#ffffff", REGION_TINT),
        ),
    ]
    assert min(colour_blind_delta_e(a, b) for a, b in pairs) >= 10


def test_guess_first_hides_the_validation_curve_and_the_best_until_the_guess(moons, checklist):
    X, y = moons
    explorer = ComplexityExplorer(X, y, seed=0, guess_first=True)
    assert explorer.complexity.value == 1 and not explorer.answer_shown
    assert explorer.curve_view.svg.count("<polyline") == 1  # the training curve only
    assert list(checklist.headlines(explorer.html)) == ["erro de treino"]
    explorer.complexity.value = 4
    explorer.commit_guess()
    assert explorer.committed_guess == 4 and explorer.answer_shown
    assert explorer.curve_view.svg.count("<polyline") == 2
    shown = checklist.headlines(explorer.html)
    assert shown["profundidade com o menor erro de validação"] == str(explorer.best)
