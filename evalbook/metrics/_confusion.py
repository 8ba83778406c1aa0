"""The confusion matrix: counts of (target, prediction) pairs.

Rows are the target (the actual class) and columns the prediction, as in Kelleher, Mac
Namee & D'Arcy (2020), ch. 9, and Witten & Frank's *Data Mining*, ch. 5. For two classes
the first label is the positive class, so the matrix reads::

                 prediction
                 pos   neg
    target pos   TP    FN
           neg   FP    TN

Other sources use other layouts: scikit-learn sorts the labels (so the negative class 0
usually comes first) and R's caret puts the prediction in the rows.
:meth:`ConfusionMatrix.to_frame` shows all three.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping

import numpy as np

from evalbook._core.checks import (
    as_count_table,
    as_label_array,
    check_choice,
    check_flag,
    check_known_labels,
    check_label,
    check_labels,
    check_same_classes,
    check_same_length,
    counts_from_frame,
    default_positive,
    frame_from_mapping,
    implied_positive,
    mixed_labels_error,
    plain_value,
)
from evalbook._core.render import confusion_html, term

__all__ = ["ConfusionMatrix", "result_types"]

#: Accepted values of ``orientation`` in :meth:`ConfusionMatrix.to_frame`.
ORIENTATIONS = ("matrix", "sklearn", "caret")
#: What ``to_frame(normalize=)`` divides by, as in ``sklearn.metrics.confusion_matrix``.
NORMALIZATIONS = ("true", "pred", "all")

# Integer labels take the bincount path when their range R keeps the R x R table small.
_MAX_DENSE_CELLS = 1 << 22


def _default_order(values: list) -> list:
    """Sorted labels, except that of two numeric classes the class 1 (or True) comes first.

    That makes 1 the positive class for 0/1 and -1/+1 data, as scikit-learn's
    ``pos_label=1`` does, while every other label set is simply sorted.
    """
    try:
        ordered = sorted(values)
    except TypeError:
        raise mixed_labels_error(
            values,
            "y_true and y_pred mix",
            hint=", or pass labels= to fix the classes and their order",
        ) from None
    numeric = all(isinstance(v, numbers.Real) for v in ordered)
    if len(ordered) == 2 and numeric and 1 in ordered:
        ordered.sort(key=lambda v: v != 1)
    return ordered


class ConfusionMatrix:
    """A confusion matrix with its class labels: rows are the target, columns the prediction.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9; Witten et al. (2017), ch. 5.
    ``labels[0]`` is the positive class of the binary metrics.

    Parameters
    ----------
    counts : array-like of shape (k, k)
        Non-negative whole numbers. ``counts[i, j]`` is the number of instances whose
        target is ``labels[i]`` and whose prediction is ``labels[j]``. A pandas DataFrame
        whose index and columns hold the same labels gives its labels too (one laid out
        as caret's, as ``to_frame("caret")`` makes it, is transposed back), and so does a
        mapping ``{target: {prediction: count}}`` (a pair it leaves out counts 0).
    labels : sequence of length k, optional
        The class names, positive first. Defaults to ``["positive", "negative"]`` for a
        2×2 matrix and to ``0, 1, ..., k-1`` otherwise.

    Attributes
    ----------
    counts : ndarray of int64, shape (k, k), read-only
    labels : list
    n : int
        Number of instances (the sum of all counts).
    tp, fn, fp, tn : int
        The four cells of a 2×2 matrix (``ValueError`` for any other size).

    See Also
    --------
    ConfusionMatrix.from_labels : build the matrix from target and predicted labels.

    Examples
    --------
    >>> cm = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    >>> cm.tp, cm.fn, cm.fp, cm.tn
    (6, 3, 2, 9)
    >>> cm.n
    20
    >>> ConfusionMatrix({"spam": {"spam": 6, "ham": 3}, "ham": {"spam": 2, "ham": 9}}) == cm
    True
    >>> cm
    ConfusionMatrix(n=20, labels=['spam', 'ham'])
    prediction  spam  ham
    target
    spam           6    3
    ham            2    9
    """

    __hash__ = None  # mutable-looking value object: equality by content, not hashable

    def __init__(self, counts, *, labels=None):
        stated = True  # the order of the labels was given, so labels[0] is the positive class
        if isinstance(counts, ConfusionMatrix):
            if labels is None:
                labels, stated = counts.labels, counts.positive is not None
            counts = counts.counts
        elif isinstance(counts, Mapping):
            counts, names = counts_from_frame(frame_from_mapping(counts, "counts", fill=0))
            if labels is not None:  # labels= chooses the order of the mapping's classes
                labels = check_same_classes(labels, names, "the counts mapping")
                order = [names.index(label) for label in labels]
                counts = counts[np.ix_(order, order)]
            labels = labels if labels is not None else names
        elif labels is None and hasattr(counts, "index") and hasattr(counts, "columns"):
            counts, labels = counts_from_frame(counts)
        self._counts = as_count_table(counts)
        k = self._counts.shape[0]
        if labels is None:
            labels = ["positive", "negative"] if k == 2 else list(range(k))
        labels = check_labels(labels)
        if len(labels) != k:
            raise ValueError(
                f"labels has {len(labels)} entries but counts is {k}×{k}; "
                "give one label per row (and column)"
            )
        self._labels = labels
        self._index = {label: i for i, label in enumerate(labels)}
        self._positive = labels[0] if k == 2 and stated else None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_labels(cls, y_true, y_pred, *, labels=None):
        """Count the (target, prediction) pairs of two label sequences.

        Vectorised: integer labels are counted with one ``np.bincount``; other labels are
        first turned into integer codes with ``pandas.factorize``.

        Parameters
        ----------
        y_true : sequence of labels
            The target (actual) class of each instance.
        y_pred : sequence of labels
            The predicted class of each instance, same length as ``y_true``.
        labels : sequence, optional
            The classes and their order, positive first. Every label in ``y_true`` and
            ``y_pred`` must be listed; labels listed but absent get rows and columns of 0.
            By default, the sorted union of both sequences, except that for two numeric
            classes the class 1 comes first (it is the positive class, as scikit-learn's
            ``pos_label=1``).

        Returns
        -------
        ConfusionMatrix

        Examples
        --------
        >>> y_true = ["spam", "spam", "ham", "ham", "spam"]
        >>> y_pred = ["spam", "ham", "ham", "spam", "spam"]
        >>> ConfusionMatrix.from_labels(y_true, y_pred, labels=["spam", "ham"]).counts
        array([[2, 1],
               [1, 1]])
        >>> ConfusionMatrix.from_labels([0, 1, 1, 0], [0, 1, 0, 0]).labels
        [1, 0]
        """
        y_true = as_label_array(y_true, "y_true")
        y_pred = as_label_array(y_pred, "y_pred")
        check_same_length(y_true, y_pred, "y_true", "y_pred")
        if labels is not None:
            labels = check_labels(labels)
        stated = labels is not None
        counts, labels = _count_pairs(y_true, y_pred, labels)
        cm = cls(counts, labels=labels)
        if not stated:  # sorted labels state no positive class, unless they name one (0/1)
            cm._positive = implied_positive(labels) if len(labels) == 2 else None
        return cm

    # ------------------------------------------------------------------ attributes
    @property
    def counts(self) -> np.ndarray:
        """The k×k table of counts (read-only int64 array; rows = target)."""
        return self._counts

    @property
    def labels(self) -> list:
        """The class labels, in row (and column) order; the first is the positive class."""
        return list(self._labels)

    @property
    def positive(self):
        """The positive class of a 2×2 matrix, or None when it has none.

        ``labels[0]`` when the order of the labels was given (``labels=``, a labelled
        table or mapping, or counts alone: ``"positive"``); for a matrix counted by
        :meth:`ConfusionMatrix.from_labels` without ``labels=``, 1 (or True) of 0/1, -1/1
        and False/True labels and None for any other labels, whose sorted order names no
        class. None for a matrix of more than two classes. This is the rule of the positive
        class (the naming table, ``help(evalbook)``): the binary metrics use it when
        ``positive=`` is not given.

        Examples
        --------
        >>> ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"]).positive
        'spam'
        >>> ConfusionMatrix.from_labels([0, 1, 1, 0], [0, 1, 0, 0]).positive
        1
        >>> ConfusionMatrix.from_labels(["spam", "ham"], ["spam", "spam"]).positive is None
        True
        """
        return self._positive

    @property
    def n(self) -> int:
        """Total number of instances (an exact Python int, even beyond int64)."""
        return int(_exact_sum(self._counts))

    @property
    def n_correct(self) -> int:
        """Number of correct predictions: the sum of the diagonal (exact Python int)."""
        return int(_exact_sum(np.diagonal(self._counts)))

    @property
    def n_classes(self) -> int:
        """Number of classes k."""
        return len(self._labels)

    @property
    def target_totals(self) -> np.ndarray:
        """Instances per actual class (row sums; int64, or Python ints beyond int64)."""
        return _exact_sum(self._counts, axis=1)

    @property
    def prediction_totals(self) -> np.ndarray:
        """Instances per predicted class (column sums; int64, or Python ints beyond int64)."""
        return _exact_sum(self._counts, axis=0)

    def _binary_cell(self, row: int, column: int, name: str) -> int:
        if self.n_classes != 2:
            k = self.n_classes
            raise ValueError(
                f"{name} is defined only for a 2×2 confusion matrix; this one is {k}×{k} "
                f"with labels {self._labels!r}. Use cm.one_vs_rest(positive).{name} to treat "
                "one class as positive and the others as negative"
            )
        return int(self._counts[row, column])

    @property
    def tp(self) -> int:
        """True positives: target positive, predicted positive (2×2 only)."""
        return self._binary_cell(0, 0, "tp")

    @property
    def fn(self) -> int:
        """False negatives (type II errors): target positive, predicted negative."""
        return self._binary_cell(0, 1, "fn")

    @property
    def fp(self) -> int:
        """False positives (type I errors): target negative, predicted positive."""
        return self._binary_cell(1, 0, "fp")

    @property
    def tn(self) -> int:
        """True negatives: target negative, predicted negative."""
        return self._binary_cell(1, 1, "tn")

    def index_of(self, label, *, name: str = "label") -> int:
        """Row (and column) position of ``label``; ``ValueError`` if it is not a class.

        ``name`` is the argument the label came from (``"positive"``), for the message; a
        list or another sequence is refused with a ``TypeError``: it is not one label.
        """
        label = check_label(label, name)
        try:
            return self._index[label]
        except KeyError:
            shown = f"{name} {label!r}" if name == "label" else f"{name}={label!r}"
            raise ValueError(
                f"{shown} is not one of this matrix's labels {self._labels!r}"
            ) from None

    # ------------------------------------------------------------------ derived matrices
    def reorder(self, labels) -> ConfusionMatrix:
        """The same counts with the classes in another order (a permutation of ``labels``).

        Examples
        --------
        >>> cm = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
        >>> cm.reorder(["ham", "spam"]).counts
        array([[9, 2],
               [3, 6]])
        """
        labels = check_same_classes(labels, self._labels, "this matrix")
        order = [self.index_of(label) for label in labels]
        return ConfusionMatrix(self._counts[np.ix_(order, order)], labels=labels)

    def with_positive(self, positive) -> ConfusionMatrix:
        """The same matrix with the class ``positive`` moved first, so it is the positive class.

        Examples
        --------
        >>> ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"]).with_positive("ham").tp
        9
        """
        first = self.index_of(positive, name="positive")
        rest = [v for i, v in enumerate(self._labels) if i != first]
        return self.reorder([self._labels[first], *rest])

    def one_vs_rest(self, positive) -> ConfusionMatrix:
        """The 2×2 matrix of ``positive`` against all other classes merged into ``"rest"``.

        TP is the diagonal cell of ``positive``, FN the rest of its row, FP the rest of its
        column and TN everything else.

        Examples
        --------
        >>> cm = ConfusionMatrix([[88, 10, 2], [14, 40, 6], [18, 10, 12]], labels=list("ABC"))
        >>> cm.one_vs_rest("B").counts
        array([[ 40,  20],
               [ 20, 120]])
        """
        i = self.index_of(positive, name="positive")
        tp = int(self._counts[i, i])
        fn = int(self.target_totals[i]) - tp
        fp = int(self.prediction_totals[i]) - tp
        tn = self.n - tp - fn - fp
        rest = "rest" if self._labels[i] != "rest" else "not rest"
        return ConfusionMatrix([[tp, fn], [fp, tn]], labels=[self._labels[i], rest])

    # ------------------------------------------------------------------ views
    def to_frame(self, orientation: str = "matrix", *, margins: bool = False, normalize=None):
        """The matrix as a labelled pandas DataFrame, in one of three layouts.

        Parameters
        ----------
        orientation : {"matrix", "sklearn", "caret"}
            ``"matrix"``: target in the rows, labels in this matrix's order (positive first), as
            Kelleher et al. and Witten et al. print it. ``"sklearn"``: target in the rows,
            labels sorted, as ``sklearn.metrics.confusion_matrix`` returns it (for 0/1 labels
            the negative class 0 comes first). ``"caret"``: prediction in the rows and target
            ("reference") in the columns, positive first, as R's ``caret::confusionMatrix``
            prints it.
        margins : bool, default False
            Add a ``"total"`` row and column, as Witten et al. (2017, ch. 5) print theirs.
        normalize : {"true", "pred", "all"}, optional
            Fractions instead of counts, as ``sklearn.metrics.confusion_matrix(normalize=)``:
            each cell over its target's total (``"true"``: rows sum to 1, the diagonal is
            each class's recall), over its prediction's total (``"pred"``: the diagonal is
            each class's precision) or over n (``"all"``). A class with no instance on that
            side gets a row (or column) of 0, as in scikit-learn. Not with ``margins``.

        Returns
        -------
        pandas.DataFrame
            Its keys (axis names ``target``, ``prediction``, ``reference``, ``total``) are
            English; printed or displayed in a notebook, it names them in the display
            language (a ``DisplayFrame``, a pandas DataFrame).

        Examples
        --------
        >>> cm = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
        >>> print(cm.to_frame("caret").to_string())
        reference   spam  ham
        prediction
        spam           6    2
        ham            3    9
        >>> print(cm.to_frame(normalize="true").round(4).to_string())
        prediction    spam     ham
        target
        spam        0.6667  0.3333
        ham         0.1818  0.8182
        """
        import pandas as pd

        from evalbook._core.tables import DisplayFrame

        check_choice(orientation, "orientation", ORIENTATIONS)
        margins = check_flag(margins, "margins")
        if normalize is not None:
            check_choice(normalize, "normalize", NORMALIZATIONS)
            if margins:
                raise ValueError("normalize and margins cannot be combined; choose one")
        cm = self
        if orientation == "sklearn":
            try:
                cm = self.reorder(sorted(self._labels))
            except TypeError:  # labels of mixed types cannot be sorted: keep their order
                cm = self
        counts = cm.counts
        if normalize is not None:
            counts = _normalized(counts, normalize)
        rows, columns = "target", "prediction"
        if orientation == "caret":
            counts = counts.T
            rows, columns = "prediction", "reference"
        frame = DisplayFrame(
            counts,
            index=pd.Index(cm.labels, name=rows),
            columns=pd.Index(cm.labels, name=columns),
        )
        if margins:
            frame["total"] = frame.sum(axis=1)
            frame.loc["total"] = frame.sum(axis=0)
        return frame

    def __repr__(self) -> str:
        table = "\n".join(line.rstrip() for line in self.to_frame().to_string().splitlines())
        return f"ConfusionMatrix(n={self.n}, labels={self._labels!r})\n{table}"

    def __str__(self) -> str:
        """The matrix as text in the display language (:func:`evalbook.set_config`).

        Examples
        --------
        >>> from evalbook import config_context
        >>> with config_context(language="pt"):
        ...     print(ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"]))
        Matriz de confusão (n = 20)
        predição  spam  ham
        alvo
        spam         6    3
        ham          2    9
        """
        from evalbook._core.tables import translated

        table = translated(self.to_frame()).to_string()
        lines = [line.rstrip() for line in table.splitlines()]
        return f"{term('confusion_matrix')} (n = {self.n})\n" + "\n".join(lines)

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        """The matrix as an HTML table in the display language (:func:`evalbook.set_config`)."""
        return confusion_html(self._counts, self._labels)

    def __eq__(self, other) -> bool:
        if not isinstance(other, ConfusionMatrix):
            return NotImplemented
        return self._labels == other._labels and np.array_equal(self._counts, other._counts)

    def __array__(self, dtype=None, copy=None):
        return np.array(self._counts, dtype=dtype, copy=True)


def _normalized(counts: np.ndarray, normalize: str) -> np.ndarray:
    """The counts over their target totals, prediction totals or n (0 where that is 0)."""
    if normalize == "true":
        totals = counts.sum(axis=1, keepdims=True)
    elif normalize == "pred":
        totals = counts.sum(axis=0, keepdims=True)
    else:
        totals = counts.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        fractions = counts / totals
    return np.nan_to_num(fractions, nan=0.0)


def as_confusion_matrix(cm, name: str = "cm") -> ConfusionMatrix:
    """``cm`` itself if it is a :class:`ConfusionMatrix`, else ``ConfusionMatrix(cm)``.

    A table of counts is checked first under the caller's argument name, so that a bad
    ``cm`` is refused as ``cm`` (not as the constructor's ``counts``).
    """
    if isinstance(cm, ConfusionMatrix):
        return cm
    if isinstance(cm, Mapping):
        counts_from_frame(frame_from_mapping(cm, name, fill=0))
    elif not (hasattr(cm, "index") and hasattr(cm, "columns")):
        as_count_table(cm, name)
    return ConfusionMatrix(cm)


def result_types(y_true, y_pred, *, positive=None) -> np.ndarray:
    """The result type of each prediction: ``"TP"``, ``"FN"``, ``"FP"`` or ``"TN"``.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (the outcomes of a prediction). Every label other
    than ``positive`` counts as negative. ``positive`` is one label (not a list), and the
    labels must be of one type, as :meth:`ConfusionMatrix.from_labels` requires (a ``1``
    and a ``"1"`` are different classes). Without ``positive``, the rule of the positive
    class (``help(evalbook)``): 1 (or True) of 0/1, -1/1 and False/True labels.

    Examples
    --------
    >>> result_types(["spam", "ham", "ham", "spam"], ["spam", "spam", "ham", "ham"],
    ...              positive="spam")
    array(['TP', 'FP', 'TN', 'FN'], dtype='<U2')
    """
    y_true = as_label_array(y_true, "y_true")
    y_pred = as_label_array(y_pred, "y_pred")
    check_same_length(y_true, y_pred, "y_true", "y_pred")
    found = _count_pairs(y_true, y_pred, None)[1]  # refuses mixed label types, as from_labels
    positive = check_label(default_positive(positive, y_true, y_pred), "positive")
    if positive not in found:
        raise ValueError(
            f"positive={positive!r} appears in neither y_true nor y_pred; "
            f"their labels are {found[:10]!r}"
        )
    actual = y_true == positive
    predicted = y_pred == positive
    names = np.array(["TN", "FP", "FN", "TP"])
    return names[2 * actual.astype(np.intp) + predicted]


# ---------------------------------------------------------------------- helpers
def _exact_sum(counts: np.ndarray, axis=None):
    """Sum of int64 counts, in int64 when it cannot overflow, else in Python ints."""
    terms = counts.size if axis is None else counts.shape[axis]
    if counts.size == 0 or int(counts.max()) <= np.iinfo(np.int64).max // max(terms, 1):
        return counts.sum(axis=axis)
    return counts.astype(object).sum(axis=axis)


def _count_pairs(y_true: np.ndarray, y_pred: np.ndarray, labels):
    if y_true.dtype.kind in "biu" and y_pred.dtype.kind in "biu":
        result = _count_integer_pairs(y_true, y_pred, labels)
        if result is not None:
            return result
    return _count_factorized_pairs(y_true, y_pred, labels)


def _count_integer_pairs(y_true, y_pred, labels):
    """Dense path for integer labels: one ``np.bincount`` over ``t * R + p``."""
    booleans = labels is None and y_true.dtype.kind == "b" and y_pred.dtype.kind == "b"
    if y_true.dtype.kind == "b":
        y_true = y_true.view(np.uint8)
    if y_pred.dtype.kind == "b":
        y_pred = y_pred.view(np.uint8)
    lo = min(int(y_true.min()), int(y_pred.min()))
    hi = max(int(y_true.max()), int(y_pred.max()))
    if labels is not None:
        if not all(isinstance(v, (numbers.Integral, np.integer)) for v in labels):
            return None
        lo, hi = min(lo, min(labels)), max(hi, max(labels))
    span = hi - lo + 1
    limit = np.iinfo(np.intp).max // (span + 1)  # t * span + p must not overflow intp
    if span * span > max(_MAX_DENSE_CELLS, 4 * y_true.size) or hi > limit or lo < -limit:
        return None
    combined = np.multiply(y_true, span, dtype=np.intp, casting="unsafe")
    np.add(combined, y_pred, out=combined, casting="unsafe")
    if lo:
        combined -= lo * (span + 1)
    full = np.bincount(combined, minlength=span * span).reshape(span, span)
    if labels is None:
        present = np.flatnonzero(full.any(axis=1) | full.any(axis=0))
        values = [int(v) + lo for v in present]
        if booleans and set(values) <= {0, 1}:
            values = [bool(v) for v in values]
        labels = _default_order(values)
    else:
        for name, totals in (("y_true", full.sum(axis=1)), ("y_pred", full.sum(axis=0))):
            check_known_labels((np.flatnonzero(totals) + lo).tolist(), labels, name)
    index = [int(v) - lo for v in labels]
    return full[np.ix_(index, index)], labels


# An odd 64-bit multiplier for folding the words of a fixed-width string into one hash.
_HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)


def _factorize(values: np.ndarray):
    """Integer codes and the unique values, in order of first appearance.

    Fixed-width numpy strings (dtype ``U``/``S``) are hashed as integers, which is several
    times faster than turning them into Python objects (``pandas.factorize``) or sorting
    them (``np.unique``); the result is then verified, so a hash collision only costs the
    slow path.
    """
    import pandas as pd

    if values.dtype.kind in "US" and values.dtype.itemsize > 0:
        codes = pd.factorize(_fixed_width_hash(values))[0]
        # codes are numbered in order of first appearance, so a code appears for the
        # first time exactly where the running maximum grows
        running = np.maximum.accumulate(codes)
        first = np.flatnonzero(np.r_[True, running[1:] > running[:-1]])
        uniques = values[first]
        if np.array_equal(uniques[codes], values):
            return codes, uniques
    return pd.factorize(values)


def _fixed_width_hash(values: np.ndarray) -> np.ndarray:
    """One uint64 per string: its bytes, as 64-bit words, folded with a multiplier."""
    width = values.dtype.itemsize
    raw = np.ascontiguousarray(values).view(np.uint8).reshape(values.size, width)
    if width % 8:
        raw = np.pad(raw, ((0, 0), (0, 8 - width % 8)))
    words = raw.view(np.uint64)
    folded = words[:, 0].copy()
    for column in range(1, words.shape[1]):
        folded *= _HASH_MULTIPLIER
        folded ^= words[:, column]
    return folded


def _count_factorized_pairs(y_true, y_pred, labels):
    """General path: factorize each array, then map the codes to label positions."""
    codes_true, uniques_true = _factorize(y_true)
    codes_pred, uniques_pred = _factorize(y_pred)
    uniques_true = [plain_value(v) for v in uniques_true]
    uniques_pred = [plain_value(v) for v in uniques_pred]
    if labels is None:
        labels = _default_order(list(dict.fromkeys(uniques_true + uniques_pred)))
    position = {label: i for i, label in enumerate(labels)}
    lookups = []
    for name, uniques in (("y_true", uniques_true), ("y_pred", uniques_pred)):
        check_known_labels(uniques, labels, name)
        lookups.append(np.array([position[v] for v in uniques], dtype=np.intp))
    k = len(labels)
    combined = lookups[0][codes_true] * k + lookups[1][codes_pred]
    counts = np.bincount(combined, minlength=k * k).reshape(k, k)
    return counts, labels
