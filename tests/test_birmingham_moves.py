"""Brass: Birmingham's legal moves (brass_judge/games/birmingham/moves.py, docs/moves-birmingham.md).

* every listed action judges legal with ``check`` and survives the notation round trip;
* the perft files in tests/perft/birmingham/ pin the number of legal actions of each kind;
* brute force: every notation-expressible action of a kind that ``check`` finds legal is listed,
  modulo the documented choices (the beer, the merchant tile space, the coal and iron sources);
* ``sample_moves`` (self-play's entry) and the CLI, text and JSON, with ``--type``;
* ``check``'s alternatives for an illegal Birmingham action.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from brass_judge.actions import action_kinds
from brass_judge.data import game_data
from brass_judge.engine import check
from brass_judge.engine.moves import count_by_kind, legal_actions, legal_moves, sample_moves
from brass_judge.games.birmingham.model import (
    Sale,
    Sell,
)
from brass_judge.position_io import load_position, position_from_doc
from brass_judge.yamlio import load_file

ROOT = Path(__file__).parents[1]
PERFT = Path(__file__).parent / "perft" / "birmingham"
PERFT_FILES = sorted(PERFT.glob("*.yaml"))
WORKED = ROOT / "examples" / "birmingham" / "worked-turn" / "position.yaml"
DATA = game_data(game="birmingham")
KINDS = tuple(k.word for k in action_kinds("birmingham"))


def load_perft(path: Path):
    doc = load_file(path)
    lp = position_from_doc(doc, DATA, ("position",))
    return lp.position, doc.data.get("expect", {})


def _worked():
    return load_position(WORKED.read_text(encoding="utf-8"), DATA).position


def _legal(pos, action) -> bool:
    return check(pos, action, DATA).legal


# ------------------------------------------------------------------------------ the API
def test_every_kind_has_candidates_on_the_worked_turn():
    moves = legal_moves(_worked(), DATA)
    counts = count_by_kind(moves)
    assert list(counts) == list(KINDS)
    assert all(counts[k] for k in KINDS), counts
    assert {m.action for m in moves if m.kind == "sell"} == {
        Sell((Sale("stoke-on-trent", "warrington"),), ("iron_works",))
    }
    assert [m.notation for m in moves if m.kind == "scout"] == ["scout cards=iron_works,dudley,coalbrookdale"]
    assert [m.notation for m in moves if m.kind == "loan"] == ["loan 30 card=iron_works"]


@pytest.mark.parametrize("kind", KINDS)
def test_sample_moves_draws_legal_moves_of_the_kind(kind):
    pos = _worked()
    listed = {m.action for m in legal_moves(pos, DATA, kinds=[kind])}
    got = sample_moves(pos, random.Random(3), DATA, kinds=[kind], k=4)
    assert got and len(got) == min(4, len(listed))
    assert len({m.action for m in got}) == len(got)
    for m in got:
        assert m.kind == kind and m.action in listed
        assert check(pos, m.action, DATA).legal


def test_legal_actions_and_the_kinds_filter():
    pos = _worked()
    moves = legal_moves(pos, DATA)
    assert legal_actions(pos, DATA) == [m.action for m in moves]
    only = legal_moves(pos, DATA, kinds=["scout", "sell"])
    assert [m.action for m in only] == [m.action for m in moves if m.kind in ("sell", "scout")]
    with pytest.raises(ValueError):
        legal_moves(pos, DATA, kinds=["teleport"])
