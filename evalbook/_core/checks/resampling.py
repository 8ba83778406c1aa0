"""Validation and inference: sizes, splits, folds, metrics, confidence levels, tables of scores."""

from __future__ import annotations

import math
import numbers
import warnings
from collections.abc import Mapping

import numpy as np

from evalbook._core.checks.labels import check_labels
from evalbook._core.checks.policy import (
    MAX_COUNT,
    MAX_ELEMENTS,
    as_array,
    as_floats,
    as_number_array,
    check_count,
    check_size,
    check_whole_number,
    shown_number,
)

__all__ = [
    "as_differences",
    "as_error_rates",
    "as_features",
    "as_score_table",
    "check_class_counts",
    "check_estimator",
    "check_folds",
    "check_fractions",
    "check_friedman_exact_size",
    "check_metric",
    "check_metric_value",
    "check_signature",
    "check_splits",
    "check_stratifiable",
    "check_successes",
    "estimator_failure",
    "holds_real_numbers",
]


def check_successes(k, n) -> tuple[int, int]:
    """Check a count of successes ``k`` out of ``n`` trials (whole numbers, 0 <= k <= n, n >= 1)."""
    n = check_count(n, "n", minimum=1)
    k = check_whole_number(k, "k", minimum=0, floats=True)
    if k > n:
        raise ValueError(f"k must be between 0 and n = {n}; got {shown_number(k)}")
    return k, n


def check_metric_value(value, metric, *, call: str = "cm", finite: bool = False) -> float:
    """The value a user's ``metric(cm)`` returned, as a float (nan stays nan: 0/0).

    ``call`` is what the metric was called with, for the message (``"y_true, y_pred"``).
    With ``finite=True`` (a bootstrap interval) ±inf is refused: the percentiles of values
    that include an infinity are not numbers (``inf − inf``), and leaving those resamples
    out would hide the worst ones and shift the interval.
    """
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    name = getattr(metric, "__name__", type(metric).__name__)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise TypeError(
            f"metric must return a number; {name}({call}) returned {type(value).__name__} {shown}"
        )
    value = float(value)
    if finite and math.isinf(value):
        raise ValueError(
            f"metric must return a finite number for a bootstrap interval; {name}({call}) "
            f"returned {value}, whose percentiles are undefined. Bound the metric first "
            "(e.g. clip the probabilities of a log loss away from 0 and 1)"
        )
    return value


def check_signature(function, name: str, expected: str, *args, hint: str = "") -> None:
    """Refuse ``function`` (the argument ``name``) unless it can be called with ``args``.

    ``args`` are examples of what it will be given (a confusion matrix; y_true and
    y_pred; a seed); ``expected`` is the signature it must have, for the message
    (``"metric(y_true, y_pred) -> float"``). A callable whose signature Python cannot
    read (some builtins) passes: its first call will tell.
    """
    if not callable(function):
        raise TypeError(f"{name} must be a function {expected}; got {type(function).__name__}")
    import inspect

    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return
    try:
        signature.bind(*args)
    except TypeError:
        shown = getattr(function, "__name__", type(function).__name__)
        signature = signature.replace(return_annotation=inspect.Signature.empty)
        count = f"{len(args)} argument" + ("" if len(args) == 1 else "s")
        raise TypeError(
            f"{name} must be a function {expected}; {shown}{signature} cannot be called with "
            f"{count}{hint}"
        ) from None


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
                f"splits: split {number} must be a (train_indices, test_indices) pair; got {pair!r}"
            ) from None
        checked = []
        for indices, role in ((train, "training"), (test, "test")):
            array = np.asarray(indices)
            if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
                raise TypeError(
                    f"splits: the {role} indices of split {number} must be a 1-D array of integer "
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
    array = as_floats(array, name)
    if array.size == 0 or not np.all((array >= 0) & (array <= 1)):  # also rejects nan
        raise ValueError(f"{name} must be an error rate in [0, 1]; got {value!r}")
    return array


def as_score_table(score_table) -> tuple[np.ndarray, tuple]:
    """A table of scores (rows = datasets, columns = algorithms), N >= 2, k >= 3, as
    ``(values, labels)``. A DataFrame or a mapping ``{algorithm: scores}`` names the
    algorithms; numbers only (no booleans, no text)."""

    labels = None
    if isinstance(score_table, Mapping):
        labels = tuple(score_table.keys())
        columns = [as_array(column, "score_table") for column in score_table.values()]
        if any(column.ndim != 1 for column in columns) or len({c.size for c in columns}) > 1:
            raise ValueError(
                "score_table given as a mapping {algorithm: scores} must hold one sequence per "
                "algorithm, all of the same length (one score per dataset)"
            )
        score_table = np.column_stack(columns) if columns else np.empty((0, 0))
    elif hasattr(score_table, "columns") and hasattr(score_table, "to_numpy"):
        labels = tuple(score_table.columns)
        score_table = score_table.to_numpy()
    if (
        score_table is None
        or isinstance(score_table, (str, bytes))
        or np.ndim(as_array(score_table, "score_table")) == 0
    ):
        raise TypeError(
            "score_table must be a table (rows = datasets, columns = algorithms); "
            f"got {type(score_table).__name__}"
        )
    array = as_array(score_table, "score_table")
    if array.dtype.kind == "b":
        raise TypeError("score_table must hold numbers (e.g. accuracies), not booleans")
    if not holds_real_numbers(array):
        bad = [v for v in array.ravel() if not holds_real_numbers(np.array([v], dtype=object))]
        example = f": got {type(bad[0]).__name__} {bad[0]!r}" if bad else ""
        raise TypeError(f"score_table must hold numbers only, in rows of equal length{example}")
    try:
        values = array.astype(float)
    except OverflowError:  # an int beyond a float's range
        raise ValueError("score_table contains a number too large for a float") from None
    if values.ndim != 2:
        raise ValueError(
            f"score_table must be two-dimensional (rows = datasets, columns = algorithms); "
            f"got shape {values.shape}"
        )
    n, k = values.shape
    if n < 2:
        raise ValueError(f"score_table needs at least two datasets (rows); got {n}")
    if k < 3:
        raise ValueError(
            f"score_table needs at least three algorithms (columns); got {k}. "
            "For two, use compare_algorithms on the differences"
        )
    if not np.all(np.isfinite(values)):
        raise ValueError("score_table contains nan or infinite values")
    if labels is not None:  # each algorithm named once: a repeated name would hide one
        labels = tuple(check_labels(list(labels), "the algorithms' names (score_table' columns)"))
    return values, labels if labels is not None else tuple(range(k))


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


def check_estimator(model) -> None:
    """Refuse a ``model`` without the ``fit(X, y)`` and ``predict(X)`` of an estimator, a
    class where an instance is expected, and an estimator ``sklearn.base.clone`` cannot
    copy (each training set is fitted by a fresh copy): tried once, before any fit."""
    if isinstance(model, type):
        raise TypeError(
            "model must be an estimator instance, such as sklearn.tree."
            f"DecisionTreeClassifier(); got the class {model.__name__} itself (call it: "
            f"{model.__name__}())"
        )
    if not (hasattr(model, "fit") and hasattr(model, "predict")):
        raise TypeError(
            "model must be an estimator with fit(X, y) and predict(X) methods, such as "
            f"sklearn.tree.DecisionTreeClassifier(); got {type(model).__name__}"
        )
    if hasattr(model, "get_params"):
        try:
            from sklearn.base import clone
        except ImportError:  # pragma: no cover - scikit-learn is a dependency of the lessons
            return
        try:
            clone(model)
        except Exception as exc:
            raise TypeError(
                f"model must be an estimator that sklearn.base.clone can copy (each training "
                f"set is fitted by a fresh copy); cloning {type(model).__name__} failed: {exc}"
            ) from exc


def estimator_failure(exc: Exception, X, *, X_name: str, y_name: str) -> Exception:
    """The error for a model whose first ``fit`` or ``predict``, tried before the
    resampling goes on, raised ``exc`` (a ValueError or TypeError): of the same type,
    naming the data, with a hint when ``X`` holds text (a model fits numbers)."""
    text = None
    if not hasattr(X, "iloc"):
        values = np.asarray(X, dtype=object).ravel()
        text = next((v for v in values if isinstance(v, (str, bytes))), None)
    else:  # a DataFrame: its text columns
        columns = [c for c in X.columns if X[c].dtype.kind == "O"]
        text = f"column {columns[0]!r}" if columns else None
    hint = (
        f"; {X_name} holds text ({text!r}): encode it as numbers first (e.g. "
        "sklearn.preprocessing.OneHotEncoder in a pipeline)"
        if text is not None
        else ""
    )
    return type(exc)(
        f"model could not be fitted on {X_name} and {y_name}, or could not predict X_test "
        f"(tried on the first training set, before the others): {type(exc).__name__}: "
        f"{exc}{hint}"
    )


def as_features(X, n: int | None, *, name: str = "X", y_name: str = "y", shape=None):
    """The feature table ``X`` (a DataFrame as it is, else an array), one row per instance.

    ``n`` is the number of labels in ``y_name`` (None: any number of rows, at least one);
    ``shape`` the shape of one instance the table must have (that of the training table).
    Numbers must form a finite (rows, features) table: NaN, ±inf, a single value or a flat
    list of numbers are refused here, with ``name``, instead of in the estimator (a flat
    list of texts, for a text pipeline, is accepted).
    """
    if X is None or isinstance(X, (str, bytes)):
        raise TypeError(f"{name} must be a table of features, one row per instance; got {X!r}")
    if not hasattr(X, "iloc"):
        X = as_array(X, name)
    numeric = not hasattr(X, "iloc") and X.dtype.kind in "biuf"
    if X.ndim == 0 or (X.ndim == 1 and numeric):
        raise ValueError(
            f"{name} must be a table of shape (instances, features); got "
            + ("a single value" if X.ndim == 0 else f"an array of shape {X.shape}")
            + (" (one feature per instance: write [[x1], [x2], ...])" if X.ndim == 1 else "")
        )
    if n is not None and len(X) != n:
        raise ValueError(
            f"{name} and {y_name} must describe the same instances; {name} has {len(X)} rows, "
            f"{y_name} has {n}"
        )
    if X.size == 0 if not hasattr(X, "iloc") else X.empty:
        raise ValueError(f"{name} is empty (shape {X.shape}); give at least one instance")
    if shape is not None and tuple(X.shape[1:]) != tuple(shape):
        raise ValueError(
            f"{name} has instances of shape {tuple(X.shape[1:])}; the training table's are "
            f"{tuple(shape)}"
        )
    if numeric and X.dtype.kind == "f":
        bad = np.argwhere(~np.isfinite(X))
        if bad.size:
            at = tuple(int(v) for v in bad[0])
            raise ValueError(
                f"{name}{list(at)} is {X[at]}; every feature must be a finite number (impute "
                "or drop missing values first)"
            )
    return X


#: Widest range of rank sums (in steps of a half rank) the size check of the exact
#: Friedman test counts its states over: an array of this many floats (8 MB). Beyond it the
#: state table is refused as too large, whatever its count (it is always far beyond
#: :data:`MAX_ELEMENTS` there).
MAX_RANK_SUM_RANGE = 10**6

#: Most values the exact Friedman distribution may build over all its datasets together
#: (its time): 3·10⁸, some ten seconds.
MAX_EXACT_WORK = 3 * 10**8

_EXACT_HINT = (
    'use method="chi2": the exact distribution is for few datasets and algorithms, and '
    "the χ² approximation is good for N > 10 and k > 5 (Demšar 2006)"
)


def _partitions(total: int, parts: int, largest: int) -> float:
    """How many ways ``total`` splits into at most ``parts`` whole parts, each at most
    ``largest``, in any order (a float): the coefficient of q^total of the Gaussian
    binomial [largest + parts choose parts], the product over i = 1..parts of
    (1 − q^(largest+i)) / (1 − q^i), as power series cut at degree ``total``."""
    if total < 0 or total > parts * largest:
        return 0.0
    series = np.zeros(total + 1)
    series[0] = 1.0
    for i in range(1, parts + 1):
        shift = largest + i
        if shift <= total:  # times (1 − q^shift)
            series[shift:] -= series[:-shift].copy()
        padded = np.zeros(-(-(total + 1) // i) * i)  # divided by (1 − q^i): running sums
        padded[: total + 1] = series
        series = np.cumsum(padded.reshape(-1, i), axis=0).ravel()[: total + 1]
    return float(series[total])


def _distinct_orderings(doubled: np.ndarray) -> np.ndarray:
    """The number of distinct orderings of each row, k! / Π t! over its groups of t ties."""
    ordered = np.sort(doubled, axis=1)
    n, k = ordered.shape
    column = np.broadcast_to(np.arange(k), (n, k))
    starts = np.ones((n, k), dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    # the place of each value in its group of ties, from 1: Π of them over a row is Π t!
    first = np.maximum.accumulate(np.where(starts, column, 0), axis=1)
    return math.factorial(k) // np.prod(column - first + 1, axis=1)


def check_friedman_exact_size(doubled: np.ndarray, function: str) -> None:
    """Refuse, before any ordering is listed, an exact Friedman distribution too large.

    ``doubled`` holds twice the within-dataset ranks (rows = datasets). The datasets are
    added one at a time; adding one builds, for each state kept (a sorted vector of the k
    rank sums), each distinct ordering of the dataset's ranks: states · orderings · k
    values. The states are bounded in advance: after the first i datasets, by the smaller
    of the product of their numbers of distinct orderings and the number of sorted
    k-vectors with the rank sums' total and range (a partition count,
    :func:`_partitions`). Refused: k! · k over :data:`MAX_ELEMENTS` (k ≥ 11), one step
    over :data:`MAX_ELEMENTS` (the memory), or all the steps together over
    :data:`MAX_EXACT_WORK` values (the time: some ten seconds).
    """
    n, k = doubled.shape
    check_size(function, hint=_EXACT_HINT, orderings=math.factorial(k), algorithms=k)
    orderings = _distinct_orderings(doubled).tolist()
    step = 1 if np.any(doubled % 2) else 2  # without ties every doubled rank is even
    low = np.cumsum(doubled.min(axis=1))
    high = np.cumsum(doubled.max(axis=1))
    totals = np.cumsum(doubled.sum(axis=1))

    def states(i: int, product: float) -> float:
        """An upper bound of the states after the datasets 0..i (``product``: that of
        the numbers of orderings of the datasets 1..i)."""
        if i == 0:
            return 1.0  # one dataset: every ordering sorts to the same vector
        if product * orderings[i + 1] * k <= MAX_ELEMENTS / n:  # small enough as it is
            return product
        spread = int(totals[i] - k * low[i]) // step
        if spread > MAX_RANK_SUM_RANGE:
            raise ValueError(
                f"{function}: the rank sums of {i + 1} datasets range over {spread:_} values, "
                f"more than the {MAX_RANK_SUM_RANGE:_} the size check counts the states "
                f"over (the states are far more than {MAX_ELEMENTS:_}); {_EXACT_HINT}"
            )
        count = _partitions(spread, k, int(high[i] - low[i]) // step)
        return min(product, count if math.isfinite(count) else math.inf)

    if n > 2:  # the last dataset first: the states grow with the datasets, so a table
        # too large is most often refused there, with one count
        bound = states(n - 2, math.inf)
        check_size(
            function,
            hint=_EXACT_HINT,
            states_bound=int(min(bound, 1e300)),
            orderings=orderings[-1],
            algorithms=k,
        )
    product, work = 1.0, 0
    for i in range(n):
        bound = 1.0 if i == 0 else states(i - 1, product)
        check_size(
            function,
            hint=_EXACT_HINT,
            states_bound=int(min(bound, 1e300)),
            orderings=orderings[i],
            algorithms=k,
        )
        work += int(min(bound, 1e300)) * orderings[i] * k
        if work > MAX_EXACT_WORK:
            raise ValueError(
                f"{function}: adding the {n} datasets builds up to {shown_number(work)} "
                f"values after {i + 1} of them (states · orderings · algorithms, summed), "
                f"more than the limit of {MAX_EXACT_WORK:_} (some ten seconds); {_EXACT_HINT}"
            )
        if i:
            product = min(product * orderings[i], 1e300)
