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
the new one, never half of one. What is wrong with a document is said in the display
language (a :class:`DocumentError`'s message).

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> document = seal({"format": FORMAT, "format_version": FORMAT_VERSION, "set": "01",
...     "variant": None, "student": "Ana", "evalbook_version": "0", "created": "", "saved": "",
...     "items": []})
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

import hashlib
import json
import os
import tempfile
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path

from evalbook._core.messages import gettext

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "DocumentError",
    "read_document",
    "schema",
    "seal",
    "set_aside",
    "write_atomic",
]

#: The ``format`` field of every document.
FORMAT = "evalbook-exercises"
#: The version of the format this evalbook writes and reads.
FORMAT_VERSION = 1


class DocumentError(ValueError):
    """A file is not a sound record of this format; the message (Portuguese) says why."""


def _canonical(document: dict) -> bytes:
    body = {key: value for key, value in document.items() if key != "sha256"}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def seal(document: dict) -> dict:
    """``document`` with its ``sha256`` field (of every other field, canonical JSON)."""
    return {**document, "sha256": hashlib.sha256(_canonical(document)).hexdigest()}


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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DocumentError(
            gettext("is not a UTF-8 text (a damaged file, or another program's)")
        ) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError:
        raise DocumentError(gettext("is not valid JSON (a damaged or truncated file)")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DocumentError(gettext("is not a progress file of evalbook"))
    version = document.get("format_version")
    if version != FORMAT_VERSION:
        raise DocumentError(
            gettext(
                "is in version {version} of the format; this evalbook reads version {ours}"
            ).format(version=repr(version), ours=FORMAT_VERSION)
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
