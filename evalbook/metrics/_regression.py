"""Regression metrics: SSE, MSE, RMSE, MAE, MAPE, SMAPE, MASE, R² and adjusted R².

Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (Evaluation), for SSE, MSE, RMSE, MAE and R²;
Hyndman & Koehler (2006) for the percentage errors. Every function takes the targets first
and the predictions second:

- ``y_true``: the actual values, Kelleher et al.'s :math:`t_i` (often written :math:`y_i`);
  the formulas below write them ``t``;
- ``y_pred``: the model's predictions, Kelleher et al.'s :math:`M(\\mathbf{d}_i)`
  (often written :math:`\\hat{y}_i`); the formulas below write them ``y``.

These are scikit-learn's names (``mean_squared_error(y_true, y_pred)``); see the naming
table in ``help(evalbook)``.

Both are one-dimensional sequences of finite real numbers of the same, non-zero length;
anything else raises a ``ValueError`` or ``TypeError`` naming the argument.

Percentages are returned as fractions (0.25, not 25 %), as scikit-learn returns the MAPE.
Undefined values follow the library's policy (``nan`` with an
:class:`~evalbook.UndefinedMetricWarning`, or the value of ``zero_division=``): R² when all the
targets are equal, a SMAPE term whose target and prediction are both 0. MAPE is the exception: a
zero target raises a ``ValueError`` (see :func:`mape`).
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from evalbook._core.checks import (
    EMPTY_REGRESSION,
    UndefinedMetricWarning,
    as_number_array,
    as_number_pair,
    check_choice,
    check_flag,
    check_whole_number,
    check_zero_division,
    safe_divide,
)

__all__ = [
    "adjusted_r2",
    "mae",
    "mape",
    "mase",
    "mse",
    "r2",
    "rmse",
    "smape",
    "sse",
    "total_sum_of_squares",
]

#: The SMAPE variants that :func:`smape` offers.
SMAPE_VARIANTS = ("plain", "doubled")


def _power_of_two_below(values: np.ndarray) -> np.ndarray:
    """2**(e − 1) for each value with |value| in [2**(e − 1), 2**e) (0.5 for 0).

    Dividing by a power of two is exact (short of the subnormal range), so a ratio of
    scaled values equals the ratio of the values; scaled values lie in [−2, 2], where
    neither a difference nor a sum of squares can overflow (or underflow to 0).
    """
    return np.ldexp(1.0, np.frexp(values)[1] - 1)


def _squares_around_mean(y_true: np.ndarray) -> float:
    """Σ (t − t̄)², exactly 0 when every target is the same.

    The mean of equal values need not equal them in floating point (the mean of three
    0.1 is 0.10000000000000002), which would leave a tiny positive sum and turn the 0/0
    of R² into an enormous finite number.
    """
    if np.all(y_true == y_true[0]):
        return 0.0
    return float(np.sum((y_true - y_true.mean()) ** 2))


def _sums_of_squares(y_true: np.ndarray, y_pred: np.ndarray) -> tuple[float, float]:
    """Σ (t − y)² and Σ (t − t̄)² of checked targets and predictions, both divided by the
    square of one power of two: their ratio (R² is scale-free) neither overflows to inf
    (targets near 1e308) nor underflows to 0 (near 1e-200)."""
    scale = float(_power_of_two_below(max(np.max(np.abs(y_true)), np.max(np.abs(y_pred)))))
    y_true, y_pred = y_true / scale, y_pred / scale
    return float(np.sum((y_true - y_pred) ** 2)), _squares_around_mean(y_true)


def _r2_of_checked(y_true: np.ndarray, y_pred: np.ndarray, zero_division, metric: str):
    """(R², True) of checked targets and predictions; when every target is the same,
    (the 0/0 policy's value, False), its warning naming ``metric`` and pointing at the
    caller of the public function."""
    residual, total = _sums_of_squares(y_true, y_pred)
    if total == 0:
        why = "every target is the same: the total sum of squares is 0"
        value = safe_divide(
            residual, 0.0, zero_division=zero_division, metric=metric, why=why, stacklevel=4
        )
        return value, False
    return 1.0 - residual / total, True


# ---------------------------------------------------------------------- squared errors
def sse(y_true, y_pred, *, halved=True) -> float:
    """Sum of squared errors, with Kelleher et al.'s ½ by default.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9:
    :math:`SSE = \\tfrac{1}{2}\\sum_i (t_i - M(\\mathbf{d}_i))^2`.
    The ½ is a convenience of gradient descent (it cancels the 2 of the derivative); most
    other sources, and ``halved=False``, use the plain sum. R² is the same either way,
    because Kelleher et al. halve the total sum of squares too and the ½ cancels in the
    ratio; see :func:`r2`.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.
    halved : bool, default True
        ``True``: Kelleher et al.'s ½·Σ(t − y)²; ``False``: the plain Σ(t − y)².

    Returns
    -------
    float

    Examples
    --------
    >>> sse([3, 5, 2], [2, 5, 4])
    2.5
    >>> sse([3, 5, 2], [2, 5, 4], halved=False)
    5.0
    """
    y_true, y_pred = as_number_pair(y_true, y_pred)
    total = float(np.sum((y_true - y_pred) ** 2))
    return total / 2 if check_flag(halved, "halved") else total


def total_sum_of_squares(y_true, *, halved=True) -> float:
    """Total sum of squares of the targets around their mean, with the ½ by default.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9:
    :math:`\\tfrac{1}{2}\\sum_i (t_i - \\bar{t})^2` (``halved=True``); most other sources
    use the plain sum (``halved=False``). It is the SSE of the
    model that always predicts the mean of the targets.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    halved : bool, default True
        ``True``: Kelleher et al.'s ½·Σ(t − t̄)²; ``False``: the plain Σ(t − t̄)².

    Returns
    -------
    float
        ≥ 0; 0 when every target is the same.

    Examples
    --------
    >>> total_sum_of_squares([3, 5, 2, 6])
    5.0
    >>> total_sum_of_squares([3, 5, 2, 6], halved=False)
    10.0
    """
    y_true = as_number_array(y_true, "y_true", empty=EMPTY_REGRESSION)
    total = _squares_around_mean(y_true)
    return total / 2 if check_flag(halved, "halved") else total


def mse(y_true, y_pred) -> float:
    """Mean squared error: the mean of (t − y)².

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. The mean divides the plain sum by n:
    with the halved SSE of :func:`sse`, MSE = 2·SSE / n, not SSE / n.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.

    Returns
    -------
    float
        ≥ 0, in the unit of the target squared.

    Examples
    --------
    >>> mse([3, 5, 2], [2, 5, 4])
    1.6666666666666667
    """
    y_true, y_pred = as_number_pair(y_true, y_pred)
    return float(np.mean((y_true - y_pred) ** 2))


def rmse(y_true, y_pred) -> float:
    """Root mean squared error: √MSE, in the unit of the target.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.

    Returns
    -------
    float
        ≥ 0, in the unit of the target.

    Examples
    --------
    >>> rmse([3, 5, 2], [2, 5, 4])
    1.2909944487358056
    """
    return math.sqrt(mse(y_true, y_pred))


def mae(y_true, y_pred) -> float:
    """Mean absolute error: the mean of |t − y|, in the unit of the target.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. Less
    sensitive to one large error than the MSE: an error d adds d/n to it, not d²/n.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.

    Returns
    -------
    float
        ≥ 0, in the unit of the target.

    Examples
    --------
    >>> mae([3, 5, 2], [2, 5, 4])
    1.0
    """
    y_true, y_pred = as_number_pair(y_true, y_pred)
    return float(np.mean(np.abs(y_true - y_pred)))


# ---------------------------------------------------------------------- relative errors
def mape(y_true, y_pred) -> float:
    """Mean absolute percentage error, as a fraction: the mean of |(y − t) / t|.

    Hyndman & Koehler (2006). Returned as a fraction (0.1 means 10 %), as
    scikit-learn's ``mean_absolute_percentage_error`` returns it.

    Zero targets: the term |(y − t) / t| has no value when t = 0 (it is infinite, or 0/0
    when y = 0 too). Rather than return ``inf`` or, as scikit-learn does, divide by a
    tiny epsilon and return an enormous finite number, this function raises a
    ``ValueError`` naming the first zero target. Targets *near* zero are allowed, and make
    MAPE explode: use :func:`mae` or :func:`smape` for such data.

    Parameters
    ----------
    y_true : sequence of float
        The targets; none may be 0.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.

    Raises
    ------
    ValueError
        If a target is 0 (besides the checks common to every metric).

    References
    ----------
    R. J. Hyndman and A. B. Koehler, "Another look at measures of forecast accuracy",
    International Journal of Forecasting 22(4):679-688, 2006.

    Examples
    --------
    >>> mape([100, 200, 50], [110, 180, 50])
    0.06666666666666667
    >>> mape([100, 0], [110, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: y_true contains 0 at position 1: MAPE divides by each target and is undefined ...
    """
    y_true, y_pred = as_number_pair(y_true, y_pred)
    zeros = np.flatnonzero(y_true == 0)
    if zeros.size:
        raise ValueError(
            f"y_true contains 0 at position {int(zeros[0])}: MAPE divides by each target and is "
            f"undefined when one is 0 ({zeros.size} of the {y_true.size} targets). Use mae() or "
            "smape() for such data"
        )
    scale = _power_of_two_below(np.maximum(np.abs(y_true), np.abs(y_pred)))  # no overflow in y − t
    y_true, y_pred = y_true / scale, y_pred / scale
    return float(np.mean(np.abs((y_pred - y_true) / y_true)))


def mase(y_true, y_pred, *, y_train, seasonal_period=1, zero_division="warn") -> float:
    """Mean absolute scaled error: the MAE over the in-sample MAE of the naive forecast.

    Hyndman & Koehler (2006), their recommended measure of forecast accuracy: each error is
    scaled by the mean absolute error that the (seasonal) naive forecast, "the value one
    period ago", makes on the training series,
    ``mean(|t − y|) / mean(|y_train[i] − y_train[i − m]|)`` with ``m = seasonal_period``.
    Below 1, the forecasts beat the naive forecast's training errors; above 1, they do
    worse. It has the unit of nothing, needs no division by a target (so targets at or
    near 0 are fine, unlike :func:`mape`), and compares series of different scales.

    Parameters
    ----------
    y_true : sequence of float
        The targets (the test period).
    y_pred : sequence of float
        The forecasts, same length as ``y_true``.
    y_train : sequence of float
        The training series, in time order, with more than ``seasonal_period`` values.
    seasonal_period : int, default 1
        The season's length m (12 for monthly data with a yearly cycle); 1 is the plain
        naive forecast.
    zero_division : "warn" or float, default "warn"
        The value returned when the naive forecast is exact on the whole training series
        (the scale is 0); ``"warn"``: ``nan`` with an
        :class:`~evalbook.UndefinedMetricWarning`.

    References
    ----------
    R. J. Hyndman and A. B. Koehler, "Another look at measures of forecast accuracy",
    International Journal of Forecasting 22(4):679-688, 2006, eq. (9) and section 4.

    Examples
    --------
    >>> mase([5, 7], [6, 6], y_train=[1, 2, 4, 3])  # MAE 1, naive errors 1, 2, 1
    0.75
    >>> mase([4, 8], [5, 8], y_train=[1, 5, 2, 6, 3, 7], seasonal_period=2)  # MAE 0.5, scale 1
    0.5
    """
    check_zero_division(zero_division)
    y_true, y_pred = as_number_pair(y_true, y_pred)
    y_train = as_number_array(y_train, "y_train", empty=EMPTY_REGRESSION)
    m = check_whole_number(seasonal_period, "seasonal_period", minimum=1)
    if y_train.size <= m:
        raise ValueError(
            f"y_train has {y_train.size} values; the naive forecast of seasonal_period={m} "
            f"needs more than {m}"
        )
    scale = float(np.mean(np.abs(y_train[m:] - y_train[:-m])))  # the naive forecast's MAE
    return safe_divide(
        float(np.mean(np.abs(y_true - y_pred))),
        scale,
        zero_division=zero_division,
        metric="MASE",
        why="the naive forecast is exact on the whole training series",
        stacklevel=3,
    )


def smape(y_true, y_pred, *, variant="plain", zero_division="warn") -> float:
    """Symmetric mean absolute percentage error, as a fraction.

    Two definitions circulate, and they differ by a factor of 2:

    - ``variant="plain"`` (default): each absolute error divided by the *sum* of |ŷ| and |y|,
      :math:`\\frac{1}{n}\\sum_i \\frac{|\\hat{y}_i - y_i|}{|\\hat{y}_i| + |y_i|}`, in [0, 1];
    - ``variant="doubled"``: the same terms divided by the *mean* of |ŷ| and |y| instead of
      their sum, :math:`\\frac{1}{n}\\sum_i \\frac{2|\\hat{y}_i - y_i|}{|\\hat{y}_i| + |y_i|}`,
      in [0, 2] (the M4 forecasting competition's sMAPE, often shown as 0-200 %).

    A third variant, from Armstrong (1985) and Makridakis (1993), divides by
    (ŷ + y) / 2 without absolute values; it can be negative (or infinite) when a target and
    its prediction have opposite signs, and is not offered here.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.
    variant : {"plain", "doubled"}, default "plain"
        Which definition; see above.
    zero_division : "warn" or float, default "warn"
        The value of a term whose target and prediction are both 0 (0/0). ``"warn"``:
        ``nan`` with an :class:`~evalbook.UndefinedMetricWarning`, so the SMAPE is ``nan``;
        ``0.0`` counts such a perfect prediction as no error, silently.

    References
    ----------
    R. J. Hyndman and A. B. Koehler, "Another look at measures of forecast accuracy",
    International Journal of Forecasting 22(4):679-688, 2006. S. Makridakis, E. Spiliotis and V.
    Assimakopoulos, "The M4 Competition: 100,000 time series and 61 forecasting methods",
    International Journal of Forecasting 36(1):54-74, 2020.

    Examples
    --------
    >>> smape([100, 200, 50], [110, 180, 50])
    0.03341687552213868
    >>> smape([100, 200, 50], [110, 180, 50], variant="doubled")
    0.06683375104427736
    >>> smape([0, 2], [0, 1], zero_division=0.0)
    0.16666666666666666
    """
    check_choice(variant, "variant", SMAPE_VARIANTS)
    check_zero_division(zero_division)
    y_true, y_pred = as_number_pair(y_true, y_pred)
    scale = _power_of_two_below(np.maximum(np.abs(y_true), np.abs(y_pred)))  # no overflow in y − t
    y_true, y_pred = y_true / scale, y_pred / scale
    numerator = np.abs(y_pred - y_true)
    denominator = np.abs(y_pred) + np.abs(y_true)
    undefined = denominator == 0
    terms = numerator / np.where(undefined, 1.0, denominator)
    if variant == "doubled":
        terms = 2 * terms
    if undefined.any():
        if zero_division == "warn":
            warnings.warn(
                f"SMAPE is undefined (0/0): target and prediction are both 0 at position "
                f"{int(np.flatnonzero(undefined)[0])} ({int(undefined.sum())} in all); "
                "returning nan. Pass zero_division= to choose the value of such a term",
                UndefinedMetricWarning,
                stacklevel=2,
            )
            return math.nan
        terms = np.where(undefined, float(zero_division), terms)
    return float(np.mean(terms))


# ---------------------------------------------------------------------- R²
def r2(y_true, y_pred, *, zero_division="warn") -> float:
    """Coefficient of determination: 1 − SSE / total sum of squares.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9, with both sums halved; most other sources
    (scikit-learn's ``r2_score``) with both plain. The two agree: the ½ multiplies numerator
    and denominator and cancels. R² is 1 for perfect predictions, 0 for the model that always
    predicts the mean of ``y_true``, and negative for a model worse than that; it has no
    lower bound.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.
    zero_division : "warn" or float, default "warn"
        The value returned when every target is the same (the total sum of squares is 0,
        as always for n = 1); ``"warn"``: ``nan`` with an
        :class:`~evalbook.UndefinedMetricWarning`. (scikit-learn's ``r2_score`` returns
        1.0 or 0.0 there.)

    Examples
    --------
    >>> r2([3, 5, 2, 6], [2.5, 5, 3, 5.5])
    0.85
    >>> 1 - sse([3, 5, 2, 6], [2.5, 5, 3, 5.5]) / total_sum_of_squares([3, 5, 2, 6])
    0.85
    >>> r2([3, 5, 2, 6], [4, 4, 4, 4])
    0.0
    """
    check_zero_division(zero_division)
    value, _ = _r2_of_checked(*as_number_pair(y_true, y_pred), zero_division, "R²")
    return value


def adjusted_r2(y_true, y_pred, *, n_features, zero_division="warn") -> float:
    """R² adjusted for the number of predictors: 1 − (1 − R²)(n − 1)/(n − p − 1).

    As R's ``summary.lm`` computes it: each sum of squares divided by its degrees of
    freedom, n − p − 1 for the residual and n − 1 for the total. ``n_features`` (p) counts the
    predictors (the slopes), **not** the intercept, whose degree of freedom is the "− 1"
    (calling p "the number of estimated coefficients" would count the intercept twice).
    Unlike R², adding a useless predictor can lower it.

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.
    n_features : int
        The number of predictors of the model, without the intercept (p ≥ 0; p = 0 gives
        R² itself). Needs n − p − 1 > 0.
    zero_division : "warn" or float, default "warn"
        Passed to :func:`r2` (every target the same).

    Raises
    ------
    ValueError
        If ``n_features`` is negative or n − p − 1 ≤ 0, or ``zero_division`` is not valid.

    Examples
    --------
    >>> r2([3, 5, 2, 6, 4], [2.5, 5, 3, 5.5, 4])
    0.85
    >>> round(adjusted_r2([3, 5, 2, 6, 4], [2.5, 5, 3, 5.5, 4], n_features=1), 4)
    0.8
    """
    n_features = check_whole_number(n_features, "n_features", minimum=0)
    check_zero_division(zero_division)
    y_true, y_pred = as_number_pair(y_true, y_pred)
    n = y_true.size
    if n - n_features - 1 <= 0:
        raise ValueError(
            f"adjusted R² needs n − p − 1 > 0 residual degrees of freedom; got n = {n} and "
            f"n_features = {n_features} (n − p − 1 = {n - n_features - 1}). Use more "
            "instances or fewer predictors"
        )
    value, defined = _r2_of_checked(y_true, y_pred, zero_division, "adjusted R²")
    return 1.0 - (1.0 - value) * (n - 1) / (n - n_features - 1) if defined else value
