"""The Network action (rulebook: Network Action; FAQ Q008, Q051, Q118-Q124).

Canal Era: one canal for £3 per action, no coal. Rail Era: one rail for £5 or two for £15 in
one action, each placed in turn and each taking 1 coal reachable from either end after it is
placed (Q123, Q124). Every link must touch the player's network (which grows with each link
placed, Q051, Q119), lie on a free line (Q120) of the era's type, and the player must have a link
tile left (14 per player, Q008).
"""

from __future__ import annotations

from typing import Any

from ..model import CANAL, RAIL, Link, Network
from .board import (
    distances_from,
    link_maps,
    network_of,
    outside_locations,
    place_link,
    touches_network,
)
from .context import Judge
from .resources import take_coal


def judge_network(j: Judge, a: Network) -> None:
    d, pos, me = j.data, j.pos, j.player
    era = pos.era
    kind = CANAL if era == CANAL else RAIL
    n = len(a.lines)
    if a.link_type is not None and a.link_type != kind:
        j.violate("NET010", priority=5, kind=a.link_type, era=era.title())
        return
    if len(a.cards) == 2:
        # the two-card (Double Action) build only builds industry tiles (Q122)
        j.violate("NET009", priority=5)
        return
    if n > 1 and len(set(a.lines)) != n:
        j.violate("NET008", priority=10, line=j.line_name(a.lines[0]))
        return
    rules = j.game
    cost = rules.link_cost(era, n)
    if cost is None:
        if era == CANAL:
            j.violate("NET004", priority=10, what="the Canal Era allows one canal per Network action, not 2")
            return
        cost = rules.link_cost(era, rules.max_links(era)) or 0  # more than the most: reported below
    p = pos.player[me]
    left = p.links_left if p.links_left is not None else d.links_per_player - len(pos.own_links(me))
    if left < n:
        j.violate("NET005", priority=10, player=me)
        return
    j.rule("RUL-LINK-COST")
    if p.money < cost:
        j.violate(
            "NET006",
            priority=5,
            player=me,
            money=p.money,
            cost=cost,
            short=cost - p.money,
            also=rules.link_cost_rulings(era),
        )
    coal_cost = 0
    outside = outside_locations(d)
    for i, key in enumerate(a.lines):
        line = d.lines[key]
        # a link on the line joins its ends in the board's link map: the list of links is searched
        # only when they are joined (by this line, or by another between the same places)
        ends = line.ends
        adj, own = link_maps(pos, me)  # as they are before this link (the first placed changes them)
        if ends[1] in adj.get(ends[0], ()):
            existing = pos.link_on(key)
            if existing is not None:
                j.violate(
                    "NET002", priority=10, line=j.line_name(key), owner=existing.owner, kind=existing.kind
                )
                continue
        if not line.allows(era):
            j.violate("NET003", priority=10, line=j.line_name(key), kind=kind)
            continue
        # the network grows with each link placed below (Q051, Q119): asked of the position as it is
        if not touches_network(pos, me, ends, own=own):
            net = network_of(pos, me)
            # with no network at all a game may let the link go anywhere (Birmingham B032)
            if net or not rules.link_without_network(j):
                fix, also = _not_in_network(j, line, net)
                j.violate("NET001", priority=15, line=j.line_name(key), player=me, fix=fix, also=also)
                continue
        # place the link; a location it touches joins the network (Q051, Q056); the list is
        # replaced, never changed in place (Position.copy)
        place_link(pos, Link(key, me, kind), ends)
        j.mark("links", key)
        if outside.isdisjoint(ends):
            j.rule("RUL-NETWORK-EXTENDS")
        else:
            j.rule("RUL-NETWORK-EXTENDS", "network.onward-from-outside")
        if j.narrate:
            j.effect(
                "link-placed", f"{me} places a {kind} on {j.line_name(key)}", line=key, owner=me, kind=kind
            )
        if kind == RAIL:
            name = j.line_name(key)
            # two rails: built one after the other, anywhere legal (Q119, Q124)
            if i == 1:
                j.rule("RUL-RAIL-COAL", "rail.second-uses-first", "rail.double-not-adjacent")
            else:
                j.rule("RUL-RAIL-COAL")
            price = take_coal(j, ends, f"the rail on {name}", a.coal_from, dry_run=j.failed)
            if price is None:
                # two rails are built one after the other: the first cannot count on the second (Q124)
                j.violate(
                    "NET007", priority=20, line=name, also=("rail.second-uses-first",) if n == 2 else ()
                )
            else:
                coal_cost += price
    if j.failed:
        return
    total = cost + coal_cost
    if p.money < total:
        j.violate(
            "NET006",
            priority=5,
            player=me,
            money=p.money,
            cost=total,
            short=total - p.money,
            also=rules.link_cost_rulings(era),
        )
        return
    j.pay(cost, f"{n} {kind} link(s)" if j.narrate else "")
    if coal_cost:
        j.pay(coal_cost, "coal from the market")
    if p.links_left is not None:
        p.links_left -= n


def _not_in_network(j: Judge, line: Any, net: set[str]) -> tuple[str, tuple[str, ...]]:
    """For a link on *line*, which touches no location of the player's network *net* (NET001): the
    remedy, and the cases that explain why the nearby places do not count."""
    pos, rules = j.pos, j.game
    near = sorted(j.loc(x) for x in net)
    fix = (
        f"build from a location in the network: {', '.join(near[:4])}"
        if near
        else "build an industry first: with nothing on the board there is no network yet"
    )
    also = []
    if not net:
        also.append("network.first-action-link")  # no network yet: no link can be built
        if pos.is_first_canal_round:
            also.append("turn.first-action-any-kind")
    elif any(x in net for x in distances_from(pos, list(line.ends))):
        # connected through others' links is not in the network
        also.append("network.via-others-links")
    outside = outside_locations(j.data)
    if not outside.isdisjoint(line.ends) and not outside.isdisjoint(net):
        # a link into one outside location does not reach another
        also.append("network.outside-not-joined")
    vl = rules.virtual_link
    if vl is not None and line.touches(vl[1]) and vl[0] in net:
        # the Virtual Link is no link: its far end is not in the network
        also.append("virtual-link.what-it-does")
    return fix, tuple(also)
