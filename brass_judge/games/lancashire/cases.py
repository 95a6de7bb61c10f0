"""Brass: Lancashire's answers to the shared engine's case keys.

The shared engine cites the cases it decides by a stable case key (``coal.own-links-only``); each
game maps the key to its own ruling id. :func:`brass_judge.games.ruling_of` reads this table.
A key a game has no ruling for maps to None (nothing is cited).
"""

from __future__ import annotations

#: case key -> Lancashire ruling id (``rulings/lancashire.yaml``)
CASES: dict[str, str | None] = {
    "build.anywhere-in-rail-era": "Q075",  # If none of my tiles survived into the Rail Era, can I build anywhere again with
    "build.anywhere-still-needs-coal": "Q076",  # If I have no tiles on the board, does the build-anywhere rule also let me skip t
    "build.anywhere-without-tiles": "Q074",  # If I have nothing on the board, can I build anywhere with an industry card, even
    "build.canal-shipyard-locations": "Q080",  # Where can shipyards be built in the Canal Era?
    "build.location-without-card": "Q003",  # With 2 players, can we still build in the towns whose cards were taken out of th
    "build.shipyard-eras": "Q081",  # Can I build a level 1 shipyard in the Rail Era, or a level 2 in the Canal Era?
    "build.shipyard-flip": "Q082",  # When does a shipyard flip?
    "card.any-card-any-build": "Q073",  # Can I use any card to build, even a location card for a different town?
    "coal.market-through-flipped-port": "Q062",  # Can I still buy coal from the market through a port that's already flipped?
    "coal.market-when-allowed": "Q061",  # When am I allowed to buy coal from the market instead of taking it from a mine?
    "coal.own-links-only": "Q053",  # Do coal and cotton have to move only along my own links?
    "deck.cards-under-deck-tile": "Q016",  # Are the cards under the Deck tile ever drawn?
    "deck.rounds-per-era": "Q018",  # How many rounds are there in each era with 2, 3 or 4 players?
    "deck.runs-out-evenly": "Q017",  # Our deck didn't run out evenly and some players had cards left over - what went
    "develop.two-tiles": "Q115",  # When I develop, can I remove two tiles at once, and can they be from different i
    "era.canals-removed": "Q041",  # Are all the canals removed at the end of the Canal Era, even the ones that score
    "era.cubes-stay": "Q044",  # What happens to the coal and iron cubes still sitting on tiles at the end of the
    "era.fresh-hand": "Q047",  # Do we get a fresh hand of cards at the start of the Rail Era?
    "era.level1-removed": "Q042",  # Which tiles are removed from the board at the end of the Canal Era?
    "era.level2-scores-again": "Q043",  # Do my level 2 tiles stay on the board into the Rail Era, and do they score again
    "era.markets-not-refilled": "Q045",  # Do the coal and iron markets get refilled for the Rail Era?
    "flip.income-to-owner": "Q031",  # When I flip an opponent's tile, for example by selling to their port, who gets t
    "income.all-together": "Q027",  # Do players collect income one at a time or all together, and when?
    "income.negative-paid": "Q032",  # If my income is negative, do I have to pay the bank every round?
    "income.none-after-last-round": "Q028",  # Do we collect income at the end of the last round of the game?
    "income.sell-tiles-for-money": "Q034",  # Can I sell my tiles back for money to pay for a build?
    "income.shortfall": "Q033",  # What happens if I can't pay my negative income - am I knocked out of the game?
    "iron.market-instead-of-opponent": "Q064",  # Can I buy iron from the market so I don't flip an opponent's iron works?
    "market.mine-connected-later": "Q071",  # If my coal mine gets connected to a port later, can I sell its coal to the marke
    "network.first-action-link": "Q121",  # Can I build a link as my very first action?
    "network.not-cut-off": "Q059",  # Can another player cut me off by overbuilding my tile or blocking my town?
    "network.onward-from-outside": "Q056",  # Can I build links onward from an outside location like Yorkshire or Scotland?
    "network.outside-not-joined": "Q057",  # If I have a link into Yorkshire, does that connect me to the Midlands as well?
    "network.split-pieces": "Q055",  # Can my network be split into separate pieces that aren't connected to each other
    "network.via-others-links": "Q052",  # Can I build from a town that's only connected to my stuff through another player
    "overbuild.after-develop": "Q094",  # Can I use Develop to take the last iron and then overbuild an opponent's iron wo
    "overbuild.double-build": "Q092",  # Can I use a Double Action Build to overbuild?
    "overbuild.full-cost": "Q087",  # Does overbuilding still cost a card and the full build cost?
    "overbuild.new-tile-unflipped": "Q090",  # If I overbuild a flipped tile, does the new tile start flipped too?
    "overbuild.no-empty-space-rule": "Q093",  # Is there an extra rule that I can't overbuild an opponent's coal mine while ther
    "overbuild.only-own-resource-gone": "Q084",  # To overbuild an opponent's iron works, does all the coal have to be gone too, or
    "overbuild.own-flipped-port": "Q096",  # Can I overbuild my own flipped port so it can take another cotton sale?
    "overbuild.own-tile-in-network": "Q095",  # Can I overbuild my own tile with an industry card even if the town is not otherw
    "overbuild.same-industry-higher": "Q088",  # Can I overbuild with a different industry, or with a tile of the same level?
    "overbuild.sells-to-market": "Q091",  # When I overbuild an opponent's coal mine or iron works, does my new tile sell cu
    "port.not-flipped-by-use": "Q113",  # Does a port flip when someone buys coal through it or uses it to reach the Dista
    "rail.double-not-adjacent": "Q119",  # When I build two rails in one action, do they have to be next to each other?
    "rail.second-uses-first": "Q124",  # When I build two rails in one action, can the second rail use the first one to r
    "round.rail-era-first-order": "Q026",  # How is turn order set for the first round of the Rail Era?
    "round.spent-counts": "Q025",  # What counts as money spent for turn order - does buying coal count, and what abo
    "round.turn-order-by-spent": "Q024",  # How is turn order decided for the next round, and what happens if players spent
    "score.links": "Q039",  # How do my canals and rails score at the end of an era?
    "score.links-before-tiles": "Q040",  # In end-of-era scoring, do we score links or industry tiles first, and when are t
    "score.money": "Q048",  # Is leftover money worth points at the end of the game?
    "score.tie-same-income": "Q050",  # If tied players are on the same income level, do we skip straight to comparing m
    "score.ties": "Q049",  # How are ties broken at the end of the game?
    "score.tiles-at-era-end": "Q038",  # Do I score victory points for a tile as soon as it flips?
    "score.vp-track-not-income": "Q013",  # Do victory points and income use the same track, and where do the markers start?
    "sell.distant-resets-at-x": "Q108",  # Does the Distant Cotton Market reset as soon as it reaches X?
    "sell.distant-tile-per-mill": "Q109",  # When I sell several mills to the Distant Cotton Market, do I draw a new tile for
    "sell.distant-zero-space": "Q105",  # If the Distant Cotton Market marker lands on a 0 space, does that mean there's n
    "setup.cards-set-aside": "Q005",  # Do we remove random cards from the deck at the start of each era?
    "setup.deck-for-player-count": "Q001",  # Which cards and Distant Cotton Market tiles do we keep for our player count, and
    "setup.read-manual-cards": "Q002",  # What are the two cards with the read-the-manual icon for, and do we keep them in
    "turn.first-action-any-kind": "Q021",  # Can my first action of the game be something other than building, like Develop o
    "turn.first-round-one-action": "Q019",  # How many actions do I get on the very first turn of the game?
    "turn.first-turn-double-build": "Q020",  # Can I do a Double Action Build on my first turn of the game?
    "virtual-link.not-standard": "Q128",  # Is the Liverpool-Birkenhead Virtual Link still part of the rules?
    "virtual-link.one-way": "Q130",  # Does the Virtual Link also work the other way, letting me build in Liverpool fro
    "virtual-link.what-it-does": "Q129",  # What exactly does the Virtual Link between Liverpool and Birkenhead let me do?
}
