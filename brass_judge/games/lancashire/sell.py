"""The Sell action (rulebook: Sell Action; FAQ Q097-Q113).

Mill by mill, in the order given (Q097, Q110): an own unflipped cotton mill sells either to a
connected unflipped port, anyone's, which flips (its owner gains the port's income, Q031), or to
the Distant Cotton Market while its marker is not on X, through a connection to any port tile
(flipped or not) or an outside location (Q099-Q101). A Distant sale draws the top tile, moves the
marker down by its number and adds the bonus beside the new space in income spaces (Q102, Q103);
reaching X ends the whole action at once and that mill stays unflipped (Q106). Otherwise the
mill flips and gives its income.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from ...engine.board import distances_from, path_between, trade_reached
from ...engine.context import Judge, NeedChance
from ...model import DISTANT, Position, Tile
from .actions import Sale, Sell
from .dcm import marker_after, market_closed


class NeedDraw(NeedChance):
    """Raised when a Distant Cotton Market draw is unknown: the caller enumerates the tiles.
    ``pos`` is the working position at the draw (games/lancashire/dcm.py groups the draws by it)."""

    def __init__(self, pos: Any = None) -> None:
        super().__init__()
        self.pos: Any = pos


def unseen_dcm_tiles(pos: Position, data: Any) -> Counter[int]:
    """The face-down Distant Cotton Market tiles (the tiles for the player count minus those drawn)."""
    if pos.dcm_order is not None:
        return Counter(pos.dcm_order)
    c = Counter(data.dcm_tiles_for(pos.num_players))
    c.subtract(Counter(pos.dcm_drawn))
    return +c


def judge_sell(j: Judge, a: Sell) -> None:
    d, pos, me = j.data, j.pos, j.player
    sold = set()
    several = len(a.sales) > 1  # one Sell action, several mills (Q097)
    # destinations chosen mill by mill (Q110)
    mixed = several and len({s.to == DISTANT for s in a.sales}) > 1
    distant_sales = 0
    for n, sale in enumerate(a.sales):
        mloc = d.locations[sale.mill]
        where, space = sale.mill, sale.mill_space
        # the player's mills there, and the unflipped among them: one loop over the location's
        # tiles (not comprehensions: each is a call on 3.11)
        mills = []
        unflipped = []
        for t in pos.tiles_at(where):
            if t.owner == me and t.industry == "cotton_mill" and (space is None or t.space == space):
                mills.append(t)
                if not t.flipped:
                    unflipped.append(t)
        if not unflipped:
            if any((t.location, t.space) in sold for t in mills):
                j.violate("SEL007", priority=10, location=mloc.name)
            else:
                j.violate("SEL001", priority=10, player=me, location=mloc.name)
            continue
        mill = unflipped[0]
        if len(unflipped) > 1 and sale.mill_space is None:
            j.assume(
                f"{me} has {len(unflipped)} unflipped mills in {mloc.name}: sold the one on space {mill.space}"
            )
        dist = distances_from(pos, [mill.location])
        if sale.to != DISTANT:
            ploc = d.locations[sale.to]
            where, space = sale.to, sale.port_space
            ports = []
            free = []  # the unflipped among them (one loop, as the mills above)
            for t in pos.tiles_at(where):
                if t.industry == "port" and (space is None or t.space == space):
                    ports.append(t)
                    if not t.flipped:
                        free.append(t)
            if not ports:
                j.violate("SEL004", priority=10, location=ploc.name)
                continue
            if not free:
                # flipped by a sale earlier in this turn, or before it: say which (Q098)
                now = set(j.highlight.get("flipped", ()))
                mine = [t for t in ports if (t.location, t.space) in now]
                if mine:
                    j.violate("SEL009", priority=10, tile=j.tile_name(mine[0]), location=mloc.name)
                else:
                    j.violate("SEL003", priority=10, tile=j.tile_name(ports[0]))
                continue
            port = free[0]
            if sale.port_space is None and len({t.owner for t in free}) > 1:
                # the choice decides who gains the port's income (Q031): say it was made
                j.assume(
                    f"{len(free)} unflipped ports in {ploc.name}: sold to {j.tile_name(port)} (space "
                    f"{port.space}); name another with {sale.to}#N"
                )
            if sale.to not in dist:
                # an outside location on each side does not join them (Q057)
                def outside(reach: dict[str, int]) -> set[str]:
                    return {x for x in reach if d.locations[x].kind == "outside"}

                mine_side, port_side = outside(dist), outside(distances_from(pos, [sale.to]))
                split = bool(mine_side and port_side and mine_side != port_side)
                j.violate(
                    "SEL002", priority=15, location=mloc.name, port=ploc.name, also=("Q057",) if split else ()
                )
                continue
            if j.failed:
                continue
            also = []
            if port.owner != me:
                also.append("Q031")  # the port's owner gains its income
            if several:
                also.append("Q097")
            if sale.to == mill.location:
                also.append("Q054")  # a port in the mill's own town is connected
            if market_closed(pos.dcm_position):
                also.append("Q107")  # ports still buy once the Distant Cotton Market is closed
            j.rule("RUL-PORT-SALE", *also)
            if j.narrate:
                j.step(
                    f"the mill in {mloc.name} reaches the port in {ploc.name} ({dist[sale.to]} link(s): "
                    + " - ".join(j.loc(x) for x in path_between(pos, mill.location, sale.to))
                    + ")"
                )
                j.effect(
                    "sale",
                    f"{me} sells the mill in {mloc.name} to {j.tile_name(port)}",
                    mill=mill.location,
                    to=sale.to,
                    kind="port",
                )
            j.flip(port, "a cotton mill sold to it")
            j.flip(mill, "sold")
            sold.add((mill.location, mill.space))
            continue
        # --- the Distant Cotton Market ---------------------------------------------------
        if market_closed(pos.dcm_position):
            # closed since before this action: this sale is illegal; the other sales are still
            # judged so that every problem is reported (the marker cannot move back this action)
            if not j.reported("SEL005"):
                j.violate("SEL005", priority=10)
            continue
        reached = trade_reached(pos, d, dist)
        if not reached:
            j.violate("SEL006", priority=15, location=mloc.name)
            continue
        via = min(reached, key=dist.__getitem__)  # the nearest (the first of the nearest)
        tile = sale.tile
        if pos.dcm_order:
            top = pos.dcm_order[0]
            if tile is not None and tile != top:
                unseen = unseen_dcm_tiles(pos, d)
                if unseen[tile] > 0:
                    # a tile of that number is still face down, just not on top (the recorded order)
                    j.violate(
                        "SEL010",
                        priority=10,
                        tile=tile,
                        top=top,
                        order=", ".join(str(x) for x in pos.dcm_order),
                    )
                else:
                    j.violate(
                        "SEL008",
                        priority=10,
                        tile=tile,
                        unseen=", ".join(str(x) for x in sorted(unseen.elements())) or "none",
                    )
                continue
            tile = top
        elif tile is not None:
            unseen = unseen_dcm_tiles(pos, d)
            if unseen[tile] <= 0:
                j.violate(
                    "SEL008",
                    priority=10,
                    tile=tile,
                    unseen=", ".join(str(x) for x in sorted(unseen.elements())) or "none",
                )
                continue
        elif j.forced_draws:
            tile = j.forced_draws.pop(0)
        else:
            if j.failed:
                continue
            raise NeedDraw(pos)
        if j.failed:
            continue
        distant_sales += 1
        # access through any port tile, flipped or not, or an outside location, which never flips (Q099-Q101)
        # (a loop, not a comprehension and any(): each is a call on 3.11)
        ports_there = unflipped_there = False
        for t in pos.tiles_at(via):
            if t.industry == "port":
                ports_there = True
                if not t.flipped:
                    unflipped_there = True
                    break
        if not ports_there:
            j.rule("RUL-DCM-VIA-PORT", "Q101")
        elif unflipped_there:
            j.rule("RUL-DCM-VIA-PORT", "Q099", "Q113")
        else:
            j.rule("RUL-DCM-VIA-PORT", "Q100")
        if j.narrate:
            j.step(
                f"the mill in {mloc.name} reaches the trade icon in {j.loc(via)}; Distant Cotton Market "
                f"tile: {tile}"
            )
        if pos.dcm_order:
            pos.dcm_order = pos.dcm_order[1:]  # replaced, never changed in place (Position.copy shares it)
        pos.dcm_drawn = pos.dcm_drawn + [tile]
        before = pos.dcm_position
        pos.dcm_position = marker_after(before, tile)
        if market_closed(pos.dcm_position):
            j.rule("RUL-DCM-X")
            if j.narrate:
                j.effect(
                    "dcm",
                    f"Distant Cotton Market tile {tile}: the marker moves {before}→X; the Sell action ends "
                    f"and the mill in {mloc.name} stays unflipped",
                    tile=tile,
                    marker=pos.dcm_position,
                    bonus=None,
                    mill=mill.location,
                )
                rest = a.sales[n + 1 :]
                if rest:
                    j.effect(
                        "dcm", f"{len(rest)} later sale(s) in this action are not made", skipped=len(rest)
                    )
            break
        bonus = d.dcm_track[pos.dcm_position - 1]
        also = ["Q102", "Q127"] if bonus else ["Q105"]  # the bonus, in income spaces; a 0 still sells
        if distant_sales > 1:
            also.append("Q109")  # each mill draws its own tile
        if mixed:
            also.append("Q110")
        if several:
            also.append("Q097")
        if pos.dcm_drawn.count(tile) > d.dcm_tiles.get(pos.num_players, ()).count(tile):
            also.append("Q131")  # a tile the Roxley set leaves out: the Classic setup uses all 12
        j.rule("RUL-DCM-SALE", *also)
        if j.narrate:
            j.effect(
                "dcm",
                f"Distant Cotton Market tile {tile}: the marker moves {before}→{pos.dcm_position}; "
                f"bonus +{bonus} income space(s)",
                tile=tile,
                marker=pos.dcm_position,
                bonus=bonus,
                mill=mill.location,
            )
        if bonus:
            j.advance_income(me, bonus, "the Distant Cotton Market bonus")
        j.flip(mill, "sold to the Distant Cotton Market")
        sold.add((mill.location, mill.space))


# ------------------------------------------------------------------------------ legal moves
#: Above this many unflipped mills, combined sales are listed only for pairs and for all mills.
MAX_SUBSET_MILLS = 5


def _sell_candidates(c: Any) -> Iterator[Sell]:
    pos, me = c.pos, c.me
    mills = [t for t in pos.tiles if t.owner == me and t.industry == "cotton_mill" and not t.flipped]
    if not mills:
        return
    ports = [t for t in pos.tiles if t.industry == "port" and not t.flipped]
    n_mills_at: dict[str, int] = {}
    for t in pos.tiles:
        if t.owner == me and t.industry == "cotton_mill":
            n_mills_at[t.location] = n_mills_at.get(t.location, 0) + 1
    n_ports_at: dict[str, int] = {}
    for t in pos.tiles:
        if t.industry == "port":
            n_ports_at[t.location] = n_ports_at.get(t.location, 0) + 1
    distant_open = not market_closed(pos.dcm_position)
    dests: dict[
        int, tuple[list[Tile], bool]
    ] = {}  # mill -> [port tiles in preference order] and distant flag
    for m in mills:
        dist = c.dist(m.location)
        reach = [p for p in ports if p.location in dist]
        reach.sort(key=lambda p: (p.owner != me, dist[p.location], p.location, p.space))
        distant = distant_open and bool(trade_reached(pos, c.data, dist, c.trade))
        dests[id(m)] = (reach, distant)

    def sale(m: Tile, to: str, port: Tile | None = None) -> Sale:
        ms = m.space if n_mills_at.get(m.location, 0) > 1 else None
        if port is None:
            return Sale(m.location, to, ms)
        ps = port.space if n_ports_at.get(port.location, 0) > 1 else None
        return Sale(m.location, to, ms, ps)

    card = c.one_card()
    for m in mills:
        reach, distant = dests[id(m)]
        for p in reach:
            yield Sell((sale(m, p.location, p),), card)
        if distant:
            yield Sell((sale(m, DISTANT),), card)
    if len(mills) < 2:
        return
    if len(mills) <= MAX_SUBSET_MILLS:
        groups = [g for k in range(2, len(mills) + 1) for g in combinations(mills, k)]
    else:
        groups = list(combinations(mills, 2)) + [tuple(mills)]
    for g in groups:
        used: set[tuple[str, int]] = set()
        port_sales: list[Sale] = []
        distant_sales: list[Sale] = []
        ok = True
        for m in g:
            reach, distant = dests[id(m)]
            pick = next((p for p in reach if (p.location, p.space) not in used), None)
            if pick is not None:
                used.add((pick.location, pick.space))
                port_sales.append(sale(m, pick.location, pick))
            elif distant:
                distant_sales.append(sale(m, DISTANT))
            else:
                ok = False
                break
        if ok:
            yield Sell(tuple(port_sales + distant_sales), card)


def sell_units(c: Any, max_rail_pairs: int) -> list[tuple[Sell]]:
    """The Sell candidates for ``brass-judge moves`` (:mod:`brass_judge.engine.moves`): every
    single-mill sale, and one combined sale per group of mills (see the moves module docstring)."""
    return [(a,) for a in _sell_candidates(c)]
