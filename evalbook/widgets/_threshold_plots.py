"""The plots of the threshold explorer: the scores of each class, the ROC and the KS.

Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Fawcett (2006). Split from
:mod:`evalbook.widgets.threshold`: the curves are built once per data set
(:func:`threshold_curves`) and each step of the slider only draws them again with the
markers at the new threshold (:func:`threshold_plots`), through the shared
:func:`~evalbook._core.svg.svg_plot`.

The ROC and KS panels draw the same :class:`~evalbook.Curve` as
:class:`~evalbook.RocCurveDisplay` and :class:`~evalbook.KSDisplay` (``roc_curve`` and
``ks_curve`` of the explorer's ScoredData), but as inline SVG rather than through
matplotlib: the explorer redraws three panels at every step of the slider within its
50 ms budget, and drawing the ROC and KS figures with matplotlib (to SVG, at the
explorer's data of ``benchmarks/explorers.py``) takes tens of times longer than the
whole SVG step, far beyond that budget.
"""

from __future__ import annotations

import html

import numpy as np

from evalbook._core.messages import N_
from evalbook._core.render import (
    CLASS_LINE_COLOURS,
    MARK_COLOUR,
    METRIC_COLOURS,
    REFERENCE_COLOUR,
    number,
    say,
)
from evalbook._core.svg import (
    FONT_SIZES,
    LINE_WIDTH,
    MARK_RADIUS,
    Line,
    Points,
    Segments,
    svg_plot,
    thin,
)
from evalbook.metrics._ranking import ks_curve, ks_statistic, roc_curve

__all__ = [
    "SIZE",
    "TEXT",
    "distribution_plot",
    "roc_ks_plots",
    "threshold_curves",
    "threshold_plots",
]

SIZE = 260  # width of each plot, in pixels: three fit beside the matrix in a slide's 1100 px
MAX_POINTS = 200  # the plots are about 190 px wide inside: more points than that add nothing
MAX_DOTS = 300  # up to this many instances the distributions are dots, beyond histograms
BINS = 30

#: What the plots say (message ids).
TEXT = {
    "distributions": N_("scores of each class"),
    "slider_tip": N_("threshold t: score ≥ t → predicted positive"),
    "drag": N_("scores of each class: drag the line t, or use ← →"),
    "roc": N_("ROC (AUC = {auc})"),
    "ks": N_("KS = {ks} (maximum)"),
    "cumulative": N_("cumulative share"),
    "cp_neg": N_("┅ CP(negatives)"),
    "cp_pos": N_("━ CP(positives)"),
    "note": N_(
        "The black bar is the same in both plots: TPR − FPR = CP(neg) − CP(pos). "
        "Right of t (shaded): predicted positive."
    ),
}


def threshold_curves(data, value_range, negative) -> dict:
    """What the plots draw that does not move with t: curves, dots and histograms.

    ``data`` is the explorer's :class:`~evalbook.ScoredData`, ``value_range`` its
    slider's (low, high) and ``negative`` the label shown for the other class.
    """
    curve = roc_curve(data)
    keep = thin(len(curve), MAX_POINTS)
    ks = ks_statistic(data)
    lo, hi = value_range
    cdf = ks_curve(data)  # the curve KSDisplay draws: CP of each class at each score
    steps = thin(len(cdf), MAX_POINTS)  # more points than pixels add nothing
    xs = np.concatenate([[lo], cdf.score[steps], [hi]])
    step_x = np.repeat(xs, 2)[1:]  # a step function: each x twice, the value changes after
    colours = (CLASS_LINE_COLOURS["positive"], CLASS_LINE_COLOURS["negative"])
    cdfs = [  # CP(positive, x) solid and CP(negative, x) dashed, eq. (14), as step lines
        Line(step_x, np.repeat(np.concatenate([[0.0], values[steps], [1.0]]), 2)[:-1],
             colour=colour, style=style)
        for values, colour, style in zip(
            (cdf.cdf_positive, cdf.cdf_negative), colours, ("-", "--"), strict=True
        )
    ]  # fmt: skip
    # the scores of each class: dots (jittered) or, for many instances, histograms;
    # positives in the upper band (y in [1.1, 2]), negatives in the lower ([0.1, 1])
    dots, bars = [], []
    for base, is_class, colour, shape, style in (
        (1.1, data.is_positive, colours[0], "triangle", "-"),
        (0.1, ~data.is_positive, colours[1], "circle", "--"),
    ):
        values = data.scores[is_class]
        if data.scores.size <= MAX_DOTS:
            jitter = np.random.default_rng(int(base)).uniform(0.05, 0.85, values.size)
            dots.append(Points(values, base + jitter, colour=colour, radius=4, shape=shape))
        else:
            counts, edges = np.histogram(values, bins=BINS, range=(lo, hi))
            heights = base + 0.85 * counts / max(int(counts.max()), 1)
            bars.append(
                Line(
                    np.repeat(edges, 2),
                    np.concatenate([[base], np.repeat(heights, 2), [base]]),
                    colour=colour,
                    style=style,
                )
            )
    key = "".join(
        f'<text x="{x}" y="0" font-size="{FONT_SIZES["legend"]}" fill="{colour}">'
        f"{html.escape(text)}</text>"
        for x, colour, text in (
            (0, colours[0], f"▲ {data.positive} ({data.n_positive})"),
            (SIZE / 2, colours[1], f"● {negative} ({data.n_negative})"),
        )
    )
    ks_key = (
        f'<text x="0" y="0" font-size="{FONT_SIZES["legend"]}" fill="{colours[1]}">'
        f"{say(TEXT, 'cp_neg')}</text>"
        f'<text x="{SIZE / 2}" y="0" font-size="{FONT_SIZES["legend"]}" fill="{colours[0]}">'
        f"{say(TEXT, 'cp_pos')}</text>"
    )
    return {
        "roc": Line(curve.fpr[keep], curve.tpr[keep], colour=METRIC_COLOURS["recall"]),
        "ks": ks.statistic,
        "cdfs": cdfs,
        "dots": dots,
        "bars": bars,
        "key": key,
        "ks_key": ks_key,
    }


def distribution_plot(c: dict, *, t: float, value_range) -> str:
    """The scores of each class with the line at ``t`` (the line the student drags)."""
    return svg_plot(
        c["bars"],
        points=c["dots"],
        x_range=value_range,
        y_range=(0.0, 2.05),
        title=say(TEXT, "distributions"),
        xlabel="score",
        marker=t,
        shade_from=t,
        y_ticks=False,
        footer=c["key"],
        css_class="evalbook-distributions",
        width=SIZE,
        height=SIZE,
        legend=None,
    )


def roc_ks_plots(
    c: dict, *, t: float, value_range, fpr: float, tpr: float, auc: float
) -> tuple[str, str]:
    """The ROC and the KS plots at threshold ``t``: a dot at the current point of every
    curve and the same 3 px black bar, TPR − FPR, on both."""
    cp_pos = 1 - tpr  # share of positives with score < t
    cp_neg = 1 - fpr
    panel = {"width": SIZE, "height": SIZE, "legend": None}
    roc = svg_plot(
        [Line([0, 1], [0, 1], colour=REFERENCE_COLOUR, style="--", width=1), c["roc"]],
        points=[Points([fpr], [tpr], colour=MARK_COLOUR, radius=MARK_RADIUS, mark=True)],
        segments=[Segments([fpr], [fpr], [tpr], MARK_COLOUR, LINE_WIDTH)],
        x_range=(0, 1),
        y_range=(0, 1),
        title=say(TEXT, "roc", auc=number(auc, 3)),
        xlabel="FPR",
        ylabel="TPR",
        css_class="evalbook-roc",
        **panel,
    )
    ks = svg_plot(
        c["cdfs"],
        points=[
            Points([t, t], [cp_pos, cp_neg], colour=MARK_COLOUR, radius=MARK_RADIUS, mark=True)
        ],
        segments=[
            Segments([t], [0], [1], REFERENCE_COLOUR, 1),
            Segments([t], [cp_pos], [cp_neg], MARK_COLOUR, LINE_WIDTH),
        ],
        x_range=value_range,
        y_range=(0, 1),
        title=say(TEXT, "ks", ks=number(c["ks"], 3)),
        xlabel="score",
        ylabel=say(TEXT, "cumulative"),
        footer=c["ks_key"],
        css_class="evalbook-ks",
        **panel,
    )
    return roc, ks


def threshold_plots(c: dict, *, t: float, value_range, fpr: float, tpr: float, auc: float) -> str:
    """The three plots at threshold ``t`` (curves from :func:`threshold_curves`), as HTML."""
    dist = distribution_plot(c, t=t, value_range=value_range)
    roc, ks = roc_ks_plots(c, t=t, value_range=value_range, fpr=fpr, tpr=tpr, auc=auc)
    return (
        '<div style="display:flex;flex-direction:column;gap:2px;line-height:1.3">'
        f'<div style="display:flex;flex-wrap:nowrap;gap:6px">{dist}{roc}{ks}</div>'
        f'<div style="max-width:{3 * SIZE}px">{say(TEXT, "note")}</div>'
        "</div>"
    )
