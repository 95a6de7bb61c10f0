"""The Build action (rulebook: Build Action, Overbuilding; FAQ Q012, Q051-Q095).

Order of the checks follows the rulebook: the card, the tile (lowest on the mat, its era), the
space (single-icon before shared, one own tile per location in the Canal Era, overbuilding),
then the cost with coal and iron, then placing, market sales and flips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..codes import cite
from ..games import game_of
from ..model import CANAL, Build, Position, Tile
from .board import distances_from, has_pieces_on_board, network_in_pieces, network_of, touches_network
from .context import Judge
from .mat import lowest_level, mat_of, take_from_mat
from .resources import sell_new_cubes, take_coal, take_iron


# ----- placement rules, each written once (the Build judge, validate and the moves prefilter ask)
def own_tile_limit(era: str) -> int | None:
    """The most tiles one player may have in one location in *era*: one in the Canal Era, no
    limit in the Rail Era (Q079)."""
    return 1 if era == CANAL else None


def own_tiles_in(
    pos: Position,
    player: str,
    location: str,
    replacing: Tile | None = None,
    *,
    here: Sequence[Tile] | None = None,
) -> int:
    """How many of *player*'s tiles are in *location*, not counting *replacing* (the tile a build
    overbuilds, which leaves); *here*: the location's tiles (``pos.tiles_at``), when the caller has
    them already."""
    if here is None:
        here = pos.tiles_at(location)
    n = 0
    for t in here:
        if t.owner == player and t is not replacing:
            n += 1
    return n


def full_at_own_tile_limit(era: str, own_here: int) -> bool:
    """Whether a player with *own_here* tiles in a location may add none there in *era*
    (:func:`own_tile_limit`)."""
    limit = own_tile_limit(era)
    return limit is not None and own_here >= limit


def at_own_tile_limit(pos: Position, player: str, location: str, replacing: Tile | None = None) -> bool:
    """Whether *player* may not add a tile in *location* (replacing *replacing*, when an overbuild)
    because of the one-own-tile limit of the era (:func:`own_tile_limit`)."""
    if own_tile_limit(pos.era) is None:
        return False
    return full_at_own_tile_limit(pos.era, own_tiles_in(pos, player, location, replacing))


def may_overbuild_others(data: Any, tile: Tile) -> bool:
    """Whether another player's *tile* may be overbuilt at all: only a tile that carries a resource
    (mat.yaml ``resource``: coal mines and iron works), and then only once that resource is gone
    from the board and the market (BLD013, judged by the Build action)."""
    return bool(data.rules.others_may_overbuild(tile.industry))


def overbuild_candidate(data: Any, old: Tile, player: str, industry: str, level: int) -> bool:
    """Whether *player*'s level *level* *industry* tile may be built over *old*, as far as the tiles
    say: the same industry, a lower level, and the player's own or one that others may overbuild
    (:func:`may_overbuild_others`). Whether the resource is gone is the Build judge's question."""
    return (
        old.industry == industry
        and old.level < level
        and (old.owner == player or may_overbuild_others(data, old))
    )


def space_order(loc: Any, industry: str) -> tuple[tuple[Any, ...], tuple[Any, ...], bool]:
    """The spaces of location *loc* that take *industry* (``Location.spaces_for``), the order a
    build without space=N fills them (single-icon spaces first, then by number), and whether they
    mix single-icon and shared spaces; worked out once per location and industry."""
    got: tuple[tuple[Any, ...], tuple[Any, ...], bool] | None = loc._build_order.get(industry)
    if got is None:
        spaces = loc.spaces_for(industry)
        ordered = tuple(sorted(spaces, key=lambda s: (s.shared, s.index)))
        mixed = any(s.shared for s in spaces) and any(not s.shared for s in spaces)
        got = loc._build_order[industry] = (spaces, ordered, mixed)
    return got


def _tile_on(here: Sequence[Tile], space: int) -> Tile | None:
    """The tile on *space* among *here*, a location's tiles (``Position.tile_on`` without the
    search for the location)."""
    for t in here:
        if t.space == space:
            return t
    return None


def judge_build(j: Judge, a: Build) -> None:
    loc = j.data.locations[a.location]
    if not loc.spaces:
        j.violate("BLD018", priority=10, location=loc.name)
        return
    # the location's tiles, found once for the card check and the build (neither changes them)
    here = j.pos.tiles_at(a.location)
    anywhere, virtual_link = judge_build_card(j, a, here)
    build_tile(j, a, anywhere=anywhere, virtual_link=virtual_link, here=here)


def judge_build_card(j: Judge, a: Build, here: Sequence[Tile] | None = None) -> tuple[bool, bool]:
    """The card of a build (Lancashire's rules: a Location card, an Industry card, two cards for a
    Double Action Build); *here*: the location's tiles (``pos.tiles_at``), when the caller has them
    already. Returns (*anywhere*: the no-tiles Industry card rule applies, *virtual_link*:
    built through the Classic Virtual Link)."""
    d, pos, me = j.data, j.pos, j.player
    anywhere = False  # the no-tiles Industry card rule: any location, but only on a free space (Q074)
    virtual_link = (
        False  # Classic: built in Birkenhead through the Virtual Link, which carries no coal (Q129)
    )
    double = len(a.cards) == 2
    # a town whose cards are out at this player count can still be built in (Q003): asked only by
    # the rules that name the case (a Location card names its own town)
    if double:
        # Double Action Build: any two cards act as any Location card (Q077); uses both actions.
        if a.location in d.deck_for(pos.num_players):
            j.rule("RUL-DOUBLE-BUILD")
        else:
            j.rule("RUL-DOUBLE-BUILD", "build.location-without-card")
    elif a.cards:
        card = a.cards[0]
        if card in d.locations:
            if card != a.location:
                j.violate(
                    "BLD001",
                    priority=20,
                    card=j.card_name(card),
                    player=me,
                    location=d.locations[a.location].name,
                    industry=j.ind(a.industry),
                )
            else:
                # a Location card builds in its town even outside the network, which it joins (Q055)
                if touches_network(pos, me, (a.location,), here):
                    j.rule("RUL-CARD-LOCATION")
                else:
                    j.rule("RUL-CARD-LOCATION", "network.split-pieces")
        else:
            if card != a.industry:
                j.violate(
                    "BLD003",
                    priority=20,
                    card=j.card_name(card),
                    industry=j.ind(a.industry),
                    location=d.locations[a.location].name,
                )
            elif not has_pieces_on_board(pos, me):
                cardless = a.location not in d.deck_for(pos.num_players)
                # No industry or link tiles on the board: an Industry card builds anywhere (Q074;
                # in the Rail Era too, once every tile has gone, Q075).
                # in the Rail Era too, once every tile has gone (Q075); in a town whose cards are out (Q003)
                j.rule(
                    "RUL-CARD-NO-TILES",
                    *(("build.anywhere-in-rail-era",) if pos.era != CANAL else ()),
                    *(("build.location-without-card",) if cardless else ()),
                )
                anywhere = True
            elif touches_network(pos, me, (a.location,), here):  # in the network: asked without building it
                cardless = a.location not in d.deck_for(pos.num_players)
                also = []
                own_here = others_here = False
                for t in pos.tiles_at(a.location) if here is None else here:
                    if t.owner == me:
                        own_here = True
                    else:
                        others_here = True
                if own_here:
                    also.append(
                        "overbuild.own-tile-in-network"
                    )  # the player's own tile puts the town in the network
                else:
                    if others_here:
                        also.append(
                            "network.not-cut-off"
                        )  # others' tiles there do not take it out of the network
                    if network_in_pieces(pos, me):
                        also.append(
                            "network.split-pieces"
                        )  # a separate piece of the network is network all the same
                if cardless:
                    also.append("build.location-without-card")
                j.rule("RUL-CARD-INDUSTRY", *also)
            else:
                net = network_of(pos, me)
                # the variant's Virtual Link (from, to): *from* in the network lets an Industry card
                # build in *to* (Q129); the rules object says whether the variant has one
                vl = j.game.virtual_link
                if j.game.in_network(pos, me, a.location, net):  # the Virtual Link
                    j.rule("RUL-CARD-INDUSTRY", "virtual-link.what-it-does")
                    virtual_link = True
                    j.step(
                        f"Classic Virtual Link: {j.loc(vl[0])} is in the network, so an Industry card "
                        f"builds in {j.loc(vl[1])} "
                        f"({cite(game_of(j.pos), 'RUL-CARD-INDUSTRY', 'virtual-link.what-it-does')})"
                    )
                else:
                    # connected through others' links is not the same as in the network (Q052)
                    reach = distances_from(pos, [a.location])
                    also = ["network.via-others-links"] if any(x in net for x in reach) else []
                    if pos.era != CANAL and not any(l.owner == me for l in pos.links):
                        also.append(
                            "build.anywhere-in-rail-era"
                        )  # a surviving tile keeps the network: no build-anywhere
                    if vl is not None and a.location == vl[0] and vl[1] in net:
                        also.append("virtual-link.one-way")  # the Virtual Link does not work the other way
                    known = None if vl is not None else getattr(j.game, "known_virtual_link", None)
                    if known is not None and a.location == known[1] and known[0] in net:
                        also.append("virtual-link.not-standard")  # no Virtual Link in the standard rules
                    if not any(t.owner == me for t in pos.tiles):
                        also.append(
                            "build.anywhere-without-tiles"
                        )  # a link on the board is a piece too: no build-anywhere
                    j.violate(
                        "BLD002",
                        priority=20,
                        location=d.locations[a.location].name,
                        player=me,
                        also=tuple(also),
                    )

    return anywhere, virtual_link


def build_tile(
    j: Judge,
    a: Build,
    *,
    anywhere: bool = False,
    virtual_link: bool = False,
    here: Sequence[Tile] | None = None,
) -> None:
    """Everything of a build after its card: the tile (lowest on the mat, its era), the space, the
    one-tile limit, overbuilding, the cost with coal and iron, placing, market sales and flips.
    *anywhere*: the card was an Industry card with nothing on the board (no overbuilding; coal still
    needed); *virtual_link*: built through the Classic Virtual Link; *here*: the location's tiles
    (``pos.tiles_at``), when the caller has them already."""
    d, pos, me = j.data, j.pos, j.player
    game, narrate = j.game, j.narrate  # read once: asked all through the build
    loc = d.locations[a.location]
    ind_name = d.industry_names[a.industry]  # (Judge.ind, without the call: a str from the loader)

    # --- the tile: always the lowest level left on the mat (Q012) ------------------------
    mat = mat_of(j, me)
    level = lowest_level(mat, a.industry)
    if level is None:
        j.violate("BLD004", priority=10, player=me, industry=ind_name)
        return
    if a.level is not None and a.level != level:
        inferred = pos.player[me].mat is not None and any("mat not given" in x for x in j.assumptions)
        if inferred and a.level > level and mat[a.industry].get(a.level):
            j.assume(
                f"{me}'s mat was not given: took the claimed level {a.level} {ind_name} as the lowest left"
            )
            level = a.level
        else:
            replacing = a.space is not None and pos.tile_on(a.location, a.space) is not None
            j.violate(
                "BLD015",
                priority=15,
                player=me,
                industry=ind_name,
                lowest=level,
                level=a.level,
                also=("overbuild.same-industry-higher",) if replacing else (),
            )
    j.rule("RUL-LOWEST-TILE")
    spec = d.tile(a.industry, level)
    # a tile of an era it may be built in (``TileSpec.buildable_in``, without the call) is buildable
    # at all: whether it ever is, and why not now, are asked only of the rest
    if pos.era not in spec.eras:
        if not game.buildable_level(a.industry, level):  # never buildable (mat.yaml eras: [])
            j.violate("BLD005", priority=10, player=me)
            return
        fix = "wait for the Rail Era" if "rail" in spec.eras else "develop it away first"
        era_cases: tuple[str, ...] = (
            ("build.shipyard-eras",)
            if a.industry == "shipyard"
            else ("era.level1-removed",)
            if level == 1
            else ()
        )
        j.violate(
            "BLD006",
            priority=10,
            player=me,
            industry=ind_name,
            level=level,
            era=pos.era.title(),
            fix=fix,
            also=era_cases,
        )
    if narrate:
        j.step(
            f"{me} builds a level {level} {ind_name} (cost £{spec.cost}, {spec.coal} coal, {spec.iron} iron)"
        )

    # --- the space -------------------------------------------------------------------------
    # (space_order's kept answer read here: the call is made only the first time)
    spaces, ordered, mixed = loc._build_order.get(a.industry) or space_order(loc, a.industry)
    if not spaces:
        j.violate("BLD007", priority=10, location=loc.name, industry=ind_name, free="")
        return
    old = None
    if here is None:  # the location's tiles before the build (spaces, own tiles)
        here = pos.tiles_at(a.location)
    if a.space is not None:
        if a.space >= len(loc.spaces) or a.industry not in loc.spaces[a.space].industries:
            j.violate(
                "BLD016",
                priority=15,
                location=loc.name,
                space=a.space,
                industry=ind_name,
                spaces=", ".join(f"#{s.index}" + (" (shared)" if s.shared else "") for s in spaces),
            )
            return
        target = loc.spaces[a.space]
        old = _tile_on(here, target.index)
        if old is None and target.shared:
            single = [s for s in spaces if not s.shared and _tile_on(here, s.index) is None]
            if single:
                j.violate(
                    "BLD008",
                    priority=15,
                    location=loc.name,
                    space=target.index,
                    industry=ind_name,
                    single=single[0].index,
                )
    else:
        free = None
        if not here:  # most builds go to an empty location: its first space in the order
            free = ordered[0]
        else:
            for s in ordered:
                if _tile_on(here, s.index) is None:
                    free = s
                    break
        if free is not None:
            target = free
            if mixed:
                j.rule("RUL-SPACE-SINGLE-FIRST")
        else:
            on = [_tile_on(here, s.index) for s in spaces]
            cands = [t for t in on if t is not None and t.industry == a.industry]
            eligible = [t for t in cands if overbuild_candidate(d, t, me, a.industry, level)]
            own = [t for t in eligible if t.owner == me]
            other = [t for t in eligible if t.owner != me]
            pickable = own or other or cands
            if not pickable:
                j.violate("BLD007", priority=10, location=loc.name, industry=ind_name, free="free ")
                return
            old = pickable[0]
            target = loc.spaces[old.space]
            j.assume(
                f"no free {ind_name} space in {loc.name}: taken as overbuilding {j.tile_name(old)} "
                f"(space {old.space}); name another with space=N"
            )

    # --- the no-tiles rule builds on an undeveloped space only, never overbuilds (Q074) -------
    if anywhere and old is not None:
        j.violate("BLD002", priority=20, location=loc.name, player=me, also=("build.anywhere-without-tiles",))

    # --- Canal Era: at most one own tile per location (Q079) --------------------------------
    # counted once, for the limit and the rule below; none in an empty location, and with none
    # there no limit is reached
    own_here = own_tiles_in(pos, me, a.location, old, here=here) if here else 0
    if own_here and full_at_own_tile_limit(pos.era, own_here):
        j.violate("BLD009", priority=15, player=me, location=loc.name)
    elif own_here:
        j.rule("RUL-RAIL-SAME-TOWN")  # the Rail Era lifts the limit (Q079)

    # --- overbuilding (Q083-Q095) -----------------------------------------------------------
    if old is not None:
        ok = True
        if old.industry != a.industry:
            j.violate("BLD022", priority=15, location=loc.name, space=old.space, tile=j.tile_name(old))
            return
        if old.level >= level:
            j.violate("BLD014", priority=15, tile=j.tile_name(old), level=level, industry=ind_name)
            ok = False
        if old.owner != me:
            resource = d.tile(old.industry, old.level).resource  # what the tile carries, if anything
            if not may_overbuild_others(d, old):
                j.violate("BLD012", priority=15, tile=j.tile_name(old), owner=old.owner)
                ok = False
            else:
                board = pos.cubes_on_board(old.industry)
                market = pos.markets.get(resource, 0)
                if board or market:
                    where = ", ".join(
                        x
                        for x in (
                            f"{board} on the board" if board else "",
                            f"{market} in the {resource.title()} Market" if market else "",
                        )
                        if x
                    )
                    j.violate(
                        "BLD013",
                        priority=25,
                        tile=j.tile_name(old),
                        cubes=board + market,
                        resource=resource,
                        where=where,
                    )
                    ok = False
                elif ok:
                    also = []
                    others = [
                        (ind, tiles[0].resource)
                        for ind, tiles in d.mat.items()
                        if tiles[0].resource not in (None, resource)
                    ]
                    if any(pos.cubes_on_board(ind) or pos.markets.get(r, 0) for ind, r in others):
                        also.append(
                            "overbuild.only-own-resource-gone"
                        )  # only this tile's resource has to be gone
                    if any(
                        pos.tile_on(k, s.index) is None
                        for k, l in d.locations.items()
                        for s in l.spaces_for(a.industry)
                    ):
                        also.append(
                            "overbuild.no-empty-space-rule"
                        )  # free spaces elsewhere do not prevent it
                    if resource == "iron" and any(type(x).__name__ == "Develop" for x in j.earlier_actions):
                        also.append("overbuild.after-develop")  # this turn's Develop took the last iron
                    j.rule("RUL-OVERBUILD-OPPONENT", *also)
                    j.overbuilt_opponent = True
        elif ok:
            also = []
            if old.flipped:
                also.append("overbuild.new-tile-unflipped")  # the new tile goes in unflipped
                if old.industry == "port":
                    also.append("overbuild.own-flipped-port")  # so a port can take another sale
            j.rule("RUL-OVERBUILD-OWN", *also)
        if ok and len(a.cards) == 2:
            j.rule("RUL-DOUBLE-BUILD", "overbuild.double-build")  # a Double Action Build can overbuild
        if ok:
            j.rule("RUL-OVERBUILD-REMOVED")
            pos.remove_tile(old)
            j.mark("removed", (old.location, old.space))
            if narrate:
                j.effect(
                    "tile-removed",
                    f"{j.tile_name(old)} is overbuilt and leaves the game"
                    + (
                        f" ({game.load_text(d.tile(old.industry, old.level), old.cubes)} to the supply)"
                        if old.cubes
                        else ""
                    ),
                    location=old.location,
                    space=old.space,
                    owner=old.owner,
                    industry=old.industry,
                    level=old.level,
                    cubes=old.cubes,
                )

    # --- cost, coal and iron ----------------------------------------------------------------
    cost = spec.cost
    if spec.resource == "coal":  # a coal mine
        j.rule("RUL-MINE-NO-COAL-COST")
    if spec.coal or spec.iron:  # (most tiles need neither: nothing below to make for them)
        illegal_so_far = j.failed
        # what the cubes are for, named once for all of them (most tiles need one or two)
        consumer = f"the {ind_name} in {loc.name}"
        sites = (a.location,)
        for _ in range(spec.coal):
            price = take_coal(j, sites, consumer, a.coal_from, dry_run=illegal_so_far)
            if price is None:
                # one reason, the real one: in the Canal Era no canal reaches a rail-only town, so no
                # coal can get there at all; the Canal Era shipyard can only be Liverpool's (Q080)
                if pos.era == CANAL and a.location in d.graphs.rail_only:
                    code = game.coal_unreachable_code(a.industry)
                    if code is not None:  # the game's own code for this industry (Lancashire: BLD021)
                        j.violate(code, priority=20, location=loc.name)
                    else:
                        j.violate("BLD025", priority=20, location=loc.name, industry=ind_name, need=spec.coal)
                else:
                    j.violate(
                        "BLD011",
                        priority=20,
                        location=loc.name,
                        need=spec.coal,
                        and_market=" and to no market trade icon",
                        also=(("build.anywhere-still-needs-coal",) if anywhere else ())
                        + (("virtual-link.what-it-does",) if virtual_link else ()),
                    )
                break  # the next cube would fail the same way
            else:
                cost += price
                if anywhere:
                    j.rule(
                        "RUL-CARD-NO-TILES", "build.anywhere-still-needs-coal"
                    )  # the no-tiles rule still needs coal
        for _ in range(spec.iron):
            cost += take_iron(j, consumer, a.iron_from, dry_run=illegal_so_far)
    if a.coal_from or a.iron_from:
        for res, named, need in (("coal", a.coal_from, spec.coal), ("iron", a.iron_from, spec.iron)):
            if named and not need:  # said, so not dropped silently
                j.assume(f"{res}={','.join(named)} was not used: the level {level} {ind_name} needs no {res}")
    money = pos.player[me].money
    if money < cost:
        # an overbuild costs the full price too (Q087)
        short = cost - money
        # own tiles that would raise the money if sold, which the rules do not allow (Q034)
        sellable = sum(
            d.tile(t.industry, t.level).cost // 2 for t in pos.tiles if t.owner == me and t is not old
        )
        j.violate(
            "BLD010",
            priority=5,
            player=me,
            money=money,
            cost=cost,
            short=short,
            also=(("overbuild.full-cost",) if old is not None else ())
            + (("income.sell-tiles-for-money",) if sellable >= short else ()),
        )
    if j.failed:
        return
    j.pay(cost, f"the level {level} {ind_name} in {loc.name}" if narrate else "")

    # --- place the tile -------------------------------------------------------------------
    take_from_mat(mat, a.industry, level)
    cubes = game.cubes_when_built(spec, pos.era)
    t = Tile(a.location, target.index, me, a.industry, level, False, cubes)
    pos.add_tile(t)
    j.mark("placed", (t.location, t.space))
    if narrate:
        j.effect(
            "tile-placed",
            f"{me} places a level {level} {ind_name} on {loc.name} space {target.index}"
            + (f" with {game.load_text(spec, cubes)}" if cubes else ""),
            location=t.location,
            space=t.space,
            owner=me,
            industry=a.industry,
            level=level,
            cubes=cubes,
        )
    game.on_built(j, t)
    if spec.resource is not None and spec.resource in d.markets:
        sell_new_cubes(j, t)
