"""BootstrapExplorer driven from Python: N in, formula, simulation and e⁻¹ out."""

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
    assert f"{explorer.formula:.4f}" in explorer.html
    assert f"{explorer.simulated:.4f}" in explorer.html
    assert "0.3679" in explorer.html


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
    for name in ("formula", "limit", "simulated", "simulated_std", "shares", "sample", "html"):
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
