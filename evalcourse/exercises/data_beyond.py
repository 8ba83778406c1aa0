"""The data of exercise sets 11, 12 and 14 (beyond the handouts), defined once.

New data, used by no lesson: the solution notebooks (``from evalbook.exercises import
data_beyond``) and the sets' expected answers (``set_11.py``, ``set_12.py``) read it here.

- :func:`screening`: 20 patients of a screening test, with the test's score (sets 11, 12);
- :func:`forecasts`: 20 days of two rain forecasters' probabilities (set 11);
- :func:`photos`: 9 photos and a classifier's probabilities for 3 animals (set 11);
- :func:`two_classifiers`: two spam filters' predictions on the same 24 e-mails (set 12);
- :func:`five_by_two`: two algorithms' accuracies on 5 × 2 folds (set 12);
- :func:`bootstrap_predictions_table`: a regressor's predictions after 5 bootstrap
  trainings (set 12);
- :func:`evaluation_plan`: the assumptions of an evaluation to plan (set 14).

Variants for homework
---------------------
Every function takes ``variant=``, like those of :mod:`evalcourse.exercises.data`:
``variant=None`` (the default) is the data the solution notebooks use; a whole number draws
other data reproducibly from it. A draw is kept only if the questions of sets 11 and 12 stay
sound on it (no ties where a question picks a best threshold, no prediction sitting on its
decision boundary, no known mistake equal to the answer, and the statements of question
11.previsor's options true); each function's docstring states its rule, and draws are
repeated until one passes.

Examples
--------
>>> screening().target.value_counts().to_dict()
{'saudável': 12, 'doente': 8}
>>> forecasts().shape
(20, 4)
>>> screening(variant=7).equals(screening(variant=7)), screening(variant=7).equals(screening())
(True, False)
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd
from scipy.stats import binom

import evalbook
from evalbook import (
    average_precision,
    brier_score_loss,
    calibration_curve,
    delong_test,
    expected_calibration_error,
    f_test_5x2cv,
    fbeta_curve,
    multiclass_roc_auc,
    paired_ttest_5x2cv,
    precision_recall_curve,
)
from evalbook.exercises.variants import check_variant, variant_rng

__all__ = [
    "CLINIC_BENEFIT",
    "CLINIC_HARM",
    "CLINIC_LABELS",
    "FORECAST_BINS",
    "FORECAST_LABELS",
    "PHOTO_LABELS",
    "SCREENING_COSTS",
    "SCREENING_LABELS",
    "SCREENING_THRESHOLD",
    "SPAM_LABELS",
    "bootstrap_predictions_table",
    "clinic",
    "evaluation_plan",
    "five_by_two",
    "forecasts",
    "photos",
    "screening",
    "two_classifiers",
]

#: Positive class first.
SCREENING_LABELS = ("doente", "saudável")
FORECAST_LABELS = ("chuva", "seco")
PHOTO_LABELS = ("gato", "cão", "ave")
SPAM_LABELS = ("spam", "normal")

#: Set 11, questions 1-2: the screening test's threshold.
SCREENING_THRESHOLD = 0.5
#: Set 11, question 4: the cost of a false alarm and of a missed patient.
SCREENING_COSTS = (3, 1)
#: Set 11, question 6: the bins of the reliability diagram and of the ECE (uniform).
FORECAST_BINS = 5
#: A difference smaller than this would let a rounded answer (3 decimals) pass for another.
_APART = 0.002

_SICK = (0.95, 0.88, 0.81, 0.74, 0.66, 0.58, 0.41, 0.33)
_HEALTHY = (0.84, 0.69, 0.52, 0.47, 0.38, 0.29, 0.22, 0.18, 0.12, 0.09, 0.05, 0.02)
#: A second test on the same 20 patients, in the same order (set 12, DeLong).
_SICK_B = (0.71, 0.92, 0.56, 0.49, 0.77, 0.44, 0.63, 0.27)
_HEALTHY_B = (0.66, 0.58, 0.35, 0.61, 0.19, 0.41, 0.31, 0.52, 0.08, 0.24, 0.15, 0.36)


def _two_decimals(values, low=0.01, high=0.99) -> np.ndarray:
    return np.clip(np.round(values, 2), low, high)


def screening(*, variant=None) -> pd.DataFrame:
    """20 patients: ``id``, ``target`` ("doente" or "saudável"), ``score`` of the test A
    and ``score_b`` of a second test B, in patient order (sick and healthy mixed).

    ``variant=None``: 8 sick, 12 healthy, the scores of the solutions. Another key draws 6
    to 10 sick patients and two tests' scores (two decimals, each test's scores distinct),
    kept when, for set 11, the test A at :data:`SCREENING_THRESHOLD` has at least one true
    positive, one false positive and one false negative, a precision at least 0.02 away
    from 0.5 (the boundary of the guess in question 1) and away from the recall; the average
    precision differs from the trapezoid under the PR curve; one threshold alone has the
    lowest cost (:data:`SCREENING_COSTS`), cheaper than flagging nobody, and another one
    alone the highest F1; and, for set 12, the two tests' AUCs differ by 0.02 or more and
    DeLong's p-value is at least 0.005 away from 0.05.

    Examples
    --------
    >>> table = screening(variant=2024)
    >>> len(table), table.score.is_unique, bool(6 <= (table.target == "doente").sum() <= 10)
    (20, True, True)
    """
    return _screening(check_variant(variant)).copy()


@cache
def _screening(variant) -> pd.DataFrame:
    if variant is None:
        order = np.random.default_rng(11).permutation(20)
        target = np.array(["doente"] * 8 + ["saudável"] * 12)[order]
        score = np.array(_SICK + _HEALTHY)[order]
        score_b = np.array(_SICK_B + _HEALTHY_B)[order]
    else:
        rng = variant_rng(variant, "screening")
        while True:
            sick = np.zeros(20, dtype=bool)
            sick[: int(rng.integers(6, 11))] = True
            rng.shuffle(sick)
            target = np.where(sick, *SCREENING_LABELS)
            score = _two_decimals(np.where(sick, rng.beta(3.5, 2, 20), rng.beta(2, 3.5, 20)))
            score_b = _two_decimals(np.where(sick, rng.beta(3, 2.2, 20), rng.beta(2.2, 3, 20)))
            if _screening_is_sound(target, score, score_b):
                break
    return pd.DataFrame(
        {"id": np.arange(1, 21), "target": target, "score": score, "score_b": score_b}
    )


def _screening_is_sound(target, score, score_b) -> bool:
    """The rule of :func:`screening`'s variants (see its docstring)."""
    if len(set(score)) < len(score) or len(set(score_b)) < len(score_b):
        return False
    positive = SCREENING_LABELS[0]
    sick, flagged = target == positive, score >= SCREENING_THRESHOLD
    tp, fp, fn = np.sum(sick & flagged), np.sum(~sick & flagged), np.sum(sick & ~flagged)
    if min(tp, fp, fn) < 1:
        return False
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    if abs(precision - 0.5) < 0.02 or abs(precision - recall) < _APART:
        return False
    curve = precision_recall_curve(target, score, positive=positive)
    trapezoid = evalbook.auc(curve.recall, curve.precision)
    if abs(average_precision(target, score, positive=positive) - trapezoid) < _APART:
        return False
    thresholds = fbeta_curve(target, score, positive=positive)
    cost_fp, cost_fn = SCREENING_COSTS
    cost = cost_fp * thresholds.fp + cost_fn * thresholds.fn
    cheapest, best_f1 = np.argmin(cost), np.argmax(thresholds.fbeta)
    if (
        np.sum(cost == cost[cheapest]) > 1
        or cost[cheapest] >= cost_fn * np.sum(sick)
        or np.sum(thresholds.fbeta == thresholds.fbeta[best_f1]) > 1
        or cheapest == best_f1
    ):
        return False
    result = delong_test(target, score, score_b, positive=positive)
    return abs(result.difference) >= 0.02 and abs(result.p_value - 0.05) >= 0.005


#: Forecaster A ranks the days well but is sure of itself (near 0 and 1); B is cautious and
#: calibrated, but ranks worse. Rain days first here; :func:`forecasts` mixes the days.
_RAIN_A = (0.97, 0.95, 0.93, 0.9, 0.88, 0.75, 0.55)
_DRY_A = (0.92, 0.85, 0.7, 0.3, 0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02, 0.02, 0.01)
_RAIN_B = (0.75, 0.55, 0.45, 0.55, 0.35, 0.25, 0.15)
_DRY_B = (0.65, 0.45, 0.55, 0.45, 0.25, 0.35, 0.35, 0.25, 0.35, 0.05, 0.15, 0.15, 0.15)


def forecasts(*, variant=None) -> pd.DataFrame:
    """20 days: ``day``, ``target`` ("chuva" or "seco") and the probability of rain given
    the evening before by forecaster A (``prob_a``) and forecaster B (``prob_b``).

    ``variant=None``: 7 days of rain, the probabilities of the solutions. Another key draws
    5 to 9 days of rain, a sharp forecaster A (two decimals, mostly near 0 or 1, with
    confident false alarms) and a cautious B (0.05, 0.15, ..., 0.75, near the rate of rain);
    no probability sits on an edge of the :data:`FORECAST_BINS` bins. A draw is kept when
    the statements of set 11's question 7 hold: A's AUC exceeds B's by 0.1 or more, A's
    Brier score is below B's by 0.04 or more ("bem menor"), B's Brier score is below that of
    always saying the rate of rain, and B's ECE is below A's by 0.02 or more; and when the
    unweighted mean of the bins' gaps (a known mistake) differs from the ECE.

    Examples
    --------
    >>> days = forecasts(variant=2024)
    >>> len(days), bool(days.prob_b.isin(np.round(np.arange(0.05, 0.8, 0.1), 2)).all())
    (20, True)
    """
    return _forecasts(check_variant(variant)).copy()


@cache
def _forecasts(variant) -> pd.DataFrame:
    if variant is None:
        order = np.random.default_rng(12).permutation(20)
        target = np.array(["chuva"] * 7 + ["seco"] * 13)[order]
        prob_a = np.array(_RAIN_A + _DRY_A)[order]
        prob_b = np.array(_RAIN_B + _DRY_B)[order]
    else:
        rng = variant_rng(variant, "forecasts")
        edges = np.round(np.linspace(0, 1, FORECAST_BINS + 1), 2)
        while True:
            rain = np.zeros(20, dtype=bool)
            rain[: int(rng.integers(5, 10))] = True
            rng.shuffle(rain)
            alarm = rng.random(20) < 0.15
            sure = np.where(alarm, rng.beta(6, 1.2, 20), rng.beta(1, 12, 20))
            prob_a = _two_decimals(np.where(rain, rng.beta(8, 1, 20), sure))
            prob_a = np.where(np.isin(prob_a, edges), prob_a + 0.01, prob_a)
            rate = rain.mean()
            cautious = rate + 0.15 * (rain - rate) + rng.normal(0, 0.15, 20)
            prob_b = np.round(0.05 + 0.1 * np.clip(np.round((cautious - 0.05) / 0.1), 0, 7), 2)
            target = np.where(rain, *FORECAST_LABELS)
            if _forecasts_are_sound(target, prob_a, prob_b):
                break
    return pd.DataFrame(
        {"day": np.arange(1, 21), "target": target, "prob_a": prob_a, "prob_b": prob_b}
    )


def _forecasts_are_sound(target, prob_a, prob_b) -> bool:
    """The rule of :func:`forecasts`' variants (see its docstring)."""
    rain = FORECAST_LABELS[0]
    options = {"positive": rain}
    binned = {**options, "bins": FORECAST_BINS}
    rate = np.full(len(target), np.mean(target == rain))
    brier_a, brier_b = (
        brier_score_loss(target, prob_a, **options),
        brier_score_loss(target, prob_b, **options),
    )
    ece_a = expected_calibration_error(target, prob_a, **binned)
    ece_b = expected_calibration_error(target, prob_b, **binned)

    def unweighted(prob) -> float:
        table = calibration_curve(target, prob, **binned)
        return float(np.mean(np.abs(table.fraction_positive - table.mean_predicted)))

    return (
        evalbook.roc_auc(target, prob_a, **options) - evalbook.roc_auc(target, prob_b, **options)
        >= 0.1
        and brier_b - brier_a >= 0.04
        and brier_b < brier_score_loss(target, rate, **options)
        and ece_a - ece_b >= 0.02
        and max(abs(unweighted(prob_a) - ece_a), abs(unweighted(prob_b) - ece_b)) >= _APART
    )


def photos(*, variant=None) -> tuple[np.ndarray, np.ndarray]:
    """9 photos: the true animal of each, and a (9, 3) table of probabilities, one column per
    animal in :data:`PHOTO_LABELS` order.

    ``variant=None``: 4 cats, 3 dogs, 2 birds and the probabilities of the solutions. Another
    key shares the 9 photos 4/3/2 or 5/2/2 among the animals (never 3/3/3, where the two
    averages coincide) and draws each photo's probabilities in tenths (each at least 0.1,
    summing to 1), higher on average for its animal; kept when the macro and the weighted
    averages of the one-against-rest AUCs differ.

    Examples
    --------
    >>> animal, table = photos(variant=2024)
    >>> table.shape, bool(np.allclose(table.sum(axis=1), 1))
    ((9, 3), True)
    """
    target, table = _photos(check_variant(variant))
    return target.copy(), table.copy()


@cache
def _photos(variant) -> tuple[np.ndarray, np.ndarray]:
    if variant is None:
        target = np.array(["gato", "gato", "gato", "gato", "cão", "cão", "cão", "ave", "ave"])
        table = np.array(
            [
                [0.7, 0.2, 0.1],
                [0.5, 0.4, 0.1],
                [0.3, 0.6, 0.1],
                [0.6, 0.1, 0.3],
                [0.2, 0.7, 0.1],
                [0.4, 0.5, 0.1],
                [0.3, 0.3, 0.4],
                [0.1, 0.2, 0.7],
                [0.5, 0.1, 0.4],
            ]
        )
        return target, table
    rng = variant_rng(variant, "photos")
    labels = np.array(PHOTO_LABELS)
    while True:
        counts = rng.permutation([(4, 3, 2), (5, 2, 2)][int(rng.integers(2))])
        animal = np.repeat(np.arange(3), counts)
        tenths = np.array(
            [1 + rng.multinomial(7, rng.dirichlet(1 + 3 * (np.arange(3) == a))) for a in animal]
        )
        target, table = labels[animal], tenths / 10
        result = multiclass_roc_auc(target, table, labels=list(PHOTO_LABELS))
        if abs(result.macro - result.weighted) >= _APART:
            return target, table


def two_classifiers(*, variant=None) -> pd.DataFrame:
    """24 e-mails: ``target`` ("spam" or "normal") and the predictions of filters A and B.

    ``variant=None``: A is right on 21, B on 17, and only one of them is right on 8. Another
    key draws 8 to 12 spams and which e-mails each filter gets right (A about 85% of them,
    B about 72%), kept when the two filters disagree on 3 or more e-mails, each filter is
    right alone on a different number of them, and McNemar's exact p-value is below 1, at
    least 0.01 away from 0.05 (the boundary of the guess in set 12's question 1) and at
    least 0.004 (so that the one-sided p-value, half of it, a known mistake, differs from it
    by 0.002 or more).

    Examples
    --------
    >>> emails = two_classifiers(variant=2024)
    >>> len(emails), set(emails.filter_a) <= {"spam", "normal"}
    (24, True)
    """
    return _two_classifiers(check_variant(variant)).copy()


@cache
def _two_classifiers(variant) -> pd.DataFrame:
    if variant is None:
        target = ["spam"] * 10 + ["normal"] * 14
        # A is right on 21, B on 17; only one of them is right on 8 e-mails
        a = ["spam"] * 9 + ["normal"] + ["normal"] * 12 + ["spam"] * 2
        b = (
            ["spam"] * 6
            + ["normal"] * 3
            + ["spam"]
            + ["normal"] * 9
            + ["spam"] * 3
            + ["normal", "spam"]
        )
        return pd.DataFrame({"target": target, "filter_a": a, "filter_b": b})
    rng = variant_rng(variant, "two classifiers")
    spam, normal = SPAM_LABELS
    while True:
        is_spam = np.zeros(24, dtype=bool)
        is_spam[: int(rng.integers(8, 13))] = True
        rng.shuffle(is_spam)
        right_a, right_b = rng.random(24) < 0.85, rng.random(24) < 0.72
        only_a, only_b = int(np.sum(right_a & ~right_b)), int(np.sum(~right_a & right_b))
        p_value = min(1.0, 2 * float(binom.cdf(min(only_a, only_b), only_a + only_b, 0.5)))
        if (
            only_a + only_b >= 3
            and only_a != only_b
            and 2 * _APART <= p_value < 1
            and abs(p_value - 0.05) >= 0.01
        ):
            break
    target = np.where(is_spam, spam, normal)
    other = np.where(is_spam, normal, spam)
    return pd.DataFrame(
        {
            "target": target,
            "filter_a": np.where(right_a, target, other),
            "filter_b": np.where(right_b, target, other),
        }
    )


def five_by_two(*, variant=None) -> tuple[np.ndarray, np.ndarray]:
    """Accuracies of algorithms A and B, shape (5, 2): 5 replications × 2 folds, same splits.

    ``variant=None``: the tables of the solutions. Another key draws A's accuracies from
    0.80 to 0.90 and B's a little lower (two decimals each), kept when the folds'
    differences vary, Dietterich's t differs from a t with the mean of the ten differences
    on top (a known mistake) by 0.01 or more, and neither p-value is within 0.005 of 0.05.

    Examples
    --------
    >>> a, b = five_by_two(variant=2024)
    >>> a.shape, b.shape
    ((5, 2), (5, 2))
    """
    a, b = _five_by_two(check_variant(variant))
    return a.copy(), b.copy()


@cache
def _five_by_two(variant) -> tuple[np.ndarray, np.ndarray]:
    if variant is None:
        a = np.array([[0.84, 0.86], [0.85, 0.83], [0.87, 0.84], [0.83, 0.85], [0.86, 0.85]])
        b = np.array([[0.81, 0.84], [0.82, 0.83], [0.83, 0.82], [0.82, 0.81], [0.84, 0.82]])
        return a, b
    rng = variant_rng(variant, "five by two")
    while True:
        a = np.round(rng.uniform(0.80, 0.90, (5, 2)), 2)
        b = np.round(a - rng.uniform(0.0, 0.04) + rng.normal(0, 0.015, (5, 2)), 2)
        differences = a - b
        spread = np.sum((differences - differences.mean(axis=1, keepdims=True)) ** 2)
        if spread < 1e-6:
            continue
        t, p_t = paired_ttest_5x2cv(a, b)
        _, p_f = f_test_5x2cv(a, b)
        t_mean = differences.mean() / np.sqrt(spread / 5)
        if abs(t - t_mean) >= 0.01 and min(abs(p_t - 0.05), abs(p_f - 0.05)) >= 0.005:
            return a, b


def bootstrap_predictions_table(*, variant=None) -> tuple[np.ndarray, np.ndarray]:
    """(truth, predictions): the true value of 4 test points and the predictions of a
    regressor trained on 5 bootstrap samples, shape (5, 4) (rows = trainings).

    ``variant=None``: truth 1, 2, 3, 4 and the predictions of the solutions. Another key
    draws 4 increasing true values (whole numbers from 1 to 8) and predictions that shrink
    them towards their mean, with noise, in steps of 0.5; kept when the bias² and the
    variance are both above 0 and differ by 0.01 or more (so that swapping them is a mistake).

    Examples
    --------
    >>> truth, predictions = bootstrap_predictions_table(variant=2024)
    >>> truth.shape, predictions.shape
    ((4,), (5, 4))
    """
    truth, predictions = _bootstrap_predictions_table(check_variant(variant))
    return truth.copy(), predictions.copy()


@cache
def _bootstrap_predictions_table(variant) -> tuple[np.ndarray, np.ndarray]:
    if variant is None:
        truth = np.array([1.0, 2.0, 3.0, 4.0])
        predictions = np.array(
            [
                [1.5, 2.0, 2.5, 3.0],
                [0.5, 2.5, 3.5, 3.5],
                [1.0, 1.5, 2.5, 4.0],
                [2.0, 2.0, 3.0, 3.0],
                [1.0, 2.0, 3.5, 3.5],
            ]
        )
        return truth, predictions
    rng = variant_rng(variant, "bootstrap predictions")
    while True:
        truth = np.sort(rng.choice(np.arange(1, 9), 4, replace=False)).astype(float)
        shrunk = truth.mean() + rng.uniform(0.6, 0.95) * (truth - truth.mean())
        predictions = np.round(2 * (shrunk + rng.normal(0, 0.5, (5, 4)))) / 2
        typical = predictions.mean(axis=0)
        bias = float(np.mean((typical - truth) ** 2))
        variance = float(np.mean((predictions - typical) ** 2))
        if min(bias, variance) > 0 and abs(bias - variance) >= 0.01:
            return truth, predictions


# ---------------------------------------------------------------------- set 13: a clinic
#: The two classes of :func:`clinic`, the positive one (the disease) first.
CLINIC_LABELS = ("doente", "saudável")
#: Set 13's prices: treating a healthy patient harms 1, treating a sick one gains 4.
CLINIC_HARM, CLINIC_BENEFIT = 1, 4
_CLINIC_THRESHOLD = CLINIC_HARM / (CLINIC_HARM + CLINIC_BENEFIT)


def clinic(*, variant=None) -> pd.DataFrame:
    """40 patients of a clinic: ``target`` ("doente" or "saudável") and a model's ``risk``.

    The risks are two-decimal probabilities drawn from Beta(1.5, 4) and the disease from
    them (a calibrated model); ``variant=None`` is the draw of the solutions (seed 13),
    another key draws anew. A draw is kept when set 13's questions stay sound at its
    threshold probability p_t = 0.2: no risk equals p_t, 20 % to 40 % of the patients are
    sick, each cell of the matrix at p_t holds at least 2 patients (the likelihood ratios
    and their logs are defined), and the model's net benefit exceeds treating everyone by
    0.005 or more (so the known mistakes of the interventions avoided differ from the
    answer).

    Examples
    --------
    >>> patients = clinic()
    >>> len(patients), sorted(patients.target.unique())
    (40, ['doente', 'saudável'])
    >>> clinic(variant=5).equals(clinic(variant=5)), clinic(variant=5).equals(clinic())
    (True, False)
    """
    return _clinic(check_variant(variant)).copy()


@cache
def _clinic(variant) -> pd.DataFrame:
    rng = np.random.default_rng(13) if variant is None else variant_rng(variant, "clinic")
    while True:
        risk = np.clip(np.round(rng.beta(1.5, 4, 40), 2), 0.01, 0.99)
        sick = rng.uniform(size=40) < risk
        if _clinic_is_sound(sick, risk):
            target = np.where(sick, *CLINIC_LABELS)
            return pd.DataFrame({"patient": np.arange(1, 41), "target": target, "risk": risk})


def _clinic_is_sound(sick, risk) -> bool:
    """The rule of :func:`clinic`'s draws (see its docstring)."""
    if np.any(np.isclose(risk, _CLINIC_THRESHOLD)) or not 0.2 <= sick.mean() <= 0.4:
        return False
    treated = risk >= _CLINIC_THRESHOLD
    cells = [np.sum(treated & sick), np.sum(~treated & sick), np.sum(treated & ~sick)]
    cells.append(np.sum(~treated & ~sick))
    if min(cells) < 2:
        return False
    odds = _CLINIC_THRESHOLD / (1 - _CLINIC_THRESHOLD)
    model = (cells[0] - cells[2] * odds) / sick.size
    everyone = sick.mean() - (1 - sick.mean()) * odds
    return model - everyone >= 0.005


# ---------------------------------------------------------------------- set 14
#: The choices a variant of :func:`evaluation_plan` draws from.
_PLAN_CHOICES = {
    "accuracy": (0.75, 0.8, 0.82, 0.85, 0.88, 0.9),
    "n": (100, 150, 200, 250, 300, 400),
    "width": (0.04, 0.05, 0.06, 0.08, 0.1),
    "difference": (0.02, 0.03, 0.04, 0.05),
    "discordant": (0.08, 0.1, 0.12, 0.15, 0.2),
    "n_pairs": (400, 600, 800, 1000, 1500),
    "auc_a": (0.7, 0.75, 0.8),
    "auc_gap": (0.04, 0.05, 0.06),
    "correlation": (0.3, 0.4, 0.5, 0.6),
    "k": (20, 50, 100, 200),
    "n_reuse": (100, 200, 300, 500),
}


def evaluation_plan(*, variant=None) -> dict:
    """The assumptions of an evaluation to plan (set 14), one value each.

    ``accuracy`` (a model's expected accuracy) and ``n`` (test instances) for an interval's
    width; ``width``, a target width; ``difference`` and ``discordant`` (δ and ψ of two
    models compared by McNemar) and ``n_pairs`` (their test set); ``auc_a``, ``auc_b`` and
    ``correlation`` (two models' AUCs and their scores' correlation); ``k`` useless models
    tried on ``n_reuse`` test instances.

    ``variant=None``: 0.85 on 200, width 0.06, δ = 0.03 and ψ = 0.12 on 800, AUCs 0.75 and
    0.80 with correlation 0.4, 50 models on 300. Another key draws each value from a short
    list, kept when McNemar's power is at least 0.03 away from 0.8 (the boundary of the
    guess in question 14.previsao_poder) and every known mistake of the set differs from
    its answer by more than the checker's tolerance (which
    ``tests/exercises/test_exercises_14.py`` checks on many keys).

    Examples
    --------
    >>> plan = evaluation_plan()
    >>> plan["accuracy"], plan["n"], plan["auc_b"]
    (0.85, 200, 0.8)
    >>> evaluation_plan(variant=7) == evaluation_plan(variant=7)
    True
    """
    return dict(_evaluation_plan(check_variant(variant)))


@cache
def _evaluation_plan(variant) -> tuple:
    if variant is None:
        plan = {
            "accuracy": 0.85,
            "n": 200,
            "width": 0.06,
            "difference": 0.03,
            "discordant": 0.12,
            "n_pairs": 800,
            "auc_a": 0.75,
            "auc_b": 0.8,
            "correlation": 0.4,
            "k": 50,
            "n_reuse": 300,
        }
        return tuple(plan.items())
    rng = variant_rng(variant, "evaluation plan")
    while True:
        plan = {
            name: values[int(rng.integers(len(values)))] for name, values in _PLAN_CHOICES.items()
        }
        plan["auc_b"] = round(plan["auc_a"] + plan.pop("auc_gap"), 2)
        if _plan_is_sound(plan):
            return tuple(plan.items())


def _plan_is_sound(plan) -> bool:
    """McNemar's power away from the guess's boundary, and the known mistakes of set 14
    away from the answers."""
    power = evalbook.mcnemar_power(
        plan["n_pairs"], difference=plan["difference"], discordant=plan["discordant"]
    )
    one_sided = evalbook.mcnemar_power(
        plan["n_pairs"],
        difference=plan["difference"],
        discordant=plan["discordant"],
        alternative="one-sided",
    )
    exact = evalbook.expected_interval_width(plan["accuracy"], plan["n"], method="exact")
    wilson = evalbook.expected_interval_width(plan["accuracy"], plan["n"])
    guaranteed = evalbook.accuracy_sample_size(plan["width"], method="normal")
    planned = evalbook.accuracy_sample_size(plan["width"], p=plan["accuracy"], method="normal")
    return (
        abs(power - 0.8) >= 0.03
        and abs(one_sided - power) > 0.002
        and abs(exact - wilson) > 0.002
        and guaranteed != planned
    )
