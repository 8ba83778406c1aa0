"""Private statistical primitives shared by several public modules.

Each is written once here and reused, so that ``summary`` (caret's report) and
``intervals`` (handout 004's intervals) cannot drift apart. Their argument checks
(``check_confidence``, ``check_successes``) live in :mod:`evalbook._checks`.
"""

from __future__ import annotations

import numpy as np

from evalbook._checks import check_confidence, check_successes


def clopper_pearson(k, n, *, confidence=0.95) -> tuple[float, float]:
    """Exact (Clopper–Pearson) two-sided interval for a binomial proportion k / n.

    The interval caret reports as "95% CI" for the accuracy, and
    ``statsmodels.stats.proportion.proportion_confint(k, n, method="beta")``: the bounds
    are quantiles of beta distributions, ``Beta(α/2; k, n − k + 1)`` and
    ``Beta(1 − α/2; k + 1, n − k)``, with 0 and 1 at the edges (k = 0 or k = n).

    Examples
    --------
    >>> lower, upper = clopper_pearson(15, 20)
    >>> round(lower, 4), round(upper, 4)
    (0.509, 0.9134)
    """
    k, n = check_successes(k, n)
    lower, upper = clopper_pearson_bounds(np.array([k]), n, check_confidence(confidence))
    return float(lower[0]), float(upper[0])


def clopper_pearson_bounds(hits: np.ndarray, n: int, confidence: float):
    """:func:`clopper_pearson` for an array of whole numbers of hits at once (checked).

    One call of the beta quantile for all of them, so a coverage simulation with hundreds
    of distinct hit counts costs about what one interval does.
    """
    from scipy.stats import beta

    alpha = 1.0 - confidence
    k = np.asarray(hits, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        lower = np.where(k == 0, 0.0, beta.ppf(alpha / 2, np.maximum(k, 1), n - k + 1))
        upper = np.where(k == n, 1.0, beta.ppf(1 - alpha / 2, k + 1, np.maximum(n - k, 1)))
    return lower, upper
