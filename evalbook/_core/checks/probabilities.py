"""Checks of p-values: a family of tests whose p-values are adjusted together."""

from __future__ import annotations

import numpy as np

from evalbook._core.checks.policy import as_number_array

__all__ = ["as_p_values", "check_unit_interval"]


def as_p_values(p_values, name: str = "p_values") -> np.ndarray:
    """``p_values`` as a 1-D, non-empty float64 array of numbers in [0, 1].

    The messages name ``name``; NaN, infinities, booleans, text and values outside [0, 1]
    are refused (a p-value of 1.2 is a bug upstream, not something to clip).
    """
    values = as_number_array(p_values, name, what="p-value", empty="give at least one p-value")
    return check_unit_interval(values, name, "every p-value must lie in [0, 1]")


def check_unit_interval(values: np.ndarray, name: str, rule: str) -> np.ndarray:
    """``values`` (checked finite numbers) if all lie in [0, 1]; else a ValueError naming
    ``name``, the first value outside and its position, then ``rule``."""
    bad = np.flatnonzero((values < 0) | (values > 1))
    if bad.size:
        position = int(bad[0])
        raise ValueError(
            f"{name} contains {float(values[position])!r} at position {position}; {rule}"
        )
    return values
