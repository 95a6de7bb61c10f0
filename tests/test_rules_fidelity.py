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
    r, d = run_json(
        "check",
        str(FIX / "turn-blue-after-red.yaml"),
        "--action",
        "loan 10 card=wigan; pass card=bolton",
        "--apply",
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert "green's turn (2 action(s))" in d["after_turn"]
    assert any(
        "turns_taken not given: red (before blue in the turn order) has played" in a for a in d["assumptions"]
    )
    new = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert new["turn"] == "green" and new["turns_taken"] == ["red", "blue"] and new["round"] == 3


def test_turns_taken_given_is_used_as_written(tmp_path):
    """An explicit (empty) turns_taken is the user's word: nothing is inferred."""
    pos = yaml.safe_load((FIX / "turn-blue-after-red.yaml").read_text(encoding="utf-8"))
    pos["turns_taken"] = []
    f = tmp_path / "pos.yaml"
    f.write_text(yaml.safe_dump(pos), encoding="utf-8")
    r, d = run_json(
        "check",
        str(f),
        "--action",
        "loan 10 card=wigan; pass card=bolton",
        "--apply",
        "--out",
        str(tmp_path / "n.yaml"),
    )
    assert r.returncode == 0, r.stderr
    assert "red's turn (2 action(s))" in d["after_turn"]
    assert not any("turns_taken not given" in a for a in d["assumptions"])


# ---------------------------------------------------------- 1. Classic logs replay; selfplay --variant
import pytest  # noqa: E402


@pytest.mark.parametrize(
    "variant, players, seed",
    [("classic", 3, 1), ("classic", 4, 2), ("original", 3, 3), ("original", 4, 5), ("classic", 2, 1)],
)
def test_selfplay_variant_log_replays(tmp_path, variant, players, seed):
    """A Classic game sets Rail Era cards aside at random (6 at 3 players, 2 at 4, Q005): the log
    records them (the last cards of rail_deck_order), so replay accepts the project's own logs."""
    log = tmp_path / "game.yaml"
    r, d = run_json(
        "selfplay", "--players", str(players), "--seed", str(seed), "--variant", variant, "--out", str(log)
    )
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
    assert "original" in d["error"]["suggestions"]


# ------------------------------------------- 2. classic is the Classic Rules; original is the 2007 game
def _end_turn(tmp_path, name: str, variant: str):
    pos = yaml.safe_load((FIX / name).read_text(encoding="utf-8"))
    pos["variant"] = variant
    f = tmp_path / f"{variant}.yaml"
    f.write_text(yaml.safe_dump(pos, sort_keys=False), encoding="utf-8")
    out = tmp_path / f"{variant}-next.yaml"
    r, d = run_json(
        "check", str(f), "--action", "pass card=wigan; pass card=bolton", "--apply", "--out", str(out)
    )
    assert r.returncode == 0, r.stderr
    return d["after_turn"], yaml.safe_load(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_roxley_income_at_the_end_of_the_canal_era_comes_before_scoring(tmp_path, variant):
    """Roxley End of Round (and the Classic Rules, which do not change it, Q125): income is paid
    before the era is scored, so red removes both tiles for the shortfall (Q033) and scores nothing:
    0 VP and £4 (£7 for the tiles, £3 paid)."""
    texts, new = _end_turn(tmp_path, "canal-end-shortfall.yaml", variant)
    assert texts.index("red pays £3 (income level -3)") < texts.index("the Canal Era ends")
    assert "red scores 0 VP for 0 flipped tile(s)" in texts
    assert (new["players"]["red"]["vp"], new["players"]["red"]["money"]) == (0, 4)


def test_original_income_at_the_start_of_the_round_comes_after_scoring(tmp_path):
    """The original rules take income at the start of each round: the Canal Era ends with red on
    5 VP and £0 (both tiles score); the level 1 mine leaves the board, and the Rail Era's first round
    then starts with income: red removes the level 4 mine (£5), pays £3 and keeps £2."""
    texts, new = _end_turn(tmp_path, "canal-end-shortfall.yaml", "original")
    assert "red scores 5 VP for 2 flipped tile(s)" in texts
    ends, starts = (
        texts.index("the Canal Era ends"),
        texts.index("Rail Era round 1 starts with income (original rules)"),
    )
    assert ends < starts < texts.index("red pays £3 (income level -3)")
    assert "red removes the level 4 Coal Mine in Bolton for £5 (income shortfall)" in texts
    assert not any("Coal Mine in Wigan" in t and "shortfall" in t for t in texts)
    assert (new["players"]["red"]["vp"], new["players"]["red"]["money"]) == (5, 2)
    assert new["tiles"] == [] and (new["era"], new["round"]) == ("rail", 1)


@pytest.mark.parametrize(
    "variant, last",
    [
        ("standard", "shared win: red, blue"),
        ("classic", "shared win: red, blue"),
        ("original", "winner: red"),
    ],
)
def test_tie_break(tmp_path, variant, last):
    """Tied on VP, income and money: Roxley (and Classic) players share the win (Q049); the original
    rules give it to the player who would go next in turn order (seeds/003)."""
    texts, new = _end_turn(tmp_path, "rail-end-tie.yaml", variant)
    assert texts[-1] == last or last in texts


def test_level_1_cotton_mill_scores_5_in_classic_and_3_in_original():
    for variant, vp in (("standard", 5), ("classic", 5), ("original", 3)):
        r, d = run_json("data", "mat", "--variant", variant)
        assert (
            next(t["vp"] for t in d["tiles"] if t["industry"] == "cotton_mill" and t["level"] == 1) == vp
        ), variant


def test_classic_log_without_the_set_aside_cards_still_replays(tmp_path):
    """A Classic log written before the set-aside cards were recorded lists only the 60 (3 players)
    cards dealt and drawn: the 6 missing are the ones set aside, so the replay completes them and
    says so, and the game replays as the full log does."""
    full = tmp_path / "full.yaml"
    r, _ = run_json("selfplay", "--players", "3", "--seed", "2", "--variant", "classic", "--out", str(full))
    assert r.returncode == 0, r.stderr
    obj = yaml.safe_load(full.read_text(encoding="utf-8"))
    obj["setup"]["rail_deck_order"] = obj["setup"]["rail_deck_order"][:-6]
    old = tmp_path / "old.yaml"
    old.write_text(yaml.safe_dump(obj, sort_keys=False), encoding="utf-8")
    _, want = run_json("replay", str(full))
    r, got = run_json("replay", str(old))
    assert r.returncode == 0, r.stdout
    assert got["ok"] and got["scores"] == want["scores"]
    assert any(
        "the 6 missing" in a and "set aside at random (Classic setup)" in a for a in got["assumptions"]
    )
