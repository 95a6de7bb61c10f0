"""Verdicts: what the engine says about an action (data only; rendering lives in report.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import codes as _codes
from .model import Turn


def _articles(text: str) -> str:
    """'a Iron Works card' -> 'an Iron Works card': the names filled into a template decide."""
    if "a " not in text:
        return text
    import re

    return re.sub(r"\b([Aa]) (?=[AEIOU])", r"\1n ", text)


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@dataclass
class Violation:
    """One broken rule: a code from :mod:`brass_judge.codes` and the fields its message needs."""

    code: str
    fields: dict[str, Any] = field(default_factory=dict)
    action_index: int | None = None
    priority: int = 50  #: lower = more actionable (ranked first)
    game: str = "lancashire"  #: whose table of codes words it (brass_judge.codes.table_of)

    @property
    def spec(self) -> _codes.Code:
        spec: _codes.Code = _codes.table_of(self.game)[self.code]
        return spec

    @property
    def message(self) -> str:
        return _articles(self.spec.message.format_map(_SafeDict(self.fields)))

    @property
    def remedy(self) -> str | None:
        r = self.spec.remedy
        if r is None:
            return None
        return _articles(r.format_map(_SafeDict(self.fields)))

    @property
    def rulings(self) -> list[str]:
        extra = self.fields.get("_rulings", ())
        return list(dict.fromkeys(list(self.spec.rulings) + list(extra)))

    def to_dict(self) -> dict[str, Any]:
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
    data: dict[str, Any] = field(default_factory=dict)
    action_index: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**self.data, "kind": self.kind, "text": self.text, "action": self.action_index}


_new = object.__new__  #: (read once: a module-level name is read faster than object's attribute)


class _TurnOfOne:
    """:attr:`Verdict.turn`'s default (None) and the turn of a verdict the game driver made on one
    action (``engine.judge_one``): made from the verdict's ``_one`` (the action and the turn's
    player) when first read, and kept on the verdict.

    The driver judges every action of a replay or a self-played game as a turn of its own and
    reads the turn of only the few that are illegal (to name them): such a verdict is made without
    its :class:`~brass_judge.model.Turn` (two objects fewer per action), and this descriptor on the
    class answers the first read. It defines no ``__set__``: a turn set on a verdict (``__init__``
    sets it, ``Verdict.judged`` sets any given) is an ordinary attribute, read without it. A
    dataclass field whose class value is a descriptor takes what it returns for the class (None)
    as its default (the dataclasses documentation, "Descriptor-typed fields")."""

    def __get__(self, v: Verdict | None, owner: Any = None) -> Any:
        if v is None:
            return None
        one = v._one
        turn = None if one is None else Turn.of_one(*one)
        v.turn = turn
        return turn


@dataclass
class Verdict:
    """The outcome of judging an action or a turn on a position."""

    legal: bool
    violations: list[Violation] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    _rulings: list[str] | None = None  #: ruling ids relied on (see :attr:`rulings`)
    rules: list[str] = field(default_factory=list)  #: RUL-* codes applied
    assumptions: list[str] = field(default_factory=list)
    steps: list[Any] = field(default_factory=list)  #: --explain: reasoning, step by step
    outcomes: list[Any] = field(
        default_factory=list
    )  #: Distant Cotton Market draws: one entry per distinct result
    dcm: dict[str, Any] | None = (
        None  #: Distant Cotton Market draws summed up (engine/dcm.py); None without them
    )
    position: Any = None  #: the position after the action (legal only)
    player: str | None = None
    turn: Any = _TurnOfOne()  #: the Turn judged (default None)
    highlight: dict[str, Any] = field(default_factory=dict)  #: what changed, for pictures (render_svg)
    also: list[Any] = field(default_factory=list)  #: (rule, ruling) pairs: case-specific rulings relied on
    #: the assumptions that came with the position file (defaults filled in), a prefix-free subset
    #: of :attr:`assumptions`; the others were made while judging the action
    position_assumptions: list[str] = field(default_factory=list)
    #: player -> (assumption text, fields not given): starting money/income defaults (position_io)
    player_defaults: dict[str, Any] = field(default_factory=dict)
    #: every player of the judged position (the engine's verdict shares the position's own list,
    #: as the position's copies do: replace it, do not change it)
    players: list[str] = field(default_factory=list)
    #: illegal verdicts: the nearest legal actions (filled by ``check`` on the command line, see
    #: :func:`brass_judge.engine.alternatives.nearest_legal`)
    alternatives: list[Any] = field(default_factory=list)
    game: str = "lancashire"  #: the game judged: whose rulings the rules applied cite
    #: (the action, the turn's player) of a verdict made without its turn (see _TurnOfOne)
    _one: ClassVar[tuple[Any, str | None] | None] = None

    @staticmethod
    def judged(
        legal: bool,
        player: str | None,
        violations: list[Violation],
        effects: list[Effect],
        rules: list[str],
        assumptions: list[str],
        steps: list[Any],
        position: Any,
        highlight: dict[str, Any],
        turn: Any,
        also: list[Any],
        game: str,
        players: list[str],
    ) -> Verdict:
        """The engine's verdict on a turn it judged: equal to ``Verdict(legal=legal, ...)`` with these
        fields and every other at its default, built without the generated ``__init__``.

        A verdict is made for every action judged (a replay judges hundreds, quietly) and the
        generated ``__init__`` is called through the class and makes a new list for every field
        left empty. The engine calls this function as the module's :func:`judged`, with its
        arguments in order: a plain function called without keywords is the call the interpreter
        makes cheapest (a classmethod's is bound, and keywords are matched by name). Here the fields are set directly, the lists the verdict must own are new, and
        the fields whose default is immutable (``dcm``, and the cached ``rulings`` and
        ``action_text``, None until first read) are left to the class's own default, as a dataclass
        keeps it; so is ``turn`` when none is given (None, or made when first read from what
        ``_one`` says, :class:`_TurnOfOne`). tests/test_verdict.py checks that this sets every
        field as ``__init__`` would.
        """
        v: Verdict = _new(Verdict)
        v.legal = legal
        v.player = player
        v.violations = violations
        v.effects = effects
        v.rules = rules
        v.assumptions = assumptions
        v.steps = steps
        v.position = position
        v.highlight = highlight
        if turn is not None:
            v.turn = turn
        v.also = also
        v.game = game
        v.players = players
        v.outcomes = []
        v.position_assumptions = []
        v.player_defaults = {}
        v.alternatives = []
        return v

    @property
    def rulings(self) -> list[str]:
        """The rulings relied on: those of the violations when illegal; otherwise those of the
        rules applied plus the case-specific ones (computed on first use)."""
        if self._rulings is None:
            from .codes import rulings_of

            if self.violations:
                self._rulings = list(dict.fromkeys(q for v in self.violations for q in v.rulings))
            else:
                self._rulings = rulings_of(self.rules, self.also, self.game)
        return self._rulings

    @rulings.setter
    def rulings(self, value: list[Any]) -> None:
        self._rulings = list(value)

    @property
    def decided_by(self) -> list[str]:
        """The rulings that answer "why?" (a subset of :attr:`rulings`): for an illegal verdict
        those of its violations; for a legal one those of the rules whose outcome was in doubt and
        the case-specific rulings the checks recorded (:func:`brass_judge.codes.deciding_rulings`)."""
        if self.violations:
            out = [q for v in self.violations for q in v.rulings]
        else:
            from .codes import deciding_rulings

            out = deciding_rulings(self.rules, self.also, self.game)
        relied = self.rulings
        return [q for q in dict.fromkeys(out) if q in relied]

    _action_text: str | None = None

    @property
    def action_text(self) -> str:
        """The judged turn in one-line notation (formatted on first use)."""
        if self._action_text is None:
            from .notation import format_turn

            # the verdict names its game (game_of reads ``game``): the turn is written in its notation
            self._action_text = format_turn(self.turn, self) if self.turn is not None else ""
        return self._action_text

    def touched_players(self) -> set[str]:
        """The players the action touches: the one acting and anyone an effect names (a port's
        owner gaining income, a mine's owner paid for cubes)."""
        out = {self.player} if self.player else set()
        for e in self.effects:
            for k in ("player", "owner"):
                if isinstance(e.data.get(k), str):
                    out.add(e.data[k])
        return out

    @property
    def assumption_details(self) -> list[dict[str, Any]]:
        """The assumptions as objects, those that could change the verdict first.

        Each: ``text``, ``changes_verdict`` (whether a different fact could make the verdict or
        what happens different), ``source`` (``action``: made while judging it; ``position``: a
        default of the position file) and ``players`` (whom it is about). The starting money and
        income defaults of players the action does not touch are folded into one entry (``folded``
        lists the texts it replaces)."""
        touched = self.touched_players()
        from_file = set(self.position_assumptions)
        defaults = {text: (n, missing) for n, (text, missing) in self.player_defaults.items()}
        first: list[dict[str, Any]] = []
        later: list[dict[str, Any]] = []
        untouched: list[tuple[Any, ...]] = []
        for text in self.assumptions:
            if text in defaults:
                n, missing = defaults[text]
                if n in touched:
                    # the acting player's money decides what they can afford; another touched
                    # player's income marker only moves from a different space
                    (first if n == self.player else later).append(
                        {
                            "text": text,
                            "changes_verdict": n == self.player,
                            "source": "position",
                            "players": [n],
                        }
                    )
                else:
                    untouched.append((n, missing, text))
                continue
            if text not in from_file:
                first.append(
                    {
                        "text": text,
                        "changes_verdict": True,
                        "source": "action",
                        "players": [self.player] if self.player else [],
                    }
                )
                continue
            about = [n for n in self.players if text.startswith(f"{n}'s ")]
            # an untouched player's mat or income matters to nothing this action does; their tiles
            # (cubes, levels) may (coal taken, an overbuild), so those stay verdict-changing
            personal = any(text.startswith((f"{n}'s mat", f"{n}'s income space ")) for n in about)
            if (about and personal and not set(about) & touched) or (
                text.startswith("distant_cotton_market.") and not self._sells_distant()
            ):
                later.append({"text": text, "changes_verdict": False, "source": "position", "players": about})
            else:
                first.append({"text": text, "changes_verdict": True, "source": "position", "players": about})
        out = first + later
        if len(untouched) == 1:
            n, _, text = untouched[0]
            out.append({"text": text, "changes_verdict": False, "source": "position", "players": [n]})
        elif untouched:
            who = "; ".join(f"{n}'s {' and '.join(missing)}" for n, missing, _ in untouched)
            values = sorted(
                dict.fromkeys(
                    v
                    for _, _, t in untouched
                    for v in t.partition("assumed the starting ")[2].split(" and ")
                    if v
                ),
                key=lambda v: not v.startswith("£"),
            )  # money first, as each line has it
            out.append(
                {
                    "text": f"not given for players this action does not touch ({who}): assumed the starting "
                    + " and ".join(values),
                    "changes_verdict": False,
                    "source": "position",
                    "players": [n for n, _, _ in untouched],
                    "folded": [t for _, _, t in untouched],
                }
            )
        return out

    def _sells_distant(self) -> bool:
        """Whether the judged turn sells to the Distant Cotton Market (its tiles then matter)."""
        from .model import DISTANT, Sell

        actions = self.turn.actions if self.turn is not None else ()
        return bool(self.outcomes) or any(
            isinstance(a, Sell) and any(x.to == DISTANT for x in a.sales) for a in actions
        )

    @property
    def verdict(self) -> str:
        return "legal" if self.legal else "illegal"

    def to_dict(self, *, explain: bool = False) -> dict[str, Any]:
        details = self.assumption_details
        d = {
            "verdict": self.verdict,
            "player": self.player,
            "action": self.action_text,
            "violations": [v.to_dict() for v in self.violations],
            "effects": [e.to_dict() for e in self.effects],
            "rulings": list(self.rulings),
            "decided_by": self.decided_by,
            "rules": list(self.rules),
            "assumptions": [a["text"] for a in details],
            "assumption_details": details,
            "outcomes": list(self.outcomes),
            "dcm": self.dcm,
            "alternatives": list(self.alternatives),
        }
        if explain:
            d["steps"] = list(self.steps)
        return d


#: :meth:`Verdict.judged` (a static method read through the class: the plain function)
judged = Verdict.judged
