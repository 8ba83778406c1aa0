"""The handouts' tables, shipped with the package as CSV files (no network needed).

Each loader names the handout table it reproduces. Tables the handouts print garbled were
rebuilt from the parts that survived and checked against every number the text derives
from them (the tests do that check).
"""

from __future__ import annotations

from importlib import resources

from evalbook import ConfusionMatrix

__all__ = [
    "abc_confusion",
    "fraud_predictions",
    "profit_matrix",
    "spam_predictions",
    "tree_knn_confusions",
]


def _read_csv(name: str):
    import pandas as pd

    with resources.files("evalcourse.data").joinpath(name).open("r", encoding="utf-8") as handle:
        return pd.read_csv(handle)


def spam_predictions():
    """Handout 000, Tabela 7: 20 e-mails with target, prediction and the model's score.

    ``prediction`` is the table's "Pred." column, the prediction at threshold 0.5
    (score ≥ 0.5 → spam, handout 000 eq. (11)). Tabela 2 shows the same predictions
    without scores, but its text was garbled in extraction; Tabela 7 survived whole.

    Returns
    -------
    pandas.DataFrame
        Columns ``id`` (1-20), ``target`` and ``prediction`` (``"spam"`` or ``"ham"``),
        ``score`` (in [0, 1]); rows in id order.

    Examples
    --------
    >>> table = spam_predictions()
    >>> table.shape
    (20, 4)
    >>> table.target.value_counts().to_dict()
    {'ham': 11, 'spam': 9}
    """
    return _read_csv("spam_predictions.csv")


def abc_confusion() -> ConfusionMatrix:
    """Handout 001's three-class confusion matrix (classes A, B, C; n = 200).

    Rows are the correct class ("Classe Correcta"), columns the predicted one; its success
    rate is 70% and its kappa 58/118 = 49.2%.

    Examples
    --------
    >>> abc_confusion().counts
    array([[88, 10,  2],
           [14, 40,  6],
           [18, 10, 12]])
    """
    frame = _read_csv("abc_confusion.csv").set_index("target")
    return ConfusionMatrix(frame.to_numpy(), labels=list(frame.index))


def fraud_predictions():
    """A small made-up table for exercise 01: 16 card transactions, fraud or legitimate.

    Not from the handouts: a fresh table of the same shape as handout 000's Tabela 7, so
    that students practise on numbers they have not seen worked out.

    Returns
    -------
    pandas.DataFrame
        Columns ``id``, ``target`` and ``prediction`` (``"fraude"`` or ``"legítima"``),
        ``score``.

    Examples
    --------
    >>> fraud_predictions().target.value_counts().to_dict()
    {'legítima': 10, 'fraude': 6}
    """
    return _read_csv("fraud_predictions.csv")


def tree_knn_confusions() -> dict:
    """Handout 000, Tabela 5: the decision tree (a) and the k-NN (b) on 100 test instances.

    Rows are the target, columns the prediction, ``"positivo"`` first (the handout's
    "Positivo"/"Negativo"). Their harmonic average class accuracies are 80.761% and
    83.824% (eq. (9)); with :func:`profit_matrix` their profits are 1 540 and 560
    (Tabela 6).

    Returns
    -------
    dict
        ``{"decision_tree": ConfusionMatrix, "knn": ConfusionMatrix}``.

    Examples
    --------
    >>> models = tree_knn_confusions()
    >>> models["decision_tree"].counts
    array([[43, 17],
           [ 3, 37]])
    >>> models["knn"].counts
    array([[57,  3],
           [10, 30]])
    """
    frame = _read_csv("tree_knn_confusion.csv")
    matrices = {}
    for model, rows in frame.groupby("model", sort=False):
        rows = rows.set_index("target").drop(columns="model")
        matrices[model] = ConfusionMatrix(rows.to_numpy(), labels=list(rows.index))
    return matrices


def profit_matrix():
    """Handout 000, Tabela 4 (b): the profit of one instance in each cell (recovered).

    The table's values were lost when the handout was extracted to text. These are the
    values that give exactly the two profits printed in Tabela 6 (1 540 for the tree, 560
    for the k-NN) under the usual assumptions that a true negative earns nothing and a
    false negative costs what a true positive earns: TP = 140, FN = −140, FP = −700,
    TN = 0. Two printed profits cannot determine four values on their own; lesson 03
    shows the other solutions.

    Returns
    -------
    pandas.DataFrame
        Index ``target``, columns the prediction, both ``["positivo", "negativo"]``.

    Examples
    --------
    >>> profit_matrix()
              positivo  negativo
    target
    positivo       140      -140
    negativo      -700         0
    """
    return _read_csv("profit_matrix.csv").set_index("target")
