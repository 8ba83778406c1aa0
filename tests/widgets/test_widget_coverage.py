"""CoverageExplorer driven from Python: n, p and confidence in, simulated coverage out."""

import math

import numpy as np
import pytest
from scipy import stats

import evalbook
from evalbook.widgets import CoverageExplorer


def _exact_coverage(p, n, confidence, method):
    """Coverage summed over the binomial distribution (no simulation)."""
    hits = np.arange(n + 1)
    z = stats.norm.ppf(0.5 + confidence / 2)
    f = hits / n
    if method == "wilson":
        centre = f + z**2 / (2 * n)
        spread = z * np.sqrt(f / n - f**2 / n + z**2 / (4 * n**2))
        lower, upper = (centre - spread) / (1 + z**2 / n), (centre + spread) / (1 + z**2 / n)
    elif method == "normal":
        half = z * np.sqrt(f * (1 - f) / n)
        lower, upper = f - half, f + half
    else:
        alpha = 1 - confidence
        lower = np.where(hits == 0, 0.0, stats.beta.ppf(alpha / 2, hits, n - hits + 1))
        upper = np.where(hits == n, 1.0, stats.beta.ppf(1 - alpha / 2, hits + 1, n - hits))
    inside = (lower <= p + 1e-12) & (p - 1e-12 <= upper)
    return float(stats.binom.pmf(hits, n, p)[inside].sum())


def test_defaults_are_m1_at_90_percent():
    explorer = CoverageExplorer(n=30, p=0.85)
    assert (explorer.n.value, explorer.p.value, explorer.confidence.value) == (30, 0.85, 0.90)
    assert repr(explorer) == "CoverageExplorer(n=30, p=0.85, confidence=0.9)"
    assert explorer.condition == pytest.approx(3.825)
    assert "não valem" in explorer.html


@pytest.mark.parametrize(
    ("n", "p", "confidence"),
    [(30, 0.85, 0.90), (20, 0.95, 0.95), (100, 0.5, 0.80), (60, 0.9, 0.99)],
)
def test_coverage_is_close_to_the_exact_binomial_coverage(n, p, confidence):
    explorer = CoverageExplorer(trials=4000, seed=3)
    explorer.n.value, explorer.p.value, explorer.confidence.value = n, p, confidence
    for method, simulated in explorer.coverage.items():
        exact = _exact_coverage(p, n, confidence, method)
        tolerance = 4 * math.sqrt(max(exact * (1 - exact), 1e-4) / 4000)
        assert abs(simulated - exact) < tolerance, (method, simulated, exact)


def test_same_numbers_as_the_library():
    explorer = CoverageExplorer(n=50, p=0.9, confidence=0.95, trials=1000, seed=5)
    for method in ("wilson", "normal", "exact"):
        expected = evalbook.interval_coverage(
            0.9, 50, confidence=0.95, method=method, trials=1000, seed=5
        )
        assert explorer.coverage[method] == expected


def test_moving_the_sliders_updates_the_numbers_and_the_display():
    explorer = CoverageExplorer(n=30, p=0.85)
    before, page = explorer.coverage, explorer.html
    explorer.n.value = 300
    assert explorer.coverage != before and explorer.html != page
    assert explorer.condition == pytest.approx(300 * 0.85 * 0.15)
    assert "valem." in explorer.html and "não valem" not in explorer.html
    # with a large test set the normal approximation is fine
    assert abs(explorer.coverage["normal"] - 0.90) < 0.03
    explorer.p.value = 0.99
    explorer.n.value = 20
    assert explorer.coverage["normal"] < 0.25  # 20/20 hits gives the interval [1, 1]
    assert explorer.coverage["wilson"] > 0.8


def test_the_normal_approximation_undercovers_for_m1():
    coverage = CoverageExplorer(n=30, p=0.85).coverage
    assert coverage["normal"] < 0.85 < coverage["wilson"] < coverage["exact"]


def test_reproducible_with_the_seed():
    assert CoverageExplorer(seed=1).coverage == CoverageExplorer(seed=1).coverage
    assert CoverageExplorer(seed=1).coverage != CoverageExplorer(seed=2).coverage


def test_display():
    explorer = CoverageExplorer(n=30, p=0.85)
    bundle = explorer._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == (
        explorer.widget.model_id
    )
    assert bundle["text/plain"] == repr(explorer)
    for label in ("Wilson", "aproximação normal (Wald)", "exato (Clopper–Pearson)"):
        assert label in explorer.html


def test_properties_are_read_only():
    explorer = CoverageExplorer(n=30, p=0.85)
    for name in ("coverage", "condition", "html", "widget"):
        with pytest.raises(AttributeError):
            setattr(explorer, name, None)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n": 4}, ValueError, "n must be at least 5"),
        ({"n": 30.0}, TypeError, "n must be a whole number"),
        ({"n": 600}, ValueError, "n=600 is larger than max_n=500"),
        ({"p": 1.5}, ValueError, "p must be a probability"),
        ({"p": 0.995}, ValueError, "p must be between 0.01 and 0.99"),
        ({"p": "0.8"}, TypeError, "p must be a number"),
        ({"confidence": 0.97}, ValueError, "confidence must be one of"),
        ({"confidence": 1.0}, ValueError, "confidence must be strictly between"),
        ({"trials": 0}, ValueError, "trials must be at least 1"),
        ({"seed": -1}, ValueError, "seed must be at least 0"),
        ({"max_n": True}, TypeError, "max_n must be a whole number"),
    ],
    ids=repr,
)
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        CoverageExplorer(**kwargs)
