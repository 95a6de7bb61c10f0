"""Check Brass: Birmingham's data files against their schemas and against each other.

The schemas (``schemas/gamedata-birmingham-<file>.schema.json``) check each file's shape; the
cross-checks here check what a schema cannot see: names that refer across files, counts that must
agree (deck sizes and rounds per era, merchant tiles and merchant spaces, the banner rule), markets
and the Progress Track. Every problem is an :class:`~brass_judge.errors.InputError` naming its file,
line and field: ``DAT001`` for a schema violation, ``DAT002`` for a cross-check. The facts and their
sources are in ``shared/research/birmingham-facts.md``; see ``docs/data-birmingham.md``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

#: The data files, in load order; each has the schema ``gamedata-birmingham-<name>``.
DATA_FILES = ("map", "mat", "deck", "tracks", "variants")
GAME = "birmingham"
PLAYER_COUNTS = (2, 3, 4)


def data_dir() -> Path:
    """The package's own Birmingham data folder."""
    return Path(__file__).resolve().parent / "data"


def schema_name(name: str) -> str:
    """The schema of data file *name* (``schemas/<schema_name>.schema.json``)."""
    return f"gamedata-{GAME}-{name}"


def validate_data_files(directory: Path | str | None = None) -> list:
    """Check the data files in *directory* (default: the package's) against their schemas, then
    against each other; return the problems found (empty when the data is sound). The
    cross-checks run only when every file matches its schema."""
    import json

    import jsonschema

    from ...data.gamedata import json_view
    from ...errors import InputError
    from ...resources import schema_file
    from ...yamlio import load_file

    d = Path(directory) if directory is not None else data_dir()
    docs: dict = {}
    errors: list = []
    for name in DATA_FILES:
        try:
            docs[name] = load_file(d / f"{name}.yaml", what=f"{GAME} {name} data file")
        except InputError as err:
            errors.extend(getattr(err, "errors", [err]))
            continue
        schema = json.loads(schema_file(schema_name(name)).read_text(encoding="utf-8"))
        validator = jsonschema.Draft202012Validator(schema)
        found = sorted(
            validator.iter_errors(json_view(docs[name].data)), key=lambda e: [str(p) for p in e.absolute_path]
        )
        for e in found:
            path = _doc_path(docs[name], tuple(e.absolute_path))
            errors.append(docs[name].error(f"does not match the schema: {e.message}", path, code="DAT001"))
    if errors:
        return errors
    return _cross_checks(docs)


def _doc_path(doc: Any, path: tuple) -> tuple:
    """Map a schema error path (string keys) back to the YAML document's own (integer) keys."""
    out: tuple = ()
    for p in path:
        if out + (p,) not in doc.lines and isinstance(p, str) and p.lstrip("-").isdigit():
            if out + (int(p),) in doc.lines:
                p = int(p)
        out += (p,)
    return out


def _norm(name: str) -> str:
    """A name as the judge matches it: case, hyphens, underscores and spacing do not count."""
    return " ".join(str(name).lower().replace("_", " ").replace("-", " ").replace("&", " and ").split())


def _cross_checks(docs: dict) -> list:
    out: list = []

    def err(name: str, message: str, path: tuple = ()) -> None:
        out.append(docs[name].error(message, path, code="DAT002"))

    m, mat, deck, tr, variants = (docs[n].data for n in DATA_FILES)
    locs = m["locations"]
    kinds = {k: v["kind"] for k, v in locs.items()}
    towns = [k for k, kind in kinds.items() if kind == "town"]
    merchants = [k for k, kind in kinds.items() if kind == "merchant"]
    industries = mat["industries"]
    sold = [i for i, v in industries.items() if v["flips_when"] == "sold"]

    # Map: names and aliases name one location each.
    seen: dict = {}
    for key, v in locs.items():
        for alias in (key, v["name"], *v.get("aliases", [])):
            norm = _norm(alias)
            if seen.get(norm, key) != key:
                err("map", f"name {alias!r} would name both {seen[norm]} and {key}", ("locations", key))
            seen[norm] = key
    # Map: merchants have one barrel space beside each tile space, and the coal-market icon.
    for key in merchants:
        v = locs[key]
        if v["barrel_spaces"] != len(v["merchant_spaces"]):
            err(
                "map",
                f"merchant {key} has {len(v['merchant_spaces'])} tile spaces but {v['barrel_spaces']} barrel spaces",
                ("locations", key, "barrel_spaces"),
            )
        if not v["trade_icon"]:
            err("map", f"merchant {key} must show the coal-market icon", ("locations", key, "trade_icon"))
    # Map: every line end is a location, no line is printed twice, every location has a line;
    # a farm brewery is reached by exactly one line (its own, or the three-ended one).
    pairs: dict = {}
    for i, row in enumerate(m["lines"]):
        ends = row["between"]
        for end in ends:
            if end not in locs:
                err("map", f"line end {end!r} is not a location", ("lines", i, "between"))
        k = "~".join(sorted(ends))
        if k in pairs:
            err("map", f"line {'-'.join(ends)} is listed twice (first as lines[{pairs[k]}])", ("lines", i))
        pairs.setdefault(k, i)
        if len(ends) == 3 and not any(kinds.get(e) == "farm-brewery" for e in ends):
            err("map", f"line {'-'.join(ends)} has three ends but touches no farm brewery", ("lines", i))
    touched = Counter(e for row in m["lines"] for e in row["between"])
    for key in locs:
        if not touched[key]:
            err("map", f"location {key!r} has no link line", ("locations", key))
        elif kinds[key] == "farm-brewery" and touched[key] != 1:
            err("map", f"farm brewery {key!r} is on {touched[key]} lines; it has one", ("locations", key))

    # Mat: levels 1, 2, 3, ... in order; a Brewery's barrels are given for exactly its eras.
    for ind, v in industries.items():
        levels = [t["level"] for t in v["levels"]]
        if levels != list(range(1, len(levels) + 1)):
            err("mat", f"{ind} levels {levels} must run 1, 2, 3, ... in order", ("industries", ind, "levels"))
        for j, t in enumerate(v["levels"]):
            if "barrels" in t and sorted(t["barrels"]) != sorted(t["eras"]):
                err(
                    "mat",
                    f"{ind} level {t['level']}: barrels given for {sorted(t['barrels'])}, but it is built in {t['eras']}",
                    ("industries", ind, "levels", j, "barrels"),
                )

    # Deck: a Location card for every town and nothing else; the banner rule; counts that never
    # shrink as players are added; deck sizes; industry cards build every industry.
    for card in deck["location_cards"]:
        if kinds.get(card) != "town":
            err("deck", f"location card {card!r} is not a town", ("location_cards", card))
    for key in towns:
        if key not in deck["location_cards"]:
            err("deck", f"no location cards listed for town {key!r}", ("location_cards",))
    for key, c in deck["location_cards"].items():
        if kinds.get(key) != "town":
            continue
        banner = locs[key].get("banner")
        absent = tuple(n for n in PLAYER_COUNTS if c[n] == 0)
        expected = {"blue": (2,), "teal": (2, 3)}.get(banner, ())
        if absent != expected:
            err(
                "deck",
                f"{key} ({banner} banner) should have no cards at {list(expected) or 'no player count'}, "
                f"but has none at {list(absent) or 'no player count'}",
                ("location_cards", key),
            )
    for section in ("location_cards", "industry_cards", "merchant_tiles"):
        for key, c in deck[section].items():
            if not c[2] <= c[3] <= c[4]:
                err("deck", f"{section}.{key}: counts must not fall as players are added", (section, key))
    built = {i for c in deck["industry_cards"].values() for i in c["builds"]}
    for ind in industries:
        if ind not in built:
            err("deck", f"no industry card builds {ind}", ("industry_cards",))
    for ind in built - set(industries):
        err("deck", f"industry cards build {ind!r}, which is not on the mat", ("industry_cards",))
    for n in PLAYER_COUNTS:
        size = sum(c[n] for c in deck["location_cards"].values()) + sum(
            c[n] for c in deck["industry_cards"].values()
        )
        if size != deck["deck_size"][n]:
            err("deck", f"the {n}-player deck has {size} cards, not {deck['deck_size'][n]}", ("deck_size", n))
    for j, kind in enumerate(deck["wild_cards"]["wild_location"]["location_kinds"]):
        if kind not in kinds.values():
            err(
                "deck",
                f"no location is of kind {kind!r}",
                ("wild_cards", "wild_location", "location_kinds", j),
            )
    # Deck and map: the merchant tiles in play fill exactly the merchant spaces marked for the
    # player count, and each sold industry has a tile that buys it at every count.
    for n in PLAYER_COUNTS:
        spaces = sum(1 for k in merchants for s in locs[k]["merchant_spaces"] if n in s["players"])
        tiles = sum(t[n] for t in deck["merchant_tiles"].values())
        if tiles != spaces:
            err(
                "deck",
                f"{tiles} merchant tiles at {n} players, but the board marks {spaces} merchant spaces for {n}",
                ("merchant_tiles",),
            )
        for ind in sold:
            if not any(t[n] and ind in t["buys"] for t in deck["merchant_tiles"].values()):
                err("deck", f"no merchant tile buys {ind} at {n} players", ("merchant_tiles",))
    for key, t in deck["merchant_tiles"].items():
        for ind in t["buys"]:
            if ind not in sold:
                err(
                    "deck",
                    f"merchant tile {key} buys {ind}, which is not sold",
                    ("merchant_tiles", key, "buys"),
                )

    # Tracks and deck: each era's rounds use up the deck exactly (the Canal Era's first round has
    # fewer actions and each player's face-down card starts the discard pile).
    setup = tr["setup"]
    for n in PLAYER_COUNTS:
        rounds = setup["rounds_per_era"][n]
        for era in ("canal", "rail"):
            first = setup["first_round_actions"] if era == "canal" else setup["actions_per_turn"]
            per_player = (
                setup["face_down_discard_per_player"][era] + first + setup["actions_per_turn"] * (rounds - 1)
            )
            if n * per_player != deck["deck_size"][n]:
                err(
                    "tracks",
                    f"{rounds} {era} rounds at {n} players use {n * per_player} cards, "
                    f"but the deck has {deck['deck_size'][n]}",
                    ("setup", "rounds_per_era", n),
                )
    # Tracks: a market per resource carried as cubes; prices rise and stay below the empty price;
    # the setup fill fits.
    cube_resources = {v["resource"] for v in industries.values() if v.get("resource") in ("coal", "iron")}
    if set(tr["markets"]) != cube_resources:
        err(
            "tracks",
            f"markets {sorted(tr['markets'])} must be those of {sorted(cube_resources)}",
            ("markets",),
        )
    for res, mk in tr["markets"].items():
        prices = mk["prices"]
        if prices != sorted(prices) or prices[-1] >= mk["empty_price"]:
            err("tracks", f"{res} market prices must rise and stay below the empty price", ("markets", res))
        if mk["setup_fill"] > len(prices):
            err(
                "tracks",
                f"{res} market: {mk['setup_fill']} cubes at setup but {len(prices)} spaces",
                ("markets", res, "setup_fill"),
            )
    # Tracks: the income bands follow on and cover the track; the start space is level 0.
    bands = tr["income_bands"]
    spaces = sum((b["levels"][1] - b["levels"][0] + 1) * b["spaces_per_level"] for b in bands)
    if spaces != tr["progress_track_spaces"]:
        err(
            "tracks",
            f"income bands cover {spaces} spaces, not {tr['progress_track_spaces']}",
            ("income_bands",),
        )
    for i, b in enumerate(bands[1:], 1):
        if b["levels"][0] != bands[i - 1]["levels"][1] + 1:
            err("tracks", "income bands must follow on from each other", ("income_bands", i))
    if bands and bands[0]["spaces_per_level"] == 1 and setup["start_income_space"] != -bands[0]["levels"][0]:
        err(
            "tracks",
            "the income marker must start on the space of income level 0",
            ("setup", "start_income_space"),
        )
    # Tracks: two-link rail costs and consumptions go together; loans stay on the track.
    for era, by_count in tr["link_resources"].items():
        for count in by_count:
            if count not in tr["link_costs"].get(era, {}):
                err(
                    "tracks",
                    f"{era}: resources for {count} links but no cost",
                    ("link_resources", era, count),
                )
    if tr["loans"]["income_floor"] < bands[0]["levels"][0]:
        err("tracks", "the loan floor is below the lowest income level", ("loans", "income_floor"))

    # Variants: references resolve, and tile changes name a tile and change it.
    for vname, v in variants.items():
        base = v.get("extends")
        if base is not None and (base == vname or base not in variants):
            err("variants", f"{vname} extends {base!r}, which is not another variant", (vname, "extends"))
        for ind, by_level in (v.get("tiles") or {}).items():
            for level, changes in by_level.items():
                tiles = [
                    t for t in industries.get(ind, {}).get("levels", []) if str(t["level"]) == str(level)
                ]
                if not tiles:
                    err("variants", f"{vname}: {ind} has no level {level}", (vname, "tiles", ind, level))
                    continue
                for f, value in changes.items():
                    if tiles[0].get(f) == value:
                        err(
                            "variants",
                            f"{vname}: {ind} level {level} {f} is already {value} in mat.yaml",
                            (vname, "tiles", ind, level, f),
                        )
    if "standard" in variants and variants["standard"].get("extends"):
        err("variants", "standard extends nothing", ("standard", "extends"))

    from ...data.gamedata import check_doubt_paths

    check_doubt_paths(docs, err)
    return out


def doubtful_facts(directory: Path | str | None = None) -> list:
    """The values recorded as doubtful in the data files, each a dict with the file it lives in
    (``file``) and the entry's ``id``, ``about``, ``where``, ``chosen``, ``alternative``,
    ``sources``, ``confidence``, ``check`` and, where look-ups were made, ``found``."""
    from ...yamlio import load_file

    d = Path(directory) if directory is not None else data_dir()
    out = []
    for name in DATA_FILES[:-1]:
        data = load_file(d / f"{name}.yaml").data
        for entry in data.get("doubtful", []) if isinstance(data, dict) else []:
            out.append({"file": f"{name}.yaml", **entry})
    return out
