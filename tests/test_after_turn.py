"""After the turn: each step of a round's or an era's end cites its rulings, and scoring breaks
down per link and per tile, in ``check --apply`` and ``replay`` (issue 17, item 2)."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from typer.testing import CliRunner

LAST = str(EXAMPLES / "after-turn" / "canal-era-end.yaml")


def _run(*args):
    from brass_judge.cli import app

    r = CliRunner().invoke(app, list(args))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r


@pytest.fixture
def applied(tmp_path):
    r = _run(
        "check",
        LAST,
        "--action",
        "pass card=bolton",
        "--apply",
        "--out",
        str(tmp_path / "next.yaml"),
        "--format",
        "json",
    )
    assert r.exit_code == 0, r.stdout
    return json.loads(r.stdout)


def _step(d, kind, **match):
    got = [
        s for s in d["after_turn_steps"] if s["kind"] == kind and all(s.get(k) == v for k, v in match.items())
    ]
    assert len(got) == 1, (kind, match, d["after_turn_steps"])
    return got[0]


def test_after_turn_texts_stay_and_each_step_cites_its_rulings(applied):
    d = applied
    # the texts are kept as they were; the steps carry the same texts, in the same order
    assert [s["text"] for s in d["after_turn_steps"]] == [
        t for t in d["after_turn"] if not t.startswith("assumed: ")
    ]
    assert _step(d, "turn-order")["rulings"] == ["Q024", "Q025", "Q026"]  # the Canal Era's last round
    assert set(_step(d, "tile-removed", player="red")["rulings"]) == {"Q032", "Q033", "Q034"}
    assert _step(d, "income", player="red")["rulings"] == ["Q027", "Q032"]  # negative income, paid
    assert _step(d, "income", player="blue")["rulings"] == ["Q027"]
    assert _step(d, "era-end")["rulings"] == ["Q018", "Q017"]
    assert _step(d, "score-links", player="blue")["rulings"] == ["Q039", "Q040", "Q041"]
    assert _step(d, "level1-removed")["rulings"] == ["Q042", "Q044", "Q040"]
    assert _step(d, "dcm-reset")["rulings"] == ["Q045", "Q108"]
    assert _step(d, "rail-deck")["rulings"] == ["Q016", "Q047"]
    # a level 2 port survives the Canal Era and will score again (Q043); red has no flipped tile
    assert "Q043" in _step(d, "score-tiles", player="blue")["rulings"]
    assert "Q043" not in _step(d, "score-tiles", player="red")["rulings"]


def test_scoring_breaks_down_per_link_and_per_tile(applied):
    links = _step(applied, "score-links", player="blue")
    assert links["breakdown"] == [{"line": "preston-wigan", "vp": 2, "icons": {"preston": 1, "wigan": 1}}]
    assert links["links"] == {"preston-wigan": 2}  # the existing field stays
    tiles = _step(applied, "score-tiles", player="blue")
    assert sorted((t["location"], t["industry"], t["level"], t["vp"]) for t in tiles["breakdown"]) == [
        ("preston", "port", 2, 4),
        ("wigan", "coal_mine", 1, 1),
    ]
    assert tiles["vp"] == sum(t["vp"] for t in tiles["breakdown"])


def test_text_cites_rulings_and_lists_the_breakdown(tmp_path):
    out = _run(
        "check", LAST, "--action", "pass card=bolton", "--apply", "--out", str(tmp_path / "n.yaml")
    ).stdout
    assert "After the turn:" in out
    assert "  • blue scores 2 VP for 1 link(s)  [Q039, Q040, Q041]" in out
    assert "      Preston-Wigan: 2 VP (link icons: Preston 1, Wigan 1)" in out
    assert "      level 2 Port in Preston: 4 VP" in out
    assert (
        "red removes the level 1 Cotton Mill in Bolton for £6 (income shortfall)  [Q033, Q034, Q032]" in out
    )


def test_every_step_ruling_is_one_its_rule_cites():
    from brass_judge.codes import CODES
    from brass_judge.engine.after_turn import CASE_RULINGS, STEP_RULINGS
    from brass_judge.games import ruling_of

    for kind, cites in STEP_RULINGS.items():
        for rule, qs in cites:
            for q in qs:
                q = ruling_of("lancashire", q)  # the steps cite case keys; Lancashire maps them
                assert q in CODES[rule].rulings + CODES[rule].may_cite, (kind, rule, q)
    for kind, rule, q in CASE_RULINGS:
        q = ruling_of("lancashire", q)
        assert q in CODES[rule].rulings + CODES[rule].may_cite, (kind, rule, q)


def test_replay_shows_each_era_end_with_rulings():
    game = str(EXAMPLES / "games" / "2p-full.yaml")
    r = _run("replay", game, "--format", "json")
    d = json.loads(r.stdout)
    ends = d["round_ends"]
    assert len(ends) == 20  # 10 rounds in each era at 2 players
    canal = next(e for e in ends if e["era"] == "canal" and e["round"] == 10)
    kinds = [s["kind"] for s in canal["steps"]]
    assert kinds[:1] == ["turn-order"] and "score-links" in kinds and "level1-removed" in kinds
    assert all(s["rulings"] for s in canal["steps"])
    last = ends[-1]["steps"]
    assert next(s for s in last if s["kind"] == "income")["rulings"] == ["Q027", "Q028"]
    assert next(s for s in last if s["kind"] == "score-money")["rulings"] == ["Q048"]
    text = _run("replay", game).stdout
    assert "End of Canal Era round 10:" in text and "End of Rail Era round 10:" in text
    assert "End of Canal Era round 3:" not in text  # ordinary round ends only with --round-ends
    assert "End of Canal Era round 3:" in _run("replay", game, "--round-ends").stdout
