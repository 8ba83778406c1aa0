"""The reproduction index (docs/reproduction.csv → docs/reproducao.md) and the lessons' errata.

Every row of the index is recomputed with evalbook: the test fails when the workbook's value
or the verdict that the numbers give changes, when a row points to a lesson section that does
not exist or does not print the value, and when the generated page is out of date. The
second half checks the errata the lessons must carry, each with the handout's words.
"""

import importlib.util
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("reproduction", ROOT / "docs" / "reproduction.py")
reproduction = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(reproduction)

ROWS = reproduction.read_rows()


def _lesson_text(lesson: str) -> str:
    path = reproduction.lesson_paths()[lesson]
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _errata_boxes(lesson: str) -> list[str]:
    """The text of each "> ⚠️ **Errata**" box of a lesson (a box runs to its last '>' line)."""
    boxes = re.findall(r"^> ⚠️ \*\*Errata\*\*.*?(?=^[^>]|\Z)", _lesson_text(lesson), re.M | re.S)
    return [re.sub(r"\s*\n>\s?", " ", box) for box in boxes]


# ------------------------------------------------------------------------ the index
def test_the_table_has_unique_ids_and_known_values():
    ids = Counter(row["id"] for row in ROWS)
    assert [key for key, count in ids.items() if count > 1] == []
    for row in ROWS:
        assert row["id"].startswith(row["handout"] + "-"), row["id"]
        assert row["handout"] in reproduction.HANDOUTS, row["id"]
        assert row["verdict"] in reproduction.VERDICTS, row["id"]
        assert row["lesson"] in reproduction.lesson_paths(), row["id"]
        assert (row["verdict"] == "lost") == (row["printed"] == ""), row["id"]


def test_the_index_covers_every_handout_that_prints_numbers():
    per_handout = Counter(row["handout"] for row in ROWS)
    # the SPAM example alone prints more than twenty numbers; handout 002 prints only formulas
    assert per_handout["000"] >= 60
    assert per_handout["001"] >= 60
    assert per_handout["003"] >= 4
    assert per_handout["004"] >= 35
    assert per_handout["002"] == 0
    spam_rows = [r for r in ROWS if r["handout"] == "000" and "spam" in r["expression"]]
    assert len(spam_rows) > 20


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_each_row_is_recomputed_with_the_same_value_and_verdict(row):
    value = reproduction.evaluate(row["expression"])
    assert reproduction.show(value) == row["workbook"], "the workbook's value changed"
    assert reproduction.derive_verdict(row, value) == row["verdict"], "the verdict changed"


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_each_row_points_to_the_section_that_prints_it(row):
    sections = reproduction.sections(row["lesson"])
    assert row["section"] in sections, f"lesson {row['lesson']} has no section {row['section']}"
    _, outputs = sections[row["section"]]
    if row["shown"]:
        # the same text, whatever the column widths (a table's labels change its spacing)
        shown, printed = " ".join(row["shown"].split()), " ".join(outputs.split())
        assert shown in printed, "the section's stored outputs do not show the value"


def test_every_erratum_row_has_an_errata_box_in_its_lesson():
    for row in ROWS:
        if row["verdict"] == "erratum":
            boxes = _errata_boxes(row["lesson"])
            assert any(row["printed"] in box for box in boxes), row["id"]


def test_the_page_is_up_to_date():
    page = (ROOT / "docs" / "reproducao.md").read_text(encoding="utf-8")
    assert page == reproduction.render(ROWS), "run: python docs/reproduction.py"


def test_the_readme_links_the_index_and_names_the_sources():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/reproducao.md)" in readme
    sources = readme.split("## Sources", 1)[1].split("\n## ", 1)[0]
    for handout in reproduction.HANDOUTS:
        assert f"`{handout}`" in sources, handout


# --------------------------------------------------------------- the verdict rules
@pytest.mark.parametrize(
    ("number", "value", "verdict"),
    [
        ("0.667", 2 / 3, "rounding"),
        ("0.75", 0.75, "agrees"),
        ("1.65", 1.6448536269514722, "rounding"),  # 1.645 → 1.65, as Witten & Frank print it
        ("2.04", 2.045229642132703, "erratum"),  # truncated: 2.05 to three figures
        ("0.00", -0.459854, "erratum"),  # kappa's "minimum" of 0%
        ("1/3", Fraction(1, 3), "agrees"),
        ("1/3", 0.3333, "erratum"),
    ],
)
def test_the_verdict_rules(number, value, verdict):
    row = {"printed": number, "number": number, "rounded": ""}
    assert reproduction.derive_verdict(row, value) == verdict


def test_a_lost_number_and_a_text_value():
    assert reproduction.derive_verdict({"printed": "", "number": ""}, 140) == "lost"
    row = {"printed": "FN", "number": "", "rounded": ""}
    assert reproduction.derive_verdict(row, "FN") == "agrees"
    assert reproduction.derive_verdict(row, "TP") == "erratum"


# -------------------------------------------------------------------------- the errata
def test_footnote_5_is_not_called_wrong():
    # handout 000's footnote 5 says "negative values first" for rows and for columns: right.
    for box in _errata_boxes("01"):
        assert "nota de rodapé 5" not in box
    flat = re.sub(r"\s*\n>?\s*", " ", _lesson_text("01"))
    assert "os valores negativos como primeiro índice das colunas”, e que “a biblioteca" in flat


# (lesson, words of the handout quoted in an errata box, words of the correction)
REQUIRED_ERRATA = [
    ("05", "sempre que uma regressão linear produz um predição", "regressão logística"),
    ("05", "é uma regressão linear independente", "regressão logística"),
    ("05b", "é mais sensível a diferenças nas caudas das distribuições", "centro"),
    ("05", "Área Under de Curve", "Area Under **the** Curve"),
    ("05", "ROC e AUX", "AUC"),
    ("05b", "A algum tempo", "**Há** algum tempo"),
    ("05b", "Percentual de casos teste", "conjunto de teste inteiro"),
    ("02", "tem suas origens em uma disciplina chamada Recuperação da Informação", "diagnóstico"),
    ("06", "Desvio Absoluto Médio", "dispersão"),
    ("06", "Desvio Absoluto Médio **Percentual**", "fração"),
    ("10", "traz 2.04", "2.0452"),
]


@pytest.mark.parametrize(("lesson", "quote", "correction"), REQUIRED_ERRATA)
def test_the_lessons_flag_the_handout_errors(lesson, quote, correction):
    boxes = [box for box in _errata_boxes(lesson) if quote in box]
    assert boxes, f"lesson {lesson} has no errata box quoting {quote!r}"
    assert any(correction in box for box in boxes)


# (lesson, section, text its stored outputs must contain): the intermediate values a
# lesson prints on the way to a handout's number
SUB_VALUES = [
    ("05b", "1", "KS = TPR − FPR = 6/9 − 1/11 = 19/33 = 0.5758"),
    ("05", "5", "Gini = 2·AUC − 1 = 2·79/99 − 1 = 59/99 = 0.5960"),
    ("04", "5", "p_o = 15/20 = 0.7500"),
    ("04", "5", "p_e = (9·8 + 11·12) / 20² = 0.5100"),
    ("09", "1", "p(−1.65 ≤ x ≤ 1.65) = 0.9011"),
    ("09", "5", "só o kNN acerta: 4 flores; só a árvore acerta: 0 flores"),
    ("09", "5", "McNemar exato: valor-p = 0.1250"),
    ("10", "2", "z = d / σ = -0.1500 / 0.0523 = -2.867"),
    ("10", "2", "valor-p bicaudal = 2·P(Z ≥ |z|) = 0.0041"),
    ("10", "4", "σ/√k = 0.002/√30 = 0.00037"),
    ("10", "4", "σ/√k = 0.003/√10 = 0.00095"),
]


@pytest.mark.parametrize(("lesson", "section", "text"), SUB_VALUES)
def test_the_lessons_show_the_sub_values(lesson, section, text):
    assert text in reproduction.sections(lesson)[section][1]


def test_the_sub_values_agree_with_an_independent_computation():
    from scipy import stats

    assert Fraction(6, 9) - Fraction(1, 11) == Fraction(19, 33)
    assert 2 * Fraction(79, 99) - 1 == Fraction(59, 99)
    assert round(stats.norm.cdf(1.65) - stats.norm.cdf(-1.65), 4) == 0.9011
    assert stats.binomtest(4, 4, 0.5).pvalue == 2 * 0.5**4 == 0.125
    sigma = (0.7 * 0.3 / 100 + 0.85 * 0.15 / 200) ** 0.5
    assert round(-0.15 / sigma, 3) == -2.867
    assert round(2 * stats.norm.sf(0.15 / sigma), 4) == 0.0041
