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


#: the shipped full games of both games (Birmingham's player states and flow differ)
FULL = [EXAMPLES / "games" / f"{n}p-full.yaml" for n in (2, 3, 4)] + [
    EXAMPLES / "birmingham" / "games" / f"{n}p-full.yaml" for n in (2, 3, 4)
]


def _name(path):
    return f"{path.parent.parent.name}-{path.stem}"


def _walk(path, in_place=False):
    """Yield (position, turn) for every action of a clean game log, driven as replay drives it."""
    import random

    log = read_log(str(path), DATA)
    data = log.data
    s = log.setup
    rng = random.Random(s["seed"]) if s.get("seed") is not None else None
    shortfalls: dict = {}
    for sf in log.shortfalls:
        shortfalls.setdefault((sf.era, sf.round), {})[sf.player] = sf.remove
    game = GameDriver.new_game(
        log.players,
        data,
        rng=rng,
        deck_order=s.get("deck_order"),
        dcm_order=s.get("dcm_order"),
        turn_order=s.get("turn_order"),
        rail_deck_order=s.get("rail_deck_order"),
        rail_dcm_order=s.get("rail_dcm_order"),
        shortfalls=shortfalls,
        in_place=in_place,
        **({"merchant_order": s["merchant_order"]} if "merchant_order" in s else {}),
    )
    if in_place:  # as replay drives it: the verdicts' positions are ended in place
        for turn in log.turns:
            for la in turn.actions:
                game.position = yield game.position, Turn((la.action,), game.to_move)
            game.end_turn()
        return
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
        loud, fx_loud = flow.end_turn(pos, data, rng=copy.deepcopy(game.rng), **kw)
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


@pytest.mark.parametrize("path", FULL, ids=_name)
def test_checks_leave_the_position_alone_and_quiet_judging_agrees(path):
    walk = _walk(path)
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


@pytest.mark.parametrize("path", [p for p in FULL if not p.name.startswith("2p")], ids=_name)
def test_move_enumeration_leaves_the_position_alone(path):
    walk = _walk(path)
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


@pytest.mark.parametrize("path", FULL, ids=_name)
def test_positions_judged_stay_as_they_were_to_the_end_of_the_game(path):
    """Every change to a player state or tile goes through its copy-on-write accessor
    (``Position.own_player``, ``Position.own_tile``): driven as replay drives it, with every end of
    turn made in place on the verdict's position, each position an action was judged on is, at the
    end of the game, still what it was when it was judged."""
    walk = _walk(path, in_place=True)
    kept = []
    pos, turn = next(walk)
    while True:
        kept.append((pos, copy.deepcopy(pos)))
        v = check(pos, turn, DATA, narrate=False)
        assert v.legal, [x.message for x in v.violations]
        try:
            pos, turn = walk.send(v.position)
        except StopIteration:
            break
    assert len(kept) > 60
    for i, (pos, snapshot) in enumerate(kept):
        assert pos == snapshot, f"the position of action {i + 1} changed later in the game"


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
