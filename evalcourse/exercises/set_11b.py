"""Exercises of ``exercises/11b_calibracao.ipynb`` (lesson 11b).

The data are in :mod:`evalcourse.exercises.data_beyond`: two rain forecasters
(``forecasts``) and a 3-animal classifier (``photos``); a homework variant draws each of
them anew. Every expected answer is computed with the library when it is checked. The items
came from set 11 and keep their ids.

Examples
--------
>>> SET["11.previsor"].expected(None), SET["11.previsor"].expected(7)
('b', 'b')
"""

from __future__ import annotations

import numpy as np

from evalbook import (
    brier_score_loss,
    calibration_curve,
    expected_calibration_error,
    multiclass_roc_auc,
)
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data_beyond as data

#: Question 6: bins of the reliability diagram (uniform).
BINS = data.FORECAST_BINS


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
    brier_a = _forecast(variant, "prob_a", brier_score_loss)
    if brier_a >= _forecast(variant, "prob_b", brier_score_loss):
        raise RuntimeError("question 7's options assume A has the lower Brier score")
    return "b"


def _photos(variant, average: str) -> float:
    target, table = data.photos(variant=variant)
    result = multiclass_roc_auc(target, table, labels=list(data.PHOTO_LABELS))
    return result.macro if average == "macro" else result.weighted


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "calibracao": Exercise(
        expected=lambda v: (
            _forecast(v, "prob_a", brier_score_loss),
            _forecast(v, "prob_b", brier_score_loss),
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
            '`brier_score_loss(alvo, prob, positive="chuva")` e `expected_calibration_error(alvo, '
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
                    _forecast(v, "prob_a", brier_score_loss),
                    _forecast(v, "prob_b", brier_score_loss),
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
            '`brier_score_loss(alvo, prob, positive="chuva")` de cada previsor e de uma coluna '
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
    "confiabilidade": multiple_choice(
        "a",
        {
            "a": (
                "Abaixo da diagonal à direita e acima à esquerda: as probabilidades são extremas "
                "demais, o sinal de um modelo confiante demais; uma recalibração (Platt, "
                "isotônica) as puxa para o meio (lição 11b)."
            ),
            "b": (
                "Um modelo tímido faria o contrário: acima da diagonal à direita, abaixo à "
                "esquerda."
            ),
            "c": (
                "O diagrama julga a calibração, não a ordem: um modelo pode ordenar bem (AUC alta) "
                "e estar mal calibrado."
            ),
            "d": (
                "Bem calibrado é ficar SOBRE a diagonal: cada faixa com frequência igual à "
                "probabilidade dita."
            ),
        },
        look=(
            "A diagonal é a calibração perfeita: diz 0.8, acontece 80%. De que lado dela ficam os "
            "pontos, à direita e à esquerda? (lição 11b)."
        ),
        formula=(
            "Em cada faixa, compare a probabilidade média prevista (eixo x) com a frequência "
            "observada (eixo y)."
        ),
        call=(
            "`evalbook.CalibrationDisplay` (ou `evalbook.calibration_curve`) do modelo: compare x "
            "e y de cada faixa."
        ),
    ),
    "ece_faixas": multiple_choice(
        "b",
        {
            "a": (
                "O modelo é o mesmo; o que muda é a medida, que depende de como as previsões são "
                "agrupadas."
            ),
            "b": (
                "Com faixas pequenas, a frequência observada de cada faixa é ruidosa, e o ECE, que "
                "soma distâncias absolutas, cresce com esse ruído mesmo num modelo calibrado: ele "
                "depende das faixas (lição 11b)."
            ),
            "c": (
                "Mais detalhe com 200 casos é menos casos por faixa: ~10 em cada uma, e a "
                "frequência de cada faixa varia muito de uma amostra para outra."
            ),
            "d": (
                "Num modelo perfeitamente calibrado, o ECE de 200 casos também tende a ser "
                "maior com 20 faixas do que com 5: a diferença vem da medida, não do modelo."
            ),
        },
        look=(
            "Quantos casos ficam em cada faixa com 5 e com 20 faixas? O que acontece com a "
            "frequência observada de uma faixa pequena? (lição 11b)."
        ),
        formula=(
            "ECE = Σ (nₖ/n)·|frequência observadaₖ − probabilidade médiaₖ|: cada termo é positivo, "
            "e o ruído de uma faixa pequena o aumenta."
        ),
        call="`evalbook.expected_calibration_error(alvo, prob, bins=5)` e com `bins=20`.",
    ),
    "recalibrar": multiple_choice(
        "b",
        {
            "a": (
                "Justamente por se ajustar a qualquer forma monótona, a isotônica precisa de mais "
                "dados; com 50 casos ela decora o ruído (Niculescu-Mizil & Caruana 2005)."
            ),
            "b": (
                "Platt estima 2 parâmetros; a isotônica, um degrau por grupo de casos. Com poucos "
                "dados, Platt varia menos; com muitos, a isotônica ganha por ser mais flexível "
                "(lição 11b)."
            ),
            "c": (
                "Com 50 casos a recalibração fica ruidosa, mas Platt costuma melhorar um modelo "
                "confiante demais; avalie com dados que não foram usados para recalibrar."
            ),
            "d": (
                "Os dois são monótonos: não mudam a ordem dos casos (a AUC fica quase igual; a "
                "isotônica só cria empates). O que muda são as probabilidades."
            ),
        },
        look="Quantos parâmetros cada método ajusta, e o que isso faz com 50 casos? (lição 11b).",
        formula=(
            "Platt: p = 1/(1 + exp(a·s + b)), dois parâmetros. Isotônica: uma função em degraus, "
            "monótona, com tantos degraus quantos os dados pedirem."
        ),
        call=(
            '`CalibratedClassifierCV(modelo, method="sigmoid")` e com `method="isotonic"`, '
            "comparados num conjunto à parte."
        ),
    ),
    "explique": written(
        "Como um previsor pode ordenar bem os casos (AUC alta) e ainda assim estar mal calibrado?",
    ),
}

SET = ExerciseSet("11b", title="Calibração", variants=True, id_prefix="11", items=ITEMS)
