"""Smoke test of the benchmark script at tiny sizes, so that it does not rot.

It checks that every case runs and that evalbook and the references agree on the
benchmark data; it asserts nothing about speed (that is `make bench`'s job).
"""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load_runner():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_quick_benchmark_agrees_with_the_references():
    report = _load_runner().run(quick=True)
    cases = {row.case for row in report.rows}
    expected = {
        "confusion matrix, int labels",
        "confusion matrix, str labels",
        "MCC from labels",
        "roc_auc",
        "roc_curve",
        "bootstrap interval of accuracy",
        "threshold explorer step, compute",
        "import evalbook",
    }
    assert expected <= cases
    checked = [row for row in report.rows if row.same_numbers is not None]
    assert checked, "no case compared its numbers with a reference"
    assert all(row.same_numbers for row in checked), [r.case for r in checked if not r.same_numbers]
    assert all(row.evalbook_s > 0 for row in report.rows)


def test_results_file_names_the_machine_and_the_date(tmp_path):
    runner = _load_runner()
    output = tmp_path / "RESULTS.md"
    assert runner.main(["--quick", "--output", str(output)]) == 0
    text = output.read_text(encoding="utf-8")
    assert "cores" in text and "Python 3." in text and "numpy" in text
    assert "| confusion matrix, int labels |" in text
