"""Explorer: how many test examples? An interval's width and McNemar's power against n.

Four sliders set the test set's size n, the model's true accuracy p, the difference of
accuracy δ between two models compared on that test set and the share ψ of instances on
which exactly one of them is right. Two plots follow n: the expected width of the Wilson
interval of the accuracy (:func:`~evalbook.expected_interval_width`, with δ marked: a
width above it cannot separate p from p + δ) and the power of McNemar's test (Connor 1987,
:func:`~evalbook.mcnemar_power`, with the usual target of 80%). A button simulates
``n_trials`` test sets of the current n and draws the share on which the exact McNemar
test rejects beside the exact power it should match.
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import (
    as_rng,
    check_open_fraction,
    check_probability,
    check_whole_number,
)
from evalbook._core.messages import N_
from evalbook._core.render import VERDICT_COLOURS, Cell, html_table, number, percent, say
from evalbook._core.svg import LINE_COLOURS, Line, Points, svg_plot
from evalbook.inference._test_design import (
    expected_interval_width,
    mcnemar_power,
    mcnemar_sample_size,
    minimum_detectable_difference,
)
from evalbook.widgets._base import Explorer

_TEXT = {
    "p": N_("true accuracy p"),
    "difference": N_("difference δ"),
    "discordant": N_("discordant ψ"),
    "simulate": N_("simulate"),
    "simulate_tip": N_("simulate test sets of the current n and apply McNemar's exact test"),
    "width_title": N_("interval width (Wilson, 95%)"),
    "power_title": N_("McNemar's power (α = 0.05)"),
    "test_size": N_("test-set size n"),
    "width": N_("expected width"),
    "power": N_("power"),
    "delta": N_("δ"),
    "target": N_("80%"),
    "simulated": N_("simulated"),
    "header": (N_("at this n"), N_("value")),
    "row_width": N_("expected width of the interval"),
    "row_power": N_("McNemar's power (Connor)"),
    "row_needed": N_("n for 80% power"),
    "row_detectable": N_("smallest difference detected with 80% power"),
    "none": N_("none"),
    "simulation": N_(
        "{n_trials} simulated test sets of n = {n} (seed {seed}): the exact test rejected "
        "in {share}; its exact power is {power}."
    ),
    "press": N_("Press “simulate” to check the power on simulated test sets."),
}

#: Points of the curves along n.
CURVE_POINTS = 60


class SampleSizeExplorer(Explorer):
    """Sliders for n, p, δ and ψ; the interval's width and McNemar's power against n.

    Parameters
    ----------
    n : int, default 500
        Initial test-set size, from 20 to ``max_n``.
    p : float, default 0.85
        Initial true accuracy, from 0.5 to 0.99.
    difference : float, default 0.03
        Initial difference of accuracy δ between the two models, from 0.005 to 0.2.
    discordant : float, default 0.1
        Initial share ψ of discordant instances, from 0.01 to 0.5; above δ.
    n_trials : int, default 2000
        Test sets simulated by :meth:`simulate`.
    seed : int, default 0
        Seed of the simulation.
    max_n : int, default 5000
        Upper end of the n slider (at most 10⁵).

    Attributes
    ----------
    n : ipywidgets.IntSlider
    p, difference, discordant : ipywidgets.FloatSlider
    button : ipywidgets.Button
        Runs :meth:`simulate`.
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = SampleSizeExplorer(n=100, p=0.85)
    >>> round(explorer.width, 4), round(explorer.power, 4)
    (0.1385, 0.1566)
    >>> explorer.n.value = 2000
    >>> explorer.power > 0.9
    True
    >>> explorer.simulate()
    >>> abs(explorer.simulated_power - explorer.exact_power) < 0.04
    True
    """

    @classmethod
    def example(cls) -> SampleSizeExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(n=500, p=0.85)

    def __init__(
        self,
        n=500,
        p=0.85,
        *,
        difference=0.03,
        discordant=0.1,
        n_trials=2000,
        seed=0,
        max_n=5000,
    ) -> None:
        max_n = check_whole_number(max_n, "max_n", minimum=20, maximum=10**5)
        n = check_whole_number(n, "n", minimum=20)
        if n > max_n:
            raise ValueError(f"n={n} is larger than max_n={max_n}; pass max_n={n} or more")
        p = check_probability(p, "p")
        if not 0.5 <= p <= 0.99:
            raise ValueError(f"p must be between 0.5 and 0.99 (the slider's range); got {p}")
        difference = check_open_fraction(difference, "difference")
        if not 0.005 <= difference <= 0.2:
            raise ValueError(f"difference must be between 0.005 and 0.2; got {difference}")
        discordant = check_open_fraction(discordant, "discordant")
        if not 0.01 <= discordant <= 0.5:
            raise ValueError(f"discordant must be between 0.01 and 0.5; got {discordant}")
        if not difference < discordant:
            raise ValueError(
                f"discordant must exceed difference; got discordant = {discordant} and "
                f"difference = {difference}"
            )
        self._trials = check_whole_number(n_trials, "n_trials", minimum=100, maximum=10**5)
        self._seed = check_whole_number(seed, "seed", minimum=0)
        self._max_n = max_n

        def slider(value, low, high, step, key):
            return widgets.FloatSlider(
                value=value,
                min=low,
                max=high,
                step=step,
                description=say(_TEXT, key),
                readout_format=".3f" if step < 0.01 else ".2f",
                continuous_update=False,
                style={"description_width": "initial"},
            )

        controls = {
            "n": widgets.IntSlider(
                value=n,
                min=20,
                max=max_n,
                step=10,
                description="n",
                continuous_update=False,
            ),
            "p": slider(p, 0.5, 0.99, 0.01, "p"),
            "difference": slider(difference, 0.005, 0.2, 0.005, "difference"),
            "discordant": slider(discordant, 0.01, 0.5, 0.01, "discordant"),
        }
        self.button = widgets.Button(
            description=say(_TEXT, "simulate"), tooltip=say(_TEXT, "simulate_tip")
        )
        self.button.on_click(lambda _button: self.simulate())
        self._plots = widgets.HTML()
        self._table = widgets.HTML()
        self._simulation: tuple[float, float, int] | None = None
        self._width_curves: dict[float, list[float]] = {}
        layout = widgets.VBox(
            [
                widgets.HBox([controls["n"], controls["p"]]),
                widgets.HBox([controls["difference"], controls["discordant"], self.button]),
                self._plots,
                self._table,
            ]
        )
        self._setup(controls, [self._plots, self._table], layout)

    # ------------------------------------------------------------------ read-only state
    @property
    def width(self) -> float:
        """Expected width of the Wilson interval of the accuracy at the current n and p."""
        return self._width

    @property
    def power(self) -> float:
        """McNemar's power (Connor) at the current n, δ and ψ."""
        return self._power

    @property
    def needed(self) -> int:
        """The test-set size that gives McNemar 80% power for the current δ and ψ."""
        return self._needed

    @property
    def detectable(self) -> float:
        """The smallest difference McNemar detects with 80% power at the current n and ψ."""
        return self._detectable

    @property
    def simulated_power(self) -> float | None:
        """The share of simulated test sets on which the exact test rejected (None before
        :meth:`simulate`, or after a control changed)."""
        return None if self._simulation is None else self._simulation[0]

    @property
    def exact_power(self) -> float | None:
        """The exact test's power that :attr:`simulated_power` estimates."""
        return None if self._simulation is None else self._simulation[1]

    # ------------------------------------------------------------------ actions
    def simulate(self) -> None:
        """Simulate ``n_trials`` test sets of the current n, δ and ψ and apply McNemar's
        exact test to each (the p-value of :func:`~evalbook.mcnemar_test`, for all at once)."""
        from scipy.stats import binom

        n, delta, psi = self.n.value, self.difference.value, self.discordant.value
        rng = as_rng(self._seed)
        only_a, only_b = (psi - delta) / 2, (psi + delta) / 2
        tables = rng.multinomial(n, [only_a, only_b, 1 - psi], size=self._trials)
        a, b = tables[:, 0], tables[:, 1]
        p_values = np.minimum(1.0, 2 * binom.cdf(np.minimum(a, b), a + b, 0.5))
        share = float(np.mean((p_values <= 0.05) & (a + b > 0)))
        exact = mcnemar_power(n, difference=delta, discordant=psi, method="exact")
        self._simulation = (share, exact, n)
        self._draw()

    # ------------------------------------------------------------------ internals
    def _check_control(self, name: str, value) -> str | None:
        if name == "difference" and value >= self.discordant.value:
            return "must stay below discordant ψ (a difference needs discordant instances)"
        if name == "discordant" and value <= self.difference.value:
            return "must stay above difference δ (a difference needs discordant instances)"
        return None

    def _refresh(self, change=None) -> None:
        n, p, delta, psi = (
            self.n.value,
            self.p.value,
            self.difference.value,
            self.discordant.value,
        )
        self._width = expected_interval_width(p, n)
        self._power = mcnemar_power(n, difference=delta, discordant=psi)
        self._needed = mcnemar_sample_size(difference=delta, discordant=psi)
        self._detectable = minimum_detectable_difference(n, discordant=psi)
        self._simulation = None
        self._draw()

    def _grid(self) -> np.ndarray:
        return np.unique(np.geomspace(20, self._max_n, CURVE_POINTS).round().astype(int))

    def _draw(self) -> None:
        n, p, delta, psi = (
            self.n.value,
            self.p.value,
            self.difference.value,
            self.discordant.value,
        )
        grid = self._grid()
        if p not in self._width_curves:  # the curve depends on p alone: moving n reuses it
            self._width_curves = {p: [expected_interval_width(p, int(m)) for m in grid]}
        widths = self._width_curves[p]
        powers = [mcnemar_power(int(m), difference=delta, discordant=psi) for m in grid]
        top = math.ceil(max(widths) * 10) / 10 + 0.1  # room for the legend above the curve
        right = self._max_n * 1.06  # room for the last tick's label
        width_plot = svg_plot(
            [
                Line(grid, widths, say(_TEXT, "width"), LINE_COLOURS[0]),
                Line([0, right], [delta, delta], say(_TEXT, "delta"), "#444", "--"),
            ],
            x_range=(0, right),
            y_range=(0, top),
            width=540,
            height=250,
            title=say(_TEXT, "width_title"),
            xlabel=say(_TEXT, "test_size"),
            marker=n,
            legend="upper left",
            x_integer=True,
        )
        points = []
        if self._simulation is not None:
            points = [
                Points(
                    [self._simulation[2]],
                    [self._simulation[0]],
                    say(_TEXT, "simulated"),
                    VERDICT_COLOURS["bad"],
                    radius=6,
                )
            ]
        power_plot = svg_plot(
            [
                Line(grid, powers, say(_TEXT, "power"), LINE_COLOURS[1]),
                Line([0, right], [0.8, 0.8], say(_TEXT, "target"), "#444", "--"),
            ],
            x_range=(0, right),
            y_range=(0, 1),
            width=540,
            height=250,
            title=say(_TEXT, "power_title"),
            xlabel=say(_TEXT, "test_size"),
            marker=n,
            legend="lower left" if self._power > 0.5 else "upper left",
            points=points,
            x_integer=True,
        )
        self._plots.value = f'<div style="display:flex;gap:8px">{width_plot}{power_plot}</div>'
        detectable = (
            say(_TEXT, "none") if math.isnan(self._detectable) else number(self._detectable, 4)
        )
        rows = [
            [say(_TEXT, "row_width"), Cell(number(self._width, 4), align="right")],
            [say(_TEXT, "row_power"), Cell(percent(self._power), align="right")],
            [say(_TEXT, "row_needed"), Cell(str(self._needed), align="right")],
            [say(_TEXT, "row_detectable"), Cell(detectable, align="right")],
        ]
        if self._simulation is None:
            note = say(_TEXT, "press")
        else:
            note = say(
                _TEXT,
                "simulation",
                n_trials=self._trials,
                n=self._simulation[2],
                seed=self._seed,
                share=percent(self._simulation[0]),
                power=percent(self._simulation[1]),
            )
        self._table.value = html_table(rows, header=say(_TEXT, "header")) + (
            f"<p>{html.escape(note)}</p>"
        )
