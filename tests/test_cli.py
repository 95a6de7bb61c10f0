"""The console script as a subprocess: exit codes, --format json, --version, start-up imports,
and that an installed wheel carries rulings/ and schemas/."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, run_cli, run_json

POS = str(EXAMPLES / "worked-turn" / "position.yaml")
TURN = str(EXAMPLES / "worked-turn" / "turn.yaml")


def test_version():
    r = run_cli("--version")
    assert r.returncode == 0
    assert r.stdout.startswith("brass-judge 0.")


def test_console_script_on_path_runs_from_elsewhere(tmp_path):
    exe = shutil.which("brass-judge") or str(Path(sys.executable).parent / "brass-judge")
    assert Path(exe).exists(), "the brass-judge console script is not installed"
    r = subprocess.run(
        [exe, "check", POS, TURN, "--format", "json"], capture_output=True, text=True, cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["verdict"] == "legal"


def test_help_lists_every_command():
    r = run_cli("--help")
    assert r.returncode == 0
    for cmd in ("check", "validate", "rulings", "data", "schema"):
        assert cmd in r.stdout


@pytest.mark.parametrize("args", [["--help"], ["rulings", "show", "Q001"], ["rulings", "search", "coal"]])
def test_light_commands_do_not_import_networkx_or_jsonschema(args):
    r = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    imported = {
        line.split("|")[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")
    }
    assert "networkx" not in imported
    assert "jsonschema" not in imported


def test_check_legal_exit_0_and_json_contract():
    r, d = run_json("check", POS, TURN)
    assert r.returncode == 0
    for key in ("verdict", "violations", "rulings", "effects", "assumptions", "outcomes"):
        assert key in d
    assert d["verdict"] == "legal" and d["violations"] == []
    assert {"Q118", "Q031"} <= set(d["rulings"])


def test_check_illegal_exit_1_with_codes_and_remedy():
    r, d = run_json("check", POS, "--action", "build iron@preston card=preston")
    assert r.returncode == 1
    assert d["verdict"] == "illegal"
    v = d["violations"][0]
    assert v["code"] == "BLD011" and "Q060" in v["rulings"] and v["remedy"]


def test_check_unusable_input_exit_2_no_traceback(tmp_path):
    r = run_cli("check", str(tmp_path / "missing.yaml"), "--action", "pass")
    assert r.returncode == 2
    assert "Traceback" not in r.stderr + r.stdout
    assert "not found" in r.stderr and "missing.yaml" in r.stderr
    r = run_cli("check", POS, "--action", "build cotton@mancester card=manchester")
    assert r.returncode == 2 and "Manchester" in r.stderr
    r, d = run_json("check", POS, "--action", "bild")
    assert r.returncode == 2 and d["error"]["suggestions"] == ["build"]


def test_check_apply_writes_a_position_that_loads(tmp_path):
    out = tmp_path / "next.yaml"
    r = run_cli("check", POS, "--action", "loan 30 card=bury", "--apply", "--out", str(out))
    assert r.returncode == 0, r.stderr
    r2, d = run_json("validate", str(out))
    assert r2.returncode == 0 and d["valid"]
    import yaml

    new = yaml.safe_load(out.read_text())
    assert new["players"]["green"]["money"] == 50
    assert new["players"]["green"]["income_space"] == 8  # level 1 -> -2: space 8 is level -2 (Q035)


def test_apply_of_a_turn_last_action_passes_the_turn_on(tmp_path):
    """The file written after a turn's last action is ready for the next player (turn passed, hand
    refilled or marked unknown, the round ended after the last player)."""
    import yaml

    first = tmp_path / "r1.yaml"
    first.write_text(
        "era: canal\nround: 1\norder: [red, blue]\nturn: red\nplayers: {red: {}, blue: {}}\n"
        "deck: {draw: 22}\n"
    )
    out = tmp_path / "r1-after-red.yaml"
    r, d = run_json(
        "check", str(first), "--action", "build cotton@bolton card=bolton", "--apply", "--out", str(out)
    )
    assert r.returncode == 0 and d["out"] == str(out)
    assert any("blue's turn (1 action(s))" in t for t in d["after_turn"])
    new = yaml.safe_load(out.read_text())
    assert (new["turn"], new["actions_left"], new["deck"]["draw"]) == ("blue", 1, 21)
    # blue now acts on that file without naming anyone; red acting is TRN001 alone (red's 0 actions
    # left are not blue's problem, nor red's: it is not red's turn)
    r2 = run_cli(
        "check",
        str(out),
        "--action",
        "build port@liverpool card=liverpool",
        "--apply",
        "--out",
        str(tmp_path / "r2.yaml"),
    )
    assert r2.returncode == 0, r2.stdout
    assert "Canal Era round 2 begins" in r2.stdout  # blue was the last player of the round
    r3, d3 = run_json("check", str(out), "--action", "loan 10 card=wigan", "--player", "red")
    assert r3.returncode == 1 and [v["code"] for v in d3["violations"]] == ["TRN001"]
    r4 = run_cli(
        "check",
        str(out),
        "--action",
        "loan 10 card=wigan",
        "--player",
        "red",
        "--apply",
        "--out",
        str(tmp_path / "never.yaml"),
    )
    assert "nothing written" in r4.stdout and not (tmp_path / "never.yaml").exists()


def test_validate_reports_impossible_position_with_lines(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("era: canal\nplayers: [red, blue]\ntiles:\n  - red cotton@bolton\n  - red coal@bolton\n")
    r, d = run_json("validate", str(p))
    assert r.returncode == 1
    codes = {x["code"] for x in d["problems"]}
    assert "POS003" in codes
    assert any(x["line"] == 4 for x in d["problems"])


def test_schema_command():
    r = run_cli("schema", "position")
    assert r.returncode == 0
    assert json.loads(r.stdout)["title"] == "brass-judge position"
    r = run_cli("schema", "positon")
    assert r.returncode == 2 and "position" in r.stderr


def test_python_dash_m_and_module_api_agree():
    import brass_judge
    from brass_judge.action_io import load_turn
    from brass_judge.data import game_data

    lp = brass_judge.load_position(POS)
    v = brass_judge.check(lp, load_turn(TURN, game_data()))
    r, d = run_json("check", POS, TURN)
    assert v.to_dict()["rulings"] == d["rulings"]
    assert [e["text"] for e in v.to_dict()["effects"]] == [e["text"] for e in d["effects"]]


def test_wheel_carries_rulings_schemas_and_data(tmp_path):
    """Installed wheels must still find rulings and schemas (design card)."""
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    wheel = next(tmp_path.glob("brass_judge-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "brass_judge/_bundled/rulings/lancashire.yaml" in names
    assert "brass_judge/_bundled/schemas/position.schema.json" in names
    assert "brass_judge/games/lancashire/data/map.yaml" in names


def test_installed_copy_finds_its_data_outside_the_source_tree(tmp_path):
    code = (
        "import brass_judge.resources as r, pathlib; p = r.rulings_file(); s = r.schema_file('position');"
        "print(p.exists() and s.exists())"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.stdout.strip() == "True", r.stderr


def test_a_file_of_the_wrong_kind_is_named_for_what_it_is():
    """Arguments swapped or the wrong command: say what the file is and which command takes it,
    rather than listing its keys as unknown."""
    r = run_cli("check", "examples/worked-turn/turn.yaml", "examples/worked-turn/position.yaml")
    assert r.returncode == 2 and "INP030" in r.stderr and "this is an action file" in r.stderr
    assert "position file comes first" in r.stderr and "unknown key" not in r.stderr
    r = run_cli("validate", "examples/games/2p-full.yaml")
    assert r.returncode == 2 and "this is a game log" in r.stderr and "replay" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1  # one message, not a flood of INP031/INP032
    r = run_cli("replay", "examples/worked-turn/position.yaml")
    assert r.returncode == 2 and "this is a position file, not a game log" in r.stderr
    r, d = run_json("replay", "examples/worked-turn/turn.yaml")
    assert r.returncode == 2 and d["error"]["code"] == "INP070" and "action file" in d["error"]["message"]


def test_standard_input_as_a_file():
    """'-' reads a position or a game log from a pipe; selfplay -o - writes the log to one."""
    text = (EXAMPLES / "worked-turn" / "position.yaml").read_text(encoding="utf-8")
    r = run_cli("check", "-", "--action", "pass card=wigan", input=text)
    assert r.returncode == 0 and r.stdout.startswith("LEGAL")
    r = run_cli("validate", "-", input="a: [1")
    assert r.returncode == 2 and r.stderr.startswith("error[INP007]: <stdin>:1:4:")
    game = run_cli("selfplay", "-n", "2", "-s", "3", "-o", "-")
    assert game.returncode == 0 and "setup:" in game.stdout and "turns:" in game.stdout
    assert "self-play, 2 players" in game.stderr  # the scores go to stderr
    r = run_cli("replay", "-", input=game.stdout)
    assert r.returncode == 0 and "Final scores" in r.stdout


def test_apply_of_the_canal_eras_last_turn_scores_and_deals_an_unknown_rail_deck(tmp_path):
    """--apply across the end of the Canal Era: scoring happens, and the Rail Era hands, dealt at
    the table, are unknown in the file written (with an assumption), which validates."""
    import yaml

    last = tmp_path / "last.yaml"
    last.write_text(
        "era: canal\nround: 8\norder: [red, blue, green, yellow]\nturn: yellow\n"
        "turns_taken: [red, blue, green]\nplayers: {red: {hand: []}, blue: {hand: []}, "
        "green: {hand: []}, yellow: {hand: [wigan, bolton]}}\ndeck: {draw: 0}\n"
        "tiles: [yellow cotton1@bolton flipped]\nlinks: [yellow bolton-bury]\n"
    )
    out = tmp_path / "rail.yaml"
    r, d = run_json(
        "check", str(last), "--action", "pass card=wigan; pass card=bolton", "--apply", "--out", str(out)
    )
    assert r.returncode == 0
    assert any("the Canal Era ends" in t for t in d["after_turn"])
    assert any("every hand is unknown" in t for t in d["after_turn"])
    new = yaml.safe_load(out.read_text())
    assert (new["era"], new["round"], new["deck"]["draw"]) == ("rail", 1, 32)
    assert (
        new["players"]["yellow"]["vp"] == 6 and "hand" not in new["players"]["yellow"]
    )  # 5 + 1, hand unknown
    assert new["tiles"] == []  # the level 1 mill left the board
    assert run_cli("validate", str(out)).returncode == 0
