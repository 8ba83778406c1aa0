"""Regression metrics: handout values, cross-checks against scikit-learn, bad input."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_diabetes
from sklearn.linear_model import LinearRegression
from sklearn.metrics import (
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    r2_score,
)

import evalbook
from evalbook import (
    UndefinedMetricWarning,
    adjusted_r2,
    mae,
    mape,
    mse,
    r2,
    rmse,
    smape,
    sse,
    total_sum_of_squares,
)

N_CASES = 250
TOL = 1e-10


def _random_cases(seed=2024):
    """N_CASES (t, y) pairs: sizes 1..60, scales from 1e-3 to 1e4, some shifted away from 0."""
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(N_CASES):
        n = int(rng.integers(2, 61))
        scale = 10 ** rng.uniform(-3, 4)
        t = rng.normal(rng.normal(0, 3) * scale, scale, size=n)
        y = t + rng.normal(0, scale * rng.uniform(0.01, 2), size=n)
        cases.append((t, y))
    return cases


CASES = _random_cases()


def test_the_public_api_exports_the_metrics():
    for name in ("sse", "mse", "rmse", "mae", "mape", "smape", "r2", "adjusted_r2"):
        assert getattr(evalbook, name) is globals()[name]


# ---------------------------------------------------------------------- small exact cases
T = [3.0, 5.0, 2.0, 6.0, 4.0]
Y = [2.5, 5.0, 3.0, 5.5, 4.0]  # errors 0.5, 0, -1, 0.5, 0


def test_values_by_hand():
    assert sse(T, Y) == pytest.approx(0.75)  # ½ (0.25 + 1 + 0.25)
    assert sse(T, Y, halved=False) == pytest.approx(1.5)
    assert mse(T, Y) == pytest.approx(0.3)
    assert rmse(T, Y) == pytest.approx(math.sqrt(0.3))
    assert mae(T, Y) == pytest.approx(0.4)
    assert total_sum_of_squares(T) == pytest.approx(5.0)  # ½ (1 + 1 + 4 + 4 + 0)
    assert total_sum_of_squares(T, halved=False) == pytest.approx(10.0)
    assert r2(T, Y) == pytest.approx(0.85)
    assert adjusted_r2(T, Y, n_features=1) == pytest.approx(1 - 0.15 * 4 / 3)
    assert adjusted_r2(T, Y, n_features=0) == pytest.approx(0.85)
    # |e| / |t|: 0.5/3, 0, 1/2, 0.5/6, 0
    assert mape(T, Y) == pytest.approx((0.5 / 3 + 0.5 + 0.5 / 6) / 5)
    # |e| / (|y| + |t|): 0.5/5.5, 0, 1/5, 0.5/11.5, 0
    expected = (0.5 / 5.5 + 1 / 5 + 0.5 / 11.5) / 5
    assert smape(T, Y) == pytest.approx(expected)
    assert smape(T, Y, variant="doubled") == pytest.approx(2 * expected)


def test_mse_is_twice_the_halved_sse_over_n_and_r2_ignores_the_half():
    for t, y in CASES[:50]:
        n = len(t)
        assert mse(t, y) == pytest.approx(2 * sse(t, y) / n, rel=TOL)
        assert mse(t, y) == pytest.approx(sse(t, y, halved=False) / n, rel=TOL)
        halved = 1 - sse(t, y) / total_sum_of_squares(t)
        plain = 1 - sse(t, y, halved=False) / total_sum_of_squares(t, halved=False)
        assert halved == pytest.approx(plain, rel=1e-12, abs=1e-12)
        assert r2(t, y) == pytest.approx(plain, rel=1e-9, abs=1e-9)


def test_adjusted_r2_eq_10_14_equals_eq_10_15():
    rng = np.random.default_rng(7)
    for t, y in CASES[:80]:
        n = len(t)
        p = int(rng.integers(0, n - 1))
        residual = np.sum((y - t) ** 2) / (n - p - 1)
        total = np.sum((t - t.mean()) ** 2) / (n - 1)
        assert adjusted_r2(t, y, n_features=p) == pytest.approx(
            1 - residual / total, rel=1e-9, abs=1e-9
        )


def test_adjusted_r2_penalises_useless_predictors():
    X, target = load_diabetes(return_X_y=True)
    rng = np.random.default_rng(0)
    noise = rng.normal(size=(len(target), 20))
    scores = []
    for extra in (0, 5, 20):
        features = np.hstack([X[:, :3], noise[:, :extra]])
        fitted = LinearRegression().fit(features, target).predict(features)
        p = features.shape[1]
        scores.append((r2(target, fitted), adjusted_r2(target, fitted, n_features=p)))
    r2s, adjusted = zip(*scores, strict=True)
    assert r2s[0] < r2s[1] < r2s[2]  # in-sample R² never falls
    assert adjusted[2] < adjusted[0]  # the adjusted one does
    assert all(a < r for r, a in scores[1:])


# ---------------------------------------------------------------------- cross-checks
def test_against_scikit_learn():
    assert len(CASES) >= 200
    for t, y in CASES:
        _compare_with_scikit_learn(t, y)


def _compare_with_scikit_learn(t, y):
    assert mse(t, y) == pytest.approx(mean_squared_error(t, y), rel=TOL)
    assert rmse(t, y) == pytest.approx(math.sqrt(mean_squared_error(t, y)), rel=TOL)
    assert mae(t, y) == pytest.approx(mean_absolute_error(t, y), rel=TOL)
    assert r2(t, y) == pytest.approx(r2_score(t, y), rel=TOL, abs=TOL)
    assert mape(t, y) == pytest.approx(mean_absolute_percentage_error(t, y), rel=TOL)


def test_against_scikit_learn_on_a_bundled_dataset():
    X, target = load_diabetes(return_X_y=True)
    fitted = LinearRegression().fit(X[:300], target[:300]).predict(X[300:])
    t = target[300:]
    assert mse(t, fitted) == pytest.approx(mean_squared_error(t, fitted), rel=TOL)
    assert mae(t, fitted) == pytest.approx(mean_absolute_error(t, fitted), rel=TOL)
    assert r2(t, fitted) == pytest.approx(r2_score(t, fitted), rel=TOL)
    assert mape(t, fitted) == pytest.approx(mean_absolute_percentage_error(t, fitted), rel=TOL)
    assert 0 < r2(t, fitted) < 1


def test_smape_against_a_direct_formula_and_its_bounds():
    for t, y in CASES:
        terms = np.abs(y - t) / (np.abs(y) + np.abs(t))
        assert smape(t, y) == pytest.approx(terms.mean(), rel=TOL)
        assert smape(t, y, variant="doubled") == pytest.approx(2 * terms.mean(), rel=TOL)
        assert 0 <= smape(t, y) <= 1
    # opposite signs: every term is 1 (plain) or 2 (doubled)
    assert smape([1, -2], [-3, 4]) == 1.0
    assert smape([1, -2], [-3, 4], variant="doubled") == 2.0


# ---------------------------------------------------------------------- undefined values
def test_mape_explodes_near_a_zero_target_and_refuses_a_zero_one():
    values = [mape([1.0, 10 ** (-e)], [1.0, 1.0]) for e in range(4)]
    assert values == pytest.approx([0.0, 4.5, 49.5, 499.5])
    with pytest.raises(ValueError, match=r"y_true contains 0 at position 2.*mae\(\) or smape\(\)"):
        mape([1, 2, 0, 0], [1, 2, 0.5, 0])
    # scikit-learn divides by machine epsilon instead: an enormous finite number
    assert mean_absolute_percentage_error([1, 0], [1, 0.5]) > 1e14


def test_r2_of_constant_targets_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="R² is undefined.*every target is the same"):
        assert math.isnan(r2([2, 2, 2], [1, 2, 3]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert r2([2, 2, 2], [2, 2, 2], zero_division=1.0) == 1.0
        assert r2([5], [4], zero_division=0.0) == 0.0
        assert adjusted_r2([2, 2, 2], [1, 2, 3], n_features=1, zero_division=0.0) == 0.0
    with pytest.warns(UndefinedMetricWarning, match="adjusted R²"):
        assert math.isnan(adjusted_r2([2, 2, 2], [1, 2, 3], n_features=1))
    # scikit-learn's convention differs: 1.0 for perfect, 0.0 otherwise
    assert r2_score([2, 2, 2], [1, 2, 3]) == 0.0


def test_smape_zero_over_zero_term():
    with pytest.warns(UndefinedMetricWarning, match="SMAPE is undefined.*position 1"):
        assert math.isnan(smape([1, 0], [2, 0]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert smape([1, 0], [2, 0], zero_division=0.0) == pytest.approx((1 / 3) / 2)
        assert smape([0, 0], [0, 0], zero_division=0.0) == 0.0


def test_warnings_point_at_the_caller():
    with pytest.warns(UndefinedMetricWarning) as record:
        r2([1, 1], [1, 2])
        smape([0], [0])
    assert [w.filename for w in record] == [__file__, __file__]


# ---------------------------------------------------------------------- bad input
METRICS = [sse, mse, rmse, mae, mape, smape, r2]


@pytest.mark.parametrize("metric", METRICS, ids=lambda f: f.__name__)
def test_bad_input(metric):
    with pytest.raises(ValueError, match="y_true and y_pred have different lengths"):
        metric([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="y_true is empty"):
        metric([], [])
    with pytest.raises(ValueError, match="y_pred contains nan at position 1"):
        metric([1, 2], [1, np.nan])
    with pytest.raises(ValueError, match="y_true contains inf"):
        metric([np.inf, 2], [1, 2])
    with pytest.raises(TypeError, match=r"y_true must be a sequence of numbers.*single float"):
        metric(1.5, [1.0])
    with pytest.raises(TypeError, match="y_pred must hold real numbers"):
        metric([1, 2], ["1", "2"])
    with pytest.raises(TypeError, match="y_pred must hold numbers, not booleans"):
        metric([1, 2], [True, False])
    with pytest.raises(ValueError, match="y_true must be one-dimensional"):
        metric([[1, 2]], [[1, 2]])
    with pytest.raises(TypeError, match="y_pred must be a sequence of numbers; got None"):
        metric([1, 2], None)


def test_bad_options():
    with pytest.raises(TypeError, match="halved must be True or False"):
        sse([1], [1], halved=1)
    with pytest.raises(ValueError, match="variant must be 'plain' or 'doubled'; got"):
        smape([1], [1], variant="armstrong")
    with pytest.raises(ValueError, match="zero_division"):
        r2([1, 2], [1, 2], zero_division="zero")
    with pytest.raises(TypeError, match="n_features must be a whole number"):
        adjusted_r2(T, Y, n_features=1.5)
    with pytest.raises(ValueError, match="n_features must be at least 0; got -1"):
        adjusted_r2(T, Y, n_features=-1)
    with pytest.raises(ValueError, match=r"n − p − 1 > 0.*n = 5 and n_features = 4"):
        adjusted_r2(T, Y, n_features=4)
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'n_features'"):
        adjusted_r2(T, Y)
    with pytest.raises(TypeError):
        sse(T, Y, False)  # options are keyword-only


def test_accepts_pandas_and_integers():

    assert mse(pd.Series([1, 2, 3]), np.array([1, 2, 5])) == pytest.approx(4 / 3)
    assert isinstance(mae([1, 2], [2, 2]), float)


# ---------------------------------------------------------------------- odd input
@pytest.mark.parametrize("metric", METRICS, ids=lambda f: f.__name__)
def test_none_and_ragged_input_are_named(metric):
    with pytest.raises(TypeError, match="y_pred must hold real numbers; got None at position 1"):
        metric([1, 2], [1, None])  # None, not "contains nan"
    with pytest.raises(TypeError, match="y_true must hold real numbers; got None at position 0"):
        metric([None, 2], [1, 2])
    with pytest.raises(ValueError, match="y_pred must be a flat sequence"):
        metric([1, 2], [[1, 2], [3]])  # not numpy's "inhomogeneous shape"
    with pytest.raises(ValueError, match="y_true must be a flat sequence"):
        metric([[1, 2], [3]], [1, 2])


def test_total_sum_of_squares_and_adjusted_r2_check_their_input_too():
    with pytest.raises(TypeError, match="y_true must hold real numbers; got None at position 2"):
        total_sum_of_squares([1, 2, None])
    with pytest.raises(ValueError, match="y_true must be a flat sequence"):
        total_sum_of_squares([[1, 2], [3]])
    with pytest.raises(ValueError, match="y_true is empty; a regression metric needs at least one"):
        total_sum_of_squares([])
    with pytest.raises(TypeError, match="halved must be True or False; got str"):
        total_sum_of_squares([1, 2], halved="yes")
    with pytest.raises(TypeError, match="y_pred must hold real numbers; got None at position 4"):
        adjusted_r2(T, [*Y[:4], None], n_features=1)


def test_adjusted_r2_checks_n_features_as_a_whole_number():
    with pytest.raises(
        TypeError, match=r"n_features must be a whole number \(int\); got bool True"
    ):
        adjusted_r2(T, Y, n_features=True)
    with pytest.raises(TypeError, match=r"n_features must be a whole number \(int\); got str '1'"):
        adjusted_r2(T, Y, n_features="1")
    assert adjusted_r2(T, Y, n_features=np.int64(1)) == pytest.approx(1 - 0.15 * 4 / 3)


@pytest.mark.parametrize(
    ("zero_division", "error"), [("zero", ValueError), (None, TypeError), (True, TypeError)]
)
def test_adjusted_r2_checks_zero_division_up_front(zero_division, error):
    """Checked on every call, not only when R² is undefined (a typo fails on good data)."""
    with pytest.raises(error, match="zero_division must be"):
        adjusted_r2(T, Y, n_features=1, zero_division=zero_division)


# ---------------------------------------------------------------------- extreme values
@pytest.mark.parametrize("value", [0.1, 0.7, 1e-300, 123456.789, -3.3])
def test_r2_of_equal_targets_with_an_inexact_mean_is_undefined(value):
    t = [value] * 3  # the mean of three 0.1 is 0.10000000000000002, not 0.1
    with pytest.warns(UndefinedMetricWarning, match="R² is undefined"):
        assert math.isnan(r2(t, [0.2] * 3))
    with pytest.warns(UndefinedMetricWarning, match="adjusted R² is undefined"):
        assert math.isnan(adjusted_r2(t, [0.2] * 3, n_features=1))
    assert total_sum_of_squares(t) == 0.0
    assert r2(t, [0.2] * 3, zero_division=0.0) == 0.0


# Overflow or underflow inside a scale-free metric must not give nan, inf or a wrong 0/0
# for finite inputs with a finite answer.
def test_smape_and_mape_near_the_float_limit():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert evalbook.smape([1e308], [-1e308]) == 1.0
        assert evalbook.smape([1e308], [-1e308], variant="doubled") == 2.0
        assert evalbook.mape([1e308], [-1e308]) == 2.0
        assert evalbook.mape([5e-324, 1.0], [1e-323, 2.0]) == 1.0


def test_r2_of_huge_and_tiny_values_is_scale_free():
    t, y = np.array([1.0, -1.0, 1.0]), np.array([1.0, -1.0, 0.0])
    expected = r2(t, y)
    assert expected == 0.625
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert r2(t * 1e308, y * 1e308) == expected
        assert r2(t * 1e-200, y * 1e-200) == expected
        assert adjusted_r2(t * 1e-200, y * 1e-200, n_features=1) == 1 - (1 - expected) * 2 / 1


# ---------------------------------------------------------------------- MASE
def _mase_by_hand(t, y, train, m):
    """Hyndman & Koehler (2006), eq. (9), term by term: the errors over the in-sample MAE of
    the seasonal naive forecast (each training value predicted by the one m steps before)."""
    naive_errors = [abs(train[i] - train[i - m]) for i in range(m, len(train))]
    return (
        sum(abs(a - b) for a, b in zip(t, y, strict=True))
        / len(t)
        / (sum(naive_errors) / len(naive_errors))
    )


def test_mase_against_a_direct_computation_on_random_series():
    rng = np.random.default_rng(11)
    compared = 0
    for t, y in CASES:
        m = int(rng.integers(1, 13))
        length = int(rng.integers(m + 1, m + 80))
        train = np.cumsum(rng.normal(0, np.std(t) + 1e-3, size=length))
        expected = _mase_by_hand(t.tolist(), y.tolist(), train.tolist(), m)
        assert evalbook.mase(t, y, y_train=train, seasonal_period=m) == pytest.approx(
            expected, rel=TOL
        )
        compared += 1
    assert compared == N_CASES


def test_mase_is_the_mae_in_units_of_the_naive_forecast():
    # the naive forecast's own test errors, scaled by its training errors: about 1 on a
    # random walk; a forecast as good as the naive one on training scores exactly 1
    train = np.array([10.0, 12.0, 11.0, 15.0, 14.0])  # naive errors 2, 1, 4, 1: MAE 2
    assert evalbook.mase([16.0, 13.0], [14.0, 15.0], y_train=train) == 1.0
    assert evalbook.mase([16.0, 13.0], [16.0, 13.0], y_train=train) == 0.0


def test_mase_with_a_constant_training_series_is_undefined():
    with pytest.warns(UndefinedMetricWarning, match="MASE"):
        assert math.isnan(evalbook.mase([1.0], [2.0], y_train=[5.0, 5.0, 5.0]))
    assert evalbook.mase([1.0], [2.0], y_train=[5.0, 5.0], zero_division=0.0) == 0.0


@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"y_train": [1.0, 2.0], "seasonal_period": 2}, ValueError, "seasonal_period=2"),
        ({"y_train": [1.0, 2.0, 3.0], "seasonal_period": 0}, ValueError, "seasonal_period"),
        ({"y_train": [1.0, 2.0, 3.0], "seasonal_period": 1.5}, TypeError, "seasonal_period"),
        ({"y_train": [1.0, float("nan"), 3.0]}, ValueError, "y_train"),
    ],
)
def test_mase_refuses_bad_input(options, error, match):
    with pytest.raises(error, match=match):
        evalbook.mase([1.0, 2.0], [1.5, 2.5], **options)
