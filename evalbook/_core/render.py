"""The one renderer of what a student sees: HTML tables, colours, figures, numbers, words.

Every explorer (:mod:`evalbook.widgets`), the matrix display and :func:`evalbook.summary`
build their HTML here, so a table, a colour or a number looks the same everywhere:

- :func:`html_table` turns rows of values (or :class:`Cell` records) into one ``<table>``;
- :data:`RESULT_COLOURS` and the other palettes are the workbook's colours;
- :func:`evalbook._core.svg.svg_plot` draws the plots as inline SVG (its own module);
- :func:`number` formats a number for the display language (thousands apart by a space in
  Portuguese, never by a comma);
- :func:`term` names a key (a metric, a column) in the display language, and :func:`say`
  picks a message of a display by its key; their words come from the message catalogues
  (:mod:`evalbook._core.messages`).

The display language is :func:`evalbook.set_config`'s ``language`` (English by default;
the lessons set Portuguese in their setup cell).

This module imports neither matplotlib nor ipywidgets at import time.
"""

from __future__ import annotations

import functools
import html
import math
import numbers
from dataclasses import dataclass, field

import numpy as np

from evalbook._core.config import check_language
from evalbook._core.config import language as display_language
from evalbook._core.messages import COURSE_TERMS, N_, gettext, pgettext

__all__ = [
    "CLASS_COLOURS",
    "CLASS_LINE_COLOURS",
    "MARK_COLOUR",
    "MATRIX_COLOURS",
    "METRIC_COLOURS",
    "REFERENCE_COLOUR",
    "REGION_TINT",
    "RESULT_COLOURS",
    "ROLE_COLOURS",
    "TERMS",
    "VERDICT_COLOURS",
    "Cell",
    "check_ids",
    "chips",
    "confusion_html",
    "html_table",
    "number",
    "percent",
    "say",
    "short_term",
    "side_by_side",
    "term",
]

# ---------------------------------------------------------------------- words
#: What a display calls each key (a metric, a column, a field of a result): its English
#: name, a message id of the catalogues. The keys are the API's identifiers.
TERMS = {
    "confusion_matrix": N_("Confusion matrix"),
    "target": N_("target"),
    "prediction": N_("prediction"),
    "positive": N_("positive"),
    "negative": N_("negative"),
    "metric": N_("metric"),
    "value": N_("value"),
    "formula": N_("formula"),
    "source": N_("source"),
    "undefined": N_("undefined (0/0)"),
    "score": N_("score"),
    "model": N_("model"),
    "profit": N_("profit"),
    "class": N_("class"),
    "total": N_("total"),
    # metric names (keys of the registries)
    "accuracy": N_("accuracy"),
    "error_rate": N_("error rate"),
    "precision": N_("precision"),
    "recall": N_("recall"),
    "tpr": N_("TPR (recall)"),
    "tnr": N_("TNR (specificity)"),
    "fpr": N_("FPR"),
    "fnr": N_("FNR"),
    "sensitivity": N_("sensitivity"),
    "specificity": N_("specificity"),
    "ppv": N_("PPV"),
    "npv": N_("NPV"),
    "f1": N_("F1"),
    "efficiency": N_("efficiency"),
    "balanced_accuracy": N_("balanced accuracy"),
    "mcc": N_("MCC"),
    "cohen_kappa": N_("Cohen's kappa"),
    "kappa": N_("kappa"),
    "prevalence": N_("prevalence"),
    "detection_rate": N_("detection rate"),
    "detection_prevalence": N_("detection prevalence"),
    "average_class_accuracy": N_("average class accuracy"),
    "average_class_accuracy_hm": N_("average class accuracy (HM)"),
    # fields of the results of tests and intervals (evalbook._core.results)
    "statistic": N_("statistic"),
    "p_value": N_("p-value"),
    "lower": N_("lower bound"),
    "upper": N_("upper bound"),
    "interval": N_("interval"),
    "confidence": N_("confidence"),
    "significant": N_("significant"),
    "verdict": N_("verdict"),
    "margin": N_("margin"),
    "mean": N_("mean"),
    "se": N_("standard error"),
    "std_error": N_("standard error"),
    "df": N_("degrees of freedom"),
    "corrected": N_("corrected"),
    "variance": N_("variance"),
    "bias": N_("bias"),
    "expected_loss": N_("expected loss"),
    "observed": N_("observed successes"),
    "expected": N_("successes expected by chance"),
    "extra": N_("extra successes"),
    "max_extra": N_("maximum extra successes"),
    "difference": N_("difference"),
    "auc_a": N_("AUC of A"),
    "auc_b": N_("AUC of B"),
    "only_a_right": N_("only A right"),
    "only_b_right": N_("only B right"),
    "n_positive": N_("positive instances"),
    "n_negative": N_("negative instances"),
    "average_ranks": N_("average ranks"),
    "labels": N_("labels"),
    "iman_davenport": N_("Iman-Davenport F"),
    "iman_davenport_p_value": N_("Iman-Davenport p-value"),
    "n_datasets": N_("datasets"),
    "n_algorithms": N_("algorithms"),
    "critical_difference": N_("critical difference"),
    "alpha": N_("significance level"),
    "macro": N_("macro average"),
    "weighted": N_("weighted average"),
    "per_class": N_("per class"),
    "micro": N_("micro average"),
    "one_vs_one": N_("one-vs-one (Hand & Till)"),
    # the words of the figures (evalbook.displays._displays and the explorers' plots)
    "fpr_axis": N_("FPR (1 − specificity)"),
    "tpr_axis": N_("TPR (sensitivity)"),
    "random": N_("random"),
    "positives": N_("positives"),
    "negatives": N_("negatives"),
    "cumulative_share": N_("cumulative share"),
    "cumulative_gain": N_("cumulative gain"),
    "lift": N_("lift"),
    "cumulative_lift": N_("cumulative lift"),
    "share_taken": N_("share of the instances (highest scores first)"),
    "bin_axis": N_("bin (highest scores first)"),
    "threshold": N_("threshold"),
    "mean_predicted": N_("mean predicted probability"),
    "fraction_positive": N_("share of positives"),
    "tpr_lower": N_("TPR, lower bound"),
    "tpr_upper": N_("TPR, upper bound"),
    "precision_lower": N_("precision, lower bound"),
    "precision_upper": N_("precision, upper bound"),
    "fraction_lower": N_("share of positives, lower bound"),
    "fraction_upper": N_("share of positives, upper bound"),
    "calibrated": N_("perfectly calibrated"),
    "predicted_value": N_("predicted value"),
    # labels the library makes up: one_vs_rest's other classes, gain_lift's groups
    "rest": N_("rest"),
    "bin": N_("bin"),
    "residual": N_("residual (target − prediction)"),
    "perfect_prediction": N_("perfect prediction"),
    # decision curves and likelihood ratios (evalbook.metrics._decision, inference._diagnostic)
    "net_benefit": N_("net benefit"),
    "treat_all": N_("treat all"),
    "treat_none": N_("treat none"),
    "interventions_avoided": N_("net interventions avoided"),
    "threshold_probability": N_("threshold probability"),
    "standardized_net_benefit": N_("standardized net benefit"),
    "best_strategy": N_("best strategy"),
    "lr_positive": N_("LR+"),
    "lr_positive_lower": N_("LR+ lower bound"),
    "lr_positive_upper": N_("LR+ upper bound"),
    "lr_negative": N_("LR−"),
    "lr_negative_lower": N_("LR− lower bound"),
    "lr_negative_upper": N_("LR− upper bound"),
    "ppv_lower": N_("PPV lower bound"),
    "ppv_upper": N_("PPV upper bound"),
    "npv_lower": N_("NPV lower bound"),
    "npv_upper": N_("NPV upper bound"),
}


def term(key: str) -> str:
    """What a display calls ``key`` in the display language.

    The key's English name (:data:`TERMS`, or a course's terms, see
    :func:`evalbook.add_messages`) in the catalogue of the language. A key with no name is
    returned as it is (a metric added to a registry shows under its key until it gets one).

    Examples
    --------
    >>> from evalbook import config_context
    >>> with config_context(language="pt"):
    ...     term("target"), term("no_such_key")
    ('alvo', 'no_such_key')
    >>> term("recall")
    'recall'
    """
    message = TERMS.get(key)
    if message is None:
        message = COURSE_TERMS.get(key)
        if message is None:
            return key
    return gettext(message)


def short_term(key: str) -> str:
    """:func:`term` without its gloss in parentheses: a label where space is short.

    Examples
    --------
    >>> from evalbook import config_context
    >>> with config_context(language="pt"):
    ...     term("recall"), short_term("recall"), short_term("npv")
    ('revocação (recall)', 'revocação', 'VPN')
    """
    return term(key).split(" (", 1)[0]


def say(texts: dict, key: str, **fields):
    """The message ``texts[key]`` in the display language, formatted with ``fields``.

    ``texts`` maps each key to a message id (marked with :func:`N_`), or to a tuple of them
    (a row of table headers, translated one by one): the words of one display, where the
    code picks them by key.

    Examples
    --------
    >>> from evalbook import config_context
    >>> texts = {"matrix": N_("test set at t = {t}"), "head": (N_("metric"), N_("value"))}
    >>> with config_context(language="pt"):
    ...     say(texts, "matrix", t=0.5), say(texts, "head")
    ('teste em t = 0.5', ('métrica', 'valor'))
    """
    message = texts[key]
    if isinstance(message, tuple):
        return tuple(gettext(item) for item in message)
    text = gettext(message)
    return text.format(**fields) if fields else text


# ---------------------------------------------------------------------- numbers
def number(value, digits: int = 3, *, style: str = "f", sign: bool = False, language=None) -> str:
    """``value`` with ``digits`` decimals (``style="f"``) or significant digits (``"g"``).

    Both languages use the decimal point, as Python prints every other number of a lesson
    (a lesson that shows ``0,75`` in an explorer and ``0.75`` in the next printout confuses
    more than it helps; the exercise checker also asks for the point). English separates
    thousands with a comma (``1,957.00``); Portuguese with a no-break space (``1 957.00``,
    as the lessons write "1 540"), so that no comma reads as a decimal one: the separator is
    a message of the catalogues (context "thousands separator"). ``nan`` reads "undefined
    (0/0)" in the language; ±inf reads ``∞``/``−∞``. ``language`` defaults to the display
    language (the exercise engine, which speaks Portuguese, gives it).

    Examples
    --------
    >>> number(1957, 2, language="pt"), number(1957, 2, language="en")
    ('1\xa0957.00', '1,957.00')
    >>> number(-0.25, 2, sign=True, language="pt"), number(0.000123, 2, style="g")
    ('-0.25', '0.00012')
    """
    if language is not None and language != display_language():
        from evalbook._core.config import config_context

        with config_context(language=check_language(language)):
            return number(value, digits, style=style, sign=sign)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"value must be a real number; got {type(value).__name__}")
    value = float(value)
    if math.isnan(value):
        return term("undefined")
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    plus = "+" if sign else ""
    text = f"{value:{plus},.{digits}{style}}"
    # Translators: the character between groups of three digits (1,957.00)
    separator = pgettext("thousands separator", ",")
    return text if separator == "," else text.replace(",", separator)


def percent(value, digits: int = 1, *, language=None) -> str:
    """``value`` (a share) as a percentage: ``0.8845`` → ``"88.5%"``."""
    if isinstance(value, numbers.Real) and math.isnan(value):
        return number(value, language=language)
    return number(100 * value, digits, language=language) + "%"


# ---------------------------------------------------------------------- colours
# One colour language for the explorers, the Displays and the book, from Okabe & Ito's
# colour-blind-safe palette (Okabe & Ito 2008, "Color Universal Design") and, for the
# metric lines, Paul Tol's muted scheme (Tol 2021, "Colour schemes"). One meaning per
# colour, and each with a second cue that does not need colour: the letters TP/FN/FP/TN in
# a matrix cell, a triangle (positive) or a circle (negative) for a class's dots and a
# solid or dashed line for its curve, the label of a role or a line.
# tests/lib/test_colours.py checks that every pair that must be told apart stays at least
# 10 apart (CIEDE2000) under simulated deuteranopia and protanopia.
#: The current value: the dragged line, the dot on every curve at the control's value.
MARK_COLOUR = "#000000"
#: Background of each result type: hits in bluish green (TP darker, TN pale), errors in
#: orange (FP) and pale yellow (FN); the cell also carries its letters.
RESULT_COLOURS = {"TP": "#66c2a5", "TN": "#d4f0e6", "FP": "#eda838", "FN": "#f9f1a0"}
#: Diagonal (hits) and off-diagonal (errors) cells of a k×k matrix: the results' hues.
MATRIX_COLOURS = {"hit": "#99d6c0", "error": "#f3c66f"}
#: The training and the held-out (test, validation) roles: cells of a split, error lines.
ROLE_COLOURS = {"test": "#CC79A7", "train": "#56B4E9"}
#: Colours of classes (cycled), e.g. decision regions, a class header row.
CLASS_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
#: How far a class's colour goes toward white as the background of its region (a decision
#: region): light enough for the dots on it, still 10 apart for colour-blind readers.
REGION_TINT = 0.6
#: A value that meets its target (bluish green, like a hit) and one that does not (orange,
#: like an error); shown with ✓ and ✗.
VERDICT_COLOURS = {"good": "#009E73", "bad": "#E69F00"}
#: Dots and lines of the positive class (vermillion, triangles, solid) and of the negative
#: class (blue, circles, dashed).
CLASS_LINE_COLOURS = {"positive": "#D55E00", "negative": "#0072B2"}
#: The curves of metrics (Tol's muted indigo, wine, green, purple): the same metric keeps
#: its colour everywhere; another model or prevalence of it is dashed.
METRIC_COLOURS = {
    "accuracy": "#332288",
    "cohen_kappa": "#882255",
    "recall": "#117733",
    "precision": "#AA4499",
}
#: Reference lines (the diagonal of a ROC plot, a chance level): grey, thin, dashed.
REFERENCE_COLOUR = "#777777"
#: The letters (TP, FN, FP, TN) beside a matrix cell's count: dark enough to read at 4.5:1
#: (WCAG AA) on every result's and every matrix cell's background.
CELL_LETTER_COLOUR = "#333333"
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


def text_colour_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (a ``#rrggbb`` colour): the
    one of higher contrast by WCAG 2's relative luminance.

    >>> text_colour_on("#0072B2"), text_colour_on("#E69F00")
    ('#ffffff', '#000000')
    """
    rgb = [int(background.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#ffffff"


def chips(items, *, style="") -> str:
    """Coloured labels side by side: ``items`` is a sequence of (raw HTML, background); the
    text is black or white, whichever reads better on its background."""
    return "".join(
        f'<span style="background:{colour};color:{text_colour_on(colour)};'
        f"padding:1px 6px;margin:1px 4px 1px 0;"
        f'display:inline-block{";" + style if style else ""}">{text}</span>'
        for text, colour in items
    )


def side_by_side(*parts, gap="1.5em") -> str:
    """HTML blocks side by side, aligned at the top."""
    inner = "".join(f"<div>{part}</div>" for part in parts)
    return (
        f'<div style="display:flex;gap:{gap};align-items:flex-start;line-height:1.3">{inner}</div>'
    )


def confusion_html(counts, labels, *, caption=None, css_class=None, result_colours=False) -> str:
    """A confusion matrix as an HTML table: target in the rows, prediction in the columns.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9. A 2×2 matrix names its cells TP, FN / FP, TN
    (the first label is the positive class; each ``<td>`` carries ``data-cell="tp"``...);
    with ``result_colours`` each cell takes its result type's colour, else hits are green
    and errors red. ``caption`` defaults to "Confusion matrix (n = …)" in the display
    language.
    """
    counts = np.asarray(counts)
    k = counts.shape[0]
    names = (("TP", "FN"), ("FP", "TN")) if k == 2 else None
    # the labels the library gives ("positive", "negative" of a bare matrix, one_vs_rest's
    # "rest") speak the display language
    esc = [
        html.escape(term(label) if label in ("positive", "negative", "rest") else str(label))
        for label in labels
    ]
    if caption is None:
        caption = f"{term('confusion_matrix')} (n = {int(counts.sum())})"
    rotate = "writing-mode:vertical-rl;transform:rotate(180deg)"
    rows = [
        [
            Cell("", header=True, colspan=2),
            Cell(term("prediction"), header=True, colspan=k, align="center"),
        ],
        [
            Cell("", header=True, colspan=2),
            *(Rendered(f'<th style="{_CELL}">{e}</th>') for e in esc),
        ],
    ]
    for i, label in enumerate(esc):
        line = []
        if i == 0:
            line.append(Cell(term("target"), header=True, rowspan=k, style=rotate))
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
                        f'{counts[i, j]} <span style="color:{CELL_LETTER_COLOUR}">{name}</span>',
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
