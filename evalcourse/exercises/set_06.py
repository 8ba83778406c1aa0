"""Exercises 06 (regression metrics): ``exercises/06_metricas_de_regressao.ipynb``.

The data: scikit-learn's bundled *diabetes* set, three of its predictors (body-mass index,
mean blood pressure and the serum measure ``s5``), split 70/30 with ``random_state=0`` (a
homework variant draws another split) and fitted by least squares
(:func:`evalcourse.exercises.data.diabetes_regression`, which the notebook reads too). Every
expected answer is computed with the library from those predictions.

Examples
--------
>>> round(SET["06.r2"].expected(None), 6)
0.363321
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, pair, written
from evalcourse.exercises import data

#: Number of predictors of the model (the intercept is not one).
P = len(data.DIABETES_COLUMNS)
#: How much exercise 06.outlier adds to the first test target.
SHIFT = data.DIABETES_SHIFT


def _data(variant) -> dict:
    return data.diabetes_regression(variant=variant)


def _test(function, **options):
    return lambda v: function(_data(v)["t_test"], _data(v)["y_test"], **options)


def _train(function, **options):
    return lambda v: function(_data(v)["t_train"], _data(v)["y_train"], **options)


def _outlier_targets(variant) -> np.ndarray:
    targets = _data(variant)["t_test"].copy()
    targets[0] += SHIFT
    return targets


def _outlier_ratios(variant, first=evalbook.mse, second=evalbook.mae) -> tuple[float, float]:
    t, y = _data(variant)["t_test"], _data(variant)["y_test"]
    moved = _outlier_targets(variant)
    return first(moved, y) / first(t, y), second(moved, y) / second(t, y)


def _mixed_r2(variant) -> float:
    t, y = _data(variant)["t_test"], _data(variant)["y_test"]
    return 1 - evalbook.sse(t, y) / evalbook.total_sum_of_squares(t, halved=False)


def _constant_errors(variant, metric) -> dict[str, float]:
    """``metric`` on the training targets of predicting always their mean, and their median."""
    t = _data(variant)["t_train"]
    return {
        "média": float(metric(t, np.full_like(t, t.mean()))),
        "mediana": float(metric(t, np.full_like(t, np.median(t)))),
    }


def _best_constant(variant, metric) -> str:
    errors = _constant_errors(variant, metric)
    return min(errors, key=errors.get)


def _constant_item(metric, name: str, rewards: str, other: str) -> Exercise:
    """A choice: which constant (the mean or the median) gives the smaller ``metric``."""
    return Exercise(
        expected=lambda v: _best_constant(v, metric),
        kind="choice",
        choices=("média", "mediana"),
        feedback={
            rewards: (
                f"O {name} é o menor possível, entre todas as constantes, na {rewards} dos "
                f"alvos: é o número que o {name} recompensa (lição 06)."
            ),
            other: (
                f"A {other} minimiza a outra métrica. Calcule o {name} das duas constantes no "
                "treino e compare."
            ),
        },
        look=(
            f"Calcule o {name} de prever sempre a média, e sempre a mediana, dos alvos de "
            "treino, nos próprios alvos de treino."
        ),
        formula=(
            f"{name}(c) = média de (t − c)² se for o MSE, de |t − c| se for o MAE; a derivada "
            "se anula na média (quadrado) e na mediana (valor absoluto)."
        ),
        call=(
            f"`evalbook.{metric.__name__}(t_treino, np.full_like(t_treino, t_treino.mean()))` e "
            "o mesmo com `np.median(t_treino)`."
        ),
        facts={
            f"a {rewards} dá o menor {name}": lambda v: _best_constant(v, metric) == rewards,
            f"as duas constantes não empatam no {name}": lambda v: (
                len(set(_constant_errors(v, metric).values())) == 2
            ),
        },
    )


# ---------------------------------------------------------------------- items that need thinking
def _grows_more(variant) -> str:
    """Which error grows more, in proportion, when one target moves: "MSE", "MAE" or "iguais"."""
    mse_ratio, mae_ratio = _outlier_ratios(variant)
    if abs(mse_ratio - mae_ratio) < 1e-9:
        return "iguais"
    return "MSE" if mse_ratio > mae_ratio else "MAE"


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "sse": Exercise(
        expected=_test(evalbook.sse),
        kind="number",
        look=(
            "A SSE do handout 000 tem um detalhe na frente da soma. Releia a eq. (19) (lição 06, "
            "seção 2)."
        ),
        formula="SSE = ½·Σ(t − y)², sobre o conjunto de teste (handout 000, eq. (19)).",
        call="`evalbook.sse(t_teste, y_teste)`.",
        mistakes=(
            (
                _test(evalbook.sse, halved=False),
                "Essa é a soma sem o ½. A eq. (19) do handout 000 multiplica a soma por ½.",
            ),
            (
                _train(evalbook.sse),
                "Esse é o valor no conjunto de treino; use `t_teste` e `y_teste`.",
            ),
        ),
    ),
    "mse_rmse": Exercise(
        expected=pair(_test(evalbook.mse), _test(evalbook.rmse)),
        kind="numbers",
        names=("MSE", "RMSE"),
        look=(
            "O MSE é uma média de quadrados dos erros; o RMSE o traz de volta à unidade do alvo "
            "(lição 06, seção 3)."
        ),
        formula="MSE = Σ(t − y)² / n (handout 000, eq. (20)) e RMSE = √MSE (eq. (21)).",
        call="`evalbook.mse(t_teste, y_teste)` e `evalbook.rmse(t_teste, y_teste)`.",
        mistakes=(
            (
                pair(
                    lambda v: (
                        evalbook.sse(_data(v)["t_test"], _data(v)["y_test"])
                        / len(_data(v)["t_test"])
                    ),
                    lambda v: np.sqrt(
                        evalbook.sse(_data(v)["t_test"], _data(v)["y_test"])
                        / len(_data(v)["t_test"])
                    ),
                ),
                "Você dividiu por n a SSE com o ½: isso dá metade do MSE. A eq. (20) divide "
                "por n a soma sem o ½ (MSE = 2·SSE/n).",
            ),
        ),
    ),
    "mae": Exercise(
        expected=_test(evalbook.mae),
        kind="number",
        look=(
            "O MAE troca o quadrado do erro por outra coisa que também não deixa erros de sinais "
            "opostos se anularem. Qual? (lição 06, seção 4)."
        ),
        formula="MAE = Σ|t − y| / n (handout 000, eq. (22)).",
        call="`evalbook.mae(t_teste, y_teste)`.",
        mistakes=(
            (
                _test(evalbook.rmse),
                "Esse é o RMSE (raiz da média dos quadrados). O MAE é a média dos valores "
                "absolutos dos erros.",
            ),
        ),
    ),
    "constante_mse": _constant_item(evalbook.mse, "MSE", "média", "mediana"),
    "constante_mae": _constant_item(evalbook.mae, "MAE", "mediana", "média"),
    "r2": Exercise(
        expected=_test(evalbook.r2),
        kind="number",
        look=(
            "O R² compara o erro do modelo com o erro de quem sempre prevê a média dos alvos do "
            "próprio conjunto avaliado (lição 06, seção 5)."
        ),
        formula=(
            "R² = 1 − SSE / soma total de quadrados (handout 000, eqs. (23) e (24); handout 002, "
            "eq. (10.13)), no conjunto de teste."
        ),
        call="`evalbook.r2(t_teste, y_teste)`.",
        mistakes=(
            (
                lambda v: _mixed_r2(v),
                "Você misturou a SSE com o ½ e a soma total sem ele. Use o ½ nas duas "
                "(handout 000) ou em nenhuma (handout 002): o resultado é o mesmo.",
            ),
            (
                _train(evalbook.r2),
                "Esse é o R² no conjunto de treino; a questão pede o de teste.",
            ),
        ),
    ),
    "r2_ajustado": Exercise(
        expected=_train(evalbook.adjusted_r2, n_features=P),
        kind="number",
        look=(
            "O R² ajustado desconta o número de preditores. Quantos preditores o modelo tem (o "
            "intercepto conta)? Em qual conjunto? (lição 06, seção 7)."
        ),
        formula=(
            "R²ajustado = 1 − (1 − R²)(n − 1)/(n − p − 1) (handout 002, eq. (10.15)), no conjunto "
            "de treino, com p = 3 preditores."
        ),
        call="`evalbook.adjusted_r2(t_treino, y_treino, n_features=3)`.",
        mistakes=(
            (
                _train(evalbook.adjusted_r2, n_features=P + 1),
                f"Você contou o intercepto em p. O modelo tem {P} preditores; o intercepto já "
                "é o “− 1” de n − p − 1. Use p = número de preditores.",
            ),
            (
                _test(evalbook.adjusted_r2, n_features=P),
                "Esse é o valor no conjunto de teste; a questão pede o R² ajustado no "
                "treino, onde o modelo foi ajustado.",
            ),
            (
                _train(evalbook.r2),
                "Esse é o R² sem ajuste; aplique a correção pelos graus de liberdade.",
            ),
        ),
    ),
    "mape": Exercise(
        expected=_test(evalbook.mape),
        kind="number",
        look=(
            "O MAPE é um erro relativo: relativo a quê, ao alvo ou à predição? E a resposta é uma "
            "fração ou uma porcentagem? (lição 06, seção 8)."
        ),
        formula="MAPE = média de |(y − t) / t|, como fração (handout 002, eq. (10.19)).",
        call="`evalbook.mape(t_teste, y_teste)`.",
        mistakes=(
            (
                lambda v: float(
                    np.mean(np.abs((_data(v)["y_test"] - _data(v)["t_test"]) / _data(v)["y_test"]))
                ),
                "Você dividiu cada erro pela predição; o MAPE divide pelo alvo (o valor "
                "realizado).",
            ),
        ),
    ),
    "smape": Exercise(
        expected=_test(evalbook.smape),
        kind="number",
        look=(
            "O SMAPE divide o erro por algo simétrico em alvo e predição. Há variantes com e sem "
            "um fator 2: qual o handout 002 usa? (lição 06, seção 9)."
        ),
        formula="SMAPE = média de |y − t| / (|y| + |t|) (handout 002, eq. (10.20)).",
        call="`evalbook.smape(t_teste, y_teste)`.",
        mistakes=(
            (
                _test(evalbook.smape, variant="doubled"),
                "Essa é a variante com o fator 2 (divide pela média de |y| e |t|), comum em "
                "outras fontes. A eq. (10.20) divide pela soma.",
            ),
            (
                _test(evalbook.mape),
                "Esse é o MAPE. O SMAPE divide o erro por |y| + |t|, não só por |t|.",
            ),
        ),
        comment="A eq. (10.20) dá metade do SMAPE “de 0 a 200%” de outras fontes.",
    ),
    "prever_outlier": Exercise(
        expected=lambda v: _grows_more(v),
        kind="choice",
        choices=("MSE", "MAE", "iguais"),
        feedback={
            "MSE": (
                "O MSE eleva cada erro ao quadrado, e um erro grande passa a "
                "dominar a soma (lição 06, seção 6)."
            ),
            "MAE": (
                "O MAE cresce na proporção do erro; o MSE, na proporção do quadrado do "
                "erro: um erro grande pesa muito mais nele."
            ),
            "iguais": (
                "Só seria assim se as duas métricas fossem lineares no erro; uma delas "
                "eleva o erro ao quadrado."
            ),
        },
        look=(
            "Uma das métricas eleva o erro ao quadrado. O que acontece com o quadrado de "
            "um erro que ficou muito maior? (lição 06, seção 6)."
        ),
        formula=("Um erro e que vira e + 200 soma (e + 200)² ao MSE, mas só |e + 200| ao MAE."),
        call="Faça a questão 8 e compare `razao_mse` com `razao_mae`.",
        facts={
            "o MSE cresce numa proporção maior que o MAE": lambda v: _grows_more(v) == "MSE",
        },
    ),
    "outlier": Exercise(
        expected=lambda v: _outlier_ratios(v),
        kind="numbers",
        names=("razão do MSE", "razão do MAE"),
        look=(
            "Só um alvo muda; as predições ficam as mesmas. Qual das duas métricas eleva o erro ao "
            'quadrado? (lição 06, seção 6, "Um outlier").'
        ),
        formula=(
            "Copie `t_teste`, some 200 ao primeiro alvo e divida o MSE (e o MAE) com o alvo "
            "deslocado pelo MSE (e o MAE) original."
        ),
        call=(
            "`evalbook.mse(t_errado, y_teste) / evalbook.mse(t_teste, y_teste)` e o mesmo com "
            "`evalbook.mae`."
        ),
        mistakes=(
            (
                lambda v: _outlier_ratios(v, evalbook.rmse, evalbook.mae),
                "A primeira razão é a do RMSE; a questão pede a do MSE (o quadrado dela).",
            ),
        ),
        comment="O erro entra ao quadrado no MSE: um único alvo deslocado pesa muito mais nele.",
        facts={
            "os dois erros crescem": lambda v: min(_outlier_ratios(v)) > 1,
            "o MSE cresce mais que o MAE": lambda v: _grows_more(v) == "MSE",
        },
    ),
    "r2_negativo": multiple_choice(
        "b",
        {
            "a": (
                "Apesar do nome, R² = 1 − SSE/SST não é o quadrado de nada no teste: fica "
                "negativo quando SSE > SST."
            ),
            "b": (
                "R² < 0 quer dizer SSE > SST, um erro maior do que o de prever "
                "sempre a média do alvo."
            ),
            "c": (
                "Tentador (no treino de uma regressão linear, R² é o quadrado da "
                "correlação), mas no teste um R² negativo é só um erro grande."
            ),
            "d": (
                "Não existe “variância explicada ao contrário”: o R² compara o erro do "
                "modelo com o de uma previsão constante."
            ),
        },
        look=("O R² compara o erro do modelo com o de qual previsão simples? (lição 06, seção 5)."),
        formula=(
            "R² = 1 − SSE/SST, com SST o erro de prever sempre a média: R² < 0 quando SSE > SST."
        ),
        call=(
            "Confira: `evalbook.r2(t_teste, np.full_like(t_teste, t_teste.mean()))` dá 0; "
            "um modelo pior que isso dá negativo."
        ),
    ),
    "explique": written(
        "Quando você preferiria o MAE ao RMSE para avaliar uma regressão?",
    ),
}

SET = ExerciseSet("06", title="Métricas de regressão", variants=True, items=ITEMS)
