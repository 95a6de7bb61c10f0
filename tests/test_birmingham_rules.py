"""Brass: Birmingham rule fixtures: one real position per code (and its legal twin), one per rule.

The same fixture format as Lancashire's (``tests/test_rules.py``, read its docstring), under
``tests/birmingham/rules/``, with a ``game: birmingham`` position::

    tests/birmingham/rules/<family>/<CODE>_<name>.yaml        a case that triggers CODE
    tests/birmingham/rules/<family>/<CODE>_<name>.legal.yaml  its legal twin: one fact changed
    tests/birmingham/rules/rulings/B<nnn>_<gist>.yaml          an enforced rule shown by its outcome

Families: position (POS), turn (TRN), build (BLD), network (NET), develop (DEV), sell (SEL),
loan (LON), scout (SCT). The expect keys are Lancashire's plus Birmingham's facts of the position
after a legal action::

    expect:
      hand: {red: [leek]}                       # a player's hand, in order
      discard: {red: [stone, brewery]}          # a player's face-up discards, top last
      wild_piles: {wild_location: 4}            # cards on a wild card pile
      merchants: {warrington: [{tile: cotton_mill, barrel: false}, {tile: blank, barrel: false}]}
      tiles: {"stone:0": {cubes: 1}}            # a Brewery's barrels are its cubes (barrels: also read)

Everything goes through the public API: ``position_io.load_position`` on the mapping, the action
through ``action_io`` (the notation and YAML forms), ``engine.validate`` then ``engine.check``.

Two coverage checks: every code Birmingham can report has a fixture and a legal twin (a new code
without both fails here), and every
``engine: enforced`` entry of ``rulings/birmingham.yaml`` is cited by some fixture's
``expect.rulings`` (these rule fixtures, or another fixture set under ``tests/birmingham/`` written
with one, such as the rules audit, whose cases show the end-of-turn rules ``check`` alone does not).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
import yaml
from conftest import REPO

RULES_DIR = REPO / "tests" / "birmingham" / "rules"
FIXTURES = sorted(RULES_DIR.rglob("*.yaml"))
GAME = "birmingham"
FAMILIES = {
    "position": "POS",
    "turn": "TRN",
    "build": "BLD",
    "network": "NET",
    "develop": "DEV",
    "sell": "SEL",
    "loan": "LON",
    "scout": "SCT",
}
EXPECT_KEYS = {
    "verdict",
    "codes",
    "messages",
    "rulings",
    "not_rulings",
    "rules",
    "effects",
    "assumptions",
    "money",
    "income_space",
    "vp",
    "spent",
    "coal_market",
    "iron_market",
    "tiles",
    # Birmingham's own facts
    "hand",
    "discard",
    "wild_piles",
    "merchants",
}
#: shared codes of Birmingham's table that its judge never reports, each with the reason
NOT_REPORTED = {
    "BLD017": "Birmingham has no Double Action Build (B017): a two-card build is refused otherwise",
    "NET009": "a Network action names one card: its notation and YAML forms refuse two (B009)",
}
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z_0-9]*\}")


def fixture_id(path: Path) -> str:
    return path.relative_to(RULES_DIR).as_posix()


@functools.cache
def load_fixture(path: Path) -> dict:
    fx = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(fx, dict), f"{path}: a fixture is a mapping"
    unknown = set(fx) - {"about", "position", "override", "action", "expect"}
    assert not unknown, f"{path}: unknown keys {sorted(unknown)}"
    assert fx.get("about"), f"{path}: say what the case shows in 'about'"
    assert isinstance(fx.get("position"), dict), f"{path}: 'position' is a mapping"
    assert fx["position"].get("game") == GAME, f"{path}: a Birmingham fixture says game: birmingham"
    exp = fx.get("expect")
    assert isinstance(exp, dict) and exp.get("verdict") in ("legal", "illegal", "invalid"), path
    assert not set(exp) - EXPECT_KEYS, f"{path}: unknown expect keys {sorted(set(exp) - EXPECT_KEYS)}"
    assert exp["verdict"] == "invalid" or "action" in fx, f"{path}: a legal/illegal case needs an action"
    return fx


def _override(loaded, changes: dict) -> None:
    pos = loaded.position
    for key, value in changes.items():
        if key == "players":
            for name, fields in value.items():
                for k, v in fields.items():
                    setattr(pos.player[name], k, v)
        else:
            assert hasattr(pos, key), key
            setattr(pos, key, value)


def _actions_registered() -> bool:
    """Whether Birmingham's action kinds exist yet (games/birmingham/actions.py: helper "notation")."""
    from brass_judge.actions import action_kinds

    try:
        return bool(action_kinds(GAME))
    except (ValueError, ImportError):
        return False


@functools.cache
def judge(path: Path):
    """(loaded position, POS problems, verdict or None) for the fixture at *path*."""
    from brass_judge.action_io import turn_from_doc
    from brass_judge.data import game_data
    from brass_judge.engine import check
    from brass_judge.engine.validate import validate
    from brass_judge.position_io import load_position
    from brass_judge.yamlio import Document

    fx = load_fixture(path)
    loaded = load_position(fx["position"], name=str(path))
    if fx.get("override"):
        _override(loaded, fx["override"])
    pos = loaded.position
    data = game_data(pos.variant, pos.game)
    problems = validate(loaded, data)
    verdict = None
    if "action" in fx and not problems:
        if not _actions_registered():
            pytest.skip("Birmingham's actions are not registered yet (games/birmingham/actions.py)")
        turn = turn_from_doc(Document(fx["action"], str(path), {}), data)
        verdict = check(loaded, turn, data)
    return loaded, problems, verdict


def _no_placeholders(text, where) -> None:
    if text:
        assert not _PLACEHOLDER.search(text), f"unfilled placeholder in {where}: {text!r}"


def _assert_input_untouched(path: Path, loaded) -> None:
    """Judging never changes the position it is given (the engine works on a copy)."""
    from brass_judge.position_io import load_position, position_to_obj

    fx = load_fixture(path)
    fresh = load_position(fx["position"], name=str(path))
    if fx.get("override"):
        _override(fresh, fx["override"])
    assert position_to_obj(loaded.position) == position_to_obj(fresh.position)


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_birmingham_rule_fixture(path: Path) -> None:
    fx = load_fixture(path)
    exp = fx["expect"]
    loaded, problems, verdict = judge(path)
    assert loaded.position.game == GAME
    want_codes = set(exp.get("codes", []))
    if exp["verdict"] == "invalid":
        got = {p.code for p in problems}
        assert got == want_codes, "\n".join(f"{p.code}: {p.message}" for p in problems)
        for p in problems:
            assert p.game == GAME
            _no_placeholders(p.message, p.code)
            _no_placeholders(p.remedy, p.code)
        for s in exp.get("messages", []):
            assert any(s in p.message for p in problems), f"no problem says {s!r}"
        rulings = {q for p in problems for q in p.rulings}
        for q in exp.get("rulings", []):
            assert q in rulings, f"{q} not cited by {sorted(got)}"
        for q in exp.get("not_rulings", []):
            assert q not in rulings, f"{q} is cited but did not decide this case: {sorted(rulings)}"
        for s in exp.get("assumptions", []):
            assert any(s in a for a in loaded.assumptions), (
                f"no assumption mentions {s!r}: {loaded.assumptions}"
            )
        return
    assert not problems, "position is impossible: " + "; ".join(f"{p.code} {p.message}" for p in problems)
    assert verdict is not None
    _assert_input_untouched(path, loaded)
    report = "\n".join(f"{v.code}: {v.message}" for v in verdict.violations) or "no violations"
    assert verdict.verdict == exp["verdict"], report
    assert {v.code for v in verdict.violations} == want_codes, report
    for v in verdict.violations:
        _no_placeholders(v.message, v.code)
        _no_placeholders(v.remedy, v.code)
        assert v.rulings == list(dict.fromkeys(v.rulings))
    for s in exp.get("messages", []):
        assert any(s in v.message for v in verdict.violations), f"no violation says {s!r}:\n{report}"
    for q in exp.get("rulings", []):
        assert q in verdict.rulings, f"{q} not in {verdict.rulings}"
    for q in exp.get("not_rulings", []):
        assert q not in verdict.rulings, f"{q} is cited but did not decide this case: {verdict.rulings}"
    for r in exp.get("rules", []):
        assert r in verdict.rules, f"{r} not applied: {verdict.rules}"
    texts = [e.text for e in verdict.effects]
    for s in exp.get("effects", []):
        assert any(s in t for t in texts), f"no effect mentions {s!r}:\n" + "\n".join(texts)
    for s in exp.get("assumptions", []):
        assert any(s in a for a in verdict.assumptions), (
            f"no assumption mentions {s!r}: {verdict.assumptions}"
        )
    fact_keys = ("money", "income_space", "vp", "spent", "coal_market", "iron_market", "tiles")
    fact_keys += ("hand", "discard", "wild_piles", "merchants")
    facts = {k: exp[k] for k in fact_keys if k in exp}
    if exp["verdict"] != "legal":
        assert not facts, "facts after the action only make sense for a legal case"
        return
    after = verdict.position
    assert after is not None
    _assert_facts(after, facts)


def _assert_facts(after, facts: dict) -> None:
    for key in ("money", "income_space", "vp", "spent", "hand", "discard"):
        for name, value in facts.get(key, {}).items():
            assert getattr(after.player[name], key) == value, f"{name}'s {key}"
    for key in ("coal_market", "iron_market"):
        if key in facts:
            assert getattr(after, key) == facts[key], key
    for key, value in facts.get("wild_piles", {}).items():
        assert after.wild_piles[key] == value, f"wild_piles.{key}"
    for merchant, spaces in facts.get("merchants", {}).items():
        got = [{"tile": s.face, "barrel": s.barrel} for s in after.merchants[merchant]]
        want = [s if isinstance(s, dict) else {"tile": s, "barrel": s != "blank"} for s in spaces]
        assert got == want, f"merchant {merchant}"
    for key, want in facts.get("tiles", {}).items():
        loc, space = key.rsplit(":", 1)
        t = after.tile_on(loc, int(space))
        if want is None:
            assert t is None, f"{key} should be empty, holds {t}"
            continue
        assert t is not None, f"no tile on {key}"
        for k, v in want.items():
            k = "cubes" if k == "barrels" else k
            assert getattr(t, k) == v, f"{key}.{k}: {getattr(t, k)!r} != {v!r}"


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_fixture_is_named_after_what_it_shows(path: Path) -> None:
    """``<family>/<CODE>_<name>[.legal].yaml`` with the code's name in Birmingham's table, or
    ``rulings/B<nnn>_<gist>[.legal].yaml``."""
    from brass_judge.codes import table_of

    codes = table_of(GAME)
    fx = load_fixture(path)
    exp = fx["expect"]
    family = path.parent.name
    stem = path.name[: -len(".yaml")]
    if family == "rulings":
        m = re.fullmatch(r"(B\d{3})_[a-z0-9-]+(\.legal)?", stem)
        assert m, f"name rulings fixtures B<nnn>_<gist>.yaml: {path.name}"
        assert m.group(1) in exp.get("rulings", []), f"{path.name} must cite {m.group(1)}"
        return
    assert family in FAMILIES, f"unknown family folder {family!r}"
    legal_twin = stem.endswith(".legal")
    code, _, name = stem.removesuffix(".legal").partition("_")
    assert code in codes and code.startswith(FAMILIES[family]), f"{code} in {family}/"
    assert name == codes[code].name, f"{path.name}: the code's name is {codes[code].name!r}"
    if legal_twin:
        assert exp["verdict"] == "legal", "a .legal.yaml twin is legal"
        assert (path.parent / f"{code}_{name}.yaml").exists(), "a legal twin needs its illegal case"
    else:
        assert code in exp.get("codes", []), f"{path.name} must trigger {code}"


def _reportable() -> list:
    """The codes of Birmingham's table its judge can report (every non-rule row but the shared
    ones it never reports, :data:`NOT_REPORTED`, and the removed ones)."""
    from brass_judge.codes import table_of

    return [
        c
        for c, row in table_of(GAME).items()
        if not row.is_rule and row.status != "removed" and c not in NOT_REPORTED and c[:3] != "GAM"
    ]


def missing_fixtures() -> list:
    """Codes Birmingham can report that lack a fixture or its legal twin (must shrink to none)."""
    have: dict = {}
    for path in FIXTURES:
        if path.parent.name == "rulings":
            continue
        stem = path.name[: -len(".yaml")]
        code = stem.removesuffix(".legal").partition("_")[0]
        have.setdefault(code, set()).add("twin" if stem.endswith(".legal") else "case")
    return [c for c in _reportable() if have.get(c) != {"case", "twin"}]


def test_every_reportable_code_has_a_fixture_and_a_legal_twin() -> None:
    missing = missing_fixtures()
    assert not missing, f"codes without a fixture and legal twin: {', '.join(missing)}"


def test_not_reported_codes_are_in_the_table() -> None:
    from brass_judge.codes import table_of

    assert set(NOT_REPORTED) <= set(table_of(GAME))


def _cited_by_fixtures() -> set:
    """The ruling ids some Birmingham fixture expects cited: the rule fixtures here, and the other
    fixture sets under tests/birmingham/ written with an ``expect.rulings`` (the rules audit)."""
    cited = {q for path in FIXTURES for q in load_fixture(path)["expect"].get("rulings", [])}
    for path in sorted((REPO / "tests" / "birmingham").rglob("*.yaml")):
        if RULES_DIR in path.parents:
            continue
        obj = yaml.safe_load(path.read_text(encoding="utf-8"))
        expect = obj.get("expect") if isinstance(obj, dict) else None
        if isinstance(expect, dict):
            cited.update(q for q in expect.get("rulings", []) or [] if isinstance(q, str))
    return cited


def test_every_enforced_rule_is_cited_by_a_fixture() -> None:
    db = yaml.safe_load((REPO / "rulings" / "birmingham.yaml").read_text(encoding="utf-8"))
    enforced = [r["id"] for r in db["rulings"] if r.get("engine") == "enforced"]
    cited = _cited_by_fixtures()
    from test_birmingham_flow import FLOW_RULINGS  # the flow's rulings, cited by its examples' steps

    cited |= set(FLOW_RULINGS)
    uncited = [q for q in enforced if q not in cited]
    assert not uncited, f"engine: enforced but cited by no fixture's expect.rulings: {', '.join(uncited)}"
