"""``brass-judge codes``: every code explained, found by code or name, and located in the source."""

from __future__ import annotations

import pytest
from conftest import run_cli, run_json

from brass_judge.code_docs import FAMILIES, find_code, reported_in
from brass_judge.codes import CODES
from brass_judge.errors import UnknownNameError


def test_show_explains_a_code_with_its_rulings_and_where_it_lives():
    r = run_cli("codes", "show", "BLD002")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "BLD002" in out and "location-outside-network" in out
    assert "{location} is not in {player}'s network" in out
    assert "Q051" in out and "Q073" in out  # always cited
    assert "Q052" in out and "Q074" in out  # cited in the cases they decide
    assert "engine/build.py" in out and "judge_build" in out


def test_show_json_is_the_whole_record():
    r, d = run_json("codes", "show", "RUL-COAL-MINE")
    assert r.returncode == 0
    assert d["code"] == "RUL-COAL-MINE" and d["kind"] == "rule" and d["family"] == "RUL"
    assert d["rulings"] == ["Q060"] and d["rulings_when_they_decide"] == ["Q053", "Q061"]
    assert set(d["ruling_questions"]) == {"Q060", "Q053", "Q061"}
    assert [(x["file"], x["function"]) for x in d["reported_in"]] == [
        ("brass_judge/engine/resources.py", "take_coal")
    ]
    assert isinstance(d["reported_in"][0]["line"], int)


@pytest.mark.parametrize(
    "text,code",
    [
        ("BLD002", "BLD002"),
        ("bld2", "BLD002"),
        ("bld-002", "BLD002"),
        ("Bld_2", "BLD002"),
        ("location-outside-network", "BLD002"),
        ("rul-coal-mine", "RUL-COAL-MINE"),
        ("coal-mine", "RUL-COAL-MINE"),
        ("coal-from-closest-mine", "RUL-COAL-MINE"),
        ("gam5", "GAM005"),
        ("POS020", "POS020"),
    ],
)
def test_codes_are_found_by_code_or_name(text, code):
    assert find_code(text).code == code


def test_unknown_code_is_unusable_input_with_suggestions():
    r = run_cli("codes", "show", "BLX2")
    assert r.returncode == 2
    assert "INP080" in r.stderr and "Did you mean" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("codes", "show", "inp031")
    assert r.returncode == 2 and "input-error code" in r.stderr and "docs/errors.md" in r.stderr
    with pytest.raises(UnknownNameError) as e:
        find_code("location-outside-netwrok")
    assert "location-outside-network" in e.value.suggestions


def test_list_json_has_every_code_in_family_order():
    r, rows = run_json("codes", "list")
    assert r.returncode == 0
    assert [r["code"] for r in rows] == [c for p, _ in FAMILIES for c in CODES if c.startswith(p)]
    assert sorted(r["code"] for r in rows) == sorted(CODES)


def test_list_one_family_and_a_bad_family():
    r, rows = run_json("codes", "list", "--family", "net")
    assert r.returncode == 0 and rows and all(r["code"].startswith("NET") for r in rows)
    r = run_cli("codes", "list", "--family", "XYZ")
    assert r.returncode == 2 and "INP080" in r.stderr
    text = run_cli("codes", "list", "--family", "DEV")
    assert text.returncode == 0 and "DEV001" in text.stdout and "BLD001" not in text.stdout


@pytest.mark.parametrize("code", list(CODES))
def test_every_code_is_reported_somewhere_in_the_source(code):
    """A code no module reports is dead; `codes show` must be able to say where each one lives."""
    where = reported_in(code)
    assert where, f"{code} is in codes.py but no module reports it"
    assert all(func != "(module)" for _path, _line, func in where), where  # functions report, tables refer


@pytest.mark.parametrize("code", list(CODES))
def test_every_code_explains_its_rule(code):
    """Like a linter's rule docs: each code says in plain words what the rule is (rulings are listed
    separately, so the text names none)."""
    doc = CODES[code].doc
    assert doc and doc[0].isupper() and doc.endswith("."), f"{code}: no explanation"
    assert len(doc) <= 400
    assert not __import__("re").search(r"\bQ\d{3}\b", doc), f"{code}: ruling ids belong in the rulings list"
