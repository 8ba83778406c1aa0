"""The static pictures that stand in for the lessons' widgets in the book and the handouts
(``book/static_widgets.py``), on small notebooks made here and on the lessons themselves."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def static_widgets():
    spec = importlib.util.spec_from_file_location(
        "static_widgets", ROOT / "book" / "static_widgets.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(*cells):
    """A notebook of code cells ``(source, stored text/plain or None)``; a stored repr is
    stored as a widget output, as a lesson run with no widget state keeps it."""
    nb = nbformat.v4.new_notebook()
    for source, plain in cells:
        cell = nbformat.v4.new_code_cell(source)
        if plain is not None:
            data = {WIDGET: {"model_id": "x", "version_major": 2}, "text/plain": plain}
            cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
        nb.cells.append(cell)
    return nb


def test_the_cells_run_are_the_setup_and_those_defining_what_the_explorer_reads(static_widgets):
    nb = _notebook(
        ("import evalbook\nfrom evalbook.widgets import CountsExplorer", None),
        ("tp = 1", None),
        ("unused = 1 / 0", None),  # never run: the explorer does not read it
        ("n = tp + 5\ntp = 6", None),
        ("fn = n - 3", None),
        ("CountsExplorer(tp=tp, fn=fn)", None),
    )
    assert static_widgets.cells_to_run(nb, 5) == [0, 3, 4]


def test_an_explorer_becomes_its_html_with_the_interactive_note(static_widgets):
    nb = _notebook(
        ("from evalbook.widgets import CountsExplorer", None),
        ("tp = 7", None),
        ("CountsExplorer(tp=tp, fn=1, fp=2, tn=9)", "CountsExplorer(tp=7, fn=1, fp=2, tn=9)"),
    )
    counts = static_widgets.replace_widgets(nb, "test.ipynb")
    assert counts == {"explorer": 1, "guess": 0, "progress": 0}
    (output,) = nb.cells[2].outputs
    assert WIDGET not in output.data
    html = output.data["text/html"]
    assert "interativo no JupyterLab" in html
    assert ">7<" in html.replace(" ", "")  # the explorer's own table shows tp = 7
    assert output.data["text/plain"] == "CountsExplorer(tp=7, fn=1, fp=2, tn=9)"


def test_an_explorer_rebuilt_in_another_state_than_stored_stops_the_build(static_widgets):
    nb = _notebook(
        ("from evalbook.widgets import CountsExplorer", None),
        ("CountsExplorer(tp=7, fn=1, fp=2, tn=9)", "CountsExplorer(tp=6, fn=3, fp=2, tn=9)"),
    )
    with pytest.raises(static_widgets.StaticPictureError, match="stored CountsExplorer"):
        static_widgets.replace_widgets(nb, "test.ipynb")


def test_a_guess_shows_its_question_and_a_progress_bar_is_dropped(static_widgets):
    nb = _notebook(
        ("Guess(lambda: 1, question='Qual a acurácia?')", "Guess(question='Qual a acurácia?')"),
        ("cross_validate(...)", "validação cruzada:   0%|          | 0/100"),
    )
    counts = static_widgets.replace_widgets(nb, "test.ipynb")
    assert counts == {"explorer": 0, "guess": 1, "progress": 1}
    assert "🤔 Qual a acurácia?" in nb.cells[0].outputs[0].data["text/html"]
    assert nb.cells[1].outputs == []


def test_an_unknown_widget_stops_the_build(static_widgets):
    nb = _notebook(("slider", "IntSlider(value=3)"))
    with pytest.raises(static_widgets.StaticPictureError, match="no static picture"):
        static_widgets.replace_widgets(nb, "test.ipynb")


def test_every_widget_of_the_lessons_gets_a_static_picture(static_widgets):
    explorers = 0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        explorers += static_widgets.replace_widgets(nb, path.name)["explorer"]
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                assert WIDGET not in output.get("data", {}), path.name
    assert explorers >= 10  # every lesson's explorer (lesson 08 has two)
