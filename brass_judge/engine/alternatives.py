"""What can I do instead? The legal actions nearest to an illegal one (``check``'s ``alternatives``).

The candidates are those of the move generator (:mod:`brass_judge.engine.moves`), so every
alternative is an action ``moves`` lists and the engine judges legal. Each candidate is ranked by
how near it is to the action asked, before any is judged:

* nearest, the same action at the same place with another space, level or coal/iron source (a
  build of the same industry in the same town; the same lines; the same industries developed;
  the same mills sold; a loan of the same amount), then the same with another card;
* then the same card (or industry) somewhere else: a build of the same industry elsewhere or with
  the same card, links sharing a town with those asked, a sale of some of the same mills, another
  loan amount; each thing that differs (the place, the industry, the card) counts.

Builds sharing neither the place, the industry nor a card, and links not touching a town of those
asked, are not suggested.

Only the nearest candidates are judged, nearest first, until *limit* are found legal (at most
:data:`MAX_JUDGED` judged), so this costs a few checks; it runs only for illegal verdicts.
A non-build action keeps the card the player named when the player holds it (the generator lists
such actions with one representative card). For a turn's second action the alternatives are
those after the first (on its most likely draw when it sells to the Distant Cotton Market without
stating the tile). Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from ..model import DISTANT, Build, Develop, Loan, Pass, Sale, Sell, Turn

if TYPE_CHECKING:
    from ..verdict import Verdict
    from .moves import _Ctx

#: How many candidates are judged at most for one illegal action.
MAX_JUDGED = 80
#: Sales to the Distant Cotton Market with the tile not stated, at most, in a suggested Sell (each
#: more multiplies the draws the engine enumerates).
MAX_UNSTATED_DRAWS = 2


def _unstated_draws(action: Any) -> int:
    if not isinstance(action, Sell):
        return 0
    return sum(1 for s in action.sales if s.to == DISTANT and s.tile is None)


def nearest_legal(
    position: Any, turn: Any, data: Any = None, *, limit: int = 5, verdict: Verdict | None = None
) -> list[dict[str, Any]]:
    """Up to *limit* legal actions nearest to the first illegal action of *turn* on *position*,
    nearest first: dicts with ``notation``, ``type``, ``cost``, ``gain``, ``differs`` (what
    differs from the action asked: card, space, location, ...), ``nearness`` (0 nearest) and
    ``action`` (its YAML form). ``[]`` when the turn is legal or the problem is not one action's
    (whose turn it is, the game is over, no card left). *verdict*: the turn's verdict when the
    caller has it (saves judging the turn again)."""
    from . import _as_turn, _data_for, check
    from .moves import _judge_unit, _prepare, _units

    if hasattr(position, "position"):  # a LoadedPosition (the engine does not import the loader)
        position = position.position
    data = _data_for(position, data)
    turn = _as_turn(turn)
    if verdict is None:
        verdict = check(position, turn, data, narrate=False)
    if verdict.legal:
        return []
    # whose turn it is, the game over, no card left: no other action of this player helps
    if any(
        v.action_index is None or v.spec.name in ("no-card-to-discard", "game-over")
        for v in verdict.violations
    ):
        return []
    # (every violation has its action's index: those without returned above)
    index = min(cast(int, v.action_index) for v in verdict.violations)
    asked = turn.actions[index]
    pos = position
    if index:
        before = check(position, Turn(turn.actions[:index], turn.player), data, narrate=False)
        if not before.legal or before.position is None:
            return []
        pos = before.position
    if turn.player and pos.turn != turn.player:
        return []
    kind = asked.kind
    prepared = _prepare(pos, data, [kind] if kind != "pass" else ["pass"])
    if prepared is None:
        return []
    _, _, ctx, _ = prepared
    ranked = []
    for n, unit in enumerate(_units(ctx, kind, 40)):
        unit = tuple(_keep_card(asked, a, ctx) for a in unit)
        if _unstated_draws(unit[0]) > MAX_UNSTATED_DRAWS:
            continue  # every draw sequence would be judged: too dear for a suggestion
        near = _nearness(asked, unit[0], data)
        if near is not None and unit[0] != asked:
            ranked.append((near, n, unit))
    ranked.sort(key=lambda r: (r[0], r[1]))
    out = []
    for near, _, unit in ranked[:MAX_JUDGED]:
        m = _judge_unit(ctx, unit)
        if m is None:
            continue
        d = m.to_dict()
        d["differs"] = _differs(asked, m.action)
        d["nearness"] = near
        out.append(d)
        if len(out) >= limit:
            break
    out.sort(key=lambda d: (d["nearness"], d["cost"]))
    return out


def _keep_card(asked: Any, cand: Any, ctx: _Ctx) -> Any:
    """*cand* with the card(s) the player named, when it is not a build (whose card is part of the
    question) and the player holds them; Distant Cotton Market tiles stated for a mill are kept."""
    if isinstance(cand, Sell) and isinstance(asked, Sell):
        tiles = {s.mill: s.tile for s in asked.sales if s.to == DISTANT and s.tile is not None}
        if tiles:
            cand = replace(
                cand,
                sales=tuple(replace(s, tile=tiles.get(s.mill)) if s.to == DISTANT else s for s in cand.sales),
            )
    # (the generator names no card when the hand is not known: the card named is then kept too)
    if isinstance(cand, Build) or not asked.cards or len(asked.cards) != len(cand.cards or asked.cards):
        return cand
    if all(ctx.holds(c) for c in asked.cards):
        return replace(cand, cards=tuple(asked.cards))
    return cand


def _sold(s: Any) -> tuple[str, str]:
    """(what is sold, where to) of one sale: Lancashire's names a mill and a port or the Distant
    Cotton Market, Birmingham's a tile's location and a merchant."""
    if isinstance(s, Sale):
        return s.mill, s.to
    return s.tile, s.merchant


def _towns(lines: tuple[str, ...]) -> set[str]:
    return {t for ln in lines for t in ln.split("~")}


def _nearness(asked: Any, cand: Any, data: Any) -> int | None:
    """How far *cand* is from the action asked: 0 for the same action at the same place with
    another card, space, level or source; more for each thing that differs (the place or the
    industry count 2, the card 1); None when nothing but the kind of action is shared."""
    if type(asked) is not type(cand):
        return None
    # (cand is of asked's type, which mypy cannot narrow from the type() test: hence the bool
    # declarations and the cast)
    if isinstance(asked, Build):
        place: bool
        industry: bool
        place, industry = asked.location != cand.location, asked.industry != cand.industry
        card = set(asked.cards) != set(cand.cards)
        if place and industry and not set(asked.cards) & set(cand.cards):
            return None
        return 2 * place + 2 * industry + card + (len(cand.cards) > 1 and card)
    if asked.kind == "network":  # (each game's own Network class)
        card = set(asked.cards) != set(cand.cards)
        if set(asked.lines) == set(cand.lines):
            return int(card)
        if not _towns(asked.lines) & _towns(cand.lines):
            return None
        return 2 + card + (len(asked.lines) != len(cand.lines))
    if isinstance(asked, Develop):
        if sorted(asked.industries) == sorted(cand.industries):
            return 0
        return 2 if set(asked.industries) & set(cand.industries) else 4
    if asked.kind == "sell":
        mills, got = {_sold(s)[0] for s in asked.sales}, {_sold(s)[0] for s in cand.sales}
        if mills == got:
            return 0
        return 2 + len(mills ^ got)
    if isinstance(asked, Loan):
        return int(set(asked.cards) != set(cand.cards)) + abs(asked.amount - cast(Loan, cand).amount) // 10
    if isinstance(asked, Pass) or asked.kind == "scout":  # (Birmingham's Scout: only its cards)
        return 0
    return None


def _differs(asked: Any, cand: Any) -> list[str]:
    """What *cand* changes in the action asked, in the notation's words."""
    out = []
    if set(asked.cards) != set(cand.cards):
        out.append("card")
    if isinstance(asked, Build):
        if asked.industry != cand.industry:
            out.append("industry")
        if asked.location != cand.location:
            out.append("location")
        if asked.space is not None and asked.space != cand.space and asked.location == cand.location:
            out.append("space")
        if asked.level is not None and asked.level != cand.level and asked.industry == cand.industry:
            out.append("level")
        # another industry needs other resources: its sources are not a change of the one asked
        if asked.coal_from and asked.coal_from != cand.coal_from and asked.industry == cand.industry:
            out.append("coal source")
        if asked.iron_from and asked.iron_from != cand.iron_from and asked.industry == cand.industry:
            out.append("iron source")
    elif asked.kind == "network":
        if set(asked.lines) != set(cand.lines):
            out.append("lines")
        if asked.coal_from and asked.coal_from != cand.coal_from:
            out.append("coal source")
    elif isinstance(asked, Develop):
        if sorted(asked.industries) != sorted(cand.industries):
            out.append("industries")
        if asked.iron_from and asked.iron_from != cand.iron_from:
            out.append("iron source")
    elif asked.kind == "sell":
        if {_sold(s) for s in asked.sales} != {_sold(s) for s in cand.sales}:
            out.append("sales")
    elif isinstance(asked, Loan) and asked.amount != cand.amount:
        out.append("amount")
    return out
