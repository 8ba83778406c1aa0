"""The drag/click view (evalbook.widgets._canvas) and the base's calm-screen and
guess-first hooks (evalbook.widgets._base), driven from Python as the browser drives them."""

from __future__ import annotations

import ipywidgets
import pytest

from evalbook._core.svg import Line, Points, svg_plot
from evalbook.widgets._base import HEADLINE_MAX, fold, headline_html
from evalbook.widgets._canvas import DragCanvas


def _plot(marker=0.5, width=300, height=200):
    return svg_plot(
        [Line([0, 1], [0, 1])],
        points=[Points([marker], [marker], colour="#000", radius=4.5, mark=True)],
        x_range=(0, 1),
        y_range=(0, 1),
        width=width,
        height=height,
        marker=marker,
    )


def test_a_drag_sets_the_linked_control_and_the_control_moves_the_mark():
    slider = ipywidgets.FloatSlider(value=0.5, min=0, max=1, step=0.01)
    canvas = DragCanvas(width=300, height=200, x_step=0.01)
    canvas.svg = _plot()
    canvas.link(slider)
    assert canvas.x == 0.5
    canvas.x = 0.31  # a step of a drag
    assert slider.value == 0.31
    slider.value = 0.8
    assert canvas.x == 0.8


def test_a_click_snaps_to_the_nearest_option_of_a_selection():
    slider = ipywidgets.SelectionSlider(options=[1, 2, 3, 5, 8], value=3)
    canvas = DragCanvas(mode="click-x", x_options=[1, 2, 3, 5, 8])
    canvas.link(slider)
    canvas.x = 6.7  # the browser snaps; Python too
    assert slider.value == 8 and isinstance(slider.value, int)


def test_pixels_and_data_coordinates_convert_both_ways_on_the_plot_area():
    canvas = DragCanvas(width=300, height=200)
    canvas.svg = _plot()
    frame = canvas.frame
    assert frame["x_range"] == (0.0, 1.0) and frame["y_range"] == (0.0, 1.0)
    px, py = canvas.value_to_pixel(0.25, 0.75)
    assert canvas.pixel_to_value(px, py) == pytest.approx((0.25, 0.75))
    # the plot's left edge is x = 0 and its right edge x = 1
    assert canvas.pixel_to_value(frame["left"])[0] == pytest.approx(0.0)
    assert canvas.pixel_to_value(frame["left"] + frame["width"])[0] == pytest.approx(1.0)


def test_on_a_log_axis_the_pointer_maps_along_the_logarithm():
    canvas = DragCanvas(mode="click-x", x_log=True, x_step=1, x_min=1, x_max=1000)
    canvas.svg = svg_plot(x_range=(1, 1000), y_range=(0, 1), x_log=True)
    frame = canvas.frame
    # each third of the axis is a power of ten: 1, 10, 100, 1000
    for share, x in ((0, 1), (1 / 3, 10), (2 / 3, 100), (1, 1000)):
        assert canvas.pixel_to_value(frame["left"] + share * frame["width"])[0] == pytest.approx(x)
        assert canvas.value_to_pixel(x)[0] == pytest.approx(frame["left"] + share * frame["width"])
    # the browser maps the same way (and snaps to the step within x_min..x_max)
    assert "Math.log10(f.x0) + share * (Math.log10(f.x1) - Math.log10(f.x0))" in canvas._esm
    assert "model.get('x_log')" in canvas._esm
    linear = DragCanvas()
    linear.svg = canvas.svg
    assert linear.pixel_to_value(frame["left"] + frame["width"] / 3)[0] == pytest.approx(334)


def test_the_marks_the_browser_moves_while_dragging_are_tagged_and_sized():
    svg = _plot(0.5)
    assert svg.count("data-mark=") == 2  # the line and the dot
    assert 'data-mark="x"' in svg and 'stroke-width="3.0"' in svg
    assert 'r="4.5"' in svg  # a dot 9 px across


def test_the_static_picture_is_the_svg_in_a_box_of_its_fixed_size():
    canvas = DragCanvas(width=320, height=210)
    canvas.svg = _plot(width=320, height=210)
    assert canvas.html.startswith('<div class="evalbook-canvas" style="width:320px;height:210px">')
    assert canvas.svg in canvas.html


def test_the_browser_sends_at_most_one_value_per_redraw_budget():
    """A drag sends a value at most every 40 ms: under the explorers' 50 ms redraw target."""
    assert DragCanvas().throttle_ms == 40


def test_the_headline_holds_at_most_four_numbers_at_two_or_three_decimals():
    text = headline_html([("a", 0.123456), ("b", 2), ("c", 0.5), ("d", 1.0)], digits=2)
    assert text.count("data-headline=") == HEADLINE_MAX == 4
    assert ">0.12<" in text and ">2<" in text
    with pytest.raises(ValueError, match="at most 4"):
        headline_html([("x", 1.0)] * 5)
    with pytest.raises(ValueError, match="digits"):
        headline_html([("x", 1.0)], digits=4)


def test_a_fold_starts_closed():
    box = fold([ipywidgets.HTML("more")], "Mais")
    assert box.selected_index is None and box.get_title(0) == "Mais"
