"""Bad values set into the explorers' controls, and bad arguments to the explorers.

The base class (``evalbook/widgets/_base.py``) checks a control's value before the widget
validates it: a float slider used to clamp ±inf to its end, an integer slider or a number
box raised traitlets' TraitError for None, NaN or ±inf, and a choice raised TraitError for
a value outside its options. Each is now a ValueError naming the control, and the explorer
keeps its value and what it shows.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.datasets import make_classification

import evalbook
from evalbook.widgets import (
    ComplexityExplorer,
    CoverageExplorer,
    Guess,
    ImbalanceExplorer,
    KFoldExplorer,
    OutlierExplorer,
    PositiveClassExplorer,
    PrecisionRecallExplorer,
    ProfitExplorer,
    ThresholdExplorer,
    explorers,
)

Y = [1, 0, 1, 0, 1]
S = [0.9, 0.2, 0.6, 0.4, 0.7]


def _two_features():
    return make_classification(60, n_features=2, n_redundant=0, random_state=0)


#: Every registered explorer's example, and a choice-style Guess.
EXPLORERS = {
    **{name: cls.example for name, cls in explorers().items()},
    "guess_choice": lambda: Guess("a", options=["a", "b"]),
}


def _refused(control, name, value, problem):
    before = control.value
    with pytest.raises(ValueError, match=rf"^{name} {problem}"):
        control.value = value
    assert control.value == before or (before != before and control.value != control.value)


@pytest.mark.parametrize("explorer", list(EXPLORERS))
def test_every_control_refuses_what_it_cannot_mean_with_a_value_error(explorer):
    shown = EXPLORERS[explorer]()
    html = shown.html
    assert shown._controls
    for name, control in shown._controls.items():
        for value in (None, math.nan, math.inf, -math.inf, 10**400, "x", [1]):
            _refused(control, name, value, "must be")
    assert shown.html == html


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: ThresholdExplorer(Y, S, positive=1), "threshold"),
        (lambda: PrecisionRecallExplorer(Y, S, positive=1), "threshold"),
        (lambda: ThresholdExplorer.synthetic(), "threshold"),
        (CoverageExplorer, "p"),
        (ImbalanceExplorer, "majority_share"),
        (ImbalanceExplorer, "recall_minority"),
        (OutlierExplorer, "shift"),
    ],
)
@pytest.mark.parametrize("value", [math.inf, -math.inf])
def test_a_float_slider_refuses_an_infinity_instead_of_clamping_it(make, name, value):
    explorer = make()
    _refused(getattr(explorer, name), name, value, "must be a finite number")


def test_the_precision_recall_explorer_checks_its_prevalence_before_the_slider_clamps():
    explorer = PrecisionRecallExplorer(Y, S, positive=1, prevalence=0.2)
    _refused(explorer.prevalence, "prevalence", 1.0, r"must lie in \[0.001, 0.99\]")
    _refused(explorer.prevalence, "prevalence", 0.0001, r"must lie in \[0.001, 0.99\]")
    explorer.prevalence.value = 0.5
    assert explorer.prevalence.value == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("make", "name", "value"),
    [
        (lambda: PositiveClassExplorer(["a", "b", "a"], ["a", "a", "b"]), "positive", "eggs"),
        (CoverageExplorer, "confidence", 0.5),
        (lambda: Guess("a", options=["a", "b"]), "guess", "c"),
        (lambda: ComplexityExplorer(*_two_features()), "complexity", 999),
    ],
)
def test_a_choice_refuses_a_value_outside_its_options(make, name, value):
    explorer = make()
    _refused(explorer._controls[name], name, value, "must be one of its options")


@pytest.mark.parametrize(("name", "value"), [("k", 2.5), ("seed", "3"), ("stratified", "yes")])
def test_integer_and_switch_controls_refuse_what_they_would_convert(name, value):
    _refused(getattr(KFoldExplorer(["a", "b", "a", "b", "a", "b"]), name), name, value, "must be")


def test_a_good_value_still_moves_the_explorer():
    explorer = ThresholdExplorer(Y, S, positive=1)
    explorer.threshold.value = 0.65
    assert explorer.counts == {"TP": 2, "FN": 1, "FP": 0, "TN": 2}


# ---------------------------------------------------------------------- the explorers' arguments
def test_the_threshold_explorer_refuses_labels_of_mixed_types():
    with pytest.raises(TypeError, match=r"y_true mixes labels of different types"):
        ThresholdExplorer([1, "1", 0, 0, 1], S, positive=1)
    with pytest.raises(TypeError, match=r"y_true mixes labels of different types"):
        PrecisionRecallExplorer([1, "1", 0, 0, 1], S, positive=1)


def test_the_threshold_explorer_names_negative_step_and_profit():
    with pytest.raises(TypeError, match=r"^negative must be a single class label"):
        ThresholdExplorer(Y, S, positive=1, negative=[0])
    with pytest.raises(ValueError, match=r"^step must be a finite number greater than 0"):
        ThresholdExplorer(Y, S, positive=1, step=np.inf)
    with pytest.raises(TypeError, match=r"^profit must hold numbers"):
        ThresholdExplorer(Y, S, positive=1, profit=[[True, False], [False, True]])
    with pytest.raises(TypeError, match=r"^profit must hold numbers"):
        ThresholdExplorer(Y, S, positive=1, profit=[["1", "0"], ["0", "1"]])
    with pytest.raises(TypeError, match="profit_matrix must hold numbers"):
        evalbook.profit([[6, 3], [2, 9]], [["1", "0"], ["0", "1"]])  # as profit() refuses


def test_synthetic_names_positive_share():
    with pytest.raises(ValueError, match=r"^positive_share must be strictly between 0 and 1"):
        ThresholdExplorer.synthetic(positive_share=math.nan)


def test_the_profit_explorer_names_the_bad_model():
    with pytest.raises(TypeError, match=r"^models\['m'\] must hold whole numbers"):
        ProfitExplorer({"m": [["a", "b"], ["c", "d"]]}, [[1, -1], [-5, 0]])


def test_huge_sizes_and_seeds_are_value_errors_naming_the_argument():
    with pytest.raises(ValueError, match=r"^n must be at most 2\*\*53"):
        ImbalanceExplorer(n=10**400)
    with pytest.raises(ValueError, match=r"^seed must be at most 4294967295"):
        ComplexityExplorer(*_two_features(), seed=2**40)


def test_guess_refuses_an_option_given_twice():
    with pytest.raises(ValueError, match=r"^options contains 'a' more than once"):
        Guess("a", options=["a", "a", "b"])
