"""The base class of the explorers: how an explorer shows itself in a notebook."""

from __future__ import annotations


class Explorer:
    """Base of every explorer: it displays :attr:`widget`, with ``repr(self)`` as its text.

    A subclass builds its controls (public attributes whose ``.value`` tests set) and its
    ipywidgets container in ``__init__``, assigns the container to ``self._widget``, and
    exposes the numbers it shows as read-only properties. As the last expression of a
    notebook cell the explorer displays as its widget; where widgets cannot be shown (a
    terminal, a notebook rendered without a kernel) its repr stands in.
    """

    _widget = None

    @property
    def widget(self):
        """The ipywidgets container that a notebook displays (read-only)."""
        return self._widget

    def _before_display(self) -> None:
        """Hook run each time the explorer is displayed (e.g. to draw a plot lazily)."""

    def _repr_mimebundle_(self, include=None, exclude=None):
        self._before_display()
        show = getattr(self.widget, "_repr_mimebundle_", None)  # None once the widget is closed
        bundle = show(include=include, exclude=exclude) if show is not None else None
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        return bundle
