"""Predict, then reveal: the student commits to a guess, then sees the computed value beside it.

The self-study half of the lessons' "🤔 Preveja" prompts (Google's ML crash
course and MLU-Explain ask for a guess before the number): type a guess, press the button,
and the widget shows the value the library computed, the guess beside it and how far off
the guess was. The value is not shown, nor in the repr, until the guess is revealed; the
box starts empty (no guess), "Reveal" refuses to work before a guess, and the first guess
is locked at the reveal, so what the widget shows is always the guess made before seeing
the value. On a slide, :meth:`Guess.show_of_hands` shows lettered options (A, B, C, D) for
the class to vote on by raising hands, and the lecturer reveals the right one.
"""

from __future__ import annotations

import html
import math
import numbers

import ipywidgets as widgets

from evalbook._core.checks import check_finite_number, check_labels
from evalbook._core.messages import N_
from evalbook._core.render import RESULT_COLOURS, number, percent, say
from evalbook.widgets._base import Explorer

_TEXT = {
    "guess": N_("your guess"),
    "choose": N_("your answer"),
    "reveal": N_("Reveal"),
    "waiting": N_("Commit to a guess, then press “Reveal”."),
    "no_guess": N_("⚠️ First a guess: type it in the box, then press “Reveal”."),
    "no_choice": N_("⚠️ First a guess: choose an answer, then press “Reveal”."),
    "hands": N_("Raise your hand for one letter; then the lecturer presses “Reveal”."),
    "locked": N_("(your first guess, locked at the reveal)"),
    "computed": N_("computed value"),
    "your": N_("your guess"),
    "off": N_("off by {diff} ({rel} of the value)"),
    "off_abs": N_("off by {diff}"),
    "close": N_("🎯 Spot on (within {tol})."),
    "right": N_("✅ Right."),
    "wrong": N_("❌ Not this one."),
    "answer_is": N_("✅ The answer is {letter}."),
}
#: The letters of a show-of-hands question's options.
LETTERS = "ABCDEFGH"


class Guess(Explorer):
    """A guess box and a "Reveal" button; then the computed value, the guess and the gap.

    "Preveja": before the cell that computes a section's headline number the
    student types a guess; the reveal shows the value beside it and how far off it was
    (absolute difference and, for a non-zero value, relative to the value). With
    ``options`` the guess is a choice (e.g. which model wins) and the reveal says whether
    it was right.

    The box starts empty: "Reveal" shows a reminder instead of the value until a guess is
    in (:meth:`reveal` raises a ValueError). At the reveal the guess is locked: the box is
    disabled, a new value is refused, and the widget keeps showing the first guess against
    the value (never a guess re-scored after the value was seen). The box takes a number
    with a point or a comma (``0.75``, ``0,75``).

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
    guess : ipywidgets.Text or ipywidgets.ToggleButtons
        The student's guess (``guess.value = "0.8"`` from Python; ``""`` is no guess).
    button : ipywidgets.Button
        Press it (``button.click()``) or call :meth:`reveal`.
    widget : ipywidgets.VBox

    See Also
    --------
    Guess.show_of_hands : the form for a slide: lettered options, a vote by raised hands.

    Examples
    --------
    >>> g = Guess(0.75, question="Qual a acurácia?")
    >>> g
    Guess(question='Qual a acurácia?', revealed=False)
    >>> g.reveal()
    Traceback (most recent call last):
    ...
    ValueError: make a guess before the reveal: set guess.value first
    >>> g.guess.value = "0.8"
    >>> g.reveal()
    >>> g.value, round(g.difference, 4), round(g.relative_difference, 4)
    (0.75, 0.05, 0.0667)
    >>> g.spot_on, g.guess.disabled
    (False, True)
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
        guess.guess.value = "0.4"  # a guess typed, not yet revealed (reveal() locks it)
        return guess

    @classmethod
    def show_of_hands(cls, answer, *, options, question="", digits=4) -> Guess:
        """A question with lettered options (A, B, C, …) for a vote by raised hands.

        The form for a slide: the class votes on a letter with raised hands, then the
        lecturer presses "Reveal", which marks the right option and shows the computed
        value. Nothing is typed; :meth:`reveal` needs no guess.

        Parameters
        ----------
        answer : float, str, or callable returning one
            The value to reveal (a callable is called at the reveal). With numeric
            ``options`` the right option is the one nearest the computed value (the
            options are rounded guesses; the value shown is the computed one); with text
            options the answer must be one of them.
        options : sequence of str or of numbers
            Two to eight choices, shown as A, B, C, ….
        question : str, optional
        digits : int, default 4
            Decimals of the computed value shown at the reveal.

        Examples
        --------
        >>> vote = Guess.show_of_hands(0.7059, options=[0.60, 0.67, 0.71, 0.75])
        >>> vote.letters
        ['A', 'B', 'C', 'D']
        >>> vote.reveal()
        >>> vote.right_letter, vote.value
        ('C', 0.7059)
        """
        vote = cls.__new__(cls)
        vote._hands = True  # read by __init__: no box, lettered options
        vote.__init__(answer, question=question, options=options, digits=digits)
        return vote

    _hands = False

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
        self._numeric_options = False
        if options is not None:
            options = check_labels(options, "options")  # each choice once, none missing
            if len(options) < 2:
                raise ValueError("options must list at least two choices")
            if self._hands:
                if len(options) > len(LETTERS):
                    raise ValueError(
                        f"options must list at most {len(LETTERS)} choices; got {len(options)}"
                    )
                self._numeric_options = all(
                    isinstance(o, numbers.Real) and not isinstance(o, bool) for o in options
                )
            if not self._numeric_options and not callable(answer) and answer not in options:
                raise ValueError(f"answer {answer!r} is not one of the options {list(options)!r}")
            if self._numeric_options and not callable(answer):
                check_finite_number(answer, "answer")
        elif self._hands:
            raise ValueError("options must list the choices of a show-of-hands question")
        elif not callable(answer):
            check_finite_number(answer, "answer")
        if tolerance is not None:
            tolerance = check_finite_number(tolerance, "tolerance")
            if tolerance < 0:
                raise ValueError(f"tolerance must be 0 or more; got {tolerance}")
        self._tolerance = tolerance
        self._options = options
        self.button = widgets.Button(description=say(_TEXT, "reveal"), button_style="info")
        self.button.on_click(lambda _: self._press())
        self._view = widgets.HTML()
        parts = [self._view]
        if question:
            parts.insert(0, widgets.HTML(f"<b>🤔 {html.escape(question)}</b>"))
        if self._hands:  # the button beside the options: a vote takes little of a slide
            parts[-1] = widgets.HBox(
                [self.button, self._view], layout=widgets.Layout(align_items="center")
            )
            self._setup({}, [self._view], widgets.VBox(parts))
            return
        if options is not None:
            control = widgets.ToggleButtons(
                options=list(options), value=None, description=say(_TEXT, "choose")
            )
        else:
            control = widgets.Text(
                value="",
                placeholder="?",
                description=say(_TEXT, "guess"),
                continuous_update=False,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="240px"),
            )
        parts.insert(len(parts) - 1, widgets.HBox([control, self.button]))
        self._setup({"guess": control}, [self._view], widgets.VBox(parts))

    # ------------------------------------------------------------------ actions
    def reveal(self) -> None:
        """Compute the answer (once), lock the guess and show the value beside it.

        Raises a ValueError before a guess (a show-of-hands question needs none).
        """
        if not self._hands and not self.guessed:
            raise ValueError("make a guess before the reveal: set guess.value first")
        if self._value is None:
            value = self._answer() if callable(self._answer) else self._answer
            if self._options is None or self._numeric_options:
                value = check_finite_number(value, "answer")
            elif value not in self._options:
                raise ValueError(f"answer {value!r} is not one of the options {self._options!r}")
            self._value = value
            if not self._hands:
                self.guess.disabled = True
        self._show()

    def _press(self) -> None:
        """The button: reveal, or remind the student that a guess comes first."""
        if not self._hands and not self.guessed:
            key = "no_guess" if self._options is None else "no_choice"
            self._view.value = f"<b>{say(_TEXT, key)}</b>"
            return
        self.reveal()

    # ------------------------------------------------------------------ state
    @property
    def guessed(self) -> bool:
        """Whether a guess is in (a number typed, or an option chosen)."""
        if self._hands:
            return False
        value = self.guess.value
        return value is not None and value != ""

    @property
    def guessed_value(self):
        """The guess: a float (typed), the option chosen, or None before a guess."""
        if not self.guessed:
            return None
        return self.guess.value if self._options is not None else _parse(self.guess.value)

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
        return float(self.guessed_value) - float(self.value)

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

    @property
    def letters(self) -> list[str]:
        """The letters of a show-of-hands question's options (A, B, …)."""
        return list(LETTERS[: len(self._options)]) if self._hands else []

    @property
    def right_letter(self) -> str:
        """The letter of the right option of a show-of-hands question (after the reveal)."""
        if not self._hands:
            raise ValueError("right_letter belongs to a show-of-hands question")
        value = self.value
        if self._numeric_options:
            gaps = [abs(float(o) - float(value)) for o in self._options]
            return LETTERS[gaps.index(min(gaps))]
        return LETTERS[self._options.index(value)]

    # ------------------------------------------------------------------ checks
    def _check_control(self, name: str, value) -> str | None:
        if self._options is None and isinstance(value, str) and value.strip():
            number_ = _parse(value)
            if number_ is None:
                return "must be a number such as 0.75 (a comma works too)"
            if not math.isfinite(number_):
                return "must be a finite number"
        if self._value is not None and value != self.guess.value:
            return "must stay the first guess: it is locked at the reveal"
        return None

    # ------------------------------------------------------------------ display
    def _refresh(self, change=None) -> None:
        if self._value is not None:
            self._show()
        elif self._hands:
            self._view.value = f"{self._options_html()} <i>{say(_TEXT, 'hands')}</i>"
        else:
            self._view.value = f"<i>{say(_TEXT, 'waiting')}</i>"

    def _options_html(self, right=None) -> str:
        """The lettered options in one row (a slide has little height to spare)."""
        items = []
        for letter, option in zip(self.letters, self._options, strict=True):
            text = html.escape(
                number(option, 6, style="g") if self._numeric_options else str(option)
            )
            style = "display:inline-block;padding:2px 10px;margin:2px 8px 2px 0;border-radius:4px"
            if letter == right:
                style += f";background:{RESULT_COLOURS['TP']};color:#000;font-weight:bold"
                text += " ✅"
            items.append(
                f'<span data-letter="{letter}" style="{style}"><b>{letter}</b> · {text}</span>'
            )
        return "".join(items)

    def _show(self) -> None:
        d = self._digits
        if self._hands:
            letter = self.right_letter
            shown = number(self.value, d) if self._numeric_options else html.escape(str(self.value))
            self._view.value = f"{self._options_html(letter)} " + (
                f"<b>{say(_TEXT, 'answer_is', letter=letter)}</b> "
                f"{say(_TEXT, 'computed')}: <b>{shown}</b>"
            )
            return
        locked = f" {say(_TEXT, 'locked')}"
        if self._options is not None:
            verdict = say(_TEXT, "right" if self.right else "wrong")
            self._view.value = (
                f"{say(_TEXT, 'computed')}: <b>{html.escape(str(self.value))}</b> · "
                f"{say(_TEXT, 'your')}: {html.escape(str(self.guess.value))}{locked} · {verdict}"
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
            f"{say(_TEXT, 'your')}: {number(self.guessed_value, d)}{locked} · {gap}"
        )

    def _repr_fields(self) -> dict:
        return {"question": self._question, "revealed": self.revealed}


def _parse(text: str) -> float | None:
    """The number typed in the box (a decimal point or comma), or None if it is none."""
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        return None
