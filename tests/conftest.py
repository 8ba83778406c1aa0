"""Shared fixtures of every test folder: handout 000's SPAM table, and the browser tests'
Chromium and JupyterLab. Each folder's own fixtures are in its conftest.py (the reference
formulas of the metrics in tests/lib/conftest.py).
"""

from __future__ import annotations

import gc
import importlib.util
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from evalbook import config_context
from evalcourse.datasets import spam_predictions

ROOT = Path(__file__).resolve().parents[1]

#: Files that take longest (by name, wherever they are under tests/), started first so
#: that no worker of a parallel run (`make test` uses pytest-xdist with `--dist loadfile
#: --no-loadscope-reorder`) ends alone on a long one; the notebooks (nbval) come next, then
#: the unit tests fill the gaps.
_LONGEST_FIRST = (
    "test_slides.py",
    "test_browser.py",
    "test_lab.py",
    "test_exercises_class_simulation.py",
    "test_exercises_variant_facts.py",
)


def _start_rank(item) -> int:
    path = item.nodeid.split("::", 1)[0]
    name = path.rsplit("/", 1)[-1]
    if name in _LONGEST_FIRST:
        return _LONGEST_FIRST.index(name)
    if path.endswith(".ipynb"):
        return len(_LONGEST_FIRST)
    return len(_LONGEST_FIRST) + 1


def pytest_collection_modifyitems(config, items):
    """Longest files first (a stable sort: the order inside each file is kept)."""
    items.sort(key=_start_rank)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """Collection imports the libraries and builds every test item: about half a million
    objects that live until the run ends. The cyclic garbage collector is paused while they
    are made, then ``gc.freeze()`` moves them out of its reach, so that neither the imports
    nor the tests' own full collections walk them again: a worker's garbage collection fell
    from about 1.7 s to 0.7 s (tests/test_environment.py checks that the freeze happens)."""
    gc.disable()
    try:
        return (yield)
    finally:
        gc.freeze()
        gc.enable()


@pytest.fixture(autouse=True)
def _english_display():
    """Every test starts in the library's default display language: a test that sets
    Portuguese (or calls the exercises' start(), which does) leaves no trace in the next
    (config_context restores every setting when the test ends)."""
    with config_context(language="en"):
        yield


@pytest.fixture
def spam_table():
    """Handout 000, Tabela 7 (a fresh DataFrame for each test)."""
    return spam_predictions()


# ---------------------------------------------------------------------- the browser tests
# tests/notebooks/test_browser.py drives JupyterLab in Debian's headless Chromium through
# Playwright's Python API (never `playwright install`: the system Chromium is used).
# Without them the tests are skipped with a message, or fail when
# EVALBOOK_REQUIRE_BROWSER=1 (as .ci/run sets).
_CHROMIUM_SPEC = importlib.util.spec_from_file_location(
    "evalbook_book_chromium", Path(__file__).parents[1] / "book" / "chromium.py"
)
_chromium = importlib.util.module_from_spec(_CHROMIUM_SPEC)
_CHROMIUM_SPEC.loader.exec_module(_chromium)
CHROMIUM, CHROMIUM_FLAGS = _chromium.CHROMIUM, _chromium.CHROMIUM_FLAGS  # as the handouts'
HOW_TO_ENABLE = (
    "install Debian's Chromium (`apt-get install chromium`, or set EVALBOOK_CHROMIUM to its "
    "path) and the playwright package (`.venv/bin/pip install playwright`, in the test extra; "
    "no `playwright install` needed); EVALBOOK_REQUIRE_BROWSER=1 turns this skip into a failure"
)
#: JupyterLab user settings for the browser tests: no autosave (a test never writes to a
#: lesson), every cell rendered (outputs far down the page are in the DOM), the notebook's
#: own kernel started without a "Select Kernel" dialog, no news or update checks (closed
#: network).
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
        "autoStartDefaultKernel": True,
    },
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


#: Where `make lab` starts the lab's language (pt-BR): the server translates the menus
#: it builds from settings schemas only for a language chosen in the user settings.
LANGUAGE = "@jupyterlab/translation-extension/plugin.jupyterlab-settings"


def _browser_missing(*modules: str) -> str | None:
    for module in ("playwright.sync_api", *modules):
        try:
            __import__(module)
        except ImportError:
            return f"the {module.split('.')[0]} package is not installed"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium executable at {CHROMIUM}"
    return None


@pytest.fixture(scope="module")
def require_browser():
    """``require_browser(*modules)`` skips the calling test without Chromium, playwright or
    the given modules (fails it under EVALBOOK_REQUIRE_BROWSER=1)."""

    def require(*modules: str) -> None:
        reason = _browser_missing(*modules)
        if reason:
            message = f"browser test: {reason}; to run it, {HOW_TO_ENABLE}"
            if os.environ.get("EVALBOOK_REQUIRE_BROWSER", "") not in ("", "0"):
                pytest.fail(message)
            pytest.skip(message)

    return require


@pytest.fixture(scope="module")
def chromium():
    """How to launch the browser: ``p.chromium.launch(**chromium)``."""
    return {"executable_path": CHROMIUM, "headless": True, "args": CHROMIUM_FLAGS}


#: True once the notebook's kernel is started and idle. JupyterLab's execution indicator
#: says "idle" before any kernel exists ("No Kernel"), so the kernel's name is read too.
KERNEL_READY = """() => {
    const name = document.querySelector('.jp-NotebookPanel-toolbar .jp-KernelName');
    const state = document.querySelector('.jp-Notebook-ExecutionIndicator');
    return name !== null && name.textContent.startsWith('Python')
        && state !== null && state.getAttribute('data-status') === 'idle';
}"""


@pytest.fixture(scope="module")
def open_notebook():
    """``open_notebook(page, url)``: load a notebook in JupyterLab and wait for its kernel;
    ``open_notebook.wait_for_kernel(page)`` waits until that kernel is idle again."""

    def wait_for_kernel(page, timeout: float = 90_000) -> None:
        page.wait_for_function(KERNEL_READY, timeout=timeout)

    def open_(page, url: str) -> None:
        page.goto(url)
        page.wait_for_selector(".jp-Notebook", timeout=90_000)
        wait_for_kernel(page)

    open_.wait_for_kernel = wait_for_kernel
    return open_


@pytest.fixture(scope="module")
def artifacts():
    """Where a browser test saves its screenshots: one folder per pytest-xdist worker."""
    folder = Path(__file__).parent / "artifacts" / os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def free_port() -> int:
    """A free loopback port, for a server a test starts (parallel workers never share one)."""
    return _free_port()


def _status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


@pytest.fixture(scope="module")
def jupyterlab_server(tmp_path_factory):
    """Start JupyterLab over a temporary folder holding the given notebooks.

    ``jupyterlab_server({"notebooks/05.ipynb": notebook})`` writes the notebooks, starts a
    server on a free loopback port (settings: :data:`LAB_SETTINGS`, and with
    ``project_settings=True`` the defaults `make lab` reads from .jupyter/; runtime files in the
    folder, so parallel tests never meet) and returns ``{"url": ..., "log": path}``, the URL
    of the first notebook with the server's token. Its notebooks run in the environment's
    own ``python3`` kernel, started fresh, as a student's are. Every server started is
    stopped by its own PID (which stops its kernels) when the test module ends.
    """
    import nbformat

    servers = []

    def start(notebooks: dict, *, project_settings: bool = False) -> dict:
        home = tmp_path_factory.mktemp("lab")
        for relative, notebook in notebooks.items():
            (home / relative).parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(notebook, home / relative)
        settings = dict(LAB_SETTINGS)
        if project_settings:  # the language `make lab` writes in the user settings
            settings[LANGUAGE] = {"locale": "pt_BR"}
        for name, content in settings.items():
            path = home / "settings" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(content), encoding="utf-8")
        port, token = _free_port(), secrets.token_hex(16)
        command = [
            str(Path(sys.executable).with_name("jupyter")),
            "lab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={home}",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
        ]
        if project_settings:  # `make lab`'s: pt-BR, no news, the deck mode's styles
            command += [f"--LabApp.app_settings_dir={ROOT / '.jupyter'}", "--LabApp.news_url=None"]
        if os.geteuid() == 0:
            command.append("--allow-root")
        log_path = home / "lab.log"
        log = log_path.open("w")
        process = subprocess.Popen(
            command,
            cwd=home,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime")},
            start_new_session=True,
        )
        servers.append((process, log))
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and process.poll() is None:
            if _status(f"{base}/api/status?token={token}") == 200:
                break
            time.sleep(0.5)
        else:
            pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()}")
        first = next(iter(notebooks))
        return {"url": f"{base}/lab/tree/{first}?token={token}", "log": log_path}

    yield start
    for process, log in servers:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        log.close()


# ---------------------------------------------------------------------- colours
def cvd_delta_e(first: str, second: str) -> dict:
    """CIEDE2000 ΔE between two ``#rrggbb`` colours as seen with normal vision and under
    simulated deuteranopia and protanopia.

    The simulation is Machado, Oliveira & Fernandes (2009), "A physiologically-based model
    for simulation of color vision deficiency", IEEE TVCG 15(6), at severity 1, applied in
    linear RGB (colour-science's ``matrix_cvd_Machado2009``); the difference is
    CIEDE2000 (Sharma, Wu & Dalal 2005) in CIELAB under D65.
    """
    import colour
    import numpy as np

    srgb = colour.RGB_COLOURSPACES["sRGB"]
    rgb = np.array([[int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)] for c in (first, second)])
    linear = colour.cctf_decoding(rgb, function="sRGB")
    seen = {}
    for name, deficiency in (
        ("normal", None),
        ("deuteranopia", "Deuteranomaly"),
        ("protanopia", "Protanomaly"),
    ):
        values = linear
        if deficiency is not None:
            matrix = colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)
            values = np.clip(linear @ matrix.T, 0, 1)
        xyz = colour.RGB_to_XYZ(values, srgb, apply_cctf_decoding=False)
        lab = colour.XYZ_to_Lab(xyz, srgb.whitepoint)
        seen[name] = float(colour.delta_E(lab[0], lab[1], method="CIE 2000"))
    return seen


@pytest.fixture
def colour_blind_delta_e():
    """The smaller CIEDE2000 ΔE of two colours under simulated deuteranopia and protanopia
    (:func:`cvd_delta_e`): a pair that must be told apart needs at least 10."""

    def worst(first: str, second: str) -> float:
        seen = cvd_delta_e(first, second)
        return min(seen["deuteranopia"], seen["protanopia"])

    return worst
