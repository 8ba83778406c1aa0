"""How to choose the data a model is tested on: holdout, cross-validation, bootstrap.

Handout 001 (first half, following Witten & Frank, ch. 5): training, validation and test
sets; the (stratified) holdout, the repeated holdout, k-fold and stratified 10-fold
cross-validation, 10×10 cross-validation, leave-one-out and the bootstrap with its .632
estimator. Handout 000, Figures 2 and 3: the 50/20/30 and 40/20/40 splits.

Every splitter works on positions ``0 .. n-1`` and returns sorted integer index arrays
(``numpy.intp``), so that ``X[train]`` / ``y[test]`` select the instances. The cross-
validation splitters return *generators* of ``(train_indices, test_indices)`` pairs, as
scikit-learn's do; their arguments are checked and the random choices are made when the
function is called, so a bad argument fails at once and the same ``seed`` always gives
the same splits. ``seed`` is ``None`` (fresh randomness), a non-negative int or a
``numpy.random.Generator``.

Sizes are apportioned by the largest-remainder method: 600 instances in 50/20/30 are
300/120/180, and a stratified third of 200/300/100 instances is 67/100/33 (handout 001).
"""

from __future__ import annotations

import math
import numbers
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from copy import deepcopy as copy_model

import numpy as np

from evalbook._checks import (
    as_array,
    as_label_array,
    as_rng,
    check_flag,
    check_open_fraction,
    check_whole_number,
)
from evalbook.classification import accuracy
from evalbook.confusion import ConfusionMatrix

__all__ = [
    "WEIGHT_632",
    "bootstrap",
    "bootstrap_oob_probability",
    "bootstrap_oob_shares",
    "cross_validate",
    "error_632",
    "holdout",
    "kfold",
    "leave_one_out",
    "repeated_bootstrap",
    "repeated_holdout",
    "repeated_kfold",
    "split_roles",
    "stratified_counts",
    "stratified_kfold",
    "train_val_test_split",
]

#: Weight of the test (out-of-bag) error in the .632 estimator, handout 001: the expected
#: share of distinct instances in a bootstrap training set, 1 − e⁻¹ ≈ 0.632.
WEIGHT_632 = 0.632

#: ``cross_validate(progress=None)`` shows a progress bar from this many splits on.
PROGRESS_MIN_SPLITS = 50

_Split = tuple[np.ndarray, np.ndarray]


# ---------------------------------------------------------------------- argument checks


def _encode(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Integer class codes of ``y`` (classes numbered in order of first appearance, as
    scikit-learn's ``StratifiedKFold`` does) and the classes in that order."""
    try:
        classes, first, inverse = np.unique(y, return_index=True, return_inverse=True)
    except TypeError:
        kinds = sorted({type(v).__name__ for v in y})
        raise TypeError(
            f"y mixes labels of different types ({', '.join(kinds)}); a label 1 and a label "
            "'1' are different classes: convert them to one type"
        ) from None
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[inverse.ravel()], classes[order]


def _as_labels(y, name: str) -> np.ndarray:
    """Class labels as a 1-D array (at least one)."""
    return as_label_array(y, name)


def _n_and_codes(y_or_n, *, stratify, name: str = "y_or_n"):
    """``(n, codes)`` from a number of instances or their labels; codes only if stratify."""
    check_flag(stratify, "stratify")
    if isinstance(y_or_n, numbers.Integral) and not isinstance(y_or_n, (bool, np.bool_)):
        n = check_whole_number(y_or_n, name, minimum=1)
        if stratify:
            raise ValueError(
                f"stratify=True needs the class of each instance: pass the labels y as "
                f"{name}, not the number of instances ({n})"
            )
        return n, None
    if isinstance(y_or_n, (bool, np.bool_, numbers.Number)):
        raise TypeError(
            f"{name} must be a number of instances (int) or a sequence of class labels; "
            f"got {type(y_or_n).__name__} {y_or_n!r}"
        )
    y = _as_labels(y_or_n, name)
    return y.size, (_encode(y)[0] if stratify else None)


def _check_fractions(fractions, name: str, *, parts: int) -> np.ndarray:
    """``parts`` positive shares that add up to 1."""
    if isinstance(fractions, (str, bytes)) or np.ndim(as_array(fractions, name)) != 1:
        raise TypeError(f"{name} must be a sequence of {parts} numbers; got {fractions!r}")
    values = list(fractions)
    if len(values) != parts:
        raise ValueError(f"{name} must have {parts} entries; got {len(values)}: {values!r}")
    for value in values:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must hold numbers; got {type(value).__name__} {value!r}")
    array = np.asarray(values, dtype=float)
    if not np.all(np.isfinite(array)) or np.any(array <= 0):
        raise ValueError(f"every entry of {name} must be a number greater than 0; got {values}")
    if not math.isclose(array.sum(), 1.0, rel_tol=0.0, abs_tol=1e-9):
        raise ValueError(f"{name} must add up to 1; {values} add up to {array.sum():.6g}")
    return array


# ---------------------------------------------------------------------- apportioning
def _apportion(total: int, weights) -> np.ndarray:
    """Split ``total`` whole units in proportion to ``weights`` (largest remainder).

    Each share is the floor of its quota ``total·w/Σw`` plus one for the largest
    remainders until the shares add up to ``total``; ties go to the earlier weight.
    Quotas are rounded to 9 decimals first, so that 0.35·10 is a tie like 3.5.
    """
    weights = np.asarray(weights, dtype=float)
    quotas = np.round(total * weights / weights.sum(), 9)
    shares = np.floor(quotas).astype(np.intp)
    extra = int(total - shares.sum())
    if extra > 0:
        order = np.argsort(-(quotas - shares), kind="stable")
        shares[order[:extra]] += 1
    return shares


def _allocate(codes: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """Matrix ``classes × parts`` of counts: part sizes ``totals``, every class spread in
    proportion. Parts are filled in order, each from what the earlier ones left; the last
    part takes the rest."""
    remaining = np.bincount(codes).astype(np.intp)
    allocation = np.zeros((remaining.size, totals.size), dtype=np.intp)
    for part, total in enumerate(totals[:-1]):
        allocation[:, part] = _apportion(int(total), remaining)
        remaining = remaining - allocation[:, part]
    allocation[:, -1] = remaining
    return allocation


def _assign(codes: np.ndarray, allocation: np.ndarray, rng) -> np.ndarray:
    """Part number of each instance: class ``c`` sends ``allocation[c, p]`` instances to
    part ``p``, chosen at random (``rng``) or in index order (``rng=None``)."""
    n = codes.size
    key = np.arange(n) if rng is None else rng.permutation(n)
    order = np.lexsort((key, codes))  # by class, then in random (or index) order
    n_classes, n_parts = allocation.shape
    labels = np.repeat(np.tile(np.arange(n_parts), n_classes), allocation.ravel())
    assignment = np.empty(n, dtype=np.intp)
    assignment[order] = labels
    return assignment


def _parts(assignment: np.ndarray, n_parts: int) -> list[np.ndarray]:
    """Sorted index arrays of the instances of each part (one stable argsort)."""
    order = np.argsort(assignment, kind="stable")
    bounds = np.cumsum(np.bincount(assignment, minlength=n_parts))[:-1]
    return [part.astype(np.intp) for part in np.split(order, bounds)]


def _split(n, codes, fractions, rng, part_names) -> list[np.ndarray]:
    totals = _apportion(n, fractions)
    empty = [name for name, total in zip(part_names, totals, strict=True) if total == 0]
    if empty:
        raise ValueError(
            f"with n={n} instances the {' and '.join(empty)} set would be empty "
            f"(sizes {dict(zip(part_names, totals.tolist(), strict=True))}); "
            "use more instances or larger shares"
        )
    if codes is None:
        codes = np.zeros(n, dtype=np.intp)
    return _parts(_assign(codes, _allocate(codes, totals), rng), len(totals))


# ---------------------------------------------------------------------- holdout
def train_val_test_split(y_or_n, *, fractions=(0.5, 0.2, 0.3), stratify=False, seed=None):
    """Split the instances into a training, a validation and a test set.

    Handout 000, Figures 2 and 3 (50/20/30, and 40/20/40 "when the use of the model is
    critical"); handout 001, "conjuntos de treino, validação e teste": training builds
    the model, validation tunes it, the test set only estimates the error on future data
    and never takes part in training or tuning.

    Parameters
    ----------
    y_or_n : int or sequence of labels
        The number of instances, or their class labels (needed for ``stratify=True``).
    fractions : sequence of 3 numbers, default (0.5, 0.2, 0.3)
        Shares of the training, validation and test sets; each > 0, adding up to 1.
        Sizes are apportioned by largest remainder, so they add up to n.
    stratify : bool, default False
        Keep the class proportions in every set (labels needed).
    seed : None, int or numpy.random.Generator

    Returns
    -------
    (train, validation, test) : tuple of 3 sorted integer arrays
        Disjoint; together they hold every position ``0 .. n-1``.

    Raises
    ------
    ValueError
        If the fractions do not add up to 1, an entry is not positive, or a set would
        be empty.

    Examples
    --------
    >>> train, val, test = train_val_test_split(600, seed=0)
    >>> len(train), len(val), len(test)
    (300, 120, 180)
    >>> [len(part) for part in train_val_test_split(600, fractions=(0.4, 0.2, 0.4), seed=0)]
    [240, 120, 240]
    """
    fractions = _check_fractions(fractions, "fractions", parts=3)
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    rng = as_rng(seed)
    train, val, test = _split(n, codes, fractions, rng, ("training", "validation", "test"))
    return train, val, test


def holdout(y_or_n, *, test_size=1 / 3, stratify=False, seed=None):
    """Reserve a share of the instances for testing and train on the rest.

    Handout 001, "Validação com reserva (estratificada) – (stratified) holdout": usually
    1/3 for testing and 2/3 for training; the stratified version keeps each class's share
    in both sets (200/300/100 instances → a test set of 67/100/33).

    Parameters
    ----------
    y_or_n : int or sequence of labels
        The number of instances, or their labels (needed for ``stratify=True``).
    test_size : float, default 1/3
        Share of the test set, strictly between 0 and 1. The test set gets the
        largest-remainder rounding of ``test_size · n`` (a tie goes to the test set).
    stratify : bool, default False
        Keep the class proportions: the test set of each class has the size given by
        :func:`stratified_counts`.
    seed : None, int or numpy.random.Generator

    Returns
    -------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> y = ["A"] * 200 + ["B"] * 300 + ["C"] * 100
    >>> train, test = holdout(y, stratify=True, seed=1)
    >>> len(train), len(test)
    (400, 200)
    >>> import numpy as np
    >>> np.unique(np.array(y)[test], return_counts=True)[1].tolist()
    [67, 100, 33]
    """
    test_size = check_open_fraction(test_size, "test_size")
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    rng = as_rng(seed)
    test, train = _split(n, codes, np.array([test_size, 1 - test_size]), rng, ("test", "training"))
    return train, test


def repeated_holdout(
    y_or_n, *, test_size=1 / 3, repeats=10, stratify=False, seed=None
) -> Iterator[_Split]:
    """Holdout repeated with a new random test set each time.

    Handout 001, "validação com reserva repetida – repeated holdout": the error estimate is
    the mean of the error rates of the iterations. The test sets of different iterations
    may overlap (unlike the folds of :func:`kfold`).

    Parameters
    ----------
    y_or_n, test_size, stratify
        As in :func:`holdout`.
    repeats : int, default 10
        Number of iterations (at least 1).
    seed : None, int or numpy.random.Generator
        All the repeats are drawn when the function is called.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> splits = list(repeated_holdout(9, repeats=3, seed=0))
    >>> [(len(train), len(test)) for train, test in splits]
    [(6, 3), (6, 3), (6, 3)]
    """
    test_size = check_open_fraction(test_size, "test_size")
    repeats = check_whole_number(repeats, "repeats", minimum=1)
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    rng = as_rng(seed)
    fractions = np.array([test_size, 1 - test_size])
    splits = [_split(n, codes, fractions, rng, ("test", "training"))[::-1] for _ in range(repeats)]
    return _generate(splits)


def stratified_counts(class_counts, *, fraction) -> np.ndarray:
    """How many instances of each class a stratified sample of a share ``fraction`` takes.

    Handout 001, stratified holdout: with 200, 300 and 100 instances of A, B and C and a
    third of the data set, [A: 67, B: 100, C: 33]. The sample has the largest-remainder
    rounding of ``fraction · N`` instances, shared among the classes in proportion to
    their counts, again by largest remainder (ties go to the earlier class).

    Parameters
    ----------
    class_counts : sequence of int
        Number of instances of each class (each ≥ 0, at least one > 0).
    fraction : float
        Share of the sample, strictly between 0 and 1.

    Returns
    -------
    numpy.ndarray of int
        Instances of each class in the sample, in the order of ``class_counts``.

    Examples
    --------
    >>> stratified_counts([200, 300, 100], fraction=1/3)
    array([ 67, 100,  33])
    >>> stratified_counts([200, 300, 100], fraction=2/3)
    array([133, 200,  67])
    """
    fraction = check_open_fraction(fraction, "fraction")
    if (
        isinstance(class_counts, (str, bytes))
        or np.ndim(as_array(class_counts, "class_counts")) != 1
    ):
        raise TypeError(f"class_counts must be a sequence of counts; got {class_counts!r}")
    values = list(class_counts)
    if not values:
        raise ValueError("class_counts is empty; give the number of instances of each class")
    for value in values:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            raise TypeError(
                f"class_counts must hold whole numbers; got {type(value).__name__} {value!r}"
            )
    if any(value < 0 for value in values):
        raise ValueError(f"class_counts must not be negative; got {values}")
    total = sum(int(value) for value in values)  # Python ints: no overflow
    if total > np.iinfo(np.intp).max // 2:
        raise ValueError(f"class_counts add up to {total}, too many instances to sample")
    counts = np.asarray(values, dtype=np.intp)
    if total == 0:
        raise ValueError("class_counts are all 0; there is nothing to sample")
    size = int(_apportion(total, [fraction, 1 - fraction])[0])
    return _apportion(size, counts)


# ---------------------------------------------------------------------- cross-validation
def _generate(splits: list) -> Iterator[_Split]:
    yield from splits


def _check_k(k, n: int) -> int:
    k = check_whole_number(k, "k", minimum=2)
    if k > n:
        raise ValueError(
            f"k={k} is larger than the number of instances n={n}: every fold needs at "
            "least one instance"
        )
    return k


def _folds_to_splits(assignment: np.ndarray, k: int) -> list[_Split]:
    folds = _parts(assignment, k)
    everything = np.arange(assignment.size, dtype=np.intp)
    return [(everything[assignment != fold], test) for fold, test in enumerate(folds)]


def _kfold_assignment(n: int, k: int, rng) -> np.ndarray:
    """Fold of each instance: contiguous blocks (sizes as scikit-learn's ``KFold``: the
    first ``n % k`` folds have one more) of the shuffled (or unshuffled) positions."""
    sizes = np.full(k, n // k, dtype=np.intp)
    sizes[: n % k] += 1
    return _assign(np.zeros(n, dtype=np.intp), sizes[np.newaxis, :], rng)


def _stratified_assignment(codes: np.ndarray, k: int, rng) -> np.ndarray:
    """Fold of each instance as in scikit-learn's ``StratifiedKFold``: the instances,
    sorted by class, are dealt to the folds in turn; that fixes how many of each class
    every fold gets (within one of the exact share), then each class's instances are
    given out in random (or index) order."""
    sorted_codes = np.sort(codes)
    n_classes = int(codes.max()) + 1
    position_fold = np.arange(codes.size) % k
    allocation = np.bincount(sorted_codes * k + position_fold, minlength=n_classes * k).reshape(
        n_classes, k
    )
    return _assign(codes, allocation, rng)


def _check_stratifiable(y: np.ndarray, codes: np.ndarray, k: int, stacklevel: int) -> None:
    counts = np.bincount(codes)
    classes = _encode(y)[1]
    if np.all(counts < k):
        raise ValueError(
            f"k={k} is larger than the number of instances of every class "
            f"({dict(zip(classes.tolist(), counts.tolist(), strict=True))}); "
            "stratified folds need at least k instances of some class"
        )
    if np.any(counts < k):
        small = {c: int(m) for c, m in zip(classes.tolist(), counts, strict=True) if m < k}
        warnings.warn(
            f"the least populated class has fewer than k={k} instances {small}: some folds "
            "will have none of it",
            UserWarning,
            stacklevel=stacklevel,
        )


def kfold(n, *, k, shuffle=True, seed=None) -> Iterator[_Split]:
    """k-fold cross-validation: every instance is tested exactly once.

    Handout 001, "Método de validação cruzada (cross-validation)": K folds, K iterations;
    each fold is the test set of one iteration and part of the training set of the other
    k − 1. Fold sizes are those of scikit-learn's ``KFold``: the first ``n % k`` folds have
    ``n // k + 1`` instances, the rest ``n // k``.

    Parameters
    ----------
    n : int
        Number of instances (at least 2).
    k : int
        Number of folds, 2 ≤ k ≤ n.
    shuffle : bool, default True
        Put the instances in random order before cutting the folds ("construir, de modo
        aleatório, 10 partições"); with False the folds are consecutive blocks and
        ``seed`` is not used.
    seed : None, int or numpy.random.Generator

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays, one pair per fold, in fold order

    Examples
    --------
    >>> [test.tolist() for _, test in kfold(7, k=3, shuffle=False)]
    [[0, 1, 2], [3, 4], [5, 6]]
    >>> [len(test) for _, test in kfold(47, k=10, seed=0)]
    [5, 5, 5, 5, 5, 5, 5, 4, 4, 4]
    """
    n = check_whole_number(n, "n", minimum=2)
    k = _check_k(k, n)
    rng = as_rng(seed) if check_flag(shuffle, "shuffle") else None
    return _generate(_folds_to_splits(_kfold_assignment(n, k, rng), k))


def stratified_kfold(y, *, k, shuffle=True, seed=None) -> Iterator[_Split]:
    """Stratified k-fold cross-validation: every fold keeps the class proportions.

    Handout 001, 'Método "standard" de avaliação da taxa de erro': stratified 10-fold
    cross-validation. The folds are made as by scikit-learn's ``StratifiedKFold``
    (classes numbered in order of first appearance, instances sorted by class dealt to
    the folds in turn), so each fold has within one of ``count / k`` instances of each
    class, and the fold sizes are those of ``KFold``. With ``shuffle=False`` the folds
    are exactly scikit-learn's.

    Parameters
    ----------
    y : sequence of labels
        The class of each instance.
    k : int
        Number of folds, 2 ≤ k ≤ len(y).
    shuffle : bool, default True
        Choose at random which instances of each class go to which fold.
    seed : None, int or numpy.random.Generator

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays

    Raises
    ------
    ValueError
        If k is larger than the number of instances of every class. If only some classes
        have fewer than k instances, a ``UserWarning`` says so (as scikit-learn does).

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array(["A"] * 20 + ["B"] * 30 + ["C"] * 10)
    >>> [np.unique(y[test], return_counts=True)[1].tolist() for _, test in
    ...  stratified_kfold(y, k=10, seed=0)][:2]
    [[2, 3, 1], [2, 3, 1]]
    """
    y = _as_labels(y, "y")
    k = _check_k(k, y.size)
    rng = as_rng(seed) if check_flag(shuffle, "shuffle") else None
    codes = _encode(y)[0]
    _check_stratifiable(y, codes, k, stacklevel=3)
    return _generate(_folds_to_splits(_stratified_assignment(codes, k, rng), k))


def repeated_kfold(y_or_n, *, k=10, repeats=10, stratify=False, seed=None) -> Iterator[_Split]:
    """k-fold cross-validation repeated with new random folds: ``k · repeats`` splits.

    Handout 001: 'É também "standard" repetir 10× stratified 10-fold cross-validation',
    i.e. 100 runs of the learning algorithm on 9/10 of the data. The splits come in
    order: the k folds of the first repetition, then those of the second, ...

    Parameters
    ----------
    y_or_n : int or sequence of labels
        The number of instances, or their labels (needed for ``stratify=True``).
    k : int, default 10
    repeats : int, default 10
    stratify : bool, default False
        Use :func:`stratified_kfold` folds.
    seed : None, int or numpy.random.Generator
        All the repetitions are drawn when the function is called.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> splits = list(repeated_kfold(20, k=5, repeats=3, seed=0))
    >>> len(splits)
    15
    >>> sorted(i for _, test in splits[:5] for i in test) == list(range(20))
    True
    """
    repeats = check_whole_number(repeats, "repeats", minimum=1)
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    n = check_whole_number(n, "the number of instances", minimum=2)
    k = _check_k(k, n)
    rng = as_rng(seed)
    if codes is not None:
        _check_stratifiable(_as_labels(y_or_n, "y_or_n"), codes, k, stacklevel=3)
    splits = []
    for _ in range(repeats):
        if codes is None:
            assignment = _kfold_assignment(n, k, rng)
        else:
            assignment = _stratified_assignment(codes, k, rng)
        splits.extend(_folds_to_splits(assignment, k))
    return _generate(splits)


def leave_one_out(n) -> Iterator[_Split]:
    """Leave-one-out: n-fold cross-validation, each instance tested alone.

    Handout 001, "Outro método de avaliação – leave-one-out": deterministic (no random
    folds, nothing to repeat) and uses the largest possible training sets, but needs n
    runs of the learner, and every test set is as unstratified as can be (see the lesson
    for its 100%-error worst case).

    Parameters
    ----------
    n : int
        Number of instances (at least 2, so that every training set is non-empty).

    Yields
    ------
    (train, test) : the n − 1 other positions and ``[i]``, for i = 0 .. n-1

    Examples
    --------
    >>> [(train.tolist(), test.tolist()) for train, test in leave_one_out(3)]
    [([1, 2], [0]), ([0, 2], [1]), ([0, 1], [2])]
    """
    n = check_whole_number(n, "n", minimum=2)
    return _leave_one_out(n)


def _leave_one_out(n: int) -> Iterator[_Split]:
    everything = np.arange(n, dtype=np.intp)
    for i in range(n):
        yield np.delete(everything, i), everything[i : i + 1]


# ---------------------------------------------------------------------- bootstrap
def _draw_bootstrap(n: int, rng) -> _Split:
    drawn = np.sort(rng.integers(0, n, size=n)).astype(np.intp)
    chosen = np.zeros(n, dtype=bool)
    chosen[drawn] = True
    return drawn, np.flatnonzero(~chosen).astype(np.intp)


def bootstrap(n, *, seed=None) -> _Split:
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
    return _draw_bootstrap(n, as_rng(seed))


def repeated_bootstrap(n, *, repeats=10, seed=None) -> Iterator[_Split]:
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
    rng = as_rng(seed)
    return _generate([_draw_bootstrap(n, rng) for _ in range(repeats)])


def bootstrap_oob_probability(n):
    """Probability that an instance is never drawn in n draws with replacement: (1 − 1/n)ⁿ.

    Handout 001, 'bootstrap – que percentagem de exemplos de teste?': each draw misses a
    given instance with probability 1 − 1/N, and the N draws are independent, so
    (1 − 1/N)ᴺ ≈ e⁻¹ ≈ 0.368 for large N. Computed as exp(n · log1p(−1/n)), accurate
    for large n.

    Parameters
    ----------
    n : int or array-like of int
        Number of instances (each at least 1).

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
        check_whole_number(value, "n", minimum=1)
    array = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore"):  # n = 1: log1p(-1) = -inf, exp(-inf) = 0
        result = np.exp(array * np.log1p(-1.0 / array))
    return float(result) if scalar else result


def bootstrap_oob_shares(n, *, repeats=1000, seed=None) -> np.ndarray:
    """Simulate ``repeats`` bootstrap samples of n instances; the out-of-bag share of each.

    The simulation side of handout 001's (1 − 1/N)ᴺ ≈ e⁻¹: the mean of the shares
    converges to :func:`bootstrap_oob_probability` as ``repeats`` grows. Vectorised: one
    ``repeats × n`` array of draws.

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
    draws = np.sort(as_rng(seed).integers(0, n, size=(repeats, n)), axis=1)
    distinct = 1 + np.count_nonzero(np.diff(draws, axis=1), axis=1)
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
    arrays = []
    for value, name in ((test_error, "test_error"), (train_error, "train_error")):
        if isinstance(value, (str, bytes, bool, np.bool_)) or value is None:
            raise TypeError(f"{name} must be an error rate in [0, 1]; got {value!r}")
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must be an error rate in [0, 1]; got {value!r}") from None
        if array.size == 0 or not np.all((array >= 0) & (array <= 1)):  # also rejects nan
            raise ValueError(f"{name} must be an error rate in [0, 1]; got {value!r}")
        arrays.append(array)
    test, train = arrays
    if test.shape != train.shape:
        raise ValueError(
            f"test_error and train_error have different shapes ({test.shape} and {train.shape})"
        )
    result = WEIGHT_632 * test + (1 - WEIGHT_632) * train
    return float(result) if result.ndim == 0 else result


# ---------------------------------------------------------------------- drawing splits
def split_roles(splits, *, n) -> np.ndarray:
    """The role of every instance in every split: a grid to draw (splits × instances).

    0 = not used, 1 = training, 2 = test. A bootstrap training set counts an instance once
    however often it was drawn.

    Parameters
    ----------
    splits : iterable of (train, test) index pairs
    n : int
        Number of instances.

    Returns
    -------
    numpy.ndarray of shape (number of splits, n), dtype int8

    Examples
    --------
    >>> split_roles(kfold(4, k=2, shuffle=False), n=4)
    array([[2, 2, 1, 1],
           [1, 1, 2, 2]], dtype=int8)
    """
    n = check_whole_number(n, "n", minimum=1)
    pairs = _check_splits(splits, n)
    roles = np.zeros((len(pairs), n), dtype=np.int8)
    for row, (train, test) in enumerate(pairs):
        roles[row, train] = 1
        roles[row, test] = 2
    return roles


# ---------------------------------------------------------------------- running a model
def _check_splits(splits, n: int) -> list[_Split]:
    if isinstance(splits, (str, bytes)) or not isinstance(splits, Iterable):
        raise TypeError(
            "splits must be an iterable of (train_indices, test_indices) pairs, such as "
            f"kfold(n, k=10); got {type(splits).__name__}"
        )
    pairs = []
    for number, pair in enumerate(splits):
        try:
            train, test = pair
        except (TypeError, ValueError):
            raise TypeError(
                f"split {number} must be a (train_indices, test_indices) pair; got {pair!r}"
            ) from None
        checked = []
        for indices, role in ((train, "training"), (test, "test")):
            array = np.asarray(indices)
            if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
                raise TypeError(
                    f"the {role} indices of split {number} must be a 1-D array of integer "
                    f"positions; got dtype {array.dtype}, shape {array.shape}"
                )
            array = array.astype(np.intp)
            if array.size == 0:
                raise ValueError(f"the {role} set of split {number} is empty")
            if array.min() < 0 or array.max() >= n:
                raise ValueError(
                    f"the {role} indices of split {number} must be positions 0..{n - 1}; "
                    f"got {int(array.min())}..{int(array.max())}"
                )
            checked.append(array)
        pairs.append((checked[0], checked[1]))
    if not pairs:
        raise ValueError("splits is empty; it must hold at least one (train, test) pair")
    return pairs


def _take(data, indices: np.ndarray):
    return data.iloc[indices] if hasattr(data, "iloc") else data[indices]


def _in_notebook() -> bool:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


class _Progress:
    """A progress bar: an ipywidgets bar in a notebook, a text bar on stderr elsewhere,
    nothing when disabled. No extra dependency: ipywidgets is optional."""

    def __init__(self, total: int, enabled: bool, description: str = "cross-validation"):
        self.total, self.description, self.mode = total, description, None
        if not enabled:
            return
        if _in_notebook():
            try:
                import ipywidgets
                from IPython.display import display
            except ImportError:
                pass
            else:
                self.bar = ipywidgets.IntProgress(
                    value=0, min=0, max=total, description=description
                )
                self.label = ipywidgets.Label(f"0/{total}")
                display(ipywidgets.HBox([self.bar, self.label]))
                self.mode = "widget"
                return
        self.mode = "text"
        self.update(0)

    def update(self, done: int) -> None:
        if self.mode == "widget":
            self.bar.value = done
            self.label.value = f"{done}/{self.total}"
        elif self.mode == "text":
            width = 30
            filled = width * done // self.total
            bar = "#" * filled + "." * (width - filled)
            sys.stderr.write(f"\r{self.description} [{bar}] {done}/{self.total}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.mode == "widget":
            self.bar.bar_style = "success"
        elif self.mode == "text":
            sys.stderr.write("\n")
            sys.stderr.flush()


def _fit(model, X_train, y_train):
    """Fit a fresh, unfitted copy of ``model`` (``sklearn.base.clone`` or a deep copy)."""
    try:
        from sklearn.base import clone
    except ImportError:  # pragma: no cover - scikit-learn is a dependency of the lessons
        fresh = copy_model(model)
    else:
        fresh = clone(model) if hasattr(model, "get_params") else copy_model(model)
    fresh.fit(X_train, y_train)
    return fresh


def cross_validate(
    model,
    X,
    y,
    splits,
    *,
    metric: Callable = accuracy,
    train_score=False,
    progress=None,
):
    """Fit a fresh copy of a model on each training set and score it on its test set.

    Handout 001: holdout, repeated holdout, k-fold, 10×10-fold, leave-one-out and the
    bootstrap all come down to this loop; the estimate is the mean of the scores. Pass
    the splits of any function of this module (or any ``(train, test)`` pairs).

    Parameters
    ----------
    model : scikit-learn-style estimator
        Has ``fit(X, y)`` and ``predict(X)``. Each split fits ``sklearn.base.clone(model)``
        (a deep copy for estimators without ``get_params``), so nothing leaks between
        splits and ``model`` itself is never fitted.
    X : array-like or DataFrame of shape (n, ...)
        The features (rows selected by position).
    y : sequence of labels of length n
    splits : iterable of (train_indices, test_indices)
        E.g. ``stratified_kfold(y, k=10, seed=0)``. Test sets must not be empty.
    metric : callable, default :func:`~evalbook.accuracy`
        A metric of the library: takes the test set's :class:`~evalbook.ConfusionMatrix`
        (classes = every class of ``y``) and returns a number, e.g.
        :func:`~evalbook.error_rate`.
    train_score : bool, default False
        Also score the model on its own training set (as the .632 estimator needs).
    progress : bool or None, default None
        Show a progress bar (an ipywidgets bar in a notebook, a text bar on stderr
        elsewhere). ``None`` shows it from :data:`PROGRESS_MIN_SPLITS` splits on; pass
        ``False`` when the output must not change between runs.

    Returns
    -------
    pandas.DataFrame
        One row per split (index ``split``, from 0), columns ``n_train``, ``n_test`` and
        the score named after the metric (``accuracy``; ``train_accuracy`` with
        ``train_score=True``).

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X = [[0], [1], [2], [3], [10], [11], [12], [13]]
    >>> y = ["a", "a", "a", "a", "b", "b", "b", "b"]
    >>> scores = cross_validate(DecisionTreeClassifier(random_state=0), X, y,
    ...                         stratified_kfold(y, k=4, seed=0))
    >>> scores
           n_train  n_test  accuracy
    split
    0            6       2       1.0
    1            6       2       1.0
    2            6       2       1.0
    3            6       2       1.0
    """
    if not (hasattr(model, "fit") and hasattr(model, "predict")):
        raise TypeError(
            "model must be an estimator with fit(X, y) and predict(X) methods, such as "
            f"sklearn.tree.DecisionTreeClassifier(); got {type(model).__name__}"
        )
    if not callable(metric):
        raise TypeError(
            "metric must be a function of a confusion matrix, such as evalbook.accuracy; "
            f"got {type(metric).__name__}"
        )
    check_flag(train_score, "train_score")
    if progress is not None and not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True, False or None; got {type(progress).__name__}")
    labels_y = _as_labels(y.to_numpy() if hasattr(y, "to_numpy") else y, "y")
    if not hasattr(X, "iloc"):
        X = as_array(X, "X")
    if X.ndim == 0 or len(X) != labels_y.size:
        length = "a single value" if X.ndim == 0 else f"{len(X)} rows"
        raise ValueError(
            f"X and y must describe the same instances; X has {length}, y has {labels_y.size}"
        )
    pairs = _check_splits(splits, labels_y.size)
    labels = ConfusionMatrix.from_labels(labels_y, labels_y).labels
    name = getattr(metric, "__name__", "score")
    show = len(pairs) >= PROGRESS_MIN_SPLITS if progress is None else bool(progress)
    bar = _Progress(len(pairs), show)
    rows = []
    try:
        for done, (train, test) in enumerate(pairs, start=1):
            fitted = _fit(model, _take(X, train), labels_y[train])
            row = {"n_train": train.size, "n_test": test.size}
            predicted = fitted.predict(_take(X, test))
            cm = ConfusionMatrix.from_labels(labels_y[test], np.asarray(predicted), labels=labels)
            row[name] = float(metric(cm))
            if train_score:
                predicted = fitted.predict(_take(X, train))
                cm = ConfusionMatrix.from_labels(
                    labels_y[train], np.asarray(predicted), labels=labels
                )
                row[f"train_{name}"] = float(metric(cm))
            rows.append(row)
            bar.update(done)
    finally:
        bar.close()
    import pandas as pd

    frame = pd.DataFrame(rows)
    frame.index.name = "split"
    return frame
