"""caret's report: summary() cross-checked against scipy, statsmodels and scikit-learn."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest
from sklearn.metrics import cohen_kappa_score, precision_recall_fscore_support
from statsmodels.stats.contingency_tables import SquareTable, mcnemar

import evalbook
from evalbook import (
    BY_CLASS_STATISTICS,
    OVERALL_STATISTICS,
    ConfusionMatrix,
    ConfusionSummary,
    UndefinedMetricWarning,
    summary,
)
from evalcourse.datasets import abc_confusion

SPAM = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])


def _kappa_from_counts(counts):
    """scikit-learn's kappa of a table of counts, via sample weights."""
    k = counts.shape[0]
    y_true, y_pred = np.divmod(np.arange(k * k), k)
    return cohen_kappa_score(y_true, y_pred, labels=list(range(k)), sample_weight=counts.ravel())


def _random_matrices(seed, count, k_range=(2, 3)):
    rng = np.random.default_rng(seed)
    matrices = []
    while len(matrices) < count:
        k = int(rng.integers(*k_range))
        scale = int(rng.choice([3, 10, 40, 200]))
        counts = rng.integers(0, scale, size=(k, k)) + np.diag(rng.integers(0, 2 * scale, size=k))
        if counts.sum() > 0:
            matrices.append(counts)
    return matrices


# ---------------------------------------------------------------------- the SPAM matrix
def test_spam_overall():
    report = summary(SPAM)
    overall = report.overall
    assert tuple(overall.index) == OVERALL_STATISTICS
    assert overall["accuracy"] == 0.75
    ci = binomtest(15, 20).proportion_ci(confidence_level=0.95, method="exact")
    assert overall["accuracy_lower"] == pytest.approx(ci.low, rel=1e-10)
    assert overall["accuracy_upper"] == pytest.approx(ci.high, rel=1e-10)
    assert (round(overall["accuracy_lower"], 4), round(overall["accuracy_upper"], 4)) == (
        0.509,
        0.9134,
    )
    assert overall["no_information_rate"] == 0.55  # 11 hams of 20
    assert overall["accuracy_p_value"] == pytest.approx(
        binomtest(15, 20, 0.55, alternative="greater").pvalue, rel=1e-10
    )
    assert overall["kappa"] == pytest.approx(0.489796, abs=1e-6)
    assert overall["mcnemar_p_value"] == 1.0  # (|3 − 2| − 1)² / 5 = 0


def test_spam_by_class():
    by_class = summary(SPAM).by_class
    assert isinstance(by_class, pd.Series) and by_class.name == "spam"
    assert tuple(by_class.index) == tuple(BY_CLASS_STATISTICS)
    expected = {
        "sensitivity": 6 / 9,
        "specificity": 9 / 11,
        "pos_pred_value": 6 / 8,
        "neg_pred_value": 9 / 12,
        "precision": 6 / 8,
        "recall": 6 / 9,
        "f1": 12 / 17,
        "prevalence": 9 / 20,
        "detection_rate": 6 / 20,
        "detection_prevalence": 8 / 20,
        "balanced_accuracy": (6 / 9 + 9 / 11) / 2,
    }
    for name, value in expected.items():
        assert by_class[name] == pytest.approx(value, rel=1e-14), name


def test_spam_text_reads_like_caret():
    text = str(summary(SPAM))
    lines = text.splitlines()
    assert lines[0] == "Confusion Matrix and Statistics"
    assert lines[2:6] == [
        "          Reference",
        "Prediction spam ham",
        "  spam        6   2",  # caret's orientation: prediction in the rows
        "  ham         3   9",
    ]
    for line in [
        "               Accuracy : 0.75",
        "                 95% CI : (0.509, 0.9134)",
        "    No Information Rate : 0.55",
        "    P-Value [Acc > NIR] : 0.05533",
        "                  Kappa : 0.4898",
        " Mcnemar's Test P-Value : 1",
        "            Sensitivity : 0.6667",
        "         Neg Pred Value : 0.7500",
        "      Balanced Accuracy : 0.7424",
        "       'Positive' Class : spam",
    ]:
        assert line in lines, line
    order = ["Accuracy", "95% CI", "No Information", "P-Value", "Kappa", "Mcnemar", "Sensitivity"]
    positions = [next(i for i, ln in enumerate(lines) if key in ln) for key in order]
    assert positions == sorted(positions)
    assert all(line == line.rstrip() for line in lines)
    assert repr(summary(SPAM)) == text


def test_portuguese_text_and_html():
    report = summary(SPAM)
    with evalbook.config_context(language="pt"):
        text = str(report)
        html = report._repr_html_()
    assert text.startswith("Matriz de Confusão e Estatísticas")
    assert "Acurácia : 0.75" in text and "IC 95% : (0.509, 0.9134)" in text
    assert "Sensibilidade : 0.6667" in text and "Classe 'positiva' : spam" in text
    assert report.to_text().startswith("Confusion Matrix and Statistics")
    assert "Matriz de Confusão" in html and "Sensibilidade" in html and "0.6667" in html
    assert "Accuracy" in report.to_html()


def test_confidence_changes_the_interval_and_its_label():
    report = summary(SPAM, confidence=0.9)
    ci = binomtest(15, 20).proportion_ci(confidence_level=0.9, method="exact")
    assert report.overall["accuracy_lower"] == pytest.approx(ci.low, rel=1e-10)
    assert "90% CI :" in str(report)
    assert report.overall["accuracy_upper"] < summary(SPAM).overall["accuracy_upper"]


# ---------------------------------------------------------------------- the A/B/C matrix
def test_abc_summary():
    report = summary(abc_confusion())
    assert report.positive is None
    overall = report.overall
    assert overall["accuracy"] == 0.7 and overall["no_information_rate"] == 0.5
    assert overall["kappa"] == pytest.approx(58 / 118, rel=1e-14)
    bowker = SquareTable(abc_confusion().counts, shift_zeros=False).symmetry(method="bowker")
    assert overall["mcnemar_p_value"] == pytest.approx(bowker.pvalue, rel=1e-10)
    by_class = report.by_class
    assert isinstance(by_class, pd.DataFrame) and list(by_class.columns) == ["A", "B", "C"]
    assert tuple(by_class.index) == tuple(BY_CLASS_STATISTICS)
    assert by_class.loc["sensitivity"].tolist() == pytest.approx([88 / 100, 40 / 60, 12 / 40])
    assert by_class.loc["pos_pred_value"].tolist() == pytest.approx([88 / 120, 40 / 60, 12 / 20])
    text = str(report)
    assert "Overall Statistics" in text and "Statistics by Class:" in text
    assert "Class: A Class: B Class: C" in text
    assert "'Positive' Class" not in text


# ---------------------------------------------------------------------- cross-checks
@pytest.mark.slow
def test_binary_summaries_against_scipy_statsmodels_sklearn():
    """200 random 2×2 matrices (scikit-learn's by-class values on the first 50)."""
    tested = 0
    with warnings.catch_warnings():
        # evalbook's, scikit-learn's and statsmodels' warnings about 0/0 cases
        warnings.simplefilter("ignore")
        for counts in _random_matrices(1, 200):
            report = summary(counts)
            overall = report.overall
            n, hits = int(counts.sum()), int(np.trace(counts))
            nir = counts.sum(axis=1).max() / n
            assert overall["accuracy"] == pytest.approx(hits / n, rel=1e-14)
            test = binomtest(hits, n, nir, alternative="greater")
            assert overall["accuracy_p_value"] == pytest.approx(test.pvalue, rel=1e-9, abs=1e-300)
            ci = binomtest(hits, n).proportion_ci(confidence_level=0.95, method="exact")
            assert overall["accuracy_lower"] == pytest.approx(ci.low, rel=1e-9, abs=1e-15)
            assert overall["accuracy_upper"] == pytest.approx(ci.high, rel=1e-9, abs=1e-15)
            reference = mcnemar(counts, exact=False, correction=True).pvalue
            if counts[0, 1] + counts[1, 0] == 0:
                assert math.isnan(overall["mcnemar_p_value"])
            else:
                assert overall["mcnemar_p_value"] == pytest.approx(reference, rel=1e-9)
            kappa = _kappa_from_counts(counts)
            if math.isnan(kappa):
                assert math.isnan(overall["kappa"])
            else:
                assert overall["kappa"] == pytest.approx(kappa, rel=1e-9, abs=1e-12)
            tested += 1
            if tested > 50:
                continue
            y_true, y_pred = np.divmod(np.arange(4), 2)
            p, r, f, _ = precision_recall_fscore_support(
                y_true, y_pred, labels=[0], sample_weight=counts.ravel(), zero_division=np.nan
            )
            for name, value in (("precision", p[0]), ("recall", r[0]), ("f1", f[0])):
                if math.isnan(value):
                    assert math.isnan(report.by_class[name]), name
                else:
                    assert report.by_class[name] == pytest.approx(value, rel=1e-12), name
    assert tested == 200


def test_multiclass_summaries_against_scipy_statsmodels_sklearn():
    tested = bowker_checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        for counts in _random_matrices(3, 40, k_range=(3, 6)):
            overall = summary(counts).overall
            n, hits = int(counts.sum()), int(np.trace(counts))
            nir = counts.sum(axis=1).max() / n
            test = binomtest(hits, n, nir, alternative="greater")
            assert overall["accuracy_p_value"] == pytest.approx(test.pvalue, rel=1e-9, abs=1e-300)
            ci = binomtest(hits, n).proportion_ci(method="exact")
            assert overall["accuracy_lower"] == pytest.approx(ci.low, rel=1e-9, abs=1e-15)
            kappa = _kappa_from_counts(counts)
            assert overall["kappa"] == pytest.approx(kappa, rel=1e-9, abs=1e-12)
            off = counts + counts.T
            if np.all(off[np.triu_indices(len(counts), 1)] > 0):
                table = SquareTable(counts, shift_zeros=False)
                bowker = table.symmetry(method="bowker").pvalue
                assert overall["mcnemar_p_value"] == pytest.approx(bowker, rel=1e-9)
                bowker_checked += 1
            else:
                assert math.isnan(overall["mcnemar_p_value"])
            tested += 1
    assert tested == 40 and bowker_checked >= 10


# ---------------------------------------------------------------------- undefined entries
def test_nothing_predicted_negative_gives_nan_as_caret():
    cm = ConfusionMatrix([[5, 0], [5, 0]], labels=["yes", "no"])
    with pytest.warns(UndefinedMetricWarning, match="NPV"):
        report = summary(cm)
    assert math.isnan(report.by_class["neg_pred_value"])
    assert report.by_class["sensitivity"] == 1.0
    assert "Neg Pred Value : NaN" in str(report)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        silent = summary(cm, zero_division=0.0)
    assert silent.by_class["neg_pred_value"] == 0.0


def test_no_errors_makes_mcnemar_na():
    cm = [[5, 0], [0, 7]]
    with pytest.warns(UndefinedMetricWarning, match="McNemar"):
        report = summary(cm)
    assert math.isnan(report.overall["mcnemar_p_value"])
    assert "Mcnemar's Test P-Value : NA" in str(report)
    assert report.overall["kappa"] == 1.0
    assert report.overall["accuracy_upper"] == 1.0


def test_tiny_p_value_prints_like_r():
    report = summary([[500, 0], [0, 500]], zero_division=math.nan)
    assert "P-Value [Acc > NIR] : < 2.2e-16" in str(report)


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("cm", "match"),
    [
        ([[7]], "single class"),
        ([[0, 0], [0, 0]], "no instances"),
        ([[1, 2, 3], [4, 5, 6]], "square"),
        ([[1, -1], [0, 2]], "non-negative"),
    ],
)
def test_bad_matrix(cm, match):
    with pytest.raises(ValueError, match=match):
        summary(cm)


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"confidence": 1.5}, ValueError, "confidence"),
        ({"confidence": 0}, ValueError, "confidence"),
        ({"confidence": "95%"}, TypeError, "confidence"),
        ({"zero_division": "ignore"}, ValueError, "zero_division"),
    ],
)
def test_bad_options(options, error, match):
    with pytest.raises(error, match=match):
        summary(SPAM, **options)


def test_public_api():
    assert evalbook.summary is summary
    report = summary(SPAM)
    assert isinstance(report, ConfusionSummary)
    assert report.confusion_matrix == SPAM and report.positive == "spam"
    for name in ("summary", "ConfusionSummary", "OVERALL_STATISTICS", "BY_CLASS_STATISTICS"):
        assert name in evalbook.__all__
