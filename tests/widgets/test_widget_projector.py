"""Every explorer at the projector: its text readable from the back row, its plots on a slide.

A slide of a lesson presented at 1280×720 gives an explorer about 1240×600 px below a
one-line heading, of which the output area takes about 1115 px in width (measured in deck
mode: the output starts at x = 89 and the cell ends at x = 1205), and the deck sets the
widgets' font to 16 px. These tests read what each
explorer draws (its views' HTML, its controls' layout) and check:

- every SVG text is drawn at 14 px or more: its ``font-size`` times the SVG's rendered
  width over its ``viewBox`` width (1 when the SVG has no viewBox: drawn at its size);
- no HTML text is set smaller than the widgets' font: no ``font-size`` in px below 14, in
  % or em below 100, no ``small``/``smaller`` and no ``<small>`` (HTML text follows
  ``var(--jp-widgets-font-size)``, which the deck sets to 16 px);
- every plot fits the slide (at most 1100 × 600 px) and the plots and fixed-width controls
  laid side by side in one row add up to at most 1100 px (the gaps between them fit in
  what is left of the output area's width).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import ipywidgets as widgets
import numpy as np
import pytest
from sklearn.datasets import make_classification

from evalbook._core.svg import FONT_SIZES
from evalbook.widgets import (
    ComplexityExplorer,
    PositiveClassExplorer,
    PrecisionRecallExplorer,
    ThresholdExplorer,
    explorers,
)
from evalcourse.datasets import spam_predictions

SLIDE = (1100, 600)  # width and height an explorer gets on a 1280×720 slide, in px
SMALLEST = 14  # px: the smallest text a class reads from the back row


def _spam():
    data = spam_predictions()
    return data.target, data.score


def _scores(n=400, seed=0):
    rng = np.random.default_rng(seed)
    y = np.where(rng.random(n) < 0.3, "p", "n")
    scores = 1 / (1 + np.exp(-(rng.normal(size=n) + np.where(y == "p", 1.5, -1.5))))
    return y, scores


#: Every registered explorer's example, and the lessons' data or sizes where they differ.
EXPLORERS = {
    **{name: cls.example for name, cls in explorers().items()},
    "threshold_lesson": lambda: ThresholdExplorer(*_spam(), positive="spam"),
    "threshold_many": lambda: ThresholdExplorer(*_scores(), positive="p"),
    "precision_recall_many": lambda: PrecisionRecallExplorer(*_scores(), positive="p"),
    "complexity_tree": lambda: ComplexityExplorer(
        *make_classification(80, n_features=2, n_redundant=0, random_state=0)
    ),
    "complexity_knn": lambda: ComplexityExplorer(
        *make_classification(80, n_features=2, n_redundant=0, random_state=0), model="knn"
    ),
    "positive_class_lesson": lambda: PositiveClassExplorer(
        spam_predictions().target, spam_predictions().prediction, labels=["spam", "ham"]
    ),
}


@pytest.fixture(scope="module", params=sorted(EXPLORERS))
def explorer(request):
    return EXPLORERS[request.param]()


def _svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in re.findall(r"<svg\b.*?</svg>", html, flags=re.S)]


def _drawn_font_sizes(svg: ET.Element) -> list[float]:
    """The size each text of ``svg`` is drawn at: font-size × rendered width / viewBox width."""
    width = float(svg.get("width"))
    box = svg.get("viewBox")
    scale = width / float(box.split()[2]) if box else 1.0
    return [
        float(text.get("font-size")) * scale
        for text in svg.iter("{http://www.w3.org/2000/svg}text")
    ]


def _width(widget) -> float:
    """The px a widget takes in a row: fixed widths, plots side by side (tables unknown: 0)."""
    fixed = getattr(getattr(widget, "layout", None), "width", None)
    if isinstance(fixed, str) and fixed.endswith("px"):
        return float(fixed[:-2])
    if isinstance(widget, widgets.HBox):
        return sum(_width(child) for child in widget.children)
    if isinstance(widget, (widgets.Box, widgets.Accordion)):
        return max((_width(child) for child in widget.children), default=0.0)
    if isinstance(widget, widgets.HTML):
        return sum(float(svg.get("width")) for svg in _svgs(widget.value))
    return 0.0


def test_every_svg_text_is_drawn_at_14_px_or_more(explorer):
    svgs = _svgs(explorer.html)
    sizes = [size for svg in svgs for size in _drawn_font_sizes(svg)]
    if svgs:
        assert sizes, "an explorer's plot has no text: no axis, no tick"
    assert all(size >= SMALLEST for size in sizes), sorted(sizes)[:5]


def test_no_html_text_is_set_smaller_than_the_widgets_font(explorer):
    html = re.sub(r"<svg\b.*?</svg>", "", explorer.html, flags=re.S)
    assert "<small" not in html
    for value, unit in re.findall(r"font-size:\s*([\d.]+)(px|%|em)", html):
        limit = {"px": SMALLEST, "%": 100, "em": 1}[unit]
        assert float(value) >= limit, f"font-size:{value}{unit}"
    assert not re.search(r"font-size:\s*(x-|xx-)?small", html)


def test_every_plot_fits_the_slide_and_a_row_fits_its_width(explorer):
    for svg in _svgs(explorer.html):
        assert float(svg.get("width")) <= SLIDE[0]
        assert float(svg.get("height")) <= SLIDE[1]
    assert _width(explorer.widget) <= SLIDE[0]


def test_the_font_sizes_of_the_plots_are_at_least_14_px():
    assert min(FONT_SIZES.values()) >= SMALLEST


def test_the_drawn_size_follows_the_viewbox():
    svg = ET.fromstring(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" viewBox="0 0 600 400">'
        '<text font-size="20">a</text></svg>'
    )
    assert _drawn_font_sizes(svg) == [10.0]


def test_the_threshold_plots_are_wide_enough_to_read():
    explorer = ThresholdExplorer(*_spam(), positive="spam")
    widths = [float(svg.get("width")) for svg in _svgs(explorer.html)]
    assert len(widths) == 3
    assert min(widths) >= 250  # were 184 px: 8-9 px ticks on 146 px of axis
