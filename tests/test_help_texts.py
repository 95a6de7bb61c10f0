"""User-visible texts that speak for both games: the top-level help, ``check --help``'s examples,
``rulings --help`` and the Brass: Birmingham INP020 examples of docs/errors.md (each one is what
brass-judge says)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from brass_judge.cli import app

REPO = Path(__file__).resolve().parent.parent
BIRMINGHAM = "examples/birmingham/worked-turn/position.yaml"


def run(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})


def flat(text: str) -> str:
    return " ".join(text.split())


def test_top_level_help_names_both_games():
    out = flat(run("--help").stdout)
    assert "Rules adjudication and linting for Brass: Lancashire and Brass: Birmingham" in out
    assert "Exit codes: 0 legal/clean, 1 illegal/findings, 2 unusable input." in out


def test_check_help_shows_both_games_notation():
    out = flat(run("check", "--help").stdout)
    assert "'build cotton@bolton card=bolton'" in out  # Lancashire's, as before
    assert "Brass: Birmingham examples" in out and "'scout cards=dudley,redditch,stafford'" in out
    assert "the FAQ's for Brass: Lancashire, the rules database's for Brass: Birmingham" in out


def test_rulings_help_names_both_databases():
    out = flat(run("rulings", "--help").stdout)
    assert "139 answered rules questions (Q001-Q139) of the Brass: Lancashire FAQ" in out
    assert "with --game birmingham the Brass: Birmingham rules database" in out


def test_the_birmingham_inp020_examples_of_errors_md_are_what_brass_judge_says():
    row = next(
        line
        for line in (REPO / "docs" / "errors.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("| INP020 |")
    )
    shown = re.findall(r"`--action, field '--action': ([^`]+)`", row.partition("Brass: Birmingham")[2])
    assert len(shown) == 4
    actions = (
        "loan 20 card=walsall",
        "scout cards=walsall,dudley",
        "build cotton_mill@worcester cards=worcester,leek",
        "build cotton_mill card=worcester",
    )
    for action, message in zip(actions, shown):
        r = run("check", BIRMINGHAM, "--action", action)
        assert r.exit_code == 2, r.output
        assert f"error[INP020]: --action, field '--action': {message}" in r.output
