"""Exercises 02 (classification metrics) on the fraud table's confusion matrix.

The matrix is the model's on :func:`evalcourse.exercises.data.fraud_transactions` (or another
variant of it, see :func:`evalbook.exercises.start`); the "dumb" model always predicts
``"legítima"``. Every expected answer is computed with the library when it is checked.

Examples
--------
>>> SET["02.acuracia_erro"].expected(None)
(0.6875, 0.3125)
"""

from __future__ import annotations

import math

import evalbook
from evalbook.exercises.item import (
    Answer,
    Exercise,
    ExerciseSet,
    multiple_choice,
    pair,
    prediction,
    written,
)
from evalcourse.exercises import data

POSITIVE, NEGATIVE = data.FRAUD_LABELS

#: Prevalence of fraud in the population of exercise 02.ppv_1pct (1 transaction in 100).
FRAUD_PREVALENCE = 0.01


def model_matrix(variant) -> evalbook.ConfusionMatrix:
    """The model's matrix on the fraud table in ``variant``."""
    return data.fraud_matrix(variant=variant)


def dumb_matrix(variant) -> evalbook.ConfusionMatrix:
    """The confusion matrix of the "dumb" model that always predicts ``"legítima"``."""
    target = data.fraud_transactions(variant=variant)["target"]
    return evalbook.ConfusionMatrix.from_labels(
        target, [NEGATIVE] * len(target), labels=list(data.FRAUD_LABELS)
    )


def _metric(function, matrix=model_matrix, **options) -> Answer:
    """An answer computing ``function(matrix(variant), **options)``."""
    return lambda variant: function(matrix(variant), **options)


# ---------------------------------------------------------------------- items that need thinking
def _f1_position(variant) -> str:
    """Where the F1 falls relative to precision and recall: "acima", "entre" or "abaixo"."""
    cm = model_matrix(variant)
    values = (evalbook.precision(cm), evalbook.recall(cm))
    f1 = evalbook.f1(cm)
    if f1 > max(values):
        return "acima"
    return "abaixo" if f1 < min(values) else "entre"


def _frauds(variant) -> int:
    return int((data.fraud_transactions(variant=variant)["target"] == POSITIVE).sum())


def _common_class_feedback(variant) -> str:
    """Why the dumb model is useless, said with this variant's counts of the classes."""
    frauds, n = _frauds(variant), _size(variant)
    return (
        f"É o modelo “burro” do handout 000. Com {frauds} fraudes em {n} transações, a "
        "acurácia premia quem chuta a classe comum; a revocação (e o F1, o MCC) mostram que "
        "ele é inútil para a fraude."
    )


def _size(variant) -> int:
    return len(data.fraud_transactions(variant=variant))


def _rates(variant) -> tuple[float, float, float]:
    cm = model_matrix(variant)
    return evalbook.tpr(cm), evalbook.fpr(cm), evalbook.npv(cm)


def _accuracy_interval(variant):
    cm = model_matrix(variant)
    return evalbook.accuracy_interval(evalbook.accuracy(cm), cm.n, confidence=0.95)


def _dumb_inside(variant) -> str:
    """Whether the model's 95% Wilson interval for accuracy holds the dumb model's accuracy."""
    low, high = _accuracy_interval(variant)
    return "sim" if low <= evalbook.accuracy(dumb_matrix(variant)) <= high else "não"


def _dumb_inside_comment(variant) -> str:
    low, high = _accuracy_interval(variant)
    dumb = evalbook.accuracy(dumb_matrix(variant))
    n = _size(variant)
    if _dumb_inside(variant) == "sim":
        return (
            f"O intervalo vai de {low:.3f} a {high:.3f} e contém {dumb:.3f}: com só {n} "
            "transações, estes dados não mostram que o modelo acerta mais que o burro."
        )
    if dumb < low:
        return (
            f"O intervalo vai de {low:.3f} a {high:.3f} e fica acima de {dumb:.3f}: mesmo com "
            f"{n} transações, o modelo acerta mais que o burro além do que o acaso explicaria."
        )
    return (
        f"O intervalo vai de {low:.3f} a {high:.3f} e fica abaixo de {dumb:.3f}: o burro "
        "acerta mais que o modelo, e não por acaso; só a revocação mostra para que o modelo "
        "serve."
    )


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "acuracia_erro": Exercise(
        expected=pair(_metric(evalbook.accuracy), _metric(evalbook.error_rate)),
        kind="numbers",
        names=("acurácia", "taxa de erro"),
        look=(
            "Quantas transações o modelo acertou, e quantas errou, do total? Os acertos estão na "
            'diagonal da matriz (lição 01, seção 3, e lição 02, seção 2, "Taxa de acertos").'
        ),
        formula=(
            "acurácia = (TP + TN) / n e taxa de erro = (FP + FN) / n = 1 − acurácia (handout 000, "
            "eqs. (1) e (2))."
        ),
        call="`evalbook.accuracy(cm)` e `evalbook.error_rate(cm)`.",
    ),
    "precisao_revocacao": Exercise(
        expected=pair(_metric(evalbook.precision), _metric(evalbook.recall)),
        kind="numbers",
        names=("precisão", "revocação"),
        look=(
            "A precisão olha uma COLUNA da matriz (o que o modelo apontou como fraude); a "
            "revocação, uma LINHA (as fraudes de verdade). Qual coluna, qual linha? (lição 02, "
            "seção 4)."
        ),
        formula=(
            "precisão = TP / (TP + FP): das transações apontadas como fraude, quantas são; "
            "revocação = TP / (TP + FN): das fraudes, quantas o modelo achou (handout 000, eqs. "
            "(3) e (4))."
        ),
        call="`evalbook.precision(cm)` e `evalbook.recall(cm)`.",
    ),
    "especificidade": Exercise(
        expected=_metric(evalbook.specificity),
        kind="number",
        look=(
            "A especificidade é a revocação da outra classe: das transações legítimas, quantas o "
            'modelo reconheceu? Qual linha da matriz? (lição 02, seção 3, "As taxas por linha").'
        ),
        formula="especificidade = TN / (TN + FP) (handout 002, eq. (10.12)).",
        call="`evalbook.specificity(cm)`.",
        mistakes=(
            (
                _metric(evalbook.recall),
                "Essa é a revocação (sensibilidade), a taxa de acerto nas fraudes. A "
                "especificidade é a taxa de acerto nas legítimas.",
            ),
            (
                _metric(evalbook.fpr),
                "Essa é a taxa de falsos positivos, FPR = FP / (TN + FP) = 1 − especificidade.",
            ),
            (
                _metric(evalbook.npv),
                "Esse é o valor preditivo negativo, TN / (TN + FN), que divide pela coluna "
                "“legítima”; a especificidade divide pela linha “legítima”.",
            ),
        ),
    ),
    "prever_f1": Exercise(
        expected=_f1_position,
        kind="choice",
        choices=("acima", "entre", "abaixo"),
        feedback={
            "acima": (
                "O F1 é uma média da precisão e da revocação, e uma média nunca passa do "
                "maior dos números que ela resume."
            ),
            "entre": (
                "O F1 é uma média (a harmônica), e toda média fica entre o menor e "
                "o maior valor; a harmônica fica mais perto do menor."
            ),
            "abaixo": (
                "Tentador, porque o F1 pune o número mais fraco; mas uma média nunca fica "
                "abaixo do menor dos números que ela resume."
            ),
        },
        look=(
            "O F1 é uma média da precisão e da revocação (lição 02, seção 5). Onde fica uma "
            "média em relação aos números que ela resume?"
        ),
        formula="F1 = 2·P·R / (P + R), a média harmônica: min(P, R) ≤ F1 ≤ max(P, R).",
        call=(
            "Confira: `min(precisao, revocacao) <= evalbook.f1(cm) <= max(precisao, revocacao)`."
        ),
    ),
    "f1": Exercise(
        expected=_metric(evalbook.f1),
        kind="number",
        look=(
            "O F1 junta precisão e revocação numa média, mas não na média de sempre: qual média "
            'pune o número mais fraco? (lição 02, seção 5, "F1").'
        ),
        formula=(
            "F1 = 2·precisão·revocação / (precisão + revocação) = 2·TP / (2·TP + FP + FN), a média "
            "harmônica das duas (handout 000, eq. (5))."
        ),
        call="`evalbook.f1(cm)`.",
        mistakes=(
            (
                lambda variant: (
                    (
                        evalbook.precision(model_matrix(variant))
                        + evalbook.recall(model_matrix(variant))
                    )
                    / 2
                ),
                "Essa é a média aritmética de precisão e revocação; o F1 é a média harmônica.",
            ),
        ),
        comment="O F1 fica sempre entre a precisão e a revocação.",
    ),
    "mcc_kappa": Exercise(
        expected=pair(_metric(evalbook.mcc), _metric(evalbook.cohen_kappa)),
        kind="numbers",
        names=("MCC", "kappa"),
        look=(
            "São duas medidas diferentes: o MCC é uma correlação entre alvo e predição (handout "
            "003); o kappa compara os acertos com os do acaso (handout 001). Lição 02, seção 7, e "
            "lição 04."
        ),
        formula=(
            "MCC = (TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN)); kappa = (p_o − p_e) / (1 − "
            "p_e), com p_e = Σ linha·coluna / n²."
        ),
        call="`evalbook.mcc(cm)` e `evalbook.cohen_kappa(cm)`.",
        mistakes=(
            (
                pair(_metric(evalbook.mcc), _metric(evalbook.mcc)),
                "O seu kappa é o MCC. O handout 002 chama de “Kappa” a fórmula do MCC "
                "(eq. (10.6)), mas o kappa de Cohen é outro número: (p_o − p_e) / (1 − p_e) "
                "(handout 001).",
            ),
        ),
        comment=(
            "São parecidos, mas não iguais: o MCC é uma correlação e o kappa uma "
            "concordância corrigida pelo acaso."
        ),
    ),
    "burro": Exercise(
        expected=pair(
            _metric(evalbook.accuracy, dumb_matrix), _metric(evalbook.recall, dumb_matrix)
        ),
        kind="numbers",
        names=("acurácia", "revocação"),
        look=(
            "Monte primeiro a matriz do modelo que diz “legítima” para tudo: em que coluna caem "
            'todas as transações? (lição 03, seção 8, o modelo "burro").'
        ),
        formula=(
            "Na matriz do modelo burro a coluna “fraude” é toda 0: acurácia = TN / n e revocação = "
            "TP / (TP + FN) com TP = 0."
        ),
        call=(
            '`ConfusionMatrix.from_labels(alvo, ["legítima"] * len(dados), labels=...)`, depois '
            "`evalbook.accuracy` e `evalbook.recall`."
        ),
        mistakes=(
            (
                pair(_metric(evalbook.accuracy), _metric(evalbook.recall)),
                "Esses são os números do modelo de verdade; calcule-os na matriz do modelo "
                "que sempre diz “legítima”.",
            ),
        ),
        comment=lambda variant: (
            f"Acurácia {evalbook.accuracy(dumb_matrix(variant)):.3f} contra "
            f"{evalbook.accuracy(model_matrix(variant)):.3f} do modelo de verdade; revocação 0 "
            f"contra {evalbook.recall(model_matrix(variant)):.3f}."
        ),
    ),
    "acuracia_basta": multiple_choice(
        "b",
        {
            "a": (
                "A acurácia conta acertos sem olhar a classe. O modelo burro acerta todas "
                "as legítimas e nenhuma fraude, e achar fraudes é a razão de ter um modelo."
            ),
            "b": _common_class_feedback,
            "c": (
                "É verdade que ele não dá alarme falso, mas só porque nunca diz “fraude”: "
                "deixa passar todas as fraudes."
            ),
            "d": (
                "Não é preciso teste: a matriz mostra que o modelo burro não acha nenhuma "
                "fraude, e isso basta para descartá-lo."
            ),
        },
        look=(
            "Compare os dois modelos na classe que interessa, “fraude”: quantas fraudes "
            "cada um acha? (lição 03, seção 8)."
        ),
        formula=(
            "A revocação do modelo burro é TP / (TP + FN) com TP = 0: a acurácia dele vem "
            "só das legítimas."
        ),
        call="Compare `evalbook.recall(cm)` com `evalbook.recall(cm_burro)`.",
        facts={"as fraudes são a classe rara": lambda v: 2 * _frauds(v) < _size(v)},
    ),
    "burro_precisao": Exercise(
        expected=_metric(evalbook.precision, dumb_matrix, zero_division=math.nan),
        kind="number",
        look=(
            "Quantas vezes o modelo burro disse “fraude”? A precisão divide por esse número. O que "
            "acontece com uma divisão por zero? (lição 02, seção 9, métricas 0/0)."
        ),
        formula=(
            "precisão = TP / (TP + FP) e, aqui, TP + FP = 0: a conta é 0/0, indefinida — nem 0 nem "
            "1."
        ),
        call=(
            "`evalbook.precision(cm_burro)` devolve `nan` com um UndefinedMetricWarning; responda "
            '`float("nan")`.'
        ),
        mistakes=(
            (
                _metric(evalbook.precision, dumb_matrix, zero_division=0.0),
                "0/0 não é 0: o modelo burro não errou nenhuma predição de fraude, porque "
                "não fez nenhuma. A precisão é indefinida: nem 0 nem 1.",
            ),
        ),
        comment="0/0 é indefinido: nem 0 nem 1. Por isso a evalbook devolve nan e avisa.",
    ),
    "prever_ppv": prediction(
        _metric(evalbook.ppv, prevalence=FRAUD_PREVALENCE),
        quantity="a precisão com 1% de fraudes",
        variable="palpite_ppv",
        about=": a precisão do modelo numa população com 1% de fraudes.",
        boundary=(
            0.5,
            "a maioria dos alarmes é falsa",
            "a maioria dos alarmes é fraude de verdade",
        ),
        comment=(
            "Pense por quê: com fraudes raras, quase todas as transações são legítimas, e "
            "mesmo uma fração pequena delas dá muitos alarmes falsos."
        ),
    ),
    "ppv_1pct": Exercise(
        expected=_metric(evalbook.ppv, prevalence=FRAUD_PREVALENCE),
        kind="number",
        look=(
            "A precisão depende de quantas fraudes existem na população, não só do modelo. Se as "
            "fraudes ficam raras, os alarmes falsos das muitas legítimas pesam mais ou menos? "
            "(lição 02, seção 7, VPP)."
        ),
        formula=(
            "PPV = sens·prev / (sens·prev + (1 − esp)·(1 − prev)), com a sensibilidade e a "
            "especificidade da matriz e prev = 0.01 (handout 002, eq. (10.8))."
        ),
        call="`evalbook.ppv(cm, prevalence=0.01)`.",
        mistakes=(
            (
                _metric(evalbook.precision),
                "Essa é a precisão na prevalência da própria tabela, onde as fraudes são "
                f"muito mais comuns; recalcule-a para prev = {FRAUD_PREVALENCE} com a forma "
                "de Bayes.",
            ),
        ),
        comment="Com fraudes raras, a maioria dos alarmes seria falsa.",
    ),
    "taxas": Exercise(
        expected=_rates,
        kind="numbers",
        names=("TPR", "FPR", "NPV"),
        look=(
            "Três taxas da mesma matriz: duas por linha (das fraudes e das legítimas) e uma por "
            "coluna (das predições “legítima”). Qual total divide cada uma? (lição 02, seções "
            "3 e 7)."
        ),
        formula=(
            "TPR = TP / (TP + FN) (a revocação), FPR = FP / (FP + TN) = 1 − especificidade, "
            "NPV = TN / (TN + FN) (handout 002, eqs. (10.1) a (10.12))."
        ),
        call="`evalbook.tpr(cm)`, `evalbook.fpr(cm)` e `evalbook.npv(cm)`.",
        mistakes=(
            (
                lambda v: (
                    evalbook.tpr(model_matrix(v)),
                    evalbook.specificity(model_matrix(v)),
                    evalbook.npv(model_matrix(v)),
                ),
                "A segunda é a especificidade, TN / (TN + FP). A FPR é a fração das legítimas "
                "que o modelo marcou como fraude: FP / (FP + TN).",
            ),
        ),
    ),
    "qual_taxa": Exercise(
        expected=lambda _: "NPV",
        kind="choice",
        choices=("TPR", "FPR", "NPV"),
        feedback={
            "TPR": (
                "A TPR olha só a linha das fraudes: é a fração delas que o modelo acha, "
                "quantas fraudes existam. Com o mesmo modelo, ela não muda."
            ),
            "FPR": (
                "A FPR olha só a linha das legítimas: muda o número delas, mas não a fração "
                "que o modelo marca. Com o mesmo modelo, ela não muda."
            ),
            "NPV": (
                "A NPV divide pela coluna “legítima”, que mistura as duas classes: com fraudes "
                "mais raras, sobem as legítimas nessa coluna e a NPV sobe (como a precisão "
                "cai, na questão 8)."
            ),
        },
        look=(
            "Uma taxa que divide por uma LINHA da matriz olha uma classe só; uma que divide "
            "por uma COLUNA mistura as duas. Qual das três divide por uma coluna?"
        ),
        formula=(
            "TPR = TP/(TP + FN) e FPR = FP/(FP + TN) são por linha; NPV = TN/(TN + FN) é por "
            "coluna, e depende da prevalência como o VPP (handout 002, eq. (10.8))."
        ),
        call="Compare `evalbook.npv(cm)` com `evalbook.npv(cm, prevalence=0.001)`.",
        facts={
            "o modelo deixa passar alguma fraude (a NPV sobe)": lambda v: model_matrix(v).fn > 0
        },
    ),
    "intervalo_burro": Exercise(
        expected=_dumb_inside,
        kind="choice",
        choices=("sim", "não"),
        look=(
            "Um intervalo de confiança diz que valores da acurácia verdadeira estes dados não "
            "descartam. A acurácia do burro é um deles? (lição 02, seção 4)."
        ),
        formula=(
            "Intervalo de Wilson de 95% com p = acurácia do modelo e n = número de "
            "transações; compare os limites com a acurácia do modelo burro."
        ),
        call=(
            "`evalbook.accuracy_interval(evalbook.accuracy(cm), cm.n)` e "
            "`evalbook.accuracy(cm_burro)`."
        ),
        mistakes=(
            (
                lambda v: "não" if _dumb_inside(v) == "sim" else "sim",
                "Compare os dois limites do intervalo com a acurácia do modelo burro: ela "
                "fica entre eles?",
            ),
        ),
        comment=_dumb_inside_comment,
        facts={
            "a acurácia do burro não cai num limite do intervalo": lambda v: (
                evalbook.accuracy(dumb_matrix(v)) not in tuple(_accuracy_interval(v))
            ),
        },
    ),
    "explique": written(
        "Por que a acurácia pode enganar quando as fraudes são raras, e que métrica você "
        "olharia no lugar dela?"
    ),
}

SET = ExerciseSet("02", title="Métricas de classificação", variants=True, items=ITEMS)
