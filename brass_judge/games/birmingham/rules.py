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

    # ----- parameters (from the data files) ------------------------------------------------------
    def loan_levels(self, amount: int) -> int:
        """Income levels a loan costs: tracks.yaml ``loans.levels_per_loan`` (3 for the £30 loan)."""
        return int(self.data.loans.get("levels_per_loan", amount // 10))

    @property
    def merchants(self) -> tuple:
        """The merchant locations, in map order."""
        return tuple(k for k, loc in self.data.locations.items() if loc.kind == "merchant")

    def merchant_spaces(self, players: int) -> dict:
        """merchant -> how many of its tile spaces are in play at *players* players."""
        return {m: self.data.locations[m].merchant_spaces_for(players) for m in self.merchants}

    def merchant_tiles(self, players: int) -> dict:
        """Merchant tile face -> how many are used at *players* players (deck.yaml)."""
        return {face: int(v.get(players, 0)) for face, v in self.data.merchant_tiles.items()}

    def merchant_bonus(self, merchant: str) -> tuple | None:
        """What taking *merchant*'s barrel earns: ``(kind, amount)``."""
        bonus: tuple | None = self.data.locations[merchant].bonus
        return bonus

    @property
    def farm_breweries(self) -> tuple:
        return tuple(k for k, loc in self.data.locations.items() if loc.kind == "farm-brewery")

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

    # ----- hooks ---------------------------------------------------------------------------------

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
        from ...engine.flow import printed_link_icons

        printed = dict(printed_link_icons(self.data))
        if self.merchant_link_icons == "with_tile":
            for m, k in self.merchant_spaces(players).items():
                if not k:
                    printed.pop(m, None)
        return printed

    def link_scoring_cases(self, pos: Any, line: str, icons: Any) -> tuple:
        from .flow import link_scoring_cases

        return link_scoring_cases(self, pos, line, icons)

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
)
RULES: dict = {v: BirminghamRules if v == "standard" else _variant_class(v) for v in VARIANTS}
