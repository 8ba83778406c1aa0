"""Benchmarks: evalbook against scikit-learn and the numpy floor, as ratios.

Run with ``make bench`` (or ``python benchmarks/run.py``); ``--quick`` uses tiny sizes and
is what the smoke test runs. Prints one table and writes it, with the machine and the
date, to ``benchmarks/RESULTS.md``.

Each case times evalbook and its references on the same data, takes the best of several
repetitions (the machine is shared and noisy: the minimum is the least disturbed run),
checks that evalbook and the reference give the same numbers on that data, and compares
the ratio with the target set in the benchmarks issue. A missed target is reported, never
hidden.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Row:
    """One line of the results table."""

    case: str
    size: str
    evalbook_s: float
    reference: str
    reference_s: float
    target: str = ""
    met: bool | None = None
    same_numbers: bool | None = None
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.evalbook_s / self.reference_s if self.reference_s else float("nan")


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)

    def add(self, row: Row) -> None:
        self.rows.append(row)
        print(_format_row(row), flush=True)


def best_time(function, *, repeat: int = 5, budget: float = 20.0) -> float:
    """The fastest of ``repeat`` runs (fewer if the runs exceed ``budget`` seconds)."""
    times = []
    started = time.perf_counter()
    for _ in range(repeat):
        t0 = time.perf_counter()
        function()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - started > budget:
            break
    return min(times)


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


# ---------------------------------------------------------------------- cases
def bench_confusion_integers(report: Report, sizes, repeat: int) -> None:
    from sklearn.metrics import confusion_matrix

    from evalbook import ConfusionMatrix

    rng = np.random.default_rng(0)
    k = 3
    for n in sizes:
        y_true = rng.integers(0, k, n)
        y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, k, n))
        ours = ConfusionMatrix.from_labels(y_true, y_pred)
        floor = np.bincount(y_true * k + y_pred, minlength=k * k).reshape(k, k)
        same = np.array_equal(ours.to_frame("sklearn").to_numpy(), floor)
        t_ours = best_time(partial(ConfusionMatrix.from_labels, y_true, y_pred), repeat=repeat)
        t_floor = best_time(partial(_bincount_floor, y_true, y_pred, k), repeat=repeat)
        report.add(
            Row(
                "confusion matrix, int labels",
                f"n={n:.0e}",
                t_ours,
                "np.bincount(t*k+p)",
                t_floor,
                "≤ 2× at 1e7" if n >= 10**7 else "",
                (t_ours <= 2 * t_floor) if n >= 10**7 else None,
                same,
            )
        )
        sk = confusion_matrix(y_true, y_pred)
        t_sk = best_time(partial(confusion_matrix, y_true, y_pred), repeat=max(1, repeat // 2))
        report.add(
            Row(
                "confusion matrix, int labels",
                f"n={n:.0e}",
                t_ours,
                "sklearn confusion_matrix",
                t_sk,
                "≥ 10× faster" if n >= 10**7 else "",
                (t_sk >= 10 * t_ours) if n >= 10**7 else None,
                np.array_equal(sk, ours.to_frame("sklearn").to_numpy()),
            )
        )


def bench_confusion_strings(report: Report, sizes, repeat: int) -> None:
    from sklearn.metrics import confusion_matrix

    from evalbook import ConfusionMatrix

    rng = np.random.default_rng(1)
    names = np.array(["spam", "ham", "eggs"])
    for n in sizes:
        y_true = names[rng.integers(0, 3, n)]
        y_pred = np.where(rng.random(n) < 0.7, y_true, names[rng.integers(0, 3, n)])
        ours = ConfusionMatrix.from_labels(y_true, y_pred)
        reps = max(1, repeat // 2)
        t_ours = best_time(partial(ConfusionMatrix.from_labels, y_true, y_pred), repeat=reps)
        t_floor = best_time(partial(_unique_floor, y_true, y_pred), repeat=reps)
        report.add(
            Row(
                "confusion matrix, str labels",
                f"n={n:.0e}",
                t_ours,
                "np.unique(return_inverse) ×2",
                t_floor,
                "≤ 1.5× at 1e7" if n >= 10**7 else "",
                (t_ours <= 1.5 * t_floor) if n >= 10**7 else None,
                sorted(ours.labels) == list(np.unique(np.concatenate([y_true, y_pred]))),
                "one np.unique call per label array",
            )
        )
        if n <= 10**6:
            sk = confusion_matrix(y_true, y_pred)
            t_sk = best_time(partial(confusion_matrix, y_true, y_pred), repeat=1)
            report.add(
                Row(
                    "confusion matrix, str labels",
                    f"n={n:.0e}",
                    t_ours,
                    "sklearn confusion_matrix",
                    t_sk,
                    "",
                    None,
                    np.array_equal(sk, ours.to_frame("sklearn").to_numpy()),
                )
            )


def bench_agreement(report: Report, sizes, repeat: int) -> None:
    from sklearn.metrics import cohen_kappa_score, matthews_corrcoef

    from evalbook import cohen_kappa, mcc

    rng = np.random.default_rng(2)
    for n in sizes:
        y_true = rng.integers(0, 4, n)
        y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 4, n))
        for name, ours_fn, ref_fn in (
            ("Cohen's kappa from labels", cohen_kappa, cohen_kappa_score),
            ("MCC from labels", mcc, matthews_corrcoef),
        ):
            ours = partial(_metric_from_labels, ours_fn, y_true, y_pred)
            ref = partial(ref_fn, y_true, y_pred)
            same = abs(ours() - ref()) <= 1e-12
            t_ours = best_time(ours, repeat=repeat)
            t_ref = best_time(ref, repeat=max(1, repeat // 2))
            report.add(
                Row(name, f"n={n:.0e}", t_ours, f"sklearn {ref_fn.__name__}", t_ref, "", None, same)
            )


def bench_scores(report: Report, sizes, repeat: int) -> None:
    from sklearn.metrics import roc_auc_score
    from sklearn.metrics import roc_curve as sk_roc_curve

    from evalbook import roc_auc, roc_curve

    rng = np.random.default_rng(3)
    for n in sizes:
        y_true = rng.integers(0, 2, n)
        scores = np.round(rng.random(n) + 0.3 * y_true, 4)  # rounded: ties, as real scores have
        reps = max(1, repeat // 2)
        t_argsort = best_time(partial(np.argsort, scores), repeat=reps)
        same = abs(roc_auc(y_true, scores, positive=1) - roc_auc_score(y_true, scores)) <= 1e-12
        t_auc = best_time(partial(roc_auc, y_true, scores, positive=1), repeat=reps)
        report.add(
            Row(
                "roc_auc",
                f"n={n:.0e}",
                t_auc,
                "one np.argsort of the scores",
                t_argsort,
                "≤ 1× at 1e7" if n >= 10**7 else "",
                (t_auc <= t_argsort) if n >= 10**7 else None,
                same,
            )
        )
        t_sk = best_time(partial(roc_auc_score, y_true, scores), repeat=1)
        report.add(
            Row("roc_auc", f"n={n:.0e}", t_auc, "sklearn roc_auc_score", t_sk, "", None, same)
        )
        curve = roc_curve(y_true, scores, positive=1)
        fpr, tpr, _ = sk_roc_curve(y_true, scores, drop_intermediate=False)
        same_curve = np.allclose(curve["fpr"], fpr) and np.allclose(curve["tpr"], tpr)
        t_curve = best_time(partial(roc_curve, y_true, scores, positive=1), repeat=reps)
        t_sk_curve = best_time(
            partial(sk_roc_curve, y_true, scores, drop_intermediate=False), repeat=1
        )
        report.add(
            Row(
                "roc_curve",
                f"n={n:.0e}",
                t_curve,
                "sklearn roc_curve",
                t_sk_curve,
                "",
                None,
                same_curve,
                f"vs one argsort: {t_curve / t_argsort:.2f}×",
            )
        )


def _bootstrap_loop(y_true, y_pred, resamples, seed):
    """The plain way: resample the instances, one resample per Python iteration."""
    rng = np.random.default_rng(seed)
    n = y_true.size
    values = np.empty(resamples)
    for i in range(resamples):
        index = rng.integers(0, n, n)
        values[i] = np.mean(y_true[index] == y_pred[index])
    return np.quantile(values, [0.025, 0.975])


def bench_bootstrap(report: Report, n: int, resamples: int) -> None:
    from evalbook import ConfusionMatrix, bootstrap_interval

    rng = np.random.default_rng(4)
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.85, y_true, 1 - y_true)
    cm = ConfusionMatrix.from_labels(y_true, y_pred)
    fast = partial(bootstrap_interval, cm, resamples=resamples, seed=5)
    slow = partial(_bootstrap_loop, y_true, y_pred, resamples, 5)
    # two bootstraps of the same data agree up to their Monte Carlo error
    same = bool(np.allclose(fast(), slow(), atol=max(0.01, 3 / np.sqrt(resamples))))
    t_fast = best_time(fast, repeat=3)
    t_slow = best_time(slow, repeat=1)
    report.add(
        Row(
            "bootstrap interval of accuracy",
            f"n={n:.0e}, {resamples:.0e} resamples",
            t_fast,
            "Python loop over resamples",
            t_slow,
            "< 1 s" if resamples >= 10**4 else "",
            (t_fast < 1.0) if resamples >= 10**4 else None,
            same,
            "multinomial resampling of the matrix cells",
        )
    )


def bench_threshold_explorer(report: Report, sizes, steps: int) -> None:
    """One slider step of ThresholdExplorer: compute (matrix and metrics), then redraw."""
    from evalbook.widgets import ThresholdExplorer

    rng = np.random.default_rng(6)
    for n in sizes:
        y_true = rng.integers(0, 2, n)
        scores = rng.random(n) ** (1 + y_true)
        explorer = ThresholdExplorer(y_true, 1 - scores, positive=1)
        explorer.threshold.unobserve(explorer._refresh, names="value")
        compute, redraw = [], []
        for t in np.linspace(0.01, 0.99, steps):
            explorer.threshold.value = float(t)
            t0 = time.perf_counter()
            _ = explorer.confusion_matrix, explorer.metrics, explorer.roc_point, explorer.ks_gap
            t1 = time.perf_counter()
            explorer._refresh()
            redraw.append(time.perf_counter() - t1)
            compute.append(t1 - t0)
        for name, values, target in (("compute", compute, 0.020), ("redraw", redraw, 0.150)):
            median = float(np.median(values))
            report.add(
                Row(
                    f"threshold explorer step, {name}",
                    f"n={n:.0e}, median of {steps}",
                    median,
                    "",
                    float("nan"),
                    f"< {target * 1e3:.0f} ms",
                    median < target,
                    None,
                    "redraw = the table, matrix, metrics and SVG plots sent to the page",
                )
            )


def bench_nbval(report: Report) -> None:
    """The whole nbval run of `make test` (lessons and exercise solutions)."""
    t0 = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--nbval",
            "--nbval-current-env",
            "--nbval-sanitize-with",
            "tests/nbval_sanitize.cfg",
            "notebooks",
            "exercises/solucoes",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - t0
    count = len(list((ROOT / "notebooks").glob("*.ipynb")))
    count += len(list((ROOT / "exercises" / "solucoes").glob("*.ipynb")))
    report.add(
        Row(
            "nbval over every lesson and solution",
            f"{count} notebooks",
            elapsed,
            "",
            float("nan"),
            "< 60 s",
            elapsed < 60,
            result.returncode == 0,
            f"same numbers = nbval passed; {elapsed / count:.1f} s a notebook, most of it "
            "starting a kernel and importing scikit-learn, scipy and matplotlib",
        )
    )


def bench_import(report: Report, repeat: int) -> None:
    """``import evalbook`` in a fresh interpreter, timed inside it (numpy included)."""
    code = "import time; t0 = time.perf_counter(); import evalbook; print(time.perf_counter() - t0)"

    def run(statement):
        result = subprocess.run(
            [sys.executable, "-c", statement], check=True, capture_output=True, text=True
        )
        return float(result.stdout)

    t_import = min(run(code) for _ in range(repeat))
    t_numpy = min(run(code.replace("evalbook", "numpy")) for _ in range(repeat))
    report.add(
        Row(
            "import evalbook",
            "fresh interpreter",
            t_import,
            "import numpy",
            t_numpy,
            "< 0.5 s",
            t_import < 0.5,
            None,
            "evalbook imports numpy; pandas, scipy, matplotlib, ipywidgets on demand",
        )
    )


def bench_lessons(report: Report) -> None:
    import nbformat
    from nbclient import NotebookClient

    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        client = NotebookClient(notebook, kernel_name="python3", resources={"metadata": {}})
        client.resources["metadata"]["path"] = str(path.parent)
        t0 = time.perf_counter()
        client.execute()
        elapsed = time.perf_counter() - t0
        report.add(
            Row(
                f"lesson {path.stem}",
                "fresh kernel",
                elapsed,
                "",
                float("nan"),
                "< 10 s",
                elapsed < 10,
                None,
                "includes kernel start",
            )
        )


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
    return (
        f"| {row.case} | {row.size} | {_format_seconds(row.evalbook_s)} | {row.reference} | "
        f"{_format_seconds(row.reference_s)} | {ratio} | {row.target} | {_mark(row.met)} | "
        f"{_mark(row.same_numbers)} | {row.note} |"
    )


HEADER = (
    "| case | size | evalbook | reference | reference time | ratio | target | met | "
    "same numbers | note |\n|---|---|---|---|---|---|---|---|---|---|"
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


def write_results(report: Report, path: Path, *, quick: bool) -> None:
    today = _dt.date.today().isoformat()
    lines = [
        "# Benchmark results",
        "",
        f"Measured on {today} by `make bench` (`python benchmarks/run.py`"
        + (" --quick" if quick else "")
        + ").",
        "",
        f"Machine: {machine_description()}.",
        "",
        "Times are the best of several repetitions; *ratio* is evalbook's time over the",
        "reference's (below 1: evalbook is faster). *same numbers* checks that evalbook and",
        "the reference agree on the benchmark data.",
        "",
        HEADER,
        *(_format_row(row) for row in report.rows),
        "",
    ]
    missed = [row for row in report.rows if row.met is False]
    if missed:
        lines += ["Targets missed:", ""]
        lines += [
            f"- {row.case}{f' ({row.size})' if row.size else ''}: "
            f"{_format_seconds(row.evalbook_s)} against the target {row.target}; {row.note}"
            for row in missed
        ]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def run(*, quick: bool = False, skip_lessons: bool = False) -> Report:
    """Run every case (tiny sizes with ``quick``) and return the rows."""
    if quick:
        int_sizes, str_sizes, agree_sizes, repeat = [10**3], [10**3], [10**3], 2
    else:
        int_sizes = str_sizes = [10**5, 10**6, 10**7]
        agree_sizes, repeat = [10**6], 5
    report = Report()
    print(HEADER)
    bench_confusion_integers(report, int_sizes, repeat)
    bench_confusion_strings(report, str_sizes, repeat)
    bench_agreement(report, agree_sizes, repeat)
    bench_scores(report, [10**3] if quick else [10**5, 10**7], repeat)
    bench_bootstrap(report, 10**3 if quick else 10**4, 200 if quick else 10**4)
    bench_threshold_explorer(report, [20] if quick else [20, 10**4], 5 if quick else 100)
    bench_import(report, 3 if quick else 7)
    if not (skip_lessons or quick):
        bench_lessons(report)
        bench_nbval(report)
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (smoke test)")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks" / "RESULTS.md")
    parser.add_argument("--skip-lessons", action="store_true", help="do not time the lessons")
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    args = parser.parse_args(argv)

    report = run(quick=args.quick, skip_lessons=args.skip_lessons)
    write_results(report, args.output, quick=args.quick)
    if args.json:
        print(json.dumps([row.__dict__ for row in report.rows], default=str))
    wrong = [row for row in report.rows if row.same_numbers is False]
    if wrong:
        print("evalbook and the reference disagree on:", [row.case for row in wrong])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
