"""The Brass: Birmingham rules audit: hand-built cases against the refresher and the rules sheet.

Every file under ``tests/birmingham/audit/<area>/`` is one case, written from the sources (the
refresher, ``shared/seeds/001_*``, and the rules sheet, ``shared/research/birmingham-rules.md``),
not from the engine's code. The format is that of the rule fixtures (``tests/test_rules.py``'s
docstring), with what an audit needs on top::

    about: Red sells the Leek mill with the Warrington barrel, but no link reaches Leek.
    source: "Refresher: 'connected to a Merchant showing that industry's icon'"   # the text tested
    rules: [B044]                # the rules-database entries the case audits (B001-B061)
    position: {game: birmingham, ...}            # the agreed position YAML
    action: sell leek>warrington card=stafford   # notation, a list, or YAML mapping(s)
    then: end_turn               # optional: after a legal turn, the flow step that follows it
                                 # (engine.flow.end_turn: the refill, the next player, and after
                                 # the round's last turn the round's end, income and the era's
                                 # end); the facts, effects and rulings are then those of both
    expect:
      verdict: illegal           # legal | illegal | invalid (validate finds the position impossible)
                                 # | unreadable (the action is refused as it is read: exit 2)
                                 # | refused (illegal, unreadable or invalid: the sources forbid
                                 #   it, and any of these refusals is right)
      families: [SEL]            # the violations' code families (the code's letters), when the
                                 # exact code is the engine's choice
      codes: [TRN003]            # or exactly these codes, when the sources name the rule's code
      rulings: [B044]            # each is cited by the verdict
      not_rulings: [B046]        # each is not cited (it did not decide the case)
      messages: ["Leek"]         # each is a substring of some violation message
      effects: ["£5"]            # each is a substring of some effect text
      money: {red: 14}           # facts of the position after a legal case: money, income_space,
      income_space: {red: 12}    #   vp, spent, coal_market, iron_market,
      tiles: {"leek:0": {flipped: true, cubes: 0}}          # tile facts by location:space (null = empty)
      merchants: {warrington: [false, false]}              # barrel beside each merchant tile space
      wild_piles: {wild_location: 3, wild_industry: 3}
      hand: {red: [stafford]}    # the hand after the action, in any order
      discard: {red: [dudley]}   # the face-up discard pile after the action, top last
      order: [blue, red]         # turn order, round, era, whose turn, cards in the draw deck
      links: {leek-stoke-on-trent: red}                    # the owner of the link on a line
      mat_lowest: {red: {cotton_mill: 2}}                  # the lowest level left on the mat
    found: >-                    # optional: the engine disagrees and the sources say the case is
      ...                        # right (docs/audit-birmingham.md "Found"): the case is kept and
                                 # expected to fail (strict xfail) until the engine is fixed

Everything goes through the public API, as the rule fixtures do: ``position_io.load_position`` on
the mapping, the action through ``action_io``, ``engine.validate`` then ``engine.check``.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from conftest import REPO

AUDIT_DIR = REPO / "tests" / "birmingham" / "audit"
CASES = sorted(AUDIT_DIR.rglob("*.yaml"))
RULINGS_FILE = REPO / "rulings" / "birmingham.yaml"
CASE_KEYS = {"about", "source", "rules", "position", "override", "action", "then", "expect", "found"}
FACT_KEYS = (
    "money",
    "income_space",
    "vp",
    "spent",
    "coal_market",
    "iron_market",
    "tiles",
    "merchants",
    "wild_piles",
    "hand",
    "discard",
    "links",
    "mat_lowest",
    "order",
    "round",
    "era",
    "turn",
    "draw_deck",
)
EXPECT_KEYS = {
    "verdict",
    "codes",
    "families",
    "messages",
    "rulings",
    "not_rulings",
    "rules",
    "effects",
    "assumptions",
    *FACT_KEYS,
}
VERDICTS = ("legal", "illegal", "invalid", "unreadable", "refused")
_B_ID = re.compile(r"B\d{3}")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")


def case_id(path: Path) -> str:
    return path.relative_to(AUDIT_DIR).as_posix()


@functools.cache
def load_case(path: Path) -> dict:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(case, dict), f"{path}: a case is a mapping"
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"{path}: unknown keys {sorted(unknown)}"
    assert case.get("about"), f"{path}: say what the case shows in 'about'"
    assert case.get("source"), f"{path}: quote the refresher or the rules sheet in 'source'"
    rules = case.get("rules")
    assert rules and all(_B_ID.fullmatch(r) for r in rules), f"{path}: 'rules' lists B ids"
    pos = case.get("position")
    assert isinstance(pos, dict) and pos.get("game") == "birmingham", f"{path}: a Birmingham position"
    exp = case.get("expect")
    assert isinstance(exp, dict) and exp.get("verdict") in VERDICTS, path
    assert not set(exp) - EXPECT_KEYS, f"{path}: unknown expect keys {sorted(set(exp) - EXPECT_KEYS)}"
    assert exp["verdict"] == "invalid" or "action" in case, f"{path}: a legal/illegal case needs an action"
    if exp["verdict"] != "legal":
        assert not set(exp) & set(FACT_KEYS), f"{path}: facts after the action need a legal case"
    return case


@functools.cache
def judge(path: Path):
    """(loaded position, POS problems, verdict or None) for the case at *path*."""
    from brass_judge.action_io import turn_from_doc
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.engine.validate import validate
    from brass_judge.errors import InputError
    from brass_judge.position_io import load_position
    from brass_judge.yamlio import Document

    case = load_case(path)
    loaded = load_position(case["position"], name=str(path))
    pos = loaded.position
    if case.get("override"):
        for key, value in case["override"].items():
            if key == "players":
                for name, fields in value.items():
                    for k, v in fields.items():
                        setattr(pos.player[name], k, v)
            else:
                assert hasattr(pos, key), key
                setattr(pos, key, value)
    data = game_data(pos.variant, pos.game)
    problems = validate(loaded, data)
    verdict = None
    if "action" in case and not problems:
        try:
            turn = turn_from_doc(Document(case["action"], str(path), {}), data)
        except InputError as e:
            if case["expect"]["verdict"] not in ("unreadable", "refused"):
                raise
            return loaded, problems, e, data
        verdict = check(loaded, turn, data)
    return loaded, problems, verdict, data


@functools.cache
def after_flow(path: Path):
    """(position, effect texts, rulings, rules) after the case's action and its ``then`` step."""
    from brass_judge.engine import flow

    case = load_case(path)
    _, _, verdict, data = judge(path)
    texts = [e.text for e in verdict.effects]
    rulings, rules = list(verdict.rulings), list(verdict.rules)
    pos = verdict.position
    if case.get("then") == "end_turn" and verdict.verdict == "legal":
        pos, fx = flow.end_turn(pos, data, seed=5, unknown_deal=True)
        texts += [e.text for e in fx]
        rulings += list(fx.rulings)
        rules += list(fx.rules)
    return pos, texts, rulings, rules


def _line_key(data, text: str) -> frozenset:
    """The locations a line named ``a-b`` (location keys may hold hyphens) touches."""
    locs = set(data.locations) if hasattr(data, "locations") else set()
    for i, ch in enumerate(text):
        if ch == "-" and text[:i] in locs and text[i + 1 :] in locs:
            return frozenset((text[:i], text[i + 1 :]))
    raise AssertionError(f"cannot read the line {text!r} as two location keys")


def _link_owner(pos, data, text: str):
    want = _line_key(data, text)
    for link in pos.links:
        if want <= set(re.split(r"~", link.line)):
            return link.owner
    return None


def _codes_match(got: list[str], exp: dict) -> bool:
    if "codes" in exp:
        return set(got) == set(exp["codes"])
    fams = exp.get("families")
    if fams:
        got_fams = {re.match(r"[A-Z]+", c).group(0) for c in got}
        return bool(got) and got_fams <= set(fams) and set(fams) <= got_fams
    return True


def _check(path: Path) -> None:
    case = load_case(path)
    exp = case["expect"]
    _, problems, verdict, data = judge(path)
    if exp["verdict"] == "refused" and problems:
        return
    if exp["verdict"] == "invalid":
        got = [p.code for p in problems]
        report = "\n".join(f"{p.code}: {p.message}" for p in problems) or "no problems"
        assert problems, "validate finds nothing wrong with this position"
        assert _codes_match(got, exp), report
        for s in exp.get("messages", []):
            assert any(s in p.message for p in problems), f"no problem says {s!r}:\n{report}"
        cited = {q for p in problems for q in p.rulings}
        for q in exp.get("rulings", []):
            assert q in cited, f"{q} not cited by:\n{report}"
        return
    assert not problems, "position is impossible: " + "; ".join(f"{p.code} {p.message}" for p in problems)
    assert verdict is not None
    if exp["verdict"] == "refused" and isinstance(verdict, Exception):
        return
    if exp["verdict"] == "refused":
        assert verdict.verdict == "illegal", f"judged {verdict.verdict}"
        return
    if exp["verdict"] == "unreadable":
        assert isinstance(verdict, Exception), f"the action was read and judged {verdict.verdict}"
        for s in exp.get("messages", []):
            assert s in str(verdict), f"the refusal does not say {s!r}: {verdict}"
        return
    report = "\n".join(f"{v.code}: {v.message} [{', '.join(v.rulings)}]" for v in verdict.violations)
    report = report or "no violations"
    assert verdict.verdict == exp["verdict"], report
    assert _codes_match([v.code for v in verdict.violations], exp), report
    for v in verdict.violations:
        assert not _PLACEHOLDER.search(v.message or ""), f"unfilled placeholder: {v.message!r}"
        assert not _PLACEHOLDER.search(v.remedy or ""), f"unfilled placeholder: {v.remedy!r}"
    for s in exp.get("messages", []):
        assert any(s in v.message for v in verdict.violations), f"no violation says {s!r}:\n{report}"
    after, texts, rulings, rules = after_flow(path)
    for q in exp.get("rulings", []):
        assert q in rulings, f"{q} not cited: {rulings}\n{report}"
    for q in exp.get("not_rulings", []):
        assert q not in rulings, f"{q} is cited but did not decide this case: {rulings}"
    for r in exp.get("rules", []):
        assert r in rules, f"{r} not applied: {rules}"
    for s in exp.get("effects", []):
        assert any(s in t for t in texts), f"no effect mentions {s!r}:\n" + "\n".join(texts)
    for s in exp.get("assumptions", []):
        assert any(s in a for a in verdict.assumptions), (
            f"no assumption mentions {s!r}: {verdict.assumptions}"
        )
    if exp["verdict"] != "legal":
        return
    assert after is not None
    for key in ("money", "income_space", "vp", "spent"):
        for name, value in exp.get(key, {}).items():
            assert getattr(after.player[name], key) == value, f"{name}'s {key}"
    for key in ("coal_market", "iron_market"):
        if key in exp:
            assert getattr(after, key) == exp[key], key
    for key, want in exp.get("tiles", {}).items():
        loc, space = key.rsplit(":", 1)
        t = after.tile_on(loc, int(space))
        if want is None:
            assert t is None, f"{key} should be empty, holds {t}"
            continue
        assert t is not None, f"no tile on {key}"
        for k, v in want.items():
            assert getattr(t, k) == v, f"{key}.{k}: {getattr(t, k)!r} != {v!r}"
    for merchant, barrels in exp.get("merchants", {}).items():
        got = [s.barrel for s in after.merchants.get(merchant, ())]
        assert got == barrels, f"barrels beside the {merchant} tiles: {got} != {barrels}"
    for pile, n in exp.get("wild_piles", {}).items():
        assert after.wild_piles.get(pile) == n, f"{pile} pile: {after.wild_piles}"
    for name, cards in exp.get("hand", {}).items():
        assert Counter(after.player[name].hand or []) == Counter(cards), f"{name}'s hand"
    for name, cards in exp.get("discard", {}).items():
        assert list(after.player[name].discard) == cards, f"{name}'s discard: {after.player[name].discard}"
    for name, lowest in exp.get("mat_lowest", {}).items():
        mat = after.player[name].mat
        assert mat is not None, f"{name}'s mat is unknown"
        for ind, level in lowest.items():
            left = sorted(lv for lv, n in mat.get(ind, {}).items() if n > 0)
            assert (left[0] if left else None) == level, f"{name}'s lowest {ind}: {left}"
    if "order" in exp:
        assert list(after.players) == exp["order"], f"turn order {after.players}"
    for key in ("round", "era", "turn", "draw_deck"):
        if key in exp:
            assert getattr(after, key) == exp[key], f"{key}: {getattr(after, key)}"
    for line, owner in exp.get("links", {}).items():
        assert _link_owner(after, data, line) == owner, f"link on {line}: {after.links}"


def _judged() -> bool:
    from brass_judge.games import judged

    return judged("birmingham")


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_audit_case(path: Path, request) -> None:
    if not _judged():
        pytest.skip("Brass: Birmingham positions are not judged yet (games/birmingham JUDGED)")
    case = load_case(path)
    if case.get("found"):
        request.applymarker(
            pytest.mark.xfail(reason="found: " + " ".join(case["found"].split()), strict=True)
        )
    _check(path)


def test_the_audit_has_enough_cases() -> None:
    assert len(CASES) >= 60


def test_the_audit_covers_every_rule_both_ways() -> None:
    """Every rule the engine judges through an action (B001-B055) is audited by a legal and an
    illegal case; the decided open questions (B056-B061) by at least one case each."""
    legal: dict[str, int] = Counter()
    other: dict[str, int] = Counter()
    for path in CASES:
        case = load_case(path)
        for b in case["rules"]:
            (legal if case["expect"]["verdict"] == "legal" else other)[b] += 1
    ids = [r["id"] for r in yaml.safe_load(RULINGS_FILE.read_text(encoding="utf-8"))["rulings"]]
    unaudited = [b for b in ids if not legal[b] and not other[b]]
    assert not unaudited, f"no audit case for {unaudited}"
    one_way = [b for b in ids if b <= "B055" and not (legal[b] and other[b]) and b not in ONE_WAY]
    assert not one_way, f"audited one way only: {one_way}"


#: rules that no action can break, so they are audited by their legal outcome only (a setup fact or
#: an end-of-round or end-of-era consequence has no illegal side), each with the reason
ONE_WAY = {
    "B006": "the starting money and income are the defaults of a position",
    "B012": "where spent money goes is the consequence of paying",
    "B014": "turn order is the round's consequence, not a choice",
    "B015": "income is the round's consequence",
    "B016": "the shortfall is the round's consequence",
    "B027": "the market sale is the build's consequence",
    "B028": "the flip is the consequence of taking the last cube or barrel",
    "B031": "what the overbuilt tile's owner keeps is the overbuild's consequence",
    "B047": "the income a flip gives is the flip's consequence",
    "B051": "the era's end is the round's consequence",
    "B052": "link scoring is the era's consequence",
    "B053": "tile scoring is the era's consequence",
    "B054": "the era change is the era's consequence",
    "B055": "the winner is the game's consequence",
}


def test_every_case_cites_rules_that_exist() -> None:
    ids = {r["id"] for r in yaml.safe_load(RULINGS_FILE.read_text(encoding="utf-8"))["rulings"]}
    for path in CASES:
        case = load_case(path)
        for b in [*case["rules"], *case["expect"].get("rulings", []), *case["expect"].get("not_rulings", [])]:
            assert b in ids, f"{case_id(path)}: {b} is not in rulings/birmingham.yaml"


def test_the_report_lists_every_case_and_every_finding() -> None:
    """docs/audit-birmingham.md names every case, and every case kept as found in its Found section."""
    report = (REPO / "docs" / "audit-birmingham.md").read_text(encoding="utf-8")
    found_part = report.split("## Found: still open", 1)[1].split("\n## ", 1)[0]
    for path in CASES:
        assert f"`{path.stem}`" in report, f"docs/audit-birmingham.md does not list {case_id(path)}"
        if load_case(path).get("found"):
            assert case_id(path) in found_part, f"{case_id(path)} is found but not in the report's Found"
