"""The data of the exercise sets, defined once.

Both the solution notebooks (``from evalcourse.exercises import data``) and the sets' expected
answers (``evalbook/exercises/set_NN.py``) read the data here, so a question's data is never
typed twice. One function (or constant) per dataset; the set that uses it is named in its
docstring.

Variants for homework
---------------------
The datasets of sets 01 and 02 (the fraud transactions), 05 (the fraud table of 16
transactions, and its threshold), 03 (the
credit models), 06 (the diabetes split), 08 (the bootstrap's size, the .632 errors and the
iris folds) and 09 (the test results) take ``variant=``: a whole number, e.g. a student
number; so do those of sets 11 and 12, in :mod:`evalcourse.exercises.data_beyond`.
``variant=None`` (the default) is the data the solution notebooks use; any other key gives
other numbers, drawn reproducibly from it. :func:`evalbook.exercises.start` records the
student's variant, and the checker passes it to the items' expected answers, so that they
follow the same data (each set says whether it has variants: ``SET.variants``).

Examples
--------
>>> fraud_predictions().shape
(16, 4)
>>> fraud_predictions(variant=12345).equals(fraud_predictions(variant=12345))
True
>>> bernoulli_test(), bernoulli_test(variant=7) != bernoulli_test()
((36, 40), True)
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

import evalbook
from evalbook.exercises.variants import check_variant, variant_rng
from evalcourse import datasets

__all__ = [
    "BLEU_CANDIDATE",
    "BLEU_REFERENCES",
    "CREDIT_LABELS",
    "FRAUD_LABELS",
    "SENTIMENT_LABELS",
    "algorithm_differences",
    "bernoulli_test",
    "credit_models",
    "diabetes_regression",
    "diabetes_seed",
    "digits_probabilities",
    "fold_differences",
    "fraud_detector_matrix",
    "fraud_matrix",
    "fraud_predictions",
    "fraud_threshold",
    "fraud_transactions",
    "friedman_accuracies",
    "iris",
    "iris_tree",
    "large_bernoulli_test",
    "model_accuracies",
    "model_accuracies_twin",
    "profit_table",
    "random_two_classes",
    "sentiment_matrix",
    "sentiment_twin",
    "small_probabilities",
    "swapping_matrix",
    "validation_numbers",
]

# Which sets follow a variant key is said by each set (``ExerciseSet(variants=...)``).
#
# The sets that cannot vary, and why; and how some of the others vary:
#
# - vary one twin question only: 04 (the caret report of handout 002 and the handout's
#   kappa tables are the point of the questions; :func:`sentiment_twin`), 07 (BLEU and
#   perplexity on the handout's sentences and language model: a text cannot be drawn at
#   random and stay a sensible translation; :func:`small_probabilities`), 10 (the
#   accuracies and fold differences are handout 005's worked examples;
#   :func:`model_accuracies_twin`);
# - set 08 varies the bootstrap's size, the .632 errors and the iris folds' seed
#   (:func:`validation_numbers`); its split, stratification and fold-size questions
#   (08.divisao, 08.estratificado, 08.folds) keep handout-like sizes, because their
#   comments walk through those quotas, and 08.loo keeps its 15 + 15 random examples
#   (its answer, 100 %, is the point and holds for any balanced draw);
# - set 05's threshold of question 1 is the score of one of the variant's transactions
#   (:func:`fraud_threshold`), printed by the notebook;
# - sets 11 and 12 draw every dataset of :mod:`evalcourse.exercises.data_beyond` and keep a
#   draw only if the questions stay sound on it (each function states its rule). Question
#   11.previsor keeps its answer, "b": its options name the forecasters (A ranks better, A
#   has the much lower Brier score, B the lower ECE), and a draw is kept only if these
#   statements hold, so its letter is computed from the data but cannot change; 12's
#   multiple-choice items (12.teste, 12.vazamento, 12.aninhada) describe situations of
#   their own and read no data.

#: Classes of the fraud table (sets 01, 02, 05), positive first.
FRAUD_LABELS = ("fraude", "legítima")
#: Classes of the credit models of set 03, positive first.
CREDIT_LABELS = ("inadimplente", "adimplente")
#: Classes of the sentiment classifier of set 04.
SENTIMENT_LABELS = ("positivo", "neutro", "negativo")

#: Set 07: the two reference translations and the candidate of the BLEU questions.
BLEU_REFERENCES = (
    "amanhã o tempo será ensolarado no sul",
    "o tempo estará ensolarado amanhã no sul do país",
)
BLEU_CANDIDATE = "o tempo o tempo será ensolarado"


# ---------------------------------------------------------------------- sets 01, 02, 05
def fraud_predictions(*, variant=None) -> pd.DataFrame:
    """Set 05 (and the solutions' data of sets 01 and 02): 16 card transactions with target,
    prediction and score.

    ``variant=None`` is :func:`evalcourse.datasets.fraud_predictions` (6 frauds, 10
    legitimate). Another key draws 5 to 8 frauds with new scores (two decimals, all
    distinct) and predicts "fraude" for a score ≥ 0.5; every cell of the confusion matrix is
    at least 1 and the numbers of false positives and false negatives differ. For set 05,
    the scores also rank the frauds above the legitimate transactions more often than not
    (AUC > 0.5), and the KS distance is reached where the frauds' cumulative distribution is
    below the legitimate ones' (so that eq. (16) read literally, a known mistake, gives
    less).

    Examples
    --------
    >>> table = fraud_predictions(variant=2024)
    >>> list(table.columns), len(table), table.score.is_unique
    (['id', 'target', 'prediction', 'score'], 16, True)
    """
    return _fraud_predictions(check_variant(variant)).copy()


@cache
def _fraud_predictions(variant) -> pd.DataFrame:
    if variant is None:
        return datasets.fraud_predictions()
    rng = variant_rng(variant, "fraud")
    positive, negative = FRAUD_LABELS
    while True:
        frauds = int(rng.integers(5, 9))
        target = np.array([positive] * frauds + [negative] * (16 - frauds), dtype=object)
        rng.shuffle(target)
        fraud = target == positive
        raw = np.where(fraud, rng.beta(4.0, 2.2, 16), rng.beta(2.0, 4.0, 16))
        score = np.clip(np.round(raw, 2), 0.01, 0.99)
        flagged = score >= 0.5
        tp, fn = int(np.sum(fraud & flagged)), int(np.sum(fraud & ~flagged))
        fp, tn = int(np.sum(~fraud & flagged)), int(np.sum(~fraud & ~flagged))
        sound = len(set(score)) == 16 and min(tp, fn, fp, tn) >= 1 and fp != fn
        if sound and _ranks_the_frauds_first(fraud, score):
            break
    return pd.DataFrame(
        {
            "id": np.arange(1, 17),
            "target": target.astype(str),
            "prediction": np.where(flagged, positive, negative),
            "score": score,
        }
    )


def _ranks_the_frauds_first(fraud: np.ndarray, score: np.ndarray) -> bool:
    """AUC > 0.5, and the largest gap CP(legitimate) − CP(fraud) exceeds the largest gap
    CP(fraud) − CP(legitimate) (CP: the fraction of a class with score ≤ ps)."""
    wins = np.sum(score[fraud][:, None] > score[~fraud][None, :])
    grid = np.unique(score)
    below = score[:, None] <= grid[None, :]
    gap = below[~fraud].mean(axis=0) - below[fraud].mean(axis=0)
    return 2 * wins > fraud.sum() * (~fraud).sum() and gap.max() > -gap.min()


#: Set 05, question 1: the ranks (1 = the highest score) tried, in order, for the threshold.
_THRESHOLD_RANKS = (5, 6, 4, 7, 3, 8, 2, 9, 10, 11, 12, 13, 14, 15)


def fraud_threshold(*, variant=None) -> float:
    """Set 05, question 1: a threshold that sits exactly on the score of one transaction.

    ``variant=None``: 0.64, the score of transaction 3 (the 5th highest). Another key takes
    the score of the 5th highest transaction of :func:`fraud_predictions`, or else of the 6th,
    4th, 7th, 3rd, 8th, ...: the first of these ranks whose score is not 0.5 (question 2's
    threshold) and whose matrix at score ≥ t has a number of false positives other than its
    number of false negatives (so that a transposed matrix is a mistake of its own).

    Examples
    --------
    >>> fraud_threshold()
    0.64
    >>> t = fraud_threshold(variant=2024)
    >>> bool(t in set(fraud_predictions(variant=2024).score))
    True
    """
    variant = check_variant(variant)
    if variant is None:
        return 0.64
    table = fraud_predictions(variant=variant)
    fraud = (table["target"] == FRAUD_LABELS[0]).to_numpy()
    score = table["score"].to_numpy(float)
    ranked = np.sort(score)[::-1]
    for rank in _THRESHOLD_RANKS:
        t = float(ranked[rank - 1])
        flagged = score >= t
        if t != 0.5 and np.sum(flagged & ~fraud) != np.sum(~flagged & fraud):
            return t
    raise ValueError(f"variant {variant}: no rank gives a threshold for set 05")


def fraud_transactions(*, variant=None) -> pd.DataFrame:
    """Sets 01 and 02: card transactions with target, prediction and score.

    ``variant=None`` is :func:`fraud_predictions` (the 16 transactions of the solutions).
    Another key draws 16 to 24 transactions, of which at least a fifth and fewer than half
    are frauds, with new scores (two decimals, all distinct), and predicts "fraude" for a
    score ≥ 0.5; every cell of the confusion matrix is at least 1, and the numbers of false
    positives and false negatives differ. The space is wide enough that two students share
    a confusion matrix well under 0.5% of the time (set 05 keeps 16 transactions, drawn by
    :func:`fraud_predictions`, for its quartiles).

    Examples
    --------
    >>> fraud_transactions().equals(fraud_predictions())
    True
    >>> table = fraud_transactions(variant=2024)
    >>> list(table.columns), 16 <= len(table) <= 24, table.score.is_unique
    (['id', 'target', 'prediction', 'score'], True, True)
    """
    variant = check_variant(variant)
    if variant is None:
        return fraud_predictions()
    return _fraud_transactions(variant).copy()


@cache
def _fraud_transactions(variant: int) -> pd.DataFrame:
    rng = variant_rng(variant, "fraud-transactions")
    positive, negative = FRAUD_LABELS
    while True:
        n = int(rng.integers(16, 25))
        frauds = int(rng.integers(-(-n // 5), -(-n // 2)))  # ⌈n/5⌉ .. ⌈n/2⌉ − 1
        target = np.array([positive] * frauds + [negative] * (n - frauds), dtype=object)
        rng.shuffle(target)
        fraud = target == positive
        score = np.zeros(n)
        while len(set(score)) < n:  # scores drawn again until distinct (n stays uniform)
            raw = np.where(fraud, rng.beta(4.0, 2.2, n), rng.beta(2.0, 4.0, n))
            score = np.clip(np.round(raw, 2), 0.01, 0.99)
        flagged = score >= 0.5
        tp, fn = int(np.sum(fraud & flagged)), int(np.sum(fraud & ~flagged))
        fp, tn = int(np.sum(~fraud & flagged)), int(np.sum(~fraud & ~flagged))
        if min(tp, fn, fp, tn) >= 1 and fp != fn:
            break
    return pd.DataFrame(
        {
            "id": np.arange(1, n + 1),
            "target": target.astype(str),
            "prediction": np.where(flagged, positive, negative),
            "score": score,
        }
    )


def fraud_matrix(*, variant=None) -> evalbook.ConfusionMatrix:
    """Sets 01 and 02: the model's confusion matrix on :func:`fraud_transactions`.

    Rows are the target, ``"fraude"`` (the positive class) first.

    Examples
    --------
    >>> fraud_matrix().counts.tolist()
    [[4, 2], [3, 7]]
    """
    table = fraud_transactions(variant=variant)
    return evalbook.ConfusionMatrix.from_labels(
        table["target"], table["prediction"], labels=list(FRAUD_LABELS)
    )


# ---------------------------------------------------------------------- set 03
def credit_models(*, variant=None) -> dict[str, evalbook.ConfusionMatrix]:
    """Set 03: the confusion matrices of the credit models A and B on 200 applicants.

    ``variant=None``: A = [[30, 20], [10, 140]], B = [[42, 8], [35, 115]] ("inadimplente"
    first, rows = target). Another key draws 40 to 60 defaulters, a cautious model A (finds
    50-70% of them, 3-8% false alarms) and an eager model B (75-90%, 15-25%), drawn again
    until every question has one answer (no tie) and the sentences of set 03 hold.

    Examples
    --------
    >>> models = credit_models()
    >>> models["A"].counts.tolist(), models["B"].n
    ([[30, 20], [10, 140]], 200)
    """
    counts = _credit_counts(check_variant(variant))
    return {
        name: evalbook.ConfusionMatrix(table, labels=list(CREDIT_LABELS))
        for name, table in counts.items()
    }


@cache
def _credit_counts(variant) -> dict[str, list[list[int]]]:
    if variant is None:
        return {"A": [[30, 20], [10, 140]], "B": [[42, 8], [35, 115]]}
    rng = variant_rng(variant, "credit")
    while True:
        bad = int(rng.integers(40, 61))
        good = 200 - bad

        def model(found, alarms, bad=bad, good=good) -> list[list[int]]:
            tp = round(bad * rng.uniform(*found))
            fp = round(good * rng.uniform(*alarms))
            return [[tp, bad - tp], [fp, good - fp]]

        counts = {"A": model((0.5, 0.7), (0.03, 0.08)), "B": model((0.75, 0.9), (0.15, 0.25))}
        if _credit_sound(counts):
            return counts


def _credit_sound(counts) -> bool:
    """Whether set 03's questions have one answer and its sentences hold for these models.

    The two models never tie: not in profit (at the profit table's prices, nor at −300 for
    a denied good payer), not in accuracy; the price at which their profits tie is
    negative (a cost); and the model of higher accuracy, when it earns less, is the one
    that lends to more defaulters.
    """
    gains = np.array(profit_table(), dtype=float)
    (tp_a, fn_a), (fp_a, tn_a) = counts["A"]
    (tp_b, fn_b), (fp_b, tn_b) = counts["B"]

    def profit(table, denial):
        priced = gains.copy()
        priced[1, 0] = denial
        return float((np.array(table) * priced).sum())

    profits = [profit(counts[name], gains[1, 0]) for name in "AB"]
    at_300 = [profit(counts[name], -300.0) for name in "AB"]
    right = [tp_a + tn_a, tp_b + tn_b]
    if profits[0] == profits[1] or at_300[0] == at_300[1] or right[0] == right[1]:
        return False
    if fp_a == fp_b:
        return False
    gap_at_zero = profit(counts["A"], 0.0) - profit(counts["B"], 0.0)
    if -gap_at_zero / (fp_a - fp_b) >= 0:
        return False
    more_accurate = 0 if right[0] > right[1] else 1
    richer = 0 if profits[0] > profits[1] else 1
    return more_accurate == richer or (fn_a, fn_b)[more_accurate] > (fn_a, fn_b)[richer]


def profit_table() -> pd.DataFrame:
    """Set 03: profit per applicant (rows = target, columns = prediction).

    Denying a defaulter costs nothing, lending to one loses 500, denying a good payer loses
    100 of business, lending to a good payer earns 100.

    Examples
    --------
    >>> profit_table().to_numpy().tolist()
    [[0, -500], [-100, 100]]
    """
    labels = list(CREDIT_LABELS)
    return pd.DataFrame([[0, -500], [-100, 100]], index=labels, columns=labels)


# ---------------------------------------------------------------------- set 04
def sentiment_matrix() -> evalbook.ConfusionMatrix:
    """Set 04: a 3-class sentiment classifier on 100 reviews (rows = target).

    Chosen so that the random classifier's matrix has whole numbers (handout 001's shape).

    Examples
    --------
    >>> sentiment_matrix().n
    100
    """
    counts = [[35, 10, 5], [3, 22, 5], [2, 8, 10]]
    return evalbook.ConfusionMatrix(counts, labels=list(SENTIMENT_LABELS))


def swapping_matrix() -> evalbook.ConfusionMatrix:
    """Set 04: a binary model that gets every prediction wrong (labels "sim", "não").

    Examples
    --------
    >>> swapping_matrix().counts.tolist()
    [[0, 30], [20, 0]]
    """
    return evalbook.ConfusionMatrix([[0, 30], [20, 0]], labels=["sim", "não"])


def fraud_detector_matrix() -> evalbook.ConfusionMatrix:
    """Set 04: a fraud detector tested on 100 transactions ("fraude" first, rows = target).

    Not the fraud table of sets 01, 02 and 05 (:func:`fraud_predictions`): another model on
    other data, in the shape of handout 002's caret report.

    Examples
    --------
    >>> fraud_detector_matrix().counts.tolist()
    [[15, 10], [2, 73]]
    """
    return evalbook.ConfusionMatrix([[15, 10], [2, 73]], labels=list(FRAUD_LABELS))


# ---------------------------------------------------------------------- twins (sets 04, 07, 10)
# Sets 04, 07 and 10 keep the handouts' worked examples in most questions (their numbers are
# the point); one twin question of each asks the same on data drawn from the variant, and
# on the handout's data for ``variant=None``.


def sentiment_twin(*, variant=None) -> evalbook.ConfusionMatrix:
    """Set 04, the twin of the kappa question: another 3-class sentiment matrix of 100 reviews.

    ``variant=None`` is :func:`sentiment_matrix`. Another key draws the three classes' sizes
    (at least 15 reviews each) and, per class, a share of 50-80% right, the rest split at
    random between the two other classes.

    Examples
    --------
    >>> sentiment_twin().counts.tolist() == sentiment_matrix().counts.tolist()
    True
    >>> sentiment_twin(variant=7).n
    100
    """
    variant = check_variant(variant)
    if variant is None:
        return sentiment_matrix()
    rng = variant_rng(variant, "sentiment-twin")
    sizes = rng.multinomial(55, [1 / 3] * 3) + 15
    counts = []
    for row, size in enumerate(sizes):
        right = round(float(size) * rng.uniform(0.5, 0.8))
        wrong = rng.multinomial(size - right, [0.5, 0.5])
        cells = [0, 0, 0]
        cells[row] = right
        others = [k for k in range(3) if k != row]
        cells[others[0]], cells[others[1]] = int(wrong[0]), int(wrong[1])
        counts.append(cells)
    return evalbook.ConfusionMatrix(counts, labels=list(SENTIMENT_LABELS))


#: Set 07's twin: the probabilities a model gives to 3 classes on 8 test examples.
_SMALL_CLASSES = np.array(["gato", "cão", "pássaro"])
_SMALL_TRUE = np.array(["gato", "gato", "cão", "pássaro", "cão", "gato", "pássaro", "cão"])
_SMALL_PROBABILITIES = np.array(
    [
        [0.7, 0.2, 0.1],
        [0.5, 0.3, 0.2],
        [0.2, 0.6, 0.2],
        [0.1, 0.3, 0.6],
        [0.4, 0.4, 0.2],
        [0.8, 0.1, 0.1],
        [0.3, 0.2, 0.5],
        [0.1, 0.7, 0.2],
    ]
)


def small_probabilities(*, variant=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set 07, the twin of the cross-entropy question: 8 examples, 3 classes.

    Returns the true classes, the model's probabilities (rows sum to 1, one decimal) and the
    classes (the columns' order). ``variant=None`` is a fixed table; another key draws the
    true classes and, per example, probabilities with the true class more likely than not to
    get the largest share.

    Examples
    --------
    >>> true, P, classes = small_probabilities(variant=7)
    >>> P.shape, bool(np.allclose(P.sum(axis=1), 1)), classes.tolist()
    ((8, 3), True, ['gato', 'cão', 'pássaro'])
    """
    variant = check_variant(variant)
    if variant is None:
        return _SMALL_TRUE.copy(), _SMALL_PROBABILITIES.copy(), _SMALL_CLASSES.copy()
    rng = variant_rng(variant, "small-probabilities")
    true = rng.choice(_SMALL_CLASSES, size=8)
    rows = []
    for label in true:
        tenths = rng.multinomial(7, [1 / 3] * 3) + 1  # every class at least 0.1
        column = int(np.flatnonzero(label == _SMALL_CLASSES)[0])
        if rng.random() < 0.7:  # the model usually gives the true class the largest share
            top = int(np.argmax(tenths))
            tenths[[top, column]] = tenths[[column, top]]
        rows.append(tenths / 10)
    return true, np.array(rows), _SMALL_CLASSES.copy()


def model_accuracies_twin(*, variant=None) -> tuple[float, int, float, int]:
    """Set 10, the twin of the first question: (p1, n1, p2, n2) of two models.

    ``variant=None`` is :func:`model_accuracies`. Another key draws each accuracy from 0.65
    to 0.90 (two decimals, the two different) and each test size from 100 to 400 in
    steps of 50.

    Examples
    --------
    >>> model_accuracies_twin()
    (0.78, 200, 0.72, 300)
    >>> p1, n1, p2, n2 = model_accuracies_twin(variant=7)
    >>> p1 != p2 and 100 <= min(n1, n2) and max(n1, n2) <= 400
    True
    """
    variant = check_variant(variant)
    if variant is None:
        return model_accuracies()
    rng = variant_rng(variant, "model-accuracies-twin")
    while True:
        p1, p2 = (float(round(v, 2)) for v in rng.uniform(0.65, 0.90, 2))
        if p1 != p2:
            break
    n1, n2 = (int(v) for v in rng.choice(np.arange(100, 401, 50), 2))
    return p1, n1, p2, n2


# ---------------------------------------------------------------------- set 08
def validation_numbers(*, variant=None) -> dict[str, float | int]:
    """Set 08: the bootstrap's size, the two errors of the .632 estimator and the seed of
    the iris folds.

    ``variant=None``: ``n_bootstrap`` 25, ``test_error`` 0.28, ``training_error`` 0.04,
    ``fold_seed`` 0. Another variant draws N from 8 to 16 (so that (1 − 1/N)^N differs from
    N = 25's by more than the rounding to 3 decimals), a test error from 0.15 to 0.35 and a
    training error from 0.01 to 0.08 (two decimals each; never the pair 0.28, 0.04), and a
    fold seed from 1 to 999 whose 10-fold stratified accuracy of :func:`iris_tree` differs
    from seed 0's (the answer of the solutions never passes for a variant's) and is below
    the tree's accuracy on its own training flowers.

    Examples
    --------
    >>> validation_numbers()
    {'n_bootstrap': 25, 'test_error': 0.28, 'training_error': 0.04, 'fold_seed': 0}
    >>> validation_numbers(variant=7) == validation_numbers(variant=7)
    True
    """
    variant = check_variant(variant)
    if variant is None:
        return {"n_bootstrap": 25, "test_error": 0.28, "training_error": 0.04, "fold_seed": 0}
    rng = variant_rng(variant, "validation")
    numbers = {
        "n_bootstrap": int(rng.integers(8, 17)),
        "test_error": int(rng.choice([e for e in range(15, 36) if e != 28])) / 100,
        "training_error": int(rng.integers(1, 9)) / 100,
    }
    seed = int(rng.integers(1, 1000))
    while (
        _iris_cv_accuracy(seed) == _iris_cv_accuracy(0)
        or _iris_cv_accuracy(seed) >= _iris_training_accuracy()
    ):
        seed = int(rng.integers(1, 1000))
    return {**numbers, "fold_seed": seed}


@cache
def _iris_cv_accuracy(seed: int) -> float:
    """Mean 10-fold stratified accuracy of :func:`iris_tree`, folds seeded with ``seed``
    (a multiple of 1/150, so equal seeds compare exactly)."""
    X, y = iris()
    splits = evalbook.stratified_kfold(y, k=10, seed=seed)
    table = evalbook.cross_validate(iris_tree(), X, y, splits, progress=False)
    return round(float(table["accuracy"].sum()) * 15) / 150


@cache
def _iris_training_accuracy() -> float:
    """Accuracy of :func:`iris_tree` on the 150 flowers it was trained on (0.96), which
    the seeds' cross-validated accuracies stay below (questions 08.cv_iris and
    08.qual_acuracia say that the tree scores higher on its training flowers)."""
    X, y = iris()
    return round(float(np.mean(iris_tree().fit(X, y).predict(X) == y)) * 150) / 150


# ---------------------------------------------------------------------- set 06
#: Set 06: the columns of ``load_diabetes().data`` used as predictors (bmi, bp, s5).
DIABETES_COLUMNS = (2, 3, 8)


#: Set 06: how much its outlier question adds to the first test target.
DIABETES_SHIFT = 200.0


def diabetes_seed(*, variant=None) -> int:
    """Set 06: the ``random_state`` of the 70/30 split: 0 for ``variant=None``, else one
    drawn from the variant key (each student gets another split of the same data), drawn
    again until the outlier question's sentences hold: adding :data:`DIABETES_SHIFT` to the
    first test target makes both errors larger, the MSE in a larger proportion."""
    variant = check_variant(variant)
    if variant is None:
        return 0
    rng = variant_rng(variant, "diabetes")
    while True:
        seed = int(rng.integers(1, 2**31 - 1))
        if _outlier_sound(_diabetes(seed)):
            return seed


def _outlier_sound(split: dict) -> bool:
    residuals = split["t_test"] - split["y_test"]
    moved = residuals.copy()
    moved[0] += DIABETES_SHIFT
    if abs(moved[0]) <= abs(residuals[0]):  # the shift would bring the target closer
        return False
    mse_ratio = np.mean(moved**2) / np.mean(residuals**2)
    mae_ratio = np.mean(np.abs(moved)) / np.mean(np.abs(residuals))
    return bool(mse_ratio > mae_ratio)


def diabetes_regression(*, variant=None) -> dict[str, np.ndarray]:
    """Set 06: a linear regression on three diabetes predictors, split 70/30.

    Returns the predictors' count ``p`` and the targets and predictions on the training
    (``t_train``, ``y_train``) and the test set (``t_test``, ``y_test``): scikit-learn's
    ``load_diabetes`` restricted to :data:`DIABETES_COLUMNS`, ``train_test_split(...,
    test_size=0.3, random_state=diabetes_seed(variant=variant))``, ``LinearRegression``.

    Examples
    --------
    >>> split = diabetes_regression()
    >>> len(split["t_train"]), len(split["t_test"]), split["p"]
    (309, 133, 3)
    >>> bool(diabetes_regression(variant=7)["t_test"][0] != split["t_test"][0])
    True
    """
    return dict(_diabetes(diabetes_seed(variant=variant)))


@cache
def _diabetes_data() -> tuple[np.ndarray, np.ndarray]:
    """scikit-learn's diabetes data restricted to :data:`DIABETES_COLUMNS` (read once)."""
    from sklearn.datasets import load_diabetes

    X, target = load_diabetes(return_X_y=True)
    X.flags.writeable = target.flags.writeable = False
    return X[:, list(DIABETES_COLUMNS)], target


@cache
def _diabetes(seed: int) -> dict:
    from sklearn.linear_model import LinearRegression
    from sklearn.model_selection import train_test_split

    X, target = _diabetes_data()
    X_train, X_test, t_train, t_test = train_test_split(X, target, test_size=0.3, random_state=seed)
    model = LinearRegression().fit(X_train, t_train)
    return {
        "p": X.shape[1],
        "t_train": t_train,
        "y_train": model.predict(X_train),
        "t_test": t_test,
        "y_test": model.predict(X_test),
    }


# ---------------------------------------------------------------------- set 07
def digits_probabilities() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set 07: the true digits of a test set, a model's probabilities and its classes.

    scikit-learn's ``load_digits`` (pixels / 16), 30% stratified test split
    (``random_state=0``) and a ``LogisticRegression(max_iter=2000)`` fitted on the rest,
    with one linear-algebra thread (reproducible to the last digit).

    Examples
    --------
    >>> digits, P, classes = digits_probabilities()
    >>> P.shape, classes.tolist() == list(range(10))
    ((540, 10), True)
    """
    digits, probabilities, classes = _digits()
    return digits.copy(), probabilities.copy(), classes.copy()


@cache
def _digits():
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from threadpoolctl import threadpool_limits

    X, digit = load_digits(return_X_y=True)
    X_train, X_test, d_train, d_test = train_test_split(
        X / 16, digit, test_size=0.3, random_state=0, stratify=digit
    )
    with threadpool_limits(1):
        model = LogisticRegression(max_iter=2000).fit(X_train, d_train)
        probabilities = model.predict_proba(X_test)
    return d_test, probabilities, model.classes_


# ---------------------------------------------------------------------- set 08
def random_two_classes() -> tuple[np.ndarray, np.ndarray]:
    """Set 08: 30 instances whose 2 features are noise, 15 of class "sim" and 15 of "não".

    Examples
    --------
    >>> X, y = random_two_classes()
    >>> X.shape, sorted(set(y.tolist()))
    ((30, 2), ['não', 'sim'])
    """
    rng = np.random.default_rng(8)
    X = rng.normal(size=(30, 2))
    y = np.repeat(np.array(["sim", "não"]), 15)
    return X, y


def iris() -> tuple[np.ndarray, np.ndarray]:
    """Sets 08 and 09: the 150 Iris flowers, the features and the species names.

    Examples
    --------
    >>> X, species = iris()
    >>> X.shape, species[0]
    ((150, 4), np.str_('setosa'))
    """
    from sklearn.datasets import load_iris

    flowers = load_iris()
    return flowers.data, flowers.target_names[flowers.target]


#: Set 08: the depth of the decision tree evaluated on Iris.
IRIS_TREE_DEPTH = 2


def iris_tree():
    """Set 08: the decision tree evaluated on Iris (depth 2, ``random_state=0``), unfitted.

    Examples
    --------
    >>> iris_tree().max_depth
    2
    """
    from sklearn.tree import DecisionTreeClassifier

    return DecisionTreeClassifier(max_depth=IRIS_TREE_DEPTH, random_state=0)


# ---------------------------------------------------------------------- set 09
def bernoulli_test(*, variant=None) -> tuple[int, int]:
    """Set 09: (hits, n) of a model on a small test set; 36 of 40 for ``variant=None``.

    Another key draws n from 30 to 60 and an accuracy from 0.80 to 0.95.

    Examples
    --------
    >>> bernoulli_test()
    (36, 40)
    """
    return _test_results(variant, (36, 40), "bernoulli", sizes=(30, 60), accuracy=(0.80, 0.95))


def large_bernoulli_test(*, variant=None) -> tuple[int, int]:
    """Set 09: (hits, n) on a larger test set; 450 of 500 for ``variant=None``.

    Another key draws n from 300 to 800 and an accuracy from 0.80 to 0.92.

    Examples
    --------
    >>> large_bernoulli_test()
    (450, 500)
    """
    return _test_results(
        variant, (450, 500), "large bernoulli", sizes=(300, 800), accuracy=(0.80, 0.92)
    )


def _test_results(variant, default, dataset, *, sizes, accuracy) -> tuple[int, int]:
    """(hits, n): ``default`` for no variant, else n and the accuracy drawn from the ranges."""
    variant = check_variant(variant)
    if variant is None:
        return default
    rng = variant_rng(variant, dataset)
    n = int(rng.integers(sizes[0], sizes[1] + 1))
    return round(n * rng.uniform(*accuracy)), n


# ---------------------------------------------------------------------- set 10
def model_accuracies() -> tuple[float, int, float, int]:
    """Set 10: (p1, n1, p2, n2): M1 hit 78% of 200 test instances, M2 72% of 300.

    Examples
    --------
    >>> model_accuracies()
    (0.78, 200, 0.72, 300)
    """
    return 0.78, 200, 0.72, 300


def algorithm_differences() -> list[float]:
    """Set 10: accuracy differences (algorithm A − algorithm B) on 8 datasets.

    Examples
    --------
    >>> len(algorithm_differences())
    8
    """
    return [0.021, 0.034, -0.005, 0.018, 0.027, 0.012, 0.040, 0.009]


def fold_differences() -> list[float]:
    """Set 10: accuracy differences on the 10 folds of one 10-fold cross-validation.

    Examples
    --------
    >>> len(fold_differences())
    10
    """
    return [0.035, 0.008, 0.052, -0.020, 0.027, 0.041, -0.006, 0.030, 0.012, 0.015]


def friedman_accuracies() -> list[list[float]]:
    """Set 10: accuracies of algorithms A, B, C (columns) on 6 datasets (rows).

    Examples
    --------
    >>> friedman_accuracies()[0]
    [0.85, 0.82, 0.8]
    """
    return [
        [0.85, 0.82, 0.80],
        [0.91, 0.91, 0.88],
        [0.72, 0.75, 0.70],
        [0.66, 0.61, 0.64],
        [0.95, 0.93, 0.90],
        [0.80, 0.78, 0.79],
    ]
