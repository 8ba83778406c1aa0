"""The shared renderer (evalbook/_core/render.py): tables, numbers, colours, figures, words;
and the one language setting (evalbook.set_config, config_context, get_config)."""

from __future__ import annotations

import ast
import math
import pathlib

import numpy as np
import pytest

from evalbook import config_context, get_config, set_config
from evalbook._core.render import (
    MATRIX_COLOURS,
    RESULT_COLOURS,
    Cell,
    blend,
    check_ids,
    chips,
    confusion_html,
    html_table,
    number,
    percent,
    term,
)
from evalbook._core.svg import Line, Points, Segments, svg_plot

ROOT = pathlib.Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------- language
def test_set_config_get_config_and_config_context():
    assert get_config() == {"language": "en"}
    config = get_config()
    config["language"] = "pt"  # a copy: changing it changes nothing
    assert get_config()["language"] == "en"
    with config_context(language="pt"):
        assert get_config() == {"language": "pt"}
        with config_context():  # no argument: the settings as they are, restored after
            set_config(language="en")
            assert term("target") == "target"
        assert term("target") == "alvo"
        with pytest.raises(RuntimeError), config_context(language="en"):
            raise RuntimeError  # the settings come back also when the block raises
        assert get_config() == {"language": "pt"}
        set_config(language=None)  # None keeps the setting
        assert get_config() == {"language": "pt"}
    assert get_config() == {"language": "en"}


def test_each_thread_has_its_own_settings():
    """scikit-learn's pattern: a thread starts from the defaults, and what it sets stays in
    it (a notebook's kernel keeps its language while another thread renders)."""
    import threading

    seen = []

    def other():
        seen.append(get_config()["language"])
        set_config(language="pt")
        seen.append(term("target"))

    with config_context(language="pt"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert term("target") == "alvo"
    assert seen == ["en", "alvo"] and term("target") == "target"


@pytest.mark.parametrize("bad", ["es", "PT", 1, ("pt",)])
def test_unknown_language_is_refused(bad):
    with pytest.raises(ValueError, match="language must be one of"):
        set_config(language=bad)
    with pytest.raises(ValueError, match="language must be one of"), config_context(language=bad):
        pass
    assert get_config() == {"language": "en"}


def test_terms_follow_the_setting():
    assert term("target") == "target"
    with config_context(language="pt"):
        assert term("target") == "alvo"
        assert term("confusion_matrix") == "Matriz de confusão"
        assert term("not_a_term") == "not_a_term"
    assert term("recall") == "recall"


# ---------------------------------------------------------------------- numbers
@pytest.mark.parametrize(
    ("value", "digits", "options", "en", "pt"),
    [
        (0.75, 2, {}, "0.75", "0.75"),
        (1957, 2, {}, "1,957.00", "1\u00a0957.00"),
        (-1234567.891, 1, {}, "-1,234,567.9", "-1\u00a0234\u00a0567.9"),
        (0.25, 3, {"sign": True}, "+0.250", "+0.250"),
        (0.000123456, 3, {"style": "g"}, "0.000123", "0.000123"),
        (np.float64(2.5), 0, {}, "2", "2"),
        (7, 1, {}, "7.0", "7.0"),
    ],
)
def test_number_in_both_languages(value, digits, options, en, pt):
    assert number(value, digits, language="en", **options) == en
    assert number(value, digits, language="pt", **options) == pt


def test_number_undefined_and_infinite():
    assert number(math.nan) == "undefined (0/0)"
    assert number(math.nan, language="pt") == "indefinido (0/0)"
    assert number(math.inf) == "∞" and number(-math.inf) == "−∞"
    assert percent(0.8846, language="pt") == "88.5%"
    assert percent(0.8846) == "88.5%"


@pytest.mark.parametrize("bad", ["0.5", None, True, [1.0]])
def test_number_refuses_non_numbers(bad):
    with pytest.raises(TypeError, match="value must be a real number"):
        number(bad)


# ---------------------------------------------------------------------- tables
def test_table_escapes_formats_and_carries_attributes():
    out = html_table(
        [["<b>", 0.5, 3], [Cell("<i>x</i>", raw=True, attrs={"data-metric": "f1"}), 1.0, 0]],
        header=["name", "value", "count"],
        caption="a & b",
        css_class="evalbook-x",
        row_attrs=[{"data-result": "TP"}, {}],
    )
    assert out.startswith(
        '<table class="evalbook-x" style="border-collapse:collapse;line-height:1.3">'
    )
    assert "<caption" in out and "a &amp; b</caption>" in out
    assert out.count("<th ") == 3 and out.count("<tr") == 3
    assert "&lt;b&gt;" in out and "<i>x</i>" in out
    assert 'data-metric="f1"' in out and '<tr data-result="TP">' in out
    assert "text-align:right" in out and ">0.500</td>" in out and ">3</td>" in out


def test_table_numbers_follow_the_language():
    with config_context(language="pt"):
        assert ">0.500</td>" in html_table([[0.5]])
        assert ">1\u00a0957.000</td>" in html_table([[1957.0]])
    assert ">1,957.000</td>" in html_table([[1957.0]])


def test_confusion_html_two_classes():
    out = confusion_html([[6, 3], [2, 9]], ["spam", "ham"], css_class="m")
    assert "Confusion matrix (n = 20)" in out and ">prediction</th>" in out
    assert ">target</th>" in out
    for name, value in (("tp", 6), ("fn", 3), ("fp", 2), ("tn", 9)):
        assert f'data-cell="{name}">{value} <span' in out
    assert MATRIX_COLOURS["hit"] in out and RESULT_COLOURS["TP"] not in out
    coloured = confusion_html([[6, 3], [2, 9]], ["s", "h"], result_colours=True)
    assert all(colour in coloured for colour in RESULT_COLOURS.values())


def test_confusion_html_in_portuguese_and_multiclass():
    with config_context(language="pt"):
        out = confusion_html(np.eye(3, dtype=int), ["a", "b", "c"])
    assert "Matriz de confusão (n = 3)" in out and ">predição</th>" in out
    assert ">alvo</th>" in out and 'rowspan="3"' in out and "data-cell" not in out


def test_blend_and_chips():
    assert blend("#000000", "#ffffff", 0.5) == "#808080"
    assert blend("#102030", "#405060", 1.0) == "#405060"
    both = chips([("TP = 1", "#b7e1b7"), ("FN = 2", "#fbd9a8")])
    assert both.count("<span") == 2 and "background:#fbd9a8" in both


# ---------------------------------------------------------------------- figures and ids
def test_svg_plot_lines_points_segments_marker():
    svg = svg_plot(
        [Line([0, 1], [0, 1], "diagonal", "#999", "--"), Line([0, 1], [1, float("nan")])],
        x_range=(0, 1),
        y_range=(0, 1),
        width=200,
        height=100,
        xlabel="x & y",
        marker=0.5,
        points=[Points([0.5], [0.5], "one", "red", 4)],
        segments=[Segments([0.25], [0.0], [1.0])],
    )
    assert svg.startswith('<svg width="200" height="100"') and svg.endswith("</svg>")
    assert svg.count("<polyline") == 2 and 'stroke-dasharray="6 3"' in svg
    assert "x &amp; y" in svg and ">diagonal</text>" in svg and ">one</text>" in svg
    # the point (0.5, 0.5) sits in the middle of the 167×44 px plotting area
    assert '<rect x="16" y="11" width="167" height="44"' in svg
    assert '<circle cx="99.5" cy="33.0" r="4"/>' in svg
    assert 'd="M57.8 55.0V11.0"' in svg  # the segment from y = 0 to y = 1 at x = 0.25
    assert '<line data-mark="x" x1="99.5" y1="11" x2="99.5" y2="55" stroke="#000000"' in svg
    # a nan point is left out of its line, not drawn at a wrong place
    assert svg.split("<polyline")[2].count(",") == 1


def test_check_ids():
    labels = np.array(["a", "b", "c"])
    assert check_ids(None, labels).tolist() == [1, 2, 3]
    assert check_ids(["x", "y", "z"], labels).tolist() == ["x", "y", "z"]
    with pytest.raises(ValueError, match="ids contains 'x' more than once"):
        check_ids(["x", "y", "x"], labels)
    with pytest.raises(ValueError, match="y_true and ids have different lengths"):
        check_ids(["x"], labels)


# ---------------------------------------------------------------------- one renderer
def _private_imports(path: pathlib.Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("evalbook"):
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    return found


@pytest.mark.parametrize(
    "path",
    [
        *sorted((ROOT / "evalbook" / "widgets").glob("*.py")),
        ROOT / "evalbook" / "metrics" / "_summary.py",
    ],
    ids=lambda p: p.name,
)
def test_explorers_import_no_private_name_and_build_no_table_by_hand(path):
    allowed = {
        "evalbook.metrics._ranking._binary_scores",
        "evalbook.metrics._ranking._check_threshold",
    }
    assert set(_private_imports(path)) <= allowed  # scores' two go when ScoredData arrives
    text = path.read_text()
    assert "<table" not in text and "border:1px solid" not in text


def test_every_registry_metric_has_a_portuguese_name():
    import evalbook

    with config_context(language="pt"):
        for name in {**evalbook.MULTICLASS_METRICS, **evalbook.BINARY_METRICS}:
            assert term(name) != name or name in ("f1", "mcc"), name


def test_default_matrix_labels_are_translated():
    with config_context(language="pt"):
        out = confusion_html([[6, 3], [2, 9]], ["positive", "negative"])
    assert ">positiva</th>" in out and ">negativa</th>" in out and "positive" not in out


def test_confusion_matrix_display_follows_the_language():
    from evalbook import ConfusionMatrix

    cm = ConfusionMatrix([[6, 3], [2, 9]])
    assert "Confusion matrix (n = 20)" in cm._repr_html_() and ">target</th>" in cm._repr_html_()
    with config_context(language="pt"):
        page = cm._repr_html_()
    assert "Matriz de confusão (n = 20)" in page and ">alvo</th>" in page
    assert ">predição</th>" in page and ">positiva</th>" in page and ">negativa</th>" in page


def test_metrics_table_displays_in_the_display_language_and_stays_a_dataframe():
    import pandas as pd

    from evalbook import metrics_table

    table = metrics_table([[6, 3], [2, 9]])
    assert isinstance(table, pd.DataFrame) and list(table.columns) == ["value", "formula", "source"]
    assert table.loc["recall", "value"] == pytest.approx(6 / 9)
    selected = table.loc[["f1"]]  # a selection keeps the display (a DisplayFrame)
    assert isinstance(selected, pd.DataFrame) and type(selected) is not type(table)
    english = table._repr_html_()
    assert ">recall</th>" in english and ">0.6667</td>" in english and ">metric</th>" in english
    with config_context(language="pt"):
        page = table._repr_html_()
    assert ">revocação (recall)</th>" in page and ">0.6667</td>" in page
    assert ">métrica</th>" in page and ">fórmula</th>" in page and ">fonte</th>" in page


def test_summary_follows_the_display_language_when_shown():
    from evalbook import summary

    report = summary([[6, 3], [2, 9]])
    assert str(report).startswith("Confusion Matrix and Statistics")
    with config_context(language="pt"):
        assert str(report).startswith("Matriz de Confusão e Estatísticas")
        assert "Sensibilidade" in report._repr_html_()
    assert "Sensitivity" in report._repr_html_()
