"""Homework variants: every set follows a student number (04, 07 and 10 in a twin question).

For several keys, each item's answer computed independently on that variant's data is
accepted, and the default variant's answer is rejected wherever the two differ.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from evalbook.exercises import exercise_ids, start
from evalbook.exercises.checker import expected_answer
from evalbook.exercises.registry import all_exercises, sets_with_variants
from evalcourse.exercises import data, data_beyond

KEYS = [1, 7, 2024, 12345, 987654321]
#: Sets that keep the handouts' examples and vary a twin question only.
TWIN_ONLY = {"04", "07", "10"}


def _set_tests(number: str):
    path = Path(__file__).with_name(f"test_exercises_{number}.py")
    spec = importlib.util.spec_from_file_location(f"variant_set_tests_{number}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The sets with homework variants (``ExerciseSet.variants``).
VARIANT_SETS = tuple(sets_with_variants())
INDEPENDENT = {number: _set_tests(number).independent for number in VARIANT_SETS}


def _same(first, second) -> bool:
    first = getattr(first, "counts", first)
    second = getattr(second, "counts", second)
    if isinstance(first, str) or (isinstance(first, list) and isinstance(first[0], str)):
        return list(np.atleast_1d(first)) == list(np.atleast_1d(second))
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    return a.shape == b.shape and bool(np.allclose(a, b, atol=1e-3, equal_nan=True))


def test_the_variant_sets():
    assert VARIANT_SETS == (
        "01",
        "02",
        "03",
        "04",
        "05",
        "05b",
        "06",
        "07",
        "08",
        "09",
        "10",
        "11",
        "11b",
        "12",
        "12b",
        "13",
        "14",
    )


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("number", VARIANT_SETS)
def test_a_variant_is_accepted_and_the_default_rejected_where_they_differ(number, key):
    default = INDEPENDENT[number]()
    variant = INDEPENDENT[number](key)
    session = start(number, variant=key)
    differing = 0
    for exercise_id in exercise_ids(number):
        if all_exercises()[exercise_id].kind == "text":  # recorded, not compared
            continue
        result = session.check(exercise_id, variant[exercise_id])
        guess = all_exercises()[exercise_id].kind == "prediction"  # any guess in range is accepted
        assert result.correct is (None if guess else True), (key, exercise_id, result.message)
        if not guess and not _same(default[exercise_id], variant[exercise_id]):
            differing += 1
            assert not session.check(exercise_id, default[exercise_id]).correct, (key, exercise_id)
    numeric = [i for i in exercise_ids(number) if all_exercises()[i].kind.startswith("number")]
    # the numbers really change (a split set has few; 04, 07 and 10 vary a twin question)
    assert differing >= (1 if number in TWIN_ONLY else min(2, len(numeric)))
    solutions = start(number)  # the solutions' data
    for exercise_id in exercise_ids(number):
        if all_exercises()[exercise_id].kind == "text":
            continue
        assert solutions.check(exercise_id, default[exercise_id]).correct is not False, exercise_id


@pytest.mark.parametrize("key", KEYS)
def test_variant_data_are_reproducible_and_well_formed(key):
    table = data.fraud_predictions(variant=key)
    assert table.equals(data.fraud_predictions(variant=key))
    assert not table.equals(data.fraud_predictions())
    assert len(table) == 16 and table.score.is_unique
    assert set(table.target) == {"fraude", "legítima"}
    wider = data.fraud_transactions(variant=key)  # sets 01 and 02
    assert wider.equals(data.fraud_transactions(variant=key)) and wider.score.is_unique
    assert 16 <= len(wider) <= 24 and 2 * (wider.target == "fraude").sum() < len(wider)
    models = data.credit_models(variant=key)
    assert all(cm.n == 200 for cm in models.values())
    assert models["A"].fp != models["B"].fp  # the break-even price exists
    hits, n = data.bernoulli_test(variant=key)
    assert 30 <= n <= 60 and 0 < hits <= n
    numbers = data.validation_numbers(variant=key)
    assert numbers == data.validation_numbers(variant=key)
    assert 8 <= numbers["n_bootstrap"] <= 16
    assert 0.15 <= numbers["test_error"] <= 0.35 and 0.01 <= numbers["training_error"] <= 0.08
    assert numbers["fold_seed"] != 0
    assert data.fraud_threshold(variant=key) in set(table.score)
    for name in (
        "screening",
        "forecasts",
        "photos",
        "two_classifiers",
        "five_by_two",
        "bootstrap_predictions_table",
    ):
        draw = getattr(data_beyond, name)
        first, again, solutions = draw(variant=key), draw(variant=key), draw()
        assert _same_data(first, again) and not _same_data(first, solutions), name


def _same_data(first, second) -> bool:
    if isinstance(first, tuple):
        return all(_same_data(a, b) for a, b in zip(first, second, strict=True))
    if hasattr(first, "equals"):
        return first.equals(second)
    return first.shape == second.shape and bool(np.all(first == second))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("number", ["05", "05b", "11", "12"])
def test_no_known_mistake_of_a_variant_passes_for_its_answer(number, key):
    # a mistake equal to the answer would be accepted as right, and its hint never shown
    for exercise_id in exercise_ids(number):
        item = expected_answer(exercise_id, variant=key)
        for value, hint in item.mistakes:
            assert not _same(item.expected, value), (exercise_id, hint)


@pytest.mark.parametrize("bad", [-1, 1.5, "12345", True])
def test_bad_variant_keys_are_refused(bad):
    message = str(start("01", variant=bad))
    assert message.startswith("❌ A variante é um número inteiro") and repr(bad) in message
    with pytest.raises(ValueError, match="variant"):
        data.fraud_predictions(variant=bad)


def test_a_set_without_variants_refuses_one(install_course):
    install_course(
        {
            "set_99": """
from evalbook.exercises import Exercise, ExerciseSet

SET = ExerciseSet("99", title="Sem variantes", items={
    "um": Exercise(expected=lambda _: 1, kind="count", look="a", formula="b", call="c"),
})
"""
        }
    )
    message = str(start("99", variant=3))
    assert message.startswith("❌ O conjunto 99 não tem variantes")
    assert "01, 02, 03, 04, 05, 05b, 06, 07, 08, 09, 10, 11, 11b, 12, 12b, 13, 14" in message


def test_each_session_keeps_its_own_record():
    first = start("01")
    first.check("01.n_tipo_i", 3)
    other = start("02")
    other.check("02.f1", 0.5)
    assert first.progress().table.loc["01.n_tipo_i", "resultado"] == "certo"
    student = start("01", variant=7)  # another variant: another session, another record
    assert student.progress().table.loc["01.n_tipo_i", "resultado"] == "não tentado"
    assert first.progress().table.loc["01.n_tipo_i", "resultado"] == "certo"
    assert other.progress().table.loc["02.f1", "tentativas"] == 1


def _run_solution_with_variant(run_cells, number: str, key: int) -> list[str]:
    """Execute a solution notebook's code with ``VARIANTE = key``; return the failed checks."""
    import nbformat

    root = Path(__file__).resolve().parents[2] / "exercises" / "solucoes"
    (path,) = root.glob(f"{number}_*_solucao.ipynb")
    cells = [
        (cell.id, cell.source.replace("VARIANTE = None", f"VARIANTE = {key}"))
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "code"
    ]
    namespace, failed = run_cells(cells, path.name)
    assert namespace["VARIANTE"] == key
    return failed


@pytest.mark.parametrize("key", [7, 12345])
@pytest.mark.parametrize("number", VARIANT_SETS)
def test_the_solution_notebook_run_on_a_variant_is_accepted(number, key, run_cells):
    assert _run_solution_with_variant(run_cells, number, key) == []
