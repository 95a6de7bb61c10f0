"""Position validity beyond single-code fixtures: checks through `brass-judge validate` and `check`
on real YAML files (tests/rules/position/ holds one fixture per code; these are further cases)."""

from __future__ import annotations

from conftest import run_cli, run_json


def _write(tmp_path, text: str):
    p = tmp_path / "pos.yaml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_marker_that_disagrees_with_the_tiles_drawn_is_impossible(tmp_path):
    # the marker starts on space 1 and moves down by each tile: 4 and 3 put it on space 8
    path = _write(
        tmp_path,
        "players: {red: {}, blue: {}, green: {}}\ndistant_cotton_market: {marker: 2, drawn: [4, 3]}\n",
    )
    r, out = run_json("validate", path)
    assert r.returncode == 1
    [p] = out["problems"]
    assert p["code"] == "POS020" and "put it on space 8" in p["message"] and p["line"] == 2
    assert p["rulings"] == []  # the rulebook decides it; Q001 (the set per player count) does not


def test_marker_matching_the_tiles_drawn_and_x(tmp_path):
    ok = _write(
        tmp_path,
        "players: {red: {}, blue: {}, green: {}}\ndistant_cotton_market: {marker: 9, drawn: [3, 4, 2]}\n",
    )  # 1+9 -> X
    assert run_cli("validate", ok).returncode == 0


def test_marker_without_the_tiles_drawn_is_an_assumption_not_a_guess(tmp_path):
    path = _write(
        tmp_path,
        "round: 3\nturn: red\nplayers: {red: {}, blue: {}, green: {}}\n"
        "tiles: [red cotton@colne]\nlinks: [blue colne-yorkshire]\n"
        "distant_cotton_market: {marker: 5}\n",
    )
    r, out = run_json("check", path, "--action", "sell colne>distant card=wigan")
    assert r.returncode == 0, r.stderr
    assert any("distant_cotton_market.drawn not given" in a for a in out["assumptions"])
    assert out["outcomes"]  # the draw is enumerated, each tile with its chance


def test_deck_size_is_checked_against_the_round(tmp_path):
    bad = _write(
        tmp_path, "era: canal\nround: 2\nturn: red\nplayers: {red: {}, blue: {}}\ndeck: {draw: 30}\n"
    )
    r, out = run_json("validate", bad)
    assert r.returncode == 1 and [p["code"] for p in out["problems"]] == ["POS022"]
    assert "it holds 16-20" in out["problems"][0]["message"]  # 22 at the start, 2 then 4 a round
    good = _write(
        tmp_path, "era: canal\nround: 2\nturn: red\nplayers: {red: {}, blue: {}}\ndeck: {draw: 18}\n"
    )
    assert run_cli("validate", good).returncode == 0


def test_marker_off_the_start_with_no_tiles_drawn_listed_is_impossible(tmp_path):
    """drawn: [] says no tile was drawn, so the marker must still be on space 1; leaving drawn: out
    means the tiles are unknown (an assumption, see above)."""
    path = _write(
        tmp_path, "players: {red: {}, blue: {}, green: {}}\ndistant_cotton_market: {marker: 6, drawn: []}\n"
    )
    r, out = run_json("validate", path)
    assert r.returncode == 1 and [p["code"] for p in out["problems"]] == ["POS020"]
    assert "no tile has been drawn" in out["problems"][0]["message"]


def test_marker_mismatch_and_a_tile_order_together(tmp_path):
    """Regression (found by the fuzz test): a marker the drawn tiles disagree with, in a position
    that also gives the face-down order, crashed validate; both problems are now reported."""
    path = _write(
        tmp_path,
        "era: rail\nround: 3\nturn: red\nplayers: {red: {}, blue: {}, green: {}}\n"
        "distant_cotton_market: {drawn: [2], order: [4, 2, 1, 3, 3, 2, 3]}\n"
        "deck: {draw: 12}\n",
    )
    r, out = run_json("validate", path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert [p["code"] for p in out["problems"]] == ["POS020", "POS020"]
    assert "put it on space 3" in out["problems"][0]["message"]
