"""A replay judges a log on its own working position, changed in place, and starts over on copies
at the first action that is not plainly legal (gamelog.replay, engine.judge_one *in_place*).

Both ways must give the same result: a replay with a hook (``on_turn_end``) always judges on
copies, the way every other caller of the engine does, so it is the reference here.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import replace

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brass_judge.data import game_data
from brass_judge.engine import judge_in_place, judge_one
from brass_judge.engine.driver import GameDriver
from brass_judge.engine.moves import legal_actions
from brass_judge.games import dump_log, read_log, replay
from brass_judge.model import Build, Position
from brass_judge.selfplay import play_game

LOGS = sorted((EXAMPLES / "games").glob("*.yaml")) + sorted(
    (EXAMPLES / "birmingham" / "games").glob("*.yaml")
)


def on_copies(path, **kw):
    """The replay judged on a copy per action (a hook turns judging in place off)."""
    return replay(path, on_turn_end=lambda turn, pos: None, **kw)


def test_the_examples_include_broken_logs():
    names = {p.name for p in LOGS}
    assert {"bad-illegal-build.yaml", "bad-wrong-player.yaml", "bad-incomplete-turn.yaml"} <= names


@pytest.mark.parametrize("keep_going", [False, True], ids=["strict", "keep-going"])
@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_judging_in_place_gives_the_result_of_judging_on_copies(path, keep_going):
    got = replay(str(path), keep_going=keep_going)
    want = on_copies(str(path), keep_going=keep_going)
    assert got.to_dict() == want.to_dict()
    assert got.position == want.position  # every field that says something about the game
    assert [f.to_dict() for f in got.findings] == [f.to_dict() for f in want.findings]


@pytest.mark.parametrize(
    "path", LOGS[:1] + [EXAMPLES / "games" / "bad-illegal-build.yaml"], ids=lambda p: p.name
)
def test_positions_part_way_agree(path):
    total = replay(str(path), keep_going=True).total_actions
    for n in range(1, total + 2, 5):
        got = replay(str(path), keep_going=True, stop_before=n)
        want = on_copies(str(path), keep_going=True, stop_before=n)
        assert got.position == want.position, n
        assert got.to_dict() == want.to_dict(), n


def count_copies(monkeypatch) -> list[int]:
    made = [0]
    real = Position.copy

    def counting(self):
        made[0] += 1
        return real(self)

    monkeypatch.setattr(Position, "copy", counting)
    return made


def test_a_clean_log_is_judged_without_a_copy_per_action(monkeypatch):
    path = str(EXAMPLES / "games" / "4p-full.yaml")
    log = read_log(path)
    made = count_copies(monkeypatch)
    res = replay(log)
    assert res.ok and res.actions > 100
    assert made[0] < res.actions // 4, made[0]
    made[0] = 0
    on_copies(log)
    assert made[0] >= res.actions  # the reference does copy: the count above means something


def test_an_illegal_action_starts_the_log_over_on_copies(monkeypatch):
    path = str(EXAMPLES / "games" / "bad-illegal-build.yaml")
    made = count_copies(monkeypatch)
    res = replay(path)
    assert res.stopped and [(f.code, f.action) for f in res.findings] == [("BLD002", 6)]
    # judged in place up to the illegal 6th action, then again from the start: in place up to it
    # and on a copy from it on (here only that action, the replay stopping at it)
    assert made[0] == 1
    made[0] = 0
    res = replay(path, keep_going=True)
    assert [(f.code, f.action) for f in res.findings][:1] == [("BLD002", 6)]
    assert res.actions - 6 <= made[0] <= res.actions  # every action from the 6th on a copy


def test_the_same_loaded_log_replays_the_same_every_time():
    log = read_log(str(EXAMPLES / "games" / "4p-full.yaml"))  # it states shortfall choices
    first = replay(log).to_dict()
    replay(log, stop_before=20)
    assert replay(log).to_dict() == first
    assert on_copies(log).to_dict() == first


def test_judge_in_place_changes_the_position_it_is_given():
    data = game_data()
    drv = GameDriver.new_game(["red", "blue"], data, rng=random.Random(3))
    pos = drv.position
    me = pos.turn
    card = pos.player[me].hand[0]
    # a build with the first card of the hand
    action = next(a for a in legal_actions(pos, data) if isinstance(a, Build) and card in a.cards)
    before = pos.copy()
    v = judge_one(pos, action, me, data)
    assert v.legal and v.position is not pos and pos == before  # on a copy: untouched
    assert v.position != before
    j = judge_in_place(pos, action, me, data)
    assert j is not None and pos == v.position  # the same result, on pos itself
    assert (list(j.rules), list(j.also), j.assumptions) == (v.rules, v.also, v.assumptions)
    # an illegal action: None (and the position is not to be used any more)
    other = next(c for c in data.deck_for(2) if c not in pos.player[me].hand)
    illegal = replace(action, cards=(other,))
    assert not judge_one(pos, illegal, me, data).legal
    assert judge_in_place(pos, illegal, me, data) is None


@pytest.mark.parametrize("game", ["lancashire", "birmingham"])
def test_one_context_judges_action_after_action_as_new_contexts_do(game):
    """judge_in_place with the context of the last action: each action's assumptions are its own,
    the rules and case rulings accumulate in first-use order, the positions agree."""
    data = game_data(game=game)
    a = GameDriver.new_game(["red", "blue", "green"], data, rng=random.Random(5), in_place=True)
    b = GameDriver.new_game(["red", "blue", "green"], data, rng=random.Random(5), in_place=True)
    rules: dict = {}
    also: dict = {}
    ctx = a.in_place_context(rules, also)
    want_rules: dict = {}
    want_also: dict = {}
    pick = random.Random(11)
    for _ in range(40):
        while a.can_act():
            action = pick.choice(legal_actions(a.position, data))
            got = a.judge_in_place(action, None, ctx)
            new = b.judge_in_place(action)  # a context of its own
            assert got is ctx and new is not None and new is not ctx
            want_rules.update(dict.fromkeys(new.rules))
            want_also.update(dict.fromkeys(new.also))
            assert ctx.assumptions == new.assumptions
            assert (list(rules), list(also)) == (list(want_rules), list(want_also))
            assert a.position == b.position
        a.finish_turn()
        b.finish_turn()
        if a.game_over:
            break
    assert len(rules) > 10 and also


def test_a_context_calls_an_action_against_the_turn_not_plainly_legal():
    """With a context, an action by the wrong player, one more than the turn has left, or one
    after the game's end is not plainly legal (None): the replay judges it again on a copy,
    which words the violation (TRN001, TRN002, TRN005)."""
    data = game_data()
    drv = GameDriver.new_game(["red", "blue"], data, rng=random.Random(3), in_place=True)
    ctx = drv.in_place_context({}, {})
    pos = drv.position
    me = pos.turn
    other = next(p for p in pos.players if p != me)
    action = legal_actions(pos, data)[0]
    assert drv.judge_in_place(action, other, ctx) is None
    assert judge_one(pos, action, other, data).violations[0].code == "TRN001"
    pos.actions_left = 0
    assert drv.judge_in_place(action, me, ctx) is None
    assert judge_one(pos, action, me, data).violations[0].code == "TRN002"
    pos.actions_left = 1
    pos.game_over = True
    assert drv.judge_in_place(action, me, ctx) is None
    assert judge_one(pos, action, me, data).violations[0].code == "TRN005"
    pos.game_over = False
    assert drv.judge_in_place(action, me, ctx) is ctx  # and the position is as before
    assert not ctx.violations


# ------------------------------------------------------------------- self-played logs, broken
GAMES = {"lancashire": game_data(), "birmingham": game_data(game="birmingham")}
_PLAYED: dict = {}


def played(game: str, players: int, seed: int) -> dict:
    key = (game, players, seed)
    if key not in _PLAYED:
        _PLAYED[key] = play_game(players, seed, GAMES[game])[0]
    return _PLAYED[key]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(2, 4),
    seed=st.integers(0, 1),
    where=st.floats(0, 1, exclude_max=True),
    how=st.sampled_from(["card", "swap", "drop", "repeat"]),
    keep_going=st.booleans(),
    at=st.floats(0, 1),
)
def test_a_broken_self_played_log_gives_the_same_result_both_ways(
    game, players, seed, where, how, keep_going, at
):
    """A self-played log broken at one action (a card changed, two actions swapped, one left out
    or played twice): judging in place (and starting over) agrees with judging on copies."""
    log = copy.deepcopy(played(game, players, seed))
    spots = [(t, i) for t, turn in enumerate(log["turns"]) for i in range(len(turn["actions"]))]
    t, i = spots[int(where * len(spots))]
    actions = log["turns"][t]["actions"]
    if how == "card":
        cards = sorted(GAMES[game].deck_for(players))
        # the first card named becomes another (a scout keeps its three)
        actions[i] = re.sub(r"(cards?=)[\w-]+", rf"\g<1>{cards[seed % len(cards)]}", actions[i], count=1)
    elif how == "swap" and t + 1 < len(log["turns"]):
        nxt = log["turns"][t + 1]["actions"]
        actions[i], nxt[0] = nxt[0], actions[i]
    elif how == "drop" and len(actions) > 1:  # (a turn keeps one action at least: the schema's)
        del actions[i]
    else:
        actions.insert(i, actions[i])
    text = dump_log(log)
    total = read_log(text, GAMES[game]).n_actions
    stop = 1 + int(at * total)
    for kw in ({}, {"stop_before": stop}):
        got = replay(text, keep_going=keep_going, **kw)
        want = on_copies(text, keep_going=keep_going, **kw)
        assert got.to_dict() == want.to_dict()
        assert got.position == want.position
