"""The games brass-judge knows: one folder each (``brass_judge/games/<game>/``).

Each folder holds that game's data files, its rules object, its codes and the map from the shared
engine's case keys to its own rulings. See ``docs/adding-a-game.md``. A game folder is a
subpackage whose ``__init__`` exposes ``RULES = {variant: RulesClass}`` (and ``NAME``); adding a
game is adding a folder: :func:`known_games` finds it, :func:`get_rules` hands out its rules.

For compatibility, the game-log API that lived in the module ``brass_judge.games`` before the
games became folders (``replay``, ``read_log``, ``dump_log``, ``LogRecorder``, ...) is still
importable from here; it lives in :mod:`brass_judge.gamelog`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_GAME = "lancashire"
DEFAULT_VARIANT = "standard"


@cache
def known_games() -> tuple:
    """The game keys brass-judge plays: the subpackages of ``brass_judge/games/`` that have a
    ``data/`` folder and a ``RULES`` table (a folder with data but no rules yet, a game still being
    written, is not a known game: files naming it get the unknown-game message)."""
    import importlib

    found = []
    for name in sorted(game_folders()):
        if getattr(importlib.import_module(f"{__name__}.{name}"), "RULES", None):
            found.append(name)
    return tuple(found)


@cache
def game_folders() -> dict:
    """game key -> its folder: the subfolders with an ``__init__.py`` and a ``data/`` folder in the
    directories of this package's search path (``__path__``: this folder, and any folder added to
    it, where a game written outside the package can live). The first folder of a name wins, as for
    an import."""
    found: dict = {}
    for base in __path__:
        here = Path(base)
        if not here.is_dir():
            continue
        for p in sorted(here.iterdir()):
            if p.name in found or not p.name.isidentifier() or not p.is_dir():
                continue
            if (p / "__init__.py").is_file() and (p / "data").is_dir():
                found[p.name] = p.resolve()
    return found


def _game_module(game: str, field: str | None = None) -> Any:
    from ..errors import UnknownNameError, closest, quote

    if not isinstance(game, str) or game not in known_games():
        games = list(known_games())
        raise UnknownNameError(
            f"unknown game {quote(str(game))} (brass-judge knows: {', '.join(games)})",
            field=field,
            suggestions=closest(str(game), games) or games,
        )
    import importlib

    return importlib.import_module(f"{__name__}.{game}")


def resolve_game(name: Any = None) -> str:
    """The game key for *name* as files write it: a key, or an alias a game folder lists in
    ``ALIASES`` ("Brass: Lancashire"); None means the default game. Unknown names are returned
    as given, for :func:`get_rules` to report."""
    if name is None:
        return DEFAULT_GAME
    if not isinstance(name, str):
        return str(name)
    if name in known_games():
        return name
    import importlib

    for g in known_games():
        if name in getattr(importlib.import_module(f"{__name__}.{g}"), "ALIASES", ()):
            return g
    return name


def judged(game: str) -> bool:
    """Whether the engine judges *game*'s positions and logs: a known game whose folder does not
    say ``JUDGED = False`` (a game whose data, rulings and rules parameters exist, but whose action
    judges do not yet). Unknown games count as judged: :func:`get_rules` reports them."""
    if game not in known_games():
        return True
    return bool(getattr(_game_module(game), "JUDGED", True))


def refuse_unjudged(
    doc: Any, obj: Any, path: tuple = (), *, code: str = "INP035", command: str | None = None
) -> None:
    """Raise the input error for a position or log (*obj*, read from *doc*) of a game the engine does
    not judge yet, naming its ``game`` field (exit 2); nothing for any other file. Run before the
    file's schema check: the schemas describe the judged games' files only. *command* (``moves``,
    ``render``, ``log``, ...) also refuses a judged game whose folder lists it in ``UNPLAYED``."""
    if not isinstance(obj, dict) or not isinstance(obj.get("game"), str):
        return
    game = resolve_game(obj["game"])
    if judged(game):
        if command is not None and not handles(game, command):  # an unknown game: get_rules says
            _refuse_unplayed(doc, obj, game, command, path, code)
        return
    from ..errors import quote

    name = getattr(_game_module(game), "NAME", game)
    playable = ", ".join(g for g in known_games() if judged(g))
    raise doc.error(
        f"game {quote(obj['game'])}: {name} positions and game logs cannot be validated or judged yet "
        f"(its data and rulings can be read: `brass-judge data map --game {game}`, "
        f"`brass-judge rulings list --game {game}`); the games brass-judge judges: {playable}",
        path + ("game",),
        code=code,
    )


def _refuse_unplayed(doc: Any, obj: Any, game: str, command: str, path: tuple, code: str) -> None:
    from ..errors import quote

    name = getattr(_game_module(game), "NAME", game)
    what = "game logs" if command == "log" else f"`brass-judge {command}`"
    raise doc.error(
        f"game {quote(obj['game'])}: {name} {'cannot be replayed yet' if command == 'log' else 'positions'}"
        + ("" if command == "log" else f" are not handled by {what} yet")
        + f" (`brass-judge check` and `brass-judge validate` judge {name} positions)",
        path + ("game",),
        code=code,
    )


def handles(game: str, command: str) -> bool:
    """Whether *command* (``moves``, ``render``, ``log``, ...) handles *game*'s positions: not when
    the game's folder lists it in ``UNPLAYED``."""
    if game not in known_games():
        return True
    return command not in getattr(_game_module(game), "UNPLAYED", ())


def refuse_unplayed(loaded: Any, command: str) -> None:
    """Refuse (exit 2, naming the ``game`` field) a loaded position of a game that *command* does
    not handle yet (its folder's ``UNPLAYED``)."""
    doc = getattr(loaded, "doc", None)
    pos = getattr(loaded, "position", loaded)
    game = getattr(pos, "game", DEFAULT_GAME)
    if handles(game, command):
        return
    from ..yamlio import Document

    if doc is None:
        doc = Document({"game": game}, "<position>", {})
    obj = doc.data if isinstance(doc.data, dict) and "game" in doc.data else {"game": game}
    root: tuple = ()
    if isinstance(doc.data, dict) and "position" in doc.data and "players" not in doc.data:
        root = ("position",)
        obj = doc.data["position"]
    _refuse_unplayed(doc, obj, game, command, root, "INP035")


def rules_classes(game: str = DEFAULT_GAME) -> dict:
    """``{variant: RulesClass}`` of *game*."""
    return dict(_game_module(game).RULES)


def get_rules(game: str = DEFAULT_GAME, variant: str = DEFAULT_VARIANT, *, field: str | None = None) -> Any:
    """The :class:`~brass_judge.rules.Rules` of *game* under *variant* (one cached instance each).

    An unknown game or variant raises :class:`~brass_judge.errors.UnknownNameError` (an
    ``InputError``) with the known names as suggestions, naming *field* when given."""
    if field is None:
        return _get_rules(game, variant)
    from ..errors import InputError

    try:
        return _get_rules(game, variant)
    except InputError as err:
        if getattr(err, "field", None) is None:
            err.field = field
        raise


@cache
def _get_rules(game: str, variant: str) -> Any:
    from ..errors import UnknownNameError, closest, quote

    classes = _game_module(game).RULES
    if variant not in classes:
        raise UnknownNameError(
            f"unknown rules variant {quote(str(variant))}",
            suggestions=closest(str(variant), list(classes)) or list(classes),
        )
    from ..data import game_data

    return classes[variant](game_data(variant, game))


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
    """The game of a position or game data (its ``game`` attribute), else :data:`DEFAULT_GAME`."""
    game: str = getattr(obj, "game", None) or DEFAULT_GAME
    return game


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
