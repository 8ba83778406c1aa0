"""Exercises of ``exercises/10_comparacao_de_modelos_e_algoritmos.ipynb`` (handout 004).

Every expected answer is computed with the library (``evalbook.compare_models``,
``compare_algorithms``, ``friedman``, ``t_value``, ``z_value``) from the data of
:mod:`evalcourse.exercises.data`, which the notebook reads and its questions state.

Examples
--------
>>> SET["10.veredito"].expected(None)
'nenhum'
>>> SET["10.t_tabela"].expected(None)
6.96
"""

from __future__ import annotations

import math

from evalbook import (
    adjust_p_values,
    compare_algorithms,
    compare_models,
    friedman,
    t_value,
    z_value,
)
from evalbook.exercises.item import BOUNDS, Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data

#: Questions 1-3: M1 hit 78% of 200 test instances, M2 72% of 300; 95% confidence.
P1, N1, P2, N2 = data.model_accuracies()
MODELS_CONFIDENCE = 0.95

#: Question 4: the t of handout 004's table for 98% confidence and 3 datasets.
T_CONFIDENCE, T_DATASETS = 0.98, 3

#: Question 5: accuracy differences (algorithm A − algorithm B) on 8 datasets; 95%.
DATASET_DIFFERENCES = tuple(data.algorithm_differences())

#: Question 6: differences on the 10 folds of one 10-fold cross-validation; 95%.
FOLD_DIFFERENCES = tuple(data.fold_differences())
FOLDS = 10

#: Questions 7-8: accuracies of algorithms A, B, C (columns) on 6 datasets (rows).
FRIEDMAN_SCORES = tuple(tuple(row) for row in data.friedman_accuracies())


def _models(**options):
    return compare_models(P1, N1, P2, N2, confidence=MODELS_CONFIDENCE, **options)


def _verdict() -> str:
    result = _models()
    if not result.significant:
        return "nenhum"
    return "M1" if result.d > 0 else "M2"


def _ranks(ascending: bool = False) -> tuple[float, ...]:
    scores = [[-v for v in row] for row in FRIEDMAN_SCORES] if ascending else FRIEDMAN_SCORES
    return tuple(float(r) for r in friedman(scores).average_ranks)


def _interval(result) -> tuple[float, float]:
    return tuple(float(bound) for bound in result.interval)


def _dataset_comparison():
    """Question 5: the t interval of the differences between datasets, at 95%."""
    return compare_algorithms(DATASET_DIFFERENCES, confidence=0.95)


def _fold_comparison():
    """Question 6: the corrected t interval of the differences between the folds."""
    return compare_algorithms(FOLD_DIFFERENCES, corrected=True, test_train_ratio=1 / (FOLDS - 1))


def _friedman_comment() -> str:
    """10.friedman's comment: the χ² verdict and, for so few datasets, the exact p."""
    approximate = friedman(FRIEDMAN_SCORES).p_value
    exact = friedman(FRIEDMAN_SCORES, method="exact").p_value
    n, k = len(FRIEDMAN_SCORES), len(FRIEDMAN_SCORES[0])
    verdict = (
        "abaixo de 0.05: o teste rejeita que os três algoritmos tenham o mesmo desempenho"
        if approximate < 0.05
        else "acima de 0.05: estes dados não mostram diferença (o que não prova que os "
        "algoritmos sejam equivalentes)"
    )
    same = (exact < 0.05) == (approximate < 0.05)
    return (
        f"O p da χ² está {verdict}. Com só N = {n} datasets e k = {k} algoritmos, a χ² é uma "
        "aproximação: o valor-p do teste exato (a fração das "
        f"({k}!)^{n} = {math.factorial(k) ** n} tabelas de postos, igualmente prováveis sob "
        "H₀, com estatística pelo menos a observada; "
        f'`evalbook.friedman(acuracias, method="exact").p_value`) é {exact:.4f}, '
        + ("do mesmo lado de 0.05." if same else "do outro lado de 0.05: o veredito muda.")
    )


#: 10.holm: p-values of one algorithm against four others on a benchmark.
BENCHMARK_P_VALUES = (0.004, 0.012, 0.019, 0.30)


def _rejected(method: str) -> int:
    return sum(adjust_p_values(BENCHMARK_P_VALUES, method=method).significant)


def _fewer_errors() -> str:
    """Which correction rejects more of the four hypotheses at 5%: "Holm", "Bonferroni" or
    "as mesmas"."""
    holm, bonferroni = _rejected("holm"), _rejected("bonferroni")
    return "as mesmas" if holm == bonferroni else ("Holm" if holm > bonferroni else "Bonferroni")


def _holm_comment(_variant) -> str:
    plain = sum(p < 0.05 for p in BENCHMARK_P_VALUES)
    return (
        f"Sem correção, {plain} das 4 ficam abaixo de 0.05; com Bonferroni, "
        f"{_rejected('bonferroni')}; com Holm, {_rejected('holm')}. As duas correções garantem "
        "a mesma coisa (no máximo 5% de chance de algum falso positivo entre as quatro), mas "
        "Holm compara o menor p com α/4, o seguinte com α/3, e assim por diante: nunca rejeita "
        "menos que Bonferroni."
    )


# ---------------------------------------------------------------------- items that need thinking
def _better_where() -> str:
    """Where A is better at 95%: "datasets" (question 5), "folds" (6), "ambos" or "nenhum"."""
    datasets = _dataset_comparison().interval[0] > 0
    folds = _fold_comparison().interval[0] > 0
    return {(True, True): "ambos", (True, False): "datasets", (False, True): "folds"}.get(
        (datasets, folds), "nenhum"
    )


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "d_sigma": Exercise(
        expected=lambda _: (_models().d, _models().sigma),
        kind="numbers",
        names=("d", "sigma"),
        look=(
            "A diferença das acurácias tem uma variância que soma as incertezas dos dois "
            'testes (lição 10, seção 1; handout 004, "Comparação de Modelos").'
        ),
        formula=(
            'd = p1 − p2 e σ = √(p1(1 − p1)/n1 + p2(1 − p2)/n2) (handout 004, "Comparação de '
            'Modelos (4)").'
        ),
        call="`evalbook.compare_models(p1, n1, p2, n2)`, atributos `d` e `sigma`.",
        mistakes=(
            (
                lambda _: (_models().d, _models().variance),
                "Esse segundo número é a variância σ²; σ é a raiz dela.",
            ),
            (
                lambda _: (
                    _models().d,
                    math.sqrt(P1 * (1 - P1) / N1) + math.sqrt(P2 * (1 - P2) / N2),
                ),
                "Você somou os desvios padrão; somam-se as variâncias, e depois tira-se a raiz.",
            ),
        ),
    ),
    "d_sigma_sua": Exercise(
        expected=lambda v: (lambda r: (r.d, r.sigma))(
            compare_models(*data.model_accuracies_twin(variant=v), confidence=MODELS_CONFIDENCE)
        ),
        kind="numbers",
        names=("d", "sigma"),
        look=(
            "A mesma conta da questão 1, com os números de `p1_sua, n1_sua, p2_sua, n2_sua` "
            "(lição 10, seção 1)."
        ),
        formula="d = p1 − p2 e σ = √(p1(1 − p1)/n1 + p2(1 − p2)/n2).",
        call="`evalbook.compare_models(p1_sua, n1_sua, p2_sua, n2_sua)`, `d` e `sigma`.",
        mistakes=(
            (
                lambda v: (lambda r: (r.d, r.variance))(
                    compare_models(*data.model_accuracies_twin(variant=v))
                ),
                "Esse segundo número é a variância σ²; σ é a raiz dela.",
            ),
        ),
    ),
    "intervalo": Exercise(
        expected=lambda _: _interval(_models()),
        kind="numbers",
        names=BOUNDS,
        look="O intervalo de d é d ± z·σ. Qual z dá 95% de confiança? (lição 10, seção 1).",
        formula=("d ± z·σ com z = 1.96 para 95% (a Tabela 5.1 não tem 95%: use o quantil exato)."),
        call="`evalbook.compare_models(p1, n1, p2, n2, confidence=0.95).interval`.",
        mistakes=(
            (
                lambda _: _interval(_models(z=z_value(0.90, source="table"))),
                "Você usou z = 1.65, que é o de 90%. Para 95%, z = 1.96.",
            ),
        ),
    ),
    "veredito": Exercise(
        expected=lambda _: _verdict(),
        kind="choice",
        choices=("M1", "M2", "nenhum"),
        look="O que o intervalo de d diz sobre o sinal de p1 − p2? (lição 10, seção 1).",
        formula=(
            "Olhe o sinal do intervalo: todo positivo, M1 é melhor; todo negativo, M2 é "
            "melhor; se contém 0, não é possível afirmar qual é melhor."
        ),
        call="`evalbook.compare_models(...).verdict` diz o mesmo em palavras.",
        mistakes=(
            (
                lambda _: "M1",
                "d = 0.06 > 0 é só o centro do intervalo. Olhe os dois limites: o que eles "
                "dizem do sinal de p1 − p2 com 95% de confiança?",
            ),
        ),
    ),
    "t_tabela": Exercise(
        expected=lambda _: t_value(T_CONFIDENCE, T_DATASETS - 1, source="table"),
        also_right=lambda _: (t_value(T_CONFIDENCE, T_DATASETS - 1),),  # 6.965, exact
        kind="number",
        look=(
            "A tabela t tem uma linha por número de graus de liberdade. Quantos graus de "
            "liberdade têm k datasets? (lição 10, seção 3)."
        ),
        formula=(
            "Com k datasets, a linha da tabela t é k − 1 graus de liberdade; a coluna é a "
            "confiança, 0.98."
        ),
        call='`evalbook.t_value(0.98, 2, source="table")`.',
        mistakes=(
            (
                lambda _: t_value(T_CONFIDENCE, T_DATASETS),
                "Esse é o t com k = 3 graus de liberdade; são k − 1 = 2.",
            ),
            (
                lambda _: z_value(T_CONFIDENCE, source="table"),
                "Esse é o z da normal (Tabela 5.1). Com poucos datasets use a t de Student.",
            ),
        ),
        comment="Com só 3 datasets, o t é três vezes o z de 98% (2.33).",
    ),
    "t_intervalo": Exercise(
        expected=lambda _: _interval(_dataset_comparison()),
        kind="numbers",
        names=BOUNDS,
        look=(
            "Com poucas diferenças, a incerteza da média usa a distribuição t, e o desvio é o "
            "da MÉDIA das diferenças (lição 10, seção 4)."
        ),
        formula=(
            "d̄ ± t·σ, com t de k − 1 graus de liberdade a 95% e σ = s/√k, o erro padrão da "
            "média (s é o desvio padrão das diferenças, com ddof=1)."
        ),
        call="`evalbook.compare_algorithms(diferencas, confidence=0.95).interval`.",
        mistakes=(
            (
                lambda _: (
                    sum(DATASET_DIFFERENCES) / 8
                    - t_value(0.95, 7) * compare_algorithms(DATASET_DIFFERENCES).se * math.sqrt(8),
                    sum(DATASET_DIFFERENCES) / 8
                    + t_value(0.95, 7) * compare_algorithms(DATASET_DIFFERENCES).se * math.sqrt(8),
                ),
                "Você multiplicou t pelo desvio padrão s das diferenças; o σ do intervalo é o "
                "erro padrão da média, s/√k.",
            ),
            (
                lambda _: _interval(
                    compare_algorithms(DATASET_DIFFERENCES, t=z_value(0.95), confidence=0.95)
                ),
                "Você usou z = 1.96 da normal; com 8 datasets use o t de 7 graus de liberdade.",
            ),
        ),
    ),
    "corrigido": Exercise(
        expected=lambda _: _interval(_fold_comparison()),
        kind="numbers",
        names=BOUNDS,
        look=(
            "Os folds de uma validação cruzada compartilham dados de treino: as diferenças não "
            "são independentes. O teste corrigido aumenta a variância para compensar (lição "
            "10, seção 5)."
        ),
        formula=(
            "Teste t corrigido (Nadeau & Bengio): σ = s·√(1/k + n_teste/n_treino), com "
            "n_teste/n_treino = 1/9 na validação cruzada de 10 folds."
        ),
        call=(
            "`evalbook.compare_algorithms(diferencas_folds, confidence=0.95, corrected=True, "
            "test_train_ratio=1 / 9).interval`."
        ),
        mistakes=(
            (
                lambda _: _interval(compare_algorithms(FOLD_DIFFERENCES)),
                "Esse é o intervalo do teste t comum, sem a correção: os folds compartilham "
                "dados de treino e ele fica estreito demais.",
            ),
            (
                lambda _: _interval(
                    compare_algorithms(FOLD_DIFFERENCES, corrected=True, test_train_ratio=1 / 10)
                ),
                "A razão é n_teste/n_treino: cada fold testa em 1/10 e treina em 9/10 dos "
                "dados, então 1/9, não 1/10.",
            ),
        ),
        comment=(
            "A correção alarga o intervalo: ela conta que os folds compartilham dados de treino."
        ),
    ),
    "onde_melhor": Exercise(
        expected=lambda _: _better_where(),
        kind="choice",
        choices=("datasets", "folds", "ambos", "nenhum"),
        look=(
            "Um intervalo para a diferença A − B que não contém 0 diz o quê? Olhe os "
            "intervalos das questões 5 e 6 (lição 10, seções 4 e 5)."
        ),
        formula=(
            "A é melhor a 95% quando o limite inferior do intervalo de A − B é positivo; "
            "na questão 6 vale o intervalo corrigido."
        ),
        call="Olhe `inferior_t` e `inferior_c`: são positivos?",
        comment=(
            "Com 8 datasets independentes a diferença aparece; com os 10 folds de uma só "
            "validação cruzada, o teste corrigido não deixa concluir."
        ),
    ),
    "erro_folds": multiple_choice(
        "a",
        {
            "a": (
                "Os folds se sobrepõem no treino, as diferenças não são "
                "independentes, e o teste comum subestima a variância (Nadeau & Bengio)."
            ),
            "b": (
                "O teste t foi feito para amostras pequenas; 10 diferenças bastam, se "
                "forem independentes."
            ),
            "c": (
                "Com 9 graus de liberdade o t é maior que 1.96: trocá-lo por z estreitaria "
                "ainda mais o intervalo."
            ),
            "d": (
                "É o que o teste comum diz, mas ele é otimista aqui: o corrigido, da "
                "questão 6, conta outra história."
            ),
        },
        look=(
            "As 10 diferenças vêm de 10 modelos treinados em dados quase iguais. Elas são "
            "independentes? (lição 10, seção 5)."
        ),
        formula=(
            "Nadeau & Bengio: σ² = s²·(1/k + n_teste/n_treino) em vez de s²/k, porque os "
            "folds se sobrepõem."
        ),
        call=(
            "Compare `evalbook.compare_algorithms(diferencas_folds)` com "
            "`evalbook.compare_algorithms(diferencas_folds, corrected=True, "
            "test_train_ratio=1 / 9)`."
        ),
    ),
    "postos": Exercise(
        expected=lambda _: _ranks(),
        kind="numbers",
        names=("A", "B", "C"),
        look=(
            "Em cada dataset, ordene os algoritmos do melhor para o pior; depois, a média dos "
            "postos de cada um. E os empates? (lição 10, seção 6)."
        ),
        formula=(
            "Posto 1 ao algoritmo de maior acurácia, 2 ao seguinte...; empates recebem a média "
            "dos postos; depois, a média de cada coluna."
        ),
        call="`evalbook.friedman(acuracias).average_ranks`.",
        mistakes=(
            (
                lambda _: _ranks(ascending=True),
                "Você deu posto 1 à menor acurácia. No teste de Friedman, posto 1 é o melhor "
                "algoritmo do dataset.",
            ),
        ),
    ),
    "friedman": Exercise(
        expected=lambda _: friedman(FRIEDMAN_SCORES).p_value,
        kind="number",
        look=(
            "O teste de Friedman pergunta se os postos médios diferem mais do que o acaso "
            "explicaria. A resposta pedida é um valor-p, não a estatística (lição 10, seção 6)."
        ),
        formula=(
            "χ²_F = 12N/(k(k + 1))·[Σ R_j² − k(k + 1)²/4] (com a correção de empates) e o "
            "valor-p de uma χ² com k − 1 graus de liberdade."
        ),
        call="`evalbook.friedman(acuracias).p_value` (ou `scipy.stats.friedmanchisquare`).",
        mistakes=(
            (
                lambda _: friedman(FRIEDMAN_SCORES).statistic,
                "Esse é o valor da estatística χ²_F; a pergunta é o valor-p.",
            ),
        ),
        comment=_friedman_comment(),
    ),
    "holm": Exercise(
        expected=lambda _: _fewer_errors(),
        kind="choice",
        choices=("Holm", "Bonferroni", "as mesmas"),
        look=(
            "Corrija os quatro p-valores pelos dois métodos e conte quantos ficam abaixo de "
            "0.05 em cada um (lição 10, seção 5, “Seis testes de uma vez”)."
        ),
        formula=(
            "Bonferroni: cada p contra α/m. Holm: ordene os p; o i-ésimo menor contra "
            "α/(m − i + 1), parando no primeiro que não passa."
        ),
        call=(
            '`evalbook.adjust_p_values(p_valores, method="holm")` e o mesmo com '
            '`method="bonferroni"`: compare os `.significant`.'
        ),
        comment=_holm_comment,
        facts={"Holm rejeita mais que Bonferroni": lambda _: _fewer_errors() == "Holm"},
    ),
    "nemenyi": multiple_choice(
        "c",
        {
            "a": ("O Friedman testa se ALGUM algoritmo difere dos outros; pode ser só um par."),
            "b": (
                "O Friedman não diz quem difere de quem: o melhor posto médio pode não diferir "
                "significativamente do segundo."
            ),
            "c": (
                "O Friedman é o teste global; os pares vêm de um post-hoc que controla o erro das "
                "várias comparações: o de Nemenyi compara as diferenças de postos médios com uma "
                "distância crítica (Demšar 2006; lição 10, diagrama de diferença crítica)."
            ),
            "d": (
                "A diferença de postos precisa passar de uma distância crítica, que depende de k e "
                "de N; olhar só a maior diferença ignora as comparações múltiplas."
            ),
        },
        look=(
            "O teste de Friedman responde a uma pergunta sobre todos os algoritmos juntos. Qual? E "
            "quem responde par a par? (lição 10, seção 6)."
        ),
        formula=(
            "Friedman: H₀ = todos os algoritmos têm o mesmo posto esperado. Pares: o teste de "
            "Nemenyi, com distância crítica CD = q_α·√(k(k + 1)/(6N))."
        ),
        call=(
            "O diagrama de diferença crítica da lição 10 (`CriticalDifferenceDisplay`) mostra "
            "quais pares ficam a mais de uma CD."
        ),
    ),
    "explique": written(
        "Por que, para comparar dois modelos, não basta olhar as médias dos folds?",
    ),
}

SET = ExerciseSet("10", title="Comparação de modelos e algoritmos", variants=True, items=ITEMS)
