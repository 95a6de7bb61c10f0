"""The player mat: which tile is next (always the lowest level left, Q012)."""
from __future__ import annotations

from typing import Optional

from ..model import RAIL
from .context import Judge


def mat_of(j: Judge, player: str) -> dict:
    """The player's remaining tiles ``{industry: {level: count}}``, inferring it when not given.

    Inference (listed as an assumption): the full mat minus the player's tiles on the board; in the
    Rail Era level 1 tiles are taken as gone (built and removed, or developed; Q042).
    """
    p = j.pos.player[player]
    if p.mat is not None:
        return p.own_mat()
    full = j.data.mat_counts()
    mat = {ind: dict(levels) for ind, levels in full.items()}
    for t in j.pos.tiles:
        if t.owner == player and mat[t.industry].get(t.level, 0) > 0:
            mat[t.industry][t.level] -= 1
    note = f"{player}'s mat not given: inferred from {player}'s tiles on the board (full mat minus tiles built)"
    if j.pos.era == RAIL:
        for ind in mat:
            mat[ind].pop(1, None)
        note += "; Rail Era: level 1 tiles taken as gone"
    for ind in mat:
        mat[ind] = {lv: c for lv, c in mat[ind].items() if c > 0}
    p.mat = mat
    j.assume(note)
    return mat


def lowest_level(mat: dict, industry: str) -> Optional[int]:
    levels = [lv for lv, c in mat.get(industry, {}).items() if c > 0]
    return min(levels) if levels else None


def take_from_mat(mat: dict, industry: str, level: int) -> None:
    """Take one *industry* tile of *level* off *mat* (one the player state owns, see
    ``PlayerState.own_mat``). The industry's counts are replaced, not changed in place: copies of
    the player state share them."""
    levels = dict(mat[industry])
    levels[level] -= 1
    if levels[level] <= 0:
        del levels[level]
    mat[industry] = levels
