"""Confidence intervals and significance tests for comparing models and algorithms.

Handout 004 ("Comparação de Classificadores", after Witten & Frank, ch. 5), in two modules
of one job each, gathered here under the lessons' topic
(``from evalbook.inference import accuracy_interval``):

- :mod:`evalbook.intervals` (lesson 09): z and t quantiles, the intervals of an accuracy,
  their coverage, the bootstrap interval of a metric;
- :mod:`evalbook.comparison` (lesson 10): two models, two algorithms (plain and corrected
  t-test), Friedman's test for several algorithms.
"""

from evalbook import comparison, intervals
from evalbook.comparison import *  # noqa: F403
from evalbook.intervals import *  # noqa: F403

__all__ = sorted([*intervals.__all__, *comparison.__all__])
