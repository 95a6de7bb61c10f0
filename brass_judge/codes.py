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
from typing import Optional


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    message: str
    rulings: tuple  #: rulings cited whenever the code is reported or the rule applied
    remedy: Optional[str] = None
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
    _c("POS001", "too-many-tiles", "{player} has {have} {industry} level {level} tiles (board{mat}); the mat holds {max}",
       (), "check the tiles listed for {player}", "A player owns exactly the tiles on their mat (37)."),
    _c("POS002", "space-does-not-show-icon", "{tile} stands on {location} space {space}, which shows {icons}",
       ("Q078",), "move it to a space showing its icon", "A tile may only stand on a space showing its industry's icon."),
    _c("POS003", "two-own-tiles-in-canal-era", "{player} has {count} tiles in {location} in the Canal Era",
       ("Q079",), None, "In the Canal Era a player may have at most one tile per location."),
    _c("POS004", "link-wrong-era", "a {kind} link on {line} in the {era} Era",
       ("Q041",), None, "Canals are removed at the end of the Canal Era; rails are only built in the Rail Era."),
    _c("POS005", "line-does-not-allow-link", "{line} does not allow a {kind} link", (), None,
       "Each printed line shows whether canals, rails or both may be built on it."),
    _c("POS006", "cubes-on-flipped-tile", "{tile} is flipped but has {cubes} cubes", (), None,
       "Coal mines and iron works flip when their last cube is taken."),
    _c("POS007", "cubes-out-of-range", "{tile} has {cubes} cubes; it holds at most {max}", (), None,
       "A tile carries at most the cubes printed on it; only coal mines and iron works carry cubes."),
    _c("POS008", "market-out-of-range", "the {market} Market holds {cubes} cubes; it has {max} spaces",
       ("Q015",), None, "Each market has 8 spaces."),
    _c("POS009", "income-out-of-range", "{player}'s income space {space} is off the Progress Track (0..99)",
       ("Q030",), None, "Income runs from level -10 (space 0) to level 30 (spaces 97-99)."),
    _c("POS010", "space-taken-twice", "{location} space {space} holds two tiles", (), None,
       "Each industry space holds one tile."),
    _c("POS011", "line-taken-twice", "{line} holds two links", ("Q120",), None, "Each line holds one link tile."),
    _c("POS012", "too-many-links", "{player} has {count} link tiles (on the board and left to build); each player has 14",
       ("Q008",), None, "Each player has 14 link tiles."),
    _c("POS013", "level-1-tile-in-rail-era", "{tile} is on the board in the Rail Era",
       ("Q042",), None, "Every level 1 tile leaves the board at the end of the Canal Era."),
    _c("POS014", "impossible-tile-state", "{tile}: {why}", ("Q081", "Q082"), None,
       "Level 0 shipyards are never built, and a shipyard flips the moment it is built."),
    _c("POS015", "negative-money", "{player} has £{money}; money is never below zero", (), None, ""),
    _c("POS016", "dcm-out-of-range", "the Distant Cotton Market marker is on space {space}; the track has spaces 1..9 (9 = X)",
       (), None, ""),
    _c("POS017", "unflipped-empty-tile", "{tile} has no cubes left but is not flipped", (), None,
       "A coal mine or iron works flips when its last cube is removed."),
    _c("POS018", "tile-off-the-map", "a tile in {location}, which has no industry spaces", (), None,
       "Only the 19 towns have industry spaces."),
    _c("POS019", "hand-too-large", "{player} holds {count} cards; a hand holds at most 8", (), None, ""),
    _c("POS020", "dcm-tiles-impossible", "{why}", ("Q001",), None,
       "The Distant Cotton Market tiles in play are the ones marked for the player count."),
    # ---- turn -----------------------------------------------------------------------------------
    _c("TRN001", "not-players-turn", "it is {turn}'s turn, not {player}'s", (), "let {turn} act first"),
    _c("TRN002", "too-many-actions", "{player} has {left} action(s) left this turn but the turn uses {used}",
       (), "take at most {left} action(s)", may=("Q019",)),
    _c("TRN003", "card-not-in-hand", "{player} does not hold a {card} card (hand: {hand})", (),
       "discard a card from the hand", may=("Q073",)),
    _c("TRN004", "no-card-to-discard", "{player} has no card left to discard", ("Q023",), None),
    _c("TRN006", "card-not-in-deck", "there is no {card} card in the {players}-player deck", ("Q001", "Q003"),
       "discard a card that exists at {players} players (blue and teal towns' cards are out at 2 players, teal at 3)"),
    _c("TRN005", "game-over", "the game is over; no more actions", (), None),
    # ---- build ----------------------------------------------------------------------------------
    _c("BLD001", "location-card-elsewhere", "the {card} card does not let {player} build in {location}",
       ("Q072", "Q073"), "play the {location} card, a {industry} card with {location} in the network, or two cards"),
    _c("BLD002", "location-outside-network", "{location} is not in {player}'s network (no {player} tile there, no {player} link touching it)",
       ("Q051", "Q073"), "play the {location} card, or two cards for a Double Action Build", may=("Q052", "Q074")),
    _c("BLD003", "industry-card-mismatch", "a {card} card cannot build a {industry}",
       ("Q073",), "play a {industry} card or the {location} card"),
    _c("BLD004", "no-tile-left", "{player} has no {industry} tile left on the mat", ("Q117",), None),
    _c("BLD005", "level-0-shipyard", "{player}'s lowest shipyard is level 0, which can never be built",
       ("Q081", "Q011"), "develop the level 0 shipyard(s) away first"),
    _c("BLD006", "tile-wrong-era", "{player}'s lowest {industry} is level {level}, which cannot be built in the {era} Era",
       ("Q012",), "{fix}", may=("Q081", "Q042")),
    _c("BLD007", "no-space-for-industry", "{location} has no {free}space showing the {industry} icon",
       ("Q072",), None),
    _c("BLD008", "shared-space-before-single", "{location} space {space} is shared, but single-icon {industry} space {single} is free",
       ("Q078",), "build on space {single}"),
    _c("BLD009", "second-tile-in-location", "{player} already has a tile in {location}; the Canal Era allows one per location",
       ("Q079",), "build in another location, or wait for the Rail Era"),
    _c("BLD010", "cannot-afford-build", "{player} has £{money} but the build costs £{cost}",
       (), "needs £{short} more (a loan gives £10-£30)", may=("Q087",)),
    _c("BLD011", "no-coal-source", "{location} needs {need} coal but is connected to no unflipped coal mine{and_market}",
       ("Q060", "Q061"), "needs a coal mine or a market trade icon connected to {location}", may=("Q076",)),
    _c("BLD012", "overbuild-opponent-tile", "{tile} belongs to {owner}; only an opponent's coal mine or iron works may be overbuilt",
       ("Q085",), None),
    _c("BLD013", "overbuild-resource-remains", "{tile} cannot be overbuilt: {cubes} {resource} cube(s) remain ({where})",
       ("Q083", "Q084"), "wait until no {resource} is left on the board or in its market"),
    _c("BLD014", "overbuild-not-higher", "{tile} cannot be replaced by a level {level} {industry}",
       ("Q088",), "overbuild only with a higher level of the same industry"),
    _c("BLD015", "not-lowest-tile", "{player} must take {industry} level {lowest}, not level {level}",
       ("Q012",), "develop away level {lowest} first", may=("Q088",)),
    _c("BLD016", "space-does-not-show-icon", "{location} space {space} does not show a {industry} icon",
       ("Q078",), None),
    _c("BLD017", "double-build-needs-two-actions", "a Double Action Build uses both actions, but {player} has {left} action(s) left",
       ("Q077",), "play a matching Location or Industry card instead", may=("Q020",)),
    _c("BLD018", "not-a-town", "{location} has no industry spaces; nothing can be built there",
       ("Q072",), None),
    _c("BLD019", "coal-source-not-closest", "coal must come from the closest connected mine ({closest}), not {chosen}",
       ("Q060",), "take it from {closest}"),
    _c("BLD020", "iron-source-empty", "there is no unflipped iron works with iron in {chosen}",
       ("Q063",), None),
    _c("BLD021", "canal-shipyard-outside-liverpool", "no coal can reach {location} in the Canal Era (it is reached only by rail)",
       ("Q080",), "build the Canal Era shipyard in Liverpool"),
    _c("BLD022", "space-occupied", "{location} space {space} holds {tile}", (), "choose a free space"),
    # ---- network --------------------------------------------------------------------------------
    _c("NET001", "line-outside-network", "{line} touches no location in {player}'s network",
       ("Q051",), "{fix}", may=("Q121", "Q052", "Q021")),
    _c("NET002", "line-taken", "{line} already holds {owner}'s {kind}", ("Q120",), None),
    _c("NET003", "line-wrong-type", "{line} does not allow a {kind} link", (), None),
    _c("NET004", "too-many-links-in-action", "{what}", ("Q118",), None),
    _c("NET005", "no-link-tiles-left", "{player} has no link tiles left (all 14 are on the board)", ("Q008",), None),
    _c("NET006", "cannot-afford-link", "{player} has £{money} but the links cost £{cost}", ("Q118",),
       "needs £{short} more"),
    _c("NET007", "rail-no-coal", "the rail on {line} needs 1 coal but neither end is connected to a coal mine or a market trade icon",
       ("Q123",), "connect {line} to coal first", may=("Q124",)),
    _c("NET008", "same-line-twice", "{line} is named twice", ("Q120",), None),
    _c("NET010", "link-type-wrong-era", "a {kind} cannot be built in the {era} Era (canals in the Canal Era, rails in the Rail Era)",
       ("Q118",), None),
    _c("NET009", "double-action-network", "a Double Action Build only builds industry tiles; a Network action discards one card",
       ("Q122",), "discard one card for the Network action"),
    # ---- develop --------------------------------------------------------------------------------
    _c("DEV001", "nothing-to-develop", "{player} has no {industry} tile left on the mat to develop", ("Q115", "Q117"), None),
    _c("DEV002", "cannot-afford-develop", "{player} has £{money} but the iron costs £{cost}", ("Q114",), "needs £{short} more"),
    # ---- sell -----------------------------------------------------------------------------------
    _c("SEL001", "no-unflipped-mill", "{player} has no unflipped cotton mill in {location}", ("Q112", "Q111"), None),
    _c("SEL002", "port-not-connected", "the mill in {location} is not connected to the port in {port}",
       ("Q058", "Q053"), "build links to join them", may=("Q057",)),
    _c("SEL003", "port-flipped", "{tile} is already flipped; it can only give access to the Distant Cotton Market",
       ("Q100", "Q098"), "sell to the Distant Cotton Market through it, or to another unflipped port"),
    _c("SEL004", "no-port-there", "there is no port in {location}", ("Q101",), None),
    _c("SEL005", "distant-market-closed", "the Distant Cotton Market marker is on X; no more sales there this era",
       ("Q108", "Q106", "Q107"), "sell to a connected unflipped port"),
    _c("SEL006", "no-trade-connection", "the mill in {location} is not connected to a port tile or an outside location's trade icon",
       ("Q062", "Q100", "Q101"), None),
    _c("SEL007", "mill-sold-twice", "the mill in {location} is sold twice in one action", ("Q112",), None),
    _c("SEL008", "dcm-tile-not-available", "no {tile} tile is left face down in the Distant Cotton Market (unseen: {unseen})",
       ("Q001", "Q109"), None),
    # ---- loan -----------------------------------------------------------------------------------
    _c("LON001", "loan-below-minus-10", "a £{amount} loan would take {player}'s income to level {level}; the track ends at -10",
       ("Q036",), "{alternative}"),
    _c("LON002", "loans-closed", "no loans once the Rail Era draw deck is empty", ("Q037",), None),
    # ---- game log / flow ------------------------------------------------------------------------
    _c("GAM001", "recorded-fact-differs", "{what}: the log records {recorded}, the rules give {actual}", (), None),
    _c("GAM002", "wrong-player-in-log", "the log gives this turn to {player}, but it is {turn}'s turn", ("Q024",), None),
    _c("GAM003", "turn-incomplete", "{player} took {used} action(s); the turn has {need}", ("Q019", "Q023"), None),
    _c("GAM004", "log-after-game-end", "the log continues after the game has ended", (), None),
    _c("GAM005", "shortfall-choice-invalid", "{what}", ("Q033", "Q034"), None),
    # ---- rules applied in legal outcomes (cited as rulings relied on) --------------------------
    _c("RUL-CARD-LOCATION", "location-card", "a Location card builds in its town, in or out of the network", ("Q072",), may=("Q055",)),
    _c("RUL-CARD-INDUSTRY", "industry-card-in-network", "an Industry card builds in a town in the player's network", ("Q051",), may=("Q095", "Q059", "Q003")),
    _c("RUL-CARD-NO-TILES", "industry-card-anywhere", "with no industry or link tiles on the board, an Industry card builds anywhere", ("Q074",), may=("Q075", "Q076")),
    _c("RUL-DOUBLE-BUILD", "double-action-build", "two cards act as any Location card and use both actions", ("Q077",), may=("Q003", "Q092")),
    _c("RUL-LOWEST-TILE", "lowest-tile", "the lowest tile of the industry is taken from the mat", ("Q012",)),
    _c("RUL-SPACE-SINGLE-FIRST", "single-icon-space-first", "a single-icon space is used before a shared one", ("Q078",)),
    _c("RUL-COAL-MINE", "coal-from-closest-mine", "coal comes from the closest connected unflipped coal mine, anyone's, free", ("Q060",), may=("Q053", "Q061")),
    _c("RUL-COAL-SAME-TOWN", "coal-same-town", "a mine in the same location is 0 links away", ("Q054",)),
    _c("RUL-COAL-MARKET", "coal-from-market", "with no connected mine, coal is bought from the market through a trade icon", ("Q061", "Q067"), may=("Q062",)),
    _c("RUL-MARKET-EMPTY", "market-empty-price", "an empty market sells cubes at £5 each", ("Q015", "Q065")),
    _c("RUL-IRON-WORKS", "iron-from-any-works", "iron comes from any unflipped iron works, no connection needed, free", ("Q063",), may=("Q064",)),
    _c("RUL-IRON-MARKET", "iron-from-market", "with no iron on the board, iron is bought from the market, cheapest first", ("Q064", "Q063", "Q067")),
    _c("RUL-CUBES-TO-SUPPLY", "consumed-cubes-to-supply", "consumed cubes go back to the general supply; only as many as the action needs", ("Q068", "Q066")),
    _c("RUL-MARKET-SALE", "new-tile-sells-to-market", "a new iron works, or a coal mine connected to a trade icon, fills the market's most expensive empty spaces", ("Q070",), may=("Q071",)),
    _c("RUL-MINE-NO-COAL-COST", "coal-mine-no-coal", "a coal mine needs no coal to build", ("Q069",)),
    _c("RUL-FLIP-INCOME", "flip-income", "a flipped tile moves its owner's income marker by spaces, to at most level 30", ("Q030", "Q014"), may=("Q031",)),
    _c("RUL-SHIPYARD-FLIP", "shipyard-flips-on-build", "a shipyard flips as soon as it is built", ("Q082",)),
    _c("RUL-OVERBUILD-OWN", "overbuild-own", "a player may overbuild their own tile with a higher level of the same industry at full cost", ("Q086", "Q087"), may=("Q090", "Q096")),
    _c("RUL-OVERBUILD-OPPONENT", "overbuild-opponent-mine", "an opponent's coal mine or iron works may be overbuilt when no cube of its resource is on the board or in its market", ("Q083",), may=("Q084", "Q093", "Q091", "Q094", "Q092")),
    _c("RUL-OVERBUILD-REMOVED", "overbuilt-tile-leaves", "the replaced tile leaves the game; its owner keeps income already gained", ("Q089", "Q046")),
    _c("RUL-SPENT", "money-spent", "money paid during actions goes on the character tile (spent this round)", ("Q025",)),
    _c("RUL-LINK-COST", "link-cost", "a canal costs £3 (one per action); a rail £5, or two for £15, each with 1 coal", ("Q118",)),
    _c("RUL-RAIL-COAL", "rail-coal-either-end", "each rail takes 1 coal reachable from either end after it is placed, one rail after the other", ("Q123",), may=("Q124", "Q119")),
    _c("RUL-NETWORK-EXTENDS", "network-extends", "a location touched by the player's link is in their network", ("Q051",), may=("Q056",)),
    _c("RUL-DEVELOP", "develop", "Develop removes the lowest tile of each chosen industry and takes 1 iron per tile", ("Q114", "Q115", "Q116")),
    _c("RUL-PORT-SALE", "port-sale", "a mill sold to a connected unflipped port flips both; each owner gains their tile's income", ("Q104",), may=("Q031", "Q097", "Q054", "Q107")),
    _c("RUL-DCM-SALE", "distant-market-sale", "a Distant Cotton Market sale draws a tile, moves the marker and adds the bonus beside its new space in income spaces", ("Q103",), may=("Q102", "Q127", "Q105", "Q109", "Q110", "Q097")),
    _c("RUL-DCM-VIA-PORT", "distant-market-through-port", "a port, flipped or not, or an outside location gives access to the Distant Cotton Market without flipping", (), may=("Q099", "Q113", "Q100", "Q101")),
    _c("RUL-DCM-X", "distant-market-x", "reaching X ends the Sell action at once; that mill stays unflipped", ("Q106",)),
    _c("RUL-LOAN", "loan", "a loan moves income back 1-3 levels to the highest space of the new level", ("Q035",)),
    _c("RUL-PASS", "pass", "passing still discards a card", ("Q023",)),
    _c("RUL-DISCARD", "discard", "every action discards a card face up", ()),
    _c("RUL-SAME-ACTION-TWICE", "same-action-twice", "both actions of a turn may be the same, each with its own card", ("Q022",)),
    _c("RUL-FIRST-ROUND", "first-round-one-action", "the first Canal Era round has one action per player", ("Q019", "Q021")),
    _c("RUL-TURN-ORDER", "turn-order-by-spent", "least spent goes first next round; ties keep their order", ("Q024", "Q026")),
    _c("RUL-INCOME", "income-end-of-round", "everyone takes income (or pays negative income) at the end of the round, not after the last", ("Q027",), may=("Q028", "Q032")),
    _c("RUL-SHORTFALL", "income-shortfall", "unpaid income is covered by removing own tiles for half cost, then 1 VP per £1", ("Q033", "Q034")),
    _c("RUL-LINK-SCORING", "link-scoring", "links score 1 VP per link icon in the locations they touch and are removed", ("Q039", "Q040", "Q041")),
    _c("RUL-TILE-SCORING", "tile-scoring", "flipped tiles score their VP at the end of each era", ("Q038",), may=("Q043",)),
    _c("RUL-CANAL-END", "end-of-canal-era", "level 1 tiles leave, the Distant Cotton Market resets, markets carry over, new deck and hands", ("Q042", "Q044", "Q045", "Q046", "Q047", "Q108", "Q016")),
    _c("RUL-RAIL-END", "end-of-rail-era", "1 VP per £10; most VP wins, then income, then money", ("Q048",), may=("Q049", "Q050")),
    _c("RUL-DECK", "deck-per-player-count", "the deck holds the cards marked for the player count", ("Q001", "Q005", "Q018", "Q017")),
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


def all_cited_rulings() -> set:
    return {r for c in _ROWS for r in (*c.rulings, *c.may_cite)}
