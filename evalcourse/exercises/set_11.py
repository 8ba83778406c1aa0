"""Exercises of ``exercises/11_precisao_revocacao_e_limiar.ipynb`` (lesson 11).

The data are in :mod:`evalcourse.exercises.data_beyond`: the 20 patients of a screening
test (``screening``); a homework variant draws it anew. Every expected answer is computed
with the library when it is checked. The calibration items are set 11b's.

Examples
--------
>>> round(SET["11.ap"].expected(None), 4)
0.7833
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook import (
    average_precision,
    fbeta_curve,
    precision_recall_curve,
)
from evalbook.exercises.item import Between, Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data_beyond as data

POSITIVE, NEGATIVE = data.SCREENING_LABELS
#: Questions 1-2: the threshold of the test.
THRESHOLD = data.SCREENING_THRESHOLD
#: Question 4: a false alarm costs 3, a missed patient 1 (a costly confirmation exam).
COST_FP, COST_FN = data.SCREENING_COSTS


def _screening(variant):
    table = data.screening(variant=variant)
    return table.target, table.score


def _at_threshold(variant) -> tuple[float, float]:
    target, score = _screening(variant)
    predicted = evalbook.threshold(score, THRESHOLD, positive=POSITIVE, negative=NEGATIVE)
    cm = evalbook.ConfusionMatrix.from_labels(target, predicted, labels=list(data.SCREENING_LABELS))
    return evalbook.precision(cm), evalbook.recall(cm)


def _ap(variant) -> float:
    return average_precision(*_screening(variant), positive=POSITIVE)


def _trapezoid(variant) -> float:
    curve = precision_recall_curve(*_screening(variant), positive=POSITIVE)
    return evalbook.auc(curve.recall, curve.precision)


def _best_f1(variant) -> float:
    curve = fbeta_curve(*_screening(variant), positive=POSITIVE)
    return float(curve.threshold[np.argmax(curve.fbeta)])


def _cheapest(variant) -> float:
    curve = fbeta_curve(*_screening(variant), positive=POSITIVE)
    cost = COST_FP * curve.fp + COST_FN * curve.fn
    return float(curve.threshold[np.argmin(cost)])


def _cheapest_range(variant) -> Between:
    """Every threshold that classifies as the cheapest one does: above the next lower score,
    up to the cheapest threshold."""
    scores = np.sort(np.unique(_screening(variant)[1]))
    t = _cheapest(variant)
    below = scores[scores < t]
    return Between(float(below[-1]) if below.size else -np.inf, t)


#: Elkan's threshold for calibrated probabilities: c_FP / (c_FP + c_FN).
ELKAN = COST_FP / (COST_FP + COST_FN)


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "previsao_precisao": Exercise(
        expected=lambda v: _at_threshold(v)[0],
        kind="prediction",
        names=("a precisão em t = 0.5",),
        reveal=False,
        boundary=(
            0.5,
            "a maioria dos marcados não é doente",
            "a maioria dos marcados é doente",
        ),
        look="Qualquer previsão entre 0 e 1 vale: escreva um número antes de calcular.",
        formula="Precisão = TP / (TP + FP): dos marcados como doentes, quantos são doentes?",
        call="A próxima questão calcula o valor.",
    ),
    "pr_05": Exercise(
        expected=lambda v: _at_threshold(v),
        kind="numbers",
        names=("precisão", "revocação"),
        look=(
            "Com t = 0.5, quem tem score ≥ 0.5 é marcado como doente. Uma das duas medidas "
            "olha só os marcados, a outra só os doentes (lição 11, seção 1)."
        ),
        formula="Precisão = TP / (TP + FP); revocação = TP / (TP + FN).",
        call=(
            '`evalbook.threshold(score, 0.5, positive="doente", negative="saudável")`, a matriz '
            "e `evalbook.precision(cm)`, `evalbook.recall(cm)`."
        ),
        mistakes=(
            (
                lambda v: _at_threshold(v)[::-1],
                "Os dois números parecem trocados: a ordem é (precisão, revocação).",
            ),
        ),
    ),
    "ap": Exercise(
        expected=lambda v: _ap(v),
        kind="number",
        look=(
            "A precisão média olha a precisão nos limiares em que um doente novo é pego "
            "(lição 11, seção 2)."
        ),
        formula="AP = Σ (Rₙ − Rₙ₋₁) Pₙ: a média das precisões nos limiares que pegam cada doente.",
        call='`average_precision(alvo, score, positive="doente")` de `evalbook.metrics._ranking`.',
        mistakes=(
            (
                lambda v: _trapezoid(v),
                "Esse é o trapézio sob a curva PR, que mistura a precisão antes e depois de cada "
                "degrau. A AP soma retângulos: a precisão *depois* de pegar cada doente.",
            ),
        ),
    ),
    "limiar_custo": Exercise(
        expected=lambda v: _cheapest(v),
        kind="number",
        look=(
            "Cada limiar tem um custo: os falsos alarmes e os doentes perdidos, cada um com o seu "
            "preço. O F1 não sabe desses preços (lição 11, seção 4)."
        ),
        formula="custo(t) = 3 · FP(t) + 1 · FN(t); escolha o limiar de menor custo.",
        call="`fbeta_curve(...)` dá as colunas `fp` e `fn` de cada limiar.",
        mistakes=(
            (
                lambda v: _best_f1(v),
                "Esse é o limiar de maior F1. O F1 não sabe dos preços: o falso alarme (FP) "
                "custa 3 e o doente perdido (FN) 1.",
            ),
            (
                lambda _: ELKAN,
                "0.75 = 3/(3 + 1) é o limiar de Elkan, o melhor quando os scores são "
                "probabilidades calibradas (lição 11b). Estes não precisam ser: procure na "
                "tabela o limiar de menor custo 3·FP + FN.",
            ),
        ),
        also_right=lambda v: (_cheapest_range(v),),
    ),
    "roc_pr": multiple_choice(
        "b",
        look="Quais medidas dividem por uma só classe, e quais misturam as duas?",
        formula="TPR = TP/P e FPR = FP/N não dependem da prevalência; precisão = TP/(TP + FP) sim.",
        call="Veja a tabela de 1×, 10× e 100× negativos da lição 11, seção 3.",
        feedback={
            "a": (
                "A metade sobre a AUC está certa; confira a outra: na fórmula da precisão, "
                "qual termo cresce quando há muito mais saudáveis?"
            ),
            "b": (
                "Isso: a ROC divide por classe e não enxerga a prevalência; a precisão (o PPV) "
                "desaba quando a doença é rara."
            ),
            "c": (
                "É tentador pensar que a doença rara estraga a AUC, mas TPR e FPR são frações "
                "dentro de cada classe: a AUC fica a mesma."
            ),
            "d": (
                "Com 1 doente em 1000, quem diz sempre 'saudável' tem 99.9% de acurácia e não "
                "encontra ninguém: a acurácia é a pior escolha aqui."
            ),
        },
    ),
    "f_beta": multiple_choice(
        "b",
        {
            "a": (
                "O F1 pesa igual precisão e revocação; aqui perder um doente (a revocação) importa "
                "mais."
            ),
            "b": (
                "Fβ = (1 + β²)·P·R / (β²·P + R): com β = 2 a revocação pesa quatro vezes mais, o "
                "que se quer num rastreio (van Rijsbergen 1979; lição 11). E se os custos forem "
                "conhecidos, o limiar de menor custo é ainda mais direto."
            ),
            "c": ("β < 1 favorece a precisão: é para quando o falso alarme é o erro caro."),
            "d": ('Com doença rara a acurácia premia quem diz sempre "saudável".'),
        },
        look=(
            "O β do Fβ diz quantas vezes a revocação pesa mais que a precisão. Qual erro é o caro "
            "aqui? (lição 11)."
        ),
        formula="Fβ = (1 + β²)·P·R / (β²·P + R): β > 1 favorece a revocação, β < 1 a precisão.",
        call="`fbeta_curve(alvo, scores, beta=2, positive=...)` e o limiar de maior `fbeta`.",
    ),
    "explique_limiar": written(
        "Por que o limiar de maior F1 não basta para decidir a partir de que score marcar um "
        "paciente, quando um falso alarme custa mais que um doente não encontrado?"
    ),
}

SET = ExerciseSet("11", title="Precisão-revocação e limiar", variants=True, items=ITEMS)
