"""Brass: Birmingham's Build, Develop and Loan, judged through the public API (``brass_judge.check``
on a ``game: birmingham`` position mapping and one-line notation), table by table.

The rule fixtures (``tests/birmingham/rules/build``, ``develop``, ``loan``) pin one case per code;
these tests sweep the tables a fixture cannot: every Brewery level in both eras, every merchant as
the Coal Market's connection at 2 players, every industry as an opponent's tile to overbuild,
every income level for the £30 loan, and the cards against the kinds of location.
"""

from __future__ import annotations

import pytest

import brass_judge
from brass_judge.games import get_rules

RULES = get_rules("birmingham")
DATA = RULES.data


def position(red: dict | None = None, era: str = "canal", players: int = 2, **rest) -> dict:
    names = ["red", "blue", "green", "yellow"][:players]
    return {
        "game": "birmingham",
        "era": era,
        "round": 3,
        "turn": "red",
        "order": names,
        "players": {"red": red or {}, **{n: {} for n in names[1:]}},
        **rest,
    }


def judge(pos: dict, action: str):
    return brass_judge.check(pos, action)


def codes(v) -> set:
    return {x.code for x in v.violations}


# --------------------------------------------------------------------------- brewery barrels
@pytest.mark.parametrize("era", ["canal", "rail"])
@pytest.mark.parametrize("level", [t.level for t in DATA.mat["brewery"]])
def test_a_new_brewery_gets_its_barrels_by_era_not_by_level(level: int, era: str) -> None:
    """B026: 1 barrel in the Canal Era, 2 in the Rail Era, whatever the level; a tile of the other
    era is refused (B023)."""
    spec = DATA.tile("brewery", level)
    v = judge(
        position({"hand": ["stafford"], "money": 40, "mat": {"brewery": [level]}}, era),
        "build brewery@stafford card=stafford",
    )
    if not spec.buildable_in(era):
        assert codes(v) == {"BLD006"} and "B023" in v.rulings
        return
    assert v.legal, [x.message for x in v.violations]
    tile = v.position.tile_on("stafford", 0)
    assert tile.cubes == (1 if era == "canal" else 2)
    assert "RUL-BREWERY-BARRELS" in v.rules and "B026" in v.decided_by


# --------------------------------------------------------------------------- coal and merchants
#: merchant -> the town next to it (a line joins them)
MERCHANT_NEIGHBOURS = {
    "warrington": "stoke-on-trent",
    "nottingham": "derby",
    "shrewsbury": "coalbrookdale",
    "gloucester": "redditch",
    "oxford": "redditch",
}


@pytest.mark.parametrize("merchant", sorted(MERCHANT_NEIGHBOURS))
def test_market_coal_through_any_merchant_tile_or_not(merchant: str) -> None:
    """B034: the Coal Market is reached through any of the five Merchants, with or without a tile
    (at 2 players Warrington and Nottingham have none); the cube costs the cheapest filled price."""
    town = MERCHANT_NEIGHBOURS[merchant]
    v = judge(
        position({"hand": ["iron_works"]}, links=[f"red {merchant}-{town}"], markets={"coal": 13, "iron": 8}),
        f"build iron_works@{town} card=iron_works",
    )
    assert v.legal, [x.message for x in v.violations]
    assert "RUL-COAL-MARKET" in v.rules and "B034" in v.decided_by
    assert v.position.markets["coal"] == 12
    assert any("£1" in e.text and "Coal Market" in e.text for e in v.effects)


def test_without_a_merchant_connection_no_market_coal() -> None:
    v = judge(
        position({"hand": ["iron_works"]}, links=["red stoke-on-trent-leek"]),
        "build iron_works@stoke-on-trent card=iron_works",
    )
    assert codes(v) == {"BLD011"}
    assert "Merchant" in v.violations[0].message


@pytest.mark.parametrize(("resource", "price"), [("coal", 8), ("iron", 6)])
def test_an_empty_market_still_sells_at_its_printed_price(resource: str, price: int) -> None:
    """B036: £8 a coal and £6 an iron once the market is empty (the prices are not spaces)."""
    assert DATA.markets[resource].empty_price == price
    # Cotton Mill III: 1 coal and 1 iron; Kidderminster reaches Shrewsbury through Coalbrookdale
    markets = {"coal": 13, "iron": 8, resource: 0}
    v = judge(
        position(
            {"hand": ["kidderminster"], "money": 40, "mat": {"cotton_mill": [3, 3, 3, 4, 4, 4]}},
            links=["blue kidderminster-coalbrookdale", "blue coalbrookdale-shrewsbury"],
            markets=markets,
        ),
        "build cotton_mill@kidderminster card=kidderminster",
    )
    assert v.legal
    assert any(f"for £{price}" in e.text and resource in e.text for e in v.effects)
    assert v.position.markets[resource] == 0


# --------------------------------------------------------------------------- overbuilding
@pytest.mark.parametrize("industry", list(DATA.industries))
def test_only_an_opponents_coal_mine_or_iron_works_may_be_overbuilt(industry: str) -> None:
    """B030: with no cube of its resource left anywhere, an opponent's Coal Mine or Iron Works may be
    overbuilt; a Brewery (which carries barrels) or any other industry never."""
    town, space = next(
        (k, s.index)
        for k, loc in DATA.locations.items()
        if loc.kind == "town" and DATA.deck_for(2).get(k)
        for s in loc.spaces
        if s.industries == frozenset({industry})
    )
    levels = [t.level for t in DATA.mat[industry] for _ in range(t.count)]
    mat = {industry: [lv for lv in levels if lv >= 2]}
    v = judge(
        position(
            {"hand": [town], "money": 60, "mat": mat},
            tiles=[f"blue {industry}1@{town}#{space} flipped"],
            markets={"coal": 0, "iron": 0},
        ),
        f"build {industry}@{town} card={town} space={space}",
    )
    if industry in ("coal_mine", "iron_works"):
        # allowed as an overbuild (its coal, if it needs any, is another question: BLD011 here)
        assert "BLD012" not in codes(v) and "RUL-OVERBUILD-OPPONENT" in v.rules
    else:
        assert "BLD012" in codes(v) and "B030" in v.rulings


def test_overbuilding_an_opponents_mine_needs_the_coal_gone_from_the_market_too() -> None:
    pos = position(
        {"hand": ["dudley"], "mat": {"coal_mine": [2, 3]}},
        tiles=["blue coal_mine1@dudley#0 flipped"],
        markets={"coal": 1, "iron": 8},
    )
    assert codes(judge(pos, "build coal_mine@dudley card=dudley space=0")) == {"BLD013"}
    pos["markets"]["coal"] = 0
    v = judge(pos, "build coal_mine@dudley card=dudley space=0")
    assert v.legal and "B030" in v.decided_by


# --------------------------------------------------------------------------- the cards
CARD_CASES = [
    # (card, where, red's links, expected codes)
    ("stafford", "brewery@stafford", [], set()),
    ("wild_location", "brewery@stafford", [], set()),
    ("cannock", "brewery@stafford", [], {"BLD001"}),
    ("brewery", "brewery@stafford", ["red stafford-cannock"], set()),
    ("wild_industry", "brewery@stafford", ["red stafford-cannock"], set()),
    ("brewery", "brewery@stafford", ["red wolverhampton-cannock"], {"BLD002"}),
    ("wild_industry", "brewery@stafford", ["red wolverhampton-cannock"], {"BLD002"}),
    ("pottery", "brewery@stafford", ["red stafford-cannock"], {"BLD003"}),
    ("brewery", "brewery@farm-brewery-north", ["red cannock-farm-brewery-north"], set()),
    ("wild_industry", "brewery@farm-brewery-north", ["red cannock-farm-brewery-north"], set()),
    ("wild_location", "brewery@farm-brewery-north", ["red cannock-farm-brewery-north"], {"BLD101"}),
    ("cannock", "brewery@farm-brewery-north", ["red cannock-farm-brewery-north"], {"BLD101"}),
    ("brewery", "brewery@farm-brewery-north", ["red cannock-stafford"], {"BLD102"}),
    ("brewery", "brewery@farm-brewery-south", ["red kidderminster-worcester"], set()),
]


@pytest.mark.parametrize(("card", "where", "links", "want"), CARD_CASES)
def test_which_card_builds_where(card: str, where: str, links: list, want: set) -> None:
    """B018, B019, B020, B050: Location and Wild Location cards in any town but never at a farm;
    Industry cards (a Wild Industry too) in the network, farms included; the 3-ended
    Kidderminster-Worcester link touches the southern farm."""
    if card.startswith("wild_") and not _wild_cards_playable():
        pytest.skip("the discard does not take wild cards yet")
    v = judge(position({"hand": [card]}, links=links), f"build {where} card={card}")
    assert codes(v) == want, [x.message for x in v.violations]


def _wild_cards_playable() -> bool:
    v = judge(position({"hand": ["wild_location"]}), "build brewery@stafford card=wild_location")
    return "TRN006" not in codes(v) and "TRN003" not in codes(v)


def test_no_tiles_on_the_board_an_industry_card_builds_anywhere_but_not_over_a_tile() -> None:
    """B032: anywhere on an undeveloped space, never an overbuild."""
    pos = position({"hand": ["coal_mine"], "mat": {"coal_mine": [2, 2]}})
    v = judge(pos, "build coal_mine@dudley card=coal_mine")
    assert v.legal and "B032" in v.decided_by
    pos["tiles"] = ["blue coal_mine1@dudley#0 flipped"]
    pos["markets"] = {"coal": 0, "iron": 8}
    assert codes(judge(pos, "build coal_mine@dudley card=coal_mine space=0")) == {"BLD002"}


# --------------------------------------------------------------------------- Pottery I and the mat
def test_an_inferred_rail_era_mat_keeps_pottery_i() -> None:
    """B023, B043: Pottery I may be built in the Rail Era and never developed, so a mat inferred in
    the Rail Era still holds it (every other level 1 tile is taken as gone)."""
    v = judge(
        position({"hand": ["stafford"], "money": 30}, era="rail"), "build pottery@stafford card=stafford"
    )
    assert v.legal
    assert v.position.tile_on("stafford", 1).level == 1
    assert "RUL-RAIL-POTTERY" in v.rules and "B023" in v.decided_by
    assert any("except Pottery I" in a for a in v.assumptions)
    # the other level 1 tiles are gone: the lowest Brewery is level 2
    v = judge(
        position({"hand": ["stafford"], "money": 30}, era="rail"), "build brewery@stafford card=stafford"
    )
    assert v.position.tile_on("stafford", 0).level == 2


@pytest.mark.parametrize("level", [t.level for t in DATA.mat["pottery"]])
def test_lightbulb_potteries_are_never_developed(level: int) -> None:
    """B043: Pottery I and III show the lightbulb; the others may be developed (B042)."""
    levels = [t.level for t in DATA.mat["pottery"] if t.level >= level]
    v = judge(position({"hand": ["stafford"], "mat": {"pottery": levels}}), "develop pottery card=stafford")
    if DATA.tile("pottery", level).lightbulb:
        assert codes(v) == {"DEV101"} and "B043" in v.rulings
    else:
        assert v.legal and v.position.player["red"].mat["pottery"].get(level, 0) == 0


def test_two_develops_each_take_the_lowest_at_that_moment() -> None:
    """B042: the second Cotton Mill developed is the next lowest, each for 1 iron."""
    v = judge(
        position({"hand": ["stafford"], "mat": {"cotton_mill": [1, 2, 3]}}),
        "develop cotton_mill,cotton_mill card=stafford",
    )
    assert v.legal
    assert v.position.player["red"].mat["cotton_mill"] == {3: 1}
    assert v.position.markets["iron"] == 6


def test_the_gloucester_develop_takes_no_iron_and_refuses_the_lightbulb() -> None:
    """develop_one (the free develop of Gloucester's bonus): no iron; a lightbulb tile is refused."""
    from brass_judge.engine.context import Judge
    from brass_judge.games.birmingham.develop import develop_one
    from brass_judge.position_io import load_position

    loaded = load_position(position({"mat": {"pottery": [2, 3, 4, 5], "cotton_mill": [1, 2]}}))
    j = Judge(loaded.position.copy(), DATA, "red")
    j.start_action(0, ())
    assert develop_one(j, "cotton_mill", free=True, why="Gloucester's bonus")
    assert develop_one(j, "pottery", free=True, why="Gloucester's bonus")
    assert j.pos.markets["iron"] == 8 and not j.violations
    assert j.pos.player["red"].mat["pottery"] == {3: 1, 4: 1, 5: 1}
    assert not develop_one(j, "pottery", free=True, why="Gloucester's bonus")  # Pottery III
    assert [v.code for v in j.violations] == ["DEV101"]
    assert any("Gloucester's bonus" in e.text for e in j.effects)


# --------------------------------------------------------------------------- the loan
@pytest.mark.parametrize("level", range(-10, 31))
def test_the_loan_at_every_income_level(level: int) -> None:
    """B048: always £30, 3 levels back to the highest space of the new level; refused below -10."""
    space = DATA.lowest_space(level)
    v = judge(position({"hand": ["stafford"], "income_space": space}), "loan 30 card=stafford")
    if level - 3 < -10:
        assert codes(v) == {"LON001"} and "B048" in v.rulings
        assert "-7" in v.violations[0].remedy
        return
    assert v.legal
    p = v.position.player["red"]
    assert p.money == 47 and p.income_space == DATA.highest_space(level - 3)


def test_only_the_30_loan_exists() -> None:
    with pytest.raises(Exception, match="30"):
        judge(position({"hand": ["stafford"]}), "loan 20 card=stafford")


# --------------------------------------------------------------------------- Lancashire unchanged
def test_lancashire_answers_the_hooks_as_before() -> None:
    """The hooks' base answers are Lancashire's old behaviour."""
    lan = get_rules("lancashire")
    for ind, tiles in lan.data.mat.items():
        assert lan.others_may_overbuild(ind) is (tiles[0].resource is not None)
        for t in tiles:
            assert lan.cubes_when_built(t, "canal") == t.cubes
            assert lan.develop_refusal(ind, t.level) is None
            assert lan.rail_mat_keeps(ind, t.level) is (t.level != 1)
    assert lan.load_text(lan.data.mat["coal_mine"][0], 3) == "3 cube(s)"
    assert lan.coal_market_via("Liverpool") == "via the trade icon in Liverpool"
