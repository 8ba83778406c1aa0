"""brier_score_loss, calibration_curve, expected_calibration_error: values and bad input.

Cross-checked against scikit-learn (Brier score, calibration curve) and a loop over uniform
bins, on many random inputs: probabilities on the bin edges, near 0 and 1, a single class.
"""

import numpy as np
import pytest
from sklearn.calibration import calibration_curve as sk_calibration_curve
from sklearn.metrics import brier_score_loss as sk_brier_score_loss

from evalbook.metrics import brier_score_loss, calibration_curve, expected_calibration_error


def test_brier_of_constant_forecasts():
    y = ["p"] * 3 + ["n"] * 7
    assert brier_score_loss(y, [0.3] * 10, positive="p") == pytest.approx(0.3 * 0.7)
    assert brier_score_loss(y, [0.5] * 10, positive="p") == pytest.approx(0.25)
    assert brier_score_loss(y, [1.0] * 3 + [0.0] * 7, positive="p") == 0.0


def test_calibration_curve_bins_and_edges():
    y = [1, 0, 1, 1, 0, 0, 1, 0]
    p = [0.0, 0.1, 0.1, 0.5, 0.5, 0.55, 0.9, 1.0]
    table = calibration_curve(y, p, positive=1, bins=2)
    # (0, 0.5] with 0 included holds the first five; (0.5, 1] the last three
    assert table["count"].tolist() == [5, 3]
    assert table["fraction_positive"].tolist() == [pytest.approx(3 / 5), pytest.approx(1 / 3)]
    assert table["mean_predicted"].tolist() == [pytest.approx(1.2 / 5), pytest.approx(2.45 / 3)]


def test_empty_bins_are_left_out_and_quantile_bins_balance():
    rng = np.random.default_rng(0)
    p = rng.random(1000) ** 3  # mostly small probabilities
    y = (rng.random(1000) < p).astype(int)
    uniform = calibration_curve(y, p, positive=1, bins=10)
    quantile = calibration_curve(y, p, positive=1, bins=10, strategy="quantile")
    assert uniform["count"].max() > 400
    assert quantile["count"].tolist() == [100] * 10
    # drawn from the probabilities themselves: calibrated, a small ECE
    assert expected_calibration_error(y, p, positive=1) < 0.05


def test_ece_of_an_overconfident_model():
    y = [1, 0] * 50
    assert expected_calibration_error(y, [0.9] * 100, positive=1) == pytest.approx(0.4)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (
            lambda: brier_score_loss([1, 0], [0.2, 1.2], positive=1),
            ValueError,
            "y_proba .*1.2",
        ),
        (lambda: brier_score_loss([1, 0], [0.2, -0.1], positive=1), ValueError, "position 1"),
        (lambda: brier_score_loss([1, 0], [0.2], positive=1), ValueError, "y_proba"),
        (lambda: brier_score_loss([1, 0], ["a", "b"], positive=1), TypeError, "y_proba"),
        (lambda: brier_score_loss([1, 0], [0.1, 0.2], positive="1"), ValueError, "positive='1'"),
        (lambda: calibration_curve([1, 0], [0.1, 0.2], positive=1, bins=0), ValueError, "bins"),
        (lambda: calibration_curve([1, 0], [0.1, 0.2], positive=1, bins=2.5), TypeError, "bins"),
        (
            lambda: calibration_curve([1, 0], [0.1, 0.2], positive=1, strategy="equal"),
            ValueError,
            "strategy",
        ),
        (
            lambda: expected_calibration_error([1, 0], [0.1, 0.2], positive=1, bins=10**9),
            ValueError,
            "bins",
        ),
    ],
)
def test_bad_input_is_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------------- against scikit-learn
CASES = 200
TOL = 1e-12


def _probability_case(rng, binary_case):
    y, _ = binary_case(rng)
    n = y.size
    kind = rng.integers(3)
    if kind == 0:
        p = np.round(rng.random(n), 1)  # values on the uniform bin edges
    elif kind == 1:
        p = rng.beta(0.5, 0.5, size=n)
    else:
        p = rng.integers(0, 3, size=n) / 2  # 0, 0.5 and 1 only
    return y, p


def test_brier_and_calibration_curve_match_sklearn(binary_case):
    rng = np.random.default_rng(3)
    for _ in range(CASES):
        y, p = _probability_case(rng, binary_case)
        expected = sk_brier_score_loss(y, p, pos_label="pos")
        assert brier_score_loss(y, p, positive="pos") == pytest.approx(expected, abs=TOL)
        if np.unique(y).size < 2:
            continue  # sklearn's calibration_curve refuses a single class; ours accepts it
        bins = int(rng.integers(1, 13))
        for strategy in ("uniform", "quantile"):
            table = calibration_curve(y, p, positive="pos", bins=bins, strategy=strategy)
            true, predicted = sk_calibration_curve(
                y, p, pos_label="pos", n_bins=bins, strategy=strategy
            )
            np.testing.assert_allclose(table["fraction_positive"], true, rtol=0, atol=TOL)
            np.testing.assert_allclose(table["mean_predicted"], predicted, rtol=0, atol=TOL)
            assert table["count"].sum() == y.size


def test_expected_calibration_error_matches_a_loop_over_uniform_bins(binary_case):
    rng = np.random.default_rng(4)
    for _ in range(CASES):
        y, p = _probability_case(rng, binary_case)
        bins = int(rng.integers(1, 13))
        edges = np.linspace(0, 1, bins + 1)
        total = 0.0
        for b in range(bins):
            inside = (p > edges[b]) & (p <= edges[b + 1])
            if b == 0:
                inside |= p == 0
            if inside.any():
                gap = abs(np.mean(y[inside] == "pos") - np.mean(p[inside]))
                total += inside.sum() / p.size * gap
        ours = expected_calibration_error(y, p, positive="pos", bins=bins)
        assert ours == pytest.approx(total, abs=TOL)
