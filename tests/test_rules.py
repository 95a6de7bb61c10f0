"""Rule fixtures: one real position per violation code (and its legal twin), one per ruling.

Every file under ``tests/rules/`` is one case (style notes, section 4 "Tests")::

    tests/rules/<family>/<CODE>_<name>.yaml        a case that triggers CODE
    tests/rules/<family>/<CODE>_<name>.legal.yaml  its legal twin: the same case, one fact changed
    tests/rules/rulings/Q<nnn>_<gist>.yaml         an enforced ruling shown by its outcome

A fixture is YAML::

    about: Red skips the level 1 cotton mill still on the mat.
    position: {players: {red: {money: 20, mat: {cotton: [1, 2]}}, blue: {}}, era: canal, round: 2}
    action: build cotton@bolton card=bolton level=2   # notation, a list, or YAML mapping(s)
    expect:
      verdict: illegal        # legal | illegal | invalid (validate finds POS problems)
      codes: [BLD015]         # exactly these violation codes (order-insensitive)
      messages: ["level 1"]   # optional: each is a substring of some violation (or problem) message
      rulings: [Q012]         # each is in verdict.rulings
      rules: [RUL-...]        # optional: each is in verdict.rules (RUL-* applied)
      effects: ["pays £12"]   # optional: each is a substring of some effect text
      assumptions: ["..."]    # optional: each is a substring of some assumption
      money: {red: 8}         # optional facts of verdict.position: money, income_space, vp, spent
      coal_market: 7          # optional: coal_market, iron_market, dcm_position
      tiles: {"bolton:0": {flipped: true}}   # optional: tile facts by location:space (null = empty)

``override`` (optional) sets Position fields after loading, for the few impossibilities the file
schema already refuses (money below 0, markets over 8, ...): a Position built in code can still
hold them, and ``validate`` must catch them there.

Everything goes through the public API: ``position_io.load_position`` on the mapping, the
action through ``action_io`` (the notation and YAML forms), ``engine.validate`` then
``engine.check``. A few fixtures also go through the CLI to pin its JSON contract.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
import yaml
from conftest import REPO, run_cli

RULES_DIR = REPO / "tests" / "rules"
FIXTURES = sorted(RULES_DIR.rglob("*.yaml"))
FAMILIES = {
    "position": "POS",
    "turn": "TRN",
    "build": "BLD",
    "network": "NET",
    "develop": "DEV",
    "sell": "SEL",
    "loan": "LON",
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
    "dcm_position",
    "tiles",
}
#: fixtures also run through the console script (python -m brass_judge check ... --format json)
CLI_FIXTURES = [
    "build/BLD015_not-lowest-tile.yaml",
    "build/BLD019_coal-source-not-closest.legal.yaml",
    "network/NET007_rail-no-coal.yaml",
    "sell/SEL005_distant-market-closed.yaml",
    "rulings/Q070_market-sale-money.yaml",
    "loan/LON001_loan-below-minus-10.legal.yaml",
]
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
    data = game_data(loaded.position.variant)
    problems = validate(loaded, data)
    verdict = None
    if "action" in fx and not problems:
        turn = turn_from_doc(Document(fx["action"], str(path), {}), data)
        verdict = check(loaded, turn, data)
    return loaded, problems, verdict


def codes_of(path: Path) -> set:
    """The codes the fixture's case actually triggers (POS problems or violations)."""
    _, problems, verdict = judge(path)
    if problems:
        return {p.code for p in problems}
    return {v.code for v in verdict.violations} if verdict is not None else set()


def _assert_input_untouched(path: Path, loaded) -> None:
    """Judging never changes the position it is given (the engine works on a copy)."""
    from brass_judge.position_io import load_position, position_to_obj

    fx = load_fixture(path)
    fresh = load_position(fx["position"], name=str(path))
    if fx.get("override"):
        _override(fresh, fx["override"])
    assert position_to_obj(loaded.position) == position_to_obj(fresh.position)


def _tile_facts(pos, key: str):
    loc, space = key.rsplit(":", 1)
    return pos.tile_on(loc, int(space))


def _no_placeholders(text, where) -> None:
    if text:
        assert not _PLACEHOLDER.search(text), f"unfilled placeholder in {where}: {text!r}"


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_rule_fixture(path: Path) -> None:
    fx = load_fixture(path)
    exp = fx["expect"]
    loaded, problems, verdict = judge(path)
    want_codes = set(exp.get("codes", []))
    if exp["verdict"] == "invalid":
        got = {p.code for p in problems}
        assert got == want_codes, "\n".join(f"{p.code}: {p.message}" for p in problems)
        for p in problems:
            _no_placeholders(p.message, p.code)
            _no_placeholders(p.remedy, p.code)
        for s in exp.get("messages", []):
            assert any(s in p.message for p in problems), f"no problem says {s!r}"
        rulings = {q for p in problems for q in p.rulings}
        for q in exp.get("rulings", []):
            assert q in rulings, f"{q} not cited by {sorted(got)}"
        for q in exp.get("not_rulings", []):
            assert q not in rulings, f"{q} is cited but did not decide this case: {sorted(rulings)}"
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
    # a ruling that did not decide this case must not be cited (rulings are not keywords)
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
    facts = {
        k: exp[k]
        for k in (
            "money",
            "income_space",
            "vp",
            "spent",
            "coal_market",
            "iron_market",
            "dcm_position",
            "tiles",
        )
        if k in exp
    }
    if exp["verdict"] == "legal":
        assert verdict.position is not None
    else:
        assert not facts, "facts after the action only make sense for a legal case"
        return
    after = verdict.position
    for key in ("money", "income_space", "vp", "spent"):
        for name, value in facts.get(key, {}).items():
            assert getattr(after.player[name], key) == value, f"{name}'s {key}"
    for key in ("coal_market", "iron_market", "dcm_position"):
        if key in facts:
            assert getattr(after, key) == facts[key], key
    for key, want in facts.get("tiles", {}).items():
        t = _tile_facts(after, key)
        if want is None:
            assert t is None, f"{key} should be empty, holds {t}"
            continue
        assert t is not None, f"no tile on {key}"
        for k, v in want.items():
            assert getattr(t, k) == v, f"{key}.{k}: {getattr(t, k)!r} != {v!r}"


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_fixture_is_named_after_what_it_shows(path: Path) -> None:
    """``<family>/<CODE>_<name>[.legal].yaml`` with the code's table name, or ``rulings/Q<nnn>_...``."""
    from brass_judge.codes import CODES

    fx = load_fixture(path)
    exp = fx["expect"]
    family = path.parent.name
    stem = path.name[: -len(".yaml")]
    if family == "rulings":
        m = re.fullmatch(r"(Q\d{3})_[a-z0-9-]+(\.legal)?", stem)
        assert m, f"name rulings fixtures Q<nnn>_<gist>.yaml: {path.name}"
        assert m.group(1) in exp.get("rulings", []), f"{path.name} must cite {m.group(1)}"
        return
    assert family in FAMILIES, f"unknown family folder {family!r}"
    legal_twin = stem.endswith(".legal")
    code, _, name = stem.removesuffix(".legal").partition("_")
    assert code in CODES and code.startswith(FAMILIES[family]), f"{code} in {family}/"
    assert name == CODES[code].name, f"{path.name}: the code's name is {CODES[code].name!r}"
    if legal_twin:
        assert exp["verdict"] == "legal", "a .legal.yaml twin is legal"
        assert (path.parent / f"{code}_{name}.yaml").exists(), "a legal twin needs its illegal case"
    else:
        assert code in exp.get("codes", []), f"{path.name} must trigger {code}"


def test_there_are_enough_fixtures() -> None:
    assert len(FIXTURES) >= 80


# ----------------------------------------------------------------------------- the CLI contract
@pytest.mark.parametrize("rel", CLI_FIXTURES)
def test_cli_json_contract(rel: str, tmp_path: Path) -> None:
    path = RULES_DIR / rel
    fx = load_fixture(path)
    assert "override" not in fx, "a position file cannot carry an override"
    _, _, verdict = judge(path)
    pos_file = tmp_path / "position.yaml"
    pos_file.write_text(yaml.safe_dump(fx["position"], sort_keys=False), encoding="utf-8")
    act_file = tmp_path / "action.yaml"
    act_file.write_text(yaml.safe_dump(fx["action"], sort_keys=False, allow_unicode=True), encoding="utf-8")
    r = run_cli("check", str(pos_file), str(act_file), "--format", "json")
    d = json.loads(r.stdout)
    legal = fx["expect"]["verdict"] == "legal"
    assert r.returncode == (0 if legal else 1), r.stderr
    for key in ("verdict", "violations", "rulings", "effects", "assumptions"):
        assert key in d, key
    assert d["verdict"] == fx["expect"]["verdict"]
    assert sorted({v["code"] for v in d["violations"]}) == sorted(fx["expect"].get("codes", []))
    for v in d["violations"]:
        assert {"code", "message", "rulings", "remedy"} <= set(v)
        assert isinstance(v["message"], str) and v["message"] and not _PLACEHOLDER.search(v["message"])
        assert isinstance(v["rulings"], list)
    for q in fx["expect"].get("rulings", []):
        assert q in d["rulings"]
    # the CLI says exactly what the library says
    assert d["rulings"] == verdict.rulings
    assert [e["text"] for e in d["effects"]] == [e.text for e in verdict.effects]
    assert [v["message"] for v in d["violations"]] == [v.message for v in verdict.violations]
