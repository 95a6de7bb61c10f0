"""The player mat: which tile is next (always the lowest level left, Q012)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model import RAIL, Position

if TYPE_CHECKING:
    from .context import Judge


def mat_of(j: Judge, player: str) -> dict[str, dict[int, int]]:
    """The player's remaining tiles ``{industry: {level: count}}``, inferring it when not given.

    Inference (listed as an assumption): the full mat minus the player's tiles on the board; in the
    Rail Era level 1 tiles are taken as gone (built and removed, or developed; Q042).
    """
    p = j.pos.player[player]
    own = p.own_mat()
    if own is not None:
        return own
    mat = {ind: infer_mat_stack(j.data, j.pos, player, ind) for ind in j.data.mat_counts()}
    note = (
        f"{player}'s mat not given: inferred from {player}'s tiles on the board (full mat minus tiles built)"
    )
    if j.pos.era == RAIL:
        note += j.game.rail_mat_note
    p.mat = mat
    j.assume(note)
    return mat


def infer_mat_stack(data: Any, pos: Position, player: str, industry: str) -> dict[int, int]:
    """``{level: count}`` of *industry* tiles presumed left on *player*'s mat when the position does
    not say: the full stack minus the player's tiles of that industry on the board; in the Rail Era
    level 1 tiles are taken as gone (built and removed, or developed; Q042)."""
    levels = dict(data.mat_counts()[industry])
    for t in pos.tiles:
        if t.owner == player and t.industry == industry and levels.get(t.level, 0) > 0:
            levels[t.level] -= 1
    if pos.era == RAIL:
        for lv in [lv for lv in levels if not data.rules.rail_mat_keeps(industry, lv)]:
            del levels[lv]
    return {lv: c for lv, c in levels.items() if c > 0}


def lowest_level(mat: dict[str, dict[int, int]], industry: str) -> int | None:
    """The level of the next *industry* tile on *mat*: the lowest level left (Q012); None when none
    is left. The one place this is computed (the Build judge and the moves prefilter ask here)."""
    lowest = None
    levels = mat.get(industry)
    if levels:
        # the mat keeps only the levels left (take_from_mat drops an emptied one): the lowest key
        # is the answer, unless a given mat lists an empty level (a loop over the two to four
        # levels: on 3.11 a call to min() takes longer)
        for lv in levels:
            if lowest is None or lv < lowest:
                lowest = lv
        if lowest is not None and levels[lowest] > 0:
            return lowest
        lowest = None
        for lv, c in levels.items():
            if c > 0 and (lowest is None or lv < lowest):
                lowest = lv
    return lowest


def take_from_mat(mat: dict[str, dict[int, int]], industry: str, level: int) -> None:
    """Take one *industry* tile of *level* off *mat* (one the player state owns, see
    ``PlayerState.own_mat``). The industry's counts are replaced, not changed in place: copies of
    the player state share them."""
    levels = {**mat[industry]}  # (a display: half the instructions of a call to dict on 3.11)
    left = levels[level] - 1
    if left > 0:
        levels[level] = left
    else:
        del levels[level]
    mat[industry] = levels
