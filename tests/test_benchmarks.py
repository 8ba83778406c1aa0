"""Smoke test of the benchmark script at tiny sizes, so that it does not rot.

It checks that every quick case runs, that evalbook and the references agree on the
benchmark data, that every explorer can be driven through its public controls, and that
the results file says how it was measured; it asserts nothing about speed (that is
`make bench`'s job).
"""

import importlib.util
import sys
from pathlib import Path

import pytest

import evalbook.widgets

ROOT = Path(__file__).resolve().parents[1]

#: The benchmark script runs every quick case and starts interpreters: seconds, not the
#: inner loop's milliseconds.
pytestmark = pytest.mark.slow


def _load_runner():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "benchmarks" / "run.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def runner():
    return _load_runner()


@pytest.fixture(scope="module")
def quick_report(runner):
    return runner.run(quick=True)


def test_quick_benchmark_agrees_with_the_references(quick_report):
    cases = {row.case for row in quick_report.rows}
    expected = {
        "confusion matrix, int labels",
        "confusion matrix, str labels",
        "Cohen's kappa from labels",
        "MCC from labels",
        "roc_auc",
        "roc_curve",
        "bootstrap interval of accuracy",
        "import evalbook",
    }
    assert expected <= cases
    checked = [row for row in quick_report.rows if row.same_numbers is not None]
    assert len(checked) >= 10, "too few cases compared their numbers with a reference"
    wrong = [(r.case, r.size, r.data, r.reference) for r in checked if not r.same_numbers]
    assert wrong == []


def test_contenders_of_a_row_ran_equally_often(quick_report):
    compared = [r for r in quick_report.rows if r.reference_timing is not None]
    assert compared
    for row in compared:
        assert len(row.evalbook.times) == len(row.reference_timing.times) >= 2, row.case
        assert all(t > 0 for t in row.evalbook.times + row.reference_timing.times)


def test_scores_are_timed_with_every_tie_structure(runner, quick_report):
    for case in ("roc_auc", "roc_curve"):
        data = {row.data.split(" (")[0] for row in quick_report.rows if row.case == case}
        assert data == set(runner.TIE_STRUCTURES), case


def test_every_explorer_is_driven_through_its_controls(quick_report):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import explorers
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    rows = [row for row in quick_report.rows if " step" in row.case]
    failed = [(row.case, row.note) for row in rows if row.evalbook is None]
    assert failed == []
    assert {case.explorer for case in explorers.cases()} == set(evalbook.widgets.explorers())
    for case in explorers.cases():
        mine = [row for row in rows if row.case.startswith(case.explorer + " step")]
        assert {row.case.rsplit(", ", 1)[1] for row in mine} == {"compute", "redraw"}
        if case.lesson == "—":  # timed through its example() only: any first control
            continue
        # a step must change what the explorer shows, at the lesson's data and at n points
        assert all(row.same_numbers for row in mine if row.case.endswith("redraw")), mine


def test_sweep_stays_in_range_and_always_moves():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import explorers
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    import ipywidgets as widgets

    slider = widgets.IntSlider(value=5, min=2, max=20)
    values = explorers.sweep(slider, 40)
    assert all(2 <= v <= 20 for v in values) and len(values) == 40
    assert all(a != b for a, b in zip([slider.value, *values], values, strict=False))
    toggle = widgets.ToggleButtons(options=[("spam", "spam"), ("ham", "ham")], value="spam")
    assert explorers.sweep(toggle, 3) == ["ham", "spam", "ham"]


def test_results_file_names_the_machine_the_load_and_the_method(runner, quick_report, tmp_path):
    output = tmp_path / "RESULTS.md"
    runner.write_results(quick_report, output, command="python benchmarks/run.py --quick")
    text = output.read_text(encoding="utf-8")
    assert "cores" in text and "Python 3." in text and "numpy" in text
    assert "OPENBLAS_CORETYPE=" in text and "OPENBLAS_L2_SIZE=" in text
    assert "Load average" in text and "interleaved" in text
    assert "| confusion matrix, int labels |" in text


def test_command_line_runs_a_selected_case(runner, tmp_path):
    output = tmp_path / "RESULTS.md"
    assert runner.main(["--quick", "--only", "import", "--output", str(output)]) == 0
    text = output.read_text(encoding="utf-8")
    assert "| import evalbook |" in text and "| roc_curve |" not in text


@pytest.mark.skipif(not Path("/proc/stat").exists(), reason="reads /proc/stat")
def test_machine_busy_time_counts_this_process_cpu(runner):
    """make test's rows report the machine's busy CPU time too: Chromium's renderers leave
    make's process tree, so make's own CPU time misses them."""
    import os
    import time

    before, start = runner.machine_busy_seconds(), time.monotonic()
    end = time.process_time() + 0.3
    while time.process_time() < end:
        pass
    spent = runner.machine_busy_seconds() - before
    wall = time.monotonic() - start
    # at least this process's 0.3 s (ticks of 10 ms); at most every core for the whole time
    assert 0.25 <= spent <= os.cpu_count() * wall + 0.05


def test_results_file_keeps_the_part_a_run_did_not_measure(runner, tmp_path):
    """`make test`'s rows have a section of their own: a run of only those rewrites that
    section, and a run without them keeps it."""
    output = tmp_path / "RESULTS.md"
    output.write_text(
        "# Benchmark results\n\n| roc_auc | n=1e5 | old row |\n| make test, run 1 | legacy |\n"
        "\nTargets missed:\n\n- make test, run 1 (legacy): 85 s; target < 60 s.\n",
        encoding="utf-8",
    )
    make_test = runner.Row("make test, run 1", "HEAD abc", runner.Timing([90.0]))
    runner.write_results(runner.Report(rows=[make_test]), output, command="make-test only")
    text = output.read_text(encoding="utf-8")
    assert "| roc_auc | n=1e5 | old row |" in text and "legacy" not in text
    assert "Targets missed" not in text  # the list held only the old make test rows
    assert text.index("| roc_auc |") < text.index(runner.MAKE_TEST_HEADING)
    assert "| make test, run 1 | HEAD abc |" in text

    library = runner.Row("roc_auc", "n=1e6", runner.Timing([0.01]))
    runner.write_results(runner.Report(rows=[library]), output, command="library only")
    text = output.read_text(encoding="utf-8")
    assert "old row" not in text and "| roc_auc | n=1e6 |" in text
    assert "| make test, run 1 | HEAD abc |" in text and "`make-test only`" in text


def test_make_test_against_a_baseline_alternates_the_two_checkouts(runner, monkeypatch):
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ran, worktrees = [], set()

    def fake_make_test(cwd, *, arguments=(), env=None):
        ran.append("after" if cwd == ROOT else "before")
        if cwd != ROOT:
            worktrees.add(cwd)
        assert (cwd / "Makefile").is_file()
        return 100.0 + len(ran), True, "fake"

    monkeypatch.setattr(runner, "_timed_make_test", fake_make_test)
    monkeypatch.setattr(runner, "_make_install", lambda cwd, **_: None)
    settings = runner.Settings(quick=False, repeat=1, budget=1.0, baseline="HEAD", rounds=2)
    rows = list(runner.make_test_case(settings))
    assert ran == ["before", "after"] * 3  # one uncounted run each, then two rounds
    summary = rows[-1]
    assert summary.case == "make test, after against before"
    assert summary.evalbook.times == [104.0, 106.0]
    assert summary.reference_timing.times == [103.0, 105.0]
    assert [row.met for row in rows[2:-1]] == [None, True, None, True]
    (worktree,) = worktrees
    assert not worktree.exists()  # removed with its folder
    assert str(worktree) not in runner._git("worktree", "list")


def test_the_refusals_have_a_section_a_run_of_the_others_keeps(runner, tmp_path):
    output = tmp_path / "RESULTS.md"
    refusal = runner.Row("refusal: kfold", "n=1e8, k=10", runner.Timing([0.001]), target="< 1 s")
    make_test = runner.Row("make test, run 1", "HEAD abc", runner.Timing([90.0]))
    runner.write_results(runner.Report(rows=[refusal, make_test]), output, command="both")
    library = runner.Row("roc_auc", "n=1e6", runner.Timing([0.01]))
    runner.write_results(runner.Report(rows=[library]), output, command="library only")
    text = output.read_text(encoding="utf-8")
    assert "| roc_auc | n=1e6 |" in text and "| refusal: kfold | n=1e8, k=10 |" in text
    assert text.index("| roc_auc |") < text.index(runner.REFUSAL_HEADING)
    assert text.index(runner.REFUSAL_HEADING) < text.index(runner.MAKE_TEST_HEADING)
    assert "| make test, run 1 | HEAD abc |" in text
