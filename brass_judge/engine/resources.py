"""Coal and iron: where a consumed cube comes from, what it costs, and selling new cubes to the
markets (rulebook: Consuming Coal, Consuming Iron, Moving Coal and Iron to the Market).

Coal: the closest connected unflipped coal mine, anyone's, free, counted in link tiles (same
location = 0; Q060, Q053, Q054); only when no mine is connected, the Coal Market through a
connection to a trade icon, cheapest first, £5 when empty (Q061, Q062, Q015, Q065); otherwise
there is no coal. Iron: any unflipped iron works, no connection, free (Q063); only when the board
has none, the Iron Market, cheapest first, £5 when empty, no connection needed (Q064, Q065).
Consumed cubes return to the general supply (Q068). A market holding ``k`` cubes has them on its
``k`` most expensive spaces, so buying pays ``prices[8-k]`` and selling fills ``prices[7-k]``.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..model import COAL, IRON, MARKET, Tile
from .board import (
    Adjacency,
    distances_from,
    link_adjacency,
    outside_apart,
    own_link_adjacency,
    trade_locations,
    trade_reached,
    within_links,
)
from .context import Judge


def market_buy_price(data: Any, cubes: int, market: str) -> int:
    m = data.markets[market]
    if cubes <= 0:
        return int(m.empty_price)
    return int(m.prices[len(m.prices) - cubes])


def market_sell_price(data: Any, cubes: int, market: str) -> int | None:
    prices = data.markets[market].prices
    if cubes >= len(prices):
        return None
    return int(prices[len(prices) - cubes - 1])


def _take_cube(j: Judge, t: Tile, resource: str, consumer: str) -> None:
    t = j.pos.own_tile(t)
    t.cubes -= 1
    if j.narrate:
        j.effect(
            "cube",
            f"1 {resource} from {j.tile_name(t)} for {consumer} (free; to the supply)",
            resource=resource,
            source="tile",
            location=t.location,
            space=t.space,
            owner=t.owner,
            cubes_left=t.cubes,
        )
    j.rule("RUL-CUBES-TO-SUPPLY")
    if t.cubes == 0:
        j.flip(t, f"its last {resource} cube was taken" if j.narrate else "")


def coal_sources(
    j: Judge, sites: Collection[str], adj: Adjacency | None = None, with_coal: list[Tile] | None = None
) -> tuple[dict[str, int], list[Tile]]:
    """(distance map from *sites*, unflipped coal mines with cubes connected to them, closest first);
    *with_coal*: every unflipped mine with cubes (:func:`_mines_with_coal`), when the caller has them."""
    dist = distances_from(j.pos, sites, adj)
    if with_coal is None:
        with_coal = _mines_with_coal(j)
    mines = []  # (a loop, not a comprehension: the mines are few)
    for t in with_coal:
        if t.location in dist:
            mines.append(t)
    if len(mines) > 1:  # most often one mine or none: nothing to sort
        mines.sort(key=lambda t: (dist[t.location], t.location, t.space))
    return dist, mines


def _mines_with_coal(j: Judge) -> list[Tile]:
    """The unflipped coal mines on the board with cubes on them, connected or not, in board order."""
    mine = j.data.coal_industry  # (resource_industry(COAL), kept on the data)
    found = []  # (a loop, not a comprehension: on 3.11 that is a call more, for every cube)
    for t in j.pos.tiles_of(mine):
        if not t.flipped and t.cubes > 0:
            found.append(t)
    return found


def _mine_beyond_outside(j: Judge, sites: Collection[str], with_coal: list[Tile]) -> bool:
    """A mine with coal (*with_coal*: :func:`_mines_with_coal`) reached only through another outside
    location than the sites reach: it is not connected, so the coal is bought (Q057)."""
    return bool(with_coal) and outside_apart(j.pos, j.data, sites, {t.location for t in with_coal})


def take_coal(
    j: Judge,
    sites: Collection[str],
    consumer: str,
    chosen: tuple[str, ...] | None = None,
    *,
    dry_run: bool = False,
) -> int | None:
    """Consume one coal for something at *sites* (one location, or the two ends of a new rail).

    Returns the money the coal costs (0 from a mine), or None when no coal can be had.
    Records the source, cost, the rule and (for ties) the assumption and alternatives.
    """
    with_coal = _mines_with_coal(j)
    at_site = []  # (a loop, not a comprehension: the mines are few, and this is asked for every cube)
    if with_coal and not (chosen or j.narrate):
        for t in with_coal:
            if t.location in sites:
                at_site.append(t)
    if at_site:
        # a mine at the site itself is zero links away, closer than any other can be (Q060): the
        # distances to the rest are worked out only when narrated or when a source is named
        dist, mines = dict.fromkeys(sites, 0), at_site
        if len(mines) > 1:
            mines.sort(key=lambda t: (t.location, t.space))
    else:
        dist, mines = coal_sources(j, sites, link_adjacency(j.pos), with_coal)
    # the trade icons connected, in order: asked only when no mine is connected (with one, only
    # whether any is reached, below)
    reach = [] if mines else trade_reached(j.pos, j.data, dist)
    # coal=market asks for market coal: allowed only when no mine is connected (Q061)
    market_named = False
    if chosen:  # (most actions name no source)
        market_named = MARKET in chosen
        chosen = tuple(c for c in chosen if c != MARKET) or None
    if mines:
        best = dist[mines[0].location]
        closest = mines
        if len(mines) > 1:  # the mines as close as the closest (a loop: asked for every cube)
            closest = []
            for t in mines:
                if dist[t.location] == best:
                    closest.append(t)
        pick = closest[0]
        named_used = False
        if chosen:
            # a named mine is used for this cube when it is one of the closest; a name that fits
            # none of the action's cubes is reported when the action ends (Judge.finish_action)
            named = [t for t in mines if t.location in chosen]
            good = [t for t in named if dist[t.location] == best]
            if good:
                pick, named_used = good[0], True
                j.named_source("coal", used=True)
            else:
                _named_coal_unusable(
                    j,
                    chosen,
                    consumer,
                    ", ".join(sorted({j.loc(t.location) for t in closest})),
                    [t for t in named if t not in good],
                )
        if not named_used and market_named:
            j.named_source(
                "coal",
                code="BLD023",
                consumer=consumer,
                mines=", ".join(dict.fromkeys(j.tile_name(t) for t in closest)),
            )
        tie = False  # two or more places equally close (a loop: asked for every cube with two or more)
        if not named_used and len(closest) > 1:
            for t in closest:
                if t.location != pick.location or t.space != pick.space:
                    tie = True
                    break
        if tie:
            # the alternatives named in one pass (a loop: this text is made at every tie); a mine
            # in the same location as the one taken is told apart by its space, and so is that one
            alts = []
            same = False
            for t in closest[1:]:
                if t.location == pick.location:
                    same = True
                    alts.append(f"{j.tile_name(t)} (space {t.space})")
                else:
                    alts.append(j.tile_name(t))
            j.assume(
                f"two or more coal mines are equally close ({best} link(s)) for {consumer}: took "
                f"{j.tile_name(pick)}{f' (space {pick.space})' if same else ''}; alternatives: "
                f"{', '.join(alts)} (name one with coal=LOCATION)"
            )
        if j.narrate:
            j.step(
                f"coal for {consumer}: connected unflipped mines by distance: "
                + ", ".join(f"{j.loc(t.location)} ({dist[t.location]})" for t in mines)
            )
        if best == 0:
            j.rule("RUL-COAL-SAME-TOWN")
        else:
            also = []
            # the coal runs along someone else's link when the player's own links alone do not
            # bring the mine as close (Q053); a mine off the player's own links is not reached
            # along them at all (no search needed), and the search stops at *best* links
            own = own_link_adjacency(j.pos, j.player)
            if pick.location not in own or not within_links(own, sites, pick.location, best):
                also.append("coal.own-links-only")
            if not trade_locations(j.pos, j.data).isdisjoint(dist):
                also.append(
                    "coal.market-when-allowed"
                )  # a connected mine must be used even with a trade icon in reach
            j.rule("RUL-COAL-MINE", *also)
        if not dry_run:
            # for the verdict picture: the route is traced only when a picture is drawn
            j.mark("coal_from", (pick.location, tuple(sites)))
            _take_cube(j, pick, "coal", consumer)
        return 0
    if chosen:
        _named_coal_unusable(j, chosen, consumer, "none is connected, so the Coal Market", [])
    if j.narrate:
        j.step(
            f"coal for {consumer}: no connected unflipped coal mine; {j.game.trade_places} connected: "
            + (", ".join(j.loc(l) for l in reach) or "none")
        )
    if not reach:
        return None
    if market_named:
        j.named_source("coal", used=True)
    price = market_buy_price(j.data, j.pos.coal_market, "coal")
    ports = [t for t in j.pos.tiles_at(reach[0]) if t.industry == "port"]
    # a port's trade icon, either side up (Q062); buying through it does not flip it (Q113)
    j.rule(
        "RUL-COAL-MARKET",
        *(("coal.market-through-flipped-port",) if ports else ()),
        *(("port.not-flipped-by-use",) if any(not t.flipped for t in ports) else ()),
        *(("network.outside-not-joined",) if _mine_beyond_outside(j, sites, with_coal) else ()),
    )
    if j.pos.coal_market <= 0:
        j.rule("RUL-MARKET-EMPTY")
    if not dry_run:
        if j.pos.coal_market > 0:
            j.pos.coal_market -= 1
        if j.narrate:
            j.effect(
                "cube",
                f"1 coal bought from the Coal Market for £{price} for {consumer} "
                f"({j.game.coal_market_via(j.loc(reach[0]))})",
                resource="coal",
                source="market",
                price=price,
                market_cubes=j.pos.coal_market,
            )
    return price


def _named_coal_unusable(
    j: Judge, chosen: tuple[str, ...], consumer: str, closest: str, farther: list[Tile]
) -> None:
    """coal= names no source this cube may use. A coal mine there that the rules rule out (farther,
    not connected, flipped or empty) is BLD019 unless another cube of the action uses it; a name
    with no coal mine at all is not a choice the rules know: it is set aside, with an assumption."""
    mine = j.data.resource_industry(COAL)
    there = farther or [t for t in j.pos.tiles if t.industry == mine and t.location in chosen]
    if there:
        j.named_source(
            "coal",
            code="BLD019",
            closest=closest,
            chosen=", ".join(dict.fromkeys(j.loc(t.location) for t in there)),
        )
    else:
        j.named_source(
            "coal",
            assumption=f"coal={','.join(chosen)} names no coal mine for {consumer}: the choice "
            f"was not used (coal from: {closest})",
        )


def take_iron(
    j: Judge, consumer: str, chosen: tuple[str, ...] | None = None, *, dry_run: bool = False
) -> int:
    """Consume one iron; return its cost (0 from an iron works)."""
    ironworks = j.data.iron_industry  # (resource_industry(IRON), kept on the data)
    works = []  # (a loop, not a comprehension: on 3.11 that is a call more, for every cube)
    for t in j.pos.tiles_of(ironworks):
        if not t.flipped and t.cubes > 0:
            works.append(t)
    # iron=market asks for market iron: allowed only when the board has none (Q064)
    market_named = False
    if chosen:  # (most actions name no source)
        market_named = MARKET in chosen
        chosen = tuple(c for c in chosen if c != MARKET) or None
    if works:
        if len(works) > 1:  # most often one works: nothing to sort
            works.sort(key=lambda t: (t.location, t.space))
        pick = works[0]
        named = [t for t in works if t.location in chosen] if chosen else []
        if named:
            pick = named[0]
            j.named_source("iron", used=True)
        elif chosen:
            # e.g. the named works ran dry on an earlier cube: any other works will do (Q063)
            _named_iron_unusable(j, chosen, consumer)
        if not named and market_named:
            j.named_source(
                "iron", code="BLD024", consumer=consumer, works=", ".join(j.tile_name(t) for t in works)
            )
        mixed = False  # works of two or more owners to choose from (a loop: asked for every cube with two or more)
        if not named and len(works) > 1:
            for t in works:
                if t.owner != pick.owner:
                    mixed = True
                    break
        if mixed:
            j.assume(
                f"iron for {consumer}: took it from {j.tile_name(pick)}; any unflipped iron works may be used "
                f"(alternatives: {', '.join(j.tile_name(t) for t in works[1:])}; name one with iron=LOCATION)"
            )
        # board iron must be used even when it flips an opponent's iron works (Q064)
        if pick.owner != j.player:
            j.rule("RUL-IRON-WORKS", "iron.market-instead-of-opponent")
        else:
            j.rule("RUL-IRON-WORKS")
        if j.narrate:
            j.step(
                f"iron for {consumer}: unflipped iron works with iron: "
                + ", ".join(j.tile_name(t) for t in works)
            )
        if not dry_run:
            _take_cube(j, pick, "iron", consumer)
        return 0
    price = market_buy_price(j.data, j.pos.iron_market, "iron")
    if chosen:
        _named_iron_unusable(j, chosen, consumer, market=True)
    if market_named:
        j.named_source("iron", used=True)
    j.rule("RUL-IRON-MARKET")
    if j.pos.iron_market <= 0:
        j.rule("RUL-MARKET-EMPTY")
    if j.narrate:
        j.step(f"iron for {consumer}: no iron on the board; Iron Market price £{price}")
    if not dry_run:
        if j.pos.iron_market > 0:
            j.pos.iron_market -= 1
        if j.narrate:
            j.effect(
                "cube",
                f"1 iron bought from the Iron Market for £{price} for {consumer}",
                resource="iron",
                source="market",
                price=price,
                market_cubes=j.pos.iron_market,
            )
    return price


def _named_iron_unusable(j: Judge, chosen: tuple[str, ...], consumer: str, *, market: bool = False) -> None:
    """iron= names no works with iron: an iron works there (flipped or empty) is BLD020 unless another
    cube of the action uses it; a name with no iron works at all is set aside, with an assumption."""
    if any(t.industry == j.data.resource_industry(IRON) and t.location in chosen for t in j.pos.tiles):
        j.named_source("iron", code="BLD020", chosen=", ".join(j.loc(c) for c in chosen))
    else:
        j.named_source(
            "iron",
            assumption=f"iron={','.join(chosen)} names no iron works for {consumer}: the choice "
            "was not used" + (" (no iron is left on the board: the Iron Market)" if market else ""),
        )


def sell_new_cubes(j: Judge, t: Tile) -> None:
    """A new iron works, or a coal mine connected to a trade icon, moves as many cubes as fit into
    its market, most expensive empty spaces first, and its owner collects the prices (Q070, Q071)."""
    t = j.pos.own_tile(t)
    resource = j.data.tile(t.industry, t.level).resource
    through_trade = j.game.sells_through_trade(resource)
    through: list[str] = []  # the trade icons the new tile reaches, when it sells only through one
    if through_trade:
        through = trade_reached(j.pos, j.data, distances_from(j.pos, [t.location], link_adjacency(j.pos)))
        if not through:
            # the rule still decides: an unconnected mine keeps its cubes, for good (Q070, Q071)
            j.rule("RUL-MARKET-SALE", "market.mine-connected-later")
            if j.narrate:
                j.step(
                    f"the new coal mine in {j.loc(t.location)} is not connected to {j.game.trade_place}: its cubes stay on it"
                )
            return
    markets = j.pos.markets
    held = markets.get(resource, 0)  # the market's cubes, written back once
    earned = 0
    moved = 0
    while t.cubes > 0:
        price = market_sell_price(j.data, held, resource)
        if price is None:
            break
        held += 1
        t.cubes -= 1
        earned += price
        moved += 1
    if moved:
        markets[resource] = held
    # sold through an unflipped port, and through no outside location (loops: no generator each)
    via_port = False
    if moved and through:
        locations = j.data.locations
        for x in through:
            if locations[x].kind == "outside":
                break
        else:
            for p in j.pos.tiles_of("port"):
                if not p.flipped and p.location in through:
                    via_port = True
                    break
    if via_port:
        j.rule("RUL-MARKET-SALE", "port.not-flipped-by-use")  # selling through a port does not flip it
    else:
        j.rule("RUL-MARKET-SALE")
    if moved and j.overbuilt_opponent:
        j.rule(
            "RUL-OVERBUILD-OPPONENT", "overbuild.sells-to-market"
        )  # the new tile sells into the emptied market
    if moved:
        j.pos.own_player(t.owner).money += earned
        if j.narrate:
            j.effect(
                "market-sale",
                f"{moved} {resource} cube(s) move from the new {j.ind(t.industry)} to the "
                f"{resource.title()} Market; {t.owner} collects £{earned}",
                resource=resource,
                cubes=moved,
                money=earned,
                owner=t.owner,
                market_cubes=markets[resource],
            )
    elif j.narrate:
        j.step(f"the {resource.title()} Market is full: no cubes move")
    if t.cubes == 0:
        j.flip(t, f"all its {resource} went to the market" if j.narrate else "")
