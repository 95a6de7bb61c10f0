"""Issue 13, re-audited on the merged code (docs/audit.md, "Input/output audit"): the options and
commands written after the hardening (lint --format junit/gitlab/json-lines, --output-file,
--statistics; replay --annotate/--round-ends; check --as/--shortfall/--dcm-sequences; selfplay
--variant/--facts; completion) and the check/validate fast path meet every class of the issue.

All through the program as a user runs it (``python -m brass_judge``, which takes the fast path for
check and validate), with the fast path's answers compared to the typer path's
(``BRASS_JUDGE_NO_FASTPATH=1``). Deterministic: fixed inputs, no timing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO

POS = EXAMPLES / "worked-turn" / "position.yaml"
TURN = EXAMPLES / "worked-turn" / "turn.yaml"
GAME = EXAMPLES / "games" / "opening-2p.yaml"
HOSTILE = "\x1b[2J\n::error file=x::pwn\r"


def sub(*args, env=None, stdout=subprocess.PIPE, cwd=None):
    e = dict(os.environ, COLUMNS="120")
    e.update(env or {})
    p = subprocess.run(
        [sys.executable, "-m", "brass_judge", *map(str, args)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=120,
        env=e,
        cwd=cwd or REPO,
    )
    out = (p.stdout or b"").decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out + err, err
    return p.returncode, out, err


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def clean(text: str, github: bool = False) -> None:
    """No raw escape, no line that GitHub Actions would run as a workflow command (in the github
    format only the tool's own annotations, with the user's text percent-encoded)."""
    assert "\x1b" not in text
    for line in text.splitlines():
        if line.startswith("::"):
            assert github and line.startswith(("::error file=", "::warning file=", "::notice file=")), line


@pytest.fixture
def folder(tmp_path):
    """A lint folder with one of everything the issue lists: a crashing file, a near-miss key, a
    FIFO, a dangling link, a symlink loop, and a hostile file name."""
    d = tmp_path / "logs"
    d.mkdir()
    (d / "ok.yaml").write_text(POS.read_text())
    (d / "crash.yaml").write_text(POS.read_text().replace("money: 14", "money: !!bool maybe"))
    (d / "near.yaml").write_text(GAME.read_text().replace("turns:", "Turns:"))
    os.mkfifo(d / "pipe.yaml")
    (d / "dangling.yaml").symlink_to(d / "gone.yaml")
    (d / "sub").mkdir()
    (d / "sub" / "loop").symlink_to(d)
    (d / "e\x1b[31m::error::x.yaml").write_text(POS.read_text().replace("money: 14", "money: -1"))
    return d


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit", "gitlab", "json-lines"])
def test_lint_folder_reports_every_problem_in_every_format(folder, fmt):
    code, out, err = sub("lint", folder, "-f", fmt)
    assert code == 2, (out, err)
    for name in ("crash.yaml", "near.yaml", "pipe.yaml", "dangling.yaml"):
        assert name in out + err, (name, out, err)
    clean(out + err, github=fmt == "github")
    if fmt in ("json", "sarif", "gitlab"):
        json.loads(out)
    if fmt == "json-lines":
        for line in out.splitlines():
            json.loads(line)


def test_lint_statistics_and_output_file_keep_every_problem(folder, tmp_path):
    code, out, err = sub("lint", folder, "--statistics")
    assert code == 2 and out.strip(), (out, err)
    clean(out + err)
    report = tmp_path / "report.xml"
    code, out, err = sub("lint", folder, "-f", "junit", "--output-file", report)
    assert code == 2
    text = report.read_text()
    for name in ("crash.yaml", "near.yaml", "pipe.yaml", "dangling.yaml"):
        assert name in text + err
    import xml.etree.ElementTree as ET

    ET.fromstring(text)


@pytest.mark.parametrize("how", ["same", "hardlink", "symlink"])
def test_new_writers_never_write_over_an_input(tmp_path, how):
    game = tmp_path / "game.yaml"
    game.write_text(GAME.read_text())
    target = {"same": game, "hardlink": tmp_path / "h.yaml", "symlink": tmp_path / "s.yaml"}[how]
    if how == "hardlink":
        os.link(game, target)
    elif how == "symlink":
        target.symlink_to(game)
    before = digest(game)
    for args in (
        ("replay", game, "--annotate", target),
        ("lint", game, "--output-file", target),
        ("lint", game, "-f", "junit", "--output-file", target),
    ):
        code, out, err = sub(*args)
        assert code == 2 and "over" in err, (args, out, err)
        assert digest(game) == before


@pytest.mark.parametrize(
    "args",
    [
        ("replay", GAME, "--annotate", "/dev/full"),
        ("replay", GAME, "--round-ends"),
        ("lint", GAME, "-f", "json-lines"),
        ("lint", GAME, "--statistics"),
        ("selfplay", "-s", "1", "--facts", "-v", "classic", "-o", "-"),
        ("completion", "bash"),
        ("check", POS, TURN, "--dcm-sequences", "-f", "json"),
    ],
)
def test_new_options_fail_cleanly_on_a_full_disk(args):
    with open("/dev/full", "wb") as full:
        code, _, err = sub(*args, stdout=full)
    assert code == 2 and "No space left" in err, err


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"}])
@pytest.mark.parametrize(
    "args",
    [
        ("replay", GAME, "--round-ends"),
        ("lint", GAME, "-f", "junit"),
        ("selfplay", "-s", "1", "--facts", "-o", "-"),
        ("check", POS, "-a", "pass card=bolton", "--as", "red\u00e9\u2603"),
    ],
)
def test_new_options_survive_a_non_utf8_stdout(args, env):
    code, out, err = sub(*args, env=env)
    assert code in (0, 1, 2), err


@pytest.mark.parametrize("opt", ["--as", "-p", "--shortfall"])
def test_hostile_option_strings_are_escaped_and_bounded(tmp_path, opt):
    out_file = tmp_path / "after.yaml"
    code, out, err = sub(
        "check",
        EXAMPLES / "shortfall" / "round-end.yaml",
        "-a",
        "pass card=bolton",
        "--apply",
        "--out",
        out_file,
        opt,
        HOSTILE * 2000,
    )
    assert code == 2, (out, err)
    clean(out + err)
    assert len(out) + len(err) < 20_000
    assert not out_file.exists()


def test_completion_refuses_an_unknown_shell_with_exit_2():
    code, out, err = sub("completion", HOSTILE)
    assert code == 2 and err.strip()
    clean(out + err)


BAD = sorted((REPO / "tests" / "bad_inputs").glob("*.yaml"))


@pytest.mark.parametrize(
    "path",
    [p for p in BAD if p.name != "expected.yaml"][::3] + [Path("/dev/zero"), Path(""), Path("no-such-file")],
    ids=str,
)
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_fast_path_answers_bad_input_exactly_as_the_typer_path(path, fmt):
    for cmd in ("check", "validate"):
        if cmd == "check":
            args = (POS, path) if path.name.startswith("action-") else (path, TURN)
        else:
            args = (path,)
        fast = sub(cmd, *args, "-f", fmt)
        slow = sub(cmd, *args, "-f", fmt, env={"BRASS_JUDGE_NO_FASTPATH": "1"})
        assert fast == slow
        if not path.name.startswith("action-") or cmd == "check":
            assert fast[0] == 2, fast


@pytest.mark.parametrize(
    "args",
    [
        ("check", POS, TURN),
        ("check", POS, TURN, "-f", "json"),
        ("validate", POS),
        ("moves", POS),
        ("render", POS, "-o", "-"),
        ("replay", GAME, "--round-ends"),
        ("lint", GAME, "-f", "junit"),
        ("lint", GAME, "--statistics"),
        ("selfplay", "-s", "2", "--facts", "-o", "-"),
        ("rulings", "list"),
        ("schema", "position"),
        ("completion", "bash"),
        ("data", "map"),
    ],
)
def test_a_closed_stdout_is_exit_2_with_a_message(args):
    """Found by the audit: started with standard output closed (``>&-``, sys.stdout is None) every
    command died with an AttributeError traceback."""
    cmd = " ".join(f"'{a}'" for a in (sys.executable, "-m", "brass_judge", *map(str, args)))
    p = subprocess.run(f"{cmd} >&-", shell=True, stderr=subprocess.PIPE, timeout=120, cwd=REPO)
    err = p.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert p.returncode == 2 and "standard output" in err, (p.returncode, err)
