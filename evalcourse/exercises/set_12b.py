"""Exercises of ``exercises/12b_comparar_dois_classificadores.ipynb`` (lesson 12b).

The data are in :mod:`evalcourse.exercises.data_beyond`: two spam filters on the same 24
e-mails (``two_classifiers``), the two screening tests of set 11 (``screening``) and a
5×2cv table (``five_by_two``); a homework variant draws each of them anew. Every expected
answer is computed with the library. The multiple-choice item ``12.teste`` describes a
situation of its own and reads no data. The items came from set 12 and keep their ids.

Examples
--------
>>> SET["12.mcnemar"].expected(None)[:2]
(6, 2)
>>> SET["12.mcnemar"].expected(7)[:2] != (6, 2)
True
"""

from __future__ import annotations

import numpy as np

from evalbook import (
    delong_test,
    f_test_5x2cv,
    mcnemar_test,
    paired_ttest_5x2cv,
)
from evalbook.exercises.item import SIGNIFICANCE, Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data_beyond as data


def _mcnemar(variant, **options):
    table = data.two_classifiers(variant=variant)
    return mcnemar_test(table.target, table.filter_a, table.filter_b, **options)


def _delong(variant) -> tuple[float, float]:
    table = data.screening(variant=variant)
    result = delong_test(table.target, table.score, table.score_b, positive="doente")
    return result.difference, result.p_value


def _t_with_mean(variant) -> tuple[float, float]:
    """The 5×2cv t with the mean of the ten differences on top (not Dietterich's p₁⁽¹⁾)."""
    from scipy.stats import t

    a, b = data.five_by_two(variant=variant)
    differences = a - b
    variances = np.sum((differences - differences.mean(axis=1, keepdims=True)) ** 2, axis=1)
    statistic = float(differences.mean() / np.sqrt(variances.sum() / 5))
    return statistic, float(2 * t.sf(abs(statistic), 5))


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "previsao_p": Exercise(
        expected=lambda v: _mcnemar(v).p_value,
        kind="prediction",
        names=("o valor-p exato do McNemar",),
        reveal=False,
        boundary=SIGNIFICANCE,
        look="Qualquer previsão entre 0 e 1 vale: escreva um número antes de calcular.",
        formula="Só contam os e-mails em que exatamente um dos filtros acerta.",
        call="As próximas questões calculam o valor.",
    ),
    "mcnemar": Exercise(
        expected=lambda v: (
            _mcnemar(v).only_a_right,
            _mcnemar(v).only_b_right,
            _mcnemar(v).p_value,
        ),
        kind="numbers",
        names=("b (só A acerta)", "c (só B acerta)", "valor-p exato"),
        look=(
            "Compare, e-mail a e-mail, se cada filtro acertou. Quais e-mails dizem algo sobre "
            "qual filtro é melhor? E se os dois fossem igualmente bons, para que lado cairia "
            "cada desacordo? (lição 12, seção 4)."
        ),
        formula=(
            "b = A acerta e B erra; c = B acerta e A erra; p = 2 · P(X ≤ min(b, c)) com "
            "X ~ Binomial(b + c, ½), limitado a 1."
        ),
        call="`mcnemar_test(alvo, filtro_a, filtro_b, exact=True)`.",
        mistakes=(
            (
                lambda v: (
                    _mcnemar(v).only_b_right,
                    _mcnemar(v).only_a_right,
                    _mcnemar(v).p_value,
                ),
                "b e c parecem trocados: primeiro b (só A acerta), depois c (só B acerta).",
            ),
            (
                lambda v: (
                    _mcnemar(v).only_a_right,
                    _mcnemar(v).only_b_right,
                    _mcnemar(v).p_value / 2,
                ),
                "Esse é o valor-p unilateral. A pergunta é se os filtros diferem, para qualquer "
                "lado: o teste é bilateral.",
            ),
        ),
    ),
    "teste": multiple_choice(
        "mcnemar",
        look=(
            "Duas redes treinadas uma vez cada (dias de GPU) e testadas nas mesmas 2000 imagens: "
            "o que varia, e o que é pareado? (lição 12, 'Qual teste, quando')."
        ),
        formula=(
            "Mesmo conjunto de teste, modelos treinados uma vez: compare as predições pareadas."
        ),
        call="`mcnemar_test(alvo, pred_a, pred_b)`.",
        feedback={
            "mcnemar": (
                "Isso: os modelos já estão treinados e veem as mesmas imagens; os desacordos "
                "pareados são a evidência (Dietterich 1998 o recomenda quando só se treina "
                "uma vez)."
            ),
            "t pareado nos folds": (
                "Exigiria treinar cada rede k vezes, o que o orçamento não permite, e sem a "
                "correção de Nadeau & Bengio seria otimista."
            ),
            "intervalo de d": (
                "O intervalo da lição 10 supõe conjuntos de teste independentes; aqui as duas "
                "acurácias vêm das mesmas imagens e são correlacionadas: ele fica largo demais."
            ),
            "friedman": "Friedman compara vários algoritmos em vários datasets, pelos postos.",
        },
    ),
    "delong": Exercise(
        expected=lambda v: _delong(v),
        kind="numbers",
        names=("diferença das AUCs (A − B)", "valor-p"),
        look=(
            "Os dois testes de triagem deram scores aos mesmos 20 pacientes: as duas AUCs são "
            "correlacionadas (lição 12, seção 4)."
        ),
        formula=(
            "DeLong: a variância de AUC_A − AUC_B vem das covariâncias dos componentes de cada "
            "paciente; z = diferença / erro padrão, p bilateral."
        ),
        call='`delong_test(alvo, score, score_b, positive="doente")`.',
    ),
    "testes_5x2": Exercise(
        expected=lambda v: (
            *paired_ttest_5x2cv(*data.five_by_two(variant=v)),
            *f_test_5x2cv(*data.five_by_two(variant=v)),
        ),
        kind="numbers",
        names=("t", "valor-p do t", "f", "valor-p do f"),
        look=(
            "O teste t 5×2cv usa uma só das dez diferenças no numerador (qual?); o F de "
            "Alpaydin usa todas (lição 12, seção 4)."
        ),
        formula=(
            "sᵢ² = Σⱼ (pᵢ⁽ʲ⁾ − p̄ᵢ)²; t = p₁⁽¹⁾ / √(Σᵢ sᵢ² / 5) com 5 graus de liberdade; "
            "f = Σᵢ Σⱼ (pᵢ⁽ʲ⁾)² / (2 Σᵢ sᵢ²) com 10 e 5 graus de liberdade."
        ),
        call="`paired_ttest_5x2cv(acuracias_a, acuracias_b)` e `f_test_5x2cv(...)`.",
        mistakes=(
            (
                lambda v: (*_t_with_mean(v), *f_test_5x2cv(*data.five_by_two(variant=v))),
                "O t parece ter a média das dez diferenças no numerador; Dietterich usa a "
                "primeira, p₁⁽¹⁾ (primeira repetição, primeiro fold).",
            ),
        ),
    ),
    "explique_pareado": written(
        "Dois modelos foram testados nas mesmas instâncias. Por que o teste de McNemar olha só "
        "as instâncias em que eles discordam?"
    ),
}

SET = ExerciseSet(
    "12b", title="Comparar dois classificadores", variants=True, id_prefix="12", items=ITEMS
)
