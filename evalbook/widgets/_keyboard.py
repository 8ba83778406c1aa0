"""The keyboard on an explorer: a clicked control keeps the focus, Esc hands it back.

In JupyterLab a click on an explorer's control makes its cell the active one, and the
deck mode (jupyterlab-slideshow) then focuses that cell: the control loses the focus it
just got, and → moves the slides instead of the slider. :func:`with_keyboard` gives an
explorer's container a small front-end behaviour (an invisible ``anywidget`` in it):

- a click on a control (a slider's handle or track, a box, a button, a menu, a drag view
  of :mod:`evalbook.widgets._canvas`) leaves the
  focus on that control (the slider's handle for a click on its track);
- while a control has the focus, every key goes to it (arrows move a slider; JupyterLab's
  and the deck's shortcuts are off inside the explorer: Lumino's
  ``data-lm-suppress-shortcuts``);
- Esc gives the focus back to the explorer's cell: the arrows, Space and Esc drive the
  notebook or the deck again. A click outside the controls does the same (JupyterLab's
  own behaviour).

Without a browser (tests, a terminal) the added widget is one more inert child.
"""

from __future__ import annotations

import anywidget
import ipywidgets
import traitlets

#: The class that marks the container whose controls keep the focus.
CONTAINER_CLASS = "evalbook-keyboard"

_ESM = """
const CONTROL =
  '.noUi-handle, .evalbook-canvas, input, select, textarea, button, [contenteditable="true"]';

function attach(root) {
  if (root.dataset.evalbookKeyboard) return;
  root.dataset.evalbookKeyboard = 'on';
  root.setAttribute('data-lm-suppress-shortcuts', 'true');
  let wanted = null;
  let until = 0;
  const keep = () => {
    if (wanted && wanted.isConnected && Date.now() < until && document.activeElement !== wanted) {
      wanted.focus();
    }
  };
  root.addEventListener('pointerdown', (event) => {
    const slider = event.target.closest('.noUi-target');
    wanted = slider ? slider.querySelector('.noUi-handle') : event.target.closest(CONTROL);
    until = Date.now() + 1500;
  }, true);
  root.addEventListener('pointerup', () => setTimeout(keep, 0), true);
  // the deck focuses the newly active cell a moment after the click: take the focus back
  root.addEventListener('focusout', (event) => {
    const cell = root.closest('.jp-Cell');
    if (wanted && event.relatedTarget === cell) setTimeout(keep, 0);
  });
  document.addEventListener('pointerdown', (event) => {
    if (!root.contains(event.target)) wanted = null;
  }, true);
  root.addEventListener('keydown', (event) => {
    const cell = root.closest('.jp-Cell');
    if (event.key !== 'Escape' || !cell) return;
    event.preventDefault();
    event.stopPropagation();
    wanted = null;
    cell.focus();
  });
}

function render({ el }) {
  let tries = 0;
  const find = () => {
    const root = el.closest('.' + CONTAINER_CLASS);
    if (root) attach(root);
    else if (tries++ < 600) requestAnimationFrame(find);
  };
  find();
}

export default { render };
""".replace("CONTAINER_CLASS", repr(CONTAINER_CLASS))


class _Keyboard(anywidget.AnyWidget):
    """Invisible; in a browser it gives the container around it the keyboard behaviour."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)


def with_keyboard(container: ipywidgets.Box) -> ipywidgets.Box:
    """Give an explorer's ``container`` the keyboard behaviour; return the container.

    >>> import ipywidgets
    >>> box = with_keyboard(ipywidgets.VBox([ipywidgets.FloatSlider()]))
    >>> CONTAINER_CLASS in box._dom_classes, len(box.children)
    (True, 2)
    """
    container.add_class(CONTAINER_CLASS)
    helper = _Keyboard(layout=ipywidgets.Layout(display="none"))
    container.children = (*container.children, helper)
    return container
