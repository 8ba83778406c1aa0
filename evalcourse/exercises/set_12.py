"""Exercises of ``exercises/12_sobreajuste_vies_variancia_e_vazamento.ipynb`` (lesson 12).

The data are in :mod:`evalcourse.exercises.data_beyond`: bootstrap predictions
(``bootstrap_predictions_table``); a homework variant draws them anew. Every expected
answer is computed with the library. The multiple-choice items (``12.vazamento``,
``12.aninhada``) describe situations of their own and read no data: their answers do not
depend on the variant. Comparing two classifiers is set 12b.

Examples
--------
>>> [round(value, 4) for value in SET["12.vies_variancia"].expected(None)]
[0.1, 0.175]
"""

from __future__ import annotations

import numpy as np

from evalbook import bias_variance_decomposition
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data_beyond as data


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
        look="Os 15 scores da busca oscilam em torno de quê, se os rótulos são sorteados?",
        formula="O máximo de várias estimativas ruidosas é, em média, maior que cada uma delas.",
        call="Compare `best_score_` com `cross_val_score(busca, X, y, cv=...)` (aninhada).",
        feedback={
            "a": "Com rótulos sorteados não há padrão real para aprender: a verdade é 50%.",
            "b": (
                "Isso: cada k tem um score ruidoso em torno de 50%, e o melhor deles é escolhido "
                "justamente por ter tido sorte (Cawley & Talbot 2010)."
            ),
            "c": (
                "Padronizar mudaria os vizinhos, mas não criaria sinal onde não há: o score "
                "alto continuaria sem explicação."
            ),
            "d": (
                "Com 10 folds cada score oscila um pouco menos, mas nada de essencial muda: "
                "pense no que a busca faz com os 15 scores."
            ),
        },
    ),
    "um_ep": multiple_choice(
        "c",
        {
            "a": (
                "O mínimo da validação foi escolhido entre muitas profundidades nos mesmos "
                "folds: ele é otimista, e a profundidade dele varia de uma semente para outra."
            ),
            "b": (
                "A maior profundidade quase nunca é a melhor: ela decora o treino. A regra "
                "caminha na direção contrária, para o modelo mais simples."
            ),
            "c": (
                "É a regra de um erro padrão do ESL (§7.10): entre os modelos cujo erro fica a "
                "um erro padrão do mínimo, o mais simples. Uma heurística, não um teorema: "
                "ela troca um pouco de erro estimado por menos variância na escolha."
            ),
            "d": (
                "Usar o teste para escolher a profundidade é o vazamento que a lição mostra: "
                "o erro de teste deixa de estimar o erro em dados novos."
            ),
        },
        look=(
            "A curva de validação tem um mínimo, mas várias profundidades ficam perto dele. "
            "Qual delas a regra de um erro padrão escolhe? (lição 12)."
        ),
        formula=(
            "Regra de 1 EP: tome o erro mínimo e o seu erro padrão; escolha o modelo mais "
            "simples com erro ≤ mínimo + 1 EP."
        ),
        call="Veja a curva de validação da lição 12 e a profundidade que a regra escolhe.",
    ),
    "grupos": multiple_choice(
        "b",
        {
            "a": (
                "Embaralhar as linhas é justamente o que põe exames do mesmo paciente no "
                "treino e no teste: o modelo reconhece o paciente, não a doença."
            ),
            "b": (
                "Divisão por grupos (`group_kfold`): todos os exames de um paciente ficam do "
                "mesmo lado, e o teste mede o que o modelo faria com pacientes novos."
            ),
            "c": (
                "Estratificar mantém a proporção das classes, mas ainda espalha os exames de "
                "um paciente pelos dois lados."
            ),
            "d": (
                "Mais folds não separam os pacientes: cada fold continua misturando exames de "
                "quem está no treino."
            ),
        },
        look=(
            "Cada paciente tem vários exames parecidos entre si. O que acontece se exames do "
            "mesmo paciente caem no treino e no teste? (lição 12, vazamento)."
        ),
        formula=(
            "Separe por paciente, não por exame: os grupos não se dividem entre treino e teste."
        ),
        call="`evalbook.group_kfold(grupos, k=5)` com o identificador do paciente.",
    ),
    "tempo": multiple_choice(
        "d",
        {
            "a": (
                "Um k-fold embaralhado treina com o futuro para prever o passado: a acurácia "
                "sai otimista, porque dias vizinhos se parecem."
            ),
            "b": (
                "Estratificar mantém as classes, não a ordem do tempo: o futuro ainda entra no "
                "treino."
            ),
            "c": ("Testar no começo da série e treinar no fim é prever o passado com o futuro."),
            "d": (
                "Treinar sempre no passado e testar no bloco seguinte, deixando um intervalo "
                "(`gap`) entre os dois para que dias vizinhos não vazem, é o que acontece em "
                "produção (`time_series_split(..., gap=)`)."
            ),
        },
        look=(
            "Em produção o modelo só conhece o passado. Que divisão respeita isso? (lição 12, "
            "vazamento no tempo)."
        ),
        formula=(
            "Divisão temporal: treino = blocos anteriores, teste = o bloco seguinte, com um "
            "intervalo entre eles quando observações vizinhas se parecem."
        ),
        call="`evalbook.time_series_split(n, k=5, gap=30)`.",
    ),
    "curva_aprendizado": multiple_choice(
        "b",
        {
            "a": (
                "Uma árvore mais funda aumenta a variância; o erro de treino já é baixo, o "
                "problema não é viés."
            ),
            "b": (
                "Treino baixo, validação alta e ainda caindo: o sinal de variância (sobreajuste) "
                "que mais dados ou mais regularização reduzem. A curva de validação (erro × "
                "profundidade) diria qual profundidade (lição 12)."
            ),
            "c": (
                "O erro de treino é otimista; o que estima o erro em dados novos é a validação, "
                "0.25."
            ),
            "d": (
                "Fechar o intervalo piorando a validação não ajuda: queremos o erro de validação "
                "baixo."
            ),
        },
        look=(
            "Numa curva de aprendizado, o que diz um intervalo grande entre o erro de treino e o "
            "de validação, e o que diz a validação ainda cair com mais dados? (lição 12)."
        ),
        formula=(
            "Viés alto: treino e validação altos e próximos. Variância alta: treino baixo, "
            "validação bem acima, fechando com mais dados."
        ),
        call=(
            "`sklearn.model_selection.learning_curve` da árvore, ou a curva de validação da lição "
            "12."
        ),
    ),
    "explique": written(
        "Por que escolher os atributos com todos os dados, antes da validação cruzada, vaza "
        "informação?"
    ),
}

SET = ExerciseSet("12", title="Sobreajuste, viés-variância e vazamento", variants=True, items=ITEMS)
