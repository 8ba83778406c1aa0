"""The threshold explorer in a real browser: JupyterLab + headless Chromium (Playwright).

Starts JupyterLab on a free loopback port with a copy of lesson 05 (so that autosave can
never touch the committed notebook) cut to the cells the explorer needs: the setup cell, the
cell that builds Tabela 7, and the explorer's cells to the end (nbval runs the whole lesson;
here the question is the explorer in a browser). Opens it in Debian's Chromium driven by
Playwright's Python API, runs all cells, moves the threshold slider (typing in its readout,
with the keyboard and by dragging the handle) and checks that the confusion matrix shown on
the page changes to the counts the library computes. Saves screenshots and the measured
update times under ``tests/artifacts/<worker>/`` (one folder per pytest-xdist worker) and
stops the server by its PID.

Needs ``/usr/bin/chromium`` (``apt-get install chromium``; another path in
``EVALBOOK_CHROMIUM``) and the ``playwright`` Python package (in the ``test`` extra; never
``playwright install``: the system Chromium is used). Without them the test is skipped, or
fails when ``EVALBOOK_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

import evalbook

ROOT = Path(__file__).resolve().parents[1]
LESSON = "notebooks/05_scores_roc_ks_lift.ipynb"
# one folder per pytest-xdist worker ("main" without xdist), so parallel runs never share one
ARTIFACTS = ROOT / "tests" / "artifacts" / os.environ.get("PYTEST_XDIST_WORKER", "main")
CHROMIUM = os.environ.get("EVALBOOK_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("EVALBOOK_REQUIRE_BROWSER", "") not in ("", "0")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOW_TO_ENABLE = (
    "install Debian's Chromium (`apt-get install chromium`, or set EVALBOOK_CHROMIUM to its "
    "path) and the playwright package (`.venv/bin/pip install playwright`, in the test extra; "
    "no `playwright install` needed); EVALBOOK_REQUIRE_BROWSER=1 turns this skip into a failure"
)

pytestmark = pytest.mark.browser


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium executable at {CHROMIUM}"
    return None


@pytest.fixture(scope="module")
def browser_available():
    reason = _missing()
    if reason:
        message = f"browser test: {reason}; to run it, {HOW_TO_ENABLE}"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _status(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def _write_settings(settings: Path) -> None:
    """JupyterLab user settings: no autosave, no news or update checks (closed network)."""
    files = {
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
        # render every cell, so that outputs far down the page are in the DOM
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for name, content in files.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content), encoding="utf-8")


def _explorer_copy(path: Path):
    """The lesson without outputs, cut to its setup cell, the cell that builds ``table7``
    and every cell from the explorer's on (what the page shows comes from this run)."""
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    start = next(i for i, cell in enumerate(code) if "ThresholdExplorer(" in cell.source)
    data = [cell for cell in code[1:start] if re.search(r"(?m)^table7 = ", cell.source)]
    notebook.cells = [code[0], *data, *code[start:]]
    for cell in notebook.cells:
        cell.outputs, cell.execution_count = [], None
    return notebook


@pytest.fixture(scope="module")
def lab(browser_available, tmp_path_factory):
    """A JupyterLab server on a free loopback port serving a copy of the lesson."""
    home = tmp_path_factory.mktemp("lab")
    (home / "notebooks").mkdir()
    nbformat.write(_explorer_copy(ROOT / LESSON), home / LESSON)
    _write_settings(home / "settings")
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
    if os.geteuid() == 0:
        command.append("--allow-root")
    log_path = home / "lab.log"
    log = log_path.open("w")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    process = subprocess.Popen(
        command,
        cwd=home,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and process.poll() is None:
            if _status(f"{base}/api/status?token={token}") == 200:
                break
            time.sleep(0.5)
        else:
            pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()}")
        yield {"url": f"{base}/lab/tree/{LESSON}?token={token}", "log": log_path}
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)  # the server's own PID: it stops its kernels
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        log.close()


def _accept_kernel_dialog(page) -> None:
    """Accept JupyterLab's "Select Kernel" dialog (the default, Python 3) if it shows up."""
    button = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        button.wait_for(timeout=5_000)
    except Exception:  # playwright's TimeoutError: no dialog this time
        return
    button.click()
    button.wait_for(state="detached", timeout=10_000)


def _expected_counts(t: float) -> list[int]:
    """TP, FN, FP, TN of the SPAM scores at threshold t, computed by the library."""
    data = evalbook.spam_predictions()
    predicted = evalbook.threshold(data.score, t, positive="spam", negative="ham")
    cm = evalbook.ConfusionMatrix.from_labels(data.target, predicted, labels=["spam", "ham"])
    return [cm.tp, cm.fn, cm.fp, cm.tn]


def _shown_counts(page) -> list[int]:
    matrix = page.locator(".evalbook-threshold-matrix").first
    return [
        int(re.match(r"\s*(\d+)", matrix.locator(f'td[data-cell="{name}"]').inner_text()).group(1))
        for name in ("tp", "fn", "fp", "tn")
    ]


def _wait_for_threshold(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "t => { const c = document.querySelector('.evalbook-threshold-matrix caption');"
        " return c !== null && c.textContent.includes(t); }",
        arg=text,
        timeout=timeout,
    )


def test_threshold_explorer_in_chromium(lab):
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    timings = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1000})
            page.goto(lab["url"])
            page.wait_for_selector(".jp-Notebook", timeout=90_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                                   timeout=90_000)  # fmt: skip
            _accept_kernel_dialog(page)
            assert page.locator(".jp-OutputArea-output").count() == 0  # the copy has none
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            # the last code cell prints the profit search and resets t to 0.5
            last_output = page.locator(".jp-OutputArea-output pre", has_text="mais lucrativo")
            last_output.wait_for(timeout=180_000)
            _wait_for_threshold(page, "t = 0.500")
            explorer = page.locator(".evalbook-threshold-explorer").first
            explorer.scroll_into_view_if_needed()
            assert _shown_counts(page) == [6, 3, 2, 9] == _expected_counts(0.5)

            # 1. type 0.75 in the slider's readout (Tabela 8(a))
            readout = explorer.locator(".evalbook-threshold-slider .widget-readout")
            readout.click()
            page.keyboard.press("Control+A")
            page.keyboard.type("0.75")
            start = time.perf_counter()
            page.keyboard.press("Enter")
            _wait_for_threshold(page, "t = 0.750")
            timings["readout_to_matrix_ms"] = round((time.perf_counter() - start) * 1e3, 1)
            assert _shown_counts(page) == [4, 5, 1, 10] == _expected_counts(0.75)
            rows = explorer.locator(".evalbook-threshold-table tr[data-result='FN']")
            assert rows.count() == 5
            explorer.screenshot(path=ARTIFACTS / "threshold_explorer_075.png")

            # 2. keyboard: 50 steps of 0.01 down from 0.75 reach 0.25 (Tabela 8(b))
            handle = explorer.locator(".evalbook-threshold-slider .noUi-handle")
            handle.focus()
            steps = []
            for _ in range(50):
                start = time.perf_counter()
                page.keyboard.press("ArrowLeft")
                steps.append(time.perf_counter() - start)
            _wait_for_threshold(page, "t = 0.250")
            assert _shown_counts(page) == [7, 2, 4, 7] == _expected_counts(0.25)

            # 3. drag the handle to about 80% of the track; check what the page shows
            track = explorer.locator(".evalbook-threshold-slider .noUi-target").bounding_box()
            box = handle.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(track["x"] + 0.8 * track["width"], box["y"] + box["height"] / 2,
                            steps=10)  # fmt: skip
            page.mouse.up()
            value = None
            for _ in range(50):  # the readout and the matrix caption must agree
                value = float(readout.inner_text())
                caption = page.locator(".evalbook-threshold-matrix caption").inner_text()
                if f"t = {value:.3f}" in caption:
                    break
                time.sleep(0.1)
            assert 0.7 < value < 0.9, value
            assert _shown_counts(page) == _expected_counts(value)
            page.screenshot(path=ARTIFACTS / "threshold_explorer_page.png", full_page=False)
        except Exception:
            page.screenshot(path=ARTIFACTS / "threshold_explorer_failure.png", full_page=False)
            raise
        finally:
            browser.close()
    timings["drag_value"] = value
    timings["keyboard_step_roundtrip_ms_median"] = round(sorted(steps)[len(steps) // 2] * 1e3, 1)
    (ARTIFACTS / "threshold_browser_timings.json").write_text(json.dumps(timings, indent=2))
    print("browser timings:", timings)
