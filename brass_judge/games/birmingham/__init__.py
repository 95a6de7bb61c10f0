"""Brass: Birmingham (Roxley, 2018): the game folder.

``data/`` holds the board, merchants, player mat, deck, markets, tracks and variants as YAML, each
file with a JSON Schema in ``schemas/gamedata-birmingham-*.schema.json`` and the facts graded in
``shared/research/birmingham-facts.md`` (see ``docs/data-birmingham.md``); ``rules.py`` holds the
rules object with its parameters from that data, one class per variant.

Its positions are judged (``check``, ``validate``: ``JUDGED = True``), read and written in their own
format (``position.py``, ``POSITION_FORMAT``), and so are its game logs (``log.py``, ``LOG_FORMAT``:
``replay`` and ``lint``); ``moves``, ``render`` and ``selfplay`` (``policy.py``) handle it too, so
``UNPLAYED`` is empty. A command listed there would refuse its positions with a clear message (exit 2).
"""

from __future__ import annotations

from .rules import RULES

NAME = "Brass: Birmingham"
#: other spellings of the game key that position and log files may carry
ALIASES = ("brass-birmingham", "Brass: Birmingham")
#: whether the engine judges this game's positions yet (the registry's ``judged``)
JUDGED = True
#: the module of this folder that reads and writes its positions (brass_judge.position_io)
POSITION_FORMAT = "position"
#: the module of this folder that says what its game logs hold beyond the shared format
#: (brass_judge.gamelog; docs/games-birmingham.md)
LOG_FORMAT = "log"
#: the commands that do not handle this game yet: they refuse its positions and logs (exit 2)
UNPLAYED: tuple[str, ...] = ()

__all__ = ["ALIASES", "JUDGED", "LOG_FORMAT", "NAME", "POSITION_FORMAT", "RULES", "UNPLAYED"]
