"""The naming table: every public argument's name is one of the table's, with its meaning.

The table is written once, in ``evalbook``'s docstring (what ``help(evalbook)`` and the
book's API page show); ``CONTRIBUTING.md`` repeats it at its top for contributors, and a
test here keeps the two copies equal. The walk covers every public function, class
constructor and public method of ``evalbook.__all__`` and of ``evalbook.widgets.__all__``
(results, the named tuples the library returns, are read, not built, and are skipped).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import evalbook
import evalbook.widgets

ROOT = Path(__file__).resolve().parents[2]

#: Names that mean what the table says only where a convention fixes them (scikit-learn's
#: ``fit(X, y)``, ``auc(x, y)``; a critical value given by hand): the callables allowed
#: to use each. Anywhere else they would be the old, drifting names (a regression metric's
#: ``(t, y)``, a threshold ``t``).
RESTRICTED = {
    "t": {"compare_algorithms"},
    "y": {
        "auc",
        "cross_validate",
        "stratified_kfold",
        "widgets.ComplexityExplorer",
        "widgets.KFoldExplorer",
        "CalibrationDisplay.from_estimator",
        "ConfusionMatrixDisplay.from_estimator",
        "DecisionCurveDisplay.from_estimator",
        "PrecisionRecallDisplay.from_estimator",
        "RocCurveDisplay.from_estimator",
    },
    "x": {"auc", "ScoredData.cdf"},
}

#: Callables whose arguments other work renames, with what is left: each is a strict xfail,
#: so the test fails once the names are the table's and the entry must go.
PENDING: dict[str, str] = {}

_TERM = re.compile(r"^``\w+``(, ``\w+``)*$")
_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data):`~?([^`]+)`")


def _plain(text: str) -> str:
    """Meaning text with reStructuredText's markup as Markdown writes it."""
    return _ROLE.sub(r"`\1`", text).replace("``", "`")


def table_of_docstring(doc: str) -> dict[str, str]:
    """name -> meaning, from the definition list of the docstring's "Argument names"."""
    section = doc.split("**Argument names.**", 1)[1].split("**Function names**", 1)[0]
    table, names = {}, []
    for line in section.splitlines():
        if _TERM.match(line):
            names = re.findall(r"``(\w+)``", line)
            for name in names:
                assert name not in table, f"{name} is in the table twice"
                table[name] = ""
        elif line.startswith("    ") and names:
            for name in names:
                table[name] = f"{table[name]} {line.strip()}".strip()
        else:
            names = []
    return {name: _plain(meaning) for name, meaning in table.items()}


def table_of_contributing(text: str) -> dict[str, str]:
    """name -> meaning, from the Markdown tables of CONTRIBUTING's "Names" section."""
    section = text.split("\n## Names\n", 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            term, meaning = (cell.strip() for cell in line.strip("|").split(" | ", 1))
            for name in re.findall(r"`(\w+)`", term):
                table[name] = meaning
    return table


TABLE = table_of_docstring(evalbook.__doc__)


def _public_callables() -> dict[str, object]:
    """ "name" or "Class.method" -> the callable, for the two public namespaces."""
    found = {}
    for prefix, module in (("", evalbook), ("widgets.", evalbook.widgets)):
        for name in module.__all__:
            obj = getattr(module, name)
            if not callable(obj):
                continue
            qualified = prefix + name
            if not inspect.isclass(obj):
                found[qualified] = obj
                continue
            if not issubclass(obj, (tuple, Warning)):  # results are read, not built
                found[qualified] = obj
            for member_name, member in inspect.getmembers(obj):
                if member_name.startswith("_") or not callable(member):
                    continue
                if not getattr(member, "__module__", "").startswith("evalbook"):
                    continue
                if inspect.isfunction(member) or inspect.ismethod(member):
                    found[f"{prefix}{name}.{member_name}"] = member
    return found


CALLABLES = _public_callables()


def _arguments(obj) -> list[str]:
    parameters = inspect.signature(obj).parameters.values()
    return [
        p.name
        for p in parameters
        if p.name not in ("self", "cls")
        and not p.name.startswith("_")
        and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


def _outside_the_table(qualified: str) -> list[str]:
    wrong = []
    for name in _arguments(CALLABLES[qualified]):
        if name not in TABLE or (name in RESTRICTED and qualified not in RESTRICTED[name]):
            wrong.append(name)
    return wrong


def test_the_table_is_read():
    assert len(TABLE) > 80
    assert TABLE["y_score"].startswith("a classifier's scores")
    assert TABLE["n_resamples"].startswith("the number of resamples")
    assert {"y_true", "y_pred", "y_proba", "positive", "cm", "seed", "zero_division"} <= set(TABLE)


def test_the_walk_sees_functions_constructors_methods_and_explorers():
    assert {
        "roc_auc",
        "ConfusionMatrix",
        "ConfusionMatrix.from_labels",
        "ScoredData.counts",
        "widgets.ThresholdExplorer",
        "widgets.ThresholdExplorer.synthetic",
    } <= set(CALLABLES)
    assert "Interval" not in CALLABLES  # a result: read, not built


@pytest.mark.parametrize(
    "qualified",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=PENDING[name]))
        if name in PENDING
        else name
        for name in sorted(CALLABLES)
    ],
)
def test_every_argument_name_is_in_the_naming_table(qualified):
    assert _outside_the_table(qualified) == []


def test_the_test_catches_an_old_name():
    def mse(t, y):  # the drift the table ended: a regression metric's (t, y)
        return t, y

    CALLABLES["mse_with_old_names"] = mse
    try:
        assert _outside_the_table("mse_with_old_names") == ["t", "y"]
    finally:
        del CALLABLES["mse_with_old_names"]


def test_every_name_of_the_table_is_used():
    used = {name for obj in CALLABLES.values() for name in _arguments(obj)}
    assert sorted(set(TABLE) - used) == []


def test_pending_entries_are_public_callables():
    assert sorted(set(PENDING) - set(CALLABLES)) == []


def test_contributing_repeats_the_same_table():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert table_of_contributing(text) == TABLE
