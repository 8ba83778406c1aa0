"""0-1 loss: Kohavi & Wolpert's decomposition (adds up) beside Domingos' (mlxtend's); fresh
training sets drawn from a generator beside bootstrap samples of one."""

from __future__ import annotations

import numpy as np
import pytest
from mlxtend.evaluate import bias_variance_decomp
from sklearn.tree import DecisionTreeClassifier

from evalbook.model_selection import bias_variance_decomposition, fresh_sample_predictions


def kohavi_wolpert_by_loops(y, predictions):
    """The 1996 definitions written out instance by instance, label by label."""
    losses, biases, variances = [], [], []
    for i, target in enumerate(y):
        column = [row[i] for row in predictions]
        labels = set(column) | {target}
        share = {label: column.count(label) / len(column) for label in labels}
        losses.append(1 - share[target])
        biases.append(0.5 * sum(((label == target) - share[label]) ** 2 for label in labels))
        variances.append(0.5 * (1 - sum(p**2 for p in share.values())))
    return np.mean(losses), np.mean(biases), np.mean(variances)


def test_kohavi_wolpert_matches_the_loops_and_adds_up_on_random_predictions():
    rng = np.random.default_rng(0)
    for _ in range(300):
        rounds, n, k = int(rng.integers(2, 12)), int(rng.integers(1, 15)), int(rng.integers(2, 5))
        y = rng.integers(0, k, n)
        predictions = rng.integers(0, k, (rounds, n))
        result = bias_variance_decomposition(
            y, predictions, loss="0-1", definition="kohavi-wolpert"
        )
        expected = kohavi_wolpert_by_loops(y.tolist(), predictions.tolist())
        assert tuple(result) == pytest.approx(expected, abs=1e-12)
        assert result.bias + result.variance == pytest.approx(result.expected_loss, abs=1e-12)


def test_domingos_is_mlxtends_and_kohavi_wolpert_adds_up_on_the_same_trees():
    """mlxtend trains on bootstrap samples with its own seed: the same trees are refitted
    here from the same draws, then both definitions are computed from their predictions."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(120, 2))
    y = (X[:, 0] + 0.7 * rng.normal(size=120) > 0).astype(int)
    X_train, y_train, X_test, y_test = X[:80], y[:80], X[80:], y[80:]
    tree = DecisionTreeClassifier(max_depth=2, random_state=0)
    loss, bias, variance = bias_variance_decomp(
        tree, X_train, y_train, X_test, y_test, loss="0-1_loss", num_rounds=25, random_seed=3
    )
    draws = np.random.RandomState(3)  # mlxtend's bootstrap: one RandomState, n draws a round
    predictions = []
    for _ in range(25):
        sample = draws.choice(np.arange(80), size=80, replace=True)
        predictions.append(tree.fit(X_train[sample], y_train[sample]).predict(X_test))
    ours = bias_variance_decomposition(y_test, np.array(predictions), loss="0-1")
    assert tuple(ours) == pytest.approx((loss, bias, variance), abs=1e-12)
    kw = bias_variance_decomposition(
        y_test, np.array(predictions), loss="0-1", definition="kohavi-wolpert"
    )
    assert kw.expected_loss == pytest.approx(loss, abs=1e-12)
    assert kw.bias + kw.variance == pytest.approx(loss, abs=1e-12)


def test_fresh_samples_are_drawn_with_the_seeds_given_and_refitted_alike():
    calls = []

    def sample(seed):
        calls.append(seed)
        draws = np.random.default_rng(seed)
        X = draws.uniform(-1, 1, (60, 1))
        return X, (X[:, 0] + draws.normal(0, 0.5, 60) > 0).astype(int)

    X_test = np.linspace(-1, 1, 11)[:, None]
    tree = DecisionTreeClassifier(max_depth=1, random_state=0)
    first = fresh_sample_predictions(tree, sample, X_test, n_trials=15, seed=4)
    seeds = list(calls)
    assert len(set(seeds)) == 15
    again = fresh_sample_predictions(tree, sample, X_test, n_trials=15, seed=4)
    np.testing.assert_array_equal(first, again)
    by_hand = [tree.fit(*sample(s)).predict(X_test) for s in seeds]
    np.testing.assert_array_equal(first, np.array(by_hand))
    with pytest.raises(TypeError, match="sample must be a function"):
        fresh_sample_predictions(tree, 3, X_test)
    with pytest.raises(TypeError, match="pair"):
        fresh_sample_predictions(tree, lambda seed: X_test, X_test)
    with pytest.raises(ValueError, match="definition"):
        bias_variance_decomposition([0, 1], [[0, 1], [1, 1]], loss="0-1", definition="x")
