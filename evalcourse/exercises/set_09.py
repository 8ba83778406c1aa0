"""Exercises of ``exercises/09_intervalos_de_confianca.ipynb`` (handout 004, intervals).

Every expected answer is computed with the library from the test results of
:func:`evalcourse.exercises.data.bernoulli_test` and
:func:`~evalcourse.exercises.data.large_bernoulli_test` (variants allowed) and from the Iris
split below, which the exercise notebook states in its questions.

Examples
--------
>>> SET["09.z_tabela"].expected(None)
1.28
>>> SET["09.condicao"].expected(None)
'não'
"""

from __future__ import annotations

import warnings
from functools import cache

from evalbook import NormalApproximationWarning, accuracy_interval, z_value
from evalbook.exercises.item import BOUNDS, Answer, Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data

#: Question 1: the confidence whose z the student reads in Table 5.1.
TABLE_CONFIDENCE = 0.80


def _small(variant) -> tuple[float, int]:
    """Questions 2, 3 and 5: (accuracy, n); 36 of 40 right in the default variant."""
    hits, n = data.bernoulli_test(variant=variant)
    return hits / n, n


def _large(variant) -> tuple[float, int]:
    """Question 4: (accuracy, n), at 90% with the table's z; 450 of 500 by default."""
    hits, n = data.large_bernoulli_test(variant=variant)
    return hits / n, n


#: Question 6: kNN (k = 5) on Iris, 50 test instances (stratified), random_state=42.
IRIS_TEST_SIZE, IRIS_SEED, IRIS_NEIGHBOURS = 50, 42, 5


def _normal(p, n, **options):
    """The normal interval without the warning (the questions know when it fails)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NormalApproximationWarning)
        return accuracy_interval(p, n, method="normal", **options)


def _condition(variant) -> str:
    p, n = _small(variant)
    return "sim" if n >= 30 and n * p * (1 - p) >= 5 else "não"


def _npq(sample) -> float:
    """n·p·(1 − p) of a (p, n) pair: the second condition of the normal approximation."""
    p, n = sample
    return n * p * (1 - p)


def _normal_as_wilson_hint(variant) -> str:
    if _condition(variant) == "não":
        where = f"que aqui não vale (n·p·(1 − p) = {_npq(_small(variant)):.1f} < 5 ou n < 30)"
    else:
        where = f"que aqui até vale (n·p·(1 − p) = {_npq(_small(variant)):.1f} ≥ 5)"
    return (
        f"Esse é o intervalo da aproximação normal (opção 3), {where}. Use a fórmula de "
        "Wilson (opção 2)."
    )


def _wilson_comment(variant) -> str:
    p, _ = _small(variant)
    return (
        f"Repare que o intervalo não é simétrico em torno de p = {p:.3f}: o de Wilson puxa o "
        "centro para 0.5."
    )


def _normal_comment(variant) -> str:
    sample = _large(variant)
    normal = _normal(*sample, z=z_value(0.90, source="table"))
    wilson = accuracy_interval(*sample, z=z_value(0.90, source="table"))
    gap = max(abs(normal[0] - wilson[0]), abs(normal[1] - wilson[1]))
    return (
        f"Aqui n·p·(1 − p) = {_npq(sample):.1f} ≥ 5: a aproximação vale, e os limites ficam a "
        f"no máximo {gap:.4f} dos de Wilson."
    )


def _normal_with_variance_as_sd(variant, z: float) -> tuple[float, float]:
    """The normal interval with p(1 − p)/n where its square root belongs."""
    p, n = _large(variant)
    return p - z * p * (1 - p) / n, p + z * p * (1 - p) / n


@cache
def iris_knn_hits() -> tuple[int, int]:
    """Hits of kNN on the Iris test split of question 6, and the test-set size."""
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier

    X, y = data.iris()
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=IRIS_TEST_SIZE, stratify=y, random_state=IRIS_SEED
    )
    model = KNeighborsClassifier(n_neighbors=IRIS_NEIGHBOURS).fit(X_train, y_train)
    return int((model.predict(X_test) == y_test).sum()), len(y_test)


def _iris(method: str) -> Answer:
    """The interval of question 6 by ``method`` (the Iris split has no variants)."""

    def compute(_variant):
        hits, n = iris_knn_hits()
        z = z_value(0.90, source="table")
        if method == "normal":
            return _normal(hits / n, n, z=z)
        return accuracy_interval(hits / n, n, z=z)

    return compute


# ---------------------------------------------------------------------- items that need thinking
def _wider(variant) -> str:
    """Which 95% interval of questions 3 and 5 is wider: "exato" or "Wilson"."""
    wilson = accuracy_interval(*_small(variant), confidence=0.95)
    exact = accuracy_interval(*_small(variant), confidence=0.95, method="exact")
    return "exato" if exact[1] - exact[0] > wilson[1] - wilson[0] else "Wilson"


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "z_tabela": Exercise(
        expected=lambda _: z_value(TABLE_CONFIDENCE, source="table"),
        also_right=lambda _: (z_value(TABLE_CONFIDENCE),),  # 1.282, the exact quantile
        kind="number",
        look=(
            "Um intervalo com confiança c deixa 1 − c de fora, dividido entre DUAS caudas. "
            "Qual linha da Tabela 5.1 corresponde a uma cauda? (lição 09, seção 1)."
        ),
        formula=(
            "Na Tabela 5.1 procure a linha Pr[X ≥ z] = (1 − c)/2, a cauda de um lado só "
            "(handout 004)."
        ),
        call='`evalbook.z_value(0.80, source="table")`.',
        mistakes=(
            (
                lambda _: z_value(1 - 2 * (1 - TABLE_CONFIDENCE), source="table"),
                "Esse é o z da linha Pr[X ≥ z] = 1 − c = 20%. O intervalo tem duas caudas: "
                "cada uma fica com (1 − c)/2 = 10%.",
            ),
        ),
        comment="Com 80% de confiança sobram 10% em cada cauda.",
    ),
    "condicao": Exercise(
        expected=_condition,
        kind="choice",
        choices=("sim", "não"),
        look=(
            "A aproximação normal da opção 3 só vale com duas condições sobre n e p (lição 09, "
            'seção 3; handout 004, "Confiança da Acurácia (6)").'
        ),
        formula=(
            "A opção 3 exige as duas condições: n ≥ 30 e n·p·(1 − p) ≥ 5, com p = acertos / n."
        ),
        call="Calcule `n * p * (1 - p)` com p = acertos / n e compare com 5.",
        mistakes=(
            (
                lambda variant: "sim" if _condition(variant) == "não" else "não",
                "n ≥ 30 é só a primeira condição; confira a segunda, n·p·(1 − p) ≥ 5, "
                "com p a taxa de acertos.",
            ),
        ),
    ),
    "wilson": Exercise(
        expected=lambda variant: accuracy_interval(*_small(variant), confidence=0.95),
        kind="numbers",
        names=BOUNDS,
        look=(
            "O intervalo de Wilson é a opção 2 do handout 004. Qual z corresponde a 95% (a "
            "Tabela 5.1 não tem 95%)? (lição 09, seção 3)."
        ),
        formula=(
            "Opção 2 (Wilson) com z = 1.96: (p + z²/2n ± z·√(p/n − p²/n + z²/4n²)) / (1 + z²/n)."
        ),
        call="`evalbook.accuracy_interval(acertos / n, n, confidence=0.95)`.",
        mistakes=(
            (
                lambda variant: _normal(*_small(variant), confidence=0.95),
                _normal_as_wilson_hint,
            ),
            (
                lambda variant: accuracy_interval(*_small(variant), confidence=0.90),
                "Esse é o intervalo de 90% (z = 1.65). Para 95%, z = 1.96.",
            ),
        ),
        comment=_wilson_comment,
        facts={"a acurácia não é 0.5 (o intervalo não é simétrico)": lambda v: _small(v)[0] != 0.5},
    ),
    "normal": Exercise(
        expected=lambda variant: _normal(*_large(variant), z=z_value(0.90, source="table")),
        kind="numbers",
        names=BOUNDS,
        look=(
            "Primeiro confira que a aproximação normal vale aqui; depois use o z da Tabela 5.1 "
            "para 90% (lição 09, seção 3)."
        ),
        formula="Opção 3: p ± z·√(p(1 − p)/n), com z = 1.65 (90%, Tabela 5.1).",
        call=(
            '`evalbook.accuracy_interval(p, n, method="normal", z=evalbook.z_value(0.90, '
            'source="table"))`.'
        ),
        mistakes=(
            (
                lambda variant: _normal(*_large(variant), z=z_value(0.80, source="table")),
                "Você usou z = 1.28, o da linha Pr[X ≥ z] = 10%, que corresponde a 80% de "
                "confiança. Para 90%, (1 − c)/2 = 5%: z = 1.65.",
            ),
            (
                lambda variant: _normal_with_variance_as_sd(variant, 1.65),
                "Você multiplicou z pela variância p(1 − p)/n; é pelo desvio padrão, a raiz dela.",
            ),
        ),
        comment=_normal_comment,
        facts={
            "a aproximação normal vale (n ≥ 30, n·p·(1 − p) ≥ 5)": lambda v: (
                _large(v)[1] >= 30 and _npq(_large(v)) >= 5
            ),
        },
    ),
    "exato": Exercise(
        expected=lambda variant: accuracy_interval(
            *_small(variant), confidence=0.95, method="exact"
        ),
        kind="numbers",
        names=BOUNDS,
        look=(
            "O intervalo exato não usa a aproximação normal: ele vem direto da distribuição "
            "binomial dos acertos (lição 09, seção 3)."
        ),
        formula=(
            "O intervalo exato de Clopper–Pearson vem de quantis da distribuição beta com os "
            "acertos e os erros."
        ),
        call=('`evalbook.accuracy_interval(acertos / n, n, confidence=0.95, method="exact")`.'),
        mistakes=(
            (
                lambda variant: accuracy_interval(*_small(variant), confidence=0.95),
                'Esse é o intervalo de Wilson; o exato usa method="exact".',
            ),
        ),
        comment="Ele vem direto da binomial, sem aproximação: nunca cobre menos do que promete.",
    ),
    "mais_largo": Exercise(
        expected=_wider,
        kind="choice",
        choices=("exato", "Wilson"),
        look=(
            "Calcule a largura (superior − inferior) de cada um dos dois intervalos "
            "(lição 09, seção 3)."
        ),
        formula=(
            "Largura = superior − inferior. O exato garante ao menos 95% de cobertura para "
            "qualquer acurácia, e costuma pagar por isso."
        ),
        call="Compare `superior_e - inferior_e` com `superior - inferior`.",
        mistakes=(
            (
                lambda variant: "Wilson" if _wider(variant) == "exato" else "exato",
                "Compare as larguras, superior − inferior, não os limites um a um.",
            ),
        ),
        comment=(
            "O intervalo exato é conservador: para nunca cobrir menos de 95%, ele costuma "
            "cobrir mais, e fica mais largo (lição 09, seção 4)."
        ),
        facts={"o exato é o mais largo": lambda v: _wider(v) == "exato"},
    ),
    "interpretacao": multiple_choice(
        "b",
        {
            "a": (
                "É a leitura mais comum, e é tentadora; mas a acurácia verdadeira é fixa: "
                "ou está no intervalo ou não. Os 95% são do método, não deste intervalo."
            ),
            "b": (
                "95% é a cobertura do método; em muitas repetições, 95% dos "
                "intervalos construídos assim contêm a acurácia verdadeira."
            ),
            "c": "Essa é a acurácia observada, acertos / n, não a confiança do intervalo.",
            "d": (
                "O intervalo é sobre a acurácia verdadeira (uma média), não sobre a "
                "acurácia de cada teste futuro, que varia mais."
            ),
        },
        look=(
            "A acurácia verdadeira é um número fixo. O que é aleatório: ela, ou o "
            "intervalo? (lição 09, seção 4, “Cobertura”)."
        ),
        formula=(
            "Confiança de 95% = cobertura do método: em muitas repetições, 95% dos "
            "intervalos contêm a acurácia verdadeira."
        ),
        call="A lição 09 simula a cobertura com `evalbook.interval_coverage`.",
    ),
    "iris_knn": Exercise(
        expected=_iris("wilson"),
        kind="numbers",
        names=BOUNDS,
        look=(
            "São três passos: dividir como pedido, treinar e contar os acertos no teste, e só "
            "então o intervalo — de Wilson, com o z da tabela para 90% (lição 09, seção 5)."
        ),
        formula=(
            "Treine o kNN (k = 5) no treino, conte os acertos nas 50 flores de teste e calcule "
            "o intervalo de Wilson com z = 1.65."
        ),
        call=(
            "`evalbook.accuracy_interval(acertos / 50, 50, z=evalbook.z_value(0.90, "
            'source="table"))`.'
        ),
        mistakes=(
            (
                _iris("normal"),
                "Esse é o intervalo da aproximação normal, que aqui não vale "
                "(n·p·(1 − p) < 5). Use o de Wilson.",
            ),
        ),
        comment="Com só 50 flores de teste, o intervalo ainda é largo.",
    ),
    "explique": written(
        "Explique a um colega o que um intervalo de confiança de 95% para a acurácia quer"
        " dizer, e o que ele não quer dizer."
    ),
}

SET = ExerciseSet("09", title="Intervalos de confiança", variants=True, items=ITEMS)
