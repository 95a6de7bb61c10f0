"""``brass-judge render`` and :func:`brass_judge.render_svg.render_position`.

The golden file ``tests/golden/render_example.svg`` is the picture of
``examples/render/midgame.yaml`` with ``examples/render/midgame-highlight.yaml``. After a deliberate
change to the drawing, look at the new picture, then rewrite it with
``BRASS_UPDATE_GOLDEN=1 pytest tests/test_render.py``.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import pytest
from conftest import EXAMPLES, REPO, run_cli

from brass_judge.data import game_data
from brass_judge.position_io import load_position
from brass_judge.render_svg import load_layout, player_styles, render_position

SVG = "{http://www.w3.org/2000/svg}"
MIDGAME = EXAMPLES / "render" / "midgame.yaml"
HIGHLIGHT = EXAMPLES / "render" / "midgame-highlight.yaml"
ILLEGAL = EXAMPLES / "render" / "illegal-highlight.yaml"
GOLDEN = REPO / "tests" / "golden" / "render_example.svg"


@pytest.fixture(scope="module")
def data():
    return game_data("standard")


@pytest.fixture(scope="module")
def midgame():
    return load_position(MIDGAME).position


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def groups(root, attr: str) -> list:
    return [g for g in root.iter(f"{SVG}g") if attr in g.attrib]


def texts(el) -> list:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


# ------------------------------------------------------------------------------- the picture
def test_svg_parses_and_names_every_location(midgame, data):
    root = parse(render_position(midgame, data))
    assert root.tag == f"{SVG}svg"
    all_text = texts(root)
    for loc in data.locations.values():
        assert loc.name in all_text, loc.name
    assert len(groups(root, "data-location")) == 25


def test_title_has_era_and_round(midgame, data):
    root = parse(render_position(midgame, data, title="Game 7"))
    title = texts(next(g for g in root.iter(f"{SVG}g") if g.get("class") == "title"))
    assert title[0] == "Game 7 — Canal Era, round 4 of 9"
    assert "red to play" in title[1]


def test_one_group_per_tile_with_owner_industry_level(midgame, data):
    root = parse(render_position(midgame, data))
    tiles = [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]
    assert len(tiles) == len(midgame.tiles) == 6
    by_key = {g.get("data-tile"): g for g in tiles}
    assert set(by_key) == {f"{t.location}:{t.space}" for t in midgame.tiles}
    colours = player_styles(midgame.players)
    for t in midgame.tiles:
        g = by_key[f"{t.location}:{t.space}"]
        assert g.get("data-owner") == t.owner
        assert g.get("data-industry") == t.industry
        assert g.get("data-flipped") == str(t.flipped).lower()
        words = texts(g)
        assert colours[t.owner][1] in words  # the owner's letter
        assert str(t.level) in words
        fills = {r.get("fill") for r in g.iter(f"{SVG}rect")} | {
            r.get("stroke") for r in g.iter(f"{SVG}rect")
        }
        assert colours[t.owner][0] in fills  # the owner's colour
        # the VP and income printed at a tile's foot (Q014), and the space it stands on
        spec = data.tile(t.industry, t.level)
        assert f"+{spec.income}" in words and f"#{t.space}" in words
        if t.flipped:
            assert f"✓{spec.vp}VP" in words  # the tick of a flipped tile, with the VP it scores
        else:
            assert f"{spec.vp}VP" in words
        if t.industry in ("coal_mine", "iron_works") and not t.flipped:
            assert f"×{t.cubes}" in words


def test_every_line_drawn_with_what_it_allows(data, midgame):
    root = parse(render_position(midgame, data))
    lines = {g.get("data-line"): g for g in groups(root, "data-line")}
    assert set(lines) == set(data.lines) and len(lines) == 36
    assert lines["ellesmere-port~liverpool"].get("data-allows") == "canal"
    assert lines["blackburn~bolton"].get("data-allows") == "rail"
    assert lines["bolton~bury"].get("data-allows") == "both"
    assert len(list(lines["bolton~bury"].iter(f"{SVG}line"))) == 2  # a canal and a rail stroke
    dashed = [l for l in lines["ellesmere-port~liverpool"].iter(f"{SVG}line") if l.get("stroke-dasharray")]
    assert dashed  # canal-only: dashed


def test_built_links_in_owner_colour_with_letter(midgame, data):
    root = parse(render_position(midgame, data))
    styles = player_styles(midgame.players)
    links = {g.get("data-link"): g for g in root.iter(f"{SVG}g") if g.get("class") == "link"}
    assert set(links) == {l.line for l in midgame.links}
    for l in midgame.links:
        strokes = {ln.get("stroke") for ln in links[l.line].iter(f"{SVG}line")}
        assert styles[l.owner][0] in strokes
        assert links[l.line].get("data-owner") == l.owner
        badge = next(
            g for g in root.iter(f"{SVG}g") if g.get("class") == "link-badge" and g.get("data-link") == l.line
        )
        assert texts(badge) == [styles[l.owner][1]]


def test_markets_dcm_and_players(midgame, data):
    root = parse(render_position(midgame, data))
    markets = {g.get("data-market"): g for g in groups(root, "data-market")}
    assert markets["coal"].get("data-cubes") == "6" and markets["iron"].get("data-cubes") == "7"
    cubes = [r for r in markets["coal"].iter(f"{SVG}rect") if r.get("class") == "cube"]
    assert len(cubes) == 6
    assert [t for t in texts(markets["coal"]) if t.startswith("£")][:8] == [f"£{p}" for p in data.coal_market]
    dcm = groups(root, "data-marker")[0]
    assert dcm.get("data-marker") == "3" and "X" in texts(dcm)
    assert len([c for c in dcm.iter(f"{SVG}circle") if c.get("class") == "dcm-marker"]) == 1
    players = {g.get("data-player"): g for g in groups(root, "data-player")}
    assert list(players) == midgame.players
    red = " ".join(texts(players["red"]))
    assert "£12" in red and "income +3 (space 16)" in red and "spent £3" in red and "13 links left" in red
    assert "Cot 2" in red and "Ship 0" in red  # next tiles from the mat
    assert "unknown" in " ".join(texts(players["blue"]))


def test_non_industrial_and_outside_locations_show_icons(midgame, data):
    root = parse(render_position(midgame, data))
    locs = {g.get("data-location"): g for g in groups(root, "data-location")}
    assert "outside" in locs["yorkshire"].get("class")
    assert "non-industrial" in locs["blackpool"].get("class")
    for key in ("yorkshire", "blackpool"):
        assert "2" in texts(locs[key])  # the printed link-VP icons
    assert any("trade" in t for t in texts(locs["yorkshire"]))
    assert not any("trade" in t for t in texts(locs["blackpool"]))
    # shared spaces are drawn with both icons
    manchester = locs["manchester"]
    spaces = [g for g in manchester.iter(f"{SVG}g") if g.get("class") == "space"]
    assert [g.get("data-industries") for g in spaces] == ["cotton_mill coal_mine"] * 3 + ["iron_works"]
    assert texts(spaces[1]) == ["Cot", "Coal", "#1"]  # both icons and the space's number


def test_deterministic_and_escapes_text(data):
    pos = load_position(
        {
            "players": {"<b>&amp": {}, "Bob": {}},
            "tiles": ["Bob cotton1@bolton"],
            "links": ["<b>&amp bolton-bury"],
        }
    ).position
    a = render_position(pos, data, title="A & B <c>")
    assert a == render_position(pos, data, title="A & B <c>")
    root = parse(a)
    assert any(t.startswith("A & B <c>") for t in texts(root))
    assert any(t.startswith("<b>&amp") for t in texts(root))


def test_player_styles_unique_colours_and_letters():
    s = player_styles(["blue", "black", "Bob", "red"])
    assert len({c for c, _ in s.values()}) == 4
    assert len({l for _, l in s.values()}) == 4
    assert s["blue"] == ("#0072B2", "B") and s["red"][0] == "#D55E00"
    assert s["black"][1] == "Bl"


def test_layout_covers_the_map_and_boxes_do_not_overlap(data):
    from brass_judge.render_svg import _Geo

    layout = load_layout()
    assert set(layout["locations"]) == set(data.locations)
    for key, loc in data.locations.items():
        grid = layout["locations"][key].get("grid")
        if loc.kind == "town":
            assert grid is not None and len(grid) == len(loc.spaces), key
            assert len({tuple(c) for c in grid}) == len(grid), key
        else:
            assert grid is None, key
    geo = _Geo(data, layout)
    boxes = {}
    for key, (x, y, w, h) in geo.box.items():
        top = 24 if geo.cells[key] else 0  # the name above a town box
        boxes[key] = (x, y - top, x + w, y + h)
        assert 0 <= x and x + w <= 10 + layout["map"]["width"] and y - top >= 70, key
    keys = sorted(boxes)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            ax0, ay0, ax1, ay1 = boxes[a]
            bx0, by0, bx1, by1 = boxes[b]
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, f"{a} overlaps {b}"


def test_geography_roughly_right(data):
    c = {k: (v["x"], v["y"]) for k, v in load_layout()["locations"].items()}
    west_of = lambda a, b: c[a][0] < c[b][0]  # noqa: E731
    north_of = lambda a, b: c[a][1] < c[b][1]  # noqa: E731
    assert west_of("birkenhead", "liverpool") and north_of("birkenhead", "ellesmere-port")
    assert north_of("scotland", "lancaster") and north_of("lancaster", "preston")
    assert north_of("preston", "liverpool") and north_of("southport", "liverpool")
    assert west_of("blackpool", "preston") and west_of("southport", "wigan")
    assert all(north_of(k, "the-midlands") for k in c if k != "the-midlands")
    assert all(west_of(k, "yorkshire") for k in c if k != "yorkshire")
    assert west_of("manchester", "oldham") and north_of("manchester", "stockport")
    assert north_of("stockport", "macclesfield") and north_of("warrington", "northwich")


# ------------------------------------------------------------------------------ highlights
def test_highlight_marks_placed_flipped_removed_links_and_paths(midgame, data):
    hl = {
        "legal": True,
        "placed": [("manchester", 0)],
        "flipped": ["liverpool:0"],
        "removed": [{"location": "bury", "space": 1}],
        "links": ["bolton-manchester"],
        "coal_paths": [["bolton", "manchester"]],
        "iron_paths": [["bolton", "manchester"]],
        "locations": ["Manchester"],
        "caption": "red builds",
    }
    root = parse(render_position(midgame, data, highlight=hl))
    marked = {
        g.get("data-tile"): g.get("data-highlight")
        for g in groups(root, "data-highlight")
        if g.get("data-tile")
    }
    assert marked["manchester:0"] == "placed"
    assert marked["liverpool:0"] == "flipped"
    assert marked["bury:1"] == "removed"  # an empty space: a removed mark of its own
    link = next(
        g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "link" and g.get("data-link") == "bolton~manchester"
    )
    assert link.get("data-highlight") == "placed"
    all_text = texts(root)
    assert "✓ LEGAL" in all_text and "red builds" in all_text
    assert {"NEW", "FLIP", "GONE"} <= set(all_text)
    assert [g.get("data-path") for g in root.iter(f"{SVG}g") if g.get("class") == "coal-path"] == [
        "bolton>manchester"
    ]
    assert [g.get("data-path") for g in root.iter(f"{SVG}g") if g.get("class") == "iron-path"] == [
        "bolton>manchester"
    ]
    rings = [r for r in root.iter(f"{SVG}rect") if "hl-location" in (r.get("class") or "")]
    assert len(rings) == 1


def test_illegal_highlight_says_illegal_and_tried(midgame, data):
    root = parse(render_position(midgame, data, highlight={"legal": False, "placed": [("colne", 0)]}))
    all_text = texts(root)
    assert "✗ ILLEGAL" in all_text and "TRIED" in all_text
    tags = [t for g in root.iter(f"{SVG}g") if g.get("class") == "highlights" for t in texts(g)]
    assert tags == ["TRIED"]
    assert [g.get("data-verdict") for g in groups(root, "data-verdict")] == ["illegal"]


def test_no_highlight_no_badge(midgame, data):
    root = parse(render_position(midgame, data))
    assert not groups(root, "data-verdict") and not groups(root, "data-highlight")


def test_golden_file(midgame, data):
    import yaml

    hl = yaml.safe_load(HIGHLIGHT.read_text(encoding="utf-8"))
    svg = render_position(midgame, data, highlight=hl)
    if os.environ.get("BRASS_UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(svg, encoding="utf-8")
    assert GOLDEN.exists(), "no golden file: run with BRASS_UPDATE_GOLDEN=1 once"
    expected = GOLDEN.read_text(encoding="utf-8")
    assert svg == expected, (
        "the picture changed: look at it (rsvg-convert), then rewrite the golden file "
        "with BRASS_UPDATE_GOLDEN=1 pytest tests/test_render.py"
    )


def test_example_svgs_are_current(midgame, data):
    """examples/render/*.svg are what the CLI draws today (the docs show them)."""
    import yaml

    cases = {"midgame.svg": None, "midgame-verdict.svg": HIGHLIGHT, "illegal-verdict.svg": ILLEGAL}
    for name, hfile in cases.items():
        hl = yaml.safe_load(hfile.read_text(encoding="utf-8")) if hfile else None
        svg = render_position(midgame, data, highlight=hl)
        path = EXAMPLES / "render" / name
        if os.environ.get("BRASS_UPDATE_GOLDEN") == "1":
            path.write_text(svg, encoding="utf-8")
        assert path.read_text(encoding="utf-8") == svg, f"examples/render/{name} is stale"


# ------------------------------------------------------------------------------------- CLI
def test_cli_writes_svg(tmp_path):
    out = tmp_path / "board.svg"
    r = run_cli("render", str(MIDGAME), "-o", str(out))
    assert r.returncode == 0, r.stderr
    root = parse(out.read_text(encoding="utf-8"))
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]) == 6


def test_cli_stdout_and_highlight():
    r = run_cli("render", str(MIDGAME), "-o", "-", "--highlight", str(ILLEGAL), "--title", "T")
    assert r.returncode == 0, r.stderr
    root = parse(r.stdout)
    assert "✗ ILLEGAL" in texts(root)


def test_cli_missing_file_exit_2(tmp_path):
    r = run_cli("render", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "x.svg"))
    assert r.returncode == 2
    assert "not found" in r.stderr
    assert not (tmp_path / "x.svg").exists()


def test_cli_bad_position_and_bad_highlight_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [red, blue]\ntiles: ['red cotton1@atlantis']\n", encoding="utf-8")
    r = run_cli("render", str(bad), "-o", str(tmp_path / "x.svg"))
    assert r.returncode == 2 and "atlantis" in r.stderr
    h = tmp_path / "h.yaml"
    h.write_text("legal: true\nplaced: ['manchster:0']\n", encoding="utf-8")
    r = run_cli("render", str(MIDGAME), "-o", str(tmp_path / "x.svg"), "--highlight", str(h))
    assert r.returncode == 2 and "Manchester" in r.stderr
    h.write_text("legal: true\nplacd: []\n", encoding="utf-8")
    r = run_cli("render", str(MIDGAME), "-o", str(tmp_path / "x.svg"), "--highlight", str(h))
    assert r.returncode == 2 and "placed" in r.stderr


def test_cli_unwritable_output_exit_2(tmp_path):
    r = run_cli("render", str(MIDGAME), "-o", str(tmp_path / "no" / "dir" / "x.svg"))
    assert r.returncode == 2 and "cannot write" in r.stderr


def test_long_title_keeps_era_and_round_readable(midgame, data):
    long = "LEGAL: " + "network manchester-warrington card=coal_mine; " * 6
    root = parse(render_position(midgame, data, title=long, highlight={"legal": True}))
    g = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "title")
    head, sub = texts(g)[:2]
    assert head.endswith("…") and len(head) < len(long)
    assert sub.startswith("Canal Era, round 4 of 9")
    assert g.find(f"{SVG}title").text == long  # the whole title, as a tooltip


def test_long_caption_wraps(midgame, data):
    words = "the coal must come from the nearest connected mine " * 8
    root = parse(render_position(midgame, data, highlight={"legal": False, "caption": words}))
    captions = [t for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert len(captions) == 3 and all(len(t.text) <= 150 for t in captions)


def test_lines_that_cannot_be_built_this_era_are_faded(data, midgame):
    """Canals in the Rail Era, rails in the Canal Era: a player sees at once where links can go."""

    def unusable(pos):
        root = parse(render_position(pos, data))
        return {g.get("data-line") for g in groups(root, "data-line") if g.get("data-usable") == "false"}

    canal = unusable(midgame)
    assert canal == {k for k, ln in data.lines.items() if not ln.canal} and "blackburn~bolton" in canal
    rail_era = midgame.copy()
    rail_era.era = "rail"
    rail_era.tiles = [t for t in midgame.tiles if t.level > 1]
    rail_era.links = []
    assert unusable(rail_era) == {"ellesmere-port~liverpool"}  # the one canal-only line


def test_an_overbuild_picture_says_what_it_removed(tmp_path):
    """check --render on an overbuild: the tag names the tile that left the space and the caption
    says it in words."""
    from conftest import run_cli

    pos = tmp_path / "pos.yaml"
    pos.write_text(
        """\
era: rail
round: 3
turn: red
order: [red, blue, green]
players: {red: {money: 30, mat: {coal: [3, 3, 4]}}, blue: {money: 30}, green: {}}
tiles: [blue coal2@wigan cubes=0 flipped, green iron2@manchester cubes=2]
links: [blue rail liverpool-wigan]
markets: {coal: 0}
deck: {draw: 14}
""",
        encoding="utf-8",
    )
    svg = tmp_path / "v.svg"
    r = run_cli("check", str(pos), "--action", "build coal@wigan card=wigan space=0", "--render", str(svg))
    assert r.returncode == 0, r.stdout + r.stderr
    root = parse(svg.read_text(encoding="utf-8"))
    words = texts(root)
    assert any("✗B Coal2" in w for w in words)  # blue's level 2 coal mine
    assert any("blue's level 2 Coal Mine in Wigan is overbuilt" in w for w in words)  # the caption
