"""Game logs: reading, replaying (in-process and through the CLI), --at/--out, writing logs."""

from __future__ import annotations

import random

import pytest
import yaml
from conftest import EXAMPLES, run_cli, run_json

from brass_judge.data import game_data
from brass_judge.engine import check, flow
from brass_judge.errors import InputError
from brass_judge.games import LogRecorder, dump_log, read_log, replay, write_log
from brass_judge.model import Pass, Turn

GAMES = EXAMPLES / "games"
DATA = game_data()


def marker_line(path, code: str) -> int:
    """The line of the example marked ``# <- CODE``."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if f"# <- {code}" in line:
            return i
    raise AssertionError(f"no '# <- {code}' marker in {path}")


# ------------------------------------------------------------------------------ clean games
@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_example_games_replay_cleanly(n):
    res = replay(str(GAMES / f"{n}p-full.yaml"))
    assert res.ok, [f.to_dict() for f in res.findings]
    assert res.game_over and not res.stopped
    assert res.actions == res.total_actions
    assert len(res.players) == n
    log = read_log(str(GAMES / f"{n}p-full.yaml"))
    assert {r["player"]: r["vp"] for r in res.scores} == log.final["scores"]
    assert res.assumptions == []  # shortfall choices are recorded, every draw is known
    assert {"Q024", "Q028", "Q039", "Q042", "Q048"} <= set(res.rulings)


def test_every_position_of_a_replay_is_valid():
    from brass_judge.engine.validate import validate

    path = str(GAMES / "3p-full.yaml")
    total = replay(path).total_actions
    for n in range(1, total + 2, 7):
        pos = replay(path, stop_before=n).position
        assert validate(pos, DATA) == [], n
        assert pos.draw_deck == len(pos.draw_pile)


def test_opening_log_with_recorded_facts():
    res = replay(str(GAMES / "opening-2p.yaml"))
    assert res.ok and not res.game_over
    assert (res.position.era, res.position.round) == ("canal", 5)


# ------------------------------------------------------------------------------ problems
@pytest.mark.parametrize(
    "name,code",
    [
        ("bad-illegal-build", "BLD002"),
        ("bad-wrong-player", "GAM002"),
        ("bad-incomplete-turn", "GAM003"),
        ("bad-fact-mismatch", "GAM001"),
    ],
)
def test_bad_examples_stop_at_the_marked_line(name, code):
    path = GAMES / f"{name}.yaml"
    res = replay(str(path))
    assert not res.ok
    first = res.findings[0]
    assert first.code == code
    assert first.line == marker_line(path, code)
    assert first.file == str(path)
    assert first.era == "canal" and first.round is not None


def test_illegal_action_names_round_player_and_action_numbers():
    res = replay(str(GAMES / "bad-illegal-build.yaml"))
    f = res.findings[0]
    assert res.stopped and len(res.findings) == 1
    assert (f.round, f.player, f.turn, f.action_in_turn, f.action) == (2, "red", 4, 2, 6)
    assert [v.code for v in f.violations] == ["BLD002"]
    assert {"Q051", "Q073"} <= set(f.rulings) and "Q052" not in f.rulings  # Rochdale is not connected to red
    assert f.remedy and "Rochdale" in f.remedy
    # the position is the one before the illegal action
    assert res.position.turn == "red" and res.position.actions_left == 1


def test_keep_going_records_every_problem(tmp_path):
    text = (GAMES / "opening-2p.yaml").read_text(encoding="utf-8")
    text = text.replace("card=macclesfield  #", "card=preston  #")  # blue holds no Preston card
    text = text.replace("income_space: 12, income_level: 1}", "income_space: 11, income_level: 1}")
    p = tmp_path / "two.yaml"
    p.write_text(text, encoding="utf-8")
    strict = replay(str(p))
    assert [f.code for f in strict.findings] == ["TRN003"]
    lenient = replay(str(p), keep_going=True)
    codes = [f.code for f in lenient.findings]
    assert codes[0] == "TRN003" and "GAM001" in codes
    assert lenient.actions == lenient.total_actions


def test_turn_after_the_game_end_is_reported(tmp_path):
    obj = yaml.safe_load((GAMES / "2p-full.yaml").read_text(encoding="utf-8"))
    final = obj.pop("final")
    obj["turns"].append({"player": "red", "actions": ["pass"]})
    obj["final"] = final
    p = tmp_path / "late.yaml"
    p.write_text(dump_log(obj), encoding="utf-8")
    res = replay(str(p))
    assert [f.code for f in res.findings] == ["GAM004"]
    lines = p.read_text(encoding="utf-8").splitlines()
    assert res.findings[0].line == max(i for i, x in enumerate(lines, 1) if x == "- player: red")


def test_final_scores_that_differ(tmp_path):
    obj = yaml.safe_load((GAMES / "2p-full.yaml").read_text(encoding="utf-8"))
    name = next(iter(obj["final"]["scores"]))
    obj["final"]["scores"][name] += 1
    p = tmp_path / "final.yaml"
    p.write_text(dump_log(obj), encoding="utf-8")
    res = replay(str(p))
    assert [f.code for f in res.findings] == ["GAM001"]
    assert "score" in res.findings[0].message


def test_shortfall_choice_of_a_tile_the_player_does_not_have(tmp_path):
    obj = yaml.safe_load((GAMES / "3p-full.yaml").read_text(encoding="utf-8"))
    assert obj.get("shortfalls"), "the 3-player example records shortfall choices"
    obj["shortfalls"][0]["remove"] = ["blackpool"]
    p = tmp_path / "sf.yaml"
    p.write_text(dump_log(obj), encoding="utf-8")
    res = replay(str(p), keep_going=True)
    gam5 = [f for f in res.findings if f.code == "GAM005"]
    entry = read_log(str(p)).shortfalls[0]
    assert gam5 and gam5[0].line == entry.line and gam5[0].player == entry.player
    assert "Blackpool" in gam5[0].message


@pytest.mark.parametrize(
    "text,code",
    [
        ("setup: {players: [red, blue]}\nturns: []\n", "INP072"),  # no seed and no orders
        ("setup: {players: [red, blue], seed: 1}\nturns:\n  - {player: red, actions: [buld x]}\n", "INP020"),
        ("setup: {players: [red, blue], seed: 1}\nturns:\n  - {player: purple, actions: [pass]}\n", "INP010"),
        ("setup: {players: [red, blue], seed: 1}\nturns:\n  - {player: red, action: [pass]}\n", "INP031"),
    ],
)
def test_unusable_logs_raise_input_errors_with_lines(text, code):
    with pytest.raises(InputError) as e:
        replay(text)
    errors = getattr(e.value, "errors", None) or [e.value]
    assert code in [x.code for x in errors]
    if code != "INP072":
        assert all(x.line == 3 for x in errors)


def test_seeded_log_replays_from_the_seed():
    pos = flow.setup(["red", "blue"], DATA, rng=random.Random(77))
    turns = []
    for _ in range(2):  # round 1: one pass each, naming the first card in hand
        me = pos.turn
        card = pos.player[me].hand[0]
        pos = check(pos, Turn((Pass((card,)),), me), DATA).position
        turns.append((me, [f"pass card={card}"]))
        pos, _ = flow.end_turn(pos, DATA)
    log = write_log({"players": ["red", "blue"], "seed": 77}, turns)
    res = replay(log)
    assert res.ok and res.position.round == 2


# ------------------------------------------------------------------------------ writing logs
def test_recorder_round_trip_through_yaml():
    log = read_log(str(GAMES / "2p-full.yaml"))
    res = replay(log)
    # record the same game again from a fresh setup with LogRecorder
    pos = flow.setup(
        log.players,
        DATA,
        deck_order=log.setup["deck_order"],
        dcm_order=log.setup["dcm_order"],
        turn_order=log.setup["turn_order"],
    )
    rec = LogRecorder(pos, seat_order=log.players)
    for t in log.turns:
        for la in t.actions:
            pos = check(pos, Turn((la.action,), t.player), DATA).position
        rec.add_turn(t.player, [la.action for la in t.actions])
        pos, fx = flow.end_turn(
            pos,
            DATA,
            rail_deck_order=log.setup["rail_deck_order"],
            rail_dcm_order=log.setup["rail_dcm_order"],
        )
        rec.observe(pos, fx)
    text = dump_log(rec.to_obj(final=pos))
    again = replay(text)
    assert again.ok and again.scores == res.scores
    assert read_log(text).setup["rail_deck_order"] == log.setup["rail_deck_order"]


# ------------------------------------------------------------------------------ CLI
def test_cli_replay_clean_exit_0_and_json():
    r, d = run_json("replay", str(GAMES / "4p-full.yaml"))
    assert r.returncode == 0, r.stderr
    assert d["ok"] and d["game_over"] and d["findings"] == []
    assert len(d["scores"]) == 4 and d["winners"]
    for key in ("actions", "total_actions", "rulings", "assumptions", "era", "round"):
        assert key in d


def test_cli_replay_illegal_exit_1_with_line():
    path = GAMES / "bad-illegal-build.yaml"
    r, d = run_json("replay", str(path))
    assert r.returncode == 1
    f = d["findings"][0]
    assert f["code"] == "BLD002" and f["line"] == marker_line(path, "BLD002")
    assert f["violations"][0]["rulings"] == ["Q051", "Q073"]
    r = run_cli("replay", str(path))
    assert r.returncode == 1 and "BLD002" in r.stdout and f":{f['line']}" in r.stdout


def test_cli_replay_unusable_exit_2(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(
        "setup: {players: [red, blue], seed: 1}\nturns:\n  - {player: red, actions: [build nowhere]}\n"
    )
    r = run_cli("replay", str(p))
    assert r.returncode == 2 and "INP020" in r.stderr and ":3" in r.stderr


def test_cli_replay_at_out_round_trip_into_check(tmp_path):
    path = str(GAMES / "3p-full.yaml")
    log = read_log(path)
    actions = [la.action for t in log.turns for la in t.actions]
    n = 57
    out = tmp_path / "pos.yaml"
    r = run_cli("replay", path, "--at", str(n), "--out", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    from brass_judge.notation import format_action

    r, d = run_json("check", str(out), "--action", format_action(actions[n - 1]))
    assert r.returncode == 0, d
    assert d["verdict"] == "legal"
    # the position written is the one the replay has before action n
    from brass_judge.position_io import load_position

    here = replay(path, stop_before=n).position
    back = load_position(str(out)).position
    assert back.player == here.player and back.players == here.players and back.draw_pile == here.draw_pile


def test_cli_replay_at_out_of_range_is_unusable():
    r = run_cli("replay", str(GAMES / "opening-2p.yaml"), "--at", "999", "--out", "x.yaml")
    assert r.returncode == 2 and "INP073" in r.stderr


def test_schema_command_prints_the_game_schema():
    r = run_cli("schema", "game")
    assert r.returncode == 0 and '"turns"' in r.stdout


def test_replay_render_dir_writes_one_picture_per_round(tmp_path):
    """--render-dir: one SVG per round end (2 players: 10 rounds per era, Q018)."""
    import xml.etree.ElementTree as ET

    from conftest import run_json

    out = tmp_path / "pics"
    r, d = run_json("replay", str(GAMES / "2p-full.yaml"), "--render-dir", str(out))
    assert r.returncode == 0, r.stderr
    files = sorted(out.glob("*.svg"))
    assert len(files) == 20 == len(d["pictures"])
    assert files[0].name == "01-canal-round-01.svg" and files[-1].name == "20-rail-round-10.svg"
    root = ET.parse(files[-1]).getroot()
    assert root.tag.endswith("svg")
