"""check --apply: the player (not the engine) chooses the tiles removed for an income shortfall,
with --shortfall or the action file's shortfall:, and the choice is judged (GAM005, Q033, Q034)."""

from __future__ import annotations

import yaml
from conftest import run_cli, run_json

# the end of Canal Era round 6: blue's pass ends the round; red owes £8 with £3 and owns a mill in
# Bolton (half cost £7), a coal mine in Wigan (£3) and a port in Preston (£3)
POSITION = """\
era: canal
round: 6
turn: blue
order: [red, blue]
turns_taken: [red]
actions_left: 1
players:
  red: {money: 3, income_space: 2, vp: 0}
  blue: {money: 4, income_space: 0, vp: 3}
tiles:
  - red cotton2@bolton flipped
  - red coal2@wigan cubes=1
  - red port1@preston
"""


def _files(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text(POSITION, encoding="utf-8")
    return str(pos), str(tmp_path / "next.yaml")


def _tiles(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)["tiles"]


def test_the_engine_picks_and_says_so_without_a_choice(tmp_path):
    pos, out = _files(tmp_path)
    r, d = run_json("check", pos, "--action", "pass card=wigan", "--apply", "--out", out)
    assert r.returncode == 0 and any(
        "choice of tiles to remove" in t and "not recorded" in t for t in d["after_turn"]
    )


def test_a_stated_choice_is_used(tmp_path):
    pos, out = _files(tmp_path)
    # red keeps the cheaper tiles' alternative: the mill in Bolton alone covers the £8 (£3 + £7)
    r, d = run_json(
        "check", pos, "--action", "pass card=wigan", "--apply", "--out", out, "--shortfall", "red=bolton"
    )
    assert r.returncode == 0 and d["out"] == out, d
    assert any("removes the level 2 Cotton Mill in Bolton" in t for t in d["after_turn"])
    assert not any("not recorded" in t for t in d["after_turn"])
    kept = " ".join(str(t) for t in _tiles(out))
    assert "bolton" not in kept and "wigan" in kept and "preston" in kept


def test_a_choice_in_the_action_file(tmp_path):
    pos, out = _files(tmp_path)
    act = tmp_path / "turn.yaml"
    act.write_text("actions: [pass card=wigan]\nshortfall: {Red: [wigan, 'preston#0']}\n", encoding="utf-8")
    r, d = run_json("check", pos, str(act), "--apply", "--out", out)
    assert r.returncode == 0, d
    kept = " ".join(str(t) for t in _tiles(out))
    assert "bolton" in kept and "wigan" not in kept and "preston" not in kept


def test_a_choice_the_rules_refuse_is_judged_and_nothing_is_written(tmp_path):
    pos, out = _files(tmp_path)
    # Bolton already covers the shortfall: removing Wigan as well is not allowed (Q034)
    r, d = run_json(
        "check",
        pos,
        "--action",
        "pass card=wigan",
        "--apply",
        "--out",
        out,
        "--shortfall",
        "red=bolton,wigan",
    )
    assert r.returncode == 1 and d["verdict"] == "illegal" and d["out"] is None
    assert [v["code"] for v in d["violations"]] == ["GAM005"] and "already covered" in d["violations"][0][
        "message"
    ]
    assert "Q034" in d["rulings"]
    assert not (tmp_path / "next.yaml").exists()
    r = run_cli(
        "check", pos, "--action", "pass card=wigan", "--apply", "--out", out, "--shortfall", "red=manchester"
    )
    assert r.returncode == 1 and "red has no tile in Manchester" in r.stdout and "nothing written" in r.stdout


def test_unusable_shortfall_choices(tmp_path):
    pos, out = _files(tmp_path)
    base = ("check", pos, "--action", "pass card=wigan")
    r = run_cli(*base, "--apply", "--out", out, "--shortfall", "purple=bolton")
    assert r.returncode == 2 and "unknown player 'purple'" in r.stderr
    r = run_cli(*base, "--apply", "--out", out, "--shortfall", "red")
    assert r.returncode == 2 and "INP023" in r.stderr
    r = run_cli(*base, "--shortfall", "red=bolton")  # without --apply nothing ends the round
    assert r.returncode == 2 and "--apply" in r.stderr


def test_a_choice_when_the_round_does_not_end_is_said(tmp_path):
    pos, out = _files(tmp_path)
    text = POSITION.replace("turns_taken: [red]\n", "").replace("turn: blue", "turn: red")
    (tmp_path / "pos.yaml").write_text(text, encoding="utf-8")
    r, d = run_json(
        "check", pos, "--action", "pass card=wigan", "--apply", "--out", out, "--shortfall", "red=bolton"
    )
    assert r.returncode == 0 and any("was not used" in t for t in d["after_turn"])


def test_too_few_tiles_named_says_what_is_owed_and_a_misspelt_town_gets_suggestions(tmp_path):
    pos, out = _files(tmp_path)
    base = ("check", pos, "--action", "pass card=wigan", "--apply", "--out", out)
    r, d = run_json(*base, "--shortfall", "red=wigan")
    assert r.returncode == 1 and [v["code"] for v in d["violations"]] == ["GAM005"]
    msg = d["violations"][0]["message"]
    assert "must pay £8 of negative income" in msg and "2 other tile(s)" in msg and "removed first" not in msg
    r, d = run_json(*base, "--shortfall", "red=bolten")
    msgs = " ".join(v["message"] for v in d["violations"])
    assert "did you mean: Bolton" in msgs and "still has 3 tile(s)" in msgs
