"""Benchmarks: evalbook against scikit-learn and the numpy floor, as ratios.

Run with ``make bench`` (or ``python benchmarks/run.py``); ``--quick`` uses tiny sizes and
is what the smoke test runs; ``--only NAME`` runs the cases whose name contains NAME.
Prints one table and writes it, with the machine, its load and the date, to
``benchmarks/RESULTS.md``; ``make test``'s rows and the refusals of impossible sizes
(``--only refusals``: how long each exact test and resampling function takes to refuse 10×
its limit) go to sections of their own, and a run of only some cases keeps the other
parts of the file.

``--baseline REV`` times ``make test`` against another commit: REV is checked out in a
``git worktree`` (a temporary folder) with its own ``.venv`` (``make install``, untimed),
each side runs once untimed (the first run after an install compiles the bytecode), then
``--rounds`` rounds of one run of each, interleaved (before, after, before, after ...)::

    python benchmarks/run.py --only "make test" --baseline cf09d96

Method:

- every contender of a row (evalbook and each reference) runs on the same data, the same
  number of times, interleaved: one call of each per round (A B A B …), whole rounds only;
- a row reports each contender's minimum (the least disturbed run on a shared machine)
  and its spread (min–max over the rounds); the ratio is evalbook's minimum over the
  reference's, quoted with the size and, for scores, the tie structure of the data;
- before timing, evalbook's and the reference's results are compared on that data;
- the BLAS variables (``OPENBLAS_CORETYPE``, ``OPENBLAS_L2_SIZE``, thread counts) and the
  load average before and after are written next to the table.

The cases are the list ``CASES``: adding a benchmark is adding one entry (a score function
beside scikit-learn's is one :func:`score_case` line). A case whose evalbook function does
not exist yet is skipped with a note. A missed target is reported, never hidden.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
BLAS_VARIABLES = (
    "OPENBLAS_CORETYPE",
    "OPENBLAS_L2_SIZE",
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
)


# ---------------------------------------------------------------------- timing
@dataclass
class Timing:
    """The wall times of one contender over the rounds of a row."""

    times: list[float]

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def worst(self) -> float:
        return max(self.times)

    @property
    def median(self) -> float:
        return float(np.median(self.times))

    @property
    def spread(self) -> str:
        return f"{_format_seconds(self.best)}–{_format_seconds(self.worst)} ({len(self.times)}×)"


def time_interleaved(
    contenders: dict[str, Callable[[], object]], *, repeat: int, budget: float = 60.0
) -> dict[str, Timing]:
    """Time every contender ``repeat`` times, one call of each per round (A B A B …).

    Only whole rounds run, so every contender gets the same number of repetitions; after
    the second round no new round starts once ``budget`` seconds have passed.
    """
    times: dict[str, list[float]] = {name: [] for name in contenders}
    started = time.perf_counter()
    for round_ in range(repeat):
        if round_ >= 2 and time.perf_counter() - started > budget:
            break
        for name, function in contenders.items():
            t0 = time.perf_counter()
            function()
            times[name].append(time.perf_counter() - t0)
    return {name: Timing(values) for name, values in times.items()}


# ---------------------------------------------------------------------- rows
@dataclass
class Row:
    """One line of the results table: evalbook against one reference on one data set."""

    case: str
    size: str
    evalbook: Timing | None
    reference: str = ""
    reference_timing: Timing | None = None
    target: str = ""
    met: bool | None = None
    same_numbers: bool | None = None
    note: str = ""
    data: str = ""

    @property
    def ratio(self) -> float:
        if self.evalbook is None or self.reference_timing is None:
            return float("nan")
        return self.evalbook.best / self.reference_timing.best

    def as_dict(self) -> dict:
        return {
            "case": self.case,
            "size": self.size,
            "data": self.data,
            "evalbook_s": None if self.evalbook is None else self.evalbook.times,
            "reference": self.reference,
            "reference_s": None if self.reference_timing is None else self.reference_timing.times,
            "ratio": self.ratio,
            "target": self.target,
            "met": self.met,
            "same_numbers": self.same_numbers,
            "note": self.note,
        }


@dataclass
class Settings:
    quick: bool
    repeat: int
    budget: float
    baseline: str | None = None  # the revision `make test` is compared with
    rounds: int = 3  # runs of `make test` on each side

    def sizes(self, full, quick=(10**3,)):
        return list(quick if self.quick else full)

    def repeat_for(self, n: int) -> int:
        """Fewer rounds for the largest sizes (each row still times its contenders equally)."""
        return self.repeat if n < 10**7 else max(3, self.repeat // 2)


@dataclass
class Case:
    """A named benchmark: ``run(settings)`` yields its rows."""

    name: str
    run: Callable[[Settings], Iterator[Row]]
    full_only: bool = False  # too slow for --quick (the smoke test)


def compare(
    case: str,
    size: str,
    ours: Callable[[], object],
    references: list[tuple[str, Callable[[], object], Callable | None]],
    settings: Settings,
    *,
    n: int = 0,
    data: str = "",
    target: Callable[[str, float], tuple[str, bool | None]] | None = None,
    note: str = "",
) -> Iterator[Row]:
    """One row per reference, all contenders timed together in one interleaved run.

    ``references`` holds ``(label, function, same)``; ``same(ours_result, ref_result)``
    says whether the two agree (None: nothing to compare, e.g. a numpy floor).
    """
    ours_result = ours()
    agreement = []
    for _, function, same in references:
        agreement.append(None if same is None else bool(same(ours_result, function())))
    contenders = {"evalbook": ours, **{label: function for label, function, _ in references}}
    timings = time_interleaved(contenders, repeat=settings.repeat_for(n), budget=settings.budget)
    for (label, _, _), same in zip(references, agreement, strict=True):
        row = Row(
            case, size, timings["evalbook"], label, timings[label], "", None, same, note, data
        )
        if target is not None:
            row.target, row.met = target(label, row.ratio)
        yield row


def _size(n: int) -> str:
    return f"n={n:.0e}".replace("e+0", "e")


# ---------------------------------------------------------------------- floors
def _bincount_floor(y_true, y_pred, k):
    """The numpy floor of a confusion matrix of integer labels 0..k-1."""
    return np.bincount(y_true * k + y_pred, minlength=k * k)


def _unique_floor(y_true, y_pred):
    """Codes for both label arrays: the least any string-label confusion matrix must do."""
    return np.unique(y_true, return_inverse=True), np.unique(y_pred, return_inverse=True)


def _metric_from_labels(metric, y_true, y_pred):
    from evalbook import ConfusionMatrix

    return metric(ConfusionMatrix.from_labels(y_true, y_pred))


def _sklearn_order(matrix) -> np.ndarray:
    return matrix.to_frame("sklearn").to_numpy()


# ---------------------------------------------------------------------- cases: library
def confusion_integers(settings: Settings) -> Iterator[Row]:
    from sklearn.metrics import confusion_matrix

    from evalbook import ConfusionMatrix

    rng = np.random.default_rng(0)
    k = 3
    for n in settings.sizes([10**5, 10**6, 10**7]):
        y_true = rng.integers(0, k, n)
        y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, k, n))

        def target(label, ratio, n=n):
            if n < 10**7:
                return "", None
            if label.startswith("np."):
                return "≤ 2× the floor at 1e7", ratio <= 2
            return "≥ 10× faster at 1e7", ratio <= 0.1

        yield from compare(
            "confusion matrix, int labels",
            _size(n),
            partial(ConfusionMatrix.from_labels, y_true, y_pred),
            [
                (
                    "np.bincount(t*k+p)",
                    partial(_bincount_floor, y_true, y_pred, k),
                    lambda ours, floor: np.array_equal(_sklearn_order(ours), floor.reshape(k, k)),
                ),
                (
                    "sklearn confusion_matrix",
                    partial(confusion_matrix, y_true, y_pred),
                    lambda ours, sk: np.array_equal(_sklearn_order(ours), sk),
                ),
            ],
            settings,
            n=n,
            data="3 classes, 70% right",
            target=target,
        )


def confusion_strings(settings: Settings) -> Iterator[Row]:
    from sklearn.metrics import confusion_matrix

    from evalbook import ConfusionMatrix

    rng = np.random.default_rng(1)
    names = np.array(["spam", "ham", "eggs"])
    for n in settings.sizes([10**5, 10**6, 10**7]):
        y_true = names[rng.integers(0, 3, n)]
        y_pred = np.where(rng.random(n) < 0.7, y_true, names[rng.integers(0, 3, n)])
        references = [
            (
                "np.unique(return_inverse) ×2",
                partial(_unique_floor, y_true, y_pred),
                lambda ours, _floor: set(ours.labels) == set(names),
            )
        ]
        if n <= 10**6:  # scikit-learn takes ~10 s a call at 1e7
            references.append(
                (
                    "sklearn confusion_matrix",
                    partial(confusion_matrix, y_true, y_pred),
                    lambda ours, sk: np.array_equal(_sklearn_order(ours), sk),
                )
            )

        def target(label, ratio, n=n):
            if n < 10**7 or not label.startswith("np."):
                return "", None
            return "≤ 1.5× the floor at 1e7", ratio <= 1.5

        yield from compare(
            "confusion matrix, str labels",
            _size(n),
            partial(ConfusionMatrix.from_labels, y_true, y_pred),
            references,
            settings,
            n=n,
            data="3 string classes, 70% right",
            target=target,
        )


def agreement_case(name: str, ours_name: str, reference_name: str) -> Case:
    def run(settings: Settings) -> Iterator[Row]:
        import sklearn.metrics

        import evalbook

        ours_fn = getattr(evalbook, ours_name)
        ref_fn = getattr(sklearn.metrics, reference_name)
        rng = np.random.default_rng(2)
        for n in settings.sizes([10**6]):
            y_true = rng.integers(0, 4, n)
            y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 4, n))
            yield from compare(
                name,
                _size(n),
                partial(_metric_from_labels, ours_fn, y_true, y_pred),
                [
                    (
                        f"sklearn {reference_name}",
                        partial(ref_fn, y_true, y_pred),
                        lambda a, b: abs(a - b) <= 1e-12,
                    )
                ],
                settings,
                n=n,
                data="4 classes, 60% right",
            )

    return Case(name, run)


# ---------------------------------------------------------------------- cases: scores
TIE_STRUCTURES = {
    "no ties": None,
    "rounded to 4 dp": 4,
    "rounded to 2 dp": 2,
}


def score_data(n: int, decimals: int | None, seed: int = 3):
    """Binary labels (half positive) and scores = U(0, 1) + 0.3·positive, maybe rounded."""
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n)
    scores = rng.random(n) + 0.3 * y_true
    if decimals is not None:
        scores = np.round(scores, decimals)
    return y_true, scores


def curve_points(result, x: str, y: str) -> tuple[np.ndarray, np.ndarray]:
    """The (x, y) arrays of a curve, whether it comes as a table, an object or a tuple.

    evalbook's curves are tables (``result["fpr"]``) or light results with attributes;
    scikit-learn's are tuples ``(x, y, thresholds)`` in its own order.
    """
    for read in (lambda r, k: r[k], getattr):
        with contextlib.suppress(KeyError, TypeError, AttributeError, IndexError, ValueError):
            return np.asarray(read(result, x), float), np.asarray(read(result, y), float)
    if isinstance(result, tuple) and len(result) >= 2:
        return np.asarray(result[0], float), np.asarray(result[1], float)
    raise TypeError(f"cannot read the {x}/{y} points of a {type(result).__name__}")


def _same_roc(ours, sk) -> bool:
    fpr, tpr = curve_points(ours, "fpr", "tpr")
    sk_fpr, sk_tpr = sk[0], sk[1]
    return fpr.shape == sk_fpr.shape and np.allclose(fpr, sk_fpr) and np.allclose(tpr, sk_tpr)


def _point_set(recall, precision) -> set:
    points = {
        (round(float(r), 10), round(float(p), 10)) for r, p in zip(recall, precision, strict=True)
    }
    return points - {(0.0, 1.0)}  # scikit-learn's closing point (recall 0, precision 1)


def _same_pr(ours, sk) -> bool:
    recall, precision = curve_points(ours, "recall", "precision")
    sk_precision, sk_recall = sk[0], sk[1]  # scikit-learn returns (precision, recall, t)
    return _point_set(recall, precision) == _point_set(sk_recall, sk_precision)


def _same_scalar(ours, ref) -> bool:
    return abs(float(ours) - float(ref)) <= 1e-12 * max(1.0, abs(float(ref)))


def score_case(
    name: str,
    *,
    reference: str,
    same: Callable,
    reference_kwargs: dict | None = None,
    target: Callable[[int, float], tuple[str, bool | None]] | None = None,
    argsort_floor: bool = True,
) -> Case:
    """``evalbook.<name>(y, s, positive=1)`` against ``sklearn.metrics.<reference>(y, s)``.

    At 1e5, 1e6 and 1e7 instances, for each tie structure in ``TIE_STRUCTURES``; one
    ``np.argsort`` of the scores is timed beside them as the floor every method pays.
    Skipped with a note while evalbook has no function of that name.
    """
    reference_kwargs = reference_kwargs or {}

    def run(settings: Settings) -> Iterator[Row]:
        import sklearn.metrics

        import evalbook

        ours_fn = getattr(evalbook, name, None)
        if ours_fn is None:
            yield Row(name, "", None, note=f"skipped: evalbook has no {name} yet")
            return
        ref_fn = partial(getattr(sklearn.metrics, reference), **reference_kwargs)
        ref_label = f"sklearn {reference}" + "".join(
            f"({key}={value})" for key, value in reference_kwargs.items()
        )
        for n in settings.sizes([10**5, 10**6, 10**7]):
            for ties, decimals in TIE_STRUCTURES.items():
                y_true, scores = score_data(n, decimals)
                distinct = np.unique(scores).size
                references = [(ref_label, partial(ref_fn, y_true, scores), same)]
                if argsort_floor:
                    references.append(
                        ("one np.argsort of the scores", partial(np.argsort, scores), None)
                    )

                def row_target(label, ratio, n=n):
                    if target is None or not label.startswith("sklearn"):
                        return "", None
                    return target(n, ratio)

                yield from compare(
                    name,
                    _size(n),
                    partial(ours_fn, y_true, scores, positive=1),
                    references,
                    settings,
                    n=n,
                    data=f"{ties} ({distinct:,} distinct scores), half positive",
                    target=row_target,
                )

    return Case(name, run)


def _faster_than_sklearn(n: int, ratio: float) -> tuple[str, bool]:
    return "faster than sklearn (< 1×)", ratio < 1


def _auc_target(n: int, ratio: float) -> tuple[str, bool | None]:
    if n < 10**7:
        return "", None
    return "≥ 4× faster than sklearn at 1e7", ratio <= 0.25


def _within_5_argsorts(n: int, ratio: float) -> tuple[str, bool | None]:
    if n < 10**6:  # below, a call's fixed costs are what a row measures
        return "", None
    return "≤ 5× one np.argsort at ≥ 1e6", ratio <= 5


#: The tie structures of DeLong's rows: continuous scores, two decimals, 0/1 scores.
DELONG_TIES = {"no ties": None, "rounded to 2 dp": 2, "rounded to 0 dp": 0}


def delong_case(settings: Settings) -> Iterator[Row]:
    """DeLong's test of two models and DeLong's AUC interval against one np.argsort.

    The floor is one ``np.argsort`` of model A's scores, for the test too, which sorts
    both models' scores: its ratio is to one argsort, not to the two it needs.
    """
    from evalbook import delong_test, roc_auc_interval

    for n in settings.sizes([10**5, 10**6, 10**7]):
        for ties, decimals in DELONG_TIES.items():
            y_true, scores_a = score_data(n, decimals)
            scores_b = np.random.default_rng(6).random(n) + 0.2 * y_true
            if decimals is not None:
                scores_b = np.round(scores_b, decimals)
            distinct = np.unique(scores_a).size
            floor = [("one np.argsort of the scores", partial(np.argsort, scores_a), None)]
            data = f"{ties} ({distinct:,} distinct scores), half positive"
            yield from compare(
                "delong_test (two models)",
                _size(n),
                partial(delong_test, y_true, scores_a, scores_b, positive=1),
                floor,
                settings,
                n=n,
                data=data,
                target=lambda _label, ratio, n=n: _within_5_argsorts(n, ratio),
            )
            yield from compare(
                "roc_auc_interval (DeLong)",
                _size(n),
                partial(roc_auc_interval, y_true, scores_a, positive=1),
                floor,
                settings,
                n=n,
                data=data,
                target=lambda _label, ratio, n=n: _within_5_argsorts(n, ratio),
            )


def decision_curve_case(settings: Settings) -> Iterator[Row]:
    """The decision curve (99 threshold probabilities) against one np.argsort of the scores.

    The probabilities are counted into the grid of thresholds by binary search, without a
    sort: the target is at most twice one ``np.argsort`` of them.
    """
    from evalbook import decision_curve

    for n in settings.sizes([10**6, 10**7]):
        y_true, scores = score_data(n, None)
        proba = np.clip(scores, 0.0, 1.0)
        yield from compare(
            "decision_curve (99 thresholds)",
            _size(n),
            partial(decision_curve, y_true, proba, positive=1),
            [("one np.argsort of the scores", partial(np.argsort, proba), None)],
            settings,
            n=n,
            data="continuous probabilities, half positive",
            target=lambda _label, ratio: ("≤ 2× one np.argsort", ratio <= 2),
        )


# ---------------------------------------------------------------------- cases: others
def _bootstrap_loop(y_true, y_pred, resamples, seed):
    """The plain way: resample the instances, one resample per Python iteration."""
    rng = np.random.default_rng(seed)
    n = y_true.size
    values = np.empty(resamples)
    for i in range(resamples):
        index = rng.integers(0, n, n)
        values[i] = np.mean(y_true[index] == y_pred[index])
    return np.quantile(values, [0.025, 0.975])


def bootstrap_case(settings: Settings) -> Iterator[Row]:
    from evalbook import ConfusionMatrix, accuracy, bootstrap_interval

    n, resamples = (10**3, 200) if settings.quick else (10**4, 10**4)
    rng = np.random.default_rng(4)
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.85, y_true, 1 - y_true)
    cm = ConfusionMatrix.from_labels(y_true, y_pred)
    tolerance = max(0.01, 3 / np.sqrt(resamples))

    def target(label, ratio):
        return "", None

    rows = list(
        compare(
            "bootstrap interval of accuracy",
            f"n={n:.0e}, {resamples:.0e} resamples".replace("e+0", "e"),
            partial(bootstrap_interval, accuracy, cm, n_resamples=resamples, seed=5),
            [
                (
                    "Python loop over resamples",
                    partial(_bootstrap_loop, y_true, y_pred, resamples, 5),
                    # two bootstraps of the same data agree up to their Monte Carlo error
                    lambda a, b: bool(np.allclose(a, b, atol=tolerance)),
                )
            ],
            Settings(settings.quick, 3, settings.budget),
            n=n,
            data="85% right",
            note="multinomial resampling of the matrix cells",
            target=target,
        )
    )
    for row in rows:
        if resamples >= 10**4:
            row.target, row.met = "< 1 s", row.evalbook.best < 1.0
        yield row


def _repeated(function, resamples):
    """``resamples`` evaluations of ``function`` on the data: the cost a bootstrap's
    metric evaluations alone would have."""
    for _ in range(resamples):
        function()


def _within_3_evaluations(_label, ratio) -> tuple[str, bool]:
    return "≤ 3× the metric's evaluations", ratio <= 3


def paired_bootstrap_case(settings: Settings) -> Iterator[Row]:
    """A paired BCa bootstrap of the AUC and of F1 (two models on the same instances), and
    the ROC band, against the metric evaluated once per resample on the whole data.

    The reference is ``n_resamples`` evaluations of the metric (one model, the data as
    given): what a bootstrap costs if drawing, pairing and BCa's jackknife were free. The
    jackknife comes from what the metric is made of (cells, DeLong's placements), not from
    n re-evaluations.
    """
    from evalbook import (
        ConfusionMatrix,
        f1,
        paired_bootstrap_interval,
        roc_auc,
        roc_band,
        roc_curve,
    )

    resamples = 200 if settings.quick else 2000
    sizes = settings.sizes([10**4, 10**5])
    for n in sizes:
        rng = np.random.default_rng(3)
        y_true = rng.integers(0, 2, n)
        scores_a = rng.random(n) + 0.3 * y_true
        scores_b = rng.random(n) + 0.2 * y_true
        labels_a, labels_b = (scores_a > 0.6).astype(int), (scores_b > 0.6).astype(int)
        size = f"{_size(n)}, {resamples:,} resamples"
        data = "continuous scores, half positive; labels: score > 0.6"
        yield from compare(
            "paired BCa bootstrap of the AUC",
            size,
            partial(
                paired_bootstrap_interval,
                roc_auc,
                y_true,
                scores_a,
                scores_b,
                method="bca",
                n_resamples=resamples,
                seed=0,
            ),
            [
                (
                    f"{resamples:,} × roc_auc",
                    partial(_repeated, partial(roc_auc, y_true, scores_a), resamples),
                    None,
                )
            ],
            Settings(settings.quick, 3, settings.budget),
            n=n,
            data=data,
            target=_within_3_evaluations,
        )
        yield from compare(
            "paired BCa bootstrap of F1",
            size,
            partial(
                paired_bootstrap_interval,
                f1,
                y_true,
                labels_a,
                labels_b,
                method="bca",
                n_resamples=resamples,
                seed=0,
            ),
            [
                (
                    f"{resamples:,} × f1(from_labels)",
                    partial(
                        _repeated,
                        lambda y_true=y_true, labels_a=labels_a: f1(
                            ConfusionMatrix.from_labels(y_true, labels_a)
                        ),
                        resamples,
                    ),
                    None,
                )
            ],
            Settings(settings.quick, 3, settings.budget),
            n=n,
            data=data,
            target=_within_3_evaluations,
        )
    n = sizes[-1]
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, n)
    scores = rng.random(n) + 0.3 * y_true
    yield from compare(
        "roc_band (pointwise, 101 specificities)",
        f"{_size(n)}, {resamples:,} resamples",
        partial(roc_band, y_true, scores, positive=1, n_resamples=resamples, seed=0),
        [
            (
                f"{resamples:,} × roc_curve",
                partial(_repeated, partial(roc_curve, y_true, scores, positive=1), resamples),
                None,
            )
        ],
        Settings(settings.quick, 3, settings.budget),
        n=n,
        data="continuous scores, half positive; stratified",
        target=lambda _label, _ratio: ("", None),
    )


def _connor_by_hand(n, difference, discordant):
    """Connor's (1987) power written with scipy.stats, both tails."""
    from scipy.stats import norm

    z = norm.ppf(0.975)
    spread = np.sqrt(discordant - difference**2)
    shift = abs(difference) * np.sqrt(n)
    return norm.cdf((shift - z * np.sqrt(discordant)) / spread) + norm.cdf(
        (-shift - z * np.sqrt(discordant)) / spread
    )


def _exact_mcnemar_loop(n, difference, discordant):
    """The exact McNemar power, one number of discordant instances per Python iteration
    (the two-sided binomial p-value, min(1, 2·P(Bin(d, 1/2) ≤ min(b, d − b))), per count)."""
    from scipy.stats import binom

    share = (discordant + difference) / (2 * discordant)
    power = 0.0
    for d in range(1, n + 1):
        weight = binom.pmf(d, n, discordant)
        if weight < 1e-300:
            continue
        # the rejection region is the two tails: walk in from each end while p ≤ 0.05
        for counts in (range(d + 1), range(d, -1, -1)):
            for b in counts:
                if min(1.0, 2 * binom.cdf(min(b, d - b), d, 0.5)) > 0.05:
                    break
                power += weight * binom.pmf(b, d, share)
    return power


def _width_by_statsmodels(p, n):
    from scipy.stats import binom
    from statsmodels.stats.proportion import proportion_confint

    hits = np.arange(n + 1)
    lower, upper = proportion_confint(hits, n, alpha=0.05, method="beta")
    return float(np.sum(binom.pmf(hits, n, p) * (upper - lower)))


def _best_of_k_full(n, k):
    from scipy.stats import binom

    below = binom.cdf(np.arange(n), n, 0.5)
    return float(np.sum(1 - below**k) / n)


def design_case(settings: Settings) -> Iterator[Row]:
    """The test-set design functions: each against the same number computed plainly
    (scipy, statsmodels, a Python loop), and the target an explorer's step needs."""
    import evalbook as eb

    def close(a, b):
        return bool(np.isclose(float(a), float(b), rtol=1e-9, atol=1e-12))

    few = Settings(settings.quick, max(3, settings.repeat), settings.budget)
    rows = []
    rows += compare(
        "mcnemar_power (Connor)",
        "n=1e4",
        partial(eb.mcnemar_power, 10**4, difference=0.02, discordant=0.1),
        [("scipy.stats by hand", partial(_connor_by_hand, 10**4, 0.02, 0.1), close)],
        few,
    )
    n_exact = 50 if settings.quick else 200
    rows += compare(
        "mcnemar_power (exact)",
        _size(n_exact),
        partial(eb.mcnemar_power, n_exact, difference=0.05, discordant=0.2, method="exact"),
        [
            (
                "Python loop over counts (scipy)",
                partial(_exact_mcnemar_loop, n_exact, 0.05, 0.2),
                lambda a, b: bool(np.isclose(a, b, atol=1e-9)),
            )
        ],
        Settings(settings.quick, 2, settings.budget),
    )
    rows += compare(
        "mcnemar_sample_size (exact)",
        "δ=0.05, ψ=0.2",
        partial(eb.mcnemar_sample_size, difference=0.05, discordant=0.2, method="exact"),
        [
            (
                "Connor's formula",
                partial(eb.mcnemar_sample_size, difference=0.05, discordant=0.2),
                None,
            )
        ],
        few,
    )
    n_width = 10**4 if settings.quick else 10**6
    rows += compare(
        "expected_interval_width (exact)",
        _size(n_width),
        partial(eb.expected_interval_width, 0.85, n_width, method="exact"),
        [
            (
                "statsmodels proportion_confint, every count",
                partial(_width_by_statsmodels, 0.85, n_width),
                close,
            )
        ],
        few,
        n=n_width,
    )
    rows += compare(
        "accuracy_sample_size (exact, guaranteed)",
        "width 0.01",
        partial(eb.accuracy_sample_size, 0.01, method="exact"),
        [("the Wald formula (statsmodels)", partial(_wald_size, 0.01), None)],
        few,
    )
    rows += compare(
        "roc_auc_power (Obuchowski)",
        "41 + 72",
        partial(eb.roc_auc_power, 0.73, n_positive=41, n_negative=72),
        [("pROC's documented value", lambda: 0.9897453, lambda a, b: abs(a - b) < 5e-8)],
        few,
    )
    rows += compare(
        "roc_auc_difference_sample_size",
        "0.80 vs 0.85",
        partial(eb.roc_auc_difference_sample_size, 0.80, 0.85),
        [("roc_auc_sample_size (one AUC)", partial(eb.roc_auc_sample_size, 0.85), None)],
        few,
    )
    n_best = 10**4 if settings.quick else 10**6
    rows += compare(
        "expected_best_accuracy",
        f"{_size(n_best)}, k=1000",
        partial(eb.expected_best_accuracy, n_best, 1000),
        [("every count, numpy", partial(_best_of_k_full, n_best, 1000), close)],
        few,
        n=n_best,
    )
    for row in rows:
        if row.evalbook is not None and "exact" not in row.case:
            row.target, row.met = "< 20 ms", row.evalbook.best < 0.02
        yield row


def _wald_size(width):
    from statsmodels.stats.proportion import samplesize_confint_proportion

    return int(np.ceil(samplesize_confint_proportion(0.5, width / 2, alpha=0.05)))


def _refusals() -> list[tuple[str, str, Callable[[], object]]]:
    """``(function, size, call)``: each exact test and resampling function at 10× its
    documented limit (``tests/lib/test_size_limits.py`` checks that each is refused before
    anything is built); the data are made here, outside the timed call."""
    import evalbook as eb

    rng = np.random.default_rng(0)
    tables = {shape: rng.random(shape) for shape in ((50, 10), (3, 12), (4720, 3), (180, 5))}
    y, s = [0, 1, 0, 1], [0.1, 0.9, 0.4, 0.6]
    x_test = np.zeros((10**4, 1))

    def model():
        from sklearn.tree import DecisionTreeRegressor

        return DecisionTreeRegressor()

    def sample(seed):
        return np.zeros((4, 1)), np.arange(4.0)

    exact = partial(eb.friedman, method="exact")
    return [
        ("friedman exact", "N=50, k=10", partial(exact, tables[50, 10])),
        ("friedman exact", "N=3, k=12", partial(exact, tables[3, 12])),
        ("friedman exact", "N=4720, k=3", partial(exact, tables[4720, 3])),
        ("friedman exact", "N=180, k=5", partial(exact, tables[180, 5])),
        (
            "bootstrap_interval",
            "2×2 matrix, 2.5e8 resamples",
            partial(eb.bootstrap_interval, eb.accuracy, [[5, 5], [5, 5]], n_resamples=25 * 10**7),
        ),
        (
            "bootstrap_interval",
            "4 instances, 1e9 resamples",
            partial(eb.bootstrap_interval, lambda t, p: 0.5, y, y, n_resamples=10**9),
        ),
        (
            "roc_auc_interval",
            "1e9 resamples",
            partial(eb.roc_auc_interval, y, s, positive=1, method="bootstrap", n_resamples=10**9),
        ),
        ("interval_coverage", "1e9 trials", partial(eb.interval_coverage, 0.9, 30, n_trials=10**9)),
        ("bootstrap", "n=1e9", partial(eb.bootstrap, 10**9)),
        (
            "repeated_bootstrap",
            "n=1e5 × 1e4",
            partial(eb.repeated_bootstrap, 10**5, n_resamples=10**4),
        ),
        (
            "bootstrap_oob_shares",
            "n=1e5 × 1e4",
            partial(eb.bootstrap_oob_shares, 10**5, n_resamples=10**4),
        ),
        ("kfold", "n=1e8, k=10", partial(eb.kfold, 10**8, k=10)),
        (
            "repeated_kfold",
            "n=1e6, k=10 × 100",
            partial(eb.repeated_kfold, 10**6, k=10, n_repeats=100),
        ),
        ("leave_one_out", "n=1e9", partial(eb.leave_one_out, 10**9)),
        ("holdout", "n=1e9", partial(eb.holdout, 10**9)),
        ("repeated_holdout", "n=1e7 × 100", partial(eb.repeated_holdout, 10**7, n_repeats=100)),
        ("train_val_test_split", "n=1e9", partial(eb.train_val_test_split, 10**9)),
        ("time_series_split", "n=1e8, k=10", partial(eb.time_series_split, 10**8, k=10)),
        ("split_roles", "10 splits × n=1e8", partial(eb.split_roles, [([0], [1])] * 10, n=10**8)),
        (
            "bootstrap_predictions",
            "1e5 rounds × 1e4 test rows",
            lambda: eb.bootstrap_predictions(
                model(), [[0], [1], [2]], [0.0, 1.0, 1.0], x_test, n_resamples=10**5
            ),
        ),
        (
            "fresh_sample_predictions",
            "1e5 trials × 1e4 test rows",
            lambda: eb.fresh_sample_predictions(model(), sample, x_test, n_trials=10**5),
        ),
    ]


def refusal_case(settings: Settings) -> Iterator[Row]:
    """How long each refusal of a size 10× beyond the limit takes (target: under 1 s)."""
    for function, size, call in _refusals():
        message = []

        def refused(call=call, message=message, what=f"{function} ({size})"):
            try:
                call()
            except ValueError as exc:
                message[:] = [str(exc)]
            else:  # a refusal that does not refuse is a failure
                raise AssertionError(f"{what} was not refused")

        timing = time_interleaved({"evalbook": refused}, repeat=3 if settings.quick else 7)
        shown = message[0] if len(message[0]) <= 90 else message[0][:87] + "..."
        yield Row(
            f"refusal: {function}",
            size,
            timing["evalbook"],
            target="< 1 s",
            met=timing["evalbook"].best < 1.0,
            note=shown.replace("|", "/"),
        )


def import_case(settings: Settings) -> Iterator[Row]:
    """``import evalbook`` against ``import numpy``, each in a fresh interpreter, interleaved."""
    code = "import time; t0 = time.perf_counter(); import {}; print(time.perf_counter() - t0)"
    inner: dict[str, list[float]] = {"evalbook": [], "numpy": []}

    def run(module):
        result = subprocess.run(
            [sys.executable, "-c", code.format(module)], check=True, capture_output=True, text=True
        )
        inner[module].append(float(result.stdout))

    time_interleaved(
        {"evalbook": partial(run, "evalbook"), "numpy": partial(run, "numpy")},
        repeat=2 if settings.quick else 7,
    )
    yield Row(
        "import evalbook",
        "fresh interpreter",
        Timing(inner["evalbook"]),
        "import numpy",
        Timing(inner["numpy"]),
        "< 0.5 s",
        min(inner["evalbook"]) < 0.5,
        None,
        "timed inside the interpreter; evalbook imports numpy; pandas, scipy, matplotlib, "
        "ipywidgets on demand",
    )


# ---------------------------------------------------------------------- cases: notebooks
def _execute(code_cells: list[str], *, cwd: Path, timeout: int = 900):
    """Run ``code_cells`` in a fresh python3 kernel; return the executed notebook."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in code_cells])
    client = NotebookClient(
        notebook, kernel_name="python3", timeout=timeout, resources={"metadata": {"path": str(cwd)}}
    )
    client.execute()
    return notebook


def explorers_case(settings: Settings) -> Iterator[Row]:
    """Each explorer's step, driven through its public controls (see explorers.py).

    Inside a fresh Jupyter kernel, where the widgets send their state to the page and the
    plots are drawn; with ``--quick`` (the smoke test) in this process instead.
    """
    if settings.quick:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        try:
            import explorers
        finally:
            sys.path.remove(str(ROOT / "benchmarks"))
        results = explorers.measure(quick=True)
    else:
        marker = "EXPLORER-TIMINGS "
        code = (
            "import json, sys\n"
            f"sys.path.insert(0, {str(ROOT / 'benchmarks')!r})\n"
            "import explorers\n"
            f"print({marker!r} + json.dumps(explorers.measure()))"
        )
        cell = _execute([code], cwd=ROOT).cells[0]
        text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if errors or marker not in text:
            raise RuntimeError(f"the explorer benchmark failed in the kernel: {errors or text}")
        results = json.loads(text.split(marker, 1)[1].splitlines()[0])
    for result in results:
        where = f"{result['data']}, {result['steps']} steps of {result['control']}"
        if result.get("error"):
            yield Row(f"{result['explorer']} step", where, None, met=False, note=result["error"])
            continue
        changed = result["output_changed"]
        step = np.add(result["compute"], result["redraw"])
        for part, limit in (("compute", 0.020), ("redraw", 0.050)):
            timing = Timing(result[part])
            yield Row(
                f"{result['explorer']} step, {part}",
                where,
                timing,
                target=f"median < {limit * 1e3:.0f} ms",
                met=timing.median < limit,
                same_numbers=changed if part == "redraw" else None,
                note=(
                    f"median {_format_seconds(timing.median)}; whole step (set .value, read "
                    f"the output) median {_format_seconds(float(np.median(step)))}; "
                    f"{result['note']}"
                ).rstrip("; "),
            )


def _cell_seconds(cell) -> float | None:
    timing = cell.metadata.get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not (start and end):
        return None
    parse = _dt.datetime.fromisoformat
    return (parse(end.replace("Z", "+00:00")) - parse(start.replace("Z", "+00:00"))).total_seconds()


def kernel_start_case(settings: Settings) -> Iterator[Row]:
    """A fresh python3 kernel that runs one empty cell: what every notebook pays first."""
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        _execute(["pass"], cwd=ROOT)
        times.append(time.perf_counter() - t0)
    yield Row(
        "fresh kernel, one empty cell",
        "start + shutdown",
        Timing(times),
        note="the fixed cost of every notebook nbval runs",
    )


def notebooks_case(settings: Settings) -> Iterator[Row]:
    """Every lesson and solution in a fresh kernel, with its setup cell timed apart."""
    import nbformat
    from nbclient import NotebookClient

    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    paths += sorted((ROOT / "exercises" / "solucoes").glob("*.ipynb"))
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(
            notebook,
            kernel_name="python3",
            timeout=600,
            record_timing=True,
            resources={"metadata": {"path": str(path.parent)}},
        )
        t0 = time.perf_counter()
        client.execute()
        elapsed = time.perf_counter() - t0
        code = [c for c in notebook.cells if c.cell_type == "code"]
        cells = [_cell_seconds(c) or 0.0 for c in code]
        setup = cells[0] if cells else 0.0
        yield Row(
            f"notebook {path.relative_to(ROOT).with_suffix('')}",
            "fresh kernel",
            Timing([elapsed]),
            target="< 10 s",
            met=elapsed < 10,
            note=(
                f"setup cell {setup:.2f} s, other cells {sum(cells) - setup:.2f} s, kernel "
                f"start and shutdown {elapsed - sum(cells):.2f} s (one run)"
            ),
        )


def machine_busy_seconds() -> float | None:
    """CPU seconds every core of the machine has spent busy since boot (``/proc/stat``:
    user, nice, system, irq, softirq, steal), or None without procfs."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _make(target: str, cwd: Path, *, arguments=(), env=None) -> subprocess.CompletedProcess:
    """``make <target> <arguments>`` in ``cwd``, its output captured as text."""
    return subprocess.run(
        ["make", "--no-print-directory", target, *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
    )


def _timed_make_test(cwd: Path, *, arguments=(), env=None) -> tuple[float, bool, str]:
    import resource

    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy_before = machine_busy_seconds()
    t0 = time.perf_counter()
    result = _make("test", cwd, arguments=arguments, env=env)
    elapsed = time.perf_counter() - t0
    busy_after = machine_busy_seconds()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # Chromium's renderers leave make's process tree (its zygote re-parents them), so their
    # CPU time is not in make's; the machine's busy time counts it, and anything else running.
    busy = (
        ""
        if busy_before is None or busy_after is None
        else f"; the machine was busy {busy_after - busy_before:.0f} CPU-s in all"
    )
    lines = (result.stdout + result.stderr).strip().splitlines()
    summary = next((line for line in reversed(lines) if " passed" in line), "")
    summary = summary.strip("= ") or (lines[-1] if lines else "")
    failed = [line.split(" - ")[0] for line in lines if line.startswith(("FAILED ", "ERROR "))]
    if failed:
        summary += " (" + "; ".join(failed) + ")"
    cores = os.cpu_count() or 1
    return (
        elapsed,
        result.returncode == 0,
        f"load {load:.1f} at the start; CPU time of make and its processes {cpu:.0f} s "
        f"(so ≥ {cpu / cores:.0f} s on {cores} idle cores){busy}; {summary}",
    )


#: A second `make test` on two idle cores should take less than this.
MAKE_TEST_TARGET = 180.0


def _clean_environment() -> dict[str, str]:
    """This process's environment less what would point make at this checkout's venv."""
    return {
        k: v
        for k, v in os.environ.items()
        if k not in {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHONPATH", "VIRTUAL_ENV"}
    }


def _git(*arguments: str, cwd: Path = ROOT) -> str:
    result = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"git {' '.join(arguments)}: {result.stderr.strip()}")
    return result.stdout.strip()


def describe_checkout(cwd: Path = ROOT) -> str:
    """``HEAD <short hash>``, and whether tracked files differ from it."""
    head = _git("rev-parse", "--short", "HEAD", cwd=cwd)
    changed = _git("status", "--porcelain", "--untracked-files=no", cwd=cwd)
    return f"HEAD {head}" + (" with uncommitted changes" if changed else "")


@contextlib.contextmanager
def baseline_worktree(revision: str) -> Iterator[Path]:
    """``revision`` checked out in a temporary ``git worktree`` (removed afterwards, with
    the ``.venv`` its ``make install`` creates)."""
    commit = _git("rev-parse", "--verify", "--short", f"{revision}^{{commit}}")
    folder = Path(tempfile.mkdtemp(prefix="evalbook-baseline-"))
    path = folder / f"evalbook-{commit}"
    _git("worktree", "add", "--quiet", "--detach", str(path), commit)
    try:
        yield path
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT)
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT)


def _make_install(cwd: Path, *, arguments, env) -> None:
    result = _make("install", cwd, arguments=arguments, env=env)
    if result.returncode != 0:
        raise SystemExit(f"make install failed in {cwd}:\n{result.stdout}{result.stderr}")


def make_test_case(settings: Settings) -> Iterator[Row]:
    """``make test`` as a contributor runs it again: ``settings.rounds`` runs (no
    reinstall); with a baseline, interleaved with that revision's in a worktree."""
    env, arguments = _clean_environment(), _clone_arguments()
    here = describe_checkout()
    with contextlib.ExitStack() as stack:
        sides = {"after": (ROOT, "make test", f"{here}, installed .venv")}
        if settings.baseline:
            path = stack.enter_context(baseline_worktree(settings.baseline))
            commit = _git("rev-parse", "--short", "HEAD", cwd=path)
            before = (path, f"make test at {commit}", "git worktree, its own .venv")
            sides = {"before": before, **sides}
        for cwd, _, _ in sides.values():
            _make_install(cwd, arguments=arguments, env=env)
        if settings.baseline:
            for cwd, case, size in sides.values():
                elapsed, passed, note = _timed_make_test(cwd, arguments=arguments, env=env)
                yield Row(
                    f"{case}, first run (not counted)",
                    size,
                    Timing([elapsed]),
                    same_numbers=passed,
                    note=f"same numbers = passed; compiles the bytecode; {note}",
                )
        times: dict[str, list[float]] = {side: [] for side in sides}
        for run in range(1, settings.rounds + 1):
            for side, (cwd, case, size) in sides.items():
                elapsed, passed, note = _timed_make_test(cwd, arguments=arguments, env=env)
                times[side].append(elapsed)
                target = side == "after"
                yield Row(
                    f"{case}, run {run}",
                    size,
                    Timing([elapsed]),
                    target=f"< {MAKE_TEST_TARGET:.0f} s" if target else "",
                    met=elapsed < MAKE_TEST_TARGET if target else None,
                    same_numbers=passed,
                    note=f"same numbers = passed; {note}",
                )
        if settings.baseline:
            yield Row(
                "make test, after against before",
                f"{settings.rounds} run{'s' * (settings.rounds != 1)} each, interleaved",
                Timing(times["after"]),
                sides["before"][1],
                Timing(times["before"]),
                note=f"after = {here}; ratio below 1: the after side is faster",
            )


def _clone_arguments() -> list[str]:
    """The command-line variables of the calling make, less those naming another venv."""
    flags = os.environ.get("MAKEFLAGS", "")
    words = shlex.split(flags.split(" -- ", 1)[1]) if " -- " in flags else []
    return [
        w
        for w in words
        if "=" in w and w.split("=")[0] not in {"BIN", "VENV", "STAMP_LAB", "STAMP_TEST"}
    ]


def fresh_clone_case(settings: Settings) -> Iterator[Row]:
    """``make test`` in a fresh clone of the committed tree, the install included."""
    with tempfile.TemporaryDirectory(prefix="evalbook-clone-") as folder:
        clone = Path(folder) / "evalbook"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        env = _clean_environment()
        arguments = _clone_arguments()
        elapsed, passed, note = _timed_make_test(clone, arguments=arguments, env=env)
    yield Row(
        "make test, fresh clone",
        "git clone + install + test",
        Timing([elapsed]),
        target="< 150 s",
        met=elapsed < 150,
        same_numbers=passed,
        note=f"same numbers = passed; {' '.join(arguments)} {note}".strip(),
    )


CASES: list[Case] = [
    Case("confusion matrix, int labels", confusion_integers),
    Case("confusion matrix, str labels", confusion_strings),
    agreement_case("Cohen's kappa from labels", "cohen_kappa", "cohen_kappa_score"),
    agreement_case("MCC from labels", "mcc", "matthews_corrcoef"),
    score_case("roc_auc", reference="roc_auc_score", same=_same_scalar, target=_auc_target),
    score_case(
        "roc_curve",
        reference="roc_curve",
        reference_kwargs={"drop_intermediate": False},
        same=_same_roc,
        target=_faster_than_sklearn,
    ),
    score_case("average_precision", reference="average_precision_score", same=_same_scalar),
    score_case(
        "precision_recall_curve",
        reference="precision_recall_curve",
        reference_kwargs={"drop_intermediate": False},
        same=_same_pr,
    ),
    Case("DeLong's test and AUC interval", delong_case),
    Case("decision curve", decision_curve_case),
    Case("bootstrap interval of accuracy", bootstrap_case),
    Case("paired bootstrap (BCa) and ROC band", paired_bootstrap_case),
    Case("test-set design (power and sample size)", design_case),
    Case("refusals of impossible sizes", refusal_case),
    Case("import evalbook", import_case),
    Case("explorer steps", explorers_case),
    Case("fresh kernel", kernel_start_case, full_only=True),
    Case("notebooks", notebooks_case, full_only=True),
    Case("make test", make_test_case, full_only=True),
    Case("make test, fresh clone", fresh_clone_case, full_only=True),
]


# ---------------------------------------------------------------------- output
def _format_seconds(seconds: float) -> str:
    if seconds != seconds:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _mark(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "**no**")


def _format_row(row: Row) -> str:
    ratio = "—" if row.ratio != row.ratio else f"{row.ratio:.2f}"
    ours = "—" if row.evalbook is None else _format_seconds(row.evalbook.best)
    spread = "" if row.evalbook is None else row.evalbook.spread
    ref = "" if row.reference_timing is None else _format_seconds(row.reference_timing.best)
    ref_spread = "" if row.reference_timing is None else row.reference_timing.spread
    return (
        f"| {row.case} | {row.size} | {row.data} | {ours} | {spread} | {row.reference} | {ref} | "
        f"{ref_spread} | {ratio} | {row.target} | {_mark(row.met)} | "
        f"{_mark(row.same_numbers)} | {row.note} |"
    )


HEADER = (
    "| case | size | data | evalbook (min) | spread | reference | reference (min) | spread | "
    "ratio | target | met | same numbers | note |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def machine_description() -> str:
    import importlib.metadata as md

    versions = []
    for package in ("numpy", "pandas", "scikit-learn", "scipy", "matplotlib", "ipywidgets"):
        with contextlib.suppress(md.PackageNotFoundError):
            versions.append(f"{package} {md.version(package)}")
    memory = ""
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        memory = f", {pages / 2**30:.0f} GiB memory"
    except (ValueError, OSError, AttributeError):
        pass
    return (
        f"{platform.machine()}, {os.cpu_count()} cores{memory}; "
        f"Python {platform.python_version()}; " + ", ".join(versions)
    )


def blas_description() -> str:
    """Which BLAS variables were set (they change numpy's kernels on some CPUs)."""
    return "; ".join(f"{name}={os.environ.get(name, 'unset')}" for name in BLAS_VARIABLES)


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    seconds: float = 0.0

    def add(self, row: Row) -> None:
        self.rows.append(row)
        print(_format_row(row), flush=True)


#: The heading of the section that holds `make test`'s rows (after the main table).
MAKE_TEST_HEADING = "## `make test`"


#: The heading of the section that holds the refusals' rows (before `make test`'s).
REFUSAL_HEADING = "## Refusals of impossible sizes"


def _is_make_test(row: Row) -> bool:
    return row.case.startswith("make test")


def _is_refusal(row: Row) -> bool:
    return row.case.startswith("refusal: ")


def _load(values) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def _missed(rows: list[Row]) -> list[str]:
    missed = [row for row in rows if row.met is False]
    if not missed:
        return []
    lines = ["Targets missed:", ""]
    for row in missed:
        time_text = "—" if row.evalbook is None else _format_seconds(row.evalbook.best)
        ratio = "" if row.ratio != row.ratio else f", ratio {row.ratio:.2f} to {row.reference}"
        lines.append(
            f"- {row.case} ({row.size}{', ' + row.data if row.data else ''}): {time_text}"
            f"{ratio}; target {row.target}. {row.note}".rstrip()
        )
    return [*lines, ""]


def _main_part(report: Report, rows: list[Row], *, command: str, today: str) -> str:
    lines = [
        "# Benchmark results",
        "",
        f"Measured on {today} by `{command}` in {report.seconds / 60:.1f} min.",
        "",
        f"Machine: {machine_description()}.",
        "",
        f"BLAS variables: {blas_description()}.",
        "",
        f"Load average (1, 5, 15 min) before: {_load(report.load_before)}; after: "
        f"{_load(report.load_after)}. Above the number of cores, other processes were "
        "competing for them and every time is inflated.",
        "",
        "Every contender of a row ran on the same data the same number of times, interleaved",
        "(one call of each per round). *min* is the fastest run, *spread* the fastest–slowest",
        "with the number of runs; *ratio* is evalbook's min over the reference's (below 1:",
        "evalbook is faster). *same numbers* checks that evalbook and the reference agree on",
        "that data. Score data: half positive, score = U(0, 1) + 0.3 for a positive, with no",
        "ties or rounded to 4 or 2 decimals. Explorer steps run inside a Jupyter kernel, driven",
        "through the public controls (see `benchmarks/explorers.py`).",
        "",
        HEADER,
        *(_format_row(row) for row in rows),
        "",
        *_missed(rows),
    ]
    return "\n".join(lines)


def _measured(report: Report, *, command: str, today: str) -> str:
    """The sentence that opens a section of its own: when, by what, on which machine, at
    which load."""
    return (
        f"Measured on {today} by `{command}` in {report.seconds / 60:.1f} min, on "
        f"{machine_description()}. Load average (1, 5, 15 min) before: "
        f"{_load(report.load_before)}; after: {_load(report.load_after)} (above the number "
        "of cores, other processes were competing for them)."
    )


def _refusal_part(report: Report, rows: list[Row], *, command: str, today: str) -> str:
    lines = [
        REFUSAL_HEADING,
        "",
        _measured(report, command=command, today=today),
        "",
        "Each row is one call of an exact test or a resampling function at 10× its",
        "documented limit, whole (the input's checks, then the size computed and refused);",
        "the data are made before the timing. `tests/lib/test_size_limits.py` checks that",
        "each is refused before anything is built; the *note* is the start of the message.",
        "A row's slowest run is its first when that imports scipy or scikit-learn (a",
        "session's first exact test or first estimator); *min* is the refusal itself.",
        "",
        HEADER,
        *(_format_row(row) for row in rows),
        "",
        *_missed(rows),
    ]
    return "\n".join(lines)


def _make_test_part(report: Report, rows: list[Row], *, command: str, today: str) -> str:
    lines = [
        MAKE_TEST_HEADING,
        "",
        _measured(report, command=command, today=today),
        "",
        "Each row is one `make test` (lint, then pytest on every core: library, doctests, nbval",
        "over the lessons and solutions; at revisions before the browser moved to",
        "`make test-slides`, also JupyterLab and the browser) with nothing to reinstall;",
        "*same numbers* says it passed. With `--baseline REV`, REV runs in a `git worktree`",
        "with its own `.venv`, each side's first run after its install is not counted (it",
        "compiles the bytecode), then the two sides alternate, one run each per round; the last",
        "row sets the after side's runs (*evalbook* columns) against the before side's",
        "(*reference* columns). The machine's busy CPU time counts what make's own does not:",
        "Chromium's renderers leave make's process tree.",
        "",
        HEADER,
        *(_format_row(row) for row in rows),
        "",
        *_missed(rows),
    ]
    return "\n".join(lines)


def _split_results(text: str) -> tuple[str, dict[str, str]]:
    """(the main part, {heading: its section}) of an existing results file."""
    starts = sorted(
        (at + 1, heading)
        for heading in (REFUSAL_HEADING, MAKE_TEST_HEADING)
        if (at := text.find("\n" + heading + "\n")) >= 0
    )
    ends = [start for start, _ in starts[1:]] + [len(text)] * bool(starts)
    sections = {
        heading: text[start:end] for (start, heading), end in zip(starts, ends, strict=True)
    }
    main = text[: starts[0][0]] if starts else text
    # rows of `make test` from before it had a section of its own, and their list of
    # missed targets if nothing else is in it
    lines = [
        line for line in main.splitlines() if not line.startswith(("| make test", "- make test"))
    ]
    if "Targets missed:" in lines:
        at = lines.index("Targets missed:")
        if not any(line.startswith("- ") for line in lines[at:]):
            del lines[at:]
    main = "\n".join(lines)
    return (main.rstrip("\n") + "\n" if main.strip() else ""), sections


def write_results(report: Report, path: Path, *, command: str) -> None:
    """Write the main table and `make test`'s section; a part this run has no rows for
    is kept from the existing file."""
    today = _dt.date.today().isoformat()
    old_main, old_sections = _split_results(
        path.read_text(encoding="utf-8") if path.exists() else ""
    )
    rows = [row for row in report.rows if not (_is_make_test(row) or _is_refusal(row))]
    if rows or not old_main:
        main = _main_part(report, rows, command=command, today=today)
    else:
        main = old_main
    parts = [main]
    for heading, belongs, write in (
        (REFUSAL_HEADING, _is_refusal, _refusal_part),
        (MAKE_TEST_HEADING, _is_make_test, _make_test_part),
    ):
        section_rows = [row for row in report.rows if belongs(row)]
        if section_rows:
            parts.append(write(report, section_rows, command=command, today=today))
        elif old_sections.get(heading):
            parts.append(old_sections[heading])
    path.write_text("\n".join(part.rstrip("\n") + "\n" for part in parts), encoding="utf-8")


def selected_cases(only: list[str] | None, *, quick: bool) -> list[Case]:
    cases = [case for case in CASES if not (quick and case.full_only)]
    if only:  # a case's exact name, else every case whose name contains the word
        exact = [c for c in cases if c.name in only]
        cases = exact or [c for c in cases if any(o.lower() in c.name.lower() for o in only)]
        if not cases:
            raise SystemExit(f"no benchmark case matches {only}; cases: {[c.name for c in CASES]}")
    return cases


def run(
    *,
    quick: bool = False,
    only: list[str] | None = None,
    skip: tuple[str, ...] = (),
    progress: Callable[[Report], None] | None = None,
    baseline: str | None = None,
    rounds: int = 3,
) -> Report:
    """Run the selected cases (tiny sizes with ``quick``) and return the rows.

    ``progress(report)`` is called after each case (``main`` rewrites the results file, so
    that a long run cut short keeps what it measured).
    """
    settings = Settings(
        quick=quick,
        repeat=3 if quick else 7,
        budget=5.0 if quick else 60.0,
        baseline=baseline,
        rounds=rounds,
    )
    report = Report(load_before=os.getloadavg())
    started = time.perf_counter()
    print(HEADER)
    for case in selected_cases(only, quick=quick):
        if case.name in skip:
            continue
        for row in case.run(settings):
            report.add(row)
        report.seconds = time.perf_counter() - started
        report.load_after = os.getloadavg()
        if progress is not None:
            progress(report)
    report.seconds = time.perf_counter() - started
    report.load_after = os.getloadavg()
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (smoke test)")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks" / "RESULTS.md")
    parser.add_argument("--only", action="append", help="run the cases whose name has this")
    parser.add_argument(
        "--skip-make-test", action="store_true", help="do not time `make test` (nor a clone)"
    )
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="time `make test` interleaved with REV's (a git worktree with its own .venv)",
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="runs of `make test` on each side (default 3)"
    )
    args = parser.parse_args(argv)

    skip = ("make test", "make test, fresh clone") if args.skip_make_test else ()
    words = sys.argv[1:] if argv is None else argv
    command = "python benchmarks/run.py " + shlex.join(words)
    report = run(
        quick=args.quick,
        only=args.only,
        skip=skip,
        progress=partial(write_results, path=args.output, command=command),
        baseline=args.baseline,
        rounds=args.rounds,
    )
    write_results(report, args.output, command=command)
    if args.json:
        print(json.dumps([row.as_dict() for row in report.rows]))
    wrong = [row for row in report.rows if row.same_numbers is False]
    if wrong:
        print("evalbook and the reference disagree on:", [(r.case, r.size) for r in wrong])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
