"""Brass: Birmingham's game data: schema-valid files, sound cross-checks, and the facts they pin.

Docstrings cite the section of shared/research/birmingham-facts.md (graded facts with sources) or
the refresher (shared/seeds/001) that each fact rests on. The files are read with yaml.safe_load
and checked with jsonschema here, independently of the package's own checker
(brass_judge.games.birmingham.datacheck), whose cross-checks are then shown to catch broken copies.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml

from brass_judge.games.birmingham import datacheck

DATA = Path(__file__).resolve().parent.parent / "brass_judge" / "games" / "birmingham" / "data"
SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
FILES = ("map", "mat", "deck", "tracks", "variants")


def load(name: str) -> dict:
    with open(DATA / f"{name}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"gamedata-birmingham-{name}.schema.json").read_text(encoding="utf-8"))


def json_view(data):
    """Mapping keys as JSON sees them (YAML's ``4:`` becomes ``"4"``), as the schemas describe."""
    if isinstance(data, dict):
        return {str(k): json_view(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_view(v) for v in data]
    return data


@pytest.fixture(scope="module")
def m():
    return load("map")


@pytest.fixture(scope="module")
def mat():
    return load("mat")


@pytest.fixture(scope="module")
def deck():
    return load("deck")


@pytest.fixture(scope="module")
def tracks():
    return load("tracks")


def of_kind(m, kind):
    return [k for k, v in m["locations"].items() if v["kind"] == kind]


# ----- the files against their schemas ----------------------------------------------------------
@pytest.mark.parametrize("name", FILES)
def test_schema_is_valid_draft_2020_12(name):
    s = schema(name)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)


@pytest.mark.parametrize("name", FILES)
def test_data_file_matches_its_schema(name):
    errors = list(jsonschema.Draft202012Validator(schema(name)).iter_errors(json_view(load(name))))
    assert errors == [], [e.message for e in errors]


@pytest.mark.parametrize(
    "name, path, value",
    [
        ("map", ("locations", "leek", "spaces", 0), ["cotton_mill", "port"]),  # a Lancashire industry
        ("map", ("lines", 0, "between"), ["warrington"]),  # one end
        ("map", ("lines", 38, "between"), ["kidderminster", "worcester", "farm-brewery-south", "derby"]),
        ("map", ("locations", "oxford", "bonus"), {"kind": "beer", "amount": 1}),
        ("map", ("locations", "farm-brewery-north", "spaces"), [["coal_mine"]]),
        ("mat", ("industries", "cotton_mill", "levels", 0, "beer"), 3),
        ("mat", ("industries", "brewery", "levels", 0, "cubes"), 1),  # barrels, not cubes
        ("deck", ("location_cards", "leek"), {2: 0, 3: 2}),  # a player count missing
        ("deck", ("merchant_tiles", "all", "buys"), ["coal_mine"]),
        ("tracks", ("markets", "coal", "empty_price"), 0),
        ("variants", ("standard", "tiles"), {"port": {1: {"cost": 1}}}),
    ],
)
def test_schema_rejects_a_wrong_shape(name, path, value):
    """Each schema is strict enough to catch a plausible slip."""
    data = load(name)
    cur = data
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    assert list(jsonschema.Draft202012Validator(schema(name)).iter_errors(json_view(data)))


# ----- the package's checker --------------------------------------------------------------------
def test_package_checker_finds_nothing():
    assert datacheck.validate_data_files() == []


def test_files_load_through_the_project_reader():
    """The project's YAML reader (line numbers, safe loading) reads every file."""
    from brass_judge.yamlio import load_file

    for name in FILES:
        assert isinstance(load_file(DATA / f"{name}.yaml").data, dict)


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    p = d / f"{name}.yaml"
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


@pytest.mark.parametrize(
    "name, old, new, expect",
    [
        # map
        (
            "map",
            "{between: [dudley, birmingham]",
            "{between: [dudley, brum]",
            "line end 'brum' is not a location",
        ),
        ("map", "{between: [dudley, birmingham]", "{between: [walsall, birmingham]", "listed twice"),
        ("map", "    barrel_spaces: 1\n", "    barrel_spaces: 2\n", "1 tile spaces but 2 barrel spaces"),
        ("map", "aliases: [stoke]", "aliases: [stoke, stone]", "would name both"),
        (
            "map",
            "[kidderminster, worcester, farm-brewery-south]",
            "[kidderminster, worcester, dudley]",
            "three ends but touches no farm brewery",
        ),
        ("map", "{between: [cannock, farm-brewery-north]", "{between: [cannock, dudley]", "has no link line"),
        # mat
        (
            "mat",
            "{level: 4, count: 1, cost: 9, coal: 0, iron: 1, vp: 10, income: 5, link_icons: 2, barrels: {rail: 2}",
            "{level: 5, count: 1, cost: 9, coal: 0, iron: 1, vp: 10, income: 5, link_icons: 2, barrels: {rail: 2}",
            "must run 1, 2, 3",
        ),
        (
            "mat",
            "barrels: {canal: 1}, eras: [canal]",
            "barrels: {canal: 1}, eras: [canal, rail]",
            "barrels given for",
        ),
        # deck
        (
            "deck",
            "  belper:           {2: 0, 3: 0, 4: 2}",
            "  belper:           {2: 0, 3: 1, 4: 2}",
            "teal banner",
        ),
        (
            "deck",
            "  stafford:         {2: 2, 3: 2, 4: 2}",
            "  stafford:         {2: 0, 3: 2, 4: 2}",
            "red banner",
        ),
        (
            "deck",
            "  dudley:           {2: 2, 3: 2, 4: 2}",
            "  dudley:           {2: 2, 3: 2, 4: 1}",
            "must not fall",
        ),
        (
            "deck",
            "  dudley:           {2: 2, 3: 2, 4: 2}",
            "  dudley:           {2: 2, 3: 2, 4: 3}",
            "65 cards, not 64",
        ),
        ("deck", "  dudley:           {2: 2", "  dudleyy:          {2: 2", "not a town"),
        (
            "deck",
            "  blank:        {buys: [],                                       2: 2,",
            "  blank:        {buys: [],   2: 1,",
            "4 merchant tiles at 2 players",
        ),
        (
            "deck",
            "  all:          {buys: [cotton_mill, manufacturer, pottery],",
            "  all:          {buys: [cotton_mill, manufacturer],",
            "no merchant tile buys pottery at 2",
        ),
        (
            "deck",
            "builds: [cotton_mill, manufacturer]",
            "builds: [cotton_mill]",
            "no industry card builds manufacturer",
        ),
        # tracks (and the deck arithmetic)
        (
            "tracks",
            "rounds_per_era: {2: 10, 3: 9, 4: 8}",
            "rounds_per_era: {2: 10, 3: 9, 4: 9}",
            "9 canal rounds at 4 players use 72",
        ),
        (
            "tracks",
            "face_down_discard_per_player: {canal: 1, rail: 0}",
            "face_down_discard_per_player: {canal: 0, rail: 0}",
            "canal rounds at 2 players use 38",
        ),
        ("tracks", "empty_price: 8", "empty_price: 7", "coal market prices must rise and stay below"),
        ("tracks", "setup_fill: 8}", "setup_fill: 11}", "11 cubes at setup but 10 spaces"),
        (
            "tracks",
            "  - {levels: [21, 29], spaces_per_level: 4}",
            "  - {levels: [21, 29], spaces_per_level: 3}",
            "cover 91 spaces",
        ),
        (
            "tracks",
            "start_income_space: 10",
            "start_income_space: 11",
            "start on the space of income level 0",
        ),
        (
            "tracks",
            "rail: {1: {coal: 1}, 2: {coal: 2, beer: 1}}",
            "rail: {1: {coal: 1}, 2: {coal: 2, beer: 1}}\n  canal: {2: {coal: 1}}",
            "canal: resources for 2 links",
        ),
        # variants
        ("variants", "manufacturer: {4: {cost: 14}}", "brewery: {5: {cost: 14}}", "has no level 5"),
        ("variants", "manufacturer: {4: {cost: 14}}", "manufacturer: {4: {cost: 8}}", "already 8"),
        (
            "variants",
            "  extends: standard\n  description: Manufacturer IV costs £14 (",
            "  extends: classic\n  description: Manufacturer IV costs £14 (",
            "not another variant",
        ),
        # doubtful entries point at real values
        ("map", "where: [lines.38.between]", "where: [lines.39.between]", "points at 'lines.39.between'"),
        (
            "deck",
            "where: [location_cards.uttoxeter]",
            "where: [location_cards.uttoxter]",
            "which does not exist",
        ),
    ],
)
def test_package_checker_catches_a_broken_copy(tmp_path, name, old, new, expect):
    """Each cross-check fails on a copy with one fact broken, naming the file and a line."""
    d = _broken_copy(tmp_path, name, old, new)
    errors = datacheck.validate_data_files(d)
    text = [e.render() for e in errors]
    assert any(expect in t for t in text), text
    hit = next(e for e in errors if expect in e.message)
    assert hit.code == "DAT002"
    assert hit.file.endswith(f"{name}.yaml") and hit.line, hit.render()
    assert re.search(rf"{name}\.yaml:\d+", hit.render()), hit.render()


def test_package_checker_reports_schema_problems_with_their_line(tmp_path):
    d = _broken_copy(tmp_path, "tracks", "start_money: 17", "start_money: seventeen")
    errors = datacheck.validate_data_files(d)
    assert [e.code for e in errors] == ["DAT001"]
    assert errors[0].file.endswith("tracks.yaml") and errors[0].line == 5, errors[0].render()
    assert "start_money" in errors[0].render()


def test_package_checker_reports_a_missing_file(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    (d / "deck.yaml").unlink()
    errors = datacheck.validate_data_files(d)
    assert errors and "deck.yaml" in errors[0].render()


# ----- the board (facts §1, §2) ------------------------------------------------------------------
def test_locations(m):
    """20 towns, 2 farm breweries, 5 merchants (facts §1.1, §1.2)."""
    assert len(of_kind(m, "town")) == 20
    assert sorted(of_kind(m, "farm-brewery")) == ["farm-brewery-north", "farm-brewery-south"]
    assert sorted(of_kind(m, "merchant")) == [
        "gloucester",
        "nottingham",
        "oxford",
        "shrewsbury",
        "warrington",
    ]


def test_spaces_per_icon(m):
    """49 industry spaces; icon occurrences and single-icon spaces as counted in facts §1.1."""
    spaces = [tuple(s) for v in m["locations"].values() for s in v.get("spaces", [])]
    assert len(spaces) == 49
    assert sum(len(v.get("spaces", [])) for k, v in m["locations"].items() if v["kind"] == "town") == 47
    icons = Counter(i for s in spaces for i in s)
    assert icons == {
        "manufacturer": 21,
        "cotton_mill": 16,
        "coal_mine": 15,
        "brewery": 11,
        "iron_works": 9,
        "pottery": 4,
    }
    single = Counter(s[0] for s in spaces if len(s) == 1)
    assert single == {
        "iron_works": 5,
        "manufacturer": 4,
        "coal_mine": 4,
        "cotton_mill": 3,
        "pottery": 3,
        "brewery": 3,
    }


@pytest.mark.parametrize(
    "town, spaces",
    [
        ("stoke-on-trent", [["cotton_mill", "manufacturer"], ["pottery", "iron_works"], ["manufacturer"]]),
        ("birmingham", [["cotton_mill", "manufacturer"], ["manufacturer"], ["iron_works"], ["manufacturer"]]),
        ("coalbrookdale", [["iron_works", "brewery"], ["iron_works"], ["coal_mine"]]),
        ("worcester", [["cotton_mill"], ["cotton_mill"]]),
        ("kidderminster", [["cotton_mill", "coal_mine"], ["cotton_mill"]]),
        ("farm-brewery-north", [["brewery"]]),
        ("farm-brewery-south", [["brewery"]]),
    ],
)
def test_town_spaces(m, town, spaces):
    """Spaces in board order (facts §1.1; the towns where rejected sources disagree, §7)."""
    assert m["locations"][town]["spaces"] == spaces


def test_banners(m):
    """Blue: Leek, Stoke, Stone, Uttoxeter; teal: Belper, Derby (facts §1.1, §5)."""
    by = {}
    for k, v in m["locations"].items():
        by.setdefault(v.get("banner"), []).append(k)
    assert sorted(by["blue"]) == ["leek", "stoke-on-trent", "stone", "uttoxeter"]
    assert sorted(by["teal"]) == ["belper", "derby"]


def test_lines(m):
    """39 lines: 31 canal, 38 rail, 8 rail-only, 1 canal-only (Walsall-Burton), 7 touch merchants (facts §2)."""
    lines = m["lines"]
    assert len(lines) == 39
    assert sum(ln["canal"] for ln in lines) == 31
    assert sum(ln["rail"] for ln in lines) == 38
    rail_only = {frozenset(ln["between"]) for ln in lines if not ln["canal"]}
    assert rail_only == {
        frozenset(p)
        for p in [
            ("leek", "belper"),
            ("derby", "uttoxeter"),
            ("stone", "uttoxeter"),
            ("cannock", "burton-on-trent"),
            ("tamworth", "walsall"),
            ("birmingham", "nuneaton"),
            ("nuneaton", "coventry"),
            ("birmingham", "redditch"),
        ]
    }
    assert [sorted(ln["between"]) for ln in lines if not ln["rail"]] == [["burton-on-trent", "walsall"]]
    merchants = set(of_kind(m, "merchant"))
    assert sum(1 for ln in lines if merchants & set(ln["between"])) == 7
    assert {e for ln in lines for e in ln["between"]} == set(m["locations"])


def test_three_ended_line(m):
    """Exactly one line has three ends: Kidderminster, Worcester and Farm Brewery South, both eras
    (facts §2 #39; the rulebook's Farm Breweries)."""
    three = [ln for ln in m["lines"] if len(ln["between"]) == 3]
    assert len(three) == 1
    assert set(three[0]["between"]) == {"kidderminster", "worcester", "farm-brewery-south"}
    assert three[0]["canal"] and three[0]["rail"]
    assert not any("farm-brewery-south" in ln["between"] for ln in m["lines"] if ln is not three[0])


@pytest.mark.parametrize(
    "loc, n",
    [
        ("birmingham", 8),
        ("burton-on-trent", 5),
        ("cannock", 5),
        ("walsall", 5),
        ("derby", 4),
        ("stone", 4),
        ("tamworth", 4),
        ("wolverhampton", 4),
        ("stoke-on-trent", 3),
        ("coalbrookdale", 3),
        ("dudley", 3),
        ("kidderminster", 3),
        ("nuneaton", 3),
        ("redditch", 3),
        ("worcester", 3),
        ("farm-brewery-north", 1),
    ],
)
def test_lines_per_location(m, loc, n):
    """Lines touching each location, the three-ended line counted at each of its ends (facts §2)."""
    assert sum(loc in ln["between"] for ln in m["lines"]) == n


def test_merchants(m):
    """Merchant spaces, pips, barrels, bonuses, printed link VP and the coal icon (facts §1.2, §3.1)."""
    loc = m["locations"]
    spaces = {k: [s["players"] for s in loc[k]["merchant_spaces"]] for k in of_kind(m, "merchant")}
    assert spaces == {
        "warrington": [[3, 4], [3, 4]],
        "nottingham": [[4], [4]],
        "shrewsbury": [[2, 3, 4]],
        "gloucester": [[2, 3, 4], [2, 3, 4]],
        "oxford": [[2, 3, 4], [2, 3, 4]],
    }
    bonus = {k: (loc[k]["bonus"]["kind"], loc[k]["bonus"]["amount"]) for k in spaces}
    assert bonus == {
        "warrington": ("money", 5),
        "nottingham": ("vp", 3),
        "shrewsbury": ("vp", 4),
        "gloucester": ("develop", 1),
        "oxford": ("income", 2),
    }
    for k in spaces:
        assert loc[k]["link_icons"] == 2 and loc[k]["trade_icon"] is True
        assert loc[k]["barrel_spaces"] == len(spaces[k])
    used = {n: sum(n in p for ps in spaces.values() for p in ps) for n in (2, 3, 4)}
    assert used == {2: 5, 3: 7, 4: 9}
    # no town or farm carries the coal-market icon or printed link VP
    assert all(
        not v.get("trade_icon") and not v.get("link_icons") for v in loc.values() if v["kind"] != "merchant"
    )


def test_location_names_are_unique_under_the_judges_matching(m):
    seen = {}
    for k, v in m["locations"].items():
        for name in (k, v["name"], *v.get("aliases", [])):
            n = " ".join(name.lower().replace("-", " ").replace("_", " ").split())
            assert seen.setdefault(n, k) == k, (name, seen[n], k)


# ----- the mat (facts §4) -----------------------------------------------------------------------
def test_mat_totals(mat):
    """45 tiles per player: Cotton 11, Manufacturer 11, Pottery 5, Coal 7, Iron 4, Brewery 7; 14 links."""
    per = {k: sum(t["count"] for t in v["levels"]) for k, v in mat["industries"].items()}
    assert per == {
        "cotton_mill": 11,
        "manufacturer": 11,
        "pottery": 5,
        "coal_mine": 7,
        "iron_works": 4,
        "brewery": 7,
    }
    assert sum(per.values()) == 45
    assert mat["links_per_player"] == 14


@pytest.mark.parametrize(
    "industry, counts",
    [
        ("cotton_mill", [3, 2, 3, 3]),
        ("manufacturer", [1, 2, 1, 1, 2, 1, 1, 2]),
        ("pottery", [1, 1, 1, 1, 1]),
        ("coal_mine", [1, 2, 2, 2]),
        ("iron_works", [1, 1, 1, 1]),
        ("brewery", [2, 2, 2, 1]),
    ],
)
def test_tile_counts_per_level(mat, industry, counts):
    assert [t["count"] for t in mat["industries"][industry]["levels"]] == counts


ROWS = {  # (cost, coal, iron, beer or cubes, vp, income, link icons), facts §4.1-§4.6
    "cotton_mill": [
        (12, 0, 0, 1, 5, 5, 1),
        (14, 1, 0, 1, 5, 4, 2),
        (16, 1, 1, 1, 9, 3, 1),
        (18, 1, 1, 1, 12, 2, 1),
    ],
    "manufacturer": [
        (8, 1, 0, 1, 3, 5, 2),
        (10, 0, 1, 1, 5, 1, 1),
        (12, 2, 0, 0, 4, 4, 0),
        (8, 0, 1, 1, 3, 6, 1),
        (16, 1, 0, 2, 8, 2, 2),
        (20, 0, 0, 1, 7, 6, 1),
        (16, 1, 1, 0, 9, 4, 0),
        (20, 0, 2, 1, 11, 1, 1),
    ],
    "pottery": [
        (17, 0, 1, 1, 10, 5, 1),
        (0, 1, 0, 1, 1, 1, 1),
        (22, 2, 0, 2, 11, 5, 1),
        (0, 1, 0, 1, 1, 1, 1),
        (24, 2, 0, 2, 20, 5, 1),
    ],
    "coal_mine": [
        (5, 0, 0, 2, 1, 4, 2),
        (7, 0, 0, 3, 2, 7, 1),
        (8, 0, 1, 4, 3, 6, 1),
        (10, 0, 1, 5, 4, 5, 1),
    ],
    "iron_works": [
        (5, 1, 0, 4, 3, 3, 1),
        (7, 1, 0, 4, 5, 3, 1),
        (9, 1, 0, 5, 7, 2, 1),
        (12, 1, 0, 6, 9, 1, 1),
    ],
}


@pytest.mark.parametrize("industry", sorted(ROWS))
def test_tile_values(mat, industry):
    levels = mat["industries"][industry]["levels"]
    got = [
        (
            t["cost"],
            t["coal"],
            t["iron"],
            t.get("beer", t.get("cubes")),
            t["vp"],
            t["income"],
            t["link_icons"],
        )
        for t in levels
    ]
    assert got == ROWS[industry]


def test_breweries(mat):
    """Brewery barrels go by the era of building: 1 in the Canal Era, 2 in the Rail Era (facts §4.6)."""
    levels = mat["industries"]["brewery"]["levels"]
    assert [(t["cost"], t["iron"], t["vp"], t["income"], t["link_icons"]) for t in levels] == [
        (5, 1, 4, 4, 2),
        (7, 1, 5, 5, 2),
        (9, 1, 7, 5, 2),
        (9, 1, 10, 5, 2),
    ]
    assert [t["barrels"] for t in levels] == [
        {"canal": 1},
        {"canal": 1, "rail": 2},
        {"canal": 1, "rail": 2},
        {"rail": 2},
    ]


def test_eras_and_lightbulbs(mat):
    """Canal only: every level 1 but Pottery I; Rail only: Pottery V and Brewery IV; lightbulbs on
    Pottery I and III only (facts §4.7; the rulebook lets Pottery I be built in the Rail Era)."""
    canal_only, rail_only, bulbs = set(), set(), set()
    for ind, v in mat["industries"].items():
        for t in v["levels"]:
            if t["eras"] == ["canal"]:
                canal_only.add((ind, t["level"]))
            if t["eras"] == ["rail"]:
                rail_only.add((ind, t["level"]))
            if t.get("lightbulb"):
                bulbs.add((ind, t["level"]))
    assert canal_only == {
        ("cotton_mill", 1),
        ("manufacturer", 1),
        ("coal_mine", 1),
        ("iron_works", 1),
        ("brewery", 1),
    }
    assert rail_only == {("pottery", 5), ("brewery", 4)}
    assert bulbs == {("pottery", 1), ("pottery", 3)}


def test_what_flips_and_what_tiles_carry(mat):
    ind = mat["industries"]
    assert {k for k, v in ind.items() if v["flips_when"] == "sold"} == {
        "cotton_mill",
        "manufacturer",
        "pottery",
    }
    assert {k: v.get("resource") for k, v in ind.items() if v["flips_when"] == "emptied"} == {
        "coal_mine": "coal",
        "iron_works": "iron",
        "brewery": "beer",
    }


# ----- the deck and the merchant tiles (facts §3.2, §5) ----------------------------------------
def test_deck_totals(deck):
    """Location cards 27/35/41, Industry cards 13/19/23, decks 40/54/64 (facts §5)."""
    loc = {n: sum(c[n] for c in deck["location_cards"].values()) for n in (2, 3, 4)}
    ind = {n: sum(c[n] for c in deck["industry_cards"].values()) for n in (2, 3, 4)}
    assert loc == {2: 27, 3: 35, 4: 41}
    assert ind == {2: 13, 3: 19, 4: 23}
    assert {n: loc[n] + ind[n] for n in (2, 3, 4)} == deck["deck_size"] == {2: 40, 3: 54, 4: 64}


def test_industry_cards(deck):
    """No single Cotton Mill or Manufacturer card: one dual card builds either (facts §5)."""
    cards = {k: (sorted(c["builds"]), c[2], c[3], c[4]) for k, c in deck["industry_cards"].items()}
    assert cards == {
        "iron_works": (["iron_works"], 4, 4, 4),
        "coal_mine": (["coal_mine"], 2, 2, 3),
        "pottery": (["pottery"], 2, 2, 3),
        "brewery": (["brewery"], 5, 5, 5),
        "cotton_mill_manufacturer": (["cotton_mill", "manufacturer"], 0, 6, 8),
    }


def test_location_cards_follow_the_banners(m, deck):
    """2 players: no blue or teal cards; 3 players: no teal (facts §1.1, §5); Uttoxeter 1 at 3p."""
    banner = {k: v.get("banner") for k, v in m["locations"].items()}
    for town, c in deck["location_cards"].items():
        assert (c[2] == 0) == (banner[town] in ("blue", "teal")), town
        assert (c[3] == 0) == (banner[town] == "teal"), town
    assert deck["location_cards"]["uttoxeter"] == {2: 0, 3: 1, 4: 2}
    assert set(deck["location_cards"]) == set(of_kind(m, "town"))


def test_wild_cards(deck):
    """4 Wild Location + 4 Wild Industry, outside the deck; a Wild Location builds in towns only
    (never a farm brewery)."""
    w = deck["wild_cards"]
    assert (w["wild_location"]["count"], w["wild_industry"]["count"]) == (4, 4)
    assert w["wild_location"]["location_kinds"] == ["town"]


def test_merchant_tile_pools(m, deck):
    """Pools of 5/7/9 tiles fill the merchant spaces marked for 2/3/4 players (facts §3.2)."""
    tiles = deck["merchant_tiles"]
    pool = {n: Counter({k: t[n] for k, t in tiles.items() if t[n]}) for n in (2, 3, 4)}
    assert pool[2] == Counter(all=1, cotton_mill=1, manufacturer=1, blank=2)
    assert pool[3] == pool[2] + Counter(pottery=1, blank=1)
    assert pool[4] == pool[3] + Counter(cotton_mill=1, manufacturer=1)
    assert {n: sum(p.values()) for n, p in pool.items()} == {2: 5, 3: 7, 4: 9}
    assert tiles["all"]["buys"] == ["cotton_mill", "manufacturer", "pottery"] and tiles["blank"]["buys"] == []
    # at 2 players only the "all" tile buys Pottery
    assert [k for k, t in tiles.items() if t[2] and "pottery" in t["buys"]] == ["all"]


# ----- markets, track, setup (facts §6, §5) -----------------------------------------------------
def test_markets(tracks):
    coal, iron = tracks["markets"]["coal"], tracks["markets"]["iron"]
    assert coal["prices"] == [p for p in range(1, 8) for _ in (0, 1)]
    assert iron["prices"] == [p for p in range(1, 6) for _ in (0, 1)]
    assert (len(coal["prices"]), coal["empty_price"], coal["setup_fill"]) == (14, 8, 13)
    assert (len(iron["prices"]), iron["empty_price"], iron["setup_fill"]) == (10, 6, 8)
    for mk in (coal, iron):
        assert mk["prices"] == sorted(mk["prices"]) and mk["prices"][-1] < mk["empty_price"]
    # the spaces left empty at setup are the cheapest: one £1 coal space, both £1 iron spaces
    assert coal["prices"][: 14 - 13] == [1] and iron["prices"][: 10 - 8] == [1, 1]


def _level_of(tracks, space):
    s = 0
    for b in tracks["income_bands"]:
        for level in range(b["levels"][0], b["levels"][1] + 1):
            if s <= space < s + b["spaces_per_level"]:
                return level
            s += b["spaces_per_level"]
    raise AssertionError(space)


@pytest.mark.parametrize(
    "space, level",
    [
        (0, -10),
        (9, -1),
        (10, 0),
        (11, 1),
        (12, 1),
        (29, 10),
        (30, 10),
        (31, 11),
        (33, 11),
        (60, 20),
        (61, 21),
        (64, 21),
        (96, 29),
        (97, 30),
        (99, 30),
    ],
)
def test_progress_track(tracks, space, level):
    """Spaces -> income levels as read around the board (facts §6.2)."""
    assert _level_of(tracks, space) == level


def test_setup_costs_and_loans(tracks):
    s = tracks["setup"]
    assert (s["start_money"], s["start_income_space"], s["hand_size"]) == (17, 10, 8)
    assert s["rounds_per_era"] == {2: 10, 3: 9, 4: 8}
    assert s["face_down_discard_per_player"] == {"canal": 1, "rail": 0}
    assert tracks["link_costs"] == {"canal": {1: 3}, "rail": {1: 5, 2: 15}}
    assert tracks["link_resources"] == {"rail": {1: {"coal": 1}, 2: {"coal": 2, "beer": 1}}}
    assert tracks["loans"] == {
        "amounts": [30],
        "income_floor": -10,
        "stop_when_deck_empty": False,
        "levels_per_loan": 3,
    }
    assert _level_of(tracks, 99) == 30 and tracks["progress_track_spaces"] == 100


def test_rounds_use_up_the_deck(deck, tracks):
    """Canal: 1 face-down card + 1 action in round 1 + 2 per later round; Rail: 2 per round (facts §5)."""
    s = tracks["setup"]
    for n in (2, 3, 4):
        r = s["rounds_per_era"][n]
        assert n * (1 + 1 + 2 * (r - 1)) == deck["deck_size"][n]
        assert n * 2 * r == deck["deck_size"][n]


def test_worked_turn_figures(m, mat, deck, tracks):
    """The refresher's worked turn (seeds/001): £9; Sell a Cotton Mill with the Merchant's barrel,
    whose bonus is £5 (Warrington): £14; one canal link for £3: £11; a hand of 8; an own Brewery
    built in the Canal Era holds 1 barrel; a mill needs 1 beer at any level."""
    bonus = m["locations"]["warrington"]["bonus"]
    assert bonus == {"kind": "money", "amount": 5}
    money = 9 + bonus["amount"]
    assert money == 14
    money -= tracks["link_costs"]["canal"][1]
    assert money == 11
    assert tracks["setup"]["hand_size"] == 8
    assert {t["beer"] for t in mat["industries"]["cotton_mill"]["levels"]} == {1}
    assert all(t["barrels"].get("canal", 1) == 1 for t in mat["industries"]["brewery"]["levels"])
    # Warrington holds tiles from 3 players up, and a cotton-buying tile is in the 3-player pool
    assert all(3 in s["players"] for s in m["locations"]["warrington"]["merchant_spaces"])
    assert any(t[3] and "cotton_mill" in t["buys"] for t in deck["merchant_tiles"].values())


# ----- the disputed Manufacturer IV and the other doubts ----------------------------------------
def test_manufacturer_iv_is_a_documented_choice(mat):
    variants = load("variants")
    iv = mat["industries"]["manufacturer"]["levels"][3]
    assert (iv["level"], iv["cost"], iv["income"]) == (4, 8, 6)
    assert variants["manufacturer-iv-14"]["tiles"] == {"manufacturer": {4: {"cost": 14}}}
    assert variants["manufacturer-iv-rulebook"]["tiles"] == {"manufacturer": {4: {"cost": 14, "income": 7}}}
    assert "tiles" not in variants["standard"]
    doubt = next(d for d in mat["doubtful"] if d["id"] == "manufacturer-iv-cost")
    assert doubt["confidence"] == "disputed"
    assert "manufacturer-iv-14" in doubt["alternative"] and "manufacturer-iv-rulebook" in doubt["alternative"]


def test_doubts_are_recorded():
    got = {(d["file"], d["id"]) for d in datacheck.doubtful_facts()}
    assert got == {
        ("map.yaml", "merchant-link-icons-without-tile"),
        ("map.yaml", "three-end-link-scoring"),
        ("mat.yaml", "manufacturer-iv-cost"),
        ("deck.yaml", "uttoxeter-3-players"),
        ("deck.yaml", "card-player-marks"),
        ("deck.yaml", "merchant-tile-marks"),
    }


def test_open_questions_in_the_variants():
    """The table options of rulings/birmingham.yaml: B059 (ties compare the income space; the
    level reading selectable) and B061 (merchant link icons at every count; with a tile selectable)."""
    v = load("variants")
    assert v["standard"]["tie_break"] == ["income_space", "money"]
    assert v["income-level-tie-break"]["tie_break"] == ["income_level", "money"]
    assert v["standard"]["merchant_link_icons"] == "always"
    assert v["merchant-icons-with-tile"]["merchant_link_icons"] == "with_tile"
    assert all(v[k].get("extends") == "standard" for k in v if k != "standard")
    rulings = yaml.safe_load(
        (DATA.parent.parent.parent.parent / "rulings" / "birmingham.yaml").read_text("utf-8")
    )
    ids = {r["id"] for r in rulings["rulings"]}
    assert {"B059", "B060", "B061"} <= ids
