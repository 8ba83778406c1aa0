"""Several tests at once: adjusting p-values for multiplicity (Holm, Bonferroni).

Six pairwise tests at 5% each do not make a family tested at 5%: if no pair differed, the
chance that at least one of six independent tests rejects would be 1 − 0.95⁶ ≈ 26%.
For the comparisons that follow a Friedman test over several algorithms, Demšar (2006,
§3.2.2) recommends procedures such as Holm's step-down, which keeps the family-wise error
rate (the chance of any false rejection in the family) at α for any dependence between the
tests.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from evalbook._core.checks import as_p_values, check_choice, check_confidence
from evalbook._core.results import result

__all__ = ["AdjustedPValues", "adjust_p_values"]

#: The corrections :func:`adjust_p_values` knows.
METHODS = ("holm", "bonferroni")


@result
class AdjustedPValues(NamedTuple):
    """The p-values of a family of tests, adjusted for multiplicity.

    Attributes
    ----------
    p_values : numpy.ndarray
        The adjusted p-values, in the order given (each at most 1). Compare them with
        ``alpha`` as you would a single test's p-value.
    significant : numpy.ndarray of bool
        ``p_values <= alpha``: the hypotheses rejected with family-wise error rate alpha.
    method : str
        ``"holm"`` or ``"bonferroni"``.
    alpha : float
        The family-wise significance level.
    """

    p_values: np.ndarray
    significant: np.ndarray
    method: str
    alpha: float


def adjust_p_values(p_values, *, method="holm", alpha=0.05) -> AdjustedPValues:
    """Adjust the p-values of m tests so that the whole family is tested at level alpha.

    With the p-values sorted, ``p_(1) ≤ … ≤ p_(m)``:

    - **Bonferroni**: ``min(1, m·p_i)``; rejects when ``p_i ≤ α/m``.
    - **Holm** (1979), step-down: ``p̃_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j))``. It
      compares the smallest p-value with α/m, the next with α/(m − 1), and so on, stopping
      at the first that is not smaller. It rejects everything Bonferroni rejects, and
      sometimes more, under the same guarantee (family-wise error ≤ α, whatever the
      dependence between the tests). Demšar (2006, §3.2.2) recommends it for the
      comparisons of several classifiers that follow a Friedman test.

    The same adjusted values as ``statsmodels.stats.multitest.multipletests(p,
    method="holm")`` (or ``"bonferroni"``) and R's ``p.adjust``.

    Parameters
    ----------
    p_values : array-like of float
        One p-value per test, each in [0, 1]; at least one.
    method : {"holm", "bonferroni"}, default "holm"
    alpha : float, default 0.05
        The family-wise significance level, in (0, 1).

    Returns
    -------
    AdjustedPValues
        ``p_values`` (adjusted, in the input order), ``significant`` (adjusted ≤ alpha),
        ``method`` and ``alpha``.

    References
    ----------
    S. Holm, "A simple sequentially rejective multiple test procedure", Scandinavian
    Journal of Statistics 6 (1979) 65-70. J. Demšar, "Statistical comparisons of classifiers
    over multiple data sets", JMLR 7 (2006) 1-30, §3.2.2.

    Examples
    --------
    >>> holm = adjust_p_values([0.0065, 0.0464, 0.0687, 0.1199])
    >>> holm.p_values.round(4).tolist()
    [0.026, 0.1392, 0.1392, 0.1392]
    >>> holm.significant.tolist()
    [True, False, False, False]
    >>> adjust_p_values([0.0065, 0.0464], method="bonferroni").p_values.round(4).tolist()
    [0.013, 0.0928]
    """
    values = as_p_values(p_values)
    method = check_choice(method, "method", METHODS)
    alpha = check_confidence(alpha, "alpha")
    m = values.size
    if method == "bonferroni":
        adjusted = np.minimum(1.0, m * values)
    else:
        order = np.argsort(values, kind="stable")
        steps = np.minimum(1.0, (m - np.arange(m)) * values[order])
        adjusted = np.empty(m)
        adjusted[order] = np.maximum.accumulate(steps)
    return AdjustedPValues(
        p_values=adjusted,
        significant=adjusted <= alpha,
        method=method,
        alpha=alpha,
    )
