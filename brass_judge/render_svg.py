"""Draw a position (and what an action changed) as an SVG picture of the board.

:func:`render_position` writes the SVG text itself (stdlib only, no SVG library): the locations
with their industry spaces, the tiles on them, the link lines and the links built on them, the
markets and a panel per player, for either game. What differs between the games is drawn by
per-game pieces: Lancashire's non-industrial and outside locations and its Distant Cotton Market;
Birmingham's farm breweries, merchants (their tiles and beer barrels), the line with three ends
(spokes from a junction), beer barrels on Breweries and its cards (``_PANEL_PIECES`` picks each
game's player lines, the block under the markets and the legend). Where each location goes is
read from ``games/<game>/data/layout.yaml`` (a drawing aid, no rules effect; Birmingham's has a
schema, checked by :func:`validate_layout`).

The output is deterministic (same position, same bytes), so it can be kept as a golden file.
Tiles are ``<g class="tile" data-tile="location:space">``, links ``<g class="link"
data-link="a~b">``, locations ``<g class="location" data-location="key">``: tests and scripts can
find them without parsing the drawing.

The legend (what every mark means) is drawn in the picture and written out in ``docs/render.md``.
"""

from __future__ import annotations

import math
import textwrap
from functools import cache
from xml.sax.saxutils import escape, quoteattr

from .model import RAIL

# --------------------------------------------------------------------------------- look and feel
#: Okabe & Ito's colour-blind-safe palette, in the order players are given colours.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442", "#000000")
#: Player names that are colour words get the palette colour nearest to that word.
NAMED_COLOURS = {
    "blue": "#0072B2",
    "red": "#D55E00",
    "vermillion": "#D55E00",
    "green": "#009E73",
    "orange": "#E69F00",
    "purple": "#CC79A7",
    "pink": "#CC79A7",
    "magenta": "#CC79A7",
    "sky": "#56B4E9",
    "cyan": "#56B4E9",
    "lightblue": "#56B4E9",
    "teal": "#56B4E9",
    "yellow": "#F0E442",
    "black": "#000000",
    "brown": "#E69F00",
    "white": "#56B4E9",
    "grey": "#CC79A7",
    "gray": "#CC79A7",
}

INDUSTRY_ABBR = {
    "cotton_mill": "Cot",
    "coal_mine": "Coal",
    "iron_works": "Iron",
    "port": "Port",
    "shipyard": "Ship",
    "manufacturer": "Man",
    "pottery": "Pot",
    "brewery": "Brew",
}
#: Background tint of an empty space, per industry icon.
INDUSTRY_TINT = {
    "cotton_mill": "#F3D3DE",
    "coal_mine": "#BDBDBD",
    "iron_works": "#EBC39B",
    "port": "#BFDDF0",
    "shipyard": "#BFE3D2",
    "manufacturer": "#D6E4F5",
    "pottery": "#F5E3C4",
    "brewery": "#E6D9F0",
}
#: The order of the icons on a shared space: the first in the top-left half, the second bottom right.
SPACE_ICON_ORDER = (
    "cotton_mill",
    "manufacturer",
    "pottery",
    "coal_mine",
    "iron_works",
    "brewery",
    "port",
    "shipyard",
)
CUBE_COLOUR = {"coal_mine": "#1A1A1A", "iron_works": "#C8651B"}
#: beer barrels (Birmingham): on a Brewery tile, and beside a merchant tile
BARREL_COLOUR = "#B8860B"

CANAL_COLOUR = "#3B8FD0"
RAIL_COLOUR = "#8C5A2B"
LAND = "#F4EEDC"
SEA = "#D3E6F1"
INK = "#1E1E1E"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

FADED = 0.25  #: opacity of a line (or half of one) that cannot be built on in the position's era
S = 48  #: side of an industry space
GAP = 5  #: between spaces side by side
ROW_GAP = 18  #: between rows of spaces (room for the NEW / FLIP / GONE tag under a tile)
PAD = 6  #: inside a town box
PILL_W, PILL_H = 150, 50  #: non-industrial and outside locations

MAP_X, MAP_Y = 10, 70  #: top-left of the map area in the picture
PANEL_W = 440


def _n(v) -> str:
    """A number for an attribute: integers stay integers, others one decimal (deterministic)."""
    if isinstance(v, int):
        return str(v)
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _attrs(**kw) -> str:
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        name = k.rstrip("_").replace("__", ":").replace("_", "-")
        out.append(f"{name}={quoteattr(_n(v) if isinstance(v, (int, float)) else str(v))}")
    return " ".join(out)


def _el(tag: str, text: str | None = None, **kw) -> str:
    a = _attrs(**kw)
    head = f"<{tag} {a}" if a else f"<{tag}"
    if text is None:
        return head + "/>"
    from .output import escape_controls

    return f"{head}>{escape(escape_controls(text))}</{tag}>"  # a newline in a name stays on its line


def _text(x, y, s: str, size=12, anchor="middle", weight=None, fill=INK, halo=False, **kw) -> str:
    extra = {}
    if halo:
        extra = dict(stroke="#FFFFFF", stroke_width=3, paint_order="stroke", stroke_linejoin="round")
    return _el(
        "text", s, x=x, y=y, font_size=size, text_anchor=anchor, font_weight=weight, fill=fill, **extra, **kw
    )


def _contrast(colour: str) -> str:
    """Black or white, whichever reads better on *colour* (#RRGGBB)."""
    c = colour.lstrip("#")
    if len(c) != 6:
        return INK
    r, g, b = (int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))

    def lin(v):
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return INK if lum > 0.22 else "#FFFFFF"


def player_styles(players) -> dict:
    """``{name: (colour, letter)}``: an Okabe–Ito colour and a unique letter (or two) per player.

    A player named after a colour ("red", "blue") gets the palette colour nearest that word when it
    is free; the others take the free palette colours in order.
    """
    colours: dict = {}
    used = set()
    for p in players:
        c = NAMED_COLOURS.get(str(p).lower().replace(" ", ""))
        if c and c not in used:
            colours[p] = c
            used.add(c)
    free = [c for c in OKABE_ITO if c not in used]
    for p in players:
        if p not in colours:
            colours[p] = free.pop(0) if free else OKABE_ITO[len(colours) % len(OKABE_ITO)]
    letters: dict = {}
    taken = set()
    for p in players:
        name = str(p).strip() or "?"
        cands = [name[0].upper()] + [name[0].upper() + ch.lower() for ch in name[1:] if ch.isalnum()]
        cands += [str(i) for i in range(1, 10)]
        letter = next(c for c in cands if c not in taken)
        taken.add(letter)
        letters[p] = letter
    return {p: (colours[p], letters[p]) for p in players}


# ------------------------------------------------------------------------------------- layout
@cache
def _layout_cached(game: str) -> dict:
    from .resources import data_dir
    from .yamlio import load_file

    return load_file(data_dir(game) / "layout.yaml", what="layout file").data


def load_layout(game: str = "lancashire") -> dict:
    """The drawing layout of *game* (``data/<game>/layout.yaml``) as a plain mapping."""
    return _layout_cached(game)


def layout_schema_name(game: str) -> str:
    """The JSON Schema of *game*'s layout file (``schemas/<name>.schema.json``)."""
    return f"gamedata-{game}-layout"


def validate_layout(game: str = "birmingham", path=None, data=None) -> list:
    """Check *game*'s layout file (default ``data/<game>/layout.yaml``; *path* another copy) against
    its schema, when the game has one (``gamedata-<game>-layout``), and against the map data (*data*,
    default the game's): an entry for every location and for nothing else; a town's or farm
    brewery's ``grid`` one distinct cell per industry space and a merchant's ``slots`` one per
    merchant tile space; a ``junction`` for every line with three ends and hints only for lines.
    Returns the problems as :class:`~brass_judge.errors.InputError` naming file, line and field
    (``DAT001`` schema, ``DAT002`` cross-check); empty when the file is sound. A broken layout is a
    developer's error: the tests run this on the shipped files."""
    import json
    from pathlib import Path

    import jsonschema

    from .data.gamedata import json_view
    from .errors import InputError
    from .resources import data_dir, schema_file
    from .yamlio import load_file

    if data is None:
        from .data import game_data

        data = game_data("standard", game)
    file = Path(path) if path is not None else data_dir(game) / "layout.yaml"
    try:
        doc = load_file(file, what="layout file")
    except InputError as err:
        return list(getattr(err, "errors", [err]))
    sfile = schema_file(layout_schema_name(game))
    if sfile.exists():
        validator = jsonschema.Draft202012Validator(json.loads(sfile.read_text(encoding="utf-8")))
        found = sorted(validator.iter_errors(json_view(doc.data)), key=lambda e: [str(p) for p in e.path])
        if found:
            return [
                doc.error(f"does not match the schema: {e.message}", tuple(e.absolute_path), code="DAT001")
                for e in found
            ]
    out: list = []
    locs = doc.data.get("locations") or {}
    for key in data.locations:
        if key not in locs:
            out.append(doc.error(f"no entry for location {key!r}", ("locations",), code="DAT002"))
    for key, spec in locs.items():
        loc = data.locations.get(key)
        if loc is None:
            out.append(doc.error(f"{key!r} is no location of the map", ("locations", key), code="DAT002"))
            continue
        for field, want, what in (
            ("grid", len(loc.spaces) if loc.kind in SPACE_KINDS else 0, "industry space"),
            ("slots", len(loc.merchant_spaces) if loc.kind == "merchant" else 0, "merchant tile space"),
        ):
            cells = spec.get(field)
            if cells is None:
                continue
            if not want:
                out.append(
                    doc.error(f"{loc.name} has no {what}s to place", ("locations", key, field), code="DAT002")
                )
            elif len(cells) != want or len({tuple(c) for c in cells}) != len(cells):
                out.append(
                    doc.error(
                        f"{loc.name} has {want} {what}(s): give {want} different cells, not {len(cells)}",
                        ("locations", key, field),
                        code="DAT002",
                    )
                )
    hints = doc.data.get("lines") or {}
    for key in hints:
        if key not in data.lines:
            out.append(doc.error(f"{key!r} is no line of the map", ("lines", key), code="DAT002"))
    for key, ln in data.lines.items():
        if len(ln.ends) > 2 and "junction" not in (hints.get(key) or {}):
            out.append(
                doc.error(
                    f"the line {key} has {len(ln.ends)} ends: give its junction", ("lines",), code="DAT002"
                )
            )
    return out


#: the kinds of location drawn as a box of industry spaces (a town; Birmingham's farm breweries)
SPACE_KINDS = ("town", "farm-brewery")
SLOT_W = S + 26  #: a merchant tile space: the tile and, at its right, the beer barrel beside it
MERCHANT_FOOT = 20  #: the strip under a merchant's tiles: its bonus and link icons
MERCHANT_MIN_W = 124


class _Geo:
    """Where each location's box and spaces are, in picture coordinates."""

    def __init__(self, data, layout: dict) -> None:
        self.box: dict = {}  # key -> (x0, y0, w, h)
        self.cells: dict = {}  # key -> [(x, y)] top-left of each space
        self.slots: dict = {}  # merchant key -> [(x, y)] top-left of each merchant tile space
        self.centre: dict = {}
        self.label_below: dict = {}
        #: line key -> the point where a line with three ends meets (its spokes start there)
        self.junction: dict = {}
        locs = layout["locations"]
        for key, loc in data.locations.items():
            spec = locs.get(key)
            if spec is None:
                raise ValueError(f"layout.yaml has no entry for location {key!r}")
            cx, cy = MAP_X + spec["x"], MAP_Y + spec["y"]
            self.centre[key] = (cx, cy)
            self.label_below[key] = spec.get("label") == "below"
            if loc.kind in SPACE_KINDS:
                grid = [tuple(c) for c in spec.get("grid", [[i, 0] for i in range(len(loc.spaces))])]
                while len(grid) < len(loc.spaces):  # a space the layout forgot: put it at the end
                    grid.append((max(c for c, _ in grid) + 1, 0))
                cols = math.ceil(max(c + 1 for c, _ in grid))
                rows = math.ceil(max(r + 1 for _, r in grid))
                w = cols * S + (cols - 1) * GAP + 2 * PAD
                h = rows * S + (rows - 1) * ROW_GAP + 2 * PAD
                x0, y0 = cx - w / 2, cy - h / 2
                self.box[key] = (x0, y0, w, h)
                self.cells[key] = [(x0 + PAD + c * (S + GAP), y0 + PAD + r * (S + ROW_GAP)) for c, r in grid]
            elif loc.kind == "merchant":
                n = len(loc.merchant_spaces)
                grid = [tuple(c) for c in spec.get("slots", [[i, 0] for i in range(n)])]
                while len(grid) < n:
                    grid.append((max((c for c, _ in grid), default=-1) + 1, 0))
                cols = math.ceil(max((c + 1 for c, _ in grid), default=1))
                rows = math.ceil(max((r + 1 for _, r in grid), default=1))
                inner = cols * SLOT_W + (cols - 1) * GAP
                w = max(inner + 2 * PAD, MERCHANT_MIN_W)
                h = rows * S + (rows - 1) * GAP + 2 * PAD + MERCHANT_FOOT
                x0, y0 = cx - w / 2, cy - h / 2
                left = x0 + (w - inner) / 2
                self.box[key] = (x0, y0, w, h)
                self.cells[key] = []
                self.slots[key] = [(left + c * (SLOT_W + GAP), y0 + PAD + r * (S + GAP)) for c, r in grid]
            else:
                self.box[key] = (cx - PILL_W / 2, cy - PILL_H / 2, PILL_W, PILL_H)
                self.cells[key] = []
        hints = layout.get("lines") or {}
        for key, ln in data.lines.items():
            if len(ln.ends) > 2:
                spot = (hints.get(key) or {}).get("junction")
                if spot is not None:
                    self.junction[key] = (MAP_X + spot[0], MAP_Y + spot[1])
                else:  # no hint: the middle of its ends
                    pts = [self.centre[e] for e in ln.ends]
                    self.junction[key] = (
                        sum(x for x, _ in pts) / len(pts),
                        sum(y for _, y in pts) / len(pts),
                    )

    def named_above(self, key: str) -> bool:
        """Whether *key*'s name is printed above its box (towns, farm breweries, merchants)."""
        return bool(self.cells.get(key) or self.slots.get(key)) and not self.label_below[key]

    def spokes(self, ln) -> list:
        """The segments a line is drawn as: centre to centre, or for a line with three ends one
        from its junction to each end."""
        j = self.junction.get(ln.key)
        if j is None:
            (ax, ay), (bx, by) = self.centre[ln.a], self.centre[ln.b]
            return [(ax, ay, bx, by)]
        return [(j[0], j[1], *self.centre[e]) for e in ln.ends]

    def middle(self, ln) -> tuple:
        """Where a line's owner badge goes: the middle of its visible stretch, or its junction."""
        j = self.junction.get(ln.key)
        if j is not None:
            return j
        x1, y1, x2, y2 = self.clip(ln.a, ln.b)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def clip(self, a: str, b: str) -> tuple[float, float, float, float]:
        """The segment from *a*'s centre to *b*'s, cut where it leaves *a*'s box and enters *b*'s."""
        (ax, ay), (bx, by) = self.centre[a], self.centre[b]
        dx, dy = bx - ax, by - ay

        def exit_t(key, sign):
            # The box, grown upwards over the name when the name is above it.
            _, _, w, h = self.box[key]
            up = 22 if self.named_above(key) else 0
            tx = (w / 2) / abs(dx) if dx else math.inf
            going_up = (dy * sign) < 0
            ty = ((h / 2 + (up if going_up else 0)) / abs(dy)) if dy else math.inf
            return min(tx, ty)

        t0 = min(exit_t(a, 1), 0.45)
        t1 = max(1 - exit_t(b, -1), 0.55)
        return (ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1)


# ---------------------------------------------------------------------------------- highlight
def _norm_highlight(highlight, data) -> dict:
    """Accept the documented highlight shape with some slack (tuples or lists, 'loc:space')."""
    h = dict(highlight or {})

    def loc_key(name) -> str:
        try:
            return data.location(str(name)).key
        except Exception:  # an unknown name is drawn nowhere rather than failing the picture
            return str(name)

    def spaces(items) -> list:
        out = []
        for it in items or ():
            if isinstance(it, str):
                loc, _, sp = it.partition(":")
                it = (loc, int(sp or 0))
            elif isinstance(it, dict):
                it = (it["location"], it.get("space", 0))
            out.append((loc_key(it[0]), int(it[1])))
        return out

    def line_keys(items) -> list:
        out = []
        for it in items or ():
            if isinstance(it, (list, tuple)):
                it = "~".join(sorted(loc_key(x) for x in it))
            if it not in data.lines:
                try:
                    it = data.parse_line(str(it)).key
                except Exception:
                    pass
            out.append(it)
        return out

    def paths(items) -> list:
        return [[loc_key(x) for x in p] for p in items or () if len(p) >= 1]

    return {
        "legal": h.get("legal"),
        "placed": spaces(h.get("placed")),
        "flipped": spaces(h.get("flipped")),
        "removed": spaces(h.get("removed")),
        "links": line_keys(h.get("links")),
        "coal_paths": paths(h.get("coal_paths")),
        "iron_paths": paths(h.get("iron_paths")),
        "locations": [loc_key(x) for x in h.get("locations") or ()],
        "caption": [
            part
            for line in (
                [h["caption"]] if isinstance(h.get("caption"), str) else list(h.get("caption") or ())
            )
            for part in (textwrap.wrap(str(line), 150) or [""])
        ],
    }


# ------------------------------------------------------------------------------------- render
def render_position(position, data=None, *, highlight=None, title=None, layout=None, before=None) -> str:
    """Return an SVG picture of *position* (a :class:`~brass_judge.model.Position`).

    *data* is the :class:`~brass_judge.data.gamedata.GameData` (default: the position's
    variant); *layout* a mapping like ``layout.yaml`` (default: the game's own); *title* replaces
    the game's name ("Brass: Lancashire", "Brass: Birmingham") at the head of the title line (the
    era and round are always shown).

    *highlight* marks what an action changed, for a verdict picture. A dict, every key optional::

        {
          "legal": True | False | None,       # LEGAL / ILLEGAL badge in the title (None: no badge)
          "placed":  [("manchester", 0), ...], # (location key or name, space index): tiles built
          "flipped": [("liverpool", 1), ...],  # tiles flipped (sold to, coal or iron run out)
          "removed": [("bolton", 2), ...],     # tiles taken off the board (overbuilt, ...)
          "links":   ["bolton~manchester", ...],  # line keys placed ("a~b", or "a-b" / (a, b))
          "coal_paths": [["wigan", "bolton", "manchester"], ...],  # mine ... consumer, one per cube
          "iron_paths": [["bolton", "manchester"], ...],  # iron works ... consumer (optional)
          "locations": ["preston", ...],       # whole locations to ring (e.g. a build target)
          "caption": "text" or ["line", ...],  # printed under the title (e.g. the verdict's reason)
        }

    Spaces may also be given as ``"manchester:0"`` or ``{"location": ..., "space": ...}``.
    Markets (the first/last key of a coal path) may be "coal market"-style names of no location;
    such stops are skipped. Highlighted tiles carry ``data-highlight="placed"`` (or ``flipped``,
    ``removed``) so tests can find them.

    *before*: the position before the action (``check --render`` passes it): each ``removed``
    space then says which tile left it (owner letter, industry and level in its tag, e.g.
    "NEW ✗B Coal1" for an overbuilt coal mine).
    """
    if data is None:
        from .data import game_data

        data = game_data(position.variant, position.game)
    game = getattr(position, "game", "lancashire")
    name = game_name(game)  # an unknown game: UnknownNameError, before looking for its layout
    if layout is None:
        layout = load_layout(game)
    geo = _Geo(data, layout)
    hl = _norm_highlight(highlight, data) if highlight is not None else None
    styles = player_styles(position.players)
    for t in position.tiles:  # owners not in the player list still get a style
        if t.owner not in styles:
            styles[t.owner] = ("#777777", str(t.owner)[:1].upper() or "?")
    for l in position.links:
        if l.owner not in styles:
            styles[l.owner] = ("#777777", str(l.owner)[:1].upper() or "?")

    map_w, map_h = layout["map"]["width"], layout["map"]["height"]
    width = MAP_X + map_w + 10 + PANEL_W + 10
    caption = hl["caption"] if hl else []
    map_top_shift = 20 * len(caption)
    height = MAP_Y + map_top_shift + map_h + 10
    out: list = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
        "<defs>",
        '<marker id="arrow-coal" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="14" markerHeight="14" markerUnits="userSpaceOnUse" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{INK}"/></marker>',
        '<marker id="arrow-iron" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="14" markerHeight="14" markerUnits="userSpaceOnUse" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{CUBE_COLOUR["iron_works"]}"/></marker>',
        "</defs>",
        _el("rect", x=0, y=0, width=width, height=height, fill="#FFFFFF"),
    ]
    out += _title(position, data, hl, title, width, name)
    # The map is drawn in a group shifted down by the caption lines, so geometry stays the same.
    out.append(f'<g class="map" transform="translate(0,{map_top_shift})">')
    out += _background(layout, map_w, map_h)
    out += _lines(data, geo, position, styles, hl)
    out += _locations(data, geo, hl, position)
    out += _tiles(data, geo, position, styles, hl, before)
    out += _paths(geo, hl)
    out += _link_badges(geo, position, styles, data)
    out.append("</g>")
    out.append(f'<g class="panel" transform="translate({MAP_X + map_w + 10},{MAP_Y + map_top_shift})">')
    out += _panel(position, data, styles, map_h)
    out.append("</g>")
    out.append("</svg>")
    from .output import escape_controls

    # Characters XML forbids (C0 controls, U+FFFE/FFFF, lone surrogates) and the invisible ones
    # every text output escapes (C1, bidi overrides, line separators) are shown as escapes, so a
    # name or --title holding them still gives well-formed XML (the markup itself has none).
    return escape_controls("\n".join(out) + "\n", keep="\n")


def _fit(text: str, room: float, size: float, min_size: float = 14, em: float = 0.62) -> tuple:
    """(text, font size) so that *text* fits *room* pixels: shrink down to *min_size*, then cut."""
    need = len(text) * em * size
    if need <= room:
        return text, size
    size = max(min_size, room / (len(text) * em))
    keep = int(room / (em * size))
    if keep < len(text):
        text = text[: max(1, keep - 1)].rstrip() + "…"
    return text, round(size, 1)


def game_name(game: str) -> str:
    """The game's name at the head of the title ("Brass: Lancashire", "Brass: Birmingham")."""
    from .games import _game_module

    return getattr(_game_module(game), "NAME", game)


def _title(position, data, hl, title, width, name="Brass: Lancashire") -> list:
    era = "Canal Era" if position.era == "canal" else "Rail Era"
    rounds = data.rounds_per_era.get(position.num_players)
    rnd = f"round {position.round}" + (f" of {rounds}" if rounds else "")
    if position.game_over:
        sub = "game over"
    elif position.turn:
        sub = f"{position.turn} to play, {position.actions_left} action{'s' if position.actions_left != 1 else ''} left"
    else:
        sub = ""
    badge = hl is not None and hl["legal"] is not None
    room = width - PANEL_W - 20 - (28 + 16 * 9 + 16 if badge else 0) - MAP_X - 8
    head = f"{title or name} — {era}, {rnd}"
    if len(head) * 0.62 * 24 > room:
        # A long title (e.g. an action's text) keeps the era and round readable on the line below.
        head = title or name
        sub = f"{era}, {rnd}" + (f" · {sub}" if sub else "")
    head_text, head_size = _fit(head, room, 24)
    out = ['<g class="title">']
    if head_text != head:
        out.append(_el("title", head))
    out.append(_text(MAP_X + 8, 34, head_text, size=head_size, anchor="start", weight="bold"))
    if sub:
        out.append(_text(MAP_X + 8, 58, sub, size=15, anchor="start", fill="#444444"))
    if hl is not None and hl["legal"] is not None:
        legal = bool(hl["legal"])
        word = "LEGAL" if legal else "ILLEGAL"
        colour = "#009E73" if legal else "#D55E00"
        label = ("✓ " if legal else "✗ ") + word
        w = 28 + 16 * len(label)
        x = width - PANEL_W - 20 - w
        out.append(f'<g class="verdict" data-verdict="{word.lower()}">')
        out.append(_el("rect", x=x, y=12, width=w, height=40, rx=8, fill=colour, stroke=INK, stroke_width=2))
        out.append(_text(x + w / 2, 41, label, size=22, weight="bold", fill=_contrast(colour)))
        out.append("</g>")
    for i, line in enumerate(hl["caption"] if hl else []):
        out.append(_text(MAP_X + 8, 82 + 20 * i, line, size=15, anchor="start", fill=INK, class_="caption"))
    out.append("</g>")
    return out


def _background(layout, map_w, map_h) -> list:
    out = [
        '<g class="background">',
        _el(
            "rect",
            x=MAP_X,
            y=MAP_Y,
            width=map_w,
            height=map_h,
            fill=LAND,
            stroke="#B9AE8E",
            stroke_width=1.5,
            rx=6,
        ),
    ]
    sea = layout.get("sea") or []
    if sea:
        d = "M" + " L".join(f"{_n(MAP_X + x)},{_n(MAP_Y + y)}" for x, y in sea) + " Z"
        out.append(
            _el(
                "path",
                d=d,
                fill=SEA,
                stroke="#9CC3DA",
                stroke_width=1.5,
                stroke_linejoin="round",
                class_="sea",
            )
        )
    for pts in (layout.get("rivers") or {}).values():
        d = "M" + " L".join(f"{_n(MAP_X + x)},{_n(MAP_Y + y)}" for x, y in pts)
        out.append(
            _el(
                "path",
                d=d,
                fill="none",
                stroke=SEA,
                stroke_width=16,
                stroke_linecap="round",
                stroke_linejoin="round",
                class_="river",
            )
        )
    out.append("</g>")
    return out


def _offset(x1, y1, x2, y2, d) -> tuple:
    """The segment shifted *d* pixels to its left."""
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy) or 1
    ox, oy = -dy / n * d, dx / n * d
    return x1 + ox, y1 + oy, x2 + ox, y2 + oy


def _seg(x1, y1, x2, y2, **kw) -> str:
    return _el("line", x1=x1, y1=y1, x2=x2, y2=y2, **kw)


def _lines(data, geo, position, styles, hl) -> list:
    out = ['<g class="lines">']
    built = {l.line: l for l in position.links}
    marked = set(hl["links"]) if hl else set()
    for key in sorted(data.lines):
        ln = data.lines[key]
        kind = "both" if ln.canal and ln.rail else ("canal" if ln.canal else "rail")
        # a line (or half of one) no link can be built on in this era is faded: canals in the Rail
        # Era, rails in the Canal Era
        usable = ln.rail if position.era == RAIL else ln.canal
        out.append(
            f'<g class="line" data-line="{escape(key)}" data-allows="{kind}"'
            + ("" if usable else ' data-usable="false"')
            + ">"
        )
        canal = dict(
            stroke=CANAL_COLOUR,
            stroke_width=3,
            stroke_dasharray="9 5",
            stroke_opacity=FADED if position.era == RAIL else None,
        )
        rail = dict(
            stroke=RAIL_COLOUR, stroke_width=3, stroke_opacity=FADED if position.era != RAIL else None
        )
        for ax, ay, bx, by in geo.spokes(ln):
            if kind == "both":
                out.append(_seg(*_offset(ax, ay, bx, by, 3.5), **canal))
                out.append(_seg(*_offset(ax, ay, bx, by, -3.5), **rail))
            elif kind == "canal":
                out.append(_seg(ax, ay, bx, by, **canal))
            else:
                out.append(_seg(ax, ay, bx, by, **rail))
        out += _junction(geo, ln)
        out.append("</g>")
    for key in sorted(built):
        link = built[key]
        ln = data.lines.get(key)
        if ln is None:
            continue
        colour, letter = styles[link.owner]
        spokes = geo.spokes(ln)
        attrs = f'class="link" data-link="{escape(key)}" data-owner={quoteattr(link.owner)} data-kind="{escape(link.kind)}"'
        if key in marked:
            attrs += ' data-highlight="placed"'
        out.append(f"<g {attrs}>")
        if key in marked:
            for ax, ay, bx, by in spokes:
                out.append(
                    _seg(
                        ax,
                        ay,
                        bx,
                        by,
                        stroke=INK,
                        stroke_width=18,
                        stroke_linecap="round",
                        stroke_dasharray="4 4",
                        class_="hl-ring",
                    )
                )
        # each layer over every spoke of the line in turn, so a three-ended link reads as one piece
        for ax, ay, bx, by in spokes:
            out.append(_seg(ax, ay, bx, by, stroke=INK, stroke_width=11, stroke_linecap="round"))
        for ax, ay, bx, by in spokes:
            out.append(_seg(ax, ay, bx, by, stroke=colour, stroke_width=8, stroke_linecap="round"))
        for ax, ay, bx, by in spokes:
            if link.kind == "canal":
                out.append(_seg(ax, ay, bx, by, stroke="#FFFFFF", stroke_width=2, stroke_dasharray="6 5"))
            else:
                out.append(_seg(ax, ay, bx, by, stroke=_contrast(colour), stroke_width=2))
        out.append("</g>")
    # A highlighted line with no link on it (e.g. an illegal network action): a ring only.
    for key in sorted(marked - set(built)):
        ln = data.lines.get(key)
        if ln is None:
            continue
        out.append(f'<g class="link-attempt" data-link="{escape(key)}" data-highlight="placed">')
        for ax, ay, bx, by in geo.spokes(ln):
            out.append(_seg(ax, ay, bx, by, stroke="#FFFFFF", stroke_width=9, stroke_linecap="round"))
            out.append(
                _seg(ax, ay, bx, by, stroke=INK, stroke_width=5, stroke_dasharray="10 6", class_="hl-ring")
            )
        out.append("</g>")
    out.append("</g>")
    return out


def _junction(geo, ln) -> list:
    """The dot where a line with three ends meets: a link there touches all three places."""
    j = geo.junction.get(ln.key)
    if j is None:
        return []
    return [
        _el("circle", cx=j[0], cy=j[1], r=6, fill="#FFFFFF", stroke=INK, stroke_width=2, class_="junction")
    ]


def _paths(geo: _Geo, hl) -> list:
    if not hl or not (hl["coal_paths"] or hl["iron_paths"]):
        return []
    out = ['<g class="paths">']
    k = 0
    for kind, paths, colour, dash in (
        ("coal", hl["coal_paths"], INK, "10 5"),
        ("iron", hl["iron_paths"], CUBE_COLOUR["iron_works"], "3 4"),
    ):
        for p in paths:
            stops = [s for s in p if s in geo.centre]
            # Each path runs beside the link lines (not on them), a little further out each time.
            shift = 13 + 8 * k
            k += 1
            out.append(f'<g class="{kind}-path" data-path={quoteattr(">".join(stops))}>')
            for j in range(len(stops) - 1):
                x1, y1, x2, y2 = _offset(*geo.clip(stops[j], stops[j + 1]), shift)
                last = j == len(stops) - 2
                out.append(
                    _seg(
                        x1, y1, x2, y2, stroke="#FFFFFF", stroke_width=8, stroke_linecap="round", opacity=0.85
                    )
                )
                out.append(
                    _seg(
                        x1,
                        y1,
                        x2,
                        y2,
                        stroke=colour,
                        stroke_width=4,
                        stroke_dasharray=dash,
                        marker_end=f"url(#arrow-{kind})" if last else None,
                    )
                )
                if j == 0:  # a badge where the cube starts: C for coal, I for iron
                    n = math.hypot(x2 - x1, y2 - y1) or 1
                    bx, by = x1 + (x2 - x1) * min(12 / n, 0.5), y1 + (y2 - y1) * min(12 / n, 0.5)
                    out.append(
                        _el("circle", cx=bx, cy=by, r=9, fill=colour, stroke="#FFFFFF", stroke_width=2)
                    )
                    out.append(
                        _text(
                            bx,
                            by + 4,
                            "C" if kind == "coal" else "I",
                            size=11,
                            weight="bold",
                            fill=_contrast(colour),
                        )
                    )
            out.append("</g>")
    out.append("</g>")
    return out


def _space_icon(x, y, space) -> list:
    inds = [i for i in SPACE_ICON_ORDER if i in space.industries]
    out = [f'<g class="space" data-space="{space.index}" data-industries="{" ".join(inds)}">']
    if len(inds) == 1:
        out.append(
            _el(
                "rect",
                x=x,
                y=y,
                width=S,
                height=S,
                rx=3,
                fill=INDUSTRY_TINT[inds[0]],
                stroke="#6B6B6B",
                stroke_width=1,
            )
        )
        out.append(
            _text(x + S / 2, y + S / 2 + 7, INDUSTRY_ABBR[inds[0]], size=13, weight="bold", fill="#333333")
        )
        out.append(_text(x + S / 2, y + 12, f"#{space.index}", size=9, fill="#555555", class_="space-number"))
    else:
        # A shared space: one half per icon, split by a diagonal, each half with its own label.
        a, b = inds[0], inds[1]
        out.append(
            _el(
                "rect",
                x=x,
                y=y,
                width=S,
                height=S,
                rx=3,
                fill=INDUSTRY_TINT[b],
                stroke="#6B6B6B",
                stroke_width=1,
            )
        )
        out.append(
            _el(
                "path",
                d=f"M{_n(x + 1)},{_n(y + 1)} L{_n(x + S - 1)},{_n(y + 1)} L{_n(x + 1)},{_n(y + S - 1)} Z",
                fill=INDUSTRY_TINT[a],
            )
        )
        out.append(_seg(x + S, y, x, y + S, stroke="#6B6B6B", stroke_width=1))
        out.append(
            _text(x + 3, y + 15, INDUSTRY_ABBR[a], size=11, anchor="start", weight="bold", fill="#333333")
        )
        out.append(
            _text(
                x + S - 3, y + S - 5, INDUSTRY_ABBR[b], size=11, anchor="end", weight="bold", fill="#333333"
            )
        )
        out.append(
            _text(
                x + 3,
                y + S - 4,
                f"#{space.index}",
                size=9,
                anchor="start",
                fill="#555555",
                class_="space-number",
            )
        )
    out.append("</g>")
    return out


def _coins(x, y, n) -> list:
    out = []
    for i in range(n):
        cx = x + i * 13
        out.append(_el("circle", cx=cx, cy=y, r=6, fill="#E8B923", stroke="#7A5A00", stroke_width=1.2))
    return out


def _locations(data, geo, hl, position=None) -> list:
    out = ['<g class="locations">']
    ringed = set(hl["locations"]) if hl else set()
    for key, loc in data.locations.items():
        x0, y0, w, h = geo.box[key]
        cx, cy = geo.centre[key]
        out.append(f'<g class="location {loc.kind}" data-location="{escape(key)}">')
        if key in ringed:  # around the box and its name
            named = bool(geo.cells[key] or geo.slots.get(key))
            up = 26 if named and not geo.label_below[key] else 8
            down = 26 if named and geo.label_below[key] else 8
            out.append(
                _el(
                    "rect",
                    x=x0 - 8,
                    y=y0 - up,
                    width=w + 16,
                    height=h + up + down,
                    rx=10,
                    fill="none",
                    stroke=INK,
                    stroke_width=3,
                    stroke_dasharray="6 4",
                    class_="hl-ring hl-location",
                )
            )
        if loc.kind == "town":
            out.append(
                _el(
                    "rect",
                    x=x0,
                    y=y0,
                    width=w,
                    height=h,
                    rx=6,
                    fill="#FFFDF6",
                    stroke="#5A4A2A",
                    stroke_width=2,
                )
            )
            for sp, (sx, sy) in zip(loc.spaces, geo.cells[key]):
                out += _space_icon(sx, sy, sp)
            ly = y0 + h + 17 if geo.label_below[key] else y0 - 7
            out.append(_text(cx, ly, loc.name, size=15, weight="bold", halo=True))
        elif loc.kind == "farm-brewery":
            out += _farm_brewery(geo, key, loc)
        elif loc.kind == "merchant":
            out += _merchant(geo, key, loc, data, position)
        else:
            outside = loc.kind == "outside"
            out.append(
                _el(
                    "rect",
                    x=x0,
                    y=y0,
                    width=w,
                    height=h,
                    rx=h / 2 if not outside else 8,
                    fill="#E3ECD9" if outside else "#FFF7DE",
                    stroke="#3F5A33" if outside else "#8A7A50",
                    stroke_width=2.5 if outside else 2,
                    stroke_dasharray=None if outside else "5 3",
                )
            )
            out.append(_text(cx, y0 + 20, loc.name, size=14, weight="bold"))
            n = loc.link_icons
            icons_w = 13 * max(n - 1, 0) + (70 if loc.trade_icon else 0)
            ix = cx - icons_w / 2
            if n:
                out += _coins(ix, y0 + 36, n)
                out.append(
                    _text(
                        ix + 13 * (n - 1) + 9,
                        y0 + 40,
                        f"{n}",
                        size=11,
                        anchor="start",
                        weight="bold",
                        fill="#7A5A00",
                        class_="link-icons",
                    )
                )
            if loc.trade_icon:
                tx = ix + 13 * max(n - 1, 0) + 26
                out.append(_el("rect", x=tx, y=y0 + 28, width=52, height=16, rx=3, fill="#3F5A33"))
                out.append(
                    _text(
                        tx + 26,
                        y0 + 40,
                        "⚓ trade",
                        size=10,
                        weight="bold",
                        fill="#FFFFFF",
                        class_="trade-icon",
                    )
                )
        out.append("</g>")
    out.append("</g>")
    return out


def _farm_brewery(geo, key, loc) -> list:
    """A farm brewery (Birmingham): a small dashed box of its one Brewery space, no cards."""
    x0, y0, w, h = geo.box[key]
    cx, _ = geo.centre[key]
    out = [
        _el(
            "rect",
            x=x0,
            y=y0,
            width=w,
            height=h,
            rx=6,
            fill="#EEF3E2",
            stroke="#5F7434",
            stroke_width=2,
            stroke_dasharray="5 3",
        )
    ]
    for sp, (sx, sy) in zip(loc.spaces, geo.cells[key]):
        out += _space_icon(sx, sy, sp)
    ly = y0 + h + 15 if geo.label_below[key] else y0 - 7
    out.append(_text(cx, ly, loc.name, size=12, weight="bold", halo=True))
    return out


#: what a merchant's barrel earns, as printed beside the merchant (map.yaml ``bonus``)
BONUS_TEXT = {
    "money": "£{n}",
    "vp": "{n} VP",
    "income": "+{n} income",
    "develop": "develop",
}


def _merchant(geo, key, loc, data, position) -> list:
    """A merchant (Birmingham): its name, a space per merchant tile (the tile's face, and the beer
    barrel beside it while it is there), its barrel bonus and its printed link icons. A space not
    used at the position's player count is drawn empty with the counts printed on it."""
    x0, y0, w, h = geo.box[key]
    cx, _ = geo.centre[key]
    out = [
        _el("rect", x=x0, y=y0, width=w, height=h, rx=8, fill="#E3ECD9", stroke="#3F5A33", stroke_width=2.5)
    ]
    players = position.num_players if position is not None else None
    in_play = list((position.merchants if position is not None else {}).get(key, ()))
    j = 0
    for i, ((sx, sy), counts) in enumerate(zip(geo.slots[key], loc.merchant_spaces)):
        if players is not None and players not in counts:
            out.append(f'<g class="merchant-space unused" data-merchant="{escape(key)}" data-slot="{i}">')
            out.append(
                _el(
                    "rect",
                    x=sx,
                    y=sy,
                    width=S,
                    height=S,
                    rx=4,
                    fill="none",
                    stroke="#6B7F5E",
                    stroke_width=1.5,
                    stroke_dasharray="4 3",
                )
            )
            pips = f"{min(counts)}–{max(counts)}" if len(counts) > 1 else str(min(counts))
            out.append(_text(sx + S / 2, sy + 21, pips, size=12, weight="bold", fill="#55664A"))
            out.append(_text(sx + S / 2, sy + 35, "players", size=9, fill="#55664A"))
            out.append("</g>")
            continue
        space = in_play[j] if j < len(in_play) else None
        j += 1
        face = space.face if space is not None else None
        out.append(
            f'<g class="merchant-space" data-merchant="{escape(key)}" data-slot="{i}" '
            f'data-face="{escape(face or "unknown")}" data-barrel="{str(bool(space and space.barrel)).lower()}">'
        )
        out += _merchant_face(sx, sy, face, data)
        bx, by = sx + S + 13, sy + S / 2
        if space is not None and space.barrel:
            out.append(_barrel(bx, by, 9, cls="barrel merchant-barrel"))
        elif face not in (None, "blank"):  # its barrel was taken
            out.append(
                _el(
                    "circle",
                    cx=bx,
                    cy=by,
                    r=9,
                    fill="none",
                    stroke="#6B7F5E",
                    stroke_width=1.5,
                    stroke_dasharray="3 2",
                    class_="barrel-taken",
                )
            )
        out.append("</g>")
    kind, amount = loc.bonus or (None, 0)
    foot = y0 + h - 7
    if kind is not None:
        bonus = BONUS_TEXT.get(kind, kind + " {n}").format(n=amount)
        out.append(_barrel(x0 + 12, foot - 4, 5))
        out.append(
            _text(x0 + 21, foot, bonus, size=11, anchor="start", weight="bold", class_="merchant-bonus")
        )
    n = loc.link_icons
    if n:
        ix = x0 + w - 22 - 13 * (n - 1)
        out += _coins(ix, foot - 4, n)
        out.append(
            _text(
                ix + 13 * (n - 1) + 8,
                foot,
                f"{n}",
                size=11,
                anchor="start",
                weight="bold",
                fill="#7A5A00",
                class_="link-icons",
            )
        )
    ly = y0 + h + 17 if geo.label_below[key] else y0 - 7
    out.append(_text(cx, ly, loc.name, size=15, weight="bold", halo=True))
    return out


def _merchant_face(x, y, face, data) -> list:
    """A merchant tile: the industries it buys (a blank tile buys nothing), or ? when not known."""
    buys = tuple((data.merchant_tiles.get(face) or {}).get("buys", ())) if face else ()
    blank = face == "blank"
    out = [
        _el(
            "rect",
            x=x,
            y=y,
            width=S,
            height=S,
            rx=4,
            fill="#CFC8B4" if blank else "#FFFFFF",
            stroke=INK,
            stroke_width=1.5,
        )
    ]
    if face is None:
        out.append(_text(x + S / 2, y + 31, "?", size=16, weight="bold", fill="#555555"))
    elif blank:
        out.append(_text(x + S / 2, y + 29, "blank", size=10, fill="#555555"))
    elif len(buys) == 1:
        ind = buys[0]
        out.append(
            _el(
                "rect",
                x=x + 4,
                y=y + 12,
                width=S - 8,
                height=24,
                rx=3,
                fill=INDUSTRY_TINT.get(ind, "#FFFFFF"),
            )
        )
        out.append(_text(x + S / 2, y + 29, INDUSTRY_ABBR.get(ind, ind[:4].title()), size=13, weight="bold"))
    else:
        for k, ind in enumerate(buys):
            yy = y + 4 + k * 14
            out.append(
                _el(
                    "rect",
                    x=x + 4,
                    y=yy,
                    width=S - 8,
                    height=12,
                    rx=2,
                    fill=INDUSTRY_TINT.get(ind, "#FFFFFF"),
                )
            )
            out.append(
                _text(x + S / 2, yy + 10, INDUSTRY_ABBR.get(ind, ind[:4].title()), size=10, weight="bold")
            )
    return out


def _cell(geo, loc, space):
    cells = geo.cells.get(loc) or []
    if 0 <= space < len(cells):
        return cells[space]
    if loc in geo.box:  # a tile on a space the location does not have: beside the box
        x0, y0, w, h = geo.box[loc]
        return (x0 + w + 4 + (space - len(cells)) * (S + GAP), y0)
    return None


def _tiles(data, geo, position, styles, hl, before=None) -> list:
    out = ['<g class="tiles">']
    marks: dict = {}
    if hl:
        for kind in ("removed", "flipped", "placed"):
            for loc, sp in hl[kind]:
                marks.setdefault((loc, sp), []).append(kind)
    for t in sorted(position.tiles, key=lambda t: (t.location, t.space)):
        xy = _cell(geo, t.location, t.space)
        if xy is None:
            continue
        x, y = xy
        colour, letter = styles[t.owner]
        kinds = marks.get((t.location, t.space), [])
        attrs = (
            f'class="tile" data-tile="{escape(t.location)}:{t.space}" data-owner={quoteattr(t.owner)} '
            f'data-industry="{t.industry}" data-level="{t.level}" data-flipped="{str(t.flipped).lower()}"'
        )
        hk = [k for k in kinds if k != "removed"]
        if hk:
            attrs += f' data-highlight="{" ".join(hk)}"'
        out.append(f"<g {attrs}>")
        out += _tile_body(x, y, t, colour, letter, data)
        out.append("</g>")
    out.append("</g>")
    # Highlight rings go on top of every tile, with a tag saying what happened.
    if marks:
        out.append('<g class="highlights">')
        for (loc, sp), kinds in sorted(marks.items()):
            xy = _cell(geo, loc, sp)
            if xy is None:
                continue
            x, y = xy
            for kind in kinds:
                if kind == "removed" and position.tile_on(loc, sp) is None:
                    out.append(
                        f'<g class="removed-mark" data-tile="{escape(loc)}:{sp}" data-highlight="removed">'
                    )
                    out.append(
                        _el(
                            "rect",
                            x=x + 2,
                            y=y + 2,
                            width=S - 4,
                            height=S - 4,
                            fill="none",
                            stroke=INK,
                            stroke_width=2,
                            stroke_dasharray="4 3",
                        )
                    )
                    out.append(_seg(x + 8, y + 8, x + S - 8, y + S - 8, stroke="#D55E00", stroke_width=4))
                    out.append(_seg(x + S - 8, y + 8, x + 8, y + S - 8, stroke="#D55E00", stroke_width=4))
                    out.append("</g>")
            tags = [k for k in ("placed", "flipped", "removed") if k in kinds]
            ring = dict(placed="none", flipped="5 3", removed="2 3")[tags[0]]
            out.append(
                _el(
                    "rect",
                    x=x - 5,
                    y=y - 5,
                    width=S + 10,
                    height=S + 10,
                    rx=6,
                    fill="none",
                    stroke="#FFFFFF",
                    stroke_width=7,
                    class_="hl-halo",
                )
            )
            out.append(
                _el(
                    "rect",
                    x=x - 5,
                    y=y - 5,
                    width=S + 10,
                    height=S + 10,
                    rx=6,
                    fill="none",
                    stroke=INK,
                    stroke_width=4,
                    stroke_dasharray=None if ring == "none" else ring,
                    class_=f"hl-ring hl-{tags[0]}",
                )
            )
            # On an illegal action nothing was built: the space is where the player tried to build.
            label = {
                "placed": "TRIED" if hl["legal"] is False else "NEW",
                "flipped": "FLIP",
                "removed": "GONE",
            }
            old = before.tile_on(loc, sp) if before is not None and "removed" in tags else None
            if old is not None:
                # what left the space: the removed tile's owner, industry and level
                if old.owner not in styles:
                    styles[old.owner] = ("#777777", str(old.owner)[:1].upper() or "?")
                gone = f"✗{styles[old.owner][1]} {INDUSTRY_ABBR.get(old.industry, old.industry[:4].title())}{old.level}"
                label["removed"] = gone if "placed" in tags else f"GONE {gone}"
            text = (" " if old is not None else "+").join(label[k] for k in tags)
            tw = 9 + 7.5 * len(text)
            out.append(_el("rect", x=x + S / 2 - tw / 2, y=y + S + 1, width=tw, height=15, rx=3, fill=INK))
            out.append(_text(x + S / 2, y + S + 12.5, text, size=11, weight="bold", fill="#FFFFFF"))
        out.append("</g>")
    return out


def _barrel(cx, cy, r, stroke=INK, cls="barrel") -> str:
    """A beer barrel: an amber disc (Birmingham)."""
    return _el("circle", cx=cx, cy=cy, r=r, fill=BARREL_COLOUR, stroke=stroke, stroke_width=1, class_=cls)


def _tile_values(t, data) -> tuple:
    """(VP, income spaces) printed on the tile (Q014), or (None, None) when the data has no such tile."""
    if data is None:
        return None, None
    try:
        spec = data.tile(t.industry, t.level)
    except Exception:  # an impossible tile in a hand-made position: drawn without its values
        return None, None
    return spec.vp, spec.income


def _tile_link_icons(t, data) -> int:
    """The link VP icons printed on a flipped tile (B052), drawn for Birmingham, whose tiles print 0, 1
    or 2; Lancashire's all print 1 (mat.yaml) and its pictures keep their bytes."""
    if data is None or getattr(data, "game", "lancashire") == "lancashire":
        return 0
    try:
        return int(getattr(data.tile(t.industry, t.level), "link_icons", 0) or 0)
    except Exception:  # an impossible tile in a hand-made position: drawn without its icons
        return 0


def _tile_body(x, y, t, colour, letter, data=None) -> list:
    """One tile on its space: owner colour and letter, space number, level, industry, flipped state,
    cubes, and the VP and income printed at its foot (Q014)."""
    out = []
    abbr = INDUSTRY_ABBR.get(t.industry, t.industry[:4].title())
    barrels = t.industry == "brewery"  # a Brewery's cubes are its beer barrels (Birmingham)
    cubes = (t.industry in CUBE_COLOUR or barrels) and (t.cubes > 0 or not t.flipped)
    cube = BARREL_COLOUR if barrels else CUBE_COLOUR.get(t.industry, INK)
    vp, income = _tile_values(t, data)
    space = getattr(t, "space", None)
    if t.flipped:
        # Flipped: solid owner colour with a dark band at the bottom carrying a tick.
        fg = _contrast(colour)
        out.append(_el("rect", x=x, y=y, width=S, height=S, rx=4, fill=colour, stroke=INK, stroke_width=2))
        out.append(
            _el("rect", x=x + 1, y=y + S - 14, width=S - 2, height=13, fill="#222222", class_="flipped-band")
        )
        out.append(
            _text(
                x + 4,
                y + 14,
                letter,
                size=13 if len(letter) == 1 else 10,
                anchor="start",
                weight="bold",
                fill=fg,
            )
        )
        if space is not None:
            out.append(_text(x + S / 2 + 2, y + 12, f"#{space}", size=8, fill=fg, class_="space-number"))
        out.append(_text(x + S - 4, y + 14, str(t.level), size=13, anchor="end", weight="bold", fill=fg))
        link_icons = _tile_link_icons(t, data)
        if link_icons:
            # what each link touching it scores at the era's end: a coin with the count, right of the name
            out.append(_text(x + S / 2 - 5, y + 28, abbr, size=11, weight="bold", fill=fg))
            out += _coins(x + S - 10, y + 24, 1)
            out.append(
                _text(
                    x + S - 10,
                    y + 28,
                    str(link_icons),
                    size=10,
                    weight="bold",
                    fill="#4A3500",
                    class_="tile-link-icons",
                )
            )
        else:
            out.append(_text(x + S / 2, y + 28, abbr, size=12, weight="bold", fill=fg))
        if cubes:  # a flipped tile still holding cubes (only in a hand-made position)
            if barrels:
                out.append(_barrel(x + 13.5, y + S - 7.5, 4.5, stroke="#FFFFFF"))
            else:
                out.append(
                    _el(
                        "rect",
                        x=x + 9,
                        y=y + S - 12,
                        width=9,
                        height=9,
                        fill=cube,
                        stroke="#FFFFFF",
                        stroke_width=1,
                        class_="cube",
                    )
                )
            out.append(
                _text(
                    x + 21,
                    y + S - 3.5,
                    f"✓ ×{t.cubes}",
                    size=9,
                    anchor="start",
                    weight="bold",
                    fill="#FFFFFF",
                    class_="barrels" if barrels else "cubes",
                )
            )
        elif vp is not None:
            # the VP it scores at the era's end, and the income spaces it gave when it flipped
            out.append(
                _text(
                    x + 3,
                    y + S - 4,
                    # two-digit VP leave no room for the tick beside the income (Birmingham's
                    # Potteries; Lancashire's pictures keep their bytes)
                    f"{vp}VP"
                    if vp >= 10 and getattr(data, "game", "lancashire") != "lancashire"
                    else f"✓{vp}VP",
                    size=8.5,
                    anchor="start",
                    weight="bold",
                    fill="#FFFFFF",
                    class_="tile-vp",
                )
            )
            out.append(
                _text(
                    x + S - 3,
                    y + S - 4,
                    f"+{income}",
                    size=8.5,
                    anchor="end",
                    weight="bold",
                    fill="#FFFFFF",
                    class_="tile-income",
                )
            )
        else:
            out.append(_text(x + S / 2, y + S - 3.5, "✓ flipped", size=9, weight="bold", fill="#FFFFFF"))
        return out
    # Unflipped: white face inside a thick owner-coloured frame; owner letter in a corner tab.
    out.append(
        _el(
            "rect",
            x=x + 2,
            y=y + 2,
            width=S - 4,
            height=S - 4,
            rx=3,
            fill="#FFFFFF",
            stroke=colour,
            stroke_width=4,
        )
    )
    out.append(_el("rect", x=x, y=y, width=S, height=S, rx=4, fill="none", stroke=INK, stroke_width=1))
    out.append(_el("rect", x=x, y=y, width=17, height=17, rx=3, fill=colour, stroke=INK, stroke_width=1))
    out.append(
        _text(
            x + 8.5, y + 13, letter, size=12 if len(letter) == 1 else 8, weight="bold", fill=_contrast(colour)
        )
    )
    if space is not None:
        out.append(_text(x + S / 2 + 2, y + 13, f"#{space}", size=8, fill="#555555", class_="space-number"))
    out.append(_text(x + S - 6, y + 15, str(t.level), size=13, anchor="end", weight="bold"))
    if cubes:
        out.append(_text(x + S / 2, y + 26, abbr, size=11, weight="bold"))
        if barrels:
            out.append(_barrel(x + 15.5, y + 31.5, 4))
        else:
            out.append(
                _el(
                    "rect",
                    x=x + 12,
                    y=y + 28,
                    width=7,
                    height=7,
                    fill=cube,
                    stroke=INK,
                    stroke_width=0.5,
                    class_="cube",
                )
            )
        out.append(
            _text(
                x + 21,
                y + 35,
                f"×{t.cubes}",
                size=9,
                anchor="start",
                weight="bold",
                class_="barrels" if barrels else "cubes",
            )
        )
    else:
        out.append(_text(x + S / 2, y + 31, abbr, size=13, weight="bold"))
    if vp is not None:
        # the two numbers printed at the foot of a tile: VP (left) and income spaces on flipping (right)
        out.append(
            _text(
                x + 6,
                y + S - 5,
                f"{vp}VP",
                size=8,
                anchor="start",
                weight="bold",
                fill="#444444",
                class_="tile-vp",
            )
        )
        out.append(
            _text(
                x + S - 6,
                y + S - 5,
                f"+{income}",
                size=8,
                anchor="end",
                weight="bold",
                fill="#444444",
                class_="tile-income",
            )
        )
    return out


def _link_badges(geo, position, styles, data) -> list:
    out = ['<g class="link-badges">']
    for l in sorted(position.links, key=lambda l: l.line):
        ln = data.lines.get(l.line)
        if ln is None:
            continue
        colour, letter = styles[l.owner]
        mx, my = geo.middle(ln)
        out.append(f'<g class="link-badge" data-link="{escape(l.line)}">')
        out.append(_el("circle", cx=mx, cy=my, r=11, fill=colour, stroke=INK, stroke_width=2))
        out.append(
            _text(
                mx,
                my + 4.5,
                letter,
                size=13 if len(letter) == 1 else 10,
                weight="bold",
                fill=_contrast(colour),
            )
        )
        out.append("</g>")
    out.append("</g>")
    return out


# -------------------------------------------------------------------------------------- panel
def _links_left(position, data, name) -> int:
    p = position.player[name]
    return p.links_left if p.links_left is not None else data.links_per_player - len(position.own_links(name))


def _next_tiles(p, data) -> str:
    """The lowest level left of each industry on the player's mat."""
    if p.mat is None:
        return "next tiles: unknown (mat not given)"
    parts = []
    for ind in data.mat:
        levels = sorted(lv for lv, c in (p.mat.get(ind) or {}).items() if c > 0)
        parts.append(f"{INDUSTRY_ABBR.get(ind, ind)} {levels[0] if levels else '–'}")
    return "next tiles: " + " · ".join(parts)


def _player_lines_lancashire(position, data, name) -> list:
    p = position.player[name]
    level = data.income_level(p.income_space)
    stats = (
        f"£{p.money} · income {level:+d} (space {p.income_space}) · "
        f"{p.vp} VP · spent £{p.spent} · {_links_left(position, data, name)} links left"
    )
    return [stats, _next_tiles(p, data)]


def _player_lines_birmingham(position, data, name) -> list:
    p = position.player[name]
    level = data.income_level(p.income_space)
    stats = f"£{p.money} · income {level:+d} (space {p.income_space}) · {p.vp} VP · spent £{p.spent}"
    hand = (
        "hand unknown" if p.hand is None else f"{len(p.hand)} card{'s' if len(p.hand) != 1 else ''} in hand"
    )
    discard = f"discard {len(p.discard)}" + (" + 1 face down" if getattr(p, "hidden_discard", False) else "")
    cards = f"{_links_left(position, data, name)} links left · {hand} · {discard}"
    return [stats, cards, _next_tiles(p, data)]


def _panel(position, data, styles, map_h) -> list:
    pieces = _PANEL_PIECES.get(getattr(position, "game", "lancashire"), _PANEL_PIECES["lancashire"])
    player_lines, between, legend = pieces
    out: list = []
    y = 0
    out.append(
        _el(
            "rect",
            x=0,
            y=0,
            width=PANEL_W,
            height=map_h,
            rx=6,
            fill="#FAFAF7",
            stroke="#B9AE8E",
            stroke_width=1.5,
        )
    )
    y += 26
    out.append(_text(14, y, "Players (turn order)", size=16, anchor="start", weight="bold"))
    y += 10
    for name in position.players:
        colour, letter = styles[name]
        turn = name == position.turn and not position.game_over
        lines = player_lines(position, data, name)
        out.append(f'<g class="player" data-player={quoteattr(name)}>')
        out.append(
            _el(
                "rect",
                x=8,
                y=y,
                width=PANEL_W - 16,
                height=30 + 17 * len(lines),
                rx=5,
                fill="#FFF6CC" if turn else "#FFFFFF",
                stroke=INK if turn else "#CCCCCC",
                stroke_width=2 if turn else 1,
            )
        )
        out.append(
            _el("rect", x=16, y=y + 8, width=26, height=26, rx=4, fill=colour, stroke=INK, stroke_width=1)
        )
        out.append(
            _text(
                29, y + 26, letter, size=15 if len(letter) == 1 else 11, weight="bold", fill=_contrast(colour)
            )
        )
        out.append(
            _text(50, y + 20, name + ("  ◀ to play" if turn else ""), size=14, anchor="start", weight="bold")
        )
        for i, line in enumerate(lines):
            fill = INK if i == 0 else "#444444"
            out.append(_text(50, y + 38 + 17 * i, line, size=12, anchor="start", fill=fill, class_=None))
        out.append("</g>")
        y += 36 + 17 * len(lines)
    y += 14
    for kind in ("coal", "iron"):
        market = data.markets[kind]
        out += _market(y, kind, position.markets.get(kind, 0), market.prices, market.empty_price)
        y += 92
    block, height = between(y, position, data)
    out += block
    y += height
    out += legend(y, data)
    return out


def _dcm_block(y, position, data) -> tuple:
    return _dcm(y, position, data), 112


def _cards_block(y, position, data) -> tuple:
    """Birmingham: the draw deck and the two wild card piles."""
    deck = "unknown" if position.draw_deck is None else str(position.draw_deck)
    piles = getattr(position, "wild_piles", {}) or {}
    out = [
        f'<g class="cards" data-draw-deck="{escape(deck)}">',
        _text(14, y + 16, "Cards", size=15, anchor="start", weight="bold"),
        _text(14, y + 36, f"draw deck: {deck} card{'' if deck == '1' else 's'}", size=12, anchor="start"),
    ]
    wild = [
        f"{(data.wild_cards.get(k) or {}).get('name', k)}: {piles.get(k, 0)} left" for k in data.wild_cards
    ]
    out.append(_text(14, y + 53, " · ".join(wild), size=12, anchor="start"))
    out.append("</g>")
    return out, 70


def _market(y, kind, cubes, prices, empty_price) -> list:
    n = len(prices)
    cubes = max(0, min(n, cubes))
    colour = CUBE_COLOUR["coal_mine" if kind == "coal" else "iron_works"]
    out = [
        f'<g class="market" data-market="{kind}" data-cubes="{cubes}">',
        _text(
            14,
            y + 16,
            f"{kind.title()} Market: {cubes} cube{'s' if cubes != 1 else ''}",
            size=15,
            anchor="start",
            weight="bold",
        ),
        _text(PANEL_W - 14, y + 16, f"empty: £{empty_price} each", size=12, anchor="end", fill="#444444"),
    ]
    # 44-pixel spaces 6 apart (Lancashire's 8); more spaces (Birmingham's 14 coal) share the width
    gap = 6 if n * 50 <= PANEL_W - 28 else 4
    cw = 44 if gap == 6 else (PANEL_W - 28 - (n - 1) * gap) // n
    cube_side = min(20, cw - 6)
    x0 = 14
    for i, price in enumerate(prices):
        x = x0 + i * (cw + gap)
        filled = i >= n - cubes  # cubes fill the most expensive spaces
        out.append(
            _el(
                "rect",
                x=x,
                y=y + 26,
                width=cw,
                height=34,
                rx=4,
                fill="#FFFFFF",
                stroke="#777777",
                stroke_width=1,
            )
        )
        if filled:
            out.append(
                _el(
                    "rect",
                    x=x + cw / 2 - cube_side / 2,
                    y=y + 43 - cube_side / 2,
                    width=cube_side,
                    height=cube_side,
                    rx=2,
                    fill=colour,
                    stroke=INK,
                    stroke_width=1,
                    class_="cube",
                )
            )
        out.append(_text(x + cw / 2, y + 76, f"£{price}", size=12, weight="bold"))
    out.append("</g>")
    return out


def _dcm(y, position, data) -> list:
    track = list(data.dcm_track)
    out = [
        f'<g class="dcm" data-marker="{position.dcm_position:d}">',
        _text(14, y + 16, "Distant Cotton Market", size=15, anchor="start", weight="bold"),
    ]
    drawn = ", ".join(str(d) for d in position.dcm_drawn) or "none"
    out.append(_text(PANEL_W - 14, y + 16, f"tiles drawn: {drawn}", size=12, anchor="end", fill="#444444"))
    cw = 40
    for i in range(len(track) + 1):
        x = 14 + i * (cw + 6)
        space = i + 1
        is_x = i == len(track)
        here = space == position.dcm_position
        out.append(
            _el(
                "rect",
                x=x,
                y=y + 26,
                width=cw,
                height=40,
                rx=4,
                fill="#3A3A3A" if is_x else "#FFFFFF",
                stroke="#777777",
                stroke_width=1,
            )
        )
        if is_x:
            out.append(_text(x + cw / 2, y + 53, "X", size=18, weight="bold", fill="#FFFFFF"))
        else:
            out.append(_text(x + cw / 2, y + 52, f"+{track[i]}", size=14, weight="bold"))
        out.append(_text(x + cw / 2, y + 80, str(space), size=11, fill="#555555"))
        if here:
            out.append(
                _el(
                    "circle",
                    cx=x + cw / 2,
                    cy=y + 46,
                    r=17,
                    fill="none",
                    stroke="#D55E00",
                    stroke_width=4,
                    class_="dcm-marker",
                )
            )
    out.append(
        _text(
            14,
            y + 98,
            "+N: income spaces a sale there earns; X: no more distant sales",
            size=11,
            anchor="start",
            fill="#444444",
        )
    )
    out.append("</g>")
    return out


def _legend_tile_row(y, data, single: str, shared: tuple, unflipped, flipped, captions: tuple) -> tuple:
    """The legend's first row (both games): a space, a shared space, an unflipped and a flipped
    tile of the game's industries, and the caption lines beside them; returns (svg, next y)."""
    from types import SimpleNamespace as NS

    out = _space_icon(14, y, NS(index=0, industries=frozenset({single})))
    out.append(_text(14 + S / 2, y + S + 13, "space", size=11))
    out += _space_icon(74, y, NS(index=0, industries=frozenset(shared)))
    out.append(_text(74 + S / 2, y + S + 13, "shared", size=11))
    out += _tile_body(144, y, unflipped, "#0072B2", "B", data)
    out.append(_text(144 + S / 2, y + S + 13, "unflipped", size=11))
    out += _tile_body(204, y, flipped, "#0072B2", "B", data)
    out.append(_text(204 + S / 2, y + S + 13, "flipped", size=11))
    for i, line in enumerate(captions):
        out.append(_text(264, y + 10 + 13 * i, line, size=11, anchor="start"))
    return out, y + S + 30


def _legend_notes(y, lines: tuple) -> list:
    """The legend's closing notes and its end (both games)."""
    out = []
    for line in lines:
        out.append(_text(14, y, line, size=11, anchor="start", fill="#444444"))
        y += 15
    out.append("</g>")
    return out


def _legend(y, data=None) -> list:
    from types import SimpleNamespace as NS

    out = ['<g class="legend">', _text(14, y + 14, "Legend", size=15, anchor="start", weight="bold")]
    part, y = _legend_tile_row(
        y + 26,
        data,
        "port",
        ("cotton_mill", "coal_mine"),
        NS(industry="coal_mine", level=2, flipped=False, cubes=3, space=0),
        NS(industry="port", level=1, flipped=True, cubes=0, space=1),
        (
            "tile: owner (top left), space #N,",
            "level (top right), industry, ■×N",
            "cubes; at its foot the VP it scores",
            "and +income spaces on flipping",
        ),
    )
    out += part
    part, y = _legend_line_rows(y)
    out += part
    out += _coins(20, y + 6, 2)
    out.append(_text(46, y + 10, "link VP icons", size=11, anchor="start"))
    out.append(_el("rect", x=130, y=y - 2, width=52, height=16, rx=3, fill="#3F5A33"))
    out.append(_text(156, y + 10, "⚓ trade", size=10, weight="bold", fill="#FFFFFF"))
    out.append(_text(188, y + 10, "trade icon (links to the Coal Market)", size=11, anchor="start"))
    y += 26
    part, y = _legend_moves_and_marks(y)
    out += part
    return out + _legend_notes(
        y,
        (
            "TRIED (ILLEGAL verdicts): where the player tried to build; nothing",
            "moved. ✗B Coal1 in a tag: the tile removed (owner, industry, level).",
            "Spaces are numbered #0, #1, ... left to right, then top to",
            "bottom (the '#N' of a tile in a position file). Market cubes fill the",
            "dearest spaces first; buying takes the cheapest cube (£5 if empty).",
        ),
    )


def _legend_line_rows(y) -> tuple:
    """The legend rows of the link lines and of the links built on them (both games)."""
    out: list = []
    # Row 2: lines.
    rows = [
        ("canal only", [dict(stroke=CANAL_COLOUR, stroke_width=3, stroke_dasharray="9 5")], 0),
        ("rail only", [dict(stroke=RAIL_COLOUR, stroke_width=3)], 0),
        (
            "canal or rail",
            [
                dict(stroke=CANAL_COLOUR, stroke_width=3, stroke_dasharray="9 5"),
                dict(stroke=RAIL_COLOUR, stroke_width=3),
            ],
            3.5,
        ),
    ]
    x = 14
    for label, strokes, off in rows:
        for i, st in enumerate(strokes):
            d = off if i == 0 else -off
            out.append(_seg(x, y + 6 - d, x + 50, y + 6 - d, **st))
        out.append(_text(x + 56, y + 10, label, size=11, anchor="start"))
        x += 140
    y += 18
    out.append(
        _seg(
            14,
            y + 6,
            64,
            y + 6,
            stroke=CANAL_COLOUR,
            stroke_width=3,
            stroke_dasharray="9 5",
            stroke_opacity=FADED,
        )
    )
    out.append(
        _text(
            70,
            y + 10,
            "faded: cannot be built this era (canal in Rail Era, rail in Canal Era)",
            size=11,
            anchor="start",
        )
    )
    y += 24
    x = 14
    for label, kind in (("canal link built", "canal"), ("rail link built", "rail")):
        out.append(_seg(x, y + 6, x + 50, y + 6, stroke=INK, stroke_width=11, stroke_linecap="round"))
        out.append(_seg(x, y + 6, x + 50, y + 6, stroke="#D55E00", stroke_width=8, stroke_linecap="round"))
        out.append(
            _seg(
                x,
                y + 6,
                x + 50,
                y + 6,
                stroke="#FFFFFF" if kind == "canal" else INK,
                stroke_width=2,
                stroke_dasharray="6 5" if kind == "canal" else None,
            )
        )
        out.append(_el("circle", cx=x + 25, cy=y + 6, r=9, fill="#D55E00", stroke=INK, stroke_width=2))
        out.append(_text(x + 25, y + 10, "R", size=11, weight="bold", fill=INK))
        out.append(_text(x + 60, y + 10, label, size=11, anchor="start"))
        x += 180
    y += 26
    return out, y


def _legend_moves_and_marks(y) -> tuple:
    """The legend rows of the coal and iron routes and of the NEW / FLIP / GONE tags (both games)."""
    out: list = []
    out.append(
        _seg(
            14,
            y + 6,
            64,
            y + 6,
            stroke=INK,
            stroke_width=4,
            stroke_dasharray="10 5",
            marker_end="url(#arrow-coal)",
        )
    )
    out.append(_text(70, y + 10, "coal moved", size=11, anchor="start"))
    out.append(
        _seg(
            154,
            y + 6,
            204,
            y + 6,
            stroke=CUBE_COLOUR["iron_works"],
            stroke_width=4,
            stroke_dasharray="3 4",
            marker_end="url(#arrow-iron)",
        )
    )
    out.append(_text(210, y + 10, "iron moved", size=11, anchor="start"))
    y += 28
    for i, (tag, text) in enumerate(
        (("NEW", "tile built"), ("FLIP", "tile flipped"), ("GONE", "tile removed"))
    ):
        x = 14 + i * 140
        tw = 9 + 7.5 * len(tag)
        out.append(
            _el(
                "rect",
                x=x,
                y=y - 4,
                width=20,
                height=20,
                rx=4,
                fill="none",
                stroke=INK,
                stroke_width=3,
                stroke_dasharray={"NEW": None, "FLIP": "5 3", "GONE": "2 3"}[tag],
            )
        )
        out.append(_el("rect", x=x + 24, y=y - 2, width=tw, height=15, rx=3, fill=INK))
        out.append(_text(x + 24 + tw / 2, y + 9.5, tag, size=11, weight="bold", fill="#FFFFFF"))
        out.append(_text(x + 28 + tw, y + 10, text, size=11, anchor="start"))
    y += 34
    return out, y


def _legend_birmingham(y, data=None) -> list:
    """Brass: Birmingham's legend: its industries, barrels, merchants and the three-ended line."""
    from types import SimpleNamespace as NS

    out = ['<g class="legend">', _text(14, y + 14, "Legend", size=15, anchor="start", weight="bold")]
    part, y = _legend_tile_row(
        y + 26,
        data,
        "brewery",
        ("cotton_mill", "manufacturer"),
        NS(industry="brewery", level=1, flipped=False, cubes=1, space=0),
        NS(industry="manufacturer", level=1, flipped=True, cubes=0, space=1),
        (
            "tile: owner (top left), space #N,",
            "level (top right), industry, ■×N",
            "cubes or ●×N beer barrels; at its",
            "foot its VP and +income spaces;",
            "flipped, a coin: its link VP icons",
        ),
    )
    out += part
    part, y = _legend_line_rows(y)
    out += part
    # Merchants: a tile and its barrel, a blank tile, a space not used at this player count.
    out += _merchant_face(14, y, "cotton_mill", data)
    out.append(_barrel(14 + S + 13, y + S / 2, 9))
    out += _merchant_face(104, y, "blank", data)
    out.append(
        _el(
            "rect", x=164, y=y, width=S, height=S, rx=4, fill="none", stroke="#6B7F5E", stroke_dasharray="4 3"
        )
    )
    out.append(_text(164 + S / 2, y + 21, "4", size=12, weight="bold", fill="#55664A"))
    out.append(_text(164 + S / 2, y + 35, "players", size=9, fill="#55664A"))
    for i, line in enumerate(
        (
            "merchant tile: what it buys, and ● the",
            "beer barrel beside it (dashed: taken);",
            "blank buys nothing; dashed space: not",
            "used at this count (its player counts)",
        )
    ):
        out.append(_text(224, y + 10 + 13 * i, line, size=11, anchor="start"))
    y += S + 14
    out.append(_barrel(20, y + 6, 5))
    out.append(_text(29, y + 10, "£5: the barrel's bonus", size=11, anchor="start"))
    out += _coins(170, y + 6, 2)
    out.append(_text(196, y + 10, "link VP icons (a merchant's printed 2)", size=11, anchor="start"))
    y += 24
    for end in ((14, y + 14), (64, y + 14), (39, y - 6)):
        out.append(_seg(39, y + 6, *end, stroke=RAIL_COLOUR, stroke_width=3))
    out.append(_el("circle", cx=39, cy=y + 6, r=6, fill="#FFFFFF", stroke=INK, stroke_width=2))
    out.append(
        _text(76, y + 10, "a line with three ends: one link touches all three", size=11, anchor="start")
    )
    y += 28
    part, y = _legend_moves_and_marks(y)
    out += part
    return out + _legend_notes(
        y,
        (
            "TRIED (ILLEGAL verdicts): where the player tried to build; nothing",
            "moved. Spaces are numbered #0, #1, ... left to right, then top to",
            "bottom (the '#N' of a tile in a position file). Market cubes fill the",
            "dearest spaces first; buying takes the cheapest cube (coal £8 and",
            "iron £6 once the market is empty).",
        ),
    )


#: What the side panel draws differently per game: each player's lines of figures, the block under
#: the markets (Lancashire's Distant Cotton Market, Birmingham's cards) and the legend.
_PANEL_PIECES = {
    "lancashire": (_player_lines_lancashire, _dcm_block, _legend),
    "birmingham": (_player_lines_birmingham, _cards_block, _legend_birmingham),
}
