"""Interactive explorers for the lessons (ipywidgets), each drivable from Python.

Every explorer is a class on one base (:class:`evalbook.widgets._base.Explorer`: controls,
views, their wiring, the refusal of NaN/inf typed into a control, the repr): its controls
are public attributes (set ``.value`` on them) and the numbers it shows are properties, so
tests and notebooks can drive it without a browser. Display one in a notebook by making it
the last expression of a cell. What an explorer shows (tables, colours, plots as inline
SVG, numbers) comes from one renderer, :mod:`evalbook._core.render`, in the display language
(English by default; ``evalbook.set_config(language="pt")`` for Portuguese).
:class:`Guess` is the self-study half of a "Preveja" prompt: type a guess, then reveal.

The submodules are imported on first use, so ``import evalbook`` does not pay for
ipywidgets and matplotlib.
"""

from importlib import import_module

_EXPLORERS = {
    "PositiveClassExplorer": "evalbook.widgets.positive_class",
    "CountsExplorer": "evalbook.widgets.counts",
    "ProfitExplorer": "evalbook.widgets.profit",
    "ImbalanceExplorer": "evalbook.widgets.imbalance",
    "ThresholdExplorer": "evalbook.widgets.threshold",
    "OutlierExplorer": "evalbook.widgets.outlier",
    "KFoldExplorer": "evalbook.widgets.kfold",
    "BootstrapExplorer": "evalbook.widgets.bootstrap",
    "CoverageExplorer": "evalbook.widgets.coverage",
    "PrecisionRecallExplorer": "evalbook.widgets.precision_recall",
    "ComplexityExplorer": "evalbook.widgets.complexity",
    "Guess": "evalbook.widgets.guess",
}

# Written out (not read from _EXPLORERS) so that tools reading the source see the names;
# tests/lib/test_namespace.py checks that the two agree.
__all__ = [
    "BootstrapExplorer",
    "ComplexityExplorer",
    "CountsExplorer",
    "CoverageExplorer",
    "Guess",
    "ImbalanceExplorer",
    "KFoldExplorer",
    "OutlierExplorer",
    "PositiveClassExplorer",
    "PrecisionRecallExplorer",
    "ProfitExplorer",
    "ThresholdExplorer",
]


def __getattr__(name):
    if name in _EXPLORERS:
        return getattr(import_module(_EXPLORERS[name]), name)
    raise AttributeError(f"module 'evalbook.widgets' has no attribute {name!r}")
