"""Interactive explorers for the lessons (ipywidgets), each drivable from Python.

Every explorer is a class on one base (:class:`evalbook.widgets._base.Explorer`: controls,
views, their wiring, the refusal of NaN/inf typed into a control, the repr): its controls
are public attributes (set ``.value`` on them) and the numbers it shows are properties, so
tests and notebooks can drive it without a browser. Display one in a notebook by making it
the last expression of a cell. What an explorer shows (tables, colours, plots as inline
SVG, numbers) comes from one renderer, :mod:`evalbook._core.render`, in the display language
(English by default; Portuguese in the lessons).
:class:`Guess` is the self-study half of a "Preveja" prompt: type a guess, then reveal.

The submodules are imported on first use (``evalbook.widgets.X`` imports X's module only),
so ``import evalbook`` does not pay for ipywidgets and matplotlib.
"""

import functools
import pkgutil
from importlib import import_module
from pathlib import Path

# The registration: one name per explorer (each its own module's class; its module is found
# by explorers(), which imports the package's modules). Written out so that tools reading
# the source see the names; tests/lib/test_namespace.py checks it against the registry.
__all__ = [
    "BootstrapExplorer",
    "ComplexityExplorer",
    "CountsExplorer",
    "CoverageExplorer",
    "DecisionCurveExplorer",
    "Guess",
    "ImbalanceExplorer",
    "KFoldExplorer",
    "OutlierExplorer",
    "PositiveClassExplorer",
    "PrecisionRecallExplorer",
    "ProfitExplorer",
    "SampleSizeExplorer",
    "ThresholdExplorer",
]


@functools.cache
def explorers() -> dict[str, type]:
    """Every explorer: class name → class, each module of the package imported once.

    Each :class:`~evalbook.widgets._base.Explorer` subclass registers itself; this is what the
    tests, the benchmarks and the book iterate over (``cls.example()`` builds one).
    """
    from evalbook.widgets._base import REGISTRY

    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            import_module(f"{__name__}.{info.name}")
    return {name: REGISTRY[name] for name in sorted(REGISTRY)}


@functools.cache
def _module_of(name: str) -> str | None:
    """The module that defines ``name`` (read from the sources, nothing imported)."""
    for info in pkgutil.iter_modules(__path__):
        path = Path(__path__[0]) / f"{info.name}.py"
        if not info.name.startswith("_") and f"\nclass {name}(" in path.read_text("utf-8"):
            return f"{__name__}.{info.name}"
    return None


def __getattr__(name):
    """``evalbook.widgets.X``: only X's own module is imported (the one that defines it)."""
    module = _module_of(name) if name in __all__ else None
    if module is None:
        raise AttributeError(f"module 'evalbook.widgets' has no attribute {name!r}")
    return getattr(import_module(module), name)
