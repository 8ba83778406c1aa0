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


# --- widgets (temporary, core provides it)
def as_number_pair(t, y) -> tuple[np.ndarray, np.ndarray]:
    """Targets ``t`` and predictions ``y`` as two float arrays of the same, non-zero length."""
    empty = "a regression metric needs at least one instance"
    t = as_number_array(t, "t", empty=empty)
    y = as_number_array(y, "y", empty=empty)
    check_same_length(t, y, "t", "y")
    return t, y


def as_profit_matrix(profit_matrix, cm) -> np.ndarray:
    """The profit matrix as a float array aligned with ``cm`` (labels checked if given)."""
    k = cm.n_classes
    if hasattr(profit_matrix, "index") and hasattr(profit_matrix, "columns"):
        rows = [v.item() if isinstance(v, np.generic) else v for v in profit_matrix.index]
        columns = [v.item() if isinstance(v, np.generic) else v for v in profit_matrix.columns]
        if rows != columns and set(rows) == set(columns) and len(rows) == len(columns):
            profit_matrix = profit_matrix.loc[:, rows]
            columns = rows
        if rows != columns:
            raise ValueError(
                "profit_matrix is a DataFrame whose rows and columns name different classes "
                f"({rows!r} and {columns!r}); rows are the target and columns the prediction, "
                "with the same classes"
            )
        if set(rows) != set(cm.labels) or len(rows) != k:
            raise ValueError(
                f"profit_matrix has the classes {rows!r} but the confusion matrix has "
                f"{cm.labels!r}; give one row and one column per class of the confusion matrix"
            )
        order = [rows.index(label) for label in cm.labels]
        array = profit_matrix.to_numpy()[np.ix_(order, order)]
    else:
        if hasattr(profit_matrix, "labels") and hasattr(profit_matrix, "counts"):
            raise TypeError(
                "profit_matrix must be a table of profits (list of lists, array or DataFrame), "
                "not a ConfusionMatrix; did you swap the arguments? profit(cm, profit_matrix)"
            )
        if profit_matrix is None or isinstance(profit_matrix, (str, bytes, numbers.Number)):
            raise TypeError(
                f"profit_matrix must be a {k}×{k} table of numbers; "
                f"got {type(profit_matrix).__name__}"
            )
        try:
            array = np.asarray(profit_matrix)
        except ValueError as exc:  # ragged lists
            raise ValueError(f"profit_matrix must be a square table of numbers; {exc}") from None
    if array.dtype.kind == "O":
        try:
            array = array.astype(float)
        except (TypeError, ValueError):
            raise TypeError("profit_matrix must hold numbers only") from None
    if array.dtype.kind == "b" or array.dtype.kind not in "iuf":
        raise TypeError(f"profit_matrix must hold numbers; got dtype {array.dtype}")
    if array.shape != (k, k):
        raise ValueError(
            f"profit_matrix has shape {array.shape} but the confusion matrix is {k}×{k} "
            f"(classes {cm.labels!r}); it needs the same shape, rows = target, "
            "columns = prediction"
        )
    array = array.astype(float)
    bad = np.argwhere(~np.isfinite(array))
    if bad.size:
        i, j = bad[0]
        raise ValueError(f"profit_matrix contains {array[i, j]} at row {i}, column {j}")
    return array
