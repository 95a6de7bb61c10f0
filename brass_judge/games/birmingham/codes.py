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
_RULINGS_TRADE: dict[str, tuple[str, ...]] = {
    "NET001": ("B038",),
    "NET002": ("B038",),
    "NET003": ("B038",),
    "NET004": ("B039",),
    "NET006": ("B039", "B040"),
    "NET007": ("B041",),
    "NET008": ("B038",),
    "NET009": ("B009",),
    "NET010": ("B038",),
    "RUL-RAIL-COAL": ("B041",),
    "RUL-NETWORK-EXTENDS": ("B020",),
}
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


def _row(
    code: str,
    name: str,
    message: str,
    rulings: tuple[str, ...],
    remedy: str | None,
    doc: str,
    may: tuple[str, ...] = (),
) -> dict[str, Any]:
    return {
        "code": code,
        "name": name,
        "message": message,
        "rulings": rulings,
        "remedy": remedy,
        "doc": doc,
        "may": may,
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


# ---------------------------------------------------------------------------- the table
#: shared code -> the Birmingham rulings it cites whenever reported or applied
RULINGS: dict[str, tuple[str, ...]] = {**_RULINGS_TURN, **_RULINGS_BUILD, **_RULINGS_TRADE}
#: shared code -> fields of its row worded for Birmingham (message, remedy, doc)
TEXTS: dict[str, dict[str, Any]] = {**_TEXTS_TURN, **_TEXTS_BUILD, **_TEXTS_TRADE}
#: (anchor code, row fields): Birmingham's own rows, each placed after its anchor
ROWS: list[tuple[str, dict[str, Any]]] = [*_ROWS_TURN, *_ROWS_BUILD, *_ROWS_TRADE]

#: Birmingham's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES: frozenset[str] = frozenset() | _IN_DOUBT_TRADE
ROUTINE_RULES: frozenset[str] = frozenset()
