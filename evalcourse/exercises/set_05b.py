"""Exercises 05b (scores and thresholds, second part): KS, gain and lift, a threshold's cost.

Split off set 05 (:mod:`evalcourse.exercises.set_05`), with the same data (the 16 card
transactions of :func:`evalcourse.exercises.data.fraud_predictions`, ``"fraude"`` positive)
and the same variants; its items keep the ids they had there (``"05.ks"``), so that saved
progress and answer keys keep their meaning. Every expected answer is computed with the
library when it is checked.

Examples
--------
>>> round(SET["05.ks"].expected(None), 4)
0.5
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, prediction, written
from evalcourse.exercises import data

POSITIVE = data.FRAUD_LABELS[0]


def _data(variant) -> tuple[np.ndarray, np.ndarray]:
    """The 16 transactions of set 05: the target of each and its fraud score."""
    table = data.fraud_predictions(variant=variant)
    return table["target"].to_numpy(), table["score"].to_numpy(float)


def _youden(variant) -> float:
    """The threshold (score ≥ t) of the largest TPR − FPR, the highest one if several."""
    target, scores = _data(variant)
    curve = evalbook.roc_curve(target, scores, positive=POSITIVE)
    return float(curve.threshold[int(np.argmax(curve.tpr - curve.fpr))])


def _ks_score(variant) -> float:
    """The ps where the cumulative distributions are farthest apart (score ≤ ps)."""
    target, scores = _data(variant)
    return float(evalbook.ks_statistic(target, scores, positive=POSITIVE).score)


#: Number of bins of the gain and lift exercises (quartiles of 16 transactions).
BINS = 4


def _ks(variant) -> float:
    target, scores = _data(variant)
    return evalbook.ks_statistic(target, scores, positive=POSITIVE).statistic


def _ks_as_printed(variant) -> float:
    """Eq. (16) read literally: max over ps of CP(positive, ps) − CP(negative, ps)."""
    target, scores = _data(variant)
    grid = np.unique(scores)
    below = scores[:, None] <= grid[None, :]
    cp_pos = below[target == POSITIVE].mean(axis=0)
    cp_neg = below[target != POSITIVE].mean(axis=0)
    return float(np.max(cp_pos - cp_neg))


def _gain_lift(variant):
    target, scores = _data(variant)
    return evalbook.gain_lift(target, scores, positive=POSITIVE, bins=BINS).to_frame()


# ---------------------------------------------------------------------- items that need thinking
def _catch_all(variant) -> tuple[float, int]:
    """The largest threshold that flags every fraud, and the legitimate ones it flags too."""
    target, scores = _data(variant)
    t = float(scores[target == POSITIVE].min())
    return t, int(np.sum((target != POSITIVE) & (scores >= t)))


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "prever_ks": prediction(
        lambda v: _ks(v),
        quantity="a KS do modelo",
        variable="palpite_ks",
        about=", para a KS do modelo.",
        boundary=(0.25, "classes pouco separadas", "classes bem separadas"),
        comment=(
            "Pense por quê: na tabela ordenada por score, até onde você desce só "
            "encontrando fraudes?"
        ),
    ),
    "ks_sentido": multiple_choice(
        "b",
        {
            "a": (
                "A acurácia conta os acertos das duas classes juntas; a KS compara as "
                "distribuições dos scores das duas classes, sem um limiar escolhido antes."
            ),
            "b": (
                "A maior distância entre as duas acumuladas é, no melhor limiar, a fração de "
                "fraudes que passam dele menos a fração de legítimas que passam: o maior "
                "J de Youden (lição 05b, seção 1)."
            ),
            "c": (
                "A AUC resume a curva inteira; a KS olha um ponto só, o mais distante da "
                "diagonal na vertical. Não há conta simples de uma para a outra."
            ),
            "d": (
                "Essa é a leitura da AUC (a chance de uma fraude ao acaso ter score maior que "
                "uma legítima ao acaso), não da KS."
            ),
        },
        look=(
            "A KS é uma distância entre as distribuições acumuladas dos scores de fraudes e "
            "de legítimas. Num limiar, o que essas acumuladas contam? (lição 05b, seção 1)."
        ),
        formula=(
            "Com score ≥ t, 1 − CP(fraude, t) é a TPR e 1 − CP(legítima, t) a FPR: a "
            "diferença das acumuladas é TPR − FPR."
        ),
        call="Compare `evalbook.ks_statistic(...).statistic` com o máximo de `tpr - fpr` da ROC.",
    ),
    "ks": Exercise(
        expected=lambda v: _ks(v),
        kind="number",
        look=(
            "A KS compara as distribuições acumuladas dos scores das duas classes: onde elas ficam "
            "mais longe uma da outra? Cuidado com a ordem da diferença (lição 05b, seção 1)."
        ),
        formula=(
            "CP(classe, ps) = fração da classe com score ≤ ps (eqs. (14)-(15)); a KS é a maior "
            "diferença |CP(legítima, ps) − CP(fraude, ps)| entre todos os ps."
        ),
        call='`evalbook.ks_statistic(alvo, scores, positive="fraude").statistic`.',
        mistakes=(
            (
                lambda v: _ks_as_printed(v),
                lambda v: (
                    "Essa é a eq. (16) ao pé da letra, max(CP(fraude) − CP(legítima)) = "
                    f"{_ks_as_printed(v):.3f}: ela mede só o lado em que as fraudes têm scores "
                    "MENORES. Tome a diferença na outra ordem (ou em valor absoluto)."
                ),
            ),
        ),
        comment="É também o maior TPR − FPR da curva ROC.",
    ),
    "youden": Exercise(
        expected=lambda v: _youden(v),
        kind="number",
        look=(
            "A KS é a maior distância vertical entre a ROC e a diagonal: o maior J de Youden. "
            "Em que ponto da ROC isso acontece? (lição 05b, seção 1)."
        ),
        formula=(
            "J(t) = TPR(t) − FPR(t), com score ≥ t marcando fraude; a resposta é o limiar t "
            "(um dos scores) de maior J."
        ),
        call=(
            '`curva = evalbook.roc_curve(alvo, scores, positive="fraude")`, e o '
            "`curva.threshold` onde `curva.tpr - curva.fpr` é máximo (`np.argmax`)."
        ),
        mistakes=(
            (
                lambda v: _ks_score(v),
                "Esse é o ps da KS, onde CP(classe, ps) conta os scores ≤ ps. O limiar marca "
                "score ≥ t: é o score logo acima desse ps.",
            ),
        ),
        comment="Nesse limiar, TPR − FPR é a própria KS.",
    ),
    "ganho_acum": Exercise(
        expected=lambda v: float(_gain_lift(v).cumulative_gain.iloc[1]),
        kind="number",
        look=(
            "O ganho conta que fração das fraudes caiu nos grupos de score mais alto "
            '(lição 05b, seção 2, "Ganho e lift").'
        ),
        formula=(
            "Ordene do maior score para o menor e corte em 4 grupos de 4; ganho acumulado até o "
            "2º grupo = fraudes dos grupos 1 e 2 / todas as fraudes."
        ),
        call=(
            '`evalbook.gain_lift(alvo, scores, positive="fraude", bins=4)`, coluna '
            "`cumulative_gain`."
        ),
        mistakes=(
            (
                lambda v: float(_gain_lift(v).positives.iloc[:2].sum()),
                "Esse é o número de fraudes nos dois primeiros grupos; o ganho é a fração "
                "de todas as fraudes.",
            ),
        ),
    ),
    "lift": Exercise(
        expected=lambda v: (
            float(_gain_lift(v).lift.iloc[0]),
            float(_gain_lift(v).cumulative_lift.iloc[1]),
        ),
        kind="numbers",
        names=("lift do 1º quartil", "lift acumulado até o 2º quartil"),
        look=(
            "O lift compara a taxa de fraudes de um grupo de scores altos com a taxa de fraudes "
            'geral. E o acumulado junta os grupos do topo (lição 05b, seção 2, "Ganho e lift").'
        ),
        formula=(
            "Ordene do maior score para o menor e corte em 4 grupos de 4. lift = (fraudes do grupo "
            "/ 4) / (fraudes / 16); o acumulado usa os grupos 1 e 2 juntos."
        ),
        call=(
            '`evalbook.gain_lift(alvo, scores, positive="fraude", bins=4)`, colunas `lift` e '
            "`cumulative_lift`."
        ),
        mistakes=(
            (
                lambda v: (
                    float(_gain_lift(v).lift.iloc[0]),
                    float(_gain_lift(v).lift.iloc[:2].sum()),
                ),
                "O lift acumulado não é a soma dos lifts: é o ganho acumulado dividido pela "
                "fração das transações percorrida (8/16).",
            ),
            (
                lambda v: (
                    float(_gain_lift(v).gain.iloc[0]),
                    float(_gain_lift(v).cumulative_gain.iloc[1]),
                ),
                "Esses são os ganhos (fração das fraudes); o lift divide o ganho pela fração "
                "das transações (1/4 e 2/4).",
            ),
        ),
    ),
    "lift_sentido": multiple_choice(
        "b",
        {
            "a": (
                "O lift não compara acertos com a acurácia: ele compara a fração de fraudes "
                "numa faixa de scores com a fração de fraudes do conjunto todo."
            ),
            "b": (
                "Lift = (fração de fraudes na faixa) / (fração de fraudes no conjunto): 2 quer "
                "dizer que, entre os 25% de maior score, as fraudes são o dobro de comuns "
                "(lição 05b, seção 2)."
            ),
            "c": (
                "O ganho acumulado é que conta quantas das fraudes já foram achadas; o lift "
                "é uma razão entre taxas, e pode ficar acima de 1 com poucas fraudes achadas."
            ),
            "d": (
                "Um lift de 2 não diz nada do custo de cada erro; ele só compara concentrações "
                "de fraudes."
            ),
        },
        look=("O lift divide uma fração de fraudes por outra. Quais duas? (lição 05b, seção 2)."),
        formula=(
            "lift(faixa) = (fraudes na faixa / transações na faixa) / (fraudes / transações)."
        ),
        call="Olhe a coluna de lift de `evalbook.gain_lift(alvo, scores, bins=4).to_frame()`.",
    ),
    "todas_fraudes": Exercise(
        expected=lambda v: _catch_all(v),
        kind="numbers",
        names=("limiar", "legítimas bloqueadas"),
        look=(
            "Para marcar todas as fraudes, o limiar não pode passar do score de "
            "nenhuma delas. Quais legítimas ficam acima dele? (lição 05b, seção 3)."
        ),
        formula=(
            "t = o menor score entre as fraudes (score ≥ t marca); bloqueadas = número de "
            "legítimas com score ≥ t."
        ),
        call=(
            '`scores[alvo == "fraude"].min()`, depois conte as legítimas com score ≥ t; '
            "ou procure com `evalbook.widgets.ThresholdExplorer(alvo, scores, "
            'positive="fraude")`.'
        ),
        mistakes=(
            (
                lambda v: (
                    _catch_all(v)[0],
                    _catch_all(v)[1] + int(np.sum(_data(v)[0] == POSITIVE)),
                ),
                "Esse é o total de transações bloqueadas; conte só as legítimas.",
            ),
        ),
        comment=lambda v: (
            "Pegar todas as fraudes custa caro: é o ponto "
            f"({_catch_all(v)[1] / int(np.sum(_data(v)[0] != POSITIVE)):.2f}, 1) da ROC, "
            f"com {_catch_all(v)[1]} legítimas bloqueadas."
        ),
    ),
    "explique_limiar": written(
        "Por que o limiar mais lucrativo, escolhido nas mesmas transações em que o lucro é "
        "medido, promete um lucro maior do que o que ele vai render em transações novas?",
    ),
}

SET = ExerciseSet(
    "05b",
    title="Scores e limiares: KS, ganho e lift",
    variants=True,
    id_prefix="05",
    items=ITEMS,
)
