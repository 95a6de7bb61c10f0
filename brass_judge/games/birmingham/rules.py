"""Brass: Birmingham's rules object (Roxley 2018): its parameters, read from its data files.

Only the parameters exist so far; the shared engine's action judges do not yet know beer,
merchants or wild cards, so a Birmingham position is refused before it reaches them (the registry's
:func:`brass_judge.games.judged`). Each variant of ``data/variants.yaml`` gets its class here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules import Rules


class BirminghamRules(Rules):
    """Roxley 2018 rules with the retail player mat. Beer is a resource without a market; the
    merchants are the trade locations (their printed trade icons, tile or no tile)."""

    game = "birmingham"
    name = "Brass: Birmingham"
    variant = "standard"
    #: the resources tiles carry; coal and iron have markets, beer has none
    carried: ClassVar[tuple] = ("coal", "iron", "beer")

    def __init__(self, data: Any) -> None:
        super().__init__(data)
        # looked up when first asked: attributes set here, not keys written into ``__dict__`` later
        # (on CPython 3.11 a materialized ``__dict__`` makes every later attribute read and method
        # call on the object slower; see :class:`~brass_judge.rules.Rules`)
        self._merchants: tuple | None = None
        self._merchant_spaces: dict[int, dict] = {}
        self._farm_breweries: tuple | None = None
        #: the wild cards: in the game beside the deck, never in it (B002); read by every action's
        #: discard, so worked out once (an attribute: a property would build the tuple at each read)
        self.cards_beside_deck: tuple[str, ...] = tuple(data.wild_cards)

    # ----- parameters (from the data files) ------------------------------------------------------
    def loan_levels(self, amount: int) -> int:
        """Income levels a loan costs: tracks.yaml ``loans.levels_per_loan`` (3 for the £30 loan)."""
        return int(self.data.loans.get("levels_per_loan", amount // 10))

    @property
    def merchants(self) -> tuple:
        """The merchant locations, in map order (kept once looked up: the map does not change)."""
        got = self._merchants
        if got is None:
            got = self._merchants = tuple(
                k for k, loc in self.data.locations.items() if loc.kind == "merchant"
            )
        return got

    def merchant_spaces(self, players: int) -> dict:
        """merchant -> how many of its tile spaces are in play at *players* players (a new dict
        each call, from one worked out once per player count: every link scored asks)."""
        table = self._merchant_spaces
        got = table.get(players)
        if got is None:
            got = table[players] = {
                m: self.data.locations[m].merchant_spaces_for(players) for m in self.merchants
            }
        return dict(got)

    def merchant_tiles(self, players: int) -> dict:
        """Merchant tile face -> how many are used at *players* players (deck.yaml)."""
        return {face: int(v.get(players, 0)) for face, v in self.data.merchant_tiles.items()}

    def merchant_bonus(self, merchant: str) -> tuple | None:
        """What taking *merchant*'s barrel earns: ``(kind, amount)``."""
        bonus: tuple | None = self.data.locations[merchant].bonus
        return bonus

    @property
    def farm_breweries(self) -> tuple:
        """The farm brewery locations, in map order (kept once looked up)."""
        got = self._farm_breweries
        if got is None:
            got = self._farm_breweries = tuple(
                k for k, loc in self.data.locations.items() if loc.kind == "farm-brewery"
            )
        return got

    @property
    def wild_cards(self) -> dict:
        """Wild card key -> how many are in its pile."""
        return {k: int(v["count"]) for k, v in self.data.wild_cards.items()}

    def barrels_when_built(self, level: int, era: str) -> int:
        """Beer barrels a Brewery of *level* gets when built in *era*."""
        return int(self.data.tile("brewery", level).barrels_in(era))

    def beer_to_sell(self, industry: str, level: int) -> int:
        """Beer barrels selling a tile of *industry* at *level* consumes."""
        return int(self.data.tile(industry, level).beer)

    def developable(self, industry: str, level: int) -> bool:
        """Whether the tile may be developed away (not a lightbulb tile)."""
        return not self.data.tile(industry, level).lightbulb

    def link_resources(self, era: str, n: int = 1) -> dict:
        """What placing *n* links in one Network action consumes in *era* (``{resource: count}``)."""
        return dict(self.data.link_resources.get(era, {}).get(n, {}))

    @property
    def actions_per_turn(self) -> int:
        return int(self.data.actions_per_turn)

    @property
    def first_round_actions(self) -> int:
        return int(self.data.first_round_actions)

    @property
    def tie_break(self) -> tuple:
        """What breaks a tie on VP, in order (variants.yaml ``tie_break``)."""
        return tuple(self.data.variant_rules.get("tie_break", ()))

    @property
    def merchant_link_icons(self) -> str:
        """When a merchant's printed link icons score: ``always`` (B061) or ``with_tile``."""
        return str(self.data.variant_rules.get("merchant_link_icons", "always"))

    # ---- hooks: build, develop, loan, coal and iron ------------------------------------------------
    def others_may_overbuild(self, industry: str) -> bool:
        """Only an opponent's Coal Mine or Iron Works, never their Brewery, though a Brewery carries
        barrels (B030): the industries whose resource has a market."""
        resource = self.data.mat[industry][0].resource
        return resource is not None and resource in self.data.markets

    def cubes_when_built(self, spec: Any, era: str) -> int:
        """A new Brewery gets its barrels by the era it is built in, not by level (B026)."""
        if spec.barrels:
            return int(spec.barrels_in(era))
        return int(spec.cubes)

    def load_text(self, spec: Any, n: int) -> str:
        return f"{n} beer barrel(s)" if spec.barrels else f"{n} cube(s)"

    def rail_mat_keeps(self, industry: str, level: int) -> bool:
        """A mat inferred in the Rail Era keeps the level 1 tiles that may be built in the Rail Era
        (Pottery I: B023), which can never be developed either (B043)."""
        return level != 1 or self.data.tile(industry, level).buildable_in("rail")

    rail_mat_note: ClassVar[str] = (
        "; Rail Era: level 1 tiles taken as gone, except Pottery I (it may be built in the Rail Era "
        "and never developed)"
    )

    def develop_refusal(self, industry: str, level: int) -> tuple | None:
        """A lightbulb tile (Pottery I and III) is never developed (B043): DEV101."""
        if self.developable(industry, level):
            return None
        return ("DEV101", {})

    def loan_alternative(self, level: int) -> str:
        return (
            f"take another action: a loan needs income level {self.income_floor + self.loan_levels(30)} "
            f"or more (it is £30 for 3 levels; {self.name} has no smaller loan)"
        )

    trade_place: ClassVar[str] = "a Merchant"
    trade_places: ClassVar[str] = "Merchants"

    def coal_market_via(self, location: str) -> str:
        return f"through the connection to the Merchant at {location}"

    def on_built(self, j: Any, tile: Any) -> None:
        """A new Brewery's barrels (B026); a level 1 tile built in the Rail Era is Pottery I (B023)."""
        spec = self.data.tile(tile.industry, tile.level)
        if spec.barrels:
            j.rule("RUL-BREWERY-BARRELS")
        if tile.level == 1 and j.pos.era == "rail":
            j.rule("RUL-RAIL-POTTERY")

    # ---- hooks: network, sell, beer, scout
    def link_without_network(self, j: Any) -> bool:
        """With none of the player's tiles or links on the board, any card lays a link on any line
        of the era (B032); a rail laid so still needs its coal."""
        j.rule("RUL-LINK-NO-TILES")
        return True

    def link_cost_rulings(self, era: str) -> tuple[str, ...]:
        """A canal's price is B039's, a rail's (one for £5, two for £15 and a beer) B040's."""
        return ("B040",) if era == "rail" else ("B039",)

    @property
    def zero_beer_takes_merchant_barrel(self) -> bool:
        """Whether a tile that needs no beer may still take the merchant's barrel, and its bonus
        (variants.yaml ``zero_beer_merchant_barrel``): no by default (ruling B057); a table that
        reads the rulebook the other way plays the alternative."""
        return bool(self.data.variant_rules.get("zero_beer_merchant_barrel", False))

    # ----- hooks ---------------------------------------------------------------------------------
    def tile_capacity(self, pos: Any, tile: Any) -> int:
        """A Brewery holds the barrels it got when built (B026): 1 in the Canal Era; in the Rail Era
        up to 2, since a position does not say in which era a level 2 or 3 Brewery was built (one
        built in the Canal Era keeps at most its 1). Other tiles: the cubes printed on them."""
        spec = self.data.tile(tile.industry, tile.level)
        if not spec.barrels:
            return super().tile_capacity(pos, tile)
        eras = [e for e in (("canal",) if pos.era == "canal" else ("canal", "rail")) if e in spec.eras]
        # a tile that cannot be built by this era is POS014's; count what it would hold when built
        return max(int(spec.barrels_in(e)) for e in eras or spec.eras)

    def removed_at_era_end(self, tile: Any) -> bool:
        """The level 1 tiles leave the board at the end of the Canal Era (B054); one on the board in
        the Rail Era was built in it, which only Pottery I may be (B023)."""
        return bool(tile.level == 1 and "rail" not in self.data.tile(tile.industry, tile.level).eras)

    def return_card(self, j: Any, card: str) -> bool:
        """A wild card played goes back onto its own pile, never the discard pile (B010)."""
        if card not in self.data.wild_cards:
            return False
        pos = j.pos
        pos.wild_piles = {**pos.wild_piles, card: int(pos.wild_piles.get(card, 0)) + 1}  # replaced
        j.rule("RUL-WILD-CARD-RETURNED")
        if j.narrate:
            j.effect(
                "discard",
                f"{j.player} returns the {j.card_name(card)} card to its pile ({pos.wild_piles[card]} on it)",
                player=j.player,
                cards=[card],
            )
        return True

    def validate_loaded(self, loaded: Any, bad: Any) -> None:
        from .validate import validate_position

        validate_position(self, loaded, bad)

    # ---- hooks: flow (setup, rounds, eras, scores)
    #: money scores no VP at the end (B055)
    money_vp_per: ClassVar[int | None] = None
    #: players still level after VP, income and money draw (B055)
    shared_win_text: ClassVar[str] = "a draw between: "

    def setup(self, players: list, **orders: Any) -> Any:
        """A new game (games/birmingham/flow.py; *orders*: seed, rng, deck_order, merchant_order,
        turn_order)."""
        from .flow import setup

        return setup(players, self.data, **orders)

    def scores(self, pos: Any) -> list:
        """The standings: VP, then the variant's tie-break (B055, B059), still level = a draw."""
        from ...engine.flow import scores

        return list(scores(pos, self.data))

    def cards_set_aside(self, players: int, era: str) -> int:
        """The face-down first discards: one a player in the Canal Era, none in the Rail Era (B006,
        B054); no card is set aside otherwise."""
        return int(self.data.face_down_discard_per_player.get(era, 0)) * players

    def printed_link_icons(self, players: int) -> dict:
        """The merchants' printed pairs: at every player count (B061), or, under the
        merchant-icons-with-tile variant, only where a merchant tile space is in play."""
        printed = dict(super().printed_link_icons(players))
        if self.merchant_link_icons == "with_tile":
            for m, k in self.merchant_spaces(players).items():
                if not k:
                    printed.pop(m, None)
        return printed

    def link_scoring_cases(self, pos: Any, line: str, icons: Any) -> tuple:
        """Birmingham's own rules that decide what the link on *line* scores: the three-ended
        Kidderminster-Worcester link scores the farm brewery's icons too (B060), when they count; a
        merchant with no tile space in play at the player count (B061: its printed pair scores, or
        under the merchant-icons-with-tile variant, does not). (Here, not in flow.py: asked for every
        link at every era's end, and it reads only the rules' own parameters.)"""
        ends = line.split("~")
        out: list[str] = []
        if len(ends) == 3:
            farms = self.farm_breweries
            if any(e in farms and icons.get(e, 0) for e in ends):
                out.append("RUL-LINK-THREE-ENDS")
        # asked for every link on the board at every era's end: the merchant spaces in play (a new
        # dict each time) are looked up only for the few links that touch a merchant
        merchants = self.merchants
        for e in ends:
            if e in merchants:
                spaces = self.merchant_spaces(pos.num_players)
                if any(spaces.get(x) == 0 for x in ends):
                    out.append("RUL-MERCHANT-ICONS")
                break
        return tuple(out)

    def end_canal_era(self, pos: Any, fx: Any, **orders: Any) -> None:
        """Level 1 tiles leave, merchant beer refilled, all discards form the new deck (B054)."""
        from .flow import end_canal

        end_canal(pos, self.data, fx, **orders)

    def flow_step_rulings(self) -> tuple:
        from .flow import STEP_RULINGS, case_rulings

        return STEP_RULINGS, case_rulings


def _variant_class(variant: str) -> type:
    """The rules class of a variant that changes only data (its tiles, tie break or icon rule)."""
    name = "".join(p.capitalize() for p in variant.replace("-", "_").split("_")) + "BirminghamRules"
    return type(name, (BirminghamRules,), {"variant": variant, "__module__": __name__})


#: every variant of data/variants.yaml; all change only data the rules object reads
VARIANTS = (
    "standard",
    "manufacturer-iv-14",
    "manufacturer-iv-rulebook",
    "income-level-tie-break",
    "merchant-icons-with-tile",
    "zero-beer-merchant-bonus",
)
RULES: dict = {v: BirminghamRules if v == "standard" else _variant_class(v) for v in VARIANTS}
