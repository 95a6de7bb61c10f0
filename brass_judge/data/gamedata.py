"""Load and index a game's data (``brass_judge/games/<game>/data/*.yaml`` hold the facts and sources)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from ..errors import UnknownNameError, closest, quote
from ..games import examples as _examples

ERAS = ("canal", "rail")


def __getattr__(name: str) -> Any:
    # INDUSTRIES: Lancashire's industry keys in mat order, read from its mat.yaml (for old imports;
    # a game's own list is GameData.industries)
    if name == "INDUSTRIES":
        return game_data().industries
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Space:
    """One industry space of a town: its index in the town and the industries its icons allow."""

    index: int
    industries: frozenset

    @property
    def shared(self) -> bool:
        return len(self.industries) > 1


@dataclass(frozen=True)
class Location:
    key: str
    name: str
    kind: str  # town | non-industrial | outside (Lancashire); town | farm-brewery | merchant (Birmingham)
    spaces: tuple
    link_icons: int = 0
    trade_icon: bool = False
    banner: str | None = None
    aliases: tuple = ()
    #: a merchant's tile spaces: for each, the player counts printed on it (Birmingham)
    merchant_spaces: tuple = field(default=(), repr=False)
    #: a merchant's beer barrel spaces (Birmingham)
    barrel_spaces: int = field(default=0, repr=False)
    #: what taking a merchant's barrel earns: ``(kind, amount)``, kind vp | money | income | develop
    bonus: tuple | None = field(default=None, repr=False)
    #: industry -> its spaces here (:meth:`spaces_for`): a field, not a key written into the
    #: ``__dict__`` later (on CPython 3.11 a materialized ``__dict__`` makes every later attribute
    #: read of the location slower, and the engine reads its name, kind and spaces all the time)
    _spaces_for: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: industry -> the order a build fills its spaces here (``engine.build.space_order`` works it
    #: out once per location and industry; a field for the same reason)
    _build_order: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def merchant_spaces_for(self, players: int) -> int:
        """How many of this merchant's tile spaces are in play at *players* players."""
        return sum(1 for counts in self.merchant_spaces if players in counts)

    def spaces_for(self, industry: str) -> tuple:
        """The spaces that take *industry* (worked out once per location and industry)."""
        cache = self._spaces_for
        got = cache.get(industry)
        if got is None:
            got = cache[industry] = tuple(s for s in self.spaces if industry in s.industries)
        return got


@dataclass(frozen=True)
class Line:
    """A printed link line joining two locations (or three: a link may touch three places);
    ``key`` is the end keys sorted and joined by ``~`` (``a~b``, ``a~b~c``)."""

    key: str
    ends: tuple  #: the end location keys, sorted
    canal: bool
    rail: bool

    @property
    def a(self) -> str:
        return self.ends[0]

    @property
    def b(self) -> str:
        return self.ends[1]

    def allows(self, era: str) -> bool:
        return self.canal if era == "canal" else self.rail

    def others(self, loc: str) -> tuple:
        """The ends other than *loc*."""
        return tuple(e for e in self.ends if e != loc)

    def other(self, loc: str) -> str:
        """The (first) end other than *loc*."""
        return self.others(loc)[0]

    def touches(self, loc: str) -> bool:
        return loc in self.ends


@dataclass(frozen=True)
class TileSpec:
    industry: str
    level: int
    count: int
    cost: int
    coal: int
    iron: int
    vp: int
    income: int
    link_icons: int
    cubes: int
    eras: tuple
    #: the resource this industry's tiles carry as cubes (mat.yaml ``resource``), None if none
    resource: str | None = None
    #: beer barrels consumed to sell the tile (Birmingham; 0 where the game has no beer)
    beer: int = field(default=0, repr=False)
    #: barrels a Brewery gets when built, by the era it is built in: ``((era, n), ...)`` (Birmingham)
    barrels: tuple = field(default=(), repr=False)
    #: the lightbulb: the tile can never be developed away (Birmingham's Pottery I and III)
    lightbulb: bool = field(default=False, repr=False)
    #: sold (flipped by a Sell) or emptied (flipped when its last cube or barrel goes); None: not said
    flips_when: str | None = field(default=None, repr=False)

    def buildable_in(self, era: str) -> bool:
        return era in self.eras

    def barrels_in(self, era: str) -> int:
        """The barrels the tile gets when built in *era* (0: none, or not a Brewery)."""
        return dict(self.barrels).get(era, 0)


def line_key(*ends: str) -> str:
    return "~".join(sorted(ends))


@dataclass(frozen=True)
class Market:
    """One resource's market: the price of each space (cheapest first), the price of a cube once
    it is empty, and the cubes on it at setup (they fill the most expensive spaces)."""

    resource: str
    prices: tuple
    empty_price: int
    setup_fill: int

    @property
    def spaces(self) -> int:
        return len(self.prices)


_NORMS: dict = {}  # name as written -> normalised (the same few names recur in every log)


def _norm(name: str) -> str:
    got = _NORMS.get(name) if type(name) is str else None
    if got is None:
        got = " ".join(str(name).lower().replace("_", " ").replace("-", " ").replace("&", " and ").split())
        if type(name) is str and len(_NORMS) < 20_000:
            _NORMS[name] = got
    return got


def _abbreviation_matches(name: str, names) -> list:
    """Names that *name* abbreviates: their initials ("W&R", "WR" for Warrington & Runcorn, "BiF"
    for Barrow-in-Furness) or the start of a word ("Runc")."""
    import re

    q = re.sub(r"[\s.]+", "", str(name).lower()).replace("and", "&")
    if not q:
        return []
    out = []
    for full in names:
        words = [w for w in re.split(r"[\s-]+", full.lower()) if w]
        initials = "".join("&" if w in ("&", "and") else w[0] for w in words)
        if q in (initials, initials.replace("&", "")) or (
            len(q) >= 3 and any(w.startswith(q) for w in words if w not in ("&", "and", "the", "in"))
        ):
            out.append(full)
    return out


def _suggest(name: str, names) -> list:
    """Close names for an unknown *name*: abbreviations first, then spelling (errors.closest)."""
    names = list(names)
    hits = _abbreviation_matches(name, names)
    return list(dict.fromkeys(hits + closest(str(name), names)))[:3]


@dataclass
class GameData:
    """Everything fixed about the game: map, mat, deck, markets and tracks for one rules variant."""

    variant: str
    locations: dict
    lines: dict
    mat: dict  # industry -> tuple[TileSpec] lowest level first
    industry_names: dict
    deck: dict  # players (int) or "classic" -> {card key: count}
    read_manual_cards: tuple
    markets: dict  # resource -> Market, in the data file's order
    dcm_track: tuple
    dcm_tiles: dict
    start_money: int
    start_income_space: int
    hand_size: int
    links_per_player: int
    rounds_per_era: dict
    deck_tile_cards_per_player: dict
    income_level_of_space: tuple  # index = space 0..99
    variant_rules: dict = field(default_factory=dict)
    game: str = "lancashire"
    #: era -> {links placed in one Network action: cost}
    link_costs: dict = field(default_factory=dict)
    #: the Loan action: {"amounts": (..), "income_floor": int, "stop_when_deck_empty": bool}
    loans: dict = field(default_factory=dict)
    players: range = range(2, 5)
    #: every variant of the game as variants.yaml writes it (name -> its own settings)
    variant_table: dict = field(default_factory=dict)
    #: card key -> the industries it builds, for cards that are not one industry's own (Birmingham's
    #: Cotton Mill / Manufacturer card); an industry's own card builds that industry
    card_builds: dict = field(default_factory=dict, repr=False)
    card_names: dict = field(default_factory=dict, repr=False)  #: such a card's key -> its name
    #: the draw deck's size per player count, as the data file states it (Birmingham), else empty
    deck_size: dict = field(default_factory=dict, repr=False)
    #: the wild cards beside the deck (Birmingham): key -> {name, count, stands_for, ...}
    wild_cards: dict = field(default_factory=dict, repr=False)
    #: merchant tile faces (Birmingham): face -> {"buys": (industries), players: tiles used}
    merchant_tiles: dict = field(default_factory=dict, repr=False)
    #: era -> {links in one Network action: {resource: cubes or barrels}} (Birmingham's rail beer)
    link_resources: dict = field(default_factory=dict, repr=False)
    #: cards each player puts face down on their discard pile at an era's start (Birmingham)
    face_down_discard_per_player: dict = field(default_factory=dict, repr=False)
    actions_per_turn: int = field(default=2, repr=False)
    first_round_actions: int = field(default=1, repr=False)
    _loc_alias: dict = field(default_factory=dict, repr=False)
    _ind_alias: dict = field(default_factory=dict, repr=False)
    _card_alias: dict = field(default_factory=dict, repr=False)
    #: industry -> {level: its TileSpec} (:meth:`tile`), filled when first asked: a field read as an
    #: attribute, cheaper than a key looked up in ``self.__dict__`` (asked several times per action);
    #: two lookups by the keys as given, without a (industry, level) tuple made and hashed per ask
    _tile_table: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: player count -> its deck (:meth:`deck_for`), filled when first asked, a field for the same
    #: reason (every action's discard asks)
    _deck_for: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    #: resource -> the industry whose tiles carry it (:meth:`resource_industry`), made when first asked
    _resource_industry: dict | None = field(default=None, init=False, repr=False, compare=False)
    #: the last space of the Progress Track (read by every income advance): an attribute set once
    #: from :attr:`income_level_of_space` (``__post_init__``), not a property worked out at each read
    track_last_space: int = field(default=0, init=False, repr=False, compare=False)
    #: the industries whose tiles carry coal and iron (:meth:`resource_industry`): attributes set
    #: once (``__post_init__``), read by every coal and iron cube's search of the board
    coal_industry: str | None = field(default=None, init=False, repr=False, compare=False)
    iron_industry: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.track_last_space = len(self.income_level_of_space) - 1
        self.coal_industry = self.resource_industry("coal")
        self.iron_industry = self.resource_industry("iron")

    # ----- the game's rules object and compatibility views ---------------------------------------
    @cached_property
    def rules(self):
        """The :class:`~brass_judge.rules.Rules` of this data's game and variant: the registry's
        instance, or for a changed copy of the data (``dataclasses.replace``) a rules object of the
        same class over that copy."""
        from ..games import get_rules

        r = get_rules(self.game, self.variant)
        return r if r.data is self else type(r)(self)

    @property
    def industries(self) -> tuple:
        """Industry keys in mat order."""
        return tuple(self.mat)

    @property
    def coal_market(self) -> tuple:
        return self.markets["coal"].prices

    @property
    def iron_market(self) -> tuple:
        return self.markets["iron"].prices

    @property
    def market_empty_price(self) -> int:
        """The empty price shared by every market (the first market's, should they differ)."""
        return next(iter(self.markets.values())).empty_price

    def resource_industry(self, resource: str) -> str | None:
        """The industry whose tiles carry *resource* (mat.yaml ``resource``), if any."""
        table = self._resource_industry
        if table is None:
            table = {t[0].resource: ind for ind, t in reversed(self.mat.items()) if t and t[0].resource}
            self._resource_industry = table
        return table.get(resource)

    @property
    def max_income_level(self) -> int:
        return self.income_level_of_space[-1]

    # ----- names -------------------------------------------------------------------------------
    def location(self, name: str, *, field: str | None = None) -> Location:
        """Resolve a location name forgivingly (case, '&', hyphens, short forms)."""
        key = self._loc_alias.get(_norm(name))
        if key is None:
            raise UnknownNameError(
                f"unknown location {quote(name)}",
                field=field,
                suggestions=_suggest(str(name), [l.name for l in self.locations.values()]),
            )
        return self.locations[key]

    def industry(self, name: str, *, field: str | None = None) -> str:
        """Resolve an industry name ("cotton", "Coal Mine", "iron") to its key."""
        key = self._ind_alias.get(_norm(name))
        if key is None:
            raise UnknownNameError(
                f"unknown industry {quote(name)}",
                field=field,
                suggestions=closest(str(name), list(self.mat) + ["cotton", "coal", "iron"]),
            )
        return key

    def card(self, name: str, *, field: str | None = None) -> str:
        """Resolve a card name: a location key (Location card) or an industry key (Industry card)."""
        n = _norm(name)
        if n in self._card_alias:
            return self._card_alias[n]
        if n in self._ind_alias:
            ind = self._ind_alias[n]
            if self.card_builds and not any(ind in cards for cards in self.deck.values()):
                # an industry with no card of its own names the card that builds it (Birmingham's
                # "cotton" or "manufacturer" is the Cotton Mill / Manufacturer card)
                ind = next((c for c, builds in self.card_builds.items() if ind in builds), ind)
            return ind
        if n in self._loc_alias:
            key = self._loc_alias[n]
            if self.locations[key].kind != "town":
                towns = sum(1 for loc in self.locations.values() if loc.kind == "town")
                raise UnknownNameError(
                    f"there is no {self.locations[key].name} card (only the {towns} towns have Location cards)",
                    field=field,
                )
            return key
        raise UnknownNameError(
            f"unknown card {quote(name)}",
            field=field,
            suggestions=_suggest(
                str(name),
                [l.name for l in self.locations.values() if l.kind == "town"]
                + list(self.mat)
                + list(self.card_names)
                + [v.get("name", k) for k, v in self.wild_cards.items()],
            ),
        )

    def line(self, a: str, b: str, *, field: str | None = None) -> Line:
        la, lb = self.location(a, field=field), self.location(b, field=field)
        ln = self.lines.get(line_key(la.key, lb.key))
        if ln is None:  # a line with three ends is named by any two of them
            ln = next((l for l in self.lines_at(la.key) if l.touches(lb.key) and la.key != lb.key), None)
        if ln is None:
            near = [f"{la.name}-{self.locations[l.other(la.key)].name}" for l in self.lines_at(la.key)]
            raise UnknownNameError(
                f"there is no link line between {la.name} and {lb.name}", field=field, suggestions=near
            )
        return ln

    def parse_line(self, text: str, *, field: str | None = None) -> Line:
        """Parse ``"bolton-bury"``, ``"Bolton~Bury"``, ``"ellesmere-port/liverpool"`` into a line."""
        t = str(text).strip()
        for sep in ("~", "/", " to ", "–", "—"):
            if sep in t:
                a, b = t.split(sep, 1)
                return self.line(a.strip(), b.strip(), field=field)
        # Hyphens also occur inside names (Ellesmere-Port): try every split that names two places.
        parts = t.split("-")
        for i in range(1, len(parts)):
            a, b = "-".join(parts[:i]), "-".join(parts[i:])
            if _norm(a) in self._loc_alias and _norm(b) in self._loc_alias:
                return self.line(a, b, field=field)
        raise UnknownNameError(
            f"cannot read {quote(text)} as a link line; write it as 'from-to', e.g. '{_examples(self.game).LINE}'",
            field=field,
            suggestions=closest(t, [l.key.replace("~", "-") for l in self.lines.values()]),
        )

    # ----- map ---------------------------------------------------------------------------------
    @cached_property
    def _lines_at(self) -> dict:
        out: dict = {k: [] for k in self.locations}
        for ln in self.lines.values():
            for end in ln.ends:
                out[end].append(ln)
        return out

    def lines_at(self, loc: str) -> list[Line]:
        return self._lines_at[loc]

    @cached_property
    def graphs(self) -> MapGraphs:
        return MapGraphs(self)

    # ----- mat ---------------------------------------------------------------------------------
    def tile(self, industry: str, level: int) -> TileSpec:
        """The mat's *industry* tile of *level* (looked up in a table made once per game data: the
        engine asks several times per action)."""
        try:
            return self._tile_table[industry][level]
        except KeyError:
            pass
        table = self._tile_table
        if not table:
            # (reversed: the first tile of a level in mat order is the one kept)
            table.update({ind: {t.level: t for t in reversed(tiles)} for ind, tiles in self.mat.items()})
            levels = table.get(industry)
            if levels is not None and level in levels:
                return levels[level]
        raise UnknownNameError(
            f"{self.industry_names[industry]} has no level {level}",
            suggestions=[str(t.level) for t in self.mat[industry]],
        )

    def mat_counts(self) -> dict:
        """Full mat: {industry: {level: count}}."""
        return {ind: {t.level: t.count for t in tiles} for ind, tiles in self.mat.items()}

    # ----- tracks ------------------------------------------------------------------------------
    def income_level(self, space: int) -> int:
        levels = self.income_level_of_space
        if 0 <= space < len(levels):  # on the track, as a marker always is: no clamping to do
            return levels[space]
        return levels[max(0, min(len(levels) - 1, space))]

    def highest_space(self, level: int) -> int:
        """The highest Progress Track space of an income *level* (where a loan lands)."""
        table = self.__dict__.get("_highest_space")
        if table is None:
            table = {lv: s for s, lv in enumerate(self.income_level_of_space)}  # later spaces win
            self.__dict__["_highest_space"] = table
        if level not in table:
            raise ValueError(f"no income level {level}")
        return table[level]

    def lowest_space(self, level: int) -> int:
        return self.income_level_of_space.index(level)

    def deck_for(self, players: int) -> dict:
        """The cards in play at *players* players: the variant's deck column for that count
        (variants.yaml ``deck``), else the player count's own (kept per player count once looked up:
        every build asks)."""
        table = self._deck_for
        got = table.get(players)
        if got is None:
            got = table[players] = self.deck[_column(self.variant_rules.get("deck"), players)]
        return got

    def dcm_tiles_for(self, players: int) -> tuple:
        """The Distant Cotton Market tiles in play at *players* players (variants.yaml ``dcm_tiles``)."""
        return tuple(self.dcm_tiles[_column(self.variant_rules.get("dcm_tiles"), players)])


def _column(per_count, players: int):
    """The deck column / tile set a variant names for *players* (int or str keys), else *players*."""
    if not per_count:
        return players
    return per_count.get(players) or per_count.get(str(players)) or players


class MapGraphs:
    """The map as networkx graphs, built once per :class:`GameData` (imported lazily)."""

    def __init__(self, data: GameData) -> None:
        import networkx as nx

        self.all = nx.Graph()
        self.canal = nx.Graph()
        self.rail = nx.Graph()
        for g in (self.all, self.canal, self.rail):
            g.add_nodes_from(data.locations)
        for ln in data.lines.values():
            # a line with three ends joins each pair of them
            for i, u in enumerate(ln.ends):
                for v in ln.ends[i + 1 :]:
                    self.all.add_edge(u, v, key=ln.key)
                    if ln.canal:
                        self.canal.add_edge(u, v, key=ln.key)
                    if ln.rail:
                        self.rail.add_edge(u, v, key=ln.key)
        #: locations touched by at least one canal line (reachable by canal at all)
        self.canal_reachable = frozenset(n for n in self.canal if self.canal.degree(n) > 0)
        self.rail_only = frozenset(n for n in data.locations if n not in self.canal_reachable)
        self.distances = dict(nx.all_pairs_shortest_path_length(self.all))


def resolve_variant(variants: dict, name: str) -> dict:
    """A variant's settings over those of the variants it ``extends`` and, under all, ``standard``'s
    (each variant lists only what it changes)."""
    chain = [name]
    while "extends" in variants[chain[-1]]:
        base = variants[chain[-1]]["extends"]
        if base in chain or base not in variants:
            raise ValueError(f"variant {chain[-1]!r} extends {base!r}, which is not another variant")
        chain.append(base)
    if "standard" not in chain:
        chain.append("standard")
    out: dict = {}
    for n in reversed(chain):
        out.update(variants[n])
    out.pop("extends", None)
    out["description"], out["sources"] = variants[name]["description"], variants[name].get("sources", [])
    return out


def _read_yaml(path: Path):
    from ..yamlio import load_file

    return load_file(path).data


#: Bump when what is cached (the parsed data files) changes shape.
_CACHE_VERSION = 1
_GAME_FILES = ("map", "mat", "deck", "tracks", "variants")


def _read_data_files(d: Path) -> tuple:
    """The parsed contents of the five data files of *d*, in :data:`_GAME_FILES` order.

    Parsing them costs more than everything else a ``check`` does, so the parsed data (plain
    dicts, lists and scalars) is kept marshalled in the user cache (brass_judge/_cache.py),
    under the SHA-256 of the files' bytes: an edited file is parsed again, never served stale,
    and a damaged, unreadable or unwritable cache only costs the parse."""
    import marshal

    from .._cache import cache_read, cache_write, sha256_hex

    paths = [d / f"{n}.yaml" for n in _GAME_FILES]
    try:
        raw = b"".join(len(b).to_bytes(8, "big") + b for b in (p.read_bytes() for p in paths))
    except OSError:
        raw = None  # let the YAML reader say which file is missing or unreadable
    name = None
    if raw is not None:
        name = f"gamedata-v{_CACHE_VERSION}-{sha256_hex(raw)[:32]}.marshal"
        payload = cache_read(name)
        if payload is not None:
            try:
                got = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):
                got = None
            if type(got) is tuple and len(got) == len(paths) and all(type(x) is dict for x in got):
                return got
    got = tuple(_read_yaml(p) for p in paths)
    if name is not None:
        try:
            cache_write(name, marshal.dumps(got), "gamedata-v")
        except ValueError:  # not expected: the YAML reader makes only plain values
            pass
    return got


def game_data(variant: str = "standard", game: str = "lancashire") -> GameData:
    """Load (once) the game data of *game* for *variant* ("standard", "classic", ...)."""
    return _game_data(variant, game)


@cache
def _game_data(variant: str, game: str) -> GameData:
    from ..resources import data_dir

    d = data_dir(game)
    m, mat, deck, tr, variants = _read_data_files(d)
    if variant not in variants:
        raise UnknownNameError(f"unknown rules variant {quote(variant)}", suggestions=list(variants))
    vr = resolve_variant(variants, variant)

    locations = {}
    loc_alias = {}
    for key, v in m["locations"].items():
        spaces = tuple(Space(i, frozenset(s)) for i, s in enumerate(v.get("spaces", [])))
        loc = Location(
            key,
            v["name"],
            v["kind"],
            spaces,
            v.get("link_icons", 0),
            v.get("trade_icon", False),
            v.get("banner"),
            tuple(v.get("aliases", [])),
            tuple(frozenset(sp["players"]) for sp in v.get("merchant_spaces", ())),
            v.get("barrel_spaces", 0),
            (v["bonus"]["kind"], v["bonus"]["amount"]) if v.get("bonus") else None,
        )
        locations[key] = loc
        for a in (key, v["name"], *loc.aliases):
            loc_alias[_norm(a)] = key
    lines = {}
    for row in m["lines"]:
        ends = tuple(sorted(row["between"]))
        ln = Line(line_key(*ends), ends, bool(row["canal"]), bool(row["rail"]))
        lines[ln.key] = ln

    matd = {}
    ind_alias = {}
    names = {}
    overrides = vr.get("tiles") or {}  # variants.yaml: industry -> {level: {field: value}}
    for ind, v in mat["industries"].items():
        tiles = []
        for t in v["levels"]:
            over = (overrides.get(ind) or {}).get(t["level"]) or {}
            if over:
                t = {**t, **over}
            vp = t["vp"]
            if ind == "cotton_mill" and t["level"] == 1 and "cotton_mill_level1_vp" in vr:
                vp = vr["cotton_mill_level1_vp"]
            tiles.append(
                TileSpec(
                    ind,
                    t["level"],
                    t["count"],
                    t["cost"],
                    t["coal"],
                    t["iron"],
                    vp,
                    t["income"],
                    t["link_icons"],
                    t.get("cubes", 0),
                    tuple(t["eras"]),
                    v.get("resource"),
                    t.get("beer", 0),
                    tuple((t.get("barrels") or {}).items()),
                    bool(t.get("lightbulb", False)),
                    v.get("flips_when"),
                )
            )
        matd[ind] = tuple(tiles)
        names[ind] = str(v["name"])  # a str, as the engine reads it (engine.build.build_tile)
        for a in (ind, v["name"], *v.get("aliases", [])):
            ind_alias[_norm(a)] = ind

    decks: dict = {}
    card_builds: dict = {}
    card_names: dict = {}
    card_alias: dict = {}
    if "cards" in deck:  # one table of cards (Lancashire)
        rows = deck["cards"].items()
    else:  # location cards and industry cards apart (Birmingham)
        rows = [*deck["location_cards"].items(), *deck["industry_cards"].items()]
        for card, v in deck["industry_cards"].items():
            builds = tuple(v.get("builds") or (card,))
            if builds != (card,):
                card_builds[card] = builds
                card_names[card] = v.get("name", card)
                for a in (card, v.get("name", card), *v.get("aliases", [])):
                    card_alias[_norm(a)] = card
        for card, v in (deck.get("wild_cards") or {}).items():  # wild cards: played from their piles
            for a in (card, v.get("name", card), *v.get("aliases", [])):
                card_alias[_norm(a)] = card
    for card, counts in rows:
        for k, n in counts.items():
            if not isinstance(n, int) or isinstance(n, bool):
                continue  # a card's other fields (builds, name, aliases)
            decks.setdefault(k, {})
            if n:
                decks[k][card] = n

    levels = []
    for band in tr["income_bands"]:
        lo, hi = band["levels"]
        for lv in range(lo, hi + 1):
            levels.extend([lv] * band["spaces_per_level"])
    if len(levels) != tr["progress_track_spaces"]:
        raise ValueError(f"income track has {len(levels)} spaces, expected {tr['progress_track_spaces']}")
    rounds = dict(tr["setup"]["rounds_per_era"])
    if "rounds_per_era" in vr:
        rounds.update(vr["rounds_per_era"])

    return GameData(
        variant=variant,
        locations=locations,
        lines=lines,
        mat=matd,
        industry_names=names,
        deck=decks,
        read_manual_cards=tuple(deck.get("read_manual_cards", ())),
        markets={
            r: Market(r, tuple(v["prices"]), v["empty_price"], v["setup_fill"])
            for r, v in tr["markets"].items()
        },
        dcm_track=tuple(tr.get("dcm_track", ())),
        dcm_tiles={k: tuple(v) for k, v in tr.get("dcm_tiles", {}).items()},
        start_money=tr["setup"]["start_money"],
        start_income_space=tr["setup"]["start_income_space"],
        hand_size=tr["setup"]["hand_size"],
        links_per_player=mat["links_per_player"],
        rounds_per_era=rounds,
        deck_tile_cards_per_player=dict(tr["setup"].get("deck_tile_cards_per_player", {})),
        income_level_of_space=tuple(levels),
        variant_rules=dict(vr),
        game=game,
        link_costs={era: {int(n): c for n, c in v.items()} for era, v in tr["link_costs"].items()},
        loans={
            "amounts": tuple(tr["loans"]["amounts"]),
            "income_floor": tr["loans"]["income_floor"],
            "stop_when_deck_empty": tr["loans"]["stop_when_deck_empty"],
            **(
                {"levels_per_loan": tr["loans"]["levels_per_loan"]}
                if "levels_per_loan" in tr["loans"]
                else {}
            ),
        },
        players=range(tr["setup"]["players"]["min"], tr["setup"]["players"]["max"] + 1),
        variant_table={k: dict(v) for k, v in variants.items()},
        card_builds=card_builds,
        card_names=card_names,
        deck_size=dict(deck.get("deck_size", {})),
        wild_cards={k: dict(v) for k, v in (deck.get("wild_cards") or {}).items()},
        merchant_tiles={
            face: {"buys": tuple(v.get("buys", ())), **{k: n for k, n in v.items() if k != "buys"}}
            for face, v in (deck.get("merchant_tiles") or {}).items()
        },
        link_resources={
            era: {int(n): dict(res) for n, res in v.items()}
            for era, v in (tr.get("link_resources") or {}).items()
        },
        face_down_discard_per_player=dict(tr["setup"].get("face_down_discard_per_player", {})),
        actions_per_turn=tr["setup"].get("actions_per_turn", 2),
        first_round_actions=tr["setup"].get("first_round_actions", 1),
        _loc_alias=loc_alias,
        _ind_alias=ind_alias,
        _card_alias=card_alias,
    )


# ----- checking the data files ---------------------------------------------------------------
#: The data files of a game, in load order. Each has a JSON Schema
#: ``schemas/gamedata-<name>.schema.json`` (draft 2020-12).
DATA_FILES = ("map", "mat", "deck", "tracks", "variants")


def json_view(data):
    """Return *data* as JSON sees it: mapping keys become strings (YAML's ``4:`` becomes ``"4"``).

    The schemas describe this view, so that the player-count keys of ``deck.yaml`` and
    ``tracks.yaml`` can be named as properties.
    """
    if isinstance(data, dict):
        return {str(k): json_view(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_view(v) for v in data]
    return data


def _doc_path(doc, path) -> tuple:
    """Map a schema error path (string keys) back to the YAML document's own keys."""
    out: tuple = ()
    for p in path:
        if out + (p,) not in doc.lines and isinstance(p, str):
            try:
                as_int = int(p)
            except ValueError:
                pass
            else:
                if out + (as_int,) in doc.lines:
                    p = as_int
        out += (p,)
    return out


def _resolve(data, dotted: str):
    """Follow a dotted path (``cards.coal_mine``, ``dcm_tiles.2``) into *data*; KeyError if absent."""
    cur = data
    for part in dotted.split("."):
        if isinstance(cur, list):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, dict) and part.lstrip("-").isdigit() and int(part) in cur:
            cur = cur[int(part)]
        else:
            raise KeyError(dotted)
    return cur


def validate_data_files(game: str = "lancashire", directory: Path | str | None = None) -> list:
    """Check the data files of *game* against their schemas, then against each other.

    Returns a list of :class:`~brass_judge.errors.InputError` (empty when every file is sound),
    each naming its file, line and field. Code ``DAT001`` is a schema violation, ``DAT002`` a fact
    that does not agree with another (a line to an unknown location, a duplicate line, a deck
    that breaks the banner rule, ...). *directory* defaults to the package's own data folder; a
    copy elsewhere can be checked by passing its path. Semantic checks run only when every file
    matches its schema.
    """
    import json

    import jsonschema

    from ..errors import InputError
    from ..resources import data_dir, schema_file
    from ..yamlio import load_file

    if game != "lancashire":  # a game with its own schemas and cross-checks (games/<game>/datacheck.py)
        from importlib import import_module

        return import_module(f"brass_judge.games.{game}.datacheck").validate_data_files(directory)
    d = Path(directory) if directory is not None else data_dir(game)
    docs: dict = {}
    errors: list = []
    for name in DATA_FILES:
        try:
            docs[name] = load_file(d / f"{name}.yaml", what=f"{name} data file")
        except InputError as err:
            errors.extend(getattr(err, "errors", [err]))
            continue
        schema = json.loads(schema_file(f"gamedata-{name}").read_text(encoding="utf-8"))
        validator = jsonschema.Draft202012Validator(schema)
        found = sorted(
            validator.iter_errors(json_view(docs[name].data)), key=lambda e: [str(p) for p in e.absolute_path]
        )
        for e in found:
            path = _doc_path(docs[name], tuple(e.absolute_path))
            errors.append(docs[name].error(f"does not match the schema: {e.message}", path, code="DAT001"))
    if errors:
        return errors
    return _cross_checks(docs)


def _cross_checks(docs: dict) -> list:
    """Facts the schemas cannot see: names that refer across files, counts that must agree."""
    from collections import Counter

    out: list = []

    def err(name: str, message: str, path: tuple = ()) -> None:
        out.append(docs[name].error(message, path, code="DAT002"))

    m, mat, deck, tr, variants = (docs[n].data for n in DATA_FILES)
    industries = tuple(mat["industries"])
    locs = m["locations"]
    towns = {k for k, v in locs.items() if v["kind"] == "town"}

    # Map: every town has spaces, no other kind has any; names and aliases resolve uniquely.
    seen_names: dict = {}
    for key, v in locs.items():
        if v["kind"] == "town" and not v.get("spaces"):
            err("map", f"town {v['name']!r} has no industry spaces", ("locations", key))
        if v["kind"] != "town" and v.get("spaces"):
            err(
                "map",
                f"{v['name']!r} is {v['kind']} and cannot have industry spaces",
                ("locations", key, "spaces"),
            )
        for alias in (key, v["name"], *v.get("aliases", [])):
            n = _norm(alias)
            if seen_names.get(n, key) != key:
                err("map", f"name {alias!r} would name both {seen_names[n]} and {key}", ("locations", key))
            seen_names[n] = key

    # Map: every line joins two different known locations; no line is printed twice.
    pairs: dict = {}
    for i, row in enumerate(m["lines"]):
        ends = row["between"]
        for end in ends:
            if end not in locs:
                err("map", f"line end {end!r} is not a location", ("lines", i, "between"))
        if len(set(ends)) < len(ends):
            err("map", f"line joins {ends[0]!r} to itself", ("lines", i, "between"))
        k = line_key(*ends)
        if k in pairs:
            err("map", f"line {'-'.join(ends)} is listed twice (first as lines[{pairs[k]}])", ("lines", i))
        pairs.setdefault(k, i)
    touched = {e for row in m["lines"] for e in row["between"]}
    for key in locs:
        if key not in touched:
            err("map", f"location {key!r} has no link line", ("locations", key))

    # Mat: levels rise within each industry.
    for ind, v in mat["industries"].items():
        levels = [t["level"] for t in v["levels"]]
        if levels != sorted(set(levels)):
            err("mat", f"{ind} levels {levels} must be distinct and rising", ("industries", ind, "levels"))

    # Deck: every card names a town or an industry; every town and industry has cards.
    for card, counts in deck["cards"].items():
        if card not in towns and card not in industries:
            err("deck", f"card {card!r} is neither a town nor an industry", ("cards", card))
            continue
        for size in (2, 3, 4):
            if counts[size] > counts["classic"]:
                err(
                    "deck",
                    f"{card}: {counts[size]} cards at {size} players but only {counts['classic']} in the box",
                    ("cards", card, size),
                )
    for key in sorted(towns | set(industries)):
        if key not in deck["cards"]:
            err("deck", f"no cards listed for {key!r}", ("cards",))
    # Deck: the banner rule (Q001): blue towns have no cards at 2 players, teal at 2 or 3;
    # every other town has cards at every count.
    for key in sorted(towns & set(deck["cards"])):
        c = deck["cards"][key]
        banner = locs[key].get("banner")
        absent = tuple(n for n in (2, 3, 4) if c[n] == 0)
        expected = {"blue": (2,), "teal": (2, 3), None: ()}[banner]
        if absent != expected:
            err(
                "deck",
                f"{key} ({banner or 'no'} banner) should have no cards at "
                f"{list(expected) or 'no player count'}, but has none at {list(absent) or 'no count'}",
                ("cards", key),
            )
    # Deck: the read-manual cards are exactly the box cards missing from the 4-player deck (Q002).
    box_minus_4p = Counter(
        {k: c["classic"] - c[4] for k, c in deck["cards"].items() if c["classic"] - c[4] > 0}
    )
    if Counter(deck["read_manual_cards"]) != box_minus_4p:
        err(
            "deck",
            f"read-manual cards {deck['read_manual_cards']} are not the cards the 4-player "
            f"deck leaves out of the box ({sorted(box_minus_4p.elements())})",
            ("read_manual_cards",),
        )

    # Tracks: each player count's DCM tiles come out of the box set.
    box = Counter(tr["dcm_tiles"]["classic"])
    for n, tiles in tr["dcm_tiles"].items():
        if Counter(tiles) - box:
            err(
                "tracks",
                f"DCM tiles for {n} are not a subset of the {len(box)} tiles in the box",
                ("dcm_tiles", n),
            )
    spaces = sum((b["levels"][1] - b["levels"][0] + 1) * b["spaces_per_level"] for b in tr["income_bands"])
    track = tr["progress_track_spaces"]
    if spaces != track:
        err(
            "tracks",
            f"income bands cover {spaces} spaces; the Progress Track has {track} (0..{track - 1})",
            ("income_bands",),
        )
    for i, b in enumerate(tr["income_bands"][1:], 1):
        if b["levels"][0] != tr["income_bands"][i - 1]["levels"][1] + 1:
            err("tracks", "income bands must follow on from each other", ("income_bands", i))
    for res, market in tr["markets"].items():
        prices = market["prices"]
        if prices != sorted(prices) or prices[-1] >= market["empty_price"]:
            err("tracks", f"{res} market prices must rise and stay below the empty price", ("markets", res))
        if market["setup_fill"] > len(prices):
            err(
                "tracks",
                f"{res} market holds {len(prices)} cubes, not {market['setup_fill']}",
                ("markets", res),
            )

    # Variants: references resolve.
    for vname, v in variants.items():
        base = v.get("extends")
        if base is not None and (base == vname or base not in variants):
            err("variants", f"{vname} extends {base!r}, which is not another variant", (vname, "extends"))
        for end in v.get("virtual_link", []):
            if end not in locs:
                err("variants", f"virtual link end {end!r} is not a location", (vname, "virtual_link"))
        columns = {str(k) for c in deck["cards"].values() for k in c}
        for n, col in (v.get("deck") or {}).items():
            if str(col) not in columns:
                err("variants", f"deck {col!r} is not a deck column", (vname, "deck", n))
        for n, tiles in (v.get("dcm_tiles") or {}).items():
            if tiles not in tr["dcm_tiles"] and str(tiles) not in {str(k) for k in tr["dcm_tiles"]}:
                err("variants", f"DCM tile set {tiles!r} is not in tracks.yaml", (vname, "dcm_tiles", n))

    check_doubt_paths(docs, err)
    return out


def check_doubt_paths(docs: dict, err: Any) -> None:
    """Doubtful values: every 'where' path of a ``doubtful:`` block names a value of its own file
    (map, mat, deck, tracks); *err(name, message, path)* reports one that does not. Every game's
    data check runs it."""
    for name in ("map", "mat", "deck", "tracks"):
        for i, dbt in enumerate(docs[name].data.get("doubtful", [])):
            for j, where in enumerate(dbt["where"]):
                try:
                    _resolve(docs[name].data, where)
                except (KeyError, IndexError, ValueError):
                    err(
                        name,
                        f"doubtful value {dbt['id']!r} points at {where!r}, which does not exist",
                        ("doubtful", i, "where", j),
                    )


def doubtful_facts(game: str = "lancashire") -> list:
    """Return the data values recorded as doubtful, each with the file it lives in.

    Each entry (a dict) has ``id``, ``file``, ``about``, ``where`` (dotted paths into the file),
    ``chosen``, ``alternative``, ``sources``, ``confidence``, ``check`` (how to settle it with a
    physical copy) and, where look-ups were made, ``found``.
    """
    from ..resources import data_dir

    if game != "lancashire":  # a game with its own data checks (games/<game>/datacheck.py)
        from importlib import import_module

        return import_module(f"brass_judge.games.{game}.datacheck").doubtful_facts()
    d = data_dir(game)
    out = []
    for name in DATA_FILES:
        data = _read_yaml(d / f"{name}.yaml")
        if isinstance(data, dict) and name != "variants":
            for entry in data.get("doubtful", []):
                out.append({"file": f"{name}.yaml", **entry})
    return out
