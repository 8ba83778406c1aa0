"""The drag/click view of an explorer: drag the thing itself, or click a curve.

An explorer draws its plot as SVG (:func:`evalbook._core.svg.svg_plot`); a
:class:`DragCanvas` shows that SVG and turns the student's pointer into a value in the
plot's data coordinates: drag the vertical line (a threshold), drag a point (an outlier),
or click a curve (a depth, a prevalence). The value is the synced traitlet ``x`` (and
``y`` for a point); :meth:`DragCanvas.link` ties it both ways to the explorer's control,
so that:

- a drag updates the control **while dragging**: the browser sends at most one value
  every ``throttle_ms`` (40 ms by default, under the explorers' 50 ms redraw target of
  ``benchmarks/explorers.py``) and moves the mark at once under the pointer, without
  waiting for the kernel's new picture;
- the keyboard drives it too: the plot takes the focus (Tab), ← → (and ↑ ↓ for a point)
  move by one step, Shift by ten, Home and End go to the ends;
- Python drives it: setting the control's ``.value`` (or ``canvas.x``) moves the mark, as
  the tests do;
- nothing on the slide moves while dragging: the SVG has a fixed size in pixels and the
  view reserves it.

In the book, where no kernel runs, the explorer's static picture is its HTML
(:attr:`evalbook.widgets._base.Explorer.html`), which includes :attr:`DragCanvas.html`:
the same SVG, not interactive.

Why an anywidget rather than ipympl or bqplot: the explorers already draw their plots as
SVG text in about a millisecond (no matplotlib figure), and anywidget is already a
dependency (the keyboard helper). A ~150-line front end on that SVG adds no plotting
library, keeps one renderer for the lessons, the book's static pictures and the tests,
and keeps the drag to a pixel→data conversion in the browser; ipympl would redraw a
matplotlib canvas per step (tens of ms, a PNG round trip), and bqplot would bring a
second plotting model with its own styling and no static rendering for the book.
"""

from __future__ import annotations

import math

import anywidget
import traitlets

from evalbook._core.svg import plot_frame

__all__ = ["MODES", "DragCanvas"]

#: What a pointer does on the plot: drag a vertical line along x, drag a point up and
#: down (y), drag a point in x and y, or click (or drag along) a curve to choose an x.
MODES = ("drag-x", "drag-y", "drag-xy", "click-x")

#: The class of the view's element (the keyboard helper keeps the focus on it).
CANVAS_CLASS = "evalbook-canvas"

_ESM = r"""
function frameOf(svg) {
  const [left, top, width, height] = svg.dataset.plot.split(' ').map(Number);
  const [x0, x1] = svg.dataset.x.split(' ').map(Number);
  const [y0, y1] = svg.dataset.y.split(' ').map(Number);
  return { left, top, width, height, x0, x1, y0, y1 };
}

// where x sits along the x axis, as a share of its length (a log axis with x_log)
function along(x, f, log) {
  if (!log) return (x - f.x0) / (f.x1 - f.x0);
  return (Math.log10(x) - Math.log10(f.x0)) / (Math.log10(f.x1) - Math.log10(f.x0));
}

function render({ model, el }) {
  const box = document.createElement('div');
  box.className = 'CANVAS_CLASS';
  box.tabIndex = 0;
  box.setAttribute('role', 'slider');
  box.style.cssText = 'position:relative;outline-offset:2px;touch-action:none;user-select:none';
  el.appendChild(box);
  const sizeBox = () => {
    box.style.width = model.get('width') + 'px';
    box.style.height = model.get('height') + 'px';
    const cursors = { 'click-x': 'pointer', 'drag-x': 'ew-resize', 'drag-y': 'ns-resize' };
    box.style.cursor = cursors[model.get('mode')] || 'move';
    box.setAttribute('aria-label', model.get('label'));
  };
  let dragging = false;
  let origin = null;  // the mark's data position when the drag began
  const draw = () => {
    box.innerHTML = model.get('svg');
    const svg = box.querySelector('svg[data-plot]');
    if (svg) svg.style.display = 'block';
    box.setAttribute('aria-valuenow', String(model.get('x')));
  };
  const frame = () => {
    const svg = box.querySelector('svg[data-plot]');
    return svg ? frameOf(svg) : null;
  };
  const snap = (v, lo, hi, step, options) => {
    v = Math.min(Math.max(v, lo), hi);
    if (options && options.length) {
      return options.reduce((a, b) => (Math.abs(b - v) < Math.abs(a - v) ? b : a));
    }
    if (step > 0) v = lo + Math.round((v - lo) / step) * step;
    return Number(Math.min(Math.max(v, lo), hi).toPrecision(12));
  };
  const bounds = () => {
    const f = frame();
    const lo = model.get('x_min'), hi = model.get('x_max');
    return { f, lo: lo ?? f.x0, hi: hi ?? f.x1 };
  };
  // at most one value sent every throttle_ms while dragging; the last one always
  let last = 0, timer = null, pending = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    last = Date.now();
    model.set(pending);
    pending = null;
    model.save_changes();
  };
  const send = (values, now) => {
    pending = values;
    const wait = model.get('throttle_ms') - (Date.now() - last);
    if (now || wait <= 0) { clearTimeout(timer); flush(); }
    else if (!timer) timer = setTimeout(flush, wait);
  };
  // the mark follows the pointer at once; the kernel's picture replaces it on arrival
  const moveMarks = (x, y) => {
    const f = frame();
    if (!f || !origin) return;
    const log = model.get('x_log');
    const dx = x === null ? 0 : (along(x, f, log) - along(origin.x, f, log)) * f.width;
    const dy = y === null ? 0 : -(y - origin.y) / (f.y1 - f.y0) * f.height;
    for (const mark of box.querySelectorAll('[data-mark]')) {
      mark.setAttribute('transform', `translate(${dx.toFixed(1)},${dy.toFixed(1)})`);
    }
  };
  const valueAt = (event) => {
    const { f, lo, hi } = bounds();
    const svg = box.querySelector('svg[data-plot]');
    const rect = svg.getBoundingClientRect();
    const scale = rect.width / Number(svg.getAttribute('width')) || 1;
    const px = (event.clientX - rect.left) / scale, py = (event.clientY - rect.top) / scale;
    const share = (px - f.left) / f.width;
    const x = model.get('x_log')
      ? 10 ** (Math.log10(f.x0) + share * (Math.log10(f.x1) - Math.log10(f.x0)))
      : f.x0 + share * (f.x1 - f.x0);
    const y = f.y1 - (py - f.top) / f.height * (f.y1 - f.y0);
    const sx = snap(x, lo, hi, model.get('x_step'), model.get('x_options'));
    const ylo = model.get('y_min') ?? f.y0, yhi = model.get('y_max') ?? f.y1;
    const sy = snap(y, ylo, yhi, model.get('y_step'), null);
    return { x: sx, y: sy, inside: px >= f.left - 12 && px <= f.left + f.width + 12 };
  };
  const update = (event, now) => {
    const v = valueAt(event);
    const mode = model.get('mode');
    if (mode === 'drag-xy') { moveMarks(v.x, v.y); send({ x: v.x, y: v.y }, now); }
    else if (mode === 'drag-y') { moveMarks(null, v.y); send({ y: v.y }, now); }
    else { moveMarks(v.x, null); send({ x: v.x }, now); }
  };
  box.addEventListener('pointerdown', (event) => {
    if (!frame() || !valueAt(event).inside) return;
    dragging = true;
    origin = { x: model.get('x'), y: model.get('y') };
    box.setPointerCapture(event.pointerId);
    box.focus();
    update(event, true);
    event.preventDefault();
  });
  box.addEventListener('pointermove', (event) => { if (dragging) update(event, false); });
  const end = (event) => {
    if (!dragging) return;
    dragging = false;
    update(event, true);
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointercancel', end);
  box.addEventListener('keydown', (event) => {
    const f = frame();
    if (!f) return;
    const { lo, hi } = bounds();
    const options = model.get('x_options');
    const mode = model.get('mode');
    const many = event.shiftKey ? 10 : 1;
    let x = model.get('x'), y = model.get('y');
    const stepX = model.get('x_step') || (hi - lo) / 100;
    const stepY = model.get('y_step') || (f.y1 - f.y0) / 100;
    const ylo = model.get('y_min') ?? f.y0, yhi = model.get('y_max') ?? f.y1;
    const moveX = (delta) => {
      if (options && options.length) {
        const i = options.indexOf(x);
        const j = Math.min(Math.max((i < 0 ? 0 : i) + delta, 0), options.length - 1);
        return options[j];
      }
      return snap(x + delta * stepX, lo, hi, model.get('x_step'), null);
    };
    const first = options && options.length ? options[0] : lo;
    const last = options && options.length ? options[options.length - 1] : hi;
    const movesY = mode === 'drag-y' || mode === 'drag-xy';
    const movesX = mode !== 'drag-y';
    const key = event.key;
    if (movesX && key === 'ArrowRight') x = moveX(many);
    else if (movesX && key === 'ArrowLeft') x = moveX(-many);
    else if (movesX && key === 'Home') x = first;
    else if (movesX && key === 'End') x = last;
    else if (movesY && (key === 'ArrowUp' || key === 'ArrowDown')) {
      const sign = key === 'ArrowUp' ? 1 : -1;
      y = snap(y + sign * many * stepY, ylo, yhi, model.get('y_step'), null);
    } else return;
    event.preventDefault();
    event.stopPropagation();
    model.set(mode === 'drag-y' ? { y } : mode === 'drag-xy' ? { x, y } : { x });
    model.save_changes();
  });
  model.on('change:svg', () => {
    draw();  // the new picture has the mark where the kernel put it: drag on from there
    if (dragging) origin = { x: model.get('x'), y: model.get('y') };
  });
  model.on('change:x', () => box.setAttribute('aria-valuenow', String(model.get('x'))));
  model.on('change:width', sizeBox);
  model.on('change:height', sizeBox);
  sizeBox();
  draw();
}

export default { render };
""".replace("CANVAS_CLASS", CANVAS_CLASS)


class DragCanvas(anywidget.AnyWidget):
    """An SVG plot (of :func:`~evalbook._core.svg.svg_plot`) whose mark the student drags.

    The explorer sets :attr:`svg` at each refresh (the plot with the mark at the current
    value); the browser reports the dragged or clicked value in data coordinates in
    :attr:`x` (and :attr:`y` in ``"drag-xy"`` mode). :meth:`link` ties ``x`` to a
    control's ``value`` both ways.

    Parameters
    ----------
    mode : {"drag-x", "drag-y", "drag-xy", "click-x"}
        Drag a vertical line, drag a point up and down or anywhere, or click a curve to
        choose an x.
    width, height : int
        The SVG's fixed size in pixels (the view reserves it: nothing moves).
    label : str
        What the view is, for a screen reader (``aria-label``).
    x_step, y_step : float, optional
        Values snap to multiples of the step from the lower end (0: no snapping).
    x_options : sequence of float, optional
        The values ``x`` can take (a depth, a k): a click snaps to the nearest.
    x_min, x_max, y_min, y_max : float, optional
        The range of the value (default: the plot's axes).
    x_log : bool, default False
        The plot's x axis is logarithmic (``svg_plot(x_log=True)``): the pointer maps to x
        along it.

    Examples
    --------
    >>> from evalbook._core.svg import svg_plot
    >>> import ipywidgets
    >>> slider = ipywidgets.FloatSlider(value=0.5, min=0, max=1, step=0.01)
    >>> canvas = DragCanvas(mode="drag-x", width=300, height=200, x_step=0.01)
    >>> canvas.svg = svg_plot(x_range=(0, 1), y_range=(0, 1), width=300, height=200, marker=0.5)
    >>> canvas.link(slider)
    >>> canvas.x = 0.25  # what a drag in the browser does
    >>> slider.value
    0.25
    >>> slider.value = 0.75  # and Python moves the mark
    >>> canvas.x
    0.75
    """

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    x = traitlets.Float(0.0).tag(sync=True)
    y = traitlets.Float(0.0).tag(sync=True)
    mode = traitlets.Enum(MODES, default_value="drag-x").tag(sync=True)
    width = traitlets.Int(300).tag(sync=True)
    height = traitlets.Int(200).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    x_step = traitlets.Float(0.0).tag(sync=True)
    y_step = traitlets.Float(0.0).tag(sync=True)
    x_options = traitlets.List(traitlets.Float()).tag(sync=True)
    x_min = traitlets.Float(None, allow_none=True).tag(sync=True)
    x_max = traitlets.Float(None, allow_none=True).tag(sync=True)
    y_min = traitlets.Float(None, allow_none=True).tag(sync=True)
    y_max = traitlets.Float(None, allow_none=True).tag(sync=True)
    x_log = traitlets.Bool(False).tag(sync=True)
    #: At most one value is sent every this many milliseconds while dragging.
    throttle_ms = traitlets.Int(40).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class(CANVAS_CLASS + "-view")

    @property
    def html(self) -> str:
        """The picture as static HTML: the SVG in a box of its fixed size."""
        return (
            f'<div class="{CANVAS_CLASS}" style="width:{self.width}px;height:{self.height}px">'
            f"{self.svg}</div>"
        )

    @property
    def value(self) -> str:
        """The current SVG, as an HTML view's ``value`` (what the benchmarks read as shown);
        the dragged value is :attr:`x`."""
        return self.svg

    @property
    def frame(self) -> dict:
        """The current SVG's plot area (pixels) and ranges (:func:`plot_frame`)."""
        return plot_frame(self.svg)

    def pixel_to_value(self, px: float, py: float | None = None) -> tuple[float, float]:
        """The data coordinates of the pixel (``px``, ``py``) of the SVG, before snapping:
        what the browser computes for a pointer, for the tests.

        >>> from evalbook._core.svg import svg_plot
        >>> canvas = DragCanvas(width=300, height=200)
        >>> canvas.svg = svg_plot(x_range=(0, 10), y_range=(0, 1), width=300, height=200)
        >>> f = canvas.frame
        >>> canvas.pixel_to_value(f["left"] + f["width"] / 2)[0]
        5.0
        >>> canvas.x_log = True  # on a log axis from 1 to 100, the middle is 10
        >>> canvas.svg = svg_plot(x_range=(1, 100), y_range=(0, 1), x_log=True)
        >>> round(canvas.pixel_to_value(canvas.frame["left"] + canvas.frame["width"] / 2)[0], 9)
        10.0
        """
        f = self.frame
        (x0, x1), (y0, y1) = f["x_range"], f["y_range"]
        share = (px - f["left"]) / f["width"]
        if self.x_log:
            x = 10 ** (math.log10(x0) + share * (math.log10(x1) - math.log10(x0)))
        else:
            x = x0 + share * (x1 - x0)
        y = math.nan if py is None else y1 - (py - f["top"]) / f["height"] * (y1 - y0)
        return x, y

    def value_to_pixel(self, x: float, y: float | None = None) -> tuple[float, float]:
        """The pixel of the data point (``x``, ``y``) on the current SVG."""
        f = self.frame
        (x0, x1), (y0, y1) = f["x_range"], f["y_range"]
        if self.x_log:
            share = (math.log10(x) - math.log10(x0)) / (math.log10(x1) - math.log10(x0))
        else:
            share = (x - x0) / (x1 - x0)
        px = f["left"] + share * f["width"]
        py = math.nan if y is None else f["top"] + (y1 - y) / (y1 - y0) * f["height"]
        return px, py

    def link(self, control, *, name: str = "x", to_control=None, from_control=float) -> None:
        """Tie this view's ``name`` (``"x"`` or ``"y"``) and ``control.value`` both ways.

        ``to_control`` turns the view's float into the control's value (default: the
        nearest of ``x_options`` when given, else the float itself); ``from_control`` the
        other way.
        """
        if to_control is None:
            to_control = self._nearest_option if name == "x" and self.x_options else float
        busy = []  # a change being passed on: the echo of it is not passed back

        def to_control_value(change):
            if not busy:
                busy.append(True)
                try:
                    control.value = to_control(change["new"])
                finally:
                    busy.clear()

        def from_control_value(change):
            if not busy:
                busy.append(True)
                try:
                    setattr(self, name, from_control(change["new"]))
                finally:
                    busy.clear()

        setattr(self, name, from_control(control.value))
        self.observe(to_control_value, names=name)
        control.observe(from_control_value, names="value")

    def _nearest_option(self, value: float):
        best = min(self.x_options, key=lambda option: abs(option - value))
        return int(best) if float(best).is_integer() else best
