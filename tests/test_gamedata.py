"""The Lancashire game data: schema-valid files, and every fact the FAQ guarantees.

Docstrings cite the FAQ answer (rulings/lancashire.yaml ids Q001..Q139) that pins each fact;
facts with no FAQ answer cite the research sheet (shared/research/lancashire-facts.md).
Doubtful values (one source or inferred) are tested only for what the FAQ guarantees about them,
plus that their doubt is recorded next to them (see docs/data.md).
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from brass_judge.data import INDUSTRIES, game_data
from brass_judge.data.gamedata import (
    DATA_FILES,
    _read_yaml,
    doubtful_facts,
    json_view,
    validate_data_files,
)
from brass_judge.errors import InputError, UnknownNameError
from brass_judge.resources import data_dir, rulings_file, schema_file


@pytest.fixture(scope="module")
def gd():
    return game_data("standard")


@pytest.fixture(scope="module")
def classic():
    return game_data("classic")


def towns(gd) -> list:
    return [k for k, v in gd.locations.items() if v.kind == "town"]


# ----- the files against their schemas ----------------------------------------------------------
@pytest.mark.parametrize("name", DATA_FILES)
def test_schema_is_valid_draft_2020_12(name):
    """Each data file has a well-formed draft 2020-12 schema."""
    import jsonschema

    schema = json.loads(schema_file(f"gamedata-{name}").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_matches_its_schema(name):
    """Every data file validates against its schema (the JSON view: keys as strings)."""
    import jsonschema

    schema = json.loads(schema_file(f"gamedata-{name}").read_text(encoding="utf-8"))
    data = json_view(_read_yaml(data_dir() / f"{name}.yaml"))
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert not errors, [e.message for e in errors]


def test_validate_data_files_is_clean():
    """Schemas and the cross-file checks find nothing in the shipped data."""
    assert [e.render() for e in validate_data_files()] == []


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    d = tmp_path / "lancashire"
    shutil.copytree(data_dir(), d)
    p = d / f"{name}.yaml"
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return d


@pytest.mark.parametrize(
    "name, old, new, code, needle",
    [
        # schema: an unknown industry on a space
        (
            "map",
            "spaces: [[shipyard], [iron_works]]",
            "spaces: [[shipyard], [ironworks]]",
            "DAT001",
            "ironworks",
        ),
        # schema: an extra field on a tile
        (
            "mat",
            "{level: 1, count: 1, cost: 5, coal: 0,",
            "{level: 1, count: 1, cost: 5, colour: red, coal: 0,",
            "DAT001",
            "colour",
        ),
        # schema: a player count missing from a card
        (
            "deck",
            "bury:                 {4: 1, 3: 1, 2: 1, classic: 1}",
            "bury: {4: 1, 3: 1, classic: 1}",
            "DAT001",
            "'2'",
        ),
        # schema: an unknown era in variants
        ("variants", "income_timing: start_of_round", "income_timing: at_noon", "DAT001", "at_noon"),
        # cross-check: a line to a location that does not exist
        (
            "map",
            "{between: [bolton, bury], canal: true, rail: true}",
            "{between: [bolton, burry], canal: true, rail: true}",
            "DAT002",
            "burry",
        ),
        # cross-check: a line listed twice
        (
            "map",
            "{between: [bolton, bury], canal: true, rail: true}",
            "{between: [bury, bolton], canal: true, rail: true}\n  - {between: [bolton, bury], canal: true, rail: true}",
            "DAT002",
            "listed twice",
        ),
        # cross-check: the banner rule (a blue town with cards at 2 players)
        (
            "deck",
            "blackburn:            {4: 2, 3: 2, 2: 0, classic: 2}",
            "blackburn:            {4: 2, 3: 2, 2: 1, classic: 2}",
            "DAT002",
            "blackburn",
        ),
        # cross-check: read-manual cards must be what the 4p deck leaves out of the box
        (
            "deck",
            "read_manual_cards: [coal_mine, port]",
            "read_manual_cards: [coal_mine, iron_works]",
            "DAT002",
            "read-manual",
        ),
        # cross-check: DCM tiles for a player count that are not in the box
        ("tracks", "2: [1, 2, 2, 2, 3, 3, 3, 4]", "2: [1, 2, 2, 2, 3, 3, 3, 4, 4]", "DAT002", "DCM"),
        # cross-check: the income track must have 100 spaces
        (
            "tracks",
            "{levels: [30, 30], spaces_per_level: 3}",
            "{levels: [30, 30], spaces_per_level: 4}",
            "DAT002",
            "100",
        ),
        # cross-check: a doubtful note must point at a real value
        (
            "tracks",
            "where: [dcm_tiles.2, dcm_tiles.3, dcm_tiles.4]",
            "where: [dcm_tiles.5]",
            "DAT002",
            "dcm_tiles.5",
        ),
    ],
)
def test_validate_data_files_reports_file_line_and_field(tmp_path, name, old, new, code, needle):
    """A broken copy of the data is reported with its code, file, line and a useful message."""
    errors = validate_data_files(directory=_broken_copy(tmp_path, name, old, new))
    assert errors, "the broken copy was not reported"
    hit = [e for e in errors if e.code == code and needle.lower() in e.render().lower()]
    assert hit, [e.render() for e in errors]
    assert hit[0].file.endswith(f"{name}.yaml")
    assert hit[0].line is not None


def test_validate_data_files_reports_unreadable_yaml(tmp_path):
    d = _broken_copy(tmp_path, "map", "locations:", "locations: [")
    errors = validate_data_files(directory=d)
    assert errors and all(isinstance(e, InputError) for e in errors)
    assert errors[0].file.endswith("map.yaml")


# ----- map ----------------------------------------------------------------------------------------
def test_location_counts(gd):
    """25 locations: 19 towns, 3 non-industrial towns, 3 outside locations (research sheet §1)."""
    kinds = Counter(l.kind for l in gd.locations.values())
    assert len(gd.locations) == 25
    assert kinds == {"town": 19, "non-industrial": 3, "outside": 3}
    assert sorted(gd.locations[k].name for k in gd.locations if gd.locations[k].kind == "non-industrial") == [
        "Blackpool",
        "Northwich",
        "Southport",
    ]


def test_line_counts(gd):
    """36 lines: 23 allow a canal, 35 a rail; Ellesmere Port-Liverpool is the only canal-only line
    (research sheet §2)."""
    lines = list(gd.lines.values())
    assert len(lines) == 36
    assert sum(ln.canal for ln in lines) == 23
    assert sum(ln.rail for ln in lines) == 35
    assert [ln.key for ln in lines if not ln.rail] == ["ellesmere-port~liverpool"]


def test_every_line_end_is_a_location_and_no_line_is_duplicated(gd):
    """Each line joins two different locations and each pair is printed once: one link per line (Q120)."""
    raw = _read_yaml(data_dir() / "map.yaml")["lines"]
    pairs = [frozenset(r["between"]) for r in raw]
    assert all(len(p) == 2 for p in pairs)
    assert all(e in gd.locations for p in pairs for e in p)
    assert len(set(pairs)) == len(pairs) == len(gd.lines)


def test_map_is_connected_and_every_location_has_a_line(gd):
    import networkx as nx

    assert nx.is_connected(gd.graphs.all)
    assert nx.is_connected(gd.graphs.rail)
    assert all(gd.lines_at(k) for k in gd.locations)


def test_space_counts(gd):
    """43 industry spaces; shared Cotton/Port spaces only in Preston and Lancaster (Q078)."""
    assert sum(len(l.spaces) for l in gd.locations.values()) == 43
    shared = Counter(frozenset(s.industries) for l in gd.locations.values() for s in l.spaces if s.shared)
    assert shared == {frozenset({"cotton_mill", "coal_mine"}): 16, frozenset({"cotton_mill", "port"}): 2}
    cot_port = sorted(
        l.name for l in gd.locations.values() for s in l.spaces if s.industries == {"cotton_mill", "port"}
    )
    assert cot_port == ["Lancaster", "Preston"]


def test_exactly_three_shipyard_spaces(gd):
    """Shipyards can be built only in Liverpool, Birkenhead and Barrow-in-Furness (Q080)."""
    yards = sorted(l.name for l in gd.locations.values() for s in l.spaces_for("shipyard"))
    assert yards == ["Barrow-in-Furness", "Birkenhead", "Liverpool"]


def test_birkenhead_and_barrow_reachable_only_by_rail(gd):
    """No canal line touches Birkenhead or Barrow-in-Furness, so no Canal Era shipyard there (Q080)."""
    for key in ("birkenhead", "barrow-in-furness"):
        assert gd.lines_at(key)
        assert not any(ln.canal for ln in gd.lines_at(key))
    assert {"birkenhead", "barrow-in-furness"} <= gd.graphs.rail_only
    assert "liverpool" not in gd.graphs.rail_only
    assert gd.graphs.rail_only == {"barrow-in-furness", "birkenhead", "blackpool", "southport", "scotland"}


def test_birkenhead_ellesmere_port_rail_and_no_liverpool_birkenhead_line(gd):
    """The Birkenhead-Ellesmere Port rail exists; the Liverpool-Birkenhead Virtual Link is a Classic
    rule, not a printed line (Q128, Q129)."""
    ln = gd.line("Birkenhead", "Ellesmere Port")
    assert ln.rail and not ln.canal
    with pytest.raises(UnknownNameError):
        gd.line("Liverpool", "Birkenhead")
    assert "birkenhead~liverpool" not in gd.lines


def test_liverpool_ellesmere_port_is_canal_only(gd):
    """Research sheet §2 (confirmed by three implementations and the board scan)."""
    ln = gd.line("liverpool", "ellesmere port")
    assert ln.canal and not ln.rail
    assert ln.allows("canal") and not ln.allows("rail")


def test_trade_icons_only_at_the_three_outside_locations(gd):
    """The printed market trade icon is at Scotland, Yorkshire and The Midlands only; ports carry it on
    their tiles (Q062), outside locations on the board (Q056)."""
    assert sorted(l.name for l in gd.locations.values() if l.trade_icon) == [
        "Scotland",
        "The Midlands",
        "Yorkshire",
    ]


def test_printed_link_icons(gd):
    """Blackpool has printed link icons (Q039): 2 each at the six non-town locations, none at towns."""
    assert gd.location("Blackpool").link_icons == 2
    for l in gd.locations.values():
        assert l.link_icons == (0 if l.kind == "town" else 2), l.name


def test_banners(gd):
    """Blue and teal banners mark the towns with no cards at 2 (blue, teal) and 3 (teal) players (Q001)."""
    assert sorted(k for k in gd.locations if gd.locations[k].banner == "blue") == [
        "barrow-in-furness",
        "blackburn",
        "fleetwood",
        "lancaster",
    ]
    assert sorted(k for k in gd.locations if gd.locations[k].banner == "teal") == ["burnley", "colne"]
    for k in towns(gd):
        banner = gd.locations[k].banner
        assert (gd.deck[2].get(k, 0) == 0) == (banner in ("blue", "teal")), k
        assert (gd.deck[3].get(k, 0) == 0) == (banner == "teal"), k
        assert gd.deck[4].get(k, 0) > 0, k


def test_removed_towns_stay_on_the_map(gd):
    """Only the cards go at 2 players: the blue and teal towns keep their spaces and lines (Q003)."""
    for k in ("barrow-in-furness", "blackburn", "fleetwood", "lancaster", "burnley", "colne"):
        assert gd.locations[k].spaces and gd.lines_at(k)


# ----- player mat ---------------------------------------------------------------------------------
def test_links_and_tiles_per_player(gd):
    """14 link tiles (Q008) and 37 industry tiles per player: 12 cotton, 7 coal, 4 iron, 8 port,
    6 shipyard (research sheet §3)."""
    assert gd.links_per_player == 14
    per = {ind: sum(gd.mat_counts()[ind].values()) for ind in INDUSTRIES}
    assert per == {"cotton_mill": 12, "coal_mine": 7, "iron_works": 4, "port": 8, "shipyard": 6}
    assert sum(per.values()) == 37


def test_shipyard_levels_and_eras(gd):
    """Shipyards 0, 1, 2: level 0 never buildable, level 1 Canal only, level 2 Rail only (Q081, Q011)."""
    assert gd.mat_counts()["shipyard"] == {0: 2, 1: 2, 2: 2}
    assert gd.tile("shipyard", 0).eras == ()
    assert gd.tile("shipyard", 1).eras == ("canal",)
    assert gd.tile("shipyard", 2).eras == ("rail",)
    assert not any(gd.tile("shipyard", 0).buildable_in(e) for e in ("canal", "rail"))


def test_all_level_1_tiles_are_canal_only(gd):
    """Level 1 tiles cannot be built in the Rail Era (Q042: they must be built or developed away)."""
    for ind in INDUSTRIES:
        t = gd.tile(ind, 1)
        assert t.eras == ("canal",), ind
    for ind in ("cotton_mill", "coal_mine", "iron_works", "port"):
        for level in (2, 3, 4):
            assert gd.tile(ind, level).eras == ("canal", "rail")


def test_level_1_cotton_mill_vp(gd, classic):
    """Level 1 Cotton Mill scores 5 VP in the Roxley edition and under its Classic Rules, which restore
    only the old deck and the Virtual Link (Q125); 3 under the original 2007 rules (Q125, Q126)."""
    original = game_data("original")
    assert gd.tile("cotton_mill", 1).vp == classic.tile("cotton_mill", 1).vp == 5
    assert original.tile("cotton_mill", 1).vp == 3
    assert original.tile("cotton_mill", 2).vp == gd.tile("cotton_mill", 2).vp == 5


def test_variants_are_data(gd, classic):
    """classic is exactly the Classic Rules (Q125): the 66-card deck and all 12 DCM tiles at 3-4
    players (Q002, Q131), the Virtual Link, Roxley income and tie-break. original extends it."""
    original = game_data("original")
    assert (
        "income_timing" not in classic.variant_rules and "cotton_mill_level1_vp" not in classic.variant_rules
    )
    assert classic.variant_rules["tie_break"] == gd.variant_rules["tie_break"] == ["income_space", "money"]
    assert original.variant_rules["income_timing"] == "start_of_round"
    assert original.variant_rules["tie_break"] == ["income_space", "money", "turn_order"]
    for v in (classic, original):
        assert v.variant_rules["virtual_link"] == ["liverpool", "birkenhead"]
        assert sum(v.deck_for(3).values()) == sum(v.deck_for(4).values()) == 66
        assert v.deck_for(2) == gd.deck_for(2) and v.rounds_per_era[2] == gd.rounds_per_era[2] == 10
        assert v.variant_rules["sources"]


def test_mat_levels_rise_and_tiles_flip_with_values(gd):
    """Build the lowest tile first (Q012); flipped tiles show VP and income spaces (Q014)."""
    for ind in INDUSTRIES:
        levels = [t.level for t in gd.mat[ind]]
        assert levels == sorted(levels)
        for t in gd.mat[ind]:
            if t.eras:
                assert t.cost > 0 and t.vp > 0 and t.income > 0 and t.link_icons == 1
    assert gd.tile("shipyard", 1).coal == 1 and gd.tile("shipyard", 1).iron == 1
    assert [gd.tile("coal_mine", lv).cubes for lv in (1, 2, 3, 4)] == [2, 3, 4, 5]
    assert [gd.tile("iron_works", lv).cubes for lv in (1, 2, 3, 4)] == [4, 4, 5, 6]


# ----- deck ---------------------------------------------------------------------------------------
def test_deck_sizes(gd):
    """A correct deck has 40 cards for 2 players, 54 for 3 and 64 for 4 (Q001)."""
    assert {n: sum(gd.deck_for(n).values()) for n in (2, 3, 4)} == {2: 40, 3: 54, 4: 64}


def test_box_is_66_cards(gd, classic):
    """66 cards in the box (41 Location + 25 Industry), two of them read-manual cards out of every
    Roxley setup; the Classic setup uses all 66 (Q002)."""
    box = gd.deck["classic"]
    assert sum(box.values()) == 66
    assert sum(n for k, n in box.items() if k in gd.locations) == 41
    assert sum(n for k, n in box.items() if k in INDUSTRIES) == 25
    assert len(gd.read_manual_cards) == 2
    assert Counter(box) - Counter(gd.deck_for(4)) == Counter(gd.read_manual_cards)
    assert sum(classic.deck_for(3).values()) == sum(classic.deck_for(4).values()) == 66


def test_only_towns_have_location_cards(gd):
    """Every town has Location cards in the box; non-industrial and outside locations have none."""
    box = gd.deck["classic"]
    assert {k for k in box if k in gd.locations} == set(towns(gd))
    with pytest.raises(UnknownNameError):
        gd.card("Blackpool")


def test_counts_per_player_count_fit_in_the_box(gd):
    for n in (2, 3, 4):
        for card, count in gd.deck[n].items():
            assert count <= gd.deck["classic"][card]


def test_rounds_per_era_follow_from_the_deck(gd, classic):
    """8/9/10 rounds at 4/3/2 players (Q018) follow from the deck (Q017: it always divides evenly):
    Canal Era, 1 card per player under the Deck tile (Q016) and a 1-action first round (Q019), so
    each player plays 1 + 2*(rounds-1) cards; Rail Era, every card is drawn, 2*rounds each."""
    under = gd.deck_tile_cards_per_player
    assert under == {"canal": 1, "rail": 2}
    for n in (2, 3, 4):
        deck = sum(gd.deck_for(n).values())
        canal_per_player, rest = divmod(deck - under["canal"] * n, n)
        assert rest == 0
        canal_rounds = (canal_per_player - 1) / 2 + 1
        rail_rounds = deck / n / 2
        assert canal_rounds == rail_rounds == gd.rounds_per_era[n], n
    assert gd.rounds_per_era == {2: 10, 3: 9, 4: 8}
    # Classic 3-4 players: 66 cards, random removal (Q005) gives 10 and 8 rounds (Q125).
    for n in (3, 4):
        rr = classic.variant_rules["random_removal"][n]
        canal = (66 - rr["canal_under_deck_tile"]) / n
        rail = (66 - rr["rail_removed"]) / n
        assert (canal + 1) / 2 == rail / 2 == classic.rounds_per_era[n]
    assert classic.rounds_per_era[3] == 10 and classic.rounds_per_era[4] == 8


def test_draw_deck_runs_out_for_the_last_four_rail_rounds(gd):
    """Loans stop once the Draw Deck is empty, which covers the final 4 rounds (Q037): after the
    8-card hands (Q019) the Rail Era draw deck lasts rounds-4 rounds at every player count."""
    assert gd.hand_size == 8
    for n in (2, 3, 4):
        draw = sum(gd.deck_for(n).values()) - gd.hand_size * n
        rounds_with_draws = draw / (2 * n)
        assert gd.rounds_per_era[n] - rounds_with_draws == 4


# ----- markets, DCM, Progress Track -----------------------------------------------------------
def test_markets(gd):
    """8 coal and 8 iron spaces, one cube each at setup; £5 when empty, no £5 space (Q015)."""
    assert len(gd.coal_market) == len(gd.iron_market) == 8
    assert gd.coal_market == gd.iron_market == (1, 1, 2, 2, 3, 3, 4, 4)
    assert gd.market_empty_price == 5
    assert 5 not in gd.coal_market


def test_dcm_track(gd):
    """Distant Cotton Market bonuses 3-3-2-2-1-1-0-0, then X (Q127, Q105)."""
    assert gd.dcm_track == (3, 3, 2, 2, 1, 1, 0, 0)


def test_dcm_tiles(gd, classic):
    """12 DCM tiles in the box; the Classic setup uses all of them (Q131); each player count keeps the
    tiles showing its dots (Q001), so each count's set comes out of the box set."""
    box = Counter(gd.dcm_tiles["classic"])
    assert sum(box.values()) == 12
    assert box == Counter({0: 2, 1: 2, 2: 4, 3: 3, 4: 1})
    for n in (2, 3, 4):
        assert not Counter(gd.dcm_tiles_for(n)) - box
    assert len(classic.dcm_tiles_for(3)) == len(classic.dcm_tiles_for(4)) == 12
    # the Classic deck setup is for 3-4 players; a 2-player game removes what is not marked for 2
    # players (Q002, Board Setup step 2), so no 0 tile can be drawn (Q131 only skips step 2 at 3-4)
    assert classic.dcm_tiles_for(2) == gd.dcm_tiles_for(2) and 0 not in classic.dcm_tiles_for(2)
    assert Counter(gd.dcm_tiles_for(4)) == box


def test_income_track(gd):
    """Spaces 0..99 carry income levels -10..30 (Q030, Q036); the Income Marker starts on space 10,
    level 0 (Q013)."""
    levels = gd.income_level_of_space
    assert len(levels) == 100
    assert levels[0] == -10 and levels[-1] == 30
    assert list(levels) == sorted(levels)
    assert set(levels) == set(range(-10, 31))
    assert gd.start_income_space == 10 and gd.income_level(10) == 0
    assert gd.income_level(150) == 30 and gd.income_level(-5) == -10


def test_highest_space_per_income_level(gd):
    """A loan lands on the highest space of the new level (Q035): 0..10 for -10..0; 12, 14, ..., 30;
    33, 36, ..., 60; 64, 68, ..., 96; 99."""
    expected = {lv: lv + 10 for lv in range(-10, 1)}
    expected.update({lv: 10 + 2 * lv for lv in range(1, 11)})
    expected.update({lv: 30 + 3 * (lv - 10) for lv in range(11, 21)})
    expected.update({lv: 60 + 4 * (lv - 20) for lv in range(21, 30)})
    expected[30] = 99
    assert {lv: gd.highest_space(lv) for lv in range(-10, 31)} == expected


def test_setup_numbers(gd):
    """£30 each, hand of 8 (Q019), Income Marker on space 10 (Q013)."""
    assert gd.start_money == 30
    assert gd.hand_size == 8
    assert gd.start_income_space == 10


# ----- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, key",
    [
        ("Warrington", "warrington"),
        ("warrington & runcorn", "warrington"),
        ("Warrington and Runcorn", "warrington"),
        ("runcorn", "warrington"),
        ("Ellesmere-Port", "ellesmere-port"),
        ("ELLESMERE PORT", "ellesmere-port"),
        ("barrow", "barrow-in-furness"),
        ("Barrow in Furness", "barrow-in-furness"),
        ("midlands", "the-midlands"),
        ("The Midlands", "the-midlands"),
    ],
)
def test_location_names_are_forgiving(gd, name, key):
    assert gd.location(name).key == key


@pytest.mark.parametrize(
    "name, key",
    [
        ("cotton", "cotton_mill"),
        ("Cotton Mill", "cotton_mill"),
        ("coal", "coal_mine"),
        ("iron", "iron_works"),
        ("Iron Works", "iron_works"),
        ("ship", "shipyard"),
        ("port", "port"),
    ],
)
def test_industry_names(gd, name, key):
    assert gd.industry(name) == key


@pytest.mark.parametrize(
    "text, key",
    [
        ("ellesmere-port-liverpool", "ellesmere-port~liverpool"),
        ("liverpool-ellesmere-port", "ellesmere-port~liverpool"),
        ("bolton-bury", "bolton~bury"),
        ("Bolton~Bury", "bolton~bury"),
        ("barrow-in-furness-lancaster", "barrow-in-furness~lancaster"),
        ("warrington/wigan", "warrington~wigan"),
    ],
)
def test_parse_line(gd, text, key):
    assert gd.parse_line(text).key == key


def test_unknown_names_raise_with_suggestions(gd):
    with pytest.raises(UnknownNameError) as e:
        gd.location("Warington")
    assert "Warrington & Runcorn" in e.value.suggestions
    assert e.value.code == "INP010"
    with pytest.raises(UnknownNameError) as e:
        gd.industry("cottn")
    assert e.value.suggestions
    with pytest.raises(UnknownNameError) as e:
        gd.parse_line("bolton-liverpool")
    assert e.value.suggestions
    with pytest.raises(UnknownNameError):
        game_data("deluxe")


# ----- doubtful values ------------------------------------------------------------------------
def test_doubtful_values_are_recorded_next_to_them():
    """Each doubt on the research sheet keeps its chosen value, the alternative and its source."""
    doubts = {d["id"]: d for d in doubtful_facts()}
    assert {"dcm-tiles-per-player-count", "banner-towns", "read-manual-cards", "coal-mine-cards"} <= set(
        doubts
    )
    assert doubts["dcm-tiles-per-player-count"]["file"] == "tracks.yaml"
    assert doubts["banner-towns"]["file"] == "map.yaml"
    assert doubts["coal-mine-cards"]["file"] == doubts["read-manual-cards"]["file"] == "deck.yaml"
    for d in doubts.values():
        assert d["chosen"] and d["alternative"] and d["sources"] and d["check"]
        assert d["confidence"] in ("one source", "inferred")
    # ... and the data holds the chosen values.
    gd = game_data()
    assert [gd.deck[n]["coal_mine"] for n in (4, 3, 2)] == [4, 4, 3]
    assert sorted(gd.read_manual_cards) == ["coal_mine", "port"]
    assert [len(gd.dcm_tiles_for(n)) for n in (4, 3, 2)] == [12, 10, 8]


def test_doubtful_values_are_commented_in_the_yaml():
    """A reader of the YAML sees the doubt beside the value, not only in the doubtful: list."""
    deck = (data_dir() / "deck.yaml").read_text(encoding="utf-8")
    tracks = (data_dir() / "tracks.yaml").read_text(encoding="utf-8")
    mp = (data_dir() / "map.yaml").read_text(encoding="utf-8")
    assert "doubtful: coal-mine-cards" in deck and "4/3/2" in deck
    assert "doubtful: read-manual-cards" in deck
    assert "doubtful[dcm-tiles-per-player-count]" in tracks and "11/9/7" in tracks
    assert mp.count("doubtful: banner-towns") == 6


# ----- FAQ citations ----------------------------------------------------------------------------
CITED = {
    "Q001": "40 cards",
    "Q002": "66-card",
    "Q003": "only the cards are removed",
    "Q005": "fixed card",
    "Q008": "14",
    "Q011": "level 0",
    "Q012": "lowest-level",
    "Q013": "10 space",
    "Q014": "bottom left",
    "Q015": "8 coal and 8 iron",
    "Q016": "Stephenson",
    "Q017": "divides evenly",
    "Q018": "8 rounds",
    "Q019": "refill to 8",
    "Q030": "level 30",
    "Q035": "highest space",
    "Q036": "-10",
    "Q037": "final 4 rounds",
    "Q039": "Blackpool",
    "Q042": "level 1",
    "Q056": "outside locations",
    "Q062": "trade icon",
    "Q078": "Preston or Lancaster",
    "Q080": "only be reached by rail",
    "Q081": "Level 0 Shipyards",
    "Q105": "X space",
    "Q120": "one Link tile",
    "Q125": "5 VP instead of 3",
    "Q126": "3 to 5 VP",
    "Q127": "3-2-1-0",
    "Q128": "Classic rule",
    "Q129": "Birkenhead-Ellesmere Port",
    "Q131": "all Distant Cotton Market tiles",
}


def test_cited_faq_answers_say_what_is_cited():
    """The FAQ ids cited in these tests (and the data comments) point at the right answers."""
    p = rulings_file() if _has_rulings() else None
    if p is None:
        pytest.skip("rulings/lancashire.yaml is not available")
    data = _read_yaml(p)
    answers = {r["id"]: r["answer"] for r in data["rulings"]}
    for qid, phrase in CITED.items():
        assert phrase.lower() in answers[qid].lower(), (qid, phrase)


def _has_rulings() -> bool:
    try:
        return rulings_file().is_file()
    except FileNotFoundError:
        return False
