"""Exercises of ``exercises/11_precisao_revocacao_e_calibracao.ipynb`` (lesson 11).

The data are in :mod:`evalcourse.exercises.data_beyond`: the 20 patients of a screening
test (``screening``), two rain forecasters (``forecasts``) and a 3-animal classifier
(``photos``); a homework variant draws each of them anew. Every expected answer is computed
with the library when it is checked.

Examples
--------
>>> round(SET["11.ap"].expected(None), 4)
0.7833
>>> SET["11.previsor"].expected(None), SET["11.previsor"].expected(7)
('b', 'b')
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalbook.metrics._calibration import brier_score, calibration_curve, expected_calibration_error
from evalbook.metrics._ranking import (
    average_precision,
    fbeta_curve,
    multiclass_roc_auc,
    precision_recall_curve,
)
from evalcourse.exercises import data_beyond as data

POSITIVE, NEGATIVE = data.SCREENING_LABELS
#: Questions 1-2: the threshold of the test.
THRESHOLD = data.SCREENING_THRESHOLD
#: Question 4: a false alarm costs 3, a missed patient 1 (a costly confirmation exam).
COST_FP, COST_FN = data.SCREENING_COSTS
#: Question 6: bins of the reliability diagram (uniform).
BINS = data.FORECAST_BINS


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


def _forecast(variant, name: str, metric) -> float:
    table = data.forecasts(variant=variant)
    options = {"bins": BINS} if metric is expected_calibration_error else {}
    return metric(table.target, table[name], positive="chuva", **options)


def _unweighted_ece(variant, name: str) -> float:
    days = data.forecasts(variant=variant)
    table = calibration_curve(days.target, days[name], positive="chuva", bins=BINS)
    return float(np.mean(np.abs(table.fraction_positive - table.mean_predicted)))


def _mean_absolute(variant, name: str) -> float:
    table = data.forecasts(variant=variant)
    return float(np.mean(np.abs(table[name] - (table.target == "chuva"))))


def _forecaster_option(variant) -> str:
    """Question 7's right option, "b": A, by the Brier score, recalibrated before pricing.

    The Brier score is a proper scoring rule (Gneiting & Raftery 2007): it rewards the
    forecaster for saying its true probability, so it judges the number a price is made
    of, not only the order of the days (AUC). The ECE of 20 days in 5 bins is mostly noise,
    and a forecaster that always says the base rate has an ECE of 0 while knowing nothing.
    The notebook's options name the forecasters and state what the data show (A ranks
    better, A's Brier score is much lower, B's ECE is lower); every variant of
    :func:`~evalcourse.exercises.data_beyond.forecasts` is drawn so that they hold. Should the
    data ever make B the one with the lower Brier score, the options would be wrong, and the
    checker reports an ExerciseError.
    """
    brier_a = _forecast(variant, "prob_a", brier_score)
    if brier_a >= _forecast(variant, "prob_b", brier_score):
        raise RuntimeError("question 7's options assume A has the lower Brier score")
    return "b"


def _photos(variant, average: str) -> float:
    target, table = data.photos(variant=variant)
    result = multiclass_roc_auc(target, table, labels=list(data.PHOTO_LABELS))
    return result.macro if average == "macro" else result.weighted


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
        ),
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
    "calibracao": Exercise(
        expected=lambda v: (
            _forecast(v, "prob_a", brier_score),
            _forecast(v, "prob_b", brier_score),
            _forecast(v, "prob_a", expected_calibration_error),
            _forecast(v, "prob_b", expected_calibration_error),
        ),
        kind="numbers",
        names=("Brier de A", "Brier de B", "ECE de A", "ECE de B"),
        look=(
            "O Brier compara cada probabilidade com o que aconteceu (1 ou 0); o ECE agrupa os "
            "dias em 5 faixas e compara, em cada faixa, a probabilidade média com a fração de "
            "dias de chuva (lição 11, seção 5)."
        ),
        formula=(
            "Brier = média de (p − y)²; ECE = Σ (n_faixa / n) · |fração de chuva − "
            "probabilidade média|, 5 faixas de largura 0.2."
        ),
        call=(
            '`brier_score(alvo, prob, positive="chuva")` e `expected_calibration_error(alvo, '
            'prob, positive="chuva", bins=5)` de `evalbook.metrics._calibration`.'
        ),
        mistakes=(
            (
                lambda v: (
                    _mean_absolute(v, "prob_a"),
                    _mean_absolute(v, "prob_b"),
                    _forecast(v, "prob_a", expected_calibration_error),
                    _forecast(v, "prob_b", expected_calibration_error),
                ),
                "Os Brier parecem a média de |p − y|: o Brier eleva a diferença ao quadrado.",
            ),
            (
                lambda v: (
                    _forecast(v, "prob_a", brier_score),
                    _forecast(v, "prob_b", brier_score),
                    _unweighted_ece(v, "prob_a"),
                    _unweighted_ece(v, "prob_b"),
                ),
                "Os ECE parecem a média simples das distâncias: cada faixa pesa pela fração de "
                "dias que caem nela.",
            ),
        ),
    ),
    "previsor": Exercise(
        expected=_forecaster_option,
        kind="choice",
        choices=("a", "b", "c", "d"),
        look=(
            "A seguradora usa o número em si (preço = 100 × P(chuva)). Que medida julga o "
            "número dito, e quanto se pode confiar num ECE de 20 dias em 5 faixas?"
        ),
        formula=(
            "Compare o Brier de cada previsor com o de dizer sempre a taxa de chuva dos 20 "
            "dias (o Brier de quem não sabe nada); veja também as AUCs e os ECEs."
        ),
        call=(
            '`brier_score(alvo, prob, positive="chuva")` de cada previsor e de uma coluna '
            "constante igual à taxa de chuva."
        ),
        feedback={
            "a": (
                "A AUC só vê a ordem dos dias; um preço de 100 × P(chuva) usa o próprio número, "
                "e ordenar bem não garante que um 0.8 dito queira dizer 80% de chuva. Procure "
                "uma medida que julgue o número dito."
            ),
            "b": (
                "Isso: o Brier é uma regra de pontuação própria (Gneiting & Raftery 2007): "
                "premia quem diz a probabilidade verdadeira, e julga ordem e calibração juntas. "
                "A calibração que faltar a A se corrige recalibrando-o com dias passados "
                "(Platt ou isotônica, lição 11) antes de usar o número como preço."
            ),
            "c": (
                "Com 20 dias em 5 faixas, cada faixa tem poucos dias e o ECE é quase todo "
                "ruído; e um previsor que dissesse sempre a taxa de chuva teria ECE 0 sem "
                "saber nada. Procure uma medida que premie dizer a probabilidade verdadeira."
            ),
            "d": (
                "Não dá no mesmo: um preço de 100 × P(chuva) depende do valor da probabilidade, "
                "não só de qual dia tem mais chance de chover."
            ),
        },
    ),
    "auc_fotos": Exercise(
        expected=lambda v: (_photos(v, "macro"), _photos(v, "weighted")),
        kind="numbers",
        names=("macro", "ponderada"),
        look=(
            "Uma AUC por animal, cada um contra os outros dois; depois, duas médias diferentes "
            "(lição 11, seção 6)."
        ),
        formula=(
            "AUC de cada classe com a sua coluna de probabilidades; macro = média simples, "
            "ponderada = média pesada pelo número de fotos de cada animal."
        ),
        call=(
            '`multiclass_roc_auc(alvo, tabela, labels=["gato", "cão", "ave"])`, atributos '
            "`macro` e `weighted`."
        ),
        mistakes=(
            (
                lambda v: (_photos(v, "weighted"), _photos(v, "macro")),
                "Os dois números parecem trocados: a ordem é (macro, ponderada).",
            ),
        ),
    ),
    "explique": written(
        "Como um previsor pode ordenar bem os casos (AUC alta) e ainda assim estar mal calibrado?",
    ),
}

SET = ExerciseSet("11", title="Precisão-revocação e calibração", variants=True, items=ITEMS)
