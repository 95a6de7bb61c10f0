"""The Rules seam (issue 14): one rules object per game and variant, chosen by the ``game:`` key,
its parameters read from the game's data files, and the general shapes the next game needs
(lines with three ends, a market per resource, the resource a tile carries)."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest
from conftest import REPO, run_cli

from brass_judge.data import game_data
from brass_judge.data.gamedata import Line, Market
from brass_judge.errors import InputError, UnknownNameError
from brass_judge.games import get_rules, known_games, resolve_game
from brass_judge.games.lancashire.classic import ClassicLancashireRules, OriginalLancashireRules
from brass_judge.games.lancashire.rules import LancashireRules
from brass_judge.model import Link
from brass_judge.position_io import load_position, position_to_obj
from brass_judge.resources import data_dir, schema_file
from brass_judge.rules import Rules
from brass_judge.yamlio import load_file

SEAM = REPO / "tests" / "seam"
VIRTUAL = (
    REPO
    / "tests"
    / "rules"
    / "audit"
    / "rulings"
    / "Q062_classic-virtual-link-shipyard-in-birkenhead.legal.yaml"
)


# ----- the registry --------------------------------------------------------------------------------
def test_registry_default_game_and_variants():
    assert known_games() == ("birmingham", "lancashire")  # Birmingham is registered, not yet judged
    r = get_rules()
    assert type(r) is LancashireRules and isinstance(r, Rules)
    assert (r.game, r.name, r.variant, r.players) == (
        "lancashire",
        "Brass: Lancashire",
        "standard",
        range(2, 5),
    )
    assert get_rules("lancashire", "standard") is r  # one cached instance per (game, variant)
    assert r.data is game_data() is game_data("standard", "lancashire")
    classic, original = get_rules("lancashire", "classic"), get_rules("lancashire", "original")
    assert type(classic) is ClassicLancashireRules and type(original) is OriginalLancashireRules
    assert isinstance(original, ClassicLancashireRules) and isinstance(classic, LancashireRules)
    assert classic.data.variant == "classic" and classic.data.rules is classic


def test_unknown_game_and_variant_name_the_known_ones():
    with pytest.raises(UnknownNameError) as e:
        get_rules("birmingam")
    assert "birmingam" in str(e.value) and "lancashire" in str(e.value)
    assert isinstance(e.value, InputError) and e.value.suggestions
    with pytest.raises(UnknownNameError) as e:
        get_rules("lancashire", "clasic", field="variant")
    assert e.value.suggestions[0] == "classic" and e.value.field == "variant"
    assert resolve_game(None) == "lancashire" and resolve_game("Brass: Lancashire") == "lancashire"


def test_the_position_schema_lists_the_registered_games():
    enum = json.loads(schema_file("position").read_text())["properties"]["game"]["enum"]
    log_enum = json.loads(schema_file("game").read_text())["properties"]["game"]["enum"]
    assert {resolve_game(g) for g in enum} == set(known_games()) == {resolve_game(g) for g in log_enum}


def test_game_key_is_read_from_position_files():
    assert load_position(SEAM / "no-game-key.yaml").position.game == "lancashire"
    pos = load_position(SEAM / "game-alias.yaml").position
    assert pos.game == "lancashire"
    assert position_to_obj(pos)["game"] == "lancashire"
    r = run_cli("validate", "tests/seam/game-alias.yaml")
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("name", ["unknown-game.yaml", "unknown-game-log.yaml"])
def test_unknown_game_in_a_file_is_exit_2_naming_the_field_and_the_known_games(name):
    cmd = "replay" if "log" in name else "validate"
    r = run_cli(cmd, f"tests/seam/{name}")
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert f"tests/seam/{name}:2:1, field 'game'" in r.stderr
    assert "'brass-manchester'" in r.stderr and "lancashire" in r.stderr and "birmingham" in r.stderr
    assert "Traceback" not in r.stderr


def test_game_key_is_read_from_game_logs():
    from brass_judge.gamelog import read_log

    log = read_log(REPO / "examples" / "games" / "opening-2p.yaml")
    assert log.data.game == "lancashire" and log.data.rules is get_rules()


# ----- parameters come from the data ---------------------------------------------------------------
def test_rules_parameters_equal_the_data_files():
    tracks = load_file(data_dir() / "tracks.yaml").data
    mat = load_file(data_dir() / "mat.yaml").data
    r = get_rules()
    for era, costs in tracks["link_costs"].items():
        for n, cost in costs.items():
            assert r.link_cost(era, int(n)) == cost
    assert (r.link_cost("canal", 1), r.link_cost("rail", 1), r.link_cost("rail", 2)) == (3, 5, 15)
    assert r.link_cost("canal", 2) is None and r.max_links("rail") == 2 and r.min_link_cost("canal") == 3
    assert r.loan_amounts == tuple(tracks["loans"]["amounts"]) == (10, 20, 30)
    assert r.income_floor == tracks["loans"]["income_floor"] == -10
    assert r.loans_stop_when_deck_empty is tracks["loans"]["stop_when_deck_empty"] is True
    assert [r.largest_loan(lv) for lv in (5, 0, -8, -9, -10)] == [30, 30, 20, 10, 0]
    assert (r.track_last_space, r.max_income_level) == (tracks["progress_track_spaces"] - 1, 30) == (99, 30)
    for res, m in tracks["markets"].items():
        assert r.market(res) == Market(res, tuple(m["prices"]), m["empty_price"], m["setup_fill"])
    assert r.links_per_player == mat["links_per_player"] == 14
    assert (r.start_money, r.hand_size) == (tracks["setup"]["start_money"], tracks["setup"]["hand_size"])
    assert r.players == range(tracks["setup"]["players"]["min"], tracks["setup"]["players"]["max"] + 1)
    # the old views still answer
    assert r.data.coal_market == r.data.iron_market == (1, 1, 2, 2, 3, 3, 4, 4)
    assert r.data.market_empty_price == 5


def test_classic_is_a_profile_whose_virtual_link_comes_from_the_data():
    variants = load_file(data_dir() / "variants.yaml").data
    assert get_rules("lancashire", "classic").virtual_link == tuple(variants["classic"]["virtual_link"])
    assert get_rules("lancashire", "original").virtual_link == tuple(variants["classic"]["virtual_link"])
    assert get_rules().virtual_link is None


def test_the_virtual_link_follows_the_data_not_code(tmp_path):
    """The same Classic build: legal with the Virtual Link, illegal once the position says standard."""
    import yaml

    doc = load_file(VIRTUAL).data
    for variant, rc in (("classic", 0), ("standard", 1)):
        pos = tmp_path / f"{variant}.yaml"
        given = {k: v for k, v in doc["position"].items() if k != "deck"}  # deck sizes differ
        pos.write_text(yaml.safe_dump({**given, "variant": variant}), encoding="utf-8")
        r = run_cli("check", str(pos), "--action", doc["action"])
        assert r.returncode == rc, r.stdout + r.stderr
    assert "BLD002" in r.stdout and "Q128" in r.stdout


def test_tile_spec_resource_comes_from_the_mat():
    d = game_data()
    assert {ind: d.tile(ind, d.mat[ind][-1].level).resource for ind in d.mat} == {
        "cotton_mill": None,
        "coal_mine": "coal",
        "iron_works": "iron",
        "port": None,
        "shipyard": None,
    }
    assert d.resource_industry("coal") == "coal_mine" and d.resource_industry("beer") is None
    assert d.industries == tuple(load_file(data_dir() / "mat.yaml").data["industries"])


# ----- general shapes ------------------------------------------------------------------------------
def _with_three_ended_line(d):
    """Lancashire's data plus a line touching Bolton, Bury and Wigan (as Birmingham has one)."""
    ln = Line("bolton~bury~wigan", ("bolton", "bury", "wigan"), canal=False, rail=True)
    lines = {**d.lines, ln.key: ln}
    return dataclasses.replace(d, variant="standard", lines=lines), ln


def test_a_line_with_three_ends_works_in_the_core():
    from brass_judge.engine.board import distances_from, network_of

    d, ln = _with_three_ended_line(game_data())
    assert ln.a == "bolton" and ln.b == "bury" and ln.others("bury") == ("bolton", "wigan")
    assert ln.other("wigan") == "bolton" and ln.touches("wigan")
    assert d.line("wigan", "bury") is ln and ln in d.lines_at("wigan")
    assert d.graphs.rail.has_edge("bury", "wigan")
    pos = load_position(SEAM / "no-game-key.yaml", d).position
    pos.links = [Link(ln.key, "red", "rail")]
    assert {"bolton", "bury", "wigan"} <= network_of(pos, "red")
    assert distances_from(pos, ["wigan"]) == {"wigan": 0, "bolton": 1, "bury": 1}


def test_schema_allows_a_map_line_with_three_ends(tmp_path):
    from brass_judge.data.gamedata import validate_data_files

    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    m = copy / "map.yaml"
    text = m.read_text(encoding="utf-8")
    assert "lines:\n" in text
    m.write_text(
        text.replace(
            "lines:\n", "lines:\n  - {between: [bolton, bury, wigan], canal: false, rail: true}\n", 1
        )
    )
    assert validate_data_files(directory=copy) == []
    m.write_text(
        text.replace(
            "lines:\n", "lines:\n  - {between: [bolton, bury, wigan, preston], canal: false, rail: true}\n", 1
        )
    )
    assert [e.code for e in validate_data_files(directory=copy)] == ["DAT001"]


def test_a_market_per_resource_works_in_the_core():
    from brass_judge.engine.resources import market_buy_price, market_sell_price
    from brass_judge.engine.validate import validate

    d = game_data()
    big = dataclasses.replace(
        d, markets={**d.markets, "iron": Market("iron", (1, 1, 2, 2, 3, 3, 4, 4, 5, 5), 6, 8)}
    )
    assert market_buy_price(big, 0, "iron") == 6 and market_buy_price(d, 0, "iron") == 5
    assert market_sell_price(big, 8, "iron") == 1 and market_sell_price(d, 8, "iron") is None
    lp = load_position(SEAM / "no-game-key.yaml")
    pos = lp.position
    assert pos.markets == {"coal": 8, "iron": 8}
    pos.iron_market = 10  # the old attribute writes the table
    assert pos.markets["iron"] == 10 and pos.copy().markets == pos.markets
    assert [v.code for v in validate(lp, d)] == ["POS008"]
    assert validate(lp, big) == []


def test_rules_set_up_and_score_a_game():
    r = get_rules("lancashire", "classic")
    pos = r.setup(["red", "blue", "green"], seed=3)
    assert (pos.game, pos.variant) == ("lancashire", "classic")
    assert pos.markets == {res: m.setup_fill for res, m in r.markets.items()}
    assert all(p.money == r.start_money and len(p.hand) == r.hand_size for p in pos.player.values())
    assert sorted(row["player"] for row in r.scores(pos)) == ["blue", "green", "red"]
    with pytest.raises(ValueError, match="Brass: Lancashire is for 2-4 players, not 5"):
        r.setup(["a", "b", "c", "d", "e"], seed=1)


def test_a_rail_on_a_three_ended_line_is_judged_through_its_third_end():
    """The network reaches the line through Wigan, its third end, and the rail's coal comes from
    the mine there; the rules object over the changed data is of the game's class."""
    from brass_judge.engine import check
    from brass_judge.model import Network, Tile

    d, ln = _with_three_ended_line(game_data())
    assert type(d.rules) is LancashireRules and d.rules.data is d
    pos = load_position(SEAM / "no-game-key.yaml", d).position
    pos.era, pos.round = "rail", 2
    pos.add_tile(Tile("wigan", 0, "red", "coal_mine", 2, False, 2))
    v = check(pos, Network((ln.key,), ("bolton",)), data=d)
    assert v.legal, [x.message for x in v.violations]
    texts = [e.text for e in v.effects]
    assert "red places a rail on Bolton-Bury-Wigan" in texts
    assert any("coal from red's level 2 Coal Mine in Wigan" in t for t in texts)
