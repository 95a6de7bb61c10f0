"""Unstated Distant Cotton Market draws, judged by state and grouped by result (Q109).

A Sell action that sends mills to the Distant Cotton Market without saying which tiles are drawn
cannot be judged one way: each mill draws its own face-down tile (Q109). Listing every sequence of
tiles grows fast (six mills: thousands of sequences) although most sequences end the same way. So
the draws are followed state by state: two sequences that leave the game in the same state before
the next draw (the same tiles drawn, in any order, the same marker, the same money and income) have
the same future, and are judged once. The sequences that end the same way (legal or not and why,
the marker, every player's income, which mills flipped) form one *result*, with the sum of their
chances. Sequences are kept only when asked for.

Chances are exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, cast

from ...model import DCM_X, Position
from ...verdict import Verdict

#: the Distant Cotton Market marker's first space (setup puts it there)
MARKER_START = 1


# ----- the marker arithmetic, written once (Sell, validate, self-play and the report ask here) ------
def marker_after(marker: int, tile: int) -> int:
    """Where the marker is after a tile showing *tile* is drawn with it on *marker*: it moves down
    by the tile's number and stops on the X, the end of the track (DCM_X)."""
    return min(DCM_X, marker + tile)


def market_closed(marker: int) -> bool:
    """Whether the marker on *marker* has reached the X: the market is closed, and a sale that
    puts it there ends the Sell action."""
    return marker >= DCM_X


def marker_on_track(marker: int) -> bool:
    """Whether *marker* is a space of the track (its first space to the X)."""
    return MARKER_START <= marker <= DCM_X


def marker_for_drawn(drawn: Iterable[int]) -> int:
    """Where the tiles *drawn* (in any order) put the marker from its first space."""
    marker = MARKER_START
    for tile in drawn:
        marker = marker_after(marker, tile)
    return marker


def _state(pos: Position) -> tuple[Any, ...]:
    """What the rest of a turn can depend on (the order of the tiles drawn does not matter)."""
    return (
        tuple(sorted(pos.dcm_drawn)),
        pos.dcm_position,
        pos.actions_left,
        tuple((n, p.money, p.income_space, p.vp) for n, p in sorted(pos.player.items())),
        tuple(
            sorted((t.location, t.space, t.owner, t.industry, t.level, t.flipped, t.cubes) for t in pos.tiles)
        ),
    )


def _result(verdict: Any, work: Position) -> tuple[Any, ...]:
    """How a turn ended, as a player sees it: the verdict and the board (not the tiles drawn)."""
    return (
        verdict.legal,
        tuple(v.code for v in verdict.violations),
        work.dcm_position,
        tuple((n, p.money, p.income_space, p.vp) for n, p in sorted(work.player.items())),
        tuple(sorted((t.location, t.space, t.flipped) for t in work.tiles if t.industry == "cotton_mill")),
    )


def enumerate_draws(
    position: Position, data: Any, judge: Callable[..., Any], *, sequences: bool = False
) -> list[dict[str, Any]]:
    """Every result of the turn over the possible draws, most likely first.

    *judge(position, forced_draws, narrate)* runs the turn with those draws and returns
    ``(verdict, working position)``, or raises :class:`NeedDraw` carrying the working position
    when one more tile is needed. Returns dicts: ``chance`` (Fraction), ``count`` (sequences),
    ``example`` (the most likely sequence, the smallest tiles first among equals), ``sequences``
    (every sequence, only when asked), ``verdict`` (judged with *example*, narrated).
    """
    from .sell import NeedDraw, unseen_dcm_tiles

    # frontier: state -> [chance, example draws, sequences or None, working position at the draw]
    try:
        judge(position, [], False)
        raise AssertionError("enumerate_draws called on a turn with no unstated draw")
    except NeedDraw as need:
        start: list[Any] = [Fraction(1), [], [[]] if sequences else None, need.pos, 1]
        frontier: dict[tuple[Any, ...], list[Any]] = {_state(need.pos): start}
    # result key -> [chance, example, sequences or None, count, example chance]
    results: dict[tuple[Any, ...], list[Any]] = {}
    while frontier:
        nxt: dict[tuple[Any, ...], list[Any]] = {}
        for chance, example, seqs, at, count in frontier.values():
            unseen = unseen_dcm_tiles(at, data)
            total = sum(unseen.values())
            tiles = sorted(unseen) if total else [0]  # an empty pile: nothing to draw (a 0)
            for tile in tiles:
                p = chance * Fraction(unseen[tile], total) if total else chance
                draws = example + [tile]
                more = [s + [tile] for s in seqs] if seqs is not None else None
                try:
                    verdict, work = judge(position, draws, False)
                except NeedDraw as need:
                    key = _state(need.pos)
                    slot = nxt.get(key)
                    if slot is None:
                        nxt[key] = [p, draws, more, need.pos, count]
                    else:
                        slot[0] += p
                        slot[4] += count
                        if more is not None:
                            slot[2].extend(more)
                    continue
                key = _result(verdict, work)
                slot = results.get(key)
                # the example of a result: its most likely sequence (all sequences with the
                # same tiles have the same chance; the first found has the smallest tiles)
                each = p / count
                if slot is None:
                    results[key] = [p, draws, more, count, each]
                else:
                    slot[0] += p
                    slot[3] += count
                    if each > slot[4]:
                        slot[1], slot[4] = draws, each
                    if more is not None:
                        slot[2].extend(more)
        frontier = nxt
    out = []
    for chance, example, seqs, count, _ in results.values():
        verdict, work = judge(position, example, True)
        out.append(
            {
                "chance": chance,
                "example": example,
                "count": count,
                "sequences": sorted(seqs) if seqs is not None else None,
                "verdict": verdict,
                "work": work,
            }
        )
    out.sort(key=lambda r: (-r["chance"], not r["verdict"].legal, r["example"]))
    return out


def tiles_text(tiles: Iterable[int]) -> str:
    """'tile 2, then tile 3' (not '2/3', which reads as a fraction)."""
    return ", then ".join(f"tile {t}" for t in tiles) or "no tile"


def describe(
    result: dict[str, Any], position: Position, player: str, data: Any, mills: int
) -> dict[str, Any]:
    """The JSON-ready facts of one result: what a player at the table reads."""
    v, work = result["verdict"], result["work"]
    me_before = position.player.get(player)
    me_after = work.player.get(player)
    sold = [e for e in v.effects if e.kind == "dcm" and e.data.get("bonus") is not None]
    x = market_closed(work.dcm_position)
    gained = (me_after.income_space - me_before.income_space) if me_before and me_after and v.legal else 0
    if not v.legal:
        text = "ILLEGAL: " + ", ".join(x.code for x in v.violations)
    else:
        text = (
            f"{len(sold)} of {mills} mill(s) sold to the Distant Cotton Market, "
            + ("the marker reaches X" if x else f"the marker ends on {work.dcm_position}")
            + (f", {player}'s income +{gained} space(s)" if gained else "")
        )
    d = {
        "result": text,
        "chance": f"{result['chance'].numerator}/{result['chance'].denominator}",
        "probability": float(result["chance"]),
        "legal": v.legal,
        "violations": [x.code for x in v.violations],
        "marker": work.dcm_position if v.legal else None,
        "mills_sold": len(sold) if v.legal else 0,
        "income_spaces": gained,
        "reaches_x": bool(x and v.legal),
        "sequences": result["count"],
        "example": list(result["example"]),
    }
    if result["sequences"] is not None:
        # on request only (they grow with the results): every sequence, and the example's texts
        d["draws"] = [list(s) for s in result["sequences"]]
        d["effects"] = [e.text for e in v.effects if e.kind == "dcm"]
    return d


def judge_unstated_draws(
    position: Position,
    turn: Any,
    data: Any,
    judge: Callable[..., tuple[Any, Position]],
    *,
    sequences: bool = False,
) -> Verdict:
    """The verdict on a turn whose Distant Cotton Market draw(s) are not stated: every draw
    judged (:func:`enumerate_draws`), grouped by result with its chance; the verdict shown is the
    most likely result, or, when some results make the turn illegal, the most likely of those (an
    ILLEGAL verdict always says why). *judge* is ``judge(position, forced_tiles, narrate)``."""
    from ...model import DISTANT
    from .actions import Sell

    results = enumerate_draws(position, data, judge, sequences=sequences)
    # the verdict shown: the most likely result, or when some results make the turn illegal, the
    # most likely of those (so that an ILLEGAL verdict always says why)
    illegal = [r for r in results if not r["verdict"].legal]
    shown = illegal[0] if illegal else results[0]
    verdict = cast(Verdict, shown["verdict"])  # enumerate_draws's results are plain dicts
    player = cast(str, verdict.player)  # a draw was needed: a sale was judged, so a player acts
    mills = sum(1 for a in turn.actions if isinstance(a, Sell) for s in a.sales if s.to == DISTANT)
    outcomes = [describe(r, position, player, data, mills) for r in results]
    for o in outcomes:
        o["whole_sale"] = o["legal"] and o["mills_sold"] == mills
    total = sum(r["count"] for r in results)
    success = sum((r["chance"] for r, o in zip(results, outcomes) if o["whole_sale"]), Fraction(0))
    verdict.outcomes = outcomes
    verdict.dcm = {
        "results": len(results),
        "sequences": total,
        "mills": mills,
        "draws_unstated": max(len(r["example"]) for r in results),
        "whole_sale_chance": f"{success.numerator}/{success.denominator}",
        "whole_sale_probability": float(success),
        "most_likely": 0,
    }
    which = "the most likely result" if not illegal else "the most likely result that makes it illegal"
    verdict.assumptions.insert(
        0,
        f"Distant Cotton Market tile(s) not stated: the verdict shown is for {which} "
        f"({tiles_text(shown['example'])}); every possible draw is listed under outcomes, "
        f"grouped by result",
    )
    if illegal and len(illegal) < len(results):
        bad = sum((r["chance"] for r in illegal), Fraction(0))
        verdict.assumptions.insert(
            0,
            f"legal or not depends on the Distant Cotton Market tile(s) drawn: illegal "
            f"with chance {bad.numerator}/{bad.denominator}, legal with chance "
            f"{(1 - bad).numerator}/{(1 - bad).denominator}",
        )
    verdict.legal = not illegal
    _outcome_rulings(verdict, [(r["chance"], r["example"], r["verdict"]) for r in results])
    return verdict


def _outcome_rulings(verdict: Verdict, results: list[tuple[Fraction, Sequence[int], Verdict]]) -> None:
    """A legal verdict over enumerated Distant Cotton Market draws relies on what decides any of
    them: a draw landing on a 0 space still sells (Q105); each mill of the action draws its own
    tile (Q109), even when the draw shown ends the action at X first."""
    if not verdict.legal:
        return
    from ...codes import cite
    from .. import game_of

    game = game_of(verdict.position)
    zero, per_mill = (
        cite(game, "RUL-DCM-SALE", k) for k in ("sell.distant-zero-space", "sell.distant-tile-per-mill")
    )
    pairs = []
    if any(("RUL-DCM-SALE", zero) in vd.also for _, _, vd in results):
        pairs.append(("RUL-DCM-SALE", zero))
    if any(len(ds) > 1 for _, ds, _ in results):
        pairs.append(("RUL-DCM-SALE", per_mill))
    new = [p for p in pairs if p not in verdict.also]
    if not new:
        return
    if "RUL-DCM-SALE" not in verdict.rules:
        verdict.rules.append("RUL-DCM-SALE")
    verdict.also.extend(new)
    verdict._rulings = None  # worked out again from the rules and pairs
