"""The user's own functions and estimators, checked before any resampling: a metric, an
estimator and a sampler of the wrong kind are refused naming the argument and the signature
expected; a metric that returns ±inf is refused (its percentiles are not numbers)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.tree import DecisionTreeRegressor

import evalbook as eb

Y_TRUE = [0, 1, 0, 1, 1, 0, 1, 0]
Y_PRED = [0, 1, 1, 1, 0, 0, 1, 0]
CM = [[3, 1], [1, 3]]


def hits(y_true, y_pred):
    return float(np.mean(y_true == y_pred))


def test_a_matrix_metric_given_labels_is_given_each_resamples_matrix():
    """A metric whose first argument is cm gets the matrix of each resample's labels: the
    same draws as the labels' metric, so the same interval."""
    by_matrix = eb.bootstrap_interval(eb.accuracy, Y_TRUE, Y_PRED, n_resamples=200, seed=0)
    by_labels = eb.bootstrap_interval(hits, Y_TRUE, Y_PRED, n_resamples=200, seed=0)
    assert by_matrix == pytest.approx(by_labels, abs=1e-12)
    with pytest.raises(ValueError, match=r"y_pred must hold one label per instance"):
        eb.bootstrap_interval(eb.accuracy, Y_TRUE, np.ones((8, 2)), n_resamples=10, seed=0)


def test_a_labels_metric_given_a_matrix_is_refused_saying_which_signature():
    with pytest.raises(TypeError, match=r"metric must be a function metric\(cm\).*hits\(y_true"):
        eb.bootstrap_interval(hits, CM, n_resamples=10, seed=0)


@pytest.mark.parametrize("infinity", [math.inf, -math.inf])
def test_a_metric_returning_infinity_is_refused_not_answered_with_nan(infinity):
    with pytest.raises(
        ValueError, match=rf"metric must return a finite number.*returned {infinity}"
    ):
        eb.bootstrap_interval(lambda t, p: infinity, Y_TRUE, Y_PRED, n_resamples=10, seed=0)
    with pytest.raises(ValueError, match=r"<lambda>\(cm\) returned"):
        eb.bootstrap_interval(lambda cm: infinity, CM, n_resamples=10, seed=0)


def test_a_metric_infinite_on_some_resamples_only_is_refused_too():
    def log_loss_of_hits(y_true, y_pred):  # infinite when a resample has no hit
        share = np.mean(y_true == y_pred)
        return -math.log(share) if share else math.inf

    with pytest.raises(ValueError, match="metric must return a finite number"):
        eb.bootstrap_interval(log_loss_of_hits, [0, 1], [0, 0], n_resamples=200, seed=0)


def test_a_metric_that_fails_on_the_data_says_so_before_resampling():
    def broken(y_true, y_pred):
        raise ZeroDivisionError("inside the metric")

    with pytest.raises(ZeroDivisionError) as caught:
        eb.bootstrap_interval(broken, Y_TRUE, Y_PRED, n_resamples=10, seed=0)
    assert "tried before the resampling" in caught.value.__notes__[0]


def test_the_metric_checks_keep_the_interval_of_a_valid_metric():
    # the docstring's example: trying the metric once draws nothing from the seed
    y_true = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    y_pred = [1, 1, 0, 0, 0, 1, 1, 0, 1, 0]
    lower, upper = eb.bootstrap_interval(hits, y_true, y_pred, n_resamples=1000, seed=0)
    assert (round(lower, 3), round(upper, 3)) == (0.5, 1.0)


class ChangesItsParameter(BaseEstimator, RegressorMixin):
    """An estimator scikit-learn cannot clone: its constructor changes its parameter."""

    def __init__(self, depth=1):
        self.depth = depth + 1

    def fit(self, X, y):
        return self

    def predict(self, X):
        return np.zeros(len(X))


def _sample(seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(0, 1, (6, 1))
    return X, X[:, 0]


ESTIMATOR_CALLS = {
    "bootstrap_predictions": lambda model, X=((0,), (1,), (2,)): eb.bootstrap_predictions(
        model, X, [0.0, 1.0, 1.0], [X[0]], n_resamples=2, seed=0
    ),
    "fresh_sample_predictions": lambda model, X=None: eb.fresh_sample_predictions(
        model, (lambda seed: (X, [0.0, 1.0, 1.0])) if X else _sample, [[0]], n_trials=2, seed=0
    ),
}


@pytest.mark.parametrize("function", sorted(ESTIMATOR_CALLS))
def test_an_estimator_class_is_refused_asking_for_an_instance(function):
    with pytest.raises(
        TypeError, match=r"model must be an estimator instance.*DecisionTreeRegressor\(\)"
    ):
        ESTIMATOR_CALLS[function](DecisionTreeRegressor)


@pytest.mark.parametrize("function", sorted(ESTIMATOR_CALLS))
def test_an_estimator_clone_cannot_copy_is_refused_by_name(function):
    with pytest.raises(
        TypeError, match=r"model must be an estimator that sklearn\.base\.clone can copy"
    ):
        ESTIMATOR_CALLS[function](ChangesItsParameter())


@pytest.mark.parametrize("function", sorted(ESTIMATOR_CALLS))
def test_text_features_are_refused_naming_the_training_table(function):
    text = [["a"], ["b"], ["c"]]
    with pytest.raises(ValueError, match=r"model could not be fitted on .*X_train.*holds text"):
        ESTIMATOR_CALLS[function](DecisionTreeRegressor(), text)


def _no_seed():
    return _sample(0)


@pytest.mark.parametrize("sample", [_no_seed, lambda seed, size: _sample(seed)], ids=["0", "2"])
def test_a_sample_of_the_wrong_arity_is_refused_saying_the_signature(sample):
    with pytest.raises(TypeError, match=r"sample must be a function sample\(seed\) -> \(X_train"):
        eb.fresh_sample_predictions(DecisionTreeRegressor(), sample, [[0]], n_trials=2, seed=0)


def test_valid_estimators_and_samplers_still_work():
    rows = ESTIMATOR_CALLS["fresh_sample_predictions"](DecisionTreeRegressor(max_depth=1))
    assert rows.shape == (2, 1)
    rows = ESTIMATOR_CALLS["bootstrap_predictions"](DecisionTreeRegressor(max_depth=1))
    assert rows.shape == (2, 1)
