"""Brass: Birmingham game logs: what a Birmingham log holds beyond the shared log format.

The shared reader, writer and replay (:mod:`brass_judge.gamelog`, ``docs/games.md``) ask this
module (named by ``LOG_FORMAT`` in the game folder's ``__init__``) for Birmingham's part of a log
(``docs/games-birmingham.md``, ``schemas/game-birmingham.schema.json``):

* the setup's explicit orders: ``turn_order``, ``deck_order`` (top first, dealt as
  :func:`brass_judge.games.birmingham.flow.setup` deals it: 8 cards to each player in turn order,
  then that player's face-down card) and ``merchant_order`` (the merchant tiles' faces, one per
  merchant space in play at the player count, in map order); ``rail_deck_order`` for the Rail Era;
* the board facts a log may record besides the shared ones: ``merchant_barrels`` (barrels still
  beside each merchant's tiles) and ``wild_piles`` (cards left on each wild pile);
* the Lancashire-only keys a Birmingham log may not carry, each with why.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

#: the JSON Schema of a Birmingham log (``schemas/game-birmingham.schema.json``)
SCHEMA = "game-birmingham"
#: the setup's explicit orders that replace a seed (all of them, or a seed for the rest)
EXPLICIT_ORDERS = ("turn_order", "deck_order", "merchant_order")
#: the board facts of ``after:`` / ``final:`` only Birmingham has
BOARD_FACTS = ("merchant_barrels", "wild_piles")
#: keys of another game's log (setup keys and board facts) -> why a Birmingham log has none
FOREIGN_KEYS = {
    "dcm_order": "Brass: Birmingham has no Distant Cotton Market (a Brass: Lancashire setup key)",
    "rail_dcm_order": "Brass: Birmingham has no Distant Cotton Market (a Brass: Lancashire setup key)",
    "dcm_marker": "Brass: Birmingham has no Distant Cotton Market (a Brass: Lancashire fact)",
}


def deck_order(pos: Any) -> list[str]:
    """The deck order (top first) that deals *pos*, a freshly set-up position: each player's hand
    and face-down card in turn order, then the draw pile."""
    hidden = list(pos.under_deck_tile or [])
    deck: list[str] = []
    for i, name in enumerate(pos.players):
        deck.extend(pos.player[name].hand or [])
        if i < len(hidden):
            deck.append(hidden[i])
    deck.extend(hidden[len(pos.players) :])
    deck.extend(pos.draw_pile or [])
    return deck


def merchant_order(pos: Any) -> list[str]:
    """The faces of the merchant tiles of *pos*, one per merchant space in play, in map order."""
    return [space.face for spaces in pos.merchants.values() for space in spaces]


def setup_orders(pos: Any) -> dict[str, Any]:
    """The explicit orders of a log's ``setup:`` for a freshly set-up position."""
    return {
        "turn_order": list(pos.players),
        "deck_order": deck_order(pos),
        "merchant_order": merchant_order(pos),
    }


def rail_orders(pos: Any) -> dict[str, Any]:
    """``rail_deck_order`` from the position at the start of the Rail Era (before anyone has
    played): the hands in turn order, then the draw pile (nothing goes face down)."""
    deck: list[str] = []
    for name in pos.players:
        deck.extend(pos.player[name].hand or [])
    deck.extend(pos.draw_pile or [])
    return {"rail_deck_order": deck}


def board_fact(pos: Any, key: str) -> Any:
    """The value of the Birmingham board fact *key* (one of :data:`BOARD_FACTS`) in *pos*."""
    if key == "merchant_barrels":
        return {m: sum(1 for s in spaces if s.barrel) for m, spaces in pos.merchants.items() if spaces}
    if key == "wild_piles":
        return dict(pos.wild_piles)
    raise KeyError(key)


def fact_names(data: Any, key: str) -> list[str] | None:
    """The names a board fact's mapping may use (the merchants in play, the wild piles), or None."""
    if key == "merchant_barrels":
        return list(data.rules.merchants)
    if key == "wild_piles":
        return list(data.rules.wild_cards)
    return None
