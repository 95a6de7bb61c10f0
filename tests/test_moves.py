"""Legal move listing (brass_judge/engine/moves.py): listing and judging agree.

* every listed action judges legal, and survives the notation round trip;
* exhaustive candidate sets (every build with the Location card or the Industry card, every line,
  every ordered develop pair, every loan, every single-mill sale) judge legal exactly when listed;
* the perft files in tests/perft/ pin the number of legal actions of each type.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from brass_judge.data import game_data
from brass_judge.engine import check
from brass_judge.engine.moves import KINDS, count_by_kind, legal_actions, legal_moves
from brass_judge.model import DISTANT, RAIL, Build, Develop, Loan, Network, Pass, Sale, Sell
from brass_judge.notation import action_from_obj, action_to_obj, format_action, parse_action
from brass_judge.position_io import position_from_doc
from brass_judge.yamlio import load_file

PERFT = Path(__file__).parent / "perft"
WORKED = Path(__file__).parents[1] / "examples" / "worked-turn" / "position.yaml"
PERFT_FILES = sorted(PERFT.glob("*.yaml"))
DATA = game_data()


def load_perft(path: Path):
    doc = load_file(path)
    lp = position_from_doc(doc, DATA, ("position",))
    return lp.position, doc.data.get("expect", {})


@pytest.fixture(scope="module", params=PERFT_FILES, ids=lambda p: p.stem)
def perft(request):
    pos, expect = load_perft(request.param)
    return request.param, pos, expect, legal_moves(pos, DATA)


def _legal(pos, action) -> bool:
    return check(pos, action, DATA).legal


def test_perft_counts(perft):
    path, pos, expect, moves = perft
    counts = count_by_kind(moves)
    assert expect, f"{path.name} has no expected counts"
    assert counts == {k: expect.get(k, 0) for k in KINDS}


def test_every_listed_action_is_legal_and_round_trips(perft):
    _, pos, _, moves = perft
    assert moves, "every perft position has at least one legal action (pass)"
    seen = set()
    for m in moves:
        assert m.action not in seen, f"listed twice: {m.notation}"
        seen.add(m.action)
        assert parse_action(m.notation, DATA) == m.action
        assert action_from_obj(action_to_obj(m.action), DATA) == m.action
        v = check(pos, m.action, DATA)
        assert v.legal, (m.notation, [x.message for x in v.violations])
        assert m.kind == m.action.kind
        assert m.cost >= 0 and m.gain >= 0


def test_listing_is_grouped_by_type_in_display_order(perft):
    _, _, _, moves = perft
    order = [KINDS.index(m.kind) for m in moves]
    assert order == sorted(order)


def _build_candidates(pos, card_of):
    """Every build of every industry on every town, on a free space (no space named) or over each
    tile of that industry (space named)."""
    for ind in DATA.mat:
        for loc in DATA.locations.values():
            spaces = loc.spaces_for(ind)
            if not spaces:
                continue
            taken = {t.space: t for t in pos.tiles_at(loc.key)}
            if any(s.index not in taken for s in spaces):
                yield Build(ind, loc.key, (card_of(ind, loc.key),))
            for s in spaces:
                t = taken.get(s.index)
                if t is not None and t.industry == ind:
                    yield Build(ind, loc.key, (card_of(ind, loc.key),), s.index)


@pytest.mark.parametrize("which", ["location", "industry"])
def test_builds_are_legal_iff_listed(perft, which):
    _, pos, _, moves = perft
    listed = {m.action for m in moves if m.kind == "build"}
    card_of = (lambda ind, loc: loc) if which == "location" else (lambda ind, loc: ind)
    for b in _build_candidates(pos, card_of):
        assert _legal(pos, b) == (b in listed), format_action(b)


def test_double_action_builds_only_when_no_single_card_allows(perft):
    _, pos, _, moves = perft
    for m in moves:
        if m.kind != "build" or len(m.action.cards) != 2:
            continue
        assert pos.actions_left == 2 and not pos.is_first_canal_round
        a = m.action
        for card in (a.location, a.industry):
            single = Build(a.industry, a.location, (card,), a.space)
            assert not _legal(pos, single), format_action(single)


def test_networks_are_legal_iff_listed(perft):
    _, pos, _, moves = perft
    listed = {m.action.lines for m in moves if m.kind == "network"}
    card = tuple(pos.player[pos.turn].hand[:1]) if pos.player[pos.turn].hand else ()
    singles = [(k,) for k in DATA.lines]
    for lines in singles:
        assert _legal(pos, Network(lines, card)) == (lines in listed), lines
    if pos.era != RAIL:
        assert all(len(x) == 1 for x in listed)
        return
    pairs = {frozenset(x) for x in listed if len(x) == 2}
    keys = list(DATA.lines)
    legal_pairs = set()
    for a in keys:
        if not _legal(pos, Network((a,), card)):
            continue  # the first rail of a legal pair is a legal single rail (same network)
        for b in keys:
            if b != a and _legal(pos, Network((a, b), card)):
                legal_pairs.add(frozenset((a, b)))
    assert pairs == legal_pairs


def test_develops_are_legal_iff_listed(perft):
    _, pos, _, moves = perft
    listed = {tuple(sorted(m.action.industries)) for m in moves if m.kind == "develop"}
    card = tuple(pos.player[pos.turn].hand[:1]) if pos.player[pos.turn].hand else ()
    for a in DATA.mat:
        assert _legal(pos, Develop((a,), card)) == ((a,) in listed)
        for b in DATA.mat:
            assert _legal(pos, Develop((a, b), card)) == (tuple(sorted((a, b))) in listed), (a, b)


def test_loans_and_pass(perft):
    _, pos, _, moves = perft
    card = tuple(pos.player[pos.turn].hand[:1]) if pos.player[pos.turn].hand else ()
    listed = {m.action.amount for m in moves if m.kind == "loan"}
    for amount in (10, 20, 30):
        assert _legal(pos, Loan(amount, card)) == (amount in listed)
    assert [m.action for m in moves if m.kind == "pass"] == [Pass(card)]


def test_single_mill_sales_are_legal_iff_listed(perft):
    _, pos, _, moves = perft
    me = pos.turn
    card = tuple(pos.player[me].hand[:1]) if pos.player[me].hand else ()
    listed = {m.action.sales[0] for m in moves if m.kind == "sell" and len(m.action.sales) == 1}
    mills = [t for t in pos.tiles if t.owner == me and t.industry == "cotton_mill"]
    ports = [t for t in pos.tiles if t.industry == "port"]
    for m in mills:
        ms = m.space if sum(1 for t in mills if t.location == m.location) > 1 else None
        dests = [(DISTANT, None)]
        for p in ports:
            ps = p.space if sum(1 for t in ports if t.location == p.location) > 1 else None
            dests.append((p.location, ps))
        for to, ps in dests:
            sale = Sale(m.location, to, ms, ps)
            assert _legal(pos, Sell((sale,), card)) == (sale in listed), sale


def test_multi_mill_sales_sell_each_mill_once(perft):
    _, pos, _, moves = perft
    for m in moves:
        if m.kind == "sell" and len(m.action.sales) > 1:
            mills = [(s.mill, s.mill_space) for s in m.action.sales]
            assert len(set(mills)) == len(mills)
            ports = [(s.to, s.port_space) for s in m.action.sales if s.to != DISTANT]
            assert len(set(ports)) == len(ports)


def test_legal_actions_matches_legal_moves(perft):
    _, pos, _, moves = perft
    assert legal_actions(pos, DATA) == [m.action for m in moves]


def test_kinds_filter(perft):
    _, pos, _, moves = perft
    only = legal_moves(pos, DATA, kinds=["sell", "loan"])
    assert [m.action for m in only] == [m.action for m in moves if m.kind in ("sell", "loan")]
    with pytest.raises(ValueError):
        legal_moves(pos, DATA, kinds=["teleport"])


def test_no_moves_when_the_game_is_over_or_the_hand_is_empty():
    pos, _ = load_perft(PERFT / "worked-turn.yaml")
    over = pos.copy()
    over.game_over = True
    assert legal_moves(over, DATA) == []
    empty = pos.copy()
    empty.player[empty.turn].hand = []
    assert legal_moves(empty, DATA) == []
    done = pos.copy()
    done.actions_left = 0
    assert legal_moves(done, DATA) == []


def test_double_action_build_needs_two_actions():
    pos, _ = load_perft(PERFT / "worked-turn.yaml")
    assert any(len(m.action.cards) == 2 for m in legal_moves(pos, DATA, kinds=["build"]))
    one = pos.copy()
    one.actions_left = 1
    assert all(len(m.action.cards) == 1 for m in legal_moves(one, DATA, kinds=["build"]))


def test_engine_legal_actions_delegates_here():
    from brass_judge import engine

    pos, _ = load_perft(PERFT / "worked-turn.yaml")
    assert engine.legal_actions(pos, DATA) == legal_actions(pos, DATA)


# ------------------------------------------------------------------------------ the CLI
def test_moves_cli_json_matches_the_listing(capsys):
    import json

    from brass_judge.cli import run

    path = PERFT / "worked-turn.yaml"  # a perft file: the position sits under 'position:'
    assert run(["moves", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    pos, expect = load_perft(path)
    moves = legal_moves(pos, DATA)
    assert out["player"] == "green" and out["total"] == len(moves)
    assert out["counts"] == {k: expect.get(k, 0) for k in KINDS}
    assert [m["notation"] for m in out["moves"]] == [m.notation for m in moves]
    for shown, m in zip(out["moves"], moves):
        assert shown["type"] == m.kind and shown["cost"] == m.cost
        assert action_from_obj(shown["action"], DATA) == m.action


def test_moves_cli_text_and_type_filter(capsys):
    from brass_judge.cli import run

    assert run(["moves", str(WORKED), "--type", "sell,loan"]) == 0
    text = capsys.readouterr().out
    # one row per action, with the cards that would do it: any card for a sale (Q029)
    assert "sell burnley>distant " in text and "any card" in text and "+£10" in text
    assert "card=coal_mine" not in text
    assert "build" not in text.split("legal action(s)", 1)[1]
    assert run(["moves", str(WORKED), "-t", "teleport"]) == 2


def test_moves_cli_refuses_an_impossible_position(tmp_path, capsys):
    from brass_judge.cli import run

    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "era: canal\nround: 2\nplayers: [red, blue]\ntiles:\n  - red cotton@wigan\n", encoding="utf-8"
    )
    assert run(["moves", str(bad)]) == 1
    assert "impossible position" in capsys.readouterr().out


def test_no_tiles_player_is_offered_the_double_build_overbuild_not_the_industry_card():
    """Audit B47: with no tiles, an Industry card builds only on a free space (Q074), so an overbuild
    needs a Double Action Build; the listing must offer exactly that, and check must agree."""
    from brass_judge.engine import check
    from brass_judge.notation import format_action
    from brass_judge.position_io import load_position

    pos = load_position("""
era: canal
round: 3
turn: red
players: {red: {money: 30, hand: [coal_mine, bolton, preston], mat: {coal: [2, 2, 3]}}, blue: {}, green: {}}
tiles: [blue coal1@wigan#0 flipped, green coal1@wigan#1 flipped]
markets: {coal: 0}
""").position
    listed = [format_action(a) for a in legal_actions(pos, DATA) if getattr(a, "location", None) == "wigan"]
    assert listed == [
        "build coal_mine@wigan cards=coal_mine,bolton space=0",
        "build coal_mine@wigan cards=coal_mine,bolton space=1",
    ]
    for a in legal_actions(pos, DATA):
        assert check(pos, a, DATA).legal


def test_moves_differing_only_by_card_are_one_row_saying_which_cards(tmp_path):
    """A build allowed by both its Location card and its Industry card is one row naming both; every
    other action says "any card" (Q029); the JSON groups point at the moves listed."""
    from conftest import run_cli, run_json

    pos = tmp_path / "pos.yaml"
    pos.write_text(
        "era: canal\nround: 3\nturn: red\nplayers:\n  red: {money: 30, hand: [bury, cotton_mill, wigan]}\n"
        "  blue: {}\n  green: {}\ntiles: [red coal1@bolton cubes=1]\nlinks: [red bolton-bury]\n",
        encoding="utf-8",
    )
    r, out = run_json("moves", str(pos), "--type", "build,loan")
    assert r.returncode == 0
    bury = [g for g in out["groups"] if g["notation"] == "build cotton_mill@bury"]
    assert len(bury) == 1 and bury[0]["cards"] == ["bury", "cotton_mill"] and not bury[0]["any_card"]
    assert sorted(out["moves"][i]["notation"] for i in bury[0]["moves"]) == [
        "build cotton_mill@bury card=bury",
        "build cotton_mill@bury card=cotton_mill",
    ]
    loans = [g for g in out["groups"] if g["type"] == "loan"]
    assert len(loans) == 3 and all(
        g["any_card"] and g["cards"] == ["bury", "cotton_mill", "wigan"] for g in loans
    )
    assert sum(len(g["moves"]) for g in out["groups"]) == out["total"]
    text = run_cli("moves", str(pos), "--type", "build,loan").stdout
    row = next(line for line in text.splitlines() if "build cotton_mill@bury " in line)
    assert "Bury (card=bury) or Cotton Mill (card=cotton_mill)" in row
    assert text.count("build cotton_mill@bury") == 1
