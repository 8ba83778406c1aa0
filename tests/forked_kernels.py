"""nbval's kernels, forked from one warm Python instead of started from nothing.

nbval runs each notebook in a new kernel. Started from nothing, a kernel spends about 3 s of
CPU before the lesson's first line: Python imports ipykernel, then the setup cell imports
numpy, pandas, matplotlib, scipy and scikit-learn, and that for each of the 24 notebooks.
Here one *zygote* process imports ipykernel and every module the notebooks import, once
per test session (the pytest-xdist workers share it), and each kernel is a fork of it. A
notebook still runs in a process of its own, with an empty namespace and the environment,
folder and standard streams jupyter_client gave it; only the modules' code is already
loaded.

The zygote imports as a kernel would (``get_ipython`` among the builtins, UTF-8 streams
that are not a terminal), and hands each child the environment variables those imports
set. Modules that hook into the running kernel when imported (``IMPORTED_BY_THE_KERNEL``)
are left for each kernel to import. ``tests/test_forked_kernels.py`` compares what a lesson
can see in a forked kernel and in one started from nothing; nbval compares the outputs with
the ones ``make notebooks`` stored from kernels started from nothing.

Three processes take part:

- the **zygote** (``serve``) imports, listens on a Unix socket and forks one child per
  request. It imports with ``MPLBACKEND`` set to the inline backend, as ipykernel sets it
  before any user code; it waits for its children (so their CPU time is counted in
  pytest's), and exits on SIGTERM or when the pytest process that started it goes away.
  That process is pytest-xdist's controller in `make test`: it starts the zygote when it
  starts, so the imports run while the workers collect, and hands it to the workers;
- the **launcher** (``launch``, the kernel spec's command) is what jupyter_client starts,
  watches, signals and kills. It hands the zygote its folder, environment and standard
  streams, forwards SIGINT and SIGTERM to the child, and exits with it. When no zygote
  answers it becomes an ordinary kernel (``exec``), so a failed zygote costs time, never
  a test;
- the **child** takes the launcher's folder, environment and streams, runs ipykernel, and
  exits when the launcher's end of the socket closes (jupyter_client stops a kernel under
  nbval with SIGKILL, which the launcher cannot forward).

``install(config)`` (called by ``tests/conftest.py``) points nbval's current-environment
kernel at the launcher, and has nbval start its kernels without jupyter_client's closing
0.2 s wait for IOPub to fall silent (``start_new_kernel``). The browser tests' JupyterLab
gets a kernel spec with the launcher's command too. ``EVALBOOK_FRESH_KERNELS=1`` turns all
of this off.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import io
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import ClassVar

#: The inline backend ipykernel sets before any user code runs (ipykernel/kernelapp.py).
INLINE_BACKEND = "module://matplotlib_inline.backend_inline"
#: What a kernel imports before the notebook's first cell, beyond the notebooks' imports.
KERNEL_MODULES = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "IPython.core.completer",
    # imported as the kernel initialises (its debugger, history, extensions): ~0.1 s each
    "ipykernel.debugger",
    "IPython.core.completerlib",
    "IPython.extensions.storemagic",
    "sqlite3",
    "tornado.platform.asyncio",
    "tornado.queues",
)
#: Modules that hook into the running kernel when imported (ipywidgets registers its comm
#: targets, tqdm.auto picks its notebook bar), and the notebooks' modules that import them.
#: The zygote has no kernel yet, so it leaves them for each kernel to import.
IMPORTED_BY_THE_KERNEL = ("ipywidgets", "tqdm", "evalbook.widgets")
#: How long a launcher waits for the zygote's imports before starting a kernel itself.
READY_TIMEOUT = 60.0
_HEADER = struct.Struct("!I")
_PID = struct.Struct("!q")
_ROOT = Path(__file__).resolve().parent.parent
#: The notebooks nbval runs in `make test`: the zygote imports what they import.
NOTEBOOKS = sorted(_ROOT.glob("notebooks/*.ipynb")) + sorted(
    _ROOT.glob("exercises/solucoes/*.ipynb")
)
#: ``sys.argv[0]`` of a kernel started from nothing (set in the zygote).
_KERNEL_LAUNCHER = "ipykernel_launcher.py"


# ----------------------------------------------------------------------------- the zygote
def notebook_imports(paths) -> list[str]:
    """Every module a code cell of the notebooks imports (``import a.b``, ``from a.b import``)."""
    modules = set()
    for path in paths:
        for cell in json.loads(Path(path).read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            code = "\n".join(
                line for line in source.splitlines() if not line.startswith(("%", "!"))
            )
            try:
                tree = ast.parse(code)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    modules.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules.add(node.module)
    return sorted(modules)


class _KernelShell:
    """What ``get_ipython()`` looks like to a module imported in a kernel: a shell with a
    kernel (pandas, for one, chooses its display defaults by this at import)."""

    kernel = True
    config: ClassVar[dict] = {"IPKernelApp": {}}


class _KernelStream(io.StringIO):
    """What ``sys.stdout`` looks like to a module imported in a kernel: ipykernel's
    ``OutStream``, not a terminal, in UTF-8 (pandas reads the encoding at import)."""

    encoding = "UTF-8"


def _preload(modules) -> None:
    """Import ``modules`` as a kernel would: with ``get_ipython`` among the builtins and
    ipykernel's streams as ``sys.stdout`` and ``sys.stderr``, as a kernel has them before
    any user code runs."""
    streams = sys.stdout, sys.stderr
    builtins.get_ipython = _KernelShell
    sys.stdout, sys.stderr = _KernelStream(), _KernelStream()
    try:
        for module in modules:
            _import(module)
    finally:
        del builtins.get_ipython
        sys.stdout, sys.stderr = streams


def _imported_by_the_kernel(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in IMPORTED_BY_THE_KERNEL)


def _import(module: str) -> None:
    if _imported_by_the_kernel(module):
        return
    with contextlib.suppress(Exception):  # the notebook that imports it fails there
        __import__(module)


def _receive(conn: socket.socket) -> tuple[dict, list[int]]:
    data, fds, _flags, _address = socket.recv_fds(conn, 1 << 16, 3)
    while len(data) < _HEADER.size or len(data) < _HEADER.size + _HEADER.unpack_from(data)[0]:
        more = conn.recv(1 << 16)
        if not more:
            raise ConnectionError("the launcher closed the connection mid-request")
        data += more
    return json.loads(data[_HEADER.size :]), fds


def _become_kernel(
    conn: socket.socket, request: dict, fds: list[int], set_by_imports: dict[str, str]
) -> None:
    """In the forked child: take the launcher's streams, folder and environment, run
    ipykernel, and never return to the zygote's loop."""
    code = 1
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.environ.update(set_by_imports)
        sys.argv = [_KERNEL_LAUNCHER, *request["argv"]]

        def exit_with_launcher() -> None:
            while conn.recv(1):
                pass
            os._exit(1)

        threading.Thread(target=exit_with_launcher, name="launcher-watch", daemon=True).start()
        from ipykernel import kernelapp

        # Its default was read from the environment when ipykernel was imported (in the
        # zygote): read it again, as a kernel started from nothing does.
        kernelapp.IPKernelApp.instance(parent_handle=int(os.environ.get("JPY_PARENT_PID") or 0))
        code = 0
        kernelapp.launch_new_instance()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        import atexit

        atexit._run_exitfuncs()
        _exit_now(code)


def _exit_now(code: int) -> None:
    """Exit without tearing down the imported modules (numpy, pandas, scikit-learn: ~0.3 s
    that nothing needs): only the standard streams' buffers are written first."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # exiting anyway
            stream.flush()
    os._exit(code)


def _prepare(notebooks) -> dict[str, str]:
    """Import what the kernels and the notebooks import; the environment variables the
    imports set."""
    global _KERNEL_LAUNCHER
    import importlib.util

    _KERNEL_LAUNCHER = importlib.util.find_spec("ipykernel_launcher").origin
    os.environ["MPLBACKEND"] = INLINE_BACKEND
    os.environ.pop("JPY_PARENT_PID", None)
    before = dict(os.environ)
    _preload(KERNEL_MODULES + tuple(notebook_imports(notebooks)))
    hooked = [name for name in IMPORTED_BY_THE_KERNEL if name in sys.modules]
    if hooked:
        raise RuntimeError(
            f"the zygote imported {hooked}: add the module that imports them to "
            "IMPORTED_BY_THE_KERNEL"
        )
    # What the imports set (scikit-learn sets KMP_DUPLICATE_LIB_OK, for one): a kernel that
    # imports them itself has these too, so each child gets them over the launcher's.
    return {k: v for k, v in os.environ.items() if before.get(k) != v}


def serve(address: str, notebooks) -> None:
    """Import, then fork a kernel for every launcher that connects to ``address``; if the
    imports fail, say why in ``<address>.failed`` (the launchers then start kernels from
    nothing, and tests/test_forked_kernels.py fails)."""
    parent = os.getppid()
    try:
        set_by_imports = _prepare(notebooks)
    except BaseException as error:
        Path(f"{address}.failed").write_text(f"{type(error).__name__}: {error}\n")
        raise
    signal.signal(signal.SIGTERM, _stop)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    partial = f"{address}.{os.getpid()}"
    listener.bind(partial)
    listener.listen(8)
    os.rename(partial, address)  # the address appears only once the zygote is ready
    listener.settimeout(1.0)
    try:
        while os.getppid() == parent:
            _reap()
            _serve_one(listener, set_by_imports)
    except SystemExit:
        pass
    finally:
        _reap(wait=True)
    _exit_now(0)  # pytest waits for the zygote to exit when it stops it


def _stop(_signum, _frame) -> None:
    raise SystemExit(0)


def _reap(*, wait: bool = False) -> None:
    """Collect the kernels that exited (``wait``: all of them). Waited for, their CPU time
    counts in the zygote's children, and so in pytest's and make's (benchmarks/run.py reads
    it)."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, 0 if wait else os.WNOHANG)[0]:
            pass


def _serve_one(listener: socket.socket, set_by_imports: dict[str, str]) -> None:
    """Fork a kernel for the next launcher that connects, if one does within a second."""
    try:
        conn, _ = listener.accept()
    except TimeoutError:
        return
    conn.settimeout(None)
    try:
        request, fds = _receive(conn)
    except (OSError, ValueError):
        conn.close()
        return
    pid = os.fork()
    if pid == 0:
        listener.close()
        _become_kernel(conn, request, fds, set_by_imports)
    for fd in fds:
        os.close(fd)
    with contextlib.suppress(OSError):  # the launcher is gone; so will the child be
        conn.sendall(_PID.pack(pid))
    conn.close()


# --------------------------------------------------------------------------- the launcher
def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zygote that exited stays a zombie until reaped)."""
    if not os.path.isdir("/proc/self"):  # no procfs: a zombie counts as running
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    try:
        state = proc_stat(pid)[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def proc_stat(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name: the state first, then
    parent, ..., utime, stime, cutime, cstime at 11-14 (``man 5 proc``, fields 3 on)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def launch(address: str, zygote: int, argv: list[str]) -> None:
    """Run as the kernel process jupyter_client sees: a forked kernel if the zygote answers,
    otherwise an ordinary ``python -m ipykernel_launcher``."""
    deadline = time.monotonic() + READY_TIMEOUT
    failed = f"{address}.failed"
    while (
        not os.path.exists(address)
        and not os.path.exists(failed)
        and _alive(zygote)
        and time.monotonic() < deadline
    ):
        time.sleep(0.02)  # the first kernels wait while the zygote imports
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(address)
        payload = json.dumps({"cwd": os.getcwd(), "env": dict(os.environ), "argv": argv}).encode()
        socket.send_fds(sock, [_HEADER.pack(len(payload)) + payload], [0, 1, 2])
        reply = b""
        while len(reply) < _PID.size:
            more = sock.recv(_PID.size - len(reply))
            if not more:
                raise ConnectionError("the zygote closed the connection")
            reply += more
    except OSError:
        os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", *argv])
    child = _PID.unpack(reply)[0]

    def forward(signum, _frame) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, forward)
    while sock.recv(1):  # the child's end closes when it exits
        pass
    sys.exit(0)


# ----------------------------------------------------------------------- the pytest side
class Zygote:
    """The zygote of a test session: started by the pytest process that runs the session
    (under pytest-xdist, the controller, before its workers exist), so that it imports
    while the workers collect; each worker uses it through ``Zygote(shared=...)``."""

    def __init__(self, notebooks=(), *, shared: dict | None = None) -> None:
        """A zygote importing what ``notebooks`` import, or (``shared``, another zygote's
        ``shared()``) the zygote another process started, which ``stop`` leaves running."""
        self.notebooks = [str(path) for path in notebooks]
        self.process: subprocess.Popen | None = None
        self._shared_pid = None if shared is None else int(shared["pid"])
        self.folder = None if shared else tempfile.mkdtemp(prefix="evalbook-kernels-")
        self.address = shared["address"] if shared else os.path.join(self.folder, "zygote")

    def start(self) -> Zygote:
        """Start importing now (``argv`` starts it otherwise, for the first kernel)."""
        if self.process is None and self._shared_pid is None:
            self.process = subprocess.Popen(
                [sys.executable, __file__, "serve", self.address, *self.notebooks],
                stdin=subprocess.DEVNULL,
                cwd=_ROOT,
            )
        return self

    @property
    def pid(self) -> int:
        return self._shared_pid if self._shared_pid is not None else self.start().process.pid

    def shared(self) -> dict:
        """What a pytest-xdist worker needs to use this zygote: ``Zygote(shared=...)``."""
        return {"address": self.address, "pid": self.pid}

    def argv(self) -> list[str]:
        """The kernel spec's command, started by jupyter_client for each notebook."""
        pid = str(self.pid)
        return [sys.executable, __file__, "launch", self.address, pid, "-f", "{connection_file}"]

    def stop(self) -> None:
        if self._shared_pid is not None:  # another process's: its owner stops it
            return
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        for name in os.listdir(self.folder):
            os.unlink(os.path.join(self.folder, name))
        os.rmdir(self.folder)


#: Key of pytest-xdist's ``workerinput`` under which the controller passes its zygote.
WORKER_INPUT = "evalbook_kernel_zygote"


def install(config) -> Zygote | None:
    """Point nbval's current-environment kernel at the launcher (unless
    ``EVALBOOK_FRESH_KERNELS`` is set, nbval is not in use, or the system cannot fork and
    pass file descriptors over a Unix socket, as Windows cannot). A pytest-xdist worker
    uses its controller's zygote; any other pytest process starts one."""
    if os.environ.get("EVALBOOK_FRESH_KERNELS", "") not in ("", "0"):
        return None
    if not (hasattr(os, "fork") and hasattr(socket, "send_fds")):
        return None
    nbval = config.getoption("nbval", False) or config.getoption("nbval_lax", False)
    if not (nbval and config.getoption("nbval_current_env", False)):
        return None
    from nbval import kernel

    shared = getattr(config, "workerinput", {}).get(WORKER_INPUT)
    zygote = Zygote(shared=shared) if shared else Zygote(NOTEBOOKS).start()
    # Each wraps nbval's own function, never an earlier install's (inspect.unwrap).
    original = inspect.unwrap(kernel.NbvalKernelspecManager.get_kernel_spec)

    def get_kernel_spec(self, kernel_name):
        spec = original(self, kernel_name)
        if kernel_name == kernel.CURRENT_ENV_KERNEL_NAME:
            spec.argv = zygote.argv()
        return spec

    get_kernel_spec.__wrapped__ = original
    kernel.NbvalKernelspecManager.get_kernel_spec = get_kernel_spec
    start_new_kernel.__wrapped__ = inspect.unwrap(kernel.start_new_kernel)
    kernel.start_new_kernel = start_new_kernel
    return zygote


def start_new_kernel(startup_timeout=60, kernel_name="python", **kwargs):
    """nbval's ``start_new_kernel``, without the 0.2 s that jupyter_client's
    ``wait_for_ready`` ends with, waiting for IOPub to fall silent. nbval asks for the
    kernel's info again right after (``RunningKernel._ensure_iopub_up``) and reads IOPub up
    to that request's own ``idle``, and each cell skips the messages of other requests: the
    start-up messages left on IOPub are skipped, as the drained ones would have been."""
    import queue

    from nbval.kernel import KernelManager, NbvalKernelspecManager

    manager = KernelManager(kernel_name=kernel_name, kernel_spec_manager=NbvalKernelspecManager())
    manager.start_kernel(**kwargs)
    client = manager.client()
    client.start_channels()
    deadline = time.monotonic() + startup_timeout
    while True:  # as KernelClient.wait_for_ready
        client.kernel_info()
        try:
            reply = client.get_shell_msg(timeout=1)
            if reply["msg_type"] == "kernel_info_reply":
                client.get_iopub_msg(timeout=0.2)  # IOPub is connected once a message comes
                client._handle_kernel_info_reply(reply)
                return manager, client
        except queue.Empty:
            pass
        problem = (
            "the kernel died before replying to kernel_info"
            if not manager.is_alive()
            else f"the kernel did not reply to kernel_info in {startup_timeout} s"
            if time.monotonic() > deadline
            else None
        )
        if problem:
            client.stop_channels()
            manager.shutdown_kernel()
            raise RuntimeError(problem)


if __name__ == "__main__":
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        del sys.path[0]  # tests/ is not a package the kernels should import from
    role, address, *rest = sys.argv[1:]
    if role == "serve":
        serve(address, rest)
    else:
        launch(address, int(rest[0]), rest[1:])
