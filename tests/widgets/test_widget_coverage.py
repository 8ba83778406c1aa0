"""CoverageExplorer driven from Python: exact coverage over p, the intervals, the misses."""

import itertools
import math
import re

import ipywidgets as widgets
import numpy as np
import pytest
from scipy import stats

import evalbook
from evalbook import accuracy, accuracy_interval, bootstrap_interval, interval_coverage
from evalbook._core import render, svg
from evalbook.widgets import CoverageExplorer
from evalbook.widgets._canvas import DragCanvas
from evalbook.widgets._keyboard import CONTAINER_CLASS
from evalbook.widgets.coverage import METHODS, exact_coverage, hit_bounds

SIMULATED = ("wilson", "normal", "exact")  # the methods interval_coverage knows


def _binomial_sum(p, n, confidence, method):
    """Coverage as the literal sum over the hit counts, with intervals computed here."""
    hits = np.arange(n + 1)
    z = stats.norm.ppf(0.5 + confidence / 2)
    f = hits / n
    alpha = 1 - confidence
    if method == "wilson":
        centre = f + z**2 / (2 * n)
        spread = z * np.sqrt(f / n - f**2 / n + z**2 / (4 * n**2))
        lower, upper = (centre - spread) / (1 + z**2 / n), (centre + spread) / (1 + z**2 / n)
    elif method == "normal":
        half = z * np.sqrt(f * (1 - f) / n)
        lower, upper = f - half, f + half
    elif method == "exact":
        lower = np.where(hits == 0, 0.0, stats.beta.ppf(alpha / 2, hits, n - hits + 1))
        upper = np.where(hits == n, 1.0, stats.beta.ppf(1 - alpha / 2, hits + 1, n - hits))
    else:
        lower = stats.binom.ppf(alpha / 2, n, f) / n
        upper = stats.binom.ppf(1 - alpha / 2, n, f) / n
    inside = (lower <= p + 1e-12) & (p - 1e-12 <= upper)
    return float(stats.binom.pmf(hits, n, p)[inside].sum())


# ---------------------------------------------------------------------- the exact coverage
@pytest.mark.parametrize("method", list(METHODS))
@pytest.mark.parametrize(("n", "confidence"), [(5, 0.8), (30, 0.9), (50, 0.95), (137, 0.99)])
def test_exact_coverage_is_the_binomial_sum_over_the_covering_hit_counts(n, confidence, method):
    grid = np.round(np.linspace(0.013, 0.987, 41), 6)  # off the intervals' ends
    got = exact_coverage(grid, n, confidence=confidence, method=method)
    expected = [_binomial_sum(p, n, confidence, method) for p in grid]
    np.testing.assert_allclose(got, expected, atol=1e-12)


@pytest.mark.parametrize(
    ("n", "p", "confidence"), [(30, 0.85, 0.90), (20, 0.95, 0.95), (100, 0.5, 0.80), (8, 0.7, 0.95)]
)
def test_exact_coverage_agrees_with_simulation_within_its_monte_carlo_error(n, p, confidence):
    trials = 200_000
    for method in SIMULATED:
        exact = exact_coverage(p, n, confidence=confidence, method=method)
        simulated = interval_coverage(
            p, n, confidence=confidence, method=method, n_trials=trials, seed=1
        )
        assert abs(simulated - exact) < 4 * math.sqrt(exact * (1 - exact) / trials) + 1e-9
    # the bootstrap: the explorer's own simulation (4000 draws)
    explorer = CoverageExplorer(n=max(n, 5), p=p, confidence=confidence, seed=2)
    for method, simulated in explorer.simulated_coverage.items():
        exact = explorer.coverage[method]
        assert abs(simulated - exact) < 4 * math.sqrt(max(exact * (1 - exact), 1e-4) / 4000)


@pytest.mark.parametrize(
    ("p", "n", "published"),
    [
        # Brown, Cai & DasGupta (2001), Statistical Science 16(2), section 2.1: the 95%
        # Wald interval's coverage, Table 1 (p = 0.005) and the example at p = 0.5
        (0.005, 591, 0.945),
        (0.005, 592, 0.792),
        (0.005, 953, 0.948),
        (0.005, 954, 0.852),
        (0.5, 40, 0.919),
    ],
)
def test_wald_coverage_reproduces_brown_cai_and_dasgupta(p, n, published):
    assert round(exact_coverage(p, n, confidence=0.95, method="normal"), 3) == published


def test_clopper_pearson_never_covers_less_than_asked_and_wald_does():
    for n in (5, 30, 50):
        curve = CoverageExplorer(n=n, p=0.5, confidence=0.95).curve
        assert curve["exact"].min() >= 0.95 - 1e-12
        assert curve["normal"].min() < 0.5
        # Wilson oscillates around the promise: its mean over p is close to it
        assert abs(curve["wilson"].mean() - 0.95) < 0.015


def test_exact_coverage_refuses_bad_input():
    with pytest.raises(ValueError, match="p must hold probabilities"):
        exact_coverage(1.5, 10)
    with pytest.raises(ValueError, match="method must be 'wilson' or"):
        exact_coverage(0.5, 10, method="jeffreys")
    with pytest.raises(ValueError, match="n must be at least 1"):
        hit_bounds(0)


# ---------------------------------------------------------------------- the intervals drawn
def test_pycm_readme_wald_interval_is_6_hits_of_8_at_95_percent():
    # PyCM's README prints "95% CI (0.44994,1.05006)" for its 2×2 matrix of 6 hits in 8
    explorer = CoverageExplorer(n=8, p=0.75, confidence=0.95, hits=6)
    lower, upper = explorer.intervals["normal"]
    assert (round(lower, 5), round(upper, 5)) == (0.44994, 1.05006)
    assert upper > 1  # Wald runs past 1: an accuracy that cannot be
    with pytest.warns(evalbook.NormalApproximationWarning):  # n = 8: the rule fails
        wald = accuracy_interval(0.75, 8, method="normal", z=1.96)  # PyCM's rounded z
    assert tuple(wald) == pytest.approx((0.44994, 1.05006), abs=5e-6)
    assert "[0.450, 1.050]" in explorer.intervals_view.value


def test_wald_collapses_to_width_0_at_0_hits_and_all_hits():
    explorer = CoverageExplorer(n=20, p=0.9, hits=0)
    assert tuple(explorer.intervals["normal"]) == (0.0, 0.0)
    assert tuple(explorer.intervals["bootstrap"]) == (0.0, 0.0)
    assert explorer.intervals["wilson"].upper > 0.05
    assert "(largura 0)" in explorer.intervals_view.value or "width 0" in explorer.html
    explorer.hits.value = 20
    assert tuple(explorer.intervals["normal"]) == (1.0, 1.0)


@pytest.mark.parametrize(("n", "k"), [(8, 6), (30, 26), (50, 45), (20, 1), (100, 97)])
def test_bootstrap_bounds_are_the_percentile_bootstrap_of_the_library(n, k):
    lower, upper = hit_bounds(n, confidence=0.9, method="bootstrap")
    drawn = bootstrap_interval(
        accuracy, [[k, n - k], [0, 0]], n_resamples=20_000, confidence=0.9, seed=0
    )
    assert drawn.lower == pytest.approx(lower[k], abs=1 / n)
    assert drawn.upper == pytest.approx(upper[k], abs=1 / n)


def test_simulated_coverage_is_the_library_simulation():
    explorer = CoverageExplorer(n=50, p=0.9, confidence=0.95, n_trials=1000, seed=5)
    for method in SIMULATED:
        expected = evalbook.interval_coverage(
            0.9, 50, confidence=0.95, method=method, n_trials=1000, seed=5
        )
        assert explorer.simulated_coverage[method] == expected


def test_the_drawn_test_sets_mark_the_misses():
    explorer = CoverageExplorer(n=20, p=0.95, confidence=0.9, method="normal")
    sample = explorer.sample
    assert len(sample) == 40
    misses = ~sample["covers"]
    assert misses.sum() > 0
    assert (sample.loc[misses, "lower"] > 0.95).sum() + (sample.loc[misses, "upper"] < 0.95).sum()
    assert f"{misses.sum()} erram p" in explorer.sample_view.value
    assert explorer.sample_view.value.count(render.VERDICT_COLOURS["bad"]) == 2  # bars, marks


# ---------------------------------------------------------------------- the design checklist
def _numbers(html):
    return re.findall(r"\d+\.\d+", re.sub(r"<[^>]+>", " ", html))


def test_at_most_four_headline_numbers_at_three_decimals():
    explorer = CoverageExplorer(n=30, p=0.85)
    numbers = _numbers(explorer.numbers_view.value)
    assert len(numbers) == 4 == explorer.numbers_view.value.count("data-headline=")
    assert all(len(value.split(".")[1]) == 3 for value in numbers)
    # the rest sits in a closed fold
    folds = [w for w in explorer.widget.children if isinstance(w, widgets.Accordion)]
    assert len(folds) == 1 and folds[0].selected_index is None
    assert explorer.details_view in folds[0].children[0].children
    assert len(_numbers(explorer.details_view.value)) > 4


def test_every_control_updates_while_dragged_and_the_keyboard_drives_it():
    explorer = CoverageExplorer(guess_first=True)
    for name in ("n", "p", "hits", "guess"):
        assert getattr(explorer, name).continuous_update
    assert CONTAINER_CLASS in explorer.widget._dom_classes
    for control in explorer._controls.values():
        assert isinstance(control, (widgets.IntSlider, widgets.FloatSlider, widgets.Dropdown))


def test_a_click_on_the_coverage_plot_sets_p_and_p_moves_the_mark():
    explorer = CoverageExplorer(n=30, p=0.85)
    canvas = explorer.curve_view
    assert isinstance(canvas, DragCanvas) and canvas.mode == "click-x"
    assert canvas.frame["x_range"] == (0.0, 1.0)
    # a click at the pixel of p = 0.4: the browser sends the value, snapped to 0.01
    px, _ = canvas.value_to_pixel(0.4)
    canvas.x = round(canvas.pixel_to_value(px + 0.3)[0], 2)
    assert explorer.p.value == 0.4
    assert explorer.coverage["normal"] == pytest.approx(
        exact_coverage(0.4, 30, confidence=0.9, method="normal")
    )
    canvas.x = 0.123456  # an unsnapped value still lands on the slider's steps
    assert explorer.p.value == 0.12
    explorer.p.value = 0.7
    assert canvas.x == 0.7
    marker = re.search(r'<line data-mark="x" x1="([\d.]+)"', canvas.svg)
    assert float(marker.group(1)) == pytest.approx(canvas.value_to_pixel(0.7)[0], abs=0.1)
    assert canvas.html in explorer.html  # the book's static picture


def test_a_current_value_mark_on_every_curve_and_a_line_at_the_confidence():
    explorer = CoverageExplorer(n=30, p=0.85, confidence=0.9)
    page = explorer.curve_view.svg
    # the dots at the current p: one per method, each in its method's colour
    marks = re.findall(r'<g data-mark="point" fill="([^"]+)"[^>]*><circle cx="([\d.]+)"', page)
    assert sorted(colour for colour, _ in marks) == sorted(svg.LINE_COLOURS)
    assert len({x for _, x in marks}) == 1  # all at the same x: the current p
    assert float(marks[0][1]) == pytest.approx(explorer.curve_view.value_to_pixel(0.85)[0], abs=0.1)
    assert 'data-mark="x"' in page  # the line at p
    # the line at the confidence: horizontal, dashed, in the colour of a current value
    y = explorer.curve_view.value_to_pixel(0.5, 0.9)[1]
    assert re.search(
        rf'points="[\d.]+,{y:.1f} [\d.]+,{y:.1f}" fill="none" stroke="{render.MARK_COLOUR}"',
        page,
    )
    explorer.p.value = 0.5
    assert (
        re.search(r'data-mark="point"[^>]*><circle cx="([\d.]+)"', explorer.curve_view.svg)[1]
        != marks[0][1]
    )


def test_colours_are_the_workbooks_constants():
    palette = {
        *svg.LINE_COLOURS,
        *render.VERDICT_COLOURS.values(),
        render.MARK_COLOUR,
        render.REFERENCE_COLOUR,
        render.BORDER,  # the fold's table
        "#000",  # svg_plot's shading
        "#fff",  # svg_plot's background and the marks' edge
        "#444",  # svg_plot's frame and the headline's names (the base's)
    }
    explorer = CoverageExplorer(guess_first=True)
    explorer.commit_guess()
    used = set(re.findall(r"#[0-9a-fA-F]{3,6}\b", explorer.html))
    assert used <= palette, used - palette
    assert len(set(svg.LINE_COLOURS)) == 4  # the four methods, told apart (test_colours)


def test_no_verdict_colour_contradicts_the_text_at_the_lessons_start():
    # at M1 (n = 30, p = 0.85) a red Wilson bar once sat next to a text calling Wilson
    # reliable: Wilson does cover less than 90% at this very p, and more at others; the
    # explorer draws that (the curve against the line) instead of a verdict at one p
    explorer = CoverageExplorer(n=30, p=0.85, confidence=0.9)
    assert not re.search(r"#[0-9a-fA-F]{6}", explorer.numbers_view.value)  # no verdicts
    assert "✗" not in explorer.html and "✓" not in explorer.html
    assert explorer.coverage["normal"] < explorer.coverage["wilson"] < 0.9
    assert explorer.coverage["exact"] > 0.9
    assert abs(explorer.curve["wilson"].mean() - 0.9) < 0.01
    assert explorer.curve["normal"].mean() < 0.86


def test_guess_first_hides_the_coverage_until_locked_in_then_keeps_the_guess():
    explorer = CoverageExplorer(n=30, p=0.85, guess_first=True)
    assert explorer.guess_first and not explorer.answer_shown
    assert _numbers(explorer.numbers_view.value) == []
    assert explorer.curve_view.svg.count("<polyline") == 1  # only the line at the confidence
    assert 'data-mark="point"' not in explorer.curve_view.svg
    assert "<polyline" not in explorer.sample_view.value
    assert explorer.details_view.value == ""
    explorer.guess.value = 0.88
    explorer.commit_guess()
    assert explorer.answer_shown and explorer.committed_guess == 0.88 and explorer.guess.disabled
    assert explorer.curve_view.svg.count("<polyline") == 6  # 4 methods, the chosen on top, 0.9
    assert "seu palpite, 0.88" in explorer.numbers_view.value
    assert "0.821" in explorer.numbers_view.value
    with pytest.raises(ValueError, match="guess is locked in"):
        explorer.guess.value = 0.5
    explorer.commit_guess()  # a second press changes nothing
    assert explorer.committed_guess == 0.88
    explorer.n.value = 300  # the guess stays shown against the truth at its own n and p
    assert "com n = 30 e p = 0.85 é 0.821" in explorer.numbers_view.value


# ---------------------------------------------------------------------- controls
def test_defaults_are_m1_at_90_percent():
    explorer = CoverageExplorer(n=30, p=0.85)
    assert (explorer.n.value, explorer.p.value, explorer.confidence.value) == (30, 0.85, 0.90)
    assert repr(explorer) == "CoverageExplorer(n=30, p=0.85, confidence=0.9, hits=26)"
    assert explorer.condition == pytest.approx(3.825)
    assert "não valem" in explorer.html


def test_moving_the_controls_updates_the_numbers_and_the_display():
    explorer = CoverageExplorer(n=30, p=0.85)
    before, page = explorer.coverage, explorer.html
    explorer.n.value = 300
    assert explorer.coverage != before and explorer.html != page
    assert explorer.hits.max == 300 and explorer.hits.value == 260  # the share of hits kept
    assert "valem." in explorer.html and "não valem" not in explorer.html
    assert abs(explorer.coverage["normal"] - 0.90) < 0.03
    explorer.p.value = 0.99
    explorer.n.value = 20
    assert explorer.hits.value == 17 and explorer.hits.max == 20
    # 20/20 gives [1, 1] and 17/20 misses 0.99 above: only 18 and 19 hits cover
    assert explorer.coverage["normal"] == pytest.approx(stats.binom.pmf([18, 19], 20, 0.99).sum())
    assert explorer.coverage["wilson"] > 0.8
    explorer.method.value = "exact"
    assert "Clopper–Pearson" in explorer.sample_view.value


def test_hits_above_n_are_refused():
    explorer = CoverageExplorer(n=30, p=0.85)
    with pytest.raises(ValueError, match="hits must be at most n=30"):
        explorer.hits.value = 31
    assert explorer.hits.value == 26


def test_reproducible_with_the_seed():
    assert (
        CoverageExplorer(seed=1).simulated_coverage == CoverageExplorer(seed=1).simulated_coverage
    )
    assert (
        CoverageExplorer(seed=1).simulated_coverage != CoverageExplorer(seed=2).simulated_coverage
    )
    assert CoverageExplorer(seed=1).coverage == CoverageExplorer(seed=2).coverage  # exact


def test_display():
    explorer = CoverageExplorer(n=30, p=0.85)
    bundle = explorer._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == (
        explorer.widget.model_id
    )
    assert bundle["text/plain"] == repr(explorer)
    for label in ("Wilson", "aproximação normal (Wald)", "exato (Clopper–Pearson)", "bootstrap"):
        assert label in explorer.html


def test_properties_are_read_only():
    explorer = CoverageExplorer(n=30, p=0.85)
    for name in (
        "coverage",
        "simulated_coverage",
        "curve",
        "intervals",
        "sample",
        "condition",
        "answer_shown",
        "html",
        "widget",
    ):
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
        ({"hits": 51}, ValueError, "hits must be at most n=50"),
        ({"hits": -1}, ValueError, "hits must be at least 0"),
        ({"method": "jeffreys"}, ValueError, "method must be 'wilson' or"),
        ({"guess_first": "yes"}, TypeError, "guess_first must be"),
        ({"n_trials": 0}, ValueError, "n_trials must be at least 1"),
        ({"seed": -1}, ValueError, "seed must be at least 0"),
        ({"max_n": True}, TypeError, "max_n must be a whole number"),
    ],
    ids=repr,
)
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        CoverageExplorer(**kwargs)


def test_its_colour_pairs_stay_apart_for_colour_blind_readers(colour_blind_delta_e):
    pairs = [
        ("contains p / misses it", render.REFERENCE_COLOUR, render.VERDICT_COLOURS["bad"]),
        *(
            (f"{a} / {b}", svg.LINE_COLOURS[i], svg.LINE_COLOURS[j])
            for (i, a), (j, b) in itertools.combinations(enumerate(METHODS), 2)
        ),
        *(
            (f"{m} / the line at the confidence", colour, render.MARK_COLOUR)
            for m, colour in zip(METHODS, svg.LINE_COLOURS, strict=True)
        ),
    ]
    for what, first, second in pairs:
        assert colour_blind_delta_e(first, second) >= 10, what
