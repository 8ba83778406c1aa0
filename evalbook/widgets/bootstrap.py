"""Explorer of the bootstrap's out-of-bag share: formula, simulation and e⁻¹ side by side.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (the 0.632 bootstrap): an instance misses
each of the N draws with probability 1 − 1/N, so it is out of bag (a test instance) with
probability (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368. A slider sets N; the explorer shows the formula
(:func:`evalbook.bootstrap_oob_probability`), the mean share over many simulated samples
(:func:`evalbook.bootstrap_oob_shares`) and e⁻¹, and, for small N, one sample drawn.
"""

from __future__ import annotations

import math

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import check_whole_number
from evalbook._core.messages import N_
from evalbook._core.render import ROLE_COLOURS, Cell, chips, html_table, number, say
from evalbook.model_selection._resampling import (
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
)
from evalbook.widgets._base import Explorer

#: e⁻¹, the limit of (1 − 1/N)ᴺ.
E_INVERSE = math.exp(-1)
#: One sample is drawn instance by instance only up to this N.
MAX_SHOWN = 40
_TEXT = {
    "formula": N_("formula (1 − 1/N)ᴺ"),
    "simulation": N_("simulation ({n_resamples} samples)"),
    "limit": N_("limit e⁻¹"),
    "difference": N_("formula − e⁻¹"),
    "caption": N_("out-of-bag share, N = {n}"),
    "too_many": N_("(One sample is drawn instance by instance up to N = {shown}.)"),
    "sample": N_(
        "One sample: {n} draws with replacement; {oob} of {n} instances never drawn "
        "are left for testing (in orange)."
    ),
}
#: At most this many draws (``max_n × n_resamples``) are simulated at a step of the slider:
#: two million draws take about 20 ms (``make bench``), so the slider stays fluid.
MAX_DRAWS = 2 * 10**6


class BootstrapExplorer(Explorer):
    """Slide N and compare (1 − 1/N)ᴺ, a simulation of it, and its limit e⁻¹.

    Witten et al. (2017), ch. 5 (the bootstrap). The simulation draws ``n_resamples``
    bootstrap samples of N instances (seeded, so the same N always shows the same numbers)
    and reports the mean and standard deviation of their out-of-bag share.

    Parameters
    ----------
    n : int, default 10
        Initial N, 1 ≤ n ≤ ``max_n``.
    n_resamples : int, default 2000
        Simulated samples per N.
    seed : int, default 0
    max_n : int, default 1000
        End of the N slider. ``max_n × n_resamples`` is at most :data:`MAX_DRAWS` (two million
        draws per step: the defaults are the limit).

    Attributes
    ----------
    n : ipywidgets.IntSlider
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = BootstrapExplorer()
    >>> explorer
    BootstrapExplorer(n=10, n_resamples=2000, seed=0)
    >>> round(explorer.formula, 4), round(explorer.limit, 4)
    (0.3487, 0.3679)
    >>> abs(explorer.simulated - explorer.formula) < 0.005
    True
    >>> explorer.n.value = 1000
    >>> round(explorer.formula, 4)
    0.3677
    """

    @classmethod
    def example(cls) -> BootstrapExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(n=10, seed=0)

    def __init__(self, n=10, *, n_resamples=2000, seed=0, max_n=1000):
        max_n = check_whole_number(max_n, "max_n", minimum=2)
        n = check_whole_number(n, "n", minimum=1)
        if n > max_n:
            raise ValueError(f"n={n} is larger than max_n={max_n}, the end of the slider")
        self._repeats = check_whole_number(n_resamples, "n_resamples", minimum=1)
        if max_n * self._repeats > MAX_DRAWS:
            raise ValueError(
                f"max_n × n_resamples = {max_n} × {self._repeats} draws at the end of the slider "
                f"is more than the limit of {MAX_DRAWS:,} draws (each step simulates them all); "
                f"lower max_n to at most {MAX_DRAWS // self._repeats} or lower n_resamples"
            )
        self._seed = check_whole_number(seed, "seed", minimum=0)
        self._view = widgets.HTML()
        # each N simulates n_resamples × N draws: update on release, not at every pixel
        slider = widgets.IntSlider(
            value=n, min=1, max=max_n, description="N", continuous_update=False
        )
        self._setup({"n": slider}, [self._view], widgets.VBox([slider, self._view]))

    # ------------------------------------------------------------------ read-only state

    @property
    def formula(self) -> float:
        """(1 − 1/N)ᴺ, the probability that an instance is out of bag."""
        return bootstrap_oob_probability(self.n.value)

    @property
    def limit(self) -> float:
        """e⁻¹ ≈ 0.3679, the formula's limit as N grows."""
        return E_INVERSE

    @property
    def shares(self) -> np.ndarray:
        """The out-of-bag share of each simulated sample (``n_resamples`` values)."""
        return self._shares.copy()

    @property
    def simulated(self) -> float:
        """Mean out-of-bag share over the simulated samples."""
        return float(self._shares.mean())

    @property
    def simulated_std(self) -> float:
        """Standard deviation of the out-of-bag share between samples."""
        return float(self._shares.std(ddof=1)) if self._shares.size > 1 else 0.0

    @property
    def sample(self) -> tuple[np.ndarray, np.ndarray]:
        """One bootstrap sample of N instances: (training indices, out-of-bag indices)."""
        return bootstrap(self.n.value, seed=self._seed)

    @property
    def table(self):
        """A pandas Series: N, formula, simulated mean and std, e⁻¹."""
        from evalbook._core.tables import DisplaySeries

        return DisplaySeries(
            {
                "N": self.n.value,
                "formula": self.formula,
                "simulated": self.simulated,
                "simulated_std": self.simulated_std,
                "e^-1": self.limit,
            },
            dtype=object,
        )

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {"n": self.n.value, "n_resamples": self._repeats, "seed": self._seed}

    # ------------------------------------------------------------------ internals
    def _refresh(self, change=None) -> None:
        self._shares = bootstrap_oob_shares(
            self.n.value, n_resamples=self._repeats, seed=self._seed
        )
        self._view.value = self._table_html() + self._sample_html()

    def _table_html(self) -> str:
        rows = [
            (say(_TEXT, "formula"), number(self.formula, 4)),
            (
                say(_TEXT, "simulation", n_resamples=self._repeats),
                f"{number(self.simulated, 4)} ± {number(self.simulated_std, 4)}",
            ),
            (say(_TEXT, "limit"), number(self.limit, 4)),
            (say(_TEXT, "difference"), number(self.formula - self.limit, 4, sign=True)),
        ]
        return html_table(
            [
                [name, Cell(value, align="right", style="font-family:monospace")]
                for name, value in rows
            ],
            caption=say(_TEXT, "caption", n=self.n.value),
        )

    def _sample_html(self) -> str:
        n = self.n.value
        if n > MAX_SHOWN:
            return f"<p>{say(_TEXT, 'too_many', shown=MAX_SHOWN)}</p>"
        train, oob = self.sample
        times = np.bincount(train, minlength=n)
        drawn = chips(
            (
                (f"{i}<sub>×{t}</sub>", ROLE_COLOURS["test" if t == 0 else "train"])
                for i, t in enumerate(times)
            ),
            style="min-width:22px;text-align:center",
        )
        return f"<p>{say(_TEXT, 'sample', n=n, oob=oob.size)}</p><p>{drawn}</p>"
