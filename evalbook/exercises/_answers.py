"""Private registry of the exercises: exercise id -> :class:`Exercise`.

Every expected answer is *computed* with the library from the exercise's data when
:func:`evalbook.exercises.check` is called, never typed in: if a table or a metric changes,
the answers follow. The same goes for the "mistakes", the predictable wrong answers that
get a hint of their own (the matrix with the classes in the other order, the recall given
where the specificity was asked, ...).

Exercise ids are ``"NN.item"``: ``NN`` is the number of the exercise notebook
(``exercises/NN_topic.ipynb``) and ``item`` names the question, in Portuguese as the
notebooks do.

Examples
--------
>>> EXERCISES["01.n_tipo_i"].kind
'count'
>>> EXERCISES["01.n_tipo_i"].expected()
3
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from importlib import import_module
from pathlib import Path

import numpy as np

import evalbook
from evalbook.confusion import ConfusionMatrix
from evalbook.exercises._exercise import KINDS, Exercise

__all__ = ["EXERCISES", "KINDS", "Exercise"]

#: The classes of ``evalbook.fraud_predictions()``, positive first.
POSITIVE = "fraude"
NEGATIVE = "legítima"
FRAUD_LABELS = (POSITIVE, NEGATIVE)

#: Prevalence of fraud in the population of exercise 02.ppv_1pct (1 transaction in 100).
FRAUD_PREVALENCE = 0.01

#: The result types, in the order :func:`evalbook.result_types` names them.
RESULT_TYPES = ("TP", "FN", "FP", "TN")


# ---------------------------------------------------------------------- exercise data
@cache
def _fraud_columns() -> tuple[tuple, tuple]:
    """``target`` and ``prediction`` of ``evalbook.fraud_predictions()``, as tuples."""
    table = evalbook.fraud_predictions()
    return tuple(table["target"]), tuple(table["prediction"])


@cache
def fraud_matrix() -> ConfusionMatrix:
    """The model's confusion matrix on the fraud table, ``"fraude"`` positive."""
    target, prediction = _fraud_columns()
    return ConfusionMatrix.from_labels(target, prediction, labels=list(FRAUD_LABELS))


@cache
def dumb_matrix() -> ConfusionMatrix:
    """The confusion matrix of the "dumb" model that always predicts ``"legítima"``."""
    target, _ = _fraud_columns()
    return ConfusionMatrix.from_labels(target, [NEGATIVE] * len(target), labels=list(FRAUD_LABELS))


@cache
def binary_matrix() -> ConfusionMatrix:
    """The model's matrix with fraud coded as 1 and legitimate as 0 (labels ``[1, 0]``)."""
    target, prediction = _fraud_columns()
    y_true = [int(value == POSITIVE) for value in target]
    y_pred = [int(value == POSITIVE) for value in prediction]
    return ConfusionMatrix.from_labels(y_true, y_pred)


def fraud_result_types(positive: str = POSITIVE) -> np.ndarray:
    """The result type of each transaction, in table order."""
    target, prediction = _fraud_columns()
    return evalbook.result_types(target, prediction, positive=positive)


def _type_of(target: str, prediction: str) -> str:
    """The result type of one (target, prediction) pair, ``"fraude"`` positive."""
    return str(evalbook.result_types([target], [prediction], positive=POSITIVE)[0])


def _sklearn_counts() -> np.ndarray:
    return binary_matrix().to_frame("sklearn").to_numpy()


def _caret_counts() -> np.ndarray:
    return fraud_matrix().to_frame("caret").to_numpy()


def _metric(function, matrix=fraud_matrix, **options) -> Callable[[], float]:
    """A function computing ``function(matrix(), **options)`` when called."""
    return lambda: function(matrix(), **options)


def _pair(first, second) -> Callable[[], tuple[float, float]]:
    return lambda: (first(), second())


_ROWS_ARE_TARGET = (
    "Parece transposta: nas apostilas 000 e 001 (e na evalbook) as linhas são o alvo "
    "(target) e as colunas a predição."
)

# ---------------------------------------------------------------------- the registry
EXERCISES: dict[str, Exercise] = {
    # ------------------------------------------------ exercises/01_matriz_de_confusao
    "01.tipos": Exercise(
        expected=fraud_result_types,
        kind="labels",
        choices=RESULT_TYPES,
        hint=(
            'Compare alvo e predição de cada transação, com "fraude" positiva: TP = fraude '
            "prevista como fraude, FN = fraude prevista como legítima, FP = legítima prevista "
            "como fraude, TN = legítima prevista como legítima (`evalbook.result_types(..., "
            'positive="fraude")`).'
        ),
        mistakes=(
            (
                lambda: fraud_result_types(NEGATIVE),
                'Você tomou "legítima" como a classe positiva. Aqui a positiva é "fraude", '
                'a classe que o modelo procura: use `positive="fraude"`.',
            ),
        ),
    ),
    "01.matriz": Exercise(
        expected=fraud_matrix,
        kind="matrix",
        hint=(
            "Conte os pares (alvo, predição): linhas = alvo, colunas = predição, a classe "
            "positiva primeiro. `evalbook.ConfusionMatrix.from_labels(alvo, predição, "
            'labels=["fraude", "legítima"])` faz isso.'
        ),
        mistakes=(
            (
                lambda: fraud_matrix().reorder([NEGATIVE, POSITIVE]).counts,
                'As classes estão na ordem inversa: a positiva ("fraude") vem primeiro, '
                'na primeira linha e na primeira coluna: `labels=["fraude", "legítima"]`.',
            ),
            (lambda: fraud_matrix().counts.T, _ROWS_ARE_TARGET),
        ),
    ),
    "01.tipo_i": Exercise(
        expected=lambda: _type_of(NEGATIVE, POSITIVE),
        kind="choice",
        choices=RESULT_TYPES,
        hint=(
            "O erro do tipo I é o alarme falso: o modelo diz “positivo” para uma instância "
            'que é negativa (apostila 000, "Tipos de Erro").'
        ),
        mistakes=(
            (
                lambda: _type_of(POSITIVE, NEGATIVE),
                "FN é o erro do tipo II (a fraude que passou como legítima). O tipo I é o "
                "alarme falso.",
            ),
        ),
        comment="O erro do tipo I é o falso positivo: uma transação legítima bloqueada.",
    ),
    "01.n_tipo_i": Exercise(
        expected=lambda: fraud_matrix().fp,
        kind="count",
        hint=(
            "Conte as transações legítimas (alvo negativo) que o modelo apontou como fraude "
            "(predição positiva): a célula linha “legítima”, coluna “fraude” (`cm.fp`)."
        ),
        mistakes=(
            (
                lambda: fraud_matrix().fn,
                "Esse é o número de erros do tipo II (FN, fraudes que passaram). O tipo I "
                "é o falso positivo.",
            ),
            (
                lambda: fraud_matrix().fp + fraud_matrix().fn,
                "Esse é o total de erros (tipo I + tipo II); conte só os do tipo I.",
            ),
        ),
    ),
    "01.sklearn": Exercise(
        expected=_sklearn_counts,
        kind="matrix",
        hint=(
            "Codifique fraude = 1 e legítima = 0 e use "
            "`sklearn.metrics.confusion_matrix(y_true, y_pred)`: linhas = alvo, rótulos "
            "em ordem crescente (0 antes de 1)."
        ),
        mistakes=(
            (
                lambda: binary_matrix().counts,
                "Essa é a orientação das apostilas, com a classe positiva (1 = fraude) "
                "primeiro. O scikit-learn ordena os rótulos, então 0 (legítima) vem primeiro "
                "e a matriz fica [[TN, FP], [FN, TP]]. Com os textos a ordem alfabética "
                "(“fraude” < “legítima”) coincide com a das apostilas: por isso a questão "
                "pede 0/1.",
            ),
            (lambda: _sklearn_counts().T, _ROWS_ARE_TARGET),
        ),
    ),
    "01.caret": Exercise(
        expected=_caret_counts,
        kind="matrix",
        hint=(
            "No caret (e na apostila 002) as linhas são a predição e as colunas o alvo "
            '(reference), com a classe positiva primeiro: `cm.to_frame("caret")`.'
        ),
        mistakes=(
            (
                lambda: fraud_matrix().counts,
                "Essa é a orientação das apostilas 000 e 001 (alvo nas linhas). No caret as "
                "linhas são a predição: transponha a matriz.",
            ),
            (
                lambda: _caret_counts()[::-1, ::-1],
                'As classes estão na ordem inversa: no caret a positiva ("fraude") também '
                "vem primeiro.",
            ),
        ),
    ),
    # ------------------------------------------------ exercises/02_metricas_de_classificacao
    "02.acuracia_erro": Exercise(
        expected=_pair(_metric(evalbook.accuracy), _metric(evalbook.error_rate)),
        kind="numbers",
        names=("acurácia", "taxa de erro"),
        hint=(
            "acurácia = (TP + TN) / n e taxa de erro = (FP + FN) / n = 1 − acurácia "
            "(apostila 000, eqs. (1) e (2))."
        ),
    ),
    "02.precisao_revocacao": Exercise(
        expected=_pair(_metric(evalbook.precision), _metric(evalbook.recall)),
        kind="numbers",
        names=("precisão", "revocação"),
        hint=(
            "precisão = TP / (TP + FP): das transações apontadas como fraude, quantas são; "
            "revocação = TP / (TP + FN): das fraudes, quantas o modelo achou (apostila 000, "
            "eqs. (3) e (4))."
        ),
    ),
    "02.especificidade": Exercise(
        expected=_metric(evalbook.specificity),
        kind="number",
        hint=(
            "especificidade = TN / (TN + FP): das transações legítimas, quantas o modelo "
            "reconheceu como legítimas (apostila 002, eq. (10.12))."
        ),
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
    "02.f1": Exercise(
        expected=_metric(evalbook.f1),
        kind="number",
        hint=(
            "F1 = 2·precisão·revocação / (precisão + revocação) = 2·TP / (2·TP + FP + FN), "
            "a média harmônica das duas (apostila 000, eq. (5))."
        ),
        mistakes=(
            (
                lambda: (evalbook.precision(fraud_matrix()) + evalbook.recall(fraud_matrix())) / 2,
                "Essa é a média aritmética de precisão e revocação; o F1 é a média harmônica.",
            ),
        ),
        comment="O F1 fica sempre entre a precisão e a revocação.",
    ),
    "02.mcc_kappa": Exercise(
        expected=_pair(_metric(evalbook.mcc), _metric(evalbook.cohen_kappa)),
        kind="numbers",
        names=("MCC", "kappa"),
        hint=(
            "MCC = (TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN)) (apostila 003); "
            "kappa = (p_o − p_e) / (1 − p_e), com p_e = Σ linha·coluna / n² (apostila 001). "
            "`evalbook.mcc` e `evalbook.cohen_kappa`."
        ),
        mistakes=(
            (
                _pair(_metric(evalbook.mcc), _metric(evalbook.mcc)),
                "O seu kappa é o MCC. A apostila 002 chama de “Kappa” a fórmula do MCC "
                "(eq. (10.6)), mas o kappa de Cohen é outro número: (p_o − p_e) / (1 − p_e) "
                "(apostila 001).",
            ),
        ),
        comment=(
            "São parecidos, mas não iguais: o MCC é uma correlação e o kappa uma "
            "concordância corrigida pelo acaso."
        ),
    ),
    "02.burro": Exercise(
        expected=_pair(
            _metric(evalbook.accuracy, dumb_matrix), _metric(evalbook.recall, dumb_matrix)
        ),
        kind="numbers",
        names=("acurácia", "revocação"),
        hint=(
            "O modelo burro prevê “legítima” para todas as transações: monte a matriz dele "
            '(`ConfusionMatrix.from_labels(alvo, ["legítima"] * len(dados), labels=...)`) '
            "e calcule as métricas nela."
        ),
        mistakes=(
            (
                _pair(_metric(evalbook.accuracy), _metric(evalbook.recall)),
                "Esses são os números do modelo de verdade; calcule-os na matriz do modelo "
                "que sempre diz “legítima”.",
            ),
        ),
        comment=(
            "Quase a acurácia do modelo de verdade sem achar uma única fraude: é a "
            "revocação 0 que denuncia o modelo burro (apostila 000)."
        ),
    ),
    "02.burro_precisao": Exercise(
        expected=_metric(evalbook.precision, dumb_matrix, zero_division=math.nan),
        kind="number",
        hint=(
            "O modelo burro nunca prevê “fraude”: TP + FP = 0 e a precisão é 0/0, "
            'indefinida. Responda `float("nan")`, o valor que a evalbook devolve '
            "(com um UndefinedMetricWarning)."
        ),
        mistakes=(
            (
                _metric(evalbook.precision, dumb_matrix, zero_division=0.0),
                "0/0 não é 0: o modelo burro não errou nenhuma predição de fraude, porque "
                'não fez nenhuma. A precisão é indefinida: responda `float("nan")`.',
            ),
        ),
        comment="0/0 é indefinido: nem 0 nem 1. Por isso a evalbook devolve nan e avisa.",
    ),
    "02.ppv_1pct": Exercise(
        expected=_metric(evalbook.ppv, prevalence=FRAUD_PREVALENCE),
        kind="number",
        hint=(
            "Use a forma de Bayes, PPV = sens·prev / (sens·prev + (1 − esp)·(1 − prev)), "
            "com a sensibilidade e a especificidade da matriz e "
            f"prev = {FRAUD_PREVALENCE} (apostila 002, eq. (10.8)); "
            f"`evalbook.ppv(cm, prevalence={FRAUD_PREVALENCE})`."
        ),
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
}


def _register_later_sets() -> None:
    """Merge the sets of later lessons into :data:`EXERCISES`.

    Each set lives in its own module ``evalbook/exercises/_set_NN.py`` defining a dict
    ``EXERCISES`` of :class:`Exercise` with ids ``"NN.item"``; the sets of exercises 01
    and 02 share the fraud table and live above.
    """
    for path in sorted(Path(__file__).parent.glob("_set_*.py")):
        module = import_module(f"evalbook.exercises.{path.stem}")
        clash = sorted(EXERCISES.keys() & module.EXERCISES.keys())
        if clash:
            raise RuntimeError(f"{path.name} registers exercise ids already taken: {clash}")
        EXERCISES.update(module.EXERCISES)


_register_later_sets()
