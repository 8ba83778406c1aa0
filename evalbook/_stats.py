"""Private statistical primitives shared by several public modules.

Each is written once here and reused, so that ``summary`` (caret's report) and
``intervals`` (handout 004's intervals) cannot drift apart. Their argument checks
(``check_confidence``, ``check_successes``) live in :mod:`evalbook._checks`.
"""

from __future__ import annotations

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
    from scipy.stats import beta

    k, n = check_successes(k, n)
    alpha = 1.0 - check_confidence(confidence)
    lower = 0.0 if k == 0 else float(beta.ppf(alpha / 2, k, n - k + 1))
    upper = 1.0 if k == n else float(beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lower, upper
