"""``brass-judge data map|location|lines|mat|deck|tracks --game birmingham``: Birmingham's data as tables or JSON.

Birmingham's data has what Lancashire's lacks (beer, merchants, farm breweries, wild cards, the
dual Cotton Mill / Manufacturer card, merchant tiles) and lacks the Distant Cotton Market and the
Classic box deck, so it has tables of its own; the layout helpers are the shared ones of
:mod:`brass_judge.cli_data`. Imported only by those commands.
"""

from __future__ import annotations

from ...cli_common import emit_json
from ...games import examples

PLAYERS = (4, 3, 2)
ICON = {
    "cotton_mill": "Cot",
    "manufacturer": "Man",
    "pottery": "Pot",
    "coal_mine": "Coal",
    "iron_works": "Iron",
    "brewery": "Beer",
}
KIND_LABEL = {"town": "town", "farm-brewery": "farm brewery", "merchant": "merchant"}
BONUS = {
    "vp": "{n} VP",
    "money": "£{n}",
    "income": "+{n} income spaces",
    "develop": "free Develop ({n} tile)",
}


def _cli():
    from ... import cli_data

    return cli_data


def _yes(b: bool) -> str:
    return "yes" if b else "–"


def _spaces(gd, loc) -> list:
    return [[i for i in gd.industries if i in s.industries] for s in loc.spaces]


def _location_dict(gd, loc) -> dict:
    lines = sorted(
        gd.lines_at(loc.key), key=lambda ln: tuple(gd.locations[e].name for e in ln.others(loc.key))
    )
    d = {
        "key": loc.key,
        "name": loc.name,
        "kind": loc.kind,
        "spaces": _spaces(gd, loc),
        "link_icons": loc.link_icons,
        "trade_icon": loc.trade_icon,
        "banner": loc.banner,
        "aliases": list(loc.aliases),
        "rail_only": not any(ln.canal for ln in lines),
        "cards": {str(n): gd.deck[n].get(loc.key, 0) for n in PLAYERS} if loc.kind == "town" else None,
        "lines": [
            {
                "key": ln.key,
                "to": list(ln.others(loc.key)),
                "to_name": " / ".join(gd.locations[e].name for e in ln.others(loc.key)),
                "canal": ln.canal,
                "rail": ln.rail,
            }
            for ln in lines
        ],
    }
    if loc.kind == "merchant":
        d["merchant_spaces"] = [sorted(c) for c in loc.merchant_spaces]
        d["barrel_spaces"] = loc.barrel_spaces
        d["bonus"] = {"kind": loc.bonus[0], "amount": loc.bonus[1]} if loc.bonus else None
    return d


def _counts(gd) -> dict:
    kinds = [l.kind for l in gd.locations.values()]
    return {
        "locations": len(kinds),
        "towns": kinds.count("town"),
        "farm_breweries": kinds.count("farm-brewery"),
        "merchants": kinds.count("merchant"),
        "lines": len(gd.lines),
        "canal_lines": sum(ln.canal for ln in gd.lines.values()),
        "rail_lines": sum(ln.rail for ln in gd.lines.values()),
        "spaces": sum(len(l.spaces) for l in gd.locations.values()),
    }


def _mode(ln) -> str:
    return "c+r" if ln.canal and ln.rail else ("c" if ln.canal else "r")


def map_(gd, as_json: bool) -> None:
    locs = sorted(gd.locations.values(), key=lambda l: (list(KIND_LABEL).index(l.kind), l.name))
    c = _counts(gd)
    if as_json:
        emit_json({"game": gd.game, "locations": [_location_dict(gd, l) for l in locs], "counts": c})
        return
    cli = _cli()
    t = cli._table(
        f"{cli._game_title(gd.game)}: {c['locations']} locations ({c['towns']} towns, {c['farm_breweries']} farm "
        f"breweries, {c['merchants']} merchants), {c['lines']} lines, {c['spaces']} industry spaces",
        "Spaces: Cot cotton mill, Man manufacturer, Pot pottery, Coal coal mine, Iron iron works, Beer brewery;"
        " Cot/Man is a shared space.\nLines: c = canal only, r = rail only, c+r = either. "
        "Banner: blue = no cards at 2p, teal = none at 2p or 3p. Merchant tile spaces: players printed on each.",
    )
    for col in ("Location", "Kind", "Spaces", "Link icons", "Trade icon", "Banner", "Merchant", "Lines"):
        t.add_column(col)
    for l in locs:
        d = _location_dict(gd, l)
        merchant = "–"
        if l.kind == "merchant":
            pips = ", ".join("/".join(str(n) for n in sorted(c)) + "p" for c in l.merchant_spaces)
            bonus = BONUS[l.bonus[0]].format(n=l.bonus[1]) if l.bonus else "none"
            merchant = f"spaces {pips}; {l.barrel_spaces} barrels; bonus {bonus}"
        t.add_row(
            l.name,
            KIND_LABEL[l.kind],
            ", ".join("/".join(ICON[i] for i in s) for s in d["spaces"]) or "–",
            str(l.link_icons or "–"),
            _yes(l.trade_icon),
            l.banner or "–",
            merchant,
            ", ".join(f"{x['to_name']} {_mode(gd.lines[x['key']])}" for x in d["lines"]),
        )
    cli._show(t)


def _tile_dict(t) -> dict:
    return {
        "industry": t.industry,
        "level": t.level,
        "count": t.count,
        "cost": t.cost,
        "coal": t.coal,
        "iron": t.iron,
        "beer": t.beer,
        "vp": t.vp,
        "income": t.income,
        "link_icons": t.link_icons,
        "cubes": t.cubes,
        "barrels": dict(t.barrels),
        "lightbulb": t.lightbulb,
        "flips_when": t.flips_when,
        "eras": list(t.eras),
    }


def mat(gd, as_json: bool) -> None:
    tiles = [t for ind in gd.industries for t in gd.mat[ind]]
    per_industry = {ind: sum(t.count for t in gd.mat[ind]) for ind in gd.industries}
    if as_json:
        emit_json(
            {
                "game": gd.game,
                "variant": gd.variant,
                "links_per_player": gd.links_per_player,
                "tiles_per_player": sum(per_industry.values()),
                "tiles_per_industry": per_industry,
                "tiles": [_tile_dict(t) for t in tiles],
            }
        )
        return
    cli = _cli()
    counts = ", ".join(f"{gd.industry_names[i]} {n}" for i, n in per_industry.items())
    t = cli._table(
        f"Player mat ({gd.variant} rules): {sum(per_industry.values())} industry tiles "
        f"({counts}) and {gd.links_per_player} link tiles per player",
        "Income is in Progress Track spaces; Beer: barrels needed to sell the tile; cubes and barrels are "
        "loaded when the tile is built (barrels by the era it is built in).\n"
        "Lightbulb: the tile can never be developed away.",
    )
    for col in ("Industry", "Level", "Tiles", "£", "Coal", "Iron", "Beer", "VP", "Income", "Link icons"):
        t.add_column(col, justify="left" if col == "Industry" else "right")
    for col in ("Cubes / barrels", "Lightbulb", "Eras"):
        t.add_column(col)
    for x in tiles:
        load = str(x.cubes) if x.cubes else (", ".join(f"{n} {era}" for era, n in x.barrels) or "–")
        t.add_row(
            gd.industry_names[x.industry],
            str(x.level),
            str(x.count),
            str(x.cost),
            str(x.coal),
            str(x.iron),
            str(x.beer or "–"),
            str(x.vp),
            f"+{x.income}",
            str(x.link_icons),
            load,
            _yes(x.lightbulb),
            " + ".join(x.eras),
        )
    cli._show(t)


def _card_order(gd) -> list:
    towns = sorted(
        (k for k, v in gd.locations.items() if v.kind == "town"), key=lambda k: gd.locations[k].name
    )
    cards = {k for col in gd.deck.values() for k in col}
    return towns + [k for k in (*gd.industries, *gd.card_builds) if k in cards]


def _card_name(gd, key: str) -> str:
    if key in gd.locations:
        return gd.locations[key].name
    return gd.card_names.get(key) or gd.industry_names[key]


def _kind(gd, key: str) -> str:
    return "location" if key in gd.locations else "industry"


def deck(gd, players: int | None, as_json: bool) -> None:
    order = _card_order(gd)
    wild = [
        {"card": k, "name": v["name"], "count": v["count"], "stands_for": v["stands_for"]}
        for k, v in gd.wild_cards.items()
    ]
    cli = _cli()
    if players is None:
        totals = {str(n): sum(gd.deck[n].values()) for n in PLAYERS}
        doc = {
            "game": gd.game,
            "variant": gd.variant,
            "players": None,
            "totals": totals,
            "cards": [
                {
                    "card": k,
                    "name": _card_name(gd, k),
                    "kind": _kind(gd, k),
                    "builds": list(gd.card_builds.get(k, () if k in gd.locations else (k,))),
                    "counts": {str(n): gd.deck[n].get(k, 0) for n in PLAYERS},
                }
                for k in order
            ],
            "wild_cards": wild,
            "merchant_tiles": [
                {"tile": face, "buys": list(v["buys"]), "counts": {str(n): v.get(n, 0) for n in PLAYERS}}
                for face, v in gd.merchant_tiles.items()
            ],
        }
        if as_json:
            emit_json(doc)
            return
        t = cli._table(
            f"Cards: {totals['4']} / {totals['3']} / {totals['2']} at 4 / 3 / 2 players",
            "Setup removes every card showing a player count above yours; nothing is removed at random.",
        )
        for col in ("Card", "Banner", "4p", "3p", "2p"):
            t.add_column(col, justify="right" if col[0].isdigit() else "left")
        for k in order:
            banner = (gd.locations[k].banner or "") if k in gd.locations else "industry"
            t.add_row(_card_name(gd, k), banner, *(str(gd.deck[n].get(k, 0)) for n in PLAYERS))
        t.add_row("Total", "", *(str(totals[str(n)]) for n in PLAYERS), style="bold")
        cli._show(t)
        _wild_and_merchants(cli, gd, wild, None)
        return
    cards = gd.deck_for(players)
    total = sum(cards.values())
    doc = {
        "game": gd.game,
        "variant": gd.variant,
        "players": players,
        "total": total,
        "rounds_per_era": gd.rounds_per_era.get(players),
        "face_down_discard_per_player": dict(gd.face_down_discard_per_player),
        "cards": [
            {"card": k, "name": _card_name(gd, k), "kind": _kind(gd, k), "count": cards[k]}
            for k in order
            if cards.get(k)
        ],
        "wild_cards": wild,
        "merchant_tiles": {face: v.get(players, 0) for face, v in gd.merchant_tiles.items()},
    }
    if as_json:
        emit_json(doc)
        return
    fd = gd.face_down_discard_per_player
    t = cli._table(
        f"Deck for {players} players ({gd.variant} rules): {total} cards, {doc['rounds_per_era']} rounds per era",
        f"Each player puts {fd.get('canal', 0)} card face down on their discard pile at the start of the "
        f"Canal Era, {fd.get('rail', 0)} in the Rail Era.",
    )
    t.add_column("Card")
    t.add_column("Cards", justify="right")
    for row in doc["cards"]:
        t.add_row(row["name"], str(row["count"]))
    t.add_row("Total", str(total), style="bold")
    cli._show(t)
    _wild_and_merchants(cli, gd, wild, players)


def _wild_and_merchants(cli, gd, wild: list, players: int | None) -> None:
    wt = cli._table("Wild cards (two face-up piles beside the deck, not in it)")
    for col in ("Card", "Cards", "Plays as"):
        wt.add_column(col)
    for w in wild:
        wt.add_row(w["name"], str(w["count"]), f"any {w['stands_for']}")
    cli._show(wt)
    counts = PLAYERS if players is None else (players,)
    mt = cli._table("Merchant tiles" + (f" at {players} players" if players else ""))
    mt.add_column("Tile")
    mt.add_column("Buys")
    for n in counts:
        mt.add_column(f"{n}p", justify="right")
    for face, v in gd.merchant_tiles.items():
        buys = ", ".join(gd.industry_names[i] for i in v["buys"]) or "nothing (blank)"
        mt.add_row(face, buys, *(str(v.get(n, 0)) for n in counts))
    cli._show(mt)


def tracks(gd, as_json: bool) -> None:
    from ...cli_data import _income_rows

    income = _income_rows(gd)
    markets = {
        r: {"prices": list(m.prices), "empty_price": m.empty_price, "setup_fill": m.setup_fill}
        for r, m in gd.markets.items()
    }
    doc = {
        "game": gd.game,
        "variant": gd.variant,
        "markets": markets,
        "link_costs": {era: {str(n): c for n, c in v.items()} for era, v in gd.link_costs.items()},
        "link_resources": {
            era: {str(n): dict(r) for n, r in v.items()} for era, v in gd.link_resources.items()
        },
        "loans": dict(gd.loans, amounts=list(gd.loans.get("amounts", ()))),
        "income_track": income,
        "setup": {
            "start_money": gd.start_money,
            "start_income_space": gd.start_income_space,
            "start_income_level": gd.income_level(gd.start_income_space),
            "hand_size": gd.hand_size,
            "rounds_per_era": {str(k): v for k, v in gd.rounds_per_era.items()},
            "face_down_discard_per_player": dict(gd.face_down_discard_per_player),
            "actions_per_turn": gd.actions_per_turn,
            "first_round_actions": gd.first_round_actions,
        },
    }
    if as_json:
        emit_json(doc)
        return
    cli = _cli()
    out = cli._console()
    for r, m in gd.markets.items():
        mt = cli._table(
            f"{r.capitalize()} Market: {len(m.prices)} spaces, {m.setup_fill} filled at setup; "
            f"£{m.empty_price} a cube once empty"
        )
        mt.add_column("Space", justify="right")
        mt.add_column("£", justify="right")
        for i, price in enumerate(m.prices, 1):
            mt.add_row(str(i), str(price))
        mt.add_row("empty", str(m.empty_price))
        cli._show(mt, out)
    lt = cli._table("Links: cost of one Network action by links built, and what they consume")
    for col in ("Era", "Links", "£", "Consumes"):
        lt.add_column(col)
    for era, costs in gd.link_costs.items():
        for n, c in costs.items():
            res = gd.link_resources.get(era, {}).get(n, {})
            lt.add_row(era, str(n), str(c), ", ".join(f"{k} {v}" for k, v in res.items()) or "–")
    cli._show(lt, out)
    it = cli._table(
        f"Progress Track: spaces 0-{gd.track_last_space}, income levels {income[0]['level']} to "
        f"{income[-1]['level']}; start on space {gd.start_income_space} "
        f"(level {gd.income_level(gd.start_income_space)})",
        f"A loan of £{', £'.join(str(a) for a in gd.loans.get('amounts', ()))} drops "
        f"{gd.loans.get('levels_per_loan', '?')} levels and lands on the highest space of the new level.",
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
    cli._show(it, out)
    out.print(
        f"Setup: £{gd.start_money} each, hand of {gd.hand_size}, {gd.actions_per_turn} actions a turn "
        f"({gd.first_round_actions} in the first round of the Canal Era); rounds per era: "
        + ", ".join(f"{k}p {v}" for k, v in sorted(gd.rounds_per_era.items()))
        + "."
    )


def _line_notation(gd, ln) -> str:
    """How actions and positions write the line: ``a-b``; the line with three ends by its two towns."""
    towns = [e for e in ln.ends if gd.locations[e].kind == "town"]
    ends = towns[:2] if len(ln.ends) > 2 and len(towns) >= 2 else list(ln.ends)
    return "-".join(ends)


def location(gd, loc, as_json: bool) -> None:
    d = _location_dict(gd, loc)
    if as_json:
        emit_json({"game": gd.game, "location": d})
        return
    cli = _cli()
    t = cli._table(f"{loc.name} ({KIND_LABEL[loc.kind]})", header=False)
    t.add_column("")
    t.add_column("")
    t.add_row("Key", loc.key)
    if loc.aliases:
        t.add_row("Also accepted", ", ".join(loc.aliases))
    # numbered as positions and actions name them (tile@town#N, space=N), from 0
    spaces = "; ".join(f"#{i} " + "/".join(ICON[x] for x in s) for i, s in enumerate(d["spaces"]))
    t.add_row("Spaces", spaces or "none")
    t.add_row("Printed link icons", str(loc.link_icons))
    if loc.kind == "town":
        t.add_row("Card banner", loc.banner or "other (cards at every player count)")
        t.add_row("Location cards 4p/3p/2p", "/".join(str(d["cards"][str(n)]) for n in PLAYERS))
    else:
        t.add_row("Location cards", "none (no Location card exists)")
    if loc.kind == "merchant":
        pips = "; ".join(
            f"#{i} at " + "/".join(str(n) for n in sorted(c)) + " players"
            for i, c in enumerate(loc.merchant_spaces)
        )
        t.add_row("Merchant tile spaces", f"{len(loc.merchant_spaces)} ({pips})")
        t.add_row("Barrels at setup", f"{loc.barrel_spaces} (one beside each tile that is not blank)")
        t.add_row("Barrel bonus", BONUS[loc.bonus[0]].format(n=loc.bonus[1]) if loc.bonus else "none")
    t.add_row("Reached by", "rail only (no canal line)" if d["rail_only"] else "canal and rail")
    cli._show(t)
    lt = cli._table(f"Lines from {loc.name}")
    for col in ("To", "Line", "Canal", "Rail"):
        lt.add_column(col)
    for x in d["lines"]:
        lt.add_row(x["to_name"], _line_notation(gd, gd.lines[x["key"]]), _yes(x["canal"]), _yes(x["rail"]))
    cli._show(lt)


def lines(gd, era: str | None, as_json: bool) -> None:
    rows = sorted(gd.lines.values(), key=lambda ln: tuple(gd.locations[e].name for e in ln.ends))
    if era is not None:
        rows = [ln for ln in rows if ln.allows(era)]
    if as_json:
        emit_json(
            {
                "game": gd.game,
                "era": era,
                "lines": [
                    {
                        "key": ln.key,
                        "notation": _line_notation(gd, ln),
                        "ends": list(ln.ends),
                        "names": [gd.locations[e].name for e in ln.ends],
                        "canal": ln.canal,
                        "rail": ln.rail,
                    }
                    for ln in rows
                ],
                "counts": {
                    "lines": len(rows),
                    "canal": sum(ln.canal for ln in rows),
                    "rail": sum(ln.rail for ln in rows),
                },
            }
        )
        return
    cli = _cli()
    what = f" allowing {era}" if era else ""
    t = cli._table(
        f"{len(rows)} link lines{what}: {sum(ln.canal for ln in rows)} take a canal, "
        f"{sum(ln.rail for ln in rows)} a rail",
        f"Write a line as 'from-to' in notation, e.g. '{examples(gd.game).LINE}'; a line with three ends "
        "by its two towns.",
    )
    for col in ("#", "Line", "Ends", "Canal", "Rail"):
        t.add_column(col)
    for i, ln in enumerate(rows, 1):
        t.add_row(
            str(i),
            _line_notation(gd, ln),
            " / ".join(gd.locations[e].name for e in ln.ends),
            _yes(ln.canal),
            _yes(ln.rail),
        )
    cli._show(t)
