"""Metrics of language models and translations: cross-entropy, perplexity, top-k, BLEU.

Categorical cross-entropy (Goodfellow, Bengio & Courville 2016, ch. 3), perplexity
(Jurafsky & Martin, *Speech and Language Processing*, ch. 3), BLEU (Papineni et al. 2002)
and top-k accuracy (Russakovsky et al. 2015). The first three
score the probabilities a model gives to the next word (or to any class: they apply to
every classifier's probability table); BLEU scores translations against references, on a
whole corpus as Papineni et al. (2002) define it (:func:`corpus_bleu`) or on one sentence
(:func:`bleu`).

Probabilistic metrics take the true classes and a table of predicted probabilities, one
row per instance and one column per class (what scikit-learn's ``predict_proba``
returns). Every row must be non-negative and sum to 1 (within 1e-6). The columns are the
classes ``0, 1, ..., k − 1`` in order, unless ``labels=`` lists them (for a fitted
scikit-learn model, ``labels=model.classes_``). :func:`top_k_accuracy` needs only the
order of each row, so it takes any real-valued scores (logits, decision-function output).

BLEU takes a candidate translation, a string (split on whitespace, case and punctuation
kept) or a list of tokens, and its references: one reference as a string, or a list of
references, each a string or a list of tokens. A candidate given as tokens with a flat
list of strings as references is refused as ambiguous (one tokenised reference, or many
one-word ones?): wrap one tokenised reference in a list, ``references=[tokens]``.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from evalbook._core.checks import (
    as_bleu_corpus,
    as_bleu_sentences,
    as_bleu_weights,
    as_class_score_table,
    check_whole_between,
    check_whole_number,
)

__all__ = [
    "bleu",
    "brevity_penalty",
    "corpus_bleu",
    "cross_entropy",
    "modified_precision",
    "perplexity",
    "top_k_accuracy",
]

#: The largest n-gram order :func:`bleu` accepts (``max_n``); nltk's default is 4.
MAX_BLEU_ORDER = 100

#: The smoothing methods that :func:`bleu` offers (besides ``None``).
BLEU_SMOOTHING = ("epsilon", "add_one")


# ---------------------------------------------------------------------- probabilities
def cross_entropy(y_true, probabilities, *, labels=None) -> float:
    """Mean categorical cross-entropy, in nats: the mean of −ln p(true class).

    Goodfellow, Bengio & Courville (2016), ch. 3:
    :math:`H(y, \\hat{y}) = -\\sum_i y_i \\log \\hat{y}_i` for one
    instance, with :math:`y` the one-hot target, which leaves only the log-probability of
    the true class; averaged here over the instances, with the natural logarithm (as
    scikit-learn's ``log_loss``). A true class given probability 0 makes it ``inf``
    (``log_loss`` clips the probabilities at machine epsilon and returns about 36 instead).

    Parameters
    ----------
    y_true : sequence of labels
        The true class of each instance.
    probabilities : array-like of shape (n, k)
        Predicted probability of each class (columns) for each instance (rows); each row
        non-negative and summing to 1.
    labels : sequence, optional
        The class of each column. Default: ``y_true`` holds column numbers 0 to k − 1.

    Returns
    -------
    float
        ≥ 0; 0 only if every true class got probability 1.

    References
    ----------
    I. Goodfellow, Y. Bengio and A. Courville, *Deep Learning*, MIT Press, 2016, ch. 3.

    Examples
    --------
    >>> round(cross_entropy([0, 1], [[0.8, 0.2], [0.5, 0.5]]), 4)
    0.4581
    >>> cross_entropy(["b"], [[0.25, 0.75]], labels=["a", "b"]) == -math.log(0.75)
    True
    """
    table, columns = as_class_score_table(y_true, probabilities, labels)
    chosen = table[np.arange(table.shape[0]), columns]
    with np.errstate(divide="ignore"):
        return float(-np.mean(np.log(chosen)))


def perplexity(y_true, probabilities, *, labels=None) -> float:
    """Perplexity: exp(cross-entropy), the inverse geometric mean of p(true class).

    Jurafsky & Martin, *Speech and Language Processing*, ch. 3 (perplexity of a language
    model). A model that spreads its probability evenly over k classes has
    perplexity k ("as confused as a fair choice among k"); a perfect model has 1; a model
    that gives the true class probability 0 has ``inf``. The exponential is exp(x) = eˣ:
    with e^(−x) a perplexity would be at most 1, and lower for worse models.

    Parameters
    ----------
    y_true : sequence of labels
        The true class of each instance.
    probabilities : array-like of shape (n, k)
        As in :func:`cross_entropy`.
    labels : sequence, optional
        As in :func:`cross_entropy`.

    Returns
    -------
    float
        ≥ 1; k for the uniform distribution over k classes, ``inf`` if a true class got
        probability 0.

    References
    ----------
    D. Jurafsky and J. H. Martin, *Speech and Language Processing*, 3rd ed. draft,
    ch. 3 (N-gram language models).

    Examples
    --------
    >>> perplexity([0, 1, 2, 3], [[0.25] * 4] * 4)
    4.0
    >>> round(perplexity([0, 1], [[0.8, 0.2], [0.5, 0.5]]), 4)
    1.5811
    """
    return float(np.exp(cross_entropy(y_true, probabilities, labels=labels)))


def top_k_accuracy(y_true, scores, *, k, labels=None) -> float:
    """Share of the instances whose true class is among the k highest-scored ones.

    Russakovsky et al. (2015), the top-5 error of ImageNet turned into an accuracy for any k.
    With k = 1 it is the accuracy of predicting the most probable
    class; with k = the number of classes it is 1. Only the order of each row's scores
    matters, so they may be probabilities or any real numbers: logits, or the output of a
    scikit-learn ``decision_function`` (as ``top_k_accuracy_score`` accepts).

    Ties: classes are ranked by decreasing score, and equal scores by column order (the
    first column first, as ``numpy.argmax`` chooses), so top-1 accuracy is always the
    accuracy of ``scores.argmax(axis=1)``. scikit-learn's ``top_k_accuracy_score`` breaks
    ties the other way (the last column first); without ties the two agree.

    Parameters
    ----------
    y_true : sequence of labels
        The true class of each instance.
    scores : array-like of shape (n, c)
        A score for each class (columns) for each instance (rows), higher meaning more
        likely: probabilities, logits or decision-function values; finite numbers.
    k : int
        How many of the most probable classes count as hits, 1 ≤ k ≤ c.
    labels : sequence, optional
        As in :func:`cross_entropy`.

    References
    ----------
    O. Russakovsky et al., "ImageNet large scale visual recognition challenge",
    International Journal of Computer Vision 115(3):211-252, 2015.

    Examples
    --------
    >>> p = [[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.2, 0.3, 0.5]]
    >>> top_k_accuracy([1, 1, 0], p, k=1), top_k_accuracy([1, 1, 0], p, k=2)
    (0.3333333333333333, 0.6666666666666666)
    >>> top_k_accuracy([2, 1, 0], [[2.0, -1.0, 0.5], [-3.0, 4.0, 1.0], [0.0, 1.0, 2.0]], k=2)
    0.6666666666666666
    """
    table, columns = as_class_score_table(
        y_true, scores, labels, name="scores", distributions=False
    )
    n_classes = table.shape[1]
    k = check_whole_between(k, "k", 1, n_classes, high_is="the number of classes")
    rows = np.arange(table.shape[0])
    true_p = table[rows, columns][:, None]
    before = np.arange(n_classes)[None, :] < columns[:, None]
    rank = np.sum((table > true_p) | ((table == true_p) & before), axis=1)
    return float(np.mean(rank < k))


# ---------------------------------------------------------------------- BLEU
def _ngrams(tokens: tuple, n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _clipped(candidate: tuple, refs: list[tuple], n: int) -> tuple[int, int]:
    counts = _ngrams(candidate, n)
    maximum: Counter = Counter()
    for reference in refs:
        maximum |= _ngrams(reference, n)  # | keeps the largest count of each n-gram
    matches = sum(min(count, maximum[gram]) for gram, count in counts.items())
    return matches, sum(counts.values())


def modified_precision(candidate, references, *, n) -> tuple[int, int]:
    """BLEU's clipped ("modified") n-gram precision, as (matches, total).

    Papineni et al. (2002), section 2.1: the precisionₙ of BLEU. Each n-gram
    of the candidate counts as a match at most as many times as it occurs in the single
    reference where it occurs most ("clipping"), so repeating a correct word does not pay.
    The precision is ``matches / total``; ``total`` is the number of n-grams of the
    candidate, 0 if it has fewer than n words.

    Parameters
    ----------
    candidate : str or sequence of str
        The translation being evaluated (a string is split on whitespace).
    references : str or list
        One reference as a string, or a list of references, each a string or a list of
        tokens; none may be empty. With ``candidate`` given as tokens, a list of strings is
        refused (``TypeError``): wrap one tokenised reference, ``references=[tokens]``.
    n : int
        The n-gram order, ≥ 1.

    References
    ----------
    K. Papineni, S. Roukos, T. Ward and W.-J. Zhu, "BLEU: a method for automatic evaluation
    of machine translation", Proceedings of ACL 2002, 311-318.

    Examples
    --------
    >>> modified_precision("the the the the", "the cat is on the mat", n=1)
    (2, 4)
    >>> modified_precision("the cat the", ["the cat sat", "a cat and the dog"], n=2)
    (1, 2)
    """
    n = check_whole_number(n, "n", minimum=1)
    candidate, refs = as_bleu_sentences(candidate, references)
    return _clipped(candidate, refs, n)


def _closest_length(refs: list[tuple], c: int) -> int:
    return min((len(reference) for reference in refs), key=lambda r: (abs(r - c), r))


def brevity_penalty(candidate, references) -> float:
    """BLEU's brevity penalty: 1 if c > r, else exp(1 − r/c).

    Papineni et al. (2002), section 2.2.2. c is the candidate's length in words and r the
    length of the reference closest to it ("best match length"). Papineni et al. do not
    say which of two equally close references counts; the shorter one is the convention
    of nltk and sacreBLEU, kept here.

    Parameters
    ----------
    candidate : str or sequence of str
        The translation being evaluated; a string is split on whitespace. Not empty.
    references : str or list
        As in :func:`bleu`.

    Returns
    -------
    float
        In (0, 1]; 1 when the candidate is longer than the closest reference.

    References
    ----------
    K. Papineni, S. Roukos, T. Ward and W.-J. Zhu, "BLEU: a method for automatic evaluation
    of machine translation", Proceedings of ACL 2002, 311-318.

    Examples
    --------
    >>> brevity_penalty("the cat", "the cat is on the mat")
    0.1353352832366127
    >>> brevity_penalty("a b c d e", ["a b c", "a b c d e f g"])
    1.0
    """
    candidate, refs = as_bleu_sentences(candidate, references)
    c = len(candidate)
    r = _closest_length(refs, c)
    return 1.0 if c > r else math.exp(1.0 - r / c)


def bleu(candidate, references, *, max_n=4, weights=None, smoothing=None) -> float:
    """Sentence BLEU: brevity penalty × weighted geometric mean of clipped precisions.

    Papineni et al. (2002): :math:`BLEU = BP \\cdot \\exp(\\sum_{n=1}^{N} w_n \\log p_n)`
    with :math:`w_n = 1/N`. :math:`p_n` is the clipped n-gram precision
    (:func:`modified_precision`) and BP the brevity penalty (:func:`brevity_penalty`).
    Papineni et al. (2002) define BLEU on a whole corpus (:func:`corpus_bleu`); this is
    the same formula on one sentence, as nltk's ``sentence_bleu``. The mean of the
    sentences' BLEUs is not the corpus BLEU.

    Without smoothing, BLEU is 0 as soon as one precision with a non-zero weight is 0,
    which includes a candidate shorter than N words (it has no N-grams: their precision
    counts as 0, as in nltk). For short sentences, pass ``smoothing=``:

    - ``"epsilon"``: a zero precision becomes 0.1 / total (Chen & Cherry 2014, method 1;
      nltk's ``method1``);
    - ``"add_one"``: 1 is added to the matches and the total of every order n ≥ 2
      (Lin & Och 2004; Chen & Cherry 2014, method 2; nltk's ``method2``).

    In both, a total of 0 is taken as 1 (as nltk does), and a candidate without a single
    word in common with the references still gets 0.

    Parameters
    ----------
    candidate : str or sequence of str
        The translation being evaluated; a string is split on whitespace. Not empty.
    references : str or list
        One reference as a string, or a list of references, each a string or a list of
        tokens; none may be empty. With ``candidate`` given as tokens, a list of strings is
        refused (``TypeError``): wrap one tokenised reference, ``references=[tokens]``.
    max_n : int, default 4
        N, the largest n-gram order, 1 ≤ N ≤ :data:`MAX_BLEU_ORDER` (100).
    weights : sequence of float, optional
        One non-negative number per order 1..N, summing to 1. Default: 1/N each.
    smoothing : {None, "epsilon", "add_one"}, default None

    Returns
    -------
    float
        In [0, 1].

    References
    ----------
    K. Papineni, S. Roukos, T. Ward and W.-J. Zhu, "BLEU: a method for automatic evaluation
    of machine translation", Proceedings of ACL 2002, 311-318.

    Examples
    --------
    >>> cand = "the cat sat on the mat"
    >>> bleu(cand, ["the cat sat on the mat"])
    1.0
    >>> bleu(cand.split(), [cand.split()])  # tokens: a list of token lists
    1.0
    >>> round(bleu(cand, ["the cat is sitting on the mat"], max_n=2), 4)
    0.5986
    >>> bleu("the cat", ["the cat is on the mat"])
    0.0
    >>> round(bleu("the cat", ["the cat is on the mat"], smoothing="epsilon"), 4)
    0.0428
    """
    max_n, weights = _bleu_options(max_n, weights, smoothing)
    candidate, refs = as_bleu_sentences(candidate, references)
    counts = [_clipped(candidate, refs, n) for n in range(1, max_n + 1)]
    c = len(candidate)
    return _bleu_from_counts(counts, c, _closest_length(refs, c), weights, smoothing)


def corpus_bleu(candidates, references, *, max_n=4, weights=None, smoothing=None) -> float:
    """Corpus BLEU: Papineni et al.'s BLEU, with counts and lengths summed over the corpus.

    Papineni et al. (2002), section 2.2.2: BLEU is a **corpus** metric. For each order n,
    the clipped matches of every candidate are added up and divided by the sum of their
    n-gram counts (:math:`p_n = \\sum \\text{matches} / \\sum \\text{total}`); c is the
    sum of the candidates' lengths and r the sum of the closest reference lengths (the
    shorter one on a tie, as :func:`brevity_penalty`); then
    :math:`BLEU = BP \\cdot \\exp(\\sum_n w_n \\log p_n)` as in :func:`bleu`. It is not the
    mean of the sentences' BLEUs: a sentence with few matches pulls the corpus score down
    in proportion to its length, not by a whole sentence's weight. With one candidate it
    is :func:`bleu`.

    The same definition as nltk's ``corpus_bleu``, but for one detail: nltk counts a
    candidate shorter than n words as 1 n-gram of order n (0 matches) where Papineni,
    sacreBLEU and this function count 0. Smoothing (as in :func:`bleu`) applies to the
    corpus precisions, as in nltk; a corpus rarely needs it.

    Parameters
    ----------
    candidates : list of (str or list of str)
        The translations being evaluated, one per sentence; none empty.
    references : list
        One entry per candidate, each as the ``references`` of :func:`bleu` (a string, or
        a list of references, each a string or a list of tokens).
    max_n, weights, smoothing
        As in :func:`bleu`.

    Returns
    -------
    float
        In [0, 1].

    Examples
    --------
    >>> candidates = ["the cat sat on the mat", "a dog ran in the park today"]
    >>> references = [["the cat sat on a mat"], ["the dog ran in the park"]]
    >>> round(corpus_bleu(candidates, references), 4)
    0.5843
    >>> round((bleu(candidates[0], references[0]) + bleu(candidates[1], references[1])) / 2, 4)
    0.576
    >>> corpus_bleu(["the cat sat on the mat"], ["the cat sat on the mat"])
    1.0
    """
    max_n, weights = _bleu_options(max_n, weights, smoothing)
    corpus = as_bleu_corpus(candidates, references)
    matches, totals = np.zeros(max_n, dtype=np.int64), np.zeros(max_n, dtype=np.int64)
    c = r = 0
    for candidate, refs in corpus:
        for order in range(max_n):
            hits, total = _clipped(candidate, refs, order + 1)
            matches[order] += hits
            totals[order] += total
        c += len(candidate)
        r += _closest_length(refs, len(candidate))
    counts = list(zip(matches.tolist(), totals.tolist(), strict=True))
    return _bleu_from_counts(counts, c, r, weights, smoothing)


def _bleu_options(max_n, weights, smoothing):
    max_n = check_whole_number(max_n, "max_n", minimum=1, maximum=MAX_BLEU_ORDER)
    weights = as_bleu_weights(weights, max_n)
    if smoothing is not None and smoothing not in BLEU_SMOOTHING:
        raise ValueError(f"smoothing must be None or one of {BLEU_SMOOTHING}; got {smoothing!r}")
    return max_n, weights


def _bleu_from_counts(counts, c: int, r: int, weights, smoothing) -> float:
    """BP(c, r) × exp(Σ wₙ log pₙ) from the (matches, total) of each order."""
    if counts[0][0] == 0:  # not one word in common: no smoothing rescues it
        return 0.0
    log_sum = 0.0
    for order, ((matches, total), weight) in enumerate(zip(counts, weights, strict=True), 1):
        if weight == 0:
            continue
        if smoothing == "epsilon" and matches == 0:
            matches, total = 0.1, max(total, 1)
        elif smoothing == "add_one" and order >= 2:
            matches, total = matches + 1, max(total, 1) + 1
        if matches == 0:
            return 0.0
        log_sum += weight * math.log(matches / total)
    penalty = 1.0 if c > r else math.exp(1.0 - r / c)
    return penalty * math.exp(log_sum)
