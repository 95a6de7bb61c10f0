"""The library facade (``brass_judge.check``, ``apply``, ``legal_actions``, ``replay``, ...):
positions as paths, loaded positions or Positions; actions as notation, objects or Turns; and the
position validated first, so an impossible position is never judged legal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

import brass_judge
from brass_judge.engine import IllegalAction
from brass_judge.model import Loan, Turn

HERE = REPO / "tests" / "facade"
BAD = HERE / "two-own-tiles-canal.yaml"  # red has two tiles in Bolton in the Canal Era (POS003)
GOOD = HERE / "one-tile-canal.yaml"  # the same with one tile


def test_impossible_position_is_not_judged_legal():
    # the engine alone judges what it is given: the action itself is fine
    from brass_judge.engine import check as engine_check

    loaded = brass_judge.load_position(str(BAD))
    assert engine_check(loaded, brass_judge.parse_action("loan 10 card=wigan", loaded)).legal
    # the facade validates first
    v = brass_judge.check(str(BAD), "loan 10 card=wigan")
    assert not v.legal
    assert [x.code for x in v.violations] == ["POS003"]
    assert v.violations[0].line == 9  # the tiles line of the file
    assert v.position_invalid
    assert v.position is None


@pytest.mark.parametrize("form", ["str", "path", "loaded", "position"])
def test_position_forms(form):
    src = {
        "str": str(GOOD),
        "path": GOOD,
        "loaded": brass_judge.load_position(str(GOOD)),
        "position": brass_judge.load_position(str(GOOD)).position,
    }[form]
    v = brass_judge.check(src, "loan 10 card=wigan")
    assert v.legal, [x.message for x in v.violations]
    assert v.position.player["red"].money == 40
    bad = {"str": str(BAD), "path": BAD}.get(form)
    if bad is not None:
        assert not brass_judge.check(bad, "loan 10 card=wigan").legal


@pytest.mark.parametrize(
    "action",
    [
        "loan 10 card=wigan",
        Loan(10, ("wigan",)),
        Turn((Loan(10, ("wigan",)),)),
        [Loan(10, ("wigan",))],
        {"action": "loan", "amount": 10, "card": "wigan"},
    ],
    ids=["notation", "object", "turn", "list", "mapping"],
)
def test_action_forms(action):
    v = brass_judge.check(GOOD, action)
    assert v.legal
    assert v.position.player["red"].money == 40


def test_turn_in_notation_and_illegal_verdict():
    v = brass_judge.check(GOOD, "loan 10 card=wigan; loan 20 card=preston")
    assert v.legal and v.position.player["red"].money == 60
    v = brass_judge.check(GOOD, "loan 10 card=lancaster")  # not in hand
    assert not v.legal and "TRN003" in [x.code for x in v.violations]


def test_apply():
    pos = brass_judge.apply(GOOD, "loan 10 card=wigan")
    assert pos.player["red"].money == 40
    with pytest.raises(IllegalAction) as e:
        brass_judge.apply(BAD, "loan 10 card=wigan")
    assert [x.code for x in e.value.verdict.violations] == ["POS003"]


def test_legal_actions():
    acts = brass_judge.legal_actions(str(GOOD))
    assert Loan(10, ("wigan",)) in acts
    for a in acts[:: max(1, len(acts) // 10)]:
        assert brass_judge.check(GOOD, a).legal
    with pytest.raises(brass_judge.InvalidPosition) as e:
        brass_judge.legal_actions(BAD)
    assert [x.code for x in e.value.violations] == ["POS003"]


def test_validate():
    assert brass_judge.validate(GOOD) == []
    assert [x.code for x in brass_judge.validate(str(BAD))] == ["POS003"]


def test_replay_path_and_loaded_log():
    from brass_judge.gamelog import read_log

    path = REPO / "examples" / "games" / "opening-2p.yaml"
    a = brass_judge.replay(path)
    b = brass_judge.replay(read_log(str(path)))
    assert a.ok and b.ok
    assert a.position.player == b.position.player
    bad = brass_judge.replay(REPO / "examples" / "games" / "bad-illegal-build.yaml")
    assert not bad.ok


def test_parse_action_with_a_position():
    pos = brass_judge.load_position(str(GOOD))
    assert brass_judge.parse_action("loan 10 card=wigan", pos) == Loan(10, ("wigan",))
    assert brass_judge.parse_action("loan 10 card=wigan") == Loan(10, ("wigan",))
    assert isinstance(brass_judge.parse_action("loan 10 card=wigan; pass card=bury", GOOD), Turn)


def test_engine_does_not_import_the_loader():
    code = (
        "import sys, brass_judge.engine, brass_judge.engine.moves, brass_judge.engine.validate, "
        "brass_judge.engine.alternatives, brass_judge.engine.flow\n"
        "bad = [m for m in ('brass_judge.position_io', 'brass_judge.yamlio', 'yaml') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_names_are_lazy():
    code = (
        "import sys, brass_judge\n"
        "assert 'brass_judge.facade' not in sys.modules and 'brass_judge.engine' not in sys.modules\n"
        "brass_judge.check\n"
        "assert 'brass_judge.facade' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
    assert set(brass_judge.__all__) <= set(dir(brass_judge)) | set(brass_judge._LAZY) | {"__version__"}
    with pytest.raises(AttributeError):
        brass_judge.no_such_name  # noqa: B018


def test_path_object_for_load_position():
    assert brass_judge.load_position(Path(GOOD)).position.turn == "red"


def test_apply_needs_the_dcm_tile_stated():
    from brass_judge.errors import InputError

    worked = REPO / "examples" / "worked-turn" / "position.yaml"
    v = brass_judge.check(worked, "sell burnley>distant card=coal_mine")
    assert v.legal and v.outcomes  # every possible draw listed
    with pytest.raises(InputError) as e:
        brass_judge.apply(worked, "sell burnley>distant card=coal_mine")
    assert e.value.code == "INP050"
    before = brass_judge.load_position(worked).position.dcm_position
    assert brass_judge.apply(worked, "sell burnley>distant:2 card=coal_mine").dcm_position == before + 2
