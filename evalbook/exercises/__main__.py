"""The lecturer's command line: ``python -m evalbook.exercises <comando> ...``.

Its commands and options are Portuguese words, and it speaks Portuguese, the course's
language (its help and messages are messages of the library's catalogue, shown in
Portuguese whatever the display language).

- ``listar [NN]``: the sets, or one set's items in the notebook's order;
- ``gabarito NN [--variante K] [--saida ARQ]``: the answer key of a set for a variant;
- ``cadernos TURMA.csv --saida PASTA [--conjuntos NN ...]``: the student notebooks of a class
  list, one variant per student (the ``numero`` column, or a number derived from the name);
- ``relatorio PASTA [--html ARQ] [--csv ARQ]``: a folder of exports collected into the class
  report (HTML with charts, and CSV); unsound files are listed with the reason and left out.

Examples
--------
>>> main(["listar", "12b"])  # doctest: +ELLIPSIS
12.previsao_p  prediction
12.mcnemar  numbers
...
0
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import numpy as np

from evalbook import ConfusionMatrix, config_context
from evalbook._core.messages import gettext, ngettext
from evalbook.exercises import store
from evalbook.exercises.build import EXERCISES_DIR, find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, exercise_sets, sets_with_variants
from evalbook.exercises.regrade import regrade_folder, write_regrade_csv
from evalbook.exercises.report import collect, write_csv, write_gradebook, write_html
from evalbook.exercises.roster import (
    VARIANT_SPAN,
    RosterError,
    find_notebooks,
    personalize,
    read_roster,
    student_variant,
)
from evalbook.exercises.session import items_in_order

__all__ = ["VARIANT_SPAN", "answer_key", "build_class", "main", "student_variant"]


def _shown(value) -> str:
    """A value of the answer key: every digit a float needs to be read back exactly (the
    shortest text that round-trips), so a key copied into the checker is within tolerance."""
    if isinstance(value, ConfusionMatrix):
        return f"{value.counts.tolist()} (labels={list(value.labels)})"
    if isinstance(value, np.ndarray):
        return str(value.tolist())
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, np.integer):
        return str(int(value))
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(_shown(v) for v in value) + ")"
    return repr(value) if isinstance(value, str) else str(value)


def answer_key(set_id: str, variant: int | None = None) -> str:
    """The answer key of a set for a variant: one line per item, in the notebook's order.

    Numbers are written with every digit a float needs (``215992.902`` as it is, never
    rounded to six digits), so a key copied into the notebook is accepted by the checker.
    """
    if variant is None:
        lines = [gettext("Answer key of exercises {set}").format(set=set_id)]
    else:
        lines = [
            gettext("Answer key of exercises {set}, variant {variant}").format(
                set=set_id, variant=variant
            )
        ]
    for exercise_id in items_in_order(set_id):
        exercise = all_exercises()[exercise_id]
        if exercise.kind == "text":
            answer = gettext("(written answer: read by the lecturer, not graded)")
        else:
            value = expected_answer(exercise_id, variant=variant).expected
            names = exercise.names if exercise.kind == "numbers" else ()
            if names:
                answer = ", ".join(
                    f"{name} = {_shown(v)}" for name, v in zip(names, value, strict=True)
                )
            else:
                answer = _shown(value)
            if exercise.kind == "prediction":
                answer = gettext("(a guess; the value is {value})").format(value=answer)
        lines.append(f"{exercise_id}: {answer}")
    return "\n".join(lines) + "\n"


def _exercises_folder(root) -> Path:
    """The folder of the exercise notebooks under ``root`` (found from here if None)."""
    try:
        root = Path(root) if root else find_root()
    except FileNotFoundError:
        raise ValueError(
            gettext(
                "I did not find the exercise notebooks (exercises/solucoes/) in this folder or "
                "its parents: pass --raiz with the root of the repository"
            )
        ) from None
    folder = root / EXERCISES_DIR
    if not folder.is_dir() or not any(folder.glob("*.ipynb")):
        raise ValueError(
            gettext(
                "there are no exercise notebooks in {folder}: pass --raiz with the root of the "
                "repository (the folder that holds exercises/)"
            ).format(folder=folder)
        )
    return folder


def build_class(class_list, output, *, sets=None, root=None) -> list[Path]:
    """Student notebooks for every row of ``class_list`` (see :mod:`~.roster`): one folder
    per student, each set's notebook with ``VARIANTE`` and ``start`` filled with the student
    (name, id) and, for the sets with variants, their variant. Also writes
    ``turma_indice.csv`` (folder, name, numero, id, variant, email). Returns the notebooks
    written (as many as the students times the sets: every path is distinct)."""
    import nbformat

    students, _ = read_roster(class_list)
    folder = _exercises_folder(root)
    notebooks = find_notebooks(folder)
    wanted = list(sets or exercise_sets())
    missing = [set_id for set_id in wanted if set_id not in notebooks]
    if missing:
        raise ValueError(
            gettext("there is no exercise notebook of set(s) {sets} in {folder}").format(
                sets=", ".join(missing), folder=folder
            )
        )
    sources = {set_id: nbformat.read(notebooks[set_id], as_version=4) for set_id in wanted}
    output = Path(output)
    written: list[Path] = []
    for student in students:
        target_folder = output / student.folder
        target_folder.mkdir(parents=True, exist_ok=True)
        for set_id in wanted:
            notebook = personalize(
                sources[set_id], set_id, student, variants=exercise_sets()[set_id].variants
            )
            target = target_folder / notebooks[set_id].name
            nbformat.write(notebook, target)
            written.append(target)
    assert len(set(written)) == len(written)  # one folder per student (read_roster)
    with open(output / "turma_indice.csv", "w", newline="", encoding="utf-8") as handle:
        table = csv.writer(handle)
        table.writerow(["pasta", "nome", "numero", "id", "variante", "email"])
        for student in students:
            row = [
                student.folder,
                student.name,
                student.number or "",
                student.student_id,
                student.variant,
                student.email or "",
            ]
            table.writerow([store.safe_cell(cell) for cell in row])
    return written


def _parser() -> argparse.ArgumentParser:
    _ = gettext
    parser = argparse.ArgumentParser(
        prog="python -m evalbook.exercises",
        description=_("The lecturer's tools for the exercises of evalbook."),
    )
    commands = parser.add_subparsers(dest="comando", required=True, metavar="comando")
    listing = commands.add_parser("listar", help=_("lists the sets, or the items of a set"))
    listing.add_argument("conjunto", nargs="?", help=_("number of the set, such as 04"))
    key = commands.add_parser("gabarito", help=_("the answer key of a set for a variant"))
    key.add_argument("conjunto", help=_("number of the set, such as 09"))
    key.add_argument("--variante", type=int, help=_("the variant (the student's number)"))
    key.add_argument("--saida", help=_("file to write to (default: shown on the screen)"))
    books = commands.add_parser(
        "cadernos", help=_("the students' notebooks of a class, one variant per student")
    )
    books.add_argument(
        "turma", help=_("CSV with the column nome (and, if you wish, numero and email)")
    )
    books.add_argument(
        "--saida", required=True, help=_("folder of the notebooks (one per student)")
    )
    books.add_argument("--conjuntos", nargs="+", help=_("only these sets (default: all)"))
    books.add_argument("--raiz", help=_("root of the repository (default: found from here)"))
    report = commands.add_parser(
        "relatorio", help=_("collects a folder of exports into a class report")
    )
    report.add_argument("pasta", help=_("folder with the .json files the students exported"))
    report.add_argument(
        "--turma", help=_("the class list (CSV): who never handed in, and the gradebook's rows")
    )
    report.add_argument("--html", default="relatorio_turma.html", help=_("page of the report"))
    report.add_argument("--csv", default="relatorio_turma.csv", help=_("table of the report"))
    report.add_argument(
        "--notas",
        default="notas_moodle.csv",
        help=_("the gradebook as a CSV that Moodle imports (one column per set)"),
    )
    report.add_argument("--titulo", default=_("Class report"), help=_("title of the page"))
    grade = commands.add_parser(
        "corrigir",
        help=_(
            "re-executes the notebooks handed in (in fresh kernels) and compares each item "
            "with the self-reported record"
        ),
    )
    grade.add_argument(
        "pasta", help=_("folder of the notebooks handed in (with their progresso_NN.json)")
    )
    grade.add_argument(
        "--tempo", type=float, default=120.0, help=_("time limit of a cell, in seconds")
    )
    grade.add_argument("--csv", default="correcao.csv", help=_("table of the comparison"))
    return parser


def _check_set(parser, set_id) -> None:
    sets = exercise_sets()
    if set_id not in sets:
        parser.error(
            gettext("there is no set {set}; the sets are {sets}").format(
                set=repr(set_id), sets=", ".join(sets)
            )
        )


def main(argv=None) -> int:
    """Run a command; the command line speaks Portuguese, the course's language."""
    with config_context(language="pt"):
        return _main(argv)


def _write_text(parser, path, text) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        parser.error(
            gettext("I could not write {file} ({error})").format(
                file=path, error=error.strerror or type(error).__name__
            )
        )


def _main(argv) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.comando == "listar":
        if args.conjunto is None:
            for set_id, exercise_set in exercise_sets().items():
                count = len(exercise_set.items)
                if exercise_set.variants:
                    line = ngettext(
                        "{set}  {n} item (with variants)  {title}",
                        "{set}  {n} items (with variants)  {title}",
                        count,
                    )
                else:
                    line = ngettext("{set}  {n} item  {title}", "{set}  {n} items  {title}", count)
                print(line.format(set=set_id, n=count, title=gettext(exercise_set.title)))
        else:
            _check_set(parser, args.conjunto)
            for exercise_id in items_in_order(args.conjunto):
                print(f"{exercise_id}  {all_exercises()[exercise_id].kind}")
        return 0
    if args.comando == "gabarito":
        _check_set(parser, args.conjunto)
        with_variants = sets_with_variants()
        if args.variante is not None and args.conjunto not in with_variants:
            parser.error(
                gettext("set {set} has no variants; these have: {sets}").format(
                    set=args.conjunto, sets=", ".join(with_variants)
                )
            )
        if args.variante is not None and args.variante < 0:
            parser.error(gettext("the variant is a whole number ≥ 0"))
        text = answer_key(args.conjunto, args.variante)
        if args.saida:
            _write_text(parser, args.saida, text)
            print(gettext("Answer key written to {file}").format(file=args.saida))
        else:
            print(text, end="")
        return 0
    if args.comando == "cadernos":
        return _notebooks(parser, args)
    if args.comando == "corrigir":
        return _regrade(parser, args)
    return _report(parser, args)


def _notebooks(parser, args) -> int:
    for set_id in args.conjuntos or ():
        _check_set(parser, set_id)
    try:
        students, encoding = read_roster(args.turma)
        paths = build_class(args.turma, args.saida, sets=args.conjuntos, root=args.raiz)
    except (OSError, ValueError) as error:
        parser.error(str(error) if not isinstance(error, OSError) else _os_error(error))
    print(
        gettext("{n} notebooks written to {folder}, for {students} students").format(
            n=len(paths), folder=args.saida, students=len(students)
        )
    )
    if encoding not in ("UTF-8", "UTF-16"):
        print(gettext("(the class list was read as {encoding})").format(encoding=encoding))
    drawn = [student for student in students if student.derived]
    for student in drawn:
        if student.number:
            line = gettext("  {name}: variant {variant}, drawn from the numero {number}")
        else:
            line = gettext("  {name}: variant {variant}, drawn from the name")
        print(line.format(name=student.name, variant=student.variant, number=student.number))
    return 0


def _os_error(error: OSError) -> str:
    return gettext("I could not write {file} ({error})").format(
        file=error.filename, error=error.strerror or type(error).__name__
    )


def _report(parser, args) -> int:
    folder = Path(args.pasta)
    if not folder.is_dir():
        parser.error(gettext("the folder {folder} does not exist").format(folder=args.pasta))
    roster = None
    if args.turma:
        try:
            roster, _ = read_roster(args.turma)
        except RosterError as error:
            parser.error(str(error))
    report = collect(folder, roster=roster)
    try:
        write_html(report, args.html, title=args.titulo)
        write_csv(report, args.csv)
        write_gradebook(report, args.notas)
    except OSError as error:
        parser.error(_os_error(error))
    print(
        gettext(
            "{read} records read, {rejected} left out; report in {html}, {csv} and {grades}"
        ).format(
            read=len(report.documents),
            rejected=len(report.rejected),
            html=args.html,
            csv=args.csv,
            grades=args.notas,
        )
    )
    if roster is not None:
        missing = report.never_handed_in()
        if missing:
            print(
                gettext("Never handed in ({n}): {names}").format(
                    n=len(missing), names=", ".join(student.name for student in missing)
                )
            )
    for path, reason in report.rejected:
        left_out = gettext("  left out: {file}: {reason}")
        print(left_out.format(file=report.shown(path), reason=reason), file=sys.stderr)
    return 0


def _regrade(parser, args) -> int:
    folder = Path(args.pasta)
    if not folder.is_dir():
        parser.error(gettext("the folder {folder} does not exist").format(folder=args.pasta))
    results = regrade_folder(folder, timeout=args.tempo)
    try:
        write_regrade_csv(results, args.csv, folder=folder)
    except OSError as error:
        parser.error(_os_error(error))
    flagged = [result for result in results if result.flagged]
    print(
        gettext(
            "{n} notebooks re-executed; {flagged} differ from their record; table in {csv}"
        ).format(n=len(results), flagged=len(flagged), csv=args.csv)
    )
    for result in flagged:
        shown = result.notebook.relative_to(folder).as_posix()
        print(f"  ⚠️ {shown}: {result.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
