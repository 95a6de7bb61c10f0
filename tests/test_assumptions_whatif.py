"""Assumptions that could change the verdict come first, untouched players' defaults fold into one
line (issue 17, item 3); ``check --as PLAYER`` judges as if it were that player's turn (item 9)."""

from __future__ import annotations

import json

from conftest import REPO
from typer.testing import CliRunner

CASE = str(REPO / "tests" / "cli_cases" / "sell-to-red-port.yaml")
SELL = "sell manchester>warrington card=bolton"


def _run(*args):
    from brass_judge.cli import app

    r = CliRunner().invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r


def _json(*args):
    r = _run(*args, "--format", "json")
    return r.exit_code, json.loads(r.stdout)


def test_untouched_players_defaults_fold_into_one_line(tmp_path):
    # red acts (a loan): blue's and green's defaults do not matter to it
    code, d = _json("check", CASE, "--action", "loan 10 card=bolton")
    assert code == 0
    folded = [a for a in d["assumption_details"] if a.get("folded")]
    assert len(folded) == 1
    assert folded[0]["players"] == ["blue", "green"] and not folded[0]["changes_verdict"]
    assert "blue's money and income_space; green's income_space" in folded[0]["text"]
    assert "£30 and income space 10 (level 0)" in folded[0]["text"]
    # the strings list stays, one per detail, in the same order
    assert d["assumptions"] == [a["text"] for a in d["assumption_details"]]
    assert not any(a.startswith("blue's money") for a in d["assumptions"])
    # the acting player's own defaults could change the verdict: they come first, flagged
    first = d["assumption_details"][0]
    assert first["changes_verdict"] and "red's money" in first["text"]
    flags = [a["changes_verdict"] for a in d["assumption_details"]]
    assert flags == sorted(flags, reverse=True)


def test_a_touched_player_is_not_folded():
    # blue sells to red's port: red's income moves, so red's default is its own line
    code, d = _json("check", CASE, "--action", SELL, "--as", "blue")
    assert code == 0
    texts = d["assumptions"]
    assert any(t.startswith("red's money and income_space not given") for t in texts)
    assert not any(a.get("folded") for a in d["assumption_details"])


def test_text_marks_what_could_change_the_verdict():
    out = _run("check", CASE, "--action", "loan 10 card=bolton").stdout
    assert "Assumptions (! could change the verdict):" in out
    assert "  ! red's money and income_space not given" in out
    assert "  - not given for players this action does not touch (blue's money and income_space; " in out


def test_another_players_action_without_as_keeps_the_message():
    r = _run("check", CASE, "--action", SELL, "-p", "blue")
    assert r.exit_code == 1
    assert "TRN001 it is red's turn, not blue's" in r.stdout
    assert "--as blue" in r.stdout  # and says how to ask the what-if


def test_as_judges_as_if_it_were_that_players_turn():
    code, d = _json("check", CASE, "--action", SELL, "--as", "blue")
    assert code == 0 and d["verdict"] == "legal" and d["player"] == "blue"
    what_if = d["assumption_details"][0]
    assert what_if["changes_verdict"] and what_if["text"].startswith(
        "what-if (--as blue): judged as if it were blue's turn with 2 action(s) (it is red's turn)"
    )


def test_as_on_the_players_own_turn_changes_nothing():
    code, d = _json("check", CASE, "--action", "loan 10 card=bolton", "--as", "red")
    assert code == 0 and not any("what-if" in a for a in d["assumptions"])


def test_as_and_a_different_player_is_unusable_input():
    code, d = _json("check", CASE, "--action", SELL, "--as", "blue", "-p", "green")
    assert code == 2 and d["error"]["field"] == "--as"
    code, d = _json("check", CASE, "--action", SELL, "--as", "purple")
    assert code == 2 and d["error"]["field"] == "--as"


def test_what_if_is_as_for_the_player_who_acts():
    code, d = _json("check", CASE, "--action", SELL, "-p", "blue", "--what-if")
    assert code == 0 and d["player"] == "blue"
    assert d["assumptions"][0].startswith("what-if (--as blue)")
    code, d = _json("check", CASE, "--action", SELL, "--what-if")  # nobody named: nothing to imagine
    assert code == 2 and d["error"]["field"] == "--what-if"


def test_only_what_the_action_can_meet_is_flagged():
    case = str(REPO / "tests" / "cli_cases" / "untouched-facts.yaml")
    code, d = _json("check", case, "--action", "loan 10 card=bolton")
    assert code == 0
    flag = {a["text"].split(":")[0]: a["changes_verdict"] for a in d["assumption_details"]}
    # blue's mine may be the coal of red's next build or an overbuild: its cubes can matter
    assert flag["blue's Coal Mine in Wigan"] is True
    assert flag["blue's income space not given"] is False  # blue's income: nothing red does
    assert flag["distant_cotton_market.drawn not given"] is False  # no sale to the Distant Cotton Market
    code, d = _json("check", case, "--action", "sell warrington>distant card=bolton")
    assert code == 1  # (red has no mill there: the sale is illegal, but it asks for a draw)
    flag = {a["text"].split(":")[0]: a["changes_verdict"] for a in d["assumption_details"]}
    assert flag["distant_cotton_market.drawn not given"] is True
