"""The worked turn of the rules refresher (seed 000, "A turn, played out"), judged by the engine.

``examples/worked-turn/position.yaml`` is mid Canal Era: green has unflipped cotton mills in
Manchester (east) and Burnley (north, joined by blue's canals to Yorkshire's trade icon); red has
an unflipped port in Warrington & Runcorn one empty canal line from Manchester; blue has spent
£11 this round. ``turn.yaml`` is green's turn: a canal on Manchester-Warrington for £3, then one
Sell: Manchester to red's port, Burnley to the Distant Cotton Market (tile 2).

Every effect the seed describes is asserted, through the library and through the CLI.
"""

from __future__ import annotations

import json

import pytest
import yaml
from conftest import EXAMPLES, run_cli

POS = EXAMPLES / "worked-turn" / "position.yaml"
TURN = EXAMPLES / "worked-turn" / "turn.yaml"


def _judge(turn_text: str | None = None, *, position: dict | None = None):
    from brass_judge.action_io import load_turn, turn_from_text
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.position_io import load_position

    lp = load_position(position if position is not None else str(POS))
    data = game_data(lp.position.variant)
    turn = turn_from_text(turn_text, data) if turn_text else load_turn(str(TURN), data)
    return lp, check(lp, turn, data)


@pytest.fixture(scope="module")
def judged():
    return _judge()


def _texts(verdict) -> list:
    return [e.text for e in verdict.effects]


def _index(texts: list, part: str) -> int:
    hits = [i for i, t in enumerate(texts) if part in t]
    assert hits, f"no effect mentions {part!r}:\n" + "\n".join(texts)
    return hits[0]


def test_the_worked_turn_is_legal(judged) -> None:
    lp, v = judged
    assert v.legal, [x.message for x in v.violations]
    assert v.violations == [] and v.outcomes == []  # the tile drawn is stated: nothing to enumerate
    from brass_judge.engine.validate import validate

    assert validate(lp) == []


def test_network_canal_for_three_pounds_onto_the_character_tile(judged) -> None:
    lp, v = judged
    after = v.position
    texts = _texts(v)
    # Only Build cares which card is discarded: an unwanted Coal Mine card pays for the canal.
    assert "green discards Coal Mine" in texts
    _index(texts, "green places a canal on Manchester-Warrington & Runcorn")
    _index(texts, "green pays £3 for 1 canal link(s) (spent this round: £3)")
    link = after.link_on("manchester~warrington")
    assert link is not None and (link.owner, link.kind) == ("green", "canal")
    # the £3 goes on green's character tile (spent), not into the bank
    assert (lp.position.player["green"].money, after.player["green"].money) == (20, 17)
    assert after.player["green"].spent == 3
    assert {"RUL-LINK-COST", "RUL-SPENT", "RUL-NETWORK-EXTENDS"} <= set(v.rules)
    assert {"Q118", "Q025", "Q051"} <= set(v.rulings)


def test_manchester_mill_sells_to_reds_port(judged) -> None:
    lp, v = judged
    after, texts = v.position, _texts(v)
    sale = _index(texts, "green sells the mill in Manchester to red's level 1 Port in Warrington & Runcorn")
    port = _index(texts, "red's level 1 Port in Warrington & Runcorn flips")
    red_income = _index(texts, "red's income marker moves 3 space(s) 13→16")
    mill = _index(texts, "green's level 1 Cotton Mill in Manchester flips (sold)")
    green_income = _index(texts, "green's income marker moves 5 space(s) 12→17")
    assert sale < port < red_income < mill < green_income
    assert after.tile_on("warrington", 1).flipped and after.tile_on("warrington", 1).owner == "red"
    assert after.tile_on("manchester", 0).flipped
    assert after.player["red"].income_space == lp.position.player["red"].income_space + 3
    assert "RUL-PORT-SALE" in v.rules and "Q031" in v.rulings  # the port's owner gains its income


def test_burnley_mill_sells_to_the_distant_cotton_market(judged) -> None:
    lp, v = judged
    after, texts = v.position, _texts(v)
    tile = _index(texts, "Distant Cotton Market tile 2: the marker moves 1→3; bonus +2 income space(s)")
    bonus = _index(texts, "green's income marker moves 2 space(s) 17→19")
    mill = _index(texts, "green's level 1 Cotton Mill in Burnley flips (sold to the Distant Cotton Market)")
    income = _index(texts, "green's income marker moves 5 space(s) 19→24")
    assert _index(texts, "Manchester flips") < tile < bonus < mill < income
    assert (lp.position.dcm_position, after.dcm_position) == (1, 3)
    assert after.dcm_drawn == [2]
    assert after.tile_on("burnley", 0).flipped
    # Yorkshire is an outside location: its trade icon gives access, nothing flips there
    assert {"RUL-DCM-SALE", "RUL-DCM-VIA-PORT"} <= set(v.rules)
    assert {"Q102", "Q103"} <= set(v.rulings)


def test_income_money_and_spending_after_the_turn(judged) -> None:
    lp, v = judged
    after = v.position
    # green: +5 (Manchester) +2 (bonus) +5 (Burnley) spaces; no money from selling
    assert after.player["green"].income_space == 12 + 5 + 2 + 5
    assert after.player["green"].money == 17
    # green spent £3 against blue's £11: green goes ahead of blue next round (least spent first)
    assert (after.player["green"].spent, after.player["blue"].spent) == (3, 11)
    assert after.player["green"].spent < after.player["blue"].spent
    # two actions, two cards discarded face up
    assert after.player["green"].discard[-2:] == ["coal_mine", "preston"]
    assert len(after.player["green"].hand) == 6
    assert after.actions_left == 0


def test_the_northern_mill_cannot_use_the_flipped_port() -> None:
    """Once the port has flipped, the Burnley mill could not sell to it: the same action flipped it
    (SEL009, not SEL003's "already flipped")."""
    _, v = _judge(
        "network manchester-warrington card=coal_mine; "
        "sell manchester>warrington burnley>warrington card=preston"
    )
    assert not v.legal
    assert [x.code for x in v.violations] == ["SEL009"]
    assert "earlier sale this turn" in v.violations[0].message


def test_had_the_marker_hit_x_the_burnley_mill_stays_unflipped() -> None:
    pos = yaml.safe_load(POS.read_text(encoding="utf-8"))
    pos["distant_cotton_market"] = {"marker": 7, "drawn": [1, 3, 2]}
    _, v = _judge(None, position=pos)
    assert v.legal
    after = v.position
    assert after.dcm_position == 9
    assert after.tile_on("manchester", 0).flipped  # the port sale before it stands
    assert not after.tile_on("burnley", 0).flipped
    assert after.player["green"].income_space == 12 + 5
    assert "RUL-DCM-X" in v.rules


def test_the_worked_turn_through_the_cli() -> None:
    r = run_cli("check", str(POS), str(TURN), "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["verdict"] == "legal" and d["violations"] == []
    texts = [e["text"] for e in d["effects"]]
    for part in (
        "green pays £3",
        "green places a canal on Manchester-Warrington & Runcorn",
        "red's level 1 Port in Warrington & Runcorn flips",
        "red's income marker moves 3 space(s)",
        "green's level 1 Cotton Mill in Manchester flips",
        "marker moves 1→3; bonus +2",
        "green's level 1 Cotton Mill in Burnley flips",
    ):
        assert any(part in t for t in texts), part
    assert {"Q118", "Q031", "Q102"} <= set(d["rulings"])
    money = [e for e in d["effects"] if e["kind"] == "money"]
    assert money and money[0]["player"] == "green" and money[0]["amount"] == -3 and money[0]["spent"] == 3


def test_the_cli_refuses_the_flipped_port_sale() -> None:
    r = run_cli(
        "check",
        str(POS),
        "--action",
        "network manchester-warrington card=coal_mine; "
        "sell manchester>warrington burnley>warrington card=preston",
        "--format",
        "json",
    )
    assert r.returncode == 1
    d = json.loads(r.stdout)
    assert d["verdict"] == "illegal"
    assert [v["code"] for v in d["violations"]] == ["SEL009"]
    assert d["violations"][0]["remedy"] and "Q100" in d["violations"][0]["rulings"]
