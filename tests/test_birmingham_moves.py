"""Brass: Birmingham's legal moves (brass_judge/games/birmingham/moves.py, docs/moves-birmingham.md).

* every listed action judges legal with ``check`` and survives the notation round trip;
* the perft files in tests/perft/birmingham/ pin the number of legal actions of each kind;
* brute force: every notation-expressible action of a kind that ``check`` finds legal is listed,
  modulo the documented choices (the beer, the merchant tile space, the coal and iron sources);
* ``sample_moves`` (self-play's entry) and the CLI, text and JSON, with ``--type``;
* ``check``'s alternatives for an illegal Birmingham action.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from brass_judge.actions import action_kinds
from brass_judge.data import game_data
from brass_judge.engine import check
from brass_judge.engine.moves import count_by_kind, legal_actions, legal_moves, sample_moves
from brass_judge.games.birmingham.model import (
    WILD_CARDS,
    WILD_INDUSTRY,
    WILD_LOCATION,
    Network,
    Sale,
    Scout,
    Sell,
)
from brass_judge.model import RAIL, Build, Develop, Loan, Pass
from brass_judge.notation import action_from_obj, action_to_obj, parse_action
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


# ------------------------------------------------------------------------------ the perft corpus
@pytest.fixture(scope="module", params=PERFT_FILES, ids=lambda p: p.stem)
def perft(request):
    pos, expect = load_perft(request.param)
    return request.param, pos, expect, legal_moves(pos, DATA)


def test_the_corpus_has_the_positions_the_issue_asks_for():
    names = {p.stem for p in PERFT_FILES}
    assert len(names) >= 8
    positions = {p.stem: load_perft(p)[0] for p in PERFT_FILES}
    first = positions["canal-first-round"]
    assert first.is_first_canal_round and first.actions_left == 1
    assert positions["hand-unknown"].player[positions["hand-unknown"].turn].hand is None
    wild = positions["canal-mid-merchants-beer-wild"]
    assert set(WILD_CARDS) <= set(wild.player[wild.turn].hand)
    rail = positions["rail-double-rail"]
    assert rail.era == RAIL
    assert any(len(m.action.lines) == 2 for m in legal_moves(rail, DATA, kinds=["network"]))
    over = legal_moves(positions["rail-overbuild"], DATA, kinds=["build"])
    assert any(m.action.space is not None for m in over)


def test_perft_counts(perft):
    path, pos, expect, moves = perft
    assert expect, f"{path.name} has no expected counts"
    assert count_by_kind(moves) == {k: expect.get(k, 0) for k in KINDS}


def test_every_listed_action_is_legal_and_round_trips(perft):
    _, pos, _, moves = perft
    assert moves, "every perft position has at least one legal action (pass)"
    seen = set()
    for m in moves:
        assert m.action not in seen, f"listed twice: {m.notation}"
        seen.add(m.action)
        assert parse_action(m.notation, DATA) == m.action, m.notation
        assert action_from_obj(action_to_obj(m.action, DATA), DATA) == m.action
        v = check(pos, m.action, DATA)
        assert v.legal, (m.notation, [x.message for x in v.violations])
        assert m.kind == m.action.kind and m.cost >= 0 and m.gain >= 0
    order = [KINDS.index(m.kind) for m in moves]
    assert order == sorted(order)


def _cards(pos) -> list[str]:
    """The cards a brute force tries: the hand's, or every card of the deck when it is unknown."""
    hand = pos.player[pos.turn].hand
    return sorted(set(hand)) if hand is not None else sorted(DATA.deck_for(pos.num_players))


def _one(pos) -> tuple[str, ...]:
    hand = pos.player[pos.turn].hand
    return tuple(hand[:1]) if hand else ()


def test_builds_legal_are_listed(perft):
    """Every industry, location, card and space (none, or each of the location's spaces): a legal
    build is listed, with that card; on a free space the listing names no space (the engine takes
    the preferred one), and a build naming no space may be the overbuild the engine picks."""
    _, pos, _, moves = perft
    listed = [m.action for m in moves if m.kind == "build"]
    for ind in DATA.mat:
        for loc in DATA.locations.values():
            spaces = loc.spaces_for(ind)
            taken = {t.space for t in pos.tiles_at(loc.key)}
            for card in _cards(pos):
                for space in (None, *(s.index for s in spaces)):
                    b = Build(ind, loc.key, (card,), space)
                    if not spaces or not _legal(pos, b):
                        continue
                    if space in taken:
                        assert b in listed, (
                            f"legal, not listed: build {ind}@{loc.key} card={card} space={space}"
                        )
                    else:
                        assert any(
                            (a.industry, a.location, a.cards) == (ind, loc.key, (card,))
                            and (a.space is None or space is None)
                            for a in listed
                        ), f"legal, not listed: build {ind}@{loc.key} card={card} space={space}"


def test_networks_are_legal_iff_listed(perft):
    _, pos, _, moves = perft
    card = _one(pos)
    listed = {m.action.lines for m in moves if m.kind == "network"}
    for key in DATA.lines:
        assert _legal(pos, Network((key,), card)) == ((key,) in listed), key
    pairs = {frozenset(x) for x in listed if len(x) == 2}
    if pos.era != RAIL:
        assert not pairs
        return
    legal_pairs = set()
    for a in DATA.lines:
        if (a,) not in listed:
            continue  # the first rail of a legal pair is a legal single rail
        for b in DATA.lines:
            if b != a and _legal(pos, Network((a, b), card)):
                legal_pairs.add(frozenset((a, b)))
    assert pairs == legal_pairs


def test_develops_are_legal_iff_listed(perft):
    _, pos, _, moves = perft
    card = _one(pos)
    listed = {tuple(sorted(m.action.industries)) for m in moves if m.kind == "develop"}
    for a in DATA.mat:
        assert _legal(pos, Develop((a,), card)) == ((a,) in listed), a
        for b in DATA.mat:
            assert _legal(pos, Develop((a, b), card)) == (tuple(sorted((a, b))) in listed), (a, b)


def test_single_sales_legal_are_listed(perft):
    """Each own tile to each merchant, on each merchant tile space or none, with the beer unnamed,
    from the merchant's barrel or from one brewery: legal only when that tile and merchant are
    listed (modulo the merchant tile space and the beer, which the engine picks)."""
    _, pos, _, moves = perft
    me, card = pos.turn, _one(pos)
    listed = {(s.tile, s.space, s.merchant) for m in moves if m.kind == "sell" for s in m.action.sales[:1]}
    singles = {(m.action.sales[0].tile, m.action.sales[0].merchant) for m in moves if m.kind == "sell"}
    breweries = sorted({t.location for t in pos.tiles if t.industry == "brewery" and t.cubes})
    for t in pos.tiles:
        if t.owner != me:
            continue
        for merchant in DATA.locations:
            if DATA.locations[merchant].kind != "merchant":
                continue
            for mspace in (None, 0, 1):
                for beer in (None, ("merchant",), *((b,) for b in breweries)):
                    sale = Sale(t.location, merchant, t.space, None, mspace, beer)
                    if _legal(pos, Sell((sale,), card)):
                        assert (t.location, merchant) in singles, sale
    for tile, _space, merchant in listed:
        assert (tile, merchant) in singles


def test_combined_sales_sell_each_tile_once(perft):
    _, pos, _, moves = perft
    for m in moves:
        if m.kind == "sell" and len(m.action.sales) > 1:
            tiles = [(s.tile, s.space) for s in m.action.sales]
            assert len(set(tiles)) == len(tiles)


def test_loan_scout_and_pass(perft):
    _, pos, _, moves = perft
    card = _one(pos)
    hand = pos.player[pos.turn].hand
    assert _legal(pos, Loan(30, card)) == any(m.kind == "loan" for m in moves)
    scout = Scout(tuple(hand[:3]) if hand is not None else ())
    assert _legal(pos, scout) == ([m.action for m in moves if m.kind == "scout"] == [scout])
    assert [m.action for m in moves if m.kind == "pass"] == [Pass(card)]


# ------------------------------------------------------------------------------ cards
def test_wild_cards_build_where_their_rules_allow():
    """A Wild Location builds as any town's Location card, never at a farm brewery; a Wild Industry
    builds any industry in the network (B018, B019, B050)."""
    pos, _ = load_perft(PERFT / "canal-mid-merchants-beer-wild.yaml")
    builds = [m.action for m in legal_moves(pos, DATA, kinds=["build"])]
    by_wild_loc = [a for a in builds if a.cards == (WILD_LOCATION,)]
    by_wild_ind = [a for a in builds if a.cards == (WILD_INDUSTRY,)]
    assert by_wild_loc and by_wild_ind
    assert all(DATA.locations[a.location].kind == "town" for a in by_wild_loc)
    assert not any(m.kind == "scout" for m in legal_moves(pos, DATA))  # holding a wild card (B049)


def test_an_unknown_hand_lists_deck_cards_and_no_wild_card():
    pos, _ = load_perft(PERFT / "hand-unknown.yaml")
    moves = legal_moves(pos, DATA)
    deck = DATA.deck_for(pos.num_players)
    assert all(m.action.cards[0] in deck for m in moves if m.kind == "build")
    assert all(not m.action.cards for m in moves if m.kind != "build")


def test_no_moves_when_the_game_is_over_or_the_hand_is_empty():
    pos = _worked()
    over = pos.copy()
    over.game_over = True
    assert legal_moves(over, DATA) == []
    empty = pos.copy()
    empty.player[empty.turn].hand = []
    assert legal_moves(empty, DATA) == []


# ------------------------------------------------------------------------------ the CLI
def test_moves_cli_json_matches_the_listing(capsys):
    from brass_judge.cli import run

    path = PERFT / "canal-mid-merchants-beer-wild.yaml"
    assert run(["moves", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    pos, expect = load_perft(path)
    moves = legal_moves(pos, DATA)
    assert out["player"] == pos.turn and out["total"] == len(moves)
    assert out["counts"] == {k: expect.get(k, 0) for k in KINDS}
    assert [m["notation"] for m in out["moves"]] == [m.notation for m in moves]
    for shown, m in zip(out["moves"], moves):
        assert shown["type"] == m.kind and shown["cost"] == m.cost
        assert action_from_obj(shown["action"], DATA) == m.action
    assert sum(len(g["moves"]) for g in out["groups"]) == out["total"]


def test_moves_cli_text_with_the_type_filter(capsys):
    from brass_judge.cli import run

    assert run(["moves", str(WORKED), "--type", "scout,sell"]) == 0
    text = capsys.readouterr().out
    assert "2 legal action(s)" in text and "sell 1, scout 1" in text
    assert "sell stoke-on-trent>warrington" in text and "any three cards" in text and "+£5" in text
    assert "build" not in text
    wild = PERFT / "canal-mid-merchants-beer-wild.yaml"
    assert run(["moves", str(wild), "-t", "build"]) == 0
    text = capsys.readouterr().out
    # the wild cards by their names (the table may wrap a name and its key onto two lines)
    assert "Wild Location" in text and "(card=wild_location)" in text and "(card=wild_industry)" in text
    assert run(["moves", str(WORKED), "-t", "teleport"]) == 2
    err = capsys.readouterr().err
    assert "expected one of build, network, develop, sell, loan, scout, pass" in err


def test_moves_cli_refuses_scout_for_lancashire(capsys):
    from brass_judge.cli import run

    assert run(["moves", str(ROOT / "examples" / "worked-turn" / "position.yaml"), "-t", "scout"]) == 2
    assert "expected one of build, network, develop, sell, loan, pass" in capsys.readouterr().err


# ------------------------------------------------------------------------------ check's alternatives
@pytest.mark.parametrize(
    "action, first",
    [
        ("build coal_mine@stone card=coal_mine", "build coal_mine@"),
        ("sell leek>warrington card=dudley", "sell stoke-on-trent>warrington"),
        ("network stone-stafford card=dudley", "network "),
    ],
)
def test_an_illegal_action_gets_legal_alternatives(action, first):
    from conftest import run_cli, run_json

    r, out = run_json("check", str(WORKED), "--action", action)
    assert r.returncode == 1 and out["verdict"] == "illegal"
    alts = out["alternatives"]
    assert alts and alts[0]["notation"].startswith(first), alts
    pos = _worked()
    for alt in alts:
        assert check(pos, action_from_obj(alt["action"], DATA), DATA).legal, alt["notation"]
    text = run_cli("check", str(WORKED), "--action", action).stdout
    assert "Legal instead" in text and alts[0]["notation"] in text


def test_the_facade_lists_a_birmingham_file_and_counts_its_kinds():
    import brass_judge

    actions = brass_judge.legal_actions(str(WORKED))
    assert actions == legal_actions(_worked(), DATA)
    assert list(count_by_kind([], "birmingham")) == list(KINDS)
