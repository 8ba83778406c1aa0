"""The record of progress: the table of the current set's items and its export."""

from __future__ import annotations

import csv
import json
import socket
from datetime import datetime

import pytest

from evalbook.exercises import (
    Progress,
    check,
    export_progress,
    progress,
    start,
)
from evalbook.exercises.session import items_in_order


def _play():
    """One right at once, one wrong twice, one right after a wrong try, the rest untried."""
    start("01")
    check("01.tipo_i", "FP")
    check("01.n_tipo_i", 2)
    check("01.n_tipo_i", 7)
    check("01.caret", [[1, 1], [1, 1]])
    check("01.caret", [[4, 3], [2, 7]])


def test_the_table_says_right_wrong_with_tries_or_not_tried():
    _play()
    record = progress()
    assert isinstance(record, Progress) and record.set_id == "01" and record.variant is None
    table = record.table
    assert list(table.index) == items_in_order("01")
    assert table.loc["01.tipo_i"].tolist()[:2] == ["certo", 1]
    assert table.loc["01.n_tipo_i"].tolist()[:2] == ["errado", 2]
    assert table.loc["01.caret"].tolist()[:2] == ["certo", 2]
    untried = table.drop(index=["01.tipo_i", "01.n_tipo_i", "01.caret"])
    assert set(untried.resultado) == {"não tentado"} and set(untried.tentativas) == {0}


def test_an_unanswered_cell_is_not_a_try():
    start("02")
    check("02.f1", None)
    assert progress().table.loc["02.f1", "resultado"] == "não tentado"


def test_the_table_is_shown_as_text_and_html_without_the_times():
    _play()
    text = repr(progress())
    assert text.startswith("Exercícios 01: 2 de 8 certos")
    assert "01.n_tipo_i" in text and "errado" in text and "hora" not in text
    html = progress()._repr_html_()
    assert "<table" in html and "2 de 8 certos" in html and "hora" not in html


def test_the_current_set_is_the_one_started():
    _play()
    start("05")
    assert progress().set_id == "05"
    assert progress("01").table.loc["01.tipo_i", "resultado"] == "certo"


def test_a_variant_is_named_in_the_record():
    start("09", variant=4321)
    assert progress().variant == 4321
    assert repr(progress()).startswith("Exercícios 09, variante 4321:")


def test_export_csv(tmp_path):
    _play()
    path = export_progress(tmp_path / "progresso.csv")
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
    start("09", variant=77)
    check("09.z_tabela", 1.28)
    document = json.loads(export_progress(tmp_path / "p.JSON").read_text(encoding="utf-8"))
    assert document["set"] == "09" and document["variant"] == 77
    first = next(r for r in document["items"] if r["item"] == "09.z_tabela")
    assert first["result"] == "certo" and first["tries"] == 1 and first["first_try"] == "certo"


def test_export_refuses_other_formats(tmp_path):
    start("01")
    with pytest.raises(ValueError, match=r"\.csv or \.json"):
        export_progress(tmp_path / "p.xlsx")


def test_nothing_is_sent_anywhere(monkeypatch, tmp_path):
    def no_network(*args, **kwargs):
        raise AssertionError("the record must not use the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    _play()
    repr(progress())
    export_progress(tmp_path / "p.csv")
    export_progress(tmp_path / "p.json")


def test_no_set_yet():
    with pytest.raises(ValueError, match="start"):
        progress()


@pytest.mark.parametrize("bad", ["13", 1, None, "1"])
def test_start_answers_unknown_sets_in_portuguese(bad):
    start("01")
    message = start(bad)
    assert message.startswith("❌ Não existe o conjunto") and "01, 02" in message
    assert progress().set_id == "01"  # nothing changed
