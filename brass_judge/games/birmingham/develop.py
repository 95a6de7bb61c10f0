"""Brass: Birmingham's Develop action, and the free develop of Gloucester's bonus.

The shared engine judges Develop (:mod:`brass_judge.engine.develop`): one or two tiles, each the
lowest of its industry at that moment, 1 iron each from any unflipped iron works or else the Iron
Market (B042, B035); :class:`~.rules.BirminghamRules` refuses the lightbulb Potteries (B043, DEV101).
"""

from __future__ import annotations

from ...engine.context import Judge
from ...engine.develop import develop_tile
from ...engine.develop import judge_develop as _shared_develop
from ...model import Develop


def judge_develop(j: Judge, a: Develop) -> None:
    _shared_develop(j, a)


def develop_one(j: Judge, industry: str, *, free: bool, why: str) -> bool:
    """Develop the lowest *industry* tile of the player to move, as a part of another action (the
    Gloucester bonus: ``free=True``, no iron taken). A lightbulb tile is refused (DEV101, B043), as
    is an industry with no tile left (DEV001); *why* names what develops it in the effect. Returns
    whether the tile was developed. Without *free*, the iron's cost (if bought) is paid at once."""
    cost = develop_tile(j, industry, free=free, why=why)
    if cost is None:
        return False
    if cost:
        p = j.pos.player[j.player]
        if p.money < cost:
            j.violate("DEV002", priority=5, player=j.player, money=p.money, cost=cost, short=cost - p.money)
            return False
        j.pay(cost, "iron from the market")
    return True
