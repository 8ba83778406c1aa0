"""The package as others install it: the lock file, the extras and the licence.

- ``requirements/lock.txt`` (``make lock``, uv) pins every package of every extra; pip
  reads it as constraints in ``make install``, ``make lab`` and CI, so a new release of
  pandas or matplotlib cannot change what nbval compares. Every pin must lie within
  pyproject.toml's ranges and ``requirements/lock.in``'s caps.
- ``pip install evalbook`` installs the core (numpy, scipy, pandas, tqdm); the extras add
  plots, widgets, the lab and the tests. Each module of the package must import with only
  its extra's dependencies: one interpreter per extra refuses, through an import hook
  (a ``sys.meta_path`` finder), every top-level module that only packages outside that
  extra's dependency closure provide; no virtual environment is built.
"""

from __future__ import annotations

import functools
import importlib.metadata as md
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "lock.txt"
LOCK_IN = ROOT / "requirements" / "lock.in"
PYPROJECT = ROOT / "pyproject.toml"


# ---------------------------------------------------------------------- reading the files
def _project() -> dict:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]


def _requirements(lines) -> list[Requirement]:
    """The requirements of a requirements file's lines (comments and blank lines skipped)."""
    found = []
    for line in lines:
        line = line.split(" #", 1)[0].strip()
        if line and not line.startswith("#"):
            found.append(Requirement(line))
    return found


def _declared() -> dict[str, list[Requirement]]:
    """Each extra's requirements ("core" for the dependencies), evalbook's own extras left
    out (``evalbook[plots,widgets]`` in ``lab`` is expanded where it matters)."""
    project = _project()
    groups = {"core": project["dependencies"], **project["optional-dependencies"]}
    return {
        extra: [r for r in map(Requirement, specs) if canonicalize_name(r.name) != "evalbook"]
        for extra, specs in groups.items()
    }


@functools.cache
def _locked() -> dict[str, list[tuple[Version, Requirement]]]:
    """name -> the (version, pin) of each of its lines in the lock (one per marker fork)."""
    pins: dict[str, list[tuple[Version, Requirement]]] = {}
    for requirement in _requirements(LOCK.read_text(encoding="utf-8").splitlines()):
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"not a pin: {requirement}"
        pins.setdefault(canonicalize_name(requirement.name), []).append(
            (Version(specifier.version), requirement)
        )
    return pins


def _locked_here(name: str) -> Version | None:
    """The version the lock pins for this interpreter and platform (None: not locked)."""
    for version, requirement in _locked().get(canonicalize_name(name), []):
        if requirement.marker is None or requirement.marker.evaluate():
            return version
    return None


# ---------------------------------------------------------------------- the lock
def test_every_locked_version_lies_within_pyproject_and_lock_in():
    caps = _requirements(LOCK_IN.read_text(encoding="utf-8").splitlines())
    ranges = [r for group in _declared().values() for r in group] + caps
    outside = [
        f"{requirement} but the lock has {version}"
        for requirement in ranges
        for version, _ in _locked().get(canonicalize_name(requirement.name), [])
        if not requirement.specifier.contains(version, prereleases=True)
    ]
    assert outside == []


def test_every_dependency_of_every_extra_is_locked():
    """Directly (every name in pyproject.toml) and through the installed packages: every
    distribution that evalbook[lab,test] pulls in here has a pin for this platform."""
    direct = {
        r.name for group in _declared().values() for r in group if _locked_here(r.name) is None
    }
    assert direct == set()
    everything = set(_closure(("lab", "test"))) - {"evalbook"}
    assert len(everything) > 100
    assert {name for name in everything if _locked_here(name) is None} == set()


def test_the_lock_pins_the_linter_and_its_own_compiler():
    """A new ruff cannot fail `make lint`, a new uv cannot rewrite the lock differently."""
    assert _locked_here("ruff") is not None
    assert _locked_here("uv") is not None
    assert re.search(r"(?m)^#\s+make lock$", LOCK.read_text(encoding="utf-8"))


def test_the_jsonschema_speed_cap_is_in_the_lock_input_not_in_the_package():
    """A user of the library inherits no cap that only speeds up this project's runs."""
    (cap,) = [
        r
        for r in _requirements(LOCK_IN.read_text(encoding="utf-8").splitlines())
        if r.name == "jsonschema"
    ]
    assert not cap.specifier.contains("4.25")
    assert "rfc3987" in LOCK_IN.read_text(encoding="utf-8")  # the reason is written there
    project = _project()
    declared = [*project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        declared.extend(extra)
    in_the_package = [r for r in map(Requirement, declared) if r.name == "jsonschema"]
    assert all(r.specifier.contains("4.25") for r in in_the_package)
    assert _locked_here("jsonschema") < Version("4.25")


@pytest.mark.ci
@pytest.mark.skipif(
    Path(sys.prefix).resolve() != (ROOT / ".venv").resolve(), reason="not the Makefile's .venv"
)
def test_the_makefiles_venv_holds_the_locked_versions():
    wrong = {
        name: f"{md.version(name)} installed, {_locked_here(name)} locked"
        for name in _closure(("lab", "test"))
        if name != "evalbook" and Version(md.version(name)) != _locked_here(name)
    }
    assert wrong == {}


# ---------------------------------------------------------------------- the Makefile
def _make(venv: Path, *arguments: str) -> subprocess.CompletedProcess:
    """make in the project with another VENV: its rules are read, nothing is installed."""
    return subprocess.run(
        ["make", "--no-print-directory", f"VENV={venv}", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def stamped_venv(tmp_path):
    """A stand-in .venv whose python exists and whose stamps say what was installed."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()

    def stamp(*names: str) -> Path:
        for name in names:
            (venv / name).touch()
        return venv

    return stamp


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_make_installs_each_extra_from_the_lock_when_it_or_pyproject_changes(stamped_venv):
    venv = stamped_venv(".evalbook-lab")  # `make lab` was run, not `make test`
    lab, test = str(venv / ".evalbook-lab"), str(venv / ".evalbook-test")
    assert _make(venv, "-q", lab).returncode == 0
    assert '-c requirements/lock.txt -e ".[lab,test]"' in _make(venv, "-n", "install").stdout
    for changed in ("requirements/lock.txt", "pyproject.toml"):
        commands = _make(venv, "-n", "-W", changed, lab).stdout
        assert '-c requirements/lock.txt -e ".[lab]"' in commands, changed
    stamped_venv(".evalbook-test")  # then `make test`: both stamps are fresh
    assert _make(venv, "-q", lab).returncode == 0
    assert _make(venv, "-q", test).returncode == 0
    assert _make(venv, "-q", "-W", "requirements/lock.txt", test).returncode == 1


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_the_three_test_targets_split_the_suite_by_what_it_needs(stamped_venv):
    """make test: everything but the browser (notebooks included); make test-fast: no
    notebook and none of the slow tests; make test-slides: the browser and JupyterLab."""
    venv = stamped_venv(".evalbook-lab", ".evalbook-test")

    def pytest_command(target: str) -> str:
        commands = _make(venv, "-n", target).stdout
        assert "ruff check" in commands  # lint first
        return commands[commands.index("-m pytest") :]

    fast = pytest_command("test-fast")
    assert "--doctest-modules evalbook evalcourse tests" in fast
    assert '-m "not browser and not jupyterlab and not ci and not slow"' in fast
    assert "--nbval" not in fast and "notebooks" not in fast
    full = pytest_command("test")
    assert "--nbval" in full and "notebooks exercises/solucoes" in full
    assert full.count('-m "') == 1 and '-m "not browser and not jupyterlab and not ci"' in full
    slides = _make(venv, "-n", "test-slides").stdout
    for name in ("test_slides.py", "test_browser.py", "test_lab.py"):
        assert f"tests/notebooks/{name}" in slides
    assert '-m "' not in slides  # every test of the three files, no mark left out


# ---------------------------------------------------------------------- the extras
def _requires(name: str) -> list[Requirement]:
    try:
        return [Requirement(spec) for spec in md.distribution(name).requires or []]
    except md.PackageNotFoundError:  # a dependency of another platform
        return []


@functools.cache
def _closure(extras: tuple[str, ...]) -> dict[str, set[str]]:
    """Every installed distribution evalbook with these extras needs (normalised names),
    with the extras each is asked for: the markers read with importlib.metadata."""
    needed: dict[str, set[str]] = {}
    todo = [("evalbook", set(extras))]
    while todo:
        name, wanted = todo.pop()
        name = canonicalize_name(name)
        if name in needed and wanted <= needed[name]:
            continue
        needed.setdefault(name, set()).update(wanted)
        for requirement in _requires(name):
            environments = [{"extra": extra} for extra in sorted(needed[name]) or [""]]
            if requirement.marker is None or any(
                requirement.marker.evaluate(env) for env in environments
            ):
                todo.append((requirement.name, set(requirement.extras)))
    return {name: wanted for name, wanted in needed.items() if _installed(name)}


def _installed(name: str) -> bool:
    try:
        md.distribution(name)
    except md.PackageNotFoundError:
        return False
    return True


@functools.cache
def _providers() -> dict[str, list[str]]:
    return md.packages_distributions()


def _refused_modules(extras: tuple[str, ...]) -> list[str]:
    """Top-level modules that only distributions outside the closure provide."""
    allowed = set(_closure(extras))
    return sorted(
        module
        for module, providers in _providers().items()
        if module not in sys.stdlib_module_names
        and not {canonicalize_name(p) for p in providers} & allowed
    )


#: Which extra a module of the package needs (the longest matching prefix; the core else).
#: evalbook.widgets itself is core: it imports an explorer, and ipywidgets, on first use.
EXTRA_OF_MODULE = {
    "evalbook.displays._displays": "plots",
    "evalbook.widgets.": "widgets",
    "evalbook.exercises": "lab",
}
EXTRAS = {"core": (), "plots": ("plots",), "widgets": ("widgets",), "lab": ("lab",)}


def _package_modules() -> list[str]:
    modules = []
    for path in sorted((ROOT / "evalbook").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def _extra_of(module: str) -> str:
    matches = [p for p in EXTRA_OF_MODULE if module == p or module.startswith(p.rstrip(".") + ".")]
    return EXTRA_OF_MODULE[max(matches, key=len)] if matches else "core"


#: Run in a fresh interpreter: refuse the given top-level modules, import the given ones,
#: print {module: None, or the error}.
GUARD = """
import importlib, json, sys

task = json.load(sys.stdin)
refused = frozenset(task["refused"])


class RefuseOutsideTheExtra:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if path is None and name in refused:
            raise ModuleNotFoundError(f"No module named {name!r} (not in this extra)", name=name)
        return None


sys.meta_path.insert(0, RefuseOutsideTheExtra)
errors = {}
for module in task["modules"]:
    try:
        importlib.import_module(module)
        errors[module] = None
    except ImportError as error:
        errors[module] = f"{type(error).__name__}: {error}"
print(json.dumps(errors))
"""


def _import_with_only(extras: tuple[str, ...], modules: list[str]) -> dict[str, str | None]:
    task = {"refused": _refused_modules(extras), "modules": modules}
    result = subprocess.run(
        [sys.executable, "-c", GUARD],
        input=json.dumps(task),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    return json.loads(result.stdout)


def test_modules_are_assigned_to_extras_as_the_package_declares():
    modules = _package_modules()
    assert {
        "evalbook",
        "evalbook.displays._displays",
        "evalbook.widgets",
        "evalbook.exercises",
    } <= set(modules)
    assert _extra_of("evalbook.widgets") == "core"
    assert _extra_of("evalbook.widgets.threshold") == "widgets"
    assert _extra_of("evalbook.exercises.checker") == "lab"
    assert set(EXTRAS) - {"core"} <= set(_project()["optional-dependencies"])


def test_the_closure_follows_the_extras():
    core, lab = set(_closure(())), set(_closure(("lab",)))
    assert {"evalbook", "numpy", "pandas", "scipy"} <= core
    assert not {"matplotlib", "ipywidgets", "jupyterlab", "scikit-learn", "nbformat"} & core
    # lab asks for evalbook[plots,widgets]: its closure holds theirs
    assert set(_closure(("plots",))) | set(_closure(("widgets",))) <= lab
    assert {"jupyterlab", "ipykernel", "scikit-learn", "nbformat", "matplotlib"} <= lab
    assert not {"pytest", "nbval", "ruff"} & lab


@pytest.mark.slow
@pytest.mark.parametrize("extra", list(EXTRAS))
def test_every_module_imports_with_only_its_extra(extra):
    modules = [m for m in _package_modules() if _extra_of(m) == extra]
    assert modules
    # and the guard must refuse what the extra lacks (else this test could never fail)
    probes = {
        "core": {
            "evalbook.widgets.threshold": "ipywidgets",
            "evalbook.exercises.build": "nbformat",
        },
        "plots": {"sklearn": "sklearn", "ipywidgets": "ipywidgets"},
        "widgets": {"matplotlib": "matplotlib", "evalbook.exercises.build": "nbformat"},
        "lab": {"pytest": "pytest", "nbval": "nbval"},
    }[extra]
    errors = _import_with_only(EXTRAS[extra], modules + list(probes))
    assert {m: errors[m] for m in modules if errors[m] is not None} == {}
    for probe, missing in probes.items():
        assert errors[probe] is not None and repr(missing) in errors[probe], (probe, errors[probe])


# ---------------------------------------------------------------------- the licence
def test_the_licence_is_bsd_3_clause_in_the_file_and_the_metadata():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("BSD 3-Clause License")
    assert "Copyright (c) 2026, The evalbook developers" in text
    assert "Neither the name of the copyright holder" in text
    assert _project()["license"] == "BSD-3-Clause"
    assert _project()["license-files"] == ["LICENSE"]
    try:
        metadata = md.metadata("evalbook")
    except md.PackageNotFoundError:
        pytest.skip("evalbook is not installed (run `make install`)")
    assert metadata["License-Expression"] == "BSD-3-Clause"
