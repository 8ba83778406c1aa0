"""ComparisonIntervalsDisplay and CriticalDifferenceDisplay, checked on the drawn artists.

The intervals of d (the difference between two models or two algorithms) with 0 marked,
and Demšar's critical-difference diagram of a Friedman/Nemenyi result.
"""

from __future__ import annotations

import itertools

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.colors import to_hex

from evalbook import (
    ComparisonIntervalsDisplay,
    CriticalDifferenceDisplay,
    compare_algorithms,
    compare_models,
    friedman,
)

pytestmark = pytest.mark.usefixtures("close_figures")


# ------------------------------------------------------------------ comparison intervals
def _segments(ax):
    """(x-range, y, colour) of each interval line (two points, same y)."""
    return [
        (tuple(line.get_xdata()), line.get_ydata()[0], to_hex(line.get_color()))
        for line in ax.lines
        if len(line.get_xdata()) == 2 and line.get_ydata()[0] == line.get_ydata()[1]
    ]


def test_intervals_are_drawn_where_the_results_put_them_with_zero_marked():
    m1_m2 = compare_models(0.85, 30, 0.75, 5000, confidence=0.90)
    exercise = compare_models(0.70, 100, 0.85, 200, confidence=0.99)
    display = ComparisonIntervalsDisplay.from_result({"M1 − M2": m1_m2, "exercício": exercise})
    assert display.names == ["M1 − M2", "exercício"]
    assert display.significant.tolist() == [False, True]
    ax = display.plot().ax_
    assert [t.get_text() for t in ax.get_yticklabels()] == ["M1 − M2", "exercício"]
    segments = _segments(ax)
    assert segments[0] == (pytest.approx(m1_m2.interval), 0, "#7f7f7f")  # contains 0: grey
    assert segments[1] == (pytest.approx(exercise.interval), 1, "#d55e00")  # below 0: vermillion
    zero = [line for line in ax.lines if list(line.get_xdata()) == [0, 0]]
    assert len(zero) == 1
    lower, upper = ax.get_ylim()
    assert lower > upper  # the first comparison on top


def test_algorithm_comparisons_are_centred_on_the_mean_difference():
    rng = np.random.default_rng(3)
    differences = {f"par {i}": rng.normal(0.01 * i, 0.02, size=10) for i in range(4)}
    results = {name: compare_algorithms(d) for name, d in differences.items()}
    ax = ComparisonIntervalsDisplay.from_result(results).plot().ax_
    centres = [line for line in ax.lines if line.get_marker() == "o"]
    assert [c.get_xdata()[0] for c in centres] == pytest.approx(
        [d.mean() for d in differences.values()]
    )
    for (xs, _, colour), result in zip(_segments(ax), results.values(), strict=True):
        assert xs == pytest.approx(result.interval)
        assert (colour == "#d55e00") == result.significant


@pytest.mark.parametrize(
    ("comparisons", "names"),
    [
        ({}, "non-empty mapping"),
        ([compare_models(0.8, 50, 0.7, 50)], "non-empty mapping"),
        ({"a": (0.1, (-0.1, 0.3))}, r"comparisons\['a'\] must be a result"),
    ],
)
def test_comparison_intervals_refuse_bad_input(comparisons, names):
    with pytest.raises(TypeError, match=names):
        ComparisonIntervalsDisplay.from_result(comparisons)
    assert not plt.get_fignums()


# ------------------------------------------------------------------- critical difference
def _bars(ax, colour="#d55e00"):
    return sorted(
        tuple(np.round(line.get_xdata(), 6))
        for line in ax.lines
        if to_hex(line.get_color()) == colour
    )


def test_lesson_10_diagram_joins_all_four_algorithms():
    """Lesson 10's average ranks (1.5, 2.125, 2.75, 3.625) all lie within CD = 2.345."""
    scores = np.array(
        [[0.94, 0.94, 0.96, 0.9533], [0.9889, 0.8941, 0.9722, 0.9778],
         [0.9631, 0.9191, 0.9701, 0.9368], [0.965, 0.8626, 0.9788, 0.8425]]
    )  # fmt: skip
    result = friedman(scores, nemenyi=True)
    display = CriticalDifferenceDisplay.from_result(result)
    assert display.average_ranks.tolist() == [2.125, 3.625, 1.5, 2.75]
    ax = display.plot().ax_
    assert _bars(ax) == [(1.5 - 0.03, 3.625 + 0.03)]
    cd_bar = [line for line in ax.lines if list(line.get_ydata()) == [0.55, 0.55]]
    assert len(cd_bar) == 1
    assert np.diff(cd_bar[0].get_xdata())[0] == pytest.approx(result.critical_difference)
    labels = sorted(t.get_text() for t in ax.texts if "(" in t.get_text())
    assert labels == ["0 (2.125)", "1 (3.625)", "2 (1.500)", "3 (2.750)"]


def test_groups_are_the_maximal_runs_closer_than_cd():
    """Brute force: a bar for each maximal run of sorted ranks whose span is below CD."""
    rng = np.random.default_rng(11)
    for _ in range(30):
        k = int(rng.integers(3, 8))
        scores = rng.normal(np.linspace(0, 1, k), 0.4, size=(int(rng.integers(5, 40)), k))
        result = friedman(scores, nemenyi=True)
        ranks = np.sort(result.average_ranks)
        cd = result.critical_difference
        runs = [
            (i, j)
            for i, j in itertools.combinations(range(k), 2)
            if ranks[j] - ranks[i] < cd
            and not any(a <= i and j <= b and (a, b) != (i, j)
                        for a, b in itertools.combinations(range(k), 2)
                        if ranks[b] - ranks[a] < cd)
        ]  # fmt: skip
        expected = sorted((round(ranks[i] - 0.03, 6), round(ranks[j] + 0.03, 6)) for i, j in runs)
        ax = CriticalDifferenceDisplay.from_result(result).plot().ax_
        assert _bars(ax) == expected
        plt.close(ax.figure)


def test_critical_difference_needs_nemenyi_and_a_friedman_result():
    scores = [[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75]]
    with pytest.raises(ValueError, match="nemenyi=True"):
        CriticalDifferenceDisplay.from_result(friedman(scores))
    with pytest.raises(TypeError, match="result must be a FriedmanResult"):
        CriticalDifferenceDisplay.from_result(
            {"average_ranks": [1, 2, 3], "critical_difference": 1.0}
        )
    assert not plt.get_fignums()
