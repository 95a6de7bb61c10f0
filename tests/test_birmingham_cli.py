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
    assert ids[0] == "B001" and ids[-1] == "B061" and len(ids) == 61
    assert all(r["engine"] == "planned" for r in rows)
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
        assert obj["cited_by"] == []
    text = run("rulings", "show", "b49", "--game", "birmingham")
    assert text.exit_code == 0 and text.stdout.startswith("B049") and "Scout" in text.stdout


def test_rulings_show_birmingham_unknown_id_suggests_its_ids():
    result = run("rulings", "show", "Q12", "--game", "birmingham")
    assert result.exit_code == 2
    assert "B001-B061" in result.output and "B012" in result.output


def test_rulings_search_birmingham():
    hits = run_json("rulings", "search", "--game", "birmingham", "how does scout work with wild cards")
    assert "B049" in [h["id"] for h in hits[:3]]
    named = run_json("rulings", "search", "-g", "birmingham", "b30 canal")
    assert named[0]["id"] == "B030" and named[0]["coverage"] == 1.0


def test_rulings_unknown_game_is_a_clear_error():
    result = run("rulings", "list", "--game", "brimingham")
    assert result.exit_code == 2
    assert "unknown game 'brimingham'" in result.output and "birmingham" in result.output


def test_rulings_coverage_birmingham_has_nothing_enforced_yet():
    obj = run_json("rulings", "coverage", "--game", "birmingham")
    assert obj == {"enforced": 0, "variant": 0, "uncited": [], "rulings": []}


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
