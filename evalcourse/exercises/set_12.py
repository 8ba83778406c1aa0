"""Exercises of ``exercises/12_sobreajuste_vazamento_e_comparacao.ipynb`` (lesson 12).

The data are in :mod:`evalcourse.exercises.data_beyond`: two spam filters on the same 24
e-mails (``two_classifiers``), the two screening tests of set 11 (``screening``), a 5×2cv
table (``five_by_two``) and bootstrap predictions (``bootstrap_predictions_table``); a
homework variant draws each of them anew. Every expected answer is computed with the
library. The multiple-choice items (``12.teste``, ``12.vazamento``, ``12.aninhada``)
describe situations of their own and read no data: their answers do not depend on the variant.

Examples
--------
>>> SET["12.mcnemar"].expected(None)[:2]
(6, 2)
>>> SET["12.mcnemar"].expected(7)[:2] != (6, 2)
True
"""

from __future__ import annotations

import numpy as np

from evalbook.exercises.item import SIGNIFICANCE, Exercise, ExerciseSet, multiple_choice, written
from evalbook.inference._paired_tests import (
    delong_test,
    f_test_5x2cv,
    mcnemar_test,
    paired_ttest_5x2cv,
)
from evalbook.model_selection._bias_variance import bias_variance_decomposition
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


def _bias_variance(variant) -> tuple[float, float]:
    truth, predictions = data.bootstrap_predictions_table(variant=variant)
    result = bias_variance_decomposition(truth, predictions, loss="squared")
    return result.bias, result.variance


def _sample_variance(variant) -> tuple[float, float]:
    truth, predictions = data.bootstrap_predictions_table(variant=variant)
    bias = float(np.mean((predictions.mean(axis=0) - truth) ** 2))
    return bias, float(np.mean(predictions.var(axis=0, ddof=1)))


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "previsao_p": Exercise(
        expected=lambda v: _mcnemar(v).p_value,
        kind="prediction",
        names=("o p-valor exato do McNemar",),
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
        names=("b (só A acerta)", "c (só B acerta)", "p-valor exato"),
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
                "Esse é o p-valor unilateral. A pergunta é se os filtros diferem, para qualquer "
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
        names=("diferença das AUCs (A − B)", "p-valor"),
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
        names=("t", "p-valor do t", "f", "p-valor do f"),
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
    "vies_variancia": Exercise(
        expected=lambda v: _bias_variance(v),
        kind="numbers",
        names=("viés²", "variância"),
        look=(
            "Para cada ponto, a predição típica é a média dos 5 treinos. O viés olha a "
            "distância dela à verdade; a variância, a oscilação em torno dela (lição 12, seção 2)."
        ),
        formula=(
            "viés² = média sobre os pontos de (ȳ − verdade)²; variância = média de (ŷ − ȳ)² "
            "sobre treinos e pontos (dividindo por 5, não por 4)."
        ),
        call='`bias_variance_decomposition(verdade, predicoes, loss="squared")`.',
        mistakes=(
            (
                lambda v: _sample_variance(v),
                "A variância aqui divide por 5 (o número de treinos), não por 4: é a variância "
                "das predições, não uma estimativa amostral.",
            ),
            (
                lambda v: _bias_variance(v)[::-1],
                "Os dois números parecem trocados: a ordem é (viés², variância).",
            ),
        ),
    ),
    "vazamento": multiple_choice(
        "1",
        look=(
            "Em qual linha um passo aprende alguma coisa com todas as instâncias, as de teste "
            "incluídas? (lição 12, seção 3)."
        ),
        formula=(
            "Tudo o que aprende com os dados (e sobretudo com os rótulos) vai dentro dos folds."
        ),
        call="A correção: `make_pipeline(SelectKBest(f_classif, k=20), LogisticRegression())`.",
        feedback={
            "1": (
                "Isso: a seleção olha os rótulos de todas as instâncias, inclusive as que depois "
                "serão teste. Em rótulos sorteados, isso dá acurácias muito acima de 50%."
            ),
            "2": "Criar o modelo não olha dado nenhum: nada vaza aqui.",
            "3": (
                "Estratificar e embaralhar com semente não olha os rótulos das instâncias de "
                "teste: nada vaza aqui."
            ),
            "4": (
                "A validação cruzada em si está certa: cada fold treina sem as suas instâncias "
                "de teste. Procure um passo que aprende com todas elas."
            ),
        },
    ),
    "aninhada": multiple_choice(
        "b",
        look="Os 15 escores da busca oscilam em torno de quê, se os rótulos são sorteados?",
        formula="O máximo de várias estimativas ruidosas é, em média, maior que cada uma delas.",
        call="Compare `best_score_` com `cross_val_score(busca, X, y, cv=...)` (aninhada).",
        feedback={
            "a": "Com rótulos sorteados não há padrão real para aprender: a verdade é 50%.",
            "b": (
                "Isso: cada k tem um escore ruidoso em torno de 50%, e o melhor deles é escolhido "
                "justamente por ter tido sorte (Cawley & Talbot 2010)."
            ),
            "c": (
                "Padronizar mudaria os vizinhos, mas não criaria sinal onde não há: o escore "
                "alto continuaria sem explicação."
            ),
            "d": (
                "Com 10 folds cada escore oscila um pouco menos, mas nada de essencial muda: "
                "pense no que a busca faz com os 15 escores."
            ),
        },
    ),
    "explique": written(
        "Por que escolher os atributos com todos os dados, antes da validação cruzada, vaza "
        "informação?"
    ),
}

SET = ExerciseSet(
    "12", title="Sobreajuste, vazamento e comparar dois classificadores", variants=True, items=ITEMS
)
