"""Brass: Birmingham (Roxley, 2018): the game folder, data only for now.

``data/`` holds the board, merchants, player mat, deck, markets, tracks and variants as YAML, each
file with a JSON Schema in ``schemas/gamedata-birmingham-*.schema.json`` and the facts graded in
``shared/research/birmingham-facts.md`` (see ``docs/data-birmingham.md``). There is no rules object
yet, so this folder is not a playable game: it must not be registered until its rules exist.
"""

NAME = "Brass: Birmingham"
