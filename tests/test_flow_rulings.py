"""Flow rulings: an example position for every enforced ruling the round and era flow decides (issue 5).

Each ruling in :data:`RULING_EXAMPLES` has a position file under ``examples/rulings/`` and a test
here named ``test_q<nnn>_...``. The test loads the file with ``position_io.load_position``, runs the
flow step through the public API (``engine.flow.end_turn``, the step a game takes after the last
turn of a round; ``engine.check`` for the actions in between), checks the outcome in numbers, and
checks that the ruling is cited by the ``RUL-*`` codes the step applied (mapped to rulings through
``brass_judge.codes.CODES``). Action-level rulings have fixtures under ``tests/rules/`` instead;
``tests/test_ruling_examples.py`` checks that every enforced ruling has one or the other.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import REPO

from brass_judge.data import game_data
from brass_judge.engine import check, flow
from brass_judge.engine.validate import validate
from brass_judge.model import CANAL, RAIL, Pass, Turn
from brass_judge.position_io import load_position

DATA = game_data()

#: ruling id -> its example position (relative to the repository root)
RULING_EXAMPLES = {
    "Q005": "examples/rulings/Q005_rail-deck-is-every-card.yaml",
    "Q013": "examples/rulings/Q013_scoring-moves-only-the-vp-marker.yaml",
    "Q016": "examples/rulings/Q016_cards-under-the-deck-tile.yaml",
    "Q017": "examples/rulings/Q017_deck-divides-evenly.yaml",
    "Q018": "examples/rulings/Q018_rounds-per-era.yaml",
    "Q024": "examples/rulings/Q024_turn-order-by-spent.yaml",
    "Q026": "examples/rulings/Q026_rail-turn-order.yaml",
    "Q027": "examples/rulings/Q027_income-at-end-of-round.yaml",
    "Q028": "examples/rulings/Q028_no-income-after-last-round.yaml",
    "Q032": "examples/rulings/Q032_negative-income-every-round.yaml",
    "Q033": "examples/rulings/Q033_income-shortfall.yaml",
    "Q034": "examples/rulings/Q034_tiles-only-for-a-shortfall.yaml",
    "Q038": "examples/rulings/Q038_scoring-only-at-era-end.yaml",
    "Q039": "examples/rulings/Q039_link-scoring-icons.yaml",
    "Q040": "examples/rulings/Q040_links-then-tiles.yaml",
    "Q043": "examples/rulings/Q043_level-2-tiles-score-twice.yaml",
    "Q044": "examples/rulings/Q044_cubes-at-canal-end.yaml",
    "Q045": "examples/rulings/Q045_markets-carry-over.yaml",
    "Q046": "examples/rulings/Q046_income-kept.yaml",
    "Q047": "examples/rulings/Q047_fresh-rail-hands.yaml",
    "Q048": "examples/rulings/Q048_money-vp.yaml",
    "Q049": "examples/rulings/Q049_tiebreaks.yaml",
    "Q050": "examples/rulings/Q050_income-space-tiebreak.yaml",
}

#: the seed for the Rail Era shuffles (deck and Distant Cotton Market tiles) at the end of the Canal Era
SEED = 5


def load(ruling: str):
    """The example position of *ruling*, loaded from its file and checked valid."""
    loaded = load_position(REPO / RULING_EXAMPLES[ruling])
    problems = validate(loaded, DATA)
    assert not problems, "; ".join(f"{p.code} {p.message}" for p in problems)
    return loaded.position


def cited(fx) -> set:
    """The rulings cited by the RUL codes a flow step applied."""
    return set(fx.rulings)  # the rules applied plus the rulings that decided this case


def assert_cites(fx, ruling: str) -> None:
    assert ruling in cited(fx), f"{ruling} is not cited by the rules applied: {fx.rules}"


def step(pos, **kw):
    """The flow step after the current turn: ``flow.end_turn`` (a round's end after its last turn)."""
    return flow.end_turn(pos, DATA, seed=SEED, **kw)


def texts(fx, kind: str) -> list:
    return [e.text for e in fx if e.kind == kind]


def last_turn_of_era(pos):
    """Fast-forward *pos* to the last turn of its era: the final round, every card played."""
    pos = pos.copy()
    pos.round = DATA.rounds_per_era[pos.num_players]
    pos.draw_pile, pos.draw_deck = [], 0
    for p in pos.player.values():
        p.hand = []
    pos.turn = pos.players[-1]
    pos.turns_taken = pos.players[:-1]
    pos.actions_left = 0
    return pos


def all_cards(pos) -> list:
    """Every card still in play: draw pile, hands, discards and the cards under the Deck tile."""
    out = list(pos.draw_pile or []) + list(pos.under_deck_tile or [])
    for p in pos.player.values():
        out += list(p.hand or []) + list(p.discard or [])
    return out


# ------------------------------------------------------------------------------- the deck
def test_q005_rail_deck_is_every_card():
    before = load("Q005")
    assert before.num_players == 3 and Counter(all_cards(before)) == Counter(DATA.deck_for(3))
    pos, fx = step(before)
    assert (pos.era, pos.round) == (RAIL, 1)
    # every card again: 54 at 3 players, nothing set aside at random (the standard setup)
    cards = list(pos.draw_pile) + [c for p in pos.player.values() for c in p.hand]
    assert len(cards) == 54 and Counter(cards) == Counter(DATA.deck_for(3))
    assert pos.under_deck_tile == [] and all(p.discard == [] for p in pos.player.values())
    assert pos.draw_deck == len(pos.draw_pile) == 54 - 3 * 8 == 30
    assert not fx.assumptions
    assert [e.data["cards"] for e in fx if e.kind == "rail-deck"] == [54]
    assert_cites(fx, "Q005")


def test_q016_cards_under_the_deck_tile():
    before = load("Q016")
    under = list(before.under_deck_tile)
    assert len(under) == 2 and before.draw_pile == []
    # the cards under Stephenson's Rocket are not part of the Canal Era draw deck: the era is over
    assert flow.is_era_over(before, DATA)
    pos, fx = step(before)
    assert pos.era == RAIL
    rail = list(pos.draw_pile) + [c for p in pos.player.values() for c in p.hand]
    assert Counter(rail) == Counter(DATA.deck_for(2))  # they are shuffled into the Rail Era deck
    assert not Counter(under) - Counter(rail)
    # the 2 per player under Nathan Rothschild are the last cards of the draw deck and are drawn
    assert pos.under_deck_tile == [] and pos.draw_deck == 40 - 2 * 8 == 24
    assert any("the last 4 under Nathan Rothschild" in t for t in texts(fx, "rail-deck"))
    assert_cites(fx, "Q016")


def test_q017_deck_divides_evenly():
    pos = load("Q017")
    n = pos.num_players
    rounds = DATA.rounds_per_era[n]
    assert (n, pos.round, rounds) == (4, 8, 8)
    # 64 cards: 4 under the Deck tile, 1 action per player in round 1, then 2 a round
    assert len(all_cards(pos)) == 64 == n + n * 1 + n * 2 * (rounds - 1)
    assert pos.draw_deck == 0 and all(len(p.hand) == 2 for p in pos.player.values())
    # the last round: each player plays both cards (two actions) and nobody has a card left over
    for i in range(n):
        me = pos.turn
        hand = list(pos.player[me].hand)
        v = check(pos, Turn(tuple(Pass((c,)) for c in hand), me), DATA)
        assert v.legal, [x.message for x in v.violations]
        pos = v.position
        assert pos.player[me].hand == []
        assert flow.is_era_over(pos, DATA) == (i == n - 1)
        pos, fx = step(pos)
    assert (pos.era, pos.round) == (RAIL, 1)
    assert_cites(fx, "Q017")


def test_q018_rounds_per_era():
    before = load("Q018")
    assert (before.era, before.round, before.num_players) == (RAIL, 10, 2)
    assert DATA.rounds_per_era == {2: 10, 3: 9, 4: 8}
    # the Rail Era deck is every card, two actions a turn every round: 40 = 2 players x 2 x 10 rounds
    assert sum(DATA.deck_for(2).values()) == 40 == 2 * 2 * DATA.rounds_per_era[2]
    assert flow.is_era_over(before, DATA)
    pos, fx = step(before)
    assert pos.game_over and pos.turn is None and pos.round == 10
    assert_cites(fx, "Q018")


# ------------------------------------------------------------------------------ turn order
def test_q024_turn_order_by_spent():
    before = load("Q024")
    assert before.players == ["red", "blue", "green", "yellow"]
    pos, fx = step(before)
    # least spent first (yellow £0, blue £5); red and green, level on £12, keep their order
    assert pos.players == ["yellow", "blue", "red", "green"]
    assert pos.turn == "yellow" and pos.round == 5 and pos.actions_left == 2
    assert all(p.spent == 0 for p in pos.player.values())
    assert_cites(fx, "Q024")


def test_q026_rail_turn_order():
    before = load("Q026")
    assert before.players == ["red", "blue"]
    pos, fx = step(before)
    assert (pos.era, pos.round, pos.actions_left) == (RAIL, 1, 2)
    # ordered by the last Canal Era round's spending (red £15, blue £4), then cleared
    assert pos.players == ["blue", "red"] and pos.turn == "blue"
    assert pos.player["red"].spent == pos.player["blue"].spent == 0
    assert_cites(fx, "Q026")


# ----------------------------------------------------------------------------------- income
def test_q027_income_at_end_of_round():
    pos, fx = step(load("Q027"))
    kinds = [e.kind for e in fx]
    # one step: the new turn order first, then everyone's income, in the new order
    assert kinds.index("turn-order") < kinds.index("income")
    assert pos.players == ["blue", "green", "red"]
    assert [e.data["player"] for e in fx if e.kind == "income"] == ["blue", "green", "red"]
    assert [e.data["amount"] for e in fx if e.kind == "income"] == [-2, 2, 5]
    assert {n: p.money for n, p in pos.player.items()} == {"red": 9, "blue": 4, "green": 2}
    assert {n: p.income_space for n, p in pos.player.items()} == {"red": 19, "blue": 8, "green": 14}
    assert_cites(fx, "Q027")


def test_q028_no_income_after_last_round():
    before = load("Q028")
    pos, fx = step(before)
    assert pos.game_over
    assert any(e.kind == "income" and e.data.get("skipped") for e in fx)
    assert pos.player["red"].money == 57 and pos.player["blue"].money == 9  # no income taken
    assert pos.player["red"].vp == 60 + 5 and pos.player["blue"].vp == 62 + 0  # 1 VP per £10
    assert_cites(fx, "Q028")
    # one round earlier, income is taken as usual
    earlier = before.copy()
    earlier.round = 9
    pos9, _ = step(earlier)
    assert not pos9.game_over and pos9.player["red"].money == 57 + 10 and pos9.player["blue"].money == 9 + 3


def test_q032_negative_income_every_round():
    pos, fx = step(load("Q032"))
    assert pos.player["red"].money == 17 and pos.player["red"].income_space == 7
    assert any(e.kind == "income" and e.data["amount"] == -3 for e in fx)
    assert_cites(fx, "Q032")
    # the next round: both players end their turns; red pays again, still on space 7
    for _ in pos.players:
        pos, fx = step(pos)
    assert pos.round == 5
    assert pos.player["red"].money == 14 and pos.player["red"].income_space == 7
    assert pos.player["blue"].money == 30
    assert_cites(fx, "Q032")


def test_q033_income_shortfall():
    before = load("Q033")
    # red chooses to remove the Bolton mill (£7): £3 + £7 covers the £8, red keeps the £2 excess
    pos, fx = step(before, shortfall_choices={"red": ["bolton"]})
    assert not fx.violations
    assert sorted((t.location, t.industry) for t in pos.tiles) == [
        ("preston", "port"),
        ("wigan", "coal_mine"),
    ]
    assert pos.player["red"].money == 2 and pos.player["red"].vp == 0
    # blue has no tiles: pays its £4 and loses 1 VP per £1 of the £6 short, as far as its 3 VP go
    assert pos.player["blue"].money == 0 and pos.player["blue"].vp == 0
    assert not pos.game_over and pos.round == 7  # nobody is knocked out
    assert_cites(fx, "Q033")
    # with no choice recorded, the least valuable tiles go first, still stopping once covered
    pos, fx = step(before)
    assert [(t.location, t.industry) for t in pos.tiles] == [("bolton", "cotton_mill")]
    assert pos.player["red"].money == 3 + 3 + 3 - 8
    assert any("not recorded" in a for a in fx.assumptions)
    assert_cites(fx, "Q033")


def test_q034_tiles_only_for_a_shortfall():
    before = load("Q034")
    pos, fx = step(before, shortfall_choices={"red": ["wigan", "bolton"], "blue": ["manchester"]})
    # red: the mine's £3 covers the shortfall (£3 + £3 for £4); the mill may not go as well
    assert sorted((t.owner, t.location) for t in pos.tiles) == [("blue", "manchester"), ("red", "bolton")]
    assert pos.player["red"].money == 2
    # blue can pay: it pays £4 and keeps its tile
    assert pos.player["blue"].money == 26
    assert [v.code for v in fx.violations] == ["GAM005", "GAM005"]
    assert all("Q034" in v.rulings for v in fx.violations)
    assert_cites(fx, "Q034")


# ---------------------------------------------------------------------------------- scoring
def test_q038_scoring_only_at_era_end():
    pos, fx = step(load("Q038"))
    # the end of round 9: income, no VP; the flipped mill has scored nothing yet
    assert pos.round == 10 and pos.player["red"].vp == 0
    assert "RUL-TILE-SCORING" not in fx.rules
    for _ in pos.players:  # round 10, the last of the Canal Era
        pos, fx = step(pos)
    assert pos.era == RAIL
    assert pos.player["red"].vp == 5  # the flipped level 2 mill; the unflipped one scores nothing
    assert [e.data["vp"] for e in fx if e.kind == "score-tiles" and e.data["player"] == "red"] == [5]
    assert_cites(fx, "Q038")


def test_q039_link_scoring_icons():
    before = load("Q039")
    assert flow.link_vp(before, DATA) == {"blackpool~preston": 3, "preston~wigan": 1, "bolton~bury": 0}
    pos, fx = step(before)
    links = {e.data["player"]: e.data["vp"] for e in fx if e.kind == "score-links"}
    assert links == {"red": 4, "blue": 0}
    assert pos.player["red"].vp == 4 and pos.player["blue"].vp == 0 + 4  # blue's port scores as a tile
    assert pos.links == []
    assert_cites(fx, "Q039")


def test_q040_links_then_tiles():
    pos, fx = step(load("Q040"))
    kinds = [e.kind for e in fx]
    last_link = max(i for i, k in enumerate(kinds) if k == "score-links")
    first_tile = kinds.index("score-tiles")
    assert last_link < first_tile < kinds.index("level1-removed")  # everyone's links, then tiles
    assert (
        fx.rules.index("RUL-LINK-SCORING")
        < fx.rules.index("RUL-TILE-SCORING")
        < fx.rules.index("RUL-CANAL-END")
    )
    # the level 1 mills still counted for the links: red 2 + 5, blue 1 + 5; then they leave
    assert pos.player["red"].vp == 7 and pos.player["blue"].vp == 6
    assert pos.tiles == [] and pos.links == []
    assert_cites(fx, "Q040")


def test_q013_scoring_moves_only_the_vp_marker():
    pos, fx = step(load("Q013"))
    red, blue = pos.player["red"], pos.player["blue"]
    # income after the last Canal round (red +5), then scoring: 5 VP, and the income space stays put
    assert (red.vp, red.income_space, red.money) == (5, 20, 5)
    assert (blue.vp, blue.income_space) == (0, 10)
    assert_cites(fx, "Q013")


def test_q043_level_2_tiles_score_twice():
    pos, fx = step(load("Q043"))
    assert pos.era == RAIL and pos.player["red"].vp == 5 + 5
    # level 2+ tiles stay exactly as they are; the level 1 mill is gone
    assert sorted((t.location, t.level, t.flipped, t.cubes) for t in pos.tiles) == [
        ("bolton", 2, True, 0),
        ("wigan", 2, False, 2),
    ]
    assert_cites(fx, "Q043")
    # at the end of the Rail Era the surviving flipped mill scores again (the unflipped mine does not)
    pos, fx = step(last_turn_of_era(pos))
    assert pos.game_over and pos.player["red"].vp == 10 + 5
    assert_cites(fx, "Q043")


def test_q044_cubes_at_canal_end():
    pos, fx = step(load("Q044"))
    assert sorted((t.owner, t.location, t.industry, t.level, t.cubes) for t in pos.tiles) == [
        ("blue", "wigan", "coal_mine", 2, 2),
        ("red", "manchester", "iron_works", 2, 4),
    ]
    assert (pos.coal_market, pos.iron_market) == (3, 5)  # the cubes did not go to the markets
    assert_cites(fx, "Q044")


def test_q045_markets_carry_over():
    pos, fx = step(load("Q045"))
    assert (pos.coal_market, pos.iron_market) == (2, 6)
    assert pos.dcm_position == 1 and pos.dcm_drawn == []
    assert sorted(pos.dcm_order) == sorted(DATA.dcm_tiles_for(2))
    assert_cites(fx, "Q045")


def test_q046_income_kept():
    pos, fx = step(load("Q046"))
    assert pos.player["red"].money == 10 + 8  # income of the last Canal round
    assert pos.player["red"].income_space == 25  # unchanged by the era's end and the tiles leaving
    assert pos.tiles == [] and pos.player["red"].vp == 5 + 2
    assert_cites(fx, "Q046")


def test_q047_fresh_rail_hands():
    before = load("Q047")
    assert all(p.hand == [] for p in before.player.values())
    pos, fx = step(before)
    assert pos.era == RAIL
    assert all(len(p.hand) == 8 and p.discard == [] for p in pos.player.values())
    assert pos.draw_deck == len(pos.draw_pile) == 64 - 4 * 8 == 32 and pos.under_deck_tile == []
    assert any("the last 8 under Nathan Rothschild" in t for t in texts(fx, "rail-deck"))
    assert Counter(all_cards(pos)) == Counter(DATA.deck_for(4)) and not fx.assumptions
    assert_cites(fx, "Q047")


def test_q048_money_vp():
    pos, fx = step(load("Q048"))
    assert pos.player["red"].vp == 20 + 5 and pos.player["blue"].vp == 24 + 0
    assert pos.player["red"].money == 57 and pos.player["blue"].money == 9  # the money stays
    assert flow.winners(pos, DATA) == ["red"]
    assert_cites(fx, "Q048")


def test_q049_tiebreaks():
    before = load("Q049")
    pos, fx = step(before)
    ranks = {r["player"]: (r["rank"], r["vp"]) for r in flow.scores(pos, DATA)}
    assert ranks == {"red": (1, 42), "blue": (1, 42), "green": (3, 42), "yellow": (4, 30)}
    game_end = [e for e in fx if e.kind == "game-end"]
    assert game_end and game_end[0].data["winners"] == ["red", "blue"]  # a shared win
    assert_cites(fx, "Q049")
    # £1 more for blue (still 2 VP for money) breaks the tie on money
    richer = before.copy()
    richer.player["blue"].money = 26
    pos, fx = step(richer)
    assert flow.winners(pos, DATA) == ["blue"]


def test_q050_income_space_tiebreak():
    pos, fx = step(load("Q050"))
    red, blue = pos.player["red"], pos.player["blue"]
    assert red.vp == blue.vp == 52
    assert DATA.income_level(red.income_space) == DATA.income_level(blue.income_space) == 10
    assert blue.money == 45  # not spent by scoring VP for it
    assert flow.winners(pos, DATA) == ["red"]  # one space further along the income track
    assert_cites(fx, "Q050")


@pytest.mark.parametrize("ruling", sorted(RULING_EXAMPLES))
def test_example_file_is_named_after_its_ruling(ruling: str):
    path = REPO / RULING_EXAMPLES[ruling]
    assert path.parent == REPO / "examples" / "rulings" and path.name.startswith(ruling + "_"), path
    assert path.read_text(encoding="utf-8").startswith("about:"), f"{path.name}: say what it shows in 'about'"
    assert load(ruling).era in (CANAL, RAIL)
