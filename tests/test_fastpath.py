"""The start-up fast path of ``brass-judge rulings show|search|list`` (brass_judge/__main__.py)
gives the same output, errors and exit codes as the typer commands (brass_judge/cli_rulings.py).

Both paths run in-process on the same command lines: the fast one through ``__main__.main`` and
the typer one through ``cli.run``. No timing here (benchmarks/bench.py measures start-up).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from brass_judge import __main__ as entry
from brass_judge import cli
from brass_judge import rulings as R

REPO = Path(__file__).resolve().parent.parent

QUERIES = [
    "can I overbuild a coal mine while the market has coal?",
    "is there a cap on bananas",  # a weak match: the text says so
    "where can shipyards be built in the canal era",
    "do I have to use the cheapest coal",
    "what happens when the distant cotton market runs out",
    "can I take a loan in the last round",
    "how is turn order decided",
    "colliery overbuild empty market",
    "can I sell cotton without a port",
    "double action build with two location cards",
    "how many points is a canal link worth at the end",
    "negative income and shortfall",
    "developing removes which tile",
    "can I build in a town with no card",
    "who goes first in the rail era",
    "£ money spent for turn order",
    "Palamós port on the Catalonia map",
    "can I buld a coton mil",  # typos
    "overbiuld an opponnent's ironworks",
    "Q83",
    "what does q129 say about the virtual link",
    "railway",
    "xyzzy plugh",  # no ruling matches
    "the",  # only a stop word
    "two-player game deck size",
    "flip a shipyard",
    "iron works iron market price",
    "can I pass",
    "rail links need coal from where",
    "income track level",
    "scoring links and tiles at the end of the canal era",
]


@pytest.fixture(autouse=True)
def _plain_console(monkeypatch):
    """Both paths laid out for a pipe of a known width."""
    for var in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "BRASS_JUDGE_NO_FASTPATH"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def _capture(fn, args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = fn(list(args))
    return code, out.getvalue(), err.getvalue()


def fast(*args):
    """The fast path alone: None when it hands the command line to typer."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = entry._rulings_fast(list(args[1:]))
    return None if code is None else (code, out.getvalue(), err.getvalue())


def assert_same(*args, handled=True):
    """``main`` (fast path first) and ``cli.run`` (typer) agree on *args*; with *handled*, the
    fast path must have served it itself."""
    slow = _capture(cli.run, args)
    quick = fast(*args)
    if handled:
        assert quick is not None, f"fast path did not handle {args}"
    via_main = _capture(entry.main, args)
    assert via_main == slow, f"{args}:\n--- main\n{via_main[1]}{via_main[2]}\n--- typer\n{slow[1]}{slow[2]}"
    if quick is not None:
        assert quick == slow
    return slow


# --------------------------------------------------------------------------- show


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_show_every_ruling(fmt):
    for rid in R.load_rulings():
        code, out, _ = assert_same("rulings", "show", rid, "--format", fmt)
        assert code == 0 and rid in out


@pytest.mark.parametrize("columns", ["40", "60", "100", "200"])
def test_show_other_widths(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    for rid in list(R.load_rulings())[::7]:
        assert_same("rulings", "show", rid)


def test_show_id_spellings_and_option_forms():
    for args in (
        ["Q080"],
        ["q80"],
        ["80"],
        ["#80"],
        ["Q080", "-f", "json"],
        ["-fjson", "80"],
        ["--format=JSON", "80"],
        ["--format", "Text", "80"],
        ["-f", "json", "-f", "text", "80"],
        ["--", "80"],
    ):
        assert_same("rulings", "show", *args)


def test_show_unknown_id_is_exit_2_with_suggestions():
    code, out, err = assert_same("rulings", "show", "Q999")
    assert code == 2 and out == "" and "Did you mean" in err
    code, out, err = assert_same("rulings", "show", "xyz", "--format", "json")
    assert code == 2 and '"error"' in out and "unknown ruling id" in err
    assert_same("rulings", "show", "overbuild coal")


# --------------------------------------------------------------------------- search


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_search_queries(fmt):
    for q in QUERIES:
        assert_same("rulings", "search", q, "--format", fmt)


@pytest.mark.parametrize("columns", ["50", "72", "132"])
def test_search_other_widths(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    for q in QUERIES[:10]:
        assert_same("rulings", "search", q, handled=False)


def test_search_limit_forms():
    for args in (
        ["coal", "-n", "1"],
        ["coal", "--limit", "139"],
        ["--limit=3", "coal"],
        ["-n2", "coal"],
        ["coal", "-n", "7", "-f", "json"],
    ):
        assert_same("rulings", "search", *args)


def test_search_no_match_message():
    code, out, _ = assert_same("rulings", "search", "xyzzy plugh")
    assert code == 0 and out.startswith("No ruling matches 'xyzzy plugh'")


# --------------------------------------------------------------------------- list


def test_list_every_filter():
    assert_same("rulings", "list")
    assert_same("rulings", "list", "--format", "json")
    for t in R.TOPICS:
        assert_same("rulings", "list", "--topic", t)
    for a in R.AUTHORITIES:
        assert_same("rulings", "list", "-a", a)
    for e in R.ENGINE_CLASSES:
        assert_same("rulings", "list", "--engine", e, "-f", "json")
    for x in R.APPLIES_TO:
        assert_same("rulings", "list", "--applies-to", x)
    assert_same("rulings", "list", "-t", "coal", "--engine", "out-of-scope")
    assert_same("rulings", "list", "--topic", "COAL")


def test_list_unknown_filter_is_exit_2():
    code, _, err = assert_same("rulings", "list", "--topic", "overbiuld")
    assert code == 2 and "overbuild" in err
    code, out, _ = assert_same("rulings", "list", "--engine", "enforce-ish", "--format", "json")
    assert code == 2 and '"suggestions"' in out


@pytest.mark.parametrize("columns", ["60", "120"])
def test_list_other_widths(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    assert_same("rulings", "list", handled=False)
    assert_same("rulings", "list", "--topic", "sell", handled=False)


# --------------------------------------------------------------------------- handed to typer


@pytest.mark.parametrize(
    "args",
    [
        ["rulings"],
        ["rulings", "--help"],
        ["rulings", "show"],
        ["rulings", "show", "--help"],
        ["rulings", "show", "Q1", "Q2"],
        ["rulings", "show", "Q1", "--format", "yaml"],
        ["rulings", "show", "Q1", "--bogus"],
        ["rulings", "search"],
        ["rulings", "search", "coal", "-n", "0"],
        ["rulings", "search", "coal", "-n", "x"],
        ["rulings", "search", "coal", "--limit"],
        ["rulings", "search", "-x"],
        ["rulings", "list", "extra"],
        ["rulings", "list", "--topic"],
        ["rulings", "coverage", "--format", "json"],
    ],
)
def test_other_command_lines_go_to_typer_unchanged(args):
    assert fast(*args) is None
    assert_same(*args, handled=False)


def test_markup_in_a_query_that_is_not_printed_is_fine():
    assert_same("rulings", "search", "[bold]coal[/bold]")
    assert_same("rulings", "search", "coal :smile: mine")


@pytest.mark.parametrize("query", ["[qqq]xyzzy[/qqq]", "xyzzy :smile: plugh", "xyzzy\\", "日本語 xyzzy"])
def test_special_text_is_served_and_printed_as_it_is(query):
    """Both paths print through one renderer, which interprets nothing: markup, ``:emoji:`` codes,
    backslashes and wide characters need no detour through typer any more."""
    code, out, _ = assert_same("rulings", "search", query)
    assert code == 0 and out.startswith(f"No ruling matches {query!r}.")


def test_no_fastpath_env(monkeypatch):
    monkeypatch.setenv("BRASS_JUDGE_NO_FASTPATH", "1")
    code, out, _ = _capture(entry.main, ["rulings", "show", "Q080"])
    assert code == 0 and out == _capture(cli.run, ["rulings", "show", "Q080"])[1]


# --------------------------------------------------------------------------- the one renderer


def test_plain_wraps_at_words_and_folds_long_words():
    from brass_judge.plain import render, wrap

    assert wrap("the quick brown fox", 9) == ["the quick", "brown fox"]
    assert wrap("x" * 10, 4) == ["xxxx", "xxxx", "xx"]
    assert wrap("", 5) == [""]
    assert render(["a b c d e f", "", "g"], size=5, style=False) == "a b c\nd e f\n\ng\n"
    assert wrap("日本語の文", 4) == ["日本", "語の", "文"]  # wide characters take two cells


def test_plain_table_gives_way_then_cuts_with_an_ellipsis():
    from brass_judge.plain import Table, render

    t = Table(("id", "question"), no_wrap=(True, False), rows=[("Q001", "can I build here or there")])
    # two spaces between columns, none at the edges; header cells padded to the column width
    assert (
        render([t], size=80, style=False)
        == "id    question                 \nQ001  can I build here or there\n"
    )
    assert render([t], size=16, style=False) == (
        "id    question  \nQ001  can I     \n      build here\n      or there  \n"
    )
    narrow = render([t], size=8, style=False).splitlines()
    assert all(len(line) <= 8 for line in narrow) and narrow[1] == "Q001  c\u2026"
    right = Table(("n", "x"), justify=("right", "left"), rows=[("7", "a"), ("12", "b")])
    assert render([right], size=80, style=False) == " n  x\n 7  a\n12  b\n"


def test_plain_styles_only_on_a_terminal(monkeypatch):
    from brass_judge import plain

    text = plain.Text(("Q080", "bold"), "  a question")
    assert plain.render([text], size=80, style=True) == "\x1b[1mQ080\x1b[0m  a question\n"
    assert plain.render([text], size=80, style=False) == "Q080  a question\n"
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    assert plain.styled()
    monkeypatch.setenv("NO_COLOR", "1")
    assert not plain.styled()
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert not plain.styled()


def test_terminal_output_is_styled_and_laid_out_as_for_a_pipe(monkeypatch):
    plain_out = assert_same("rulings", "show", "Q080")[1]
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    code, out, _ = assert_same("rulings", "show", "Q080")
    assert code == 0 and "\x1b[1mQ080\x1b[0m" in out
    import re

    assert re.sub("\x1b\\[[0-9]*m", "", out) == plain_out


def test_cited_by_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = assert_same("rulings", "show", "Q080", "-f", "json")
    assert any(p.name.startswith("citedby-") for p in (tmp_path / "brass-judge").iterdir())
    assert assert_same("rulings", "show", "Q080", "-f", "json") == first  # from the cache


def test_limit_is_the_size_of_the_database():
    n = len(R.load_rulings())
    assert fast("rulings", "search", "coal", "-n", str(n)) is not None
    assert fast("rulings", "search", "coal", "-n", str(n + 1)) is None  # typer reports it


def test_fast_path_imports_neither_typer_nor_rich(tmp_path):
    code = (
        "import sys\nfrom brass_judge.__main__ import main\n"
        "for args in (['rulings', 'show', 'Q080'], ['rulings', 'search', 'overbuild coal'],"
        " ['rulings', 'list', '-t', 'coal', '-f', 'json']):\n"
        "    assert main(args) == 0\n"
        "heavy = [m for m in ('typer', 'rich', 'click', 'yaml', 'jsonschema', 'networkx') if m in sys.modules]\n"
        "sys.stderr.write(repr(heavy))\n"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("BRASS_JUDGE_NO_FASTPATH", "BRASS_JUDGE_NO_CACHE")
    }
    env["XDG_CACHE_HOME"] = str(tmp_path)  # a cache of its own: warmed below, whatever ran before
    warm = subprocess.run(
        [sys.executable, "-m", "brass_judge", "rulings", "show", "Q080"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
    )
    assert warm.returncode == 0, warm.stderr
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().endswith("[]"), r.stderr


def test_rulings_path_agrees_with_resources():
    from brass_judge.resources import rulings_file

    assert Path(R._rulings_path()) == rulings_file()
