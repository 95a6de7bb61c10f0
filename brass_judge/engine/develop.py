"""The Develop action (rulebook: Develop Action; FAQ Q114-Q117, Q064).

Remove one or two tiles from the mat, each the lowest level of its industry at that moment, and
consume 1 iron for each (any unflipped iron works, else the Iron Market; Q064 applies to Develop).
"""

from __future__ import annotations

from ..model import Develop
from .context import Judge
from .mat import lowest_level, mat_of, take_from_mat
from .resources import take_iron


def judge_develop(j: Judge, a: Develop) -> None:
    me = j.player
    mat = mat_of(j, me)
    cost = 0
    # two tiles in one action: Q115 (each taken separately, of the same or different industries) decides
    j.rule("RUL-DEVELOP", *(("develop.two-tiles",) if len(a.industries) == 2 else ()))
    for ind in a.industries:
        level = lowest_level(mat, ind)
        if level is None:
            j.violate("DEV001", priority=10, player=me, industry=j.ind(ind))
            continue
        cost += take_iron(j, f"developing the {j.ind(ind)}", a.iron_from, dry_run=j.failed)
        take_from_mat(mat, ind, level)
        if j.narrate:
            j.effect(
                "develop",
                f"{me} removes a level {level} {j.ind(ind)} from the mat",
                player=me,
                industry=ind,
                level=level,
            )
    if j.failed:
        return
    p = j.pos.player[me]
    if p.money < cost:
        j.violate("DEV002", priority=5, player=me, money=p.money, cost=cost, short=cost - p.money)
        return
    j.pay(cost, "iron from the market")
