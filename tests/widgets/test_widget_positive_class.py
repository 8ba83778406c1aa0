"""PositiveClassExplorer driven from Python, without a browser (handout 000, Tabela 7)."""

import re
from collections import Counter

import numpy as np
import pytest

import evalbook
from evalbook._core.render import confusion_html
from evalbook.widgets import (
    PositiveClassExplorer,
)
from evalbook.widgets.positive_class import RESULT_COLOURS
from evalcourse import datasets

# Swapping the positive class of a binary problem swaps these result types.
FLIP = {"TP": "TN", "TN": "TP", "FP": "FN", "FN": "FP"}

# Handout 000, Tabela 7, column Res. at threshold 0.5 (positive = spam), by e-mail id.
SPAM_RESULT_IDS = {
    "TP": {4, 6, 8, 9, 10, 18},
    "FN": {1, 2, 12},
    "FP": {17, 20},
    "TN": {3, 5, 7, 11, 13, 14, 15, 16, 19},
}

ROW = re.compile(r'<tr data-result="(TP|FN|FP|TN)" style="background:(#[0-9a-f]{6})[;"]')


@pytest.fixture
def spam():
    return datasets.spam_predictions()


@pytest.fixture
def explorer(spam):
    return PositiveClassExplorer(spam.target, spam.prediction, labels=["spam", "ham"], ids=spam.id)


def cells(cm):
    return cm.tp, cm.fn, cm.fp, cm.tn


def table_rows(explorer):
    """(result type, background colour) of each row of the rendered table, in order."""
    return ROW.findall(explorer.table_view.value)


# ---------------------------------------------------------------------- the SPAM example
def test_starts_with_the_first_label_as_positive(explorer):
    assert explorer.positive.value == "spam"
    assert [value for _, value in explorer.positive.options] == ["spam", "ham"]


def test_spam_positive_gives_the_handout_matrix(explorer):
    cm = explorer.confusion_matrix
    assert cm.labels == ["spam", "ham"]
    assert cells(cm) == (6, 3, 2, 9)
    assert explorer.counts == {"TP": 6, "FN": 3, "FP": 2, "TN": 9}


def test_spam_positive_result_types_match_tabela_7(explorer, spam):
    types = explorer.result_types
    assert types.shape == (20,)
    for kind, ids in SPAM_RESULT_IDS.items():
        assert set(spam.id[types == kind]) == ids, kind


def test_ham_positive_gives_the_swapped_matrix(explorer):
    explorer.positive.value = "ham"
    cm = explorer.confusion_matrix
    assert cm.labels == ["ham", "spam"]
    assert cells(cm) == (9, 2, 3, 6)
    assert explorer.counts == {"TP": 9, "FN": 2, "FP": 3, "TN": 6}


def test_switching_positive_flips_every_result_type(explorer):
    before = explorer.result_types
    explorer.positive.value = "ham"
    after = explorer.result_types
    assert after.tolist() == [FLIP[kind] for kind in before]
    assert Counter(zip(before, after, strict=True)) == {
        ("TP", "TN"): 6,
        ("FN", "FP"): 3,
        ("FP", "FN"): 2,
        ("TN", "TP"): 9,
    }


def test_switching_back_restores_the_spam_view(explorer):
    first_table = explorer.table_view.value
    explorer.positive.value = "ham"
    assert explorer.table_view.value != first_table
    explorer.positive.value = "spam"
    assert cells(explorer.confusion_matrix) == (6, 3, 2, 9)
    assert explorer.table_view.value == first_table


@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_result_types_agree_with_the_library(explorer, spam, positive):
    explorer.positive.value = positive
    expected = evalbook.result_types(spam.target, spam.prediction, positive=positive)
    np.testing.assert_array_equal(explorer.result_types, expected)
    assert explorer.counts == {kind: int(np.sum(expected == kind)) for kind in FLIP}


# ---------------------------------------------------------------------- the table
@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_table_columns_hold_the_data_and_the_result_types(explorer, spam, positive):
    explorer.positive.value = positive
    table = explorer.table
    assert list(table.columns) == ["id", "target", "prediction", "result"]
    assert table.id.tolist() == list(range(1, 21))
    assert table.target.tolist() == spam.target.tolist()
    assert table.prediction.tolist() == spam.prediction.tolist()
    assert table.result.tolist() == explorer.result_types.tolist()


@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_rendered_rows_are_coloured_by_result_type(explorer, positive):
    explorer.positive.value = positive
    rows = table_rows(explorer)
    assert [kind for kind, _ in rows] == explorer.result_types.tolist()
    assert [colour for _, colour in rows] == [RESULT_COLOURS[k] for k in explorer.result_types]


def test_rendered_rows_follow_the_ids_in_order(explorer):
    ids = re.findall(
        r'<tr data-result="[A-Z]{2}"[^>]*><td[^>]*>(\d+)</td>', explorer.table_view.value
    )
    assert ids == [str(i) for i in range(1, 21)]


def test_colours_are_green_for_correct_and_red_or_orange_for_errors():
    def rgb(colour):
        return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))

    for kind in ("TP", "TN"):
        red, green, blue = rgb(RESULT_COLOURS[kind])
        assert green > red and green > blue, kind
    for kind in ("FP", "FN"):
        red, green, blue = rgb(RESULT_COLOURS[kind])
        assert red > green and red > blue, kind
    assert RESULT_COLOURS["FP"] != RESULT_COLOURS["FN"]


def test_table_is_a_new_frame_each_time(explorer):
    table = explorer.table
    table.loc[0, "result"] = "??"
    assert explorer.table.loc[0, "result"] == "FN"


def test_properties_are_read_only(explorer):
    for name in ("confusion_matrix", "result_types", "table", "counts"):
        with pytest.raises(AttributeError):
            setattr(explorer, name, None)


# ---------------------------------------------------------------------- the other views
def test_matrix_and_counts_views_follow_the_control(explorer):
    cm = explorer.confusion_matrix
    assert explorer.matrix_view.value == confusion_html(cm.counts, cm.labels, result_colours=True)
    assert "Matriz de confusão (n = 20)" in explorer.matrix_view.value
    assert "TP = <b>6</b>" in explorer.counts_view.value
    assert "FN = <b>3</b>" in explorer.counts_view.value
    assert "classe positiva: <b>spam</b>" in explorer.table_view.value
    explorer.positive.value = "ham"
    cm = explorer.confusion_matrix
    assert explorer.matrix_view.value == confusion_html(cm.counts, cm.labels, result_colours=True)
    assert "Matriz de confusão (n = 20)" in explorer.matrix_view.value
    heads = re.findall(r"<th[^>]*>(ham|spam)</th>", explorer.matrix_view.value)
    assert heads == ["ham", "spam", "ham", "spam"]  # columns, then rows
    assert "TP = <b>9</b>" in explorer.counts_view.value
    assert "FN = <b>2</b>" in explorer.counts_view.value
    assert "classe positiva: <b>ham</b>" in explorer.table_view.value


def test_displays_itself_as_its_widget(explorer):
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == (
        "PositiveClassExplorer(n=20, labels=['spam', 'ham'], positive='spam')"
    )
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] == explorer.widget.model_id
    explorer.positive.value = "ham"
    assert repr(explorer).endswith("positive='ham')")


def test_widget_contains_the_control_and_the_views(explorer):
    def descendants(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from descendants(child)

    found = list(descendants(explorer.widget))
    for part in (explorer.positive, explorer.table_view, explorer.matrix_view):
        assert any(part is w for w in found)
    assert any(explorer.counts_view is w for w in found)


# ---------------------------------------------------------------------- other inputs
def test_default_labels_are_sorted_and_default_ids_count_from_one(spam):
    explorer = PositiveClassExplorer(spam.target.tolist(), spam.prediction.tolist())
    assert explorer.positive.value == "ham"
    assert cells(explorer.confusion_matrix) == (9, 2, 3, 6)
    assert explorer.table.id.tolist() == list(range(1, 21))


def test_zero_one_labels_start_with_class_one():
    explorer = PositiveClassExplorer([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    assert explorer.positive.value == 1
    assert explorer.result_types.tolist() == ["TP", "FN", "TN", "FP", "TP"]
    explorer.positive.value = 0
    assert explorer.result_types.tolist() == ["TN", "FP", "TP", "FN", "TN"]


def test_three_classes_count_one_class_against_the_rest():
    abc = datasets.abc_confusion()
    pairs = [(t, p) for t in abc.labels for p in abc.labels]
    repeats = abc.counts.ravel()
    y_true = np.repeat([t for t, _ in pairs], repeats)
    y_pred = np.repeat([p for _, p in pairs], repeats)
    explorer = PositiveClassExplorer(y_true, y_pred)
    assert [value for _, value in explorer.positive.options] == ["A", "B", "C"]
    explorer.positive.value = "B"
    assert explorer.confusion_matrix.labels == ["B", "A", "C"]
    assert explorer.confusion_matrix.counts.tolist() == [[40, 14, 6], [10, 88, 2], [10, 18, 12]]
    assert explorer.counts == {"TP": 40, "FN": 20, "FP": 20, "TN": 120}
    assert Counter(explorer.result_types.tolist()) == {"TP": 40, "FN": 20, "FP": 20, "TN": 120}
    # the matrix drawn is B against the rest, in the table's colours
    assert _matrix_cells(explorer) == {"TP": 40, "FN": 20, "FP": 20, "TN": 120}


def _matrix_cells(explorer) -> dict:
    """Result type → count of the matrix drawn, each cell checked in its type's colour."""
    found = re.findall(
        r'<td[^>]*background:(#[0-9a-f]{6})[^>]*data-cell="(tp|fn|fp|tn)">(\d+)',
        explorer.matrix_view.value,
    )
    cells = {}
    for colour, name, count in found:
        assert colour == RESULT_COLOURS[name.upper()]
        cells[name.upper()] = int(count)
    return cells


@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_checklist_the_matrix_and_the_table_agree_on_colours(explorer, checklist, positive):
    """A click on a class sets the value and every view follows at once; the matrix's cells
    and the table's rows take one colour per result type (the renderer's); four headline
    numbers (the counts)."""
    other = "ham" if positive == "spam" else "spam"
    explorer.positive.value = other
    canvas = explorer.class_view
    assert canvas.mode == "click-x" and canvas.x_options == [0.0, 1.0]
    # a click on the chip of the class (its middle pixel) makes it positive
    chip = re.search(
        rf'<g data-class="(\d)"><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*/><text[^>]*>'
        rf"{positive}<",
        canvas.svg,
    )
    x, _ = canvas.pixel_to_value(float(chip[2]) + float(chip[3]) / 2)
    assert round(x) == int(chip[1])
    canvas.x = round(x)  # what the browser sends, snapped to the nearest class
    assert explorer.positive.value == positive
    # the chosen chip is framed (the mark) and filled; the size never changes
    frame = re.search(r'<g data-mark="class"><rect x="([\d.]+)"', canvas.svg)
    assert abs(float(frame[1]) - float(chip[2])) < 3
    assert (canvas.width, canvas.height) == (220, 36)
    rows = table_rows(explorer)
    row_colour = {kind: colour for kind, colour in rows}
    assert all(colour == RESULT_COLOURS[kind] for kind, colour in rows)
    cells = _matrix_cells(explorer)
    assert cells == explorer.counts
    for kind, colour in row_colour.items():
        assert f"background:{colour}" in explorer.matrix_view.value, kind
    assert re.findall(r"= <b>(\d+)</b>", explorer.counts_view.value) == [
        str(v) for v in explorer.counts.values()
    ]
    assert checklist.colours(explorer.html) <= checklist.palette()


def test_a_listed_class_that_never_occurs_makes_every_instance_negative(spam):
    explorer = PositiveClassExplorer(
        spam.target, spam.prediction, labels=["spam", "ham", "phishing"]
    )
    explorer.positive.value = "phishing"
    assert explorer.result_types.tolist() == ["TN"] * 20
    assert explorer.counts == {"TP": 0, "FN": 0, "FP": 0, "TN": 20}
    assert [kind for kind, _ in table_rows(explorer)] == ["TN"] * 20


def test_string_ids_are_shown(spam):
    ids = [f"e{i:02d}" for i in spam.id]
    explorer = PositiveClassExplorer(spam.target, spam.prediction, ids=ids)
    assert explorer.table.id.tolist() == ids
    assert ">e20</td>" in explorer.table_view.value


def test_labels_are_escaped_in_the_html():
    explorer = PositiveClassExplorer(["<b>", "x", "x"], ["<b>", "<b>", "x"])
    assert "&lt;b&gt;" in explorer.table_view.value
    assert "<td" in explorer.table_view.value
    assert "<b><b></b>" not in explorer.table_view.value


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"y_true": None}, TypeError, "y_true"),
        ({"y_true": "spam"}, TypeError, "y_true"),
        ({"y_pred": ["spam", "ham"]}, ValueError, "y_true and y_pred have different lengths"),
        ({"y_pred": [np.nan] * 20}, ValueError, "y_pred contains NaN"),
        ({"labels": ["spam"]}, ValueError, "labels"),
        ({"labels": "spam"}, TypeError, "labels"),
        ({"labels": ["spam", "spam"]}, ValueError, "labels contains 'spam' more than once"),
        ({"ids": list(range(19))}, ValueError, "y_true and ids have different lengths"),
        ({"ids": [1] * 20}, ValueError, "ids contains 1 more than once"),
        ({"ids": 7}, TypeError, "ids"),
        ({"ids": [[i] for i in range(20)]}, ValueError, "ids must be one-dimensional"),
    ],
)
def test_bad_input_names_the_argument(spam, kwargs, error, match):
    arguments = {"y_true": spam.target, "y_pred": spam.prediction, **kwargs}
    y_true, y_pred = arguments.pop("y_true"), arguments.pop("y_pred")
    with pytest.raises(error, match=match):
        PositiveClassExplorer(y_true, y_pred, **arguments)


def test_a_single_class_is_rejected():
    with pytest.raises(ValueError, match="at least two"):
        PositiveClassExplorer(["spam", "spam"], ["spam", "spam"])


def test_options_are_keyword_only(spam):
    with pytest.raises(TypeError):
        PositiveClassExplorer(spam.target, spam.prediction, ["spam", "ham"])


def test_positive_must_be_one_of_the_classes(explorer):
    with pytest.raises(ValueError, match="positive must be one of its options"):
        explorer.positive.value = "eggs"
    assert explorer.positive.value == "spam"
    assert cells(explorer.confusion_matrix) == (6, 3, 2, 9)


# ---------------------------------------------------------------------- lazy import


def test_positive_class_table_stays_small_for_many_instances():
    rng = np.random.default_rng(0)
    y_true = rng.choice(["a", "b"], size=10_000)
    y_pred = rng.choice(["a", "b"], size=10_000)
    explorer = PositiveClassExplorer(y_true, y_pred)
    assert sum(explorer.counts.values()) == 10_000
    assert explorer.table_view.value.count("<tr") == 202  # two columns, a header each + 200
    assert "as primeiras 200 de 10000 instâncias" in explorer.table_view.value


def test_beyond_ten_instances_the_table_runs_in_two_columns():
    def rows(explorer):
        return re.findall(r'<tr data-result="[A-Z]{2}"[^>]*><td[^>]*>(\d+)</td>', explorer.html)

    labels = ["a", "b"] * 5
    ten = PositiveClassExplorer(labels, labels)
    assert ten.table_view.value.count("<table") == 1 and len(rows(ten)) == 10
    eleven = PositiveClassExplorer([*labels, "a"], [*labels, "b"])
    assert eleven.table_view.value.count("<table") == 2  # 6 rows, then 5: a slide's height
    assert rows(eleven) == [str(i) for i in range(1, 12)]  # still in order
