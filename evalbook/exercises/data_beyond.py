"""The data of exercise sets 11 and 12 (beyond the handouts), defined once.

New data, used by no lesson: the solution notebooks (``from evalbook.exercises import
data_beyond``) and the sets' expected answers (``set_11.py``, ``set_12.py``) read it here.

- :func:`screening`: 20 patients of a screening test, with the test's score (sets 11, 12);
- :func:`forecasts`: 20 days of two rain forecasters' probabilities (set 11);
- :func:`photos`: 9 photos and a classifier's probabilities for 3 animals (set 11);
- :func:`two_classifiers`: two spam filters' predictions on the same 24 e-mails (set 12);
- :func:`five_by_two`: two algorithms' accuracies on 5 × 2 folds (set 12);
- :func:`bootstrap_predictions_table`: a regressor's predictions after 5 bootstrap
  trainings (set 12).

Examples
--------
>>> screening().target.value_counts().to_dict()
{'saudável': 12, 'doente': 8}
>>> forecasts().shape
(20, 4)
"""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = [
    "FORECAST_LABELS",
    "PHOTO_LABELS",
    "SCREENING_LABELS",
    "SPAM_LABELS",
    "bootstrap_predictions_table",
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

_SICK = (0.95, 0.88, 0.81, 0.74, 0.66, 0.58, 0.41, 0.33)
_HEALTHY = (0.84, 0.69, 0.52, 0.47, 0.38, 0.29, 0.22, 0.18, 0.12, 0.09, 0.05, 0.02)
#: A second test on the same 20 patients, in the same order (set 12, DeLong).
_SICK_B = (0.71, 0.92, 0.56, 0.49, 0.77, 0.44, 0.63, 0.27)
_HEALTHY_B = (0.66, 0.58, 0.35, 0.61, 0.19, 0.41, 0.31, 0.52, 0.08, 0.24, 0.15, 0.36)


def screening() -> pd.DataFrame:
    """20 patients: ``id``, ``target`` ("doente" or "saudável"), ``score`` of the test A
    and ``score_b`` of a second test B, in patient order (sick and healthy mixed)."""
    order = np.random.default_rng(11).permutation(20)
    target = np.array(["doente"] * 8 + ["saudável"] * 12)[order]
    score = np.array(_SICK + _HEALTHY)[order]
    score_b = np.array(_SICK_B + _HEALTHY_B)[order]
    return pd.DataFrame(
        {"id": np.arange(1, 21), "target": target, "score": score, "score_b": score_b}
    )


#: Forecaster A ranks the days well but is sure of itself (near 0 and 1); B is cautious and
#: calibrated, but ranks worse. Rain days first here; :func:`forecasts` mixes the days.
_RAIN_A = (0.97, 0.95, 0.93, 0.9, 0.88, 0.75, 0.55)
_DRY_A = (0.92, 0.85, 0.7, 0.3, 0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02, 0.02, 0.01)
_RAIN_B = (0.75, 0.55, 0.45, 0.55, 0.35, 0.25, 0.15)
_DRY_B = (0.65, 0.45, 0.55, 0.45, 0.25, 0.35, 0.35, 0.25, 0.35, 0.05, 0.15, 0.15, 0.15)


def forecasts() -> pd.DataFrame:
    """20 days: ``day``, ``target`` ("chuva" or "seco") and the probability of rain given
    the evening before by forecaster A (``prob_a``) and forecaster B (``prob_b``)."""
    order = np.random.default_rng(12).permutation(20)
    return pd.DataFrame(
        {
            "day": np.arange(1, 21),
            "target": np.array(["chuva"] * 7 + ["seco"] * 13)[order],
            "prob_a": np.array(_RAIN_A + _DRY_A)[order],
            "prob_b": np.array(_RAIN_B + _DRY_B)[order],
        }
    )


def photos() -> tuple[np.ndarray, np.ndarray]:
    """9 photos: the true animal of each, and a (9, 3) table of probabilities, one column per
    animal in :data:`PHOTO_LABELS` order."""
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


def two_classifiers() -> pd.DataFrame:
    """24 e-mails: ``target`` ("spam" or "normal") and the predictions of filters A and B."""
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


def five_by_two() -> tuple[np.ndarray, np.ndarray]:
    """Accuracies of algorithms A and B, shape (5, 2): 5 replications × 2 folds, same splits."""
    a = np.array([[0.84, 0.86], [0.85, 0.83], [0.87, 0.84], [0.83, 0.85], [0.86, 0.85]])
    b = np.array([[0.81, 0.84], [0.82, 0.83], [0.83, 0.82], [0.82, 0.81], [0.84, 0.82]])
    return a, b


def bootstrap_predictions_table() -> tuple[np.ndarray, np.ndarray]:
    """(truth, predictions): the true value of 4 test points and the predictions of a
    regressor trained on 5 bootstrap samples, shape (5, 4) (rows = trainings)."""
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
