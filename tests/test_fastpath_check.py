"""The start-up fast path of ``brass-judge check`` and ``brass-judge validate``
(brass_judge/_fastcheck.py, issue 20) prints, byte for byte, what the typer commands
(brass_judge/cli_check.py) print, with the same exit codes.

Both paths run in-process on the same command lines: the fast one through ``__main__.main`` (and
``_fastcheck.run`` alone, to see that it really served the command) and the typer one through
``cli.run``. Command lines: every shipped example position (validate, and check with its action
files and with one-line actions), and every rules fixture under tests/rules/ (its position
written to a file, its action given with ``--action`` or as a file), in text and JSON, with and
without ``--explain``. No timing here (benchmarks/bench.py measures start-up).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from brass_judge import __main__ as entry
from brass_judge import _fastcheck, cli

REPO = Path(__file__).resolve().parent.parent
EX = REPO / "examples"


@pytest.fixture(autouse=True)
def _plain_console(monkeypatch):
    """Both paths write to a pipe of a known width."""
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "BRASS_JUDGE_NO_FASTPATH"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


def _capture(fn, *args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = fn(*args)
    return code, out.getvalue(), err.getvalue()


def compare(args: list) -> bool:
    """Both paths agree on *args*; True when the fast path served it itself."""
    served = _capture(_fastcheck.run, args[0], list(args[1:]))
    via_main = _capture(entry.main, list(args))
    typer_path = _capture(cli.run, list(args))
    assert via_main == typer_path, args
    if served[0] is None:
        assert served[1:] == ("", ""), args  # nothing written before handing over
        return False
    assert served == typer_path, args
    return True


def _example_positions() -> list:
    out = []
    for p in sorted(EX.rglob("*.yaml")):
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "players" in data and "turns" not in data:
            out.append(p)
    return out


EXAMPLE_POSITIONS = _example_positions()


ACTIONS = [
    "build iron@preston card=preston",
    "network manchester-warrington card=coal_mine",
    "loan 30 card=wigan",
    "pass card=bury",
    "develop coal card=x; pass card=y",
    "sell manchester>warrington burnley>distant:2 card=preston",
]


def test_examples_exist():
    assert len(EXAMPLE_POSITIONS) >= 10
    assert EX / "worked-turn" / "position.yaml" in EXAMPLE_POSITIONS


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_validate_every_example(fmt):
    served = sum(compare(["validate", str(p), "--format", fmt]) for p in EXAMPLE_POSITIONS)
    assert served == len(EXAMPLE_POSITIONS)


#: actions in Birmingham's notation for its example positions
BIRMINGHAM_ACTIONS = [
    "build coal_mine@cannock card=cannock",
    "network cannock-walsall card=stafford",
    "loan card=stafford",
    "pass card=stafford",
    "develop coal_mine card=x; pass card=y",
    "sell stoke-on-trent>warrington:merchant card=stafford",
    "scout cards=stafford,cannock,walsall",
]


def _game(p) -> str:
    data = yaml.safe_load(p.read_text(encoding="utf-8"))
    return str(data.get("game") or "lancashire")


@pytest.mark.parametrize("game, actions", [("lancashire", ACTIONS), ("birmingham", BIRMINGHAM_ACTIONS)])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_check_every_example(fmt, game, actions):
    served = 0
    positions = [p for p in EXAMPLE_POSITIONS if _game(p) == game]
    assert len(positions) >= 10
    for p in positions:
        for action in actions:
            served += compare(["check", str(p), "--action", action, "-f", fmt])
        served += compare(["check", str(p), "-a", actions[0], "--explain", "--format", fmt])
    assert served > len(positions) * 3  # most are served (a bad action goes to typer)


def test_worked_turn_command_lines():
    pos, turn = str(EX / "worked-turn" / "position.yaml"), str(EX / "worked-turn" / "turn.yaml")
    lines = [
        ["check", pos, turn],
        ["check", pos, turn, "--explain"],
        ["check", pos, turn, "-f", "json"],
        ["check", pos, turn, "--format=JSON", "--explain"],
        ["check", "--explain", pos, turn],
        ["check", pos, turn, "--player", "green"],
        ["check", pos, turn, "-p", "GREEN"],
        ["check", pos, "--action", "pass card=bury", "-p", "green"],
        ["check", pos, "-apass card=bury"],
        ["check", pos, "--", turn],
        ["validate", pos],
        ["validate", pos, "-fjson"],
        ["validate", "./" + os.path.relpath(pos, REPO)],
    ]
    for args in lines:
        assert compare(args), args


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["validate"],
        ["check", "--help"],
        ["validate", "--help"],
        ["check", "examples/worked-turn/position.yaml"],  # no action
        [
            "check",
            "examples/worked-turn/position.yaml",
            "examples/worked-turn/turn.yaml",
            "--action",
            "pass card=x",
        ],
        [
            "check",
            "examples/worked-turn/position.yaml",
            "-a",
            "pass card=bury",
            "--apply",
            "--out",
            "{tmp}/x.yaml",
        ],
        ["check", "examples/worked-turn/position.yaml", "-a", "pass card=bury", "--render", "{tmp}/x.svg"],
        ["check", "examples/worked-turn/position.yaml", "-a", "pass card=bury", "-p", "nobody"],
        ["check", "examples/worked-turn/position.yaml", "-a", "build nothing@nowhere card=x"],
        ["check", "examples/worked-turn/position.yaml", "-a", "pass card=bury", "--format", "yaml"],
        ["check", "examples/worked-turn/position.yaml", "-a", "pass card=bury", "--bogus"],
        ["validate", "no-such-file.yaml"],
        ["validate", "no-such-file.yaml", "--format", "json"],
        ["validate", "examples/games/4p-full.yaml"],
        ["validate", "a.yaml", "b.yaml"],
        ["validate", "tests/bad_inputs/position-bad-enum.yaml", "-f", "json"],
    ],
)
def test_other_command_lines_agree(args, monkeypatch, tmp_path):
    monkeypatch.chdir(REPO)
    compare([a.replace("{tmp}", str(tmp_path)) for a in args])


def test_standard_input_is_left_to_typer():
    assert _fastcheck.parse("validate", ["-"]) is None
    assert _fastcheck.parse("check", ["-", "--action", "pass card=x"]) is None
    assert _fastcheck.parse("check", ["p.yaml", "--action", "pass card=x"]) is not None


def _fixtures() -> list:
    return sorted((REPO / "tests" / "rules").rglob("*.yaml")) + sorted(
        (REPO / "tests" / "birmingham" / "rules").rglob("*.yaml")
    )


def test_every_rules_fixture(tmp_path):
    """Every rules fixture's position and action through both paths: legal and illegal
    verdicts, impossible positions, DCM outcomes, assumptions, --explain."""
    served = total = 0
    for i, f in enumerate(_fixtures()):
        fx = yaml.safe_load(f.read_text(encoding="utf-8"))
        if fx.get("override"):
            continue  # changed in memory by tests/test_rules.py: not a file's position
        pos = tmp_path / f"{f.stem}.yaml"
        pos.write_text(yaml.safe_dump(fx["position"], sort_keys=False), encoding="utf-8")
        runs = [["validate", str(pos)], ["validate", str(pos), "-f", "json"]]
        action = fx.get("action")
        if isinstance(action, str):
            runs += [
                ["check", str(pos), "--action", action],
                ["check", str(pos), "--action", action, "--format", "json", "--explain"],
            ]
            if i % 3 == 0:
                runs.append(["check", str(pos), "--action", action, "--explain"])
        elif action is not None:
            act = tmp_path / f"{f.stem}.action.yaml"
            act.write_text(yaml.safe_dump(action, sort_keys=False), encoding="utf-8")
            runs += [["check", str(pos), str(act)], ["check", str(pos), str(act), "-f", "json"]]
        for args in runs:
            total += 1
            served += compare(args)
    assert total > 400 and served > total * 0.8, (served, total)


def test_plain_console_refuses_what_rich_would_change():
    con = _fastcheck.PlainConsole()
    con.print("plain • text £3 → 4")
    con.print(_fastcheck.PlainText("a ").append("b", style="bold"))
    assert con.getvalue() == "plain • text £3 → 4\na b\n"
    for bad in [
        "[bold]x[/bold]",
        "a :smile: b",
        "tab\there",
        "trailing ",
        "cr\r",
        _fastcheck.PlainText("x\ty"),
    ]:
        with pytest.raises(_fastcheck.NotPlain):
            _fastcheck.PlainConsole().print(bad)
    with pytest.raises(_fastcheck.NotPlain):
        _fastcheck.PlainConsole().print("x", style="red")


def test_text_rich_would_change_is_printed_by_rich():
    """A string with markup or an emoji code (which rich interprets when printing a string) is
    printed by rich; the same characters in a Text (which rich prints as they are) stay on the
    plain path. Either way the output is rich's."""
    from types import SimpleNamespace

    from rich.console import Console

    from brass_judge.report import findings_text

    def rich_out(render) -> str:
        buf = io.StringIO()
        render(Console(file=buf, highlight=False, soft_wrap=True))
        return buf.getvalue()

    strings = lambda con: (con.print("  • a [bold]b[/bold] :smile: c"), con.print("x"))  # noqa: E731
    text = _fastcheck._text(strings)
    assert callable(text)
    assert _capture(text)[1] == rich_out(strings) == "  • a b 😄 c\nx\n"
    problems = [
        SimpleNamespace(line=3, code="POS001", message="[bold]x[/bold] :smile: [red]", rulings=["Q001"]),
        SimpleNamespace(line=None, code="POS002", message="plain", rulings=[]),
    ]
    findings = lambda con: findings_text("f.yaml", problems, console=con)  # noqa: E731
    assert _fastcheck._text(findings) == rich_out(findings)


def _run(args, **env):
    e = dict(os.environ, **env)
    e.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=e,
        timeout=120,
    )


def test_fast_path_imports_neither_typer_nor_rich_nor_jsonschema():
    code = (
        "import sys; from brass_judge.__main__ import main; "
        "c = main(['check', 'examples/worked-turn/position.yaml', 'examples/worked-turn/turn.yaml']); "
        "main(['validate', 'examples/worked-turn/position.yaml', '-f', 'json']); "
        "print(c, sorted(m for m in ('typer', 'rich', 'jsonschema') if m in sys.modules), file=sys.stderr)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.stderr.strip().splitlines()[-1] == "0 []", r.stderr


def test_process_exit_codes_and_output_as_a_program():
    """Run as the program, it ends itself after flushing (os._exit): the output and the exit
    codes are those of the typer path and of the usual exit."""
    pos, turn = "examples/worked-turn/position.yaml", "examples/worked-turn/turn.yaml"
    for args, want in [
        (["check", pos, turn], 0),
        (["check", pos, "-a", "build iron@preston card=preston"], 1),
        (["validate", "no-such.yaml"], 2),
        (["check", pos, "-a", "pass card=bury", "-p", "x"], 2),
        (["rulings", "show", "Q080"], 0),
        (["rulings", "show", "Q999"], 2),
        (["--version"], 0),
        (["replay", "examples/games/2p-full.yaml"], 0),
        (["lint", "examples/games", "--jobs", "2"], 1),
        (["lint", "examples/", "--format", "json"], 1),
        (["check"], 2),
    ]:
        fast = _run(args)
        slow = _run(args, BRASS_JUDGE_NO_FASTPATH="1", BRASS_JUDGE_NO_FAST_EXIT="1")
        assert fast.returncode == want == slow.returncode, (args, fast.stderr)
        assert (fast.stdout, fast.stderr) == (slow.stdout, slow.stderr), args
