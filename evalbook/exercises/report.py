"""The class report and gradebook: a folder of students' exports, and the class list.

Every ``*.json`` under the folder (hidden files and folders aside) is read with
:func:`evalbook.exercises.store.read_document` (size and depth limits, format, version,
JSON Schema, SHA-256). A file that is malformed, of another format version, edited by hand,
of a set this course does not have, made with another version of a set (its items differ),
or a duplicate (the same record twice, or an older record of the same student and set) is
listed with the reason and left out; it never stops the report. Students are known by
their id (``student_id``: the roster's number), or, in a record without one, by their name
(case and accents ignored) and variant: two students of the same name are two students.

Per set and item: how many students tried it, the share right at the first try and at the
end (of those who tried), the median number of tries, the most frequent known mistake and
how many students made it, who has not tried it, for a guess the share of first guesses on
the value's side of the item's decision boundary, for a multiple-choice item how many
students chose each option (first and last answer), and the written answers by student.
With the class list (:mod:`~.roster`): who never handed in, the records of students not on
it, and the gradebook, one row per student of the list (points per set, first try and
final, variant, time of the last answer), written as a CSV that Moodle's "Import grades
from CSV" reads (:func:`write_gradebook`). Written as an HTML page (a bar chart per set in
inline SVG, no network) and CSV files whose cells are never read as formulas.

Examples
--------
>>> import pathlib, tempfile
>>> report = collect(pathlib.Path(tempfile.mkdtemp()))
>>> report.documents, report.rejected
([], [])
"""

from __future__ import annotations

import csv
import html
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from evalbook._core.checks import as_path
from evalbook._core.messages import gettext, ngettext, pgettext
from evalbook.exercises import store
from evalbook.exercises.answers import normal_text
from evalbook.exercises.registry import all_exercises, exercise_sets
from evalbook.exercises.session import RIGHT, UNGRADED, items_in_order

__all__ = ["ClassReport", "collect", "student_key", "write_csv", "write_gradebook", "write_html"]

#: Above this many files, reading them shows a progress bar (tqdm).
PROGRESS_BAR_FROM = 50


def student_key(document: dict) -> tuple:
    """Who a record is: its ``student_id``, or its name (case and accents ignored) and
    variant when it has none."""
    if document.get("student_id"):
        return ("id", normal_text(document["student_id"]))
    return ("nome", normal_text(document["student"] or ""), document["variant"])


@dataclass
class ClassReport:
    """The documents kept, the files left out (path, reason), the class list if given."""

    documents: list[dict] = field(default_factory=list)
    rejected: list[tuple[Path, str]] = field(default_factory=list)
    roster: list | None = None
    folder: Path | None = None

    def shown(self, path: Path) -> str:
        """A file's name as the report shows it: its path inside the folder read."""
        if self.folder is not None and path.is_relative_to(self.folder):
            return path.relative_to(self.folder).as_posix()
        return path.name

    def in_class_order(self, documents: list[dict]) -> list[dict]:
        """``documents`` in the class list's order (students not on it last)."""
        if self.roster is None:
            return documents
        by_student, _ = self._match()
        order = {id(d): n for n, records in by_student.items() for d in records}
        return sorted(documents, key=lambda d: order.get(id(d), len(order)))

    def sets(self) -> list[str]:
        return sorted({document["set"] for document in self.documents})

    def students(self, set_id: str) -> list[str]:
        return [_who(document) for document in self.documents if document["set"] == set_id]

    # ------------------------------------------------------------------ the class list
    def _match(self) -> tuple[dict[int, list[dict]], list[dict]]:
        """Records by the roster's student (position in the list), and the records of
        students not on it."""
        by_student: dict[int, list[dict]] = {n: [] for n in range(len(self.roster or []))}
        strangers = []
        ids = {normal_text(s.student_id): n for n, s in enumerate(self.roster or [])}
        names = Counter(normal_text(s.name) for s in self.roster or [])
        by_name = {normal_text(s.name): n for n, s in enumerate(self.roster or [])}
        for document in self.documents:
            position = None
            if document.get("student_id"):
                position = ids.get(normal_text(document["student_id"]))
            elif document["student"] and names[normal_text(document["student"])] == 1:
                position = by_name[normal_text(document["student"])]
            if position is None:
                strangers.append(document)
            else:
                by_student[position].append(document)
        return by_student, strangers

    def never_handed_in(self) -> list:
        """The students of the class list with no record kept."""
        if self.roster is None:
            return []
        by_student, _ = self._match()
        return [self.roster[n] for n, records in by_student.items() if not records]

    def not_on_the_list(self) -> list[dict]:
        """The records of students who are not on the class list."""
        return self._match()[1] if self.roster is not None else []

    def gradebook(self) -> pd.DataFrame:
        """One row per student (the class list's, in its order; without it, every student
        of the records): id, name, email, and per set the variant, the points at the end and
        at the first try, the items graded, and the time of the last answer."""
        rows = []
        if self.roster is not None:
            by_student, _ = self._match()
            people = [
                (s.student_id, s.name, s.email or "", by_student[n])
                for n, s in enumerate(self.roster)
            ]
        else:
            grouped: dict[tuple, list[dict]] = {}
            for document in self.documents:
                grouped.setdefault(student_key(document), []).append(document)
            people = [(d[0].get("student_id") or "", _who(d[0]), "", d) for d in grouped.values()]
        sets = self.sets()
        for student_id, name, email, documents in people:
            row = {"id": student_id, "nome": name, "email": email}
            by_set = {document["set"]: document for document in documents}
            total = 0
            for set_id in sets:
                document = by_set.get(set_id)
                graded = (
                    [r for r in document["items"] if r["kind"] not in UNGRADED] if document else []
                )
                final = sum(r["result"] == RIGHT for r in graded) if document else None
                first = sum(r["first_try"] == RIGHT for r in graded) if document else None
                row[f"{set_id}_variante"] = document["variant"] if document else None
                row[f"{set_id}_pontos"] = final
                row[f"{set_id}_primeira"] = first
                row[f"{set_id}_itens"] = len(graded) if document else None
                row[f"{set_id}_hora"] = _last_answer(document) if document else ""
                total += final or 0
            row["total"] = total if documents else None
            rows.append(row)
        return pd.DataFrame(rows)

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
            "estudantes_com_erro_conhecido",
            "nao_tentaram",
            "palpites_do_lado_do_valor",
            "opcoes_escolhidas",
            "respostas_escritas",
        ]
        return pd.DataFrame(rows, columns=columns)


def _last_answer(document: dict) -> str:
    times = [r["last_time"] for r in document["items"] if r["last_time"]]
    return max(times) if times else ""


def _who(document: dict) -> str:
    return document["student"] or document.get("student_id") or "(sem nome)"


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
    # how many students made each known mistake (once each, however often they made it)
    mistakes = Counter(m for _, row in tried for m in set(row["known_mistakes"]))
    top, students = ("", 0)
    if mistakes:
        position, students = mistakes.most_common(1)[0]
        if position < len(exercise.mistakes):
            top = exercise.for_variant(None).mistakes[position][1]  # as the solutions read it
    written = [f"{who}: {text['text']}" for who, row in tried for text in row["written"][-1:]]
    # first guesses that fell on the value's side of the item's decision boundary
    sides = [row["guesses"][0]["same_side"] for _, row in tried if row["guesses"]]
    sides = [side for side in sides if side is not None]
    options = ""
    if exercise.kind == "choice":
        counts = option_counts(exercise_id, documents)
        options = "; ".join(f"{choice}: {n}" for choice, (n, _) in counts.items())
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
        "estudantes_com_erro_conhecido": students,
        "nao_tentaram": "; ".join(who for who, row in rows if row["tries"] == 0),
        "palpites_do_lado_do_valor": sum(sides) / len(sides) if sides else None,
        "opcoes_escolhidas": options,
        "respostas_escritas": " | ".join(written),
    }


def option_counts(exercise_id: str, documents: list[dict]) -> dict[str, tuple[int, int]]:
    """For a multiple-choice item: option → (students whose first answer it was, students
    whose last answer it was), every option listed."""
    exercise = all_exercises()[exercise_id]
    first: Counter = Counter()
    last: Counter = Counter()
    for document in documents:
        row = next(r for r in document["items"] if r["item"] == exercise_id)
        chosen = row.get("choices") or []
        if chosen:
            first[chosen[0]["choice"]] += 1
            last[chosen[-1]["choice"]] += 1
    return {choice: (first[choice], last[choice]) for choice in exercise.choices}


def _sound_for_this_course(document: dict) -> str | None:
    """Why a sound record cannot be counted here (display language), or None."""
    sets = exercise_sets()
    if document["set"] not in sets:
        return gettext("it is of set {set}, which this course does not have").format(
            set=document["set"]
        )
    items = [(row["item"], row["kind"]) for row in document["items"]]
    ours = [(i, e.kind) for i, e in sets[document["set"]].exercises.items()]
    if items != ours:
        return gettext(
            "it was made with another version of set {set} (its items differ from this course's)"
        ).format(set=document["set"])
    return None


def collect(folder, *, roster=None, progress_bar: bool | None = None) -> ClassReport:
    """Read every ``*.json`` under ``folder``; keep the sound records, list the others.

    ``roster``: the students of the class list (:func:`~.roster.read_roster`), for the
    gradebook. ``progress_bar``: show a tqdm bar while reading (default: when there are more
    than :data:`PROGRESS_BAR_FROM` files). A ValueError if ``folder`` is not a folder.
    """
    folder = as_path(folder, "folder")
    if not folder.is_dir():
        raise ValueError(gettext("the folder {folder} does not exist").format(folder=folder))
    paths = sorted(
        path
        for path in folder.rglob("*.json")
        if not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )
    if progress_bar is None:
        progress_bar = len(paths) > PROGRESS_BAR_FROM
    if progress_bar:
        from tqdm.auto import tqdm

        paths_read = tqdm(paths, desc=gettext("reading exports"), unit=gettext("file"))
    else:
        paths_read = paths
    report = ClassReport(roster=roster, folder=folder)
    by_digest: dict[str, Path] = {}
    by_student: dict[tuple, tuple[dict, Path]] = {}
    for path in paths_read:
        try:
            document = store.read_document(path)
            problem = _sound_for_this_course(document)
        except store.DocumentError as error:
            report.rejected.append((path, str(error)))
            continue
        except OSError as error:
            why = gettext("I could not read it ({error})").format(error=error.strerror)
            report.rejected.append((path, why))
            continue
        except Exception as error:  # never stop the report for one file
            why = gettext("I could not read it ({error})").format(error=type(error).__name__)
            report.rejected.append((path, why))
            continue
        if problem is not None:
            report.rejected.append((path, problem))
            continue
        if document["sha256"] in by_digest:
            why = gettext("duplicate of {file}").format(file=by_digest[document["sha256"]].name)
            report.rejected.append((path, why))
            continue
        by_digest[document["sha256"]] = path
        key = (document["set"], student_key(document))
        if key in by_student:
            kept, kept_path = by_student[key]
            older = gettext("another record of the same student and set, older than {file}")
            if kept["saved"] >= document["saved"]:
                report.rejected.append((path, older.format(file=kept_path.name)))
                continue
            report.rejected.append((kept_path, older.format(file=path.name)))
        by_student[key] = (document, path)
    report.documents = [document for document, _ in by_student.values()]
    report.documents.sort(key=lambda d: (d["set"], normal_text(_who(d)), str(student_key(d))))
    return report


def _safe_frame(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.map(store.safe_cell)


def write_csv(report: ClassReport, path) -> Path:
    """The per-item table as CSV (UTF-8, shares as fractions; no cell read as a formula)."""
    path = as_path(path, "path")
    _safe_frame(report.table()).to_csv(path, index=False)
    return path


def write_gradebook(report: ClassReport, path) -> Path:
    """The gradebook as a CSV for Moodle's "Import grades from CSV" (UTF-8, comma, ``.``).

    Columns: ``idnumber`` (the student's id: the roster's ``numero``; map it to the user
    field "ID number"), ``email`` (map to "Email address" if the roster has it), ``nome``,
    then one column per set, ``Exercícios NN``, with the points at the end (items right,
    guesses and written answers not counted), and ``Total``. A student with no record of a
    set has an empty cell (Moodle leaves that grade as it is). Every student of the class
    list has a row, in its order. No cell starts with ``=``, ``+``, ``-`` or ``@``.
    """
    path = as_path(path, "path")
    book = report.gradebook()
    sets = report.sets()
    with open(path, "w", newline="", encoding="utf-8") as handle:
        table = csv.writer(handle)
        table.writerow(["idnumber", "email", "nome", *(f"Exercícios {s}" for s in sets), "Total"])
        for row in book.to_dict("records"):
            points = [_cell(row.get(f"{set_id}_pontos")) for set_id in sets]
            cells = [row["id"], row["email"], row["nome"], *points, _cell(row["total"])]
            table.writerow([store.safe_cell(cell) for cell in cells])
    return path


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


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


def _mark(row: dict) -> tuple[str, str]:
    """The cell of one item of one student: a mark and its class."""
    if row["tries"] == 0:
        return "—", "none"
    if row["kind"] in UNGRADED:
        return "✎", "rec"
    if row["result"] == RIGHT:
        if row["first_try"] == RIGHT:
            return "✔", "first"
        return f"✔{row['tries']}", "late"
    return f"✘{row['tries']}", "wrong"


def _summary(report: ClassReport) -> str:
    escape = html.escape
    records = len(report.documents)
    students = len({student_key(d) for d in report.documents})
    rejected = len(report.rejected)
    parts = [
        ngettext("{n} record read", "{n} records read", records).format(n=records),
        ngettext("from {n} student", "from {n} students", students).format(n=students),
    ]
    left = ngettext("{n} file left out", "{n} files left out", rejected).format(n=rejected)
    text = f"{' '.join(parts)}; {left}."
    lines = [f"<p>{escape(text)}</p>"]
    if report.roster is not None:
        missing = report.never_handed_in()
        strangers = report.not_on_the_list()
        size = len(report.roster)
        lines.append(
            "<p>"
            + escape(
                ngettext(
                    "Class list: {n} student; {handed} handed in something.",
                    "Class list: {n} students; {handed} handed in something.",
                    size,
                ).format(n=size, handed=size - len(missing))
            )
            + "</p>"
        )
        if missing:
            never = gettext("Never handed in ({n})").format(n=len(missing))
            names = ", ".join(escape(f"{s.name} ({s.student_id})") for s in missing)
            lines.append(f"<p class='warn'><b>{escape(never)}:</b> {names}</p>")
        if strangers:
            foreign = gettext("Records of students not on the class list ({n})").format(
                n=len(strangers)
            )
            names = ", ".join(escape(f"{_who(d)} ({d['set']})") for d in strangers)
            lines.append(f"<p class='warn'><b>{escape(foreign)}:</b> {names}</p>")
    return "".join(lines)


def _gradebook_html(report: ClassReport) -> str:
    escape = html.escape
    book = report.gradebook()
    sets = report.sets()
    if book.empty:
        return ""
    title = gettext("Gradebook")
    explain = gettext(
        "Points at the end (items right) out of the items graded; in parentheses, right at "
        "the first try. The variant and the time of the last answer are in each cell's tip."
    )
    heads = [gettext("student"), gettext("id"), *(gettext("set {set}").format(set=s) for s in sets)]
    heads.append(gettext("total"))
    parts = [
        f"<h2>{escape(title)}</h2><p class='note'>{escape(explain)}</p>",
        "<table class='book'><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>",
    ]
    for row in book.to_dict("records"):
        cells = [f"<td>{escape(row['nome'])}</td>", f"<td>{escape(str(row['id']))}</td>"]
        for set_id in sets:
            points = row.get(f"{set_id}_pontos")
            if points is None or pd.isna(points):
                cells.append("<td class='none'>—</td>")
                continue
            variant = row[f"{set_id}_variante"]
            tip = gettext("variant {variant}; last answer {time}").format(
                variant="—" if variant is None or pd.isna(variant) else int(variant),
                time=row[f"{set_id}_hora"] or "—",
            )
            cells.append(
                f"<td title='{escape(tip)}'>{int(points)}/{int(row[f'{set_id}_itens'])} "
                f"<small>({int(row[f'{set_id}_primeira'])})</small></td>"
            )
        total = row["total"]
        cells.append("<td>—</td>" if total is None or pd.isna(total) else f"<td>{int(total)}</td>")
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def _grid(set_id: str, documents: list[dict]) -> str:
    """Per student, each item's mark, and the variant and time of the last answer."""
    escape = html.escape
    ids = items_in_order(set_id)
    short = [exercise_id.split(".", 1)[-1] for exercise_id in ids]
    heads = [gettext("student"), gettext("variant"), *short, gettext("points"), gettext("when")]
    lines = ["<table class='grid'><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"]
    for document in documents:
        rows = {r["item"]: r for r in document["items"]}
        marks = [_mark(rows[i]) for i in ids]
        graded = [rows[i] for i in ids if rows[i]["kind"] not in UNGRADED]
        final = sum(r["result"] == RIGHT for r in graded)
        variant = "—" if document["variant"] is None else str(document["variant"])
        cells = "".join(f"<td class='{kind}'>{escape(mark)}</td>" for mark, kind in marks)
        lines.append(
            f"<tr><td>{escape(_who(document))}</td><td>{escape(variant)}</td>{cells}"
            f"<td>{final}/{len(graded)}</td>"
            f"<td><small>{escape(_last_answer(document)[:16].replace('T', ' '))}</small></td></tr>"
        )
    lines.append("</table>")
    legend = gettext(
        "✔ right at the first try; ✔n right after n tries; ✘n wrong after n tries; ✎ a "
        "guess or a written answer, recorded; — not tried."
    )
    lines.append(f"<p class='note'>{escape(legend)}</p>")
    return "".join(lines)


def _options(set_id: str, documents: list[dict]) -> str:
    escape = html.escape
    parts = []
    for exercise_id in items_in_order(set_id):
        exercise = all_exercises()[exercise_id]
        if exercise.kind != "choice":
            continue
        right = str(exercise.expected(None)) if not exercise_sets()[set_id].variants else None
        counts = option_counts(exercise_id, documents)
        cells = []
        for choice, (first, last) in counts.items():
            mark = " ✔" if right is not None and normal_text(choice) == normal_text(right) else ""
            cells.append(f"<td>{escape(choice)}{mark}</td><td>{first}</td><td>{last}</td>")
        heads = (gettext("option"), gettext("1st answer"), gettext("last answer"))
        head = "".join(f"<th>{escape(h)}</th>" for h in heads)
        rows = "".join(f"<tr>{cell}</tr>" for cell in cells)
        parts.append(
            f"<div class='opt'><b>{escape(exercise_id)}</b>"
            f"<table><tr>{head}</tr>{rows}</table></div>"
        )
    if not parts:
        return ""
    title = gettext("Options chosen (students)")
    return f"<h3>{escape(title)}</h3><div class='opts'>{''.join(parts)}</div>"


def write_html(report: ClassReport, path, *, title: str | None = None) -> Path:
    """A self-contained HTML page (inline CSS and SVG, nothing fetched from the network), in
    the display language; ``title`` defaults to "Class report" in it."""
    path = as_path(path, "path")
    table = report.table()
    escape = html.escape
    title = gettext("Class report") if title is None else title
    body = [f"<h1>{escape(title)}</h1>", _summary(report), _gradebook_html(report)]
    heads = (
        gettext("item"),
        gettext("tried"),
        gettext("right at the 1st try"),
        gettext("right in the end"),
        gettext("median of tries"),
        gettext("1st guess on the value's side"),
        gettext("most frequent known mistake (students)"),
        gettext("did not try"),
    )
    for set_id in report.sets():
        rows = table[table.conjunto == set_id]
        documents = report.in_class_order([d for d in report.documents if d["set"] == set_id])
        heading = ngettext(
            "Exercises {set} ({n} student)", "Exercises {set} ({n} students)", len(documents)
        ).format(set=set_id, n=len(documents))
        body.append(f"<h2>{escape(heading)}</h2>")
        body.append(_chart(rows))
        lines = ["<table><tr>" + "".join(f"<th>{escape(head)}</th>" for head in heads) + "</tr>"]
        for row in rows.itertuples():
            mistake = (
                f"{escape(row.erro_conhecido_mais_frequente)} ({row.estudantes_com_erro_conhecido})"
                if row.estudantes_com_erro_conhecido
                else "—"
            )
            median = "—" if pd.isna(row.mediana_tentativas) else f"{row.mediana_tentativas:g}"
            lines.append(
                f"<tr><td>{escape(row.item)}</td><td>{row.tentaram}/{row.estudantes}</td>"
                f"<td>{_percent(row.certo_na_primeira)}</td><td>{_percent(row.certo_no_fim)}</td>"
                f"<td>{median}</td><td>{_percent(row.palpites_do_lado_do_valor)}</td>"
                f"<td class='hint'>{mistake}</td>"
                f"<td class='hint'>{escape(row.nao_tentaram) or '—'}</td></tr>"
            )
        lines.append("</table>")
        body.extend(lines)
        by_student = gettext("By student")
        body.append(f"<h3>{escape(by_student)}</h3>")
        body.append(_grid(set_id, documents))
        body.append(_options(set_id, documents))
        written = [(d, r) for d in documents for r in d["items"] if r["written"]]
        if written:
            written_answers = gettext("Written answers, by student")
            heads = (gettext("student"), gettext("item"), gettext("answer (the last one)"))
            body.append(
                f"<h3>{escape(written_answers)}</h3><table class='written'><tr>"
                + "".join(f"<th>{escape(head)}</th>" for head in heads)
                + "</tr>"
            )
            for document, row in written:
                body.append(
                    f"<tr><td>{escape(_who(document))}</td><td>{escape(row['item'])}</td>"
                    f"<td>{escape(row['written'][-1]['text'])}</td></tr>"
                )
            body.append("</table>")
    if report.rejected:
        left_out, file, reason = gettext("Files left out"), gettext("file"), gettext("reason")
        body.append(
            f"<h2>{escape(left_out)}</h2><table><tr>"
            f"<th>{escape(file)}</th><th>{escape(reason)}</th></tr>"
        )
        for rejected, reason in report.rejected:
            name = report.shown(rejected)
            body.append(f"<tr><td>{escape(name)}</td><td>{escape(reason)}</td></tr>")
        body.append("</table>")
    style = (
        "body{font-family:sans-serif;margin:1.5em;max-width:1200px}"
        "table{border-collapse:collapse;margin:.8em 0}"
        "td,th{border:1px solid #ccc;padding:3px 7px;font-size:13px;text-align:left}"
        "th{background:#f3f3f3}td.hint{max-width:340px}.written td:last-child{max-width:760px}"
        ".grid td,.grid th{text-align:center;padding:2px 5px}.grid td:first-child{text-align:left}"
        ".grid th{font-size:11px;font-weight:normal}"
        "td.first{background:#d6ecd2}td.late{background:#eef6d8}td.wrong{background:#f8d7d3}"
        "td.rec{background:#eaf1fb}td.none{color:#999}"
        ".note{color:#555;font-size:13px}.warn{background:#fff4d6;padding:.4em .6em}"
        ".opts{display:flex;flex-wrap:wrap;gap:1.5em}.opt table{margin:.3em 0}"
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
