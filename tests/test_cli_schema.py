"""``brass-judge schema``: every input format of both games, each game's own found by file naming."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from brass_judge.cli import app
from brass_judge.cli_schema import schemas_for

REPO = Path(__file__).resolve().parent.parent
ON_DISK = sorted(p.name[: -len(".schema.json")] for p in (REPO / "schemas").glob("*.schema.json"))


def run(*args: str):
    return CliRunner().invoke(app, ["schema", *args])


def test_list_is_every_schema_file_one_a_line():
    r = run("list")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ON_DISK


def test_list_for_a_game_takes_its_own_where_it_has_one():
    r = run("list", "--game", "birmingham")
    assert r.exit_code == 0, r.output
    names = r.stdout.splitlines()
    assert {"position-birmingham", "action-birmingham", "gamedata-birmingham-map", "rulings"} <= set(names)
    assert not {"position", "action", "gamedata-map"} & set(names)
    lanc = run("list", "--game", "Brass: Lancashire").stdout.splitlines()  # an alias files may use
    assert "position" in lanc and not [n for n in lanc if "birmingham" in n]
    doc = json.loads(run("list", "--game", "birmingham", "--format", "json").stdout)
    assert doc["game"] == "birmingham"
    row = next(s for s in doc["schemas"] if s["name"] == "gamedata-birmingham-mat")
    assert (row["format"], row["game"]) == ("gamedata-mat", "birmingham")
    assert row["title"].startswith("brass-judge game data, Brass: Birmingham")
    every = json.loads(run("list", "--format", "json").stdout)["schemas"]
    assert [s["name"] for s in every] == ON_DISK
    assert {s["format"] for s in every} >= {
        "position",
        "action",
        "game",
        "highlight",
        "rulings",
        "gamedata-map",
    }


def test_print_a_format_as_a_game_reads_it():
    r = run("position", "--game", "birmingham")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["title"] == "brass-judge position (Brass: Birmingham)"
    assert json.loads(run("position").stdout)["title"] == "brass-judge position"
    assert (
        json.loads(run("game", "--game", "birmingham").stdout)["title"]
        == "brass-judge game log (Brass: Birmingham)"
    )
    bad = run("position", "--game", "bham")
    assert bad.exit_code == 2 and "unknown game 'bham'" in bad.output


def test_a_games_own_file_is_picked_by_its_name_alone():
    """A Birmingham game-log schema (``game-birmingham``) replaces the shared one for Birmingham
    as soon as the file exists, with no change to the command."""
    names = [*ON_DISK, "game-birmingham"]
    games = ("birmingham", "lancashire")
    assert schemas_for("birmingham", names, games)["game"] == "game-birmingham"
    assert schemas_for("lancashire", names, games)["game"] == "game"
    assert schemas_for("birmingham", [n for n in ON_DISK if n != "game-birmingham"], games)["game"] == "game"
