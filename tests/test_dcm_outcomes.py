"""Unstated Distant Cotton Market draws: every possible tile is listed with its chance, and a turn
that is legal for some draws and illegal for others says so and why (second audit, D2)."""
from __future__ import annotations

from fractions import Fraction

from conftest import run_cli, run_json

POSITION = """\
era: canal
round: 6
turn: red
players: {red: {money: 30}, blue: {}, green: {}}
tiles: [red cotton1@manchester, red cotton1@stockport, blue port1@warrington]
links: [blue manchester-warrington, red manchester-stockport]
distant_cotton_market: {marker: 6, drawn: [2, 3]}
"""
TWO_SALES = "sell stockport>distant card=wigan; sell manchester>distant card=bury"


def test_a_turn_legal_for_some_draws_only(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text(POSITION, encoding="utf-8")
    r, out = run_json("check", str(path), "--action", TWO_SALES)
    assert r.returncode == 1 and out["verdict"] == "illegal"
    # marker 6: a first tile of 3 or 4 reaches X, and the second Sell action is then SEL005 (Q108)
    assert [v["code"] for v in out["violations"]] == ["SEL005"] and out["violations"][0]["action"] == 1
    outcomes = out["outcomes"]
    assert sum(Fraction(o["chance"]) for o in outcomes) == 1
    illegal = [o for o in outcomes if not o["legal"]]
    assert {o["tiles"][0] for o in illegal} == {3, 4} and all(o["violations"] == ["SEL005"] for o in illegal)
    assert sum(Fraction(o["chance"]) for o in illegal) == Fraction(3, 8)
    assert all(o["violations"] == [] and o["marker"] is not None for o in outcomes if o["legal"])
    assert any("illegal with chance 3/8, legal with chance 5/8" in a for a in out["assumptions"])
    text = run_cli("check", str(path), "--action", TWO_SALES).stdout
    assert text.startswith("ILLEGAL (for some draws)")
    assert "ILLEGAL: SEL005" in text and "legal, marker → X" in text and "None" not in text


def test_a_single_sale_is_legal_for_every_draw(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text(POSITION, encoding="utf-8")
    r, out = run_json("check", str(path), "--action", "sell stockport>distant card=wigan")
    assert r.returncode == 0 and out["verdict"] == "legal"
    assert out["outcomes"] and all(o["legal"] for o in out["outcomes"])
    assert not any("depends on the Distant Cotton Market" in a for a in out["assumptions"])
