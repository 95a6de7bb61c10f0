"""What can I do instead? An illegal verdict lists the nearest legal actions, from the move
generator, each with its cost (issue 17, item 13)."""

from __future__ import annotations

import json

from conftest import EXAMPLES
from typer.testing import CliRunner

POS = str(EXAMPLES / "worked-turn" / "position.yaml")
TURN = str(EXAMPLES / "worked-turn" / "turn.yaml")


def _run(*args):
    from brass_judge.cli import app

    r = CliRunner().invoke(app, ["check", *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r


def _json(*args):
    r = _run(*args, "--format", "json")
    return r.exit_code, json.loads(r.stdout)


def _legal(notation):
    code, d = _json(POS, "--action", notation)
    return code == 0 and d["verdict"] == "legal"


def test_build_with_the_wrong_card_offers_the_same_card_elsewhere_first():
    # the Oldham card cannot build in Colne (which has no coal space either)
    code, d = _json(POS, "--action", "build coal@colne card=oldham")
    assert code == 1
    alts = d["alternatives"]
    assert 1 <= len(alts) <= 5
    assert alts[0]["notation"] == "build coal_mine@oldham card=oldham"
    assert alts[0]["differs"] == ["location"] and alts[0]["cost"] == 5
    assert [a["nearness"] for a in alts] == sorted(a["nearness"] for a in alts)
    for a in alts:  # every alternative is one the engine judges legal, with its cost
        assert a["type"] == "build" and _legal(a["notation"]), a
        assert isinstance(a["cost"], int) and isinstance(a["action"], dict)


def test_a_card_not_held_keeps_the_action_with_another_card():
    code, d = _json(POS, "--action", "loan 30 card=manchester")
    assert code == 1
    first = d["alternatives"][0]
    assert first["notation"].startswith("loan 30 card=") and first["differs"] == ["card"]
    assert first["gain"] == 30 and first["cost"] == 0


def test_a_card_held_is_kept_when_the_problem_is_elsewhere():
    # the Burnley mill is not connected to red's port, but reaches the Distant Cotton Market
    # through Yorkshire: the same mill, another destination, the Bury card kept
    code, d = _json(POS, "--action", "sell burnley>warrington card=bury")
    assert code == 1
    assert d["alternatives"][0]["notation"] == "sell burnley>distant card=bury"
    assert d["alternatives"][0]["differs"] == ["sales"]


def test_second_action_alternatives_are_judged_after_the_first():
    # after the canal, the mill in Manchester reaches red's port: selling Burnley there is
    # not possible (no link), but the Manchester sale is
    code, d = _json(
        POS, "--action", "network manchester-warrington card=coal_mine; sell burnley>warrington card=preston"
    )
    assert code == 1
    notations = [a["notation"] for a in d["alternatives"]]
    assert "sell manchester>warrington card=preston" in notations


def test_legal_verdicts_and_turn_problems_list_none():
    code, d = _json(POS, TURN)
    assert code == 0 and d["alternatives"] == []
    code, d = _json(POS, "--action", "loan 10 card=bury", "-p", "red")  # not red's turn
    assert code == 1 and d["alternatives"] == []


def test_text_lists_them_with_costs():
    out = _run(POS, "--action", "build coal@colne card=oldham").stdout
    assert "Legal instead (nearest first):" in out
    assert "  build coal_mine@oldham card=oldham  (costs £5; other location)" in out


def _fixture_alternatives(name):
    from test_rules import RULES_DIR, judge, load_fixture

    from brass_judge.action_io import turn_from_doc
    from brass_judge.data import game_data
    from brass_judge.engine.alternatives import nearest_legal
    from brass_judge.yamlio import Document

    path = RULES_DIR / name
    loaded, _, verdict = judge(path)
    assert verdict is not None and not verdict.legal
    data = game_data(loaded.position.variant)
    turn = turn_from_doc(Document(load_fixture(path)["action"], str(path), {}), data)
    return nearest_legal(loaded, turn, data)


def test_a_wrong_coal_source_offers_the_same_build_with_the_right_one():
    alts = _fixture_alternatives("build/BLD019_coal-source-not-closest.yaml")
    assert alts[0]["notation"] == "build cotton_mill@manchester card=manchester"
    assert alts[0]["differs"] == ["coal source"] and alts[0]["nearness"] == 0


def test_a_claimed_level_offers_the_lowest_tile():
    alts = _fixture_alternatives("build/BLD015_not-lowest-tile.yaml")
    assert alts[0]["notation"] == "build cotton_mill@bolton card=bolton" and alts[0]["differs"] == ["level"]


def test_hand_unknown_keeps_the_card_named():
    alts = _fixture_alternatives("loan/LON001_loan-below-minus-10.yaml")
    assert [a["notation"] for a in alts] == ["loan 10 card=wigan"] and alts[0]["differs"] == ["amount"]


def test_another_industry_is_not_said_to_change_the_source_asked_for():
    # no coal reaches Bolton: a coal mine or cotton mill there is offered, and it is another
    # industry, not "another iron source" (a coal mine takes no iron at all)
    code, d = _json(POS, "--action", "build iron@bolton card=bolton iron=market")
    assert code == 1 and d["alternatives"]
    for alt in d["alternatives"]:
        if alt["action"].get("industry") != "iron_works":
            assert "iron source" not in alt["differs"] and "industry" in alt["differs"], alt
