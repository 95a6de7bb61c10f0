"""The rulings database (rulings/lancashire.yaml) against its seed, its schema, and the data API.

The seed tests re-read ``shared/seeds/002_*.txt`` on their own (without tools/build_rulings.py)
and prove that every line of it is in the YAML, unaltered and in order, with every source line
attached to the answer right after it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from brass_judge import rulings as R
from brass_judge.errors import UnknownNameError

REPO = Path(__file__).resolve().parent.parent
RULINGS_YAML = REPO / "rulings" / "lancashire.yaml"
SCHEMA = REPO / "schemas" / "rulings.schema.json"
HEADER_LINES = 5  # title, intro, "Updated ...", the same intro, the same "Updated ..."


def _seed_path() -> Path:
    seeds = REPO.parent / "shared" / "seeds"
    hits = sorted(seeds.glob("002_*.txt"))
    if not hits:
        pytest.skip(f"the rulings seed is absent (no 002_*.txt in {seeds})")
    return hits[0]


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    text = _seed_path().read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


@pytest.fixture(scope="module")
def raw() -> dict:
    import yaml

    return yaml.safe_load(RULINGS_YAML.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def records(raw) -> list[dict]:
    return raw["rulings"]


# --------------------------------------------------------------------------- against the seed


def test_seed_header_is_title_plus_two_identical_pairs(seed_lines, raw):
    title, intro1, upd1, intro2, upd2 = seed_lines[:HEADER_LINES]
    assert intro1 == intro2 and upd1 == upd2
    assert upd1.startswith("Updated ")
    assert raw["title"] == title
    assert raw["description"] == intro1
    assert upd1 == f"Updated {raw['updated']}."
    assert "139 questions" in intro1


def test_exactly_139_rulings_with_sequential_ids(records):
    assert len(records) == 139
    assert [r["id"] for r in records] == [f"Q{n:03d}" for n in range(1, 140)]


def test_every_seed_line_is_in_the_yaml_unaltered_and_in_order(seed_lines, records):
    """Walk seed and YAML together: each ruling is [its source line], then its answer line(s)."""
    body = seed_lines[HEADER_LINES:]
    i = 0
    for rec in records:
        if rec["source"] is not None:
            assert body[i] == rec["source"], f"{rec['id']}: source line {i + HEADER_LINES + 1} differs"
            i += 1
        answer_lines = rec["answer"].split("\n")
        got = body[i : i + len(answer_lines)]
        assert got == answer_lines, f"{rec['id']}: answer at seed line {i + HEADER_LINES + 1} differs"
        i += len(answer_lines)
    assert i == len(body), f"{len(body) - i} seed lines are not in the YAML"


def test_every_answer_present_exactly_once(seed_lines, records):
    body = seed_lines[HEADER_LINES:]
    answers = [r["answer"] for r in records]
    assert len(set(answers)) == len(answers)
    for rec in records:
        first = rec["answer"].split("\n")[0]
        assert body.count(first) == 1, rec["id"]


def test_line_accounting(seed_lines, records):
    body = seed_lines[HEADER_LINES:]
    with_source = sum(r["source"] is not None for r in records)
    extra_answer_lines = sum(r["answer"].count("\n") for r in records)
    assert with_source + len(records) + extra_answer_lines == len(body)
    assert with_source == 127
    assert [r["id"] for r in records if r["source"] is None] == [
        "Q050",
        "Q052",
        "Q057",
        "Q058",
        "Q059",
        "Q067",
        "Q092",
        "Q094",
        "Q101",
        "Q110",
        "Q117",
        "Q119",
    ]


def test_the_quotation_belongs_to_the_overbuild_ruling(records):
    multi = [r for r in records if "\n" in r["answer"]]
    assert [r["id"] for r in multi] == ["Q083"]
    lines = multi[0]["answer"].split("\n")
    assert len(lines) == 3
    assert "no cubes on the map AND no cubes on the demand display" in lines[1]
    assert lines[1].startswith("\u201c") and lines[2] == "\u2014 Martin Wallace, designer"
    assert lines[0].startswith("Only when there are no cubes of that resource anywhere")


_PROVENANCE = re.compile(
    r"^(The designer|The map's designer|Roxley|Several experienced|Many experienced|Two experienced|"
    r"(The )?(Board Setup|Player Area Setup|Build Action|Flipping Industry Tiles|Player Turns|Actions List|"
    r"End of|Loan Action|Sell Action|Develop Action|Network Action|Connected Locations|Consuming|"
    r"Moving Coal|Classic Rules|Community 2-Player|Canal Era Building|Overbuilding|note under))"
)


def test_source_lines_read_as_provenance_and_answers_do_not(records):
    for rec in records:
        if rec["source"] is not None:
            assert _PROVENANCE.match(rec["source"]), rec["id"]
        first = rec["answer"].split("\n")[0]
        if rec["id"] == "Q126":  # "Roxley raised it from 3 to 5 VP ...": an answer about Roxley
            assert first.startswith("Roxley raised it")
            continue
        assert not _PROVENANCE.match(first), rec["id"]


def test_build_script_agrees_with_the_yaml():
    _seed_path()
    proc = subprocess.run(
        [sys.executable, str(REPO / "tools" / "build_rulings.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr + proc.stdout


# --------------------------------------------------------------------------- schema


def test_yaml_validates_against_the_schema(raw):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(raw))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def test_schema_rejects_bad_entries(raw):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    v = jsonschema.Draft202012Validator(schema)
    good = raw["rulings"][82]
    for change in (
        {"id": "Q83"},
        {"topics": ["overbuilding"]},
        {"engine": "maybe"},
        {"authority": ["none"]},
        {"question": "no question mark"},
        {"surprise": 1},
        {"applies_to": "birmingham"},
    ):
        bad = dict(raw, rulings=[dict(good, **change)])
        assert list(v.iter_errors(bad)), change
    nosource = dict(raw, rulings=[dict(good, source=None)])
    assert list(v.iter_errors(nosource))  # authority must then be [none]
    assert not list(v.iter_errors(dict(raw, rulings=[dict(good, source=None, authority=["none"])])))


def test_schema_vocabulary_matches_the_module():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    d = schema["$defs"]
    assert tuple(d["topic"]["enum"]) == R.TOPICS
    assert tuple(d["authority"]["enum"]) == R.AUTHORITIES
    assert tuple(d["engine"]["enum"]) == R.ENGINE_CLASSES
    assert tuple(d["appliesTo"]["enum"]) == R.APPLIES_TO


# --------------------------------------------------------------------------- content checks


def test_questions_are_real_specific_questions(records):
    questions = [r["question"] for r in records]
    assert len(set(questions)) == len(questions)
    for rec in records:
        q = rec["question"]
        assert q.endswith("?") and len(q) >= 25, rec["id"]
        assert not re.search(r"\b(TODO|TBD|FIXME|placeholder|lorem|question \d+)\b", q, re.I), rec["id"]
        assert q != rec["answer"]


def test_authority_follows_the_source_line(records):
    for rec in records:
        src, auth = rec["source"], rec["authority"]
        if src is None:
            assert auth == ["none"]
            continue
        assert ("map-designer" in auth) == ("map's designer" in src), rec["id"]
        assert ("publisher" in auth) == ("Roxley" in src), rec["id"]
        assert ("designer" in auth) == bool(re.search(r"designer", src.replace("map's designer", ""))), rec[
            "id"
        ]
        if re.search(r"players (agree|confirm)", src):
            assert "community" in auth, rec["id"]
        if "doesn't address" in src:
            assert "rulebook" not in auth, rec["id"]


def test_fan_map_and_variant_rulings(records):
    by_id = {r["id"]: r for r in records}
    catalonia = [r["id"] for r in records if r["applies_to"] == "catalonia"]
    assert catalonia == [f"Q{n}" for n in range(134, 140)]
    for rid in catalonia:
        assert by_id[rid]["engine"] == "out-of-scope"
        assert "other-maps" in by_id[rid]["topics"]
        assert by_id[rid]["authority"] == ["map-designer"]
    for needle in ("Montseny", "Palam\u00f3s", "Peninsula", "M\u00f3ra la Nova"):
        assert any(needle in by_id[rid]["answer"] for rid in catalonia)
    assert [r["id"] for r in records if r["applies_to"] == "classic"] == ["Q128", "Q129", "Q130", "Q131"]
    assert [r["id"] for r in records if r["applies_to"] == "community-2p"] == ["Q132"]
    assert [r["id"] for r in records if r["engine"] == "variant"] == ["Q128", "Q129", "Q130", "Q131", "Q132"]


def test_engine_classes_of_anchor_rulings(records):
    by_id = {r["id"]: r for r in records}
    for rid in ("Q083", "Q060", "Q036", "Q037", "Q024", "Q019", "Q033", "Q097", "Q118"):
        assert by_id[rid]["engine"] == "enforced", rid
    for rid in ("Q009", "Q010", "Q029", "Q126", "Q133"):
        assert by_id[rid]["engine"] == "informational", rid


def test_related_ids_exist_and_are_mostly_symmetric(records):
    ids = {r["id"] for r in records}
    links = {(r["id"], x) for r in records for x in r["related"]}
    for rec in records:
        assert rec["related"], rec["id"]
        assert rec["id"] not in rec["related"]
        assert set(rec["related"]) <= ids
        assert len(rec["related"]) <= 6
    symmetric = sum((b, a) in links for a, b in links)
    assert symmetric / len(links) > 0.9


# --------------------------------------------------------------------------- the data API


def test_load_rulings_returns_frozen_rulings_in_order():
    rulings = R.load_rulings()
    assert list(rulings) == [f"Q{n:03d}" for n in range(1, 140)]
    r = rulings["Q083"]
    assert isinstance(r, R.Ruling) and r.number == 83
    assert isinstance(r.topics, tuple) and isinstance(r.related, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.answer = "changed"  # type: ignore[misc]
    assert R.load_rulings() is rulings  # cached
    d = r.to_dict()
    assert d["id"] == "Q083" and d["source"] and d["authority"] == ["rulebook", "designer"]


@pytest.mark.parametrize("text", ["Q080", "q80", "80", "Q80", "080", " q080 ", "#80"])
def test_get_ruling_accepts_id_spellings(text):
    assert R.get_ruling(text).id == "Q080"


def test_unknown_id_suggests_nearest():
    with pytest.raises(UnknownNameError) as exc:
        R.get_ruling("Q140")
    assert exc.value.suggestions[0] == "Q139"
    assert "Q001-Q139" in exc.value.message
    with pytest.raises(UnknownNameError) as exc:
        R.get_ruling("0")
    assert exc.value.suggestions[0] == "Q001"
    with pytest.raises(UnknownNameError) as exc:
        R.get_ruling("overbuild")
    assert exc.value.suggestions  # words: the rulings a search finds


def test_list_rulings_filters():
    assert len(R.list_rulings()) == 139
    over = R.list_rulings(topic="overbuild")
    assert over and all("overbuild" in r.topics for r in over)
    assert "Q083" in {r.id for r in over}
    assert [r.id for r in R.list_rulings(authority="map-designer")] == [f"Q{n}" for n in range(134, 140)]
    none = R.list_rulings(authority="none")
    assert len(none) == 12 and all(r.source is None for r in none)
    enforced = R.list_rulings(engine="enforced")
    assert all(r.engine == "enforced" for r in enforced)
    both = R.list_rulings(topic="coal", engine="out-of-scope")
    assert both and all(r.applies_to == "catalonia" for r in both)
    assert R.list_rulings(topic="OVERBUILD") == over
    counts = {e: len(R.list_rulings(engine=e)) for e in R.ENGINE_CLASSES}
    assert sum(counts.values()) == 139


def test_list_rulings_unknown_filter_value():
    with pytest.raises(UnknownNameError) as exc:
        R.list_rulings(topic="overbiuld")
    assert "overbuild" in exc.value.suggestions
    with pytest.raises(UnknownNameError):
        R.list_rulings(engine="enforce-ish")


def test_json_cache_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRASS_JUDGE_NO_CACHE", raising=False)
    copy = tmp_path / "lancashire.yaml"
    copy.write_bytes(RULINGS_YAML.read_bytes())
    try:
        R._clear_caches()
        first = R.load_rulings(copy)
        R.search("overbuild coal mine", path=copy)
        files = sorted(p.name for p in (tmp_path / "cache" / "brass-judge").iterdir())
        assert any(f.startswith("rulings-") for f in files) and any(f.startswith("index-") for f in files)
        R._clear_caches()
        second = R.load_rulings(copy)  # served from the JSON cache
        assert second == first
        assert R.search("overbuild coal mine", path=copy)[0][0].id == R.search("overbuild coal mine")[0][0].id
        # a corrupt cache is ignored, and an edited file is never served stale
        for f in (tmp_path / "cache" / "brass-judge").iterdir():
            f.write_text("{not json", encoding="utf-8")
        R._clear_caches()
        assert R.load_rulings(copy) == first
        copy.write_text(
            copy.read_text(encoding="utf-8").replace(
                "Can players keep their money hidden", "Can players keep their cash hidden"
            ),
            encoding="utf-8",
        )
        R._clear_caches()
        assert R.load_rulings(copy)["Q009"].question.startswith("Can players keep their cash hidden")
    finally:
        R._clear_caches()


def test_each_games_file_keeps_its_own_cache(tmp_path, monkeypatch):
    """Using both games does not rebuild their caches in turn: each file has its own, and only
    older copies of the same file's (or an older cache version's) are removed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRASS_JUDGE_NO_CACHE", raising=False)
    cache = tmp_path / "cache" / "brass-judge"
    cache.mkdir(parents=True)
    (cache / "rulings-v1-0123456789abcdef0123456789abcdef.json").write_text("[]", encoding="utf-8")
    birmingham = R.rulings_path("birmingham")
    try:
        for _ in range(2):
            R._clear_caches()
            R.search("overbuild coal mine")
            R._clear_caches()
            R.search("where do I get ale", path=birmingham)
        files = sorted(p.name for p in cache.iterdir())
        assert [f.split("-")[:3] for f in files] == [
            ["index", "v2", "birmingham"],
            ["index", "v2", "lancashire"],
            ["rulings", "v2", "birmingham"],
            ["rulings", "v2", "lancashire"],
        ], files
        R._clear_caches()
        assert R.search("where do I get ale", path=birmingham)[0][0].id == "B037"  # served from the cache
    finally:
        R._clear_caches()


def test_no_cache_env_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("BRASS_JUDGE_NO_CACHE", "1")
    copy = tmp_path / "lancashire.yaml"
    copy.write_bytes(RULINGS_YAML.read_bytes())
    try:
        R._clear_caches()
        assert len(R.load_rulings(copy)) == 139
        R.search("loan", path=copy)
        assert not (tmp_path / "cache").exists()
    finally:
        R._clear_caches()


def test_broken_yaml_is_an_input_error(tmp_path, monkeypatch):
    from brass_judge.errors import InputError

    monkeypatch.setenv("BRASS_JUDGE_NO_CACHE", "1")
    bad = tmp_path / "bad.yaml"
    bad.write_text("rulings: [\n", encoding="utf-8")
    try:
        R._clear_caches()
        with pytest.raises(InputError):
            R.load_rulings(bad)
        bad.write_text("!!python/object:os.system {}\n", encoding="utf-8")
        with pytest.raises(InputError):  # never an unsafe loader
            R.load_rulings(bad)
    finally:
        R._clear_caches()


def test_data_module_imports_no_cli_or_heavy_libraries(tmp_path):
    code = (
        "import sys, time\n"
        "t = time.perf_counter()\n"
        "import brass_judge.rulings as R\n"
        "R.search('can I overbuild a colliery while the market has coal')\n"
        "R.get_ruling('Q80'); R.list_rulings(topic='coal')\n"
        "bad = [m for m in ('typer', 'rich', 'jsonschema', 'networkx', 'click') if m in sys.modules]\n"
        "print(repr(bad), round((time.perf_counter() - t) * 1000, 1))\n"
    )
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env)
    assert out.returncode == 0, out.stderr
    bad, _ms = out.stdout.split()
    assert bad == "[]"
