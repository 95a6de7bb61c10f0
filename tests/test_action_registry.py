"""The registry of action kinds (brass_judge/actions.py): one record per kind, and everything that
reads, writes, judges, lists or chooses actions loops over it. A kind added to a game's list (here
a toy kind patched into Lancashire's) is parsed, judged, listed, formatted and weighted without
touching notation, the engine, moves or self-play."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from conftest import REPO

import brass_judge
from brass_judge.actions import PASS, ActionKind, action_kinds, assemble_action_schema, cards_text
from brass_judge.games.lancashire import actions as lancashire_actions

GOOD = REPO / "tests" / "facade" / "one-tile-canal.yaml"


def test_schema_file_is_what_the_kinds_assemble():
    on_disk = json.loads((REPO / "schemas" / "action.schema.json").read_text(encoding="utf-8"))
    assert assemble_action_schema(on_disk, action_kinds("lancashire")) == on_disk


def test_kinds_are_consistent():
    kinds = action_kinds("lancashire")
    assert [k.word for k in kinds] == ["build", "network", "develop", "sell", "loan", "pass"]
    for k in kinds:
        assert k.cls.kind == k.word
        assert "action" in k.keys and "card" in k.keys
        assert k.word in k.schema
        assert callable(k.judge_fn()) and callable(k.candidates_fn())
        assert "schema" in k.examples
    from brass_judge import model, notation, selfplay
    from brass_judge.engine import moves

    assert model.ACTION_TYPES == tuple(k.cls for k in kinds)
    assert notation.ACTION_WORDS == moves.KINDS == tuple(k.word for k in kinds)
    # self-play draws the kinds in this order: it is part of what a seed reproduces
    assert list(selfplay.WEIGHTS.items()) == [
        ("sell", 12.0),
        ("build", 10.0),
        ("network", 5.0),
        ("develop", 1.0),
        ("loan", 0.3),
        ("pass", 0.05),
    ]


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game"):
        action_kinds("no_such_game")


# ------------------------------------------------------------------------------ a toy kind
@dataclass(frozen=True)
class Wait:
    cards: tuple

    kind = "wait"


def _judge_wait(j, a) -> None:
    j.effect("money", f"{j.player} waits and finds £1", player=j.player, amount=1)
    j.me.money += 1


def _wait_args(kind, args, obj, err, text) -> None:
    if args:
        raise err(f"wait takes only card=..., got {' '.join(args)!r}")


WAIT = ActionKind(
    word="wait",
    cls=Wait,
    parse_args=_wait_args,
    format=lambda kind, a: "wait" + cards_text(a),
    keys=frozenset(("action", "card", "cards")),
    from_obj=lambda kind, r: Wait(r.cards()),
    to_obj=lambda a, out: None,
    schema={"wait": PASS.schema["pass"]},
    judge=_judge_wait,
    candidates=lambda c, max_rail_pairs: [(Wait(c.one_card()),)],
    weight=7.0,
    examples={"usage": "wait card=x", "schema": "wait card=x"},
)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(lancashire_actions, "KINDS", lancashire_actions.KINDS + (WAIT,))


def test_toy_kind_everywhere(toy):
    from brass_judge.engine.moves import count_by_kind, legal_moves
    from brass_judge.notation import action_from_obj, action_to_obj, format_action, parse_action
    from brass_judge.selfplay import policy_weights

    a = parse_action("WAIT card=wigan")
    assert a == Wait(("wigan",))
    assert format_action(a) == "wait card=wigan"
    assert action_to_obj(a) == {"action": "wait", "card": "wigan"}
    assert action_from_obj({"action": "wait", "card": "wigan"}, None) == a
    with pytest.raises(brass_judge.errors.InputError, match="only card"):
        parse_action("wait now card=wigan")
    with pytest.raises(brass_judge.errors.InputError, match="discards one"):
        parse_action("wait cards=wigan,bury")
    # judged: the discard is the shared turn rule, the rest the kind's judge
    v = brass_judge.check(GOOD, "wait card=wigan")
    assert v.legal, [x.message for x in v.violations]
    assert v.position.player["red"].money == 31
    assert v.position.player["red"].hand == ["preston", "bury"]
    assert not brass_judge.check(GOOD, "wait card=lancaster").legal  # not in hand
    # listed, in registry order (last)
    moves = legal_moves(brass_judge.load_position(str(GOOD)))
    assert moves[-1].kind == "wait" and moves[-1].notation == "wait card=wigan"
    assert count_by_kind(moves)["wait"] == 1
    # weighted for self-play
    pos = brass_judge.load_position(str(GOOD)).position
    from brass_judge.data import game_data

    assert policy_weights(pos, game_data())["wait"] == 7.0
    # a schema with it
    on_disk = json.loads((REPO / "schemas" / "action.schema.json").read_text(encoding="utf-8"))
    schema = assemble_action_schema(on_disk, action_kinds())
    assert (
        "wait" in schema["$defs"] and "wait" in schema["$defs"]["action_map"]["properties"]["action"]["enum"]
    )
    import re

    assert re.match(schema["$defs"]["notation"]["pattern"], "Wait card=x")


def test_toy_kind_is_not_there_without_the_patch():
    from brass_judge.notation import parse_action

    with pytest.raises(brass_judge.errors.InputError, match="unknown action"):
        parse_action("wait card=wigan")


def test_selfplay_order_unchanged_by_the_registry():
    # the draw order of the policy is the weights' order: a seed gives the same game
    from brass_judge.selfplay import _weighted_order, base_weights

    rng = random.Random(3)
    order = _weighted_order(base_weights(), rng)
    rng2 = random.Random(3)
    w = {"sell": 12.0, "build": 10.0, "network": 5.0, "develop": 1.0, "loan": 0.3, "pass": 0.05}
    assert order == sorted(w, key=lambda k: -(rng2.random() ** (1.0 / w[k])))
