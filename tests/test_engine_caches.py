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
from brass_judge.engine.board import distances_from, link_adjacency
from brass_judge.games import replay

DATA = game_data()


def _fresh(pos):
    """A copy of *pos* with nothing kept: the map and distances are worked out from its links."""
    new = pos.copy()
    new.__dict__.pop("_adj_cache", None)
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
