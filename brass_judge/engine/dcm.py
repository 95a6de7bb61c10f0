"""Moved: the Distant Cotton Market draws are Lancashire's, in :mod:`brass_judge.games.lancashire.dcm`.

This module re-exports them for old imports.
"""

from __future__ import annotations

from ..games.lancashire.dcm import describe, enumerate_draws, tiles_text

__all__ = ["describe", "enumerate_draws", "tiles_text"]
