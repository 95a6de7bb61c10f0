"""Verdicts: what the engine says about an action (data only; rendering lives in report.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from . import codes as _codes


def _articles(text: str) -> str:
    """'a Iron Works card' -> 'an Iron Works card': the names filled into a template decide."""
    if "a " not in text:
        return text
    import re

    return re.sub(r"\b([Aa]) (?=[AEIOU])", r"\1n ", text)


class _SafeDict(dict):
    def __missing__(self, key):
        return "{" + key + "}"


@dataclass
class Violation:
    """One broken rule: a code from :mod:`brass_judge.codes` and the fields its message needs."""

    code: str
    fields: dict = field(default_factory=dict)
    action_index: Optional[int] = None
    priority: int = 50  #: lower = more actionable (ranked first)

    @property
    def spec(self) -> _codes.Code:
        return _codes.get(self.code)

    @property
    def message(self) -> str:
        return _articles(self.spec.message.format_map(_SafeDict(self.fields)))

    @property
    def remedy(self) -> Optional[str]:
        r = self.spec.remedy
        if r is None:
            return None
        return r.format_map(_SafeDict(self.fields))

    @property
    def rulings(self) -> list:
        extra = self.fields.get("_rulings", ())
        return list(dict.fromkeys(list(self.spec.rulings) + list(extra)))

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.spec.name,
            "message": self.message,
            "remedy": self.remedy,
            "rulings": self.rulings,
            "action": self.action_index,
        }


@dataclass
class Effect:
    """One thing that happens: a kind (money, income, tile-placed, ...), a text and its data."""

    kind: str
    text: str
    data: dict = field(default_factory=dict)
    action_index: Optional[int] = None

    def to_dict(self) -> dict:
        return {**self.data, "kind": self.kind, "text": self.text, "action": self.action_index}


@dataclass
class Verdict:
    """The outcome of judging an action or a turn on a position."""

    legal: bool
    violations: list = field(default_factory=list)
    effects: list = field(default_factory=list)
    _rulings: Optional[list] = None  #: ruling ids relied on (see :attr:`rulings`)
    rules: list = field(default_factory=list)  #: RUL-* codes applied
    assumptions: list = field(default_factory=list)
    steps: list = field(default_factory=list)  #: --explain: reasoning, step by step
    outcomes: list = field(default_factory=list)  #: Distant Cotton Market draws: one entry per tile
    position: Any = None  #: the position after the action (legal only)
    player: Optional[str] = None
    turn: Any = None  #: the Turn judged
    highlight: dict = field(default_factory=dict)  #: what changed, for pictures (render_svg)
    also: list = field(default_factory=list)  #: (rule, ruling) pairs: case-specific rulings relied on

    @property
    def rulings(self) -> list:
        """The rulings relied on: those of the violations when illegal; otherwise those of the
        rules applied plus the case-specific ones (computed on first use)."""
        if self._rulings is None:
            from .codes import rulings_of

            if self.violations:
                self._rulings = list(dict.fromkeys(q for v in self.violations for q in v.rulings))
            else:
                self._rulings = rulings_of(self.rules, self.also)
        return self._rulings

    @rulings.setter
    def rulings(self, value: list) -> None:
        self._rulings = list(value)

    @property
    def decided_by(self) -> list:
        """The rulings that answer "why?" (a subset of :attr:`rulings`): for an illegal verdict
        those of its violations; for a legal one those of the rules whose outcome was in doubt and
        the case-specific rulings the checks recorded (:func:`brass_judge.codes.deciding_rulings`)."""
        if self.violations:
            out = [q for v in self.violations for q in v.rulings]
        else:
            from .codes import deciding_rulings

            out = deciding_rulings(self.rules, self.also)
        relied = self.rulings
        return [q for q in dict.fromkeys(out) if q in relied]
    _action_text: Optional[str] = None

    @property
    def action_text(self) -> str:
        """The judged turn in one-line notation (formatted on first use)."""
        if self._action_text is None:
            from .notation import format_turn

            self._action_text = format_turn(self.turn) if self.turn is not None else ""
        return self._action_text

    @property
    def verdict(self) -> str:
        return "legal" if self.legal else "illegal"

    def to_dict(self, *, explain: bool = False) -> dict:
        d = {
            "verdict": self.verdict,
            "player": self.player,
            "action": self.action_text,
            "violations": [v.to_dict() for v in self.violations],
            "effects": [e.to_dict() for e in self.effects],
            "rulings": list(self.rulings),
            "decided_by": self.decided_by,
            "rules": list(self.rules),
            "assumptions": list(self.assumptions),
            "outcomes": list(self.outcomes),
        }
        if explain:
            d["steps"] = list(self.steps)
        return d
