"""A homework variant's key, and the random stream each dataset draws from it.

A course's data module builds its sets' data from these: ``variant=None`` is the data the
solution notebooks use; a whole number (a student number, say) draws other data, the same
for the same key.

Examples
--------
>>> check_variant(17), check_variant(None)
(17, None)
>>> a, b = variant_rng(17, "fraud").random(), variant_rng(17, "fraud").random()
>>> a == b, a != variant_rng(17, "credit").random()
(True, True)
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["check_variant", "variant_rng"]


def check_variant(variant):
    """``variant`` if it is None or a whole number ≥ 0, else a ValueError naming it."""
    if variant is None:
        return None
    if isinstance(variant, bool) or not isinstance(variant, numbers.Integral) or variant < 0:
        raise ValueError(
            f"variant must be None or a whole number ≥ 0 (a student number), got {variant!r}"
        )
    return int(variant)


def variant_rng(variant: int, dataset: str) -> np.random.Generator:
    """A generator seeded by the variant key and the dataset's name (one stream each)."""
    return np.random.default_rng([variant, *dataset.encode()])
