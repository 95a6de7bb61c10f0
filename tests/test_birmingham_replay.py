"""Brass: Birmingham game logs (docs/games-birmingham.md): written by ``LogRecorder`` /
``write_log`` from games played through ``GameDriver``, read back (``schemas/game-birmingham``),
replayed strictly and keep-going through the API and the CLI, every problem pinned to its line.

The games are real: passed out every turn, and played by a simple seeded loop that takes the first
``check``-legal action of a shuffled list of builds, sales, links, developments and loans.
"""

from __future__ import annotations

import random

import pytest
import yaml
from conftest import EXAMPLES
from typer.testing import CliRunner

from brass_judge.cli import app
from brass_judge.data import game_data
from brass_judge.engine.driver import GameDriver
from brass_judge.errors import InputError
from brass_judge.games import LogRecorder, dump_log, read_log, replay, write_log
from brass_judge.notation import parse_action
from brass_judge.position_io import position_to_obj

DATA = game_data("standard", "birmingham")
GAMES = EXAMPLES / "birmingham" / "games"
NAMES = ["red", "blue", "green", "amber"]
INDUSTRIES = ("cotton_mill", "manufacturer", "pottery", "coal_mine", "iron_works", "brewery")
MERCHANTS = DATA.rules.merchants
TOWNS = [k for k in DATA.locations if k not in MERCHANTS]
LINES = [key.replace("~", "-") for key in DATA.lines]
runner = CliRunner()


def cli(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


# ------------------------------------------------------------------------------ playing games
def _candidates(pos, me: str, rnd: random.Random) -> dict[str, list[str]]:
    """Notation for actions that may be legal for *me*, by kind (the engine's check decides)."""
    p = pos.player[me]
    out: dict[str, list[str]] = {k: [] for k in ("sell", "build", "network", "develop", "loan")}
    mine = [t for t in pos.tiles if t.owner == me and not t.flipped and t.industry in INDUSTRIES[:3]]
    for c in dict.fromkeys(p.hand):
        out["sell"] += [f"sell {t.location}#{t.space}>{m} card={c}" for t in mine for m in MERCHANTS]
        out["build"] += [f"build {i}@{loc} card={c}" for loc in TOWNS for i in INDUSTRIES]
        out["network"] += [f"network {line} card={c}" for line in LINES]
        if p.money > 12:
            out["develop"].append(f"develop {rnd.choice(INDUSTRIES)} card={c}")
        if p.money < 8:
            out["loan"].append(f"loan card={c}")
    return out


def _choose(d: GameDriver, me: str, rnd: random.Random):
    """The first legal action of the shuffled candidates (sales first, loans last), else a pass."""
    kinds = ["build", "build", "network", "develop"]
    rnd.shuffle(kinds)
    cands = _candidates(d.position, me, rnd)
    for kind in ("sell", *dict.fromkeys(kinds), "loan"):
        options = cands[kind]
        rnd.shuffle(options)
        for text in options[:40]:
            try:
                a = parse_action(text, DATA)
            except InputError:
                continue
            v = d.judge(a)
            if v.legal and not v.outcomes:
                return a, v
    a = parse_action(f"pass card={d.position.player[me].hand[0]}", DATA)
    return a, d.judge(a)


def play_game(n: int, seed: int, *, scripted: bool = True, turns: int | None = None):
    """Play a Birmingham game at *n* players (whole, or its first *turns* turns) and record it:
    (the driver at the end, the log mapping)."""
    rnd = random.Random(seed)
    names = NAMES[:n]
    d = GameDriver.new_game(names, DATA, rng=random.Random(seed))
    rec = LogRecorder(d.position, seat_order=names, seed=seed, about=f"test game, seed {seed}")
    played = 0
    while not d.game_over and (turns is None or played < turns):
        me, actions = d.to_move, []
        while d.must_act:
            if scripted:
                a, v = _choose(d, me, rnd)
            else:
                a = parse_action(f"pass card={d.position.player[me].hand[0]}", DATA)
                v = d.judge(a)
            assert v.legal, [x.message for x in v.violations]
            d.accept(v)
            actions.append(a)
        rec.add_turn(me, actions)
        end = d.end_turn(narrate=True)
        rec.observe(d.position, end.effects)
        played += 1
    return d, rec.to_obj(final=d.position if d.game_over else None)


@pytest.fixture(scope="module")
def scripted_2p():
    return play_game(2, 5)


@pytest.fixture(scope="module")
def scripted_4p():
    return play_game(4, 5)


def _same_position(a, b) -> None:
    assert position_to_obj(a, DATA) == position_to_obj(b, DATA)


# ------------------------------------------------------------------------------ logs read back
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_passed_out_game_writes_a_log_that_replays_clean(n, tmp_path):
    d, obj = play_game(n, n, scripted=False)
    text = dump_log(obj)
    assert text.startswith("game: birmingham\n")
    s = yaml.safe_load(text)["setup"]
    assert {"merchant_order", "deck_order", "turn_order", "rail_deck_order"} <= set(s)
    assert "dcm_order" not in s and "rail_dcm_order" not in s
    res = replay(text)
    assert res.ok, [f.to_dict() for f in res.findings]
    assert res.game_over and res.actions == res.total_actions
    _same_position(res.position, d.position)
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "OK: every action legal, every recorded fact agrees" in r.stdout


@pytest.mark.parametrize("game", ["scripted_2p", "scripted_4p"])
def test_a_game_with_real_actions_replays_to_the_same_final_position(game, request):
    d, obj = request.getfixturevalue(game)
    kinds = {a.split()[0] for t in obj["turns"] for a in t["actions"]}
    assert {"build", "network", "develop", "loan", "pass"} <= kinds
    res = replay(dump_log(obj))
    assert res.ok, [f.to_dict() for f in res.findings]
    assert res.game_over
    _same_position(res.position, d.position)
    assert {r["player"]: r["vp"] for r in res.scores} == obj["final"]["scores"]
    # the rulings relied on are Birmingham's (no Lancashire FAQ id)
    assert res.rulings and all(q.startswith("B") for q in res.rulings)


def test_write_log_of_a_set_up_position_records_birmingham_orders():
    d = GameDriver.new_game(["red", "blue"], DATA, rng=random.Random(1))
    obj = write_log(d.position, [])
    assert obj["game"] == "birmingham"
    s = obj["setup"]
    assert len(s["merchant_order"]) == 5 and len(s["deck_order"]) == 40
    # the deal: 8 cards, then one face down, for each player in turn order
    first = d.position.players[0]
    assert s["deck_order"][:8] == d.position.player[first].hand
    assert s["deck_order"][8] == d.position.under_deck_tile[0]
    log = read_log(
        dump_log({**obj, "turns": [{"player": first, "actions": ["pass card=" + s["deck_order"][0]]}]})
    )
    assert log.setup["merchant_order"] == s["merchant_order"]
