"""Every bad input gets a clear error and the right exit code; nothing crashes (issue 7).

The corpus is ``tests/bad_inputs/``: one file per case, with what must be said about it in
``tests/bad_inputs/expected.yaml`` (exit code, code, message fragment, line, how many problems in
one run, a suggestion). Every file goes through the CLI as a subprocess (``python -m
brass_judge``), as text and as JSON; position files through ``validate`` and ``check FILE --action
pass``, action files through ``check examples/worked-turn/position.yaml FILE``. The other commands
that read files (``moves``, ``render``, ``replay``, ``lint``) get the same files when they are
installed. Cases that need no committed file (missing files, directories, more than 5 MB, a
document with too many values) are built here, in a temporary folder. See docs/errors.md.

The subprocesses are started together (a thread pool) and their results cached, so the module
takes a few seconds rather than a minute.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
BAD = REPO / "tests" / "bad_inputs"
POSITION = "examples/worked-turn/position.yaml"
EXPECTED: dict = yaml.safe_load((BAD / "expected.yaml").read_text(encoding="utf-8"))
CASES = sorted(EXPECTED)
#: Codes for problems below the schema: the file is not a usable YAML text at all. Every command
#: that reads a file must report these the same way.
YAML_LEVEL = {
    "INP003",
    "INP004",
    "INP005",
    "INP006",
    "INP007",
    "INP008",
    "INP009",
    "INP011",
    "INP012",
    "INP013",
    "INP014",
}


class Run:
    def __init__(self, args: tuple, p: subprocess.CompletedProcess, seconds: float) -> None:
        self.args, self.rc, self.out, self.err, self.seconds = args, p.returncode, p.stdout, p.stderr, seconds

    def __repr__(self) -> str:
        return f"brass-judge {' '.join(self.args)} -> exit {self.rc}\n--- stdout\n{self.out}\n--- stderr\n{self.err}"


@cache
def run(*args: str) -> Run:
    env = dict(os.environ, COLUMNS="200")
    t = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=REPO,
        timeout=60,
        env=env,
    )
    return Run(args, p, time.perf_counter() - t)


@cache
def commands() -> frozenset:
    """The top-level commands installed right now (others land while this is written)."""
    r = run("--help")
    return frozenset(re.findall(r"^\s{2}([a-z][a-z-]+)\s", r.out, flags=re.M))


def _rel(name: str) -> str:
    return f"tests/bad_inputs/{name}"


def main_args(name: str) -> tuple:
    """The run that reads *name* as what it is (position or action file)."""
    if name.startswith("action-"):
        return ("check", POSITION, _rel(name))
    return ("validate", _rel(name))


#: Text mode is checked on a few files (the stderr message is the same in both modes).
TEXT_SAMPLE = {"position-unknown-keys.yaml", "action-unknown-key.yaml", "position-not-yaml.yaml"}
#: One file per YAML-level code for the other file-reading commands.
OTHER_SAMPLE = sorted({EXPECTED[n]["code"]: n for n in CASES if EXPECTED[n]["code"] in YAML_LEVEL}.values())


def planned(name: str) -> list:
    """Every CLI run made for corpus file *name*."""
    exp = EXPECTED[name]
    runs = [main_args(name) + ("--format", "json")]
    if exp["exit"] == 1 or name in TEXT_SAMPLE:
        runs.append(main_args(name))
    if not name.startswith("action-"):
        runs.append(("check", _rel(name), "--action", "pass", "--format", "json"))
    if name in OTHER_SAMPLE:
        for cmd, extra in (("moves", ()), ("render", ("-o", os.devnull)), ("replay", ())):
            if cmd in commands():
                runs.append((cmd, _rel(name), *extra))
    return runs


@pytest.fixture(scope="module", autouse=True)
def _start_all_runs():
    """Run every planned subprocess in parallel once; the tests read the cached results."""
    todo = [a for n in CASES for a in planned(n)]
    if "lint" in commands():
        todo.append(("lint", "tests/bad_inputs", "--format", "json"))
    with ThreadPoolExecutor(max_workers=max(2, min(8, (os.cpu_count() or 2) * 2))) as ex:
        list(ex.map(lambda a: run(*a), todo))
    yield


def assert_clean(r: Run) -> None:
    assert r.rc in (0, 1, 2), r
    assert "Traceback" not in r.out + r.err, r


def assert_located(text: str, name: str, line) -> None:
    """The message names the file, and the line when there is one."""
    assert name in text, text
    if line is not None:
        assert re.search(rf"{re.escape(name)}:{line}\b", text), f"no {name}:{line} in\n{text}"


# ----------------------------------------------------------------------------------- the corpus
def test_expected_lists_every_file():
    files = {p.name for p in BAD.iterdir() if p.name != "expected.yaml"}
    assert files == set(EXPECTED), files ^ set(EXPECTED)
    for name, exp in EXPECTED.items():
        assert exp["exit"] in (1, 2) and re.fullmatch(r"(INP|POS)\d{3}", exp["code"]), name
        assert (exp["exit"] == 2) == exp["code"].startswith("INP"), name
        assert exp["message"], name


@pytest.mark.parametrize("name", CASES)
def test_message(name):
    """Exit code, no traceback, the code, the message fragment, the file and line; every problem
    of the file in one run; the suggestion. (stderr is the same with and without --format json.)"""
    exp = EXPECTED[name]
    r = run(*main_args(name), "--format", "json")
    assert_clean(r)
    assert r.rc == exp["exit"], r
    if exp["exit"] == 2:
        first = r.err.splitlines()[0]
        assert first.startswith(f"error[{exp['code']}]: "), r
        assert exp["message"] in r.err, r
        assert_located(first, _rel(name), exp["line"])
        if exp.get("count"):
            assert r.err.count("error[INP") >= exp["count"], r
        if exp.get("suggest"):
            assert re.search(r"Did you mean: [^\n]*" + re.escape(exp["suggest"]), r.err), r
    else:
        t = run(*main_args(name))
        assert_clean(t)
        assert t.rc == 1 and not t.err.strip(), t
        assert f"{_rel(name)}:{exp['line']}: {exp['code']}" in t.out, t
        assert exp["message"] in " ".join(t.out.split()), t
        assert "impossible position" in t.out, t
        if exp.get("count"):
            assert len(re.findall(r": POS\d{3} ", t.out)) >= exp["count"], t


@pytest.mark.parametrize("name", sorted(TEXT_SAMPLE))
def test_text_mode_writes_only_to_stderr(name):
    r = run(*main_args(name))
    assert_clean(r)
    assert r.rc == 2 and not r.out.strip() and r.err.startswith(f"error[{EXPECTED[name]['code']}]"), r
    assert r.err == run(*main_args(name), "--format", "json").err


@pytest.mark.parametrize("name", CASES)
def test_json_error_object(name):
    """--format json: stdout is JSON with an 'error' object (exit 2) or the problems (exit 1)."""
    exp = EXPECTED[name]
    r = run(*main_args(name), "--format", "json")
    assert_clean(r)
    assert r.rc == exp["exit"], r
    out = json.loads(r.out)
    if exp["exit"] == 2:
        err = out["error"]
        for key in ("code", "message", "file", "line", "column", "field", "suggestions"):
            assert key in err, err  # the documented contract, also when there are several problems
        assert err["code"] == exp["code"] and exp["message"] in err["message"], err
        assert err["file"] == _rel(name) and err["line"] == exp["line"], err
        if exp.get("count", 1) > 1:
            assert len(err["errors"]) >= exp["count"] and err["errors"][0]["code"] == exp["code"], err
            assert all(e["file"] == _rel(name) and e["line"] for e in err["errors"]), err
        if exp.get("suggest"):
            assert exp["suggest"] in err["suggestions"] or any(
                exp["suggest"] in e["suggestions"] for e in err.get("errors", [])
            ), err
    else:
        assert out["valid"] is False and out["problems"][0]["code"] == exp["code"], out
        assert out["problems"][0]["line"] == exp["line"], out


@pytest.mark.parametrize("name", [n for n in CASES if not n.startswith("action-")])
def test_check_refuses_bad_positions_too(name):
    """`check POS --action pass` says the same as `validate POS` (and judges nothing)."""
    exp = EXPECTED[name]
    r = run("check", _rel(name), "--action", "pass", "--format", "json")
    assert_clean(r)
    assert r.rc == exp["exit"], r
    out = json.loads(r.out)
    if exp["exit"] == 2:
        assert r.err.startswith(f"error[{exp['code']}]") and out["error"]["code"] == exp["code"], r
    else:
        assert out["valid"] is False and out["problems"][0]["code"] == exp["code"], r


@pytest.mark.parametrize("name", OTHER_SAMPLE)
def test_other_commands(name):
    """moves, render and replay read files too: exit 2, the same code, the file, no traceback."""
    exp = EXPECTED[name]
    others = [a for a in planned(name) if a[0] in ("moves", "render", "replay")]
    if not others:
        pytest.skip("no other file-reading command installed")
    for args in others:
        r = run(*args)
        assert_clean(r)
        assert r.rc == 2 and f"error[{exp['code']}]" in r.err and _rel(name) in r.err, r


def test_lint_reports_the_unusable_files():
    if "lint" not in commands():
        pytest.skip("lint is not installed")
    r = run("lint", "tests/bad_inputs", "--format", "json")
    assert_clean(r)
    assert r.rc == 2, r
    by_file = {f["file"]: [x["code"] for x in f["findings"]] for f in json.loads(r.out)["files"]}
    for name in CASES:
        if EXPECTED[name]["code"] in YAML_LEVEL:
            assert EXPECTED[name]["code"] in by_file.get(_rel(name), []), (name, by_file.get(_rel(name)))


# ----------------------------------------------------------------------- cases built on the fly
def test_missing_files_and_directories(tmp_path):
    missing = str(tmp_path / "nope.yaml")
    for args, what in [
        (("validate", missing), "position file not found"),
        (("check", missing, "--action", "pass"), "position file not found"),
        (("validate", str(tmp_path)), "is a directory"),
        (("check", POSITION, missing), "action file not found"),
        (("check", POSITION, str(tmp_path)), "is a directory"),
    ]:
        r = run(*args)
        assert_clean(r)
        assert r.rc == 2 and "error[INP001]" in r.err and what in r.err, r
        j = run(*args, "--format", "json")
        assert j.rc == 2 and json.loads(j.out)["error"]["code"] == "INP001", j


@pytest.mark.parametrize(
    "args",
    [
        ("check", POSITION, "--action", "pass card=bolton", "--render", "{missing}/x.svg"),
        ("check", POSITION, "--action", "pass card=bolton", "--apply", "--out", "{missing}/x.yaml"),
        ("check", POSITION, "--action", "pass card=bolton", "--apply", "--out", "{dir}"),
        ("render", POSITION, "-o", "{missing}/x.svg"),
        ("selfplay", "-o", "{missing}/x.yaml"),
    ],
)
def test_unwritable_output_is_an_input_error(tmp_path, args):
    """Regression: `check --render/--out` to a path that cannot be written crashed (OSError)."""
    if args[0] not in commands():
        pytest.skip(f"{args[0]} is not installed")
    args = tuple(a.format(missing=tmp_path / "no" / "such", dir=tmp_path) for a in args)
    r = run(*args)
    assert_clean(r)
    assert r.rc == 2 and "error[INP061]" in r.err and "cannot write" in r.err, r


def test_command_line_problems():
    cases = [
        (("check", POSITION), "INP021", "exactly one"),
        (("check", POSITION, _rel("action-number.yaml"), "--action", "pass"), "INP021", "exactly one"),
        (("check", POSITION, "--action", ""), "INP020", "no action given"),
        (("check", POSITION, "--action", "bild cotton@bolton"), "INP020", "unknown action 'bild'"),
        (("check", POSITION, "--action", "pass card=joker"), "INP010", "unknown card 'joker'"),
        (
            ("check", POSITION, "--action", "pass card=bolton", "--player", "zed"),
            "INP010",
            "unknown player 'zed'",
        ),
        (("check", POSITION, "--action", "build cotton@bolton space=-1 card=bolton"), "INP020", "0 or more"),
    ]
    for args, code, msg in cases:
        r = run(*args)
        assert_clean(r)
        assert r.rc == 2 and f"error[{code}]" in r.err and msg in r.err, r
        assert "--action" in r.err or "--player" in r.err or "exactly one" in r.err, r


def test_file_over_5_mb_is_refused_quickly(tmp_path):
    from brass_judge.yamlio import MAX_BYTES

    f = tmp_path / "huge.yaml"
    f.write_text("players: [red, blue]\nabout: '" + "x" * (MAX_BYTES + 10) + "'\n", encoding="utf-8")
    for args in [("validate", str(f)), ("check", str(f), "--action", "pass", "--format", "json")]:
        t = time.perf_counter()
        r = run(*args)
        assert time.perf_counter() - t < 2.0, f"took {time.perf_counter() - t:.2f}s"
        assert_clean(r)
        assert r.rc == 2 and "INP002" in r.err and "limit is 5,242,880 bytes" in r.err, r


def test_many_values_under_5_mb_refused_quickly(tmp_path):
    """Regression: a 5 MB flat list used to be composed in full first (~10 s, ~800 MB)."""
    f = tmp_path / "flat.yaml"
    f.write_text("players: [" + "1," * 2_400_000 + "]\n", encoding="utf-8")
    assert f.stat().st_size < 5 * 1024 * 1024
    t = time.perf_counter()
    r = run("validate", str(f))
    assert time.perf_counter() - t < 2.0, f"took {time.perf_counter() - t:.2f}s"
    assert_clean(r)
    assert r.rc == 2 and "error[INP008]" in r.err and "more than 100,000 values" in r.err, r
    assert re.search(r"flat\.yaml:1:\d+", r.err), r


def test_alias_bomb_quick_and_bounded():
    """In-process: the bomb is refused in well under a second, without building its values."""
    import tracemalloc

    from brass_judge.errors import InputError
    from brass_judge.position_io import load_position

    tracemalloc.start()
    t = time.perf_counter()
    with pytest.raises(InputError) as e:
        load_position(BAD / "position-alias-bomb.yaml")
    took = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert e.value.code == "INP008" and took < 1.0 and peak < 50 * 1024 * 1024, (took, peak)
    assert run("validate", _rel("position-alias-bomb.yaml")).seconds < 2.0


def test_nothing_constructed_from_tags(tmp_path):
    """A tag that would run a command with an unsafe loader runs nothing."""
    marker = tmp_path / "owned"
    f = tmp_path / "evil.yaml"
    f.write_text(
        f"players: [red, blue]\nabout: !!python/object/apply:os.system ['touch {marker}']\n", encoding="utf-8"
    )
    r = run("validate", str(f))
    assert r.rc == 2 and "INP009" in r.err and not marker.exists(), r


# ------------------------------------------------------------------------------ API regressions
def test_api_lone_surrogate_is_an_input_error():
    """Found by test_fuzz: a str with a lone surrogate crashed the C parser (UnicodeEncodeError)."""
    from brass_judge.errors import InputError
    from brass_judge.position_io import load_position

    with pytest.raises(InputError) as e:
        load_position("players: [red, blue]\nabout: '\ud800'\n")
    assert e.value.code == "INP003" and e.value.line == 2


def test_api_errors_render_and_serialise():
    from brass_judge.errors import InputError, InputErrors

    e = InputErrors(
        [
            InputError("a", file="f", line=1, code="INP031", suggestions=["x"]),
            InputError("b", file="f", line=2, code="INP033"),
        ]
    )
    d = e.to_dict()
    assert d["code"] == "INP031" and d["line"] == 1 and len(d["errors"]) == 2
    assert e.render().splitlines() == ["error[INP031]: f:1: a. Did you mean: x?", "error[INP033]: f:2: b"]


def test_turn_string_under_actions_reads_both_actions(tmp_path):
    """Regression: `actions: "a; b"` (no list) used to be read as one action named 'a;'."""
    from brass_judge.action_io import load_turn
    from brass_judge.data import game_data

    f = tmp_path / "turn.yaml"
    f.write_text(
        "player: green\nactions: 'network manchester-warrington card=coal_mine; pass card=preston'\n",
        encoding="utf-8",
    )
    turn = load_turn(str(f), game_data(), players=["blue", "green", "red"])
    assert [a.kind for a in turn.actions] == ["network", "pass"] and turn.player == "green"


def test_action_schema_accepts_the_examples():
    """schemas/action.schema.json agrees with the reader on the forms it documents."""
    from brass_judge.schema_check import schema_errors
    from brass_judge.yamlio import load_file, load_string

    assert schema_errors(load_file(REPO / "examples" / "worked-turn" / "turn.yaml"), "action") == []
    for text in [
        "pass card=bolton",
        "{action: loan, amount: 20, card: colne}",
        "[network bolton-bury card=oldham, {action: pass}]",
        "{player: red, about: x, actions: 'loan 10; pass'}",
        "{action: sell, card: wigan, sales: [{mill: bolton, to: distant, tile: 2}]}",
        "{action: build, industry: port, location: liverpool, cards: [bolton, wigan], space: '1'}",
    ]:
        assert schema_errors(load_string(text + "\n"), "action") == [], text
    for name in CASES:
        if name.startswith("action-") and EXPECTED[name]["code"] not in YAML_LEVEL | {"INP010"}:
            try:
                doc = load_file(BAD / name)
            except Exception:
                continue
            if name not in (
                "action-bad-notation.yaml",
                "action-dcm-tile-range.yaml",
                "action-negative-space.yaml",
                "action-turn-notation-bad-second.yaml",
                "action-two-cards-not-build.yaml",
                "action-null-actions.yaml",
            ):
                assert schema_errors(doc, "action"), f"the schema accepts {name}"


@pytest.mark.parametrize("loader", ["C", "pure"])
@pytest.mark.parametrize(
    "text, line, column, message",
    [
        (
            "players:\n\t- red\n\t- blue\n",
            2,
            1,
            "a tab is used for indentation on line 2; YAML indents with spaces",
        ),
        ("players:\n  red: {}\n\tblue: {}\n", 3, 1, "a tab is used for indentation on line 3"),
        ("players:\n  -\tred\n", 2, 4, "a tab at line 2, column 4 where YAML does not allow one"),
        (
            "players: [red, blue]\nabout: 'never\nera: canal\n",
            2,
            8,
            "this quoted text is never closed (the file ends first)",
        ),
        (
            'players: [red, blue]\nabout: "never\n',
            2,
            8,
            "this quoted text is never closed (the file ends first)",
        ),
        (
            "era: canal\nplayers: [red, blue\n\n# the end\n",
            2,
            10,
            "this '[' list is never closed with ']' (the file ends first)",
        ),
        (
            "players: {red: {}, blue: {}\n",
            1,
            10,
            "this '{' mapping is never closed with '}' (the file ends first)",
        ),
        ("order: [red, blue\nplayers:\n  red: {}\n", 1, 8, "this '[' list is not closed before line 2"),
        # the other messages stay PyYAML's, where the parser stopped
        ('players: ["red" "blue"]\n', 1, None, "not valid YAML: "),
        ('about: "bad \\q escape"\n', 1, None, "escape"),
    ],
)
def test_yaml_errors_point_at_the_cause(monkeypatch, loader, text, line, column, message):
    """A tab, an unclosed quote or bracket: said plainly, at the line that causes it (not at the
    end of the file), with libyaml and with PyYAML's pure-Python parser alike."""
    import yaml as pyyaml

    from brass_judge import yamlio
    from brass_judge.errors import InputError

    if loader == "pure":
        monkeypatch.setattr(yamlio, "_loader_classes", lambda: (pyyaml, pyyaml.SafeLoader))
    with pytest.raises(InputError) as e:
        yamlio.load_string(text, "F")
    err = e.value
    assert err.code == "INP007" and err.message.startswith("not valid YAML: "), err.render()
    assert message in err.message and err.line == line, err.render()
    if column is not None:
        assert err.column == column, err.render()
