"""The Loan and Pass actions (rulebook: Loan Action; FAQ Q035-Q037, Q023)."""

from __future__ import annotations

from ..model import Loan, Pass
from .context import Judge


def judge_loan(j: Judge, a: Loan) -> None:
    d, pos, me = j.data, j.pos, j.player
    p = pos.player[me]
    rules = j.game
    levels = rules.loan_levels(a.amount)
    level = d.income_level(p.income_space)
    new = level - levels
    floor = rules.income_floor
    if new < floor:
        alt = rules.loan_alternative(level)
        j.violate("LON001", priority=10, amount=a.amount, player=me, level=new, alternative=alt)
    rules.check_loan(j, a)
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
