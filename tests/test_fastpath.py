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
        ["rulings", "search", "[qqq]xyzzy[/qqq]"],
        ["rulings", "search", "xyzzy :smile: plugh"],
        ["rulings", "search", "xyzzy\\"],
    ],
)
def test_other_command_lines_go_to_typer_unchanged(args):
    assert fast(*args) is None
    assert_same(*args, handled=False)


def test_markup_in_a_query_that_is_not_printed_is_fine():
    assert_same("rulings", "search", "[bold]coal[/bold]")
    assert_same("rulings", "search", "coal :smile: mine")


def test_no_fastpath_env(monkeypatch):
    monkeypatch.setenv("BRASS_JUDGE_NO_FASTPATH", "1")
    code, out, _ = _capture(entry.main, ["rulings", "show", "Q080"])
    assert code == 0 and out == _capture(cli.run, ["rulings", "show", "Q080"])[1]


# --------------------------------------------------------------------------- the layout helpers


def test_wrap_matches_rich_on_awkward_text():
    from rich.console import Console
    from rich.table import Table

    texts = [
        "",
        " ",
        "a",
        "  leading and trailing  ",
        "x" * 95,
        "word " * 30,
        "averyveryverylongwordthatdoesnotfitonaline " * 3,
        "a  b   c    d" * 9,
        "ends with spaces" + " " * 70,
        "\u2014 dashes \u2014 and \u201cquotes\u201d \u00a3 5",
    ]
    for width in (1, 2, 7, 13, 40, 80):
        for text in texts:
            buf = io.StringIO()
            Console(file=buf, width=width, highlight=False).print(text, markup=False)
            assert entry._Plain.wrap(text, width) == buf.getvalue().split("\n")[:-1], (width, text)
    rows = [
        ("Q001", "rulebook, community", "short"),
        ("Q002", "none", "word " * 40),
        ("Q003", "publisher, designer, community", "a medium length question about canals?"),
    ]
    for width in (30, 45, 60, 80, 120):
        buf = io.StringIO()
        table = Table(box=None, pad_edge=False, header_style="bold")
        for name, nw in (("id", True), ("authority", False), ("question", False)):
            table.add_column(name, no_wrap=nw)
        for row in rows:
            table.add_row(*row)
        Console(file=buf, width=width, highlight=False).print(table)
        mine = entry._Plain.table(
            entry._Plain.Table(("id", "authority", "question"), rows=rows, no_wrap=(True, False, False)),
            width,
        )
        if mine is not None:
            assert [x[:width] for x in mine] == buf.getvalue().split("\n")[:-1], width


def test_cited_by_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = assert_same("rulings", "show", "Q080", "-f", "json")
    assert any(p.name.startswith("citedby-") for p in (tmp_path / "brass-judge").iterdir())
    assert assert_same("rulings", "show", "Q080", "-f", "json") == first  # from the cache


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
