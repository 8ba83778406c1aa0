"""Every lesson follows the workbook's conventions (CONTRIBUTING.md, "Lessons").

nbval checks that the stored outputs come out again; these tests check the shape of the
lessons themselves: how they open and close, and that their stored outputs are clean.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
STORED = LESSONS + sorted((ROOT / "exercises" / "solucoes").glob("*.ipynb"))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def test_there_are_lessons():
    assert len(LESSONS) >= 2


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_opens_with_title_sources_and_goals(path):
    first = _cells(path)[0]
    assert first["cell_type"] == "markdown"
    text = _text(first)
    number = path.stem.split("_")[0]
    assert re.match(rf"# {number}\b", text), "the title starts with the lesson number"
    assert "handout" in text.lower(), "the first cell says which handouts the lesson follows"
    assert re.search(r"^\s*[-*\d]", text, re.M), "the first cell lists what the student will do"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_has_one_setup_cell(path):
    cells = _cells(path)
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    assert cells[1] is code[0], "the second cell is the setup cell"
    setup = _text(code[0])
    assert re.search(r"^\s*import evalbook|^\s*from evalbook", setup, re.M)
    assert "SEED" in setup, "the setup cell fixes the seed"
    for cell in code[1:]:
        assert not re.search(r"^\s*(import|from)\s+\w", _text(cell), re.M), (
            f"an import outside the setup cell: {_text(cell)[:60]!r}"
        )


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_closes_with_summary_and_its_exercises(path):
    markdown = [_text(c) for c in _cells(path) if c["cell_type"] == "markdown"]
    tail = "\n".join(markdown[-2:])
    assert "## Resumo" in tail
    link = f"../exercises/{path.stem}.ipynb"
    assert link in tail, f"the lesson ends pointing to {link}"
    assert (ROOT / "exercises" / f"{path.stem}.ipynb").is_file()


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_stored_outputs_are_clean_and_in_order(path):
    code = [cell for cell in _cells(path) if cell["cell_type"] == "code"]
    assert [cell["execution_count"] for cell in code] == list(range(1, len(code) + 1))
    for cell in code:
        tags = set(cell.get("metadata", {}).get("tags", []))
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error" or tags & {"raises-exception"}
            assert not (output["output_type"] == "stream" and output["name"] == "stderr"), (
                f"stderr stored in {path.name}: {''.join(output['text'])[:80]!r}"
            )
            assert not re.search(r"/(work|tmp|root|home)/", json.dumps(output)), (
                f"a machine path stored in {path.name}"
            )
