"""Exercises 07 (cross-entropy, perplexity, top-k, BLEU): ``exercises/07_outras_metricas.ipynb``.

The data: scikit-learn's bundled *digits* set (pixels divided by 16), split 70/30
(stratified, ``random_state=0``) and fitted by a logistic regression, exactly as the
notebook's setup cell does; and a candidate translation with two references (BLEU). Every
expected answer is computed with the library from them.

Examples
--------
>>> SET["07.precisoes"].expected(None)
(0.6666666666666666, 0.6)
"""

from __future__ import annotations

import math

import numpy as np

import evalbook
from evalbook.exercises.item import Exercise, ExerciseSet, multiple_choice, written
from evalcourse.exercises import data

REFERENCES = data.BLEU_REFERENCES
CANDIDATE = data.BLEU_CANDIDATE


def _ce() -> float:
    d_test, probabilities, classes = data.digits_probabilities()
    return evalbook.cross_entropy(d_test, probabilities, labels=classes)


def _top(k: int) -> float:
    d_test, probabilities, classes = data.digits_probabilities()
    return evalbook.top_k_accuracy(d_test, probabilities, k=k, labels=classes)


def _uniform() -> np.ndarray:
    probabilities = data.digits_probabilities()[1]
    return np.full_like(probabilities, 1 / probabilities.shape[1])


def _precisions(clipped: bool = True) -> tuple[float, float]:
    if clipped:
        values = [evalbook.modified_precision(CANDIDATE, list(REFERENCES), order=n) for n in (1, 2)]
        return tuple(matches / total for matches, total in values)
    words = CANDIDATE.split()
    result = []
    for n in (1, 2):
        grams = [tuple(words[i : i + n]) for i in range(len(words) - n + 1)]
        in_refs = set()
        for reference in REFERENCES:
            tokens = reference.split()
            in_refs |= {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}
        result.append(sum(gram in in_refs for gram in grams) / len(grams))
    return tuple(result)


def _longest_reference_penalty() -> float:
    c, r = len(CANDIDATE.split()), max(len(reference.split()) for reference in REFERENCES)
    return 1.0 if c > r else math.exp(1 - r / c)


def _bleu_without_penalty() -> float:
    return evalbook.bleu(CANDIDATE, list(REFERENCES)) / evalbook.brevity_penalty(
        CANDIDATE, list(REFERENCES)
    )


def _bleu_up_to(order: int) -> float:
    return evalbook.bleu(CANDIDATE, list(REFERENCES), max_order=order)


def _shorter_n() -> str:
    """How the BLEU with N = 2 compares with the BLEU with N = 4: "maior", "menor", "igual"."""
    two, four = _bleu_up_to(2), _bleu_up_to(4)
    return "igual" if two == four else ("maior" if two > four else "menor")


def _shorter_n_comment(_variant) -> str:
    precisions = [
        matches / total
        for matches, total in (
            evalbook.modified_precision(CANDIDATE, list(REFERENCES), order=n) for n in (1, 2, 3, 4)
        )
    ]
    shown = ", ".join(f"p{n} = {p:.3f}" for n, p in enumerate(precisions, start=1))
    return (
        f"BLEU com N = 2: {_bleu_up_to(2):.4f}; com N = 4: {_bleu_up_to(4):.4f}. As precisões "
        f"caem com o tamanho do n-grama ({shown}): quanto maior N, mais a média geométrica "
        "exige sequências longas em comum. Um BLEU publicado só se compara com outro de mesmo "
        "N (e mesma tokenização)."
    )


# ---------------------------------------------------------------------- items that need thinking


#: The items, each named once, in the notebook's order (progress, exports and the class
#: report follow it).
ITEMS = {
    "entropia_cruzada": Exercise(
        expected=lambda _: _ce(),
        kind="number",
        look=(
            "A entropia cruzada só olha a probabilidade que o modelo deu à classe certa de cada "
            "imagem. Com qual logaritmo? (lição 07, seção 1, nota 15)."
        ),
        formula=(
            "A média, sobre o teste, de −ln p(classe certa), com o logaritmo natural (handout "
            "000, nota 15)."
        ),
        call="`evalbook.cross_entropy(d_teste, P, labels=classes)`.",
        mistakes=(
            (
                lambda _: _ce() / math.log(2),
                "Você usou o logaritmo na base 2 (bits). Use o logaritmo natural, como o "
                "scikit-learn e a evalbook fazem.",
            ),
            (
                lambda _: _ce() * len(data.digits_probabilities()[0]),
                "Essa é a soma sobre os exemplos; a entropia cruzada do conjunto é a média.",
            ),
        ),
    ),
    "entropia_sua": Exercise(
        expected=lambda v: evalbook.cross_entropy(
            *data.small_probabilities(variant=v)[:2], labels=data.small_probabilities()[2]
        ),
        kind="number",
        look=(
            "A mesma conta da questão 1, em `classes_sua`, `P_sua` e `verdade_sua`: só conta a "
            "probabilidade dada à classe certa de cada exemplo (lição 07, seção 1)."
        ),
        formula="A média de −ln p(classe certa) sobre os 8 exemplos, com o logaritmo natural.",
        call="`evalbook.cross_entropy(verdade_sua, P_sua, labels=classes_sua)`.",
        mistakes=(
            (
                lambda v: (
                    evalbook.cross_entropy(
                        *data.small_probabilities(variant=v)[:2],
                        labels=data.small_probabilities()[2],
                    )
                    / math.log(2)
                ),
                "Você usou o logaritmo na base 2 (bits). Use o logaritmo natural.",
            ),
        ),
    ),
    "perplexidade": Exercise(
        expected=lambda _: math.exp(_ce()),
        kind="number",
        look=(
            'A perplexidade é a entropia cruzada levada de volta a "número de classes": que função '
            "desfaz um logaritmo? (lição 07, seção 2)."
        ),
        formula="Perplexidade = exp(entropia cruzada) (handout 000, eq. (25)).",
        call="`evalbook.perplexity(d_teste, P, labels=classes)`.",
        mistakes=(
            (
                lambda _: math.exp(-_ce()),
                "Você calculou e^(−CE), como diz a nota da eq. (25), que está errada: "
                "exp(x) = eˣ. A perplexidade é maior ou igual a 1.",
            ),
            (
                lambda _: 2 ** _ce(),
                "Você usou 2^CE. Com a entropia cruzada em nats (logaritmo natural), a "
                "perplexidade é e^CE.",
            ),
        ),
    ),
    "uniforme": Exercise(
        expected=lambda _: evalbook.perplexity(
            data.digits_probabilities()[0], _uniform(), labels=data.digits_probabilities()[2]
        ),
        kind="number",
        look=(
            "Um modelo que não sabe nada dá a mesma probabilidade a cada um dos 10 dígitos. Quão "
            '"perplexo" ele fica? (lição 07, seção 2).'
        ),
        formula=(
            "Monte a tabela de probabilidades com 1/10 em todas as células e calcule a "
            "perplexidade dela: exp(−ln(1/10))."
        ),
        call="`evalbook.perplexity(d_teste, np.full_like(P, 0.1), labels=classes)`.",
        mistakes=(
            (
                lambda _: evalbook.cross_entropy(
                    data.digits_probabilities()[0],
                    _uniform(),
                    labels=data.digits_probabilities()[2],
                ),
                "Essa é a entropia cruzada do modelo uniforme (ln 10); a questão pede a "
                "perplexidade, exp dela.",
            ),
        ),
        comment="Um modelo uniforme sobre V classes tem perplexidade V.",
    ),
    "perplexidade_sentido": multiple_choice(
        "a",
        {
            "a": (
                "Perplexidade = exp(entropia cruzada) é um número efetivo de "
                "escolhas igualmente prováveis; 1 é a certeza, 10 é o chute uniforme."
            ),
            "b": ("A perplexidade não é uma fração: vai de 1 (certeza na classe certa) para cima."),
            "c": (
                "Ao contrário: a perplexidade mede a “surpresa” com a classe certa; menor é "
                "melhor, e 1 é o mínimo."
            ),
            "d": (
                "Ela não conta erros: usa a probabilidade da classe certa, mesmo quando o "
                "modelo acerta."
            ),
        },
        look=(
            "Qual é a perplexidade de um modelo que dá probabilidade 1 à classe certa? E a "
            "de um que chuta entre 10? (lição 07, seção 2)."
        ),
        formula=(
            "Perplexidade = exp(média de −ln p(certa)): 1 na certeza, k no chute uniforme "
            "entre k classes."
        ),
        call=(
            "Compare `evalbook.perplexity(d_teste, P, labels=classes)` com a do modelo uniforme."
        ),
    ),
    "top3_menor": multiple_choice(
        "não",
        {
            "sim": (
                "Se a classe certa é a primeira, ela também está entre as três primeiras: "
                "todo acerto top-1 é um acerto top-3."
            ),
            "não": (
                "A acurácia top-k só cresce com k, porque cada acerto top-1 também conta na top-3."
            ),
        },
        look="O que é um acerto top-1? Ele também é um acerto top-3? (lição 07, seção 4).",
        formula=(
            "A classe certa entre as k mais prováveis também está entre as k + 1 mais prováveis."
        ),
        call="Confira na questão 4: `top1 <= top3`.",
    ),
    "top_k": Exercise(
        expected=lambda _: (_top(1), _top(3)),
        kind="numbers",
        names=("top-1", "top-3"),
        look=(
            "Na top-k, o modelo acerta se a classe certa estiver entre as k mais prováveis dele, "
            "não só na primeira (lição 07, seção 4)."
        ),
        formula=(
            "A fração das imagens cujo dígito certo está entre as k classes mais prováveis "
            "(handout 000, eq. (27))."
        ),
        call="`evalbook.top_k_accuracy(d_teste, P, k=1, labels=classes)` e com `k=3`.",
        mistakes=(
            (
                lambda _: (1 - _top(1), 1 - _top(3)),
                "Esses são as taxas de erro; a top-k conta os acertos.",
            ),
        ),
        comment="A top-1 é a acurácia de sempre, e a top-k nunca diminui com k.",
    ),
    "precisoes": Exercise(
        expected=lambda _: _precisions(),
        kind="numbers",
        names=("p1", "p2"),
        look=(
            "A precisão do BLEU não deixa uma palavra repetida contar mais vezes do que ela "
            "aparece numa referência (lição 07, seção 5)."
        ),
        formula=(
            "Para cada n-grama da candidata, conte os acertos até o número de vezes que ele "
            "aparece numa mesma referência (o corte, clipping), e divida pelo número de n-gramas "
            "da candidata."
        ),
        call=(
            "`evalbook.modified_precision(candidata, referencias, order=1)` (e `order=2`) devolve "
            "(acertos, total)."
        ),
        mistakes=(
            (
                lambda _: _precisions(clipped=False),
                "Você não cortou as contagens: “o” e “tempo” aparecem duas vezes na "
                "candidata, mas só uma vez em cada referência, então valem um acerto cada.",
            ),
        ),
    ),
    "corte_bleu": multiple_choice(
        "a",
        {
            "a": (
                "Sem o corte, repetir uma palavra da referência daria precisão "
                "perfeita a uma tradução inútil; com o corte, “o” conta uma vez só."
            ),
            "b": (
                "O BLEU conta todas as palavras, curtas ou não; o corte só limita as repetições."
            ),
            "c": ("O comprimento é problema da penalidade de brevidade (questão 6), não do corte."),
            "d": "Uma candidata de seis “o” não traduz nada: alguma coisa tem de puni-la.",
        },
        look=("Quantas vezes “o” aparece na referência? E na candidata? (lição 07, seção 5)."),
        formula=(
            "Precisão cortada: cada n-grama conta no máximo tantas vezes quantas aparece "
            "numa referência."
        ),
        call='Confira: `evalbook.modified_precision("o o o o o o", ["o tempo"], order=1)`.',
    ),
    "brevidade": Exercise(
        expected=lambda _: evalbook.brevity_penalty(CANDIDATE, list(REFERENCES)),
        kind="number",
        look=(
            "A penalidade de brevidade pune candidatas curtas demais. Curta em relação a qual "
            "referência? (lição 07, seção 5)."
        ),
        formula=(
            "BP = 1 se c > r, senão exp(1 − r/c), com c o número de palavras da candidata e r o da "
            "referência de comprimento mais próximo de c (Papineni et al., 2002)."
        ),
        call="`evalbook.brevity_penalty(candidata, referencias)`.",
        mistakes=(
            (
                lambda _: _longest_reference_penalty(),
                "Você usou a referência mais longa; r é o comprimento da referência mais "
                "próxima do comprimento da candidata.",
            ),
        ),
    ),
    "bleu": Exercise(
        expected=lambda _: evalbook.bleu(CANDIDATE, list(REFERENCES)),
        kind="number",
        look=(
            "O BLEU junta as precisões de 1 a 4 palavras numa média geométrica e multiplica pela "
            "penalidade (lição 07, seção 5)."
        ),
        formula=(
            "BLEU = BP × exp(Σ ¼·ln pₙ), n = 1 a 4 (handout 000, eq. (26)), com as precisões "
            "cortadas."
        ),
        call="`evalbook.bleu(candidata, referencias)`.",
        mistakes=(
            (
                lambda _: _bleu_without_penalty(),
                "Faltou multiplicar pela penalidade de brevidade (a candidata é mais curta "
                "que a referência mais próxima).",
            ),
            (
                lambda _: evalbook.bleu(CANDIDATE, list(REFERENCES), max_order=2),
                "Esse é o BLEU com N = 2; use N = 4, o padrão.",
            ),
        ),
    ),
    "bleu_n": Exercise(
        expected=lambda _: _shorter_n(),
        kind="choice",
        choices=("maior", "menor", "igual"),
        look=(
            "O BLEU é a média geométrica das precisões de 1 a N palavras. O que acontece com "
            "as precisões quando o n-grama cresce? (lição 07, seção 5)."
        ),
        formula=(
            "Com N = 2, BLEU = BP × √(p₁·p₂); com N = 4, BP × (p₁·p₂·p₃·p₄)^¼: compare as "
            "precisões p₃ e p₄ com a média de p₁ e p₂."
        ),
        call=(
            "Compare `evalbook.bleu(candidata, referencias, max_order=2)` com o BLEU da questão 7."
        ),
        comment=_shorter_n_comment,
        facts={"os dois BLEU diferem": lambda _: _bleu_up_to(2) != _bleu_up_to(4)},
    ),
    "bleu_corpus": multiple_choice(
        "b",
        {
            "a": (
                "A média dos BLEU de frase dá peso igual a frases curtas e longas, e uma frase sem "
                "nenhum 4-grama casado zera o seu BLEU; o de corpus não faz nenhuma das duas "
                "coisas."
            ),
            "b": (
                "O BLEU de Papineni et al. é de corpus: precisões modificadas somadas sobre todas "
                "as frases, média geométrica, e uma penalidade com c e r somados. Por isso um BLEU "
                "publicado não é comparável a uma média de BLEU de frase (lição 07)."
            ),
            "c": ("Não há mediana no BLEU: somam-se contagens."),
            "d": (
                "Mesmo com frases do mesmo tamanho, a média geométrica das somas não é a média das "
                "médias geométricas."
            ),
        },
        look=(
            "O BLEU divide contagens de n-gramas. Essas contagens são somadas antes ou depois de "
            "dividir? (lição 07)."
        ),
        formula=(
            "BLEU de corpus: pₙ = Σ_frases casados / Σ_frases total, depois BP × exp(Σ wₙ ln pₙ) "
            "com c e r somados."
        ),
        call=(
            "Compare `evalbook.corpus_bleu(...)` com a média de `evalbook.bleu(...)` frase a frase."
        ),
    ),
    "explique": written(
        "O que o BLEU mede numa tradução, e o que ele não consegue medir?",
    ),
}

SET = ExerciseSet(
    "07",
    title="Outras métricas: entropia cruzada, perplexidade, top-k e BLEU",
    variants=True,
    items=ITEMS,
)
