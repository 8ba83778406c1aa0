"""The lecturer's command line: ``python -m evalbook.exercises <comando> ...`` (help in Portuguese).

- ``listar [NN]``: the sets, or one set's items in the notebook's order;
- ``gabarito NN [--variante K] [--saida ARQ]``: the answer key of a set for a variant;
- ``cadernos TURMA.csv --saida PASTA [--conjuntos NN ...]``: the student notebooks of a class
  list, one variant per student (the ``numero`` column, or a number derived from the name);
- ``relatorio PASTA [--html ARQ] [--csv ARQ]``: a folder of exports collected into the class
  report (HTML with charts, and CSV); unsound files are listed with the reason and left out.

Examples
--------
>>> main(["listar", "12"])  # doctest: +ELLIPSIS
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

from evalbook import ConfusionMatrix
from evalbook.exercises.build import EXERCISES_DIR, find_root
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, exercise_sets
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
    lines = [
        f"Gabarito dos exercícios {set_id}" + ("" if variant is None else f", variante {variant}")
    ]
    for exercise_id in items_in_order(set_id):
        exercise = all_exercises()[exercise_id]
        if exercise.kind == "text":
            answer = "(resposta escrita: lida pelo professor, não corrigida)"
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
                answer = f"(palpite; o valor é {answer})"
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
        raise ValueError("a lista da turma precisa de uma coluna 'nome' com ao menos um nome")
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
    parser = argparse.ArgumentParser(
        prog="python -m evalbook.exercises",
        description="Ferramentas do professor para os exercícios da evalbook.",
    )
    commands = parser.add_subparsers(dest="comando", required=True, metavar="comando")
    listing = commands.add_parser("listar", help="lista os conjuntos, ou os itens de um conjunto")
    listing.add_argument("conjunto", nargs="?", help="número do conjunto, como 04")
    key = commands.add_parser("gabarito", help="o gabarito de um conjunto para uma variante")
    key.add_argument("conjunto", help="número do conjunto, como 09")
    key.add_argument("--variante", type=int, help="a variante (número do estudante)")
    key.add_argument("--saida", help="arquivo onde escrever (padrão: mostra na tela)")
    books = commands.add_parser(
        "cadernos", help="os cadernos dos estudantes de uma turma, uma variante por estudante"
    )
    books.add_argument("turma", help="CSV com a coluna nome (e, se quiser, numero)")
    books.add_argument("--saida", required=True, help="pasta dos cadernos (uma por estudante)")
    books.add_argument("--conjuntos", nargs="+", help="só estes conjuntos (padrão: todos)")
    books.add_argument("--raiz", help="raiz do repositório (padrão: achada a partir daqui)")
    report = commands.add_parser(
        "relatorio", help="junta uma pasta de exportações num relatório da turma"
    )
    report.add_argument("pasta", help="pasta com os arquivos .json exportados pelos estudantes")
    report.add_argument("--html", default="relatorio_turma.html", help="página do relatório")
    report.add_argument("--csv", default="relatorio_turma.csv", help="tabela do relatório")
    report.add_argument("--titulo", default="Relatório da turma", help="título da página")
    return parser


def _check_set(parser, set_id) -> None:
    sets = exercise_sets()
    if set_id not in sets:
        parser.error(f"não existe o conjunto {set_id!r}; os conjuntos são {', '.join(sets)}")


def main(argv=None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.comando == "listar":
        if args.conjunto is None:
            for set_id, exercise_set in exercise_sets().items():
                shown = " (com variantes)" if exercise_set.variants else ""
                count = len(exercise_set.items)
                print(f"{set_id}  {count} itens{shown}  {exercise_set.title}")
        else:
            _check_set(parser, args.conjunto)
            for exercise_id in items_in_order(args.conjunto):
                print(f"{exercise_id}  {all_exercises()[exercise_id].kind}")
        return 0
    if args.comando == "gabarito":
        _check_set(parser, args.conjunto)
        with_variants = [number for number, each in exercise_sets().items() if each.variants]
        if args.variante is not None and args.conjunto not in with_variants:
            parser.error(
                f"o conjunto {args.conjunto} não tem variantes; têm: {', '.join(with_variants)}"
            )
        if args.variante is not None and args.variante < 0:
            parser.error("a variante é um número inteiro ≥ 0")
        text = answer_key(args.conjunto, args.variante)
        if args.saida:
            Path(args.saida).write_text(text, encoding="utf-8")
            print(f"Gabarito escrito em {args.saida}")
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
        print(f"{len(paths)} cadernos escritos em {args.saida}")
        return 0
    folder = Path(args.pasta)
    if not folder.is_dir():
        parser.error(f"a pasta {args.pasta} não existe")
    report = collect(folder)
    write_html(report, args.html, title=args.titulo)
    write_csv(report, args.csv)
    print(
        f"{len(report.documents)} registros lidos, {len(report.rejected)} deixados de fora; "
        f"relatório em {args.html} e {args.csv}"
    )
    for path, reason in report.rejected:
        print(f"  fora: {path.name}: {reason}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
