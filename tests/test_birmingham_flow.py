"""The flow of a Brass: Birmingham game (issue 16, "The flow of a game"): setup per player count,
rounds, refills, turn order, income and shortfalls, the end of each era and the final scores.

Each rule is tested through the public flow (``engine.flow.setup`` / ``end_turn``, the driver,
``engine.after_turn.steps``) on real positions: set up games, and the example positions under
``examples/birmingham/flow/``, each checked both ways where the rule can go two ways, and each
checked to cite its ruling (rulings/birmingham.yaml) through the rules the flow applied.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import REPO

from brass_judge.data import game_data
from brass_judge.engine import flow
from brass_judge.engine.after_turn import steps
from brass_judge.engine.driver import GameDriver
from brass_judge.games.birmingham.model import BirminghamPosition, MerchantSpace
from brass_judge.model import CANAL, RAIL, Tile
from brass_judge.position_io import load_position

DATA = game_data("standard", "birmingham")
FLOW = REPO / "examples" / "birmingham" / "flow"


# ------------------------------------------------------------------------------ positions
def load(name: str, variant: str = "standard") -> BirminghamPosition:
    """The example position *name* of examples/birmingham/flow/, read by the position loader."""
    pos = load_position(FLOW / name).position
    pos.variant = variant
    return pos


def play_last_card(pos, player=None):
    """The player to move passes with the first cards of the hand (one per action left), as the
    engine's Pass does: the card goes face up on the discard pile (B009, B011)."""
    pos = pos.copy()
    p = pos.player[player or pos.turn]
    k = pos.actions_left
    if p.hand is not None:  # an unknown hand: the cards played are not known either
        p.discard = p.discard + p.hand[:k]
        p.hand = p.hand[k:]
    pos.actions_left = 0
    return pos


def end_turn(pos, **kw):
    return flow.end_turn(play_last_card(pos), DATA_FOR(pos), **kw)


def DATA_FOR(pos):  # noqa: N802 -- the game data of the position's variant
    return game_data(pos.variant, "birmingham")


def _steps(fx):
    return steps(fx, game="birmingham")


def _step(fx, kind, **match):
    got = [s for s in _steps(fx) if s["kind"] == kind and all(s.get(k) == v for k, v in match.items())]
    assert len(got) == 1, (kind, match, [s["kind"] for s in _steps(fx)])
    return got[0]


def _play_game(n, seed=1, rail_seed=7):
    """A whole game of passes at *n* players: (final position, [(era, rounds)])."""
    pos = flow.setup([f"p{i}" for i in range(n)], DATA, seed=seed)
    eras = []
    while not pos.game_over:
        era, rnd = pos.era, pos.round
        pos, fx = flow.end_turn(play_last_card(pos), DATA, seed=rail_seed)
        if any(e.kind == "era-end" for e in fx):
            eras.append((era, rnd))
    return pos, eras


# ---------------------------------------------------------------------------------- setup
@pytest.mark.parametrize(("n", "deck", "tiles"), [(2, 40, 5), (3, 54, 7), (4, 64, 9)])
def test_setup_per_player_count(n, deck, tiles):
    # B001 cards for the count; B002 wild piles; B003/B004 merchants and barrels; B005 markets;
    # B006 money, income, 8 cards and one face down
    from brass_judge.games.birmingham.flow import setup_with_effects

    names = ["amber", "blue", "green", "red"][:n]
    pos, fx = setup_with_effects(names, DATA, seed=3)
    assert isinstance(pos, BirminghamPosition) and pos.game == "birmingham"
    assert sorted(pos.players) == sorted(names)
    hands = [c for p in pos.player.values() for c in p.hand]
    assert len(hands) == 8 * n and all(len(p.hand) == 8 for p in pos.player.values())
    assert len(pos.under_deck_tile) == n  # one face-down card each
    assert all(p.hidden_discard and p.discard == [] for p in pos.player.values())
    assert Counter(hands + pos.under_deck_tile + pos.draw_pile) == Counter(DATA.deck_for(n))
    assert len(hands) + n + pos.draw_deck == deck
    assert all((p.money, p.income_space, p.vp, p.spent) == (17, 10, 0, 0) for p in pos.player.values())
    assert pos.markets == {"coal": 13, "iron": 8}
    assert pos.wild_piles == {"wild_location": 4, "wild_industry": 4}
    faces = [s.face for spaces in pos.merchants.values() for s in spaces]
    assert len(faces) == tiles
    assert Counter(faces) == +Counter(DATA.rules.merchant_tiles(n))
    assert all(s.barrel == (s.face != "blank") for spaces in pos.merchants.values() for s in spaces)
    in_play = DATA.rules.merchant_spaces(n)
    assert {m: len(v) for m, v in pos.merchants.items()} == in_play
    if n == 2:
        assert pos.merchants["warrington"] == () and pos.merchants["nottingham"] == ()
    if n == 3:
        assert pos.merchants["nottingham"] == () and len(pos.merchants["warrington"]) == 2
    assert (pos.era, pos.round, pos.actions_left, pos.turn) == (CANAL, 1, 1, pos.players[0])
    assert fx.rules == ["RUL-SETUP"]
    assert fx.rulings == ["B001", "B002", "B003", "B004", "B005", "B006"]


def test_setup_through_the_rules_object_and_the_driver_is_seeded():
    a = DATA.rules.setup(["red", "blue", "green"], seed=11)
    b = GameDriver.new_game(["red", "blue", "green"], DATA, rng=random.Random(11)).position
    assert (a.players, a.draw_pile, a.merchants) == (b.players, b.draw_pile, b.merchants)
    # the turn order is random: some seed gives another order
    assert len({tuple(DATA.rules.setup(["red", "blue", "green"], seed=s).players) for s in range(12)}) > 1
    # and the merchant tiles land at random too
    assert len({tuple(DATA.rules.setup(["red", "blue"], seed=s).merchants.items()) for s in range(12)}) > 1


def test_setup_takes_stated_orders_and_refuses_wrong_ones():
    deck = sorted(c for c, k in DATA.deck_for(2).items() for _ in range(k))
    faces = ["all", "cotton_mill", "manufacturer", "blank", "blank"]
    pos = flow.setup(["red", "blue"], DATA, deck_order=deck, merchant_order=faces, turn_order=["blue", "red"])
    assert pos.players == ["blue", "red"]
    assert pos.player["blue"].hand == deck[:8] and pos.under_deck_tile == [deck[8], deck[17]]
    assert pos.player["red"].hand == deck[9:17] and pos.draw_pile == deck[18:]
    # map order: Shrewsbury (1 space), then Oxford and Gloucester (2 each)
    laid = [(m, s.face, s.barrel) for m, v in pos.merchants.items() for s in v]
    assert [f for _, f, _ in laid] == faces and all(b == (f != "blank") for _, f, b in laid)
    with pytest.raises(ValueError, match="merchant tile order"):
        flow.setup(["red", "blue"], DATA, seed=1, merchant_order=["all", "all", "blank", "blank", "blank"])
    with pytest.raises(ValueError, match="deck order"):
        flow.setup(["red", "blue"], DATA, seed=1, deck_order=deck[:-1])
    with pytest.raises(ValueError, match="no Distant Cotton Market"):
        flow.setup(["red", "blue"], DATA, seed=1, dcm_order=[1, 2])
    with pytest.raises(ValueError, match="2-4 players"):
        flow.setup(["red"], DATA, seed=1)


# ---------------------------------------------------------------------------------- rounds
@pytest.mark.parametrize(("n", "rounds"), [(2, 10), (3, 9), (4, 8)])
def test_rounds_per_era(n, rounds):
    # B007: 10/9/8 rounds in each era; B051: an era ends after the round that plays the last cards
    pos, eras = _play_game(n)
    assert eras == [(CANAL, rounds), (RAIL, rounds)]
    assert pos.game_over and pos.turn is None


def test_the_era_ends_only_when_deck_and_hands_are_empty():
    # B051 both ways: the same last turn with a card left in the deck does not end the era
    pos = load("canal-era-end.yaml")
    _, fx = end_turn(pos, seed=1)
    assert _step(fx, "era-end")["rulings"] == ["B007", "B051"]
    pos.player["blue"].hand = ["leek"]  # a card still to play: the era goes on
    new, fx = end_turn(pos, seed=1)
    assert not any(e.kind == "era-end" for e in fx) and (new.era, new.round) == (CANAL, 11)


def test_one_action_in_the_first_canal_round_only():
    # B008: one action each in the Canal Era's first round, two afterwards, two in the Rail Era's first
    pos = load("first-round.yaml")
    assert pos.actions_left == 1
    new, fx = end_turn(pos)
    assert (new.round, new.turn, new.actions_left) == (2, "red", 2)  # red spent least
    assert "B014" in _step(fx, "round")["rulings"]
    g = flow.setup(["red", "blue"], DATA, seed=2)
    first = g.turn
    g, fx = flow.end_turn(play_last_card(g), DATA)
    assert g.actions_left == 1 and g.turn != first
    assert _step(fx, "turn")["rulings"] == ["B008"]
    g, _ = flow.end_turn(play_last_card(g), DATA)
    assert (g.round, g.actions_left) == (2, 2)
    while g.era == CANAL:
        g, _ = flow.end_turn(play_last_card(g), DATA, seed=1)
    assert (g.era, g.round, g.actions_left) == (RAIL, 1, 2)


def test_refill_to_eight_at_the_end_of_the_turn_while_the_deck_lasts():
    # B013 both ways: a refill while the deck lasts, none once it is empty
    g = flow.setup(["red", "blue"], DATA, seed=5)
    me, deck = g.turn, g.draw_deck
    played = play_last_card(g)
    assert len(played.player[me].hand) == 7  # no draw between actions
    g, fx = flow.end_turn(played, DATA)
    assert len(g.player[me].hand) == 8 and g.draw_deck == deck - 1
    assert _step(fx, "draw")["rulings"] == ["B013"] and _step(fx, "draw")["rules"] == ["RUL-REFILL"]
    while g.draw_deck:
        g, _ = flow.end_turn(play_last_card(g), DATA)
    me = g.turn
    g, fx = flow.end_turn(play_last_card(g), DATA)
    assert len(g.player[me].hand) == 6 and not any(e.kind == "draw" for e in fx)


def test_turn_order_by_money_spent_ties_keep_their_order():
    # B014: least spent first, ties in their order; B012 the spent money is swept away
    pos = load("turn-order.yaml")
    new, fx = end_turn(pos)
    assert new.players == ["blue", "red", "amber"]
    assert all(p.spent == 0 for p in new.player.values())
    assert _step(fx, "turn-order")["rulings"] == ["B014", "B012"]
    # the other way: red spent less than blue this time, so red goes first
    pos.player["red"].spent = 2
    new, _ = end_turn(pos)
    assert new.players == ["red", "blue", "amber"]


def test_income_every_round_but_the_games_last():
    # B015: income (or negative income paid) after the turn order; the Canal Era's last round pays
    pos = load("turn-order.yaml")
    new, fx = end_turn(pos)
    assert (new.player["amber"].money, new.player["red"].money) == (8, 13)  # +1, and -1 paid
    assert _step(fx, "income", player="red")["rulings"] == ["B015"]
    canal = load("canal-era-end.yaml")
    new, fx = end_turn(canal, seed=1)
    assert [s["amount"] for s in _steps(fx) if s["kind"] == "income"] == [3, 5]
    # the other way: no income after the last round of the game
    rail = load("rail-era-end.yaml")
    new, fx = end_turn(rail)
    assert _step(fx, "income")["skipped"] and _step(fx, "income")["rulings"] == ["B015"]
    assert (new.player["red"].money, new.player["blue"].money) == (5, 20)


# ------------------------------------------------------------------------------- shortfall
def test_shortfall_tiles_of_the_players_choice_until_covered():
    # B016: the player chooses; half the cost each, rounded down; stop once covered; keep the rest
    pos = load("shortfall.yaml")
    new, fx = end_turn(pos, shortfall_choices={"blue": ["stone", "cannock"]})
    assert not fx.violations
    left = [(t.location, t.industry) for t in new.tiles if t.owner == "blue"]
    assert left == [("coalbrookdale", "iron_works")]
    assert new.player["blue"].money == 0 + 2 + 2 - 3 and new.player["blue"].vp == 4
    assert set(_step(fx, "tile-removed", location="stone")["rulings"]) == {"B015", "B016"}
    assert "B016" in fx.rulings


def test_shortfall_refuses_a_tile_beyond_what_is_needed():
    pos = load("shortfall.yaml")
    _, fx = end_turn(pos, shortfall_choices={"blue": ["stone", "cannock", "coalbrookdale"]})
    (bad,) = fx.violations
    assert bad.code == "GAM005" and bad.game == "birmingham" and bad.rulings == ["B016"]
    assert "already covered" in bad.message and "coalbrookdale" in bad.message


def test_shortfall_with_no_tiles_left_costs_vp():
    pos = load("shortfall.yaml")
    pos.tiles = [t for t in pos.tiles if t.owner != "blue"]
    new, fx = end_turn(pos)
    assert new.player["blue"].money == 0 and new.player["blue"].vp == 4 - 3  # £3 short: 3 VP
    assert "vp_lost" in _step(fx, "income", player="blue")


def test_shortfall_unstated_removes_the_least_valuable_first_and_says_so():
    pos = load("shortfall.yaml")
    new, fx = end_turn(pos)
    assert len([t for t in new.tiles if t.owner == "blue"]) == 1
    assert any("not recorded" in a for a in fx.assumptions)


# ------------------------------------------------------------------------- end of Canal Era
def test_canal_era_scores_links_then_tiles():
    # B052: merchant pairs and flipped tiles of any owner, unflipped nothing; links before tiles;
    # B053: flipped tiles score their VP
    pos = load("canal-era-end.yaml")
    new, fx = end_turn(pos, seed=1)
    red, blue = _step(fx, "score-links", player="red"), _step(fx, "score-links", player="blue")
    assert red["links"] == {"stoke-on-trent-warrington": 4, "leek-stoke-on-trent": 3}
    assert blue["links"] == {"farm-brewery-south-kidderminster-worcester": 2, "stoke-on-trent-stone": 2}
    assert {b["line"]: b["icons"] for b in blue["breakdown"]}["stoke-on-trent-stone"] == {
        "stoke-on-trent": 2,
        "stone": 0,  # blue's unflipped Manufacturer has no icon to give
    }
    assert _step(fx, "score-tiles", player="red")["vp"] == 5 + 4
    assert _step(fx, "score-tiles", player="blue")["vp"] == 5
    assert (new.player["red"].vp, new.player["blue"].vp) == (10 + 7 + 9, 6 + 4 + 5)
    assert new.links == [] and all(p.links_left == 14 for p in new.player.values())
    kinds = [s["kind"] for s in _steps(fx)]
    assert kinds.index("score-tiles") > max(i for i, k in enumerate(kinds) if k == "score-links")
    assert "B052" in _step(fx, "score-links", player="red")["rulings"]
    assert "B053" in _step(fx, "score-tiles", player="blue")["rulings"]
    # B053's other half: a flipped level 2 tile stays to score again
    assert [(t.location, t.level) for t in new.tiles] == [("stoke-on-trent", 2)]


def test_the_three_ended_link_scores_the_farm_brewery():
    # B060 both ways: a flipped Brewery on the southern farm counts for the Kidderminster-Worcester link
    pos = load("canal-era-end.yaml")
    _, fx = end_turn(pos, seed=1)
    step = _step(fx, "score-links", player="blue")
    line = {b["line"]: b for b in step["breakdown"]}["farm-brewery-south-kidderminster-worcester"]
    assert line["icons"] == {"farm-brewery-south": 2, "kidderminster": 0, "worcester": 0}
    assert line["rules"] == ["RUL-LINK-THREE-ENDS"] and "B060" in step["rulings"]
    assert "B060" not in _step(fx, "score-links", player="red")["rulings"]
    # not flipped: no icons there, nothing decided, B060 not cited
    pos.tiles = [Tile(t.location, t.space, t.owner, t.industry, t.level, False, 1) if t.location ==
                 "farm-brewery-south" else t for t in pos.tiles]  # fmt: skip
    _, fx = end_turn(pos, seed=1)
    step = _step(fx, "score-links", player="blue")
    assert step["links"]["farm-brewery-south-kidderminster-worcester"] == 0
    assert "B060" not in step["rulings"] and "RUL-LINK-THREE-ENDS" not in fx.rules


def test_a_merchant_without_a_tile_scores_its_printed_pair():
    # B061 both ways: the standard rules score Warrington's pair at 2 players; the variant does not
    pos = load("canal-era-end.yaml")
    _, fx = end_turn(pos, seed=1)
    step = _step(fx, "score-links", player="red")
    assert step["links"]["stoke-on-trent-warrington"] == 4 and "B061" in step["rulings"]
    assert "B061" not in _step(fx, "score-links", player="blue")["rulings"]
    alt = load("canal-era-end.yaml", variant="merchant-icons-with-tile")
    new, fx = end_turn(alt, seed=1)
    step = _step(fx, "score-links", player="red")
    assert step["links"]["stoke-on-trent-warrington"] == 2 and "B061" in step["rulings"]
    assert new.player["red"].vp == 10 + 5 + 9


def test_between_the_eras():
    # B054: level 1 tiles leave; barrels back beside non-blank merchant tiles; all discards (the
    # face-down ones too) form the new deck; hands of 8; no card face down; Rail round 1, 2 actions
    pos = load("canal-era-end.yaml")
    new, fx = end_turn(pos, seed=1)
    assert _step(fx, "level1-removed")["removed"] == 3
    assert new.merchants["shrewsbury"] == (MerchantSpace("cotton_mill", True),)
    assert new.merchants["oxford"] == (MerchantSpace("manufacturer", True), MerchantSpace("blank", False))
    assert new.merchants["gloucester"][1] == MerchantSpace("blank", False)  # never beside a blank
    assert _step(fx, "merchant-beer")["refilled"] == ["shrewsbury#0", "oxford#0"]
    assert _step(fx, "merchant-beer")["rulings"] == ["B054"]
    assert all(len(p.hand) == 8 and p.discard == [] and not p.hidden_discard for p in new.player.values())
    assert new.draw_deck == 40 - 16 and new.under_deck_tile == []
    assert (new.era, new.round, new.turn, new.actions_left) == (RAIL, 1, "blue", 2)
    assert new.markets == {"coal": 9, "iron": 6}  # the markets carry over
    assert "B054" in _step(fx, "rail-deck")["rulings"]
    # the hand-made position does not know every card: the deck is the full deck, said so
    assert any("Rail Era deck is the full deck" in a for a in fx.assumptions)


def test_a_set_up_games_cards_all_return_for_the_rail_era():
    # B054: every card of a played Canal Era, the face-down first discards included, forms the deck
    g = flow.setup(["a", "b", "c"], DATA, seed=4)
    while g.era == CANAL:
        g, fx = flow.end_turn(play_last_card(g), DATA, seed=9)
    cards = [c for p in g.player.values() for c in p.hand] + g.draw_pile
    assert Counter(cards) == Counter(DATA.deck_for(3)) and not fx.assumptions
    assert g.wild_piles == {"wild_location": 4, "wild_industry": 4}


def test_wild_cards_go_back_to_their_piles_not_into_the_deck():
    # B002, B010: a wild card still in a discard pile at the era's end returns to its pile
    pos = load("canal-era-end.yaml")
    pos.player["blue"].discard = pos.player["blue"].discard + ["wild_industry"]
    pos.wild_piles = {"wild_location": 4, "wild_industry": 3}
    new, fx = end_turn(pos, seed=1)
    assert new.wild_piles == {"wild_location": 4, "wild_industry": 4}
    assert not any(c == "wild_industry" for p in new.player.values() for c in p.hand)
    assert _step(fx, "wild-cards")["rulings"] == ["B010"]


def test_a_rail_deck_order_is_checked():
    pos = load("canal-era-end.yaml")
    with pytest.raises(ValueError, match="Rail Era deck order"):
        end_turn(pos, rail_deck_order=["leek"])
    with pytest.raises(ValueError, match="give a seed"):
        end_turn(pos)
    new, fx = end_turn(pos, unknown_deal=True)
    assert all(p.hand is None for p in new.player.values()) and new.draw_deck == 24


# -------------------------------------------------------------------------- end of Rail Era
def test_rail_era_scores_and_the_winner_by_track_space():
    # B055: links and tiles score, money does not; the tie on VP goes to the higher income space (B059)
    pos = load("rail-era-end.yaml")
    new, fx = end_turn(pos)
    assert not any(e.kind == "score-money" for e in fx)
    board = flow.scores(new, DATA)
    assert [(r["player"], r["vp"], r["rank"]) for r in board] == [("red", 40, 1), ("blue", 40, 2)]
    end = _step(fx, "game-end")
    assert end["winners"] == ["red"] and end["text"] == "winner: red"
    assert end["rulings"] == ["B055", "B059"]
    assert new.game_over and DATA.rules.scores(new) == board


def test_the_income_level_variant_sends_a_tie_on_level_to_money():
    # B059's alternative: the same level ties, and money decides
    pos = load("rail-era-end.yaml", variant="income-level-tie-break")
    new, fx = end_turn(pos)
    assert _step(fx, "game-end")["winners"] == ["blue"]
    assert "B059" in _step(fx, "game-end")["rulings"]


def test_a_clear_winner_cites_no_tie_break_and_a_full_tie_is_a_draw():
    pos = load("rail-era-end.yaml")
    pos.player["red"].vp += 1
    _, fx = end_turn(pos)
    end = _step(fx, "game-end")
    assert end["winners"] == ["red"] and end["rulings"] == ["B055"]
    pos = load("rail-era-end.yaml")
    pos.player["blue"].income_space, pos.player["blue"].money = 16, 5
    _, fx = end_turn(pos)
    end = _step(fx, "game-end")
    assert end["winners"] == ["blue", "red"] and end["text"] == "a draw between: blue, red"


# --------------------------------------------------------------------------- the driver
@pytest.mark.parametrize(("n", "rounds"), [(2, 10), (3, 9), (4, 8)])
def test_whole_games_through_the_driver(n, rounds):
    # the engine judges every pass; the driver ends each turn; the cards are conserved throughout
    d = GameDriver.new_game([f"p{i}" for i in range(n)], DATA, rng=random.Random(n))
    full = Counter(DATA.deck_for(n))
    ends = []
    while not d.game_over:
        d.pass_out()
        assert d.position.actions_left == 0
        pos = d.position
        if pos.era == CANAL:
            held = [c for p in pos.player.values() for c in (*p.hand, *p.discard)]
            assert Counter(held + pos.draw_pile + pos.under_deck_tile) == full
        end = d.end_turn()
        if any(e.kind == "era-end" for e in end.effects):
            ends.append((end.era, end.round))
    assert ends == [(CANAL, rounds), (RAIL, rounds)]
    assert d.position.wild_piles == {"wild_location": 4, "wild_industry": 4}


def test_pass_out_fills_every_action_left():
    # a turn with both actions missing is passed out with two cards (both games)
    for data in (DATA, game_data()):
        d = GameDriver.new_game(["red", "blue"], data, rng=random.Random(2))
        d.pass_out()
        d.end_turn()
        d.pass_out()
        d.end_turn()  # round 2: two actions a turn
        me, hand = d.to_move, list(d.position.player[d.to_move].hand)
        d.pass_out()
        assert d.position.actions_left == 0
        assert d.position.player[me].hand == hand[2:]


# ----------------------------------------------------------------------- rulings and codes
#: the rulings the flow enforces -> the example position (examples/birmingham/flow/) whose last turn
#: shows it, cited by a step of the turn's end (tests/test_birmingham_rules.py counts these as cited)
FLOW_RULINGS = {
    "B007": "canal-era-end.yaml",
    "B013": "first-round.yaml",
    "B014": "turn-order.yaml",
    "B015": "turn-order.yaml",
    "B016": "shortfall.yaml",
    "B051": "canal-era-end.yaml",
    "B052": "canal-era-end.yaml",
    "B053": "canal-era-end.yaml",
    "B054": "canal-era-end.yaml",
    "B055": "rail-era-end.yaml",
    "B059": "rail-era-end.yaml",
    "B060": "canal-era-end.yaml",
    "B061": "canal-era-end.yaml",
}


@pytest.mark.parametrize("ruling", sorted(FLOW_RULINGS))
def test_each_flow_ruling_is_cited_by_its_example(ruling):
    import yaml

    _, fx = end_turn(load(FLOW_RULINGS[ruling]), seed=1)
    assert ruling in {q for s in _steps(fx) for q in s["rulings"]}
    db = yaml.safe_load((REPO / "rulings" / "birmingham.yaml").read_text(encoding="utf-8"))
    assert {r["id"]: r["engine"] for r in db["rulings"]}[ruling] == "enforced"


def test_every_flow_step_cites_only_rulings_of_its_rules():
    from brass_judge.codes import table_of

    table = table_of("birmingham")
    for name in ("canal-era-end.yaml", "rail-era-end.yaml", "shortfall.yaml", "turn-order.yaml"):
        _, fx = end_turn(load(name), seed=1)
        for s in _steps(fx):
            allowed = {q for r in s["rules"] for q in (*table[r].rulings, *table[r].may_cite)}
            assert set(s["rulings"]) <= allowed, (name, s["kind"], s["rulings"], s["rules"])
            assert all(q.startswith("B") for q in s["rulings"]), s


def test_lancashire_flow_is_unchanged_by_the_hooks():
    lanc = game_data()
    pos = flow.setup(["red", "blue"], lanc, seed=1)
    assert type(pos).__name__ == "Position" and pos.under_deck_tile and pos.dcm_order
    assert flow.draw_deck_at_era_start(lanc, 2, CANAL) == 40 - 16 - 2
    assert flow.draw_deck_at_era_start(DATA, 2, CANAL) == 40 - 16 - 2  # the face-down cards
    assert flow.draw_deck_at_era_start(DATA, 2, RAIL) == 40 - 16


# ------------------------------------------------------------------- check --apply (the CLI)
def _apply(tmp_path, name, card, *more):
    import json

    from conftest import run_cli

    out = tmp_path / "next.yaml"
    r = run_cli(
        "check", str(FLOW / name), "--action", f"pass card={card}", "--apply", "--out", str(out),
        "--format", "json", *more,
    )  # fmt: skip
    return r, (json.loads(r.stdout) if r.stdout.strip().startswith("{") else None), out


def _cli_step(d, kind, **match):
    got = [
        s for s in d["after_turn_steps"] if s["kind"] == kind and all(s.get(k) == v for k, v in match.items())
    ]
    assert len(got) == 1, (kind, match)
    return got[0]


def test_check_apply_ends_the_canal_era(tmp_path):
    r, d, out = _apply(tmp_path, "canal-era-end.yaml", "coalbrookdale")
    assert r.returncode == 0, r.stdout + r.stderr
    assert _cli_step(d, "score-links", player="blue")["rulings"] == ["B052", "B060"]
    assert _cli_step(d, "score-links", player="red")["rulings"] == ["B052", "B061"]
    assert _cli_step(d, "merchant-beer")["refilled"] == ["shrewsbury#0", "oxford#0"]
    assert _cli_step(d, "rail-deck")["rulings"] == ["B054"]
    new = load_written(out)
    assert (new.era, new.round, new.turn, new.actions_left) == (RAIL, 1, "blue", 2)
    assert (new.player["red"].vp, new.player["blue"].vp) == (26, 15)
    assert [(t.location, t.level) for t in new.tiles] == [("stoke-on-trent", 2)]
    assert new.merchants["oxford"][0] == MerchantSpace("manufacturer", True)
    assert new.draw_deck == 24 and all(p.hand is None for p in new.player.values())  # dealt at the table


def test_check_apply_ends_the_game(tmp_path):
    r, d, out = _apply(tmp_path, "rail-era-end.yaml", "dudley")
    assert r.returncode == 0, r.stdout + r.stderr
    end = _cli_step(d, "game-end")
    assert end["winners"] == ["red"] and end["rulings"] == ["B055", "B059"]
    assert not [s for s in d["after_turn_steps"] if s["kind"] == "score-money"]
    assert load_written(out).game_over


def test_check_apply_judges_the_shortfall_choice(tmp_path):
    r, d, out = _apply(tmp_path, "shortfall.yaml", "dudley", "--shortfall", "blue=stone,cannock")
    assert r.returncode == 0, r.stdout + r.stderr
    assert [s["ref"] for s in d["after_turn_steps"] if s["kind"] == "tile-removed"] == [
        "stone#0",
        "cannock#1",
    ]
    assert load_written(out).player["blue"].money == 1
    (tmp_path / "bad").mkdir()
    r, d, out = _apply(
        tmp_path / "bad", "shortfall.yaml", "dudley", "--shortfall", "blue=stone,cannock,coalbrookdale"
    )
    assert r.returncode == 1 and [v["code"] for v in d["violations"]] == ["GAM005"]
    assert d["violations"][0]["rulings"] == ["B016"] and not out.exists()


def test_check_apply_ends_the_first_round(tmp_path):
    r, d, out = _apply(tmp_path, "first-round.yaml", "dudley")
    assert r.returncode == 0, r.stdout + r.stderr
    assert _cli_step(d, "draw")["rulings"] == ["B013"]
    new = load_written(out)
    assert (new.round, new.turn, new.actions_left) == (2, "red", 2)


def load_written(path):
    return load_position(path).position
