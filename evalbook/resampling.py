"""The bootstrap: samples drawn with replacement, and the .632 estimate of the error.

Handout 001, 'Outro método de avaliação – "bootstrap"': n instances drawn with
replacement train the model, those never drawn (out of bag) test it; on average a share
(1 − 1/n)ⁿ ≈ e⁻¹ ≈ 0.368 is out of bag, and the .632 estimator weighs the pessimistic
test error and the optimistic training error by 0.632 and 0.368. The samples are
``(train, out_of_bag)`` pairs of sorted integer positions, as the splitters of
:mod:`evalbook.splits` return, for :func:`evalbook.cross_validate`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from evalbook._checks import (
    as_array,
    as_error_rates,
    as_rng,
    check_count,
    check_size,
    check_whole_number,
)
from evalbook.splits import Split

__all__ = [
    "WEIGHT_632",
    "bootstrap",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "error_632",
    "repeated_bootstrap",
]

#: Weight of the test (out-of-bag) error in the .632 estimator, handout 001: the expected
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

    Handout 001, 'Outro método de avaliação – "bootstrap"': N instances are drawn with
    replacement to form the training set; those never drawn (the out-of-bag instances)
    are the test set. On average a share (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368 of the instances is
    out of bag (:func:`bootstrap_oob_probability`).

    Parameters
    ----------
    n : int
        Number of instances (at least 1).
    seed : None, int or numpy.random.Generator

    Returns
    -------
    (train, out_of_bag) : tuple of 2 sorted integer arrays
        ``train`` has n entries, with repetitions; ``out_of_bag`` holds the positions not
        in ``train`` (it may be empty).

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


def repeated_bootstrap(n, *, repeats=10, seed=None) -> Iterator[Split]:
    """Repeated bootstrap samples, as ``(train, out_of_bag)`` pairs for :func:`cross_validate`.

    Handout 001: "O processo de bootstrap é repetido diversas vezes; para obter o erro
    final calcular a média dos erros das várias iterações".

    Parameters
    ----------
    n : int
        Number of instances (at least 2: with one instance the out-of-bag set is always
        empty).
    repeats : int, default 10
    seed : None, int or numpy.random.Generator
        All the samples are drawn when the function is called.

    Yields
    ------
    (train, out_of_bag) : as :func:`bootstrap` (``out_of_bag`` may be empty for small n)

    Examples
    --------
    >>> [len(train) for train, _ in repeated_bootstrap(5, repeats=3, seed=0)]
    [5, 5, 5]
    """
    n = check_whole_number(n, "n", minimum=2)
    repeats = check_whole_number(repeats, "repeats", minimum=1)
    check_size("repeated_bootstrap", n=n, repeats=repeats)
    rng = as_rng(seed)
    samples = [_draw_bootstrap(n, rng) for _ in range(repeats)]
    return (sample for sample in samples)


def bootstrap_oob_probability(n):
    """Probability that an instance is never drawn in n draws with replacement: (1 − 1/n)ⁿ.

    Handout 001, 'bootstrap – que percentagem de exemplos de teste?': each draw misses a
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
    for value in values:
        check_count(value, "n", minimum=1, floats=False)
    array = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore"):  # n = 1: log1p(-1) = -inf, exp(-inf) = 0
        result = np.exp(array * np.log1p(-1.0 / array))
    return float(result) if scalar else result


def bootstrap_oob_shares(n, *, repeats=1000, seed=None) -> np.ndarray:
    """Simulate ``repeats`` bootstrap samples of n instances; the out-of-bag share of each.

    The simulation side of handout 001's (1 − 1/N)ᴺ ≈ e⁻¹: the mean of the shares
    converges to :func:`bootstrap_oob_probability` as ``repeats`` grows. Vectorised: one
    ``repeats × n`` array of draws, and one ``repeats × n`` array of booleans that marks
    the instances each sample drew (no sort).

    Parameters
    ----------
    n : int
        Number of instances (at least 1).
    repeats : int, default 1000
    seed : None, int or numpy.random.Generator

    Returns
    -------
    numpy.ndarray of shape (repeats,)
        Share of the n instances never drawn, in each sample.

    Examples
    --------
    >>> shares = bootstrap_oob_shares(100, repeats=2000, seed=0)
    >>> shares.shape, bool(abs(shares.mean() - bootstrap_oob_probability(100)) < 0.005)
    ((2000,), True)
    """
    n = check_whole_number(n, "n", minimum=1)
    repeats = check_whole_number(repeats, "repeats", minimum=1)
    check_size("bootstrap_oob_shares", n=n, repeats=repeats)
    draws = as_rng(seed).integers(0, n, size=(repeats, n))
    # sample r's draws land in row r of one flat array: drawn[r · n + i] says "i was drawn"
    draws += np.arange(0, repeats * n, n)[:, np.newaxis]
    drawn = np.zeros(repeats * n, dtype=bool)
    drawn[draws.ravel()] = True
    distinct = np.count_nonzero(drawn.reshape(repeats, n), axis=1)
    return (n - distinct) / n


def error_632(test_error, train_error):
    """The .632 bootstrap estimate of the error: 0.632 · test error + 0.368 · train error.

    Handout 001, 'bootstrap – compensar perspectiva pessimista do erro': the out-of-bag
    (test) error is pessimistic, since only about 63.2% of the instances train the model;
    the training error is as optimistic as can be; the estimate weighs them by 0.632 and
    0.368 (≈ 1 − e⁻¹ and e⁻¹, :data:`WEIGHT_632`). Its worst case: a model that memorises
    random labels has train error 0 and test error 0.5, so the estimate is
    0.632 × 0.5 = 0.316 against a true error of 0.5.

    Parameters
    ----------
    test_error, train_error : float or array-like of float
        Error rates in [0, 1] (arrays of the same shape for several bootstrap samples).

    Returns
    -------
    float or numpy.ndarray

    Examples
    --------
    >>> error_632(0.5, 0.0)
    0.316
    >>> error_632([0.3, 0.2], [0.1, 0.0]).round(4)
    array([0.2264, 0.1264])
    """
    test = as_error_rates(test_error, "test_error")
    train = as_error_rates(train_error, "train_error")
    if test.shape != train.shape:
        raise ValueError(
            f"test_error and train_error have different shapes ({test.shape} and {train.shape})"
        )
    result = WEIGHT_632 * test + (1 - WEIGHT_632) * train
    return float(result) if result.ndim == 0 else result
