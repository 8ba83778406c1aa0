"""`make lab` really serves the workbook: start it headless, fetch a lesson, stop it.

Safe beside other tests run in parallel (pytest-xdist): the server listens on a free
loopback port and writes its runtime files in the test's own folder."""

import json
import os
import secrets
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSON = "notebooks/01_matriz_de_confusao.ipynb"
TRANSLATION = "@jupyterlab/translation-extension:plugin"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"
DECK = "jupyterlab-slideshow:plugin"

pytestmark = [
    pytest.mark.jupyterlab,
    pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make"),
]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _server_pid(port: int, runtime: Path) -> int | None:
    """The PID JupyterLab wrote in its runtime file (``jpserver-<pid>.json``, the file
    ``jupyter server list`` reads) for the server on ``port``."""
    for path in runtime.glob("jpserver-*.json"):
        info = json.loads(path.read_text(encoding="utf-8"))
        if info.get("port") == port:
            return int(info["pid"])
    return None


def test_make_lab_serves_the_lessons(tmp_path, free_port):
    port, token = free_port, secrets.token_hex(16)
    lab_args = (
        f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} "
        f"--ServerApp.port_retries=0 --IdentityProvider.token={token}"
    )
    log = (tmp_path / "lab.log").open("w")
    runtime = tmp_path / "runtime"
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(runtime)}
    # a lecturer closed the browser in the middle of a presentation: the deck saved "active"
    user_settings = tmp_path / "user-settings"
    deck = user_settings / "jupyterlab-slideshow" / "plugin.jupyterlab-settings"
    deck.parent.mkdir(parents=True)
    deck.write_text('{\n    // Decks\n    "active": true\n}', encoding="utf-8")
    process = subprocess.Popen(
        [
            "make",
            "--no-print-directory",
            "lab",
            f"LAB_ARGS={lab_args}",
            f"LAB_USER_SETTINGS={user_settings}",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        status = None
        while time.monotonic() < deadline and process.poll() is None:
            try:
                status, _ = _get(f"{base}/api/status?token={token}")
                if status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        assert status == 200, f"JupyterLab did not start:\n{(tmp_path / 'lab.log').read_text()}"

        status, page = _get(f"{base}/lab/tree/{LESSON}?token={token}")
        assert status == 200
        assert b"JupyterLab" in page

        status, body = _get(f"{base}/api/contents/{LESSON}?token={token}")
        assert status == 200
        lesson = json.loads(body)
        assert lesson["type"] == "notebook"
        assert lesson["content"]["cells"], "the lesson served has no cells"

        status, _ = _get(f"{base}/api/contents/{LESSON}")
        assert status == 403, "the server must not serve files without its token"

        # JupyterLab's own interface defaults to Brazilian Portuguese (make lab's overrides)
        status, body = _get(f"{base}/lab/api/settings/{TRANSLATION}?token={token}")
        assert status == 200
        assert json.loads(body)["schema"]["properties"]["locale"]["default"] == "pt_BR"
        status, body = _get(f"{base}/lab/api/settings/{TRANSLATION}?token={token}")
        assert json.loads(body)["settings"]["locale"] == "pt_BR", "the server's menus stay English"
        status, body = _get(f"{base}/lab/api/translations/pt_BR?token={token}")
        assert status == 200
        assert json.loads(body)["data"], "the pt-BR language pack is not installed"

        # no news question over the first slide, no update check
        status, body = _get(f"{base}/lab/api/settings/{NOTIFICATION}?token={token}")
        assert status == 200
        defaults = json.loads(body)["schema"]["properties"]
        assert defaults["fetchNews"]["default"] == "false"
        assert defaults["checkForUpdates"]["default"] is False
        # the next notebook opens as a notebook, not in deck mode
        status, body = _get(f"{base}/lab/api/settings/{DECK}?token={token}")
        assert status == 200
        assert json.loads(body)["settings"]["active"] is False

        pid = _server_pid(port, runtime)
        assert pid is not None, "JupyterLab wrote no runtime file for its port"
        os.kill(pid, signal.SIGTERM)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()
