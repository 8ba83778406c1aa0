"""Figures as Displays, the way scikit-learn draws them: an object that stores what it draws.

Each Display is built from the data (``from_predictions``), from a fitted classifier
(``from_estimator``, where scikit-learn has it: ROC, precision-recall, calibration, confusion
matrix) or from what the library already computed (``from_curve``, ``from_matrix``,
``from_result``), keeps it as attributes (``display.curve``, ``display.roc_auc``...) and
draws it with ``display.plot(ax=None)``, which returns the Display with the figure's ``ax_``
and ``figure_``. This is the only way the library draws: the teaching figures (the cells a
rate divides, comparison intervals, Demšar's critical-difference diagram) are Displays too.
Calling ``plot`` on one Axes for several Displays compares models (Fawcett 2006). Every
word on a figure comes
from :data:`evalbook._core.render.TERMS`, so a figure speaks the display language
(:func:`evalbook.set_config`) like every table and explorer.

matplotlib is imported by ``plot`` only, so ``import evalbook`` does not load it. The
explorers draw the same ROC and KS curves (the same :class:`~evalbook.Curve`) as inline
SVG (:mod:`evalbook._core.svg`), because they redraw at every step of a slider.
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from evalbook._core.checks import as_number_pair, check_choice, check_threshold, is_missing
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
    "ComparisonIntervalsDisplay",
    "ConfusionMatrixDisplay",
    "CriticalDifferenceDisplay",
    "FBetaDisplay",
    "GainDisplay",
    "KSDisplay",
    "LiftDisplay",
    "MetricCellsDisplay",
    "PrecisionRecallDisplay",
    "PredictionErrorDisplay",
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
    "band": N_("confidence band ({confidence})"),
    "bin_intervals": N_("intervals ({confidence}, Clopper-Pearson)"),
    "difference": N_("difference (an interval containing 0: not significant)"),
    "ranks": N_("average rank (1 = best); joined by a bar: no significant difference"),
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


_RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def _check_classifier(estimator) -> np.ndarray:
    """The classes of a fitted classifier (its ``classes_``), or a TypeError naming it."""
    if not (callable(getattr(estimator, "predict", None)) and hasattr(estimator, "classes_")):
        raise TypeError(
            "estimator must be a fitted classifier (with predict and classes_, e.g. a "
            f"scikit-learn classifier after fit); got {type(estimator).__name__}"
        )
    return np.asarray(estimator.classes_)


def _estimator_name(estimator, name):
    _check_name(name)
    return type(estimator).__name__ if name is None else name


def _binary_response(estimator, X, *, positive, response_method):
    """The scores of ``positive`` that a fitted binary classifier gives ``X``.

    As scikit-learn's Displays do: the ``positive`` column of ``predict_proba``, or
    ``decision_function``, negated when ``positive`` is the first class (the decision
    function scores the second). ``"auto"`` tries ``predict_proba`` first. ``positive``
    defaults to the second class of ``estimator.classes_``, scikit-learn's ``pos_label``.
    Returns ``(y_score, positive)``.
    """
    classes = _check_classifier(estimator)
    check_choice(response_method, "response_method", _RESPONSE_METHODS)
    if classes.size != 2:
        raise ValueError(
            f"estimator must be a binary classifier; its classes_ has {classes.size} classes: "
            f"{classes.tolist()}"
        )
    if positive is None:
        positive = classes.tolist()[1]
    elif np.ndim(positive) != 0 or is_missing(positive) or positive not in classes.tolist():
        raise ValueError(
            f"positive must be one of the estimator's classes {classes.tolist()}; got {positive!r}"
        )
    methods = (
        ("predict_proba", "decision_function") if response_method == "auto" else (response_method,)
    )
    for method in methods:
        respond = getattr(estimator, method, None)
        if callable(respond):
            break
    else:
        raise ValueError(
            f"estimator has no {' or '.join(methods)}: it gives no scores to draw "
            f"(response_method={response_method!r})"
        )
    first = positive == classes.tolist()[0]
    response = np.asarray(respond(X))
    if method == "predict_proba":
        return response[:, 1 - int(first)], positive
    return -response if first else response, positive


def _check_curve(curve, kind: str) -> Curve:
    if not isinstance(curve, Curve) or curve.kind != kind:
        got = f"a {curve.kind!r} Curve" if isinstance(curve, Curve) else type(curve).__name__
        raise TypeError(f"curve must be a {kind!r} Curve (from the library); got {got}")
    return curve


def _check_band(band, kind: str):
    """The ``band=`` of a Display's ``plot``: None or a band Curve of the Display's kind."""
    if band is None:
        return None
    from evalbook.metrics._curves import Curve

    if not isinstance(band, Curve) or band.kind != kind:
        got = f"a {band.kind!r} Curve" if isinstance(band, Curve) else type(band).__name__
        raise TypeError(f"band must be a {kind!r} Curve (from evalbook.{kind}) or None; got {got}")
    return band


def _band_label(band) -> str:
    return say(TEXT, "band", confidence=f"{100 * band.confidence:g}%")


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

    Fawcett (2006). The legend gives the AUC (the trapezoid area of the curve, equal to
    :func:`~evalbook.roc_auc`).

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
    def from_predictions(cls, y_true, y_score=None, *, positive=None, threshold=None, name=None):
        """The ROC curve of ``y_score`` (as :func:`~evalbook.roc_curve`), ready to draw.

        ``threshold`` marks the point of "score ≥ threshold"; ``name`` names the model.
        """
        t = None if threshold is None else check_threshold(threshold, "threshold")
        _check_name(name)
        return cls(roc_curve(y_true, y_score, positive=positive), name=name, threshold=t)

    @classmethod
    def from_estimator(
        cls, estimator, X, y, *, positive=None, response_method="auto", threshold=None, name=None
    ):
        """The ROC curve of a fitted binary classifier on ``X``, ``y``.

        Its scores are the ``positive`` column of ``predict_proba`` or its
        ``decision_function`` (``response_method``; ``"auto"`` tries them in that order),
        as scikit-learn's ``RocCurveDisplay.from_estimator``; ``positive`` defaults to the
        second of ``estimator.classes_`` and ``name`` to the estimator's class name.
        Then :meth:`from_predictions`.
        """
        name = _estimator_name(estimator, name)
        y_score, positive = _binary_response(
            estimator, X, positive=positive, response_method=response_method
        )
        return cls.from_predictions(y, y_score, positive=positive, threshold=threshold, name=name)

    band = None

    def plot(self, *, ax=None, band=None):
        """Draw the curve on ``ax`` (a new figure's Axes by default); return the Display.

        ``band``: a ``"roc_band"`` Curve (:func:`evalbook.roc_band`), drawn shaded in the
        curve's colour around it (``band_``).
        """
        self.band = _check_band(band, "roc_band")
        return super().plot(ax=ax)

    def _draw(self, ax) -> None:
        _diagonal(ax)
        curve = self.curve
        marker = "o" if len(curve) <= 60 else None
        legend = self._legend(say(TEXT, "roc_legend", auc=f"{self.roc_auc:.3f}"))
        (self.line_,) = ax.plot(curve.fpr, curve.tpr, marker=marker, ms=3, label=legend)
        if self.band is not None:
            self.band_ = ax.fill_between(
                self.band.fpr,
                self.band.tpr_lower,
                self.band.tpr_upper,
                color=self.line_.get_color(),
                alpha=0.2,
                linewidth=0,
                label=self._legend(_band_label(self.band)),
            )
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

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (the K-S statistic): CP(positive, ps) and
    CP(negative, ps) as step functions of ps (:func:`~evalbook.ks_curve`), with a vertical
    segment where |CP(negative) − CP(positive)| is largest (:func:`~evalbook.ks_statistic`).

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
    def from_predictions(cls, y_true, y_score=None, *, positive=None, name=None):
        """The score CDFs of each class (as :func:`~evalbook.ks_curve`), ready to draw."""
        _check_name(name)
        return cls(ks_curve(y_true, y_score, positive=positive), name=name)

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
    def from_predictions(cls, y_true, y_score=None, *, positive=None, bins=10, name=None):
        """Gain and lift per bin (as :func:`~evalbook.gain_lift`), ready to draw."""
        _check_name(name)
        return cls(gain_lift(y_true, y_score, positive=positive, bins=bins), name=name)


class GainDisplay(_GainLiftDisplay):
    """Cumulative gain chart: share of the positives caught by the top bins.

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (cumulative gain); the ``cumulative_gain`` of
    :func:`~evalbook.gain_lift` against the share of instances taken, with the diagonal of a
    random ordering.

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

    Kelleher, Mac Namee & D'Arcy (2020), ch. 9 (lift and cumulative lift); the arrays
    ``lift`` and ``cumulative_lift`` of :func:`~evalbook.gain_lift`.

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
    def from_predictions(cls, y_true, y_score=None, *, positive=None, name=None):
        """The PR curve of ``y_score`` (as :func:`~evalbook.precision_recall_curve`)."""
        _check_name(name)
        return cls(precision_recall_curve(y_true, y_score, positive=positive), name=name)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, positive=None, response_method="auto", name=None):
        """The PR curve of a fitted binary classifier on ``X``, ``y``.

        Scores, ``positive`` and ``name`` as :meth:`RocCurveDisplay.from_estimator`; then
        :meth:`from_predictions`.
        """
        name = _estimator_name(estimator, name)
        y_score, positive = _binary_response(
            estimator, X, positive=positive, response_method=response_method
        )
        return cls.from_predictions(y, y_score, positive=positive, name=name)

    band = None

    def plot(self, *, ax=None, band=None):
        """Draw the curve on ``ax`` (a new figure's Axes by default); return the Display.

        ``band``: a ``"precision_recall_band"`` Curve (:func:`evalbook.precision_recall_band`),
        drawn shaded in the curve's colour (``band_``).
        """
        self.band = _check_band(band, "precision_recall_band")
        return super().plot(ax=ax)

    def _draw(self, ax) -> None:
        curve = self.curve
        legend = self._legend(say(TEXT, "pr_legend", ap=f"{self.average_precision:.3f}"))
        (self.line_,) = ax.plot(curve.recall, curve.precision, drawstyle="steps-pre", label=legend)
        if self.band is not None:
            self.band_ = ax.fill_between(
                self.band.recall,
                self.band.precision_lower,
                self.band.precision_upper,
                color=self.line_.get_color(),
                alpha=0.2,
                linewidth=0,
                label=self._legend(_band_label(self.band)),
            )
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
    def from_predictions(cls, y_true, y_score=None, *, positive=None, beta=1.0, name=None):
        """F-beta of every threshold (as :func:`~evalbook.fbeta_curve`), ready to draw."""
        _check_name(name)
        return cls(fbeta_curve(y_true, y_score, positive=positive, beta=beta), name=name)

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
        cls, y_true, y_proba, *, positive=None, bins=10, strategy="uniform", name=None
    ):
        """The reliability diagram of ``y_proba`` (as :func:`~evalbook.calibration_curve`)."""
        _check_name(name)
        curve = calibration_curve(y_true, y_proba, positive=positive, bins=bins, strategy=strategy)
        return cls(curve, name=name)

    @classmethod
    def from_estimator(
        cls, estimator, X, y, *, positive=None, bins=10, strategy="uniform", name=None
    ):
        """The reliability diagram of a fitted binary classifier's ``predict_proba`` on ``X``.

        The probabilities of ``positive`` (by default the second of ``estimator.classes_``),
        as scikit-learn's ``CalibrationDisplay.from_estimator``; ``name`` defaults to the
        estimator's class name. Then :meth:`from_predictions`.
        """
        name = _estimator_name(estimator, name)
        y_prob, positive = _binary_response(
            estimator, X, positive=positive, response_method="predict_proba"
        )
        return cls.from_predictions(
            y, y_prob, positive=positive, bins=bins, strategy=strategy, name=name
        )

    band = None

    def plot(self, *, ax=None, band=None):
        """Draw the diagram on ``ax`` (a new figure's Axes by default); return the Display.

        ``band``: a ``"calibration_band"`` Curve (:func:`evalbook.calibration_band`), each
        bin's interval drawn as an error bar in the curve's colour (``band_``).
        """
        self.band = _check_band(band, "calibration_band")
        return super().plot(ax=ax)

    def _draw(self, ax) -> None:
        _diagonal(ax)
        curve = self.curve
        (self.line_,) = ax.plot(
            curve.mean_predicted,
            curve.fraction_positive,
            marker="o",
            label=self.name or term("model"),
        )
        if self.band is not None:
            band = self.band
            self.band_ = ax.errorbar(
                band.mean_predicted,
                band.fraction_positive,
                yerr=[
                    band.fraction_positive - band.fraction_lower,
                    band.fraction_upper - band.fraction_positive,
                ],
                fmt="none",
                ecolor=self.line_.get_color(),
                capsize=3,
                label=say(TEXT, "bin_intervals", confidence=f"{100 * band.confidence:g}%"),
            )
        _unit_square(ax, term("mean_predicted"), term("fraction_positive"), legend="upper left")


# ---------------------------------------------------------------------- confusion matrix
class ConfusionMatrixDisplay(_Display):
    """Heatmap of a confusion matrix, each cell annotated with its count.

    Rows are the target and columns the prediction (Kelleher, Mac Namee & D'Arcy (2020), ch.
    9); for a 2×2 matrix the cells are also labelled TP, FN, FP and TN. With ``normalize``
    (``"true"``, ``"pred"`` or ``"all"``, as scikit-learn's), each cell shows its fraction of
    the row, the column or n (:meth:`ConfusionMatrix.to_frame`).

    Examples
    --------
    >>> display = ConfusionMatrixDisplay.from_matrix([[6, 3], [2, 9]])
    >>> [t.get_text() for t in display.plot().ax_.texts]
    ['6\\nTP', '3\\nFN', '2\\nFP', '9\\nTN']
    >>> display = ConfusionMatrixDisplay.from_matrix([[6, 3], [2, 9]], normalize="true")
    >>> [t.get_text() for t in display.plot().ax_.texts]
    ['0.67\\nTP', '0.33\\nFN', '0.18\\nFP', '0.82\\nTN']
    """

    figsize = (3.6, 3.2)

    def __init__(self, cm, *, cmap="Blues", normalize=None):
        self.confusion_matrix = as_confusion_matrix(cm)
        self.cmap = cmap
        # the values drawn: the counts, or their fractions (checks normalize)
        self.values = self.confusion_matrix.to_frame(normalize=normalize).to_numpy()
        self.normalize = normalize

    @classmethod
    def from_matrix(cls, cm, *, cmap="Blues", normalize=None):
        """The Display of a :class:`~evalbook.ConfusionMatrix` (or its counts)."""
        return cls(cm, cmap=cmap, normalize=normalize)

    @classmethod
    def from_predictions(cls, y_true, y_pred, *, labels=None, cmap="Blues", normalize=None):
        """The matrix of ``y_true`` against ``y_pred`` (:meth:`ConfusionMatrix.from_labels`)."""
        matrix = ConfusionMatrix.from_labels(y_true, y_pred, labels=labels)
        return cls(matrix, cmap=cmap, normalize=normalize)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, labels=None, cmap="Blues", normalize=None):
        """The matrix of ``y`` against a fitted classifier's ``predict(X)``
        (:meth:`from_predictions`)."""
        _check_classifier(estimator)
        return cls.from_predictions(
            y, estimator.predict(X), labels=labels, cmap=cmap, normalize=normalize
        )

    def plot(self, *, ax=None):
        self._colormap = _check_cmap(self.cmap)  # before a figure is opened
        return super().plot(ax=ax)

    def _draw(self, ax) -> None:
        cm = self.confusion_matrix
        counts = self.values
        image = ax.imshow(counts, cmap=self._colormap, vmin=0)
        k = cm.n_classes
        names = [["TP", "FN"], ["FP", "TN"]] if k == 2 else None
        middle = counts.max() / 2 if counts.size else 0
        shown = str if self.normalize is None else "{:.2f}".format
        for i in range(k):
            for j in range(k):
                text = shown(counts[i, j]) + (f"\n{names[i][j]}" if names else "")
                colour = "white" if counts[i, j] > middle else "black"
                ax.text(j, i, text, ha="center", va="center", color=colour)
        labels = [term(str(label)) if label in ("positive", "negative", "rest") else str(label)
                  for label in cm.labels]  # fmt: skip
        ax.set_xticks(range(k), labels)
        ax.set_yticks(range(k), labels)
        ax.set_xlabel(term("prediction"))
        ax.set_ylabel(term("target"))
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)


# ---------------------------------------------------------------------- regression
class PredictionErrorDisplay(_Display):
    """A regression model's errors, one point per instance: the residual plot.

    As scikit-learn's ``PredictionErrorDisplay``: ``kind="residual_vs_predicted"`` draws each
    residual t − y (target minus prediction) against its prediction y, around the line of
    zero error; ``kind="actual_vs_predicted"`` draws the target against the prediction,
    around the diagonal of the perfect prediction. A pattern in the residuals (a curve, a
    spread that grows with y, a few far points) is what one number such as the MSE or R²
    does not show (Kelleher, Mac Namee & D'Arcy (2020), ch. 9).

    Parameters
    ----------
    y_true : sequence of float
        The targets.
    y_pred : sequence of float
        The predictions, same length as ``y_true``.
    kind : {"residual_vs_predicted", "actual_vs_predicted"}, default "residual_vs_predicted"
    name : str, optional
        The model's name, for the legend.

    Examples
    --------
    >>> display = PredictionErrorDisplay.from_predictions([3, 5, 2], [2.5, 5, 3])
    >>> display.residuals.tolist()
    [0.5, 0.0, -1.0]
    >>> display.plot().ax_.get_xlabel()
    'predicted value'
    """

    figsize = (5, 3.6)
    KINDS = ("residual_vs_predicted", "actual_vs_predicted")

    def __init__(self, y_true, y_pred, *, kind="residual_vs_predicted", name=None):
        self.y_true, self.y_pred = as_number_pair(y_true, y_pred)
        self.kind = check_choice(kind, "kind", self.KINDS)
        _check_name(name)
        self.name = name
        self.residuals = self.y_true - self.y_pred

    @classmethod
    def from_predictions(cls, y_true, y_pred, *, kind="residual_vs_predicted", name=None):
        """The Display of targets ``y_true`` and predictions ``y_pred``."""
        return cls(y_true, y_pred, kind=kind, name=name)

    def _draw(self, ax) -> None:
        if self.kind == "residual_vs_predicted":
            ax.scatter(self.y_pred, self.residuals, s=14, alpha=0.7, label=self.name)
            ax.axhline(0, **DIAGONAL)
            ax.set_ylabel(term("residual"))
        else:
            ax.scatter(self.y_pred, self.y_true, s=14, alpha=0.7, label=self.name)
            low = min(self.y_pred.min(), self.y_true.min())
            high = max(self.y_pred.max(), self.y_true.max())
            ax.plot([low, high], [low, high], **DIAGONAL, label=term("perfect_prediction"))
            ax.set_ylabel(term("target"))
            ax.legend(loc="upper left", fontsize="small")
        ax.set_xlabel(term("predicted_value"))
        if self.name and self.kind == "residual_vs_predicted":
            ax.legend(loc="upper left", fontsize="small")


def _check_cmap(cmap):
    import matplotlib

    try:
        return matplotlib.colormaps.get_cmap(cmap)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"cmap must be a matplotlib colormap or its name; {exc}") from None


# ---------------------------------------------------------------------- teaching figures
# Which cells of the 2×2 matrix (rows the target, columns the prediction, positive first) a
# rate divides: (numerator cells, denominator cells), each cell as (row, column).
_TP, _FN, _FP, _TN = (0, 0), (0, 1), (1, 0), (1, 1)
METRIC_CELLS = {
    "precision": ((_TP,), (_TP, _FP)),
    "recall": ((_TP,), (_TP, _FN)),
    "specificity": ((_TN,), (_FP, _TN)),
    "npv": ((_TN,), (_FN, _TN)),
    "fpr": ((_FP,), (_FP, _TN)),
    "fnr": ((_FN,), (_TP, _FN)),
    "accuracy": ((_TP, _TN), (_TP, _FN, _FP, _TN)),
    "error_rate": ((_FN, _FP), (_TP, _FN, _FP, _TN)),
}
_CELL_NAMES = {_TP: "TP", _FN: "FN", _FP: "FP", _TN: "TN"}
_NUMERATOR, _DENOMINATOR = "#1f5fa8", "#aec7e8"


class MetricCellsDisplay(_Display):
    """The 2×2 matrix with the cells a rate divides: the numerator dark, the rest of the
    denominator light, the cells it leaves out white.

    Precision divides along the predicted-positive **column**, recall along the
    actual-positive **row** (Kelleher, Mac Namee & D'Arcy 2020, ch. 9).
    The title writes the division out.

    Attributes
    ----------
    confusion_matrix : ConfusionMatrix
        The 2×2 matrix (rows the target, columns the prediction, the positive class first).
    metric : str
        One of ``METRIC_CELLS``: "precision", "recall", "specificity", "npv", "fpr",
        "fnr", "accuracy", "error_rate".
    numerator, denominator : tuple of (int, int)
        The cells (row, column) added above and below the fraction bar.
    value : float
        The rate (nan when its denominator is 0).

    Examples
    --------
    >>> display = MetricCellsDisplay.from_matrix([[6, 3], [2, 9]], "precision")
    >>> display.value
    0.75
    >>> display.plot().ax_.get_title()
    'precision = TP / (TP + FP) = 6 / 8 = 0.75'
    """

    figsize = (3.8, 3.4)

    def __init__(self, cm, metric):
        from evalbook.metrics import _classification as classification

        cm = as_confusion_matrix(cm)
        if cm.n_classes != 2:
            raise ValueError(
                f"cm must be a 2×2 matrix for MetricCellsDisplay; got {cm.n_classes}×{cm.n_classes}"
            )
        if not isinstance(metric, str) or metric not in METRIC_CELLS:
            raise ValueError(f"metric must be one of {sorted(METRIC_CELLS)}; got {metric!r}")
        self.confusion_matrix = cm
        self.metric = metric
        self.numerator, self.denominator = METRIC_CELLS[metric]
        self.value = getattr(classification, metric)(cm, zero_division=float("nan"))

    @classmethod
    def from_matrix(cls, cm, metric):
        """The cells of ``cm`` (a :class:`~evalbook.ConfusionMatrix` or its 2×2 counts)
        that ``metric`` divides."""
        return cls(cm, metric)

    def _draw(self, ax) -> None:
        from matplotlib.patches import Rectangle

        cm, numerator, denominator = self.confusion_matrix, self.numerator, self.denominator
        counts = cm.counts
        top = sum(int(counts[cell]) for cell in numerator)
        bottom = sum(int(counts[cell]) for cell in denominator)
        for cell, name in _CELL_NAMES.items():
            inside = cell in numerator
            colour = _NUMERATOR if inside else _DENOMINATOR if cell in denominator else "white"
            row, column = cell
            ax.add_patch(
                Rectangle((column - 0.5, row - 0.5), 1, 1, facecolor=colour, edgecolor="black")
            )
            ax.text(
                column,
                row,
                f"{name}\n{counts[cell]}",
                ha="center",
                va="center",
                color="white" if inside else "black",
                fontsize=12,
            )
        ax.set_xlim(-0.5, 1.5)
        ax.set_ylim(1.5, -0.5)
        labels = [str(label) for label in cm.labels]
        ax.set_xticks([0, 1], labels)
        ax.set_yticks([0, 1], labels)
        ax.set_xlabel(term("prediction"))
        ax.set_ylabel(term("target"))
        above = " + ".join(_CELL_NAMES[cell] for cell in numerator)
        below = " + ".join(_CELL_NAMES[cell] for cell in denominator)
        above = f"({above})" if len(numerator) > 1 else above
        ax.set_title(
            f"{short_term(self.metric)} = {above} / ({below}) = {top} / {bottom} = {self.value:.3g}"
        )


class ComparisonIntervalsDisplay(_Display):
    """Intervals of differences with 0 marked: the picture of a comparison's verdicts.

    One row per comparison: the interval of ``d`` (:func:`evalbook.compare_models`) or of
    the mean difference (:func:`evalbook.compare_algorithms`), with its centre. An interval
    that contains 0 (no significant difference) is grey; one entirely above or below 0 is
    red. A dashed line marks 0.

    Attributes
    ----------
    names : list of str
        The rows, top to bottom.
    centres, lower, upper : numpy.ndarray
        Each row's difference and its interval.
    significant : numpy.ndarray of bool
        Whether each interval leaves out 0.

    Examples
    --------
    >>> from evalbook import compare_models
    >>> display = ComparisonIntervalsDisplay.from_result(
    ...     {"M1 − M2": compare_models(0.85, 30, 0.75, 5000)})
    >>> display.significant.tolist()
    [False]
    >>> [t.get_text() for t in display.plot().ax_.get_yticklabels()]
    ['M1 − M2']
    """

    def __init__(self, comparisons):
        from collections.abc import Mapping

        from evalbook.inference._comparison import AlgorithmComparison, ModelComparison

        if not isinstance(comparisons, Mapping) or not comparisons:
            raise TypeError(
                "comparisons must be a non-empty mapping {name: result of compare_models or "
                f"compare_algorithms}}; got {type(comparisons).__name__}"
            )
        rows = []
        for name, result in comparisons.items():
            if isinstance(result, ModelComparison):
                centre = result.d
            elif isinstance(result, AlgorithmComparison):
                centre = result.mean
            else:
                raise TypeError(
                    f"comparisons[{name!r}] must be a result of compare_models or "
                    f"compare_algorithms; got {type(result).__name__}"
                )
            rows.append(
                (str(name), float(centre), *map(float, result.interval), result.significant)
            )
        self.names = [row[0] for row in rows]
        self.centres, self.lower, self.upper = (
            np.array([row[i] for row in rows]) for i in (1, 2, 3)
        )
        self.significant = np.array([bool(row[4]) for row in rows])

    @property
    def figsize(self):
        return (6, 0.6 * len(self.names) + 1.2)

    @classmethod
    def from_result(cls, comparisons):
        """The Display of ``{row name: compare_models(...) or compare_algorithms(...)}``."""
        return cls(comparisons)

    def _draw(self, ax) -> None:
        rows = zip(self.centres, self.lower, self.upper, self.significant, strict=True)
        for y, (centre, lower, upper, significant) in enumerate(rows):
            colour = "#d62728" if significant else "#7f7f7f"
            ax.plot([lower, upper], [y, y], color=colour, linewidth=3, solid_capstyle="butt")
            ax.plot([centre], [y], "o", color=colour)
        ax.axvline(0, color="black", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(self.names)), self.names)
        ax.set_ylim(len(self.names) - 0.5, -0.5)
        ax.set_xlabel(say(TEXT, "difference"))


class CriticalDifferenceDisplay(_Display):
    """Demšar's critical-difference diagram of a Friedman/Nemenyi result.

    The algorithms sit at their average ranks (1 = best, on the left); a bar of length CD
    is drawn above the axis, and algorithms whose average ranks differ by less than CD (not
    significantly different by Nemenyi's test) are joined by a thick line. Demšar (2006),
    "Statistical comparisons of classifiers over multiple data sets", Fig. 1.

    Attributes
    ----------
    average_ranks : numpy.ndarray
        Each algorithm's average rank, in the result's order.
    labels : list of str
        The algorithms' names.
    critical_difference : float
        Nemenyi's CD.

    Examples
    --------
    >>> from evalbook import friedman
    >>> scores = [[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75], [0.9, 0.85, 0.8]]
    >>> display = CriticalDifferenceDisplay.from_result(friedman(scores, nemenyi=True))
    >>> display.average_ranks.tolist()
    [1.0, 2.25, 2.75]
    >>> sorted(t.get_text() for t in display.plot().ax_.texts if "(" in t.get_text())
    ['0 (1.000)', '1 (2.250)', '2 (2.750)']
    """

    def __init__(self, result):
        from evalbook.inference._comparison import FriedmanResult

        if not isinstance(result, FriedmanResult):
            raise TypeError(f"result must be a FriedmanResult; got {type(result).__name__}")
        if result.critical_difference is None:
            raise ValueError("result has no critical difference: call friedman(..., nemenyi=True)")
        self.average_ranks = np.asarray(result.average_ranks, dtype=float)
        self.labels = [str(label) for label in result.labels]
        self.critical_difference = float(result.critical_difference)

    @property
    def figsize(self):
        return (7, 1.6 + 0.3 * ((len(self.labels) + 1) // 2))

    @classmethod
    def from_result(cls, result):
        """The diagram of :func:`evalbook.friedman`'s result with ``nemenyi=True``."""
        return cls(result)

    def _draw(self, ax) -> None:
        cd, ranks = self.critical_difference, self.average_ranks
        k = len(ranks)
        order = np.argsort(ranks, kind="stable")
        sorted_ranks = ranks[order]
        labels = [self.labels[i] for i in order]
        half = (k + 1) // 2
        ax.hlines(0, 1, k, color="black")
        for r in range(1, k + 1):
            ax.vlines(r, -0.05, 0.05, color="black")
            ax.text(r, 0.1, str(r), ha="center", va="bottom")
        ax.plot([1, 1 + cd], [0.55, 0.55], color="black", linewidth=2)
        ax.text(1 + cd / 2, 0.62, f"CD = {cd:.2f}", ha="center", va="bottom")
        for position, (rank, label) in enumerate(zip(sorted_ranks, labels, strict=True)):
            left = position < half
            y = -0.35 - 0.3 * (position if left else k - 1 - position)
            x_text = 0.8 if left else k + 0.2
            ax.plot([rank, rank, x_text], [0, y, y], color="black", linewidth=1)
            ax.text(x_text, y, f"{label} ({rank:.3f})", ha="right" if left else "left", va="center")
        level, last_end = 0, -1
        for i in range(k):  # maximal runs of ranks less than CD apart: not distinguished
            j = i
            while j + 1 < k and sorted_ranks[j + 1] - sorted_ranks[i] < cd:
                j += 1
            if j > i and j > last_end:
                y = -0.12 - 0.08 * level
                ax.plot(
                    [sorted_ranks[i] - 0.03, sorted_ranks[j] + 0.03],
                    [y, y],
                    color="#d62728",
                    linewidth=4,
                    solid_capstyle="butt",
                )
                level, last_end = level + 1, j
        ax.set_xlim(-0.6, k + 1.6)
        ax.set_ylim(-0.5 - 0.3 * half, 0.9)
        ax.axis("off")
        ax.set_title(say(TEXT, "ranks"))


_DISPLAYS = {
    "roc": RocCurveDisplay,
    "precision_recall": PrecisionRecallDisplay,
    "fbeta": FBetaDisplay,
    "ks": KSDisplay,
    "gain_lift": GainDisplay,
    "calibration": CalibrationDisplay,
}


def display_of(curve, **options):
    """The Display that draws ``curve``: ``from_curve(curve, **options)``.

    A gain-and-lift curve is drawn as its cumulative gain chart (:class:`GainDisplay`);
    :class:`LiftDisplay` ``.from_curve`` draws its lift.
    """
    if not isinstance(curve, Curve):
        raise TypeError(f"curve must be a Curve; got {type(curve).__name__}")
    return _DISPLAYS[curve.kind].from_curve(curve, **options)
