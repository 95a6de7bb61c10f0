"""``brass-judge data ...``: show the game data the judge uses, to check it against your box.

Every command prints rich tables by default and a stable JSON document with ``--format json``.
``data check`` validates the data files against their schemas (``schemas/gamedata-*.schema.json``)
and against each other; ``data doubts`` lists the values that rest on one source, with how to
settle each one with a physical copy. See docs/data.md. Written to a file or pipe without COLUMNS
(a CI log, a web page), the tables are laid out up to ``FIT_WIDTH`` (160) columns wide instead of
rich's 80, so no cell is cropped with '…'; COLUMNS and a terminal's width are respected.

Only stdlib and typer at module level: rich is imported inside the commands, networkx never.
"""

from __future__ import annotations

from enum import Enum

import typer

from .cli_common import FORMAT_OPTION, Format, console, emit_json, handles_input_errors
from .errors import ExitCode
from .games import examples as _examples

app = typer.Typer(
    help="Show the game data (map, player mat, deck, markets and tracks) as tables or JSON, "
    "to check it against your copy of the game.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

#: Short labels for the industry icons, as on the research sheet (Cot/Coal is a shared space).
ICON = {"cotton_mill": "Cot", "coal_mine": "Coal", "iron_works": "Iron", "port": "Port", "shipyard": "Ship"}
KIND_LABEL = {"town": "town", "non-industrial": "non-industrial town", "outside": "outside location"}
DECK_COLUMNS = (4, 3, 2, "classic")


class Era(str, Enum):
    canal = "canal"
    rail = "rail"


VARIANT_OPTION = typer.Option(
    "standard",
    "--variant",
    "-v",
    help="Rules variant: 'standard' (Roxley), 'classic' (the rulebook's Classic "
    "Rules) or 'original' (the 2007 rules); with --game birmingham, one of its own "
    "(an unknown variant is answered with the list).",
)


GAME_OPTION = typer.Option(
    None,
    "--game",
    "-g",
    help="The game whose data to show: lancashire (the default) or birmingham.",
)


def _data_games() -> list:
    """The games with a data folder (``<game folder>/data/``: the registry's ``game_folders``)."""
    from .games import game_folders

    return sorted(game_folders())


def _game(game: str | None) -> str:
    """The game key of ``--game`` (None: the default game); an unknown name is an input error."""
    from .games import DEFAULT_GAME

    if game is None:
        return DEFAULT_GAME
    from .errors import UnknownNameError, closest, quote

    key = game.strip().lower()
    games = _data_games()
    if key not in games:
        raise UnknownNameError(
            f"unknown game {quote(game)} (game data exists for: {', '.join(games)})",
            suggestions=closest(key, games) or games,
            field="game",
        )
    return key


def _data(variant: str = "standard", game: str | None = None):
    from .data import game_data

    if game is None:
        return game_data(variant)
    return game_data(variant, game)


def _other_game(game: str | None) -> str | None:
    """The game key when ``--game`` names a game other than the default (its own tables), else None."""
    from .games import DEFAULT_GAME

    key = _game(game)
    return None if key == DEFAULT_GAME else key


def _own_tables(game: str | None):
    """*game*'s own tables (``brass_judge/games/<game>/datatables.py``: ``map_``, ``location``,
    ``lines``, ``mat``, ``deck``, ``tracks``) when it has them, else None: the tables here, which
    show data of Lancashire's shape."""
    if game is None:
        return None
    import importlib
    import importlib.util

    name = f"brass_judge.games.{game}.datatables"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


# ----- plain data (the JSON contract) ---------------------------------------------------------
def _space_industries(space) -> list:
    return [i for i in _industries() if i in space.industries]


def _industries() -> tuple:
    from .data import INDUSTRIES

    return INDUSTRIES


def _space_label(industries: list) -> str:
    return "/".join(ICON[i] for i in industries)


def _line_mode(line) -> str:
    return "c+r" if line.canal and line.rail else ("c" if line.canal else "r")


def _line_dict(gd, line) -> dict:
    return {
        "key": line.key,
        "a": line.a,
        "b": line.b,
        "a_name": gd.locations[line.a].name,
        "b_name": gd.locations[line.b].name,
        "canal": line.canal,
        "rail": line.rail,
    }


def _cards_of(gd, key: str) -> dict | None:
    if gd.locations[key].kind != "town":
        return None
    return {str(c): gd.deck[c].get(key, 0) for c in DECK_COLUMNS}


def _location_dict(gd, loc) -> dict:
    lines = sorted(gd.lines_at(loc.key), key=lambda ln: gd.locations[ln.other(loc.key)].name)
    return {
        "key": loc.key,
        "name": loc.name,
        "kind": loc.kind,
        "spaces": [_space_industries(s) for s in loc.spaces],
        "link_icons": loc.link_icons,
        "trade_icon": loc.trade_icon,
        "banner": loc.banner,
        "aliases": list(loc.aliases),
        "rail_only": not any(ln.canal for ln in lines),
        "cards": _cards_of(gd, loc.key),
        "lines": [
            {
                "key": ln.key,
                "to": ln.other(loc.key),
                "to_name": gd.locations[ln.other(loc.key)].name,
                "canal": ln.canal,
                "rail": ln.rail,
            }
            for ln in lines
        ],
    }


def _tile_dict(t) -> dict:
    return {
        "industry": t.industry,
        "level": t.level,
        "count": t.count,
        "cost": t.cost,
        "coal": t.coal,
        "iron": t.iron,
        "vp": t.vp,
        "income": t.income,
        "link_icons": t.link_icons,
        "cubes": t.cubes,
        "eras": list(t.eras),
    }


def _income_rows(gd) -> list:
    rows = []
    for level in range(gd.income_level_of_space[0], gd.income_level_of_space[-1] + 1):
        rows.append(
            {"level": level, "first_space": gd.lowest_space(level), "last_space": gd.highest_space(level)}
        )
    return rows


def _card_name(gd, key: str) -> str:
    return gd.locations[key].name if key in gd.locations else gd.industry_names[key]


def _card_order(gd) -> list:
    towns = sorted(
        (k for k, v in gd.locations.items() if v.kind == "town"), key=lambda k: gd.locations[k].name
    )
    return towns + list(_industries())


def _yes(b: bool) -> str:
    return "yes" if b else "–"


def _table(title: str | None = None, caption: str | None = None, *, header: bool = True):
    """A table whose title and caption are printed as full lines around it (see :func:`_show`)."""
    from rich import box
    from rich.table import Table

    t = Table(box=box.SIMPLE_HEAD, show_header=header)
    t.brass_title, t.brass_caption = title, caption  # type: ignore[attr-defined]
    return t


#: The width of the tables when standard output is not a terminal and COLUMNS is not set (a CI
#: log, a file, a web page), where rich would fall back to 80 columns and crop words with '…'.
FIT_WIDTH = 160


def _console():
    """A console for the tables: as :func:`console`, but :data:`FIT_WIDTH` columns wide when
    writing to a file or pipe without COLUMNS (COLUMNS, and a terminal's own width, are kept)."""
    import os

    out = console()
    if not out.is_terminal and not os.environ.get("COLUMNS", "").isdigit():
        out.width = FIT_WIDTH
        out.brass_fit = True
    return out


def _show(t, out=None) -> None:
    """Print *t* with its title above (bold) and its caption below, neither squeezed to its width."""
    out = out or _console()
    if t.brass_title:
        out.print(t.brass_title, style="bold")
    width = out.width
    if getattr(out, "brass_fit", False):
        from rich.measure import Measurement

        # never narrower than the table's longest words: no cell is cropped with '…'
        out.width = max(width, Measurement.get(out, out.options.update_width(10_000), t).minimum)
    try:
        out.print(t)
    finally:
        out.width = width
    if t.brass_caption:
        out.print(t.brass_caption, style="dim")
    out.print()


# ----- commands -------------------------------------------------------------------------------
@app.command("map")
@handles_input_errors
def map_(fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION) -> None:
    """Every location: kind, industry spaces, printed link icons, trade icon, banner and lines."""
    other = _other_game(game)
    tables = _own_tables(other)
    if tables is not None:
        return tables.map_(_data("standard", other), fmt == Format.json)
    gd = _data("standard", other)
    locs = sorted(gd.locations.values(), key=lambda l: (list(KIND_LABEL).index(l.kind), l.name))
    if fmt == Format.json:
        emit_json(
            {
                "game": gd.game,
                "locations": [_location_dict(gd, l) for l in locs],
                "counts": _map_counts(gd),
            }
        )
        return
    c = _map_counts(gd)
    t = _table(
        f"{gd.rules.name}, Full Map: {c['locations']} locations ({c['towns']} towns, "
        f"{c['non_industrial']} non-industrial, {c['outside']} outside), {c['lines']} lines, "
        f"{c['spaces']} industry spaces",
        "Spaces: Cot cotton mill, Coal coal mine, Iron iron works, Port port, Ship shipyard; "
        "Cot/Coal is a shared space.\nLines: c = canal only, r = rail only, c+r = either. "
        "Banner: blue = no cards at 2p, teal = none at 2p or 3p.",
    )
    for col in ("Location", "Kind", "Spaces", "Link icons", "Trade icon", "Banner", "Lines"):
        t.add_column(col)
    for l in locs:
        d = _location_dict(gd, l)
        t.add_row(
            l.name,
            KIND_LABEL[l.kind],
            ", ".join(_space_label(s) for s in d["spaces"]) or "–",
            str(l.link_icons or "–"),
            _yes(l.trade_icon),
            l.banner or "–",
            ", ".join(f"{x['to_name']} {_line_mode(gd.lines[x['key']])}" for x in d["lines"]),
        )
    _show(t)


def _map_counts(gd) -> dict:
    kinds = [l.kind for l in gd.locations.values()]
    return {
        "locations": len(kinds),
        "towns": kinds.count("town"),
        "non_industrial": kinds.count("non-industrial"),
        "outside": kinds.count("outside"),
        "lines": len(gd.lines),
        "canal_lines": sum(ln.canal for ln in gd.lines.values()),
        "rail_lines": sum(ln.rail for ln in gd.lines.values()),
        "spaces": sum(len(l.spaces) for l in gd.locations.values()),
    }


@app.command("location")
@handles_input_errors
def location(
    name: str = typer.Argument(..., help=f"Location name; forgiving: {_examples().FORGIVING_LOCATIONS}."),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """One location in full: spaces, icons, banner, its cards per player count and its lines."""
    other = _other_game(game)
    gd = _data("standard", other)
    loc = gd.location(name, field="NAME")
    tables = _own_tables(other)
    if tables is not None:
        return tables.location(gd, loc, fmt == Format.json)
    d = _location_dict(gd, loc)
    if fmt == Format.json:
        emit_json({"location": d})
        return
    t = _table(f"{loc.name} ({KIND_LABEL[loc.kind]})", header=False)
    t.add_column("")
    t.add_column("")
    t.add_row("Key", loc.key)
    if loc.aliases:
        t.add_row("Also accepted", ", ".join(loc.aliases))
    # numbered as positions and actions name them (tile@town#N, space=N), from 0
    t.add_row("Spaces", "; ".join(f"#{i} {_space_label(s)}" for i, s in enumerate(d["spaces"])) or "none")
    t.add_row("Printed link icons", str(loc.link_icons))
    t.add_row("Market trade icon", _yes(loc.trade_icon))
    if loc.kind == "town":
        t.add_row("Card banner", loc.banner or "other (cards at every player count)")
        t.add_row(
            "Location cards 4p/3p/2p (box)",
            "/".join(str(d["cards"][str(c)]) for c in (4, 3, 2)) + f" ({d['cards']['classic']})",
        )
    else:
        t.add_row("Location cards", "none (no Location card exists)")
    t.add_row("Reached by", "rail only (no canal line)" if d["rail_only"] else "canal and rail")
    _show(t)
    lt = _table(f"Lines from {loc.name}")
    for col in ("To", "Line", "Canal", "Rail"):
        lt.add_column(col)
    for x in d["lines"]:
        lt.add_row(x["to_name"], x["key"].replace("~", "-"), _yes(x["canal"]), _yes(x["rail"]))
    _show(lt)


@app.command("lines")
@handles_input_errors
def lines(
    era: Era | None = typer.Option(None, "--era", "-e", help="Only the lines that allow this link type."),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """Every link line and whether it takes a canal, a rail or either."""
    other = _other_game(game)
    gd = _data("standard", other)
    tables = _own_tables(other)
    if tables is not None:
        return tables.lines(gd, era.value if era else None, fmt == Format.json)
    rows = sorted(gd.lines.values(), key=lambda ln: (gd.locations[ln.a].name, gd.locations[ln.b].name))
    if era is not None:
        rows = [ln for ln in rows if ln.allows(era.value)]
    if fmt == Format.json:
        emit_json(
            {
                "era": era.value if era else None,
                "lines": [_line_dict(gd, ln) for ln in rows],
                "counts": {
                    "lines": len(rows),
                    "canal": sum(ln.canal for ln in rows),
                    "rail": sum(ln.rail for ln in rows),
                },
            }
        )
        return
    what = f" allowing {era.value}" if era else ""
    t = _table(
        f"{len(rows)} link lines{what}: {sum(ln.canal for ln in rows)} take a canal, "
        f"{sum(ln.rail for ln in rows)} a rail",
        f"Write a line as 'from-to' in notation, e.g. '{_examples().LINE}'.",
    )
    for col in ("#", "Line", "From", "To", "Canal", "Rail"):
        t.add_column(col)
    for i, ln in enumerate(rows, 1):
        t.add_row(
            str(i),
            ln.key.replace("~", "-"),
            gd.locations[ln.a].name,
            gd.locations[ln.b].name,
            _yes(ln.canal),
            _yes(ln.rail),
        )
    _show(t)


@app.command("mat")
@handles_input_errors
def mat(variant: str = VARIANT_OPTION, fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION) -> None:
    """The player mat: every tile level with its count, cost, coal, iron, VP, income and eras."""
    other = _other_game(game)
    tables = _own_tables(other)
    if tables is not None:
        return tables.mat(_data(variant, other), fmt == Format.json)
    gd = _data(variant, other)
    tiles = [t for ind in _industries() for t in gd.mat[ind]]
    per_industry = {ind: sum(t.count for t in gd.mat[ind]) for ind in _industries()}
    if fmt == Format.json:
        emit_json(
            {
                "variant": gd.variant,
                "links_per_player": gd.links_per_player,
                "tiles_per_player": sum(per_industry.values()),
                "tiles_per_industry": per_industry,
                "tiles": [_tile_dict(t) for t in tiles],
            }
        )
        return
    counts = ", ".join(f"{gd.industry_names[i]} {n}" for i, n in per_industry.items())
    t = _table(
        f"Player mat ({gd.variant} rules): {sum(per_industry.values())} industry tiles "
        f"({counts}) and {gd.links_per_player} link tiles per player",
        "Income is in Progress Track spaces; cubes are loaded when the tile is built.\n"
        "Eras: where the tile may be built; 'never' = develop it away.",
    )
    for col in (
        "Industry",
        "Level",
        "Tiles",
        "£",
        "Coal",
        "Iron",
        "VP",
        "Income",
        "Link icons",
        "Cubes",
        "Eras",
    ):
        t.add_column(col, justify="left" if col in ("Industry", "Eras") else "right")
    for x in tiles:
        if not x.eras:  # never built (level 0 shipyards): nothing printed for it matters
            values = ["–"] * 7
        else:
            values = [
                str(x.cost),
                str(x.coal),
                str(x.iron),
                str(x.vp),
                f"+{x.income}",
                str(x.link_icons),
                str(x.cubes or "–"),
            ]
        t.add_row(
            gd.industry_names[x.industry],
            str(x.level),
            str(x.count),
            *values,
            " + ".join(x.eras) if x.eras else "never",
        )
    _show(t)


@app.command("deck")
@handles_input_errors
def deck(
    players: int | None = typer.Option(
        None, "--players", "-p", min=2, max=4, help="Show the deck for 2, 3 or 4 players."
    ),
    variant: str = VARIANT_OPTION,
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """The cards: per player count (Lancashire: and the 66-card box; Birmingham: and the wild cards
    and merchant tiles), or the deck for --players N."""
    other = _other_game(game)
    tables = _own_tables(other)
    if tables is not None:
        return tables.deck(_data(variant, other), players, fmt == Format.json)
    gd = _data(variant, other)
    order = _card_order(gd)
    if players is None:
        totals = {str(c): sum(gd.deck[c].values()) for c in DECK_COLUMNS}
        if fmt == Format.json:
            emit_json(
                {
                    "variant": gd.variant,
                    "players": None,
                    "totals": totals,
                    "read_manual_cards": list(gd.read_manual_cards),
                    "cards": [
                        {
                            "card": k,
                            "name": _card_name(gd, k),
                            "kind": "location" if k in gd.locations else "industry",
                            "counts": {str(c): gd.deck[c].get(k, 0) for c in DECK_COLUMNS},
                        }
                        for k in order
                    ],
                }
            )
            return
        t = _table(
            f"Cards: {totals['4']} / {totals['3']} / {totals['2']} at 4 / 3 / 2 players; "
            f"{totals['classic']} in the box",
            "Box = the Classic 66-card deck, including the two read-manual cards ("
            + " and ".join(gd.industry_names[c] for c in gd.read_manual_cards)
            + ").",
        )
        for col in ("Card", "Banner", "4p", "3p", "2p", "Box"):
            t.add_column(col, justify="right" if col[0].isdigit() or col == "Box" else "left")
        for k in order:
            banner = (gd.locations[k].banner or "") if k in gd.locations else "industry"
            t.add_row(_card_name(gd, k), banner, *(str(gd.deck[c].get(k, 0)) for c in DECK_COLUMNS))
        t.add_row("Total", "", *(str(totals[str(c)]) for c in DECK_COLUMNS), style="bold")
        _show(t)
        return

    cards = gd.deck_for(players)
    rr = gd.variant_rules.get("random_removal") or {}
    removal = rr.get(players) or rr.get(str(players))
    classic = removal is not None  # the Classic 3-4 player deck setup (Q005, Q131)
    total = sum(cards.values())
    under = dict(gd.deck_tile_cards_per_player)
    rounds = gd.rounds_per_era.get(players)
    doc = {
        "variant": gd.variant,
        "players": players,
        "total": total,
        "rounds_per_era": rounds,
        "cards_under_deck_tile_per_player": None if classic else under,
        "random_removal": removal,
        "cards": [
            {
                "card": k,
                "name": _card_name(gd, k),
                "kind": "location" if k in gd.locations else "industry",
                "count": cards[k],
            }
            for k in order
            if cards.get(k)
        ],
    }
    if fmt == Format.json:
        emit_json(doc)
        return
    if removal is not None:  # classic
        note = (
            f"Classic deck: all {total} cards; Canal Era {removal['canal_under_deck_tile']} under "
            f"the Deck tile, Rail Era {removal['rail_removed']} removed at random."
        )
    else:
        note = (
            f"Deck tile: {under['canal']} card per player beneath it in the Canal Era (not drawn), "
            f"{under['rail']} per player in the Rail Era (drawn)."
        )
    t = _table(
        f"Deck for {players} players ({gd.variant} rules): {total} cards, {rounds} rounds per era", note
    )
    t.add_column("Card")
    t.add_column("Cards", justify="right")
    for row in doc["cards"]:
        t.add_row(row["name"], str(row["count"]))
    t.add_row("Total", str(total), style="bold")
    _show(t)


@app.command("tracks")
@handles_input_errors
def tracks(
    variant: str = VARIANT_OPTION, fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION
) -> None:
    """The markets, the Progress Track and the setup numbers; Lancashire's Distant Cotton Market
    track and tiles, Birmingham's link costs and loans."""
    other = _other_game(game)
    tables = _own_tables(other)
    if tables is not None:
        return tables.tracks(_data(variant, other), fmt == Format.json)
    gd = _data(variant, other)
    dcm = {str(n): list(gd.dcm_tiles_for(n)) for n in (4, 3, 2)}
    income = _income_rows(gd)
    doc = {
        "variant": gd.variant,
        "coal_market": list(gd.coal_market),
        "iron_market": list(gd.iron_market),
        "market_empty_price": gd.market_empty_price,
        "dcm_track": [*gd.dcm_track, "X"],
        "dcm_tiles": dcm,
        "income_track": income,
        "setup": {
            "start_money": gd.start_money,
            "start_income_space": gd.start_income_space,
            "start_income_level": gd.income_level(gd.start_income_space),
            "hand_size": gd.hand_size,
            "rounds_per_era": {str(k): v for k, v in gd.rounds_per_era.items()},
            "deck_tile_cards_per_player": dict(gd.deck_tile_cards_per_player),
        },
    }
    if fmt == Format.json:
        emit_json(doc)
        return
    out = _console()
    mt = _table(
        f"Coal and Iron Markets: {len(gd.coal_market)} and {len(gd.iron_market)} spaces, "
        f"all filled at setup; £{gd.market_empty_price} a cube once empty",
        "Buy the cheapest cube first; a new mine or works sells into the dearest empty space.",
    )
    for col in ("Space", "Coal £", "Iron £"):
        mt.add_column(col, justify="right")
    for i, (c, f) in enumerate(zip(gd.coal_market, gd.iron_market), 1):
        mt.add_row(str(i), str(c), str(f))
    mt.add_row("empty", str(gd.market_empty_price), str(gd.market_empty_price))
    _show(mt, out)

    dt = _table(
        "Distant Cotton Market track (the marker starts on space 1)",
        "Bonus in Progress Track spaces beside the marker's new space; X ends the Sell action.",
    )
    dt.add_column("Space", justify="right")
    dt.add_column("Bonus", justify="right")
    for i, b in enumerate(doc["dcm_track"], 1):
        dt.add_row(str(i), f"+{b}" if b != "X" else "X")
    _show(dt, out)

    tt = _table(
        f"Distant Cotton Market tiles ({gd.variant} rules); each moves the marker down by its number "
        "(printed -N on the tile; written distant:N in actions)"
    )
    for col in ("Players", "Tiles", "Count"):
        tt.add_column(col)
    for n, tiles in dcm.items():
        tt.add_row(n, " ".join(str(v) for v in tiles), str(len(tiles)))
    _show(tt, out)

    it = _table(
        f"Progress Track: spaces 0-99, income levels {income[0]['level']} to {income[-1]['level']}; "
        f"start on space {gd.start_income_space} (level {gd.income_level(gd.start_income_space)})",
        "A loan drops whole levels and lands on the highest space of the new level.",
    )
    for col in ("Income £", "Spaces", "Highest space"):
        it.add_column(col, justify="right")
    for r in income:
        span = (
            str(r["first_space"])
            if r["first_space"] == r["last_space"]
            else f"{r['first_space']}-{r['last_space']}"
        )
        it.add_row(f"{r['level']:+d}" if r["level"] else "0", span, str(r["last_space"]))
    _show(it, out)
    out.print(
        f"Setup: £{gd.start_money} each, hand of {gd.hand_size}; rounds per era: "
        + ", ".join(f"{k}p {v}" for k, v in sorted(gd.rounds_per_era.items()))
        + "."
    )


@app.command("markets")
@handles_input_errors
def markets(
    variant: str = VARIANT_OPTION, fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION
) -> None:
    """The resource markets alone: each space's price, the price once empty and the cubes at setup."""
    key = _game(game)
    gd = _data(variant, None if game is None else key)
    doc = {
        "game": gd.game,
        "variant": gd.variant,
        "markets": {
            r: {"prices": list(m.prices), "empty_price": m.empty_price, "setup_fill": m.setup_fill}
            for r, m in gd.markets.items()
        },
    }
    if fmt == Format.json:
        emit_json(doc)
        return
    out = _console()
    for r, m in gd.markets.items():
        t = _table(
            f"{r.capitalize()} Market: {len(m.prices)} spaces, {m.setup_fill} filled at setup; "
            f"£{m.empty_price} a cube once empty",
            "Buy the cheapest cube first; cubes sold to the market fill the dearest empty space.",
        )
        t.add_column("Space", justify="right")
        t.add_column("£", justify="right")
        t.add_column("At setup")
        filled = set(range(len(m.prices) - m.setup_fill, len(m.prices)))
        for i, price in enumerate(m.prices):
            t.add_row(str(i + 1), str(price), "cube" if i in filled else "–")
        t.add_row("empty", str(m.empty_price), "")
        _show(t, out)


@app.command("doubts")
@handles_input_errors
def doubts(fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION) -> None:
    """The data values that rest on one source or on inference, and how to check them in your box
    (every game's, or --game's)."""
    from .data.gamedata import doubtful_facts

    games = [_game(game)] if game is not None else _data_games_in_order()
    per_game = {g: [{**d, "game": g} for d in doubtful_facts(g)] for g in games}
    items = [d for g in games for d in per_game[g]]
    if fmt == Format.json:
        emit_json({"doubtful": items})
        return
    out = _console()
    for g in games:
        _doubt_tables(out, g, per_game[g])


def _data_games_in_order() -> list:
    """Every game with data, the default game first."""
    from .games import DEFAULT_GAME

    return sorted(_data_games(), key=lambda g: (g != DEFAULT_GAME, g))


def _doubt_tables(out, game: str, items: list) -> None:
    from .games import DEFAULT_GAME

    what = "" if game == DEFAULT_GAME else f" of {_game_title(game)}"
    out.print(f"{len(items)} doubtful data values{what} (the rest is confirmed by two or more sources):\n")
    for d in items:
        t = _table(f"{d['id']} ({d['file']}, {d['confidence']}): {d['about']}", header=False)
        t.add_column("", style="bold")
        t.add_column("", overflow="fold")
        t.add_row("Chosen", d["chosen"])
        t.add_row("Alternative", d["alternative"])
        t.add_row("Sources", "\n".join(d["sources"]))
        if d.get("found"):
            t.add_row("Found", d["found"])
        t.add_row("Check your box", d["check"])
        _show(t, out)


@app.command("check")
@handles_input_errors
def check(fmt: Format = FORMAT_OPTION, game: str | None = GAME_OPTION) -> None:
    """Validate the data files against their JSON Schemas and each other (exit 1 on findings)."""
    from .data.gamedata import DATA_FILES, validate_data_files

    errors = validate_data_files(_game(game))
    if fmt == Format.json:
        emit_json(
            {
                "ok": not errors,
                "files": [f"{n}.yaml" for n in DATA_FILES],
                "errors": [e.to_dict() for e in errors],
            }
        )
    elif errors:
        import sys

        for e in errors:
            sys.stdout.write(e.render() + "\n")
    else:
        _console().print(
            "data files OK: "
            + ", ".join(f"{n}.yaml" for n in DATA_FILES)
            + " match their schemas and agree with each other"
        )
    if errors:
        raise typer.Exit(int(ExitCode.FINDINGS))


def _game_title(game: str) -> str:
    """The game's name for headings ("Brass: Birmingham")."""
    import importlib

    return getattr(importlib.import_module(f"brass_judge.games.{game}"), "NAME", game)
