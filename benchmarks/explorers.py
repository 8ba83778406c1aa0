"""Each explorer's step, timed the way a student moves it: through its public controls.

``benchmarks/run.py`` runs :func:`measure` inside a Jupyter kernel (where an explorer's
widgets talk to the page and its plots are drawn), once per explorer at the lesson's data
and once at 10⁴ points. For each step it sets one control's ``.value`` (which runs the
explorer's compute and redraw, as a slider move does) and reads what the explorer shows
(every ``.value`` of the widgets under ``explorer.widget``); then it reads the numbers the
step shows through the explorer's public properties.

- *compute* = reading those public properties at the new value;
- *redraw* = the step (set ``.value``, read the shown output) minus *compute*. When an
  explorer caches its numbers during the step, *compute* reads cached values and the
  whole cost lands in *redraw*: the split may move, the sum never hides anything.

It depends only on the explorers' constructors, control attributes, public properties and
``widget``; ``EXPLORERS`` lists what each one is driven with at the lesson's data and at
10⁴ points. An explorer of the registry (``evalbook.widgets.explorers()``) without a case
here is still timed: its ``example()``, moving its first control (:func:`cases`).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class ExplorerCase:
    """How to build one explorer and which control a step moves."""

    explorer: str  # class name in evalbook.widgets
    lesson: str  # where the lesson builds it
    build: Callable[[int | None], object]  # None: the lesson's data; else that many points
    control: str  # the public control a step moves
    shows: tuple[str, ...]  # the public properties whose numbers the step shows
    note: str = ""


# ---------------------------------------------------------------------- the lessons' data
def _labels(n: int, seed: int = 0, classes=("spam", "ham")):
    rng = np.random.default_rng(seed)
    y_true = np.asarray(classes)[rng.integers(0, len(classes), n)]
    flip = rng.random(n) < 0.3
    y_pred = np.where(flip, np.asarray(classes)[rng.integers(0, len(classes), n)], y_true)
    return y_true, y_pred


def _positive_class(n):
    from evalbook.widgets import PositiveClassExplorer
    from evalcourse.datasets import spam_predictions

    if n is None:  # lesson 01
        spam = spam_predictions()
        return PositiveClassExplorer(
            spam["target"], spam["prediction"], labels=["spam", "ham"], ids=spam["id"]
        )
    y_true, y_pred = _labels(n)
    return PositiveClassExplorer(y_true, y_pred, labels=["spam", "ham"])


def _counts(n):
    from evalbook.widgets import CountsExplorer

    if n is None:  # lesson 02: the SPAM matrix
        return CountsExplorer(6, 3, 2, 9)
    quarter = n // 4
    return CountsExplorer(quarter, quarter, quarter, n - 3 * quarter, max_count=n)


def _profit(n):
    from evalbook import ConfusionMatrix
    from evalbook.widgets import ProfitExplorer
    from evalcourse.datasets import profit_matrix, tree_knn_confusions

    if n is None:  # lesson 03
        return ProfitExplorer(tree_knn_confusions(), profit_matrix())
    models = {
        name: ConfusionMatrix(matrix.counts * (n // int(matrix.counts.sum())), labels=matrix.labels)
        for name, matrix in tree_knn_confusions().items()
    }
    return ProfitExplorer(models, profit_matrix())


def _imbalance(n):
    from evalbook.widgets import ImbalanceExplorer

    return ImbalanceExplorer() if n is None else ImbalanceExplorer(n)  # lesson 04


def _threshold(n):
    from evalbook.widgets import ThresholdExplorer
    from evalcourse.datasets import spam_predictions

    if n is None:  # lesson 05b
        table7 = spam_predictions().sort_values("score").reset_index(drop=True)
        return ThresholdExplorer(table7.target, table7.score, positive="spam", ids=table7.id)
    rng = np.random.default_rng(6)
    y_true = rng.integers(0, 2, n)
    scores = rng.random(n) ** (1 + y_true)
    return ThresholdExplorer(y_true, 1 - scores, positive=1)


def _outlier(n):
    from evalbook.widgets import OutlierExplorer

    if n is None:  # lesson 06: the test set of a linear model of the diabetes data
        from sklearn.datasets import load_diabetes
        from sklearn.linear_model import LinearRegression
        from sklearn.model_selection import train_test_split

        X, target = load_diabetes(return_X_y=True)
        X_train, X_test, t_train, t_test = train_test_split(
            X, target, test_size=0.3, random_state=42
        )
        y_test = LinearRegression().fit(X_train, t_train).predict(X_test)
        return OutlierExplorer(y_true=t_test, y_pred=y_test, index=0, max_shift=400)
    rng = np.random.default_rng(7)
    x = rng.random(n)
    t = 3 + 2 * x + rng.normal(0, 0.3, n)
    return OutlierExplorer(y_true=t, y_pred=3 + 2 * x, index=0)


def _kfold(n):
    from evalbook.widgets import KFoldExplorer

    if n is None:  # lesson 08: 36 instances in the proportions 200 : 300 : 100
        return KFoldExplorer(np.repeat(np.array(["A", "B", "C"]), [12, 18, 6]))
    y, _ = _labels(n, classes=("a", "b", "c"))
    return KFoldExplorer(y)


def _bootstrap(n):
    from evalbook.widgets import BootstrapExplorer

    if n is None:  # lesson 08
        return BootstrapExplorer()
    # as many samples of n as the explorer allows per step (MAX_DRAWS draws: 200 at 10⁴)
    from evalbook.widgets.bootstrap import MAX_DRAWS

    return BootstrapExplorer(n=n, max_n=n, n_resamples=MAX_DRAWS // n)


def _coverage(n):
    from evalbook.widgets import CoverageExplorer

    if n is None:  # lesson 09
        return CoverageExplorer(n=30, p=0.85, confidence=0.90)
    return CoverageExplorer(n=n, p=0.85, confidence=0.90, max_n=n)


def _decision_curve(n):
    from evalbook.widgets import DecisionCurveExplorer

    if n is None:  # lesson 13: dcurves' prostate data, two models fitted on half of it
        import os

        import dcurves
        import pandas as pd
        from sklearn.linear_model import LogisticRegression
        from sklearn.model_selection import train_test_split

        data = pd.read_csv(os.path.join(dcurves.data, "df_binary.csv"))
        train, test = train_test_split(data, test_size=0.5, stratify=data.cancer, random_state=42)
        models = {}
        for name, columns in {"full": ["age", "famhistory", "marker"], "simple": ["age"]}.items():
            fitted = LogisticRegression(max_iter=1000).fit(train[columns], train.cancer)
            models[name] = fitted.predict_proba(test[columns])[:, 1]
        return DecisionCurveExplorer(test.cancer.to_numpy(), models, positive=True)
    rng = np.random.default_rng(0)
    risk = rng.beta(1, 5, n)
    y = (rng.uniform(size=n) < risk).astype(int)
    noisy = 1 / (1 + np.exp(-(np.log(risk / (1 - risk)) + rng.normal(0, 1, n))))
    return DecisionCurveExplorer(y, {"sharp": risk, "noisy": noisy}, positive=1)


def _sample_size(n):
    from evalbook.widgets import SampleSizeExplorer

    if n is None:  # lesson 14
        return SampleSizeExplorer(n=500, p=0.85, difference=0.03, discordant=0.1)
    return SampleSizeExplorer(n=min(n, 10**5), p=0.85, max_n=min(max(n, 20), 10**5))


EXPLORERS: list[ExplorerCase] = [
    ExplorerCase(
        "PositiveClassExplorer",
        "01",
        _positive_class,
        "positive",
        ("confusion_matrix", "result_types", "counts", "table"),
    ),
    ExplorerCase(
        "CountsExplorer",
        "02",
        _counts,
        "tp",
        ("confusion_matrix", "metrics", "dots"),
        "a 2×2 matrix: the size does not enter",
    ),
    ExplorerCase(
        "ProfitExplorer",
        "03",
        _profit,
        "fp",
        ("profit_matrix", "profits", "winner", "table", "crossovers"),
        "two 2×2 matrices: the size does not enter",
    ),
    ExplorerCase(
        "ImbalanceExplorer",
        "04",
        _imbalance,
        "majority_share",
        ("confusion_matrix", "dumb_matrix", "metrics", "dumb_metrics"),
        "redraw includes the SVG of the accuracy/kappa curves",
    ),
    ExplorerCase(
        "ThresholdExplorer",
        "05b",
        _threshold,
        "threshold",
        ("counts", "confusion_matrix", "metrics", "roc_point", "ks_gap", "profit"),
    ),
    ExplorerCase(
        "OutlierExplorer",
        "06",
        _outlier,
        "shift",
        ("targets", "metrics", "ratios"),
        "redraw includes the SVG of the scatter plot",
    ),
    ExplorerCase(
        "KFoldExplorer",
        "08",
        _kfold,
        "k",
        ("splits", "roles", "fold_sizes", "fold_class_counts", "fold_scores", "message"),
    ),
    ExplorerCase(
        "BootstrapExplorer",
        "08",
        _bootstrap,
        "n",
        (
            "formula",
            "limit",
            "shares",
            "simulated",
            "simulated_std",
            "sample",
            "times_drawn",
            "histogram",
            "table",
        ),
    ),
    ExplorerCase(
        "DecisionCurveExplorer",
        "13",
        _decision_curve,
        "prevalence",
        ("curves", "table", "useful"),
        "redraw includes the SVG of the decision curves",
    ),
    ExplorerCase(
        "CoverageExplorer",
        "09",
        _coverage,
        "p",
        ("coverage", "simulated_coverage", "intervals", "sample", "condition"),
        "a step of p reuses the exact coverage curves of its n and confidence",
    ),
    ExplorerCase(
        "CoverageExplorer",
        "09",
        _coverage,
        "n",
        ("coverage", "simulated_coverage", "curve", "intervals", "condition"),
        "a step of n computes each method's interval of every hit count and its exact "
        "coverage over a grid of 399 p",
    ),
    ExplorerCase(
        "SampleSizeExplorer",
        "14",
        _sample_size,
        "n",
        ("width", "power", "needed", "detectable"),
        "redraw includes the SVG of the two curves along n",
    ),
]


# ---------------------------------------------------------------------- driving
def sweep(control, steps: int) -> list:
    """``steps`` values for a control, each different from the one before, inside its range."""
    options = getattr(control, "options", None)
    if options:  # ToggleButtons, Dropdown: (label, value) pairs or plain values
        values = [o[1] if isinstance(o, tuple) and len(o) == 2 else o for o in options]
        others = [v for v in values if v != control.value] or values
        cycle = [*others, control.value] if control.value in values else values
        return [cycle[i % len(cycle)] for i in range(steps)]
    if isinstance(control.value, str):  # a text box of a number (a guess): numbers typed
        return [f"{0.05 * (i + 1):.2f}" for i in range(steps)]
    is_int = isinstance(control.value, int | np.integer) and not isinstance(control.value, bool)
    low, high = getattr(control, "min", None), getattr(control, "max", None)
    if low is None or high is None:  # FloatText, IntText: steps around the current value
        start = control.value
        return [start + (i + 1) * (1 if is_int else 10.0) for i in range(steps)]
    rng = np.random.default_rng(0)
    if is_int:  # distinct values spread over the range, in a fixed random order
        count = min(steps, int(high) - int(low) + 1)
        cycle = [int(v) for v in rng.choice(np.arange(int(low), int(high) + 1), count, False)]
    else:
        cycle = [float(v) for v in rng.permutation(np.linspace(low, high, steps + 2)[1:-1])]
    cycle = [v for v in cycle if v != control.value] or cycle
    return [cycle[i % len(cycle)] for i in range(steps)]


def shown_output(widget) -> list:
    """Everything the explorer shows: each ``.value`` under the widget (HTML, images, text)."""
    found, stack = [], [widget]
    while stack:
        node = stack.pop()
        stack.extend(getattr(node, "children", ()))
        value = getattr(node, "value", None)
        if isinstance(value, str | bytes | memoryview):
            found.append(bytes(value) if isinstance(value, memoryview) else value)
    return found


def time_steps(case: ExplorerCase, n: int | None, steps: int) -> dict:
    """Build the explorer, show it, and time ``steps`` moves of its control."""
    from IPython.display import display

    explorer = case.build(n)
    size = "lesson data" if n is None else f"n={n:.0e}".replace("e+0", "e")
    result = {
        "explorer": case.explorer,
        "data": f"{size} (lesson {case.lesson})" if n is None else size,
        "control": case.control,
        "steps": steps,
        "note": case.note,
    }
    widget = explorer.widget
    display(explorer)  # as the lesson's cell does: plots drawn on display are drawn now
    control = getattr(explorer, case.control)
    compute, redraw = [], []
    before = shown_output(widget)
    changed = False
    for value in sweep(control, steps):
        t0 = time.perf_counter()
        control.value = value
        shown = shown_output(widget)
        t1 = time.perf_counter()
        for name in case.shows:
            getattr(explorer, name)
        t2 = time.perf_counter()
        compute.append(t2 - t1)
        redraw.append(max(0.0, (t1 - t0) - (t2 - t1)))
        changed = changed or shown != before
        before = shown
    widget.close()
    result.update(compute=compute, redraw=redraw, output_changed=changed)
    return result


def _example_case(name: str, cls) -> ExplorerCase:
    """An explorer with no case of its own: its example, its first control, no properties."""

    def build(n):
        return cls.example()

    control = next(iter(cls.example()._controls))
    return ExplorerCase(name, "—", build, control, (), "its example() only: no case yet")


def cases() -> list[ExplorerCase]:
    """The cases above, and one from ``example()`` for every registered explorer without."""
    from evalbook.widgets import explorers

    written = {case.explorer for case in EXPLORERS}
    extra = [_example_case(n, c) for n, c in explorers().items() if n not in written]
    return [*EXPLORERS, *extra]


def measure(*, quick: bool = False) -> list[dict]:
    """Every explorer at the lesson's data and at 10⁴ points (tiny sizes with ``quick``)."""
    steps = 5 if quick else 20
    sizes = [None, 200] if quick else [None, 10**4]
    results = []
    for case in cases():
        for n in (None,) if case.lesson == "—" else sizes:
            try:
                results.append(time_steps(case, n, steps))
            except Exception as error:  # reported as a failed row, the others still run
                size = "lesson data" if n is None else f"n={n}"
                results.append(
                    {
                        "explorer": case.explorer,
                        "data": size,
                        "control": case.control,
                        "steps": steps,
                        "error": f"{type(error).__name__}: {error}",
                        "traceback": traceback.format_exc(limit=3),
                    }
                )
    return results
