"""Rules fidelity (issue 18): turn bookkeeping, card counts, the Classic and original variants and
their game logs. Through the public CLI on real files under ``tests/fidelity/`` (the rule fixtures
in ``tests/rules/`` cover what a single ``check`` shows)."""
from __future__ import annotations

import yaml

from conftest import REPO, run_json

FIX = REPO / "tests" / "fidelity"


# ------------------------------------------------------------------------ 4. turn bookkeeping
def test_apply_after_the_second_player_passes_the_turn_on_not_back(tmp_path):
    """order [red, blue, green], turn blue: red has played this round, so after blue it is
    green's turn (not red's), and the inference is stated as an assumption."""
    out = tmp_path / "next.yaml"
    r, d = run_json("check", str(FIX / "turn-blue-after-red.yaml"), "--action", "loan 10 card=wigan; pass card=bolton",
                    "--apply", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "green's turn (2 action(s))" in d["after_turn"]
    assert any("turns_taken not given: red (before blue in the turn order) has played" in a for a in d["assumptions"])
    new = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert new["turn"] == "green" and new["turns_taken"] == ["red", "blue"] and new["round"] == 3


def test_turns_taken_given_is_used_as_written(tmp_path):
    """An explicit (empty) turns_taken is the user's word: nothing is inferred."""
    pos = yaml.safe_load((FIX / "turn-blue-after-red.yaml").read_text(encoding="utf-8"))
    pos["turns_taken"] = []
    f = tmp_path / "pos.yaml"
    f.write_text(yaml.safe_dump(pos), encoding="utf-8")
    r, d = run_json("check", str(f), "--action", "loan 10 card=wigan; pass card=bolton", "--apply",
                    "--out", str(tmp_path / "n.yaml"))
    assert r.returncode == 0, r.stderr
    assert "red's turn (2 action(s))" in d["after_turn"]
    assert not any("turns_taken not given" in a for a in d["assumptions"])


# ---------------------------------------------------------- 1. Classic logs replay; selfplay --variant
import pytest  # noqa: E402


@pytest.mark.parametrize("variant, players, seed", [("classic", 3, 1), ("classic", 4, 2), ("classic", 2, 1)])
def test_selfplay_variant_log_replays(tmp_path, variant, players, seed):
    """A Classic game sets Rail Era cards aside at random (6 at 3 players, 2 at 4, Q005): the log
    records them (the last cards of rail_deck_order), so replay accepts the project's own logs."""
    log = tmp_path / "game.yaml"
    r, d = run_json("selfplay", "--players", str(players), "--seed", str(seed), "--variant", variant, "--out", str(log))
    assert r.returncode == 0, r.stderr
    assert d["variant"] == variant
    obj = yaml.safe_load(log.read_text(encoding="utf-8"))
    assert obj["setup"]["variant"] == variant
    box = {2: 40, 3: 66, 4: 66}[players]
    assert len(obj["setup"]["rail_deck_order"]) == len(obj["setup"]["deck_order"]) == box
    r, rep = run_json("replay", str(log))
    assert r.returncode == 0, r.stdout
    assert rep["ok"] and rep["game_over"] and not rep["findings"]
    assert {s["player"]: s["vp"] for s in rep["scores"]} == {s["player"]: s["vp"] for s in d["scores"]}


def test_selfplay_unknown_variant_exits_2():
    r, d = run_json("selfplay", "--variant", "deluxe")
    assert r.returncode == 2 and "unknown rules variant" in d["error"]["message"]
    assert "classic" in d["error"]["suggestions"]
