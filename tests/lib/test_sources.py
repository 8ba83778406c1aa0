"""The library cites books and papers, never the course's handouts.

A library docstring names the source a function implements (a book and its chapter, a paper
in a References section); the handouts are the course's texts, cited by the lessons and the
exercises. This walks every file under ``evalbook/`` as ``grep -ri handout evalbook/`` would.
"""

from __future__ import annotations

from pathlib import Path

import evalbook

LIBRARY = Path(evalbook.__file__).parent


def _mentions(root: Path, word: str) -> list[str]:
    """``path:line`` of every line of a text file under ``root`` that contains ``word``
    (case-insensitive); compiled files and binary files are skipped."""
    found = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if word in line.lower():
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_library_file_mentions_a_handout():
    assert _mentions(LIBRARY, "handout") == []


def test_the_walk_finds_a_mention_in_any_text_file(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "module.py").write_text('"""See Handout 000, eq. (4)."""\n')
    (tmp_path / "pkg" / "labels.json").write_text('{"note": "como no HANDOUT"}\n')
    (tmp_path / "pkg" / "data.bin").write_bytes(b"\xff\xfe handout")
    assert _mentions(tmp_path, "handout") == [
        'pkg/labels.json:1: {"note": "como no HANDOUT"}',
        'pkg/module.py:1: """See Handout 000, eq. (4)."""',
    ]
