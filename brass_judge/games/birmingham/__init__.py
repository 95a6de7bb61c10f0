"""Brass: Birmingham (Roxley, 2018): the game folder.

``data/`` holds the board, merchants, player mat, deck, markets, tracks and variants as YAML, each
file with a JSON Schema in ``schemas/gamedata-birmingham-*.schema.json`` and the facts graded in
``shared/research/birmingham-facts.md`` (see ``docs/data-birmingham.md``); ``rules.py`` holds the
rules object with its parameters from that data, one class per variant.

The game is registered (``brass-judge data ... --game birmingham`` and ``rulings ... --game
birmingham`` read it), but not judged: ``JUDGED = False`` makes the registry refuse its positions
and logs with a clear message (exit 2) until the engine's action judges know beer, merchants and
wild cards.
"""

from __future__ import annotations

from .rules import RULES

NAME = "Brass: Birmingham"
#: other spellings of the game key that position and log files may carry
ALIASES = ("brass-birmingham", "Brass: Birmingham")
#: whether the engine judges this game's positions yet (the registry's ``judged``)
JUDGED = False

__all__ = ["ALIASES", "JUDGED", "NAME", "RULES"]
