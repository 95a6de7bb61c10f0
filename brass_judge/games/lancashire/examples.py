"""Brass: Lancashire's example texts for shared help and error messages.

The CLI and the readers of positions and actions are shared by every game; the examples they give
(a tile to remove, a space, a ruling id) name this game's towns and rulings, so they are written
here. A tiny module of strings: it is imported when a help text or an error message is built.
"""

from __future__ import annotations

#: an income shortfall in a turn file, and the same on the command line
SHORTFALL_MAPPING = "{red: [bolton, wigan#1]}"
SHORTFALL_OPTION = "red=bolton,wigan#1"
#: a space of a location, as [location, space]
SPACE = "[bolton, 1]"
#: the rulings database: how many rulings, their ids, and one id written three ways
RULINGS_COUNT = 139
RULING_RANGE = "Q001-Q139"
RULING_ID_FORMS = "Q080, q80 or 80"
#: a tile, a tile on a numbered space (two ways), a link and a rail link in a position file
TILE = "red cotton2@bolton flipped"
TILE_ON_SPACE = "red coal1@wigan space=1 cubes=2"
TILE_ON_SPACE_HASH = "red coal1@wigan#1 cubes=2"
LINK = "red bolton-bury"
RAIL_LINK = "red rail bolton-bury"
#: a link line as notation writes it
LINE = "bolton-bury"
#: location names written forgivingly (case, hyphens, short forms)
FORGIVING_LOCATIONS = "'warrington', 'Ellesmere-Port', 'midlands'"
