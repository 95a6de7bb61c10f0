"""The engine never changes the position it is given, and quiet judging (``narrate=False``, what
replays use) decides exactly what narrated judging decides.

Positions share their lists with their copies (copy-on-write tiles, replace-only lists; see
``Position.copy``), so an in-place change anywhere in the engine would leak into the caller's
position. These tests walk every shipped full game action by action and compare the position
with a deep snapshot after each check, each end of turn and each move enumeration.
"""

from __future__ import annotations

import copy

import pytest
from conftest import EXAMPLES

from brass_judge.data import game_data
from brass_judge.engine import check, flow, legal_actions
from brass_judge.engine.driver import GameDriver
from brass_judge.games import read_log
from brass_judge.model import Turn

DATA = game_data()


def _walk(path):
    """Yield (position, turn) for every action of a clean game log, driven as replay drives it."""
    import random

    log = read_log(str(path), DATA)
    s = log.setup
    rng = random.Random(s["seed"]) if s.get("seed") is not None else None
    shortfalls: dict = {}
    for sf in log.shortfalls:
        shortfalls.setdefault((sf.era, sf.round), {})[sf.player] = sf.remove
    game = GameDriver.new_game(
        log.players,
        DATA,
        rng=rng,
        deck_order=s.get("deck_order"),
        dcm_order=s.get("dcm_order"),
        turn_order=s.get("turn_order"),
        rail_deck_order=s.get("rail_deck_order"),
        rail_dcm_order=s.get("rail_dcm_order"),
        shortfalls=shortfalls,
    )
    for turn in log.turns:
        for la in turn.actions:
            t = Turn((la.action,), game.to_move)
            new = yield game.position, t
            game.position = new
        pos = game.position
        before = copy.deepcopy(pos)
        kw = dict(
            shortfall_choices=game.shortfall_choices(),
            rail_deck_order=game.rail_deck_order,
            rail_dcm_order=game.rail_dcm_order,
        )
        loud, fx_loud = flow.end_turn(pos, DATA, rng=copy.deepcopy(game.rng), **kw)
        assert pos == before, "end_turn changed the position it was given"
        fx_quiet = game.end_turn().effects  # quiet; the driver does not end turns in place here
        quiet = game.position
        assert pos == before, "end_turn changed the position it was given"
        assert quiet == loud
        assert (fx_quiet.rules, fx_quiet.also, fx_quiet.assumptions) == (
            fx_loud.rules,
            fx_loud.also,
            fx_loud.assumptions,
        )
        assert [v.code for v in fx_quiet.violations] == [v.code for v in fx_loud.violations]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_checks_leave_the_position_alone_and_quiet_judging_agrees(n):
    walk = _walk(EXAMPLES / "games" / f"{n}p-full.yaml")
    pos, turn = next(walk)
    actions = 0
    while True:
        snapshot = copy.deepcopy(pos)
        loud = check(pos, turn, DATA)
        assert pos == snapshot, f"action {actions + 1}: check changed the position it was given"
        quiet = check(pos, turn, DATA, narrate=False)
        assert pos == snapshot, f"action {actions + 1}: quiet check changed the position it was given"
        assert loud.legal and quiet.legal, [v.message for v in loud.violations]
        assert loud.effects and not quiet.effects and not quiet.steps
        assert (quiet.rules, quiet.also, quiet.rulings, quiet.assumptions) == (
            loud.rules,
            loud.also,
            loud.rulings,
            loud.assumptions,
        )
        assert quiet.position == loud.position
        actions += 1
        try:
            pos, turn = walk.send(quiet.position)
        except StopIteration:
            break
    assert actions > 60


@pytest.mark.parametrize("n", [3, 4])
def test_move_enumeration_leaves_the_position_alone(n):
    walk = _walk(EXAMPLES / "games" / f"{n}p-full.yaml")
    pos, turn = next(walk)
    k = 0
    while True:
        if k % 9 == 0:
            snapshot = copy.deepcopy(pos)
            moves = legal_actions(pos, DATA)
            assert moves
            assert pos == snapshot, f"action {k + 1}: legal_actions changed the position"
        k += 1
        try:
            pos, turn = walk.send(check(pos, turn, DATA, narrate=False).position)
        except StopIteration:
            break


def test_illegal_quiet_verdict_names_the_same_violations():
    walk = _walk(EXAMPLES / "games" / "2p-full.yaml")
    pos, _turn = next(walk)
    other = next(p for p in pos.players if p != pos.turn)
    from brass_judge.model import Pass

    turn = Turn((Pass((pos.player[other].hand[0],)),), other)  # not their turn
    loud, quiet = check(pos, turn, DATA), check(pos, turn, DATA, narrate=False)
    assert not loud.legal and not quiet.legal
    assert [v.code for v in quiet.violations] == [v.code for v in loud.violations] == ["TRN001"]
    assert quiet.rulings == loud.rulings
