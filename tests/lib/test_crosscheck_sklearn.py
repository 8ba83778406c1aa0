"""Cross-checks against scikit-learn on random inputs (fixed seeds).

The tests run over the same N_CASES random (y_true, y_pred) pairs: binary and multiclass,
balanced and heavily imbalanced, classes missing from one side, integer (0/1, -1/+1, any),
string and boolean labels in lists, typed and object arrays, n from 1 to 5 and up to
~2000, sometimes with explicit labels= (shuffled, some listing an absent class). Balanced
accuracy, which scikit-learn computes over the classes present in y_true only, runs over
ALL_TARGET_CASES, drawn the same way but with every class a target.

Where a metric is defined — decided from counts made here with numpy, never by catching
nan — ours must equal scikit-learn's within TOL, without a warning (the module's filter
turns ours into an error); where it is 0/0, ours is nan with an UndefinedMetricWarning (the
MCC: 0) and ``zero_division=0.0`` agrees with scikit-learn's ``zero_division=0``. Each
test asserts how many cases it compared, so a generator that drifts into trivial inputs
fails.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
import pytest
from sklearn import metrics as skm

from evalbook import (
    BINARY_METRICS,
    ConfusionMatrix,
    UndefinedMetricWarning,
    accuracy,
    balanced_accuracy,
    cohen_kappa,
    f1,
    fbeta,
    mcc,
    precision,
    recall,
)

pytestmark = [
    # where a metric is defined, ours must not warn: its warning is an error here (the 0/0
    # cases expect it explicitly with pytest.warns)
    pytest.mark.filterwarnings("error::evalbook.UndefinedMetricWarning"),
    pytest.mark.filterwarnings("ignore::sklearn.exceptions.UndefinedMetricWarning"),
    pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true:UserWarning"),
    pytest.mark.filterwarnings("ignore:A single label was found:UserWarning"),
]

TOL = 1e-12
N_CASES = 210
MIN_COMPARED = 200
SEED = 20240917
BETAS = (0.25, 0.5, 2.0, 3.0, 10.0)  # (β = 1 is F1, checked with precision and recall)

#: Largest |ours − scikit-learn| seen so far, by metric (for reports; each comparison
#: asserts its own difference against TOL).
MAX_ABS_DIFF: dict[str, float] = {}

WORDS = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu"]


@dataclass(frozen=True)
class Case:
    name: str
    y_true: np.ndarray
    y_pred: np.ndarray
    labels: list | None  # passed to from_labels (None: the default order)


def _label_values(family, k, rng):
    """k distinct class labels of the family's kind."""
    if family == "binary01":
        return [0, 1]
    if family == "binary_pm1":
        return [-1, 1]
    if family == "binary_str":
        return [["spam", "ham"], ["yes", "no"], ["pos", "neg"]][rng.integers(3)]
    if family == "bool":
        return [False, True]
    if family in ("multiclass_int", "tiny"):
        pool = np.array([-7, -1, 0, 1, 2, 3, 5, 11, 40, 1000])
        return [int(v) for v in rng.choice(pool, size=k, replace=False)]
    return [str(v) for v in rng.choice(WORDS, size=k, replace=False)]


def _make_case(i, rng, *, all_targets=False):
    """Case number i; with all_targets, every class is a target at least once."""
    families = [
        "binary01",
        "binary_pm1",
        "binary_str",
        "bool",
        "multiclass_int",
        "multiclass_str",
        "multiclass_str",
        "tiny",
    ]
    family = families[i % len(families)]
    if family == "tiny":
        k, n = int(rng.integers(1, 5)), int(rng.integers(1, 6))
        k = min(k, n) if all_targets else k
    else:
        k = 2 if family.startswith(("binary", "bool")) else int(rng.integers(3, 7))
        n = int(rng.integers(6, 60)) if rng.random() < 0.5 else int(rng.integers(60, 2000))
    # class proportions: balanced, heavily imbalanced, or a class missing from one side
    styles = ["balanced", "imbalanced", "missing_in_pred", "missing_in_true"]
    style = (
        styles[rng.choice(3)] if all_targets else styles[rng.choice(4, p=[0.35, 0.35, 0.15, 0.15])]
    )
    p_true = rng.dirichlet(np.full(k, 5.0 if style == "balanced" else 0.4))
    p_pred = rng.dirichlet(np.full(k, 5.0 if style == "balanced" else 1.0))
    if style == "imbalanced":
        p_true = np.full(k, 0.02 / k)
        p_true[rng.integers(k)] += 0.98
    if style == "missing_in_pred" and k > 1:
        p_pred[rng.integers(k)] = 0
        p_pred /= p_pred.sum()
    if style == "missing_in_true" and k > 1:
        p_true[rng.integers(k)] = 0
        p_true /= p_true.sum()
    true_codes = rng.choice(k, size=n, p=p_true)
    if all_targets or (family != "tiny" and style != "missing_in_true"):
        true_codes[rng.choice(n, size=k, replace=False)] = np.arange(k)  # each class once
    skill = rng.uniform(0, 1)
    guess = rng.choice(k, size=n, p=p_pred)
    pred_codes = np.where(rng.random(n) < skill, true_codes, guess)
    if style == "missing_in_pred" and k > 1:  # skill copies the truth: remove one class again
        gone = int(np.argmin(p_pred))
        pred_codes = np.where(pred_codes == gone, (gone + 1) % k, pred_codes)

    values = _label_values(family, k, rng)
    table = np.empty(k, dtype=object)
    table[:] = values
    y_true, y_pred = table[true_codes], table[pred_codes]
    container = rng.integers(3)
    if container == 0:  # a typed array: int64, bool or <U
        y_true, y_pred = np.array(y_true.tolist()), np.array(y_pred.tolist())
    elif container == 1:  # a list
        y_true, y_pred = y_true.tolist(), y_pred.tolist()
    # else: an object array
    labels = None
    if rng.random() < 0.3:  # explicit labels, shuffled, sometimes with an absent class
        labels = [values[j] for j in rng.permutation(k)]
        if family in ("multiclass_str", "binary_str") and not all_targets and rng.random() < 0.5:
            labels.append("zzz")
    prefix = "all-targets " if all_targets else ""
    return Case(f"{prefix}{i}:{family}/{style}/n={n}", y_true, y_pred, labels)


def _make_cases(seed, *, all_targets=False):
    rng = np.random.default_rng(seed)
    return [_make_case(i, rng, all_targets=all_targets) for i in range(N_CASES)]


CASES = _make_cases(SEED)
#: For balanced accuracy, which scikit-learn computes over the classes of y_true only.
ALL_TARGET_CASES = _make_cases(SEED + 10, all_targets=True)


# ---------------------------------------------------------------------- helpers
def _arrays(case):
    """The case as typed numpy arrays (sklearn calls an object array of ints "unknown")."""
    return np.array(list(case.y_true)), np.array(list(case.y_pred))


_MATRICES: dict[str, ConfusionMatrix] = {}


def _ours(case):
    """Our matrix of the case, built once (a ConfusionMatrix is immutable)."""
    if case.name not in _MATRICES:
        cm = ConfusionMatrix.from_labels(case.y_true, case.y_pred, labels=case.labels)
        _MATRICES[case.name] = cm
    return _MATRICES[case.name]


def _cells(y_true, y_pred, label):
    """(TP, FN, FP, TN) of ``label`` against the rest, counted with numpy."""
    actual, predicted = y_true == label, y_pred == label
    tp = int(np.sum(actual & predicted))
    fn = int(np.sum(actual & ~predicted))
    fp = int(np.sum(~actual & predicted))
    return tp, fn, fp, len(y_true) - tp - fn - fp


def _undefined(function, *args, **kwargs):
    """Call one of our metrics where it is 0/0: it must warn, and return what it returns."""
    with pytest.warns(UndefinedMetricWarning, match="undefined|MCC"):
        return function(*args, **kwargs)


def _close(metric, ours, theirs, case):
    difference = abs(ours - theirs)
    MAX_ABS_DIFF[metric] = max(MAX_ABS_DIFF.get(metric, 0.0), difference)
    assert difference <= TOL, f"{metric}: ours {ours!r}, sklearn {theirs!r} [{case.name}]"


# ---------------------------------------------------------------------- the cases
def test_cases_cover_what_they_should():
    kinds = {"binary": 0, "multiclass": 0, "string": 0, "int": 0, "bool": 0, "small": 0}
    kinds.update(large=0, one_sided=0, imbalanced=0, explicit=0, absent_target=0)
    for case in CASES:
        y_true, y_pred = _arrays(case)
        classes = set(y_true.tolist()) | set(y_pred.tolist())
        kinds["binary" if len(classes) <= 2 else "multiclass"] += 1
        first = next(iter(classes))
        kinds[
            "string" if isinstance(first, str) else "bool" if isinstance(first, bool) else "int"
        ] += 1
        kinds["small"] += len(y_true) <= 5
        kinds["large"] += len(y_true) >= 500
        kinds["one_sided"] += set(y_true.tolist()) != set(y_pred.tolist())
        _, counts = np.unique(y_true, return_counts=True)
        kinds["imbalanced"] += len(y_true) >= 60 and counts.max() >= 0.9 * len(y_true)
        kinds["explicit"] += case.labels is not None
        kinds["absent_target"] += not set(_ours(case).labels) <= set(y_true.tolist())
    assert len(CASES) >= MIN_COMPARED
    assert all(count >= 15 for count in kinds.values()), kinds
    assert len(ALL_TARGET_CASES) >= MIN_COMPARED
    assert len({case.name for case in CASES + ALL_TARGET_CASES}) == 2 * N_CASES
    for case in ALL_TARGET_CASES:
        assert set(_ours(case).labels) <= set(np.asarray(case.y_true).tolist()), case.name


# ---------------------------------------------------------------------- confusion matrix
def test_confusion_matrix():
    for case in CASES:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        assert cm.n == len(y_true)
        expected = skm.confusion_matrix(y_true, y_pred, labels=cm.labels)
        assert np.array_equal(cm.counts, expected), case.name
        # to_frame("sklearn") is sklearn's own layout: its labels sorted (by default, the
        # sorted union of y_true and y_pred, as np.unique gives them)
        frame = cm.to_frame("sklearn")
        if case.labels is None:
            assert frame.index.tolist() == np.unique(np.concatenate([y_true, y_pred])).tolist()
        assert frame.index.tolist() == frame.columns.tolist() == sorted(cm.labels)
        order = [cm.labels.index(label) for label in sorted(cm.labels)]
        assert np.array_equal(frame.to_numpy(), expected[np.ix_(order, order)]), case.name


def test_confusion_matrix_default_layout_is_to_frame_sklearn():
    """sklearn's default call (no labels=) against to_frame("sklearn"), directly."""
    compared = 0
    for case in CASES[::4]:
        if case.labels is not None:
            continue
        y_true, y_pred = _arrays(case)
        frame = _ours(case).to_frame("sklearn")
        assert np.array_equal(frame.to_numpy(), skm.confusion_matrix(y_true, y_pred)), case.name
        compared += 1
    assert compared >= 30, compared


@pytest.mark.parametrize("normalize", ["true", "pred", "all"])
def test_normalized_confusion_matrix(normalize):
    """to_frame(normalize=) against confusion_matrix(normalize=), absent classes included."""
    for case in CASES:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        expected = skm.confusion_matrix(y_true, y_pred, labels=cm.labels, normalize=normalize)
        ours = cm.to_frame(normalize=normalize).to_numpy()
        assert np.abs(ours - expected).max() <= TOL, case.name
        # the caret layout is the same fractions, transposed
        caret = cm.to_frame("caret", normalize=normalize).to_numpy()
        assert np.abs(caret - expected.T).max() <= TOL, case.name


def test_normalize_refuses_bad_values_and_margins():
    cm = _ours(CASES[0])
    with pytest.raises(ValueError, match="normalize"):
        cm.to_frame(normalize="rows")
    with pytest.raises(ValueError, match="normalize and margins"):
        cm.to_frame(normalize="all", margins=True)


# ---------------------------------------------------------------------- accuracy
def test_accuracy():
    for case in CASES:
        y_true, y_pred = _arrays(case)
        _close("accuracy", accuracy(_ours(case)), skm.accuracy_score(y_true, y_pred), case)


# ---------------------------------------------------------------------- precision, recall, F
def _check_label_metric(metric, function, cm, label, theirs, defined, case, **options):
    """One class against the rest: ours with positive= against sklearn's per-class value
    (``theirs``, computed with zero_division=0)."""
    if defined:
        _close(metric, function(cm, positive=label, **options), theirs, case)
    else:
        assert math.isnan(_undefined(function, cm, positive=label, **options)), case.name
        assert theirs == 0.0, case.name
    # zero_division=0.0 agrees with sklearn's zero_division=0 everywhere
    ours = function(cm, positive=label, zero_division=0.0, **options)
    _close(f"{metric} (zero_division=0)", ours, theirs, case)


def test_precision_recall_f1_per_class():
    """Every class of every case, against sklearn's per-class values (labels=, average=None)."""
    defined = {"precision": 0, "recall": 0, "f1": 0}
    undefined = dict.fromkeys(defined, 0)
    for number, case in enumerate(CASES):
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        sklearn = {}
        sklearn[0.0] = skm.precision_recall_fscore_support(
            y_true, y_pred, labels=cm.labels, average=None, zero_division=0
        )
        if number % 4 == 0:  # (sklearn is slow: zero_division=1 on a quarter of the cases)
            sklearn[1.0] = skm.precision_recall_fscore_support(
                y_true, y_pred, labels=cm.labels, average=None, zero_division=1
            )
        for i, label in enumerate(cm.labels):
            tp, fn, fp, _ = _cells(y_true, y_pred, label)
            for j, (metric, function, is_defined) in enumerate(
                [
                    ("precision", precision, tp + fp > 0),
                    ("recall", recall, tp + fn > 0),
                    ("f1", f1, tp + fn + fp > 0),
                ]
            ):
                theirs = sklearn[0.0][j][i]
                _check_label_metric(metric, function, cm, label, theirs, is_defined, case)
                if 1.0 in sklearn:
                    ours = function(cm, positive=label, zero_division=1.0)
                    _close(f"{metric} (zero_division=1)", ours, sklearn[1.0][j][i], case)
                defined[metric] += is_defined
                undefined[metric] += not is_defined
    assert min(defined.values()) >= 2 * MIN_COMPARED, defined
    assert min(undefined.values()) >= 10, undefined


def test_label_is_sklearn_labels_list_average_none():
    """One class at a time, as scikit-learn is asked for it: ``labels=[label], average=None``."""
    compared = 0
    for case in CASES[::7]:  # (the same values as above, where all classes are asked at once)
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        label = cm.labels[-1]
        tp, fn, fp, _ = _cells(y_true, y_pred, label)
        [theirs] = skm.recall_score(y_true, y_pred, labels=[label], average=None, zero_division=0)
        _check_label_metric("recall", recall, cm, label, theirs, tp + fn > 0, case)
        [theirs] = skm.precision_score(
            y_true, y_pred, labels=[label], average=None, zero_division=0
        )
        _check_label_metric("precision", precision, cm, label, theirs, tp + fp > 0, case)
        compared += 1
    assert compared == len(CASES[::7]) >= 30


def test_fbeta_per_class():
    """Every class of every case, one of several betas per case."""
    defined = undefined = 0
    betas_used = set()
    rng = np.random.default_rng(SEED + 1)
    for case in CASES:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        beta = float(rng.choice(BETAS))
        betas_used.add(beta)
        theirs = skm.fbeta_score(
            y_true, y_pred, beta=beta, labels=cm.labels, average=None, zero_division=0
        )
        for i, label in enumerate(cm.labels):
            tp, fn, fp, _ = _cells(y_true, y_pred, label)
            is_defined = tp + fn + fp > 0
            _check_label_metric("fbeta", fbeta, cm, label, theirs[i], is_defined, case, beta=beta)
            defined += is_defined
            undefined += not is_defined
    assert betas_used == set(BETAS)
    assert defined >= 2 * MIN_COMPARED and undefined >= 10, (defined, undefined)


def test_binary_default_positive_class_is_sklearn_pos_label():
    """A 2×2 matrix without positive=: its own positive class (1 of 0/1 labels, sklearn's
    pos_label=1; the first of labels given in order), or a ValueError when its labels were
    only sorted (the rule of the positive class)."""
    compared = refused = 0
    for case in CASES[::2]:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        if cm.n_classes != 2:
            continue
        if cm.positive is None:
            for function in (precision, recall, f1):
                with pytest.raises(ValueError, match="pass positive="):
                    function(cm)
            refused += 1
            continue
        positive = cm.positive
        assert positive == cm.labels[0], case.name
        tp, fn, fp, _ = _cells(y_true, y_pred, positive)
        p, r, f, _ = skm.precision_recall_fscore_support(
            y_true, y_pred, pos_label=positive, average="binary", zero_division=0
        )
        for metric, function, theirs, defined in (
            ("precision", precision, p, tp + fp > 0),
            ("recall", recall, r, tp + fn > 0),
            ("f1", f1, f, tp + fn + fp > 0),
        ):
            if defined:
                _close(metric, function(cm), theirs, case)
            else:
                assert math.isnan(_undefined(function, cm)), case.name
            _close(metric, function(cm, zero_division=0.0), theirs, case)
        compared += 1
    assert compared >= 30 and refused >= 10, (compared, refused)


def test_binary_registry_against_sklearn_one_vs_rest_counts(binary_reference):
    """one_vs_rest is sklearn's multilabel_confusion_matrix, and every metric of
    BINARY_METRICS with positive= is the reference formula of those cells (most of them have
    no sklearn function of their own)."""
    compared = dict.fromkeys(BINARY_METRICS, 0)
    for case in CASES[::3]:  # (70 cases, each class of each: over 100 comparisons a metric)
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        per_class = skm.multilabel_confusion_matrix(y_true, y_pred, labels=cm.labels)
        for label, ((tn, fp), (fn, tp)) in zip(cm.labels, per_class, strict=True):
            ovr = cm.one_vs_rest(label)
            assert (ovr.tp, ovr.fn, ovr.fp, ovr.tn) == (tp, fn, fp, tn), case.name
            for name, (function, _, _) in BINARY_METRICS.items():
                expected = binary_reference(name, tp, fn, fp, tn)
                if expected is None:
                    assert math.isnan(_undefined(function, cm, positive=label)), (name, case.name)
                else:
                    value = function(cm, positive=label)
                    assert math.isclose(value, expected, rel_tol=1e-14, abs_tol=1e-15), name
                    compared[name] += 1
                value = function(cm, positive=label, zero_division=0.0)
                expected = binary_reference(name, tp, fn, fp, tn, zero_division=0.0)
                assert math.isclose(value, expected, rel_tol=1e-14, abs_tol=1e-15), name
    assert min(compared.values()) >= 100, compared


# ---------------------------------------------------------------------- balanced accuracy
def test_balanced_accuracy_where_every_class_is_a_target():
    """Compared only where every class occurs in y_true (sklearn drops the others)."""
    for case in ALL_TARGET_CASES:
        y_true, y_pred = _arrays(case)
        theirs = skm.balanced_accuracy_score(y_true, y_pred)
        _close("balanced_accuracy", balanced_accuracy(_ours(case)), theirs, case)


def test_balanced_accuracy_with_a_class_that_is_never_a_target():
    """Documented difference: ours is nan with a warning; with zero_division=0.0 the class
    counts as a recall of 0, so ours·k equals sklearn's mean over the present classes·k'."""
    compared = 0
    for case in CASES:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        present = set(y_true.tolist())
        if set(cm.labels) <= present:
            continue
        assert math.isnan(_undefined(balanced_accuracy, cm)), case.name
        ours = balanced_accuracy(cm, zero_division=0.0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            theirs = skm.balanced_accuracy_score(y_true, y_pred)
        _close("balanced_accuracy (absent class)", ours * cm.n_classes, theirs * len(present), case)
        compared += 1
    assert compared >= 20, compared


# ---------------------------------------------------------------------- kappa and MCC
def _chance_products(y_true, y_pred):
    """Σ t_k·p_k, Σ t_k² and Σ p_k² over the classes, from numpy counts."""
    classes = np.unique(np.concatenate([y_true, y_pred]))
    t = np.array([np.sum(y_true == c) for c in classes], dtype=np.int64)
    p = np.array([np.sum(y_pred == c) for c in classes], dtype=np.int64)
    return int(t @ p), int(t @ t), int(p @ p)


def _chance_cases():
    """(case, y_true, y_pred, our matrix, n, _chance_products) over CASES and every second
    case of ALL_TARGET_CASES (fewer degenerate cases)."""
    for case in CASES + ALL_TARGET_CASES[::2]:
        y_true, y_pred = _arrays(case)
        yield case, y_true, y_pred, _ours(case), len(y_true), _chance_products(y_true, y_pred)


def test_cohen_kappa():
    defined = undefined = 0
    for case, y_true, y_pred, cm, n, (chance, _, _) in _chance_cases():
        if chance != n * n:  # p_e < 1
            theirs = skm.cohen_kappa_score(y_true, y_pred)
            _close("cohen_kappa", cohen_kappa(cm), theirs, case)
            defined += 1
        else:  # every target and prediction is one and the same class
            assert math.isnan(_undefined(cohen_kappa, cm)), case.name
            theirs = skm.cohen_kappa_score(y_true, y_pred, replace_undefined_by=0.0)
            assert cohen_kappa(cm, zero_division=0.0) == theirs == 0.0, case.name
            undefined += 1
    assert defined >= 250 and undefined >= 5, (defined, undefined)


@pytest.mark.parametrize("weights", ["linear", "quadratic"])
def test_weighted_cohen_kappa(weights):
    """cohen_kappa(weights=) against cohen_kappa_score(weights=), in the matrix's label order."""
    defined = undefined = 0
    for case in CASES:
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            theirs = skm.cohen_kappa_score(y_true, y_pred, labels=cm.labels, weights=weights)
        if not caught and np.isfinite(theirs):
            _close(f"cohen_kappa_{weights}", cohen_kappa(cm, weights=weights), theirs, case)
            if cm.n_classes == 2:  # two classes: every weighting is the plain kappa
                _close("cohen_kappa", cohen_kappa(cm), theirs, case)
            defined += 1
        else:  # no chance disagreement: 0/0, ours warns and returns nan
            assert math.isnan(_undefined(cohen_kappa, cm, weights=weights)), case.name
            undefined += 1
    assert defined >= 150 and undefined >= 5, (defined, undefined)


def test_weighted_kappa_refuses_an_unknown_weighting():
    with pytest.raises(ValueError, match="weights"):
        cohen_kappa([[5, 1], [2, 7]], weights="cubic")


def test_mcc():
    defined = undefined = 0
    for case, y_true, y_pred, cm, n, (_, tt, pp) in _chance_cases():
        theirs = skm.matthews_corrcoef(y_true, y_pred)
        if (n * n - tt) * (n * n - pp) != 0:
            _close("mcc", mcc(cm), theirs, case)
            defined += 1
        else:  # handout 003 and sklearn: 0, and ours warns
            assert _undefined(mcc, cm) == theirs == 0.0, case.name
            undefined += 1
    assert defined >= MIN_COMPARED and undefined >= 10, (defined, undefined)


def test_mcc_one_vs_rest():
    compared = 0
    rng = np.random.default_rng(SEED + 2)
    for case in CASES[::3]:  # (test_mcc covers every case)
        y_true, y_pred = _arrays(case)
        cm = _ours(case)
        label = cm.labels[rng.integers(cm.n_classes)]
        tp, fn, fp, tn = _cells(y_true, y_pred, label)
        theirs = skm.matthews_corrcoef(y_true == label, y_pred == label)
        if (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn) != 0:
            _close("mcc (positive=)", mcc(cm, positive=label), theirs, case)
            compared += 1
        else:
            assert _undefined(mcc, cm, positive=label) == theirs == 0.0, case.name
    assert compared >= 40, compared
