"""The exact permutation distribution of Friedman's statistic, for few datasets.

Under the null hypothesis of Friedman's test the k algorithms are exchangeable on each
dataset: every ordering of a dataset's ranks among the algorithms is equally likely, and the
datasets are independent. The statistic grows with ``S = Σ_j T_j²``, the sum of the squared
rank sums ``T_j`` of the algorithms (the tie correction depends only on the ties within each
dataset, which no reordering changes), so the exact p-value is ``P(S ≥ S_observed)`` over
the ``(k!)^N`` equally likely tables.

Enumerating the tables one by one is out of reach beyond a few datasets (24⁴ = 331 776 for
four algorithms on four datasets; 120¹⁰ ≈ 6·10²⁰ for Demšar's limit of five algorithms on ten
datasets). The datasets are added one at a time instead, keeping the distribution of the
vector of rank sums. That distribution is symmetric in the algorithms (any relabelling of
the algorithms leaves it unchanged), so only the rank sums sorted in increasing order need
to be kept, with their probability: a few thousand states where the tables are counted in
the billions.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from evalbook._checks import check_size

__all__ = ["friedman_exact_p_value"]

_FUNCTION = "friedman(method='exact')"


def _merge(states: np.ndarray, probabilities: np.ndarray):
    """Sum the probabilities of equal (sorted) rows of ``states``."""
    k = states.shape[1]
    base = int(states.max()) + 1
    if base**k < 2**62:  # one integer per row: much faster than unique rows
        keys = states @ (base ** np.arange(k, dtype=np.int64))
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(states, axis=0, return_index=True, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=probabilities, minlength=first.size)
    return states[first], merged


def friedman_exact_p_value(ranks) -> float:
    """``P(S ≥ S_observed)`` for a table of within-dataset ranks (rows = datasets).

    ``ranks`` holds, on each row, the ranks of the k algorithms on that dataset (ties as
    average ranks, so every rank is a multiple of 1/2). The tables obtained by reordering
    each row independently are equally likely under the null hypothesis; the result is
    the share of them whose ``S = Σ_j T_j²`` is at least the observed one.

    Examples
    --------
    >>> p = friedman_exact_p_value([[1, 2, 3], [1, 2, 3], [1, 2, 3]])  # 6 of the 6³ tables
    >>> round(p * 6**3, 9)
    6.0
    """
    doubled = np.rint(2 * np.asarray(ranks, dtype=float)).astype(np.int64)
    k = doubled.shape[1]
    check_size(_FUNCTION, orderings=math.factorial(k), algorithms=k)
    orderings = np.array(list(itertools.permutations(range(k))), dtype=np.int64)
    observed = int(np.sum(doubled.sum(axis=0) ** 2))
    states = np.zeros((1, k), dtype=np.int64)
    probabilities = np.ones(1)
    for row in doubled:
        moves, counts = np.unique(row[orderings], axis=0, return_counts=True)
        check_size(_FUNCTION, states=states.shape[0], orderings=moves.shape[0], algorithms=k)
        grown = (states[:, None, :] + moves[None, :, :]).reshape(-1, k)
        grown.sort(axis=1)
        weights = (probabilities[:, None] * (counts / counts.sum())[None, :]).ravel()
        states, probabilities = _merge(grown, weights)
    statistics = np.sum(states**2, axis=1)
    return float(min(1.0, probabilities[statistics >= observed].sum()))
