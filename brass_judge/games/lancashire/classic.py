"""Brass: Lancashire under the Roxley rulebook's Classic Rules and the original 2007 rules: profiles
of :class:`LancashireRules`. What they change is in ``data/variants.yaml`` (the old deck, all DCM
tiles, random removal, rounds per era, the Virtual Link, level 1 Cotton Mill VP, income timing,
tie-breaks); this module only names the classes the registry hands out."""

from __future__ import annotations

from .rules import LancashireRules


class ClassicLancashireRules(LancashireRules):
    """The Classic Rules: the old deck and the Virtual Link (Q125, Q128-Q130)."""

    variant = "classic"


class OriginalLancashireRules(ClassicLancashireRules):
    """The original 2007 rules (Classic plus the other Roxley changes undone, Q125, Q126, Q028)."""

    variant = "original"
