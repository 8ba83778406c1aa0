"""Class labels: one label, a list of labels, arrays of labels and their types."""

from __future__ import annotations

import math
import numbers

import numpy as np

from evalbook._core.checks.policy import (
    as_array,
    check_flag,
    check_whole_number,
    is_missing,
    plain_value,
)

__all__ = [
    "as_label_array",
    "as_size_or_labels",
    "check_known_labels",
    "check_label",
    "check_label_types",
    "check_labels",
    "check_same_classes",
    "default_positive",
    "implied_positive",
    "mixed_labels_error",
    "positive_mask",
]

#: The rule of the positive class, stated once (the naming table in ``evalbook``'s
#: docstring points here): without ``positive=``, only labels that name their positive
#: class have one.
POSITIVE_RULE = (
    "pass positive= to name the positive class: only the labels 0/1, -1/1 and False/True "
    "have a default positive class (1, or True), as scikit-learn's pos_label=1"
)


def as_label_array(values, name: str) -> np.ndarray:
    """Turn a sequence of class labels into a 1-D array, rejecting empty or missing values,
    infinite numbers and unhashable values (a dict, a list) with a message naming ``name``.

    Labels of different types (``1`` and ``'1'``) pass: :func:`check_label_types` refuses
    them where the labels are sorted or compared across arrays.
    """
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
        infinite = np.flatnonzero(np.isinf(array))
        if infinite.size:
            raise _infinite_label_error(name, int(infinite[0]), array[infinite[0]])
    elif array.dtype.kind == "O":
        import pandas as pd  # isna knows every missing marker: None, nan, pd.NA, NaT

        missing = np.flatnonzero(pd.isna(array))
        if missing.size:
            position = int(missing[0])
            raise ValueError(
                f"{name} contains a missing label ({array[position]!r}) at position {position}; "
                "every instance needs a class label"
            )
        _check_label_objects(array, name)
    elif array.dtype.kind not in "biuUS":
        raise TypeError(
            f"{name} must hold class labels (integers, strings or booleans); "
            f"got dtype {array.dtype}"
        )
    return array


def _unhashable_label_error(name: str, position: int, value) -> TypeError:
    return TypeError(
        f"{name} contains {value!r} ({type(value).__name__}) at position {position}; "
        "a class label must be a hashable value such as a string or an int"
    )


def _infinite_label_error(name: str, position: int, value) -> ValueError:
    return ValueError(
        f"{name} contains {plain_value(value)!r} at position {position}; a class label must "
        "be a finite number, a string or a bool (an infinite label is a bug upstream)"
    )


def _check_label_objects(array: np.ndarray, name: str) -> None:
    """Refuse, in an object array of labels, an unhashable value (a dict, a list: no class
    can be counted by it) and a non-finite number (``inf``), naming ``name`` and the
    position. One pass of ``set`` over the values; the distinct values are then read."""
    values = array.tolist()
    try:
        distinct = set(values)
    except TypeError:
        for position, value in enumerate(values):
            try:
                hash(value)
            except TypeError:
                raise _unhashable_label_error(name, position, value) from None
        raise  # pragma: no cover - set() failed, so some value is unhashable
    for value in distinct:
        if (
            isinstance(value, numbers.Real)
            and not isinstance(value, numbers.Integral)
            and not math.isfinite(value)
        ):
            position = next(i for i, v in enumerate(values) if v is value or v == value)
            raise _infinite_label_error(name, position, value)


def check_label(value, name: str):
    """One class label: hashable, not missing, not a sequence of labels; as a plain value."""
    value = plain_value(value)  # np.str_("a") is one label, though it has .index and .dtype
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
            raise _unhashable_label_error(name, position, value) from None
        if (
            isinstance(value, numbers.Real)
            and not isinstance(value, numbers.Integral)
            and not math.isfinite(value)
        ):
            raise _infinite_label_error(name, position, value)
    seen = set()
    for value in labels:
        if value in seen:
            raise ValueError(f"{name} contains {value!r} more than once; labels must be unique")
        seen.add(value)
    return labels


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
    if stratify:  # strata of a 1 and a '1' would silently be two classes
        check_label_types(**{name: y})
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


def check_label_types(**arrays: np.ndarray) -> None:
    """Refuse labels that :meth:`ConfusionMatrix.from_labels` refuses, in one array or
    across several (``check_label_types(y_true=..., y_pred=...)``, arrays from
    :func:`as_label_array`): an unhashable value (a dict, a list) and labels of different
    types that cannot be ordered (a ``1`` and a ``'1'`` are different classes, so one
    would silently count as the other's opposite).
    """
    distinct = []
    for name, array in arrays.items():
        if array.dtype.kind != "O":  # one dtype, one type: its first value stands for all
            distinct.append(plain_value(array[0]))
            continue
        seen = set()
        for position, value in enumerate(array.tolist()):
            try:
                seen.add(value)
            except TypeError:
                raise _unhashable_label_error(name, position, value) from None
        distinct.extend(seen)
    try:
        sorted(distinct)
    except TypeError:
        names = list(arrays)
        subject = (
            f"{names[0]} mixes"
            if len(names) == 1
            else f"{', '.join(names[:-1])} and {names[-1]} mix"
        )
        raise mixed_labels_error(sorted(distinct, key=repr), subject) from None


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


def mixed_labels_error(values, subject: str, *, hint: str = "") -> TypeError:
    """The error for labels that cannot be ordered because they mix types (1 and '1');
    ``subject`` is the start of the sentence ("y mixes", "y_true and y_pred mix")."""
    kinds = ", ".join(sorted({type(plain_value(v)).__name__ for v in values}))
    shown = [plain_value(v) for v in values[:4]]
    return TypeError(
        f"{subject} labels of different types ({kinds}), e.g. {shown!r}; a label 1 and a "
        f"label '1' are different classes. Convert them to one type{hint}"
    )


def implied_positive(classes):
    """The positive class that the labels ``classes`` name themselves, or None.

    ``1`` when every class is one of {0, 1} or of {-1, 1}, ``True`` when they are booleans
    (scikit-learn's ``pos_label=1``); None for any other labels (``"spam"``/``"ham"``,
    ``1``/``2``), whose positive class only the caller can name.
    """
    values = {plain_value(v) for v in classes}
    if not values or not all(isinstance(v, (bool, numbers.Real)) for v in values):
        return None
    if all(isinstance(v, bool) for v in values):
        return True
    if values <= {0, 1} or values <= {-1, 1}:
        return 1
    return None


def _classes(labels: np.ndarray) -> list:
    """The distinct values of a label array."""
    if labels.dtype.kind != "O":
        return np.unique(labels).tolist()
    return list(set(labels.tolist()))


def default_positive(positive, *label_arrays: np.ndarray, name: str = "y_true"):
    """``positive``, or, when it is None, the class the labels name (:func:`implied_positive`).

    The one rule of the positive class for every binary metric on labels or scores: a
    ValueError that asks for ``positive=`` when the labels (of all ``label_arrays``
    together, checked arrays from :func:`as_label_array`) have no default.
    """
    if positive is not None:
        return positive
    classes = [value for labels in label_arrays for value in _classes(labels)]
    implied = implied_positive(classes)
    if implied is None:
        found = sorted({plain_value(v) for v in classes}, key=repr)
        raise ValueError(f"the labels of {name} are {found[:10]!r}; {POSITIVE_RULE}")
    return implied
