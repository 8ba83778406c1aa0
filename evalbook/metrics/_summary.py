"""One call, caret's whole report: accuracy with its exact interval, tests, kappa, by-class.

The statistics of R's ``caret::confusionMatrix()`` (Kuhn 2008, and the function's
documentation): :func:`summary` computes them all, including the exact (Clopper–Pearson)
confidence interval of the accuracy, the no-information rate and the one-sided binomial test
of accuracy > NIR, and McNemar's test. Its printed form reads like caret's "Confusion Matrix
and Statistics" block (in the display language, :func:`evalbook.set_config`), with the matrix
in caret's orientation (prediction in the rows, reference in the columns); in a notebook it
shows as HTML tables.

Undefined entries (an NPV when nothing is predicted negative, ...) follow the library's
0/0 policy (nan and an :class:`~evalbook.UndefinedMetricWarning`, or ``zero_division=``)
and print as ``NaN``, as in caret.
"""

from __future__ import annotations

import html
import math
import warnings

import numpy as np

from evalbook._core.checks import (
    MAX_COUNT,
    UndefinedMetricWarning,
    check_confidence,
    check_nonempty,
    check_zero_division,
    safe_divide,
)
from evalbook._core.messages import N_, gettext
from evalbook._core.render import Cell, html_table, side_by_side
from evalbook._core.stats import clopper_pearson
from evalbook.metrics._classification import (
    balanced_accuracy,
    cohen_kappa,
    detection_prevalence,
    detection_rate,
    f1,
    npv,
    ppv,
    precision,
    prevalence,
    recall,
    sensitivity,
    specificity,
)
from evalbook.metrics._confusion import ConfusionMatrix, as_confusion_matrix

__all__ = ["BY_CLASS_STATISTICS", "OVERALL_STATISTICS", "ConfusionSummary", "summary"]

#: Entries of :attr:`ConfusionSummary.overall`, in order.
OVERALL_STATISTICS = (
    "accuracy",
    "accuracy_lower",
    "accuracy_upper",
    "no_information_rate",
    "accuracy_p_value",
    "kappa",
    "mcnemar_p_value",
)

#: Entries of :attr:`ConfusionSummary.by_class` (caret's ``mode = "everything"``), in
#: order: name -> (function, source).
BY_CLASS_STATISTICS = {
    "sensitivity": (sensitivity, "caret (Kuhn 2008)"),
    "specificity": (specificity, "caret (Kuhn 2008)"),
    "pos_pred_value": (ppv, "caret (Kuhn 2008)"),
    "neg_pred_value": (npv, "caret (Kuhn 2008)"),
    "precision": (precision, "caret (Kuhn 2008)"),
    "recall": (recall, "Kelleher et al. (2020), ch. 9"),
    "f1": (f1, "caret (Kuhn 2008)"),
    "prevalence": (prevalence, "caret (Kuhn 2008)"),
    "detection_rate": (detection_rate, "caret (Kuhn 2008)"),
    "detection_prevalence": (detection_prevalence, "caret (Kuhn 2008)"),
    "balanced_accuracy": (balanced_accuracy, "caret (Kuhn 2008)"),
}

# R prints p-values below its machine epsilon this way.
_R_EPS = 2.220446e-16

#: The words of the report (caret's, in English): message ids.
_TEXT = {
    "title": N_("Confusion Matrix and Statistics"),
    "reference": N_("Reference"),
    "prediction": N_("Prediction"),
    "accuracy": N_("Accuracy"),
    "ci": N_("{level}% CI"),
    "no_information_rate": N_("No Information Rate"),
    "accuracy_p_value": N_("P-Value [Acc > NIR]"),
    "kappa": N_("Kappa"),
    "mcnemar_p_value": N_("Mcnemar's Test P-Value"),
    "sensitivity": N_("Sensitivity"),
    "specificity": N_("Specificity"),
    "pos_pred_value": N_("Pos Pred Value"),
    "neg_pred_value": N_("Neg Pred Value"),
    "precision": N_("Precision"),
    "recall": N_("Recall"),
    "f1": N_("F1"),
    "prevalence": N_("Prevalence"),
    "detection_rate": N_("Detection Rate"),
    "detection_prevalence": N_("Detection Prevalence"),
    "balanced_accuracy": N_("Balanced Accuracy"),
    "positive": N_("'Positive' Class"),
    "overall": N_("Overall Statistics"),
    "by_class": N_("Statistics by Class:"),
    "class": N_("Class: {label}"),
}


def _mcnemar_p_value(counts: np.ndarray, warn: bool) -> float:
    """McNemar's test as R's ``mcnemar.test`` (and caret) computes it.

    2×2: chi-squared with continuity correction, ``(|FN − FP| − 1)² / (FN + FP)``, 1 degree
    of freedom. k×k: Bowker's symmetry test, ``Σ_{i<j} (n_ij − n_ji)² / (n_ij + n_ji)``
    with k(k − 1)/2 degrees of freedom; undefined (nan) when a pair of off-diagonal cells
    is empty, as in R.
    """
    from scipy.stats import chi2

    k = counts.shape[0]
    upper = counts[np.triu_indices(k, 1)].astype(float)
    lower = counts.T[np.triu_indices(k, 1)].astype(float)
    pairs = upper + lower
    if np.any(pairs == 0):
        if warn:
            warnings.warn(
                "McNemar's test is undefined (0/0): "
                + (
                    "there are no errors (FN + FP = 0)"
                    if k == 2
                    else "a pair of mirrored off-diagonal cells is empty"
                )
                + "; its p-value is nan (NA in caret)",
                UndefinedMetricWarning,
                stacklevel=4,
            )
        return math.nan
    correction = 1.0 if k == 2 else 0.0
    statistic = float(np.sum((np.abs(upper - lower) - correction) ** 2 / pairs))
    return float(chi2.sf(statistic, k * (k - 1) // 2))


def _by_class(cm: ConfusionMatrix, zero_division):
    from evalbook._core.tables import DisplayFrame, DisplaySeries

    if cm.n_classes == 2:
        values = {
            name: function(cm, zero_division=zero_division)
            for name, (function, _) in BY_CLASS_STATISTICS.items()
        }
        return DisplaySeries(values, name=cm.labels[0], dtype=float)
    columns = {
        label: [
            function(cm, positive=label, zero_division=zero_division)
            for function, _ in BY_CLASS_STATISTICS.values()
        ]
        for label in cm.labels
    }
    frame = DisplayFrame(columns, index=list(BY_CLASS_STATISTICS), dtype=float)
    frame.columns.name = "class"
    return frame


def summary(cm, *, confidence=0.95, zero_division="warn") -> ConfusionSummary:
    """Every statistic of caret's ``confusionMatrix()`` report, in one object.

    The formulas of caret's documentation (Kuhn 2008), with the whole of its report:

    - ``accuracy`` with its exact two-sided Clopper–Pearson interval
      ``accuracy_lower``, ``accuracy_upper`` (R's ``binom.test``, caret's "95% CI");
    - ``no_information_rate``: the share of the largest actual class, the accuracy of
      always predicting it;
    - ``accuracy_p_value``: one-sided exact binomial test of accuracy > NIR;
    - ``kappa``: Cohen's kappa (Cohen 1960), not the Matthews correlation (see
      :func:`evalbook.mcc`);
    - ``mcnemar_p_value``: McNemar's chi-squared test with continuity correction on FN vs
      FP (2×2); for k classes, Bowker's symmetry test, as R's ``mcnemar.test``.

    By class: sensitivity, specificity, positive and negative predictive values,
    precision, recall, F1, prevalence, detection rate, detection prevalence and balanced
    accuracy; for two classes of the first label (the positive class), for more classes
    of each class against the rest.

    Parameters
    ----------
    cm : ConfusionMatrix or array-like of shape (k, k)
        Rows are the target, columns the prediction; at least two classes and one
        instance.
    confidence : float in (0, 1), default 0.95
        Level of the accuracy's interval.
    zero_division : "warn" or float, default "warn"
        Value of an undefined ratio (0/0); ``"warn"`` gives nan with an
        :class:`~evalbook.UndefinedMetricWarning`. An undefined McNemar p-value is nan,
        with the warning only under ``"warn"``.

    Returns
    -------
    ConfusionSummary

    Raises
    ------
    ValueError
        If the matrix has a single class or no instances, or ``confidence`` is not in
        (0, 1).

    References
    ----------
    M. Kuhn, "Building predictive models in R using the caret package", Journal of
    Statistical Software 28(5):1-26, 2008; the documentation of ``caret::confusionMatrix``.
    J. Cohen, "A coefficient of agreement for nominal scales", Educational and
    Psychological Measurement 20(1):37-46, 1960.

    Examples
    --------
    >>> report = summary(ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"]))
    >>> report.overall.round(4).to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'accuracy': 0.75, 'accuracy_lower': 0.509, 'accuracy_upper': 0.9134,
     'no_information_rate': 0.55, 'accuracy_p_value': 0.0553, 'kappa': 0.4898,
     'mcnemar_p_value': 1.0}
    >>> print(report)  # doctest: +ELLIPSIS
    Confusion Matrix and Statistics
    <BLANKLINE>
              Reference
    Prediction spam ham
      spam        6   2
      ham         3   9
    <BLANKLINE>
                   Accuracy : 0.75
                     95% CI : (0.509, 0.9134)
        No Information Rate : 0.55
        P-Value [Acc > NIR] : 0.05533
    ...
           'Positive' Class : spam
    """
    return ConfusionSummary(cm, confidence=confidence, zero_division=zero_division)


class ConfusionSummary:
    """caret's "Confusion Matrix and Statistics" report for one matrix (see :func:`summary`).

    Printed and displayed in the display language at the time it is shown
    (:func:`evalbook.set_config`); the entries of ``overall`` and ``by_class`` keep their
    English names.

    Attributes
    ----------
    confusion_matrix : ConfusionMatrix
    confidence : float
    positive : label or None
        The positive class of a 2×2 matrix (its first label); None for more classes.
    overall : pandas.Series
        ``accuracy, accuracy_lower, accuracy_upper, no_information_rate,
        accuracy_p_value, kappa, mcnemar_p_value``.
    by_class : pandas.Series or pandas.DataFrame
        For two classes a Series (of the positive class); otherwise a DataFrame with a
        column per class (one-vs-rest). Rows: :data:`BY_CLASS_STATISTICS`.
    """

    def __init__(self, cm, *, confidence=0.95, zero_division="warn"):
        from scipy.stats import binom

        from evalbook._core.tables import DisplaySeries

        confidence = check_confidence(confidence)
        check_zero_division(zero_division)
        cm = as_confusion_matrix(cm)
        if cm.n_classes < 2:
            raise ValueError(
                f"cm has a single class {cm.labels!r}; a summary needs at least two classes "
                "(pass labels= to ConfusionMatrix.from_labels listing both)"
            )
        check_nonempty(cm, "accuracy, its interval and the tests need at least one prediction")
        if cm.n > MAX_COUNT:
            raise ValueError(
                f"cm has n = {cm.n} instances; the exact interval and the binomial test of "
                f"the summary need n ≤ 2**53 = {MAX_COUNT} (beyond it counts are not exact "
                "in floating point). accuracy() and cohen_kappa() take any matrix"
            )
        self.confusion_matrix = cm
        self.confidence = confidence
        self.positive = cm.labels[0] if cm.n_classes == 2 else None
        n = cm.n
        hits = cm.n_correct
        lower, upper = clopper_pearson(hits, n, confidence=confidence)
        nir = int(cm.target_totals.max()) / n
        overall = {
            "accuracy": safe_divide(hits, n),
            "accuracy_lower": lower,
            "accuracy_upper": upper,
            "no_information_rate": nir,
            "accuracy_p_value": float(binom.sf(hits - 1, n, nir)),
            "kappa": cohen_kappa(cm, zero_division=zero_division),
            "mcnemar_p_value": _mcnemar_p_value(cm.counts, zero_division == "warn"),
        }
        self.overall = DisplaySeries(overall, name="overall", dtype=float)
        self.by_class = _by_class(cm, zero_division)

    # ------------------------------------------------------------------ text
    @staticmethod
    def _words() -> dict:
        """The labels of the report in the display language."""
        return {key: gettext(message) for key, message in _TEXT.items()}

    def to_text(self) -> str:
        """The report as caret prints it, in the display language."""
        words = self._words()
        lines = [words["title"], "", *self._matrix_lines(words), ""]
        if self.positive is None:
            lines += [words["overall"], ""]
        *accuracy_rows, kappa, mcnemar = self._overall_rows(words)
        first = [*accuracy_rows, None, kappa, None, mcnemar]
        if self.positive is not None:
            first.append(None)
            first += [(words[name], _fixed(value)) for name, value in self.by_class.items()]
            first += [None, (words["positive"], str(self.positive))]
        width = max(len(item[0]) for item in first if item is not None) + 1
        for item in first:
            lines.append("" if item is None else f"{item[0]:>{width}} : {item[1]}")
        if self.positive is None:
            lines += ["", words["by_class"], "", *self._by_class_lines(words)]
        return "\n".join(lines)

    def _overall_rows(self, words) -> list[tuple[str, str]]:
        """(label, formatted value) of the overall statistics, in the report's order: the
        four of accuracy, then kappa, then McNemar's p-value (shared by text and HTML)."""
        o = self.overall
        level = f"{self.confidence * 100:g}"
        return [
            (words["accuracy"], _number(o["accuracy"])),
            (
                words["ci"].format(level=level),
                f"({_number(o['accuracy_lower'])}, {_number(o['accuracy_upper'])})",
            ),
            (words["no_information_rate"], _number(o["no_information_rate"])),
            (words["accuracy_p_value"], _p_value(o["accuracy_p_value"])),
            (words["kappa"], _number(o["kappa"])),
            (words["mcnemar_p_value"], _p_value(o["mcnemar_p_value"])),
        ]

    def _matrix_lines(self, words) -> list[str]:
        """The matrix in caret's orientation: prediction in the rows, reference in columns."""
        labels = [str(label) for label in self.confusion_matrix.labels]
        counts = self.confusion_matrix.counts.T
        head = words["prediction"]
        name_width = max(len(head), *(2 + len(label) for label in labels))
        widths = [
            max(len(label), *(len(str(v)) for v in counts[:, j])) for j, label in enumerate(labels)
        ]
        lines = [" " * name_width + words["reference"]]
        lines.append(
            f"{head:<{name_width}} "
            + " ".join(f"{label:>{w}}" for label, w in zip(labels, widths, strict=True))
        )
        for i, label in enumerate(labels):
            cells = " ".join(f"{v:>{w}}" for v, w in zip(counts[i], widths, strict=True))
            lines.append(f"  {label:<{name_width - 2}} {cells}")
        return lines

    def _by_class_lines(self, words) -> list[str]:
        names = [words[name] for name in self.by_class.index]
        heads = [words["class"].format(label=label) for label in self.by_class.columns]
        name_width = max(len(name) for name in names)
        table = [[_fixed(v) for v in self.by_class.iloc[i]] for i in range(len(names))]
        widths = [max(len(head), *(len(row[j]) for row in table)) for j, head in enumerate(heads)]
        lines = [
            " " * name_width
            + " "
            + " ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True))
        ]
        for name, row in zip(names, table, strict=True):
            cells = " ".join(f"{v:>{w}}" for v, w in zip(row, widths, strict=True))
            lines.append(f"{name:<{name_width}} {cells}")
        return lines

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return self.to_text()

    # ------------------------------------------------------------------ html
    def to_html(self) -> str:
        """The report as HTML tables (the matrix in caret's orientation, then the statistics)."""
        words = self._words()
        cm = self.confusion_matrix
        labels = [str(label) for label in cm.labels]
        corner = f"{words['prediction']} \\ {words['reference']}"
        matrix = html_table(
            [
                [Cell(label, header=True, align="left"), *row]
                for label, row in zip(labels, cm.counts.T, strict=True)
            ],
            header=[Cell(corner, header=True, align="left"), *labels],
        )
        overall = html_table(
            [Cell(name, header=True, align="left"), Cell(value, align="right")]
            for name, value in self._overall_rows(words)
        )
        if self.positive is not None:
            heads = [f"{words['positive']}: {self.positive}"]
            table = [[_fixed(v)] for v in self.by_class]
        else:
            heads = [words["class"].format(label=label) for label in self.by_class.columns]
            table = [[_fixed(v) for v in self.by_class.iloc[i]] for i in range(len(self.by_class))]
        by_class = html_table(
            (
                [
                    Cell(words[name], header=True, align="left"),
                    *(Cell(v, align="right") for v in row),
                ]
                for name, row in zip(self.by_class.index, table, strict=True)
            ),
            header=["", *heads],
        )
        return (
            f"<div><b>{html.escape(words['title'])}</b>"
            f'<div style="margin-top:6px">{side_by_side(matrix, overall, by_class, gap="2em")}'
            "</div></div>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()


# ---------------------------------------------------------------------- formatting
def _number(value: float) -> str:
    """Four significant digits, as R's default ``format(x, digits = 4)``."""
    if math.isnan(value):
        return "NaN"
    return f"{value:.4g}"


def _fixed(value: float) -> str:
    """Four decimals, as caret's by-class block."""
    if math.isnan(value):
        return "NaN"
    return f"{value:.4f}"


def _p_value(value: float) -> str:
    """A p-value as R prints it: 4 significant digits, ``< 2.2e-16`` at the bottom, NA."""
    if math.isnan(value):
        return "NA"
    if value < _R_EPS:
        return "< 2.2e-16"
    return f"{value:.4g}"
