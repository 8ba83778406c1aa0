"""The record of one set on disk: the versioned document, its atomic write, its checked read.

One document per set and student, the same for the progress file kept beside the exercise
notebook (``progresso_NN.json``) and for :func:`~evalbook.exercises.export_progress`'s JSON.
Its format is documented by the JSON Schema ``export.schema.json`` (package data, next to
this module) and versioned by ``format_version``; a SHA-256 of the canonical text of every
other field (``sha256``) tells a document written by the checker from one edited by hand or
cut short.

Nothing is sent anywhere: the file stays on the student's computer until they hand it in.

Writing is atomic (a temporary file in the same folder, flushed and ``fsync``-ed, then
``os.replace``): a kernel killed in the middle of a write leaves the previous document or
the new one, never half of one (and the next writer removes the temporary it left). Writers
of one file take its lock (:func:`locked`, an operating-system lock on a hidden file beside
it, released by the system if the kernel dies), so two kernels saving one set take turns.
Every JSON file the engine reads goes through :func:`read_json`: a regular file of at most
:data:`MAX_BYTES`, nested at most :data:`MAX_DEPTH` deep, integers of at most
:data:`MAX_DIGITS` digits. What is wrong with a document is said in the display language
(a :class:`DocumentError`'s message).

Version 2 of the format adds ``student_id`` (the roster's number, or the variant when the
roster has none) and, per item, the options chosen in a multiple-choice item
(``choices``); a version-1 document is still read (``student_id`` None, no choices).
CSV cells that a spreadsheet would read as a formula are escaped (:func:`safe_cell`).

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> document = seal({"format": FORMAT, "format_version": FORMAT_VERSION, "set": "01",
...     "variant": None, "student": "Ana", "student_id": "2024001", "evalbook_version": "0",
...     "created": "", "saved": "", "items": []})
>>> path = write_atomic(folder / "progresso_01.json", document)
>>> read_document(path)["student"]
'Ana'
>>> _ = path.write_text(path.read_text().replace("Ana", "Bia"))
>>> read_document(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
evalbook.exercises.store.DocumentError: was edited by hand or damaged (the checksum ...)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
import time
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path

from evalbook._core.messages import gettext

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "READ_VERSIONS",
    "DocumentError",
    "clean_temporaries",
    "locked",
    "read_document",
    "read_json",
    "safe_cell",
    "schema",
    "seal",
    "set_aside",
    "write_atomic",
]

#: The ``format`` field of every document.
FORMAT = "evalbook-exercises"
#: The version of the format this evalbook writes.
FORMAT_VERSION = 2
#: The versions it reads (a version-1 document has no ``student_id`` and no ``choices``).
READ_VERSIONS = (1, 2)
#: The largest JSON file read (a record of a set is a few kilobytes).
MAX_BYTES = 2_000_000
#: The deepest nesting of arrays and objects read (a record nests 5 deep).
MAX_DEPTH = 12
#: The most digits of an integer read (a count, a variant, a student number).
MAX_DIGITS = 40
#: How long a writer waits for another kernel's lock on the same file (seconds).
LOCK_TIMEOUT = 30.0


class DocumentError(ValueError):
    """A file is not a sound record of this format; the message (Portuguese) says why."""


def _canonical(document: dict) -> bytes:
    body = {key: value for key, value in document.items() if key != "sha256"}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def seal(document: dict) -> dict:
    """``document`` with its ``sha256`` field (of every other field, canonical JSON)."""
    return {**document, "sha256": hashlib.sha256(_canonical(document)).hexdigest()}


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise DocumentError(
            gettext("holds an integer of {digits} digits (at most {most} are read)").format(
                digits=len(text.lstrip("-")), most=MAX_DIGITS
            )
        )
    return int(text)


def _depth(value) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
    return deepest


def read_json(path, *, max_bytes: int = MAX_BYTES):
    """The JSON value in the file ``path``, read within limits; a :class:`DocumentError`
    (display language) for a file that is not a regular file, too large, not UTF-8, not JSON,
    nested deeper than :data:`MAX_DEPTH` or with an integer longer than :data:`MAX_DIGITS`.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> bomb = pathlib.Path(tempfile.mkdtemp()) / "bomb.json"
    >>> _ = bomb.write_text("[" * 100_000 + "]" * 100_000)
    >>> read_json(bomb)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evalbook.exercises.store.DocumentError: is nested too deep ...
    """
    path = Path(path)
    status = os.stat(path)  # follows a link: a link to /dev/zero is a device
    if not stat.S_ISREG(status.st_mode):
        raise DocumentError(gettext("is not a regular file (a device, a folder, a pipe)"))
    too_large = gettext("is too large ({size} bytes; a record has at most {most})")
    if status.st_size > max_bytes:
        raise DocumentError(too_large.format(size=status.st_size, most=max_bytes))
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise DocumentError(too_large.format(size=f"> {max_bytes}", most=max_bytes))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DocumentError(
            gettext("is not a UTF-8 text (a damaged file, or another program's)")
        ) from None
    deep = gettext("is nested too deep (more than {most} levels)").format(most=MAX_DEPTH)
    try:
        value = json.loads(text, parse_int=_bounded_int)
    except RecursionError:
        raise DocumentError(deep) from None
    except (json.JSONDecodeError, ValueError) as error:
        if isinstance(error, DocumentError):
            raise
        raise DocumentError(gettext("is not valid JSON (a damaged or truncated file)")) from None
    if _depth(value) > MAX_DEPTH:
        raise DocumentError(deep)
    return value


def safe_cell(value):
    """A CSV cell that no spreadsheet reads as a formula (OWASP's rule): a text starting
    with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``.

    Examples
    --------
    >>> print(safe_cell('=HYPERLINK("http://evil.example")'))
    '=HYPERLINK("http://evil.example")
    >>> safe_cell("Ana"), safe_cell("-1"), safe_cell(-1.5)
    ('Ana', "'-1", -1.5)
    """
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


@contextlib.contextmanager
def locked(path, *, timeout: float = LOCK_TIMEOUT):
    """Hold the lock of ``path`` (a hidden ``.<name>.lock`` beside it) while the block runs.

    An operating-system lock (``fcntl.flock``; ``msvcrt.locking`` on Windows), so a killed
    kernel's lock is released by the system. A TimeoutError after ``timeout`` seconds.
    """
    path = Path(path)
    lock = path.with_name(f".{path.name}.lock")
    handle = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        waited = 0.0
        while not _try_lock(handle):
            if waited >= timeout:
                raise TimeoutError(f"the lock {lock} is held by another process")
            time.sleep(0.01)
            waited += 0.01
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        os.close(handle)


try:
    import fcntl
except ImportError:  # Windows
    fcntl = None


def _try_lock(handle: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    import msvcrt

    try:
        msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _unlock(handle: int) -> None:
    if fcntl is not None:
        fcntl.flock(handle, fcntl.LOCK_UN)
    else:
        import msvcrt

        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)


def clean_temporaries(path) -> list[Path]:
    """Remove the temporary files a killed writer of ``path`` left (call it holding the lock)."""
    path = Path(path)
    removed = []
    for temporary in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            temporary.unlink()
            removed.append(temporary)
    return removed


@cache
def schema() -> dict:
    """The JSON Schema of the document (``export.schema.json``, shipped with the package)."""
    text = resources.files("evalbook.exercises").joinpath("export.schema.json").read_text("utf-8")
    return json.loads(text)


@cache
def _validator():
    import jsonschema

    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


def write_atomic(path, document: dict) -> Path:
    """Write ``document`` as JSON to ``path`` atomically (temporary file, fsync, replace)."""
    path = Path(path)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable where the platform allows it
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return path
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)
    return path


def read_document(path) -> dict:
    """The document in ``path``, checked; a :class:`DocumentError` (Portuguese) if unsound.

    Checks, in order: readable UTF-8 JSON; an object of this format; this format's version;
    the structure (the JSON Schema); the SHA-256 (a hand-edited or damaged file).
    """
    document = read_json(path)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DocumentError(gettext("is not a progress file of evalbook"))
    version = document.get("format_version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise DocumentError(
            gettext(
                "is in version {version} of the format; this evalbook reads version {ours}"
            ).format(version=repr(version), ours=" / ".join(map(str, READ_VERSIONS)))
        )
    error = next(iter(_validator().iter_errors(document)), None)
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or gettext("root")
        raise DocumentError(
            gettext("does not follow the format (at {where}: {error})").format(
                where=where, error=error.message
            )
        )
    if document["sha256"] != hashlib.sha256(_canonical(document)).hexdigest():
        raise DocumentError(gettext("was edited by hand or damaged (the checksum does not match)"))
    if version == 1:  # read as version 2: no student id, no options recorded
        items = [{**row, "choices": []} for row in document["items"]]
        document = {**document, "student_id": None, "items": items}
    return document


def set_aside(path, reason: str) -> Path:
    """Rename ``path`` to ``<name>.<reason>-<UTC time>`` beside it (never overwriting)."""
    path = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.{reason}-{stamp}-{counter}")
    os.replace(path, target)
    return target
