"""Which rulings decided a verdict (``decided_by``): a subset of the rulings relied on, shown first
with each ruling's question; the rest under ``--explain`` (issue 17, item 1)."""

from __future__ import annotations

import json

from conftest import EXAMPLES
from typer.testing import CliRunner

POS = str(EXAMPLES / "worked-turn" / "position.yaml")
TURN = str(EXAMPLES / "worked-turn" / "turn.yaml")


def _check(*args):
    from brass_judge.cli import app

    r = CliRunner().invoke(app, ["check", *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r


def _json(*args):
    r = _check(*args, "--format", "json")
    return r.exit_code, json.loads(r.stdout)


def test_worked_turn_decided_by_the_case_rulings_not_the_bookkeeping():
    code, d = _json(POS, TURN)
    assert code == 0
    assert set(d["decided_by"]) <= set(d["rulings"])
    # red's port flips and red gains the income (Q031); the mill reaches the Distant Cotton
    # Market through Yorkshire, an outside location (Q101)
    assert {"Q031", "Q101"} <= set(d["decided_by"])
    # paying onto the character tile (Q025), the canal's price (Q118), the income track (Q030) are
    # relied on, but they do not answer "why?"
    assert {"Q025", "Q118", "Q030"} <= set(d["rulings"])
    assert not {"Q025", "Q118", "Q030"} & set(d["decided_by"])


def test_illegal_verdict_decided_by_its_violations():
    code, d = _json(POS, "--action", "build coal@colne card=oldham")
    assert code == 1
    want = list(dict.fromkeys(q for v in d["violations"] for q in v["rulings"]))
    assert d["decided_by"] == want and want


def test_nothing_in_doubt_cites_the_actions_own_rule():
    code, d = _json(POS, "--action", "loan 30 card=bury")
    assert code == 0
    assert d["decided_by"] == ["Q035"]


def test_market_iron_decides_a_develop():
    code, d = _json(POS, "--action", "develop coal,iron card=bury")
    assert code == 0
    assert "Q064" in d["decided_by"]  # no iron on the board: bought from the market
    assert "Q114" not in d["decided_by"] and "Q114" in d["rulings"]


def test_text_shows_decided_first_with_questions_rest_under_explain():
    out = _check(POS, TURN).stdout
    assert "Decided by:" in out
    assert "Q031 When I flip an opponent's tile" in out
    assert "Q025" not in out and "--explain lists them" in out
    explained = _check(POS, TURN, "--explain").stdout
    also = next(line for line in explained.splitlines() if line.startswith("Also relied on:"))
    assert "Q025" in also and "Q031" not in also


def _fixture_verdicts():
    from test_rules import RULES_DIR, judge

    for path in sorted(RULES_DIR.rglob("*.yaml")):
        _, _, verdict = judge(path)
        if verdict is not None:
            yield path, verdict


def test_every_rule_fixture_decided_by_is_a_subset_and_keeps_case_rulings():
    n = 0
    for path, v in _fixture_verdicts():
        n += 1
        assert set(v.decided_by) <= set(v.rulings), path
        assert bool(v.decided_by) == bool(v.rulings), path  # something decided it when anything did
        if v.legal:
            # a case-specific ruling is recorded only because it decided the case
            assert {q for _, q in v.also} <= set(v.decided_by), path
    assert n > 100


def test_every_assumption_is_shown_once_folded_or_not():
    for path, v in _fixture_verdicts():
        details = v.assumption_details
        shown = [a["text"] for a in details if not a.get("folded")]
        shown += [t for a in details for t in a.get("folded", ())]
        assert sorted(shown) == sorted(v.assumptions), path
        flags = [a["changes_verdict"] for a in details]
        assert flags == sorted(flags, reverse=True), path  # those that could change it first


def test_a_second_own_tile_in_the_rail_era_and_a_market_sale_are_decided_by_their_rulings():
    from test_rules import RULES_DIR, judge

    # Q079: the Rail Era lifts the one-tile-per-town limit, the question this build turns on
    _, _, v = judge(RULES_DIR / "rulings" / "Q079_rail-era-second-own-tile.yaml")
    assert v.legal and "Q079" in v.decided_by, v.decided_by
    # Q070: the new mine's cubes go to the Coal Market and red is paid for them
    _, _, v = judge(RULES_DIR / "rulings" / "Q070_market-sale-money.yaml")
    assert v.legal and "Q070" in v.decided_by, v.decided_by
    code, d = _json(POS, "--action", "build iron@bolton card=bolton coal=market")
    assert "Q079" not in d["decided_by"]  # no second own tile there: not cited


def test_developing_two_tiles_is_decided_by_q115_one_tile_is_not():
    """Q115 (two tiles in one Develop, of the same or different industries) answers "why?" only when
    two tiles are removed; with one it is merely relied on."""
    code, two = _json(POS, "--action", "develop coal,iron card=preston")
    assert code == 0 and "Q115" in two["decided_by"]
    code, same = _json(POS, "--action", "develop coal,coal card=preston")
    assert code == 0 and "Q115" in same["decided_by"]
    code, one = _json(POS, "--action", "develop coal card=preston")
    assert code == 0 and "Q115" in one["rulings"] and "Q115" not in one["decided_by"]
