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
from collections.abc import Mapping

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
    # as they are (from_labels rejects mixed types unless labels= lists them);
    # and numpy also merges b"a" with "a", and drops trailing NULs ("a\x00" becomes "a")
    if array.dtype.kind in "US" and not isinstance(values, np.ndarray):
        empty, nul = ("", "\x00") if array.dtype.kind == "U" else (b"", b"\x00")
        try:  # one C-level pass, which fails on a value of another type
            same = nul not in empty.join(values)
        except TypeError:
            same = False
        if not same:
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


#: The hint given for an empty ``t`` or ``y`` of a regression metric.
EMPTY_REGRESSION = "a regression metric needs at least one instance"


def as_number_pair(t, y) -> tuple[np.ndarray, np.ndarray]:
    """Targets ``t`` and predictions ``y`` as two float arrays of the same, non-zero length.

    Each is checked by :func:`as_number_array` (1-D, finite real numbers), and the two
    must describe the same instances.
    """
    t = as_number_array(t, "t", empty=EMPTY_REGRESSION)
    y = as_number_array(y, "y", empty=EMPTY_REGRESSION)
    check_same_length(t, y, "t", "y")
    return t, y


def plain_value(value):
    """numpy scalars become plain Python values, so labels print as ``'spam'``, not ``np.str_``."""
    return value.item() if isinstance(value, np.generic) else value


def check_label(value, name: str):
    """One class label: hashable, not missing, not a sequence of labels; as a plain value."""
    if isinstance(value, (list, tuple, set, dict, np.ndarray)) or (
        hasattr(value, "index") and hasattr(value, "dtype")
    ):
        raise TypeError(
            f"{name} must be a single class label; got {type(value).__name__} {value!r}"
        )
    if is_missing(value):
        raise ValueError(
            f"{name} must be a class label (a number, string or bool); got the missing "
            f"value {value!r}"
        )
    return check_labels([value], name)[0]


def check_labels(labels, name: str = "labels") -> list:
    """A list of unique, hashable, non-missing class labels, as plain Python values.

    Refuses missing markers (None, NaN, ``pd.NA``, NaT), unhashable values (a dict, a
    list) and two labels that Python counts as one class (``1`` and ``True``).
    """
    if isinstance(labels, (str, bytes)) or np.ndim(as_array(labels, name, dtype=object)) != 1:
        raise TypeError(f"{name} must be a list of class labels; got {labels!r}")
    labels = [plain_value(v) for v in labels]
    if not labels:
        raise ValueError(f"{name} is empty; give at least one class label")
    for position, value in enumerate(labels):
        if is_missing(value):
            raise ValueError(f"{name} contains a missing value ({value!r}) at position {position}")
        try:
            hash(value)
        except TypeError:
            raise TypeError(
                f"{name} contains {value!r} ({type(value).__name__}) at position {position}; "
                "a class label must be a hashable value such as a string or an int"
            ) from None
    seen = set()
    for value in labels:
        if value in seen:
            raise ValueError(f"{name} contains {value!r} more than once; labels must be unique")
        seen.add(value)
    return labels


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


def check_table_cells(array: np.ndarray, name: str) -> None:
    """Refuse a table whose cells are not real numbers (text, booleans, objects)."""
    if array.dtype.kind == "O":
        for index, value in np.ndenumerate(array):
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
                where = ", ".join(str(i) for i in index)
                raise TypeError(
                    f"{name} must hold numbers; got {type(value).__name__} {value!r} at [{where}]"
                )
    elif array.dtype.kind == "b" or array.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers; got dtype {array.dtype}")


def frame_from_mapping(mapping, name: str, *, fill=None):
    """A nested mapping ``{target: {prediction: value}}`` as a labelled DataFrame.

    Rows (the targets) keep the mapping's order; columns follow the same order. A cell
    the mapping leaves out is ``fill`` (0 for counts), or an error if ``fill`` is None.
    """
    import pandas as pd

    rows = check_labels(list(mapping), f"the keys of {name}")
    for row in rows:
        if not isinstance(mapping[row], Mapping):
            raise TypeError(
                f"{name}[{row!r}] must be a mapping {{prediction: value}}; "
                f"got {type(mapping[row]).__name__}"
            )
        for column in mapping[row]:
            if column not in rows:
                raise ValueError(
                    f"{name}[{row!r}] names the class {column!r}, which is not a key of "
                    f"{name} ({rows!r}); every class needs a row"
                )
    table = []
    for row in rows:
        cells = []
        for column in rows:
            if column not in mapping[row] and fill is None:
                raise ValueError(
                    f"{name}[{row!r}] has no value for the class {column!r}; give one value "
                    "per (target, prediction) pair"
                )
            value = mapping[row].get(column, fill)
            if isinstance(value, (bool, np.bool_)):
                raise TypeError(f"{name}[{row!r}][{column!r}] must be a number, not a bool")
            cells.append(value)
        table.append(cells)
    return pd.DataFrame(
        as_array(table, name),
        index=pd.Index(rows, name="target"),
        columns=pd.Index(rows, name="prediction"),
    )


def as_profit_matrix(profit_matrix, cm) -> np.ndarray:
    """The profit matrix as a float array aligned with the confusion matrix ``cm``.

    ``profit_matrix`` is a k×k table of finite numbers (rows = target, columns =
    prediction), or a DataFrame whose index and columns name the classes of ``cm``, or a
    mapping ``{target: {prediction: profit}}`` (both aligned by label). Text, booleans
    and other objects are refused with a ``TypeError``.
    """
    k = cm.n_classes
    if isinstance(profit_matrix, Mapping):
        profit_matrix = frame_from_mapping(profit_matrix, "profit_matrix")
    if hasattr(profit_matrix, "index") and hasattr(profit_matrix, "columns"):
        rows = [plain_value(v) for v in profit_matrix.index]
        columns = [plain_value(v) for v in profit_matrix.columns]
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
        if isinstance(profit_matrix, type(cm)):
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
    check_table_cells(array, "profit_matrix")
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


#: The largest count a confusion matrix cell may hold (int64).
MAX_CELL_COUNT = np.iinfo(np.int64).max


def as_count_table(counts, name: str = "counts") -> np.ndarray:
    """A square k×k table of non-negative whole numbers below 2**63, as read-only int64."""
    try:
        array = np.asarray(counts)
    except Exception as exc:  # ragged lists and the like
        raise ValueError(f"{name} must be a square table of numbers; {exc}") from None
    if array.dtype.kind == "O" and array.ndim == 2:  # numpy keeps ints beyond int64 as objects
        for (i, j), value in np.ndenumerate(array):
            integral = isinstance(value, numbers.Integral) and not isinstance(value, bool)
            if integral and not 0 <= value <= MAX_CELL_COUNT:
                raise ValueError(
                    f"{name} must be non-negative and below 2**63 (int64); got {value} at "
                    f"row {i}, column {j}"
                )
    if array.dtype.kind == "b" or array.dtype.kind not in "iuf":
        raise TypeError(
            f"{name} must hold whole numbers (int); got dtype {array.dtype}"
            + (" (a ragged or non-numeric table?)" if array.dtype.kind == "O" else "")
        )
    if array.ndim != 2:
        raise ValueError(f"{name} must be a square 2-D table; got an array of shape {array.shape}")
    if array.shape[0] != array.shape[1]:
        raise ValueError(
            f"{name} must be square (one row and one column per class); got shape {array.shape}"
        )
    if array.size == 0:
        raise ValueError(f"{name} is empty; a confusion matrix needs at least one class")
    if array.dtype.kind == "f":
        bad = np.argwhere(~np.isfinite(array))
        if bad.size:
            i, j = bad[0]
            raise ValueError(f"{name} contains {array[i, j]} at row {i}, column {j}")
        bad = np.argwhere(array != np.round(array))
        if bad.size:
            i, j = bad[0]
            raise ValueError(
                f"{name} must be whole numbers; got {array[i, j]} at row {i}, column {j}"
            )
    bad = np.argwhere(array < 0)
    if bad.size:
        i, j = bad[0]
        raise ValueError(f"{name} must be non-negative; got {array[i, j]} at row {i}, column {j}")
    bad = np.argwhere(array >= 2.0**63 if array.dtype.kind == "f" else array > MAX_CELL_COUNT)
    if bad.size:
        i, j = bad[0]
        raise ValueError(
            f"{name} must be below 2**63 (int64); got {array[i, j]} at row {i}, column {j}"
        )
    result = array.astype(np.int64)
    result.setflags(write=False)
    return result


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
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise TypeError(f"{name} must be a number in (0, 1); got {type(confidence).__name__}")
    confidence = float(confidence)
    if not 0.0 < confidence < 1.0:  # also rejects nan
        raise ValueError(f"{name} must be strictly between 0 and 1, e.g. 0.95; got {confidence}")
    return confidence


def check_count(value, name: str, *, minimum: int = 1, floats: bool = True) -> int:
    """A whole number in [minimum, :data:`MAX_COUNT`] (a test-set size, degrees of freedom)."""
    value = check_whole_number(value, name, minimum=minimum, floats=floats)
    if value > MAX_COUNT:
        raise ValueError(
            f"{name} must be at most 2**53 = {MAX_COUNT} (larger counts are not exact in "
            f"floating point); got {shown_number(value)}"
        )
    return value


def check_successes(k, n) -> tuple[int, int]:
    """Check a count of successes ``k`` out of ``n`` trials (whole numbers, 0 <= k <= n, n >= 1)."""
    n = check_count(n, "n", minimum=1)
    k = check_whole_number(k, "k", minimum=0, floats=True)
    if k > n:
        raise ValueError(f"k must be between 0 and n = {n}; got {shown_number(k)}")
    return k, n


def shown_number(value) -> str:
    """A number for an error message, however large (``str`` of a 5,000-digit int fails)."""
    if isinstance(value, numbers.Integral) and abs(value) >= 10**30:
        return f"about 10^{math.log10(abs(value)):.1f}"
    return repr(value)


def check_size(function: str, **factors: int) -> None:
    """Refuse, before allocating, a computation whose memory grows as the product of
    ``factors`` (e.g. ``n=n, k=k`` for k-fold) beyond :data:`MAX_ELEMENTS` values."""
    elements = math.prod(factors.values())
    if elements > MAX_ELEMENTS:
        names = " · ".join(factors)
        values = " · ".join(shown_number(value) for value in factors.values())
        product = f" = {shown_number(elements)}" if len(factors) > 1 else ""
        raise ValueError(
            f"{function}: {names} = {values}{product} values to hold in memory, more than "
            f"the limit of {MAX_ELEMENTS:_} (800 MB); use fewer instances or repetitions"
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


def check_metric_value(value, metric) -> float:
    """The value a user's ``metric(cm)`` returned, as a float (nan stays nan: 0/0)."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        name = getattr(metric, "__name__", type(metric).__name__)
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise TypeError(
            f"metric must return a number; {name}(cm) returned {type(value).__name__} {shown}"
        )
    return float(value)


def check_metric(metric) -> None:
    """Check that ``metric`` is a function of a confusion matrix."""
    if not callable(metric):
        raise TypeError(
            "metric must be a function of a confusion matrix, such as evalbook.accuracy; "
            f"got {type(metric).__name__}"
        )


def check_fractions(fractions, name: str, *, parts: int) -> np.ndarray:
    """``parts`` positive shares that add up to 1."""
    if isinstance(fractions, (str, bytes)) or np.ndim(as_array(fractions, name)) != 1:
        raise TypeError(f"{name} must be a sequence of {parts} numbers; got {fractions!r}")
    values = list(fractions)
    if len(values) != parts:
        raise ValueError(f"{name} must have {parts} entries; got {len(values)}: {values!r}")
    for value in values:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must hold numbers; got {type(value).__name__} {value!r}")
    array = np.asarray(values, dtype=float)
    if not np.all(np.isfinite(array)) or np.any(array <= 0):
        raise ValueError(f"every entry of {name} must be a number greater than 0; got {values}")
    if not math.isclose(array.sum(), 1.0, rel_tol=0.0, abs_tol=1e-9):
        raise ValueError(f"{name} must add up to 1; {values} add up to {array.sum():.6g}")
    return array


def check_class_counts(class_counts) -> tuple[list | None, list[int]]:
    """Counts per class from a sequence or a mapping ``{class: count}`` (a dict, a Counter,
    a pandas Series such as ``y.value_counts()``): ``(classes or None, counts)``, where the
    classes are the mapping's keys in its order (None for a plain sequence)."""
    from collections.abc import Mapping

    classes = None
    if hasattr(class_counts, "index") and hasattr(class_counts, "to_numpy"):  # a Series
        if np.ndim(class_counts) != 1:
            raise TypeError("class_counts must be one-dimensional (one count per class)")
        classes, values = list(class_counts.index), class_counts.tolist()
    elif isinstance(class_counts, Mapping):
        classes, values = list(class_counts.keys()), list(class_counts.values())
    elif (
        isinstance(class_counts, (str, bytes))
        or np.ndim(as_array(class_counts, "class_counts")) != 1
    ):
        raise TypeError(
            "class_counts must be a sequence of counts or a mapping {class: count}; "
            f"got {class_counts!r}"
        )
    else:
        values = list(class_counts)
    if not values:
        raise ValueError("class_counts is empty; give the number of instances of each class")
    for value in values:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            raise TypeError(
                f"class_counts must hold whole numbers; got {type(value).__name__} {value!r}"
            )
    values = [int(value) for value in values]  # Python ints: no overflow
    if any(value < 0 for value in values):
        raise ValueError(f"class_counts must not be negative; got {values}")
    total = sum(values)
    if total == 0:
        raise ValueError("class_counts are all 0; there is nothing to sample")
    if total > MAX_COUNT:
        raise ValueError(
            f"class_counts add up to {shown_number(total)} instances, more than the limit of "
            f"2**53 = {MAX_COUNT}"
        )
    return classes, values


def check_folds(k, n: int) -> int:
    """A number of folds ``2 <= k <= n``."""
    k = check_whole_number(k, "k", minimum=2)
    if k > n:
        raise ValueError(
            f"k={shown_number(k)} is larger than the number of instances n={n}: every fold "
            "needs at least one instance"
        )
    return k


def check_stratifiable(classes, counts, k: int, *, stacklevel: int) -> None:
    """Refuse stratified folds if every class has fewer than ``k`` instances; warn if some do."""
    counts = np.asarray(counts)
    classes = classes.tolist() if isinstance(classes, np.ndarray) else list(classes)
    if np.all(counts < k):
        raise ValueError(
            f"k={k} is larger than the number of instances of every class "
            f"({dict(zip(classes, counts.tolist(), strict=True))}); "
            "stratified folds need at least k instances of some class"
        )
    if np.any(counts < k):
        small = {c: int(m) for c, m in zip(classes, counts, strict=True) if m < k}
        warnings.warn(
            f"the least populated class has fewer than k={k} instances {small}: some folds "
            "will have none of it",
            UserWarning,
            stacklevel=stacklevel + 1,
        )


def check_splits(splits, n: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(train, test)`` pairs of non-empty integer positions in ``0 .. n-1``, as a list."""
    from collections.abc import Iterable

    if isinstance(splits, (str, bytes)) or not isinstance(splits, Iterable):
        raise TypeError(
            "splits must be an iterable of (train_indices, test_indices) pairs, such as "
            f"kfold(n, k=10); got {type(splits).__name__}"
        )
    pairs = []
    for number, pair in enumerate(splits):
        try:
            train, test = pair
        except (TypeError, ValueError):
            raise TypeError(
                f"split {number} must be a (train_indices, test_indices) pair; got {pair!r}"
            ) from None
        checked = []
        for indices, role in ((train, "training"), (test, "test")):
            array = np.asarray(indices)
            if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
                raise TypeError(
                    f"the {role} indices of split {number} must be a 1-D array of integer "
                    f"positions; got dtype {array.dtype}, shape {array.shape}"
                )
            array = array.astype(np.intp)
            if array.size == 0:
                raise ValueError(f"the {role} set of split {number} is empty")
            if array.min() < 0 or array.max() >= n:
                raise ValueError(
                    f"the {role} indices of split {number} must be positions 0..{n - 1}; "
                    f"got {int(array.min())}..{int(array.max())}"
                )
            checked.append(array)
        pairs.append((checked[0], checked[1]))
    if not pairs:
        raise ValueError("splits is empty; it must hold at least one (train, test) pair")
    return pairs


def holds_real_numbers(array: np.ndarray) -> bool:
    """Whether ``array`` holds real numbers only: an integer or float dtype, or objects that
    are all real numbers. Booleans and text (``'0.5'``, which numpy would convert) are not."""
    if array.dtype.kind in "iuf":
        return True
    return array.dtype.kind == "O" and all(
        isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) for v in array.ravel()
    )


def as_error_rates(value, name: str) -> np.ndarray:
    """Error rates in [0, 1]: a number or an array of numbers (not booleans, not text)."""
    if isinstance(value, (str, bytes, bool, np.bool_)) or value is None:
        raise TypeError(f"{name} must be an error rate in [0, 1]; got {value!r}")
    array = as_array(value, name)
    if not holds_real_numbers(array):
        raise TypeError(
            f"{name} must hold error rates (numbers in [0, 1]); got dtype {array.dtype}"
        )
    array = array.astype(float)
    if array.size == 0 or not np.all((array >= 0) & (array <= 1)):  # also rejects nan
        raise ValueError(f"{name} must be an error rate in [0, 1]; got {value!r}")
    return array


def as_score_table(scores) -> tuple[np.ndarray, tuple]:
    """A table of scores (rows = datasets, columns = algorithms), N >= 2, k >= 3, as
    ``(values, labels)``. A DataFrame or a mapping ``{algorithm: scores}`` names the
    algorithms; numbers only (no booleans, no text)."""
    from collections.abc import Mapping

    labels = None
    if isinstance(scores, Mapping):
        labels = tuple(scores.keys())
        columns = [as_array(column, "scores") for column in scores.values()]
        if any(column.ndim != 1 for column in columns) or len({c.size for c in columns}) > 1:
            raise ValueError(
                "scores given as a mapping {algorithm: scores} must hold one sequence per "
                "algorithm, all of the same length (one score per dataset)"
            )
        scores = np.column_stack(columns) if columns else np.empty((0, 0))
    elif hasattr(scores, "columns") and hasattr(scores, "to_numpy"):
        labels = tuple(scores.columns)
        scores = scores.to_numpy()
    if (
        scores is None
        or isinstance(scores, (str, bytes))
        or np.ndim(as_array(scores, "scores")) == 0
    ):
        raise TypeError(
            "scores must be a table (rows = datasets, columns = algorithms); "
            f"got {type(scores).__name__}"
        )
    array = as_array(scores, "scores")
    if array.dtype.kind == "b":
        raise TypeError("scores must hold numbers (e.g. accuracies), not booleans")
    if not holds_real_numbers(array):
        bad = [v for v in array.ravel() if not holds_real_numbers(np.array([v], dtype=object))]
        example = f": got {type(bad[0]).__name__} {bad[0]!r}" if bad else ""
        raise TypeError(f"scores must hold numbers only, in rows of equal length{example}")
    values = array.astype(float)
    if values.ndim != 2:
        raise ValueError(
            f"scores must be two-dimensional (rows = datasets, columns = algorithms); "
            f"got shape {values.shape}"
        )
    n, k = values.shape
    if n < 2:
        raise ValueError(f"scores needs at least two datasets (rows); got {n}")
    if k < 3:
        raise ValueError(
            f"scores needs at least three algorithms (columns); got {k}. "
            "For two, use compare_algorithms on the differences"
        )
    if not np.all(np.isfinite(values)):
        raise ValueError("scores contains nan or infinite values")
    return values, labels if labels is not None else tuple(range(k))


# --- scores checks (the threshold of eq. (11) and the single class label of positive=)
def check_threshold(value, name: str = "t") -> float:
    """Check that ``value`` is one real number, not NaN (±inf allowed), and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    value = float(value)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number; got nan")
    return value


# --- dedup: argument checks moved here from local helpers and inline code of language.py
# (class-score tables, BLEU sentences and weights), agreement/summary/intervals (an empty
# matrix), comparison.py, splits.py, scored.py, scores.py, confusion.py and crossval.py
#: Largest accepted distance of a probability row's sum from 1.
SUM_TOLERANCE = 1e-6


def as_class_score_table(
    y_true, scores, labels, *, name="probabilities", distributions=True
) -> tuple[np.ndarray, np.ndarray]:
    """The checked (n, k) table and, for each instance, the column of its true class.

    With ``distributions=True`` every row must be a probability distribution; otherwise
    any finite real numbers are accepted (logits, decision-function output).
    """
    y_true = as_label_array(y_true, "y_true")
    if scores is None or isinstance(scores, (str, bytes)):
        raise TypeError(f"{name} must be a table of numbers, one row per instance")
    table = as_array(scores, name)
    check_table_cells(table, name)
    table = table.astype(float)
    if table.ndim != 2:
        raise ValueError(
            f"{name} must be two-dimensional, one row per instance and one column per "
            f"class; got an array of shape {table.shape}"
        )
    check_same_length(y_true, table, "y_true", name)
    k = table.shape[1]
    if k < 2:
        raise ValueError(f"{name} must have at least two columns (classes); got {k}")
    bad = np.argwhere(~np.isfinite(table))
    if bad.size:
        row, column = (int(v) for v in bad[0])
        raise ValueError(f"{name}[{row}, {column}] is {table[row, column]}; not a number")
    if distributions:
        check_distributions(table)
    return table, as_true_columns(y_true, labels, k, name)


def check_distributions(table: np.ndarray) -> None:
    """Refuse a row of probabilities that is negative or does not sum to 1."""
    bad = np.argwhere(table < 0)
    if bad.size:
        row, column = (int(v) for v in bad[0])
        raise ValueError(
            f"probabilities[{row}, {column}] = {table[row, column]} is negative; each row "
            "must be a probability distribution"
        )
    sums = table.sum(axis=1)
    off = np.flatnonzero(np.abs(sums - 1.0) > SUM_TOLERANCE)
    if off.size:
        row = int(off[0])
        raise ValueError(
            f"row {row} of probabilities sums to {sums[row]:.6g}, not 1 ({off.size} rows do "
            "not); each row must be a probability distribution over the classes"
        )


def as_true_columns(y_true: np.ndarray, labels, k: int, name: str) -> np.ndarray:
    """The column of the table that holds each instance's true class."""
    if labels is None:
        if y_true.dtype.kind not in "iu" and not (
            y_true.dtype.kind == "O" and all(isinstance(v, numbers.Integral) for v in y_true)
        ):
            raise TypeError(
                "y_true holds labels that are not column numbers; pass labels= listing the "
                "class of each column of probabilities (for a scikit-learn model, "
                "labels=model.classes_)"
            )
        # compared as Python ints first: a label beyond int64 (2**70) is simply outside
        outside = [i for i, v in enumerate(y_true.tolist()) if not 0 <= v < k]
        if outside:
            position = outside[0]
            raise ValueError(
                f"y_true[{position}] = {y_true[position]} is not a column of {name} "
                f"(0 to {k - 1}); pass labels= if the classes are not 0, 1, ..., k − 1"
            )
        return y_true.astype(np.int64)

    labels = check_labels(as_label_array(labels, "labels").tolist())
    if len(labels) != k:
        raise ValueError(
            f"labels has {len(labels)} classes but {name} has {k} columns; give one "
            "label per column, in the same order"
        )
    index = {label: column for column, label in enumerate(labels)}
    columns = np.empty(y_true.size, dtype=np.int64)
    for position, label in enumerate(y_true.tolist()):
        if label not in index:
            raise ValueError(f"y_true[{position}] = {label!r} is not one of labels {labels!r}")
        columns[position] = index[label]
    return columns


def as_tokens(text, name: str) -> tuple:
    """A sentence as a tuple of tokens: a string split on whitespace, or a sequence."""
    if isinstance(text, str):
        tokens = tuple(text.split())
    elif isinstance(text, (list, tuple, np.ndarray)):
        tokens = tuple(text.tolist() if isinstance(text, np.ndarray) else text)
        for position, token in enumerate(tokens):
            if not isinstance(token, str):
                raise TypeError(
                    f"{name} must be a string or a sequence of string tokens; token "
                    f"{position} is {type(token).__name__} {token!r}"
                )
    else:
        raise TypeError(
            f"{name} must be a string or a sequence of string tokens; got {type(text).__name__}"
        )
    return tokens


def as_bleu_sentences(candidate, references) -> tuple[tuple, list[tuple]]:
    """The candidate and the references as token tuples, following the module's rule.

    ``references`` is one reference as a string, or a list (or tuple) of references, each
    a string or a sequence of tokens. A flat list of strings is a list of whole
    references, one per string; with a candidate given as tokens it is refused, because
    it is most likely one tokenised reference (read as many one-word references, it
    would silently give a wrong score).
    """
    tokenised = not isinstance(candidate, str)
    candidate = as_tokens(candidate, "candidate")
    if not candidate:
        raise ValueError("candidate is empty; BLEU needs a candidate with at least one word")
    if isinstance(references, str):  # one reference: not ambiguous, whatever the candidate
        references, tokenised = [references], False
    if not isinstance(references, (list, tuple)):
        raise TypeError(
            "references must be a string or a list of references (strings or token lists); "
            f"got {type(references).__name__}"
        )
    if len(references) == 0:
        raise ValueError("references is empty; BLEU needs at least one reference translation")
    if tokenised and all(isinstance(reference, str) for reference in references):
        raise TypeError(
            "references is a list of strings but candidate is a list of tokens: is it one "
            "tokenised reference or several references of one word each? Wrap one "
            "tokenised reference in a list, references=[tokens] (a list of token lists), "
            "or pass the candidate as a string"
        )
    refs = [as_tokens(reference, f"references[{i}]") for i, reference in enumerate(references)]
    for i, reference in enumerate(refs):
        if not reference:
            raise ValueError(
                f"references[{i}] is empty; every reference translation needs at least one "
                "word (an empty one would be the closest length to a short candidate)"
            )
    return candidate, refs


def check_nonempty(cm, needs: str, name: str = "cm"):
    """Refuse a confusion matrix with no instances; ``needs`` says what an empty one lacks."""
    if cm.n == 0:
        raise ValueError(f"{name} has no instances (every count is 0); {needs}")
    return cm


def as_differences(differences) -> np.ndarray:
    """Paired differences of two algorithms, one per dataset or fold: at least two numbers."""
    values = as_number_array(
        differences, "differences", what="difference", empty="give one per dataset or fold"
    )
    if values.size < 2:
        raise ValueError(
            f"differences needs at least two values (k ≥ 2 datasets or folds); got {values.size}"
        )
    return values


def check_finite_number(value, name: str) -> float:
    """Check that ``value`` is one finite real number (of any sign) and return it."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number; got {type(value).__name__} {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value!r}")
    return float(value)


def as_size_or_labels(y_or_n, *, stratify, name: str = "y_or_n"):
    """``(n, y)`` from a number of instances or their labels; the label array ``y`` only
    if ``stratify`` (a splitter that stratifies needs the class of each instance)."""
    check_flag(stratify, "stratify")
    if isinstance(y_or_n, numbers.Integral) and not isinstance(y_or_n, (bool, np.bool_)):
        n = check_whole_number(y_or_n, name, minimum=1)
        if stratify:
            raise ValueError(
                f"stratify=True needs the class of each instance: pass the labels y as "
                f"{name}, not the number of instances ({n})"
            )
        return n, None
    if isinstance(y_or_n, (bool, np.bool_, numbers.Number)):
        raise TypeError(
            f"{name} must be a number of instances (int) or a sequence of class labels; "
            f"got {type(y_or_n).__name__} {y_or_n!r}"
        )
    y = as_label_array(y_or_n, name)
    return y.size, (y if stratify else None)


def positive_mask(labels: np.ndarray, positive) -> np.ndarray:
    """``labels == positive`` as a boolean array, refused if ``positive`` never occurs."""
    is_positive = np.asarray(labels == positive, dtype=bool)
    if is_positive.shape != labels.shape or not is_positive.any():
        found = sorted({plain_value(v) for v in labels}, key=repr)
        raise ValueError(
            f"positive={positive!r} does not occur in y_true, whose labels are {found[:10]!r}"
        )
    return is_positive


def as_thresholds(t, name: str = "t"):
    """One threshold (a float, as :func:`check_threshold`) or many (a numeric array, no nan)."""
    values = as_array(t, name)
    if values.ndim == 0:
        return check_threshold(t, name)
    if values.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers; got dtype {values.dtype}")
    missing = np.flatnonzero(np.isnan(values))
    if missing.size:
        raise ValueError(f"{name} contains nan at position {int(missing[0])}")
    return values


def check_known_labels(found, labels: list, name: str) -> None:
    """Refuse a label found in ``name`` (``y_true``, ``y_pred``) that ``labels`` omits."""
    known = set(labels)
    for value in found:
        if value not in known:
            raise ValueError(
                f"{name} contains the label {value!r}, which is not in labels {labels!r}"
            )


def check_same_classes(labels, names: list, what: str) -> list:
    """``labels``, checked to be an ordering of the classes ``names`` (those of ``what``)."""
    labels = check_labels(labels)
    if len(labels) != len(names) or set(labels) != set(names):
        raise ValueError(
            f"labels must list the classes of {what}, {names!r}, in any order; got {labels!r}"
        )
    return labels


def check_estimator(model) -> None:
    """Refuse a ``model`` without the ``fit(X, y)`` and ``predict(X)`` of an estimator."""
    if not (hasattr(model, "fit") and hasattr(model, "predict")):
        raise TypeError(
            "model must be an estimator with fit(X, y) and predict(X) methods, such as "
            f"sklearn.tree.DecisionTreeClassifier(); got {type(model).__name__}"
        )


def as_features(X, n: int):
    """The feature table ``X`` (a DataFrame as it is, else an array) with one row per label."""
    if not hasattr(X, "iloc"):
        X = as_array(X, "X")
    if X.ndim == 0 or len(X) != n:
        length = "a single value" if X.ndim == 0 else f"{len(X)} rows"
        raise ValueError(f"X and y must describe the same instances; X has {length}, y has {n}")
    return X


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


def as_bleu_weights(weights, max_n: int) -> np.ndarray:
    """BLEU's weights of the n-gram orders 1..max_n: non-negative, summing to 1 (default
    uniform)."""
    if weights is None:
        return np.full(max_n, 1.0 / max_n)
    weights = as_number_array(
        weights, "weights", what="weight", empty="give one weight per n-gram order"
    )
    if weights.size != max_n:
        raise ValueError(
            f"weights has {weights.size} values but max_n = {max_n}; give one weight per "
            "n-gram order 1..max_n"
        )
    if np.any(weights < 0):
        raise ValueError(f"weights must be non-negative numbers; got {weights.tolist()}")
    if abs(weights.sum() - 1.0) > 1e-9:
        raise ValueError(f"weights must sum to 1; they sum to {weights.sum():.6g}")
    return weights


def as_curve_points(x, y) -> tuple[np.ndarray, np.ndarray]:
    """The points of a curve for the trapezoid rule: at least two, ``x`` monotonic."""
    x = as_number_array(x, "x", what="coordinate", empty="a curve needs at least 2 points")
    y = as_number_array(y, "y", what="coordinate", empty="a curve needs at least 2 points")
    check_same_length(x, y, "x", "y")
    if x.size < 2:
        raise ValueError(f"x must have at least 2 points to enclose an area; got {x.size}")
    steps = np.diff(x)
    if not (np.all(steps >= 0) or np.all(steps <= 0)):
        raise ValueError("x must be monotonic (non-decreasing or non-increasing)")
    return x, y


def mixed_labels_error(values, subject: str, *, hint: str = "") -> TypeError:
    """The error for labels that cannot be ordered because they mix types (1 and '1');
    ``subject`` is the start of the sentence ("y mixes", "y_true and y_pred mix")."""
    kinds = ", ".join(sorted({type(plain_value(v)).__name__ for v in values}))
    shown = [plain_value(v) for v in values[:4]]
    return TypeError(
        f"{subject} labels of different types ({kinds}), e.g. {shown!r}; a label 1 and a "
        f"label '1' are different classes. Convert them to one type{hint}"
    )


def counts_from_frame(frame):
    """Counts and labels from a DataFrame whose index and columns name the same classes.

    Rows are read as the target, except in a frame laid out as caret's (index named
    ``"prediction"``, as ``to_frame("caret")`` makes it), which is transposed back.
    """
    if frame.index.name == "prediction" and frame.columns.name in ("reference", "target"):
        frame = frame.T
    rows = [plain_value(v) for v in frame.index]
    columns = [plain_value(v) for v in frame.columns]
    if set(rows) != set(columns) or len(rows) != len(columns):
        raise ValueError(
            "counts is a DataFrame whose index and columns name different classes "
            f"({rows!r} and {columns!r}); pass counts.to_numpy() and labels= instead"
        )
    return frame.loc[:, frame.index].to_numpy(), rows
