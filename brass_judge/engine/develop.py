"""The Develop action (rulebook: Develop Action; FAQ Q114-Q117, Q064).

Remove one or two tiles from the mat, each the lowest level of its industry at that moment, and
consume 1 iron for each (any unflipped iron works, else the Iron Market; Q064 applies to Develop).
A game may refuse some tiles (:meth:`brass_judge.rules.Rules.develop_refusal`: Birmingham's
lightbulb Potteries).
"""

from __future__ import annotations

from ..model import Develop
from .context import Judge
from .mat import lowest_level, mat_of, take_from_mat
from .resources import take_iron


def develop_tile(
    j: Judge, industry: str, *, iron_from: tuple[str, ...] | None = None, free: bool = False, why: str = ""
) -> int | None:
    """Remove the lowest *industry* tile from the mat of the player to move: the one place a tile is
    developed (the Develop action, and a game's free develop). Takes 1 iron unless *free*; returns
    what the iron costs (0 from a works or when free), or None when the tile cannot be developed
    (reported). *why* names what develops it in the effect (the Develop action when empty)."""
    me = j.player
    mat = mat_of(j, me)
    level = lowest_level(mat, industry)
    if level is None:
        j.violate("DEV001", priority=10, player=me, industry=j.ind(industry))
        return None
    refusal = j.game.develop_refusal(industry, level)
    if refusal is not None:
        code, fields = refusal
        j.violate(code, priority=10, player=me, industry=j.ind(industry), level=level, **fields)
        return None
    cost = 0 if free else take_iron(j, f"developing the {j.ind(industry)}", iron_from, dry_run=j.failed)
    take_from_mat(mat, industry, level)
    if j.narrate:
        j.effect(
            "develop",
            f"{me} removes a level {level} {j.ind(industry)} from the mat" + (f" ({why})" if why else ""),
            player=me,
            industry=industry,
            level=level,
        )
    return cost


def judge_develop(j: Judge, a: Develop) -> None:
    me = j.player
    cost = 0
    # two tiles in one action: Q115 (each taken separately, of the same or different industries) decides
    if len(a.industries) == 2:
        j.rule("RUL-DEVELOP", "develop.two-tiles")
    else:
        j.rule("RUL-DEVELOP")
    for ind in a.industries:
        cost += develop_tile(j, ind, iron_from=a.iron_from) or 0
    if j.failed:
        return
    p = j.pos.player[me]
    if p.money < cost:
        j.violate("DEV002", priority=5, player=me, money=p.money, cost=cost, short=cost - p.money)
        return
    j.pay(cost, "iron from the market")
