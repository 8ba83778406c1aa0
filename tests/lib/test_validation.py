"""Validation methods (handout 001, first half; handout 000, Figures 2-3).

- every splitter partitions the data: train and test disjoint, folds covering each
  instance once; stratified folds within one of the exact class share;
- fold sizes (and, unshuffled, the folds themselves) agree with scikit-learn's
  ``KFold`` / ``StratifiedKFold``; ``cross_validate`` agrees with ``cross_val_score`` on
  the same splits;
- the bootstrap's out-of-bag set is the complement of the drawn set, and its share
  converges to e⁻¹ within a tolerance derived from the binomial variance;
- the handout's numbers (67/100/33, 0.368, 0.316) and the worst cases, run for real;
- bad inputs get a ValueError/TypeError naming the argument.
"""

from __future__ import annotations

import collections
import math
import sys
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import KFold, StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from evalbook import (
    WEIGHT_632,
    bootstrap,
    bootstrap_oob_probability,
    bootstrap_oob_shares,
    config_context,
    cross_validate,
    error_632,
    error_rate,
    holdout,
    kfold,
    leave_one_out,
    repeated_bootstrap,
    repeated_holdout,
    repeated_kfold,
    split_roles,
    stratified_counts,
    stratified_kfold,
    train_val_test_split,
)

N_CASES = 200  # random cases of the partition and scikit-learn cross-checks
E_INV = math.exp(-1)


def _random_cases(seed: int, count: int = N_CASES):
    """(n, k, y) triples: n in [2, 120], k in [2, min(n, 15)], up to 4 classes."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(2, 121))
        k = int(rng.integers(2, min(n, 15) + 1))
        n_classes = int(rng.integers(1, 5))
        weights = rng.dirichlet(np.ones(n_classes))
        y = rng.choice(np.array(["a", "b", "c", "d"][:n_classes]), size=n, p=weights)
        yield n, k, y


def _assert_partition(splits, n: int, k: int | None = None, *, folds: bool = True) -> None:
    """Train and test disjoint and covering 0..n-1; with ``folds``, the test sets cover
    each instance exactly once (cross-validation)."""
    tested = []
    for train, test in splits:
        assert train.dtype == np.intp and test.dtype == np.intp
        assert np.all(np.diff(train) > 0) and np.all(np.diff(test) > 0)  # sorted, unique
        assert np.intersect1d(train, test).size == 0
        assert np.array_equal(np.union1d(train, test), np.arange(n))
        tested.extend(test.tolist())
    if folds:
        assert sorted(tested) == list(range(n))
    if k is not None:
        assert len(splits) == k


def _quiet(function, *args, **kwargs):
    """Call with the few-members-per-class UserWarning silenced (it is tested apart)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return function(*args, **kwargs)


# ====================================================================== k-fold
@pytest.mark.parametrize("shuffle", [True, False])
def test_kfold_partitions_the_data_and_matches_sklearn_sizes(shuffle):
    for case, (n, k, _) in enumerate(_random_cases(1)):
        splits = list(kfold(n, k=k, shuffle=shuffle, seed=case))
        _assert_partition(splits, n, k)
        reference = list(
            KFold(k, shuffle=shuffle, random_state=case if shuffle else None).split(np.zeros(n))
        )
        assert [len(test) for _, test in splits] == [len(test) for _, test in reference]
        if not shuffle:  # unshuffled, the folds themselves are scikit-learn's
            for (train, test), (ref_train, ref_test) in zip(splits, reference, strict=True):
                assert np.array_equal(train, ref_train) and np.array_equal(test, ref_test)


def test_stratified_kfold_partitions_and_keeps_class_shares_within_one():
    checked = 0
    for case, (n, k, y) in enumerate(_random_cases(2)):
        if np.all(np.unique(y, return_counts=True)[1] < k):
            continue
        splits = _quiet(lambda: list(stratified_kfold(y, k=k, seed=case)))  # noqa: B023
        _assert_partition(splits, n, k)
        classes, totals = np.unique(y, return_counts=True)
        for _, test in splits:
            in_fold = np.array([np.sum(y[test] == c) for c in classes])
            assert np.all(np.abs(in_fold - totals / k) < 1), (n, k, in_fold, totals)
        checked += 1
    assert checked > N_CASES // 2


@pytest.mark.parametrize("shuffle", [True, False])
def test_stratified_kfold_matches_sklearn(shuffle):
    """Same fold sizes and same class counts per fold as StratifiedKFold; unshuffled, the
    same folds."""
    for case, (n, k, y) in enumerate(_random_cases(3)):
        if np.all(np.unique(y, return_counts=True)[1] < k):
            with pytest.raises(ValueError):
                StratifiedKFold(k).split(np.zeros(n), y).__next__()
            with pytest.raises(ValueError, match="larger than the number of instances of every"):
                stratified_kfold(y, k=k)
            continue
        splits = _quiet(lambda: list(stratified_kfold(y, k=k, shuffle=shuffle, seed=case)))  # noqa: B023
        sk = StratifiedKFold(k, shuffle=shuffle, random_state=case if shuffle else None)
        reference = _quiet(lambda: list(sk.split(np.zeros(n), y)))  # noqa: B023
        for (train, test), (ref_train, ref_test) in zip(splits, reference, strict=True):
            assert len(test) == len(ref_test)
            assert sorted(y[test].tolist()) == sorted(y[ref_test].tolist())
            if not shuffle:
                assert np.array_equal(train, ref_train) and np.array_equal(test, ref_test)


def test_stratified_kfold_on_iris_like_classes():
    y = np.repeat(["setosa", "versicolor", "virginica"], 50)
    splits = list(stratified_kfold(y, k=10, seed=0))
    for _, test in splits:
        assert np.unique(y[test], return_counts=True)[1].tolist() == [5, 5, 5]


def test_repeated_kfold_is_k_times_repeats_partitions():
    y = np.repeat(["a", "b", "c"], [20, 13, 7])
    for stratify in (False, True):
        data = y if stratify else len(y)
        splits = list(repeated_kfold(data, k=5, n_repeats=4, stratify=stratify, seed=9))
        assert len(splits) == 20
        for repeat in range(4):
            _assert_partition(splits[5 * repeat : 5 * repeat + 5], len(y), 5)
        # the repetitions are different random folds
        assert not all(
            np.array_equal(a[1], b[1]) for a, b in zip(splits[:5], splits[5:10], strict=True)
        )
        if stratify:
            for _, test in splits:
                counts = np.array([np.sum(y[test] == c) for c in ("a", "b", "c")])
                assert np.all(np.abs(counts - np.array([20, 13, 7]) / 5) < 1)


def test_leave_one_out_has_n_folds_of_one():
    for n in (2, 3, 17, 60):
        splits = list(leave_one_out(n))
        _assert_partition(splits, n, n)
        assert [test.tolist() for _, test in splits] == [[i] for i in range(n)]
        assert all(len(train) == n - 1 for train, _ in splits)


def test_same_seed_same_splits_other_seed_other_splits():
    y = np.repeat(["a", "b"], [30, 20])

    def tests(generator):
        return [test.tolist() for _, test in generator]

    assert tests(kfold(50, k=5, seed=4)) == tests(kfold(50, k=5, seed=4))
    assert tests(kfold(50, k=5, seed=4)) != tests(kfold(50, k=5, seed=5))
    assert tests(stratified_kfold(y, k=5, seed=4)) == tests(stratified_kfold(y, k=5, seed=4))
    assert tests(stratified_kfold(y, k=5, seed=4)) != tests(stratified_kfold(y, k=5, seed=5))
    assert tests(repeated_kfold(50, n_repeats=2, seed=1)) == tests(
        repeated_kfold(50, n_repeats=2, seed=1)
    )
    assert tests(repeated_holdout(y, stratify=True, seed=2)) == tests(
        repeated_holdout(y, stratify=True, seed=2)
    )
    for function in (holdout, train_val_test_split):
        first, second = function(y, seed=7), function(y, seed=7)
        assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    assert np.array_equal(bootstrap(40, seed=3)[0], bootstrap(40, seed=3)[0])
    assert not np.array_equal(bootstrap(40, seed=3)[0], bootstrap(40, seed=4)[0])
    # a Generator is accepted and advanced
    rng = np.random.default_rng(0)
    assert tests(kfold(20, k=4, seed=rng)) != tests(kfold(20, k=4, seed=rng))


def test_shuffle_false_ignores_the_seed():
    assert [t.tolist() for _, t in kfold(10, k=3, shuffle=False, seed=1)] == [
        [0, 1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
    ]


def test_splits_are_drawn_when_the_function_is_called():
    """Bad arguments fail at the call, not at the first next()."""
    with pytest.raises(ValueError):
        kfold(5, k=6)
    with pytest.raises(ValueError):
        leave_one_out(1)
    with pytest.raises(ValueError):
        repeated_kfold(5, k=6)


# ====================================================================== holdout
def test_handout_stratified_holdout_67_100_33():
    assert stratified_counts([200, 300, 100], fraction=1 / 3).tolist() == [67, 100, 33]
    assert stratified_counts([200, 300, 100], fraction=2 / 3).tolist() == [133, 200, 67]
    y = np.repeat(["A", "B", "C"], [200, 300, 100])
    for seed in range(5):
        train, test = holdout(y, stratify=True, seed=seed)
        assert [np.sum(y[test] == c) for c in "ABC"] == [67, 100, 33]
        assert [np.sum(y[train] == c) for c in "ABC"] == [133, 200, 67]
        _assert_partition([(train, test)], 600, folds=False)


def test_stratified_counts_properties():
    rng = np.random.default_rng(11)
    for _ in range(N_CASES):
        counts = rng.integers(0, 200, size=rng.integers(1, 6))
        if counts.sum() == 0:
            continue
        fraction = float(rng.uniform(0.01, 0.99))
        sample = stratified_counts(counts.tolist(), fraction=fraction)
        total = counts.sum()
        assert abs(sample.sum() - fraction * total) <= 0.5 + 1e-9
        assert np.all(sample <= counts) and np.all(sample >= 0)
        # every class within one of its exact share of the sample
        assert np.all(np.abs(sample - sample.sum() * counts / total) < 1)


def test_holdout_matches_stratified_counts_on_random_data():
    for case, (n, _, y) in enumerate(_random_cases(4, 60)):
        if n < 4:
            continue
        train, test = holdout(y, test_size=0.3, stratify=True, seed=case)
        _assert_partition([(train, test)], n, folds=False)
        classes = list(dict.fromkeys(y.tolist()))  # in order of first appearance
        counts = [int(np.sum(y == c)) for c in classes]
        assert [int(np.sum(y[test] == c)) for c in classes] == stratified_counts(
            counts, fraction=0.3
        ).tolist()


def test_holdout_sizes():
    train, test = holdout(600, seed=0)
    assert (len(train), len(test)) == (400, 200)
    train, test = holdout(10, test_size=0.25, seed=0)
    assert (len(train), len(test)) == (7, 3)  # 2.5 -> tie goes to the test set
    assert len(holdout(3, test_size=0.5)[1]) == 2


def test_train_val_test_split_handout_figures():
    for fractions, sizes in (
        ((0.5, 0.2, 0.3), [300, 120, 180]),
        ((0.4, 0.2, 0.4), [240, 120, 240]),
    ):
        parts = train_val_test_split(600, fractions=fractions, seed=0)
        assert [len(p) for p in parts] == sizes
        everything = np.concatenate(parts)
        assert sorted(everything.tolist()) == list(range(600))
    for n in (7, 10, 33, 101):
        assert sum(len(p) for p in train_val_test_split(n, seed=1)) == n


def test_train_val_test_split_stratified_keeps_shares():
    y = np.repeat(["A", "B", "C"], [200, 300, 100])
    parts = train_val_test_split(y, stratify=True, seed=2)
    table = [[int(np.sum(y[p] == c)) for c in "ABC"] for p in parts]
    assert table == [[100, 150, 50], [40, 60, 20], [60, 90, 30]]


def test_repeated_holdout():
    y = np.repeat(["a", "b"], [40, 20])
    splits = list(repeated_holdout(y, test_size=0.25, n_repeats=6, stratify=True, seed=0))
    assert len(splits) == 6
    for train, test in splits:
        _assert_partition([(train, test)], 60, folds=False)
        assert [int(np.sum(y[test] == c)) for c in "ab"] == [10, 5]
    assert len({tuple(test.tolist()) for _, test in splits}) == 6  # new test sets


# ====================================================================== bootstrap
def test_bootstrap_oob_is_the_complement_of_the_drawn_set():
    rng = np.random.default_rng(5)
    for _ in range(N_CASES):
        n = int(rng.integers(1, 300))
        train, oob = bootstrap(n, seed=rng)
        assert len(train) == n and np.all(np.diff(train) >= 0)
        assert np.array_equal(oob, np.setdiff1d(np.arange(n), train))
    assert bootstrap(1, seed=0)[1].size == 0


def test_bootstrap_oob_share_converges_to_e_inverse():
    """One sample of N = 100 000: the out-of-bag count is a sum of N indicators with
    probability p = (1 − 1/N)^N each, negatively correlated (being missed by the draws makes
    another instance likelier to be drawn), so its variance is at most the binomial
    N·p·(1 − p). Tolerance: 5 binomial standard deviations plus the bias |p − e⁻¹|."""
    n = 100_000
    p = bootstrap_oob_probability(n)
    sigma = math.sqrt(p * (1 - p) / n)
    share = bootstrap(n, seed=2024)[1].size / n
    assert abs(share - E_INV) <= 5 * sigma + abs(p - E_INV)
    assert 5 * sigma + abs(p - E_INV) < 0.01  # the test is not vacuous


@pytest.mark.parametrize("n", [2, 5, 20, 200])
def test_simulated_oob_share_converges_to_the_formula(n):
    """The mean of R simulated shares: variance at most p(1 − p)/(n·R) (see above)."""
    repeats = 20_000 if n < 100 else 2_000
    shares = bootstrap_oob_shares(n, n_resamples=repeats, seed=n)
    p = (1 - 1 / n) ** n
    sigma = math.sqrt(p * (1 - p) / (n * repeats))
    assert abs(shares.mean() - p) <= 5 * sigma
    # the shares are those of bootstrap() samples: multiples of 1/n in [0, 1)
    assert np.allclose(shares * n, np.round(shares * n)) and shares.max() < 1


@pytest.mark.parametrize(("n", "repeats"), [(1, 5), (2, 7), (30, 50), (1000, 3), (7, 400)])
def test_oob_shares_agree_with_bootstrap_samples(n, repeats):
    shares = bootstrap_oob_shares(n, n_resamples=repeats, seed=0)
    again = bootstrap_oob_shares(n, n_resamples=repeats, seed=0)
    assert np.array_equal(shares, again)
    # the same draws, sample by sample: the share of the n instances no draw picked
    draws = np.random.default_rng(0).integers(0, n, size=(repeats, n))
    never_drawn = np.array([n - np.unique(row).size for row in draws])
    assert np.array_equal(np.round(shares * n).astype(int), never_drawn)
    assert np.array_equal(shares, never_drawn / n)


def test_oob_probability_formula():
    for n in range(1, 200):
        assert bootstrap_oob_probability(n) == pytest.approx((1 - 1 / n) ** n, rel=1e-12)
    values = bootstrap_oob_probability(np.arange(1, 1000))
    assert np.all(np.diff(values) > 0) and values[-1] < E_INV
    assert bootstrap_oob_probability(10**12) == pytest.approx(E_INV, abs=1e-12)
    assert round(bootstrap_oob_probability(10**6), 3) == 0.368
    assert bootstrap_oob_probability([[1, 2], [4, 5]]).shape == (2, 2)


def test_repeated_bootstrap():
    samples = list(repeated_bootstrap(25, n_resamples=7, seed=1))
    assert len(samples) == 7
    for train, oob in samples:
        assert len(train) == 25 and np.array_equal(oob, np.setdiff1d(np.arange(25), train))


def test_error_632():
    assert error_632(0.5, 0.0) == pytest.approx(0.316)
    assert error_632(0.25, 0.05) == pytest.approx(0.632 * 0.25 + 0.368 * 0.05)
    assert WEIGHT_632 == 0.632
    assert np.allclose(error_632([0.5, 0.2], [0.1, 0.3]), [0.3528, 0.2368])
    assert error_632(1, 1) == pytest.approx(1.0)


# ====================================================================== cross_validate
MODELS = [
    DecisionTreeClassifier(random_state=0),
    DecisionTreeClassifier(max_depth=2, random_state=1),
    KNeighborsClassifier(n_neighbors=3),
    GaussianNB(),
    KNeighborsClassifier(n_neighbors=5, weights="distance"),
]


@pytest.mark.slow
def test_cross_validate_agrees_with_cross_val_score():
    rng = np.random.default_rng(6)
    cases = 0
    for case in range(40):
        n = int(rng.integers(30, 90))
        n_classes = int(rng.integers(2, 4))
        y = rng.integers(0, n_classes, size=n)
        X = rng.normal(size=(n, 3)) + y[:, None] * rng.uniform(0, 2)
        k = int(rng.integers(2, 8))
        splits = _quiet(lambda: list(stratified_kfold(y, k=k, seed=case)))  # noqa: B023
        model = MODELS[case % len(MODELS)]
        mine = cross_validate(model, X, y, splits, progress=False)
        reference = cross_val_score(clone(model), X, y, cv=splits, scoring="accuracy")
        np.testing.assert_allclose(mine["accuracy"].to_numpy(), reference, rtol=0, atol=1e-12)
        assert mine["n_test"].tolist() == [len(t) for _, t in splits]
        cases += 1
    assert cases == 40


def test_cross_validate_other_metric_train_score_and_dataframes():
    rng = np.random.default_rng(7)
    X = pd.DataFrame(rng.normal(size=(60, 2)), columns=["x1", "x2"])
    y = pd.Series(np.where(X.x1 + 0.3 * rng.normal(size=60) > 0, "sim", "não"))
    splits = list(kfold(60, k=6, seed=0))
    model = DecisionTreeClassifier(max_depth=3, random_state=0)
    table = cross_validate(
        model, X, y, splits, metric=error_rate, return_train_score=True, progress=False
    )
    assert list(table.columns) == ["n_train", "n_test", "error_rate", "train_error_rate"]
    assert table.index.name == "split" and len(table) == 6
    accuracies = cross_val_score(model, X, y, cv=splits)
    np.testing.assert_allclose(table["error_rate"], 1 - accuracies, atol=1e-12)
    for (train, _), value in zip(splits, table["train_error_rate"], strict=True):
        fitted = clone(model).fit(X.iloc[train], y.iloc[train])
        assert value == pytest.approx(np.mean(fitted.predict(X.iloc[train]) != y.iloc[train]))
    assert not hasattr(model, "tree_")  # the model passed in is never fitted


def test_cross_validate_progress_bar(capsys, monkeypatch):
    X = np.arange(40.0)[:, None]
    y = (np.arange(40) >= 20).astype(int)
    model = DummyClassifier()
    cross_validate(model, X, y, kfold(40, k=4, seed=0), progress=False)
    assert capsys.readouterr() == ("", "")
    cross_validate(model, X, y, kfold(40, k=4, seed=0))  # None: few splits, no bar
    assert capsys.readouterr().err == ""
    cross_validate(model, X, y, kfold(40, k=4, seed=0), progress=True)
    err = capsys.readouterr().err
    # tqdm's text, labelled with the model, counts only (no timings): the same on every run
    frames = err.rstrip("\n").split("\r")[1:]
    assert frames[0] == "cross-validation: DummyClassifier:   0%|          | 0/4"
    assert frames[-1] == "cross-validation: DummyClassifier: 100%|██████████| 4/4"
    cross_validate(model, X, y, kfold(40, k=4, seed=0), progress=True)
    assert capsys.readouterr().err == err
    with config_context(language="pt"):  # the label speaks the display language
        cross_validate(model, X, y, kfold(40, k=4, seed=0), progress=True)
    frames = capsys.readouterr().err.rstrip("\n").split("\r")[1:]
    assert frames[-1] == "validação cruzada: DummyClassifier: 100%|██████████| 4/4"
    cross_validate(model, X, y, kfold(40, k=4, seed=0), progress=True, description="árvore")
    assert capsys.readouterr().err.rstrip().endswith("árvore: 100%|██████████| 4/4")
    # None: from 50 splits on, and only when someone watches (not in a log, not under pytest)
    cross_validate(model, X, y, repeated_kfold(40, k=5, n_repeats=10, seed=0))  # 50 splits
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    cross_validate(model, X, y, repeated_kfold(40, k=4, n_repeats=12, seed=0))  # 48 splits
    assert capsys.readouterr().err == ""
    cross_validate(model, X, y, repeated_kfold(40, k=5, n_repeats=10, seed=0))  # 50 splits
    assert capsys.readouterr().err.rstrip().endswith("| 50/50")


def test_cross_validate_progress_names_the_model_of_a_pipeline(capsys):
    """Lesson 08 showed two identical bars cut to "cross-vali…": each says its model."""
    X = np.arange(40.0)[:, None]
    y = (np.arange(40) >= 20).astype(int)
    pipeline = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=3))
    cross_validate(pipeline, X, y, kfold(40, k=4, seed=0), progress=True)
    assert "cross-validation: KNeighborsClassifier: 100%" in capsys.readouterr().err
    with pytest.raises(TypeError, match="description must be a string"):
        cross_validate(pipeline, X, y, kfold(40, k=4, seed=0), description=1)


def test_leave_one_out_worst_case_is_100_percent_error():
    """Handout 001: random data, two equal classes, a majority-class predictor."""
    rng = np.random.default_rng(8)
    n = 40
    X = rng.normal(size=(n, 4))
    y = np.repeat(["A", "B"], n // 2)
    table = cross_validate(
        DummyClassifier(strategy="most_frequent"), X, y, leave_one_out(n), metric=error_rate
    )
    assert table["error_rate"].tolist() == [1.0] * n
    # with stratified 10-fold the same predictor has the expected 50%
    table = cross_validate(
        DummyClassifier(strategy="most_frequent"),
        X,
        y,
        stratified_kfold(y, k=10, seed=0),
        metric=error_rate,
    )
    assert table["error_rate"].mean() == 0.5


def test_632_worst_case_is_about_31_6_percent():
    """A memorising classifier (1-NN) on random labels: train error 0, out-of-bag ≈ 0.5."""
    rng = np.random.default_rng(9)
    n = 200
    X = rng.normal(size=(n, 3))
    y = rng.permutation(np.repeat([0, 1], n // 2))
    table = cross_validate(
        KNeighborsClassifier(n_neighbors=1),
        X,
        y,
        repeated_bootstrap(n, n_resamples=30, seed=0),
        metric=error_rate,
        return_train_score=True,
        progress=False,
    )
    assert table["train_error_rate"].max() == 0.0
    test_error = table["error_rate"].mean()
    # 30 samples of about 74 out-of-bag instances each: σ ≈ √(0.25 / 2200) ≈ 0.011
    assert abs(test_error - 0.5) < 0.06
    estimate = error_632(table["error_rate"].to_numpy(), table["train_error_rate"].to_numpy())
    assert abs(estimate.mean() - 0.316) < 0.04


def test_split_roles():
    roles = split_roles(list(kfold(6, k=3, shuffle=False)), n=6)
    assert roles.tolist() == [[2, 2, 1, 1, 1, 1], [1, 1, 2, 2, 1, 1], [1, 1, 1, 1, 2, 2]]
    train, oob = bootstrap(10, seed=0)
    (row,) = split_roles([(train, oob)], n=10)
    assert np.array_equal(np.flatnonzero(row == 2), oob)
    assert np.array_equal(np.flatnonzero(row == 1), np.unique(train))
    assert np.all(row > 0)


# ====================================================================== bad input
BAD_CALLS = [
    (lambda: kfold(10, k=1), ValueError, "k must be at least 2"),
    (lambda: kfold(10, k=11), ValueError, "k=11 is larger than the number of instances n=10"),
    (lambda: kfold(10, k=2.5), TypeError, "k must be a whole number"),
    (lambda: kfold(0, k=2), ValueError, "n must be at least 2"),
    (lambda: kfold(10, k=True), TypeError, "k must be a whole number"),
    (lambda: kfold(10, k=3, shuffle="yes"), TypeError, "shuffle must be True or False"),
    (lambda: kfold(10, k=3, seed=-1), ValueError, "seed must be a non-negative int"),
    (lambda: kfold(10, k=3, seed=1.5), TypeError, "seed must be None"),
    (lambda: stratified_kfold(["a", "b"] * 3, k=4), ValueError, "every class"),
    (lambda: stratified_kfold([], k=2), ValueError, "y is empty"),
    (lambda: stratified_kfold(["a", None, "b"], k=2), ValueError, "y contains a missing"),
    (lambda: stratified_kfold("abc", k=2), TypeError, "y must be a sequence"),
    (lambda: repeated_kfold(10, k=2, n_repeats=0), ValueError, "n_repeats must be at least 1"),
    (lambda: repeated_kfold(10, stratify=True), ValueError, "stratify=True needs the class"),
    (lambda: leave_one_out(1), ValueError, "n must be at least 2"),
    (lambda: leave_one_out(0), ValueError, "n must be at least 2"),
    (lambda: leave_one_out(3.0), TypeError, "n must be a whole number"),
    (lambda: bootstrap(0), ValueError, "n must be at least 1"),
    (lambda: bootstrap(-3), ValueError, "n must be at least 1"),
    (lambda: bootstrap("10"), TypeError, "n must be a whole number"),
    (lambda: repeated_bootstrap(1), ValueError, "n must be at least 2"),
    (lambda: bootstrap_oob_probability(0), ValueError, "n must be at least 1"),
    (lambda: bootstrap_oob_probability([3, 0.5]), TypeError, "n must be a whole number"),
    (lambda: bootstrap_oob_shares(10, n_resamples=0), ValueError, "n_resamples must be at least 1"),
    (
        lambda: train_val_test_split(100, fractions=(0.5, 0.2, 0.2)),
        ValueError,
        "fractions must add up to 1",
    ),
    (
        lambda: train_val_test_split(100, fractions=(0.5, 0.5)),
        ValueError,
        "fractions must have 3 entries",
    ),
    (
        lambda: train_val_test_split(100, fractions=(1.2, -0.1, -0.1)),
        ValueError,
        "greater than 0",
    ),
    (lambda: train_val_test_split(100, fractions="abc"), TypeError, "fractions must be"),
    (lambda: train_val_test_split(2, seed=0), ValueError, "set would be empty"),
    (lambda: train_val_test_split(0), ValueError, "y_or_n must be at least 1"),
    (lambda: train_val_test_split(2.5), TypeError, "y_or_n must be a number of instances"),
    (lambda: holdout(1), ValueError, "set would be empty"),
    (lambda: holdout(10, test_size=1.0), ValueError, "test_size must be strictly between"),
    (lambda: holdout(10, test_size=0), ValueError, "test_size must be strictly between"),
    (lambda: holdout(10, test_size="1/3"), TypeError, "test_size must be a number"),
    (lambda: holdout(10, stratify=True), ValueError, "stratify=True needs the class"),
    (lambda: holdout(10, stratify="yes"), TypeError, "stratify must be True or False"),
    (lambda: repeated_holdout(10, n_repeats=0), ValueError, "n_repeats must be at least 1"),
    (lambda: stratified_counts([200, 300], fraction=1.5), ValueError, "fraction must be"),
    (lambda: stratified_counts([200, -1], fraction=0.5), ValueError, "must not be negative"),
    (lambda: stratified_counts([], fraction=0.5), ValueError, "class_counts is empty"),
    (lambda: stratified_counts([0, 0], fraction=0.5), ValueError, "all 0"),
    (lambda: stratified_counts([2.5, 3], fraction=0.5), TypeError, "whole numbers"),
    (lambda: stratified_counts(10, fraction=0.5), TypeError, "class_counts must be a sequence"),
    (lambda: error_632(1.5, 0.0), ValueError, "test_error must be an error rate"),
    (lambda: error_632(0.5, math.nan), ValueError, "train_error must be an error rate"),
    (lambda: error_632("0.5", 0.0), TypeError, "test_error must be an error rate"),
    (lambda: error_632([0.5, 0.4], [0.1]), ValueError, "different shapes"),
    (lambda: split_roles([([0, 1], [5])], n=3), ValueError, "positions 0..2"),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_CALLS, ids=[m for *_, m in BAD_CALLS])
def test_bad_input_is_rejected_naming_the_argument(call, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(".", r"\.")):
        call()


def test_stratified_kfold_warns_for_a_small_class():
    y = ["a"] * 10 + ["b"] * 3
    with pytest.warns(UserWarning, match=r"fewer than k=5 instances \{'b': 3\}"):
        splits = list(stratified_kfold(y, k=5, seed=0))
    _assert_partition(splits, 13, 5)


@pytest.mark.parametrize(
    "call",
    [
        lambda y: stratified_kfold(y, k=5),
        lambda y: repeated_kfold(y, k=5, n_repeats=2, stratify=True),
    ],
    ids=["stratified_kfold", "repeated_kfold"],
)
def test_the_small_class_warning_points_at_the_caller(call):
    with pytest.warns(UserWarning, match="fewer than k=5") as record:
        call(["a"] * 10 + ["b"] * 3)
    assert record[0].filename == __file__


X_SMALL = np.arange(20.0)[:, None]
Y_SMALL = np.repeat(["a", "b"], 10)
SPLITS_SMALL = [(np.arange(10, 20), np.arange(10))]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"model": "tree"}, TypeError, "model must be an estimator"),
        ({"X": X_SMALL[:15]}, ValueError, "X has 15 rows, y has 20"),
        ({"splits": 5}, TypeError, "splits must be an iterable"),
        ({"splits": []}, ValueError, "splits is empty"),
        ({"splits": [(np.arange(5), np.array([], dtype=int))]}, ValueError, "test set of split 0"),
        ({"splits": [(np.arange(5), np.array([0.5]))]}, TypeError, "integer positions"),
        ({"splits": [(np.arange(5), np.array([25]))]}, ValueError, "positions 0..19"),
        ({"splits": [np.arange(5)]}, TypeError, "split 0 must be a"),
        ({"metric": "accuracy"}, TypeError, "metric must be a function"),
        ({"progress": "yes"}, TypeError, "progress must be True, False or None"),
        ({"return_train_score": 1}, TypeError, "return_train_score must be True or False"),
    ],
    ids=lambda value: str(value)[:40],
)
def test_cross_validate_bad_input(kwargs, error, message):
    arguments = {
        "model": DummyClassifier(),
        "X": X_SMALL,
        "y": Y_SMALL,
        "splits": SPLITS_SMALL,
    }
    arguments.update(kwargs)
    options = {
        name: arguments.pop(name)
        for name in ("metric", "progress", "return_train_score")
        if name in arguments
    }
    with pytest.raises(error, match=message.replace("(", r"\(").replace(".", r"\.")):
        cross_validate(*arguments.values(), **options)


# ---------------------------------------------------------------------- arguments named
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: holdout([1, "1", 1, "1"], stratify=True), TypeError, "y_or_n mixes labels"),
        (lambda: list(stratified_kfold([1, "1", 1, "1"], k=2)), TypeError, "y mixes labels"),
        (
            lambda: stratified_counts([2**62, 2**62], fraction=0.5),
            ValueError,
            r"more than the limit of 2\*\*53",
        ),
        (lambda: holdout([[1, 2], [3]]), ValueError, "y_or_n must be a flat sequence"),
        (
            lambda: train_val_test_split(10, fractions=[[0.5], [0.2, 0.3]]),
            ValueError,
            "fractions must be a flat sequence",
        ),
        (lambda: bootstrap_oob_probability([[1], [2, 3]]), ValueError, "n must be a flat"),
    ],
)
def test_bad_inputs_name_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---------------------------------------------------------------------- mappings {name: count}
def test_stratified_counts_takes_a_mapping_and_keeps_the_class_names():
    expected = stratified_counts([200, 300, 100], fraction=1 / 3).tolist()
    assert stratified_counts({"A": 200, "B": 300, "C": 100}, fraction=1 / 3) == {
        "A": 67,
        "B": 100,
        "C": 33,
    }
    assert list(stratified_counts({"C": 100, "A": 200, "B": 300}, fraction=1 / 3)) == [
        "C",
        "A",
        "B",
    ]  # the mapping's order, as given
    counter = collections.Counter(["A"] * 200 + ["B"] * 300 + ["C"] * 100)
    assert stratified_counts(counter, fraction=1 / 3) == dict(zip("ABC", expected, strict=True))
    y = pd.Series(["A"] * 200 + ["B"] * 300 + ["C"] * 100, name="classe")
    by_class = stratified_counts(y.value_counts(), fraction=1 / 3)
    assert isinstance(by_class, pd.Series) and by_class.name == "count"
    assert by_class.to_dict() == {"B": 100, "A": 67, "C": 33}


def test_stratified_counts_mapping_agrees_with_the_sequence_on_random_counts():
    rng = np.random.default_rng(11)
    for _ in range(200):
        counts = rng.integers(0, 50, size=rng.integers(1, 6)).tolist()
        if sum(counts) == 0:
            continue
        fraction = float(rng.uniform(0.05, 0.95))
        names = [f"c{i}" for i in range(len(counts))]
        mapped = stratified_counts(dict(zip(names, counts, strict=True)), fraction=fraction)
        assert list(mapped.values()) == stratified_counts(counts, fraction=fraction).tolist()


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        ({"A": 2.5, "B": 3}, TypeError, "class_counts must hold whole numbers; got float 2.5"),
        ({"A": -1, "B": 3}, ValueError, "must not be negative"),
        ({}, ValueError, "class_counts is empty"),
        ({"A": 0, "B": 0}, ValueError, "all 0"),
        ({"A": True, "B": 3}, TypeError, "whole numbers; got bool"),
    ],
)
def test_stratified_counts_mapping_bad_values(counts, error, message):
    with pytest.raises(error, match=message):
        stratified_counts(counts, fraction=0.5)
