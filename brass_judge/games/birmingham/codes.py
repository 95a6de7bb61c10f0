"""Brass: Birmingham's part of the table of codes (:mod:`brass_judge.codes`).

As for Lancashire (``games/lancashire/codes.py``): :data:`RULINGS` gives the Birmingham rules-database
entries (``rulings/birmingham.yaml``, B001-B061) each shared code cites whenever reported or applied;
:data:`TEXTS` rewords shared rows where Birmingham's numbers or places differ; :data:`ROWS` adds
Birmingham's own rows after a shared anchor code. Birmingham's own codes take numbers from 101 up in
each family (``SEL101``, ``NET101``, ``SCT001`` for Scout, ...) so that no code means two things.

The file is sectioned by rule family so each area's rows sit together.
"""

from __future__ import annotations

from typing import Any

# ---------------------------------------------------------------------------- turn, cards, position
_RULINGS_TURN: dict[str, tuple[str, ...]] = {}
_TEXTS_TURN: dict[str, dict[str, Any]] = {}
_ROWS_TURN: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- build, develop, loan
_RULINGS_BUILD: dict[str, tuple[str, ...]] = {}
_TEXTS_BUILD: dict[str, dict[str, Any]] = {}
_ROWS_BUILD: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- network, sell, beer, scout
_RULINGS_TRADE: dict[str, tuple[str, ...]] = {}
_TEXTS_TRADE: dict[str, dict[str, Any]] = {}
_ROWS_TRADE: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- flow: setup, rounds, eras, scores
_RULINGS_FLOW: dict[str, tuple[str, ...]] = {
    "GAM005": ("B016",),
    "RUL-FIRST-ROUND": ("B008",),
    "RUL-SPENT": ("B012",),
    "RUL-TURN-ORDER": ("B014",),
    "RUL-INCOME": ("B015",),
    "RUL-SHORTFALL": ("B016",),
    "RUL-LINK-SCORING": ("B052",),
    "RUL-TILE-SCORING": ("B053",),
    "RUL-CANAL-END": ("B054",),
    "RUL-RAIL-END": ("B055",),
    "RUL-DECK": ("B007", "B051"),
}
_TEXTS_FLOW: dict[str, dict[str, Any]] = {
    "RUL-LINK-SCORING": {
        "doc": "At the end of each era every link scores 1 VP per link icon in the locations it touches: "
        "the 2 printed beside each Merchant and those on flipped tiles of any owner (towns print none). "
        "All links score and are removed before any tile scores.",
    },
    "RUL-CANAL-END": {
        "message": "level 1 tiles leave, merchant beer is refilled, all discards form the new deck, hands of 8",
        "doc": "Between the eras every level 1 tile leaves the board, a barrel goes back beside every "
        "non-blank Merchant tile, all discard piles (the face-down cards with them) are shuffled into the "
        "Rail Era deck with nothing set aside or face down, and everyone draws 8.",
    },
    "RUL-RAIL-END": {
        "message": "most VP wins (money scores nothing); ties: income, then money, else a draw",
        "doc": "After Rail Era scoring the player with the most VP wins; money scores no VP. A tie goes to "
        "the higher income (the track space, B059), then to more money; players still level draw.",
    },
    "RUL-DECK": {
        "message": "an era ends after the round in which the deck and every hand run out",
        "doc": "The deck holds the cards marked for the player count, so each era lasts 10, 9 or 8 rounds "
        "at 2, 3 or 4 players: it ends after the round in which the draw deck and every hand are empty.",
    },
}
_ROWS_FLOW: list[tuple[str, dict[str, Any]]] = [
    (
        "RUL-DECK",
        {
            "code": "RUL-SETUP",
            "name": "setup-per-player-count",
            "message": "cards and merchant tiles for the player count, markets 13/8, £17, 8 cards and 1 face down",
            "rulings": ("B001", "B002", "B003", "B004", "B005", "B006"),
            "doc": "Setup: cards and Merchant tiles marked above the player count are out; the Merchant tiles "
            "left are shuffled onto the Merchant spaces in play, a barrel beside each non-blank one; the coal "
            "market holds 13, the iron market 8; the wild piles 4 + 4; each player £17, income space 10, "
            "8 cards and 1 face down; turn order random.",
        },
    ),
    (
        "RUL-DECK",
        {
            "code": "RUL-REFILL",
            "name": "refill-at-end-of-turn",
            "message": "the hand refills to 8 at the end of the turn while the deck lasts",
            "rulings": ("B013",),
            "doc": "At the end of a turn, after all its actions, the hand refills to 8 cards while the draw "
            "deck lasts; never between the two actions.",
        },
    ),
    (
        "RUL-DECK",
        {
            "code": "RUL-WILD-PILES",
            "name": "wild-cards-on-their-piles",
            "message": "wild cards go back to their own piles, never into the deck",
            "rulings": ("B002", "B010"),
            "doc": "The 4 Wild Location and 4 Wild Industry cards are two piles beside the deck; a played "
            "wild card goes back onto its pile and is never shuffled into the deck.",
        },
    ),
    (
        "RUL-LINK-SCORING",
        {
            "code": "RUL-LINK-THREE-ENDS",
            "name": "three-ended-link-scores-the-farm",
            "message": "the Kidderminster-Worcester link also scores the southern Farm Brewery's icons",
            "rulings": ("B060",),
            "doc": "The one link between Kidderminster and Worcester touches the southern Farm Brewery too, "
            "so a flipped Brewery there adds its link icons to that link's score (project decision B060).",
        },
    ),
    (
        "RUL-LINK-SCORING",
        {
            "code": "RUL-MERCHANT-ICONS",
            "name": "merchant-icons-without-tile",
            "message": "a Merchant's printed link icons score at every player count",
            "rulings": ("B061",),
            "doc": "The 2 link icons beside a Merchant are printed on the board, so they score even where no "
            "Merchant tile lies at the player count (Warrington and Nottingham with 2 players, Nottingham "
            "with 3); the variant merchant-icons-with-tile scores them only with a tile (project decision B061).",
        },
    ),
]


# ---------------------------------------------------------------------------- the table
#: shared code -> the Birmingham rulings it cites whenever reported or applied
RULINGS: dict[str, tuple[str, ...]] = {**_RULINGS_TURN, **_RULINGS_BUILD, **_RULINGS_TRADE, **_RULINGS_FLOW}
#: shared code -> fields of its row worded for Birmingham (message, remedy, doc)
TEXTS: dict[str, dict[str, Any]] = {**_TEXTS_TURN, **_TEXTS_BUILD, **_TEXTS_TRADE, **_TEXTS_FLOW}
#: (anchor code, row fields): Birmingham's own rows, each placed after its anchor
ROWS: list[tuple[str, dict[str, Any]]] = [*_ROWS_TURN, *_ROWS_BUILD, *_ROWS_TRADE, *_ROWS_FLOW]

#: Birmingham's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES: frozenset[str] = frozenset()
ROUTINE_RULES: frozenset[str] = frozenset()
