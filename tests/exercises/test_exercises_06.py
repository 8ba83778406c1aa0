"""Exercise set 06 (regression metrics): expected answers recomputed independently."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.datasets import load_diabetes
from sklearn.linear_model import LinearRegression
from sklearn.metrics import (
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    r2_score,
)
from sklearn.model_selection import train_test_split

from evalbook.exercises import check
from evalcourse.exercises import data

WRONG_HINT = "❌ Ainda não. Dica: "


def independent(variant=None) -> dict:
    """Every answer of set 06, from scikit-learn's metrics and numpy formulas (a variant
    draws another split of the same data: only its random_state comes from evalbook)."""
    X, target = load_diabetes(return_X_y=True)
    X_train, X_test, t_train, t_test = train_test_split(
        X[:, [2, 3, 8]], target, test_size=0.3, random_state=data.diabetes_seed(variant=variant)
    )
    model = LinearRegression().fit(X_train, t_train)
    y_test, y_train = model.predict(X_test), model.predict(X_train)
    n_train = len(t_train)
    mse = mean_squared_error(t_test, y_test)
    moved = t_test.copy()
    moved[0] += 200
    r2_train = r2_score(t_train, y_train)
    mae = mean_absolute_error(t_test, y_test)
    mse_moved, mae_moved = mean_squared_error(moved, y_test), mean_absolute_error(moved, y_test)
    return {
        "06.sse": 0.5 * np.sum((t_test - y_test) ** 2),
        "06.mse_rmse": (mse, math.sqrt(mse)),
        "06.mae": mean_absolute_error(t_test, y_test),
        "06.r2": r2_score(t_test, y_test),
        "06.r2_ajustado": 1 - (1 - r2_train) * (n_train - 1) / (n_train - 3 - 1),
        "06.mape": mean_absolute_percentage_error(t_test, y_test),
        "06.smape": np.mean(np.abs(y_test - t_test) / (np.abs(y_test) + np.abs(t_test))),
        "06.outlier": (
            mean_squared_error(moved, y_test) / mse,
            mean_absolute_error(moved, y_test) / mean_absolute_error(t_test, y_test),
        ),
        "06.prever_outlier": "MSE" if mse_moved / mse > mae_moved / mae else "MAE",
        "06.r2_negativo": "b",
        "06.constante_mse": _best(t_train, mean_squared_error),
        "06.constante_mae": _best(t_train, mean_absolute_error),
    }


def _best(t, metric) -> str:
    """Which constant, the mean or the median of ``t``, gives the smaller ``metric`` on it."""
    mean, median = metric(t, np.full(len(t), np.mean(t))), metric(t, np.full(len(t), np.median(t)))
    return "média" if mean < median else "mediana"


ANSWERS = independent()


def test_the_data_is_the_documented_one():
    assert ANSWERS["06.r2"] == pytest.approx(0.363321, abs=1e-6)
    assert ANSWERS["06.mse_rmse"][0] == pytest.approx(3248.0136, abs=1e-4)


HINTS = [
    ("06.sse", 2 * ANSWERS["06.sse"], "Essa é a soma sem o ½"),
    ("06.mse_rmse", (ANSWERS["06.mse_rmse"][0] / 2, None), "O valor de RMSE ainda vale None"),
    ("06.mae", ANSWERS["06.mse_rmse"][1], "Esse é o RMSE"),
    ("06.r2_ajustado", 1 - (1 - 0.5179967) * 308 / 304, "Você contou o intercepto"),
    ("06.smape", 2 * ANSWERS["06.smape"], "variante com o fator 2"),
    ("06.mape", 100 * ANSWERS["06.mape"], "Parece uma porcentagem"),
    ("06.r2", round(ANSWERS["06.r2"], 2), "Está perto"),
    ("06.outlier", (ANSWERS["06.outlier"][1], ANSWERS["06.outlier"][0]), "ordem trocada"),
]
WRONG: dict[str, list] = {}
for _id, _answer, _ in HINTS:
    WRONG.setdefault(_id, []).append(_answer)
WRONG.update(
    {
        "06.prever_outlier": ["MAE", "iguais"],
        "06.r2_negativo": ["a", "c", "d"],
        "06.constante_mse": ["mediana"],
        "06.constante_mae": ["média"],
    }
)


@pytest.mark.parametrize(("exercise_id", "answer", "hint"), HINTS)
def test_wrong_answers_get_a_hint(exercise_id, answer, hint):
    result = check(exercise_id, answer)
    assert not result.correct
    assert result.message.startswith(WRONG_HINT) and hint in result.message


def test_rounded_answers_are_accepted():
    for exercise_id in ("06.r2", "06.mae", "06.mape"):
        assert check(exercise_id, round(float(ANSWERS[exercise_id]), 3)).correct
