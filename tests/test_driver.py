"""The one game driver (brass_judge/engine/driver.py): replay, self-play and the tests drive a game
through it, so a game driven by hand through its public methods must end exactly where the replay
of the same log ends, a self-played seed must give the log it gave before the driver existed, and
a bad log must keep its keep-going findings.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import EXAMPLES, REPO, run_cli

from brass_judge.data import game_data
from brass_judge.engine import flow
from brass_judge.engine.driver import GameDriver
from brass_judge.gamelog import read_log, replay
from brass_judge.position_io import position_to_obj

DATA = game_data()
GOLDEN = REPO / "tests" / "golden"


def _drive(path) -> tuple[GameDriver, int]:
    """Play a clean log through the driver alone: every action, every end of turn; (driver, rounds)."""
    log = read_log(str(path), DATA)
    s = log.setup
    shortfalls: dict = {}
    for sf in log.shortfalls:
        shortfalls.setdefault((sf.era, sf.round), {})[sf.player] = sf.remove
    d = GameDriver.new_game(
        log.players,
        DATA,
        rng=random.Random(s["seed"]) if s.get("seed") is not None else None,
        deck_order=s.get("deck_order"),
        dcm_order=s.get("dcm_order"),
        turn_order=s.get("turn_order"),
        rail_deck_order=s.get("rail_deck_order"),
        rail_dcm_order=s.get("rail_dcm_order"),
        shortfalls=shortfalls,
    )
    rounds = 0
    seen = set()
    for turn in log.turns:
        assert d.to_move == turn.player
        for la in turn.actions:
            v = d.play(la.action)
            assert v.legal, [x.message for x in v.violations]
        assert not d.must_act
        end = d.end_turn()
        rounds += end.round_end
        seen.add((end.era, end.round))
        assert end.round_end == (d.position.turns_taken == [] or d.game_over)
    assert d.used_shortfalls == set(shortfalls)
    assert rounds == len(seen)  # the last player of each round, and only they, ended it
    return d, rounds


@pytest.mark.parametrize("name", ["2p-full", "4p-full"])
def test_the_driver_over_a_log_ends_where_the_replay_ends(name):
    path = EXAMPLES / "games" / f"{name}.yaml"
    d, rounds = _drive(path)
    res = replay(str(path))
    assert res.ok and res.game_over and d.game_over
    assert d.position == res.position
    golden = json.loads((GOLDEN / f"replay-{name}.json").read_text(encoding="utf-8"))
    got = json.loads(json.dumps(position_to_obj(d.position, DATA), sort_keys=True))
    assert got == golden["final_position"]
    assert flow.scores(d.position, DATA) == golden["scores"]
    assert rounds > 10


def test_the_4p_log_states_shortfall_choices_the_driver_uses():
    log = read_log(str(EXAMPLES / "games" / "4p-full.yaml"), DATA)
    assert log.shortfalls  # else the test above would not reach the shortfall path
    d, _ = _drive(EXAMPLES / "games" / "4p-full.yaml")
    assert d.used_shortfalls == {(sf.era, sf.round) for sf in log.shortfalls}


def test_selfplay_through_the_driver_reproduces_a_seeds_log(tmp_path):
    """tests/driver/selfplay-4p-seed7.yaml was written by ``selfplay -n 4 -s 7`` before the driver
    (commit cfe3fb8); it has shortfall choices, so it goes through every end-of-turn path."""
    want = (REPO / "tests" / "driver" / "selfplay-4p-seed7.yaml").read_text(encoding="utf-8")
    assert "\nshortfalls:" in want
    out = tmp_path / "game.yaml"
    r = run_cli("selfplay", "-n", "4", "-s", "7", "-o", str(out), "--check")
    assert r.returncode == 0, r.stdout + r.stderr
    assert out.read_text(encoding="utf-8") == want
    res = replay(str(out))
    assert res.ok and res.game_over


@pytest.mark.parametrize(
    "name, codes",
    [
        ("bad-fact-mismatch", ["GAM001"]),
        ("bad-illegal-build", ["BLD002"]),
        ("bad-incomplete-turn", ["GAM003"]),
        ("bad-wrong-player", ["GAM002"]),
    ],
)
def test_keep_going_on_a_bad_log_is_unchanged(name, codes):
    path = EXAMPLES / "games" / f"{name}.yaml"
    golden = json.loads((GOLDEN / f"replay-{name}.json").read_text(encoding="utf-8"))
    res = replay(str(path), keep_going=True)
    assert [f.code for f in res.findings] == codes
    got = res.to_dict()
    for k in ("actions", "turns", "stopped", "game_over", "era", "round", "scores", "rulings"):
        assert got[k] == golden[k], k
    assert [(f["code"], f["line"]) for f in got["findings"]] == [
        (f["code"], f["line"]) for f in golden["findings"]
    ]
    # strict mode stops at the first finding that is not a fact (GAM001 does not stop it)
    strict = replay(str(path))
    assert strict.stopped == (codes != ["GAM001"])


def test_incomplete_turn_is_passed_out_by_the_driver():
    """keep_going fills a turn's missing actions with passes: the driver's pass_out."""
    log = read_log(str(EXAMPLES / "games" / "bad-incomplete-turn.yaml"), DATA)
    s = log.setup
    d = GameDriver.new_game(
        log.players,
        DATA,
        deck_order=s.get("deck_order"),
        turn_order=s.get("turn_order"),
        dcm_order=s.get("dcm_order"),
        rng=random.Random(s["seed"]) if s.get("seed") is not None else None,
    )
    for turn in log.turns:
        for la in turn.actions:
            d.play(la.action)
        if d.must_act:
            hand = list(d.position.player[d.to_move].hand)
            d.pass_out()
            assert not d.must_act
            assert len(d.position.player[turn.player].hand) < len(hand)
            return
        d.end_turn()
    raise AssertionError("the log has no incomplete turn")
