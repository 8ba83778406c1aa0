"""How to choose the data a model is tested on: holdout, cross-validation, bootstrap.

Handout 001 (first half, following Witten & Frank, ch. 5), in three modules of one job
each, gathered here under the lesson's topic (``from evalbook.validation import kfold``):

- :mod:`evalbook.splits`: training/validation/test sets, the (stratified, repeated)
  holdout, k-fold, stratified and repeated k-fold, leave-one-out;
- :mod:`evalbook.resampling`: the bootstrap, its out-of-bag share and the .632 estimator;
- :mod:`evalbook.crossval`: :func:`cross_validate`, which fits a model on every split.
"""

from evalbook import crossval, resampling, splits
from evalbook.crossval import *  # noqa: F403
from evalbook.resampling import *  # noqa: F403
from evalbook.splits import *  # noqa: F403

__all__ = sorted([*splits.__all__, *resampling.__all__, *crossval.__all__])
