"""The one kind of result: every test, interval and decomposition is a named, frozen tuple."""

import typing

import numpy as np
import pytest

import evalbook
from evalbook._core.results import RESULT_TYPES, result, result_text
from evalbook.inference import delong_test, f_test_5x2cv, mcnemar_test, paired_ttest_5x2cv
from evalbook.model_selection import bias_variance_decomposition
from evalcourse import datasets

SPAM = datasets.spam_predictions()
Y, S = SPAM.target.to_numpy(), SPAM.score.to_numpy()
A5 = [[0.8, 0.7], [0.82, 0.71], [0.79, 0.72], [0.81, 0.7], [0.8, 0.69]]
B5 = [[0.75, 0.7], [0.77, 0.69], [0.74, 0.7], [0.76, 0.68], [0.75, 0.7]]

#: Every public function that returns several named numbers, called once.
RESULTS = {
    "ks_statistic": lambda: evalbook.ks_statistic(Y, S, positive="spam"),
    "accuracy_interval": lambda: evalbook.accuracy_interval(0.85, 30),
    "accuracy_interval exact": lambda: evalbook.accuracy_interval(0.75, 20, method="exact"),
    "bootstrap_interval": lambda: evalbook.bootstrap_interval(
        evalbook.accuracy, [[6, 3], [2, 9]], seed=0
    ),
    "proportion_interval": lambda: evalbook.proportion_interval([[6, 3], [2, 9]], "recall"),
    "roc_auc_interval": lambda: evalbook.roc_auc_interval(Y, S, positive="spam"),
    "bootstrap_interval of scores": lambda: evalbook.bootstrap_interval(
        lambda y, s: float(np.mean(s)), Y, S, n_resamples=10, seed=0
    ),
    "compare_models": lambda: evalbook.compare_models(0.85, 30, 0.75, 5000),
    "compare_algorithms": lambda: evalbook.compare_algorithms([0.1, 0.2, 0.05, 0.12]),
    "friedman": lambda: evalbook.friedman([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75]]),
    "adjust_p_values": lambda: evalbook.adjust_p_values([0.01, 0.04, 0.3]),
    "kappa_breakdown": lambda: evalbook.kappa_breakdown([[88, 10, 2], [14, 40, 6], [18, 10, 12]]),
    "mcnemar_test": lambda: mcnemar_test([1, 1, 0, 0, 1], [1, 0, 0, 1, 1], [0, 1, 0, 0, 1]),
    "delong_test": lambda: delong_test(Y, S, S[::-1], positive="spam"),
    "roc_auc_sample_size": lambda: evalbook.roc_auc_sample_size(0.8),
    "paired_ttest_5x2cv": lambda: paired_ttest_5x2cv(A5, B5),
    "f_test_5x2cv": lambda: f_test_5x2cv(A5, B5),
    "bias_variance_decomposition": lambda: bias_variance_decomposition(
        [1.0, 2.0], np.array([[1.0, 2.5], [1.5, 2.0]])
    ),
    "likelihood_ratios": lambda: evalbook.likelihood_ratios([[40, 10], [5, 45]]),
    "predictive_values": lambda: evalbook.predictive_values([[40, 10], [5, 45]], prevalence=0.1),
    "multiclass_roc_auc": lambda: evalbook.multiclass_roc_auc(
        ["a", "b", "a", "b"], [[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.5, 0.5]], labels=["a", "b"]
    ),
}


@pytest.mark.parametrize("name", RESULTS)
def test_every_result_is_a_registered_named_tuple(name):
    value = RESULTS[name]()
    assert type(value) in RESULT_TYPES
    assert isinstance(value, tuple) and value._fields
    assert tuple(value) == tuple(getattr(value, field) for field in value._fields)
    assert value.to_dict() == dict(zip(value._fields, value, strict=True))
    with pytest.raises(AttributeError):
        setattr(value, value._fields[0], 0)
    assert repr(value).startswith(f"{type(value).__name__}({value._fields[0]}=")


def test_every_result_type_is_returned_by_some_function():
    returned = {type(call()) for call in RESULTS.values()}
    assert returned == set(RESULT_TYPES)


def test_no_public_name_is_a_dataclass_or_an_unregistered_named_tuple():
    import dataclasses

    for name in evalbook.__all__:
        value = getattr(evalbook, name)
        if not isinstance(value, type):
            continue
        assert not dataclasses.is_dataclass(value), name
        if issubclass(value, tuple) and hasattr(value, "_fields") and value is not evalbook.Counts:
            assert value in RESULT_TYPES, name  # Counts: the four cells of a matrix, not a test


def test_intervals_unpack_and_read_by_name():
    lower, upper = evalbook.accuracy_interval(0.85, 30, confidence=0.90)
    interval = evalbook.accuracy_interval(0.85, 30, confidence=0.90)
    assert (interval.lower, interval.upper) == (lower, upper) == interval
    assert round(lower, 4) == 0.7143 and round(upper, 4) == 0.9278
    comparison = evalbook.compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    assert isinstance(comparison.interval, evalbook.Interval)
    assert comparison.interval.lower == pytest.approx(comparison.d - comparison.margin)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "KSResult\n  statistic = 0.5\n  score = 0.1"),
        ("pt", "KSResult\n  estatística (statistic) = 0.5\n  score = 0.1"),
    ],
)
def test_the_text_of_a_result_follows_the_display_language(language, expected):
    value = evalbook.ks_statistic([1, 0, 1, 0], [0.9, 0.8, 0.4, 0.1], positive=1)
    shown = []

    class Printer:
        def text(self, part):
            shown.append(part)

    with evalbook.config_context(language=language):
        text = str(value)
        value._repr_pretty_(Printer(), cycle=False)
    assert text == expected == "".join(shown)
    assert repr(value) == "KSResult(statistic=0.5, score=0.1)"  # code stays code


def test_the_text_formats_each_kind_of_field():
    value = evalbook.friedman([[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.95, 0.7, 0.75]])
    with evalbook.config_context(language="pt"):
        text = result_text(value)
    assert "  postos médios (average_ranks) = (1.0, 2.333, 2.667)" in text
    assert "  conjuntos de dados (n_datasets) = 3" in text
    assert "  diferença crítica (critical_difference) = None" in text
    auc = RESULTS["multiclass_roc_auc"]()
    assert "  per class (per_class) = a: 1.0, b: 1.0" in result_text(auc)
    interval = evalbook.accuracy_interval(0.85, 30)
    assert str(interval).splitlines()[1] == f"  lower bound (lower) = {interval.lower:.4g}"


def test_a_class_with_its_own_text_keeps_it():
    comparison = evalbook.compare_models(0.85, 30, 0.75, 5000, confidence=0.90, z=1.65)
    assert str(comparison).startswith("d = 0.1000 ± 0.1080")


def test_only_a_named_tuple_can_be_a_result():
    with pytest.raises(TypeError, match="NamedTuple"):
        result(type("Plain", (), {}))

    class Pair(typing.NamedTuple):
        a: int

    try:
        assert result(Pair) is Pair and Pair in RESULT_TYPES
    finally:
        RESULT_TYPES.remove(Pair)
