"""The Loan and Pass actions (rulebook: Loan Action; FAQ Q035-Q037, Q023)."""

from __future__ import annotations

from ..model import RAIL, Loan, Pass
from .context import Judge
from .flow import draw_deck_empty


def judge_loan(j: Judge, a: Loan) -> None:
    d, pos, me = j.data, j.pos, j.player
    p = pos.player[me]
    levels = a.amount // 10
    level = d.income_level(p.income_space)
    new = level - levels
    if new < -10:
        best = (level + 10) * 10
        alt = (
            f"the largest loan now is £{min(best, 30)}" if best >= 10 else "no loan is possible at level -10"
        )
        j.violate("LON001", priority=10, amount=a.amount, player=me, level=new, alternative=alt)
    if pos.era == RAIL:
        empty = draw_deck_empty(pos, d)
        if empty:
            if pos.draw_deck is None and pos.draw_pile is None:
                j.assume(
                    f"draw deck size not given: in Rail Era round {pos.round} at {pos.num_players} players "
                    "the draw deck is always empty (the last four rounds)"
                )
            j.violate("LON002", priority=10)
        elif empty is None:
            j.assume("draw deck size not given: assumed cards remain, so Rail Era loans are still allowed")
    if j.failed:
        return
    j.rule("RUL-LOAN")
    p.money += a.amount
    before = p.income_space
    p.income_space = d.highest_space(new)
    if j.narrate:
        j.effect("money", f"{me} takes a £{a.amount} loan", player=me, amount=a.amount, money=p.money)
        j.effect(
            "income",
            f"{me}'s income marker moves back {levels} level(s): space {before}→{p.income_space} "
            f"(level {level}→{new}, the highest space of level {new})",
            player=me,
            spaces=p.income_space - before,
            income_space=p.income_space,
            income_level=new,
        )


def judge_pass(j: Judge, a: Pass) -> None:
    j.rule("RUL-PASS")
    if j.narrate:
        j.effect("pass", f"{j.player} passes")
