"""Exercises 01 (the confusion matrix): result types, the matrix, type I errors, orientations.

The data are the card transactions of :func:`evalcourse.exercises.data.fraud_transactions`
(``"fraude"`` positive), or another variant of them (see :func:`evalbook.exercises.start`):
every expected answer is computed with the library from the variant the checker passes.

Examples
--------
>>> SET["01.n_tipo_i"].kind
'count'
>>> SET["01.n_tipo_i"].expected(None)
3
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data

POSITIVE, NEGATIVE = data.FRAUD_LABELS

#: Hint for a transposed matrix.
ROWS_ARE_TARGET = (
    "Parece transposta: nos handouts 000 e 001 (e na evalbook) as linhas são o alvo "
    "(target) e as colunas a predição."
)

#: The result types, in the order :func:`evalbook.result_types` names them.
RESULT_TYPES = ("TP", "FN", "FP", "TN")


def _columns(variant) -> tuple[list, list]:
    """``target`` and ``prediction`` of the fraud table in ``variant``."""
    table = data.fraud_transactions(variant=variant)
    return list(table["target"]), list(table["prediction"])


def _matrix(variant) -> evalbook.ConfusionMatrix:
    """The model's confusion matrix in ``variant``, ``"fraude"`` positive."""
    return data.fraud_matrix(variant=variant)


def binary_matrix(variant) -> evalbook.ConfusionMatrix:
    """The model's matrix with fraud coded as 1 and legitimate as 0 (labels ``[1, 0]``)."""
    target, prediction = _columns(variant)
    y_true = [int(value == POSITIVE) for value in target]
    y_pred = [int(value == POSITIVE) for value in prediction]
    return evalbook.ConfusionMatrix.from_labels(y_true, y_pred)


def fraud_result_types(variant, positive: str = POSITIVE) -> np.ndarray:
    """The result type of each transaction, in table order."""
    target, prediction = _columns(variant)
    return evalbook.result_types(target, prediction, positive=positive)


def _type_of(target: str, prediction: str) -> str:
    """The result type of one (target, prediction) pair, ``"fraude"`` positive."""
    return str(evalbook.result_types([target], [prediction], positive=POSITIVE)[0])


def _sklearn_counts(variant) -> np.ndarray:
    return binary_matrix(variant).to_frame("sklearn").to_numpy()


def _caret_counts(variant) -> np.ndarray:
    return _matrix(variant).to_frame("caret").to_numpy()


# ---------------------------------------------------------------------- items that need thinking


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "tipos": Exercise(
        expected=fraud_result_types,
        kind="labels",
        choices=RESULT_TYPES,
        look=(
            'Leia cada linha da tabela como um par (alvo, predição), com "fraude" como a classe '
            "positiva: o modelo acertou? E o que ele disse, positivo ou negativo? As duas "
            'respostas formam a sigla (lição 01, seção 1, "Os quatro resultados de uma predição").'
        ),
        formula=(
            "TP = fraude prevista como fraude, FN = fraude prevista como legítima, FP = legítima "
            'prevista como fraude, TN = legítima prevista como legítima (handout 000, "Tipos de '
            'Erro").'
        ),
        call=(
            '`evalbook.result_types(alvo, predição, positive="fraude")` devolve um tipo por '
            "transação."
        ),
        mistakes=(
            (
                lambda variant: fraud_result_types(variant, NEGATIVE),
                'Você tomou "legítima" como a classe positiva. Aqui a positiva é "fraude", '
                "a classe que o modelo procura.",
            ),
        ),
    ),
    "matriz": Exercise(
        expected=_matrix,
        kind="matrix",
        look=(
            "Cada célula da matriz conta as transações de um tipo da questão 1. Qual tipo fica em "
            "cada canto, com o alvo nas linhas e a classe positiva primeiro? (lição 01, seção 2, "
            '"A matriz de confusão").'
        ),
        formula=(
            "Conte os pares (alvo, predição): linhas = alvo, colunas = predição, a classe positiva "
            "primeiro: [[TP, FN], [FP, TN]]."
        ),
        call=(
            '`evalbook.ConfusionMatrix.from_labels(alvo, predição, labels=["fraude", "legítima"])` '
            "monta a matriz."
        ),
        mistakes=(
            (
                lambda variant: _matrix(variant).reorder([NEGATIVE, POSITIVE]).counts,
                'As classes estão na ordem inversa: a positiva ("fraude") vem primeiro, '
                "na primeira linha e na primeira coluna.",
            ),
            (lambda variant: _matrix(variant).counts.T, ROWS_ARE_TARGET),
        ),
    ),
    "tipo_i": Exercise(
        expected=lambda _: _type_of(NEGATIVE, POSITIVE),
        kind="choice",
        choices=RESULT_TYPES,
        look=(
            'O erro do tipo I é o "alarme falso". Pense: o que o modelo disse, e o que a transação '
            'era de verdade? (lição 01, seção 3, "Erros do tipo I e do tipo II").'
        ),
        formula=(
            "O erro do tipo I é o falso alarme: o modelo diz “positivo” para uma instância que é "
            'negativa (handout 000, "Tipos de Erro").'
        ),
        call=(
            "Dos quatro tipos de `evalbook.result_types`, é o que tem predição positiva e alvo "
            "negativo."
        ),
        mistakes=(
            (
                lambda _: _type_of(POSITIVE, NEGATIVE),
                "FN é o erro do tipo II (a fraude que passou como legítima). O tipo I é o "
                "alarme falso.",
            ),
        ),
        comment="O erro do tipo I é o falso positivo: uma transação legítima bloqueada.",
    ),
    "n_tipo_i": Exercise(
        expected=lambda variant: _matrix(variant).fp,
        kind="count",
        look=(
            "Depois de saber em que célula ficam os erros do tipo I (questão 3), basta lê-la na "
            "matriz da questão 2."
        ),
        formula=(
            "Conte as transações legítimas (alvo negativo) que o modelo apontou como fraude "
            "(predição positiva): a célula da linha “legítima”, coluna “fraude”."
        ),
        call="Com a matriz `cm` da questão 2, o atributo `cm.fp` dá essa contagem.",
        mistakes=(
            (
                lambda variant: _matrix(variant).fn,
                "Esse é o número de erros do tipo II (FN, fraudes que passaram). O tipo I "
                "é o falso positivo.",
            ),
            (
                lambda variant: _matrix(variant).fp + _matrix(variant).fn,
                "Esse é o total de erros (tipo I + tipo II); conte só os do tipo I.",
            ),
        ),
    ),
    "threshold_menor": multiple_choice(
        "a",
        {
            "a": (
                "Só as predições mudam. Transações passam da coluna “legítima” para "
                "a coluna “fraude”, na mesma linha: fraudes saem de FN para TP, legítimas "
                "saem de TN para FP. Os totais das linhas (o alvo) não mudam."
            ),
            "b": (
                "Tentador, mas as legítimas também podem passar do limite, e cada uma que "
                "passa vira um falso positivo: o modelo acha mais fraudes e erra mais "
                "alarmes."
            ),
            "c": (
                "Baixar o limite não muda o alvo, só a predição: uma legítima que passa do "
                "limite deixa de ser um acerto; os acertos de uma das classes só podem "
                "diminuir."
            ),
            "d": (
                "As linhas são o alvo, a verdade: o limite não cria fraudes. Só as "
                "colunas (as predições) mudam."
            ),
        },
        look=(
            "As linhas da matriz são o alvo; as colunas, a predição. Baixar o limite muda "
            "qual das duas? (lição 01, seção 2)."
        ),
        formula=(
            "Cada transação que passa a ser marcada muda de coluna, de “legítima” para "
            "“fraude”, sem mudar de linha: FN → TP para as fraudes, TN → FP para as "
            "legítimas."
        ),
        call=(
            "Compare as matrizes de `evalbook.threshold(dados.score, t, "
            'positive="fraude", negative="legítima")` para dois valores de t.'
        ),
    ),
    "sklearn": Exercise(
        expected=_sklearn_counts,
        kind="matrix",
        look=(
            "Em que ordem o scikit-learn põe os rótulos 0 e 1 nas linhas e colunas? E as linhas "
            'são o alvo ou a predição? (lição 01, seção 4, "Três orientações da mesma matriz").'
        ),
        formula=(
            "Codifique fraude = 1 e legítima = 0: linhas = alvo, rótulos em ordem crescente (0 "
            "antes de 1), e a matriz fica [[TN, FP], [FN, TP]]."
        ),
        call=(
            "`sklearn.metrics.confusion_matrix(y_true, y_pred)` com y = (alvo == "
            '"fraude").astype(int); na evalbook, `cm.to_frame("sklearn")`.'
        ),
        mistakes=(
            (
                lambda variant: binary_matrix(variant).counts,
                "Essa é a orientação dos handouts, com a classe positiva (1 = fraude) "
                "primeiro. O scikit-learn ordena os rótulos, então 0 (legítima) vem primeiro "
                "e a matriz fica [[TN, FP], [FN, TP]]. Com os textos a ordem alfabética "
                "(“fraude” < “legítima”) coincide com a dos handouts: por isso a questão "
                "pede 0/1.",
            ),
            (lambda variant: _sklearn_counts(variant).T, ROWS_ARE_TARGET),
        ),
    ),
    "leitura_sklearn": multiple_choice(
        "b",
        {
            "a": (
                "É assim nos handouts 000 e 001 e na evalbook, com a classe positiva "
                "primeiro; mas o scikit-learn ordena os rótulos."
            ),
            "b": (
                "Com fraude = 1 e legítima = 0, a matriz do scikit-learn é "
                "[[TN, FP], [FN, TP]]; as fraudes detectadas ficam no canto inferior "
                "direito."
            ),
            "c": (
                "O scikit-learn põe o alvo nas linhas, como os handouts 000 e 001; quem "
                "põe a predição nas linhas é o caret (questão 6)."
            ),
            "d": (
                "Um falso negativo tem alvo 1 e predição 0: no scikit-learn ele fica na "
                "linha de baixo (alvo 1), não na de cima."
            ),
        },
        look=(
            "Em que ordem o scikit-learn põe os rótulos 0 e 1 nas linhas e colunas? Releia "
            "a sua resposta da questão 5 (lição 01, seção 4)."
        ),
        formula=(
            "No scikit-learn, com fraude = 1: linhas = alvo (0, 1), colunas = predição (0, 1)."
        ),
        call=(
            "Confira com `evalbook.ConfusionMatrix.from_labels(y_true, y_pred)"
            '.to_frame("sklearn")`, que mostra os rótulos.'
        ),
    ),
    "caret": Exercise(
        expected=_caret_counts,
        kind="matrix",
        look=(
            'No caret, o que fica nas linhas: o alvo ou a predição? (lição 01, seção 4, "Três '
            'orientações da mesma matriz"; handout 002).'
        ),
        formula=(
            "No caret (e no handout 002) as linhas são a predição e as colunas o alvo "
            "(reference), com a classe positiva primeiro: é a matriz da questão 2 transposta."
        ),
        call='`cm.to_frame("caret")` devolve a matriz nessa orientação.',
        mistakes=(
            (
                lambda variant: _matrix(variant).counts,
                "Essa é a orientação dos handouts 000 e 001 (alvo nas linhas). No caret as "
                "linhas são a predição: transponha a matriz.",
            ),
            (
                lambda variant: _caret_counts(variant)[::-1, ::-1],
                'As classes estão na ordem inversa: no caret a positiva ("fraude") também '
                "vem primeiro.",
            ),
        ),
    ),
    "tres_classes": multiple_choice(
        "b",
        {
            "a": ('Essa seria a célula da linha "gato" e da coluna "cão": as linhas são o alvo.'),
            "b": (
                "Linha = alvo (cão), coluna = predição (gato): 4 cães chamados de gato. Para a "
                'classe "gato" eles são falsos positivos; para "cão", falsos negativos (lição '
                "01)."
            ),
            "c": ("Os acertos ficam na diagonal: a célula (cão, cão)."),
            "d": (
                'Com várias classes, cada classe tem os seus: olhando "gato" como a positiva, '
                'essa célula é um falso positivo dele; olhando "cão", um falso negativo.'
            ),
        },
        look=(
            "As linhas são o alvo e as colunas a predição. Qual é o alvo dessa célula, e qual a "
            "predição? (lição 01)."
        ),
        formula="Célula (i, j) = quantos exemplos da classe i o modelo previu como a classe j.",
        call=(
            '`evalbook.ConfusionMatrix.from_labels(alvo, predicao, labels=["gato", "cão", '
            '"pássaro"])` e a célula `.counts[1, 0]`.'
        ),
    ),
    "explique": written(
        "Num detector de fraudes, por que uma fraude não detectada (um falso negativo) "
        "pode custar mais do que um alarme falso (um falso positivo)?"
    ),
}

SET = ExerciseSet("01", title="Matriz de confusão", variants=True, items=ITEMS)
