"""Shared fixtures of the library's tests: the handouts' matrices, the reference formulas of
every metric, and random inputs and tiny estimators that several cross-checks use.

The reference formulas are written here once, in exact arithmetic (``fractions.Fraction``)
from the four cells of a 2×2 matrix or from a k×k table of counts, independently of the
library's code. The registry-driven tests (``test_classification.py``) and the cross-checks
(``test_crosscheck_sklearn.py``) compare every metric of ``BINARY_METRICS`` and
``MULTICLASS_METRICS`` with them; a new metric needs one line here too, and
``test_every_registered_metric_has_a_reference`` fails until it gets it.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from evalbook import ConfusionMatrix
from evalcourse.datasets import abc_confusion


class Undefined(Exception):
    """Raised by a reference formula whose denominator is 0 (a 0/0 metric)."""


def _ratio(numerator, denominator, zero_division):
    """Exact ``numerator / denominator``; ``zero_division`` (or :class:`Undefined`) if 0/0."""
    if denominator == 0:
        if zero_division is None:
            raise Undefined
        return zero_division
    return Fraction(int(numerator), int(denominator))


def _mcc(counts, zero_division):
    n = int(counts.sum())
    t = [int(v) for v in counts.sum(axis=1)]
    p = [int(v) for v in counts.sum(axis=0)]
    numerator = n * int(np.trace(counts)) - sum(a * b for a, b in zip(t, p, strict=True))
    product = (n * n - sum(v * v for v in p)) * (n * n - sum(v * v for v in t))
    if product == 0:
        raise Undefined  # the library returns 0 here, with a warning (handout 003)
    return numerator / math.sqrt(product)


def _kappa(counts, zero_division):
    n = int(counts.sum())
    chance = sum(
        int(a) * int(b) for a, b in zip(counts.sum(axis=1), counts.sum(axis=0), strict=True)
    )
    # (p_o − p_e) / (1 − p_e) with p_o = trace / n and p_e = Σ t_k·p_k / n²
    return _ratio(n * int(np.trace(counts)) - chance, n * n - chance, zero_division)


def _balanced_accuracy(counts, zero_division):
    recalls = [_ratio(counts[i, i], counts[i].sum(), zero_division) for i in range(len(counts))]
    return sum(recalls) / len(recalls)


#: name -> f(tp, fn, fp, tn, zero_division) for every metric of BINARY_METRICS
#: (``label=`` one-vs-rest and the default β = 1 of fbeta included).
BINARY_REFERENCE = {
    "tpr": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fn, zd),
    "tnr": lambda tp, fn, fp, tn, zd: _ratio(tn, tn + fp, zd),
    "fpr": lambda tp, fn, fp, tn, zd: _ratio(fp, tn + fp, zd),
    "fnr": lambda tp, fn, fp, tn, zd: _ratio(fn, tp + fn, zd),
    "precision": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fp, zd),
    "recall": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fn, zd),
    "f1": lambda tp, fn, fp, tn, zd: _ratio(2 * tp, 2 * tp + fp + fn, zd),
    "sensitivity": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fn, zd),
    "specificity": lambda tp, fn, fp, tn, zd: _ratio(tn, tn + fp, zd),
    "ppv": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fp, zd),
    "npv": lambda tp, fn, fp, tn, zd: _ratio(tn, tn + fn, zd),
    "efficiency": lambda tp, fn, fp, tn, zd: (
        (_ratio(tp, tp + fn, zd) + _ratio(tn, tn + fp, zd)) / 2
    ),
    "prevalence": lambda tp, fn, fp, tn, zd: _ratio(tp + fn, tp + fn + fp + tn, zd),
    "detection_rate": lambda tp, fn, fp, tn, zd: _ratio(tp, tp + fn + fp + tn, zd),
    "detection_prevalence": lambda tp, fn, fp, tn, zd: _ratio(tp + fp, tp + fn + fp + tn, zd),
}

#: name -> f(counts, zero_division) for every metric of MULTICLASS_METRICS.
MULTICLASS_REFERENCE = {
    "accuracy": lambda c, zd: _ratio(np.trace(c), c.sum(), zd),
    "error_rate": lambda c, zd: _ratio(c.sum() - np.trace(c), c.sum(), zd),
    "balanced_accuracy": _balanced_accuracy,
    "mcc": _mcc,
    "cohen_kappa": _kappa,
}

#: What a metric returns when it is 0/0 with the default zero_division (always with an
#: UndefinedMetricWarning): nan, except the MCC's documented 0 (handout 003).
VALUE_WHEN_UNDEFINED = {"mcc": 0.0}


def _evaluate(formula, *args, zero_division):
    try:
        return float(formula(*args, zero_division))
    except Undefined:
        return None


@pytest.fixture(scope="session")
def binary_reference():
    """``reference(name, tp, fn, fp, tn, zero_division=None)``: a float, or None if 0/0."""

    def reference(name, tp, fn, fp, tn, zero_division=None):
        return _evaluate(BINARY_REFERENCE[name], tp, fn, fp, tn, zero_division=zero_division)

    reference.names = set(BINARY_REFERENCE)
    return reference


@pytest.fixture(scope="session")
def multiclass_reference():
    """``reference(name, counts, zero_division=None)``: a float, or None if 0/0."""

    def reference(name, counts, zero_division=None):
        counts = np.asarray(counts, dtype=np.int64)
        return _evaluate(MULTICLASS_REFERENCE[name], counts, zero_division=zero_division)

    reference.names = set(MULTICLASS_REFERENCE)
    return reference


@pytest.fixture(scope="session")
def value_when_undefined():
    """name -> the value a metric returns for 0/0 with the default zero_division."""
    return lambda name: VALUE_WHEN_UNDEFINED.get(name, math.nan)


@pytest.fixture
def spam_cm(spam_table):
    """Handout 000's SPAM matrix, built from Tabela 7 with spam as the positive class."""
    return ConfusionMatrix.from_labels(
        spam_table["target"], spam_table["prediction"], labels=["spam", "ham"]
    )


@pytest.fixture
def abc_cm():
    """Handout 001's A/B/C matrix (n = 200)."""
    return abc_confusion()


def _binary_case(rng, *, negatives=True):
    """Labels (strings, at least one positive) and scores, often tied, sometimes tiny n."""
    n = int(rng.choice([1, 2, 3, 5, 8, 20, 60]))
    y = np.where(rng.random(n) < rng.uniform(0.1, 0.9), "pos", "neg")
    y[rng.integers(n)] = "pos"
    if not negatives:
        y[:] = "pos"
    tied = rng.random() < 0.5  # few distinct values: many ties
    scores = rng.integers(0, 4, size=n) / 4 if tied else rng.random(n)
    return y, scores


class _Centroid:
    """A tiny deterministic classifier (nearest class mean on one feature), fast to fit."""

    _estimator_type = "classifier"

    def __init__(self, feature=0):
        self.feature = feature

    def get_params(self, deep=True):
        return {"feature": self.feature}

    def set_params(self, **params):
        self.feature = params["feature"]
        return self

    def fit(self, X, y):
        x = np.asarray(X)[:, self.feature]
        self.classes_ = np.unique(y)
        self.means_ = np.array([x[y == c].mean() for c in self.classes_])
        return self

    def predict(self, X):
        x = np.asarray(X)[:, self.feature]
        return self.classes_[np.argmin(np.abs(x[:, None] - self.means_[None, :]), axis=1)]


@pytest.fixture
def close_figures():
    """Closes every matplotlib figure the test leaves open (``pytestmark`` of the plot
    tests)."""
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.fixture(scope="session")
def binary_case():
    """``binary_case(rng, negatives=True)``: string labels ("pos", "neg"; at least one
    "pos", all "pos" unless ``negatives``) and scores, often tied, sometimes tiny n."""
    return _binary_case


@pytest.fixture(scope="session")
def centroid_classifier():
    """A tiny deterministic classifier class (scikit-learn's estimator protocol): nearest
    class mean on one feature, fast to fit, for the cross-checks that run a model many times."""
    return _Centroid
