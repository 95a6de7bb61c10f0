"""B062, the 14 link tiles each Birmingham player has, through ``check``, ``validate`` and ``codes``.

The position is the shipped example ``examples/birmingham/rules/B062_fourteen-link-tiles-a-player.yaml``:
red has all 14 link tiles on the board as canals (no ``links_left`` given, so the count comes from
the board). A Network action is refused with NET005 citing B062; with one canal fewer on the board
the same action is legal. A 15th tile is an impossible position (POS012, also citing B062).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import EXAMPLES
from typer.testing import CliRunner

from brass_judge.cli import app

EXAMPLE = EXAMPLES / "birmingham" / "rules" / "B062_fourteen-link-tiles-a-player.yaml"
ACTION = "network birmingham-coventry card=dudley"
LAST_CANAL = "  - red belper-derby\n"


def _json(*args: str, code: int) -> dict:
    r = CliRunner().invoke(app, [*args, "--format", "json"])
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


def _with_links(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_fourteen_links_on_the_board_leave_none_to_build() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text.count("  - red ") == 14 and "links_left" not in text
    d = _json("check", str(EXAMPLE), "--action", ACTION, code=1)
    assert d["verdict"] == "illegal"
    assert [v["code"] for v in d["violations"]] == ["NET005"]
    assert d["violations"][0]["rulings"] == ["B062"]
    assert "B062" in d["rulings"]


def test_thirteen_links_on_the_board_leave_one(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert LAST_CANAL in text
    d = _json("check", str(_with_links(tmp_path, text.replace(LAST_CANAL, ""))), "--action", ACTION, code=0)
    assert d["verdict"] == "legal" and not d["violations"]
    assert "B062" not in d["rulings"]


def test_a_fifteenth_link_tile_is_an_impossible_position(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        LAST_CANAL, LAST_CANAL + "  - red birmingham-coventry\n"
    )
    d = _json("validate", str(_with_links(tmp_path, text)), code=1)
    problems = [p for p in d["problems"] if p["code"] == "POS012"]
    assert problems and problems[0]["rulings"] == ["B062"], d["problems"]


def test_codes_show_cites_the_entry() -> None:
    for code in ("NET005", "POS012"):
        d = _json("codes", "show", code, "--game", "birmingham", code=0)
        assert d["rulings"] == ["B062"], (code, d["rulings"])
