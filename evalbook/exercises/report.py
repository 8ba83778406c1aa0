"""The class report: a folder of students' exports collected into per-item statistics.

Every ``*.json`` under the folder is read with :func:`evalbook.exercises.store.read_document`
(format, version, JSON Schema, SHA-256). A file that is malformed, of another version, edited
by hand, or a duplicate (the same record twice, or an older record of the same student and
set) is listed with the reason and left out; it never stops the report.

Per set and item: how many students tried it, the share right at the first try and at the
end (of those who tried), the median number of tries, the most frequent known mistake, who
has not tried it, for a guess the share of first guesses on the value's side of the item's
decision boundary, and the written answers. Written as an HTML page (a bar chart per set in
inline SVG, no network) and a CSV.

Examples
--------
>>> import pathlib, tempfile
>>> report = collect(pathlib.Path(tempfile.mkdtemp()))
>>> report.documents, report.rejected
([], [])
"""

from __future__ import annotations

import html
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from evalbook._core.messages import gettext, pgettext
from evalbook.exercises import store
from evalbook.exercises.registry import all_exercises
from evalbook.exercises.session import RIGHT, UNGRADED, items_in_order

__all__ = ["ClassReport", "collect", "write_csv", "write_html"]

#: Above this many files, reading them shows a progress bar (tqdm).
PROGRESS_BAR_FROM = 50


@dataclass
class ClassReport:
    """The documents kept, the files left out (path, reason), and the per-item table."""

    documents: list[dict] = field(default_factory=list)
    rejected: list[tuple[Path, str]] = field(default_factory=list)

    def sets(self) -> list[str]:
        return sorted({document["set"] for document in self.documents})

    def students(self, set_id: str) -> list[str]:
        return [_who(document) for document in self.documents if document["set"] == set_id]

    def table(self) -> pd.DataFrame:
        """One row per (set, item): the statistics of the report."""
        rows = []
        for set_id in self.sets():
            documents = [d for d in self.documents if d["set"] == set_id]
            for exercise_id in items_in_order(set_id):
                rows.append(_item_row(set_id, exercise_id, documents))
        columns = [
            "conjunto",
            "item",
            "tipo",
            "estudantes",
            "tentaram",
            "certo_na_primeira",
            "certo_no_fim",
            "mediana_tentativas",
            "erro_conhecido_mais_frequente",
            "vezes_erro_conhecido",
            "nao_tentaram",
            "palpites_do_lado_do_valor",
            "respostas_escritas",
        ]
        return pd.DataFrame(rows, columns=columns)


def _who(document: dict) -> str:
    return document["student"] or "(sem nome)"


def _item_row(set_id: str, exercise_id: str, documents: list[dict]) -> dict:
    exercise = all_exercises()[exercise_id]
    rows = [(_who(d), next(r for r in d["items"] if r["item"] == exercise_id)) for d in documents]
    tried = [(who, row) for who, row in rows if row["tries"] > 0]
    graded = exercise.kind not in UNGRADED
    first = final = median = None
    if tried and graded:
        first = sum(row["first_try"] == RIGHT for _, row in tried) / len(tried)
        final = sum(row["result"] == RIGHT for _, row in tried) / len(tried)
    if tried:
        median = float(statistics.median(row["tries"] for _, row in tried))
    mistakes = Counter(m for _, row in tried for m in row["known_mistakes"])
    top, times = ("", 0)
    if mistakes:
        position, times = mistakes.most_common(1)[0]
        if position < len(exercise.mistakes):
            top = exercise.for_variant(None).mistakes[position][1]  # as the solutions read it
    written = [f"{who}: {text['text']}" for who, row in tried for text in row["written"][-1:]]
    # first guesses that fell on the value's side of the item's decision boundary
    sides = [row["guesses"][0]["same_side"] for _, row in tried if row["guesses"]]
    sides = [side for side in sides if side is not None]
    return {
        "conjunto": set_id,
        "item": exercise_id,
        "tipo": exercise.kind,
        "estudantes": len(rows),
        "tentaram": len(tried),
        "certo_na_primeira": first,
        "certo_no_fim": final,
        "mediana_tentativas": median,
        "erro_conhecido_mais_frequente": top,
        "vezes_erro_conhecido": times,
        "nao_tentaram": "; ".join(who for who, row in rows if row["tries"] == 0),
        "palpites_do_lado_do_valor": sum(sides) / len(sides) if sides else None,
        "respostas_escritas": " | ".join(written),
    }


def collect(folder, *, progress_bar: bool | None = None) -> ClassReport:
    """Read every ``*.json`` under ``folder``; keep the sound records, list the others.

    ``progress_bar``: show a tqdm bar while reading (default: when there are more than
    :data:`PROGRESS_BAR_FROM` files).
    """
    paths = sorted(Path(folder).rglob("*.json"))
    if progress_bar is None:
        progress_bar = len(paths) > PROGRESS_BAR_FROM
    if progress_bar:
        from tqdm.auto import tqdm

        paths_read = tqdm(paths, desc=gettext("reading exports"), unit=gettext("file"))
    else:
        paths_read = paths
    report = ClassReport()
    by_digest: dict[str, Path] = {}
    by_student: dict[tuple[str, str], tuple[dict, Path]] = {}
    for path in paths_read:
        try:
            document = store.read_document(path)
        except store.DocumentError as error:
            report.rejected.append((path, str(error)))
            continue
        except OSError as error:
            why = gettext("I could not read it ({error})").format(error=error.strerror)
            report.rejected.append((path, why))
            continue
        if document["sha256"] in by_digest:
            why = gettext("duplicate of {file}").format(file=by_digest[document["sha256"]].name)
            report.rejected.append((path, why))
            continue
        by_digest[document["sha256"]] = path
        key = (document["set"], _who(document))
        if key in by_student:
            kept, kept_path = by_student[key]
            older = gettext("another record of the same student and set, older than {file}")
            if kept["saved"] >= document["saved"]:
                report.rejected.append((path, older.format(file=kept_path.name)))
                continue
            report.rejected.append((kept_path, older.format(file=path.name)))
        by_student[key] = (document, path)
    report.documents = [document for document, _ in by_student.values()]
    report.documents.sort(key=lambda d: (d["set"], _who(d)))
    return report


def write_csv(report: ClassReport, path) -> Path:
    """The per-item table as CSV (UTF-8, shares as fractions)."""
    path = Path(path)
    report.table().to_csv(path, index=False)
    return path


def _percent(value) -> str:
    return "—" if value is None or pd.isna(value) else f"{100 * value:.0f}%"


def _chart(rows: pd.DataFrame) -> str:
    """Horizontal bars: right at the first try and at the end, per graded item (SVG)."""
    rows = rows[rows.certo_no_fim.notna()]
    bar, gap, left, width = 9, 8, 190, 420
    height = max(1, len(rows)) * (2 * bar + gap) + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 60}" '
        f'height="{height}" role="img" aria-label="certo na primeira tentativa e no fim">'
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        x = left + tick * width
        parts.append(
            f'<line x1="{x}" y1="20" x2="{x}" y2="{height - 15}" stroke="#ddd"/>'
            f'<text x="{x}" y="{height - 2}" font-size="10" text-anchor="middle">'
            f"{tick:.0%}</text>"
        )
    parts.append(
        '<rect x="190" y="2" width="10" height="10" fill="#9ecae1"/>'
        '<text x="204" y="11" font-size="11">certo na 1ª tentativa</text>'
        '<rect x="340" y="2" width="10" height="10" fill="#08519c"/>'
        '<text x="354" y="11" font-size="11">certo no fim</text>'
    )
    y = 22
    for row in rows.itertuples():
        parts.append(
            f'<text x="{left - 6}" y="{y + bar + 3}" font-size="11" text-anchor="end">'
            f"{html.escape(row.item)}</text>"
        )
        for value, color in ((row.certo_na_primeira, "#9ecae1"), (row.certo_no_fim, "#08519c")):
            parts.append(
                f'<rect x="{left}" y="{y}" width="{width * value:.1f}" height="{bar}" '
                f'fill="{color}"><title>{html.escape(row.item)}: {_percent(value)}</title></rect>'
                f'<text x="{left + width * value + 4:.1f}" y="{y + bar - 1}" font-size="9">'
                f"{_percent(value)}</text>"
            )
            y += bar
        y += gap
    parts.append("</svg>")
    return "".join(parts)


def write_html(report: ClassReport, path, *, title: str | None = None) -> Path:
    """A self-contained HTML page (inline CSS and SVG, nothing fetched from the network), in
    the display language; ``title`` defaults to "Class report" in it."""
    path = Path(path)
    table = report.table()
    escape = html.escape
    title = gettext("Class report") if title is None else title
    body = [f"<h1>{escape(title)}</h1>"]
    total = len(report.documents)
    read = gettext(
        "{records} record(s) read from {students} student(s); {rejected} file(s) left out."
    ).format(
        records=total,
        students=len({_who(d) for d in report.documents}),
        rejected=len(report.rejected),
    )
    body.append(f"<p>{read}</p>")
    heads = (
        gettext("item"),
        gettext("tried"),
        gettext("right at the 1st try"),
        gettext("right in the end"),
        gettext("median of tries"),
        gettext("1st guess on the value's side"),
        gettext("most frequent known mistake"),
        gettext("did not try"),
    )
    for set_id in report.sets():
        rows = table[table.conjunto == set_id]
        students = report.students(set_id)
        heading = gettext("Exercises {set} ({n} students)").format(set=set_id, n=len(students))
        body.append(f"<h2>{heading}</h2>")
        body.append(_chart(rows))
        lines = ["<table><tr>" + "".join(f"<th>{escape(head)}</th>" for head in heads) + "</tr>"]
        for row in rows.itertuples():
            mistake = (
                f"{escape(row.erro_conhecido_mais_frequente)} ({row.vezes_erro_conhecido}×)"
                if row.vezes_erro_conhecido
                else "—"
            )
            median = "—" if pd.isna(row.mediana_tentativas) else f"{row.mediana_tentativas:g}"
            lines.append(
                f"<tr><td>{escape(row.item)}</td><td>{row.tentaram}/{row.estudantes}</td>"
                f"<td>{_percent(row.certo_na_primeira)}</td><td>{_percent(row.certo_no_fim)}</td>"
                f"<td>{median}</td><td>{_percent(row.palpites_do_lado_do_valor)}</td>"
                f"<td class='hint'>{mistake}</td>"
                f"<td>{escape(row.nao_tentaram) or '—'}</td></tr>"
            )
        lines.append("</table>")
        body.extend(lines)
        written = [
            (d, r)
            for d in report.documents
            if d["set"] == set_id
            for r in d["items"]
            if r["written"]
        ]
        if written:
            written_answers = gettext("Written answers")
            body.append(f"<h3>{escape(written_answers)}</h3><dl>")
            for document, row in written:
                body.append(
                    f"<dt>{escape(_who(document))}, {escape(row['item'])}</dt>"
                    f"<dd>{escape(row['written'][-1]['text'])}</dd>"
                )
            body.append("</dl>")
    if report.rejected:
        left_out, file, reason = gettext("Files left out"), gettext("file"), gettext("reason")
        body.append(
            f"<h2>{escape(left_out)}</h2><table><tr>"
            f"<th>{escape(file)}</th><th>{escape(reason)}</th></tr>"
        )
        for rejected, reason in report.rejected:
            body.append(f"<tr><td>{escape(rejected.name)}</td><td>{escape(reason)}</td></tr>")
        body.append("</table>")
    style = (
        "body{font-family:sans-serif;margin:2em;max-width:1100px}"
        "table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}"
        "td.hint{max-width:380px}dt{font-weight:bold;margin-top:.5em}"
    )
    # Translators: the language tag of an HTML page (lang="...")
    lang = pgettext("HTML lang attribute", "en")
    page = (
        f'<!DOCTYPE html><html lang="{lang}">'
        '<head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{style}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
    path.write_text(page, encoding="utf-8")
    return path
