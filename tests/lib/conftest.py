"""Shared fixtures of the library's tests: random inputs and tiny estimators that several
cross-checks use (the handouts' matrices and the reference formulas are in tests/conftest.py).
"""

import numpy as np
import pytest


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
