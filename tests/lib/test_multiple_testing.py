"""evalbook.adjust_p_values: Holm's step-down and Bonferroni's correction.

- against ``statsmodels.stats.multitest.multipletests`` on hundreds of random families
  (sizes 1 to 30, p-values spread over (0, 1) and crowded near 0, with ties);
- against Holm's procedure written out as its sequence of comparisons with α/(m − i);
- the values a lesson reads (the six pairwise tests of lesson 10);
- bad input, with messages naming the argument.
"""

from __future__ import annotations

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from evalbook import AdjustedPValues, adjust_p_values


def _random_families(count: int, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        m = int(rng.integers(1, 31))
        p = rng.uniform(size=m) ** rng.choice([1.0, 3.0, 8.0])  # many small ones too
        if m > 2 and rng.uniform() < 0.3:
            p[: m // 2] = p[0]  # ties
        yield p


@pytest.mark.slow
@pytest.mark.parametrize(("method", "families"), [("holm", 100), ("bonferroni", 400)])
def test_against_statsmodels_on_random_families(method, families):
    # statsmodels' Holm branch runs a full garbage collection (gc.collect()) on every call,
    # which walks every live object of a long test process: fewer families for it; Holm's
    # own written-out test below covers 300 more.
    for p in _random_families(families, seed=0 if method == "holm" else 1):
        alpha = 0.05
        reject, corrected, _, _ = multipletests(p, alpha=alpha, method=method)
        ours = adjust_p_values(p, method=method, alpha=alpha)
        np.testing.assert_allclose(ours.p_values, corrected, rtol=1e-12, atol=0)
        away = np.abs(corrected - alpha) > 1e-9  # a value at α itself is a rounding tie
        assert np.array_equal(ours.significant[away], reject[away])


def test_holm_is_its_sequence_of_comparisons_written_out():
    """Reject p_(1) < α/m, then p_(2) < α/(m − 1), ... and stop at the first that is not."""
    for p in _random_families(300, seed=2):
        for alpha in (0.01, 0.05, 0.2):
            m = p.size
            order = np.argsort(p, kind="stable")
            expected = np.zeros(m, dtype=bool)
            for step, index in enumerate(order):
                if p[index] > alpha / (m - step):
                    break
                expected[index] = True
            assert np.array_equal(adjust_p_values(p, alpha=alpha).significant, expected)


def test_holm_rejects_everything_bonferroni_rejects_and_is_never_above_it():
    for p in _random_families(300, seed=3):
        holm, bonferroni = adjust_p_values(p), adjust_p_values(p, method="bonferroni")
        assert np.all(holm.p_values <= bonferroni.p_values + 1e-15)
        assert np.all(holm.significant | ~bonferroni.significant)
        assert np.all(holm.p_values >= p) and np.all(holm.p_values <= 1)


def test_the_six_pairwise_tests_of_lesson_10():
    """Corrected t-tests of four algorithms: only the smallest p-value survives Holm."""
    p = [0.0687, 0.4772, 0.1199, 0.0065, 0.4268, 0.0464]
    holm = adjust_p_values(p)
    assert isinstance(holm, AdjustedPValues)
    np.testing.assert_allclose(
        holm.p_values, [0.2748, 0.8536, 0.3597, 0.039, 0.8536, 0.232], rtol=1e-12
    )
    assert holm.significant.tolist() == [False, False, False, True, False, False]
    assert (holm.method, holm.alpha) == ("holm", 0.05)


def test_one_test_is_left_as_it_is():
    single = adjust_p_values([0.03])
    assert single.p_values.tolist() == [0.03] and single.significant.tolist() == [True]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"p_values": []}, ValueError, "p_values is empty"),
        ({"p_values": [0.1, 1.2]}, ValueError, r"p_values contains 1\.2 at position 1"),
        ({"p_values": [0.1, -0.01]}, ValueError, "must lie in"),
        ({"p_values": [0.1, float("nan")]}, ValueError, "p_values contains nan"),
        ({"p_values": ["0.1"]}, TypeError, "p_values must hold real numbers"),
        ({"p_values": [True, False]}, TypeError, "p_values must hold numbers, not booleans"),
        ({"p_values": 0.05}, TypeError, "p_values must be a sequence"),
        ({"p_values": [0.1], "method": "hochberg"}, ValueError, "method must be 'holm' or"),
        ({"p_values": [0.1], "alpha": 1.5}, ValueError, "alpha"),
    ],
)
def test_bad_input_names_the_argument(kwargs, error, message):
    p_values = kwargs.pop("p_values")
    with pytest.raises(error, match=message):
        adjust_p_values(p_values, **kwargs)
