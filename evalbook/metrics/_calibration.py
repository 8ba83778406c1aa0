"""Calibration: do the predicted probabilities mean what they say?

A model is *calibrated* when, among the instances it gives
probability p of being positive, a share p are positive. A model can rank well (high AUC)
and still be badly calibrated: naive Bayes pushes its probabilities towards 0 and 1, a
boosted model or an SVM's rescaled margin towards the middle (Niculescu-Mizil & Caruana
2005). The functions here measure it:

- :func:`brier_score`: the mean squared difference between the probability and the
  outcome (Brier 1950), lower is better;
- :func:`calibration_curve`: the reliability diagram's points, the mean predicted
  probability and the observed share of positives in each bin (DeGroot & Fienberg 1983);
- :func:`expected_calibration_error`: the bins' average distance from the diagonal,
  weighted by how many instances fall in each (Naeini, Cooper & Hauskrecht 2015).

The log loss (cross-entropy) is :func:`evalbook.cross_entropy`.
"""

from __future__ import annotations

import numpy as np

from evalbook._core.checks import (
    as_label_array,
    as_number_array,
    check_same_length,
    check_unit_interval,
    check_whole_number,
)
from evalbook.metrics._curves import Curve
from evalbook.metrics._ranking import ScoredData

__all__ = [
    "brier_score",
    "calibration_curve",
    "expected_calibration_error",
]

_STRATEGIES = ("uniform", "quantile")


def _outcomes(y_true, probabilities, positive):
    """(is_positive, probabilities), the probabilities checked to lie in [0, 1]."""
    values = as_number_array(probabilities, "probabilities", what="probability")
    check_same_length(as_label_array(y_true, "y_true"), values, "y_true", "probabilities")
    check_unit_interval(
        values, "probabilities", "each must be a probability of the positive class, in [0, 1]"
    )
    return ScoredData(y_true, values, positive=positive).is_positive, values


def brier_score(y_true, probabilities, *, positive) -> float:
    """Brier score: the mean of (p − y)², y = 1 for the positive class and 0 otherwise.

    A proper scoring rule (Brier 1950): it is smallest, in expectation, when p is the true
    probability. 0 is perfect; always predicting the prevalence π scores π(1 − π); always
    predicting 0.5 scores 0.25. Same value as ``sklearn.metrics.brier_score_loss``.

    Parameters
    ----------
    y_true : sequence of labels
    probabilities : sequence of float
        The predicted probability of ``positive`` for each instance, in [0, 1].
    positive : label
        The positive class; it must occur in ``y_true``.

    Returns
    -------
    float
        In [0, 1], lower is better.

    References
    ----------
    G. W. Brier, "Verification of forecasts expressed in terms of probability", Monthly
    Weather Review 78(1):1-3, 1950.

    Examples
    --------
    >>> round(brier_score(["p", "n", "p", "n"], [0.9, 0.2, 0.6, 0.1], positive="p"), 4)
    0.055
    """
    is_positive, values = _outcomes(y_true, probabilities, positive)
    return float(np.mean((values - is_positive) ** 2))


def _bin_ids(values: np.ndarray, bins: int, strategy: str) -> tuple[np.ndarray, np.ndarray]:
    """The bin of each probability and the bin edges, as ``sklearn.calibration``."""
    if strategy not in _STRATEGIES:
        raise ValueError(f'strategy must be "uniform" or "quantile"; got {strategy!r}')
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, bins + 1)
    else:
        edges = np.percentile(values, np.linspace(0, 1, bins + 1) * 100)
    # bin i holds (edge_i, edge_{i+1}]; the first bin also holds its left edge
    return np.searchsorted(edges[1:-1], values), edges


def calibration_curve(y_true, probabilities, *, positive, bins=10, strategy="uniform") -> Curve:
    """The reliability diagram: mean predicted probability and share of positives per bin.

    The probabilities are grouped into ``bins``; for each non-empty bin, the mean predicted
    probability (x) is plotted against the share of positives (y). A calibrated model's
    points lie on the diagonal y = x (DeGroot & Fienberg 1983; Niculescu-Mizil & Caruana
    2005, Figure 1). Bin i holds the probabilities in (eᵢ, eᵢ₊₁], the first bin also its
    left edge, exactly as ``sklearn.calibration.calibration_curve``, which returns the
    arrays ``fraction_positive`` and ``mean_predicted`` of this curve.

    Parameters
    ----------
    y_true : sequence of labels
    probabilities : sequence of float
        Predicted probability of ``positive``, in [0, 1].
    positive : label
        The positive class; it must occur in ``y_true``.
    bins : int, default 10
        Number of bins, at least 1.
    strategy : "uniform" or "quantile", default "uniform"
        ``"uniform"``: bins of equal width on [0, 1]. ``"quantile"``: edges at the
        quantiles of ``probabilities``, so that the bins hold about as many instances each
        (tied probabilities can still leave a bin empty).

    Returns
    -------
    Curve
        Of kind ``"calibration"``, one entry per non-empty bin: arrays ``lower`` and
        ``upper`` (the bin's edges), ``count``, ``mean_predicted``,
        ``fraction_positive``. :class:`~evalbook.CalibrationDisplay` draws it.

    References
    ----------
    M. H. DeGroot and S. E. Fienberg, "The comparison and evaluation of forecasters",
    The Statistician 32:12-22, 1983. A. Niculescu-Mizil and R. Caruana, "Predicting good
    probabilities with supervised learning", ICML 2005.

    Examples
    --------
    >>> y = ["p", "n", "p", "n", "p", "n"]
    >>> calibration_curve(y, [0.9, 0.2, 0.6, 0.1, 0.8, 0.7], positive="p", bins=2)
    reliability diagram, 2 bins
       lower  upper  count  mean_predicted  fraction_positive
    0    0.0    0.5      2            0.15               0.00
    1    0.5    1.0      4            0.75               0.75
    """
    is_positive, values = _outcomes(y_true, probabilities, positive)
    bins = check_whole_number(bins, "bins", minimum=1, maximum=max(10_000, values.size))
    ids, edges = _bin_ids(values, bins, strategy)
    count = np.bincount(ids, minlength=bins)
    predicted = np.bincount(ids, weights=values, minlength=bins)
    observed = np.bincount(ids, weights=is_positive, minlength=bins)
    kept = count > 0
    return Curve(
        "calibration",
        {
            "lower": edges[:-1][kept],
            "upper": edges[1:][kept],
            "count": count[kept],
            "mean_predicted": predicted[kept] / count[kept],
            "fraction_positive": observed[kept] / count[kept],
        },
    )


def expected_calibration_error(
    y_true, probabilities, *, positive, bins=10, strategy="uniform"
) -> float:
    """Expected calibration error: Σ_b (n_b / n) · |share of positives_b − mean p_b|.

    The reliability diagram (:func:`calibration_curve`) summarised in one number: each
    bin's vertical distance from the diagonal, weighted by the share of instances in the
    bin (Naeini, Cooper & Hauskrecht 2015; Guo et al. 2017 use the same formula on the
    top-class confidence). 0 for a calibrated model; it depends on the binning, so compare
    ECEs computed with the same ``bins`` and ``strategy``.

    Parameters
    ----------
    y_true, probabilities, positive, bins, strategy
        As in :func:`calibration_curve`.

    Returns
    -------
    float
        In [0, 1]: 0 when every bin lies on the diagonal, lower is better.

    References
    ----------
    M. P. Naeini, G. F. Cooper and M. Hauskrecht, "Obtaining well calibrated probabilities
    using Bayesian binning", AAAI 2015. C. Guo, G. Pleiss, Y. Sun and K. Q. Weinberger,
    "On calibration of modern neural networks", ICML 2017.

    Examples
    --------
    >>> y = ["p", "n", "p", "n", "p", "n"]
    >>> round(expected_calibration_error(y, [0.9, 0.2, 0.6, 0.1, 0.8, 0.7],
    ...                                  positive="p", bins=2), 4)
    0.05
    """
    curve = calibration_curve(
        y_true, probabilities, positive=positive, bins=bins, strategy=strategy
    )
    weights = curve.count / curve.count.sum()
    return float(np.sum(weights * np.abs(curve.fraction_positive - curve.mean_predicted)))
