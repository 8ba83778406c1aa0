"""BootstrapExplorer driven from Python: N in, formula, simulation and e⁻¹ out; the curve
on a log N axis, the histogram of the shares, a sample drawn again on demand."""

import math

import numpy as np
import pytest

from evalbook import bootstrap, bootstrap_oob_shares
from evalbook.widgets import BootstrapExplorer


@pytest.mark.parametrize("n", [1, 2, 3, 10, 37, 100, 1000])
def test_formula_simulation_and_limit(n):
    explorer = BootstrapExplorer(n_resamples=1000)
    explorer.n.value = n
    p = (1 - 1 / n) ** n
    assert explorer.formula == pytest.approx(p, rel=1e-12, abs=1e-15)
    assert explorer.limit == math.exp(-1)
    shares = explorer.shares
    assert np.array_equal(shares, bootstrap_oob_shares(n, n_resamples=1000, seed=0))
    # the mean of 1000 samples: variance at most p(1 − p) / (n · 1000) (binomial bound)
    assert abs(explorer.simulated - p) <= 5 * math.sqrt(p * (1 - p) / (n * 1000)) + 1e-12
    assert explorer.simulated_std == pytest.approx(shares.std(ddof=1))
    assert f"{explorer.formula:.3f}" in explorer.html
    assert f"{explorer.simulated:.3f}" in explorer.html
    assert "0.368" in explorer.html


def test_formula_approaches_e_inverse():
    explorer = BootstrapExplorer()
    gaps = []
    for n in (2, 10, 100, 1000):
        explorer.n.value = n
        gaps.append(explorer.limit - explorer.formula)
    assert all(g > 0 for g in gaps) and gaps == sorted(gaps, reverse=True)
    assert gaps[-1] < 2e-4


def test_sample_is_drawn_for_small_n_only():
    explorer = BootstrapExplorer(n=12, seed=3)
    train, oob = explorer.sample
    ref_train, ref_oob = bootstrap(12, seed=3)
    assert np.array_equal(train, ref_train) and np.array_equal(oob, ref_oob)
    assert f"{oob.size} de 12 instâncias" in explorer.html
    assert explorer.html.count("<sub>") == 12
    explorer.n.value = 500
    assert "<sub>" not in explorer.html
    # beyond 40 the sample shows as its tally: how many instances were drawn 0, 1, 2, 3, 4+ times
    times = np.bincount(explorer.sample[0], minlength=500)
    tally = np.bincount(np.minimum(times, 4), minlength=5)
    assert np.array_equal(explorer.times_drawn, times) and tally.sum() == 500
    assert tally[0] == explorer.sample[1].size
    assert "vezes sorteada" in explorer.html
    for count in tally:
        assert f">{count}</td>" in explorer.html


def test_draw_again_draws_another_sample_and_keeps_the_simulation():
    explorer = BootstrapExplorer(n=30, seed=3)
    first, shares = explorer.sample, explorer.shares
    assert explorer.draws == 0 and "Amostra 1:" in explorer.html
    explorer.button.click()
    second = explorer.sample
    assert explorer.draws == 1 and "Amostra 2:" in explorer.html
    assert not np.array_equal(first[0], second[0])
    rng = np.random.default_rng([3, 1])
    assert np.array_equal(second[0], bootstrap(30, seed=rng)[0])
    assert np.array_equal(explorer.shares, shares)  # the simulation stays
    assert f"{second[1].size} de 30 instâncias" in explorer.html


def test_histogram_gathers_around_e_inverse_as_n_grows():
    explorer = BootstrapExplorer(n=5)
    spreads = []
    for n in (5, 50, 1000):
        explorer.n.value = n
        edges, heights = explorer.histogram
        assert edges[0] == 0 and edges[-1] == 1 and len(heights) == 50
        assert heights.sum() == pytest.approx(1)
        counts, _ = np.histogram(explorer.shares, bins=50, range=(0, 1))
        assert np.allclose(heights, counts / 2000)
        centres = (edges[:-1] + edges[1:]) / 2
        spreads.append(float(np.sqrt(np.sum(heights * (centres - math.exp(-1)) ** 2))))
    assert spreads == sorted(spreads, reverse=True) and spreads[-1] < 0.03


def test_checklist(checklist):
    """Live slider, a dot at the current N on both curves of the log-N plot, three headline
    numbers at 3 decimals, the renderer's colours only, lines of 3 px and dots of 8 px."""
    explorer = BootstrapExplorer(n=10)
    assert explorer.n.continuous_update  # live: updates while dragged
    explorer.n.value = 100  # the value a drag sets, from Python
    html = explorer.html
    assert checklist.headline(html) == [
        f"{explorer.formula:.3f}",
        f"{explorer.simulated:.3f}",
        f"{math.exp(-1):.3f}",
    ]
    assert checklist.colours(html) <= checklist.palette()
    curve = html[html.index("<svg") : html.index("</svg>")]
    assert min(checklist.line_widths(html)) >= 3 and min(checklist.dot_radii(html)) >= 4
    # the current-value marks: a dot on the left-out curve, a triangle on the distinct one,
    # at x = log10(100) of the way along the log axis 1-1000
    assert curve.count("<circle") == 1 and curve.count('<path d="M') >= 1
    import re

    marker = re.search(r'<line data-mark="x" x1="([\d.]+)"', curve)
    frame = re.search(r'<rect x="(\d+)" y="\d+" width="([\d.]+)"', curve)
    left, width = float(frame.group(1)), float(frame.group(2))
    assert float(marker.group(1)) == pytest.approx(left + width * 2 / 3, abs=0.6)
    dot = re.search(r'<circle cx="([\d.]+)"', curve)
    assert float(dot.group(1)) == pytest.approx(left + width * 2 / 3, abs=0.6)
    # a click (or a drag) on the curve sets N along the log axis, snapped to a whole N
    canvas = explorer.curve_view
    assert canvas.mode == "click-x" and canvas.x_log and canvas.x == 100
    f = canvas.frame
    x, _ = canvas.pixel_to_value(f["left"] + f["width"] / 3)  # a third of the way: N = 10
    assert x == pytest.approx(10)
    canvas.x = 10.4  # what the browser would send before snapping: Python rounds too
    assert explorer.n.value == 10 and explorer.formula == pytest.approx(0.9**10)
    assert canvas.value_to_pixel(10)[0] == pytest.approx(f["left"] + f["width"] / 3)
    canvas.x = 5000  # beyond the axis: the end of the slider
    assert explorer.n.value == 1000
    explorer.n.value = 40  # the slider (or its keyboard) moves the mark
    assert canvas.x == 40 and (canvas.width, canvas.height) == (330, 290)


def test_table_and_repr():
    explorer = BootstrapExplorer(n=5, n_resamples=300, seed=1)
    assert repr(explorer) == "BootstrapExplorer(n=5, n_resamples=300, seed=1)"
    table = explorer.table
    assert table["N"] == 5 and table["formula"] == pytest.approx(0.32768)
    assert table["e^-1"] == pytest.approx(0.36788, abs=1e-5)
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == repr(explorer)


def test_properties_are_read_only():
    explorer = BootstrapExplorer()
    for name in (
        "formula",
        "limit",
        "simulated",
        "simulated_std",
        "shares",
        "sample",
        "html",
        "draws",
        "histogram",
        "times_drawn",
    ):
        with pytest.raises(AttributeError):
            setattr(explorer, name, None)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n": 0}, ValueError, "n must be at least 1"),
        ({"n": 2000}, ValueError, "n=2000 is larger than max_n=1000"),
        ({"n": 2.5}, TypeError, "n must be a whole number"),
        ({"n_resamples": 0}, ValueError, "n_resamples must be at least 1"),
        ({"seed": -2}, ValueError, "seed must be at least 0"),
        ({"max_n": 1}, ValueError, "max_n must be at least 2"),
    ],
)
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        BootstrapExplorer(**kwargs)
