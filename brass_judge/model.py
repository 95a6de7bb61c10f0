"""The domain model: a Brass: Lancashire position and the actions a player can take.

Glossary (the rulebook's words):

* **income_space** is the Income Marker's square on the Progress Track (0..99); the **income
  level** (-10..30) is derived from it through the track (:meth:`GameData.income_level`).
* **link** is a canal or rail tile on a **line** (a printed link line between two locations);
  a line key is ``a~b`` with the two location keys sorted.
* **spent** is the money on a player's character tile this round.
* Tiles are **flipped** once they score; coal mines and iron works carry **cubes**.
* The Distant Cotton Market (**dcm**) marker stands on track space 1..9; space 9 is the X.

Everything here is plain data with no I/O; positions are copied, never shared, by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False  # typing is not imported at start-up; mypy reads this as typing's flag
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TypeVar

    _P = TypeVar("_P", bound="PlayerState")  #: a player class (copies are of the class copied)
    _Q = TypeVar("_Q", bound="Position")  #: a position class (copies are of the class copied)

#: object.__new__ and object.__setattr__, read once: the copies below make objects without
#: ``__init__`` (a module-level name is read faster than an attribute of ``object``)
_new, _set = object.__new__, object.__setattr__

CANAL, RAIL = "canal", "rail"
DCM_X = 9  #: the X space of the Distant Cotton Market track
COAL, IRON = "coal", "iron"
DISTANT = "distant"
MARKET = "market"  #: coal=market / iron=market: the cube is bought from the market


@dataclass
class Tile:
    """An industry tile on the board."""

    location: str
    space: int
    owner: str
    industry: str
    level: int
    flipped: bool = False
    cubes: int = 0

    def copy(self) -> Tile:
        """A copy (a Tile), made field by field without a call to ``__init__``, as the other
        copies are (every tile an action changes is copied first, ``Position.own_tile``)."""
        new = _new(Tile)
        new.location = self.location
        new.space = self.space
        new.owner = self.owner
        new.industry = self.industry
        new.level = self.level
        new.flipped = self.flipped
        new.cubes = self.cubes
        return new

    def describe(self, data: Any = None) -> str:
        ind = data.industry_names[self.industry] if data else self.industry
        state = "flipped" if self.flipped else "unflipped"
        return f"{self.owner}'s level {self.level} {ind} in {_loc_name(data, self.location)} ({state})"


@dataclass
class Link:
    """A link tile on a line."""

    line: str
    owner: str
    kind: str  # canal | rail

    def copy(self) -> Link:
        return Link(self.line, self.owner, self.kind)


@dataclass
class PlayerState:
    """One player's area. ``hand`` and ``mat`` are None when the position does not say."""

    name: str
    money: int = 30
    income_space: int = 10
    vp: int = 0
    spent: int = 0
    hand: list[str] | None = None  #: card keys; None = unknown
    mat: dict[str, dict[int, int]] | None = (
        None  #: {industry: {level: count}} tiles left on the mat; None = unknown
    )
    links_left: int | None = None  #: None = 14 minus own links on the board
    discard: list[str] = field(default_factory=list)
    #: copy-on-write: the mat dict is shared with the position this one was copied from
    _mat_shared: bool = field(default=False, repr=False, compare=False)

    def copy(self: _P) -> _P:
        """An independent copy. Sets the fields one by one (no __init__): copies are the engine's
        hottest path (benchmarks/README.md), made for every player state an action or an end of
        turn changes (a position's copy shares the others, ``Position.own_player``).

        Field by field, not ``new.__dict__ = self.__dict__.copy()``: an object whose ``__dict__``
        is read or assigned keeps its attributes in a dict of its own, and every later read of a
        player's money, hand or mat in the engine is then slower than on an object that keeps them
        in the class's shared layout (CPython 3.11+). A subclass with fields of its own copies them
        too (tests/test_model_copies.py checks that every field of every player class is copied).

        ``hand`` and ``discard`` are shared because the engine only ever replaces them (never
        changes the lists in place); ``mat`` is shared copy-on-write (:meth:`own_mat`).
        """
        new = _new(type(self))
        new.name = self.name
        new.money = self.money
        new.income_space = self.income_space
        new.vp = self.vp
        new.spent = self.spent
        new.hand = self.hand
        new.mat = self.mat
        new.links_left = self.links_left
        new.discard = self.discard
        new._mat_shared = self._mat_shared or self.mat is not None
        return new

    def own_mat(self) -> dict[str, dict[int, int]] | None:
        """The mat in a form this player state may change (copy-on-write): the mapping is this
        state's own; each industry's ``{level: count}`` is shared and must be replaced, not
        changed (``engine.mat.take_from_mat`` does so)."""
        if self.mat is not None and self._mat_shared:
            self.mat = {**self.mat}
            self._mat_shared = False
        return self.mat


@dataclass
class Position:
    """A game position: everything the rules need to judge the next action.

    Copies share their lists (see :meth:`copy`): change a tile through :meth:`own_tile` and
    replace any other list rather than changing it in place.
    """

    players: list[str]  #: player names in the current turn order
    player: dict[str, PlayerState]  #: name -> PlayerState
    variant: str = "standard"
    game: str = "lancashire"  #: the game's key (brass_judge.games.known_games())
    era: str = CANAL
    round: int = 1
    turn: str | None = None  #: whose turn it is
    actions_left: int = 2  #: actions left in this turn
    tiles: list[Tile] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    #: resource -> cubes in its market (they fill the most expensive spaces)
    markets: dict[str, int] = field(default_factory=lambda: {COAL: 8, IRON: 8})
    dcm_position: int = 1  #: 1..9, 9 = X
    dcm_drawn: list[Any] = field(default_factory=list)  #: DCM tiles already drawn this era
    dcm_order: list[Any] | None = None  #: known order of the face-down DCM tiles, top first
    draw_deck: int | None = None  #: cards left in the draw deck; None = unknown
    draw_pile: list[str] | None = None  #: the draw deck in order, when known (game logs)
    under_deck_tile: list[str] | None = None  #: cards under the Deck tile, when known
    turns_taken: list[str] = field(default_factory=list)  #: players who have finished their turn this round
    game_over: bool = False
    #: copy-on-write bookkeeping: ids of the tiles this copy may change (None = all of them)
    _owned: set[int] | None = field(default=None, repr=False, compare=False)
    #: copy-on-write bookkeeping: the players whose states this position may change (None = all)
    #: (a copy starts with the shared empty ``_NO_PLAYERS``, and makes a set of its own at its first)
    _own_players: set[str] | frozenset[str] | None = field(default=None, repr=False, compare=False)
    #: what ``engine.board`` keeps while the links stay the same (the link map and distances along
    #: it); a field, not an attribute read through ``__dict__``, for the reason of :meth:`copy`
    _adj_cache: Any = field(default=None, repr=False, compare=False)
    #: the board's tiles by industry and by location (:meth:`tiles_of`, :meth:`tiles_at`), kept
    #: while the tile list stays the same: (the list, its length, industry -> tiles, location ->
    #: tiles, whether a copy shares the two maps). The maps' lists are replaced, never changed
    #: in place; the maps themselves only while no copy shares them
    _tile_index: Any = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ copies and queries
    def copy(self: _Q) -> _Q:
        """An independent copy. Built from the attributes directly rather than with
        dataclasses.replace (twice as fast): copies are the engine's hottest path.

        Field by field, not with an assigned ``__dict__``, for the reason :meth:`PlayerState.copy`
        gives (on CPython 3.11 every later attribute read of the copy would be slower); a game's
        own position class copies its own fields (tests/test_model_copies.py checks every field).
        The containers are copied by displays (``{**d}``, ``[*l]``), which take half the
        instructions of a call to ``dict``/``list`` on 3.11.

        Tiles are shared copy-on-write: change a tile only through :meth:`own_tile`, place one
        with :meth:`add_tile`; so are the player states: change one only through
        :meth:`own_player`. Every other list (players, links, turns_taken, the card piles and
        the Distant Cotton Market tiles) is shared by the copies and must be *replaced*, never
        changed in place: ``pos.links = pos.links + [link]``, not ``pos.links.append(link)``.
        """
        new = _new(type(self))
        new.players = self.players
        # the player states are shared until one is changed (:meth:`own_player` copies it then:
        # an action changes one or two of them); neither position may change a shared state, so
        # this one gives up its own states too
        new.player = {**self.player}
        new._own_players = self._own_players = _NO_PLAYERS
        new.variant = self.variant
        new.game = self.game
        new.era = self.era
        new.round = self.round
        new.turn = self.turn
        new.actions_left = self.actions_left
        new.tiles = [*self.tiles]
        new.links = self.links
        new.markets = {**self.markets}
        new.dcm_position = self.dcm_position
        new.dcm_drawn = self.dcm_drawn
        new.dcm_order = self.dcm_order
        new.draw_deck = self.draw_deck
        new.draw_pile = self.draw_pile
        new.under_deck_tile = self.under_deck_tile
        new.turns_taken = self.turns_taken
        new.game_over = self.game_over
        new._owned = set()
        new._adj_cache = self._adj_cache
        index = self._tile_index
        if index is not None and index[1] == len(self.tiles) and index[0] is self.tiles:
            # the same tiles: both keep the maps, shared from now on (the next change copies)
            self._tile_index = (self.tiles, index[1], index[2], index[3], True)
            new._tile_index = (new.tiles, index[1], index[2], index[3], True)
        else:
            new._tile_index = None
        return new

    def own_player(self, name: str) -> PlayerState:
        """*name*'s player state in a form this position may change (copy-on-write): a copy of a
        position shares the player states of the one it was made from, so every change to a
        player state goes through here (the judging context owns the acting player's from the
        start, ``engine.context.Judge``; tests/test_engine_copies.py checks that nothing else
        changes a shared one)."""
        p = self.player[name]
        owned = self._own_players
        if owned is None or name in owned:
            return p
        p = self.player[name] = p.copy()
        if owned is _NO_PLAYERS:
            self._own_players = {name}
        else:
            owned.add(name)  # type: ignore[union-attr]  # this position's own set
        return p

    def own_players(self) -> dict[str, PlayerState]:
        """Every player's state in a form this position may change, in one pass (copy-on-write,
        as :meth:`own_player`): the end of a round changes them all."""
        owned = self._own_players
        if owned is not None:
            player = self.player
            for name, p in player.items():
                if name not in owned:
                    player[name] = p.copy()
            self._own_players = None
        return self.player

    def own_all(self) -> None:
        """Make every tile and player state this position's own, so that changes are made on them
        directly (no copy-on-write): for a caller that owns the position outright, whose earlier
        positions nobody reads any more (a replay judging in place, ``engine.judge_one``)."""
        self._owned = None
        self._own_players = None

    def own_tile(self, t: Tile) -> Tile:
        """Return the board tile *t* in a form this position may change (copy-on-write)."""
        owned = self._owned
        if owned is None or id(t) in owned:
            return t
        for i, x in enumerate(self.tiles):
            if x is t:
                c = t.copy()
                self.tiles[i] = c
                owned.add(id(c))
                index = self._tile_index
                if index is not None and index[0] is self.tiles and index[1] == len(self.tiles):
                    # the copy takes the tile's place in the index too
                    by_industry, by_location = {**index[2]}, {**index[3]}
                    by_industry[t.industry] = [c if y is t else y for y in by_industry[t.industry]]
                    by_location[t.location] = [c if y is t else y for y in by_location[t.location]]
                    self._tile_index = (index[0], index[1], by_industry, by_location, False)
                return c
        return t  # not on the board (already removed): nobody else sees it

    def add_tile(self, t: Tile) -> Tile:
        """Place a new tile (owned by this position)."""
        tiles = self.tiles
        tiles.append(t)
        if self._owned is not None:
            self._owned.add(id(t))
        index = self._tile_index
        if index is not None:
            if index[0] is tiles and index[1] == len(tiles) - 1:
                by_industry, by_location = index[2], index[3]
                if index[4]:  # shared with a copy: this position's own maps from now on
                    by_industry, by_location = {**by_industry}, {**by_location}
                by_industry[t.industry] = [*by_industry.get(t.industry, ()), t]
                by_location[t.location] = [*by_location.get(t.location, ()), t]
                self._tile_index = (tiles, len(tiles), by_industry, by_location, False)
            else:
                self._tile_index = None
        return t

    def remove_tile(self, t: Tile) -> None:
        """Take tile *t* off the board (overbuilt, or removed at an era's end or for a shortfall)."""
        self.tiles.remove(t)
        self._tile_index = None

    def _index_tiles(self) -> tuple[Any, ...]:
        """The tile index (:attr:`_tile_index`) of the tiles on the board now, made afresh."""
        by_industry: dict[str, list[Tile]] = {}
        by_location: dict[str, list[Tile]] = {}
        for t in self.tiles:
            got = by_industry.get(t.industry)
            if got is None:
                by_industry[t.industry] = [t]
            else:
                got.append(t)
            got = by_location.get(t.location)
            if got is None:
                by_location[t.location] = [t]
            else:
                got.append(t)
        index = self._tile_index = (self.tiles, len(self.tiles), by_industry, by_location, False)
        return index

    def tiles_of(self, industry: str) -> Sequence[Tile]:
        """The board's tiles of *industry*, in board order (kept while the board's tiles stay the
        same: asked for every coal or iron cube and every sale; the caller must not change it)."""
        index = self._tile_index
        if index is None or index[0] is not self.tiles or index[1] != len(self.tiles):
            index = self._index_tiles()
        got: Sequence[Tile] = index[2].get(industry, ())
        return got

    @property
    def coal_market(self) -> int:
        """Cubes in the Coal Market (``markets["coal"]``)."""
        return self.markets.get(COAL, 0)

    @coal_market.setter
    def coal_market(self, cubes: int) -> None:
        self.markets[COAL] = cubes

    @property
    def iron_market(self) -> int:
        """Cubes in the Iron Market (``markets["iron"]``)."""
        return self.markets.get(IRON, 0)

    @iron_market.setter
    def iron_market(self, cubes: int) -> None:
        self.markets[IRON] = cubes

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def is_first_canal_round(self) -> bool:
        return self.era == CANAL and self.round == 1

    def tiles_at(self, location: str) -> Sequence[Tile]:
        """The board's tiles in *location*, in board order (kept as :meth:`tiles_of` keeps them;
        the caller must not change it)."""
        index = self._tile_index
        if index is None or index[0] is not self.tiles or index[1] != len(self.tiles):
            index = self._index_tiles()
        got: Sequence[Tile] = index[3].get(location, ())
        return got

    def tile_on(self, location: str, space: int) -> Tile | None:
        for t in self.tiles:
            if t.location == location and t.space == space:
                return t
        return None

    def link_on(self, line: str) -> Link | None:
        for l in self.links:
            if l.line == line:
                return l
        return None

    def own_tiles(self, player: str) -> list[Tile]:
        return [t for t in self.tiles if t.owner == player]

    def own_links(self, player: str) -> list[Link]:
        return [l for l in self.links if l.owner == player]

    def cubes_on_board(self, industry: str) -> int:
        return sum(t.cubes for t in self.tiles if t.industry == industry)


_NO_PLAYERS: frozenset[str] = frozenset()  #: a position that shares every player state (Position.copy)


def _loc_name(data: Any, key: str) -> str:
    if data is None:
        return key
    return str(data.locations[key].name)


# ---------------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Build:
    """Build an industry tile. ``cards`` holds one card, or two for a Double Action Build."""

    industry: str
    location: str
    cards: tuple[str, ...]
    space: int | None = None
    level: int | None = None  #: the level the player claims to build (checked, optional)
    coal_from: tuple[str, ...] | None = None  #: chosen mine locations, when two are equally close
    iron_from: tuple[str, ...] | None = None  #: chosen iron works locations

    kind = "build"


@dataclass(frozen=True)
class Network:
    """Place one canal, or one or two rails, in order."""

    lines: tuple[str, ...]
    cards: tuple[str, ...]
    coal_from: tuple[str, ...] | None = None
    link_type: str | None = None  #: "canal" or "rail" when the action says so (checked against the era)

    kind = "network"


@dataclass(frozen=True)
class Develop:
    """Remove one or two tiles from the mat (each the lowest of its industry at that moment)."""

    industries: tuple[str, ...]
    cards: tuple[str, ...]
    iron_from: tuple[str, ...] | None = None

    kind = "develop"


@dataclass(frozen=True)
class Loan:
    amount: int
    cards: tuple[str, ...]

    kind = "loan"


@dataclass(frozen=True)
class Pass:
    cards: tuple[str, ...]

    kind = "pass"


def __getattr__(name: str) -> Any:
    # Lancashire's Sell and Sale live in its folder (brass_judge/games/lancashire/actions.py); they
    # are importable from here for old imports. ACTION_TYPES: the action classes of Lancashire.
    if name in ("Sell", "Sale"):
        from .games.lancashire import actions

        return getattr(actions, name)
    if name == "ACTION_TYPES":
        from .actions import action_kinds

        return tuple(k.cls for k in action_kinds("lancashire"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Turn:
    """The actions one player takes in one turn (1 or 2; a Double Action Build counts as 2)."""

    actions: tuple[Any, ...]
    player: str | None = None
    #: tiles named for an income shortfall at the end of the round: ((player, (ref, ...)), ...), a
    #: ref being ``location`` or ``location#space`` (check --apply; see engine.flow's shortfall_choices)
    shortfall: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def of_one(cls, action: Any, player: str | None) -> Turn:
        """``Turn((action,), player)``, built without the generated ``__init__``: the game driver
        judges every action of a replay or a self-played game as a turn of its own, and a frozen
        dataclass's ``__init__`` sets each field (the default ``shortfall`` too) through
        ``object.__setattr__`` behind a class call. Here the two fields are set the same way and
        ``shortfall`` is left to the class's default, as a dataclass keeps it (equal, same repr)."""
        t = _new(cls)
        _set(t, "actions", (action,))
        _set(t, "player", player)
        return t


def action_count(action: Any) -> int:
    """How many of the turn's actions *action* uses (a Double Action Build uses both)."""
    return 2 if isinstance(action, Build) and len(action.cards) == 2 else 1
