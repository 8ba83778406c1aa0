"""KFoldExplorer driven from Python: k, stratify and seed in, the library's folds out."""

import warnings

import numpy as np
import pytest

from evalbook import kfold, stratified_kfold
from evalbook.widgets import KFoldExplorer

Y = np.repeat(["A", "B", "C"], [12, 18, 6])


def _tests(splits):
    return [test.tolist() for _, test in splits]


def test_defaults_are_handout_proportions_in_five_stratified_folds():
    explorer = KFoldExplorer(Y)
    assert repr(explorer) == "KFoldExplorer(n=36, k=5, stratify=True, seed=0, fold=1)"
    assert explorer.fold_sizes == [8, 7, 7, 7, 7]
    assert _tests(explorer.splits) == _tests(stratified_kfold(Y, k=5, seed=0))
    counts = explorer.fold_class_counts
    assert list(counts.columns) == ["A", "B", "C"]
    assert counts.sum().tolist() == [12, 18, 6]
    assert np.all(np.abs(counts.to_numpy() - np.array([12, 18, 6]) / 5) < 1)
    assert explorer.message == ""


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 7])
def test_controls_give_the_library_folds(k, seed):
    explorer = KFoldExplorer(Y)
    explorer.k.value, explorer.seed.value = k, seed
    assert _tests(explorer.splits) == _tests(stratified_kfold(Y, k=k, seed=seed))
    explorer.stratify.value = False
    assert _tests(explorer.splits) == _tests(kfold(36, k=k, seed=seed))
    roles = explorer.roles
    assert roles.shape == (k, 36)
    assert np.array_equal((roles == 2).sum(axis=0), np.ones(36))  # each instance tested once
    assert explorer.html.count("data-fold=") == k


def test_small_class_gives_a_message_not_a_warning():
    explorer = KFoldExplorer(Y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        explorer.k.value = 10
        assert explorer.message == (
            "A classe C tem menos de k = 10 instâncias: alguns folds ficam sem ela."
        )
        assert (explorer.fold_class_counts["C"] == 0).sum() == 4
        explorer.k.value = 19  # no class has 19 instances: stratification impossible
        assert explorer.splits == [] and explorer.fold_sizes == []
        assert "nenhuma classe tem k instâncias" in explorer.message
        assert "nenhuma classe" in explorer.html
        explorer.stratify.value = False
        assert explorer.fold_sizes == [2] * 17 + [1] * 2 and explorer.message == ""


def test_columns_are_sorted_by_class_and_custom_labels():
    explorer = KFoldExplorer(["x", "y", "x", "y", "x", "y"], k=3)
    assert explorer.k.max == 6
    assert explorer.fold_class_counts.to_numpy().tolist() == [[1, 1]] * 3
    assert "instância 0 (x)" in explorer.html


def test_properties_are_read_only_and_display_as_widget():
    explorer = KFoldExplorer(Y)
    for name in ("splits", "roles", "fold_sizes", "fold_class_counts", "message", "html"):
        with pytest.raises(AttributeError):
            setattr(explorer, name, None)
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == repr(explorer)
    assert (
        bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.widget.model_id
    )


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((["a"],), {}, ValueError, "at least 2 instances"),
        ((), {"k": 1}, ValueError, "k must be between 2"),
        ((), {"k": 25}, ValueError, "k must be between 2 and max_k=20"),
        ((), {"k": 2.0}, TypeError, "k must be a whole number"),
        ((), {"max_k": 40}, ValueError, "max_k must be between 2"),
        ((), {"stratify": "sim"}, TypeError, "stratify must be True or False"),
        ((), {"seed": -1}, ValueError, "seed must be between 0 and 9999"),
        (("ABC",), {}, TypeError, "y must be a sequence"),
    ],
)
def test_bad_arguments(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        KFoldExplorer(*(args or (Y,)), **kwargs)


def test_kfold_grid_stays_small_for_many_instances():
    y = np.repeat(["A", "B"], [3000, 2000])
    explorer = KFoldExplorer(y, k=5)
    assert explorer.fold_sizes == [1000] * 5
    cells = explorer.html.count("<rect")
    assert cells < 6 * 125  # ≤ 120 columns, not 5000
    # a column standing for a group of instances says which
    assert "42 instâncias, da 0 à 41 (A)" in explorer.html


def _majority_scores(y, splits):
    """Each fold's accuracy of its training folds' majority class (first met on a tie)."""
    order = list(dict.fromkeys(y.tolist()))
    scores = []
    for train, test in splits:
        counts = [int(np.sum(y[train] == c)) for c in order]
        majority = order[int(np.argmax(counts))]
        scores.append(float(np.mean(y[test] == majority)))
    return scores


@pytest.mark.parametrize("stratify", [True, False])
def test_a_score_per_fold_and_a_slider_that_steps_through_them(stratify):
    explorer = KFoldExplorer(Y, stratify=stratify)
    assert explorer.fold_scores == pytest.approx(_majority_scores(Y, explorer.splits))
    scores = explorer.fold_scores
    for fold in range(1, 6):
        explorer.fold.value = fold
        assert f"fold {fold}: nota" in explorer.html
        assert explorer.html.count("▶ fold") == 1 and f"▶ fold {fold}<" in explorer.html
        assert f">{scores[fold - 1]:.2f}</td>" in explorer.html
    assert f">{np.mean(scores):.2f}</td>" in explorer.html
    for fold, score in enumerate(scores):
        assert f"nota {score:.2f}" in explorer.html.split(f'data-fold="{fold}"')[1]


def test_stratified_folds_score_more_alike_than_plain_ones():
    explorer = KFoldExplorer(Y, k=6)
    stratified = np.std(explorer.fold_scores)
    explorer.stratify.value = False
    assert np.std(explorer.fold_scores) > stratified


def test_the_fold_slider_follows_k():
    explorer = KFoldExplorer(Y, k=6)
    explorer.fold.value = 6
    explorer.k.value = 3
    assert explorer.fold.max == 3 and explorer.fold.value == 3
    with pytest.raises(ValueError, match="fold must be at most k = 3"):
        explorer.fold.value = 4
    explorer.k.value = 8
    assert explorer.fold.max == 8 and explorer.fold.value == 3


def test_checklist(checklist, colour_blind_delta_e):
    """Test cells in their class's colour (the class row's) and full height, training cells
    pale thin bars (a cue without colour); the fold tested framed; a click on a fold's row
    tests it; live sliders; three headline numbers at 2 decimals; the grid keeps its size
    whatever k (nothing moves on a slide while a slider is dragged)."""
    import re

    from evalbook._core.render import CLASS_COLOURS, ROLE_COLOURS

    explorer = KFoldExplorer(Y)
    canvas = explorer._view
    assert explorer.k.continuous_update and explorer.fold.continuous_update
    size = (canvas.width, canvas.height)
    for k in (2, 5, 12):
        explorer.k.value = k
        assert (canvas.width, canvas.height) == size
        assert f'width="{size[0]}" height="{size[1]}"' in canvas.svg
    explorer.k.value = 6
    colour = dict(zip(["A", "B", "C"], (c.lower() for c in CLASS_COLOURS), strict=False))
    grid = canvas.svg
    train = ROLE_COLOURS["train"].lower()
    for fold, (_, test) in enumerate(explorer.splits):
        row = grid.split(f'data-fold="{fold}"')[1].split("</g>")[0]
        cells = re.findall(r'height="([\d.]+)" fill="(#[0-9a-f]{6})"/>', row)[1:]  # 0: row
        # columns sorted by class: A's, then B's, then C's; each column its instance
        columns = np.lexsort((np.arange(36), np.searchsorted(["A", "B", "C"], Y)))
        expected = [colour[Y[i]] if i in set(test.tolist()) else train for i in columns]
        assert [fill for _, fill in cells] == expected
        # the second cue: a test cell is at least twice as tall as a training cell
        heights = {fill == train: float(h) for h, fill in cells}
        assert heights[False] >= 2 * heights[True]
    # the training colour is told from each class's under deuteranopia and protanopia
    # (the sixth class colour is the training one: its test cells differ by height only)
    for class_colour in CLASS_COLOURS[:5]:
        assert colour_blind_delta_e(ROLE_COLOURS["train"], class_colour) >= 10
    # a click (or drag) on fold 4's row tests fold 4; the frame follows
    f = canvas.frame
    row_px = f["height"] / 6
    _, y = canvas.pixel_to_value(500, f["top"] + 3.5 * row_px)
    assert round(y) == 4
    canvas.y = round(y)  # what the browser sends, snapped to a whole fold
    assert explorer.fold.value == 4
    assert "▶ fold 4<" in canvas.svg
    mark = re.search(r'<g data-mark="row"><rect x="[\d.]+" y="([\d.]+)"', canvas.svg)
    assert f["top"] + 3 * row_px < float(mark[1]) < f["top"] + 4 * row_px
    explorer.fold.value = 2  # and Python (or the slider's keyboard) moves the frame
    assert canvas.y == 2
    explorer.k.value = 3  # the row range follows k
    assert canvas.y_max == 3 and explorer.fold.value == 2
    numbers = re.findall(r">(\d\.\d+)</td>", explorer._numbers.value)
    assert len(numbers) == 3 and all(len(n) == 4 for n in numbers)
    assert checklist.colours(explorer.html) <= checklist.palette()
