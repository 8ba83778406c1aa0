"""Guess ("Preveja"): type a guess, reveal, see the computed value and the gap; the first
guess locked at the reveal; the show-of-hands form of the slides."""

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
    g.button.click()  # no guess yet: a reminder, nothing computed
    assert calls == [] and not g.revealed and "Primeiro um palpite" in g.html
    with pytest.raises(ValueError, match="make a guess before the reveal"):
        g.reveal()
    g.guess.value = "0,6"  # a comma works as the decimal point
    assert calls == [] and g.guessed_value == 0.6
    g.button.click()
    assert calls == [1] and g.revealed
    assert g.value == pytest.approx(12 / 17)
    assert g.difference == pytest.approx(0.6 - 12 / 17)
    assert g.relative_difference == pytest.approx((12 / 17 - 0.6) / (12 / 17))
    assert not g.spot_on
    assert "valor calculado: <b>0.7059</b>" in g.html
    assert "seu palpite: 0.6000" in g.html and "diferença de -0.1059 (15.0% do valor)" in g.html


def test_the_first_guess_is_locked_at_the_reveal():
    calls = []
    g = Guess(lambda: calls.append(1) or 0.7059)
    g.guess.value = "0.6"
    g.reveal()
    shown = g.html
    assert g.guess.disabled and "primeiro palpite" in shown
    # a second guess after the reveal is refused: the first one stays, never re-scored
    with pytest.raises(ValueError, match="guess must stay the first guess"):
        g.guess.value = "0.705"
    assert g.guess.value == "0.6" and not g.spot_on and "Na mosca" not in g.html
    g.reveal()  # computed once
    assert calls == [1] and g.html == shown


def test_the_box_starts_empty_and_takes_only_numbers():
    g = Guess(3)
    assert g.guess.value == "" and not g.guessed and g.guessed_value is None
    with pytest.raises(ValueError, match=r"guess must be a number such as 0\.75"):
        g.guess.value = "três"
    with pytest.raises(ValueError, match="guess must be a finite number"):
        g.guess.value = "inf"
    g.guess.value = "0"  # zero is a guess like any other
    g.reveal()
    assert g.difference == -3


def test_zero_answer_and_tolerance():
    g = Guess(0, tolerance=0.5)
    g.guess.value = "0.4"
    g.reveal()
    assert math.isnan(g.relative_difference) and g.spot_on
    assert "diferença de +0.4000" in g.html and "do valor" not in g.html
    default = Guess(200)
    default.guess.value = "150"
    default.reveal()
    assert default.tolerance == 2.0


def test_multiple_choice():
    g = Guess("M2", options=["M1", "M2"], question="Qual modelo é melhor?")
    assert g.guess.value is None
    g.button.click()
    assert not g.revealed and "escolha uma resposta" in g.html
    g.guess.value = "M1"
    g.reveal()
    assert not g.right and "Não foi dessa vez" in g.html
    with pytest.raises(ValueError, match="locked at the reveal"):
        g.guess.value = "M2"
    assert not g.right and "Acertou" not in g.html
    right = Guess("M2", options=["M1", "M2"])
    right.guess.value = "M2"
    right.reveal()
    assert right.right and "Acertou" in right.html


def test_show_of_hands_letters_the_options_and_marks_the_right_one():
    calls = []

    def compute():
        calls.append(1)
        return f1(ConfusionMatrix([[6, 3], [2, 9]]))

    vote = Guess.show_of_hands(compute, options=[0.60, 0.67, 0.71, 0.75], question="F1?")
    assert vote.letters == ["A", "B", "C", "D"] and calls == [] and not vote.revealed
    assert vote._controls == {}  # nothing to type: the class votes with raised hands
    assert [f'data-letter="{x}"' in vote.html for x in "ABCD"] == [True] * 4
    assert "0.71" in vote.html and "0.7059" not in vote.html and "✅" not in vote.html
    assert "levante a mão" in vote.html.lower()
    vote.button.click()  # no guess needed
    assert calls == [1] and vote.right_letter == "C"
    assert vote.value == pytest.approx(12 / 17)
    assert "A resposta é C" in vote.html and "<b>0.7059</b>" in vote.html
    assert vote.html.count("✅") == 2  # the right option, and the sentence that names it
    words = Guess.show_of_hands("M2", options=["M1", "M2", "empate"])
    words.reveal()
    assert words.right_letter == "B" and words.letters == ["A", "B", "C"]


def test_show_of_hands_arguments():
    with pytest.raises(ValueError, match="at most 8 choices"):
        Guess.show_of_hands(1, options=list(range(9)))
    with pytest.raises(ValueError, match="not one of the options"):
        Guess.show_of_hands("x", options=["a", "b"])
    with pytest.raises(ValueError, match="options must list the choices"):
        Guess.show_of_hands(1, options=None)
    with pytest.raises(ValueError, match="right_letter belongs to a show-of-hands"):
        _ = Guess.example().right_letter


def test_checklist():
    """The explorers' checklist, as it applies to a guess: predict-first is the widget
    itself (nothing shown before the guess), one headline number (the computed value) at
    the digits asked, and colours from the renderer's palette only."""
    import re

    from evalbook._core import render

    g = Guess(0.123456, digits=3)
    assert re.findall(r"\d\.\d+", g.html) == []  # predict-first: no number before a guess
    g.guess.value = "0.2"
    g.reveal()
    assert re.findall(r"<b>([^<]*)</b>", g.html) == ["0.123"]
    vote = Guess.show_of_hands(0.7, options=[0.1, 0.7])
    vote.reveal()
    palette = {c.lower() for c in render.RESULT_COLOURS.values()}
    assert set(re.findall(r"#[0-9a-fA-F]{6}", vote.html)) <= palette | {"#000"}


def test_english():
    with config_context(language="en"):
        g = Guess(10)
        g.guess.value = "12"
        g.reveal()
    assert g.html == (
        "computed value: <b>10.0000</b> · your guess: 12.0000 (your first guess, locked at the "
        "reveal) · off by +2.0000 (20.0% of the value)"
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
    with pytest.raises(ValueError, match="guess must be a string"):
        g.guess.value = math.inf
    assert g.guess.value == ""
    g.guess.value = "1"
    with pytest.raises(TypeError, match="answer must be a number"):
        g.reveal()
    assert not g.revealed
