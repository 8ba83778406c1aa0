"""Metrics: the handouts' numbers, and registry-driven checks of every metric.

The registry tests iterate over ``BINARY_METRICS`` and ``MULTICLASS_METRICS`` (as
scikit-learn's ``test_common.py`` does), so a metric added to the registry is checked for
its value against the reference formula (``conftest.py``), one-vs-rest with ``positive=``,
the error without ``positive=``, the 0/0 policy and invariance under relabelling.
"""

from __future__ import annotations

import inspect
import itertools
import math
import re
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import evalbook
from evalbook import (
    BINARY_METRICS,
    MULTICLASS_METRICS,
    ConfusionMatrix,
    UndefinedMetricWarning,
    accuracy,
    balanced_accuracy,
    cohen_kappa,
    efficiency,
    error_rate,
    f1,
    fbeta,
    fnr,
    fpr,
    kappa_breakdown,
    mcc,
    metrics_table,
    npv,
    ppv,
    precision,
    recall,
    summary,
    tnr,
    tpr,
)
from evalbook.metrics._classification import ALIASES

ALL_METRICS = {**BINARY_METRICS, **MULTICLASS_METRICS}
BINARY_NAMES = sorted(BINARY_METRICS)
MULTICLASS_NAMES = sorted(MULTICLASS_METRICS)
ALL_NAMES = sorted(ALL_METRICS)

#: A cited book or paper: an author and a year, "Matthews (1975)", "Kuhn 2008",
#: "Kelleher et al. (2020)", "Chicco & Jurman (2020)".
CITATION = re.compile(r"[A-Z][\w'’-]+(?: et al\.)?,? \(?(?:1[89]|20)\d\d\b")

SPAM_COUNTS = [[6, 3], [2, 9]]
ABC_COUNTS = [[88, 10, 2], [14, 40, 6], [18, 10, 12]]

# The 0/0 candidates: a 2×2 matrix for each of the 16 patterns of empty cells (the other
# cells TP = 1, FN = 2, FP = 3, TN = 5, so that no two cells can be confused), and a few 3×3.
SMALL_2X2 = [
    np.array([1, 2, 3, 5]).reshape(2, 2) * np.array(mask).reshape(2, 2)
    for mask in itertools.product([0, 1], repeat=4)
]
SMALL_3X3 = [
    np.zeros((3, 3), dtype=int),
    np.array([[5, 0, 0], [0, 0, 0], [0, 0, 0]]),  # one class only, always predicted right
    np.array([[0, 4, 0], [0, 0, 0], [0, 0, 0]]),  # one class only, always predicted wrong
    np.array([[2, 1, 0], [0, 3, 1], [0, 0, 0]]),  # class 2 never the target
    np.array([[2, 1, 0], [0, 3, 0], [1, 0, 0]]),  # class 2 never predicted
    np.array(ABC_COUNTS),
]


def _function(name):
    return ALL_METRICS[name][0]


def _accepts(name, option):
    return option in inspect.signature(_function(name)).parameters


def _counts_of(counts):
    """(TP, FN, FP, TN) of a 2×2 table, read cell by cell."""
    counts = np.asarray(counts)
    return int(counts[0, 0]), int(counts[0, 1]), int(counts[1, 0]), int(counts[1, 1])


def _one_vs_rest_cells(counts, i):
    """(TP, FN, FP, TN) of class i against the rest, by hand."""
    counts = np.asarray(counts)
    tp = int(counts[i, i])
    fn = int(counts[i].sum()) - tp
    fp = int(counts[:, i].sum()) - tp
    return tp, fn, fp, int(counts.sum()) - tp - fn - fp


def _name_pattern(name):
    """The metric's name as it appears in messages: "detection_rate" -> "detection.*rate"."""
    return re.compile(".*".join(re.escape(part) for part in name.split("_")), re.IGNORECASE)


def _call(function, *args, **kwargs):
    """Call ``function`` and return (value, the warnings it emitted)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function(*args, **kwargs)
    return value, caught


def _same(a, b):
    """Equal floats, nan equal to nan."""
    return (math.isnan(a) and math.isnan(b)) or a == b


# ====================================================================== handout numbers
@pytest.mark.parametrize(
    ("function", "exact", "printed"),
    [
        (error_rate, Fraction(5, 20), "0.25"),  # handout 000, eq. (1)
        (accuracy, Fraction(15, 20), "0.75"),  # eq. (2)
        (tpr, Fraction(6, 9), "0.667"),  # footnote 7
        (tnr, Fraction(9, 11), "0.818"),
        (fpr, Fraction(2, 11), "0.182"),
        (fnr, Fraction(3, 9), "0.333"),
        (precision, Fraction(6, 8), "0.75"),  # eq. (3), footnote 8
        (recall, Fraction(6, 9), "0.667"),  # eq. (4), footnote 8
        (f1, Fraction(12, 17), "0.706"),  # eq. (5), footnote 9
    ],
    ids=lambda v: getattr(v, "__name__", None),
)
def test_spam_handout_numbers(spam_cm, function, exact, printed):
    """Handout 000: the SPAM matrix of Tabela 7 and the values the text prints."""
    value = function(spam_cm)
    assert value == float(exact)  # the exact fraction, correctly rounded
    assert round(value, 3) == float(printed)
    assert f"{value:.3f}".rstrip("0") == printed.rstrip("0")


def test_spam_matrix_counts(spam_cm):
    assert spam_cm.labels == ["spam", "ham"]
    assert spam_cm.counts.tolist() == [[6, 3], [2, 9]]
    assert (spam_cm.tp, spam_cm.fn, spam_cm.fp, spam_cm.tn) == (6, 3, 2, 9)
    assert spam_cm.n == 20


def test_spam_exact_fractions(spam_cm):
    assert recall(spam_cm) == 2 / 3
    assert tpr(spam_cm) == 2 / 3
    assert fnr(spam_cm) == 1 / 3
    assert tnr(spam_cm) == 9 / 11
    assert fpr(spam_cm) == 2 / 11
    assert precision(spam_cm) == 3 / 4
    assert f1(spam_cm) == 12 / 17
    assert error_rate(spam_cm) + accuracy(spam_cm) == 1.0
    # handout 000: "25% = (1 - precision)" of legitimate mail is marked as spam
    assert 1 - precision(spam_cm) == 0.25


def test_spam_f1_is_the_harmonic_mean_of_eq_5(spam_cm):
    p, r = precision(spam_cm), recall(spam_cm)
    assert f1(spam_cm) == pytest.approx(2 * p * r / (p + r), rel=1e-15)
    assert min(p, r) <= f1(spam_cm) <= max(p, r)


def test_abc_success_rate_and_kappa(abc_cm):
    """Handout 001: 70% success rate, 82 expected successes, kappa = 58/118 = 49.2%."""
    assert accuracy(abc_cm) == 0.7
    assert error_rate(abc_cm) == pytest.approx(0.3, abs=1e-15)
    t, p, n = abc_cm.target_totals, abc_cm.prediction_totals, abc_cm.n
    assert t.tolist() == [100, 60, 40]
    assert p.tolist() == [120, 60, 20]
    random_classifier = np.outer(t, p) / n
    assert random_classifier.tolist() == [[60, 30, 10], [36, 18, 6], [24, 12, 4]]
    expected_successes = np.trace(random_classifier)
    assert expected_successes == 82
    assert np.trace(abc_cm.counts) - expected_successes == 58
    assert n - expected_successes == 118
    kappa = cohen_kappa(abc_cm)
    assert kappa == pytest.approx(58 / 118, abs=1e-15)
    assert round(100 * kappa, 1) == 49.2


def test_spam_kappa_and_mcc(spam_cm):
    # p_o = 15/20, p_e = (9·8 + 11·12)/400 = 0.51
    assert cohen_kappa(spam_cm) == pytest.approx((0.75 - 0.51) / (1 - 0.51), rel=1e-14)
    # handout 003: (TP·TN − FP·FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)) = 48 / sqrt(9504)
    assert mcc(spam_cm) == pytest.approx(48 / math.sqrt(8 * 9 * 11 * 12), rel=1e-15)
    assert round(mcc(spam_cm), 4) == 0.4924


# ====================================================================== the registry
def test_every_registered_metric_has_a_reference(binary_reference, multiclass_reference):
    assert set(BINARY_METRICS) == binary_reference.names
    assert set(MULTICLASS_METRICS) == multiclass_reference.names
    assert not set(BINARY_METRICS) & set(MULTICLASS_METRICS)


def test_the_citation_pattern_tells_a_source_from_a_handout():
    for cited in ("Matthews (1975)", "caret (Kuhn 2008)", "Kelleher et al. (2020), ch. 9"):
        assert CITATION.search(cited), cited
    for uncited in ("handout 000, eq. (5)", "TP / (TP + FN)", "ch. 9", "Tabela 7"):
        assert not CITATION.search(uncited), uncited


@pytest.mark.parametrize("name", ALL_NAMES)
def test_registry_entry_is_well_formed(name):
    function, formula, source = ALL_METRICS[name]
    assert function.__name__ == ALIASES.get(name, name)
    assert getattr(evalbook, name) is function
    assert name in evalbook.__all__
    assert isinstance(formula, str) and formula
    assert CITATION.search(source), f"the source {source!r} must cite a book or paper"
    doc = inspect.getdoc(function)
    assert "handout" not in (source + doc).lower()
    assert CITATION.search(doc) or "\nReferences\n---" in doc, "the docstring must cite its source"
    assert "Examples" in doc and ">>> " in doc
    parameters = list(inspect.signature(function).parameters.values())
    assert parameters[0].name == "cm"
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters[1:])
    if name in BINARY_METRICS:
        assert "positive" in inspect.signature(function).parameters
    if name != "mcc":  # the MCC has no 0/0 option: it is 0 by convention
        assert _accepts(name, "zero_division")


@pytest.mark.parametrize("name", BINARY_NAMES)
def test_binary_metric_on_spam_matrix(name, spam_cm, binary_reference):
    expected = binary_reference(name, 6, 3, 2, 9)
    function = _function(name)
    value = function(spam_cm)
    assert isinstance(value, float)
    assert value == pytest.approx(expected, rel=1e-15)
    # a list, an array, a DataFrame and the ConfusionMatrix give the same number
    assert function(SPAM_COUNTS) == value
    assert function(np.array(SPAM_COUNTS, dtype=np.uint16)) == value
    assert function(spam_cm.to_frame()) == value
    # positive= the positive class of a 2×2 matrix is the default
    assert function(spam_cm, positive="spam") == value


@pytest.mark.parametrize("name", MULTICLASS_NAMES)
def test_multiclass_metric_on_spam_and_abc(name, spam_cm, abc_cm, multiclass_reference):
    function = _function(name)
    for cm in (spam_cm, abc_cm):
        expected = multiclass_reference(name, cm.counts)
        value = function(cm)
        assert isinstance(value, float)
        assert value == pytest.approx(expected, rel=1e-14)
        assert function(cm.counts.tolist()) == value


@pytest.mark.parametrize("name", BINARY_NAMES)
def test_binary_metric_swapping_the_positive_class(name, spam_cm, binary_reference):
    """Making ham the positive class swaps TP<->TN and FN<->FP."""
    value = _function(name)(spam_cm.with_positive("ham"))
    assert value == pytest.approx(binary_reference(name, 9, 2, 3, 6), rel=1e-15)
    assert _function(name)(spam_cm, positive="ham") == value


def test_positive_class_duality(spam_cm):
    swapped = spam_cm.with_positive("ham")
    assert tpr(swapped) == tnr(spam_cm)
    assert fpr(swapped) == fnr(spam_cm)
    assert precision(swapped) == npv(spam_cm)
    assert npv(swapped) == ppv(spam_cm)
    assert efficiency(swapped) == pytest.approx(efficiency(spam_cm), rel=1e-15)


@pytest.mark.parametrize("name", BINARY_NAMES)
def test_binary_metric_label_is_one_vs_rest(name, abc_cm, binary_reference):
    function = _function(name)
    values = []
    for i, label in enumerate(abc_cm.labels):
        expected = binary_reference(name, *_one_vs_rest_cells(abc_cm.counts, i))
        value = function(abc_cm, positive=label)
        assert value == pytest.approx(expected, rel=1e-15), label
        assert function(abc_cm.one_vs_rest(label)) == value
        # the class order of the matrix does not matter, only which class is positive
        assert function(abc_cm.reorder(["C", "A", "B"]), positive=label) == value
        values.append(value)
    assert len(set(values)) > 1, "the three classes should not all give the same value"
    with pytest.raises(ValueError, match=r"positive='Z' is not one of this matrix's labels"):
        function(abc_cm, positive="Z")


@pytest.mark.parametrize("name", BINARY_NAMES)
def test_binary_metric_on_3x3_needs_label(name, abc_cm):
    function = _function(name)
    shown = re.escape(ALIASES.get(name, name))
    message = rf"^{shown} is a binary metric .* 3 classes \['A', 'B', 'C'\]; pass positive="
    with pytest.raises(ValueError, match=message):
        function(abc_cm)
    with pytest.raises(ValueError, match=r"3 classes \[0, 1, 2\]; pass positive=\.\.\. to treat"):
        function(ABC_COUNTS)
    # a one-class matrix: the message also suggests labels= listing both classes
    with pytest.raises(ValueError, match=r"1 class \['spam'\].*positive=.*labels= listing both"):
        function(ConfusionMatrix([[4]], labels=["spam"]))


@pytest.mark.parametrize("name", MULTICLASS_NAMES)
def test_multiclass_metric_does_not_need_label(name, abc_cm, multiclass_reference):
    value = _function(name)(abc_cm)
    assert value == pytest.approx(multiclass_reference(name, abc_cm.counts), rel=1e-14)


@pytest.mark.parametrize("name", ["balanced_accuracy", "mcc"])
def test_multiclass_metric_with_label_is_one_vs_rest(name, abc_cm, multiclass_reference):
    function = _function(name)
    for label in abc_cm.labels:
        binary = abc_cm.one_vs_rest(label)
        value = function(abc_cm, positive=label)
        assert value == function(binary)
        assert value == pytest.approx(multiclass_reference(name, binary.counts), rel=1e-14)
    assert balanced_accuracy(abc_cm, positive="B") == pytest.approx(
        efficiency(abc_cm, positive="B")
    )


@pytest.mark.parametrize("name", ALL_NAMES)
def test_zero_over_zero_policy(name, binary_reference, multiclass_reference, value_when_undefined):
    """0/0: nan (MCC: 0) with an UndefinedMetricWarning naming the metric and pointing at
    the caller; ``zero_division=`` chooses the value silently; defined values never warn."""
    function = _function(name)
    if name in BINARY_METRICS:
        candidates = SMALL_2X2

        def reference(counts, zero_division=None):
            return binary_reference(name, *_counts_of(counts), zero_division=zero_division)
    else:
        candidates = SMALL_2X2 + SMALL_3X3

        def reference(counts, zero_division=None):
            return multiclass_reference(name, counts, zero_division=zero_division)

    n_undefined = n_defined = 0
    for counts in candidates:
        expected = reference(counts)
        value, caught = _call(function, counts)
        if expected is None:
            n_undefined += 1
            assert _same(value, value_when_undefined(name)), counts
            assert caught, f"{name}{counts.tolist()} is 0/0 and must warn"
            for record in caught:
                assert record.category is UndefinedMetricWarning
                assert _name_pattern(ALIASES.get(name, name)).search(str(record.message))
                assert record.filename == __file__, "the warning must point at the caller"
            message = str(caught[0].message)
            assert re.search(r"undefined \(0/0\)|zero sum in its denominator", message)
        else:
            n_defined += 1
            assert caught == [], f"{name}{counts.tolist()} is defined and must not warn"
            assert value == pytest.approx(expected, rel=1e-14, abs=1e-15), counts
        if _accepts(name, "zero_division"):
            for zero_division in (0.0, 1.0, 0.5):
                value, caught = _call(function, counts, zero_division=zero_division)
                assert caught == [], "zero_division= must silence the warning"
                chosen = reference(counts, zero_division=zero_division)
                assert value == pytest.approx(chosen, rel=1e-14, abs=1e-15), counts
            value, caught = _call(function, counts, zero_division=math.nan)
            assert caught == []
            chosen = reference(counts, zero_division=math.nan)
            assert _same(value, chosen) or value == pytest.approx(chosen, rel=1e-14), counts
            if expected is None:
                assert math.isnan(value)
    assert n_undefined >= 1 and n_defined >= 1


@pytest.mark.parametrize("name", ALL_NAMES)
def test_metric_is_invariant_under_relabelling(name):
    """A bijection of the class names, keeping their order, changes no metric."""
    function = _function(name)
    relabellings = {
        2: [["spam", "ham"], [1, 0], [-1, 1], [True, False], ["1", "0"], [7, "x"]],
        3: [["A", "B", "C"], [0, 1, 2], [-5, 10, 3], ["c", "b", "a"], [2.5, "two", False]],
    }
    matrices = [SPAM_COUNTS, [[0, 4], [0, 7]], [[5, 0], [2, 0]], ABC_COUNTS, SMALL_3X3[3]]
    for counts in matrices:
        k = len(counts)
        results = []
        for labels in relabellings[k]:
            cm = ConfusionMatrix(counts, labels=labels)
            if name in BINARY_METRICS and k > 2:
                value = [_call(function, cm, positive=label)[0] for label in labels]
            else:
                value = [_call(function, cm)[0]]
            results.append(value)
        for other in results[1:]:
            assert all(_same(a, b) for a, b in zip(results[0], other, strict=True)), counts


def test_relabelling_from_label_sequences(spam_table):
    """from_labels on mapped targets and predictions gives the same counts and metrics."""
    mapping = {"spam": 1, "ham": 0}
    mapped = ConfusionMatrix.from_labels(
        spam_table.target.map(mapping), spam_table.prediction.map(mapping)
    )
    original = ConfusionMatrix.from_labels(
        spam_table.target, spam_table.prediction, labels=["spam", "ham"]
    )
    assert mapped.labels == [1, 0]  # two numeric classes: 1 is the positive class
    assert np.array_equal(mapped.counts, original.counts)
    for name, (function, _, _) in ALL_METRICS.items():
        assert function(mapped) == function(original), name


# ====================================================================== single metrics
def test_fbeta_values_and_limits(spam_cm):
    p, r = precision(spam_cm), recall(spam_cm)
    assert fbeta(spam_cm) == f1(spam_cm)
    assert fbeta(spam_cm, beta=1) == f1(spam_cm)
    assert fbeta(spam_cm, beta=2) == pytest.approx(30 / 44, rel=1e-15)  # 5·6 / (5·6 + 4·3 + 2)
    for beta in (0.1, 0.5, 2.0, 3.7, 10.0):
        expected = (1 + beta**2) * p * r / (beta**2 * p + r)
        assert fbeta(spam_cm, beta=beta) == pytest.approx(expected, rel=1e-14)
        assert min(p, r) <= fbeta(spam_cm, beta=beta) <= max(p, r)
    # β → 0 weighs precision only, β → ∞ recall only
    assert fbeta(spam_cm, beta=1e-6) == pytest.approx(p, rel=1e-9)
    assert fbeta(spam_cm, beta=1e6) == pytest.approx(r, rel=1e-9)
    values = [fbeta(spam_cm, beta=b) for b in (0.25, 0.5, 1, 2, 4)]
    assert values == sorted(values, reverse=True)  # precision > recall here


def test_fbeta_is_defined_where_precision_is_not():
    counts = [[0, 3], [0, 5]]  # nothing predicted positive: precision is 0/0, F is 0
    with pytest.warns(UndefinedMetricWarning, match="precision is undefined"):
        assert math.isnan(precision(counts))
    _, caught = _call(fbeta, counts, beta=2)
    assert caught == []
    assert fbeta(counts, beta=2) == 0.0
    assert f1(counts) == 0.0


def test_ppv_npv_with_prevalence(spam_cm):
    sens, spec = Fraction(2, 3), Fraction(9, 11)
    for prev in (Fraction(1, 100), Fraction(1, 2), Fraction(9, 10)):
        expected_ppv = sens * prev / (sens * prev + (1 - spec) * (1 - prev))
        expected_npv = spec * (1 - prev) / ((1 - sens) * prev + spec * (1 - prev))
        assert ppv(spam_cm, prevalence=float(prev)) == pytest.approx(expected_ppv, rel=1e-14)
        assert npv(spam_cm, prevalence=float(prev)) == pytest.approx(expected_npv, rel=1e-14)
    assert round(ppv(spam_cm, prevalence=0.01), 4) == 0.0357
    # the matrix's own prevalence gives back TP / (TP + FP) and TN / (TN + FN)
    own = evalbook.prevalence(spam_cm)
    assert own == 9 / 20
    assert ppv(spam_cm, prevalence=own) == pytest.approx(ppv(spam_cm), rel=1e-14)
    assert npv(spam_cm, prevalence=own) == pytest.approx(npv(spam_cm), rel=1e-14)
    assert ppv(spam_cm, prevalence=1) == 1.0
    assert ppv(spam_cm, prevalence=0) == 0.0
    assert npv(spam_cm, prevalence=0.0) == 1.0


@pytest.mark.parametrize("metric", [ppv, npv])
@pytest.mark.parametrize(
    ("counts", "why"),
    [([[0, 0], [1, 3]], "no actual positives"), ([[2, 0], [0, 0]], "no actual negatives")],
)
def test_ppv_npv_at_a_prevalence_warn_at_the_caller(metric, counts, why):
    with pytest.warns(evalbook.UndefinedMetricWarning, match=why) as record:
        assert math.isnan(metric(counts, prevalence=0.3))
    assert record[0].filename == __file__


def test_ppv_with_prevalence_zero_over_zero():
    perfect_negatives = [[3, 1], [0, 5]]  # spec = 1, so at prevalence 0 nothing is positive
    with pytest.warns(UndefinedMetricWarning, match=r"PPV is undefined .*prevalence"):
        assert math.isnan(ppv(perfect_negatives, prevalence=0.0))
    assert ppv(perfect_negatives, prevalence=0.0, zero_division=0.0) == 0.0
    with pytest.warns(UndefinedMetricWarning, match=r"NPV is undefined .*no actual positives"):
        assert math.isnan(npv([[0, 0], [2, 5]], prevalence=0.3))


def test_efficiency_is_binary_balanced_accuracy(spam_cm, abc_cm):
    assert efficiency(spam_cm) == balanced_accuracy(spam_cm)
    assert efficiency(spam_cm) == pytest.approx((2 / 3 + 9 / 11) / 2, rel=1e-15)
    for label in abc_cm.labels:
        assert efficiency(abc_cm, positive=label) == pytest.approx(
            balanced_accuracy(abc_cm, positive=label), rel=1e-15
        )


def test_balanced_accuracy_is_the_mean_recall(abc_cm):
    assert balanced_accuracy(abc_cm) == pytest.approx((88 / 100 + 40 / 60 + 12 / 40) / 3)


def test_balanced_accuracy_class_without_actual_instances():
    """Documented: nan with a warning naming the class (sklearn would drop the class)."""
    counts = ConfusionMatrix([[3, 1, 0], [1, 4, 0], [0, 0, 0]], labels=["a", "b", "c"])
    with pytest.warns(
        UndefinedMetricWarning, match=r"balanced accuracy \(recall of class 'c'\) is undefined"
    ):
        assert math.isnan(balanced_accuracy(counts))
    assert balanced_accuracy(counts, zero_division=0.0) == pytest.approx((3 / 4 + 4 / 5) / 3)
    assert balanced_accuracy(counts, zero_division=1.0) == pytest.approx((3 / 4 + 4 / 5 + 1) / 3)


def test_mcc_zero_denominator_is_zero_with_warning():
    """Handout 003: "o denominador pode ser considerado 1", so the MCC is 0."""
    for counts in ([[5, 3], [0, 0]], [[5, 0], [3, 0]], [[0, 0], [0, 0]], [[7]]):
        with pytest.warns(UndefinedMetricWarning, match=r"MCC .*returning 0, the usual convention"):
            assert mcc(counts) == 0.0


def test_mcc_extremes():
    assert mcc([[5, 0], [0, 7]]) == 1.0
    assert mcc([[0, 5], [7, 0]]) == -1.0
    assert mcc([[4, 0, 0], [0, 3, 0], [0, 0, 9]]) == 1.0
    assert mcc([[2, 2], [3, 3]]) == 0.0  # prediction independent of the target


def test_kappa_extremes():
    assert cohen_kappa([[5, 0], [0, 7]]) == 1.0
    assert cohen_kappa([[0, 5], [5, 0]]) == -1.0
    assert cohen_kappa([[2, 2], [3, 3]]) == 0.0
    with pytest.warns(UndefinedMetricWarning, match="Cohen's kappa is undefined"):
        assert math.isnan(cohen_kappa([[4, 0], [0, 0]]))
    assert cohen_kappa([[4, 0], [0, 0]], zero_division=1.0) == 1.0


def test_accuracy_and_error_rate_of_empty_matrix():
    with pytest.warns(UndefinedMetricWarning, match=r"accuracy is undefined \(0/0\) \(n = 0\)"):
        assert math.isnan(accuracy([[0, 0], [0, 0]]))
    assert error_rate([[0, 0], [0, 0]], zero_division=0.0) == 0.0


# ====================================================================== metrics_table
def test_metrics_table_binary(spam_cm):
    table = metrics_table(spam_cm)
    assert list(table.columns) == ["value", "formula", "source"]
    assert table.index.name == "metric"
    assert set(table.index) == set(ALL_METRICS)
    for name, (function, formula, source) in ALL_METRICS.items():
        assert table.loc[name, "value"] == function(spam_cm), name
        assert table.loc[name, "formula"] == formula
        assert table.loc[name, "source"] == source


def test_metrics_table_multiclass(abc_cm):
    table = metrics_table(abc_cm)
    assert set(table.index) == set(MULTICLASS_METRICS)
    assert table.loc["cohen_kappa", "value"] == cohen_kappa(abc_cm)
    by_class = metrics_table(abc_cm, positive="B")
    assert set(by_class.index) == set(ALL_METRICS)
    assert by_class.loc["recall", "value"] == recall(abc_cm, positive="B") == 40 / 60
    assert by_class.loc["mcc", "value"] == mcc(abc_cm, positive="B")
    assert by_class.loc["balanced_accuracy", "value"] == balanced_accuracy(abc_cm, positive="B")
    assert by_class.loc["accuracy", "value"] == accuracy(abc_cm)  # not one-vs-rest


def test_metrics_table_zero_division():
    counts = [[0, 0], [0, 5]]
    table, caught = _call(metrics_table, counts, zero_division=0.0)
    assert [str(w.message) for w in caught if "MCC" not in str(w.message)] == []
    assert table.loc["precision", "value"] == 0.0
    assert table.loc["recall", "value"] == 0.0
    table, caught = _call(metrics_table, counts)
    assert math.isnan(table.loc["recall", "value"])
    assert any("recall is undefined" in str(w.message) for w in caught)
    assert isinstance(table, pd.DataFrame)


def test_synonyms_are_one_function():
    assert evalbook.tpr is evalbook.sensitivity is evalbook.recall
    assert evalbook.tnr is evalbook.specificity
    for alias, name in ALIASES.items():
        assert BINARY_METRICS[alias][0] is BINARY_METRICS[name][0]
    # the registry still lists every name the lessons use, synonyms included
    assert list(BINARY_METRICS) == [
        "tpr", "tnr", "fpr", "fnr", "precision", "recall", "f1", "sensitivity",
        "specificity", "ppv", "npv", "efficiency", "prevalence", "detection_rate",
        "detection_prevalence",
    ]  # fmt: skip
    assert list(MULTICLASS_METRICS) == [
        "accuracy", "error_rate", "balanced_accuracy", "mcc", "cohen_kappa",
    ]  # fmt: skip
    table = metrics_table(SPAM_COUNTS)
    assert table.loc["tpr", "value"] == table.loc["sensitivity", "value"] == 6 / 9


# ---------------------------------------------------------------------- totals beyond int64
HUGE = [[2**62, 2**62], [2**62, 1]]  # every cell below 2**63, the totals above


def test_accuracy_with_totals_beyond_int64():
    n = 3 * 2**62 + 1
    assert accuracy(HUGE) == (2**62 + 1) / n
    assert evalbook.error_rate(HUGE) == 2 * 2**62 / n
    assert ConfusionMatrix(HUGE).n == n
    assert ConfusionMatrix(HUGE).n_correct == 2**62 + 1


def test_balanced_accuracy_with_totals_beyond_int64():
    assert balanced_accuracy(HUGE) == pytest.approx((0.5 + 1 / (2**62 + 1)) / 2, rel=1e-15)
    totals = ConfusionMatrix(HUGE).target_totals
    assert [int(v) for v in totals] == [2**63, 2**62 + 1]


def test_kappa_breakdown_and_summary_with_totals_beyond_int64():
    t, p, n = [2**63, 2**62 + 1], [2**63, 2**62 + 1], 3 * 2**62 + 1
    chance = t[0] * p[0] + t[1] * p[1]
    exact = (n * (2**62 + 1) - chance) / (n * n - chance)
    b = kappa_breakdown(HUGE)
    assert b.n == n and b.observed == 2**62 + 1
    assert b.kappa == exact
    assert cohen_kappa(HUGE) == exact
    # the summary's exact interval needs n ≤ 2**53: refused up front, naming cm and the limit
    with pytest.raises(ValueError, match=r"cm has n = 13835058055282163713 instances.*2\*\*53"):
        summary(HUGE)
    largest = [[2**52, 2**50], [2**50, 2**51]]
    report = summary(largest)
    assert report.overall["accuracy"] == accuracy(largest) == 0.75  # n = 2**53 exactly


def test_mcc_and_kappa_with_large_counts():
    assert mcc([[10**16, 0], [0, 1]]) == 1.0
    assert cohen_kappa([[10**16, 0], [0, 1]]) == 1.0
    assert mcc([[0, 10**16], [1, 0]]) == -1.0
    # a 3×3 matrix with counts near 2**63: the exact value, computed with Python ints
    big = [[2**62, 3, 0], [5, 2**61, 7], [0, 11, 2**60]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert 0.999999 < mcc(big) <= 1.0
        assert 0.999999 < cohen_kappa(big) <= 1.0


def test_one_vs_rest_beyond_int64_is_refused_clearly():
    cm = ConfusionMatrix([[2**62, 2**62, 2**62], [0, 1, 0], [0, 0, 1]], labels=list("abc"))
    with pytest.raises(ValueError, match=r"counts must be below 2\*\*63"):
        cm.one_vs_rest("a")


def test_exact_metrics_of_random_huge_matrices_against_fractions():
    """accuracy, balanced accuracy, kappa and MCC of matrices with cells up to 2**62 (totals
    beyond int64) against the same formulas in exact rational arithmetic."""
    from fractions import Fraction

    rng = np.random.default_rng(2026)
    for _ in range(200):
        k = int(rng.integers(2, 6))
        exponent = rng.integers(0, 63, size=(k, k))
        counts = [[int(rng.integers(1, 2**62)) >> int(e) for e in row] for row in exponent]
        rows = [sum(row) for row in counts]
        columns = [sum(column) for column in zip(*counts, strict=True)]
        n, hits = sum(rows), sum(counts[i][i] for i in range(k))
        chance = sum(t * p for t, p in zip(rows, columns, strict=True))
        assert accuracy(counts) == float(Fraction(hits, n))
        kappa = Fraction(n * hits - chance, n * n - chance)
        assert cohen_kappa(counts) == float(kappa)
        assert kappa_breakdown(counts).kappa == float(kappa)
        recalls = [Fraction(counts[i][i], rows[i]) for i in range(k)]
        assert balanced_accuracy(counts) == pytest.approx(float(sum(recalls) / k), rel=1e-15)
        squared = Fraction(
            (n * hits - chance) ** 2,
            (n * n - sum(p * p for p in columns)) * (n * n - sum(t * t for t in rows)),
        )
        expected = math.copysign(math.sqrt(squared), n * hits - chance)
        assert mcc(counts) == pytest.approx(expected, rel=1e-15, abs=1e-300)


# ---------------------------------------------------------------------- F-beta limits
@pytest.mark.parametrize("beta", [1e155, 1e200, 1.7e308])
def test_fbeta_of_a_huge_beta_is_the_recall(beta):
    counts = [[6, 3], [2, 9]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fbeta(counts, beta=beta) == recall(counts)


@pytest.mark.parametrize("beta", [1e-155, 1e-200, 5e-324])
def test_fbeta_of_a_tiny_beta_is_the_precision(beta):
    counts = [[6, 3], [2, 9]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fbeta(counts, beta=beta) == precision(counts)


def test_fbeta_limit_keeps_the_0_over_0_policy():
    # β → ∞ is the recall, undefined without actual positives: nan with the warning
    with pytest.warns(UndefinedMetricWarning, match="F-beta is undefined"):
        assert math.isnan(fbeta([[0, 0], [3, 5]], beta=1e200))
