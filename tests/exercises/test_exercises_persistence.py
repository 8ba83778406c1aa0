"""Progress saved as the student works: restored by start, atomic under a killed kernel,
a corrupt or foreign file set aside (never overwritten), identity in every export.

A kernel restart leaves nothing in memory: each test's second ``start`` is such a restart.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import jsonschema
import pytest

from evalbook import __version__
from evalbook.exercises import session, start, store
from evalbook.exercises.session import items_in_order


@pytest.fixture(autouse=True)
def _no_student_and_a_fresh_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(session.STUDENT_ENV, raising=False)
    monkeypatch.delenv(session.FOLDER_ENV, raising=False)
    monkeypatch.chdir(tmp_path)


def _validate(document):
    jsonschema.validate(document, store.schema())


#: The files of a folder a session keeps: the record and its lock (hidden).
_KEPT = {"progresso_01.json", ".progresso_01.json.lock"}


def _visible(folder) -> set[str]:
    return {path.name for path in folder.iterdir() if not path.name.startswith(".")}


def test_the_record_survives_a_restart(monkeypatch, tmp_path):
    exercicios = start("01", student="Ana Souza", folder=tmp_path)
    assert "progresso_01.json" in str(exercicios) and "Ana Souza" in str(exercicios)
    exercicios.check("01.tipo_i", "FP")
    exercicios.check("01.n_tipo_i", 2)
    exercicios.check("01.n_tipo_i", 3)
    before = exercicios.progress().table
    restarted = start("01", student="Ana Souza", folder=tmp_path)
    assert "Progresso recuperado de progresso_01.json: 2 itens respondidos" in str(restarted)
    after = restarted.progress()
    assert after.student == "Ana Souza"
    assert after.table[["resultado", "tentativas"]].equals(before[["resultado", "tentativas"]])
    assert after.table.loc["01.n_tipo_i"].tolist()[:2] == ["certo", 2]


def test_the_progress_file_is_a_valid_export_with_identity(tmp_path):
    exercicios = start("09", variant=31, student="2024001", folder=tmp_path)
    exercicios.check("09.z_tabela", "1.28")  # wrong form: not a try
    exercicios.check("09.z_tabela", 1.0)
    exercicios.check("09.z_tabela", 1.28)
    document = json.loads((tmp_path / "progresso_09.json").read_text("utf-8"))
    _validate(document)
    assert document["student"] == "2024001" and document["variant"] == 31
    assert document["set"] == "09" and document["evalbook_version"] == __version__
    assert [row["item"] for row in document["items"]] == items_in_order("09")
    row = next(r for r in document["items"] if r["item"] == "09.z_tabela")
    assert (row["tries"], row["wrong_form"], row["first_try"], row["result"]) == (
        2,
        1,
        "errado",
        "certo",
    )
    assert row["first_time"] <= row["last_time"] and row["last_time"].endswith("+00:00")
    assert store.read_document(tmp_path / "progresso_09.json") == document


def test_exports_carry_guesses_and_identity_and_follow_the_schema(tmp_path):
    exercicios = start("12b", student="Bia", folder=tmp_path / "..")
    exercicios.check("12.previsao_p", 0.05)
    exercicios.check("12.previsao_p", 0.9)
    exercicios.check("12.mcnemar", (1, 2, 0.5))
    document = json.loads(exercicios.export_progress(tmp_path / "bia.json").read_text("utf-8"))
    _validate(document)
    row = next(r for r in document["items"] if r["item"] == "12.previsao_p")
    assert row["result"] == "registrado" and row["first_try"] == "registrado"
    assert [guess["value"] for guess in row["guesses"]] == [0.05, 0.9]
    assert all(guess["boundary"] == 0.05 and guess["same_side"] for guess in row["guesses"])
    assert all(guess["distance"] > 0 for guess in row["guesses"])
    mcnemar = next(r for r in document["items"] if r["item"] == "12.mcnemar")
    assert mcnemar["result"] == "errado" and mcnemar["first_try"] == "errado"


def test_no_file_without_a_student_or_a_folder(tmp_path):
    exercicios = start("01")
    assert str(exercicios) == "Exercícios 01." and exercicios.path is None
    exercicios.check("01.tipo_i", "FP")
    assert list(tmp_path.iterdir()) == []


def test_the_student_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(session.STUDENT_ENV, "Caio")
    start("03").check("03.custo_total", 1)
    assert json.loads((tmp_path / "progresso_03.json").read_text("utf-8"))["student"] == "Caio"


def test_an_interactive_session_asks_once(monkeypatch, tmp_path):
    asked = []
    monkeypatch.setenv(session.STUDENT_ENV, "")  # restored after the test: start sets it
    monkeypatch.setattr(session, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "  Dora ")
    start("01")
    second = start("02")  # the name typed is kept for the kernel (EVALBOOK_STUDENT)
    assert len(asked) == 1 and second.progress().student == "Dora"
    assert _visible(tmp_path) == {"progresso_01.json", "progresso_02.json"}


def test_no_standard_input_means_no_student(monkeypatch, tmp_path):
    def no_stdin(prompt):
        raise RuntimeError("stdin not implemented")  # what a kernel run by nbval raises

    monkeypatch.setattr(session, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", no_stdin)
    assert str(start("01")) == "Exercícios 01."
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("content", "reason", "words"),
    [
        (b'{"format": "evalbook-exercises", "format_version": 1, "se', "corrompido", "JSON"),
        (b"\xff\xfe\x00garbage", "corrompido", "UTF-8"),
        (b'{"notas": [10, 9]}', "corrompido", "não é um arquivo de progresso"),
        (b"[1, 2, 3]", "corrompido", "não é um arquivo de progresso"),
    ],
)
def test_a_corrupt_or_foreign_file_is_set_aside(tmp_path, content, reason, words):
    path = tmp_path / "progresso_01.json"
    path.write_bytes(content)
    message = str(start("01", student="Ana", folder=tmp_path))
    assert "⚠️ Atenção" in message and words in message
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"progresso_01.json.{reason}-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert aside[0].name in message
    _validate(store.read_document(path))  # a new, sound record


def test_a_hand_edited_file_is_set_aside(monkeypatch, tmp_path):
    start("01", student="Ana", folder=tmp_path).check("01.n_tipo_i", 2)
    path = tmp_path / "progresso_01.json"
    edited = path.read_text("utf-8").replace('"result": "errado"', '"result": "certo"')
    path.write_text(edited, "utf-8")
    restarted = start("01", student="Ana", folder=tmp_path)
    assert "editado à mão" in str(restarted)
    assert restarted.progress().table.loc["01.n_tipo_i", "tentativas"] == 0


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ({"student": "Ana"}, {"student": "Bia"}, "outro estudante (Ana)"),
        ({"student": "Ana", "variant": 5}, {"student": "Ana", "variant": 6}, "variante 5"),
    ],
)
def test_another_students_or_variants_file_is_set_aside(tmp_path, first, second, words):
    start("01", folder=tmp_path, **first).check("01.tipo_i", "FP")
    original = (tmp_path / "progresso_01.json").read_bytes()
    message = str(start("01", folder=tmp_path, **second))
    assert words in message
    (aside,) = [p for p in tmp_path.iterdir() if p.name not in _KEPT]
    assert aside.read_bytes() == original


def test_a_reset_asks_for_confirmation(monkeypatch, tmp_path):
    exercicios = start("01", student="Ana", folder=tmp_path)
    exercicios.check("01.tipo_i", "FP")
    path = tmp_path / "progresso_01.json"
    before = path.read_bytes()
    message = exercicios.reset_progress()
    assert message.startswith("Nada apagado") and "confirm=True" in message
    tries = exercicios.progress().table.loc["01.tipo_i", "tentativas"]
    assert path.read_bytes() == before and tries == 1
    monkeypatch.setattr(session, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "não")
    assert exercicios.reset_progress() == "Nada apagado."
    monkeypatch.setattr("builtins.input", lambda prompt: "sim")
    assert exercicios.reset_progress().startswith("Apagado: o registro do conjunto 01.")
    (aside,) = [p for p in tmp_path.iterdir() if p.name not in _KEPT]
    assert aside.name.startswith("progresso_01.json.apagado-") and aside.read_bytes() == before
    # the record goes on, empty, in a new file
    assert exercicios.progress().table.loc["01.tipo_i", "tentativas"] == 0
    assert store.read_document(path)["items"][0]["tries"] == 0


_WRITER = textwrap.dedent(
    """
    import sys
    from evalbook.exercises import start
    exercicios = start("01", student="Ana", folder=sys.argv[1])
    exercicios.check("01.n_tipo_i", 2)
    print("ready", flush=True)
    answers = [2, 3, "FP", [[4, 2], [3, 7]], 0.5]
    items = ["01.n_tipo_i", "01.n_tipo_i", "01.tipo_i", "01.matriz", "01.n_tipo_i"]
    n = 0
    while True:
        exercicios.check(items[n % len(items)], answers[n % len(answers)])
        n += 1
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.05, 0.2, 0.45])
def test_a_kernel_killed_while_it_writes_leaves_the_record_intact(tmp_path, delay):
    """A real process rewrites the progress file in a loop and is killed (SIGKILL)."""
    process = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(tmp_path)],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout.readline().strip() == b"ready"
        time.sleep(delay)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    document = store.read_document(tmp_path / "progresso_01.json")  # sound: checksum agrees
    _validate(document)
    tries = {row["item"]: row["tries"] for row in document["items"]}
    assert tries["01.n_tipo_i"] >= 1
    leftovers = [p.name for p in tmp_path.iterdir() if p.name not in _KEPT]
    assert all(name.endswith(".tmp") for name in leftovers)  # at most the half-written temp
    assert "Progresso recuperado" in str(start("01", student="Ana", folder=tmp_path))
    assert _visible(tmp_path) == {"progresso_01.json"}  # the next start removed the temp
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_schema_is_shipped_and_is_a_valid_schema():
    schema = store.schema()
    jsonschema.validators.validator_for(schema).check_schema(schema)
    assert store.FORMAT_VERSION in schema["properties"]["format_version"]["enum"]
    assert Path(session.__file__).with_name("export.schema.json").exists()


@pytest.mark.parametrize("number", [f"{n:02d}" for n in range(1, 13)])
def test_progress_lists_items_in_the_notebooks_order(number):
    """The order of ``check`` calls in the solution notebook is the order of the record."""
    import re

    import nbformat

    from evalbook.exercises.build import SOLUTIONS_DIR, find_root

    (path,) = (find_root(Path(__file__).parent) / SOLUTIONS_DIR).glob(f"{number}_*.ipynb")
    order: list[str] = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            for exercise_id in re.findall(rf'check\(\s*"({number}\.\w+)"', cell.source):
                if exercise_id not in order:
                    order.append(exercise_id)
    assert items_in_order(number) == order
    assert list(start(number).progress().table.index) == order


# ---------------------------------------------------------------------- path arguments
def test_a_folder_that_is_not_a_path_is_said_not_raised():
    session = start("01", folder=5)
    assert str(session).startswith("❌ A pasta (folder=) é um caminho") and "int" in str(session)
    assert not session.check("01.n_tipo_i", 3).correct


def test_export_refuses_what_is_not_a_file_it_can_write(tmp_path):
    session = start("01")
    with pytest.raises(TypeError, match=r"O arquivo \(path\) é um caminho terminado em \.json"):
        session.export_progress(5)
    with pytest.raises(ValueError, match=r"O arquivo \(path\) deve terminar em \.json ou \.csv"):
        session.export_progress(tmp_path / "p.txt")
    with pytest.raises(OSError, match=r"Não consegui escrever .*p\.json"):
        session.export_progress(tmp_path / "nao" / "existe" / "p.json")


def test_the_report_names_a_path_argument_that_is_not_one():
    from evalbook.exercises.report import ClassReport, collect, write_csv

    with pytest.raises(TypeError, match="folder must be a path"):
        collect(5)
    with pytest.raises(TypeError, match="path must be a path"):
        write_csv(ClassReport(), None)
