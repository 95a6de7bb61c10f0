"""``brass-judge moves`` (the legal actions of a position) and ``brass-judge selfplay`` (a random game).

See docs/moves.md. Heavy imports (the engine, rich, yaml) happen inside the command functions.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from .cli_common import FORMAT_OPTION, Format, emit_json, fail_input
from .errors import ExitCode, InputError, quote


def _kinds(game: str = "lancashire") -> tuple:
    """The action types of *game* (the registry's words, brass_judge/actions.py)."""
    from .actions import action_kinds

    return tuple(k.word for k in action_kinds(game))


def _all_kinds() -> tuple:
    """The action types of every game (Lancashire's first, in its order)."""
    from .games import known_games

    words: dict = {}
    for game in ("lancashire", *known_games()):
        words.update(dict.fromkeys(_kinds(game)))
    return tuple(words)


def _load_position(path: Path):
    """A position file, or a file holding one under ``position:`` (perft files, game logs' starts)."""
    from .data import game_data
    from .position_io import load_position, position_from_doc
    from .yamlio import load_file

    doc = load_file(path, what="position file")
    obj = doc.data
    if isinstance(obj, dict) and "position" in obj and "players" not in obj:
        lp = position_from_doc(doc, None, ("position",))
    else:
        lp = load_position(doc)
    from .games import refuse_unplayed

    refuse_unplayed(lp, "moves")  # a game whose legal moves the engine cannot list yet
    return lp, game_data(lp.position.variant, lp.position.game)


def _parse_kinds(values: list[str] | None, kinds: tuple | None = None) -> list | None:
    """The action types asked for with --type, among *kinds* (before the position is read: every
    game's; then the position's game's, :func:`_kinds`)."""
    if not values:
        return None
    known = _all_kinds() if kinds is None else kinds
    shown = _kinds() if kinds is None else kinds  # (the message lists Lancashire's, as it always did)
    out = []
    for v in values:
        for k in v.split(","):
            k = k.strip().lower()
            if not k:
                continue
            if k not in known:
                from .errors import closest

                raise InputError(
                    f"unknown action type {quote(k)}; expected one of {', '.join(shown)}",
                    field="--type",
                    suggestions=closest(k, shown),
                    code="INP075",
                )
            out.append(k)
    return out


def _kinds_for(values: list[str] | None, position: Path) -> list | None:
    """--type read before the position, as it always was; a word no game knows is reported with
    the position's game's types when the position reads and is not Lancashire's."""
    try:
        return _parse_kinds(values)
    except InputError:
        try:
            game = _load_position(position)[0].position.game
        except InputError:
            game = "lancashire"
        if game != "lancashire":
            _parse_kinds(values, _kinds(game))
        raise


def _money(m) -> str:
    parts = []
    if m.cost:
        parts.append(f"£{m.cost}")
    if m.gain:
        parts.append(f"+£{m.gain}")
    return " ".join(parts) or "–"


def _cards_text(group: dict, data) -> str:
    """'any card', 'any two cards', or 'Bolton or Cotton Mill' (the card names as on the cards)."""
    if group["any_card"]:
        return {2: "any two cards", 3: "any three cards"}.get(group["cards_needed"], "any card")

    def name(key: str) -> str:
        if key in data.locations:
            return str(data.locations[key].name)
        if key in data.industry_names:
            return str(data.industry_names[key])
        wild = data.wild_cards.get(key)  # (Birmingham: the wild cards and the dual industry card)
        return str(wild["name"]) if wild else str(data.card_names.get(key, key))

    return " or ".join(f"{name(c)} (card={c})" for c in group["cards"])


def register(app: typer.Typer) -> None:
    @app.command("moves")
    def moves_cmd(
        position: Path = typer.Argument(..., help="Position file (YAML)."),
        fmt: Format = FORMAT_OPTION,
        kind: list[str] | None = typer.Option(
            None,
            "--type",
            "-t",
            help="Only these action types "
            "(build, network, develop, sell, loan, pass; Brass: Birmingham also scout); repeat or "
            "separate with commas.",
        ),
    ) -> None:
        """List every legal single action of the player to move, grouped by type, with its cost.
        Actions are listed modulo which card is discarded (see docs/moves.md). Exit 0, or 1 when
        the position is impossible, 2 on unusable input."""
        try:
            kinds = _kinds_for(kind, position)
            lp, data = _load_position(position)
            if kinds is not None:
                kinds = _parse_kinds(kind, _kinds(lp.position.game))  # the position's game's types
            from .engine.validate import validate

            problems = validate(lp, data)
            if problems:
                _report_invalid(str(position), problems, fmt)
            from .engine.moves import count_by_kind, legal_moves

            moves = legal_moves(lp.position, data, kinds=kinds)
        except InputError as err:
            raise fail_input(err, fmt) from None
        pos = lp.position
        counts = count_by_kind(moves, pos.game)
        if kinds is not None:
            counts = {k: v for k, v in counts.items() if k in kinds}
        from .engine.moves import group_moves

        groups = group_moves(moves, pos)
        if fmt == Format.json:
            index = {id(m): i for i, m in enumerate(moves)}
            emit_json(
                {
                    "file": str(position),
                    "player": pos.turn,
                    "era": pos.era,
                    "round": pos.round,
                    "actions_left": pos.actions_left,
                    "counts": counts,
                    "total": len(moves),
                    "moves": [m.to_dict() for m in moves],
                    "groups": [
                        {
                            **{k: v for k, v in g.items() if k != "moves"},
                            "moves": [index[id(m)] for m in g["moves"]],
                        }
                        for g in groups
                    ],
                    "assumptions": list(lp.assumptions),
                }
            )
            raise typer.Exit(int(ExitCode.OK))
        from rich.table import Table
        from rich.text import Text

        from .cli_common import console
        from .output import escape_controls as esc

        con = console()
        con.print(
            Text(
                f"{esc(pos.turn)} to move ({pos.era.title()} Era, round {pos.round}, "
                f"{pos.actions_left} action(s) left): {len(moves)} legal action(s)",
                style="bold",
            )
        )
        con.print(Text("  " + ", ".join(f"{k} {v}" for k, v in counts.items()), style="dim"))
        by_kind: dict = {}
        for g in groups:
            by_kind.setdefault(g["type"], []).append(g)
        for k, gs in by_kind.items():
            n = sum(len(g["moves"]) for g in gs)
            table = Table(title=f"{k} ({n})", title_justify="left", show_header=True, header_style="bold")
            table.add_column("action", overflow="fold")
            table.add_column("card(s) that would do", overflow="fold")
            table.add_column("cost", justify="right", no_wrap=True, min_width=5)
            for g in gs:
                table.add_row(Text(esc(g["notation"])), _cards_text(g, data), _money(g["moves"][0]))
            con.print(table)
        if lp.assumptions:
            con.print(Text("Assumptions:", style="bold"))
            for a in lp.assumptions:
                con.print(Text(f"  - {esc(a)}", style="dim"))
        raise typer.Exit(int(ExitCode.OK))

    @app.command("selfplay")
    def selfplay_cmd(
        players: int = typer.Option(2, "--players", "-n", min=2, max=4, help="Number of players (2-4)."),
        seed: int = typer.Option(0, "--seed", "-s", help="Seed: the same seed plays the same game."),
        out: Path | None = typer.Option(
            None,
            "--out",
            "-o",
            help="Write the game log (YAML) here; '-' writes "
            "it to standard output (the scores, text or JSON, then go to "
            "standard error).",
        ),
        fmt: Format = FORMAT_OPTION,
        check_invariants: bool = typer.Option(
            False,
            "--check",
            help="Check the conservation invariants (cubes, money, tiles, links, cards) after every step.",
        ),
        facts: bool = typer.Option(
            False,
            "--facts",
            help="Record the facts after every turn in the log (after: "
            "money, income level, VP), so that replay checks them.",
        ),
        variant: str = typer.Option(
            "standard",
            "--variant",
            "-v",
            help="Rules variant: 'standard' (Roxley), "
            "'classic' (the rulebook's Classic Rules) or 'original' (the 2007 rules); "
            "the log records it. Birmingham: 'standard' or one of its variants (docs/birmingham.md).",
        ),
        game: str = typer.Option(
            "lancashire",
            "--game",
            "-g",
            help="The game to play: lancashire (the default) or birmingham; the log records it.",
        ),
    ) -> None:
        """Play a whole game (both eras) with random legal actions and write it as a game log that
        `replay` reproduces exactly; print the final scores. Exit 0, or 1 when --check finds a
        broken invariant."""
        from .data import game_data
        from .errors import InputError
        from .gamelog import dump_log
        from .selfplay import Ledger, _of_game, play_game, schema_modeline, summary

        if facts and out is None:
            from .cli_common import USAGE_ERROR_CODE

            raise fail_input(
                InputError(
                    "--facts records the facts in the log: give --out FILE (or -o -)", code=USAGE_ERROR_CODE
                ),
                fmt,
            )
        try:
            data = game_data(variant, _selfplay_game(game))
        except InputError as exc:
            raise fail_input(exc, fmt) from None
        problems: list = []
        on_step = None
        if check_invariants:
            ledger = Ledger(data, [])

            def on_step(kind, pos, info) -> None:
                ledger.record(kind, pos, info)
                for msg in ledger.problems(pos):
                    problems.append(f"{pos.era} round {pos.round}, after {kind} {ledger.steps}: {msg}")

        log, pos = play_game(players, seed, data, on_step=on_step)
        to_stdout = out is not None and str(out) == "-"
        text = dump_log(log) if out is not None else ""
        if facts and out is not None:
            from .log_facts import add_facts_to_text

            text = add_facts_to_text(text, data)
        if out is not None:  # a game with its own log schema names it (last line; docs/editors.md)
            text += schema_modeline(data, Path.cwd() if to_stdout else out.parent)
        if to_stdout:
            from .output import write_file

            write_file("-", text, "the game log")
        elif out is not None:
            from .errors import InputError
            from .output import write_file

            try:
                write_file(out, text, "the game log")
            except InputError as err:
                raise fail_input(err, fmt) from None
        board = summary(pos, data)
        n_actions = sum(len(t["actions"]) for t in log["turns"])
        winners = [r["player"] for r in board if r["rank"] == 1]
        if fmt == Format.json:  # with '-o -' the log is on stdout and the report on stderr
            emit_json(
                {
                    **({} if _of_game(data) == "" else {"game": data.game}),
                    "players": players,
                    "seed": seed,
                    "variant": data.variant,
                    "file": str(out) if out else None,
                    "turns": len(log["turns"]),
                    "actions": n_actions,
                    "game_over": pos.game_over,
                    "scores": board,
                    "winners": winners,
                    "problems": problems,
                },
                file=sys.stderr if to_stdout else None,
            )
        else:
            from rich.table import Table
            from rich.text import Text

            from .cli_common import console

            con = console(stderr=to_stdout)
            rules = "" if data.variant == "standard" else f", {data.variant} rules"
            con.print(
                Text(
                    f"self-play{_of_game(data)}, {players} players{rules}, seed {seed}: {len(log['turns'])} turns, "
                    f"{n_actions} actions" + (f"; log written to {_shown(out)}" if out else ""),
                    style="bold",
                )
            )
            table = Table(show_header=True, header_style="bold")
            for col, just in (
                ("rank", "right"),
                ("player", "left"),
                ("VP", "right"),
                ("income", "right"),
                ("money", "right"),
            ):
                table.add_column(col, justify=just)  # type: ignore[arg-type]  # a literal of the tuple above
            for r in board:
                table.add_row(
                    str(r["rank"]), r["player"], str(r["vp"]), str(r["income_level"]), f"£{r['money']}"
                )
            con.print(table)
            con.print(("winner: " if len(winners) == 1 else data.rules.shared_win_text) + ", ".join(winners))
            for msg in problems:
                con.print(Text(f"invariant broken: {msg}", style="red"))
        raise typer.Exit(int(ExitCode.FINDINGS if problems else ExitCode.OK))


def _selfplay_game(game: str) -> str:
    """The game key of ``selfplay --game``: a known game (or one of its aliases) that self-play
    handles (not in its folder's ``UNPLAYED``, and with a ``policy.py``); anything else is an
    input error naming ``--game`` (exit 2)."""
    from importlib.util import find_spec

    from .errors import UnknownNameError, closest
    from .games import handles, known_games, resolve_game

    def has_policy(g: str) -> bool:
        return find_spec(f"{__package__}.games.{g}.policy") is not None

    key = resolve_game(game.strip().lower() if game.strip().lower() in known_games() else game)
    playable = [g for g in known_games() if handles(g, "selfplay") and has_policy(g)]
    if key not in playable:
        if key not in known_games():
            what = f"unknown game {quote(game)}"
        elif handles(key, "selfplay"):
            what = f"self-play does not play the game {quote(game)} yet: its folder has no policy.py"
        else:
            what = f"self-play does not play the game {quote(game)} yet"
        raise UnknownNameError(
            f"{what} (self-play plays: {', '.join(playable)})",
            suggestions=closest(game, playable) or playable,
            field="--game",
        )
    return key


def _shown(path) -> str:
    from .output import escape_controls

    return "standard output" if str(path) == "-" else escape_controls(path)


def _report_invalid(file: str, problems, fmt) -> None:
    from .output import escape_controls
    from .report import findings_text, violation_dict

    if fmt == Format.json:
        emit_json(
            {
                "file": file,
                "valid": False,
                "verdict": "invalid-position",
                "problems": [violation_dict(v, file) for v in problems],
            }
        )
    else:
        sys.stdout.write(
            f"{escape_controls(file)}: impossible position ({len(problems)} problem(s)); no moves listed\n"
        )
        findings_text(file, problems)
    raise typer.Exit(int(ExitCode.FINDINGS))
