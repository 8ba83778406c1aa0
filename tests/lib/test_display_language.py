"""The text forms of the library's results follow the display language; their keys do not.

A lesson sets Portuguese and prints a matrix, a result or a table the library returns: what
the student reads is Portuguese (``print``, the notebook display), while the keys that code
reads (attribute names, column names, index labels) stay English in both languages. In
English (the default) every form is what it was: pandas' own display, the keys as labels.
"""

from __future__ import annotations

import contextlib

import pandas as pd
import pytest

from evalbook import (
    ConfusionMatrix,
    config_context,
    gain_lift,
    ks_statistic,
    metrics_table,
    roc_curve,
    summary,
)
from evalbook._core.tables import DisplayFrame, DisplaySeries, translated
from evalbook.widgets import CountsExplorer
from evalcourse.datasets import spam_predictions

CM = ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])


@pytest.fixture
def language():
    """``language("pt")`` sets the display language for the rest of one test (a
    config_context, closed when the test ends)."""
    with contextlib.ExitStack() as stack:
        yield lambda value: stack.enter_context(config_context(language=value))


def _spam():
    data = spam_predictions()
    return data.target, data.score


def test_a_printed_matrix_speaks_portuguese(language):
    language("pt")
    assert str(CM).splitlines() == [
        "Matriz de confusão (n = 20)",
        "predição  spam  ham",
        "alvo",
        "spam         6    3",
        "ham          2    9",
    ]


def test_a_printed_matrix_in_english_names_target_and_prediction(language):
    assert str(CM).splitlines()[:3] == [
        "Confusion matrix (n = 20)",
        "prediction  spam  ham",
        "target",
    ]


def test_the_repr_of_a_matrix_stays_code_in_every_language(language):
    english = repr(CM)
    language("pt")
    assert repr(CM) == english
    assert english.startswith("ConfusionMatrix(n=20, labels=['spam', 'ham'])\nprediction")


def test_the_default_labels_of_a_bare_matrix_are_translated(language):
    language("pt")
    text = str(ConfusionMatrix([[6, 3], [2, 9]]))
    assert "positiva" in text and "negativa" in text and "positive" not in text


def test_to_frame_keeps_english_keys_and_prints_portuguese(language):
    language("pt")
    frame = CM.to_frame(margins=True)
    assert isinstance(frame, DisplayFrame)
    assert frame.index.name == "target" and frame.columns.name == "prediction"
    assert frame.loc["spam", "total"] == 9
    text = repr(frame)
    assert "alvo" in text and "predição" in text and "target" not in text
    assert "predição" in frame._repr_html_() and "prediction" not in frame._repr_html_()
    caret = repr(CM.to_frame("caret"))
    assert "referência" in caret and "reference" not in caret


def test_a_result_prints_its_fields_in_portuguese_and_reprs_as_code(language):
    language("pt")
    result = ks_statistic(*_spam(), positive="spam")
    assert str(result).splitlines()[:2] == ["KSResult", "  estatística (statistic) = 0.5758"]
    assert repr(result).startswith("KSResult(statistic=")
    assert result.statistic == pytest.approx(19 / 33)


def test_the_metrics_of_an_explorer_print_as_a_portuguese_table(language):
    language("pt")
    explorer = CountsExplorer(6, 3, 2, 9)
    shown = explorer.metrics[["accuracy", "precision", "recall", "f1"]]
    assert isinstance(shown, DisplaySeries)
    assert shown["recall"] == pytest.approx(6 / 9)  # the keys stay English
    text = repr(shown)
    for word in ("métrica", "valor", "acurácia", "precisão", "revocação (recall)"):
        assert word in text
    for word in ("dtype", "Name:", "accuracy", "metric"):
        assert word not in text
    assert "<table" in shown._repr_html_() and "acurácia" in shown._repr_html_()


def test_in_english_a_series_of_the_library_shows_as_pandas_shows_it(language):
    shown = CountsExplorer(6, 3, 2, 9).metrics[["accuracy", "recall"]]
    assert repr(shown) == repr(pd.Series(shown))
    assert shown._repr_html_() is None  # pandas' text display, as any Series


def test_the_roc_table_is_headed_in_portuguese(language):
    language("pt")
    frame = roc_curve(*_spam(), positive="spam").to_frame()
    assert list(frame.columns) == ["threshold", "fpr", "tpr", "tp", "fp"]
    header = repr(frame).splitlines()[0]
    assert "limiar" in header and "FPR (taxa de falsos positivos)" in header
    assert "threshold" not in header
    rounded = frame.round(2)  # an operation keeps the display
    assert isinstance(rounded, DisplayFrame) and "limiar" in repr(rounded)


def test_in_english_the_roc_table_is_headed_by_its_keys(language):
    frame = roc_curve(*_spam(), positive="spam").to_frame()
    assert repr(frame) == repr(pd.DataFrame(frame))
    assert repr(frame).splitlines()[0].split() == ["threshold", "fpr", "tpr", "tp", "fp"]


def test_the_gain_and_lift_table_is_headed_in_portuguese(language):
    language("pt")
    curve = gain_lift(*_spam(), positive="spam", bins=10)
    page = curve._repr_html_()
    assert "ganho acumulado" in page and "lift acumulado" in page
    assert "cumulative_gain" not in page and "positives" not in page


def test_the_summary_statistics_print_in_portuguese(language):
    language("pt")
    report = summary(CM)
    text = repr(report.overall)
    assert "taxa de não informação" in text and "no_information_rate" not in text
    assert report.overall["no_information_rate"] == pytest.approx(0.55)


def test_metrics_table_selection_keeps_the_display(language):
    language("pt")
    table = metrics_table(CM)
    assert isinstance(table["value"], DisplaySeries)
    assert "acurácia" in repr(table[["value"]])


def test_translated_names_terms_and_leaves_class_labels(language):
    values = pd.Series({"accuracy": 0.75, "spam": 1.0}, name="value")
    values.index.name = "metric"
    with config_context(language="pt"):
        shown = translated(values)
    assert isinstance(shown, pd.DataFrame) and type(shown) is pd.DataFrame
    assert list(shown.columns) == ["valor"] and shown.index.name == "métrica"
    assert list(shown.index) == ["acurácia", "spam"]
    assert list(translated(values).index) == ["accuracy", "spam"]


def test_translated_refuses_what_is_not_a_table():
    with pytest.raises(TypeError, match="table must be a pandas DataFrame or Series"):
        translated([1, 2])


# ---------------------------------------------------------------------- the language's scope
def _in_a_thread(function):
    import threading

    result = []
    thread = threading.Thread(target=lambda: result.append(function()))
    thread.start()
    thread.join()
    return result[0]


def test_the_language_a_cell_sets_is_the_one_its_explorers_redraw_in():
    """ipykernel runs a widget's callback outside the thread that ran the lesson's setup
    cell: the language set there must reach it (a slider once redrew in English)."""
    from evalbook import get_config, set_config

    def setup_cell():
        set_config(language="pt")  # outside every block: the process's setting
        return get_config()["language"]

    try:
        assert _in_a_thread(setup_cell) == "pt"
        assert _in_a_thread(lambda: get_config()["language"]) == "pt"  # the callback
        explorer = _in_a_thread(CountsExplorer.example)
        assert "Matriz de confusão" in explorer.html
        assert get_config()["language"] == "en"  # this test's own block is untouched
    finally:
        _in_a_thread(lambda: set_config(language="en"))


def test_a_block_changes_its_own_thread_only_and_set_config_inside_it_lasts_the_block():
    from evalbook import config_context, get_config, set_config

    with config_context(language="pt"):
        assert _in_a_thread(lambda: get_config()["language"]) == "en"
        assert get_config()["language"] == "pt"
        with config_context(language="en"):
            set_config(language="pt")
            assert get_config()["language"] == "pt"
        assert get_config()["language"] == "pt"
    assert get_config()["language"] == "en"
    assert _in_a_thread(lambda: get_config()["language"]) == "en"
