"""ConfusionMatrix: construction, from_labels (both counting paths), views and value semantics."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalbook import ConfusionMatrix, result_types

SPAM_COUNTS = [[6, 3], [2, 9]]
ABC_COUNTS = [[88, 10, 2], [14, 40, 6], [18, 10, 12]]


@pytest.fixture
def codes():
    """Target and prediction codes 0, 1, 2 for 60 instances (fixed seed)."""
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 3, size=60)
    y_pred = np.where(rng.random(60) < 0.6, y_true, rng.integers(0, 3, size=60))
    return y_true, y_pred


def _expected_counts(y_true, y_pred, labels):
    """Count the pairs one by one (slow and obvious)."""
    index = {label: i for i, label in enumerate(labels)}
    counts = np.zeros((len(labels), len(labels)), dtype=np.int64)
    for t, p in zip(y_true, y_pred, strict=True):
        counts[index[t], index[p]] += 1
    return counts


# ====================================================================== construction
def test_attributes():
    cm = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])
    assert cm.counts.tolist() == ABC_COUNTS
    assert cm.counts.dtype == np.int64
    assert cm.labels == ["A", "B", "C"]
    assert cm.n == 200 and isinstance(cm.n, int)
    assert cm.n_classes == 3
    assert cm.target_totals.tolist() == [100, 60, 40]
    assert cm.prediction_totals.tolist() == [120, 60, 20]


def test_binary_cells():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    assert (cm.tp, cm.fn, cm.fp, cm.tn) == (6, 3, 2, 9)
    assert all(isinstance(v, int) for v in (cm.tp, cm.fn, cm.fp, cm.tn))


def test_default_labels():
    assert ConfusionMatrix(SPAM_COUNTS).labels == ["positive", "negative"]
    assert ConfusionMatrix(ABC_COUNTS).labels == [0, 1, 2]
    assert ConfusionMatrix([[3]]).labels == [0]


def test_whole_float_and_unsigned_counts_are_accepted():
    cm = ConfusionMatrix(np.array(SPAM_COUNTS, dtype=float))
    assert cm.counts.dtype == np.int64
    assert cm.counts.tolist() == SPAM_COUNTS
    assert ConfusionMatrix(np.array(SPAM_COUNTS, dtype=np.uint8)).counts.tolist() == SPAM_COUNTS


def test_numpy_labels_become_python_values():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=np.array(["spam", "ham"]))
    assert cm.labels == ["spam", "ham"]
    assert all(type(label) is str for label in cm.labels)
    cm = ConfusionMatrix(SPAM_COUNTS, labels=np.array([1, 0]))
    assert all(type(label) is int for label in cm.labels)
    assert repr(cm).startswith("ConfusionMatrix(n=20, labels=[1, 0])")


def test_counts_are_read_only_and_copied():
    source = np.array(SPAM_COUNTS, dtype=np.int64)
    cm = ConfusionMatrix(source, labels=["spam", "ham"])
    with pytest.raises(ValueError, match="read-only"):
        cm.counts[0, 0] = 100
    source[0, 0] = 100  # changing the input afterwards does not change the matrix
    assert cm.tp == 6
    labels = cm.labels
    labels.append("eggs")  # nor does changing the list it handed out
    assert cm.labels == ["spam", "ham"]
    array = np.asarray(cm)
    array[0, 0] = 0  # np.asarray gives a writable copy
    assert cm.tp == 6
    assert np.array(cm, dtype=float).dtype == float


def test_copy_constructor_and_relabelling():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    assert ConfusionMatrix(cm) == cm
    relabelled = ConfusionMatrix(cm, labels=[1, 0])
    assert relabelled.labels == [1, 0]
    assert np.array_equal(relabelled.counts, cm.counts)


def test_from_dataframe():
    cm = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])
    assert ConfusionMatrix(cm.to_frame()) == cm
    # the columns are aligned on the index, whatever their order
    shuffled = cm.to_frame()[["C", "A", "B"]]
    assert ConfusionMatrix(shuffled) == cm
    frame = pd.DataFrame([[1, 2], [3, 4]], index=["a", "b"], columns=["a", "c"])
    with pytest.raises(ValueError, match=r"counts is a DataFrame whose index and columns name"):
        ConfusionMatrix(frame)
    # explicit labels= use the values as they are
    assert ConfusionMatrix(frame, labels=["x", "y"]).counts.tolist() == [[1, 2], [3, 4]]


# ====================================================================== value semantics
def test_equality():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    assert cm == ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    assert cm == ConfusionMatrix(np.array(SPAM_COUNTS, dtype=float), labels=["spam", "ham"])
    assert cm != ConfusionMatrix(SPAM_COUNTS, labels=["ham", "spam"])
    assert cm != ConfusionMatrix([[6, 3], [2, 8]], labels=["spam", "ham"])
    assert cm != ConfusionMatrix(ABC_COUNTS)
    assert cm != SPAM_COUNTS  # not a matrix: never equal, no exception
    assert (cm == "spam") is False


def test_not_hashable():
    with pytest.raises(TypeError, match="unhashable"):
        hash(ConfusionMatrix(SPAM_COUNTS))


def test_repr():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    assert repr(cm) == (
        "ConfusionMatrix(n=20, labels=['spam', 'ham'])\n"
        "prediction  spam  ham\n"
        "target\n"
        "spam           6    3\n"
        "ham            2    9"
    )
    assert all(line == line.rstrip() for line in repr(cm).splitlines())


def test_html_repr_shows_labels_counts_and_cell_names():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "<ham & eggs>"])
    html = cm._repr_html_()
    assert html.startswith("<table") and html.endswith("</table>")
    assert ">spam</th>" in html
    assert "&lt;ham &amp; eggs&gt;" in html and "<ham" not in html
    assert "n = 20" in html
    for cell in ("TP", "FN", "FP", "TN"):
        assert cell in html
    assert html.count("<td") == 4
    three = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])._repr_html_()
    assert three.count("<td") == 9
    assert ">88<" in three and "TP" not in three
    assert all(f">{label}</th>" in three for label in "ABC")


# ====================================================================== from_labels
def test_from_labels_docstring_example():
    y_true = ["spam", "spam", "ham", "ham", "spam"]
    y_pred = ["spam", "ham", "ham", "spam", "spam"]
    cm = ConfusionMatrix.from_labels(y_true, y_pred, labels=["spam", "ham"])
    assert cm.counts.tolist() == [[2, 1], [1, 1]]
    assert ConfusionMatrix.from_labels([0, 1, 1, 0], [0, 1, 0, 0]).labels == [1, 0]


@pytest.mark.parametrize(
    ("values", "expected_labels"),
    [
        ([0, 1, 2], [0, 1, 2]),
        ([3, -2, 10], [-2, 3, 10]),
        ([-1, 1, 0], [-1, 0, 1]),
        (["b", "c", "a"], ["a", "b", "c"]),
        ([1.5, 0.5, 2.5], [0.5, 1.5, 2.5]),
    ],
)
def test_fast_and_general_paths_agree(codes, values, expected_labels):
    """Integer labels are counted with bincount, others with factorize: same result."""
    y_true_codes, y_pred_codes = codes
    values = np.array(values, dtype=object)
    y_true, y_pred = values[y_true_codes], values[y_pred_codes]
    expected = _expected_counts(list(y_true), list(y_pred), expected_labels)
    containers = {
        "list": (list(y_true), list(y_pred)),
        "tuple": (tuple(y_true), tuple(y_pred)),
        "object array": (y_true, y_pred),
        "typed array": (np.array(list(y_true)), np.array(list(y_pred))),
        "Series": (pd.Series(list(y_true)), pd.Series(list(y_pred))),
        "categorical": (
            pd.Series(list(y_true), dtype="category"),
            pd.Series(list(y_pred), dtype="category"),
        ),
    }
    for kind, (t, p) in containers.items():
        cm = ConfusionMatrix.from_labels(t, p)
        assert cm.labels == expected_labels, kind
        assert np.array_equal(cm.counts, expected), kind
        explicit = ConfusionMatrix.from_labels(t, p, labels=expected_labels[::-1])
        assert explicit == cm.reorder(expected_labels[::-1]), kind


def test_integer_dtypes_and_wide_ranges_agree(codes):
    y_true_codes, y_pred_codes = codes
    expected = ConfusionMatrix.from_labels(y_true_codes, y_pred_codes)
    assert expected.labels == [0, 1, 2]
    for dtype in (np.int8, np.uint8, np.int16, np.uint32, np.int64, np.uint64):
        cm = ConfusionMatrix.from_labels(y_true_codes.astype(dtype), y_pred_codes.astype(dtype))
        assert cm == expected, dtype
    # a range too wide for one bincount, or values near the int64 limits (where t·R + p
    # would overflow), take the general path; the counts are the same
    near_min = [-(2**62), -(2**62) + 1, -(2**62) + 2]
    lowest = [-(2**63), -(2**63) + 1, -(2**63) + 2]
    for values in ([0, 10**9, 10**12], [-(2**62), 0, 2**62], near_min, lowest):
        values = np.array(values, dtype=np.int64)
        cm = ConfusionMatrix.from_labels(values[y_true_codes], values[y_pred_codes])
        assert cm.labels == values.tolist()
        assert np.array_equal(cm.counts, expected.counts), values
    big = np.array([2**63 + 5, 2**63 + 6, 2**64 - 1], dtype=np.uint64)
    cm = ConfusionMatrix.from_labels(big[y_true_codes], big[y_pred_codes])
    assert cm.labels == big.tolist()
    assert np.array_equal(cm.counts, expected.counts)


def test_two_numeric_classes_put_one_first(codes):
    y_true, y_pred = (c % 2 for c in codes)
    expected = _expected_counts(y_true, y_pred, [1, 0])
    cases = {
        "0/1": ([0, 1], [1, 0]),
        "-1/+1": ([-1, 1], [1, -1]),
        "bool": ([False, True], [True, False]),
        "float": ([0.0, 1.0], [1.0, 0.0]),
        "1/2": ([2, 1], [1, 2]),
        "0/2 (no 1: sorted)": ([2, 0], [0, 2]),
        "strings '0'/'1' (not numeric: sorted)": (["0", "1"], ["0", "1"]),
    }
    for kind, (values, expected_labels) in cases.items():
        values = np.array(values)
        cm = ConfusionMatrix.from_labels(values[y_true], values[y_pred])
        assert cm.labels == expected_labels, kind
        if expected_labels[0] == values[1]:  # the class coded 1 is first
            assert np.array_equal(cm.counts, expected), kind
    booleans = ConfusionMatrix.from_labels(np.array(y_true, bool), np.array(y_pred, bool))
    assert all(type(label) is bool for label in booleans.labels)
    ints = ConfusionMatrix.from_labels(np.array(y_true, bool), np.array(y_pred, np.uint8))
    assert ints.labels == [1, 0]  # bool with uint8 data: integer classes
    assert all(type(label) is int for label in ints.labels)


def test_three_numeric_classes_are_sorted():
    assert ConfusionMatrix.from_labels([1, 0, 2], [0, 0, 1]).labels == [0, 1, 2]


def test_one_class_only():
    cm = ConfusionMatrix.from_labels(["a", "a"], ["a", "a"])
    assert cm.labels == ["a"] and cm.counts.tolist() == [[2]]
    cm = ConfusionMatrix.from_labels([1, 1, 1], [1, 1, 1])
    assert cm.labels == [1] and cm.counts.tolist() == [[3]]


def test_absent_labels_get_zero_rows():
    cm = ConfusionMatrix.from_labels(["a", "b", "a"], ["a", "a", "a"], labels=["c", "a", "b"])
    assert cm.labels == ["c", "a", "b"]
    assert cm.counts.tolist() == [[0, 0, 0], [0, 2, 0], [0, 1, 0]]
    cm = ConfusionMatrix.from_labels([1, 1], [1, 1], labels=[0, 1, 2])
    assert cm.counts.tolist() == [[0, 0, 0], [0, 2, 0], [0, 0, 0]]
    cm = ConfusionMatrix.from_labels([True, True], [True, False], labels=[True, False])
    assert cm.counts.tolist() == [[1, 1], [0, 0]]
    assert cm.labels == [True, False]


def test_labels_order_is_kept(codes):
    y_true, y_pred = codes
    for order in ([2, 0, 1], [1, 2, 0], [0, 1, 2]):
        cm = ConfusionMatrix.from_labels(y_true, y_pred, labels=order)
        assert cm.labels == order
        assert np.array_equal(cm.counts, _expected_counts(y_true, y_pred, order))
    names = np.array(["x", "y", "z"])
    cm = ConfusionMatrix.from_labels(names[y_true], names[y_pred], labels=np.array(["z", "x", "y"]))
    assert cm.labels == ["z", "x", "y"]
    assert np.array_equal(cm.counts, _expected_counts(y_true, y_pred, [2, 0, 1]))


def test_labels_may_mix_types_when_given():
    cm = ConfusionMatrix.from_labels([1, "1", 1], [1, 1, "1"], labels=[1, "1"])
    assert cm.counts.tolist() == [[1, 1], [1, 0]]


def test_spam_from_handout_table(spam_table):
    cm = ConfusionMatrix.from_labels(spam_table.target, spam_table.prediction)
    assert cm.labels == ["ham", "spam"]  # sorted: give labels= to make spam positive
    assert cm.counts.tolist() == [[9, 2], [3, 6]]
    assert cm.with_positive("spam").counts.tolist() == [[6, 3], [2, 9]]


# ====================================================================== derived matrices
def test_reorder():
    cm = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])
    reordered = cm.reorder(["C", "A", "B"])
    assert reordered.labels == ["C", "A", "B"]
    assert reordered.counts.tolist() == [[12, 18, 10], [2, 88, 10], [6, 14, 40]]
    assert reordered.reorder(["A", "B", "C"]) == cm
    assert cm.reorder(["A", "B", "C"]) == cm
    assert cm.reorder(("B", "A", "C")).counts[0, 0] == 40


def test_reorder_errors():
    cm = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])
    with pytest.raises(
        ValueError, match=r"labels must list the classes of this matrix, \['A', 'B', 'C'\]"
    ):
        cm.reorder(["A", "B"])
    with pytest.raises(ValueError, match=r"in any order; got \['A', 'B', 'D'\]"):
        cm.reorder(["A", "B", "D"])
    with pytest.raises(ValueError, match=r"labels must list the classes of this matrix"):
        cm.reorder(["A", "B", "C", "D"])
    with pytest.raises(ValueError, match=r"labels contains 'A' more than once"):
        cm.reorder(["A", "A", "B"])
    with pytest.raises(TypeError, match=r"labels must be a list of class labels; got 'CAB'"):
        cm.reorder("CAB")


def test_with_positive():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    ham = cm.with_positive("ham")
    assert ham.labels == ["ham", "spam"]
    assert (ham.tp, ham.fn, ham.fp, ham.tn) == (9, 2, 3, 6)
    assert cm.with_positive("spam") == cm
    three = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"]).with_positive("C")
    assert three.labels == ["C", "A", "B"]  # the others keep their order
    with pytest.raises(ValueError, match=r"positive='eggs' is not one of this matrix's labels"):
        cm.with_positive("eggs")


def test_index_of():
    cm = ConfusionMatrix(ABC_COUNTS, labels=["A", "B", "C"])
    assert [cm.index_of(v) for v in "CAB"] == [2, 0, 1]
    assert cm.index_of(np.str_("B")) == 1
    with pytest.raises(TypeError, match=r"label must be a single class label; got list"):
        cm.index_of(["A"])


def test_one_vs_rest():
    cm = ConfusionMatrix(ABC_COUNTS, labels=list("ABC"))
    b = cm.one_vs_rest("B")
    assert b.labels == ["B", "rest"]
    assert b.counts.tolist() == [[40, 20], [20, 120]]
    assert cm.one_vs_rest("A").counts.tolist() == [[88, 12], [32, 68]]
    assert cm.one_vs_rest("C").counts.tolist() == [[12, 28], [8, 152]]
    for label in cm.labels:
        assert cm.one_vs_rest(label).n == cm.n
    named_rest = ConfusionMatrix(ABC_COUNTS, labels=["rest", "B", "C"]).one_vs_rest("rest")
    assert named_rest.labels == ["rest", "not rest"]
    binary = ConfusionMatrix(SPAM_COUNTS, labels=["spam", "ham"])
    assert binary.one_vs_rest("spam").counts.tolist() == SPAM_COUNTS
    assert binary.one_vs_rest("ham").counts.tolist() == [[9, 2], [3, 6]]


# ====================================================================== views
def test_to_frame_orientations():
    cm = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    handout = cm.to_frame()
    assert handout.index.name == "target" and handout.columns.name == "prediction"
    assert list(handout.index) == ["spam", "ham"]
    assert handout.to_numpy().tolist() == [[6, 3], [2, 9]]
    assert handout.loc["ham", "spam"] == 2  # target ham, predicted spam: a false positive
    sklearn = cm.to_frame("sklearn")
    assert list(sklearn.index) == ["ham", "spam"]
    assert sklearn.to_numpy().tolist() == [[9, 2], [3, 6]]
    caret = cm.to_frame("caret")
    assert caret.index.name == "prediction" and caret.columns.name == "reference"
    assert caret.to_numpy().tolist() == [[6, 2], [3, 9]]
    assert caret.loc["spam", "ham"] == 2  # predicted spam, reference ham


def test_to_frame_sklearn_of_numeric_labels():
    cm = ConfusionMatrix.from_labels([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
    assert cm.labels == [1, 0]
    frame = cm.to_frame("sklearn")
    assert list(frame.index) == [0, 1]
    assert frame.to_numpy().tolist() == [[2, 0], [1, 2]]


def test_to_frame_of_mixed_labels_keeps_their_order():
    cm = ConfusionMatrix(SPAM_COUNTS, labels=[1, "one"])
    assert list(cm.to_frame("sklearn").index) == [1, "one"]


def test_to_frame_margins():
    frame = ConfusionMatrix(ABC_COUNTS, labels=list("ABC")).to_frame(margins=True)
    assert list(frame.index) == ["A", "B", "C", "total"]
    assert list(frame.columns) == ["A", "B", "C", "total"]
    assert frame["total"].tolist() == [100, 60, 40, 200]
    assert frame.loc["total"].tolist() == [120, 60, 20, 200]
    caret = ConfusionMatrix(ABC_COUNTS, labels=list("ABC")).to_frame("caret", margins=True)
    assert caret["total"].tolist() == [120, 60, 20, 200]


# ====================================================================== result_types
def test_result_types():
    types = result_types(
        ["spam", "ham", "ham", "spam"], ["spam", "spam", "ham", "ham"], positive="spam"
    )
    assert types.tolist() == ["TP", "FP", "TN", "FN"]
    multiclass = result_types([0, 1, 2, 2], [0, 2, 1, 2], positive=2)
    assert multiclass.tolist() == ["TN", "FP", "FN", "TP"]
    with pytest.raises(ValueError, match=r"positive='eggs' appears in neither y_true nor y_pred"):
        result_types(["spam"], ["ham"], positive="eggs")
    with pytest.raises(ValueError, match="y_true and y_pred have different lengths"):
        result_types(["spam"], ["ham", "spam"], positive="spam")


# ---------------------------------------------------------------------- string fast path
def test_fixed_width_strings_count_like_objects():
    rng = np.random.default_rng(7)
    names = np.array(["spam", "ham", "eggs", "", "a much longer label", "ham "])
    for _ in range(50):
        n = int(rng.integers(1, 300))
        y_true = names[rng.integers(0, len(names), n)]
        y_pred = names[rng.integers(0, len(names), n)]
        fast = ConfusionMatrix.from_labels(y_true, y_pred)
        slow = ConfusionMatrix.from_labels(y_true.astype(object), y_pred.astype(object))
        assert fast == slow
        assert fast.n == n


def test_a_hash_collision_falls_back_to_the_exact_path(monkeypatch):
    import evalbook.metrics._confusion as confusion

    monkeypatch.setattr(confusion, "_fixed_width_hash", lambda v: np.zeros(v.size, np.uint64))
    cm = ConfusionMatrix.from_labels(np.array(["spam", "ham", "ham"]), np.array(["ham"] * 3))
    assert cm.labels == ["ham", "spam"]
    assert cm.counts.tolist() == [[2, 0], [1, 0]]


def test_bytes_labels_are_counted():
    cm = ConfusionMatrix.from_labels(np.array([b"x", b"yy", b"x"]), np.array([b"x", b"x", b"x"]))
    assert cm.labels == [b"x", b"yy"]
    assert cm.counts.tolist() == [[2, 0], [1, 0]]


def test_a_caret_frame_is_read_back_in_the_matrix_orientation():
    cm = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    assert ConfusionMatrix(cm.to_frame("caret")) == cm
    assert ConfusionMatrix(cm.to_frame()) == cm


# ---------------------------------------------------------------------- counts as a mapping
def test_counts_as_a_mapping_keep_the_class_names():
    mapping = {"spam": {"spam": 6, "ham": 3}, "ham": {"spam": 2, "ham": 9}}
    cm = ConfusionMatrix(mapping)
    assert cm.labels == ["spam", "ham"]
    assert cm.counts.tolist() == [[6, 3], [2, 9]]
    assert ConfusionMatrix(mapping, labels=["ham", "spam"]) == cm.reorder(["ham", "spam"])
    # a pair the mapping leaves out counts 0
    assert ConfusionMatrix({"a": {"a": 6}, "b": {"b": 9, "a": 1}}).counts.tolist() == [
        [6, 0],
        [1, 9],
    ]


def test_counts_as_a_bad_mapping():
    with pytest.raises(ValueError, match=r"counts\['a'\] names the class 'c'"):
        ConfusionMatrix({"a": {"c": 1}})
    with pytest.raises(TypeError, match=r"counts\['a'\] must be a mapping"):
        ConfusionMatrix({"a": 3})
    with pytest.raises(TypeError, match=r"counts\['a'\]\['a'\] must be a number, not a bool"):
        ConfusionMatrix({"a": {"a": True}})
    with pytest.raises(ValueError, match="labels must list the classes of the counts mapping"):
        ConfusionMatrix({"a": {"a": 1}, "b": {"b": 1}}, labels=["a", "c"])


# ---------------------------------------------------------------------- bad labels and counts
def test_result_types_refuses_a_list_positive():
    with pytest.raises(TypeError, match="positive must be a single class label"):
        result_types([1, 0], [0, 1], positive=[1, 0])
    with pytest.raises(TypeError, match="positive must be a single class label"):
        result_types([1, 0], [0, 1], positive=np.array([1, 0]))


def test_result_types_refuses_mixed_label_types():
    with pytest.raises(TypeError, match="mix labels of different types"):
        result_types([1, "1", 0], [1, 1, 0], positive=1)
    with pytest.raises(TypeError, match="mix labels of different types"):
        ConfusionMatrix.from_labels([1, "1", 0], [1, 1, 0])


def test_result_types_refuses_a_missing_positive():
    with pytest.raises(ValueError, match="positive must be a class label"):
        result_types([1, 0], [0, 1], positive=pd.NA)


def test_labels_refuse_pd_na():
    with pytest.raises(ValueError, match=r"labels contains a missing value \(<NA>\) at position 0"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[pd.NA, 1])
    with pytest.raises(ValueError, match="labels contains a missing value"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[pd.NaT, 1])


def test_labels_refuse_unhashable_values():
    with pytest.raises(TypeError, match=r"labels contains \{\} \(dict\) at position 0"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[{}, {}])
    with pytest.raises(TypeError, match="must be a hashable value"):
        ConfusionMatrix([[1, 2], [3, 4]], labels=[{1}, {2}])


@pytest.mark.parametrize("margins", ["yes", 1, None, "False"])
def test_to_frame_margins_must_be_a_bool(margins):
    with pytest.raises(TypeError, match="margins must be True or False"):
        ConfusionMatrix([[1, 2], [3, 4]]).to_frame(margins=margins)


def test_from_labels_keeps_bytes_apart_from_str():
    with pytest.raises(TypeError, match="mix labels of different types"):
        ConfusionMatrix.from_labels([b"a", "b"], ["a", "b"])
    cm = ConfusionMatrix.from_labels([b"a", b"b"], [b"a", b"a"])
    assert cm.labels == [b"a", b"b"]


def test_from_labels_keeps_a_trailing_nul_apart():
    cm = ConfusionMatrix.from_labels(["a", "b", "a\x00"], ["a", "b", "a"])
    assert cm.labels == ["a", "a\x00", "b"]
    assert cm.counts.tolist() == [[1, 0, 0], [1, 0, 0], [0, 0, 1]]
    types = result_types(["a", "a\x00"], ["a", "a"], positive="a")
    assert types.tolist() == ["TP", "FP"]


def test_counts_beyond_int64_name_the_limit():
    # numpy keeps such ints as objects: the message names the limit, not a ragged table
    for value in (2**64, -(2**64)):
        with pytest.raises(ValueError, match=r"counts must be non-negative and below 2\*\*63"):
            ConfusionMatrix([[value, 0], [0, 1]])
