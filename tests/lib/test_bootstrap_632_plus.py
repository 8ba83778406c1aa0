"""The .632+ bootstrap estimator and the no-information error rate (Efron & Tibshirani 1997).

Cross-checked against the formula written out here and against mlxtend's
``bootstrap_point632_score(method=".632+")``, which applies the same formula to each
bootstrap sample (training error: the bootstrap model on the whole sample) without
clipping; the two are compared on the samples where the clipping changes nothing.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from mlxtend.evaluate import BootstrapOutOfBag, bootstrap_point632_score
from mlxtend.evaluate.bootstrap_point632 import accuracy as mlxtend_accuracy
from mlxtend.evaluate.bootstrap_point632 import no_information_rate
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

import evalbook
from evalbook import (
    cross_validate,
    error_632,
    error_632_plus,
    error_rate,
    no_information_error_rate,
    repeated_bootstrap,
)
from evalbook.model_selection import error_632_plus as from_validation

TOL = 1e-12


def _written_out(test, train, gamma):
    """Efron & Tibshirani (1997), eqs. (28)-(32), one scalar at a time."""
    test = min(test, gamma)  # Err(1)' = min(Err(1), γ)
    rate = (test - train) / (gamma - train) if test > train and gamma > train else 0.0  # R'
    weight = 0.632 / (1 - 0.368 * rate)
    # written as E&T's eq. (32): Err(.632) + (Err(1)' − err) · 0.368 · 0.632 · R' / (1 − 0.368 R')
    err_632 = 0.368 * train + 0.632 * test
    value = err_632 + (test - train) * 0.368 * 0.632 * rate / (1 - 0.368 * rate)
    assert value == pytest.approx((1 - weight) * train + weight * test, abs=TOL)
    return value


def test_the_public_names():
    assert evalbook.error_632_plus is error_632_plus is from_validation
    assert "no_information_error_rate" in evalbook.__all__


def test_632_plus_against_the_formula_written_out():
    rng = np.random.default_rng(7)
    count = 5000
    test, train, gamma = rng.uniform(0, 1, size=(3, count))
    # a fifth of the cases on the edges: no overfitting, test error above γ, γ below err
    test[:500] = train[:500]
    test[500:1000] = gamma[500:1000] + rng.uniform(0, 0.2, 500).clip(max=1 - gamma[500:1000])
    gamma[1000 : 1000 + 200] = train[1000:1200] * rng.uniform(0, 1, 200)
    vectorised = error_632_plus(test, train, no_information_error=gamma)
    for i in range(count):
        expected = _written_out(test[i], train[i], gamma[i])
        assert vectorised[i] == pytest.approx(expected, abs=TOL)
        assert error_632_plus(test[i], train[i], no_information_error=gamma[i]) == vectorised[i]
    # between the training error and the out-of-bag error clipped at γ, and never below .632
    low = np.minimum(train, np.minimum(test, gamma))
    assert np.all(vectorised >= low - TOL)
    assert np.all(vectorised >= error_632(np.minimum(test, gamma), train) - TOL)


def test_632_plus_special_cases():
    # no overfitting (R = 0): the .632 estimate
    assert error_632_plus(0.3, 0.3, no_information_error=0.5) == pytest.approx(0.3)
    assert error_632_plus(0.2, 0.1, no_information_error=0.9) == pytest.approx(
        error_632(0.2, 0.1) + 0.1 * 0.368 * 0.632 * (0.1 / 0.8) / (1 - 0.368 * 0.1 / 0.8)
    )
    # handout 001's worst case: err = 0, Err(1) = γ = 0.5, R = 1, weight 1
    assert error_632_plus(0.5, 0.0, no_information_error=0.5) == pytest.approx(0.5)
    # an out-of-bag error above γ is clipped at γ
    assert error_632_plus(0.53, 0.0, no_information_error=0.5) == pytest.approx(0.5)
    # γ at or below the training error: R = 0
    assert error_632_plus(0.4, 0.3, no_information_error=0.2) == pytest.approx(
        0.632 * 0.2 + 0.368 * 0.3
    )


def test_no_information_error_rate_against_mlxtend():
    rng = np.random.default_rng(3)
    for _ in range(300):
        k = int(rng.integers(2, 5))
        n = int(rng.integers(1, 40))
        y = rng.integers(0, k, size=n)
        predictions = rng.integers(0, k, size=n)
        expected = 1 - no_information_rate(y, predictions, mlxtend_accuracy)
        assert no_information_error_rate(y, predictions) == pytest.approx(expected, abs=TOL)
        p = np.bincount(y, minlength=k) / n
        q = np.bincount(predictions, minlength=k) / n
        assert no_information_error_rate(y, predictions) == pytest.approx(np.sum(p * (1 - q)))
    assert no_information_error_rate(["a", "b"], ["c", "c"]) == 1.0


def _datasets(count=24, seed=11):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(20, 61))
        k = int(rng.integers(2, 4))
        y = rng.integers(0, k, size=n)
        X = rng.normal(size=(n, 3)) + rng.uniform(0, 1.5) * y[:, None]  # some signal, or none
        yield X, y


@pytest.mark.slow
@pytest.mark.parametrize(
    "model",
    [DecisionTreeClassifier(max_depth=2, random_state=0), KNeighborsClassifier(n_neighbors=3)],
    ids=["tree", "3-NN"],
)
def test_632_plus_against_mlxtend_where_the_definitions_coincide(model):
    compared = clipped = 0
    for index, (X, y) in enumerate(_datasets()):
        seed = 100 + index
        theirs = bootstrap_point632_score(
            model, X, y, n_splits=20, method=".632+", random_seed=seed
        )
        splits = BootstrapOutOfBag(n_splits=20, random_seed=seed).split(X)
        for (train, test), their_accuracy in zip(splits, theirs, strict=True):
            fitted = model.fit(X[train], y[train])
            on_all = fitted.predict(X)
            train_error = float(np.mean(on_all != y))  # mlxtend: the bootstrap model on all X
            test_error = float(np.mean(fitted.predict(X[test]) != y[test]))
            gamma = no_information_error_rate(y, on_all)
            ours = error_632_plus(test_error, train_error, no_information_error=gamma)
            if train_error < test_error <= gamma or test_error == train_error < gamma:
                assert ours == pytest.approx(1 - their_accuracy, abs=1e-10)
                compared += 1
            else:  # mlxtend does not clip: R < 0 or R > 1 gives another number
                clipped += 1
    assert compared >= 300 and clipped >= 10


def test_the_worst_case_of_handout_001_is_corrected():
    # 1-NN on random labels: train error 0, out-of-bag error near 0.5, γ = 0.5
    rng = np.random.default_rng(0)
    n = 300
    X = rng.normal(size=(n, 3))
    y = rng.permutation(np.repeat([0, 1], n // 2))
    model = KNeighborsClassifier(n_neighbors=1)
    table = cross_validate(
        model,
        X,
        y,
        repeated_bootstrap(n, repeats=30, seed=0),
        metric=error_rate,
        train_score=True,
        progress=False,
    )
    apparent = float(np.mean(model.fit(X, y).predict(X) != y))  # Efron (1983): 0 for 1-NN
    gamma = no_information_error_rate(y, model.predict(X))
    assert apparent == 0.0 and gamma == 0.5
    test_error = table["error_rate"].mean()
    plain = error_632(test_error, apparent)
    plus = error_632_plus(test_error, apparent, no_information_error=gamma)
    assert abs(test_error - 0.5) < 0.07 and abs(plain - 0.316) < 0.05
    assert abs(plus - 0.5) < 0.08 and plus - plain > 0.12


BAD_CALLS = [
    (
        lambda: error_632_plus(0.5, 0.1, no_information_error=1.5),
        ValueError,
        "no_information_error must be an error rate",
    ),
    (
        lambda: error_632_plus([0.5, 0.4], [0.1, 0.1], no_information_error=0.5),
        ValueError,
        "no_information_error has shape",
    ),
    (
        lambda: error_632_plus(0.5, [0.1, 0.2], no_information_error=0.5),
        ValueError,
        "different shapes",
    ),
    (lambda: no_information_error_rate([0, 1], [0]), ValueError, "different lengths"),
    (lambda: no_information_error_rate([], []), ValueError, "y_true is empty"),
    (lambda: no_information_error_rate("ab", "ab"), TypeError, "y_true must be a sequence"),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS, ids=[m for *_, m in BAD_CALLS])
def test_bad_input_is_rejected_naming_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_the_written_out_formula_is_not_the_632_estimator():
    # a test that could not fail would prove nothing: .632 and .632+ differ when R > 0
    assert not math.isclose(_written_out(0.4, 0.0, 0.5), error_632(0.4, 0.0))
