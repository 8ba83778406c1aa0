"""Exercises 03 (custo e desbalanceamento): two credit models, a profit matrix, a dumb model.

The data (:func:`evalcourse.exercises.data.credit_models`, variants allowed) are made up
for the exercises (not from the handouts), in the shape of handout
000's Tabelas 4-6: two models that decide whether a loan applicant will default
(``"inadimplente"``, the positive class) on 200 applicants, and what each cell of the
confusion matrix earns or costs. Every expected answer is computed with the library.

Examples
--------
>>> SET["03.lucros"].expected(None)
(3000.0, 4000.0)
"""

from __future__ import annotations

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data

CREDIT_LABELS = data.CREDIT_LABELS


def credit_models(variant) -> dict[str, evalbook.ConfusionMatrix]:
    """The two models' confusion matrices in ``variant``."""
    return data.credit_models(variant=variant)


def profit_matrix():
    """The profit matrix as a DataFrame labelled by the classes (rows = target)."""
    return data.profit_table()


def dumb_model(variant) -> evalbook.ConfusionMatrix:
    """The model that approves everybody (always predicts ``"adimplente"``)."""
    totals = credit_models(variant)["A"].target_totals
    return evalbook.ConfusionMatrix([[0, totals[0]], [0, totals[1]]], labels=list(CREDIT_LABELS))


def _profits(variant, gains=None) -> dict[str, float]:
    gains = profit_matrix() if gains is None else gains
    return {name: evalbook.profit(cm, gains) for name, cm in credit_models(variant).items()}


def _winner(values: dict[str, float]) -> str:
    return max(values, key=values.get)


def _profits_at(variant, price: float) -> dict[str, float]:
    """Each model's profit when denying credit to a good payer (a false positive) pays
    ``price``."""
    gains = profit_matrix().astype(float)
    gains.loc["adimplente", "inadimplente"] = price
    return _profits(variant, gains)


def _break_even(variant) -> float:
    """The false-positive price at which both models earn the same (profit is linear in it)."""

    def gap(price: float) -> float:
        values = _profits_at(variant, price)
        return values["A"] - values["B"]

    return -gap(0.0) / (gap(1.0) - gap(0.0))


def _recalls(variant, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in evalbook.per_class_recall(credit_models(variant)[name]))


def _means(cm) -> tuple[float, float]:
    return (
        evalbook.average_class_accuracy(cm),
        evalbook.average_class_accuracy(cm, average="harmonic"),
    )


# ---------------------------------------------------------------------- items that need thinking
#: 03.custo_300: the new price of denying credit to a good payer.
DENIAL_PRICE = -300


def _winner_with_denial_price(variant, price: float) -> str:
    return _winner(_profits_at(variant, price))


def _accuracy_winner(variant) -> str:
    models = credit_models(variant)
    return max(models, key=lambda name: evalbook.accuracy(models[name]))


def _choice_comment(variant) -> str:
    """The comment on the right model, written from this variant's three rankings."""
    chosen = _winner(_profits(variant))
    models = credit_models(variant)
    by_mean = max(models, key=lambda name: evalbook.average_class_accuracy(models[name]))
    by_accuracy = _accuracy_winner(variant)
    accuracy = (
        "A acurácia escolheria o outro modelo"
        if by_accuracy != chosen
        else "Aqui a acurácia escolhe o mesmo modelo, mas sem olhar o preço de cada erro"
    )
    mean = "este" if by_mean == chosen else "o outro"
    return f"{accuracy}; a acurácia média por classe escolhe {mean}, e o lucro decide."


def _fn(variant, name: str) -> int:
    return int(credit_models(variant)[name].counts[0, 1])


def _no_tie(values: dict[str, float]) -> bool:
    return values["A"] != values["B"]


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "revocacoes": Exercise(
        expected=lambda variant: _recalls(variant, "A"),
        kind="numbers",
        names=("revocação de inadimplente", "revocação de adimplente"),
        look=(
            "A acurácia de uma classe é a fração dos exemplos DESSA classe que o modelo acertou. "
            'Olhe a linha de cada classe (lição 03, seção 2, "Acurácia por classe").'
        ),
        formula=(
            "A acurácia de cada classe (handout 000, eq. (6)) é a revocação dela: a célula da "
            "diagonal dividida pelo total da LINHA da classe."
        ),
        call="`evalbook.per_class_recall(cm_a)`.",
        mistakes=(
            (
                lambda variant: tuple(
                    evalbook.precision(credit_models(variant)["A"].with_positive(label))
                    for label in CREDIT_LABELS
                ),
                "Você dividiu pelo total da coluna (a predição): isso é a precisão de cada "
                "classe. A revocação divide pelo total da linha (o alvo).",
            ),
        ),
    ),
    "medias": Exercise(
        expected=lambda variant: _means(credit_models(variant)["A"]),
        kind="numbers",
        names=("média aritmética", "média harmônica"),
        look=(
            "Duas médias das acurácias por classe da questão 1: a de sempre e a que pune a classe "
            'mais fraca (lição 03, seção 3, "Média aritmética e média harmônica").'
        ),
        formula=(
            "Aritmética: (r₁ + r₂) / 2 (eq. (7)); harmônica: 1 / ((1/r₁ + 1/r₂) / 2) (eq. (9)), "
            "com r as revocações das classes."
        ),
        call=(
            "`evalbook.average_class_accuracy(cm_a)` e `evalbook.average_class_accuracy(cm_a, "
            'average="harmonic")`.'
        ),
        mistakes=(
            (
                lambda variant: (
                    evalbook.accuracy(credit_models(variant)["A"]),
                    evalbook.average_class_accuracy(
                        credit_models(variant)["A"], average="harmonic"
                    ),
                ),
                "O primeiro número é a acurácia comum, (TP + TN) / n. A média aritmética é "
                "das revocações das classes, cada classe com o mesmo peso.",
            ),
        ),
        comment="A harmônica fica abaixo da aritmética: ela pune a classe mais fraca.",
    ),
    "lucros": Exercise(
        expected=lambda variant: (_profits(variant)["A"], _profits(variant)["B"]),
        kind="numbers",
        names=("lucro de A", "lucro de B"),
        look=(
            "Cada cliente cai numa célula da matriz de confusão e rende (ou custa) o valor da "
            'mesma célula na matriz de lucro (lição 03, seção 6, "O lucro dos dois modelos").'
        ),
        formula=(
            "Lucro = Σ contagem × valor, célula a célula, com a matriz de lucro na mesma "
            "orientação da matriz de confusão (linhas = alvo)."
        ),
        call="`evalbook.profit(cm_a, lucros)` e `evalbook.profit(cm_b, lucros)`.",
        mistakes=(
            (
                lambda variant: tuple(_profits(variant, profit_matrix().T.to_numpy()).values()),
                "A matriz de lucro ficou transposta: FP e FN trocaram de valor. As linhas são "
                "o alvo e as colunas a predição, nas duas matrizes.",
            ),
        ),
    ),
    "escolha": Exercise(
        expected=lambda variant: _winner(_profits(variant)),
        kind="choice",
        choices=("A", "B"),
        look=(
            "O banco quer ganhar dinheiro: qual dos números que você já calculou mede isso? A "
            "acurácia conta acertos, mas todos os erros custam o mesmo para ela?"
        ),
        formula="Compare os lucros da questão 3: o modelo de maior lucro é o que o banco quer.",
        call="Compare `evalbook.profit(cm_a, lucros)` com `evalbook.profit(cm_b, lucros)`.",
        mistakes=(
            (
                lambda variant: max(
                    credit_models(variant),
                    key=lambda name: evalbook.accuracy(credit_models(variant)[name]),
                ),
                "Esse é o modelo de maior acurácia. Mas ele empresta a mais inadimplentes, e "
                "cada um custa 500: decida pelo lucro.",
            ),
        ),
        comment=_choice_comment,
        facts={
            "os lucros dos dois modelos diferem": lambda v: _no_tie(_profits(v)),
            "as acurácias dos dois modelos diferem": lambda v: (
                evalbook.accuracy(credit_models(v)["A"]) != evalbook.accuracy(credit_models(v)["B"])
            ),
            "o de maior acurácia, quando lucra menos, empresta a mais inadimplentes": lambda v: (
                _accuracy_winner(v) == _winner(_profits(v))
                or _fn(v, _accuracy_winner(v)) > _fn(v, _winner(_profits(v)))
            ),
        },
    ),
    "empate": Exercise(
        expected=_break_even,
        kind="number",
        look=(
            "Se só o valor c do falso positivo muda, o lucro de cada modelo é uma reta em c. Onde "
            'duas retas se cruzam? (lição 03, seção 7, "Explorando os preços").'
        ),
        formula=(
            "Escreva lucro_A(c) e lucro_B(c) (os outros três valores fixos) e resolva lucro_A(c) = "
            "lucro_B(c): c = (resto_B − resto_A) / (FP_A − FP_B)."
        ),
        call=(
            "Calcule a diferença `evalbook.profit(cm_a, tabela) - evalbook.profit(cm_b, tabela)` "
            "em dois valores de c e ache o zero da reta."
        ),
        mistakes=(
            (
                lambda variant: -_break_even(variant),
                "O sinal está trocado: o falso positivo é um custo, o valor na matriz de lucro "
                "é negativo.",
            ),
        ),
        comment=(
            "Nesse preço os dois lucros se igualam: de um lado dele ganha um modelo, do "
            "outro lado, o outro."
        ),
        facts={"o preço do empate é negativo (um custo)": lambda v: _break_even(v) < 0},
    ),
    "custo_300": Exercise(
        expected=lambda variant: _winner_with_denial_price(variant, DENIAL_PRICE),
        kind="choice",
        choices=("A", "B"),
        look=(
            "Refaça a conta do lucro com a nova matriz de lucro: só uma célula mudou. Qual "
            "modelo comete mais erros nessa célula? (lição 03, seção 7)."
        ),
        formula=(
            "Lucro = Σ contagem × valor, agora com −300 na célula (alvo adimplente, "
            "predição inadimplente); o preço de empate da questão 5 diz de que lado fica "
            "cada modelo."
        ),
        call=(
            'Com `tabela = lucros.astype(float)` e `tabela.loc["adimplente", '
            '"inadimplente"] = -300`, compare `evalbook.profit(cm_a, tabela)` com '
            "`evalbook.profit(cm_b, tabela)`."
        ),
        mistakes=(
            (
                lambda variant: _winner(_profits(variant)),
                "Esse é o melhor modelo com os preços antigos. Com o falso positivo mais "
                "caro, recalcule os dois lucros.",
            ),
        ),
        comment="Quando o preço de um erro muda, a escolha pode mudar: a acurácia nem vê isso.",
        facts={
            "os lucros com −300 diferem": lambda v: _no_tie(_profits_at(v, DENIAL_PRICE)),
        },
    ),
    "burro": Exercise(
        expected=lambda variant: (
            evalbook.accuracy(dumb_model(variant)),
            evalbook.average_class_accuracy(dumb_model(variant), average="harmonic"),
        ),
        kind="numbers",
        names=("acurácia", "média harmônica"),
        look=(
            "O modelo que aprova todo mundo nunca prevê “inadimplente”: em que coluna caem todos "
            "os clientes? E qual é a revocação de uma classe que nunca é prevista? (lição 03, "
            "seção 8)."
        ),
        formula=(
            "Na matriz dele, a linha de inadimplentes vai toda para a coluna “adimplente”: "
            "acurácia = adimplentes / n; a revocação de “inadimplente” é 0, e a média harmônica "
            "com um 0 dá 0."
        ),
        call=(
            "`evalbook.accuracy(cm_burro)` e `evalbook.average_class_accuracy(cm_burro, "
            'average="harmonic")`.'
        ),
        mistakes=(
            (
                lambda variant: (
                    evalbook.accuracy(dumb_model(variant)),
                    _means(dumb_model(variant))[0],
                ),
                "Essa é a média aritmética das revocações (0.5). A harmônica vai a 0 quando "
                "uma classe tem revocação 0.",
            ),
        ),
        comment="Acurácia alta e média harmônica 0: o modelo não acha nenhum inadimplente.",
    ),
    "media_certa": multiple_choice(
        "c",
        {
            "a": (
                "Tentadora, porque é simples; mas com uma classe rara a acurácia premia o "
                "modelo que aprova todo mundo (questão 6: acurácia alta sem achar nenhum "
                "inadimplente)."
            ),
            "b": (
                "É a acurácia balanceada, o padrão da literatura e do scikit-learn: uma boa "
                "escolha em geral. Mas ela ainda perdoa uma classe ignorada (com revocações 1 "
                "e 0 dá 0.5), e a pergunta é qual número mais pune esse modelo."
            ),
            "c": (
                "A harmônica vai a 0 quando qualquer classe é ignorada (questão 6) "
                "e fica perto da pior classe; um modelo só pontua bem se acertar as duas."
            ),
            "d": (
                "“adimplente” é a classe que quase todo modelo acerta; olhar só para ela "
                "esconde justamente os inadimplentes."
            ),
        },
        look=(
            "Qual das médias pune a classe mais fraca? Lembre-se do modelo burro da "
            "questão 6 (lição 03, seção 3)."
        ),
        formula=(
            "Aritmética: (r₁ + r₂)/2; harmônica: 2 / (1/r₁ + 1/r₂), que vai a 0 quando "
            "qualquer rᵢ é 0 (handout 000, eqs. (7) e (9))."
        ),
        call=(
            "Compare `evalbook.average_class_accuracy(cm_burro)` com "
            '`evalbook.average_class_accuracy(cm_burro, average="harmonic")`.'
        ),
    ),
    "recuperar_lucro": multiple_choice(
        "c",
        {
            "a": (
                "Cada lucro é uma equação linear nos quatro valores: duas equações não fixam "
                "quatro incógnitas."
            ),
            "b": (
                "Matrizes diferentes dão duas equações independentes, mas ainda faltam duas: "
                "infinitas matrizes de lucro dão os mesmos dois lucros."
            ),
            "c": (
                "Lucro = Σ contagem × valor: uma equação por modelo, linear nos quatro valores. "
                "Com dois modelos, duas equações; a lição 03 recupera a matriz do handout fixando "
                "valores que o texto dá (e diz que o resultado é por construção)."
            ),
            "d": (
                "A acurácia dá o mesmo valor a todo acerto e a todo erro; a matriz de lucro existe "
                "justamente porque eles valem diferente."
            ),
        },
        look=(
            "Escreva o lucro de um modelo como uma soma sobre as quatro células. Quantas "
            "incógnitas há, e quantas equações os dois lucros dão? (lição 03)."
        ),
        formula=(
            "lucro_A = Σ cm_A[i, j] · v[i, j] e lucro_B = Σ cm_B[i, j] · v[i, j]: duas equações "
            "lineares em quatro valores v."
        ),
        call=(
            "Monte o sistema com `numpy` (duas linhas, quatro colunas) e veja o seu posto: "
            "`np.linalg.matrix_rank`."
        ),
    ),
    "explique": written(
        "Por que o modelo de maior acurácia nem sempre é o que dá mais lucro?",
    ),
}

SET = ExerciseSet("03", title="Custo e desbalanceamento", variants=True, items=ITEMS)
