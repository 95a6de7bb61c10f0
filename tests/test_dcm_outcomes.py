"""Unstated Distant Cotton Market draws: every possible tile is listed with its chance, and a turn
that is legal for some draws and illegal for others says so and why (second audit, D2)."""

from __future__ import annotations

import json
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
    # tiles 3 and 4 both end the same way: one result, two sequences
    assert len(illegal) == 1 and illegal[0]["violations"] == ["SEL005"] and illegal[0]["sequences"] == 2
    assert illegal[0]["example"] == [3]  # the likelier of the two (two 3s are face down, one 4)
    assert sum(Fraction(o["chance"]) for o in illegal) == Fraction(3, 8)
    assert all(o["violations"] == [] and o["marker"] is not None for o in outcomes if o["legal"])
    assert any("illegal with chance 3/8, legal with chance 5/8" in a for a in out["assumptions"])
    assert out["dcm"]["sequences"] == 15 and out["dcm"]["results"] == len(outcomes) == 7
    # both mills sell only when the first tile leaves room for the second (0+1, 0+2, 1+0, 2+0)
    assert out["dcm"]["whole_sale_chance"] == "1/7"
    text = run_cli("check", str(path), "--action", TWO_SALES).stdout
    assert text.startswith("ILLEGAL (for some draws)")
    assert "ILLEGAL: SEL005" in text and "every mill sold (2 of 2): chance 1/7" in text and "None" not in text
    assert "tile 2, then tile 2" in text and "2/2" not in text  # never "tile 2/2", which reads as a fraction


def test_a_single_sale_is_legal_for_every_draw(tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text(POSITION, encoding="utf-8")
    r, out = run_json("check", str(path), "--action", "sell stockport>distant card=wigan")
    assert r.returncode == 0 and out["verdict"] == "legal"
    assert out["outcomes"] and all(o["legal"] for o in out["outcomes"])
    assert not any("depends on the Distant Cotton Market" in a for a in out["assumptions"])


SIX = """\
era: rail
round: 2
turn: red
order: [red, blue, green, yellow]
players: {red: {money: 30}, blue: {}, green: {}, yellow: {}}
tiles: [red cotton2@manchester, red cotton2@manchester, red cotton3@manchester, red cotton3@bolton,
        red cotton3@bolton, red cotton4@bury, blue port2@warrington]
links: [blue rail manchester-warrington, red rail manchester-bolton, red rail manchester-bury]
deck: {draw: 20}
"""
SIX_SALES = (
    "sell manchester>distant manchester>distant manchester>distant bolton>distant bolton>distant "
    "bury>distant card=wigan"
)


def _brute_force(position, turn, data):
    """Every sequence of tiles, judged one by one (what the engine did before it grouped by state)."""
    from brass_judge.engine import _judge_turn
    from brass_judge.engine.sell import NeedDraw, unseen_dcm_tiles

    out = []

    def run(forced, p):
        try:
            v, work = _judge_turn(position, turn, data, list(forced), False)
            out.append((tuple(forced), p, v.legal, work.dcm_position, work.player["red"].income_space))
        except NeedDraw:
            unseen = unseen_dcm_tiles(position, data)
            unseen.subtract(forced)
            unseen = +unseen
            total = sum(unseen.values())
            for t in sorted(unseen):
                run(forced + [t], p * Fraction(unseen[t], total))

    run([], Fraction(1))
    return out


def test_six_unstated_draws_are_grouped_by_result(tmp_path):
    """Six mills to the Distant Cotton Market, no tile stated: 2,230 sequences of tiles, grouped into
    the distinct results a player cares about; each result's chance is the sum of its sequences'."""
    from brass_judge.action_io import turn_from_text
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.position_io import load_position

    path = tmp_path / "six.yaml"
    path.write_text(SIX, encoding="utf-8")
    lp = load_position(path)
    data = game_data("standard")
    turn = turn_from_text(SIX_SALES, data)
    v = check(lp, turn, data, sequences=True)
    brute = _brute_force(lp.position, turn, data)
    assert v.dcm["sequences"] == len(brute) == 2230
    # every sequence is in exactly one result, with the same chance, marker and income
    seen = {}
    for o in v.outcomes:
        assert len(o["draws"]) == o["sequences"]
        for d in o["draws"]:
            seen[tuple(d)] = o
    assert len(seen) == len(brute)
    for draws, p, legal, marker, income in brute:
        o = seen[draws]
        assert o["legal"] == legal and o["marker"] == marker and 10 + o["income_spaces"] == income
    for o in v.outcomes:
        assert sum((p for d, p, *_ in brute if seen[d] is o), Fraction(0)) == Fraction(o["chance"])
    assert len(v.outcomes) == len({(o["marker"], o["mills_sold"], o["income_spaces"]) for o in v.outcomes})
    whole = sum((p for d, p, legal, marker, _ in brute if legal and marker < 9), Fraction(0))
    assert Fraction(v.dcm["whole_sale_chance"]) == whole == Fraction(13, 462)


def test_six_unstated_draws_read_at_the_table(tmp_path):
    """Text and JSON stay small; the sequences only come with --dcm-sequences."""
    path = tmp_path / "six.yaml"
    path.write_text(SIX, encoding="utf-8")
    r = run_cli("check", str(path), "--action", SIX_SALES, "--format", "json")
    assert r.returncode == 0 and len(r.stdout.encode()) < 100_000
    out = json.loads(r.stdout)
    assert out["dcm"]["results"] == len(out["outcomes"]) and out["dcm"]["sequences"] == 2230
    assert all("draws" not in o and "effects" not in o for o in out["outcomes"])  # on request only
    probs = [Fraction(o["chance"]) for o in out["outcomes"]]
    assert probs == sorted(probs, reverse=True) and sum(probs) == 1  # the most likely result first
    text = run_cli("check", str(path), "--action", SIX_SALES).stdout
    assert len(text.splitlines()) < 80
    assert "every mill sold (6 of 6): chance 13/462" in text and "most likely: 3 of 6 mill(s) sold" in text
    assert ", then tile " in text
    seqs = run_cli("check", str(path), "--action", SIX_SALES, "--dcm-sequences", "--format", "json")
    out = json.loads(seqs.stdout)
    assert sum(len(o["draws"]) for o in out["outcomes"]) == 2230
    assert all(
        o["effects"] and o["effects"][0].startswith("Distant Cotton Market tile") for o in out["outcomes"]
    )


def test_the_game_driver_judges_an_unstated_draw_as_check_does(tmp_path):
    """The driver's quiet path (``engine.judge_quiet``, what replay and self-play judge with) gives
    the verdict of ``check(narrate=False)`` on a turn that meets an unstated draw, too."""
    from brass_judge.action_io import turn_from_text
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.engine.driver import GameDriver
    from brass_judge.model import Turn
    from brass_judge.position_io import load_position

    path = tmp_path / "pos.yaml"
    path.write_text(POSITION, encoding="utf-8")
    pos = load_position(path).position
    data = game_data()
    sell = turn_from_text(TWO_SALES, data).actions[0]
    want = check(pos, Turn((sell,), pos.turn), data, narrate=False)
    assert want.outcomes and GameDriver(data, pos).judge(sell) == want
