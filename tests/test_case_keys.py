"""Case keys: the shared engine cites the cases it decides by key, and each game maps a key to its
own ruling (``brass_judge/games/<game>/cases.py``; issue 14, item 2)."""

from __future__ import annotations

import dataclasses
import json

import pytest
import yaml
from conftest import REPO

import brass_judge
from brass_judge import codes
from brass_judge.games import cases_of, ruling_of

# anyone's links carry coal: the shared coal check cites the case "coal.own-links-only"
CASE_FILE = REPO / "tests" / "rules" / "rulings" / "Q053_coal-along-others-links.yaml"


def _judge(tmp_path, game=None):
    from brass_judge.data import game_data
    from brass_judge.notation import parse_turn

    case = yaml.safe_load(CASE_FILE.read_text(encoding="utf-8"))
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(case["position"]), encoding="utf-8")
    loaded = brass_judge.load_position(str(path))
    if game is not None:
        loaded.position.game = game  # what the game: key of a position file sets (issue 14, item 1)
    data = game_data(loaded.position.variant)
    return brass_judge.check(loaded, parse_turn(case["action"], data), data)


def test_lancashire_maps_its_case_keys_to_its_own_rulings():
    assert ruling_of("lancashire", "coal.own-links-only") == "Q053"
    known = {r["id"] for r in yaml.safe_load((REPO / "rulings" / "lancashire.yaml").read_text())["rulings"]}
    assert set(cases_of("lancashire").values()) <= known


def test_the_verdict_cites_the_games_ruling_for_the_case(tmp_path):
    v = _judge(tmp_path)
    assert v.legal
    assert ("RUL-COAL-MINE", "Q053") in v.also and "Q053" in v.rulings


def test_another_game_maps_the_same_case_to_its_own_ruling(tmp_path, monkeypatch):
    # a game whose table answers "coal along others' links" with another ruling id
    other_cases = {**cases_of("lancashire"), "coal.own-links-only": "Q054"}
    table = dict(codes.table_of("lancashire"))
    table["RUL-COAL-MINE"] = dataclasses.replace(table["RUL-COAL-MINE"], may_cite=("Q054",))
    monkeypatch.setitem(__import__("brass_judge.games", fromlist=["_CASES"])._CASES, "othergame", other_cases)
    monkeypatch.setitem(codes._TABLES, "othergame", table)
    # the other game plays Lancashire's actions (what its folder's actions.KINDS would say) on
    # Lancashire's data, under a rules object of its own that the registry hands out
    import importlib
    import sys

    import brass_judge.games as games
    from brass_judge.games.lancashire.rules import LancashireRules

    lancashire_actions = importlib.import_module("brass_judge.games.lancashire.actions")
    monkeypatch.setitem(sys.modules, "brass_judge.games.othergame.actions", lancashire_actions)

    class OtherRules(LancashireRules):
        game = "othergame"

    other = OtherRules(games.get_rules("lancashire").data)
    real = games._get_rules
    monkeypatch.setattr(games, "_get_rules", lambda g, v: other if g == "othergame" else real(g, v))
    v = _judge(tmp_path, game="othergame")
    assert ("RUL-COAL-MINE", "Q054") in v.also
    assert ("RUL-COAL-MINE", "Q053") not in v.also


def test_an_unknown_case_key_is_a_loud_error():
    with pytest.raises(KeyError, match="no-such-case"):
        ruling_of("lancashire", "coal.no-such-case")
    with pytest.raises(AssertionError):
        codes.cite("lancashire", "RUL-COAL-MINE", "coal.no-such-case")
    # a known key under a code that may not cite it is an error too
    with pytest.raises(AssertionError):
        codes.cite("lancashire", "RUL-LOAN", "coal.own-links-only")


def test_every_shared_row_cites_through_case_keys_the_game_maps():
    mapped = cases_of("lancashire")
    for row in codes._ROWS:
        assert not row.rulings, row.code  # a shared row's rulings are the game's (games/<game>/codes.py)
        for key in row.may_cite:
            assert key in mapped, (row.code, key)


def test_codes_show_json_still_lists_the_rulings(tmp_path):
    from typer.testing import CliRunner

    from brass_judge.cli import app

    r = CliRunner().invoke(app, ["codes", "show", "RUL-COAL-MINE", "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["rulings"] == ["Q060"] and d["rulings_when_they_decide"] == ["Q053", "Q061"]
