"""What a reader sees comes from the gettext message catalogues, in every display language.

- No ``{"en": ..., "pt": ...}`` dict literal is left in the code of ``evalbook/`` and
  ``evalcourse/``: the English text is the message id, the Portuguese is in the catalogue.
- The catalogues are up to date (``make messages``): every message that a package's code
  marks is in its domain's ``.po`` and nothing else is, each one translated (no fuzzy entry)
  with the same ``{fields}``, and the committed ``.mo`` is what the ``.po`` compiles to.
- Every explorer and every kind of result, rendered in Portuguese, asks the catalogues for
  no message they lack (a fallback translation object at the end of gettext's chain records
  what reaches it); rendered in English, every text the code asks for is a message id and
  nothing Portuguese shows.
"""

from __future__ import annotations

import ast
import contextlib
import gettext
import importlib.util
import io
import re
import string
import warnings
from pathlib import Path

import numpy as np
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import evalbook
import evalbook.widgets
import evalcourse
from evalbook import config_context
from evalbook._core import messages
from evalcourse import datasets

ROOT = Path(__file__).resolve().parents[2]
#: Each gettext domain: its package (whose code marks the messages) and its catalogue.
DOMAINS = {
    "evalbook": ROOT / "evalbook",
    "evalcourse": ROOT / "evalcourse",
}


def _catalogue_path(domain: str, suffix: str) -> Path:
    return DOMAINS[domain] / "locale" / "pt_BR" / "LC_MESSAGES" / f"{domain}{suffix}"


def _read_catalogue(domain: str):
    with _catalogue_path(domain, ".po").open("rb") as file:
        return read_po(file)


def _key(context, message) -> tuple:
    return (context, message if isinstance(message, str) else tuple(message))


# ---------------------------------------------------------------------- no pairs in code
def _language_pairs(path: Path) -> list[int]:
    """Lines of the dict literals of ``path`` with both an "en" and a "pt" key."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "pt"} <= keys:
                lines.append(node.lineno)
    return lines


def test_no_language_pairs_in_the_code():
    found = {
        str(path.relative_to(ROOT)): lines
        for folder in DOMAINS.values()
        for path in sorted(folder.rglob("*.py"))
        if (lines := _language_pairs(path))
    }
    assert found == {}, "move these words to the message catalogues (make messages)"


def test_the_scan_finds_a_pair():
    """The scan above must see a pair where there is one (else it could never fail)."""
    assert _language_pairs(Path(__file__)) == []
    sample = ROOT / "build" / "messages" / "pair_sample.py"
    sample.parent.mkdir(parents=True, exist_ok=True)
    sample.write_text('WORDS = {"x": {"en": "value", "pt": "valor"}}\n', encoding="utf-8")
    try:
        assert _language_pairs(sample) == [1]
    finally:
        sample.unlink()


# ---------------------------------------------------------------------- catalogues
def _marked(domain: str) -> dict[tuple, str]:
    """The messages the domain's package marks, as ``make messages`` extracts them."""
    found = {}
    for filename, _, message, _, context in extract_from_dir(
        DOMAINS[domain],
        keywords=DEFAULT_KEYWORDS,
        comment_tags=("Translators:",),
        directory_filter=lambda path: not Path(path).name.startswith((".", "__pycache__")),
    ):
        found.setdefault(_key(context, message), filename)
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_marked_message_is_in_the_catalogue_and_nothing_else(domain):
    marked = _marked(domain)
    catalogued = {_key(m.context, m.id) for m in _read_catalogue(domain) if m.id}
    missing = sorted((key, marked[key]) for key in marked.keys() - catalogued)
    stale = sorted(catalogued - marked.keys())
    assert (missing, stale) == ([], []), "run make messages, then translate the new messages"


def test_the_extraction_sees_the_marked_messages():
    """Both kinds of marking are extracted: a message id written in a table of identifiers
    (N_) and one with a context (pgettext)."""
    marked = _marked("evalbook")
    assert (None, "threshold") in marked and ("thousands separator", ",") in marked
    assert (None, "decision tree") in _marked("evalcourse")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_its_fields(domain):
    catalogue = _read_catalogue(domain)
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy or not all(strings):
            problems.append((message.id, "untranslated or fuzzy"))
        elif any(_fields(s) != _fields(ids[0]) for s in strings):
            problems.append((message.id, "fields differ"))
    assert problems == []
    if domain == "evalbook":
        assert len(catalogue) > 200  # the library's words are there (a catalogue, not a stub)


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalogue_is_the_po_compiled(domain):
    compiled = io.BytesIO()
    write_mo(compiled, _read_catalogue(domain))
    committed = _catalogue_path(domain, ".mo").read_bytes()
    assert compiled.getvalue() == committed, "run make messages (compiles the .po to the .mo)"


def test_the_catalogues_are_package_data():
    """The .mo files ship in the wheel: pyproject's package-data lists them."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = data["tool"]["setuptools"]["package-data"]
    for domain, folder in DOMAINS.items():
        patterns = package_data[domain]
        mo = _catalogue_path(domain, ".mo").relative_to(folder)
        assert any(mo.match(pattern) for pattern in patterns), (domain, patterns)


# ---------------------------------------------------------------------- the course's words
def test_the_course_registers_its_words():
    from evalbook._core.render import term

    assert term("decision_tree") == "decision tree"
    with config_context(language="pt"):
        assert term("decision_tree") == "árvore de decisão" and term("knn") == "k-NN"
    library = gettext.translation(
        "evalbook", messages.LOCALE_DIR, languages=["pt_BR"], fallback=False
    )
    assert library.gettext("decision tree") == "decision tree"  # not a library word


@pytest.mark.parametrize(
    ("arguments", "error", "match"),
    [
        ((3, "."), TypeError, "domain must be a string"),
        (("", "."), ValueError, "domain must be a name"),
        (("x", 3), TypeError, "localedir must be a path"),
        (("x", "no/such/folder"), ValueError, "localedir must be a folder"),
    ],
)
def test_add_messages_refuses_bad_input(arguments, error, match):
    with pytest.raises(error, match=match):
        evalbook.add_messages(*arguments)


def test_add_messages_refuses_bad_terms():
    locale = Path(evalcourse.__file__).resolve().parent / "locale"
    with pytest.raises(TypeError, match="terms must be a mapping"):
        evalbook.add_messages("evalcourse", locale, terms=["decision_tree"])
    with pytest.raises(TypeError, match="terms must map strings to strings"):
        evalbook.add_messages("evalcourse", locale, terms={"decision_tree": 3})


# ---------------------------------------------------------------------- rendering
class _Recorder(gettext.NullTranslations):
    """The last link of gettext's chain: records every message that no catalogue has."""

    def __init__(self):
        super().__init__()
        self.asked: set[tuple] = set()

    def gettext(self, message):
        self.asked.add((None, message))
        return message

    def ngettext(self, singular, plural, n):
        self.asked.add((None, (singular, plural)))
        return singular if n == 1 else plural

    def pgettext(self, context, message):
        self.asked.add((context, message))
        return message


@contextlib.contextmanager
def _recording(language: str):
    """Inside: the display language is ``language``, and what reaches the end of its
    catalogues' chain is recorded (the cached chain is rebuilt afterwards)."""
    recorder = _Recorder()
    messages.translations(language).add_fallback(recorder)
    try:
        with config_context(language=language):
            yield recorder
    finally:
        messages.translations.cache_clear()


def _controls_text(widget) -> list[str]:
    """The labels of an ipywidgets tree: descriptions, tooltips, options, titles."""
    texts = []
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            texts.append(value)
    texts += [str(label) for label in getattr(widget, "_options_labels", ())]
    texts += [str(title) for title in getattr(widget, "titles", ()) or ()]
    for child in getattr(widget, "children", ()) or ():
        texts += _controls_text(child)
    return texts


def _shown(explorer) -> str:
    return explorer.html + "\n" + "\n".join(_controls_text(explorer.widget))


def _kfold(widgets, labels, k):
    return widgets.KFoldExplorer(labels, k=k, stratify=True, seed=0)


def _guesses(widgets) -> list[str]:
    """Every answer a Guess gives: waiting, right and wrong choice, close, off, off by."""
    texts = []
    texts.append(_shown(widgets.Guess("M2", options=["M1", "M2"], question="?")))
    for guess in ("M1", "M2"):
        choice = widgets.Guess("M2", options=["M1", "M2"], question="?")
        choice.button.click()  # no choice yet: the reminder
        texts.append(_shown(choice))
        choice.guess.value = guess
        choice.reveal()
        texts.append(_shown(choice))
    for answer, guess in ((10.0, "10.01"), (10.0, "12"), (0.0, "0.5")):
        number = widgets.Guess(answer)
        number.button.click()
        texts.append(_shown(number))
        number.guess.value = guess
        number.reveal()
        texts.append(_shown(number))
    vote = widgets.Guess.show_of_hands(0.7, options=[0.5, 0.7], question="?")
    texts.append(_shown(vote))
    vote.reveal()
    texts.append(_shown(vote))
    return texts


def _explorers_texts() -> list[str]:
    """Every explorer of the registry (its own example), then more states that show each of
    the explorers' messages."""
    from sklearn.datasets import make_moons

    w = evalbook.widgets
    texts = [_shown(explorer.example()) for explorer in w.explorers().values()]
    spam = datasets.spam_predictions()
    y, scores = spam.target.to_numpy(), spam.score.to_numpy()
    X, labels = make_moons(60, noise=0.3, random_state=0)
    threshold = w.ThresholdExplorer(y, scores, positive="spam", max_rows=5)
    texts.append(_shown(threshold))
    threshold.threshold.value = threshold.threshold.max  # t above every score
    texts.append(_shown(threshold))
    texts.append(_shown(w.PositiveClassExplorer(y, spam.prediction)))
    texts.append(_shown(w.CountsExplorer(6, 3, 0, 0)))  # the MCC's denominator is 0
    course_models = datasets.tree_knn_confusions()  # keys the course names (its terms)
    texts.append(_shown(w.ProfitExplorer(course_models, datasets.profit_matrix())))
    texts.append(_shown(w.ProfitExplorer({"a": [[6, 3], [2, 9]]}, [[1, 0], [0, 1]])))
    texts.append(_shown(w.BootstrapExplorer(100)))  # too many draws to show one by one
    texts += [_shown(w.CoverageExplorer(30, 0.85)), _shown(w.CoverageExplorer(500, 0.5))]
    sizes = w.SampleSizeExplorer(n=20, discordant=0.05)  # no difference is detectable
    texts.append(_shown(sizes))
    sizes.simulate()
    texts.append(_shown(sizes))
    texts.append(_shown(w.PrecisionRecallExplorer(y, scores, positive="spam")))
    for model in ("tree", "knn"):
        texts.append(_shown(w.ComplexityExplorer(X, labels, model=model, values=[1, 3])))
    texts.append(_shown(_kfold(w, ["a"] * 6 + ["b"] * 6 + ["c"], 2)))  # one class too small
    texts.append(_shown(_kfold(w, ["a"] * 6 + ["b", "c"], 2)))  # two classes too small
    texts.append(_shown(_kfold(w, ["a", "b", "c", "d"], 2)))  # no class has k instances
    return texts + _guesses(w)


def _results_texts() -> list[str]:
    """Every kind of result (tests/lib/test_results.py's list of the functions that return
    them), the matrix, caret's summary, the curves and the library's tables, as printed and
    as a notebook shows them."""
    spec = importlib.util.spec_from_file_location(
        "results_for_messages", Path(__file__).with_name("test_results.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    texts = []
    for call in module.RESULTS.values():
        value = call()
        texts += [str(value)]
    cm = evalbook.ConfusionMatrix([[6, 3], [2, 9]], labels=["spam", "ham"])
    texts += [str(cm), cm._repr_html_(), repr(cm.to_frame())]
    texts += [str(evalbook.ConfusionMatrix([[6, 3], [2, 9]])), str(datasets.abc_confusion())]
    report = evalbook.summary(cm)
    multiclass = evalbook.summary(datasets.abc_confusion())
    texts += [str(report), report._repr_html_(), str(multiclass), multiclass._repr_html_()]
    table = evalbook.metrics_table(cm)
    texts += [table._repr_html_(), repr(table), repr(report.overall), repr(multiclass.by_class)]
    spam = datasets.spam_predictions()
    y, scores, probabilities = spam.target, spam.score, spam.score.to_numpy()
    curves = [
        evalbook.roc_curve(y, scores, positive="spam"),
        evalbook.precision_recall_curve(y, scores, positive="spam"),
        evalbook.fbeta_curve(y, scores, positive="spam"),
        evalbook.ks_curve(y, scores, positive="spam"),
        evalbook.gain_lift(y, scores, positive="spam", bins=4),
        evalbook.calibration_curve(y, probabilities, positive="spam", bins=4),
        evalbook.roc_band(y, scores, positive="spam", n_resamples=20, seed=0),
        evalbook.precision_recall_band(y, scores, positive="spam", n_resamples=20, seed=0),
        evalbook.calibration_band(y, probabilities, positive="spam", bins=4),
        evalbook.decision_curve(y, probabilities, positive="spam", thresholds=[0.2, 0.4]),
    ]
    assert {curve.kind for curve in curves} == set(evalbook.CURVE_KINDS)
    for curve in curves:
        texts += [repr(curve), curve._repr_html_()]
    return texts


#: Letters of Portuguese words that no English text of the library has.
PORTUGUESE = re.compile(r"[ãõçáéíóúâêôà]|\b(?:da|de|em|por|uma?|para|com)\b", re.IGNORECASE)


@pytest.mark.parametrize("render", [_explorers_texts, _results_texts], ids=["explorers", "results"])
def test_in_portuguese_no_message_is_missing(render):
    with warnings.catch_warnings(), np.errstate(all="ignore"), _recording("pt") as recorder:
        warnings.simplefilter("ignore")  # 0/0 metrics and the like: their words are the test's
        texts = render()
    assert recorder.asked == set()
    assert any("ç" in text or "ã" in text for text in texts)  # Portuguese was shown


@pytest.mark.parametrize("render", [_explorers_texts, _results_texts], ids=["explorers", "results"])
def test_in_english_the_texts_are_the_message_ids(render):
    with warnings.catch_warnings(), np.errstate(all="ignore"), _recording("en") as recorder:
        warnings.simplefilter("ignore")
        texts = render()
    catalogued = set()
    for domain in DOMAINS:
        catalogued |= {_key(m.context, m.id) for m in _read_catalogue(domain) if m.id}
    assert recorder.asked, "in English every message reaches the end of the chain"
    assert recorder.asked <= catalogued  # each text asked for is a message id
    portuguese = sorted({match for text in texts for match in PORTUGUESE.findall(text)})
    assert portuguese == []
