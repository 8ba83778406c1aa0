"""precision_recall_curve, average_precision, fbeta_curve, multiclass_roc_auc: values, bad input.

Cross-checked against scikit-learn (precision-recall curve, average precision, one-vs-rest
ROC AUC) and against F-beta computed at each threshold, on many random inputs with ties,
tiny n and a single class.
"""

import numpy as np
import pytest
from sklearn.metrics import (
    average_precision_score,
    roc_auc_score,
)
from sklearn.metrics import (
    precision_recall_curve as sk_precision_recall_curve,
)

import evalbook
from evalbook.metrics import (
    average_precision,
    fbeta_curve,
    multiclass_roc_auc,
    precision_recall_curve,
)
from evalcourse import datasets


@pytest.fixture(scope="module")
def spam():
    emails = datasets.spam_predictions()
    return emails.target.to_numpy(), emails.score.to_numpy()


def test_spam_curve_is_table7_read_from_the_top(spam):
    y, scores = spam
    curve = precision_recall_curve(y, scores, positive="spam").to_frame()
    assert len(curve) == 21  # 20 distinct scores plus the start at +inf
    assert curve.loc[0, ["precision", "recall"]].tolist() == [1.0, 0.0]
    # t = 0.5 is Tabela 3's matrix: TP 6, FP 2, so precision 0.75 and recall 6/9
    at_half = curve[curve.threshold >= 0.5].iloc[-1]
    assert (at_half.tp, at_half.fp) == (6, 2)
    assert at_half.precision == 0.75 and at_half.recall == pytest.approx(6 / 9)
    assert curve.recall.iloc[-1] == 1.0 and curve.precision.iloc[-1] == 9 / 20


def test_spam_average_precision_is_the_mean_precision_at_each_positive(spam):
    y, scores = spam
    order = np.argsort(-scores)
    hits = (y[order] == "spam").cumsum()
    at_positives = [hits[i] / (i + 1) for i in range(y.size) if y[order][i] == "spam"]
    assert average_precision(y, scores, positive="spam") == pytest.approx(np.mean(at_positives))


def test_average_precision_is_not_the_trapezoid_area():
    y = ["p", "n", "n", "p"]
    scores = [0.9, 0.8, 0.7, 0.6]
    curve = precision_recall_curve(y, scores, positive="p")
    trapezoid = evalbook.auc(curve.recall, curve.precision)
    ap = average_precision(y, scores, positive="p")
    assert ap == pytest.approx((1 + 0.5) / 2)
    assert trapezoid == pytest.approx(0.5 * 1 + 0.5 * (0.5 + 1 / 3) / 2 + 0)  # linear, too high
    assert trapezoid != pytest.approx(ap)


def test_tied_scores_are_one_threshold():
    curve = precision_recall_curve([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5], positive=1)
    assert curve.threshold.tolist() == [np.inf, 0.5]
    assert average_precision([1, 0, 1, 0], [0.5] * 4, positive=1) == 0.5


def test_only_positives_give_precision_one():
    curve = precision_recall_curve(["p", "p"], [0.2, 0.7], positive="p")
    assert curve.precision.tolist() == [1.0, 1.0, 1.0]
    assert average_precision(["p", "p"], [0.2, 0.7], positive="p") == 1.0


def test_fbeta_curve_chooses_the_spam_threshold(spam):
    y, scores = spam
    curve = fbeta_curve(y, scores, positive="spam").to_frame()
    best = curve.loc[curve.fbeta.idxmax()]
    assert best.fbeta == pytest.approx(
        2 * best.precision * best.recall / (best.precision + best.recall)
    )
    recall_heavy = fbeta_curve(y, scores, positive="spam", beta=2).to_frame()
    assert recall_heavy.loc[recall_heavy.fbeta.idxmax()].threshold <= best.threshold


def test_multiclass_per_class_macro_and_weighted():
    y = ["a", "a", "a", "b", "c", "c"]
    scores = np.array([[3, 1, 0], [2, 0, 1], [0, 2, 1], [1, 3, 0], [0, 1, 2], [1, 0, 3]])
    result = multiclass_roc_auc(y, scores, labels=["a", "b", "c"])
    per_class = result.per_class
    assert list(per_class) == ["a", "b", "c"]
    assert per_class["a"] == evalbook.roc_auc(y, scores[:, 0], positive="a")
    assert result.macro == pytest.approx(np.mean(list(per_class.values())))
    assert result.weighted == pytest.approx(
        (3 * per_class["a"] + per_class["b"] + 2 * per_class["c"]) / 6
    )
    macro, weighted, _, _, _ = result  # a result unpacks
    assert (macro, weighted) == (result.macro, result.weighted)
    with pytest.raises(TypeError):
        per_class["a"] = 1.0  # read-only


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: precision_recall_curve([1, 0], [0.1, 0.2], positive=2), ValueError, "positive=2"),
        (lambda: precision_recall_curve([1, 0], [0.1], positive=1), ValueError, "lengths"),
        (lambda: average_precision([1, 0], [True, False], positive=1), TypeError, "y_score"),
        (lambda: average_precision([1, 0], [0.1, np.nan], positive=1), ValueError, "y_score"),
        (lambda: average_precision([], [], positive=1), ValueError, "empty"),
        (lambda: fbeta_curve([1, 0], [0.1, 0.2], positive=1, beta=0), ValueError, "beta"),
        (lambda: fbeta_curve([1, 0], [0.1, 0.2], positive=1, beta="2"), TypeError, "beta"),
        (lambda: precision_recall_curve([1, 0], [0.1, 0.2], positive=[1]), TypeError, "positive"),
        (
            lambda: multiclass_roc_auc(
                ["a", "b"], [[1, 0], [0, 1]], labels=["a", "b"], average="micro"
            ),
            TypeError,
            "average",
        ),
        (
            lambda: multiclass_roc_auc(["a", "b"], [1, 0], labels=["a", "b"]),
            ValueError,
            "shape",
        ),
        (
            lambda: multiclass_roc_auc(["a", "b"], [[1, 0, 0], [0, 1, 0]], labels=["a", "b"]),
            ValueError,
            "columns",
        ),
        (
            lambda: multiclass_roc_auc(["a", "d"], [[1, 0], [0, 1]], labels=["a", "b"]),
            ValueError,
            "'d'",
        ),
        (
            lambda: multiclass_roc_auc(["a", "a"], [[1, 0], [0, 1]], labels=["a", "b"]),
            ValueError,
            "class 'b' does not occur",
        ),
        (
            lambda: multiclass_roc_auc(["a", "b"], [[1, 0], [0, 1]], labels=["a", "a"]),
            ValueError,
            "distinct",
        ),
        (
            lambda: multiclass_roc_auc(["a", "b"], [[1, np.inf], [0, 1]], labels=["a", "b"]),
            ValueError,
            "finite",
        ),
    ],
)
def test_bad_input_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_a_scored_data_is_taken_in_place_of_labels_and_scores(spam):
    y, scores = spam
    data = evalbook.ScoredData(y, scores, positive="spam")
    assert average_precision(data) == average_precision(y, scores, positive="spam")
    assert (
        precision_recall_curve(data)
        .to_frame()
        .equals(precision_recall_curve(y, scores, positive="spam").to_frame())
    )
    assert (
        fbeta_curve(data, beta=2)
        .to_frame()
        .equals(fbeta_curve(y, scores, positive="spam", beta=2).to_frame())
    )
    with pytest.raises(TypeError, match="either a ScoredData alone"):
        average_precision(data, scores)


# ---------------------------------------------------------------------- against scikit-learn
CASES = 200


TOL = 1e-12


def test_precision_recall_curve_and_ap_match_sklearn(binary_case):
    rng = np.random.default_rng(1)
    for _ in range(CASES):
        y, scores = binary_case(rng, negatives=rng.random() < 0.9)
        ours = precision_recall_curve(y, scores, positive="pos")
        precision, recall, thresholds = sk_precision_recall_curve(y, scores, pos_label="pos")
        np.testing.assert_allclose(ours.precision[::-1], precision, rtol=0, atol=TOL)
        np.testing.assert_allclose(ours.recall[::-1], recall, rtol=0, atol=TOL)
        np.testing.assert_array_equal(ours.threshold[1:][::-1], thresholds)
        expected = average_precision_score(y == "pos", scores)
        assert average_precision(y, scores, positive="pos") == pytest.approx(expected, abs=TOL)


def test_fbeta_curve_matches_fbeta_of_each_thresholded_prediction(binary_case):
    rng = np.random.default_rng(2)
    for _ in range(CASES):
        y, scores = binary_case(rng)
        beta = float(rng.choice([0.5, 1.0, 2.0]))
        curve = fbeta_curve(y, scores, positive="pos", beta=beta)
        is_positive = y == "pos"
        for t, value in zip(curve["threshold"], curve["fbeta"], strict=True):
            predicted = scores >= t
            precision = np.sum(predicted & is_positive) / np.sum(predicted)
            recall = np.sum(predicted & is_positive) / np.sum(is_positive)
            expected = (
                0.0
                if precision + recall == 0
                else (1 + beta**2) * precision * recall / (beta**2 * precision + recall)
            )
            assert value == pytest.approx(expected, abs=TOL)


def test_multiclass_roc_auc_matches_sklearn_ovr():
    rng = np.random.default_rng(5)
    for case in range(CASES):
        k = int(rng.integers(3, 6))
        labels = [f"c{j}" for j in range(k)]
        n = int(rng.integers(k, 40))
        y = np.array(labels + [labels[i] for i in rng.integers(0, k, size=n - k)])
        raw = rng.integers(1, 4, size=(n, k)) if rng.random() < 0.5 else rng.random((n, k))
        scores = raw / raw.sum(axis=1, keepdims=True)  # sklearn wants rows summing to 1
        average = ("macro", "weighted")[case % 2]  # one sklearn call per case: it is slow
        ours = getattr(multiclass_roc_auc(y, scores, labels=labels), average)
        expected = roc_auc_score(y, scores, multi_class="ovr", average=average, labels=labels)
        assert ours == pytest.approx(expected, abs=TOL)
