"""The Displays: they store what they draw, draw it, and speak the display language."""

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import evalbook
from evalbook import (
    CalibrationDisplay,
    ConfusionMatrixDisplay,
    FBetaDisplay,
    GainDisplay,
    KSDisplay,
    LiftDisplay,
    PrecisionRecallDisplay,
    RocCurveDisplay,
)
from evalcourse import datasets

SPAM = datasets.spam_predictions()
Y, S = SPAM.target.to_numpy(), SPAM.score.to_numpy()

#: Each Display, the curve function whose result it must store, and the options of both.
FROM_PREDICTIONS = {
    RocCurveDisplay: (evalbook.roc_curve, {}),
    KSDisplay: (evalbook.ks_curve, {}),
    GainDisplay: (evalbook.gain_lift, {"bins": 4}),
    LiftDisplay: (evalbook.gain_lift, {"bins": 4}),
    PrecisionRecallDisplay: (evalbook.precision_recall_curve, {}),
    FBetaDisplay: (evalbook.fbeta_curve, {"beta": 2}),
    CalibrationDisplay: (evalbook.calibration_curve, {"bins": 5}),
}


def _from_spam(kind):
    """``kind`` built from the spam predictions, and the curve it must store."""
    curve_function, options = FROM_PREDICTIONS[kind]
    return (
        kind.from_predictions(Y, S, positive="spam", **options),
        curve_function(Y, S, positive="spam", **options),
    )


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture
def language(request):
    with evalbook.config_context(language=request.param):
        yield request.param


def _drawn(display):
    ax = display.plot().ax_
    return {
        "x": ax.get_xlabel(),
        "y": ax.get_ylabel(),
        "title": ax.get_title(),
        "legend": ax.get_legend_handles_labels()[1],
    }


@pytest.mark.parametrize("kind", FROM_PREDICTIONS, ids=lambda k: k.__name__)
def test_from_predictions_stores_the_curve_and_plot_draws_it(kind):
    display, expected = _from_spam(kind)
    assert display.curve.kind == expected.kind
    for column in expected.columns:
        np.testing.assert_array_equal(display.curve[column], expected[column])
    same = kind.from_curve(expected)
    assert same.curve is expected
    _, ax = plt.subplots()
    assert display.plot(ax=ax) is display and display.ax_ is ax and display.figure_ is ax.figure


def test_the_roc_display_stores_its_numbers():
    display = RocCurveDisplay.from_predictions(Y, S, positive="spam", threshold=0.5, name="m")
    assert display.roc_auc == evalbook.roc_auc(Y, S, positive="spam")
    tp, fn, fp, tn = evalbook.ScoredData(Y, S, positive="spam").counts(0.5)
    assert display.point == (fp / (fp + tn), tp / (tp + fn))  # Tabela 3: TP 6, FP 2
    assert display.point == (2 / 11, 6 / 9)
    assert _drawn(display)["legend"][0] == f"m: AUC = {display.roc_auc:.3f}"


def test_the_ks_display_agrees_with_ks_statistic():
    display = KSDisplay.from_predictions(Y, S, positive="spam")
    result = evalbook.ks_statistic(Y, S, positive="spam")
    assert (display.statistic, display.score) == pytest.approx(tuple(result))


def test_the_pr_display_gives_the_average_precision():
    display = PrecisionRecallDisplay.from_predictions(Y, S, positive="spam")
    assert display.average_precision == pytest.approx(
        evalbook.average_precision(Y, S, positive="spam"), abs=1e-15
    )


def test_several_roc_curves_share_one_diagonal():
    _, ax = plt.subplots()
    RocCurveDisplay.from_predictions(Y, S, positive="spam").plot(ax=ax)
    RocCurveDisplay.from_predictions(Y, 1 - S, positive="spam", name="reversed").plot(ax=ax)
    assert [line.get_label() for line in ax.lines].count("_diagonal") == 1


def test_several_roc_curves_differ_by_colour_and_dashes():
    _, ax = plt.subplots()
    for k, name in enumerate(["a", "b", "c"]):
        RocCurveDisplay.from_predictions(Y, np.roll(S, k), positive="spam", name=name).plot(ax=ax)
    models = [line for line in ax.lines if line.get_label() != "_diagonal"]
    colours = [matplotlib.colors.to_hex(line.get_color()) for line in models]
    assert colours == ["#117733", "#0072b2", "#d55e00"]
    assert [line.get_linestyle() for line in models] == ["-", "--", "-."]


ENGLISH = {
    RocCurveDisplay: {"x": "FPR (1 − specificity)", "y": "TPR (sensitivity)"},
    KSDisplay: {"x": "score ps", "y": "cumulative share", "title": "KS = 0.576 at ps = 0.657"},
    GainDisplay: {"y": "cumulative gain", "legend": ["random", "model"]},
    LiftDisplay: {
        "x": "bin (highest scores first)",
        "legend": ["cumulative lift", "random", "lift"],
    },
    PrecisionRecallDisplay: {"x": "recall", "y": "precision"},
    CalibrationDisplay: {"x": "mean predicted probability", "y": "share of positives"},
}
PORTUGUESE = {
    RocCurveDisplay: {"x": "FPR (1 − especificidade)", "y": "TPR (sensibilidade)"},
    KSDisplay: {
        "y": "proporção acumulada",
        "title": "KS = 0.576 em ps = 0.657",
        "legend": ["CP(positivos, ps)", "CP(negativos, ps)", "KS"],
    },
    GainDisplay: {"y": "ganho acumulado", "legend": ["aleatório", "modelo"]},
    LiftDisplay: {
        "x": "faixa (maiores scores primeiro)",
        "legend": ["lift acumulado", "aleatório", "lift"],
    },
    PrecisionRecallDisplay: {"x": "revocação", "y": "precisão"},
    CalibrationDisplay: {"x": "probabilidade prevista média", "y": "proporção de positivos"},
}


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", ENGLISH), ("pt", PORTUGUESE)],
    indirect=["language"],
    ids=["en", "pt"],
)
def test_the_labels_follow_the_display_language(language, expected):
    for kind, labels in expected.items():
        drawn = _drawn(_from_spam(kind)[0])
        for part, text in labels.items():
            assert drawn[part] == text, (kind.__name__, part)


@pytest.mark.parametrize(
    ("language", "axes"),
    [("en", ("prediction", "target")), ("pt", ("predição", "alvo"))],
    indirect=["language"],
    ids=["en", "pt"],
)
def test_the_confusion_matrix_speaks_the_display_language(language, axes):
    display = ConfusionMatrixDisplay.from_predictions(
        SPAM.target, SPAM.prediction, labels=["spam", "ham"]
    )
    ax = display.plot().ax_
    assert (ax.get_xlabel(), ax.get_ylabel()) == axes
    assert [t.get_text() for t in ax.texts] == ["6\nTP", "3\nFN", "2\nFP", "9\nTN"]
    bare = ConfusionMatrixDisplay.from_matrix([[1, 2], [3, 4]]).plot().ax_
    words = ("positive", "negative") if language == "en" else ("positiva", "negativa")
    assert tuple(t.get_text() for t in bare.get_xticklabels()) == words


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: RocCurveDisplay.from_predictions(Y, S, positive="spam").plot(ax=1),
            TypeError,
            "ax must",
        ),
        (
            lambda: RocCurveDisplay(evalbook.ks_curve(Y, S, positive="spam")),
            TypeError,
            "'roc' Curve",
        ),
        (lambda: KSDisplay.from_curve(SPAM), TypeError, "'ks' Curve"),
        (
            lambda: RocCurveDisplay.from_predictions(Y, S, positive="spam", name=3),
            TypeError,
            "name",
        ),
        (
            lambda: RocCurveDisplay.from_predictions(Y, S, positive="spam", threshold="x"),
            TypeError,
            "threshold",
        ),
        (
            lambda: ConfusionMatrixDisplay.from_matrix([[1, 2], [3, 4]], cmap="nope").plot(),
            ValueError,
            "cmap",
        ),
    ],
)
def test_bad_input_is_named(call, error, match):
    before = plt.get_fignums()
    with pytest.raises(error, match=match):
        call()
    assert plt.get_fignums() == before  # no figure left open


# ---------------------------------------------------------------------- from_estimator
def _fitted(model, *, labels=("benigno", "maligno")):
    """A classifier fitted on breast-cancer data whose classes are strings, and its test set."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import train_test_split

    X, y = load_breast_cancer(return_X_y=True)
    y = np.asarray(labels)[y]
    X_train, X_test, y_train, y_test = train_test_split(X[:, :5], y, random_state=0)
    return model.fit(X_train, y_train), X_test, y_test


@pytest.mark.slow
@pytest.mark.parametrize("positive", [None, "benigno", "maligno"])
@pytest.mark.parametrize("response_method", ["auto", "predict_proba", "decision_function"])
def test_from_estimator_draws_what_scikit_learns_display_draws(positive, response_method):
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import PrecisionRecallDisplay as SkPrecisionRecall
    from sklearn.metrics import RocCurveDisplay as SkRoc

    model, X, y = _fitted(LogisticRegression(max_iter=5000))
    options = {"response_method": response_method}
    ours = RocCurveDisplay.from_estimator(model, X, y, positive=positive, **options)
    theirs = SkRoc.from_estimator(model, X, y, pos_label=positive, **options)
    assert ours.name == "LogisticRegression"
    assert ours.roc_auc == pytest.approx(theirs.roc_auc, abs=1e-12)
    # scikit-learn drops collinear points (drop_intermediate); every one of its points is ours
    points = set(zip(ours.curve.fpr.round(12), ours.curve.tpr.round(12), strict=True))
    assert set(zip(theirs.fpr.round(12), theirs.tpr.round(12), strict=True)) <= points
    ours = PrecisionRecallDisplay.from_estimator(model, X, y, positive=positive, **options)
    theirs = SkPrecisionRecall.from_estimator(model, X, y, pos_label=positive, **options)
    assert ours.average_precision == pytest.approx(theirs.average_precision, abs=1e-12)


def test_calibration_and_confusion_matrix_from_an_estimator():
    from sklearn.calibration import calibration_curve
    from sklearn.naive_bayes import GaussianNB

    model, X, y = _fitted(GaussianNB())
    display = CalibrationDisplay.from_estimator(model, X, y, bins=5, name="NB")
    fraction, mean = calibration_curve(y, model.predict_proba(X)[:, 1], pos_label="maligno",
                                       n_bins=5)  # fmt: skip
    np.testing.assert_allclose(display.curve.fraction_positive, fraction, atol=1e-12)
    np.testing.assert_allclose(display.curve.mean_predicted, mean, atol=1e-12)
    assert display.name == "NB"
    display = ConfusionMatrixDisplay.from_estimator(model, X, y, labels=["maligno", "benigno"])
    expected = evalbook.ConfusionMatrix.from_labels(
        y, model.predict(X), labels=["maligno", "benigno"]
    )
    np.testing.assert_array_equal(display.confusion_matrix.counts, expected.counts)


def test_from_estimator_uses_the_decision_function_when_there_are_no_probabilities():
    from sklearn.svm import LinearSVC

    model, X, y = _fitted(LinearSVC(), labels=(0, 1))
    display = RocCurveDisplay.from_estimator(model, X, y)
    expected = RocCurveDisplay.from_predictions(y, model.decision_function(X), positive=1)
    np.testing.assert_array_equal(display.curve.tpr, expected.curve.tpr)
    flipped = RocCurveDisplay.from_estimator(model, X, y, positive=0)
    assert flipped.roc_auc == pytest.approx(display.roc_auc)  # the first class: scores negated


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda m, X, y: RocCurveDisplay.from_estimator("model", X, y), TypeError, "estimator"),
        (
            lambda m, X, y: RocCurveDisplay.from_estimator(m, X, y, positive="x"),
            ValueError,
            "positive must be one of the estimator's classes",
        ),
        (
            lambda m, X, y: RocCurveDisplay.from_estimator(m, X, y, positive=["maligno"]),
            ValueError,
            "positive",
        ),
        (
            lambda m, X, y: PrecisionRecallDisplay.from_estimator(m, X, y, response_method="x"),
            ValueError,
            "response_method",
        ),
        (
            lambda m, X, y: RocCurveDisplay.from_estimator(
                m, X, y, response_method="decision_function"
            ),
            ValueError,
            "estimator has no decision_function",
        ),
        (lambda m, X, y: CalibrationDisplay.from_estimator(m, X, y, name=3), TypeError, "name"),
    ],
)
def test_from_estimator_refuses_bad_input(call, error, match):
    from sklearn.naive_bayes import GaussianNB

    model, X, y = _fitted(GaussianNB())
    with pytest.raises(error, match=match):
        call(model, X, y)
    assert not plt.get_fignums()


def test_from_estimator_needs_a_binary_classifier():
    from sklearn.naive_bayes import GaussianNB

    X = np.arange(12.0).reshape(6, 2)
    model = GaussianNB().fit(X, ["a", "b", "c"] * 2)
    with pytest.raises(ValueError, match="estimator must be a binary classifier"):
        RocCurveDisplay.from_estimator(model, X, ["a", "b", "c"] * 2)


# ---------------------------------------------------------------------- the residual plot
@pytest.mark.parametrize(
    ("kind", "sklearn_kind"),
    [
        ("residual_vs_predicted", "residual_vs_predicted"),
        ("actual_vs_predicted", "actual_vs_predicted"),
    ],
)
def test_the_residual_plot_draws_what_scikit_learns_display_draws(kind, sklearn_kind):
    from sklearn.metrics import PredictionErrorDisplay as SklearnDisplay

    rng = np.random.default_rng(3)
    for _ in range(20):
        n = int(rng.integers(3, 200))
        y_true = rng.normal(rng.normal(0, 50), rng.uniform(0.1, 30), size=n)
        y_pred = y_true + rng.normal(0, rng.uniform(0.1, 10), size=n)
        ours = evalbook.PredictionErrorDisplay.from_predictions(y_true, y_pred, kind=kind).plot()
        theirs = SklearnDisplay.from_predictions(y_true, y_pred, kind=sklearn_kind, subsample=None)
        drawn = ours.ax_.collections[0].get_offsets()
        np.testing.assert_allclose(drawn, theirs.scatter_.get_offsets(), rtol=1e-12)
        np.testing.assert_allclose(ours.residuals, y_true - y_pred, rtol=0, atol=0)
        plt.close("all")


@pytest.mark.parametrize(
    ("language", "xlabel", "ylabel"),
    [("en", "predicted value", "residual (target − prediction)"),
     ("pt", "valor predito", "resíduo (alvo − predição)")],
)  # fmt: skip
def test_the_residual_plot_speaks_the_display_language(language, xlabel, ylabel):
    with evalbook.config_context(language=language):
        ax = evalbook.PredictionErrorDisplay.from_predictions([3, 5, 2], [2.5, 5, 3]).plot().ax_
    assert (ax.get_xlabel(), ax.get_ylabel()) == (xlabel, ylabel)
    plt.close("all")


def test_the_residual_plot_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="kind"):
        evalbook.PredictionErrorDisplay.from_predictions([1, 2], [1, 2], kind="qq")


@pytest.mark.parametrize("normalize", [None, "true", "pred", "all"])
def test_a_normalized_matrix_draws_what_scikit_learns_display_draws(normalize):
    from sklearn.metrics import ConfusionMatrixDisplay as SklearnDisplay

    rng = np.random.default_rng(5)
    for _ in range(20):
        k, n = int(rng.integers(2, 5)), int(rng.integers(1, 80))
        y_true, y_pred = rng.integers(0, k, size=n), rng.integers(0, k, size=n)
        labels = list(range(k))
        ours = ConfusionMatrixDisplay.from_predictions(
            y_true, y_pred, labels=labels, normalize=normalize
        )
        theirs = SklearnDisplay.from_predictions(y_true, y_pred, labels=labels, normalize=normalize)
        np.testing.assert_allclose(ours.values, theirs.confusion_matrix, rtol=0, atol=1e-12)
        plt.close("all")
    shown = ConfusionMatrixDisplay.from_matrix([[6, 3], [2, 9]], normalize=normalize).plot()
    first = shown.ax_.texts[0].get_text()
    assert first == {None: "6", "true": "0.67", "pred": "0.75", "all": "0.30"}[normalize] + "\nTP"
    plt.close("all")


def test_the_matrix_display_refuses_an_unknown_normalization():
    with pytest.raises(ValueError, match="normalize"):
        ConfusionMatrixDisplay.from_matrix([[6, 3], [2, 9]], normalize="rows")
