"""Explorer: how often does each interval contain the true accuracy?

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (predicting performance), and Brown,
Cai & DasGupta (2001): three ways to put an interval around an accuracy measured on n test
instances. Two sliders set the test-set size n and the model's true accuracy p; the explorer
simulates many test sets (with a fixed seed), computes each method's interval for every
measured accuracy and shows the share that contains p, the coverage, next to the confidence
asked for. The normal approximation (Wald) covers less than promised when n is small or p is
near 1, which is why Brown, Cai & DasGupta recommend the Wilson interval instead.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from evalbook._core.checks import check_confidence, check_probability, check_whole_number
from evalbook._core.messages import N_
from evalbook._core.render import VERDICT_COLOURS, Cell, html_table, number, percent, say
from evalbook.inference._intervals import interval_coverage
from evalbook.widgets._base import Explorer

#: The methods compared, in display order, with their names (message ids).
METHODS = {
    "wilson": N_("Wilson"),
    "normal": N_("normal approximation (Wald)"),
    "exact": N_("exact (Clopper–Pearson)"),
}
_TEXT = {
    "p": N_("true p"),
    "confidence": N_("confidence"),
    "header": (N_("interval"), N_("coverage"), ""),
    "hold": N_("hold"),
    "fail": N_("do not hold"),
    "note": N_(
        "n = {n}, n·p·(1 − p) = {c}: the conditions of the normal approximation (n ≥ 30 "
        "and n·p·(1 − p) ≥ 5) {verdict}."
    ),
    "intro": N_("{n_trials} simulated test sets (seed {seed}); coverage asked for: {level}."),
}

#: The confidence levels offered by the dropdown.
CONFIDENCE_LEVELS = (0.80, 0.90, 0.95, 0.99)


class CoverageExplorer(Explorer):
    """Sliders for n and the true accuracy p; the simulated coverage of each interval.

    The Wilson and the normal-approximation (Wald) intervals, and the exact
    (Clopper–Pearson) interval (Brown, Cai & DasGupta 2001), computed by
    :func:`~evalbook.interval_coverage`. For the current n, p and confidence, ``n_trials``
    test sets are simulated with ``seed`` (the same hit counts for every method, so the
    methods are compared on the same samples), and :attr:`coverage` is the share of
    intervals containing p.

    Parameters
    ----------
    n : int, default 50
        Initial test-set size, from 5 to ``max_n``.
    p : float, default 0.9
        Initial true accuracy, from 0.01 to 0.99.
    confidence : float, default 0.90
        Initial confidence, one of 0.80, 0.90, 0.95 and 0.99 (the dropdown's options).
    n_trials : int, default 4000
        Simulated test sets per setting.
    seed : int, default 0
        Seed of the simulation.
    max_n : int, default 500
        Upper end of the n slider.

    Attributes
    ----------
    n : ipywidgets.IntSlider
    p : ipywidgets.FloatSlider
    confidence : ipywidgets.Dropdown
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = CoverageExplorer(n=30, p=0.85)
    >>> explorer
    CoverageExplorer(n=30, p=0.85, confidence=0.9)
    >>> explorer.coverage
    {'wilson': 0.8845, 'normal': 0.816, 'exact': 0.922}
    >>> explorer.n.value = 200
    >>> explorer.coverage["normal"] > 0.85
    True
    """

    @classmethod
    def example(cls) -> CoverageExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(n=50, p=0.9)

    def __init__(self, n=50, p=0.9, *, confidence=0.90, n_trials=4000, seed=0, max_n=500) -> None:
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
        self._trials = check_whole_number(n_trials, "n_trials", minimum=1)
        self._seed = check_whole_number(seed, "seed", minimum=0)

        controls = {
            "n": widgets.IntSlider(
                value=n, min=5, max=max_n, description="n", continuous_update=False
            ),
            "p": widgets.FloatSlider(
                value=p,
                min=0.01,
                max=0.99,
                step=0.01,
                description=say(_TEXT, "p"),
                readout_format=".2f",
                continuous_update=False,
            ),
            "confidence": widgets.Dropdown(
                options=[(f"{100 * c:g}%", c) for c in CONFIDENCE_LEVELS],
                value=min(CONFIDENCE_LEVELS, key=lambda c: abs(c - confidence)),
                description=say(_TEXT, "confidence"),
            ),
        }
        self._view = widgets.HTML()
        self._coverage: dict[str, float] = {}
        layout = widgets.VBox([widgets.HBox(list(controls.values())), self._view])
        self._setup(controls, [self._view], layout)

    # ------------------------------------------------------------------ read-only state

    @property
    def coverage(self) -> dict[str, float]:
        """Simulated coverage of each method for the current n, p and confidence."""
        return dict(self._coverage)

    @property
    def condition(self) -> float:
        """n·p·(1 − p), which the usual rule wants ≥ 5 (with n ≥ 30) for the normal one."""
        return self.n.value * self.p.value * (1 - self.p.value)

    # ------------------------------------------------------------------ internals
    def _refresh(self, change=None) -> None:
        n, p, confidence = self.n.value, self.p.value, self.confidence.value
        self._coverage = {
            method: interval_coverage(
                p, n, confidence=confidence, method=method, n_trials=self._trials, seed=self._seed
            )
            for method in METHODS
        }
        rows = []
        for method in METHODS:
            value = self._coverage[method]
            colour = VERDICT_COLOURS["good" if value >= confidence - 0.01 else "bad"]
            bar = f'<div style="background:{colour};height:10px;width:{200 * value:.0f}px"></div>'
            rows.append(
                [say(METHODS, method), Cell(percent(value), align="right"), Cell(bar, raw=True)]
            )
        ok = n >= 30 and self.condition >= 5
        note = say(
            _TEXT,
            "note",
            n=n,
            c=number(self.condition, 2),
            verdict=say(_TEXT, "hold" if ok else "fail"),
        )
        intro = say(
            _TEXT, "intro", n_trials=self._trials, seed=self._seed, level=percent(confidence, 0)
        )
        self._view.value = (
            f"<p>{html.escape(intro)}</p>"
            + html_table(rows, header=say(_TEXT, "header"))
            + f"<p>{html.escape(note)}</p>"
        )
