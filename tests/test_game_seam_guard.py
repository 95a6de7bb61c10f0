"""The game seam's guard: shared code names no Lancashire place and carries no FAQ id.

Everything a game says (its towns, its rulings) lives in ``brass_judge/games/<game>/``. This test
reads every other module under ``brass_judge/`` with :mod:`tokenize` and :mod:`ast`, skips comments
and docstrings, and fails on a string or a name that is a location key, name or alias of the
Lancashire map, or a FAQ ruling id (``Q`` and three digits).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest
import yaml

PACKAGE = Path(__file__).resolve().parent.parent / "brass_judge"
MAP = PACKAGE / "games" / "lancashire" / "data" / "map.yaml"
RULING_ID = re.compile(r"(?<![A-Za-z0-9_])Q\d{3}(?![0-9])")

#: Modules allowed, for a while, to name a place (never a FAQ id), each with what is left and why:
#: empty since the seam landed; an entry must say why, and the guard fails once it is clean.
PENDING: dict[str, str] = {}
#: Of those, the modules that may still carry FAQ ids.
PENDING_RULING_IDS: set[str] = set()


def place_words() -> set[str]:
    """Every key, name and alias of a Lancashire location, lower case."""
    locations = yaml.safe_load(MAP.read_text(encoding="utf-8"))["locations"]
    words = set()
    for key, loc in locations.items():
        words |= {key, loc["name"], *(loc.get("aliases") or ())}
    return {w.lower() for w in words}


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    lines |= set(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
        # attribute docstrings: a bare string statement anywhere is documentation, not code
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            lines |= set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def findings(source: str, places: set[str]) -> list[tuple[int, str, str]]:
    """(line, kind, text) for each place or ruling id that *source* names outside comments and
    docstrings; kind is ``"place"`` or ``"ruling"``."""
    docs = _docstring_lines(ast.parse(source))
    pattern = re.compile(
        r"(?<![a-z0-9])(" + "|".join(sorted(map(re.escape, places), key=len, reverse=True)) + r")(?![a-z0-9])"
    )
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            if tok.start[0] in docs:
                continue
            text = tok.string
        elif tok.type == tokenize.NAME:
            text = tok.string.replace("_", "-")
        else:
            continue
        for m in RULING_ID.finditer(text):
            out.append((tok.start[0], "ruling", m.group(0)))
        for m in pattern.finditer(text.lower()):
            out.append((tok.start[0], "place", m.group(1)))
    return out


def shared_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "games" not in p.relative_to(PACKAGE).parts[:1])


def test_scanner_finds_places_and_ruling_ids() -> None:
    places = place_words()
    src = (
        '"""Docstrings may say Bolton and Q053."""\n'
        "# comments too: liverpool, Q001\n"
        "def f():\n"
        '    """Even here: Manchester."""\n'
        "    return \"build cotton@bolton card=bolton\", 'Q073', barrow_in_furness\n"
        'x = f"the {y} Warrington & Runcorn line"\n'
        'ok = "cotton mill, 19 towns, q word"\n'
    )
    found = findings(src, places)
    assert (5, "place", "bolton") in found
    assert (5, "ruling", "Q073") in found
    assert (5, "place", "barrow-in-furness") in found
    assert any(kind == "place" and text == "warrington & runcorn" for _, kind, text in found)
    assert all(line in (5, 6) for line, _, _ in found), found


def test_pending_entries_are_still_needed() -> None:
    # an entry whose module moved into brass_judge/games/ is done; one whose module no longer names
    # a place must leave the list, so that the guard covers it again
    places = place_words()
    for rel in PENDING:
        path = PACKAGE / rel
        if path.is_file():
            assert findings(path.read_text(encoding="utf-8"), places), (
                f"{rel} is clean now: remove it from PENDING"
            )


@pytest.mark.parametrize("path", shared_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_shared_code_names_no_place_and_no_ruling(path: Path) -> None:
    rel = path.relative_to(PACKAGE).as_posix()
    found = findings(path.read_text(encoding="utf-8"), place_words())
    if rel in PENDING:
        found = [f for f in found if f[1] == "ruling"]
    if rel in PENDING_RULING_IDS:
        found = []
    assert not found, f"{rel} names game knowledge outside brass_judge/games/: " + ", ".join(
        f"line {line}: {text}" for line, _, text in found
    )
