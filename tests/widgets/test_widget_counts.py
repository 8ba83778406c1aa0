"""CountsExplorer driven from Python: sliders in, the library's metric values out."""

import html
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

from evalbook import BINARY_METRICS, MULTICLASS_METRICS, ConfusionMatrix, UndefinedMetricWarning
from evalbook.widgets import CountsExplorer

REGISTRY = {**MULTICLASS_METRICS, **BINARY_METRICS}

# Handout 000, Tabela 3 (6/3/2/9), worked out by hand as exact fractions.
SPAM_VALUES = {
    "accuracy": Fraction(15, 20),
    "error_rate": Fraction(5, 20),
    "tpr": Fraction(6, 9),
    "recall": Fraction(6, 9),
    "sensitivity": Fraction(6, 9),
    "fnr": Fraction(3, 9),
    "tnr": Fraction(9, 11),
    "specificity": Fraction(9, 11),
    "fpr": Fraction(2, 11),
    "precision": Fraction(6, 8),
    "ppv": Fraction(6, 8),
    "npv": Fraction(9, 12),
    "f1": Fraction(12, 17),
    "balanced_accuracy": (Fraction(6, 9) + Fraction(9, 11)) / 2,
    "efficiency": (Fraction(6, 9) + Fraction(9, 11)) / 2,
    "prevalence": Fraction(9, 20),
    "detection_rate": Fraction(6, 20),
    "detection_prevalence": Fraction(8, 20),
    # p_o = 15/20, p_e = (9·8 + 11·12) / 20² = 204/400
    "cohen_kappa": (Fraction(15, 20) - Fraction(204, 400)) / (1 - Fraction(204, 400)),
    "mcc": (6 * 9 - 2 * 3) / math.sqrt(8 * 9 * 11 * 12),
}

COUNT_CASES = [
    (6, 3, 2, 9),
    (6, 3, 0, 9),
    (40, 7, 13, 95),
    (1, 0, 0, 1),
    (0, 5, 0, 5),  # nothing predicted positive: precision, ppv undefined
    (0, 0, 4, 6),  # no actual positives: recall family undefined
    (3, 2, 0, 0),  # no actual negatives: specificity family undefined
    (100, 100, 100, 100),
]


def _set(explorer, tp, fn, fp, tn):
    explorer.tp.value, explorer.fn.value, explorer.fp.value, explorer.tn.value = tp, fn, fp, tn


def _library_value(name, cm):
    """What the registry function returns for cm, with 0/0 → nan and no warning shown."""
    function = REGISTRY[name][0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        if name == "mcc":
            return function(cm)
        return function(cm, zero_division=np.nan)


def _same(actual, expected):
    if math.isnan(expected):
        return math.isnan(actual)
    return actual == pytest.approx(expected, rel=1e-12, abs=1e-12)


@pytest.fixture
def no_warnings():
    """Turn every warning raised inside the test into an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


def test_defaults_are_the_spam_matrix():
    explorer = CountsExplorer(6, 3, 2, 9)
    assert [explorer.tp.value, explorer.fn.value, explorer.fp.value, explorer.tn.value] == [
        6,
        3,
        2,
        9,
    ]
    assert explorer.confusion_matrix == ConfusionMatrix([[6, 3], [2, 9]])
    assert explorer.confusion_matrix.labels == ["positive", "negative"]
    assert repr(explorer) == "CountsExplorer(tp=6, fn=3, fp=2, tn=9)"


def test_defaults_reproduce_the_handout_numbers():
    metrics = CountsExplorer(6, 3, 2, 9).metrics
    assert set(SPAM_VALUES) == set(REGISTRY), "a registry metric has no hand-computed value"
    for name, expected in SPAM_VALUES.items():
        assert metrics[name] == pytest.approx(float(expected), rel=1e-12), name
    # the rounded numbers printed by handouts 000-003
    assert metrics["accuracy"] == 0.75
    assert metrics["error_rate"] == 0.25
    assert metrics["precision"] == 0.75
    assert round(metrics["recall"], 3) == 0.667
    assert round(metrics["f1"], 3) == 0.706
    assert round(metrics["tnr"], 3) == 0.818
    assert round(metrics["fpr"], 3) == 0.182
    assert round(metrics["mcc"], 4) == 0.4924
    assert round(metrics["cohen_kappa"], 4) == 0.4898


def test_metrics_is_a_float_series_over_the_whole_registry():
    metrics = CountsExplorer(6, 3, 2, 9).metrics
    assert list(metrics.index) == list(MULTICLASS_METRICS) + list(BINARY_METRICS)
    assert metrics.dtype == np.float64


def test_table_lists_every_registry_metric_with_formula_and_source():
    page = CountsExplorer(6, 3, 2, 9).html
    for name, (_, formula, source) in REGISTRY.items():
        assert f'data-metric="{name}"' in page
        assert html.escape(formula) in page
        assert html.escape(source) in page


@pytest.mark.parametrize("counts", COUNT_CASES, ids=str)
def test_sliders_update_metrics_to_the_library_values(counts, no_warnings):
    explorer = CountsExplorer(6, 3, 2, 9)
    _set(explorer, *counts)
    tp, fn, fp, tn = counts
    assert explorer.confusion_matrix == ConfusionMatrix([[tp, fn], [fp, tn]])
    metrics = explorer.metrics
    assert set(metrics.index) == set(REGISTRY)
    for name in REGISTRY:
        expected = _library_value(name, ConfusionMatrix([[tp, fn], [fp, tn]]))
        assert _same(metrics[name], expected), (name, metrics[name], expected)


def test_moving_one_slider_changes_the_numbers_and_the_display():
    explorer = CountsExplorer(6, 3, 2, 9)
    before = explorer.html
    explorer.fp.value = 0
    metrics = explorer.metrics
    assert metrics["precision"] == 1.0
    assert metrics["fpr"] == 0.0
    assert metrics["specificity"] == 1.0
    assert metrics["recall"] == pytest.approx(2 / 3)  # FP does not enter the recall
    assert metrics["f1"] == pytest.approx(12 / 15)
    assert metrics["accuracy"] == pytest.approx(15 / 18)
    assert explorer.html != before
    assert "1.0000" in explorer.html
    assert repr(explorer) == "CountsExplorer(tp=6, fn=3, fp=0, tn=9)"


def test_all_zero_counts_give_nan_without_error_or_warning(no_warnings):
    explorer = CountsExplorer(6, 3, 2, 9)
    _set(explorer, 0, 0, 0, 0)
    metrics = explorer.metrics
    assert explorer.confusion_matrix.n == 0
    for name in REGISTRY:
        if name == "mcc":
            assert metrics[name] == 0.0  # handout 003: zero denominator → 0
        else:
            assert math.isnan(metrics[name]), name
    page = explorer.html.split("<details")[1]  # the fold: every metric
    assert page.count("indefinido (0/0)") == len(REGISTRY) - 1
    assert "denominador 0" in page


def test_partly_undefined_counts_show_which_metrics_are_undefined(no_warnings):
    explorer = CountsExplorer(tp=0, fn=5, fp=0, tn=5)
    metrics = explorer.metrics
    assert math.isnan(metrics["precision"])
    assert math.isnan(metrics["ppv"])
    assert metrics["recall"] == 0.0
    assert metrics["f1"] == 0.0
    assert metrics["mcc"] == 0.0
    assert metrics["accuracy"] == 0.5
    fold = explorer.html.split("<details")[1]
    assert fold.count("indefinido (0/0)") == 2
    assert explorer.html.split("<details")[0].count("indefinido (0/0)") == 1  # precision


def test_no_undefined_metric_warning_escapes():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        explorer = CountsExplorer(tp=0, fn=0, fp=0, tn=0)
        _ = explorer.metrics, explorer.html
        explorer.tn.value = 7
        _ = explorer.metrics
    assert [w for w in caught if issubclass(w.category, UndefinedMetricWarning)] == []


def test_sliders_span_zero_to_max_count():
    explorer = CountsExplorer(1, 2, 3, 4, max_count=250)
    for slider in (explorer.tp, explorer.fn, explorer.fp, explorer.tn):
        assert (slider.min, slider.max) == (0, 250)
    assert [s.description for s in (explorer.tp, explorer.fn, explorer.fp, explorer.tn)] == [
        "TP",
        "FN",
        "FP",
        "TN",
    ]
    explorer.tp.value = 1000  # the slider clamps, so the metrics stay on a valid matrix
    assert explorer.confusion_matrix.tp == 250


def test_numpy_integers_are_accepted():
    explorer = CountsExplorer(np.int64(6), np.int32(3), np.uint8(2), 9, max_count=np.int64(50))
    assert explorer.confusion_matrix == ConfusionMatrix([[6, 3], [2, 9]])
    assert explorer.tp.max == 50


def test_properties_are_read_only():
    explorer = CountsExplorer(6, 3, 2, 9)
    for name in ("metrics", "confusion_matrix", "widget", "html"):
        with pytest.raises(AttributeError):
            setattr(explorer, name, None)


def test_displays_as_its_widget():
    explorer = CountsExplorer(6, 3, 2, 9)
    bundle = explorer._repr_mimebundle_()
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] == explorer.widget.model_id
    assert bundle["text/plain"] == "CountsExplorer(tp=6, fn=3, fp=2, tn=9)"
    assert explorer.tp in explorer.widget.children[1].children


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"tp": -1}, ValueError, "tp must be a non-negative count"),
        ({"fn": -3}, ValueError, "fn must be a non-negative count"),
        ({"fp": 2.5}, TypeError, "fp must be a whole number"),
        ({"tn": 9.0}, TypeError, "tn must be a whole number"),
        ({"tp": "6"}, TypeError, "tp must be a whole number"),
        ({"fn": None}, TypeError, "fn must be a whole number"),
        ({"fp": True}, TypeError, "fp must be a whole number"),
        ({"tn": 101}, ValueError, "tn=101 is larger than max_count=100"),
        ({"tp": 30, "max_count": 20}, ValueError, "tp=30 is larger than max_count=20"),
        ({"max_count": 0}, ValueError, "max_count must be at least 1"),
        ({"max_count": -5}, ValueError, "max_count must be at least 1"),
        ({"max_count": 50.0}, TypeError, "max_count must be a whole number"),
        ({"max_count": False}, TypeError, "max_count must be a whole number"),
    ],
    ids=lambda value: repr(value),
)
def test_bad_arguments_are_rejected_naming_the_argument(kwargs, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")):
        CountsExplorer(**{"tp": 6, "fn": 3, "fp": 2, "tn": 9, **kwargs})


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        CountsExplorer(6, 3, 2, 9, 100)


@pytest.mark.parametrize("counts", [(6, 3, 2, 9), (0, 5, 0, 5), (100, 0, 37, 1)])
def test_the_dot_grid_draws_one_dot_per_instance_in_its_result_colour(counts):
    import re

    from evalbook._core.render import RESULT_COLOURS

    explorer = CountsExplorer(*counts)
    tp, fn, fp, tn = counts
    dots = explorer.dots
    assert {kind: len(spots) for kind, spots in dots.items()} == {
        "TP": tp,
        "FN": fn,
        "FP": fp,
        "TN": tn,
    }
    assert len({spot for spots in dots.values() for spot in spots}) == sum(counts)  # no overlap
    svg = explorer.html[explorer.html.index("<svg") : explorer.html.index("</svg>")]
    drawn = re.findall(r'fill="(#[0-9a-f]{6})"[^>]*data-result="(TP|FN|FP|TN)"', svg)
    assert len(drawn) == sum(counts) + 4  # and one mark per group in the key
    assert all(colour == RESULT_COLOURS[kind] for colour, kind in drawn)
    # the second cue: hits round, errors triangular, and each group's letters
    assert svg.count("<circle") == tp + tn + 2 and svg.count("<path") == fn + fp + 2
    for kind, n in zip(("TP", "FN", "FP", "TN"), counts, strict=True):
        assert f">{kind} {n}</text>" in svg
    # actual positives on the left, actual negatives on the right
    left = [x for kind in ("TP", "FN") for x, _ in dots[kind]]
    right = [x for kind in ("FP", "TN") for x, _ in dots[kind]]
    assert not left or not right or max(left) < min(right)


def test_checklist(checklist):
    """Live sliders; four headline numbers at 3 decimals, recall shown once under its three
    names; the grid's size fixed by max_count (nothing moves while a slider is dragged);
    the renderer's colours; dots 10 px across."""
    import re

    explorer = CountsExplorer(6, 3, 2, 9)
    assert all(getattr(explorer, c).continuous_update for c in ("tp", "fn", "fp", "tn"))
    head = explorer.html.split("<details")[0]
    names = dict(re.findall(r'data-headline="(\w+)"[^>]*>([^<]*)<', head))
    assert list(names) == ["accuracy", "precision", "recall", "specificity"]
    assert names["recall"] == "revocação (recall) = TPR = sensibilidade"
    values = re.findall(r'data-headline="\w+"[^>]*>[^<]*</td><td[^>]*>([^<]*)</td>', head)
    assert values == ["0.750", "0.750", "0.667", "0.818"]
    assert head.count("0.667") == 1  # recall, TPR and sensitivity: one number
    size = re.search(r'<svg width="(\d+)" height="(\d+)"', head).groups()
    explorer.tp.value = 100
    assert re.search(r'<svg width="(\d+)" height="(\d+)"', explorer.html).groups() == size
    assert min(checklist.dot_radii(explorer.html)) >= 4
    assert checklist.colours(explorer.html) <= checklist.palette()


def test_a_drag_along_the_dots_moves_instances_between_tp_and_fn_or_fp_and_tn():
    """The dot grid is a drag view: the pointer on a dot's place moves the boundary of its
    group there (the group's total kept); the sliders move the grid's point back."""
    explorer = CountsExplorer(6, 3, 2, 9)
    canvas = explorer.dots_view
    assert canvas.mode == "drag-xy" and (canvas.x, canvas.y) == (6, 0)  # after the 6 TPs
    size = (canvas.width, canvas.height)
    # the pointer on the right half of the 8th actual positive (an FN): 8 TPs, 1 FN
    px, py = explorer.dots["FN"][1]
    x, y = canvas.pixel_to_value(px + 3, py)
    assert (round(x), round(y)) == (8, 0)
    canvas.x, canvas.y = round(x), round(y)  # what the browser sends, snapped
    assert (explorer.tp.value, explorer.fn.value) == (8, 1)
    assert (explorer.fp.value, explorer.tn.value) == (2, 9)
    assert explorer.confusion_matrix.tp == 8 and len(explorer.dots["TP"]) == 8
    # on the actual negatives: the first 5 become FP, the other 6 stay TN
    px, py = explorer.dots["TN"][2]  # the negatives' 5th dot
    x, y = canvas.pixel_to_value(px + 3, py)
    canvas.y = round(y)
    canvas.x = round(x)
    assert (explorer.fp.value, explorer.tn.value) == (5, 6)
    assert (explorer.tp.value, explorer.fn.value) == (8, 1)
    # beyond the group's last dot: every instance of the group moves, no more
    canvas.x, canvas.y = 16, 3
    assert (explorer.tp.value, explorer.fn.value) == (9, 0)
    # the sliders (and their keyboard) still drive it, and the grid keeps its size
    explorer.tp.value = 20
    assert (canvas.x, canvas.y) == (4, 1) and (canvas.width, canvas.height) == size
