"""The rules object: one per (game, variant), the shared engine's view of what differs between games.

A :class:`Rules` holds the game's :class:`~brass_judge.data.GameData` (``.data``) and answers the
engine's questions: *parameters* read from the game's data files (link costs, loans, the Progress
Track, the markets, setup numbers) and *hooks* for behaviour that data cannot say (which locations
trade with the markets, who gets market coal, what a new mine sells, the Virtual Link, extra
position checks). A game subclasses it in ``brass_judge/games/<game>/rules.py``; a variant of a
game subclasses the game's class and overrides only what it changes, as python-chess's variant
boards do. Get one with :func:`brass_judge.games.get_rules`.

Nothing here does I/O except through the data loader, which the registry calls once per variant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar


class Rules:
    """What the shared engine asks a game. Parameters come from ``self.data``; override hooks."""

    #: the game's key (its folder under ``brass_judge/games/``) and printed name
    game: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: the rules variant this class implements (a key of the game's variants.yaml)
    variant: ClassVar[str] = "standard"
    #: the resources the engine handles (each has a market in the data when it has one)
    resources: ClassVar[tuple[str, ...]] = ("coal", "iron")

    def __init__(self, data: Any) -> None:
        self.data = data
        self.players: range = data.players
        #: the printed trade icons (:meth:`trade_locations`), looked up when first asked: an attribute
        #: set here, not a key written into ``__dict__`` later (on CPython 3.11 a materialized
        #: ``__dict__`` makes every later attribute read and method call on the object slower)
        self._printed_trade: frozenset[str] | None = None
        #: the printed link icons (:meth:`printed_link_icons`), the same way
        self._printed_link_icons: Counter[str] | None = None
        #: the game's action judges by action class (:func:`brass_judge.actions.judges_by_class`),
        #: kept here by the engine at its first action judged: one attribute read per action
        self.action_judges: dict[type, Any] | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game}/{self.variant}>"

    # ----- parameters (from the data files) ------------------------------------------------------
    def link_cost(self, era: str, n: int = 1) -> int | None:
        """What placing *n* links in one Network action costs in *era*; None if *n* is not allowed."""
        got: int | None = self.data.link_costs.get(era, {}).get(n)
        return got

    def max_links(self, era: str) -> int:
        """The most links one Network action places in *era*."""
        return int(max(self.data.link_costs.get(era, {1: 0})))

    def min_link_cost(self, era: str) -> int:
        """The cheapest Network action of *era* (what a player needs at least)."""
        return int(min(self.data.link_costs.get(era, {1: 0}).values()))

    @property
    def loan_amounts(self) -> tuple[int, ...]:
        return tuple(self.data.loans["amounts"])

    @property
    def income_floor(self) -> int:
        """The lowest income level a loan may leave."""
        return int(self.data.loans["income_floor"])

    @property
    def loans_stop_when_deck_empty(self) -> bool:
        return bool(self.data.loans["stop_when_deck_empty"])

    def loan_levels(self, amount: int) -> int:
        """Income levels a loan of *amount* costs (one per £10)."""
        return amount // 10

    def largest_loan(self, level: int) -> int:
        """The largest loan allowed at income *level* (0 if none)."""
        ok = [a for a in self.loan_amounts if level - self.loan_levels(a) >= self.income_floor]
        return max(ok, default=0)

    @property
    def track_last_space(self) -> int:
        """The Progress Track's last space (the marker never passes it)."""
        return int(self.data.track_last_space)

    @property
    def max_income_level(self) -> int:
        return int(self.data.max_income_level)

    @property
    def markets(self) -> dict[str, Any]:
        """resource -> :class:`~brass_judge.data.gamedata.Market`."""
        return dict(self.data.markets)

    def market(self, resource: str) -> Any:
        return self.data.markets[resource]

    @property
    def income_at_round_start(self) -> bool:
        """Whether income is paid at the start of each round (variants.yaml ``income_timing:
        start_of_round``) rather than at its end."""
        return bool(self.data.variant_rules.get("income_timing") == "start_of_round")

    @property
    def links_per_player(self) -> int:
        return int(self.data.links_per_player)

    @property
    def start_money(self) -> int:
        return int(self.data.start_money)

    @property
    def hand_size(self) -> int:
        return int(self.data.hand_size)

    # ----- hooks (behaviour) ----------------------------------------------------------------------
    def trade_locations(self, pos: Any) -> set[str]:
        """Locations that trade with the markets (show a trade icon) in *pos*: by default those
        with a trade icon printed on the board (map.yaml ``trade_icon``)."""
        return set(self.printed_trade())

    def printed_trade(self) -> frozenset[str]:
        """The locations with a trade icon printed on the board (map.yaml ``trade_icon``), looked up
        once per rules object: asked several times per action judged."""
        printed = self._printed_trade
        if printed is None:
            from .engine.board import _outside_trade

            printed = self._printed_trade = _outside_trade(self.data)
        return printed

    def connected_to_trade(self, pos: Any, sources: Iterable[str], adj: dict[str, Any] | None = None) -> bool:
        """Whether any of *sources* is connected to a trade location."""
        from .engine.board import distances_from, trade_reached

        return bool(trade_reached(pos, self.data, distances_from(pos, list(sources), adj)))

    #: resources whose new tiles sell to the market only through a connection to a trade location
    #: (coal; a new iron works sells whatever its connections, Q070, Q071)
    trade_connected_resources: ClassVar[tuple[str, ...]] = ("coal",)

    def sells_through_trade(self, resource: str) -> bool:
        """Whether a new tile carrying *resource* sells its cubes to the market only when connected
        to a trade location (engine.resources.sell_new_cubes)."""
        return resource in self.trade_connected_resources

    @property
    def virtual_link(self) -> tuple[str, ...] | None:
        """(from, to): with *from* in a player's network an Industry card also builds in *to*
        (variants.yaml ``virtual_link``); None when the variant has none."""
        ends = self.data.variant_rules.get("virtual_link")
        return tuple(ends) if ends else None

    def buildable_level(self, industry: str, level: int) -> bool:
        """Whether a tile of *industry* at *level* may ever be built (mat.yaml ``eras``)."""
        return bool(self.data.tile(industry, level).eras)

    #: industries whose tiles flip the moment they are built (a position shows them flipped)
    flips_when_built: ClassVar[tuple[str, ...]] = ()

    def setup(self, players: list[str], **orders: Any) -> Any:
        """A new game for *players* (seat order) under these rules: the first position
        (engine.flow.deck_setup; *orders*: seed, rng, deck_order, dcm_order, turn_order)."""
        from .engine.flow import deck_setup

        return deck_setup(players, self.data, **orders)

    def scores(self, pos: Any) -> list[Any]:
        """Final scoring of *pos*: one row per player, ranked (engine.flow.scores)."""
        from .engine.flow import scores

        return list(scores(pos, self.data))

    def validate_tile(self, pos: Any, tile: Any) -> tuple[Any, ...] | None:
        """Why *tile* cannot be where it is in *pos* by this game's own rules, as (rulings, text)
        for a POS014, or None (the shared checks, mat eras and the like, run first)."""
        return None

    def judge_chance(
        self, pos: Any, turn: Any, data: Any, judge: Callable[..., Any], *, sequences: bool = False
    ) -> Any:
        """The verdict on *turn* when judging it met a chance outcome it does not state (the engine
        caught :class:`~brass_judge.engine.context.NeedChance`): judge every outcome with
        ``judge(position, forced_outcomes, narrate)`` and return the verdict to show, its outcomes
        listed. A game whose actions meet no unstated chance never gets here."""
        raise NotImplementedError(f"{self.game} has no chance outcomes to enumerate")

    def validate_markets(self, pos: Any, drawn_given: bool, bad: Callable[..., None]) -> None:
        """Game-specific checks of the market area of *pos*, each problem reported through
        ``bad(code, path, also=(), **fields)`` where the position's market checks run (so the order
        of the report stays the board's); *drawn_given*: the file lists drawn tiles. None by default."""

    def tile_capacity(self, pos: Any, tile: Any) -> int:
        """The most cubes *tile* can carry in *pos*: those printed on it (mat.yaml)."""
        return int(self.data.tile(tile.industry, tile.level).cubes)

    def removed_at_era_end(self, tile: Any) -> bool:
        """Whether *tile* leaves the board at the end of the Canal Era (so never stands on it in the
        Rail Era): every level 1 tile."""
        return bool(tile.level == 1)

    #: cards in the game beside the deck (not dealt from it); none by default
    cards_beside_deck: tuple[str, ...] = ()

    def return_card(self, j: Any, card: str) -> bool:
        """Put *card*, just played, back where the game keeps it beside the deck (in ``j.pos``),
        recording the rule; False when it goes onto the discard pile as usual (every card here)."""
        return False

    def validate_loaded(self, loaded: Any, bad: Callable[..., None]) -> None:
        """Game-specific checks of a loaded position (*loaded*: a LoadedPosition, or a bare
        position's stand-in, with ``position``, ``paths`` and ``line_of``), each problem reported
        through ``bad(code, path, also=(), **fields)`` with its file path; none by default."""

    def validate_extra(self, pos: Any) -> Iterable[Any]:
        """Game-specific position checks (violations, after the shared ones); none by default."""
        return ()

    def coal_unreachable_code(self, industry: str) -> str | None:
        """The game's own code for a build of *industry* that no coal can reach in the Canal Era
        because the town has no canal; None for the shared one (BLD025)."""
        return None

    def on_built(self, j: Any, tile: Any) -> None:
        """Called after a tile is built (flips, markers); nothing by default."""

    def in_network(self, pos: Any, player: str, loc: str, net: set[str] | None = None) -> bool:
        """Whether an Industry card of *player* may build in *loc*: the network, plus any extras."""
        if net is None:
            from .engine.board import network_of

            net = network_of(pos, player)
        if loc in net:
            return True
        vl = self.virtual_link
        return vl is not None and loc == vl[1] and vl[0] in net

    def check_loan(self, j: Any, loan: Any) -> None:
        """Game-specific Loan checks (after the income floor); none by default."""

    # ---- hooks: build, develop, loan, coal and iron ------------------------------------------------
    def others_may_overbuild(self, industry: str) -> bool:
        """Whether another player's *industry* tile may ever be overbuilt (then only once its
        resource is gone from the board and the market): by default any industry whose tiles carry a
        resource (mat.yaml ``resource``: coal mines and iron works)."""
        return self.data.mat[industry][0].resource is not None

    def cubes_when_built(self, spec: Any, era: str) -> int:
        """The cubes (or barrels) a new tile of *spec* gets when built in *era*: those printed on it."""
        return int(spec.cubes)

    def load_text(self, spec: Any, n: int) -> str:
        """How the effects name *n* cubes on a new tile of *spec* ("3 cube(s)")."""
        return f"{n} cube(s)"

    def rail_mat_keeps(self, industry: str, level: int) -> bool:
        """Whether a mat inferred in the Rail Era may still hold *industry* tiles of *level*: by default
        no level 1 tile (built and removed, or developed, Q042)."""
        return level != 1

    #: what an inferred mat's assumption adds in the Rail Era (:meth:`rail_mat_keeps`)
    rail_mat_note: ClassVar[str] = "; Rail Era: level 1 tiles taken as gone"

    def develop_refusal(self, industry: str, level: int) -> tuple[str, dict[str, Any]] | None:
        """Why the level *level* *industry* tile may not be developed away, as (code, fields) for the
        Develop judge to report, or None (any tile may be developed by default)."""
        return None

    def loan_alternative(self, level: int) -> str:
        """What a player at income *level* can do instead of a loan that goes below the floor (the
        remedy of LON001): the largest loan left, or that none is possible."""
        best = self.largest_loan(level)
        return (
            f"the largest loan now is £{best}"
            if best
            else f"no loan is possible at level {self.income_floor}"
        )

    #: how the explanations name a place that trades with the markets (one, and several)
    trade_place: ClassVar[str] = "a trade icon"
    trade_places: ClassVar[str] = "trade icons"

    def coal_market_via(self, location: str) -> str:
        """How a market coal purchase's effect names the connection it went through (*location*)."""
        return f"via the trade icon in {location}"

    # ---- hooks: network, sell, beer, scout
    def link_without_network(self, j: Any) -> bool:
        """Whether the player judged in *j*, with none of their tiles or links on the board (no
        network), may place a link on any line of the era; a game that allows it records the rule
        it applied. Lancashire: no, a link must touch the network (Q051), so none can be built."""
        return False

    def link_cost_rulings(self, era: str) -> tuple[str, ...]:
        """The game's rulings on a Network action's price in *era*, cited beyond the code's own when
        the price cannot be paid (NET006; the game's codes module lists them in ``MAY``). None by
        default: Lancashire's NET006 always cites its one price ruling."""
        return ()

    # ---- hooks: flow (setup, rounds, eras, scores)
    #: VP per £ at the end of the game (1 per £10); None: money scores nothing
    money_vp_per: ClassVar[int | None] = 10
    #: how the game-end step names players still level after every tie-break
    shared_win_text: ClassVar[str] = "shared win: "

    def cards_set_aside(self, players: int, era: str) -> int:
        """Cards of the deck neither dealt nor in the draw deck when an era's first round begins:
        those under the Deck tile in the Canal Era, or set aside at random by the Classic setup."""
        from .engine.flow import _classic_removal

        removal = _classic_removal(self.data, players)
        if era == "canal":
            return int(
                removal.get("canal_under_deck_tile", self.data.deck_tile_cards_per_player["canal"] * players)
            )
        return int(removal.get("rail_removed", 0))

    def printed_link_icons(self, players: int) -> Mapping[str, int]:
        """Link icons printed on the board that score at *players* players, per location (map.yaml
        ``link_icons``; worked out once per rules object, never to be changed: every era's end asks)."""
        printed = self._printed_link_icons
        if printed is None:
            printed = self._printed_link_icons = Counter(
                {key: loc.link_icons for key, loc in self.data.locations.items() if loc.link_icons}
            )
        return printed

    def link_scoring_cases(self, pos: Any, line: str, icons: Mapping[str, int]) -> tuple[str, ...]:
        """The game's own rules (``RUL-*`` codes) that decided what the link on *line* scores in
        *pos* at an era's end, *icons* being the link icons per location; none by default."""
        return ()

    def end_canal_era(self, pos: Any, fx: Any, **orders: Any) -> None:
        """After Canal Era scoring, make *pos* the Rail Era's first position (engine.flow._end_canal:
        level 1 tiles leave, the new deck and hands); *orders*: rng, seed, rail_deck_order,
        rail_dcm_order, unknown_deal."""
        from .engine.flow import _end_canal

        _end_canal(pos, self.data, fx, **orders)

    def flow_step_rulings(self) -> tuple[Mapping[str, Any], Callable[..., list[tuple[str, str]]] | None]:
        """The rulings each after-turn step cites (engine.after_turn): ``(STEP_RULINGS, cases)``,
        *cases* a function of (effect, canal_end, also) giving the game's own (rule, case key)
        pairs a step cites only when they decide it (None: the shared ones only)."""
        from .engine.after_turn import STEP_RULINGS

        return STEP_RULINGS, None
