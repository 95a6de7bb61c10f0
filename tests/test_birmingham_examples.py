"""The Brass: Birmingham examples, judged through the public CLI and API.

``examples/birmingham/worked-turn/``: the worked turn of the Birmingham rules refresher (seed 001,
"A turn, played out"). Three players, mid Canal Era; red holds £9, an unflipped Cotton Mill in
Stoke-on-Trent joined by red's canal to Warrington (whose first Merchant tile shows cotton, a
barrel beside it, bonus £5), an unflipped Cotton Mill in Leek with no link, and an unflipped
Brewery with 1 barrel in Burton-on-Trent. ``turn.yaml``: Sell the western mill with the
Merchant's barrel (£9 -> £14), then a £3 canal Leek-Stoke-on-Trent (£14 -> £11).
``next-turn.yaml``: round 5, the eastern mill sold with red's own unconnected Brewery's barrel.

``examples/birmingham/rules/B0nn_<gist>.yaml``: one example position per enforced rule, each with
an ``about:``, and in its first lines the action to try (``# action: ...``) and the verdict it gets
(``# expect: legal`` or ``illegal``); the test runs ``brass-judge check FILE --action ACTION`` and
checks that verdict and that the rule the file is named after is cited.

The commands run in process (typer's CliRunner), in text and JSON.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES
from typer.testing import CliRunner

HERE = EXAMPLES / "birmingham"
WORKED = HERE / "worked-turn"
POS = WORKED / "position.yaml"
TURN = WORKED / "turn.yaml"
NEXT = WORKED / "next-turn.yaml"
RULE_EXAMPLES = sorted((HERE / "rules").glob("*.yaml"))
SELL_WEST = "sell stoke-on-trent>warrington:merchant card=iron_works"
CANAL_EAST = "network leek-stoke-on-trent card=dudley"

runner = CliRunner()


def _judged() -> bool:
    from brass_judge.games import judged

    return judged("birmingham")


pytestmark = pytest.mark.skipif(not _judged(), reason="Brass: Birmingham positions are not judged yet")


def cli(*args: str):
    from brass_judge.cli import app

    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def cli_json(*args: str, code: int | None = None) -> dict:
    r = cli(*args, "--format", "json")
    if code is not None:
        assert r.exit_code == code, r.output
    return json.loads(r.stdout)


def judge(position: Path, action: str | Path):
    """The library's verdict on *action* (notation or a turn file) at *position*."""
    import brass_judge

    if isinstance(action, Path):
        from brass_judge.action_io import load_turn
        from brass_judge.data import game_data
        from brass_judge.position_io import load_position

        lp = load_position(str(position))
        data = game_data(lp.position.variant, lp.position.game)
        return brass_judge.check(lp, load_turn(str(action), data))
    return brass_judge.check(str(position), action)


def _links(pos) -> dict:
    return {frozenset(l.line.split("~")): l.owner for l in pos.links}


# --------------------------------------------------------------------------- the worked turn
def test_the_worked_turn_is_legal_in_json() -> None:
    d = cli_json("check", POS, TURN, code=0)
    assert d["verdict"] == "legal", d["violations"]
    assert d["violations"] == []
    assert d["player"] == "red"
    assert {"B044", "B046", "B039"} <= set(d["rulings"]), d["rulings"]
    money = [e["money"] for e in d["effects"] if e.get("kind") == "money" and e.get("player") == "red"]
    assert money and money[-1] == 11, d["effects"]


def test_the_worked_turn_in_text() -> None:
    r = cli("check", POS, TURN)
    assert r.exit_code == 0, r.output
    assert "LEGAL" in r.stdout and "ILLEGAL" not in r.stdout
    assert "Warrington" in r.stdout and "Leek" in r.stdout
    assert "£5" in r.stdout and "£3" in r.stdout


def test_the_sell_takes_the_merchant_barrel_and_its_five_pounds() -> None:
    v = judge(POS, SELL_WEST)
    assert v.legal, [x.message for x in v.violations]
    after = v.position
    red = after.player["red"]
    assert red.money == 14  # £9 + Warrington's £5
    west = after.tile_on("stoke-on-trent", 0)
    assert (west.owner, west.industry, west.flipped) == ("red", "cotton_mill", True)
    assert red.income_space == 7 + 5  # Cotton Mill I: +5 income spaces
    assert [s.barrel for s in after.merchants["warrington"]] == [False, False]
    # the beer came from the Merchant, not red's own Brewery
    assert after.tile_on("burton-on-trent", 1).cubes == 1
    assert not after.tile_on("leek", 0).flipped
    assert red.spent == 0  # selling costs nothing
    assert "B046" in v.rulings


def test_the_whole_turn_ends_on_eleven_pounds() -> None:
    v = judge(POS, TURN)
    assert v.legal, [x.message for x in v.violations]
    after = v.position
    red = after.player["red"]
    assert red.money == 11  # £14 - £3 for the canal
    assert red.spent == 3  # onto the character tile, not the bank
    assert red.income_space == 12
    assert _links(after)[frozenset(("leek", "stoke-on-trent"))] == "red"
    assert after.tile_on("stoke-on-trent", 0).flipped and not after.tile_on("leek", 0).flipped
    texts = " ".join(e.text for e in v.effects)
    assert "£5" in texts and "£3" in texts


def test_the_turn_file_and_the_notation_agree() -> None:
    a = judge(POS, TURN)
    b = judge(POS, f"{SELL_WEST}; {CANAL_EAST}")
    assert [e.text for e in a.effects] == [e.text for e in b.effects]
    assert a.rulings == b.rulings


def test_the_eastern_mill_cannot_sell_in_the_first_action() -> None:
    d = cli_json("check", POS, "--action", "sell leek>warrington card=iron_works", code=1)
    assert d["verdict"] == "illegal"
    codes = [v["code"] for v in d["violations"]]
    assert codes and all(c.startswith("SEL") for c in codes), codes
    assert "B044" in d["rulings"]
    assert any("Leek" in v["message"] for v in d["violations"]), d["violations"]
    # with the merchant's barrel named, it is no better: the mill is not connected
    d = cli_json("check", POS, "--action", "sell leek>warrington:merchant card=iron_works", code=1)
    assert "B044" in d["rulings"]


def test_after_the_canal_the_eastern_mill_is_connected() -> None:
    # the same turn the other way round: the canal first, then the eastern mill sells with the
    # barrel of red's own Brewery, which no link reaches
    v = judge(POS, f"{CANAL_EAST}; sell leek>warrington:burton-on-trent card=iron_works")
    assert v.legal, [x.message for x in v.violations]
    assert v.position.tile_on("leek", 0).flipped
    assert v.position.tile_on("burton-on-trent", 1).flipped


def test_next_turn_the_own_brewery_sells_the_eastern_mill() -> None:
    r = cli("check", NEXT, "--action", "sell leek>warrington:burton-on-trent card=stafford")
    assert r.exit_code == 0, r.output
    v = judge(NEXT, "sell leek>warrington:burton-on-trent card=stafford")
    after = v.position
    assert after.tile_on("leek", 0).flipped
    brewery = after.tile_on("burton-on-trent", 1)
    assert (brewery.cubes, brewery.flipped) == (0, True)  # its last barrel: it flips
    assert after.player["red"].income_space == 12 + 5 + 4  # the mill, then Brewery I
    assert after.player["red"].money == 12  # no merchant barrel used: no bonus
    assert "B037" in v.rulings


def test_next_turn_warringtons_barrel_is_gone() -> None:
    d = cli_json("check", NEXT, "--action", "sell leek>warrington:merchant card=stafford", code=1)
    assert d["verdict"] == "illegal"


def test_next_turn_is_the_worked_turn_carried_forward() -> None:
    """next-turn.yaml holds the board the worked turn leaves (a round later)."""
    after = judge(POS, TURN).position
    from brass_judge.position_io import load_position

    nxt = load_position(str(NEXT)).position
    assert _links(after) == _links(nxt)
    for t in after.tiles:
        n = nxt.tile_on(t.location, t.space)
        assert n is not None and (n.owner, n.industry, n.level, n.flipped, n.cubes) == (
            t.owner,
            t.industry,
            t.level,
            t.flipped,
            t.cubes,
        )
    assert after.merchants == nxt.merchants
    assert nxt.player["red"].money == after.player["red"].money + 1  # income level 1 at round's end


def test_the_worked_turn_position_validates() -> None:
    for f in (POS, NEXT):
        r = cli("validate", f)
        assert r.exit_code == 0, r.output


# --------------------------------------------------------------------------- an example per rule
_ACTION = re.compile(r"^# action: (.+)$", re.M)
_EXPECT = re.compile(r"^# expect: (legal|illegal|invalid)\b", re.M)
_FOUND = re.compile(r"^# found: (.+)$", re.M)


def _example(path: Path) -> tuple[str | None, str, str | None]:
    """(action, verdict, found) an example states in its ``# action:``, ``# expect:`` and
    ``# found:`` lines (``found``: an engine fault the audit reports, docs/audit-birmingham.md)."""
    text = path.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    assert isinstance(doc, dict) and doc.get("about"), f"{path.name}: say what it shows in 'about'"
    assert doc.get("game") == "birmingham", path
    action, verdict, found = _ACTION.search(text), _EXPECT.search(text), _FOUND.search(text)
    assert verdict, f"{path.name}: give '# expect: legal|illegal|invalid'"
    want = verdict.group(1)
    assert action or want == "invalid", f"{path.name}: give '# action: ...'"
    return (action.group(1).strip() if action else None), want, (found.group(1) if found else None)


#: enforced rules no example file can show, with the reason (each has its audit case)
NO_EXAMPLE = {
    "B005": "a Coal Market of 15 cubes is refused as the file is read (INP034, exit 2), and an "
    "unreadable file under examples/ would break `brass-judge lint examples/`; the audit case "
    "setup/07 shows validate's POS008 through an override",
}


def test_there_is_an_example_for_every_enforced_rule() -> None:
    db = yaml.safe_load((Path(__file__).parent.parent / "rulings" / "birmingham.yaml").read_text())
    enforced = {r["id"] for r in db["rulings"] if r.get("engine") == "enforced"}
    shown = {p.name[:4] for p in RULE_EXAMPLES} | set(NO_EXAMPLE)
    assert not enforced - shown, f"no example position for {sorted(enforced - shown)}"


@pytest.mark.parametrize("path", RULE_EXAMPLES, ids=lambda p: p.name)
def test_rule_example(path: Path, tmp_path: Path, request) -> None:
    """The example gets the stated verdict from the CLI and cites the rule it is named after:
    ``validate FILE`` for an impossible position, ``check FILE --action ACTION --apply`` otherwise
    (with --apply the rulings of the round's or the era's end that follows the turn count too)."""
    m = re.fullmatch(r"(B\d{3})_[a-z0-9-]+\.yaml", path.name)
    assert m, f"name the example B0nn_<gist>.yaml: {path.name}"
    rule = m.group(1)
    action, want, found = _example(path)
    if found:
        request.applymarker(pytest.mark.xfail(reason=f"found: {found}", strict=True))
    if want == "invalid":
        d = cli_json("validate", path, code=1)
        cited = {q for p in d["problems"] for q in p["rulings"]}
        assert rule in cited, f"{rule} not cited: {d['problems']}"
        return
    out = tmp_path / "after.yaml"
    d = cli_json("check", path, "--action", action, "--apply", "--out", out, code=0 if want == "legal" else 1)
    assert d["verdict"] == want, d["violations"]
    cited = set(d["rulings"]) | {q for step in d.get("after_turn_steps") or [] for q in step["rulings"]}
    assert rule in cited, f"{rule} not cited: {sorted(cited)}"


# --------------------------------------------------------------------------- found by the audit
def test_a_birmingham_verdicts_code_can_be_looked_up() -> None:
    d = cli_json("check", POS, "--action", "sell leek>warrington card=iron_works", code=1)
    code = d["violations"][0]["code"]
    r = cli("codes", "show", code, "--game", "birmingham")
    assert r.exit_code == 0, r.output
    assert code in r.stdout and "B044" in r.stdout
