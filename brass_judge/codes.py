"""The one table of codes: every violation the engine reports and every rule it applies.

Each row has a stable code, a kebab-case name (the thing flagged), a message template, the FAQ
rulings (``rulings/lancashire.yaml`` ids) that decide it, and an optional remedy template.
Checks build ``Violation(code, **fields)``; no message text or ruling id is typed anywhere else.

Families: POS position validity, TRN turn, BLD build, NET network, DEV develop, SEL sell,
LON loan, GAM game log / flow. ``RUL-*`` rows are rules applied in legal outcomes (cited in
verdicts as the rulings relied on). Codes are never reused; a retired code stays as ``removed``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    message: str
    rulings: tuple  #: rulings cited whenever the code is reported or the rule applied
    remedy: str | None = None
    status: str = "stable"
    doc: str = ""
    #: rulings cited only when the check says they decided this case (e.g. Q054 when the mine
    #: is in the same town); a verdict never cites a ruling that merely shares a keyword
    may_cite: tuple = ()

    @property
    def is_rule(self) -> bool:
        return self.code.startswith("RUL-")


def _c(code, name, message, rulings=(), remedy=None, doc="", *, may=()):
    return Code(code, name, message, tuple(rulings), remedy, "stable", doc, tuple(may))


_ROWS = [
    # ---- position validity ------------------------------------------------------------------
    _c(
        "POS001",
        "too-many-tiles",
        "{player} has {have} {industry} level {level} tiles (board{mat}); the mat holds {max}",
        (),
        "check the tiles listed for {player}",
        "A player owns exactly the tiles on their mat (37).",
    ),
    _c(
        "POS002",
        "space-does-not-show-icon",
        "{tile} stands on {location} space {space}, which shows {icons}",
        ("Q078",),
        "move it to a space showing its icon",
        "A tile may only stand on a space showing its industry's icon.",
    ),
    _c(
        "POS003",
        "two-own-tiles-in-canal-era",
        "{player} has {count} tiles in {location} in the Canal Era",
        ("Q079",),
        None,
        "In the Canal Era a player may have at most one tile per location.",
    ),
    _c(
        "POS004",
        "link-wrong-era",
        "a {kind} link on {line} in the {era} Era",
        ("Q041",),
        None,
        "Canals are removed at the end of the Canal Era; rails are only built in the Rail Era.",
    ),
    _c(
        "POS005",
        "line-does-not-allow-link",
        "{line} does not allow a {kind} link",
        (),
        None,
        "Each printed line shows whether canals, rails or both may be built on it.",
    ),
    _c(
        "POS006",
        "cubes-on-flipped-tile",
        "{tile} is flipped but has {cubes} cubes",
        (),
        None,
        "Coal mines and iron works flip when their last cube is taken.",
    ),
    _c(
        "POS007",
        "cubes-out-of-range",
        "{tile} has {cubes} cubes; it holds at most {max}",
        (),
        None,
        "A tile carries at most the cubes printed on it; only coal mines and iron works carry cubes.",
    ),
    _c(
        "POS008",
        "market-out-of-range",
        "the {market} Market holds {cubes} cubes; it has {max} spaces",
        ("Q015",),
        None,
        "Each market has 8 spaces.",
    ),
    _c(
        "POS009",
        "income-out-of-range",
        "{player}'s income space {space} is off the Progress Track (0..99)",
        ("Q030",),
        None,
        "Income runs from level -10 (space 0) to level 30 (spaces 97-99).",
    ),
    _c(
        "POS010",
        "space-taken-twice",
        "{location} space {space} holds two tiles",
        (),
        None,
        "Each industry space holds one tile.",
    ),
    _c(
        "POS011",
        "line-taken-twice",
        "{line} holds two links",
        ("Q120",),
        None,
        "Each line holds one link tile.",
    ),
    _c(
        "POS012",
        "too-many-links",
        "{player} has {count} link tiles (on the board and left to build); each player has 14",
        ("Q008",),
        None,
        "Each player has 14 link tiles.",
    ),
    _c(
        "POS013",
        "level-1-tile-in-rail-era",
        "{tile} is on the board in the Rail Era",
        ("Q042",),
        "remove it: level 1 tiles leave the board at the end of the Canal Era",
        "Every level 1 tile leaves the board at the end of the Canal Era.",
    ),
    _c(
        "POS014",
        "impossible-tile-state",
        "{tile}: {why}",
        (),
        None,
        (
            "A tile on the board must be one that could have been built there: level 0 shipyards are never built, "
            "a shipyard flips the moment it is built, a tile is built only in the eras its mat space shows, and no "
            "shipyard can be built in the Canal Era outside Liverpool."
        ),
        may=("Q081", "Q082", "Q080"),
    ),
    _c(
        "POS015",
        "negative-money",
        "{player} has £{money}; money is never below zero",
        (),
        "give {player}'s money as £0 or more",
        (
            "Money can never go below zero: every payment must be covered in full from cash in hand. Unpaid "
            "negative income is settled by removing tiles and losing VP, never by going into debt."
        ),
    ),
    _c(
        "POS016",
        "dcm-out-of-range",
        "the Distant Cotton Market marker is on space {space}; the track has spaces 1..9 (9 = X)",
        (),
        None,
        (
            "The Distant Cotton Market marker starts on the top space of its track and only moves down towards "
            "the X at the bottom, so it is always on one of the track's spaces."
        ),
    ),
    _c(
        "POS017",
        "unflipped-empty-tile",
        "{tile} has no cubes left but is not flipped",
        (),
        None,
        "A coal mine or iron works flips when its last cube is removed.",
    ),
    _c(
        "POS018",
        "tile-off-the-map",
        "a tile in {location}, which has no industry spaces",
        (),
        None,
        "Only the 19 towns have industry spaces.",
    ),
    _c(
        "POS019",
        "hand-too-large",
        "{player} holds {count} cards; a hand holds at most 8",
        (),
        "list at most 8 cards in {player}'s hand",
        (
            "Players refill their hand to 8 cards after each turn and nothing lets them draw more, so a hand "
            "never holds more than 8 cards."
        ),
    ),
    _c(
        "POS020",
        "dcm-tiles-impossible",
        "{why}",
        (),
        None,
        (
            "The Distant Cotton Market tiles in play are the ones marked for the player count, and the marker "
            "stands as far down the track as the tiles drawn this era add up to."
        ),
        may=("Q001",),
    ),
    _c(
        "POS021",
        "actions-left-impossible",
        "{player} has {left} action(s) left, but {when} a turn has {per}",
        ("Q019",),
        "set actions_left to {per} or less",
        (
            "A turn has two actions, except in the first round of the Canal Era, when each player has one; a "
            "position cannot leave more actions than that."
        ),
    ),
    _c(
        "POS023",
        "round-out-of-range",
        "{era} Era round {round}: at {players} players an era has {rounds} rounds",
        ("Q018",),
        "give a round from 1 to {rounds}",
        (
            "The deck for the player count lasts a fixed number of rounds: 10 with 2 players, 9 with 3 and 8 with 4 "
            "in each era."
        ),
    ),
    _c(
        "POS024",
        "card-not-in-deck",
        "{player}'s {pile} holds a {card} card, which is not in the {players}-player deck",
        ("Q001", "Q003"),
        "remove it: at 2 players the blue and teal towns' cards are out, at 3 players the teal ones",
        (
            "Only the cards marked for the player count are in the game, so no hand or discard pile can hold another "
            "(though those towns can still be built in by other means)."
        ),
    ),
    _c(
        "POS025",
        "too-many-cards",
        "{count} {card} card(s) in the position ({places}), but the {deck} has {max}",
        ("Q001",),
        "check the hands, discard piles and deck: each card of the deck appears once",
        (
            "Each card of the deck is in exactly one place: a hand, a discard pile, the draw deck or under the "
            "Deck tile. Counted across all of them, no card can appear more often than the deck for the player "
            "count holds it (Classic rules: the 66-card box deck at 3-4 players). The two read-manual cards (a "
            "Coal Mine and a Port) are out of every Roxley deck and of both 2-player modes."
        ),
        may=("Q002",),
    ),
    _c(
        "POS022",
        "deck-size-impossible",
        "the draw deck holds {draw} card(s), but in {era} Era round {round} at {players} players it holds {range}",
        ("Q017", "Q018"),
        "check the round and the deck size",
        (
            "Every turn discards a card per action and refills the hand to 8, so the draw deck runs down at a fixed "
            "pace: the round number tells how many cards can be left, and none in an era's last four rounds."
        ),
    ),
    # ---- turn -----------------------------------------------------------------------------------
    _c(
        "TRN001",
        "not-players-turn",
        "it is {turn}'s turn, not {player}'s",
        (),
        "let {turn} act first",
        doc=(
            "Players act one at a time, in the order shown on the turn order track; only the player whose turn it "
            "is may take actions."
        ),
    ),
    _c(
        "TRN002",
        "too-many-actions",
        "{player} has {left} action(s) left this turn but the turn uses {used}",
        (),
        "take at most {left} action(s)",
        may=("Q019",),
        doc=(
            "A turn has two actions, except in the first round of the Canal Era, when each player has only one. A "
            "turn cannot use more actions than it has left."
        ),
    ),
    _c(
        "TRN003",
        "card-not-in-hand",
        "{player} does not hold a {card} card (hand: {hand})",
        (),
        "discard a card from the hand",
        may=("Q073",),
        doc=(
            "Every action is paid for by discarding a card from your own hand, so you can only discard a card you "
            "actually hold."
        ),
    ),
    _c(
        "TRN004",
        "no-card-to-discard",
        "{player} has no card left to discard",
        ("Q023",),
        None,
        doc=(
            "Every action, passing included, costs a card from your hand. With no cards left in hand, no action "
            "can be taken."
        ),
    ),
    _c(
        "TRN006",
        "card-not-in-deck",
        "there is no {card} card in the {players}-player deck",
        ("Q001", "Q003"),
        "discard a card that exists at {players} players (blue and teal towns' cards are out at 2 players, teal at 3)",
        doc=(
            "Only the cards marked for the player count are in the deck: at 2 players the blue and teal towns' "
            "Location cards are removed, at 3 players the teal ones. A card not in this game's deck cannot be "
            "played, though those towns can still be built in by other means."
        ),
    ),
    _c(
        "TRN005",
        "game-over",
        "the game is over; no more actions",
        (),
        None,
        doc=(
            "The game ends after the last round of the Rail Era and its final scoring; no actions can be taken "
            "after that."
        ),
    ),
    # ---- build ----------------------------------------------------------------------------------
    _c(
        "BLD001",
        "location-card-elsewhere",
        "the {card} card does not let {player} build in {location}",
        ("Q072", "Q073"),
        "play the {location} card, a {industry} card with {location} in the network, or two cards",
        doc=(
            "A Location card builds only in the town it names. To build anywhere else you need that town's card, "
            "an Industry card for the industry with the town in your network, or any two cards for a Double "
            "Action Build."
        ),
    ),
    _c(
        "BLD002",
        "location-outside-network",
        "{location} is not in {player}'s network (no {player} tile there, no {player} link touching it)",
        ("Q051", "Q073"),
        "play the {location} card, or two cards for a Double Action Build",
        may=("Q052", "Q074", "Q075", "Q130", "Q128"),
        doc=(
            "An Industry card builds only in a location in your own network: one holding your industry tile or "
            "touching your link. Being connected through other players' links does not count. With nothing of "
            "yours on the board, it may build on any free matching space, but not overbuild."
        ),
    ),
    _c(
        "BLD003",
        "industry-card-mismatch",
        "a {card} card cannot build a {industry}",
        ("Q073",),
        "play a {industry} card or the {location} card",
        doc=(
            "An Industry card builds only the industry it shows. To build a different industry you need the "
            "town's Location card or a Double Action Build."
        ),
    ),
    _c(
        "BLD004",
        "no-tile-left",
        "{player} has no {industry} tile left on the mat",
        ("Q117",),
        "build another industry (or check {player}'s mat in the position)",
        doc=(
            "You can only build tiles still on your mat. Once an industry's stack is used up, by building or "
            "developing, you cannot build that industry any more."
        ),
    ),
    _c(
        "BLD005",
        "level-0-shipyard",
        "{player}'s lowest shipyard is level 0, which can never be built",
        ("Q081", "Q011"),
        "develop the level 0 shipyard(s) away first",
        doc=(
            "Level 0 shipyards can never be built. While one is the lowest shipyard on your mat it blocks the "
            "stack, and the only way past it is the Develop action."
        ),
    ),
    _c(
        "BLD006",
        "tile-wrong-era",
        "{player}'s lowest {industry} is level {level}, which cannot be built in the {era} Era",
        ("Q012",),
        "{fix}",
        may=("Q081", "Q042"),
        doc=(
            "Each tile on the mat shows the era it can be built in: level 1 tiles only in the Canal Era, level 2 "
            "shipyards only in the Rail Era. Since you must take the lowest tile, one for the other era blocks "
            "the stack until it is developed away or its era comes."
        ),
    ),
    _c(
        "BLD007",
        "no-space-for-industry",
        "{location} has no {free}space showing the {industry} icon",
        ("Q072",),
        "build it in a town with a free space showing the {industry} icon (brass-judge data map)",
        doc=(
            "A tile needs an undeveloped space showing its industry's icon, or a tile of the same industry there "
            "to overbuild. If the location has neither, that industry cannot be built there."
        ),
    ),
    _c(
        "BLD008",
        "shared-space-before-single",
        "{location} space {space} is shared, but single-icon {industry} space {single} is free",
        ("Q078",),
        "build on space {single}",
        doc=(
            "Within the chosen town, a free space showing only your industry's icon must be used before a space "
            "shared with another industry, so a shared space cannot be taken just to block others. It never "
            "forces you to build in another town."
        ),
    ),
    _c(
        "BLD009",
        "second-tile-in-location",
        "{player} already has a tile in {location}; the Canal Era allows one per location",
        ("Q079",),
        "build in another location, or wait for the Rail Era",
        doc=(
            "In the Canal Era each player may have at most one industry tile in each location, though other "
            "players may build there too. Overbuilding your own tile there is allowed; the limit is lifted in the "
            "Rail Era."
        ),
    ),
    _c(
        "BLD010",
        "cannot-afford-build",
        "{player} has £{money} but the build costs £{cost}",
        (),
        "needs £{short} more (a loan gives £10-£30)",
        may=("Q087", "Q034"),
        doc=(
            "A build costs the price shown beside the tile on your mat plus any coal or iron bought from the "
            "markets, and you must have that money now. Overbuilding costs the full price too."
        ),
    ),
    _c(
        "BLD011",
        "no-coal-source",
        "{location} needs {need} coal but is connected to no unflipped coal mine{and_market}",
        ("Q060", "Q061"),
        "needs a coal mine or a market trade icon connected to {location}",
        may=("Q076", "Q129"),
        doc=(
            "Coal for a build must come from an unflipped coal mine connected to the location by anyone's links "
            "(or in the same location), or else be bought from the Coal Market through a connection to a market "
            "trade icon. With neither, a tile that needs coal cannot be built there."
        ),
    ),
    _c(
        "BLD012",
        "overbuild-opponent-tile",
        "{tile} belongs to {owner}; only an opponent's coal mine or iron works may be overbuilt",
        ("Q085",),
        "build on a free space, or overbuild a tile of your own",
        doc=(
            "Your own tiles of any industry may be overbuilt, but the only opponent tiles that can ever be "
            "overbuilt are coal mines and iron works. An opponent's cotton mill, port or shipyard cannot be "
            "replaced."
        ),
    ),
    _c(
        "BLD013",
        "overbuild-resource-remains",
        "{tile} cannot be overbuilt: {cubes} {resource} cube(s) remain ({where})",
        ("Q083", "Q084"),
        "wait until no {resource} is left on the board or in its market",
        doc=(
            "An opponent's coal mine or iron works may be overbuilt only when no cube of its resource is left "
            "anywhere: none on any tile on the board and none in its market. Only that resource counts, so coal "
            "on the board does not block an iron works overbuild."
        ),
    ),
    _c(
        "BLD014",
        "overbuild-not-higher",
        "{tile} cannot be replaced by a level {level} {industry}",
        ("Q088",),
        "overbuild only with a higher level of the same industry",
        doc=(
            "Overbuilding replaces a tile with a higher-level tile of the same industry; a tile of the same or a "
            "lower level cannot replace it."
        ),
    ),
    _c(
        "BLD015",
        "not-lowest-tile",
        "{player} must take {industry} level {lowest}, not level {level}",
        ("Q012",),
        "develop away level {lowest} first",
        may=("Q088",),
        doc=(
            "You always build the lowest-level tile left in that industry's stack on your mat. To reach a higher "
            "level sooner, remove the lower tiles with the Develop action first."
        ),
    ),
    _c(
        "BLD016",
        "space-does-not-show-icon",
        "{location} space {space} does not show a {industry} icon",
        ("Q078",),
        "{industry} spaces in {location}: {spaces}",
        doc=(
            "A tile can only be placed on a space showing its industry's icon; the space named does not show it "
            "(or does not exist)."
        ),
    ),
    _c(
        "BLD017",
        "double-build-needs-two-actions",
        "a Double Action Build uses both actions, but {player} has {left} action(s) left",
        ("Q077",),
        "play a matching Location or Industry card instead",
        may=("Q020",),
        doc=(
            "A Double Action Build discards two cards and uses both actions of a turn, so it needs two actions "
            "left. It is not possible in the one-action first round of the Canal Era or as the second action of a "
            "turn."
        ),
    ),
    _c(
        "BLD018",
        "not-a-town",
        "{location} has no industry spaces; nothing can be built there",
        ("Q072",),
        "build in a town: brass-judge data map lists every town's spaces",
        doc=(
            "Only towns with printed industry spaces can take industry tiles. Outside locations and the other "
            "locations without spaces can be linked to and passed through, but nothing is ever built there."
        ),
    ),
    _c(
        "BLD019",
        "coal-source-not-closest",
        "coal must come from the closest connected mine ({closest}), not {chosen}",
        ("Q060",),
        "take it from {closest}",
        doc=(
            "Coal must come from the closest connected unflipped coal mine, counted in links along anyone's links "
            "(a mine in the same location is closest), whoever owns it. You choose only between mines that are "
            "equally close, so naming another mine (coal=) is not allowed; a name with no mine is set aside."
        ),
    ),
    _c(
        "BLD020",
        "iron-source-empty",
        "there is no unflipped iron works with iron in {chosen}",
        ("Q063",),
        "name an unflipped iron works that still has iron, or leave iron= out",
        doc=(
            "Iron is taken from an unflipped iron works that still has iron on it. Any such iron works on the "
            "board will do, with no connection needed, but a flipped or empty one cannot supply iron, so it "
            "cannot be named (iron=); a name with no iron works is set aside."
        ),
    ),
    _c(
        "BLD021",
        "canal-shipyard-outside-liverpool",
        "no coal can reach {location} in the Canal Era (it is reached only by rail)",
        ("Q080",),
        "build the Canal Era shipyard in Liverpool",
        doc=(
            "A shipyard needs coal, and Birkenhead and Barrow-in-Furness are reached only by rail lines, so in "
            "the Canal Era no coal can get there, even with a Location card or a Double Action Build: Liverpool "
            "is the only Canal Era shipyard site."
        ),
    ),
    _c(
        "BLD022",
        "space-occupied",
        "{location} space {space} holds {tile}",
        ("Q088",),
        "choose a free space",
        doc=(
            "Each industry space holds one tile. An occupied space can only be built on by overbuilding, which "
            "needs a tile of the same industry, so a tile of another industry on a shared space blocks it."
        ),
    ),
    # ---- network --------------------------------------------------------------------------------
    _c(
        "BLD023",
        "coal-market-while-mine-connected",
        "coal for {consumer} cannot be bought from the Coal Market: {mines} is connected and must be used",
        ("Q061", "Q060"),
        "take the coal from {mines} (leave coal=market out)",
        doc=(
            "Coal may be bought from the Coal Market only when no unflipped coal mine with coal is connected to the "
            "site. While one is connected, its coal must be used (the closest first, whoever owns it), even when "
            "a port or another trade icon is closer, so coal=market is not allowed."
        ),
    ),
    _c(
        "BLD024",
        "iron-market-while-works-have-iron",
        "iron for {consumer} cannot be bought from the Iron Market: {works} still has iron and must be used",
        ("Q064", "Q063"),
        "take the iron from {works} (leave iron=market out)",
        doc=(
            "Iron may be bought from the Iron Market only when no unflipped iron works on the board has iron left. "
            "While any has, its iron must be used, with no connection needed, even when that flips an opponent's "
            "iron works, so iron=market is not allowed; this holds for the Develop action too."
        ),
    ),
    _c(
        "BLD025",
        "rail-only-town-in-canal-era",
        "no coal can reach {location} in the Canal Era (it is reached only by "
        "rail), and the {industry} needs {need} coal",
        ("Q061", "Q060"),
        "build the {industry} in {location} in the Rail Era, or in a town canals reach",
        doc=(
            "Coal comes from a connected coal mine, or from the Coal Market through a connection to a trade icon. "
            "Barrow-in-Furness and Birkenhead are reached only by rail lines and have no coal mine space, so in the "
            "Canal Era no coal can get there: nothing that needs coal can be built there before the Rail Era (the "
            "shipyard case is BLD021)."
        ),
    ),
    _c(
        "NET001",
        "line-outside-network",
        "{line} touches no location in {player}'s network",
        ("Q051",),
        "{fix}",
        may=("Q121", "Q052", "Q021", "Q057", "Q129"),
        doc=(
            "A new link must touch a location in your own network: one with your industry tile or touching one of "
            "your links. Being connected through other players' links is not enough, and with nothing on the "
            "board you have no network yet, so build an industry first."
        ),
    ),
    _c(
        "NET002",
        "line-taken",
        "{line} already holds {owner}'s {kind}",
        ("Q120",),
        "build on another line; {owner}'s link can still carry your coal and cotton",
        doc=(
            "Each line holds only one link tile, so whoever builds there first takes it. Anyone may still use "
            "that link to move coal and cotton."
        ),
    ),
    _c(
        "NET003",
        "line-wrong-type",
        "{line} does not allow a {kind} link",
        (),
        "choose a line that allows a {kind} (brass-judge data lines)",
        doc=(
            "Each line on the board shows whether a canal, a rail or both may be built on it; a link can only go "
            "on a line that allows its type."
        ),
    ),
    _c(
        "NET004",
        "too-many-links-in-action",
        "{what}",
        ("Q118",),
        None,
        doc=(
            "A Network action builds one canal in the Canal Era, or one or two rails in the Rail Era. A second "
            "canal in a turn needs a second Network action."
        ),
    ),
    _c(
        "NET005",
        "no-link-tiles-left",
        "{player} has no link tiles left (all 14 are on the board)",
        ("Q008",),
        None,
        doc=(
            "Each player has 14 link tiles. Once all 14 are on the board no more links can be built that era; "
            "canals return to their owners when they are removed at the end of the Canal Era."
        ),
    ),
    _c(
        "NET006",
        "cannot-afford-link",
        "{player} has £{money} but the links cost £{cost}",
        ("Q118",),
        "needs £{short} more",
        doc=(
            "Links are paid for when built: a canal costs £3, one rail £5 and two rails in one action £15, plus "
            "any coal for the rails bought from the Coal Market. You must have the money now."
        ),
    ),
    _c(
        "NET007",
        "rail-no-coal",
        "the rail on {line} needs 1 coal but neither end is connected to a coal mine or a market trade icon",
        ("Q123",),
        "connect {line} to coal first",
        may=("Q124",),
        doc=(
            "Each rail consumes 1 coal, found after the rail is placed: from a mine connected to either end (the "
            "new rail included) or, with no mine connected, from the Coal Market through a connected trade icon. "
            "Of two rails, the first cannot count on the second."
        ),
    ),
    _c(
        "NET008",
        "same-line-twice",
        "{line} is named twice",
        ("Q120",),
        "name two different lines",
        doc=(
            "Each line holds one link, so the two rails of one Network action must go on two different lines."
        ),
    ),
    _c(
        "NET010",
        "link-type-wrong-era",
        "a {kind} cannot be built in the {era} Era (canals in the Canal Era, rails in the Rail Era)",
        ("Q118",),
        "write the era's link type, or leave it out",
        doc=("Canals can only be built in the Canal Era and rails only in the Rail Era."),
    ),
    _c(
        "NET009",
        "double-action-network",
        "a Double Action Build only builds industry tiles; a Network action discards one card",
        ("Q122",),
        "discard one card for the Network action",
        doc=(
            "The two-card Double Action Build only builds industry tiles. A Network action discards one card, and "
            "its link must still touch your network."
        ),
    ),
    # ---- develop --------------------------------------------------------------------------------
    _c(
        "DEV001",
        "nothing-to-develop",
        "{player} has no {industry} tile left on the mat to develop",
        ("Q115", "Q117"),
        "develop another industry",
        doc=(
            "Develop removes the lowest tile of an industry from your mat. With no tile of that industry left on "
            "the mat, there is nothing to develop."
        ),
    ),
    _c(
        "DEV002",
        "cannot-afford-develop",
        "{player} has £{money} but the iron costs £{cost}",
        ("Q114",),
        "needs £{short} more",
        doc=(
            "Develop costs 1 iron per tile removed. Iron from an unflipped iron works is free, but with no iron "
            "on the board it is bought from the Iron Market, cheapest first (£5 each when empty), and you need "
            "that money."
        ),
    ),
    # ---- sell -----------------------------------------------------------------------------------
    _c(
        "SEL001",
        "no-unflipped-mill",
        "{player} has no unflipped cotton mill in {location}",
        ("Q112", "Q111"),
        "sell an unflipped mill of {player}'s own (brass-judge moves lists the sales)",
        doc=(
            "The Sell action sells your own unflipped cotton mills. A mill flips when it sells and can never sell "
            "again, and you cannot sell another player's mill."
        ),
    ),
    _c(
        "SEL002",
        "port-not-connected",
        "the mill in {location} is not connected to the port in {port}",
        ("Q058", "Q053"),
        "build links to join them",
        may=("Q057",),
        doc=(
            "Cotton moves only along built links (anyone's): a mill can sell to a port only if a route of links "
            "joins their locations, or both are in the same location. There are no sea routes between ports, and "
            "outside locations are not joined to each other."
        ),
    ),
    _c(
        "SEL003",
        "port-flipped",
        "{tile} is already flipped; it can only give access to the Distant Cotton Market",
        ("Q100", "Q098"),
        "sell to the Distant Cotton Market through it, or to another unflipped port",
        doc=(
            "A port takes a single direct sale and flips. A flipped port cannot buy cotton again, but its trade "
            "icon still lets connected mills sell to the Distant Cotton Market."
        ),
    ),
    _c(
        "SEL004",
        "no-port-there",
        "there is no port in {location}",
        ("Q101",),
        "sell to a town with a port tile, or to the Distant Cotton Market (MILL>distant)",
        doc=(
            "A direct sale needs a port tile in the location named. Outside locations have no port: selling "
            "through them always means the Distant Cotton Market."
        ),
    ),
    _c(
        "SEL005",
        "distant-market-closed",
        "the Distant Cotton Market marker is on X; no more sales there this era",
        ("Q108", "Q106", "Q107"),
        "sell to a connected unflipped port",
        doc=(
            "Once the Distant Cotton Market marker reaches X, nobody can sell there again that era; it resets "
            "only at the end of the Canal Era. Mills can still sell to connected unflipped ports."
        ),
    ),
    _c(
        "SEL006",
        "no-trade-connection",
        "the mill in {location} is not connected to a port tile or an outside location's trade icon",
        ("Q062", "Q100", "Q101"),
        "first connect the mill by links to a port tile or an outside location",
        doc=(
            "A Distant Cotton Market sale needs the mill to be connected to a market trade icon: any port tile, "
            "flipped or not and anyone's, or an outside location."
        ),
    ),
    _c(
        "SEL007",
        "mill-sold-twice",
        "the mill in {location} is sold twice in one action",
        ("Q112",),
        "sell each mill once",
        doc=(
            "Each sale flips the mill it sells, so a mill can be sold only once. One Sell action can sell several "
            "mills, but each of them once."
        ),
    ),
    _c(
        "SEL008",
        "dcm-tile-not-available",
        "no {tile} tile is left face down in the Distant Cotton Market (unseen: {unseen})",
        ("Q001", "Q109"),
        "state a tile that is still face down, or leave :N out to see every possible draw",
        doc=(
            "Each Distant Cotton Market sale draws the top face-down tile, from the tiles marked for the player "
            "count. The tile recorded must be one still face down (the top one, when the order is known)."
        ),
    ),
    _c(
        "SEL009",
        "port-taken-this-turn",
        "{tile} was flipped by an earlier sale this turn; the mill in {location} cannot sell to it too",
        ("Q098", "Q100"),
        "sell the mill in {location} to another connected unflipped port, or to "
        "the Distant Cotton Market (MILL>distant)",
        doc=(
            "A port takes a single direct sale and flips at once, so two mills cannot sell to the same port, in one "
            "Sell action or in the two actions of a turn. Its trade icon still lets later mills sell to the Distant "
            "Cotton Market."
        ),
    ),
    _c(
        "SEL010",
        "dcm-tile-not-on-top",
        "the Distant Cotton Market tile drawn is the top one, {top} in the recorded "
        "order ({order}), not {tile}",
        ("Q109",),
        "state the top tile ({top}), or leave :N out",
        doc=(
            "Each Distant Cotton Market sale draws the top face-down tile. When the position records the order of "
            "the face-down tiles, the tile drawn is the top one, even if tiles of the number stated are still face "
            "down further down."
        ),
    ),
    # ---- loan -----------------------------------------------------------------------------------
    _c(
        "LON001",
        "loan-below-minus-10",
        "a £{amount} loan would take {player}'s income to level {level}; the track ends at -10",
        ("Q036",),
        "{alternative}",
        doc=(
            "A loan moves your income marker back 1, 2 or 3 income levels for £10, £20 or £30, and may not take "
            "it below level -10. Near the bottom only a smaller loan is possible, and at -10 none at all."
        ),
    ),
    _c(
        "LON002",
        "loans-closed",
        "no loans once the Rail Era draw deck is empty",
        ("Q037",),
        "take another action: loans are closed for the rest of the game",
        doc=(
            "In the Rail Era no loans may be taken once the draw deck is empty, which covers the last 4 rounds of "
            "the game. The Canal Era has no such limit."
        ),
    ),
    # ---- game log / flow ------------------------------------------------------------------------
    _c(
        "GAM001",
        "recorded-fact-differs",
        "{what}: the log records {recorded}, the rules give {actual}",
        (),
        "correct the recorded value, or look for an earlier mistake in the log",
        doc=(
            "Facts a game log records after a turn or at the end (money, income, VP, markets, era and so on) must "
            "match what the rules give when the logged actions are replayed."
        ),
    ),
    _c(
        "GAM002",
        "wrong-player-in-log",
        "the log gives this turn to {player}, but it is {turn}'s turn",
        ("Q024",),
        "give this turn to {turn}, or add {turn}'s turn before it if it is missing (the turn order is reset each round by money spent)",
        doc=(
            "Turns follow the turn order track, which is reset each round by money spent (least first, ties "
            "keeping their order); the log must give each turn to the player whose turn it is."
        ),
    ),
    _c(
        "GAM003",
        "turn-incomplete",
        "{player} took {used} action(s); the turn has {need}",
        ("Q019", "Q023"),
        "add the missing action(s): a player who does not act passes, discarding a card",
        doc=(
            "A turn uses all its actions: two, or one in the first round of the Canal Era. A player who does not "
            "want to act must still pass, discarding a card for each action."
        ),
    ),
    _c(
        "GAM004",
        "log-after-game-end",
        "the log continues after the game has ended",
        (),
        "remove the turns after the end of the game",
        doc=(
            "The game ends after the last round of the Rail Era and final scoring, so a game log cannot record "
            "turns after that."
        ),
    ),
    _c(
        "GAM005",
        "shortfall-choice-invalid",
        "{what}",
        ("Q033", "Q034"),
        None,
        doc=(
            "A player who cannot pay negative income removes their own tiles for half cost, stopping as soon as "
            "it is covered, and only then loses VP; tiles are removed for no other reason. A choice recorded in a "
            "game log, or named for check --apply (--shortfall, or shortfall: in the action file), must follow "
            "this."
        ),
    ),
    _c(
        "GAM006",
        "turn-missing-from-log",
        "{turn}'s turn is missing: the log gives this turn to {player}, but {turn} "
        "plays before {player} this round and has no turn in the rest of the round",
        ("Q024",),
        "add {turn}'s turn before this one (the turn order is reset each round by money spent)",
        doc=(
            "Every player takes one turn each round, in turn order. When the log gives a turn to a player who plays "
            "later in the round and the player to move has no turn in the rest of the round's entries, the log has "
            "left that player's turn out, rather than giving it to the wrong player (GAM002)."
        ),
    ),
    _c(
        "GAM007",
        "fact-differs-after-earlier-difference",
        "{what}: the log records {recorded}, the rules give {actual}; {player}'s recorded facts have differed "
        "from the rules since {since} (line {first_line})",
        (),
        "fix the first difference (line {first_line}) and replay again: this one may only follow from it",
        doc=(
            "A legal but wrongly written action (a loan of 30 for the 20 taken) changes a player's money, income "
            "and score for the rest of the game. So once a player's facts differ (GAM001), their later differing "
            "facts get this code, pointing at the first, until their facts agree again; fix the first one."
        ),
    ),
    # ---- rules applied in legal outcomes (cited as rulings relied on) --------------------------
    _c(
        "RUL-CARD-LOCATION",
        "location-card",
        "a Location card builds in its town, in or out of the network",
        ("Q072",),
        may=("Q055",),
        doc=(
            "A Location card builds any industry the named town has a space for, whether or not the town is in "
            "your network or connected to anything; the town then joins your network. All other build rules still "
            "apply."
        ),
    ),
    _c(
        "RUL-CARD-INDUSTRY",
        "industry-card-in-network",
        "an Industry card builds in a town in the player's network",
        ("Q051",),
        may=("Q095", "Q059", "Q055", "Q003", "Q129"),
        doc=(
            "An Industry card builds that industry in any location in your own network: one holding one of your "
            "industry tiles or touching one of your links."
        ),
    ),
    _c(
        "RUL-CARD-NO-TILES",
        "industry-card-anywhere",
        "with no industry or link tiles on the board, an Industry card builds anywhere",
        ("Q074",),
        may=("Q075", "Q076", "Q003"),
        doc=(
            "While you have no industry or link tiles on the board, at any point of the game, an Industry card "
            "builds that industry on a free matching space anywhere. Only the network requirement is waived: coal "
            "must still reach the site."
        ),
    ),
    _c(
        "RUL-DOUBLE-BUILD",
        "double-action-build",
        "two cards act as any Location card and use both actions",
        ("Q077",),
        may=("Q003", "Q092"),
        doc=(
            "Discarding any two cards uses both actions of the turn and counts as a Location card for any town, "
            "in or out of your network. Every other build rule still applies, and you draw two cards afterwards."
        ),
    ),
    _c(
        "RUL-LOWEST-TILE",
        "lowest-tile",
        "the lowest tile of the industry is taken from the mat",
        ("Q012",),
        doc=("A build always uses the lowest-level tile left in that industry's stack on your mat."),
    ),
    _c(
        "RUL-RAIL-SAME-TOWN",
        "rail-era-own-tiles-per-town",
        "in the Rail Era a player may have several tiles in one location",
        ("Q079",),
        doc=(
            "The Canal Era allows each player one industry tile per location; the Rail Era lifts the limit, so "
            "a player may build a second tile of their own (any industry) in a town."
        ),
    ),
    _c(
        "RUL-SPACE-SINGLE-FIRST",
        "single-icon-space-first",
        "a single-icon space is used before a shared one",
        ("Q078",),
        doc=(
            "In a town with both kinds of space, a free space showing only the industry's icon is used before a "
            "space shared with another industry."
        ),
    ),
    _c(
        "RUL-COAL-MINE",
        "coal-from-closest-mine",
        "coal comes from the closest connected unflipped coal mine, anyone's, free",
        ("Q060",),
        may=("Q053", "Q061"),
        doc=(
            "Coal comes free from the closest unflipped coal mine connected to the site, counted in links along "
            "anyone's links, whoever owns the mine. While any mine is connected it must be used, even if a trade "
            "icon is closer."
        ),
    ),
    _c(
        "RUL-COAL-SAME-TOWN",
        "coal-same-town",
        "a mine in the same location is 0 links away",
        ("Q054",),
        doc=(
            "A coal mine in the same location as the site counts as connected at zero links, so it is the closest "
            "source and is used first."
        ),
    ),
    _c(
        "RUL-COAL-MARKET",
        "coal-from-market",
        "with no connected mine, coal is bought from the market through a trade icon",
        ("Q061", "Q067"),
        may=("Q062", "Q113", "Q057"),
        doc=(
            "Only when no unflipped coal mine is connected may coal be bought from the Coal Market, cheapest cube "
            "first, and only through a connection to a market trade icon: any port tile, flipped or not, or an "
            "outside location. Buying is part of the action."
        ),
    ),
    _c(
        "RUL-MARKET-EMPTY",
        "market-empty-price",
        "an empty market sells cubes at £5 each",
        ("Q015", "Q065"),
        doc=(
            "When a market has no cubes left, coal or iron can still be bought at £5 each. Buying at £5 adds "
            "nothing to the market, which stays empty."
        ),
    ),
    _c(
        "RUL-IRON-WORKS",
        "iron-from-any-works",
        "iron comes from any unflipped iron works, no connection needed, free",
        ("Q063",),
        may=("Q064",),
        doc=(
            "Iron comes free from any unflipped iron works on the board, with no connection needed and not "
            "necessarily the closest. Board iron must be used while any is left, even if that flips an opponent's "
            "iron works."
        ),
    ),
    _c(
        "RUL-IRON-MARKET",
        "iron-from-market",
        "with no iron on the board, iron is bought from the market, cheapest first",
        ("Q064", "Q063", "Q067"),
        doc=(
            "Only when no iron is left on the board is iron bought from the Iron Market, cheapest cube first (£5 "
            "each when it is empty). No connection is needed."
        ),
    ),
    _c(
        "RUL-CUBES-TO-SUPPLY",
        "consumed-cubes-to-supply",
        "consumed cubes go back to the general supply; only as many as the action needs",
        ("Q068", "Q066"),
        doc=(
            "Coal and iron used by an action go back to the general supply, never to a market or another tile. An "
            "action takes only the cubes it needs: no stockpiling cubes or draining a market."
        ),
    ),
    _c(
        "RUL-MARKET-SALE",
        "new-tile-sells-to-market",
        "a new iron works, or a coal mine connected to a trade icon, fills the market's most expensive empty spaces",
        ("Q070",),
        may=("Q071", "Q113"),
        doc=(
            "When an iron works is built, or a coal mine connected to a market trade icon, as many cubes as fit "
            "move to its market at once, filling the most expensive empty spaces first and paying the owner for "
            "each. This happens only at the build; a tile left empty flips."
        ),
    ),
    _c(
        "RUL-MINE-NO-COAL-COST",
        "coal-mine-no-coal",
        "a coal mine needs no coal to build",
        ("Q069",),
        doc=(
            "Coal mines have no coal cost, so a coal mine can be built without any connection to coal; its cubes "
            "come from the general supply."
        ),
    ),
    _c(
        "RUL-FLIP-INCOME",
        "flip-income",
        "a flipped tile moves its owner's income marker by spaces, to at most level 30",
        ("Q030", "Q014"),
        may=("Q031",),
        doc=(
            "When a tile flips, its owner, whoever caused the flip, moves their income marker up by the number of "
            "spaces in the tile's bottom right corner, never past level 30."
        ),
    ),
    _c(
        "RUL-SHIPYARD-FLIP",
        "shipyard-flips-on-build",
        "a shipyard flips as soon as it is built",
        ("Q082",),
        doc=(
            "A shipyard flips the moment it is built, so its owner gains its income at once; shipyards never sit "
            "unflipped."
        ),
    ),
    _c(
        "RUL-OVERBUILD-OWN",
        "overbuild-own",
        "a player may overbuild their own tile with a higher level of the same industry at full cost",
        ("Q086", "Q087"),
        may=("Q090", "Q096"),
        doc=(
            "You may replace any of your own tiles, flipped or not, with a higher-level tile of the same "
            "industry, in either era. It is a normal build at full cost; cubes on the old tile go back to the "
            "supply and the new tile goes in unflipped like any new build."
        ),
    ),
    _c(
        "RUL-OVERBUILD-OPPONENT",
        "overbuild-opponent-mine",
        "an opponent's coal mine or iron works may be overbuilt when no cube of its resource is on the board or in its market",
        ("Q083",),
        may=("Q084", "Q093", "Q091", "Q094", "Q092"),
        doc=(
            "An opponent's coal mine or iron works may be overbuilt with a higher-level tile of the same industry "
            "when no cube of its resource is left on the board or in its market. Free spaces elsewhere do not "
            "matter."
        ),
    ),
    _c(
        "RUL-OVERBUILD-REMOVED",
        "overbuilt-tile-leaves",
        "the replaced tile leaves the game; its owner keeps income already gained",
        ("Q089", "Q046"),
        doc=(
            "An overbuilt tile leaves the game and never scores again, but its owner keeps the income and any VP "
            "it already gave."
        ),
    ),
    _c(
        "RUL-SPENT",
        "money-spent",
        "money paid during actions goes on the character tile (spent this round)",
        ("Q025",),
        doc=(
            "Money paid during your actions, for tiles, links and market coal or iron, goes on your character "
            "tile rather than straight to the bank, and sets the next round's turn order."
        ),
    ),
    _c(
        "RUL-LINK-COST",
        "link-cost",
        "a canal costs £3 (one per action); a rail £5, or two for £15, each with 1 coal",
        ("Q118",),
        doc=(
            "A canal costs £3 and a Network action builds only one. A rail costs £5, or two rails in one action "
            "cost £15, and each rail also consumes 1 coal. Links never use iron."
        ),
    ),
    _c(
        "RUL-RAIL-COAL",
        "rail-coal-either-end",
        "each rail takes 1 coal reachable from either end after it is placed, one rail after the other",
        ("Q123",),
        may=("Q124", "Q119"),
        doc=(
            "Each rail consumes 1 coal found after it is placed, from either end and along the new rail itself, "
            "in the usual coal order. Two rails in one action are built one after the other: the second may use "
            "the first, not the reverse."
        ),
    ),
    _c(
        "RUL-NETWORK-EXTENDS",
        "network-extends",
        "a location touched by the player's link is in their network",
        ("Q051",),
        may=("Q056",),
        doc=(
            "Your network is every location holding your industry tile or touching your link, so a new link "
            "brings the location at its far end into your network, even an empty town or an outside location, and "
            "you may build on from there."
        ),
    ),
    _c(
        "RUL-DEVELOP",
        "develop",
        "Develop removes the lowest tile of each chosen industry and takes 1 iron per tile",
        ("Q114", "Q115", "Q116"),
        may=("Q115",),
        doc=(
            "Develop removes one or two tiles from your mat, each the lowest of its industry at that moment, and "
            "consumes 1 iron per tile. Nothing on the board changes; it only opens higher levels for later "
            "builds."
        ),
    ),
    _c(
        "RUL-PORT-SALE",
        "port-sale",
        "a mill sold to a connected unflipped port flips both; each owner gains their tile's income",
        ("Q104",),
        may=("Q031", "Q097", "Q054", "Q107"),
        doc=(
            "Selling a mill to a connected unflipped port, anyone's, flips both tiles, and each owner gains their "
            "own tile's income. A port sale never earns the Distant Cotton Market bonus."
        ),
    ),
    _c(
        "RUL-DCM-SALE",
        "distant-market-sale",
        "a Distant Cotton Market sale draws a tile, moves the marker and adds the bonus beside its new space in income spaces",
        ("Q103",),
        may=("Q102", "Q127", "Q105", "Q109", "Q110", "Q097", "Q131"),
        doc=(
            "A Distant Cotton Market sale draws the top tile and moves the marker down by its number; the seller "
            "gains the income spaces shown beside the marker's new space, then the mill flips for its own income. "
            "Each mill draws its own tile."
        ),
    ),
    _c(
        "RUL-DCM-VIA-PORT",
        "distant-market-through-port",
        "a port, flipped or not, or an outside location gives access to the Distant Cotton Market without flipping",
        (),
        may=("Q099", "Q113", "Q100", "Q101"),
        doc=(
            "A mill reaches the Distant Cotton Market through any connected market trade icon: a port tile, "
            "flipped or not and anyone's, or an outside location. Using a port this way does not flip it or give "
            "its owner anything."
        ),
    ),
    _c(
        "RUL-DCM-X",
        "distant-market-x",
        "reaching X ends the Sell action at once; that mill stays unflipped",
        ("Q106",),
        doc=(
            "If the marker reaches X, the whole Sell action stops at once: that mill stays unflipped and gains "
            "nothing, and mills not yet sold are not sold in this action. Earlier sales stand."
        ),
    ),
    _c(
        "RUL-LOAN",
        "loan",
        "a loan moves income back 1-3 levels to the highest space of the new level",
        ("Q035",),
        doc=(
            "A loan gives £10, £20 or £30 and moves the income marker back 1, 2 or 3 income levels (not spaces), "
            "onto the highest space of the new level. Loans are never repaid."
        ),
    ),
    _c(
        "RUL-PASS",
        "pass",
        "passing still discards a card",
        ("Q023",),
        doc=("You may pass instead of taking an action, but each action passed still discards a card."),
    ),
    _c(
        "RUL-DISCARD",
        "discard",
        "every action discards a card face up",
        (),
        doc=(
            "Every action discards a card face up onto your discard pile, whatever the action; only Build cares "
            "which card it is."
        ),
    ),
    _c(
        "RUL-SAME-ACTION-TWICE",
        "same-action-twice",
        "both actions of a turn may be the same, each with its own card",
        ("Q022",),
        doc=(
            "The two actions of a turn may be of the same kind, such as two loans, each with its own discarded "
            "card."
        ),
    ),
    _c(
        "RUL-FIRST-ROUND",
        "first-round-one-action",
        "the first Canal Era round has one action per player",
        ("Q019", "Q021"),
        doc=(
            "In the first round of the Canal Era each player takes only one action and discards one card; from "
            "the second round on, every turn has two actions."
        ),
    ),
    _c(
        "RUL-TURN-ORDER",
        "turn-order-by-spent",
        "least spent goes first next round; ties keep their order",
        ("Q024", "Q026"),
        doc=(
            "At the end of each round the player who spent least goes first next round and the one who spent most "
            "goes last; players who spent the same keep their order. The spent money then goes to the bank."
        ),
    ),
    _c(
        "RUL-INCOME",
        "income-end-of-round",
        "everyone takes income (or pays negative income) at the end of the round, not after the last",
        ("Q027",),
        may=("Q028", "Q032"),
        doc=(
            "At the end of each round, after turn order is set, everyone at once takes money equal to their "
            "income level, or pays it to the bank if it is negative. No income is taken after the game's last "
            "round."
        ),
    ),
    _c(
        "RUL-INCOME-START",
        "income-start-of-round",
        "everyone takes income (or pays negative income) at the start of each round but the game's first (original rules)",
        ("Q028",),
        may=("Q032",),
        doc=(
            "The original rules (variant 'original') take income at the start of each round instead of at its "
            "end: as many payouts (everyone is on level 0 when the game starts), but at the end of the Canal Era "
            "the era is scored first and the Rail Era's first round then starts with income, so a shortfall "
            "there comes after the scoring and after the level 1 tiles have left the board."
        ),
    ),
    _c(
        "RUL-SHORTFALL",
        "income-shortfall",
        "unpaid income is covered by removing own tiles for half cost, then 1 VP per £1",
        ("Q033", "Q034"),
        doc=(
            "A player who cannot pay negative income removes own industry tiles of their choice for half their "
            "build cost (rounded down), stopping once it is covered and keeping any excess. If still short, they "
            "lose 1 VP per £1 short."
        ),
    ),
    _c(
        "RUL-LINK-SCORING",
        "link-scoring",
        "links score 1 VP per link icon in the locations they touch and are removed",
        ("Q039", "Q040", "Q041"),
        doc=(
            "At the end of each era every link scores 1 VP per link icon in the two locations it touches, on "
            "flipped tiles of any owner or printed on the board. All links score and are removed before any tile "
            "scores."
        ),
    ),
    _c(
        "RUL-TILE-SCORING",
        "tile-scoring",
        "flipped tiles score their VP at the end of each era",
        ("Q038",),
        may=("Q043", "Q013"),
        doc=(
            "At the end of each era, flipped tiles on the board score the VP in their bottom left corner for "
            "their owner; unflipped tiles score nothing. A flipped level 2+ tile that survives the Canal Era "
            "scores again."
        ),
    ),
    _c(
        "RUL-CANAL-END",
        "end-of-canal-era",
        "level 1 tiles leave, the Distant Cotton Market resets, markets carry over, new deck and hands",
        ("Q042", "Q044", "Q045", "Q046", "Q047", "Q108", "Q016"),
        doc=(
            "After Canal Era scoring every level 1 tile leaves the board with its cubes, the Distant Cotton "
            "Market marker returns to the top with its tiles reshuffled, and the coal and iron markets carry "
            "over. All cards form the Rail Era deck and everyone draws 8."
        ),
    ),
    _c(
        "RUL-RAIL-END",
        "end-of-rail-era",
        "1 VP per £10; most VP wins, then income, then money",
        ("Q048",),
        may=("Q049", "Q050"),
        doc=(
            "At the end of the Rail Era each player scores 1 VP per £10 held. Most VP wins; ties go to the player "
            "further along the income track, then to more money, and players still level share the win."
        ),
    ),
    _c(
        "RUL-DECK",
        "deck-per-player-count",
        "the deck holds the cards marked for the player count",
        ("Q001", "Q005", "Q018", "Q017"),
        doc=(
            "The deck holds only the cards marked for the player count: 40, 54 or 64 cards for 2, 3 or 4 players. "
            "An era ends once the draw deck and every hand are empty, which gives 10, 9 or 8 rounds."
        ),
    ),
]

CODES: dict = {row.code: row for row in _ROWS}


def get(code: str) -> Code:
    return CODES[code]


def codes_citing(ruling_id: str) -> list:
    """Every code or rule that cites *ruling_id* (always, or in the cases it decides)."""
    return [c for c in _ROWS if ruling_id in c.rulings or ruling_id in c.may_cite]


def rulings_of(codes, also=()) -> list:
    """The rulings cited by *codes* (codes or RUL-* rules) plus the case-specific rulings *also*
    (``(code, ruling)`` pairs), in first-use order, once each."""
    extra: dict = {}
    for code, q in also:
        extra.setdefault(code, []).append(q)
    return list(dict.fromkeys(q for c in codes for q in (*CODES[c].rulings, *extra.get(c, ()))))


#: Rules that answer a question players dispute whenever they apply: the exception or the choice
#: that made a legal action legal, or made it turn out as it did (an Industry card building with no
#: tiles on the board, coal from the market, overbuilding, iron from a works out of the network...).
#: A legal verdict's ``decided_by`` cites these rules' rulings plus every case-specific ruling
#: (``may_cite``) a check recorded; the other rules applied (paying, discarding, taking the lowest
#: tile, flipping for income) are the ordinary course of the action and are listed only as relied on.
IN_DOUBT_RULES = frozenset(
    {
        "RUL-CARD-NO-TILES",
        "RUL-DOUBLE-BUILD",
        "RUL-SPACE-SINGLE-FIRST",
        "RUL-COAL-MINE",
        "RUL-COAL-SAME-TOWN",
        "RUL-COAL-MARKET",
        "RUL-MARKET-EMPTY",
        "RUL-IRON-WORKS",
        "RUL-IRON-MARKET",
        "RUL-MINE-NO-COAL-COST",
        "RUL-OVERBUILD-OWN",
        "RUL-OVERBUILD-OPPONENT",
        "RUL-RAIL-COAL",
        "RUL-DCM-VIA-PORT",
        "RUL-DCM-X",
        "RUL-SAME-ACTION-TWICE",
        "RUL-RAIL-SAME-TOWN",
        "RUL-MARKET-SALE",
    }
)
#: Bookkeeping that never answers "why?" on its own (not even for an action with nothing in doubt).
ROUTINE_RULES = frozenset(
    {
        "RUL-SPENT",
        "RUL-DISCARD",
        "RUL-LOWEST-TILE",
        "RUL-CUBES-TO-SUPPLY",
        "RUL-FIRST-ROUND",
        "RUL-FLIP-INCOME",
        "RUL-OVERBUILD-REMOVED",
    }
)


def deciding_rulings(rules, also=()) -> list:
    """The rulings that decided a legal outcome (a verdict's ``decided_by``): those of the rules in
    doubt (:data:`IN_DOUBT_RULES`) and the case-specific rulings *also* (``(code, ruling)`` pairs
    that a check recorded because they decided this case). When nothing was in doubt, the rulings
    of the action's own rule (a loan's Q035): every rule applied except the bookkeeping ones."""
    extra: dict = {}
    for code, q in also:
        extra.setdefault(code, []).append(q)
    out = [
        q
        for c in rules
        for q in ((*CODES[c].rulings, *extra.get(c, ())) if c in IN_DOUBT_RULES else extra.get(c, ()))
    ]
    if not out:
        out = [q for c in rules if c not in ROUTINE_RULES for q in CODES[c].rulings]
    return list(dict.fromkeys(out))


def all_cited_rulings() -> set:
    return {r for c in _ROWS for r in (*c.rulings, *c.may_cite)}
