"""Cross-entropy, perplexity, top-k accuracy and BLEU: cross-checks and bad input."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu
from nltk.translate.bleu_score import corpus_bleu as nltk_corpus_bleu
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, top_k_accuracy_score
from threadpoolctl import threadpool_limits

import evalbook
from evalbook import (
    bleu,
    brevity_penalty,
    corpus_bleu,
    cross_entropy,
    modified_precision,
    perplexity,
    top_k_accuracy,
)

TOL = 1e-10


def test_the_public_api_exports_the_metrics():
    names = ("cross_entropy", "perplexity", "top_k_accuracy", "bleu", "brevity_penalty")
    for name in (*names, "corpus_bleu"):
        assert getattr(evalbook, name) is globals()[name]


# ---------------------------------------------------------------------- random tables
def _probability_cases(seed=11, count=220):
    """(y_true, probabilities) with 3 to 10 classes and 1 to 80 instances."""
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        k = int(rng.integers(3, 11))
        n = int(rng.integers(1, 81))
        concentration = rng.uniform(0.3, 3.0)
        probabilities = rng.dirichlet(np.full(k, concentration), size=n)
        probabilities = np.clip(probabilities, 1e-9, None)
        probabilities /= probabilities.sum(axis=1, keepdims=True)
        y_true = rng.integers(0, k, size=n)
        cases.append((y_true, probabilities))
    return cases


PROBABILITY_CASES = _probability_cases()


def test_cross_entropy_against_numpy_and_log_loss():
    assert len(PROBABILITY_CASES) >= 200
    for y_true, probabilities in PROBABILITY_CASES:
        k = probabilities.shape[1]
        one_hot = np.eye(k)[y_true]
        direct = -np.mean(np.sum(one_hot * np.log(probabilities), axis=1))  # note 15, averaged
        value = cross_entropy(y_true, probabilities)
        assert value == pytest.approx(direct, rel=TOL)
        assert value == pytest.approx(
            log_loss(y_true, probabilities, labels=np.arange(k)), rel=1e-9
        )
        assert perplexity(y_true, probabilities) == pytest.approx(math.exp(direct), rel=1e-9)


def test_top_k_against_scikit_learn():
    for y_true, probabilities in PROBABILITY_CASES:
        k_max = probabilities.shape[1]
        for k in (1, 2, k_max - 1):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # k = n_classes - 1 = 2 with three classes
                expected = top_k_accuracy_score(y_true, probabilities, k=k, labels=np.arange(k_max))
            assert top_k_accuracy(y_true, probabilities, k=k) == pytest.approx(expected, abs=TOL)


@pytest.mark.slow
def test_top_k_of_real_scores_against_scikit_learn_with_ties():
    """Logits and decision-function values (any sign, rows not summing to 1), with ties.

    scikit-learn ranks tied scores last column first, evalbook first column first: with
    the columns reversed (and each class c renamed k − 1 − c) the two rules coincide, so
    the comparison is exact on every input, ties included.
    """
    rng = np.random.default_rng(12)
    n_ties = 0
    for case in range(300):
        n, k = int(rng.integers(1, 40)), int(rng.integers(3, 7))
        if case % 2:
            scores = rng.integers(-2, 3, size=(n, k)).astype(float)  # many ties
        else:
            scores = rng.normal(scale=float(rng.choice([0.1, 3.0, 100.0])), size=(n, k))
        n_ties += int(any(len(set(row)) < k for row in scores.tolist()))
        y_true = rng.integers(0, k, size=n)
        for top in range(1, k):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # sklearn: y_true may not hold every class
                theirs = top_k_accuracy_score(
                    k - 1 - y_true, scores[:, ::-1], k=top, labels=np.arange(k)
                )
            ours = top_k_accuracy(y_true, scores, k=top)
            assert ours == pytest.approx(theirs, abs=1e-15), (case, top)
            if case % 2 == 0:  # no ties: the two agree without any reversal
                direct = top_k_accuracy_score(y_true, scores, k=top, labels=np.arange(k))
                assert ours == pytest.approx(direct, abs=1e-15)
    assert n_ties > 100


def test_top_k_accepts_decision_function_output():
    from sklearn.datasets import load_iris
    from sklearn.svm import LinearSVC

    x, y = load_iris(return_X_y=True)
    model = LinearSVC(random_state=0, max_iter=5000).fit(x, y)
    scores = model.decision_function(x)
    assert np.any(scores < 0)  # not probabilities
    for top in (1, 2):
        expected = top_k_accuracy_score(y, scores, k=top)
        assert top_k_accuracy(y, scores, k=top, labels=model.classes_) == expected
    assert top_k_accuracy(y, scores, k=1) == np.mean(model.predict(x) == y)


def test_probability_metrics_still_refuse_scores():
    logits = [[2.0, -1.0], [0.5, 0.3]]
    for metric in (cross_entropy, perplexity):
        with pytest.raises(ValueError, match="is negative; each row must be a probability"):
            metric([0, 1], logits)


def test_top_1_is_the_accuracy_of_argmax_even_with_ties():
    rng = np.random.default_rng(3)
    for _ in range(50):
        k = int(rng.integers(2, 6))
        counts = rng.integers(0, 3, size=(30, k)).astype(float)
        counts[counts.sum(axis=1) == 0, 0] = 1
        probabilities = counts / counts.sum(axis=1, keepdims=True)  # many ties
        y_true = rng.integers(0, k, size=30)
        expected = np.mean(probabilities.argmax(axis=1) == y_true)
        assert top_k_accuracy(y_true, probabilities, k=1) == expected
        assert top_k_accuracy(y_true, probabilities, k=k) == 1.0


def test_ties_rank_the_first_column_first():
    probabilities = [[0.4, 0.4, 0.2], [0.4, 0.4, 0.2]]
    assert top_k_accuracy([0, 1], probabilities, k=1) == 0.5
    assert top_k_accuracy([0, 1], probabilities, k=2) == 1.0
    assert top_k_accuracy([2, 2], probabilities, k=2) == 0.0


def test_string_labels_follow_the_columns():
    probabilities = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]])
    labels = ["gato", "cão", "peixe"]
    assert cross_entropy(["gato", "peixe"], probabilities, labels=labels) == pytest.approx(
        -(math.log(0.7) + math.log(0.6)) / 2
    )
    assert top_k_accuracy(["cão", "cão"], probabilities, k=1, labels=labels) == 0.0
    assert top_k_accuracy(["cão", "gato"], probabilities, k=2, labels=labels) == 0.5


def test_a_fitted_model_on_a_bundled_dataset():
    X, y = load_digits(return_X_y=True)
    with threadpool_limits(1):  # tiny matrices: extra BLAS threads only contend for cores
        model = LogisticRegression(max_iter=2000).fit(X[:1000] / 16, y[:1000])
    probabilities = model.predict_proba(X[1000:] / 16)
    y_test = y[1000:]
    ce = cross_entropy(y_test, probabilities, labels=model.classes_)
    assert ce == pytest.approx(log_loss(y_test, probabilities), rel=1e-9)
    tops = [top_k_accuracy(y_test, probabilities, k=k) for k in range(1, 6)]
    assert tops == pytest.approx(
        [top_k_accuracy_score(y_test, probabilities, k=k) for k in range(1, 6)]
    )
    assert tops[0] == pytest.approx(np.mean(model.predict(X[1000:] / 16) == y_test))
    assert all(a <= b for a, b in itertools.pairwise(tops))


def test_uniform_and_confident_models():
    uniform = np.full((8, 4), 0.25)
    y_true = np.arange(8) % 4
    assert perplexity(y_true, uniform) == pytest.approx(4.0)
    assert cross_entropy(y_true, uniform) == pytest.approx(math.log(4))
    assert perplexity([0, 1], [[1.0, 0.0], [0.0, 1.0]]) == 1.0
    wrong = [[0.999, 0.001], [0.001, 0.999]]
    assert perplexity([1, 0], wrong) == pytest.approx(1000.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # log(0) is not a numpy warning here
        assert perplexity([1], [[1.0, 0.0]]) == math.inf
        assert cross_entropy([1], [[1.0, 0.0]]) == math.inf


def test_the_handout_footnote_exp_is_wrong():
    """e^(−x) would give a perplexity ≤ 1 that falls as the model gets worse."""
    good, bad = [[0.9, 0.1]], [[0.2, 0.8]]
    assert perplexity([0], good) < perplexity([0], bad)
    assert math.exp(-cross_entropy([0], good)) > math.exp(-cross_entropy([0], bad))


# ---------------------------------------------------------------------- BLEU
VOCABULARY = ["o", "gato", "a", "gata", "sentou", "no", "tapete", "de", "casa", "preto", "e"]


def _bleu_cases(seed=5, count=160):
    """(candidate, references): 1 to 4 references, short and long candidates."""
    rng = np.random.default_rng(seed)
    cases = []
    for index in range(count):
        refs = []
        for _ in range(int(rng.integers(1, 5))):
            length = int(rng.integers(1, 13))
            refs.append(list(rng.choice(VOCABULARY, size=length)))
        if index % 3 == 0:  # a short candidate, often shorter than 4 words
            candidate = list(rng.choice(VOCABULARY, size=int(rng.integers(1, 4))))
        else:  # a perturbed copy of a reference, so high orders match too
            source = refs[int(rng.integers(len(refs)))]
            candidate = [
                str(rng.choice(VOCABULARY)) if rng.random() < 0.2 else word for word in source
            ]
            if rng.random() < 0.5:
                candidate = candidate + list(rng.choice(VOCABULARY, size=int(rng.integers(0, 4))))
        cases.append(([str(w) for w in candidate], [[str(w) for w in r] for r in refs]))
    return cases


BLEU_CASES = _bleu_cases()


def _nltk(candidate, references, weights=(0.25, 0.25, 0.25, 0.25), smoothing=None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns about zero counts
        return sentence_bleu(references, candidate, weights=weights, smoothing_function=smoothing)


def test_bleu_against_nltk():
    assert len(BLEU_CASES) >= 100
    short = sum(len(c) < 4 for c, _ in BLEU_CASES)
    several = sum(len(r) > 1 for _, r in BLEU_CASES)
    nonzero = 0
    for candidate, references in BLEU_CASES:
        ours = bleu(candidate, references)
        # nltk turns a zero precision into the smallest float, a value below 1e-70
        assert ours == pytest.approx(_nltk(candidate, references), rel=TOL, abs=1e-70)
        nonzero += ours > 0
        as_strings = bleu(" ".join(candidate), [" ".join(r) for r in references])
        assert as_strings == ours
    assert short >= 40 and several >= 80 and nonzero >= 30


@pytest.mark.parametrize("max_n", [1, 2, 3])
def test_bleu_other_orders_against_nltk(max_n):
    weights = (1 / max_n,) * max_n
    for candidate, references in BLEU_CASES:
        expected = _nltk(candidate, references, weights=weights)
        assert bleu(candidate, references, max_n=max_n) == pytest.approx(
            expected, rel=TOL, abs=1e-70
        )


def test_bleu_custom_weights_against_nltk():
    weights = (0.4, 0.3, 0.2, 0.1)
    for candidate, references in BLEU_CASES:
        expected = _nltk(candidate, references, weights=weights)
        got = bleu(candidate, references, weights=weights)
        if got == 0:  # nltk: exp(0.1 · ln(smallest float)) ≈ 1e-31 when p4 = 0
            assert expected < 1e-30
        else:
            assert got == pytest.approx(expected, rel=TOL)


@pytest.mark.parametrize(("ours", "method"), [("epsilon", "method1"), ("add_one", "method2")])
def test_bleu_smoothing_against_nltk(ours, method):
    smoothing = getattr(SmoothingFunction(), method)
    positive = 0
    for candidate, references in BLEU_CASES:
        expected = _nltk(candidate, references, smoothing=smoothing)
        got = bleu(candidate, references, smoothing=ours)
        assert got == pytest.approx(expected, rel=TOL, abs=TOL)
        positive += got > 0
    assert positive >= 100


def test_bleu_steps_of_papineni():
    # Papineni et al. (2002): "the the the the the the the" against two references
    candidate = "the the the the the the the"
    references = ["the cat is on the mat", "there is a cat on the mat"]
    assert modified_precision(candidate, references, n=1) == (2, 7)
    assert brevity_penalty(candidate, references) == 1.0  # 7 words, closest reference 7
    assert brevity_penalty("a b c", ["a b c d e", "a b c d"]) == pytest.approx(math.exp(1 - 4 / 3))
    assert brevity_penalty("a b c", ["a b c d e f", "a"]) == 1.0  # 1 is closer than 6
    # ties go to the shorter reference: 4 and 2 are both 1 away from 3, and 3 > 2
    assert brevity_penalty("a b c", ["a b c d", "a b"]) == 1.0
    assert brevity_penalty("a b", ["a b c d", "a b c"]) == pytest.approx(math.exp(1 - 3 / 2))


def test_bleu_identity_and_empty_overlap():
    assert bleu("a b c d e", ["a b c d e"]) == 1.0
    assert bleu("x y z", ["a b c"], smoothing="epsilon") == 0.0
    assert bleu("a b c", ["a b c"]) == 0.0  # no 4-grams: p4 is 0 without smoothing
    assert bleu("a b c", ["a b c"], max_n=3) == 1.0


# ---------------------------------------------------------------------- corpus BLEU
def _corpora(seed=17, count=300, shortest=1):
    """Corpora of 1 to 8 sentences drawn from BLEU_CASES (candidates of ``shortest`` words
    or more)."""
    rng = np.random.default_rng(seed)
    pool = [case for case in BLEU_CASES if len(case[0]) >= shortest]
    for _ in range(count):
        size = int(rng.integers(1, 9))
        chosen = rng.choice(len(pool), size=size, replace=False)
        yield [pool[i][0] for i in chosen], [pool[i][1] for i in chosen]


def _nltk_corpus(candidates, references, weights=(0.25,) * 4, smoothing=None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nltk warns about zero counts
        return nltk_corpus_bleu(
            references, candidates, weights=weights, smoothing_function=smoothing
        )


@pytest.mark.parametrize("max_n", [1, 2, 4])
@pytest.mark.parametrize(("ours", "method"), [(None, None), ("epsilon", "method1")])
def test_corpus_bleu_against_nltk(max_n, ours, method):
    smoothing = getattr(SmoothingFunction(), method) if method else None
    compared = nonzero = 0
    # nltk counts a candidate shorter than n words as one n-gram of order n; Papineni
    # counts none: the definitions agree when every candidate has max_n words or more
    for candidates, references in _corpora(shortest=max_n):
        got = corpus_bleu(candidates, references, max_n=max_n, smoothing=ours)
        expected = _nltk_corpus(candidates, references, (1 / max_n,) * max_n, smoothing)
        assert got == pytest.approx(expected, rel=TOL, abs=1e-70)
        compared += 1
        nonzero += got > 0
    assert compared == 300 and nonzero >= 200


def test_corpus_bleu_is_not_the_mean_of_sentence_bleus():
    differ = 0
    for candidates, references in _corpora(count=100):
        got = corpus_bleu(candidates, references, smoothing="epsilon")
        mean = np.mean(
            [bleu(c, r, smoothing="epsilon") for c, r in zip(candidates, references, strict=True)]
        )
        if len(candidates) == 1:
            assert got == pytest.approx(mean, rel=TOL)
        else:
            differ += abs(got - mean) > 1e-3
    assert differ >= 50


def test_corpus_bleu_sums_counts_and_lengths_as_papineni():
    candidates = ["a b c d e", "a b"]
    references = [["a b c d x"], ["a b c"]]
    # orders 1, 2: matches 4 + 2 and 3 + 1 over 5 + 2 and 4 + 1; c = 7, r = 5 + 3 = 8
    expected = math.exp(1 - 8 / 7) * math.sqrt(6 / 7 * 4 / 5)
    assert corpus_bleu(candidates, references, max_n=2) == pytest.approx(expected, rel=TOL)
    # with order 3 the short candidate has no trigram: Papineni counts 0 of them (2 of 3
    # and 0 of 0 trigrams: 2/3); nltk counts 1 (2 of 4)
    got = corpus_bleu(candidates, references, max_n=3)
    by_hand = math.exp(1 - 8 / 7) * (6 / 7 * 4 / 5 * 2 / 3) ** (1 / 3)
    assert got == pytest.approx(by_hand, rel=TOL)
    nltk_value = _nltk_corpus(
        [c.split() for c in candidates],
        [[r.split() for r in refs] for refs in references],
        (1 / 3,) * 3,
    )
    assert nltk_value == pytest.approx(math.exp(1 - 8 / 7) * (6 / 7 * 4 / 5 * 2 / 4) ** (1 / 3))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: corpus_bleu("a b", ["a b"]), TypeError, "candidates must be a list"),
        (lambda: corpus_bleu(["a b"], "a b"), TypeError, "references must be a list"),
        (lambda: corpus_bleu([], []), ValueError, "candidates is empty"),
        (lambda: corpus_bleu(["a b", "c"], [["a b"]]), ValueError, "candidates has 2 sentences"),
        (lambda: corpus_bleu(["a b"], [[]]), ValueError, "references is empty"),
        (lambda: corpus_bleu(["a b"], [["a b"]], smoothing="x"), ValueError, "smoothing must"),
    ],
)
def test_corpus_bleu_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---------------------------------------------------------------------- bad input
def test_bad_probabilities():
    good = [[0.5, 0.5], [0.2, 0.8]]
    with pytest.raises(ValueError, match="different lengths"):
        cross_entropy([0, 1, 1], good)
    with pytest.raises(ValueError, match=r"probabilities\[0, 1\] = -0.1 is negative"):
        perplexity([0], [[1.1, -0.1]])
    with pytest.raises(ValueError, match=r"row 1 of probabilities sums to 0\.9, not 1"):
        cross_entropy([0, 1], [[0.5, 0.5], [0.5, 0.4]])
    # top-k needs only each row's order: scores need not be probabilities
    assert top_k_accuracy([0, 1], [[0.5, 0.5], [0.5, 0.4]], k=1) == 0.5
    with pytest.raises(ValueError, match="two-dimensional"):
        cross_entropy([0, 1], [0.2, 0.8])
    with pytest.raises(ValueError, match="y_true is empty"):
        cross_entropy([], np.empty((0, 2)))
    with pytest.raises(ValueError, match=r"probabilities\[0, 0\] is nan"):
        cross_entropy([0], [[np.nan, 1.0]])
    with pytest.raises(ValueError, match=r"y_true\[1\] = 2 is not a column"):
        cross_entropy([0, 2], good)
    with pytest.raises(TypeError, match="pass labels="):
        cross_entropy(["a", "b"], good)
    with pytest.raises(ValueError, match="labels has 3 classes but probabilities has 2"):
        cross_entropy(["a", "b"], good, labels=["a", "b", "c"])
    with pytest.raises(ValueError, match=r"y_true\[1\] = 'c' is not one of labels"):
        cross_entropy(["a", "c"], good, labels=["a", "b"])
    with pytest.raises(ValueError, match="at least two columns"):
        cross_entropy([0], [[1.0]])
    with pytest.raises(TypeError, match="probabilities must hold numbers"):
        cross_entropy([0], [["a", "b"]])


def test_bad_k():
    good = [[0.5, 0.3, 0.2]]
    with pytest.raises(ValueError, match=r"k must be between 1 and the number of classes \(3\)"):
        top_k_accuracy([0], good, k=4)
    with pytest.raises(ValueError, match="k must be between"):
        top_k_accuracy([0], good, k=0)
    with pytest.raises(TypeError, match="k must be a whole number"):
        top_k_accuracy([0], good, k=1.0)
    with pytest.raises(TypeError, match="keyword-only argument: 'k'"):
        top_k_accuracy([0], good)


def test_bad_bleu_input():
    with pytest.raises(ValueError, match="candidate is empty"):
        bleu("   ", ["a b"])
    with pytest.raises(ValueError, match="references is empty"):
        bleu("a b", [])
    with pytest.raises(ValueError, match=r"references\[0\] is empty"):
        bleu("a b", [""])
    with pytest.raises(TypeError, match="candidate must be a string or a sequence"):
        bleu(42, ["a"])
    with pytest.raises(TypeError, match=r"references\[1\] must be a string.*token 0 is int"):
        bleu("a", ["a", [1, 2]])
    with pytest.raises(TypeError, match="references must be a string or a list"):
        bleu("a", None)
    with pytest.raises(ValueError, match="weights has 2 values but max_n = 4"):
        bleu("a b", ["a b"], weights=[0.5, 0.5])
    with pytest.raises(ValueError, match="weights must sum to 1"):
        bleu("a b", ["a b"], max_n=2, weights=[0.5, 0.6])
    with pytest.raises(ValueError, match="non-negative"):
        bleu("a b", ["a b"], max_n=2, weights=[1.5, -0.5])
    with pytest.raises(ValueError, match="max_n must be at least 1"):
        bleu("a b", ["a b"], max_n=0)
    with pytest.raises(ValueError, match="smoothing must be None or one of"):
        bleu("a b", ["a b"], smoothing="method1")
    with pytest.raises(ValueError, match="n must be at least 1"):
        modified_precision("a b", ["a b"], n=0)


# ---------------------------------------------------------------------- odd references
SENTENCE = "the cat sat on the mat"


def test_a_tokenised_candidate_with_a_flat_token_list_is_refused():
    """A flat token list as references is refused, not read as six one-word references."""
    tokens = SENTENCE.split()
    for metric in (bleu, brevity_penalty):
        with pytest.raises(
            TypeError, match=r"references is a list of strings.*references=\[tokens\]"
        ):
            metric(tokens, tokens)
    with pytest.raises(TypeError, match="references is a list of strings"):
        modified_precision(tokens, tuple(tokens), n=1)
    with pytest.raises(TypeError, match="references is a list of strings"):
        bleu(tuple(tokens), [SENTENCE])  # strings with a token candidate: ambiguous too
    # the two unambiguous forms give the identity its score of 1
    assert bleu(tokens, [tokens]) == 1.0
    assert bleu(np.array(tokens), [tokens, "a b"]) == 1.0  # a token list among strings
    assert bleu(SENTENCE, [SENTENCE]) == 1.0
    assert bleu(SENTENCE, SENTENCE) == 1.0  # one reference as a string
    assert brevity_penalty(tokens, [tokens]) == 1.0
    assert brevity_penalty(tokens, SENTENCE) == 1.0
    # a string candidate with a list of strings stays a list of whole references
    assert bleu("a b", ["a", "b"], max_n=1) == 1.0  # each word is in one reference


def test_each_empty_reference_is_refused():
    with pytest.raises(ValueError, match=r"references\[0\] is empty"):
        bleu("a", ["", "a b c d"], max_n=1)  # not 1.0 with "" as the closest length
    with pytest.raises(ValueError, match=r"references\[1\] is empty"):
        brevity_penalty("a b", ["a b", "   "])
    with pytest.raises(ValueError, match=r"references\[2\] is empty"):
        modified_precision(["a"], [["a"], ["b"], []], n=1)


@pytest.mark.parametrize(
    ("weights", "error", "message"),
    [
        (["a", "b"], TypeError, "weights must hold real numbers"),
        (["0.5", "0.5"], TypeError, "weights must hold real numbers"),
        ([True, False], TypeError, "weights must hold numbers, not booleans"),
        ([0.5, None], TypeError, "weights must hold real numbers; got None at position 1"),
        ([0.5, np.nan], ValueError, "weights contains nan at position 1"),
        ("0.5", TypeError, "weights must be a sequence of numbers"),
        (0.5, TypeError, "weights must be a sequence of numbers"),
        ([[0.5], [0.5]], ValueError, "weights must be one-dimensional"),
        ([], ValueError, "weights is empty; give one weight per n-gram order"),
        ([[0.5, 0.25], [0.25]], ValueError, "weights must be a flat sequence"),
    ],
)
def test_bleu_weights_are_numbers(weights, error, message):
    with pytest.raises(error, match=message):
        bleu("a b", ["a b"], max_n=2, weights=weights)


def test_ragged_probabilities_name_the_argument():
    for metric in (cross_entropy, perplexity):
        with pytest.raises(ValueError, match="probabilities must be a flat sequence"):
            metric([0, 1], [[0.5, 0.5], [1.0]])
    with pytest.raises(ValueError, match="scores must be a flat sequence"):
        top_k_accuracy([0, 1], [[0.5, 0.5], [1.0]], k=1)


def test_k_is_checked_as_a_whole_number():
    good = [[0.5, 0.3, 0.2]]
    with pytest.raises(TypeError, match=r"k must be a whole number \(int\); got bool True"):
        top_k_accuracy([0], good, k=True)
    assert top_k_accuracy([0], good, k=np.int64(1)) == 1.0


# ------------------------------------------------------- labels beyond int64, huge n-grams
@pytest.mark.parametrize("metric", [cross_entropy, perplexity])
def test_probability_metrics_refuse_labels_beyond_int64(metric):
    with pytest.raises(ValueError, match=r"y_true\[1\] = 1180591620717411303424 is not a col"):
        metric([0, 2**70], [[0.5, 0.5], [0.5, 0.5]])


def test_top_k_refuses_labels_beyond_int64():
    with pytest.raises(ValueError, match=r"y_true\[1\] = 1180591620717411303424 is not a col"):
        top_k_accuracy([0, 2**70], [[0.5, 0.5], [0.5, 0.5]], k=1)
    with pytest.raises(ValueError, match=r"y_true\[0\] = -1180591620717411303424 is not a col"):
        top_k_accuracy([-(2**70)], [[0.5, 0.5]], k=1)


def test_bleu_refuses_a_huge_max_n_up_front():
    with pytest.raises(ValueError, match=r"max_n must be at most 100; got 1000000000"):
        bleu("the cat", "the cat", max_n=10**9)
    assert bleu("a b c", "a b c", max_n=100, smoothing="epsilon") > 0


def test_probability_labels_refuse_unhashable_values():
    with pytest.raises(TypeError, match=r"labels contains \{\} \(dict\) at position 0"):
        top_k_accuracy([0, 1], [[1.0, 2.0], [3.0, 4.0]], k=1, labels=[{}, {}])
