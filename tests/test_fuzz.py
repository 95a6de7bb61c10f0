"""Fuzzing the input boundary (issue 7): whatever comes in, only an InputError or a result comes out.

Hypothesis mutates valid positions (the worked turn, the render example, the perft positions) and
builds actions from real and fake words, random YAML structures, wrong types, deleted and
duplicated keys and random unicode. Each case goes through the public API in-process
(``load_position`` / ``parse_action`` / ``action_from_obj`` / ``validate`` / ``engine.check``) and
may end only in :class:`~brass_judge.errors.InputError`, a position, an action or a Verdict; a few
cases go through the CLI as a subprocess (exit code 0, 1 or 2; never a traceback).

Bounded: ``max_examples`` per test below (about 30-40 s in all). Run with ``-s`` to see how many
cases ran and how they ended (printed at the end of the module). Every crash found while writing
these tests is a regression file in ``tests/bad_inputs/`` (see ``expected.yaml`` there).
"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from brass_judge.data import game_data  # noqa: E402
from brass_judge.errors import InputError  # noqa: E402
from brass_judge.model import Turn  # noqa: E402
from brass_judge.position_io import LoadedPosition, load_position  # noqa: E402
from brass_judge.verdict import Verdict  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DATA = game_data()

#: Cases run and how they ended, per test (printed at the end of the module).
COUNTS: Counter = Counter()

#: Examples per test; BRASS_FUZZ_EXAMPLES=2000 explores further (the CLI test runs a fifth of it).
N = int(os.environ.get("BRASS_FUZZ_EXAMPLES", "150"))
#: The default run (CI) draws the same examples every time, so that a red CI always reproduces;
#: an exploratory run (BRASS_FUZZ_EXAMPLES set) draws new ones each time. The crashes found so far
#: were found by exploratory runs and are kept as regression files and tests.
EXPLORE = "BRASS_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=N,
    deadline=None,
    derandomize=not EXPLORE,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
FUZZ_CLI = settings(FUZZ, max_examples=max(30, N // 5))


# ------------------------------------------------------------------------------------ seeds
def _seed_positions() -> list:
    out = []
    for p in [
        REPO / "examples" / "worked-turn" / "position.yaml",
        REPO / "examples" / "render" / "midgame.yaml",
        *sorted((REPO / "tests" / "perft").glob("*.yaml")),
    ]:
        if not p.exists():
            continue
        obj = yaml.safe_load(p.read_text(encoding="utf-8"))
        if isinstance(obj, dict) and "position" in obj:
            obj = obj["position"]
        if isinstance(obj, dict) and "players" in obj:
            out.append(obj)
    assert out, "no seed positions found"
    return out


SEEDS = _seed_positions()

# Real and fake words for names.
TOWNS = sorted(k for k, l in DATA.locations.items() if l.kind == "town")
PLACES = sorted(DATA.locations)
INDUSTRY_WORDS = ["cotton", "coal", "iron", "port", "shipyard", "cotton_mill", "coal_mine", "iron_works"]
LINES = sorted(l.replace("~", "-") for l in DATA.lines)
FAKE = [
    "",
    "x",
    "nowhere",
    "Bolton!",
    "-",
    "--",
    "@",
    ">",
    "#",
    ":",
    "=",
    ",",
    ";",
    "~",
    "distant",
    "dcm",
    "0",
    "-1",
    "99",
    "1e9",
    "9" * 30,
    "None",
    "null",
    "true",
    "é",
    "日本",
    "🚂",
    "\u200b",
    "\t",
    "a b",
    "'",
    '"',
    "\\",
    "%",
    "&a",
    "*a",
    "!!python/object:os.system",
    "{",
    "[",
    "<<",
]
name_words = st.sampled_from(TOWNS + PLACES + INDUSTRY_WORDS + LINES + FAKE) | st.text(max_size=12)
numbers = st.one_of(
    st.integers(-5, 12), st.integers(-(10**30), 10**30), st.floats(allow_nan=True), st.booleans(), st.none()
)
scalars = st.one_of(numbers, name_words, st.text(max_size=20))
yaml_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.one_of(name_words, st.integers(-3, 3)), inner, max_size=4)
    ),
    max_leaves=12,
)


def _outcome(test: str, fn, *args, **kw):
    """Call *fn*; an InputError is an expected outcome (counted by code). Anything else escapes."""
    COUNTS[(test, "cases")] += 1
    try:
        res = fn(*args, **kw)
    except InputError as e:
        COUNTS[(test, f"InputError {e.code}")] += 1
        assert e.render()  # renders without failing
        assert e.to_dict()
        return None
    COUNTS[(test, "accepted")] += 1
    return res


def _judge(test: str, lp: LoadedPosition, turn) -> None:
    """validate, then (when valid) check: a list of Violations or a Verdict, never an exception."""
    from brass_judge.engine import check
    from brass_judge.engine.validate import validate

    problems = validate(lp, DATA)
    if problems:
        COUNTS[(test, "impossible position")] += 1
        return
    v = check(lp, turn, DATA)
    assert isinstance(v, Verdict)
    COUNTS[(test, "LEGAL" if v.legal else "ILLEGAL")] += 1


# ------------------------------------------------------------------------- position mutations
def _paths(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, path + (i,))


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


@st.composite
def mutated_position(draw):
    pos = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(pos) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _get(pos, path[:-1]), path[-1]
        op = draw(st.sampled_from(["delete", "replace", "duplicate", "rename", "insert", "swap_type"]))
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = draw(yaml_values)
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == "duplicate" and isinstance(parent, dict):  # same entry under a case variant
            parent[str(key).upper() if str(key).upper() != key else str(key).lower()] = copy.deepcopy(
                parent[key]
            )
        elif op == "rename" and isinstance(parent, dict):
            new = draw(name_words)
            parent[new] = parent.pop(key)
        elif op == "insert":
            tgt = _get(pos, path) if isinstance(_get(pos, path), (dict, list)) else parent
            if isinstance(tgt, dict):
                tgt[draw(name_words)] = draw(yaml_values)
            else:
                tgt.append(draw(yaml_values))
        elif op == "swap_type":
            v = parent[key]
            parent[key] = [v] if not isinstance(v, list) else {"x": v}
    return pos


PLAYER_NAMES = ["red", "blue", "green", "yellow", "Red", "purple"]
#: The levels each industry has (a tile of another level is rarely drawn, as a bad input).
LEVELS = {
    short: sorted({t.level for t in DATA.mat[key]})
    for short, key in (
        ("cotton", "cotton_mill"),
        ("coal", "coal_mine"),
        ("iron", "iron_works"),
        ("port", "port"),
        ("shipyard", "shipyard"),
    )
}


@st.composite
def odd_position(draw):
    """A position that passes the schema and the names but may be impossible or extreme: stresses
    validate and the engine rather than the readers."""
    names = draw(
        st.lists(st.sampled_from(PLAYER_NAMES[:4] + ["purple"]), min_size=2, max_size=4, unique=True)
    )
    era = draw(st.sampled_from(["canal", "rail"]))
    players = {}
    for n in names:
        p: dict = {}
        if draw(st.booleans()):
            p["money"] = draw(st.integers(0, 120))
        if draw(st.booleans()):
            p["income_space"] = draw(st.integers(0, 99))
        if draw(st.booleans()):
            p["hand"] = draw(st.lists(st.sampled_from(CARD_WORDS), max_size=9))
        if draw(st.integers(0, 3)) == 0:
            p["mat"] = {
                ind: draw(st.lists(st.sampled_from(LEVELS[ind]), max_size=4))
                for ind in draw(
                    st.lists(
                        st.sampled_from(["cotton", "coal", "iron", "port", "shipyard"]),
                        max_size=3,
                        unique=True,
                    )
                )
            }
        if draw(st.integers(0, 4)) == 0:
            p["links_left"] = draw(st.integers(0, 14))
        players[n] = p
    tiles = []
    for _ in range(draw(st.integers(0, 10))):
        ind = draw(st.sampled_from(sorted(LEVELS)))
        level = draw(st.sampled_from(LEVELS[ind])) if draw(st.integers(0, 9)) else draw(st.integers(0, 4))
        t = f"{draw(st.sampled_from(names))} {ind}{level}@{draw(st.sampled_from(TOWNS * 4 + PLACES))}"
        if draw(st.integers(0, 3)) == 0:
            t += f"#{draw(st.integers(0, 1))}"
        if draw(st.booleans()):
            t += " flipped"
        if draw(st.integers(0, 2)) == 0:
            t += f" cubes={draw(st.integers(0, 6))}"
        tiles.append(t)
    links = [
        f"{draw(st.sampled_from(names))} {draw(st.sampled_from(['', 'canal ', 'rail ']))}{draw(st.sampled_from(LINES))}"
        for _ in range(draw(st.integers(0, 8)))
    ]
    pos: dict = {
        "era": era,
        "round": draw(st.integers(1, 10)),
        "players": players,
        "tiles": tiles,
        "links": links,
        "markets": {"coal": draw(st.integers(0, 8)), "iron": draw(st.integers(0, 8))},
        "distant_cotton_market": {
            "marker": draw(st.integers(1, 9)),
            "drawn": draw(st.lists(st.integers(0, 4), max_size=5)),
        },
    }
    if draw(st.booleans()):
        pos["actions_left"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        pos["deck"] = {"draw": draw(st.integers(0, 20))}
    if draw(st.integers(0, 5)) == 0:
        pos["game_over"] = True
    if draw(st.integers(0, 3)) == 0:
        pos["turns_taken"] = draw(st.lists(st.sampled_from(names), max_size=2, unique=True))
    return pos


def _dump(obj) -> str:
    return yaml.safe_dump(obj, allow_unicode=True, sort_keys=False)


@FUZZ
@given(mutated_position())
def test_fuzz_mutated_position_yaml(pos):
    """Mutated positions written as YAML text: InputError or a position that validate/check can judge."""
    text = _dump(pos)
    lp = _outcome("position-yaml", load_position, text, DATA, name="fuzz.yaml")
    if lp is not None:
        _judge("position-yaml", lp, Turn(((_pass()),)))


@FUZZ
@given(mutated_position())
def test_fuzz_mutated_position_dict(pos):
    """The same mutations handed over as a Python mapping (no YAML, keys of any type)."""
    lp = _outcome("position-dict", load_position, pos, DATA)
    if lp is not None:
        _judge("position-dict", lp, Turn(((_pass()),)))


TOKENS = [
    "\n",
    " ",
    "  ",
    "\t",
    ":",
    ": ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "#",
    "&a ",
    "*a",
    "!!str ",
    "!!binary ",
    "!!python/object/apply:os.system ",
    "---\n",
    "...\n",
    "? ",
    "|",
    ">",
    "'",
    '"',
    "%YAML 1.1\n",
    "<<: ",
    "\x00",
    "\ufeff",
    "\x85",
    "\u2028",
    "\ud800",
    "é",
    "🚂",
    "0x1F",
    "1e400",
    ".inf",
    ".nan",
    "~",
    "null",
]


@FUZZ
@given(
    st.sampled_from(SEEDS),
    st.lists(
        st.tuples(
            st.sampled_from(["insert", "delete", "dup_line", "cut"]),
            st.integers(0, 10**6),
            st.sampled_from(TOKENS) | st.text(max_size=4),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_fuzz_position_text(seed, edits):
    """Character-level damage to a valid position file: YAML syntax, tags, anchors, odd unicode."""
    text = _dump(seed)
    for op, at, tok in edits:
        at = at % (len(text) + 1)
        if op == "insert":
            text = text[:at] + tok + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + len(tok) + 1 :]
        elif op == "dup_line":
            lines = text.splitlines(keepends=True) or [""]
            i = at % len(lines)
            lines.insert(i, lines[i])
            text = "".join(lines)
        else:
            text = text[:at]
    if "\n" not in text:  # a one-line string would be taken for a file name
        text += "\n"
    lp = _outcome("position-text", load_position, text, DATA, name="fuzz.yaml")
    if lp is not None:
        _judge("position-text", lp, Turn(((_pass()),)))


# ------------------------------------------------------------------------------------ actions
def _pass():
    from brass_judge.notation import parse_action

    return parse_action("pass", DATA)


VERBS = [
    "build",
    "network",
    "develop",
    "sell",
    "loan",
    "pass",
    "Build",
    "PASS",
    "bild",
    "netwrk",
    "",
    "sell;",
    "x",
]
OPT_KEYS = ["card", "cards", "space", "level", "coal", "iron", "type", "amount", "foo", "", "CARD"]


CARD_WORDS = TOWNS + INDUSTRY_WORDS


@st.composite
def real_action_text(draw):
    """A well-formed action with real names (legal or not on the position): reaches the engine."""
    card = " card=" + draw(st.sampled_from(CARD_WORDS)) if draw(st.integers(0, 4)) else ""
    kind = draw(st.sampled_from(["build", "network", "develop", "sell", "loan", "pass"]))
    if kind == "build":
        s = f"build {draw(st.sampled_from(INDUSTRY_WORDS))}@{draw(st.sampled_from(PLACES))}"
        if draw(st.integers(0, 3)) == 0:
            card = " cards=" + ",".join(draw(st.lists(st.sampled_from(CARD_WORDS), min_size=2, max_size=2)))
        for opt, vals in (
            ("space", st.integers(0, 3)),
            ("level", st.integers(0, 4)),
            ("coal", st.lists(st.sampled_from(PLACES), min_size=1, max_size=3)),
            ("iron", st.lists(st.sampled_from(PLACES), min_size=1, max_size=3)),
        ):
            if draw(st.integers(0, 3)) == 0:
                v = draw(vals)
                s += f" {opt}=" + (",".join(v) if isinstance(v, list) else str(v))
    elif kind == "network":
        s = "network " + draw(st.sampled_from(["", "canal ", "rail "]))
        s += ",".join(draw(st.lists(st.sampled_from(LINES), min_size=1, max_size=2)))
        if draw(st.integers(0, 3)) == 0:
            s += " coal=" + ",".join(draw(st.lists(st.sampled_from(PLACES), min_size=1, max_size=2)))
    elif kind == "develop":
        s = "develop " + ",".join(draw(st.lists(st.sampled_from(INDUSTRY_WORDS), min_size=1, max_size=2)))
        if draw(st.integers(0, 3)) == 0:
            s += " iron=" + ",".join(draw(st.lists(st.sampled_from(PLACES), min_size=1, max_size=2)))
    elif kind == "sell":
        sales = []
        for _ in range(draw(st.integers(1, 3))):
            m = draw(st.sampled_from(TOWNS)) + draw(st.sampled_from(["", "", "#0", "#1", "#2"]))
            d = draw(st.sampled_from(PLACES + ["distant"] * 5))
            d += (
                draw(st.sampled_from(["", "", "#0", "#1"]))
                if d != "distant"
                else draw(st.sampled_from(["", ":0", ":1", ":2", ":3", ":4"]))
            )
            sales.append(f"{m}>{d}")
        s = "sell " + " ".join(sales)
    elif kind == "loan":
        s = f"loan {draw(st.sampled_from([10, 20, 30]))}"
    else:
        s = "pass"
    return s + card


@st.composite
def notation_text(draw):
    if draw(st.integers(0, 2)) == 0:
        return draw(real_action_text())
    verb = draw(st.sampled_from(VERBS))
    words = [verb]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["at", "line", "sale", "opt", "word", "num", "unicode"]))
        w = draw(name_words)
        if kind == "at":
            words.append(f"{draw(st.sampled_from(INDUSTRY_WORDS + FAKE))}@{w}")
        elif kind == "line":
            words.append(",".join(draw(st.lists(st.sampled_from(LINES + FAKE), min_size=1, max_size=3))))
        elif kind == "sale":
            mill = draw(st.sampled_from(TOWNS + FAKE)) + draw(
                st.sampled_from(["", "#0", "#1", "#x", "#-1", "#99"])
            )
            dest = draw(st.sampled_from(PLACES + ["distant", "dcm"] + FAKE))
            dest += draw(st.sampled_from(["", ":0", ":2", ":4", ":9", ":x", ":-1", "#0", "#1:2"]))
            words.append(f"{mill}>{dest}")
        elif kind == "opt":
            words.append(f"{draw(st.sampled_from(OPT_KEYS))}={w}")
        elif kind == "num":
            words.append(str(draw(st.integers(-100, 10**25))))
        else:
            words.append(draw(st.text(min_size=1, max_size=6)))
    text = " ".join(words)
    if draw(st.booleans()):
        text += " card=" + draw(st.sampled_from(TOWNS + INDUSTRY_WORDS + FAKE))
    return text


@FUZZ
@given(st.lists(notation_text(), min_size=1, max_size=3), st.sampled_from(SEEDS))
def test_fuzz_notation(parts, seed):
    """One-line notation from real and fake words: parse_action/parse_turn, then check on a seed."""
    from brass_judge.notation import format_action, parse_action, parse_turn

    for p in parts:
        a = _outcome("notation-action", parse_action, p, DATA)
        if a is not None:  # what parses, formats and parses back to the same action
            assert parse_action(format_action(a, DATA), DATA) == a
    turn = _outcome("notation-turn", parse_turn, "; ".join(parts), DATA)
    if turn is not None:
        _judge("notation-turn", load_position(copy.deepcopy(seed), DATA), turn)


ACTION_KEYS = sorted(
    {k for ks in __import__("brass_judge.notation", fromlist=["_KEYS"])._KEYS.values() for k in ks}
    | {"sales", "player", "actions", "about", "mill", "to", "tile", "mill_space", "port_space"}
)


@st.composite
def action_structure(draw):
    """A random action mapping: real keys with good or bad values, some keys dropped or invented."""
    if draw(st.booleans()):  # well formed, real names: reaches the engine
        from brass_judge.notation import action_to_obj, parse_action

        return action_to_obj(parse_action(draw(real_action_text()), DATA))
    verb = draw(st.sampled_from(VERBS + [None, 3, ["build"]]))
    obj: dict = {}
    if verb is not None or draw(st.booleans()):
        obj["action"] = verb
    good = {
        "industry": st.sampled_from(INDUSTRY_WORDS),
        "location": st.sampled_from(TOWNS),
        "card": st.sampled_from(TOWNS + INDUSTRY_WORDS),
        "cards": st.lists(st.sampled_from(TOWNS), max_size=3),
        "lines": st.lists(st.sampled_from(LINES), max_size=3),
        "industries": st.lists(st.sampled_from(INDUSTRY_WORDS), max_size=3),
        "amount": st.sampled_from([10, 20, 30, "20", 25]),
        "space": st.integers(-1, 4),
        "level": st.integers(-1, 5),
        "sales": st.lists(
            st.fixed_dictionaries(
                {"mill": st.sampled_from(TOWNS), "to": st.sampled_from(PLACES + ["distant"])},
                optional={"tile": st.integers(-1, 6), "mill_space": numbers},
            ),
            max_size=3,
        ),
        "type": st.sampled_from(["canal", "rail", "boat"]),
    }
    for k in draw(st.lists(st.sampled_from(ACTION_KEYS + ["crad", "lnes", ""]), max_size=5, unique=True)):
        obj[k] = draw(good[k]) if k in good and draw(st.booleans()) else draw(yaml_values)
    return obj


@FUZZ
@given(
    st.one_of(
        action_structure(),
        st.lists(action_structure() | notation_text(), max_size=3),
        st.fixed_dictionaries(
            {"actions": st.lists(action_structure(), max_size=3) | action_structure() | notation_text()},
            optional={"player": scalars | yaml_values, "about": scalars},
        ),
        yaml_values,
    ),
    st.sampled_from(SEEDS),
)
def test_fuzz_action_file(obj, seed):
    """Random action-file structures, through YAML text like the CLI reads them: InputError or a Turn."""
    from brass_judge.action_io import load_turn

    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "action.yaml"
        f.write_text(_dump(obj), encoding="utf-8")
        lp = load_position(copy.deepcopy(seed), DATA)
        turn = _outcome("action-file", load_turn, str(f), DATA, players=lp.position.players)
    if turn is not None:
        assert isinstance(turn, Turn)
        if turn.player is not None:
            turn = Turn(turn.actions, None) if turn.player != lp.position.turn else turn
        _judge("action-file", lp, turn)


@FUZZ
@given(odd_position(), st.lists(real_action_text(), min_size=1, max_size=2))
def test_fuzz_engine_odd_positions(pos, actions):
    """Schema-valid but odd positions with well-formed actions: validate lists problems, or check
    returns a Verdict (and legal_actions a list); the engine never raises."""
    from brass_judge.engine import legal_actions
    from brass_judge.engine.validate import validate
    from brass_judge.notation import parse_turn

    lp = _outcome("engine-odd", load_position, _dump(pos), DATA, name="fuzz.yaml")
    if lp is None:
        return
    turn = _outcome("engine-odd-action", parse_turn, "; ".join(actions), DATA)
    if turn is None:
        turn = Turn((_pass(),))
    _judge("engine-odd", lp, turn)
    if not validate(lp, DATA) and COUNTS[("engine-odd", "legal_actions")] < max(10, N // 10):
        COUNTS[("engine-odd", "legal_actions")] += 1
        assert isinstance(legal_actions(lp.position, DATA), list)


# --------------------------------------------------------------------------------- through the CLI
def _cli(*args, cwd):
    env = dict(os.environ, COLUMNS="120")
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        env=env,
    )


@FUZZ_CLI
@given(st.one_of(st.sampled_from(SEEDS), mutated_position(), odd_position()), notation_text(), st.booleans())
def test_fuzz_cli(pos, action, as_json):
    """A smaller number of cases end to end: exit 0, 1 or 2 and never a traceback."""
    COUNTS[("cli", "cases")] += 1
    action = action.replace("\x00", "")  # a command line cannot hold a NUL byte
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "pos.yaml").write_text(_dump(pos), encoding="utf-8")
        args = ["check", "pos.yaml", "--action", action] + (["--format", "json"] if as_json else [])
        r = _cli(*args, cwd=d)
    COUNTS[("cli", f"exit {r.returncode}")] += 1
    assert r.returncode in (0, 1, 2), (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout, r.stderr
    if r.returncode == 2:
        assert "error[INP" in r.stderr
    if as_json:
        import json

        out = json.loads(r.stdout)
        assert ("error" in out) == (r.returncode == 2) or "problems" in out


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    if COUNTS:
        tests = sorted({t for t, _ in COUNTS})
        lines = ["", "fuzz cases (test: cases; outcomes):"]
        for t in tests:
            outs = {k: v for (tt, k), v in COUNTS.items() if tt == t and k != "cases"}
            lines.append(
                f"  {t}: {COUNTS[(t, 'cases')]}; " + ", ".join(f"{k} {v}" for k, v in sorted(outs.items()))
            )
        sys.stdout.write("\n".join(lines) + "\n")
