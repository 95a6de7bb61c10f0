"""Brass: Birmingham self-play (issue 16): the conservation invariants of brass_judge/selfplay.py's
Ledger on Birmingham games: coal and iron cubes, beer barrels (on breweries and beside the merchant
tiles), money, VP, spending and income, tiles, cards (with the face-down first discards) and the
wild cards, after every action and every end of turn; and each invariant reported when its
quantity is broken on purpose.

The games here are played through the driver (passes, and hand-made actions judged by ``check``),
so they test the ledger without the move generator.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from conftest import REPO

from brass_judge.data import game_data
from brass_judge.engine import check
from brass_judge.engine.driver import GameDriver
from brass_judge.errors import InputError
from brass_judge.games.birmingham.model import MerchantSpace
from brass_judge.model import Turn
from brass_judge.notation import parse_action, parse_turn
from brass_judge.position_io import load_position
from brass_judge.selfplay import Ledger

DATA = game_data("standard", "birmingham")
SEATS = ("red", "blue", "green", "yellow")
INDUSTRIES = tuple(DATA.mat_counts())


def _checked_game(players: int, seed: int, *, hand_made: bool, max_steps: int | None = None):
    """Play a Birmingham game through the driver with the ledger after every step; returns the
    positions seen and every problem found. *hand_made*: try random builds, loans, developments
    and scouts (judged by ``check``) before passing."""
    rng = random.Random(seed)
    d = GameDriver.new_game(list(SEATS[:players]), DATA, rng=random.Random(seed))
    ledger = Ledger(DATA, [])
    ledger.record("setup", d.position, None)
    problems: list = []
    seen = [d.position]

    def step(kind, info):
        ledger.record(kind, d.position, info)
        problems.extend(f"step {ledger.steps} ({kind}): {m}" for m in ledger.problems(d.position))
        seen.append(d.position)

    while not d.game_over and (max_steps is None or ledger.steps < max_steps):
        while d.must_act:
            v = _hand_made(d.position, rng) if hand_made else None
            if v is None:
                before = d.position
                d.pass_out()
                # passes are checked on the books as one step: their effects are the discards
                v = check(before, Turn(_passes(before, d.position)), DATA)
                assert v.legal and v.position.player == d.position.player
            d.accept(v)
            step("action", v)
        end = d.end_turn(narrate=True)
        step("end_turn", end.effects)
    return seen, problems


def _passes(before, after):
    from brass_judge.model import Pass

    me = before.turn
    used = before.player[me].hand[: len(before.player[me].hand) - len(after.player[me].hand)]
    return tuple(Pass((c,)) for c in used)


def _hand_made(pos, rng):
    """A random legal build, loan, develop or scout of the player to move (or None)."""
    hand = pos.player[pos.turn].hand
    cands = [f"build {i}@{loc} card={c}" for c in hand for i in INDUSTRIES for loc in DATA.locations]
    rng.shuffle(cands)
    cands = cands[:120] + [
        f"loan card={hand[0]}",
        f"develop {rng.choice(INDUSTRIES)} card={hand[-1]}",
        f"scout cards={','.join(hand[:3])}",
    ]
    rng.shuffle(cands)
    for text in cands:
        try:
            action = parse_action(text, DATA)
        except InputError:
            continue
        v = check(pos, action, DATA)
        if v.legal and not v.outcomes:
            return v
    return None


def _books(ledger, pos):
    """The ledger's problems but the cards' (a hand-made position lists one hand only)."""
    return [m for m in ledger.problems(pos) if not m.startswith("cards:")]


# ------------------------------------------------------------------------------ they hold
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_invariants_hold_through_a_game_of_passes(players):
    seen, problems = _checked_game(players, players, hand_made=False)
    assert problems == []
    assert seen[-1].game_over


@pytest.mark.parametrize("players", [2, 4])
def test_the_invariants_hold_through_hand_made_actions(players):
    seen, problems = _checked_game(players, 10 + players, hand_made=True)
    assert problems == []
    assert seen[-1].game_over
    # the game had content the books follow: tiles with cubes or barrels, money changed hands
    assert any(t.cubes for pos in seen for t in pos.tiles)
    assert any(p.money != 17 for p in seen[-1].player.values())


def test_the_invariants_hold_through_the_worked_turn():
    # a sale with the merchant's barrel and its bonus, then a canal: barrels, money, income
    pos = load_position(REPO / "examples" / "birmingham" / "worked-turn" / "position.yaml").position
    ledger = Ledger(DATA, [])
    ledger.record("setup", pos, None)
    turn = parse_turn(
        "sell stoke-on-trent>warrington:merchant card=iron_works; network leek-stoke-on-trent card=dudley",
        DATA,
    )
    v = check(pos, turn, DATA)
    assert v.legal
    ledger.record("action", v.position, v)
    assert _books(ledger, v.position) == []
    assert {e.kind for e in v.effects} >= {"beer", "money", "income", "sale"}


# ------------------------------------------------------------------------------ they bite
def _midgame():
    """A position of a hand-made game with a coal mine, an iron works or a brewery holding cubes,
    with the ledger that followed it."""
    rng = random.Random(4)
    d = GameDriver.new_game(["red", "blue", "green"], DATA, rng=random.Random(4))
    ledger = Ledger(DATA, [])
    ledger.record("setup", d.position, None)
    while not d.game_over:
        while d.must_act:
            v = _hand_made(d.position, rng)
            if v is None:
                d.pass_out()
                break
            d.accept(v)
            ledger.record("action", d.position, v)
        ledger.record("end_turn", d.position, d.end_turn(narrate=True).effects)
        pos = d.position
        loaded = {t.industry for t in pos.tiles if t.cubes}
        if {"coal_mine", "brewery"} <= loaded and pos.era == "canal" and pos.round > 2:
            assert ledger.problems(pos) == []
            return pos, ledger
    raise AssertionError("no position with a loaded coal mine and brewery")


def _tile(pos, industry):
    return next(i for i, t in enumerate(pos.tiles) if t.industry == industry and t.cubes)


def _more_cubes(industry):
    def go(pos):
        i = _tile(pos, industry)
        pos.tiles[i] = replace(pos.tiles[i], cubes=pos.tiles[i].cubes + 1)

    return go


def _merchant_barrel(pos):
    m, spaces = next((m, s) for m, s in pos.merchants.items() if any(x.barrel for x in s))
    i = next(i for i, x in enumerate(spaces) if x.barrel)
    pos.set_merchant_space(m, i, MerchantSpace(spaces[i].face, False))


def _field(name, by):
    def go(pos):
        p = pos.player[pos.players[0]]
        setattr(p, name, getattr(p, name) + by)

    return go


def _lose_card(pos):
    p = pos.player[pos.players[0]]
    p.discard = p.discard[:-1]


def _wild_in_hand(pos):
    p = pos.player[pos.players[0]]
    p.hand = [*p.hand, "wild_location"]


def _wild_discarded(pos):
    p = pos.player[pos.players[0]]
    pos.wild_piles = {**pos.wild_piles, "wild_industry": pos.wild_piles["wild_industry"] - 1}
    p.discard = [*p.discard, "wild_industry"]


def _face_down(pos):
    pos.player[pos.players[0]].hidden_discard = False


def _tile_vanishes(pos):
    pos.tiles = [t for t in pos.tiles if t.cubes == 0] or pos.tiles[1:]


BREAKS = {
    "coal market": (lambda pos: setattr(pos, "coal_market", pos.coal_market - 1), "coal: "),
    "iron market": (lambda pos: setattr(pos, "iron_market", pos.iron_market - 1), "iron: "),
    "coal on a mine": (_more_cubes("coal_mine"), "coal: "),
    "barrels on a brewery": (_more_cubes("brewery"), "beer: "),
    "barrel beside a merchant": (_merchant_barrel, "beer: "),
    "money": (_field("money", 1), "'s money: "),
    "vp": (_field("vp", 2), "'s vp: "),
    "spent": (_field("spent", 3), "'s spent: "),
    "income": (_field("income_space", 1), "'s income_space: "),
    "tiles": (_tile_vanishes, " gone != "),
    "cards": (_lose_card, "cards: "),
    "wild card from nowhere": (_wild_in_hand, "wild_location: 4 on its pile + 1 in hands"),
    "wild card discarded": (_wild_discarded, "in a discard pile"),
    "face-down discard": (_face_down, "face-down discard"),
}


@pytest.fixture(scope="module")
def midgame():
    return _midgame()


@pytest.mark.parametrize("what", sorted(BREAKS))
def test_each_invariant_is_reported_when_broken(midgame, what):
    pos, ledger = midgame
    bad = pos.copy()
    bad.tiles = list(bad.tiles)
    bad.player = {n: p.copy() for n, p in bad.player.items()}
    breaks, message = BREAKS[what]
    breaks(bad)
    found = ledger.problems(bad)
    assert any(message in m for m in found), found
    assert ledger.problems(pos) == []  # (the ledger is unchanged by looking)


@pytest.mark.parametrize("kind", ["beer", "money", "income", "sale"])
def test_an_effect_left_out_of_the_books_is_reported(kind):
    # the books follow the effects: a step whose effects leave out a quantity does not balance
    pos = load_position(REPO / "examples" / "birmingham" / "worked-turn" / "position.yaml").position
    ledger = Ledger(DATA, [])
    ledger.record("setup", pos, None)
    v = check(pos, parse_action("sell stoke-on-trent>warrington:merchant card=iron_works", DATA), DATA)
    kept = [e for e in v.effects if e.kind != kind]
    ledger.record("action", v.position, kept)
    found = _books(ledger, v.position)
    if kind == "sale":  # the sale's own record carries no quantity: its money, beer and income do
        assert found == []
    else:
        assert found, kind


# ------------------------------------------------------------------------------ the CLI
def _cli(*args):
    from typer.testing import CliRunner

    from brass_judge.cli import app

    return CliRunner().invoke(app, list(args))


def test_selfplay_refuses_an_unknown_game_naming_the_option():
    r = _cli("selfplay", "--game", "brass-manchester", "-n", "2", "-s", "1")
    assert r.exit_code == 2, r.output
    assert "'--game'" in r.output and "brass-manchester" in r.output and "lancashire" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)


# ------------------------------------------------------------------------------ whole games
def _self_played(players: int, seed: int):
    """A self-played Birmingham game with the ledger after every step: (log, final, problems, kinds)."""
    from collections import Counter

    from brass_judge.selfplay import play_game

    ledger = Ledger(DATA, [])
    problems: list = []
    kinds: Counter = Counter()

    def on_step(kind, pos, info):
        ledger.record(kind, pos, info)
        problems.extend(
            f"step {ledger.steps} ({kind}, {pos.era} {pos.round}): {m}" for m in ledger.problems(pos)
        )
        if kind == "action":
            kinds[info.action_text.split()[0]] += 1

    log, pos = play_game(players, seed, DATA, on_step=on_step)
    return log, pos, problems, kinds


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 20), (4, 16)])
def test_whole_games_are_legal_and_conserve_everything(players, seed):
    from brass_judge.engine import flow

    log, pos, problems, kinds = _self_played(players, seed)
    assert problems == []
    assert pos.game_over
    assert len(log["turns"]) == 2 * DATA.rounds_per_era[players] * players
    assert log["game"] == "birmingham" and log["setup"]["seed"] == seed
    assert kinds["build"] and kinds["network"] and kinds["sell"], kinds
    assert {r["player"] for r in flow.scores(pos, DATA)} == set(pos.players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_replay_reproduces_the_self_played_game(players):
    from brass_judge.engine import flow
    from brass_judge.gamelog import dump_log, replay
    from brass_judge.position_io import position_to_obj

    log, pos, _, _ = _self_played(players, 5)
    result = replay(dump_log(log))
    assert result.ok, [f.message for f in result.findings]
    assert result.game_over
    assert result.scores == flow.scores(pos, DATA)
    assert log["final"]["scores"] == {r["player"]: r["vp"] for r in result.scores}
    assert position_to_obj(result.position, result.data) == position_to_obj(pos, DATA)
    # the log states every choice but equally close coal mines (the engine's default pick, as on play)
    assert all("equally close" in a for a in result.assumptions), result.assumptions


def test_the_same_seed_plays_the_same_game():
    from brass_judge.selfplay import play_game

    a, _ = play_game(2, 8, DATA)
    assert play_game(2, 8, DATA)[0] == a
    assert play_game(2, 9, DATA)[0] != a


def test_the_policy_discards_a_wild_card_only_when_no_other_card_will_do():
    from brass_judge.games.birmingham import policy
    from brass_judge.model import Loan

    pos = load_position(REPO / "examples" / "birmingham" / "worked-turn" / "position.yaml").position
    me = pos.player[pos.turn]
    loan = Loan(30, ("dudley",))
    for seed in range(20):
        me.hand = ["wild_location", "dudley", "wild_industry", "stafford"]
        assert policy.finish(pos, loan, random.Random(seed)).cards[0] in ("dudley", "stafford")
    me.hand = ["wild_location"]
    assert policy.finish(pos, loan, random.Random(0)).cards == ("wild_location",)


def _svg_names(svg_file) -> tuple:
    """The words of an SVG picture's text elements, and its ``data-location`` groups -> their class."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg_file.read_bytes())
    ns = "{http://www.w3.org/2000/svg}"
    words = ["".join(t.itertext()) for t in root.iter(f"{ns}text")]
    drawn = {g.get("data-location"): g.get("class") for g in root.iter(f"{ns}g") if g.get("data-location")}
    return words, drawn


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (2, 13), (3, 2), (3, 13), (4, 2), (4, 13)])
def test_done_when_self_played_games_replay_lint_and_render_clean(players, seed, tmp_path):
    # issue 16's "done when": self-played games at 2, 3 and 4 players replay clean, lint clean
    # (SARIF) and render naming every town, farm brewery and merchant; all through the CLI
    import json

    out = tmp_path / f"{players}p.yaml"
    r = _cli(
        "selfplay",
        "--game",
        "birmingham",
        "-n",
        str(players),
        "-s",
        str(seed),
        "--check",
        "--facts",
        "-o",
        str(out),
    )
    assert r.exit_code == 0, r.output
    assert f"self-play of Brass: Birmingham, {players} players, seed {seed}" in r.output
    assert "invariant broken" not in r.output
    r = _cli("replay", str(out))
    assert r.exit_code == 0 and "OK: every action legal, every recorded fact agrees" in r.output, r.output
    r = _cli("lint", str(out), "--format", "sarif")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["runs"][0]["results"] == []
    # the final position, drawn: every place of the map named and drawn as what it is
    actions = sum(len(t["actions"]) for t in yaml.safe_load(out.read_text(encoding="utf-8"))["turns"])
    final, picture = tmp_path / "final.yaml", tmp_path / "final.svg"
    r = _cli("replay", str(out), "--at", str(actions + 1), "-o", str(final))
    assert r.exit_code == 0, r.output
    assert load_position(final).position.game_over
    r = _cli("render", str(final), "-o", str(picture))
    assert r.exit_code == 0, r.output
    words, drawn = _svg_names(picture)
    for loc in DATA.locations.values():
        assert loc.name in words, loc.name
    assert drawn == {k: f"location {loc.kind}" for k, loc in DATA.locations.items()}
    assert {loc.kind for loc in DATA.locations.values()} >= {"town", "farm-brewery", "merchant"}


def test_a_wrong_fact_in_a_self_played_game_is_a_sarif_result_naming_the_game(tmp_path):
    # the other side of "lint clean": the same SARIF run reports a tampered fact, in its game, on its line
    import json

    out = tmp_path / "g.yaml"
    assert (
        _cli("selfplay", "-g", "birmingham", "-n", "2", "-s", "2", "--facts", "-o", str(out)).exit_code == 0
    )
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if "after:" in x and "money: " in x)
    money = re.search(r"money: (\d+)", lines[at])[1]
    lines[at] = lines[at].replace(f"money: {money}", f"money: {int(money) + 1}", 1)
    out.write_text("".join(lines), encoding="utf-8")
    r = _cli("lint", str(out), "--format", "sarif")
    assert r.exit_code == 1, r.output
    (res,) = json.loads(r.output)["runs"][0]["results"]
    assert res["ruleId"] == "GAM001" and res["properties"]["game"] == "birmingham"
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == at + 1


def test_selfplay_json_names_the_game_and_reports_no_problem(tmp_path):
    import json

    out = tmp_path / "g.yaml"
    r = _cli(
        "selfplay",
        "-g",
        "birmingham",
        "-n",
        "2",
        "-s",
        "4",
        "--check",
        "--facts",
        "-o",
        str(out),
        "--format",
        "json",
    )
    assert r.exit_code == 0, r.output
    shown = json.loads(r.output)
    assert shown["game"] == "birmingham" and shown["problems"] == [] and shown["game_over"]
    assert len(shown["winners"]) >= 1 and shown["turns"] == 40
    assert "after:" in out.read_text(encoding="utf-8")  # --facts: the facts after every turn


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 7), (4, 11)])
def test_the_shipped_games_are_what_selfplay_writes_for_their_seeds(players, seed, tmp_path):
    shipped = REPO / "examples" / "birmingham" / "games" / f"{players}p-full.yaml"
    out = tmp_path / "g.yaml"
    r = _cli(
        "selfplay", "--game", "birmingham", "-n", str(players), "-s", str(seed), "--facts", "-o", str(out)
    )
    assert r.exit_code == 0, r.output
    written, ours = (
        out.read_text(encoding="utf-8").splitlines(),
        shipped.read_text(encoding="utf-8").splitlines(),
    )
    # the same log; the last line names Birmingham's log schema, relative to its own folder (the
    # shipped file the checkout's schemas/, the written one the schema of the package that ran)
    from brass_judge.resources import schema_file

    assert written[:-1] == ours[:-1]
    assert _schema_of(shipped) == REPO / "schemas" / "game-birmingham.schema.json"
    assert _schema_of(out) == schema_file("game-birmingham").resolve()
    assert f"seed {seed}" in ours[1]


def _schema_of(log) -> Path | None:
    """The schema file the last line of *log* names (``# yaml-language-server: $schema=PATH``)."""
    last = log.read_text(encoding="utf-8").splitlines()[-1]
    m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", last)
    return (log.parent / m[1]).resolve() if m else None


def test_a_birmingham_log_names_its_schema_where_it_is_written_and_lancashire_logs_do_not(
    tmp_path, monkeypatch
):
    from brass_judge.resources import schema_file

    want = schema_file("game-birmingham").resolve()
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert (
        _cli("selfplay", "-g", "birmingham", "-n", "2", "-s", "3", "-o", str(deep / "g.yaml")).exit_code == 0
    )
    assert _schema_of(deep / "g.yaml") == want
    monkeypatch.chdir(deep)  # '-o -': relative to the current folder, where the output is redirected
    r = _cli("selfplay", "-g", "birmingham", "-n", "2", "-s", "3", "-o", "-")
    assert r.exit_code == 0, r.output
    assert r.stdout == (deep / "g.yaml").read_text(encoding="utf-8")
    assert _cli("selfplay", "-n", "2", "-s", "3", "-o", str(deep / "l.yaml")).exit_code == 0
    assert "yaml-language-server" not in (deep / "l.yaml").read_text(encoding="utf-8")


def test_selfplay_lints_in_one_run_with_lancashire_games():
    # the shipped self-played games of both games (the folder's bad-*.yaml examples fail on purpose)
    games = sorted((REPO / "examples" / "birmingham" / "games").glob("*-full.yaml"))
    games += sorted((REPO / "examples" / "games").glob("*-full.yaml"))
    assert len(games) == 6
    r = _cli("lint", *map(str, games))
    assert r.exit_code == 0, r.output
    assert "6 file(s) clean" in r.output


try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover  (hypothesis is in the test extra)
    pass
else:

    @settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(players=st.integers(2, 4), seed=st.integers(0, 2**31))
    def test_any_seed_plays_a_whole_legal_game(players, seed):
        _, pos, problems, _ = _self_played(players, seed)
        assert pos.game_over and problems == []
