"""Game data for Brass: Lancashire, read from the YAML files beside this module.

:func:`game_data` returns one cached :class:`GameData` per rules variant: the map (locations,
spaces, link lines), the player mat, the deck per player count, the markets, the Distant Cotton
Market and the Progress Track. The map as ``networkx`` graphs is built lazily on first use
(:attr:`GameData.graphs`), so commands that do not need it do not pay for importing networkx.
"""

from __future__ import annotations

from .gamedata import (  # noqa: F401  (re-exported)
    INDUSTRIES,
    GameData,
    Line,
    Location,
    Space,
    TileSpec,
    game_data,
)
