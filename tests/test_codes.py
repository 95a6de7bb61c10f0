"""The code table against the fixtures and the rulings database.

* every violation code (POS/TRN/BLD/NET/DEV/SEL/LON) is triggered by at least one fixture under
  ``tests/rules/`` (GAM codes belong to the game-log replay tests);
* every ``RUL-*`` rule is applied by at least one legal fixture, except the flow rules listed in
  :data:`FLOW_ONLY`, which only the round/era flow applies (the flow tests exercise them);
* every ruling a code cites exists in ``rulings/lancashire.yaml``, and every ``engine: enforced``
  ruling is cited by some code;
* message and remedy templates render with the fields the checks actually pass.
"""

from __future__ import annotations

import re
import string

import pytest
import yaml
from conftest import REPO
from test_rules import FIXTURES, codes_of, fixture_id, judge, load_fixture

from brass_judge.codes import CODES

#: rules applied only by the round and era flow (turn order, income, scoring, era ends, the deck)
FLOW_ONLY = (
    "RUL-TURN-ORDER",
    "RUL-INCOME",
    "RUL-INCOME-START",
    "RUL-SHORTFALL",
    "RUL-LINK-SCORING",
    "RUL-TILE-SCORING",
    "RUL-CANAL-END",
    "RUL-RAIL-END",
    "RUL-DECK",
)
FAMILIES = ("POS", "TRN", "BLD", "NET", "DEV", "SEL", "LON")
VIOLATION_CODES = sorted(c for c in CODES if c.startswith(FAMILIES))
RULES = sorted(c for c in CODES if c.startswith("RUL-") and c not in FLOW_ONLY)


def _rulings() -> dict:
    doc = yaml.safe_load((REPO / "rulings" / "lancashire.yaml").read_text(encoding="utf-8"))
    return {r["id"]: r for r in doc["rulings"]}


def _fields(template: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# ------------------------------------------------------------------------------- the table
def test_every_code_is_in_a_known_family_with_a_kebab_name() -> None:
    names = set()
    for code, row in CODES.items():
        assert code == row.code
        assert re.fullmatch(r"(POS|TRN|BLD|NET|DEV|SEL|LON|GAM)\d{3}|RUL-[A-Z0-9-]+", code), code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", row.name), f"{code}: {row.name!r}"
        assert row.message and row.message == row.message.strip()
        key = (code[:3], row.name)  # a name is unique within its family (POS002 and BLD016 share one)
        assert key not in names, f"{code}: name {row.name!r} used twice in {code[:3]}"
        names.add(key)


def test_flow_only_rules_exist() -> None:
    for code in FLOW_ONLY:
        assert code in CODES and CODES[code].is_rule, code


def test_every_cited_ruling_exists_and_is_in_scope() -> None:
    rulings = _rulings()
    for code, row in CODES.items():
        for q in (*row.rulings, *row.may_cite):
            assert q in rulings, f"{code} cites {q}, which is not in rulings/lancashire.yaml"
            assert rulings[q]["engine"] != "out-of-scope", f"{code} cites out-of-scope {q}"


def test_every_enforced_ruling_is_cited_by_a_code() -> None:
    """An ``engine: enforced`` ruling must be decided by some check or rule in the table."""
    cited = {q for row in CODES.values() for q in (*row.rulings, *row.may_cite)}
    uncited = sorted(q for q, r in _rulings().items() if r["engine"] == "enforced" and q not in cited)
    assert not uncited, f"enforced rulings no code cites: {', '.join(uncited)}"


# --------------------------------------------------------------------------- against fixtures
@pytest.fixture(scope="module")
def triggered() -> dict:
    """code -> fixtures whose case triggers it."""
    out: dict = {}
    for path in FIXTURES:
        for code in codes_of(path):
            out.setdefault(code, []).append(fixture_id(path))
    return out


@pytest.fixture(scope="module")
def applied() -> dict:
    """RUL code -> legal fixtures whose verdict applies it."""
    out: dict = {}
    for path in FIXTURES:
        _, problems, verdict = judge(path)
        if verdict is not None and verdict.legal:
            for rule in verdict.rules:
                out.setdefault(rule, []).append(fixture_id(path))
    return out


@pytest.mark.parametrize("code", VIOLATION_CODES)
def test_every_violation_code_has_a_fixture(code: str, triggered: dict) -> None:
    assert code in triggered, f"no fixture under tests/rules/ triggers {code} ({CODES[code].name})"


@pytest.mark.parametrize("code", RULES)
def test_every_rule_is_applied_by_a_legal_fixture(code: str, applied: dict) -> None:
    assert code in applied, f"no legal fixture applies {code} ({CODES[code].name})"


def test_flow_only_rules_are_not_applied_by_action_checks(applied: dict) -> None:
    """If a check starts applying a flow rule, take it off FLOW_ONLY so it gets a fixture."""
    assert not [c for c in FLOW_ONLY if c in applied]


def test_fixture_expectations_name_real_codes_and_rulings() -> None:
    rulings = _rulings()
    for path in FIXTURES:
        exp = load_fixture(path)["expect"]
        for code in exp.get("codes", []) + exp.get("rules", []):
            assert code in CODES, f"{fixture_id(path)}: unknown code {code}"
        for q in exp.get("rulings", []):
            assert q in rulings, f"{fixture_id(path)}: unknown ruling {q}"


def test_templates_render_with_the_fields_checks_pass() -> None:
    """Every violation a fixture produces fills every placeholder of its message and remedy."""
    seen = set()
    for path in FIXTURES:
        _, problems, verdict = judge(path)
        found = list(problems) + (list(verdict.violations) if verdict is not None else [])
        for v in found:
            row = CODES[v.code]
            missing = (_fields(row.message) | _fields(row.remedy or "")) - set(v.fields)
            assert not missing, f"{fixture_id(path)}: {v.code} lacks fields {sorted(missing)}"
            for text in (v.message, v.remedy):
                assert text is None or not re.search(r"\{[A-Za-z_]\w*\}", text), text
            seen.add(v.code)
    assert set(VIOLATION_CODES) <= seen


def test_codes_doc_is_up_to_date() -> None:
    """docs/codes.md is generated from the code table; a stale page fails (ruff-style check mode)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    r = subprocess.run(
        [sys.executable, str(root / "tools" / "gen_codes_doc.py"), "--check"], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr


def test_rulings_coverage_command_lists_every_enforced_ruling_as_cited() -> None:
    import json
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-m", "brass_judge", "rulings", "coverage", "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    enforced = [q for q, x in _rulings().items() if x["engine"] == "enforced"]
    assert d["enforced"] == len(enforced) and d["uncited"] == []
    # the Classic variant's rulings are applied too, and listed (Q128-Q131), as are Q002 and Q013
    listed = {row["id"] for row in d["rulings"]}
    assert {"Q128", "Q129", "Q130", "Q131", "Q002", "Q013"} <= listed and d["variant"] == 4
    assert all(row["cited_by"] for row in d["rulings"])
