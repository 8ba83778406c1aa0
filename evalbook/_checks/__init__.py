"""Private helpers shared by every public function: input checks and safe division.

Every check raises a ``ValueError`` or ``TypeError`` whose message names the argument
and says what is wrong with it, so that a student reading the traceback knows what to fix.

The library's policy for undefined values (a ratio 0/0, such as the precision of a model
that never predicts the positive class) lives here, in :func:`safe_divide`: by default the
result is ``nan`` and an :class:`UndefinedMetricWarning` says which metric was undefined
and why. Each metric that can be undefined takes ``zero_division=`` to choose another
value silently (``0.0``, ``1.0`` or ``nan``).

The checks are grouped by what they check, one module each: :mod:`.policy` (the 0/0
policy, arrays, single numbers), :mod:`.labels`, :mod:`.tables` (confusion, profit and
count tables), :mod:`.resampling` (validation and inference) and :mod:`.values`
(regression pairs, class-score tables, BLEU texts, curve points). Import them from
``evalbook._checks``.
"""

from evalbook._checks import labels, policy, resampling, tables, values
from evalbook._checks.labels import *  # noqa: F403
from evalbook._checks.policy import *  # noqa: F403
from evalbook._checks.resampling import *  # noqa: F403
from evalbook._checks.tables import *  # noqa: F403
from evalbook._checks.values import *  # noqa: F403

__all__ = [
    name for module in (policy, labels, tables, resampling, values) for name in module.__all__
]
