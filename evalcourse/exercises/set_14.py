"""Exercises of ``exercises/14_quantos_exemplos_de_teste.ipynb`` (lesson 14).

The assumptions of the evaluation to plan are in :mod:`evalcourse.exercises.data_beyond`
(``evaluation_plan``); a homework variant draws them anew. Every expected answer is
computed with the library. The multiple-choice items ``14.conclusao`` and ``14.reuso``
describe situations of their own and read no data.

Examples
--------
>>> SET["14.tamanho"].expected(None)
1068
>>> SET["14.tamanho"].expected(8) != 1068
True
"""

from __future__ import annotations

from evalbook import (
    accuracy_sample_size,
    expected_best_accuracy,
    expected_interval_width,
    mcnemar_power,
    minimum_detectable_difference,
    roc_auc_difference_sample_size,
)
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, prediction, written
from evalcourse.exercises import data_beyond as data


def _plan(variant) -> dict:
    return data.evaluation_plan(variant=variant)


def _width(variant, method="exact") -> float:
    plan = _plan(variant)
    return expected_interval_width(plan["accuracy"], plan["n"], method=method)


def _size(variant, **options) -> int:
    plan = _plan(variant)
    return accuracy_sample_size(plan["width"], method="normal", **options)


def _power(variant, **options) -> float:
    plan = _plan(variant)
    return mcnemar_power(
        plan["n_pairs"], difference=plan["difference"], discordant=plan["discordant"], **options
    )


def _detectable(variant) -> float:
    plan = _plan(variant)
    return minimum_detectable_difference(plan["n_pairs"], discordant=plan["discordant"])


def _auc_size(variant, **options) -> tuple[int, int]:
    plan = _plan(variant)
    options = {"correlation": plan["correlation"], **options}
    return tuple(roc_auc_difference_sample_size(plan["auc_a"], plan["auc_b"], **options))


def _best(variant) -> float:
    plan = _plan(variant)
    return expected_best_accuracy(plan["n_reuse"], plan["k"])


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "largura": Exercise(
        expected=lambda v: _width(v),
        kind="number",
        look=(
            "Antes do teste, a acurácia observada ainda é aleatória: o que varia de um conjunto "
            "de teste para outro, e com que distribuição? (lição 14, seção 1)."
        ),
        formula=(
            "Largura esperada = Σₓ P(X = x) · (superior(x) − inferior(x)), com X ~ Binomial(n, p) "
            "e o intervalo exato (Clopper–Pearson) de x acertos em n."
        ),
        call='`expected_interval_width(p, n, method="exact")`.',
        mistakes=(
            (
                lambda v: _width(v) / 2,
                "Essa é a metade do intervalo (a margem). A pergunta pede a largura inteira, "
                "do limite inferior ao superior.",
            ),
            (
                lambda v: _width(v, method="wilson"),
                "Esse é o intervalo de Wilson. A pergunta pede o exato (Clopper–Pearson), o que "
                "o caret relata.",
            ),
        ),
    ),
    "tamanho": Exercise(
        expected=lambda v: _size(v),
        kind="count",
        look=(
            "Garantir a largura qualquer que seja o resultado: em que acurácia observada o "
            "intervalo é mais largo? (lição 14, seção 1, 'Quantos exemplos para uma largura?')."
        ),
        formula="Wald no pior caso (p = 0.5): n ≥ z² / largura², arredondado para cima.",
        call='`accuracy_sample_size(largura, method="normal")`.',
        mistakes=(
            (
                lambda v: _size(v, p=_plan(v)["accuracy"]),
                "Esse n atinge a largura em média, se a acurácia for a esperada. A pergunta "
                "pede o n que a garante qualquer que seja o resultado.",
            ),
        ),
    ),
    "previsao_poder": prediction(
        lambda v: _power(v),
        quantity="o poder do McNemar",
        variable="palpite_poder",
        about=": a chance de o McNemar detectar a diferença suposta.",
        comment=(
            "O poder passou de 80%, a meta usual? O que o deixaria maior: mais exemplos, ou "
            "modelos que discordam menos?"
        ),
        boundary=(0.8, "abaixo de 80%", "acima de 80%"),
    ),
    "poder": Exercise(
        expected=lambda v: _power(v),
        kind="number",
        look=(
            "Só os exemplos em que um modelo acerta e o outro erra contam. Que duas suposições "
            "o cálculo pede? (lição 14, seção 2)."
        ),
        formula=(
            "Connor (1987): poder ≈ Φ((|δ|√n − z_{α/2}√ψ) / √(ψ − δ²)), mais a outra cauda, "
            "com α = 0.05 bilateral."
        ),
        call="`mcnemar_power(n, difference=δ, discordant=ψ)`.",
        also_right=lambda v: (_power(v, method="exact"),),
        mistakes=(
            (
                lambda v: _power(v, alternative="one-sided"),
                "Esse é o poder de um teste unilateral. A pergunta é se os modelos diferem, "
                "para qualquer lado: o teste é bilateral.",
            ),
        ),
    ),
    "menor_diferenca": Exercise(
        expected=lambda v: _detectable(v),
        kind="number",
        look=(
            "Com o n e a discordância dados, qual diferença o teste detecta com 80% de poder? "
            "(lição 14, seção 3)."
        ),
        formula="A |δ| em que o poder de Connor, com ψ fixo, vale 0.8.",
        call="`minimum_detectable_difference(n, discordant=ψ)`.",
    ),
    "conclusao": multiple_choice(
        "b",
        look=(
            "Um 'não significativo' quer dizer que os modelos são iguais? Pense no poder do "
            "teste (lição 14, seção 3)."
        ),
        formula=(
            "Sem poder para a diferença que importa, a falta de significância não separa "
            "'iguais' de 'teste pequeno demais'."
        ),
        call="`minimum_detectable_difference(n, discordant=ψ)` diz o que o teste podia ver.",
        feedback={
            "a": (
                "Tentador, mas a ausência de evidência não é evidência de ausência: com poucos "
                "exemplos, uma diferença real passa despercebida."
            ),
            "b": (
                "Isso: relate a menor diferença detectável. Se ela for maior que a diferença "
                "que importa, o teste não podia responder à pergunta."
            ),
            "c": (
                "Escolher o nível depois de ver o valor-p é ajustar o teste ao resultado; o "
                "valor-p perde o sentido."
            ),
            "d": (
                "Testar de novo nos mesmos exemplos dá o mesmo valor-p; juntar exemplos e "
                "testar até dar significativo infla o erro do tipo I."
            ),
        },
    ),
    "auc_tamanho": Exercise(
        expected=lambda v: _auc_size(v),
        kind="numbers",
        names=("positivos", "negativos"),
        look=(
            "Numa AUC, quem conta são os positivos e os negativos, e os scores dos dois "
            "modelos são correlacionados (lição 14, seção 4)."
        ),
        formula=(
            "n₊ = (z·√V₀ + z_β·√V₁)² / (AUC_A − AUC_B)², com as variâncias binormais de "
            "Obuchowski & McClish; metade positivos, 80% de poder, α = 0.05 bilateral."
        ),
        call="`roc_auc_difference_sample_size(auc_a, auc_b, correlation=r)`.",
        mistakes=(
            (
                lambda v: _auc_size(v, correlation=0.0),
                "Esse tamanho supõe scores independentes. Os dois modelos pontuam os mesmos "
                "exemplos: use a correlação dada.",
            ),
            (
                lambda v: _auc_size(v, variance="obuchowski"),
                "Esse é o tamanho da fórmula impressa, a do pROC, que superestima a variância. "
                "A pergunta pede a variância binormal completa (o teste de DeLong).",
            ),
        ),
    ),
    "previsao_melhor": prediction(
        lambda v: _best(v),
        quantity="a acurácia esperada do melhor modelo",
        variable="palpite_melhor",
        about=": a acurácia do melhor de k modelos inúteis no mesmo teste.",
        comment="Cada modelo vale 0.5. Por que o melhor deles parece valer mais?",
        bounds=(0.0, 1.0),
        boundary=(0.5, "no acaso ou abaixo dele", "acima do acaso"),
    ),
    "melhor": Exercise(
        expected=lambda v: _best(v),
        kind="number",
        look=(
            "O melhor de k modelos é o máximo de k contagens binomiais. Qual a chance de esse "
            "máximo passar de x? (lição 14, seção 5)."
        ),
        formula="E[máximo] / n = Σ_{x=0}^{n−1} (1 − F(x)^k) / n, F a binomial(n, 0.5).",
        call="`expected_best_accuracy(n, k)`.",
        mistakes=(
            (
                lambda _: 0.5,
                "Essa é a acurácia de cada modelo. A pergunta é a do melhor deles, escolhido "
                "olhando o teste.",
            ),
        ),
    ),
    "reuso": multiple_choice(
        "c",
        look=(
            "A acurácia relatada foi usada para escolher a configuração. O que isso faz com "
            "ela? (lição 14, seção 5)."
        ),
        formula=(
            "Escolher o melhor de k no teste dá um máximo, não uma média: o vencedor parece "
            "melhor do que é."
        ),
        call="`expected_best_accuracy(n, k)` mede a ilusão quando nenhum modelo é bom.",
        feedback={
            "a": (
                "Relatar o melhor é natural, mas o teste participou da escolha: a acurácia do "
                "vencedor é otimista."
            ),
            "b": (
                "Um intervalo de confiança trata a acurácia como a de um modelo fixado antes; "
                "não corrige a seleção entre 60 modelos."
            ),
            "c": (
                "Isso: escolha na validação (ou por validação cruzada aninhada) e meça o "
                "escolhido uma vez num teste que não participou da escolha."
            ),
            "d": (
                "Mais exemplos diminuem a ilusão, mas não a eliminam: o teste continua "
                "participando da escolha."
            ),
        },
    ),
    "explique": written(
        "Por que dois modelos que discordam em muitos exemplos precisam de mais exemplos de "
        "teste para que o McNemar detecte a mesma diferença de acurácia?"
    ),
}

SET = ExerciseSet("14", title="Quantos exemplos de teste?", variants=True, items=ITEMS)
