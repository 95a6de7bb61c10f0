"""Brass: Birmingham's Network, Sell and Scout: the cases the one-code fixtures cannot show alone.

The refresher's worked turn, several tiles sold in one action each resolved on its own, beer from
the right places only (never another merchant's barrel, never a merchant's for rails, an
opponent's brewery only when connected: to the tile sold, or to the second rail once placed), one
merchant barrel and one bonus per tile (B058), no barrel for a tile that needs none (B057, with
its table option), each merchant's bonus, the three-ended Kidderminster-Worcester link, Scout's
wild card checks. Everything goes through the public API (the position loader, the notation,
``validate`` then ``check``) or the CLI; the fixtures are under ``tests/birmingham/rules/``.
"""

from __future__ import annotations

import json

import pytest
import yaml
from conftest import run_json

M3 = {
    "warrington": ["cotton_mill", "blank"],
    "shrewsbury": ["manufacturer"],
    "gloucester": ["all", "blank"],
    "oxford": ["pottery", "blank"],
}
M4 = {
    "warrington": ["manufacturer", "manufacturer"],
    "nottingham": ["cotton_mill", "cotton_mill"],
    "shrewsbury": ["pottery"],
    "gloucester": ["all", "blank"],
    "oxford": ["blank", "blank"],
}
M2 = {"shrewsbury": ["blank"], "gloucester": ["all", "cotton_mill"], "oxford": ["manufacturer", "blank"]}


def position(tiles=(), links=(), merchants=None, era="canal", players=3, **extra):
    names = ["red", "blue", "green", "yellow"][:players]
    merchants = merchants or {2: M2, 3: M3, 4: M4}[players]
    doc = {
        "game": "birmingham",
        "era": era,
        "round": 3 if era == "canal" else 2,
        "turn": "red",
        "players": {n: {} for n in names},
        "tiles": list(tiles),
        "links": list(links),
        "merchants": merchants,
    }
    red = extra.pop("red", {})
    doc["players"]["red"].update(red)
    doc.update(extra)
    return doc


def judge(doc: dict, action):
    """The verdict on *action* (notation, or action objects) in the position *doc*."""
    from brass_judge.action_io import turn_from_doc
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.engine.validate import validate
    from brass_judge.position_io import load_position
    from brass_judge.yamlio import Document

    loaded = load_position(doc, name="test")
    pos = loaded.position
    data = game_data(pos.variant, pos.game)
    problems = validate(loaded, data)
    assert not problems, [p.message for p in problems]
    turn = turn_from_doc(Document(action, "test", {}), data) if isinstance(action, str) else action
    return check(loaded, turn, data)


def codes(v) -> list:
    return [x.code for x in v.violations]


def legal(v):
    assert v.legal, [(x.code, x.message) for x in v.violations]
    return v.position


# ----------------------------------------------------------------------------- the worked turn
WORKED = position(
    tiles=[
        "red cotton_mill1@stoke-on-trent#0",  # the western mill, joined to Warrington by red's canal
        "red cotton_mill1@leek#0",  # the eastern mill, joined to nothing
        "red brewery1@stone#0 barrels=1",
    ],
    links=["red stoke-on-trent-warrington"],
    red={"money": 9},
)


def test_worked_turn_sell_with_the_merchants_barrel_then_a_canal():
    """The refresher's turn: £9, the western mill sold with Warrington's barrel (+£5: £14), then a
    £3 canal from the eastern town (£11); the western mill flips, the brewery keeps its barrel."""
    v = judge(
        WORKED,
        "sell stoke-on-trent>warrington:merchant card=stafford; network leek-stoke-on-trent card=stafford",
    )
    after = legal(v)
    red = after.player["red"]
    assert (red.money, red.spent) == (11, 3)
    assert after.tile_on("stoke-on-trent", 0).flipped
    assert not after.tile_on("leek", 0).flipped
    assert after.tile_on("stone", 0).cubes == 1
    assert after.merchants["warrington"][0].barrel is False
    money = [e.data["money"] for e in v.effects if e.kind == "money"]
    assert money == [14, 11]
    assert {"B046", "B044", "B039"} <= set(v.rulings)


def test_worked_turn_the_eastern_mill_cannot_sell_yet_and_can_next_turn():
    v = judge(WORKED, "sell leek>warrington card=stafford; network leek-stoke-on-trent card=stafford")
    assert codes(v) == ["SEL104"] and "Leek is not connected to Warrington" in v.violations[0].message
    # next turn: the canal joins Leek to Warrington; the own brewery's barrel needs no connection
    nxt = dict(WORKED, links=["red stoke-on-trent-warrington", "red leek-stoke-on-trent"])
    nxt["merchants"] = dict(M3, warrington=[{"tile": "cotton_mill", "barrel": False}, "blank"])
    after = legal(judge(nxt, "sell leek>warrington card=stafford"))
    assert after.tile_on("leek", 0).flipped and after.tile_on("stone", 0).flipped
    assert after.player["red"].money == 9


def test_an_illegal_sale_through_the_cli(tmp_path):
    """The eastern mill through the CLI: exit 1, SEL104 with B044 and B020, the mill named."""
    pos = tmp_path / "position.yaml"
    pos.write_text(yaml.safe_dump(WORKED), encoding="utf-8")
    r, out = run_json("check", str(pos), "--action", "sell leek>warrington card=stafford")
    assert r.returncode == 1, r.stderr
    (v,) = out["violations"]
    assert v["code"] == "SEL104" and v["rulings"] == ["B044", "B020"]
    assert "Cotton Mill in Leek is not connected to Warrington" in v["message"]


def test_worked_turn_through_the_cli(tmp_path):
    pos = tmp_path / "position.yaml"
    pos.write_text(yaml.safe_dump(WORKED), encoding="utf-8")
    r, out = run_json(
        "check",
        str(pos),
        "--action",
        "sell stoke-on-trent>warrington:merchant card=stafford; network leek-stoke-on-trent card=stafford",
    )
    assert r.returncode == 0, r.stderr
    assert out["verdict"] == "legal"
    text = json.dumps(out, ensure_ascii=False)
    assert "gains £5" in text and "pays £3" in text


# ----------------------------------------------------------------------------- sell, tile by tile
TWO_MILLS = position(
    tiles=["red cotton_mill1@stoke-on-trent#0", "red cotton_mill1@leek#0", "red brewery1@stone#0 barrels=1"],
    links=["red stoke-on-trent-warrington", "red leek-stoke-on-trent"],
    red={"money": 9},
)


def test_several_tiles_in_one_sell_each_with_its_own_beer():
    """The first mill takes Warrington's barrel (and £5), the second red's own brewery's (B044, B037)."""
    after = legal(judge(TWO_MILLS, "sell stoke-on-trent>warrington leek>warrington card=stafford"))
    assert after.tile_on("stoke-on-trent", 0).flipped and after.tile_on("leek", 0).flipped
    assert after.tile_on("stone", 0).flipped  # its last barrel went to the second mill
    assert after.player["red"].money == 14
    assert after.player["red"].income_space == 10 + 5 + 5 + 4


def test_a_tile_whose_beer_runs_out_cannot_sell_and_the_action_is_refused():
    """Without the brewery the second mill finds no beer: the merchant's one barrel went to the
    first. The judge names the second mill, and the action is not half carried out (B045)."""
    doc = dict(TWO_MILLS, tiles=TWO_MILLS["tiles"][:2])
    v = judge(doc, "sell stoke-on-trent>warrington leek>warrington card=stafford")
    assert codes(v) == ["SEL105"]
    assert "Cotton Mill in Leek needs 1 beer" in v.violations[0].message
    assert "B045" in v.rulings
    # the first mill alone sells
    legal(judge(doc, "sell stoke-on-trent>warrington card=stafford"))


def test_the_same_tile_twice_in_one_action():
    v = judge(TWO_MILLS, "sell leek>warrington leek>warrington card=stafford")
    assert codes(v) == ["SEL101"] and "sold earlier in this action" in v.violations[0].message


def test_merchant_beer_only_from_the_merchant_sold_to():
    """Warrington's barrel is gone; Gloucester's is there but is no beer for a sale to Warrington."""
    doc = position(
        tiles=["red cotton_mill1@stoke-on-trent#0"],
        links=["red stoke-on-trent-warrington"],
        merchants=dict(M3, warrington=[{"tile": "cotton_mill", "barrel": False}, "blank"]),
    )
    v = judge(doc, "sell stoke-on-trent>warrington card=stafford")
    assert codes(v) == ["SEL105"]
    v = judge(doc, "sell stoke-on-trent>warrington:merchant card=stafford")
    assert codes(v) == ["SEL106"] and "Warrington" in v.violations[0].message


def test_a_two_beer_tile_takes_one_merchant_barrel_and_one_bonus():
    """Manufacturer V needs 2 beer; both Warrington tiles buy it, but only the barrel beside the tile
    it is sold to is merchant beer for it (B058): the other comes from a brewery, one £5 bonus."""
    doc = position(
        players=4,
        tiles=["red manufacturer5@stoke-on-trent#2", "red brewery1@stone#0 barrels=1"],
        links=["red stoke-on-trent-warrington"],
        red={"money": 9},
    )
    v = judge(doc, "sell stoke-on-trent>warrington:merchant+merchant card=stafford")
    assert codes(v) == ["SEL106"] and "B058" in v.rulings
    after = legal(judge(doc, "sell stoke-on-trent>warrington:merchant+stone card=stafford"))
    assert after.player["red"].money == 14
    assert [m.barrel for m in after.merchants["warrington"]] == [False, True]
    # unnamed: the judge takes the merchant's barrel and the brewery's, and says so
    v = judge(doc, "sell stoke-on-trent>warrington card=stafford")
    assert legal(v).player["red"].money == 14
    assert any("beside the Warrington merchant tile" in a for a in v.assumptions)


def test_an_opponents_brewery_only_when_connected_to_the_tile():
    doc = position(
        tiles=["red cotton_mill1@stoke-on-trent#0", "blue brewery1@uttoxeter#0 barrels=1"],
        links=["red stoke-on-trent-warrington"],
        merchants=dict(M3, warrington=[{"tile": "cotton_mill", "barrel": False}, "blank"]),
    )
    assert codes(judge(doc, "sell stoke-on-trent>warrington card=stafford")) == ["SEL105"]


def test_a_tile_that_needs_no_beer_takes_no_merchant_barrel_unless_the_table_allows_it():
    """B057: Manufacturer III needs no beer, so no merchant barrel and no bonus; the variant
    zero-beer-merchant-bonus (the alternative) lets it take the barrel and the £5."""
    doc = position(
        tiles=["red manufacturer3@stoke-on-trent#2"],
        links=["red stoke-on-trent-warrington"],
        merchants=dict(M3, warrington=["manufacturer", "blank"], shrewsbury=["cotton_mill"]),
        red={"money": 9},
    )
    v = judge(doc, "sell stoke-on-trent>warrington:merchant card=stafford")
    assert codes(v) == ["SEL107"] and "B057" in v.rulings
    after = legal(judge(doc, "sell stoke-on-trent>warrington card=stafford"))
    assert after.player["red"].money == 9 and after.merchants["warrington"][0].barrel
    alt = dict(doc, variant="zero-beer-merchant-bonus")
    after = legal(judge(alt, "sell stoke-on-trent>warrington:merchant card=stafford"))
    assert after.player["red"].money == 14 and not after.merchants["warrington"][0].barrel


def test_none_says_no_beer():
    v = judge(WORKED, "sell stoke-on-trent>warrington:none card=stafford")
    assert codes(v) == ["SEL107"]


# ----------------------------------------------------------------------------- the bonuses
@pytest.mark.parametrize(
    ("merchant", "links", "fact"),
    [
        ("oxford", ["birmingham-oxford"], ("income_space", 10 + 5 + 2)),
        (
            "shrewsbury",
            [
                "birmingham-dudley",
                "dudley-kidderminster",
                "coalbrookdale-kidderminster",
                "coalbrookdale-shrewsbury",
            ],
            ("vp", 4),
        ),
    ],
)
def test_merchant_bonuses(merchant, links, fact):
    """Oxford: 2 income spaces; Shrewsbury: 4 VP (B046)."""
    doc = position(
        tiles=["red cotton_mill1@birmingham#0"],
        links=[f"red {x}" for x in links],
        merchants=dict(
            M3,
            oxford=["all", "blank"],
            gloucester=["pottery", "blank"],
            shrewsbury=["cotton_mill"],
            warrington=["manufacturer", "blank"],
        ),
    )
    v = judge(doc, f"sell birmingham>{merchant}:merchant card=stafford")
    after = legal(v)
    key, want = fact
    assert getattr(after.player["red"], key) == want
    assert "RUL-MERCHANT-BONUS" in v.rules and "B046" in v.rulings


def test_nottingham_gives_3_vp_with_4_players():
    doc = position(players=4, tiles=["red cotton_mill1@derby#0"], links=["red derby-nottingham"])
    after = legal(judge(doc, "sell derby>nottingham:merchant card=stafford"))
    assert after.player["red"].vp == 3


# ----------------------------------------------------------------------------- network and beer
RAILS = position(
    era="rail",
    players=2,
    tiles=["red coal_mine2@stone#1 cubes=3", "blue brewery2@uttoxeter#0 barrels=2"],
    red={"money": 30},
)


def test_the_opponents_brewery_is_connected_to_the_second_rail_once_placed():
    """Blue's brewery in Uttoxeter reaches the second rail (Stone-Uttoxeter) only once it is placed
    (B040); with the rails the other way round the first rail would not be the one to count."""
    v = judge(RAILS, "network stoke-on-trent-stone stone-uttoxeter card=stafford")
    after = legal(v)
    assert after.tile_on("uttoxeter", 0).cubes == 1 and after.player["red"].money == 15
    assert "B040" in v.rulings


def test_the_first_rail_cannot_use_coal_reached_only_through_the_second():
    """Rails are placed one at a time (B041): Leek-Stoke-on-Trent first reaches no coal, though the
    second rail, Stoke-on-Trent-Stone, would join it to red's mine."""
    doc = position(
        era="rail",
        players=2,
        tiles=[
            "red cotton_mill2@leek#0",
            "red coal_mine2@stone#1 cubes=3",
            "red brewery2@stafford#0 barrels=2",
        ],
        red={"money": 30},
    )
    v = judge(doc, "network leek-stoke-on-trent stoke-on-trent-stone card=stafford")
    assert codes(v) == ["NET007"] and "Leek-Stoke-on-Trent" in v.violations[0].message
    assert "B041" in v.rulings
    # the other way round each rail reaches the mine: the second through the first
    legal(judge(doc, "network stoke-on-trent-stone leek-stoke-on-trent card=stafford"))


def test_beer_from_the_southern_farm_brewery_over_the_three_ended_link():
    """Blue's canal Kidderminster-Worcester touches the southern farm brewery (B050), so blue's
    brewery there is connected to red's mill in Worcester and gives its beer for a sale to
    Gloucester; without that link it is not connected."""
    tiles = ["red cotton_mill1@worcester#0", "blue brewery1@farm-brewery-south barrels=1"]
    merchants = dict(M3, gloucester=[{"tile": "all", "barrel": False}, "blank"])
    doc = position(
        tiles=tiles, links=["red gloucester-worcester", "blue kidderminster-worcester"], merchants=merchants
    )
    after = legal(judge(doc, "sell worcester>gloucester:farm-brewery-south card=stafford"))
    assert after.tile_on("farm-brewery-south", 0).flipped
    doc = position(tiles=tiles, links=["red gloucester-worcester"], merchants=merchants)
    v = judge(doc, "sell worcester>gloucester:farm-brewery-south card=stafford")
    assert codes(v) == ["SEL106"]


# ----------------------------------------------------------------------------- scout
def test_scout_takes_one_of_each_wild_card():
    doc = position(red={"hand": ["leek", "stone", "stafford", "burton-on-trent"]})
    v = judge(doc, "scout cards=leek,stone,stafford")
    after = legal(v)
    assert after.player["red"].hand == ["burton-on-trent", "wild_location", "wild_industry"]
    assert after.wild_piles == {"wild_location": 3, "wild_industry": 3}
    assert "B049" in v.rulings


def test_scout_refused_when_a_wild_card_is_among_the_discards():
    """A wild card in hand forbids Scout, even one of the three cards it would discard (B049)."""
    doc = position(red={"hand": ["wild_industry", "stone", "stafford", "burton-on-trent"]})
    v = judge(doc, "scout cards=wild_industry,stone,stafford")
    assert codes(v) == ["SCT001"] and "Wild Industry" in v.violations[0].message


# ----------------------------------------------------------------------------- actions built in code
def test_a_sale_to_a_town_built_in_code():
    """The notation names only merchants; an action built in code may name a town: SEL103."""
    from brass_judge.games.birmingham.model import Sale, Sell

    v = judge(WORKED, Sell((Sale("stoke-on-trent", "stone"),), ("stafford",)))
    assert codes(v) == ["SEL103"] and "Stone is not a merchant" in v.violations[0].message


def test_gloucester_develops_the_named_industry_free():
    doc = position(
        tiles=["red cotton_mill1@worcester#0"],
        links=["red gloucester-worcester"],
        red={"money": 9, "mat": {"coal_mine": [1, 2, 2], "pottery": [1, 2]}},
    )
    v = judge(doc, "sell worcester>gloucester:merchant develop=coal card=stafford")
    after = legal(v)
    assert after.player["red"].mat["coal_mine"] == {2: 2}
    assert after.player["red"].money == 9  # no iron: free
    # unnamed: the lowest tile that may be developed, Pottery I being a lightbulb tile
    only = dict(
        doc,
        players={
            "red": {
                "money": 9,
                "mat": {
                    "pottery": [1, 2],
                    "coal_mine": [2, 2],
                    "cotton_mill": [],
                    "manufacturer": [],
                    "iron_works": [],
                    "brewery": [],
                },
            },
            "blue": {},
            "green": {},
        },
    )
    v = judge(only, "sell worcester>gloucester:merchant card=stafford")
    after = legal(v)
    assert after.player["red"].mat["coal_mine"] == {2: 1}, after.player["red"].mat
    assert any("the level 2 Coal Mine" in a for a in v.assumptions), v.assumptions
    assert "B043" in v.rulings  # Pottery I, the lowest tile, is a lightbulb tile and passed over
    # a lightbulb Pottery is never developed, not even by Gloucester (B043)
    v = judge(doc, "sell worcester>gloucester:merchant develop=pottery card=stafford")
    assert codes(v) == ["DEV101"] and "B043" in v.rulings


def test_a_named_merchant_tile_space():
    """``gloucester#1`` names Gloucester's second tile, here blank: it buys nothing (B044)."""
    doc = position(tiles=["red cotton_mill1@worcester#0"], links=["red gloucester-worcester"])
    v = judge(doc, "sell worcester>gloucester#1 card=stafford")
    assert codes(v) == ["SEL103"] and "space 1 shows a blank tile" in v.violations[0].message
    after = legal(judge(doc, "sell worcester>gloucester#0:merchant develop=coal card=stafford"))
    assert after.merchants["gloucester"][0].barrel is False


def test_a_rail_buys_market_coal_through_a_merchant_without_a_tile():
    """With 2 players Warrington has no merchant tile, but its merchant space still connects to the
    Coal Market (B034): the rail to it buys the cheapest cube."""
    doc = position(era="rail", players=2, tiles=["red cotton_mill2@stoke-on-trent#0"], red={"money": 30})
    v = judge(doc, "network stoke-on-trent-warrington card=stafford")
    after = legal(v)
    assert after.player["red"].money == 30 - 5 - 1 and after.coal_market == 12
    assert "RUL-COAL-MARKET" in v.rules
