"""The two install routes (pip via the Makefile, conda via environment.yml) must agree,
declare every package the code imports, and take the version from one place."""

import ast
import functools
import gc
import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]


def _normalise(spec: str) -> tuple[str, str]:
    requirement = Requirement(spec)
    name = requirement.name.lower().replace("_", "-")
    return name, str(requirement.specifier)


def _pyproject_specs(*extras: str) -> list[str]:
    """The core's requirements and those of the given extras (all when none is given),
    evalbook's own extras (``evalbook[plots,widgets]``) left out."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = project["optional-dependencies"]
    specs = project["dependencies"] + [s for e in extras or groups for s in groups[e]]
    return [spec for spec in specs if _normalise(spec)[0] != "evalbook"]


def _pyproject_dependencies() -> dict[str, str]:
    return dict(_normalise(spec) for spec in _pyproject_specs())


def _lock_caps() -> dict[str, str]:
    """The caps of requirements/lock.in (its own compiler, uv, left out)."""
    lines = (ROOT / "requirements" / "lock.in").read_text(encoding="utf-8").splitlines()
    specs = [line.split(" #")[0].strip() for line in lines if not line.startswith("#")]
    return {name: spec for name, spec in map(_normalise, filter(None, specs)) if name != "uv"}


def _conda_dependencies() -> dict[str, str]:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    specs = [d for d in environment["dependencies"] if isinstance(d, str)]
    return dict(_normalise(spec) for spec in specs if _normalise(spec)[0] not in {"python", "pip"})


def test_environment_yml_lists_the_same_dependencies_as_pyproject_and_the_lock_caps():
    assert _conda_dependencies() == _pyproject_dependencies() | _lock_caps()
    assert "jsonschema" in _lock_caps()


def test_environment_yml_uses_conda_forge_and_installs_the_package_editable():
    environment = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert environment["channels"] == ["conda-forge"]
    pip_section = [d for d in environment["dependencies"] if isinstance(d, dict)]
    assert pip_section == [{"pip": ["-e ."]}]
    assert "python>=3.11" in environment["dependencies"]


def test_python_requirement_matches():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11"


def test_package_data_ships_the_course_tables():
    tables = sorted(p.name for p in (ROOT / "evalcourse" / "data").glob("*.csv"))
    assert {"spam_predictions.csv", "abc_confusion.csv"} <= set(tables)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "data/*.csv" in config["tool"]["setuptools"]["package-data"]["evalcourse"]


@pytest.mark.ci
@pytest.mark.skipif(not (ROOT / ".venv").is_dir(), reason="needs the Makefile's .venv")
def test_second_install_is_a_no_op():
    """`make test` twice must not reinstall: the stamps are newer than pyproject.toml and
    the lock file (tests/test_packaging.py checks that they depend on both)."""
    result = subprocess.run(
        ["make", "-q", "install", ".venv/.evalbook-lab"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, "make would reinstall although nothing changed"


def test_what_collection_built_is_frozen_out_of_the_garbage_collectors_reach():
    """tests/conftest.py freezes the objects of collection (imports, test items), so the
    tests' full garbage collections do not walk them again and again."""
    assert gc.isenabled()
    assert gc.get_freeze_count() > 10_000


#: One fresh interpreter imports step by step; after each step, which of these were loaded.
IMPORT_STEPS = {
    # the library itself: no plotting, widgets, tables, progress bars or exercises
    "import evalbook": [],
    "import evalbook._core.render": [],
    "import evalbook.displays._displays": [],  # matplotlib only when a figure is drawn
    "import evalbook.widgets": [],
    # ipywidgets only when an explorer is used
    "evalbook.widgets.PositiveClassExplorer": ["ipywidgets"],
    # nbformat validates with jsonschema; from 4.25 jsonschema imports rfc3987-syntax, which
    # builds a Lark parser on import (2.3 s in every process that reads a notebook: each
    # pytest worker, JupyterLab, the exercise checker). requirements/lock.in caps it.
    # (ipywidgets is left from the step before.)
    "import nbformat": ["ipywidgets"],
}
WATCHED = ("matplotlib", "ipywidgets", "pandas", "tqdm", "evalbook.exercises", "rfc3987_syntax")


@pytest.mark.slow
def test_each_import_loads_only_what_it_needs():
    """The imports checked in one interpreter, one step after another (a fresh interpreter
    for each would cost a start-up and an ``import evalbook`` apiece)."""
    code = "\n".join(
        [
            "import json, sys",
            f"WATCHED = {WATCHED!r}",
            "def loaded():",
            "    return sorted(w for w in WATCHED",
            "                  if any(m == w or m.startswith(w + '.') for m in sys.modules))",
            "steps = {}",
            *(f"{step}\nsteps[{step!r}] = loaded()" for step in IMPORT_STEPS),
            "print(json.dumps(steps))",
        ]
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == IMPORT_STEPS


def _distribution_names(specs) -> set[str]:
    return {_normalise(spec)[0] for spec in specs}


def _code_sources(folder: str):
    """(file, source) of every .py file and every notebook code cell under ``folder``."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        yield path, path.read_text(encoding="utf-8")
    for path in sorted((ROOT / folder).rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                # IPython magics and shell escapes are not Python
                yield path, re.sub(r"(?m)^\s*[%!].*$", "", source)


@functools.cache
def _imports_in(folder: str) -> tuple[tuple[str, str], ...]:
    """(top-level module, file) of every import under ``folder``, read once per session."""
    found = []
    for path, source in _code_sources(folder):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            found += [(name.split(".")[0], str(path.relative_to(ROOT))) for name in names]
    return tuple(found)


def _imported_modules(folders) -> dict[str, set[str]]:
    """Top-level third-party module -> the files that import it (the standard library,
    evalbook and the folders' own modules, such as benchmarks/explorers.py, left out)."""
    own = {"evalbook", "evalcourse"} | {
        p.stem for folder in folders for p in (ROOT / folder).glob("*.py")
    }
    found: dict[str, set[str]] = {}
    for folder in folders:
        for top, path in _imports_in(folder):
            if top not in sys.stdlib_module_names and top not in own:
                found.setdefault(top, set()).add(path)
    return found


@functools.cache
def _providers() -> dict[str, list[str]]:
    return importlib.metadata.packages_distributions()


def _undeclared(folders, declared: set[str]) -> dict[str, list[str]]:
    providers = _providers()
    missing = {}
    for module, files in _imported_modules(folders).items():
        distributions = {_normalise(name)[0] for name in providers.get(module, [])}
        if not distributions & declared:
            missing[module] = sorted(files)[:3]
    return missing


def test_library_and_lessons_import_only_runtime_dependencies():
    """What a student runs (the library, lessons, exercises) needs no test extra; the
    lab extra holds everything (tests/test_packaging.py checks each module's own extra)."""
    declared = _distribution_names(_pyproject_specs("plots", "widgets", "lab"))
    assert _undeclared(["evalbook", "notebooks", "exercises"], declared) == {}


def test_tests_and_benchmarks_import_only_declared_packages():
    declared = set(_pyproject_dependencies())
    assert _undeclared(["tests", "benchmarks"], declared) == {}


def test_import_scan_sees_the_imports_it_checks():
    """The scan above must find real imports (else the two tests could never fail)."""
    modules = _imported_modules(["evalbook", "notebooks", "tests"])
    assert {"numpy", "sklearn", "matplotlib", "pytest"} <= set(modules)
    assert any(f.endswith(".ipynb") for f in modules["sklearn"])


def test_version_is_written_once_in_the_package():
    """pyproject reads the version from evalbook.__version__; it does not repeat it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in config["project"]
    assert config["project"]["dynamic"] == ["version"]
    attr = config["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "evalbook.__version__"
    init = (ROOT / "evalbook" / "__init__.py").read_text(encoding="utf-8")
    assert len(re.findall(r"(?m)^__version__ = \"[^\"]+\"$", init)) == 1


@pytest.mark.ci
def test_installed_metadata_carries_the_package_version():
    import evalbook

    try:
        installed = importlib.metadata.version("evalbook")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("evalbook is not installed (run `make install`)")
    assert installed == evalbook.__version__
