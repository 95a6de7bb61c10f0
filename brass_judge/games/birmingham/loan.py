"""Brass: Birmingham's Loan action: the shared judge (:mod:`brass_judge.engine.loan`) with
Birmingham's numbers from its data (tracks.yaml ``loans``): always £30, 3 income levels back to the
highest space of the new level, refused below -10 (LON001), and no round in which loans stop (B048).
"""

from __future__ import annotations

from ...engine.context import Judge
from ...engine.loan import judge_loan as _shared_loan
from ...model import Loan


def judge_loan(j: Judge, a: Loan) -> None:
    _shared_loan(j, a)
