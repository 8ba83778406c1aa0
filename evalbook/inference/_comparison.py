"""The exact permutation distribution of Friedman's statistic, for few datasets.

Under the null hypothesis of Friedman's test the k algorithms are exchangeable on each
dataset: every ordering of a dataset's ranks among the algorithms is equally likely, and the
datasets are independent. The statistic grows with ``S = Σ_j T_j²``, the sum of the squared
rank sums ``T_j`` of the algorithms (the tie correction depends only on the ties within each
dataset, which no reordering changes), so the exact p-value is ``P(S ≥ S_observed)`` over
the ``(k!)^N`` equally likely tables.

Enumerating the tables one by one is out of reach beyond a few datasets (24⁴ = 331 776 for
four algorithms on four datasets; 120¹⁰ ≈ 6·10²⁰ for Demšar's limit of five algorithms on ten
datasets). The datasets are added one at a time instead, keeping the distribution of the
vector of rank sums. That distribution is symmetric in the algorithms (any relabelling of
the algorithms leaves it unchanged), so only the rank sums sorted in increasing order need
to be kept, with their probability: a few thousand states where the tables are counted in
the billions.

Is one model, or one algorithm, better than another? Intervals and tests.

Mitchell (1997), *Machine Learning*, ch. 5, and Witten, Frank, Hall & Pal (2017), *Data
Mining*, ch. 5: the interval of the difference ``d = p1 − p2`` between two models, Student's
t interval for the mean difference between two algorithms over ``k`` datasets or folds with
the corrected resampled t-test of Nadeau & Bengio (2003), and Friedman's test (Demšar, 2006)
for several algorithms over several datasets. The quantiles come from
:mod:`evalbook.inference`.

scipy is imported inside the functions that need it, so ``import evalbook`` stays fast.
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import numpy as np

from evalbook._core.checks import (
    as_differences,
    as_score_table,
    check_choice,
    check_confidence,
    check_count,
    check_finite_number,
    check_flag,
    check_friedman_exact_size,
    check_positive_number,
    check_probability,
    check_quantile,
    check_size,
)
from evalbook._core.messages import N_, gettext
from evalbook._core.results import result
from evalbook.inference._intervals import Interval, t_value, z_value

__all__ = [
    "AlgorithmComparison",
    "FriedmanResult",
    "ModelComparison",
    "compare_algorithms",
    "compare_models",
    "friedman",
    "friedman_exact_p_value",
]


# ====================================================================== _friedman_exact


_FUNCTION = "friedman(method='exact')"


def _merge(states: np.ndarray, probabilities: np.ndarray):
    """Sum the probabilities of equal (sorted) rows of ``states``."""
    k = states.shape[1]
    base = int(states.max()) + 1
    if base**k < 2**62:  # one integer per row: much faster than unique rows
        keys = states @ (base ** np.arange(k, dtype=np.int64))
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(states, axis=0, return_index=True, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=probabilities, minlength=first.size)
    return states[first], merged


def friedman_exact_p_value(ranks) -> float:
    """``P(S ≥ S_observed)`` for a table of within-dataset ranks (rows = datasets).

    ``ranks`` holds, on each row, the ranks of the k algorithms on that dataset (ties as
    average ranks, so every rank is a multiple of 1/2). The tables obtained by reordering
    each row independently are equally likely under the null hypothesis; the result is
    the share of them whose ``S = Σ_j T_j²`` is at least the observed one.

    Examples
    --------
    >>> p = friedman_exact_p_value([[1, 2, 3], [1, 2, 3], [1, 2, 3]])  # 6 of the 6³ tables
    >>> round(p * 6**3, 9)
    6.0
    """
    doubled = np.rint(2 * np.asarray(ranks, dtype=float)).astype(np.int64)
    k = doubled.shape[1]
    check_friedman_exact_size(doubled, _FUNCTION)  # an upper bound, before anything is built
    orderings = np.array(list(itertools.permutations(range(k))), dtype=np.int64)
    observed = int(np.sum(doubled.sum(axis=0) ** 2))
    states = np.zeros((1, k), dtype=np.int64)
    probabilities = np.ones(1)
    for row in doubled:
        if np.unique(row).size == k:  # no ties: the k! orderings are distinct
            moves, counts = row[orderings], np.ones(orderings.shape[0])
        else:
            moves, counts = np.unique(row[orderings], axis=0, return_counts=True)
        check_size(_FUNCTION, states=states.shape[0], orderings=moves.shape[0], algorithms=k)
        grown = (states[:, None, :] + moves[None, :, :]).reshape(-1, k)
        grown.sort(axis=1)
        weights = (probabilities[:, None] * (counts / counts.sum())[None, :]).ravel()
        states, probabilities = _merge(grown, weights)
    statistics = np.sum(states**2, axis=1)
    return float(min(1.0, probabilities[statistics >= observed].sum()))


# ====================================================================== comparison


#: The verdicts on an interval for a difference first − second: (first better, first
#: worse, neither), for two models and for two algorithms (message ids).
_VERDICTS = {
    "models": (
        N_("M1 is better with {level} confidence."),
        N_("M1 is worse with {level} confidence (M2 is better)."),
        N_("Neither can be said to be better with {level} confidence: the interval contains 0."),
    ),
    "algorithms": (
        N_("Algorithm 1 is better with {level} confidence."),
        N_("Algorithm 1 is worse with {level} confidence (algorithm 2 is better)."),
        N_(
            "Neither algorithm can be said to be better with {level} confidence: the interval "
            "contains 0."
        ),
    ),
}


def _verdict(lower, upper, confidence, *, compared: str) -> str:
    """One sentence, in the display language, on an interval for a difference."""
    better, worse, neither = _VERDICTS[compared]
    message = better if lower > 0 else worse if upper < 0 else neither
    return gettext(message).format(level=_percent(confidence))


def _percent(confidence: float) -> str:
    return f"{100 * confidence:.10g}%"


# ---------------------------------------------------------------------- two models
@result
class ModelComparison(NamedTuple):
    """The interval of ``d = p1 − p2`` between two models (Mitchell 1997, ch. 5) and its
    verdict.

    Attributes
    ----------
    d : float
        p1 − p2.
    variance : float
        p1(1 − p1)/n1 + p2(1 − p2)/n2.
    sigma : float
        √variance.
    z : float
        The quantile used.
    margin : float
        z·sigma.
    interval : Interval
        (d − margin, d + margin).
    significant : bool
        True when the interval does not contain 0.
    confidence : float
    verdict : str
        One sentence, in the display language of the call (:func:`evalbook.set_config`).
    """

    d: float
    variance: float
    sigma: float
    z: float
    margin: float
    interval: Interval
    significant: bool
    confidence: float
    verdict: str

    def __str__(self) -> str:
        lower, upper = self.interval
        return f"d = {self.d:.4f} ± {self.margin:.4f} → [{lower:.4f}, {upper:.4f}]. {self.verdict}"


def compare_models(p1, n1, p2, n2, *, confidence=0.90, z=None) -> ModelComparison:
    """Is model M1 better than M2? The interval of ``d = p1 − p2`` (Mitchell 1997, ch. 5).

    ``σ_d² = p1(1 − p1)/n1 + p2(1 − p2)/n2`` and ``d ± z·σ_d``. An interval above 0 means M1
    is better with confidence c, below 0 that it is worse; an interval containing 0 says
    nothing: neither which one is better nor that they are equivalent. The two test sets are
    taken as independent (the models may be tested on different instances); each accuracy is
    approximated by a normal.

    Parameters
    ----------
    p1, p2 : float
        The accuracies, in [0, 1].
    n1, n2 : int
        The test-set sizes, at least 1.
    confidence : float, default 0.90
    z : float, optional
        Use this quantile instead of the exact one (``z_value(c, source="table")``
        reproduces numbers computed with a printed table).

    Returns
    -------
    ModelComparison

    References
    ----------
    T. M. Mitchell, *Machine Learning*, McGraw-Hill, 1997, ch. 5 (evaluating hypotheses).

    Examples
    --------
    >>> result = compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    >>> round(result.variance, 7), round(result.sigma, 4), round(result.margin, 3)
    (0.0042875, 0.0655, 0.108)
    >>> result.significant, result.verdict
    (False, 'Neither can be said to be better with 90% confidence: the interval contains 0.')
    """
    p1 = check_probability(p1, "p1")
    p2 = check_probability(p2, "p2")
    n1 = check_count(n1, "n1", minimum=1)
    n2 = check_count(n2, "n2", minimum=1)
    confidence = check_confidence(confidence)
    z = z_value(confidence) if z is None else check_quantile(z, "z")
    d = p1 - p2
    variance = p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2
    sigma = math.sqrt(variance)
    margin = z * sigma
    lower, upper = d - margin, d + margin
    verdict = _verdict(lower, upper, confidence, compared="models")
    return ModelComparison(
        d=d,
        variance=variance,
        sigma=sigma,
        z=z,
        margin=margin,
        interval=Interval(lower, upper),
        significant=bool(lower > 0 or upper < 0),
        confidence=confidence,
        verdict=verdict,
    )


# ---------------------------------------------------------------------- two algorithms
@result
class AlgorithmComparison(NamedTuple):
    """Student's t interval of the mean difference between two algorithms.

    Attributes
    ----------
    mean : float
        The mean difference d̄ (algorithm 1 − algorithm 2).
    se : float
        The standard error of the mean difference: the σ of ``d ± t·σ``. Plain test: s/√k;
        corrected test: s·√(1/k + n_test/n_train).
    k : int
        Number of datasets or folds.
    df : int
        k − 1.
    t : float
        The quantile used.
    margin : float
        t·se.
    interval : Interval
    statistic : float
        mean / se, the t statistic.
    p_value : float
        Two-sided, from Student's t with df degrees of freedom.
    significant : bool
        True when the interval does not contain 0.
    corrected : bool
        Whether the Nadeau–Bengio correction was applied.
    confidence : float
    verdict : str
        One sentence, in the display language of the call (:func:`evalbook.set_config`).
    """

    mean: float
    se: float
    k: int
    df: int
    t: float
    margin: float
    interval: Interval
    statistic: float
    p_value: float
    significant: bool
    corrected: bool
    confidence: float
    verdict: str

    def __str__(self) -> str:
        lower, upper = self.interval
        return (
            f"d̄ = {self.mean:.4f} ± {self.margin:.4f} → [{lower:.4f}, {upper:.4f}] "
            f"(t = {self.statistic:.3f}, p = {self.p_value:.4g}). {self.verdict}"
        )


def compare_algorithms(
    differences=None,
    *,
    mean=None,
    se=None,
    k=None,
    confidence=0.95,
    corrected=False,
    test_train_ratio=None,
    t=None,
) -> AlgorithmComparison:
    """Is algorithm 1 better than algorithm 2? Student's t interval of the mean difference.

    Mitchell (1997), ch. 5; Witten et al. (2017), ch. 5: with the differences d_i = acc₁ − acc₂ on k
    datasets (or folds), ``d̄ ± t·σ`` with t from Student's distribution with k − 1
    degrees of freedom. **σ here is the standard error of the mean difference**,
    s/√k where s is the standard deviation of the k differences (not s itself).

    With ``corrected=True``, the corrected resampled
    t-test of Nadeau & Bengio (2003), for folds of one dataset: the training sets overlap,
    the differences are correlated, and the plain test is too optimistic; the variance of
    the mean is inflated to ``(1/k + n_test/n_train)·s²``. For k-fold cross-validation
    ``test_train_ratio = 1/(k − 1)``.

    Parameters
    ----------
    differences : array-like of float, optional
        The k ≥ 2 differences. Or give the summary ``mean``, ``se`` and ``k`` instead.
    mean : float, optional
        The mean difference d̄ (summary form).
    se : float, optional
        Its standard error (summary form), > 0.
    k : int, optional
        Number of datasets or folds (summary form), at least 2.
    confidence : float, default 0.95
    corrected : bool, default False
        Apply the Nadeau–Bengio correction (needs ``differences`` and ``test_train_ratio``).
    test_train_ratio : float, optional
        n_test / n_train of each fold, > 0; only with ``corrected=True``.
    t : float, optional
        Use this quantile instead of the exact one (``t_value(c, k - 1, source="table")``
        reproduces numbers computed with a printed table).

    Returns
    -------
    AlgorithmComparison

    Raises
    ------
    ValueError
        Fewer than two differences, non-finite values, all differences equal, both or
        neither of the two input forms, a bad ``confidence``, or a correction without its
        ratio (or a ratio without the correction).

    References
    ----------
    T. M. Mitchell, *Machine Learning*, McGraw-Hill, 1997, ch. 5 (evaluating hypotheses).
    I. H. Witten, E. Frank, M. A. Hall and C. J. Pal, *Data Mining: Practical Machine
    Learning Tools and Techniques*, 4th ed., Morgan Kaufmann, 2017, ch. 5.
    C. Nadeau and Y. Bengio, "Inference for the generalization error", Machine Learning
    52(3):239-281, 2003.

    Examples
    --------
    >>> result = compare_algorithms(mean=0.05, se=0.002, k=30, confidence=0.95, t=2.04)
    >>> round(result.margin, 5), result.significant
    (0.00408, True)
    >>> diffs = [0.02, 0.01, 0.03, 0.00, 0.02, 0.01, 0.04, 0.02, 0.01, 0.03]
    >>> plain = compare_algorithms(diffs)
    >>> fixed = compare_algorithms(diffs, corrected=True, test_train_ratio=1 / 9)
    >>> round(plain.se, 5), round(fixed.se, 5)
    (0.00379, 0.0055)
    >>> fixed.verdict
    'Algorithm 1 is better with 95% confidence.'
    """
    confidence = check_confidence(confidence)
    corrected = check_flag(corrected, "corrected")
    summary = [name for name, value in (("mean", mean), ("se", se), ("k", k)) if value is not None]
    if differences is not None:
        if summary:
            raise ValueError(
                f"give either differences or the summary mean, se and k, not both "
                f"(got differences and {', '.join(summary)})"
            )
        values = as_differences(differences)
        k = values.size
        mean = float(values.mean())
        sd = float(values.std(ddof=1))
        if sd <= 1e-12 * max(1.0, float(np.abs(values).max())):  # equal up to rounding
            raise ValueError(
                "differences are all equal (standard deviation 0): the t interval is undefined"
            )
        if corrected:
            if test_train_ratio is None:
                raise ValueError(
                    "corrected=True needs test_train_ratio = n_test / n_train "
                    "(1/(k − 1) for k-fold cross-validation)"
                )
            ratio = check_positive_number(test_train_ratio, "test_train_ratio")
            se = sd * math.sqrt(1 / k + ratio)
        else:
            se = sd / math.sqrt(k)
    else:
        missing = [name for name in ("mean", "se", "k") if name not in summary]
        if missing:
            raise ValueError(
                f"give the differences, or all of mean, se and k (missing: {', '.join(missing)})"
            )
        if corrected:
            raise ValueError(
                "corrected=True needs the individual differences (the correction uses their "
                "standard deviation), not the summary mean, se and k"
            )
        mean = check_finite_number(mean, "mean")
        se = check_positive_number(se, "se")
        k = check_count(k, "k", minimum=2)
    if not corrected and test_train_ratio is not None:
        raise ValueError("test_train_ratio only applies with corrected=True")
    df = k - 1
    t_quantile = t_value(confidence, df) if t is None else check_positive_number(t, "t")
    from scipy.stats import t as student

    statistic = mean / se
    p_value = float(2 * student.sf(abs(statistic), df))
    margin = t_quantile * se
    lower, upper = mean - margin, mean + margin
    verdict = _verdict(lower, upper, confidence, compared="algorithms")
    return AlgorithmComparison(
        mean=mean,
        se=se,
        k=k,
        df=df,
        t=t_quantile,
        margin=margin,
        interval=Interval(lower, upper),
        statistic=statistic,
        p_value=p_value,
        significant=bool(lower > 0 or upper < 0),
        corrected=bool(corrected),
        confidence=confidence,
        verdict=verdict,
    )


# ---------------------------------------------------------------------- several algorithms
@result
class FriedmanResult(NamedTuple):
    """Friedman's test over N datasets (rows) and k algorithms (columns).

    Attributes
    ----------
    statistic : float
        Friedman's χ²_F, corrected for ties (as ``scipy.stats.friedmanchisquare``) unless
        the test was asked for without the correction.
    p_value : float
        From χ² with k − 1 degrees of freedom (``method="chi2"``), or the exact
        permutation p-value (``method="exact"``).
    average_ranks : numpy.ndarray
        Mean rank of each algorithm, 1 = best (highest score) on a dataset, ties averaged.
    labels : tuple
        The algorithms' names (a DataFrame's columns), or 0, 1, ..., k − 1.
    iman_davenport : float
        F_F = (N − 1)·χ²_F / (N(k − 1) − χ²_F), less conservative than χ²_F.
    iman_davenport_p_value : float
        From F with (k − 1, (k − 1)(N − 1)) degrees of freedom.
    n_datasets, n_algorithms : int
    critical_difference : float or None
        Nemenyi's CD = q_α·√(k(k + 1)/(6N)) when asked for: two algorithms whose average
        ranks differ by more than CD differ significantly.
    alpha : float or None
        The significance level of ``critical_difference``.
    method : str
        How ``p_value`` was computed: ``"chi2"`` or ``"exact"``.
    tie_correction : bool
        Whether ``statistic`` was divided by the tie correction.
    """

    statistic: float
    p_value: float
    average_ranks: np.ndarray
    labels: tuple
    iman_davenport: float
    iman_davenport_p_value: float
    n_datasets: int
    n_algorithms: int
    critical_difference: float | None = None
    alpha: float | None = None
    method: str = "chi2"
    tie_correction: bool = True


def friedman(
    score_table, *, nemenyi=False, alpha=0.05, method="chi2", tie_correction=True
) -> FriedmanResult:
    """Friedman's test: do k algorithms perform alike over N datasets?

    Friedman (1937); the formulas of Demšar (2006), "Statistical comparisons of
    classifiers over multiple data sets". On
    each dataset the algorithms are ranked (1 = highest score, ties get the average rank);
    with R_j the average rank of algorithm j,
    ``χ²_F = 12N/(k(k + 1))·[Σ R_j² − k(k + 1)²/4]`` (divided by the usual tie
    correction), χ² with k − 1 degrees of freedom under the null hypothesis that all
    algorithms are equivalent. Also the Iman–Davenport F and, optionally, Nemenyi's
    critical difference for the post-hoc pairwise comparison.

    The χ² distribution is a large-sample approximation: Demšar (2006, §3.2.2) takes it
    to be good for N > 10 and k > 5, and for fewer datasets or algorithms recommends exact
    critical values. ``method="exact"`` computes the exact p-value: under the null
    hypothesis each of the k! orderings of a dataset's ranks is equally likely, and the
    p-value is the share of the (k!)^N equally likely tables whose statistic is at least
    the observed one (with ties, the orderings of the observed average ranks). The
    datasets are added one at a time, keeping the distribution of the algorithms' rank
    sums, so N = 10 datasets and k = 5 algorithms take a few seconds. The size is
    computed first, in milliseconds, from an upper bound of the distribution's states
    (a partition count): a table whose distribution would not fit in memory (10⁸ values
    at one step; k ≥ 11 algorithms never fit) or would take more than some ten seconds
    to build (3·10⁸ values over all datasets) is refused with a ValueError, before
    anything is built: without ties, about N > 470 datasets of three algorithms, N > 63 of
    four, N > 17 of five, N > 6 of six (ties give more states: fewer datasets). It
    is refused rather than switched to χ²: the χ² p-value is another number than the one
    asked for, and a refusal that says so lets the caller choose (``method="chi2"`` is
    the approximation Demšar recommends for those sizes). The Iman–Davenport p-value
    stays the F approximation.

    The tie correction ``1 − Σ(t³ − t)/(N·k·(k² − 1))`` (t: the size of each group of tied
    ranks in a row) is the one of ``scipy.stats.friedmanchisquare`` and of most software;
    Demšar (2006, eq. for χ²_F) prints the statistic without it. ``tie_correction=False``
    gives that textbook variant, to reproduce a worked example; without ties the two are
    equal. The exact p-value is the same either way: the permuted tables keep the
    observed ties, so the correction is one factor for all of them.

    Parameters
    ----------
    score_table : array-like or DataFrame of shape (N, k), or mapping {algorithm: scores}
        Rows are datasets, columns are algorithms; higher is better (e.g. accuracy).
        N ≥ 2 and k ≥ 3 (for two algorithms use :func:`compare_algorithms`). Numbers
        only: text and booleans are refused. A DataFrame's columns or a mapping's keys
        name the algorithms in ``labels``.
    nemenyi : bool, default False
        Also compute Nemenyi's critical difference.
    alpha : float, default 0.05
        Significance level of the critical difference, in (0, 1).
    method : {"chi2", "exact"}, default "chi2"
        How to compute ``p_value``: the χ² approximation (as
        ``scipy.stats.friedmanchisquare``) or the exact permutation distribution.
    tie_correction : bool, default True
        Divide χ²_F by the tie correction (as scipy); False gives Demšar's printed formula.

    Returns
    -------
    FriedmanResult

    References
    ----------
    M. Friedman, "The use of ranks to avoid the assumption of normality implicit in the
    analysis of variance", JASA 32(200):675-701, 1937. J. Demšar, "Statistical
    comparisons of classifiers over multiple data sets", Journal of Machine Learning
    Research 7:1-30, 2006.

    Examples
    --------
    >>> scores = [[0.90, 0.85, 0.80], [0.70, 0.75, 0.60], [0.95, 0.90, 0.85], [0.80, 0.78, 0.79]]
    >>> result = friedman(scores, nemenyi=True)
    >>> result.average_ranks
    array([1.25, 2.  , 2.75])
    >>> round(result.statistic, 3), round(result.p_value, 4)
    (4.5, 0.1054)
    >>> round(result.critical_difference, 3)
    1.657
    >>> round(friedman(scores, method="exact").p_value, 4)  # 3!⁴ = 1296 equally likely tables
    0.125
    >>> tied = [[0.9, 0.9, 0.8], [0.7, 0.8, 0.6], [0.9, 0.8, 0.8], [0.8, 0.7, 0.6]]
    >>> round(friedman(tied).statistic, 4), round(friedman(tied, tie_correction=False).statistic, 4)
    (5.5714, 4.875)
    """
    values, labels = as_score_table(score_table)
    n, k = values.shape
    nemenyi = check_flag(nemenyi, "nemenyi")
    alpha = check_confidence(alpha, "alpha")
    method = check_choice(method, "method", ("chi2", "exact"))
    tie_correction = check_flag(tie_correction, "tie_correction")
    from scipy.stats import chi2, f, rankdata

    ranks = rankdata(-values, axis=1)  # 1 = best
    average_ranks = ranks.mean(axis=0)
    # Σ over the groups of t tied ranks of t³ − t, as Σ 3c(c − 1) over the places c = 1..t
    # of the values in their group (all rows at once)
    ordered = np.sort(ranks, axis=1)
    column = np.broadcast_to(np.arange(k), ordered.shape)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    place = column - np.maximum.accumulate(np.where(starts, column, 0), axis=1) + 1
    ties = float(np.sum(3 * place * (place - 1)))
    correction = 1 - ties / (n * k * (k**2 - 1))
    if correction <= 0:
        raise ValueError(
            "score_table gives every algorithm the same score on every dataset: the ranks are all "
            "tied and Friedman's statistic is undefined"
        )
    statistic = 12 * n / (k * (k + 1)) * (np.sum(average_ranks**2) - k * (k + 1) ** 2 / 4)
    if tie_correction:
        statistic /= correction
    statistic = float(max(statistic, 0.0))
    if method == "exact":
        p_value = friedman_exact_p_value(ranks)
    else:
        p_value = float(chi2.sf(statistic, k - 1))
    denominator = n * (k - 1) - statistic
    df1, df2 = k - 1, (k - 1) * (n - 1)
    if denominator <= 0:
        iman, iman_p = math.inf, 0.0
    else:
        iman = (n - 1) * statistic / denominator
        iman_p = float(f.sf(iman, df1, df2))
    cd = None
    if nemenyi:
        from scipy.stats import studentized_range

        q = float(studentized_range.ppf(1 - alpha, k, np.inf)) / math.sqrt(2)
        cd = q * math.sqrt(k * (k + 1) / (6 * n))
    return FriedmanResult(
        statistic=statistic,
        p_value=p_value,
        average_ranks=average_ranks,
        labels=labels,
        iman_davenport=float(iman),
        iman_davenport_p_value=iman_p,
        n_datasets=n,
        n_algorithms=k,
        critical_difference=cd,
        alpha=alpha if nemenyi else None,
        method=method,
        tie_correction=tie_correction,
    )
