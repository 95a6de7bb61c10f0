"""Command-line usage errors (bad option value or choice, unknown option or command, missing
argument) honour ``--format json``: exit 2, click's usage message on stderr as always, and the JSON
contract's ``{"error": {...}}`` object (code INP077) on stdout. Without JSON asked, the output is
click's alone. Also: ``render`` takes ``--out`` like every other command that writes a file.

Everything runs the CLI as a subprocess (``python -m brass_judge``, and the ``brass-judge``
console script where it is installed next to the interpreter).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, run_cli

POS = str(EXAMPLES / "worked-turn" / "position.yaml")
MIDGAME = str(EXAMPLES / "render" / "midgame.yaml")
ERROR_KEYS = {"code", "message", "file", "line", "column", "field", "suggestions"}


def _json_error(r) -> dict:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    try:
        doc = json.loads(r.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"stdout is not JSON:\nstdout={r.stdout!r}\nstderr={r.stderr}")
    assert set(doc) == {"error"}
    err = doc["error"]
    assert ERROR_KEYS <= set(err)
    assert err["code"] == "INP077"
    assert err["message"] and err["message"] in r.stderr  # the same words as the human message
    assert "Error:" in r.stderr  # click's message is still shown
    return err


# The audit's command lines, and one of each kind of usage error, with the field expected.
CASES = [
    (("replay", "g.yaml", "--at", "abc"), "--at", []),
    (("check", POS, "--action", "pass", "--player", "green", "--era", "x"), "--era", None),
    (("check",), "POSITION", []),
    (("check", POS, "--bogus"), "--bogus", None),
    (("data", "lines", "--era", "road"), "--era", ["canal", "rail"]),
    (("rulings", "search", "coal", "--limit", "0"), "--limit", []),  # the fast path hands it to typer
    (("rulings", "show"), "ID", []),
    (("lint",), "PATHS", []),
]


@pytest.mark.parametrize("args,field,suggestions", CASES, ids=[" ".join(c[0][:3]) for c in CASES])
def test_usage_error_with_json_prints_the_error_object(args, field, suggestions):
    r = run_cli(*args, "--format", "json")
    err = _json_error(r)
    assert err["field"] == field, err
    if suggestions is not None:
        assert err["suggestions"] == suggestions, err
    assert err["file"] is None and err["line"] is None


def test_option_without_its_value():
    err = _json_error(run_cli("check", POS, "-f", "json", "--action"))
    assert err["field"] == "--action" and "requires an argument" in err["message"]


def test_missing_argument_names_it():
    err = _json_error(run_cli("check", "--format", "json"))
    assert err["field"] == "POSITION"
    assert err["message"] == "Missing argument 'position'."


@pytest.mark.parametrize(
    "spelling",
    [
        ("--format", "json"),
        ("--format=json"),
        ("-f", "json"),
        ("-fjson",),
        ("--format", "JSON"),
        ("-f", "text", "-f", "json"),
    ],
    ids=str,
)
def test_every_spelling_of_json_counts(spelling):
    spelling = (spelling,) if isinstance(spelling, str) else spelling
    err = _json_error(run_cli("check", POS, "--bogus", *spelling))
    assert err["field"] == "--bogus"


def test_json_before_the_bad_option_counts_too():
    err = _json_error(run_cli("replay", "--format", "json", "g.yaml", "--at", "abc"))
    assert err["field"] == "--at"
    assert "abc" in err["message"]


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "g.yaml", "--at", "abc"),
        ("check", "pos.yaml", "--action", "pass", "--format", "xml"),
        ("check",),
        ("check", POS, "--bogus"),
        ("data", "lines", "--era", "road", "--format", "text"),
        ("chek", "--format", "text"),
    ],
)
def test_without_json_only_clicks_message(args):
    r = run_cli(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith("Usage: brass-judge") and "Error:" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "g.yaml", "--at", "abc"),
        ("check",),
        ("check", POS, "--bogus"),
        ("data", "lines", "--era", "road"),
    ],
)
def test_json_does_not_change_the_human_message(args):
    plain = run_cli(*args)
    with_json = run_cli(*args, "--format", "json")
    assert with_json.returncode == plain.returncode == 2
    assert with_json.stderr == plain.stderr
    assert plain.stdout == "" and json.loads(with_json.stdout)["error"]["code"] == "INP077"


def test_bad_format_choice_is_not_json():
    """'--format xml' does not ask for JSON: click's message only."""
    r = run_cli("check", POS, "--action", "pass", "--format", "xml")
    assert r.returncode == 2 and r.stdout == ""
    assert "'xml' is not one of" in r.stderr


def test_unknown_command_suggests_the_close_ones():
    err = _json_error(run_cli("chek", POS, "--format", "json"))
    assert err["field"] == "COMMAND" and "check" in err["suggestions"]
    err = _json_error(run_cli("data", "mapp", "--format", "json"))
    assert err["field"] == "COMMAND" and "map" in err["suggestions"]


def test_input_errors_keep_their_own_codes():
    """Not a usage error: a missing file is still INP001, printed once."""
    r = run_cli("check", "nope.yaml", "--action", "pass", "--format", "json")
    assert r.returncode == 2
    assert json.loads(r.stdout)["error"]["code"] == "INP001"


@pytest.mark.parametrize(
    "args",
    [
        ("--help",),
        ("check", "--help"),
        ("check", "--help", "-f", "json"),
        ("data", "map", "--help"),
        ("--version",),
    ],
)
def test_help_and_version_still_exit_0(args):
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    assert r.stdout and "error" not in r.stdout.lower().split("\n")[0]
    assert "INP077" not in r.stdout


def test_good_json_commands_are_untouched():
    r = run_cli("check", POS, "--action", "pass", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["verdict"] == "legal"
    r = run_cli("rulings", "show", "Q001", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["id"] == "Q001"


def _console_script() -> Path | None:
    p = Path(sys.executable).parent / "brass-judge"
    return p if p.exists() else None


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "g.yaml", "--at", "abc", "--format", "json"),
        ("check", "--format", "json"),
        ("check", POS, "--bogus", "-f", "json"),
        ("rulings", "search", "coal", "--limit", "0", "--format=json"),
        ("check", POS, "--bogus"),
    ],
)
def test_console_script_and_python_m_agree(args):
    script = _console_script()
    if script is None:
        pytest.skip("no brass-judge console script next to the interpreter")
    env = dict(os.environ, COLUMNS="120")
    a = subprocess.run([str(script), *args], capture_output=True, text=True, cwd=REPO, env=env, timeout=60)
    b = run_cli(*args)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    assert a.returncode == 2


def test_errors_md_documents_the_code():
    text = (REPO / "docs" / "errors.md").read_text(encoding="utf-8")
    assert "| INP077 |" in text


# ----- render --out -----------------------------------------------------------------------------
def test_render_accepts_out_output_and_o(tmp_path):
    outs = {}
    for spelling in ("--out", "--output", "-o"):
        target = tmp_path / f"{spelling.strip('-')}.svg"
        r = run_cli("render", MIDGAME, spelling, str(target))
        assert r.returncode == 0, r.stderr
        outs[spelling] = target.read_text(encoding="utf-8")
    assert outs["--out"].startswith("<?xml") and "</svg>" in outs["--out"]
    assert outs["--out"] == outs["--output"] == outs["-o"]


def test_render_out_to_stdout_and_help():
    r = run_cli("render", MIDGAME, "--out=-")
    assert r.returncode == 0 and r.stdout.startswith("<?xml")
    h = run_cli("render", "--help")
    assert h.returncode == 0
    assert "--out" in h.stdout and "--output" in h.stdout and "-o" in h.stdout


def test_render_without_out_names_the_option():
    r = run_cli("render", MIDGAME)
    assert r.returncode == 2 and "--out" in r.stderr
    err = _json_error(run_cli("render", MIDGAME, "-f", "json"))
    assert err["field"] == "-f"  # render has no --format: the option itself is the error
