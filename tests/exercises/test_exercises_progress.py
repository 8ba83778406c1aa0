"""The record of progress: the table of a session's items and its export."""

from __future__ import annotations

import csv
import json
import socket
from datetime import datetime

import pytest

from evalbook.exercises import Progress, Session, start
from evalbook.exercises.session import items_in_order


def _play() -> Session:
    """One right at once, one wrong twice, one right after a wrong try, the rest untried."""
    exercicios = start("01")
    exercicios.check("01.tipo_i", "FP")
    exercicios.check("01.n_tipo_i", 2)
    exercicios.check("01.n_tipo_i", 7)
    exercicios.check("01.caret", [[1, 1], [1, 1]])
    exercicios.check("01.caret", [[4, 3], [2, 7]])
    return exercicios


def test_the_table_says_right_wrong_with_tries_or_not_tried():
    record = _play().progress()
    assert isinstance(record, Progress) and record.set_id == "01" and record.variant is None
    table = record.table
    assert list(table.index) == items_in_order("01")
    assert table.loc["01.tipo_i"].tolist()[:2] == ["certo", 1]
    assert table.loc["01.n_tipo_i"].tolist()[:2] == ["errado", 2]
    assert table.loc["01.caret"].tolist()[:2] == ["certo", 2]
    untried = table.drop(index=["01.tipo_i", "01.n_tipo_i", "01.caret"])
    assert set(untried.resultado) == {"não tentado"} and set(untried.tentativas) == {0}


def test_an_unanswered_cell_is_not_a_try():
    exercicios = start("02")
    exercicios.check("02.f1", None)
    assert exercicios.progress().table.loc["02.f1", "resultado"] == "não tentado"


def test_the_table_is_shown_as_text_and_html_without_the_times():
    record = _play().progress()
    text = repr(record)
    assert text.startswith("Exercícios 01: 2 de 9 certos")
    assert "01.n_tipo_i" in text and "errado" in text and "hora" not in text
    html = record._repr_html_()
    assert "<table" in html and "2 de 9 certos" in html and "hora" not in html


def test_each_session_is_the_set_it_started():
    played = _play()
    assert start("05").progress().set_id == "05"
    assert played.progress().table.loc["01.tipo_i", "resultado"] == "certo"


def test_a_session_checks_only_its_own_set():
    exercicios = start("01")
    result = exercicios.check("02.f1", 0.5)
    assert not result.correct
    assert result.message.startswith("❌ Este caderno abriu o conjunto 01")
    assert "start('02')" in result.message
    assert "02.f1" not in exercicios.progress().table.index


def test_a_variant_is_named_in_the_record():
    record = start("09", variant=4321).progress()
    assert record.variant == 4321
    assert repr(record).startswith("Exercícios 09, variante 4321:")


def test_export_csv(tmp_path):
    path = _play().export_progress(tmp_path / "progresso.csv")
    with path.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["item"] for row in rows] == items_in_order("01")
    assert set(rows[0]) == {"set", "variant", "student", "item", "result", "tries", "time"}
    by_item = {row["item"]: row for row in rows}
    assert by_item["01.n_tipo_i"]["result"] == "errado" and by_item["01.n_tipo_i"]["tries"] == "2"
    assert by_item["01.matriz"]["result"] == "não tentado" and by_item["01.matriz"]["time"] == ""
    assert datetime.fromisoformat(by_item["01.tipo_i"]["time"]).tzinfo is not None
    assert {row["set"] for row in rows} == {"01"}


def test_export_json(tmp_path):
    exercicios = start("09", variant=77)
    exercicios.check("09.z_tabela", 1.28)
    document = json.loads(exercicios.export_progress(tmp_path / "p.JSON").read_text("utf-8"))
    assert document["set"] == "09" and document["variant"] == 77
    first = next(r for r in document["items"] if r["item"] == "09.z_tabela")
    assert first["result"] == "certo" and first["tries"] == 1 and first["first_try"] == "certo"


def test_export_refuses_other_formats(tmp_path):
    with pytest.raises(ValueError, match=r"deve terminar em \.json ou \.csv"):
        start("01").export_progress(tmp_path / "p.xlsx")


def test_nothing_is_sent_anywhere(monkeypatch, tmp_path):
    def no_network(*args, **kwargs):
        raise AssertionError("the record must not use the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    exercicios = _play()
    repr(exercicios.progress())
    exercicios.export_progress(tmp_path / "p.csv")
    exercicios.export_progress(tmp_path / "p.json")


@pytest.mark.parametrize("bad", ["99", 1, None, "1"])
def test_start_answers_unknown_sets_in_portuguese(bad):
    opened = start("01")
    session = start(bad)
    message = str(session)
    assert message.startswith("❌ Não existe o conjunto") and "01, 02" in message
    assert session.check("01.n_tipo_i", 3).message == message  # never a traceback
    with pytest.raises(ValueError, match="no set is open"):
        session.progress()
    assert opened.progress().set_id == "01"  # nothing changed
