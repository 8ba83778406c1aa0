"""Private helpers shared by every public function: input checks and safe division.

Every check raises a ``ValueError`` or ``TypeError`` whose message names the argument
and says what is wrong with it, so that a student reading the traceback knows what to fix.

The library's policy for undefined values (a ratio 0/0, such as the precision of a model
that never predicts the positive class) lives here, in :func:`safe_divide`: by default the
result is ``nan`` and an :class:`UndefinedMetricWarning` says which metric was undefined
and why. Each metric that can be undefined takes ``zero_division=`` to choose another
value silently (``0.0``, ``1.0`` or ``nan``).
"""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np


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
    array = array.astype(np.float64)
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


def check_open_fraction(value, name: str) -> float:
    """Check that ``value`` is a real number strictly between 0 and 1 and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number between 0 and 1; got {type(value).__name__}")
    value = float(value)
    if not 0.0 < value < 1.0:  # also rejects nan
        raise ValueError(f"{name} must be strictly between 0 and 1; got {value}")
    return value


def as_label_array(values, name: str) -> np.ndarray:
    """Turn a sequence of class labels into a 1-D array, rejecting empty or missing values."""
    if values is None:
        raise TypeError(f"{name} must be a sequence of labels; got None")
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{name} must be a sequence of labels (list, array or Series); "
            f"got a single {type(values).__name__}"
        )
    array = as_array(values, name)
    if array.ndim == 0:
        raise TypeError(
            f"{name} must be a sequence of labels (list, array or Series); "
            f"got a single {type(values).__name__}"
        )
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional; got an array of shape {array.shape}")
    if array.size == 0:
        raise ValueError(f"{name} is empty; there is nothing to evaluate")
    # numpy turns [1, "1"] into ["1", "1"], merging two different classes: keep the values
    # as they are (from_labels rejects mixed types unless labels= lists them)
    if (
        array.dtype.kind in "US"
        and not isinstance(values, np.ndarray)
        and not all(isinstance(v, (str, bytes)) for v in values)
    ):
        array = np.asarray(values, dtype=object)
    if array.dtype.kind == "f":
        missing = np.flatnonzero(np.isnan(array))
        if missing.size:
            raise ValueError(
                f"{name} contains NaN at position {int(missing[0])}; "
                "every instance needs a class label"
            )
    elif array.dtype.kind == "O":
        import pandas as pd  # isna knows every missing marker: None, nan, pd.NA, NaT

        missing = np.flatnonzero(pd.isna(array))
        if missing.size:
            position = int(missing[0])
            raise ValueError(
                f"{name} contains a missing label ({array[position]!r}) at position {position}; "
                "every instance needs a class label"
            )
    elif array.dtype.kind not in "biuUS":
        raise TypeError(
            f"{name} must hold class labels (integers, strings or booleans); "
            f"got dtype {array.dtype}"
        )
    return array


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
    value = float(value)
    if not 0.0 <= value <= 1.0:  # also rejects nan
        raise ValueError(f"{name} must be a probability in [0, 1]; got {value}")
    return value


def check_positive_number(value, name: str) -> float:
    """Check that ``value`` is a finite real number greater than 0 and return it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive number; got {type(value).__name__}")
    value = float(value)
    if not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{name} must be a finite number greater than 0; got {value}")
    return value


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


# --- scores checks (the threshold of eq. (11) and the single class label of positive=)
def check_threshold(value, name: str = "t") -> float:
    """Check that ``value`` is one real number, not NaN (±inf allowed), and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    value = float(value)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number; got nan")
    return value


def check_label(value, name: str):
    """Check that ``value`` is one class label: hashable, not a collection, not missing.

    A list, tuple, set or array would be compared element by element; a missing marker
    (None, NaN, ``pd.NA``, ``NaT``) equals no label, or cannot even be compared.
    """
    from collections.abc import Hashable

    if isinstance(value, (list, tuple, set, frozenset, dict, np.ndarray)) or not isinstance(
        value, Hashable
    ):
        raise TypeError(
            f"{name} must be a single label (a number, string or bool), not a collection; "
            f"got {type(value).__name__}"
        )
    import pandas as pd  # isna knows every missing marker: None, nan, pd.NA, NaT

    if value is None or bool(pd.isna(value)):
        raise ValueError(
            f"{name} must be a class label (a number, string or bool); got the missing "
            f"value {value!r}"
        )
    return value
