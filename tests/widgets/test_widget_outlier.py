"""OutlierExplorer driven from Python: shift one target, read the metrics."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score

from evalbook._core.render import number
from evalbook.widgets import OutlierExplorer

T = [1.0, 2.0, 3.0, 4.0]
Y = [1.5, 2.0, 2.5, 4.0]


def test_values_by_hand():
    explorer = OutlierExplorer(y_true=T, y_pred=Y)
    assert explorer.point.value == 2  # the middle instance
    assert explorer.shift.value == 0.0
    assert explorer.metrics == pytest.approx(
        {"mse": 0.125, "rmse": math.sqrt(0.125), "mae": 0.25, "r2": 1 - 0.5 / 5}
    )
    explorer.point.value = 3
    explorer.shift.value = 6.0
    assert explorer.targets.tolist() == [1.0, 2.0, 3.0, 10.0]
    assert explorer.metrics["mse"] == pytest.approx(9.125)
    assert explorer.metrics["mae"] == pytest.approx(1.75)
    assert explorer.ratios == pytest.approx({"mse": 73.0, "rmse": math.sqrt(73.0), "mae": 7.0})
    assert explorer.baseline["mse"] == pytest.approx(0.125)  # unchanged
    assert explorer.predictions.tolist() == Y


def test_mse_jumps_while_mae_barely_moves_on_the_default_data():
    explorer = OutlierExplorer()
    assert explorer.targets.size == 20
    before = explorer.metrics
    explorer.shift.value = explorer.shift.max
    after = explorer.metrics
    d = explorer.shift.max
    n = 20
    # MAE grows by at most |d|/n; MSE by about d²/n
    assert after["mae"] - before["mae"] <= d / n + 1e-12
    assert explorer.ratios["mse"] > 10 * explorer.ratios["mae"]
    assert explorer.ratios["rmse"] == pytest.approx(math.sqrt(explorer.ratios["mse"]))
    assert after["r2"] < before["r2"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_against_scikit_learn_for_every_point_and_shift(seed):
    rng = np.random.default_rng(seed)
    t = rng.normal(50, 10, size=15)
    y = t + rng.normal(0, 3, size=15)
    explorer = OutlierExplorer(y_true=t, y_pred=y, max_shift=100)
    for point in range(15):
        explorer.point.value = point
        explorer.shift.value = float(np.round(rng.uniform(-100, 100), 1))
        moved = t.copy()
        moved[point] += explorer.shift.value
        assert explorer.targets == pytest.approx(moved)
        metrics = explorer.metrics
        assert metrics["mse"] == pytest.approx(mean_squared_error(moved, y))
        assert metrics["mae"] == pytest.approx(mean_absolute_error(moved, y))
        assert metrics["r2"] == pytest.approx(r2_score(moved, y))
        assert number(metrics["mse"], 4) in explorer.html


def test_table_and_figure():
    explorer = OutlierExplorer(y_true=T, y_pred=Y, index=0)
    explorer.shift.value = 2.0
    assert "MSE (eq. 20)" in explorer.html and "× " in explorer.html
    assert "1.00 → 3.00" in explorer.html
    svg = explorer.plot.value
    assert svg.startswith('<svg class="evalbook-outlier-plot" width="460" height="380"')
    assert ">predição</text>" in svg and svg.count("<circle") == 4 + 1 + 2  # points, moved, legend
    moved = svg.split('data-mark="point"')[1]
    explorer.shift.value = 3.0  # the moved point goes up, the others stay
    assert explorer.plot.value.split('data-mark="point"')[1] != moved
    assert repr(explorer) == "OutlierExplorer(n=4, point=0, shift=3)"


def test_zero_baseline_error_gives_nan_ratio():
    explorer = OutlierExplorer(y_true=[1.0, 2.0, 3.0], y_pred=[1.0, 2.0, 3.0])
    explorer.shift.value = 1.0
    assert all(math.isnan(v) for v in explorer.ratios.values())
    assert explorer.metrics["mae"] == pytest.approx(1 / 3)


def test_bad_arguments():
    with pytest.raises(TypeError, match="give both y_true and y_pred"):
        OutlierExplorer(y_true=T)
    with pytest.raises(ValueError, match="y_true and y_pred have different lengths"):
        OutlierExplorer(y_true=T, y_pred=Y[:3])
    with pytest.raises(ValueError, match="at least two instances"):
        OutlierExplorer(y_true=[1.0], y_pred=[1.0])
    with pytest.raises(ValueError, match="index must be between 0 and 3"):
        OutlierExplorer(y_true=T, y_pred=Y, index=4)
    with pytest.raises(TypeError, match="index must be a whole number"):
        OutlierExplorer(y_true=T, y_pred=Y, index=1.0)
    with pytest.raises(ValueError, match="max_shift must be a finite number greater than 0"):
        OutlierExplorer(y_true=T, y_pred=Y, max_shift=0)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        OutlierExplorer(seed="x")


def test_large_data_draws_a_sample_but_counts_every_point():
    rng = np.random.default_rng(0)
    t = rng.normal(size=20_000)
    explorer = OutlierExplorer(y_true=t, y_pred=t + rng.normal(size=t.size), index=5)
    assert explorer.plot.value.count("<circle") == 1000 + 1 + 2
    explorer.shift.value = 10.0
    assert explorer.targets[5] == pytest.approx(t[5] + 10.0)
    assert explorer.metrics["mse"] == pytest.approx(np.mean((explorer.targets - explorer._y) ** 2))


def test_checklist(checklist, colour_blind_delta_e):
    """Dragging the point shifts its target live, the point is a dot of 8 px or more, each
    error a square of its size, four headline numbers, fixed axes, the legend off the data."""
    import re

    from evalbook._core.render import MARK_COLOUR

    explorer = OutlierExplorer(y_true=T, y_pred=Y, index=3, max_shift=10)
    canvas = explorer.plot
    assert canvas.mode == "drag-y" and explorer.shift.continuous_update
    assert explorer.point.continuous_update
    # a drag to the pixel of target 9 (target 4 + 5) sets the shift to 5
    _, py = canvas.value_to_pixel(Y[3], 9.0)
    canvas.y = canvas.pixel_to_value(0, py)[1]
    assert explorer.shift.value == pytest.approx(5.0) and explorer.targets[3] == pytest.approx(9.0)
    explorer.shift.value = -2.0  # Python moves the point
    assert canvas.y == pytest.approx(T[3] - 2.0)
    svg = canvas.svg
    ((cx, cy, size),) = checklist.marks(svg)
    assert (cx, cy) == pytest.approx(checklist.pixel(svg, Y[3], T[3] - 2.0), abs=0.1)
    assert size >= 8
    # the squares: one per instance, its side the error in the y axis' pixels
    group = svg.split('class="evalbook-squares"')[1].split("</g>")[0]
    sides = [
        (float(w), float(h)) for w, h in re.findall(r'width="([\d.]+)" height="([\d.]+)"', group)
    ]
    frame = checklist.frame(svg)
    per_unit = frame["height"] / (frame["y_range"][1] - frame["y_range"][0])
    errors = np.abs(explorer.targets - Y)
    assert [w for w, h in sides] == [h for w, h in sides]  # squares
    assert [w for w, _ in sides] == pytest.approx(errors * per_unit, abs=0.11)
    # the axes do not move while dragging: the same frame at every shift
    explorer.shift.value = 9.0
    assert checklist.frame(canvas.svg) == frame
    shown = checklist.headlines(explorer.html)
    assert len(shown) == 4 and shown["MSE ×"] == f"{explorer.ratios['mse']:.2f}"
    assert checklist.texts_inside(canvas.svg) == []
    assert colour_blind_delta_e(MARK_COLOUR, "#555555") >= 10  # the moved point, the others
