"""The two install routes (pip via the Makefile, conda via environment.yml) must agree."""

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


def _pyproject_dependencies() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = project["dependencies"] + project["optional-dependencies"]["test"]
    return dict(_normalise(spec) for spec in specs)


def _conda_dependencies() -> dict[str, str]:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    specs = [d for d in environment["dependencies"] if isinstance(d, str)]
    return dict(_normalise(spec) for spec in specs if _normalise(spec)[0] not in {"python", "pip"})


def test_environment_yml_lists_the_same_dependencies_as_pyproject():
    assert _conda_dependencies() == _pyproject_dependencies()


def test_environment_yml_uses_conda_forge_and_installs_the_package_editable():
    environment = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert environment["channels"] == ["conda-forge"]
    pip_section = [d for d in environment["dependencies"] if isinstance(d, dict)]
    assert pip_section == [{"pip": ["-e ."]}]
    assert "python>=3.11" in environment["dependencies"]


def test_python_requirement_matches():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11"


def test_package_data_ships_the_handout_tables():
    tables = sorted(p.name for p in (ROOT / "evalbook" / "data").glob("*.csv"))
    assert {"spam_predictions.csv", "abc_confusion.csv"} <= set(tables)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "data/*.csv" in config["tool"]["setuptools"]["package-data"]["evalbook"]


@pytest.mark.skipif(not (ROOT / ".venv").is_dir(), reason="needs the Makefile's .venv")
def test_second_install_is_a_no_op():
    """`make test` twice must not reinstall: the stamp is newer than pyproject.toml."""
    result = subprocess.run(
        ["make", "-q", "install"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, "make would reinstall although pyproject.toml is unchanged"


def test_import_evalbook_does_not_import_plotting_or_widgets():
    code = (
        "import sys, evalbook; "
        "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'pandas') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
