"""Explorer of the bootstrap's out-of-bag share: formula, simulation and e⁻¹ side by side.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (the 0.632 bootstrap): an instance misses
each of the N draws with probability 1 − 1/N, so it is out of bag (a test instance) with
probability (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368, and a sample holds a share 1 − (1 − 1/N)ᴺ ≈ 0.632 of
distinct instances. A slider sets N (live, while it is dragged), and so does a click or a
drag on the curve of the formula (:func:`evalbook.bootstrap_oob_probability`), drawn on a
logarithmic N axis with a mark at the current N (a
:class:`~evalbook.widgets._canvas.DragCanvas` mapping the pointer along the log axis, snapped
to whole N); the histogram of both shares over many simulated samples
(:func:`evalbook.bootstrap_oob_shares`) closing in on e⁻¹ and 1 − e⁻¹, and one sample drawn,
again on demand: how many instances it drew 0, 1, 2, 3 or more times (and, for small N,
each instance).
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import check_whole_number
from evalbook._core.messages import N_
from evalbook._core.render import (
    REFERENCE_COLOUR,
    ROLE_COLOURS,
    Cell,
    chips,
    html_table,
    number,
    say,
    side_by_side,
)
from evalbook._core.svg import LINE_WIDTH, MARK_RADIUS, Line, Points, Segments, svg_plot
from evalbook.model_selection._resampling import (
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
)
from evalbook.widgets._base import Explorer
from evalbook.widgets._canvas import DragCanvas

#: e⁻¹, the limit of (1 − 1/N)ᴺ.
E_INVERSE = math.exp(-1)
#: One sample is drawn instance by instance only up to this N (beyond, its tally).
MAX_SHOWN = 40
#: Bins of the histogram of the shares, over [0, 1].
BINS = 50
_TEXT = {
    "formula": N_("formula (1 − 1/N)ᴺ"),
    "simulation": N_("simulation ({n_resamples} samples)"),
    "limit": N_("limit e⁻¹"),
    "difference": N_("formula − e⁻¹"),
    "spread": N_("standard deviation between samples"),
    "more": N_("more numbers"),
    "caption": N_("out-of-bag share, N = {n}"),
    "draw": N_("draw again"),
    "left_out": N_("left out (test)"),
    "distinct": N_("distinct (training)"),
    "share_axis": N_("share of the N instances"),
    "samples_axis": N_("share of the samples"),
    "curve_title": N_("share as N grows"),
    "click": N_("Click or drag on the curve to choose N."),
    "histogram_title": N_("{n_resamples} samples of N = {n}"),
    "times": N_("times drawn"),
    "instances": N_("instances"),
    "sample": N_(
        "Sample {draw}: {n} draws with replacement; {oob} of {n} instances never drawn "
        "are left for testing."
    ),
}
#: At most this many draws (``max_n × n_resamples``) are simulated at a step of the slider:
#: two million draws take about 20 ms (``make bench``), so the slider stays fluid.
MAX_DRAWS = 2 * 10**6
_CURVE_PX = (330, 290)  # px: the curve's fixed size (the drag view reserves it)
_LINE, _DOT = LINE_WIDTH, MARK_RADIUS  # px: lines 3 px wide, dots 9 px across


class BootstrapExplorer(Explorer):
    """Slide N and compare (1 − 1/N)ᴺ, a simulation of it, and its limit e⁻¹.

    Witten et al. (2017), ch. 5 (the bootstrap). The simulation draws ``n_resamples``
    bootstrap samples of N instances (seeded, so the same N always shows the same numbers);
    a plot draws both shares (left out, and distinct instances drawn) against N on a
    logarithmic axis, with a dot at the current N, and a histogram shows how the samples'
    shares gather around e⁻¹ and 1 − e⁻¹ as N grows. One sample is shown; the button
    "draw again" (:meth:`draw_again`) draws another one.

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
        N, updated while it is dragged.
    curve_view : DragCanvas
        The curve on the log-N axis: a click or a drag on it sets ``n`` (whole numbers).
    button : ipywidgets.Button
        "draw again": press it (``button.click()``) or call :meth:`draw_again`.
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
    >>> explorer.draw_again()
    >>> explorer.draws, int(explorer.times_drawn.sum())
    (1, 1000)
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
        self._max_n = max_n
        self._draws = 0
        ns = np.unique(np.geomspace(1, max_n, 120).round().astype(int))
        self._curve = (ns, bootstrap_oob_probability(ns))  # the formula never changes
        self._numbers = widgets.HTML()
        self.curve_view = DragCanvas(
            mode="click-x",
            width=_CURVE_PX[0],
            height=_CURVE_PX[1],
            x_log=True,
            x_step=1.0,
            x_min=1.0,
            x_max=float(max_n),
            label=say(_TEXT, "click"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self._plots = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
        self._sample_view = widgets.HTML()
        # live: a step simulates at most MAX_DRAWS draws, within the slider's budget
        slider = widgets.IntSlider(
            value=n,
            min=1,
            max=max_n,
            description="N",
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        self.button = widgets.Button(
            description=say(_TEXT, "draw"),
            icon="refresh",
            layout=widgets.Layout(width="max-content"),  # the whole label, never cut
        )
        self.button.on_click(lambda _: self.draw_again())
        layout = widgets.VBox(
            [
                widgets.HBox([slider, self.button]),
                widgets.HBox([self._numbers, self.curve_view, self._plots]),
                self._sample_view,
            ]
        )
        views = [self._numbers, self.curve_view, self._plots, self._sample_view]
        self._setup({"n": slider}, views, layout)
        self.curve_view.link(self.n, to_control=lambda x: min(max(round(x), 1), max_n))

    # ------------------------------------------------------------------ actions
    def draw_again(self) -> None:
        """Draw another bootstrap sample of the current N (the simulation stays)."""
        self._draws += 1
        self._sample_view.value = self._sample_html()

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
    def draws(self) -> int:
        """How many times "draw again" was pressed (0: the first sample of ``seed``)."""
        return self._draws

    @property
    def sample(self) -> tuple[np.ndarray, np.ndarray]:
        """The bootstrap sample shown, of N instances: (training indices, out-of-bag indices).

        The first is ``bootstrap(N, seed=seed)``; each :meth:`draw_again` draws another.
        """
        n = self.n.value
        if self._draws == 0:
            return bootstrap(n, seed=self._seed)
        return bootstrap(n, seed=np.random.default_rng([self._seed, self._draws]))

    @property
    def times_drawn(self) -> np.ndarray:
        """How many times the sample shown drew each instance (N whole numbers, sum N)."""
        return np.bincount(self.sample[0], minlength=self.n.value)

    @property
    def histogram(self) -> tuple[np.ndarray, np.ndarray]:
        """The histogram of the simulated out-of-bag shares: (bin edges, share of samples).

        :data:`BINS` bins over [0, 1]; the distinct share of a sample is 1 − its out-of-bag
        share, so its histogram is this one mirrored.
        """
        counts, edges = np.histogram(self._shares, bins=BINS, range=(0.0, 1.0))
        return edges, counts / self._shares.size

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

    @property
    def html(self) -> str:
        """The HTML the explorer currently shows: the numbers, the curve (its static SVG)
        beside the histogram, and the sample."""
        plots = side_by_side(self.curve_view.html, self._plots.value, gap="0.5em")
        return self._numbers.value + plots + self._sample_view.value

    # ------------------------------------------------------------------ internals
    def _refresh(self, change=None) -> None:
        self._shares = bootstrap_oob_shares(
            self.n.value, n_resamples=self._repeats, seed=self._seed
        )
        self._numbers.value = self._table_html()
        self.curve_view.svg = self._curve_svg()
        self._plots.value = self._histogram_svg()
        self._sample_view.value = self._sample_html()

    def _table_html(self) -> str:
        # three headline numbers at 3 decimals; the rest behind a fold
        rows = [
            (say(_TEXT, "formula"), number(self.formula, 3)),
            (say(_TEXT, "simulation", n_resamples=self._repeats), number(self.simulated, 3)),
            (say(_TEXT, "limit"), number(self.limit, 3)),
        ]
        more = [
            (say(_TEXT, "spread"), number(self.simulated_std, 4)),
            (say(_TEXT, "difference"), number(self.formula - self.limit, 4, sign=True)),
        ]

        def table(items, caption=""):
            return html_table(
                [
                    [name, Cell(value, align="right", style="font-family:monospace")]
                    for name, value in items
                ],
                caption=caption,
            )

        return (
            table(rows, say(_TEXT, "caption", n=self.n.value))
            + f"<details><summary>{say(_TEXT, 'more')}</summary>{table(more)}</details>"
        )

    def _curve_svg(self) -> str:
        ns, oob = self._curve
        n, formula = self.n.value, self.formula
        test, train = ROLE_COLOURS["test"], ROLE_COLOURS["train"]
        return svg_plot(
            [
                Line(ns, oob, colour=test, width=_LINE),
                Line(ns, 1 - oob, colour=train, style="--", width=_LINE),
                Line(
                    [1, self._max_n],
                    [E_INVERSE] * 2,
                    colour=REFERENCE_COLOUR,
                    style=":",
                    width=_LINE,
                ),
                Line(
                    [1, self._max_n],
                    [1 - E_INVERSE] * 2,
                    colour=REFERENCE_COLOUR,
                    style=":",
                    width=_LINE,
                ),
            ],
            points=[
                Points([n], [formula], colour=test, radius=_DOT, mark=True),
                Points([n], [1 - formula], colour=train, radius=_DOT, shape="triangle", mark=True),
            ],
            x_range=(1, self._max_n),
            y_range=(0, 1),
            x_log=True,
            marker=n,
            width=_CURVE_PX[0],
            height=_CURVE_PX[1],
            title=say(_TEXT, "curve_title"),
            xlabel="N",
            ylabel=say(_TEXT, "share_axis"),
            legend=None,  # the key sits under the axis, off the data
            footer=self._key(),
        )

    def _histogram_svg(self) -> str:
        edges, heights = self.histogram
        centres = (edges[:-1] + edges[1:]) / 2
        top = max(float(heights.max()), 0.05) * 1.1
        keep = heights > 0
        bar = 300 / BINS * 0.8  # px: a bar fills most of its bin
        oob = self.sample[1].size / self.n.value
        test, train = ROLE_COLOURS["test"], ROLE_COLOURS["train"]
        return svg_plot(
            [
                Line([E_INVERSE] * 2, [0, top], colour=REFERENCE_COLOUR, style=":", width=_LINE),
                Line(
                    [1 - E_INVERSE] * 2, [0, top], colour=REFERENCE_COLOUR, style=":", width=_LINE
                ),
            ],
            segments=[
                Segments(
                    centres[keep], np.zeros(keep.sum()), heights[keep], colour=test, width=bar
                ),
                Segments(
                    1 - centres[keep], np.zeros(keep.sum()), heights[keep], colour=train, width=bar
                ),
            ],
            points=[
                Points([oob], [0], colour=test, radius=_DOT, mark=True),
                Points([1 - oob], [0], colour=train, radius=_DOT, shape="triangle", mark=True),
            ],
            x_range=(0, 1),
            y_range=(0, top),
            width=340,
            height=290,
            title=say(_TEXT, "histogram_title", n_resamples=self._repeats, n=self.n.value),
            xlabel=say(_TEXT, "share_axis"),
            ylabel=say(_TEXT, "samples_axis"),
            legend=None,
            footer=self._key(),
        )

    def _key(self) -> str:
        """The plots' key, under the x axis: each share's colour and mark."""
        test, train = ROLE_COLOURS["test"], ROLE_COLOURS["train"]
        return (
            f'<text font-size="14"><tspan fill="{test}" font-weight="bold">● ━</tspan> '
            f"{html.escape(say(_TEXT, 'left_out'))}  "
            f'<tspan fill="{train}" font-weight="bold">▲ ╍</tspan> '
            f"{html.escape(say(_TEXT, 'distinct'))}</text>"
        )

    def _sample_html(self) -> str:
        n = self.n.value
        times = self.times_drawn
        oob = int(np.count_nonzero(times == 0))
        text = f"<p>{say(_TEXT, 'sample', draw=self._draws + 1, n=n, oob=oob)}</p>"
        tally = np.bincount(np.minimum(times, 4), minlength=5)
        tally_table = html_table(
            [
                [say(_TEXT, "times"), *["0", "1", "2", "3", "4+"]],
                [
                    say(_TEXT, "instances"),
                    *[
                        Cell(
                            str(int(c)),
                            background=ROLE_COLOURS["test" if k == 0 else "train"],
                            align="right",
                        )
                        for k, c in enumerate(tally)
                    ],
                ],
            ]
        )
        if n > MAX_SHOWN:
            return text + tally_table
        drawn = chips(
            (
                (f"{i}<sub>×{t}</sub>", ROLE_COLOURS["test" if t == 0 else "train"])
                for i, t in enumerate(times)
            ),
            style="min-width:22px;text-align:center",
        )
        return text + side_by_side(tally_table, f"<p>{drawn}</p>", gap="1em")
