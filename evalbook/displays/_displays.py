"""Figures as Displays, the way scikit-learn draws them: an object that stores what it draws.

Each Display is built from the data (``from_predictions``) or from what the library already
computed (``from_curve``, ``from_matrix``), keeps it as attributes (``display.curve``,
``display.roc_auc``...) and draws it with ``display.plot(ax=None)``, which returns the
Display with the figure's ``ax_`` and ``figure_``. Calling ``plot`` on one Axes for
several Displays compares models (handout 000, Figura 4(b)). Every word on a figure comes
from :data:`evalbook._core.render.TERMS`, so a figure speaks the display language
(:func:`evalbook.set_config`) like every table and explorer.

matplotlib is imported by ``plot`` only, so ``import evalbook`` does not load it. The
explorers draw the same ROC and KS curves (the same :class:`~evalbook.Curve`) as inline
SVG (:mod:`evalbook._core.svg`), because they redraw at every step of a slider.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from evalbook._core.checks import check_threshold
from evalbook._core.messages import N_
from evalbook._core.render import CLASS_LINE_COLOURS, say, short_term, term
from evalbook.metrics._calibration import calibration_curve
from evalbook.metrics._confusion import ConfusionMatrix, as_confusion_matrix
from evalbook.metrics._curves import Curve
from evalbook.metrics._ranking import (
    auc,
    fbeta_curve,
    gain_lift,
    ks_curve,
    precision_recall_curve,
    roc_curve,
)

__all__ = [
    "CalibrationDisplay",
    "ConfusionMatrixDisplay",
    "FBetaDisplay",
    "GainDisplay",
    "KSDisplay",
    "LiftDisplay",
    "PrecisionRecallDisplay",
    "RocCurveDisplay",
]

DIAGONAL = {"color": "0.6", "linestyle": "--", "linewidth": 1}

#: The sentences of the figures, message ids (single words are in TERMS).
TEXT = {
    "roc_legend": N_("AUC = {auc}"),
    "roc_point": N_("t = {t}: (FPR, TPR) = ({fpr}, {tpr})"),
    "ks_title": N_("KS = {ks} at ps = {ps}"),
    "cp": N_("CP({group}, ps)"),
    "pr_legend": N_("AP = {ap}"),
}  # fmt: skip


def check_ax(ax) -> None:
    """Check the ``ax`` option: None (draw on a new figure) or a matplotlib Axes."""
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(
            f"ax must be a matplotlib Axes (e.g. from plt.subplots()) or None; "
            f"got {type(ax).__name__}"
        )


@contextmanager
def axes_for(ax, figsize=(4.5, 4)):
    """The Axes to draw on: ``ax``, or those of a new figure, closed again if drawing fails.

    Every argument is checked before this is entered, so that bad input never leaves a
    figure open; closing the figure on an error is only a safety net.
    """
    import matplotlib.pyplot as plt

    if ax is not None:
        yield ax
        return
    figure, ax = plt.subplots(figsize=figsize)
    try:
        yield ax
    except BaseException:
        plt.close(figure)
        raise


def _check_name(name) -> None:
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a str (the legend text) or None; got {type(name).__name__}")


def _check_curve(curve, kind: str) -> Curve:
    if not isinstance(curve, Curve) or curve.kind != kind:
        got = f"a {curve.kind!r} Curve" if isinstance(curve, Curve) else type(curve).__name__
        raise TypeError(f"curve must be a {kind!r} Curve (from the library); got {got}")
    return curve


def _diagonal(ax) -> None:
    """The dashed diagonal y = x, drawn once however many curves share the Axes."""
    if not any(line.get_label() == "_diagonal" for line in ax.lines):
        ax.plot([0, 1], [0, 1], label="_diagonal", **DIAGONAL)


def _unit_square(ax, xlabel: str, ylabel: str, *, legend: str) -> None:
    """Axes of a curve drawn in [0, 1]², square, with its labels and legend."""
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(loc=legend, fontsize="small")


class _Display:
    """What every Display shares: ``plot(ax=None)`` draws on ``ax`` or a new figure."""

    figsize = (4.5, 4)
    ax_ = None
    figure_ = None

    def plot(self, *, ax=None):
        """Draw on ``ax`` (a new figure's Axes by default); return the Display itself."""
        check_ax(ax)
        with axes_for(ax, self.figsize) as ax:
            self._draw(ax)
        self.ax_, self.figure_ = ax, ax.figure
        return self

    def _draw(self, ax) -> None:  # pragma: no cover - every Display defines it
        raise NotImplementedError


class _CurveDisplay(_Display):
    kind = ""

    def __init__(self, curve, *, name=None):
        _check_name(name)
        self.curve = _check_curve(curve, self.kind)
        self.name = name

    @classmethod
    def from_curve(cls, curve, *, name=None):
        """The Display of a curve the library computed (``name`` labels it in the legend)."""
        return cls(curve, name=name)

    def _legend(self, text: str) -> str:
        return f"{self.name}: {text}" if self.name else text


# ---------------------------------------------------------------------- ROC
class RocCurveDisplay(_CurveDisplay):
    """The ROC curve with the diagonal of a random model, and optionally one marked point.

    Handout 000, Figura 4. The legend gives the AUC (eq. (12), the trapezoid area of the
    curve, equal to :func:`~evalbook.roc_auc`).

    Attributes
    ----------
    curve : Curve
        The ``"roc"`` curve drawn.
    roc_auc : float
    threshold : float or None
        The threshold whose point (FPR, TPR) is marked.
    point : (float, float) or None
        That point: the classifier "score ≥ threshold" (eq. (11)).
    name : str or None
        The model's name in the legend.

    Examples
    --------
    >>> display = RocCurveDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1],
    ...                                            positive=1, threshold=0.5)
    >>> display.roc_auc, display.point
    (0.75, (0.5, 0.5))
    >>> display.plot().ax_.get_legend_handles_labels()[1]
    ['AUC = 0.750', 't = 0.5: (FPR, TPR) = (0.50, 0.50)']
    """

    kind = "roc"

    def __init__(self, curve, *, name=None, threshold=None):
        super().__init__(curve, name=name)
        self.roc_auc = auc(self.curve.fpr, self.curve.tpr)
        self.threshold = None if threshold is None else check_threshold(threshold, "threshold")
        self.point = None
        if self.threshold is not None:  # the lowest threshold of the curve that is ≥ t
            at = int(np.count_nonzero(self.curve.threshold >= self.threshold)) - 1
            self.point = (float(self.curve.fpr[at]), float(self.curve.tpr[at]))

    @classmethod
    def from_curve(cls, curve, *, name=None, threshold=None):
        """The Display of a ROC curve from :func:`~evalbook.roc_curve`."""
        return cls(curve, name=name, threshold=threshold)

    @classmethod
    def from_predictions(cls, y_true, scores=None, *, positive=None, threshold=None, name=None):
        """The ROC curve of ``scores`` (as :func:`~evalbook.roc_curve`), ready to draw.

        ``threshold`` marks the point of "score ≥ threshold"; ``name`` names the model.
        """
        t = None if threshold is None else check_threshold(threshold, "threshold")
        _check_name(name)
        return cls(roc_curve(y_true, scores, positive=positive), name=name, threshold=t)

    def _draw(self, ax) -> None:
        _diagonal(ax)
        curve = self.curve
        marker = "o" if len(curve) <= 60 else None
        legend = self._legend(say(TEXT, "roc_legend", auc=f"{self.roc_auc:.3f}"))
        (self.line_,) = ax.plot(curve.fpr, curve.tpr, marker=marker, ms=3, label=legend)
        if self.point is not None:
            fpr, tpr = self.point
            label = say(
                TEXT, "roc_point", t=f"{self.threshold:g}", fpr=f"{fpr:.2f}", tpr=f"{tpr:.2f}"
            )
            ax.plot([fpr], [tpr], "o", ms=10, mfc="none", mew=2, color="crimson", label=label)
        _unit_square(ax, term("fpr_axis"), term("tpr_axis"), legend="lower right")


# ---------------------------------------------------------------------- KS
class KSDisplay(_CurveDisplay):
    """The two cumulative score distributions and the KS gap between them.

    Handout 000, eqs. (14)-(16): CP(positive, ps) and CP(negative, ps) as step functions
    of ps (:func:`~evalbook.ks_curve`), with a vertical segment where
    |CP(negative) − CP(positive)| is largest (:func:`~evalbook.ks_statistic`).

    Attributes
    ----------
    curve : Curve
        The ``"ks"`` curve drawn.
    statistic : float
        The KS statistic, the largest gap.
    score : float
        The smallest score ps where it is attained.

    Examples
    --------
    >>> display = KSDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)
    >>> display.statistic, display.score
    (0.5, 0.1)
    >>> display.plot().ax_.get_title()
    'KS = 0.500 at ps = 0.1'
    """

    kind = "ks"
    figsize = (5, 3.5)

    def __init__(self, curve, *, name=None):
        super().__init__(curve, name=name)
        gaps = np.abs(self.curve.cdf_negative - self.curve.cdf_positive)
        best = int(np.argmax(np.round(gaps, 12)))  # the first of gaps equal but for rounding
        self.statistic = float(gaps[best])
        self.score = float(self.curve.score[best])

    @classmethod
    def from_predictions(cls, y_true, scores=None, *, positive=None, name=None):
        """The score CDFs of each class (as :func:`~evalbook.ks_curve`), ready to draw."""
        _check_name(name)
        return cls(ks_curve(y_true, scores, positive=positive), name=name)

    def _draw(self, ax) -> None:
        curve = self.curve
        lo, hi = float(curve.score[0]), float(curve.score[-1])
        pad = 0.05 * hi - 0.05 * lo if hi > lo else 0.05  # hi − lo may overflow
        largest = np.finfo(np.float64).max
        xs = np.concatenate([[max(lo - pad, -largest)], curve.score, [min(hi + pad, largest)]])
        ys = {
            group: np.concatenate([[0.0], values, [1.0]])
            for group, values in (
                ("positive", curve.cdf_positive),
                ("negative", curve.cdf_negative),
            )
        }
        for group, plural in (("positive", "positives"), ("negative", "negatives")):
            ax.step(
                xs,
                ys[group],
                where="post",
                color=CLASS_LINE_COLOURS[group],
                label=say(TEXT, "cp", group=term(plural)),
            )
        at = int(np.searchsorted(curve.score, self.score))
        low, high = sorted((curve.cdf_positive[at], curve.cdf_negative[at]))
        ax.vlines(self.score, low, high, color="black", linewidth=2, label="KS")
        ax.set_xlabel(f"{term('score')} ps")
        ax.set_ylabel(term("cumulative_share"))
        ax.set_title(say(TEXT, "ks_title", ks=f"{self.statistic:.3f}", ps=f"{self.score:g}"))
        ax.legend(loc="lower right", fontsize="small")


# ---------------------------------------------------------------------- gain and lift
class _GainLiftDisplay(_CurveDisplay):
    kind = "gain_lift"

    @classmethod
    def from_predictions(cls, y_true, scores=None, *, positive=None, bins=10, name=None):
        """Gain and lift per bin (as :func:`~evalbook.gain_lift`), ready to draw."""
        _check_name(name)
        return cls(gain_lift(y_true, scores, positive=positive, bins=bins), name=name)


class GainDisplay(_GainLiftDisplay):
    """Cumulative gain chart: share of the positives caught by the top bins.

    Handout 000, eq. (17); the ``cumulative_gain`` of :func:`~evalbook.gain_lift`
    against the share of instances taken, with the diagonal of a random ordering.

    Examples
    --------
    >>> display = GainDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1],
    ...                                        positive=1, bins=2)
    >>> display.plot().ax_.lines[-1].get_ydata().tolist()
    [0.0, 0.5, 1.0]
    """

    def _draw(self, ax) -> None:
        curve = self.curve
        taken = np.concatenate([[0], np.cumsum(curve.n) / curve.n.sum()])
        ax.plot([0, 1], [0, 1], label=term("random"), **DIAGONAL)
        (self.line_,) = ax.plot(
            taken,
            np.concatenate([[0], curve.cumulative_gain]),
            marker="o",
            label=self.name or term("model"),
        )
        ax.set_xlabel(term("share_taken"))
        ax.set_ylabel(term("cumulative_gain"))
        ax.legend(loc="lower right", fontsize="small")


class LiftDisplay(_GainLiftDisplay):
    """Lift and cumulative lift per bin, with the line lift = 1 of a random ordering.

    Handout 000, eq. (18); the arrays ``lift`` and ``cumulative_lift`` of
    :func:`~evalbook.gain_lift`.

    Examples
    --------
    >>> display = LiftDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1],
    ...                                        positive=1, bins=2)
    >>> [float(p.get_height()) for p in display.plot().ax_.patches]
    [1.0, 1.0]
    """

    figsize = (5, 3.5)

    def _draw(self, ax) -> None:
        curve = self.curve
        ax.bar(curve.bin, curve.lift, color="tab:blue", alpha=0.6, label=term("lift"))
        (self.line_,) = ax.plot(
            curve.bin,
            curve.cumulative_lift,
            marker="o",
            color="tab:red",
            label=term("cumulative_lift"),
        )
        ax.axhline(1, label=term("random"), **DIAGONAL)
        ax.set_xticks(curve.bin)
        ax.set_xlabel(term("bin_axis"))
        ax.set_ylabel(term("lift"))
        ax.legend(loc="upper right", fontsize="small")


# ---------------------------------------------------------------------- precision and recall
class PrecisionRecallDisplay(_CurveDisplay):
    """The precision-recall curve as a staircase, its average precision in the legend.

    Drawn as steps (precision holds until the next threshold adds recall), the shape whose
    area is :func:`~evalbook.average_precision` (Davis & Goadrich 2006): never joined by
    straight lines, which would overstate precision.

    Examples
    --------
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     ["p", "n", "p", "n"], [0.9, 0.8, 0.4, 0.1], positive="p")
    >>> round(display.average_precision, 4)
    0.8333
    >>> display.plot().ax_.get_xlabel()
    'recall'
    """

    kind = "precision_recall"

    def __init__(self, curve, *, name=None):
        super().__init__(curve, name=name)
        # Σ (Rₙ − Rₙ₋₁) Pₙ; the first point (recall 0, by convention precision 1) adds 0
        self.average_precision = float(
            np.sum(np.diff(self.curve.recall) * self.curve.precision[1:])
        )

    @classmethod
    def from_predictions(cls, y_true, scores=None, *, positive=None, name=None):
        """The PR curve of ``scores`` (as :func:`~evalbook.precision_recall_curve`)."""
        _check_name(name)
        return cls(precision_recall_curve(y_true, scores, positive=positive), name=name)

    def _draw(self, ax) -> None:
        curve = self.curve
        legend = self._legend(say(TEXT, "pr_legend", ap=f"{self.average_precision:.3f}"))
        (self.line_,) = ax.plot(curve.recall, curve.precision, drawstyle="steps-pre", label=legend)
        ax.set_xlim(-0.02, 1.02)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel(short_term("recall"))
        ax.set_ylabel(term("precision"))
        ax.legend(loc="lower left", fontsize="small")


class FBetaDisplay(_CurveDisplay):
    """Precision, recall and F-beta against the threshold (:func:`~evalbook.fbeta_curve`).

    Examples
    --------
    >>> display = FBetaDisplay.from_predictions([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)
    >>> [line.get_label() for line in display.plot().ax_.lines]
    ['precision', 'recall', 'F1']
    """

    kind = "fbeta"
    figsize = (5, 3.5)

    @classmethod
    def from_predictions(cls, y_true, scores=None, *, positive=None, beta=1.0, name=None):
        """F-beta of every threshold (as :func:`~evalbook.fbeta_curve`), ready to draw."""
        _check_name(name)
        return cls(fbeta_curve(y_true, scores, positive=positive, beta=beta), name=name)

    def _draw(self, ax) -> None:
        curve = self.curve
        ax.plot(curve.threshold, curve.precision, label=term("precision"), **DIAGONAL)
        ax.plot(curve.threshold, curve.recall, label=short_term("recall"), linestyle=":")
        (self.line_,) = ax.plot(
            curve.threshold, curve.fbeta, marker="o", ms=3, label=f"F{curve.beta:g}"
        )
        ax.set_xlabel(term("threshold"))
        ax.set_ylim(-0.02, 1.02)
        ax.legend(loc="lower left", fontsize="small")


# ---------------------------------------------------------------------- calibration
class CalibrationDisplay(_CurveDisplay):
    """The reliability diagram: share of positives against mean predicted probability.

    The points of :func:`~evalbook.calibration_curve` (one per non-empty bin) and the
    diagonal of a perfectly calibrated model (DeGroot & Fienberg 1983).

    Examples
    --------
    >>> y = ["p", "n", "p", "n", "p", "n"]
    >>> display = CalibrationDisplay.from_predictions(y, [0.9, 0.2, 0.6, 0.1, 0.8, 0.7],
    ...                                               positive="p", bins=2)
    >>> display.plot().ax_.lines[-1].get_xydata().round(4).tolist()
    [[0.15, 0.0], [0.75, 0.75]]
    """

    kind = "calibration"

    @classmethod
    def from_predictions(
        cls, y_true, probabilities, *, positive, bins=10, strategy="uniform", name=None
    ):
        """The reliability diagram of ``probabilities`` (as :func:`~evalbook.calibration_curve`)."""
        _check_name(name)
        curve = calibration_curve(
            y_true, probabilities, positive=positive, bins=bins, strategy=strategy
        )
        return cls(curve, name=name)

    def _draw(self, ax) -> None:
        _diagonal(ax)
        curve = self.curve
        (self.line_,) = ax.plot(
            curve.mean_predicted,
            curve.fraction_positive,
            marker="o",
            label=self.name or term("model"),
        )
        _unit_square(ax, term("mean_predicted"), term("fraction_positive"), legend="upper left")


# ---------------------------------------------------------------------- confusion matrix
class ConfusionMatrixDisplay(_Display):
    """Heatmap of a confusion matrix, each cell annotated with its count.

    Rows are the target and columns the prediction (handout 000, Tabela 1); for a 2×2
    matrix the cells are also labelled TP, FN, FP and TN.

    Examples
    --------
    >>> display = ConfusionMatrixDisplay.from_matrix([[6, 3], [2, 9]])
    >>> [t.get_text() for t in display.plot().ax_.texts]
    ['6\\nTP', '3\\nFN', '2\\nFP', '9\\nTN']
    """

    figsize = (3.6, 3.2)

    def __init__(self, cm, *, cmap="Blues"):
        self.confusion_matrix = as_confusion_matrix(cm)
        self.cmap = cmap

    @classmethod
    def from_matrix(cls, cm, *, cmap="Blues"):
        """The Display of a :class:`~evalbook.ConfusionMatrix` (or its counts)."""
        return cls(cm, cmap=cmap)

    @classmethod
    def from_predictions(cls, y_true, y_pred, *, labels=None, cmap="Blues"):
        """The matrix of ``y_true`` against ``y_pred`` (:meth:`ConfusionMatrix.from_labels`)."""
        return cls(ConfusionMatrix.from_labels(y_true, y_pred, labels=labels), cmap=cmap)

    def plot(self, *, ax=None):
        self._colormap = _check_cmap(self.cmap)  # before a figure is opened
        return super().plot(ax=ax)

    def _draw(self, ax) -> None:
        cm = self.confusion_matrix
        counts = cm.counts
        image = ax.imshow(counts, cmap=self._colormap, vmin=0)
        k = cm.n_classes
        names = [["TP", "FN"], ["FP", "TN"]] if k == 2 else None
        middle = counts.max() / 2 if counts.size else 0
        for i in range(k):
            for j in range(k):
                text = str(counts[i, j]) + (f"\n{names[i][j]}" if names else "")
                colour = "white" if counts[i, j] > middle else "black"
                ax.text(j, i, text, ha="center", va="center", color=colour)
        labels = [term(str(label)) if label in ("positive", "negative") else str(label)
                  for label in cm.labels]  # fmt: skip
        ax.set_xticks(range(k), labels)
        ax.set_yticks(range(k), labels)
        ax.set_xlabel(term("prediction"))
        ax.set_ylabel(term("target"))
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)


def _check_cmap(cmap):
    import matplotlib

    try:
        return matplotlib.colormaps.get_cmap(cmap)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"cmap must be a matplotlib colormap or its name; {exc}") from None


_DISPLAYS = {
    "roc": RocCurveDisplay,
    "precision_recall": PrecisionRecallDisplay,
    "fbeta": FBetaDisplay,
    "ks": KSDisplay,
    "gain_lift": GainDisplay,
    "calibration": CalibrationDisplay,
}


def display_of(curve, **options):
    """The Display that draws ``curve`` (:meth:`Curve.plot`): ``from_curve(curve, **options)``.

    A gain-and-lift curve is drawn as its cumulative gain chart (:class:`GainDisplay`);
    :class:`LiftDisplay` ``.from_curve`` draws its lift.
    """
    if not isinstance(curve, Curve):
        raise TypeError(f"curve must be a Curve; got {type(curve).__name__}")
    return _DISPLAYS[curve.kind].from_curve(curve, **options)
