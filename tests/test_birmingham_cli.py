"""Brass: Birmingham through the command line: its rulings (``rulings ... --game birmingham``),
its data (``data ... --game birmingham``) and its positions (tests/birmingham/*.yaml), which
can be validated but not yet judged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from brass_judge.cli import app

REPO = Path(__file__).resolve().parent.parent
HERE = REPO / "tests" / "birmingham"
runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def run(*args: str):
    return runner.invoke(app, list(args), env=WIDE)


def run_json(*args: str):
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --------------------------------------------------------------------------- rulings


def test_rulings_list_birmingham_has_its_own_ids():
    rows = run_json("rulings", "list", "--game", "birmingham")
    ids = [r["id"] for r in rows]
    assert ids[0] == "B001" and ids[-1] == "B063" and len(ids) == 63
    assert {r["engine"] for r in rows} <= {"planned", "enforced"}
    beer = run_json("rulings", "list", "--game", "birmingham", "--topic", "beer")
    assert beer and all("beer" in r["topics"] for r in beer)
    project = run_json("rulings", "list", "-g", "birmingham", "-a", "project")
    assert [r["id"] for r in project] == [f"B{n:03d}" for n in range(56, 62)]


def test_rulings_default_game_is_still_lancashire():
    assert run("rulings", "list").stdout == run("rulings", "list", "--game", "lancashire").stdout
    ids = [r["id"] for r in run_json("rulings", "list")]
    assert ids[0] == "Q001" and len(ids) == 139
    assert run_json("rulings", "list", "--engine", "planned") == []


def test_rulings_show_birmingham_id_forms():
    for form in ("B012", "b12", "12", "#12"):
        obj = run_json("rulings", "show", form, "--game", "birmingham")
        assert obj["id"] == "B012"
        assert obj["cited_by"] == [{"code": "RUL-SPENT", "name": "money-spent"}]  # its engine check
    text = run("rulings", "show", "b49", "--game", "birmingham")
    assert text.exit_code == 0 and text.stdout.startswith("B049") and "Scout" in text.stdout


def test_rulings_show_birmingham_unknown_id_suggests_its_ids():
    result = run("rulings", "show", "Q12", "--game", "birmingham")
    assert result.exit_code == 2
    assert "B001-B063" in result.output and "B012" in result.output


def test_rulings_search_birmingham():
    hits = run_json("rulings", "search", "--game", "birmingham", "how does scout work with wild cards")
    assert "B049" in [h["id"] for h in hits[:3]]
    named = run_json("rulings", "search", "-g", "birmingham", "b30 canal")
    assert named[0]["id"] == "B030" and named[0]["coverage"] == 1.0


def test_rulings_unknown_game_is_a_clear_error():
    result = run("rulings", "list", "--game", "brimingham")
    assert result.exit_code == 2
    assert "unknown game 'brimingham'" in result.output and "birmingham" in result.output


def test_rulings_coverage_birmingham_cites_its_enforced_rules():
    import yaml

    obj = run_json("rulings", "coverage", "--game", "birmingham")
    db = yaml.safe_load((REPO / "rulings" / "birmingham.yaml").read_text(encoding="utf-8"))
    enforced = [r["id"] for r in db["rulings"] if r["engine"] == "enforced"]
    assert obj["enforced"] == len(enforced) and obj["variant"] == 0 and obj["uncited"] == []
    assert [r["id"] for r in obj["rulings"]] == enforced
    b001 = obj["rulings"][0] if enforced[:1] == ["B001"] else None
    if b001 is not None:  # cited by its codes and its fixtures
        assert {"code": "POS024", "name": "card-not-in-deck"} in b001["cited_by"]
        from brass_judge.resources import PACKAGE_DIR

        if PACKAGE_DIR.parent == REPO:  # examples are listed from a source tree (not an installed wheel)
            assert any("tests/birmingham/rules/" in f for f in b001["examples"])
        else:
            assert b001["examples"] == []


def test_rulings_show_game_through_the_console_script():
    # --game leaves the fast path for the typer commands; the default stays on the fast path
    out = subprocess.run(
        [sys.executable, "-m", "brass_judge", "rulings", "show", "B056", "--game", "birmingham"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("B056") and "Project decision" in out.stdout


# --------------------------------------------------------------------------- data


def test_data_map_birmingham():
    doc = run_json("data", "map", "--game", "birmingham")
    assert doc["game"] == "birmingham"
    assert doc["counts"]["towns"] == 20 and doc["counts"]["merchants"] == 5
    assert doc["counts"]["farm_breweries"] == 2 and doc["counts"]["lines"] == 39
    oxford = next(l for l in doc["locations"] if l["key"] == "oxford")
    assert oxford["kind"] == "merchant" and oxford["bonus"] == {"kind": "income", "amount": 2}
    assert oxford["barrel_spaces"] == 2 and oxford["cards"] is None
    text = run("data", "map", "--game", "birmingham")
    assert text.exit_code == 0 and "Brass: Birmingham: 27 locations" in text.stdout
    assert "farm brewery" in text.stdout


def test_data_mat_birmingham_beer_barrels_lightbulbs():
    doc = run_json("data", "mat", "--game", "birmingham")
    tiles = {(t["industry"], t["level"]): t for t in doc["tiles"]}
    assert doc["tiles_per_player"] == 45 and doc["links_per_player"] == 14
    assert tiles[("brewery", 2)]["barrels"] == {"canal": 1, "rail": 2}
    assert tiles[("pottery", 1)]["lightbulb"] and not tiles[("pottery", 2)]["lightbulb"]
    assert tiles[("manufacturer", 5)]["beer"] == 2 and tiles[("manufacturer", 3)]["beer"] == 0
    assert tiles[("manufacturer", 4)]["cost"] == 8
    other = run_json("data", "mat", "--game", "birmingham", "--variant", "manufacturer-iv-rulebook")
    m4 = next(t for t in other["tiles"] if (t["industry"], t["level"]) == ("manufacturer", 4))
    assert (m4["cost"], m4["income"]) == (14, 7)


def test_data_deck_birmingham_matches_deck_size():
    doc = run_json("data", "deck", "--game", "birmingham")
    assert doc["totals"] == {"4": 64, "3": 54, "2": 40}
    dual = next(c for c in doc["cards"] if c["card"] == "cotton_mill_manufacturer")
    assert dual["builds"] == ["cotton_mill", "manufacturer"] and dual["counts"]["2"] == 0
    assert {w["card"]: w["count"] for w in doc["wild_cards"]} == {"wild_location": 4, "wild_industry": 4}
    assert sum(t["counts"]["4"] for t in doc["merchant_tiles"]) == 9
    two = run_json("data", "deck", "--game", "birmingham", "--players", "2")
    assert two["total"] == 40 and two["rounds_per_era"] == 10
    assert sum(two["merchant_tiles"].values()) == 5
    assert run("data", "deck", "--game", "birmingham").exit_code == 0


def test_data_tracks_birmingham_markets_of_their_own_length():
    doc = run_json("data", "tracks", "--game", "birmingham")
    assert len(doc["markets"]["coal"]["prices"]) == 14 and doc["markets"]["coal"]["empty_price"] == 8
    assert len(doc["markets"]["iron"]["prices"]) == 10 and doc["markets"]["iron"]["empty_price"] == 6
    assert doc["link_resources"]["rail"]["2"] == {"coal": 2, "beer": 1}
    assert doc["setup"]["start_money"] == 17 and doc["loans"]["amounts"] == [30]
    text = run("data", "tracks", "--game", "birmingham")
    assert text.exit_code == 0 and "Distant Cotton" not in text.stdout


def test_data_check_and_doubts_birmingham():
    ok = run_json("data", "check", "--game", "birmingham")
    assert ok["ok"] is True
    mine = run_json("data", "doubts", "--game", "birmingham")["doubtful"]
    assert mine and {d["game"] for d in mine} == {"birmingham"}
    assert "manufacturer-iv-cost" in {d["id"] for d in mine}
    both = run_json("data", "doubts")["doubtful"]
    assert {d["game"] for d in both} == {"lancashire", "birmingham"}
    assert [d for d in both if d["game"] == "birmingham"] == mine
    text = run("data", "doubts")
    assert "of Brass: Birmingham" in text.stdout


def test_data_unknown_game():
    result = run("data", "map", "--game", "bham")
    assert result.exit_code == 2 and "unknown game 'bham'" in result.output


# --------------------------------------------------------------------------- the registry


def test_birmingham_is_registered_with_its_parameters_from_data():
    import yaml

    from brass_judge.games import get_rules, judged, known_games, resolve_game

    assert "birmingham" in known_games() and judged("birmingham") and judged("lancashire")
    assert resolve_game("Brass: Birmingham") == resolve_game("brass-birmingham") == "birmingham"
    r = get_rules("birmingham")
    tracks = yaml.safe_load((REPO / "brass_judge/games/birmingham/data/tracks.yaml").read_text())
    assert (r.game, r.name, r.variant) == ("birmingham", "Brass: Birmingham", "standard")
    assert r.start_money == tracks["setup"]["start_money"] == 17
    assert r.loan_amounts == (30,) and r.loan_levels(30) == 3 and r.largest_loan(-8) == 0
    assert r.link_cost("rail", 2) == 15 and r.link_resources("rail", 2) == {"coal": 2, "beer": 1}
    assert r.market("coal").empty_price == 8 and r.market("iron").spaces == 10
    assert r.merchant_spaces(2) == {
        "warrington": 0,
        "nottingham": 0,
        "shrewsbury": 1,
        "gloucester": 2,
        "oxford": 2,
    }
    assert sum(r.merchant_tiles(4).values()) == sum(r.merchant_spaces(4).values()) == 9
    assert r.barrels_when_built(1, "canal") == 1 and r.barrels_when_built(4, "rail") == 2
    assert not r.developable("pottery", 1) and r.developable("pottery", 2)
    assert r.wild_cards == {"wild_location": 4, "wild_industry": 4}
    assert get_rules("birmingham", "income-level-tie-break").tie_break == ("income_level", "money")
    assert get_rules("birmingham", "manufacturer-iv-14").data.tile("manufacturer", 4).cost == 14


def test_a_game_folder_without_rules_is_not_a_known_game(monkeypatch):
    import brass_judge.games.birmingham as bham
    from brass_judge.games import known_games

    monkeypatch.delattr(bham, "RULES")
    known_games.cache_clear()
    try:
        assert known_games() == ("lancashire",)
    finally:
        monkeypatch.undo()
        known_games.cache_clear()
    assert known_games() == ("birmingham", "lancashire")


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args], capture_output=True, text=True, check=False, cwd=REPO
    )


POSITION = "tests/birmingham/canal-opening.yaml"


def _assert_refused(r: subprocess.CompletedProcess, where: str, command: str) -> None:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert f"{where}, field 'game'" in r.stderr
    if command == "log":
        assert "Brass: Birmingham cannot be replayed yet" in r.stderr
    else:
        assert f"Brass: Birmingham positions are not handled by `brass-judge {command}` yet" in r.stderr
    assert "Traceback" not in r.stderr and "verdict" not in r.stdout.lower()


def test_validate_judges_a_birmingham_position():
    r = _cli("validate", POSITION, "--format", "json")
    assert r.returncode == 0, (r.stdout, r.stderr)
    assert json.loads(r.stdout)["valid"] is True


def test_replay_judges_a_birmingham_log():
    # Birmingham logs are replayed (tests/test_birmingham_replay.py): the first illegal step is pinned
    r = _cli("replay", "tests/birmingham/opening-log.yaml")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "ILLEGAL tests/birmingham/opening-log.yaml:7" in r.stdout and "BLD007" in r.stdout


def test_data_markets_for_each_game():
    b = run_json("data", "markets", "--game", "birmingham")["markets"]
    assert (len(b["coal"]["prices"]), b["coal"]["setup_fill"], b["iron"]["empty_price"]) == (14, 13, 6)
    lanc = run_json("data", "markets")
    assert lanc["game"] == "lancashire" and lanc["markets"]["coal"]["empty_price"] == 5
    text = run("data", "markets", "--game", "birmingham")
    assert text.exit_code == 0 and "Coal Market: 14 spaces, 13 filled at setup; £8" in text.stdout
