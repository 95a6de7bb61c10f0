"""Brass: Birmingham positions in and out: the agreed YAML read into BirminghamPosition through its
schema, the defaults and the assumptions they make, file:line:field errors, the dump that loads
back equal, and ``validate`` through the command line (docs/positions-birmingham.md)."""

from __future__ import annotations

import json
import textwrap

import pytest
from conftest import run_cli

from brass_judge.errors import InputError, InputErrors
from brass_judge.games.birmingham.model import BirminghamPlayer, BirminghamPosition, MerchantSpace
from brass_judge.position_io import dump_position, load_position, position_to_obj

AGREED = textwrap.dedent(
    """\
    game: birmingham
    era: canal
    round: 3
    turn: red
    actions_left: 2
    order: [red, blue]
    players:
      red:
        money: 9
        income_space: 10
        vp: 0
        spent: 0
        hand: [coventry, brewery, wild_location]
        mat: {cotton_mill: [1, 1, 2, 2, 3, 3, 4, 4]}
        discard: [stafford]
        hidden_discard: true
        links_left: 12
      blue: {}
    tiles:
      - red cotton_mill1@stone#0
      - red brewery1@walsall#1 barrels=1
      - blue coal_mine1@cannock#1 cubes=2
      - red brewery1@farm-brewery-north
    links:
      - red stafford-stone
      - red rail kidderminster-worcester
    markets: {coal: 13, iron: 8}
    merchants:
      oxford: [{tile: cotton_mill, barrel: true}, {tile: blank}]
      shrewsbury: [manufacturer]
      gloucester: [all, blank]
    wild_piles: {wild_location: 3, wild_industry: 4}
    draw_deck: 12
    """
)


def load(text: str, name: str = "pos.yaml"):
    return load_position(textwrap.dedent(text), name=name)


def test_the_agreed_format_loads_into_birmingham_classes():
    lp = load(AGREED)
    pos = lp.position
    assert isinstance(pos, BirminghamPosition) and pos.game == "birmingham"
    red, blue = pos.player["red"], pos.player["blue"]
    assert isinstance(red, BirminghamPlayer) and isinstance(blue, BirminghamPlayer)
    assert (red.money, red.hand, red.discard, red.hidden_discard) == (
        9,
        ["coventry", "brewery", "wild_location"],
        ["stafford"],
        True,
    )
    assert blue.money == 17 and blue.hidden_discard is True  # Canal Era: the setup card is still there
    assert red.mat["cotton_mill"] == {1: 2, 2: 2, 3: 2, 4: 2}
    brewery = pos.tile_on("walsall", 1)
    assert brewery.industry == "brewery" and brewery.cubes == 1
    farm = pos.tile_on("farm-brewery-north", 0)
    assert farm.industry == "brewery" and farm.cubes == 1  # default: as built in the Canal Era
    assert pos.tile_on("cannock", 1).cubes == 2
    assert {l.line for l in pos.links} == {"stafford~stone", "farm-brewery-south~kidderminster~worcester"}
    assert pos.markets == {"coal": 13, "iron": 8}
    assert pos.merchants["oxford"] == (MerchantSpace("cotton_mill", True), MerchantSpace("blank", False))
    assert pos.merchants["shrewsbury"] == (MerchantSpace("manufacturer", True),)
    assert pos.merchants["gloucester"] == (MerchantSpace("all", True), MerchantSpace("blank", False))
    assert list(pos.merchants) == ["shrewsbury", "gloucester", "oxford"]  # map order
    assert pos.wild_piles == {"wild_location": 3, "wild_industry": 4}
    assert pos.draw_deck == 12
    assert any("barrels not given, assumed 1 (as built in the Canal Era)" in a for a in lp.assumptions)


def test_defaults_are_the_setup_and_say_what_they_assumed():
    lp = load(
        """\
        game: birmingham
        era: rail
        round: 2
        players:
          red: {hand: [wild_industry, coventry]}
          blue: {}
        tiles:
          - red brewery2@walsall#1
        """
    )
    pos = lp.position
    assert pos.markets == {"coal": 13, "iron": 8}
    assert pos.player["red"].money == 17 and pos.player["red"].income_space == 10
    assert pos.player["red"].hidden_discard is False  # Rail Era: shuffled into the deck
    assert pos.wild_piles == {"wild_location": 4, "wild_industry": 3}
    assert pos.tile_on("walsall", 1).cubes == 2
    assert pos.actions_left == 2 and pos.turn == "red"
    # merchants not given: blank, no barrels, on every space in play at 2 players
    assert pos.merchants == {
        "shrewsbury": (MerchantSpace("blank"),),
        "gloucester": (MerchantSpace("blank"), MerchantSpace("blank")),
        "oxford": (MerchantSpace("blank"), MerchantSpace("blank")),
    }
    text = "\n".join(lp.assumptions)
    assert "merchants not given: assumed a blank tile (no barrel)" in text
    assert "wild_piles.wild_industry not given: assumed 3 Wild Industry card(s)" in text
    assert "assumed 2 (as built in the Rail Era)" in text
    assert "money and income_space not given: assumed the starting £17" in text


def test_short_merchant_forms_and_forgiving_names():
    lp = load(
        """\
        game: "Brass: Birmingham"
        players: [red, blue, green]
        merchants:
          Warrington: [Cotton, pottery]
          Shrewsbury: [Manufacturers]
          gloucester: [any, empty]
          OXFORD: [{tile: blank}, {tile: mill, barrel: false}]
        tiles:
          - {owner: red, industry: Brewery, location: Walsall, space: 1, level: 1, barrels: 1}
        """
    )
    pos = lp.position
    assert pos.merchants["warrington"] == (MerchantSpace("cotton_mill", True), MerchantSpace("pottery", True))
    assert pos.merchants["oxford"] == (MerchantSpace("blank", False), MerchantSpace("cotton_mill", False))
    assert pos.merchants["gloucester"] == (MerchantSpace("all", True), MerchantSpace("blank", False))
    assert "nottingham" not in pos.merchants  # no space in play at 3 players
    assert pos.tile_on("walsall", 1).cubes == 1
    assert not any("merchants" in a for a in lp.assumptions)


@pytest.mark.parametrize(
    ("text", "line", "field", "words"),
    [
        ("merchants: {oxfrd: [all, blank]}\n", 5, "merchants.oxfrd", "unknown location 'oxfrd'"),
        ("merchants: {coventry: [all]}\n", 5, "merchants.coventry", "Coventry is not a merchant"),
        ("merchants: {oxford: [all, coal]}\n", 5, "merchants.oxford[1]", "unknown merchant tile 'coal'"),
        ("tiles: ['red brewery1@walsall#1 barels=1']\n", 5, "tiles[0]", "barrels=N"),
        ("wild_piles: {wild_locaton: 3}\n", 5, "wild_piles.wild_locaton", "unknown key"),
        ("distant_cotton_market: {marker: 2}\n", 5, "distant_cotton_market", "unknown key"),
    ],
)
def test_bad_input_names_file_line_and_field(text, line, field, words):
    base = "game: birmingham\nplayers:\n  red: {hand: [wild locaton]}\n  blue: {}\n"
    if "wild locaton" in base and "wild_piles" not in text and "distant" not in text:
        base = base.replace("wild locaton", "coventry")
    with pytest.raises(InputError) as info:
        load(base + text)
    errs = info.value.errors if isinstance(info.value, InputErrors) else [info.value]
    assert any(e.line == line and e.field == field and words in e.message for e in errs), [
        (e.line, e.field, e.message) for e in errs
    ]


def test_an_unknown_card_suggests_the_wild_cards():
    with pytest.raises(InputError) as info:
        load("game: birmingham\nplayers:\n  red: {hand: [wild locaton]}\n  blue: {}\n")
    err = info.value
    assert err.line == 3 and "unknown card 'wild locaton'" in err.message
    assert "Wild Location" in err.suggestions


def test_barrels_and_cubes_disagreeing_is_refused():
    with pytest.raises(InputError) as info:
        load(
            "game: birmingham\nplayers: [red, blue]\ntiles:\n"
            "  - {owner: red, industry: brewery, location: walsall, space: 1, barrels: 1, cubes: 2}\n"
        )
    assert "give one of them" in info.value.message and info.value.line == 4


def test_lancashire_positions_read_as_before():
    lp = load_position("players: [red, blue]\n", name="l.yaml")
    assert lp.position.game == "lancashire" and type(lp.position).__name__ == "Position"
    assert lp.position.markets == {"coal": 8, "iron": 8}


# ------------------------------------------------------------------------------ writing
def test_dump_loads_back_equal():
    lp = load(AGREED)
    text = dump_position(lp.position)
    again = load_position(text, name="dumped.yaml")
    assert position_to_obj(again.position) == position_to_obj(lp.position)
    assert again.position == lp.position
    assert not again.assumptions  # everything is written out
    obj = position_to_obj(lp.position)
    assert obj["merchants"]["oxford"] == [
        {"tile": "cotton_mill", "barrel": True},
        {"tile": "blank", "barrel": False},
    ]
    assert obj["tiles"][1]["barrels"] == 1 and "barrels" not in obj["tiles"][0]
    assert obj["wild_piles"] == {"wild_location": 3, "wild_industry": 4} and obj["draw_deck"] == 12


def test_dump_of_defaults_loads_back_equal():
    lp = load("game: birmingham\nera: rail\nplayers: [red, blue, green, yellow]\n")
    text = dump_position(lp.position)
    assert "merchants" not in text  # assumed, not known: assumed again when read back
    again = load_position(text, name="dumped.yaml")
    assert again.position == lp.position
    assert any("merchants not given" in a for a in again.assumptions)


def test_assumed_merchants_survive_a_copy_and_are_never_counted():
    from brass_judge.engine.validate import validate

    lp = load("game: birmingham\nplayers: [red, blue]\nmerchants: {oxford: [all, blank]}\n")
    copy = lp.position.copy()
    assert copy.merchants["gloucester"] == (MerchantSpace("blank"), MerchantSpace("blank"))
    assert validate(copy) == [] and validate(lp) == []  # 5 blanks assumed: not against the pool of 2
    assert "gloucester" not in position_to_obj(copy)["merchants"]


# ------------------------------------------------------------------------------ the CLI
def test_validate_cli_reports_birmingham_problems_with_lines(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text(
        textwrap.dedent(
            """\
            game: birmingham
            era: rail
            players:
              red: {hand: [wild_location], discard: [wild_industry], hidden_discard: true}
              blue: {hand: [wild_location]}
            merchants:
              oxford: [blank, {tile: blank, barrel: true}]
              gloucester: [all, all]
              shrewsbury: [manufacturer]
            wild_piles: {wild_location: 3}
            """
        ),
        encoding="utf-8",
    )
    r = run_cli("validate", str(f), "--format", "json")
    assert r.returncode == 1, r.stderr
    problems = {p["code"]: p for p in json.loads(r.stdout)["problems"]}
    assert set(problems) == {"POS102", "POS103", "POS104", "POS105", "POS106"}
    assert problems["POS103"]["line"] == 7 and problems["POS102"]["line"] == 8
    assert problems["POS104"]["line"] == 10 and problems["POS106"]["line"] == 4
    assert "5 Wild Location cards" in problems["POS104"]["message"]


def test_check_apply_out_writes_a_birmingham_position_that_loads_back(tmp_path):
    out = tmp_path / "after.yaml"
    r = run_cli(
        "check",
        "tests/birmingham/canal-opening.yaml",
        "--action",
        "pass card=birmingham",
        "--apply",
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    after = load_position(out)
    pos = after.position
    assert isinstance(pos, BirminghamPosition)
    assert pos.player["red"].hand == ["brewery"] and pos.player["red"].discard == ["birmingham"]
    assert pos.actions_left == 1 and pos.tile_on("walsall", 1).cubes == 1
    assert pos.merchants["oxford"] == (MerchantSpace("all", True), MerchantSpace("blank", False))
    assert not after.assumptions
    assert run_cli("validate", str(out)).returncode == 0


def test_lint_reads_a_birmingham_fixture_and_its_action_in_its_game():
    r = run_cli("lint", "tests/birmingham/rules/turn/TRN003_card-not-in-hand.legal.yaml", "--format", "json")
    assert r.returncode == 0, (r.stdout, r.stderr)
    bad = run_cli("lint", "tests/birmingham/rules/position/POS104_too-many-wild-cards.yaml")
    assert bad.returncode == 1 and "POS104" in bad.stdout and "INP010" not in bad.stdout


def test_lint_reads_an_action_file_in_the_game_of_the_position_beside_it():
    r = run_cli("lint", "examples/birmingham/worked-turn/turn.yaml")
    assert r.returncode == 0 and "INP010" not in r.stdout, (r.stdout, r.stderr)
