"""Shared fixtures: the handouts' matrices and the reference formulas of every metric.

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

from evalbook import ConfusionMatrix, abc_confusion, spam_predictions

#: Files that take longest, started first so that no worker of a parallel run (`make test`
#: uses pytest-xdist with `--dist loadfile --no-loadscope-reorder`) ends alone on a long
#: one; the notebooks (nbval) come next, then the unit tests fill the gaps.
_LONGEST_FIRST = ("tests/test_browser.py", "tests/test_lab.py")


def _start_rank(item) -> int:
    path = item.nodeid.split("::", 1)[0]
    if path in _LONGEST_FIRST:
        return _LONGEST_FIRST.index(path)
    if path.endswith(".ipynb"):
        return len(_LONGEST_FIRST)
    return len(_LONGEST_FIRST) + 1


def pytest_collection_modifyitems(config, items):
    """Longest files first (a stable sort: the order inside each file is kept)."""
    items.sort(key=_start_rank)


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
def spam_table():
    """Handout 000, Tabela 7 (a fresh DataFrame for each test)."""
    return spam_predictions()


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


@pytest.fixture
def agrees_with_registry():
    """Check one exercise of a set: the registry's answer equals one computed independently
    (numbers within ``rtol``, text and matrices exactly), and ``check`` accepts the latter.
    """
    from evalbook.exercises import check
    from evalbook.exercises._answers import EXERCISES

    def agree(exercise_id: str, independent, *, rtol: float = 1e-9) -> None:
        expected = EXERCISES[exercise_id].expected()
        if isinstance(expected, ConfusionMatrix):
            counts = getattr(independent, "counts", independent)
            np.testing.assert_array_equal(expected.counts, np.asarray(counts))
        elif isinstance(independent, str):
            assert expected == independent
        else:
            np.testing.assert_allclose(
                np.asarray(expected, dtype=float), np.asarray(independent, dtype=float), rtol=rtol
            )
        result = check(exercise_id, independent)
        assert result.correct, result.message
        assert result.message.startswith("✅")

    return agree
