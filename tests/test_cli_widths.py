"""``brass-judge data ...`` tables stay readable when standard output is not a terminal (CI logs,
files, web pages): without COLUMNS they are laid out up to 160 columns (``cli_data.FIT_WIDTH``),
so no cell is cropped with '…'; COLUMNS and a real terminal's width are still respected. The
``rulings`` commands keep rich's 80-column fallback (the start-up fast path mirrors it).

Run as subprocesses with stdout piped and stdin closed, so no file descriptor is a terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import REPO

FIT_WIDTH = 160
DATA_COMMANDS = [
    ("map",),
    ("mat",),
    ("mat", "--variant", "classic"),
    ("lines",),
    ("lines", "--era", "canal"),
    ("deck",),
    ("deck", "--players", "3"),
    ("deck", "--variant", "classic", "--players", "4"),
    ("tracks",),
    ("doubts",),
    ("location", "warrington"),
    ("location", "barrow"),
    ("check",),
]


def _env(columns: str | None = None, **extra) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM")
    }
    if columns is not None:
        env["COLUMNS"] = columns
    env.update(extra)
    return env


def run_piped(*args: str, columns: str | None = None, **extra):
    return subprocess.run(
        [sys.executable, "-m", "brass_judge", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=REPO,
        env=_env(columns, **extra),
        timeout=60,
    )


def _widest(text: str) -> int:
    return max((len(line.rstrip()) for line in text.splitlines()), default=0)


@pytest.mark.parametrize("args", DATA_COMMANDS, ids=" ".join)
def test_data_tables_are_not_cropped_in_a_pipe(args):
    r = run_piped("data", *args)
    assert r.returncode == 0, r.stderr
    assert "…" not in r.stdout, r.stdout
    assert _widest(r.stdout) <= FIT_WIDTH


def test_map_and_mat_names_are_whole():
    out = run_piped("data", "map").stdout
    for name in ("Barrow-in-Furness", "Warrington & Runcorn", "Ellesmere Port", "non-industrial town"):
        assert name in out
    assert "Barrow-i…" not in out and "Warringt…" not in out
    mat = run_piped("data", "mat").stdout
    rows = [line for line in mat.splitlines() if line.strip().startswith("Cotton Mill")]
    assert len(rows) == 4 and all("canal" in row for row in rows), mat  # one line per tile level
    assert "Indu…" not in mat and "Cott…" not in mat
    assert "Industry" in mat and "Income" in mat and "Link icons" in mat


def test_columns_is_respected():
    r = run_piped("data", "mat", columns="80")
    assert r.returncode == 0
    assert _widest(r.stdout) <= 80
    assert "Cott…" in r.stdout  # rich's layout for 80 columns, as before
    wide = run_piped("data", "map", columns="250")
    assert _widest(wide.stdout) > FIT_WIDTH  # wider than the pipe default when COLUMNS says so
    assert "…" not in wide.stdout


def test_json_is_unchanged_by_width():
    a = run_piped("data", "map", "--format", "json")
    b = run_piped("data", "map", "--format", "json", columns="40")
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout


def test_rulings_keep_the_80_column_fallback():
    """Not touched: the fast path mirrors rich's layout byte for byte."""
    fast = run_piped("rulings", "list")
    slow = run_piped("rulings", "list", BRASS_JUDGE_NO_FASTPATH="1")
    assert fast.returncode == slow.returncode == 0
    assert fast.stdout == slow.stdout
    assert _widest(fast.stdout) <= 80


def test_check_verdict_keeps_its_width():
    pos = str(REPO / "examples" / "worked-turn" / "position.yaml")
    turn = str(REPO / "examples" / "worked-turn" / "turn.yaml")
    r = run_piped("check", pos, turn, "--explain")
    assert r.returncode in (0, 1) and r.stdout
    assert run_piped("check", pos, turn, "--explain", columns="80").stdout == r.stdout


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
def test_a_terminal_keeps_its_own_width():
    """On a terminal 80 columns wide the table is laid out for 80 columns, as before."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 80, 0, 0))
    try:
        p = subprocess.Popen(
            [sys.executable, "-m", "brass_judge", "data", "mat"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=REPO,
            env=_env(TERM="xterm"),
            close_fds=True,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        assert p.wait(timeout=60) == 0
    finally:
        os.close(master)
    text = b"".join(chunks).decode("utf-8", "replace")
    import re

    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text).replace("\r", "")
    assert "Player mat" in plain
    assert _widest(plain) <= 80
    assert "…" in plain  # rich crops at the terminal's width: unchanged behaviour
