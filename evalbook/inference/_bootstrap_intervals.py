"""The bootstrap of any metric: percentile, basic and BCa intervals; stratified by class,
clustered by a group, or paired (two models on the same instances); the AUC's intervals.

One engine serves every bootstrap interval of the library (Efron & Tibshirani 1993, the
bootstrap applied to the test set): it draws the resamples, asks a *statistic* for the
metric's value on each, and turns the values into an interval.

- The draws are ``scipy.stats.bootstrap``'s: each block of b resamples of N instances is
  ``rng.integers(0, N, (b, N))`` (``paired=True``); stratified, each class is drawn apart
  (scipy's draws for several independent samples); clustered, whole groups are drawn
  (Field & Welsh 2007, the cluster bootstrap); a confusion matrix given alone is resampled
  as one multinomial draw of its cells. The blocks bound the memory whatever the number of
  resamples.
- A statistic knows what its metric is made of, so a resample costs little: a metric of a
  confusion matrix counts the drawn instances into cells (``np.bincount``); the AUC counts
  them into the groups of tied scores (no resample is sorted again); the Brier score
  averages per-instance losses; any other function is called on the drawn instances.
- The intervals are scipy's (``method="percentile"``, ``"basic"``, ``"bca"``, the formulas
  of ``scipy.stats.bootstrap``; the tests check that the same draws give scipy's interval
  to 1e-12). BCa's acceleration needs the jackknife, the metric without each instance in
  turn; here it comes from what the metric is made of rather than N re-evaluations: a
  matrix metric has one leave-one-out value per cell of the matrix, the AUC's come from
  DeLong's placements, the Brier score's from its losses, and any other metric is
  evaluated once per distinct (target, prediction) row.

Public names: :func:`bootstrap_interval`, :func:`paired_bootstrap_interval`,
:func:`roc_auc_interval`, :func:`cohen_kappa_interval`, :func:`mcc_interval`,
:func:`multiclass_roc_auc_interval`; the bands of curves: :func:`roc_band`,
:func:`precision_recall_band`, :func:`calibration_band`.
"""

from __future__ import annotations

import functools
import inspect
import math
import warnings
from statistics import NormalDist

import numpy as np

from evalbook._core.checks import (
    UndefinedMetricWarning,
    as_label_array,
    as_rng,
    check_choice,
    check_confidence,
    check_count,
    check_flag,
    check_label_types,
    check_metric_value,
    check_nonempty,
    check_same_length,
    check_signature,
    check_size,
    check_whole_number,
    is_missing,
)
from evalbook._core.stats import (
    clopper_pearson_bounds,
    defined_resamples,
    delong_auc_variance,
    delong_placements,
    normal_quantile,
    scores_and_classes,
)
from evalbook.inference._intervals import Interval

__all__ = [
    "bootstrap_interval",
    "calibration_band",
    "cohen_kappa_interval",
    "mcc_interval",
    "multiclass_roc_auc_interval",
    "paired_bootstrap_interval",
    "precision_recall_band",
    "roc_auc_interval",
    "roc_band",
]

#: Values drawn per block of resamples: bounds the memory of a bootstrap, whatever its size.
_BLOCK = 2_000_000

_METHODS = ("percentile", "basic", "bca")


def _block_rounds(rounds: int, size: int) -> int:
    return max(1, min(rounds, _BLOCK // max(size, 1)))


# ====================================================================== statistics
def _unwrapped(metric):
    """``(function, keywords)`` of a metric given as ``functools.partial`` of keywords."""
    keywords = {}
    while isinstance(metric, functools.partial) and not metric.args:
        keywords = {**metric.keywords, **keywords}
        metric = metric.func
    return metric, keywords


def takes_matrix(metric) -> bool:
    """Whether ``metric`` is a function of a confusion matrix: its first argument is ``cm``,
    as the library's matrix metrics (``evalbook.f1``, ``functools.partial(recall,
    positive=...)``, ``lambda cm: ...``)."""
    function = metric
    while isinstance(function, functools.partial):
        function = function.func
    try:
        parameters = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return False
    return bool(parameters) and parameters[0] == "cm"


def _codes(values: np.ndarray, labels: list) -> np.ndarray:
    """The position of each value in ``labels`` (every value is one of them)."""
    distinct, inverse = np.unique(values, return_inverse=True)
    where = {label: i for i, label in enumerate(labels)}
    return np.array([where[value] for value in distinct.tolist()], dtype=np.int64)[inverse]


def _ratio(numerator, denominator) -> np.ndarray:
    """numerator / denominator, nan where the denominator is 0 (the library's 0/0)."""
    numerator, denominator = np.asarray(numerator, float), np.asarray(denominator, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(
            denominator != 0, numerator / np.where(denominator != 0, denominator, 1), np.nan
        )


@functools.cache
def _vectorised_metrics() -> frozenset:
    from evalbook.metrics import _classification as metrics

    return frozenset(
        [
            metrics.accuracy,
            metrics.error_rate,
            metrics.recall,
            metrics.precision,
            metrics.f1,
            metrics.mcc,
            metrics.cohen_kappa,
        ]
    )


def _vectorised(function, keywords, cells, labels):
    """The library's common matrix metrics on b matrices at once (None: not one of them).

    The formulas of :mod:`evalbook.metrics` in arrays: accuracy and error rate; recall,
    precision and F1 of the positive class (``labels[0]``, or ``positive=``; one-vs-rest
    for k classes); the MCC (Gorodkin's k-class form, 0 for a zero denominator as the
    library's); Cohen's kappa; undefined values are nan.
    """
    from evalbook.metrics import _classification as metrics

    b, k = cells.shape[0], cells.shape[1]
    one_class = (metrics.recall, metrics.precision, metrics.f1)
    if set(keywords) - {"positive"} or (keywords and function not in one_class):
        return None
    n = cells.reshape(b, -1).sum(axis=1)
    correct = np.einsum("bii->b", cells)
    if function is metrics.accuracy or function is metrics.error_rate:
        share = _ratio(correct, n)
        return share if function is metrics.accuracy else 1.0 - share
    targets, predictions = cells.sum(axis=2), cells.sum(axis=1)
    if function in one_class:
        positive = keywords.get("positive", labels[0])
        if positive not in labels or (k != 2 and "positive" not in keywords):
            return None
        j = labels.index(positive)
        tp = cells[:, j, j]
        fn, fp = targets[:, j] - tp, predictions[:, j] - tp
        if function is metrics.recall:
            return _ratio(tp, tp + fn)
        if function is metrics.precision:
            return _ratio(tp, tp + fp)
        return _ratio(2 * tp, 2 * tp + fp + fn)
    if function is metrics.mcc:
        n = n.astype(float)
        cross = np.einsum("bk,bk->b", predictions, targets).astype(float)
        first = n * n - np.einsum("bk,bk->b", predictions, predictions)
        second = n * n - np.einsum("bk,bk->b", targets, targets)
        denominator = np.sqrt(first.astype(float)) * np.sqrt(second.astype(float))
        value = _ratio(n * correct - cross, denominator)
        return np.where(denominator == 0, 0.0, value)
    if function is metrics.cohen_kappa:
        expected = np.einsum("bk,bk->b", predictions, targets) / np.where(n > 0, n, 1)
        return _ratio(correct - expected, n - expected)
    return None


def _matrix_values(metric, cells: np.ndarray, labels: list) -> np.ndarray:
    """The metric of each of the b matrices ``cells`` (shape (b, k, k))."""
    from evalbook.metrics._confusion import ConfusionMatrix

    function, keywords = _unwrapped(metric)
    if function in _vectorised_metrics():
        values = _vectorised(function, keywords, cells, labels)
        if values is not None:
            return values
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return np.array(
            [
                check_metric_value(metric(ConfusionMatrix(row, labels=labels)), metric, finite=True)
                for row in cells
            ]
        )


class _Cells:
    """A metric of a confusion matrix, on instances counted into the matrix's cells."""

    def __init__(self, metric, code: np.ndarray, counts: np.ndarray, labels: list):
        self.metric, self.counts, self.labels = metric, counts, labels
        self.code = code.astype(np.int32)
        self.k = counts.shape[0]
        self.width = self.k * self.k

    def values(self, drawn: np.ndarray) -> np.ndarray:
        b, cells = drawn.shape[0], self.k * self.k
        codes = self.code[drawn]
        codes += (np.arange(b) * cells)[:, None]
        counted = np.bincount(codes.ravel(), minlength=b * cells)
        return _matrix_values(self.metric, counted.reshape(b, self.k, self.k), self.labels)

    def cell_jackknife(self) -> np.ndarray:
        """The metric of the matrix less one instance of each cell (nan for empty cells)."""
        flat = self.counts.ravel()
        less = np.repeat(flat[None, :], flat.size, axis=0) - np.eye(flat.size, dtype=np.int64)
        values = np.full(flat.size, np.nan)
        filled = np.flatnonzero(flat > 0)
        shape = (filled.size, self.k, self.k)
        values[filled] = _matrix_values(self.metric, less[filled].reshape(shape), self.labels)
        return values

    def jackknife(self):
        return self.cell_jackknife(), self.code


class _Auc:
    """The ROC AUC, from the counts of drawn positives and negatives in each group of tied
    scores: Σ_g pos_g·(neg below g + ½ neg_g) / (m·n), so no resample is sorted again."""

    def __init__(self, scores: np.ndarray, is_positive: np.ndarray):
        order = np.argsort(scores, kind="stable")
        ordered = scores[order]
        new_group = np.empty(scores.size, dtype=bool)
        new_group[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=new_group[1:])
        group = np.empty(scores.size, dtype=np.int64)
        group[order] = np.cumsum(new_group) - 1
        self.groups = int(new_group.sum())
        self.code = (2 * group + is_positive).astype(np.int32)  # b · 2G < 2³¹: the blocks
        self.scores, self.is_positive = scores, is_positive
        self.width = self.groups  # the blocks (and so the draws) of the earlier AUC bootstrap

    def values(self, drawn: np.ndarray) -> np.ndarray:
        b, width = drawn.shape[0], 2 * self.groups
        codes = self.code[drawn]
        codes += (np.arange(b) * width)[:, None]
        counts = np.bincount(codes.ravel(), minlength=b * width).reshape(b, self.groups, 2)
        negatives, positives = counts[:, :, 0], counts[:, :, 1]
        below = np.cumsum(negatives, axis=1)
        below -= negatives
        doubled = 2 * below + negatives  # 2·(negatives below + ½ tied), whole numbers
        wins = np.einsum("ij,ij->i", positives.astype(float), doubled.astype(float))
        pairs = 2.0 * positives.sum(axis=1) * negatives.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(pairs > 0, wins / np.where(pairs > 0, pairs, 1), np.nan)

    def jackknife(self):
        placements, auc = delong_placements(self.scores, self.is_positive)
        m = int(np.count_nonzero(self.is_positive))
        n = self.scores.size - m
        with np.errstate(invalid="ignore", divide="ignore"):
            left = np.where(
                self.is_positive,
                (m * auc - placements) / (m - 1) if m > 1 else np.nan,
                (n * auc - placements) / (n - 1) if n > 1 else np.nan,
            )
        return left, np.arange(self.scores.size)


class _Mean:
    """A mean of per-instance losses (the Brier score): its leave-one-out values are
    (N·mean − loss_i)/(N − 1)."""

    def __init__(self, losses: np.ndarray):
        self.losses = losses
        self.width = 1

    def values(self, drawn: np.ndarray) -> np.ndarray:
        return self.losses[drawn].mean(axis=1)

    def jackknife(self):
        size = self.losses.size
        if size < 2:
            return np.full(size, np.nan), np.arange(size)
        return (self.losses.sum() - self.losses) / (size - 1), np.arange(size)


class _Call:
    """Any ``metric(y_true, y_pred)``, called on the drawn instances."""

    def __init__(self, metric, target: np.ndarray, table: np.ndarray):
        self.metric, self.target, self.table = metric, target, table
        self.width = 1

    def values(self, drawn: np.ndarray) -> np.ndarray:
        out = np.empty(drawn.shape[0])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            for row, indices in enumerate(drawn):
                out[row] = check_metric_value(
                    self.metric(self.target[indices], self.table[indices]),
                    self.metric,
                    call="y_true, y_pred",
                    finite=True,
                )
        return out

    def jackknife(self):
        """One evaluation per distinct (y_true, y_pred) row: instances alike leave alike."""
        size = self.target.size
        try:
            _, target_code = np.unique(self.target, return_inverse=True)
            rows = self.table.reshape(size, -1)
            _, table_code = np.unique(rows, axis=0, return_inverse=True)
            code = target_code.ravel() * (int(table_code.max()) + 1) + table_code.ravel()
            _, first, unit = np.unique(code, return_index=True, return_inverse=True)
        except TypeError:  # labels numpy cannot sort together: every instance its own unit
            first, unit = np.arange(size), np.arange(size)
        everything = np.arange(size)
        values = np.concatenate([self.values(np.delete(everything, i)[None, :]) for i in first])
        return values, unit.ravel()


class _Difference:
    """metric(model A) − metric(model B) on the same draws (the paired bootstrap)."""

    def __init__(self, first, second):
        self.first, self.second = first, second
        self.width = first.width * second.width
        self.joint = None

    def values(self, drawn: np.ndarray) -> np.ndarray:
        first, second = self.first, self.second
        if isinstance(first, _Cells) and isinstance(second, _Cells) and first.k == second.k:
            # both matrices from one count of the joint cells: one gather, one bincount
            b, k, cells = drawn.shape[0], first.k, first.k * first.k
            if self.joint is None:
                # narrow codes move faster; b · cells² stays far below 2³¹ (the blocks)
                self.joint = (first.code * cells + second.code).astype(np.int32)
            codes = self.joint[drawn]
            codes += (np.arange(b) * cells * cells)[:, None]
            counted = np.bincount(codes.ravel(), minlength=b * cells * cells)
            counted = counted.reshape(b, cells, cells)
            return _matrix_values(
                first.metric, counted.sum(axis=2).reshape(b, k, k), first.labels
            ) - _matrix_values(second.metric, counted.sum(axis=1).reshape(b, k, k), second.labels)
        return first.values(drawn) - second.values(drawn)

    def jackknife(self):
        first_values, first_unit = self.first.jackknife()
        second_values, second_unit = self.second.jackknife()
        code = first_unit * (int(second_unit.max()) + 1) + second_unit
        _, first, unit = np.unique(code, return_index=True, return_inverse=True)
        values = first_values[first_unit[first]] - second_values[second_unit[first]]
        return values, unit.ravel()


# ====================================================================== the engine
def _draw(statistic, size, strata, clusters, n_resamples, rng) -> np.ndarray:
    """The statistic on ``n_resamples`` resamples of the ``size`` instances.

    ``strata``: a list of index arrays, each drawn apart (None: all together); ``clusters``:
    ``(order, starts, lengths)`` of the groups (None: instances drawn one by one).
    """
    values = np.empty(n_resamples)
    if clusters is not None:
        order, starts, lengths = clusters
        count = starts.size
        block = _block_rounds(n_resamples, count)
        for start in range(0, n_resamples, block):
            b = min(block, n_resamples - start)
            for row, drawn in enumerate(rng.integers(0, count, (b, count))):
                taken = lengths[drawn]
                ends = np.cumsum(taken)
                offsets = np.repeat(starts[drawn] - (ends - taken), taken)
                indices = order[offsets + np.arange(int(ends[-1]))]
                values[start + row] = statistic.values(indices[None, :])[0]
        return values
    for start, drawn in _index_blocks(size, strata, n_resamples, statistic.width, rng):
        values[start : start + drawn.shape[0]] = statistic.values(drawn)
    return values


def _index_blocks(size, strata, n_resamples, width, rng):
    """The resamples of the ``size`` instances, a block of rows at a time (memory bounded
    by :func:`_block_rounds`): ``(first row, drawn indices)``; ``strata`` as :func:`_draw`."""
    block = _block_rounds(n_resamples, max(size, width))
    for start in range(0, n_resamples, block):
        b = min(block, n_resamples - start)
        if strata is None:
            drawn = rng.integers(0, size, (b, size))
        else:
            drawn = np.concatenate(
                [where[rng.integers(0, where.size, (b, where.size))] for where in strata], axis=1
            )
        yield start, drawn


def _acceleration(units) -> float:
    """BCa's acceleration â from leave-one-out values, scipy's formula (Efron & Tibshirani
    1993, eq. (14.15), summed over independent samples as ``scipy.stats.bootstrap``):
    per sample j of n_j units, U = (n_j − 1)(θ̄ − θ₍ᵢ₎), â = Σ_j ΣU³/n_j³ / (6 (Σ_j ΣU²/n_j²)^{3/2}).

    ``units``: per sample, ``(values, weights)``: distinct leave-one-out values and how
    many of the sample's units have each.
    """
    numerator = denominator = 0.0
    for values, weights in units:
        keep = (weights > 0) & ~np.isnan(values)
        values, weights = values[keep], weights[keep].astype(float)
        size = weights.sum()
        if size < 2:
            continue
        spread = (size - 1) * ((weights * values).sum() / size - values)
        numerator += float((weights * spread**3).sum()) / size**3
        denominator += float((weights * spread**2).sum()) / size**2
    if denominator <= 0:
        return 0.0
    return numerator / (6 * denominator**1.5)


def _bca_levels(values, estimate, acceleration, alpha) -> tuple[float, float]:
    """The percentile levels of the BCa interval (Efron & Tibshirani 1993, eq. (14.10))."""
    share = (np.count_nonzero(values < estimate) + np.count_nonzero(values <= estimate)) / (
        2 * values.size
    )
    if share <= 0 or share >= 1:
        raise ValueError(
            "the BCa interval is undefined here: every resample's value lies on one side of "
            f"the estimate {estimate:.6g}; use method='percentile'"
        )
    bias = normal_quantile(share)
    z = normal_quantile(alpha)
    normal = NormalDist()
    levels = []
    for quantile in (z, -z):
        shifted = bias + quantile
        levels.append(normal.cdf(bias + shifted / (1 - acceleration * shifted)))
    return levels[0], levels[1]


def _interval(values, estimate, confidence, method, units, *, undefined_as="nan") -> Interval:
    """The interval of the resamples' ``values`` (scipy's three methods).

    ``units`` is called for BCa only: the jackknife's ``(values, weights)`` per sample.
    """
    values = defined_resamples(values, undefined_as=undefined_as)
    alpha = (1.0 - confidence) / 2
    if method != "percentile" and math.isnan(estimate):
        raise ValueError(
            f"the metric is undefined (nan) on the data itself: the {method} interval needs its "
            'value; use method="percentile"'
        )
    if method == "bca":
        levels = _bca_levels(values, estimate, _acceleration(units()), alpha)
    else:
        levels = (alpha, 1.0 - alpha)
    lower, upper = (float(bound) for bound in np.quantile(values, levels))
    if method == "basic":
        return Interval(2 * estimate - upper, 2 * estimate - lower)
    return Interval(lower, upper)


def _instance_units(statistic, strata, size):
    """The jackknife's samples: per stratum, the distinct leave-one-out values and counts."""

    def units():
        values, unit = statistic.jackknife()
        groups = [np.arange(size)] if strata is None else strata
        return [(values, np.bincount(unit[where], minlength=values.size)) for where in groups]

    return units


def _cluster_units(statistic, clusters, size):
    """The jackknife of a clustered bootstrap: the metric without each group in turn."""

    def units():
        order, starts, lengths = clusters
        values = np.empty(starts.size)
        everything = np.ones(size, dtype=bool)
        for g, (start, length) in enumerate(zip(starts, lengths, strict=True)):
            keep = everything.copy()
            keep[order[start : start + length]] = False
            values[g] = statistic.values(np.flatnonzero(keep)[None, :])[0]
        return [(values, np.ones(starts.size, dtype=np.int64))]

    return units


def _cluster_layout(groups, size):
    """``(order, starts, lengths)``: the instances sorted by group, where each group starts."""
    table = as_label_array(groups, "groups")
    if table.size != size:
        raise ValueError(
            f"groups must give one group per instance: it has {table.size} entries and y_true "
            f"has {size}"
        )
    check_label_types(groups=table)
    _, code = np.unique(table, return_inverse=True)
    code = code.ravel()
    order = np.argsort(code, kind="stable")
    lengths = np.bincount(code)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    if lengths.size < 2:
        raise ValueError(
            "groups must hold at least 2 groups: a clustered bootstrap draws whole groups"
        )
    return order, starts, lengths


# ---------------------------------------------------------------------- data and metric
def _check_instances(y_true, y_pred, name="y_pred"):
    """``y_true`` as labels and ``y_pred`` (labels, values or scores) as an array, paired."""
    target = as_label_array(y_true, "y_true")
    table = np.asarray(y_pred)
    if table.ndim == 0:
        raise ValueError(f"{name} must hold one prediction per instance; got a single value")
    check_same_length(target, table, "y_true", name)
    if table.dtype.kind in "biu":  # whole numbers: nothing is missing
        missing = []
    elif table.dtype.kind == "f":
        missing = np.flatnonzero(np.isnan(table.ravel()))[:1].tolist()
    else:
        missing = [i for i, value in enumerate(table.ravel()) if is_missing(value)][:1]
    if missing:  # no metric is defined on a missing prediction or score
        raise ValueError(
            f"{name} contains a missing value ({table.ravel()[missing[0]]!r}) at "
            f"position {missing[0]}; every instance needs a prediction"
        )
    return target, table


def _estimate(metric, *arguments, call) -> float:
    """The metric on the data itself, once, before any resampling: a metric that fails or
    returns no finite number is refused here, not after n_resamples calls."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        try:
            value = metric(*arguments)
        except Exception as exc:
            exc.add_note(f"(raised by metric({call}) on the data, tried before the resampling)")
            raise
        return check_metric_value(value, metric, call=call, finite=True)


def _statistic(metric, target, table, name="y_pred"):
    """The statistic of ``metric`` on the instances ``(target, table)`` and its estimate."""
    from evalbook.metrics._calibration import brier_score_loss
    from evalbook.metrics._confusion import ConfusionMatrix
    from evalbook.metrics._ranking import roc_auc

    if takes_matrix(metric):
        if table.ndim != 1:
            raise ValueError(
                f"a metric of a confusion matrix takes predicted labels: {name} must hold one "
                f"label per instance; got shape {table.shape}"
            )
        cm = ConfusionMatrix.from_labels(target, table)
        if cm.positive is not None:  # each resample's matrix keeps the positive class
            cm = cm.with_positive(cm.positive)
        labels = cm.labels
        code = _codes(target, labels) * len(labels) + _codes(table, labels)
        estimate = _estimate(metric, cm, call="cm")
        return _Cells(metric, code, cm.counts, labels), estimate
    check_signature(
        metric,
        "metric",
        "metric(y_true, y_pred) -> float for the data y_true, y_pred",
        target,
        table,
    )
    function, keywords = _unwrapped(metric)
    if function is roc_auc and set(keywords) <= {"positive"} and table.ndim == 1:
        scores, is_positive = scores_and_classes(target, table, keywords.get("positive"), name=name)
        return _Auc(scores, is_positive), _estimate(metric, target, table, call="y_true, y_pred")
    if function is brier_score_loss and set(keywords) <= {"positive"} and table.ndim == 1:
        estimate = _estimate(metric, target, table, call="y_true, y_pred")
        probabilities, is_positive = scores_and_classes(
            target, table, keywords.get("positive"), name=name, minimum=0
        )
        return _Mean((probabilities - is_positive) ** 2), estimate
    estimate = _estimate(metric, target, table, call="y_true, y_pred")
    return _Call(metric, target, table), estimate


def _check_options(n_resamples, confidence, method, stratify, groups):
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
    confidence = check_confidence(confidence)
    check_choice(method, "method", _METHODS)
    stratify = check_flag(stratify, "stratify")
    if stratify and groups is not None:
        raise ValueError(
            "stratify=True and groups= cannot be combined: a clustered bootstrap draws whole "
            "groups, whose classes are mixed; pass one of them"
        )
    return n_resamples, confidence, stratify


def _strata(target, stratify):
    if not stratify:
        return None
    check_label_types(y_true=target)  # each class is drawn apart: 1 and '1' would be two
    return [np.flatnonzero(target == label) for label in np.unique(target)]


def _run(
    statistic,
    estimate,
    size,
    *,
    target,
    n_resamples,
    confidence,
    method,
    stratify,
    groups,
    seed,
    function,
):
    check_size(function, n_resamples=n_resamples)
    strata = _strata(target, stratify)
    clusters = None if groups is None else _cluster_layout(groups, size)
    values = _draw(statistic, size, strata, clusters, n_resamples, as_rng(seed))
    units = (
        _instance_units(statistic, strata, size)
        if clusters is None
        else _cluster_units(statistic, clusters, size)
    )
    return _interval(values, estimate, confidence, method, units)


# ====================================================================== any metric
def _matrix_draws(metric, cm, n_resamples, stratify, rng) -> np.ndarray:
    """The metric of ``n_resamples`` resamples of the instances counted in ``cm``.

    Drawing n instances with replacement and counting them into the k×k cells is one
    multinomial draw of the cells with probabilities ``counts / n`` (with ``stratify``, one
    draw per row, of the row's count).
    """
    n, k = cm.n, cm.n_classes
    counts = cm.counts
    values = np.empty(n_resamples)
    block = _block_rounds(n_resamples, k * k)
    for start in range(0, n_resamples, block):
        b = min(block, n_resamples - start)
        if stratify:  # every resample keeps each class's count: the rows are drawn apart
            rows = [
                rng.multinomial(int(total), row / total, size=b)
                if total
                else np.zeros((b, k), dtype=np.int64)
                for row, total in zip(counts, counts.sum(axis=1), strict=True)
            ]
            cells = np.concatenate(rows, axis=1)
        else:
            cells = rng.multinomial(n, counts.ravel() / n, size=b)
        values[start : start + b] = _matrix_values(metric, cells.reshape(b, k, k), cm.labels)
    return values


def _matrix_interval(metric, cm, *, n_resamples, confidence, method, stratify, seed, function):
    """:func:`bootstrap_interval` of a confusion matrix (multinomial draws of the cells)."""
    check_nonempty(cm, "there is nothing to resample")
    check_count(cm.n, "the number of instances in cm")
    check_size(function, n_resamples=n_resamples, cells=cm.n_classes**2)
    estimate = _estimate(metric, cm, call="cm")
    values = _matrix_draws(metric, cm, n_resamples, stratify, as_rng(seed))

    def units():
        k = cm.n_classes
        cells = _Cells(metric, np.zeros(0, dtype=np.int64), cm.counts, cm.labels)
        left = cells.cell_jackknife()
        if not stratify:
            return [(left, cm.counts.ravel())]
        return [(left[i * k : (i + 1) * k], cm.counts[i]) for i in range(k) if cm.counts[i].sum()]

    return _interval(values, estimate, confidence, method, units, undefined_as="0/0")


def bootstrap_interval(
    metric,
    *data,
    n_resamples=2000,
    confidence=0.95,
    method="percentile",
    stratify=False,
    groups=None,
    seed=None,
) -> Interval:
    """Bootstrap confidence interval of any metric: of a confusion matrix, of labels, of scores.

    The bootstrap applied to the test set (Efron & Tibshirani 1993, ch. 13): draw
    ``n_resamples`` test sets of the same size from the instances, with replacement,
    compute the metric on each, and turn the values into an interval. The data are those
    the metric takes:

    - ``bootstrap_interval(metric, cm)``: ``metric(cm)`` of a confusion matrix, such as
      :func:`evalbook.f1`. Drawing n instances with replacement and counting them into the
      k×k cells is one multinomial draw of the cells with probabilities ``counts / n``, so
      a resample costs k² numbers instead of n.
    - ``bootstrap_interval(metric, y_true, y_pred)`` or ``(metric, y_true, y_score)``:
      ``metric(y_true, y_pred)`` of labels or values, or of scores (average precision,
      :func:`evalbook.roc_auc`, :func:`evalbook.brier_score_loss`, scikit-learn's
      ``f1_score``), called with numpy arrays; or a metric of a confusion matrix (its
      first argument is ``cm``, as :func:`evalbook.f1`), given each resample's matrix.
      Each block of b resamples draws ``rng.integers(0, N, (b, N))``, the draws of
      ``scipy.stats.bootstrap(..., paired=True, batch=b)``. The library's matrix metrics,
      :func:`evalbook.roc_auc` and :func:`evalbook.brier_score_loss` (alone or as
      ``functools.partial(..., positive=...)``) are computed from counts of the drawn
      instances, without calling the metric on each resample's arrays.

    Resamples where the metric is undefined (``nan``, 0/0) are left out, with an
    :class:`~evalbook.UndefinedMetricWarning` saying how many. Before any resampling the
    metric's signature is checked against the data and the metric is called once on the
    data. A metric that returns ±inf, on the data or on a resample, is refused with a
    ValueError: the percentiles of values that include an infinity are not numbers.

    Parameters
    ----------
    metric : callable
        ``metric(cm) -> float``, or ``metric(y_true, y_pred) -> float``; e.g.
        ``functools.partial(evalbook.recall, positive="B")`` or
        ``functools.partial(evalbook.brier_score_loss, positive=1)``.
    *data : ConfusionMatrix, or y_true and y_pred (or y_score)
        A confusion matrix (or its k×k counts, rows = target), or two sequences of one
        entry per instance: the target labels, and the predicted labels, values or scores
        (a table of shape (N, m) too, e.g. two models' scores side by side).
    n_resamples : int, default 2000
        At least 1 (pROC's default ``boot.n``). For a matrix, ``n_resamples · k²`` (the
        cells drawn) at most 10⁸; for instances, ``n_resamples`` at most 10⁸ (refused by
        name before any draw). The draws are made in blocks of at most 2·10⁶ values, so
        the memory does not grow with ``n_resamples``.
    confidence : float in (0, 1), default 0.95
    method : {"percentile", "basic", "bca"}, default "percentile"
        ``scipy.stats.bootstrap``'s three intervals, with θ̂ the metric on the data and
        q(·) the quantiles of the resamples' values. ``"percentile"``: q(α/2) and
        q(1 − α/2). ``"basic"`` (the reverse percentile interval): 2θ̂ − q(1 − α/2) and
        2θ̂ − q(α/2). ``"bca"``, bias-corrected and accelerated (Efron 1987; Efron &
        Tibshirani 1993, ch. 14): q(α₁) and q(α₂) with α₁,₂ = Φ(ẑ₀ + (ẑ₀ ± z)/(1 −
        â(ẑ₀ ± z))), ẑ₀ = Φ⁻¹(share of the values below θ̂, ties counting ½) and â the
        acceleration from the jackknife (see the module's notes: computed from the
        metric's cells, placements or losses, not by N re-evaluations).
    stratify : bool, default False
        Keep each class's count (the matrix's row totals, the classes of ``y_true``) in
        every resample: each class is drawn apart.
    groups : sequence of labels, optional
        The group of each instance (a patient with several exams): the clustered
        bootstrap draws whole groups with replacement (Field & Welsh 2007), so instances
        of one group, which are not independent, stay together. Needs the instances (not
        a matrix); not with ``stratify``. BCa's jackknife then leaves out one group at a
        time.
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    Raises
    ------
    ValueError
        For a bad option (named), a request beyond the size limit, a metric that fails
        on the data, or a BCa interval whose every resample lies on one side of θ̂.

    References
    ----------
    B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, ch. 13-14. B. Efron, "Better bootstrap confidence intervals", JASA
    82(397):171-185, 1987. C. A. Field and A. H. Welsh, "Bootstrapping clustered data",
    JRSS B 69(3):369-390, 2007.

    Examples
    --------
    >>> from evalbook import accuracy, f1
    >>> lower, upper = bootstrap_interval(accuracy, [[6, 3], [2, 9]], seed=0)
    >>> round(lower, 2), round(upper, 2)
    (0.55, 0.95)
    >>> def hits(y_true, y_pred):
    ...     return float(np.mean(y_true == y_pred))
    >>> y_true = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> y_pred = [1, 1, 0, 0, 0, 1, 1, 0, 1, 0]
    >>> [round(b, 2) for b in bootstrap_interval(hits, y_true, y_pred, n_resamples=1000, seed=0)]
    [0.5, 1.0]
    >>> [round(b, 2) for b in bootstrap_interval(f1, y_true, y_pred, method="bca", seed=0)]
    [0.33, 1.0]
    """
    from evalbook.metrics._confusion import as_confusion_matrix

    if len(data) not in (1, 2):
        raise TypeError(
            "bootstrap_interval takes the metric and then its data: a confusion matrix (cm), "
            f"or y_true and y_pred (or y_score); got {len(data)} data arguments"
        )
    if len(data) == 1:
        cm = as_confusion_matrix(data[0])
        check_signature(
            metric,
            "metric",
            "metric(cm) -> float for the data cm",
            cm,
            hint=" (a function of labels takes y_true and y_pred: pass them instead of cm)",
        )
        n_resamples, confidence, stratify = _check_options(
            n_resamples, confidence, method, stratify, groups
        )
        if groups is not None:
            raise ValueError(
                "groups= needs the instances (y_true and y_pred): a confusion matrix does not "
                "say which instance belongs to which group"
            )
        return _matrix_interval(
            metric,
            cm,
            n_resamples=n_resamples,
            confidence=confidence,
            method=method,
            stratify=stratify,
            seed=seed,
            function="bootstrap_interval",
        )
    target, table = _check_instances(*data)
    n_resamples, confidence, stratify = _check_options(
        n_resamples, confidence, method, stratify, groups
    )
    statistic, estimate = _statistic(metric, target, table)
    return _run(
        statistic,
        estimate,
        target.size,
        target=target,
        n_resamples=n_resamples,
        confidence=confidence,
        method=method,
        stratify=stratify,
        groups=groups,
        seed=seed,
        function="bootstrap_interval",
    )


def paired_bootstrap_interval(
    metric,
    y_true,
    y_pred_a,
    y_pred_b,
    *,
    n_resamples=2000,
    confidence=0.95,
    method="percentile",
    stratify=False,
    groups=None,
    seed=None,
) -> Interval:
    """Bootstrap interval of metric(model A) − metric(model B), both on the same instances.

    The paired bootstrap: every resample draws instances (rows of ``y_true``, ``y_pred_a``,
    ``y_pred_b`` together) and the difference of the metric between the two models on
    that one resample is its value, so what the two models share (the hard instances, the
    easy ones) cancels out of the difference instead of widening its interval (Efron &
    Tibshirani 1993, ch. 13; the interval of any metric, as DeLong's test is the AUC's).
    Same draws, methods and options as :func:`bootstrap_interval`; BCa's jackknife is the
    difference of the two models' leave-one-out values. A difference whose interval
    excludes 0 is one the test set can tell apart from noise.

    Parameters
    ----------
    metric : callable
        ``metric(y_true, y_pred) -> float`` (labels, values or scores), or a metric of a
        confusion matrix (first argument ``cm``, as :func:`evalbook.f1`).
    y_true : sequence of labels
    y_pred_a, y_pred_b : sequence
        The two models' predictions (or scores) for the same instances, in the same order.
    n_resamples, confidence, method, stratify, groups, seed
        As in :func:`bootstrap_interval`.

    Returns
    -------
    Interval
        ``lower`` and ``upper`` of metric(y_true, y_pred_a) − metric(y_true, y_pred_b).

    References
    ----------
    B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall,
    1993, ch. 13-14.

    Examples
    --------
    >>> from evalbook import f1, roc_auc
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> a = [1, 1, 1, 0, 0, 0, 1, 0, 1, 0]
    >>> b = [1, 0, 1, 0, 0, 1, 1, 0, 0, 0]
    >>> [round(v, 3) for v in paired_bootstrap_interval(f1, y, a, b, seed=0)]
    [0.0, 0.8]
    >>> s = [0.9, 0.8, 0.7, 0.4, 0.3, 0.2, 0.6, 0.1, 0.8, 0.3]
    >>> t = [0.6, 0.4, 0.9, 0.2, 0.5, 0.7, 0.6, 0.1, 0.3, 0.3]
    >>> difference = paired_bootstrap_interval(
    ...     roc_auc, y, s, t, method="bca", stratify=True, seed=0
    ... )
    >>> [round(v, 3) for v in difference]
    [0.12, 0.8]
    """
    target, first = _check_instances(y_true, y_pred_a, "y_pred_a")
    _, second = _check_instances(y_true, y_pred_b, "y_pred_b")
    n_resamples, confidence, stratify = _check_options(
        n_resamples, confidence, method, stratify, groups
    )
    statistic_a, estimate_a = _statistic(metric, target, first, "y_pred_a")
    statistic_b, estimate_b = _statistic(metric, target, second, "y_pred_b")
    return _run(
        _Difference(statistic_a, statistic_b),
        estimate_a - estimate_b,
        target.size,
        target=target,
        n_resamples=n_resamples,
        confidence=confidence,
        method=method,
        stratify=stratify,
        groups=groups,
        seed=seed,
        function="paired_bootstrap_interval",
    )


# ====================================================================== the AUC
def roc_auc_interval(
    y_true, y_score, *, positive=None, method="delong", confidence=0.95, n_resamples=2000, seed=None
) -> Interval:
    """Confidence interval of the ROC AUC: DeLong's or a stratified bootstrap.

    The AUC is a Mann-Whitney statistic, the mean of ψ(Xᵢ, Yⱼ) over the m positives Xᵢ and
    n negatives Yⱼ (ψ = 1 if X > Y, ½ if tied, 0 otherwise).

    - ``"delong"``: DeLong et al. (1988) estimate its variance from the structural
      components V10ᵢ = (1/n) Σⱼ ψ(Xᵢ, Yⱼ) and V01ⱼ = (1/m) Σᵢ ψ(Xᵢ, Yⱼ):
      var = s²(V10)/m + s²(V01)/n, with s² the sample variance; the interval is
      AUC ± z₁₋α/₂ · √var, cut to [0, 1], as ``pROC::ci.auc(method="delong")``. The
      components come from one sort of the scores (Sun & Xu 2014 use three) and passes
      over them, and are not put back in input order: the variance needs no pairing.
    - ``"bootstrap"``: ``n_resamples`` resamples that draw m positives among the positives and
      n negatives among the negatives, with replacement (stratified, as pROC's default
      ``boot.stratified=TRUE``), and the percentiles of their AUCs: the engine of
      :func:`bootstrap_interval` (``bootstrap_interval(roc_auc, y_true, y_score,
      stratify=True, method="bca")`` gives the other methods; it draws the negatives
      first).

    Parameters
    ----------
    y_true : sequence of labels
    y_score : sequence of float
        Higher means more likely positive.
    positive : label, optional
        The positive class; ``y_true`` needs at least 2 positives and 2 negatives.
        Without it, the rule of the positive class (``help(evalbook)``).
    method : {"delong", "bootstrap"}, default "delong"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
        Bootstrap resamples (pROC's default ``boot.n``), at most 10⁸ (refused beyond,
        before any draw); ignored by ``"delong"``.
    seed : int or numpy.random.Generator, optional
        Seed of the bootstrap.

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the areas under two or
    more correlated receiver operating characteristic curves: a nonparametric approach",
    Biometrics 44(3):837-845, 1988. X. Sun and W. Xu, "Fast implementation of DeLong's
    algorithm for comparing the areas under correlated receiver operating characteristic
    curves", IEEE Signal Processing Letters 21(11):1389-1393, 2014. X. Robin et al.,
    "pROC: an open-source package for R and S+ to analyze and compare ROC curves", BMC
    Bioinformatics 12:77, 2011.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0]
    >>> s = [0.9, 0.8, 0.7, 0.3, 0.6, 0.2, 0.1, 0.4]
    >>> [round(b, 4) for b in roc_auc_interval(y, s, positive=1)]
    [0.5921, 1.0]
    >>> [round(b, 4) for b in roc_auc_interval(y, s, positive=1, method="bootstrap", seed=0)]
    [0.5, 1.0]
    """
    check_choice(method, "method", ("delong", "bootstrap"))
    confidence = check_confidence(confidence)
    values, is_positive = scores_and_classes(y_true, y_score, positive, minimum=2)
    if method == "bootstrap":
        n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
        check_size("roc_auc_interval", n_resamples=n_resamples)
        statistic = _Auc(values, is_positive)
        strata = [np.flatnonzero(is_positive), np.flatnonzero(~is_positive)]
        aucs = _draw(statistic, values.size, strata, None, n_resamples, as_rng(seed))
        return _interval(aucs, math.nan, confidence, "percentile", None)
    auc, variance = delong_auc_variance(values, is_positive)
    margin = normal_quantile(1.0 - (1.0 - confidence) / 2) * math.sqrt(variance)
    return Interval(max(auc - margin, 0.0), min(auc + margin, 1.0))


# ====================================================================== agreement
def _kappa_variance(counts: np.ndarray) -> tuple[float, float]:
    """Cohen's kappa and the large-sample variance of Fleiss, Cohen & Everitt (1969).

    With p_ij = counts/n, row shares p_i., column shares p_.j, p_o = Σ p_ii and
    p_e = Σ p_i. p_.i: var(κ̂) = [Σ_i p_ii (1 − (p_i. + p_.i)(1 − κ̂))²
    + (1 − κ̂)² Σ_{i≠j} p_ij (p_.i + p_j.)² − (κ̂ − p_e(1 − κ̂))²] / (n (1 − p_e)²).
    """
    n = float(counts.sum())
    p = counts / n
    rows, columns = p.sum(axis=1), p.sum(axis=0)
    observed, expected = float(np.trace(p)), float(rows @ columns)
    kappa = (observed - expected) / (1 - expected)
    diagonal = float((np.diag(p) * (1 - (rows + columns) * (1 - kappa)) ** 2).sum())
    off = p * (columns[:, None] + rows[None, :]) ** 2
    np.fill_diagonal(off, 0.0)
    spread = (1 - kappa) ** 2 * float(off.sum())
    correction = (kappa - expected * (1 - kappa)) ** 2
    return kappa, max(diagonal + spread - correction, 0.0) / ((1 - expected) ** 2 * n)


def cohen_kappa_interval(
    cm, *, method="normal", confidence=0.95, n_resamples=2000, seed=None
) -> Interval:
    """Confidence interval of Cohen's kappa: the large-sample normal one, or a bootstrap.

    - ``"normal"``: κ̂ ± z₁₋α/₂ · SE, with the large-sample standard error of Fleiss,
      Cohen & Everitt (1969) (not the one under κ = 0, which only tests agreement against
      chance): var(κ̂) = [Σᵢ pᵢᵢ (1 − (pᵢ. + p.ᵢ)(1 − κ̂))² + (1 − κ̂)² Σ_{i≠j} pᵢⱼ
      (p.ᵢ + pⱼ.)² − (κ̂ − pₑ(1 − κ̂))²] / (n (1 − pₑ)²), with pᵢⱼ the matrix's shares,
      pᵢ. and p.ⱼ its row and column shares and pₑ = Σ pᵢ. p.ᵢ; statsmodels'
      ``cohens_kappa(table).std_kappa``. Not clipped to [−1, 1], as statsmodels'.
    - ``"percentile"``, ``"basic"``, ``"bca"``: :func:`bootstrap_interval` of
      :func:`evalbook.cohen_kappa` on the matrix (multinomial draws of its cells).

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are one rater (the target), columns the other (the prediction).
    method : {"normal", "percentile", "basic", "bca"}, default "normal"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
        For the bootstrap methods (as :func:`bootstrap_interval`).
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``; both ``nan``, with an UndefinedMetricWarning, when kappa
        is undefined (pₑ = 1) and ``method="normal"``.

    References
    ----------
    J. L. Fleiss, J. Cohen and B. S. Everitt, "Large sample standard errors of kappa and
    weighted kappa", Psychological Bulletin 72(5):323-327, 1969. J. Cohen, "A coefficient
    of agreement for nominal scales", Educational and Psychological Measurement
    20(1):37-46, 1960.

    Examples
    --------
    >>> [round(b, 4) for b in cohen_kappa_interval([[6, 3], [2, 9]])]
    [0.1058, 0.8738]
    >>> [round(b, 2) for b in cohen_kappa_interval([[6, 3], [2, 9]], method="bca", seed=0)]
    [-0.02, 0.79]
    """
    from evalbook.metrics._classification import cohen_kappa
    from evalbook.metrics._confusion import as_confusion_matrix

    cm = as_confusion_matrix(cm)
    check_choice(method, "method", ("normal", *_METHODS))
    confidence = check_confidence(confidence)
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=1)
    check_size("cohen_kappa_interval", n_resamples=n_resamples)  # whichever the method
    seed = as_rng(seed)
    if method != "normal":
        return bootstrap_interval(
            cohen_kappa,
            cm,
            n_resamples=n_resamples,
            confidence=confidence,
            method=method,
            seed=seed,
        )
    check_nonempty(cm, "kappa has no interval")
    counts = cm.counts.astype(float)
    rows, columns = counts.sum(axis=1), counts.sum(axis=0)
    if float(rows @ columns) == float(counts.sum()) ** 2:  # p_e = 1: one class only
        warnings.warn(
            "Cohen's kappa is undefined (0/0): both raters give one and the same class to "
            "every instance, so its interval is nan",
            UndefinedMetricWarning,
            stacklevel=2,
        )
        return Interval(math.nan, math.nan)
    kappa, variance = _kappa_variance(counts)
    margin = normal_quantile(1.0 - (1.0 - confidence) / 2) * math.sqrt(variance)
    return Interval(kappa - margin, kappa + margin)


def mcc_interval(
    cm, *, method="percentile", confidence=0.95, n_resamples=2000, seed=None
) -> Interval:
    """Bootstrap confidence interval of the Matthews correlation coefficient.

    :func:`bootstrap_interval` of :func:`evalbook.mcc` on the matrix: multinomial draws of
    its cells, the MCC of all resamples computed at once (Gorodkin's k-class form, 0 for
    a zero denominator as :func:`evalbook.mcc`). The MCC has no standard large-sample
    interval of the kind kappa has; the bootstrap is what Chicco & Jurman (2020) and
    Chicco, Tötsch & Jurman (2021) use.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
    method : {"percentile", "basic", "bca"}, default "percentile"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    B. W. Matthews, "Comparison of the predicted and observed secondary structure of T4
    phage lysozyme", Biochimica et Biophysica Acta 405(2):442-451, 1975. D. Chicco and
    G. Jurman, "The advantages of the Matthews correlation coefficient (MCC) over F1 score
    and accuracy in binary classification evaluation", BMC Genomics 21:6, 2020.

    Examples
    --------
    >>> [round(b, 2) for b in mcc_interval([[6, 3], [2, 9]], seed=0)]
    [0.08, 0.88]
    """
    from evalbook.metrics._classification import mcc

    return bootstrap_interval(
        mcc, cm, n_resamples=n_resamples, confidence=confidence, method=method, seed=seed
    )


# ====================================================================== bands of curves
_BAND_METHODS = ("pointwise", "simultaneous")


def _check_grid(grid, name_of_points: str) -> np.ndarray:
    from evalbook._core.checks import as_number_array

    if grid is None:
        return np.round(np.linspace(0.0, 1.0, 101), 12)
    values = as_number_array(grid, "grid", what=name_of_points)
    if values.ndim != 1 or values.size == 0:
        raise ValueError(f"grid must be a flat, non-empty sequence of {name_of_points}s")
    if np.any((values < 0) | (values > 1)):
        raise ValueError(f"grid must hold {name_of_points}s in [0, 1]; got {values.tolist()!r}")
    return values


def _descending_counts(statistic: _Auc, drawn: np.ndarray):
    """The drawn instances' cumulative (tp, fp) from the highest score group down."""
    b, width = drawn.shape[0], 2 * statistic.groups
    codes = statistic.code[drawn]
    codes += (np.arange(b) * width)[:, None]
    counts = np.bincount(codes.ravel(), minlength=b * width).reshape(b, statistic.groups, 2)
    counts = counts[:, ::-1, :]  # highest score first
    return np.cumsum(counts[:, :, 1], axis=1), np.cumsum(counts[:, :, 0], axis=1)


def _sensitivity_at(tp, fp, grid) -> np.ndarray:
    """Sensitivity at each specificity of ``grid``: the largest TPR among the points whose
    specificity is at least it (the origin included), pROC's rule for ``ci.se``."""
    out = np.empty((tp.shape[0], grid.size))
    for row in range(tp.shape[0]):
        m, n = tp[row, -1], fp[row, -1]
        if m == 0 or n == 0:
            out[row] = np.nan
            continue
        allowed = (1.0 - grid) * n + 1e-9  # fp ≤ (1 − specificity)·n
        at = np.searchsorted(fp[row], allowed, side="right") - 1
        out[row] = np.where(at >= 0, tp[row, np.maximum(at, 0)], 0) / m
    return out


def _precision_at(tp, fp, grid) -> np.ndarray:
    """Precision at each recall of ``grid``: at the highest threshold whose recall reaches it."""
    out = np.empty((tp.shape[0], grid.size))
    for row in range(tp.shape[0]):
        m = tp[row, -1]
        if m == 0:
            out[row] = np.nan
            continue
        at = np.searchsorted(tp[row], grid * m - 1e-9, side="left")
        at = np.minimum(at, tp.shape[1] - 1)
        predicted = tp[row, at] + fp[row, at]
        out[row] = np.where(predicted > 0, tp[row, at] / np.where(predicted > 0, predicted, 1), 1.0)
    return out


def _band(
    y_true, y_score, positive, grid, method, confidence, n_resamples, stratify, seed, at, function
):
    """The estimate and the band of ``at(tp, fp, grid)`` over bootstrap resamples."""
    check_choice(method, "method", _BAND_METHODS)
    confidence = check_confidence(confidence)
    n_resamples = check_whole_number(n_resamples, "n_resamples", minimum=2)
    stratify = check_flag(stratify, "stratify")
    scores, is_positive = scores_and_classes(y_true, y_score, positive, minimum=1)
    statistic = _Auc(scores, is_positive)
    check_size(function, n_resamples=n_resamples, grid=grid.size)
    estimate = at(*_descending_counts(statistic, np.arange(scores.size)[None, :]), grid)[0]
    strata = [np.flatnonzero(~is_positive), np.flatnonzero(is_positive)] if stratify else None
    values = np.empty((n_resamples, grid.size))
    blocks = _index_blocks(scores.size, strata, n_resamples, statistic.width, as_rng(seed))
    for start, drawn in blocks:
        values[start : start + drawn.shape[0]] = at(*_descending_counts(statistic, drawn), grid)
    values = values[~np.isnan(values).any(axis=1)]
    if values.shape[0] < 2:
        raise ValueError("the curve is undefined on every resample (one class only)")
    alpha = 1.0 - confidence
    if method == "pointwise":
        lower, upper = np.quantile(values, [alpha / 2, 1 - alpha / 2], axis=0)
        return estimate, lower, upper
    spread = values.std(axis=0, ddof=1)
    varies = spread > 0
    deviations = np.abs(values[:, varies] - estimate[varies]) / spread[varies]
    critical = float(np.quantile(deviations.max(axis=1), confidence)) if varies.any() else 0.0
    return (
        estimate,
        np.clip(estimate - critical * spread, 0.0, 1.0),
        np.clip(estimate + critical * spread, 0.0, 1.0),
    )


def roc_band(
    y_true,
    y_score,
    *,
    positive=None,
    grid=None,
    method="pointwise",
    confidence=0.95,
    n_resamples=2000,
    stratify=True,
    seed=None,
):
    """A bootstrap confidence band of the ROC curve: sensitivity at fixed specificities.

    At each specificity x of ``grid``, the sensitivity of the curve is the largest TPR
    among its points whose specificity is at least x; each bootstrap resample (stratified
    by class by default) gives its own, as R's ``pROC::ci.se`` does (Robin et al. 2011:
    "the confidence interval of the sensitivity at the given specificity points",
    2000 stratified bootstrap replicates by default).

    - ``"pointwise"``: at each x, the percentiles α/2 and 1 − α/2 of the resamples'
      sensitivities (pROC's ``ci.se``). Each x is covered with the confidence; the whole
      curve is not.
    - ``"simultaneous"``: the sup-t band (Montiel Olea & Plagborg-Møller 2019): with ŝe(x)
      the estimate and s(x) the resamples' standard deviation, c is the ``confidence``
      quantile of maxₓ |se*(x) − ŝe(x)| / s(x) over the resamples, and the band is
      ŝe(x) ± c·s(x), cut to [0, 1]: it covers the whole curve at once (wider).

    Parameters
    ----------
    y_true : sequence of labels
    y_score : sequence of float
    positive : label, optional
        The rule of the positive class (``help(evalbook)``) without it.
    grid : sequence of float in [0, 1], optional
        The specificities (pROC's ``specificities``); 0, 0.01, …, 1 by default.
    method : {"pointwise", "simultaneous"}, default "pointwise"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
        At least 2; the draws are made in blocks, the memory is ``n_resamples`` times the
        grid's size (refused by name beyond 10⁸).
    stratify : bool, default True
        Keep the numbers of positives and negatives in every resample (pROC's
        ``boot.stratified=TRUE``).
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Curve
        Of kind ``"roc_band"``: ``specificity`` (the grid), ``fpr`` (1 − specificity),
        ``tpr`` (the sensitivity of the data's curve), ``tpr_lower`` and ``tpr_upper``;
        drawn by ``RocCurveDisplay(...).plot(band=...)``.

    References
    ----------
    X. Robin et al., "pROC: an open-source package for R and S+ to analyze and compare ROC
    curves", BMC Bioinformatics 12:77, 2011 (``ci.se``). J. L. Montiel Olea and M.
    Plagborg-Møller, "Simultaneous confidence bands: theory, implementation, and an
    application to SVARs", Journal of Applied Econometrics 34(1):1-17, 2019.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> s = [0.9, 0.8, 0.7, 0.4, 0.3, 0.2, 0.6, 0.1, 0.8, 0.3]
    >>> band = roc_band(y, s, grid=[0.5, 0.8], seed=0)
    >>> band.tpr.tolist(), band.tpr_lower.tolist(), band.tpr_upper.tolist()
    ([1.0, 1.0], [0.8, 0.6], [1.0, 1.0])
    """
    from evalbook.metrics._curves import Curve

    grid = _check_grid(grid, "specificity")
    estimate, lower, upper = _band(
        y_true,
        y_score,
        positive,
        grid,
        method,
        confidence,
        n_resamples,
        stratify,
        seed,
        _sensitivity_at,
        "roc_band",
    )
    return Curve(
        "roc_band",
        {
            "specificity": grid,
            "fpr": 1.0 - grid,
            "tpr": estimate,
            "tpr_lower": lower,
            "tpr_upper": upper,
        },
        method=method,
        confidence=confidence,
    )


def precision_recall_band(
    y_true,
    y_score,
    *,
    positive=None,
    grid=None,
    method="pointwise",
    confidence=0.95,
    n_resamples=2000,
    stratify=True,
    seed=None,
):
    """A bootstrap confidence band of the precision-recall curve: precision at fixed recalls.

    At each recall r of ``grid``, the precision of the curve at the highest threshold
    whose recall reaches r (the first point of the staircase at or past r); each bootstrap
    resample gives its own, and the band is their percentiles (``"pointwise"``) or the
    sup-t band (``"simultaneous"``), as :func:`roc_band`.

    Parameters
    ----------
    y_true, y_score, positive, method, confidence, n_resamples, stratify, seed
        As in :func:`roc_band`.
    grid : sequence of float in [0, 1], optional
        The recalls; 0, 0.01, …, 1 by default.

    Returns
    -------
    Curve
        Of kind ``"precision_recall_band"``: ``recall`` (the grid), ``precision``,
        ``precision_lower`` and ``precision_upper``; drawn by
        ``PrecisionRecallDisplay(...).plot(band=...)``.

    References
    ----------
    J. Davis and M. Goadrich, "The relationship between precision-recall and ROC curves",
    ICML 2006. J. L. Montiel Olea and M. Plagborg-Møller, "Simultaneous confidence bands:
    theory, implementation, and an application to SVARs", Journal of Applied Econometrics
    34(1):1-17, 2019.

    Examples
    --------
    >>> y = [1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> s = [0.9, 0.8, 0.7, 0.4, 0.3, 0.2, 0.6, 0.1, 0.8, 0.3]
    >>> band = precision_recall_band(y, s, grid=[0.4, 1.0], seed=0)
    >>> band.precision.round(3).tolist(), band.precision_lower.round(3).tolist()
    ([1.0, 0.833], [1.0, 0.625])
    """
    from evalbook.metrics._curves import Curve

    grid = _check_grid(grid, "recall")
    estimate, lower, upper = _band(
        y_true,
        y_score,
        positive,
        grid,
        method,
        confidence,
        n_resamples,
        stratify,
        seed,
        _precision_at,
        "precision_recall_band",
    )
    return Curve(
        "precision_recall_band",
        {
            "recall": grid,
            "precision": estimate,
            "precision_lower": lower,
            "precision_upper": upper,
        },
        method=method,
        confidence=confidence,
    )


def calibration_band(
    y_true, y_proba, *, positive=None, bins=10, strategy="uniform", confidence=0.95
):
    """The reliability diagram with an exact (Clopper-Pearson) interval for each bin.

    The share of positives in a bin of ``count`` instances is a binomial proportion, so its
    interval is the exact Clopper-Pearson one (Clopper & Pearson 1934) of its hits out of
    ``count``: it stays a real interval in a bin that holds only positives or only
    negatives, where a bootstrap of the bin collapses to the single value 0 or 1.

    Parameters
    ----------
    y_true, y_proba, positive, bins, strategy
        As in :func:`evalbook.calibration_curve`.
    confidence : float in (0, 1), default 0.95

    Returns
    -------
    Curve
        Of kind ``"calibration_band"``: one row per non-empty bin, ``mean_predicted``,
        ``fraction_positive``, ``count``, ``fraction_lower`` and ``fraction_upper``; drawn
        by ``CalibrationDisplay(...).plot(band=...)``.

    References
    ----------
    C. J. Clopper and E. S. Pearson, "The use of confidence or fiducial limits
    illustrated in the case of the binomial", Biometrika 26:404-413, 1934.

    Examples
    --------
    >>> y = [1, 0, 1, 0, 1, 1, 0, 0]
    >>> p = [0.9, 0.2, 0.8, 0.1, 0.7, 0.95, 0.3, 0.15]
    >>> band = calibration_band(y, p, positive=1, bins=2)
    >>> band.fraction_positive.tolist(), band.fraction_lower.round(4).tolist()
    ([0.0, 1.0], [0.0, 0.3976])
    """
    from evalbook.metrics._calibration import calibration_curve
    from evalbook.metrics._curves import Curve

    confidence = check_confidence(confidence)
    curve = calibration_curve(y_true, y_proba, positive=positive, bins=bins, strategy=strategy)
    hits = np.rint(curve.fraction_positive * curve.count).astype(np.int64)
    lower = np.empty(len(curve))
    upper = np.empty(len(curve))
    for i, (k, n) in enumerate(zip(hits, curve.count, strict=True)):
        bounds = clopper_pearson_bounds(np.array([k]), int(n), confidence)
        lower[i], upper[i] = float(bounds[0][0]), float(bounds[1][0])
    return Curve(
        "calibration_band",
        {
            "mean_predicted": curve.mean_predicted,
            "fraction_positive": curve.fraction_positive,
            "count": curve.count,
            "fraction_lower": lower,
            "fraction_upper": upper,
        },
        confidence=confidence,
    )


# ====================================================================== multiclass AUC
_AVERAGES = ("macro", "weighted", "micro", "one_vs_one")


def multiclass_roc_auc_interval(
    y_true,
    y_score,
    *,
    labels,
    average="macro",
    method="percentile",
    confidence=0.95,
    n_resamples=2000,
    seed=None,
) -> Interval:
    """Bootstrap interval of a multiclass ROC AUC: one-vs-rest averages or Hand & Till's M.

    The value is one summary of :func:`evalbook.multiclass_roc_auc` (equal to
    scikit-learn's ``roc_auc_score(multi_class=...)``): the one-vs-rest AUCs' ``"macro"``
    or prevalence-``"weighted"`` mean, the pooled ``"micro"`` AUC, or Hand & Till's (2001)
    one-vs-one ``"one_vs_one"`` M. The bootstrap is stratified by class (every resample
    keeps each class's count, so every one-vs-rest and one-vs-one AUC stays defined, and
    the weights of ``"weighted"`` stay those of the data), with the draws and methods of
    :func:`bootstrap_interval`. BCa's jackknife calls the summary once per distinct
    instance (N calls): for large N prefer ``"percentile"``.

    Parameters
    ----------
    y_true : sequence of labels
    y_score : array-like of shape (n, k)
        One column per class of ``labels``.
    labels : sequence of labels
        The k classes, in the order of the columns.
    average : {"macro", "weighted", "micro", "one_vs_one"}, default "macro"
    method : {"percentile", "basic", "bca"}, default "percentile"
    confidence : float in (0, 1), default 0.95
    n_resamples : int, default 2000
    seed : int or numpy.random.Generator, optional

    Returns
    -------
    Interval
        ``lower`` and ``upper``.

    References
    ----------
    D. J. Hand and R. J. Till, "A simple generalisation of the area under the ROC curve for
    multiple class classification problems", Machine Learning 45:171-186, 2001.
    F. Provost and P. Domingos, "Well-trained PETs: improving probability estimation
    trees", CeDER working paper IS-00-04, NYU, 2000. B. Efron and R. J. Tibshirani, *An
    Introduction to the Bootstrap*, Chapman & Hall, 1993, ch. 13-14.

    Examples
    --------
    >>> y = ["a", "b", "c", "a", "b", "c", "a", "b", "c"]
    >>> scores = [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.1, 0.3, 0.6],
    ...           [0.4, 0.5, 0.1], [0.3, 0.4, 0.3], [0.5, 0.1, 0.4],
    ...           [0.6, 0.3, 0.1], [0.2, 0.6, 0.2], [0.2, 0.2, 0.6]]
    >>> interval = multiclass_roc_auc_interval(
    ...     y, scores, labels=["a", "b", "c"], average="one_vs_one", n_resamples=500, seed=0
    ... )
    >>> [round(b, 3) for b in interval]
    [0.852, 1.0]
    """
    from evalbook.metrics._ranking import multiclass_roc_auc

    check_choice(average, "average", _AVERAGES)

    def summary(target, table):
        return getattr(multiclass_roc_auc(target, table, labels=labels), average)

    summary.__name__ = f"multiclass_roc_auc(...).{average}"
    multiclass_roc_auc(y_true, y_score, labels=labels)  # the checks, naming the arguments
    return bootstrap_interval(
        summary,
        y_true,
        np.asarray(y_score, dtype=float),
        n_resamples=n_resamples,
        confidence=confidence,
        method=method,
        stratify=True,
        seed=seed,
    )
