"""Brass: Lancashire's part of the table of codes (:mod:`brass_judge.codes`).

The shared rows (POS, TRN, BLD, NET, DEV, LON, GAM, RUL) are written once in :mod:`brass_judge.codes`,
without game text; this module gives what Lancashire adds to them: the rulings each cites always
(:data:`RULINGS`), the messages and docs that state Lancashire's numbers and places (:data:`TEXTS`),
its own rows (Sell, the Distant Cotton Market, shipyards, the closed loans: :data:`ROWS`) and its rules
in doubt. The case keys of the shared rows' ``may_cite`` map to rulings in :mod:`.cases`.
"""

from __future__ import annotations

#: shared code -> the Lancashire rulings it cites whenever reported or applied
RULINGS: dict[str, tuple[str, ...]] = {
    "POS002": ("Q078",),
    "POS003": ("Q079",),
    "POS004": ("Q041",),
    "POS008": ("Q015",),
    "POS009": ("Q030",),
    "POS011": ("Q120",),
    "POS012": ("Q008",),
    "POS013": ("Q042",),
    "POS021": ("Q019",),
    "POS023": ("Q018",),
    "POS024": ("Q001", "Q003"),
    "POS025": ("Q001",),
    "POS022": ("Q017", "Q018"),
    "TRN004": ("Q023",),
    "TRN006": ("Q001", "Q003"),
    "BLD001": ("Q072", "Q073"),
    "BLD002": ("Q051", "Q073"),
    "BLD003": ("Q073",),
    "BLD004": ("Q117",),
    "BLD006": ("Q012",),
    "BLD007": ("Q072",),
    "BLD008": ("Q078",),
    "BLD009": ("Q079",),
    "BLD011": ("Q060", "Q061"),
    "BLD012": ("Q085",),
    "BLD013": ("Q083", "Q084"),
    "BLD014": ("Q088",),
    "BLD015": ("Q012",),
    "BLD016": ("Q078",),
    "BLD017": ("Q077",),
    "BLD018": ("Q072",),
    "BLD019": ("Q060",),
    "BLD020": ("Q063",),
    "BLD022": ("Q088",),
    "BLD023": ("Q061", "Q060"),
    "BLD024": ("Q064", "Q063"),
    "BLD025": ("Q061", "Q060"),
    "NET001": ("Q051",),
    "NET002": ("Q120",),
    "NET004": ("Q118",),
    "NET005": ("Q008",),
    "NET006": ("Q118",),
    "NET007": ("Q123",),
    "NET008": ("Q120",),
    "NET010": ("Q118",),
    "NET009": ("Q122",),
    "DEV001": ("Q115", "Q117"),
    "DEV002": ("Q114",),
    "LON001": ("Q036",),
    "GAM002": ("Q024",),
    "GAM003": ("Q019", "Q023"),
    "GAM005": ("Q033", "Q034"),
    "GAM006": ("Q024",),
    "RUL-CARD-LOCATION": ("Q072",),
    "RUL-CARD-INDUSTRY": ("Q051",),
    "RUL-CARD-NO-TILES": ("Q074",),
    "RUL-DOUBLE-BUILD": ("Q077",),
    "RUL-LOWEST-TILE": ("Q012",),
    "RUL-RAIL-SAME-TOWN": ("Q079",),
    "RUL-SPACE-SINGLE-FIRST": ("Q078",),
    "RUL-COAL-MINE": ("Q060",),
    "RUL-COAL-SAME-TOWN": ("Q054",),
    "RUL-COAL-MARKET": ("Q061", "Q067"),
    "RUL-MARKET-EMPTY": ("Q015", "Q065"),
    "RUL-IRON-WORKS": ("Q063",),
    "RUL-IRON-MARKET": ("Q064", "Q063", "Q067"),
    "RUL-CUBES-TO-SUPPLY": ("Q068", "Q066"),
    "RUL-MARKET-SALE": ("Q070",),
    "RUL-MINE-NO-COAL-COST": ("Q069",),
    "RUL-FLIP-INCOME": ("Q030", "Q014"),
    "RUL-OVERBUILD-OWN": ("Q086", "Q087"),
    "RUL-OVERBUILD-OPPONENT": ("Q083",),
    "RUL-OVERBUILD-REMOVED": ("Q089", "Q046"),
    "RUL-SPENT": ("Q025",),
    "RUL-LINK-COST": ("Q118",),
    "RUL-RAIL-COAL": ("Q123",),
    "RUL-NETWORK-EXTENDS": ("Q051",),
    "RUL-DEVELOP": ("Q114", "Q115", "Q116"),
    "RUL-LOAN": ("Q035",),
    "RUL-PASS": ("Q023",),
    "RUL-SAME-ACTION-TWICE": ("Q022",),
    "RUL-FIRST-ROUND": ("Q019", "Q021"),
    "RUL-TURN-ORDER": ("Q024", "Q026"),
    "RUL-INCOME": ("Q027",),
    "RUL-INCOME-START": ("Q028",),
    "RUL-SHORTFALL": ("Q033", "Q034"),
    "RUL-LINK-SCORING": ("Q039", "Q040", "Q041"),
    "RUL-TILE-SCORING": ("Q038",),
    "RUL-CANAL-END": ("Q042", "Q044", "Q045", "Q046", "Q047", "Q108", "Q016"),
    "RUL-RAIL-END": ("Q048",),
    "RUL-DECK": ("Q001", "Q005", "Q018", "Q017"),
}

#: shared code -> its texts as Lancashire words them (message, remedy, doc)
TEXTS: dict[str, dict[str, str | None]] = {
    "POS008": {"doc": "Each market has 8 spaces."},
    "POS012": {
        "message": "{player} has {count} link tiles (on the board and left to build); each player has 14",
        "doc": "Each player has 14 link tiles.",
    },
    "POS014": {
        "doc": "A tile on the board must be one that could have been built there: level 0 shipyards are never built, a shipyard flips the moment it is built, a tile is built only in the eras its mat space shows, and no shipyard can be built in the Canal Era outside Liverpool."
    },
    "POS018": {"doc": "Only the 19 towns have industry spaces."},
    "POS023": {
        "doc": "The deck for the player count lasts a fixed number of rounds: 10 with 2 players, 9 with 3 and 8 with 4 in each era."
    },
    "POS024": {
        "remedy": "remove it: at 2 players the blue and teal towns' cards are out, at 3 players the teal ones"
    },
    "TRN006": {
        "remedy": "discard a card that exists at {players} players (blue and teal towns' cards are out at 2 players, teal at 3)",
        "doc": "Only the cards marked for the player count are in the deck: at 2 players the blue and teal towns' Location cards are removed, at 3 players the teal ones. A card not in this game's deck cannot be played, though those towns can still be built in by other means.",
    },
    "BLD025": {
        "doc": "Coal comes from a connected coal mine, or from the Coal Market through a connection to a trade icon. Barrow-in-Furness and Birkenhead are reached only by rail lines and have no coal mine space, so in the Canal Era no coal can get there: nothing that needs coal can be built there before the Rail Era (the shipyard case is BLD021)."
    },
    "NET005": {
        "message": "{player} has no link tiles left (all 14 are on the board)",
        "doc": "Each player has 14 link tiles. Once all 14 are on the board no more links can be built that era; canals return to their owners when they are removed at the end of the Canal Era.",
    },
    "NET006": {
        "doc": "Links are paid for when built: a canal costs £3, one rail £5 and two rails in one action £15, plus any coal for the rails bought from the Coal Market. You must have the money now."
    },
    "LON001": {
        "message": "a £{amount} loan would take {player}'s income to level {level}; the track ends at -10",
        "doc": "A loan moves your income marker back 1, 2 or 3 income levels for £10, £20 or £30, and may not take it below level -10. Near the bottom only a smaller loan is possible, and at -10 none at all.",
    },
    "RUL-MARKET-EMPTY": {
        "message": "an empty market sells cubes at £5 each",
        "doc": "When a market has no cubes left, coal or iron can still be bought at £5 each. Buying at £5 adds nothing to the market, which stays empty.",
    },
    "RUL-IRON-MARKET": {
        "doc": "Only when no iron is left on the board is iron bought from the Iron Market, cheapest cube first (£5 each when it is empty). No connection is needed."
    },
    "RUL-LINK-COST": {
        "message": "a canal costs £3 (one per action); a rail £5, or two for £15, each with 1 coal",
        "doc": "A canal costs £3 and a Network action builds only one. A rail costs £5, or two rails in one action cost £15, and each rail also consumes 1 coal. Links never use iron.",
    },
    "RUL-LOAN": {
        "doc": "A loan gives £10, £20 or £30 and moves the income marker back 1, 2 or 3 income levels (not spaces), onto the highest space of the new level. Loans are never repaid.",
        "message": "a loan moves income back 1-3 levels to the highest space of the new level",
    },
    "RUL-CANAL-END": {
        "message": "level 1 tiles leave, the Distant Cotton Market resets, markets carry over, new deck and hands",
        "doc": "After Canal Era scoring every level 1 tile leaves the board with its cubes, the Distant Cotton Market marker returns to the top with its tiles reshuffled, and the coal and iron markets carry over. All cards form the Rail Era deck and everyone draws 8.",
    },
    "RUL-DECK": {
        "doc": "The deck holds only the cards marked for the player count: 40, 54 or 64 cards for 2, 3 or 4 players. An era ends once the draw deck and every hand are empty, which gives 10, 9 or 8 rounds."
    },
    "BLD010": {"remedy": "needs £{short} more (a loan gives £10-£30)"},
    "DEV002": {
        "doc": "Develop costs 1 iron per tile removed. Iron from an unflipped iron works is free, but with no iron on the board it is bought from the Iron Market, cheapest first (£5 each when empty), and you need that money."
    },
    "RUL-RAIL-END": {
        "message": "1 VP per £10; most VP wins, then income, then money",
        "doc": "At the end of the Rail Era each player scores 1 VP per £10 held. Most VP wins; ties go to the player further along the income track, then to more money, and players still level share the win.",
    },
}

#: Lancashire's own rows, each after the code it follows in the table: (after, fields)
ROWS: list[tuple[str, dict]] = [
    (
        "POS015",
        {
            "code": "POS016",
            "name": "dcm-out-of-range",
            "message": "the Distant Cotton Market marker is on space {space}; the track has spaces 1..9 (9 = X)",
            "rulings": (),
            "remedy": None,
            "doc": "The Distant Cotton Market marker starts on the top space of its track and only moves down towards the X at the bottom, so it is always on one of the track's spaces.",
            "may": (),
        },
    ),
    (
        "POS019",
        {
            "code": "POS020",
            "name": "dcm-tiles-impossible",
            "message": "{why}",
            "rulings": (),
            "remedy": None,
            "doc": "The Distant Cotton Market tiles in play are the ones marked for the player count, and the marker stands as far down the track as the tiles drawn this era add up to.",
            "may": ("Q001",),
        },
    ),
    (
        "BLD004",
        {
            "code": "BLD005",
            "name": "level-0-shipyard",
            "message": "{player}'s lowest shipyard is level 0, which can never be built",
            "rulings": ("Q081", "Q011"),
            "remedy": "develop the level 0 shipyard(s) away first",
            "doc": "Level 0 shipyards can never be built. While one is the lowest shipyard on your mat it blocks the stack, and the only way past it is the Develop action.",
            "may": (),
        },
    ),
    (
        "BLD020",
        {
            "code": "BLD021",
            "name": "canal-shipyard-outside-liverpool",
            "message": "no coal can reach {location} in the Canal Era (it is reached only by rail)",
            "rulings": ("Q080",),
            "remedy": "build the Canal Era shipyard in Liverpool",
            "doc": "A shipyard needs coal, and Birkenhead and Barrow-in-Furness are reached only by rail lines, so in the Canal Era no coal can get there, even with a Location card or a Double Action Build: Liverpool is the only Canal Era shipyard site.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL001",
            "name": "no-unflipped-mill",
            "message": "{player} has no unflipped cotton mill in {location}",
            "rulings": ("Q112", "Q111"),
            "remedy": "sell an unflipped mill of {player}'s own (brass-judge moves lists the sales)",
            "doc": "The Sell action sells your own unflipped cotton mills. A mill flips when it sells and can never sell again, and you cannot sell another player's mill.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL002",
            "name": "port-not-connected",
            "message": "the mill in {location} is not connected to the port in {port}",
            "rulings": ("Q058", "Q053"),
            "remedy": "build links to join them",
            "doc": "Cotton moves only along built links (anyone's): a mill can sell to a port only if a route of links joins their locations, or both are in the same location. There are no sea routes between ports, and outside locations are not joined to each other.",
            "may": ("Q057",),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL003",
            "name": "port-flipped",
            "message": "{tile} is already flipped; it can only give access to the Distant Cotton Market",
            "rulings": ("Q100", "Q098"),
            "remedy": "sell to the Distant Cotton Market through it, or to another unflipped port",
            "doc": "A port takes a single direct sale and flips. A flipped port cannot buy cotton again, but its trade icon still lets connected mills sell to the Distant Cotton Market.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL004",
            "name": "no-port-there",
            "message": "there is no port in {location}",
            "rulings": ("Q101",),
            "remedy": "sell to a town with a port tile, or to the Distant Cotton Market (MILL>distant)",
            "doc": "A direct sale needs a port tile in the location named. Outside locations have no port: selling through them always means the Distant Cotton Market.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL005",
            "name": "distant-market-closed",
            "message": "the Distant Cotton Market marker is on X; no more sales there this era",
            "rulings": ("Q108", "Q106", "Q107"),
            "remedy": "sell to a connected unflipped port",
            "doc": "Once the Distant Cotton Market marker reaches X, nobody can sell there again that era; it resets only at the end of the Canal Era. Mills can still sell to connected unflipped ports.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL006",
            "name": "no-trade-connection",
            "message": "the mill in {location} is not connected to a port tile or an outside location's trade icon",
            "rulings": ("Q062", "Q100", "Q101"),
            "remedy": "first connect the mill by links to a port tile or an outside location",
            "doc": "A Distant Cotton Market sale needs the mill to be connected to a market trade icon: any port tile, flipped or not and anyone's, or an outside location.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL007",
            "name": "mill-sold-twice",
            "message": "the mill in {location} is sold twice in one action",
            "rulings": ("Q112",),
            "remedy": "sell each mill once",
            "doc": "Each sale flips the mill it sells, so a mill can be sold only once. One Sell action can sell several mills, but each of them once.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL008",
            "name": "dcm-tile-not-available",
            "message": "no {tile} tile is left face down in the Distant Cotton Market (unseen: {unseen})",
            "rulings": ("Q001", "Q109"),
            "remedy": "state a tile that is still face down, or leave :N out to see every possible draw",
            "doc": "Each Distant Cotton Market sale draws the top face-down tile, from the tiles marked for the player count. The tile recorded must be one still face down (the top one, when the order is known).",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL009",
            "name": "port-taken-this-turn",
            "message": "{tile} was flipped by an earlier sale this turn; the mill in {location} cannot sell to it too",
            "rulings": ("Q098", "Q100"),
            "remedy": "sell the mill in {location} to another connected unflipped port, or to the Distant Cotton Market (MILL>distant)",
            "doc": "A port takes a single direct sale and flips at once, so two mills cannot sell to the same port, in one Sell action or in the two actions of a turn. Its trade icon still lets later mills sell to the Distant Cotton Market.",
            "may": (),
        },
    ),
    (
        "DEV002",
        {
            "code": "SEL010",
            "name": "dcm-tile-not-on-top",
            "message": "the Distant Cotton Market tile drawn is the top one, {top} in the recorded order ({order}), not {tile}",
            "rulings": ("Q109",),
            "remedy": "state the top tile ({top}), or leave :N out",
            "doc": "Each Distant Cotton Market sale draws the top face-down tile. When the position records the order of the face-down tiles, the tile drawn is the top one, even if tiles of the number stated are still face down further down.",
            "may": (),
        },
    ),
    (
        "LON001",
        {
            "code": "LON002",
            "name": "loans-closed",
            "message": "no loans once the Rail Era draw deck is empty",
            "rulings": ("Q037",),
            "remedy": "take another action: loans are closed for the rest of the game",
            "doc": "In the Rail Era no loans may be taken once the draw deck is empty, which covers the last 4 rounds of the game. The Canal Era has no such limit.",
            "may": (),
        },
    ),
    (
        "RUL-FLIP-INCOME",
        {
            "code": "RUL-SHIPYARD-FLIP",
            "name": "shipyard-flips-on-build",
            "message": "a shipyard flips as soon as it is built",
            "rulings": ("Q082",),
            "remedy": None,
            "doc": "A shipyard flips the moment it is built, so its owner gains its income at once; shipyards never sit unflipped.",
            "may": (),
        },
    ),
    (
        "RUL-DEVELOP",
        {
            "code": "RUL-PORT-SALE",
            "name": "port-sale",
            "message": "a mill sold to a connected unflipped port flips both; each owner gains their tile's income",
            "rulings": ("Q104",),
            "remedy": None,
            "doc": "Selling a mill to a connected unflipped port, anyone's, flips both tiles, and each owner gains their own tile's income. A port sale never earns the Distant Cotton Market bonus.",
            "may": ("Q031", "Q097", "Q054", "Q107"),
        },
    ),
    (
        "RUL-DEVELOP",
        {
            "code": "RUL-DCM-SALE",
            "name": "distant-market-sale",
            "message": "a Distant Cotton Market sale draws a tile, moves the marker and adds the bonus beside its new space in income spaces",
            "rulings": ("Q103",),
            "remedy": None,
            "doc": "A Distant Cotton Market sale draws the top tile and moves the marker down by its number; the seller gains the income spaces shown beside the marker's new space, then the mill flips for its own income. Each mill draws its own tile.",
            "may": ("Q102", "Q127", "Q105", "Q109", "Q110", "Q097", "Q131"),
        },
    ),
    (
        "RUL-DEVELOP",
        {
            "code": "RUL-DCM-VIA-PORT",
            "name": "distant-market-through-port",
            "message": "a port, flipped or not, or an outside location gives access to the Distant Cotton Market without flipping",
            "rulings": (),
            "remedy": None,
            "doc": "A mill reaches the Distant Cotton Market through any connected market trade icon: a port tile, flipped or not and anyone's, or an outside location. Using a port this way does not flip it or give its owner anything.",
            "may": ("Q099", "Q113", "Q100", "Q101"),
        },
    ),
    (
        "RUL-DEVELOP",
        {
            "code": "RUL-DCM-X",
            "name": "distant-market-x",
            "message": "reaching X ends the Sell action at once; that mill stays unflipped",
            "rulings": ("Q106",),
            "remedy": None,
            "doc": "If the marker reaches X, the whole Sell action stops at once: that mill stays unflipped and gains nothing, and mills not yet sold are not sold in this action. Earlier sales stand.",
            "may": (),
        },
    ),
]

#: Lancashire's rules in doubt and routine rules beyond the shared ones (see brass_judge.codes)
IN_DOUBT_RULES = frozenset({"RUL-DCM-VIA-PORT", "RUL-DCM-X"})
ROUTINE_RULES: frozenset[str] = frozenset()
