"""Predictions and references: regression pairs, class-score tables, BLEU texts, curves."""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from evalbook._core.checks.labels import as_label_array, check_labels
from evalbook._core.checks.policy import as_array, as_floats, as_number_array, check_same_length
from evalbook._core.checks.tables import check_table_cells

__all__ = [
    "EMPTY_REGRESSION",
    "SUM_TOLERANCE",
    "as_bleu_corpus",
    "as_bleu_sentences",
    "as_bleu_weights",
    "as_class_score_table",
    "as_curve_columns",
    "as_curve_points",
    "as_number_pair",
    "as_tokens",
    "as_true_columns",
    "check_distributions",
]


#: The hint given for an empty ``y_true`` or ``y_pred`` of a regression metric.
EMPTY_REGRESSION = "a regression metric needs at least one instance"


def as_number_pair(y_true, y_pred) -> tuple[np.ndarray, np.ndarray]:
    """Targets ``y_true`` and predictions ``y_pred``: two float arrays of one non-zero length.

    Each is checked by :func:`as_number_array` (1-D, finite real numbers), and the two
    must describe the same instances.
    """
    y_true = as_number_array(y_true, "y_true", empty=EMPTY_REGRESSION)
    y_pred = as_number_array(y_pred, "y_pred", empty=EMPTY_REGRESSION)
    check_same_length(y_true, y_pred, "y_true", "y_pred")
    return y_true, y_pred


# --- the checks of text_metrics.py (class-score tables, BLEU sentences and weights),
# agreement/confusion_summary/intervals (an empty matrix), comparison.py, splits.py,
# scored.py, scores.py, confusion.py and crossval.py
#: Largest accepted distance of a probability row's sum from 1.
SUM_TOLERANCE = 1e-6


def as_class_score_table(
    y_true, y_score, labels, *, name="y_proba", distributions=True
) -> tuple[np.ndarray, np.ndarray]:
    """The checked (n, k) table and, for each instance, the column of its true class.

    With ``distributions=True`` every row must be a probability distribution; otherwise
    any finite real numbers are accepted (logits, decision-function output).
    """
    y_true = as_label_array(y_true, "y_true")
    if y_score is None or isinstance(y_score, (str, bytes)):
        raise TypeError(f"{name} must be a table of numbers, one row per instance")
    table = as_array(y_score, name)
    check_table_cells(table, name)
    table = as_floats(table, name)
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
        check_distributions(table, name)
    return table, as_true_columns(y_true, labels, k, name)


def check_distributions(table: np.ndarray, name: str = "y_proba") -> None:
    """Refuse a row of probabilities that is negative or does not sum to 1."""
    bad = np.argwhere(table < 0)
    if bad.size:
        row, column = (int(v) for v in bad[0])
        raise ValueError(
            f"{name}[{row}, {column}] = {table[row, column]} is negative; each row "
            "must be a probability distribution"
        )
    sums = table.sum(axis=1)
    off = np.flatnonzero(np.abs(sums - 1.0) > SUM_TOLERANCE)
    if off.size:
        row = int(off[0])
        raise ValueError(
            f"row {row} of {name} sums to {sums[row]:.6g}, not 1 ({off.size} rows do "
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
                f"class of each column of {name} (for a scikit-learn model, "
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


def as_bleu_corpus(candidates, references) -> list[tuple[tuple, list[tuple]]]:
    """A corpus for BLEU: one ``(candidate, refs)`` pair of token tuples per sentence.

    ``candidates`` is a list of candidates and ``references`` a list of the same length,
    each entry the references of one candidate as :func:`as_bleu_sentences` reads them.
    """
    if not isinstance(candidates, (list, tuple)):
        raise TypeError(
            "candidates must be a list with one candidate per sentence (for one sentence "
            f"use bleu()); got {type(candidates).__name__}"
        )
    if not isinstance(references, (list, tuple)):
        raise TypeError(
            "references must be a list with the references of each candidate; got "
            f"{type(references).__name__}"
        )
    if len(candidates) == 0:
        raise ValueError("candidates is empty; corpus BLEU needs at least one candidate")
    if len(candidates) != len(references):
        raise ValueError(
            f"candidates has {len(candidates)} sentences but references has "
            f"{len(references)} entries; give one entry (the references) per candidate"
        )
    return [
        as_bleu_sentences(candidate, refs)
        for candidate, refs in zip(candidates, references, strict=True)
    ]


def as_bleu_weights(weights, max_order: int) -> np.ndarray:
    """BLEU's weights of the n-gram orders 1..max_order: non-negative, summing to 1 (default
    uniform)."""
    if weights is None:
        return np.full(max_order, 1.0 / max_order)
    weights = as_number_array(
        weights, "weights", what="weight", empty="give one weight per n-gram order"
    )
    if weights.size != max_order:
        raise ValueError(
            f"weights has {weights.size} values but max_order = {max_order}; give one weight per "
            "n-gram order 1..max_order"
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


def as_curve_columns(kind, columns, kinds: dict) -> dict:
    """The arrays of a :class:`~evalbook.Curve`: ``kind`` one of ``kinds`` (a str),
    ``columns`` a mapping (or a DataFrame) with exactly the kind's columns, each a 1-D
    sequence of numbers, all of one length; each array a read-only copy."""
    if not isinstance(kind, str):
        raise TypeError(
            f"kind must be one of {sorted(kinds)} (a str); got {type(kind).__name__} {kind!r}"
        )
    if kind not in kinds:
        raise ValueError(f"kind must be one of {sorted(kinds)}; got {kind!r}")
    names = kinds[kind]["columns"]
    if not (isinstance(columns, Mapping) or hasattr(columns, "columns")):
        shown = repr(columns)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise TypeError(
            f"columns must be a mapping of column name to values, such as "
            f"{{{names[0]!r}: [...], ...}}; got {type(columns).__name__} {shown}"
        )
    given = list(columns)
    if set(given) != set(names):
        raise ValueError(f"a {kind!r} curve has the columns {list(names)}; got {given}")
    arrays = {}
    for name in names:
        values = as_array(columns[name], f"columns[{name!r}]")
        if values.ndim != 1:
            raise ValueError(
                f"columns[{name!r}] must be one-dimensional, one value per point; got an "
                f"array of shape {values.shape}"
            )
        if values.dtype.kind == "O" and all(
            isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)) for v in values
        ):
            values = as_floats(values, f"columns[{name!r}]")
        if values.dtype.kind not in "iuf":
            bad = next(
                (v for v in values.tolist() if isinstance(v, (str, bytes, bool)) or v is None),
                values[0] if values.size else None,
            )
            raise TypeError(
                f"columns[{name!r}] must hold numbers; got dtype {values.dtype}"
                + (f" ({type(bad).__name__} {bad!r})" if values.size else "")
            )
        values = values.copy()  # the curve owns its arrays
        values.flags.writeable = False
        arrays[name] = values
    lengths = {name: values.size for name, values in arrays.items()}
    if len(set(lengths.values())) != 1:
        raise ValueError(f"the columns of a curve must have one length each; got {lengths}")
    return arrays
