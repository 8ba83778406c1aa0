"""Cross-validation: fit a model on each training set of a list of splits, score it on the test set.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5: holdout, repeated holdout, k-fold,
10×10-fold, leave-one-out and the bootstrap all come down to one loop over ``(train, test)``
pairs (from :mod:`evalbook.model_selection` or :mod:`evalbook.model_selection`); the
estimate is the mean of the scores. A long run shows a ``tqdm`` progress bar labelled with
the model it fits.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from copy import deepcopy as copy_model

import numpy as np

from evalbook._core.checks import (
    as_features,
    as_label_array,
    check_estimator,
    check_flag,
    check_metric,
    check_metric_value,
    check_optional_flag,
    check_splits,
    check_text,
)
from evalbook._core.messages import gettext
from evalbook.metrics._classification import accuracy
from evalbook.metrics._confusion import ConfusionMatrix

__all__ = ["cross_validate"]

#: ``cross_validate(progress=None)`` shows a progress bar from this many splits on, when
#: someone is watching (a notebook, or a terminal).
PROGRESS_MIN_SPLITS = 50

#: The bar's text holds the counts only, no timings: what a notebook stores of it is the
#: same on every run.
PROGRESS_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}"


def take_rows(data, indices: np.ndarray):
    """The rows ``indices`` of a DataFrame (by position) or of an array."""
    return data.iloc[indices] if hasattr(data, "iloc") else data[indices]


def _in_notebook() -> bool:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _interactive() -> bool:
    """Whether someone watches the output: a notebook kernel, or stderr on a terminal."""
    if _in_notebook():
        return True
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def model_name(model) -> str:
    """The class name of an estimator; of its last step for a pipeline (the model itself,
    not ``Pipeline``)."""
    steps = getattr(model, "steps", None)
    if isinstance(steps, list) and steps and isinstance(steps[-1], tuple) and len(steps[-1]) == 2:
        model = steps[-1][1]
    return type(model).__name__


def _progress_bar(total: int, *, show: bool, description: str):
    """A ``tqdm.auto`` bar (a widget in a notebook, text on stderr elsewhere), or a bar
    that draws nothing. It refreshes every ~1% of the splits, never on a timer, so its
    text depends on the counts alone."""
    from tqdm.auto import tqdm  # imports ipywidgets in a notebook: not at import evalbook

    return tqdm(
        total=total,
        desc=description,
        bar_format=PROGRESS_FORMAT,
        disable=not show,
        mininterval=0,
        miniters=max(1, total // 100),
        maxinterval=math.inf,
        leave=True,
    )


def fit_copy(model, X_train, y_train):
    """Fit a fresh, unfitted copy of ``model`` (``sklearn.base.clone`` or a deep copy)."""
    try:
        from sklearn.base import clone
    except ImportError:  # pragma: no cover - scikit-learn is a dependency of the lessons
        fresh = copy_model(model)
    else:
        fresh = clone(model) if hasattr(model, "get_params") else copy_model(model)
    fresh.fit(X_train, y_train)
    return fresh


def cross_validate(
    model,
    X,
    y,
    splits,
    *,
    metric: Callable = accuracy,
    return_train_score=False,
    progress=None,
    description=None,
):
    """Fit a fresh copy of a model on each training set and score it on its test set.

    Witten et al. (2017), ch. 5: holdout, repeated holdout, k-fold, 10×10-fold,
    leave-one-out and the bootstrap all come down to this loop; the estimate is the mean of
    the scores. Pass the splits of any function of :mod:`evalbook.model_selection` or
    :mod:`evalbook.model_selection` (or any ``(train, test)`` pairs).

    Parameters
    ----------
    model : scikit-learn-style estimator
        Has ``fit(X, y)`` and ``predict(X)``. Each split fits ``sklearn.base.clone(model)``
        (a deep copy for estimators without ``get_params``), so nothing leaks between
        splits and ``model`` itself is never fitted.
    X : array-like or DataFrame of shape (n, ...)
        The features (rows selected by position).
    y : sequence of labels of length n
    splits : iterable of (train_indices, test_indices)
        E.g. ``stratified_kfold(y, k=10, seed=0)``. Test sets must not be empty.
    metric : callable, default :func:`~evalbook.accuracy`
        A metric of the library: takes the test set's :class:`~evalbook.ConfusionMatrix`
        (classes = every class of ``y``) and returns a number, e.g.
        :func:`~evalbook.error_rate`.
    return_train_score : bool, default False
        Also score the model on its own training set (as the .632 estimator needs).
    progress : bool or None, default None
        Show a ``tqdm.auto`` progress bar (a widget in a notebook, text on stderr
        elsewhere). ``None`` shows it from :data:`PROGRESS_MIN_SPLITS` splits on, and only
        in a notebook or a terminal (never in a script's log or under pytest); ``True``
        always, ``False`` never. The bar shows counts, not timings, so a notebook that
        stores it stores the same text on every run.
    description : str, optional
        The bar's label. Default ``"cross-validation: <model>"`` in the display language
        (``"validação cruzada: <model>"``), with the estimator's class name (a pipeline's
        last step), so that two runs side by side say which model each one fits.

    Returns
    -------
    pandas.DataFrame
        One row per split (index ``split``, from 0), columns ``n_train``, ``n_test`` and
        the score named after the metric (``accuracy``; ``train_accuracy`` with
        ``return_train_score=True``).

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from evalbook.model_selection._split import stratified_kfold
    >>> X = [[0], [1], [2], [3], [10], [11], [12], [13]]
    >>> y = ["a", "a", "a", "a", "b", "b", "b", "b"]
    >>> scores = cross_validate(DecisionTreeClassifier(random_state=0), X, y,
    ...                         stratified_kfold(y, k=4, seed=0))
    >>> scores
           n_train  n_test  accuracy
    split
    0            6       2       1.0
    1            6       2       1.0
    2            6       2       1.0
    3            6       2       1.0
    """
    check_estimator(model)
    check_metric(metric)
    check_flag(return_train_score, "return_train_score")
    progress = check_optional_flag(progress, "progress")
    if description is None:
        description = gettext("cross-validation: {model}").format(model=model_name(model))
    else:
        description = check_text(description, "description")
    labels_y = as_label_array(y.to_numpy() if hasattr(y, "to_numpy") else y, "y")
    X = as_features(X, labels_y.size)
    pairs = check_splits(splits, labels_y.size)
    labels = ConfusionMatrix.from_labels(labels_y, labels_y).labels
    name = getattr(metric, "__name__", "score")
    if progress is None:
        progress = len(pairs) >= PROGRESS_MIN_SPLITS and _interactive()
    bar = _progress_bar(len(pairs), show=progress, description=description)
    rows = []
    try:
        for train, test in pairs:
            fitted = fit_copy(model, take_rows(X, train), labels_y[train])
            row = {"n_train": train.size, "n_test": test.size}
            predicted = fitted.predict(take_rows(X, test))
            cm = ConfusionMatrix.from_labels(labels_y[test], np.asarray(predicted), labels=labels)
            row[name] = check_metric_value(metric(cm), metric)
            if return_train_score:
                predicted = fitted.predict(take_rows(X, train))
                cm = ConfusionMatrix.from_labels(
                    labels_y[train], np.asarray(predicted), labels=labels
                )
                row[f"train_{name}"] = check_metric_value(metric(cm), metric)
            rows.append(row)
            bar.update(1)
    finally:
        bar.close()

    from evalbook._core.tables import DisplayFrame  # shown in the display language

    frame = DisplayFrame(rows)
    frame.index.name = "split"
    return frame
