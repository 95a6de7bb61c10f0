"""``brass-judge codes`` for every game: ``--game`` reads that game's table, and ``codes show`` finds a
code that only another game reports (a Birmingham merchant sale's) without being told the game."""

from __future__ import annotations

from conftest import run_cli, run_json


def test_show_finds_a_birmingham_only_code_and_names_its_game():
    r = run_cli("codes", "show", "SEL104")
    assert r.returncode == 0, r.stderr
    assert "merchant-not-connected" in r.stdout and "birmingham" in r.stdout
    assert "B044" in r.stdout and "games/birmingham/sell.py" in r.stdout
    assert "rulings show ID --game birmingham" in r.stdout


def test_show_with_a_game_reads_that_games_wording_and_rulings():
    r, d = run_json("codes", "show", "BLD002", "--game", "birmingham")
    assert r.returncode == 0, r.stderr
    assert d["game"] == "birmingham"
    assert "B020" in d["rulings"] and not any(q.startswith("Q") for q in d["rulings"])
    assert all(q.startswith("B") for q in d["ruling_questions"])
    # the default game's record is unchanged: Lancashire's rulings, no game key
    r, d = run_json("codes", "show", "BLD002")
    assert "game" not in d and "Q051" in d["rulings"]


def test_a_code_the_named_game_lacks_is_refused():
    r = run_cli("codes", "show", "SEL104", "--game", "lancashire")
    assert r.returncode == 2 and "SEL104" in r.stderr
    r = run_cli("codes", "show", "BLD002", "--game", "manchester")
    assert r.returncode == 2 and "unknown game" in r.stderr


def test_list_with_a_game_lists_its_own_rows():
    r, rows = run_json("codes", "list", "--game", "birmingham", "--family", "SEL")
    assert r.returncode == 0, r.stderr
    codes = {x["code"] for x in rows}
    assert {"SEL101", "SEL104"} <= codes and "SEL010" not in codes  # SEL010 is Lancashire's DCM
    assert {x["game"] for x in rows} == {"birmingham"}
