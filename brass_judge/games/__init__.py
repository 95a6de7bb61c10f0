"""The games brass-judge knows: one folder each (``brass_judge/games/<game>/``).

Each folder holds that game's data files, its rules object, its codes and the map from the shared
engine's case keys to its own rulings. See ``docs/adding-a-game.md``.

For compatibility, the game-log API that lived in the module ``brass_judge.games`` before the
games became folders (``replay``, ``read_log``, ``dump_log``, ``LogRecorder``, ...) is still
importable from here; it lives in :mod:`brass_judge.gamelog`.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # the game-log API, imported only when asked for (keeps ``import brass_judge.games`` cheap)
    if name.startswith("__"):
        raise AttributeError(name)
    from .. import gamelog

    try:
        return getattr(gamelog, name)
    except AttributeError:
        raise AttributeError(f"module 'brass_judge.games' has no attribute {name!r}") from None
