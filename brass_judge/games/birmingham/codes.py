"""Brass: Birmingham's part of the table of codes (:mod:`brass_judge.codes`).

As for Lancashire (``games/lancashire/codes.py``): :data:`RULINGS` gives the Birmingham rules-database
entries (``rulings/birmingham.yaml``, B001-B063) each shared code cites whenever reported or applied;
:data:`TEXTS` rewords shared rows where Birmingham's numbers or places differ; :data:`ROWS` adds
Birmingham's own rows after a shared anchor code. Birmingham's own codes take numbers from 101 up in
each family (``SEL101``, ``NET101``, ``SCT001`` for Scout, ...) so that no code means two things.

The file is sectioned by rule family so each area's rows sit together.
"""

from __future__ import annotations

from typing import Any


def _row(
    code: str,
    name: str,
    message: str,
    rulings: tuple[str, ...],
    remedy: str | None,
    doc: str,
    may: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The fields of one of Birmingham's own rows (see :data:`ROWS`)."""
    return {
        "code": code,
        "name": name,
        "message": message,
        "rulings": rulings,
        "remedy": remedy,
        "doc": doc,
        "may": may,
    }


# ---------------------------------------------------------------------------- turn, cards, position
_RULINGS_TURN: dict[str, tuple[str, ...]] = {
    "POS002": ("B022",),
    "POS003": ("B024",),
    "POS004": ("B038",),
    "POS005": ("B038",),
    "POS006": ("B028",),
    "POS007": ("B026",),
    "POS001": ("B063",),
    "POS008": ("B005",),
    "POS009": ("B047", "B048"),
    "POS010": ("B022",),
    "POS011": ("B038",),
    "POS012": ("B062",),
    "POS013": ("B054",),
    "POS014": ("B023",),
    "POS015": ("B016",),
    "POS017": ("B028",),
    "POS018": ("B022",),
    "POS019": ("B013",),
    "POS021": ("B008",),
    "POS023": ("B007",),
    "POS024": ("B001",),
    "POS025": ("B001",),
    "POS022": ("B007", "B013"),
    "TRN001": ("B014",),
    "TRN002": ("B008",),
    "TRN003": ("B009",),
    "TRN004": ("B009",),
    "TRN005": ("B055",),
    "TRN006": ("B001",),
    "RUL-DISCARD": ("B009",),
    "RUL-PASS": ("B011",),
    "RUL-SPENT": ("B012",),
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
        "RUL-DISCARD",
        {
            "code": "RUL-WILD-CARD-RETURNED",
            "name": "wild-card-returned",
            "message": "a wild card played goes back onto its own pile",
            "rulings": ("B010",),
            "remedy": None,
            "doc": "A Wild Location or Wild Industry card played goes back onto its face-up pile beside the deck, ready for the next Scout, never onto the discard pile.",
        },
    ),
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
            "code": "POS108",
            "name": "face-down-discard-missing",
            "message": "{player}'s discard pile has no face-down setup card in the Canal Era",
            "rulings": ("B006",),
            "remedy": "set hidden_discard: true for {player} (or leave it out): the card drawn face down at setup stays under the discards all Canal Era",
            "doc": "At setup each player draws one card face down as the start of their discard pile; it stays there, under the face-up discards, until the discards are shuffled into the Rail Era deck.",
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
_RULINGS_BUILD: dict[str, tuple[str, ...]] = {
    "BLD001": ("B018",),
    "BLD002": ("B019", "B020"),
    "BLD003": ("B019",),
    "BLD004": ("B021",),
    "BLD006": ("B023",),
    "BLD007": ("B022",),
    "BLD008": ("B022",),
    "BLD009": ("B024",),
    "BLD010": ("B025",),
    "BLD011": ("B025", "B033", "B034"),
    "BLD012": ("B030",),
    "BLD013": ("B030",),
    "BLD014": ("B029",),
    "BLD015": ("B021",),
    "BLD016": ("B022",),
    "BLD018": ("B022",),
    "BLD019": ("B033",),
    "BLD020": ("B035",),
    "BLD022": ("B022", "B029"),
    "BLD023": ("B034", "B033"),
    "BLD024": ("B035",),
    "BLD025": ("B034", "B033"),
    "DEV001": ("B042",),
    "DEV002": ("B042", "B035"),
    "LON001": ("B048",),
    "RUL-CARD-LOCATION": ("B018",),
    "RUL-CARD-INDUSTRY": ("B019", "B020"),
    "RUL-CARD-NO-TILES": ("B032",),
    "RUL-LOWEST-TILE": ("B021",),
    "RUL-RAIL-SAME-TOWN": ("B024",),
    "RUL-SPACE-SINGLE-FIRST": ("B022",),
    "RUL-COAL-MINE": ("B033",),
    "RUL-COAL-SAME-TOWN": ("B033",),
    "RUL-COAL-MARKET": ("B034",),
    "RUL-MARKET-EMPTY": ("B036",),
    "RUL-IRON-WORKS": ("B035",),
    "RUL-IRON-MARKET": ("B035",),
    "RUL-CUBES-TO-SUPPLY": ("B025",),
    "RUL-MARKET-SALE": ("B027",),
    "RUL-MINE-NO-COAL-COST": ("B025",),
    "RUL-FLIP-INCOME": ("B028", "B047"),
    "RUL-OVERBUILD-OWN": ("B029",),
    "RUL-OVERBUILD-OPPONENT": ("B030",),
    "RUL-OVERBUILD-REMOVED": ("B031",),
    "RUL-DEVELOP": ("B042",),
    "RUL-LOAN": ("B048",),
}
_TEXTS_BUILD: dict[str, dict[str, Any]] = {
    # Lancashire's Double Action Build: in the shared table, never reported for Birmingham
    "BLD017": {
        "doc": "Lancashire's Double Action Build. Birmingham has none (B017: every Build is one action with one card), so a Birmingham verdict never reports this code: a build naming two cards is refused as it is read (INP020, exit 2)."
    },
    "RUL-DOUBLE-BUILD": {
        "doc": "Lancashire's Double Action Build. Birmingham has none (B017), so a Birmingham verdict never applies this rule."
    },
    "BLD001": {
        "remedy": "play the {location} card or a Wild Location, or a card that builds a {industry} with {location} in your network",
        "doc": "A Location card builds only in the town it names (a Wild Location in any town). To build anywhere else you need that town's card, a Wild Location, or an Industry card for the industry with the town in your network.",
    },
    "BLD002": {
        "remedy": "play the {location} card or a Wild Location, or first bring {location} into your network with a link",
        "doc": "An Industry card (or Wild Industry) builds only in a location in your own network: one holding your industry tile or touching your link. Being connected through other players' links does not count. With none of your tiles on the board it may build on any free matching space, but not overbuild.",
    },
    "BLD003": {
        "remedy": "play a card that builds a {industry} (its Industry card or a Wild Industry), or the {location} card or a Wild Location",
        "doc": "An Industry card builds only the industry it shows; the Cotton Mill / Manufacturer card builds either of the two, and a Wild Industry any. To build another industry you need a card for it, or the town's Location card or a Wild Location.",
    },
    "BLD006": {
        "doc": "Each tile on the mat shows the era it can be built in: Cotton Mill I, Manufacturer I, Coal Mine I, Iron Works I and Brewery I only in the Canal Era, Pottery V and Brewery IV only in the Rail Era; Pottery I in both. Since you must take the lowest tile, one for the other era blocks the stack until it is developed away or its era comes.",
    },
    "BLD007": {
        "remedy": "build it where a free space shows the {industry} icon (brass-judge data map --game birmingham)",
    },
    "BLD015": {
        "remedy": "build the level {lowest} {industry} first (or develop it away, unless it shows the lightbulb)",
    },
    "BLD010": {
        "remedy": "needs £{short} more (a loan gives £30)",
        "doc": "A build costs the price shown beside the tile on your mat plus any coal or iron bought from the markets (£8 a coal and £6 an iron once a market is empty), and you must have that money now. Overbuilding costs the full price too.",
    },
    "BLD011": {
        "message": "{location} needs {need} coal but is connected to no unflipped coal mine and to no Merchant",
        "remedy": "connect {location} by links to a coal mine with coal, or to any Merchant to buy from the Coal Market",
        "doc": "Coal for a build comes from the nearest unflipped coal mine connected to the location by anyone's links (or in the same location), or else from the Coal Market through a connection to any of the five Merchants, tile or no tile. With neither, a tile that needs coal cannot be built there.",
    },
    "BLD012": {
        "doc": "Your own tiles of any industry may be overbuilt, but the only opponent tiles that can ever be overbuilt are coal mines and iron works. An opponent's Brewery, Cotton Mill, Manufacturer or Pottery can never be replaced.",
    },
    "BLD018": {
        "message": "{location} has no industry spaces; nothing can be built there",
        "remedy": "build in a town or a farm brewery: brass-judge data map --game birmingham lists every space",
        "doc": "Only towns and the two farm breweries have printed industry spaces. A Merchant can be linked to and sold to, but nothing is ever built there.",
    },
    "BLD023": {
        "doc": "Coal may be bought from the Coal Market only when no unflipped coal mine with coal is connected to the site. While one is connected, its coal must be used (the nearest first, whoever owns it), even when a Merchant is closer, so coal=market is not allowed.",
    },
    "BLD025": {
        "doc": "Coal comes from a connected coal mine, or from the Coal Market through a connection to a Merchant. A location reached only by rail lines, with no coal mine of its own, gets no coal in the Canal Era: nothing that needs coal can be built there before the Rail Era.",
    },
    "DEV002": {
        "doc": "Develop costs 1 iron per tile removed. Iron from an unflipped iron works is free, but with no iron on the board it is bought from the Iron Market, cheapest first (£6 each when empty), and you need that money.",
    },
    "LON001": {
        "message": "a £{amount} loan would take {player}'s income to level {level}; it may not go below -10",
        "doc": "A loan is always £30 and moves your income marker back 3 income levels, to the highest space of the new level. It is refused if it would take your income below level -10, so below level -7 no loan is possible.",
    },
    "RUL-MARKET-EMPTY": {
        "message": "an empty market still sells: coal at £8 each, iron at £6 each",
        "doc": "When a market has no cubes left, coal can still be bought at £8 each and iron at £6 each (coal still needs a connection to a Merchant). Buying then adds nothing to the market, which stays empty.",
    },
    "RUL-COAL-MARKET": {
        "message": "with no connected mine, coal is bought from the Coal Market through a connection to a Merchant",
        "doc": "Only when no unflipped coal mine is connected may coal be bought from the Coal Market, cheapest cube first, and only through a connection to a Merchant: any of the five, with or without a Merchant tile. Buying is part of the action.",
    },
    "RUL-MARKET-SALE": {
        "message": "a new iron works, or a coal mine connected to a Merchant, fills the market's most expensive empty spaces",
        "doc": "When an iron works is built, or a coal mine connected to any Merchant (tile or no tile), as many cubes as fit move to its market at once, filling the most expensive empty spaces first and paying the owner for each. This happens only at the build; a tile left empty flips.",
    },
    "RUL-DEVELOP": {
        "doc": "Develop removes one or two tiles from your mat, each the lowest of its industry at that moment, and consumes 1 iron per tile. Pottery I and III, with the lightbulb, are never developed. Nothing on the board changes.",
    },
    "RUL-LOAN": {
        "message": "a loan is £30 and moves income back 3 levels to the highest space of the new level",
        "doc": "A loan gives £30 and moves the income marker back 3 income levels (not spaces), onto the highest space of the new level, in any round of either era. Loans are never repaid.",
    },
}


_ROWS_BUILD: list[tuple[str, dict[str, Any]]] = [
    (
        "BLD025",
        _row(
            "BLD101",
            "farm-brewery-needs-brewery-card",
            "the {card} card cannot build at {location}: a farm brewery takes only a Brewery or Wild Industry card",
            ("B050",),
            "play a Brewery card or a Wild Industry, with {location} in your network",
            "The two farm breweries have no Location card, and a Wild Location builds only in towns, so a farm brewery is built only with a Brewery card or a Wild Industry card, and then only when it is in your network.",
            ("B018",),
        ),
    ),
    (
        "BLD025",
        _row(
            "BLD102",
            "farm-brewery-outside-network",
            "{location} is not in {player}'s network (no {player} link touches it)",
            ("B050", "B019"),
            "first lay a link to {location} (the north farm's line runs from Cannock; the south farm is touched by the Kidderminster-Worcester link)",
            "A farm brewery takes only an Industry card (Brewery or Wild Industry), so it must be in your network: touched by one of your links. Its only lines are Cannock to the north farm and the one Kidderminster-Worcester link, which also touches the south farm.",
            ("B020",),
        ),
    ),
    (
        "DEV002",
        _row(
            "DEV101",
            "lightbulb-never-developed",
            "{player}'s lowest {industry} is level {level}, which shows the lightbulb and can never be developed",
            ("B043",),
            "build the level {level} {industry} instead: it leaves the mat only by being built",
            "Pottery I and Pottery III show the lightbulb: they can never be developed away, by the Develop action or by Gloucester's free develop. They must be built before the Pottery above them can be reached.",
        ),
    ),
    (
        "RUL-CARD-NO-TILES",
        _row(
            "RUL-WILD-LOCATION",
            "wild-location-card",
            "a Wild Location card builds as any town's Location card, never at a farm brewery",
            ("B018",),
            None,
            "A Wild Location plays as the Location card of any town, so it builds any industry there, in or out of your network, even in a town whose cards are out at your player count. It never builds at a farm brewery; it goes back to its pile.",
            ("B001",),
        ),
    ),
    (
        "RUL-CARD-NO-TILES",
        _row(
            "RUL-WILD-INDUSTRY",
            "wild-industry-card",
            "a Wild Industry card builds as any Industry card, in the network",
            ("B019",),
            None,
            "A Wild Industry plays as the Industry card of any industry, so it builds that industry in a location in your network (anywhere, with none of your tiles on the board), farm breweries included. It goes back to its pile.",
        ),
    ),
    (
        "RUL-CARD-NO-TILES",
        _row(
            "RUL-DUAL-CARD",
            "cotton-manufacturer-card",
            "the Cotton Mill / Manufacturer card builds either industry, in the network",
            ("B019",),
            None,
            "The Industry card showing both a Cotton Mill and a Manufacturer (in the 3- and 4-player decks) builds either of the two, the player's choice, like any Industry card in a location of the network.",
        ),
    ),
    (
        "RUL-CARD-NO-TILES",
        _row(
            "RUL-FARM-BREWERY",
            "farm-brewery-build",
            "a farm brewery is built with a Brewery or Wild Industry card, in the network",
            ("B050",),
            None,
            "The two farm breweries have one Brewery space each and no Location card: only a Brewery card or a Wild Industry builds there, with the farm in your network (or anywhere with none of your tiles on the board).",
        ),
    ),
    (
        "RUL-MINE-NO-COAL-COST",
        _row(
            "RUL-BREWERY-BARRELS",
            "brewery-barrels-by-era",
            "a new Brewery gets 1 barrel in the Canal Era and 2 in the Rail Era, whatever its level",
            ("B026",),
            None,
            "A Brewery's beer barrels go by the era it is built in, not by its level: 1 in the Canal Era, 2 in the Rail Era. A Brewery built in the Canal Era is never topped up later.",
        ),
    ),
    (
        "RUL-LOWEST-TILE",
        _row(
            "RUL-RAIL-POTTERY",
            "pottery-i-in-rail-era",
            "Pottery I may be built in the Rail Era, the only level 1 tile that may",
            ("B023",),
            None,
            "Level 1 tiles are Canal Era tiles, except Pottery I: it shows no era mark and may be built in the Rail Era. Since it can never be developed either, it stays on the mat until it is built.",
        ),
    ),
]


# ---------------------------------------------------------------------------- network, sell, beer, scout
_RULINGS_TRADE: dict[str, tuple[str, ...]] = {
    "NET001": ("B038",),
    "NET002": ("B038",),
    "NET003": ("B038",),
    "NET004": ("B039",),
    "NET005": ("B062",),
    "NET007": ("B041",),
    "NET008": ("B038",),
    "NET009": ("B009",),
    "NET010": ("B038",),
    "RUL-RAIL-COAL": ("B041",),
    "RUL-NETWORK-EXTENDS": ("B020",),
}
#: shared code -> rulings the trade hooks cite for it where they decide (NET006: the era's price)
_MAY_TRADE: dict[str, tuple[str, ...]] = {"NET006": ("B039", "B040")}
_TEXTS_TRADE: dict[str, dict[str, Any]] = {
    "NET001": {
        "doc": "A new link must touch a location in your own network: one with your industry tile or touching one of your links. Being connected through other players' links is not enough. Only while none of your tiles or links is on the board may the first link go on any line."
    },
    "NET002": {
        "remedy": "build on another line; {owner}'s link still connects for coal, beer and sales",
        "doc": "Each line holds only one link tile, so whoever builds there first takes it. Anyone may still use that link to connect to coal, to a brewery's beer and to a merchant.",
    },
    "NET005": {
        "message": "{player} has no link tiles left (all 14 are on the board)",
        "doc": "Each player has 14 link tiles. Once all 14 are on the board no more links can be built that era; canals return to their owners when they are removed at the end of the Canal Era.",
    },
    "NET006": {
        "doc": "Links are paid for when built: a canal costs £3, one rail £5 and two rails in one action £15 (and 1 beer), plus any coal for the rails bought from the Coal Market (£8 a cube once it is empty). You must have the money now."
    },
    "NET007": {
        "message": "the rail on {line} needs 1 coal but neither end is connected to a coal mine with coal or to a merchant",
        "doc": "Each rail consumes 1 coal, found after the rail is placed: from the nearest unflipped coal mine connected to either end (the new rail included) or, with no mine connected, from the Coal Market through a connection to any merchant. Of two rails, the first cannot count on the second.",
    },
    "NET009": {
        "message": "a Network action discards one card, not two",
        "remedy": "discard one card for the Network action",
        "doc": "Every action discards one card (Scout three). Birmingham has no Double Action Build, and a Network action discards one card.",
    },
    "RUL-LINK-COST": {
        "message": "a canal costs £3 (one per action); a rail £5, or two for £15 and 1 beer, each rail with 1 coal",
        "doc": "A canal costs £3 and a Network action builds only one. A rail costs £5, or two rails in one action cost £15 and 1 beer from a brewery, and each rail also consumes 1 coal. Links never use iron.",
    },
    "RUL-RAIL-COAL": {
        "doc": "Each rail consumes 1 coal found after it is placed, from either end and along the new rail itself, in the usual coal order (the nearest connected mine, else the Coal Market through a connection to a merchant). Two rails in one action are placed one after the other: the second may use the first, not the reverse."
    },
}


_ROWS_TRADE: list[tuple[str, dict[str, Any]]] = [
    # ---- network: the beer for two rails (B040, B037)
    (
        "NET009",
        _row(
            "NET101",
            "rail-beer-missing",
            "two rails need 1 beer, but {player} has no unflipped brewery with beer and no opponent's brewery with beer is connected to the second rail ({line})",
            ("B040", "B037"),
            "build one rail for £5, or first get beer: your own brewery, or an opponent's connected to the second rail",
            "Two rails in one Network action cost £15 and 1 beer. The beer comes from your own unflipped Brewery, with no connection needed, or from an opponent's unflipped Brewery connected to the second rail once it is placed. Without such beer only one rail can be built.",
        ),
    ),
    (
        "NET009",
        _row(
            "NET102",
            "rail-beer-from-merchant",
            "the beer for two rails cannot come from a merchant's barrel",
            ("B040",),
            "take the beer from a brewery: your own, or an opponent's connected to the second rail",
            "The beer for a double rail must come from a Brewery. A merchant's barrels are used only when selling to that merchant.",
        ),
    ),
    (
        "NET009",
        _row(
            "NET103",
            "rail-beer-source-unusable",
            "{why}",
            ("B040", "B037"),
            "name a brewery with beer: your own, or an opponent's connected to the second rail (or leave beer= out)",
            "The beer for two rails comes from an unflipped Brewery that still has a barrel: your own anywhere on the board, or an opponent's connected to the second rail once it is placed. A location without such a brewery cannot give it.",
        ),
    ),
    (
        "NET009",
        _row(
            "NET104",
            "beer-not-needed",
            "{what}",
            ("B040",),
            "leave beer= out: only two rails in one Network action take 1 beer",
            "Only a Network action that builds two rails consumes beer, exactly 1 barrel. A canal or a single rail takes none, so no beer may be named for it.",
        ),
    ),
    # ---- sell (B044-B046, B037, B057, B058)
    (
        "DEV002",
        _row(
            "SEL101",
            "no-unflipped-tile-to-sell",
            "{player} has no unflipped {what} in {location}{why}",
            ("B044",),
            "sell one of {player}'s own unflipped Cotton Mills, Manufacturers or Potteries",
            "Sell flips your own unflipped Cotton Mills, Manufacturers and Potteries. A flipped tile has been sold and cannot sell again, and you cannot sell another player's tile or any other industry.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL102",
            "merchant-has-no-tile",
            "{merchant} has {what} at {players} players, so it buys nothing",
            ("B044", "B003"),
            "sell to a merchant with a tile that shows the industry",
            "Merchant tiles lie only on the merchant spaces marked for the player count: with 2 players Warrington and Nottingham have none, with 3 players Nottingham has none. A merchant space without a tile buys nothing.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL103",
            "merchant-does-not-buy",
            "{merchant} {faces}: it does not buy {industry}",
            ("B044",),
            "sell to a connected merchant whose tile shows the {industry} icon (or the tile of all three)",
            "A merchant buys only the industries its tile shows: a Cotton Mill, Manufacturer or Pottery tile buys that industry, the tile of all three buys any of them, and a blank tile buys nothing.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL104",
            "merchant-not-connected",
            "{tile} is not connected to {merchant}",
            ("B044", "B020"),
            "build links so that a route of link tiles (anyone's) joins them, or sell to a connected merchant",
            "A tile sells only to a merchant it is connected to: a route of link tiles, anyone's, must join its location to the merchant. Your network is not enough.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL105",
            "no-beer-for-sale",
            "{tile} needs {need} beer to sell, but only {have} can be found: no barrel beside a {merchant} tile that buys it, no unflipped brewery of its owner's with beer, and no opponent's brewery with beer connected to it",
            ("B045", "B037"),
            "get beer first (build a Brewery, or connect the tile to one), or sell to a merchant whose barrel is still there",
            "Each tile sold consumes the beer printed on it, one barrel at a time: from the barrel beside the merchant tile it is sold to, your own unflipped Brewery anywhere, or an opponent's connected to the tile. A tile whose beer cannot be found cannot be sold; the other tiles of the action may still be sold.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL106",
            "beer-source-unusable",
            "{why}",
            ("B037",),
            "name another source (merchant, or a brewery's LOCATION[#SPACE]), or leave the beer out to let it be found",
            "A sale's beer comes from the barrel beside the merchant tile it is sold to (one barrel, for that tile only), your own unflipped Brewery with a barrel, or an opponent's connected to the tile sold.",
            ("B058",),
        ),
    ),
    (
        "DEV002",
        _row(
            "SEL107",
            "beer-count-wrong",
            "{tile} needs {need} beer, but {named} barrel(s) are named",
            ("B045",),
            "name only the beer the tile needs (or leave it out to let it be found)",
            "A sale consumes exactly the beer printed on the tile, no more and no less. A tile that needs no beer (Manufacturer III and VII) takes no merchant barrel, and so earns no merchant bonus.",
            ("B057",),
        ),
    ),
    # ---- scout (B049, B056)
    (
        "DEV002",
        _row(
            "SCT001",
            "scout-with-wild-card",
            "{player} holds a {card} card and may not Scout",
            ("B049",),
            "play the wild card first, then Scout on a later action",
            "Scout is forbidden while you hold any wild card, Wild Location or Wild Industry, including one among the cards you would discard for it.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SCT002",
            "wild-pile-empty",
            "the {pile} pile is empty, so Scout cannot take one",
            ("B056", "B049"),
            "take another action",
            "Scout takes one Wild Location and one Wild Industry card. With either pile empty it cannot be done (project decision B056): it is refused rather than giving one card.",
        ),
    ),
    (
        "DEV002",
        _row(
            "SCT003",
            "scout-needs-three-cards",
            "{player} holds {held} card(s); Scout discards three",
            ("B049",),
            "take another action: each other action discards one card",
            "Scout discards three cards, the action's card and two more, so a player holding fewer than three cards cannot Scout (late in an era, when the hands run down).",
        ),
    ),
    # ---- rules applied
    (
        "RUL-NETWORK-EXTENDS",
        _row(
            "RUL-CANAL-COST",
            "canal-cost",
            "a canal costs £3, one per Network action",
            ("B039",),
            None,
            "In the Canal Era a Network action lays exactly one canal, for £3; canals take no coal or beer.",
        ),
    ),
    (
        "RUL-NETWORK-EXTENDS",
        _row(
            "RUL-RAIL-COST",
            "rail-cost",
            "a rail costs £5; two rails in one action £15 and 1 beer",
            ("B040",),
            None,
            "In the Rail Era a Network action lays one rail for £5, or two for £15 and 1 beer from a brewery; each rail also takes 1 coal.",
        ),
    ),
    (
        "RUL-NETWORK-EXTENDS",
        _row(
            "RUL-LINK-NO-TILES",
            "link-anywhere-without-tiles",
            "with no tiles or links on the board, any card lays a link on any line",
            ("B032",),
            None,
            "While none of your industry or link tiles is on the board, any card lets you lay a link on any undeveloped line of the era. A rail laid so still needs its coal and its cost.",
        ),
    ),
    (
        "RUL-NETWORK-EXTENDS",
        _row(
            "RUL-RAIL-BEER",
            "double-rail-beer",
            "two rails take 1 beer from a brewery: own anywhere, or an opponent's connected to the second rail",
            ("B040",),
            None,
            "Two rails in one Network action consume 1 beer from a Brewery, never a merchant: your own unflipped Brewery anywhere, or an opponent's connected to the second rail once it is placed.",
        ),
    ),
    (
        "RUL-NETWORK-EXTENDS",
        _row(
            "RUL-FARM-LINK",
            "three-ended-link",
            "the Kidderminster-Worcester link touches the southern farm brewery too",
            ("B050",),
            None,
            "The one link between Kidderminster and Worcester also touches the southern Farm Brewery: it connects all three and puts all three in its owner's network.",
        ),
    ),
    (
        "RUL-DEVELOP",
        _row(
            "RUL-SELL",
            "sell",
            "each tile sold flips, connected to a merchant whose tile shows its industry, with its beer",
            ("B044", "B045"),
            None,
            "Sell flips your unflipped Cotton Mills, Manufacturers and Potteries, each connected to a merchant tile showing its industry and consuming the beer printed on it. Several tiles may be sold in one action, each resolved on its own, in order.",
        ),
    ),
    (
        "RUL-DEVELOP",
        _row(
            "RUL-BEER",
            "beer-source",
            "beer from an own brewery (no connection), an opponent's connected brewery, or the merchant's barrel when selling",
            ("B037",),
            None,
            "Each barrel comes from your own unflipped Brewery anywhere, an opponent's unflipped Brewery connected to where the beer is needed, or, when selling, the barrel beside the merchant tile sold to. A Brewery that gives up its last barrel flips and its owner's income rises.",
        ),
    ),
    (
        "RUL-DEVELOP",
        _row(
            "RUL-MERCHANT-BONUS",
            "merchant-bonus",
            "taking the barrel beside the merchant tile sold to earns the merchant's bonus",
            ("B046",),
            None,
            "Using a merchant's barrel for a sale earns that merchant's bonus: Warrington £5, Oxford 2 income spaces, Nottingham 3 VP, Shrewsbury 4 VP, Gloucester a free develop (no iron, never a lightbulb Pottery). A tile takes at most the one barrel beside the merchant tile it is sold to, so it earns at most one bonus.",
            ("B043", "B058"),
        ),
    ),
    (
        "RUL-DEVELOP",
        _row(
            "RUL-SCOUT",
            "scout",
            "Scout discards three cards for one Wild Location and one Wild Industry",
            ("B049",),
            None,
            "Scout discards the action's card and two more and takes one Wild Location and one Wild Industry card from their piles. It is forbidden while you hold a wild card.",
        ),
    ),
]
#: Birmingham's trade rules whose outcome is in doubt whenever they apply (brass_judge.codes)
_IN_DOUBT_TRADE: frozenset[str] = frozenset(
    {"RUL-LINK-NO-TILES", "RUL-RAIL-BEER", "RUL-FARM-LINK", "RUL-BEER", "RUL-MERCHANT-BONUS"}
)


# ---------------------------------------------------------------------------- flow: setup, rounds, eras, scores
_RULINGS_FLOW: dict[str, tuple[str, ...]] = {
    "GAM002": ("B014",),  # a log's turns follow the turn order
    "GAM003": ("B008",),  # two actions a turn, one in the first Canal round
    "GAM004": ("B055",),  # the game ends after Rail Era scoring
    "GAM005": ("B016",),
    "GAM006": ("B014",),
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
    "RUL-INCOME-START": {
        "doc": "Lancashire's original rules take income at the start of each round. Birmingham has no such variant: income is taken at the end of every round (B015), so this rule never applies."
    },
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
#: shared code -> the Birmingham rulings it cites only where a hook of the game says they decide
MAY: dict[str, tuple[str, ...]] = {**_MAY_TRADE}
#: shared code -> fields of its row worded for Birmingham (message, remedy, doc)
TEXTS: dict[str, dict[str, Any]] = {**_TEXTS_TURN, **_TEXTS_BUILD, **_TEXTS_TRADE, **_TEXTS_FLOW}
#: (anchor code, row fields): Birmingham's own rows, each placed after its anchor
ROWS: list[tuple[str, dict[str, Any]]] = [*_ROWS_TURN, *_ROWS_BUILD, *_ROWS_TRADE, *_ROWS_FLOW]

#: Birmingham's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES: frozenset[str] = (
    frozenset(
        {
            "RUL-WILD-LOCATION",
            "RUL-WILD-INDUSTRY",
            "RUL-DUAL-CARD",
            "RUL-FARM-BREWERY",
            "RUL-BREWERY-BARRELS",
            "RUL-RAIL-POTTERY",
            "RUL-WILD-CARD-RETURNED",
        }
    )
    | _IN_DOUBT_TRADE
)
ROUTINE_RULES: frozenset[str] = frozenset()
