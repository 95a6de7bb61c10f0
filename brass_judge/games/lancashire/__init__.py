"""Brass: Lancashire (Roxley 2018 edition, with the Classic 2007 variants as profiles).

``RULES`` maps each rules variant (a key of ``data/variants.yaml``) to its rules class; the
registry (:func:`brass_judge.games.get_rules`) reads it.
"""

from __future__ import annotations

from .classic import ClassicLancashireRules, OriginalLancashireRules
from .rules import LancashireRules

NAME = "Brass: Lancashire"
#: other spellings of the game key that position and log files may carry
ALIASES = ("brass-lancashire", "Brass: Lancashire")
RULES = {
    "standard": LancashireRules,
    "classic": ClassicLancashireRules,
    "original": OriginalLancashireRules,
}
