"""Explorer of k-fold cross-validation: a grid of folds × instances, with a slider for k.

Witten, Frank, Hall & Pal (2017), *Data Mining*, ch. 5 (cross-validation): each row of the
grid is one iteration, each column one instance (sorted by class); the test fold of the
iteration is coloured by class (the class row's colours), the k − 1 training folds are pale.
With "estratificado" ticked the folds come from :func:`evalbook.stratified_kfold` and every
fold keeps the class proportions (within one instance); unticked, from
:func:`evalbook.kfold`, and a small class can be missing from a fold. A second slider steps
through the folds: the fold tested is framed, and each fold has its score, the accuracy on
its test instances of the majority class of its training instances (a model that ignores
the features: it scores alike on every fold only when the folds keep the proportions).

The grid is an SVG in a :class:`~evalbook.widgets._canvas.DragCanvas`: a click on a fold's
row (or ↑ ↓ with the grid focused) tests that fold. Test and training cells differ by shape
as well as colour (a test cell fills its row's height, a training cell is a thin bar), since
the training colour is close to the first class's blue for a colour-blind reader. The grid
keeps its size whatever k (its rows get thinner beyond ``MAX_ROWS_SHOWN``), so nothing
moves on a slide while a slider is dragged.
"""

from __future__ import annotations

import html
import warnings

import ipywidgets as widgets
import numpy as np

from evalbook._core.checks import as_label_array, check_label_types, check_whole_number
from evalbook._core.messages import N_, ngettext
from evalbook._core.render import (
    CLASS_COLOURS,
    MARK_COLOUR,
    ROLE_COLOURS,
    Cell,
    blend,
    chips,
    html_table,
    number,
    say,
)
from evalbook.model_selection._split import kfold, split_roles, stratified_kfold
from evalbook.widgets._base import Explorer
from evalbook.widgets._canvas import DragCanvas

#: The grid has at most this many columns; beyond, a column stands for neighbouring instances.
MAX_COLUMNS = 120

_TEXT = {
    "k": N_("k (folds)"),
    "fold": N_("test fold"),
    "score": N_("score {score}"),
    "mean": N_("mean of the {k} scores"),
    "spread": N_("their standard deviation"),
    "this_fold": N_("fold {fold}: score"),
    "score_note": N_(
        "Score: the accuracy on the test fold of the majority class of the training folds."
    ),
    "stratified": N_("stratified"),
    "seed": N_("seed"),
    "impossible": N_("With k = {k} no class has k instances: the folds cannot be stratified."),
    "class": N_("class"),
    "test": N_("test"),
    "train": N_("training"),
    "fold_test": N_("test: {size} ({detail})"),
    "shape": N_("test cells fill the row, training cells are thin bars"),
    "click": N_("Click a fold's row (or ↑ ↓) to test that fold."),
    "one": N_("instance {i} ({label})"),
    "group": N_("{size} instances, from {first} to {last} ({label})"),
}
_ROW_PX = 26  # px: the height of a grid row (label text of 14 px)
#: The grid's height holds this many folds at full height; beyond, its rows get thinner.
MAX_ROWS_SHOWN = 10
_MIN_ROW_PX = 16  # px: the thinnest row
_LABEL_PX = 70  # px: the fold labels' column
_CELLS_PX = 600  # px: the cells' columns (5 px each at MAX_COLUMNS)
_TEXT_PX = 330  # px: each fold's sizes and score
_HEADER_PX = 24  # px: the class row
_TRAIN_SHARE = 0.35  # a training cell's height, as a share of a test cell's


class KFoldExplorer(Explorer):
    """A grid of the k folds of a data set: which instances test and which train, per fold.

    Witten et al. (2017), ch. 5; Kohavi (1995): k-fold and stratified 10-fold
    cross-validation. Move ``k``; tick or
    untick ``stratify``; change ``seed`` to draw other folds. Below the grid, each fold's
    size and class counts: stratified folds keep each class within one instance of its
    exact share ``count / k``.

    Parameters
    ----------
    y : sequence of labels
        The class of each instance.
    k : int, default 5
        Initial number of folds, 2 ≤ k ≤ ``max_k``.
    stratify : bool, default True
    seed : int, default 0
        Seed of the random folds (0 to 9999).
    max_k : int, optional
        End of the k slider; default ``min(len(y), 20)``.

    Attributes
    ----------
    k : ipywidgets.IntSlider
    stratify : ipywidgets.Checkbox
    seed : ipywidgets.BoundedIntText
    widget : ipywidgets.VBox

    Examples
    --------
    >>> explorer = KFoldExplorer(["A"] * 12 + ["B"] * 18 + ["C"] * 6)
    >>> explorer
    KFoldExplorer(n=36, k=5, stratify=True, seed=0, fold=1)
    >>> explorer.fold_sizes
    [8, 7, 7, 7, 7]
    >>> explorer.fold_class_counts.loc[0].to_dict()
    {'A': 3, 'B': 3, 'C': 2}
    >>> explorer.k.value = 10
    >>> explorer.fold_sizes
    [4, 4, 4, 4, 4, 4, 3, 3, 3, 3]
    >>> explorer.message  # class C has 6 < 10 instances: some folds have none
    'Class C has fewer than k = 10 instances: some folds go without it.'
    """

    @classmethod
    def example(cls) -> KFoldExplorer:
        """The explorer on small data of its own, for the tests, the benchmarks and a try."""
        return cls(["a"] * 12 + ["b"] * 8, k=4)

    def __init__(self, y, *, k=5, stratify=True, seed=0, max_k=None):
        labels = as_label_array(y, "y")
        check_label_types(y=labels)  # a 1 and a '1' are two classes, and cannot be sorted
        if labels.size < 2:
            raise ValueError(f"y must have at least 2 instances to make folds; got {labels.size}")
        n = labels.size
        max_k = min(n, 20) if max_k is None else check_whole_number(max_k, "max_k")
        if not 2 <= max_k <= n:
            raise ValueError(
                f"max_k must be between 2 and the number of instances {n}; got {max_k}"
            )
        k = check_whole_number(k, "k")
        if not 2 <= k <= max_k:
            raise ValueError(f"k must be between 2 and max_k={max_k}; got {k}")
        if not isinstance(stratify, (bool, np.bool_)):
            raise TypeError(f"stratify must be True or False; got {type(stratify).__name__}")
        seed = check_whole_number(seed, "seed")
        if not 0 <= seed <= 9999:
            raise ValueError(f"seed must be between 0 and 9999; got {seed}")

        # columns sorted by class (classes in order of first appearance), then position
        _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
        rank = np.argsort(np.argsort(first, kind="stable"), kind="stable")
        codes = rank[inverse.ravel()]
        self._codes = codes  # each instance's class, numbered in order of first appearance
        self._labels = labels
        self._classes = [labels[i] for i in np.sort(first)]
        self._columns = np.lexsort((np.arange(n), codes))
        # one column per instance, or per group of neighbours (sorted by class) when there
        # are more than MAX_COLUMNS; the groups and the class row never change
        self._groups = np.array_split(self._columns, min(n, MAX_COLUMNS))
        self._group_starts = np.cumsum([0] + [len(group) for group in self._groups[:-1]])
        self._group_sizes = np.array([len(group) for group in self._groups])

        controls = {
            "k": widgets.IntSlider(value=k, min=2, max=max_k, description=say(_TEXT, "k")),
            "stratify": widgets.Checkbox(
                value=bool(stratify), description=say(_TEXT, "stratified")
            ),
            "seed": widgets.BoundedIntText(
                value=seed, min=0, max=9999, description=say(_TEXT, "seed")
            ),
            "fold": widgets.IntSlider(
                value=1,
                min=1,
                max=k,
                description=say(_TEXT, "fold"),
                continuous_update=True,
                style={"description_width": "initial"},
            ),
        }
        # fixed sizes: the grid's box holds MAX_ROWS_SHOWN folds whatever k (it scrolls
        # beyond), so a slide does not re-centre while k is dragged
        # k rows fill the same height whatever k: 26 px each up to MAX_ROWS_SHOWN, thinner
        # beyond, never under _MIN_ROW_PX (the text of 14 px)
        self._rows_px = max(min(max_k, MAX_ROWS_SHOWN) * _ROW_PX, max_k * _MIN_ROW_PX)
        self._view = DragCanvas(
            mode="drag-y",
            width=_LABEL_PX + _CELLS_PX + _TEXT_PX,
            height=_HEADER_PX + self._rows_px + 4,
            y_step=1.0,
            y_min=1.0,
            y_max=float(k),
            label=say(_TEXT, "click"),
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self._numbers = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._legend = widgets.HTML(layout=widgets.Layout(width="100%"))
        layout = widgets.VBox(
            [
                widgets.HBox([controls["k"], controls["stratify"], controls["seed"]]),
                widgets.HBox([controls["fold"], self._numbers]),
                self._legend,
                self._view,
            ]
        )
        self._setup(controls, [self._numbers, self._legend, self._view], layout)
        self._view.link(self.fold, name="y", to_control=round)

    # ------------------------------------------------------------------ read-only state

    @property
    def splits(self) -> list:
        """The current ``(train, test)`` index pairs, one per fold ([] if k is impossible)."""
        return list(self._splits)

    @property
    def roles(self) -> np.ndarray:
        """Grid folds × instances (in the original order): 1 = training, 2 = test."""
        if not self._splits:
            return np.zeros((0, self._labels.size), dtype=np.int8)
        return split_roles(self._splits, n=self._labels.size)

    @property
    def fold_sizes(self) -> list[int]:
        """Number of test instances in each fold."""
        return [int(test.size) for _, test in self._splits]

    @property
    def fold_class_counts(self):
        """A DataFrame folds × classes: how many instances of each class each fold tests."""

        rows = [
            [int(np.count_nonzero(self._labels[test] == c)) for c in self._classes]
            for _, test in self._splits
        ]
        from evalbook._core.tables import DisplayFrame  # shown in the display language

        frame = DisplayFrame(rows, columns=[str(c) for c in self._classes], dtype=int)
        frame.index.name = "fold"
        return frame

    @property
    def fold_scores(self) -> list[float]:
        """Each fold's score: the accuracy, on its test instances, of the majority class of
        its training instances (ties: the class met first). [] if k is impossible."""
        scores = []
        for train, test in self._splits:
            classes, counts = np.unique(self._codes[train], return_counts=True)
            majority = classes[np.argmax(counts)]
            scores.append(float(np.mean(self._codes[test] == majority)))
        return scores

    @property
    def message(self) -> str:
        """A note on the current folds (a class smaller than k, an impossible k), or ''."""
        return self._message

    # ------------------------------------------------------------------ display
    def _repr_fields(self) -> dict:
        return {"n": self._labels.size, **{name: c.value for name, c in self._controls.items()}}

    # ------------------------------------------------------------------ internals
    def _make_splits(self) -> tuple[list, str]:
        k, seed = self.k.value, self.seed.value
        if not self.stratify.value:
            return list(kfold(self._labels.size, k=k, seed=seed)), ""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UserWarning)
            try:
                splits = list(stratified_kfold(self._labels, k=k, seed=seed))
            except ValueError:
                return [], say(_TEXT, "impossible", k=k)
        small = [str(c) for c in self._classes if np.count_nonzero(self._labels == c) < k]
        if caught and small:
            note = ngettext(
                "Class {names} has fewer than k = {k} instances: some folds go without it.",
                "Classes {names} have fewer than k = {k} instances: some folds go without them.",
                len(small),
            )
            return splits, note.format(names=", ".join(small), k=k)
        return splits, ""

    def _check_control(self, name: str, value) -> str | None:
        if name == "fold" and self._controls is not None and value > self.k.value:
            return f"must be at most k = {self.k.value}"
        return None

    def _refresh(self, change=None) -> None:
        self._splits, self._message = self._make_splits()
        fold = self._controls["fold"]
        if fold.max != self.k.value:  # the fold slider follows k (its value kept if it can)
            self._restoring = True
            try:
                if fold.value > self.k.value:
                    fold.value = self.k.value
                fold.max = self.k.value
            finally:
                self._restoring = False
        self._numbers.value = self._numbers_html()
        self._legend.value = self._legend_html()
        self._view.y_max = float(max(len(self._splits), 1))
        self._view.svg = self._grid_svg()

    def _numbers_html(self) -> str:
        scores = self.fold_scores
        if not scores:
            return ""
        fold = self.fold.value
        return html_table(
            [
                [
                    say(_TEXT, "this_fold", fold=fold),
                    Cell(number(scores[fold - 1], 2), align="right"),
                    say(_TEXT, "mean", k=len(scores)),
                    Cell(number(float(np.mean(scores)), 2), align="right"),
                    say(_TEXT, "spread"),
                    Cell(number(float(np.std(scores, ddof=1)), 2), align="right"),
                ]
            ]
        )

    def _class_colour(self, label) -> str:
        return CLASS_COLOURS[self._classes.index(label) % len(CLASS_COLOURS)]

    def _columns_px(self) -> np.ndarray:
        """The left edge of each column (group) of the grid, in pixels, and the right end."""
        return _LABEL_PX + np.linspace(0, _CELLS_PX, len(self._groups) + 1)

    def _class_row(self) -> str:
        """The grid's first row: each column (group) in the colour of its class."""
        edges = self._columns_px()
        first = [self._labels[group[0]] for group in self._groups]
        parts = [f'<text x="4" y="{_HEADER_PX - 8}" font-size="14">{say(_TEXT, "class")}</text>']
        for i, (label, group) in enumerate(zip(first, self._groups, strict=True)):
            parts.append(
                f'<rect x="{edges[i]:.1f}" y="4" width="{edges[i + 1] - edges[i]:.1f}" '
                f'height="{_HEADER_PX - 8}" fill="{self._class_colour(label)}">'
                f"<title>{html.escape(_title(group, label))}</title></rect>"
            )
        return "".join(parts)

    def _legend_html(self) -> str:
        legend = chips(
            [(f"{say(_TEXT, 'train')} ▁", ROLE_COLOURS["train"])]
            + [
                (f"{say(_TEXT, 'test')}: {html.escape(str(c))} █", self._class_colour(c))
                for c in self._classes
            ]
        )
        note = f"<p><b>{html.escape(self._message)}</b></p>" if self._message else ""
        return (
            f"<p>{legend} ({say(_TEXT, 'shape')}). {say(_TEXT, 'score_note')} "
            f"{say(_TEXT, 'click')}</p>{note}"
        )

    def _grid_svg(self) -> str:
        """The grid as an SVG: the class row, then a row per fold (its test cells full
        height in their class's colour, its training cells thin pale bars); the fold tested
        framed. The plot area is the folds' rows: y = 1 at the top row, k at the bottom."""
        width, height = self._view.width, self._view.height
        k = len(self._splits)
        rows = max(k, 1)
        row_px = self._rows_px / rows
        top = _HEADER_PX
        edges = self._columns_px()
        counts = self.fold_class_counts
        count_values = counts.to_numpy()
        fold_sizes = self.fold_sizes
        # share of test instances in each column group, for every fold at once
        is_test = (self.roles[:, self._columns] == 2).astype(float)
        shares_by_fold = (
            np.add.reduceat(is_test, self._group_starts, axis=1) / self._group_sizes
            if len(is_test)
            else []
        )
        classes = [self._class_colour(self._labels[group[0]]) for group in self._groups]
        scores = self.fold_scores
        current = self.fold.value - 1
        font = 14
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" '
            f'data-plot="0 {top} {width} {self._rows_px}" data-x="0 1" '
            f'data-y="{rows + 0.5:.12g} 0.5" font-family="sans-serif">',
            self._class_row(),
        ]
        for fold in range(k):
            y = top + fold * row_px
            shares = np.round(shares_by_fold[fold], 2)
            cells = []
            for i, (colour, share) in enumerate(zip(classes, shares.tolist(), strict=True)):
                # a test cell takes its class's colour and the row's height; a training
                # cell is pale and thin (mixed groups in between)
                fill = blend(ROLE_COLOURS["train"], colour, share)
                full = row_px - 4
                h = full * (_TRAIN_SHARE + (1 - _TRAIN_SHARE) * share)
                cells.append(
                    f'<rect x="{edges[i]:.1f}" y="{y + 2 + (full - h) / 2:.1f}" '
                    f'width="{edges[i + 1] - edges[i]:.1f}" height="{h:.1f}" fill="{fill}"/>'
                )
            detail = " ".join(
                f"{c}:{v}" for c, v in zip(counts.columns, count_values[fold], strict=True)
            )
            text = html.escape(
                say(_TEXT, "fold_test", size=fold_sizes[fold], detail=detail)
                + " · "
                + say(_TEXT, "score", score=number(scores[fold], 2))
            )
            bold = ' font-weight="bold"' if fold == current else ""
            baseline = y + row_px / 2 + font / 3
            parts.append(
                f'<g data-fold="{fold}">'
                f'<rect x="0" y="{y:.1f}" width="{width}" height="{row_px:.1f}" fill="#ffffff"/>'
                f'<text x="4" y="{baseline:.1f}" font-size="{font}"{bold}>'
                f"{'▶ ' if fold == current else ''}fold {fold + 1}</text>"
                + "".join(cells)
                + f'<text x="{_LABEL_PX + _CELLS_PX + 6}" y="{baseline:.1f}" '
                f'font-size="{font}">{text}</text></g>'
            )
        if k:
            parts.append(
                f'<g data-mark="row"><rect x="1.5" y="{top + current * row_px + 1.5:.1f}" '
                f'width="{width - 3}" height="{row_px - 3:.1f}" fill="none" '
                f'stroke="{MARK_COLOUR}" stroke-width="3"/></g>'
            )
        parts.append("</svg>")
        return "".join(parts)


def _title(group: np.ndarray, label) -> str:
    """The tooltip of a grid column: the instance (or instances) it stands for."""
    if group.size == 1:
        return say(_TEXT, "one", i=group[0], label=label)
    return say(_TEXT, "group", size=group.size, first=group.min(), last=group.max(), label=label)
