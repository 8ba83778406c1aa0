"""The bias-variance decomposition, estimated by training on bootstrap samples.

Domingos (2000); Kohavi & Wolpert (1996). Train the same learner on many training sets drawn
from the same source (here: bootstrap samples of one training set) and look at its
predictions for each test instance. The error splits into

- **bias**: how far the *typical* prediction (the mean, or for classes the most frequent
  one) is from the target;
- **variance**: how much the predictions move around that typical prediction from one
  training set to the next.

A shallow tree has high bias and low variance; a deep tree the opposite. For
squared loss the two add up exactly to the expected loss (Geman, Bienenstock & Doursat
1992); for 0-1 loss they do with Kohavi & Wolpert's (1996) definitions and do not with Domingos'
(2000), the ones that ``mlxtend.evaluate.bias_variance_decomp`` uses (both are offered).
The training sets can also be drawn fresh from a generator (:func:`fresh_sample_predictions`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    as_array,
    as_features,
    as_label_array,
    as_number_array,
    as_rng,
    check_estimator,
    check_label_types,
    check_signature,
    check_size,
    check_whole_number,
    estimator_failure,
)
from evalbook._core.results import result
from evalbook.model_selection._validation import fit_copy, take_rows

__all__ = [
    "BiasVariance",
    "bias_variance_decomposition",
    "bootstrap_predictions",
    "fresh_sample_predictions",
]

_LOSSES = ("squared", "0-1")
_DEFINITIONS = ("domingos", "kohavi-wolpert")


@result
class BiasVariance(NamedTuple):
    """Average expected loss, bias and variance over the test instances."""

    expected_loss: float
    bias: float
    variance: float


def bootstrap_predictions(
    model, X_train, y_train, X_test, *, n_resamples=200, seed=None
) -> np.ndarray:
    """Predictions for ``X_test`` of ``model`` trained on ``n_resamples`` bootstrap samples.

    Each round draws n training instances with replacement (Efron & Tibshirani 1993),
    fits a fresh copy of ``model`` (``sklearn.base.clone``) and predicts ``X_test``.

    Parameters
    ----------
    model : scikit-learn-style estimator
        An instance with ``fit(X, y)`` and ``predict(X)`` that ``sklearn.base.clone``
        copies; never fitted itself. The first training set is its try: a ValueError or
        TypeError of its ``fit`` or ``predict`` there (text features, say) is raised again
        naming the data.
    X_train : array-like or DataFrame of shape (n, ...)
    y_train : sequence of length n
    X_test : array-like or DataFrame
    n_resamples : int, default 200
        Number of bootstrap samples, at least 2 and at most 100 000, with
        ``n_resamples · len(X_test)`` (the predictions kept) at most 10⁸: refused beyond,
        before any fit.
    seed : None, int or numpy.random.Generator
        Draws the samples.

    Returns
    -------
    numpy.ndarray of shape (n_resamples, len(X_test))
        Row r holds the predictions of the model trained on sample r.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeRegressor
    >>> X = [[0], [1], [2], [3]]
    >>> bootstrap_predictions(DecisionTreeRegressor(max_depth=1), X, [0, 0, 1, 1], [[0], [3]],
    ...                       n_resamples=3, seed=0).shape
    (3, 2)
    """
    check_estimator(model)
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=2, maximum=100_000)
    rng = as_rng(seed)
    target = as_label_array(
        y_train.to_numpy() if hasattr(y_train, "to_numpy") else y_train, "y_train"
    )  # no None or NaN: a model cannot learn from them
    check_label_types(y_train=target)
    if target.dtype.kind == "f" and not np.isfinite(target).all():
        position = int(np.flatnonzero(~np.isfinite(target))[0])
        raise ValueError(f"y_train contains {target[position]} at position {position}")
    X_train = as_features(X_train, target.size, name="X_train", y_name="y_train")
    X_test = as_features(X_test, None, name="X_test", shape=X_train.shape[1:])
    check_size("bootstrap_predictions", n_resamples=n_resamples, X_test_rows=len(X_test))
    n = target.size
    rows = []
    for _ in range(n_resamples):
        sample = rng.integers(0, n, size=n)
        rows.append(
            _predictions(
                model,
                take_rows(X_train, sample),
                target[sample],
                X_test,
                first=not rows,
                names=("X_train", "y_train"),
            )
        )
    return np.vstack(rows)


def _predictions(model, X_train, y_train, X_test, *, first, names) -> np.ndarray:
    """``X_test``'s predictions by a fresh copy of ``model`` fitted on one training set.

    The first training set is the try before the others: a ValueError or TypeError of the
    estimator there (text features a model cannot read, a target it cannot fit) is
    raised again naming the data (:func:`estimator_failure`).
    """
    if not first:
        return np.asarray(fit_copy(model, X_train, y_train).predict(X_test))
    try:
        return np.asarray(fit_copy(model, X_train, y_train).predict(X_test))
    except (TypeError, ValueError) as exc:
        raise estimator_failure(exc, X_train, X_name=names[0], y_name=names[1]) from exc


def _main_prediction(predictions: np.ndarray) -> np.ndarray:
    """The most frequent prediction of each column; ties go to the first label in sorted order."""
    labels, codes = np.unique(predictions, return_inverse=True)
    codes = codes.reshape(predictions.shape)
    counts = np.zeros((labels.size, predictions.shape[1]), dtype=np.int64)
    for code in range(labels.size):
        counts[code] = np.sum(codes == code, axis=0)
    return labels[np.argmax(counts, axis=0)]


def bias_variance_decomposition(
    y_true, y_pred, *, loss="squared", definition="domingos"
) -> BiasVariance:
    """Bias and variance of a learner from its y_pred over many training sets.

    ``y_pred[r, i]`` is the prediction for test instance i of the model trained on
    training set r (e.g. :func:`bootstrap_predictions`). Averaged over the test instances:

    - ``loss="squared"`` (regression): main prediction ȳᵢ = mean over r; expected loss
      = mean (ŷᵣᵢ − yᵢ)², bias = mean (ȳᵢ − yᵢ)² (the squared bias, with the noise of
      yᵢ included, since only one target per instance is observed), variance =
      mean (ŷᵣᵢ − ȳᵢ)²; expected loss = bias + variance exactly (Geman et al. 1992).
    - ``loss="0-1"`` (classification, Domingos 2000): main prediction = the most
      frequent prediction (ties: the first in sorted order); expected loss = share of
      wrong y_pred, bias = share of instances whose main prediction is wrong,
      variance = share of y_pred that differ from the main prediction. The sum is
      not the loss: variance *lowers* the loss where the main prediction is wrong.
    - ``loss="0-1", definition="kohavi-wolpert"`` (Kohavi & Wolpert 1996): with pᵢ(y) the
      share of training sets whose model predicts y for instance i, bias² =
      ½ Σ_y (𝟙[y = yᵢ] − pᵢ(y))² and variance = ½ (1 − Σ_y pᵢ(y)²); with one observed
      target per instance their noise term is 0 (the noise is inside the bias, as for
      squared loss), and bias² + variance = 1 − pᵢ(yᵢ), the expected loss, exactly.
      Use it when the parts must add up; Domingos' when "bias" must mean "the main
      prediction is wrong".

    Where the training sets come from decides what is decomposed. Bootstrap samples of
    one training set (:func:`bootstrap_predictions`) give the decomposition *conditional
    on that sample*: its own noise counts as bias. Fresh training sets drawn from the
    data's source (:func:`fresh_sample_predictions`, when a generator is at hand) give the
    decomposition as defined.

    Parameters
    ----------
    y_true : sequence of length n
        Targets (numbers for squared loss, labels for 0-1 loss).
    y_pred : array-like of shape (n_models, n)
        The predictions of at least 2 models, one row per training set (the output of
        :func:`bootstrap_predictions` or :func:`fresh_sample_predictions`).
    loss : "squared" or "0-1", default "squared"
    definition : "domingos" or "kohavi-wolpert", default "domingos"
        The definition of 0-1 loss's bias and variance; ignored for squared loss.

    Returns
    -------
    BiasVariance
        ``expected_loss``, ``bias``, ``variance``; the same three numbers as
        ``mlxtend.evaluate.bias_variance_decomp`` from the same y_pred.

    References
    ----------
    S. Geman, E. Bienenstock and R. Doursat, "Neural networks and the bias/variance
    dilemma", Neural Computation 4(1):1-58, 1992. R. Kohavi and D. H. Wolpert, "Bias plus
    variance decomposition for zero-one loss functions", ICML 1996. P. Domingos, "A unified
    bias-variance decomposition and its applications", ICML 2000.

    Examples
    --------
    >>> bias_variance_decomposition([1.0, 2.0], [[1.0, 3.0], [3.0, 1.0]])
    BiasVariance(expected_loss=1.5, bias=0.5, variance=1.0)
    >>> bias_variance_decomposition(["a", "b"], [["a", "a"], ["a", "b"], ["b", "a"]], loss="0-1")
    BiasVariance(expected_loss=0.5, bias=0.5, variance=0.3333333333333333)
    >>> bias_variance_decomposition(["a", "b"], [["a", "a"], ["a", "b"], ["b", "a"]],
    ...                             loss="0-1", definition="kohavi-wolpert")
    BiasVariance(expected_loss=0.5, bias=0.2777777777777778, variance=0.2222222222222222)
    """
    if loss not in _LOSSES:
        raise ValueError(f'loss must be "squared" or "0-1"; got {loss!r}')
    if definition not in _DEFINITIONS:
        raise ValueError(f'definition must be "domingos" or "kohavi-wolpert"; got {definition!r}')
    table = as_array(y_pred, "y_pred")
    if table.ndim != 2:
        raise ValueError(
            "y_pred must be a table of shape (n_models, n), one row per training set; got "
            f"shape {table.shape}"
        )
    if table.shape[0] < 2:
        raise ValueError(f"y_pred must have at least 2 rows (models); got {table.shape[0]}")
    if loss == "squared":
        target = as_number_array(y_true, "y_true")
        if table.shape[1] != target.size:
            raise ValueError(
                f"y_pred has {table.shape[1]} columns but y_true has {target.size} "
                "values; there must be one column per test instance"
            )
        values = np.vstack([as_number_array(row, "y_pred") for row in table])
        main = values.mean(axis=0)
        return BiasVariance(
            float(np.mean((values - target) ** 2)),
            float(np.mean((main - target) ** 2)),
            float(np.mean((values - main) ** 2)),
        )
    target = as_label_array(y_true, "y_true")
    if table.shape[1] != target.size:
        raise ValueError(
            f"y_pred has {table.shape[1]} columns but y_true has {target.size} "
            "values; there must be one column per test instance"
        )
    # each row read as given (numpy would turn [1, "1"] into ["1", "1"]), no missing
    # label, and one type of label across the targets and every prediction
    rows = table if not isinstance(y_pred, (list, tuple)) else y_pred
    pooled = np.concatenate([as_label_array(row, "y_pred").astype(object) for row in rows])
    check_label_types(y_true=target, y_pred=pooled)
    if definition == "kohavi-wolpert":
        labels, codes = np.unique(np.vstack([table, target[None, :]]), return_inverse=True)
        codes = codes.reshape(table.shape[0] + 1, table.shape[1])
        shares = np.stack([np.mean(codes[:-1] == code, axis=0) for code in range(labels.size)])
        right = shares[codes[-1], np.arange(target.size)]  # pᵢ(yᵢ)
        squares = np.sum(shares**2, axis=0)
        return BiasVariance(
            float(np.mean(1.0 - right)),
            float(np.mean(0.5 * (1.0 - 2.0 * right + squares))),
            float(np.mean(0.5 * (1.0 - squares))),
        )
    main = _main_prediction(table)
    return BiasVariance(
        float(np.mean(table != target)),
        float(np.mean(main != target)),
        float(np.mean(table != main)),
    )


def fresh_sample_predictions(model, sample, X_test, *, n_trials=200, seed=None) -> np.ndarray:
    """Predictions for ``X_test`` of ``model`` trained on ``n_trials`` fresh training sets.

    Where the data come from a known generator (synthetic data, a simulation), the
    bias-variance decomposition can be computed as defined: over training sets drawn
    independently from the source, not resampled from one of them
    (:func:`bootstrap_predictions`, whose decomposition is conditional on that one sample
    and counts its noise as bias). Round r calls ``sample(seedᵣ)`` for a training set,
    fits a fresh copy of ``model`` and predicts ``X_test``; the seeds are drawn from
    ``seed``, so the result is reproducible.

    Parameters
    ----------
    model : scikit-learn-style estimator
        An instance with ``fit(X, y)`` and ``predict(X)`` that ``sklearn.base.clone``
        copies; never fitted itself. The first training set is its try: a ValueError or
        TypeError of its ``fit`` or ``predict`` there (text features, say) is raised again
        naming the data.
    sample : callable
        ``sample(seed) -> (X_train, y_train)``: a training set drawn from the source with
        that integer seed (a function that cannot be called with one argument is refused
        before any draw).
    X_test : array-like or DataFrame
    n_trials : int, default 200
        Number of training sets, at least 2 and at most 100 000, with
        ``n_trials · len(X_test)`` (the predictions kept) at most 10⁸: refused beyond,
        before any fit.
    seed : None, int or numpy.random.Generator
        Draws the seeds passed to ``sample``.

    Returns
    -------
    numpy.ndarray of shape (n_trials, len(X_test))
        Row r holds the predictions of the model trained on training set r.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeRegressor
    >>> def sample(seed):
    ...     rng = np.random.default_rng(seed)
    ...     X = rng.uniform(0, 1, (20, 1))
    ...     return X, X[:, 0] + rng.normal(0, 0.1, 20)
    >>> fresh_sample_predictions(DecisionTreeRegressor(max_depth=1), sample, [[0.1], [0.9]],
    ...                          n_trials=3, seed=0).shape
    (3, 2)
    """
    check_estimator(model)
    check_signature(sample, "sample", "sample(seed) -> (X_train, y_train) of one int seed", 0)
    n_trials = check_whole_number(n_trials, "n_trials", minimum=2, maximum=100_000)
    seeds = as_rng(seed).integers(0, 2**63 - 1, size=n_trials)
    X_test = as_features(X_test, None, name="X_test")
    check_size("fresh_sample_predictions", n_trials=n_trials, X_test_rows=len(X_test))
    rows = []
    for value in seeds.tolist():
        drawn = sample(value)
        if not (isinstance(drawn, tuple) and len(drawn) == 2):
            raise TypeError(
                f"sample(seed) must return a pair (X_train, y_train); got {type(drawn).__name__}"
            )
        y_train = as_label_array(drawn[1], "the y_train that sample(seed) returned")
        X_train = as_features(
            drawn[0],
            y_train.size,
            name="the X_train that sample(seed) returned",
            y_name="its y_train",
            shape=X_test.shape[1:],
        )
        rows.append(
            _predictions(
                model,
                X_train,
                y_train,
                X_test,
                first=not rows,
                names=("the X_train that sample(seed) returned", "its y_train"),
            )
        )
    return np.vstack(rows)
