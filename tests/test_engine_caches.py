"""What the engine keeps on a position to answer faster gives the answers it would work out afresh.

A position carries its link map (``engine.board.link_adjacency``) and the distances along it
(``distances_from``) while its links stay the same, and a link placed by the Network action carries
the map over with the new link joined (``place_link``) instead of rebuilding it. These tests replay
every shipped full game and, after every turn, compare the map and the distances from every
location with those worked out on a copy that has nothing kept.
"""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

from brass_judge.data import game_data
from brass_judge.engine.board import (
    distances_from,
    link_adjacency,
    network_of,
    outside_locations,
    own_link_adjacency,
    touches_network,
)
from brass_judge.games import replay

DATA = game_data()


def _fresh(pos):
    """A copy of *pos* with nothing kept: the map and distances are worked out from its links."""
    new = pos.copy()
    new._adj_cache = None
    return new


@pytest.mark.parametrize("n", [2, 3, 4])
def test_kept_link_map_and_distances_are_those_worked_out_afresh(n):
    seen = {"turns": 0, "carried": 0}

    def on_turn_end(turn, pos):
        kept = link_adjacency(pos)
        fresh = _fresh(pos)
        assert kept == link_adjacency(fresh), f"turn {turn.index + 1}: the kept link map differs"
        for loc in DATA.locations:
            got = distances_from(pos, [loc])
            want = distances_from(fresh, [loc], dict(link_adjacency(fresh)))  # another map: not kept
            # the same distances, and in the same order (trade icons are listed in it)
            assert list(got.items()) == list(want.items()), f"turn {turn.index + 1}: distances from {loc}"
        seen["turns"] += 1
        if pos.links and distances_from(pos, [pos.links[-1].line.split("~")[0]]) is distances_from(
            pos, [pos.links[-1].line.split("~")[0]]
        ):
            seen["carried"] += 1

    res = replay(str(EXAMPLES / "games" / f"{n}p-full.yaml"), data=DATA, on_turn_end=on_turn_end)
    assert res.ok and res.game_over
    assert seen["turns"] == res.turns
    assert seen["carried"] > 0  # the distances were kept, not only worked out again


def _own_map_afresh(pos, player):
    """*player*'s own-link map worked out from the links: each end joined to the line's other ends."""
    own: dict[str, list[str]] = {}
    for l in pos.links:
        if l.owner == player:
            ends = l.line.split("~")
            for u in ends:
                own.setdefault(u, []).extend(v for v in ends if v != u)
    return own


@pytest.mark.parametrize("n", [2, 4])
def test_kept_own_link_maps_and_networks_are_those_worked_out_afresh(n):
    """The own-link map a position keeps per player (carried over link by link by place_link) is
    the one the links give, in the same order; so are the network and the distances along it."""
    seen = {"turns": 0}

    def on_turn_end(turn, pos):
        fresh = _fresh(pos)
        for p in pos.players:
            want = _own_map_afresh(pos, p)
            got = own_link_adjacency(pos, p)
            assert list(got.items()) == list(want.items()), f"turn {turn.index + 1}: {p}'s own-link map"
            net = {t.location for t in pos.tiles if t.owner == p} | set(want)
            assert network_of(pos, p) == net == network_of(fresh, p), f"turn {turn.index + 1}: {p}'s network"
            for loc in sorted(net):
                got_d = distances_from(pos, [loc], got)
                want_d = distances_from(fresh, [loc], want)  # a map not kept: worked out afresh
                assert list(got_d.items()) == list(want_d.items()), f"turn {turn.index + 1}: {p} from {loc}"
        seen["turns"] += 1

    res = replay(str(EXAMPLES / "games" / f"{n}p-full.yaml"), data=DATA, on_turn_end=on_turn_end)
    assert res.ok and res.game_over
    assert seen["turns"] == res.turns


@pytest.mark.parametrize("n", [2, 4])
def test_touches_network_is_a_look_at_the_network(n):
    """touches_network (the Network action's test, asked without building the network) says what
    network_of says, for every player and every line, after every turn; outside_locations are the
    board's outside locations."""
    assert outside_locations(DATA) == {k for k, loc in DATA.locations.items() if loc.kind == "outside"}
    seen = {"in": 0, "out": 0}

    def on_turn_end(turn, pos):
        for p in pos.players:
            net = network_of(pos, p)
            for line in DATA.lines.values():
                got = touches_network(pos, p, line.ends)
                assert got == bool(net & set(line.ends)), f"turn {turn.index + 1}: {p}, {line.key}"
                seen["in" if got else "out"] += 1

    res = replay(str(EXAMPLES / "games" / f"{n}p-full.yaml"), data=DATA, on_turn_end=on_turn_end)
    assert res.ok and res.game_over
    assert seen["in"] and seen["out"]
