"""Connections and networks on the board (rulebook: Connected Locations, Your Network).

* Two locations are **connected** when a route of built link tiles, anyone's, joins them;
  tiles in the same location are connected, zero links apart (Q053, Q054, Q058).
* A location is in a player's **network** when it holds one of their industry tiles or touches
  one of their link tiles (Q051, Q052, Q059); the network need not be one group (Q055).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from typing import Any

from ..model import Position, Tile

#: location -> the locations one built link away (a line of three ends joins each to the others)
Adjacency = dict[str, list[str]]

_ENDS: dict[
    str, tuple[str, ...]
] = {}  #: line key "a~b" (or "a~b~c") -> its ends, split once per process (a hot path)


def _ends(line: str) -> tuple[str, ...]:
    ends = _ENDS.get(line)
    if ends is None:
        ends = _ENDS[line] = tuple(line.split("~"))
    return ends


def _add_line(adj: Adjacency, ends: tuple[str, ...]) -> None:
    """Join every end of a line to each other end in *adj* (two ends, or three)."""
    if len(ends) == 2:
        a, b = ends
        if a in adj:
            adj[a].append(b)
        else:
            adj[a] = [b]
        if b in adj:
            adj[b].append(a)
        else:
            adj[b] = [a]
        return
    for u in ends:
        adj.setdefault(u, []).extend(v for v in ends if v != u)


def link_adjacency(pos: Position) -> Adjacency:
    """location -> list of neighbouring locations along built links.

    Cached on the position while its link list is unchanged: links are only ever appended to a
    position's list or the list is replaced (end of era), never edited in place. Callers must not
    change the returned mapping. The cache entry: (links, their number, the map, distances worked
    out along it per sources, player -> (the map of the player's own links, its distances)).
    """
    links = pos.links
    cached = pos._adj_cache
    if cached is not None and cached[0] is links and cached[1] == len(links):
        got: Adjacency = cached[2]
        return got
    adj: Adjacency = {}
    for l in pos.links:
        _add_line(adj, _ENDS.get(l.line) or _ends(l.line))
    pos._adj_cache = (links, len(links), adj, {}, {})
    return adj


def own_link_adjacency(pos: Position, player: str) -> Adjacency:
    """location -> neighbouring locations along *player*'s own built links only (the network's
    pieces, Q055; coal along the player's own links, Q053). Kept with the board's link map while
    the links stay the same; callers must not change it."""
    cached = pos._adj_cache
    if cached is None or cached[0] is not pos.links or cached[1] != len(pos.links):
        link_adjacency(pos)  # the cache entry made for the current links
        cached = pos._adj_cache
    per_player = cached[4]
    got = per_player.get(player)
    if got is None:
        own: Adjacency = {}
        for l in pos.links:
            if l.owner == player:
                _add_line(own, _ENDS.get(l.line) or _ends(l.line))
        got = per_player[player] = (own, {})
    adj: Adjacency = got[0]
    return adj


def link_maps(pos: Position, player: str) -> tuple[Adjacency, Adjacency]:
    """The board's link map and *player*'s own-link map (:func:`link_adjacency`,
    :func:`own_link_adjacency`) in one call, the kept entry checked once: the Network action asks
    for both for every link it places. Callers must not change them."""
    links = pos.links
    cached = pos._adj_cache
    if cached is None or cached[0] is not links or cached[1] != len(links):
        link_adjacency(pos)  # the cache entry made for the current links
        cached = pos._adj_cache
    got = cached[4].get(player)
    if got is None:
        return cached[2], own_link_adjacency(pos, player)
    own: Adjacency = got[0]
    return cached[2], own


def place_link(pos: Position, link: Any, ends: tuple[str, ...] | None = None) -> None:
    """Put *link* on the board of *pos*: its link list is replaced by one with the link at the end
    (never changed in place, see ``Position.copy``), and a link map already worked out for the old
    list is carried over with the new link's ends joined (the map a rebuild would give: the new
    link's neighbours come last), instead of being rebuilt on the next question. *ends*: the
    line's ends, when the caller has them."""
    old = pos.links
    pos.links = links = old + [link]
    cached = pos._adj_cache
    if cached is None or cached[0] is not old or cached[1] != len(old):
        return
    if ends is None:
        ends = _ENDS.get(link.line) or _ends(link.line)
    adj = _joined(cached[2], ends)
    # the other players' own-link maps (and their distances) stay as they were; the placer's gains
    # the link, its distances start again
    per_player = dict(cached[4])
    placer = per_player.get(link.owner)
    if placer is not None:
        per_player[link.owner] = (_joined(placer[0], ends), {})
    pos._adj_cache = (links, len(links), adj, {}, per_player)


def _joined(adj: Adjacency, ends: tuple[str, ...]) -> Adjacency:
    """A copy of the link map *adj* with a new link's *ends* joined (the old map stays as it was:
    other positions share it); the new link's neighbours come last, as a rebuild would put them."""
    new: Adjacency = dict(adj)
    if len(ends) == 2:
        a, b = ends
        got = new.get(a)
        new[a] = [b] if got is None else [*got, b]
        got = new.get(b)
        new[b] = [a] if got is None else [*got, a]
        return new
    for u in ends:
        new[u] = [*new.get(u, ()), *(v for v in ends if v != u)]
    return new


def distances_from(pos: Position, sources: Collection[str], adj: Adjacency | None = None) -> dict[str, int]:
    """Link-count distance from any of *sources* to every connected location (sources = 0).

    Along the board's links (no *adj*, or the board's own link map) or a player's own links (the
    map of :func:`own_link_adjacency`) the answer is kept with the link map, per sources in order,
    while the links stay the same: callers must not change it."""
    memo: dict[tuple[str, ...], dict[str, int]] | None = None
    if adj is None:
        adj = link_adjacency(pos)
    cached = pos._adj_cache
    if cached is not None:
        if cached[2] is adj:
            memo = cached[3]
        else:
            for own, own_memo in cached[4].values():
                if own is adj:
                    memo = own_memo
                    break
    if memo is not None:
        key = tuple(sources)
        got = memo.get(key)
        if got is not None:
            return got
    # breadth first, one ring of locations at a time (the order a queue would reach them in); a
    # source no link touches has no neighbours, and every place reached after it is in the map
    dist = dict.fromkeys(sources, 0)
    ring = []
    for u in dist:
        if u in adj:
            ring.append(u)
    far = 0
    while ring:
        far += 1
        nxt = []
        for u in ring:
            for v in adj[u]:
                if v not in dist:
                    dist[v] = far
                    nxt.append(v)
        ring = nxt
    if memo is not None:
        memo[key] = dist
    return dist


def within_links(adj: Adjacency, sources: Collection[str], target: str, most: int) -> bool:
    """Whether *target* is at most *most* links from any of *sources* along the link map *adj*
    (:func:`distances_from`'s answer to that one question: the search stops at *most* links, or as
    soon as it reaches *target*)."""
    if target in sources:
        return True
    seen = set(sources)
    ring: Collection[str] = sources
    for _ in range(most):
        nxt = []
        for u in ring:
            for v in adj.get(u, ()):
                if v not in seen:
                    if v == target:
                        return True
                    seen.add(v)
                    nxt.append(v)
        ring = nxt
    return False


def path_between(pos: Position, a: str, b: str) -> list[str]:
    """A shortest route of locations from *a* to *b* along built links ([] if none)."""
    adj = link_adjacency(pos)
    prev: dict[str, str | None] = {a: None}
    q = deque([a])
    while q:
        u = q.popleft()
        if u == b:
            break
        for v in adj.get(u, ()):
            if v not in prev:
                prev[v] = u
                q.append(v)
    if b not in prev:
        return []
    out = [b]
    step = prev[b]
    while step is not None:
        out.append(step)
        step = prev[step]
    return out[::-1]


def network_of(pos: Position, player: str, data: Any = None) -> set[str]:
    """Every location in *player*'s network: those of the player's tiles and every end of the
    player's links (the locations of :func:`own_link_adjacency`, kept while the links stay)."""
    net = {t.location for t in pos.tiles if t.owner == player}
    net.update(own_link_adjacency(pos, player))
    return net


def touches_network(
    pos: Position,
    player: str,
    locs: Collection[str],
    here: Iterable[Tile] | None = None,
    own: Adjacency | None = None,
) -> bool:
    """Whether any of *locs* is in *player*'s network (:func:`network_of`): asked without building
    the whole network, the player's links first (a lookup), then the tiles until one is there
    (*here*: the tiles in *locs*, when the caller has them: only those are looked at; *own*: the
    player's own-link map of :func:`own_link_adjacency`, when the caller has it)."""
    if own is None:
        own = own_link_adjacency(pos, player)
    for loc in locs:
        if loc in own:
            return True
    for t in pos.tiles if here is None else here:
        if t.owner == player and t.location in locs:
            return True
    return False


def outside_apart(pos: Position, data: Any, sites: Iterable[str], targets: Iterable[str]) -> bool:
    """Whether *sites* reach an outside location and one of the *targets* (locations) they do not
    reach is connected to another outside location: the outside locations are separate, so a route
    cannot run in through one and out through another (Q057)."""
    here = distances_from(pos, list(sites))
    outs = {x for x in here if data.locations[x].kind == "outside"}
    if not outs:
        return False
    for loc in targets:
        if loc not in here and any(
            data.locations[x].kind == "outside" and x not in outs for x in distances_from(pos, [loc])
        ):
            return True
    return False


def network_in_pieces(pos: Position, player: str) -> bool:
    """Whether *player*'s network is in more than one piece: groups of locations joined by the
    player's own links, each tile off those links a piece of its own (Q055). One piece is walked,
    from the first location in order: the network is in pieces when it does not reach every
    location of the network (the rest are not worked out: only whether there are more is asked)."""
    net = network_of(pos, player)
    if not net:
        return False
    return len(distances_from(pos, [min(net)], own_link_adjacency(pos, player))) < len(net)


def has_pieces_on_board(pos: Position, player: str) -> bool:
    """Whether *player* has an industry or a link tile on the board (loops, not ``any()`` over
    generators: every Industry card build asks)."""
    for t in pos.tiles:
        if t.owner == player:
            return True
    for l in pos.links:
        if l.owner == player:
            return True
    return False


def trade_locations(pos: Position, data: Any) -> set[str]:
    """Locations showing a market trade icon in *pos*: the game's rules say which
    (Lancashire: any built port tile, either side up, and the outside locations; Q062, Q056)."""
    got: set[str] = data.rules.trade_locations(pos)
    return got


def _outside_trade(data: Any) -> frozenset[str]:
    """The locations whose trade icon is printed on the board (computed once per game data)."""
    cached: frozenset[str] | None = data.__dict__.get("_outside_trade")
    if cached is None:
        cached = frozenset(k for k, loc in data.locations.items() if loc.trade_icon)
        data.__dict__["_outside_trade"] = cached
    return cached


def outside_locations(data: Any) -> frozenset[str]:
    """The outside locations of the game's board (computed once per game data)."""
    cached: frozenset[str] | None = data.__dict__.get("_outside_locations")
    if cached is None:
        cached = frozenset(k for k, loc in data.locations.items() if loc.kind == "outside")
        data.__dict__["_outside_locations"] = cached
    return cached


def trade_reached(pos: Position, data: Any, dist: dict[str, int], trade: set[str] | None = None) -> list[str]:
    """The trade locations among the locations *dist* reaches (a :func:`distances_from` map), in
    its order: what a connection to a trade icon means (*trade*: the game's
    :func:`trade_locations` of *pos*, when the caller has them already). Empty when none."""
    if trade is None:
        trade = trade_locations(pos, data)
    out = []  # (a loop, not a comprehension: on 3.11 that is a call more, for every cube and sale)
    for loc in dist:
        if loc in trade:
            out.append(loc)
    return out


def connected_to_trade(
    pos: Position, data: Any, sources: Collection[str], adj: Adjacency | None = None
) -> bool:
    """Whether any of *sources* is connected to a trade location (the game's rules hook
    :meth:`brass_judge.rules.Rules.connected_to_trade`)."""
    return bool(data.rules.connected_to_trade(pos, sources, adj))
