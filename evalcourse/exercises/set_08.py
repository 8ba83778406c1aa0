"""Exercises 08 — validation methods (handout 001, first half; handout 000, Figures 2-3).

The data of each question is defined here once, and the solution notebook
``exercises/solucoes/08_validacao_solucao.ipynb`` builds the same data: the answers are
computed with the library from it when :func:`evalbook.exercises.check` is called.

Examples
--------
>>> SET["08.folds"].expected(None)
(7, 3)
>>> round(SET["08.oob"].expected(None), 4)
0.3604
>>> SET["08.oob"].expected(7) != SET["08.oob"].expected(None)
True
"""

from __future__ import annotations

import math

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, prediction, written
from evalcourse.exercises import data

#: 08.divisao: the number of instances and the 50/20/30 split of handout 000, Figure 2.
N_SPLIT = 47
SPLIT_FRACTIONS = (0.5, 0.2, 0.3)

#: 08.estratificado: instances of classes A, B and C, and the share kept for testing.
CLASS_COUNTS = (130, 50, 20)
TEST_FRACTION = 1 / 3

#: 08.folds: n instances in k folds.
N_FOLDS, K_FOLDS = 47, 10


#: 08.cv_iris: the number of folds (the tree is :func:`evalcourse.exercises.data.iris_tree`).
#: The bootstrap's size (08.oob), the errors of 08.erro_632 and the folds' seed follow the
#: variant: :func:`evalcourse.exercises.data.validation_numbers`.
K_IRIS = 10


def _numbers(variant) -> dict:
    return data.validation_numbers(variant=variant)


def _oob(variant) -> float:
    return evalbook.bootstrap_oob_probability(_numbers(variant)["n_bootstrap"])


def _error_632(variant, *, swapped=False) -> float:
    numbers = _numbers(variant)
    test, training = numbers["test_error"], numbers["training_error"]
    return evalbook.error_632(training, test) if swapped else evalbook.error_632(test, training)


def _sizes(parts) -> tuple[int, ...]:
    return tuple(len(part) for part in parts)


def _split():
    return _sizes(evalbook.train_val_test_split(N_SPLIT, fractions=SPLIT_FRACTIONS, seed=0))


def _truncated_split():
    return tuple(int(N_SPLIT * f) for f in SPLIT_FRACTIONS)


def _two_step_split():
    """scikit-learn's way: ``train_test_split`` twice, each rounding the held-out part up."""
    test = math.ceil(N_SPLIT * SPLIT_FRACTIONS[2])
    rest = N_SPLIT - test
    validation = math.ceil(rest * SPLIT_FRACTIONS[1] / (1 - SPLIT_FRACTIONS[2]))
    return rest - validation, validation, test


def _stratified(fraction=TEST_FRACTION):
    return tuple(int(v) for v in evalbook.stratified_counts(list(CLASS_COUNTS), fraction=fraction))


def _fold_sizes():
    sizes = [len(test) for _, test in evalbook.kfold(N_FOLDS, k=K_FOLDS, shuffle=False)]
    big = max(sizes)
    return sizes.count(big), sizes.count(big - 1)


def _cross_validated_error(splits_of):
    from sklearn.dummy import DummyClassifier

    X, y = data.random_two_classes()
    table = evalbook.cross_validate(
        DummyClassifier(strategy="most_frequent"),
        X,
        y,
        splits_of(y),
        metric=evalbook.error_rate,
        progress=False,
    )
    return float(table["error_rate"].mean())


def _loo_error():
    return _cross_validated_error(lambda y: evalbook.leave_one_out(len(y)))


def _stratified_loo_error():
    return _cross_validated_error(lambda y: evalbook.stratified_kfold(y, k=5, seed=0))


def _iris_cv_accuracy(variant=None):
    X, y = data.iris()
    splits = evalbook.stratified_kfold(y, k=K_IRIS, seed=_numbers(variant)["fold_seed"])
    table = evalbook.cross_validate(data.iris_tree(), X, y, splits, progress=False)
    return float(table["accuracy"].mean())


def _training_accuracy():
    X, y = data.iris()
    predicted = data.iris_tree().fit(X, y).predict(X)
    return evalbook.accuracy(evalbook.ConfusionMatrix.from_labels(y, predicted))


# ---------------------------------------------------------------------- items that need thinking


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "divisao": Exercise(
        expected=lambda _: _split(),
        kind="numbers",
        names=("treino", "validação", "teste"),
        look=(
            "As três partes têm de somar todos os exemplos. Para onde vai o exemplo que sobra "
            "dos arredondamentos? (lição 08, seção 1)."
        ),
        formula=(
            "Multiplique n pelas frações 50/20/30 e arredonde de modo que a soma dê n: o "
            "exemplo que sobra vai para a parte de maior resto."
        ),
        call=(
            "`evalbook.train_val_test_split(47, fractions=(0.5, 0.2, 0.3), seed=0)` e `len` de "
            "cada parte."
        ),
        mistakes=(
            (
                lambda _: _truncated_split(),
                f"Truncando cada parte, elas somam {sum(_truncated_split())}, não "
                f"{N_SPLIT}: um exemplo ficaria de fora. O exemplo que sobra vai para a "
                "parte com maior parte fracionária (método do maior resto).",
            ),
            (
                lambda _: _two_step_split(),
                "Essa é a divisão do scikit-learn em dois passos (`train_test_split` duas "
                "vezes, cada uma arredondando a parte separada para cima): uma regra válida, "
                "mas a questão pede o método do maior resto, aplicado às três quotas de uma vez.",
            ),
        ),
        comment="Treino, validação e teste são disjuntos e, juntos, cobrem todos os exemplos.",
        facts={
            "a divisão em dois passos dá outras contagens": lambda _: _two_step_split() != _split(),
        },
    ),
    "estratificado": Exercise(
        expected=lambda _: _stratified(),
        kind="numbers",
        names=("A", "B", "C"),
        look=(
            "Estratificar é manter, no teste, a proporção de cada classe do conjunto todo "
            "(lição 08, seção 2; handout 001)."
        ),
        formula=(
            "O teste tem 1/3 dos exemplos, repartido entre as classes na proporção de cada uma "
            "(handout 001: 200/300/100 → 67/100/33)."
        ),
        call="`evalbook.stratified_counts([130, 50, 20], fraction=1 / 3)`.",
        mistakes=(
            (
                lambda _: _stratified(1 - TEST_FRACTION),
                "Esses são os exemplos do treino (2/3). A pergunta é sobre o teste, o 1/3 "
                "reservado (no exemplo do handout 001 o terço sorteado é o treino; aqui, "
                "o teste).",
            ),
        ),
        comment=("As três contagens somam o tamanho do teste e mantêm a proporção de cada classe."),
    ),
    "folds": Exercise(
        expected=lambda _: _fold_sizes(),
        kind="numbers",
        names=("folds maiores", "folds menores"),
        look=(
            "Quando n não é múltiplo de k, os folds não têm todos o mesmo tamanho. Quantos "
            "exemplos sobram? (lição 08, seção 4)."
        ),
        formula=(
            "47 exemplos em 10 folds: 47 // 10 por fold e o resto da divisão distribuído um a "
            "um pelos primeiros folds."
        ),
        call="`[len(teste) for _, teste in evalbook.kfold(47, k=10)]`.",
        comment="É a mesma regra do KFold do scikit-learn.",
    ),
    "loo": Exercise(
        expected=lambda _: _loo_error(),
        kind="number",
        look=(
            "No leave-one-out, cada exemplo é testado por um modelo treinado sem ele. O que "
            "acontece com a classe majoritária quando se tira um exemplo de classes empatadas? "
            "(lição 08, seção 6)."
        ),
        formula=(
            "Tirando um exemplo de uma classe, a outra fica com um a mais e vira a maioria: o "
            "classificador majoritário prevê a classe errada para o exemplo tirado."
        ),
        call=(
            '`evalbook.cross_validate(DummyClassifier(strategy="most_frequent"), X, y, '
            "evalbook.leave_one_out(30), metric=evalbook.error_rate)`."
        ),
        mistakes=(
            (
                lambda _: _stratified_loo_error(),
                "50% é o erro esperado de um classificador em dados aleatórios, e é o que a "
                "validação cruzada estratificada mede. Com leave-one-out, o que acontece com a "
                "classe majoritária do treino quando um exemplo sai?",
            ),
        ),
        comment=(
            "Esse é o pior caso do leave-one-out que o handout 001 descreve; a próxima "
            "questão pergunta por quê."
        ),
    ),
    "loo_pessimo": multiple_choice(
        "a",
        {
            "a": (
                "Sem o exemplo de teste, a classe dele fica com um a menos e a outra "
                "vira a maioria; o classificador majoritário prevê a outra e erra sempre."
            ),
            "b": (
                "Os atributos nem são usados: o classificador majoritário só olha as "
                "contagens das classes no treino."
            ),
            "c": (
                "Com mais exemplos o efeito é o mesmo; o problema é o empate das classes, "
                "não o tamanho do conjunto."
            ),
            "d": (
                "O leave-one-out costuma ser quase sem viés; o erro de 100% vem da "
                "interação com o classificador majoritário."
            ),
        },
        look=(
            "Tire um exemplo da classe “sim”: quantos ficam de cada classe no treino? O que "
            "o classificador majoritário prevê então? (lição 08, seção 6)."
        ),
        formula=(
            "Sem o exemplo de teste, a classe dele tem 14 exemplos e a outra 15: o "
            "majoritário prevê a outra."
        ),
        call=(
            'Olhe as predições de `DummyClassifier(strategy="most_frequent")` treinado '
            "sem o primeiro exemplo de `y_aleatorio`."
        ),
    ),
    "prever_oob": prediction(
        _oob,
        quantity="a chance de um exemplo ficar fora da amostra",
        variable="palpite_fora",
        about=", antes de fazer a conta.",
        boundary=(
            0.5,
            "a maioria dos exemplos entra na amostra",
            "a maioria dos exemplos fica de fora",
        ),
        comment=(
            "Pense por quê: são N sorteios com reposição, e cada um quase sempre escolhe "
            "outro exemplo."
        ),
    ),
    "oob": Exercise(
        expected=_oob,
        kind="number",
        look=(
            "Em cada um dos N sorteios com reposição, qual a chance de um exemplo fixo NÃO ser "
            "sorteado? E em todos eles? (lição 08, seção 7)."
        ),
        formula=(
            "Cada sorteio deixa de escolher o exemplo com probabilidade 1 − 1/N, e os sorteios "
            "são independentes: (1 − 1/N)^N (handout 001)."
        ),
        call="`evalbook.bootstrap_oob_probability(n_bootstrap)`.",
        mistakes=(
            (
                lambda _: float(np.exp(-1)),
                "Esse é o limite e⁻¹ ≈ 0.368, para N muito grande; com o N da questão "
                "calcule (1 − 1/N)^N.",
            ),
            (
                lambda v: 1 - 1 / _numbers(v)["n_bootstrap"],
                "Essa é a probabilidade de escapar de um único sorteio; são N sorteios "
                "independentes: eleve à potência N.",
            ),
        ),
        comment=(
            "Tende a e⁻¹ ≈ 0.368 quando N cresce; com poucas dezenas de exemplos já está perto."
        ),
    ),
    "erro_632": Exercise(
        expected=_error_632,
        kind="number",
        look=(
            "O estimador .632 mistura o erro no teste (fora da amostra) e o erro no treino, "
            "com pesos diferentes. Qual dos dois pesa mais? (lição 08, seção 7)."
        ),
        formula="erro = 0.632 × erro_teste + 0.368 × erro_treino (handout 001).",
        call="`evalbook.error_632(erro_teste, erro_treino)`.",
        mistakes=(
            (
                lambda v: _error_632(v, swapped=True),
                "Os pesos estão trocados: o erro de teste (fora da amostra) leva 0.632 e o de "
                "treino 0.368.",
            ),
            (
                lambda v: (_numbers(v)["test_error"] + _numbers(v)["training_error"]) / 2,
                "Essa é a média simples; o estimador .632 pesa o erro de teste com 0.632 e o "
                "de treino com 0.368.",
            ),
        ),
        comment="Entre o erro de treino (otimista) e o de teste (pessimista).",
    ),
    "cv_iris": Exercise(
        expected=_iris_cv_accuracy,
        kind="number",
        look=(
            "Validação cruzada estratificada: cada flor é testada uma vez, por uma árvore "
            "treinada sem ela. A resposta é a média das acurácias dos folds (lição 08, seção "
            "5)."
        ),
        formula=(
            "Divida as 150 flores em 10 folds estratificados (seed `semente_folds`), treine a "
            "árvore em 9, teste no restante e tire a média das 10 acurácias."
        ),
        call=(
            "`evalbook.cross_validate(arvore, X_iris, especies, "
            "evalbook.stratified_kfold(especies, k=10, seed=semente_folds))`, coluna "
            "`accuracy`."
        ),
        mistakes=(
            (
                lambda _: _training_accuracy(),
                "Essa é a acurácia medida nos próprios dados de treino, otimista demais. Na "
                "validação cruzada cada fold é testado por um modelo que não o viu.",
            ),
        ),
        comment="Cada flor entrou no teste de exatamente um dos 10 folds.",
    ),
    "qual_acuracia": multiple_choice(
        "b",
        {
            "a": (
                "Tentador (usa todas as flores), mas a árvore já viu essas flores: a "
                "acurácia no treino é otimista (handout 000, Figura 2)."
            ),
            "b": (
                "Na validação cruzada cada flor é testada por uma árvore que não a "
                "viu, como uma flor nova."
            ),
            "c": (
                "Misturar uma estimativa otimista com uma honesta não corrige nada; o .632 "
                "mistura, mas com pesos e num bootstrap."
            ),
            "d": (
                "Aqui a diferença é pequena porque a árvore é rasa; com árvores fundas o "
                "treino chega a 100% e a validação não."
            ),
        },
        look=(
            "Uma flor que a árvore viu no treino serve para medir como ela se sai em flores "
            "novas? (lição 08, seção 1)."
        ),
        formula=(
            "A estimativa honesta vem de dados que o modelo não viu: o teste, ou os folds "
            "de teste da validação cruzada."
        ),
        call=(
            "Compare `acuracia_cv` com a acurácia de `arvore.fit(X_iris, especies)` nas "
            "próprias `X_iris`."
        ),
    ),
    "repetido": multiple_choice(
        "c",
        {
            "a": (
                "Os dois usam exemplos que a árvore não viu no treino; mas o 0.96 é uma "
                "divisão só, um sorteio entre muitos possíveis, e cai dentro da faixa das "
                "repetições: é sorte da divisão, não mais informação."
            ),
            "b": (
                "Escolher a melhor de dez repetições é escolher pelo ruído: o máximo de dez "
                "estimativas é otimista, como escolher o modelo no teste."
            ),
            "c": (
                "A média de dez divisões depende menos da sorte de uma divisão, e a faixa das "
                "repetições mostra quanto uma divisão só pode variar (handout 001, holdout "
                "repetido)."
            ),
            "d": (
                "O holdout repetido é um estimador válido do erro, como a validação cruzada; "
                "ela é outra maneira de usar todos os dados, não a única correta."
            ),
        },
        look=(
            "Um holdout só é um sorteio de uma divisão. O que a repetição com outras "
            "sementes mostra sobre esse sorteio? (lição 08, seção 3)."
        ),
        formula=(
            "Holdout repetido: a estimativa é a média das k repetições, e a dispersão delas "
            "mostra a variância de uma divisão só (handout 001)."
        ),
        call=(
            "`evalbook.cross_validate(arvore, X_iris, especies, evalbook.repeated_holdout("
            "especies, n_repeats=10, seed=0))`: compare a média das 10 acurácias com cada uma."
        ),
    ),
    "dez_por_dez": multiple_choice(
        "b",
        {
            "a": (
                "Cada flor foi testada uma vez, mas por uma divisão em folds entre muitas "
                "possíveis; outra semente daria outra média. A repetição mostra quanto."
            ),
            "b": (
                "A média das 10 repetições depende menos da divisão sorteada, e a faixa das médias "
                "mostra a variância que vem só da divisão (handout 001; lição 08, 10×10)."
            ),
            "c": (
                "Cada treino continua com 9/10 das flores: a repetição muda quais flores, não "
                "quantas."
            ),
            "d": (
                "A repetição estima melhor o desempenho; comparar modelos com ela pede o teste "
                "corrigido da lição 10 (Bouckaert & Frank), porque as repetições usam as mesmas "
                "flores."
            ),
        },
        look=(
            "Uma validação cruzada sorteia uma divisão em folds. O que muda se outra semente "
            "sortear outra? (lição 08, seção 5)."
        ),
        formula=(
            "10×10: repita a validação cruzada de 10 folds com 10 sementes e tire a média das 10 "
            "médias; a faixa delas mostra a variância da divisão."
        ),
        call=(
            "`evalbook.cross_validate` com `evalbook.stratified_kfold(especies, k=10, seed=s)` "
            "para s de 0 a 9."
        ),
    ),
    "bootstrap_632": multiple_choice(
        "c",
        {
            "a": (
                "O .632 mistura o erro de treino (0 aqui) com o fora-da-amostra: com um modelo que "
                "decora, essa mistura puxa para baixo."
            ),
            "b": (
                "A conta está certa, mas o .632+ faz o contrário: quando o modelo sobreajusta, ele "
                "dá mais peso ao erro fora-da-amostra."
            ),
            "c": (
                "O .632 = 0.368·erro de treino + 0.632·erro fora-da-amostra fica otimista quando o "
                "erro de treino é 0; o .632+ (Efron & Tibshirani 1997) mede o sobreajuste pela "
                "taxa de não informação e aumenta o peso do erro fora-da-amostra até 1 (lição 08, "
                "seção 7)."
            ),
            "d": ("Nenhum dos dois dá 0: o erro fora-da-amostra, 0.5, entra nos dois."),
        },
        look=(
            "O .632 é uma média pesada de dois erros. Quais, e com que pesos? E se um deles for 0? "
            "(lição 08, seção 7)."
        ),
        formula=(
            "Err(.632) = 0.368·erro de treino + 0.632·erro fora-da-amostra; o .632+ troca 0.632 "
            "por um peso que cresce com o sobreajuste relativo."
        ),
        call=(
            "`evalbook.error_632(0.5, 0.0)` e `evalbook.error_632_plus(0.5, 0.0, "
            "no_information_error=0.5)`."
        ),
    ),
    "explique": written(
        "Por que avaliar um modelo nos próprios dados de treino dá uma estimativa otimista?",
    ),
}

SET = ExerciseSet("08", title="Métodos de validação", variants=True, items=ITEMS)
