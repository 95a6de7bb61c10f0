"""Checkable logs: ``replay --annotate OUT`` writes the facts the rules give after every turn into
a copy of the log (keeping the user's text), ``selfplay --facts`` writes them, and a legal but
wrong entry is then caught at its own turn."""

from __future__ import annotations

import json
import re
import shutil

import yaml
from conftest import EXAMPLES, run_cli, run_json

from brass_judge.games import replay
from brass_judge.log_facts import annotate

GAMES = EXAMPLES / "games"
AFTER = re.compile(r"^\s*after: \{.*\}\s*$")


def _inserted(old: str, new: str) -> list:
    """The lines of *new* that are not in *old*, checking that *old*'s lines are all kept, in order."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    added, i = [], 0
    for j, line in enumerate(new_lines, 1):
        if i < len(old_lines) and line == old_lines[i]:
            i += 1
        else:
            added.append((j, line))
    assert i == len(old_lines), "a line of the original log was changed or lost"
    return added


def test_annotate_inserts_facts_and_keeps_every_line(tmp_path):
    src = GAMES / "opening-2p.yaml"
    out = tmp_path / "annotated.yaml"
    r = run_cli("replay", str(src), "--annotate", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert (
        f"annotated copy written to {out}: facts after 3 turn(s); 5 turn(s) already record facts" in r.stdout
    )
    old, new = src.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    added = _inserted(old, new)
    assert len(added) == 3 and all(AFTER.match(line) for _, line in added)
    data = yaml.safe_load(new)
    assert all("after" in t for t in data["turns"])
    assert data["turns"][2]["after"] == {"blue": {"money": 9, "income_level": 0, "vp": 0}}
    res = replay(str(out))
    assert res.ok  # the facts written are the facts the rules give
    assert yaml.safe_load(old)["turns"][0] == data["turns"][0]  # a turn's own facts are kept as written


def test_a_wrong_but_legal_entry_is_caught_at_its_own_turn(tmp_path):
    """Red took a loan of £20 at the table, but the log says 30: the action is legal, so without
    facts only the scores at the end would differ. With the facts of the real game recorded after
    each turn, the replay reports red's money right at that turn."""
    table = annotate((GAMES / "opening-2p.yaml").read_text(encoding="utf-8")).text  # the game as played
    wrong = table.replace("loan 20 card=port", "loan 30 card=port")
    assert wrong != table
    log = tmp_path / "written.yaml"
    log.write_text(wrong, encoding="utf-8")
    lines = wrong.splitlines()
    loan_line = next(i for i, x in enumerate(lines, 1) if "loan 30" in x)
    after_line = next(i for i, x in enumerate(lines, 1) if i > loan_line and x.strip().startswith("after:"))
    r, out = run_json("replay", str(log))
    assert r.returncode == 1
    first = out["findings"][0]
    assert first["code"] == "GAM001" and first["line"] == after_line == loan_line + 1
    assert "red's money after turn 5" in first["message"] and "records 33" in first["message"]
    assert "the rules give 43" in first["message"]
    lint = run_cli("lint", str(log), "-q")
    assert lint.stdout.startswith(f"{log}:{after_line}: GAM001 red's money after turn 5")


def test_annotate_stops_at_the_first_departure(tmp_path):
    out = tmp_path / "a.yaml"
    r, js = run_json("replay", str(GAMES / "bad-illegal-build.yaml"), "--annotate", str(out))
    assert r.returncode == 1
    assert js["annotate"] == {
        "annotated": 3,
        "kept": [],
        "not_reached": 1,
        "stopped_at": {"code": "BLD002", "line": 35, "turn": 4},
        "out": str(out),
    }
    r = run_cli("replay", str(GAMES / "bad-illegal-build.yaml"), "--annotate", str(out))
    assert "1 turn(s) from the first problem at line 35 on are not annotated" in r.stdout
    turns = yaml.safe_load(out.read_text(encoding="utf-8"))["turns"]
    assert ["after" in t for t in turns] == [True, True, True, False]


def test_annotate_handles_flow_entries_and_crlf(tmp_path):
    text = (
        "game: lancashire\r\n"
        "setup: {players: [red, blue], turn_order: [red, blue],\r\n"
        "  deck_order: "
        + json.dumps(yaml.safe_load((GAMES / "opening-2p.yaml").read_text())["setup"]["deck_order"])
        + ",\r\n  dcm_order: [2, 3, 1, 4, 2, 3, 2, 3]}\r\n"
        "turns:\r\n"
        "  - {player: red, actions: [build cotton_mill@manchester card=manchester]}   # red opens\r\n"
        "  - player: blue\r\n"
        "    actions: build port@warrington card=warrington\r\n"
    )
    src = tmp_path / "flow.yaml"
    src.write_bytes(text.encode("utf-8"))
    out = tmp_path / "out.yaml"
    r = run_cli("replay", str(src), "--annotate", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    raw = out.read_bytes().decode("utf-8")
    assert "\n" not in raw.replace("\r\n", "")  # every line still ends in CRLF
    assert (
        "  - {player: red, actions: [build cotton_mill@manchester card=manchester], "
        "after: {red: {money: 18, income_level: 0, vp: 0}}}   # red opens\r\n"
    ) in raw
    assert raw.endswith("    after: {blue: {money: 24, income_level: 0, vp: 0}}\r\n")
    assert replay(str(out)).ok


def test_annotate_never_over_the_log_and_not_with_at(tmp_path):
    src = tmp_path / "g.yaml"
    shutil.copy(GAMES / "opening-2p.yaml", src)
    before = src.read_bytes()
    for target in (src, tmp_path / "." / "g.yaml"):
        r = run_cli("replay", str(src), "--annotate", str(target))
        assert r.returncode == 2 and "INP061" in r.stderr and src.read_bytes() == before
    r = run_cli("replay", str(src), "--annotate", str(tmp_path / "x.yaml"), "--at", "3")
    assert r.returncode == 2 and "--at" in r.stderr and not (tmp_path / "x.yaml").exists()
    r = run_cli("replay", str(src), "--annotate", str(tmp_path / "no" / "dir" / "x.yaml"))
    assert r.returncode == 2 and "INP061" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]  # no temp file left behind


def test_annotate_reads_standard_input(tmp_path):
    out = tmp_path / "a.yaml"
    r = run_cli(
        "replay", "-", "--annotate", str(out), input=(GAMES / "opening-2p.yaml").read_text(encoding="utf-8")
    )
    assert r.returncode == 0, r.stderr
    assert replay(str(out)).ok and out.read_text(encoding="utf-8").count("after:") == 8


def test_selfplay_facts_records_every_turn(tmp_path):
    out = tmp_path / "g.yaml"
    r = run_cli("selfplay", "-n", "3", "-s", "4", "--facts", "-o", str(out))
    assert r.returncode == 0, r.stderr
    log = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert all(set(t["after"][t["player"]]) == {"money", "income_level", "vp"} for t in log["turns"])
    # at the end of each era every player's VP changes, so every player is recorded there
    assert any(len(t["after"]) == 3 for t in log["turns"])
    res = replay(str(out))
    assert res.ok and res.game_over
    plain = tmp_path / "p.yaml"
    run_cli("selfplay", "-n", "3", "-s", "4", "-o", str(plain))
    assert "after:" not in plain.read_text(encoding="utf-8")
    assert _inserted(
        plain.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    )  # same game, plus facts
    r = run_cli("selfplay", "--facts")
    assert r.returncode == 2 and "--out" in r.stderr


def _selfplay_with_wrong_loan(tmp_path):
    """A self-played 2-player game with facts after every turn, then its first loan rewritten as a
    loan of 30: the facts are the game as played, the action is legal but wrong."""
    good = tmp_path / "played.yaml"
    r = run_cli("selfplay", "-n", "2", "-s", "3", "--facts", "-o", str(good))
    assert r.returncode == 0, r.stderr
    lines = good.read_text(encoding="utf-8").splitlines(keepends=True)
    i = next(i for i, x in enumerate(lines) if re.search(r"- loan (10|20) ", x))
    lines[i] = re.sub(r"loan (10|20) ", "loan 30 ", lines[i])
    bad = tmp_path / "written.yaml"
    bad.write_text("".join(lines), encoding="utf-8")
    return bad, i + 1


def test_later_facts_of_a_parted_player_follow_the_first_difference(tmp_path):
    bad, loan_line = _selfplay_with_wrong_loan(tmp_path)
    r, out = run_json("replay", str(bad))
    assert r.returncode == 1
    codes = [f["code"] for f in out["findings"]]
    first = [f for f in out["findings"] if f["code"] == "GAM001"]
    later = [f for f in out["findings"] if f["code"] == "GAM007"]
    assert first and later and codes.index("GAM007") > codes.index("GAM001")
    player = first[0]["player"]
    assert all(f["player"] == player for f in first) and len({f["line"] for f in first}) == 1
    assert first[0]["line"] > loan_line and first[0]["line"] - loan_line <= 3  # the turn's own after: line
    for f in later:
        assert f["player"] == player and f["line"] > first[0]["line"]
        assert f["follows"] == {"code": "GAM001", "line": first[0]["line"], "turn": first[0]["turn"]}
        assert f"(line {first[0]['line']})" in f["message"]
    assert "follows" not in first[0]
    # lint lists the first difference only and counts the rest
    r, lint = run_json("lint", str(bad))
    assert r.returncode == 1
    assert [f["code"] for f in lint["findings"]] == ["GAM001"] * len(first)
    assert sum(len(f["consequences"]) for f in lint["findings"]) == len(later)
    assert all(c["code"] == "GAM007" for f in lint["findings"] for c in f["consequences"])


def test_a_player_back_in_step_starts_afresh(tmp_path):
    """Two separate slips in the recorded facts (not in the actions): each is a first difference."""
    table = annotate((GAMES / "opening-2p.yaml").read_text(encoding="utf-8")).text
    lines = table.splitlines(keepends=True)
    red_money = [i for i, x in enumerate(lines) if x.strip().startswith("after: {red: {money:")]
    assert len(red_money) >= 2
    for i in (red_money[0], red_money[-1]):
        lines[i] = re.sub(r"money: (\d+)", lambda m: f"money: {int(m.group(1)) + 1}", lines[i])
    log = tmp_path / "slips.yaml"
    log.write_text("".join(lines), encoding="utf-8")
    r, out = run_json("replay", str(log))
    got = [(f["code"], f["line"]) for f in out["findings"]]
    assert got == [("GAM001", red_money[0] + 1), ("GAM001", red_money[-1] + 1)]


def test_final_score_of_a_parted_player_is_gam006(tmp_path):
    """The final score the table wrote for the player whose facts parted is a knock-on too."""
    bad, _ = _selfplay_with_wrong_loan(tmp_path)
    _, out = run_json("replay", str(bad))
    player = out["findings"][0]["player"]
    text = bad.read_text(encoding="utf-8")
    head, final = text.split("\nfinal:\n")
    final = re.sub(rf"(\n    {player}: )(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1), "\n" + final)
    bad.write_text(head + "\nfinal:" + final, encoding="utf-8")
    _, out = run_json("replay", str(bad))
    scores = [f for f in out["findings"] if "score at the end of the game" in f["message"]]
    assert [(f["code"], f["player"]) for f in scores] == [("GAM007", player)]
