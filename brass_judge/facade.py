"""The library facade: what ``brass_judge.check``, ``apply``, ``legal_actions``, ... do.

Each call accepts a position as a :class:`~brass_judge.model.Position`, a loaded position
(:class:`~brass_judge.position_io.LoadedPosition`, what :func:`load_position` returns) or a path
(``str`` or :class:`~pathlib.Path`) to a position file, and an action as one-line notation
(``"loan 20 card=colne"``; a turn's two actions separated by ``;``), an action object, a list of
them, a YAML-style mapping, or a :class:`~brass_judge.model.Turn`.

**The position is validated first** (:func:`brass_judge.engine.validate.validate`), as the CLI
does: an impossible position is never judged legal.

* :func:`check` returns an illegal :class:`~brass_judge.verdict.Verdict` whose ``violations`` are
  the position's POS problems (and whose ``position_invalid`` is True); nothing is judged.
* :func:`apply` raises :class:`~brass_judge.engine.IllegalAction` for it, as for any illegal turn.
* :func:`legal_actions` raises :class:`InvalidPosition` (there is no player to move in an impossible
  position; an empty list would read as "no legal action").

The engine itself (:mod:`brass_judge.engine`) judges what it is given and never reads files; this
module is where files are read and the game data is picked (by the position's game and variant).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class InvalidPosition(ValueError):
    """The position is impossible: ``violations`` lists every POS problem (each with its file line
    when the position came from a file)."""

    def __init__(self, violations: list) -> None:
        super().__init__("impossible position: " + "; ".join(f"{v.code} {v.message}" for v in violations))
        self.violations = violations


def load_position(source: Any, data=None):
    """A loaded position from a path, a YAML string, a parsed mapping or a Position."""
    from .position_io import LoadedPosition
    from .position_io import load_position as _load

    if isinstance(source, LoadedPosition):
        return source
    if isinstance(source, Path):
        source = str(source)
    return _load(source, data)


def _data(loaded, data):
    from .engine import _data_for

    return _data_for(loaded.position, data)


def _turn(action: Any, data):
    """A Turn from notation, an action object, a list of actions, a mapping or a Turn."""
    from .model import Turn
    from .notation import action_from_obj, parse_turn

    if isinstance(action, Turn):
        return action
    if isinstance(action, str):
        return parse_turn(action, data)
    if isinstance(action, dict):
        return Turn((action_from_obj(action, data),))
    if isinstance(action, (list, tuple)):
        return Turn(tuple(_one(a, data) for a in action))
    return Turn((action,))


def _one(a: Any, data):
    from .notation import action_from_obj

    return action_from_obj(a, data) if isinstance(a, (str, dict)) else a


def validate(position: Any, data=None) -> list:
    """Every validity problem of *position* (POS codes), each with its file line when known."""
    from .engine.validate import validate as _validate

    loaded = load_position(position, data)
    return _validate(loaded, _data(loaded, data))


def _prepare(position: Any, action: Any, data):
    """(loaded position, game data, turn, the verdict on an impossible position or None)."""
    loaded = load_position(position, data)
    data = _data(loaded, data)
    turn = _turn(action, data)
    problems = validate(loaded, data)
    if not problems:
        return loaded, data, turn, None
    from .verdict import Verdict

    pos = loaded.position
    player = turn.player or pos.turn or (pos.players[0] if pos.players else None)
    verdict = Verdict(legal=False, player=player, violations=list(problems), turn=turn, game=pos.game)
    verdict.position_invalid = True  # type: ignore[attr-defined]
    return loaded, data, turn, verdict


def check(position: Any, action: Any, data=None, **kw):
    """Judge *action* (a turn, or one action) on *position*, validating the position first.

    Keywords go to :func:`brass_judge.engine.check` (``narrate``, ``sequences``).
    """
    from .engine import check as _check

    loaded, data, turn, invalid = _prepare(position, action, data)
    if invalid is not None:
        return invalid
    return _check(loaded, turn, data, **kw)


def apply(position: Any, action: Any, data=None):
    """The position after a legal *action* (raises :class:`~brass_judge.engine.IllegalAction`
    when it is illegal or the position is impossible; see :func:`brass_judge.engine.apply`)."""
    from .engine import IllegalAction
    from .engine import apply as _apply

    loaded, data, turn, invalid = _prepare(position, action, data)
    if invalid is not None:
        raise IllegalAction(invalid)
    return _apply(loaded, turn, data)


def legal_actions(position: Any, data=None, **kw) -> list:
    """Every legal single action for the player to move (see :mod:`brass_judge.engine.moves`);
    raises :class:`InvalidPosition` for an impossible position."""
    from .engine.moves import legal_actions as _la

    loaded = load_position(position, data)
    problems = validate(loaded, data)
    if problems:
        raise InvalidPosition(problems)
    return _la(loaded, data, **kw)


def replay(source: Any, **kw):
    """Replay a game log (a path, YAML text, a parsed mapping or a loaded log): see
    :func:`brass_judge.gamelog.replay`."""
    from .gamelog import replay as _replay

    if isinstance(source, Path):
        source = str(source)
    return _replay(source, **kw)


def parse_action(text: str, context: Any = None):
    """One action (or, with ``;``, a Turn) read from notation. *context* gives the game data:
    a position (of any of the forms above), game data, or None (Lancashire)."""
    from .notation import parse_action as _parse
    from .notation import parse_turn

    data = context
    if context is not None and not hasattr(context, "locations"):  # a position, not game data
        loaded = load_position(context)
        data = _data(loaded, None)
    if data is None:
        from .data import game_data

        data = game_data()
    if ";" in str(text):
        return parse_turn(text, data)
    return _parse(text, data)


def get_rules(game: str = "lancashire", variant: str = "standard"):
    """The rules object of *game* and *variant* (see :mod:`brass_judge.games`)."""
    from . import games

    return games.get_rules(game, variant)
