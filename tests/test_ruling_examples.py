"""Every enforced ruling has an example position with a test that it is cited (issue 5).

An ``engine: enforced`` ruling in ``rulings/lancashire.yaml`` is covered when

* a fixture under ``tests/rules/`` lists it under ``expect.rulings`` (``tests/test_rules.py`` then
  checks the verdict and that the verdict cites it), or
* ``tests/test_flow_rulings.py`` declares a flow example for it in ``RULING_EXAMPLES``: a position
  file under ``examples/rulings/`` and a ``test_q<nnn>_...`` that runs the flow step and checks the
  outcome and that the rules applied cite the ruling.

A new enforced ruling without either fails here.
"""

from __future__ import annotations

import test_flow_rulings
import yaml
from conftest import REPO
from test_flow_rulings import RULING_EXAMPLES
from test_rules import FIXTURES, fixture_id, load_fixture


def _rulings() -> dict:
    doc = yaml.safe_load((REPO / "rulings" / "lancashire.yaml").read_text(encoding="utf-8"))
    return {r["id"]: r for r in doc["rulings"]}


def _enforced() -> list:
    return sorted(q for q, r in _rulings().items() if r["engine"] == "enforced")


def _fixture_rulings() -> dict:
    """ruling id -> the fixtures under tests/rules/ that list it under expect.rulings."""
    out: dict = {}
    for path in FIXTURES:
        for q in load_fixture(path)["expect"].get("rulings", []):
            out.setdefault(q, []).append(fixture_id(path))
    return out


def _flow_tests() -> dict:
    """ruling id -> the test functions of test_flow_rulings.py named after it."""
    out: dict = {}
    for name in dir(test_flow_rulings):
        if name.startswith("test_q") and callable(getattr(test_flow_rulings, name)):
            out.setdefault(name[len("test_") : len("test_q000")].upper(), []).append(name)
    return out


def test_every_enforced_ruling_has_an_example() -> None:
    fixtures = _fixture_rulings()
    missing = [q for q in _enforced() if q not in fixtures and q not in RULING_EXAMPLES]
    assert not missing, (
        "enforced rulings with no example: add a fixture under tests/rules/ citing it in "
        "expect.rulings, or a flow example in tests/test_flow_rulings.py: " + ", ".join(missing)
    )


def test_there_are_examples_for_all_117_enforced_rulings() -> None:
    assert len(_enforced()) >= 117


def test_flow_examples_exist_and_have_a_test() -> None:
    rulings = _rulings()
    tests = _flow_tests()
    for q, rel in RULING_EXAMPLES.items():
        assert q in rulings, f"RULING_EXAMPLES names {q}, which is not in rulings/lancashire.yaml"
        assert rulings[q]["engine"] == "enforced", f"{q} is {rulings[q]['engine']}, not enforced"
        assert (REPO / rel).is_file(), f"{q}: no example file {rel}"
        assert q in tests, f"{q}: test_flow_rulings.py has no test_{q.lower()}_... for its example"
    extra = sorted(set(tests) - set(RULING_EXAMPLES))
    assert not extra, f"flow tests without an entry in RULING_EXAMPLES: {extra}"


def test_every_example_position_file_is_used() -> None:
    used = {(REPO / rel).resolve() for rel in RULING_EXAMPLES.values()}
    files = sorted((REPO / "examples" / "rulings").glob("*.yaml"))
    assert files, "no example positions under examples/rulings/"
    unused = [f.name for f in files if f.resolve() not in used]
    assert not unused, f"example positions no test uses: {unused}"


def test_ruling_fixtures_cite_their_ruling() -> None:
    """A fixture under tests/rules/rulings/ is named after a ruling it lists (the verdict must cite it)."""
    for path in FIXTURES:
        if path.parent.name == "rulings":
            q = path.name.split("_", 1)[0]
            assert q in load_fixture(path)["expect"].get("rulings", []), fixture_id(path)
