"""Exercises 04 (kappa e concordância): a sentiment classifier and a fraud detector.

Made-up data for the exercises (:mod:`evalcourse.exercises.data`), in the shape of handout
001's A/B/C matrix (a 3-class sentiment classifier on 100 reviews, chosen so that the
random classifier's matrix has whole numbers) and of handout 002's caret report (a fraud
detector on 100 transactions). Every expected answer is computed with the library.

Examples
--------
>>> SET["04.sucessos"].expected(None)
(67.0, 36.0)
"""

from __future__ import annotations

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, prediction, written
from evalcourse.exercises import data


def _expected_counts() -> np.ndarray:
    return np.rint(evalbook.expected_confusion(data.sentiment_matrix()).to_numpy()).astype(int)


def _successes() -> tuple[float, float]:
    b = evalbook.kappa_breakdown(data.sentiment_matrix())
    return float(b.observed), b.expected


def _overall(*fields: str) -> tuple[float, ...]:
    """Numbers of the caret report of the fraud detector (its ``overall`` table), in order."""
    overall = evalbook.summary(data.fraud_detector_matrix()).overall
    return tuple(float(overall[field]) for field in fields)


def _prediction_majority() -> float:
    """The share of the most frequent PREDICTED class: the NIR taken from the wrong margin."""
    cm = data.fraud_detector_matrix()
    return float(cm.prediction_totals.max() / cm.n)


def _wald_interval() -> tuple[float, float]:
    """The normal-approximation interval p ± 1.96·sqrt(p(1 − p)/n), a known wrong answer."""
    cm = data.fraud_detector_matrix()
    return evalbook.accuracy_interval(evalbook.accuracy(cm), cm.n, method="normal")


#: 04.prevalencia: the same detector on 300 transactions, half of them frauds.
HALF_FRAUDS = [[90, 60], [4, 146]]

#: 04.prevalencia's options: how accuracy and kappa move from 25% to 50% of frauds.
PREVALENCE_MOVES = {
    (False, False): "os dois caem",
    (False, True): "a acurácia cai e o kappa sobe",
    (True, False): "a acurácia sobe e o kappa cai",
    (True, True): "os dois sobem",
}


def _at_half() -> evalbook.ConfusionMatrix:
    return evalbook.ConfusionMatrix(HALF_FRAUDS, labels=list(data.FRAUD_LABELS))


def _moves() -> tuple[tuple[float, float], tuple[float, float]]:
    """(accuracy, kappa) of the detector as tested, then with half of the cases frauds."""
    before, after = data.fraud_detector_matrix(), _at_half()
    return (
        (evalbook.accuracy(before), evalbook.cohen_kappa(before)),
        (evalbook.accuracy(after), evalbook.cohen_kappa(after)),
    )


def _prevalence_move() -> str:
    (accuracy, kappa), (accuracy_half, kappa_half) = _moves()
    return PREVALENCE_MOVES[accuracy_half > accuracy, kappa_half > kappa]


def _prevalence_comment(_variant) -> str:
    (accuracy, kappa), (accuracy_half, kappa_half) = _moves()
    cm = data.fraud_detector_matrix()
    return (
        f"Acurácia {accuracy:.3f} → {accuracy_half:.3f}, kappa {kappa:.3f} → {kappa_half:.3f}, "
        f"com a mesma sensibilidade ({evalbook.sensitivity(cm):.3f}) e a mesma especificidade "
        f"({evalbook.specificity(cm):.3f}): as duas dependem da prevalência. A acurácia é a "
        "média das duas pesada pela prevalência, e a sensibilidade, a menor, passou a pesar "
        "metade."
    )


# ---------------------------------------------------------------------- items that need thinking


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "aleatorio": Exercise(
        expected=lambda _: _expected_counts(),
        kind="matrix",
        look=(
            "O classificador aleatório prevê cada classe com a mesma frequência que o modelo, mas "
            "sem olhar a instância. Quantas vezes, por acaso, o alvo i encontra a predição j? "
            "(lição 04, seção 2)."
        ),
        formula="A célula (i, j) é total da linha i × total da coluna j / n (handout 001).",
        call="`evalbook.expected_confusion(sentimento)`.",
        mistakes=(
            (
                lambda _: _expected_counts().T,
                "Parece transposta: as linhas são o alvo (mesmos totais de linha do modelo) e "
                "as colunas a predição (mesmas proporções preditas).",
            ),
        ),
    ),
    "sucessos": Exercise(
        expected=lambda _: _successes(),
        kind="numbers",
        names=("sucessos do modelo", "sucessos esperados"),
        look=(
            "Sucessos são acertos: onde ficam os acertos numa matriz de confusão? Faça a mesma "
            "conta nas duas matrizes (lição 04, seção 1)."
        ),
        formula=(
            "Os sucessos são a soma da diagonal: a da matriz do modelo e a da matriz do "
            "classificador aleatório."
        ),
        call=(
            "`np.trace(sentimento.counts)` e `np.trace(aleatorio.to_numpy())`, ou "
            "`evalbook.kappa_breakdown(sentimento)`."
        ),
    ),
    "prever_kappa": prediction(
        lambda _: evalbook.cohen_kappa(data.sentiment_matrix()),
        quantity="o kappa do classificador de sentimento",
        variable="palpite_kappa",
        about=", para o kappa do classificador.",
        bounds=(-1.0, 1.0),
        boundary=(0.0, "pior do que o acaso", "melhor do que o acaso"),
        comment=(
            "Pense por quê: o kappa desconta os acertos que o acaso daria, e por isso fica "
            "abaixo da acurácia."
        ),
    ),
    "kappa": Exercise(
        expected=lambda _: evalbook.cohen_kappa(data.sentiment_matrix()),
        kind="number",
        look=(
            "O kappa pergunta: quantos sucessos o modelo teve ALÉM do acaso, do máximo que ele "
            "poderia ter além do acaso? Use os números da questão 2 (lição 04, seção 3)."
        ),
        formula="kappa = (sucessos − esperados) / (n − esperados) (handout 001).",
        call=(
            "`evalbook.cohen_kappa(sentimento)` ou `evalbook.kappa_breakdown(sentimento).kappa`."
        ),
        mistakes=(
            (
                lambda _: evalbook.accuracy(data.sentiment_matrix()),
                "Essa é a taxa de sucesso (acurácia). O kappa desconta os sucessos que o "
                "acaso já daria.",
            ),
            (
                lambda _: (
                    evalbook.kappa_breakdown(data.sentiment_matrix()).extra
                    / data.sentiment_matrix().n
                ),
                "Você dividiu os sucessos extra por n; o denominador é o máximo de sucessos "
                "extra, n − esperados.",
            ),
        ),
    ),
    "kappa_sua": Exercise(
        expected=lambda v: evalbook.cohen_kappa(data.sentiment_twin(variant=v)),
        kind="number",
        look=(
            "A mesma conta da questão 3, agora na matriz `sentimento_sua`: sucessos além do "
            "acaso sobre o máximo possível além do acaso (lição 04, seção 3)."
        ),
        formula=(
            "kappa = (p_o − p_e) / (1 − p_e), com p_o a diagonal / n e p_e = Σ (total da linha "
            "× total da coluna) / n² (handout 001)."
        ),
        call="`evalbook.cohen_kappa(sentimento_sua)`.",
        mistakes=(
            (
                lambda v: evalbook.accuracy(data.sentiment_twin(variant=v)),
                "Essa é a taxa de sucesso (acurácia). O kappa desconta os sucessos que o "
                "acaso já daria.",
            ),
        ),
    ),
    "kappa_negativo": Exercise(
        expected=lambda _: evalbook.cohen_kappa(data.swapping_matrix()),
        kind="number",
        look=(
            "Um modelo que erra tudo acerta menos do que o acaso acertaria. O que isso faz com o "
            'numerador do kappa? (lição 04, seção 4, "O máximo e o mínimo do kappa").'
        ),
        formula=(
            "Calcule como sempre: sucessos (a diagonal, 0), sucessos esperados pelo acaso (Σ linha "
            "× coluna / n) e kappa = (sucessos − esperados) / (n − esperados)."
        ),
        call="`evalbook.kappa_breakdown(erra_tudo).kappa`.",
        mistakes=(
            (
                lambda _: 0.0,
                "O handout 001 diz que errar tudo dá kappa 0%, mas isso é um erro dele: "
                "acertar menos do que o acaso dá kappa negativo. Faça a conta.",
            ),
        ),
        comment="Negativo: errar tudo é pior do que o acaso.",
    ),
    "kappa_negativo_sentido": multiple_choice(
        "a",
        {
            "a": (
                "Kappa < 0 é pior que o acaso. E, num problema binário, trocar as "
                "predições desse modelo daria um classificador muito bom: ele “sabe”, mas "
                "ao contrário."
            ),
            "b": (
                "O kappa vai de −1 (no caso extremo) a 1; 0 é o acaso. Valores negativos "
                "são raros, mas possíveis (lição 04, seção 4)."
            ),
            "c": (
                "Kappa 0 é o acaso, e este kappa não é 0: o sinal diz alguma coisa. Compare "
                "os acertos observados com os esperados pelo acaso."
            ),
            "d": (
                "A acurácia é uma fração de acertos: vai de 0 a 1 e nunca é negativa. Aqui ela é 0."
            ),
        },
        look=(
            "O kappa compara os sucessos com os sucessos do acaso. O que significa ter "
            "menos sucessos que o acaso? (lição 04, seção 4)."
        ),
        formula=(
            "kappa = (sucessos − esperados) / (n − esperados): negativo quando os sucessos "
            "ficam abaixo dos esperados pelo acaso."
        ),
        call=(
            "Confira com `evalbook.kappa_breakdown(erra_tudo)`: compare `observed` com `expected`."
        ),
    ),
    "mcc_kappa": Exercise(
        expected=lambda _: (
            evalbook.mcc(data.fraud_detector_matrix()),
            evalbook.cohen_kappa(data.fraud_detector_matrix()),
        ),
        kind="numbers",
        names=("eq. (10.6)", "kappa"),
        look=(
            "Leia a eq. (10.6) do handout 002 com cuidado: ela tem a forma de uma correlação. "
            "Qual métrica da lição 02 tem essa forma? (lição 04, seção 5)."
        ),
        formula=(
            "A eq. (10.6) é (VP·VN − FP·FN) / √((VP+FP)(VN+FN)(VP+FN)(VN+FP)), o MCC; o kappa de "
            "Cohen é (p_o − p_e) / (1 − p_e)."
        ),
        call="`evalbook.mcc(fraude)` e `evalbook.cohen_kappa(fraude)`.",
        mistakes=(
            (
                lambda _: (
                    evalbook.mcc(data.fraud_detector_matrix()),
                    evalbook.mcc(data.fraud_detector_matrix()),
                ),
                "O seu kappa é o MCC: o handout 002 chama a eq. (10.6) de “Kappa”, mas o "
                "kappa de Cohen é (p_o − p_e) / (1 − p_e).",
            ),
        ),
        comment="Próximos, mas diferentes: a eq. (10.6) é o coeficiente de Matthews.",
    ),
    "ic": Exercise(
        expected=lambda _: _overall("accuracy_lower", "accuracy_upper"),
        kind="numbers",
        names=("limite inferior", "limite superior"),
        look=(
            "Qual intervalo o relatório do caret dá para a acurácia? Não é o da aproximação normal "
            '(lição 04, seção 6, "O relatório do caret").'
        ),
        formula=(
            "O caret usa o intervalo exato (Clopper–Pearson) de 95% para a acurácia, com os "
            "acertos (a diagonal) em n ensaios."
        ),
        call='`evalbook.summary(fraude).overall[["accuracy_lower", "accuracy_upper"]]`.',
        mistakes=(
            (
                lambda _: _wald_interval(),
                "Esse é o intervalo da aproximação normal, p ± 1.96·√(p(1 − p)/n). O caret "
                "usa o intervalo exato de Clopper–Pearson.",
            ),
        ),
    ),
    "nir_p": Exercise(
        expected=lambda _: _overall("no_information_rate", "accuracy_p_value"),
        kind="numbers",
        names=("NIR", "valor-p"),
        look=(
            "A NIR (no information rate) é a acurácia de quem chuta sempre a classe mais comum. "
            "Mais comum entre os alvos ou entre as predições? (lição 04, seção 6)."
        ),
        formula=(
            "A NIR é a fração da maior classe REAL (linha); o valor-p é o do teste binomial "
            "unilateral de acurácia > NIR."
        ),
        call='`evalbook.summary(fraude).overall[["no_information_rate", "accuracy_p_value"]]`.',
        mistakes=(
            (
                lambda _: (_prediction_majority(), *_overall("accuracy_p_value")),
                "A NIR usa a maior classe do ALVO (totais das linhas), não da predição.",
            ),
        ),
        comment=(
            "Um valor-p abaixo de 0.05: a acurácia é significativamente maior do que a de "
            "dizer sempre “legítima”, a classe majoritária."
        ),
    ),
    "valor_p": multiple_choice(
        "a",
        {
            "a": (
                "É um teste binomial unilateral; um valor-p pequeno diz que o modelo "
                "bate o chute da classe majoritária."
            ),
            "b": (
                "O kappa não entra nesse teste: o valor-p vem de uma binomial sobre o "
                "número de acertos, e o kappa não é uma contagem de acertos."
            ),
            "c": (
                "50% seria o chute de uma moeda. Com classes desbalanceadas, que acurácia "
                "teria um modelo que não aprendeu nada?"
            ),
            "d": (
                "O teste não separa as classes: ele usa só o total de acertos e o total de "
                "instâncias."
            ),
        },
        look=(
            "A NIR é a acurácia de quem sempre chuta a classe mais comum. Um valor-p "
            "pequeno rejeita que hipótese? (lição 04, seção 6)."
        ),
        formula=("H₀: acurácia ≤ NIR; o valor-p é P[X ≥ acertos] para X ~ Binomial(n, NIR)."),
        call=(
            'Confira com `scipy.stats.binomtest(acertos, n, nir, alternative="greater")'
            ".pvalue` e `evalbook.summary(fraude).overall`."
        ),
    ),
    "prevalencia": Exercise(
        expected=lambda _: _prevalence_move(),
        kind="choice",
        choices=tuple(PREVALENCE_MOVES.values()),
        look=(
            "Monte a matriz do detector com metade de fraudes e calcule de novo a acurácia e o "
            "kappa; compare com os da matriz original (lição 04, seção 7)."
        ),
        formula=(
            "acurácia = π·sensibilidade + (1 − π)·especificidade, com π a fração de fraudes; o "
            "kappa desconta o acerto esperado por acaso, que também muda com π."
        ),
        call=(
            "`evalbook.accuracy` e `evalbook.cohen_kappa` de `evalbook.ConfusionMatrix([[90, "
            "60], [4, 146]], labels=...)` e da matriz original."
        ),
        comment=_prevalence_comment,
        facts={
            "a acurácia e o kappa mudam": lambda _: all(
                before != after for before, after in zip(*_moves(), strict=True)
            ),
        },
    ),
    "explique": written(
        "Por que o kappa fica abaixo da acurácia? O que ele desconta?",
    ),
}

SET = ExerciseSet("04", title="Kappa e concordância", variants=True, items=ITEMS)
