"""The one table of codes: every violation the engine reports and every rule it applies.

Each row has a stable code, a kebab-case name (the thing flagged), a message template, the rulings
that decide it, and an optional remedy template. Checks build ``Violation(code, **fields)``; no
message text or ruling id is typed anywhere else. The rows here are the shared ones, written without
game text; they cite rulings through case keys (``may_cite``). Each game's folder adds its rulings,
its wording and its own rows (``brass_judge/games/<game>/codes.py``), merged into one table per
game by :func:`table_of`; :data:`CODES` is the default game's.

Families: POS position validity, TRN turn, BLD build, NET network, DEV develop, SEL sell,
LON loan, GAM game log / flow. ``RUL-*`` rows are rules applied in legal outcomes (cited in
verdicts as the rulings relied on). Codes are never reused; a retired code stays as ``removed``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


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
        may=(),
    ),
    _c(
        "POS002",
        "space-does-not-show-icon",
        "{tile} stands on {location} space {space}, which shows {icons}",
        (),
        "move it to a space showing its icon",
        "A tile may only stand on a space showing its industry's icon.",
        may=(),
    ),
    _c(
        "POS003",
        "two-own-tiles-in-canal-era",
        "{player} has {count} tiles in {location} in the Canal Era",
        (),
        None,
        "In the Canal Era a player may have at most one tile per location.",
        may=(),
    ),
    _c(
        "POS004",
        "link-wrong-era",
        "a {kind} link on {line} in the {era} Era",
        (),
        None,
        "Canals are removed at the end of the Canal Era; rails are only built in the Rail Era.",
        may=(),
    ),
    _c(
        "POS005",
        "line-does-not-allow-link",
        "{line} does not allow a {kind} link",
        (),
        None,
        "Each printed line shows whether canals, rails or both may be built on it.",
        may=(),
    ),
    _c(
        "POS006",
        "cubes-on-flipped-tile",
        "{tile} is flipped but has {cubes} cubes",
        (),
        None,
        "Coal mines and iron works flip when their last cube is taken.",
        may=(),
    ),
    _c(
        "POS007",
        "cubes-out-of-range",
        "{tile} has {cubes} cubes; it holds at most {max}",
        (),
        None,
        "A tile carries at most the cubes printed on it; only coal mines and iron works carry cubes.",
        may=(),
    ),
    _c(
        "POS008",
        "market-out-of-range",
        "the {market} Market holds {cubes} cubes; it has {max} spaces",
        (),
        None,
        "Each market has a fixed number of spaces.",
        may=(),
    ),
    _c(
        "POS009",
        "income-out-of-range",
        "{player}'s income space {space} is off the Progress Track (0..99)",
        (),
        None,
        "Income runs from level -10 (space 0) to level 30 (spaces 97-99).",
        may=(),
    ),
    _c(
        "POS010",
        "space-taken-twice",
        "{location} space {space} holds two tiles",
        (),
        None,
        "Each industry space holds one tile.",
        may=(),
    ),
    _c(
        "POS011",
        "line-taken-twice",
        "{line} holds two links",
        (),
        None,
        "Each line holds one link tile.",
        may=(),
    ),
    _c(
        "POS012",
        "too-many-links",
        "{player} has {count} link tiles (on the board and left to build); each player has fewer",
        (),
        None,
        "Each player has a fixed number of link tiles.",
        may=(),
    ),
    _c(
        "POS013",
        "level-1-tile-in-rail-era",
        "{tile} is on the board in the Rail Era",
        (),
        "remove it: level 1 tiles leave the board at the end of the Canal Era",
        "Every level 1 tile leaves the board at the end of the Canal Era.",
        may=(),
    ),
    _c(
        "POS014",
        "impossible-tile-state",
        "{tile}: {why}",
        (),
        None,
        "A tile on the board must be one that could have been built there: a tile is built only in the eras its mat space shows.",
        may=("build.shipyard-eras", "build.shipyard-flip", "build.canal-shipyard-locations"),
    ),
    _c(
        "POS015",
        "negative-money",
        "{player} has £{money}; money is never below zero",
        (),
        "give {player}'s money as £0 or more",
        "Money can never go below zero: every payment must be covered in full from cash in hand. Unpaid negative income is settled by removing tiles and losing VP, never by going into debt.",
        may=(),
    ),
    _c(
        "POS017",
        "unflipped-empty-tile",
        "{tile} has no cubes left but is not flipped",
        (),
        None,
        "A coal mine or iron works flips when its last cube is removed.",
        may=(),
    ),
    _c(
        "POS018",
        "tile-off-the-map",
        "a tile in {location}, which has no industry spaces",
        (),
        None,
        "Only towns have industry spaces.",
        may=(),
    ),
    _c(
        "POS019",
        "hand-too-large",
        "{player} holds {count} cards; a hand holds at most 8",
        (),
        "list at most 8 cards in {player}'s hand",
        "Players refill their hand to 8 cards after each turn and nothing lets them draw more, so a hand never holds more than 8 cards.",
        may=(),
    ),
    _c(
        "POS021",
        "actions-left-impossible",
        "{player} has {left} action(s) left, but {when} a turn has {per}",
        (),
        "set actions_left to {per} or less",
        "A turn has two actions, except in the first round of the Canal Era, when each player has one; a position cannot leave more actions than that.",
        may=(),
    ),
    _c(
        "POS023",
        "round-out-of-range",
        "{era} Era round {round}: at {players} players an era has {rounds} rounds",
        (),
        "give a round from 1 to {rounds}",
        "The deck for the player count lasts a fixed number of rounds in each era.",
        may=(),
    ),
    _c(
        "POS024",
        "card-not-in-deck",
        "{player}'s {pile} holds a {card} card, which is not in the {players}-player deck",
        (),
        "remove it: it is not in the deck at {players} players",
        "Only the cards marked for the player count are in the game, so no hand or discard pile can hold another (though those towns can still be built in by other means).",
        may=(),
    ),
    _c(
        "POS025",
        "too-many-cards",
        "{count} {card} card(s) in the position ({places}), but the {deck} has {max}",
        (),
        "check the hands, discard piles and deck: each card of the deck appears once",
        "Each card of the deck is in exactly one place: a hand, a discard pile, the draw deck or under the Deck tile. Counted across all of them, no card can appear more often than the deck for the player count holds it (Classic rules: the 66-card box deck at 3-4 players). The two read-manual cards (a Coal Mine and a Port) are out of every Roxley deck and of both 2-player modes.",
        may=("setup.read-manual-cards",),
    ),
    _c(
        "POS022",
        "deck-size-impossible",
        "the draw deck holds {draw} card(s), but in {era} Era round {round} at {players} players it holds {range}",
        (),
        "check the round and the deck size",
        "Every turn discards a card per action and refills the hand to 8, so the draw deck runs down at a fixed pace: the round number tells how many cards can be left, and none in an era's last four rounds.",
        may=(),
    ),
    # ---- turn -----------------------------------------------------------------------------------
    _c(
        "TRN001",
        "not-players-turn",
        "it is {turn}'s turn, not {player}'s",
        (),
        "let {turn} act first",
        "Players act one at a time, in the order shown on the turn order track; only the player whose turn it is may take actions.",
        may=(),
    ),
    _c(
        "TRN002",
        "too-many-actions",
        "{player} has {left} action(s) left this turn but the turn uses {used}",
        (),
        "take at most {left} action(s)",
        "A turn has two actions, except in the first round of the Canal Era, when each player has only one. A turn cannot use more actions than it has left.",
        may=("turn.first-round-one-action",),
    ),
    _c(
        "TRN003",
        "card-not-in-hand",
        "{player} does not hold a {card} card (hand: {hand})",
        (),
        "discard a card from the hand",
        "Every action is paid for by discarding a card from your own hand, so you can only discard a card you actually hold.",
        may=("card.any-card-any-build",),
    ),
    _c(
        "TRN004",
        "no-card-to-discard",
        "{player} has no card left to discard",
        (),
        None,
        "Every action, passing included, costs a card from your hand. With no cards left in hand, no action can be taken.",
        may=(),
    ),
    _c(
        "TRN006",
        "card-not-in-deck",
        "there is no {card} card in the {players}-player deck",
        (),
        "discard a card that exists at {players} players",
        "Only the cards marked for the player count are in the deck. A card not in this game's deck cannot be played, though those towns can still be built in by other means.",
        may=(),
    ),
    _c(
        "TRN005",
        "game-over",
        "the game is over; no more actions",
        (),
        None,
        "The game ends after the last round of the Rail Era and its final scoring; no actions can be taken after that.",
        may=(),
    ),
    # ---- build ----------------------------------------------------------------------------------
    _c(
        "BLD001",
        "location-card-elsewhere",
        "the {card} card does not let {player} build in {location}",
        (),
        "play the {location} card, a {industry} card with {location} in the network, or two cards",
        "A Location card builds only in the town it names. To build anywhere else you need that town's card, an Industry card for the industry with the town in your network, or any two cards for a Double Action Build.",
        may=(),
    ),
    _c(
        "BLD002",
        "location-outside-network",
        "{location} is not in {player}'s network (no {player} tile there, no {player} link touching it)",
        (),
        "play the {location} card, or two cards for a Double Action Build",
        "An Industry card builds only in a location in your own network: one holding your industry tile or touching your link. Being connected through other players' links does not count. With nothing of yours on the board, it may build on any free matching space, but not overbuild.",
        may=(
            "network.via-others-links",
            "build.anywhere-without-tiles",
            "build.anywhere-in-rail-era",
            "virtual-link.one-way",
            "virtual-link.not-standard",
        ),
    ),
    _c(
        "BLD003",
        "industry-card-mismatch",
        "a {card} card cannot build a {industry}",
        (),
        "play a {industry} card or the {location} card",
        "An Industry card builds only the industry it shows. To build a different industry you need the town's Location card or a Double Action Build.",
        may=(),
    ),
    _c(
        "BLD004",
        "no-tile-left",
        "{player} has no {industry} tile left on the mat",
        (),
        "build another industry (or check {player}'s mat in the position)",
        "You can only build tiles still on your mat. Once an industry's stack is used up, by building or developing, you cannot build that industry any more.",
        may=(),
    ),
    _c(
        "BLD006",
        "tile-wrong-era",
        "{player}'s lowest {industry} is level {level}, which cannot be built in the {era} Era",
        (),
        "{fix}",
        "Each tile on the mat shows the era it can be built in: level 1 tiles only in the Canal Era, level 2 shipyards only in the Rail Era. Since you must take the lowest tile, one for the other era blocks the stack until it is developed away or its era comes.",
        may=("build.shipyard-eras", "era.level1-removed"),
    ),
    _c(
        "BLD007",
        "no-space-for-industry",
        "{location} has no {free}space showing the {industry} icon",
        (),
        "build it in a town with a free space showing the {industry} icon (brass-judge data map)",
        "A tile needs an undeveloped space showing its industry's icon, or a tile of the same industry there to overbuild. If the location has neither, that industry cannot be built there.",
        may=(),
    ),
    _c(
        "BLD008",
        "shared-space-before-single",
        "{location} space {space} is shared, but single-icon {industry} space {single} is free",
        (),
        "build on space {single}",
        "Within the chosen town, a free space showing only your industry's icon must be used before a space shared with another industry, so a shared space cannot be taken just to block others. It never forces you to build in another town.",
        may=(),
    ),
    _c(
        "BLD009",
        "second-tile-in-location",
        "{player} already has a tile in {location}; the Canal Era allows one per location",
        (),
        "build in another location, or wait for the Rail Era",
        "In the Canal Era each player may have at most one industry tile in each location, though other players may build there too. Overbuilding your own tile there is allowed; the limit is lifted in the Rail Era.",
        may=(),
    ),
    _c(
        "BLD010",
        "cannot-afford-build",
        "{player} has £{money} but the build costs £{cost}",
        (),
        "needs £{short} more (a loan may cover it)",
        "A build costs the price shown beside the tile on your mat plus any coal or iron bought from the markets, and you must have that money now. Overbuilding costs the full price too.",
        may=("overbuild.full-cost", "income.sell-tiles-for-money"),
    ),
    _c(
        "BLD011",
        "no-coal-source",
        "{location} needs {need} coal but is connected to no unflipped coal mine{and_market}",
        (),
        "needs a coal mine or a market trade icon connected to {location}",
        "Coal for a build must come from an unflipped coal mine connected to the location by anyone's links (or in the same location), or else be bought from the Coal Market through a connection to a market trade icon. With neither, a tile that needs coal cannot be built there.",
        may=("build.anywhere-still-needs-coal", "virtual-link.what-it-does"),
    ),
    _c(
        "BLD012",
        "overbuild-opponent-tile",
        "{tile} belongs to {owner}; only an opponent's coal mine or iron works may be overbuilt",
        (),
        "build on a free space, or overbuild a tile of your own",
        "Your own tiles of any industry may be overbuilt, but the only opponent tiles that can ever be overbuilt are coal mines and iron works. An opponent's cotton mill, port or shipyard cannot be replaced.",
        may=(),
    ),
    _c(
        "BLD013",
        "overbuild-resource-remains",
        "{tile} cannot be overbuilt: {cubes} {resource} cube(s) remain ({where})",
        (),
        "wait until no {resource} is left on the board or in its market",
        "An opponent's coal mine or iron works may be overbuilt only when no cube of its resource is left anywhere: none on any tile on the board and none in its market. Only that resource counts, so coal on the board does not block an iron works overbuild.",
        may=(),
    ),
    _c(
        "BLD014",
        "overbuild-not-higher",
        "{tile} cannot be replaced by a level {level} {industry}",
        (),
        "overbuild only with a higher level of the same industry",
        "Overbuilding replaces a tile with a higher-level tile of the same industry; a tile of the same or a lower level cannot replace it.",
        may=(),
    ),
    _c(
        "BLD015",
        "not-lowest-tile",
        "{player} must take {industry} level {lowest}, not level {level}",
        (),
        "develop away level {lowest} first",
        "You always build the lowest-level tile left in that industry's stack on your mat. To reach a higher level sooner, remove the lower tiles with the Develop action first.",
        may=("overbuild.same-industry-higher",),
    ),
    _c(
        "BLD016",
        "space-does-not-show-icon",
        "{location} space {space} does not show a {industry} icon",
        (),
        "{industry} spaces in {location}: {spaces}",
        "A tile can only be placed on a space showing its industry's icon; the space named does not show it (or does not exist).",
        may=(),
    ),
    _c(
        "BLD017",
        "double-build-needs-two-actions",
        "a Double Action Build uses both actions, but {player} has {left} action(s) left",
        (),
        "play a matching Location or Industry card instead",
        "A Double Action Build discards two cards and uses both actions of a turn, so it needs two actions left. It is not possible in the one-action first round of the Canal Era or as the second action of a turn.",
        may=("turn.first-turn-double-build",),
    ),
    _c(
        "BLD018",
        "not-a-town",
        "{location} has no industry spaces; nothing can be built there",
        (),
        "build in a town: brass-judge data map lists every town's spaces",
        "Only towns with printed industry spaces can take industry tiles. Outside locations and the other locations without spaces can be linked to and passed through, but nothing is ever built there.",
        may=(),
    ),
    _c(
        "BLD019",
        "coal-source-not-closest",
        "coal must come from the closest connected mine ({closest}), not {chosen}",
        (),
        "take it from {closest}",
        "Coal must come from the closest connected unflipped coal mine, counted in links along anyone's links (a mine in the same location is closest), whoever owns it. You choose only between mines that are equally close, so naming another mine (coal=) is not allowed; a name with no mine is set aside.",
        may=(),
    ),
    _c(
        "BLD020",
        "iron-source-empty",
        "there is no unflipped iron works with iron in {chosen}",
        (),
        "name an unflipped iron works that still has iron, or leave iron= out",
        "Iron is taken from an unflipped iron works that still has iron on it. Any such iron works on the board will do, with no connection needed, but a flipped or empty one cannot supply iron, so it cannot be named (iron=); a name with no iron works is set aside.",
        may=(),
    ),
    _c(
        "BLD022",
        "space-occupied",
        "{location} space {space} holds {tile}",
        (),
        "choose a free space",
        "Each industry space holds one tile. An occupied space can only be built on by overbuilding, which needs a tile of the same industry, so a tile of another industry on a shared space blocks it.",
        may=(),
    ),
    # ---- network --------------------------------------------------------------------------------
    _c(
        "BLD023",
        "coal-market-while-mine-connected",
        "coal for {consumer} cannot be bought from the Coal Market: {mines} is connected and must be used",
        (),
        "take the coal from {mines} (leave coal=market out)",
        "Coal may be bought from the Coal Market only when no unflipped coal mine with coal is connected to the site. While one is connected, its coal must be used (the closest first, whoever owns it), even when a port or another trade icon is closer, so coal=market is not allowed.",
        may=(),
    ),
    _c(
        "BLD024",
        "iron-market-while-works-have-iron",
        "iron for {consumer} cannot be bought from the Iron Market: {works} still has iron and must be used",
        (),
        "take the iron from {works} (leave iron=market out)",
        "Iron may be bought from the Iron Market only when no unflipped iron works on the board has iron left. While any has, its iron must be used, with no connection needed, even when that flips an opponent's iron works, so iron=market is not allowed; this holds for the Develop action too.",
        may=(),
    ),
    _c(
        "BLD025",
        "rail-only-town-in-canal-era",
        "no coal can reach {location} in the Canal Era (it is reached only by rail), and the {industry} needs {need} coal",
        (),
        "build the {industry} in {location} in the Rail Era, or in a town canals reach",
        "Coal comes from a connected coal mine, or from the Coal Market through a connection to a trade icon. A town reached only by rail lines, with no coal mine space, gets no coal in the Canal Era: nothing that needs coal can be built there before the Rail Era.",
        may=(),
    ),
    _c(
        "NET001",
        "line-outside-network",
        "{line} touches no location in {player}'s network",
        (),
        "{fix}",
        "A new link must touch a location in your own network: one with your industry tile or touching one of your links. Being connected through other players' links is not enough, and with nothing on the board you have no network yet, so build an industry first.",
        may=(
            "network.first-action-link",
            "network.via-others-links",
            "turn.first-action-any-kind",
            "network.outside-not-joined",
            "virtual-link.what-it-does",
        ),
    ),
    _c(
        "NET002",
        "line-taken",
        "{line} already holds {owner}'s {kind}",
        (),
        "build on another line; {owner}'s link can still carry your coal and cotton",
        "Each line holds only one link tile, so whoever builds there first takes it. Anyone may still use that link to move coal and cotton.",
        may=(),
    ),
    _c(
        "NET003",
        "line-wrong-type",
        "{line} does not allow a {kind} link",
        (),
        "choose a line that allows a {kind} (brass-judge data lines)",
        "Each line on the board shows whether a canal, a rail or both may be built on it; a link can only go on a line that allows its type.",
        may=(),
    ),
    _c(
        "NET004",
        "too-many-links-in-action",
        "{what}",
        (),
        None,
        "A Network action builds one canal in the Canal Era, or one or two rails in the Rail Era. A second canal in a turn needs a second Network action.",
        may=(),
    ),
    _c(
        "NET005",
        "no-link-tiles-left",
        "{player} has no link tiles left (all are on the board)",
        (),
        None,
        "Each player has a fixed number of link tiles. Once all are on the board no more links can be built that era.",
        may=(),
    ),
    _c(
        "NET006",
        "cannot-afford-link",
        "{player} has £{money} but the links cost £{cost}",
        (),
        "needs £{short} more",
        "Links are paid for when built, at the game's price for the kind and number of links, plus any coal for the rails bought from the Coal Market.",
        may=(),
    ),
    _c(
        "NET007",
        "rail-no-coal",
        "the rail on {line} needs 1 coal but neither end is connected to a coal mine or a market trade icon",
        (),
        "connect {line} to coal first",
        "Each rail consumes 1 coal, found after the rail is placed: from a mine connected to either end (the new rail included) or, with no mine connected, from the Coal Market through a connected trade icon. Of two rails, the first cannot count on the second.",
        may=("rail.second-uses-first",),
    ),
    _c(
        "NET008",
        "same-line-twice",
        "{line} is named twice",
        (),
        "name two different lines",
        "Each line holds one link, so the two rails of one Network action must go on two different lines.",
        may=(),
    ),
    _c(
        "NET010",
        "link-type-wrong-era",
        "a {kind} cannot be built in the {era} Era (canals in the Canal Era, rails in the Rail Era)",
        (),
        "write the era's link type, or leave it out",
        "Canals can only be built in the Canal Era and rails only in the Rail Era.",
        may=(),
    ),
    _c(
        "NET009",
        "double-action-network",
        "a Double Action Build only builds industry tiles; a Network action discards one card",
        (),
        "discard one card for the Network action",
        "The two-card Double Action Build only builds industry tiles. A Network action discards one card, and its link must still touch your network.",
        may=(),
    ),
    # ---- develop --------------------------------------------------------------------------------
    _c(
        "DEV001",
        "nothing-to-develop",
        "{player} has no {industry} tile left on the mat to develop",
        (),
        "develop another industry",
        "Develop removes the lowest tile of an industry from your mat. With no tile of that industry left on the mat, there is nothing to develop.",
        may=(),
    ),
    _c(
        "DEV002",
        "cannot-afford-develop",
        "{player} has £{money} but the iron costs £{cost}",
        (),
        "needs £{short} more",
        "Develop costs iron for each tile removed. Iron from an unflipped iron works is free, but with no iron on the board it is bought from the Iron Market, cheapest first (at its empty price when empty), and you need that money.",
        may=(),
    ),
    # ---- sell: every row is a game's own (games/<game>/codes.py) ---------------------------------
    # ---- loan -----------------------------------------------------------------------------------
    _c(
        "LON001",
        "loan-below-minus-10",
        "a £{amount} loan would take {player}'s income to level {level}; the track ends below that",
        (),
        "{alternative}",
        "A loan moves your income marker back some income levels, and may not take it off the bottom of the track.",
        may=(),
    ),
    # ---- game log / flow ------------------------------------------------------------------------
    _c(
        "GAM001",
        "recorded-fact-differs",
        "{what}: the log records {recorded}, the rules give {actual}",
        (),
        "correct the recorded value, or look for an earlier mistake in the log",
        "Facts a game log records after a turn or at the end (money, income, VP, markets, era and so on) must match what the rules give when the logged actions are replayed.",
        may=(),
    ),
    _c(
        "GAM002",
        "wrong-player-in-log",
        "the log gives this turn to {player}, but it is {turn}'s turn",
        (),
        "give this turn to {turn}, or add {turn}'s turn before it if it is missing (the turn order is reset each round by money spent)",
        "Turns follow the turn order track, which is reset each round by money spent (least first, ties keeping their order); the log must give each turn to the player whose turn it is.",
        may=(),
    ),
    _c(
        "GAM003",
        "turn-incomplete",
        "{player} took {used} action(s); the turn has {need}",
        (),
        "add the missing action(s): a player who does not act passes, discarding a card",
        "A turn uses all its actions: two, or one in the first round of the Canal Era. A player who does not want to act must still pass, discarding a card for each action.",
        may=(),
    ),
    _c(
        "GAM004",
        "log-after-game-end",
        "the log continues after the game has ended",
        (),
        "remove the turns after the end of the game",
        "The game ends after the last round of the Rail Era and final scoring, so a game log cannot record turns after that.",
        may=(),
    ),
    _c(
        "GAM005",
        "shortfall-choice-invalid",
        "{what}",
        (),
        None,
        "A player who cannot pay negative income removes their own tiles for half cost, stopping as soon as it is covered, and only then loses VP; tiles are removed for no other reason. A choice recorded in a game log, or named for check --apply (--shortfall, or shortfall: in the action file), must follow this.",
        may=(),
    ),
    _c(
        "GAM006",
        "turn-missing-from-log",
        "{turn}'s turn is missing: the log gives this turn to {player}, but {turn} plays before {player} this round and has no turn in the rest of the round",
        (),
        "add {turn}'s turn before this one (the turn order is reset each round by money spent)",
        "Every player takes one turn each round, in turn order. When the log gives a turn to a player who plays later in the round and the player to move has no turn in the rest of the round's entries, the log has left that player's turn out, rather than giving it to the wrong player (GAM002).",
        may=(),
    ),
    _c(
        "GAM007",
        "fact-differs-after-earlier-difference",
        "{what}: the log records {recorded}, the rules give {actual}; {player}'s recorded facts have differed from the rules since {since} (line {first_line})",
        (),
        "fix the first difference (line {first_line}) and replay again: this one may only follow from it",
        "A legal but wrongly written action (a loan of 30 for the 20 taken) changes a player's money, income and score for the rest of the game. So once a player's facts differ (GAM001), their later differing facts get this code, pointing at the first, until their facts agree again; fix the first one.",
        may=(),
    ),
    # ---- rules applied in legal outcomes (cited as rulings relied on) --------------------------
    _c(
        "RUL-CARD-LOCATION",
        "location-card",
        "a Location card builds in its town, in or out of the network",
        (),
        None,
        "A Location card builds any industry the named town has a space for, whether or not the town is in your network or connected to anything; the town then joins your network. All other build rules still apply.",
        may=("network.split-pieces",),
    ),
    _c(
        "RUL-CARD-INDUSTRY",
        "industry-card-in-network",
        "an Industry card builds in a town in the player's network",
        (),
        None,
        "An Industry card builds that industry in any location in your own network: one holding one of your industry tiles or touching one of your links.",
        may=(
            "overbuild.own-tile-in-network",
            "network.not-cut-off",
            "network.split-pieces",
            "build.location-without-card",
            "virtual-link.what-it-does",
        ),
    ),
    _c(
        "RUL-CARD-NO-TILES",
        "industry-card-anywhere",
        "with no industry or link tiles on the board, an Industry card builds anywhere",
        (),
        None,
        "While you have no industry or link tiles on the board, at any point of the game, an Industry card builds that industry on a free matching space anywhere. Only the network requirement is waived: coal must still reach the site.",
        may=("build.anywhere-in-rail-era", "build.anywhere-still-needs-coal", "build.location-without-card"),
    ),
    _c(
        "RUL-DOUBLE-BUILD",
        "double-action-build",
        "two cards act as any Location card and use both actions",
        (),
        None,
        "Discarding any two cards uses both actions of the turn and counts as a Location card for any town, in or out of your network. Every other build rule still applies, and you draw two cards afterwards.",
        may=("build.location-without-card", "overbuild.double-build"),
    ),
    _c(
        "RUL-LOWEST-TILE",
        "lowest-tile",
        "the lowest tile of the industry is taken from the mat",
        (),
        None,
        "A build always uses the lowest-level tile left in that industry's stack on your mat.",
        may=(),
    ),
    _c(
        "RUL-RAIL-SAME-TOWN",
        "rail-era-own-tiles-per-town",
        "in the Rail Era a player may have several tiles in one location",
        (),
        None,
        "The Canal Era allows each player one industry tile per location; the Rail Era lifts the limit, so a player may build a second tile of their own (any industry) in a town.",
        may=(),
    ),
    _c(
        "RUL-SPACE-SINGLE-FIRST",
        "single-icon-space-first",
        "a single-icon space is used before a shared one",
        (),
        None,
        "In a town with both kinds of space, a free space showing only the industry's icon is used before a space shared with another industry.",
        may=(),
    ),
    _c(
        "RUL-COAL-MINE",
        "coal-from-closest-mine",
        "coal comes from the closest connected unflipped coal mine, anyone's, free",
        (),
        None,
        "Coal comes free from the closest unflipped coal mine connected to the site, counted in links along anyone's links, whoever owns the mine. While any mine is connected it must be used, even if a trade icon is closer.",
        may=("coal.own-links-only", "coal.market-when-allowed"),
    ),
    _c(
        "RUL-COAL-SAME-TOWN",
        "coal-same-town",
        "a mine in the same location is 0 links away",
        (),
        None,
        "A coal mine in the same location as the site counts as connected at zero links, so it is the closest source and is used first.",
        may=(),
    ),
    _c(
        "RUL-COAL-MARKET",
        "coal-from-market",
        "with no connected mine, coal is bought from the market through a trade icon",
        (),
        None,
        "Only when no unflipped coal mine is connected may coal be bought from the Coal Market, cheapest cube first, and only through a connection to a market trade icon: any port tile, flipped or not, or an outside location. Buying is part of the action.",
        may=("coal.market-through-flipped-port", "port.not-flipped-by-use", "network.outside-not-joined"),
    ),
    _c(
        "RUL-MARKET-EMPTY",
        "market-empty-price",
        "an empty market still sells cubes, at its empty price",
        (),
        None,
        "When a market has no cubes left, coal or iron can still be bought at the market's empty price. Buying then adds nothing to the market, which stays empty.",
        may=(),
    ),
    _c(
        "RUL-IRON-WORKS",
        "iron-from-any-works",
        "iron comes from any unflipped iron works, no connection needed, free",
        (),
        None,
        "Iron comes free from any unflipped iron works on the board, with no connection needed and not necessarily the closest. Board iron must be used while any is left, even if that flips an opponent's iron works.",
        may=("iron.market-instead-of-opponent",),
    ),
    _c(
        "RUL-IRON-MARKET",
        "iron-from-market",
        "with no iron on the board, iron is bought from the market, cheapest first",
        (),
        None,
        "Only when no iron is left on the board is iron bought from the Iron Market, cheapest cube first (at its empty price when it is empty). No connection is needed.",
        may=(),
    ),
    _c(
        "RUL-CUBES-TO-SUPPLY",
        "consumed-cubes-to-supply",
        "consumed cubes go back to the general supply; only as many as the action needs",
        (),
        None,
        "Coal and iron used by an action go back to the general supply, never to a market or another tile. An action takes only the cubes it needs: no stockpiling cubes or draining a market.",
        may=(),
    ),
    _c(
        "RUL-MARKET-SALE",
        "new-tile-sells-to-market",
        "a new iron works, or a coal mine connected to a trade icon, fills the market's most expensive empty spaces",
        (),
        None,
        "When an iron works is built, or a coal mine connected to a market trade icon, as many cubes as fit move to its market at once, filling the most expensive empty spaces first and paying the owner for each. This happens only at the build; a tile left empty flips.",
        may=("market.mine-connected-later", "port.not-flipped-by-use"),
    ),
    _c(
        "RUL-MINE-NO-COAL-COST",
        "coal-mine-no-coal",
        "a coal mine needs no coal to build",
        (),
        None,
        "Coal mines have no coal cost, so a coal mine can be built without any connection to coal; its cubes come from the general supply.",
        may=(),
    ),
    _c(
        "RUL-FLIP-INCOME",
        "flip-income",
        "a flipped tile moves its owner's income marker by spaces, to at most level 30",
        (),
        None,
        "When a tile flips, its owner, whoever caused the flip, moves their income marker up by the number of spaces in the tile's bottom right corner, never past level 30.",
        may=("flip.income-to-owner",),
    ),
    _c(
        "RUL-OVERBUILD-OWN",
        "overbuild-own",
        "a player may overbuild their own tile with a higher level of the same industry at full cost",
        (),
        None,
        "You may replace any of your own tiles, flipped or not, with a higher-level tile of the same industry, in either era. It is a normal build at full cost; cubes on the old tile go back to the supply and the new tile goes in unflipped like any new build.",
        may=("overbuild.new-tile-unflipped", "overbuild.own-flipped-port"),
    ),
    _c(
        "RUL-OVERBUILD-OPPONENT",
        "overbuild-opponent-mine",
        "an opponent's coal mine or iron works may be overbuilt when no cube of its resource is on the board or in its market",
        (),
        None,
        "An opponent's coal mine or iron works may be overbuilt with a higher-level tile of the same industry when no cube of its resource is left on the board or in its market. Free spaces elsewhere do not matter.",
        may=(
            "overbuild.only-own-resource-gone",
            "overbuild.no-empty-space-rule",
            "overbuild.sells-to-market",
            "overbuild.after-develop",
            "overbuild.double-build",
        ),
    ),
    _c(
        "RUL-OVERBUILD-REMOVED",
        "overbuilt-tile-leaves",
        "the replaced tile leaves the game; its owner keeps income already gained",
        (),
        None,
        "An overbuilt tile leaves the game and never scores again, but its owner keeps the income and any VP it already gave.",
        may=(),
    ),
    _c(
        "RUL-SPENT",
        "money-spent",
        "money paid during actions goes on the character tile (spent this round)",
        (),
        None,
        "Money paid during your actions, for tiles, links and market coal or iron, goes on your character tile rather than straight to the bank, and sets the next round's turn order.",
        may=(),
    ),
    _c(
        "RUL-LINK-COST",
        "link-cost",
        "a link costs the game's price for its kind and number; each rail takes coal",
        (),
        None,
        "A link costs the game's price for its kind and the number built in one action, and each rail also consumes coal.",
        may=(),
    ),
    _c(
        "RUL-RAIL-COAL",
        "rail-coal-either-end",
        "each rail takes 1 coal reachable from either end after it is placed, one rail after the other",
        (),
        None,
        "Each rail consumes 1 coal found after it is placed, from either end and along the new rail itself, in the usual coal order. Two rails in one action are built one after the other: the second may use the first, not the reverse.",
        may=("rail.second-uses-first", "rail.double-not-adjacent"),
    ),
    _c(
        "RUL-NETWORK-EXTENDS",
        "network-extends",
        "a location touched by the player's link is in their network",
        (),
        None,
        "Your network is every location holding your industry tile or touching your link, so a new link brings the location at its far end into your network, even an empty town or an outside location, and you may build on from there.",
        may=("network.onward-from-outside",),
    ),
    _c(
        "RUL-DEVELOP",
        "develop",
        "Develop removes the lowest tile of each chosen industry and takes 1 iron per tile",
        (),
        None,
        "Develop removes one or two tiles from your mat, each the lowest of its industry at that moment, and consumes 1 iron per tile. Nothing on the board changes; it only opens higher levels for later builds.",
        may=("develop.two-tiles",),
    ),
    _c(
        "RUL-LOAN",
        "loan",
        "a loan moves income back some levels to the highest space of the new level",
        (),
        None,
        "A loan gives money and moves the income marker back some income levels (not spaces), onto the highest space of the new level. Loans are never repaid.",
        may=(),
    ),
    _c(
        "RUL-PASS",
        "pass",
        "passing still discards a card",
        (),
        None,
        "You may pass instead of taking an action, but each action passed still discards a card.",
        may=(),
    ),
    _c(
        "RUL-DISCARD",
        "discard",
        "every action discards a card face up",
        (),
        None,
        "Every action discards a card face up onto your discard pile, whatever the action; only Build cares which card it is.",
        may=(),
    ),
    _c(
        "RUL-SAME-ACTION-TWICE",
        "same-action-twice",
        "both actions of a turn may be the same, each with its own card",
        (),
        None,
        "The two actions of a turn may be of the same kind, such as two loans, each with its own discarded card.",
        may=(),
    ),
    _c(
        "RUL-FIRST-ROUND",
        "first-round-one-action",
        "the first Canal Era round has one action per player",
        (),
        None,
        "In the first round of the Canal Era each player takes only one action and discards one card; from the second round on, every turn has two actions.",
        may=(),
    ),
    _c(
        "RUL-TURN-ORDER",
        "turn-order-by-spent",
        "least spent goes first next round; ties keep their order",
        (),
        None,
        "At the end of each round the player who spent least goes first next round and the one who spent most goes last; players who spent the same keep their order. The spent money then goes to the bank.",
        may=(),
    ),
    _c(
        "RUL-INCOME",
        "income-end-of-round",
        "everyone takes income (or pays negative income) at the end of the round, not after the last",
        (),
        None,
        "At the end of each round, after turn order is set, everyone at once takes money equal to their income level, or pays it to the bank if it is negative. No income is taken after the game's last round.",
        may=("income.none-after-last-round", "income.negative-paid"),
    ),
    _c(
        "RUL-INCOME-START",
        "income-start-of-round",
        "everyone takes income (or pays negative income) at the start of each round but the game's first (original rules)",
        (),
        None,
        "The original rules (variant 'original') take income at the start of each round instead of at its end: as many payouts (everyone is on level 0 when the game starts), but at the end of the Canal Era the era is scored first and the Rail Era's first round then starts with income, so a shortfall there comes after the scoring and after the level 1 tiles have left the board.",
        may=("income.negative-paid",),
    ),
    _c(
        "RUL-SHORTFALL",
        "income-shortfall",
        "unpaid income is covered by removing own tiles for half cost, then 1 VP per £1",
        (),
        None,
        "A player who cannot pay negative income removes own industry tiles of their choice for half their build cost (rounded down), stopping once it is covered and keeping any excess. If still short, they lose 1 VP per £1 short.",
        may=(),
    ),
    _c(
        "RUL-LINK-SCORING",
        "link-scoring",
        "links score 1 VP per link icon in the locations they touch and are removed",
        (),
        None,
        "At the end of each era every link scores 1 VP per link icon in the two locations it touches, on flipped tiles of any owner or printed on the board. All links score and are removed before any tile scores.",
        may=(),
    ),
    _c(
        "RUL-TILE-SCORING",
        "tile-scoring",
        "flipped tiles score their VP at the end of each era",
        (),
        None,
        "At the end of each era, flipped tiles on the board score the VP in their bottom left corner for their owner; unflipped tiles score nothing. A flipped level 2+ tile that survives the Canal Era scores again.",
        may=("era.level2-scores-again", "score.vp-track-not-income"),
    ),
    _c(
        "RUL-CANAL-END",
        "end-of-canal-era",
        "level 1 tiles leave, markets carry over, new deck and hands",
        (),
        None,
        "After Canal Era scoring every level 1 tile leaves the board with its cubes and the markets carry over. All cards form the Rail Era deck and everyone draws a new hand.",
        may=(),
    ),
    _c(
        "RUL-RAIL-END",
        "end-of-rail-era",
        "money scores; most VP wins, then income, then money",
        (),
        None,
        "At the end of the Rail Era money held scores. Most VP wins; ties go to the player further along the income track, then to more money, and players still level share the win.",
        may=("score.ties", "score.tie-same-income"),
    ),
    _c(
        "RUL-DECK",
        "deck-per-player-count",
        "the deck holds the cards marked for the player count",
        (),
        None,
        "The deck holds only the cards marked for the player count. An era ends once the draw deck and every hand are empty.",
        may=(),
    ),
]


def table_of(game: str) -> dict:
    """*game*'s table of codes: the shared rows with the game's rulings and texts, and the game's
    own rows in their places (``brass_judge/games/<game>/codes.py``; case keys resolved through
    ``brass_judge/games/<game>/cases.py``)."""
    table = _TABLES.get(game)
    if table is not None:
        return table
    from importlib import import_module

    from .games import cases_of

    mod = import_module(f"brass_judge.games.{game}.codes")
    cases = cases_of(game)
    after: dict = {}
    for anchor, fields in mod.ROWS:
        after.setdefault(anchor, []).append(fields)
    table = {}
    for row in _ROWS:
        may = tuple(q for q in dict.fromkeys(cases[k] for k in row.may_cite) if q is not None)
        # the rulings the game's own hooks cite for a shared code where they decide (its MAY)
        may += tuple(q for q in getattr(mod, "MAY", {}).get(row.code, ()) if q not in may)
        texts = mod.TEXTS.get(row.code, {})
        table[row.code] = replace(row, rulings=tuple(mod.RULINGS.get(row.code, ())), may_cite=may, **texts)
        for f in after.pop(row.code, ()):
            f = dict(f)
            may = f.pop("may", ())
            table[f["code"]] = Code(**f, may_cite=tuple(may))
    assert not after, f"{game}'s codes follow unknown codes: {sorted(after)}"
    _TABLES[game] = table
    return table


_TABLES: dict = {}


def cite(game: str, code: str, case: str) -> str | None:
    """The ruling id that *game* cites for *case* under *code* (None: the game has none). *case* is
    a case key of the shared engine, or, in a game's own rules code, one of the game's ruling ids;
    either way it must be one the code may cite (an unknown key is a programming error)."""
    key = (game, code, case)
    if key in _CITED:  # the engine cites the same few cases thousands of times in a replay
        return _CITED[key]
    from .games import cases_of

    cases = cases_of(game)
    ruling = cases[case] if case in cases else case
    assert ruling is None or ruling in table_of(game)[code].may_cite, (game, code, case)
    _CITED[key] = ruling
    return ruling


#: (game, code, case) -> ruling id (the tables do not change once loaded)
_CITED: dict = {}


#: the table of the default game (every position and log that does not name another)
CODES: dict = table_of("lancashire")


def get(code: str) -> Code:
    return CODES[code]


def codes_citing(ruling_id: str, game: str = "lancashire") -> list:
    """Every code or rule of *game* that cites *ruling_id* (always, or in the cases it decides)."""
    table = CODES if game == "lancashire" else table_of(game)
    return [c for c in table.values() if ruling_id in c.rulings or ruling_id in c.may_cite]


def rulings_of(codes, also=(), game: str = "lancashire") -> list:
    """The rulings cited by *codes* (codes or RUL-* rules of *game*) plus the case-specific rulings
    *also* (``(code, ruling)`` pairs), in first-use order, once each."""
    extra: dict = {}
    for code, q in also:
        extra.setdefault(code, []).append(q)
    table = table_of(game)
    return list(dict.fromkeys(q for c in codes for q in (*table[c].rulings, *extra.get(c, ()))))


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


def _game_rules(name: str, game: str = "lancashire") -> frozenset:
    from importlib import import_module

    return getattr(import_module(f"brass_judge.games.{game}.codes"), name)


_SHARED_IN_DOUBT, _SHARED_ROUTINE = IN_DOUBT_RULES, ROUTINE_RULES
IN_DOUBT_RULES = IN_DOUBT_RULES | _game_rules("IN_DOUBT_RULES")
ROUTINE_RULES = ROUTINE_RULES | _game_rules("ROUTINE_RULES")
#: game -> (its rules in doubt, its routine rules): the shared sets plus the game's own
_RULE_SETS: dict = {"lancashire": (IN_DOUBT_RULES, ROUTINE_RULES)}


def rule_sets(game: str) -> tuple:
    """*game*'s (rules in doubt, routine rules): the shared ones and those its codes module adds."""
    sets = _RULE_SETS.get(game)
    if sets is None:
        sets = _RULE_SETS[game] = (
            _SHARED_IN_DOUBT | _game_rules("IN_DOUBT_RULES", game),
            _SHARED_ROUTINE | _game_rules("ROUTINE_RULES", game),
        )
    return sets


def deciding_rulings(rules, also=(), game: str = "lancashire") -> list:
    """The rulings that decided a legal outcome (a verdict's ``decided_by``): those of the rules in
    doubt (:data:`IN_DOUBT_RULES`) and the case-specific rulings *also* (``(code, ruling)`` pairs
    that a check recorded because they decided this case). When nothing was in doubt, the rulings
    of the action's own rule (a loan's Q035): every rule applied except the bookkeeping ones."""
    extra: dict = {}
    for code, q in also:
        extra.setdefault(code, []).append(q)
    table = table_of(game)
    in_doubt, routine = rule_sets(game)
    out = [
        q
        for c in rules
        for q in ((*table[c].rulings, *extra.get(c, ())) if c in in_doubt else extra.get(c, ()))
    ]
    if not out:
        out = [q for c in rules if c not in routine for q in table[c].rulings]
    return list(dict.fromkeys(out))


def all_cited_rulings() -> set:
    return {r for c in CODES.values() for r in (*c.rulings, *c.may_cite)}
