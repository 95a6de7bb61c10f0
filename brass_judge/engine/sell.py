"""Moved: the Sell action is Lancashire's, in :mod:`brass_judge.games.lancashire.sell`.

This module re-exports it for old imports.
"""

from __future__ import annotations

from ..games.lancashire.sell import NeedDraw, judge_sell, unseen_dcm_tiles

__all__ = ["NeedDraw", "judge_sell", "unseen_dcm_tiles"]
