"""Explorer: the decision curves of one or two models, at a prevalence and over a range of p_t.

Vickers & Elkin (2006): a model is worth using at the threshold probabilities p_t where its
net benefit is above both treating everyone and treating no one. Slide the prevalence (the
same sensitivity and specificity at each threshold, in a clinic where the disease is more
or less common) and the range of p_t: the curves and the table below them move together.
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import check_open_fraction
from evalbook._core.messages import N_
from evalbook._core.render import REFERENCE_COLOUR, Cell, html_table, number, say, term
from evalbook._core.svg import LINE_COLOURS, Line, svg_plot
from evalbook.metrics._decision import (
    check_prevalence,
    checked_probabilities,
    counts_at,
    net_benefit_from_counts,
)
from evalbook.widgets._base import Explorer

_TEXT = {
    "prevalence": N_("prevalence π"),
    "min_threshold": N_("p_t from"),
    "max_threshold": N_("p_t up to"),
    "caption": N_(
        "Net benefit × 100 at π = {prevalence} (true positives per 100 instances, net of "
        "the weighed false positives)"
    ),
}
#: Points of the curves across the range of p_t shown.
_GRID = 60
#: Rows of the table: evenly spread thresholds of the range.
_ROWS = 5
_PLOT_PIXELS = (560, 330)


class DecisionCurveExplorer(Explorer):
    """Decision curves of one or two models against treat all / none, with their table.

    Vickers & Elkin (2006). Three sliders: the prevalence π where the model is used (the
    sample's by default; the sensitivity and specificity of each threshold are kept, as
    :func:`evalbook.decision_curve`'s ``prevalence=``), and the two ends of the range of
    threshold probabilities shown. The plot draws each model's net benefit with the two
    references; the table gives the values at five thresholds of the range and names the
    best strategy at each.

    Parameters
    ----------
    y_true : sequence of labels
    models : dict of str -> sequence of float
        One or two models: name → predicted probability of ``positive`` per instance.
    positive : label, optional
        The positive class (the event); without it, the rule of the positive class.

    Attributes
    ----------
    prevalence, min_threshold, max_threshold : ipywidgets.FloatSlider
    widget : ipywidgets.VBox

    Examples
    --------
    >>> y = [1, 0, 1, 0, 0, 1, 0, 0, 0, 0]
    >>> explorer = DecisionCurveExplorer(
    ...     y, {"a": [0.9, 0.6, 0.4, 0.3, 0.2, 0.15, 0.1, 0.1, 0.05, 0.05]}, positive=1
    ... )
    >>> explorer.prevalence.value
    0.3
    >>> explorer.min_threshold.value, explorer.max_threshold.value = 0.1, 0.5
    >>> explorer.table.round(4).to_dict("list")["a"]
    [0.2444, 0.125, 0.1143, 0.1333, 0.0]
    >>> explorer.prevalence.value = 0.1  # a clinic where the event is rarer
    >>> explorer.table.round(4).to_dict("list")["treat_all"]
    [0.0, -0.125, -0.2857, -0.5, -0.8]
    """

    @classmethod
    def example(cls) -> DecisionCurveExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        rng = np.random.default_rng(0)
        risk = rng.beta(1, 5, 400)
        y = (rng.uniform(size=400) < risk).astype(int)
        noisy = 1 / (1 + np.exp(-(np.log(risk / (1 - risk)) + rng.normal(0, 1, 400))))
        return cls(y, {"sharp": risk, "noisy": noisy}, positive=1)

    def __init__(self, y_true, models, *, positive=None):
        if not isinstance(models, dict) or not 1 <= len(models) <= 2:
            raise TypeError(
                "models must be a dict of one or two models, name -> probabilities; got "
                + (f"{len(models)} models" if isinstance(models, dict) else type(models).__name__)
            )
        self._models = {}
        for name, y_proba in models.items():
            if not isinstance(name, str):
                raise TypeError(f"models keys must be model names (str); got {name!r}")
            values, is_positive = checked_probabilities(y_true, y_proba, positive)
            self._models[name] = values
        self._is_positive = is_positive
        self._n_positive = int(np.count_nonzero(is_positive))
        self._n_negative = is_positive.size - self._n_positive
        own = self._n_positive / is_positive.size
        slider = {
            "step": 0.01,
            "continuous_update": True,
            "readout_format": ".2f",
            "style": {"description_width": "140px"},
            "layout": widgets.Layout(width="420px"),
        }
        controls = {
            "prevalence": widgets.FloatSlider(
                value=own, min=0.01, max=0.9, description=say(_TEXT, "prevalence"), **slider
            ),
            "min_threshold": widgets.FloatSlider(
                value=0.01, min=0.01, max=0.9, description=say(_TEXT, "min_threshold"), **slider
            ),
            "max_threshold": widgets.FloatSlider(
                value=0.5, min=0.1, max=0.99, description=say(_TEXT, "max_threshold"), **slider
            ),
        }
        self.plot_view = widgets.HTML()
        self._view = widgets.HTML()
        layout = widgets.VBox(
            [widgets.HBox(list(controls.values())[:1]), widgets.HBox(list(controls.values())[1:]),
             widgets.HBox([self.plot_view, self._view])]
        )  # fmt: skip
        self._setup(controls, [self.plot_view, self._view], layout)

    def _check_control(self, name: str, value):
        if name == "min_threshold" and self._controls and value >= self.max_threshold.value:
            return f"must be below max_threshold ({self.max_threshold.value})"
        if name == "max_threshold" and self._controls and value <= self.min_threshold.value:
            return f"must be above min_threshold ({self.min_threshold.value})"
        if name == "prevalence":
            try:
                check_prevalence(float(value))
            except (TypeError, ValueError):
                return "must be strictly between 0 and 1"
        return None

    # ------------------------------------------------------------------ read-only state
    def _curves_at(self, thresholds) -> dict:
        """name → net benefit at ``thresholds``, plus "treat_all" and "treat_none"."""
        prevalence = check_open_fraction(self.prevalence.value, "prevalence")
        values = {}
        for name, proba in self._models.items():
            tp, fp = counts_at(proba, self._is_positive, thresholds)
            values[name] = net_benefit_from_counts(
                tp, fp, self._n_positive, self._n_negative, thresholds, prevalence, False
            )
        odds = thresholds / (1 - thresholds)
        values["treat_all"] = prevalence - (1 - prevalence) * odds
        values["treat_none"] = np.zeros(thresholds.size)
        return values

    @property
    def thresholds(self) -> np.ndarray:
        """The thresholds of the curves drawn: the range of the sliders, evenly spread."""
        return np.linspace(self.min_threshold.value, self.max_threshold.value, _GRID)

    @property
    def curves(self) -> dict:
        """name → net benefit at :attr:`thresholds` (each model, "treat_all", "treat_none")."""
        return self._curves_at(self.thresholds)

    @property
    def table(self):
        """The net benefits at five thresholds of the range, and the best strategy at each."""
        from evalbook._core.tables import DisplayFrame  # shown in the display language

        thresholds = np.round(
            np.linspace(self.min_threshold.value, self.max_threshold.value, _ROWS), 4
        )
        values = self._curves_at(thresholds)
        frame = DisplayFrame({"threshold_probability": thresholds, **values})
        names = ["treat_none", "treat_all", *self._models]  # a tie goes to the simpler one
        frame["best_strategy"] = [names[int(np.argmax(row))] for row in frame[names].to_numpy()]
        return frame

    @property
    def useful(self) -> dict:
        """name → the share of the range's thresholds where the model beats both references."""
        values = self.curves
        reference = np.maximum(values["treat_all"], values["treat_none"])
        return {name: float(np.mean(values[name] > reference)) for name in self._models}

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {"models": list(self._models), **{n: c.value for n, c in self._controls.items()}}

    def _refresh(self, change=None) -> None:
        self.plot_view.value = self._plot_svg()
        table = self.table
        names = [*self._models, "treat_all", "treat_none"]
        header = [
            term("threshold_probability"),
            *(term(name) for name in names),
            term("best_strategy"),
        ]
        rows = [
            [
                Cell(number(row["threshold_probability"], 2), align="right"),
                *(Cell(number(100 * row[name], 1), align="right") for name in names),
                Cell(html.escape(term(row["best_strategy"]))),
            ]
            for _, row in table.iterrows()
        ]
        caption = say(_TEXT, "caption", prevalence=number(self.prevalence.value, 2))
        self._view.value = html_table(rows, header=header, caption=caption)

    def _plot_svg(self) -> str:
        x = self.thresholds
        values = self._curves_at(x)
        top = max(self.prevalence.value, *(float(np.max(values[n])) for n in self._models))
        low = -0.25 * top
        everyone = values["treat_all"]
        shown = everyone >= low  # treat all falls without bound: drawn down to the axis
        lines = [
            Line(x[shown], everyone[shown], term("treat_all"), REFERENCE_COLOUR, "--", 2),
            Line(x, values["treat_none"], term("treat_none"), REFERENCE_COLOUR, ":", 2),
        ]
        for colour, name in zip(LINE_COLOURS, self._models, strict=False):
            line = np.maximum(values[name], low)
            lines.append(Line(x, line, name, colour))
        return svg_plot(
            lines,
            x_range=(float(x[0]), float(x[-1])),
            y_range=(low, 1.1 * top if math.isfinite(top) and top > 0 else 1.0),
            width=_PLOT_PIXELS[0],
            height=_PLOT_PIXELS[1],
            xlabel=term("threshold_probability"),
            ylabel=term("net_benefit"),
            legend="below",
            css_class="evalbook-decision-curve-plot",
        )
