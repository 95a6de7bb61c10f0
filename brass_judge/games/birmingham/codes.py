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
_RULINGS_TURN: dict[str, tuple[str, ...]] = {
    "POS002": ("B022",),
    "POS003": ("B024",),
    "POS004": ("B038",),
    "POS005": ("B038",),
    "POS006": ("B028",),
    "POS007": ("B026",),
    "POS008": ("B005",),
    "POS013": ("B054",),
    "POS014": ("B023",),
    "POS017": ("B028",),
    "POS019": ("B013",),
    "POS021": ("B008",),
    "POS023": ("B007",),
    "POS024": ("B001",),
    "POS025": ("B001",),
    "POS022": ("B007", "B013"),
    "TRN002": ("B008",),
    "TRN003": ("B009",),
    "TRN004": ("B009",),
    "TRN006": ("B001",),
    "RUL-DISCARD": ("B009",),
    "RUL-FIRST-ROUND": ("B008",),
    "RUL-SAME-ACTION-TWICE": ("B017",),
}
_TEXTS_TURN: dict[str, dict[str, Any]] = {
    "POS002": {
        "doc": "A tile may only stand on a space showing its industry's icon; each farm brewery has one space, showing the Brewery icon only."
    },
    "POS006": {
        "message": "{tile} is flipped but has {cubes} cubes or barrels",
        "doc": "Coal Mines, Iron Works and Breweries flip when their last cube or barrel is taken.",
    },
    "POS007": {
        "message": "{tile} has {cubes} cubes or barrels; it holds at most {max}",
        "doc": "A Coal Mine or Iron Works carries at most the cubes printed on it; a Brewery holds the barrels it got when built: 1 in the Canal Era, 2 in the Rail Era (a level 2 or 3 Brewery on the board in the Rail Era may have been built in either era, so it holds at most 2). No other tile carries cubes or barrels.",
    },
    "POS008": {"doc": "The Coal Market has 14 spaces and the Iron Market 10."},
    "POS012": {
        "message": "{player} has {count} link tiles (on the board and left to build); each player has 14",
        "doc": "Each player has 14 link tiles.",
    },
    "POS013": {
        "message": "{tile} is on the board in the Rail Era",
        "remedy": "remove it: level 1 tiles leave the board at the end of the Canal Era (only Pottery I may be built in the Rail Era)",
        "doc": "Every level 1 tile leaves the board at the end of the Canal Era; the only level 1 tile built in the Rail Era is Pottery I.",
    },
    "POS017": {
        "message": "{tile} has no cubes or barrels left but is not flipped",
        "doc": "A Coal Mine, Iron Works or Brewery flips when its last cube or barrel is removed.",
    },
    "POS018": {
        "doc": "Only the 20 towns and the 2 farm breweries have industry spaces; the merchants have none."
    },
    "POS023": {
        "doc": "The deck for the player count lasts a fixed number of rounds: 10 with 2 players, 9 with 3 and 8 with 4 in each era."
    },
    "POS024": {
        "doc": "Only the cards marked for the player count are in the deck, so no hand or discard pile can hold another (those towns can still be built in through the network or with a Wild Location card). The wild cards are beside the deck, not in it."
    },
    "POS025": {
        "doc": "Each card of the deck is in exactly one place: a hand, a discard pile or the draw deck. Counted across all of them, no card can appear more often than the deck for the player count holds it."
    },
    "POS022": {
        "doc": "Every turn discards a card per action and refills the hand to 8, so the draw deck runs down at a fixed pace: the round number tells how many cards can be left. In the Canal Era each player's face-down first discard is out of the deck too."
    },
}
_ROWS_TURN: list[tuple[str, dict[str, Any]]] = [
    (
        "POS022",
        {
            "code": "POS101",
            "name": "merchant-spaces-for-player-count",
            "message": "{merchant} lists {listed} merchant tile(s), but at {players} players it has {in_play} merchant space(s) in play",
            "rulings": ("B003",),
            "remedy": "list {in_play} tile(s) for {merchant} (blank for a space with a blank tile)",
            "doc": "Merchant tiles lie only on the merchant spaces marked for the player count: with 2 players Warrington and Nottingham have none, with 3 players Nottingham has none; every space in play holds a tile (blank or not).",
        },
    ),
    (
        "POS022",
        {
            "code": "POS102",
            "name": "merchant-tiles-not-in-pool",
            "message": "{count} {face} merchant tile(s) on the board ({merchants}), but at {players} players there are {max}",
            "rulings": ("B001", "B003"),
            "remedy": "check the merchant tiles: at {players} players the pool is {pool}",
            "doc": "The merchant tiles in play are those marked for the player count (5 with 2 players, 7 with 3, 9 with 4), one on each merchant space in play; no face appears more often than the pool holds it.",
        },
    ),
    (
        "POS022",
        {
            "code": "POS103",
            "name": "barrel-beside-blank-merchant",
            "message": "{merchant}'s merchant space {space} holds a blank tile with a beer barrel beside it",
            "rulings": ("B004",),
            "remedy": "remove the barrel: a blank merchant tile never gets one",
            "doc": "A beer barrel is put beside each merchant tile that is not blank, at setup and when the Rail Era begins; a blank tile never has one.",
        },
    ),
    (
        "POS022",
        {
            "code": "POS104",
            "name": "too-many-wild-cards",
            "message": "{count} {card} cards in the position ({places}); the game has {max}",
            "rulings": ("B002",),
            "remedy": "check the hands and the {card} pile: together they hold {max}",
            "doc": "There are 4 Wild Location and 4 Wild Industry cards; each is on its pile or in a hand (a played wild card goes back to its pile), so the hands and the pile hold 4 of each.",
        },
    ),
    (
        "POS022",
        {
            "code": "POS105",
            "name": "wild-card-in-discard",
            "message": "{player}'s discard pile holds a {card} card",
            "rulings": ("B010",),
            "remedy": "remove it: a played wild card goes back onto its own pile",
            "doc": "A wild card played goes back onto its face-up pile beside the deck, never onto a discard pile.",
        },
    ),
    (
        "POS022",
        {
            "code": "POS106",
            "name": "face-down-discard-in-rail-era",
            "message": "{player}'s discard pile still has the face-down setup card in the Rail Era",
            "rulings": ("B054",),
            "remedy": "set hidden_discard: false for {player}: the discards were shuffled into the Rail Era deck",
            "doc": "Each player's first discard is a face-down card drawn at setup; at the end of the Canal Era every discard is shuffled into the new deck, and no face-down card is dealt for the Rail Era.",
        },
    ),
    (
        "POS022",
        {
            "code": "POS107",
            "name": "cards-beyond-deck",
            "message": "the position holds {count} cards ({places}), but the {players}-player deck has {max}",
            "rulings": ("B001", "B006"),
            "remedy": "check the hands, the discard piles and the draw deck",
            "doc": "Every card of the deck is in a hand, a discard pile (the face-down first discard included, in the Canal Era) or the draw deck, so together they hold no more than the deck for the player count: 40 cards with 2 players, 54 with 3, 64 with 4.",
        },
    ),
]


# ---------------------------------------------------------------------------- build, develop, loan
_RULINGS_BUILD: dict[str, tuple[str, ...]] = {}
_TEXTS_BUILD: dict[str, dict[str, Any]] = {}
_ROWS_BUILD: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- network, sell, beer, scout
_RULINGS_TRADE: dict[str, tuple[str, ...]] = {}
_TEXTS_TRADE: dict[str, dict[str, Any]] = {}
_ROWS_TRADE: list[tuple[str, dict[str, Any]]] = []


# ---------------------------------------------------------------------------- the table
#: shared code -> the Birmingham rulings it cites whenever reported or applied
RULINGS: dict[str, tuple[str, ...]] = {**_RULINGS_TURN, **_RULINGS_BUILD, **_RULINGS_TRADE}
#: shared code -> fields of its row worded for Birmingham (message, remedy, doc)
TEXTS: dict[str, dict[str, Any]] = {**_TEXTS_TURN, **_TEXTS_BUILD, **_TEXTS_TRADE}
#: (anchor code, row fields): Birmingham's own rows, each placed after its anchor
ROWS: list[tuple[str, dict[str, Any]]] = [*_ROWS_TURN, *_ROWS_BUILD, *_ROWS_TRADE]

#: Birmingham's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES: frozenset[str] = frozenset()
ROUTINE_RULES: frozenset[str] = frozenset()
