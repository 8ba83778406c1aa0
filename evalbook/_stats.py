"""Private statistical primitives shared by several public modules.

Each is written once here and reused, so that ``summary`` (caret's report) and
``inference`` (handout 004's intervals) cannot drift apart.
"""

from __future__ import annotations

import numbers


def check_confidence(confidence, name: str = "confidence") -> float:
    """Check that a confidence level is a number strictly between 0 and 1."""
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real):
        raise TypeError(f"{name} must be a number in (0, 1); got {type(confidence).__name__}")
    confidence = float(confidence)
    if not 0.0 < confidence < 1.0:  # also rejects nan
        raise ValueError(f"{name} must be strictly between 0 and 1, e.g. 0.95; got {confidence}")
    return confidence


def check_successes(k, n) -> tuple[int, int]:
    """Check a count of successes ``k`` out of ``n`` trials (whole numbers, 0 <= k <= n, n >= 1)."""
    for value, name in ((k, "k"), (n, "n")):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            if isinstance(value, numbers.Real) and float(value).is_integer():
                continue
            raise TypeError(f"{name} must be a whole number; got {value!r}")
    k, n = int(k), int(n)
    if n < 1:
        raise ValueError(f"n must be at least 1; got {n}")
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and n = {n}; got {k}")
    return k, n


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
