"""Brass: Birmingham game logs (docs/games-birmingham.md): written by ``LogRecorder`` /
``write_log`` from games played through ``GameDriver``, read back (``schemas/game-birmingham``),
replayed strictly and keep-going through the API and the CLI, every problem pinned to its line.

The games are real: passed out every turn, and played by a simple seeded loop that takes the first
``check``-legal action of a shuffled list of builds, sales, links, developments and loans.
"""

from __future__ import annotations

import json
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


# ------------------------------------------------------------------------------ the shipped logs
def marker_line(path, code: str) -> int:
    """The line of the example marked ``# <- CODE``."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if f"# <- {code}" in line:
            return i
    raise AssertionError(f"no '# <- {code}' marker in {path}")


BAD = {
    "bad-illegal-build": ("BLD009", "B024"),
    "bad-fact-mismatch": ("GAM001", None),
    "bad-incomplete-turn": ("GAM003", "B008"),
    "bad-wrong-player": ("GAM002", "B014"),
}


def test_the_opening_replays_clean_with_every_fact_checked():
    path = GAMES / "opening-2p.yaml"
    res = replay(str(path))
    assert res.ok and not res.game_over
    assert (res.position.era, res.position.round, res.position.turn) == ("canal", 4, "blue")
    log = read_log(str(path))
    assert all(t.after for t in log.turns)  # facts after every turn
    kinds = {type(la.action).__name__ for t in log.turns for la in t.actions}
    assert {"Build", "Network", "Sell", "Loan", "Develop"} <= kinds
    r = cli("replay", str(path))
    assert r.exit_code == 0 and "every recorded fact agrees" in r.stdout


@pytest.mark.parametrize("name", sorted(BAD))
def test_each_bad_log_gives_its_finding_on_the_marked_line(name):
    code, ruling = BAD[name]
    path = GAMES / f"{name}.yaml"
    line = marker_line(path, code)
    res = replay(str(path))
    assert [f.code for f in res.findings][:1] == [code]
    first = res.findings[0]
    assert first.line == line
    assert res.stopped == (code != "GAM001")  # a fact that differs does not stop the replay
    if ruling:
        assert ruling in first.rulings
    r = cli("replay", str(path), "--format", "json")
    assert r.exit_code == 1, r.output
    out = json.loads(r.stdout)
    assert out["findings"][0]["code"] == code and out["findings"][0]["line"] == line
    kept = replay(str(path), keep_going=True)
    assert kept.findings[0].code == code and kept.actions == kept.total_actions


def test_recorded_birmingham_facts_are_checked_each_on_its_line(tmp_path):
    text = (GAMES / "opening-2p.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "merchant_barrels: {shrewsbury: 1, gloucester: 0, oxford: 1}",
        "merchant_barrels: {shrewsbury: 1, gloucester: 1, oxford: 1}\n      wild_piles: {wild_location: 3}",
    )
    text = text.replace("markets: {coal: 13, iron: 10}", "markets: {coal: 13, iron: 8}")
    path = tmp_path / "facts.yaml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    res = replay(str(path))
    got = [(f.code, f.line, f.message) for f in res.findings]
    assert [c for c, _, _ in got] == ["GAM001"] * 3, got
    assert "gloucester: 1" in lines[got[0][1] - 1] and "the merchant barrels of gloucester" in got[0][2]
    assert "wild_location: 3" in lines[got[1][1] - 1] and "records 3, the rules give 4" in got[1][2]
    assert "iron: 8" in lines[got[2][1] - 1] and "the iron market" in got[2][2]


def test_annotate_writes_the_facts_into_a_birmingham_log(tmp_path):
    out = tmp_path / "annotated.yaml"
    src = tmp_path / "bare.yaml"
    src.write_text(dump_log(play_game(2, 3, turns=6)[1]), encoding="utf-8")
    r = cli("replay", str(src), "--annotate", str(out))
    assert r.exit_code == 0, r.output
    log = read_log(str(out))
    assert all(t.after for t in log.turns) and replay(log).ok


# ------------------------------------------------------------------------------ bad input
def _bad(tmp_path, text: str):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("replay", str(path))
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    return r.output


HEAD = "game: birmingham\nsetup:\n  players: [red, blue]\n  seed: 7\n"


@pytest.mark.parametrize(
    ("body", "where", "says"),
    [
        # a Lancashire-only setup key and fact
        ("  dcm_order: [1, 2]\nturns: []\n", ":5:3, field 'setup.dcm_order'", "no Distant Cotton Market"),
        (
            "turns:\n  - {player: red, actions: 'pass card=leek', after: {dcm_marker: 3}}\n",
            "field 'turns[0].after.dcm_marker'",
            "no Distant Cotton Market",
        ),
        # Lancashire-only actions
        (
            "turns:\n  - {player: red, actions: 'build shipyard@leek card=leek'}\n",
            ":6:",
            "unknown industry 'shipyard'",
        ),
        ("turns:\n  - {player: red, actions: 'loan 10 card=leek'}\n", "field 'turns[0].actions'", "30"),
        # an unknown merchant tile, a wrong merchant order, an unknown merchant in the facts
        (
            "  merchant_order: [all, cotton, blank, blank, manufacturer]\nturns: []\n",
            "field 'setup.merchant_order[1]'",
            "Did you mean: cotton_mill?",
        ),
        (
            "  merchant_order: [all, all, blank, blank, manufacturer]\nturns: []\n",
            ":5:3, field 'setup.merchant_order'",
            "the merchant tile order",
        ),
        (
            "turns:\n  - {player: red, actions: 'pass card=leek', after: {merchant_barrels: {oxfrod: 1}}}\n",
            "field 'turns[0].after.merchant_barrels.oxfrod'",
            "Did you mean: oxford?",
        ),
        # broken YAML
        ("turns: [\n", ":", "not valid YAML"),
    ],
)
def test_bad_birmingham_logs_name_file_line_and_field(tmp_path, body, where, says):
    out = _bad(tmp_path, HEAD + body)
    assert f"{tmp_path / 'bad.yaml'}{where}" in out or where in out, out
    assert says in out, out


def test_a_shortfall_naming_a_tile_not_there_is_pinned_to_its_entry(tmp_path, scripted_2p):
    # the scripted game has players who cannot pay: the shortfall entry names a tile not theirs
    obj = json.loads(json.dumps(scripted_2p[1]))
    assert obj.get("shortfalls"), "the scripted game has a shortfall"
    sf = obj["shortfalls"][0]
    sf["remove"] = ["birmingham#0"] + sf["remove"][1:]
    path = tmp_path / "sf.yaml"
    path.write_text(dump_log(obj), encoding="utf-8")
    res = replay(str(path), keep_going=True)
    bad = [f for f in res.findings if f.code == "GAM005"]
    assert bad and "has no tile in Birmingham" in bad[0].message
    text = path.read_text(encoding="utf-8").splitlines()
    assert "era:" in text[bad[0].line - 1] and "B016" in bad[0].rulings


def test_the_schema_command_lists_the_birmingham_log_schema():
    r = cli("schema", "list")
    assert "game-birmingham" in r.stdout.split()
    schema = json.loads(cli("schema", "game-birmingham").stdout)
    assert schema["properties"]["game"]["enum"][0] == "birmingham"
    assert "merchant_order" in schema["properties"]["setup"]["properties"]
    assert "dcm_order" not in schema["properties"]["setup"]["properties"]
