"""SampleSizeExplorer driven from Python: n, p, δ and ψ in; width, power, the size for 80%
and the minimum detectable difference out; the simulation button against the exact power."""

import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from evalbook.widgets import SampleSizeExplorer


def _connor(n, delta, psi):
    z = stats.norm.ppf(0.975)
    spread = math.sqrt(psi - delta**2)
    return float(
        stats.norm.cdf((delta * math.sqrt(n) - z * math.sqrt(psi)) / spread)
        + stats.norm.cdf((-delta * math.sqrt(n) - z * math.sqrt(psi)) / spread)
    )


def test_the_numbers_follow_the_controls():
    explorer = SampleSizeExplorer(n=100, p=0.85)
    hits = np.arange(101)
    lower, upper = proportion_confint(hits, 100, alpha=0.05, method="wilson")
    assert explorer.width == pytest.approx(
        float(np.sum(stats.binom.pmf(hits, 100, 0.85) * (upper - lower))), abs=1e-12
    )
    assert explorer.power == pytest.approx(_connor(100, 0.03, 0.1), abs=1e-12)
    explorer.n.value = 1000
    assert explorer.power == pytest.approx(_connor(1000, 0.03, 0.1), abs=1e-12)
    assert explorer.needed == 870
    assert _connor(explorer.needed, 0.03, 0.1) >= 0.8 > _connor(explorer.needed - 1, 0.03, 0.1)
    assert _connor(1000, explorer.detectable, 0.1) == pytest.approx(0.8)
    explorer.discordant.value = 0.3  # more disagreement: less power for the same δ
    assert explorer.power < _connor(1000, 0.03, 0.1)
    assert repr(explorer) == ("SampleSizeExplorer(n=1000, p=0.85, difference=0.03, discordant=0.3)")


def test_the_button_simulates_and_a_change_clears_the_simulation():
    explorer = SampleSizeExplorer(n=800, p=0.85, n_trials=4000)
    assert explorer.simulated_power is None and "simular" in explorer.html
    explorer.button.click()
    share, exact = explorer.simulated_power, explorer.exact_power
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / 4000)
    assert "4000 conjuntos de teste simulados" in explorer.html
    explorer.button.click()  # the same seed: the same share
    assert explorer.simulated_power == share
    explorer.n.value = 900
    assert explorer.simulated_power is None


def test_no_detectable_difference_says_so():
    explorer = SampleSizeExplorer(n=20, discordant=0.05)
    assert math.isnan(explorer.detectable)
    assert "nenhuma" in explorer.html


def test_the_difference_stays_below_the_discordant_share():
    explorer = SampleSizeExplorer()
    with pytest.raises(ValueError, match="difference must stay below discordant"):
        explorer.difference.value = 0.15
    assert explorer.difference.value == 0.03
    with pytest.raises(ValueError, match="discordant must stay above difference"):
        explorer.discordant.value = 0.02
    with pytest.raises(ValueError, match="discordant must exceed difference"):
        SampleSizeExplorer(difference=0.1, discordant=0.05)
    with pytest.raises(ValueError, match="n=6000 is larger than max_n=5000"):
        SampleSizeExplorer(n=6000)
