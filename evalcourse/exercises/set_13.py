"""Exercises of ``exercises/13_decidir_com_o_modelo.ipynb`` (lesson 13).

The data are in :mod:`evalcourse.exercises.data_beyond`: 40 patients of a clinic and a
model's risks (``clinic``), and set 13's prices (``CLINIC_HARM``, ``CLINIC_BENEFIT``); a
homework variant draws the patients anew. Every expected answer is computed with the
library when it is checked.

Examples
--------
>>> SET["13.limiar"].expected(None)
0.2
>>> [round(v, 4) for v in SET["13.beneficio"].expected(None)]
[0.1937, 0.1875]
"""

from __future__ import annotations

import numpy as np

from evalbook import ConfusionMatrix, decision_curve, likelihood_ratios, post_test_probability
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data_beyond as data

#: The prevalence of the screening clinic of question 4.
SCREENING_PREVALENCE = 0.05


def _threshold() -> float:
    return data.CLINIC_HARM / (data.CLINIC_HARM + data.CLINIC_BENEFIT)


def _patients(variant):
    table = data.clinic(variant=variant)
    return table.target.to_numpy(), table.risk.to_numpy()


def _curve(variant):
    target, risk = _patients(variant)
    return decision_curve(target, risk, positive="doente", thresholds=[_threshold()])


def _matrix(variant) -> ConfusionMatrix:
    target, risk = _patients(variant)
    predicted = np.where(risk >= _threshold(), *data.CLINIC_LABELS)
    return ConfusionMatrix.from_labels(target, predicted, labels=list(data.CLINIC_LABELS))


def _benefit(variant, *, weight=None):
    """(NB of the model, NB of treating everyone); ``weight`` replaces p_t / (1 − p_t)."""
    if weight is None:
        curve = _curve(variant)
        return float(curve.net_benefit[0]), float(curve.treat_all[0])
    cm = _matrix(variant)
    pi = (cm.tp + cm.fn) / cm.n
    return (cm.tp - cm.fp * weight) / cm.n, pi - (1 - pi) * weight


def _avoided(variant, *, per_odds=True) -> float:
    model, everyone = _benefit(variant)
    odds = _threshold() / (1 - _threshold())
    return 100 * (model - everyone) / (odds if per_odds else 1)


def _post_test(variant, *, prevalence=SCREENING_PREVALENCE, wrong_ratio=False):
    ratios = likelihood_ratios(_matrix(variant))
    ratio = ratios.lr_positive
    if wrong_ratio:  # sensitivity / specificity
        cm = _matrix(variant)
        ratio = (cm.tp / (cm.tp + cm.fn)) / (cm.tn / (cm.tn + cm.fp))
    if prevalence is None:  # the sample's own prevalence: the PPV of the 40 patients
        cm = _matrix(variant)
        prevalence = (cm.tp + cm.fn) / cm.n
    return ratio, post_test_probability(ratio, prevalence=prevalence)


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "limiar": Exercise(
        expected=lambda _: _threshold(),
        kind="number",
        look=(
            "Em que probabilidade de doença tratar e não tratar valem o mesmo? Pese o ganho "
            "de tratar um doente contra o dano de tratar um saudável (lição 13, seção 1)."
        ),
        formula="p_t · ganho = (1 − p_t) · dano, isto é, p_t = dano / (dano + ganho).",
        call="`data_beyond.CLINIC_HARM / (data_beyond.CLINIC_HARM + data_beyond.CLINIC_BENEFIT)`.",
        mistakes=(
            (
                lambda _: data.CLINIC_BENEFIT / (data.CLINIC_HARM + data.CLINIC_BENEFIT),
                "Parece o peso do ganho: o limiar sobe quando o dano de tratar cresce.",
            ),
            (
                lambda _: data.CLINIC_HARM / data.CLINIC_BENEFIT,
                "Isso é a chance p_t / (1 − p_t), não a probabilidade p_t.",
            ),
        ),
    ),
    "beneficio": Exercise(
        expected=_benefit,
        kind="numbers",
        names=("NB do modelo", "NB de tratar todos"),
        look=(
            "Conte os verdadeiros e os falsos positivos de 'tratar se risco ≥ p_t' e desconte "
            "cada falso positivo pela chance do limiar (lição 13, seção 1)."
        ),
        formula=(
            "NB = TP/n − FP/n · p_t/(1 − p_t); tratar todos: π − (1 − π) · p_t/(1 − p_t), "
            "com π a proporção de doentes."
        ),
        call=(
            '`decision_curve(alvo, risco, positive="doente", thresholds=[p_t])`, colunas '
            "`net_benefit` e `treat_all`."
        ),
        mistakes=(
            (
                lambda v: _benefit(v, weight=1.0),
                "Os falsos positivos parecem pesar tanto quanto os verdadeiros: o peso é a "
                "chance do limiar.",
            ),
            (
                lambda v: _benefit(v, weight=_threshold()),
                "O peso parece ser p_t: é a chance p_t / (1 − p_t).",
            ),
        ),
    ),
    "evitadas": Exercise(
        expected=_avoided,
        kind="number",
        look=(
            "Quantas intervenções o modelo poupa, comparado a tratar todos, sem perder "
            "verdadeiros positivos? (lição 13, seção 3)."
        ),
        formula="100 · (NB do modelo − NB de tratar todos) / (p_t / (1 − p_t)).",
        call=(
            '`decision_curve(alvo, risco, positive="doente", thresholds=[p_t])'
            ".interventions_avoided`, vezes 100."
        ),
        mistakes=(
            (
                lambda v: _avoided(v, per_odds=False),
                "A diferença dos benefícios está em verdadeiros positivos: divida-a pela chance "
                "do limiar para contar intervenções.",
            ),
        ),
    ),
    "pos_teste": Exercise(
        expected=lambda v: _post_test(v),
        kind="numbers",
        names=("LR+", "probabilidade pós-teste"),
        look=(
            "A razão de verossimilhança não depende da prevalência; a probabilidade depois do "
            "teste depende (lição 13, seção 5)."
        ),
        formula=(
            "LR+ = sensibilidade / (1 − especificidade); chance pós-teste = chance pré-teste "
            "× LR+, com a prevalência da triagem como probabilidade pré-teste."
        ),
        call=(
            "`likelihood_ratios(matriz).lr_positive` e "
            "`post_test_probability(lr, prevalence=0.05)`."
        ),
        mistakes=(
            (
                lambda v: _post_test(v, prevalence=None),
                "A probabilidade pós-teste parece usar a prevalência destes 40 pacientes: a "
                "pergunta é sobre a triagem.",
            ),
            (
                lambda v: _post_test(v, wrong_ratio=True),
                "A LR+ divide a sensibilidade pela taxa de falsos positivos, 1 − especificidade.",
            ),
        ),
    ),
    "triagem": multiple_choice(
        "c",
        {
            "a": (
                "A sensibilidade e a especificidade podem até se manter, mas as probabilidades "
                "do modelo foram aprendidas com outra prevalência: 'risco ≥ 20 %' já não quer "
                "dizer risco de 20 % na triagem, e o benefício pode ficar negativo."
            ),
            "b": (
                "A razão de verossimilhança não muda com a prevalência (se o tipo de paciente "
                "em cada classe for o mesmo); o que muda é a probabilidade depois do teste."
            ),
            "c": (
                "Isso: as probabilidades de um modelo acompanham a prevalência em que ele "
                "aprendeu; na triagem elas superestimam o risco. Recalibrado com pacientes da "
                "triagem, 'risco ≥ p_t' volta a significar o que o médico quer (lição 13, "
                "seções 4 e 6)."
            ),
            "d": (
                "A AUC mede só a ordem dos pacientes: ela não muda com a prevalência e não diz "
                "se tratar a partir de um risco vale a pena."
            ),
        },
        look=(
            "O que acontece com as probabilidades de um modelo quando ele passa de uma clínica "
            "com 30 % de doentes para uma com 2 %? (lição 13, seções 4 e 6)."
        ),
        formula=(
            "Um modelo calibrado nunca fica, em média, abaixo de tratar ninguém; um benefício "
            "negativo em p_t aponta para probabilidades que não são riscos verdadeiros."
        ),
        call=(
            '`CalibrationDisplay.from_predictions(alvo, risco, positive="doente")` nos '
            "pacientes da triagem, e `decision_curve(..., prevalence=0.02)`."
        ),
    ),
    "calibracao": multiple_choice(
        "b",
        {
            "a": (
                "As duas AUCs são iguais: a ordem dos pacientes é a mesma, então o modelo B não "
                "separa pior os doentes dos saudáveis."
            ),
            "b": (
                "Isso: com a mesma ordem, só os valores das probabilidades mudam; se B diz "
                "'30 %' a quem tem risco de 10 %, a regra 'tratar se p ≥ p_t' trata outras "
                "pessoas, e a curva cai. Olhe o diagrama de confiabilidade antes da curva "
                "(lição 13, seção 6)."
            ),
            "c": (
                "O benefício líquido usa os desfechos observados: ele mede de verdade o que "
                "seguir cada regra traria nestes pacientes; a diferença não é um erro de conta."
            ),
            "d": (
                "O benefício líquido depende da prevalência, mas os dois modelos foram "
                "avaliados nos mesmos pacientes, com a mesma prevalência."
            ),
        },
        look=(
            "Se dois modelos ordenam os pacientes do mesmo jeito, o que pode ser diferente "
            "entre eles? (lição 13, seção 6)."
        ),
        formula=(
            "A curva de decisão avalia 'tratar se p ≥ p_t': ela depende dos valores de p, não "
            "só da ordem."
        ),
        call="`CalibrationDisplay.from_predictions` dos dois modelos, lado a lado.",
    ),
    "explique": written(
        "Por que o benefício líquido de tratar todos fica negativo quando p_t passa da "
        "prevalência, e o que isso diz sobre quando um modelo é útil?",
    ),
}

SET = ExerciseSet("13", title="Decidir com o modelo", variants=True, items=ITEMS)
