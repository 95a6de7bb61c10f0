"""Brass: Birmingham's legal-move candidates (``brass-judge moves``, docs/moves-birmingham.md).

The shared generator (:mod:`brass_judge.engine.moves`) calls these through the action kinds
(``actions.KINDS``: ``candidates=...moves:candidates_<word>``); each returns the candidates of one
kind as tuples of alternatives, and the engine's ``check`` confirms every one, so listing and
judging agree. Where the rules are Lancashire's the shared generators are used (where to build, the
lines next to the network and rail pairs, one or two develops, loans, pass); what is Birmingham's
own is here:

* **Build**: the card. A build at a town is listed with its Location card, with the Industry card
  that builds the industry (the dual Cotton Mill / Manufacturer card for either), with a Wild
  Location and with a Wild Industry, each when held (an unknown hand holds every card of this
  player count's deck, and no wild card); a farm brewery takes only the Brewery card or a Wild
  Industry. An Industry card (or a Wild Industry) needs the location in the network, except with
  none of the player's pieces on the board, when it builds anywhere on a free space (B032). There
  is no Double Action Build (B017).
* **Network**: with none of the player's pieces on the board the first link may go on any line
  (B032); two rails name no beer: the engine takes it from the first brewery that can give it.
* **Develop**: a lightbulb Pottery, the lowest of its industry, is never offered (B043).
* **Sell**: each unflipped Cotton Mill, Manufacturer or Pottery of the player to each connected
  merchant with a tile that buys it, and one combined sale per group of two or more such tiles
  (each to its best merchant: one with a barrel beside a tile that buys it first, then map order).
  The merchant's tile space, the beer and Gloucester's free develop are left to the engine.
* **Scout**: once, discarding the first three cards in hand, while the player holds no wild card
  and both wild piles have a card (B049, B056).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

from ...engine.moves import (
    _develop_candidates,
    _loan_candidates,
    _network_candidates,
    build_targets,
    pass_units,
)
from ...model import Build, Tile
from .build import FARM, card_builds
from .model import WILD_CARDS, WILD_INDUSTRY, WILD_LOCATION, Network, Sale, Scout, Sell
from .sell import sold_industries

#: Above this many sellable tiles, combined sales are listed only for pairs and for all of them.
MAX_SUBSET_TILES = 5

__all__ = [
    "MAX_SUBSET_TILES",
    "candidates_build",
    "candidates_develop",
    "candidates_loan",
    "candidates_network",
    "candidates_pass",
    "candidates_scout",
    "candidates_sell",
]


# ------------------------------------------------------------------------------ Build
def industry_cards(data: Any, industry: str) -> tuple[str, ...]:
    """The Industry cards (no wild card) that build *industry*: its own card, the dual card."""
    keys = (industry, *data.card_builds)
    return tuple(k for k in dict.fromkeys(keys) if industry in (card_builds(data, k) or ()))


def _build_candidates(c: Any) -> Iterator[Build]:
    d, pos, me = c.data, c.pos, c.me
    rules = d.rules
    wild_loc = c.hand is not None and WILD_LOCATION in c.hand
    wild_ind = c.hand is not None and WILD_INDUSTRY in c.hand
    for industry, _level, loc, targets in build_targets(c):
        farm = loc.kind == FARM
        loc_card = not farm and c.holds(loc.key)
        by_industry = [k for k in industry_cards(d, industry) if c.holds(k)]
        if by_industry and c.has_pieces and not rules.in_network(pos, me, loc.key, c.net):
            by_industry = []
        wild_ind_ok = wild_ind and (not c.has_pieces or rules.in_network(pos, me, loc.key, c.net))
        for space in targets:
            # the no-tiles rule builds on a free space only, never overbuilds (B032)
            free_or_net = space is None or c.has_pieces
            cards = [
                *((loc.key,) if loc_card else ()),
                *(by_industry if free_or_net else ()),
                *((WILD_LOCATION,) if wild_loc and not farm else ()),
                *((WILD_INDUSTRY,) if wild_ind_ok and free_or_net else ()),
            ]
            for card in cards:
                yield Build(industry, loc.key, (card,), space)


def candidates_build(c: Any, max_rail_pairs: int) -> list[tuple[Build]]:
    return [(a,) for a in _build_candidates(c)]


# ------------------------------------------------------------------------------ Network
def candidates_network(c: Any, max_rail_pairs: int) -> list[tuple[Network, ...]]:
    out: list[tuple[Network, ...]] = []
    supplied = _rail_supplies(c)
    # with none of the player's pieces on the board a link may go on any line (B032)
    for cand in _network_candidates(c, max_rail_pairs, cls=Network, anywhere=not c.net):
        unit = tuple(x for x in cand if x is not None) if isinstance(cand, tuple) else (cand,)
        unit = tuple(a for a in unit if supplied(a.lines))
        if unit:
            out.append(unit)
    return out


def _components(c: Any) -> Any:
    """``label(location)``: the component of the link graph (anyone's links) it lies in."""
    comp: dict[str, int] = {}
    for start in c.adj:
        if start in comp:
            continue
        comp[start] = n = len(comp)
        todo = [start]
        while todo:
            for nxt in c.adj.get(todo.pop(), ()):
                if nxt not in comp:
                    comp[nxt] = n
                    todo.append(nxt)

    def label(loc: str) -> Any:
        return comp.get(loc, loc)  # a location no link touches is its own component

    return label


def _rail_supplies(c: Any) -> Any:
    """``supplied(lines)``: whether rails in that order might find what they consume, a cheap
    necessary test so that rails without it are not judged (the engine decides the rest):

    * each rail 1 coal (B041): a coal mine with a cube, or a merchant (the Coal Market), in the
      link component of its ends once placed; the first rail cannot count on the second;
    * two rails 1 beer (B040, B037): the player's own brewery with a barrel, anywhere, or an
      opponent's in the component of the second rail once both are placed.

    Canals consume nothing: always supplied."""
    pos, me = c.pos, c.me
    era = pos.era
    if not c.data.rules.link_resources(era, 1) and not c.data.rules.link_resources(era, 2):
        return lambda lines: True
    label = _components(c)
    ends = {key: {label(e) for e in ln.ends} for key, ln in c.data.lines.items()}
    coal_at = {label(t.location) for t in pos.tiles if t.industry == "coal_mine" and t.cubes > 0}
    coal_at |= {label(m) for m in c.data.rules.trade_locations(pos)}
    breweries = [t for t in pos.tiles if t.industry == "brewery" and not t.flipped and t.cubes > 0]
    own_beer = any(t.owner == me for t in breweries)
    beer_at = {label(t.location) for t in breweries}

    def supplied(lines: tuple[str, ...]) -> bool:
        first = ends[lines[0]]
        if c.data.rules.link_resources(era, 1).get("coal") and not first & coal_at:
            return False
        if len(lines) == 1:
            return True
        # the second rail's component once both are placed: joined by the first when they meet
        second = ends[lines[1]]
        reach = second | first if first & second else second
        if not reach & coal_at:
            return False
        return own_beer or bool(reach & beer_at)

    return supplied


# ------------------------------------------------------------------------------ Develop
def candidates_develop(c: Any, max_rail_pairs: int) -> list[tuple[Any]]:
    rules = c.data.rules
    out = []
    for a in _develop_candidates(c):
        first = a.industries[0]
        level = c.lowest(first)
        if level is not None and rules.develop_refusal(first, level) is not None:
            continue  # the lowest tile is a lightbulb Pottery: never developed (B043)
        if len(a.industries) == 2 and a.industries[1] != first:
            second = a.industries[1]
            level2 = c.lowest(second)
            if level2 is not None and rules.develop_refusal(second, level2) is not None:
                continue
        out.append((a,))
    return out


# ------------------------------------------------------------------------------ Sell
def _buys(data: Any, face: str) -> tuple[str, ...]:
    return tuple(data.merchant_tiles.get(face, {}).get("buys", ()))


def _destinations(c: Any, tile: Tile) -> list[str]:
    """The merchants *tile* may be sold to: connected, with a tile that buys its industry; those
    with a barrel beside such a tile first, then map order."""
    d, pos = c.data, c.pos
    dist = c.dist(tile.location)
    out = []
    for m, spaces in pos.merchants.items():
        if m not in dist:
            continue
        buying = [ms for ms in spaces if tile.industry in _buys(d, ms.face)]
        if buying:
            out.append((not any(ms.barrel for ms in buying), m))
    order = {k: n for n, k in enumerate(d.locations)}
    out.sort(key=lambda x: (x[0], order.get(x[1], 0)))
    return [m for _, m in out]


def _sell_candidates(c: Any) -> Iterator[Sell]:
    pos, me = c.pos, c.me
    goods = set(sold_industries(c.data))
    mine = [t for t in pos.tiles if t.owner == me and t.industry in goods]
    tiles = [t for t in mine if not t.flipped]
    if not tiles:
        return
    at: dict[str, int] = {}
    for t in mine:
        at[t.location] = at.get(t.location, 0) + 1

    def sale(t: Tile, merchant: str) -> Sale:
        return Sale(t.location, merchant, t.space if at[t.location] > 1 else None)

    card = c.one_card()
    dests = {id(t): _destinations(c, t) for t in tiles}
    for t in tiles:
        for m in sorted(dests[id(t)], key=list(pos.merchants).index):
            yield Sell((sale(t, m),), card)
    sellers = [t for t in tiles if dests[id(t)]]
    if len(sellers) < 2:
        return
    if len(sellers) <= MAX_SUBSET_TILES:
        groups = [g for k in range(2, len(sellers) + 1) for g in combinations(sellers, k)]
    else:
        groups = list(combinations(sellers, 2)) + [tuple(sellers)]
    for g in groups:
        yield Sell(tuple(sale(t, dests[id(t)][0]) for t in g), card)


def candidates_sell(c: Any, max_rail_pairs: int) -> list[tuple[Sell]]:
    return [(a,) for a in _sell_candidates(c)]


# ------------------------------------------------------------------------------ Loan, Scout, Pass
def candidates_loan(c: Any, max_rail_pairs: int) -> list[tuple[Any]]:
    return [(a,) for a in _loan_candidates(c)]


def _scout_candidates(c: Any) -> Iterable[Scout]:
    piles = getattr(c.pos, "wild_piles", {})
    if any(piles.get(w, 0) <= 0 for w in WILD_CARDS):
        return
    if c.hand is None:
        yield Scout(())  # hand unknown: the engine assumes three cards and no wild card
        return
    if len(c.hand) >= 3 and not any(x in WILD_CARDS for x in c.hand):
        yield Scout(tuple(c.hand[:3]))


def candidates_scout(c: Any, max_rail_pairs: int) -> list[tuple[Scout]]:
    return [(a,) for a in _scout_candidates(c)]


def candidates_pass(c: Any, max_rail_pairs: int) -> list[tuple[Any]]:
    return pass_units(c, max_rail_pairs)
