"""friedman(method="exact"): the exact permutation p-value of Friedman's statistic.

- against full enumeration of the (k!)^N tables of reorderings, with the statistic written
  out, on random tables with and without ties;
- against the exact values published by Friedman (1937) and in Siegel & Castellan's table;
- against ``scipy.stats.friedmanchisquare`` (the χ² approximation) for many datasets, where
  the two must agree;
- the value lesson 10 reads (four algorithms on four datasets);
- sizes too large to enumerate are refused before anything is allocated.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats

from evalbook import friedman
from evalbook.inference._comparison import friedman_exact_p_value


def _chi2_f(ranks: np.ndarray) -> float:
    """Friedman's χ²_F written out (Demšar 2006, eq. 4) with scipy's tie correction."""
    n, k = ranks.shape
    average = ranks.mean(axis=0)
    counts = (np.unique(r, return_counts=True)[1] for r in ranks)
    ties = sum(float(np.sum(c**3 - c)) for c in counts)
    plain = 12 * n / (k * (k + 1)) * (np.sum(average**2) - k * (k + 1) ** 2 / 4)
    return plain / (1 - ties / (n * k * (k**2 - 1)))


def _enumerated_p_value(scores: np.ndarray) -> float:
    """Every reordering of every row: all (k!)^N tables, each with its χ²_F written out."""
    ranks = stats.rankdata(-scores, axis=1)
    n, k = ranks.shape
    observed = _chi2_f(ranks)
    orderings = np.array(list(itertools.permutations(range(k))))
    reordered = ranks[:, orderings]  # (N, k!, k): row i under each ordering
    choice = np.array(list(itertools.product(range(len(orderings)), repeat=n)))  # (k!^N, N)
    tables = reordered[np.arange(n), choice]  # (k!^N, N, k)
    counts = (np.unique(r, return_counts=True)[1] for r in ranks)
    ties = sum(float(np.sum(c**3 - c)) for c in counts)
    average = tables.mean(axis=1)
    plain = 12 * n / (k * (k + 1)) * (np.sum(average**2, axis=1) - k * (k + 1) ** 2 / 4)
    statistics = plain / (1 - ties / (n * k * (k**2 - 1)))
    assert statistics.size == len(orderings) ** n
    assert np.isclose(statistics[0], _chi2_f(ranks[:, orderings[0]]))
    return float(np.mean(statistics >= observed - 1e-9))


@pytest.mark.parametrize(
    ("n", "k", "ties"),
    [
        (3, 3, False),
        (4, 3, True),
        (3, 4, False),
        (2, 4, True),
        (6, 3, True),
        (2, 5, False),
        (4, 4, True),
    ],
)
def test_against_full_enumeration(n, k, ties):
    rng = np.random.default_rng(10 * n + k)
    for _ in range(3 if math.factorial(k) ** n < 50_000 else 1):
        scores = rng.integers(0, 3 if ties else 1000, size=(n, k)).astype(float)
        if np.all(scores == scores[:, :1]):
            continue
        exact = friedman(scores, method="exact")
        assert exact.p_value == pytest.approx(_enumerated_p_value(scores), abs=1e-12)
        assert exact.statistic == pytest.approx(friedman(scores).statistic)
        assert exact.method == "exact"


@pytest.mark.parametrize(
    ("n", "statistic", "p_value"),
    [  # k = 3: Friedman (1937), Table V; Siegel & Castellan (1988), Table M
        (3, 6.0, 0.028),
        (3, 4.667, 0.194),
        (4, 6.5, 0.042),
        (4, 8.0, 0.0046),
        (5, 6.4, 0.039),
        (5, 8.4, 0.0085),
    ],
)
def test_the_published_exact_values_for_three_algorithms(n, statistic, p_value):
    # a table without ties whose χ²_F is the published one: search the rank tables
    for rows in itertools.product(itertools.permutations([1, 2, 3]), repeat=n):
        ranks = np.array(rows, dtype=float)
        if abs(_chi2_f(ranks) - statistic) < 1e-3:
            break
    result = friedman(-ranks, method="exact")
    assert result.statistic == pytest.approx(statistic, abs=1e-3)
    assert round(result.p_value, 4 if p_value < 0.01 else 3) == p_value


def test_close_to_the_chi2_approximation_with_many_datasets():
    rng = np.random.default_rng(5)
    for k, n in ((3, 40), (3, 60), (4, 25)):
        scores = rng.normal(size=(n, k)) + np.linspace(0, 0.5, k)
        exact = friedman(scores, method="exact").p_value
        approximate = stats.friedmanchisquare(*scores.T).pvalue
        assert exact == pytest.approx(approximate, abs=0.01)


def test_the_four_datasets_of_lesson_10():
    scores = [
        [0.9400, 0.9400, 0.9600, 0.9533],
        [0.9889, 0.8941, 0.9722, 0.9778],
        [0.9631, 0.9191, 0.9701, 0.9368],
        [0.9650, 0.8626, 0.9788, 0.8425],
    ]
    chi2, exact = friedman(scores), friedman(scores, method="exact")
    assert round(chi2.p_value, 4) == 0.1079 and chi2.method == "chi2"
    assert exact.p_value == pytest.approx(34272 / 24**4, rel=1e-12)  # 0.1033
    assert exact.average_ranks.tolist() == chi2.average_ranks.tolist()


def test_the_largest_table_demsar_recommends_it_for_is_computed():
    rng = np.random.default_rng(7)
    scores = rng.normal(size=(10, 5))
    exact = friedman(scores, method="exact").p_value
    assert 0 < exact <= 1
    assert exact == pytest.approx(stats.friedmanchisquare(*scores.T).pvalue, abs=0.05)


def test_perfect_agreement_is_one_table_in_k_factorial_to_the_n_minus_1():
    scores = np.tile([4.0, 3.0, 2.0, 1.0], (4, 1))
    assert friedman(scores, method="exact").p_value == pytest.approx(24 / 24**4)
    assert friedman_exact_p_value(np.tile([1, 2, 3], (3, 1))) == pytest.approx(6 / 6**3)


def test_sizes_that_would_not_fit_are_refused_before_allocating():
    with pytest.raises(ValueError, match=r"friedman\(method='exact'\).*limit"):
        friedman(np.random.default_rng(0).normal(size=(3, 12)), method="exact")
    with pytest.raises(ValueError, match=r"friedman\(method='exact'\).*limit"):
        friedman(np.random.default_rng(0).normal(size=(30, 8)), method="exact")


def test_method_must_be_known():
    with pytest.raises(ValueError, match="method must be 'chi2' or 'exact'"):
        friedman([[1, 2, 3], [3, 2, 1]], method="permutation")
