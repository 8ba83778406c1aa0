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
import hashlib
import re
import sys
from pathlib import Path

import numpy as np

from evalbook import ConfusionMatrix, config_context
from evalbook._core.messages import gettext, ngettext
from evalbook.exercises.build import EXERCISES_DIR, find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, exercise_sets, sets_with_variants
from evalbook.exercises.report import collect, write_csv, write_html
from evalbook.exercises.session import items_in_order

#: Variants derived from a name fall in 1 .. VARIANT_SPAN.
VARIANT_SPAN = 100_000


def _shown(value) -> str:
    if isinstance(value, ConfusionMatrix):
        return f"{value.counts.tolist()} (labels={list(value.labels)})"
    if isinstance(value, np.ndarray):
        return str(value.tolist())
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(_shown(v) for v in value) + ")"
    return repr(value) if isinstance(value, str) else str(value)


def answer_key(set_id: str, variant: int | None = None) -> str:
    """The answer key of a set for a variant: one line per item, in the notebook's order."""
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


def student_variant(name: str, number: str | None = None) -> int:
    """The variant of a student: their number if it is a whole number, else one from the name."""
    if number is not None and number.strip().isdigit():
        return int(number.strip())
    digest = hashlib.sha256(" ".join(name.casefold().split()).encode()).hexdigest()
    return int(digest[:12], 16) % VARIANT_SPAN + 1


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", name.strip()).strip("_") or "estudante"


def build_class(class_list, output, *, sets=None, root=None) -> list[Path]:
    """Student notebooks for every row of ``class_list`` (CSV with ``nome``, optional
    ``numero``): ``start`` of each set filled with the student and, for the sets with
    variants, their variant. Returns the paths written."""
    import nbformat

    root = Path(root) if root else find_root()
    output = Path(output)
    with open(class_list, newline="", encoding="utf-8") as handle:
        students = [row for row in csv.DictReader(handle) if (row.get("nome") or "").strip()]
    if not students:
        raise ValueError(gettext("the class list needs a column 'nome' with at least one name"))
    written = []
    for row in students:
        name = row["nome"].strip()
        variant = student_variant(name, row.get("numero"))
        folder = output / _slug(name)
        folder.mkdir(parents=True, exist_ok=True)
        for set_id in sets or list(exercise_sets()):
            (source,) = sorted((root / EXERCISES_DIR).glob(f"{set_id}_*.ipynb"))
            notebook = nbformat.read(source, as_version=4)
            shown = f", variant={variant}" if exercise_sets()[set_id].variants else ""
            call = f"start({set_id!r}{shown}, student={name!r})".replace("'", '"')
            pattern = re.compile(rf'start\(\s*"{set_id}"\s*(,\s*variant=VARIANTE\s*)?\)')
            for cell in notebook.cells:
                if cell.cell_type == "code":
                    cell.source = pattern.sub(call.replace("\\", "\\\\"), cell.source)
            target = folder / source.name
            nbformat.write(notebook, target)
            written.append(target)
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
    books.add_argument("turma", help=_("CSV with the column nome (and, if you wish, numero)"))
    books.add_argument(
        "--saida", required=True, help=_("folder of the notebooks (one per student)")
    )
    books.add_argument("--conjuntos", nargs="+", help=_("only these sets (default: all)"))
    books.add_argument("--raiz", help=_("root of the repository (default: found from here)"))
    report = commands.add_parser(
        "relatorio", help=_("collects a folder of exports into a class report")
    )
    report.add_argument("pasta", help=_("folder with the .json files the students exported"))
    report.add_argument("--html", default="relatorio_turma.html", help=_("page of the report"))
    report.add_argument("--csv", default="relatorio_turma.csv", help=_("table of the report"))
    report.add_argument("--titulo", default=_("Class report"), help=_("title of the page"))
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
                print(line.format(set=set_id, n=count, title=exercise_set.title))
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
            Path(args.saida).write_text(text, encoding="utf-8")
            print(gettext("Answer key written to {file}").format(file=args.saida))
        else:
            print(text, end="")
        return 0
    if args.comando == "cadernos":
        for set_id in args.conjuntos or ():
            _check_set(parser, set_id)
        try:
            paths = build_class(args.turma, args.saida, sets=args.conjuntos, root=args.raiz)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        print(gettext("{n} notebooks written to {folder}").format(n=len(paths), folder=args.saida))
        return 0
    folder = Path(args.pasta)
    if not folder.is_dir():
        parser.error(gettext("the folder {folder} does not exist").format(folder=args.pasta))
    report = collect(folder)
    write_html(report, args.html, title=args.titulo)
    write_csv(report, args.csv)
    print(
        gettext("{read} records read, {rejected} left out; report in {html} and {csv}").format(
            read=len(report.documents), rejected=len(report.rejected), html=args.html, csv=args.csv
        )
    )
    for path, reason in report.rejected:
        left_out = gettext("  left out: {file}: {reason}")
        print(left_out.format(file=path.name, reason=reason), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
