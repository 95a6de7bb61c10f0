"""Read and write position files (YAML, ``schemas/position.schema.json``).

Defaults (each one is listed as an assumption in the verdict when used):

* ``variant`` standard; ``era`` canal; ``round`` 1; ``turn``: first player in ``order``;
  ``actions_left``: 1 in the first Canal Era round, else 2;
* a player: money £30, income space 10 (level 0), 0 VP, £0 spent; hand unknown (any card played
  is assumed held); mat unknown (inferred from the player's tiles on the board; in the Rail Era
  level 1 tiles are taken as gone); links left = 14 minus the player's links on the board;
* markets full (8 coal, 8 iron); Distant Cotton Market marker on space 1 with no tile drawn;
* draw deck size unknown (a Rail Era loan is then assumed allowed).

Tiles and links may be written as mappings or compactly::

    tiles:
      - red cotton@manchester            # level 1, unflipped
      - blue coal2@wigan cubes=2
      - green port1@liverpool#0 flipped  # '#N' names the space (0-based)
    links:
      - red bolton-bury                  # canal in the Canal Era, rail in the Rail Era
      - blue rail wigan-preston
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError, InputErrors, UnknownNameError, closest, quote
from .games import examples as _examples
from .model import CANAL, RAIL, Link, PlayerState, Position, Tile
from .yamlio import Document, load_file, load_string, looks_like_path

#: The longest player name: a name is printed in every verdict, picture and log line.
MAX_NAME = 64

_TILE_RE = re.compile(
    r"^\s*(?P<owner>[\w-]+)\s+(?P<ind>[A-Za-z_ -]+?)(?P<level>\d)?\s*@\s*(?P<loc>[^#\s]+(?:\s[^#\s=]+)*?)"
    r"(?:#(?P<space>\d))?(?P<rest>(?:\s+\S+)*)\s*$"
)


@dataclass
class LoadedPosition:
    """A position with where it came from and the defaults that were filled in."""

    position: Position
    doc: Document | None = None
    assumptions: list = field(default_factory=list)
    #: (kind, index) -> field path in the document, for locating validation problems
    paths: dict = field(default_factory=dict)
    #: the file lists the Distant Cotton Market tiles drawn (even as []), so the marker must match them
    dcm_drawn_given: bool = False
    #: player -> (the assumption text, the fields not given) of each player whose money or income
    #: space took the starting default (a verdict folds those of players its action does not touch)
    player_defaults: dict = field(default_factory=dict)

    @property
    def file(self) -> str | None:
        return self.doc.file if self.doc else None

    def line_of(self, path: tuple) -> int | None:
        if not self.doc:
            return None
        return self.doc.line_of(path)[0]


def load_position(source: Any, data=None, *, name: str = "<position>") -> LoadedPosition:
    """Load a position from a path, a YAML string, or an already parsed mapping."""
    if isinstance(source, Position):
        return LoadedPosition(source)
    if isinstance(source, Path) or (isinstance(source, str) and looks_like_path(source)):
        doc = load_file(source, what="position file")
    elif isinstance(source, str):
        doc = load_string(source, name)
    elif isinstance(source, dict):
        doc = Document(source, name, {})
    elif isinstance(source, Document):
        doc = source
    else:
        raise InputError(f"cannot read a position from {type(source).__name__}")
    return position_from_doc(doc, data)


def position_from_doc(doc: Document, data=None, root: tuple = ()) -> LoadedPosition:
    from .schema_check import check_schema

    obj = doc.data
    for p in root:
        obj = obj[p]
    wrong = _wrong_kind(obj) if not root else None
    if wrong:
        raise doc.error(wrong, root, code="INP030")
    if not isinstance(obj, dict):
        from .schema_check import _kind

        raise doc.error(
            f"a position file must be a mapping of fields (players:, tiles:, ...), not {_kind(obj)}",
            root,
            code="INP030",
        )
    sub = Document(
        obj,
        doc.file,
        {k[len(root) :]: v for k, v in doc.lines.items() if k[: len(root)] == root},
        {k[len(root) :]: v for k, v in doc.comments.items() if k[: len(root)] == root},
    )
    from .games import refuse_unjudged

    refuse_unjudged(doc, obj, root)  # a game whose positions the engine cannot read yet
    from .games import resolve_game

    game = resolve_game(obj.get("game"))
    reader = _reader_of(game)  # the game's own position format, or Lancashire's (this module's)
    check_schema(sub, reader.SCHEMA if reader else "position")
    variant = obj.get("variant", "standard")
    if data is None or data.variant != variant or data.game != game:
        from .games import get_rules

        try:
            data = get_rules(game, variant).data
        except InputError as err:  # the schema lists the games and variants; this is a backstop
            raise doc.error(str(err.args[0] if err.args else err), root + ("game",), code="INP035") from None
    return (reader.Builder if reader else _Builder)(sub, data, root).build()


def _reader_of(game: str) -> Any:
    """The module reading and writing *game*'s positions when the game has its own format
    (``brass_judge/games/<game>/position.py``: ``SCHEMA``, ``Builder``, ``position_to_obj``), else
    None: the game's positions are this module's (Lancashire's) format."""
    from .games import known_games

    if game not in known_games():
        return None
    import importlib

    module = importlib.import_module(f"{__package__}.games.{game}")
    name = getattr(module, "POSITION_FORMAT", None)
    return importlib.import_module(f"{__package__}.games.{game}.{name}") if name else None


def _wrong_kind(obj: Any) -> str | None:
    """Why *obj* is another kind of brass-judge file than a position (None if it may be one)."""
    if isinstance(obj, dict) and "players" not in obj:
        if "turns" in obj or "setup" in obj:
            return (
                "this is a game log (setup:, turns:), not a position: replay it with `brass-judge replay FILE`, "
                "or take the position before action N with `brass-judge replay FILE --at N --out pos.yaml`"
            )
        if "action" in obj or "actions" in obj:
            return (
                "this is an action file, not a position: the position file comes first "
                "(`brass-judge check POSITION ACTION_FILE`)"
            )
    if isinstance(obj, str) and obj.split(" ", 1)[0].lower() in _action_words():
        return (
            "this is an action, not a position: the position file comes first "
            '(`brass-judge check POSITION ACTION_FILE`, or `--action "..."`)'
        )
    return None


def _action_words() -> frozenset:
    """Every game's action words (a position file holding one line of notation is an action);
    read only for a file that is a string, so no game's kinds are imported otherwise."""
    from .actions import action_kinds
    from .games import known_games

    return frozenset(k.word for g in known_games() for k in action_kinds(g))


class _Builder:
    """Reads a position mapping (already schema-checked) into a Position. A game with its own
    format subclasses it (``games/<game>/position.py``) and overrides the hooks below."""

    #: words ``N=`` of a compact tile string -> the tile field they set
    COUNT_WORDS: dict = {"cubes": "cubes", "space": "space"}
    #: the words a compact tile string may carry after its location, for the message
    TILE_WORDS = "flipped, unflipped, cubes=N, space=N or level=N"

    def __init__(self, doc: Document, data, root: tuple) -> None:
        self.doc = doc
        self.data = data
        self.root = root
        self.errors: list = []
        self.assumptions: list = []
        self.player_defaults: dict = {}

    def err(self, msg: str, path: tuple, **kw) -> None:
        line, col = self.doc.line_of(path)
        from .yamlio import format_path

        kw.setdefault("code", "INP040")
        self.errors.append(
            InputError(
                msg, file=self.doc.file, line=line, column=col, field=format_path(self.root + path), **kw
            )
        )

    def name(self, kind: str, value: str, path: tuple) -> str | None:
        try:
            if kind == "location":
                return self.data.location(value).key
            if kind == "industry":
                return self.data.industry(value)
            if kind == "card":
                return self.data.card(value)
        except UnknownNameError as e:
            self.err(e.message, path, suggestions=e.suggestions, code="INP010")
            return None
        raise AssertionError(kind)

    def build(self) -> LoadedPosition:
        o = self.doc.data
        d = self.data
        era = str(o.get("era", "canal")).lower()
        if "era" not in o:
            self.assumptions.append("era not given: assumed the Canal Era")
        players_raw = o["players"]
        if isinstance(players_raw, list):
            names = [str(p) for p in players_raw]
            pdata = {n: None for n in names}
        else:
            names = [str(p) for p in players_raw]
            pdata = {str(k): v for k, v in players_raw.items()}
        lower = {}
        for i, n in enumerate(names):
            if len(n) > MAX_NAME:
                at = ("players", list(players_raw)[i]) if isinstance(players_raw, dict) else ("players", i)
                self.err(
                    f"player name {quote(n)} is too long (at most {MAX_NAME} characters)", at, code="INP040"
                )
            if n.lower() in lower:
                at = ("players", list(players_raw)[i]) if isinstance(players_raw, dict) else ("players", i)
                self.err(f"two players named {quote(n)}", at, code="INP041")
            lower[n.lower()] = n

        def player_name(v, path) -> str | None:
            n = lower.get(str(v).lower())
            if n is None:
                self.err(
                    f"unknown player {quote(v)}", path, suggestions=closest(str(v), names), code="INP010"
                )
            return n

        order = names
        if "order" in o:
            order = []
            for i, v in enumerate(o["order"]):
                who = player_name(v, ("order", i))
                if who:
                    order.append(who)
            if set(order) != set(names) and not self.errors:
                self.err("'order' must list every player exactly once", ("order",), code="INP042")
        rnd = int(o.get("round", 1))
        players = {}
        partial_mats: dict = {}
        for n in names:
            raw: dict = pdata.get(n) or {}
            base = ("players", n) if isinstance(players_raw, dict) else ("players",)
            ps = self.new_player(n, raw)
            ps.money = raw.get("money", d.start_money)
            ps.vp = raw.get("vp", 0)
            ps.spent = raw.get("spent", 0)
            if "income_space" in raw:
                ps.income_space = raw["income_space"]
                if "income_level" in raw and d.income_level(ps.income_space) != raw["income_level"]:
                    self.err(
                        f"income space {ps.income_space} is income level {d.income_level(ps.income_space)}, "
                        f"not {raw['income_level']}",
                        base + ("income_level",),
                        code="INP043",
                    )
            elif "income_level" in raw:
                ps.income_space = d.lowest_space(raw["income_level"])
                if raw["income_level"] > 0:
                    self.assumptions.append(
                        f"{n}'s income space not given: assumed the lowest space ({ps.income_space}) of level {raw['income_level']}"
                    )
            else:
                ps.income_space = d.start_income_space
            missing = [
                k
                for k in ("money", "income_space")
                if k not in raw and not (k == "income_space" and "income_level" in raw)
            ]
            if missing and (era != CANAL or rnd > 1):
                self.assumptions.append(
                    f"{n}'s {' and '.join(missing)} not given: assumed the starting "
                    + " and ".join(
                        {"money": f"£{d.start_money}", "income_space": "income space 10 (level 0)"}[m]
                        for m in missing
                    )
                )
                self.player_defaults[n] = (self.assumptions[-1], tuple(missing))
            if "hand" in raw:
                hand = []
                for i, c in enumerate(raw["hand"]):
                    k = self.name("card", c, base + ("hand", i))
                    if k:
                        hand.append(k)
                ps.hand = hand
            if "discard" in raw:
                ps.discard = [
                    k
                    for i, c in enumerate(raw["discard"])
                    if (k := self.name("card", c, base + ("discard", i)))
                ]
            if "mat" in raw:
                mat: dict[str, dict] = {ind: {} for ind in d.mat}
                listed = set()
                for ind_name, levels in raw["mat"].items():
                    ind = self.name("industry", ind_name, base + ("mat", ind_name))
                    if not ind:
                        continue
                    listed.add(ind)
                    counts: dict = {}
                    if isinstance(levels, list):
                        for lv in levels:
                            counts[int(lv)] = counts.get(int(lv), 0) + 1
                    else:
                        for lv, c in levels.items():
                            try:
                                counts[int(lv)] = int(c)
                            except (TypeError, ValueError):
                                self.err(
                                    f"mat levels must be numbers, not {quote(lv)}",
                                    base + ("mat", ind_name),
                                    code="INP044",
                                )
                    valid = {t.level: t.count for t in d.mat[ind]}
                    for lv, c in counts.items():
                        if lv not in valid:
                            self.err(
                                f"{d.industry_names[ind]} has no level {lv}",
                                base + ("mat", ind_name),
                                code="INP044",
                            )
                        elif c > valid[lv]:
                            self.err(
                                f"the mat holds {valid[lv]} {d.industry_names[ind]} level {lv} tile(s), not {c}",
                                base + ("mat", ind_name),
                                code="INP044",
                            )
                    mat[ind] = {lv: c for lv, c in counts.items() if c > 0}
                ps.mat = mat
                if listed and listed != set(d.mat):
                    # a mat naming some industries only: the others are inferred once the tiles are read
                    partial_mats[n] = [ind for ind in d.mat if ind not in listed]
            if "links_left" in raw:
                ps.links_left = raw["links_left"]
            players[n] = ps
        turn = None
        if "turn" in o:
            turn = player_name(o["turn"], ("turn",))
        elif order:
            turn = order[0]
            self.assumptions.append(f"turn not given: assumed it is {turn}'s turn (first in the turn order)")
        pos = self.new_position(
            players=order, player=players, variant=d.variant, game=d.game, era=era, round=rnd, turn=turn
        )
        pos.actions_left = o.get("actions_left", 1 if (era == CANAL and rnd == 1) else 2)
        paths = {}
        for i, t in enumerate(o.get("tiles", [])):
            tile = self.tile(t, ("tiles", i), player_name, era)
            if tile:
                paths[("tile", len(pos.tiles))] = ("tiles", i)
                pos.tiles.append(tile)
        for i, l in enumerate(o.get("links", [])):
            link = self.link(l, ("links", i), player_name, era)
            if link:
                paths[("link", len(pos.links))] = ("links", i)
                pos.links.append(link)
        if partial_mats:
            from .engine.mat import infer_mat_stack

            for n, missing in partial_mats.items():
                for ind in missing:
                    players[n].mat[ind] = infer_mat_stack(d, pos, n, ind)  # type: ignore[index]  # read above
                self.assumptions.append(
                    f"{n}'s mat lists only {', '.join(d.industry_names[i] for i in d.mat if i not in missing)}: "
                    f"the other industries ({', '.join(d.industry_names[i] for i in missing)}) are inferred from "
                    f"{n}'s tiles on the board (full stack minus tiles built"
                    + ("; Rail Era: level 1 tiles taken as gone)" if era == RAIL else ")")
                    + "; list an industry as [] when none is left"
                )
        m = o.get("markets", {})
        # a market not given is full
        pos.markets = {r: m.get(r, self.market_default(market)) for r, market in d.markets.items()}
        dcm = o.get("distant_cotton_market", {})
        pos.dcm_position = dcm.get("marker", 1)
        pos.dcm_drawn = list(dcm.get("drawn", []))
        if (
            "drawn" not in dcm
            and "order" not in dcm
            and isinstance(pos.dcm_position, int)
            and pos.dcm_position > 1
        ):
            self.assumptions.append(
                "distant_cotton_market.drawn not given: the tiles drawn this era are unknown, so every tile of the "
                "set is counted as still face down for any draw"
            )
        pos.dcm_order = list(dcm["order"]) if "order" in dcm else None
        deck = o.get("deck", {})
        if "cards" in deck:
            pos.draw_pile = [
                k for i, c in enumerate(deck["cards"]) if (k := self.name("card", c, ("deck", "cards", i)))
            ]
            pos.draw_deck = len(pos.draw_pile)
            if "draw" in deck and deck["draw"] != pos.draw_deck:
                self.err(
                    f"'draw' says {deck['draw']} cards but 'cards' lists {pos.draw_deck}",
                    ("deck", "draw"),
                    code="INP045",
                )
        elif "draw" in deck:
            pos.draw_deck = deck["draw"]
        if "under_deck_tile" in deck:
            pos.under_deck_tile = [
                k
                for i, c in enumerate(deck["under_deck_tile"])
                if (k := self.name("card", c, ("deck", "under_deck_tile", i)))
            ]
        pos.turns_taken = [
            who for i, v in enumerate(o.get("turns_taken", [])) if (who := player_name(v, ("turns_taken", i)))
        ]
        if "turns_taken" not in o and turn in order and order.index(turn) > 0:
            # players move in turn order, so everyone before the player to move has played this round
            pos.turns_taken = order[: order.index(turn)]
            self.assumptions.append(
                f"turns_taken not given: {', '.join(pos.turns_taken)} (before {turn} in the turn order) "
                f"{'has' if len(pos.turns_taken) == 1 else 'have'} played this round; after {turn} the turn "
                "passes on in turn order"
            )
        pos.game_over = bool(o.get("game_over", False))
        self.finish(o, pos, paths)
        if self.errors:
            raise self.errors[0] if len(self.errors) == 1 else InputErrors(self.errors)
        return LoadedPosition(
            pos,
            self.doc,
            self.assumptions,
            paths,
            dcm_drawn_given="drawn" in (o.get("distant_cotton_market") or {}),
            player_defaults=dict(self.player_defaults),
        )

    def tile(self, t, path, player_name, era) -> Tile | None:
        if isinstance(t, str):
            if self._comment_swallowed(path, t, "tile"):
                return None
            m = _TILE_RE.match(t)
            if not m:
                self.err(
                    f"cannot read tile {quote(t)}; write e.g. '{_examples(self.data.game).TILE}' or a mapping",
                    path,
                    code="INP046",
                )
                return None
            obj: dict = {"owner": m["owner"], "industry": m["ind"].strip(), "location": m["loc"]}
            if m["level"]:
                obj["level"] = int(m["level"])
            if m["space"]:
                obj["space"] = int(m["space"])
            unknown, bad_numbers = [], []
            for w in (m["rest"] or "").split():
                wl = w.lower()
                if wl == "flipped":
                    obj["flipped"] = True
                elif wl == "unflipped":
                    obj["flipped"] = False
                elif "=" in wl and wl.partition("=")[0] in self.COUNT_WORDS:
                    word, _, num = wl.partition("=")
                    key = self.COUNT_WORDS[word]
                    if num.isascii() and num.isdigit() and len(num) <= 3:
                        if key == "space" and "space" in obj and obj["space"] != int(num):
                            self.err(
                                f"tile {quote(t)} gives the space twice (#{obj['space']} and {w})",
                                path,
                                code="INP046",
                            )
                        obj[key] = int(num)
                    else:
                        bad_numbers.append(w)
                elif re.fullmatch(r"#\d{1,3}", wl):  # 'red coal1@wigan #2' in quotes: the README's [#space]
                    if "space" in obj and obj["space"] != int(wl[1:]):
                        self.err(f"tile {quote(t)} gives the space twice", path, code="INP046")
                    obj["space"] = int(wl[1:])
                elif re.fullmatch(r"l(evel)?=?\d", wl):
                    obj["level"] = int(wl[-1])
                else:
                    unknown.append(w)
            for key in self.COUNT_WORDS:
                bad = [w for w in bad_numbers if w.lower().startswith(key)]
                if bad:
                    self.err(
                        f"{key} must be a number in {quote(t)} (got {_words(bad)}; write e.g. {key}=1)",
                        path,
                        code="INP046",
                    )
            if unknown:
                self.err(
                    f"unknown word{'s' if len(unknown) > 1 else ''} {_words(unknown)} in tile {quote(t)} "
                    f"(expected {self.TILE_WORDS})",
                    path,
                    code="INP046",
                )
            t = obj
        owner = player_name(t["owner"], path + ("owner",))
        ind = self.name("industry", t["industry"], path + ("industry",))
        loc = self.name("location", t["location"], path + ("location",))
        if not (owner and ind and loc):
            return None
        level = int(t.get("level", 1))
        if "level" not in t:
            self.assumptions.append(
                f"tile {path[1] + 1} ({owner}'s {self.data.industry_names[ind]} in "
                f"{self.data.locations[loc].name}): level not given, assumed 1"
            )
        flipped = bool(t.get("flipped", False))
        if ind in self.data.rules.flips_when_built and "flipped" not in t:
            flipped = True  # a shipyard flips the moment it is built (Q082)
        spec = None
        try:
            spec = self.data.tile(ind, level)
        except UnknownNameError as e:
            self.err(e.message, path + ("level",), code="INP044")
            return None
        if "cubes" in t:
            cubes = int(t["cubes"])
        else:
            cubes = self.default_cubes(spec, owner, loc, flipped, era)
        space = t.get("space")
        location = self.data.locations[loc]
        if space is None:
            cands = [s for s in location.spaces if ind in s.industries]
            cands.sort(key=lambda s: (s.shared, s.index))
            space = cands[0].index if cands else 0
            self._auto_space = getattr(self, "_auto_space", {})
            used = self._auto_space.setdefault(loc, set())
            for s in cands:
                if s.index not in used:
                    space = s.index
                    break
            used.add(space)
        elif space >= len(location.spaces):
            n = len(location.spaces)
            have = f"has {n} space(s) (0..{n - 1})" if n else "has no industry spaces"
            self.err(f"{location.name} {have}, not space {space}", path + ("space",), code="INP047")
            return None
        return Tile(loc, int(space), owner, ind, level, flipped, cubes)

    # ----- hooks (a game's own format overrides them) --------------------------------------------
    def new_player(self, name: str, raw: dict) -> PlayerState:
        """A player's area before the shared fields are read into it (*raw*: the file's mapping)."""
        return PlayerState(name)

    def new_position(self, **fields: Any) -> Position:
        return Position(**fields)

    def market_default(self, market: Any) -> int:
        """The cubes of a market the file does not give: full."""
        return int(market.spaces)

    def default_cubes(self, spec: Any, owner: str, loc: str, flipped: bool, era: str) -> int:
        """The cubes of a tile that does not give them: as built (an assumption), none if flipped."""
        carries = spec.resource is not None  # coal mines and iron works (mat.yaml resource)
        cubes = 0 if flipped or not carries else int(spec.cubes)
        if carries and not flipped:
            self.assumptions.append(
                f"{owner}'s {self.data.industry_names[spec.industry]} in {self.data.locations[loc].name}: "
                f"cubes not given, assumed {cubes} (as built)"
            )
        return cubes

    def finish(self, o: dict, pos: Position, paths: dict) -> None:
        """Read the game's own fields of *o* into *pos* (nothing for Lancashire)."""

    def _comment_swallowed(self, path: tuple, text: str, what: str) -> bool:
        """A YAML comment right after a tile or link string on its line (``- red coal1@wigan #2 cubes=1``:
        YAML reads '#2 cubes=1' as a comment and drops it): refused, naming the forms that work."""
        comment = self.doc.comments.get(path)
        if comment is None:
            return False
        if what == "tile":
            fix = (
                "write the space as 'space=N' or as '@location#N' with no space before the '#' (e.g. "
                f"'{_examples(self.data.game).TILE_ON_SPACE}' or '{_examples(self.data.game).TILE_ON_SPACE_HASH}'), or quote the whole string"
            )
        else:
            fix = "quote the whole string if the '#' belongs to it"
        self.err(
            f"the {what} {quote(text)} is followed on its line by {quote(comment, 40)}, which YAML reads as a "
            f"comment and drops (a '#' after a space starts a comment): {fix}; put a note on a line of its "
            "own",
            path,
            code="INP049",
        )
        return True

    def link(self, l, path, player_name, era) -> Link | None:
        if isinstance(l, str):
            if self._comment_swallowed(path, l, "link"):
                return None
            words = l.split()
            if len(words) == 2:
                l = {"owner": words[0], "line": words[1]}
            elif len(words) == 3 and words[1].lower() in ("canal", "rail"):
                l = {"owner": words[0], "kind": words[1].lower(), "line": words[2]}
            else:
                self.err(
                    f"cannot read link {quote(l)}; write e.g. '{_examples(self.data.game).LINK}' or '{_examples(self.data.game).RAIL_LINK}'",
                    path,
                    code="INP048",
                )
                return None
        owner = player_name(l["owner"], path + ("owner",))
        try:
            line = self.data.parse_line(str(l["line"])).key
        except UnknownNameError as e:
            self.err(e.message, path + ("line",), suggestions=e.suggestions, code="INP010")
            return None
        if not owner:
            return None
        return Link(line, owner, l.get("kind", CANAL if era == CANAL else RAIL))


def _words(words: list) -> str:
    """Up to five quoted words, then how many more: a tile string with 10,000 extra words gives
    one short message, not 10,000 that each quote the whole string."""
    shown = ", ".join(quote(w, 30) for w in words[:5])
    return shown + (f" and {len(words) - 5:,} more" if len(words) > 5 else "")


# ------------------------------------------------------------------------------------- writing
def position_to_obj(pos: Position, data=None) -> dict:
    """The YAML mapping of *pos*, in the same format :func:`load_position` reads."""
    reader = _reader_of(getattr(pos, "game", "lancashire"))
    if reader is not None:  # a game with its own format writes it
        out_: dict = reader.position_to_obj(pos, data)
        return out_
    if data is None or data.game != pos.game:
        from .games import get_rules

        data = get_rules(pos.game, pos.variant).data
    out = position_head(pos)
    out["players"] = players_obj(pos)
    out["order"] = list(pos.players)
    out["tiles"] = [
        {
            "owner": t.owner,
            "industry": t.industry,
            "location": t.location,
            "level": t.level,
            "space": t.space,
            "flipped": t.flipped,
            **({"cubes": t.cubes} if data.mat[t.industry][0].resource is not None else {}),
        }
        for t in pos.tiles
    ]
    out["links"] = [{"owner": l.owner, "line": l.line.replace("~", "-"), "kind": l.kind} for l in pos.links]
    out["markets"] = {r: pos.markets.get(r, 0) for r in data.markets}
    dcm: dict = {"marker": pos.dcm_position, "drawn": list(pos.dcm_drawn)}
    if pos.dcm_order is not None:
        dcm["order"] = list(pos.dcm_order)
    out["distant_cotton_market"] = dcm
    deck: dict = {}
    if pos.draw_pile is not None:
        deck["cards"] = list(pos.draw_pile)
    elif pos.draw_deck is not None:
        deck["draw"] = pos.draw_deck
    if pos.under_deck_tile is not None:
        deck["under_deck_tile"] = list(pos.under_deck_tile)
    if deck:
        out["deck"] = deck
    if pos.turns_taken:
        out["turns_taken"] = list(pos.turns_taken)
    if pos.game_over:
        out["game_over"] = True
    return out


def position_head(pos: Position) -> dict:
    """The first keys of a position's YAML mapping, every game's: game, variant, era, round, turn
    (when set) and the actions left."""
    out: dict = {"game": pos.game, "variant": pos.variant, "era": pos.era, "round": pos.round}
    if pos.turn:
        out["turn"] = pos.turn
    out["actions_left"] = pos.actions_left
    return out


def players_obj(pos: Position, extra=None) -> dict:
    """The ``players:`` mapping of *pos*, every game's fields; *extra(player_state)* gives a game's
    own fields, written after the discard pile."""
    players = {}
    for n in pos.players:
        p = pos.player[n]
        d: dict = {"money": p.money, "income_space": p.income_space, "vp": p.vp, "spent": p.spent}
        if p.hand is not None:
            d["hand"] = list(p.hand)
        if p.discard:
            d["discard"] = list(p.discard)
        if extra is not None:
            d.update(extra(p))
        if p.mat is not None:
            d["mat"] = {
                ind: sorted(lv for lv, c in lvls.items() for _ in range(c)) for ind, lvls in p.mat.items()
            }
        if p.links_left is not None:
            d["links_left"] = p.links_left
        players[n] = d
    return players


def dump_position(pos: Position, data=None) -> str:
    """YAML text of *pos* (readable by :func:`load_position`)."""
    import yaml

    dumper = getattr(yaml, "CSafeDumper", None) or yaml.SafeDumper
    return yaml.dump(
        position_to_obj(pos, data), Dumper=dumper, sort_keys=False, default_flow_style=None, width=100
    )
