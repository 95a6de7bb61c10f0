"""``brass-judge render`` on Brass: Birmingham positions (docs/render.md, "Brass: Birmingham").

The golden file ``tests/golden/render_birmingham_example.svg`` is the picture of
``examples/birmingham/render/midcanal-4p.yaml`` with ``midcanal-4p-highlight.yaml``. After a
deliberate change to the drawing, look at the new picture, then rewrite it (and the example
pictures beside the position) with ``BRASS_UPDATE_GOLDEN=1 pytest tests/test_birmingham_render.py``.
"""

from __future__ import annotations

import math
import os
import random
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
import yaml
from conftest import EXAMPLES, REPO
from typer.testing import CliRunner

from brass_judge.cli import app
from brass_judge.data import game_data
from brass_judge.engine.driver import GameDriver
from brass_judge.position_io import load_position
from brass_judge.render_svg import _Geo, load_layout, render_position, validate_layout

SVG = "{http://www.w3.org/2000/svg}"
HERE = EXAMPLES / "birmingham" / "render"
MIDCANAL = HERE / "midcanal-4p.yaml"
HIGHLIGHT = HERE / "midcanal-4p-highlight.yaml"
RAIL = EXAMPLES / "birmingham" / "flow" / "rail-era-end.yaml"
GOLDEN = REPO / "tests" / "golden" / "render_birmingham_example.svg"
LAYOUT = REPO / "brass_judge" / "games" / "birmingham" / "data" / "layout.yaml"
runner = CliRunner()


@pytest.fixture(scope="module")
def data():
    return game_data("standard", "birmingham")


@pytest.fixture(scope="module")
def midcanal():
    return load_position(MIDCANAL).position


@pytest.fixture(scope="module")
def setup2(data):
    return GameDriver.new_game(["red", "blue"], data, rng=random.Random(5)).position


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def texts(el) -> list:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


def of_class(root, tag: str, cls: str) -> list:
    return [e for e in root.iter(f"{SVG}{tag}") if cls in (e.get("class") or "").split()]


def board_tiles(root) -> ET.Element:
    """The group of the tiles on the board (not the legend's samples)."""
    return next(g for g in root.iter(f"{SVG}g") if g.get("class") == "tiles")


def counted(root, cls: str) -> int:
    """The cubes (or barrels) the board's tiles show: the N of each '×N' of that class."""
    shown = of_class(board_tiles(root), "text", cls)
    return sum(int(re.search(r"×(\d+)", "".join(t.itertext())).group(1)) for t in shown)


def marks(root) -> dict:
    """data-tile / data-link of the tiles and links -> their data-highlight."""
    return {
        g.get("data-tile") or g.get("data-link"): g.get("data-highlight")
        for g in root.iter(f"{SVG}g")
        if g.get("class") in ("tile", "link")
    }


# ------------------------------------------------------------------------------- the picture
@pytest.mark.parametrize("which", ["setup2", "midcanal"])
def test_names_every_town_farm_brewery_and_merchant(which, data, request):
    root = parse(render_position(request.getfixturevalue(which), data))
    words = texts(root)
    for loc in data.locations.values():  # the names as the map data gives them
        assert loc.name in words, loc.name
    drawn = {g.get("data-location"): g.get("class") for g in root.iter(f"{SVG}g") if g.get("data-location")}
    assert drawn == {k: f"location {loc.kind}" for k, loc in data.locations.items()}
    title = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "title")
    assert texts(title)[0].startswith("Brass: Birmingham — Canal Era")


def test_draws_every_tile_link_barrel_and_cube(midcanal, data):
    root = parse(render_position(midcanal, data))
    tiles = {g.get("data-tile"): g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"}
    assert set(tiles) == {f"{t.location}:{t.space}" for t in midcanal.tiles}
    for t in midcanal.tiles:
        g = tiles[f"{t.location}:{t.space}"]
        assert (g.get("data-owner"), g.get("data-industry"), g.get("data-level"), g.get("data-flipped")) == (
            t.owner,
            t.industry,
            str(t.level),
            str(t.flipped).lower(),
        )
    links = {g.get("data-link"): g for g in root.iter(f"{SVG}g") if g.get("class") == "link"}
    assert set(links) == {l.line for l in midcanal.links}
    # the three-ended link is drawn to all three places: three spokes in each of its three layers
    three = "farm-brewery-south~kidderminster~worcester"
    assert three in links and len(links[three].findall(f"{SVG}line")) == 9
    brewery = sum(t.cubes for t in midcanal.tiles if t.industry == "brewery")
    assert counted(root, "barrels") == brewery == 2
    assert len(of_class(board_tiles(root), "circle", "barrel")) == 2  # one disc on each Brewery
    mines = sum(t.cubes for t in midcanal.tiles if t.industry in ("coal_mine", "iron_works"))
    assert counted(root, "cubes") == mines == 10
    # merchants: one tile per space in play, its face, and the barrels still beside them
    spaces = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("merchant-space")]
    faces = [(g.get("data-merchant"), g.get("data-face"), g.get("data-barrel")) for g in spaces]
    want = [(m, s.face, str(s.barrel).lower()) for m, ss in midcanal.merchants.items() for s in ss]
    assert sorted(faces) == sorted(want) and len(faces) == 9  # 4 players: every merchant space
    assert len(of_class(root, "circle", "merchant-barrel")) == sum(
        s.barrel for ss in midcanal.merchants.values() for s in ss
    )
    assert len(of_class(root, "circle", "barrel-taken")) == 2
    for market in ("coal", "iron"):
        g = next(g for g in root.iter(f"{SVG}g") if g.get("data-market") == market)
        assert int(g.get("data-cubes")) == midcanal.markets[market]
        assert len(of_class(g, "rect", "cube")) == midcanal.markets[market]
        assert len(g.findall(f"{SVG}text")) == 2 + len(data.markets[market].prices)


def test_flipped_tiles_show_their_link_icons_and_lancashire_keeps_its_tiles(midcanal, data):
    """A flipped tile carries a coin with the link VP icons its links score (B052); unflipped ones none."""
    root = parse(render_position(midcanal, data))
    tiles = {g.get("data-tile"): g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"}
    flipped = [t for t in midcanal.tiles if t.flipped]
    assert len(flipped) >= 3
    for t in midcanal.tiles:
        shown = [
            "".join(e.itertext())
            for e in tiles[f"{t.location}:{t.space}"].iter(f"{SVG}text")
            if e.get("class") == "tile-link-icons"
        ]
        icons = data.tile(t.industry, t.level).link_icons
        assert shown == ([str(icons)] if t.flipped and icons else []), t
    lancashire = load_position(EXAMPLES / "render" / "midgame.yaml").position
    svg = render_position(lancashire, game_data("standard"))
    assert "tile-link-icons" not in svg and 'data-flipped="true"' in svg


def test_two_players_leave_warrington_and_nottingham_empty(setup2, data):
    root = parse(render_position(setup2, data))
    unused = [g for g in root.iter(f"{SVG}g") if g.get("class") == "merchant-space unused"]
    assert sorted(g.get("data-merchant") for g in unused) == ["nottingham"] * 2 + ["warrington"] * 2
    used = [g for g in root.iter(f"{SVG}g") if g.get("class") == "merchant-space"]
    assert len(used) == 5 and sorted(g.get("data-face") for g in used) == sorted(
        s.face for ss in setup2.merchants.values() for s in ss
    )
    # a barrel beside every tile that is not blank, at setup
    assert len(of_class(root, "circle", "merchant-barrel")) == sum(
        s.face != "blank" for ss in setup2.merchants.values() for s in ss
    )
    assert not of_class(root, "g", "tile") and not [
        g for g in root.iter(f"{SVG}g") if g.get("class") == "link"
    ]
    coal = next(g for g in root.iter(f"{SVG}g") if g.get("data-market") == "coal")
    assert coal.get("data-cubes") == "13" and "empty: £8 each" in texts(coal)


def test_side_panel_figures(midcanal, data):
    root = parse(render_position(midcanal, data))
    rows = {g.get("data-player"): " | ".join(texts(g)) for g in root.iter(f"{SVG}g") if g.get("data-player")}
    assert list(rows) == midcanal.players  # in turn order
    for name in midcanal.players:
        p = midcanal.player[name]
        row = rows[name]
        level = data.income_level(p.income_space)
        links_left = p.links_left if p.links_left is not None else 14
        for fig in (
            f"£{p.money} ",
            f"income {level:+d} (space {p.income_space})",
            f"{p.vp} VP",
            f"spent £{p.spent}",
            f"{links_left} links left",
            f"{len(p.hand)} cards in hand",
            f"discard {len(p.discard)} + 1 face down",
        ):
            assert fig in row, (name, fig, row)
    assert "◀ to play" in rows[midcanal.turn]
    cards = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "cards")
    assert cards.get("data-draw-deck") == "14"
    assert "Wild Location: 4 left · Wild Industry: 4 left" in texts(cards)
    title = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "title")
    assert texts(title)[:2] == ["Brass: Birmingham — Canal Era, round 3 of 8", "blue to play, 2 actions left"]


def test_rail_era_fades_the_canal_only_line(data):
    pos = load_position(RAIL).position
    root = parse(render_position(pos, data))
    faded = {g.get("data-line") for g in root.iter(f"{SVG}g") if g.get("data-usable") == "false"}
    assert faded == {k for k, ln in data.lines.items() if not ln.rail} == {"burton-on-trent~walsall"}
    kinds = {g.get("data-link"): g.get("data-kind") for g in root.iter(f"{SVG}g") if g.get("class") == "link"}
    assert set(kinds.values()) == {"rail"} and len(kinds) == 4
    assert texts(next(g for g in root.iter(f"{SVG}g") if g.get("class") == "title"))[0].startswith(
        "Brass: Birmingham — Rail Era, round 10 of 10"
    )


def test_deterministic_and_golden(midcanal, data):
    hl = yaml.safe_load(HIGHLIGHT.read_text(encoding="utf-8"))
    svg = render_position(midcanal, data, highlight=hl)
    assert svg == render_position(load_position(MIDCANAL).position, data, highlight=hl)
    root = parse(svg)
    marked = marks(root)
    assert marked["birmingham:1"] == "placed" and marked["birmingham~oxford"] == "placed"
    assert [g.get("data-path") for g in root.iter(f"{SVG}g") if g.get("class") == "coal-path"] == [
        "dudley>birmingham"
    ]
    pictures = {GOLDEN: svg, HERE / "midcanal-4p-verdict.svg": svg, HERE / "midcanal-4p.svg": None}
    for path, text in pictures.items():
        text = text if text is not None else render_position(midcanal, data)
        if os.environ.get("BRASS_UPDATE_GOLDEN") == "1":
            path.write_text(text, encoding="utf-8")
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} changed: look at it (rsvg-convert), then rewrite it with "
            "BRASS_UPDATE_GOLDEN=1 pytest tests/test_birmingham_render.py"
        )


# ------------------------------------------------------------------------------------ layout
def test_layout_file_is_sound(data):
    assert validate_layout("birmingham") == []
    assert validate_layout("lancashire") == []  # the cross-checks hold for Lancashire's too


@pytest.mark.parametrize(
    "old, new, code, field",
    [
        ("  leek:               {x: 640, y: 90, grid: [[0, 0], [1, 0]]}\n", "", "DAT002", "locations"),
        ("{x: 640, y: 90,", "{x: six, y: 90,", "DAT001", "locations.leek.x"),
        ("{x: 640, y: 90, grid: [[0, 0], [1, 0]]}", "{x: 640, y: 90, grid: [[0, 0]]}", "DAT002", "grid"),
        ("slots: [[0, 0], [0, 1]]", "slots: [[0, 0], [0, 0]]", "DAT002", "slots"),
        ("{junction: [290, 1095]}", "{}", "DAT001", "junction"),
        ("  width: 1100", "  width: 1100\n  colour: red", "DAT001", "map"),
    ],
)
def test_a_broken_layout_is_reported_with_file_line_and_field(tmp_path, old, new, code, field):
    text = LAYOUT.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "layout.yaml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = validate_layout("birmingham", broken)
    assert errors and {e.code for e in errors} == {code}, [e.render() for e in errors]
    shown = errors[0].render()
    assert str(broken) in shown and re.search(r"layout\.yaml:\d+", shown) and field.split(".")[-1] in shown, (
        shown
    )


def test_a_three_ended_line_needs_its_junction(tmp_path):
    text = LAYOUT.read_text(encoding="utf-8")
    broken = tmp_path / "layout.yaml"
    broken.write_text(text[: text.index("\nlines:") + 1], encoding="utf-8")
    (err,) = validate_layout("birmingham", broken)
    assert err.code == "DAT002" and "farm-brewery-south~kidderminster~worcester" in err.message


def _label(geo, key, name, size):
    """The box of a location's name (about 0.62 em a character, bold)."""
    x0, y0, w, h = geo.box[key]
    cx = geo.centre[key][0]
    half = len(name) * 0.62 * size / 2
    base = y0 + h + (15 if size == 12 else 17) if geo.label_below[key] else y0 - 7
    return (cx - half, base - size, cx + half, base + 3)


def _overlap(a, b) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def test_boxes_and_names_do_not_overlap_and_stay_on_the_map(data):
    layout = load_layout("birmingham")
    geo = _Geo(data, layout)
    right, bottom = 10 + layout["map"]["width"], 70 + layout["map"]["height"]
    shapes = {}
    for key, loc in data.locations.items():
        x, y, w, h = geo.box[key]
        shapes[key, "box"] = (x, y, x + w, y + h)
        shapes[key, "name"] = _label(geo, key, loc.name, 12 if loc.kind == "farm-brewery" else 15)
    for (key, what), (x0, y0, x1, y1) in shapes.items():
        assert 10 <= x0 and x1 <= right and 70 <= y0 and y1 <= bottom, (key, what)
    items = sorted(shapes.items())
    for i, (a, sa) in enumerate(items):
        for b, sb in items[i + 1 :]:
            assert not _overlap(sa, sb), f"{a} overlaps {b}"


def _crosses(seg, box) -> bool:
    """Whether the segment passes through the box (sampled finely)."""
    x1, y1, x2, y2 = seg
    n = max(2, int(math.hypot(x2 - x1, y2 - y1) / 2))
    return any(
        box[0] < x1 + (x2 - x1) * i / n < box[2] and box[1] < y1 + (y2 - y1) * i / n < box[3]
        for i in range(n + 1)
    )


def test_no_line_runs_through_a_place_it_does_not_touch(data):
    geo = _Geo(data, load_layout("birmingham"))
    for key, ln in data.lines.items():
        for seg in geo.spokes(ln):
            for loc in data.locations.values():
                if ln.touches(loc.key):
                    continue
                x, y, w, h = geo.box[loc.key]
                assert not _crosses(seg, (x, y, x + w, y + h)), f"the line {key} runs through {loc.name}"


def test_geography_roughly_right():
    c = {k: (v["x"], v["y"]) for k, v in load_layout("birmingham")["locations"].items()}
    west_of = lambda a, b: c[a][0] < c[b][0]  # noqa: E731
    north_of = lambda a, b: c[a][1] < c[b][1]  # noqa: E731
    assert all(west_of("shrewsbury", k) for k in c if k != "shrewsbury")
    assert all(north_of(k, "gloucester") for k in c if k not in ("gloucester",))
    assert north_of("warrington", "stoke-on-trent") and west_of("warrington", "stoke-on-trent")
    assert (
        north_of("stoke-on-trent", "stone")
        and north_of("stone", "stafford")
        and north_of("stafford", "cannock")
    )
    assert west_of("derby", "nottingham") and north_of("belper", "derby")
    assert west_of("wolverhampton", "walsall") and west_of("dudley", "birmingham")
    assert west_of("birmingham", "coventry") and north_of("nuneaton", "coventry")
    assert north_of("kidderminster", "worcester") and west_of("worcester", "redditch")
    assert west_of("farm-brewery-north", "cannock") and west_of("farm-brewery-south", "worcester")


# ------------------------------------------------------------------------------------- CLI
def _render(*args):
    return runner.invoke(app, ["render", *map(str, args)])


def test_cli_writes_the_picture_and_check_render_draws_a_verdict(tmp_path):
    out = tmp_path / "board.svg"
    r = _render(MIDCANAL, "-o", out, "--highlight", HIGHLIGHT)
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name != "board.svg"]  # no temporary file left
    verdict = tmp_path / "verdict.svg"
    worked = EXAMPLES / "birmingham" / "worked-turn"
    r = runner.invoke(
        app, ["check", str(worked / "position.yaml"), str(worked / "turn.yaml"), "--render", str(verdict)]
    )
    assert r.exit_code == 0, r.output
    root = parse(verdict.read_text(encoding="utf-8"))
    assert "✓ LEGAL" in texts(root)
    marked = marks(root)
    assert marked["stoke-on-trent:0"] == "flipped" and marked["leek~stoke-on-trent"] == "placed"
    barrel = next(
        g
        for g in root.iter(f"{SVG}g")
        if g.get("data-merchant") == "warrington" and g.get("data-slot") == "0"
    )
    assert barrel.get("data-barrel") == "false"  # the barrel red took for the sale


def test_cli_never_writes_over_the_position(tmp_path):
    pos = tmp_path / "pos.yaml"
    shutil.copy(MIDCANAL, pos)
    before = pos.read_bytes()
    r = _render(pos, "-o", pos)
    assert r.exit_code == 2 and "INP094" in r.output and pos.read_bytes() == before


def test_cli_bad_inputs_exit_2_with_file_line_and_field(tmp_path):
    chess = tmp_path / "chess.yaml"
    chess.write_text("game: chess\nplayers: [red, blue]\n", encoding="utf-8")
    r = _render(chess, "-o", tmp_path / "x.svg")
    assert r.exit_code == 2 and f"{chess}:1" in r.output and "chess" in r.output, r.output
    assert "Traceback" not in r.output and not (tmp_path / "x.svg").exists()
    h = tmp_path / "h.yaml"
    h.write_text("legal: true\nplaced: ['birmingam:1']\nlinks: [leek-oxford]\n", encoding="utf-8")
    r = _render(MIDCANAL, "-o", tmp_path / "x.svg", "--highlight", h)
    assert r.exit_code == 2 and f"{h}:2" in r.output and "Birmingham" in r.output, r.output
    assert f"{h}:3" in r.output and "no link line between Leek and Oxford" in r.output, r.output
    assert not (tmp_path / "x.svg").exists()


def test_render_position_rejects_a_position_of_an_unknown_game(midcanal, data):
    from brass_judge.errors import UnknownNameError

    other = midcanal.copy()
    other.game = "chess"
    with pytest.raises(UnknownNameError, match="unknown game 'chess'"):
        render_position(other, data)


def test_a_hand_made_position_with_no_merchants_still_draws(data):
    pos = load_position(
        {
            "game": "birmingham",
            "players": ["red", "blue"],
            "tiles": ["red brewery1@farm-brewery-north barrels=1"],
        }
    ).position
    root = parse(render_position(pos, data))
    assert counted(root, "barrels") == 1
