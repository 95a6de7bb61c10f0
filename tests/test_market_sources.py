"""coal=market / iron=market: a player can ask for market coal or iron, and the rules judge it
(Q061: not while a connected mine has coal; Q064: not while any unflipped iron works has iron)."""

from __future__ import annotations

from conftest import run_cli, run_json

MINE_CONNECTED = """\
era: canal
round: 3
turn: red
players: {red: {money: 30}, blue: {money: 30}}
tiles: [blue coal1@bury cubes=2, blue port1@warrington, blue iron1@manchester cubes=1]
links: [blue bolton-bury, blue manchester-warrington, blue bolton-manchester]
"""
NO_MINE = """\
era: canal
round: 3
turn: red
players: {red: {money: 30}, blue: {money: 30}}
tiles: [blue port1@warrington, blue iron1@manchester flipped]
links: [blue manchester-warrington, blue bolton-manchester]
"""


def _pos(tmp_path, text):
    p = tmp_path / "pos.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_market_coal_while_a_mine_is_connected_is_illegal(tmp_path):
    r, out = run_json(
        "check", _pos(tmp_path, MINE_CONNECTED), "--action", "build iron@bolton card=bolton coal=market"
    )
    assert r.returncode == 1 and [v["code"] for v in out["violations"]] == ["BLD023"]
    assert "Q061" in out["violations"][0]["rulings"] and "Bury" in out["violations"][0]["message"]


def test_market_coal_with_no_mine_connected_is_legal_with_its_price(tmp_path):
    r, out = run_json(
        "check", _pos(tmp_path, NO_MINE), "--action", "build iron@bolton card=bolton coal=market"
    )
    assert r.returncode == 0, out
    cube = [e for e in out["effects"] if e["kind"] == "cube"]
    assert cube and cube[0]["source"] == "market" and cube[0]["price"] == 1
    assert "Q061" in out["rulings"] and out["action"].endswith("coal=market")


def test_market_iron_while_board_iron_is_left_is_illegal_for_develop_too(tmp_path):
    pos = _pos(tmp_path, MINE_CONNECTED)
    for action in (
        "develop cotton card=wigan iron=market",
        "build cotton@bolton card=bolton level=3 iron=market",
    ):
        r, out = run_json("check", pos, "--action", action)
        assert r.returncode == 1 and "BLD024" in [v["code"] for v in out["violations"]], (action, out)
        assert "Q064" in out["rulings"]


def test_market_iron_once_the_board_has_none(tmp_path):
    act = tmp_path / "act.yaml"
    act.write_text("action: develop\nindustry: cotton\ncard: wigan\niron: market\n", encoding="utf-8")
    r, out = run_json("check", _pos(tmp_path, NO_MINE), str(act))  # the YAML form
    assert r.returncode == 0, out
    assert any(e.get("source") == "market" and e.get("price") == 1 for e in out["effects"])


def test_a_misspelt_market_is_suggested_and_an_unused_source_is_said(tmp_path):
    pos = _pos(tmp_path, NO_MINE)
    r = run_cli("check", pos, "--action", "build iron@bolton card=bolton coal=markt")
    assert r.returncode == 2 and "Did you mean: market" in r.stderr
    r, out = run_json("check", pos, "--action", "build cotton@bolton card=bolton iron=market")
    assert any("iron=market was not used" in a for a in out["assumptions"])
