"""The handouts' tables shipped as CSV, checked against every number the handouts print."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalbook import ConfusionMatrix, accuracy, result_types
from evalcourse.datasets import abc_confusion, fraud_predictions, spam_predictions

# Handout 000, Tabela 7, as printed (sorted by score): ID, target, Pred., Score, Res.
TABELA_7 = """
7 ham ham 0.001 TN     5 ham ham 0.302 TN
11 ham ham 0.003 TN    14 ham ham 0.348 TN
15 ham ham 0.059 TN    17 ham spam 0.657 FP
13 ham ham 0.064 TN    8 spam spam 0.676 TP
19 ham ham 0.094 TN    6 spam spam 0.719 TP
12 spam ham 0.160 FN   10 spam spam 0.781 TP
2 spam ham 0.184 FN    18 spam spam 0.833 TP
3 ham ham 0.226 TN     20 ham spam 0.877 FP
16 ham ham 0.246 TN    9 spam spam 0.960 TP
1 spam ham 0.293 FN    4 spam spam 0.963 TP
"""


def _tabela_7():
    words = TABELA_7.split()
    rows = [words[i : i + 5] for i in range(0, len(words), 5)]
    frame = pd.DataFrame(rows, columns=["id", "target", "prediction", "score", "res"])
    return frame.astype({"id": int, "score": float}).set_index("id").sort_index()


def test_spam_predictions_shape_and_columns(spam_table):
    assert list(spam_table.columns) == ["id", "target", "prediction", "score"]
    assert spam_table.shape == (20, 4)
    assert spam_table["id"].tolist() == list(range(1, 21))
    assert set(spam_table.target) == set(spam_table.prediction) == {"spam", "ham"}
    assert spam_table.score.between(0, 1).all()
    assert spam_table.target.value_counts().to_dict() == {"ham": 11, "spam": 9}
    assert spam_table.prediction.value_counts().to_dict() == {"ham": 12, "spam": 8}


def test_spam_predictions_match_tabela_7(spam_table):
    printed = _tabela_7()
    assert len(printed) == 20 and printed.index.tolist() == list(range(1, 21))
    table = spam_table.set_index("id")
    assert table.target.tolist() == printed.target.tolist()
    assert table.prediction.tolist() == printed.prediction.tolist()
    assert np.array_equal(table.score.to_numpy(), printed.score.to_numpy())
    res = result_types(table.target, table.prediction, positive="spam")
    assert res.tolist() == printed.res.tolist()


def test_spam_prediction_is_score_at_threshold_half(spam_table):
    """Handout 000, eq. (11): score ≥ 0.5 → spam."""
    at_half = np.where(spam_table.score >= 0.5, "spam", "ham")
    assert at_half.tolist() == spam_table.prediction.tolist()
    assert ((spam_table.prediction == "spam") == (spam_table.score >= 0.5)).all()


def test_spam_confusion_matrix_from_the_table(spam_cm):
    """Handout 000, Tabela 3: the SPAM matrix 6/3/2/9."""
    assert spam_cm.counts.tolist() == [[6, 3], [2, 9]]
    assert spam_cm.labels == ["spam", "ham"]


@pytest.mark.parametrize(
    ("threshold", "counts"),
    [
        # Tabela 8(b) prints [[7, 2], [4, 7]], as the scores give.
        (0.25, [[7, 2], [4, 7]]),
        # Tabela 8(a) prints [[4, 4], [2, 10]] (its spam row sums to 8, not 9): the scores
        # give 4 spam above 0.75 (FN 5) and one ham (0.877, FP 1). The data wins.
        (0.75, [[4, 5], [1, 10]]),
        (0.5, [[6, 3], [2, 9]]),
    ],
)
def test_spam_thresholds_tabela_8(spam_table, threshold, counts):
    prediction = np.where(spam_table.score >= threshold, "spam", "ham")
    cm = ConfusionMatrix.from_labels(spam_table.target, prediction, labels=["spam", "ham"])
    assert cm.counts.tolist() == counts


def test_spam_predictions_returns_a_fresh_frame():
    first = spam_predictions()
    first.loc[0, "target"] = "eggs"
    assert spam_predictions().loc[0, "target"] == "spam"


def test_abc_confusion():
    """Handout 001: the A/B/C matrix, n = 200, 70% success."""
    cm = abc_confusion()
    assert isinstance(cm, ConfusionMatrix)
    assert cm.labels == ["A", "B", "C"]
    assert all(type(label) is str for label in cm.labels)
    assert cm.counts.tolist() == [[88, 10, 2], [14, 40, 6], [18, 10, 12]]
    assert cm.n == 200
    assert cm.target_totals.tolist() == [100, 60, 40]
    # "este classificador prediz [A: 120 (60%), B: 60 (30%), C: 20 (10%)]"
    assert (cm.prediction_totals / cm.n).tolist() == [0.6, 0.3, 0.1]
    assert accuracy(cm) == 0.7
    assert abc_confusion() == cm


def test_fraud_predictions():
    table = fraud_predictions()
    assert list(table.columns) == ["id", "target", "prediction", "score"]
    assert table.shape == (16, 4)
    assert table["id"].tolist() == list(range(1, 17))
    assert table.target.value_counts().to_dict() == {"legítima": 10, "fraude": 6}
    assert set(table.prediction) == {"fraude", "legítima"}
    assert ((table.prediction == "fraude") == (table.score >= 0.5)).all()
    assert table.score.between(0, 1).all()
    cm = ConfusionMatrix.from_labels(table.target, table.prediction, labels=["fraude", "legítima"])
    assert cm.counts.tolist() == [[4, 2], [3, 7]]
