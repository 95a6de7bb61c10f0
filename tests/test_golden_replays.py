"""Golden replays: every shipped game log replays to exactly the recorded outcome.

``tests/golden/replay-<game>.json`` (``replay-birmingham-<game>.json`` for the Brass: Birmingham
logs of ``examples/birmingham/games/``) holds the replay's JSON (findings, scores, winners, the
rulings relied on) and the final position. A change in the engine that changes any game shows up
here as a diff to read. Rewrite the files only on purpose: ``BRASS_UPDATE_GOLDEN=1 pytest
tests/test_golden_replays.py``. A golden file that no game produces fails the suite.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import EXAMPLES, REPO

from brass_judge.games import replay
from brass_judge.position_io import position_to_obj

GAMES = sorted((EXAMPLES / "games").glob("*.yaml")) + sorted(
    (EXAMPLES / "birmingham" / "games").glob("*.yaml")
)
GOLDEN = REPO / "tests" / "golden"


def _golden_name(game) -> str:
    """``replay-<stem>.json``; a game's own folder (``examples/birmingham/games/``) prefixes its name."""
    own = game.parent.parent.name if game.parent.parent != EXAMPLES else ""
    return f"replay-{own + '-' if own else ''}{game.stem}.json"


def _outcome(path) -> dict:
    res = replay(str(path), keep_going=True)
    d = res.to_dict()
    d["file"] = path.name
    for f in d["findings"]:
        f["file"] = path.name
    d["final_position"] = position_to_obj(res.position, res.data)
    return d


@pytest.mark.parametrize("game", GAMES, ids=lambda p: _golden_name(p)[7:-5])
def test_game_replays_to_its_golden_outcome(game):
    want_file = GOLDEN / _golden_name(game)
    got = json.loads(json.dumps(_outcome(game), sort_keys=True))
    if os.environ.get("BRASS_UPDATE_GOLDEN") == "1":
        want_file.write_text(
            json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    assert want_file.exists(), f"no golden file {want_file.name}: run with BRASS_UPDATE_GOLDEN=1 and read it"
    want = json.loads(want_file.read_text(encoding="utf-8"))
    assert got == want


def test_no_orphan_golden_replays():
    names = {_golden_name(g) for g in GAMES}
    orphans = sorted(p.name for p in GOLDEN.glob("replay-*.json") if p.name not in names)
    assert not orphans, f"golden files no game produces: {orphans}"
