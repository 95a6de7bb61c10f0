"""Messages that said the wrong thing (issue 17, item 5): each now says what happened."""

from __future__ import annotations

import re

from conftest import EXAMPLES, REPO, run_cli, run_json


def test_initials_and_abbreviations_of_locations_are_suggested(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text("era: canal\nround: 3\nturn: red\nplayers: {red: {}, blue: {}}\n", encoding="utf-8")
    for typed, meant in (
        ("W&R", "Warrington & Runcorn"),
        ("WR", "Warrington & Runcorn"),
        ("BiF", "Barrow-in-Furness"),
        ("EP", "Ellesmere Port"),
        ("runc", "Warrington & Runcorn"),
    ):
        r, out = run_json("check", str(pos), "--action", f"build cotton@{typed} card=bolton")
        assert r.returncode == 2 and meant in out["error"]["suggestions"], (typed, out)
    r = run_cli("check", str(pos), "--action", "build cotton@bolton card=W&R")
    assert "Did you mean: Warrington & Runcorn" in r.stderr


def test_market_is_not_a_location_to_correct(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text("era: canal\nround: 3\nturn: red\nplayers: {red: {}, blue: {}}\n", encoding="utf-8")
    r = run_cli("check", str(pos), "--action", "develop cotton card=wigan iron=market")
    assert r.returncode == 0 and "Manchester" not in r.stderr + r.stdout


def test_validate_does_not_say_nothing_judged():
    bad = REPO / "tests" / "bad_inputs" / "position-impossible.yaml"
    r = run_cli("validate", str(bad))
    assert r.returncode == 1 and "impossible position (3 problem(s))" in r.stdout and "judged" not in r.stdout
    r = run_cli("check", str(bad), "--action", "pass card=wigan")
    assert r.returncode == 1 and "the action is not judged" in r.stdout


def _log_without_blues_round_2_turn(tmp_path):
    lines = (EXAMPLES / "games" / "opening-2p.yaml").read_text(encoding="utf-8").splitlines()
    turns = [i for i, ln in enumerate(lines) if re.match(r"\s*- player: ", ln)]
    assert lines[turns[2]].strip() == "- player: blue"  # round 2 opens with blue's turn
    path = tmp_path / "missing.yaml"
    path.write_text("\n".join(lines[: turns[2]] + lines[turns[3] :]) + "\n", encoding="utf-8")
    return path, turns[2] + 1


def test_a_missing_turn_is_said_to_be_missing(tmp_path):
    path, line = _log_without_blues_round_2_turn(tmp_path)
    r, out = run_json("replay", str(path))
    assert r.returncode == 1
    f = out["findings"][0]
    assert f["code"] == "GAM006" and f["line"] == line
    assert "blue's turn is missing" in f["message"] and "add blue's turn before this one" in f["remedy"]
    # a turn given to the wrong player is still GAM002, and its fix names both readings
    r, out = run_json("replay", str(EXAMPLES / "games" / "bad-wrong-player.yaml"))
    assert out["findings"][0]["code"] == "GAM002" and "or add blue's turn" in out["findings"][0]["remedy"]


def test_an_illegal_picture_draws_no_coal_moving(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text(
        "era: canal\nround: 3\nturn: red\nplayers: {red: {money: 4}, blue: {money: 30}}\n"
        "tiles: [blue coal1@bolton cubes=2, red cotton1@bury]\n"
        "links: [blue bolton-manchester, red bury-manchester]\n",
        encoding="utf-8",
    )
    svg = tmp_path / "v.svg"
    r = run_cli("check", str(pos), "--action", "build iron@manchester card=manchester", "--render", str(svg))
    assert r.returncode == 1 and "BLD010" in r.stdout  # the coal was found, but red cannot pay
    drawn = svg.read_text(encoding="utf-8")
    assert drawn.count('stroke-dasharray="10 5"') == 1  # the legend's sample only: no coal route
    pos.write_text(pos.read_text(encoding="utf-8").replace("money: 4", "money: 30"), encoding="utf-8")
    r = run_cli("check", str(pos), "--action", "build iron@manchester card=manchester", "--render", str(svg))
    assert r.returncode == 0 and svg.read_text(encoding="utf-8").count('stroke-dasharray="10 5"') == 2


def test_a_remedy_reads_an_before_a_vowel_like_its_message():
    r, out = run_json(
        "check",
        str(EXAMPLES / "worked-turn" / "position.yaml"),
        "--action",
        "build iron@barrow card=lancaster",
    )
    bld001 = next(v for v in out["violations"] if v["code"] == "BLD001")
    assert "an Iron Works card with Barrow-in-Furness" in bld001["remedy"], bld001
    assert (
        " a Iron"
        not in run_cli(
            "check",
            str(EXAMPLES / "worked-turn" / "position.yaml"),
            "--action",
            "build iron@barrow card=lancaster",
        ).stdout
    )
