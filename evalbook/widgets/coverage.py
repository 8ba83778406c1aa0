"""Explorer: where the easy intervals for an accuracy fail, and why.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (predicting performance), and Brown,
Cai & DasGupta (2001): four ways to put an interval around an accuracy measured on n test
instances (Wilson, the normal approximation of Wald, the exact Clopper–Pearson interval
and the percentile bootstrap). For a test-set size n and a confidence, the explorer draws

- each method's **exact coverage** as a curve over the true accuracy p: for each p, the sum
  of the binomial probabilities of the hit counts whose interval contains p
  (:func:`exact_coverage`; no simulation), with a line at the confidence asked for and a dot
  at the current p on every curve;
- the four **intervals themselves** for a chosen hit count: Wald's runs past 1 (6 hits of
  8 at 95%: PyCM's README prints (0.44994, 1.05006)) and collapses to width 0 at 0 hits;
- 40 **simulated test sets** of the chosen method (a fixed seed), the intervals that miss
  p highlighted.

The normal approximation covers less than promised when n is small or p is near 0 or 1,
which is why Brown, Cai & DasGupta recommend the Wilson interval instead: Wilson's
coverage oscillates around the promised level (below it at some p, above at others),
Clopper–Pearson's never falls below it.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import (
    as_rng,
    check_choice,
    check_confidence,
    check_flag,
    check_probability,
    check_size,
    check_whole_number,
)
from evalbook._core.messages import N_
from evalbook._core.render import (
    MARK_COLOUR,
    REFERENCE_COLOUR,
    VERDICT_COLOURS,
    Cell,
    html_table,
    number,
    say,
)
from evalbook._core.stats import clopper_pearson_bounds
from evalbook._core.svg import (
    FONT_SIZES,
    LINE_COLOURS,
    LINE_WIDTH,
    MARK_RADIUS,
    Line,
    Points,
    Segments,
    svg_plot,
)
from evalbook.inference import Interval, z_value
from evalbook.widgets._base import Explorer, fold, headline_html
from evalbook.widgets._canvas import DragCanvas

__all__ = ["CONFIDENCE_LEVELS", "METHODS", "CoverageExplorer", "exact_coverage", "hit_bounds"]

#: The methods compared, in display order, with their names (message ids).
METHODS = {
    "wilson": N_("Wilson"),
    "normal": N_("normal approximation (Wald)"),
    "exact": N_("exact (Clopper–Pearson)"),
    "bootstrap": N_("percentile bootstrap"),
}
#: Their short names, on the plots.
_SHORT = {
    "wilson": N_("Wilson"),
    "normal": N_("Wald"),
    "exact": N_("Clopper–Pearson"),
    "bootstrap": N_("bootstrap"),
}
_COLOURS = dict(zip(METHODS, LINE_COLOURS, strict=True))
_DASH = {"wilson": "-", "normal": "--", "exact": ":", "bootstrap": "-"}
_TEXT = {
    "p": N_("true p"),
    "confidence": N_("confidence"),
    "hits": N_("hits"),
    "method": N_("draws of"),
    "guess": N_("your guess"),
    "hidden": N_("How often does Wald's interval contain p at this n and p?"),
    "click": N_("coverage over p: click to set p"),
    "guessed": N_("your guess {guess}: Wald's coverage at n = {n}, p = {p} is {truth}"),
    "curve_x": N_("true accuracy p"),
    "curve_y": N_("coverage (n = {n})"),
    "intervals": N_("n = {n}, {hits} hits: {accuracy}"),
    "width_0": N_("width 0"),
    "sample": N_("{shown} test sets ({method}): {misses} miss p"),
    "sample_y": N_("interval"),
    "sample_x": N_("test set"),
    "header": (
        N_("interval"),
        N_("exact coverage at p"),
        N_("simulated"),
        N_("mean over p"),
        N_("lowest over p"),
    ),
    "hold": N_("hold"),
    "fail": N_("do not hold"),
    "note": N_(
        "n = {n}, n·p·(1 − p) = {c}: the conditions of the normal approximation (n ≥ 30 "
        "and n·p·(1 − p) ≥ 5) {verdict}."
    ),
    "intro": N_(
        "Simulated: {n_trials} test sets (seed {seed}). Mean and lowest over p: on a grid "
        "of p from 0.0025 to 0.9975. A coverage below 0.5 is drawn on the plot's bottom edge."
    ),
}

#: The confidence levels offered by the dropdown.
CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)
#: The p of the coverage curves: 399 points, finer than the steps of the curves at n ≤ 500
#: matter to the eye (the exact value at the current p is computed at p itself).
_GRID = np.round(np.arange(1, 400) * 0.0025, 4)
_SHOWN = 40  # simulated test sets drawn
_FLOOR = 0.5  # lower end of the coverage axis
_SIZES = {"curve": (500, 296), "intervals": (310, 296), "sample": (280, 296)}
_THIN = 1.5  # the width of the other methods' curves and of the reference line, in pixels


def hit_bounds(n, *, confidence=0.95, method="wilson"):
    """The ``method`` interval of every hit count 0, 1, …, n of n test instances.

    ``"wilson"``, ``"normal"`` (Wald, not clipped to [0, 1]) and ``"exact"``
    (Clopper–Pearson) are :func:`evalbook.accuracy_interval`'s. ``"bootstrap"`` is the
    percentile bootstrap of the accuracy with infinitely many resamples: a resample of k
    hits in n is Binomial(n, k/n), so its interval is that distribution's α/2 and 1 − α/2
    quantiles over n (what :func:`evalbook.bootstrap_interval` of the accuracy approaches
    as its resamples grow; no random draws, so the coverage below is exact too).

    Parameters
    ----------
    n : int
        Test instances, at least 1.
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact", "bootstrap"}, default "wilson"

    Returns
    -------
    lower, upper : numpy.ndarray
        Arrays of n + 1 bounds, one per hit count.

    Examples
    --------
    >>> lower, upper = hit_bounds(8, confidence=0.95, method="normal")
    >>> round(float(lower[6]), 3), round(float(upper[6]), 3)
    (0.45, 1.05)
    >>> lower, upper = hit_bounds(8, confidence=0.95, method="bootstrap")
    >>> float(lower[0]), float(upper[0]), float(lower[6]), float(upper[6])
    (0.0, 0.0, 0.375, 1.0)
    """
    n = check_whole_number(n, "n", minimum=1)
    confidence = check_confidence(confidence)
    check_choice(method, "method", tuple(METHODS))
    return _hit_bounds(n, confidence, method)


def _hit_bounds(n: int, confidence: float, method: str):
    from scipy import stats

    hits = np.arange(n + 1)
    if method == "exact":
        lower, upper = clopper_pearson_bounds(hits, n, confidence)
        return np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    if method in ("wilson", "normal"):  # accuracy_interval's formulas, for every count at once
        z, p = z_value(confidence), hits / n
        if method == "normal":
            half = z * np.sqrt(p * (1 - p) / n)
            return p - half, p + half
        centre = p + z**2 / (2 * n)
        spread = z * np.sqrt(p / n - p**2 / n + z**2 / (4 * n**2))
        denominator = 1 + z**2 / n
        lower = np.where(p == 0, 0.0, np.clip((centre - spread) / denominator, 0.0, 1.0))
        upper = np.where(p == 1, 1.0, np.clip((centre + spread) / denominator, 0.0, 1.0))
        return lower, upper

    alpha = 1.0 - confidence
    share = hits / n
    return stats.binom.ppf(alpha / 2, n, share) / n, stats.binom.ppf(1 - alpha / 2, n, share) / n


def _coverage(bounds, n: int, p) -> np.ndarray:
    """Exact coverage at each of ``p`` of the intervals ``bounds`` (one per hit count)."""
    from scipy import stats

    lower, upper = bounds
    p = np.atleast_1d(np.asarray(p, dtype=float))
    # The hit counts whose interval contains p form a run first..last, so their binomial
    # probabilities sum to F(last) − F(first − 1). The counts with lower ≤ p are a prefix
    # 0..last and those with upper ≥ p a suffix first..n: for Wilson, Clopper–Pearson and
    # the bootstrap the bounds rise with the hits; Wald's do not everywhere, but its
    # interval contains p where (k/n − p)² · n ≤ z² · k/n · (1 − k/n), a quadratic in k/n
    # with a positive leading term, ≤ 0 on one interval. A prefix is where the running
    # maximum of the lower bounds is ≤ p (a suffix, the running minimum from the right
    # of the upper ones ≥ p), which sorted arrays find by bisection.
    rising_lower = np.maximum.accumulate(lower)
    rising_upper = np.minimum.accumulate(upper[::-1])[::-1]
    last = np.searchsorted(rising_lower, p, side="right") - 1
    first = np.searchsorted(rising_upper, p, side="left")
    coverage = stats.binom.cdf(last, n, p) - stats.binom.cdf(first - 1, n, p)
    return np.clip(np.where(first <= last, coverage, 0.0), 0.0, 1.0)


def exact_coverage(p, n, *, confidence=0.95, method="wilson"):
    """The exact coverage of an interval for an accuracy: a binomial sum, no simulation.

    For a model whose true accuracy is ``p`` tested on ``n`` instances, the hits k follow
    Binomial(n, p); the coverage is the sum of the binomial probabilities of the hit counts
    whose ``method`` interval (:func:`hit_bounds`) contains p. What
    :func:`evalbook.interval_coverage` estimates by simulation, without its Monte Carlo
    error (Brown, Cai & DasGupta 2001 plot it against p and n).

    Parameters
    ----------
    p : float or array-like of float
        True accuracies, in [0, 1].
    n : int
        Test instances, at least 1.
    confidence : float, default 0.95
    method : {"wilson", "normal", "exact", "bootstrap"}, default "wilson"

    Returns
    -------
    float or numpy.ndarray
        The coverage at each p (a float for a single p).

    References
    ----------
    L. D. Brown, T. T. Cai and A. DasGupta, "Interval estimation for a binomial
    proportion", Statistical Science 16(2):101-133, 2001 (Example 1 and Table 1: the Wald
    interval at p = 0.005 covers 0.945 at n = 591 and 0.792 at n = 592; Example 3: at
    p = 0.5 it covers 0.919 at n = 40).

    Examples
    --------
    >>> round(exact_coverage(0.005, 592, method="normal"), 3)
    0.792
    >>> round(exact_coverage(0.5, 40, method="normal"), 3)
    0.919
    >>> round(exact_coverage(0.85, 30, confidence=0.90, method="wilson"), 4)
    0.8822
    """
    n = check_whole_number(n, "n", minimum=1)
    confidence = check_confidence(confidence)
    check_choice(method, "method", tuple(METHODS))
    values = np.asarray(p, dtype=float)
    if values.size == 0 or not np.all((values >= 0) & (values <= 1)):
        raise ValueError(f"p must hold probabilities in [0, 1]; got {p!r}")
    coverage = _coverage(_hit_bounds(n, confidence, method), n, values.ravel())
    return float(coverage[0]) if values.ndim == 0 else coverage.reshape(values.shape)


class CoverageExplorer(Explorer):
    """The exact coverage of four intervals over p, the intervals of a hit count, the misses.

    Sliders set the test-set size ``n``, the true accuracy ``p`` and a hit count ``hits``
    (0 to n); a click on the coverage plot sets p too (the drag/click
    view ``DragCanvas``); a menu sets the confidence and another
    the ``method`` whose simulated intervals are drawn (and whose coverage curve is drawn
    thick). The views:

    - the **exact coverage** of Wilson, Wald, Clopper–Pearson and the percentile bootstrap
      over p (:func:`exact_coverage`), a dashed line at the confidence asked for, the
      current p marked by a line and a dot on every curve;
    - the four **intervals of** ``hits`` **hits** in n (:func:`hit_bounds`), the regions
      below 0 and above 1 shaded;
    - 40 of ``n_trials`` **simulated test sets** of the chosen method (hits ~
      Binomial(n, p), seeded with ``seed``, the same counts for every method), the
      intervals that contain p in grey, those that miss it highlighted (the "bad" verdict
      colour, a triangle);
    - the four exact coverages at the current p (the headline), and in a fold the
      simulated share, each method's mean and lowest coverage over p and the conditions of
      the normal approximation.

    With ``guess_first`` the coverage is hidden until the student moves ``guess`` to the
    coverage they expect of Wald's interval at the current n and p and locks it in
    (:meth:`commit_guess`, the "lock in my guess" button); the guess then stays locked and
    shown against the truth.

    Parameters
    ----------
    n : int, default 50
        Initial test-set size, from 5 to ``max_n``.
    p : float, default 0.9
        Initial true accuracy, from 0.01 to 0.99.
    confidence : float, default 0.90
        One of 0.80, 0.90, 0.95 and 0.99 (the menu's options).
    hits : int, optional
        Initial hit count, from 0 to n (default: the nearest to p·n). Moving n keeps the
        share of hits.
    method : {"wilson", "normal", "exact", "bootstrap"}, default "normal"
        Whose simulated intervals are drawn.
    guess_first : bool, default False
        Hide the coverage until a guess is locked in.
    n_trials : int, default 4000
        Simulated test sets per setting (:attr:`simulated_coverage`).
    seed : int, default 0
        Seed of the simulation.
    max_n : int, default 500
        Upper end of the n slider.

    Attributes
    ----------
    n, hits : ipywidgets.IntSlider
    p : ipywidgets.FloatSlider
    confidence, method : ipywidgets.Dropdown
    guess : ipywidgets.FloatSlider
        Only with ``guess_first``.
    curve_view : DragCanvas
        The coverage plot; a click sets p.
    numbers_view, intervals_view, sample_view, details_view : ipywidgets.HTML
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = CoverageExplorer(n=30, p=0.85)
    >>> explorer
    CoverageExplorer(n=30, p=0.85, confidence=0.9, hits=26)
    >>> {m: round(c, 3) for m, c in explorer.coverage.items()}
    {'wilson': 0.882, 'normal': 0.821, 'exact': 0.924, 'bootstrap': 0.821}
    >>> explorer.n.value, explorer.hits.value = 8, 6
    >>> explorer.confidence.value = 0.95
    >>> [round(b, 5) for b in explorer.intervals["normal"]]
    [0.44994, 1.05006]
    >>> explorer.hits.value = 0
    >>> tuple(explorer.intervals["normal"])
    (0.0, 0.0)
    >>> explorer.curve_view.x = 0.5  # a click on the coverage plot
    >>> explorer.p.value
    0.5
    """

    @classmethod
    def example(cls) -> CoverageExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(n=50, p=0.9)

    def __init__(
        self,
        n=50,
        p=0.9,
        *,
        confidence=0.90,
        hits=None,
        method="normal",
        guess_first=False,
        n_trials=4000,
        seed=0,
        max_n=500,
    ) -> None:
        max_n = check_whole_number(max_n, "max_n", minimum=5)
        n = check_whole_number(n, "n", minimum=5)
        if n > max_n:
            raise ValueError(f"n={n} is larger than max_n={max_n}; pass max_n={n} or more")
        p = check_probability(p, "p")
        if not 0.01 <= p <= 0.99:
            raise ValueError(f"p must be between 0.01 and 0.99 (the slider's range); got {p}")
        confidence = check_confidence(confidence)
        if not any(abs(confidence - level) < 1e-9 for level in CONFIDENCE_LEVELS):
            raise ValueError(
                f"confidence must be one of {', '.join(map(str, CONFIDENCE_LEVELS))}; "
                f"got {confidence}"
            )
        if hits is None:
            hits = round(p * n)
        hits = check_whole_number(hits, "hits", minimum=0)
        if hits > n:
            raise ValueError(f"hits must be at most n={n}; got {hits}")
        check_choice(method, "method", tuple(METHODS))
        guess_first = check_flag(guess_first, "guess_first")
        self._trials = check_whole_number(n_trials, "n_trials", minimum=1)
        check_size("CoverageExplorer", n_trials=self._trials)
        self._seed = check_whole_number(seed, "seed", minimum=0)
        self._cache: dict = {}  # (n, confidence) -> (bounds by method, curve by method)
        self._committed: tuple | None = None  # (n, p, confidence) when the guess was locked

        wide = {"description_width": "90px"}
        controls = {
            "n": widgets.IntSlider(
                value=n, min=5, max=max_n, description="n", style=wide, continuous_update=True
            ),
            "p": widgets.FloatSlider(
                value=p,
                min=0.01,
                max=0.99,
                step=0.01,
                description=say(_TEXT, "p"),
                readout_format=".2f",
                style=wide,
                continuous_update=True,
            ),
            "confidence": widgets.Dropdown(
                options=[(f"{100 * c:g}%", c) for c in CONFIDENCE_LEVELS],
                value=min(CONFIDENCE_LEVELS, key=lambda c: abs(c - confidence)),
                description=say(_TEXT, "confidence"),
                style=wide,
                layout=widgets.Layout(width="220px"),
            ),
            "hits": widgets.IntSlider(
                value=hits,
                min=0,
                max=n,
                description=say(_TEXT, "hits"),
                style=wide,
                continuous_update=True,
            ),
            "method": widgets.Dropdown(
                options=[(say(_SHORT, m), m) for m in METHODS],
                value=method,
                description=say(_TEXT, "method"),
                style=wide,
                layout=widgets.Layout(width="280px"),
            ),
        }
        if guess_first:
            controls["guess"] = widgets.FloatSlider(
                value=confidence,
                min=0.0,
                max=1.0,
                step=0.01,
                description=say(_TEXT, "guess"),
                readout_format=".2f",
                style=wide,
                continuous_update=True,
            )
        guess_row = self._guess_first_box("guess", guess_first)
        self.numbers_view = widgets.HTML()
        width, height = _SIZES["curve"]
        self.curve_view = DragCanvas(
            mode="click-x",
            width=width,
            height=height,
            x_step=0.01,
            x_min=0.01,
            x_max=0.99,
            label=say(_TEXT, "click"),
        )
        self.intervals_view = widgets.HTML()
        self.sample_view = widgets.HTML()
        self.details_view = widgets.HTML()
        rows = [
            widgets.HBox([controls["n"], controls["p"], controls["confidence"]]),
            widgets.HBox([controls["hits"], controls["method"]]),
        ]
        if guess_first:
            rows.append(widgets.HBox([controls["guess"], guess_row]))
        layout = widgets.VBox(
            [
                *rows,
                self.numbers_view,
                widgets.HBox([self.curve_view, self.intervals_view, self.sample_view]),
                fold([self.details_view]),
            ]
        )
        views = [
            self.numbers_view,
            self.curve_view,
            self.intervals_view,
            self.sample_view,
            self.details_view,
        ]
        self._n_seen = n
        self._setup(controls, views, layout)
        self.curve_view.link(self.p, to_control=_p_of_click)

    # ------------------------------------------------------------------ read-only state
    @property
    def coverage(self) -> dict[str, float]:
        """Exact coverage of each method at the current n, p and confidence."""
        return dict(self._state["coverage"])

    @property
    def simulated_coverage(self) -> dict[str, float]:
        """Share of the ``n_trials`` simulated test sets whose interval contains p.

        For Wilson, Wald and Clopper–Pearson, the numbers of
        :func:`evalbook.interval_coverage` with the same ``n_trials`` and ``seed``.
        """
        return dict(self._state["simulated"])

    @property
    def curve(self):
        """Exact coverage of each method (columns) over a grid of p (the index)."""
        import pandas as pd

        curves = self._curves()[1]
        return pd.DataFrame(curves, index=pd.Index(_GRID, name="p"))

    @property
    def intervals(self) -> dict:
        """Each method's interval for ``hits`` hits in n (:class:`~evalbook.Interval`)."""
        return dict(self._state["intervals"])

    @property
    def sample(self):
        """The drawn simulated test sets of the chosen method: hits, bounds, covers p."""
        import pandas as pd

        return pd.DataFrame(self._state["sample"])

    @property
    def condition(self) -> float:
        """n·p·(1 − p), which the usual rule wants ≥ 5 (with n ≥ 30) for the normal one."""
        return self.n.value * self.p.value * (1 - self.p.value)

    # ------------------------------------------------------------------ internals
    def _repr_fields(self) -> dict:
        return {
            "n": self.n.value,
            "p": self.p.value,
            "confidence": self.confidence.value,
            "hits": self.hits.value,
        }

    def _check_control(self, name: str, value) -> str | None:
        if name == "hits" and not self._restoring and value > self.n.value:
            return f"must be at most n={self.n.value}"
        if name == "guess" and self.committed_guess is not None:
            return "is locked in: the guess stays shown against the truth"
        return None

    def _curves(self):
        key = (self.n.value, self.confidence.value)
        if key not in self._cache:
            n, confidence = key
            bounds = {m: _hit_bounds(n, confidence, m) for m in METHODS}
            curves = {m: _coverage(bounds[m], n, _GRID) for m in METHODS}
            if len(self._cache) >= 64:
                self._cache.clear()
            self._cache[key] = (bounds, curves)
        return self._cache[key]

    def _follow_n(self, change) -> None:
        """Keep the share of hits when n moves, within the hits slider's new range."""
        if change is None or change.get("owner") is not self.n:
            return
        old, new = self._n_seen, self.n.value
        self._n_seen = new
        hits = self.hits
        value = min(new, round(hits.value * new / old))
        self._restoring = True
        try:
            if new >= hits.max:
                hits.max = new
                hits.value = value
            else:
                hits.value = value
                hits.max = new
        finally:
            self._restoring = False

    def _refresh(self, change=None) -> None:
        self._follow_n(change)
        if self.committed_guess is not None and self._committed is None:
            self._committed = (self.n.value, self.p.value, self.confidence.value)
            self.guess.disabled = True
        n, p = self.n.value, self.p.value
        hits, method = self.hits.value, self.method.value
        bounds, curves = self._curves()
        draws = as_rng(self._seed).binomial(n, p, size=self._trials)  # as interval_coverage
        state = {"coverage": {}, "simulated": {}, "intervals": {}}
        for m in METHODS:
            lower, upper = bounds[m]
            state["coverage"][m] = float(_coverage(bounds[m], n, [p])[0])
            covers = (lower <= p) & (p <= upper)
            state["simulated"][m] = float(np.count_nonzero(covers[draws]) / self._trials)
            state["intervals"][m] = Interval(float(lower[hits]), float(upper[hits]))
        shown = draws[:_SHOWN]
        lower, upper = bounds[method]
        state["sample"] = {
            "hits": shown,
            "lower": lower[shown],
            "upper": upper[shown],
            "covers": (lower[shown] <= p) & (p <= upper[shown]),
        }
        self._state = state
        self.numbers_view.value = self._numbers_html()
        self.curve_view.svg = self._curve_svg(curves)
        self.intervals_view.value = self._intervals_svg()
        self.sample_view.value = self._sample_svg()
        self.details_view.value = self._details_html(curves)

    # ------------------------------------------------------------------ drawing
    def _numbers_html(self) -> str:
        if not self.answer_shown:
            return f"<p><b>{html.escape(say(_TEXT, 'hidden'))}</b></p>"
        text = headline_html(
            [(say(_SHORT, m), self._state["coverage"][m]) for m in METHODS], digits=3
        )
        if self._committed is not None:
            n, p, confidence = self._committed
            truth = exact_coverage(p, n, confidence=confidence, method="normal")
            guessed = say(
                _TEXT,
                "guessed",
                guess=number(self.committed_guess, 2),
                n=n,
                p=number(p, 2),
                truth=number(truth, 3),
            )
            text += f"<p>{html.escape(guessed)}</p>"
        return text

    def _curve_svg(self, curves) -> str:
        width, height = _SIZES["curve"]
        p, confidence = self.p.value, self.confidence.value
        chosen = self.method.value
        lines, points = [], []
        if self.answer_shown:
            # every method in its colour and dash; the chosen one thick, and drawn again on top
            for m in (*METHODS, chosen):
                lines.append(
                    Line(
                        _GRID,
                        np.maximum(curves[m], _FLOOR),
                        colour=_COLOURS[m],
                        style=_DASH[m],
                        width=LINE_WIDTH if m == chosen else _THIN,
                    )
                )
            for m in METHODS:
                value = max(self._state["coverage"][m], _FLOOR)
                points.append(
                    Points([p], [value], colour=_COLOURS[m], radius=MARK_RADIUS, mark=True)
                )
        lines.append(  # the confidence asked for: the menu's current value, as p's line is p's
            Line(
                [0.0, 1.0],
                [confidence, confidence],
                colour=MARK_COLOUR,
                style="--",
                width=_THIN,
            )
        )
        if self.guess_first:
            guess = self.guess.value
            if self._committed is None or self._committed == (self.n.value, p, confidence):
                points.append(
                    Points(
                        [p],
                        [max(guess, _FLOOR)],
                        colour=MARK_COLOUR,
                        radius=MARK_RADIUS + 1,
                        shape="triangle",
                    )
                )
        return svg_plot(
            lines,
            points=points,
            x_range=(0.0, 1.0),
            y_range=(_FLOOR, 1.0),
            width=width,
            height=height,
            xlabel=say(_TEXT, "curve_x"),
            ylabel=say(_TEXT, "curve_y", n=self.n.value),
            marker=p,
            legend=None,
            footer=_key() if self.answer_shown else "",
            css_class="evalbook-coverage-curve",
        )

    def _intervals_svg(self) -> str:
        """The four intervals of ``hits`` hits in n, as rows; the region past [0, 1] shaded."""
        width, height = _SIZES["intervals"]
        n, hits, p = self.n.value, self.hits.value, self.p.value
        estimate = hits / n
        bounds = self._state["intervals"]
        low = min(0.0, *(b.lower for b in bounds.values()))
        high = max(1.0, *(b.upper for b in bounds.values()))
        span = high - low
        left, right, top = 12, 12, FONT_SIZES["title"] + 14
        plot = width - left - right

        def sx(v):
            return left + (v - low) / span * plot

        tick, title = FONT_SIZES["tick"], FONT_SIZES["title"]
        row = (height - top - tick - 14) / len(METHODS)
        bottom = top + row * len(METHODS)
        heading = say(_TEXT, "intervals", n=n, hits=hits, accuracy=number(estimate, 3))
        parts = [
            f'<svg class="evalbook-coverage-intervals" width="{width}" height="{height}" '
            f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">',
            f'<text x="{width / 2}" y="{title + 2}" font-size="{title}" font-weight="bold" '
            f'text-anchor="middle">{html.escape(heading)}</text>',
        ]
        for start, end in ((low, 0.0), (1.0, high)):  # accuracies that cannot be
            if end > start:
                parts.append(
                    f'<rect x="{sx(start):.1f}" y="{top}" width="{sx(end) - sx(start):.1f}" '
                    f'height="{bottom - top:.1f}" fill="{REFERENCE_COLOUR}" fill-opacity="0.25"/>'
                )
        for edge in (0.0, 1.0):
            parts.append(
                f'<line x1="{sx(edge):.1f}" y1="{top}" x2="{sx(edge):.1f}" y2="{bottom:.1f}" '
                f'stroke="{REFERENCE_COLOUR}" stroke-width="1"/>'
                f'<text x="{sx(edge):.1f}" y="{bottom + tick + 4:.1f}" font-size="{tick}" '
                f'text-anchor="middle">{number(edge, 0)}</text>'
            )
        parts.append(  # the true p: the current value of the p slider
            f'<line x1="{sx(p):.1f}" y1="{top}" x2="{sx(p):.1f}" y2="{bottom:.1f}" '
            f'stroke="{MARK_COLOUR}" stroke-width="{_THIN}" stroke-dasharray="6 3"/>'
            f'<text x="{sx(p):.1f}" y="{bottom + tick + 4:.1f}" font-size="{tick}" '
            f'text-anchor="middle">p</text>'
        )
        for k, m in enumerate(METHODS):
            lower, upper = bounds[m]
            y = top + row * k + tick + 4
            label = f"{say(_SHORT, m)} [{number(lower, 3)}, {number(upper, 3)}]"
            if upper == lower:
                label += f" ({say(_TEXT, 'width_0')})"
            parts.append(
                f'<text x="{left + 4}" y="{y:.1f}" font-size="{tick}">{html.escape(label)}</text>'
            )
            bar = y + 0.45 * (row - tick)
            parts.append(
                f'<line x1="{sx(lower):.1f}" y1="{bar:.1f}" x2="{sx(upper):.1f}" y2="{bar:.1f}" '
                f'stroke="{_COLOURS[m]}" stroke-width="6" stroke-linecap="round"/>'
                f'<circle cx="{sx(estimate):.1f}" cy="{bar:.1f}" r="{MARK_RADIUS}" '
                f'fill="{MARK_COLOUR}"/>'
            )
        parts.append("</svg>")
        return "".join(parts)

    def _sample_svg(self) -> str:
        width, height = _SIZES["sample"]
        method = self.method.value
        if not self.answer_shown:
            return (
                f'<svg class="evalbook-coverage-sample" width="{width}" height="{height}" '
                'xmlns="http://www.w3.org/2000/svg"></svg>'
            )
        sample, p = self._state["sample"], self.p.value
        x = np.arange(1, sample["hits"].size + 1)
        covers = sample["covers"]
        low = min(float(sample["lower"].min()), p)
        high = max(float(sample["upper"].max()), p)
        pad = max(0.05 * (high - low), 0.01)
        segments, points = [], []
        # the intervals that contain p in the neutral grey, the misses highlighted
        for hit, colour, shape in (
            (True, REFERENCE_COLOUR, "circle"),
            (False, VERDICT_COLOURS["bad"], "triangle"),
        ):
            chosen = covers == hit
            segments.append(
                Segments(
                    x[chosen],
                    sample["lower"][chosen],
                    sample["upper"][chosen],
                    colour=colour,
                    width=LINE_WIDTH,
                )
            )
            points.append(
                Points(
                    x[chosen],
                    sample["hits"][chosen] / self.n.value,
                    colour=colour,
                    radius=MARK_RADIUS,
                    shape=shape,
                )
            )
        title = say(
            _TEXT,
            "sample",
            shown=int(x.size),
            method=say(_SHORT, method),
            misses=int(np.count_nonzero(~covers)),
        )
        return svg_plot(
            [Line([0.5, x.size + 0.5], [p, p], colour=MARK_COLOUR, style="--", width=_THIN)],
            segments=segments,
            points=points,
            x_range=(0.5, x.size + 0.5),
            y_range=(low - pad, high + pad),
            width=width,
            height=height,
            title=title,
            xlabel=say(_TEXT, "sample_x"),
            x_integer=True,
            legend=None,
            css_class="evalbook-coverage-sample",
        )

    def _details_html(self, curves) -> str:
        if not self.answer_shown:
            return ""
        n = self.n.value
        rows = [
            [
                say(METHODS, m),
                Cell(number(self._state["coverage"][m], 3), align="right"),
                Cell(number(self._state["simulated"][m], 3), align="right"),
                Cell(number(float(np.mean(curves[m])), 3), align="right"),
                Cell(number(float(np.min(curves[m])), 3), align="right"),
            ]
            for m in METHODS
        ]
        ok = n >= 30 and self.condition >= 5
        note = say(
            _TEXT,
            "note",
            n=n,
            c=number(self.condition, 2),
            verdict=say(_TEXT, "hold" if ok else "fail"),
        )
        intro = say(_TEXT, "intro", n_trials=self._trials, seed=self._seed)
        return (
            html_table(rows, header=say(_TEXT, "header"))
            + f"<p>{html.escape(note)}</p><p>{html.escape(intro)}</p>"
        )


def _key() -> str:
    """The key under the coverage plot, off the data: each method's line and name."""
    size = FONT_SIZES["legend"]
    dashes = {"-": "", "--": ' stroke-dasharray="6 3"', ":": ' stroke-dasharray="2 3"'}
    parts, x = [], 0.0
    for m in METHODS:
        name = html.escape(say(_SHORT, m))
        parts.append(
            f'<line x1="{x:.0f}" y1="-5" x2="{x + 22:.0f}" y2="-5" stroke="{_COLOURS[m]}" '
            f'stroke-width="{LINE_WIDTH}"{dashes[_DASH[m]]}/>'
            f'<text x="{x + 26:.0f}" y="0" font-size="{size}">{name}</text>'
        )
        x += 26 + 0.6 * size * len(name) + 16
    return "".join(parts)


def _p_of_click(x: float) -> float:
    """The p slider's value for a click at ``x`` on the coverage plot: two decimals."""
    return round(min(max(float(x), 0.01), 0.99), 2)
