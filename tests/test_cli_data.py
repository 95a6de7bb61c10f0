"""``brass-judge data ...``: tables for people, stable JSON for scripts, exit 2 for unknown names."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from brass_judge.cli_data import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # rich wraps table cells to the terminal width


def run(*args: str):
    return runner.invoke(app, list(args), env=WIDE)


def run_json(*args: str):
    r = run(*args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


# ----- map ----------------------------------------------------------------------------------------
def test_map_text():
    r = run("map")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "25 locations (19 towns, 3 non-industrial, 3 outside), 36 lines, 43 industry spaces" in out
    assert "Warrington & Runcorn" in out and "Cot/Coal, Port" in out
    assert "Ellesmere Port c" in out  # Liverpool's canal-only line
    assert "Port, Cot/Port, Iron" in out  # Preston


def test_map_json():
    doc = run_json("map")
    assert doc["counts"] == {
        "locations": 25,
        "towns": 19,
        "non_industrial": 3,
        "outside": 3,
        "lines": 36,
        "canal_lines": 23,
        "rail_lines": 35,
        "spaces": 43,
    }
    by_key = {l["key"]: l for l in doc["locations"]}
    assert by_key["preston"]["spaces"] == [["port"], ["cotton_mill", "port"], ["iron_works"]]
    assert by_key["blackpool"]["link_icons"] == 2 and by_key["blackpool"]["cards"] is None
    assert by_key["scotland"]["trade_icon"] is True
    assert by_key["birkenhead"]["rail_only"] is True
    assert [x["to"] for x in by_key["birkenhead"]["lines"]] == ["ellesmere-port"]


# ----- location -----------------------------------------------------------------------------------
def test_location_text():
    r = run("location", "warrington")
    assert r.exit_code == 0, r.output
    assert "Warrington & Runcorn (town)" in r.stdout
    assert "#0 Cot/Coal; #1 Port" in r.stdout  # the numbers positions use (port@warrington#1)
    assert "liverpool-warrington" in r.stdout


def test_location_json_forgiving_name():
    doc = run_json("location", "Barrow")
    loc = doc["location"]
    assert loc["name"] == "Barrow-in-Furness"
    assert loc["spaces"] == [["shipyard"], ["iron_works"]]
    assert loc["banner"] == "blue"
    assert loc["cards"] == {"4": 2, "3": 2, "2": 0, "classic": 2}
    assert loc["rail_only"] is True


def test_location_unknown_exits_2_with_suggestions():
    r = run("location", "Warington")
    assert r.exit_code == 2
    assert "unknown location 'Warington'" in r.stderr
    assert "Warrington & Runcorn" in r.stderr


def test_location_unknown_json_error_on_stdout():
    r = run("location", "nowhere-ville", "--format", "json")
    assert r.exit_code == 2
    err = json.loads(r.stdout)["error"]
    assert err["code"] == "INP010" and err["field"] == "NAME"


# ----- lines --------------------------------------------------------------------------------------
def test_lines():
    doc = run_json("lines")
    assert doc["counts"] == {"lines": 36, "canal": 23, "rail": 35}
    keys = {ln["key"] for ln in doc["lines"]}
    assert "birkenhead~ellesmere-port" in keys and "birkenhead~liverpool" not in keys
    r = run("lines", "--era", "canal")
    assert r.exit_code == 0
    assert "23 link lines allowing canal" in r.stdout
    assert "barrow-in-furness-lancaster" not in r.stdout
    assert run_json("lines", "--era", "rail")["counts"]["lines"] == 35


def test_lines_bad_era_is_a_usage_error():
    assert run("lines", "--era", "road").exit_code == 2


# ----- mat ----------------------------------------------------------------------------------------
def test_mat():
    doc = run_json("mat")
    assert doc["tiles_per_player"] == 37 and doc["links_per_player"] == 14
    l1 = next(t for t in doc["tiles"] if t["industry"] == "cotton_mill" and t["level"] == 1)
    assert l1["vp"] == 5 and l1["eras"] == ["canal"]
    classic = run_json("mat", "--variant", "classic")
    assert next(t for t in classic["tiles"] if t["industry"] == "cotton_mill" and t["level"] == 1)["vp"] == 5
    original = run_json("mat", "--variant", "original")
    assert next(t for t in original["tiles"] if t["industry"] == "cotton_mill" and t["level"] == 1)["vp"] == 3
    r = run("mat")
    assert "37 industry tiles" in r.stdout and "never" in r.stdout


def test_unknown_variant_exits_2():
    r = run("mat", "--variant", "deluxe")
    assert r.exit_code == 2
    assert "unknown rules variant" in r.stderr and "classic" in r.stderr


# ----- deck ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, total, rounds", [(2, 40, 10), (3, 54, 9), (4, 64, 8)])
def test_deck_per_player_count(players, total, rounds):
    doc = run_json("deck", "--players", str(players))
    assert doc["total"] == total == sum(c["count"] for c in doc["cards"])
    assert doc["rounds_per_era"] == rounds
    r = run("deck", "--players", str(players))
    assert f"{total} cards, {rounds} rounds per era" in r.stdout


def test_deck_two_players_has_no_blue_or_teal_cards():
    names = {c["card"] for c in run_json("deck", "-p", "2")["cards"]}
    assert not names & {"barrow-in-furness", "blackburn", "fleetwood", "lancaster", "burnley", "colne"}
    assert "cotton_mill" not in names


def test_deck_all_counts_and_box():
    doc = run_json("deck")
    assert doc["totals"] == {"4": 64, "3": 54, "2": 40, "classic": 66}
    assert sorted(doc["read_manual_cards"]) == ["coal_mine", "port"]
    r = run("deck")
    assert "64 / 54 / 40 at 4 / 3 / 2 players; 66 in the box" in r.stdout


def test_deck_classic():
    doc = run_json("deck", "-p", "3", "--variant", "classic")
    assert doc["total"] == 66 and doc["rounds_per_era"] == 10
    assert doc["random_removal"] == {"canal_under_deck_tile": 9, "rail_removed": 6}


def test_deck_players_out_of_range():
    assert run("deck", "--players", "5").exit_code == 2


# ----- tracks -------------------------------------------------------------------------------------
def test_tracks():
    doc = run_json("tracks")
    assert doc["coal_market"] == doc["iron_market"] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert doc["market_empty_price"] == 5
    assert doc["dcm_track"] == [3, 3, 2, 2, 1, 1, 0, 0, "X"]
    assert {k: len(v) for k, v in doc["dcm_tiles"].items()} == {"4": 12, "3": 10, "2": 8}
    income = {r["level"]: (r["first_space"], r["last_space"]) for r in doc["income_track"]}
    assert income[-10] == (0, 0) and income[0] == (10, 10) and income[30] == (97, 99)
    assert doc["setup"]["start_income_level"] == 0
    assert {k: len(v) for k, v in run_json("tracks", "-v", "classic")["dcm_tiles"].items()} == {
        "4": 12,
        "3": 12,
        "2": 8,
    }
    r = run("tracks")
    assert "Progress Track: spaces 0-99, income levels -10 to 30" in r.stdout


# ----- doubts and check ---------------------------------------------------------------------------
def test_doubts():
    doc = run_json("doubts")
    ids = {d["id"] for d in doc["doubtful"]}
    assert {"dcm-tiles-per-player-count", "banner-towns", "coal-mine-cards", "read-manual-cards"} <= ids
    r = run("doubts")
    assert "Check your box" in r.stdout


def test_check_clean():
    r = run("check")
    assert r.exit_code == 0, r.output
    assert "data files OK" in r.stdout
    assert run_json("check")["ok"] is True


def test_help_lists_the_commands():
    r = run("--help")
    assert r.exit_code == 0
    for cmd in ("map", "location", "lines", "mat", "deck", "tracks", "doubts", "check"):
        assert cmd in r.stdout


# ----- the real console script ------------------------------------------------------------------
def test_subprocess_location_json():
    p = subprocess.run(
        [sys.executable, "-m", "brass_judge", "data", "location", "warrington", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr
    loc = json.loads(p.stdout)["location"]
    assert loc["key"] == "warrington" and loc["name"] == "Warrington & Runcorn"
    assert loc["spaces"] == [["cotton_mill", "coal_mine"], ["port"]]


def test_subprocess_unknown_location_exits_2():
    p = subprocess.run(
        [sys.executable, "-m", "brass_judge", "data", "location", "atlantis"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode == 2
    assert "unknown location" in p.stderr


# ----- Brass: Birmingham (--game birmingham) --------------------------------------------------------
def test_birmingham_location_shows_a_merchant_in_full():
    doc = run_json("location", "warrington", "--game", "birmingham")
    assert doc["game"] == "birmingham"
    loc = doc["location"]
    assert loc["kind"] == "merchant" and loc["bonus"] == {"kind": "money", "amount": 5}
    assert loc["merchant_spaces"] == [[3, 4], [3, 4]] and loc["barrel_spaces"] == 2
    r = run("location", "warrington", "--game", "birmingham")
    assert r.exit_code == 0, r.output
    assert "Warrington (merchant)" in r.stdout
    assert "Merchant tile spaces   2 (#0 at 3/4 players; #1 at 3/4 players)" in r.stdout
    assert "Barrel bonus           £5" in r.stdout
    assert "stoke-on-trent-warrington" in r.stdout


def test_birmingham_location_forgiving_names_and_the_three_ended_line():
    assert run_json("location", "north farm", "-g", "birmingham")["location"]["key"] == "farm-brewery-north"
    r = run("location", "kidderminster", "--game", "birmingham")
    assert r.exit_code == 0, r.output
    # the line with three ends, written as actions write it (its two towns)
    assert "Farm Brewery (south) / Worcester   kidderminster-worcester" in r.stdout
    assert "Location cards 4p/3p/2p   2/2/2" in r.stdout and "(box)" not in r.stdout
    bad = run("location", "manchester", "--game", "birmingham")
    assert bad.exit_code == 2 and "unknown location 'manchester'" in bad.output


def test_birmingham_lines():
    doc = run_json("lines", "--game", "birmingham")
    assert doc["game"] == "birmingham" and doc["counts"] == {"lines": 39, "canal": 31, "rail": 38}
    three = [x for x in doc["lines"] if len(x["ends"]) == 3]
    assert [(x["notation"], x["ends"]) for x in three] == [
        ("kidderminster-worcester", ["farm-brewery-south", "kidderminster", "worcester"])
    ]
    canal = run_json("lines", "--game", "birmingham", "--era", "canal")
    assert canal["era"] == "canal" and canal["counts"]["lines"] == 31
    r = run("lines", "--game", "birmingham", "--era", "rail")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("38 link lines allowing rail: 30 take a canal, 38 a rail")
    assert "e.g. 'stone-stafford'" in r.stdout


def test_birmingham_data_texts_name_nothing_of_lancashire():
    """Every data table of Birmingham, in text: no Lancashire-only words (the Distant Cotton Market,
    the Classic box deck, ports, shipyards) and no 'a iron'."""
    for args in (
        ["map"],
        ["location", "birmingham"],
        ["location", "oxford"],
        ["lines"],
        ["mat"],
        ["deck"],
        ["deck", "-p", "2"],
        ["tracks"],
        ["markets"],
        ["doubts"],
        ["check"],
    ):
        r = run(*args, "--game", "birmingham")
        assert r.exit_code == 0, (args, r.output)
        for word in ("Distant Cotton", "Classic", "Box", "the box", "Port", "Ship", "a iron", "Lancashire"):
            assert word not in r.stdout, (args, word)
