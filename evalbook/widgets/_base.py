"""The base of every explorer: controls, views, the wiring between them, the repr, display.

Besides the wiring, two hooks every explorer can use (small on purpose):

- a **calm screen**: :func:`headline_html` shows at most :data:`HEADLINE_MAX` numbers,
  large, at 2-3 decimals; :func:`fold` puts the rest in a closed fold (an ipywidgets
  Accordion) under them;
- **guess first**: :meth:`Explorer._guess_first_box` adds a "lock in my guess" button;
  until the student presses it (or :meth:`Explorer.commit_guess` runs),
  :attr:`Explorer.answer_shown` is False and the explorer hides its answer (a curve, the
  best value); afterwards the guess stays locked and shown beside the answer.
"""

from __future__ import annotations

import html as _html
import math
import numbers
from collections.abc import Mapping

import ipywidgets as widgets
import numpy as np
import traitlets

from evalbook._core.messages import N_
from evalbook._core.render import number, say
from evalbook.widgets._keyboard import with_keyboard

__all__ = ["HEADLINE_MAX", "REGISTRY", "Explorer", "fold", "headline_html"]

#: At most this many headline numbers on an explorer's screen; the rest go in a fold.
HEADLINE_MAX = 4

_TEXT = {
    "commit": N_("Lock in my guess"),
    "guess_first": N_("Guess first: move the control to your guess, then lock it in."),
    "locked": N_("your guess: {value} (locked)"),
    "more": N_("More numbers"),
}


def headline_html(items, *, digits: int = 3, columns: int = 2) -> str:
    """At most :data:`HEADLINE_MAX` numbers, large, each under its name: the calm screen.

    ``items`` are (name, value) pairs; a float is shown at ``digits`` decimals (2 or 3),
    anything else as it is; they sit in a grid of ``columns`` columns. Each number carries
    ``data-headline`` (its name).

    >>> text = headline_html([("accuracy", 0.91234), ("n", 20)])
    >>> text.count("data-headline"), "0.912" in text
    (2, True)
    """
    items = list(items)
    if len(items) > HEADLINE_MAX:
        raise ValueError(f"items must hold at most {HEADLINE_MAX} numbers; got {len(items)}")
    if digits not in (2, 3):
        raise ValueError(f"digits must be 2 or 3; got {digits!r}")
    cells = []
    for name, value in items:
        shown = (
            number(value, digits)
            if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral)
            else str(value)
        )
        cells.append(
            '<div style="display:flex;flex-direction:column">'
            f'<span style="color:#444">{_html.escape(str(name))}</span>'
            f'<span data-headline="{_html.escape(str(name))}" '
            f'style="font-size:24px;font-weight:bold">{_html.escape(shown)}</span></div>'
        )
    return (
        '<div class="evalbook-headline" style="display:grid;gap:4px 18px;'
        f'grid-template-columns:repeat({columns},max-content);margin:6px 0">'
        + "".join(cells)
        + "</div>"
    )


def fold(children, title: str | None = None) -> widgets.Accordion:
    """A closed fold (ipywidgets Accordion) holding ``children``: the numbers that are not
    headlines. ``title`` defaults to "More numbers" in the display language."""
    box = widgets.Accordion(children=[widgets.VBox(list(children))], selected_index=None)
    box.set_title(0, say(_TEXT, "more") if title is None else title)
    return box


def _folded_titles(widget, title: str | None = None, found: dict | None = None) -> dict:
    """``id`` of each widget under a closed fold (an Accordion's unselected child) → the
    fold's title."""
    found = {} if found is None else found
    if isinstance(widget, widgets.Accordion):
        for index, child in enumerate(widget.children):
            closed = widget.selected_index != index
            name = widget.titles[index] if index < len(widget.titles) else ""
            _folded_titles(child, name if closed else title, found)
    elif isinstance(widget, widgets.Box):
        for child in widget.children:
            _folded_titles(child, title, found)
    elif title is not None:
        found[id(widget)] = title
    return found


#: Every explorer class whose module has been imported: class name → class.
REGISTRY: dict[str, type] = {}


class Explorer:
    """Base of every explorer: it owns the controls, the views, their wiring and the repr.

    A subclass says only what it computes and shows:

    1. it checks its arguments and builds its controls (ipywidgets);
    2. it calls :meth:`_setup` with the controls by name (each becomes a public attribute
       whose ``.value`` tests and lessons set), its HTML views and its layout; the base
       observes every control, refuses a bad value and calls :meth:`_refresh`;
    3. it implements :meth:`_refresh` (compute, then fill the views through
       :mod:`evalbook._core.render`: tables, colours, numbers in the display language and
       plots as inline SVG, light enough to redraw at every step of a slider) and
       :meth:`_repr_fields` (what its repr shows).

    A value no control can mean (NaN or ±inf in a number control, ``None`` or a value
    outside the options of a choice) is refused: the control goes back to its previous
    value, the views keep showing it, and a ValueError names the control. A subclass adds
    its own rules in :meth:`_check_control`.

    As the last expression of a notebook cell the explorer displays as :attr:`widget`;
    where widgets cannot be shown (a terminal, a notebook rendered without a kernel) its
    repr stands in.

    **Registration.** A subclass registers itself when its module is imported (its name in
    :data:`REGISTRY`) and builds an instance on small data of its own with
    :meth:`example`; :func:`evalbook.widgets.explorers` imports the package's modules and
    returns the registry, which the tests, the benchmarks and the book read. Adding an
    explorer is one module plus its name in ``evalbook.widgets.__all__``.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.__name__.startswith("_"):
            REGISTRY[cls.__name__] = cls

    @classmethod
    def example(cls) -> Explorer:
        """The explorer built on small data of its own (no course's data), for the tests,
        the benchmarks and anyone trying it: every subclass defines it."""
        raise NotImplementedError(f"{cls.__name__} defines no example()")

    _widget = None
    _views: tuple = ()
    _controls: dict | None = None
    _restoring = False
    _guess = None  # the committed guess (guess-first mode), or None
    _guess_control: str | None = None  # the control whose value is the guess
    commit_button = None

    # ------------------------------------------------------------------ building
    def _setup(self, controls: dict, views, layout, *, attributes: bool = True) -> None:
        """Wire ``controls`` (name → widget) to :meth:`_refresh` and show ``layout``.

        Each control becomes the public attribute of its name (unless ``attributes`` is
        False: names that are not identifiers); its name is also the one error messages
        use. ``views`` are the HTML widgets whose values make :attr:`html`; ``layout`` is
        the container displayed.
        """
        self._controls = dict(controls)
        for name, control in self._controls.items():
            if attributes:
                setattr(self, name, control)
            # a value is checked before the widget's own validation, which would clamp
            # ±inf to a slider's end or raise traitlets' TraitError for None
            control.add_traits(value=_CheckedValue(self, name, control.traits()["value"]))
            control.observe(self._on_change, names="value")
        self._views = tuple(views)
        self._widget = with_keyboard(layout)  # a clicked control keeps the focus on a slide
        self._refresh()

    def _guess_first_box(self, control: str, enabled: bool):
        """The guess-first row (an instruction and the "lock in my guess" button) for the
        control named ``control``, or None when not ``enabled``. Call it before
        :meth:`_setup` and put the row in the layout."""
        if not enabled:
            return None
        self._guess_control = control
        self.commit_button = widgets.Button(
            description=say(_TEXT, "commit"),
            button_style="warning",
            layout=widgets.Layout(width="auto"),
        )
        self.commit_button.on_click(lambda _: self.commit_guess())
        self._guess_note = widgets.HTML(say(_TEXT, "guess_first"))
        return widgets.HBox([self.commit_button, self._guess_note])

    @property
    def guess_first(self) -> bool:
        """Whether the explorer was built in guess-first mode."""
        return self._guess_control is not None

    @property
    def committed_guess(self):
        """The committed guess (the control's value when it was locked in), or None."""
        return self._guess

    @property
    def answer_shown(self) -> bool:
        """False while a guess-first explorer waits for the guess: its answer is hidden."""
        return self._guess_control is None or self._guess is not None

    def commit_guess(self) -> None:
        """Lock in the control's current value as the guess and show the answer; a second
        call changes nothing (the first guess stays)."""
        if self._guess_control is None:
            raise ValueError("this explorer was built without guess_first=True")
        if self._guess is not None:
            return
        self._guess = self._controls[self._guess_control].value
        self.commit_button.disabled = True
        shown = number(self._guess, 3) if isinstance(self._guess, float) else self._guess
        self._guess_note.value = say(_TEXT, "locked", value=shown)
        self._refresh()

    # ------------------------------------------------------------------ wiring
    def _on_change(self, change) -> None:
        if not self._restoring:
            self._refresh(change)

    def _check_control(self, name: str, value) -> str | None:
        """Why ``value`` is refused for the control ``name`` (None to accept it)."""
        return None

    def _refresh(self, change=None) -> None:
        """Recompute the numbers and fill the views (a subclass implements it)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ public face
    @property
    def widget(self):
        """The ipywidgets container that a notebook displays (read-only)."""
        return self._widget

    @property
    def html(self) -> str:
        """The HTML the explorer currently shows (its views, in order; a drag view as its
        static SVG; a view inside a closed fold as a closed ``<details>`` under the fold's
        title, as the page shows it)."""
        folded = _folded_titles(self._widget)
        parts = []
        for view in self._views:
            shown = getattr(view, "html", None) or view.value
            title = folded.get(id(view))
            if title is not None:
                shown = f"<details><summary>{_html.escape(title)}</summary>{shown}</details>"
            parts.append(shown)
        return "".join(parts)

    def _repr_fields(self) -> dict:
        """What the repr shows, name → value (a subclass implements it)."""
        return {name: control.value for name, control in self._controls.items()}

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={_repr_value(v)}" for name, v in self._repr_fields().items())
        return f"{type(self).__name__}({fields})"

    def _repr_mimebundle_(self, include=None, exclude=None):
        show = getattr(self.widget, "_repr_mimebundle_", None)  # None once the widget is closed
        bundle = show(include=include, exclude=exclude) if show is not None else None
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        return bundle


def _repr_value(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return repr(bool(value))
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        return f"{float(value):g}"
    if isinstance(value, np.generic):
        return repr(value.item())
    return repr(value)


class _CheckedValue(traitlets.TraitType):
    """The ``value`` trait of an explorer's control: refuses, with a ValueError naming the
    control, what the control cannot mean, then validates as the widget's own trait."""

    def __init__(self, explorer: Explorer, name: str, inner: traitlets.TraitType):
        super().__init__(inner.default_value, allow_none=False, help=inner.help)
        self.tag(**{key: v for key, v in inner.metadata.items() if key != "help"})
        self._explorer = explorer
        self._control = name
        self._inner = inner

    def validate(self, obj, value):
        problem = _generic_problem(obj, self._inner, value) or self._explorer._check_control(
            self._control, value
        )
        if problem:
            raise ValueError(
                f"{self._control} {problem}; got {_shown(value)}. The explorer keeps {obj.value!r}"
            )
        return self._inner.validate(obj, value) if hasattr(self._inner, "validate") else value


def _shown(value) -> str:
    """``repr(value)``, short even for an int of thousands of digits."""
    if isinstance(value, numbers.Integral) and abs(value) >= 10**30:
        return f"an int of about 10^{math.log10(abs(value)):.0f}"
    return repr(value)


def _option_values(options) -> list:
    """The values a choice control can take: its options, or the second of (label, value)."""
    items = options.items() if isinstance(options, Mapping) else options
    return [o[1] if isinstance(o, tuple) and len(o) == 2 else o for o in items]


def _generic_problem(control, inner, value) -> str | None:
    """What no control accepts: a value outside a choice's options, a number that is not
    finite or not a number, a fraction where a whole number is meant, a non-bool switch."""
    options = getattr(control, "options", None)
    if options is not None and not isinstance(options, str):
        known = _option_values(options)
        try:
            found = any(value is v or (type(value) is type(v) and value == v) for v in known)
        except (TypeError, ValueError):
            found = False
        return None if found else f"must be one of its options {known!r}"
    if isinstance(inner, traitlets.Bool):
        if not isinstance(value, (bool, np.bool_)):
            return "must be True or False"
        return None
    if isinstance(inner, traitlets.Unicode):
        return None if isinstance(value, str) else "must be a string"
    if not isinstance(inner, (traitlets.Float, traitlets.Int)):
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return "must be a number"
    try:
        number = float(value)
    except OverflowError:  # an int beyond a float's range
        return "must be a number within the control's range"
    if not math.isfinite(number):
        return "must be a finite number"
    if isinstance(inner, traitlets.Int) and not number.is_integer():
        return "must be a whole number"
    if isinstance(inner, traitlets.Int) and not isinstance(value, numbers.Integral):
        return None
    if abs(number) > 2**63 - 1 and isinstance(inner, traitlets.Int):
        return "must be a whole number within the control's range"
    return None
