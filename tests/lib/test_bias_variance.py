"""bias_variance_decomposition and bootstrap_predictions: values and bad input.

Cross-checked against mlxtend's bias_variance_decomp given the same bootstrap draws (0-1
and squared loss, tiny deterministic models).
"""

import numpy as np
import pytest
from mlxtend.evaluate import bias_variance_decomp
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

from evalbook.model_selection import bias_variance_decomposition, bootstrap_predictions


def test_squared_loss_adds_up():
    rng = np.random.default_rng(0)
    y = rng.normal(size=7)
    predictions = rng.normal(size=(11, 7))
    result = bias_variance_decomposition(y, predictions)
    assert result.expected_loss == pytest.approx(result.bias + result.variance)
    assert result.bias == pytest.approx(np.mean((predictions.mean(axis=0) - y) ** 2))


def test_zero_one_loss_main_prediction_breaks_ties_by_sorted_label():
    result = bias_variance_decomposition(["a", "b"], [["b", "a"], ["a", "b"]], loss="0-1")
    # main prediction: "a" for both (tie at one vote each, "a" first): bias 1/2
    assert result == (0.5, 0.5, 0.5)


def test_deeper_trees_have_less_bias_and_more_variance():
    rng = np.random.default_rng(1)
    X = rng.uniform(-3, 3, size=(120, 1))
    y = np.sin(X[:, 0]) + rng.normal(scale=0.3, size=120)
    shallow, deep = (
        bias_variance_decomposition(
            y[80:],
            bootstrap_predictions(
                DecisionTreeRegressor(max_depth=d, random_state=0),
                X[:80],
                y[:80],
                X[80:],
                n_resamples=30,
                seed=2,
            ),
        )
        for d in (1, None)
    )
    assert shallow.bias > deep.bias and shallow.variance < deep.variance


def test_bootstrap_predictions_are_reproducible_and_keep_labels():
    X = [[0], [1], [2], [3], [4], [5]]
    y = ["a", "a", "a", "b", "b", "b"]
    first = bootstrap_predictions(
        DecisionTreeClassifier(random_state=0), X, y, X, n_resamples=5, seed=3
    )
    again = bootstrap_predictions(
        DecisionTreeClassifier(random_state=0), X, y, X, n_resamples=5, seed=3
    )
    assert first.shape == (5, 6) and set(first.ravel()) <= {"a", "b"}
    np.testing.assert_array_equal(first, again)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: bias_variance_decomposition([1, 2], [[1, 2]]), ValueError, "at least 2 rows"),
        (lambda: bias_variance_decomposition([1, 2], [1, 2]), ValueError, "shape"),
        (lambda: bias_variance_decomposition([1, 2, 3], [[1, 2], [1, 2]]), ValueError, "columns"),
        (
            lambda: bias_variance_decomposition([1, 2], [[1, 2], [1, 2]], loss="l1"),
            ValueError,
            "loss",
        ),
        (
            lambda: bias_variance_decomposition([1, 2], [[1, np.nan], [1, 2]]),
            ValueError,
            "y_pred",
        ),
        (lambda: bootstrap_predictions(object(), [[0]], [0], [[0]]), TypeError, "model"),
        (
            lambda: bootstrap_predictions(
                DecisionTreeRegressor(), [[0]], [0], [[0]], n_resamples=1
            ),
            ValueError,
            "n_resamples",
        ),
        (
            lambda: bootstrap_predictions(DecisionTreeRegressor(), [[0], [1]], [0], [[0]]),
            ValueError,
            "X_train and y_train",
        ),
        (
            lambda: bootstrap_predictions(DecisionTreeRegressor(), [[0]], [0], [[0]], seed=-1),
            ValueError,
            "seed",
        ),
    ],
)
def test_bad_input_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------------- against mlxtend
CASES = 200
TOL = 1e-12


class _Stump:
    """A tiny deterministic regressor: the mean target on each side of feature 0's median."""

    def fit(self, X, y):
        x = np.asarray(X)[:, 0]
        self.cut_ = np.median(x)
        left = x <= self.cut_
        self.left_ = y[left].mean()
        self.right_ = y[~left].mean() if (~left).any() else self.left_
        return self

    def predict(self, X):
        return np.where(np.asarray(X)[:, 0] <= self.cut_, self.left_, self.right_)


@pytest.fixture(scope="module")
def safe_centroid(centroid_classifier):
    """The centroid classifier, predicting integer labels (mlxtend counts them)."""

    class SafeCentroid(centroid_classifier):
        def fit(self, X, y):
            if np.unique(y).size == 1:
                self.only_ = y[0]
                return self
            self.only_ = None
            return super().fit(X, y)

        def predict(self, X):
            if self.only_ is not None:
                return np.full(len(X), self.only_, dtype=np.int64)
            return super().predict(X).astype(np.int64)

    return SafeCentroid


@pytest.mark.parametrize("loss", ["0-1", "squared"])
def test_bias_variance_matches_mlxtend_on_the_same_draws(loss, safe_centroid):
    rng = np.random.default_rng(10)
    for seed in range(CASES):
        n = int(rng.integers(6, 30))
        X = rng.normal(size=(n, 2))
        if loss == "0-1":
            y = (X[:, 0] + rng.normal(scale=0.7, size=n) > 0).astype(np.int64)
            model = safe_centroid()
        else:
            y = X[:, 0] + rng.normal(scale=0.5, size=n)
            model = _Stump()
        size = n // 2 + 2
        train, test = slice(0, size), slice(size, n)
        rounds = int(rng.integers(2, 30))
        state = np.random.RandomState(seed)  # mlxtend's draws, repeated
        predictions = []
        for _ in range(rounds):
            sample = state.choice(np.arange(size), size=size, replace=True)
            predictions.append(model.fit(X[train][sample], y[train][sample]).predict(X[test]))
        ours = bias_variance_decomposition(y[test], np.array(predictions), loss=loss)
        reference = bias_variance_decomp(
            model,
            X[train],
            y[train],
            X[test],
            y[test],
            loss="0-1_loss" if loss == "0-1" else "mse",
            num_rounds=rounds,
            random_seed=seed,
        )
        np.testing.assert_allclose(ours, reference, rtol=0, atol=TOL)
