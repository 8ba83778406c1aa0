"""The 0/0 policy, arrays and single numbers: the checks every metric uses."""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

__all__ = [
    "MAX_COUNT",
    "MAX_ELEMENTS",
    "MAX_QUANTILE",
    "UndefinedMetricWarning",
    "as_array",
    "as_float",
    "as_floats",
    "as_number_array",
    "as_rng",
    "as_thresholds",
    "check_choice",
    "check_confidence",
    "check_count",
    "check_finite_number",
    "check_flag",
    "check_open_fraction",
    "check_optional_flag",
    "check_positive_number",
    "check_probability",
    "check_quantile",
    "check_same_length",
    "check_size",
    "check_text",
    "check_threshold",
    "check_whole_between",
    "check_whole_number",
    "check_zero_division",
    "fbeta_weight",
    "is_missing",
    "plain_value",
    "safe_divide",
    "shown_number",
]


class UndefinedMetricWarning(RuntimeWarning):
    """A metric was 0/0 for this input; the value returned is ``nan``.

    Pass ``zero_division=`` to the metric to choose another value and silence the warning.
    """


def check_zero_division(zero_division) -> None:
    """Check the ``zero_division`` option shared by the metrics."""
    if isinstance(zero_division, str):
        if zero_division != "warn":
            raise ValueError(f'zero_division must be "warn" or a number; got {zero_division!r}')
        return
    if isinstance(zero_division, bool) or not isinstance(zero_division, numbers.Real):
        raise TypeError(
            f'zero_division must be "warn" or a number; got {type(zero_division).__name__}'
        )


def safe_divide(
    numerator, denominator, *, zero_division="warn", metric="metric", why="", stacklevel=3
):
    """``numerator / denominator`` as a float, following the library's 0/0 policy.

    When the denominator is 0, returns ``nan`` with an :class:`UndefinedMetricWarning`
    (``zero_division="warn"``, the default) or ``float(zero_division)`` silently.
    ``stacklevel`` is counted from this function: the default 3 points the warning at the
    caller of the public metric that called ``safe_divide`` directly.
    """
    check_zero_division(zero_division)
    if denominator == 0:
        if zero_division == "warn":
            reason = f" ({why})" if why else ""
            warnings.warn(
                f"{metric} is undefined (0/0){reason}; returning nan. "
                "Pass zero_division= to choose another value.",
                UndefinedMetricWarning,
                stacklevel=stacklevel,
            )
            return math.nan
        return float(zero_division)
    if isinstance(numerator, numbers.Integral) and isinstance(denominator, numbers.Integral):
        return int(numerator) / int(denominator)  # correctly rounded, even beyond 2**53
    return float(numerator) / float(denominator)


def as_array(values, name: str, **options) -> np.ndarray:
    """``np.asarray(values)``, with an error naming ``name`` for a ragged nested sequence."""
    try:
        return np.asarray(values, **options)
    except ValueError as exc:  # e.g. [[1, 2], [3]]: numpy's "inhomogeneous shape"
        raise ValueError(
            f"{name} must be a flat sequence (or a rectangular table) of values; "
            f"numpy could not read it: {exc}"
        ) from None


def as_number_array(values, name: str, *, what: str = "value", empty: str = "") -> np.ndarray:
    """``values`` as a 1-D, non-empty float64 array of finite real numbers.

    Rejects None, a single number or string, booleans (predictions where scores or
    measurements were expected), text, NaN and infinities, each with a message naming
    ``name``. ``what`` names one element in the messages ("score", "value"); ``empty``
    replaces the hint given for an empty sequence.
    """
    if values is None:
        raise TypeError(f"{name} must be a sequence of numbers; got None")
    if isinstance(values, (str, bytes)) or np.ndim(as_array(values, name)) == 0:
        raise TypeError(
            f"{name} must be a sequence of numbers (list, array or Series); "
            f"got a single {type(values).__name__}"
        )
    array = as_array(values, name)
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional; got an array of shape {array.shape}")
    if array.size == 0:
        raise ValueError(f"{name} is empty; {empty or f'give at least one {what}'}")
    if array.dtype.kind == "b":
        hint = "; they must be the model's scores, not its predictions" if what == "score" else ""
        raise TypeError(f"{name} must hold numbers, not booleans{hint}")
    if array.dtype.kind not in "iufO":
        raise TypeError(f"{name} must hold real numbers; got dtype {array.dtype}")
    if array.dtype.kind == "O":
        for position, value in enumerate(array):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
                raise TypeError(
                    f"{name} must hold real numbers; got {value!r} at position {position}"
                )
    try:
        array = array.astype(np.float64)
    except OverflowError:  # an int beyond a float's range
        position = next(i for i, v in enumerate(array) if abs(v) > 2**1023)
        raise ValueError(
            f"{name} contains {shown_number(array[position])} at position {position}; every "
            f"{what} must be a finite number"
        ) from None
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        position = int(bad[0])
        raise ValueError(
            f"{name} contains {array[position]} at position {position}; every {what} must be "
            "a finite number"
        )
    return array


def as_rng(seed, name: str = "seed") -> np.random.Generator:
    """``seed`` (None, a non-negative int or a numpy Generator) as a numpy Generator."""
    if seed is None or isinstance(seed, np.random.Generator):
        return np.random.default_rng(seed)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(
            f"{name} must be None, a non-negative int or a numpy.random.Generator; "
            f"got {type(seed).__name__}"
        )
    if seed < 0:
        raise ValueError(f"{name} must be a non-negative int; got {seed}")
    return np.random.default_rng(int(seed))


def check_flag(value, name: str) -> bool:
    """Check that an on/off option is a bool (``"yes"`` or ``1`` are not)."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {type(value).__name__}")
    return bool(value)


def as_float(value, name: str) -> float:
    """``float(value)`` of a checked real number; an int too large for a float (10**400)
    is a ValueError naming ``name``, not Python's OverflowError."""
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{name} is too large for a float; got {shown_number(value)}") from None


def as_floats(array: np.ndarray, name: str) -> np.ndarray:
    """``array.astype(float)`` of checked real numbers; an int too large for a float
    (10**400) is a ValueError naming ``name``, not numpy's OverflowError."""
    try:
        return array.astype(np.float64)
    except OverflowError:
        raise ValueError(f"{name} holds a number too large for a float") from None


def check_open_fraction(value, name: str, *, example: str = "") -> float:
    """Check that ``value`` is a real number strictly between 0 and 1 and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number between 0 and 1; got {type(value).__name__}")
    value = as_float(value, name)
    if not 0.0 < value < 1.0:  # also rejects nan
        raise ValueError(f"{name} must be strictly between 0 and 1{example}; got {value}")
    return value


def check_same_length(first, second, first_name: str, second_name: str) -> None:
    """Raise if two 1-D arrays differ in length."""
    if len(first) != len(second):
        raise ValueError(
            f"{first_name} and {second_name} have different lengths "
            f"({len(first)} and {len(second)}); they must describe the same instances"
        )


def check_probability(value, name: str) -> float:
    """Check that ``value`` is a real number in [0, 1] and return it as a float."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number in [0, 1]; got {type(value).__name__}")
    value = as_float(value, name)
    if not 0.0 <= value <= 1.0:  # also rejects nan
        raise ValueError(f"{name} must be a probability in [0, 1]; got {value}")
    return value


def check_positive_number(value, name: str) -> float:
    """Check that ``value`` is a finite real number greater than 0 and return it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive number; got {type(value).__name__}")
    value = as_float(value, name)
    if not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{name} must be a finite number greater than 0; got {value}")
    return value


def plain_value(value):
    """numpy scalars become plain Python values, so labels print as ``'spam'``, not ``np.str_``."""
    return value.item() if isinstance(value, np.generic) else value


def is_missing(value) -> bool:
    """Whether one value is a missing marker: None, NaN, ``pd.NA`` or NaT."""
    if value is None or (isinstance(value, float) and value != value):
        return True
    if isinstance(value, (str, bytes, numbers.Number)):
        return False
    import pandas as pd

    try:
        return bool(pd.isna(value)) if np.ndim(value) == 0 else False
    except (TypeError, ValueError):
        return False


def check_whole_number(value, name: str, *, minimum=None, maximum=None, floats=False) -> int:
    """Check that ``value`` is a whole number in [minimum, maximum] and return it as an int.

    ``bool`` is rejected (``True`` is not a count). With ``floats=True`` a float with no
    fractional part (``30.0``) is accepted too, as textbook tables often print counts.
    """
    integral = isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))
    if not integral:
        is_real = isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))
        if not (floats and is_real and math.isfinite(value) and float(value).is_integer()):
            raise TypeError(
                f"{name} must be a whole number (int); got {type(value).__name__} {value!r}"
            )
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}; got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be at most {maximum}; got {value}")
    return value


# --- validation and inference checks
#: Largest count (test instances, trials, degrees of freedom) the interval formulas accept:
#: beyond 2⁵³ a whole number is not exact in floating point, and no test set is that large.
MAX_COUNT = 2**53


#: Most values (split indices, simulated draws, resampled cells) a splitter or a simulation
#: may hold in memory at once: 10⁸, i.e. 800 MB of 8-byte integers.
MAX_ELEMENTS = 10**8


#: Largest normal quantile ``z=`` accepted: the two-sided quantile of any confidence below 1
#: that a float can hold is under 40, and z² must not overflow.
MAX_QUANTILE = 100.0


def check_confidence(confidence, name: str = "confidence") -> float:
    """Check that a confidence level is a number strictly between 0 and 1."""
    return check_open_fraction(confidence, name, example=", e.g. 0.95")


def check_count(value, name: str, *, minimum: int = 1, floats: bool = True) -> int:
    """A whole number in [minimum, :data:`MAX_COUNT`] (a test-set size, degrees of freedom)."""
    value = check_whole_number(value, name, minimum=minimum, floats=floats)
    if value > MAX_COUNT:
        raise ValueError(
            f"{name} must be at most 2**53 = {MAX_COUNT} (larger counts are not exact in "
            f"floating point); got {shown_number(value)}"
        )
    return value


def shown_number(value) -> str:
    """A number for an error message, however large (``str`` of a 5,000-digit int fails)."""
    if isinstance(value, numbers.Integral) and abs(value) >= 10**30:
        return f"about 10^{math.log10(abs(value)):.1f}"
    return repr(value)


def check_size(
    function: str, *, hint: str = "use fewer instances or repetitions", **factors: int
) -> None:
    """Refuse, before allocating, a computation whose memory grows as the product of
    ``factors`` (e.g. ``n=n, k=k`` for k-fold) beyond :data:`MAX_ELEMENTS` values; the
    message states the computed size and ends with ``hint``."""
    elements = math.prod(factors.values())
    if elements > MAX_ELEMENTS:
        names = " · ".join(factors)
        values = " · ".join(shown_number(value) for value in factors.values())
        product = f" = {shown_number(elements)}" if len(factors) > 1 else ""
        raise ValueError(
            f"{function}: {names} = {values}{product} values to hold in memory, more than "
            f"the limit of {MAX_ELEMENTS:_} (800 MB); {hint}"
        )


def check_choice(value, name: str, choices: tuple[str, ...]) -> str:
    """Check that ``value`` is one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        listed = " or ".join(repr(choice) for choice in choices)
        raise ValueError(f"{name} must be {listed}; got {value!r}")
    return value


def check_quantile(value, name: str) -> float:
    """A quantile given by hand (``z=``, ``t=``): finite, > 0 and at most :data:`MAX_QUANTILE`."""
    value = check_positive_number(value, name)
    if value > MAX_QUANTILE:
        raise ValueError(
            f"{name} must be at most {MAX_QUANTILE:g} (the quantile of any confidence a float "
            f"can hold is under 40); got {value:.4g}"
        )
    return value


# --- scores checks (the threshold of eq. (11) and the single class label of positive=)
def check_threshold(value, name: str = "threshold") -> float:
    """Check that ``value`` is one real number, not NaN (±inf allowed), and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    value = as_float(value, name)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number; got nan")
    return value


def check_finite_number(value, name: str) -> float:
    """Check that ``value`` is one finite real number (of any sign) and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    value = as_float(value, name)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value!r}")
    return value


def as_thresholds(threshold, name: str = "threshold"):
    """One threshold (a float, as :func:`check_threshold`) or many (a numeric array, no nan)."""
    values = as_array(threshold, name)
    if values.ndim == 0:
        return check_threshold(threshold, name)
    if values.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers; got dtype {values.dtype}")
    missing = np.flatnonzero(np.isnan(values))
    if missing.size:
        raise ValueError(f"{name} contains nan at position {int(missing[0])}")
    return values


def check_optional_flag(value, name: str) -> bool | None:
    """``None`` (decide automatically), or an on/off option checked as :func:`check_flag`."""
    if value is not None and not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True, False or None; got {type(value).__name__}")
    return None if value is None else bool(value)


def check_text(value, name: str) -> str:
    """Check that ``value`` is a string (a label or a title shown to the reader)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string; got {type(value).__name__}")
    return value


def check_whole_between(value, name: str, low: int, high: int, *, high_is: str = "") -> int:
    """A whole number in [low, high]; ``high_is`` says what the upper bound is, if it
    depends on the data ("the number of classes"), so that the message explains it."""
    value = check_whole_number(value, name)
    if not low <= value <= high:
        bound = f"{high_is} ({high})" if high_is else str(high)
        raise ValueError(f"{name} must be between {low} and {bound}; got {shown_number(value)}")
    return value


def fbeta_weight(beta) -> float:
    """w = β² / (1 + β²) for a checked ``beta`` (:func:`check_positive_number`).

    F-beta divided by (1 + β²) is TP / (TP + w·FN + (1 − w)·FP), which stays finite for
    any β: β² may overflow to inf (w = 1, the recall) or underflow to 0 (w = 0, the
    precision).
    """
    beta = check_positive_number(beta, "beta")
    b2 = beta * beta
    return 1.0 if math.isinf(b2) else b2 / (1.0 + b2)
