"""Splits by group and by time, checked against scikit-learn's GroupKFold, GroupShuffleSplit
and TimeSeriesSplit on random inputs."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.model_selection import GroupKFold, TimeSeriesSplit

from evalbook import group_holdout, group_kfold, time_series_split


def random_groups(rng):
    n_groups = int(rng.integers(2, 15))
    sizes = rng.integers(1, 8, n_groups)
    groups = np.repeat([f"g{i}" for i in range(n_groups)], sizes)
    rng.shuffle(groups)
    return groups, n_groups


@pytest.mark.parametrize("shuffle", [False, True])
def test_group_kfold_never_splits_a_group_and_balances_as_sklearn(shuffle):
    rng = np.random.default_rng(int(shuffle))
    for trial in range(300):
        groups, n_groups = random_groups(rng)
        k = int(rng.integers(2, n_groups + 1))
        splits = list(group_kfold(groups, k=k, shuffle=shuffle, seed=trial))
        tested = np.concatenate([test for _, test in splits])
        assert sorted(tested.tolist()) == list(range(groups.size))  # each tested once
        for train, test in splits:
            assert not set(groups[train]) & set(groups[test])
            assert sorted(np.r_[train, test].tolist()) == list(range(groups.size))
        theirs = [test.size for _, test in GroupKFold(n_splits=k).split(groups, groups=groups)]
        assert sorted(test.size for _, test in splits) == sorted(theirs)


def test_group_holdout_takes_a_share_of_the_groups():
    rng = np.random.default_rng(2)
    for trial in range(300):
        groups, n_groups = random_groups(rng)
        test_size = float(rng.uniform(0.05, 0.95))
        train, test = group_holdout(groups, test_size=test_size, seed=trial)
        assert not set(groups[train]) & set(groups[test])
        assert sorted(np.r_[train, test].tolist()) == list(range(groups.size))
        expected = min(max(round(test_size * n_groups), 1), n_groups - 1)
        assert len(set(groups[test])) == expected


def test_time_series_split_is_sklearns():
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(300):
        n = int(rng.integers(4, 80))
        k = int(rng.integers(2, 8))
        gap = int(rng.integers(0, 4))
        test_size = None if rng.random() < 0.5 else int(rng.integers(1, 6))
        try:
            ours = list(time_series_split(n, k=k, gap=gap, test_size=test_size))
        except ValueError:
            with pytest.raises(ValueError):
                list(TimeSeriesSplit(n_splits=k, gap=gap, test_size=test_size).split(np.zeros(n)))
            continue
        theirs = list(TimeSeriesSplit(n_splits=k, gap=gap, test_size=test_size).split(np.zeros(n)))
        assert len(ours) == len(theirs) == k
        for (train, test), (their_train, their_test) in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(train, their_train)
            np.testing.assert_array_equal(test, their_test)
            assert train.max() + gap < test.min()
        checked += 1
    assert checked > 150


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="groups"):
        list(group_kfold(["a", "a", "b"], k=3))
    with pytest.raises(ValueError, match="groups"):
        group_holdout(["a", "a"])
    with pytest.raises(ValueError, match="too few"):
        list(time_series_split(6, k=3, gap=3))
    with pytest.raises(ValueError, match="k = 5 test blocks need more than k instances"):
        list(time_series_split(5, k=5))
