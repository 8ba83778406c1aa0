"""The base of every explorer: controls, views, the wiring between them, the repr, display."""

from __future__ import annotations

import math
import numbers

import numpy as np

from evalbook._render import figure_png


class Explorer:
    """Base of every explorer: it owns the controls, the views, their wiring and the repr.

    A subclass says only what it computes and shows:

    1. it checks its arguments and builds its controls (ipywidgets);
    2. it calls :meth:`_setup` with the controls by name (each becomes a public attribute
       whose ``.value`` tests and lessons set), its HTML views and its layout; the base
       observes every control, refuses a bad value and calls :meth:`_refresh`;
    3. it implements :meth:`_refresh` (compute, then fill the views through
       :mod:`evalbook._render`) and :meth:`_repr_fields` (what its repr shows);
    4. optionally :meth:`_figure` (a matplotlib figure), which the base draws into
       :attr:`_plot` as PNG the first time the explorer is displayed and after each change.

    A value no control can mean (NaN or ±inf in a number control, ``None`` or a value
    outside the options of a choice) is refused: the control goes back to its previous
    value, the views keep showing it, and a ValueError names the control. A subclass adds
    its own rules in :meth:`_check_control`.

    As the last expression of a notebook cell the explorer displays as :attr:`widget`;
    where widgets cannot be shown (a terminal, a notebook rendered without a kernel) its
    repr stands in.
    """

    _widget = None
    _plot = None
    _views: tuple = ()
    _controls: dict | None = None
    _displayed = False
    _restoring = False

    # ------------------------------------------------------------------ building
    def _setup(self, controls: dict, views, layout, *, attributes: bool = True) -> None:
        """Wire ``controls`` (name → widget) to :meth:`_refresh` and show ``layout``.

        Each control becomes the public attribute of its name (unless ``attributes`` is
        False: names that are not identifiers); its name is also the one error messages
        use. ``views`` are the HTML widgets whose values make :attr:`html`; ``layout`` is
        the container displayed (it may hold the image made by :meth:`_plot_widget`).
        """
        self._controls = dict(controls)
        for name, control in self._controls.items():
            if attributes:
                setattr(self, name, control)
            control.observe(self._on_change, names="value")
        self._views = tuple(views)
        self._widget = layout
        self._refresh()

    def _plot_widget(self, width: int, height: int):
        """The image the explorer's figure is drawn into, fixed at ``width`` × ``height`` px."""
        import ipywidgets as widgets

        self._plot = widgets.Image(
            format="png",
            layout=widgets.Layout(
                width=f"{width}px",
                height=f"{height}px",
                object_fit="contain",
                align_self="flex-start",
                flex="0 0 auto",
            ),
        )
        return self._plot

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
        if self._displayed:
            self._draw()

    def _check_control(self, name: str, value) -> str | None:
        """Why ``value`` is refused for the control ``name`` (None to accept it)."""
        return None

    def _refresh(self, change=None) -> None:
        """Recompute the numbers and fill the views (a subclass implements it)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ figure
    def _figure(self):
        """A matplotlib figure of the current state (for explorers that draw one)."""
        return None

    def _draw(self) -> None:
        if self._plot is None:
            return
        fig = self._figure()
        if fig is not None:
            self._plot.value = figure_png(fig)

    def _before_display(self) -> None:
        """Draw the figure the first time the explorer is shown (tests never pay for it)."""
        if not self._displayed:
            self._displayed = True
            self._draw()

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
        self._before_display()
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
