"""Every rule code written at a call site of ``rule(...)`` is a code of the game(s) whose checks
run there (the engine records rules without looking them up: ``RuleBook.rule`` has no typo guard,
being called several times per action judged)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import brass_judge
from brass_judge.codes import table_of
from brass_judge.games import known_games

PACKAGE = Path(brass_judge.__file__).parent


def rule_calls() -> list[tuple[str, int, str]]:
    """(file, line, code) of every ``<x>.rule("CODE", ...)`` call with a written code."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                out.append((str(path.relative_to(PACKAGE)), node.lineno, node.args[0].value))
    return out


CALLS = rule_calls()


def test_the_scan_finds_the_engines_rule_calls():
    files = {f for f, _, _ in CALLS}
    assert len(CALLS) > 60
    assert {"engine/build.py", "engine/links.py", "engine/flow.py"} <= files
    assert any(f.startswith("games/birmingham/") for f in files)
    assert any(f.startswith("games/lancashire/") for f in files)


@pytest.mark.parametrize("where,line,code", CALLS, ids=[f"{f}:{n}" for f, n, _ in CALLS])
def test_every_rule_code_written_is_a_code_of_its_game(where, line, code):
    parts = Path(where).parts
    games = [parts[1]] if parts[0] == "games" and parts[1] in known_games() else list(known_games())
    # shared code runs for every game: its code must be one of some game's (the checks of a rule
    # one game lacks run only for the other, through that game's rules object)
    assert any(code in table_of(g) for g in games), f"{where}:{line}: {code} is not a code of {games}"
