"""Hostile and broken input (issue 13, the input half): fuzzers for the classes an adversarial
review found, and one regression test per class through the CLI.

The fuzzers put hostile scalars into real files (positions, action files, game logs, highlight
files) *as YAML text*, at a random value or mapping key: explicit tags with values that do not
parse (``!!bool maybe``), number forms (huge hex/octal/decimal integers, YAML 1.1 sexagesimals and
``0b``/``1_000`` forms, integral floats such as ``12.0``, ``.nan``, ``1e999``), names YAML 1.1 reads
as other types (``yes``, ``no``, ``on``, ``1:20``), long strings, control characters and comments.
Each case is read through the public API and, when it is accepted, taken further (validate,
``check``, ``legal_actions``, ``render_position``, ``dump_position``, ``replay``): it may end only
in an :class:`~brass_judge.errors.InputError` whose message is bounded, or in a result. No float
may survive into a written position.

Deterministic by default (as tests/test_fuzz.py); ``BRASS_FUZZ_EXAMPLES=N`` explores further.
Run with ``-s`` to see the outcome counts.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from brass_judge.data import game_data  # noqa: E402
from brass_judge.errors import InputError  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DATA = game_data()
POSITION = REPO / "examples" / "worked-turn" / "position.yaml"
MIDGAME = REPO / "examples" / "render" / "midgame.yaml"
GAME = REPO / "examples" / "games" / "opening-2p.yaml"
TURN = REPO / "examples" / "worked-turn" / "turn.yaml"
HIGHLIGHT = REPO / "examples" / "render" / "midgame-highlight.yaml"

COUNTS: Counter = Counter()
N = int(os.environ.get("BRASS_FUZZ_EXAMPLES", "150"))
EXPLORE = "BRASS_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=N,
    deadline=None,
    derandomize=not EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
FUZZ_CLI = settings(FUZZ, max_examples=max(20, N // 8))
#: No message may be longer than this (a message quotes at most 80 characters of input).
MAX_MESSAGE = 1200
#: No failing run may print more than this (errors are capped per field and in all).
MAX_OUTPUT = 200_000


# ------------------------------------------------------------------------------ hostile scalars
BAD_TAGS = [
    "!!bool maybe",
    "!!bool yes",
    "!!float abc",
    "!!float 1:20",
    "!!int x",
    "!!int 12.5",
    "!!int 0b101",
    "!!null x",
    "!!timestamp 2024-13-99x",
    "!!timestamp yesterday",
    "!!str",
    "!!binary aGk=",
    "!!set {a}",
    "!!omap [a: 1]",
    "!!python/none ''",
    "!custom 3",
    "!!bool",
    "!!int",
    "!!float",
]
NUMBERS = [
    "0x" + "f" * 5000,
    "0o" + "7" * 6000,
    "9" * 5000,
    "-" + "9" * 4400,
    "0b" + "1" * 9000,
    "1" + "_000" * 2000,
    ":".join(["59"] * 3000),
    "1:20",
    "190:20:30",
    "12.0",
    "1.0",
    "3.0",
    "50.0",
    "0.0",
    "-0.0",
    "1e999",
    "-.inf",
    ".nan",
    ".NaN",
    "1e3",
    "0x10",
    "0o17",
    "017",
    "+12",
    "1_000",
    "0b11",
    "1.5",
    "99999999999999999999",
    "1e16",
]
NAMES = [
    "yes",
    "no",
    "on",
    "off",
    "Yes",
    "NO",
    "y",
    "n",
    "~",
    "null",
    "Null",
    "true",
    "FALSE",
    "1:20",
    "2024-05-01",
    "=",
    "<<",
    "-",
    "'quoted'",
    '"dq"',
    "a\u0000b",
    "x" * 20_000,
    "w " * 6000,
    "\u001b[31mred\u001b[0m",
    "line\\nbreak",
    "\ud7ff",
    "🚂",
    "",
    "''",
    "#",
    "a #b",
    "b: c",
]


def _as_yaml(s: str) -> str:
    """*s* as a YAML scalar: raw when it is a tag or number form, else double-quoted (escaped)."""
    return json.dumps(s, ensure_ascii=True)


HOSTILE = (
    st.sampled_from(BAD_TAGS)
    | st.sampled_from(NUMBERS)
    | st.sampled_from(NAMES).map(
        lambda s: s if s.isprintable() and "\n" not in s and "\\" not in s and len(s) < 100 else _as_yaml(s)
    )
    | st.text(min_size=0, max_size=30).map(_as_yaml)
    | st.integers(-10, 10**6).map(lambda i: f"{i}.0")
)

PLACEHOLDER = "HOSTILE_PLACEHOLDER"


def _slots(obj, path=()):
    """Every value and every mapping key of *obj* (("value"|"key", path))."""
    yield ("value", path)
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield ("key", path + (k,))
            yield from _slots(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _slots(v, path + (i,))


def _put(obj, kind, path):
    if not path:
        return PLACEHOLDER
    parent = obj
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if kind == "key" and isinstance(parent, dict):
        items = [(PLACEHOLDER if k == last else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(items)
    else:
        parent[last] = PLACEHOLDER
    return obj


def _text_with(seed: Path, kind: str, path: tuple, hostile: str) -> str:
    obj = yaml.safe_load(seed.read_text(encoding="utf-8"))
    obj = _put(obj, kind, path)
    text = yaml.safe_dump(obj, sort_keys=False, width=10_000, allow_unicode=True)
    return text.replace(PLACEHOLDER, hostile, 1)


@st.composite
def hostile_file(draw, seed: Path):
    obj = yaml.safe_load(seed.read_text(encoding="utf-8"))
    slots = list(_slots(obj))
    kind, path = draw(st.sampled_from(slots))
    return _text_with(seed, kind, path, draw(HOSTILE))


def _expect(test: str, fn, *args):
    COUNTS[(test, "cases")] += 1
    try:
        res = fn(*args)
    except InputError as e:
        COUNTS[(test, f"InputError {e.code}")] += 1
        text = e.render()
        assert len(text) <= 60 * MAX_MESSAGE, len(text)
        for one in getattr(e, "errors", [e]):
            assert len(one.render()) <= MAX_MESSAGE, one.render()[:300]
        json.dumps(e.to_dict())
        return None
    COUNTS[(test, "accepted")] += 1
    return res


def _no_floats(obj, where=()):
    if isinstance(obj, float):
        raise AssertionError(f"a float {obj!r} at {where} in a written position")
    if isinstance(obj, dict):
        for k, v in obj.items():
            _no_floats(k, where)
            _no_floats(v, where + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _no_floats(v, where + (i,))


def _use_position(text: str):
    """Everything a command does with a position: validate, moves, render, check + apply."""
    from brass_judge.engine import check, legal_actions
    from brass_judge.engine.validate import validate
    from brass_judge.position_io import dump_position, load_position
    from brass_judge.render_svg import render_position

    lp = load_position(text)
    out = dump_position(lp.position, DATA)
    _no_floats(yaml.safe_load(out))
    if validate(lp, DATA):
        return "impossible"
    render_position(lp.position, DATA)
    moves = legal_actions(lp.position, DATA)
    for m in list(moves)[:3]:
        v = check(lp, getattr(m, "action", m), DATA)
        if v.legal and v.position is not None:
            _no_floats(yaml.safe_load(dump_position(v.position, DATA)))
    return "used"


# ------------------------------------------------------------------------------------ fuzzers
@FUZZ
@given(st.sampled_from([POSITION, MIDGAME]).flatmap(hostile_file))
def test_fuzz_hostile_position(text):
    _expect("hostile position", _use_position, text)


@FUZZ
@given(hostile_file(TURN))
def test_fuzz_hostile_action_file(text):
    import tempfile

    from brass_judge.action_io import load_turn
    from brass_judge.engine import check
    from brass_judge.position_io import load_position

    lp = load_position(POSITION)
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "turn.yaml"
        f.write_text(text, encoding="utf-8")
        turn = _expect("hostile action file", load_turn, str(f), DATA, lp.position.players)
    if turn is not None:
        check(lp, turn, DATA)


@FUZZ
@given(hostile_file(GAME))
def test_fuzz_hostile_game_log(text):
    from brass_judge.games import replay

    res = _expect("hostile game log", replay, text)
    if res is not None and res.position is not None:
        from brass_judge.position_io import dump_position

        _no_floats(yaml.safe_load(dump_position(res.position, res.data)))


@FUZZ
@given(hostile_file(HIGHLIGHT))
def test_fuzz_hostile_highlight(text):
    import tempfile

    from brass_judge.cli_render import _load_highlight
    from brass_judge.position_io import load_position
    from brass_judge.render_svg import render_position

    lp = load_position(MIDGAME)
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "h.yaml"
        f.write_text(text, encoding="utf-8")
        hl = _expect("hostile highlight", _load_highlight, f, DATA)
    if hl is not None:
        render_position(lp.position, DATA, highlight=hl)


def _cli(*args, cwd=REPO, timeout=60):
    env = dict(os.environ, COLUMNS="120")
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args], capture_output=True, cwd=cwd, timeout=timeout, env=env
    )


def assert_exit_2(r, *fragments, code=None):
    out, err = r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, (r.returncode, out[:2000], err[:2000])
    assert "Traceback" not in out + err, err[:3000]
    assert len(r.stdout) + len(r.stderr) < MAX_OUTPUT, len(r.stdout) + len(r.stderr)
    first = err.splitlines()[0]
    assert first.startswith("error[INP"), err[:1000]
    if code:
        assert first.startswith(f"error[{code}]"), err[:1000]
    for f in fragments:
        assert f in err, (f, err[:2000])
    return err


@FUZZ_CLI
@given(st.sampled_from([POSITION, MIDGAME]).flatmap(hostile_file), st.booleans())
def test_fuzz_hostile_cli(tmp_path_factory, text, as_json):
    """End to end: validate / moves / render on a hostile position: exit 0, 1 or 2, no traceback,
    bounded output; with --format json stdout is JSON."""
    COUNTS[("hostile cli", "cases")] += 1
    d = tmp_path_factory.mktemp("hostile")
    (d / "pos.yaml").write_text(text, encoding="utf-8")
    for args in (["validate", "pos.yaml"], ["render", "pos.yaml", "-o", os.devnull], ["moves", "pos.yaml"]):
        if as_json and args[0] != "render":
            args = args + ["--format", "json"]
        r = _cli(*args, cwd=d)
        COUNTS[("hostile cli", f"{args[0]} exit {r.returncode}")] += 1
        assert r.returncode in (0, 1, 2), (args, r.stderr[-3000:])
        assert b"Traceback" not in r.stdout + r.stderr, r.stderr[-3000:]
        assert len(r.stdout) + len(r.stderr) < (5_000_000 if args[0] == "moves" else MAX_OUTPUT)
        if r.returncode == 2:
            assert r.stderr.startswith(b"error[INP"), r.stderr[:500]
            if "--format" in args:
                json.loads(r.stdout)


# -------------------------------------------------------------------- one regression per class
def _pos(tmp_path, text: str, name: str = "pos.yaml") -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


BASE = "players:\n  red: {money: 10}\n  blue: {}\ntiles:\n  - red coal1@wigan\n"


@pytest.mark.parametrize(
    "value, tag",
    [
        ("!!bool maybe", "!!bool"),
        ("!!float abc", "!!float"),
        ("!!int x", "!!int"),
        ("!!null x", "!!null"),
        ("!!timestamp 2024-13-45x", "!!timestamp"),
    ],
)
@pytest.mark.parametrize("where", ["value", "key"])
def test_tag_with_a_value_that_does_not_parse(tmp_path, value, tag, where):
    text = BASE.replace("{money: 10}", "{money: %s}" % value) if where == "value" else BASE + f"{value}: 3\n"
    f = _pos(tmp_path, text)
    for args in (
        ("validate", f),
        ("check", f, "--action", "pass"),
        ("moves", f),
        ("render", f, "-o", os.devnull),
        ("replay", f),
    ):
        err = assert_exit_2(_cli(*args), f"not a valid value for the tag {tag}", code="INP013")
        assert re.search(re.escape(f) + r":[2-6]:\d+", err), err
    if where == "value":
        assert "field 'players.red.money'" in err


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, "0o" + "7" * 5000, "9" * 5000, "-" + "9" * 4400])
@pytest.mark.parametrize("field", ["money", "era"])
def test_huge_integers_never_crash(tmp_path, number, field):
    """Beyond Python's 4,300-digit int-to-text limit: refused (INP014), not a crash in a message."""
    text = (
        BASE.replace("{money: 10}", "{money: %s}" % number) if field == "money" else BASE + f"era: {number}\n"
    )
    f = _pos(tmp_path, text)
    for args in (("validate", f, "--format", "json"), ("moves", f), ("render", f, "-o", os.devnull)):
        err = assert_exit_2(_cli(*args), "number written with", code="INP014")
    assert len(err) < 1000


def test_sexagesimals_are_text_and_quick(tmp_path):
    """YAML 1.1 read '1:59:59:...' as a base-60 integer (quadratic time); YAML 1.2 reads text."""
    f = _pos(tmp_path, BASE.replace("{money: 10}", "{money: %s}" % ":".join(["59"] * 300_000)))
    assert_exit_2(_cli("validate", f, timeout=30), "characters (the limit is 10,000)", code="INP014")
    f = _pos(tmp_path, BASE.replace("{money: 10}", "{money: 1:20}"))
    assert_exit_2(_cli("validate", f), "expected a whole number, got text '1:20'", code="INP033")


def test_yaml_11_names_are_names(tmp_path):
    """yes:/no:/on:/1:20 as player keys are names (YAML 1.2 core schema), not true/false/80."""
    f = _pos(tmp_path, "players:\n  yes: {}\n  no: {}\n  1:20: {}\nturn: no\ntiles: ['on coal1@wigan']\n")
    r = _cli("validate", f, "--format", "json")
    assert r.returncode == 2 and b"unknown player 'on'" in r.stderr, r.stderr
    f = _pos(tmp_path, "players:\n  yes: {}\n  no: {}\n  1:20: {}\nturn: no\ntiles: ['yes coal1@wigan']\n")
    r = _cli("validate", f)
    assert r.returncode == 0, r.stderr
    r = _cli("check", f, "--action", "loan 10 card=wigan", "--player", "no")
    assert r.returncode in (0, 1) and b"Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize(
    "text, field",
    [
        ("players:\n  red: {income_space: 12.0}\n  blue: {}\n", "players.red.income_space"),
        ("players: [red, blue]\ndistant_cotton_market: {marker: 1.0}\n", "distant_cotton_market.marker"),
        (
            "players: [red, blue]\ntiles:\n  - {owner: red, industry: coal, location: wigan, cubes: 3.0}\n",
            "tiles[0].cubes",
        ),
        ("players: [red, blue]\nround: 2.0\n", "round"),
        ("players: [red, blue]\nmarkets: {coal: 5.0}\n", "markets.coal"),
    ],
)
def test_integral_floats_are_refused_everywhere(tmp_path, text, field):
    """12.0 where a whole number belongs: 'write 12' (JSON Schema alone accepts it, and render,
    moves and sell crashed on the float; --apply wrote it back as 50.0)."""
    f = _pos(tmp_path, text)
    for args in (
        ("validate", f),
        ("moves", f),
        ("render", f, "-o", os.devnull),
        ("check", f, "--action", "sell bolton>liverpool card=bolton"),
        ("check", f, "--action", "loan 10 card=wigan", "--apply", "--out", str(tmp_path / "o.yaml")),
    ):
        err = assert_exit_2(_cli(*args), f"field '{field}'", "expected a whole number", code="INP033")
        assert re.search(r"write -?\d+\b", err), err
    assert not (tmp_path / "o.yaml").exists()


def test_integral_floats_in_action_files_and_game_logs(tmp_path):
    a = _pos(tmp_path, "action: loan\namount: 10.0\ncard: bury\n", "a.yaml")
    assert_exit_2(_cli("check", str(POSITION), a), "whole number", code="INP020")
    g = GAME.read_text(encoding="utf-8").replace("setup:\n", "setup:\n  seed: 7.0\n", 1)
    assert_exit_2(_cli("replay", _pos(tmp_path, g, "g.yaml")), "whole number")


def _special_files(tmp_path) -> dict:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    dangling = tmp_path / "dangling.yaml"
    dangling.symlink_to(tmp_path / "nowhere.yaml")
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"players: [red, blue]\nabout: caf\xe9\n")
    nul = tmp_path / "nul.yaml"
    nul.write_bytes(b"players: [red, blue]\n\x00\n")
    return {
        "/dev/zero": "character device",
        "/dev/urandom": "character device",
        str(fifo): "named pipe (FIFO)",
        str(loop): "symbolic link loop",
        str(dangling): "which does not exist",
        str(tmp_path): "is a directory",
        "": "the path is empty",
        "no-such-game": "not found",
        str(binary): "not UTF-8",
        str(nul): "NUL byte",
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_special_files_every_reader(tmp_path):
    """Devices, a FIFO, a symlink loop, a dangling link, a directory, an empty path, a name with no
    suffix, non-UTF-8, NUL: every command that reads a file says what it is (exit 2) and never
    waits or reads without bound."""
    cases = _special_files(tmp_path)
    hl = tmp_path / "h.yaml"
    hl.write_text("legal: true\n", encoding="utf-8")
    for path, what in cases.items():
        for args in (
            ("validate", path),
            ("check", path, "--action", "pass"),
            ("check", str(POSITION), path),
            ("moves", path),
            ("replay", path),
            ("render", path, "-o", os.devnull),
            ("render", str(MIDGAME), "-o", os.devnull, "--highlight", path),
        ):
            if path == "" and args[0] == "check" and args[1] != "":
                continue  # an empty ACTION_FILE argument is "no action file": the usage error INP021
            assert_exit_2(_cli(*args, timeout=30), what)
    r = _cli("lint", str(tmp_path / "bin.yaml"), str(tmp_path / "nul.yaml"), "--format", "json")
    assert r.returncode == 2 and b"INP003" in r.stdout and b"Traceback" not in r.stderr, r.stdout[:2000]


def test_unreadable_file(tmp_path, monkeypatch):
    """Permission denied says so (as root chmod does not stop reading, so the error is simulated)."""
    from brass_judge.yamlio import load_file

    f = tmp_path / "secret.yaml"
    f.write_text(BASE, encoding="utf-8")
    f.chmod(0)
    if os.geteuid() != 0:
        assert_exit_2(_cli("validate", str(f)), "permission denied", code="INP001")
    real_open = os.open

    def no_access(path, *a, **kw):
        if str(path) == str(f):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **kw)

    monkeypatch.setattr(os, "open", no_access)
    with pytest.raises(InputError) as e:
        load_file(f, what="position file")
    assert e.value.code == "INP001" and "permission denied" in e.value.message
    f.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_output_does_not_grow_with_the_input(tmp_path):
    """A tile string with thousands of extra words: one short message per tile, at most 3 per
    field and 50 in all ("... N more"), each quoting at most 80 characters of the string."""
    words = " ".join(f"w{i}" for i in range(1500))
    text = "players: [red, blue]\ntiles:\n" + "".join(
        f"  - red coal1@wigan cubes=x {words}\n" for _ in range(120)
    )
    text += "links:\n" + "".join(f"  - red {'x' * 5000} bolton-bury\n" for _ in range(40))
    f = _pos(tmp_path, text)
    assert os.path.getsize(f) > 1_000_000
    for args in (
        ("validate", f),
        ("validate", f, "--format", "json"),
        ("check", f, "--action", "pass", "--format", "json"),
        ("lint", f, "--format", "json"),
    ):
        r = _cli(*args)
        assert r.returncode == 2 and b"Traceback" not in r.stderr, r.stderr[:2000]
        assert len(r.stdout) + len(r.stderr) < 100_000, (args, len(r.stdout), len(r.stderr))
    err = assert_exit_2(_cli("validate", f), "more problem(s) not shown", "and 1,495 more", "characters)")
    assert max(len(line) for line in err.splitlines()) < 600
    j = json.loads(_cli("validate", f, "--format", "json").stdout)["error"]
    assert j["omitted"] > 0 and len(j["errors"]) <= 50


def test_long_names_are_quoted_short(tmp_path):
    name = "z" * 4000
    f = _pos(tmp_path, f"players: [red, blue]\nturn: {name}\ntiles: ['{name} coal1@{name}']\n")
    err = assert_exit_2(_cli("validate", f), "(4,000 characters)", code="INP010")
    assert max(len(line) for line in err.splitlines()) < 600


@pytest.mark.parametrize(
    "line, kind",
    [
        ("  - red coal1@wigan #1 cubes=1", "tile"),
        ("  - red cotton1@bolton  # built in round 2", "tile"),
        ("  - red coal1@wigan flipped #2", "tile"),
    ],
)
def test_comment_after_a_tile_is_refused(tmp_path, line, kind):
    """YAML drops '#1 cubes=1' as a comment: the mine would be judged with 2 cubes, not 1."""
    f = _pos(tmp_path, f"players: [red, blue]\ntiles:\n{line}\n")
    err = assert_exit_2(_cli("validate", f), "which YAML reads as a comment", "space=N", code="INP049")
    assert f"{f}:3:" in err and "field 'tiles[0]'" in err


def test_comment_after_a_link_is_refused(tmp_path):
    f = _pos(tmp_path, "players: [red, blue]\nlinks:\n  - red bolton-bury   # x\n")
    assert_exit_2(_cli("validate", f), "field 'links[0]'", "comment", code="INP049")


def test_space_forms_in_tile_strings(tmp_path):
    """space=N, @loc#N and a quoted ' #N' all set the space; a comment on its own line is fine."""
    from brass_judge.position_io import load_position

    for tile in [
        "red cotton1@bolton space=1 flipped",
        "red cotton1@bolton#1 flipped",
        "'red cotton1@bolton #1 flipped'",
    ]:
        lp = load_position(f"players: [red, blue]\ntiles:\n  # a note on its own line\n  - {tile}\n")
        t = lp.position.tiles[0]
        assert (t.space, t.flipped) == (1, True), tile
    lp = load_position("players: [red, blue]\ntiles:\n  - 'red coal1@wigan #1 cubes=1'\n")
    assert (lp.position.tiles[0].space, lp.position.tiles[0].cubes) == (1, 1)
    lp = load_position("players: [red, blue]\nmarkets: {coal: 3}  # a comment after a number is fine\n")
    assert lp.position.coal_market == 3


HIGHLIGHT_SHAPES = [
    ("legal: maybe", "expected true/false"),
    ("legal: 1", "expected true/false"),
    ("placed: 3", "expected a list"),
    ("placed: [[bolton]]", "at least 2"),
    ("placed: [{space: 1}]", "'location' is required"),
    ("placed: ['atlantis:0']", "unknown location 'atlantis'"),
    ("placed: ['bolton:9']", "not space 9"),
    ("placed: [[bolton, 1.0]]", "expected one of"),
    ("placed: [[1, bolton]]", "[location, space]"),
    ("placed: ['bolton:x']", "expected form"),
    ("flipped: {a: 1}", "expected a list"),
    ("removed: [null]", "expected one of"),
    ("links: [5]", "expected one of"),
    ("links: [nowhere-bolton]", "as a link line"),
    ("links: [[a, b, c]]", "at most 2"),
    ("coal_paths: [wigan]", "expected a list"),
    ("coal_paths: [[wigan, zzz]]", "unknown location 'zzz'"),
    ("iron_paths: [[]]", "at least 1"),
    ("locations: [{a: 1}]", "expected text"),
    ("locations: [atlantis]", "unknown location"),
    ("caption: {a: 1}", "expected one of"),
    ("caption: [1, 2]", "expected text"),
    ("placd: []", "placed"),
    ("[1, 2]", "must be a mapping"),
    ("just text", "must be a mapping"),
]


@pytest.mark.parametrize("text, message", HIGHLIGHT_SHAPES)
def test_highlight_file_shapes(tmp_path, text, message):
    h = _pos(tmp_path, text + "\n", "h.yaml")
    err = assert_exit_2(
        _cli("render", str(MIDGAME), "-o", str(tmp_path / "x.svg"), "--highlight", h), message
    )
    assert f"{h}:1" in err.splitlines()[0], err
    assert not (tmp_path / "x.svg").exists()


def test_highlight_schema_is_listed_and_accepts_the_examples():
    r = _cli("schema", "list")
    assert b"highlight" in r.stdout.split()
    from brass_judge.schema_check import schema_errors
    from brass_judge.yamlio import load_file

    for f in (REPO / "examples" / "render").glob("*highlight*.yaml"):
        assert schema_errors(load_file(f), "highlight") == [], f


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    if COUNTS:
        tests = sorted({t for t, _ in COUNTS})
        lines = ["", "hostile fuzz cases (test: cases; outcomes):"]
        for t in tests:
            outs = {k: v for (tt, k), v in COUNTS.items() if tt == t and k != "cases"}
            lines.append(
                f"  {t}: {COUNTS[(t, 'cases')]}; " + ", ".join(f"{k} {v}" for k, v in sorted(outs.items()))
            )
        sys.stdout.write("\n".join(lines) + "\n")
