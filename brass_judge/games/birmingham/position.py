"""Read and write Brass: Birmingham positions (``game: birmingham``;
``schemas/position-birmingham.schema.json``; the format: ``docs/positions-birmingham.md``).

The shared reader (:mod:`brass_judge.position_io`) does the common part (players, order, turn,
tiles, links, mats, markets, forgiving names and close-match suggestions, file:line:field errors);
this module adds what Birmingham has and Lancashire does not, through the reader's hooks:

* **merchants**: the tile face on each merchant space in play and whether its barrel is there
  (``warrington: [cotton_mill, blank]`` or ``[{tile: cotton_mill, barrel: false}, ...]``);
* **barrels** on a Brewery (``barrels=N`` in a tile string, ``barrels:`` in a mapping; they are
  the tile's ``cubes``);
* the **wild cards** (``wild_location``, ``wild_industry``) in hands and their two piles;
* the face-down first discard (``hidden_discard``) and the draw deck (``draw_deck: N``).

Defaults, each listed as an assumption when it is used (as for Lancashire): £17 and income space
10; markets at their setup fill (13 coal, 8 iron); a Brewery's barrels as built in the current era
(1 in the Canal Era, 2 in the Rail Era); merchants not given: every merchant space in play holds a
blank tile (nothing can be sold there, no barrels) -- the faces cannot be guessed, and a blank tile
never lets the judge allow a sale the table would refuse; a merchant listed with its faces but no
``barrel:``: a barrel beside each non-blank tile (the setup); wild piles: 4 each minus the wild
cards in the hands; ``hidden_discard``: true in the Canal Era (the card stays under the discards
until they are shuffled into the Rail Era deck), false in the Rail Era.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import UnknownNameError, closest, quote
from ...model import CANAL, RAIL
from ...position_io import LoadedPosition, _Builder
from .model import WILD_CARDS, BirminghamPlayer, BirminghamPosition, MerchantSpace

#: the position file's schema (``schemas/position-birmingham.schema.json``)
SCHEMA = "position-birmingham"
BLANK = "blank"
ALL = "all"
#: the position attribute naming the merchants whose tiles were not given (assumed blank)
ASSUMED_MERCHANTS = "assumed_merchants"
#: other words for the merchant tile faces that name no industry
_FACE_WORDS = {
    "all": ALL,
    "any": ALL,
    "all industries": ALL,
    "cotton manufacturer pottery": ALL,
    "blank": BLANK,
    "empty": BLANK,
    "none": BLANK,
    "nothing": BLANK,
}


@dataclass
class BirminghamLoaded(LoadedPosition):
    """A loaded Birmingham position: also which of Birmingham's own fields the file gave
    (``merchants``, ``wild_piles``, ``draw_deck``); the merchants assumed blank are named on the
    position itself (``assumed_merchants``), so that copies keep them."""

    given: frozenset = field(default_factory=frozenset)


def _norm(text: Any) -> str:
    return " ".join(str(text).lower().replace("_", " ").replace("-", " ").split())


def wild_card_key(data: Any, name: Any) -> str | None:
    """The wild card key *name* stands for (``wild_location``, "Wild Industry", ...), or None."""
    n = _norm(name)
    for key, v in data.wild_cards.items():
        if n in (_norm(key), _norm(v.get("name", key)), _norm(v.get("name", key)) + " card"):
            return str(key)
    return None


def card_key(data: Any, name: Any, *, field: str | None = None) -> str:
    """A Birmingham card name: a wild card, else a Location or Industry card (``data.card``)."""
    wild = wild_card_key(data, name)
    if wild:
        return wild
    try:
        return str(data.card(name, field=field))
    except UnknownNameError as err:
        near = closest(str(name), [str(v.get("name", k)) for k, v in data.wild_cards.items()])
        if near and not err.suggestions:
            err.suggestions = tuple(near)
        raise


class Builder(_Builder):
    """The shared reader with Birmingham's fields (see the module docstring)."""

    COUNT_WORDS = {"cubes": "cubes", "barrels": "cubes", "space": "space"}
    TILE_WORDS = "flipped, unflipped, barrels=N, cubes=N, space=N or level=N"

    def __init__(self, doc: Any, data: Any, root: tuple) -> None:
        super().__init__(doc, data, root)
        self._raw: dict = {}
        self._given: set = set()

    # ----- names ---------------------------------------------------------------------------------
    def name(self, kind: str, value: str, path: tuple) -> str | None:
        if kind == "card":
            try:
                return card_key(self.data, value)
            except UnknownNameError as e:
                self.err(e.message, path, suggestions=e.suggestions, code="INP010")
                return None
        return super().name(kind, value, path)

    # ----- the shared reader's hooks ---------------------------------------------------------------
    def new_player(self, name: str, raw: dict) -> BirminghamPlayer:
        self._raw[name] = raw
        return BirminghamPlayer(name)

    def new_position(self, **fields: Any) -> BirminghamPosition:
        return BirminghamPosition(**fields)

    def market_default(self, market: Any) -> int:
        return int(market.setup_fill)

    def default_cubes(self, spec: Any, owner: str, loc: str, flipped: bool, era: str) -> int:
        if not spec.barrels:  # not a Brewery
            return super().default_cubes(spec, owner, loc, flipped, era)
        if flipped:
            return 0
        built = era if spec.barrels_in(era) else (RAIL if era == CANAL else CANAL)
        barrels = int(spec.barrels_in(built))
        self.assumptions.append(
            f"{owner}'s level {spec.level} Brewery in {self.data.locations[loc].name}: barrels not given, "
            f"assumed {barrels} (as built in the {built.title()} Era)"
        )
        return barrels

    def tile(self, t: Any, path: tuple, player_name: Any, era: str) -> Any:
        if isinstance(t, dict) and "barrels" in t:
            if "cubes" in t and t["cubes"] != t["barrels"]:
                self.err(
                    f"the tile gives barrels: {t['barrels']} and cubes: {t['cubes']}; a Brewery's barrels "
                    "are its cubes: give one of them",
                    path + ("barrels",),
                    code="INP046",
                )
                return None
            t = {**{k: v for k, v in t.items() if k != "barrels"}, "cubes": t["barrels"]}
        return super().tile(t, path, player_name, era)

    def finish(self, o: dict, pos: Any, paths: dict) -> None:
        self._merchants(o, pos, paths)
        self._wild_piles(o, pos)
        for n, raw in self._raw.items():
            p = pos.player.get(n)
            if p is None:
                continue
            if "hidden_discard" in raw:
                p.hidden_discard = bool(raw["hidden_discard"])
            else:
                p.hidden_discard = pos.era == CANAL
        if "draw_deck" in o:
            self._given.add("draw_deck")
            paths["draw_deck"] = ("draw_deck",)
            if pos.draw_deck is not None and pos.draw_deck != o["draw_deck"]:
                self.err(
                    f"draw_deck says {o['draw_deck']} cards but deck: says {pos.draw_deck}: give one of them",
                    ("draw_deck",),
                    code="INP045",
                )
            pos.draw_deck = o["draw_deck"]

    def build(self) -> BirminghamLoaded:
        lp = super().build()
        return BirminghamLoaded(**lp.__dict__, given=frozenset(self._given))

    # ----- Birmingham's own fields -----------------------------------------------------------------
    def _face(self, value: Any, path: tuple) -> str | None:
        n = _norm(value)
        if n in _FACE_WORDS:
            return _FACE_WORDS[n]
        faces = list(self.data.merchant_tiles)
        try:
            ind = self.data.industry(str(value))
        except UnknownNameError:
            ind = None
        if ind in faces:
            return str(ind)
        self.err(
            f"unknown merchant tile {quote(value)}: a merchant tile shows {', '.join(faces)}",
            path,
            suggestions=closest(str(value), faces),
            code="INP010",
        )
        return None

    def _merchants(self, o: dict, pos: Any, paths: dict) -> None:
        rules = self.data.rules
        in_play = rules.merchant_spaces(pos.num_players)
        raw = o.get("merchants")
        merchants: dict = {}
        if raw is not None:
            self._given.add("merchants")
            for key, spaces in raw.items():
                at = ("merchants", key)
                try:
                    loc = self.data.location(str(key))
                except UnknownNameError as e:
                    self.err(
                        e.message, at, suggestions=closest(str(key), list(rules.merchants)), code="INP010"
                    )
                    continue
                if loc.kind != "merchant":
                    self.err(
                        f"{loc.name} is not a merchant (the merchants: "
                        f"{', '.join(self.data.locations[m].name for m in rules.merchants)})",
                        at,
                        code="INP010",
                    )
                    continue
                if loc.key in merchants:
                    self.err(f"merchant {loc.name} is listed twice", at, code="INP041")
                    continue
                out: list[MerchantSpace] = []
                for i, sp in enumerate(spaces):
                    face = self._face(sp if isinstance(sp, str) else sp["tile"], at + (i,))
                    if face is None:
                        continue
                    barrel = sp.get("barrel", face != BLANK) if isinstance(sp, dict) else face != BLANK
                    paths[("merchant", loc.key, len(out))] = at + (i,)
                    out.append(MerchantSpace(face, bool(barrel)))
                merchants[loc.key] = tuple(out)
                paths[("merchant", loc.key)] = at
        missing = [m for m in rules.merchants if in_play.get(m) and m not in merchants]
        for m in rules.merchants:
            if m in missing:
                merchants[m] = tuple(MerchantSpace(BLANK, False) for _ in range(in_play[m]))
        if missing:
            names = ", ".join(self.data.locations[m].name for m in missing)
            self.assumptions.append(
                ("merchants not given" if raw is None else f"merchants: {names} not listed")
                + f": assumed a blank tile (no barrel) on every merchant space of {names} in play "
                f"at {pos.num_players} players, so nothing can be sold there; list each merchant's tiles "
                "under merchants: (e.g. 'oxford: [all, blank]')"
            )
        # map order, so the position reads the same however the file ordered them
        pos.merchants = {m: merchants[m] for m in rules.merchants if m in merchants}
        # the merchants whose faces are a default, not the file's (a field of the position, which
        # copies keep): validation does not count them, the dump leaves them out
        setattr(pos, ASSUMED_MERCHANTS, frozenset(missing))

    def _wild_piles(self, o: dict, pos: Any) -> None:
        raw = o.get("wild_piles") or {}
        if "wild_piles" in o:
            self._given.add("wild_piles")
        piles = {}
        for key, count in self.data.rules.wild_cards.items():
            if key in raw:
                piles[key] = int(raw[key])
                continue
            held = sum((p.hand or []).count(key) for p in pos.player.values())
            piles[key] = max(0, count - held)
            if held:
                name = self.data.wild_cards[key].get("name", key)
                self.assumptions.append(
                    f"wild_piles.{key} not given: assumed {piles[key]} {name} card(s) on its pile "
                    f"({count} minus the {held} in hand)"
                )
        pos.wild_piles = piles


# ------------------------------------------------------------------------------------- writing
def position_to_obj(pos: Any, data: Any = None) -> dict:
    """The YAML mapping of the Birmingham position *pos*, in the format :class:`Builder` reads."""
    if data is None or data.game != pos.game or data.variant != pos.variant:
        from .. import get_rules

        data = get_rules(pos.game, pos.variant).data
    from ...position_io import players_obj, position_head

    out = position_head(pos)
    out["players"] = players_obj(pos, lambda p: {"hidden_discard": bool(getattr(p, "hidden_discard", False))})
    out["order"] = list(pos.players)
    tiles = []
    for t in pos.tiles:
        row: dict = {
            "owner": t.owner,
            "industry": t.industry,
            "location": t.location,
            "level": t.level,
            "space": t.space,
            "flipped": t.flipped,
        }
        spec = data.mat[t.industry][0]
        if spec.barrels:
            row["barrels"] = t.cubes
        elif spec.resource is not None:
            row["cubes"] = t.cubes
        tiles.append(row)
    out["tiles"] = tiles
    out["links"] = [{"owner": l.owner, "line": _line_name(data, l.line), "kind": l.kind} for l in pos.links]
    out["markets"] = {r: pos.markets.get(r, 0) for r in data.markets}
    assumed: frozenset[str] = getattr(pos, ASSUMED_MERCHANTS, frozenset())
    merchants = {
        m: [{"tile": s.face, "barrel": s.barrel} for s in spaces]
        for m, spaces in pos.merchants.items()
        if m not in assumed  # left out, they are assumed again when read back
    }
    if merchants:
        out["merchants"] = merchants
    out["wild_piles"] = {k: int(pos.wild_piles.get(k, 0)) for k in WILD_CARDS}
    if pos.draw_pile is not None:
        out["deck"] = {"cards": list(pos.draw_pile)}
    elif pos.draw_deck is not None:
        out["draw_deck"] = pos.draw_deck
    if pos.turns_taken:
        out["turns_taken"] = list(pos.turns_taken)
    if pos.game_over:
        out["game_over"] = True
    return out


def _line_name(data: Any, key: str) -> str:
    """A line as the reader reads it back: its first two ends (the three-ended line is named by
    two of its towns, which the reader accepts)."""
    ends = data.lines[key].ends
    towns = [e for e in ends if data.locations[e].kind != "farm-brewery"] if len(ends) > 2 else list(ends)
    return "-".join(towns[:2])
