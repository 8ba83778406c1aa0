"""The reproduction index: every number the five course handouts print, recomputed.

``docs/reproduction.csv`` is the source: one row per printed number, with where the handout
prints it, the printed text, the Python expression that recomputes it with ``evalbook`` from
the handouts' data (evaluated in :func:`namespace`), the lesson and section that compute it,
the value the workbook gets and the verdict. This module evaluates the rows, derives each
verdict from the numbers, and writes the Markdown page ``docs/reproducao.md``::

    python docs/reproduction.py            # rewrite docs/reproducao.md
    python docs/reproduction.py --check    # exit 1 if the page is out of date

``tests/notebooks/test_reproduction.py`` recomputes every row and fails when a value, a
verdict or the page changes.

Columns of the CSV
------------------
id          unique key, ``HHH-...`` (HHH = handout number)
handout     ``000`` to ``004``
where       equation, table, footnote or slide title, as the handout names it
printed     the number as the handout prints it (empty when it was lost in extraction)
number      the printed number in the unit of ``expression`` (``0.80761`` for "80.761%",
            ``1/3`` for a fraction); empty for text values and lost numbers
expression  Python expression evaluated in :func:`namespace`: the workbook's value
rounded     optional expression: the handout's own rounded route to its number (e.g. σ
            rounded before multiplying); used only to judge "rounding"
lesson      ``01`` to ``10``
section     the number of the lesson's ``##`` section that computes the value
shown       optional text that the section's stored outputs contain (the lesson prints it)
workbook    the workbook's value, as :func:`show` formats it
verdict     agrees | rounding | erratum | lost
note        one sentence in Portuguese, shown on the page
"""

from __future__ import annotations

import csv
import functools
import json
import math
import re
import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "docs" / "reproduction.csv"
PAGE = ROOT / "docs" / "reproducao.md"
NOTEBOOKS = ROOT / "notebooks"
SEED = 42

COLUMNS = (
    "id",
    "handout",
    "where",
    "printed",
    "number",
    "expression",
    "rounded",
    "lesson",
    "section",
    "shown",
    "workbook",
    "verdict",
    "note",
)

VERDICTS = {
    "agrees": "confere",
    "rounding": "confere a menos do arredondamento do handout",
    "erratum": "errata",
    "lost": "perdido na extração e reconstruído",
}

# Title, author, institution and year as far as each handout's text says (README, "Sources").
HANDOUTS = {
    "000": "“Avaliação de Modelos de Machine Learning”, Giancarlo D. Salton (UFFS), 2023",
    "001": "“Avaliação da Aprendizagem” (slides, segundo Witten & Frank, cap. 5)",
    "002": "“10.4 Métricas de desempenho” (seção de livro, pacote caret do R)",
    "003": "“Métricas de Avaliação de Modelos de Classificação/Predição” (blog), 2014",
    "004": "“Aprendizado de Máquina: Comparação de Classificadores”, Arnaldo Candido Junior "
    "(UTFPR – Medianeira)",
}

RELATIVE_TOLERANCE = 1e-9


@functools.cache
def namespace() -> dict:
    """The names a row's expression may use: evalbook and the handouts' data, computed once."""
    import numpy as np
    from scipy import stats

    import evalbook as eb
    from evalcourse import datasets
    from evalcourse.datasets import profit_matrix, tree_knn_confusions

    cm_class = eb.ConfusionMatrix
    spam_table = datasets.spam_predictions()
    spam = cm_class.from_labels(spam_table.target, spam_table.prediction, labels=["spam", "ham"])

    def spam_at(t):
        """The SPAM confusion matrix with threshold t on Tabela 7's scores (handout 000)."""
        predicted = eb.threshold(spam_table.score, t, positive="spam", negative="ham")
        return cm_class.from_labels(spam_table.target, predicted, labels=["spam", "ham"])

    def spam_result(email):
        """TP/TN/FP/FN of one e-mail of Tabela 7, from its target and its score at 0.5."""
        predicted = eb.threshold(spam_table.score, 0.5, positive="spam", negative="ham")
        results = eb.result_types(spam_table.target, predicted, positive="spam")
        return str(results[(spam_table.id == email).to_numpy()][0])

    def split_share(fractions, part):
        """The share of 600 instances that part 0/1/2 of train_val_test_split receives."""
        parts = eb.train_val_test_split(600, fractions=fractions, seed=SEED)
        return Fraction(len(parts[part]), 600)

    abc_labels = np.repeat(np.array(["A", "B", "C"]), [200, 300, 100])

    def holdout_share(part):
        """Share of the 600 A/B/C instances in the train (0) or test (1) part of a 1/3 holdout."""
        parts = eb.holdout(abc_labels, test_size=1 / 3, stratify=True, seed=SEED)
        return Fraction(len(parts[part]), len(abc_labels))

    def class_share(label):
        """Share of a class in the 200/300/100 data set of handout 001."""
        return Fraction(int((abc_labels == label).sum()), len(abc_labels))

    from sklearn.datasets import load_iris

    iris_species = load_iris().target

    def fold_share(k, part):
        """Share of Iris in the train (0) or test (1) part of the first stratified k-fold split."""
        parts = next(iter(eb.stratified_kfold(iris_species, k=k, seed=SEED)))
        return Fraction(len(parts[part]), len(iris_species))

    def count_splits(k, repeats):
        """How many train/test runs repeated stratified k-fold makes on Iris."""
        splits = eb.repeated_kfold(iris_species, k=k, n_repeats=repeats, stratify=True, seed=SEED)
        return len(list(splits))

    def worst_case_error(method):
        """Handout 001's worst case: random features, two equal classes, a majority vote."""
        from sklearn.dummy import DummyClassifier

        rng = np.random.default_rng(SEED)
        features = rng.normal(size=(40, 5))
        labels = np.repeat(np.array(["A", "B"]), 20)
        splits = (
            eb.leave_one_out(40)
            if method == "leave_one_out"
            else eb.stratified_kfold(labels, k=10, seed=SEED)
        )
        table = eb.cross_validate(
            DummyClassifier(strategy="most_frequent"),
            features,
            labels,
            splits,
            metric=eb.error_rate,
            progress=False,
        )
        return float(table.error_rate.mean())

    models = tree_knn_confusions()
    abc = datasets.abc_confusion()
    abc_random = eb.expected_confusion(abc)
    z_table = eb.z_value(0.90, source="table")
    return {
        "eb": eb,
        "np": np,
        "math": math,
        "stats": stats,
        "Fraction": Fraction,
        "spam_table": spam_table,
        "spam": spam,
        "spam_at": spam_at,
        "spam_result": spam_result,
        "split_share": split_share,
        "holdout_share": holdout_share,
        "class_share": class_share,
        "fold_share": fold_share,
        "count_splits": count_splits,
        "worst_case_error": worst_case_error,
        "tree": models["decision_tree"],
        "knn": models["knn"],
        "gains": profit_matrix(),
        "churn_dumb": cm_class([[0, 2], [0, 98]], labels=["B", "A"]),
        "churn_alarmist": cm_class([[2, 0], [80, 18]], labels=["B", "A"]),
        "abc": abc,
        "abc_random": abc_random,
        "abc_kappa": eb.kappa_breakdown(abc),
        "abc_perfect": cm_class(np.diag(abc.target_totals), labels=abc.labels),
        "abc_chance": cm_class(abc_random.to_numpy().astype(int), labels=abc.labels),
        "abc_all_wrong": cm_class([[0, 60, 40], [30, 0, 30], [20, 20, 0]], labels=abc.labels),
        "m1_m2": eb.compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=z_table),
        "example_1": eb.compare_algorithms(
            mean=0.05, se=0.002, k=30, confidence=0.95, t=eb.t_value(0.95, 29, source="table")
        ),
        "verdict_word": lambda significant: "significativa" if significant else "não significativa",
    }


def read_rows(path: Path = TABLE) -> list[dict]:
    """The rows of the CSV, as dicts with every column of :data:`COLUMNS`."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise ValueError(f"{path.name}: the columns must be {COLUMNS}, got {reader.fieldnames}")
        return list(reader)


def evaluate(expression: str):
    """Evaluate one row's expression in :func:`namespace` (a fresh copy each time)."""
    import warnings

    from evalbook import UndefinedMetricWarning

    with warnings.catch_warnings():
        # the MCC's zero-denominator convention (handout 003) warns; the index shows its value
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        # the expressions are the repository's own table, not user input
        return eval(expression, dict(namespace()))


def show(value) -> str:
    """The workbook's value as the index prints it."""
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.6g}"
    value = float(value)
    if value.is_integer():
        return str(int(value))
    return f"{value:.6g}"


def _places(number: str) -> int:
    return len(number.split(".")[1]) if "." in number else 0


def _round_half_up(value: float, places: int) -> Decimal:
    return Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


def rounds_to(value, number: str) -> bool:
    """Whether ``value`` rounded to the printed decimals gives the printed ``number``.

    Rounding half up, once or in two steps (first to one more decimal): tables such as
    Witten & Frank's print 1.645 as 1.65.
    """
    places = _places(number)
    target = Decimal(number)
    once = _round_half_up(value, places)
    twice = _round_half_up(float(_round_half_up(value, places + 1)), places)
    return target in (once, twice)


def derive_verdict(row: dict, value) -> str:
    """The verdict that the numbers give: agrees, rounding, erratum or lost."""
    if not row["printed"]:
        return "lost"
    if isinstance(value, str) or not row["number"]:
        return "agrees" if show(value) == row["printed"] else "erratum"
    target = Fraction(row["number"])
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        if Fraction(value) == target:
            return "agrees"
    elif math.isclose(float(value), float(target), rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-12):
        return "agrees"
    if "/" in row["number"]:
        return "erratum"
    route = evaluate(row["rounded"]) if row["rounded"] else value
    return "rounding" if rounds_to(route, row["number"]) else "erratum"


@functools.cache
def lesson_paths() -> dict[str, Path]:
    return {path.name.split("_")[0]: path for path in sorted(NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))}


@functools.cache
def sections(lesson: str) -> dict[str, tuple[str, str]]:
    """For each ``## N.`` section of a lesson: its heading and the text of its stored outputs."""
    cells = json.loads(lesson_paths()[lesson].read_text(encoding="utf-8"))["cells"]
    found: dict[str, list] = {}
    current = None
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            match = re.search(r"^## (\d+)\. (.+)$", source, re.M)
            if match:
                current = match.group(1)
                found[current] = [match.group(0)[3:], []]
            elif re.search(r"^## ", source, re.M):
                current = None
            continue
        if current is None:
            continue
        for output in cell.get("outputs", []):
            if "text" in output:
                found[current][1].append("".join(output["text"]))
            for kind in ("text/plain", "text/html"):
                if kind in output.get("data", {}):
                    found[current][1].append("".join(output["data"][kind]))
    return {number: (heading, "\n".join(texts)) for number, (heading, texts) in found.items()}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


_LATEX = {"$\\mathbb{M}1$": "M1", "$M_1$": "M1", "$M_2$": "M2", "$R^2$": "R²", "$N$": "N"}


def _plain(heading: str) -> str:
    """A lesson heading without its LaTeX, for a link's text."""
    for latex, plain in _LATEX.items():
        heading = heading.replace(latex, plain)
    return heading


def render(rows: list[dict]) -> str:
    """The Markdown page: a summary, then one table per handout."""
    lines = [
        "# Índice de reprodução",
        "",
        "<!-- Gerado por docs/reproduction.py a partir de docs/reproduction.csv:"
        " não edite à mão. -->",
        "",
        "Cada número que os cinco handouts do curso imprimem (exemplos resolvidos, tabelas, "
        "respostas dos slides), onde o handout o imprime, o valor que a `evalbook` calcula a "
        "partir dos dados do handout, a lição e a seção que o calculam e o veredito. Os handouts "
        "estão descritos na seção “Sources” do [README](../README.md). "
        "`tests/notebooks/test_reproduction.py` recalcula cada linha e falha se um valor ou um "
        "veredito mudar.",
        "",
        "Vereditos: **confere** (o valor calculado é o impresso); **confere a menos do "
        "arredondamento do handout** (o impresso é o calculado arredondado às casas que o "
        "handout mostra, ou pelo caminho arredondado que o próprio handout segue); **errata** "
        "(o handout imprime outro número; a lição tem uma caixa “⚠️ Errata”); **perdido na "
        "extração e reconstruído** (o número sumiu do texto do handout e a lição o reconstrói).",
        "",
        "| handout | linhas | " + " | ".join(VERDICTS.values()) + " |",
        "|---|---|" + "---|" * len(VERDICTS),
    ]
    for handout in HANDOUTS:
        mine = [row for row in rows if row["handout"] == handout]
        counts = [sum(row["verdict"] == verdict for row in mine) for verdict in VERDICTS]
        lines.append(
            f"| [{handout}](#handout-{handout}) | {len(mine)} | "
            + " | ".join(map(str, counts))
            + " |"
        )
    totals = [sum(row["verdict"] == verdict for row in rows) for verdict in VERDICTS]
    lines.append(f"| **total** | **{len(rows)}** | " + " | ".join(map(str, totals)) + " |")
    for handout, title in HANDOUTS.items():
        mine = [row for row in rows if row["handout"] == handout]
        lines += ["", f'<a id="handout-{handout}"></a>', "", f"## Handout {handout}: {title}", ""]
        if not mine:
            lines.append(
                "Este handout não imprime nenhum resultado numérico: só fórmulas. A lição "
                "[02](../notebooks/02_metricas_de_classificacao.ipynb) (seção 6) avalia as "
                "fórmulas (10.1)–(10.12) na matriz SPAM, e a lição "
                "[06](../notebooks/06_metricas_de_regressao.ipynb) as (10.13)–(10.20)."
            )
            continue
        lines += [
            "| onde | impresso | evalbook | lição, seção | veredito | nota |",
            "|---|---|---|---|---|---|",
        ]
        for row in mine:
            path = lesson_paths()[row["lesson"]]
            heading = sections(row["lesson"])[row["section"]][0]
            link = f"[{row['lesson']} · {_cell(_plain(heading))}](../notebooks/{path.name})"
            printed = row["printed"] or "*(perdido)*"
            lines.append(
                f"| {_cell(row['where'])} | {_cell(printed)} | {_cell(row['workbook'])} | {link} "
                f"| {VERDICTS[row['verdict']]} | {_cell(row['note'])} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    rows = read_rows()
    page = render(rows)
    if "--check" in argv:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != page:
            print(f"{PAGE.relative_to(ROOT)} is out of date: run python docs/reproduction.py")
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}: {len(rows)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
