"""Brass: Lancashire's rules object (Roxley edition): what the shared engine asks this game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...rules import Rules

#: the engine's ``flow.draw_deck_empty``, imported at the first Rail Era loan judged and kept here:
#: a module-level import would load the engine for ``rulings show``, and an import statement in
#: check_loan ran at every such loan (a relative import resolves its package each time)
_draw_deck_empty: Callable[[Any, Any], bool | None] | None = None


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
        # asked for every coal cube bought or looked for and every sale: a loop adding to a copy
        # of the printed icons (faster on 3.11 than a frozenset's union with a list of the ports)
        out = set(self._printed_trade or self.printed_trade())
        for t in pos.tiles_of(self.port_industry):
            out.add(t.location)
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

    def judge_chance(self, pos: Any, turn: Any, data: Any, judge: Any, *, sequences: bool = False) -> Any:
        """Distant Cotton Market tiles drawn but not stated: every draw judged, grouped by result
        (:func:`.dcm.judge_unstated_draws`)."""
        from .dcm import judge_unstated_draws

        return judge_unstated_draws(pos, turn, data, judge, sequences=sequences)

    def validate_markets(self, pos: Any, drawn_given: bool, bad: Any) -> None:
        """The Distant Cotton Market in a position: the marker on its track, the tiles drawn and
        face down those of the player count (POS016, POS020; Q001, Q045, Q108)."""
        from collections import Counter

        from .dcm import marker_for_drawn, marker_on_track, market_closed

        if not marker_on_track(pos.dcm_position):
            bad("POS016", ("distant_cotton_market", "marker"), space=pos.dcm_position)
        in_play = Counter(self.data.dcm_tiles_for(pos.num_players))
        drawn = Counter(pos.dcm_drawn)
        for v, n in drawn.items():
            if n > in_play[v]:
                bad(
                    "POS020",
                    ("distant_cotton_market", "drawn"),
                    also=("setup.deck-for-player-count",),
                    why=f"{n} Distant Cotton Market tile(s) showing {v} drawn, but {pos.num_players} players use {in_play[v]}",
                )
        if (pos.dcm_drawn or drawn_given) and marker_on_track(pos.dcm_position):
            # the marker starts on space 1 and moves down by each tile drawn; X (9) ends the track
            reached = marker_for_drawn(pos.dcm_drawn)
            if reached != pos.dcm_position:
                at = "X" if market_closed(reached) else f"space {reached}"
                since = (
                    f"the tiles drawn ({', '.join(map(str, pos.dcm_drawn))}) put it on {at}"
                    if pos.dcm_drawn
                    else "no tile has been drawn (drawn: []), which leaves it on space 1; list the tiles drawn, "
                    "or leave drawn: out if they are not known"
                )
                bad(
                    "POS020",
                    ("distant_cotton_market", "marker"),
                    why=f"the Distant Cotton Market marker is on space {pos.dcm_position}, but {since}",
                )
        if pos.dcm_order is not None:
            if drawn + Counter(pos.dcm_order) != in_play:
                bad(
                    "POS020",
                    ("distant_cotton_market", "order"),
                    also=("setup.deck-for-player-count",),
                    why="the drawn and face-down Distant Cotton Market tiles do not make up the set for "
                    f"{pos.num_players} players ({sorted(in_play.elements())})",
                )

    def coal_unreachable_code(self, industry: str) -> str | None:
        # the Canal Era shipyard can only be Liverpool's: the other shipyard towns have no canal (Q080)
        return "BLD021" if industry == "shipyard" else None

    def check_loan(self, j: Any, loan: Any) -> None:
        """LON002: no loans in the Rail Era once the draw deck is empty (rulebook: Loan Action)."""
        pos = j.pos
        # the era's key spelled out (model.RAIL), as validate_tile does: an import statement here
        # ran on every Loan judged, and a module-level one would load the model for `rulings show`
        if pos.era != "rail" or not self.loans_stop_when_deck_empty:
            return
        global _draw_deck_empty
        if _draw_deck_empty is None:  # the first Rail Era loan judged
            from ...engine.flow import draw_deck_empty

            _draw_deck_empty = draw_deck_empty
        empty = _draw_deck_empty(pos, j.data)
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
