"""Brass: Lancashire's rules object (Roxley edition): what the shared engine asks this game."""

from __future__ import annotations

from typing import Any

from ...rules import Rules


class LancashireRules(Rules):
    """Roxley standard rules. Trade icons: the outside locations and every built port, either
    side up (Q062, Q056); a new coal mine sells to the market only through a connection to one
    (Q070, Q071); loans stop once the draw deck is empty (data: ``loans.stop_when_deck_empty``)."""

    game = "lancashire"
    name = "Brass: Lancashire"
    variant = "standard"

    #: the industry whose built tiles show a trade icon
    port_industry = "port"

    def trade_locations(self, pos: Any) -> set:
        out = super().trade_locations(pos)
        out.update(t.location for t in pos.tiles if t.industry == self.port_industry)
        return out

    #: shipyards flip the moment they are built (Q082)
    flips_when_built = ("shipyard",)

    def on_built(self, j: Any, tile: Any) -> None:
        if tile.industry in self.flips_when_built:
            j.rule("RUL-SHIPYARD-FLIP")
            j.flip(tile, "a shipyard flips as soon as it is built")

    def validate_tile(self, pos: Any, tile: Any) -> tuple | None:
        if tile.industry != "shipyard":
            return None
        if pos.era == "canal" and tile.location in self.data.graphs.rail_only:
            name = self.data.locations[tile.location].name
            return (
                "Q080",
            ), f"no coal can reach {name} in the Canal Era, so no shipyard can have been built there"
        if not tile.flipped:
            return ("Q082",), "a shipyard flips the moment it is built"
        return None

    def coal_unreachable_code(self, industry: str) -> str | None:
        # the Canal Era shipyard can only be Liverpool's: the other shipyard towns have no canal (Q080)
        return "BLD021" if industry == "shipyard" else None

    def check_loan(self, j: Any, loan: Any) -> None:
        """LON002: no loans in the Rail Era once the draw deck is empty (rulebook: Loan Action)."""
        from ...engine.flow import draw_deck_empty
        from ...model import RAIL

        pos = j.pos
        if pos.era != RAIL or not self.loans_stop_when_deck_empty:
            return
        empty = draw_deck_empty(pos, j.data)
        if empty:
            if pos.draw_deck is None and pos.draw_pile is None:
                j.assume(
                    f"draw deck size not given: in Rail Era round {pos.round} at {pos.num_players} players "
                    "the draw deck is always empty (the last four rounds)"
                )
            j.violate("LON002", priority=10)
        elif empty is None:
            j.assume("draw deck size not given: assumed cards remain, so Rail Era loans are still allowed")

    @property
    def known_virtual_link(self) -> tuple | None:
        """The Virtual Link some variant of this game has (variants.yaml), for explaining why it does
        not apply under this one (Q128)."""
        for v in self.data.variant_table.values():
            if v.get("virtual_link"):
                return tuple(v["virtual_link"])
        return None
