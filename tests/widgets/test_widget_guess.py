"""Guess ("Preveja"): type a guess, reveal, see the computed value and the gap."""

from __future__ import annotations

import math

import pytest

from evalbook import ConfusionMatrix, config_context, f1
from evalbook.widgets import Guess


def test_the_value_stays_hidden_until_the_reveal():
    calls = []

    def compute():
        calls.append(1)
        return f1(ConfusionMatrix([[6, 3], [2, 9]]))

    g = Guess(compute, question="Qual o F1 do SPAM?")
    assert calls == [] and not g.revealed
    assert "0.70" not in g.html and "Escolha um palpite" in g.html
    assert repr(g) == "Guess(question='Qual o F1 do SPAM?', revealed=False)"
    with pytest.raises(ValueError, match="reveal"):
        _ = g.value
    g.guess.value = 0.6
    assert calls == []
    g.button.click()
    assert calls == [1] and g.revealed
    assert g.value == pytest.approx(12 / 17)
    assert g.difference == pytest.approx(0.6 - 12 / 17)
    assert g.relative_difference == pytest.approx((12 / 17 - 0.6) / (12 / 17))
    assert not g.spot_on
    assert "valor calculado: <b>0.7059</b>" in g.html
    assert "seu palpite: 0.6000" in g.html and "diferença de -0.1059 (15.0% do valor)" in g.html
    # a second guess after the reveal is compared with the same value, not recomputed
    g.guess.value = 0.705
    g.reveal()
    assert calls == [1] and g.spot_on and "🎯 Na mosca" in g.html


def test_zero_answer_and_tolerance():
    g = Guess(0, tolerance=0.5)
    g.guess.value = 0.4
    g.reveal()
    assert math.isnan(g.relative_difference) and g.spot_on
    assert "diferença de +0.4000" in g.html and "do valor" not in g.html
    default = Guess(200)
    default.reveal()
    assert default.tolerance == 2.0


def test_multiple_choice():
    g = Guess("M2", options=["M1", "M2"], question="Qual modelo é melhor?")
    g.guess.value = "M1"
    g.reveal()
    assert not g.right and "Não foi dessa vez" in g.html
    g.guess.value = "M2"
    assert g.right and "Acertou" in g.html


def test_english():
    with config_context(language="en"):
        g = Guess(10)
        g.guess.value = 12
        g.reveal()
    assert g.html == (
        "computed value: <b>10.0000</b> · your guess: 12.0000 · off by +2.0000 (20.0% of the value)"
    )


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("x",), {}, TypeError, "answer must be a number"),
        ((math.nan,), {}, ValueError, "answer must be a finite number"),
        ((1,), {"question": 3}, TypeError, "question must be a str"),
        (("M3",), {"options": ["M1", "M2"]}, ValueError, "not one of the options"),
        (("M1",), {"options": ["M1"]}, ValueError, "at least two"),
        ((1,), {"tolerance": -1}, ValueError, "tolerance must be 0 or more"),
        ((1,), {"digits": 20}, ValueError, "digits must be between"),
    ],
)
def test_bad_arguments(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        Guess(*args, **kwargs)


def test_bad_guess_and_bad_computed_answer():
    g = Guess(lambda: "oops")
    with pytest.raises(ValueError, match="guess must be a finite number"):
        g.guess.value = math.inf
    assert g.guess.value == 0.0
    with pytest.raises(TypeError, match="answer must be a number"):
        g.reveal()
    assert not g.revealed
