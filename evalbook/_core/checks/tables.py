"""Tables of counts and values: confusion matrices, profit matrices, mappings."""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from evalbook._core.checks.labels import check_labels
from evalbook._core.checks.policy import as_array, as_floats, plain_value

__all__ = [
    "MAX_CELL_COUNT",
    "as_count_table",
    "as_profit_matrix",
    "check_nonempty",
    "check_table_cells",
    "counts_from_frame",
    "frame_from_mapping",
]


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
    array = as_floats(array, "profit_matrix")
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


def check_nonempty(cm, needs: str, name: str = "cm"):
    """Refuse a confusion matrix with no instances; ``needs`` says what an empty one lacks."""
    if cm.n == 0:
        raise ValueError(f"{name} has no instances (every count is 0); {needs}")
    return cm


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
