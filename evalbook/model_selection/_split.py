"""How to choose the data a model is tested on: holdout, k-fold, leave-one-out.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5: training, validation and test sets;
the (stratified) holdout, the repeated holdout, k-fold and stratified 10-fold
cross-validation, 10×10 cross-validation and leave-one-out. Kelleher, Mac Namee & D'Arcy
(2020), ch. 9: hold-out sampling into training, validation and test sets. The bootstrap and
its .632 estimator, and running a model over the splits (:func:`~evalbook.cross_validate`),
are in the same package.

Every splitter works on positions ``0 .. n-1`` and returns sorted integer index arrays
(``numpy.intp``), so that ``X[train]`` / ``y[test]`` select the instances. The cross-
validation splitters return *generators* of ``(train_indices, test_indices)`` pairs, as
scikit-learn's do; their arguments are checked and the random choices are made when the
function is called, so a bad argument fails at once and the same ``seed`` always gives
the same splits. ``seed`` is ``None`` (fresh randomness), a non-negative int or a
``numpy.random.Generator``. Sizes that could not fit in memory (more than 10⁸ indices in
all) are refused before anything is allocated.

Sizes are apportioned by the largest-remainder method: 600 instances in 50/20/30 are
300/120/180, and a stratified third of 200/300/100 instances is 67/100/33.

Splits that keep leakage out: by group (the same patient or author) and by time.

A random split assumes the instances are independent. When several instances share a
source (the scans of one patient, the texts of one author, the frames of one video), a
random split puts the same source in training and test, and the test score measures
recognising the source, not generalising to a new one: split by **group**. When the
instances are ordered in time and the model will predict the future, a random split
trains on the future of the test instances: split by **time**, training always before
testing (Kaufman et al. 2012, "Leakage in data mining"; Roberts et al. 2017 on blocked
cross-validation).

Like :mod:`evalbook.model_selection`, every splitter returns sorted integer index arrays; the
cross-validation ones return generators of ``(train, test)`` pairs, built when called.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from evalbook._core.checks import (
    as_label_array,
    as_rng,
    as_size_or_labels,
    check_class_counts,
    check_flag,
    check_folds,
    check_fractions,
    check_label_types,
    check_open_fraction,
    check_size,
    check_splits,
    check_stratifiable,
    check_whole_number,
    mixed_labels_error,
)

__all__ = [
    "group_holdout",
    "group_kfold",
    "holdout",
    "kfold",
    "leave_one_out",
    "repeated_holdout",
    "repeated_kfold",
    "split_roles",
    "stratified_counts",
    "stratified_kfold",
    "time_series_split",
    "train_val_test_split",
]


# ====================================================================== splits


Split = tuple[np.ndarray, np.ndarray]


# ---------------------------------------------------------------------- labels


def _encode(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Integer class codes of ``y`` (classes numbered in order of first appearance, as
    scikit-learn's ``StratifiedKFold`` does) and the classes in that order."""
    try:
        classes, first, inverse = np.unique(y, return_index=True, return_inverse=True)
    except TypeError:
        raise mixed_labels_error(y, "y mixes") from None
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[inverse.ravel()], classes[order]


def _n_and_codes(y_or_n, *, stratify):
    """``(n, codes)`` from a number of instances or their labels; codes only if stratify."""
    n, y = as_size_or_labels(y_or_n, stratify=stratify)
    return n, (None if y is None else _encode(y)[0])


def _stratifiable_codes(y: np.ndarray, k: int) -> np.ndarray:
    """The class codes of ``y``, refused (or warned about) if a class has fewer than k."""
    codes, classes = _encode(y)
    check_stratifiable(classes, np.bincount(codes), k, stacklevel=3)
    return codes


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
            f"y_or_n: with {n} instance{'s' * (n != 1)} the {' and '.join(empty)} set would be "
            "empty "
            f"(sizes {dict(zip(part_names, totals.tolist(), strict=True))}); "
            "use more instances or larger shares"
        )
    if codes is None:
        codes = np.zeros(n, dtype=np.intp)
    return _parts(_assign(codes, _allocate(codes, totals), rng), len(totals))


# ---------------------------------------------------------------------- holdout
def train_val_test_split(y_or_n, *, fractions=(0.5, 0.2, 0.3), stratify=False, seed=None):
    """Split the instances into a training, a validation and a test set.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (hold-out sampling); Witten et al. (2017), ch. 5
    (training, validation and test data): training builds
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
    fractions = check_fractions(fractions, "fractions", parts=3)
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    check_size("train_val_test_split", y_or_n=n)
    rng = as_rng(seed)
    train, val, test = _split(n, codes, fractions, rng, ("training", "validation", "test"))
    return train, val, test


def holdout(y_or_n, *, test_size=1 / 3, stratify=False, seed=None):
    """Reserve a share of the instances for testing and train on the rest.

    Witten et al. (2017), ch. 5 (the holdout procedure): usually
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
    check_size("holdout", y_or_n=n)
    rng = as_rng(seed)
    test, train = _split(n, codes, np.array([test_size, 1 - test_size]), rng, ("test", "training"))
    return train, test


def repeated_holdout(
    y_or_n, *, test_size=1 / 3, n_repeats=10, stratify=False, seed=None
) -> Iterator[Split]:
    """Holdout repeated with a new random test set each time.

    Witten et al. (2017), ch. 5 (repeated holdout): the error estimate is
    the mean of the error rates of the iterations. The test sets of different iterations
    may overlap (unlike the folds of :func:`kfold`).

    Parameters
    ----------
    y_or_n, test_size, stratify
        As in :func:`holdout`.
    n_repeats : int, default 10
        Number of iterations (at least 1).
    seed : None, int or numpy.random.Generator
        All the repetitions are drawn when the function is called.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> splits = list(repeated_holdout(9, n_repeats=3, seed=0))
    >>> [(len(train), len(test)) for train, test in splits]
    [(6, 3), (6, 3), (6, 3)]
    """
    test_size = check_open_fraction(test_size, "test_size")
    n_repeats = check_whole_number(n_repeats, "n_repeats", minimum=1)
    n, codes = _n_and_codes(y_or_n, stratify=stratify)
    check_size("repeated_holdout", y_or_n=n, n_repeats=n_repeats)
    rng = as_rng(seed)
    fractions = np.array([test_size, 1 - test_size])
    splits = [
        _split(n, codes, fractions, rng, ("test", "training"))[::-1] for _ in range(n_repeats)
    ]
    return _generate(splits)


def stratified_counts(class_counts, *, fraction):
    """How many instances of each class a stratified sample of a share ``fraction`` takes.

    Stratification (Witten et al. (2017), ch. 5): with 200, 300 and 100 instances of A, B
    and C and a third of the data set, [A: 67, B: 100, C: 33]. The sample has the
    largest-remainder rounding of ``fraction · N`` instances, shared among the classes in
    proportion to their counts, again by largest remainder (ties go to the earlier class).

    Parameters
    ----------
    class_counts : sequence of int, or mapping {class: int}
        Number of instances of each class (each ≥ 0, at least one > 0, at most 2⁵³ in
        all): a list or array, or a mapping such as ``{"A": 200, "B": 300}``,
        ``collections.Counter(y)`` or ``pandas.Series(y).value_counts()``.
    fraction : float
        Share of the sample, strictly between 0 and 1.

    Returns
    -------
    numpy.ndarray of int, dict or pandas.Series
        Instances of each class in the sample, in the order of ``class_counts``: an array
        for a sequence, a dict with the same classes for a mapping, a Series with the same
        index (and name) for a Series.

    Examples
    --------
    >>> stratified_counts([200, 300, 100], fraction=1/3)
    array([ 67, 100,  33])
    >>> stratified_counts([200, 300, 100], fraction=2/3)
    array([133, 200,  67])
    >>> stratified_counts({"A": 200, "B": 300, "C": 100}, fraction=1/3)
    {'A': 67, 'B': 100, 'C': 33}
    """
    fraction = check_open_fraction(fraction, "fraction")
    classes, values = check_class_counts(class_counts)
    total = sum(values)
    size = int(_apportion(total, [fraction, 1 - fraction])[0])
    counts = _apportion(size, np.asarray(values, dtype=np.int64))
    if classes is None:
        return counts
    if hasattr(class_counts, "to_numpy"):  # a pandas Series: keep its index and name
        return type(class_counts)(counts, index=class_counts.index, name=class_counts.name)
    return dict(zip(classes, counts.tolist(), strict=True))


# ---------------------------------------------------------------------- cross-validation
def _generate(splits: list) -> Iterator[Split]:
    yield from splits


def _folds_to_splits(assignment: np.ndarray, k: int) -> list[Split]:
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


def kfold(n, *, k, shuffle=True, seed=None) -> Iterator[Split]:
    """k-fold cross-validation: every instance is tested exactly once.

    Witten et al. (2017), ch. 5 (cross-validation): K folds, K iterations;
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
    k = check_folds(k, n)
    check_size("kfold", n=n, k=k)
    rng = as_rng(seed) if check_flag(shuffle, "shuffle") else None
    return _generate(_folds_to_splits(_kfold_assignment(n, k, rng), k))


def stratified_kfold(y, *, k, shuffle=True, seed=None) -> Iterator[Split]:
    """Stratified k-fold cross-validation: every fold keeps the class proportions.

    Witten et al. (2017), ch. 5; Kohavi (1995): stratified 10-fold cross-validation, the
    standard way of estimating the error. The folds are made as by scikit-learn's
    ``StratifiedKFold`` (classes numbered in order of first appearance, instances sorted by
    class dealt to the folds in turn), so each fold has within one of ``count / k``
    instances of each class, and the fold sizes are those of ``KFold``. With
    ``shuffle=False`` the folds are exactly scikit-learn's.

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

    References
    ----------
    I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5. R. Kohavi, "A
    study of cross-validation and bootstrap for accuracy estimation and model selection",
    IJCAI 1995.

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array(["A"] * 20 + ["B"] * 30 + ["C"] * 10)
    >>> [np.unique(y[test], return_counts=True)[1].tolist() for _, test in
    ...  stratified_kfold(y, k=10, seed=0)][:2]
    [[2, 3, 1], [2, 3, 1]]
    """
    y = as_label_array(y, "y")
    k = check_folds(k, y.size)
    check_size("stratified_kfold", n=y.size, k=k)
    rng = as_rng(seed) if check_flag(shuffle, "shuffle") else None
    codes = _stratifiable_codes(y, k)
    return _generate(_folds_to_splits(_stratified_assignment(codes, k, rng), k))


def repeated_kfold(y_or_n, *, k=10, n_repeats=10, stratify=False, seed=None) -> Iterator[Split]:
    """k-fold cross-validation repeated with new random folds: ``k · n_repeats`` splits.

    Witten et al. (2017), ch. 5: stratified 10-fold cross-validation repeated 10 times,
    i.e. 100 runs of the learning algorithm on 9/10 of the data. The splits come in
    order: the k folds of the first repetition, then those of the second, ...

    Parameters
    ----------
    y_or_n : int or sequence of labels
        The number of instances, or their labels (needed for ``stratify=True``).
    k : int, default 10
    n_repeats : int, default 10
    stratify : bool, default False
        Use :func:`stratified_kfold` folds.
    seed : None, int or numpy.random.Generator
        All the repetitions are drawn when the function is called.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> splits = list(repeated_kfold(20, k=5, n_repeats=3, seed=0))
    >>> len(splits)
    15
    >>> sorted(i for _, test in splits[:5] for i in test) == list(range(20))
    True
    """
    n_repeats = check_whole_number(n_repeats, "n_repeats", minimum=1)
    n, y = as_size_or_labels(y_or_n, stratify=stratify)
    n = check_whole_number(n, "the number of instances", minimum=2)
    k = check_folds(k, n)
    check_size("repeated_kfold", y_or_n=n, k=k, n_repeats=n_repeats)
    rng = as_rng(seed)
    codes = None if y is None else _stratifiable_codes(y, k)
    splits = []
    for _ in range(n_repeats):
        if codes is None:
            assignment = _kfold_assignment(n, k, rng)
        else:
            assignment = _stratified_assignment(codes, k, rng)
        splits.extend(_folds_to_splits(assignment, k))
    return _generate(splits)


def leave_one_out(n) -> Iterator[Split]:
    """Leave-one-out: n-fold cross-validation, each instance tested alone.

    Witten et al. (2017), ch. 5 (leave-one-out): deterministic (no random
    folds, nothing to repeat) and uses the largest possible training sets, but needs n
    runs of the learner, and every test set is as unstratified as can be (with two equal
    classes and a majority-class predictor, every test instance is misclassified).

    Parameters
    ----------
    n : int
        Number of instances (at least 2, so that every training set is non-empty).

    Yields
    ------
    (train, test) : the n − 1 other positions and ``[i]``, for i = 0 .. n-1

    References
    ----------
    I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.

    Examples
    --------
    >>> [(train.tolist(), test.tolist()) for train, test in leave_one_out(3)]
    [([1, 2], [0]), ([0, 2], [1]), ([0, 1], [2])]
    """
    n = check_whole_number(n, "n", minimum=2)
    check_size("leave_one_out", n=n)
    return _leave_one_out(n)


def _leave_one_out(n: int) -> Iterator[Split]:
    everything = np.arange(n, dtype=np.intp)
    for i in range(n):
        yield np.delete(everything, i), everything[i : i + 1]


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
    pairs = check_splits(splits, n)
    check_size("split_roles", splits=len(pairs), n=n)
    roles = np.zeros((len(pairs), n), dtype=np.int8)
    for row, (train, test) in enumerate(pairs):
        roles[row, train] = 1
        roles[row, test] = 2
    return roles


# ====================================================================== leakage_splits


def _group_codes(groups) -> tuple[np.ndarray, int]:
    values = as_label_array(groups, "groups")
    if values.size < 2:
        raise ValueError(f"groups must label at least 2 instances; got {values.size}")
    check_label_types(groups=values)  # a 1 and a '1' are two groups, and cannot be sorted
    _, codes = np.unique(values, return_inverse=True)
    return codes.reshape(-1), int(codes.max()) + 1


def group_kfold(groups, *, k=5, shuffle=False, seed=None) -> Iterator[tuple]:
    """k-fold cross-validation by group: all instances of a group are in one test fold.

    Groups are dealt to the folds largest first, each to the fold with the fewest
    instances so far (scikit-learn's ``GroupKFold``), so the folds are about equal in
    instances; no group is ever in training and test at once. With ``shuffle=True`` the
    groups of equal size are dealt in random order.

    Parameters
    ----------
    groups : sequence of labels, one per instance
        The source of each instance (patient, author, ...), as labels of one type: a
        ``1`` beside a ``'1'`` (one patient written two ways, or two) is refused, as are
        missing, infinite and unhashable values.
    k : int, default 5
        Number of folds, 2 ≤ k ≤ the number of groups.
    shuffle : bool, default False
    seed : None, int or numpy.random.Generator
        Used only with ``shuffle=True``.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays, one pair per fold

    Examples
    --------
    >>> groups = ["ana", "ana", "bia", "bia", "bia", "caio", "davi"]
    >>> [test.tolist() for _, test in group_kfold(groups, k=3)]
    [[2, 3, 4], [0, 1], [5, 6]]
    """
    codes, n_groups = _group_codes(groups)
    k = check_whole_number(k, "k", minimum=2)
    if k > n_groups:
        raise ValueError(f"k = {k} folds need at least {k} groups; groups has {n_groups}")
    check_size("group_kfold", n=codes.size, k=k)
    shuffle = check_flag(shuffle, "shuffle")
    sizes = np.bincount(codes, minlength=n_groups)
    order = np.arange(n_groups)
    if shuffle:
        order = as_rng(seed).permutation(n_groups)
    order = order[np.argsort(-sizes[order], kind="stable")]  # largest first
    fold_of_group = np.empty(n_groups, dtype=np.intp)
    load = np.zeros(k, dtype=np.int64)
    for group in order.tolist():
        lightest = int(np.argmin(load))
        fold_of_group[group] = lightest
        load[lightest] += sizes[group]
    fold = fold_of_group[codes]
    everything = np.arange(codes.size, dtype=np.intp)
    splits = [(everything[fold != f], everything[fold == f]) for f in range(k)]
    return iter(splits)


def group_holdout(groups, *, test_size=1 / 3, seed=None) -> tuple:
    """One training/test split by group: a random share of the groups is the test set.

    ``round(test_size · number of groups)`` groups (at least 1, at most all but one),
    drawn at random, form the test set (scikit-learn's ``GroupShuffleSplit`` with one
    split: ``test_size`` is a share of groups, not of instances).

    Parameters
    ----------
    groups : sequence of labels, one per instance
        As :func:`group_kfold`'s.
    test_size : float in (0, 1), default 1/3
    seed : None, int or numpy.random.Generator

    Returns
    -------
    (train, test) : tuple of 2 sorted integer arrays

    Examples
    --------
    >>> train, test = group_holdout(["a", "a", "b", "b", "c", "c"], seed=0)
    >>> len(test), len(set(train.tolist()) & set(test.tolist()))
    (2, 0)
    """
    codes, n_groups = _group_codes(groups)
    if n_groups < 2:
        raise ValueError("groups must hold at least 2 distinct groups to split by group")
    test_size = check_open_fraction(test_size, "test_size")
    chosen = min(max(round(test_size * n_groups), 1), n_groups - 1)
    test_groups = as_rng(seed).permutation(n_groups)[:chosen]
    in_test = np.isin(codes, test_groups)
    everything = np.arange(codes.size, dtype=np.intp)
    return everything[~in_test], everything[in_test]


def time_series_split(n, *, k=5, gap=0, test_size=None) -> Iterator[tuple]:
    """Time-ordered cross-validation: each test block comes after all of its training data.

    The instances are in time order (position 0 is the oldest). The last ``k ·
    test_size`` positions are cut into k consecutive test blocks; the training set of
    block j is everything before it, minus the ``gap`` positions just before the block
    (so that the training set does not end right where the test starts). The training set
    grows from one split to the next (an expanding window), as scikit-learn's
    ``TimeSeriesSplit``, whose splits these are.

    Parameters
    ----------
    n : int
        Number of instances, in time order.
    k : int, default 5
        Number of splits, at least 2.
    gap : int, default 0
        Positions left out between training and test.
    test_size : int, optional
        Size of each test block; default ``n // (k + 1)``.

    Yields
    ------
    (train, test) : tuple of 2 sorted integer arrays, every train index below every test
    index

    Examples
    --------
    >>> [(train.tolist(), test.tolist()) for train, test in time_series_split(6, k=3)]
    [([0, 1, 2], [3]), ([0, 1, 2, 3], [4]), ([0, 1, 2, 3, 4], [5])]
    """
    n = check_whole_number(n, "n", minimum=2)
    k = check_whole_number(k, "k", minimum=2)
    gap = check_whole_number(gap, "gap", minimum=0)
    if test_size is None:
        if k >= n:
            raise ValueError(f"k = {k} test blocks need more than k instances; got n = {n}")
        test_size = n // (k + 1)
    test_size = check_whole_number(test_size, "test_size", minimum=1)
    first_test = n - k * test_size
    if first_test - gap < 1:
        raise ValueError(
            f"n = {n} instances are too few for k = {k} test blocks of {test_size} after a "
            f"gap of {gap}: the first training set would be empty"
        )
    check_size("time_series_split", n=n, k=k)
    splits = []
    for start in range(first_test, n, test_size):
        train = np.arange(0, start - gap, dtype=np.intp)
        test = np.arange(start, start + test_size, dtype=np.intp)
        splits.append((train, test))
    return iter(splits)
