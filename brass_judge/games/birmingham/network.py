"""The Network action in Brass: Birmingham (rulings B038-B041, B032, B050).

The shared judge (:mod:`brass_judge.engine.links`) places the links, since the rules are the same:
each on a free line of the era's type (B038) touching the player's network, which grows with each
link placed; a canal for £3, one per action (B039); a rail for £5, or two for £15 (B040), each rail
taking 1 coal that it reaches once placed, the first unable to count on the second (B041). With
none of the player's tiles or links on the board the first link may go on any line (B032, the rules
hook :meth:`BirminghamRules.link_without_network`); a rail laid so still needs its coal.

What Birmingham adds is judged here: two rails also consume one beer (B040), from a Brewery, never
a merchant's barrel: the player's own unflipped Brewery, anywhere, or an opponent's connected to
the second rail once it is placed (B037). The beer the action names (``beer=``) is checked; when
none is named the judge takes it from the first brewery that can give it (own breweries first, then
the nearest opponent's) and says so. The Kidderminster-Worcester line touches the southern farm
brewery as well (B050): placing it joins all three to the network.
"""

from __future__ import annotations

from typing import Any, cast

from ...engine.context import Judge
from ...engine.links import judge_network as place_links
from ...model import RAIL
from .beer import named_brewery, take_barrel, usable_breweries
from .model import MERCHANT_BEER, Network


def judge_network(j: Judge, a: Network) -> None:
    before = len(j.pos.links)
    place_links(j, cast(Any, a))
    if j.failed:
        return
    placed = [l.line for l in j.pos.links[before:]]
    # the price paid: the shared RUL-LINK-COST cites no Birmingham ruling, the era's price does
    j.rule("RUL-RAIL-COST" if j.pos.era == RAIL else "RUL-CANAL-COST")
    if any(len(j.data.lines[key].ends) == 3 for key in placed):
        j.rule("RUL-FARM-LINK")
    needs = j.game.link_resources(j.pos.era, len(placed)).get("beer", 0)
    named = tuple(a.beer_from or ())
    if not needs:
        if named:
            kind = j.pos.links[-1].kind
            j.violate("NET104", priority=20, what=f"beer is named, but one {kind} takes no beer")
        return
    _rail_beer(j, placed, named, needs)


def _rail_beer(j: Judge, placed: list[str], named: tuple[str, ...], needs: int) -> None:
    """Two rails take *needs* (1) beer from a brewery: own anywhere, an opponent's connected to the
    second rail (its ends, with the rail placed)."""
    second = placed[-1]
    sites = list(j.data.lines[second].ends)
    where = f"the second rail ({j.line_name(second)})"
    consumer = f"the two rails ({' and '.join(j.line_name(k) for k in placed)})"
    if len(named) > needs:
        j.violate(
            "NET104", priority=20, what=f"{len(named)} beers are named, but two rails take {needs} beer"
        )
        return
    for i in range(needs):
        ref = named[i] if i < len(named) else None
        if ref is not None and ref.strip().lower() == MERCHANT_BEER:
            j.violate("NET102", priority=20)
            return
        if ref is not None:
            tile, why = named_brewery(j, ref, sites, where)
            if tile is None:
                j.violate("NET103", priority=20, why=why)
                return
        else:
            options = usable_breweries(j, sites)
            if not options:
                j.violate("NET101", priority=20, player=j.player, line=j.line_name(second))
                return
            tile = options[0]
            if len(options) > 1:
                j.assume(
                    f"no beer named for {consumer}: assumed 1 beer from {j.tile_name(tile)}; name another "
                    f"brewery with beer=LOCATION[#SPACE]"
                )
        j.rule("RUL-RAIL-BEER")
        take_barrel(j, tile, consumer)
