"""Predict, then reveal: the student commits to a guess, then sees the computed value beside it.

The self-study half of the lessons' "🤔 Preveja" prompts (Google's ML crash
course and MLU-Explain ask for a guess before the number): type a guess, press the button,
and the widget shows the value the library computed, the guess beside it and how far off
the guess was. The value is not shown, nor in the repr, until the guess is revealed.
"""

from __future__ import annotations

import html
import math
import numbers

import ipywidgets as widgets

from evalbook._core.checks import check_finite_number, check_labels
from evalbook._core.messages import N_
from evalbook._core.render import number, percent, say
from evalbook.widgets._base import Explorer

_TEXT = {
    "guess": N_("your guess"),
    "choose": N_("your answer"),
    "reveal": N_("Reveal"),
    "waiting": N_("Commit to a guess, then press “Reveal”."),
    "computed": N_("computed value"),
    "your": N_("your guess"),
    "off": N_("off by {diff} ({rel} of the value)"),
    "off_abs": N_("off by {diff}"),
    "close": N_("🎯 Spot on (within {tol})."),
    "right": N_("✅ Right."),
    "wrong": N_("❌ Not this one."),
}


class Guess(Explorer):
    """A guess box and a "Reveal" button; then the computed value, the guess and the gap.

    "Preveja": before the cell that computes a section's headline number the
    student types a guess; the reveal shows the value beside it and how far off it was
    (absolute difference and, for a non-zero value, relative to the value). With
    ``options`` the guess is a choice (e.g. which model wins) and the reveal says whether
    it was right.

    Parameters
    ----------
    answer : float, str, or callable returning one
        The value to reveal. A callable is called at the reveal (so the computation can
        be the library call itself, run only once the guess is in).
    question : str, optional
        Shown above the box (e.g. "Com t = 0.75, quantos FN?").
    options : sequence of str, optional
        For a multiple-choice guess: the choices (the answer must be one of them).
    tolerance : float, optional
        A numeric guess within this absolute distance counts as spot on. Default: 1% of
        ``|answer|`` (0.01 for an answer of 0).
    digits : int, default 4
        Decimals shown.

    Attributes
    ----------
    guess : ipywidgets.FloatText or ipywidgets.ToggleButtons
        The student's guess (``guess.value = ...`` from Python).
    button : ipywidgets.Button
        Press it (``button.click()``) or call :meth:`reveal`.
    widget : ipywidgets.VBox

    Examples
    --------
    >>> g = Guess(0.75, question="Qual a acurácia?")
    >>> g
    Guess(question='Qual a acurácia?', revealed=False)
    >>> g.guess.value = 0.8
    >>> g.reveal()
    >>> g.value, round(g.difference, 4), round(g.relative_difference, 4)
    (0.75, 0.05, 0.0667)
    >>> g.spot_on
    False
    >>> choice = Guess("M1", options=["M1", "M2"])
    >>> choice.guess.value = "M2"
    >>> choice.button.click()
    >>> choice.right
    False
    """

    @classmethod
    def example(cls) -> Guess:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        guess = cls(0.5, question="Que fração das moedas dá cara?")
        guess.guess.value = 0.4
        guess.reveal()  # revealed: a new guess changes what it shows
        return guess

    def __init__(self, answer, *, question="", options=None, tolerance=None, digits=4):
        if not isinstance(question, str):
            raise TypeError(f"question must be a str; got {type(question).__name__}")
        if isinstance(digits, bool) or not isinstance(digits, numbers.Integral):
            raise TypeError(f"digits must be a whole number; got {type(digits).__name__}")
        if not 0 <= digits <= 12:
            raise ValueError(f"digits must be between 0 and 12; got {digits}")
        self._digits = int(digits)
        self._answer = answer
        self._question = question
        self._value = None
        if options is not None:
            options = check_labels(options, "options")  # each choice once, none missing
            if len(options) < 2:
                raise ValueError("options must list at least two choices")
            if not callable(answer) and answer not in options:
                raise ValueError(f"answer {answer!r} is not one of the options {list(options)!r}")
            control = widgets.ToggleButtons(
                options=list(options), value=None, description=say(_TEXT, "choose")
            )
        else:
            if not callable(answer):
                check_finite_number(answer, "answer")
            control = widgets.FloatText(
                value=0.0,
                description=say(_TEXT, "guess"),
                style={"description_width": "initial"},
                layout=widgets.Layout(width="240px"),
            )
        if tolerance is not None:
            tolerance = check_finite_number(tolerance, "tolerance")
            if tolerance < 0:
                raise ValueError(f"tolerance must be 0 or more; got {tolerance}")
        self._tolerance = tolerance
        self._options = options
        self.button = widgets.Button(description=say(_TEXT, "reveal"), button_style="info")
        self.button.on_click(lambda _: self.reveal())
        self._view = widgets.HTML()
        parts = [widgets.HBox([control, self.button]), self._view]
        if question:
            parts.insert(0, widgets.HTML(f"<b>🤔 {html.escape(question)}</b>"))
        self._setup({"guess": control}, [self._view], widgets.VBox(parts))

    # ------------------------------------------------------------------ actions
    def reveal(self) -> None:
        """Compute the answer (once) and show it beside the guess."""
        if self._value is None:
            value = self._answer() if callable(self._answer) else self._answer
            if self._options is None:
                value = check_finite_number(value, "answer")
            elif value not in self._options:
                raise ValueError(f"answer {value!r} is not one of the options {self._options!r}")
            self._value = value
        self._show()

    # ------------------------------------------------------------------ state
    @property
    def revealed(self) -> bool:
        """Whether the answer has been revealed."""
        return self._value is not None

    @property
    def value(self):
        """The computed answer (a ValueError before :meth:`reveal`: guess first)."""
        if self._value is None:
            raise ValueError("the answer is revealed only after a guess: call reveal() first")
        return self._value

    @property
    def difference(self) -> float:
        """guess − value (numeric guesses)."""
        return float(self.guess.value) - float(self.value)

    @property
    def relative_difference(self) -> float:
        """|guess − value| / |value| (nan when the value is 0)."""
        value = float(self.value)
        return abs(self.difference) / abs(value) if value != 0 else math.nan

    @property
    def tolerance(self) -> float:
        """The distance within which a numeric guess is spot on."""
        if self._tolerance is not None:
            return self._tolerance
        value = float(self.value)
        return 0.01 * abs(value) if value != 0 else 0.01

    @property
    def spot_on(self) -> bool:
        """Whether a numeric guess lies within :attr:`tolerance` of the value."""
        return abs(self.difference) <= self.tolerance

    @property
    def right(self) -> bool:
        """Whether a multiple-choice guess is the answer."""
        return self.guess.value == self.value

    # ------------------------------------------------------------------ display
    def _refresh(self, change=None) -> None:
        if self._value is None:
            self._view.value = f"<i>{say(_TEXT, 'waiting')}</i>"
        else:
            self._show()

    def _show(self) -> None:
        d = self._digits
        if self._options is not None:
            verdict = say(_TEXT, "right" if self.right else "wrong")
            self._view.value = (
                f"{say(_TEXT, 'computed')}: <b>{html.escape(str(self.value))}</b> · "
                f"{say(_TEXT, 'your')}: {html.escape(str(self.guess.value))} · {verdict}"
            )
            return
        diff = number(self.difference, d, sign=True)
        if math.isnan(self.relative_difference):
            gap = say(_TEXT, "off_abs", diff=diff)
        else:
            gap = say(_TEXT, "off", diff=diff, rel=percent(self.relative_difference, 1))
        if self.spot_on:
            gap = say(_TEXT, "close", tol=number(self.tolerance, d, style="g")) + " " + gap
        self._view.value = (
            f"{say(_TEXT, 'computed')}: <b>{number(self.value, d)}</b> · "
            f"{say(_TEXT, 'your')}: {number(self.guess.value, d)} · {gap}"
        )

    def _repr_fields(self) -> dict:
        return {"question": self._question, "revealed": self.revealed}
