"""Exercises 05 (scores and thresholds): threshold, ROC and AUC.

Set 05b (:mod:`evalcourse.exercises.set_05b`) continues it with KS, gain and lift.

The data are the 16 card transactions of
:func:`evalcourse.exercises.data.fraud_predictions` with their scores, ``"fraude"`` positive,
and question 1's threshold :func:`evalcourse.exercises.data.fraud_threshold` (the score of one
of the transactions); a homework variant draws other transactions and takes its threshold
from them. Every expected answer is computed with the library when it is checked.

Examples
--------
>>> SET["05.matriz_t"].expected(None).counts
array([[3, 3],
       [2, 8]])
>>> SET["05.matriz_t"].expected(7).n
16
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, prediction, written
from evalcourse.exercises import data

POSITIVE, NEGATIVE = data.FRAUD_LABELS
LABELS = list(data.FRAUD_LABELS)

#: The threshold of exercise 05.tpr_fpr.
THRESHOLD_RATES = 0.5


def _data(variant) -> tuple[np.ndarray, np.ndarray]:
    """The 16 transactions of the set: the target of each and its fraud score."""
    table = data.fraud_predictions(variant=variant)
    return table["target"].to_numpy(), table["score"].to_numpy(float)


def _matrix(variant, t: float | None = None, *, strict: bool = False) -> evalbook.ConfusionMatrix:
    """The matrix at threshold t (score ≥ t, or score > t when ``strict``); question 1's
    threshold when t is None."""
    if t is None:
        t = data.fraud_threshold(variant=variant)
    target, scores = _data(variant)
    flagged = scores > t if strict else scores >= t
    predicted = np.where(flagged, POSITIVE, NEGATIVE)
    return evalbook.ConfusionMatrix.from_labels(target, predicted, labels=LABELS)


def _rates(variant) -> tuple[float, float]:
    cm = _matrix(variant, THRESHOLD_RATES)
    return evalbook.tpr(cm), evalbook.fpr(cm)


def _auc(variant, positive: str = POSITIVE) -> float:
    target, scores = _data(variant)
    return evalbook.roc_auc(target, scores, positive=positive)


def _pairs(variant) -> tuple[int, int]:
    """(pairs where the fraud scores higher, all (fraud, legitimate) pairs)."""
    target, scores = _data(variant)
    fraud, legit = scores[target == POSITIVE], scores[target != POSITIVE]
    return int(np.sum(fraud[:, None] > legit[None, :])), fraud.size * legit.size


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "matriz_t": Exercise(
        expected=lambda v: _matrix(v),
        kind="matrix",
        look=(
            "Com um limiar, o score vira predição: acima dele, “fraude”. E quem fica exatamente "
            'no limiar? (lição 05, seção 2, "O limiar — eq. (11)").'
        ),
        formula=(
            "Eq. (11): score ≥ t → “fraude”, senão “legítima”; depois, a matriz com linhas = alvo "
            "e “fraude” primeiro."
        ),
        call=(
            '`evalbook.threshold(scores, t, positive="fraude", negative="legítima")` e '
            '`evalbook.ConfusionMatrix.from_labels(alvo, predição, labels=["fraude", "legítima"])`.'
        ),
        mistakes=(
            (
                lambda v: _matrix(v, strict=True).counts,
                "Uma transação tem score exatamente igual ao limiar: pela eq. (11), score ≥ t "
                "conta como positivo (use ≥, não >).",
            ),
            (
                lambda v: _matrix(v).counts.T,
                "Parece transposta: linhas = alvo (target), colunas = predição.",
            ),
        ),
    ),
    "tpr_fpr": Exercise(
        expected=lambda v: _rates(v),
        kind="numbers",
        names=("TPR", "FPR"),
        look=(
            "Cada limiar dá uma matriz e um ponto da ROC: que fração das fraudes ele marca, e "
            'que fração das legítimas? (lição 05, seção 4, "A curva ROC").'
        ),
        formula=(
            "TPR = TP / (TP + FN), a fração das fraudes marcadas; FPR = FP / (FP + TN), a fração "
            "das legítimas marcadas."
        ),
        call="`evalbook.tpr(cm)` e `evalbook.fpr(cm)` na matriz desse threshold.",
    ),
    "prever_auc": prediction(
        lambda v: _auc(v),
        quantity="a AUC do modelo",
        variable="palpite_auc",
        about=", para a AUC do modelo.",
        boundary=(0.5, "pior do que sortear", "melhor do que sortear"),
        comment=(
            "Pense por quê: olhe a tabela ordenada por score; quantas legítimas aparecem "
            "acima de fraudes?"
        ),
    ),
    "auc": Exercise(
        expected=lambda v: _auc(v),
        kind="number",
        look=(
            "A AUC resume a ROC inteira, todos os limiares de uma vez. Há duas maneiras de "
            "vê-la: uma área e uma contagem de pares (lição 05, seção 5)."
        ),
        formula=(
            "A AUC é a área sob a ROC (eq. (12), trapézios) ou a fração dos pares (fraude, "
            "legítima) em que a fraude tem score maior."
        ),
        call=(
            '`evalbook.roc_auc(alvo, scores, positive="fraude")`, ou `evalbook.auc(curva.fpr, '
            "curva.tpr)` com `curva = evalbook.roc_curve(...)`."
        ),
        mistakes=(
            (
                lambda v: _auc(v, NEGATIVE),
                "Essa é a AUC com “legítima” como positiva (1 − a resposta): a classe "
                "positiva é “fraude”, a que o score deve pôr no alto.",
            ),
        ),
    ),
    "auc_e_threshold": multiple_choice(
        "b",
        {
            "a": (
                "A acurácia depende do limiar; a AUC não: ela percorre todos os "
                "limiares de uma vez."
            ),
            "b": (
                "A AUC é a área sob a curva de todos os limiares, ou a chance de "
                "uma fraude ter score maior que uma legítima; nenhum t é escolhido."
            ),
            "c": (
                "A KS aponta um limiar (o de maior TPR − FPR), mas a AUC não usa "
                "nenhum em particular."
            ),
            "d": (
                "Não há limiar especial: a AUC é a mesma para qualquer escolha de t, "
                "porque não escolhe nenhum."
            ),
        },
        look=(
            "A AUC é a área sob qual curva? E essa curva é feita com quantos limiares? "
            "(lição 05, seção 5)."
        ),
        formula=(
            "A AUC integra a ROC, cujos pontos são (FPR(t), TPR(t)) para todos os t; "
            "equivale à fração de pares (fraude, legítima) bem ordenados."
        ),
        call=(
            '`evalbook.roc_curve(alvo, scores, positive="fraude")` lista todos os '
            "limiares que a AUC usa."
        ),
    ),
    "pares": Exercise(
        expected=lambda v: _pairs(v)[0],
        kind="count",
        look=(
            'Quantos pares (uma fraude, uma legítima) existem? Em cada par, o modelo "acerta" se a '
            "fraude tiver o score maior (lição 05, seção 5)."
        ),
        formula=(
            "Forme todos os pares (fraudes × legítimas) e conte em quantos a fraude tem score "
            "maior que a legítima."
        ),
        call=(
            "Com `s_fraude` e `s_legitima` os scores de cada classe: `(s_fraude[:, None] > "
            "s_legitima[None, :]).sum()`."
        ),
        mistakes=(
            (
                lambda v: _pairs(v)[1],
                "Esse é o total de pares; conte só aqueles em que a fraude ganha.",
            ),
        ),
        comment="Dividido pelo total de pares, é a AUC.",
    ),
    "limiar_lucro": multiple_choice(
        "c",
        {
            "a": (
                "TPR − FPR pesa igual a fração de positivos achados e a de negativos alarmados; o "
                "lucro pesa cada erro pelo seu preço e pela quantidade de cada classe."
            ),
            "b": (
                "A AUC resume a curva inteira; o ponto de maior lucro depende dos preços e da "
                "prevalência, não da AUC."
            ),
            "c": (
                "O ponto de menor custo é onde uma reta de isocusto, de inclinação (custo FP · "
                "N)/(custo FN · P), toca a ROC; o J de Youden é o caso de inclinação 1 (lição 05, "
                "custos na ROC; Fawcett 2006)."
            ),
            "d": (
                "O lucro depende da ROC: cada ponto dela é uma matriz de confusão, e o lucro é "
                "função dessa matriz."
            ),
        },
        look=(
            "Na lição 05, as retas de isocusto têm uma inclinação que vem dos custos e das "
            "classes. Que inclinação faz o melhor ponto ser o de Youden? (lição 05)."
        ),
        formula=(
            "Custo = custo_FP · FPR · N + custo_FN · (1 − TPR) · P; as retas de custo igual têm "
            "inclinação (custo_FP · N) / (custo_FN · P)."
        ),
        call=(
            "Compare o limiar de maior `tpr - fpr` de `evalbook.roc_curve(...)` com o de menor "
            "custo da lição 05."
        ),
    ),
    "explique": written(
        "Por que a AUC não depende do limiar escolhido para classificar?",
    ),
}

SET = ExerciseSet("05", title="Scores e limiares: ROC e AUC", variants=True, items=ITEMS)
