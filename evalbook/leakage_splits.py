"""Splits that keep leakage out: by group (the same patient or author) and by time.

A random split assumes the instances are independent. When several instances share a
source (the scans of one patient, the texts of one author, the frames of one video), a
random split puts the same source in training and test, and the test score measures
recognising the source, not generalising to a new one: split by **group**. When the
instances are ordered in time and the model will predict the future, a random split
trains on the future of the test instances: split by **time**, training always before
testing (Kaufman et al. 2012, "Leakage in data mining"; Roberts et al. 2017 on blocked
cross-validation).

Like :mod:`evalbook.splits`, every splitter returns sorted integer index arrays; the
cross-validation ones return generators of ``(train, test)`` pairs, built when called.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from evalbook._checks import (
    as_label_array,
    as_rng,
    check_flag,
    check_open_fraction,
    check_size,
    check_whole_number,
)

__all__ = ["group_holdout", "group_kfold", "time_series_split"]


def _group_codes(groups) -> tuple[np.ndarray, int]:
    values = as_label_array(groups, "groups")
    if values.size < 2:
        raise ValueError(f"groups must label at least 2 instances; got {values.size}")
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
        The source of each instance (patient, author, ...).
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
