"""The base of every explorer: controls, views, the wiring between them, the repr, display."""

from __future__ import annotations

import math
import numbers

import numpy as np


class Explorer:
    """Base of every explorer: it owns the controls, the views, their wiring and the repr.

    A subclass says only what it computes and shows:

    1. it checks its arguments and builds its controls (ipywidgets);
    2. it calls :meth:`_setup` with the controls by name (each becomes a public attribute
       whose ``.value`` tests and lessons set), its HTML views and its layout; the base
       observes every control, refuses a bad value and calls :meth:`_refresh`;
    3. it implements :meth:`_refresh` (compute, then fill the views through
       :mod:`evalbook._render`: tables, colours, numbers in the display language and
       plots as inline SVG, light enough to redraw at every step of a slider) and
       :meth:`_repr_fields` (what its repr shows).

    A value no control can mean (NaN or ±inf in a number control, ``None`` or a value
    outside the options of a choice) is refused: the control goes back to its previous
    value, the views keep showing it, and a ValueError names the control. A subclass adds
    its own rules in :meth:`_check_control`.

    As the last expression of a notebook cell the explorer displays as :attr:`widget`;
    where widgets cannot be shown (a terminal, a notebook rendered without a kernel) its
    repr stands in.
    """

    _widget = None
    _views: tuple = ()
    _controls: dict | None = None
    _restoring = False

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
            control.observe(self._on_change, names="value")
        self._views = tuple(views)
        self._widget = layout
        self._refresh()

    # ------------------------------------------------------------------ wiring
    def _on_change(self, change) -> None:
        if self._restoring:
            return
        control = change["owner"]
        name = next(key for key, value in self._controls.items() if value is control)
        problem = _generic_problem(control, change["new"]) or self._check_control(
            name, change["new"]
        )
        if problem:
            self._restoring = True
            try:
                control.value = change["old"]
            finally:
                self._restoring = False
            raise ValueError(
                f"{name} {problem}; got {change['new']!r}. The explorer keeps {change['old']!r}"
            )
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
        """The HTML the explorer currently shows (its views, in order)."""
        return "".join(view.value for view in self._views)

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


def _generic_problem(control, value) -> str | None:
    """What no control accepts: a missing choice, or a number that is not finite."""
    options = getattr(control, "options", None)
    if options is not None and not isinstance(options, str):
        if value is None:
            return "must be one of its options"
        return None
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        if not math.isfinite(float(value)):
            return "must be a finite number"
    elif value is None and hasattr(control, "min"):
        return "must be a number"
    return None
