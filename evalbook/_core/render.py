"""The one renderer of what a student sees: HTML tables, colours, figures, numbers, language.

Every explorer (:mod:`evalbook.widgets`), the matrix display and :func:`evalbook.summary`
build their HTML here, so a table, a colour or a number looks the same everywhere:

- :func:`html_table` turns rows of values (or :class:`Cell` records) into one ``<table>``;
- :data:`RESULT_COLOURS` and the other palettes are the workbook's colours;
- :func:`evalbook._core.svg.svg_plot` draws the plots as inline SVG (its own module);
- :func:`number` formats a number for the current language (thousands apart by a space in
  Portuguese, never by a comma);
- :func:`set_language` is the switch that sets the language of every display, report and
  explorer (English by default; the lessons set Portuguese in their setup cell).

This module imports neither matplotlib nor ipywidgets at import time.
"""

from __future__ import annotations

import functools
import html
import math
import numbers
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "CLASS_COLOURS",
    "LANGUAGES",
    "RESULT_COLOURS",
    "ROLE_COLOURS",
    "Cell",
    "check_ids",
    "chips",
    "confusion_html",
    "get_language",
    "html_table",
    "number",
    "options",
    "percent",
    "say",
    "set_language",
    "short_term",
    "side_by_side",
    "term",
]

# ---------------------------------------------------------------------- language
#: The languages of every display: English (the library's default) and Brazilian Portuguese.
LANGUAGES = ("en", "pt")

_LANGUAGE = {"value": "en"}


def check_language(language) -> str:
    """``language`` if it is one of :data:`LANGUAGES`, else a ValueError naming it."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}; got {language!r}")
    return language


def set_language(language) -> str:
    """Set the language of every display, report and explorer; return the previous one.

    ``"en"`` (English, the default) or ``"pt"`` (Brazilian Portuguese: labels, metric
    names, table headers, thousands apart by a space). The library's API (function names,
    arguments, the keys of returned tables) stays English either way.

    Examples
    --------
    >>> previous = set_language("pt")
    >>> number(1957.5, 2)
    '1\xa0957.50'
    >>> _ = set_language(previous)
    """
    previous = _LANGUAGE["value"]
    _LANGUAGE["value"] = check_language(language)
    return previous


def get_language() -> str:
    """The current display language, ``"en"`` or ``"pt"``."""
    return _LANGUAGE["value"]


def resolve_language(language=None) -> str:
    """``language`` checked, or the current display language when it is None."""
    return get_language() if language is None else check_language(language)


class Options:
    """The display options, read and set as attributes: ``options.language = "pt"``."""

    @property
    def language(self) -> str:
        """The display language (see :func:`set_language`)."""
        return get_language()

    @language.setter
    def language(self, value) -> None:
        set_language(value)

    def __repr__(self) -> str:
        return f"Options(language={self.language!r})"


#: The display options (``options.language``).
options = Options()

#: What a display says, in each language. Keys are English identifiers.
TERMS = {
    "confusion_matrix": {"en": "Confusion matrix", "pt": "Matriz de confusão"},
    "target": {"en": "target", "pt": "alvo"},
    "prediction": {"en": "prediction", "pt": "predição"},
    "positive": {"en": "positive", "pt": "positiva"},
    "negative": {"en": "negative", "pt": "negativa"},
    "metric": {"en": "metric", "pt": "métrica"},
    "value": {"en": "value", "pt": "valor"},
    "formula": {"en": "formula", "pt": "fórmula"},
    "source": {"en": "source", "pt": "fonte"},
    "undefined": {"en": "undefined (0/0)", "pt": "indefinido (0/0)"},
    "score": {"en": "score", "pt": "score"},
    "model": {"en": "model", "pt": "modelo"},
    "profit": {"en": "profit", "pt": "lucro"},
    "class": {"en": "class", "pt": "classe"},
    "total": {"en": "total", "pt": "total"},
    # model names of the handouts' examples
    "decision_tree": {"en": "decision tree", "pt": "árvore de decisão"},
    "knn": {"en": "k-NN", "pt": "k-NN"},
    # metric names (keys of the registries)
    "accuracy": {"en": "accuracy", "pt": "acurácia"},
    "error_rate": {"en": "error rate", "pt": "taxa de erro"},
    "precision": {"en": "precision", "pt": "precisão"},
    "recall": {"en": "recall", "pt": "revocação (recall)"},
    "tpr": {"en": "TPR (recall)", "pt": "TPR (revocação)"},
    "tnr": {"en": "TNR (specificity)", "pt": "TNR (especificidade)"},
    "fpr": {"en": "FPR", "pt": "FPR (taxa de falsos positivos)"},
    "fnr": {"en": "FNR", "pt": "FNR (taxa de falsos negativos)"},
    "sensitivity": {"en": "sensitivity", "pt": "sensibilidade"},
    "specificity": {"en": "specificity", "pt": "especificidade"},
    "ppv": {"en": "PPV", "pt": "VPP (valor preditivo positivo)"},
    "npv": {"en": "NPV", "pt": "VPN (valor preditivo negativo)"},
    "f1": {"en": "F1", "pt": "F1"},
    "efficiency": {"en": "efficiency", "pt": "eficiência"},
    "balanced_accuracy": {"en": "balanced accuracy", "pt": "acurácia balanceada"},
    "mcc": {"en": "MCC", "pt": "MCC"},
    "cohen_kappa": {"en": "Cohen's kappa", "pt": "kappa de Cohen"},
    "kappa": {"en": "kappa", "pt": "kappa"},
    "prevalence": {"en": "prevalence", "pt": "prevalência"},
    "detection_rate": {"en": "detection rate", "pt": "taxa de detecção"},
    "detection_prevalence": {"en": "detection prevalence", "pt": "prevalência de detecção"},
    "average_class_accuracy": {
        "en": "average class accuracy",
        "pt": "acurácia média por classe",
    },
    "average_class_accuracy_hm": {
        "en": "average class accuracy (HM)",
        "pt": "acurácia média por classe (HM)",
    },
    # fields of the results of tests and intervals (evalbook._core.results)
    "statistic": {"en": "statistic", "pt": "estatística"},
    "p_value": {"en": "p-value", "pt": "valor-p"},
    "lower": {"en": "lower bound", "pt": "limite inferior"},
    "upper": {"en": "upper bound", "pt": "limite superior"},
    "interval": {"en": "interval", "pt": "intervalo"},
    "confidence": {"en": "confidence", "pt": "confiança"},
    "significant": {"en": "significant", "pt": "significativo"},
    "verdict": {"en": "verdict", "pt": "veredito"},
    "margin": {"en": "margin", "pt": "margem"},
    "mean": {"en": "mean", "pt": "média"},
    "se": {"en": "standard error", "pt": "erro padrão"},
    "std_error": {"en": "standard error", "pt": "erro padrão"},
    "df": {"en": "degrees of freedom", "pt": "graus de liberdade"},
    "corrected": {"en": "corrected", "pt": "corrigido"},
    "variance": {"en": "variance", "pt": "variância"},
    "bias": {"en": "bias", "pt": "viés"},
    "expected_loss": {"en": "expected loss", "pt": "perda esperada"},
    "observed": {"en": "observed successes", "pt": "sucessos observados"},
    "expected": {"en": "successes expected by chance", "pt": "sucessos esperados ao acaso"},
    "extra": {"en": "extra successes", "pt": "sucessos extras"},
    "max_extra": {"en": "maximum extra successes", "pt": "máximo de sucessos extras"},
    "difference": {"en": "difference", "pt": "diferença"},
    "auc_a": {"en": "AUC of A", "pt": "AUC de A"},
    "auc_b": {"en": "AUC of B", "pt": "AUC de B"},
    "only_a_right": {"en": "only A right", "pt": "só A acerta"},
    "only_b_right": {"en": "only B right", "pt": "só B acerta"},
    "average_ranks": {"en": "average ranks", "pt": "postos médios"},
    "labels": {"en": "labels", "pt": "rótulos"},
    "iman_davenport": {"en": "Iman-Davenport F", "pt": "F de Iman-Davenport"},
    "iman_davenport_p_value": {
        "en": "Iman-Davenport p-value",
        "pt": "valor-p de Iman-Davenport",
    },
    "n_datasets": {"en": "datasets", "pt": "conjuntos de dados"},
    "n_algorithms": {"en": "algorithms", "pt": "algoritmos"},
    "critical_difference": {"en": "critical difference", "pt": "diferença crítica"},
    "alpha": {"en": "significance level", "pt": "nível de significância"},
    "macro": {"en": "macro average", "pt": "média macro"},
    "weighted": {"en": "weighted average", "pt": "média ponderada"},
    "per_class": {"en": "per class", "pt": "por classe"},
    "micro": {"en": "micro average", "pt": "média micro"},
    "one_vs_one": {"en": "one-vs-one (Hand & Till)", "pt": "um contra um (Hand & Till)"},
    # the words of the figures (evalbook.displays._displays and the explorers' plots)
    "fpr_axis": {"en": "FPR (1 − specificity)", "pt": "FPR (1 − especificidade)"},
    "tpr_axis": {"en": "TPR (sensitivity)", "pt": "TPR (sensibilidade)"},
    "random": {"en": "random", "pt": "aleatório"},
    "positives": {"en": "positives", "pt": "positivos"},
    "negatives": {"en": "negatives", "pt": "negativos"},
    "cumulative_share": {"en": "cumulative share", "pt": "proporção acumulada"},
    "cumulative_gain": {"en": "cumulative gain", "pt": "ganho acumulado"},
    "lift": {"en": "lift", "pt": "lift"},
    "cumulative_lift": {"en": "cumulative lift", "pt": "lift acumulado"},
    "share_taken": {
        "en": "share of the instances (highest scores first)",
        "pt": "proporção das instâncias (maiores scores primeiro)",
    },
    "bin_axis": {"en": "bin (highest scores first)", "pt": "bin (maiores scores primeiro)"},
    "threshold": {"en": "threshold", "pt": "limiar"},
    "mean_predicted": {"en": "mean predicted probability", "pt": "probabilidade prevista média"},
    "fraction_positive": {"en": "share of positives", "pt": "proporção de positivos"},
    "calibrated": {"en": "perfectly calibrated", "pt": "perfeitamente calibrado"},
}


def term(key: str, language=None) -> str:
    """What a display calls ``key`` in ``language`` (default: the current language).

    A key with no entry in :data:`TERMS` is returned as it is (a metric added to a registry
    shows under its English name until it gets one).

    Examples
    --------
    >>> term("target", "pt"), term("recall", "en"), term("no_such_key", "pt")
    ('alvo', 'recall', 'no_such_key')
    """
    entry = TERMS.get(key)
    if entry is None:
        return key
    return entry[resolve_language(language)]


def short_term(key: str, language=None) -> str:
    """:func:`term` without its gloss in parentheses: a label where space is short.

    Examples
    --------
    >>> term("recall", "pt"), short_term("recall", "pt"), short_term("npv", "pt")
    ('revocação (recall)', 'revocação', 'VPN')
    """
    return term(key, language).split(" (", 1)[0]


def say(texts: dict, key: str, language=None, **fields) -> str:
    """``texts[key]`` in ``language`` (default: the current one), formatted with ``fields``.

    ``texts`` maps each key to ``{"en": ..., "pt": ...}``: the words of one display.

    Examples
    --------
    >>> say({"n": {"en": "{n} instances", "pt": "{n} instâncias"}}, "n", "pt", n=3)
    '3 instâncias'
    """
    text = texts[key][resolve_language(language)]
    return text.format(**fields) if fields else text


# ---------------------------------------------------------------------- numbers
def number(value, digits: int = 3, *, style: str = "f", sign: bool = False, language=None) -> str:
    """``value`` with ``digits`` decimals (``style="f"``) or significant digits (``"g"``).

    Both languages use the decimal point, as Python prints every other number of a lesson
    (a lesson that shows ``0,75`` in an explorer and ``0.75`` in the next printout confuses
    more than it helps; the exercise checker also asks for the point). English separates
    thousands with a comma (``1,957.00``); Portuguese with a no-break space (``1 957.00``,
    as the lessons write "1 540"), so that no comma reads as a decimal one. ``nan`` reads
    "undefined (0/0)" in the current language; ±inf reads ``∞``/``−∞``.

    Examples
    --------
    >>> number(1957, 2, language="pt"), number(1957, 2, language="en")
    ('1\xa0957.00', '1,957.00')
    >>> number(-0.25, 2, sign=True, language="pt"), number(0.000123, 2, style="g")
    ('-0.25', '0.00012')
    """
    language = resolve_language(language)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"value must be a real number; got {type(value).__name__}")
    value = float(value)
    if math.isnan(value):
        return term("undefined", language)
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    plus = "+" if sign else ""
    text = f"{value:{plus},.{digits}{style}}"
    if language == "pt":
        text = text.replace(",", "\N{NO-BREAK SPACE}")
    return text


def percent(value, digits: int = 1, *, language=None) -> str:
    """``value`` (a share) as a percentage: ``0.8845`` → ``"88.5%"``."""
    if isinstance(value, numbers.Real) and math.isnan(value):
        return term("undefined", language)
    return number(100 * value, digits, language=language) + "%"


# ---------------------------------------------------------------------- colours
#: Background of each result type: greens for the hits, red for the false positives
#: (type I errors), orange for the false negatives (type II).
RESULT_COLOURS = {"TP": "#b7e1b7", "TN": "#e3f4e3", "FP": "#f6c1c1", "FN": "#fbd9a8"}
#: Diagonal (hits) and off-diagonal (errors) cells of a k×k matrix.
MATRIX_COLOURS = {"hit": "#d9f2d9", "error": "#f8dcdc"}
#: The test and training roles of an instance in a split.
ROLE_COLOURS = {"test": "#f4a259", "train": "#cfe3f7"}
#: Colours of classes (cycled), e.g. a class header row.
CLASS_COLOURS = ("#5b8e7d", "#bc4b51", "#8d6cab", "#f4e285", "#3d5a80", "#98c1d9")
#: A value that meets its target, and one that does not (bars of a coverage table).
VERDICT_COLOURS = {"good": "#4a9a4a", "bad": "#c0504d"}
#: Lines of the positive and the negative class in the plots.
CLASS_LINE_COLOURS = {"positive": "#d62728", "negative": "#1f77b4"}
#: Borders of every table cell.
BORDER = "#ccc"

_CELL = f"padding:2px 8px;border:1px solid {BORDER}"


@functools.lru_cache(maxsize=1024)
def blend(first: str, second: str, weight: float) -> str:
    """The colour ``weight`` of the way from ``first`` to ``second`` (``#rrggbb`` both).

    Examples
    --------
    >>> blend("#000000", "#ffffff", 0.5), blend("#f4a259", "#cfe3f7", 0.0)
    ('#808080', '#f4a259')
    """
    a = [int(first[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(second[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * weight):02x}" for x, y in zip(a, b, strict=True))


# ---------------------------------------------------------------------- tables
@dataclass(frozen=True)
class Cell:
    """One table cell with its options; a plain value in a row stands for ``Cell(value)``.

    ``content`` is escaped unless ``raw`` (already HTML). A float is formatted by
    :func:`number` with 3 decimals and aligned right.
    """

    content: object = ""
    header: bool = False
    align: str | None = None
    background: str | None = None
    style: str = ""
    raw: bool = False
    colspan: int = 1
    rowspan: int = 1
    attrs: dict = field(default_factory=dict)

    def html(self) -> str:
        content = self.content
        align = self.align
        if isinstance(content, numbers.Real) and not isinstance(content, (bool, np.bool_)):
            if not isinstance(content, numbers.Integral):
                content = number(content)
            align = align or "right"
        text = str(content) if self.raw else html.escape(str(content))
        style = _CELL
        if align:
            style += f";text-align:{align}"
        if self.background:
            style += f";background:{self.background};color:#000"
        if self.style:
            style += f";{self.style}"
        extra = "".join(
            f' {name}="{html.escape(str(value))}"' for name, value in self.attrs.items()
        )
        if self.colspan != 1:
            extra += f' colspan="{self.colspan}"'
        if self.rowspan != 1:
            extra += f' rowspan="{self.rowspan}"'
        tag = "th" if self.header else "td"
        return f'<{tag} style="{style}"{extra}>{text}</{tag}>'


class Rendered(str):
    """A cell already rendered (``Cell(...).html()``): reused as it is, e.g. in big grids."""


def _cell_html(value) -> str:
    if isinstance(value, Rendered):
        return value
    return (value if isinstance(value, Cell) else Cell(value)).html()


def html_table(
    rows,
    *,
    header=None,
    caption=None,
    css_class=None,
    row_attrs=None,
    raw_caption=False,
    style="",
) -> str:
    """One HTML ``<table>``: ``header`` (a row of column names) over ``rows``.

    Parameters
    ----------
    rows : iterable of sequences
        Each row a sequence of values or :class:`Cell` records.
    header : sequence, optional
        Column names (plain values become header cells).
    caption : str, optional
        Shown above the table (escaped unless ``raw_caption``).
    css_class : str, optional
        The table's ``class`` attribute (for a browser test to find it).
    row_attrs : sequence of dict, optional
        Extra attributes of each ``<tr>`` (e.g. ``{"data-result": "TP"}``), one per row.
    style : str, optional
        Extra CSS of the table.

    Examples
    --------
    >>> print(html_table([["accuracy", 0.75]], header=["metric", "value"]))  # doctest: +ELLIPSIS
    <table style="border-collapse:collapse;line-height:1.3"><tr><th ...>metric</th>...</table>
    """
    parts = [
        f"<table{f' class={chr(34)}{html.escape(css_class)}{chr(34)}' if css_class else ''}"
        f' style="border-collapse:collapse;line-height:1.3{";" + style if style else ""}">'
    ]
    if caption is not None:
        text = caption if raw_caption else html.escape(str(caption))
        parts.append(f'<caption style="caption-side:top;white-space:nowrap">{text}</caption>')
    if header is not None:
        cells = (cell if isinstance(cell, Cell) else Cell(cell, header=True) for cell in header)
        parts.append("<tr>" + "".join(c.html() for c in cells) + "</tr>")
    for position, row in enumerate(rows):
        attrs = row_attrs[position] if row_attrs is not None else {}
        extra = "".join(f' {name}="{html.escape(str(value))}"' for name, value in attrs.items())
        parts.append(f"<tr{extra}>" + "".join(_cell_html(value) for value in row) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def chips(items, *, style="") -> str:
    """Coloured labels side by side: ``items`` is a sequence of (raw HTML, background)."""
    return "".join(
        f'<span style="background:{colour};color:#000;padding:1px 6px;margin:1px 4px 1px 0;'
        f'display:inline-block{";" + style if style else ""}">{text}</span>'
        for text, colour in items
    )


def side_by_side(*parts, gap="1.5em") -> str:
    """HTML blocks side by side, aligned at the top."""
    inner = "".join(f"<div>{part}</div>" for part in parts)
    return (
        f'<div style="display:flex;gap:{gap};align-items:flex-start;line-height:1.3">{inner}</div>'
    )


def confusion_html(
    counts, labels, *, caption=None, css_class=None, result_colours=False, language=None
) -> str:
    """A confusion matrix as an HTML table: target in the rows, prediction in the columns.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. A 2×2 matrix names its cells TP, FN / FP, TN
    (the first label is the positive class; each ``<td>`` carries ``data-cell="tp"``...);
    with ``result_colours`` each cell takes its result type's colour, else hits are green
    and errors red. ``caption`` defaults to "Confusion matrix (n = …)" in the current
    language.
    """
    language = resolve_language(language)
    counts = np.asarray(counts)
    k = counts.shape[0]
    names = (("TP", "FN"), ("FP", "TN")) if k == 2 else None
    # the default labels of a bare matrix ("positive", "negative") speak the display language
    esc = [
        html.escape(term(label, language) if label in ("positive", "negative") else str(label))
        for label in labels
    ]
    if caption is None:
        caption = f"{term('confusion_matrix', language)} (n = {int(counts.sum())})"
    rotate = "writing-mode:vertical-rl;transform:rotate(180deg)"
    rows = [
        [
            Cell("", header=True, colspan=2),
            Cell(term("prediction", language), header=True, colspan=k, align="center"),
        ],
        [
            Cell("", header=True, colspan=2),
            *(Rendered(f'<th style="{_CELL}">{e}</th>') for e in esc),
        ],
    ]
    for i, label in enumerate(esc):
        line = []
        if i == 0:
            line.append(Cell(term("target", language), header=True, rowspan=k, style=rotate))
        line.append(Rendered(f'<th style="{_CELL};text-align:left">{label}</th>'))
        for j in range(k):
            if names is not None:
                name = names[i][j]
                colour = (
                    RESULT_COLOURS[name]
                    if result_colours
                    else MATRIX_COLOURS["hit" if i == j else "error"]
                )
                line.append(
                    Cell(
                        f'{counts[i, j]} <span style="color:#555">{name}</span>',
                        raw=True,
                        align="right",
                        background=colour,
                        style="padding:4px 12px",
                        attrs={"data-cell": name.lower()},
                    )
                )
            else:
                colour = MATRIX_COLOURS["hit" if i == j else "error"]
                line.append(
                    Cell(
                        str(counts[i, j]),
                        align="right",
                        background=colour,
                        style="padding:4px 12px",
                    )
                )
        rows.append(line)
    return html_table(rows, caption=caption, css_class=css_class)


# ---------------------------------------------------------------------- figures
# ---------------------------------------------------------------------- identifiers
def check_ids(ids, y_true) -> np.ndarray:
    """The ids of the instances of ``y_true``: 1, 2, ..., n by default, else one unique each.

    Raises
    ------
    ValueError
        If ``ids`` and ``y_true`` differ in length or ``ids`` repeats a value.
    """
    from evalbook._core.checks import as_label_array, check_same_length

    if ids is None:
        return np.arange(1, len(y_true) + 1)
    ids = as_label_array(ids, "ids")
    check_same_length(y_true, ids, "y_true", "ids")
    seen = set()
    for position, value in enumerate(ids.tolist()):
        if value in seen:
            raise ValueError(
                f"ids contains {value!r} more than once (again at position {position}); "
                "give each instance its own id"
            )
        seen.add(value)
    return ids
