"""Brass: Birmingham's example texts for shared help and error messages.

The same names as ``games/lancashire/examples.py`` (the shared readers ask the game of the file for
them), naming Birmingham's towns, merchants and rules-database ids. A tiny module of strings.
"""

from __future__ import annotations

#: an income shortfall in a turn file, and the same on the command line
SHORTFALL_MAPPING = "{red: [leek, stone#1]}"
SHORTFALL_OPTION = "red=leek,stone#1"
#: a space of a location, as [location, space]
SPACE = "[leek, 1]"
#: the rules database: how many entries, their ids, and one id written three ways
RULINGS_COUNT = 63
RULING_RANGE = "B001-B063"
RULING_ID_FORMS = "B040, b40 or 40"
#: a tile, a tile on a numbered space (two ways), a link and a rail link in a position file
TILE = "red cotton_mill1@leek flipped"
TILE_ON_SPACE = "red coal_mine1@leek space=1 cubes=2"
TILE_ON_SPACE_HASH = "red coal_mine1@leek#1 cubes=2"
LINK = "red stone-stafford"
RAIL_LINK = "red rail kidderminster-worcester"
#: a link line as notation writes it
LINE = "stone-stafford"
#: location names written forgivingly (case, hyphens, short forms)
FORGIVING_LOCATIONS = "'stoke', 'Burton-upon-Trent', 'north farm'"
#: actions in the one-line notation (docs/notation-birmingham.md has every form)
BUILD = "build cotton@leek card=leek"
NETWORK_TWO_RAILS = "network birmingham-dudley birmingham-walsall card=leek beer=stone"
SELL = "sell leek>warrington:merchant card=stone"
SCOUT = "scout cards=leek,stone,brewery"
LOAN = "loan card=leek"
