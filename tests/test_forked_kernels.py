"""A forked kernel (tests/forked_kernels.py) is indistinguishable, to a lesson, from a kernel
started from nothing: same environment, folder, path, display defaults, plot backend and
warning filters; figures still show; interrupts and kills still reach it."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import ClassVar

import forked_kernels  # tests/conftest.py loads it
import pytest
from forked_kernels import NOTEBOOKS, notebook_imports
from ipykernel.kernelspec import get_kernel_dict

SCRIPT = Path(__file__).with_name("forked_kernels.py")
#: How ipykernel starts a kernel from nothing (its own kernel spec).
FROM_NOTHING = get_kernel_dict()["argv"]
#: Read in both kernels after importing what the zygote imports (``_probe``, which puts
#: those imports first); every value must be equal.
PROBE = """
import json, os, signal, sys, warnings
import numpy as np
import pandas as pd
import matplotlib
import matplotlib.pyplot as plt
import sklearn
import evalbook
ip = get_ipython()
def options(prefix, node):
    found = {}
    for key in dir(node):
        value = getattr(node, key)
        if type(value).__name__ == "DictWrapper":
            found.update(options(f"{prefix}{key}.", value))
        else:
            found[prefix + key] = repr(value)
    return found
json.dumps({
    "argv0": sys.argv[0],
    "cwd": os.getcwd(),
    "path": sys.path,
    "environment": sorted(os.environ),
    "pandas": options("", pd.options),
    "backend": matplotlib.get_backend(),
    "rc": sorted((key, repr(value)) for key, value in matplotlib.rcParams.items()),
    "numpy": repr(np.get_printoptions()),
    "sklearn": repr(sorted(sklearn.get_config().items())),
    "shell": type(ip).__name__,
    "formats": sorted(ip.display_formatter.active_types),
    "post_execute": sorted(f.__qualname__ for f in ip.events.callbacks["post_execute"]),
    # In the order the modules were imported: the kernel's own filters come after the
    # lesson's in a fork, before them in a kernel started from nothing. Each filter names
    # its own warning class or message, so the order does not change which one applies.
    "warnings": sorted(repr(f) for f in warnings.filters),
    "sigint": repr(signal.getsignal(signal.SIGINT)),
    "sigchld": repr(signal.getsignal(signal.SIGCHLD)),
    "comm_targets": sorted(ip.kernel.comm_manager.targets),
    "parent_handle": ip.kernel.parent.parent_handle if ip.kernel.parent else None,
})
"""


def _probe() -> str:
    """The probe, after importing every module the notebooks import (read from them here,
    not when pytest collects this file in every worker)."""
    return f"for module in {notebook_imports(NOTEBOOKS)!r}:\n    __import__(module)\n" + PROBE


def _start(folder: Path, argv: list[str]):
    """A kernel started by jupyter_client with the command ``argv``, as nbval starts one."""
    from jupyter_client.manager import KernelManager
    from nbval.kernel import CURRENT_ENV_KERNEL_NAME, NbvalKernelspecManager

    manager = KernelManager(
        kernel_name=CURRENT_ENV_KERNEL_NAME, kernel_spec_manager=NbvalKernelspecManager()
    )
    manager.kernel_spec.argv = argv  # the manager's own copy of the spec
    manager.start_kernel(cwd=str(folder))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    return manager, client


def _run(client, code: str, timeout: float = 60) -> list[dict]:
    messages = []
    reply = client.execute_interactive(
        code, timeout=timeout, output_hook=messages.append, allow_stdin=False
    )
    return [reply, *messages]


def _value(messages) -> dict:
    results = [m for m in messages if m["msg_type"] == "execute_result"]
    assert results, messages
    return json.loads(eval(results[0]["content"]["data"]["text/plain"]))


@pytest.fixture(scope="module")
def kernels(kernel_zygote, tmp_path_factory):
    """A kernel started from nothing and a forked one, both in the same empty folder."""
    folder = tmp_path_factory.mktemp("kernels")
    started = {
        "fresh": _start(folder, FROM_NOTHING),
        "forked": _start(folder, kernel_zygote.argv()),
    }
    yield started
    for manager, client in started.values():
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_the_forked_kernel_is_a_fork_of_the_zygote(kernels, kernel_zygote):
    _, client = kernels["forked"]
    messages = _run(client, "import os, json; json.dumps({'parent': os.getppid()})")
    assert _value(messages)["parent"] == kernel_zygote.pid
    _, client = kernels["fresh"]
    messages = _run(client, "import os, json; json.dumps({'parent': os.getppid()})")
    assert _value(messages)["parent"] == os.getpid()


def test_a_lesson_sees_the_same_kernel(kernels):
    probe = _probe()
    fresh = _value(_run(kernels["fresh"][1], probe))
    forked = _value(_run(kernels["forked"][1], probe))
    assert fresh["shell"] == "ZMQInteractiveShell"
    assert fresh["pandas"]["display.max_columns"] == "20"  # a kernel's, not a terminal's 0
    assert fresh["backend"] == "module://matplotlib_inline.backend_inline"
    for key in fresh:
        assert forked[key] == fresh[key], key


def test_a_figure_is_shown_by_the_forked_kernel(kernels):
    code = "import matplotlib.pyplot as plt\nplt.plot([0, 1], [1, 0]);"
    for name in ("fresh", "forked"):
        shown = [
            m
            for m in _run(kernels[name][1], code)
            if m["msg_type"] == "display_data" and "image/png" in m["content"]["data"]
        ]
        assert len(shown) == 1, name


def test_an_interrupt_reaches_the_forked_kernel(kernel_zygote, tmp_path):
    manager, client = _start(tmp_path, kernel_zygote.argv())
    try:
        message_id = client.execute("import time\ntime.sleep(60)")
        time.sleep(0.5)
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=30)  # not the 60 s of the sleep
        assert reply["parent_header"]["msg_id"] == message_id
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_killing_the_launcher_ends_the_forked_kernel(kernel_zygote, tmp_path):
    """nbval stops a kernel with SIGKILL, which the launcher cannot pass on."""
    manager, client = _start(tmp_path, kernel_zygote.argv())
    kernel = _value(_run(client, "import os, json; json.dumps({'pid': os.getpid()})"))["pid"]
    launcher = manager.provisioner.process.pid
    assert kernel != launcher
    client.stop_channels()
    manager.shutdown_kernel(now=True)
    assert _gone(launcher, 10)
    assert _gone(kernel, 10)


def test_without_a_zygote_the_launcher_starts_an_ordinary_kernel(tmp_path):
    script = str(SCRIPT)
    no_process = str(2**22 + 1)  # above Linux's largest pid_max
    argv = [sys.executable, script, "launch", str(tmp_path / "none"), no_process]
    manager, client = _start(tmp_path, [*argv, "-f", "{connection_file}"])
    try:
        value = _value(_run(client, "import os, json; json.dumps({'pid': os.getpid()})"))
        assert value["pid"] == manager.provisioner.process.pid  # the launcher became it
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _children_cpu(pid: int) -> float:
    """CPU seconds of the children process ``pid`` waited for (cutime + cstime)."""
    fields = forked_kernels.proc_stat(pid)
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_zygote_waits_for_its_kernels_so_their_cpu_time_is_counted(tmp_path):
    """Waited for, a kernel's CPU time reaches the zygote's children, then pytest's and
    make's (benchmarks/run.py reports it)."""
    zygote = forked_kernels.Zygote([])  # imports only ipykernel: well under a second
    try:
        manager, client = _start(tmp_path, zygote.argv())
        try:
            burn = "import time\nend = time.process_time() + 0.5\n"
            _run(client, burn + "while time.process_time() < end: pass")
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
        deadline = time.monotonic() + 10
        while _children_cpu(zygote.pid) < 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _children_cpu(zygote.pid) >= 0.5
    finally:
        zygote.stop()


def test_a_zygote_that_imports_ipywidgets_refuses_to_serve(tmp_path):
    """ipywidgets registers its comm targets when imported in a kernel: imported in the
    zygote, before any kernel, it would not, so the zygote stops and says why."""
    (tmp_path / "uses_widgets.py").write_text("import ipywidgets\n", encoding="utf-8")
    notebook = {"cells": [{"cell_type": "code", "source": ["import uses_widgets"]}]}
    (tmp_path / "n.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    address = tmp_path / "zygote"
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "serve", str(address), str(tmp_path / "n.ipynb")],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 1
    failed = (tmp_path / "zygote.failed").read_text(encoding="utf-8")
    assert failed == (
        "RuntimeError: the zygote imported ['ipywidgets']: add the module that imports them "
        "to IMPORTED_BY_THE_KERNEL\n"
    ), failed
    assert not address.exists()


class _StartingClient:
    """A kernel client whose kernel replies at once and has three messages on IOPub."""

    def __init__(self):
        self.iopub_reads, self.handled = 0, None

    def start_channels(self):
        pass

    def kernel_info(self):
        pass

    def get_shell_msg(self, timeout):
        return {"msg_type": "kernel_info_reply", "content": {"protocol_version": "5.3"}}

    def get_iopub_msg(self, timeout):
        import queue

        self.iopub_reads += 1
        if self.iopub_reads > 3:
            raise queue.Empty
        return {"msg_type": "status", "content": {"execution_state": "idle"}}

    def _handle_kernel_info_reply(self, reply):
        self.handled = reply


def test_a_kernel_is_ready_without_waiting_for_iopub_to_fall_silent(monkeypatch, tmp_path):
    """jupyter_client's wait_for_ready ends by reading IOPub until 0.2 s pass without a
    message; nbval's kernels start reading one message (IOPub is connected) and leave the
    others, which nbval skips, to be read."""
    import nbval.kernel
    from nbval.kernel import CURRENT_ENV_KERNEL_NAME

    client = _StartingClient()

    class Manager:
        def __init__(self, **_):
            pass

        def start_kernel(self, **_):
            pass

        def client(self):
            return client

    with monkeypatch.context() as patch:
        patch.setattr(nbval.kernel, "KernelManager", Manager)
        forked_kernels.start_new_kernel(kernel_name=CURRENT_ENV_KERNEL_NAME)
    assert client.iopub_reads == 1
    assert client.handled["msg_type"] == "kernel_info_reply"
    # and a real kernel started so answers
    manager, real = forked_kernels.start_new_kernel(
        kernel_name=CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path)
    )
    try:
        assert _value(_run(real, "import json; json.dumps({'sum': 1 + 1})")) == {"sum": 2}
    finally:
        real.stop_channels()
        manager.shutdown_kernel(now=True)


def _nbvals_own(monkeypatch) -> None:
    """Give nbval back its own kernel spec and kernel start (make test's session has
    already pointed them at its zygote); monkeypatch puts the session's back afterwards."""
    from nbval import kernel

    manager = kernel.NbvalKernelspecManager
    monkeypatch.setattr(manager, "get_kernel_spec", inspect.unwrap(manager.get_kernel_spec))
    monkeypatch.setattr(kernel, "start_new_kernel", inspect.unwrap(kernel.start_new_kernel))


class _Options:
    """A pytest config as ``install`` reads it: ``make test``'s nbval options."""

    def getoption(self, name, default=None):
        return name in ("nbval", "nbval_current_env") or default


@pytest.mark.parametrize(
    ("fresh", "fork", "installed"), [("", True, True), ("1", True, False), ("", False, False)]
)
def test_forking_is_used_unless_turned_off_or_impossible(monkeypatch, fresh, fork, installed):
    from nbval import kernel

    monkeypatch.setenv("EVALBOOK_FRESH_KERNELS", fresh)
    _nbvals_own(monkeypatch)
    if not fork:
        monkeypatch.delattr(os, "fork")
    zygote = forked_kernels.install(_Options())
    try:
        assert (zygote is not None) == installed
        spec = kernel.NbvalKernelspecManager().get_kernel_spec(kernel.CURRENT_ENV_KERNEL_NAME)
        assert (spec.argv[2] == "launch") == installed, spec.argv
        assert (kernel.start_new_kernel is forked_kernels.start_new_kernel) == installed
    finally:
        if zygote is not None:
            zygote.stop()


class _Worker(_Options):
    """A pytest-xdist worker's config: its controller's zygote in ``workerinput``."""

    workerinput: ClassVar[dict] = {
        forked_kernels.WORKER_INPUT: {"address": "/run/zygote", "pid": 4321}
    }


def test_a_worker_forks_from_its_controllers_zygote(monkeypatch):
    """The workers of `make test` share one zygote: none of them starts its own."""
    from nbval import kernel

    _nbvals_own(monkeypatch)
    zygote = forked_kernels.install(_Worker())
    assert zygote.process is None
    assert zygote.pid == 4321
    spec = kernel.NbvalKernelspecManager().get_kernel_spec(kernel.CURRENT_ENV_KERNEL_NAME)
    assert spec.argv[2:] == ["launch", "/run/zygote", "4321", "-f", "{connection_file}"]
    zygote.stop()  # its owner's to stop: nothing happens


def test_the_zygote_imports_what_the_notebooks_import(tmp_path):
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["import not_code"]},
            {
                "cell_type": "code",
                "source": [
                    "%matplotlib inline\n",
                    "import numpy as np\n",
                    "from sklearn.tree import X\n",
                    "from . import y",
                ],
            },
            {"cell_type": "code", "source": ["def broken(:"]},
        ]
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert notebook_imports([path]) == ["numpy", "sklearn.tree"]
