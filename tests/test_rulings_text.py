"""The text of ``brass-judge rulings list|show|search`` to a pipe, pinned: each file in
tests/rulings_text/ is what the commands wrote when rich laid them out (before the one plain
renderer, brass_judge/plain.py, replaced it), at the width in its name. Both paths (the typer
commands and the start-up fast path) must still write it byte for byte."""

from __future__ import annotations

import contextlib
import io

import pytest
from conftest import REPO

from brass_judge import __main__ as entry
from brass_judge import cli

CASES = {
    "list-80.txt": ("80", "list"),
    "list-topic-sell-50.txt": ("50", "list", "--topic", "sell"),
    "show-Q053-80.txt": ("80", "show", "Q053"),
    "show-Q093-30.txt": ("30", "show", "Q093"),
    "search-overbuild-80.txt": (
        "80",
        "search",
        "can I overbuild a coal mine while the market has coal?",
        "-n",
        "20",
    ),
    "search-overbuild-50.txt": ("50", "search", "can I overbuild a coal mine while the market has coal?"),
    "search-weak-60.txt": ("60", "search", "is there a cap on bananas"),
    "search-none-15.txt": ("15", "search", "xyzzy plugh"),
}


def _run(fn, args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = fn(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("path", ["typer", "fast"])
def test_rulings_text_is_unchanged(monkeypatch, name, path):
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "BRASS_JUDGE_NO_FASTPATH"):
        monkeypatch.delenv(var, raising=False)
    columns, *args = CASES[name]
    monkeypatch.setenv("COLUMNS", columns)
    expected = (REPO / "tests" / "rulings_text" / name).read_text(encoding="utf-8")
    if path == "typer":
        got = _run(cli.run, ["rulings", *args])
    else:
        got = _run(entry._rulings_fast, args)
    assert got == (0, expected, "")


def test_every_pinned_file_is_used():
    assert sorted(p.name for p in (REPO / "tests" / "rulings_text").iterdir()) == sorted(CASES)
