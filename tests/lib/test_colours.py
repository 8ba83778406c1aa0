"""The workbook's colours stay apart for colour-blind readers.

Every pair of colours that must be told apart (the four result types, the two classes, the
training and held-out roles, the verdicts, the metric curves drawn together, the current
value against what it marks) keeps a CIEDE2000 ΔE of at least 10 under simulated
deuteranopia and protanopia (Machado, Oliveira & Fernandes 2009, severity 1, in linear
RGB: ``cvd_delta_e`` of tests/conftest.py). Below about 10 two colours are hard to tell
apart; the old red/green matrix had TP against FP at about 3.5 under deuteranopia.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from evalbook._core import render
from evalbook._core.render import blend
from evalbook._core.svg import LINE_COLOURS

_OPTIONS = np.get_printoptions()
import colour  # noqa: E402  (it sets numpy's legacy print mode on import: undone below)

np.set_printoptions(**_OPTIONS)

MINIMUM = 10.0

#: The pairs that must be told apart: (what, first, second).
PAIRS = [
    *(
        (f"result {a}/{b}", render.RESULT_COLOURS[a], render.RESULT_COLOURS[b])
        for a, b in itertools.combinations(("TP", "FN", "FP", "TN"), 2)
    ),
    ("matrix hit/error", render.MATRIX_COLOURS["hit"], render.MATRIX_COLOURS["error"]),
    (
        "class positive/negative",
        render.CLASS_LINE_COLOURS["positive"],
        render.CLASS_LINE_COLOURS["negative"],
    ),
    *(
        (f"class {name}/current value", c, render.MARK_COLOUR)
        for name, c in render.CLASS_LINE_COLOURS.items()
    ),
    ("role train/test", render.ROLE_COLOURS["train"], render.ROLE_COLOURS["test"]),
    ("verdict good/bad", render.VERDICT_COLOURS["good"], render.VERDICT_COLOURS["bad"]),
    (
        "metric accuracy/kappa",
        render.METRIC_COLOURS["accuracy"],
        render.METRIC_COLOURS["cohen_kappa"],
    ),
    (
        "metric recall/precision",
        render.METRIC_COLOURS["recall"],
        render.METRIC_COLOURS["precision"],
    ),
    *(
        (f"class colours {i}/{j}", render.CLASS_COLOURS[i], render.CLASS_COLOURS[j])
        for i, j in itertools.combinations(range(len(render.CLASS_COLOURS)), 2)
    ),
    *(  # the decision regions of two classes: their colours tinted toward white
        (
            f"class regions {i}/{j}",
            blend(render.CLASS_COLOURS[i], "#ffffff", render.REGION_TINT),
            blend(render.CLASS_COLOURS[j], "#ffffff", render.REGION_TINT),
        )
        for i, j in itertools.combinations(range(3), 2)
    ),
    *(
        (f"line colours {i}/{j}", LINE_COLOURS[i], LINE_COLOURS[j])
        for i, j in itertools.combinations(range(len(LINE_COLOURS)), 2)
    ),
]


@pytest.mark.parametrize(("what", "first", "second"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_pair_that_must_be_told_apart_stays_apart_for_colour_blind_readers(
    what, first, second, colour_blind_delta_e
):
    assert colour_blind_delta_e(first, second) >= MINIMUM, (what, first, second)


def test_the_old_red_green_matrix_fails_the_check(colour_blind_delta_e):
    """The check can fail: the matrix's former TP green and FP pink were about 3.5 apart."""
    assert colour_blind_delta_e("#b7e1b7", "#f6c1c1") < 5


def test_the_simulation_uses_machado_s_published_matrices_at_severity_one():
    """Machado, Oliveira & Fernandes (2009), table of severity 1.0."""
    deuteranopia = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ]
    protanopia = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ]
    machado = colour.blindness.matrix_cvd_Machado2009
    np.testing.assert_allclose(machado("Deuteranomaly", 1.0), deuteranopia, atol=1e-6)
    np.testing.assert_allclose(machado("Protanomaly", 1.0), protanopia, atol=1e-6)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [  # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 17 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_the_colour_difference_is_ciede2000_as_published(first, second, expected):
    assert colour.delta_E(first, second, method="CIE 2000") == pytest.approx(expected, abs=1e-4)


def _luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    rgb = np.array([int(hex_colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)])
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def _contrast(first: str, second: str) -> float:
    high, low = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_wcag_s():
    assert _contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert _contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize(
    "background",
    [*render.RESULT_COLOURS.values(), *render.MATRIX_COLOURS.values()],
)
def test_a_matrix_cell_s_letters_can_be_read_on_its_background(background):
    assert _contrast(render.CELL_LETTER_COLOUR, background) >= 4.5
    assert _contrast("#000000", background) >= 4.5  # the count itself


@pytest.mark.parametrize(
    "background",
    [*render.CLASS_COLOURS, *render.ROLE_COLOURS.values(), *render.RESULT_COLOURS.values()],
)
def test_a_chip_s_text_can_be_read_on_its_background(background):
    text = render.text_colour_on(background)
    assert _contrast(text, background) >= 4.5
    assert f"color:{text};" in render.chips([("x", background)])
