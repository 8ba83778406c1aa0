"""Private statistical primitives shared by several public modules.

Each is written once here and reused, so that ``summary`` (caret's report) and
``intervals`` (the intervals of an accuracy) cannot drift apart. Their argument checks
(``check_confidence``, ``check_successes``) live in :mod:`evalbook._core.checks`.
"""

from __future__ import annotations

import warnings
from statistics import NormalDist

import numpy as np

from evalbook._core.checks import (
    UndefinedMetricWarning,
    as_label_array,
    as_number_array,
    check_confidence,
    check_label,
    check_label_types,
    check_same_length,
    check_successes,
    positive_mask,
)


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


#: Scores with at most this many distinct values are counted value by value (a pass over
#: the scores per value) instead of sorted: 0/1 scores, a few grades.
FEW_DISTINCT_SCORES = 8


def _few_distinct_scores(scores: np.ndarray) -> np.ndarray | None:
    """The distinct scores, sorted, when there are at most FEW_DISTINCT_SCORES; else None.

    About 64 evenly spaced scores propose the candidates (continuous scores stop here, at
    no cost); a pass per candidate then checks that every score is one of them.
    """
    candidates = np.unique(scores[:: max(1, scores.size // 64)])
    if candidates.size > FEW_DISTINCT_SCORES:
        return None
    found = sum(int(np.count_nonzero(scores == value)) for value in candidates)
    return candidates if found == scores.size else None


def _score_ranks(scores, distinct):
    """Each score's rank among ``distinct`` (which holds every score), as uint8: one
    comparison per distinct score, added (arithmetic, no branch on the data)."""
    rank = np.zeros(scores.size, np.uint8)  # FEW_DISTINCT_SCORES ranks fit
    for value in distinct[1:]:
        np.add(rank, scores >= value, out=rank)
    return rank


def _value_codes(scores, is_positive, distinct):
    """Each instance's code, 2 · (rank of its score among ``distinct``) + 1 if positive,
    and the instances of each code as a table (one row per distinct score: negatives,
    positives)."""
    code = _score_ranks(scores, distinct)
    code <<= 1
    code |= is_positive
    code = code.astype(np.intp)  # what bincount and take index with, without converting
    return code, np.bincount(code, minlength=2 * distinct.size).reshape(-1, 2)


def _sorted_groups(scores, is_positive):
    """One ``np.argsort`` of the scores: the order, the classes in that order, and the
    first sorted position of each group of tied scores (None when no two scores tie)."""
    order = np.argsort(scores)
    positive = is_positive[order]
    ordered = np.sort(scores)  # the scores in ``order``: sorting again beats gathering
    new_group = ordered[1:] != ordered[:-1]
    if new_group.all():
        return order, positive, None
    starts = np.flatnonzero(new_group)
    starts += 1
    return order, positive, np.r_[0, starts]


def _group_components(positives_in: np.ndarray, negatives_in: np.ndarray):
    """DeLong's components of groups of equal scores, in increasing order of the score.

    A positive's V10 is (negatives below + ½ negatives tied) / n, a negative's V01 is
    1 − (positives below + ½ positives tied) / m. Returns V10 and V01 per group and the AUC
    in whole numbers of half pairs: Σ positives · (2 negatives below + negatives tied).
    """
    m, n = int(positives_in.sum()), int(negatives_in.sum())
    negatives_below = np.cumsum(negatives_in) - negatives_in
    positives_below = np.cumsum(positives_in) - positives_in
    of_positive = (negatives_below + 0.5 * negatives_in) / n
    of_negative = 1.0 - (positives_below + 0.5 * positives_in) / m
    half_pairs = int(np.dot(positives_in, 2 * negatives_below + negatives_in))
    return of_positive, of_negative, half_pairs


def _untied_components(positive):
    """The components in sorted order when no two scores tie, and the AUC in half pairs.

    With ``through`` the positives at or before each sorted position, the positive at
    position p has p + 1 − through[p] negatives below it, the negative there has
    through[p] positives below it. The class picks the numerator and the denominator by
    multiplying with 0 or 1 (exact on whole numbers; ``np.where`` on a random mask costs
    several times more), then one division.
    """
    size = positive.size
    through = np.cumsum(positive, dtype=np.int64)
    m = int(through[-1])
    n = size - m
    is_positive = positive.astype(np.float64)
    values = np.arange(1 - m, size + 1 - m, dtype=np.float64)  # p + 1 − m
    values *= is_positive
    values += m  # p + 1 at a positive, m at a negative
    values -= through
    is_positive *= n - m
    is_positive += m  # n at a positive, m at a negative
    values /= is_positive
    # the positives' negatives below: m·n minus the negatives' positives below
    half_pairs = 2 * (m * n - (int(through.sum()) - m * (m + 1) // 2))
    return values, half_pairs


def delong_placements(scores: np.ndarray, is_positive: np.ndarray) -> tuple[np.ndarray, float]:
    """DeLong's structural components of one model's scores, in input order (checked).

    For a positive i, V10ᵢ = (1/n) Σⱼ ψ(Xᵢ, Yⱼ) over the n negatives; for a negative j,
    V01ⱼ = (1/m) Σᵢ ψ(Xᵢ, Yⱼ) over the m positives, with ψ = 1 if X > Y, ½ if tied, 0
    otherwise (DeLong et al. 1988). Sun & Xu (2014) compute them from three sorts
    (midranks of all the scores, of the positives and of the negatives); here one
    ``np.argsort`` of the scores gives the groups of tied scores, and the counts of
    positives and negatives below and inside each group give every component in O(N)
    more: V10 = (negatives below + ½ negatives tied) / n, V01 = 1 − (positives below + ½
    positives tied) / m. Scores with at most ``FEW_DISTINCT_SCORES`` distinct values (0/1
    scores) are counted value by value instead of sorted. Returns one array of length N,
    V10 at the positives and V01 at the negatives, and the AUC (the mean of the
    positives' entries), counted in whole numbers of half pairs and divided once, so that
    it is exact when it can be.

    Examples
    --------
    >>> delong_placements(np.array([0.9, 0.2, 0.5, 0.5]), np.array([True, False, True, False]))
    (array([1.  , 1.  , 0.75, 0.75]), 0.875)
    >>> delong_placements(np.array([1.0, 0.0, 1.0, 0.0]), np.array([True, False, False, True]))
    (array([0.75, 0.75, 0.25, 0.25]), 0.5)
    """
    return _placements(scores, is_positive, _few_distinct_scores(scores))


def _placements(scores, is_positive, distinct):
    """:func:`delong_placements`, given the scores' few distinct values (None: many)."""
    if distinct is not None:
        code, counts = _value_codes(scores, is_positive, distinct)
        of_positive, of_negative, half_pairs = _group_components(counts[:, 1], counts[:, 0])
        m, n = int(counts[:, 1].sum()), int(counts[:, 0].sum())
        table = np.column_stack([of_negative, of_positive]).ravel()
        return table[code], half_pairs / (2 * m * n)
    order, positive, starts = _sorted_groups(scores, is_positive)
    if starts is None:
        values = np.empty(scores.size)
        values[order], half_pairs = _untied_components(positive)
        m = int(np.count_nonzero(positive))
        return values, half_pairs / (2 * m * (scores.size - m))
    # code = 2 · group + 1 if positive: counted, put in input order, looked up
    code_type = np.min_scalar_type(2 * starts.size)  # a narrow code moves faster
    if code_type.itemsize > 4:  # bincount takes no uint64
        code_type = np.dtype(np.intp)
    code = np.repeat(
        np.arange(0, 2 * starts.size, 2, dtype=code_type), np.diff(starts, append=scores.size)
    )
    code += positive
    counts = np.bincount(code, minlength=2 * starts.size).reshape(-1, 2)
    of_positive, of_negative, half_pairs = _group_components(counts[:, 1], counts[:, 0])
    in_order = np.empty(scores.size, code_type)
    in_order[order] = code
    m = int(counts[:, 1].sum())
    table = np.column_stack([of_negative, of_positive]).ravel()
    return table[in_order], half_pairs / (2 * m * (scores.size - m))


def _weighted_variance(values, weights, center):
    """The sample variance (ddof 1) of ``values`` repeated ``weights`` times each."""
    total = weights.sum()
    deviations = values - center
    deviations -= (weights * deviations).sum() / total
    return float((weights * deviations**2).sum() / (total - 1))


def class_variances(values, is_positive, center) -> tuple[float, float]:
    """Sample variances (ddof 1) of ``values`` over the positives and over the negatives.

    Without copying either class out (a boolean index costs more than the rest): the
    sums of the deviations from ``center`` and of their squares, over all and over the
    positives (the deviations times the 0/1 class), the negatives' by difference.
    ``center`` is the classes' common mean as far as it is known (DeLong's components of
    the positives and of the negatives both average to the AUC), so that the sums of
    squares do not cancel. numpy's pairwise sums, not BLAS dot products: those start
    threads, and on a busy machine waiting for them costs more than the sums. Overwrites
    ``values``.
    """
    m = int(np.count_nonzero(is_positive))
    n = values.size - m
    deviations = np.subtract(values, center, out=values)
    of_positives = deviations * is_positive  # exact: the deviation or 0
    total, positives = float(deviations.sum()), float(of_positives.sum())
    squares_total = float(np.square(deviations, out=deviations).sum())
    squares = float(np.square(of_positives, out=of_positives).sum())
    return (
        max(squares - positives * positives / m, 0.0) / (m - 1),
        max(squares_total - squares - (total - positives) ** 2 / n, 0.0) / (n - 1),
    )


def delong_difference_variance(first, second, is_positive) -> tuple[float, float, float]:
    """Two models' AUCs on the same instances and DeLong's variance of their difference.

    var(AUC_A − AUC_B) = S_AA + S_BB − 2 S_AB is the variance of the components'
    differences, s²(V10_A − V10_B) / m + s²(V01_A − V01_B) / n (DeLong et al. 1988); both
    classes' differences average to AUC_A − AUC_B. When both models' scores take at most
    ``FEW_DISTINCT_SCORES`` values, an instance's components depend only on its pair of
    scores and its class: the instances of each (score A, score B, class) are counted in
    one pass and the variances are weighted sums over that small table. Otherwise the
    components of :func:`delong_placements`, subtracted instance by instance (checked).

    Examples
    --------
    >>> y = np.array([True, True, False, False])
    >>> delong_difference_variance(np.array([0.9, 0.8, 0.2, 0.1]), np.array([1.0, 0, 1, 0]), y)
    (1.0, 0.5, 0.125)
    """
    m = int(np.count_nonzero(is_positive))
    n = is_positive.size - m
    distinct_first = _few_distinct_scores(first)
    distinct_second = _few_distinct_scores(second)
    if distinct_first is None or distinct_second is None:
        first_placements, first_auc = _placements(first, is_positive, distinct_first)
        second_placements, second_auc = _placements(second, is_positive, distinct_second)
        first_placements -= second_placements
        of_positives, of_negatives = class_variances(
            first_placements, is_positive, first_auc - second_auc
        )
        return first_auc, second_auc, of_positives / m + of_negatives / n
    # code = 2 · (rank A · distinct B + rank B) + 1 if positive: fits uint8
    code = _score_ranks(first, distinct_first)
    code *= distinct_second.size
    code += _score_ranks(second, distinct_second)
    code <<= 1
    code |= is_positive
    shape = (distinct_first.size, distinct_second.size, 2)
    counts = np.bincount(code, minlength=int(np.prod(shape))).reshape(shape)
    first_positive, first_negative, first_half_pairs = _group_components(
        counts[:, :, 1].sum(axis=1), counts[:, :, 0].sum(axis=1)
    )
    second_positive, second_negative, second_half_pairs = _group_components(
        counts[:, :, 1].sum(axis=0), counts[:, :, 0].sum(axis=0)
    )
    first_auc = first_half_pairs / (2 * m * n)
    second_auc = second_half_pairs / (2 * m * n)
    center = first_auc - second_auc
    of_positives = _weighted_variance(
        (first_positive[:, None] - second_positive[None, :]).ravel(),
        counts[:, :, 1].ravel(),
        center,
    )
    of_negatives = _weighted_variance(
        (first_negative[:, None] - second_negative[None, :]).ravel(),
        counts[:, :, 0].ravel(),
        center,
    )
    return first_auc, second_auc, of_positives / m + of_negatives / n


def delong_auc_variance(scores: np.ndarray, is_positive: np.ndarray) -> tuple[float, float]:
    """The AUC and DeLong's estimate of its variance, s²(V10)/m + s²(V01)/n (checked).

    The components of :func:`delong_placements` without putting them back in input
    order: from the groups of tied scores when there are ties (a weighted variance over
    the groups), from the components in sorted order otherwise.

    Examples
    --------
    >>> delong_auc_variance(np.array([0.9, 0.5, 0.5, 0.1]), np.array([True, True, False, False]))
    (0.875, 0.03125)
    """
    distinct = _few_distinct_scores(scores)
    if distinct is not None:
        counts = _value_codes(scores, is_positive, distinct)[1]
        positives_in, negatives_in = counts[:, 1], counts[:, 0]
    else:
        _, positive, starts = _sorted_groups(scores, is_positive)
        if starts is None:
            values, half_pairs = _untied_components(positive)
            m = int(np.count_nonzero(positive))
            n = scores.size - m
            auc = half_pairs / (2 * m * n)
            of_positives, of_negatives = class_variances(values, positive, auc)
            return auc, of_positives / m + of_negatives / n
        positives_in = np.add.reduceat(positive, starts, dtype=np.int64)
        negatives_in = np.diff(starts, append=scores.size) - positives_in
    of_positive, of_negative, half_pairs = _group_components(positives_in, negatives_in)
    m, n = int(positives_in.sum()), int(negatives_in.sum())
    auc = half_pairs / (2 * m * n)
    return auc, (
        _weighted_variance(of_positive, positives_in, auc) / m
        + _weighted_variance(of_negative, negatives_in, auc) / n
    )


def checked_scores(y_true, scores, positive, *, name="scores"):
    """``(labels, scores as float64, positive mask)``: the checks every function on scores
    makes (:class:`evalbook.ScoredData` and the functions that sort their own way)."""
    check_label(positive, "positive")
    labels = as_label_array(y_true, "y_true")
    check_label_types(y_true=labels)  # a '1' among 1s is another class, as in from_labels
    values = as_number_array(scores, name, what="score")
    check_same_length(labels, values, "y_true", name)
    return labels, values, positive_mask(labels, positive)


def scores_and_classes(y_true, scores, positive, *, name="scores", minimum=1):
    """``scores`` as float64 and the positive mask of ``y_true``, checked, not sorted.

    The checks of :class:`evalbook.ScoredData` without its sort, for the functions that
    sort the scores their own way (DeLong's components, the AUC's bootstrap). Refuses a
    class with fewer than ``minimum`` instances.
    """
    _, values, is_positive = checked_scores(y_true, scores, positive, name=name)
    m = int(is_positive.sum())
    n = is_positive.size - m
    if m < minimum or n < minimum:
        raise ValueError(
            f"y_true has {m} positive(s) and {n} negative(s); at least {minimum} of each are needed"
        )
    return values, is_positive


def normal_quantile(probability: float) -> float:
    """The standard normal quantile Φ⁻¹(p), from the standard library (Wichura's AS 241).

    Agrees with ``scipy.stats.norm.ppf`` to about 1e-15 and costs a microsecond, where a
    scipy.stats call costs tens: what a test on 10⁵ instances can afford.

    Examples
    --------
    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    return NormalDist().inv_cdf(probability)


def defined_resamples(values: np.ndarray, *, undefined_as: str) -> np.ndarray:
    """The resamples' values where the metric is defined, for a bootstrap interval.

    A resample on which the metric is undefined (``nan``) is left out with an
    :class:`UndefinedMetricWarning` that counts them (pointing at the caller of the public
    function); when no resample is defined, a ValueError. ``undefined_as`` says how the
    message names the undefined value ("nan", "0/0").
    """
    undefined = int(np.isnan(values).sum())
    if undefined == values.size:
        raise ValueError(f"the metric is undefined ({undefined_as}) on every resample")
    if undefined:
        warnings.warn(
            f"the metric is undefined ({undefined_as}) on {undefined} of {values.size} "
            "resamples; they are left out of the interval",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    return values[~np.isnan(values)]
