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


#: the game of a position or log that does not say (every file written before there were two)
DEFAULT_GAME = "lancashire"


def game_of(obj: Any) -> str:
    """The game of a position (its ``game`` attribute), else :data:`DEFAULT_GAME`."""
    return getattr(obj, "game", None) or DEFAULT_GAME


_CASES: dict[str, dict] = {}


def cases_of(game: str) -> dict:
    """*game*'s table of case key -> ruling id (``brass_judge/games/<game>/cases.py``)."""
    table = _CASES.get(game)
    if table is None:
        from importlib import import_module

        table = _CASES[game] = import_module(f"{__name__}.{game}.cases").CASES
    return table


def ruling_of(game: str, case: str) -> str | None:
    """The ruling id *game* cites for the shared engine's case key *case* (None: the game has no
    ruling for it). An unknown case key is a programming error: :class:`KeyError`."""
    table = cases_of(game)
    if case not in table:
        raise KeyError(f"{game} maps no ruling to the case key {case!r} (brass_judge/games/{game}/cases.py)")
    return table[case]


def examples(game: str = DEFAULT_GAME) -> Any:
    """*game*'s example texts for shared help and messages (``brass_judge/games/<game>/examples.py``)."""
    from importlib import import_module

    return import_module(f"{__name__}.{game}.examples")
