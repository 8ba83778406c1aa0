"""The bootstrap: samples drawn with replacement, and the .632 estimate of the error.

Efron (1983); Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5: n instances drawn
with replacement train the model, those never drawn (out of bag) test it; on average a share
(1 − 1/n)ⁿ ≈ e⁻¹ ≈ 0.368 is out of bag, and the .632 estimator weighs the pessimistic
test error and the optimistic training error by 0.632 and 0.368 (the .632+ estimator of
Efron & Tibshirani (1997) moves the weight towards the test error when the model
overfits). The samples are
``(train, out_of_bag)`` pairs of sorted integer positions, as the splitters of
:mod:`evalbook.model_selection` return, for :func:`evalbook.cross_validate`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from evalbook._core.checks import (
    as_array,
    as_error_rates,
    as_label_array,
    as_rng,
    check_count,
    check_label_types,
    check_same_length,
    check_size,
    check_whole_number,
)
from evalbook.model_selection._split import Split

__all__ = [
    "WEIGHT_632",
    "bootstrap",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "error_632",
    "error_632_plus",
    "no_information_error_rate",
    "repeated_bootstrap",
]

#: Weight of the test (out-of-bag) error in the .632 estimator (Efron 1983): the expected
#: share of distinct instances in a bootstrap training set, 1 − e⁻¹ ≈ 0.632.
WEIGHT_632 = 0.632


# ---------------------------------------------------------------------- bootstrap
def _draw_bootstrap(n: int, rng) -> Split:
    drawn = np.sort(rng.integers(0, n, size=n)).astype(np.intp)
    chosen = np.zeros(n, dtype=bool)
    chosen[drawn] = True
    return drawn, np.flatnonzero(~chosen).astype(np.intp)


def bootstrap(n, *, seed=None) -> Split:
    """One bootstrap sample: n draws with replacement for training, the rest for testing.

    Witten et al. (2017), ch. 5 (the bootstrap): N instances are drawn with
    replacement to form the training set; those never drawn (the out-of-bag instances)
    are the test set. On average a share (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368 of the instances is
    out of bag (:func:`bootstrap_oob_probability`).

    Parameters
    ----------
    n : int
        Number of instances (at least 1, at most 10⁸: refused beyond, before any draw).
    seed : None, int or numpy.random.Generator

    Returns
    -------
    (train, out_of_bag) : tuple of 2 sorted integer arrays
        ``train`` has n entries, with repetitions; ``out_of_bag`` holds the positions not
        in ``train`` (it may be empty).

    References
    ----------
    B. Efron, "Estimating the error rate of a prediction rule: improvement on
    cross-validation", Journal of the American Statistical Association 78(382):316-331,
    1983. I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.

    Examples
    --------
    >>> train, oob = bootstrap(8, seed=3)
    >>> len(train), sorted(set(train.tolist()) | set(oob.tolist())) == list(range(8))
    (8, True)
    >>> set(train.tolist()) & set(oob.tolist())
    set()
    """
    n = check_whole_number(n, "n", minimum=1)
    check_size("bootstrap", n=n)
    return _draw_bootstrap(n, as_rng(seed))


def repeated_bootstrap(n, *, n_resamples=10, seed=None) -> Iterator[Split]:
    """Repeated bootstrap samples, as ``(train, out_of_bag)`` pairs for :func:`cross_validate`.

    Witten et al. (2017), ch. 5: the bootstrap is repeated several times, and the final error
    is the mean of the iterations' errors.

    Parameters
    ----------
    n : int
        Number of instances (at least 2: with one instance the out-of-bag set is always
        empty).
    n_resamples : int, default 10
        ``n · n_resamples`` (the indices drawn) at most 10⁸, refused beyond before any draw.
    seed : None, int or numpy.random.Generator
        All the samples are drawn when the function is called.

    Yields
    ------
    (train, out_of_bag) : as :func:`bootstrap` (``out_of_bag`` may be empty for small n)

    Examples
    --------
    >>> [len(train) for train, _ in repeated_bootstrap(5, n_resamples=3, seed=0)]
    [5, 5, 5]
    """
    n = check_whole_number(n, "n", minimum=2)
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
    check_size("repeated_bootstrap", n=n, n_resamples=n_resamples)
    rng = as_rng(seed)
    samples = [_draw_bootstrap(n, rng) for _ in range(n_resamples)]
    return (sample for sample in samples)


def bootstrap_oob_probability(n):
    """Probability that an instance is never drawn in n draws with replacement: (1 − 1/n)ⁿ.

    Witten et al. (2017), ch. 5 (the 0.632 bootstrap): each draw misses a
    given instance with probability 1 − 1/N, and the N draws are independent, so
    (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368 for large N. Computed as exp(n · log1p(−1/n)), accurate
    for large n.

    Parameters
    ----------
    n : int or array-like of int
        Number of instances (each at least 1 and at most 2⁵³).

    Returns
    -------
    float or numpy.ndarray
        The probability (an array when ``n`` is one), increasing with n towards e⁻¹.

    Examples
    --------
    >>> bootstrap_oob_probability(1), bootstrap_oob_probability(2)
    (0.0, 0.25)
    >>> round(bootstrap_oob_probability(1000), 4)
    0.3677
    >>> bootstrap_oob_probability([3, 10]).round(4)
    array([0.2963, 0.3487])
    """
    scalar = np.ndim(as_array(n, "n")) == 0
    values = [n] if scalar else list(np.asarray(n).ravel())
    if not values:
        raise ValueError("n is empty; give at least one number of instances")
    for value in values:
        check_count(value, "n", minimum=1, floats=False)
    array = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore"):  # n = 1: log1p(-1) = -inf, exp(-inf) = 0
        result = np.exp(array * np.log1p(-1.0 / array))
    return float(result) if scalar else result


def bootstrap_oob_shares(n, *, n_resamples=1000, seed=None) -> np.ndarray:
    """Simulate ``n_resamples`` bootstrap samples of n instances; the out-of-bag share of each.

    The simulation side of (1 − 1/N)ᴺ ≈ e⁻¹: the mean of the shares
    converges to :func:`bootstrap_oob_probability` as ``n_resamples`` grows. Vectorised: one
    ``n_resamples × n`` array of draws, and one ``n_resamples × n`` array of booleans that marks
    the instances each sample drew (no sort).

    Parameters
    ----------
    n : int
        Number of instances (at least 1).
    n_resamples : int, default 1000
        ``n · n_resamples`` (the indices drawn) at most 10⁸, refused beyond before any draw.
    seed : None, int or numpy.random.Generator

    Returns
    -------
    numpy.ndarray of shape (n_resamples,)
        Share of the n instances never drawn, in each sample.

    Examples
    --------
    >>> shares = bootstrap_oob_shares(100, n_resamples=2000, seed=0)
    >>> shares.shape, bool(abs(shares.mean() - bootstrap_oob_probability(100)) < 0.005)
    ((2000,), True)
    """
    n = check_whole_number(n, "n", minimum=1)
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
    check_size("bootstrap_oob_shares", n=n, n_resamples=n_resamples)
    draws = as_rng(seed).integers(0, n, size=(n_resamples, n))
    # sample r's draws land in row r of one flat array: drawn[r · n + i] says "i was drawn"
    draws += np.arange(0, n_resamples * n, n)[:, np.newaxis]
    drawn = np.zeros(n_resamples * n, dtype=bool)
    drawn[draws.ravel()] = True
    distinct = np.count_nonzero(drawn.reshape(n_resamples, n), axis=1)
    return (n - distinct) / n


def error_632(test_error, train_error):
    """The .632 bootstrap estimate of the error: 0.632 · test error + 0.368 · train error.

    Efron (1983); Witten et al. (2017), ch. 5 (the 0.632 bootstrap): the out-of-bag
    (test) error is pessimistic, since only about 63.2% of the instances train the model;
    the training error is as optimistic as can be; the estimate weighs them by 0.632 and
    0.368 (≈ 1 − e⁻¹ and e⁻¹, :data:`WEIGHT_632`). Its worst case: a model that memorises
    random labels has train error 0 and test error 0.5, so the estimate is
    0.632 × 0.5 = 0.316 against a true error of 0.5 (:func:`error_632_plus` corrects it).

    "Training error" has three definitions in use, and the caller chooses by what it
    passes: Witten et al.'s (and :func:`evalbook.cross_validate`'s ``return_train_score=True``),
    each bootstrap model's error on its own bootstrap sample; Efron (1983, eq. (6.12)),
    the apparent error of the model fitted to the whole sample; mlxtend's
    ``bootstrap_point632_score``, each bootstrap model's error on the whole sample
    (out-of-bag instances included, so it is not a training error only).

    Parameters
    ----------
    test_error, train_error : float or array-like of float
        Error rates in [0, 1] (arrays of the same shape for several bootstrap samples).

    Returns
    -------
    float or numpy.ndarray

    References
    ----------
    B. Efron, "Estimating the error rate of a prediction rule: improvement on
    cross-validation", Journal of the American Statistical Association 78(382):316-331,
    1983. I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.

    Examples
    --------
    >>> error_632(0.5, 0.0)
    0.316
    >>> error_632([0.3, 0.2], [0.1, 0.0]).round(4)
    array([0.2264, 0.1264])
    """
    test, train = _error_pair(test_error, train_error)
    result = WEIGHT_632 * test + (1 - WEIGHT_632) * train
    return float(result) if result.ndim == 0 else result


def _error_pair(test_error, train_error):
    test = as_error_rates(test_error, "test_error")
    train = as_error_rates(train_error, "train_error")
    if test.shape != train.shape:
        raise ValueError(
            f"test_error and train_error have different shapes ({test.shape} and {train.shape})"
        )
    return test, train


def no_information_error_rate(y_true, y_pred) -> float:
    """The no-information error rate γ: the error if targets and predictions were unrelated.

    Efron & Tibshirani (1997), eq. (27) for the 0-1 loss: :math:`\\gamma = \\sum_l p_l (1 -
    q_l)`, with :math:`p_l` the share of the targets in class l and :math:`q_l` the share
    of the predictions that are l: the error of the model's predictions paired with
    targets drawn independently of them. It is the mean 0-1 loss over all n² pairs
    (target i, prediction j), which is how mlxtend computes it. Used by
    :func:`error_632_plus`.

    Parameters
    ----------
    y_true, y_pred : sequences of labels of the same length
        The targets and a model's predictions for the same instances (for the .632+
        estimator, the predictions of the model fitted to the whole sample).

    Returns
    -------
    float
        In [0, 1]; 0.5 for two balanced classes predicted in equal shares.

    Examples
    --------
    >>> no_information_error_rate(["a", "a", "b", "b"], ["a", "b", "a", "b"])
    0.5
    >>> round(no_information_error_rate(["a"] * 9 + ["b"], ["a"] * 10), 4)
    0.1
    """
    y_true = as_label_array(y_true, "y_true")
    y_pred = as_label_array(y_pred, "y_pred")
    check_same_length(y_true, y_pred, "y_true", "y_pred")
    check_label_types(y_true=y_true, y_pred=y_pred)
    codes: dict = {}
    for label in (*y_true.tolist(), *y_pred.tolist()):
        codes.setdefault(label, len(codes))
    n = len(y_true)
    p = np.bincount([codes[label] for label in y_true.tolist()], minlength=len(codes)) / n
    q = np.bincount([codes[label] for label in y_pred.tolist()], minlength=len(codes)) / n
    return float(np.sum(p * (1 - q)))


def error_632_plus(test_error, train_error, *, no_information_error):
    """The .632+ bootstrap estimate of the error (Efron & Tibshirani 1997).

    The .632 estimator (:func:`error_632`) is too optimistic when the model overfits
    (its worst case: 0.316 for a true error of 0.5). Efron & Tibshirani (1997),
    eqs. (28)-(32), move the weight towards the test error by how much the model
    overfits. With err the training error, Err⁽¹⁾ the out-of-bag (test) error and γ the
    no-information error rate (:func:`no_information_error_rate`):

    - Err⁽¹⁾' = min(Err⁽¹⁾, γ);
    - the relative overfitting rate R = (Err⁽¹⁾' − err) / (γ − err) when Err⁽¹⁾' > err
      and γ > err, else 0 (so 0 ≤ R ≤ 1);
    - w = 0.632 / (1 − 0.368 R), from 0.632 (no overfitting) to 1 (as much as the
      no-information rule);
    - the estimate is (1 − w) · err + w · Err⁽¹⁾'.

    Efron & Tibshirani apply it to the whole-sample quantities: err the apparent error
    of the model fitted to all the data, Err⁽¹⁾ the mean out-of-bag error, γ from the
    full model's predictions. mlxtend's ``bootstrap_point632_score(method=".632+")``
    applies it to each bootstrap sample (err: the bootstrap model on the whole sample)
    and without the two clippings; where R is in [0, 1] both are this formula. For the
    definitions of the training error, see :func:`error_632`.

    Parameters
    ----------
    test_error, train_error : float or array-like of float
        Error rates in [0, 1] (arrays of the same shape: one value per bootstrap sample).
    no_information_error : float or array-like of float
        γ, in [0, 1], of the same shape.

    Returns
    -------
    float or numpy.ndarray

    References
    ----------
    B. Efron and R. Tibshirani, "Improvements on cross-validation: the .632+ bootstrap
    method", Journal of the American Statistical Association 92(438):548-560, 1997.

    Examples
    --------
    >>> error_632_plus(0.5, 0.0, no_information_error=0.5)  # the worst case: R = 1, w = 1
    0.5
    >>> error_632_plus(0.2, 0.2, no_information_error=0.5)  # no overfitting: R = 0, .632
    0.2
    >>> round(error_632_plus(0.3, 0.1, no_information_error=0.5), 4)
    0.2549
    """
    test, train = _error_pair(test_error, train_error)
    gamma = as_error_rates(no_information_error, "no_information_error")
    if gamma.shape != test.shape:
        raise ValueError(
            f"no_information_error has shape {gamma.shape} but test_error has {test.shape}"
        )
    test = np.minimum(test, gamma)
    overfits = (test > train) & (gamma > train)
    rate = np.where(overfits, (test - train) / np.where(overfits, gamma - train, 1.0), 0.0)
    weight = WEIGHT_632 / (1 - (1 - WEIGHT_632) * rate)
    result = (1 - weight) * train + weight * test
    return float(result) if result.ndim == 0 else result
