"""Game data, read from the YAML files of each game's folder (``brass_judge/games/<game>/data/``).

:func:`game_data` returns one cached :class:`GameData` per rules variant: the map (locations,
spaces, link lines), the player mat, the deck per player count, the markets, the Distant Cotton
Market and the Progress Track. The map as ``networkx`` graphs is built lazily on first use
(:attr:`GameData.graphs`), so commands that do not need it do not pay for importing networkx.
"""

from __future__ import annotations

from typing import Any

from .gamedata import (  # noqa: F401  (re-exported)
    GameData,
    Line,
    Location,
    Market,
    Space,
    TileSpec,
    game_data,
)


def __getattr__(name: str) -> Any:
    if name == "INDUSTRIES":  # Lancashire's industries, read from its mat.yaml (old imports)
        from . import gamedata

        return gamedata.INDUSTRIES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
