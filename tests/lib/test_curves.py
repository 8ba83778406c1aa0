"""The one curve type: every curve function returns a Curve; its arrays, table and plot."""

import pickle

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import evalbook
from evalbook import Curve
from evalbook.displays import GainDisplay, KSDisplay
from evalbook.displays._displays import display_of
from evalbook.metrics import CURVE_KINDS
from evalcourse import datasets

SPAM = datasets.spam_predictions()
Y, S = SPAM.target.to_numpy(), SPAM.score.to_numpy()

#: Every function of the library that returns a curve, called on the spam data.
CURVE_FUNCTIONS = {
    "roc_curve": ("roc", lambda: evalbook.roc_curve(Y, S, positive="spam")),
    "precision_recall_curve": (
        "precision_recall",
        lambda: evalbook.precision_recall_curve(Y, S, positive="spam"),
    ),
    "fbeta_curve": ("fbeta", lambda: evalbook.fbeta_curve(Y, S, positive="spam", beta=2)),
    "ks_curve": ("ks", lambda: evalbook.ks_curve(Y, S, positive="spam")),
    "gain_lift": ("gain_lift", lambda: evalbook.gain_lift(Y, S, positive="spam", bins=4)),
    "calibration_curve": (
        "calibration",
        lambda: evalbook.calibration_curve(Y, S, positive="spam", bins=5),
    ),
    "roc_band": (
        "roc_band",
        lambda: evalbook.roc_band(Y, S, positive="spam", n_resamples=50, seed=0),
    ),
    "precision_recall_band": (
        "precision_recall_band",
        lambda: evalbook.precision_recall_band(Y, S, positive="spam", n_resamples=50, seed=0),
    ),
    "calibration_band": (
        "calibration_band",
        lambda: evalbook.calibration_band(Y, S, positive="spam", bins=5),
    ),
}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_the_registry_lists_every_kind():
    assert sorted(kind for kind, _ in CURVE_FUNCTIONS.values()) == sorted(CURVE_KINDS)


@pytest.mark.parametrize("name", CURVE_FUNCTIONS)
def test_every_curve_function_returns_a_curve_of_its_kind(name):
    kind, call = CURVE_FUNCTIONS[name]
    curve = call()
    assert type(curve) is Curve and curve.kind == kind
    assert curve.columns == CURVE_KINDS[kind]["columns"]
    for column in curve.columns:
        values = getattr(curve, column)
        assert isinstance(values, np.ndarray) and values.shape == (len(curve),)
        assert values is curve[column]
        assert not values.flags.writeable
    x_name, y_name = CURVE_KINDS[kind]["xy"]
    assert curve.x is curve[x_name] and curve.y is curve[y_name]


@pytest.mark.parametrize("name", CURVE_FUNCTIONS)
def test_to_frame_gives_one_column_per_array(name):
    kind, call = CURVE_FUNCTIONS[name]
    curve = call()
    frame = curve.to_frame()
    index = CURVE_KINDS[kind]["index"]
    columns = [c for c in curve.columns if c != index]
    assert list(frame.columns) == columns and len(frame) == len(curve)
    for column in columns:
        np.testing.assert_array_equal(frame[column].to_numpy(), curve[column])
    if index:
        assert frame.index.name == index and frame.index.tolist() == curve[index].tolist()


@pytest.mark.parametrize("name", CURVE_FUNCTIONS)
def test_a_curve_is_frozen_and_survives_pickling(name):
    curve = CURVE_FUNCTIONS[name][1]()
    column = curve.columns[0]
    with pytest.raises(AttributeError, match="read-only"):
        setattr(curve, column, np.zeros(len(curve)))
    with pytest.raises(AttributeError, match="read-only"):
        curve.kind = "roc"
    with pytest.raises(ValueError, match="read-only"):
        curve[column][0] = 0
    copy = pickle.loads(pickle.dumps(curve))
    assert copy.kind == curve.kind and copy.columns == curve.columns
    for c in curve.columns:
        np.testing.assert_array_equal(copy[c], curve[c])


def test_the_curve_owns_its_arrays():
    given = np.array([0.0, 0.5, 1.0])
    curve = Curve("calibration", dict.fromkeys(CURVE_KINDS["calibration"]["columns"], given))
    given[0] = 9.0
    assert curve.lower[0] == 0.0


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: Curve("lift", {}), ValueError, "kind must be one of"),
        (lambda: Curve("ks", {"score": [1]}), ValueError, "columns"),
        (
            lambda: Curve("ks", {"score": [1, 2], "cdf_positive": [1], "cdf_negative": [1]}),
            ValueError,
            "one length",
        ),
        (lambda: evalbook.roc_curve(Y, S, positive="spam").auc, AttributeError, "'auc'"),
        (lambda: evalbook.roc_curve(Y, S, positive="spam")["auc"], KeyError, "to_frame"),
        (lambda: iter(evalbook.roc_curve(Y, S, positive="spam")), TypeError, "not iterable"),
    ],
)
def test_bad_use_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_details_read_as_attributes():
    assert evalbook.fbeta_curve(Y, S, positive="spam", beta=2).beta == 2.0


@pytest.mark.parametrize(("language", "title"), [("en", "ROC curve"), ("pt", "curva ROC")])
def test_the_repr_names_the_curve_in_the_display_language(language, title):
    curve = evalbook.roc_curve(Y, S, positive="spam")
    with evalbook.config_context(language=language):
        text, page, table = repr(curve), curve._repr_html_(), repr(curve.to_frame())
    points = "points" if language == "en" else "pontos"
    assert text.splitlines()[0] == f"{title}, 21 {points}"
    assert text.endswith(table)  # the table in the same language
    assert page.startswith(f"<p>{title}, 21 {points}</p>")


@pytest.mark.parametrize(
    "name", ["roc_curve", "precision_recall_curve", "fbeta_curve", "calibration_curve"]
)
def test_the_display_of_a_curve_draws_its_own_points(name):
    curve = CURVE_FUNCTIONS[name][1]()
    display = display_of(curve).plot()
    np.testing.assert_array_equal(display.line_.get_xdata(), curve.x)
    np.testing.assert_array_equal(display.line_.get_ydata(), curve.y)
    assert display.curve is curve


def test_the_displays_of_gain_and_ks_draw_their_arrays():
    gain = evalbook.gain_lift(Y, S, positive="spam", bins=4)
    line = GainDisplay.from_curve(gain).plot().line_
    np.testing.assert_allclose(line.get_ydata(), [0, *gain.cumulative_gain])
    np.testing.assert_allclose(line.get_xdata(), [0, 0.25, 0.5, 0.75, 1.0])
    ks = evalbook.ks_curve(Y, S, positive="spam")
    ax = KSDisplay.from_curve(ks).plot().ax_
    steps = [line for line in ax.lines if line.get_label().startswith("CP")]
    np.testing.assert_array_equal(steps[0].get_ydata()[1:-1], ks.cdf_positive)
    np.testing.assert_array_equal(steps[1].get_ydata()[1:-1], ks.cdf_negative)


ROC_COLUMNS = {
    "threshold": [1.0, 0.5],
    "fpr": [0.0, 1.0],
    "tpr": [0.0, 1.0],
    "tp": [0, 1],
    "fp": [0, 1],
}


@pytest.mark.parametrize(
    ("kind", "columns", "error", "message"),
    [
        (
            "roc",
            {**ROC_COLUMNS, "fpr": ["0", "1"]},
            TypeError,
            r"columns\['fpr'\] must hold numbers",
        ),
        ("roc", {**ROC_COLUMNS, "tp": [None, 1]}, TypeError, r"columns\['tp'\] must hold numbers"),
        (["roc"], ROC_COLUMNS, TypeError, r"kind must be one of .* \(a str\); got list \['roc'\]"),
        ("roc", 5, TypeError, "columns must be a mapping of column name to values.*got int 5"),
        ("roc", None, TypeError, "columns must be a mapping.*got NoneType None"),
        ("roc", list(ROC_COLUMNS.items()), TypeError, "columns must be a mapping.*got list"),
        (
            "roc",
            {**ROC_COLUMNS, "fpr": [[0.0], [1.0]]},
            ValueError,
            r"columns\['fpr'\] must be one-dim",
        ),
        ("roc", {**ROC_COLUMNS, "fpr": [0.0]}, ValueError, "must have one length each"),
    ],
    ids=["text", "None", "kind list", "columns 5", "columns None", "pairs", "2-D", "lengths"],
)
def test_a_curve_refuses_bad_columns_by_name(kind, columns, error, message):
    with pytest.raises(error, match=message):
        Curve(kind, columns)


def test_a_curve_of_numbers_given_as_objects_is_read_as_floats():
    curve = Curve("roc", {**ROC_COLUMNS, "fpr": np.array([0, 1.0], dtype=object)})
    assert curve.fpr.dtype == np.float64 and curve.fpr.tolist() == [0.0, 1.0]
