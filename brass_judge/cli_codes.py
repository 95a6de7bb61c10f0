"""``brass-judge codes``: every violation code and rule code, explained (like ``ruff rule``).

``codes list`` prints the table (optionally one family); ``codes show CODE`` prints one code in
full: the rule explained, the message and remedy templates, the rulings it cites, and where in the
source it is reported. Mounted by the main CLI as a sub-command group.
"""

from __future__ import annotations

import typer

from .cli_common import FORMAT_OPTION, Format, console, emit_json, handles_input_errors

app = typer.Typer(
    help="Every violation code (POS, TRN, BLD, NET, DEV, SEL, LON, GAM) and rule code (RUL-*) the "
    "engine reports, with the rule explained, its rulings and where it lives in the source.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _is_json(fmt) -> bool:
    return str(getattr(fmt, "value", fmt)) == "json"


GAME_OPTION = typer.Option(
    None,
    "--game",
    "-g",
    help="The game whose table of codes to read: lancashire (the default) or birmingham.",
)


def _game(game: str | None) -> str | None:
    """The game key of ``--game`` (None when not given); an unknown name is an input error."""
    if game is None:
        return None
    from .errors import UnknownNameError, closest, quote
    from .games import known_games

    key = game.strip().lower()
    games = list(known_games())
    if key not in games:
        raise UnknownNameError(
            f"unknown game {quote(game)} (known games: {', '.join(games)})",
            suggestions=closest(key, games) or games,
            field="game",
            code="INP080",
        )
    return key


def _code_dict(c, *, full: bool, game: str | None = None) -> dict:
    from .code_docs import family_of

    d = {
        "code": c.code,
        "name": c.name,
        "family": family_of(c.code)[0],
        "kind": "rule" if c.is_rule else "violation",
        "message": c.message,
        "explanation": c.doc,
        "remedy": c.remedy,
        "rulings": list(c.rulings),
        "rulings_when_they_decide": list(c.may_cite),
        "status": c.status,
    }
    if game is not None:  # another game's table (the default game's output is unchanged)
        d["game"] = game
    if full:
        from .code_docs import reported_in
        from .rulings import load_rulings, rulings_path

        everything = load_rulings(rulings_path(game) if game is not None else None)
        d["ruling_questions"] = {
            q: everything[q].question for q in (*c.rulings, *c.may_cite) if q in everything
        }
        d["reported_in"] = [
            {"file": f"brass_judge/{path}", "line": line, "function": func}
            for path, line, func in reported_in(c.code)
        ]
    return d


@app.command("list")
@handles_input_errors
def list_cmd(
    family: str | None = typer.Option(
        None,
        "--family",
        help="Only one family: POS, TRN, BLD, NET, DEV, SEL, LON, SCT (Birmingham), GAM or RUL.",
    ),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """List the codes: code, name and message (or rule)."""
    from .code_docs import codes_of_family, families_of
    from .errors import UnknownNameError, closest

    key = _game(game)
    families = families_of(key or "lancashire")  # the families this game has codes in
    prefixes = [p for p, _ in families]
    if family is not None and family.upper() not in prefixes:
        raise UnknownNameError(
            f"no code family {family!r} (families: {', '.join(prefixes)})",
            field="--family",
            suggestions=closest(family.upper(), prefixes),
            code="INP080",
        )
    chosen = [(p, t) for p, t in families if family is None or p == family.upper()]
    rows = [c for p, _ in chosen for c in codes_of_family(p, key or "lancashire")]
    if _is_json(fmt):
        emit_json([_code_dict(c, full=False, game=key) for c in rows])
        return
    from rich.markup import escape
    from rich.table import Table

    out = console()
    for prefix, title in chosen:
        table = Table(
            title=f"{prefix}: {title.replace('`', '')}",
            title_justify="left",
            box=None,
            pad_edge=False,
            header_style="bold",
        )
        table.add_column("code", no_wrap=True)
        table.add_column("name", no_wrap=True)
        table.add_column("rule" if prefix == "RUL" else "message")
        for c in codes_of_family(prefix, key or "lancashire"):
            table.add_row(c.code, c.name, escape(c.message))
        out.print(table)
        out.print()
    out.print(f"{len(rows)} code{'s' if len(rows) != 1 else ''}; `brass-judge codes show CODE` explains one")


@app.command("show")
@handles_input_errors
def show_cmd(
    code: str = typer.Argument(
        ...,
        metavar="CODE",
        help="A code (BLD002, bld2, RUL-COAL-MINE, coal-mine) or a check's name (location-outside-network).",
    ),
    fmt: Format = FORMAT_OPTION,
    game: str | None = GAME_OPTION,
) -> None:
    """Show one code: the rule explained, message, remedy, rulings, and where the source reports it.
    Without --game, a code the default game does not have is looked up in the other games'."""
    from .code_docs import family_of, find_code_in_games
    from .games import DEFAULT_GAME

    c, found_in = find_code_in_games(code, _game(game))
    shown_game = None if found_in == DEFAULT_GAME and game is None else found_in
    d = _code_dict(c, full=True, game=shown_game)
    if _is_json(fmt):
        emit_json(d)
        return
    from rich.markup import escape
    from rich.table import Table

    out = console()
    kind = (
        "a rule applied in legal outcomes"
        if c.is_rule
        else f"a violation: {family_of(c.code)[1].split(' (')[0]}"
    )
    of_game = f", {escape(found_in)}" if shown_game is not None else ""
    out.print(f"[bold]{c.code}[/bold]  {c.name}  [dim]({kind}{of_game})[/dim]")
    out.print()

    def listing(rows) -> None:
        grid = Table.grid(padding=(0, 2), pad_edge=False)
        grid.add_column(no_wrap=True)
        grid.add_column()
        for left, right in rows:
            grid.add_row(f"  {left}", escape(right))
        out.print(grid)

    if c.doc:
        out.print(escape(c.doc))
        out.print()
    fields = Table.grid(padding=(0, 2), pad_edge=False)
    fields.add_column(no_wrap=True, style="dim")
    fields.add_column()
    fields.add_row("rule:" if c.is_rule else "message:", escape(c.message))
    if c.remedy:
        fields.add_row("remedy:", escape(c.remedy))
    out.print(fields)
    qs = d["ruling_questions"]
    if c.rulings:
        out.print("[dim]rulings cited whenever it appears:[/dim]")
        listing((q, qs.get(q, "?")) for q in c.rulings)
    if c.may_cite:
        out.print("[dim]rulings cited in the cases they decide:[/dim]")
        listing((q, qs.get(q, "?")) for q in c.may_cite)
    if not c.rulings and not c.may_cite:
        out.print("[dim]rulings:[/dim]  none (the rulebook alone decides it)")
    if d["reported_in"]:
        out.print("[dim]reported in:[/dim]")
        listing((f"{r['file']}:{r['line']}", f"in {r['function']}()") for r in d["reported_in"])
    if shown_game is not None:
        out.print(f"[dim]see also:[/dim]  brass-judge rulings show ID --game {escape(found_in)}")
    else:
        out.print("[dim]see also:[/dim]  brass-judge rulings show QNNN; docs/codes.md")
